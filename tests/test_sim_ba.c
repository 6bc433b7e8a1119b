/* The BA tag unit as the simulator's L1 (l1_policy = ba | tag-lru; docs/sim.md "L1 policies"):
 * - the outcome of every L1 access the simulator makes is the C model's (cmodel/src/ba.c) for
 *   the same access sequence, and each access is decided exactly once (MSHR stalls do not ask
 *   the unit twice);
 * - with one access in flight at a time the simulator's L1 hits are exactly the unit's HITs and
 *   every bypassed reply is delivered without a fill;
 * - where the per-set reuse distance is just above the ways (hot lines between streaming lines)
 *   BA keeps the hot lines and beats LRU, by the counts the model predicts;
 * - with data filtering, df_fill = replace (the default) holds in the tag unit's L1 as in the
 *   LRU L1: a miss's reply replaces the line's sub-blocks; append ORs them;
 * - conservation and determinism with l1_policy = ba, also with data filtering (sector masks);
 * - bad configuration values give file:line errors. */
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

static void base_config(sim_config *cfg, sim_l1_policy policy) {
    sim_test_base_config(cfg);
    cfg->l1_policy = policy;
}

/* ---- the observer: every decision the simulator's L1 took, in order ---------------------------- */

typedef struct {
    unsigned sm;
    uint64_t line;
    bool write;
    ba_result r;
} l1_event;

typedef struct {
    l1_event *ev;
    size_t n, cap;
} l1_log;

static void record(void *ctx, unsigned sm, uint64_t line, bool write, const ba_result *r) {
    l1_log *log = ctx;
    if (log->n == log->cap) {
        log->cap = log->cap ? 2 * log->cap : 256;
        log->ev = realloc(log->ev, log->cap * sizeof *log->ev);
        assert_non_null(log->ev);
    }
    log->ev[log->n++] = (l1_event){sm, line, write, *r};
}

/* A fresh tag unit of the configuration's L1 geometry (the same C model, fed independently). */
static void model_for(const sim_config *cfg, ba_cache *c) {
    ba_config bc;
    ba_config_default(&bc, cfg->l1_assoc, cfg->l1_policy == L1_BA ? BA_MODE_BA : BA_MODE_LRU);
    bc.sets = cfg->l1_kb * 1024u / 128u / cfg->l1_assoc;
    if (cfg->l1_ba_threshold) bc.threshold = cfg->l1_ba_threshold;
    assert_int_equal(ba_init(c, &bc), NP_OK);
}

static void assert_same_result(const ba_result *exp, const ba_result *got, size_t i) {
    if (exp->outcome != got->outcome || exp->way != got->way || exp->set != got->set ||
        exp->victim_valid != got->victim_valid || exp->victim_tag != got->victim_tag)
        fail_msg("access %zu: model %s way %u victim %d/%llx, simulator %s way %u victim %d/%llx", i,
                 ba_outcome_name(exp->outcome), exp->way, exp->victim_valid, (unsigned long long)exp->victim_tag,
                 ba_outcome_name(got->outcome), got->way, got->victim_valid, (unsigned long long)got->victim_tag);
}

/* ---- directed stream: one warp, one access in flight ------------------------------------------ */

/* Line k of set 5 of the default L1 (32 sets x 4 ways): line addresses 5 + 32k. */
static uint64_t set5(unsigned k) { return ((uint64_t)5 + 32u * k) * 128u; }

static void push(trace_t *t, uint64_t addr, bool write) { trace_push(t, (trace_access){addr, 0, 0, write, 0xF, 0}); }

/* Figure 17's flow on one set: fills, hits, a bypass, its pseudo hit, a hit on the refilled line,
 * write-evict of a data line and of a bypass record, write-around, a fill into the freed way. */
