/* Network internals shared by network.c (topology, NIs, packets, the cycle loop) and router.c
 * (allocators, pipeline). Not part of the simulator's public interface (net.h).
 *
 * Event-driven evaluation (docs/sim.md, "Speed"). The model is defined cycle by cycle: in every
 * cycle every router holding a flit runs VC allocation (VA) then switch allocation (SA),
 * routers in increasing id order, and the allocators look at every buffered flit. Most of that
 * work changes nothing (a flit is still on its link, a head waits for a VC that nobody has
 * released), so the loop visits a router only in a cycle in which VA or SA can change state,
 * and the allocators only look at the VCs that may act:
 *   - VA requests (port_t.va_need) and SA candidates (port_t.cand) are sets of VCs; an event
 *     that makes a VC able to act adds it, for the cycle that happens, through the network's
 *     event lists (a wheel indexed by cycle, applied at the start of that cycle before any
 *     router runs: only a router's own visits read its sets, so applying them early is exact),
 *     and schedules the router's visit on the wake wheels (one bitmap of routers per cycle);
 *   - VA events: a head written into an idle VC (at its write cycle), a packet finishing with
 *     another head behind it, an output VC released at an output a VA request found full
 *     (va_blocked: a failed request cannot succeed before that);
 *   - SA events: a VC allocated (from sa_from), a body flit written (from its ready cycle), a
 *     credit becoming usable for a flit that waits for it (out_vc.waiting; returned credits
 *     sit on a credit wheel and are added to out_vc.credits in the cycle they become usable),
 *     and, after an SA turn, the same input again next cycle while it still
 *     has a flit to send or other candidates (it may have lost an arbiter);
 *   - a candidate SA finds unable to send leaves the set: one of the events above brings it
 *     back exactly when it can.
 * A visit that finds nothing to do is harmless; a missing one would change behaviour. Two
 * things are derived instead of stepped: the VA arbiter's start port, which rotates in every
 * cycle the router holds a flit (va_base, steps_before), and the VA of a cycle in which a router
 * has no SA work, which is done at the start of its next visit (router_step explains why that
 * is exact). tests/test_sim_regress.c checks that every packet is delivered at the same cycle
 * as with the plain every-router-every-cycle loop. router_dense.c steps the same model without
 * events (every router holding a flit, every cycle, on bit sets), for unicast meshes: chosen
 * once per run (net_unicast_only), it gives the same deliveries (test_sim_regress runs both). */
#ifndef SIM_NET_INTERNAL_H
#define SIM_NET_INTERNAL_H

#include "net/net.h"

/* Wheels: slot t % NET_WHEEL holds what is due at cycle t. Every event is at most
 * 4 + 1 + credit_delay (<= 21) cycles ahead (a credit returned when a flit still on its link
 * reaches a replication buffer), so 32 slots never wrap onto a pending cycle. */
#define NET_WHEEL 32u

/* out_vc.owner of a VC whose last packet has left but which its downstream router still holds
 * (the packet sits in a replication buffer there: router.c, "replication buffers"). */
#define OWNER_HELD INT16_MAX

/* in_vc.rb: the front packet's claim on its input port's replication buffer */
enum { RB_NONE = 0, RB_NEED = 1, RB_OWN = 2 };

/* END_EXT: an output port driven from outside the network (router_bench.c: one router driven
 * per port, its flits handed to network.ext_send instead of a router or an NI). */
enum { END_NONE = 0, END_ROUTER = 1, END_NI = 2, END_EXT = 3 };

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
    uint32_t sa_from;   /* first SA cycle (VA cycle + 1), modulo 2^32 (target_sa_open) */
    uint16_t sent;      /* flits of the packet already copied to this port */
    int16_t outvc;      /* allocated downstream VC, -1 before VA */
    uint8_t port;       /* output port */
    uint8_t done;       /* tail sent */
    uint8_t dest;       /* routing fields of record pkt, for the flits it sends (flit_t) */
    uint8_t multicast;
} target_t;

/* May target t take part in SA at cycle now? (sa_from is at most a few cycles from now.) */
static inline bool target_sa_open(const target_t *t, uint64_t now) { return (int32_t)(t->sa_from - (uint32_t)now) <= 0; }

