/* The multicast route computation golden model (cmodel/src/mcast.c): the split partitions the
 * destination set exactly, and each destination goes where dimension-order routing sends it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mcast.h"
#include "rng.h"

/* DOR stated as geometry, independently of mcast_dor_port: XY leaves on the x port while the
 * column differs, then on the y port; LOCAL only at the destination. */
static void check_port_geometry(unsigned kx, unsigned cur, unsigned d, mcast_order order, unsigned port) {
    int cx = (int)(cur % kx), cy = (int)(cur / kx), dx = (int)(d % kx), dy = (int)(d / kx);
    bool x_first = order == MCAST_XY;
    bool fix_x = x_first ? dx != cx : (dy == cy && dx != cx);
    bool fix_y = x_first ? (dx == cx && dy != cy) : dy != cy;
    if (fix_x) assert_int_equal(port, dx > cx ? MCAST_PORT_XPOS : MCAST_PORT_XNEG);
    else if (fix_y) assert_int_equal(port, dy > cy ? MCAST_PORT_YPOS : MCAST_PORT_YNEG);
    else assert_int_equal(port, MCAST_PORT_LOCAL);
}

static void test_split_partitions_by_dor(void **state) {
    (void)state;
    sim_rng rng;
    sim_rng_seed(&rng, 7);
    const unsigned sizes[][2] = {{8, 8}, {4, 4}, {16, 16}, {5, 3}};
    for (unsigned s = 0; s < 4; s++) {
        mcast_mesh m = {sizes[s][0], sizes[s][1]};
        unsigned nodes = m.kx * m.ky;
        for (unsigned trial = 0; trial < 400; trial++) {
            mcast_set dests, out[MCAST_MESH_PORTS];
            mcast_set_clear(&dests);
            unsigned want = 1 + sim_rng_below(&rng, nodes);
            for (unsigned i = 0; i < want; i++) mcast_set_add(&dests, sim_rng_below(&rng, nodes));
            unsigned cur = sim_rng_below(&rng, nodes), mask = 0;
            mcast_order order = (mcast_order)(trial & 1);
            assert_int_equal(mcast_split(&m, cur, order, &dests, out, &mask), NP_OK);
            unsigned total = 0;
            for (unsigned p = 0; p < MCAST_MESH_PORTS; p++) {
                assert_int_equal((mask >> p) & 1u, !mcast_set_empty(&out[p]));
                total += mcast_set_count(&out[p]);
                for (unsigned d = mcast_set_next(&out[p], 0); d < MCAST_MAX_NODES; d = mcast_set_next(&out[p], d + 1)) {
                    assert_true(mcast_set_has(&dests, d));           /* nothing invented */
                    check_port_geometry(m.kx, cur, d, order, p);     /* on the DOR port */
                }
            }
            assert_int_equal(total, mcast_set_count(&dests));       /* disjoint and complete */
        }
    }
}

static void test_split_worked_example(void **state) {
    (void)state;
    mcast_mesh m = {4, 4};
    mcast_set dests, out[MCAST_MESH_PORTS];
    mcast_set_clear(&dests);
    unsigned list[] = {5, 6, 7, 9, 0};
    for (unsigned i = 0; i < 5; i++) mcast_set_add(&dests, list[i]);
    unsigned mask;
    assert_int_equal(mcast_split(&m, 5, MCAST_XY, &dests, out, &mask), NP_OK);
    assert_int_equal(mask, 0x0F);
    assert_true(mcast_set_has(&out[MCAST_PORT_LOCAL], 5));
    assert_int_equal(mcast_set_count(&out[MCAST_PORT_XPOS]), 2);
    assert_true(mcast_set_has(&out[MCAST_PORT_XNEG], 0));
    assert_true(mcast_set_has(&out[MCAST_PORT_YPOS], 9));
    /* YX sends node 0 (row 0) north first */
    assert_int_equal(mcast_split(&m, 5, MCAST_YX, &dests, out, &mask), NP_OK);
    assert_true(mcast_set_has(&out[MCAST_PORT_YNEG], 0));
    assert_true(mcast_set_has(&out[MCAST_PORT_YPOS], 9));
}

static void test_split_rejects_bad_input(void **state) {
    (void)state;
    mcast_mesh m = {4, 4}, bad = {0, 4}, huge = {32, 32};
    mcast_set dests, out[MCAST_MESH_PORTS];
    unsigned mask;
    mcast_set_clear(&dests);
    mcast_set_add(&dests, 3);
    assert_int_equal(mcast_split(&bad, 0, MCAST_XY, &dests, out, &mask), NP_BAD_PARAM);
    assert_int_equal(mcast_split(&huge, 0, MCAST_XY, &dests, out, &mask), NP_BAD_PARAM);
    assert_int_equal(mcast_split(&m, 16, MCAST_XY, &dests, out, &mask), NP_BAD_PARAM);
    mcast_set_add(&dests, 16);   /* outside the 4x4 mesh */
    assert_int_equal(mcast_split(&m, 0, MCAST_XY, &dests, out, &mask), NP_BAD_PARAM);
    assert_int_equal(mcast_split(&m, 0, (mcast_order)2, &dests, out, &mask), NP_BAD_PARAM);
}

static void test_xbar_split(void **state) {
    (void)state;
    mcast_set dests, out[21];
    unsigned ports;
    mcast_set_clear(&dests);
    mcast_set_add(&dests, 2);
    mcast_set_add(&dests, 20);
    assert_int_equal(mcast_xbar_split(21, &dests, out, &ports), NP_OK);
    assert_int_equal(ports, 2);
    assert_true(mcast_set_has(&out[20], 20) && mcast_set_count(&out[20]) == 1);
    assert_true(mcast_set_empty(&out[3]));
    mcast_set_add(&dests, 21);
    assert_int_equal(mcast_xbar_split(21, &dests, out, &ports), NP_BAD_PARAM);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_partitions_by_dor),
        cmocka_unit_test(test_split_worked_example),
        cmocka_unit_test(test_split_rejects_bad_input),
        cmocka_unit_test(test_xbar_split),
    };
    return cmocka_run_group_tests_name("sim_mcast", tests, NULL, NULL);
}