static void directed_stream(trace_t *t) {
    static const unsigned reads1[] = {0, 1, 2, 3, 0, 1, 4, 4, 4, 5};
    for (size_t i = 0; i < sizeof reads1 / sizeof reads1[0]; i++) push(t, set5(reads1[i]), false);
    push(t, set5(1), true);          /* write-evict: a data line */
    push(t, set5(5), true);          /* write-evict: a bypass record (BA) or a data line (LRU) */
    push(t, set5(9), true);          /* write-around */
    static const unsigned reads2[] = {6, 6, 0, 7, 2, 3, 8, 8, 8};
    for (size_t i = 0; i < sizeof reads2 / sizeof reads2[0]; i++) push(t, set5(reads2[i]), false);
    push(t, (uint64_t)(9 + 32u * 3) * 128u, false);   /* another set */
}

static void run_logged(const sim_config *cfg, const trace_t *t, gpu_stats *st, l1_log *log) {
    char err[512];
    if (!gpu_run_observed(cfg, &img, t, st, NULL, record, log, err, sizeof err)) fail_msg("%s", err);
}

static void check_sequential_stream(sim_l1_policy policy) {
    sim_config cfg;
    base_config(&cfg, policy);
    cfg.warp_max_outstanding = 1;    /* every access completes before the next issues */
    trace_t t;
    trace_init(&t);
    directed_stream(&t);
    gpu_stats st;
    l1_log log = {0};
    run_logged(&cfg, &t, &st, &log);
    ba_cache model;
    model_for(&cfg, &model);
    assert_int_equal(log.n, t.count);
    for (size_t i = 0; i < t.count; i++) {
        const trace_access *a = &t.a[i];
        ba_result exp = ba_access(&model, a->addr >> 7, a->write ? BA_OP_WRITE : BA_OP_READ);
        assert_int_equal(log.ev[i].sm, 0);
        assert_int_equal(log.ev[i].line, a->addr >> 7);
        assert_int_equal(log.ev[i].write, a->write);
        assert_same_result(&exp, &log.ev[i].r, i);
    }
    /* the stream reaches the outcomes it was written for */
    assert_true(model.count[BA_HIT] >= 3);
    assert_true(model.count[BA_MISS_FILL] >= 5);
    assert_true(model.count[BA_WRITE_EVICT] == 2 && model.count[BA_WRITE_AROUND] == 1);
    if (policy == L1_BA) {
        assert_true(model.count[BA_BYPASS] >= 3 && model.count[BA_PSEUDO_HIT] >= 2);
        assert_int_equal(model.count[BA_MISS_EVICT], 0);
    } else {
        assert_true(model.count[BA_MISS_EVICT] >= 3);
        assert_int_equal(model.count[BA_BYPASS] + model.count[BA_PSEUDO_HIT], 0);
    }
    /* the simulator's data side follows: hits are the unit's HITs, bypassed replies do not fill */
    assert_memory_equal(st.l1_outcome, model.count, sizeof model.count);
    assert_int_equal(st.l1_hits, model.count[BA_HIT]);
    assert_int_equal(st.l1_fills_dropped, model.count[BA_BYPASS]);
    assert_int_equal(st.reads, st.l1_hits + st.l1_misses);
    assert_int_equal(st.mshr_merges, 0);
    assert_int_equal(st.requests, t.count - model.count[BA_HIT]);
    ba_free(&model);
    free(log.ev);
    trace_free(&t);
}

static void test_directed_stream_ba(void **state) {
    (void)state;
    check_sequential_stream(L1_BA);
}

static void test_directed_stream_tag_lru(void **state) {
    (void)state;
    check_sequential_stream(L1_TAG_LRU);
}

/* ---- many warps, fills in flight, MSHR stalls: still the model's decisions, each once ----------- */

