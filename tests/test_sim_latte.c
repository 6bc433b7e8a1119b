/* The compressed L1 of npsim (sim/l1c.c over the C model's LATTE-CC controller and tag unit;
 * docs/sim.md "Compressed L1 (LATTE-CC)"): on compressible data it holds more lines than the
 * uncompressed L1; every compressed hit decompresses to its line (l1_compression_check) under
 * each scheme end to end; the mode the controller follows comes from the dedicated sets'
 * counters; the decompression queue delays back-to-back compressed hits. Seconds, not minutes. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/config.h"
#include "gpu/energy.h"
#include "gpu/gpu.h"
#include "mem/l1c.h"
#include "sim_test_util.h"
#include "trace/tracegen.h"

/* The seed's L1 (16 KB, 4 ways: 32 sets, 16 tags and 16 sub-blocks per set) on the core model. */
static void latte_config(sim_config *cfg, sim_l1_compression scheme) {
    sim_test_base_config(cfg);
    cfg->core = CORE_SM;
    cfg->l1_compression = scheme;
    cfg->l1_compression_check = 1;
}

static l1c_sm *new_l1(l1c_setup *s, sim_l1_compression scheme) {
    sim_config cfg;
    latte_config(&cfg, scheme);
    char err[256];
    if (!l1c_setup_init(s, &cfg, &img, err, sizeof err)) fail_msg("%s", err);
    l1c_sm *c = l1c_sm_new(s, err, sizeof err);
    if (!c) fail_msg("%s", err);
    return c;
}

/* Up to n lines of the image in `set` (line address mod 32) whose BDI stream fits one
 * sub-block (want_small) or needs all four (!want_small: stored uncompressed), distinct. */
static unsigned find_lines(unsigned set, bool want_small, uint64_t *out, unsigned n) {
    const np_codec *bdi = np_codec_find("bdi");
    np_codec_opts opts = {0};
    unsigned got = 0;
    for (uint64_t line = set; line < img.size / 128u && got < n; line += 32) {
        unsigned fill;
        size_t bits = np_codec_bits(bdi, NULL, &opts, memimg_line(&img, line), &fill);
        if (want_small ? bits <= 256 : latte_subblocks(bits) == 4) out[got++] = line;
    }
    return got;
}

/* A read; a miss is filled at once in the mode the controller gave it. True on a hit. */
static bool touch(l1c_sm *c, const l1c_setup *s, l1c_stats *st, uint64_t line, uint64_t *now) {
    unsigned latency = 0, policy = 0;
    l1c_read_outcome r = l1c_read(c, s, st, true, line, (*now)++, &latency, &policy);
    assert_int_not_equal(r, L1C_READ_BUSY);
    if (r == L1C_READ_MISS) l1c_insert(c, s, st, line, policy, NULL);
    return r == L1C_READ_HIT;
}

/* 16 lines that BDI stores in one sub-block each, all in set 5: Static-BDI keeps all 16 (16
 * tags, 16 sub-blocks), the uncompressed L1 the last 4; a second pass hits 16 and 0 times. */
static void test_compressed_l1_holds_more_lines(void **state) {
    (void)state;
    uint64_t lines[16];
    assert_int_equal(find_lines(5, true, lines, 16), 16);
    sim_l1_compression schemes[2] = {L1C_BDI, L1C_NONE};
    unsigned expect_hits[2] = {16, 0};
    for (unsigned k = 0; k < 2; k++) {
        l1c_setup s;
        l1c_sm *c = new_l1(&s, schemes[k]);              /* none: the same unit, static mode 0 */
        static l1c_stats st;
        memset(&st, 0, sizeof st);
        uint64_t now = 0;
        for (unsigned i = 0; i < 16; i++) assert_false(touch(c, &s, &st, lines[i], &now));
        assert_int_equal(l1c_effective_bytes(c), (schemes[k] == L1C_BDI ? 16u : 4u) * 128u);
        unsigned hits = 0;
        for (unsigned i = 0; i < 16; i++) hits += touch(c, &s, &st, lines[i], &now);
        assert_int_equal(hits, expect_hits[k]);
        l1c_sm_free(c);
    }
}

