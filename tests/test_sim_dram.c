/* The GDDR5 DRAM model (sim/mem/dram.c; docs/sim.md "DRAM (dram = gddr5)"), in DRAM command
 * cycles on GPGPU-Sim's GTX480 timing (tRCD 12, tCCDL 3, CL 12, burst 2 cycles, tRP 12, tRRD 6):
 * - an idle bank's read: ACT, tRCD, two column commands tCCDL apart, CL, the burst: 29 cycles;
 *   a row hit after it; a row conflict: PRE, tRP, ACT, ... = 41 cycles;
 * - FR-FCFS: a younger row hit goes before an older row conflict; a row is not closed while a
 *   queued request hits it;
 * - the address map spreads consecutive line pairs over alternating banks (and bank groups);
 * - streaming reads sustain the peak (one 64-byte column per tCCD) within 1%;
 * - random rows are limited by tRRD (and by tFAW when it is set), never faster;
 * - write-to-read and read-to-write turnarounds (tWTR, tRTW) as GPGPU-Sim derives them;
 * - bad configurations are refused with a reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>

#include "mem/dram.h"

static dram_config gtx480(void) {
    dram_config c;
    dram_config_gtx480(&c);
    return c;
}

/* Step until the request tagged `tag` completes; its completion cycle. */
static uint64_t run_until_done(dram_t *d, uint64_t tag) {
    for (unsigned i = 0; i < 100000; i++) {
        dram_done done;
        while (dram_pop_done(d, &done))
            if (done.tag == tag) return done.done;
        dram_step(d);
    }
    fail_msg("request %llu never completed", (unsigned long long)tag);
    return 0;
}

/* A line in bank `bank`, row `row` of channel 0 (the map's inverse, built by search). */
static uint64_t line_at(const dram_config *c, unsigned bank, uint64_t row) {
    for (uint64_t l = 0; l < (row + 2) * 4096; l++) {
        dram_addr a = dram_map(c, l);
        if (a.bank == bank && a.row == row && a.channel == 0) return l;
    }
    fail_msg("no line in bank %u row %llu", bank, (unsigned long long)row);
    return 0;
}

static void test_idle_hit_conflict_latency(void **state) {
    (void)state;
    dram_config c = gtx480();
    dram_t d;
    assert_true(dram_init(&d, &c));
    uint64_t a = line_at(&c, 3, 5), b = line_at(&c, 3, 9);
    dram_push(&d, a, false, 1);
    assert_int_equal(run_until_done(&d, 1), 12 + 3 + 12 + 2);        /* tRCD + tCCDL + CL + burst */
    assert_int_equal(d.st.acts, 1);
    while (d.now < 100) dram_step(&d);
    dram_push(&d, a ^ 1u, false, 2);                                   /* the other line of the pair: row hit */
    assert_int_equal(run_until_done(&d, 2) - 100, 3 + 12 + 2);        /* first CAS at once */
    assert_int_equal(d.st.row_hits, 1);
    while (d.now < 200) dram_step(&d);
    dram_push(&d, b, false, 3);                                        /* same bank, other row */
    assert_int_equal(run_until_done(&d, 3) - 200, 12 + 12 + 3 + 12 + 2);   /* tRP + tRCD + tCCDL + CL + burst */
    assert_int_equal(d.st.pres, 1);
    assert_int_equal(d.st.acts, 2);
    assert_false(dram_busy(&d));
    dram_free(&d);
}


static void test_frfcfs_hit_first(void **state) {
    (void)state;
    dram_config c = gtx480();
    dram_t d;
    assert_true(dram_init(&d, &c));
    uint64_t open = line_at(&c, 0, 1), conflict = line_at(&c, 0, 2);
    dram_push(&d, open, false, 1);
    run_until_done(&d, 1);
    dram_push(&d, conflict, false, 2);                                 /* older, row conflict */
    dram_push(&d, open ^ 1u, false, 3);                                /* younger, row hit */
    uint64_t t0 = d.now;
    dram_done first;
    while (!dram_pop_done(&d, &first)) dram_step(&d);
    assert_int_equal(first.tag, 3);
    assert_int_equal(first.done - t0, 3 + 12 + 2);
    /* PRE only once the hit's last column is out (t0 + tCCDL) and its burst ended (+ 2; tRTPL 2 too) */
    assert_int_equal(run_until_done(&d, 2) - t0, (3 + 2) + 12 + 12 + 3 + 12 + 2);
    dram_free(&d);
}

