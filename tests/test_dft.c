/* Unit tests of the MC data-filtering table model (docs/dpc.md sections 6 and 7):
 * FDR bypass, allocation at the lowest free index, merge by OR, FULL when the table is full
 * with nothing lost, reply hands the map over and frees, grouping ends when the reply leaves,
 * same-cycle order (reply first), the hardware rules for map 0, out-of-range and free reply
 * indices and over-wide inputs, and a long random run against an independent reference
 * written here (a key -> entry list plus a free mask). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dft.h"

static dft_response req(dft_table *t, unsigned sm, uint64_t addr, unsigned map) {
    dft_response r;
    assert_int_equal(dft_request(t, sm, addr, map, &r), NP_OK);
    return r;
}

static void expect_rsp(dft_response r, dft_action a, unsigned idx, unsigned map) {
    assert_int_equal(r.action, a);
    assert_int_equal(r.idx, idx);
    assert_int_equal(r.map, map);
}

static unsigned reply(dft_table *t, unsigned idx) {
    unsigned map = 0;
    assert_int_equal(dft_reply(t, idx, &map), NP_OK);
    return map;
}

static void test_init(void **state) {
    (void)state;
    dft_table t;
    assert_int_equal(dft_init(&t, 0), NP_BAD_PARAM);
    assert_int_equal(dft_init(&t, DFT_MAX_ENTRIES + 1), NP_BAD_PARAM);
    assert_int_equal(dft_init(NULL, 4), NP_BAD_PARAM);
    assert_int_equal(dft_init(&t, 32), NP_OK);
    assert_int_equal(t.cfg.sm_id_bits, 6);
    assert_int_equal(t.cfg.addr_bits, 41);
    assert_int_equal(dft_live(&t), 0);
    dft_config c;
    dft_config_default(&c);
    c.addr_bits = 49;
    assert_int_equal(dft_init_config(&t, &c), NP_BAD_PARAM);
    assert_int_equal(dft_idx_bits(32), 5);
    assert_int_equal(dft_idx_bits(33), 6);
    assert_int_equal(dft_idx_bits(1), 1);
    assert_int_equal(dft_idx_bits(2), 1);
    assert_int_equal(dft_idx_bits(64), 6);
    assert_string_equal(dft_action_name(DFT_MERGED), "merged");
}

static void test_fdr_bypass(void **state) {
    (void)state;
    dft_table t;
    dft_init(&t, 4);
    expect_rsp(req(&t, 3, 100, 0xF), DFT_FULL, 0, 0xF);
    assert_int_equal(dft_live(&t), 0);
    /* an FDR for a key that has a live PDR entry does not touch it */
    expect_rsp(req(&t, 3, 100, 0x1), DFT_ALLOC, 0, 0x1);
    expect_rsp(req(&t, 3, 100, 0xF), DFT_FULL, 0, 0xF);
    assert_int_equal(t.entry[0].map, 0x1);
    assert_int_equal(dft_live(&t), 1);
}

/* The seed's example (3.4.1.3.1): "1000" then "0100" for the same block -> "1100". */
static void test_merge_by_or(void **state) {
    (void)state;
    dft_table t;
    dft_init(&t, 8);
    expect_rsp(req(&t, 5, 0x1234, 0x1), DFT_ALLOC, 0, 0x1);
    expect_rsp(req(&t, 5, 0x1234, 0x2), DFT_MERGED, 0, 0x3);
    expect_rsp(req(&t, 5, 0x1234, 0x2), DFT_MERGED, 0, 0x3);
    /* same address from another SM, another address from the same SM: separate entries */
    expect_rsp(req(&t, 6, 0x1234, 0x4), DFT_ALLOC, 1, 0x4);
    expect_rsp(req(&t, 5, 0x1235, 0x8), DFT_ALLOC, 2, 0x8);
    expect_rsp(req(&t, 5, 0x1234, 0x8), DFT_MERGED, 0, 0xB);
    assert_int_equal(reply(&t, 0), 0xB);
    assert_int_equal(reply(&t, 1), 0x4);
    assert_int_equal(reply(&t, 2), 0x8);
    assert_int_equal(dft_live(&t), 0);
}

static void test_lowest_free_index(void **state) {
    (void)state;
    dft_table t;
    dft_init(&t, 4);
    for (unsigned i = 0; i < 4; i++) {
        expect_rsp(req(&t, 0, i, 0x1), DFT_ALLOC, i, 0x1);
    }
    reply(&t, 2);
    reply(&t, 1);
    expect_rsp(req(&t, 0, 50, 0x2), DFT_ALLOC, 1, 0x2);
    expect_rsp(req(&t, 0, 51, 0x2), DFT_ALLOC, 2, 0x2);
}

