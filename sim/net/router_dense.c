/* The dense router phase: the model of net_internal.h's header comment (every router holding a
 * flit runs VA then SA every cycle, routers in increasing id order) stepped as it is defined,
 * for unicast meshes. At the loads that matter most routers act in most cycles, so instead of
 * events that say when a VC may act, each router keeps bit sets over its input VCs (dense_router)
 * and its allocators work on them with masks and count-trailing-zeros:
 *   - va_req: VCs whose front head has been written (its VA cycle has come) and holds no VC;
 *   - has_vc: VCs whose front packet holds an output VC, from the cycle after its VA;
 *   - vis: of those, VCs whose front flit has arrived (its first SA cycle has come);
 *   - due: a delay line of the VCs whose front flit arrives in each of the next cycles. A flit
 *     written into an empty VC is its front at once; the flit behind a sent one is its front
 *     from the send on; either joins vis (a body flit) or va_req (a head) in its cycle;
 *   - blocked: VCs of has_vc whose output VC has no credit (out_vc.credits, which the credit
 *     wheel of network.c keeps as for the event-driven phase; a credit that makes it usable
 *     again clears the bit, router_dense_credit).
 * A VC sends when it is in has_vc & vis & ~blocked. Everything the allocators read is what the
 * event-driven phase reads (router.c): the same pointers, moved the same way, so a run gives
 * the same deliveries at the same cycles (tests/test_sim_regress.c runs both). Not supported here:
 * multicast (replicas, replication buffers), crossbars, router_bench's external ports;
 * net_unicast_only chooses this phase only where it applies. Both VC allocators are (dense_va,
 * dense_va_separable), each in its own copies of the phase. */
#include "net/net_internal.h"

#include <stddef.h>
#include <string.h>

/* The run's constants as the phase's locals (dense_ctx_of): the allocators' byte stores could
 * alias the network's fields, and the compiler would load those again after each store. */
typedef struct {
    network *n;
    dense_router *dense;       /* n->dense */
    const uint8_t *port_of;    /* n->dense_port_of */
    size_t stride;             /* n->vc_stride */
    unsigned vcs, mask;        /* n->vcs, n->ring_mask */
    /* spread_bytes: the VC fields that each of its three steps moves, and by how much */
    uint64_t move[3];
    unsigned by[3];
    /* the sequential VA's: each class's routes (n->route), VCs as bits, first VC and count */
    const uint8_t *route[NET_CLASSES];
    unsigned nodes;
    uint32_t cls_vcs[NET_CLASSES];
    unsigned lo[NET_CLASSES], span[NET_CLASSES];
} dense_ctx;

static inline dense_ctx dense_ctx_of(network *n) {
    unsigned vcs = n->vcs, gap = 8u - vcs;
    uint64_t field = (UINT64_C(1) << vcs) - 1u;
    return (dense_ctx){n, n->dense, n->dense_port_of, n->vc_stride, vcs, n->ring_mask,
                       /* port 4; ports 2 and 3; ports 1 and 3 (by then 2 * gap up) */
                       {field << 4 * vcs, field << 2 * vcs | field << 3 * vcs, field << vcs | field << (vcs + 16)},
                       {4 * gap, 2 * gap, gap},
                       {n->route[0], n->route[1]},
                       n->nodes,
                       {n->dense_cls_vcs[0], n->dense_cls_vcs[1]},
                       {n->vc_lo[0], n->vc_lo[1]},
                       {n->vc_hi[0] - n->vc_lo[0], n->vc_hi[1] - n->vc_lo[1]}};
}

/* A set of input VCs (bit port * vcs + vc) with one byte per port (bit 8 * port + vc): each
 * port's field moves up by (8 - vcs) * port, in three steps of its bits. */
static inline uint64_t spread_bytes(const dense_ctx *c, uint32_t set) {
    uint64_t x = set, t = x & c->move[0];
    x = (x ^ t) | t << c->by[0];
    t = x & c->move[1];
    x = (x ^ t) | t << c->by[1];
    t = x & c->move[2];
    return (x ^ t) | t << c->by[2];
}

