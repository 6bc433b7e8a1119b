/* Network construction (mesh or crossbar), packet records, network interfaces, the cycle loop.
 * Router internals are in router.c; timing and formulas in net.h and docs/sim.md. */
#include "net/net_internal.h"
#include "cli_opts.h"  /* NP_EXIT_*: the exit-status table of every tool */

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Construction-time memory comes from an arena of large chunks, handed out in construction
 * order: a router's arrays sit together, and routers follow each other, which is the order the
 * cycle loop walks them. Everything is freed at once by net_destroy. */
typedef struct arena_chunk {
    struct arena_chunk *next;
    size_t used, size;
    _Alignas(64) unsigned char data[];
} arena_chunk;

#define ARENA_CHUNK (256u * 1024u)

void *net_alloc(network *n, size_t count, size_t size) {
    size_t bytes = (count ? count : 1) * size;
    size_t align = bytes >= 64 ? 64 : 16;
    arena_chunk *c = n->arena;
    size_t at = c ? (c->used + align - 1) & ~(align - 1) : 0;
    if (!c || at + bytes > c->size) {
        size_t cap = bytes > ARENA_CHUNK ? bytes : ARENA_CHUNK;
        /* 64-byte aligned (calloc only promises 16): the per-VC and per-port records are one
         * cache line each only if the chunk starts on a line */
        c = aligned_alloc(64, (sizeof *c + cap + 63) & ~(size_t)63);
        if (c) memset(c, 0, sizeof *c + cap);
        if (!c) {
            fprintf(stderr, "npsim: out of memory (%zu x %zu bytes)\n", count, size);
            exit(NP_EXIT_RESOURCE);
        }
        c->size = cap;
        c->next = n->arena;
        n->arena = c;
        at = 0;
    }
    c->used = at + bytes;
    n->mem += bytes;
    return c->data + at;
}

/* A growing list of the event wheels (capacity doubles; starts at 64 items). */
void net_list_grow(network *n, void **items, uint32_t *cap, size_t item_size) {
    uint32_t grown_cap = *cap ? *cap * 2 : 64;
    void *grown = realloc(*items, grown_cap * item_size);
    if (!grown) {
        fprintf(stderr, "npsim: out of memory (%u events)\n", grown_cap);
        exit(NP_EXIT_RESOURCE);
    }
    n->mem += (grown_cap - *cap) * item_size;
    *items = grown;
    *cap = grown_cap;
}

/* ---- packet records ------------------------------------------------------------------------ */

/* The packet records double when none is free (rare: out of line). */
__attribute__((noinline)) static void pkt_grow(network *n) {
    uint32_t old = n->pk_cap, cap = old ? old * 2 : 1024;
    packet_t *grown = realloc(n->pk, (size_t)cap * sizeof *grown);
    if (!grown) {
        fprintf(stderr, "npsim: out of memory (%u packet records)\n", cap);
        exit(NP_EXIT_RESOURCE);
    }
    n->mem += (size_t)(cap - old) * sizeof *grown;
    n->pk = grown;
    for (uint32_t i = old; i < cap; i++) n->pk[i].next = i + 1 < cap ? i + 1 : NET_NO_PACKET;
    n->pk_free = old;
    n->pk_cap = cap;
}

/* A free record (inline: one per packet sent). */
static inline uint32_t pkt_take(network *n) {
    if (n->pk_free == NET_NO_PACKET) pkt_grow(n);
    uint32_t idx = n->pk_free;
    n->pk_free = n->pk[idx].next;
    n->pk[idx].next = NET_NO_PACKET;
    n->pk_live++;
    return idx;
}

uint32_t net_pkt_alloc(network *n) { return pkt_take(n); }

void net_pkt_free(network *n, uint32_t idx) {
    n->pk[idx].next = n->pk_free;
    n->pk_free = idx;
    n->pk_live--;
}

/* ---- construction -------------------------------------------------------------------------- */

/* `count` output VCs of router `router` (or of an NI), free, with a full buffer's credits. */
static void init_out_vcs(network *n, out_vc *o, unsigned count) {
    for (unsigned i = 0; i < count; i++) {
        o[i].owner = -1;
        o[i].credits = (uint8_t)n->depth;
    }
}

