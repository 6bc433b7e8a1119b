/* One router of a mesh driven per port from outside: router_bench.h. The router is the
 * simulator's own (router.c), in a network built by net_create; only its ten links are
 * redirected: its inputs' credits go to VCs this driver owns (as an NI's injection VCs), and
 * its outputs end at END_EXT, whose flits send_flit hands to rb_sent. Nothing else is sent into
 * the network, so the other routers stay idle. */
#include "net/router_bench.h"
#include "net/net_internal.h"
#include "cli_opts.h"  /* NP_EXIT_*: the exit-status table of every tool */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RB_PORTS MCAST_MESH_PORTS

struct router_bench {
    network *n;
    router_t *r;
    unsigned vcs;
    out_vc *up;                 /* [port * vcs + vc]: the upstream's view of each input VC */
    uint8_t *seen;              /* credits of up[] at the end of the last cycle */
    int16_t *prev_owner;        /* owner of up[] at the end of the last cycle */
    uint32_t *cur;              /* packet record being sent on each input VC */
    unsigned *out_index;        /* [port * vcs + vc]: flit number of the next flit on each output VC */
    rbench_flit sent[RB_PORTS];
    unsigned nsent;
};

static bool never_refuse(void *ctx, network *net, const packet_t *p, unsigned node) {
    (void)ctx, (void)net, (void)p, (void)node;
    return true;
}

static void no_delivery(void *ctx, network *net, const packet_t *p, unsigned node) {
    (void)ctx, (void)net, (void)p, (void)node;
}

/* A caller that breaks the protocol of router_bench.h (or memory ran out): no way to go on. */
static void bench_fail(const char *what, int status) {
    fprintf(stderr, "router_bench: %s\n", what);
    exit(status);
}

/* network.ext_send: a flit the router sent on output `port`. The record travels downstream
 * with the tail (the receiver frees it), so it is freed here. */
static void rb_sent(void *ctx, unsigned port, unsigned vc, const flit_t *f) {
    router_bench *b = ctx;
    const packet_t *p = &b->n->pk[f->pkt];
    unsigned *index = &b->out_index[port * b->vcs + vc];
    rbench_flit *s = &b->sent[b->nsent++];
    memset(s, 0, sizeof *s);
    s->port = port;
    s->vc = vc;
    s->head = f->flags & FLIT_HEAD;
    s->tail = f->flags & FLIT_TAIL;
    s->multicast = f->flags & FLIT_MULTICAST;
    s->reply = f->flags & FLIT_REPLY;
    s->len = f->len;
    s->dest = f->dest;
    if (s->multicast) s->dests = p->dests;
    s->uid = p->uid;
    s->index = (*index)++;
    if (s->tail) {
        *index = 0;
        net_pkt_free(b->n, f->pkt);
    }
}

void rbench_rtl_config(sim_config *cfg, unsigned k) {
    config_default(cfg);
    cfg->topology = TOPO_MESH;
    cfg->mesh_k = k;
    cfg->vcs = 4;
    cfg->vcs_request = 2;
    cfg->vc_depth = 8;
    cfg->credit_delay = 1;
    cfg->mcast_max_flits = 9;
    cfg->inject_cycles = 0;
    cfg->routing[CLASS_REQUEST] = ROUTE_XY;
    cfg->routing[CLASS_REPLY] = ROUTE_YX;
    cfg->sa_input = SA_INPUT_VC;
    cfg->body_sa = BODY_SA_NEXT;
    /* va_alloc: npsim's default, which is router_vc's default VaAlloc */
}

router_bench *rbench_create(const sim_config *cfg, unsigned router, char *err, size_t err_len) {
    if (cfg->topology != TOPO_MESH) {
        snprintf(err, err_len, "router_bench: the driven router is a mesh router (topology = mesh)");
        return NULL;
    }
    net_client client = {NULL, never_refuse, no_delivery};
    network *n = net_create(cfg, &client, err, err_len);
    if (!n) return NULL;
    if (router >= n->nrouters) {
        snprintf(err, err_len, "router_bench: router %u outside the %u-router mesh", router, n->nrouters);
        net_destroy(n);
        return NULL;
    }
    router_bench *b = calloc(1, sizeof *b);
    unsigned links = RB_PORTS * n->vcs;
    if (b) {
        b->up = calloc(links, sizeof *b->up);
        b->seen = calloc(links, sizeof *b->seen);
        b->prev_owner = calloc(links, sizeof *b->prev_owner);
        b->cur = calloc(links, sizeof *b->cur);
        b->out_index = calloc(links, sizeof *b->out_index);
    }
    if (!b || !b->up || !b->seen || !b->prev_owner || !b->cur || !b->out_index) bench_fail("out of memory", NP_EXIT_RESOURCE);
    b->n = n;
    b->r = &n->r[router];
    b->vcs = n->vcs;
    n->ext_send = rb_sent;
    n->ext_ctx = b;
    for (unsigned i = 0; i < links; i++) {
        b->up[i].owner = -1;
        b->up[i].credits = (uint8_t)n->depth;
        b->seen[i] = (uint8_t)n->depth;
        b->prev_owner[i] = -1;
        b->cur[i] = NET_NO_PACKET;
    }
    for (unsigned p = 0; p < RB_PORTS; p++) {
        b->r->port[p].up_out = &b->up[p * n->vcs];
        b->r->port[p].down = (link_end){END_EXT, 0, (uint16_t)p};
    }
    return b;
}

