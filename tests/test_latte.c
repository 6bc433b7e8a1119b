/* Unit tests of the LATTE-CC model (docs/latte.md): configuration and argument errors, the
 * dedicated sets, a hand-worked EP / period sequence, the latency-tolerance and queue averages
 * against eq. 3 and 4, the mode decision on chosen counter values against eq. 1-2 computed in
 * long double, the controller on random event streams against an independent reference (which
 * recounts N_hit / N_miss from the period's event log), the tag logic worked by hand and against
 * a brute-force reference (a per-set recency list), and the size -> sub-block formats through
 * the codec registry. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "codec.h"
#include "latte.h"

/* splitmix64: deterministic stimulus, never rand(). */
static uint64_t rng_state;
static uint64_t rnd(void) {
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}
static unsigned below(unsigned n) {
    return (unsigned)(rnd() % n);
}

static latte_params params(latte_policy pol, unsigned hit, unsigned d1, unsigned d2, unsigned miss) {
    latte_params p;
    latte_params_default(&p);
    p.policy = pol;
    p.hit_lat = hit;
    p.dlat[1] = d1;
    p.dlat[2] = d2;
    p.miss_lat = miss;
    return p;
}

/* ---- configuration and arguments ------------------------------------------------------------ */

static void test_config(void **state) {
    (void)state;
    latte_geometry g;
    latte_geometry_default(&g);
    assert_int_equal(latte_geometry_check(&g), NP_OK);
    assert_int_equal(g.sets, 32);
    assert_int_equal(g.ep_accesses, 256);
    assert_int_equal(g.period_eps, 10);
    latte_geometry b = g;
    b.sets = 8;   /* stride 2 < 3 modes */
    assert_int_equal(latte_geometry_check(&b), NP_BAD_PARAM);
    b = g;
    b.sets = 48;
    assert_int_equal(latte_geometry_check(&b), NP_BAD_PARAM);
    b = g;
    b.period_eps = 2;
    assert_int_equal(latte_geometry_check(&b), NP_BAD_PARAM);
    b = g;
    b.ep_accesses = 0;
    assert_int_equal(latte_geometry_check(&b), NP_BAD_PARAM);
    assert_int_equal(latte_geometry_check(NULL), NP_BAD_PARAM);

    latte_params p;
    latte_params_default(&p);
    assert_int_equal(latte_params_check(&p), NP_OK);
    latte_params q = p;
    q.dlat[0] = 1;
    assert_int_equal(latte_params_check(&q), NP_BAD_PARAM);
    q = p;
    q.miss_lat = 0;
    assert_int_equal(latte_params_check(&q), NP_BAD_PARAM);
    q = p;
    q.dlat[2] = 64;
    assert_int_equal(latte_params_check(&q), NP_BAD_PARAM);
    q = p;
    q.static_mode = (latte_mode)3;
    assert_int_equal(latte_params_check(&q), NP_BAD_PARAM);
    q = p;
    q.hit_lat = 256;
    assert_int_equal(latte_params_check(&q), NP_BAD_PARAM);

    latte_ctrl c;
    assert_int_equal(latte_ctrl_create(&c, &b), NP_BAD_PARAM);
    assert_int_equal(latte_ctrl_create(&c, &g), NP_OK);
    const latte_ctrl before = c;
    latte_decision d;
    assert_int_equal(latte_ctrl_access(&c, 32, LATTE_ACC_MISS, LATTE_MODE_NONE, 0, &d), NP_BAD_PARAM);
    assert_int_equal(latte_ctrl_access(&c, 0, LATTE_ACC_HIT, (latte_mode)3, 0, &d), NP_BAD_PARAM);
    assert_int_equal(latte_ctrl_access(&c, 0, LATTE_ACC_HIT, LATTE_MODE_NONE, 64, &d), NP_BAD_PARAM);
    assert_int_equal(latte_ctrl_access(&c, 0, (latte_acc)4, LATTE_MODE_NONE, 0, &d), NP_BAD_PARAM);
    assert_int_equal(latte_ctrl_lt_sample(&c, 64, 0), NP_BAD_PARAM);
    assert_int_equal(latte_ctrl_lt_sample(&c, 0, 256), NP_BAD_PARAM);
    assert_int_equal(latte_ctrl_configure(&c, &q), NP_BAD_PARAM);
    assert_int_equal(latte_ctrl_configure(&c, NULL), NP_BAD_PARAM);
    latte_event ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = (latte_event_kind)4;
    assert_int_equal(latte_ctrl_event(&c, &ev, &d), NP_BAD_PARAM);
    assert_int_equal(latte_ctrl_event(NULL, &ev, &d), NP_BAD_PARAM);
    assert_memory_equal(&c, &before, sizeof c);   /* rejected events change nothing */
    /* acc 3 decodes as a write (bit 1), as the RTL does */
    assert_int_equal(latte_ctrl_access(&c, 0, (latte_acc)3, LATTE_MODE_NONE, 0, &d), NP_OK);
    assert_int_equal(c.n_miss[0] + c.n_hit[0], 0);
    assert_int_equal(c.ep_count, 1);
}

static void test_set_roles(void **state) {
    (void)state;
    latte_geometry g;
    latte_geometry_default(&g);
    unsigned per_mode[LATTE_MODES] = {0};
    /* 32 sets, stride 8: sets 0, 8, 16, 24 -> none; 1, 9, 17, 25 -> ll; 2, 10, 18, 26 -> hc */
    for (unsigned s = 0; s < 32; s++) {
        const int r = latte_set_role(&g, s);
        const unsigned k = s % 8;
        assert_int_equal(r, k < 3 ? (int)k : -1);
        if (r >= 0) per_mode[r]++;
    }
    for (unsigned m = 0; m < LATTE_MODES; m++) assert_int_equal(per_mode[m], 4);
    g.sets = 64;
    for (unsigned m = 0; m < LATTE_MODES; m++) per_mode[m] = 0;
    for (unsigned s = 0; s < 64; s++) {
        const int r = latte_set_role(&g, s);
        if (r >= 0) per_mode[r]++;
    }
    for (unsigned m = 0; m < LATTE_MODES; m++) assert_int_equal(per_mode[m], 4);
}

