/* GPU memory system tests: exact single-access latency breakdown, every request answered
 * exactly once, reply sizes from the C model, synthesis-latency sources, determinism,
 * placements. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu/gpu.h"
#include "sim_test_util.h"
#include "trace/tracegen.h"

static void base_config(sim_config *cfg) {
    sim_test_base_config(cfg);
}

/* One read miss in an idle machine: request 4H+5, memory 1 + DRAM, reply 4H+13 (9 flits). */
static void test_single_miss_latency_breakdown(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg);
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
    assert_int_equal(st.req_lat_sum, 4 * h + 5);
    assert_int_equal(st.mem_lat_sum, 1 + cfg.dram_latency);
    assert_int_equal(st.rep_lat_sum, 4 * h + 9 + 4);
    assert_int_equal(st.read_miss_lat_sum, (4 * h + 5) + (1 + cfg.dram_latency) + (4 * h + 13));
    trace_free(&t);
}

static void check_answered_once(const gpu_stats *st) {
    assert_int_equal(st->requests, st->replies);               /* each request answered once */
    assert_int_equal(st->request_packets, st->requests);
    assert_int_equal(st->reply_packets, st->replies);
    assert_int_equal(st->requests, st->l1_misses - st->mshr_merges + st->writes);
    assert_int_equal(st->reads, st->l1_hits + st->l1_misses);
    assert_int_equal(st->l2_hits + st->l2_misses, st->requests);
}

static void test_every_request_answered_once_and_deterministic(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg);
    cfg.mc_placement = PLACE_DIAMOND;
    trace_t t;
    trace_init(&t);
    char err[512];
    assert_true(tracegen("mix", &cfg, &img, 6, &t, err, sizeof err));
    gpu_stats a, b;
    snprintf(cfg.compressor, sizeof cfg.compressor, "dsm");
    assert_true(gpu_run(&cfg, &img, &t, &a, NULL, err, sizeof err));
    assert_true(gpu_run(&cfg, &img, &t, &b, NULL, err, sizeof err));
    check_answered_once(&a);
    assert_int_equal(a.reads + a.writes, t.count);
    assert_memory_equal(&a, &b, sizeof a);
    trace_free(&t);
}

/* rodinia_bfs65536_cost_init is all -1: DSM sends it in 82 bits, 1 payload flit. */
static void test_reply_sizes_come_from_the_c_model(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg);
    const mem_region *r = memimg_find(&img, "bfs65536_cost_init");
    assert_non_null(r);
    trace_t t;
    trace_init(&t);
    for (unsigned i = 0; i < 200; i++)
        trace_push(&t, (trace_access){r->base + (uint64_t)i * 128, (uint16_t)(i % 56), (uint16_t)(i % 4), 0, 0xF, 0});
    dsm_config dc;
    dsm_config_default(&dc);
    assert_int_equal(dsm_compressed_bits(&dc, memimg_line(&img, r->base / 128)), 82);
    gpu_stats none, dsm;
    char err[512];
    assert_true(gpu_run(&cfg, &img, &t, &none, NULL, err, sizeof err));
    snprintf(cfg.compressor, sizeof cfg.compressor, "dsm");
    codec_timing tm;
    assert_true(gpu_run(&cfg, &img, &t, &dsm, &tm, err, sizeof err));
    assert_int_equal(none.reply_flits, 200 * 9);
    assert_int_equal(dsm.reply_flits, 200 * 2);
    assert_int_equal(dsm.compressed_replies, 200);
    assert_int_equal(dsm.reply_payload_sent_bits, 200 * 82);
    /* compressor 2 + decompressor 1 cycles (defaults) appear in memory and miss latency */
    assert_int_equal(tm.comp.cycles, 2);
    assert_non_null(strstr(tm.comp.source, "published (seed 001"));
    trace_free(&t);
}

