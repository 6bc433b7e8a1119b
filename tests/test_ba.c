/* Unit tests of the BA tag unit model (docs/ba.md): the seed's work flow (Figure 17) worked
 * by hand, the threshold rule at its boundaries (n0 = T, T - 1, 0; T = 0 and T = ways), LRU
 * order, write-evict / write-no-allocate, invalidate-all, the stages against the whole, the
 * LRU mode against an independent reference (a per-set recency list), the LRU mode's hit
 * count against the reuse-distance analyzer (seed 002 sec. 3.1: an access hits an LRU cache
 * of n ways exactly when its per-set distance is below n), and configuration errors. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ba.h"
#include "reuse.h"

/* Line address of (set, tag) for a cache with 2^index_bits sets. */
static uint64_t la(const ba_cache *c, unsigned set, uint64_t tag) {
    return (tag << c->index_bits) | set;
}

static ba_cache make(unsigned sets, unsigned ways, unsigned threshold, ba_mode mode) {
    ba_config cfg = {sets, ways, BA_ADDR_BITS, threshold, mode};
    ba_cache c;
    assert_int_equal(ba_init(&c, &cfg), NP_OK);
    return c;
}

static void expect(ba_cache *c, unsigned set, uint64_t tag, ba_op op, ba_outcome outcome,
                   unsigned way, bool victim_valid, uint64_t victim_tag) {
    const ba_result r = ba_access(c, la(c, set, tag), op);
    assert_string_equal(ba_outcome_name(r.outcome), ba_outcome_name(outcome));
    assert_int_equal(r.set, set);
    assert_int_equal(r.way, way);
    assert_int_equal(r.victim_valid, victim_valid);
    assert_int_equal(r.victim_tag, victim_tag);
}

static void rd(ba_cache *c, unsigned set, uint64_t tag, ba_outcome o, unsigned way) {
    expect(c, set, tag, BA_OP_READ, o, way, false, 0);
}

static void rd_victim(ba_cache *c, unsigned set, uint64_t tag, ba_outcome o, unsigned way,
                      uint64_t victim) {
    expect(c, set, tag, BA_OP_READ, o, way, true, victim);
}

static void fill_set(ba_cache *c, unsigned set, uint64_t first_tag) {
    for (unsigned w = 0; w < c->cfg.ways; w++) {
        rd(c, set, first_tag + w, BA_MISS_FILL, w);
    }
}

/* ---- configuration ---------------------------------------------------------------------- */

static void test_config(void **state) {
    (void)state;
    ba_config cfg;
    ba_config_default(&cfg, 8, BA_MODE_BA);
    assert_int_equal(cfg.sets, 16);
    assert_int_equal(cfg.threshold, 4);
    assert_int_equal(cfg.addr_bits, 41);
    ba_config_default(&cfg, 4, BA_MODE_LRU);
    assert_int_equal(cfg.sets, 32);
    assert_int_equal(cfg.threshold, 2);
    assert_int_equal(ba_config_check(&cfg), NP_OK);
    ba_cache c;
    ba_config bad = cfg;
    bad.sets = 12;
    assert_int_equal(ba_init(&c, &bad), NP_BAD_PARAM);
    assert_null(c.line);
    bad = cfg;
    bad.threshold = 5;
    assert_int_equal(ba_init(&c, &bad), NP_BAD_PARAM);
    bad = cfg;
    bad.ways = BA_MAX_WAYS + 1;
    assert_int_equal(ba_config_check(&bad), NP_BAD_PARAM);
    bad = cfg;
    bad.ways = 0;
    assert_int_equal(ba_config_check(&bad), NP_BAD_PARAM);
    bad = cfg;
    bad.addr_bits = 4;   /* fewer than the 5 index bits */
    assert_int_equal(ba_config_check(&bad), NP_BAD_PARAM);
    bad = cfg;
    bad.mode = (ba_mode)2;
    assert_int_equal(ba_config_check(&bad), NP_BAD_PARAM);
    assert_int_equal(ba_init(NULL, &cfg), NP_BAD_PARAM);
    assert_null(ba_outcome_name((ba_outcome)8));
    assert_true(ba_outcome_goes_to_memory(BA_BYPASS));
    assert_false(ba_outcome_goes_to_memory(BA_HIT));
}

