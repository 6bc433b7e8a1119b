/* The L2 slice with MSHRs (sim/mem/l2slice.c; docs/sim.md "GPU memory system"):
 * - a read miss takes an MSHR, later reads of the line merge into it (no fetch of their own), the
 *   line is not in the tags until it fills, and the fill hands back every waiter in order;
 * - a merge beyond l2_mshr_merge, or a new miss with every MSHR busy, is a reservation failure
 *   that changes nothing;
 * - write-back, write-allocate: a write miss takes an MSHR without waiting and fills the line
 *   dirty; a write hit dirties the line; the fill that evicts a dirty line names it for the
 *   write-back, a clean victim is dropped;
 * - MSHR occupancy is summed per tick. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "mem/l2slice.h"

/* 1 KiB, 2 ways: 4 sets of 128-byte lines; set = line % 4 (index = line here) */
static void init_small(l2_slice *s, unsigned mshrs, unsigned merge) {
    assert_true(l2s_init(s, 1, 2, mshrs, merge));
}

static void test_miss_merge_fill(void **state) {
    (void)state;
    l2_slice s;
    init_small(&s, 4, 3);
    assert_int_equal(l2s_access(&s, 8, 8, false, 100), L2S_MISS);
    assert_int_equal(l2s_access(&s, 8, 8, false, 101), L2S_MERGED);
    assert_int_equal(l2s_access(&s, 8, 8, false, 102), L2S_MERGED);
    assert_int_equal(l2s_access(&s, 8, 8, false, 103), L2S_RESERVATION_FAIL);   /* 3 requests per MSHR */
    assert_int_equal(s.used, 1);
    uint32_t w[8];
    bool wb;
    uint64_t wb_line;
    assert_int_equal(l2s_fill(&s, 8, 8, w, &wb, &wb_line), 3);
    assert_int_equal(w[0], 100);
    assert_int_equal(w[1], 101);
    assert_int_equal(w[2], 102);
    assert_false(wb);
    assert_int_equal(s.used, 0);
    assert_int_equal(l2s_access(&s, 8, 8, false, 104), L2S_HIT);
    assert_int_equal(s.st.misses, 1);
    assert_int_equal(s.st.merges, 2);
    assert_int_equal(s.st.hits, 1);
    assert_int_equal(s.st.reservation_fails, 1);
    l2s_free(&s);
}

static void test_mshrs_run_out(void **state) {
    (void)state;
    l2_slice s;
    init_small(&s, 2, 4);
    assert_int_equal(l2s_access(&s, 1, 1, false, 1), L2S_MISS);
    assert_int_equal(l2s_access(&s, 2, 2, false, 2), L2S_MISS);
    assert_int_equal(l2s_access(&s, 3, 3, false, 3), L2S_RESERVATION_FAIL);
    assert_int_equal(l2s_access(&s, 3, 3, true, 4), L2S_RESERVATION_FAIL);     /* a write miss needs one too */
    assert_int_equal(l2s_access(&s, 1, 1, false, 5), L2S_MERGED);              /* merging still works */
    uint32_t w[4];
    bool wb;
    uint64_t wb_line;
    assert_int_equal(l2s_fill(&s, 2, 2, w, &wb, &wb_line), 1);
    assert_int_equal(l2s_access(&s, 3, 3, false, 3), L2S_MISS);                 /* the freed MSHR */
    l2s_free(&s);
}

static void test_write_back_write_allocate(void **state) {
    (void)state;
    l2_slice s;
    init_small(&s, 4, 4);
    uint32_t w[4];
    bool wb;
    uint64_t wb_line;
    assert_int_equal(l2s_access(&s, 0, 0, true, 1), L2S_MISS);                  /* write miss: allocate */
    assert_int_equal(l2s_fill(&s, 0, 0, w, &wb, &wb_line), 0);                  /* no reader waited */
    assert_int_equal(l2s_access(&s, 4, 4, false, 2), L2S_MISS);                 /* same set, clean */
    l2s_fill(&s, 4, 4, w, &wb, &wb_line);
    assert_false(wb);                                                           /* a free way: no victim */
    assert_int_equal(l2s_access(&s, 4, 4, true, 3), L2S_HIT);                   /* dirty by a write hit */
    assert_int_equal(l2s_access(&s, 0, 0, false, 4), L2S_HIT);                  /* 0 most recent: 4 is LRU */
    assert_int_equal(l2s_access(&s, 8, 8, false, 5), L2S_MISS);
    l2s_fill(&s, 8, 8, w, &wb, &wb_line);
    assert_true(wb);
    assert_int_equal(wb_line, 4);
    assert_int_equal(l2s_access(&s, 12, 12, false, 6), L2S_MISS);               /* evicts 0: dirty (write miss) */
    l2s_fill(&s, 12, 12, w, &wb, &wb_line);
    assert_true(wb);
    assert_int_equal(wb_line, 0);
    assert_int_equal(l2s_access(&s, 16, 16, false, 7), L2S_MISS);               /* evicts 8: clean, dropped */
    l2s_fill(&s, 16, 16, w, &wb, &wb_line);
    assert_false(wb);
    assert_int_equal(s.st.writebacks, 2);
    l2s_free(&s);
}

static void test_write_merges_dirty(void **state) {
    (void)state;
    l2_slice s;
    init_small(&s, 4, 2);
    uint32_t w[4];
    bool wb;
    uint64_t wb_line;
    assert_int_equal(l2s_access(&s, 1, 1, false, 1), L2S_MISS);
    assert_int_equal(l2s_access(&s, 1, 1, false, 2), L2S_MERGED);
    assert_int_equal(l2s_access(&s, 1, 1, true, 3), L2S_MERGED);                /* a write takes no merge slot */
    assert_int_equal(l2s_fill(&s, 1, 1, w, &wb, &wb_line), 2);
    assert_int_equal(l2s_access(&s, 5, 5, false, 4), L2S_MISS);
    l2s_fill(&s, 5, 5, w, &wb, &wb_line);
    assert_int_equal(l2s_access(&s, 9, 9, false, 5), L2S_MISS);                 /* evicts 1 (LRU), dirty */
    l2s_fill(&s, 9, 9, w, &wb, &wb_line);
    assert_true(wb);
    assert_int_equal(wb_line, 1);
    l2s_free(&s);
}

static void test_occupancy(void **state) {
    (void)state;
    l2_slice s;
    init_small(&s, 4, 2);
    l2s_tick(&s);
    l2s_access(&s, 1, 1, false, 1);
    l2s_access(&s, 2, 2, false, 2);
    l2s_tick(&s);
    l2s_tick(&s);
    assert_int_equal(s.st.mshr_occupancy_sum, 4);
    assert_int_equal(s.st.ticks, 3);
    l2s_free(&s);
    assert_false(l2s_init(&s, 1, 2, 0, 2));                                      /* no MSHR: refused */
    l2s_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_miss_merge_fill),
        cmocka_unit_test(test_mshrs_run_out),
        cmocka_unit_test(test_write_back_write_allocate),
        cmocka_unit_test(test_write_merges_dirty),
        cmocka_unit_test(test_occupancy),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
