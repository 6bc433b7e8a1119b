/* The router equivalence check's records (sim/net/router_stim.h; docs/router.md 6), read as the
 * RTL router's pins would carry them: the traffic keeps the credit protocol on every input VC
 * (a flit only with a credit; the returns never give back more than was sent), the downstream
 * returns exactly one credit per output flit, the totals count what the records hold, and a run
 * is fixed by its seed (the golden vectors depend on it). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "net/router_stim.h"

#define NVC (RSTIM_PORTS * RSTIM_VCS)

static router_stim *make(uint64_t seed, uint64_t count) {
    rstim_params p = {seed, count, 0.6, 0.3, 0.3, 20000, 0};
    char err[256];
    router_stim *s = rstim_create(&p, err, sizeof err);
    assert_non_null(s);
    return s;
}

static void test_records_keep_the_credit_protocol(void **state) {
    (void)state;
    router_stim *s = make(11, 4000);
    unsigned up[NVC];                 /* the upstream's credits per input VC */
    long down[NVC];                   /* flits on each output VC still without their credit */
    uint64_t in = 0, out = 0, cycles = 0;
    for (unsigned i = 0; i < NVC; i++) up[i] = RSTIM_DEPTH, down[i] = 0;
    rstim_cycle c;
    rstim_status st;
    while ((st = rstim_next(s, &c)) == RSTIM_CYCLE) {
        assert_int_equal(c.cycle, cycles);
        cycles++;
        for (unsigned p = 0; p < RSTIM_PORTS; p++) {
            if (c.in[p].valid) {
                unsigned i = p * RSTIM_VCS + c.in[p].vc;
                assert_true(up[i] > 0);     /* a flit only on a VC with a credit */
                up[i]--;
                in++;
            }
            if (c.out[p].valid) {
                down[p * RSTIM_VCS + c.out[p].vc]++;
                out++;
            }
        }
        for (unsigned i = 0; i < NVC; i++) {
            up[i] += c.in_credit[i];       /* usable upstream from the next cycle */
            assert_true(up[i] <= RSTIM_DEPTH);
            down[i] -= c.out_credit[i];    /* the downstream's credit comes after its flit */
            assert_true(down[i] >= 0);
        }
    }
    assert_int_equal(st, RSTIM_DONE);
    for (unsigned i = 0; i < NVC; i++) {
        assert_int_equal(up[i], RSTIM_DEPTH);   /* every credit home */
        assert_int_equal(down[i], 0);
    }
    const rstim_totals *t = rstim_totals_of(s);
    assert_int_equal(t->flits_in, in);
    assert_int_equal(t->flits_out, out);
    assert_int_equal(t->cycles, cycles);
    assert_true(in >= 4000);
    assert_true(out > in);                      /* multicast replicas */
    assert_true(t->long_mcast > 0 && t->holds > 0);
    assert_int_equal(t->latency_min, 4);
    assert_int_equal(t->ii_min, 1);
    rstim_destroy(s);
}

/* Records of the first n cycles of a run, compared with another run's. */
static bool same_start(uint64_t seed_a, uint64_t seed_b, unsigned n) {
    router_stim *a = make(seed_a, 1000), *b = make(seed_b, 1000);
    bool same = true;
    for (unsigned k = 0; k < n && same; k++) {
        rstim_cycle ca, cb;
        memset(&ca, 0, sizeof ca);
        memset(&cb, 0, sizeof cb);
        assert_int_equal(rstim_next(a, &ca), RSTIM_CYCLE);
        assert_int_equal(rstim_next(b, &cb), RSTIM_CYCLE);
        same = memcmp(&ca, &cb, sizeof ca) == 0;
    }
    rstim_destroy(a);
    rstim_destroy(b);
    return same;
}

static void test_a_seed_fixes_the_run(void **state) {
    (void)state;
    assert_true(same_start(5, 5, 300));
    assert_false(same_start(5, 6, 300));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_records_keep_the_credit_protocol),
        cmocka_unit_test(test_a_seed_fixes_the_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
