/* Unit tests of the PCU model (docs/pcu.md): configuration, the cycle timing of a read
 * (3 cycles to the MC request queue, 1 from the L2 return to the reply), grouping, lowest-free
 * allocation, backpressure when every RGR is in use (nothing dropped), the ordering rules for
 * writes (close the group, a read waits for a buffered write, a write waits for an unissued
 * read), a repeated SM, a join on the freeing edge, the round-robin selector, the reply-queue
 * room gate, a stray L2 tag, and a long random run checked against the invariants of
 * docs/pcu.md 6 by an independent scoreboard written here. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "pcu.h"

static pcu *make(unsigned num_rgr) {
    pcu *p = calloc(1, sizeof *p);
    assert_non_null(p);
    pcu_config c;
    pcu_config_default(&c);
    c.num_rgr = num_rgr;
    assert_int_equal(pcu_init(p, &c), NP_OK);
    return p;
}

/* Every output ready, room in the reply queue. */
static pcu_in open_in(void) {
    pcu_in in;
    memset(&in, 0, sizeof in);
    in.mcq_ready = in.rpl_ready = in.rpq_room = true;
    return in;
}

static pcu_in read_in(unsigned sm, uint64_t addr) {
    pcu_in in = open_in();
    in.req_valid = true;
    in.req.sm = sm;
    in.req.addr = addr;
    return in;
}

static pcu_in write_in(unsigned sm, uint64_t addr, uint64_t data) {
    pcu_in in = read_in(sm, addr);
    in.req.write = true;
    in.req.data = data;
    return in;
}

static pcu_in l2_in(unsigned tag, uint64_t addr, uint64_t data) {
    pcu_in in = open_in();
    in.l2_valid = true;
    in.l2_tag = tag;
    in.l2_addr = addr;
    in.l2_data = data;
    return in;
}

static pcu_out step(pcu *p, pcu_in in) {
    pcu_out o;
    pcu_cycle(p, &in, &o);
    return o;
}

static void idle_cycles(pcu *p, unsigned n) {
    for (unsigned i = 0; i < n; i++) {
        (void)step(p, open_in());
    }
}

static void test_config(void **state) {
    (void)state;
    pcu p;
    pcu_config c;
    pcu_config_default(&c);
    assert_int_equal(c.num_rgr, 128);
    assert_int_equal(c.num_sm, 64);
    assert_int_equal(c.addr_bits, 41);
    assert_int_equal(pcu_init(&p, &c), NP_OK);
    c.num_rgr = 1;
    assert_int_equal(pcu_init(&p, &c), NP_BAD_PARAM);
    c.num_rgr = 1025;
    assert_int_equal(pcu_init(&p, &c), NP_BAD_PARAM);
    c.num_rgr = 64;
    c.num_sm = 65;
    assert_int_equal(pcu_init(&p, &c), NP_BAD_PARAM);
    c.num_sm = 64;
    c.wb_depth = 0;
    assert_int_equal(pcu_init(&p, &c), NP_BAD_PARAM);
    assert_int_equal(pcu_init(NULL, &c), NP_BAD_PARAM);
    assert_int_equal(pcu_idx_bits(128), 7);
    assert_int_equal(pcu_idx_bits(1024), 10);
    assert_int_equal(pcu_idx_bits(100), 7);
    assert_string_equal(pcu_s1_action_name(PCU_S1_WAIT_UNISSUED), "wait_unissued");
}

/* Edge 0 accepts the read, edge 1 allocates RGR 0, edge 2 loads the MC request queue. */
static void test_read_timing(void **state) {
    (void)state;
    pcu *p = make(128);
    pcu_out o = step(p, read_in(3, 0x40));
    assert_true(o.req_fire);
    assert_false(o.mcq_load);
    o = step(p, open_in());
    assert_int_equal(o.s1.action, PCU_S1_ALLOC);
    assert_int_equal(o.s1.alloc, 0);
    assert_false(o.mcq_load);
    o = step(p, open_in());
    assert_true(o.mcq_load);
    assert_false(o.mcq_next.write);
    assert_int_equal(o.mcq_next.tag, 0);
    assert_int_equal(o.mcq_next.addr, 0x40);
    o = step(p, open_in());
    assert_true(o.mcq_valid && o.mcq_fire);   /* valid 3 cycles after the accepting edge */
    assert_true(p->rgr[0].issued);
    o = step(p, l2_in(0, 0x40, 0xAB));
    assert_true(o.l2_fire && o.rpl_load);
    assert_int_equal(o.rpl_next.dest, UINT64_C(1) << 3);
    assert_int_equal(o.rpl_next.data, 0xAB);
    assert_false(p->rgr[0].valid);
    o = step(p, open_in());
    assert_true(o.rpl_valid);                /* the reply: 1 cycle after the L2 return */
    assert_true(pcu_idle(p));
    free(p);
}

