/* Packet coalescing in the system simulator (docs/sim.md "Packet coalescing"): the C model's
 * PCU at every MC, merged replies as multicast packets. All SMs reading one block get one
 * multicast reply, each exactly once; the PCU's path latency; one compression per merged reply;
 * conservation and determinism with the PCU on (directed writes among grouped reads, a full RGR
 * table, XY-XY, the crossbar); pcu_rgrs = 0 changes nothing; configuration errors. */
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
#include "sim_test_util.h"
#include "trace/tracegen.h"

static void base_config(sim_config *cfg, unsigned rgrs) {
    sim_test_base_config(cfg);
    cfg->pcu_rgrs = rgrs;
}

/* Every request answered exactly once, every read either carried a reply or joined one, and the
 * PCU's counters add up (each join saves one L2 access and one reply packet). */
static void check_conservation(const gpu_stats *st, size_t accesses) {
    assert_int_equal(st->reads + st->writes, accesses);
    assert_int_equal(st->reads, st->l1_hits + st->l1_misses);
    assert_int_equal(st->requests, st->l1_misses - st->mshr_merges + st->writes);
    assert_int_equal(st->request_packets, st->requests);
    assert_int_equal(st->replies, st->requests);
    assert_int_equal(st->l2_hits + st->l2_misses, st->requests - st->pcu_joined);
    assert_int_equal(st->reply_packets, st->pcu_read_replies + st->writes);
    assert_int_equal(st->pcu_read_replies + st->pcu_joined, st->requests - st->writes);
    assert_int_equal(st->pcu_coalesced_reads, st->pcu_mcast_replies + st->pcu_joined);
}

/* All 56 SMs read one block at once: the first read allocates an RGR and goes to the L2 (a DRAM
 * miss, 220 cycles), the other 55 join it; one 9-flit multicast reply reaches every SM once. */
static void test_all_sms_read_one_block(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg, 128);
    trace_t t;
    trace_init(&t);
    for (unsigned sm = 0; sm < 56; sm++) trace_push(&t, (trace_access){0x4000, (uint16_t)sm, 0, 0, 0xF, 0});
    gpu_stats st;
    char err[512];
    assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    check_conservation(&st, t.count);
    assert_int_equal(st.replies, 56);              /* each SM finished (one access each): exactly once each */
    assert_int_equal(st.l2_hits + st.l2_misses, 1);
    assert_int_equal(st.pcu_read_replies, 1);
    assert_int_equal(st.pcu_mcast_replies, 1);
    assert_int_equal(st.pcu_coalesced_reads, 56);
    assert_int_equal(st.pcu_joined, 55);
    assert_int_equal(st.reply_packets, 1);
    assert_int_equal(st.reply_flits, 9);
    assert_int_equal(st.pcu_flits_saved, 55 * 9);
    /* the same with the PCU off: 56 L2 accesses and 56 replies */
    gpu_stats off;
    cfg.pcu_rgrs = 0;
    assert_true(gpu_run(&cfg, &img, &t, &off, NULL, err, sizeof err));
    assert_int_equal(off.reply_packets, 56);
    assert_int_equal(off.l2_hits + off.l2_misses, 56);
    assert_int_equal(off.pcu_read_replies + off.pcu_mcast_replies + off.pcu_joined, 0);
    assert_int_equal(off.request_flits, st.request_flits);
    assert_true(st.link_flits < off.link_flits);   /* the tree shares links: fewer traversals than 56 unicasts */
    trace_free(&t);
}

/* A merged reply is compressed once: rodinia_bfs65536_cost_init lines take 82 bits under DSM
 * (2 flits); 56 readers of one such line get one 2-flit multicast packet. */
static void test_one_compression_per_merged_reply(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg, 64);
    snprintf(cfg.compressor, sizeof cfg.compressor, "dsm");
    const mem_region *r = memimg_find(&img, "bfs65536_cost_init");
    assert_non_null(r);
    trace_t t;
    trace_init(&t);
    for (unsigned sm = 0; sm < 56; sm++) trace_push(&t, (trace_access){r->base, (uint16_t)sm, 0, 0, 0xF, 0});
    gpu_stats st;
    char err[512];
    assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    check_conservation(&st, t.count);
    assert_int_equal(st.pcu_mcast_replies, 1);
    assert_int_equal(st.compressed_replies, 1);
    assert_int_equal(st.reply_payload_sent_bits, 82);
    assert_int_equal(st.reply_flits, 2);
    trace_free(&t);
}