static void test_interleaved_stream_is_the_models(void **state) {
    (void)state;
    sim_config cfg;
    base_config(&cfg, L1_BA);
    cfg.l1_mshrs = 2;                /* forces MSHR stalls: a stalled access must not reach the unit */
    cfg.l1_mshr_merge = 2;
    cfg.warp_max_outstanding = 4;
    trace_t t;
    trace_init(&t);
    uint64_t x = 12345;
    for (unsigned i = 0; i < 3000; i++) {          /* 3 SMs x 8 warps over 12 lines of 2 sets */
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        unsigned k = (unsigned)(x >> 59) % 12;
        uint64_t line = (uint64_t)(k % 2) * 1 + 32u * (k / 2);
        trace_push(&t, (trace_access){line * 128u, (uint16_t)(i % 3), (uint16_t)((i / 3) % 8),
                                      (uint8_t)((x >> 40) % 10 == 0), 0xF, 0});
    }
    gpu_stats st;
    l1_log log = {0};
    run_logged(&cfg, &t, &st, &log);
    assert_int_equal(log.n, t.count);              /* every access decided exactly once */
    assert_true(st.mshr_stalls > 0);
    ba_cache model[3];
    for (unsigned s = 0; s < 3; s++) model_for(&cfg, &model[s]);
    for (size_t i = 0; i < log.n; i++) {           /* replay in the simulator's issue order, per SM */
        const l1_event *e = &log.ev[i];
        assert_true(e->sm < 3);
        ba_result exp = ba_access(&model[e->sm], e->line, e->write ? BA_OP_WRITE : BA_OP_READ);
        assert_same_result(&exp, &e->r, i);
    }
    uint64_t sum[BA_OUTCOMES] = {0};
    for (unsigned s = 0; s < 3; s++) {
        for (unsigned o = 0; o < BA_OUTCOMES; o++) sum[o] += model[s].count[o];
        ba_free(&model[s]);
    }
    assert_memory_equal(st.l1_outcome, sum, sizeof sum);
    assert_true(sum[BA_BYPASS] > 0 && sum[BA_PSEUDO_HIT] > 0);
    assert_true(st.l1_hits <= sum[BA_HIT]);        /* a HIT whose fill is in flight merges instead */
    free(log.ev);
    trace_free(&t);
}

/* ---- where BA wins: hot lines between streaming lines (per-set distance 4 = ways) ---------------- */

static void test_ba_keeps_hot_lines(void **state) {
    (void)state;
    trace_t t;
    trace_init(&t);
    unsigned next = 10;
    for (unsigned r = 0; r < 3; r++) {             /* warm up: two hot lines, read twice */
        push(&t, set5(0), false);
        push(&t, set5(1), false);
    }
    for (unsigned r = 0; r < 40; r++) {            /* three new lines, then the hot pair */
        for (unsigned s = 0; s < 3; s++) push(&t, set5(next++), false);
        push(&t, set5(0), false);
        push(&t, set5(1), false);
    }
    uint64_t hits[3] = {0};
    static const sim_l1_policy policies[3] = {L1_LRU, L1_TAG_LRU, L1_BA};
    for (unsigned p = 0; p < 3; p++) {
        sim_config cfg;
        base_config(&cfg, policies[p]);
        cfg.warp_max_outstanding = 1;
        gpu_stats st;
        char err[512];
        assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
        hits[p] = st.l1_hits;
        if (policies[p] == L1_LRU) continue;
        ba_cache model;
        model_for(&cfg, &model);
        for (size_t i = 0; i < t.count; i++) ba_access(&model, t.a[i].addr >> 7, BA_OP_READ);
        assert_int_equal(st.l1_hits, model.count[BA_HIT]);
        ba_free(&model);
    }
    assert_int_equal(hits[0], hits[1]);            /* the simulator's LRU and the unit's LRU mode agree */
    assert_true(hits[2] >= hits[0] + 70);          /* BA hits the hot pair in (almost) every round */
    trace_free(&t);
}

/* ---- simple bypassing (l1_policy = bypass, seed 002 sec. 5.5) ---------------------------------
 * Every read is a miss with a request of its own: no hit even on the hot pair LRU and BA keep, and
 * no MSHR merge even when two warps read one line together (LRU merges them); a data-filtering
 * compressor is refused. */