/* Dedicated sets (docs/latte.md 4.2): 0, 8, 16, 24 none; 1, 9, 17, 25 BDI. The learning EP
 * cycles 8 lines through each of them; BDI's sets hold the 8 (one sub-block each), none's
 * thrash (4 ways): N_hit[LL] high, N_miss[none] high, so the EP ends with the LL mode. Cycling
 * lines BDI cannot compress, both thrash alike and the tie keeps no compression. Adaptive-Hit-
 * Count: no latency in the estimate, so the counters alone decide. */
static void run_learning_ep(bool compressible, l1c_stats *st) {
    l1c_setup s;
    l1c_sm *c = new_l1(&s, L1C_HIT_COUNT);
    static const unsigned sets[8] = {0, 8, 16, 24, 1, 9, 17, 25};
    uint64_t lines[8][8];
    for (unsigned k = 0; k < 8; k++) assert_int_equal(find_lines(sets[k], compressible, lines[k], 8), 8);
    memset(st, 0, sizeof *st);
    uint64_t now = 0;
    for (unsigned a = 0; a < LATTE_EP_ACCESSES; a++) {
        unsigned k = a % 8, i = (a / 8) % 8;
        touch(c, &s, st, lines[k][i], &now);
    }
    l1c_sm_free(c);
}

static void test_mode_follows_the_counters(void **state) {
    (void)state;
    static l1c_stats st;
    run_learning_ep(true, &st);
    assert_int_equal(st.eps, 1);
    assert_int_equal(st.timeline_n, 1);
    assert_int_equal(st.timeline[0].mode, LATTE_MODE_LL);
    assert_true(st.hits[LATTE_MODE_LL] > 0);
    run_learning_ep(false, &st);
    assert_int_equal(st.eps, 1);
    assert_int_equal(st.timeline[0].mode, LATTE_MODE_NONE);
}

/* Every SM counts its own EPs (the run length in LATTE-CC's unit), not only SM 0, whose timeline
 * alone is kept: two EPs of reads on an SM that is not SM 0. */
static void test_every_sm_counts_its_eps(void **state) {
    (void)state;
    l1c_setup s;
    l1c_sm *c = new_l1(&s, L1C_LATTE);
    static l1c_stats st;
    memset(&st, 0, sizeof st);
    uint64_t now = 0;
    for (unsigned a = 0; a < 2 * LATTE_EP_ACCESSES + 1; a++) {
        unsigned latency = 0, policy = 0;
        now += 100;                                   /* the decompression queue is empty again */
        if (l1c_read(c, &s, &st, false, a % 64, now, &latency, &policy) == L1C_READ_MISS)
            l1c_insert(c, &s, &st, a % 64, policy, NULL);
    }
    assert_int_equal(l1c_sm_eps(c), 2);
    assert_int_equal(l1c_sm_accesses(c), 2 * LATTE_EP_ACCESSES + 1);
    assert_int_equal(st.eps, 2);
    assert_int_equal(st.timeline_n, 0);   /* not SM 0: no timeline point */
    l1c_sm_free(c);
    l1c_setup_free(&s);
}

/* Two hits on SC lines in the same cycle: the second waits for the first's decompression (one
 * decompressor per SM, one line at a time; docs/latte.md 5.1). */
static void test_decompression_queue(void **state) {
    (void)state;
    l1c_setup s;
    l1c_sm *c = new_l1(&s, L1C_BDI);
    static l1c_stats st;
    memset(&st, 0, sizeof st);
    uint64_t lines[2], now = 0;
    assert_int_equal(find_lines(7, true, lines, 2), 2);
    for (unsigned i = 0; i < 2; i++) touch(c, &s, &st, lines[i], &now);
    unsigned lat[2], policy;
    for (unsigned i = 0; i < 2; i++) assert_int_equal(l1c_read(c, &s, &st, true, lines[i], 100, &lat[i], &policy), L1C_READ_HIT);
    unsigned d = s.params.dlat[LATTE_MODE_LL];
    assert_int_equal(lat[0], s.hit_latency + d);
    assert_int_equal(lat[1], s.hit_latency + 2 * d);
    assert_int_equal(st.queue_wait_cycles, d);
    l1c_sm_free(c);
}