/* Every router's output VCs in one block (router_of finds a VC's router from its address). */
static void alloc_out_vcs(network *n, unsigned nports) {
    n->out_per = nports * n->vcs;
    n->out_all = net_alloc(n, (size_t)n->nrouters * n->out_per, sizeof *n->out_all);
}

static void init_router(network *n, unsigned id, unsigned nports, bool mesh) {
    router_t *r = &n->r[id];
    r->id = (uint16_t)id;
    r->nports = (uint8_t)nports;
    r->mesh = mesh;
    /* each input VC's record with its ring (router_in): neighbours in memory are neighbours in
     * the allocators' loops */
    r->in_mem = net_alloc(n, (size_t)nports * n->vcs, n->vc_stride);
    r->out = n->out_all + (size_t)id * n->out_per;
    for (unsigned i = 0; i < nports * n->vcs; i++) router_in(n, r, i)->tgt = &router_in(n, r, i)->one;
    init_out_vcs(n, r->out, nports * n->vcs);
    /* the ports, then the per-output ready VC sets of each input (ready_vcs_to) */
    r->port = net_alloc(n, 1, nports * sizeof *r->port + (size_t)nports * nports * sizeof(uint16_t));
    for (unsigned p = 0; p < nports; p++)        /* nports <= 64: at most 12 KB apart */
        r->port[p].rdy_row = (uint16_t)((nports - p) * sizeof *r->port + (size_t)p * nports * sizeof(uint16_t));
}

/* The routers' multicast target lists, after the routers (cold). */
static void alloc_target_lists(network *n) {
    unsigned np = n->r[0].nports;
    n->mtgt = net_alloc(n, (size_t)n->nrouters * np * n->vcs * np, sizeof(target_t));
    if (n->cfg.va_alloc == VA_SEPARABLE) {      /* router.c: the separable VC allocator's pointers */
        n->va_in_rr = net_alloc(n, (size_t)n->nrouters * np * n->vcs, sizeof *n->va_in_rr);
        n->va_out_rr = net_alloc(n, (size_t)n->nrouters * np * n->vcs, sizeof *n->va_out_rr);
    }
}

static void connect(network *n, unsigned from, unsigned out_port, unsigned to, unsigned in_port) {
    n->r[from].port[out_port].down = (link_end){END_ROUTER, (uint16_t)to, (uint16_t)in_port};
    n->r[to].port[in_port].up = (link_end){END_ROUTER, (uint16_t)from, (uint16_t)out_port};
    n->links++;
}

static unsigned opposite_port(unsigned p) {
    switch (p) {
    case MCAST_PORT_XPOS: return MCAST_PORT_XNEG;
    case MCAST_PORT_XNEG: return MCAST_PORT_XPOS;
    case MCAST_PORT_YPOS: return MCAST_PORT_YNEG;
    default: return MCAST_PORT_YPOS;
    }
}

