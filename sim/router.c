/* One router cycle: route computation (lookahead result), VC allocation, switch allocation and
 * traversal, buffer release and credit return. Multicast replicas are independent targets of
 * the same input VC (asynchronous replication, seed 003 sec. 4.3). Timing: net.h. Which
 * cycles a router is visited in, and why that does not change what it does: net_internal.h. */
#include "net_internal.h"

/* ---- buffer writes ------------------------------------------------------------------------- */

/* The VA start port rotates in every cycle the router holds a flit at its turn in the router
 * loop. A flit written by a router that comes earlier in that loop counts from this cycle; one
 * written by a later router or by an NI (NIs inject after the routers) from the next. */
static inline void router_flits_added(network *n, router_t *r) {
    if (r->flits++) return;
    bool seen_this_cycle = n->stepping >= 0 && (unsigned)n->stepping < r->id;
    r->busy_since = n->now + (seen_this_cycle ? 0u : 1u);
}

static inline void router_flits_removed(router_t *r, uint64_t now) {
    if (--r->flits) return;
    /* the router's own step of this cycle was the run's last counted cycle */
    r->steps_before = (uint32_t)((r->steps_before + (now - r->busy_since) + 1u) % r->nports);
}

/* VC (p, v) may have a flit to send from cycle t (> now) on: SA looks at it then. */
static inline void sa_candidate_at(network *n, router_t *r, unsigned p, unsigned v, uint64_t t) {
    unsigned slot = (unsigned)(t % NET_WHEEL);
    r->arrive[slot * r->nports + p] |= (uint16_t)(1u << v);
    r->arrive_ports[slot] |= UINT64_C(1) << p;
    net_wake_sa(n, r->id, t);
}

/* The flit is stored at once (the buffer slot is reserved: its credit was spent) but the
 * allocators only look at it from its write cycle (a head that can start RC/VA at once) or
 * from its first SA cycle (a body flit), through the event masks merged by router_step. */
void router_write_flit(network *n, router_t *r, unsigned port, unsigned vc, flit_t f) {
    in_vc *iv = &r->in[port * n->vcs + vc];
    bool idle = !iv->routed && iv->q.count == 0;
    fifo_push(&iv->q, n->depth, f);
    router_flits_added(n, r);
    if (f.idx != 0) {
        sa_candidate_at(n, r, port, vc, f.ready);
    } else if (idle) {                                  /* RC + VA in its write cycle */
        unsigned slot = (unsigned)((f.ready - 1) % NET_WHEEL);
        r->arrive_va[slot * r->nports + port] |= (uint16_t)(1u << vc);
        r->arrive_ports[slot] |= UINT64_C(1) << port;
        net_wake_va(n, r->id, f.ready - 1);
    }
    /* a head queued behind another packet gets its RC/VA when that packet finishes */
}

static void merge_events(router_t *r, uint64_t now) {
    unsigned slot = (unsigned)(now % NET_WHEEL);
    uint64_t ports = r->arrive_ports[slot];
    if (!ports) return;
    r->arrive_ports[slot] = 0;
    uint16_t *a = &r->arrive[slot * r->nports], *av = &r->arrive_va[slot * r->nports];
    for (; ports; ports &= ports - 1) {
        unsigned p = (unsigned)__builtin_ctzll(ports);
        if (a[p]) {
            r->cand[p] = (uint16_t)(r->cand[p] | a[p]);
            r->cand_ports |= UINT64_C(1) << p;
            a[p] = 0;
        }
        if (av[p]) {
            r->va_need[p] = (uint16_t)(r->va_need[p] | av[p]);
            r->va_ports |= UINT64_C(1) << p;
            av[p] = 0;
        }
    }
}

/* ---- route computation ----------------------------------------------------------------------
 * The route of a head flit at this router was computed one hop ahead (lookahead RC); the model
 * evaluates it when the head is first examined, which adds no cycle, exactly as in hardware.
 * The rule itself (DOR, multicast split) is the C model's: cmodel/src/mcast.c; n->route is a
 * table of its mcast_dor_port answers, filled once at construction. */