/* l1_compression_full_size (the what-if that separates capacity from latency): the 16 lines of
 * test_compressed_l1_holds_more_lines, each one BDI sub-block, still go in compressed (a hit
 * decompresses, at the mode's latency) but take a whole line's four sub-blocks, so set 5 keeps
 * the last 4 of them like the uncompressed L1. */
static void test_full_size_keeps_latency_not_capacity(void **state) {
    (void)state;
    uint64_t lines[16];
    assert_int_equal(find_lines(5, true, lines, 16), 16);
    sim_config cfg;
    latte_config(&cfg, L1C_BDI);
    cfg.l1_compression_full_size = 1;
    char err[256];
    l1c_setup s;
    if (!l1c_setup_init(&s, &cfg, &img, err, sizeof err)) fail_msg("%s", err);
    l1c_sm *c = l1c_sm_new(&s, err, sizeof err);
    if (!c) fail_msg("%s", err);
    static l1c_stats st;
    memset(&st, 0, sizeof st);
    uint64_t now = 0;
    for (unsigned i = 0; i < 16; i++) assert_false(touch(c, &s, &st, lines[i], &now));
    assert_int_equal(st.stored[LATTE_MODE_LL], 16);
    assert_int_equal(l1c_effective_bytes(c), 4u * 128u);
    assert_false(l1c_present(c, lines[0]));
    unsigned latency = 0, policy = 0;
    assert_int_equal(l1c_read(c, &s, &st, true, lines[15], 1000, &latency, &policy), L1C_READ_HIT);
    assert_int_equal(latency, s.hit_latency + s.params.dlat[LATTE_MODE_LL]);
    assert_int_equal(st.hits[LATTE_MODE_LL], 1);
    l1c_sm_free(c);
    l1c_setup_free(&s);
}

/* A full queue (64 compressed hits in one cycle) refuses the next compressed hit, but an
 * uncompressed hit passes it and reports the saturated position 63 to the controller (it refused
 * 64: "controller refused a hit" in whole-application runs of seed 004, docs/latte.md 5.1). */
static void test_uncompressed_hit_behind_a_full_queue(void **state) {
    (void)state;
    l1c_setup s;
    l1c_sm *c = new_l1(&s, L1C_BDI);
    static l1c_stats st;
    memset(&st, 0, sizeof st);
    uint64_t small, plain, now = 0;
    assert_int_equal(find_lines(7, true, &small, 1), 1);
    assert_int_equal(find_lines(9, false, &plain, 1), 1);
    touch(c, &s, &st, small, &now);
    touch(c, &s, &st, plain, &now);
    unsigned lat, policy;
    for (unsigned i = 0; i < L1C_QUEUE; i++) assert_int_equal(l1c_read(c, &s, &st, true, small, 100, &lat, &policy), L1C_READ_HIT);
    assert_int_equal(l1c_read(c, &s, &st, true, small, 100, &lat, &policy), L1C_READ_BUSY);
    assert_int_equal(l1c_read(c, &s, &st, true, plain, 100, &lat, &policy), L1C_READ_HIT);
    assert_int_equal(lat, s.hit_latency);
    l1c_sm_free(c);
}

/* End to end on a small machine: every scheme runs, every compressed hit is decompressed with
 * the codec's C model and compared with the line (a mismatch stops npsim), compressed hits
 * happen, and the energy carries the seed's per-access codec energies. */
