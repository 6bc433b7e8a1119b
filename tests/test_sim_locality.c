/* Potential inter-core locality (sim/gpu/locality.c; seed 003 sec. 2.2, docs/sim.md "Potential
 * inter-core locality"):
 * - the table by hand: an entry lives for its window, a read within it adds to the count, the
 *   first access of an entry counts once a second arrives, an expired entry restarts;
 * - it keeps every block (unlimited entries) through growth;
 * - Fig. 2b: the locality on blocks marked written (read-write data) is counted apart, the same way;
 * - in a run it sees exactly the read requests the MCs accepted, and pairs of SMs reading the same
 *   chunk together (mapreduce) give a ratio near 1 at the longest window, a private stream 0. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "gpu/gpu.h"
#include "gpu/locality.h"
#include "sim_test_util.h"
#include "trace/tracegen.h"

static void test_windows_by_hand(void **state) {
    (void)state;
    loc_table t = {0};
    assert_true(loc_read(&t, 7, 0));       /* A: a new entry in every window */
    assert_true(loc_read(&t, 9, 50));      /* B: alone for ever */
    assert_true(loc_read(&t, 7, 100));     /* A again: local in every window (2 accesses) */
    assert_true(loc_read(&t, 7, 200));     /* 120: expired (200 - 0 >= 120), a new entry; >= 240: 3rd access */
    assert_true(loc_read(&t, 7, 300));     /* 120: 2nd of the entry of 200 (+2); 240: expired; >= 480: 4th */
    assert_int_equal(t.n.reads, 5);
    assert_int_equal(t.n.local[0], 4);     /* {0,100} and {200,300} */
    assert_int_equal(t.n.local[1], 3);     /* {0,100,200}; 300 starts a new entry */
    for (unsigned k = 2; k < LOC_WINDOWS; k++) assert_int_equal(t.n.local[k], 4);
    assert_true(loc_ratio(&t.n, 0) > 0.79 && loc_ratio(&t.n, 0) < 0.81);
    loc_free(&t);
}

static void test_unlimited_entries(void **state) {
    (void)state;
    loc_table t = {0};
    for (uint64_t i = 0; i < 5000; i++) assert_true(loc_read(&t, i * 977, 10));
    for (uint64_t i = 0; i < 5000; i++) assert_true(loc_read(&t, i * 977, 20));
    assert_int_equal(t.used, 5000);
    for (unsigned k = 0; k < LOC_WINDOWS; k++) assert_int_equal(t.n.local[k], 10000);
    loc_free(&t);
}

/* Fig. 2b: A is read-write (marked before its reads), B read-only; each is read twice in every
 * window, so half of the locality is on read-write data; marking adds no read and no locality. */
static void test_read_write_share_by_hand(void **state) {
    (void)state;
    loc_table t = {0};
    assert_true(loc_mark_written(&t, 7));
    assert_true(loc_mark_written(&t, 11));  /* written, never read: no read, no locality */
    assert_int_equal(t.n.reads, 0);
    assert_true(loc_read(&t, 7, 0));
    assert_true(loc_read(&t, 9, 10));
    assert_true(loc_read(&t, 7, 20));
    assert_true(loc_read(&t, 9, 30));
    assert_true(loc_read(&t, 9, 40));       /* B's third read: 3 of 5 local reads on read-only data */
    for (unsigned k = 0; k < LOC_WINDOWS; k++) {
        assert_int_equal(t.n.local[k], 5);
        assert_int_equal(t.n.local_rw[k], 2);
        assert_true(loc_rw_share(&t.n, k) > 0.39 && loc_rw_share(&t.n, k) < 0.41);
    }
    loc_free(&t);
}

static void run_pattern(const char *pattern, gpu_stats *st) {
    sim_config cfg;
    sim_test_base_config(&cfg);
    trace_t t;
    trace_init(&t);
    char err[512];
    assert_true(tracegen(pattern, &cfg, &img, 16, &t, err, sizeof err));
    assert_true(gpu_run(&cfg, &img, &t, st, NULL, err, sizeof err));
    trace_free(&t);
}

static void test_in_a_run(void **state) {
    (void)state;
    gpu_stats st;
    run_pattern("mapreduce", &st);
    assert_int_equal(st.potential.reads + st.writes, st.requests);      /* every read the MCs accepted */
    /* the pair's two reads of a line arrive within 1920 cycles nearly always, within 120 less often */
    assert_true(loc_ratio(&st.potential, LOC_WINDOWS - 1) > 0.85);
    assert_true(loc_ratio(&st.potential, 0) < loc_ratio(&st.potential, LOC_WINDOWS - 1));
    assert_int_equal(st.potential.local_rw[LOC_WINDOWS - 1], 0);         /* the pairs never write what they read */
    run_pattern("stream", &st);
    assert_int_equal(st.potential.reads + st.writes, st.requests);
    assert_true(loc_ratio(&st.potential, LOC_WINDOWS - 1) < 0.01);      /* every line read by one SM, once */
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_windows_by_hand),
        cmocka_unit_test(test_unlimited_entries),
        cmocka_unit_test(test_read_write_share_by_hand),
        cmocka_unit_test(test_in_a_run),
    };
    return cmocka_run_group_tests_name("sim_locality", tests, sim_test_group_setup, sim_test_group_teardown);
}