static void test_grouping_and_lowest_free(void **state) {
    (void)state;
    pcu *p = make(128);
    (void)step(p, read_in(1, 0x100));
    (void)step(p, read_in(2, 0x200));
    (void)step(p, read_in(5, 0x100));
    pcu_out o = step(p, read_in(63, 0x100));
    assert_int_equal(o.s1.action, PCU_S1_JOIN);
    idle_cycles(p, 4);
    assert_int_equal(pcu_live(p), 2);
    assert_int_equal(p->rgr[0].dest, (UINT64_C(1) << 1) | (UINT64_C(1) << 5) | (UINT64_C(1) << 63));
    o = step(p, l2_in(0, 0x100, 7));
    assert_int_equal(o.rpl_next.dest, (UINT64_C(1) << 1) | (UINT64_C(1) << 5) | (UINT64_C(1) << 63));
    (void)step(p, read_in(9, 0x300));
    o = step(p, open_in());
    assert_int_equal(o.s1.action, PCU_S1_ALLOC);
    assert_int_equal(o.s1.alloc, 0);         /* RGR 0 was freed: the lowest free again */
    free(p);
}

/* Four RGRs: the fifth read waits in stage 1, the sixth is refused; nothing is dropped. */
static void test_table_full(void **state) {
    (void)state;
    pcu *p = make(4);
    for (unsigned i = 0; i < 4; i++) {
        assert_true(step(p, read_in(i, 0x10 + i)).req_fire);
    }
    assert_true(step(p, read_in(4, 0x20)).req_fire);
    for (unsigned i = 0; i < 5; i++) {
        pcu_out o = step(p, read_in(5, 0x21));
        assert_false(o.req_fire);
        assert_int_equal(o.s1.action, PCU_S1_WAIT_FULL);
    }
    assert_int_equal(pcu_live(p), 4);
    (void)step(p, l2_in(2, 0x12, 0));
    pcu_out o = step(p, read_in(5, 0x21));
    assert_int_equal(o.s1.action, PCU_S1_ALLOC);
    assert_int_equal(o.s1.alloc, 2);
    assert_true(o.req_fire);
    free(p);
}

static void test_write_closes_group(void **state) {
    (void)state;
    pcu *p = make(128);
    (void)step(p, read_in(1, 0x900));
    idle_cycles(p, 3);
    (void)step(p, write_in(2, 0x900, 0x11));
    pcu_out o = step(p, read_in(3, 0x900));
    assert_int_equal(o.s1.action, PCU_S1_WRITE);
    assert_false(p->rgr[0].open);
    idle_cycles(p, 2);
    assert_int_equal(pcu_live(p), 2);        /* the read after the write has its own group */
    assert_true(p->rgr[1].valid && p->rgr[1].open);
    assert_int_equal(p->rgr[1].dest, UINT64_C(1) << 3);
    free(p);
}

/* No room: the write stays buffered and a read of its block waits; then the write leaves
 * first and the read follows. */
static void test_read_waits_for_write(void **state) {
    (void)state;
    pcu *p = make(128);
    pcu_in w = write_in(4, 0xA00, 0x22);
    w.rpq_room = false;
    (void)step(p, w);
    pcu_in r = read_in(5, 0xA00);
    r.rpq_room = false;
    (void)step(p, r);
    pcu_in quiet = open_in();
    quiet.rpq_room = false;
    for (unsigned i = 0; i < 3; i++) {
        assert_int_equal(step(p, quiet).s1.action, PCU_S1_WAIT_WRITE);
    }
    pcu_out o = step(p, open_in());
    assert_true(o.mcq_load && o.mcq_next.write);
    idle_cycles(p, 1);
    o = step(p, open_in());
    assert_true(o.mcq_load);
    assert_false(o.mcq_next.write);
    assert_int_equal(o.mcq_next.addr, 0xA00);
    free(p);
}