/* ---- a hand-worked sequence: EP = 4 accesses, period = 3 EPs, 16 sets (stride 4) ------------ */

static latte_decision acc(latte_ctrl *c, unsigned set, latte_acc a, latte_mode hp, unsigned q) {
    latte_decision d;
    assert_int_equal(latte_ctrl_access(c, set, a, hp, q, &d), NP_OK);
    return d;
}

static void test_hand_sequence(void **state) {
    (void)state;
    const latte_geometry g = {16, 4, 3};
    latte_ctrl c;
    assert_int_equal(latte_ctrl_create(&c, &g), NP_OK);
    const latte_params p = params(LATTE_POLICY_LATTE, 1, 2, 14, 100);
    assert_int_equal(latte_ctrl_configure(&c, &p), NP_OK);

    /* EP 0 (learning, first period: VFT built). Dedicated sets use their own mode. */
    latte_decision d = acc(&c, 0, LATTE_ACC_MISS, LATTE_MODE_NONE, 0);
    assert_int_equal(d.policy, LATTE_MODE_NONE);
    assert_true(d.vft_sample);
    assert_false(d.ep_end);
    d = acc(&c, 1, LATTE_ACC_MISS, LATTE_MODE_NONE, 0);
    assert_int_equal(d.policy, LATTE_MODE_LL);
    d = acc(&c, 2, LATTE_ACC_HIT, LATTE_MODE_HC, 0);
    assert_int_equal(d.policy, LATTE_MODE_HC);
    d = acc(&c, 2, LATTE_ACC_MISS, LATTE_MODE_NONE, 0);
    assert_true(d.ep_end);
    assert_true(d.rebuild);
    assert_int_equal(d.ep, 0);
    assert_int_equal(d.mode, LATTE_MODE_NONE);   /* the mode before the decision */
    /* LT = 0, q = 0: penalties 1, 1 + 2 = 3, 1 + 14 = 15. AMAT: none 100/1, ll 100/1,
     * hc (15 + 100)/2 = 57.5: hc wins. */
    assert_int_equal(c.mode, LATTE_MODE_HC);
    assert_int_equal(c.ep, 1);
    assert_int_equal(c.n_miss[0], 1);
    assert_int_equal(c.n_miss[1], 1);
    assert_int_equal(c.n_miss[2], 1);
    assert_int_equal(c.n_hit[2], 1);

    /* EP 1: every set follows hc; hits in dedicated sets still count, on lines of their mode. */
    d = acc(&c, 3, LATTE_ACC_MISS, LATTE_MODE_NONE, 0);
    assert_int_equal(d.policy, LATTE_MODE_HC);
    assert_false(d.vft_sample);
    d = acc(&c, 1, LATTE_ACC_MISS, LATTE_MODE_NONE, 0);   /* not counted after EP 0 */
    assert_int_equal(d.policy, LATTE_MODE_HC);
    d = acc(&c, 0, LATTE_ACC_HIT, LATTE_MODE_NONE, 0);    /* counted: n_hit[none] = 1 */
    d = acc(&c, 1, LATTE_ACC_HIT, LATTE_MODE_HC, 0);      /* line stored in hc: not counted */
    assert_true(d.ep_end);
    assert_false(d.rebuild);
    assert_int_equal(c.n_hit[0], 1);
    assert_int_equal(c.n_hit[1], 0);
    assert_int_equal(c.n_miss[1], 1);
    /* AMAT: none (1 + 100)/2 = 50.5, ll 100/1, hc 57.5: none wins. */
    assert_int_equal(c.mode, LATTE_MODE_NONE);

    /* EP 2, the last of the period: the VFT is rebuilt; counters frozen. One schedule sample
     * (40 warps, 64 cycles) from zero accumulators gives s = 40 and 64 (weight 1/32):
     * LT = (40 * 64) >> 10 = 2 cycles. */
    assert_int_equal(latte_ctrl_lt_sample(&c, 40, 64), NP_OK);
    assert_int_equal(latte_lt(c.s_warps, c.s_cycles), 2);
    for (unsigned i = 0; i < 3; i++) {
        d = acc(&c, 5, LATTE_ACC_HIT, LATTE_MODE_NONE, 0);
        assert_true(d.vft_sample);
        assert_false(d.ep_end);
        assert_int_equal(d.policy, LATTE_MODE_NONE);
    }
    d = acc(&c, 5, LATTE_ACC_MISS, LATTE_MODE_NONE, 0);
    assert_true(d.ep_end);
    assert_true(d.rebuild);
    assert_int_equal(d.ep, 2);
    /* LT 2: penalties 0, 1, 13. none (0 + 100)/2 = 50 < ll 100 < hc (13 + 100)/2: none. The
     * period ends: counters cleared, EP 0 of a period that is not the first. */
    assert_int_equal(c.mode, LATTE_MODE_NONE);
    assert_int_equal(c.ep, 0);
    assert_false(c.first_period);
    for (unsigned m = 0; m < LATTE_MODES; m++) {
        assert_int_equal(c.n_hit[m], 0);
        assert_int_equal(c.n_miss[m], 0);
    }
    d = acc(&c, 6, LATTE_ACC_MISS, LATTE_MODE_NONE, 0);
    assert_int_equal(d.policy, LATTE_MODE_HC);   /* dedicated again in the learning EP */
    assert_false(d.vft_sample);                  /* only the first period's EP 0 builds */
    assert_int_equal(c.n_miss[2], 1);
    assert_int_equal(c.decisions, 3);

    /* RESTART: back to EP 0 of a first period, params kept. */
    assert_int_equal(latte_ctrl_restart(&c), NP_OK);
    assert_int_equal(c.ep, 0);
    assert_int_equal(c.ep_count, 0);
    assert_true(c.first_period);
    assert_int_equal(c.n_miss[2], 0);
    assert_int_equal(c.cfg.miss_lat, 100);
}

