/* One router cycle: route computation (lookahead result), VC allocation, switch allocation and
 * traversal, buffer release and credit return. Multicast replicas are independent targets of
 * the same input VC (asynchronous replication, seed 003 sec. 4.3). Timing: net.h. Which
 * cycles a router is visited in, and why that does not change what it does: net_internal.h. */
#include "net/net_internal.h"

static inline unsigned mod_add(unsigned a, unsigned b, unsigned m) {   /* a, b < m */
    unsigned s = a + b;
    return s >= m ? s - m : s;
}

/* ---- the VA start port ----------------------------------------------------------------------
 * It rotates in every cycle the router holds a flit at its turn in the router loop, so it is
 * (cycles with flits before this one) mod nports = va_base + now mod nports. A flit written by
 * a router that comes earlier in that loop counts from this cycle; one written by a later
 * router or by an NI (NIs inject after the routers) from the next. */

static inline void router_flits_added(network *n, router_t *r) {
    if (r->flits++) return;
    unsigned np = r->nports;
    bool seen_this_cycle = n->stepping >= 0 && (unsigned)n->stepping < r->id;
    unsigned first = seen_this_cycle ? n->np_now : mod_add(n->np_now, 1, np);   /* run start mod np */
    r->va_base = (uint8_t)mod_add(r->steps_before, np - first, np);
}

static inline void router_flits_removed(network *n, router_t *r) {
    if (--r->flits) return;
    /* the router's own step of this cycle was the run's last counted cycle */
    r->steps_before = (uint8_t)mod_add(mod_add(r->va_base, n->np_now, r->nports), 1, r->nports);
}

/* ---- events -----------------------------------------------------------------------------------
 * cand[p] bit v: VC v of input p may have a flit to send (SA looks only at these). A VC leaves
 * the set when SA finds it cannot send; whatever can make it able to send again registers it
 * for the cycle that happens (a flit written, a VC allocated, a credit returned). */

/* VC (p, v) may have a flit to send from cycle t (> now) on. */
static inline void sa_candidate_at(network *n, router_t *r, unsigned p, unsigned v, uint64_t t) {
    net_event_at(n, r->id, p, 1u << v, t);
    net_wake_sa(n, r->id, t);
}

/* Visit router `id` for SA next cycle, from an SA turn of this cycle (network.wake_sa_next). */
static inline void wake_sa_next(network *n, unsigned id) { bitmap_set(n->wake_sa_next, id); }

static inline void sa_candidate_now(router_t *r, unsigned p, unsigned v) {
    r->port[p].cand = (uint16_t)(r->port[p].cand | (1u << v));
    r->cand_ports |= UINT64_C(1) << p;
}

static inline void va_request(router_t *r, unsigned p, unsigned v) {
    r->port[p].va_need = (uint16_t)(r->port[p].va_need | (1u << v));
    r->va_ports |= UINT64_C(1) << p;
}

/* Does the body flit f just written (the last in iv) need an event for its first SA cycle? A
 * unicast flit only when it is the next flit its VC will send: the front packet is routed here
 * to one output (no replication buffer) and its target has sent every flit ahead of f. A flit
 * behind an unsent one is looked at by after_sa when that one leaves (it keeps the VC a
 * candidate or registers f's own cycle); a flit behind a head not yet routed, or behind a
 * multicast packet, is reached the same way once its own head has had VA. So a unicast packet
 * streaming through a router pays one event there (its head's VA), not one per flit. Flits of
 * multicast packets keep an event each. */
static inline bool body_flit_is_next(const in_vc *iv, const flit_t *f) {
    if (f->flags & FLIT_MULTICAST) return true;
    /* Next means alone in the buffer: a packet not yet routed has its head ahead of f unless
     * f is alone; a routed packet with one target frees each flit in the send that copies it
     * (vc_send), so it has sent exactly the flits it has freed and f is next when nothing is
     * ahead of it. Without a branch: whether the packet is routed here yet is a coin toss. */
    unsigned one = (iv->ntargets == 1) & (iv->rb == RB_NONE);
    return (iv->count == 1) & ((iv->routed == 0) | one);
}

/* The flit is stored at once (the buffer slot is reserved: its credit was spent) but the
 * allocators only look at it from its write cycle (a head that can start RC/VA at once) or
 * from its first SA cycle (a body flit). `early`: body_sa = write (BookSim2): a body flit may
 * win SA in its write cycle, the cycle a head has its VA in, one before the first SA cycle its
 * sender set; not a flit of a packet that owns a replication buffer (multicast only): its
 * flits' credits already left. `early` is a constant in each of the two copies below, so the
 * default copy carries no test of the option (net_internal.h, write_flit). */
__attribute__((always_inline)) static inline void write_flit(network *n, router_t *r, unsigned port, unsigned vc,
                                                             flit_t f, uint64_t ready, bool early) {
    in_vc *iv = router_in(n, r, port * n->vcs + vc);
    bool idle = !iv->routed && iv->count == 0;
    if (early) ready -= (uint64_t)(!(f.flags & FLIT_HEAD) & (iv->rb != RB_OWN));   /* without a branch */
    f.ready = (uint32_t)ready;
    vc_push(iv, n->ring_mask, f);
    router_flits_added(n, r);
    if (iv->rb == RB_OWN)          /* the rest of a packet owning the replication buffer: into it */
        net_credit_at(n, &r->port[port].up_out[vc], ready + 1 + n->credit_delay);
    if (!(f.flags & FLIT_HEAD)) {
        if (body_flit_is_next(iv, &f)) sa_candidate_at(n, r, port, vc, ready);
    } else if (idle) {                                  /* RC + VA in its write cycle */
        net_event_at(n, r->id, port, 1u << (16 + vc), ready - 1);
        net_wake_va(n, r->id, ready - 1);
    }
    /* a head queued behind another packet gets its RC/VA when that packet finishes */
}

void router_write_flit_next(network *n, unsigned router, unsigned port, unsigned vc, flit_t f) {
    write_flit(n, &n->r[router], port, vc, f, flit_cycle(f.ready, n->now), false);
}

void router_write_flit_early(network *n, unsigned router, unsigned port, unsigned vc, flit_t f) {
    write_flit(n, &n->r[router], port, vc, f, flit_cycle(f.ready, n->now), true);
}

/* ---- replication buffers ---------------------------------------------------------------------
 * docs/sim.md "Multicast". Asynchronous replication in wormhole flow control can deadlock when
 * a multicast packet is longer than a VC buffer: a replica that has a downstream VC waits for
 * flits that cannot enter the input VC until a sibling replica, blocked elsewhere, has copied
 * the flits ahead of them. So each input port has, per class, a replication buffer (RB) that
 * holds one packet of up to mcast_max flits. A multicast packet longer than vc_depth that is
 * replicated at this router must own its port's RB before any replica asks for a VC. From then
 * on every flit of the packet moves into the RB in its first SA cycle (its credit goes back as
 * if it had left through the switch), so the whole packet arrives whatever its replicas do; the
 * replicas read it from there. The VC it came in on is held: upstream may not allocate it to a
 * new packet until every replica has sent the tail and the RB is released. In the model the
 * flits stay in the VC's ring (sized for mcast_max), which the hold keeps free of other
 * packets, and the RB is the pair (rb_busy, the early credits). */