static void test_map_spreads_lines(void **state) {
    (void)state;
    dram_config c = gtx480();
    unsigned seen[DRAM_MAX_BANKS] = {0};
    for (uint64_t l = 0; l < 1024; l++) {
        dram_addr a = dram_map(&c, l);
        assert_int_equal(a.bank, ((l >> 1) & 1u) | (((l >> 6) & 7u) << 1));   /* GTX480: B at line bits 1, 6..8 */
        assert_int_equal(a.row, l >> 9);
        assert_int_equal(a.group, a.bank & 3u);
        seen[a.bank]++;
    }
    for (unsigned b = 0; b < 16; b++) assert_int_equal(seen[b], 64);
    c.channels = 2;
    assert_int_equal(dram_map(&c, 512).channel, 1);                    /* the channel bit sits under the row */
    assert_int_equal(dram_map(&c, 512).row, 0);
}

/* Bytes per command cycle over a steady window of `lines` reads from `next_line`, keeping the
 * queue full. */
static double bandwidth(dram_t *d, uint64_t (*next_line)(unsigned), unsigned lines) {
    unsigned pushed = 0, done_n = 0;
    uint64_t t_start = 0, n_start = 0;
    while (done_n < lines) {
        while (pushed < lines && dram_can_accept(d, next_line(pushed))) {
            dram_push(d, next_line(pushed), false, pushed);
            pushed++;
        }
        dram_step(d);
        dram_done x;
        while (dram_pop_done(d, &x)) {
            done_n++;
            if (done_n == lines / 10) t_start = x.done, n_start = done_n;   /* skip the ramp */
        }
    }
    return (double)(done_n - n_start) * 128.0 / (double)(d->now - t_start);
}

static uint64_t seq_line(unsigned i) { return i; }
static uint64_t random_line(unsigned i) {
    uint64_t x = (uint64_t)i * 0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    return (x * 0xBF58476D1CE4E5B9ull) >> 20;          /* lines over 2^44: every request another row */
}

static void test_streaming_reaches_peak(void **state) {
    (void)state;
    dram_config c = gtx480();
    dram_t d;
    assert_true(dram_init(&d, &c));
    double bw = bandwidth(&d, seq_line, 20000), peak = dram_peak_bytes_per_cycle(&c);
    assert_true(peak == 32.0);
    assert_true(bw > 0.99 * peak && bw <= peak);
    assert_true((double)d.st.row_hits / (double)d.st.reads > 0.96);    /* one activation per 32 lines */
    dram_free(&d);
}

static void test_random_rows_limited_by_rrd_and_faw(void **state) {
    (void)state;
    dram_config c = gtx480();
    dram_t d;
    assert_true(dram_init(&d, &c));
    double bw = bandwidth(&d, random_line, 20000), bound = 128.0 / c.rrd;   /* one ACT per line, tRRD apart */
    assert_true(bw <= bound * 1.001);
    assert_true(bw > 0.85 * bound);
    dram_free(&d);
    c.faw = 40;                                                        /* 4 ACTs per 40 cycles: 10 per line */
    assert_true(dram_init(&d, &c));
    bw = bandwidth(&d, random_line, 20000);
    assert_true(bw <= 128.0 / 10 * 1.001);
    assert_true(bw > 0.85 * 128.0 / 10);
    dram_free(&d);
}

static void test_turnarounds(void **state) {
    (void)state;
    dram_config c = gtx480();
    dram_t d;
    assert_true(dram_init(&d, &c));
    uint64_t a = line_at(&c, 2, 4);
    dram_push(&d, a, true, 1);                                         /* write: ACT 0, WR at tRCDWR = 7, 10 */
    assert_int_equal(run_until_done(&d, 1), 7 + 3 + 4 + 2);           /* + WL + burst */
    dram_push(&d, a ^ 1u, false, 2);                                   /* read after write: tWTR = WL + 2 + tCDLR = 11 */
    uint64_t done = run_until_done(&d, 2);
    assert_int_equal(done, 10 + 11 + 3 + 12 + 2);
    dram_free(&d);
}

static void test_bad_configs(void **state) {
    (void)state;
    dram_config c = gtx480();
    assert_null(dram_config_check(&c));
    c.banks = 12;
    assert_non_null(dram_config_check(&c));
    c = gtx480();
    c.ccdl = 1;
    assert_non_null(dram_config_check(&c));
    c = gtx480();
    c.bus_bytes = 32;                                                  /* 256-byte atoms exceed a line */
    assert_non_null(dram_config_check(&c));
    c = gtx480();
    c.queue = 0;
    dram_t d;
    assert_false(dram_init(&d, &c));
    dram_free(&d);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_idle_hit_conflict_latency),
        cmocka_unit_test(test_frfcfs_hit_first),
        cmocka_unit_test(test_map_spreads_lines),
        cmocka_unit_test(test_streaming_reaches_peak),
        cmocka_unit_test(test_random_rows_limited_by_rrd_and_faw),
        cmocka_unit_test(test_turnarounds),
        cmocka_unit_test(test_bad_configs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