static void test_static_policy(void **state) {
    (void)state;
    const latte_geometry g = {16, 4, 3};
    latte_ctrl c;
    assert_int_equal(latte_ctrl_create(&c, &g), NP_OK);
    latte_params p = params(LATTE_POLICY_STATIC, 1, 2, 14, 100);
    p.static_mode = LATTE_MODE_LL;
    assert_int_equal(latte_ctrl_configure(&c, &p), NP_OK);
    for (unsigned i = 0; i < 40; i++) {
        const latte_decision d = acc(&c, i % 16, (latte_acc)(i % 3), LATTE_MODE_NONE, 0);
        assert_int_equal(d.policy, LATTE_MODE_LL);   /* dedicated sets too: no sampling */
    }
    assert_int_equal(c.mode, LATTE_MODE_LL);
    for (unsigned m = 0; m < LATTE_MODES; m++) assert_int_equal(c.n_hit[m] + c.n_miss[m], 0);
}

/* ---- eq. 3 and 4: the averages ------------------------------------------------------------ */

static void test_averages(void **state) {
    (void)state;
    /* From reset (0) a constant sample stream converges exactly to value * 2^shift, so eq. 4
     * is exact; from above it stops in the truncation's dead band [32x, 32x + 31] (docs 5.2). */
    for (unsigned k = 0; k < 50; k++) {
        const unsigned w = below(LATTE_WARPS_MAX + 1), cy = below(LATTE_CYCLES_MAX + 1);
        unsigned sw = 0, sc = 0, hw = below(2017), hc = below(8161);
        for (unsigned i = 0; i < 20000; i++) {
            sw = latte_ema(sw, w);
            sc = latte_ema(sc, cy);
            hw = latte_ema(hw, w);
            hc = latte_ema(hc, cy);
        }
        assert_int_equal(sw, w << LATTE_EMA_SHIFT);
        assert_int_equal(sc, cy << LATTE_EMA_SHIFT);
        assert_int_equal(latte_lt(sw, sc), w * cy);
        assert_true(hw >= (w << LATTE_EMA_SHIFT) && hw <= (w << LATTE_EMA_SHIFT) + 31u);
        assert_true(hc >= (cy << LATTE_EMA_SHIFT) && hc <= (cy << LATTE_EMA_SHIFT) + 31u);
        assert_int_equal(hw >> LATTE_EMA_SHIFT, w);
    }
    /* Accumulators never leave their RTL widths (11 and 13 bits) for any input sequence. */
    unsigned sw = 0, sc = 0;
    for (unsigned i = 0; i < 100000; i++) {
        sw = latte_ema(sw, below(2) ? LATTE_WARPS_MAX : below(LATTE_WARPS_MAX + 1));
        sc = latte_ema(sc, below(2) ? LATTE_CYCLES_MAX : below(LATTE_CYCLES_MAX + 1));
        assert_true(sw < (1u << 11));
        assert_true(sc < (1u << 13));
    }
    /* eq. 3 with a constant queue position q: effective latency = dlat * (q + 1). */
    const latte_geometry g = {16, 1000, 3};
    latte_ctrl c;
    assert_int_equal(latte_ctrl_create(&c, &g), NP_OK);
    latte_params p = params(LATTE_POLICY_LATTE, 3, 5, 17, 100);
    assert_int_equal(latte_ctrl_configure(&c, &p), NP_OK);
    for (unsigned i = 0; i < 900; i++) acc(&c, 3, LATTE_ACC_HIT, LATTE_MODE_NONE, 6);
    latte_estimate_out e;
    latte_estimate(&c, &e);
    assert_int_equal(e.eff[0], 0);
    assert_int_equal(e.eff[1], 5 * 7);
    assert_int_equal(e.eff[2], 17 * 7);
}

/* ---- the decision against eq. 1-2 ------------------------------------------------------------ */

/* AMAT_GPU of eq. 2 in long double, with max(hit_latency - latency_tolerance, 0). */
static long double amat_gpu(unsigned n_hit, unsigned n_miss, long double hit_latency,
                            long double lt, long double miss_latency) {
    long double h = hit_latency - lt;
    if (h < 0) h = 0;
    return ((long double)n_hit * h + (long double)n_miss * miss_latency) / (long double)(n_hit + n_miss);
}

static latte_mode reference_choice(const latte_ctrl *c, latte_mode current) {
    const latte_params *p = &c->cfg;
    long double lt = p->policy == LATTE_POLICY_LATTE
                         ? (long double)c->s_warps / 32.0L * ((long double)c->s_cycles / 32.0L)
                         : 0.0L;
    lt = (long double)(unsigned long long)lt;   /* the hardware keeps whole cycles */
    int best = -1;
    long double best_amat = 0;
    for (unsigned m = 0; m < LATTE_MODES; m++) {
        if (c->n_hit[m] + c->n_miss[m] == 0) continue;
        long double eff = (long double)p->dlat[m] * ((long double)c->s_qpos / 32.0L + 1.0L);
        eff = (long double)(unsigned long long)eff;
        long double hl = (long double)p->hit_lat + eff;
        if (p->policy == LATTE_POLICY_HIT_COUNT) hl = 0;
        const long double a = amat_gpu(c->n_hit[m], c->n_miss[m], hl, lt, p->miss_lat);
        if (best < 0 || a < best_amat) {
            best = (int)m;
            best_amat = a;
        }
    }
    return best < 0 ? current : (latte_mode)best;
}

static latte_mode decide(latte_ctrl *c) {
    latte_estimate_out e;
    latte_estimate(c, &e);
    return latte_choose(&e, c->mode);
}