/* Input VC record i of the router whose dense state is d (router_in). */
static inline in_vc *dense_in(const dense_ctx *c, const dense_router *d, unsigned i) {
    return (in_vc *)(d->in_mem + (size_t)i * c->stride);
}

static inline unsigned wrap_inc(unsigned v, unsigned m) { return v + 1 >= m ? 0 : v + 1; }

/* The first bit of `set` at or after `start`, else the lowest (set != 0). */
static inline unsigned first_from(uint32_t set, unsigned start) {   /* start < 32 */
    uint32_t high = set & (~UINT32_C(0) << start);
    return (unsigned)__builtin_ctz(high ? high : set);
}

/* *from copied to *to with `ready` as its ready: its first 8 bytes (pkt, dest, flags, len) in
 * one move, so that a flit passed on is not taken apart into registers. */
static inline void flit_copy(flit_t *to, const flit_t *from, uint32_t ready) {
    uint64_t head;
    memcpy(&head, from, sizeof head);
    memcpy(to, &head, sizeof head);
    to->ready = ready;
}
_Static_assert(offsetof(flit_t, ready) == 8 && sizeof(flit_t) == 12, "flit_copy's 8 bytes");

/* Flit *f (ready = its first SA cycle with body_sa = next) is written into VC `vc` of input
 * `port` of router r: stored at once (its credit was spent); if it is the VC's front, the VC
 * joins vis (a body flit) or va_req (a head, one cycle before its SA cycle) when it arrives. */
__attribute__((always_inline)) static inline void dense_write(const dense_ctx *c, dense_router *d, unsigned port,
                                                              unsigned vc, const flit_t *f, uint32_t ready,
                                                              bool early) {
    unsigned i = port * c->vcs + vc;
    in_vc *iv = dense_in(c, d, i);
    uint32_t head = f->flags & FLIT_HEAD;
    if (early) ready -= !head;                 /* body_sa = write: a body flit from its write cycle */
    uint32_t empty = iv->count == 0;
    flit_copy(vc_at(iv, c->mask, iv->count), f, ready);   /* vc_push */
    iv->count++;
    d->flits++;
    d->due[(ready - head) % DENSE_DUE] |= empty << i;   /* FLIT_HEAD = 1; without a branch */
}

static void dense_write_next(network *n, unsigned router, unsigned port, unsigned vc, flit_t f) {
    dense_ctx c = dense_ctx_of(n);
    dense_write(&c, &n->dense[router], port, vc, &f, f.ready, false);
}
static void dense_write_early(network *n, unsigned router, unsigned port, unsigned vc, flit_t f) {
    dense_ctx c = dense_ctx_of(n);
    dense_write(&c, &n->dense[router], port, vc, &f, f.ready, true);
}

/* Input VC i's front packet is granted VC ov of output q (both allocators): it joins `to`, its
 * output and output VC are noted for SA. Returns i's bit in `blocked` (set when the VC has no
 * credit: OUT_WAITING is set, its last credit was spent). */
__attribute__((always_inline)) static inline uint32_t dense_grant(network *n, dense_router *d, out_vc *out,
                                                                  unsigned vcs, unsigned i, unsigned q, unsigned ov) {
    out_vc *o = &out[q * vcs + ov];
    o->owner = (int16_t)i;
    d->vfree[q] = (uint8_t)(d->vfree[q] & ~(1u << ov));
    d->tport[i] = (uint8_t)q;
    unsigned p = n->dense_port_of[i];
    d->tout[i] = (uint8_t)(q * vcs + ov);
    d->to[q] |= UINT64_C(1) << (i + p * (8u - vcs));
    return (uint32_t)(o->credits == 0) << i;
}

/* VA of this cycle (the sequential allocator, router.c vc_allocation): the requesting input
 * ports from `start` on, each port's VCs in increasing order, each head routed and given the
 * first free VC of its class at its output from the output's pointer. Returns the VCs granted
 * (they join SA next cycle). */