/* Try to give the front packet of VC (port, vc) its port's RB (VA of cycle now). */
static bool rb_acquire(network *n, router_t *r, unsigned port, unsigned vc, in_vc *iv, uint64_t now) {
    port_t *pt = &r->port[port];
    unsigned bit = 1u << iv->cls;
    if (pt->rb_busy & bit) {
        pt->rb_wait = (uint8_t)(pt->rb_wait | bit);          /* rb_release wakes VA */
        return false;
    }
    pt->rb_busy = (uint8_t)(pt->rb_busy | bit);
    iv->rb = RB_OWN;
    out_vc *up = &pt->up_out[vc];
    up->flags |= OUT_HELD;                /* the packet's tail has not left upstream yet (len > vc_depth) */
    /* the flits already here (only this packet's: it is at the front and not complete) move
     * into the RB from the next cycle, one credit each */
    for (unsigned i = 0; i < iv->count; i++) {
        uint64_t ready = flit_cycle(vc_at(iv, n->ring_mask, i)->ready, now), move = ready > now + 1 ? ready : now + 1;
        net_credit_at(n, up, move + 1 + n->credit_delay);
    }
    return true;
}

/* Every replica of the packet owning the RB of VC (port, vc) has sent its tail (SA of now). */
static void rb_release(network *n, router_t *r, unsigned port, unsigned vc, in_vc *iv, uint64_t now) {
    port_t *pt = &r->port[port];
    unsigned bit = 1u << iv->cls;
    pt->rb_busy = (uint8_t)(pt->rb_busy & ~bit);
    if (pt->rb_wait & bit) {
        pt->rb_wait = (uint8_t)(pt->rb_wait & ~bit);
        net_wake_va(n, r->id, now + 1);
    }
    iv->rb = RB_NONE;
    net_unhold_at(n, &pt->up_out[vc], now + 1 + n->credit_delay);   /* travels upstream like a credit */
}

static bool vc_allocation(network *n, router_t *r, uint64_t now, unsigned now_mod, uint64_t visit);

/* Upstream side: the VC is free for a new packet from this cycle on (network.c, start of the
 * cycle). Its packet's tail left long ago (it reached the RB), so owner is OWNER_HELD. */
void router_unhold(network *n, out_vc *o) {
    o->flags &= (uint8_t)~OUT_HELD;
    if (o->owner != OWNER_HELD) return;
    router_t *u = router_of(n, o);
    if (!u) {                                    /* an NI looks for a free VC every cycle */
        o->owner = -1;
        return;
    }
    /* VA reads owners, so a VA of the previous cycle deferred to this cycle's visit (router_step,
     * `late`) must not see the release: it runs now, before the release is applied. */
    uint64_t *late = &n->va_late[u->id >> 6], bit = UINT64_C(1) << (u->id & 63u);
    if ((*late & bit) && u->flits && u->va_ports) {
        unsigned before = n->np_now ? n->np_now - 1 : (unsigned)u->nports - 1;
        if (vc_allocation(n, u, n->now - 1, before, n->now)) net_wake_va(n, u->id, n->now);   /* a retry */
    }
    *late &= ~bit;
    o->owner = -1;
    uint64_t out = UINT64_C(1) << ((unsigned)(o - u->out) / n->vcs);
    if (u->va_blocked & out) {                   /* as send_flit does for a released VC */
        u->va_blocked &= ~out;
        net_wake_va(n, u->id, n->now);
    }
}

/* ---- route computation ----------------------------------------------------------------------
 * The route of a head flit at this router was computed one hop ahead (lookahead RC); the model
 * evaluates it when the head is first examined, which adds no cycle, exactly as in hardware.
 * The rule itself (DOR, multicast split) is the C model's: cmodel/src/mcast.c; n->route is a
 * table of its mcast_dor_port answers, filled once at construction. */

static void add_target(in_vc *iv, unsigned port, uint32_t pkt, unsigned dest, bool multicast) {
    target_t *t = &iv->tgt[iv->ntargets++];
    t->pkt = pkt;
    t->outvc = -1;
    t->port = (uint8_t)port;
    t->done = 0;
    t->sent = 0;
    t->dest = (uint8_t)dest;
    t->multicast = multicast;
    t->sa_from = 0;
}

/* A replica record for `subset` of the packet in record `parent`. */
static uint32_t make_replica(network *n, uint32_t parent, const mcast_set *subset) {
    uint32_t idx = net_pkt_alloc(n);         /* may move n->pk */
    packet_t *c = &n->pk[idx];
    *c = n->pk[parent];
    c->dests = *subset;
    if (mcast_set_count(subset) == 1) {      /* a single destination travels as unicast */
        c->multicast = 0;
        c->dest = (uint16_t)mcast_set_next(subset, 0);
    }
    return idx;
}

static void route_multicast(network *n, router_t *r, in_vc *iv, uint32_t pkt) {
    const packet_t *p = &n->pk[pkt];
    unsigned nports, mask = 0;
    mcast_set dests = p->dests;
    if (r->mesh) {
        mcast_split(&n->mesh, r->id, n->order[p->cls], &dests, n->split, &mask);
        nports = MCAST_MESH_PORTS;
    } else {
        unsigned replicas;
        mcast_xbar_split(n->nodes, &dests, n->split, &replicas);
        nports = n->nodes;
    }
    unsigned used = 0;
    for (unsigned port = 0; port < nports; port++)
        if (!mcast_set_empty(&n->split[port])) used++;
    if (used == 1) {                              /* no replication here: keep the record */
        for (unsigned port = 0; port < nports; port++)
            if (!mcast_set_empty(&n->split[port])) add_target(iv, port, pkt, n->pk[pkt].dest, true);
        return;
    }
    iv->one.pkt = pkt;                            /* the record to free when done (finish_packet) */
    if (iv->len > n->depth) iv->rb = RB_NEED;     /* replicated here and longer than a VC buffer */
    iv->tgt = ROUTER_MTGT(n, r) + (size_t)((char *)iv - r->in_mem) / n->vc_stride * r->nports;
    for (unsigned port = 0; port < nports; port++) {
        if (mcast_set_empty(&n->split[port])) continue;
        mcast_set subset = n->split[port];
        uint32_t rep = make_replica(n, pkt, &subset);
        add_target(iv, port, rep, n->pk[rep].dest, n->pk[rep].multicast);
    }
}

/* Route head flit f at the front of iv. */
/* always inlined: allocate_front was written with it inline (the separable allocator is a second caller) */
__attribute__((always_inline)) static inline void route_packet(network *n, router_t *r, in_vc *iv, const flit_t *f) {
    unsigned cls = f->flags & FLIT_REPLY ? CLASS_REPLY : CLASS_REQUEST;
    iv->len = (uint8_t)f->len;
    iv->cls = (uint8_t)cls;
    iv->freed = 0;
    iv->rb = RB_NONE;
    iv->routed = 1;
    iv->ntargets = 0;
    iv->tgt = &iv->one;
    if (f->flags & FLIT_MULTICAST) {
        route_multicast(n, r, iv, f->pkt);
        return;
    }
    unsigned port = r->mesh ? n->route[cls][(unsigned)r->id * n->nodes + f->dest]
                                 : f->dest;   /* crossbar: destination tag */
    add_target(iv, port, f->pkt, f->dest, false);
}

