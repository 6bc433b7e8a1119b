/* Network internals shared by network.c (topology, NIs, packets, the cycle loop) and router.c
 * (allocators, pipeline). Not part of the simulator's public interface (net.h).
 *
 * Event-driven evaluation (docs/sim.md, "Speed"). The model is defined cycle by cycle: in every
 * cycle every router holding a flit runs VC allocation then switch allocation, routers in
 * increasing id order. Most of those router-cycles change nothing (a flit is still on its link,
 * a VC waits for its body flits), so the loop only visits a router in a cycle in which it can
 * change state: events schedule the router on a wake wheel (one bitmap of routers per future
 * cycle, separately for VA and for SA). A visit that was not needed is harmless (the allocators
 * find nothing to do); a missing visit would change behaviour, so every state change that can
 * make VA or SA succeed schedules one:
 *   - a head flit written into an idle VC: VA at its write cycle (ready - 1);
 *   - a packet finishing with another one behind it in the VC: VA for the next head;
 *   - a failed VC allocation: VA again next cycle;
 *   - a successful VC allocation: SA the next cycle (sa_from);
 *   - a body flit written: SA at its ready cycle;
 *   - a flit sent with more flits (or other VCs) waiting at that input: SA next cycle;
 *   - a target out of credits: SA when the next credit becomes usable (starved flag).
 * The one piece of state that changes in idle router-cycles is the VA arbiter's rotating start
 * port (it advances in every cycle the router holds a flit); it is derived from the number of
 * such cycles (busy_since / steps_before) instead of being stepped. The regression test
 * tests/test_sim_regress.c checks that this loop delivers every packet at the same cycle as
 * the plain every-router-every-cycle loop did. */
#ifndef SIM_NET_INTERNAL_H
#define SIM_NET_INTERNAL_H

#include "net.h"

enum { END_NONE = 0, END_ROUTER = 1, END_NI = 2 };

typedef struct {
    uint8_t kind;       /* END_* */
    uint16_t index;     /* router or NI number */
    uint16_t port;      /* router port (END_ROUTER) */
} link_end;

typedef struct {        /* ring of flits: one VC buffer */
    flit_t *buf;
    uint16_t head, count;
} flit_fifo;

typedef struct {        /* one replica of the front packet of an input VC */
    uint32_t pkt;       /* record the replica's flits carry downstream */
    int16_t outvc;      /* allocated downstream VC, -1 before VA */
    uint8_t port;       /* output port */
    uint8_t done;       /* tail sent */
    uint16_t sent;      /* flits of the packet already copied to this port */
    uint64_t sa_from;   /* first SA cycle (VA cycle + 1) */
} target_t;

typedef struct {
    flit_fifo q;
    uint32_t pkt;       /* record of the front packet (the one routed) */
    uint16_t len;
    uint16_t freed;     /* flits of the front packet already removed from the buffer */
    uint8_t routed;     /* route computed for the front packet */
    uint8_t ntargets, ndone;
    uint8_t split;      /* replicas carry their own records: free pkt when done */
    target_t *tgt;      /* capacity: the router's port count */
} in_vc;

typedef struct {        /* output VC seen from upstream: owner and credits */
    int32_t owner;      /* input VC (port*vcs+vc) holding it, -1 when free */
    uint16_t credits;
    uint16_t ret_head, ret_count;
    uint8_t starved;    /* SA found a flit waiting for a credit of this VC and none on the way */
    uint64_t *ret;      /* times at which returned credits become usable (FIFO, depth entries) */
} out_vc;

typedef struct {
    unsigned id;
    unsigned nports;
    int node;           /* mesh node, or -1 for a crossbar switch */
    int cls_only;       /* crossbar switch: the class it carries; -1 for a mesh router */
    in_vc *in;          /* [port * vcs + vc] */
    out_vc *out;        /* [port * vcs + vc] */
    link_end *down;     /* per output port */
    link_end *up;       /* per input port */
    out_vc **up_out;    /* per input port: the upstream's out_vc[vcs] of this link (credits go there) */
    uint16_t *rr_in;    /* SA input arbiter pointer, per input port */
    uint16_t *rr_out;   /* SA output arbiter pointer, per output port */
    uint16_t *rr_vc;    /* VA pointer over output VCs, per output port */
    uint32_t flits;     /* flits held in this router's buffers (including flits still on the link) */
    uint64_t busy_since;   /* first cycle of the current run of cycles with flits > 0 */
    uint32_t steps_before; /* such cycles before that run, mod nports: the VA start port is their count */
    uint16_t *cand;     /* per input port: bit v set when VC v may have a flit to send (SA looks only here) */
    uint64_t cand_ports;   /* input ports with a cand bit */
    uint16_t *va_need;  /* per input port: bit v set when VC v's front packet waits for RC or VA */
    uint64_t va_ports;  /* input ports with a va_need bit */
    /* future events: at cycle t, arrive[t % NET_WHEEL][p] joins cand[p] and arrive_va[..][p]
     * joins va_need[p]; arrive_ports[t % NET_WHEEL] marks the ports with either */
    uint16_t *arrive, *arrive_va;   /* [NET_WHEEL * nports] */
    uint64_t *arrive_ports;         /* [NET_WHEEL] */
    int16_t *sa_vc;     /* scratch: VC chosen by each input port's SA arbiter */
    uint64_t *sa_tmask; /* scratch: targets of that VC requesting SA */
    uint64_t *req;      /* scratch: per output port, input ports requesting it */
} router_t;