static void set_counts(latte_ctrl *c, unsigned h0, unsigned m0, unsigned h1, unsigned m1, unsigned h2,
                       unsigned m2) {
    c->n_hit[0] = h0;
    c->n_miss[0] = m0;
    c->n_hit[1] = h1;
    c->n_miss[1] = m1;
    c->n_hit[2] = h2;
    c->n_miss[2] = m2;
}

static void test_decision_chosen(void **state) {
    (void)state;
    latte_geometry g;
    latte_geometry_default(&g);
    latte_ctrl c;
    latte_ctrl_init(&c, &g);
    c.cfg = params(LATTE_POLICY_LATTE, 1, 2, 14, 120);

    /* No tolerance: hc's 15-cycle hits cost more than its extra hits save.
     * none: (40*1 + 60*120)/100 = 72.4; ll: (50*3 + 50*120)/100 = 61.5;
     * hc: (70*15 + 30*120)/100 = 46.5 -> hc. With 20 fewer hc hits: (50*15+50*120)/100 = 67.5
     * -> ll. */
    set_counts(&c, 40, 60, 50, 50, 70, 30);
    assert_int_equal(decide(&c), LATTE_MODE_HC);
    set_counts(&c, 40, 60, 50, 50, 50, 50);
    /* ll and hc have the same hits; ll's are cheaper */
    assert_int_equal(decide(&c), LATTE_MODE_LL);
    /* LT = 16 (warps 4, cycles 4 at steady state): every penalty is 0, the miss ratio decides. */
    c.s_warps = 4u << 5;
    c.s_cycles = 4u << 5;
    set_counts(&c, 40, 60, 52, 48, 51, 49);
    assert_int_equal(decide(&c), LATTE_MODE_LL);
    /* LT = 10: hc's 15-cycle hit costs 5: 51*5 + 49*120 = 6135 > ll 48*120 = 5760 */
    c.s_warps = 2u << 5;
    c.s_cycles = 5u << 5;
    set_counts(&c, 10, 90, 40, 60, 80, 20);
    /* none 90*120/100 = 108, ll 60*120/100 = 72, hc (80*5 + 20*120)/100 = 28 -> hc */
    assert_int_equal(decide(&c), LATTE_MODE_HC);
    assert_int_equal(reference_choice(&c, c.mode), LATTE_MODE_HC);
    /* Ties go to the lower mode: identical counts everywhere, no penalties. */
    c.s_warps = 16u << 5;
    c.s_cycles = 16u << 5;
    set_counts(&c, 5, 5, 5, 5, 5, 5);
    assert_int_equal(decide(&c), LATTE_MODE_NONE);
    /* Modes without accesses are skipped; none at all keeps the current mode. */
    set_counts(&c, 0, 0, 0, 0, 3, 1);
    assert_int_equal(decide(&c), LATTE_MODE_HC);
    set_counts(&c, 0, 0, 0, 0, 0, 0);
    c.mode = LATTE_MODE_LL;
    assert_int_equal(decide(&c), LATTE_MODE_LL);
    /* Adaptive-Hit-Count ignores decompression latency: with 63-cycle hc the miss ratio still
     * wins; LATTE-CC without tolerance does not take it. */
    c.s_warps = 0;
    c.s_cycles = 0;
    c.cfg = params(LATTE_POLICY_HIT_COUNT, 1, 2, 63, 120);
    set_counts(&c, 40, 60, 50, 50, 60, 40);
    assert_int_equal(decide(&c), LATTE_MODE_HC);
    c.cfg.policy = LATTE_POLICY_LATTE;
    /* hc: (60*64 + 40*120)/100 = 86.4 > ll (50*3 + 50*120)/100 = 61.5 */
    assert_int_equal(decide(&c), LATTE_MODE_LL);
    /* Adaptive-CMP ignores the tolerance: with LT huge LATTE-CC takes hc, CMP does not. */
    c.s_warps = 48u << 5;
    c.s_cycles = 100u << 5;
    assert_int_equal(decide(&c), LATTE_MODE_HC);
    c.cfg.policy = LATTE_POLICY_CMP;
    assert_int_equal(decide(&c), LATTE_MODE_LL);
}

static void test_decision_random(void **state) {
    (void)state;
    rng_state = 0x1a77e;
    latte_geometry g;
    latte_geometry_default(&g);
    latte_ctrl c;
    latte_ctrl_init(&c, &g);
    unsigned picked[LATTE_MODES] = {0};
    for (unsigned i = 0; i < 200000; i++) {
        c.cfg = params((latte_policy)below(3), below(256), below(64), below(64), 1 + below(1023));
        c.s_warps = below(2017);
        c.s_cycles = below(8161);
        c.s_qpos = below(2017);
        for (unsigned m = 0; m < LATTE_MODES; m++) {
            /* small values often, so ties and zero-access modes happen */
            c.n_hit[m] = below(4) == 0 ? below(4) : below(513);
            c.n_miss[m] = below(4) == 0 ? below(4) : below(257);
        }
        c.mode = (latte_mode)below(3);
        const latte_mode got = decide(&c);
        assert_int_equal(got, reference_choice(&c, c.mode));
        picked[got]++;
        latte_estimate_out e;
        latte_estimate(&c, &e);
        for (unsigned m = 0; m < LATTE_MODES; m++) {
            assert_true(e.total[m] < (UINT64_C(1) << 22));   /* the RTL's 22-bit total */
            assert_true(e.pen[m] < (1u << 13));
        }
    }
    for (unsigned m = 0; m < LATTE_MODES; m++) assert_true(picked[m] > 1000);
}

/* ---- the controller on random streams against an independent reference ------------------ */

typedef struct {
    unsigned set, acc, hp;
} logged;