static void test_latencies_from_synthesis_report(void **state) {
    (void)state;
    char path[] = "/tmp/npsim_report_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    const char *json = "{\"units\": [{\"top\": \"dsm_compressor\", \"latency_cycles\": 5},"
                       " {\"top\": \"dsm_approx\", \"latency_cycles\": 3}, {\"top\": \"dsm_decompressor\"}]}";
    assert_int_equal(write(fd, json, strlen(json)), (ssize_t)strlen(json));
    close(fd);
    codec_timing t;
    codec_timing_load(&t, codec_find("dsm-approx"), path, 0, 0);
    assert_int_equal(t.comp.cycles, 5);
    assert_string_equal(t.comp.source, path);
    assert_int_equal(t.approx.cycles, 3);
    assert_int_equal(t.decomp.cycles, 1);                       /* no latency_cycles: default */
    assert_non_null(strstr(t.decomp.source, "no integer latency_cycles"));
    codec_timing_load(&t, codec_find("dsm"), "/nonexistent/report.json", 0, 0);
    assert_int_equal(t.comp.cycles, 2);
    assert_non_null(strstr(t.comp.source, "cannot open"));
    unlink(path);
}

/* reply_compressor_latency / reply_decompressor_latency replace the report's (or published)
 * figures, name themselves as the source, and move a single read miss's latency by exactly the
 * difference (the decompressor's only when the reply travelled compressed); "none" has no unit
 * to override. */
static unsigned single_miss_latency(const sim_config *cfg, uint64_t addr, bool *compressed) {
    trace_t t;
    trace_init(&t);
    trace_push(&t, (trace_access){addr, 5, 0, 0, 0xF, 0});
    gpu_stats st;
    char err[512];
    assert_true(gpu_run(cfg, &img, &t, &st, NULL, err, sizeof err));
    assert_int_equal(st.replies, 1);
    trace_free(&t);
    *compressed = st.compressed_replies == 1;
    return (unsigned)st.read_miss_lat_sum;
}

static void test_latency_override(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg);
    snprintf(cfg.compressor, sizeof cfg.compressor, "dpc");
    codec_timing t;
    codec_timing_load(&t, codec_find("dpc"), cfg.synth_report, 0, 0);
    uint64_t addr = 0x4000;                 /* the first line of the image that DPC compresses */
    bool compressed = false;
    unsigned base = 0;
    for (unsigned k = 0; k < 256 && !compressed; k++) {
        addr = 0x4000 + 128u * k;
        base = single_miss_latency(&cfg, addr, &compressed);
    }
    assert_true(compressed);
    cfg.reply_compressor_latency = t.comp.cycles + 9;
    cfg.reply_decompressor_latency = t.decomp.cycles + 4;
    assert_int_equal(single_miss_latency(&cfg, addr, &compressed), base + 9 + 4);
    assert_true(compressed);

    codec_timing_load(&t, codec_find("dpc"), cfg.synth_report, 7, 0);
    assert_int_equal(t.comp.cycles, 7);
    assert_string_equal(t.comp.source, "config reply_compressor_latency");
    assert_null(strstr(t.decomp.source, "config"));              /* 0 = keep the loaded figure */
    codec_timing_load(&t, codec_find("none"), cfg.synth_report, 7, 7);
    assert_int_equal(t.comp.cycles, 0);
    assert_int_equal(t.decomp.cycles, 0);
}

/* A report whose DSM units have initiation intervals (ii_cycles): the timing carries them and
 * names them in the source; an idle unit costs its latency only, and a second reply right behind
 * the first waits for the busy unit: at the MC's compressor, then at the SM's decompressor. */
