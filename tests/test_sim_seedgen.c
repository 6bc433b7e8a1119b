/* The generators modelled on named kernels (sim/trace/tracegen.c; docs/sim.md "Generators"):
 * - atax (PolyBench ATAX kernel 1, seed 002 Table 4): every A load is 32 line requests, one per
 *   thread's row, each touching the sub-block of its column; per SM the read stream is rd1-heavy
 *   in Table 2's 16 KB (16 sets x 8 ways) L1, as the seed's Fig. 15(b) says of ATAX;
 * - lud (Rodinia lud_internal, seed 003 sec. 2.2): the panel tiles are read by several SMs (the
 *   row/column dependency), every load is two lines of one 16-float tile row pair;
 * - neither is part of the mix (the default workload is unchanged: test_sim_regress). */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu.h"
#include "reuse.h"
#include "sim_test_util.h"
#include "trace/tracegen.h"

static void generate(const char *pattern, sim_config *cfg, unsigned per_warp, trace_t *t) {
    trace_init(t);
    char err[512];
    if (!tracegen(pattern, cfg, &img, per_warp, t, err, sizeof err)) fail_msg("%s", err);
}

static void test_atax_is_rd1_heavy(void **state) {
    (void)state;
    sim_config cfg;
    sim_test_base_config(&cfg);
    cfg.sms = 2;
    cfg.warps_per_sm = 48;
    trace_t t;
    generate("atax", &cfg, 16, &t);
    unsigned wide = 0;
    for (size_t i = 0; i < t.nin; i++) {
        const trace_inst *in = &t.in[i];
        if (in->op != OP_LD || in->nacc == 1) continue;
        assert_int_equal(in->nacc, 32);
        wide++;
        for (unsigned k = 1; k < 32; k++) {
            const trace_access *a = &t.a[in->first_acc], *b = &t.a[in->first_acc + k];
            assert_int_equal(b->addr - a->addr, (uint64_t)k * 2048);       /* row k of the warp's 32 */
            assert_int_equal(b->mask, a->mask);
        }
    }
    assert_int_equal(wide, 2 * 48 * 8);                                   /* 8 columns per warp, per SM */
    uint64_t rd[3] = {0};
    for (unsigned sm = 0; sm < cfg.sms; sm++) {
        uint64_t *line = malloc(t.count * sizeof *line);
        size_t n = 0;
        for (size_t i = 0; i < t.count; i++)
            if (t.a[i].sm == sm && !t.a[i].write) line[n++] = t.a[i].addr >> 7;
        reuse_report r;
        assert_int_equal(reuse_analyze(line, n, 16, 8, &r, NULL, NULL), NP_OK);
        for (unsigned k = 0; k < 3; k++) rd[k] += r.rd_set[k];
        free(line);
    }
    assert_true(rd[1] > 4 * (rd[0] + rd[2]));                              /* rd1 above 80% */
    trace_free(&t);
}

static void test_lud_panels_are_shared(void **state) {
    (void)state;
    sim_config cfg;
    sim_test_base_config(&cfg);
    trace_t t;
    generate("lud", &cfg, 8, &t);
    /* per line: the set of SMs reading it (56 SMs: one 64-bit mask) */
    const mem_region *r = memimg_find(&img, "lud");
    assert_non_null(r);
    size_t lines = 512 * 512 * 4 / 128;
    uint64_t *readers = calloc(lines, sizeof *readers);
    for (size_t i = 0; i < t.nin; i++) {
        const trace_inst *in = &t.in[i];
        if (in->op != OP_LD && in->op != OP_ST) continue;
        assert_int_equal(in->nacc, 2);
        const trace_access *a = &t.a[in->first_acc];
        assert_int_equal(a[1].addr - a[0].addr, 2048);                    /* two consecutive matrix rows */
        assert_true(a[0].mask == 0x3 || a[0].mask == 0xC);                 /* 16 floats: half a line */
        for (unsigned k = 0; k < 2 && in->op == OP_LD; k++) {
            uint64_t l = (a[k].addr - r->base) / 128;
            assert_true(l < lines);
            readers[l] |= UINT64_C(1) << a[k].sm;
        }
    }
    size_t read = 0, shared = 0;
    for (size_t l = 0; l < lines; l++) {
        read += readers[l] != 0;
        shared += __builtin_popcountll(readers[l]) >= 2;
    }
    assert_true(read > 0 && 2 * shared > read);                            /* most lines: several SMs */
    free(readers);
    trace_free(&t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_atax_is_rd1_heavy),
        cmocka_unit_test(test_lud_panels_are_shared),
    };
    return cmocka_run_group_tests_name("sim_seedgen", tests, sim_test_group_setup, sim_test_group_teardown);
}