/* Full table: new keys are served in full and nothing already tracked is lost; requests for
 * tracked keys still merge. */
static void test_full_table(void **state) {
    (void)state;
    dft_table t;
    dft_init(&t, 32);
    for (unsigned i = 0; i < 32; i++) {
        expect_rsp(req(&t, i % 64u, 1000u + i, 1u << (i % 4u)), DFT_ALLOC, i, 1u << (i % 4u));
    }
    expect_rsp(req(&t, 1, 5000, 0x3), DFT_FULL, 0, 0xF);
    expect_rsp(req(&t, 2, 5001, 0x1), DFT_FULL, 0, 0xF);
    assert_int_equal(dft_live(&t), 32);
    expect_rsp(req(&t, 7, 1007, 0x1), DFT_MERGED, 7, 0x9);
    for (unsigned i = 0; i < 32; i++) {
        unsigned want = 1u << (i % 4u);
        if (i == 7) {
            want |= 0x1;
        }
        assert_int_equal(reply(&t, i), want);
    }
    assert_int_equal(dft_live(&t), 0);
}

/* Once the reply has left, a request for the same key starts a new group (sec. 6). */
static void test_grouping_ends_with_reply(void **state) {
    (void)state;
    dft_table t;
    dft_init(&t, 4);
    expect_rsp(req(&t, 9, 77, 0x1), DFT_ALLOC, 0, 0x1);
    expect_rsp(req(&t, 0, 78, 0x1), DFT_ALLOC, 1, 0x1);
    assert_int_equal(reply(&t, 0), 0x1);
    assert_int_equal(dft_find(&t, 9, 77), -1);
    expect_rsp(req(&t, 9, 77, 0x4), DFT_ALLOC, 0, 0x4);
    assert_int_equal(dft_find(&t, 9, 77), 0);
}

static void test_bad_reply_and_request(void **state) {
    (void)state;
    dft_table t;
    dft_init(&t, 4);
    unsigned map = 0;
    assert_int_equal(dft_reply(&t, 0, &map), NP_BAD_PARAM); /* free entry */
    assert_int_equal(map, 0xF);
    assert_int_equal(dft_reply(&t, 4, &map), NP_BAD_PARAM); /* out of range */
    assert_int_equal(map, 0xF);
    dft_response r;
    assert_int_equal(dft_request(&t, 0, 1, 0, &r), NP_BAD_PARAM);
    expect_rsp(r, DFT_FULL, 0, 0xF);
    assert_int_equal(dft_request(&t, 0, 1, 16, &r), NP_BAD_PARAM);
    assert_int_equal(dft_request(&t, 64, 1, 1, &r), NP_BAD_PARAM);
    assert_int_equal(dft_request(&t, 0, UINT64_C(1) << 41, 1, &r), NP_BAD_PARAM);
    assert_int_equal(dft_request(&t, 63, (UINT64_C(1) << 41) - 1u, 1, &r), NP_OK);
    assert_int_equal(dft_live(&t), 1);
    assert_int_equal(dft_request(NULL, 0, 1, 1, &r), NP_BAD_PARAM);
}

/* ---- cycle level ----------------------------------------------------------------------- */

static dft_cycle_out cycle(dft_table *t, int rv, unsigned ridx, int qv, unsigned sm,
                           uint64_t addr, unsigned map) {
    dft_cycle_in in = {rv != 0, ridx, qv != 0, sm, addr, map};
    dft_cycle_out out;
    dft_cycle(t, &in, &out);
    return out;
}

/* A reply freeing entry e and a request for e's key at the same edge: the free happens first,
 * so the request allocates (here entry e again, the lowest free) with only its own map. */