__attribute__((always_inline)) static inline uint32_t dense_va(const dense_ctx *c, unsigned id, dense_router *d,
                                                               unsigned start, uint32_t req) {
    /* the run's constants (the phase's locals, dense_ctx) and the router's sets in locals: the
     * byte stores below could otherwise alias them, and the compiler would load them again */
    network *n = c->n;
    unsigned vcs = c->vcs, nb = MCAST_MESH_PORTS * vcs, shift = start * vcs, mask = c->mask;
    const uint8_t *route[NET_CLASSES] = {c->route[0] + id * c->nodes, c->route[1] + id * c->nodes};
    const uint32_t *cls_vcs = c->cls_vcs;
    const unsigned *lo = c->lo, *span = c->span;
    size_t stride = c->stride;
    char *in_mem = d->in_mem;
    out_vc *out = d->out;
    uint32_t granted = 0, blocked = 0;
    uint64_t twice = (uint64_t)req << nb | req;
    uint32_t rotated = (uint32_t)(twice >> shift) & (uint32_t)((UINT64_C(1) << nb) - 1u);
    for (uint32_t m = rotated; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctz(m) + shift;
        i -= nb & (0u - (unsigned)(i >= nb));
        const flit_t *f = vc_at((in_vc *)(in_mem + i * stride), mask, 0);
        unsigned cls = (f->flags & FLIT_REPLY) != 0;      /* CLASS_REPLY = 1 */
        unsigned q = route[cls][f->dest];
        uint32_t free = d->vfree[q] & cls_vcs[cls];
        if (!free) continue;                              /* no free VC: asks again next cycle */
        /* allocate_vc: the first free VC of the class from the pointer, else the lowest */
        unsigned v = d->rr_vc[q];
        v &= 0u - (unsigned)(v < span[cls]);
        unsigned ov = first_from(free, lo[cls] + v);
        blocked |= dense_grant(n, d, out, vcs, i, q, ov);
        d->rr_vc[q] = (uint8_t)(ov - lo[cls] + 1);
        granted |= UINT32_C(1) << i;
    }
    d->blocked |= blocked;
    d->va_req = req & ~granted;
    return granted;
}

/* VA of this cycle with the separable allocator (va_alloc = separable: router.c
 * vc_allocation_separable, BookSim2's separable input-first allocator, the RTL router's). Each
 * requesting VC picks, among the free VCs of its class at its output, the first at or after its
 * pointer over the router's output VCs (port * vcs + vc); each output VC picked grants, among
 * the VCs that picked it, the first at or after its pointer over input VCs. A grant moves both
 * pointers one past the other side, and nothing else moves them. The picks read the pointers as
 * they were before any grant, and a grant touches only its own two pointers and VCs, so the
 * grants are made in output VC order. A VC that lost or found no free VC asks again next cycle
 * (the event-driven phase waits for a release in the second case: nothing changes its pick
 * before one). Returns the VCs granted. */