static void build_mesh(network *n) {
    unsigned k = n->cfg.mesh_k;
    n->mesh = (mcast_mesh){k, k};
    n->nrouters = k * k;
    n->r = net_alloc(n, n->nrouters, sizeof *n->r);
    alloc_out_vcs(n, MCAST_MESH_PORTS);
    for (unsigned id = 0; id < n->nrouters; id++) init_router(n, id, MCAST_MESH_PORTS, true);
    for (unsigned id = 0; id < n->nrouters; id++) {
        unsigned x = id % k, y = id / k;
        if (x + 1 < k) connect(n, id, MCAST_PORT_XPOS, id + 1, opposite_port(MCAST_PORT_XPOS));
        if (x > 0) connect(n, id, MCAST_PORT_XNEG, id - 1, opposite_port(MCAST_PORT_XNEG));
        if (y + 1 < k) connect(n, id, MCAST_PORT_YPOS, id + k, opposite_port(MCAST_PORT_YPOS));
        if (y > 0) connect(n, id, MCAST_PORT_YNEG, id - k, opposite_port(MCAST_PORT_YNEG));
    }
    for (unsigned node = 0; node < n->nodes; node++) {
        ni_t *ni = &n->ni[node];
        link_end local = {END_ROUTER, (uint16_t)node, MCAST_PORT_LOCAL};
        ni->inj[CLASS_REQUEST] = ni->inj[CLASS_REPLY] = local;
        for (unsigned v = 0; v < n->vcs; v++) ni->ej_up[v] = &n->r[node].out[MCAST_PORT_LOCAL * n->vcs + v];
        n->r[node].port[MCAST_PORT_LOCAL].up = (link_end){END_NI, (uint16_t)node, 0};
        n->r[node].port[MCAST_PORT_LOCAL].down = (link_end){END_NI, (uint16_t)node, 0};
    }
    /* the DOR rule of the C model, tabulated: one lookup per hop instead of one call */
    for (unsigned c = 0; c < NET_CLASSES; c++) {
        n->route[c] = net_alloc(n, (size_t)n->nodes * n->nodes, 1);
        for (unsigned cur = 0; cur < n->nodes; cur++)
            for (unsigned dest = 0; dest < n->nodes; dest++)
                n->route[c][cur * n->nodes + dest] = (uint8_t)mcast_dor_port(&n->mesh, cur, dest, n->order[c]);
    }
    n->shared_injection = true;
}

/* Seed 003 sec. 4.1: separate request and reply crossbars; switch c carries class c. */
static void build_crossbar(network *n) {
    n->nrouters = NET_CLASSES;
    n->r = net_alloc(n, n->nrouters, sizeof *n->r);
    alloc_out_vcs(n, n->nodes);
    for (unsigned c = 0; c < NET_CLASSES; c++) {
        init_router(n, c, n->nodes, false);
        for (unsigned node = 0; node < n->nodes; node++) {
            n->r[c].port[node].up = (link_end){END_NI, (uint16_t)node, 0};
            n->r[c].port[node].down = (link_end){END_NI, (uint16_t)node, 0};
            n->ni[node].inj[c] = (link_end){END_ROUTER, (uint16_t)c, (uint16_t)node};
        }
    }
    for (unsigned node = 0; node < n->nodes; node++)
        for (unsigned v = 0; v < n->vcs; v++) {
            unsigned c = v < n->vc_lo[CLASS_REPLY] ? CLASS_REQUEST : CLASS_REPLY;
            n->ni[node].ej_up[v] = &n->r[c].out[node * n->vcs + v];
        }
    n->shared_injection = false;
}

/* Where each input port's credits go: the upstream router's out_vc array or the NI's. */
static void resolve_upstream(network *n) {
    for (unsigned id = 0; id < n->nrouters; id++) {
        router_t *r = &n->r[id];
        for (unsigned p = 0; p < r->nports; p++) {
            link_end up = r->port[p].up;
            r->port[p].up_out = up.kind == END_ROUTER ? &n->r[up.index].out[up.port * n->vcs] : n->ni[up.index].injvc;
        }
    }
    for (unsigned node = 0; node < n->nodes; node++)    /* and where each NI writes its flits */
        for (unsigned c = 0; c < NET_CLASSES; c++) {
            n->ni[node].inj_router[c] = n->ni[node].inj[c].index;
            n->ni[node].inj_port[c] = (uint8_t)n->ni[node].inj[c].port;
        }
}

