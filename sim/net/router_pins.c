/* npsim's router at router_vc's pins: router_pins.h. The bench (router_bench.h) knows packets by
 * their fields and an id; the pins carry bits. A head on an input becomes a packet of a new id
 * whose flits' bits are kept here (by id) until the model sends them, when a head is rewritten
 * for the next hop as router_stim's expectation is (rstim_head_fields). */
#include "net/router_pins.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RP_SLOTS 4096u   /* packets whose bits are kept: far more than a router holds */

typedef struct {
    uint64_t uid;
    uint32_t data[RPINS_MAX_FLITS][RSTIM_FLIT_WORDS];
} rp_packet;

typedef struct {
    rbench_flit f;       /* the packet under way on an input VC; f.index is its next flit */
    bool busy;
} rp_input;

struct router_pins {
    router_bench *bench;
    unsigned router;
    uint64_t cycle, next_uid;
    rstim_flit rows[3][RSTIM_PORTS];   /* the model's switch allocation of cycles c-1, c, c+1 (by % 3) */
    rp_input in[RSTIM_PORTS][RSTIM_VCS];
    rp_packet *pk;
};

/* The model's switch allocation of a cycle as the RTL's output flits two cycles later; a head
 * the next router takes into its replication buffer leaves its VC held (router_stim.h). */
static bool model_outputs(router_pins *rp, const rbench_flit *sent, unsigned nsent, rstim_flit *row, char *err,
                          size_t err_len) {
    memset(row, 0, sizeof(rstim_flit) * RSTIM_PORTS);
    for (unsigned k = 0; k < nsent; k++) {
        const rbench_flit *f = &sent[k];
        const rp_packet *p = &rp->pk[f->uid % RP_SLOTS];
        if (p->uid != f->uid || f->index >= RPINS_MAX_FLITS) {
            snprintf(err, err_len, "router_pins: packet %llu left after %u newer ones (its bits are gone)",
                     (unsigned long long)f->uid, RP_SLOTS);
            return false;
        }
        rstim_flit *o = &row[f->port];
        o->valid = true;
        o->vc = f->vc;
        o->head = f->head;
        o->tail = f->tail;
        memcpy(o->data, p->data[f->index], sizeof o->data);
        unsigned next;
        bool has_next = rstim_next_hop(rp->router, f->port, &next);
        if (f->head) rstim_head_fields(rp->bench, f, next, has_next, o->data);
        if (rstim_held_downstream(f, has_next, next)) rbench_hold(rp->bench, f->port, f->vc);
    }
    return true;
}

router_pins *rpins_create(unsigned router, char *err, size_t err_len) {
    unsigned x = router % RSTIM_K, y = router / RSTIM_K;
    if (router >= RSTIM_NODES || x == 0 || y == 0 || x + 1 == RSTIM_K || y + 1 == RSTIM_K) {
        snprintf(err, err_len, "router_pins: router %u is not inside the %ux%u mesh (all five ports in use)", router,
                 RSTIM_K, RSTIM_K);
        return NULL;
    }
    router_pins *rp = calloc(1, sizeof *rp);
    if (rp) rp->pk = calloc(RP_SLOTS, sizeof *rp->pk);
    if (!rp || !rp->pk) {
        if (rp) free(rp);
        snprintf(err, err_len, "router_pins: out of memory");
        return NULL;
    }
    sim_config cfg;
    rbench_rtl_config(&cfg, RSTIM_K);
    rp->bench = rbench_create(&cfg, router, err, err_len);
    if (!rp->bench) {
        rpins_destroy(rp);
        return NULL;
    }
    rp->router = router;
    rp->next_uid = 1;
    const rbench_flit *sent;   /* the model's cycle 0: nothing is in it yet */
    rbench_step(rp->bench, &sent);
    return rp;
}

void rpins_destroy(router_pins *rp) {
    if (!rp) return;
    rbench_destroy(rp->bench);
    free(rp->pk);
    free(rp);
}

/* The head on input p as the bench's packet; false when its fields are not those an upstream
 * writes (docs/router.md 2: the route is this router's, computed by the sender). */