static void test_schemes_end_to_end(void **state) {
    (void)state;
    static const sim_l1_compression schemes[] = {L1C_BDI, L1C_SC, L1C_BPC, L1C_LATTE, L1C_LATTE_BPC, L1C_HIT_COUNT,
                                                 L1C_CMP, L1C_KERNEL_OPT};
    sim_config cfg;
    latte_config(&cfg, L1C_NONE);
    cfg.topology = TOPO_CROSSBAR;
    cfg.sms = 5;
    cfg.mcs = 2;
    cfg.warps_per_sm = 16;
    char err[512];
    trace_t t;
    trace_init(&t);
    if (!tracegen("mix", &cfg, &img, 24, &t, err, sizeof err)) fail_msg("%s", err);
    static gpu_stats base, st;
    if (!gpu_run(&cfg, &img, &t, &base, NULL, err, sizeof err)) fail_msg("%s", err);
    for (unsigned k = 0; k < sizeof schemes / sizeof schemes[0]; k++) {
        cfg.l1_compression = schemes[k];
        if (!gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err)) fail_msg("%s: %s", config_l1_compression_name(schemes[k]), err);
        assert_int_equal(st.instructions, base.instructions);
        assert_int_equal(st.reads, base.reads);
        if (schemes[k] == L1C_KERNEL_OPT) {
            assert_true(st.completion_cycles <= base.completion_cycles);
            continue;
        }
        /* the run length (Kernel-OPT's may be the uncompressed L1's, which has none): EPs of the SM with fewest and most bracket the mean */
        assert_int_equal(st.l1c.sms, cfg.sms);
        assert_int_equal(st.l1c.period_eps, LATTE_PERIOD_EPS);
        assert_true(st.l1c.sm_eps_max > 0);
        assert_true(st.l1c.sm_eps_min * cfg.sms <= st.l1c.eps && st.l1c.eps <= st.l1c.sm_eps_max * cfg.sms);
        assert_int_equal(st.l1c.sms_accessed, cfg.sms);
        assert_int_equal(st.l1c.accessed_eps_min, st.l1c.sm_eps_min);
        uint64_t compressed_hits = st.l1c.hits[LATTE_MODE_LL] + st.l1c.hits[LATTE_MODE_HC];
        if (schemes[k] == L1C_BDI || schemes[k] == L1C_SC || schemes[k] == L1C_BPC) assert_true(compressed_hits > 0);
        assert_int_equal(st.l1c.checked, compressed_hits);
        energy_report e;
        energy_of(&st, &e);
        double want = st.l1c.compressions[LATTE_MODE_LL] * ENERGY_BDI_COMP_NJ +
                      (!strcmp(st.l1c.codec_name[LATTE_MODE_HC], "sc") ? st.l1c.compressions[LATTE_MODE_HC] * ENERGY_SC_COMP_NJ : 0);
        assert_true(e.compress > want - 1e-6 && e.compress < want + 1e-6);
    }
    /* the same trace on one SM more: the idle SM has no EP, so the minimum over all SMs is 0, while
     * the minimum over the SMs with L1 accesses is the five SMs' as before */
    cfg.l1_compression = L1C_LATTE;
    if (!gpu_run(&cfg, &img, &t, &base, NULL, err, sizeof err)) fail_msg("%s", err);
    cfg.sms = 6;
    if (!gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err)) fail_msg("%s", err);
    assert_int_equal(st.l1c.sms, 6);
    assert_int_equal(st.l1c.sm_eps_min, 0);
    assert_int_equal(st.l1c.sms_accessed, 5);
    assert_true(st.l1c.accessed_eps_min > 0);
    assert_int_equal(st.l1c.eps, base.l1c.eps);
    cfg.sms = 5;
    /* the configuration errors */
    cfg.l1_compression = L1C_LATTE;
    cfg.core = CORE_NONE;
    assert_false(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
    assert_non_null(strstr(err, "core = sm"));
    trace_free(&t);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_compressed_l1_holds_more_lines),
        cmocka_unit_test(test_mode_follows_the_counters),
        cmocka_unit_test(test_decompression_queue),
        cmocka_unit_test(test_every_sm_counts_its_eps),
        cmocka_unit_test(test_uncompressed_hit_behind_a_full_queue),
        cmocka_unit_test(test_full_size_keeps_latency_not_capacity),
        cmocka_unit_test(test_schemes_end_to_end),
    };
    return cmocka_run_group_tests_name("sim_latte", tests, sim_test_group_setup, sim_test_group_teardown);
}