network *net_create(const sim_config *cfg, const net_client *client, char *err, size_t err_len) {
    if (!config_validate(cfg, err, err_len)) return NULL;
    network *n = calloc(1, sizeof *n);
    if (!n) {
        snprintf(err, err_len, "out of memory");
        return NULL;
    }
    n->mem = sizeof *n;
    n->cfg = *cfg;
    n->client = *client;
    n->nodes = config_nodes(cfg);
    n->vcs = cfg->vcs;
    n->depth = cfg->vc_depth;
    n->mcast_max = config_mcast_max_flits(cfg);
    unsigned ring = n->depth > n->mcast_max ? n->depth : n->mcast_max;   /* router.c: replication buffers */
    for (n->ring_mask = 1; n->ring_mask < ring; n->ring_mask *= 2) {}
    n->ring_mask--;
    n->vc_stride = (unsigned)(offsetof(in_vc, slot) + (n->ring_mask + 1u) * sizeof(flit_t) + 63u) & ~63u;
    n->credit_delay = cfg->credit_delay;
    n->inject_cycles = cfg->inject_cycles;
    n->router_phase = router_phase_for(cfg->sa_input == SA_INPUT_OUTPUT, cfg->body_sa == BODY_SA_WRITE);
    n->write_flit = cfg->body_sa == BODY_SA_WRITE ? router_write_flit_early : router_write_flit_next;
    n->credit_wakes = router_credit_wakes;
    n->vc_lo[CLASS_REQUEST] = 0;
    n->vc_hi[CLASS_REQUEST] = cfg->vcs_request;
    n->vc_lo[CLASS_REPLY] = cfg->vcs_request;
    n->vc_hi[CLASS_REPLY] = cfg->vcs;
    n->order[CLASS_REQUEST] = cfg->routing[CLASS_REQUEST] == ROUTE_XY ? MCAST_XY : MCAST_YX;
    n->order[CLASS_REPLY] = cfg->routing[CLASS_REPLY] == ROUTE_XY ? MCAST_XY : MCAST_YX;
    n->pk_free = NET_NO_PACKET;
    n->st.window_end = UINT64_MAX;
    n->mesh_topo = cfg->topology == TOPO_MESH;
    n->ni = net_alloc(n, n->nodes, sizeof *n->ni);
    for (unsigned node = 0; node < n->nodes; node++) {
        ni_t *ni = &n->ni[node];
        ni->injvc = net_alloc(n, n->vcs, sizeof *ni->injvc);
        init_out_vcs(n, ni->injvc, n->vcs);
        ni->ej = net_alloc(n, n->vcs, sizeof *ni->ej);
        for (unsigned v = 0; v < n->vcs; v++) ni->ej[v].buf = net_alloc(n, n->ring_mask + 1u, sizeof(flit_t));
        ni->ej_up = net_alloc(n, n->vcs, sizeof *ni->ej_up);
        for (unsigned c = 0; c < NET_CLASSES; c++) {
            ni->qhead[c] = ni->qtail[c] = NET_NO_PACKET;
            ni->cur_vc[c] = ni->last_vc[c] = -1;
        }
    }
    n->split = net_alloc(n, n->nodes > MCAST_MESH_PORTS ? n->nodes : MCAST_MESH_PORTS, sizeof(mcast_set));
    n->nwords = (n->nodes + 63u) / 64u;
    n->wake_ej = net_alloc(n, (size_t)NET_WHEEL * n->nwords, sizeof *n->wake_ej);
    n->inj_busy = net_alloc(n, n->nwords, sizeof *n->inj_busy);
    n->stepping = -1;
    if (n->mesh_topo) build_mesh(n);
    else build_crossbar(n);
    resolve_upstream(n);
    alloc_target_lists(n);
    n->rwords = (n->nrouters + 63u) / 64u;
    n->wake_va = net_alloc(n, (size_t)NET_WHEEL * n->rwords, sizeof *n->wake_va);
    n->wake_sa = net_alloc(n, (size_t)NET_WHEEL * n->rwords, sizeof *n->wake_sa);
    n->va_late = net_alloc(n, n->rwords, sizeof *n->va_late);
    return n;
}

void net_destroy(network *n) {
    if (!n) return;
    for (arena_chunk *c = n->arena, *next; c; c = next) {
        next = c->next;
        free(c);
    }
    for (unsigned t = 0; t < NET_WHEEL; t++) {
        free(n->events[t].e);
        free(n->credits[t].o);
    }
    free(n->pk);
    free(n);
}

bool net_unicast_only(network *n) {
    if (n->cfg.router_phase == ROUTER_PHASE_EVENT || !router_dense_supported(n)) return false;
    router_dense_choose(n);
    return true;
}