static void test_ctrl_random(void **state) {
    (void)state;
    rng_state = 0xc0ffee;
    static logged log_[16 * 65536];
    for (unsigned run = 0; run < 6; run++) {
        latte_geometry g = {run < 3 ? 32u : 64u, run % 2 ? 256u : 7u + run, run < 3 ? 10u : 3u + run};
        latte_ctrl c;
        assert_int_equal(latte_ctrl_create(&c, &g), NP_OK);
        /* reference state */
        unsigned ref_ep = 0, ref_count = 0, ref_mode = 0, ref_sw = 0, ref_sc = 0, ref_sq = 0;
        bool ref_first = true;
        latte_params ref_p;
        latte_params_default(&ref_p);
        size_t nlog = 0;
        for (unsigned i = 0; i < 300000; i++) {
            latte_event ev;
            memset(&ev, 0, sizeof ev);
            const unsigned k = below(100);
            ev.kind = k < 80 ? LATTE_EV_ACCESS : k < 98 ? LATTE_EV_LT_SAMPLE : k < 100 && below(50) ? LATTE_EV_CONFIG
                                                                                                : LATTE_EV_RESTART;
            ev.set = below(g.sets);
            ev.acc = below(4);
            ev.hit_policy = below(3);
            ev.qpos = below(64);
            ev.warps = below(64);
            ev.cycles = below(256);
            ev.params = params((latte_policy)below(4), below(256), below(64), below(64), 1 + below(1023));
            ev.params.static_mode = (latte_mode)below(3);
            latte_decision d;
            assert_int_equal(latte_ctrl_event(&c, &ev, &d), NP_OK);
            /* the reference */
            assert_int_equal(d.mode, ref_mode);
            assert_int_equal(d.ep, ref_ep);
            if (ev.kind == LATTE_EV_LT_SAMPLE) {
                ref_sw = ref_sw - ref_sw / 32 + ev.warps;
                ref_sc = ref_sc - ref_sc / 32 + ev.cycles;
            } else if (ev.kind == LATTE_EV_CONFIG) {
                ref_p = ev.params;
            } else if (ev.kind == LATTE_EV_RESTART) {
                ref_ep = ref_count = ref_mode = ref_sw = ref_sc = ref_sq = 0;
                ref_first = true;
                nlog = 0;
            } else {
                const unsigned stride = g.sets / 4;
                const unsigned role = ev.set % stride;
                unsigned pol = ref_mode;
                if (ref_p.policy == LATTE_POLICY_STATIC) pol = ref_p.static_mode;
                else if (ref_ep == 0 && role < 3) pol = role;
                assert_int_equal(d.policy, pol);
                const bool vft = ref_ep == g.period_eps - 1 || (ref_ep == 0 && ref_first);
                assert_int_equal(d.vft_sample, vft);
                if (!(ev.acc & 2) && (ev.acc & 1)) ref_sq = ref_sq - ref_sq / 32 + ev.qpos;
                /* log (policy in force, EP) for the recount */
                log_[nlog++] = (logged){ev.set, ev.acc | (ref_ep << 2) | ((ref_p.policy == LATTE_POLICY_STATIC) << 8), ev.hit_policy};
                ref_count++;
                const bool end = ref_count == g.ep_accesses;
                assert_int_equal(d.ep_end, end);
                assert_int_equal(d.rebuild, end && vft);
                if (end) {
                    ref_count = 0;
                    if (ref_p.policy == LATTE_POLICY_STATIC) {
                        ref_mode = ref_p.static_mode;
                    } else {
                        /* recount the period's counters from the log */
                        latte_ctrl probe = c;
                        memset(probe.n_hit, 0, sizeof probe.n_hit);
                        memset(probe.n_miss, 0, sizeof probe.n_miss);
                        for (size_t j = 0; j < nlog; j++) {
                            const unsigned a = log_[j].acc & 3, ep = (log_[j].acc >> 2) & 63;
                            const unsigned r = log_[j].set % stride;
                            if ((log_[j].acc >> 8) & 1 || r >= 3) continue;
                            if (ep == 0 && a == 0) probe.n_miss[r]++;
                            if (ep <= 1 && a == 1 && log_[j].hp == r) probe.n_hit[r]++;
                        }
                        probe.cfg = ref_p;
                        probe.s_warps = ref_sw;
                        probe.s_cycles = ref_sc;
                        probe.s_qpos = ref_sq;
                        ref_mode = reference_choice(&probe, (latte_mode)ref_mode);
                    }
                    if (ref_ep == g.period_eps - 1) {
                        ref_ep = 0;
                        ref_first = false;
                        nlog = 0;
                    } else {
                        ref_ep++;
                    }
                }
            }
            assert_int_equal(c.mode, ref_mode);
            assert_int_equal(c.s_warps, ref_sw);
            assert_int_equal(c.s_qpos, ref_sq);
            assert_true(c.n_hit[0] <= 2 * g.ep_accesses && c.n_miss[0] <= g.ep_accesses);
        }
    }
}

/* ---- tag logic by hand -------------------------------------------------------------------- */

static latte_tag_line storage[65536];

static latte_tags make_tags(unsigned sets, unsigned tags, unsigned sb) {
    latte_tags_config cfg = {sets, tags, sb, LATTE_ADDR_BITS};
    latte_tags t;
    assert_int_equal(latte_tags_init(&t, &cfg, storage, sizeof storage / sizeof storage[0]), NP_OK);
    return t;
}

static latte_tags_result top(latte_tags *t, unsigned set, uint64_t tag, latte_tags_op op, unsigned pol,
                             unsigned size) {
    latte_tags_result r;
    assert_int_equal(latte_tags_access(t, (tag << t->index_bits) | set, op, pol, size, &r), NP_OK);
    return r;
}

