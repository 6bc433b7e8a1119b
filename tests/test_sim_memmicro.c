/* The memory-system microbenchmarks at small size (sim/exp/memmicro.c; docs/sim.md
 * "Microbenchmarks of the memory system"; make sim-micro runs them in full): on the Fermi preset
 * (sim/configs/fermi_gtx480.cfg, dram = gddr5) every figure is within its tolerance of the limit
 * derived from the configuration, and the loaded-latency curve rises with load. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>
#include <math.h>

#include "exp/memmicro.h"
#include "sim_test_util.h"

static sim_config fermi(void) {
    sim_config c;
    sim_test_base_config(&c);
    char err[512];
    if (!config_load_file(&c, "sim/configs/fermi_gtx480.cfg", err, sizeof err)) fail_msg("%s", err);
    return c;
}

static const micro_result *find(const micro_result *r, unsigned n, const char *name) {
    for (unsigned i = 0; i < n; i++)
        if (strcmp(r[i].name, name) == 0) return &r[i];
    fail_msg("no benchmark %s", name);
    return NULL;
}

static void test_every_limit_holds(void **state) {
    (void)state;
    sim_config c = fermi();
    micro_result r[MICRO_MAX];
    micro_curve curve;
    unsigned n;
    char err[512];
    if (!memmicro_run(&c, &img, true, r, &n, &curve, err, sizeof err)) fail_msg("%s", err);
    memmicro_print(stdout, r, n, &curve);
    assert_int_equal(n, 7);
    for (unsigned i = 0; i < n; i++) assert_true(r[i].pass);
    assert_true(find(r, n, "chase-l2")->limit == 136.0);        /* 5 + 1 + 120 + 1 + 9 on the crossbar */
    /* one slice per sub-partition, each behind its own port: a read and a write in turn take 3
     * request and 3 reply flits per 2 accesses on 1024-bit channels, below the slice's 1 lookup */
    assert_true(fabs(find(r, n, "l2-resident")->limit - 2.0 / 3.0) < 1e-9);
    assert_non_null(strstr(find(r, n, "l2-resident")->derivation, "12 slices"));
    /* the same with packet_head = sideband: every packet of the mix is one flit, the ports carry
     * an access per cycle and the slice's one lookup per cycle is reached end to end */
    assert_true(find(r, n, "l2-sideband")->limit == 1.0);
    assert_true(find(r, n, "l2-sideband")->measured > 0.95);
    double rrd_bound = 6 * 128.0 / 6 * 924.0 / 700.0;           /* 6 MCs, one line per tRRD = 6 DRAM cycles */
    assert_true(fabs(find(r, n, "random-rows")->limit - rrd_bound) < 1e-9);
    assert_true(curve.points == 3);
    assert_true(curve.latency[2] > curve.latency[0]);            /* loaded latency rises with load */
    assert_true(curve.bytes_per_cycle[2] > curve.bytes_per_cycle[0]);
}

/* The limits are derived from the configuration, not stored: the random-row bound is the tRRD
 * formula of the preset's figures; dram = fixed has no DRAM to measure and is refused. */
static void test_limits_come_from_the_configuration(void **state) {
    (void)state;
    sim_config c = fermi();
    micro_result r[MICRO_MAX];
    micro_curve curve;
    unsigned n;
    char err[512];
    c.dram = DRAM_FIXED;
    assert_false(memmicro_run(&c, &img, true, r, &n, &curve, err, sizeof err));
    assert_non_null(strstr(err, "gddr5"));
    sim_config f = fermi();
    double bound = f.mcs * 128.0 / f.dramc.rrd * f.dram_mhz / f.core_mhz;   /* 168.96 bytes/cycle */
    assert_true(bound > 168.9 && bound < 169.0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_limit_holds),
        cmocka_unit_test(test_limits_come_from_the_configuration),
    };
    return cmocka_run_group_tests(tests, sim_test_group_setup, sim_test_group_teardown);
}
