/* The dense router phase: the model of net_internal.h's header comment (every router holding a
 * flit runs VA then SA every cycle, routers in increasing id order) stepped as it is defined,
 * for unicast meshes. At the loads that matter most routers act in most cycles, so instead of
 * events that say when a VC may act, each router keeps bit sets over its input VCs (dense_router)
 * and its allocators work on them with rotate and count-trailing-zeros:
 *   - va_req: VCs whose front head has been written (its VA cycle has come) and holds no VC;
 *   - has_vc: VCs whose front packet holds an output VC, from the cycle after its VA;
 *   - vis: of those, VCs whose front flit has arrived (its first SA cycle has come);
 *   - due: a delay line of the VCs whose front flit arrives in each of the next cycles. A flit
 *     written into an empty VC is its front at once; the flit behind a sent one is its front
 *     from the send on; either joins vis (a body flit) or va_req (a head) in its cycle.
 * A VC of vis sends when its output VC has a credit (out_vc.credits, which the credit wheel of
 * network.c keeps as for the event-driven phase). Everything the allocators read is what the
 * event-driven phase reads (router.c): the same pointers, moved the same way, so a run gives
 * the same deliveries at the same cycles (tests/test_sim_net.c runs both). Not supported here:
 * multicast (replicas, replication buffers), crossbars, the separable VC allocator, router_bench's
 * external ports; net_unicast_only chooses this phase only where it applies. */
#include "net/net_internal.h"

static inline unsigned wrap_inc(unsigned v, unsigned m) { return v + 1 >= m ? 0 : v + 1; }

/* The first bit of `set` at or after `start`, else the lowest (set != 0). */
static inline unsigned first_from(uint32_t set, unsigned start) {   /* start < 32 */
    uint32_t high = set & (~UINT32_C(0) << start);
    return (unsigned)__builtin_ctz(high ? high : set);
}

/* Flit f (ready = its first SA cycle with body_sa = next) is written into VC `vc` of input
 * `port` of router r: stored at once (its credit was spent); if it is the VC's front, the VC
 * joins vis (a body flit) or va_req (a head, one cycle before its SA cycle) when it arrives. */
__attribute__((always_inline)) static inline void dense_write(network *n, router_t *r, unsigned port, unsigned vc,
                                                              flit_t f, uint32_t ready, bool early) {
    unsigned i = port * n->vcs + vc;
    in_vc *iv = router_in(n, r, i);
    unsigned head = f.flags & FLIT_HEAD;
    if (early) ready -= !head;                 /* body_sa = write: a body flit from its write cycle */
    f.ready = ready;
    unsigned empty = iv->count == 0;
    vc_push(iv, n->ring_mask, f);
    r->flits++;
    if (empty) {
        dense_router *d = &n->dense[r->id];
        d->due[(ready - (head ? 1u : 0u)) % DENSE_DUE] |= UINT32_C(1) << i;
    }
}

static void dense_write_next(network *n, router_t *r, unsigned port, unsigned vc, flit_t f) {
    dense_write(n, r, port, vc, f, f.ready, false);
}
static void dense_write_early(network *n, router_t *r, unsigned port, unsigned vc, flit_t f) {
    dense_write(n, r, port, vc, f, f.ready, true);
}

/* VA of this cycle (the sequential allocator, router.c vc_allocation): the requesting input
 * ports from `start` on, each port's VCs in increasing order, each head routed and given the
 * first free VC of its class at its output from the output's pointer. Returns the VCs granted
 * (they join SA next cycle). */
static uint32_t dense_va(network *n, router_t *r, dense_router *d, unsigned start) {
    unsigned vcs = n->vcs, nb = r->nports * vcs, shift = start * vcs;
    uint32_t req = d->va_req, granted = 0;
    uint64_t twice = (uint64_t)req << nb | req;
    uint32_t rotated = (uint32_t)(twice >> shift) & (uint32_t)((UINT64_C(1) << nb) - 1u);
    for (uint32_t m = rotated; m; m &= m - 1) {
        unsigned i = (unsigned)__builtin_ctz(m) + shift;
        if (i >= nb) i -= nb;
        in_vc *iv = router_in(n, r, i);
        const flit_t *f = vc_at(iv, n->ring_mask, 0);
        unsigned cls = f->flags & FLIT_REPLY ? CLASS_REPLY : CLASS_REQUEST;
        unsigned q = n->route[cls][(unsigned)r->id * n->nodes + f->dest];
        unsigned lo = n->vc_lo[cls], span = n->vc_hi[cls] - lo;
        unsigned v = d->rr_vc[q];
        v &= 0u - (unsigned)(v < span);
        out_vc *base = &r->out[q * vcs + lo];
        for (unsigned k = 0; k < span; k++, v = v + 1 == span ? 0 : v + 1) {
            if (base[v].owner >= 0) continue;
            base[v].owner = (int16_t)i;
            d->tport[i] = (uint8_t)q;
            d->tout[i] = (uint8_t)(q * vcs + lo + v);
            d->rr_vc[q] = (uint8_t)(v + 1);
            granted |= UINT32_C(1) << i;
            d->to[q] |= UINT32_C(1) << i;
            if (!base[v].credits) d->blocked |= UINT32_C(1) << i;   /* OUT_WAITING is set: its last credit was spent */
            break;
        }
    }
    d->va_req = req & ~granted;
    return granted;
}