static void test_write_waits_for_unissued(void **state) {
    (void)state;
    pcu *p = make(128);
    pcu_in r = read_in(6, 0xB00);
    r.rpq_room = false;
    (void)step(p, r);
    pcu_in w = write_in(7, 0xB00, 0x33);
    w.rpq_room = false;
    (void)step(p, w);
    pcu_in quiet = open_in();
    quiet.rpq_room = false;
    assert_int_equal(step(p, quiet).s1.action, PCU_S1_WAIT_UNISSUED);
    assert_int_equal(step(p, quiet).s1.action, PCU_S1_WAIT_UNISSUED);
    pcu_out o = step(p, open_in());          /* the read issues ... */
    assert_true(o.mcq_load && !o.mcq_next.write);
    o = step(p, open_in());                  /* ... then the write may enter the buffer */
    assert_int_equal(o.s1.action, PCU_S1_WRITE);
    o = step(p, open_in());
    assert_true(o.mcq_load && o.mcq_next.write);
    free(p);
}

static void test_repeat_sm(void **state) {
    (void)state;
    pcu *p = make(128);
    (void)step(p, read_in(2, 0x500));
    (void)step(p, read_in(2, 0x500));
    pcu_out o = step(p, open_in());
    assert_int_equal(o.s1.action, PCU_S1_ALLOC_REPEAT);
    assert_int_equal(o.s1.hit, 0);
    assert_int_equal(o.s1.alloc, 1);
    assert_false(p->rgr[0].open);
    assert_true(p->rgr[1].open);
    free(p);
}

/* A read joining the RGR whose block returns at the same edge rides in that reply. */
static void test_join_on_freeing_edge(void **state) {
    (void)state;
    pcu *p = make(128);
    (void)step(p, read_in(1, 0x77));
    idle_cycles(p, 3);
    (void)step(p, read_in(9, 0x77));
    pcu_out o = step(p, l2_in(0, 0x77, 5));
    assert_int_equal(o.s1.action, PCU_S1_JOIN);
    assert_true(o.rpl_load);
    assert_int_equal(o.rpl_next.dest, (UINT64_C(1) << 1) | (UINT64_C(1) << 9));
    assert_false(p->rgr[0].valid);
    free(p);
}

static void test_round_robin_and_room(void **state) {
    (void)state;
    pcu *p = make(128);
    pcu_in quiet = open_in();
    quiet.rpq_room = false;
    for (unsigned i = 0; i < 3; i++) {
        pcu_in r = read_in(i, 0xD00 + i);
        r.rpq_room = false;
        (void)step(p, r);
        pcu_in w = write_in(i, 0xE00 + i, i);
        w.rpq_room = false;
        (void)step(p, w);
    }
    for (unsigned i = 0; i < 4; i++) {
        assert_false(step(p, quiet).mcq_load);   /* no room: nothing leaves */
    }
    bool last_write = true;                  /* reset state: a read wins the first tie */
    for (unsigned i = 0; i < 6; i++) {
        pcu_out o = step(p, open_in());
        assert_true(o.mcq_load);
        assert_true(o.mcq_next.write != last_write);
        last_write = o.mcq_next.write;
    }
    free(p);
}

static void test_stray_l2(void **state) {
    (void)state;
    pcu *p = make(128);
    pcu_out o = step(p, l2_in(100, 0x123, 9));
    assert_true(o.rpl_load);
    assert_int_equal(o.rpl_next.dest, 0);
    (void)step(p, read_in(1, 0x1));
    o = step(p, l2_in(0, 0x1, 9));            /* RGR 0 allocated now, but not issued */
    assert_int_equal(o.rpl_next.dest, 0);
    assert_true(p->rgr[0].valid);
    free(p);
}

/* ---- random traffic against an independent scoreboard (docs/pcu.md 6) ---------------------- */

typedef struct {
    unsigned sm;
    uint64_t addr, version;
    bool answered;
} sb_read;