typedef struct {        /* one input VC: 32 bytes of state and its buffer ring, two cache lines with 8 slots */
    _Alignas(64) target_t *tgt; /* &one, or the router's mtgt list of this VC for a packet replicated here
                                 * (vc_split: then one.pkt is the front packet's own record) */
    target_t one;       /* the target of a packet that leaves on one port */
    uint8_t head, count; /* buffer ring: slot of the front flit, flits held */
    uint8_t len;
    uint8_t freed;      /* flits of the front packet already removed from the buffer */
    uint8_t routed;     /* route computed for the front packet */
    uint8_t ntargets;
    uint8_t cls;        /* class of the front packet */
    uint8_t rb;         /* RB_*: a long multicast packet replicated here needs the port's replication buffer */
    /* The buffer ring, ring_mask + 1 slots: the record is network.vc_stride bytes (router_in),
     * so slot 0 shares the state's cache line (a lone flit: the ring restarts there when it
     * empties) and the others follow it, and a slot is one add from the record (vc_at). With
     * 12-byte flits a VC of 8 slots is 128 bytes: a 5-flit packet touches two lines, not three. */
    flit_t slot[];
} in_vc;

/* The front packet is replicated here (route_multicast gave it the router's target list). */
static inline bool vc_split(const in_vc *iv) { return iv->tgt != &iv->one; }

/* The full cycle of a flit's `ready` (modulo 2^32; exact while it is within 2^31 cycles of now). */
static inline uint64_t flit_cycle(uint32_t ready, uint64_t now) {
    return now + (uint64_t)(int64_t)(int32_t)(ready - (uint32_t)now);
}
/* ready is after cycle t */
static inline bool flit_after(uint32_t ready, uint64_t t) { return (int32_t)(ready - (uint32_t)t) > 0; }
/* A flit's flags: its place in its packet and its packet's kind and class (the NIs' flits,
 * router_bench's), without a branch. */
static inline uint8_t flit_flags(bool head, bool tail, bool multicast, unsigned cls) {
    return (uint8_t)((unsigned)head * FLIT_HEAD | (unsigned)tail * FLIT_TAIL | (unsigned)multicast * FLIT_MULTICAST |
                     (unsigned)(cls == CLASS_REPLY) * FLIT_REPLY);
}

/* out_vc.flags */
enum {
    OUT_WAITING = 1,    /* SA found a flit waiting for a credit of this VC: wake it with the next one */
    OUT_HELD = 2        /* the downstream router holds this VC until its packet leaves a replication buffer */
};

typedef struct {        /* output VC seen from upstream: owner and credits (4 bytes: a router's VCs in 1-2 lines) */
    int16_t owner;      /* input VC (port*vcs+vc) holding it, -1 when free */
    uint8_t credits;    /* usable now (returned credits are added in the cycle they become usable) */
    uint8_t flags;      /* OUT_* */
} out_vc;

typedef struct {                 /* a router's state of one port, input and output side: one cache line */
    _Alignas(64) out_vc *up_out; /* input: the upstream's out_vc[vcs] of this link (credits go there) */
    uint64_t sa_tmask;           /* input, SA scratch: targets of the chosen VC that request */
    uint64_t req;                /* output, SA scratch: input ports requesting this output */
    link_end down;               /* output: where it leads */
    link_end up;                 /* input: where it comes from */
    uint16_t rr_in;              /* input: SA input arbiter pointer */
    uint16_t rr_out;             /* output: SA output arbiter pointer */
    uint16_t rr_vc;              /* output: VA pointer over output VCs */
    uint16_t cand;               /* input: bit v set when VC v may have a flit to send (SA candidates) */
    uint16_t va_need;            /* input: bit v set when VC v's front packet waits for RC or VA */
    int16_t sa_vc;               /* input, SA scratch: VC chosen by this input's arbiter */
    uint8_t rb_busy;             /* input: bit c set while class c's replication buffer holds a packet */
    uint8_t rb_wait;             /* input: bit c set when a packet waits for it (its release wakes VA) */
    uint8_t rr_port;             /* input: SA arbiter pointer over outputs (sa_input = output) */
    uint16_t rdy_row;            /* input: bytes from this port_t to its row of ready_vcs_to */
    /* input: bit v set when VC v is known able to send: its packet leaves on one output
     * (in_vc.one), its next flit may take part in SA and has a credit. Only the VC's own send
     * can change that (flits and credits only arrive, an allocated VC stays), so SA skips the
     * check for these and after_sa sets the bit again after each send (router.c) */
    uint16_t rdy;
    /* input, sa_input = output only: the outputs its rdy VCs go to, kept with rdy (as are the
     * per-output VC sets, ready_vcs_to), so its arbiter picks an output and a VC without
     * looking at each VC (router.c, choose_input_vc_by_output) */
    uint64_t rdy_outs;
} port_t;