static void add_target(in_vc *iv, unsigned port, uint32_t pkt) {
    target_t *t = &iv->tgt[iv->ntargets++];
    t->pkt = pkt;
    t->outvc = -1;
    t->port = (uint8_t)port;
    t->done = 0;
    t->sent = 0;
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
    if (r->node >= 0) {
        mcast_split(&n->mesh, (unsigned)r->node, n->order[p->cls], &dests, n->split, &mask);
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
            if (!mcast_set_empty(&n->split[port])) add_target(iv, port, pkt);
        return;
    }
    iv->split = 1;
    for (unsigned port = 0; port < nports; port++) {
        if (mcast_set_empty(&n->split[port])) continue;
        mcast_set subset = n->split[port];
        add_target(iv, port, make_replica(n, pkt, &subset));
    }
}

static void route_packet(network *n, router_t *r, in_vc *iv, uint32_t pkt) {
    const packet_t *p = &n->pk[pkt];
    iv->pkt = pkt;
    iv->len = p->len;
    iv->freed = 0;
    iv->ntargets = 0;
    iv->ndone = 0;
    iv->split = 0;
    iv->routed = 1;
    if (p->multicast) {
        route_multicast(n, r, iv, pkt);
        return;
    }
    unsigned port = r->node >= 0 ? n->route[p->cls][(unsigned)r->node * n->nodes + p->dest]
                                 : p->dest;   /* crossbar: destination tag */
    add_target(iv, port, pkt);
}

/* ---- VC allocation --------------------------------------------------------------------------
 * Each target of a routed head needs one free downstream VC of its class on its output port.
 * Input ports are served in rotating order and each port's VCs are offered round-robin, which
 * gives every requester equal priority over time (a separable allocator's fairness). */

static bool allocate_vc(network *n, router_t *r, unsigned in_index, target_t *t, unsigned cls, uint64_t now) {
    unsigned lo = n->vc_lo[cls], span = n->vc_hi[cls] - lo;
    unsigned start = r->rr_vc[t->port];
    if (start >= span) start = 0;
    out_vc *base = &r->out[t->port * n->vcs + lo];
    for (unsigned k = 0, v = start; k < span; k++, v = v + 1 == span ? 0 : v + 1) {
        if (base[v].owner >= 0) continue;
        base[v].owner = (int32_t)in_index;
        t->outvc = (int16_t)(lo + v);
        t->sa_from = now + 1;
        r->rr_vc[t->port] = (uint16_t)(v + 1);
        return true;
    }
    return false;
}

/* VA for input VC (port, vc) whose front packet waits for RC or VA; true when a target is
 * still without a VC afterwards. */
static bool allocate_front(network *n, router_t *r, unsigned port, unsigned vc, uint64_t now) {
    unsigned i = port * n->vcs + vc;
    in_vc *iv = &r->in[i];
    if (!iv->routed) {
        const flit_t *f = fifo_at(&iv->q, n->depth, 0);
        if (f->ready - 1 > now) return false;         /* head not written yet: its write wakes VA */
        route_packet(n, r, iv, f->pkt);
    }
    unsigned cls = n->pk[iv->pkt].cls;
    bool pending = false, granted = false;
    for (unsigned t = 0; t < iv->ntargets; t++) {
        if (iv->tgt[t].outvc >= 0) continue;
        if (allocate_vc(n, r, i, &iv->tgt[t], cls, now)) granted = true;
        else pending = true;
    }
    if (granted) sa_candidate_at(n, r, port, vc, now + 1);    /* sa_from */
    if (!pending) {
        r->va_need[port] = (uint16_t)(r->va_need[port] & ~(1u << vc));
        if (!r->va_need[port]) r->va_ports &= ~(UINT64_C(1) << port);
    }
    return pending;
}