/* ---- VC allocation --------------------------------------------------------------------------
 * Each target of a routed head needs one free downstream VC of its class on its output port.
 * Input ports are served in rotating order and each port's VCs are offered round-robin, which
 * gives every requester equal priority over time (a separable allocator's fairness). */

static bool allocate_vc(network *n, router_t *r, unsigned in_index, target_t *t, unsigned cls, uint64_t now) {
    unsigned lo = n->vc_lo[cls], span = n->vc_hi[cls] - lo;
    unsigned v = r->port[t->port].rr_vc;
    v &= 0u - (unsigned)(v < span);                  /* v >= span: 0 (a mask: hard to predict) */
    out_vc *base = &r->out[t->port * n->vcs + lo];
    for (unsigned k = 0; k < span; k++, v = v + 1 == span ? 0 : v + 1) {
        if (base[v].owner >= 0) continue;
        base[v].owner = (int16_t)in_index;
        t->outvc = (int16_t)(lo + v);
        t->sa_from = (uint32_t)(now + 1);
        r->port[t->port].rr_vc = (uint16_t)(v + 1);
        return true;
    }
    return false;
}

/* Whether input VC (port, vc)'s front packet may ask VA at cycle `now`, for both allocators: its
 * head written (a head not yet written asks VA when it is), routed (RC once per packet) and
 * owning its port's replication buffer where it needs one (RB before any VC). */
__attribute__((always_inline)) static inline bool front_ready_for_va(network *n, router_t *r, unsigned port, unsigned vc, in_vc *iv, uint64_t now) {
    if (!iv->routed) {
        const flit_t *f = vc_at(iv, n->ring_mask, 0);
        if (flit_after(f->ready - 1u, now)) return false;
        route_packet(n, r, iv, f);
    }
    return iv->rb != RB_NEED || rb_acquire(n, r, port, vc, iv, now);
}

/* VA of cycle `now`, in the visit of cycle `visit` (now or now + 1), for input VC (port, vc)
 * whose front packet waits for RC or VA. A target left without a VC marks its output in
 * va_blocked: VA cannot succeed for it before a VC of that output is released. */
static void allocate_front(network *n, router_t *r, unsigned port, unsigned vc, uint64_t now, uint64_t visit) {
    unsigned i = port * n->vcs + vc;
    in_vc *iv = router_in(n, r, i);
    if (!front_ready_for_va(n, r, port, vc, iv, now)) return;
    unsigned cls = iv->cls;
    bool pending = false, granted = false;
    for (unsigned t = 0; t < iv->ntargets; t++) {
        if (iv->tgt[t].outvc >= 0) continue;
        if (allocate_vc(n, r, i, &iv->tgt[t], cls, now)) {
            granted = true;
        } else {
            pending = true;
            r->va_blocked |= UINT64_C(1) << iv->tgt[t].port;
        }
    }
    if (granted) {                                      /* SA from sa_from = now + 1 */
        if (now + 1 == visit) sa_candidate_now(r, port, vc);
        else sa_candidate_at(n, r, port, vc, now + 1);
    }
    if (!pending) {
        r->port[port].va_need = (uint16_t)(r->port[port].va_need & ~(1u << vc));
        if (!r->port[port].va_need) r->va_ports &= ~(UINT64_C(1) << port);
    }
}

/* ---- VC allocation, va_alloc = separable ----------------------------------------------------
 * BookSim2's separable input-first allocator with round-robin arbiters and one iteration
 * (its allocators/separable_input_first.cpp, as iq_router's VC allocation uses it with
 * vc_busy_when_full = 0): every input VC whose front packet waits for VA requests every free VC of
 * its class at the output of each target still without one; the input VC's arbiter picks the
 * request nearest at or after its pointer over the router's output VCs (port * vcs + vc); each
 * output VC's arbiter grants, among the input VCs that picked it, the one nearest at or after its
 * pointer over input VCs. A pointer moves to one past the index granted, and only on a grant. An
 * input VC that picked a VC and lost (or has replicas still without one) asks again next cycle;
 * one that found no free VC waits for a release (va_blocked), as with the sequential allocator. */
typedef struct {
    uint16_t in;                 /* input VC, port * vcs + vc */
    uint16_t out;                /* output VC picked, port * vcs + vc */
    uint8_t tgt;                 /* the target it is for */
    uint8_t wins;
} va_pick;

/* The input side: VC `in`'s pick among the free VCs its targets may use (false: none free). */
static bool va_input_pick(network *n, router_t *r, unsigned in, const in_vc *iv, va_pick *pick) {
    unsigned vcs = n->vcs, size = r->nports * vcs, lo = n->vc_lo[iv->cls], hi = n->vc_hi[iv->cls];
    unsigned rr = n->va_in_rr[(size_t)r->id * size + in], best_key = ~0u;
    for (unsigned t = 0; t < iv->ntargets; t++) {
        const target_t *tg = &iv->tgt[t];
        if (tg->outvc >= 0) continue;
        bool any = false;
        for (unsigned ov = lo; ov < hi; ov++) {
            unsigned idx = tg->port * vcs + ov;
            if (r->out[idx].owner >= 0) continue;
            any = true;
            unsigned key = idx >= rr ? idx - rr : idx + size - rr;
            if (key < best_key) {
                best_key = key;
                *pick = (va_pick){(uint16_t)in, (uint16_t)idx, (uint8_t)t, 0};
            }
        }
        if (!any) r->va_blocked |= UINT64_C(1) << tg->port;
    }
    return best_key != ~0u;
}

/* VA of cycle now in the visit of cycle `visit` with the separable allocator; true when an input
 * VC asks again next cycle. */