/* A future event (network.c applies those of cycle t at the start of t): VC bits of one input
 * port of one router become SA candidates (bits 0..15) or VA requests (bits 16..31). */
typedef struct {
    uint16_t router;
    uint8_t port;
    uint8_t pad;
    uint32_t bits;
} net_event;

typedef struct {        /* the events of one cycle */
    net_event *e;
    uint32_t len, cap;
} event_list;

typedef struct {        /* the credits that become usable in one cycle; an entry with bit 0 set
                         * is instead the release of a held VC (router_unhold) */
    out_vc **o;
    uint32_t len, cap;
    uint32_t held;      /* entries with bit 0 set (multicast only: most cycles have none, and
                         * their credits are applied without a test per entry) */
} credit_list;

typedef struct {        /* one cache line: what every visit reads */
    _Alignas(64) char *in_mem; /* input VC records, port * vcs + vc, vc_stride bytes each (router_in) */
    out_vc *out;        /* [port * vcs + vc] */
    port_t *port;       /* [nports] */
    uint64_t cand_ports;   /* input ports with a cand bit */
    uint64_t va_ports;  /* input ports with a va_need bit */
    uint64_t va_blocked;   /* output ports a VA request found without a free VC (send_flit wakes VA) */
    uint32_t flits;     /* flits held in this router's buffers (including flits still on the link) */
    /* VA start port = number of earlier cycles with flits > 0, mod nports (router_step) */
    uint8_t steps_before;  /* such cycles before the current run of them, mod nports */
    uint8_t va_base;       /* steps_before - first cycle of the current run, mod nports */
    uint8_t nports;
    uint8_t mesh;       /* a mesh router (its node is its id); else a crossbar switch */
    uint16_t id;
} router_t;

/* sa_input = output: for input port pt, per output o, its rdy VCs whose packet leaves on o ([o],
 * nports entries; the rows follow the router's port array in one block, port_t.rdy_row). */
static inline uint16_t *ready_vcs_to(port_t *pt) {
    return (uint16_t *)((char *)pt + pt->rdy_row);
}

/* Target lists of packets replicated at router r: [nports * vcs][nports] (cold: multicast only). */
#define ROUTER_MTGT(n, r) (&(n)->mtgt[(size_t)(r)->id * (r)->nports * (n)->vcs * (r)->nports])

typedef struct {
    /* injection: per class, the packet being injected is its next flit (ni_start_packet makes it
     * once per packet: record, routing fields, flags, length) and the flits left to send, so a
     * flit costs a credit, a copy and a write */
    _Alignas(64) flit_t next[NET_CLASSES];   /* the current packet's next flit (its ready is set when sent) */
    uint16_t left[NET_CLASSES];     /* flits of the current packet still to send, 0 when none */
    int16_t cur_vc[NET_CLASSES];
    uint8_t busy;                   /* bit c: class c has a packet queued or being injected */
    uint8_t rr_cls;
    uint8_t inj_port[NET_CLASSES];  /* router input port each class injects into ... */
    uint16_t inj_router[NET_CLASSES];   /* ... of this router (its id: network.write_flit) */
    out_vc *injvc;                  /* [vcs]: credits for the router's local input VCs */
    uint32_t qhead[NET_CLASSES], qtail[NET_CLASSES];
    unsigned qlen[NET_CLASSES];
    int16_t last_vc[NET_CLASSES];   /* VC the class's last head went out on (-1: none yet) */
    link_end inj[NET_CLASSES];      /* router input port each class injects into (the build's: inj_port and
                                     * inj_router are what a cycle reads) */
    /* ejection */
    flit_fifo *ej;                  /* [vcs] */
    out_vc **ej_up;                 /* [vcs]: the router output VC feeding each ejection VC (its credits) */
    uint16_t ej_busy;               /* ejection VCs holding flits */
} ni_t;
/* Two whole lines (n->ni is an array): the injection fields in the first, the rest and ejection
 * in the second; a size that is a power of two also keeps n->ni[node] a shift. */
