/* The memory system of dram = gddr5 inside a GPU run (sim/gpu/gpu_mc.c; docs/sim.md "Memory below
 * the L1"), on the Fermi preset and the generated mix:
 * - the run completes and conserves: every L2 miss is one DRAM read, DRAM writes are write-backs,
 *   no more MSHRs in use than there are, bandwidth below the peak, row-hit rate a fraction;
 * - it is deterministic;
 * - dram = fixed reports no DRAM figures and its runs are unchanged by the new keys;
 * - l1_alloc = miss: reservation failures happen under 48 warps and are counted by cause; the
 *   same reads complete; l1_alloc = fill has none;
 * - a DRAM twice as slow lengthens the run;
 * - PCUs work over the slices. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "exp/report.h"
#include "sim_test_util.h"
#include "trace/tracegen.h"

static sim_config fermi(void) {
    sim_config c;
    sim_test_base_config(&c);
    char err[512];
    if (!config_load_file(&c, "sim/configs/fermi_gtx480.cfg", err, sizeof err)) fail_msg("%s", err);
    return c;
}

static void run_mix(const sim_config *c, unsigned per_warp, gpu_stats *st) {
    trace_t t;
    trace_init(&t);
    char err[512];
    if (!tracegen("mix", c, &img, per_warp, &t, err, sizeof err)) fail_msg("%s", err);
    if (!gpu_run(c, &img, &t, st, NULL, err, sizeof err)) fail_msg("%s", err);
    trace_free(&t);
}

static void test_conserves(void **state) {
    (void)state;
    sim_config c = fermi();
    gpu_stats st;
    run_mix(&c, 6, &st);
    assert_int_equal(st.reads, st.l1_hits + st.l1_misses);
    assert_int_equal(st.dram_st.reads, st.l2s.misses);           /* a DRAM read per new MSHR, merges none */
    assert_true(st.dram_st.writes <= st.l2s.writebacks);        /* write-backs still queued at the end are not done */
    assert_true(st.l2s.misses > 0 && st.l2s.merges > 0);
    mem_figures m;
    report_memory_figures(&st, &m);
    assert_true(m.dram_utilisation > 0 && m.dram_utilisation < 1);
    assert_true(m.row_hit_rate >= 0 && m.row_hit_rate <= 1);
    assert_true(m.l2_mshr_occupancy > 0 && m.l2_mshr_occupancy <= c.l2_mshrs);
    assert_true(m.dram_service_latency >= 29 / 1.32);           /* an idle bank's read: tRCD + tCCDL + CL + BL/4 */
    assert_true(m.mc_stall_fraction == (double)st.mc_stall_cycles / (6.0 * (double)st.completion_cycles));
    gpu_stats again;
    run_mix(&c, 6, &again);
    assert_memory_equal(&st, &again, sizeof st);
}

static void test_fixed_has_no_dram(void **state) {
    (void)state;
    sim_config c = fermi();
    c.dram = DRAM_FIXED;
    c.l1_alloc = L1_ALLOC_FILL;
    gpu_stats st, other;
    run_mix(&c, 6, &st);
    assert_int_equal(st.dram_st.reads, 0);
    assert_int_equal(st.l2s.ticks, 0);
    c.dramc.rcd = 20;                                            /* the gddr5 keys do not touch dram = fixed */
    c.l2_mshrs = 2;
    c.dram_mhz = 100;
    run_mix(&c, 6, &other);
    assert_memory_equal(&st, &other, sizeof st);
}

static void test_reservation_failures(void **state) {
    (void)state;
    sim_config c = fermi();                                      /* l1_alloc = miss, 48 warps */
    gpu_stats miss, fill;
    run_mix(&c, 6, &miss);
    uint64_t fails = miss.l1_resfail[L1_RESFAIL_WAY] + miss.l1_resfail[L1_RESFAIL_MSHR] + miss.l1_resfail[L1_RESFAIL_MISSQ];
    assert_true(fails > 0);
    assert_true(miss.l1_resfail[L1_RESFAIL_MSHR] > 0);
    c.l1_alloc = L1_ALLOC_FILL;
    run_mix(&c, 6, &fill);
    assert_int_equal(fill.l1_resfail[0] + fill.l1_resfail[1] + fill.l1_resfail[2], 0);
    assert_int_equal(miss.reads, fill.reads);
    assert_int_equal(miss.writes, fill.writes);
}

static void test_slower_dram_is_slower(void **state) {
    (void)state;
    sim_config c = fermi();
    gpu_stats fast, slow;
    run_mix(&c, 6, &fast);
    c.dram_mhz = 462;
    run_mix(&c, 6, &slow);
    assert_true(slow.completion_cycles > fast.completion_cycles);
    mem_figures mf, ms;
    report_memory_figures(&fast, &mf);
    report_memory_figures(&slow, &ms);
    assert_true(ms.dram_service_latency > 1.9 * mf.dram_service_latency * 0.9);
}

/* PCUs over the slices: reads the slice answers go through the merge unit; the run drains (gpu_run
 * checks every PCU empty at the end), groups form, and MC-cycles of stall fall on a shared pattern
 * (seed 003's mechanism) while every read still completes. */
static void test_pcu_over_gddr5(void **state) {
    (void)state;
    sim_config c = fermi();
    trace_t t;
    trace_init(&t);
    char err[512];
    if (!tracegen("mapreduce", &c, &img, 6, &t, err, sizeof err)) fail_msg("%s", err);
    gpu_stats base, with;
    if (!gpu_run(&c, &img, &t, &base, NULL, err, sizeof err)) fail_msg("%s", err);
    c.pcu_rgrs = 128;
    if (!gpu_run(&c, &img, &t, &with, NULL, err, sizeof err)) fail_msg("%s", err);
    trace_free(&t);
    assert_int_equal(with.reads, base.reads);
    assert_true(with.pcu_coalesced_reads > 0);
    assert_true(with.l2s.hits + with.l2s.misses + with.l2s.merges < base.l2s.hits + base.l2s.misses + base.l2s.merges);
    assert_true(with.mc_stall_cycles < base.mc_stall_cycles);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conserves),
        cmocka_unit_test(test_fixed_has_no_dram),
        cmocka_unit_test(test_reservation_failures),
        cmocka_unit_test(test_slower_dram_is_slower),
        cmocka_unit_test(test_pcu_over_gddr5),
    };
    return cmocka_run_group_tests(tests, sim_test_group_setup, sim_test_group_teardown);
}
