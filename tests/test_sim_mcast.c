/* Multicast. The route computation golden model (cmodel/src/mcast.c): the split partitions the
 * destination set exactly, and each destination goes where dimension-order routing sends it.
 * The network: multicast packets longer than a VC buffer (replication buffers, docs/sim.md
 * "Multicast") complete under saturation with every destination served exactly once, alone and
 * mixed with unicast; the reply-class multicast interface the GPU model uses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "util/config.h"
#include "mcast.h"
#include "net/net.h"
#include "util/rng.h"
#include "net/traffic.h"

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

/* docs/sim.md "Multicast": a multicast packet longer than a VC buffer needs a replication buffer
 * that holds it (mcast_max_flits, by default the synthetic packet length); a packet longer than
 * both is a configuration error. */
static void test_long_multicast_config(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    char err[256];
    cfg.mcast_fraction = 0.1;
    cfg.packet_flits = 9;                   /* one more than the default 8-flit buffer */
    assert_true(config_validate(&cfg, err, sizeof err));
    assert_int_equal(config_mcast_max_flits(&cfg), 9);
    cfg.mcast_max_flits = 8;                /* replication buffers too small */
    assert_false(config_validate(&cfg, err, sizeof err));
    assert_non_null(strstr(err, "mcast_max_flits"));
    cfg.mcast_fraction = 0;                 /* unicast wormhole packets may be longer */
    assert_true(config_validate(&cfg, err, sizeof err));
}

/* A conservation audit (every destination gets each packet exactly once) of a run far beyond
 * saturation; a deadlock leaves deliveries missing when max_cycles runs out. */
static void check_saturated_drains(sim_config *cfg) {
    cfg->warmup_cycles = 100;
    cfg->measure_cycles = 1500;
    cfg->max_cycles = 200000;               /* a deadlocked run stops here with deliveries missing */
    traffic_result r;
    char err[256];
    assert_true(traffic_run(cfg, true, &r, err, sizeof err));
    print_message("    offered %.2f accepted %.2f latency %.0f created %llu delivered %llu\n", r.offered, r.accepted,
                  r.avg_latency, (unsigned long long)r.created, (unsigned long long)r.delivered);
    assert_int_equal(r.audit_errors, 0);    /* no delivery to a wrong node, none twice */
    assert_int_equal(r.audit_missing, 0);   /* every destination reached: no deadlock */
    assert_true(r.avg_latency > 10 * (4.0 * 16 / 3 + cfg->packet_flits + 4));   /* saturated: 10x zero-load */
    assert_true(r.created > 1000);
}

/* 9-flit multicast packets (a 128-byte line at 128-bit channels) on the default 8-flit buffers,
 * every packet multicast, both classes, offered far beyond what the mesh carries. */
static void test_saturated_long_multicast_completes(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    cfg.packet_flits = 9;
    cfg.mcast_fraction = 1.0;
    cfg.mcast_dests = 6;
    cfg.injection_rate = 0.6;
    check_saturated_drains(&cfg);
    cfg.mcast_dests = 20;                   /* wide trees: many branch routers per packet */
    cfg.injection_rate = 0.3;
    cfg.routing[0] = cfg.routing[1] = ROUTE_XY;
    check_saturated_drains(&cfg);
}

/* Unicast and long multicast packets sharing the buffers: hotspot traffic, XY-YX. */
static void test_saturated_mixed_unicast_multicast_completes(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    cfg.traffic = TRAFFIC_HOTSPOT;
    cfg.hotspot_fraction = 0.4;
    cfg.packet_flits = 9;
    cfg.mcast_fraction = 0.3;
    cfg.mcast_dests = 5;
    cfg.injection_rate = 0.8;
    check_saturated_drains(&cfg);
    cfg.traffic = TRAFFIC_UNIFORM;          /* shallow buffers, slow credits: replication buffers much deeper */
    cfg.vc_depth = 3;
    cfg.credit_delay = 3;
    cfg.packet_flits = 7;
    check_saturated_drains(&cfg);
    cfg.topology = TOPO_CROSSBAR;           /* replication at the switch input */
    cfg.sms = 15;
    cfg.mcs = 6;
    check_saturated_drains(&cfg);
}

typedef struct {
    uint8_t got[4096][64];        /* got[user][node]: deliveries of reply multicast number `user` */
    uint64_t at[64];              /* last delivery cycle per node */
    uint64_t wrong;
} delivery_log;

static void log_delivery(void *ctx, network *net, const packet_t *p, unsigned node) {
    delivery_log *d = ctx;
    if (node >= 64 || !mcast_set_has(&p->dests, node)) d->wrong++;    /* replicas carry their subsets */
    else if (p->cls == CLASS_REPLY && p->user < 4096) d->got[p->user][node]++;
    d->at[node < 64 ? node : 0] = net_now(net);
}

/* The interface the GPU model uses for coalesced replies (seed 003 sec. 3: a PCU multicasts a
 * reply to every requesting SM): net_send_multicast of reply-class packets from the MCs (bottom
 * row) to sets of SMs, 9 flits each, while the SMs send requests to the MCs. Every SM of a set
 * gets the reply exactly once, no other node does, and the network drains. */