/* ---- queries ------------------------------------------------------------------------------- */

unsigned net_nodes(const network *n) { return n->nodes; }
unsigned net_links(const network *n) { return n->links; }
uint64_t net_now(const network *n) { return n->now; }
const net_stats *net_get_stats(const network *n) { return &n->st; }
size_t net_memory_bytes(const network *n) { return n->mem; }
bool net_idle(const network *n) { return n->live_flits == 0 && n->queued == 0; }
unsigned net_queued(const network *n, unsigned src, unsigned cls) { return n->ni[src].qlen[cls]; }

void net_reset_stats(network *n) {
    memset(&n->st, 0, sizeof n->st);
    n->st.window_start = n->now;
    n->st.window_end = UINT64_MAX;
}

void net_close_window(network *n) { n->st.window_end = n->now; }

unsigned net_packet_flits(const network *n, uint64_t payload_bits) { return config_packet_flits(&n->cfg, payload_bits); }

/* ni_start_packet writes a flit's first 8 bytes as one little-endian word. */
_Static_assert(offsetof(flit_t, dest) == 4 && offsetof(flit_t, flags) == 5 && offsetof(flit_t, len) == 6 &&
               offsetof(flit_t, ready) == 8 && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "flit_t's first word");
/* flit_t carries a unicast destination in 8 bits. */
_Static_assert(MCAST_MAX_NODES <= 256, "flit_t.dest holds a node number");
/* net_internal.h: one cache line per port and per router; an input VC's state shares its first
 * line with buffer slot 0, and with 8 slots the whole VC is two lines */
_Static_assert(offsetof(in_vc, slot) == 32 && sizeof(flit_t) == 12 && sizeof(port_t) == 64 && sizeof(router_t) == 64,
               "in_vc's state is 32 bytes, a flit 12, port_t and router_t one cache line each");
_Static_assert(sizeof(out_vc) == 4, "out_vc: 4 bytes");
/* out_vc.owner holds an input VC index, out_vc.credits a depth */
_Static_assert(64 * 16 < OWNER_HELD, "out_vc field widths");

/* ---- sending ------------------------------------------------------------------------------- */

__attribute__((always_inline)) static inline uint64_t enqueue(network *n, uint32_t idx) {
    packet_t *p = &n->pk[idx];
    ni_t *ni = &n->ni[p->src];
    unsigned c = p->cls;
    p->uid = n->next_uid++;
    p->created = n->now;
    p->next = NET_NO_PACKET;
    if (ni->qtail[c] == NET_NO_PACKET) ni->qhead[c] = idx;
    else n->pk[ni->qtail[c]].next = idx;
    ni->qtail[c] = idx;
    ni->qlen[c]++;
    n->queued++;
    ni->busy = (uint8_t)(ni->busy | 1u << c);
    bitmap_set(n->inj_busy, p->src);
    return p->uid;
}

__attribute__((always_inline)) static inline uint32_t new_packet(network *n, unsigned src, unsigned cls, unsigned len,
                                                                 uint32_t user) {
    if (n->vc_lo[cls] == n->vc_hi[cls]) {   /* vcs_request = vcs (config_validate): no VC would take it */
        fprintf(stderr, "npsim: a reply packet, but vcs_request = vcs leaves replies no VC\n");
        exit(NP_EXIT_FAIL);
    }
    uint32_t idx = pkt_take(n);
    n->pk[idx] = (packet_t){.src = (uint16_t)src, .cls = (uint8_t)cls, .len = (uint16_t)len, .user = user};
    return idx;
}

/* in_vc counts a packet's flits in 8 bits */
static void check_packet_length(unsigned len) {
    if (len < 1 || len > 255) {
        fprintf(stderr, "npsim: a packet of %u flits (1 to 255 allowed)\n", len);
        exit(NP_EXIT_FAIL);
    }
}

