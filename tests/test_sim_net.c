/* Network model tests: exact zero-load latency (mesh, crossbar, multicast), conservation under
 * unicast and multicast load, a saturated two-class run that completes, determinism. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "net.h"
#include "traffic.h"

typedef struct {
    uint64_t at[MCAST_MAX_NODES];     /* delivery cycle per destination node */
    unsigned count;
} deliveries;

static void record(void *ctx, network *net, const packet_t *p, unsigned node) {
    (void)p;
    deliveries *d = ctx;
    d->at[node] = net_now(net);
    d->count++;
}

static unsigned hops(unsigned k, unsigned a, unsigned b) {
    unsigned dx = a % k > b % k ? a % k - b % k : b % k - a % k;
    unsigned dy = a / k > b / k ? a / k - b / k : b / k - a / k;
    return dx + dy;
}

/* docs/sim.md: T0 = 4H + L + 4 cycles from creation to tail ejection (H hops, L flits). */
static uint64_t formula(unsigned h, unsigned len) { return 4u * h + len + 4u; }

static void run_idle(network *n) {
    for (unsigned guard = 0; !net_idle(n) && guard < 100000; guard++) net_step(n);
    assert_true(net_idle(n));
}

static void test_zero_load_mesh_every_pair(void **state) {
    (void)state;
    for (unsigned route = 0; route < 2; route++) {
        sim_config cfg;
        config_default(&cfg);
        cfg.mesh_k = 4;
        cfg.routing[0] = cfg.routing[1] = (sim_routing)route;
        deliveries d;
        net_client client = {&d, NULL, record};
        char err[256];
        network *n = net_create(&cfg, &client, err, sizeof err);
        assert_non_null(n);
        for (unsigned s = 0; s < 16; s++)
            for (unsigned t = 0; t < 16; t++)
                for (unsigned len = 1; len <= 9; len += 4) {
                    if (s == t) continue;
                    memset(&d, 0, sizeof d);
                    uint64_t start = net_now(n);
                    net_send_unicast(n, s, t, (s + t + len) % 2, len, 0);
                    run_idle(n);
                    assert_int_equal(d.count, 1);
                    assert_int_equal(d.at[t] - start, formula(hops(4, s, t), len));
                }
        net_destroy(n);
    }
}

static void test_zero_load_default_mesh_corners(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    deliveries d = {0};
    net_client client = {&d, NULL, record};
    char err[256];
    network *n = net_create(&cfg, &client, err, sizeof err);
    assert_non_null(n);
    net_send_unicast(n, 0, 63, CLASS_REPLY, 9, 0);   /* 14 hops, a 9-flit reply */
    uint64_t start = net_now(n);
    run_idle(n);
    assert_int_equal(d.at[63] - start, formula(14, 9));
    assert_int_equal(formula(14, 9), 69);
    net_destroy(n);
}

static void test_zero_load_crossbar(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    cfg.topology = TOPO_CROSSBAR;
    cfg.sms = 15;
    cfg.mcs = 6;
    deliveries d = {0};
    net_client client = {&d, NULL, record};
    char err[256];
    network *n = net_create(&cfg, &client, err, sizeof err);
    assert_non_null(n);
    assert_int_equal(net_packet_flits(n, 1024), 5);   /* 256-bit channel: head + 4 */
    for (unsigned len = 1; len <= 5; len++) {
        uint64_t start = net_now(n);
        net_send_unicast(n, 3, 17, CLASS_REQUEST, len, 0);
        run_idle(n);
        assert_int_equal(d.at[17] - start, formula(0, len));   /* one switch: H = 0 */
    }
    net_destroy(n);
}

static void test_zero_load_multicast_each_destination(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    deliveries d = {0};
    net_client client = {&d, NULL, record};
    char err[256];
    network *n = net_create(&cfg, &client, err, sizeof err);
    assert_non_null(n);
    mcast_set dests;
    mcast_set_clear(&dests);
    unsigned list[] = {0, 7, 20, 36, 56, 63, 27};
    for (unsigned i = 0; i < 7; i++) mcast_set_add(&dests, list[i]);
    uint64_t start = net_now(n);
    net_send_multicast(n, 28, &dests, CLASS_REPLY, 5, 0);
    run_idle(n);
    assert_int_equal(d.count, 7);
    for (unsigned i = 0; i < 7; i++) assert_int_equal(d.at[list[i]] - start, formula(hops(8, 28, list[i]), 5));
    net_destroy(n);
}