static void test_reply_multicast_api(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    cfg.mcast_max_flits = 9;                /* what the GPU model configures for raw 128-byte replies */
    static delivery_log d;
    net_client client = {&d, NULL, log_delivery};
    char err[256];
    /* zero load, from node 60 (4,7), YX: the packet goes down column 4 and splits at (4,6) for 48,
     * (4,4) for 35, (4,3) for 27 and (4,0) for 0 and 7. With the sequential VC allocator each
     * destination is at the unicast formula 4H + L + 4 (the RB adds no cycle); with the separable
     * one (the default) an input VC gets one VC a cycle, and from reset its pointer takes the
     * lower output VC first (XPOS 1 < XNEG 2 < YNEG 4), so at each split the replica going on (or
     * XNEG at (4,0)) waits a cycle: 0 / 1 / 2 / 3 / 4 cycles for 48 / 35 / 27 / 7 / 0. */
    unsigned list[] = {0, 7, 27, 35, 48}, separable_wait[] = {4, 3, 2, 1, 0};
    unsigned reply_flits = 0;
    mcast_set dests;
    for (int va = VA_SEQUENTIAL; va <= VA_SEPARABLE; va++) {
        memset(&d, 0, sizeof d);
        cfg.va_alloc = (sim_va_alloc)va;
        network *z = net_create(&cfg, &client, err, sizeof err);
        assert_non_null(z);
        reply_flits = net_packet_flits(z, 1024);
        assert_int_equal(reply_flits, 9);
        mcast_set_clear(&dests);
        for (unsigned i = 0; i < 5; i++) mcast_set_add(&dests, list[i]);
        net_send_multicast(z, 60, &dests, CLASS_REPLY, reply_flits, 0);
        uint64_t start = net_now(z);
        for (unsigned guard = 0; !net_idle(z) && guard < 1000; guard++) net_step(z);
        for (unsigned i = 0; i < 5; i++) {
            unsigned x = list[i] % 8, y = list[i] / 8, h = (x > 4 ? x - 4 : 4 - x) + (7 - y);
            unsigned wait = va == VA_SEPARABLE ? separable_wait[i] : 0;
            assert_int_equal(d.at[list[i]] - start, 4 * h + 9 + 4 + wait);
            assert_int_equal(d.got[0][list[i]], 1);
        }
        net_destroy(z);
    }
    config_default(&cfg);
    cfg.mcast_max_flits = 9;
    memset(&d, 0, sizeof d);
    network *n = net_create(&cfg, &client, err, sizeof err);
    assert_non_null(n);
    /* saturated: 8 MCs multicast replies while 56 SMs send requests */
    sim_rng rng;
    sim_rng_seed(&rng, 99);
    uint64_t sent = 0, expected_deliveries = 0;
    for (unsigned t = 0; t < 3000; t++) {
        for (unsigned mc = 56; mc < 64 && sent < 4096; mc++) {
            if (sim_rng_unit(&rng) >= 0.15) continue;
            mcast_set_clear(&dests);
            unsigned want = 1 + sim_rng_below(&rng, 8);
            while (mcast_set_count(&dests) < want) mcast_set_add(&dests, sim_rng_below(&rng, 56));
            net_send_multicast(n, mc, &dests, CLASS_REPLY, reply_flits, (uint32_t)sent);
            expected_deliveries += want;
            sent++;
        }
        for (unsigned sm = 0; sm < 56; sm++)
            if (sim_rng_unit(&rng) < 0.05) net_send_unicast(n, sm, 56 + sim_rng_below(&rng, 8), CLASS_REQUEST, 1, 0);
        net_step(n);
    }
    assert_true(sent > 3000);
    for (unsigned guard = 0; !net_idle(n) && guard < 200000; guard++) net_step(n);
    assert_true(net_idle(n));
    const net_stats *st = net_get_stats(n);
    assert_int_equal(d.wrong, 0);
    uint64_t reply_deliveries = 0;
    for (uint64_t k = 0; k < sent; k++)
        for (unsigned node = 0; node < 64; node++) {
            assert_true(d.got[k][node] <= 1);              /* never twice */
            reply_deliveries += d.got[k][node];
        }
    assert_int_equal(reply_deliveries, expected_deliveries);   /* with the check above: each exactly once */
    assert_int_equal(st->packets[CLASS_REPLY], expected_deliveries);
    assert_true(expected_deliveries > 2 * sent);          /* multicast: more deliveries than packets */
    net_destroy(n);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_split_partitions_by_dor),
        cmocka_unit_test(test_split_worked_example),
        cmocka_unit_test(test_split_rejects_bad_input),
        cmocka_unit_test(test_xbar_split),
        cmocka_unit_test(test_long_multicast_config),
        cmocka_unit_test(test_saturated_long_multicast_completes),
        cmocka_unit_test(test_saturated_mixed_unicast_multicast_completes),
        cmocka_unit_test(test_reply_multicast_api),
    };
    return cmocka_run_group_tests_name("sim_mcast", tests, NULL, NULL);
}