_Static_assert(offsetof(ni_t, injvc) + sizeof(out_vc *) <= 64 && sizeof(ni_t) == 128, "ni_t's lines");

/* The dense router phase (router_dense.c): a router's state for it, as bit sets over its input
 * VCs (bit i = port * vcs + vc, nports * vcs <= 32), in five cache lines. Chosen once per run
 * for unicast meshes (net_unicast_only); the fields of router_t, port_t and in_vc that the
 * event-driven phase keeps for SA and VA are not used by it (only in_vc's ring: head, count,
 * slots; router_t.in_mem and out are copied here). */
#define DENSE_MAX_VCS 32u      /* input VCs of a router (bits of a set); so at most 6 VCs per port */
#define DENSE_DUE 8u           /* slots of a router's delay line: everything is due within 4 cycles */
typedef struct {
    /* line 0: what every visit and every write into the router reads */
    _Alignas(64) char *in_mem; /* = router_t.in_mem (router_in) */
    uint32_t flits;            /* flits in the router's buffers (router_t.flits of the event-driven phase) */
    uint32_t va_req;           /* VCs whose front head may ask VA now (its write cycle has come) */
    uint32_t has_vc;           /* VCs whose front packet holds an output VC (sa_from passed) */
    uint32_t vis;              /* of has_vc, VCs whose front flit may take part in SA now */
    uint32_t blocked;          /* of has_vc, VCs whose output VC has no credit (out_vc.credits = 0) */
    uint8_t rot;               /* VA start port: cycles with flits before this one, mod nports */
    uint8_t down_ni;           /* outputs that lead to an NI */
    uint32_t due[DENSE_DUE];   /* [t % DENSE_DUE]: VCs whose front flit arrives at cycle t: joins
                                * vis (a body flit of a packet holding a VC) or va_req (a head) */
    /* line 1: the allocators' pointers and sets */
    out_vc *out;               /* = router_t.out */
    uint8_t rr_in[MCAST_MESH_PORTS];   /* input p: SA pointer over its VCs (one past the last winner, unwrapped) */
    uint8_t rr_out[MCAST_MESH_PORTS];  /* output q: SA pointer over inputs (sa_input = vc) */
    uint8_t rr_vc[MCAST_MESH_PORTS];   /* output q: VA pointer over its VCs of a class (as port_t.rr_vc) */
    uint8_t vfree[MCAST_MESH_PORTS];   /* output q: its VCs without an owner (out_vc.owner < 0) */
    /* sa_input = output: the SA pointers as masks over the allocator's bit matrices (bit 8 * input
     * + output; 0: from the lowest): byte p of port_from (read as one word), input p's outputs at
     * or after its pointer; bit q of byte p of out_from, input p is at or after output q's */
    uint8_t port_from[8];
    uint64_t out_from;
    /* line 2: per input VC, its front packet's output port and output VC (port * vcs + vc) */
    _Alignas(64) uint8_t tport[DENSE_MAX_VCS];
    uint8_t tout[DENSE_MAX_VCS];
    /* line 3: links */
    out_vc *up_out[MCAST_MESH_PORTS]; /* input p: the upstream's out_vc[vcs] of its link (credits) */
    uint16_t down[MCAST_MESH_PORTS];  /* output q: the router or NI it leads to */
    uint8_t down_port[MCAST_MESH_PORTS]; /* output q: input port of the router it leads to */
    /* line 4: output q: the VCs of has_vc whose packet leaves on q, one byte per input port (bit
     * 8 * port + vc), for sa_input = output's bit matrices (router_dense.c) */
    _Alignas(64) uint64_t to[MCAST_MESH_PORTS];
} dense_router;

