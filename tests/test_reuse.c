/* Unit tests of the reuse-distance analyzer (docs/ba.md section 6): distances against a
 * brute-force reference (count the distinct lines between two accesses) on random traces of
 * several geometries, a hand-worked trace, Table 1 classes and Figure 6 bins. (The trace formats
 * are the tools' one parser's, sim/trace/trace.c, tested by test_sim_files and fuzz_sim_trace_*;
 * the library's own parser, reuse_trace_parse, was removed in 3.0.0.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "reuse.h"

/* Distinct lines among line[from..to) that satisfy the set filter (sets = 0: all). */
static uint64_t brute_distance(const uint64_t *line, size_t i, unsigned sets) {
    const uint64_t mask = sets ? sets - 1u : 0;
    const uint64_t set = line[i] & mask;
    size_t p = i;
    while (p > 0 && line[p - 1] != line[i]) p--;
    if (p == 0) return REUSE_INF;
    p--;   /* the previous access */
    uint64_t distinct = 0;
    for (size_t k = p + 1; k < i; k++) {
        if (sets && (line[k] & mask) != set) continue;
        bool seen = false;
        for (size_t j = p + 1; j < k && !seen; j++) {
            seen = line[j] == line[k];
        }
        distinct += seen ? 0u : 1u;
    }
    return distinct;
}

static void test_hand_worked(void **state) {
    (void)state;
    /* lines a=0 b=2 c=1 (2 sets: a, b in set 0; c in set 1): a b c a b b */
    const uint64_t line[6] = {0, 2, 1, 0, 2, 2};
    uint64_t ds[6], df[6];
    reuse_report r;
    assert_int_equal(reuse_analyze(line, 6, 2, 1, &r, ds, df), NP_OK);
    const uint64_t want_fa[6] = {REUSE_INF, REUSE_INF, REUSE_INF, 2, 2, 0};
    const uint64_t want_set[6] = {REUSE_INF, REUSE_INF, REUSE_INF, 1, 1, 0};
    for (unsigned i = 0; i < 6; i++) {
        assert_int_equal(df[i], want_fa[i]);
        assert_int_equal(ds[i], want_set[i]);
    }
    assert_int_equal(r.distinct, 3);
    /* per set, n = 1 way: rd0 = {d=0}, rd1 = {1, 1}, rd2 = 3 first accesses */
    assert_int_equal(r.rd_set[0], 1);
    assert_int_equal(r.rd_set[1], 2);
    assert_int_equal(r.rd_set[2], 3);
    /* fully associative, n = 2 lines: 0 -> rd0; 2, 2 -> rd1 */
    assert_int_equal(r.rd_fa[0], 1);
    assert_int_equal(r.rd_fa[1], 2);
    assert_int_equal(r.rd_fa[2], 3);
}

static void test_against_brute_force(void **state) {
    (void)state;
    static const unsigned geo[][2] = {{1, 4}, {2, 2}, {4, 4}, {16, 8}, {32, 4}};
    uint64_t x = 2024;
    for (unsigned g = 0; g < sizeof geo / sizeof geo[0]; g++) {
        for (unsigned trial = 0; trial < 4; trial++) {
            const size_t n = 1500;
            uint64_t line[1500], ds[1500], df[1500];
            const uint64_t range = 8u << (trial * 2);   /* 8 .. 512 distinct lines */
            for (size_t i = 0; i < n; i++) {
                x = x * 6364136223846793005ull + 1442695040888963407ull;
                line[i] = (x >> 33) % range + ((x >> 20) & 1 ? 0 : (UINT64_C(1) << 40));
            }
            reuse_report r;
            const unsigned sets = geo[g][0], ways = geo[g][1];
            assert_int_equal(reuse_analyze(line, n, sets, ways, &r, ds, df), NP_OK);
            uint64_t rd_set[3] = {0, 0, 0};
            uint64_t hist[REUSE_MAX_BINS] = {0};
            for (size_t i = 0; i < n; i++) {
                const uint64_t bs = brute_distance(line, i, sets);
                const uint64_t bf = brute_distance(line, i, 0);
                assert_int_equal(ds[i], bs);
                assert_int_equal(df[i], bf);
                rd_set[bs == REUSE_INF ? 2 : bs < ways ? 0 : 1]++;
                hist[reuse_bin_of(&r, bf)]++;
            }
            for (unsigned k = 0; k < 3; k++) assert_int_equal(r.rd_set[k], rd_set[k]);
            for (unsigned b = 0; b < r.bins; b++) assert_int_equal(r.hist[b], hist[b]);
            assert_int_equal(r.rd_fa[0] + r.rd_fa[1] + r.rd_fa[2], n);
        }
    }
}