static const char *ii_report(unsigned comp_ii, unsigned decomp_ii) {
    static char path[64];
    snprintf(path, sizeof path, "/tmp/npsim_ii_XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    char json[256];
    snprintf(json, sizeof json,
             "{\"units\": [{\"top\": \"dsm_compressor\", \"latency_cycles\": 2, \"ii_cycles\": %u},"
             " {\"top\": \"dsm_decompressor\", \"latency_cycles\": 1, \"ii_cycles\": %u}]}",
             comp_ii, decomp_ii);
    assert_int_equal(write(fd, json, strlen(json)), (ssize_t)strlen(json));
    close(fd);
    return path;
}

/* Read misses of SM 5 to `n` lines of one MC, one warp each (issued a cycle apart); the sum of
 * their miss latencies. */
static uint64_t same_mc_misses(const char *report, unsigned n) {
    sim_config cfg;
    base_config(&cfg);
    snprintf(cfg.compressor, sizeof cfg.compressor, "dsm");
    snprintf(cfg.synth_report, sizeof cfg.synth_report, "%s", report);
    trace_t t;
    trace_init(&t);
    const mem_region *r = memimg_find(&img, "bfs65536_cost_init");   /* all -1: DSM compresses it */
    assert_non_null(r);
    unsigned want = gpu_mc_of_line(r->base >> 7, cfg.mcs), pushed = 0;
    for (uint64_t line = r->base >> 7; pushed < n; line++)
        if (gpu_mc_of_line(line, cfg.mcs) == want) trace_push(&t, (trace_access){line << 7, 5, (uint16_t)pushed++, 0, 0xF, 0});
    gpu_stats st;
    char err[512];
    assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    assert_int_equal(st.replies, n);
    assert_int_equal(st.compressed_replies, n);
    trace_free(&t);
    return st.read_miss_lat_sum;
}

static void test_initiation_interval(void **state) {
    (void)state;
    const char *piped = ii_report(1, 1);
    char piped_path[64];
    snprintf(piped_path, sizeof piped_path, "%s", piped);
    codec_timing t;
    codec_timing_load(&t, codec_find("dsm"), piped_path, 0, 0);
    assert_int_equal(t.comp.ii, 1);
    assert_string_equal(t.comp.source, piped_path);            /* II 1: the source as before */
    uint64_t one = same_mc_misses(piped_path, 1), two = same_mc_misses(piped_path, 2);

    const char *slow_comp = ii_report(40, 1);
    codec_timing_load(&t, codec_find("dsm"), slow_comp, 0, 0);
    assert_int_equal(t.comp.cycles, 2);
    assert_int_equal(t.comp.ii, 40);
    assert_int_equal(t.decomp.ii, 1);
    assert_non_null(strstr(t.comp.source, ", II 40"));
    assert_int_equal(same_mc_misses(slow_comp, 1), one);      /* an idle unit: its latency only */
    /* the second reply reaches the unit a few cycles after the first (issued a cycle later; 2
     * here) and starts 40 cycles after it: it waits 40 less that gap */
    assert_true(two > 2 * one);
    uint64_t waited = same_mc_misses(slow_comp, 2);
    assert_true(waited >= two + 40 - 4);
    assert_true(waited <= two + 40);
    unlink(slow_comp);

    const char *slow_decomp = ii_report(1, 40);
    assert_int_equal(same_mc_misses(slow_decomp, 1), one);
    waited = same_mc_misses(slow_decomp, 2);
    assert_true(waited >= two + 40 - 4);
    assert_true(waited <= two + 40);
    unlink(slow_decomp);
    unlink(piped_path);
}

static void test_placements(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg);
    unsigned sm_node[MCAST_MAX_NODES], mc_node[SIM_MAX_MCS];
    char err[512];
    for (int p = PLACE_BOTTOM; p <= PLACE_DIAMOND; p++) {
        cfg.mc_placement = (sim_placement)p;
        assert_true(gpu_place(&cfg, sm_node, mc_node, err, sizeof err));
        bool used[64] = {false};
        for (unsigned i = 0; i < 8; i++) used[mc_node[i]] = true;
        for (unsigned i = 0; i < 56; i++) {
            assert_false(used[sm_node[i]]);
            used[sm_node[i]] = true;
        }
    }
    cfg.mc_placement = PLACE_BOTTOM;
    assert_true(gpu_place(&cfg, sm_node, mc_node, err, sizeof err));
    for (unsigned i = 0; i < 8; i++) assert_int_equal(mc_node[i], 56 + i);
    cfg.mc_placement = PLACE_LIST;
    assert_false(gpu_place(&cfg, sm_node, mc_node, err, sizeof err));
    assert_non_null(strstr(err, "mc_nodes"));
}

/* DPC replies are the C model's dpc_compressed_bits of the line; DF-TRUC replies of one-sub-block
 * accesses are dftruc_compressed_bits with that map and fill only that sub-block, so a second
 * access to another sub-block of the line is a sector miss. */
static void test_dpc_and_data_filtering_sizes(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg);
    const mem_region *r = memimg_find(&img, "bfs65536_cost_init");
    assert_non_null(r);
    const uint8_t *line = memimg_line(&img, r->base / 128);
    size_t dpc = dpc_compressed_bits(line), truc = dftruc_compressed_bits(line, 0x1);
    unsigned channel = config_channel_bits(&cfg);
    trace_t t;
    trace_init(&t);
    for (unsigned i = 0; i < 100; i++)     /* sub-block 0 of 100 lines, then sub-block 2 of the same lines */
        trace_push(&t, (trace_access){r->base + (uint64_t)i * 128, (uint16_t)(i % 56), 0, 0, 0x1, 0});
    for (unsigned i = 0; i < 100; i++)
        trace_push(&t, (trace_access){r->base + (uint64_t)i * 128, (uint16_t)(i % 56), 1, 0, 0x4, 0});
    gpu_stats st;
    char err[512];
    snprintf(cfg.compressor, sizeof cfg.compressor, "dpc");
    assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    assert_int_equal(st.reply_payload_sent_bits, st.compressed_replies * dpc);
    assert_int_equal(st.partial_fills, 0);
    snprintf(cfg.compressor, sizeof cfg.compressor, "df-truc");
    assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    assert_int_equal(st.reads, 200);
    assert_int_equal(st.reads, st.l1_hits + st.l1_misses);
    assert_true(st.partial_fills >= 100);
    /* every line is read twice with disjoint sub-blocks: 200 misses, each answered once
     * (whether merged at the SM, at the MC table, or by its own reply) */
    assert_int_equal(st.l1_hits, 0);
    assert_int_equal(st.replies + st.dft_merged, st.requests);
    assert_true(st.reply_payload_sent_bits >= st.compressed_replies * truc);
    assert_int_equal(st.reply_flits, st.replies * (1 + (truc + channel - 1) / channel));
    trace_free(&t);
}