static void check_conservation(sim_config *cfg) {
    traffic_result r;
    char err[256];
    assert_true(traffic_run(cfg, true, &r, err, sizeof err));
    assert_true(r.drained);
    assert_int_equal(r.audit_errors, 0);     /* no delivery to a wrong node, none twice */
    assert_int_equal(r.audit_missing, 0);    /* every destination reached */
    assert_true(r.created > 1000);
}

static void test_conservation_unicast(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    cfg.injection_rate = 0.3;
    cfg.packet_flits = 3;
    cfg.warmup_cycles = 200;
    cfg.measure_cycles = 2000;
    check_conservation(&cfg);
}

static void test_conservation_multicast(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    cfg.injection_rate = 0.15;
    cfg.packet_flits = 2;
    cfg.mcast_fraction = 0.3;
    cfg.mcast_dests = 6;
    cfg.warmup_cycles = 200;
    cfg.measure_cycles = 2000;
    check_conservation(&cfg);
    cfg.topology = TOPO_CROSSBAR;
    cfg.sms = 15;
    cfg.mcs = 6;
    cfg.hot_nodes.count = 0;
    check_conservation(&cfg);
}

/* Far beyond saturation, with both classes on XY-YX and a hotspot: the run still drains. */
static void test_saturated_both_classes_complete(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    cfg.traffic = TRAFFIC_HOTSPOT;
    cfg.hotspot_fraction = 0.5;
    cfg.injection_rate = 0.9;
    cfg.packet_flits = 5;
    cfg.classes = CLASSES_BOTH;
    cfg.mcast_fraction = 0.05;
    cfg.warmup_cycles = 100;
    cfg.measure_cycles = 1500;
    traffic_result r;
    char err[256];
    assert_true(traffic_run(&cfg, true, &r, err, sizeof err));
    assert_true(r.accepted < 0.9 * r.offered);   /* it really was saturated */
    assert_int_equal(r.audit_errors, 0);
    assert_int_equal(r.audit_missing, 0);
    assert_true(r.request_latency > 0 && r.reply_latency > 0);
}

static void test_determinism(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    cfg.injection_rate = 0.35;
    cfg.mcast_fraction = 0.1;
    cfg.warmup_cycles = 300;
    cfg.measure_cycles = 1500;
    traffic_result a, b, c;
    char err[256];
    assert_true(traffic_run(&cfg, false, &a, err, sizeof err));
    assert_true(traffic_run(&cfg, false, &b, err, sizeof err));
    assert_int_equal(a.created, b.created);
    assert_int_equal(a.delivered, b.delivered);
    assert_int_equal(a.cycles, b.cycles);
    assert_true(a.avg_latency == b.avg_latency);
    cfg.seed = 2;
    assert_true(traffic_run(&cfg, false, &c, err, sizeof err));
    assert_true(c.created != a.created || c.avg_latency != a.avg_latency);
}

/* Uniform random load below saturation: accepted equals offered within sampling noise. */
static void test_accepts_offered_load_below_saturation(void **state) {
    (void)state;
    sim_config cfg;
    config_default(&cfg);
    cfg.injection_rate = 0.2;
    cfg.warmup_cycles = 500;
    cfg.measure_cycles = 3000;
    traffic_result r;
    char err[256];
    assert_true(traffic_run(&cfg, false, &r, err, sizeof err));
    assert_true(r.accepted > 0.19 && r.accepted < 0.21);
    assert_true(r.drained);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zero_load_mesh_every_pair),
        cmocka_unit_test(test_zero_load_default_mesh_corners),
        cmocka_unit_test(test_zero_load_crossbar),
        cmocka_unit_test(test_zero_load_multicast_each_destination),
        cmocka_unit_test(test_conservation_unicast),
        cmocka_unit_test(test_conservation_multicast),
        cmocka_unit_test(test_saturated_both_classes_complete),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_accepts_offered_load_below_saturation),
    };
    return cmocka_run_group_tests_name("sim_net", tests, NULL, NULL);
}