static void test_tags_config(void **state) {
    (void)state;
    latte_tags_config cfg;
    latte_tags_config_default(&cfg);
    assert_int_equal(cfg.tags, 16);
    assert_int_equal(cfg.subblocks, 16);
    assert_int_equal(latte_tags_config_check(&cfg), NP_OK);
    latte_tags t;
    assert_int_equal(latte_tags_init(&t, &cfg, storage, 511), NP_BAD_PARAM);
    assert_int_equal(latte_tags_init(&t, &cfg, NULL, 512), NP_BAD_PARAM);
    latte_tags_config b = cfg;
    b.subblocks = 3;
    assert_int_equal(latte_tags_config_check(&b), NP_BAD_PARAM);
    b = cfg;
    b.sets = 24;
    assert_int_equal(latte_tags_config_check(&b), NP_BAD_PARAM);
    b = cfg;
    b.tags = 65;
    assert_int_equal(latte_tags_config_check(&b), NP_BAD_PARAM);
    assert_int_equal(latte_tags_init(&t, &cfg, storage, 512), NP_OK);
    latte_tags_result r;
    assert_int_equal(latte_tags_access(&t, 0, LATTE_TOP_FILL, 3, 1, &r), NP_BAD_PARAM);
    assert_int_equal(latte_tags_access(&t, 0, LATTE_TOP_FILL, 1, 0, &r), NP_BAD_PARAM);
    assert_int_equal(latte_tags_access(&t, 0, LATTE_TOP_FILL, 1, 5, &r), NP_BAD_PARAM);
    assert_int_equal(latte_tags_access(&t, 0, LATTE_TOP_INVALIDATE, 4, 0, &r), NP_BAD_PARAM);
    assert_int_equal(latte_tags_access(&t, 0, (latte_tags_op)4, 0, 1, &r), NP_BAD_PARAM);
    assert_int_equal(latte_tags_access(&t, 0, LATTE_TOP_READ, 0, 0, NULL), NP_BAD_PARAM);
}

static void test_tags_hand(void **state) {
    (void)state;
    latte_tags t = make_tags(2, 8, 8);
    latte_tags_result r = top(&t, 1, 0xA, LATTE_TOP_FILL, LATTE_MODE_LL, 2);
    assert_int_equal(r.outcome, LATTE_T_FILL);
    assert_int_equal(r.way, 0);
    assert_int_equal(r.offset, 0);
    assert_int_equal(r.free_subblocks, 6);
    r = top(&t, 1, 0xB, LATTE_TOP_FILL, LATTE_MODE_NONE, 4);
    assert_int_equal(r.way, 1);
    assert_int_equal(r.offset, 2);
    assert_int_equal(r.free_subblocks, 2);
    r = top(&t, 1, 0xC, LATTE_TOP_FILL, LATTE_MODE_HC, 1);
    assert_int_equal(r.way, 2);
    assert_int_equal(r.offset, 6);
    assert_int_equal(r.free_subblocks, 1);
    r = top(&t, 1, 0xA, LATTE_TOP_READ, 0, 0);   /* A becomes the most recent */
    assert_int_equal(r.outcome, LATTE_T_HIT);
    assert_int_equal(r.policy, LATTE_MODE_LL);
    assert_int_equal(r.size, 2);
    r = top(&t, 0, 0xA, LATTE_TOP_READ, 0, 0);   /* other set */
    assert_int_equal(r.outcome, LATTE_T_MISS);
    assert_int_equal(r.free_subblocks, 8);
    /* D needs 3, 1 free: the LRU line B (4 sub-blocks) goes; C (1) stays. D takes way 1,
     * after A's 2 sub-blocks. */
    r = top(&t, 1, 0xD, LATTE_TOP_FILL, LATTE_MODE_LL, 3);
    assert_int_equal(r.victims, 0x2);
    assert_int_equal(r.way, 1);
    assert_int_equal(r.offset, 2);
    assert_int_equal(r.free_subblocks, 2);
    /* E needs 4, 2 free: the LRU is C (1 sub-block: 3 free, not enough), then A (2): both. */
    r = top(&t, 1, 0xE, LATTE_TOP_FILL, LATTE_MODE_NONE, 4);
    assert_int_equal(r.victims, 0x5);
    assert_int_equal(r.way, 0);
    assert_int_equal(r.offset, 0);
    assert_int_equal(r.free_subblocks, 1);
    r = top(&t, 1, 0xD, LATTE_TOP_READ, 0, 0);
    assert_int_equal(r.offset, 4);   /* D at way 1, after E's 4 */
    /* a second fill of a present line only touches it */
    r = top(&t, 1, 0xE, LATTE_TOP_FILL, LATTE_MODE_HC, 1);
    assert_int_equal(r.outcome, LATTE_T_FILL_PRESENT);
    assert_int_equal(r.policy, LATTE_MODE_NONE);
    assert_int_equal(r.size, 4);
    assert_int_equal(r.victims, 0);
    /* write-evict and write-around */
    r = top(&t, 1, 0xD, LATTE_TOP_WRITE, 0, 0);
    assert_int_equal(r.outcome, LATTE_T_WRITE_EVICT);
    assert_int_equal(r.way, 1);
    assert_int_equal(r.free_subblocks, 4);
    r = top(&t, 1, 0xD, LATTE_TOP_WRITE, 0, 0);
    assert_int_equal(r.outcome, LATTE_T_WRITE_AROUND);
    /* Tag-limited: 8 lines of 1 sub-block in set 0 (8 tags, 8 sub-blocks), then one more:
     * exactly the LRU line goes. */
    for (unsigned k = 0; k < 8; k++) {
        r = top(&t, 0, 0x100 + k, LATTE_TOP_FILL, LATTE_MODE_HC, 1);
        assert_int_equal(r.way, k);
        assert_int_equal(r.victims, 0);
    }
    r = top(&t, 0, 0x200, LATTE_TOP_FILL, LATTE_MODE_HC, 1);
    assert_int_equal(r.victims, 0x1);
    assert_int_equal(r.way, 0);
    /* invalidate the HC lines (a new SC code table): set 1 keeps E */
    r = top(&t, 1, 0, LATTE_TOP_INVALIDATE, LATTE_MODE_HC, 0);
    assert_int_equal(r.outcome, LATTE_T_INVALIDATED);
    assert_int_equal(r.free_subblocks, 4);
    assert_int_equal(top(&t, 0, 0x200, LATTE_TOP_READ, 0, 0).outcome, LATTE_T_MISS);
    assert_int_equal(top(&t, 1, 0xE, LATTE_TOP_READ, 0, 0).outcome, LATTE_T_HIT);
    assert_int_equal(latte_tags_effective_bytes(&t), 128);
    r = top(&t, 1, 0, LATTE_TOP_INVALIDATE, 3, 0);
    assert_int_equal(r.free_subblocks, 8);
    assert_int_equal(latte_tags_effective_bytes(&t), 0);
}