/* A mixed workload with both data-filtering compressors: every access completes, every request
 * is answered or absorbed by an MC table exactly once, and runs repeat exactly. */
static void test_data_filtering_conservation(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg);
    trace_t t;
    trace_init(&t);
    char err[512];
    assert_true(tracegen("mix", &cfg, &img, 6, &t, err, sizeof err));
    static const char *const names[] = {"df-truc", "df-man"};
    for (unsigned k = 0; k < 2; k++) {
        snprintf(cfg.compressor, sizeof cfg.compressor, "%s", names[k]);
        cfg.dft_entries = k ? 32 : 2;              /* a tiny table: full-table requests are served whole */
        gpu_stats a, b;
        assert_true(gpu_run(&cfg, &img, &t, &a, NULL, err, sizeof err));
        assert_true(gpu_run(&cfg, &img, &t, &b, NULL, err, sizeof err));
        assert_memory_equal(&a, &b, sizeof a);
        assert_int_equal(a.reads + a.writes, t.count);
        assert_int_equal(a.reads, a.l1_hits + a.l1_misses);
        assert_int_equal(a.replies + a.dft_merged, a.requests);
        assert_int_equal(a.requests, a.l1_misses - a.mshr_merges + a.extra_requests + a.writes);
        /* seed 000 Table 3.1: every read request is a first miss, a subsequent miss or a hit but invalid */
        assert_int_equal(a.cdt.fm + a.cdt.sm + a.cdt.hi, a.requests - a.writes);
        assert_int_equal(a.cdt.sm, a.extra_requests);
        assert_int_equal(a.l2_hits + a.l2_misses, a.replies);
    }
    trace_free(&t);
}

/* Seed 000 sec. 4 (docs/sim.md "Partial fills"): one warp reads sub-block 0 of a line, then
 * sub-block 2 (a hit on the line without its data), then sub-block 0 again, each after the previous
 * one completed. With df_fill = replace the second miss's reply replaces the line's data, so the
 * third read misses again; with append it ORs, so the third read hits. */
static void test_partial_fill_replaces(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg);
    cfg.warp_max_outstanding = 1;
    snprintf(cfg.compressor, sizeof cfg.compressor, "df-truc");
    trace_t t;
    sim_test_partial_fill_trace(&t);
    gpu_stats st;
    char err[512];
    cfg.df_fill = DF_FILL_REPLACE;
    assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    assert_int_equal(st.l1_misses, 3);
    assert_int_equal(st.l1_hits, 0);
    assert_int_equal(st.sector_misses, 2);
    /* a first miss, then two hits but invalid; the one block used sub-blocks 0 and 2: ICA, 64 bytes */
    assert_int_equal(st.cdt.fm, 1);
    assert_int_equal(st.cdt.hi, 2);
    assert_int_equal(st.cdt.sm, 0);
    assert_int_equal(st.cdt.ica[2], 1);
    assert_int_equal(st.cdt.resident, 1);
    cfg.df_fill = DF_FILL_APPEND;
    assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    assert_int_equal(st.l1_misses, 2);
    assert_int_equal(st.l1_hits, 1);
    assert_int_equal(st.sector_misses, 1);
    trace_free(&t);
}

/* The request controller (rc = 1, docs/rcwm.md): every read request gets one decision, a
 * subsequent miss always asks for the whole line (reason mshr), conservation holds, and rc needs a
 * data-filtering compressor on the LRU L1. */