typedef struct {
    /* injection */
    uint32_t qhead[NET_CLASSES], qtail[NET_CLASSES];
    unsigned qlen[NET_CLASSES];
    uint32_t cur[NET_CLASSES];      /* packet being injected, NET_NO_PACKET when none */
    uint16_t cur_flit[NET_CLASSES];
    int16_t cur_vc[NET_CLASSES];
    link_end inj[NET_CLASSES];      /* router input port each class injects into */
    out_vc *injvc;                  /* [vcs]: credits for the router's local input VCs */
    uint8_t rr_cls;
    /* ejection */
    flit_fifo *ej;                  /* [vcs] */
    link_end *ej_up;                /* [vcs]: router output port feeding each ejection VC */
    uint32_t ej_flits;
} ni_t;

/* Wake wheel: slot t % NET_WHEEL holds the routers to visit at cycle t. Every event is at most
 * 1 + credit_delay (<= 17) cycles ahead, so 32 slots never wrap onto a pending cycle. */
#define NET_WHEEL 32u

struct network {
    sim_config cfg;
    net_client client;
    unsigned nodes, nrouters, vcs, depth, credit_delay, channel_bits, links;
    unsigned vc_lo[NET_CLASSES], vc_hi[NET_CLASSES];
    bool mesh_topo;
    bool shared_injection;          /* one injection channel for both classes (mesh) */
    mcast_mesh mesh;
    mcast_order order[NET_CLASSES];
    uint8_t *route[NET_CLASSES];    /* mesh: [cur * nodes + dest] = mcast_dor_port(cur, dest, order) */
    router_t *r;
    ni_t *ni;
    packet_t *pk;
    uint32_t pk_cap, pk_free, pk_live;
    uint64_t now, next_uid;
    uint64_t live_flits;            /* flits in any buffer */
    uint64_t queued;                /* packets waiting in NI queues or being injected */
    net_stats st;
    size_t mem;
    mcast_set *split;               /* scratch for route splits: max(5, nodes) sets */
    /* event-driven evaluation */
    unsigned rwords, nwords;        /* 64-bit words of a router bitmap, of a node bitmap */
    uint64_t *wake_va, *wake_sa;    /* [NET_WHEEL * rwords] */
    uint64_t *va_late;              /* [rwords]: routers whose VA of the previous cycle was deferred */
    uint64_t *wake_ej;              /* [NET_WHEEL * nwords]: NIs with a flit to eject at cycle t */
    uint64_t *inj_busy;             /* nodes whose NI has packets to inject */
    int stepping;                   /* id of the router being stepped, -1 outside the router phase */
};

static inline void bitmap_set(uint64_t *map, unsigned i) { map[i >> 6] |= UINT64_C(1) << (i & 63u); }
static inline void bitmap_clear(uint64_t *map, unsigned i) { map[i >> 6] &= ~(UINT64_C(1) << (i & 63u)); }

/* Visit router `id` for VA / SA at cycle `at` (now < at <= now + 17). */
static inline void net_wake_va(network *n, unsigned id, uint64_t at) {
    bitmap_set(&n->wake_va[(at % NET_WHEEL) * n->rwords], id);
}
static inline void net_wake_sa(network *n, unsigned id, uint64_t at) {
    bitmap_set(&n->wake_sa[(at % NET_WHEEL) * n->rwords], id);
}
/* Visit NI `node`'s ejection at cycle `at`. */
static inline void net_wake_ej(network *n, unsigned node, uint64_t at) {
    bitmap_set(&n->wake_ej[(at % NET_WHEEL) * n->nwords], node);
}

/* network.c */
uint32_t net_pkt_alloc(network *n);
void net_pkt_free(network *n, uint32_t idx);
void net_return_credit(network *n, link_end up, unsigned vc);
void *net_alloc(network *n, size_t count, size_t size);

/* router.c */
/* Visit r: VA of the previous cycle if it was deferred (late), VA if asked, then SA. */
void router_step(network *n, router_t *r, bool va, bool late);
/* Write flit f into VC `vc` of input `port` of r (f.ready = its first SA cycle). */
void router_write_flit(network *n, router_t *r, unsigned port, unsigned vc, flit_t f);

static inline flit_t *fifo_at(flit_fifo *q, unsigned depth, unsigned i) {
    unsigned pos = q->head + i;
    if (pos >= depth) pos -= depth;
    return &q->buf[pos];
}
static inline void fifo_push(flit_fifo *q, unsigned depth, flit_t f) {
    *fifo_at(q, depth, q->count) = f;
    q->count++;
}
static inline void fifo_pop(flit_fifo *q, unsigned depth) {
    q->head = (uint16_t)(q->head + 1u == depth ? 0u : q->head + 1u);
    q->count--;
}

/* Credits usable now: absorb returns whose time has come. */
static inline unsigned outvc_credits(out_vc *o, unsigned depth, uint64_t now) {
    while (o->ret_count && o->ret[o->ret_head] <= now) {
        o->credits++;
        o->ret_head = (uint16_t)(o->ret_head + 1u == depth ? 0u : o->ret_head + 1u);
        o->ret_count--;
    }
    return o->credits;
}

#endif