/* The dense phase's separable VC allocator (va_alloc = separable): a router's round-robin
 * pointers, one cache line, as network.va_in_rr / va_out_rr are the event-driven phase's
 * (router.c), but one past the index granted without wrapping (a pick from a pointer past the
 * last index falls back to the lowest, as from 0). */
typedef struct {
    _Alignas(64) uint8_t in[DENSE_MAX_VCS];  /* input VC i: one past the output VC (port * vcs + vc) it was last granted */
    uint8_t out[DENSE_MAX_VCS];              /* output VC o: one past the input VC it last granted */
} dense_va_rr;

typedef void (*net_router_phase)(network *n);

/* Four copies of the router phase `with(n, by_output, early)`, one per (sa_input, body_sa) pair,
 * each with its allocators inlined for constant options, and `name_choose(by_output, early)`,
 * which picks one once per run (router.c, router_dense.c). */
#define NET_ROUTER_PHASE_COPIES(name, with)                                        \
    static void name##_vc_next(network *n) { with(n, false, false); }             \
    static void name##_vc_write(network *n) { with(n, false, true); }             \
    static void name##_output_next(network *n) { with(n, true, false); }          \
    static void name##_output_write(network *n) { with(n, true, true); }          \
    static net_router_phase name##_choose(bool by_output, bool early) {           \
        if (by_output) return early ? name##_output_write : name##_output_next;    \
        return early ? name##_vc_write : name##_vc_next;                           \
    }

struct network {
    sim_config cfg;
    net_client client;
    unsigned nodes, nrouters, vcs, depth, credit_delay, links;
    unsigned inject_cycles;         /* extra cycles of the NI -> router channel (cfg.inject_cycles) */
    unsigned ring_mask;             /* ring capacity - 1 (vc_at, fifo_at) */
    unsigned vc_stride;             /* bytes of an input VC record with its ring, whole cache lines (router_in) */
    unsigned mcast_max;             /* longest multicast packet accepted (flits) */
    unsigned vc_lo[NET_CLASSES], vc_hi[NET_CLASSES];
    bool mesh_topo;
    bool shared_injection;          /* one injection channel for both classes (mesh) */
    /* The cycle's router visits: a copy of router.c's router phase, with its allocators inlined,
     * for this run's sa_input and body_sa (router_phase_for), chosen once, so no flit pays a test
     * of either option. */
    net_router_phase router_phase;
    /* Writes a flit into an input VC of router `router` (its id): router_write_flit_next, or with
     * body_sa = write router_write_flit_early. Chosen once per run: a call through this pointer
     * costs the same instructions as a direct call, so the default path pays nothing per flit for
     * the option. An id, not a router_t: the dense phase keeps its own state per router, and
     * reading the id from a router_t would cost a cache line per injected flit. */
    void (*write_flit)(network *n, unsigned router, unsigned port, unsigned vc, flit_t f);
    /* A credit of an output VC that an input VC waits for (OUT_WAITING) is usable from this
     * cycle on: router_credit_wakes, or router_dense_credit with the dense phase. Chosen with
     * router_phase and write_flit, the three hooks a router phase brings. */
    void (*credit_wakes)(network *n, out_vc *o);
    /* va_alloc = separable: the round-robin pointers of BookSim2's VC allocator, per router
     * [nports * vcs]: each input VC's over the router's output VCs, each output VC's over its
     * input VCs (both indexed port * vcs + vc). NULL with the sequential allocator. */
    uint16_t *va_in_rr, *va_out_rr;
    mcast_mesh mesh;
    mcast_order order[NET_CLASSES];
    uint8_t *route[NET_CLASSES];    /* mesh: [cur * nodes + dest] = mcast_dor_port(cur, dest, order) */
    router_t *r;
    target_t *mtgt;                 /* every router's multicast target lists (ROUTER_MTGT) */
    out_vc *out_all;                /* every router's out_vc array, router id * out_per on (router_of) */
    unsigned out_per;               /* out_vc per router: ports * vcs */
    ni_t *ni;
    packet_t *pk;
    uint32_t pk_cap, pk_free, pk_live;
    uint64_t now, next_uid;
    uint64_t live_flits;            /* flits in any buffer */
    uint64_t queued;                /* packets waiting in NI queues or being injected */
    net_stats st;
    size_t mem;
    struct arena_chunk *arena;      /* construction-time allocations (net_alloc) */
    mcast_set *split;               /* scratch for route splits: max(5, nodes) sets */
    /* event-driven evaluation */
    unsigned rwords, nwords;        /* 64-bit words of a router bitmap, of a node bitmap */
    uint64_t *wake_va, *wake_sa;    /* [NET_WHEEL * rwords] */
    uint64_t *va_late;              /* [rwords]: routers whose VA of the previous cycle was deferred */
    uint64_t *wake_sa_next;         /* the row of wake_sa for the cycle after this one (router phase) */
    credit_list *credits_returned;  /* the credit list of a credit returned this cycle (net_step_routers) */
    uint64_t *wake_ej;              /* [NET_WHEEL * nwords]: NIs with a flit to eject at cycle t */
    uint64_t *inj_busy;             /* nodes whose NI has packets to inject */
    event_list events[NET_WHEEL];   /* SA / VA events of cycle t at t % NET_WHEEL */
    credit_list credits[NET_WHEEL]; /* returned credits usable from cycle t at t % NET_WHEEL */
    /* END_EXT outputs (router_bench.c): called from send_flit with the flit as it leaves */
    void (*ext_send)(void *ctx, unsigned port, unsigned vc, const flit_t *f);
    void *ext_ctx;
    dense_router *dense;            /* [nrouters]: the dense router phase's state, NULL when not chosen */
    dense_va_rr *dense_rr;          /* [nrouters]: its separable VA's pointers (NULL with the sequential VA) */
    uint8_t dense_port_of[DENSE_MAX_VCS];   /* input port of input VC bit i (i / vcs) */
    uint32_t dense_cls_vcs[NET_CLASSES];    /* the VCs of each class, as bits */
    int stepping;                   /* id of the router being stepped, -1 outside the router phase */
    unsigned np_now;                /* now % (router port count; the same for every router) */
};