static bool vc_allocation_separable(network *n, router_t *r, uint64_t now, uint64_t visit) {
    unsigned vcs = n->vcs, size = r->nports * vcs;
    uint16_t *in_rr = &n->va_in_rr[(size_t)r->id * size], *out_rr = &n->va_out_rr[(size_t)r->id * size];
    va_pick pick[64 * 16];       /* one per input VC: nports <= 64, vcs <= 16 */
    unsigned npick = 0;
    for (uint64_t m = r->va_ports; m; m &= m - 1) {
        unsigned p = (unsigned)__builtin_ctzll(m);
        for (unsigned need = r->port[p].va_need; need; need &= need - 1) {
            unsigned v = (unsigned)__builtin_ctz(need), in = p * vcs + v;
            in_vc *iv = router_in(n, r, in);
            if (!front_ready_for_va(n, r, p, v, iv, now)) continue;
            if (va_input_pick(n, r, in, iv, &pick[npick])) npick++;
        }
    }
    /* the output side: each output VC's arbiter, on the pointers as they were before any grant */
    for (unsigned i = 0; i < npick; i++) {
        unsigned rr = out_rr[pick[i].out], key = pick[i].in >= rr ? pick[i].in - rr : pick[i].in + size - rr;
        pick[i].wins = 1;
        for (unsigned j = 0; j < npick && pick[i].wins; j++) {
            if (j == i || pick[j].out != pick[i].out) continue;
            unsigned kj = pick[j].in >= rr ? pick[j].in - rr : pick[j].in + size - rr;
            if (kj < key) pick[i].wins = 0;
        }
    }
    bool retry = false;
    for (unsigned i = 0; i < npick; i++) {
        unsigned in = pick[i].in, p = in / vcs, v = in % vcs;
        in_vc *iv = router_in(n, r, in);
        if (!pick[i].wins) {
            retry = true;
            continue;
        }
        target_t *t = &iv->tgt[pick[i].tgt];
        r->out[pick[i].out].owner = (int16_t)in;
        t->outvc = (int16_t)(pick[i].out % vcs);
        t->sa_from = (uint32_t)(now + 1);
        in_rr[in] = (uint16_t)(pick[i].out + 1u == size ? 0u : pick[i].out + 1u);
        out_rr[pick[i].out] = (uint16_t)(in + 1 == size ? 0 : in + 1);
        if (now + 1 == visit) sa_candidate_now(r, p, v);      /* SA from sa_from = now + 1 */
        else sa_candidate_at(n, r, p, v, now + 1);
        bool pending = false;
        for (unsigned k = 0; k < iv->ntargets; k++) pending |= iv->tgt[k].outvc < 0;
        if (pending) {
            retry = true;
            continue;
        }
        r->port[p].va_need = (uint16_t)(r->port[p].va_need & ~(1u << v));
        if (!r->port[p].va_need) r->va_ports &= ~(UINT64_C(1) << p);
    }
    return retry;
}

/* VA of cycle now (now_mod = now % nports) in the visit of cycle `visit`. Ports are served
 * from the rotating start port; with one requesting port the start does not matter. True when
 * VA must run again next cycle (the separable allocator's losers). */
static bool vc_allocation(network *n, router_t *r, uint64_t now, unsigned now_mod, uint64_t visit) {
    if (n->va_in_rr) return vc_allocation_separable(n, r, now, visit);
    uint64_t ports = r->va_ports;   /* not 0: the callers look first */
    /* ports start .. nports-1, then 0 .. start-1: one loop over the ports rotated right by start;
     * one requesting port (the common case) is its own start */
    unsigned np = r->nports, start = (unsigned)__builtin_ctzll(ports);
    uint64_t rotated = 1;
    if (ports & (ports - 1)) {
        start = mod_add(r->va_base, now_mod, np);
        unsigned __int128 twice = (unsigned __int128)ports << np | ports;
        rotated = (uint64_t)(twice >> start);
        if (np < 64) rotated &= (UINT64_C(1) << np) - 1u;
    }
    for (uint64_t m = rotated; m; m &= m - 1) {
        unsigned p = (unsigned)__builtin_ctzll(m) + start;
        p -= np & (0u - (unsigned)(p >= np));
        for (unsigned need = r->port[p].va_need; need; need &= need - 1)
            allocate_front(n, r, p, (unsigned)__builtin_ctz(need), now, visit);
    }
    return false;
}

/* ---- credits --------------------------------------------------------------------------------- */


/* A credit of o, which an input VC waits for, is usable from now on (router_credit_usable): the
 * VC becomes an SA candidate this cycle. */
void router_credit_wakes(network *n, out_vc *o) {
    o->flags &= (uint8_t)~OUT_WAITING;
    router_t *r = router_of(n, o);
    unsigned i = (unsigned)o->owner;
    sa_candidate_now(r, i / n->vcs, i % n->vcs);
    net_wake_sa(n, r->id, n->now);
}

/* ---- switch allocation and traversal --------------------------------------------------------
 * Separable: each input port picks one VC (round-robin) among those with a flit ready for some
 * target; that VC requests every output its ready targets use (a mux-based crossbar can copy a
 * flit to several outputs in one cycle); each output port grants one input (round-robin). */

/* Can target tg of VC (p, v) send a flit now? A flit held up only by credits registers the VC
 * for the cycle the next credit can be used. */
static inline bool target_ready(network *n, router_t *r, const in_vc *iv, const target_t *tg, uint64_t now,
                                bool one) {
    if (tg->done || tg->outvc < 0 || !target_sa_open(tg, now)) return false;
    /* `one` (a constant at each call): the packet's only target, whose next flit is the front
     * one (vc_send frees each flit it sends) */
    unsigned pos = one ? 0u : (unsigned)(tg->sent - iv->freed);
    if (pos >= iv->count || flit_after(vc_at((in_vc *)iv, n->ring_mask, pos)->ready, now)) return false;
    out_vc *o = &r->out[tg->port * n->vcs + (unsigned)tg->outvc];
    if (o->credits) return true;
    o->flags |= OUT_WAITING;                                     /* router_credit_usable registers the VC */
    return false;
}

static uint64_t ready_targets(network *n, router_t *r, const in_vc *iv, uint64_t now) {
    if (!iv->routed) return 0;
    if (iv->ntargets == 1) return target_ready(n, r, iv, &iv->tgt[0], now, true);
    uint64_t mask = 0;
    for (unsigned t = 0; t < iv->ntargets; t++)
        if (target_ready(n, r, iv, &iv->tgt[t], now, false)) mask |= UINT64_C(1) << t;
    return mask;
}

/* ready_targets with a packet that leaves on one output (ntargets = 1 only once routed: the
 * common case) looked at inline */
__attribute__((always_inline)) static inline uint64_t ready_targets_inline(network *n, router_t *r, const in_vc *iv,
                                                                           uint64_t now) {
    if (iv->ntargets == 1) return target_ready(n, r, iv, &iv->one, now, true);
    return ready_targets(n, r, iv, now);
}

/* VC v of input p, whose packet leaves on output o, is known able to send (port_t.rdy). With
 * sa_input = output (`by_output`, a constant in each allocator copy) the input's per-output VC
 * sets and rdy_outs follow rdy: a unicast VC enters rdy in its input arbiter or after a send
 * (vc_send) and leaves it only in vc_send, with the output it sent on. */
__attribute__((always_inline)) static inline void rdy_mark(router_t *r, unsigned p, unsigned v, unsigned o,
                                                           bool by_output) {
    port_t *pt = &r->port[p];
    pt->rdy = (uint16_t)(pt->rdy | (1u << v));
    if (!by_output) return;
    uint16_t *to = &ready_vcs_to(pt)[o];
    *to = (uint16_t)(*to | (1u << v));
    pt->rdy_outs |= UINT64_C(1) << o;
}

/* VC v of input p, going to output o, leaves rdy. */
__attribute__((always_inline)) static inline void rdy_forget(router_t *r, unsigned p, unsigned v, unsigned o,
                                                             bool by_output) {
    port_t *pt = &r->port[p];
    pt->rdy = (uint16_t)(pt->rdy & ~(1u << v));
    if (!by_output) return;
    uint16_t *to = &ready_vcs_to(pt)[o];
    *to = (uint16_t)(*to & ~(1u << v));
    pt->rdy_outs &= ~((uint64_t)(*to == 0) << o);
}