static void test_bypass_sends_every_read(void **state) {
    (void)state;
    trace_t t;
    trace_init(&t);
    for (unsigned r = 0; r < 20; r++)               /* warp 0 and warp 1 read the same two lines */
        for (unsigned w = 0; w < 2; w++) trace_push(&t, (trace_access){set5(r % 2), 0, (uint16_t)w, false, 0xF, 0});
    trace_push(&t, (trace_access){set5(7), 0, 0, true, 0xF, 0});
    gpu_stats st[2];
    static const sim_l1_policy policies[2] = {L1_LRU, L1_BYPASS};
    char err[512];
    for (unsigned p = 0; p < 2; p++) {
        sim_config cfg;
        base_config(&cfg, policies[p]);
        assert_true(config_validate(&cfg, err, sizeof err));
        assert_true(gpu_run(&cfg, &img, &t, &st[p], NULL, err, sizeof err));
        assert_int_equal(st[p].reads, 40);
        assert_int_equal(st[p].replies, st[p].requests);
    }
    assert_true(st[0].l1_hits > 30);               /* LRU keeps both lines */
    assert_int_equal(st[1].l1_hits, 0);
    assert_int_equal(st[1].mshr_merges, 0);
    assert_int_equal(st[1].requests, 41);           /* 40 reads and the write, one request each */
    assert_true(st[1].reply_flits > st[0].reply_flits);
    sim_config cfg;
    base_config(&cfg, L1_BYPASS);
    snprintf(cfg.compressor, sizeof cfg.compressor, "df-truc");
    assert_false(gpu_run(&cfg, &img, &t, &st[1], NULL, err, sizeof err));
    assert_non_null(strstr(err, "l1_policy = bypass"));
    trace_free(&t);
}

/* ---- partial fills through the tag unit (df_fill, seed 000 sec. 4; docs/sim.md "Partial fills") ---
 * One warp reads sub-block 0 of a line, then sub-block 2 (the unit's HIT without the data: a
 * sector miss), then sub-block 0 again, each after the previous one completed. With df_fill =
 * replace the second reply replaces the line's sub-blocks, so the third read misses again (as on
 * the simulator's own LRU L1, test_sim_gpu.c); with append it ORs, so the third read hits. */
static void test_partial_fill_replaces_in_tag_unit(void **state) {
    (void)state;
    trace_t t;
    sim_test_partial_fill_trace(&t);
    static const sim_l1_policy policies[3] = {L1_LRU, L1_TAG_LRU, L1_BA};
    static const sim_df_fill fills[2] = {DF_FILL_REPLACE, DF_FILL_APPEND};
    static const uint64_t misses[2] = {3, 2}, hits[2] = {0, 1}, sector[2] = {2, 1};
    for (unsigned p = 0; p < 3; p++) {
        for (unsigned f = 0; f < 2; f++) {
            sim_config cfg;
            base_config(&cfg, policies[p]);
            cfg.warp_max_outstanding = 1;
            snprintf(cfg.compressor, sizeof cfg.compressor, "df-truc");
            cfg.df_fill = fills[f];
            gpu_stats st;
            char err[512];
            assert_true(gpu_run(&cfg, &img, &t, &st, NULL, err, sizeof err));
            if (st.l1_misses != misses[f] || st.l1_hits != hits[f] || st.sector_misses != sector[f])
                fail_msg("l1_policy %s df_fill %s: %llu misses, %llu hits, %llu sector misses; expected %llu, %llu, %llu",
                         config_l1_policy_name(policies[p]), f ? "append" : "replace",
                         (unsigned long long)st.l1_misses, (unsigned long long)st.l1_hits,
                         (unsigned long long)st.sector_misses, (unsigned long long)misses[f],
                         (unsigned long long)hits[f], (unsigned long long)sector[f]);
            assert_int_equal(st.replies, st.requests);
        }
    }
    trace_free(&t);
}

/* ---- conservation and determinism ------------------------------------------------------------ */

