/* Unit tests of the request controller and windows manager model (docs/rcwm.md): window limits
 * for Table 5.1's sizes and thresholds, the FIFO (oldest event leaves), which window an event and
 * a read use, the RC's order (full map, FDR window, MSHR, ICA window), the same-edge order of
 * rcwm_cycle (event first), the hardware rules for map 0000, argument checks, and a long random
 * run against an independent reference written here (a list of the last events per window). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rcwm.h"

static rcwm_state fresh(unsigned window, unsigned ica, unsigned fdr) {
    rcwm_config c = {window, ica, fdr};
    rcwm_state s;
    assert_int_equal(rcwm_init(&s, &c), NP_OK);
    return s;
}

static rcwm_decision decide(const rcwm_state *s, unsigned map, bool mshr) {
    rcwm_decision d;
    assert_int_equal(rcwm_decide(s, map, mshr, &d), NP_OK);
    return d;
}

static void test_config_and_limits(void **state) {
    (void)state;
    rcwm_config c;
    rcwm_config_default(&c);
    assert_int_equal(c.window, 16);
    assert_int_equal(c.ica_pct, 50);
    assert_int_equal(c.fdr_pct, 90);
    rcwm_state s;
    c.window = 0;
    assert_int_equal(rcwm_init(&s, &c), NP_BAD_PARAM);
    c.window = 33;
    assert_int_equal(rcwm_init(&s, &c), NP_BAD_PARAM);
    c.window = 16;
    c.fdr_pct = 101;
    assert_int_equal(rcwm_init(&s, &c), NP_BAD_PARAM);
    /* Table 5.1: "exceeds" is strictly more than pct of the window */
    assert_int_equal(rcwm_limit(16, 50), 8);
    assert_int_equal(rcwm_limit(16, 90), 14);
    assert_int_equal(rcwm_limit(8, 25), 2);
    assert_int_equal(rcwm_limit(8, 75), 6);
    assert_int_equal(rcwm_limit(32, 30), 9);
    assert_int_equal(rcwm_limit(32, 60), 19);
    assert_int_equal(rcwm_limit(16, 100), 16);   /* never over */
    assert_int_equal(rcwm_count_bits(8), 4);
    assert_int_equal(rcwm_count_bits(16), 5);
    assert_int_equal(rcwm_count_bits(32), 6);
}

static void test_window_of_event_and_read(void **state) {
    (void)state;
    rcwm_state s = fresh(16, 50, 90);
    assert_int_equal(rcwm_event(&s, 0x1, true), NP_OK);     /* 32 bytes: FDR 0 only */
    assert_int_equal(s.win[RCWM_WIN_FDR], 0x0);
    assert_int_equal(s.win[RCWM_WIN_ICA64] | s.win[RCWM_WIN_ICA96] | s.win[RCWM_WIN_ICA128], 0);
    assert_int_equal(rcwm_event(&s, 0x5, true), NP_OK);     /* 64 bytes, not contiguous */
    assert_int_equal(s.win[RCWM_WIN_ICA64], 0x1);
    assert_int_equal(rcwm_event(&s, 0xE, false), NP_OK);    /* 96 bytes */
    assert_int_equal(s.win[RCWM_WIN_ICA96], 0x0);
    assert_int_equal(rcwm_ones(&s, RCWM_WIN_FDR), 0);
    assert_int_equal(rcwm_event(&s, 0xF, true), NP_OK);     /* 128 bytes: ICA128 1, FDR 1 */
    assert_int_equal(s.win[RCWM_WIN_ICA128], 0x1);
    assert_int_equal(s.win[RCWM_WIN_FDR], 0x1);
    assert_int_equal(rcwm_event(&s, 0x0, true), NP_BAD_PARAM);
    assert_int_equal(rcwm_event(&s, 0x10, true), NP_BAD_PARAM);
    assert_int_equal(rcwm_ica_window_of_read(0x8), RCWM_WIN_ICA64);
    assert_int_equal(rcwm_ica_window_of_read(0x6), RCWM_WIN_ICA64);
    assert_int_equal(rcwm_ica_window_of_read(0xB), RCWM_WIN_ICA96);
    assert_int_equal(rcwm_ica_window_of_read(0xF), -1);
}

static void test_fifo_oldest_leaves(void **state) {
    (void)state;
    rcwm_state s = fresh(8, 25, 30);
    for (unsigned k = 0; k < 3; k++) assert_int_equal(rcwm_event(&s, 0x3, true), NP_OK);
    assert_true(rcwm_over(&s, RCWM_WIN_ICA64));              /* 3 > 2 */
    for (unsigned k = 0; k < 5; k++) assert_int_equal(rcwm_event(&s, 0x3, false), NP_OK);
    assert_int_equal(rcwm_ones(&s, RCWM_WIN_ICA64), 3);      /* 8 events: all still inside */
    assert_int_equal(rcwm_event(&s, 0x3, false), NP_OK);
    assert_int_equal(rcwm_ones(&s, RCWM_WIN_ICA64), 2);      /* the oldest left */
    assert_false(rcwm_over(&s, RCWM_WIN_ICA64));
}