static bool decode_head(router_pins *rp, unsigned p, const rstim_flit *in, rbench_flit *f, char *err, size_t err_len) {
    memset(f, 0, sizeof *f);
    f->port = p;
    f->vc = in->vc;
    f->head = true;
    f->reply = rstim_get_bits(in->data, RSTIM_F_CLS, 1);
    f->multicast = rstim_get_bits(in->data, RSTIM_F_MC, 1);
    f->len = (unsigned)rstim_get_bits(in->data, RSTIM_F_LEN, RSTIM_LEN_W);
    if (f->multicast) {
        mcast_set_clear(&f->dests);
        for (unsigned n = 0; n < RSTIM_NODES; n++)
            if (rstim_get_bits(in->data, RSTIM_F_DEST + n, 1)) mcast_set_add(&f->dests, n);
    } else {
        f->dest = (unsigned)rstim_get_bits(in->data, RSTIM_F_DEST, 6);
    }
    if (f->len < 1 || f->len > RPINS_MAX_FLITS) {
        snprintf(err, err_len, "router_pins: input %u VC %u: a head of %u flits (1..%u)", p, in->vc, f->len,
                 RPINS_MAX_FLITS);
        return false;
    }
    uint32_t want[RSTIM_FLIT_WORDS];
    memcpy(want, in->data, sizeof want);
    rstim_head_fields(rp->bench, f, rp->router, true, want);
    if (memcmp(want, in->data, sizeof want) != 0) {
        snprintf(err, err_len, "router_pins: input %u VC %u: the head's fields are not docs/router.md 2's for router %u "
                 "(route %llu, expected %llu)", p, in->vc, rp->router,
                 (unsigned long long)rstim_get_bits(in->data, RSTIM_F_ROUTE, 5),
                 (unsigned long long)rstim_get_bits(want, RSTIM_F_ROUTE, 5));
        return false;
    }
    return true;
}

/* The flit on input p as the bench's, its bits kept; false when it breaks the link protocol. */
static bool accept_flit(router_pins *rp, unsigned p, const rstim_flit *in, rbench_flit *out, char *err, size_t err_len) {
    if (in->vc >= RSTIM_VCS || !rbench_in_credits(rp->bench, p, in->vc)) {
        snprintf(err, err_len, "router_pins: input %u VC %u: a flit without a credit", p, in->vc);
        return false;
    }
    rp_input *cur = &rp->in[p][in->vc];
    if (in->head) {
        if (cur->busy || !rbench_in_free(rp->bench, p, in->vc)) {
            snprintf(err, err_len, "router_pins: input %u VC %u: a head on a VC that is not free", p, in->vc);
            return false;
        }
        if (!decode_head(rp, p, in, &cur->f, err, err_len)) return false;
        cur->f.uid = rp->next_uid++;
        cur->busy = true;
        rp->pk[cur->f.uid % RP_SLOTS].uid = cur->f.uid;
    } else if (!cur->busy) {
        snprintf(err, err_len, "router_pins: input %u VC %u: a body flit without a packet", p, in->vc);
        return false;
    }
    bool tail = cur->f.index + 1 == cur->f.len;
    if (in->tail != tail) {
        snprintf(err, err_len, "router_pins: input %u VC %u: flit %u of %u %s tail", p, in->vc, cur->f.index, cur->f.len,
                 tail ? "is the" : "is not the");
        return false;
    }
    *out = cur->f;
    out->head = in->head;
    out->tail = tail;
    memcpy(rp->pk[cur->f.uid % RP_SLOTS].data[cur->f.index], in->data, sizeof in->data);
    return true;
}

bool rpins_cycle(router_pins *rp, rstim_cycle *c, char *err, size_t err_len) {
    rbench_flit send[RSTIM_PORTS];
    rp_input saved[RSTIM_PORTS][RSTIM_VCS];
    memcpy(saved, rp->in, sizeof saved);
    unsigned nsend = 0;
    for (unsigned p = 0; p < RSTIM_PORTS; p++) {
        if (!c->in[p].valid) continue;
        if (!accept_flit(rp, p, &c->in[p], &send[nsend], err, err_len)) {
            memcpy(rp->in, saved, sizeof saved);   /* nothing run */
            return false;
        }
        rp_input *cur = &rp->in[p][c->in[p].vc];
        if (++cur->f.index == cur->f.len) cur->busy = false;
        nsend++;
    }
    /* the outputs of this cycle: the switch allocation of two cycles ago */
    if (rp->cycle >= 2) memcpy(c->out, rp->rows[(rp->cycle + 1) % 3], sizeof c->out);
    else memset(c->out, 0, sizeof c->out);
    router_bench *b = rp->bench;
    uint64_t at = rbench_now(b) + 1;
    for (unsigned k = 0; k < nsend; k++) rbench_send(b, &send[k]);
    for (unsigned i = 0; i < RSTIM_PORTS * RSTIM_VCS; i++) {
        unsigned q = i / RSTIM_VCS, v = i % RSTIM_VCS;
        for (unsigned n = 0; n < c->out_credit[i]; n++) rbench_return_credit(b, q, v, at);
        if (c->out_release >> i & 1u) rbench_release(b, q, v, at);
    }
    rbench_end_cycle(b);
    const rbench_flit *sent;
    unsigned nsent = rbench_step(b, &sent);
    rp->cycle++;
    if (!model_outputs(rp, sent, nsent, rp->rows[rp->cycle % 3], err, err_len)) return false;
    c->in_release = 0;
    for (unsigned i = 0; i < RSTIM_PORTS * RSTIM_VCS; i++) {
        unsigned p = i / RSTIM_VCS, v = i % RSTIM_VCS;
        c->in_credit[i] = rbench_returned(b, p, v);
        if (rbench_released(b, p, v)) c->in_release |= 1u << i;
    }
    return true;
}