static void test_conservation_and_determinism(void **state) {
    (void)state;
    trace_t t;
    trace_init(&t);
    sim_config cfg;
    base_config(&cfg, L1_BA);
    char err[512];
    assert_true(tracegen("mix", &cfg, &img, 16, &t, err, sizeof err));   /* fills the stencil/graph SMs' sets */
    static const char *const codecs[] = {"none", "dsm", "df-truc", "df-man"};
    for (unsigned k = 0; k < 4; k++) {
        snprintf(cfg.compressor, sizeof cfg.compressor, "%s", codecs[k]);
        gpu_stats a, b;
        assert_true(gpu_run(&cfg, &img, &t, &a, NULL, err, sizeof err));
        assert_true(gpu_run(&cfg, &img, &t, &b, NULL, err, sizeof err));
        assert_memory_equal(&a, &b, sizeof a);
        assert_int_equal(a.reads + a.writes, t.count);
        assert_int_equal(a.reads, a.l1_hits + a.l1_misses);
        uint64_t decided = 0;
        for (unsigned o = 0; o < BA_OUTCOMES; o++) decided += a.l1_outcome[o];
        assert_int_equal(decided, t.count);        /* one decision per access */
        assert_int_equal(a.l1_outcome[BA_WRITE_EVICT] + a.l1_outcome[BA_WRITE_AROUND], a.writes);
        assert_true(a.l1_outcome[BA_BYPASS] > 0);
        assert_int_equal(a.replies + a.dft_merged, a.requests);
        assert_int_equal(a.requests, a.l1_misses - a.mshr_merges + a.extra_requests + a.writes);
        assert_int_equal(a.request_packets, a.requests);
        assert_int_equal(a.reply_packets, a.replies);
        assert_int_equal(a.l2_hits + a.l2_misses, a.replies);
        assert_true(a.l1_fills_dropped <= a.replies);
    }
    trace_free(&t);
}

/* ---- configuration errors -------------------------------------------------------------------- */

static void test_bad_config_names_file_and_line(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    char err[512];
    assert_false(config_load_text(&cfg, "l1.cfg", "l1_kb = 16\nl1_policy = fifo\n", err, sizeof err));
    assert_non_null(strstr(err, "l1.cfg:2:"));
    assert_non_null(strstr(err, "lru | ba | tag-lru | bypass"));
    assert_false(config_load_text(&cfg, "l1.cfg", "# BA\n\nl1_ba_threshold = 33\n", err, sizeof err));
    assert_non_null(strstr(err, "l1.cfg:3:"));
    assert_false(config_set(&cfg, "argument 2", "l1_policy=BA", err, sizeof err));
    assert_non_null(strstr(err, "argument 2"));
    assert_true(config_load_text(&cfg, "l1.cfg", "l1_policy = ba\nl1_kb = 24\n", err, sizeof err));
    assert_false(config_validate(&cfg, err, sizeof err));          /* 48 sets: not a power of two */
    assert_non_null(strstr(err, "power-of-two"));
    assert_true(config_load_text(&cfg, "l1.cfg", "l1_kb = 16\nl1_ba_threshold = 5\n", err, sizeof err));
    assert_false(config_validate(&cfg, err, sizeof err));          /* threshold above 4 ways */
    assert_non_null(strstr(err, "l1_ba_threshold"));
    cfg.l1_ba_threshold = 4;
    assert_true(config_validate(&cfg, err, sizeof err));
    cfg.l1_policy = L1_LRU;
    cfg.l1_kb = 24;
    assert_true(config_validate(&cfg, err, sizeof err));           /* the simulator's LRU takes any geometry */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_directed_stream_ba),
        cmocka_unit_test(test_directed_stream_tag_lru),
        cmocka_unit_test(test_interleaved_stream_is_the_models),
        cmocka_unit_test(test_ba_keeps_hot_lines),
        cmocka_unit_test(test_bypass_sends_every_read),
        cmocka_unit_test(test_partial_fill_replaces_in_tag_unit),
        cmocka_unit_test(test_conservation_and_determinism),
        cmocka_unit_test(test_bad_config_names_file_and_line),
    };
    return cmocka_run_group_tests_name("sim_ba", tests, sim_test_group_setup, sim_test_group_teardown);
}
