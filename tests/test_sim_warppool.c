/* Warppool (sim/gpu/warppool.c, the core model's pool before the L1; docs/sim.md "Warppool"):
 * - eight warps of one SM load the same line together: with the pool it is one L1 access serving
 *   all eight (seven merged), without it eight L1 reads (one miss and seven MSHR merges); every
 *   load completes and the run ends;
 * - every request waits warppool_delay cycles first: a lone load takes that much longer;
 * - a pool too small for the requests in flight backs the load/store unit up but loses nothing;
 * - warppool_entries needs core = sm. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "gpu/gpu.h"
#include "sim_test_util.h"

/* warps 0..warps-1 of SM 0 each load `lines` lines (line k of warp w: k + w * distinct), then use it. */
static void loads(trace_t *t, unsigned warps, unsigned lines, unsigned distinct) {
    trace_init(t);
    for (unsigned w = 0; w < warps; w++)
        for (unsigned k = 0; k < lines; k++) {
            trace_access a = {(uint64_t)(k + w * distinct) * 128 + 4096 * 128, 0, (uint16_t)w, 0, 0xF, 0};
            trace_push_inst(t, (trace_inst){.sm = 0, .warp = (uint16_t)w, .op = OP_LD, .dst = (uint8_t)(64 + k), .ndst = 1},
                            &a, 1);
            trace_inst use = {.sm = 0, .warp = (uint16_t)w, .op = OP_ALU, .dst = 1, .ndst = 1, .nsrc = 1};
            use.src[0] = (uint8_t)(64 + k);
            trace_push_inst(t, use, NULL, 0);
        }
}

static void run(unsigned entries, unsigned delay, const trace_t *t, gpu_stats *st) {
    sim_config cfg;
    sim_test_base_config(&cfg);
    cfg.core = CORE_SM;
    cfg.warppool_entries = entries;
    cfg.warppool_delay = delay;
    char err[512];
    assert_true(config_validate(&cfg, err, sizeof err));
    if (!gpu_run(&cfg, &img, t, st, NULL, err, sizeof err)) fail_msg("%s", err);
}

static void test_one_access_serves_every_warp(void **state) {
    (void)state;
    trace_t t;
    loads(&t, 8, 1, 0);
    gpu_stats off, on;
    run(0, 20, &t, &off);
    run(32, 20, &t, &on);                          /* 20 cycles: every warp's load arrives in time */
    assert_int_equal(off.reads, 8);
    assert_int_equal(off.mshr_merges, 7);
    assert_int_equal(on.reads, 1);                 /* one L1 access */
    assert_int_equal(on.wp_accesses, 1);
    assert_int_equal(on.wp_merged, 7);
    assert_int_equal(on.requests, 1);
    assert_int_equal(on.instructions, off.instructions);
    trace_free(&t);
}

static void test_delay_is_on_the_critical_path(void **state) {
    (void)state;
    trace_t t;
    loads(&t, 1, 1, 0);
    gpu_stats d5, d25;                             /* (the pool is read before the LSU writes it: delay 0 acts as 1) */
    run(8, 5, &t, &d5);
    run(8, 25, &t, &d25);
    assert_int_equal(d25.completion_cycles, d5.completion_cycles + 20);
    trace_free(&t);
}

static void test_full_pool_backs_up(void **state) {
    (void)state;
    trace_t t;
    loads(&t, 16, 4, 4);                           /* 64 distinct lines, 2 entries */
    gpu_stats st, off;
    run(2, 1, &t, &st);
    run(0, 1, &t, &off);
    assert_int_equal(st.wp_accesses, 64);
    assert_int_equal(st.wp_merged, 0);
    assert_true(st.wp_full > 0);
    assert_int_equal(st.instructions, off.instructions);
    assert_true(st.completion_cycles > off.completion_cycles);
    trace_free(&t);
}

static void test_needs_the_core_model(void **state) {
    (void)state;
    sim_config cfg;
    sim_test_base_config(&cfg);
    char err[512];
    assert_true(config_set(&cfg, "argument 1", "warppool_entries=16", err, sizeof err));
    assert_false(config_validate(&cfg, err, sizeof err));
    assert_non_null(strstr(err, "core = sm"));
    assert_false(config_set(&cfg, "argument 2", "warppool_entries=5000", err, sizeof err));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_one_access_serves_every_warp),
        cmocka_unit_test(test_delay_is_on_the_critical_path),
        cmocka_unit_test(test_full_pool_backs_up),
        cmocka_unit_test(test_needs_the_core_model),
    };
    return cmocka_run_group_tests_name("sim_warppool", tests, sim_test_group_setup, sim_test_group_teardown);
}