static bool allocate_port(network *n, router_t *r, unsigned p, uint64_t now) {
    bool pending = false;
    for (unsigned m = r->va_need[p]; m; m &= m - 1)
        if (allocate_front(n, r, p, (unsigned)__builtin_ctz(m), now)) pending = true;
    return pending;
}

/* VA of cycle `now`; true when a target is still waiting for a VC (VA again next cycle). */
static bool vc_allocation(network *n, router_t *r, uint64_t now) {
    /* the start port the every-cycle loop would have reached: one step per busy cycle */
    unsigned start = (unsigned)((r->steps_before + (now - r->busy_since)) % r->nports);
    uint64_t ports = r->va_ports, below = (UINT64_C(1) << start) - 1u;
    bool retry = false;
    for (uint64_t m = ports & ~below; m; m &= m - 1)           /* start .. nports-1 */
        if (allocate_port(n, r, (unsigned)__builtin_ctzll(m), now)) retry = true;
    for (uint64_t m = ports & below; m; m &= m - 1)            /* then 0 .. start-1 */
        if (allocate_port(n, r, (unsigned)__builtin_ctzll(m), now)) retry = true;
    return retry;
}

/* ---- switch allocation and traversal --------------------------------------------------------
 * Separable: each input port picks one VC (round-robin) among those with a flit ready for some
 * target; that VC requests every output its ready targets use (a mux-based crossbar can copy a
 * flit to several outputs in one cycle); each output port grants one input (round-robin). */

/* A target of input VC i whose flit is ready waits for a credit of o: SA looks at the VC
 * again when one can be used. */
static void wait_for_credit(network *n, router_t *r, out_vc *o, unsigned p, unsigned v) {
    if (o->ret_count) sa_candidate_at(n, r, p, v, o->ret[o->ret_head]);
    else o->starved = 1;                                /* credit_return registers it */
}

static bool target_ready(network *n, router_t *r, const in_vc *iv, const target_t *tg, unsigned p, unsigned v,
                         uint64_t now) {
    if (tg->done || tg->outvc < 0 || tg->sa_from > now) return false;
    unsigned pos = (unsigned)(tg->sent - iv->freed);
    if (pos >= iv->q.count || fifo_at((flit_fifo *)&iv->q, n->depth, pos)->ready > now) return false;
    out_vc *o = &r->out[tg->port * n->vcs + (unsigned)tg->outvc];
    if (o->credits || outvc_credits(o, n->depth, now)) return true;
    wait_for_credit(n, r, o, p, v);
    return false;
}

static uint64_t ready_targets(network *n, router_t *r, const in_vc *iv, unsigned p, unsigned v, uint64_t now) {
    if (!iv->routed) return 0;
    uint64_t mask = 0;
    for (unsigned t = 0; t < iv->ntargets; t++)
        if (target_ready(n, r, iv, &iv->tgt[t], p, v, now)) mask |= UINT64_C(1) << t;
    return mask;
}

/* A credit for upstream output VC o (of router up_router) becomes usable in 1 + credit_delay. */
static inline void credit_return(network *n, out_vc *o, unsigned up_router, uint64_t now) {
    unsigned slot = o->ret_head + o->ret_count;
    if (slot >= n->depth) slot -= n->depth;
    /* the flit leaves the buffer in ST (next cycle); the credit is usable credit_delay later */
    o->ret[slot] = now + 1 + n->credit_delay;
    o->ret_count++;
    if (o->starved) {             /* the input VC holding o waits for exactly this credit */
        o->starved = 0;
        unsigned i = (unsigned)o->owner;
        sa_candidate_at(n, &n->r[up_router], i / n->vcs, i % n->vcs, o->ret[slot]);
    }
}