/* ready_targets of VC v of input port p, whose in_vc is iv: from port_t.rdy when it is known,
 * else looked at (and remembered when the VC has one target). */
__attribute__((always_inline)) static inline uint64_t vc_ready_targets(network *n, router_t *r, unsigned p, port_t *pt,
                                                                       unsigned v, const in_vc *iv, uint64_t now,
                                                                       bool by_output) {
    if (pt->rdy >> v & 1u) return 1;
    uint64_t ready = ready_targets_inline(n, r, iv, now);
    if (ready && iv->ntargets == 1) rdy_mark(r, p, v, iv->one.port, by_output);
    return ready;
}

/* `early`: body_sa = write, a constant in each copy of the allocator (router_phase_for), so the
 * write into the next router is inlined here instead of called through write_flit. `moved`
 * (a constant at each call): the sender frees the flit in the same send (a unicast VC, vc_send),
 * so a flit that enters another buffer leaves live_flits as it is, and only one that leaves the
 * model (END_EXT) takes one off; else the copy is counted here and the release counts its own.
 * Returns the output VC, which the sender reads again (a store between would make the compiler
 * compute it again). */
__attribute__((always_inline)) static inline out_vc *send_flit(network *n, router_t *r, in_vc *iv, target_t *t,
                                                               uint64_t now, bool early, bool moved) {
    flit_t f = *vc_at(iv, n->ring_mask, moved ? 0u : (unsigned)(t->sent - iv->freed));   /* moved: the front flit */
    /* a replica: its own record and routing fields (only a split packet's targets, never `moved`:
     * a VC with one target sends its packet's own record) */
    if (!moved && t->pkt != f.pkt) {
        f.pkt = t->pkt;
        f.dest = t->dest;
        f.flags = (uint8_t)((f.flags & ~FLIT_MULTICAST) | (t->multicast ? FLIT_MULTICAST : 0));
    }
    out_vc *o = &r->out[t->port * n->vcs + (unsigned)t->outvc];
    o->credits--;
    link_end d = r->port[t->port].down;
    if (d.kind == END_ROUTER) {
        /* ST s+1, LT s+2..s+3, first SA downstream at s+4 */
        write_flit(n, &n->r[d.index], d.port, (unsigned)t->outvc, f, now + 4, early);
        n->st.link_flits++;
        if (!moved) n->live_flits++;
    } else if (__builtin_expect(d.kind == END_NI, 1)) {
        ni_t *ni = &n->ni[d.index];
        f.ready = (uint32_t)(now + 3);   /* ejected (tail accepted) at s+3 */
        fifo_push(&ni->ej[t->outvc], n->ring_mask, f);
        ni->ej_busy = (uint16_t)(ni->ej_busy | (1u << t->outvc));
        net_wake_ej(n, d.index, now + 3);
        if (!moved) n->live_flits++;
    } else {                      /* END_EXT: the flit leaves the model (router_bench.c) */
        n->ext_send(n->ext_ctx, t->port, (unsigned)t->outvc, &f);
        if (moved) n->live_flits--;
    }
    if (++t->sent == iv->len) {
        t->done = 1;
        o->owner = o->flags & OUT_HELD ? OWNER_HELD : -1;   /* tail gone: the downstream VC may be reallocated */
        uint64_t out = UINT64_C(1) << t->port;
        if (r->va_blocked & out) {                      /* from the next cycle's VA on */
            r->va_blocked &= ~out;
            net_wake_va(n, r->id, now + 1);
        }
    }
    return o;
}

/* The front packet of VC (port, vc) has gone: the next one's head, if there, is routed and VA'd. */
__attribute__((always_inline)) static inline void next_packet(network *n, router_t *r, unsigned port, unsigned vc,
                                                              in_vc *iv, uint64_t now) {
    iv->routed = 0;
    iv->ntargets = 0;
    if (iv->count) {              /* the next packet's head is at the front: route and VA it */
        uint64_t write = flit_cycle(vc_at(iv, n->ring_mask, 0)->ready, now) - 1;
        va_request(r, port, vc);
        net_wake_va(n, r->id, write > now ? write : now + 1);
    }
}

/* Every target of the front packet of VC (port, vc) has sent its tail and every flit has left
 * the buffer: the VC takes the next packet. */
static void finish_packet(network *n, router_t *r, unsigned port, unsigned vc, in_vc *iv, uint64_t now) {
    if (iv->rb == RB_OWN) rb_release(n, r, port, vc, iv, now);
    if (vc_split(iv)) net_pkt_free(n, iv->one.pkt);
    next_packet(n, r, port, vc, iv, now);
}

/* Remove the flits every target has copied; return their credits; finish the packet. */
static void release_flits(network *n, router_t *r, unsigned port, unsigned vc, in_vc *iv, uint64_t now) {
    unsigned min_sent = iv->tgt[0].sent;
    for (unsigned t = 1; t < iv->ntargets; t++)
        if (iv->tgt[t].sent < min_sent) min_sent = iv->tgt[t].sent;
    if (iv->freed < min_sent) {
        out_vc *up = &r->port[port].up_out[vc];
        do {
            vc_pop(iv, n->ring_mask);
            iv->freed++;
            n->live_flits--;
            if (iv->rb != RB_OWN) router_credit_return(n, up);   /* else returned when it entered the RB */
            router_flits_removed(n, r);
        } while (iv->freed < min_sent);
    }
    if (iv->freed < iv->len) return;
    for (unsigned t = 0; t < iv->ntargets; t++)
        if (!iv->tgt[t].done) return;
    finish_packet(n, r, port, vc, iv, now);
}

/* After VC `vc` of input `port` had its SA turn with its packet still here (iv->routed): does
 * it stay a candidate for the next cycle? A VC whose packet leaves on one output (no
 * replication buffer) stays exactly when its next flit is in the buffer, may take part in SA
 * next cycle and has a credit (VC_READY); a flit that arrives later registers its own cycle
 * (sa_candidate_at), and a missing credit sets out_vc.waiting (router_credit_usable brings the
 * VC back). Otherwise (replicas) it stays while a target has its next flit in the buffer, and
 * SA looks again (VC_AGAIN). */
enum { VC_LEAVES = 0, VC_AGAIN = 1, VC_READY = 2 };
__attribute__((noinline)) static unsigned vc_after_send(network *n, router_t *r, unsigned port, unsigned vc,
                                                        const in_vc *iv, uint64_t now) {
    if (iv->ntargets == 1 && iv->rb == RB_NONE) {
        const target_t *tg = &iv->tgt[0];
        unsigned pos = (unsigned)(tg->sent - iv->freed);
        if (tg->done || pos >= iv->count) return VC_LEAVES;
        uint32_t ready = vc_at((in_vc *)iv, n->ring_mask, pos)->ready;
        out_vc *o = &r->out[tg->port * n->vcs + (unsigned)tg->outvc];
        if (flit_after(ready, now + 1)) {
            sa_candidate_at(n, r, port, vc, flit_cycle(ready, now));
            return VC_LEAVES;
        }
        if (!o->credits) {
            o->flags |= OUT_WAITING;
            return VC_LEAVES;
        }
        return VC_READY;
    }
    for (unsigned t = 0; t < iv->ntargets; t++) {
        const target_t *tg = &iv->tgt[t];
        if (!tg->done && tg->outvc >= 0 && (unsigned)(tg->sent - iv->freed) < iv->count) return VC_AGAIN;
    }
    return VC_LEAVES;
}