/* VC i (input p, VC v) won SA: its front flit leaves on output tport[i] (ST, LT; written
 * downstream with its first SA cycle 4 cycles on, or ejected 3 on), its credit goes upstream,
 * and the VC's next front flit (if any) is looked at. */
__attribute__((always_inline)) static inline void dense_send(network *n, router_t *r, dense_router *d, unsigned p,
                                                             unsigned v, uint64_t now, bool early) {
    unsigned i = p * n->vcs + v, q = d->tport[i];
    in_vc *iv = router_in(n, r, i);
    flit_t f = *vc_at(iv, n->ring_mask, 0);
    out_vc *o = &r->out[d->tout[i]];
    unsigned ov = d->tout[i] - q * n->vcs;
    uint32_t bit = UINT32_C(1) << i;
    if (!--o->credits) {                       /* the next credit's return unblocks the VC holding o */
        o->flags |= OUT_WAITING;
        d->blocked |= bit;
    }
    if (!(d->down_ni >> q & 1u)) {
        dense_write(n, &n->r[d->down[q]], d->down_port[q], ov, f, (uint32_t)now + 4u, early);
        n->st.link_flits++;
    } else {
        unsigned node = d->down[q];
        ni_t *ni = &n->ni[node];
        f.ready = (uint32_t)(now + 3);         /* ejected (tail accepted) at s+3 */
        fifo_push(&ni->ej[ov], n->ring_mask, f);
        ni->ej_busy = (uint16_t)(ni->ej_busy | (1u << ov));
        net_wake_ej(n, node, now + 3);
    }
    vc_pop(iv, n->ring_mask);
    router_credit_return(n, &d->up_out[p][v]);
    r->flits--;
    if (f.flags & FLIT_TAIL) {                 /* the packet has gone: its VC is free downstream */
        o->owner = -1;
        d->has_vc &= ~bit;
        d->vis &= ~bit;
        d->blocked &= ~bit;
        d->to[q] &= ~bit;
        if (iv->count) {                       /* the next head asks VA in its write cycle, from the next cycle on */
            uint32_t va = vc_at(iv, n->ring_mask, 0)->ready - 1u;
            if (flit_after(va, now + 1)) d->due[va % DENSE_DUE] |= bit;
            else d->va_req |= bit;
        }
    } else if (!iv->count) {
        d->vis &= ~bit;                        /* the next flit's write puts it on the delay line */
    } else {
        uint32_t ready = vc_at(iv, n->ring_mask, 0)->ready;
        if (flit_after(ready, now + 1)) {
            d->vis &= ~bit;
            d->due[ready % DENSE_DUE] |= bit;
        }
    }
}

/* SA of this cycle. Each input with a VC that can send (vis, a credit) picks one: with
 * sa_input = vc the first from rr_in; with sa_input = output (BookSim2's) the output first at
 * or after rr_port among its VCs' outputs, then the first VC to it from rr_in. Each output
 * grants the first requesting input at or after rr_out. The winners' pointers move (rr_out one
 * past the input, rr_in one past the VC, rr_port one past the output) and they send. */