static void test_address_split(void **state) {
    (void)state;
    ba_cache c = make(16, 8, 4, BA_MODE_BA);
    assert_int_equal(c.index_bits, 4);
    assert_int_equal(c.tag_bits, 37);
    assert_int_equal(ba_set_of(&c, 0x1234567), 7);
    assert_int_equal(ba_tag_of(&c, 0x1234567), 0x123456);
    /* bits above the 41-bit port are ignored */
    assert_int_equal(ba_tag_of(&c, (UINT64_C(1) << 41) | 0x35), 3);
    ba_free(&c);
}

/* ---- the seed's work flow (Figure 17), worked by hand --------------------------------- */

/* 4 ways, threshold 2. Fill, hit, bypass when full, pseudo hit, hit. */
static void test_work_flow(void **state) {
    (void)state;
    ba_cache c = make(4, 4, 2, BA_MODE_BA);
    fill_set(&c, 1, 0x10);                          /* ways 0..3, ages 3,2,1,0 */
    rd(&c, 1, 0x10, BA_HIT, 0);                     /* reuse(0) = 1 */
    /* set full, n0 = 3 >= 2: oldest never-reused line is way 1 (0x11) */
    rd_victim(&c, 1, 0x20, BA_BYPASS, 1, 0x11);
    const ba_line *s = ba_set_lines(&c, 1);
    assert_true(s[1].valid && s[1].bypass && !s[1].reuse);
    assert_int_equal(s[1].tag, 0x20);
    assert_int_equal(s[1].age, 0);                  /* bypass record becomes most recent */
    rd(&c, 1, 0x20, BA_PSEUDO_HIT, 1);
    assert_true(s[1].reuse && !s[1].bypass);
    rd(&c, 1, 0x20, BA_HIT, 1);
    /* the bypassed line's old tag now misses: n0 = 2 (ways 2, 3) >= 2: oldest is way 2 */
    rd_victim(&c, 1, 0x11, BA_BYPASS, 2, 0x12);
    /* other sets are untouched */
    rd(&c, 2, 0x11, BA_MISS_FILL, 0);
    assert_int_equal(c.count[BA_BYPASS], 2);
    assert_int_equal(c.count[BA_PSEUDO_HIT], 1);
    assert_int_equal(c.count[BA_HIT], 2);
    assert_int_equal(c.count[BA_MISS_FILL], 5);
    ba_free(&c);
}

/* ---- threshold boundaries --------------------------------------------------------------- */