/* After VC `vc` of input `port` had its SA turn (sent or lost): it leaves the candidates when
 * its packet has gone (a head behind it waits for VA) or vc_after_send says so; port_t.rdy
 * holds the VCs known able to send next cycle. */
__attribute__((always_inline)) static inline void after_sa(network *n, router_t *r, unsigned port, unsigned vc,
                                                           const in_vc *iv, uint64_t now, bool by_output) {
    unsigned state = iv->routed ? vc_after_send(n, r, port, vc, iv, now) : VC_LEAVES;
    port_t *pt = &r->port[port];
    unsigned bit = 1u << vc, cand = pt->cand;
    if (state == VC_LEAVES) cand &= ~bit;
    pt->cand = (uint16_t)cand;
    /* a VC with replicas is never in rdy (VC_READY is for one target: marked as such) */
    if (state == VC_READY) rdy_mark(r, port, vc, iv->one.port, by_output);
    else pt->rdy = (uint16_t)(pt->rdy & ~bit);
    if (cand) wake_sa_next(n, r->id);     /* this VC, or others not looked at */
    else r->cand_ports &= ~(UINT64_C(1) << port);
}

/* VC (port, vc) won SA for target t: the flit leaves, what every target has copied leaves the
 * buffer, and the VC stays a candidate or not. A VC whose packet leaves on one output (unicast:
 * the common case) frees the flit it sent at once, without looking for the least-advanced
 * target (release_flits), and decides its candidacy as vc_after_send does, inline. */
__attribute__((always_inline)) static inline void vc_send(network *n, router_t *r, unsigned port, unsigned vc,
                                                          in_vc *iv, target_t *t, uint64_t now, bool early,
                                                          bool by_output) {
    if (iv->ntargets != 1) {
        send_flit(n, r, iv, t, now, early, false);
        release_flits(n, r, port, vc, iv, now);
        after_sa(n, r, port, vc, iv, now, by_output);
        return;
    }
    /* one target, so no replication buffer either (that needs replicas); the flit sent is freed
     * here, so such a VC has always sent what it has freed (body_flit_is_next relies on it) */
    out_vc *o = send_flit(n, r, iv, t, now, early, true);
    vc_pop(iv, n->ring_mask);
    iv->freed++;
    router_credit_return(n, &r->port[port].up_out[vc]);
    router_flits_removed(n, r);
    port_t *pt = &r->port[port];
    unsigned bit = 1u << vc, state = VC_LEAVES;
    if (t->done) {                /* one target: no replicas, no replication buffer */
        next_packet(n, r, port, vc, iv, now);
    } else if (iv->count) {       /* the next flit (t has sent every one before it) */
        uint32_t ready = vc_at(iv, n->ring_mask, 0)->ready;
        if (flit_after(ready, now + 1)) sa_candidate_at(n, r, port, vc, flit_cycle(ready, now));
        else if (!o->credits) o->flags |= OUT_WAITING;
        else state = VC_READY;
    }
    unsigned cand = pt->cand;
    if (state == VC_LEAVES) cand &= ~bit;
    pt->cand = (uint16_t)cand;
    if (!by_output) pt->rdy = (uint16_t)((pt->rdy & ~bit) | (state == VC_READY ? bit : 0u));
    else if (state == VC_READY) rdy_mark(r, port, vc, t->port, true);
    else if (pt->rdy & bit) rdy_forget(r, port, vc, t->port, true);
    if (cand) wake_sa_next(n, r->id);
    else r->cand_ports &= ~(UINT64_C(1) << port);
}

typedef struct {                 /* one cycle's switch allocation */
    uint64_t inputs;             /* input ports whose arbiter chose a VC (port_t sa_vc, sa_tmask) */
    uint64_t outputs;            /* output ports requested (port_t req) */
    bool contested;              /* an output requested twice, or one VC requesting several */
} sa_round;

/* Input arbitration of port p: the first candidate VC (round-robin from rr_in) with a ready
 * target; records its requests. Candidates that cannot send leave the set. */
/* always inlined: switch_allocation's loop was written with it inline (a second caller,
 * choose_input_vc_by_output, must not turn it into a call there) */
__attribute__((always_inline)) static inline void choose_input_vc(network *n, router_t *r, unsigned p, sa_round *s,
                                                                  uint64_t now, bool by_output) {
    port_t *pt = &r->port[p];
    unsigned vcs = n->vcs, cand = pt->cand, rr = pt->rr_in;
    unsigned rotated = ((cand >> rr) | (cand << (vcs - rr))) & ((1u << vcs) - 1u);
    for (unsigned m = rotated; m; m &= m - 1) {
        unsigned v = (unsigned)__builtin_ctz(m) + rr;
        if (v >= vcs) v -= vcs;
        const in_vc *iv = router_in(n, r, p * vcs + v);
        uint64_t ready = vc_ready_targets(n, r, p, pt, v, iv, now, by_output);
        if (!ready) {
            cand &= ~(1u << v);
            continue;
        }
        pt->cand = (uint16_t)cand;
        pt->sa_vc = (int16_t)v;
        pt->sa_tmask = ready;
        s->inputs |= UINT64_C(1) << p;
        s->contested |= (ready & (ready - 1)) != 0;
        for (; ready; ready &= ready - 1) {
            unsigned out = iv->tgt[__builtin_ctzll(ready)].port;
            s->contested |= s->outputs >> out & 1u;
            if (!(s->outputs >> out & 1u)) r->port[out].req = 0;
            r->port[out].req |= UINT64_C(1) << p;
            s->outputs |= UINT64_C(1) << out;
        }
        return;
    }
    pt->cand = 0;
    r->cand_ports &= ~(UINT64_C(1) << p);
}

/* Output arbitration of port q: grant the first requester at or after rr_out, else the lowest;
 * returns the input granted and (*tp) the target of its chosen VC that goes to q. */
/* always inlined, as choose_input_vc */
__attribute__((always_inline)) static inline unsigned grant_output(network *n, router_t *r, unsigned q,
                                                                   target_t **tp) {
    port_t *out = &r->port[q];
    uint64_t req = out->req;
    unsigned start = out->rr_out;
    uint64_t high = start < 64 ? req & (~UINT64_C(0) << start) : 0;
    unsigned p = (unsigned)__builtin_ctzll(high ? high : req);
    port_t *in = &r->port[p];
    unsigned v = (unsigned)in->sa_vc;
    in_vc *iv = router_in(n, r, p * n->vcs + v);
    *tp = NULL;
    for (uint64_t m = in->sa_tmask; m; m &= m - 1) {
        target_t *t = &iv->tgt[__builtin_ctzll(m)];
        if (t->port == q) {
            *tp = t;
            break;
        }
    }
    out->rr_out = (uint16_t)(p + 1 >= r->nports ? 0 : p + 1);
    in->rr_in = (uint16_t)(v + 1 >= n->vcs ? 0 : v + 1);
    return p;
}