/* The router whose output VC o is, or NULL for an NI's injection VC (or router_bench.c's). */
static inline router_t *router_of(const network *n, const out_vc *o) {
    size_t i = (size_t)(o - n->out_all);    /* huge when o is before the block */
    return i < (size_t)n->nrouters * n->out_per ? &n->r[i / n->out_per] : NULL;
}

/* Input VC record i (port * vcs + vc) of router r. */
static inline in_vc *router_in(const network *n, const router_t *r, unsigned i) {
    return (in_vc *)(r->in_mem + (size_t)i * n->vc_stride);
}

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
void net_list_grow(network *n, void **items, uint32_t *cap, size_t item_size);
uint32_t net_pkt_alloc(network *n);
void net_pkt_free(network *n, uint32_t idx);
void *net_alloc(network *n, size_t count, size_t size);
/* net_step in two halves, for a driver that acts between the routers and the NIs of a cycle
 * (router_bench.c): credits and events due, ejection, routers; then injection and the clock. */
void net_step_routers(network *n);
void net_step_finish(network *n);

/* router.c */
/* The routers woken for this cycle, in id order, each visited: VA of the previous cycle if it was
 * deferred (late), VA if asked, then SA; for sa_input = output (by_output) or vc, body_sa =
 * write (early) or next. */
net_router_phase router_phase_for(bool by_output, bool early);
/* router_dense.c: can the dense router phase run this network (unicast assumed)? Then choose it. */
bool router_dense_supported(const network *n);
void router_dense_choose(network *n);
/* network.credit_wakes of the event-driven phase (router.c) and of the dense one. */
void router_credit_wakes(network *n, out_vc *o);
void router_dense_credit(network *n, out_vc *o);

/* A returned credit of o is usable from this cycle on (network.c, start of the cycle; inline:
 * one per flit and hop, and rarely waited for). */
