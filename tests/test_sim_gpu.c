/* GPU memory system tests: exact single-access latency breakdown, every request answered
 * exactly once, reply sizes from the C model, synthesis-latency sources, determinism,
 * placements. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "gpu.h"
#include "tracegen.h"

static mem_image img;

static const char *data_dir(void) {
    const char *d = getenv("SIM_TEST_DATA_DIR");
    return d ? d : "../shared/data/lines";
}

static void base_config(sim_config *cfg) {
    config_default(cfg);
    snprintf(cfg->data_dir, sizeof cfg->data_dir, "%s", data_dir());
    snprintf(cfg->synth_report, sizeof cfg->synth_report, "/nonexistent/report.json");
}

static unsigned hops8(unsigned a, unsigned b) {
    unsigned dx = a % 8 > b % 8 ? a % 8 - b % 8 : b % 8 - a % 8;
    unsigned dy = a / 8 > b / 8 ? a / 8 - b / 8 : b / 8 - a / 8;
    return dx + dy;
}

/* One read miss in an idle machine: request 4H+5, memory 1 + DRAM, reply 4H+13 (9 flits). */
static void test_single_miss_latency_breakdown(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg);
    trace_t t;
    trace_init(&t);
    uint64_t addr = 0x4000;
    trace_push(&t, (trace_access){addr, 5, 0, 0, 0xF});
    gpu_stats st;
    char err[512];
    assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    unsigned sm_node[MCAST_MAX_NODES], mc_node[SIM_MAX_MCS];
    assert_true(gpu_place(&cfg, sm_node, mc_node, err, sizeof err));
    unsigned h = hops8(sm_node[5], mc_node[gpu_mc_of_line(addr >> 7, cfg.mcs)]);
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
        trace_push(&t, (trace_access){r->base + (uint64_t)i * 128, (uint16_t)(i % 56), (uint16_t)(i % 4), 0, 0xF});
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
    assert_non_null(strstr(tm.comp.source, "default"));
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
    codec_timing_load(&t, codec_find("dsm-approx"), path);
    assert_int_equal(t.comp.cycles, 5);
    assert_string_equal(t.comp.source, path);
    assert_int_equal(t.approx.cycles, 3);
    assert_int_equal(t.decomp.cycles, 1);                       /* no latency_cycles: default */
    assert_non_null(strstr(t.decomp.source, "no integer latency_cycles"));
    codec_timing_load(&t, codec_find("dsm"), "/nonexistent/report.json");
    assert_int_equal(t.comp.cycles, 2);
    assert_non_null(strstr(t.comp.source, "not found"));
    unlink(path);
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

static int setup(void **state) {
    (void)state;
    char err[512];
    if (!memimg_load(&img, data_dir(), err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static int teardown(void **state) {
    (void)state;
    memimg_free(&img);
    return 0;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_single_miss_latency_breakdown),
        cmocka_unit_test(test_every_request_answered_once_and_deterministic),
        cmocka_unit_test(test_reply_sizes_come_from_the_c_model),
        cmocka_unit_test(test_latencies_from_synthesis_report),
        cmocka_unit_test(test_placements),
    };
    return cmocka_run_group_tests_name("sim_gpu", tests, setup, teardown);
}