/* One read in an idle machine: the reply is a unicast; the PCU adds 3 cycles on the request path
 * (input register, stage 1, request-queue register: docs/pcu.md sec. 5) and 1 on the reply path
 * (reply register), so memory latency is 1 + DRAM + 4. Request and reply latency are unchanged. */
static void test_single_read_latency_through_the_pcu(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg, 128);
    trace_t t;
    trace_init(&t);
    uint64_t addr = 0x4000;
    trace_push(&t, (trace_access){addr, 5, 0, 0, 0xF, 0});
    gpu_stats st;
    char err[512];
    assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    unsigned sm_node[MCAST_MAX_NODES], mc_node[SIM_MAX_MCS];
    assert_true(gpu_place(&cfg, sm_node, mc_node, err, sizeof err));
    unsigned h = sim_test_hops8(sm_node[5], mc_node[gpu_mc_of_line(addr >> 7, cfg.mcs)]);
    assert_int_equal(st.replies, 1);
    assert_int_equal(st.pcu_mcast_replies, 0);
    assert_int_equal(st.pcu_read_replies, 1);
    assert_int_equal(st.req_lat_sum, 4 * h + 5);
    assert_int_equal(st.mem_lat_sum, 1 + cfg.dram_latency + 4);
    assert_int_equal(st.rep_lat_sum, 4 * h + 9 + 4);
    trace_free(&t);
}

/* Writes among grouped reads of the same blocks (the PCU closes groups and orders them,
 * docs/pcu.md sec. 4), repeated reads by one SM of one block (several warps: the L1 MSHR merges
 * most, a later miss finds its bit set), a 2-RGR table that fills: every request is answered
 * once and two runs are identical. */
static void test_writes_repeats_and_full_table(void **state) {
    (void)state;
    trace_t t;
    trace_init(&t);
    for (unsigned round = 0; round < 6; round++)
        for (unsigned sm = 0; sm < 56; sm++)
            for (unsigned w = 0; w < 3; w++) {
                uint64_t block = 0x10000 + ((sm + w + round) % 4) * 128 * 8;   /* 4 blocks */
                bool write = (sm + w + round) % 7 == 0;
                trace_push(&t, (trace_access){block, (uint16_t)sm, (uint16_t)w, write, 0xF, 0});
            }
    unsigned sizes[] = {2, 128};
    for (unsigned i = 0; i < 2; i++) {
        sim_config cfg;
        base_config(&cfg, sizes[i]);
        cfg.pcu_wb = 1;
        cfg.l1_kb = 1;                              /* a tiny L1: the blocks are evicted by the others */
        cfg.l1_assoc = 1;
        gpu_stats a, b;
        char err[512];
        assert_true(gpu_run(&cfg, &img, &t, &a, NULL, err, sizeof err));
        assert_true(gpu_run(&cfg, &img, &t, &b, NULL, err, sizeof err));
        check_conservation(&a, t.count);
        assert_memory_equal(&a, &b, sizeof a);
        assert_true(a.writes > 0);
        assert_true(a.pcu_joined > 0);
        if (sizes[i] == 2) assert_true(a.pcu_wait_full > 0);        /* backpressure, nothing dropped */
        assert_true(a.pcu_wait_unissued + a.pcu_wait_write + a.pcu_wait_wb > 0);
    }
    trace_free(&t);
}

/* Generated workloads with sharing, XY-XY and XY-YX, bottom and diamond MCs, DSM replies, the
 * Fermi crossbar: conservation, coalescing happens, determinism. */
