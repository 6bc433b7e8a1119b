/* The memory system of dram = gddr5 inside a GPU run (sim/gpu/gpu_mc.c; docs/sim.md "Memory below
 * the L1"), on the Fermi preset and the generated mix:
 * - the run completes and conserves: every L2 miss is one DRAM read, DRAM writes are write-backs,
 *   no more MSHRs in use than there are, bandwidth below the peak, row-hit rate a fraction;
 * - it is deterministic;
 * - dram = fixed reports no DRAM figures and its runs are unchanged by the new keys;
 * - l1_alloc = miss: reservation failures happen under 48 warps and are counted by cause; the
 *   same reads complete; l1_alloc = fill has none;
 * - a DRAM twice as slow lengthens the run;
 * - PCUs work over the slices;
 * - l2_sub_partitions: each line has one memory port of its MC (the sub-partition its DRAM bank's
 *   low bit names) and one slice index there; the preset's 12 ports carry a run faster than 6. */
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
    assert_int_equal(st.mcs, 12);                                /* 6 MCs x 2 sub-partitions, each a port */
    assert_int_equal(st.channels, 6);
    assert_true(m.mc_stall_fraction == (double)st.mc_stall_cycles / (12.0 * (double)st.completion_cycles));
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
    c.l2_sub_partitions = 1;
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

/* Port and slice index of lines: the port is its MC's (gpu_mc_of_line) sub-partition named by its
 * DRAM bank's low bit (bit 1 of the MC-local index), and the slice index is the local index
 * without that bit (put back, it gives the local index: nothing else lost). */
static void test_sub_partition_map(void **state) {
    (void)state;
    sim_config c = fermi();
    for (uint64_t l = 0; l < 6u * 8192; l++) {
        unsigned p = gpu_port_of_line(&c, l);
        uint64_t local = l / 6, index = gpu_slice_index(&c, l);
        assert_int_equal(p / 2, gpu_mc_of_line(l, 6));
        assert_int_equal(p % 2, dram_map(&c.dramc, local).bank % 2);
        assert_int_equal(index >> 1 << 2 | (uint64_t)(p % 2) << 1 | (index & 1u), local);
    }
    c.l2_sub_partitions = 1;                                     /* one slice per MC: the MC, the local index */
    for (uint64_t l = 0; l < 4096; l++) {
        assert_int_equal(gpu_port_of_line(&c, l), gpu_mc_of_line(l, 6));
        assert_int_equal(gpu_slice_index(&c, l), l / 6);
    }
    char err[256];
    assert_true(config_set(&c, "test", "l2_sub_partitions=3", err, sizeof err));
    assert_false(config_validate(&c, err, sizeof err));
    assert_non_null(strstr(err, "l2_sub_partitions"));
}

/* The preset's two sub-partitions per MC are two L2 slices behind two crossbar ports: the same
 * L2 capacity and MSHRs as one slice of 128 KB per MC, but twice the ports, so the reply crossbar
 * (the knee of the loaded-latency curve) carries the stream sooner. */
static void test_sub_partitions_double_the_ports(void **state) {
    (void)state;
    sim_config c = fermi();
    trace_t t;
    trace_init(&t);
    char err[512];
    if (!tracegen("stream", &c, &img, 3, &t, err, sizeof err)) fail_msg("%s", err);
    gpu_stats two, one;
    if (!gpu_run(&c, &img, &t, &two, NULL, err, sizeof err)) fail_msg("%s", err);
    c.l2_sub_partitions = 1;
    c.l2_kb = 128;
    c.l2_mshrs = 64;
    if (!gpu_run(&c, &img, &t, &one, NULL, err, sizeof err)) fail_msg("%s", err);
    trace_free(&t);
    assert_int_equal(two.reads, one.reads);
    assert_int_equal(two.mcs, 12);
    assert_int_equal(one.mcs, 6);
    assert_true(two.completion_cycles < one.completion_cycles);
    assert_true(two.mc_stall_cycles < one.mc_stall_cycles);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_conserves),
        cmocka_unit_test(test_fixed_has_no_dram),
        cmocka_unit_test(test_reservation_failures),
        cmocka_unit_test(test_slower_dram_is_slower),
        cmocka_unit_test(test_pcu_over_gddr5),
        cmocka_unit_test(test_sub_partition_map),
        cmocka_unit_test(test_sub_partitions_double_the_ports),
    };
    return cmocka_run_group_tests(tests, sim_test_group_setup, sim_test_group_teardown);
}