/* ---- tag logic against a brute-force reference ------------------------------------------ */

typedef struct {
    bool valid;
    uint64_t tag;
    unsigned policy, size;
} ref_line;

typedef struct {
    ref_line way[LATTE_MAX_TAGS];
    unsigned order[LATTE_MAX_TAGS];   /* way numbers, most recent first */
} ref_set;

static void ref_reset(ref_set *s, unsigned tags) {
    memset(s, 0, sizeof *s);
    for (unsigned w = 0; w < tags; w++) s->order[w] = w;
}

static void ref_to_front(ref_set *s, unsigned tags, unsigned way) {
    unsigned i = 0;
    while (s->order[i] != way) i++;
    memmove(&s->order[1], &s->order[0], i * sizeof s->order[0]);
    s->order[0] = way;
    (void)tags;
}

static unsigned ref_free(const ref_set *s, unsigned tags, unsigned sb) {
    unsigned used = 0;
    for (unsigned w = 0; w < tags; w++) used += s->way[w].valid ? s->way[w].size : 0;
    return sb - used;
}

static void test_tags_random(void **state) {
    (void)state;
    rng_state = 0x7a65;
    static const unsigned geo[][3] = {{32, 16, 16}, {4, 4, 8}, {2, 12, 5}, {8, 24, 24}, {1, 3, 16}, {16, 64, 64}};
    static ref_set ref[64];
    unsigned multi_victims = 0, tag_limited = 0;
    for (unsigned gi = 0; gi < sizeof geo / sizeof geo[0]; gi++) {
        latte_tags t = make_tags(geo[gi][0], geo[gi][1], geo[gi][2]);
        const unsigned tags = geo[gi][1], sb = geo[gi][2];
        for (unsigned s = 0; s < t.cfg.sets; s++) ref_reset(&ref[s], tags);
        const unsigned pool = tags + 2 + below(2 * tags);
        for (unsigned i = 0; i < 150000; i++) {
            const unsigned set = below(t.cfg.sets);
            const uint64_t tagv = below(6) == 0 ? (rnd() & ((UINT64_C(1) << t.tag_bits) - 1)) : below(pool) * 977u;
            const unsigned k = below(1000);
            const latte_tags_op op = k < 450 ? LATTE_TOP_READ : k < 900 ? LATTE_TOP_FILL : k < 996 ? LATTE_TOP_WRITE
                                                                                                : LATTE_TOP_INVALIDATE;
            const unsigned pol = op == LATTE_TOP_INVALIDATE ? below(4) : below(3);
            const unsigned size = 1 + below(4);
            latte_tags_result r;
            assert_int_equal(latte_tags_access(&t, (tagv << t.index_bits) | set, op, pol, size, &r), NP_OK);
            /* reference */
            ref_set *s = &ref[set];
            int hitw = -1;
            for (unsigned w = 0; w < tags; w++)
                if (s->way[w].valid && s->way[w].tag == tagv) hitw = (int)w;
            unsigned exp_outcome = 0, exp_way = 0, exp_pol = 0, exp_size = 0;
            uint64_t exp_victims = 0;
            bool has_line = false;
            if (op == LATTE_TOP_READ) {
                exp_outcome = hitw >= 0 ? LATTE_T_HIT : LATTE_T_MISS;
                if (hitw >= 0) {
                    ref_to_front(s, tags, (unsigned)hitw);
                    exp_way = (unsigned)hitw;
                    has_line = true;
                }
            } else if (op == LATTE_TOP_WRITE) {
                exp_outcome = hitw >= 0 ? LATTE_T_WRITE_EVICT : LATTE_T_WRITE_AROUND;
                if (hitw >= 0) {
                    s->way[hitw].valid = false;
                    exp_way = (unsigned)hitw;
                }
            } else if (op == LATTE_TOP_FILL) {
                if (hitw >= 0) {
                    exp_outcome = LATTE_T_FILL_PRESENT;
                    ref_to_front(s, tags, (unsigned)hitw);
                    exp_way = (unsigned)hitw;
                    has_line = true;
                } else {
                    exp_outcome = LATTE_T_FILL;
                    /* pop the least recent valid lines until a tag and `size` sub-blocks are free */
                    for (;;) {
                        unsigned free_tags = 0;
                        for (unsigned w = 0; w < tags; w++) free_tags += !s->way[w].valid;
                        if (free_tags >= 1 && ref_free(s, tags, sb) >= size) break;
                        for (int i2 = (int)tags - 1; i2 >= 0; i2--) {
                            const unsigned w = s->order[i2];
                            if (s->way[w].valid) {
                                s->way[w].valid = false;
                                exp_victims |= UINT64_C(1) << w;
                                break;
                            }
                        }
                    }
                    unsigned w = 0;
                    while (s->way[w].valid) w++;
                    s->way[w] = (ref_line){true, tagv, pol, size};
                    ref_to_front(s, tags, w);
                    exp_way = w;
                    has_line = true;
                    if (__builtin_popcountll(exp_victims) > 1) multi_victims++;
                }
            } else {
                exp_outcome = LATTE_T_INVALIDATED;
                for (unsigned s2 = 0; s2 < t.cfg.sets; s2++) {
                    if (pol == 3) {
                        ref_reset(&ref[s2], tags);
                        continue;
                    }
                    for (unsigned w = 0; w < tags; w++)
                        if (ref[s2].way[w].valid && ref[s2].way[w].policy == pol) ref[s2].way[w].valid = false;
                }
            }
            unsigned exp_off = 0;
            if (has_line) {
                exp_pol = s->way[exp_way].policy;
                exp_size = s->way[exp_way].size;
                for (unsigned w = 0; w < exp_way; w++) exp_off += s->way[w].valid ? s->way[w].size : 0;
            }
            assert_int_equal(r.outcome, exp_outcome);
            assert_int_equal(r.set, set);
            assert_int_equal(r.way, exp_way);
            assert_int_equal(r.policy, exp_pol);
            assert_int_equal(r.size, exp_size);
            assert_int_equal(r.offset, exp_off);
            assert_int_equal(r.victims, exp_victims);
            assert_int_equal(r.free_subblocks, ref_free(s, tags, sb));
            /* ages are a permutation whose order among valid lines is the reference's */
            const latte_tag_line *ln = latte_tags_set_lines(&t, set);
            for (unsigned w = 0; w < tags; w++) assert_true(ln[w].age < tags);
            for (unsigned a = 0; a < tags; a++) {
                unsigned n = 0;
                for (unsigned w = 0; w < tags; w++) n += ln[w].age == a;
                assert_int_equal(n, 1);
            }
            unsigned prev_age = 0;
            bool first = true;
            for (unsigned i2 = 0; i2 < tags; i2++) {
                const unsigned w = s->order[i2];
                if (!s->way[w].valid) continue;
                assert_true(ln[w].valid);
                if (!first) assert_true(ln[w].age > prev_age);
                prev_age = ln[w].age;
                first = false;
            }
            if (op == LATTE_TOP_FILL && hitw < 0 && exp_victims != 0 && ref_free(s, tags, sb) + size <= sb &&
                __builtin_popcountll(exp_victims) == 1 && exp_size == 1)
                tag_limited++;
        }
    }
    assert_true(multi_victims > 1000);
    assert_true(tag_limited > 100);
}