__attribute__((always_inline)) static inline uint32_t dense_va_separable(network *n, unsigned id, dense_router *d) {
    unsigned vcs = n->vcs, mask = n->ring_mask;
    const uint8_t *route[NET_CLASSES] = {n->route[0] + id * n->nodes, n->route[1] + id * n->nodes};
    uint32_t cls_vcs[NET_CLASSES] = {n->dense_cls_vcs[0], n->dense_cls_vcs[1]};
    size_t stride = n->vc_stride;
    char *in_mem = d->in_mem;
    dense_va_rr *rr = &n->dense_rr[id];
    uint32_t req = d->va_req, picked = 0;    /* output VCs picked by some VC */
    uint32_t asked[DENSE_MAX_VCS];           /* output VC o of `picked`: the VCs that picked it */
    for (uint32_t m = req; m; m &= m - 1) {   /* the input side */
        unsigned i = (unsigned)__builtin_ctz(m);
        const flit_t *f = vc_at((in_vc *)(in_mem + i * stride), mask, 0);
        unsigned cls = (f->flags & FLIT_REPLY) != 0;      /* CLASS_REPLY = 1 */
        unsigned q = route[cls][f->dest];
        uint32_t free = d->vfree[q] & cls_vcs[cls];
        if (!free) continue;                              /* no free VC: asks again next cycle */
        /* the nearest at or after the pointer among q * vcs + free VC: from the pointer's VC
         * when it points into output q's VCs, else from the lowest */
        unsigned from = rr->in[i] - q * vcs;
        from &= 0u - (unsigned)(from < vcs);
        unsigned o = q * vcs + first_from(free, from);
        uint32_t bit = UINT32_C(1) << i;
        if (picked >> o & 1u) asked[o] |= bit;
        else asked[o] = bit;
        picked |= UINT32_C(1) << o;
    }
    out_vc *out = d->out;
    uint32_t granted = 0, blocked = 0;
    for (uint32_t m = picked; m; m &= m - 1) {  /* the output side */
        unsigned o = (unsigned)__builtin_ctz(m), i = first_from(asked[o], rr->out[o]);
        unsigned q = n->dense_port_of[o];      /* output VCs are numbered as input VCs */
        blocked |= dense_grant(n, d, out, vcs, i, q, o - q * vcs);
        rr->in[i] = (uint8_t)(o + 1);
        rr->out[o] = (uint8_t)(i + 1);
        granted |= UINT32_C(1) << i;
    }
    d->blocked |= blocked;
    d->va_req = req & ~granted;
    return granted;
}

/* What the cycle's sends change beyond the routers, in the phase's locals: the list of the
 * credits returned this cycle (network.credits_returned, router_credit_return) with its length
 * in a register, written back at the end (dense_cycle_end), and the NIs woken to eject. The
 * length is the list's own only because nothing else appends to it during the phase (the dense
 * phase holds no VC, so it never calls net_unhold_at; nothing in it calls router_credit_return):
 * a call that does must go through dense_credit_return, or dense_cycle_end drops its entry. */
typedef struct {
    uint64_t now, links;       /* n->now; flits sent on links (n->st.link_flits) */
    credit_list *returned;     /* n->credits_returned */
    out_vc **credit;           /* its entries, len and cap (returned's, but for len) */
    uint32_t len, cap;
    uint64_t *wake_ej;         /* the NIs with a flit to eject at now + 3 (net_wake_ej) */
} dense_cycle;

static inline dense_cycle dense_cycle_of(network *n) {
    credit_list *l = n->credits_returned;
    return (dense_cycle){n->now, 0, l, l->o, l->len, l->cap, &n->wake_ej[((n->now + 3) % NET_WHEEL) * n->nwords]};
}

static inline void dense_cycle_end(network *n, const dense_cycle *cy) {
    cy->returned->len = cy->len;
    n->st.link_flits += cy->links;
}

/* router_credit_return on the cycle's locals. */
static inline void dense_credit_return(network *n, dense_cycle *cy, out_vc *o) {
    if (cy->len == cy->cap) {
        credit_list *l = cy->returned;
        net_list_grow(n, (void **)&l->o, &l->cap, sizeof *l->o);
        cy->credit = l->o;
        cy->cap = l->cap;
    }
    cy->credit[cy->len++] = o;
}

/* VC i (input p, VC v) won SA: its front flit leaves on output q = tport[i] (ST, LT; written
 * downstream with its first SA cycle 4 cycles on, or ejected 3 on), its credit goes upstream,
 * and the VC's next front flit (if any) is looked at. */