__attribute__((always_inline)) static inline void dense_sa(network *n, router_t *r, dense_router *d, uint32_t sendable,
                                                           uint64_t now, bool by_output, bool early) {
    unsigned vcs = n->vcs, np = r->nports;
    uint32_t vcmask = (UINT32_C(1) << vcs) - 1u;
    uint8_t pick[8];
    uint32_t req[8], outputs = 0;
    for (uint32_t m = sendable; m;) {
        unsigned i = (unsigned)__builtin_ctz(m), p = n->dense_port_of[i], base = p * vcs;
        uint32_t ready = m & (vcmask << base);
        m &= ~ready;
        if (ready & (ready - 1)) {             /* several VCs: the arbiter */
            if (by_output) {
                uint32_t outs = 0;
                for (uint32_t k = ready; k; k &= k - 1) outs |= UINT32_C(1) << d->tport[__builtin_ctz(k)];
                unsigned o = first_from(outs, d->rr_port[p]);
                i = first_from(ready & d->to[o], base + d->rr_in[p]);
            } else {
                i = first_from(ready, base + d->rr_in[p]);
            }
        }
        unsigned q = d->tport[i];
        pick[p] = (uint8_t)i;
        uint32_t qbit = UINT32_C(1) << q;
        req[q] = (outputs & qbit ? req[q] : 0) | UINT32_C(1) << p;
        outputs |= qbit;
    }
    for (uint32_t m = outputs; m; m &= m - 1) {
        unsigned q = (unsigned)__builtin_ctz(m);
        uint32_t rq = req[q];
        unsigned p = rq & (rq - 1) ? first_from(rq, d->rr_out[q]) : (unsigned)__builtin_ctz(rq);
        unsigned i = pick[p], v = i - p * vcs;
        d->rr_out[q] = (uint8_t)wrap_inc(p, np);
        d->rr_in[p] = (uint8_t)wrap_inc(v, vcs);
        if (by_output) d->rr_port[p] = (uint8_t)wrap_inc(q, np);
        dense_send(n, r, d, p, v, now, early);
    }
}

/* Every router holding a flit, in id order: its arrivals due now, VA, SA. */
__attribute__((always_inline)) static inline void dense_phase_with(network *n, bool by_output, bool early) {
    uint64_t now = n->now;
    unsigned slot = (unsigned)(uint32_t)now % DENSE_DUE;
    for (unsigned id = 0; id < n->nrouters; id++) {
        router_t *r = &n->r[id];
        if (!r->flits) continue;
        dense_router *d = &n->dense[id];
        uint32_t arrived = d->due[slot];
        d->due[slot] = 0;
        d->vis |= arrived & d->has_vc;
        d->va_req |= arrived & ~d->has_vc;
        unsigned start = d->rot;
        d->rot = (uint8_t)wrap_inc(start, r->nports);
        uint32_t granted = d->va_req ? dense_va(n, r, d, start) : 0;
        uint32_t sendable = d->has_vc & d->vis & ~d->blocked;
        if (sendable) dense_sa(n, r, d, sendable, now, by_output, early);
        d->has_vc |= granted;          /* SA from the next cycle; the head has arrived by then */
        d->vis |= granted;
    }
}

#define DENSE_PHASE(name, by_output, early) \
    static void name(network *n) { dense_phase_with(n, by_output, early); }
DENSE_PHASE(dense_phase_vc_next, false, false)
DENSE_PHASE(dense_phase_vc_write, false, true)
DENSE_PHASE(dense_phase_output_next, true, false)
DENSE_PHASE(dense_phase_output_write, true, true)

/* A credit of o, which has none usable, is usable from now on (router_credit_usable, start of
 * the cycle): the input VC holding o, if any, may send again. */
void router_dense_credit(network *n, out_vc *o) {
    o->flags &= (uint8_t)~OUT_WAITING;
    if (o->owner < 0) return;
    router_t *r = router_of(n, o);
    n->dense[r->id].blocked &= ~(UINT32_C(1) << o->owner);
}

bool router_dense_supported(const network *n) {
    return n->mesh_topo && !n->va_in_rr && n->r[0].nports * n->vcs <= DENSE_MAX_VCS && n->r[0].nports <= 8 &&
           n->now == 0 && !n->ext_send;
}

void router_dense_choose(network *n) {
    bool by_output = n->cfg.sa_input == SA_INPUT_OUTPUT, early = n->cfg.body_sa == BODY_SA_WRITE;
    n->dense = net_alloc(n, n->nrouters, sizeof *n->dense);
    for (unsigned i = 0; i < n->r[0].nports * n->vcs; i++) n->dense_port_of[i] = (uint8_t)(i / n->vcs);
    for (unsigned id = 0; id < n->nrouters; id++) {
        router_t *r = &n->r[id];
        dense_router *d = &n->dense[id];
        for (unsigned p = 0; p < r->nports; p++) {
            d->up_out[p] = r->port[p].up_out;
            link_end down = r->port[p].down;
            d->down[p] = down.index;
            d->down_port[p] = (uint8_t)down.port;
            if (down.kind == END_NI) d->down_ni = (uint8_t)(d->down_ni | (1u << p));
        }
    }
    if (by_output) n->router_phase = early ? dense_phase_output_write : dense_phase_output_next;
    else n->router_phase = early ? dense_phase_vc_write : dense_phase_vc_next;
    n->write_flit = early ? dense_write_early : dense_write_next;
}