/* The only requester of an output wins its arbiter: the pointers a grant moves (rr_out one past
 * input p, rr_in one past VC v; with sa_input = output also input p's pointer over outputs one
 * past q), as grant_output moves them. */
__attribute__((always_inline)) static inline void move_pointers(router_t *r, unsigned vcs, unsigned p, unsigned v,
                                                                unsigned q, bool by_output) {
    unsigned np = r->nports;
    r->port[q].rr_out = (uint16_t)(p + 1 >= np ? 0 : p + 1);
    r->port[p].rr_in = (uint16_t)(v + 1 >= vcs ? 0 : v + 1);
    if (by_output) r->port[p].rr_port = (uint8_t)(q + 1 >= np ? 0 : q + 1);
}

/* The switch allocation of a router with one candidate VC whose front flit goes to one output:
 * what switch_allocation does then, without the arbiters' bookkeeping (the only requester
 * wins both arbiters, and with sa_input = output its only output is the one it requests). False
 * when the general allocator is needed. */
__attribute__((always_inline)) static inline bool switch_one_candidate(network *n, router_t *r, uint64_t now,
                                                                       bool by_output, bool early) {
    uint64_t ports = r->cand_ports;
    if (ports & (ports - 1)) return false;
    unsigned p = (unsigned)__builtin_ctzll(ports);
    port_t *pt = &r->port[p];
    unsigned cand = pt->cand;
    if (cand & (cand - 1)) return false;
    unsigned v = (unsigned)__builtin_ctz(cand);
    in_vc *iv = router_in(n, r, p * n->vcs + v);
    /* not remembered in rdy: it sends at once if ready (vc_send marks it if it stays so) */
    uint64_t ready = pt->rdy >> v & 1u ? 1 : ready_targets_inline(n, r, iv, now);
    if (ready & (ready - 1)) return false;                  /* replicas to several outputs */
    if (!ready) {                                            /* choose_input_vc: it leaves the set */
        pt->cand = 0;
        r->cand_ports = 0;
        return true;
    }
    target_t *t = &iv->tgt[__builtin_ctzll(ready)];
    move_pointers(r, n->vcs, p, v, t->port, by_output);
    vc_send(n, r, p, v, iv, t, now, early, by_output);
    return true;
}

/* sa_input = output (BookSim2's separable input-first allocator): input p requests each output
 * with one VC, the first ready one round-robin from rr_in, and its arbiter picks the output
 * round-robin from rr_port; the request is recorded as choose_input_vc records its own. Each
 * VC's readiness is looked at once. A VC with several ready targets (a multicast replica set)
 * makes the input fall back to choose_input_vc, which serves it in VC order. Candidates that
 * cannot send leave the set. This is the arbiter looking at every candidate VC, for an input
 * with a VC whose packet is replicated here; choose_input_vc_by_output is the same arbiter
 * for inputs whose candidates are all unicast. */
__attribute__((noinline)) static void choose_input_vc_by_output_scan(network *n, router_t *r, unsigned p,
                                                                     sa_round *s, uint64_t now) {
    port_t *pt = &r->port[p];
    unsigned vcs = n->vcs, np = r->nports, cand = pt->cand, rr = pt->rr_in;
    unsigned rotated = ((cand >> rr) | (cand << (vcs - rr))) & ((1u << vcs) - 1u);
    uint64_t outs = 0;            /* a crossbar has up to 64 ports */
    uint8_t rep_vc[64], rep_tgt[64];
    for (unsigned m = rotated; m; m &= m - 1) {
        unsigned v = (unsigned)__builtin_ctz(m) + rr;
        if (v >= vcs) v -= vcs;
        unsigned t = 0, o;
        const in_vc *iv = router_in(n, r, p * vcs + v);
        if (pt->rdy >> v & 1u) {
            o = iv->one.port;
        } else {
            uint64_t ready = ready_targets(n, r, iv, now);
            if (!ready) {
                cand &= ~(1u << v);
                continue;
            }
            if (ready & (ready - 1)) {
                pt->cand = (uint16_t)cand;
                choose_input_vc(n, r, p, s, now, true);
                return;
            }
            t = (unsigned)__builtin_ctzll(ready);
            o = iv->tgt[t].port;
            if (iv->ntargets == 1) rdy_mark(r, p, v, o, true);
        }
        if (!(outs >> o & 1u)) {
            rep_vc[o] = (uint8_t)v;
            rep_tgt[o] = (uint8_t)t;
        }
        outs |= UINT64_C(1) << o;
    }
    pt->cand = (uint16_t)cand;
    if (!outs) {                  /* every candidate left the set */
        r->cand_ports &= ~(UINT64_C(1) << p);
        return;
    }
    unsigned start = pt->rr_port;
    uint64_t rotated_outs = start < np ? outs >> start : 0;
    unsigned o = rotated_outs ? (unsigned)__builtin_ctzll(rotated_outs) + start : (unsigned)__builtin_ctzll(outs);
    pt->sa_vc = (int16_t)rep_vc[o];
    pt->sa_tmask = UINT64_C(1) << rep_tgt[o];
    s->inputs |= UINT64_C(1) << p;
    uint64_t requested = s->outputs >> o & 1u;      /* selected without a branch */
    s->contested |= requested;
    r->port[o].req = (r->port[o].req & (0 - requested)) | UINT64_C(1) << p;
    s->outputs |= UINT64_C(1) << o;
}

/* The sa_input = output input arbiter of port p when its candidates are unicast: the VCs not
 * known ready are looked at (in round-robin order, as the scan does), then the output comes from
 * rdy_outs and the VC from that output's ready set, each round-robin, with no loop over the
 * VCs; the choice is the scan's (the first ready VC from rr_in for each output, the output from
 * rr_port). An input with a VC of several targets is served by the scan. */
__attribute__((always_inline)) static inline void choose_input_vc_by_output(network *n, router_t *r, unsigned p,
                                                                            sa_round *s, uint64_t now) {
    port_t *pt = &r->port[p];
    unsigned vcs = n->vcs, np = r->nports, cand = pt->cand, rr = pt->rr_in;
    unsigned vc_mask = (1u << vcs) - 1u;
    unsigned unknown = cand & ~(unsigned)pt->rdy;
    if (unknown) {
        unsigned rotated = ((unknown >> rr) | (unknown << (vcs - rr))) & vc_mask;
        for (unsigned m = rotated; m; m &= m - 1) {
            unsigned v = (unsigned)__builtin_ctz(m) + rr;
            if (v >= vcs) v -= vcs;
            const in_vc *iv = router_in(n, r, p * vcs + v);
            if (iv->routed && iv->ntargets != 1) {              /* replicas: the scan serves it */
                pt->cand = (uint16_t)cand;
                choose_input_vc_by_output_scan(n, r, p, s, now);
                return;
            }
            if (!iv->routed || !target_ready(n, r, iv, &iv->one, now, true)) {   /* one target (routed) */
                cand &= ~(1u << v);
                continue;
            }
            rdy_mark(r, p, v, iv->one.port, true);
        }
        pt->cand = (uint16_t)cand;
    }
    uint64_t outs = pt->rdy_outs;
    if (!outs) {                  /* every candidate left the set */
        r->cand_ports &= ~(UINT64_C(1) << p);
        return;
    }
    unsigned start = pt->rr_port;
    uint64_t from_start = start < np ? outs & (~UINT64_C(0) << start) : 0;
    unsigned o = (unsigned)__builtin_ctzll(from_start ? from_start : outs);
    unsigned to = ready_vcs_to(pt)[o], to_from_rr = to & (~0u << rr);   /* the first at or after rr, else the lowest */
    pt->sa_vc = (int16_t)__builtin_ctz(to_from_rr ? to_from_rr : to);
    pt->sa_tmask = 1;
    s->inputs |= UINT64_C(1) << p;
    uint64_t requested = s->outputs >> o & 1u;      /* selected without a branch */
    s->contested |= requested;
    r->port[o].req = (r->port[o].req & (0 - requested)) | UINT64_C(1) << p;
    s->outputs |= UINT64_C(1) << o;
}