__attribute__((always_inline)) static inline void dense_send(const dense_ctx *c, dense_router *d, unsigned p,
                                                             unsigned v, unsigned i, unsigned q, dense_cycle *cy,
                                                             bool early) {
    network *n = c->n;
    uint64_t now = cy->now;
    in_vc *iv = dense_in(c, d, i);
    const flit_t *f = vc_at(iv, c->mask, 0);   /* the front: read in place, also after vc_pop */
    out_vc *o = &d->out[d->tout[i]];
    unsigned ov = d->tout[i] - q * c->vcs;
    uint32_t bit = UINT32_C(1) << i;
    if (!--o->credits) {                       /* the next credit's return unblocks the VC holding o */
        o->flags |= OUT_WAITING;
        d->blocked |= bit;
    }
    if (!(d->down_ni >> q & 1u)) {
        dense_write(c, &c->dense[d->down[q]], d->down_port[q], ov, f, (uint32_t)now + 4u, early);
        cy->links++;
    } else {
        unsigned node = d->down[q];
        ni_t *ni = &n->ni[node];
        flit_fifo *ej = &ni->ej[ov];           /* fifo_push; ejected (tail accepted) at s+3 */
        flit_copy(fifo_at(ej, c->mask, ej->count), f, (uint32_t)(now + 3));
        ej->count++;
        ni->ej_busy = (uint16_t)(ni->ej_busy | (1u << ov));
        bitmap_set(cy->wake_ej, node);         /* net_wake_ej(n, node, now + 3) */
    }
    vc_pop(iv, c->mask);
    dense_credit_return(n, cy, &d->up_out[p][v]);
    d->flits--;
    if (f->flags & FLIT_TAIL) {                /* the packet has gone: its VC is free downstream */
        o->owner = -1;
        d->vfree[q] = (uint8_t)(d->vfree[q] | (1u << ov));
        d->has_vc &= ~bit;
        d->vis &= ~bit;
        d->blocked &= ~bit;
        d->to[q] &= ~(UINT64_C(1) << (8u * p + v));
        if (iv->count) {                       /* the next head asks VA in its write cycle, from the next cycle on */
            uint32_t va = vc_at(iv, c->mask, 0)->ready - 1u;
            if (flit_after(va, now + 1)) d->due[va % DENSE_DUE] |= bit;
            else d->va_req |= bit;
        }
    } else {                                   /* without branches: whether the next flit is here is a coin toss */
        uint32_t ready = vc_at(iv, c->mask, 0)->ready;     /* a stale slot when the VC is empty */
        uint32_t here = iv->count != 0, later = flit_after(ready, now + 1);
        d->vis &= ~(((here ^ 1u) | later) << i);  /* gone, or arriving after the next cycle */
        d->due[ready % DENSE_DUE] |= (here & later) << i;    /* ... then it joins vis on arrival */
    }
}

/* SA of this cycle with sa_input = vc. Each input with a VC that can send (vis, a credit) picks
 * the first of them from rr_in; each output grants the first requesting input at or after
 * rr_out. The winners' pointers move (rr_out one past the input, rr_in one past the VC) and they
 * send. */
__attribute__((always_inline)) static inline void dense_sa_by_vc(const dense_ctx *c, dense_router *d, uint32_t sendable,
                                                                 dense_cycle *cy, bool early) {
    unsigned vcs = c->vcs;
    uint32_t vcmask = (UINT32_C(1) << vcs) - 1u;
    uint8_t pick[MCAST_MESH_PORTS];
    uint32_t req[MCAST_MESH_PORTS] = {0}, outputs = 0;
    for (uint32_t m = sendable; m;) {
        unsigned i = (unsigned)__builtin_ctz(m), p = c->port_of[i], base = p * vcs;
        uint32_t ready = m & (vcmask << base);
        m &= ~ready;
        i = first_from(ready, base + d->rr_in[p]);
        if (!m && !outputs) {      /* the only requesting input: it wins its output's arbiter too */
            unsigned q = d->tport[i], v = i - base;
            d->rr_out[q] = (uint8_t)(p + 1);
            d->rr_in[p] = (uint8_t)(v + 1);
            dense_send(c, d, p, v, i, q, cy, early);
            return;
        }
        unsigned q = d->tport[i];
        pick[p] = (uint8_t)i;
        req[q] |= UINT32_C(1) << p;
        outputs |= UINT32_C(1) << q;
    }
    for (uint32_t m = outputs; m; m &= m - 1) {
        unsigned q = (unsigned)__builtin_ctz(m);
        unsigned p = first_from(req[q], d->rr_out[q]);
        unsigned i = pick[p], v = i - p * vcs;
        /* one past, unwrapped: first_from falls back to the lowest from a start past the last */
        d->rr_out[q] = (uint8_t)(p + 1);
        d->rr_in[p] = (uint8_t)(v + 1);
        dense_send(c, d, p, v, i, q, cy, early);
    }
}