static inline void router_credit_usable(network *n, out_vc *o) {
    o->credits++;
    if (o->flags & OUT_WAITING) n->credit_wakes(n, o);
}
/* The downstream router releases held VC o from this cycle on. */
void router_unhold(network *n, out_vc *o);
/* Write flit f into VC `vc` of input `port` of router `router` (its id; f.ready = its first SA cycle with body_sa =
 * next, the cycle after its write); _early (body_sa = write) moves a body flit's to the write
 * cycle. Callers go through network.write_flit. */
void router_write_flit_next(network *n, unsigned router, unsigned port, unsigned vc, flit_t f);
void router_write_flit_early(network *n, unsigned router, unsigned port, unsigned vc, flit_t f);

/* VC buffer rings have a power-of-two capacity >= max(vc_depth, mcast_max), so positions
 * wrap with `mask` = capacity - 1; they never hold more than vc_depth entries (credits), or
 * one packet of at most mcast_max flits while it owns a replication buffer (router.c).
 * An input VC keeps slot 0 in its own cache line and restarts its ring there whenever it
 * empties, so a VC that holds one flit at a time (short packets, light load) touches one line;
 * the ring follows the record in memory, so any slot is an index (in_vc.slot). */
static inline flit_t *vc_at(in_vc *iv, unsigned mask, unsigned i) {
    return &iv->slot[(iv->head + i) & mask];
}
static inline void vc_push(in_vc *iv, unsigned mask, flit_t f) {
    *vc_at(iv, mask, iv->count) = f;
    iv->count++;
}
static inline void vc_pop(in_vc *iv, unsigned mask) {
    unsigned left = --iv->count;
    iv->head = (uint8_t)((iv->head + 1u) & mask & (0u - (unsigned)(left != 0)));
}

/* NI ejection buffers: rings that restart at slot 0 whenever they empty (as vc_pop's), so a VC
 * that holds a flit or two at a time touches one line of its ring. */
static inline flit_t *fifo_at(flit_fifo *q, unsigned mask, unsigned i) { return &q->buf[(q->head + i) & mask]; }
static inline void fifo_push(flit_fifo *q, unsigned mask, flit_t f) {
    *fifo_at(q, mask, q->count) = f;
    q->count++;
}
static inline void fifo_pop(flit_fifo *q, unsigned mask) {
    unsigned left = --q->count;
    q->head = (uint16_t)((q->head + 1u) & mask & (0u - (unsigned)(left != 0)));
}

/* Event bits for input `port` of router `router` at cycle t (now < t <= now + 17). */
static inline void net_event_at(network *n, unsigned router, unsigned port, uint32_t bits, uint64_t t) {
    event_list *l = &n->events[t % NET_WHEEL];
    if (l->len == l->cap) net_list_grow(n, (void **)&l->e, &l->cap, sizeof *l->e);
    l->e[l->len++] = (net_event){(uint16_t)router, (uint8_t)port, 0, bits};
}

/* A returned credit of output VC o becomes usable at cycle t (now < t <= now + 21). */
static inline void net_credit_at(network *n, out_vc *o, uint64_t t) {
    credit_list *l = &n->credits[t % NET_WHEEL];
    if (l->len == l->cap) net_list_grow(n, (void **)&l->o, &l->cap, sizeof *l->o);
    l->o[l->len++] = o;
}

/* A flit left the buffer fed by output VC o: its credit is usable 1 + credit_delay from now
 * (the flit leaves the buffer in ST, next cycle; the credit takes credit_delay more). Inline: one
 * per flit and hop, from the routers and the NIs' ejection. */
static inline void router_credit_return(network *n, out_vc *o) {
    credit_list *l = n->credits_returned;    /* credits[(now + 1 + credit_delay) % NET_WHEEL] */
    if (l->len == l->cap) net_list_grow(n, (void **)&l->o, &l->cap, sizeof *l->o);
    l->o[l->len++] = o;
}

/* Held VC o is released at cycle t (same wheel as the credits, tagged in bit 0). */
static inline void net_unhold_at(network *n, out_vc *o, uint64_t t) {
    net_credit_at(n, (out_vc *)((uintptr_t)o | 1u), t);
    n->credits[t % NET_WHEEL].held++;
}

#endif
