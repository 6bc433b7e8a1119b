/* The L1 sweep of seed 002 (sim/l1sweep.c; docs/sim.md "L1 capacity and associativity sweep"):
 * - the observer sees every read of the simulator's LRU L1 once, so with one access in flight
 *   the LRU hits are exactly the stream's per-set rd0 (seed 002 sec. 3.1: d < ways hits);
 * - a cyclic stream of 200 lines (one warp, one access in flight) is all rd1 in 128 lines and all
 *   rd0 in 256 (Fig. 7's rd1 -> rd0 conversion), and every Table 2 point runs;
 * - npsim run's l1_reuse = 1 classifies at the run's own L1 and changes nothing in the run. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "exp/l1sweep.h"
#include "sim_test_util.h"

static void cyclic(trace_t *t, unsigned lines, unsigned rounds) {
    trace_init(t);
    for (unsigned r = 0; r < rounds; r++)
        for (unsigned l = 0; l < lines; l++) trace_push(t, (trace_access){(uint64_t)l * 128, 0, 0, false, 0xF, 0});
}

static void base(sim_config *cfg) {
    sim_test_base_config(cfg);
    cfg->warp_max_outstanding = 1;   /* one access in flight: the L1 sees the stream in order */
}

static void test_lru_hits_are_rd0(void **state) {
    (void)state;
    trace_t t;
    trace_init(&t);
    for (unsigned i = 0; i < 600; i++)             /* a mix of short and long reuse over 300 lines */
        trace_push(&t, (trace_access){(uint64_t)((i * 7u) % 37u + (i % 5u == 0 ? i : 0u)) * 128, 0, 0, false, 0xF, 0});
    sim_config cfg;
    base(&cfg);
    l1_streams s;
    assert_true(l1_streams_init(&s, cfg.sms));
    gpu_stats st;
    char err[512];
    assert_true(gpu_run_observed(&cfg, &img, &t, &st, NULL, l1_streams_record, &s, err, sizeof err));
    assert_int_equal(s.sm[0].count, t.count);                        /* every read once */
    reuse_report r;
    assert_true(l1_streams_reuse(&s, cfg.l1_kb * 1024 / 128 / cfg.l1_assoc, cfg.l1_assoc, &r, err, sizeof err));
    assert_int_equal(r.rd_set[0], st.l1_hits);
    assert_true(st.l1_hits > 100 && st.l1_misses > 100);
    l1_streams_free(&s);
    trace_free(&t);
}

static void test_capacity_turns_rd1_into_rd0(void **state) {
    (void)state;
    trace_t t;
    cyclic(&t, 200, 3);
    sim_config cfg;
    base(&cfg);
    l1sweep_result res[L1SWEEP_POINTS];
    char err[512];
    assert_true(l1sweep_run(&cfg, &img, &t, res, err, sizeof err));
    for (unsigned p = 0; p < L1SWEEP_POINTS; p++) {
        const l1sweep_point *pt = &l1sweep_points[p];
        assert_int_equal(res[p].st.l1_hits, res[p].reuse.rd_set[0]);
        assert_int_equal(res[p].reuse.rd_set[2], 200);                   /* first round: streaming */
        if (pt->kb == 16) assert_int_equal(res[p].reuse.rd_set[1], 400); /* 200 lines > 128: LRU thrashes */
        if (pt->kb >= 32) assert_int_equal(res[p].reuse.rd_set[0], 400); /* they fit */
    }
    trace_free(&t);
}

/* npsim run's l1_reuse = 1 (l1_reuse_run): the classes at the run's own L1 (16 KB, 8 ways: 200
 * cycled lines are rd1 after their first round), the same run as without the recording, and a
 * refusal where one recording would mix three runs (kernel-opt). */
static void test_run_reports_its_own_l1(void **state) {
    (void)state;
    trace_t t;
    cyclic(&t, 200, 3);
    sim_config cfg;
    base(&cfg);
    cfg.l1_kb = 16;
    cfg.l1_assoc = 8;
    gpu_stats st, plain;
    codec_timing tm;
    reuse_report r;
    char err[512];
    assert_true(l1_reuse_run(&cfg, &img, &t, &st, &tm, &r, err, sizeof err));
    assert_int_equal(r.sets, 16);
    assert_int_equal(r.ways, 8);
    assert_int_equal(r.accesses, 600);
    assert_int_equal(r.rd_set[0], 0);
    assert_int_equal(r.rd_set[1], 400);
    assert_int_equal(r.rd_set[2], 200);
    assert_int_equal(st.l1_hits, r.rd_set[0]);
    assert_true(gpu_run(&cfg, &img, &t, &plain, NULL, err, sizeof err));
    assert_int_equal(plain.completion_cycles, st.completion_cycles);
    assert_int_equal(plain.l1_misses, st.l1_misses);
    cfg.l1_assoc = 4;                                  /* 32 sets: the classes follow the run's L1 */
    assert_true(l1_reuse_run(&cfg, &img, &t, &st, &tm, &r, err, sizeof err));
    assert_int_equal(r.sets, 32);
    assert_int_equal(r.ways, 4);
    cfg.l1_compression = L1C_KERNEL_OPT;
    assert_false(l1_reuse_run(&cfg, &img, &t, &st, &tm, &r, err, sizeof err));
    assert_non_null(strstr(err, "kernel-opt"));
    trace_free(&t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lru_hits_are_rd0),
        cmocka_unit_test(test_capacity_turns_rd1_into_rd0),
        cmocka_unit_test(test_run_reports_its_own_l1),
    };
    return cmocka_run_group_tests_name("sim_l1sweep", tests, sim_test_group_setup, sim_test_group_teardown);
}