/* The bit-6 test of dense_sa_by_output and spread_bytes hold a port's VCs in a byte below bit
 * 6: at most 6 VCs per port (router_dense_supported: 5 ports x vcs <= DENSE_MAX_VCS). */
_Static_assert(DENSE_MAX_VCS / MCAST_MESH_PORTS <= 6, "at most 6 VCs per port in the dense phase's SA");

/* sa_input = output works on 5x5 bit matrices, one row a byte of a word (bit 8 * row + column),
 * all rows at once: bit 0 and bit 5 (a guard that stops a borrow) of each row. */
#define ROWS_LOW UINT64_C(0x0101010101)
#define ROWS_GUARD UINT64_C(0x2020202020)
#define ROWS_BIT6 UINT64_C(0x4040404040)
/* An arbiter's mask one past index k (k < 5): the indices after k, none after the last. */
static const uint8_t from_mask[MCAST_MESH_PORTS] = {0x1E, 0x1C, 0x18, 0x10, 0};
/* The rows after row k (k < 5), every column. */
static const uint64_t rows_after[MCAST_MESH_PORTS] = {UINT64_C(0x1F1F1F1F00), UINT64_C(0x1F1F1F0000),
                                                      UINT64_C(0x1F1F000000), UINT64_C(0x1F00000000), 0};

/* Each row's round-robin arbiter: its first bit among `from` (the row's columns at or after its
 * pointer), else its lowest bit, else none; without a branch. Lowest bit of v: v & ~(v - 1),
 * with the guard above each row so that an empty row borrows from it, not from the next. */
static inline uint64_t rows_first_from(uint64_t set, uint64_t from) {
    uint64_t high = set & from;
    uint64_t high_less = (high | ROWS_GUARD) - ROWS_LOW, set_less = (set | ROWS_GUARD) - ROWS_LOW;
    uint64_t high_empty = ROWS_GUARD & ~high_less;               /* the guard is spent iff the row was 0 */
    uint64_t fall_back = high_empty - (high_empty >> 5);          /* 31 in those rows */
    return (high & ~high_less) | (set & ~set_less & fall_back);
}

/* The output arbiters over `picked` (row p: input p's output, at most one bit): each column's
 * first row among `from` (bit q of row p: row p is at or after column q's pointer), else its
 * lowest row, else none; without a branch and without a transpose: a row's bits below which some
 * row has the same bit (an OR up the rows) are dropped. */
static inline uint64_t columns_first_from(uint64_t picked, uint64_t from) {
    uint64_t high = picked & from;
    uint64_t below_high = high << 8, below = picked << 8;   /* ORs of the rows below each row */
    below_high |= below_high << 8;
    below_high |= below_high << 16;
    below_high |= below_high << 32;
    below |= below << 8;
    below |= below << 16;
    below |= below << 32;
    uint64_t high_cols = (below_high >> 56) * ROWS_LOW;   /* the columns with a high row (byte 7: rows 0..6) */
    return (high & ~below_high) | (picked & ~below & ~high_cols);
}

/* Row p is byte p of the word: the byte order of x86-64 (network.c asserts little-endian). */
static inline uint64_t load_rows(const uint8_t rows[8]) {
    uint64_t x;
    memcpy(&x, rows, sizeof x);
    return x;
}