/* ---- formats ----------------------------------------------------------------------------- */

static void test_formats(void **state) {
    (void)state;
    assert_int_equal(latte_subblocks(0), 1);
    assert_int_equal(latte_subblocks(1), 1);
    assert_int_equal(latte_subblocks(256), 1);
    assert_int_equal(latte_subblocks(257), 2);
    assert_int_equal(latte_subblocks(768), 3);
    assert_int_equal(latte_subblocks(769), 4);
    assert_int_equal(latte_subblocks(1025), 4);
    latte_line_format f = latte_format(LATTE_MODE_HC, 700);
    assert_int_equal(f.policy, LATTE_MODE_HC);
    assert_int_equal(f.size, 3);
    f = latte_format(LATTE_MODE_LL, 800);   /* needs 4: stored uncompressed */
    assert_int_equal(f.policy, LATTE_MODE_NONE);
    assert_int_equal(f.size, 4);
    f = latte_format(LATTE_MODE_NONE, 8);
    assert_int_equal(f.policy, LATTE_MODE_NONE);
    assert_int_equal(f.size, 4);

    /* Through the registry: every lossless whole-line codec; a zero line is the smallest
     * stream of every codec, a random line does not compress. */
    uint8_t zero[128] = {0}, noise[128];
    rng_state = 42;
    for (unsigned i = 0; i < 128; i++) noise[i] = (uint8_t)rnd();
    unsigned checked = 0;
    for (unsigned i = 0; i < np_codec_count(); i++) {
        const np_codec *c = np_codec_at(i);
        if (c->flags & NP_CODEC_FILTERS) continue;
        static uint8_t st[1u << 20];
        if (c->state_bytes > sizeof st) continue;
        np_codec_init(c, st);
        const np_codec_opts o = {0};
        unsigned fill = 0;
        const size_t zb = np_codec_bits(c, st, &o, zero, &fill);
        if (zb == 0 || fill != NP_CODEC_FILL_ALL) continue;   /* lossy: not an L1 format */
        assert_int_equal(latte_format_codec(LATTE_MODE_LL, c, st, zero, &f), NP_OK);
        assert_int_equal(f.size, latte_subblocks(zb));
        assert_int_equal(f.policy, latte_subblocks(zb) < 4 ? LATTE_MODE_LL : LATTE_MODE_NONE);
        const size_t nb = np_codec_bits(c, st, &o, noise, &fill);
        assert_int_equal(latte_format_codec(LATTE_MODE_HC, c, st, noise, &f), NP_OK);
        assert_int_equal(f.size, 4);
        assert_int_equal(f.policy, LATTE_MODE_NONE);
        assert_true(nb > 768);
        checked++;
    }
    assert_true(checked >= 1);
    assert_int_equal(latte_format_codec(LATTE_MODE_LL, NULL, NULL, zero, &f), NP_BAD_PARAM);
    assert_int_equal(latte_format_codec(LATTE_MODE_NONE, NULL, NULL, NULL, &f), NP_OK);
    assert_int_equal(latte_format_codec((latte_mode)3, NULL, NULL, zero, &f), NP_BAD_PARAM);
    assert_string_equal(latte_mode_name(LATTE_MODE_HC), "hc");
    assert_null(latte_mode_name((latte_mode)3));
    assert_string_equal(latte_tags_outcome_name(LATTE_T_FILL_PRESENT), "fill_present");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config),          cmocka_unit_test(test_set_roles),
        cmocka_unit_test(test_hand_sequence),   cmocka_unit_test(test_static_policy),
        cmocka_unit_test(test_averages),        cmocka_unit_test(test_decision_chosen),
        cmocka_unit_test(test_decision_random), cmocka_unit_test(test_ctrl_random),
        cmocka_unit_test(test_tags_config),     cmocka_unit_test(test_tags_hand),
        cmocka_unit_test(test_tags_random),     cmocka_unit_test(test_formats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
