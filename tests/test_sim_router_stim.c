/* The router equivalence check's records (sim/net/router_stim.h; docs/router.md 6), read as the
 * RTL router's pins would carry them: the traffic keeps the credit protocol on every input VC
 * (a flit only with a credit; the returns never give back more than was sent), the downstream
 * returns exactly one credit per output flit, the totals count what the records hold, and a run
 * is fixed by its seed (the golden vectors depend on it). And npsim's router at the RTL's pins
 * (sim/net/router_pins.h, the SystemC model form) gives the records' outputs from their inputs
 * alone, and refuses inputs that break the link protocol. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "net/router_pins.h"
#include "net/router_stim.h"

#define NVC (RSTIM_PORTS * RSTIM_VCS)

static router_stim *make(uint64_t seed, uint64_t count) {
    rstim_params p = rstim_default_params(seed, count);
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

/* Every record's output half from its input half alone: flits (all bits), credits, releases. */
static void test_pins_give_the_records_outputs(void **state) {
    (void)state;
    router_stim *s = make(20240601, 3000);
    char err[256];
    router_pins *rp = rpins_create(RSTIM_ROUTER, err, sizeof err);
    assert_non_null(rp);
    rstim_cycle want, got;
    uint64_t cycles = 0, flits = 0;
    while (rstim_next(s, &want) == RSTIM_CYCLE) {
        memset(&got, 0, sizeof got);
        got.cycle = want.cycle;
        memcpy(got.in, want.in, sizeof got.in);
        memcpy(got.out_credit, want.out_credit, sizeof got.out_credit);
        got.out_release = want.out_release;
        assert_true(rpins_cycle(rp, &got, err, sizeof err));
        for (unsigned q = 0; q < RSTIM_PORTS; q++) {
            assert_int_equal(got.out[q].valid, want.out[q].valid);
            if (!want.out[q].valid) continue;
            assert_int_equal(got.out[q].vc, want.out[q].vc);
            assert_int_equal(got.out[q].head, want.out[q].head);
            assert_int_equal(got.out[q].tail, want.out[q].tail);
            assert_memory_equal(got.out[q].data, want.out[q].data, sizeof got.out[q].data);
            flits++;
        }
        assert_memory_equal(got.in_credit, want.in_credit, sizeof got.in_credit);
        assert_int_equal(got.in_release, want.in_release);
        cycles++;
    }
    assert_int_equal(cycles, 1419);   /* the golden vectors' run (1460 with the sequential VC allocator) */
    assert_int_equal(flits, rstim_totals_of(s)->flits_out);
    rpins_destroy(rp);
    rstim_destroy(s);
}

/* A unicast head of `len` flits to node `dest` on input p, VC v, with the route field of the
 * router it enters (or a wrong one). */
static rstim_flit unicast_head(unsigned v, unsigned dest, unsigned len, unsigned route) {
    rstim_flit f;
    memset(&f, 0, sizeof f);
    f.valid = f.head = true;
    f.tail = len == 1;
    f.vc = v;
    rstim_put_bits(f.data, RSTIM_F_LEN, RSTIM_LEN_W, len);
    rstim_put_bits(f.data, RSTIM_F_ROUTE, 5, route);
    rstim_put_bits(f.data, RSTIM_F_DEST, 6, dest);
    return f;
}

static bool one_cycle(router_pins *rp, unsigned p, rstim_flit f, const char *want) {
    rstim_cycle c;
    memset(&c, 0, sizeof c);
    c.in[p] = f;
    char err[256] = "";
    bool ok = rpins_cycle(rp, &c, err, sizeof err);
    if (want) assert_non_null(strstr(err, want));
    return ok;
}

static void test_pins_refuse_protocol_errors(void **state) {
    (void)state;
    char err[256];
    assert_null(rpins_create(0, err, sizeof err));   /* a corner: not all five ports lead somewhere */
    assert_non_null(strstr(err, "not inside"));
    router_pins *rp = rpins_create(RSTIM_ROUTER, err, sizeof err);
    assert_non_null(rp);
    /* node 36 is x+1 of 35: XPOS (port 1) under XY */
    rstim_flit body = unicast_head(0, 36, 3, 1u << 1);
    body.head = false;
    assert_false(one_cycle(rp, 2, body, "a body flit without a packet"));
    assert_false(one_cycle(rp, 2, unicast_head(0, 36, 3, 1u << 3), "not docs/router.md 2's"));
    assert_false(one_cycle(rp, 2, unicast_head(0, 36, 17, 1u << 1), "a head of 17 flits"));
    rstim_flit tail = unicast_head(0, 36, 3, 1u << 1);
    tail.tail = true;
    assert_false(one_cycle(rp, 2, tail, "is not the tail"));
    assert_true(one_cycle(rp, 2, unicast_head(0, 36, 3, 1u << 1), NULL));
    assert_false(one_cycle(rp, 2, unicast_head(0, 36, 3, 1u << 1), "not free"));
    rpins_destroy(rp);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_records_keep_the_credit_protocol),
        cmocka_unit_test(test_a_seed_fixes_the_run),
        cmocka_unit_test(test_pins_give_the_records_outputs),
        cmocka_unit_test(test_pins_refuse_protocol_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