static void send_flit(network *n, router_t *r, in_vc *iv, target_t *t, uint64_t now) {
    flit_t f = *fifo_at(&iv->q, n->depth, (unsigned)(t->sent - iv->freed));
    f.pkt = t->pkt;
    out_vc *o = &r->out[t->port * n->vcs + (unsigned)t->outvc];
    o->credits--;
    link_end d = r->down[t->port];
    if (d.kind == END_ROUTER) {
        f.ready = now + 4;        /* ST s+1, LT s+2..s+3, first SA downstream at s+4 */
        router_write_flit(n, &n->r[d.index], d.port, (unsigned)t->outvc, f);
        n->st.link_flits++;
    } else {
        ni_t *ni = &n->ni[d.index];
        f.ready = now + 3;        /* ejected (tail accepted) at s+3 */
        fifo_push(&ni->ej[t->outvc], n->depth, f);
        ni->ej_flits++;
        net_wake_ej(n, d.index, f.ready);
    }
    n->live_flits++;
    if (++t->sent == iv->len) {
        t->done = 1;
        iv->ndone++;
        o->owner = -1;            /* tail gone: the downstream VC may be reallocated */
    }
}

/* Remove the flits every target has copied; return their credits; finish the packet. */
static void release_flits(network *n, router_t *r, unsigned port, unsigned vc, in_vc *iv, uint64_t now) {
    unsigned min_sent = iv->tgt[0].sent;
    for (unsigned t = 1; t < iv->ntargets; t++)
        if (iv->tgt[t].sent < min_sent) min_sent = iv->tgt[t].sent;
    if (iv->freed < min_sent) {
        out_vc *up = &r->up_out[port][vc];
        unsigned up_router = r->up[port].index;
        do {
            fifo_pop(&iv->q, n->depth);
            iv->freed++;
            n->live_flits--;
            credit_return(n, up, up_router, now);
            router_flits_removed(r, now);
        } while (iv->freed < min_sent);
    }
    if (iv->ndone < iv->ntargets || iv->freed < iv->len) return;
    if (iv->split) net_pkt_free(n, iv->pkt);
    iv->routed = 0;
    iv->ntargets = 0;
    if (iv->q.count) {            /* the next packet's head is at the front: route and VA it */
        uint64_t write = fifo_at(&iv->q, n->depth, 0)->ready - 1;
        r->va_need[port] = (uint16_t)(r->va_need[port] | (1u << vc));
        r->va_ports |= UINT64_C(1) << port;
        net_wake_va(n, r->id, write > now ? write : now + 1);
    }
}

/* After VC `vc` of input `port` had its SA turn: it stays a candidate while a target has its
 * next flit in the buffer (it may go next cycle, or it lost the output); everything else that
 * can make it eligible registers it again (arrival, VA, credit). */
static void after_sa(network *n, router_t *r, unsigned port, unsigned vc, const in_vc *iv, uint64_t now) {
    bool again = false;
    for (unsigned t = 0; !again && iv->routed && t < iv->ntargets; t++) {
        const target_t *tg = &iv->tgt[t];
        if (!tg->done && tg->outvc >= 0 && (unsigned)(tg->sent - iv->freed) < iv->q.count) again = true;
    }
    if (!again) r->cand[port] = (uint16_t)(r->cand[port] & ~(1u << vc));
    if (r->cand[port]) net_wake_sa(n, r->id, now + 1);     /* this VC, or others not looked at */
    else r->cand_ports &= ~(UINT64_C(1) << port);
}

/* Input arbitration of port p: the first candidate VC (round-robin from rr_in) with a ready
 * target; records its requests. Candidates found not ready are dropped (their next event
 * registers them again). False when no VC of the port can send. */