uint64_t net_send_unicast(network *n, unsigned src, unsigned dest, unsigned cls, unsigned len, uint32_t user) {
    check_packet_length(len);
    uint32_t idx = new_packet(n, src, cls, len, user);
    packet_t *p = &n->pk[idx];
    p->dest = (uint16_t)dest;
    p->dests.w[dest >> 6] = UINT64_C(1) << (dest & 63u);    /* mcast_set_add, inline (dests is empty) */
    return enqueue(n, idx);
}

uint64_t net_send_multicast(network *n, unsigned src, const mcast_set *dests, unsigned cls, unsigned len,
                            uint32_t user) {
    check_packet_length(len);
    if (len > n->depth && len > n->mcast_max && mcast_set_count(dests) > 1) {   /* docs/sim.md "Multicast" */
        fprintf(stderr, "npsim: a multicast packet of %u flits is longer than the replication buffers "
                "(mcast_max_flits = %u; a VC buffer holds %u)\n", len, n->mcast_max, n->depth);
        exit(NP_EXIT_FAIL);
    }
    if (n->dense && mcast_set_count(dests) > 1) {
        fprintf(stderr, "npsim: a multicast packet on a network its client declared unicast (net_unicast_only)\n");
        exit(NP_EXIT_FAIL);
    }
    uint32_t idx = new_packet(n, src, cls, len, user);
    packet_t *p = &n->pk[idx];
    p->dests = *dests;
    if (mcast_set_count(dests) == 1) p->dest = (uint16_t)mcast_set_next(dests, 0);
    else p->multicast = 1;
    return enqueue(n, idx);
}

/* ---- network interfaces -------------------------------------------------------------------- */

/* The head of a multi-flit packet reached its destination NI: its latency so far, for the
 * split of latency into head arrival and serialisation (docs/sim.md "BookSim2 comparison"). Not
 * inlined: inline, it made GCC lay out the ejection loop so that 1-flit runs, which never come
 * here, cost 0.2% more instructions. */
__attribute__((noinline)) static void head_ejected(network *n, const packet_t *p) {
    if (p->created < n->st.window_start || p->created >= n->st.window_end) return;
    n->st.head_latency_sum += n->now - p->created;
    n->st.head_latency_count++;
}

/* The tail of packet idx has arrived at `node` and was accepted: delivery statistics, the
 * client's deliver, the record freed. */
static void tail_ejected(network *n, unsigned node, uint32_t idx) {
    packet_t *p = &n->pk[idx];
    n->st.packets[p->cls]++;
    if (p->created >= n->st.window_start && p->created < n->st.window_end) {
        uint64_t lat = n->now - p->created;
        n->st.latency_sum[p->cls] += lat;
        n->st.net_latency_sum[p->cls] += n->now - p->injected;
        n->st.latency_count[p->cls]++;
        if (lat > n->st.latency_max[p->cls]) n->st.latency_max[p->cls] = lat;
    }
    if (n->client.deliver) n->client.deliver(n->client.ctx, n, p, node);
    net_pkt_free(n, idx);
}

/* Take every flit that has arrived, VC by VC; true when a tail was refused (offer it again).
 * A body flit needs neither its record nor a call: its class is in its flags. */
static bool ni_eject(network *n, unsigned node, ni_t *ni) {
    bool refused = false;
    unsigned mask = n->ring_mask;
    for (unsigned busy = ni->ej_busy; busy; busy &= busy - 1) {
        unsigned v = (unsigned)__builtin_ctz(busy);
        flit_fifo *q = &ni->ej[v];
        while (q->count) {
            const flit_t *f = fifo_at(q, mask, 0);
            if (flit_after(f->ready, n->now)) break;
            uint32_t idx = f->pkt;
            unsigned flags = f->flags;
            if ((flags & FLIT_TAIL) && n->client.accept && !n->client.accept(n->client.ctx, n, &n->pk[idx], node)) {
                refused = true;
                break;
            }
            fifo_pop(q, mask);
            if (!q->count) ni->ej_busy = (uint16_t)(ni->ej_busy & ~(1u << v));
            n->live_flits--;
            n->st.flits[(flags & FLIT_REPLY) != 0]++;     /* CLASS_REPLY = 1 */
            router_credit_return(n, ni->ej_up[v]);
            if (flags & FLIT_TAIL) tail_ejected(n, node, idx);
            else if (flags & FLIT_HEAD) head_ejected(n, &n->pk[idx]);
        }
    }
    return refused;
}