static void test_rc_order(void **state) {
    (void)state;
    rcwm_state s = fresh(16, 50, 90);
    rcwm_decision d = decide(&s, 0x1, false);
    assert_int_equal(d.map, 0x1);
    assert_int_equal(d.reason, RCWM_PDR);
    assert_int_equal(decide(&s, 0xF, true).reason, RCWM_FULL_MAP);
    d = decide(&s, 0x1, true);
    assert_int_equal(d.map, 0xF);
    assert_int_equal(d.reason, RCWM_MSHR);
    for (unsigned k = 0; k < 9; k++) assert_int_equal(rcwm_event(&s, 0x3, true), NP_OK);
    assert_int_equal(decide(&s, 0x2, false).reason, RCWM_ICA_WINDOW);
    assert_int_equal(decide(&s, 0x7, false).reason, RCWM_PDR);   /* the 96-byte window is empty */
    assert_int_equal(decide(&s, 0x2, true).reason, RCWM_MSHR);   /* MSHR is tested before ICA */
    for (unsigned k = 0; k < 15; k++) assert_int_equal(rcwm_event(&s, 0xF, false), NP_OK);
    assert_int_equal(decide(&s, 0x2, true).reason, RCWM_FDR_WINDOW);  /* FDR first */
    assert_int_equal(rcwm_decide(&s, 0, false, &d), NP_BAD_PARAM);
    assert_int_equal(d.map, 0xF);
    assert_string_equal(rcwm_reason_name(RCWM_ICA_WINDOW), "ica-window");
}

static void test_cycle_event_first_and_hw_rules(void **state) {
    (void)state;
    rcwm_state s = fresh(16, 50, 90);
    for (unsigned k = 0; k < 8; k++) assert_int_equal(rcwm_event(&s, 0x3, true), NP_OK);
    rcwm_cycle_in in = {true, 0x6, true, true, 0x1, false};
    rcwm_cycle_out o;
    rcwm_cycle(&s, &in, &o);
    assert_true(o.st_valid);
    assert_int_equal(o.st_ones[RCWM_WIN_ICA64], 9);
    assert_int_equal(o.st_over, 1u << RCWM_WIN_ICA64);
    assert_true(o.dec_valid);
    assert_int_equal(o.dec.reason, RCWM_ICA_WINDOW);          /* decided after the event */
    rcwm_cycle_in zero = {true, 0x0, true, true, 0x0, false};
    rcwm_cycle(&s, &zero, &o);
    assert_int_equal(o.st_ones[RCWM_WIN_ICA64], 9);            /* map 0000: nothing changes */
    assert_int_equal(o.st_ones[RCWM_WIN_FDR], 0);
    assert_int_equal(o.dec.reason, RCWM_FULL_MAP);            /* read 0000 reads as 1111 */
    assert_int_equal(o.dec.map, 0xF);
}

/* Reference: each window as a list of its last `window` bits, the ratio tested with a division. */
typedef struct {
    unsigned char bit[4][64];
    unsigned n[4];
} ref_state;

static void ref_push(ref_state *r, unsigned w, unsigned window, unsigned b) {
    if (r->n[w] == window) {
        memmove(r->bit[w], r->bit[w] + 1, window - 1);
        r->n[w]--;
    }
    r->bit[w][r->n[w]++] = (unsigned char)b;
}

static bool ref_over(const ref_state *r, unsigned w, unsigned window, unsigned pct) {
    unsigned ones = 0;
    for (unsigned i = 0; i < r->n[w]; i++) ones += r->bit[w][i];
    return (double)ones / (double)window > (double)pct / 100.0 + 1e-12;
}

static void test_random_against_reference(void **state) {
    (void)state;
    static const unsigned windows[] = {8, 16, 32}, icas[] = {25, 50, 75}, fdrs[] = {30, 60, 90};
    uint64_t x = 0x9E3779B97F4A7C15u;
    for (unsigned cfgi = 0; cfgi < 27; cfgi++) {
        unsigned window = windows[cfgi % 3], ica = icas[(cfgi / 3) % 3], fdr = fdrs[cfgi / 9];
        rcwm_state s = fresh(window, ica, fdr);
        ref_state r;
        memset(&r, 0, sizeof r);
        for (unsigned i = 0; i < 4000; i++) {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            unsigned map = (unsigned)(x & 15u), rmap = (unsigned)((x >> 4) & 15u);
            bool ica_bit = (x >> 8) & 1u, mshr = ((x >> 9) & 7u) == 0, ev = (x >> 12) & 1u;
            if (ev && map) {
                assert_int_equal(rcwm_event(&s, map, ica_bit), NP_OK);
                unsigned used = (unsigned)__builtin_popcount(map);
                if (used >= 2) ref_push(&r, used - 2, window, ica_bit);
                ref_push(&r, 3, window, map == 15u);
            }
            if (!rmap) continue;
            rcwm_decision d = decide(&s, rmap, mshr);
            unsigned used = (unsigned)__builtin_popcount(rmap);
            rcwm_reason want = RCWM_PDR;
            if (rmap == 15u) want = RCWM_FULL_MAP;
            else if (ref_over(&r, 3, window, fdr)) want = RCWM_FDR_WINDOW;
            else if (mshr) want = RCWM_MSHR;
            else if (ref_over(&r, used == 3 ? 1 : 0, window, ica)) want = RCWM_ICA_WINDOW;
            assert_int_equal(d.reason, want);
            assert_int_equal(d.map, want == RCWM_PDR ? rmap : 15u);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config_and_limits),
        cmocka_unit_test(test_window_of_event_and_read),
        cmocka_unit_test(test_fifo_oldest_leaves),
        cmocka_unit_test(test_rc_order),
        cmocka_unit_test(test_cycle_event_first_and_hw_rules),
        cmocka_unit_test(test_random_against_reference),
    };
    return cmocka_run_group_tests_name("rcwm", tests, NULL, NULL);
}