static void test_same_cycle_reply_first(void **state) {
    (void)state;
    dft_table t;
    dft_init(&t, 4);
    dft_cycle_out o = cycle(&t, 0, 0, 1, 3, 300, 0x1);
    assert_true(o.act_valid);
    assert_false(o.map_valid);
    expect_rsp(o.act, DFT_ALLOC, 0, 0x1);
    o = cycle(&t, 0, 0, 1, 4, 400, 0x2);
    expect_rsp(o.act, DFT_ALLOC, 1, 0x2);
    o = cycle(&t, 1, 0, 1, 3, 300, 0x4);
    assert_true(o.map_valid);
    assert_int_equal(o.map, 0x1);                /* the leaving reply keeps its own map */
    expect_rsp(o.act, DFT_ALLOC, 0, 0x4);        /* not MERGED into a map that is leaving */
    /* a full table with a reply at the same edge: the request takes the freed entry */
    dft_init(&t, 2);
    cycle(&t, 0, 0, 1, 1, 10, 0x1);
    cycle(&t, 0, 0, 1, 1, 11, 0x1);
    o = cycle(&t, 0, 0, 1, 1, 12, 0x1);
    expect_rsp(o.act, DFT_FULL, 0, 0xF);
    o = cycle(&t, 1, 1, 1, 1, 12, 0x2);
    assert_int_equal(o.map, 0x1);
    expect_rsp(o.act, DFT_ALLOC, 1, 0x2);
    /* a reply for another entry does not disturb a merge at the same edge */
    o = cycle(&t, 1, 1, 1, 1, 10, 0x8);
    assert_int_equal(o.map, 0x2);
    expect_rsp(o.act, DFT_MERGED, 0, 0x9);
}

static void test_cycle_hardware_rules(void **state) {
    (void)state;
    dft_table t;
    dft_init(&t, 32);
    /* map 0 on the port: served in full */
    dft_cycle_out o = cycle(&t, 0, 0, 1, 1, 1, 0x0);
    expect_rsp(o.act, DFT_FULL, 0, 0xF);
    /* inputs are cut to the port widths: sm 65 is sm 1, address bit 41 is dropped */
    o = cycle(&t, 0, 0, 1, 65, (UINT64_C(1) << 41) | 5u, 0x11);
    expect_rsp(o.act, DFT_ALLOC, 0, 0x1);
    o = cycle(&t, 0, 0, 1, 1, 5, 0x2);
    expect_rsp(o.act, DFT_MERGED, 0, 0x3);
    /* reply to a free entry and an index wider than the port: 1111, no change */
    o = cycle(&t, 1, 7, 0, 0, 0, 0);
    assert_true(o.map_valid);
    assert_false(o.act_valid);
    assert_int_equal(o.map, 0xF);
    o = cycle(&t, 1, 32, 0, 0, 0, 0); /* 5-bit port: 32 reads as 0, a live entry */
    assert_int_equal(o.map, 0x3);
    assert_int_equal(dft_live(&t), 0);
    /* with 20 entries the port is still 5 bits: 25 is out of range */
    dft_init(&t, 20);
    o = cycle(&t, 1, 25, 0, 0, 0, 0);
    assert_int_equal(o.map, 0xF);
    o = cycle(&t, 0, 0, 0, 0, 0, 0);
    assert_false(o.map_valid);
    assert_false(o.act_valid);
}

/* ---- random run against an independent reference ---------------------------------------- */

typedef struct {
    unsigned entries;
    uint64_t free_mask;             /* bit i set: entry i free */
    int key_live[64];               /* 1 when entry i is live */
    unsigned key_sm[64];
    uint64_t key_addr[64];
    unsigned key_map[64];
} ref_table;

static void ref_init(ref_table *r, unsigned entries) {
    memset(r, 0, sizeof *r);
    r->entries = entries;
    r->free_mask = entries >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << entries) - 1u;
}

static unsigned ref_reply(ref_table *r, unsigned idx) {
    if (idx >= r->entries || !r->key_live[idx]) {
        return 0xF;
    }
    r->key_live[idx] = 0;
    r->free_mask |= UINT64_C(1) << idx;
    return r->key_map[idx];
}

static dft_response ref_request(ref_table *r, unsigned sm, uint64_t addr, unsigned map) {
    dft_response out = {DFT_FULL, 0, 0xF};
    if (map == 0xF || map == 0) {
        return out;
    }
    for (unsigned i = 0; i < r->entries; i++) {
        if (r->key_live[i] && r->key_sm[i] == sm && r->key_addr[i] == addr) {
            r->key_map[i] |= map;
            out.action = DFT_MERGED;
            out.idx = i;
            out.map = r->key_map[i];
            return out;
        }
    }
    if (r->free_mask == 0) {
        return out;
    }
    unsigned i = (unsigned)__builtin_ctzll(r->free_mask);
    r->free_mask &= ~(UINT64_C(1) << i);
    r->key_live[i] = 1;
    r->key_sm[i] = sm;
    r->key_addr[i] = addr;
    r->key_map[i] = map;
    out.action = DFT_ALLOC;
    out.idx = i;
    out.map = map;
    return out;
}