/* One router's switch allocation; `by_output` (sa_input = output) and `early` (body_sa = write)
 * are constants in each of the four copies router_phase_for chooses between once per
 * run, so none tests an option per flit. */
__attribute__((always_inline)) static inline void switch_allocation_with(network *n, router_t *r, uint64_t now,
                                                                         bool by_output, bool early) {
    if (switch_one_candidate(n, r, now, by_output, early)) return;
    sa_round s = {0, 0, false};
    for (uint64_t m = r->cand_ports; m; m &= m - 1) {
        if (by_output) choose_input_vc_by_output(n, r, (unsigned)__builtin_ctzll(m), &s, now);
        else choose_input_vc(n, r, (unsigned)__builtin_ctzll(m), &s, now, false);
    }
    if (!s.contested) {          /* every requester wins both arbiters: one pass per input */
        for (uint64_t m = s.inputs; m; m &= m - 1) {
            /* sends to different outputs and the releases of different inputs touch disjoint
             * state (or add to counters), so this order ends where the general one does */
            unsigned p = (unsigned)__builtin_ctzll(m), v = (unsigned)r->port[p].sa_vc;
            in_vc *iv = router_in(n, r, p * n->vcs + v);
            target_t *t = &iv->tgt[__builtin_ctzll(r->port[p].sa_tmask)];
            move_pointers(r, n->vcs, p, v, t->port, by_output);
            vc_send(n, r, p, v, iv, t, now, early, by_output);
        }
        return;
    }
    /* Each output grants one input. A VC with one target wins at most one output: it sends and
     * is done at once. A VC with replicas may win several: it sends at each, then releases
     * once below. A one-target VC that lost stays ready (port_t.rdy) and a candidate. */
    uint64_t finished = 0;
    for (uint64_t m = s.outputs; m; m &= m - 1) {
        unsigned q = (unsigned)__builtin_ctzll(m);
        target_t *t;
        unsigned p = grant_output(n, r, q, &t);
        if (by_output) r->port[p].rr_port = (uint8_t)(q + 1 >= r->nports ? 0 : q + 1);
        unsigned v = (unsigned)r->port[p].sa_vc;
        in_vc *iv = router_in(n, r, p * n->vcs + v);
        if (iv->ntargets == 1) {
            vc_send(n, r, p, v, iv, t, now, early, by_output);
            finished |= UINT64_C(1) << p;
        } else {
            send_flit(n, r, iv, t, now, early, false);
        }
    }
    for (uint64_t m = s.inputs & ~finished; m; m &= m - 1) {
        unsigned p = (unsigned)__builtin_ctzll(m), v = (unsigned)r->port[p].sa_vc;
        in_vc *iv = router_in(n, r, p * n->vcs + v);
        if (iv->ntargets == 1) {  /* lost: still a candidate next cycle */
            wake_sa_next(n, r->id);
            continue;
        }
        release_flits(n, r, p, v, iv, now);
        after_sa(n, r, p, v, iv, now, by_output);
    }
}

/* `late`: the VA of the previous cycle was deferred to this visit (net_internal.h: a router
 * whose only work in cycle c is VA does it at the start of its visit in c + 1, which it gets
 * anyway if VA succeeds). That is exact: nothing VA reads can change in between. VA reads this
 * router's VC owners and arbiter pointers (only its own SA and VA change them, and the release
 * of a held VC, router_unhold, which runs a deferred VA before it applies), its VA requests
 * (set by its own arrivals and releases) and the heads at the front of its buffers (writes by
 * others append behind them); the events of c are merged before the deferred VA and those of
 * c + 1 after it. */
__attribute__((always_inline)) static inline void router_step(network *n, router_t *r, bool va, bool late,
                                                              bool by_output, bool early) {
    if (!r->flits) return;
    uint64_t now = n->now;
    if (late) {
        unsigned before = n->np_now ? n->np_now - 1 : (unsigned)r->nports - 1;
        /* a separable VA's loser asks again in this cycle, whose wake-up has been read */
        if (r->va_ports && vc_allocation(n, r, now - 1, before, now)) va = true;
    }
    if (va && r->va_ports && vc_allocation(n, r, now, n->np_now, now)) net_wake_va(n, r->id, now + 1);
    if (r->cand_ports) switch_allocation_with(n, r, now, by_output, early);
}

/* The routers woken for this cycle, in id order (net_internal.h: why the others can wait).
 * A router woken for VA only is visited next cycle instead, which then starts with this
 * cycle's VA (router_step). The router's visit and its allocators are inlined into each of the
 * four copies router_phase_for chooses between once per run (`by_output`, `early`: constants). */
__attribute__((always_inline)) static inline void router_phase_with(network *n, bool by_output, bool early) {
    uint64_t *va = &n->wake_va[(n->now % NET_WHEEL) * n->rwords];
    uint64_t *sa = &n->wake_sa[(n->now % NET_WHEEL) * n->rwords];
    uint64_t *sa_next = &n->wake_sa[((n->now + 1) % NET_WHEEL) * n->rwords];
    n->wake_sa_next = sa_next;
    for (unsigned w = 0; w < n->rwords; w++) {
#ifdef NET_VISIT_EVERY_CYCLE   /* scratch check of the event-driven loop: every router, VA and SA, every cycle */
        va[w] = sa[w] = n->nrouters - w * 64u >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << (n->nrouters - w * 64u)) - 1u;
#endif
        uint64_t va_w = va[w], sa_w = sa[w], late_w = n->va_late[w];
        va[w] = sa[w] = 0;           /* visits scheduled from here on are for later cycles */
        n->va_late[w] = va_w & ~sa_w;
        sa_next[w] |= va_w & ~sa_w;
        for (uint64_t m = sa_w; m; m &= m - 1) {
            unsigned b = (unsigned)__builtin_ctzll(m), id = w * 64u + b;
            n->stepping = (int)id;
            router_step(n, &n->r[id], (va_w >> b) & 1u, (late_w >> b) & 1u, by_output, early);
        }
    }
    n->stepping = -1;
}

NET_ROUTER_PHASE_COPIES(router_phase, router_phase_with)

net_router_phase router_phase_for(bool by_output, bool early) { return router_phase_choose(by_output, early); }