/* Start the next queued packet of class c on a free injection VC with a credit. The search
 * starts one past the VC the class's previous head took, as BookSim's traffic manager does
 * (_last_vc): always starting at the lowest VC would queue a node's every packet behind the
 * previous one in the same VC of the router's local input while the other VCs sit idle. The
 * packet's first flit is made here, the others from it as they go (ni_send_flit). */
__attribute__((always_inline)) static inline bool ni_start_packet(network *n, ni_t *ni, unsigned c) {
    if (!ni->qlen[c]) return false;
    unsigned lo = n->vc_lo[c], span = n->vc_hi[c] - lo;
    unsigned v = ni->last_vc[c] < 0 ? 0 : (unsigned)ni->last_vc[c] - lo + 1u;
    for (unsigned k = 0; k < span; k++, v++) {
        if (v >= span) v -= span;
        out_vc *o = &ni->injvc[lo + v];
        if (o->owner >= 0 || !o->credits) continue;
        uint32_t idx = ni->qhead[c];
        packet_t *p = &n->pk[idx];
        ni->qhead[c] = p->next;
        if (ni->qhead[c] == NET_NO_PACKET) ni->qtail[c] = NET_NO_PACKET;
        ni->qlen[c]--;
        o->owner = 0;
        unsigned flags = flit_flags(true, p->len == 1, p->multicast != 0, c);
        /* stored as one word: ni_send_flit loads it as one at once, and a load that spans
         * several smaller stores waits for them to retire */
        uint64_t first = idx | (uint64_t)(uint8_t)p->dest << 32 | (uint64_t)flags << 40 | (uint64_t)p->len << 48;
        memcpy(&ni->next[c], &first, sizeof first);
        ni->left[c] = p->len;
        ni->cur_vc[c] = ni->last_vc[c] = (int16_t)(lo + v);
        p->injected = n->now;
        n->st.injected_packets[c]++;
        return true;
    }
    return false;
}

/* Send the next flit of class c's current packet (starting one if none), written into the
 * router's buffer next cycle (head: VA then) with first SA cycle `ready` (the cycle after;
 * inject_cycles more when the injection channel is modelled as a link of its own); false when
 * it cannot move this cycle. After the start, without branches: which NI's packet ends in a
 * cycle is a coin toss. */
__attribute__((always_inline)) static inline bool ni_send_flit(network *n, ni_t *ni, unsigned c, uint32_t ready) {
    if (!ni->left[c] && !ni_start_packet(n, ni, c)) return false;
    unsigned vc = (unsigned)ni->cur_vc[c];
    out_vc *o = &ni->injvc[vc];
    if (!o->credits) return false;
    o->credits--;
    flit_t f = ni->next[c];
    f.ready = ready;
    n->write_flit(n, ni->inj_router[c], ni->inj_port[c], vc, f);
    n->live_flits++;
    n->st.injected_flits[c]++;
    unsigned left = --ni->left[c], done = left == 0;
    /* the next flit: not a head; the tail when one is left (its flags read again, not kept
     * from f: GCC 12 then stores f byte by byte before the call, and its 8-byte reload stalls) */
    ni->next[c].flags = (uint8_t)((ni->next[c].flags & ~FLIT_HEAD) | (unsigned)(left == 1) * FLIT_TAIL);
    /* the packet has gone: the VC is free (held: the router's replication buffer has it) */
    int16_t released = o->flags & OUT_HELD ? OWNER_HELD : -1;
    o->owner = (int16_t)(o->owner ^ ((o->owner ^ released) & -(int)done));
    n->queued -= done;
    ni->busy = (uint8_t)(ni->busy & ~((done & (ni->qlen[c] == 0)) << c));
    return true;
}

/* One flit of the NI's classes with packets (busy): on a mesh, one channel the classes share,
 * tried from rr_cls (the class after the last one that sent); on a crossbar, one channel per
 * class. */