static uint64_t rnd(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static void test_random_invariants(void **state) {
    (void)state;
    enum { kBlocks = 5, kReads = 40000, kMaxL2 = 16 };
    pcu *p = make(8);
    sb_read *reads = calloc(kReads, sizeof *reads);
    assert_non_null(reads);
    uint64_t mem[kBlocks] = {0}, accepted_version[kBlocks] = {0}, next_version[kBlocks] = {0};
    struct {
        unsigned tag;
        uint64_t addr, data;
    } l2[kMaxL2];
    unsigned nl2 = 0, nreads = 0, writes_out = 0;
    uint64_t s = 0x1234567;
    bool have_req = false, have_l2 = false;
    pcu_in in = open_in();
    unsigned cycles = 0, replies = 0, multicast = 0;
    while ((nreads < kReads || !pcu_idle(p) || nl2 > 0 || have_l2) && cycles < 2000000u) {
        cycles++;
        pcu_in now = open_in();
        now.mcq_ready = rnd(&s) % 4 != 0;
        now.rpl_ready = rnd(&s) % 4 != 0;
        now.rpq_room = rnd(&s) % 6 != 0;
        if (!have_req && nreads < kReads && rnd(&s) % 3 != 0) {
            have_req = true;
            in.req.write = rnd(&s) % 7 == 0;
            in.req.sm = (unsigned)(rnd(&s) % 6);
            in.req.addr = rnd(&s) % kBlocks;
            in.req.data = in.req.write ? ++next_version[in.req.addr] : 0;
        }
        if (!have_l2 && nl2 > 0 && rnd(&s) % 3 == 0) {
            unsigned k = (unsigned)(rnd(&s) % nl2);
            in.l2_tag = l2[k].tag;
            in.l2_addr = l2[k].addr;
            in.l2_data = l2[k].data;
            l2[k] = l2[--nl2];
            have_l2 = true;
        }
        now.req_valid = have_req;
        now.req = in.req;
        now.l2_valid = have_l2;
        now.l2_tag = in.l2_tag;
        now.l2_addr = in.l2_addr;
        now.l2_data = in.l2_data;
        pcu_out o;
        pcu_cycle(p, &now, &o);
        if (o.req_fire) {
            have_req = false;
            if (now.req.write) {
                accepted_version[now.req.addr] = now.req.data;
                writes_out++;
            } else {
                sb_read r = {now.req.sm, now.req.addr, accepted_version[now.req.addr], false};
                reads[nreads++] = r;
            }
        }
        if (o.l2_fire) {
            have_l2 = false;
        }
        if (o.mcq_fire) {
            if (o.mcq.write) {
                mem[o.mcq.addr] = o.mcq.data;
                writes_out--;
            } else {
                assert_true(nl2 < kMaxL2);   /* never more reads out than RGRs */
                l2[nl2].tag = o.mcq.tag;
                l2[nl2].addr = o.mcq.addr;
                l2[nl2].data = mem[o.mcq.addr];
                nl2++;
            }
        }
        if (o.rpl_load) {
            replies++;
            multicast += __builtin_popcountll(o.rpl_next.dest) > 1;
            assert_true(o.rpl_next.dest != 0);
            for (unsigned sm = 0; sm < 64; sm++) {
                if (!((o.rpl_next.dest >> sm) & 1u)) {
                    continue;
                }
                /* exactly one unanswered read of this SM and block with this version */
                unsigned k = 0;
                while (k < nreads && (reads[k].answered || reads[k].sm != sm ||
                                      reads[k].addr != o.rpl_next.addr ||
                                      reads[k].version != o.rpl_next.data)) {
                    k++;
                }
                assert_true(k < nreads);
                reads[k].answered = true;
            }
        }
        assert_true(pcu_live(p) <= 8);
    }
    assert_true(pcu_idle(p));
    assert_int_equal(writes_out, 0);
    for (unsigned k = 0; k < nreads; k++) {
        assert_true(reads[k].answered);
    }
    assert_true(multicast > 100);            /* the traffic did group reads */
    assert_true(replies < nreads);
    free(reads);
    free(p);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_config),
        cmocka_unit_test(test_read_timing),
        cmocka_unit_test(test_grouping_and_lowest_free),
        cmocka_unit_test(test_table_full),
        cmocka_unit_test(test_write_closes_group),
        cmocka_unit_test(test_read_waits_for_write),
        cmocka_unit_test(test_write_waits_for_unissued),
        cmocka_unit_test(test_repeat_sm),
        cmocka_unit_test(test_join_on_freeing_edge),
        cmocka_unit_test(test_round_robin_and_room),
        cmocka_unit_test(test_stray_l2),
        cmocka_unit_test(test_random_invariants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