/* SA of this cycle with sa_input = output (BookSim2's separable input-first allocator). Each
 * input with a VC that can send (vis, a credit) picks the output first at or after its pointer
 * among its VCs' outputs; each output grants the first input that picked it at or after its
 * pointer; a winner sends the first of its VCs to that output from rr_in, and the pointers move
 * one past (the output's past the input, the input's past the output, rr_in past the VC). The
 * inputs' and outputs' arbiters run on the whole router at once, as bit matrices, without a
 * branch: whether one, two or three inputs request is a coin toss, and loops over the inputs and
 * the outputs mispredicted their exits. The winners send in input order (router.c's loop goes
 * in output order): two sends of a router touch different VCs, outputs and downstream routers
 * or NIs, and the order of their credits in the cycle's list does not matter (each adds one). */
__attribute__((always_inline)) static inline void dense_sa_by_output(const dense_ctx *c, dense_router *d,
                                                                     uint32_t sendable, dense_cycle *cy, bool early) {
    uint64_t ready = spread_bytes(c, sendable);   /* byte p: input p's VCs that can send */
    uint64_t outs = 0;     /* row p: the outputs of input p's VCs in ready */
#pragma GCC unroll 5
    for (unsigned q = 0; q < MCAST_MESH_PORTS; q++) {
        /* bit 6 of byte p: (byte p of ready & to[q]) != 0 (a byte of at most 0x3F, vcs <= 6,
         * plus 0x3F reaches 0x40 unless it was 0, and carries nothing into the next) */
        uint64_t any = (ready & d->to[q]) + ROWS_LOW * 0x3F;
        outs |= (any & ROWS_BIT6) >> (6 - q);
    }
    uint64_t picked = rows_first_from(outs, load_rows(d->port_from));               /* row p: input p's output */
    uint64_t granted = columns_first_from(picked, d->out_from);   /* row p: the output input p won */
    for (uint64_t m = granted; m; m &= m - 1) {
        unsigned b = (unsigned)__builtin_ctzll(m), p = b >> 3, q = b & 7u;
        uint64_t vcs_to_q = ready & d->to[q] & UINT64_C(0xFF) << 8 * p;
        uint64_t high = vcs_to_q & ~UINT64_C(0) << (8 * p + d->rr_in[p]);
        unsigned v = (unsigned)__builtin_ctzll(high ? high : vcs_to_q) - 8 * p;
        uint64_t column = ROWS_LOW << q;
        d->out_from = (d->out_from & ~column) | (rows_after[p] & column);
        d->port_from[p] = from_mask[q];
        d->rr_in[p] = (uint8_t)(v + 1);
        dense_send(c, d, p, v, p * c->vcs + v, q, cy, early);
    }
}

/* Every router holding a flit, in id order: its arrivals due now, VA (the separable allocator
 * or the sequential one), SA. */
__attribute__((always_inline)) static inline void dense_phase_with(network *n, bool by_output, bool early,
                                                                   bool separable) {
    const dense_ctx c = dense_ctx_of(n);
    dense_cycle cy = dense_cycle_of(n);
    unsigned slot = (unsigned)(uint32_t)cy.now % DENSE_DUE, nrouters = n->nrouters;
    for (unsigned id = 0; id < nrouters; id++) {
        dense_router *d = &c.dense[id];
        if (!d->flits) continue;
        uint32_t arrived = d->due[slot], has_vc = d->has_vc;
        d->due[slot] = 0;
        uint32_t vis = d->vis | (arrived & has_vc), va_req = d->va_req | (arrived & ~has_vc);
        d->vis = vis;
        d->va_req = va_req;
        /* in a register across VA, which grants only VCs outside has_vc */
        uint32_t sendable = has_vc & vis & ~d->blocked;
        uint32_t granted = 0;
        if (separable) {               /* no start port: its pointers order the requests */
            if (va_req) granted = dense_va_separable(n, id, d);
        } else {
            unsigned start = d->rot;
            d->rot = (uint8_t)wrap_inc(start, MCAST_MESH_PORTS);
            if (va_req) granted = dense_va(&c, id, d, start, va_req);
        }
        if (sendable) {
            if (by_output) dense_sa_by_output(&c, d, sendable, &cy, early);
            else dense_sa_by_vc(&c, d, sendable, &cy, early);
        }
        d->has_vc |= granted;          /* SA from the next cycle; the head has arrived by then */
        d->vis |= granted;
    }
    dense_cycle_end(n, &cy);
}