void rbench_destroy(router_bench *b) {
    if (!b) return;
    net_destroy(b->n);
    free(b->up);
    free(b->seen);
    free(b->prev_owner);
    free(b->cur);
    free(b->out_index);
    free(b);
}

uint64_t rbench_now(const router_bench *b) { return b->n->now; }
unsigned rbench_router(const router_bench *b) { return b->r->id; }
unsigned rbench_nodes(const router_bench *b) { return b->n->nodes; }

unsigned rbench_route_port(const router_bench *b, unsigned at, unsigned cls, unsigned dest) {
    return b->n->route[cls][at * b->n->nodes + dest];
}

unsigned rbench_step(router_bench *b, const rbench_flit **sent) {
    b->nsent = 0;
    net_step_routers(b->n);
    *sent = b->sent;
    return b->nsent;
}

bool rbench_in_free(const router_bench *b, unsigned p, unsigned v) { return b->up[p * b->vcs + v].owner == -1; }
unsigned rbench_in_credits(const router_bench *b, unsigned p, unsigned v) { return b->up[p * b->vcs + v].credits; }

/* Credits only come back in the due phase of rbench_step (the caller spends them after it). */
unsigned rbench_returned(const router_bench *b, unsigned p, unsigned v) {
    unsigned i = p * b->vcs + v;
    return (unsigned)(b->up[i].credits - b->seen[i]);
}

bool rbench_released(const router_bench *b, unsigned p, unsigned v) {
    unsigned i = p * b->vcs + v;
    return b->prev_owner[i] == OWNER_HELD && b->up[i].owner != OWNER_HELD;
}

void rbench_send(router_bench *b, const rbench_flit *f) {
    network *n = b->n;
    if (f->port >= RB_PORTS || f->vc >= b->vcs) bench_fail("rbench_send: port or VC out of range", NP_EXIT_FAIL);
    unsigned i = f->port * b->vcs + f->vc;
    out_vc *o = &b->up[i];
    if (!o->credits) bench_fail("rbench_send: no credit for the VC", NP_EXIT_FAIL);
    if (f->head) {
        if (o->owner != -1) bench_fail("rbench_send: head on a VC that is not free", NP_EXIT_FAIL);
        if (f->len < 1 || f->len > 255) bench_fail("rbench_send: packets have 1 to 255 flits", NP_EXIT_FAIL);
        uint32_t idx = net_pkt_alloc(n);
        packet_t *p = &n->pk[idx];
        memset(p, 0, sizeof *p);
        p->next = NET_NO_PACKET;
        p->uid = f->uid;
        p->created = p->injected = n->now;
        p->src = (uint16_t)b->r->id;
        p->dest = (uint16_t)f->dest;
        p->dests = f->dests;
        p->len = (uint16_t)f->len;
        p->cls = f->reply ? CLASS_REPLY : CLASS_REQUEST;
        p->multicast = f->multicast;
        b->cur[i] = idx;
        o->owner = 0;
    } else if (b->cur[i] == NET_NO_PACKET) {
        bench_fail("rbench_send: body flit without a packet on the VC", NP_EXIT_FAIL);
    }
    o->credits--;
    const packet_t *p = &n->pk[b->cur[i]];
    uint8_t flags = flit_flags(f->head, f->tail, p->multicast, p->cls);
    /* an NI's flit (ni_start_packet), without inject_cycles */
    flit_t fl = {b->cur[i], (uint8_t)p->dest, flags, p->len, (uint32_t)(n->now + 2)};
    n->write_flit(n, b->r->id, f->port, f->vc, fl);
    n->live_flits++;
    if (f->tail) {
        o->owner = o->flags & OUT_HELD ? OWNER_HELD : -1;
        b->cur[i] = NET_NO_PACKET;
    }
}

static out_vc *bench_out(router_bench *b, unsigned q, unsigned v, uint64_t at) {
    if (q >= RB_PORTS || v >= b->vcs) bench_fail("output port or VC out of range", NP_EXIT_FAIL);
    if (at <= b->n->now || at > b->n->now + 20) bench_fail("credit or release outside now+1 .. now+20", NP_EXIT_FAIL);
    return &b->r->out[q * b->vcs + v];
}

void rbench_return_credit(router_bench *b, unsigned q, unsigned v, uint64_t at) {
    net_credit_at(b->n, bench_out(b, q, v, at), at);
}

void rbench_release(router_bench *b, unsigned q, unsigned v, uint64_t at) {
    net_unhold_at(b->n, bench_out(b, q, v, at), at);
}

void rbench_hold(router_bench *b, unsigned q, unsigned v) {
    bench_out(b, q, v, b->n->now + 1)->flags |= OUT_HELD;
}

void rbench_end_cycle(router_bench *b) {
    net_step_finish(b->n);
    for (unsigned i = 0; i < RB_PORTS * b->vcs; i++) {
        b->seen[i] = b->up[i].credits;
        b->prev_owner[i] = b->up[i].owner;
    }
}
