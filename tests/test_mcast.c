/* Unit tests of the multicast RC model's lookahead (cmodel/src/mcast.c, docs/mcast.md
 * sections 3 and 5): mcast_neighbour at the mesh edge, the worked example of the docs, every
 * next-hop subset against an independent per-destination statement of DOR written here, rows
 * that must stay empty (LOCAL, ports leading off the mesh), and bad input. The split itself
 * is tested by tests/test_sim_mcast.c. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "mcast.h"

/* splitmix64: the test's own fixed-seed generator. */
static uint64_t next_u64(uint64_t *s) {
    uint64_t z = (*s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static unsigned below(uint64_t *s, unsigned n) { return (unsigned)(next_u64(s) % n); }

/* DOR as docs/mcast.md 3 states it, with signed coordinates so the neighbour may be anywhere:
 * XY moves east/west while the column differs, then south/north; YX the other way round. */
static unsigned ref_port(int cx, int cy, int dx, int dy, mcast_order order) {
    unsigned px = dx > cx ? MCAST_PORT_XPOS : dx < cx ? MCAST_PORT_XNEG : MCAST_PORT_LOCAL;
    unsigned py = dy > cy ? MCAST_PORT_YPOS : dy < cy ? MCAST_PORT_YNEG : MCAST_PORT_LOCAL;
    if (order == MCAST_XY) return px != MCAST_PORT_LOCAL ? px : py;
    return py != MCAST_PORT_LOCAL ? py : px;
}

static void step(unsigned port, int *x, int *y) {
    if (port == MCAST_PORT_XPOS) (*x)++;
    if (port == MCAST_PORT_XNEG) (*x)--;
    if (port == MCAST_PORT_YPOS) (*y)++;
    if (port == MCAST_PORT_YNEG) (*y)--;
}

static void test_neighbour_edges(void **state) {
    (void)state;
    const mcast_mesh m = {5, 3};
    unsigned next = 99;
    assert_true(mcast_neighbour(&m, 0, MCAST_PORT_XPOS, &next));
    assert_int_equal(next, 1);
    assert_true(mcast_neighbour(&m, 0, MCAST_PORT_YPOS, &next));
    assert_int_equal(next, 5);
    next = 99;
    assert_false(mcast_neighbour(&m, 0, MCAST_PORT_XNEG, &next));
    assert_false(mcast_neighbour(&m, 0, MCAST_PORT_YNEG, &next));
    assert_false(mcast_neighbour(&m, 4, MCAST_PORT_XPOS, &next));     /* right column */
    assert_false(mcast_neighbour(&m, 14, MCAST_PORT_YPOS, &next));    /* bottom row */
    assert_false(mcast_neighbour(&m, 7, MCAST_PORT_LOCAL, &next));
    assert_int_equal(next, 99);                                       /* untouched */
    assert_true(mcast_neighbour(&m, 7, MCAST_PORT_YNEG, &next));
    assert_int_equal(next, 2);
}

/* docs/mcast.md 5: K = 4, XY, router (1,1) = node 5, destinations {0, 5, 6, 7, 9}. */
static void test_lookahead_worked_example(void **state) {
    (void)state;
    const mcast_mesh m = {4, 4};
    mcast_set dests, out[MCAST_MESH_PORTS][MCAST_MESH_PORTS];
    unsigned mask[MCAST_MESH_PORTS];
    const unsigned list[] = {0, 5, 6, 7, 9};
    mcast_set_clear(&dests);
    for (unsigned i = 0; i < 5; i++) mcast_set_add(&dests, list[i]);
    assert_int_equal(mcast_lookahead(&m, 5, MCAST_XY, &dests, out, mask), NP_OK);
    /* {6, 7} goes east to node 6, which keeps 6 and sends 7 further east. */
    assert_int_equal(mask[MCAST_PORT_XPOS], 0x03);
    assert_int_equal(out[MCAST_PORT_XPOS][MCAST_PORT_LOCAL].w[0], UINT64_C(1) << 6);
    assert_int_equal(out[MCAST_PORT_XPOS][MCAST_PORT_XPOS].w[0], UINT64_C(1) << 7);
    /* {0} goes west to node 4 = (0,1), which sends it north. */
    assert_int_equal(mask[MCAST_PORT_XNEG], 1u << MCAST_PORT_YNEG);
    assert_int_equal(out[MCAST_PORT_XNEG][MCAST_PORT_YNEG].w[0], UINT64_C(1));
    /* {9} goes south to node 9, its destination. */
    assert_int_equal(mask[MCAST_PORT_YPOS], 1u << MCAST_PORT_LOCAL);
    assert_int_equal(out[MCAST_PORT_YPOS][MCAST_PORT_LOCAL].w[0], UINT64_C(1) << 9);
    /* Nothing goes north; the local copy (node 5) has no next hop. */
    assert_int_equal(mask[MCAST_PORT_YNEG], 0);
    assert_int_equal(mask[MCAST_PORT_LOCAL], 0);
    for (unsigned q = 0; q < MCAST_MESH_PORTS; q++) assert_true(mcast_set_empty(&out[MCAST_PORT_LOCAL][q]));
    /* YX: node 0 leaves north first, to node 1 = (1,0), which sends it west. */
    assert_int_equal(mcast_lookahead(&m, 5, MCAST_YX, &dests, out, mask), NP_OK);
    assert_int_equal(out[MCAST_PORT_YNEG][MCAST_PORT_XNEG].w[0], UINT64_C(1));
}

/* Every destination appears exactly where the per-destination rule puts it, nowhere else. */
static void check_against_reference(const mcast_mesh *m, unsigned cur, mcast_order order, const mcast_set *dests) {
    mcast_set out[MCAST_MESH_PORTS][MCAST_MESH_PORTS];
    unsigned mask[MCAST_MESH_PORTS];
    assert_int_equal(mcast_lookahead(m, cur, order, dests, out, mask), NP_OK);
    const int cx = (int)(cur % m->kx), cy = (int)(cur / m->kx);
    unsigned expected_total = 0, total = 0;
    for (unsigned d = 0; d < m->kx * m->ky; d++) {
        const int dx = (int)(d % m->kx), dy = (int)(d / m->kx);
        const unsigned p = ref_port(cx, cy, dx, dy, order);
        int nx = cx, ny = cy;
        step(p, &nx, &ny);
        const unsigned q = ref_port(nx, ny, dx, dy, order);
        const bool routed = mcast_set_has(dests, d) && p != MCAST_PORT_LOCAL;
        expected_total += routed;
        for (unsigned r = 0; r < MCAST_MESH_PORTS; r++)
            for (unsigned s = 0; s < MCAST_MESH_PORTS; s++)
                assert_int_equal(mcast_set_has(&out[r][s], d), routed && r == p && s == q);
    }
    for (unsigned r = 0; r < MCAST_MESH_PORTS; r++) {
        for (unsigned s = 0; s < MCAST_MESH_PORTS; s++) {
            total += mcast_set_count(&out[r][s]);
            assert_int_equal((mask[r] >> s) & 1u, !mcast_set_empty(&out[r][s]));
        }
        assert_int_equal(mask[r] >> MCAST_MESH_PORTS, 0);
    }
    assert_int_equal(total, expected_total);
}

static void test_lookahead_against_reference(void **state) {
    (void)state;
    uint64_t seed = 20240601;
    const unsigned sizes[][2] = {{8, 8}, {4, 4}, {5, 3}, {16, 16}, {1, 7}, {6, 1}};
    for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        const mcast_mesh m = {sizes[s][0], sizes[s][1]};
        const unsigned nodes = m.kx * m.ky;
        for (unsigned trial = 0; trial < 300; trial++) {
            mcast_set dests;
            mcast_set_clear(&dests);
            const unsigned density = 1 + below(&seed, 16);   /* out of 16 */
            for (unsigned d = 0; d < nodes; d++)
                if (below(&seed, 16) < density) mcast_set_add(&dests, d);
            check_against_reference(&m, below(&seed, nodes), (mcast_order)(trial & 1u), &dests);
        }
        /* Every router with every destination, both orders. */
        mcast_set all;
        mcast_set_clear(&all);
        for (unsigned d = 0; d < nodes; d++) mcast_set_add(&all, d);
        for (unsigned cur = 0; cur < nodes; cur++) {
            check_against_reference(&m, cur, MCAST_XY, &all);
            check_against_reference(&m, cur, MCAST_YX, &all);
        }
    }
}

/* At a corner the ports leading off the mesh carry nothing, whatever the destinations. */
static void test_lookahead_edge_rows_empty(void **state) {
    (void)state;
    const mcast_mesh m = {8, 8};
    mcast_set all, out[MCAST_MESH_PORTS][MCAST_MESH_PORTS];
    unsigned mask[MCAST_MESH_PORTS];
    mcast_set_clear(&all);
    for (unsigned d = 0; d < 64; d++) mcast_set_add(&all, d);
    assert_int_equal(mcast_lookahead(&m, 0, MCAST_XY, &all, out, mask), NP_OK);
    assert_int_equal(mask[MCAST_PORT_XNEG], 0);
    assert_int_equal(mask[MCAST_PORT_YNEG], 0);
    assert_int_not_equal(mask[MCAST_PORT_XPOS], 0);
    assert_int_equal(mcast_lookahead(&m, 63, MCAST_YX, &all, out, mask), NP_OK);
    assert_int_equal(mask[MCAST_PORT_XPOS], 0);
    assert_int_equal(mask[MCAST_PORT_YPOS], 0);
    assert_int_not_equal(mask[MCAST_PORT_YNEG], 0);
}

static void test_lookahead_rejects_bad_input(void **state) {
    (void)state;
    const mcast_mesh m = {4, 4}, bad = {0, 4};
    mcast_set dests, out[MCAST_MESH_PORTS][MCAST_MESH_PORTS];
    unsigned mask[MCAST_MESH_PORTS];
    mcast_set_clear(&dests);
    mcast_set_add(&dests, 3);
    assert_int_equal(mcast_lookahead(&bad, 0, MCAST_XY, &dests, out, mask), NP_BAD_PARAM);
    assert_int_equal(mcast_lookahead(&m, 16, MCAST_XY, &dests, out, mask), NP_BAD_PARAM);
    assert_int_equal(mcast_lookahead(&m, 0, (mcast_order)2, &dests, out, mask), NP_BAD_PARAM);
    assert_int_equal(mcast_lookahead(&m, 0, MCAST_XY, &dests, NULL, mask), NP_BAD_PARAM);
    assert_int_equal(mcast_lookahead(&m, 0, MCAST_XY, &dests, out, NULL), NP_BAD_PARAM);
    mcast_set_add(&dests, 16);   /* outside the 4x4 mesh */
    assert_int_equal(mcast_lookahead(&m, 0, MCAST_XY, &dests, out, mask), NP_BAD_PARAM);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_neighbour_edges),
        cmocka_unit_test(test_lookahead_worked_example),
        cmocka_unit_test(test_lookahead_against_reference),
        cmocka_unit_test(test_lookahead_edge_rows_empty),
        cmocka_unit_test(test_lookahead_rejects_bad_input),
    };
    return cmocka_run_group_tests_name("mcast", tests, NULL, NULL);
}