/* The phase's copies: four per VC allocator (NET_ROUTER_PHASE_COPIES), chosen once per run, so
 * neither allocator's copy tests which one runs. */
__attribute__((always_inline)) static inline void dense_phase_sequential(network *n, bool by_output, bool early) {
    dense_phase_with(n, by_output, early, false);
}
__attribute__((always_inline)) static inline void dense_phase_separable(network *n, bool by_output, bool early) {
    dense_phase_with(n, by_output, early, true);
}
NET_ROUTER_PHASE_COPIES(dense_phase, dense_phase_sequential)
NET_ROUTER_PHASE_COPIES(dense_phase_sep, dense_phase_separable)

/* A credit of o, which has none usable, is usable from now on (router_credit_usable, start of
 * the cycle): the input VC holding o, if any, may send again. */
void router_dense_credit(network *n, out_vc *o) {
    o->flags &= (uint8_t)~OUT_WAITING;
    if (o->owner < 0) return;
    n->dense[router_of(n, o)->id].blocked &= ~(UINT32_C(1) << o->owner);
}

bool router_dense_supported(const network *n) {
    return n->mesh_topo && MCAST_MESH_PORTS * n->vcs <= DENSE_MAX_VCS &&
           n->now == 0 && !n->ext_send;
}

void router_dense_choose(network *n) {
    bool by_output = n->cfg.sa_input == SA_INPUT_OUTPUT, early = n->cfg.body_sa == BODY_SA_WRITE;
    n->dense = net_alloc(n, n->nrouters, sizeof *n->dense);
    for (unsigned i = 0; i < n->r[0].nports * n->vcs; i++) n->dense_port_of[i] = (uint8_t)(i / n->vcs);
    for (unsigned c = 0; c < NET_CLASSES; c++)
        n->dense_cls_vcs[c] = ((UINT32_C(1) << n->vc_hi[c]) - 1u) & ~((UINT32_C(1) << n->vc_lo[c]) - 1u);
    for (unsigned id = 0; id < n->nrouters; id++) {
        router_t *r = &n->r[id];
        dense_router *d = &n->dense[id];
        d->in_mem = r->in_mem;
        for (unsigned q = 0; q < MCAST_MESH_PORTS; q++) d->vfree[q] = (uint8_t)((1u << n->vcs) - 1u);
        d->out = r->out;
        for (unsigned p = 0; p < r->nports; p++) {
            d->up_out[p] = r->port[p].up_out;
            link_end down = r->port[p].down;
            d->down[p] = down.index;
            d->down_port[p] = (uint8_t)down.port;
            if (down.kind == END_NI) d->down_ni = (uint8_t)(d->down_ni | (1u << p));
        }
    }
    if (n->va_in_rr) {              /* va_alloc = separable: its pointers start at 0, as router.c's */
        n->dense_rr = net_alloc(n, n->nrouters, sizeof *n->dense_rr);
        n->router_phase = dense_phase_sep_choose(by_output, early);
    } else {
        n->router_phase = dense_phase_choose(by_output, early);
    }
    n->write_flit = early ? dense_write_early : dense_write_next;
    n->credit_wakes = router_dense_credit;
}

/* dense_router: the lines its comments name (a visit reads line 0; a write into the router too) */
_Static_assert(offsetof(dense_router, out) == 64 && offsetof(dense_router, tport) == 128 && DENSE_MAX_VCS / MCAST_MESH_PORTS <= 8 &&
               offsetof(dense_router, up_out) == 192 && offsetof(dense_router, to) == 256 &&
               sizeof(dense_router) == 320, "dense_router's lines");