static inline void ni_inject(network *n, ni_t *ni, uint32_t ready) {
    unsigned busy = ni->busy;
    if (!n->shared_injection) {
        for (unsigned c = 0; c < NET_CLASSES; c++)
            if (busy >> c & 1u) ni_send_flit(n, ni, c, ready);
        return;
    }
    _Static_assert(NET_CLASSES == 2, "the class after c is c ^ 1");
    unsigned c = ni->rr_cls ^ (~busy >> ni->rr_cls & 1u);    /* the first busy class from rr_cls */
    for (unsigned tries = (busy & 1u) + (busy >> 1 & 1u); tries; tries--, c ^= 1u)
        if (ni_send_flit(n, ni, c, ready)) {
            ni->rr_cls = (uint8_t)(c ^ 1u);
            return;
        }
}

/* NIs with a flit arriving this cycle or a refused tail, in node order (a refused tail is
 * offered again every cycle; flits that have not arrived wake their NI when they do). */
static void eject_phase(network *n) {
    uint64_t *due = &n->wake_ej[(n->now % NET_WHEEL) * n->nwords];
    for (unsigned w = 0; w < n->nwords; w++) {
        uint64_t m = due[w];
        due[w] = 0;
        for (; m; m &= m - 1) {
            unsigned node = w * 64u + (unsigned)__builtin_ctzll(m);
            if (ni_eject(n, node, &n->ni[node])) net_wake_ej(n, node, n->now + 1);
        }
    }
}

/* NIs with packets to send, in node order (sending does not queue packets: only this loop
 * changes the bitmap meanwhile). */
static void inject_phase(network *n) {
    uint32_t ready = (uint32_t)(n->now + 2 + n->inject_cycles);
    for (unsigned w = 0; w < n->nwords; w++) {
        uint64_t busy = n->inj_busy[w];
        for (uint64_t m = busy; m; m &= m - 1) {
            unsigned bit = (unsigned)__builtin_ctzll(m);
            ni_t *ni = &n->ni[w * 64u + bit];
            ni_inject(n, ni, ready);
            busy &= ~((uint64_t)(ni->busy == 0) << bit);
        }
        n->inj_busy[w] = busy;
    }
}

/* What became due this cycle: returned credits turn usable, events join the routers' candidate
 * and request sets (router.c explains why applying them before any router runs is exact). */
static void due_phase(network *n) {
    credit_list *cl = &n->credits[n->now % NET_WHEEL];
    out_vc **o = cl->o, **end = o + cl->len;
    if (cl->held) {
        for (; o < end; o++) {
            uintptr_t tagged = (uintptr_t)*o;
            if (tagged & 1u) router_unhold(n, (out_vc *)(tagged & ~(uintptr_t)1u));
            else router_credit_usable(n, *o);
        }
    } else {
        for (; o < end; o++) router_credit_usable(n, *o);
    }
    cl->len = cl->held = 0;
    event_list *el = &n->events[n->now % NET_WHEEL];
    for (uint32_t i = 0; i < el->len; i++) {
        const net_event *e = &el->e[i];
        router_t *r = &n->r[e->router];
        port_t *pt = &r->port[e->port];
        if (e->bits & 0xffffu) {
            pt->cand = (uint16_t)(pt->cand | e->bits);
            r->cand_ports |= UINT64_C(1) << e->port;
        }
        if (e->bits >> 16) {
            pt->va_need = (uint16_t)(pt->va_need | (e->bits >> 16));
            r->va_ports |= UINT64_C(1) << e->port;
        }
    }
    el->len = 0;
}

void net_step_routers(network *n) {
    n->credits_returned = &n->credits[(n->now + 1 + n->credit_delay) % NET_WHEEL];
    due_phase(n);
    eject_phase(n);
    n->router_phase(n);
}

void net_step_finish(network *n) {
    if (n->queued) inject_phase(n);
    n->now++;
    n->np_now = n->np_now + 1 == n->r[0].nports ? 0 : n->np_now + 1;
}

void net_step(network *n) {
    net_step_routers(n);
    net_step_finish(n);
}