static void test_bins(void **state) {
    (void)state;
    uint64_t lo[REUSE_MAX_BINS];
    /* 128 lines: the seed's seven intervals (Figure 6) */
    assert_int_equal(reuse_bins(128, lo), 7);
    const uint64_t want[7] = {0, 8, 16, 32, 64, 128, REUSE_INF};
    for (unsigned i = 0; i < 7; i++) assert_int_equal(lo[i], want[i]);
    assert_int_equal(reuse_bins(4, lo), 3);   /* [0,4), [4,inf), inf */
    assert_int_equal(lo[1], 4);
    reuse_report r;
    memset(&r, 0, sizeof r);
    r.bins = reuse_bins(128, r.bin_lo);
    assert_int_equal(reuse_bin_of(&r, 7), 0);
    assert_int_equal(reuse_bin_of(&r, 8), 1);
    assert_int_equal(reuse_bin_of(&r, 127), 4);
    assert_int_equal(reuse_bin_of(&r, 128), 5);
    assert_int_equal(reuse_bin_of(&r, 1000000), 5);
    assert_int_equal(reuse_bin_of(&r, REUSE_INF), 6);
    assert_int_equal(reuse_analyze(NULL, 0, 16, 8, &r, NULL, NULL), NP_OK);
    assert_int_equal(reuse_analyze(NULL, 0, 12, 8, &r, NULL, NULL), NP_BAD_PARAM);
    assert_int_equal(reuse_analyze(NULL, 0, 16, 0, &r, NULL, NULL), NP_BAD_PARAM);
}

typedef struct {
    uint64_t calls, last_done, total;
    bool in_order;
} progress_log;

static void log_progress(void *ctx, uint64_t done, uint64_t total) {
    progress_log *p = ctx;
    if (p->calls > 0 && done != p->last_done + REUSE_PROGRESS_EVERY) p->in_order = false;
    p->calls++;
    p->last_done = done;
    p->total = total;
}

/* The progress callback is called every REUSE_PROGRESS_EVERY accesses with the count done and n,
 * and changes nothing of the result. */
static void test_progress(void **state) {
    (void)state;
    const size_t n = 3 * REUSE_PROGRESS_EVERY + 17;
    uint64_t *line = malloc(n * sizeof *line);
    assert_non_null(line);
    uint64_t x = 7;
    for (size_t i = 0; i < n; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        line[i] = (x >> 33) % 50000u;
    }
    reuse_report plain, with;
    progress_log log = {0, 0, 0, true};
    assert_int_equal(reuse_analyze(line, n, 16, 8, &plain, NULL, NULL), NP_OK);
    assert_int_equal(reuse_analyze_progress(line, n, 16, 8, &with, NULL, NULL, log_progress, &log), NP_OK);
    assert_memory_equal(&plain, &with, sizeof plain);
    assert_int_equal(log.calls, 4);               /* at 0, 65536, 131072, 196608 */
    assert_true(log.in_order);
    assert_int_equal(log.last_done, 3 * REUSE_PROGRESS_EVERY);
    assert_int_equal(log.total, n);
    free(line);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_worked),
        cmocka_unit_test(test_against_brute_force),
        cmocka_unit_test(test_bins),
        cmocka_unit_test(test_progress),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