static bool choose_input_vc(network *n, router_t *r, unsigned p, uint64_t *outputs, uint64_t now) {
    unsigned vcs = n->vcs, cand = r->cand[p];
    unsigned rr = r->rr_in[p], full = (1u << vcs) - 1u;
    unsigned rotated = ((cand >> rr) | (cand << (vcs - rr))) & full;
    const in_vc *port_vcs = &r->in[p * vcs];
    for (unsigned m = rotated; m; m &= m - 1) {
        unsigned v = (unsigned)__builtin_ctz(m) + rr;
        if (v >= vcs) v -= vcs;
        const in_vc *iv = &port_vcs[v];
        uint64_t ready = ready_targets(n, r, iv, p, v, now);
        if (!ready) {
            cand &= ~(1u << v);
            continue;
        }
        r->cand[p] = (uint16_t)cand;
        r->sa_vc[p] = (int16_t)v;
        r->sa_tmask[p] = ready;
        for (; ready; ready &= ready - 1) {
            unsigned out = iv->tgt[__builtin_ctzll(ready)].port;
            r->req[out] |= UINT64_C(1) << p;
            *outputs |= UINT64_C(1) << out;
        }
        return true;
    }
    r->cand[p] = 0;
    r->cand_ports &= ~(UINT64_C(1) << p);
    return false;
}

/* Output arbitration of port q: grant the first requester at or after rr_out, else the lowest. */
static void grant_output(network *n, router_t *r, unsigned q, uint64_t now) {
    unsigned vcs = n->vcs;
    uint64_t req = r->req[q];
    r->req[q] = 0;
    unsigned start = r->rr_out[q];
    uint64_t high = start < 64 ? req & (~UINT64_C(0) << start) : 0;
    unsigned p = (unsigned)__builtin_ctzll(high ? high : req);
    unsigned v = (unsigned)r->sa_vc[p];
    in_vc *iv = &r->in[p * vcs + v];
    for (uint64_t m = r->sa_tmask[p]; m; m &= m - 1) {
        target_t *t = &iv->tgt[__builtin_ctzll(m)];
        if (t->port == q) {
            send_flit(n, r, iv, t, now);
            break;
        }
    }
    r->rr_out[q] = (uint16_t)(p + 1 >= r->nports ? 0 : p + 1);
    r->rr_in[p] = (uint16_t)(v + 1 >= vcs ? 0 : v + 1);
}

static void switch_allocation(network *n, router_t *r, uint64_t now) {
    uint64_t chosen = 0, outputs = 0;
    for (uint64_t m = r->cand_ports; m; m &= m - 1) {
        unsigned p = (unsigned)__builtin_ctzll(m);
        if (choose_input_vc(n, r, p, &outputs, now)) chosen |= UINT64_C(1) << p;
    }
    for (uint64_t m = outputs; m; m &= m - 1) grant_output(n, r, (unsigned)__builtin_ctzll(m), now);
    for (uint64_t m = chosen; m; m &= m - 1) {
        unsigned p = (unsigned)__builtin_ctzll(m), v = (unsigned)r->sa_vc[p];
        in_vc *iv = &r->in[p * n->vcs + v];
        release_flits(n, r, p, v, iv, now);
        after_sa(n, r, p, v, iv, now);
    }
}

/* `late`: the VA of the previous cycle was deferred to this visit (net_internal.h: a router
 * whose only work in cycle c is VA does it at the start of its visit in c + 1, which it gets
 * anyway if VA succeeds). That is exact: nothing VA reads can change in between. VA reads this
 * router's VC owners and arbiter pointers (only its own SA and VA change them), its VA requests
 * (set by its own arrivals and releases) and the heads at the front of its buffers (writes by
 * others append behind them); the arrivals of c are merged before the deferred VA and those of
 * c + 1 after it. Wakes it schedules for c + 1 are served by this same visit. */
void router_step(network *n, router_t *r, bool va, bool late) {
    if (!r->flits) return;
    uint64_t now = n->now;
    if (late) {
        merge_events(r, now - 1);
        if (vc_allocation(n, r, now - 1)) va = true;
        bitmap_clear(&n->wake_va[(now % NET_WHEEL) * n->rwords], r->id);   /* served below */
        bitmap_clear(&n->wake_sa[(now % NET_WHEEL) * n->rwords], r->id);
    }
    merge_events(r, now);   /* after a late VA: it registers its SA candidates for now */
    if (va && vc_allocation(n, r, now)) net_wake_va(n, r->id, now + 1);
    switch_allocation(n, r, now);
}
