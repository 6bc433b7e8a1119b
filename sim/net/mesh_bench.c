/* npsim's mesh watched at its NIs: mesh_bench.h. The network is the simulator's own; two things
 * are hooked, neither changing what it does: network.write_flit, through which only the NIs
 * write (routers write downstream inline, router.c send_flit), is wrapped to record each NI's
 * flit before writing it; the client's deliver records the delivery (accept always takes a
 * packet, as the synthetic traffic's client does). */
#include "net/mesh_bench.h"
#include "net/net_internal.h"
#include "cli_opts.h"  /* NP_EXIT_*: the exit-status table of every tool */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct mesh_bench {
    network *n;
    void (*write)(network *n, unsigned r, unsigned port, unsigned vc, flit_t f);   /* the model's */
    unsigned nodes, vcs;
    uint8_t *seen;              /* [node * vcs + vc]: NI injection VC credits at the end of the last cycle */
    int16_t *prev_owner;        /* ... and its owner */
    unsigned *index;            /* flit number of the next flit an NI writes on each VC */
    rbench_flit *inj;           /* this cycle's NI writes */
    unsigned ninj;
    mbench_delivery *dl;        /* deliveries since mbench_delivered */
    unsigned ndl, dl_cap;
};

static void bench_fail(const char *what, int status) {
    fprintf(stderr, "mesh_bench: %s\n", what);
    exit(status);
}

static bool take_all(void *ctx, network *net, const packet_t *p, unsigned node) {
    (void)ctx, (void)net, (void)p, (void)node;
    return true;
}

static void record_delivery(void *ctx, network *net, const packet_t *p, unsigned node) {
    mesh_bench *b = ctx;
    if (b->ndl == b->dl_cap) {
        unsigned cap = b->dl_cap ? 2 * b->dl_cap : 256;
        mbench_delivery *grown = realloc(b->dl, cap * sizeof *grown);
        if (!grown) bench_fail("out of memory", NP_EXIT_RESOURCE);
        b->dl = grown;
        b->dl_cap = cap;
    }
    b->dl[b->ndl++] = (mbench_delivery){p->uid, node, net->now};
}

/* network.write_flit: an NI's flit into router r's LOCAL input (mesh: router r is node r). */
static void record_injection(network *n, unsigned r, unsigned port, unsigned vc, flit_t f) {
    mesh_bench *b = n->client.ctx;
    if (port != MCAST_PORT_LOCAL || b->ninj == b->nodes) bench_fail("an NI write outside a LOCAL input", NP_EXIT_FAIL);
    const packet_t *p = &n->pk[f.pkt];
    unsigned *index = &b->index[r * b->vcs + vc];
    rbench_flit *s = &b->inj[b->ninj++];
    memset(s, 0, sizeof *s);
    s->port = r;
    s->vc = vc;
    s->head = f.flags & FLIT_HEAD;
    s->tail = f.flags & FLIT_TAIL;
    s->multicast = f.flags & FLIT_MULTICAST;
    s->reply = f.flags & FLIT_REPLY;
    s->len = f.len;
    s->dest = f.dest;
    s->dests = p->dests;
    s->uid = p->uid;
    s->index = (*index)++;
    if (s->tail) *index = 0;
    b->write(n, r, port, vc, f);
}

mesh_bench *mbench_create(const sim_config *cfg, char *err, size_t err_len) {
    if (cfg->topology != TOPO_MESH) {
        snprintf(err, err_len, "mesh_bench: the network is a mesh (topology = mesh)");
        return NULL;
    }
    mesh_bench *b = calloc(1, sizeof *b);
    if (!b) bench_fail("out of memory", NP_EXIT_RESOURCE);
    net_client client = {b, take_all, record_delivery};
    network *n = net_create(cfg, &client, err, err_len);
    if (!n) {
        free(b);
        return NULL;
    }
    b->n = n;
    b->nodes = n->nodes;
    b->vcs = n->vcs;
    b->write = n->write_flit;
    n->write_flit = record_injection;
    size_t links = (size_t)b->nodes * b->vcs;
    b->seen = calloc(links, sizeof *b->seen);
    b->prev_owner = calloc(links, sizeof *b->prev_owner);
    b->index = calloc(links, sizeof *b->index);
    b->inj = calloc(b->nodes, sizeof *b->inj);
    if (!b->seen || !b->prev_owner || !b->index || !b->inj) bench_fail("out of memory", NP_EXIT_RESOURCE);
    for (size_t i = 0; i < links; i++) {
        b->seen[i] = (uint8_t)n->depth;
        b->prev_owner[i] = -1;
    }
    return b;
}

void mbench_destroy(mesh_bench *b) {
    if (!b) return;
    net_destroy(b->n);
    free(b->seen);
    free(b->prev_owner);
    free(b->index);
    free(b->inj);
    free(b->dl);
    free(b);
}

network *mbench_network(mesh_bench *b) { return b->n; }

void mbench_step_routers(mesh_bench *b) {
    b->ninj = 0;
    net_step_routers(b->n);
}

static const out_vc *inj_vc(const mesh_bench *b, unsigned n, unsigned v) {
    if (n >= b->nodes || v >= b->vcs) bench_fail("node or VC out of range", NP_EXIT_FAIL);
    return &b->n->ni[n].injvc[v];
}

/* Credits only come back in the due phase of mbench_step_routers; the NI spends them after it. */
unsigned mbench_returned(const mesh_bench *b, unsigned n, unsigned v) {
    return (unsigned)(inj_vc(b, n, v)->credits - b->seen[n * b->vcs + v]);
}

bool mbench_released(const mesh_bench *b, unsigned n, unsigned v) {
    return b->prev_owner[n * b->vcs + v] == OWNER_HELD && inj_vc(b, n, v)->owner != OWNER_HELD;
}

void mbench_step_finish(mesh_bench *b) {
    net_step_finish(b->n);
    for (unsigned n = 0; n < b->nodes; n++)
        for (unsigned v = 0; v < b->vcs; v++) {
            const out_vc *o = inj_vc(b, n, v);
            b->seen[n * b->vcs + v] = o->credits;
            b->prev_owner[n * b->vcs + v] = o->owner;
        }
}

unsigned mbench_injected(const mesh_bench *b, const rbench_flit **flits) {
    *flits = b->inj;
    return b->ninj;
}

unsigned mbench_delivered(mesh_bench *b, const mbench_delivery **d) {
    unsigned count = b->ndl;
    *d = b->dl;
    b->ndl = 0;
    return count;
}

unsigned mbench_in_credits(const mesh_bench *b, unsigned n, unsigned v) { return inj_vc(b, n, v)->credits; }
bool mbench_in_free(const mesh_bench *b, unsigned n, unsigned v) { return inj_vc(b, n, v)->owner == -1; }