/* 8 ways, threshold 4: the sequence the golden vectors call "threshold" (docs/ba.md 8). */
static void test_threshold_boundaries(void **state) {
    (void)state;
    ba_cache c = make(16, 8, 4, BA_MODE_BA);
    const unsigned set = 5;
    fill_set(&c, set, 0x10);
    rd_victim(&c, set, 0x30, BA_BYPASS, 0, 0x10);   /* n0 = 8: oldest of all */
    rd(&c, set, 0x11, BA_HIT, 1);
    rd(&c, set, 0x12, BA_HIT, 2);
    rd(&c, set, 0x13, BA_HIT, 3);
    rd(&c, set, 0x30, BA_PSEUDO_HIT, 0);
    /* n0 = 4 = T: from the never-reused lines (ways 4..7), oldest way 4 */
    rd_victim(&c, set, 0x31, BA_BYPASS, 4, 0x14);
    rd(&c, set, 0x16, BA_HIT, 6);
    /* n0 = 3 < T: from the reused lines {0,1,2,3,6}, oldest way 1 (touched first) */
    rd_victim(&c, set, 0x32, BA_BYPASS, 1, 0x11);
    /* the victim became never-reused: n0 = 4 again -> never-reused {1,4,5,7}, oldest 5 */
    rd_victim(&c, set, 0x33, BA_BYPASS, 5, 0x15);
    static const uint64_t present[8] = {0x30, 0x32, 0x12, 0x13, 0x31, 0x33, 0x16, 0x17};
    static const unsigned way_of[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    static const ba_outcome kind[8] = {BA_HIT, BA_PSEUDO_HIT, BA_HIT, BA_HIT,
                                       BA_PSEUDO_HIT, BA_PSEUDO_HIT, BA_HIT, BA_HIT};
    for (unsigned k = 0; k < 8; k++) {
        rd(&c, set, present[k], kind[k], way_of[k]);
    }
    /* n0 = 0: from the reused lines, the oldest is the first one re-read (0x30, way 0) */
    rd_victim(&c, set, 0x34, BA_BYPASS, 0, 0x30);
    /* n0 = 1 < 4: reused lines again, oldest now way 1 (0x32) */
    rd_victim(&c, set, 0x35, BA_BYPASS, 1, 0x32);
    ba_free(&c);
}

/* Threshold 0: victims from never-reused lines whenever one exists; threshold = ways: from
 * reused lines whenever one exists. */
static void test_threshold_extremes(void **state) {
    (void)state;
    for (unsigned t = 0; t <= 4; t += 4) {
        ba_cache c = make(1, 4, t, BA_MODE_BA);
        fill_set(&c, 0, 0x40);
        rd(&c, 0, 0x40, BA_HIT, 0);                 /* reuse: way 0 */
        rd(&c, 0, 0x41, BA_HIT, 1);                 /* reuse: way 1; n0 = 2 */
        if (t == 0) {
            rd_victim(&c, 0, 0x50, BA_BYPASS, 2, 0x42);   /* never-reused, oldest */
        } else {
            rd_victim(&c, 0, 0x50, BA_BYPASS, 0, 0x40);   /* 2 < 4: reused, oldest */
        }
        ba_free(&c);
    }
    /* threshold 0 with every line reused: the rule falls back to the reused group */
    ba_cache c = make(1, 2, 0, BA_MODE_BA);
    fill_set(&c, 0, 1);
    rd(&c, 0, 1, BA_HIT, 0);
    rd(&c, 0, 2, BA_HIT, 1);
    rd_victim(&c, 0, 3, BA_BYPASS, 0, 1);
    ba_free(&c);
}

/* Every line of a set bypass-tagged; a bypass then victimises a record (no data lost). */
static void test_all_ways_bypassed(void **state) {
    (void)state;
    ba_cache c = make(2, 4, 2, BA_MODE_BA);
    fill_set(&c, 0, 0x10);
    for (unsigned k = 0; k < 4; k++) {
        const ba_result r = ba_access(&c, la(&c, 0, 0x20 + k), BA_OP_READ);
        assert_int_equal(r.outcome, BA_BYPASS);
        assert_int_equal(r.way, k);                 /* oldest never-reused each time */
        assert_true(r.victim_had_data);
    }
    for (unsigned w = 0; w < 4; w++) {
        assert_true(ba_set_lines(&c, 0)[w].bypass);
    }
    const ba_result r = ba_access(&c, la(&c, 0, 0x30), BA_OP_READ);
    assert_int_equal(r.outcome, BA_BYPASS);
    assert_int_equal(r.way, 0);
    assert_int_equal(r.victim_tag, 0x20);
    assert_false(r.victim_had_data);
    ba_free(&c);
}

/* ---- writes and invalidate ---------------------------------------------------------------- */

static void test_writes(void **state) {
    (void)state;
    for (int m = 0; m < 2; m++) {
        const ba_mode mode = m ? BA_MODE_BA : BA_MODE_LRU;
        ba_cache c = make(4, 4, 2, mode);
        fill_set(&c, 3, 0x70);
        expect(&c, 3, 0x72, BA_OP_WRITE, BA_WRITE_EVICT, 2, false, 0);
        assert_false(ba_set_lines(&c, 3)[2].valid);
        expect(&c, 3, 0x72, BA_OP_WRITE, BA_WRITE_AROUND, 0, false, 0);
        expect(&c, 3, 0x99, BA_OP_WRITE, BA_WRITE_AROUND, 0, false, 0);
        rd(&c, 3, 0x72, BA_MISS_FILL, 2);           /* the freed line is refilled */
        /* op 3 decodes as invalidate-all, as the RTL's bit 1 */
        expect(&c, 0, 0, (ba_op)3, BA_INVALIDATED, 0, false, 0);
        for (unsigned w = 0; w < 4; w++) {
            assert_false(ba_set_lines(&c, 3)[w].valid);
            assert_int_equal(ba_set_lines(&c, 3)[w].age, w);
        }
        rd(&c, 3, 0x72, BA_MISS_FILL, 0);
        ba_free(&c);
    }
    /* BA: a write to a bypass record invalidates it too */
    ba_cache c = make(1, 2, 1, BA_MODE_BA);
    fill_set(&c, 0, 1);
    rd_victim(&c, 0, 9, BA_BYPASS, 0, 1);
    expect(&c, 0, 9, BA_OP_WRITE, BA_WRITE_EVICT, 0, false, 0);
    rd(&c, 0, 9, BA_MISS_FILL, 0);
    ba_free(&c);
}

/* ---- LRU mode --------------------------------------------------------------------------- */

static void test_lru_mode(void **state) {
    (void)state;
    ba_cache c = make(2, 4, 2, BA_MODE_LRU);
    fill_set(&c, 0, 0x10);
    rd(&c, 0, 0x10, BA_HIT, 0);
    rd_victim(&c, 0, 0x20, BA_MISS_EVICT, 1, 0x11);   /* LRU: way 1 */
    rd(&c, 0, 0x20, BA_HIT, 1);                          /* filled, no pseudo hit */
    rd_victim(&c, 0, 0x21, BA_MISS_EVICT, 2, 0x12);
    assert_int_equal(c.count[BA_BYPASS] + c.count[BA_PSEUDO_HIT], 0);
    ba_free(&c);
}

/* Independent LRU reference: per set a recency list of tags (front = most recent). */
typedef struct {
    uint64_t tag[BA_MAX_WAYS];
    unsigned n;
} ref_set;

static bool ref_access(ref_set *s, unsigned ways, uint64_t tag, bool write) {
    unsigned i = 0;
    while (i < s->n && s->tag[i] != tag) i++;
    const bool hit = i < s->n;
    if (write) {
        if (hit) {   /* write-evict: remove */
            memmove(&s->tag[i], &s->tag[i + 1], (s->n - i - 1) * sizeof s->tag[0]);
            s->n--;
        }
        return hit;
    }
    if (!hit) {
        i = s->n < ways ? s->n++ : ways - 1;
    }
    memmove(&s->tag[1], &s->tag[0], i * sizeof s->tag[0]);
    s->tag[0] = tag;
    return hit;
}

static void test_lru_against_reference(void **state) {
    (void)state;
    const unsigned sets = 8, ways = 4;
    ba_cache c = make(sets, ways, 2, BA_MODE_LRU);
    ref_set *ref = calloc(sets, sizeof *ref);
    assert_non_null(ref);
    uint64_t x = 12345;
    for (unsigned i = 0; i < 200000; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        const uint64_t line = (x >> 33) % 96;     /* 12 tags per set: hits and misses */
        const bool write = ((x >> 20) & 15) == 0;
        const unsigned set = (unsigned)(line % sets);
        const bool hit = ref_access(&ref[set], ways, line / sets, write);
        const ba_result r = ba_access(&c, line, write ? BA_OP_WRITE : BA_OP_READ);
        if (write) {
            assert_int_equal(r.outcome, hit ? BA_WRITE_EVICT : BA_WRITE_AROUND);
        } else {
            assert_int_equal(r.outcome == BA_HIT, hit);
        }
    }
    free(ref);
    ba_free(&c);
}

/* Seed 002 sec. 3.1: in an n-way LRU cache an access hits exactly when its per-set reuse
 * distance is below n: the LRU mode's hit count equals the analyzer's rd0, access by access. */
static void test_lru_hits_equal_rd0(void **state) {
    (void)state;
    const unsigned sets = 16, ways = 8;
    const size_t n = 100000;
    uint64_t *line = malloc(n * sizeof *line);
    uint64_t *dist = malloc(n * sizeof *dist);
    assert_non_null(line);
    assert_non_null(dist);
    uint64_t x = 99;
    for (size_t i = 0; i < n; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        line[i] = (x >> 40) % 400;
    }
    reuse_report rep;
    assert_int_equal(reuse_analyze(line, n, sets, ways, &rep, dist, NULL), NP_OK);
    ba_cache c = make(sets, ways, 4, BA_MODE_LRU);
    for (size_t i = 0; i < n; i++) {
        const ba_result r = ba_access(&c, line[i], BA_OP_READ);
        assert_int_equal(r.outcome == BA_HIT, dist[i] != REUSE_INF && dist[i] < ways);
    }
    assert_int_equal(c.count[BA_HIT], rep.rd_set[0]);
    assert_int_equal(c.count[BA_MISS_FILL] + c.count[BA_MISS_EVICT], rep.rd_set[1] + rep.rd_set[2]);
    ba_free(&c);
    free(line);
    free(dist);
}

/* ---- stages ----------------------------------------------------------------------------- */

static void test_stages(void **state) {
    (void)state;
    /* the ba_lookup worked example of rtl/ba/ba_lookup.v */
    ba_line s[4];
    memset(s, 0, sizeof s);
    const uint64_t tags[4] = {5, 3, 9, 7};
    for (unsigned w = 0; w < 4; w++) {
        s[w].tag = tags[w];
        s[w].valid = w != 2;
        s[w].age = (uint8_t)w;
    }
    s[1].bypass = true;
    ba_lookup_out lk = ba_lookup(s, 4, 3);
    assert_true(lk.match);
    assert_int_equal(lk.match_way, 1);
    assert_true(lk.match_bypass);
    assert_true(lk.has_free);
    assert_int_equal(lk.free_way, 2);
    assert_int_equal(ba_decide(BA_MODE_BA, BA_OP_READ, &lk), BA_PSEUDO_HIT);
    lk = ba_lookup(s, 4, 9);   /* tag of an invalid line: no match */
    assert_false(lk.match);
    assert_int_equal(ba_decide(BA_MODE_BA, BA_OP_READ, &lk), BA_MISS_FILL);
    lk.has_free = false;
    assert_int_equal(ba_decide(BA_MODE_BA, BA_OP_READ, &lk), BA_BYPASS);
    assert_int_equal(ba_decide(BA_MODE_LRU, BA_OP_READ, &lk), BA_MISS_EVICT);
    assert_int_equal(ba_decide(BA_MODE_LRU, BA_OP_WRITE, &lk), BA_WRITE_AROUND);
    /* the ba_victim worked example: reuse {w3..w0} = 0011, ages {w3..w0} = {0,3,1,2} */
    const uint8_t ages[4] = {2, 1, 3, 0};
    for (unsigned w = 0; w < 4; w++) {
        s[w].valid = true;
        s[w].age = ages[w];
        s[w].reuse = w < 2;
    }
    assert_int_equal(ba_victim(s, 4, BA_MODE_BA, 2), 2);
    s[2].reuse = true;   /* reuse 0111: n0 = 1 < 2 -> reused {0,1,2}, oldest 2 */
    assert_int_equal(ba_victim(s, 4, BA_MODE_BA, 2), 2);
    s[2].reuse = false;
    assert_int_equal(ba_victim(s, 4, BA_MODE_LRU, 2), 2);
    assert_int_equal(ba_victim(s, 4, BA_MODE_BA, 3), 0);   /* n0 = 2 < 3: reused {0,1}: 0 */
    /* the ba_lru_update worked example: ages {w3..w0} = {3,2,1,0}, touch 2 -> {3,0,2,1} */
    for (unsigned w = 0; w < 4; w++) s[w].age = (uint8_t)w;
    ba_touch(s, 4, 2);
    assert_int_equal(s[0].age, 1);
    assert_int_equal(s[1].age, 2);
    assert_int_equal(s[2].age, 0);
    assert_int_equal(s[3].age, 3);
}

/* Ages stay a permutation and a tag is never held twice in a set, under random traffic. */
static void test_invariants(void **state) {
    (void)state;
    for (int m = 0; m < 2; m++) {
        ba_cache c = make(4, 8, 3, m ? BA_MODE_BA : BA_MODE_LRU);
        uint64_t x = 7;
        for (unsigned i = 0; i < 100000; i++) {
            x = x * 6364136223846793005ull + 1442695040888963407ull;
            const unsigned r = (unsigned)(x >> 59);
            const ba_op op = r == 0 ? BA_OP_WRITE : (i % 20011 == 0 ? BA_OP_INVALIDATE : BA_OP_READ);
            const ba_result res = ba_access(&c, (x >> 30) % 80, op);
            const ba_line *s = ba_set_lines(&c, res.set);
            unsigned seen = 0;
            for (unsigned w = 0; w < 8; w++) {
                seen |= 1u << s[w].age;
                for (unsigned v = w + 1; v < 8; v++) {
                    assert_false(s[w].valid && s[v].valid && s[w].tag == s[v].tag);
                }
                assert_false(!m && (s[w].bypass || s[w].reuse));
            }
            assert_int_equal(seen, 0xff);
        }
        ba_free(&c);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config),
        cmocka_unit_test(test_address_split),
        cmocka_unit_test(test_work_flow),
        cmocka_unit_test(test_threshold_boundaries),
        cmocka_unit_test(test_threshold_extremes),
        cmocka_unit_test(test_all_ways_bypassed),
        cmocka_unit_test(test_writes),
        cmocka_unit_test(test_lru_mode),
        cmocka_unit_test(test_lru_against_reference),
        cmocka_unit_test(test_lru_hits_equal_rd0),
        cmocka_unit_test(test_stages),
        cmocka_unit_test(test_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