static void test_workloads_conserve_and_repeat(void **state) {
    (void)state;
    struct {
        const char *pattern;
        unsigned share, rgrs;
        sim_routing reply;
        sim_placement place;
        bool crossbar;
        const char *compressor;
    } runs[] = {
        {"mapreduce", 0, 64, ROUTE_YX, PLACE_BOTTOM, false, "none"},
        {"stencil", 1, 128, ROUTE_XY, PLACE_DIAMOND, false, "dsm"},
        {"graph", 0, 1024, ROUTE_YX, PLACE_BOTTOM, false, "dsm-approx"},
        {"mix", 0, 256, ROUTE_XY, PLACE_TOP_BOTTOM, false, "dpc"},
        {"mapreduce", 4, 128, ROUTE_XY, PLACE_BOTTOM, true, "none"},
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        sim_config cfg;
        base_config(&cfg, runs[i].rgrs);
        cfg.routing[CLASS_REPLY] = runs[i].reply;
        cfg.mc_placement = runs[i].place;
        cfg.gen_share = runs[i].share;
        snprintf(cfg.compressor, sizeof cfg.compressor, "%s", runs[i].compressor);
        if (runs[i].crossbar) {
            cfg.topology = TOPO_CROSSBAR;
            cfg.sms = 15;
            cfg.mcs = 6;
        }
        trace_t t;
        trace_init(&t);
        char err[512];
        assert_true(tracegen(runs[i].pattern, &cfg, &img, 8, &t, err, sizeof err));
        gpu_stats a, b;
        if (!gpu_run(&cfg, &img, &t, &a, NULL, err, sizeof err)) fail_msg("run %zu: %s", i, err);
        assert_true(gpu_run(&cfg, &img, &t, &b, NULL, err, sizeof err));
        check_conservation(&a, t.count);
        assert_memory_equal(&a, &b, sizeof a);
        if (strcmp(runs[i].pattern, "mix") != 0) assert_true(a.pcu_mcast_replies > 0);
        assert_int_equal(a.pcu_rgrs, runs[i].rgrs);
        trace_free(&t);
    }
}

/* pcu_rgrs = 0 is the default and leaves every PCU counter at zero; the behaviour itself is
 * pinned by test_sim_regress's GPU fingerprints (recorded before the PCU existed). */
static void test_off_by_default(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    assert_int_equal(cfg.pcu_rgrs, 0);
    assert_int_equal(cfg.gen_share, 0);
    base_config(&cfg, 0);
    trace_t t;
    trace_init(&t);
    char err[512];
    assert_true(tracegen("mapreduce", &cfg, &img, 6, &t, err, sizeof err));
    gpu_stats st;
    assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    assert_int_equal(st.pcu_rgrs + st.pcu_read_replies + st.pcu_mcast_replies + st.pcu_coalesced_reads +
                         st.pcu_joined + st.pcu_flits_saved + st.pcu_wait_full + st.pcu_wait_wb,
                     0);
    assert_int_equal(st.reply_packets, st.replies);
    trace_free(&t);
}

static void test_config_errors(void **state) {
    (void)state;
    sim_config cfg;
    char err[512];
    base_config(&cfg, 0);
    assert_false(config_set(&cfg, "argument 1", "pcu_rgrs=1025", err, sizeof err));
    assert_non_null(strstr(err, "pcu_rgrs"));
    assert_true(config_set(&cfg, "argument 1", "pcu_rgrs=1", err, sizeof err));
    assert_false(config_validate(&cfg, err, sizeof err));
    assert_non_null(strstr(err, "at least 2 RGRs"));
    base_config(&cfg, 64);
    cfg.topology = TOPO_MESH;
    cfg.mesh_k = 9;
    cfg.sms = 70;
    assert_false(config_validate(&cfg, err, sizeof err));
    assert_non_null(strstr(err, "at most 64 SMs"));
    base_config(&cfg, 64);
    snprintf(cfg.compressor, sizeof cfg.compressor, "df-truc");
    trace_t t;
    trace_init(&t);
    trace_push(&t, (trace_access){0x4000, 0, 0, 0, 0x1, 0});
    gpu_stats st;
    assert_false(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    assert_non_null(strstr(err, "data-filtering"));
    assert_false(config_load_text(&cfg, "x.cfg", "sms = 56\npcu_wb = 0\n", err, sizeof err));
    assert_non_null(strstr(err, "x.cfg:2"));
    trace_free(&t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_all_sms_read_one_block),
        cmocka_unit_test(test_one_compression_per_merged_reply),
        cmocka_unit_test(test_single_read_latency_through_the_pcu),
        cmocka_unit_test(test_writes_repeats_and_full_table),
        cmocka_unit_test(test_workloads_conserve_and_repeat),
        cmocka_unit_test(test_off_by_default),
        cmocka_unit_test(test_config_errors),
    };
    return cmocka_run_group_tests_name("sim_pcu", tests, sim_test_group_setup, sim_test_group_teardown);
}