static uint64_t xs_next(uint64_t *s) {
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static void test_random_against_reference(void **state) {
    (void)state;
    static const unsigned sizes[] = {1, 2, 5, 32, 64};
    unsigned counts[3] = {0};
    for (unsigned z = 0; z < sizeof sizes / sizeof sizes[0]; z++) {
        dft_table t;
        ref_table r;
        assert_int_equal(dft_init(&t, sizes[z]), NP_OK);
        ref_init(&r, sizes[z]);
        uint64_t s = 0x9E3779B97F4A7C15u + z;
        unsigned live_idx[64], nlive = 0;
        for (unsigned step = 0; step < 200000; step++) {
            uint64_t x = xs_next(&s);
            int rv = (x & 3u) == 0u;
            int qv = ((x >> 2) & 3u) != 0u;
            /* mostly replies to live entries, sometimes to any index */
            unsigned ridx = (x >> 8) % 64u;
            nlive = 0;
            for (unsigned i = 0; i < r.entries; i++) {
                if (r.key_live[i]) {
                    live_idx[nlive++] = i;
                }
            }
            if (nlive > 0 && ((x >> 16) & 7u) != 0u) {
                ridx = live_idx[(x >> 20) % nlive];
            }
            /* few SMs and addresses so merges and same-key collisions happen */
            unsigned sm = (unsigned)((x >> 28) % 4u);
            uint64_t addr = (x >> 32) % 12u;
            unsigned map = (unsigned)((x >> 40) & 0xFu);
            dft_cycle_out o = cycle(&t, rv, ridx, qv, sm, addr, map);
            unsigned idx_mask = (1u << dft_idx_bits(sizes[z])) - 1u;
            if (rv) {
                unsigned want = ref_reply(&r, ridx & idx_mask);
                assert_true(o.map_valid);
                assert_int_equal(o.map, want);
            }
            if (qv) {
                dft_response want = ref_request(&r, sm, addr, map);
                assert_true(o.act_valid);
                expect_rsp(o.act, want.action, want.idx, want.map);
                counts[want.action]++;
            }
            assert_int_equal(dft_live(&t), (unsigned)(sizes[z] - __builtin_popcountll(r.free_mask)));
        }
    }
    print_message("test_dft: random run full=%u merged=%u alloc=%u\n", counts[DFT_FULL],
                  counts[DFT_MERGED], counts[DFT_ALLOC]);
    assert_true(counts[DFT_FULL] > 0 && counts[DFT_MERGED] > 0 && counts[DFT_ALLOC] > 0);
}

/* The seed's table sizes (Table 5.1: 32, 256, 1024; docs/dpc.md 6.1): every entry of a 256- and a
 * 1024-entry table allocates at its index, one more distinct key is served FULL, a merge reaches the
 * last entry, and the freed last entry is the one the next request takes. */
static void test_seed_table_sizes(void **state) {
    (void)state;
    static dft_table t;                /* 1024 entries: off the stack */
    static const unsigned sizes[] = {32, 256, 1024};
    assert_int_equal(dft_idx_bits(256), 8);
    assert_int_equal(dft_idx_bits(1024), 10);
    assert_int_equal(DFT_MAX_ENTRIES, 1024);
    for (unsigned k = 0; k < 3; k++) {
        unsigned n = sizes[k];
        assert_int_equal(dft_init(&t, n), NP_OK);
        for (unsigned i = 0; i < n; i++) expect_rsp(req(&t, i % 64, 0x1000 + i, 0x1), DFT_ALLOC, i, 0x1);
        assert_int_equal(dft_live(&t), n);
        expect_rsp(req(&t, 7, 0x99999, 0x2), DFT_FULL, 0, 0xF);
        expect_rsp(req(&t, (n - 1) % 64, 0x1000 + n - 1, 0x8), DFT_MERGED, n - 1, 0x9);
        assert_int_equal(reply(&t, n - 1), 0x9);
        expect_rsp(req(&t, 7, 0x99999, 0x2), DFT_ALLOC, n - 1, 0x2);
        assert_int_equal(dft_find(&t, 7, 0x99999), (int)(n - 1));
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init),
        cmocka_unit_test(test_fdr_bypass),
        cmocka_unit_test(test_merge_by_or),
        cmocka_unit_test(test_lowest_free_index),
        cmocka_unit_test(test_full_table),
        cmocka_unit_test(test_grouping_ends_with_reply),
        cmocka_unit_test(test_bad_reply_and_request),
        cmocka_unit_test(test_same_cycle_reply_first),
        cmocka_unit_test(test_cycle_hardware_rules),
        cmocka_unit_test(test_random_against_reference),
        cmocka_unit_test(test_seed_table_sizes),
    };
    return cmocka_run_group_tests_name("dft", tests, NULL, NULL) == 0 ? 0 : 1;
}