static void test_request_controller(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg);
    snprintf(cfg.compressor, sizeof cfg.compressor, "df-truc");
    cfg.rc = 1;
    trace_t t;
    trace_init(&t);
    char err[512];
    assert_true(tracegen("mix", &cfg, &img, 6, &t, err, sizeof err));
    gpu_stats a;
    assert_true(gpu_run(&cfg, &img, &t, &a, NULL, err, sizeof err));
    uint64_t decisions = 0;
    for (unsigned r = 0; r < RCWM_REASONS; r++) decisions += a.cdt.rc_decisions[r];
    assert_int_equal(decisions, a.cdt.fm + a.cdt.sm + a.cdt.hi);
    assert_int_equal(a.cdt.rc_decisions[RCWM_MSHR] + a.cdt.rc_decisions[RCWM_FDR_WINDOW] >= a.cdt.sm, 1);
    assert_int_equal(a.replies + a.dft_merged, a.requests);
    assert_int_equal(a.reads, a.l1_hits + a.l1_misses);
    trace_free(&t);
    /* one warp: sub-block 0 then, while that miss is in flight, sub-block 2 of the same line */
    trace_init(&t);
    const mem_region *r = memimg_find(&img, "bfs65536_cost_init");
    trace_push(&t, (trace_access){r->base, 3, 0, 0, 0x1, 0});
    trace_push(&t, (trace_access){r->base, 3, 1, 0, 0x4, 0});
    assert_true(gpu_run(&cfg, &img, &t, &a, NULL, err, sizeof err));
    assert_int_equal(a.cdt.sm, 1);
    assert_int_equal(a.cdt.rc_decisions[RCWM_MSHR], 1);
    assert_int_equal(a.cdt.rc_decisions[RCWM_PDR], 1);
    trace_free(&t);
    snprintf(cfg.compressor, sizeof cfg.compressor, "dpc");
    trace_init(&t);
    trace_push(&t, (trace_access){r->base, 3, 0, 0, 0x1, 0});
    assert_false(gpu_run(&cfg, &img, &t, &a, NULL, err, sizeof err));
    assert_non_null(strstr(err, "rc = 1 needs a data-filtering compressor"));
    trace_free(&t);
}

/* Diamond: 8 MCs on an 8x8 mesh are seed 003's layout (two at each vertex); other counts up to
 * the ring size fit, on the ring; one more is a configuration error naming the limit. */
static void test_diamond_any_mc_count(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg);
    cfg.mc_placement = PLACE_DIAMOND;
    unsigned sm_node[MCAST_MAX_NODES], mc_node[SIM_MAX_MCS];
    char err[512];
    assert_true(gpu_place(&cfg, sm_node, mc_node, err, sizeof err));
    static const unsigned seed8[8] = {11, 12, 25, 30, 33, 38, 51, 52};
    for (unsigned i = 0; i < 8; i++) assert_int_equal(mc_node[i], seed8[i]);
    for (unsigned n = 1; n <= 12; n++) {
        cfg.mcs = n;
        cfg.sms = 64 - n;
        assert_true(gpu_place(&cfg, sm_node, mc_node, err, sizeof err));
        for (unsigned i = 0; i < n; i++) {
            int a = 2 * (int)(mc_node[i] % 8) - 7, b = 2 * (int)(mc_node[i] / 8) - 7;
            assert_int_equal(abs(a) + abs(b), 6);
            if (i) assert_true(mc_node[i] > mc_node[i - 1]);
        }
    }
    cfg.mcs = 13;
    cfg.sms = 40;
    assert_false(gpu_place(&cfg, sm_node, mc_node, err, sizeof err));
    assert_non_null(strstr(err, "12 nodes of the diamond ring"));
    cfg.mesh_k = 16;
    cfg.mcs = 28;
    assert_true(gpu_place(&cfg, sm_node, mc_node, err, sizeof err));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_miss_latency_breakdown),
        cmocka_unit_test(test_every_request_answered_once_and_deterministic),
        cmocka_unit_test(test_reply_sizes_come_from_the_c_model),
        cmocka_unit_test(test_latencies_from_synthesis_report),
        cmocka_unit_test(test_latency_override),
        cmocka_unit_test(test_initiation_interval),
        cmocka_unit_test(test_placements),
        cmocka_unit_test(test_dpc_and_data_filtering_sizes),
        cmocka_unit_test(test_data_filtering_conservation),
        cmocka_unit_test(test_partial_fill_replaces),
        cmocka_unit_test(test_request_controller),
        cmocka_unit_test(test_diamond_any_mc_count),
    };
    return cmocka_run_group_tests_name("sim_gpu", tests, sim_test_group_setup, sim_test_group_teardown);
}
