/* The router equivalence check's traffic and expectations: router_stim.h. One model cycle c
 * (step) finishes the record of RTL cycle c-1 (the credits the model's router returned in c were
 * on the RTL's outputs in c-1) and starts that of c (its inputs; its output flits, the model's
 * switch allocation of c-2). */
#include "net/router_stim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mcast.h"
#include "util/rng.h"

#define RS_NVC (RSTIM_PORTS * RSTIM_VCS)
#define RS_MAX_UNICAST 12u
#define RS_AHEAD 32u                 /* ring of future cycles: a credit is due at most 20 ahead */
#define RS_STREAM_STALL UINT64_C(0xD1B54A32D192ED03)
#define RS_SENT_SLOTS 4096u          /* packets whose input cycles are kept (far more than in flight) */
#define RS_MAX_FLITS 16u             /* longest packet: 12 (unicast), 9 (multicast) */

typedef struct {
    rbench_flit f;                   /* the packet; f.index is the next flit to send */
    bool busy;
} in_packet;

struct router_stim {
    rstim_params p;
    router_bench *bench;
    sim_rng rng, stall_rng;          /* traffic; downstream timing */
    uint64_t cycle, next_uid, quiet, limit;
    rstim_totals tot;
    in_packet in[RSTIM_PORTS][RSTIM_VCS];
    bool held[RSTIM_PORTS][RSTIM_VCS];
    bool stalled[RSTIM_PORTS];
    unsigned stall_left[RSTIM_PORTS];
    unsigned credit_due[RS_AHEAD][RS_NVC];   /* by RTL cycle % RS_AHEAD: out_credit_i */
    uint32_t release_due[RS_AHEAD];          /* out_release_i */
    rstim_flit rows[3][RSTIM_PORTS];         /* the model's SA of cycles c-2, c-1, c (by c % 3) */
    rstim_cycle pending;                     /* RTL cycle c-1, waiting for its expected returns */
    struct {                                 /* the input cycle of each flit, by uid % RS_SENT_SLOTS */
        uint64_t uid;
        uint64_t at[RS_MAX_FLITS];
    } sent_at[RS_SENT_SLOTS];
    uint64_t last_out[RSTIM_PORTS];          /* RTL cycle of the last flit on each output, + 1 */
    bool have_pending, done;
    char reason[160];
};

void rstim_put_bits(uint32_t *w, unsigned lo, unsigned n, uint64_t v) {
    for (unsigned i = 0; i < n; i++) {
        unsigned b = lo + i;
        uint32_t m = 1u << (b % 32);
        w[b / 32] = (i < 64 && (v >> i & 1u)) ? (w[b / 32] | m) : (w[b / 32] & ~m);
    }
}

uint64_t rstim_get_bits(const uint32_t *w, unsigned lo, unsigned n) {
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) v |= (uint64_t)(w[(lo + i) / 32] >> ((lo + i) % 32) & 1u) << i;
    return v;
}

static bool chance(sim_rng *r, double p) { return sim_rng_below(r, 1000) < (uint32_t)(p * 1000); }

static const mcast_mesh kMesh = {RSTIM_K, RSTIM_K};

/* The payload of flit `index` of packet `uid`: the same in every replica. */
static void payload(uint64_t uid, unsigned index, uint32_t *d) {
    for (unsigned k = 0; k < RSTIM_FLIT_WORDS; k++) {
        uint64_t x = uid * 131 + index * 17 + k;
        d[k] = (uint32_t)sim_splitmix64(&x);
    }
}

static unsigned port_mask(const mcast_set *dests, unsigned at, bool reply) {
    mcast_set out[MCAST_MESH_PORTS];
    unsigned mask = 0;
    if (mcast_split(&kMesh, at, reply ? MCAST_YX : MCAST_XY, dests, out, &mask) != NP_OK) {
        fprintf(stderr, "router_stim: mcast_split refused a destination set\n");
        abort();   /* the sets are drawn from the mesh's nodes: cannot happen */
    }
    return mask;
}

void rstim_head_fields(const router_bench *b, const rbench_flit *f, unsigned at, bool has_next, uint32_t *d) {
    rstim_put_bits(d, 0, RSTIM_F_PAY, 0);
    rstim_put_bits(d, RSTIM_F_CLS, 1, f->reply);
    rstim_put_bits(d, RSTIM_F_MC, 1, f->multicast);
    rstim_put_bits(d, RSTIM_F_LEN, RSTIM_LEN_W, f->len);
    unsigned route = 0;
    if (has_next)
        route = f->multicast ? port_mask(&f->dests, at, f->reply) : 1u << rbench_route_port(b, at, f->reply, f->dest);
    rstim_put_bits(d, RSTIM_F_ROUTE, 5, route);
    if (f->multicast) {
        for (unsigned n = 0; n < RSTIM_NODES; n++) rstim_put_bits(d, RSTIM_F_DEST + n, 1, mcast_set_has(&f->dests, n));
    } else {
        rstim_put_bits(d, RSTIM_F_DEST, 6, f->dest);
    }
}

bool rstim_next_hop(unsigned router, unsigned port, unsigned *next) {
    *next = 0;
    if (port == MCAST_PORT_LOCAL) return false;
    if (!mcast_neighbour(&kMesh, router, port, next)) {
        fprintf(stderr, "router_stim: the driven router lies on the mesh edge\n");
        abort();
    }
    return true;
}

bool rstim_held_downstream(const rbench_flit *f, bool has_next, unsigned next) {
    if (!f->head || !f->multicast || f->len <= RSTIM_DEPTH || !has_next) return false;
    unsigned m = port_mask(&f->dests, next, f->reply);
    return (m & (m - 1)) != 0;
}

/* A head as it travels on a link towards router `at`: the packet's payload under its fields. */
static void head_data(const router_bench *b, const rbench_flit *f, unsigned at, bool has_next, uint32_t *d) {
    payload(f->uid, 0, d);
    rstim_head_fields(b, f, at, has_next, d);
}

static void flit_data(const router_bench *b, const rbench_flit *f, unsigned at, bool has_next, uint32_t *d) {
    if (f->head) head_data(b, f, at, has_next, d);
    else payload(f->uid, f->index, d);
}

rstim_params rstim_default_params(uint64_t seed, uint64_t count) {
    sim_config cfg;
    config_default(&cfg);
    return (rstim_params){.seed = seed, .count = count, .load = 0.6, .mcast_share = 0.3, .stall = 0.3,
                          .va_alloc = cfg.va_alloc, .timeout = 20000, .max_cycles = 0};
}

router_stim *rstim_create(const rstim_params *p, char *err, size_t err_len) {
    router_stim *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, err_len, "router_stim: out of memory");
        return NULL;
    }
    s->p = *p;
    sim_config cfg;
    rbench_rtl_config(&cfg, RSTIM_K);
    cfg.va_alloc = p->va_alloc;
    s->bench = rbench_create(&cfg, RSTIM_ROUTER, err, err_len);
    if (!s->bench) {
        free(s);
        return NULL;
    }
    sim_rng_seed(&s->rng, p->seed);
    sim_rng_seed(&s->stall_rng, p->seed ^ RS_STREAM_STALL);
    s->next_uid = 1;
    s->limit = p->max_cycles ? p->max_cycles : 64 * p->count + 100000;
    return s;
}

void rstim_destroy(router_stim *s) {
    if (!s) return;
    rbench_destroy(s->bench);
    free(s);
}

const char *rstim_hang_reason(const router_stim *s) { return s->reason; }
const rstim_totals *rstim_totals_of(const router_stim *s) { return &s->tot; }

/* Downstream stall bursts: each cycle one output port picks whether its next burst stalls. */
static void update_stalls(router_stim *s) {
    unsigned q = (unsigned)(s->cycle % RSTIM_PORTS);
    if (s->stall_left[q] == 0) {
        s->stalled[q] = chance(&s->stall_rng, s->p.stall);
        s->stall_left[q] = 1 + sim_rng_below(&s->stall_rng, 200);
    } else {
        s->stall_left[q]--;
    }
}

/* Latency and initiation interval of a flit the model switch-allocates now: the RTL shows it on
 * its output in cycle + 2. */
static void measure_timing(router_stim *s, const rbench_flit *f) {
    uint64_t out_at = s->cycle + 2;
    const uint64_t *in_at = s->sent_at[f->uid % RS_SENT_SLOTS].at;
    if (s->sent_at[f->uid % RS_SENT_SLOTS].uid == f->uid && f->index < RS_MAX_FLITS) {
        uint64_t lat = out_at - in_at[f->index];
        if (s->tot.latency_min_flits == 0 || lat < s->tot.latency_min) {
            s->tot.latency_min = lat;
            s->tot.latency_min_flits = 0;
        }
        if (lat == s->tot.latency_min) s->tot.latency_min_flits++;
    }
    if (s->last_out[f->port]) {
        uint64_t gap = out_at - (s->last_out[f->port] - 1);
        if (s->tot.ii_min == 0 || gap < s->tot.ii_min) s->tot.ii_min = gap;
    }
    s->last_out[f->port] = out_at + 1;
}

/* The model's switch allocation of this cycle: the RTL shows it two cycles later; the
 * downstream (this driver) answers with holds, releases and credits. */
static void model_outputs(router_stim *s, const rbench_flit *sent, unsigned nsent, rstim_flit *row) {
    memset(row, 0, sizeof(rstim_flit) * RSTIM_PORTS);
    for (unsigned k = 0; k < nsent; k++) {
        const rbench_flit *f = &sent[k];
        unsigned next;
        bool has_next = rstim_next_hop(RSTIM_ROUTER, f->port, &next);
        rstim_flit *o = &row[f->port];
        o->valid = true;
        o->vc = f->vc;
        o->head = f->head;
        o->tail = f->tail;
        flit_data(s->bench, f, next, has_next, o->data);
        s->tot.flits_out++;
        measure_timing(s, f);
        /* a long multicast packet replicated downstream goes into its replication buffer
         * (before the tail arrives); the VC is released some time after the tail */
        if (rstim_held_downstream(f, has_next, next)) {
            rbench_hold(s->bench, f->port, f->vc);
            s->held[f->port][f->vc] = true;
            s->tot.holds++;
        }
        if (f->tail && s->held[f->port][f->vc]) {
            s->held[f->port][f->vc] = false;
            uint64_t at = s->cycle + 2 + sim_rng_below(&s->stall_rng, 12);
            rbench_release(s->bench, f->port, f->vc, at);
            s->release_due[(at - 1) % RS_AHEAD] |= 1u << (f->port * RSTIM_VCS + f->vc);
        }
        /* its credit: the flit reaches the downstream buffer at +3 and leaves after a delay */
        uint64_t delay = s->stalled[f->port] ? 1 + sim_rng_below(&s->stall_rng, 16) : 1;
        uint64_t at = s->cycle + 3 + delay;
        if (at > s->cycle + 20) at = s->cycle + 20;
        rbench_return_credit(s->bench, f->port, f->vc, at);
        s->credit_due[(at - 1) % RS_AHEAD][f->port * RSTIM_VCS + f->vc]++;
    }
}

void rstim_random_packet(sim_rng *r, double mcast_share, unsigned nodes, unsigned max_set, unsigned src,
                         rstim_packet *out) {
    memset(out, 0, sizeof *out);
    out->multicast = chance(r, mcast_share);
    if (out->multicast) {
        mcast_set_clear(&out->dests);
        unsigned size = 2 + sim_rng_below(r, sim_rng_below(r, 4) == 0 ? max_set - 1 : 5);
        while (mcast_set_count(&out->dests) < size) {
            unsigned d = sim_rng_below(r, nodes);
            if (d != src) mcast_set_add(&out->dests, d);
        }
        out->len = 1 + sim_rng_below(r, RSTIM_MCAST_MAX);
    } else {
        out->dest = sim_rng_below(r, nodes);
        out->len = 1 + sim_rng_below(r, sim_rng_below(r, 3) == 0 ? RS_MAX_UNICAST : 5);
    }
}

/* A new packet of the VC's class on input p, VC v. */
static void start_packet(router_stim *s, unsigned p, unsigned v) {
    in_packet *pk = &s->in[p][v];
    rbench_flit *f = &pk->f;
    memset(f, 0, sizeof *f);
    f->port = p;
    f->vc = v;
    f->reply = v >= RSTIM_VCS_REQ;
    f->uid = s->next_uid++;
    rstim_packet shape;
    rstim_random_packet(&s->rng, s->p.mcast_share, RSTIM_NODES, 21, RSTIM_NODES, &shape);
    f->multicast = shape.multicast;
    f->len = shape.len;
    f->dest = shape.dest;
    f->dests = shape.dests;
    if (f->multicast) {
        s->tot.mcast++;
        if (f->len > RSTIM_DEPTH) s->tot.long_mcast++;
    }
    pk->busy = true;
    s->tot.packets++;
}

/* The upstream side: on each input, maybe one flit, on a VC with a packet under way or a free
 * one, when it has a credit (the model's upstream state decides; both routers get the flit). */
static void send_inputs(router_stim *s, bool draining, rstim_flit *in) {
    memset(in, 0, sizeof(rstim_flit) * RSTIM_PORTS);
    for (unsigned p = 0; p < RSTIM_PORTS; p++) {
        if (!chance(&s->rng, s->p.load)) continue;
        unsigned choices[RSTIM_VCS], n = 0;
        for (unsigned v = 0; v < RSTIM_VCS; v++) {
            if (!rbench_in_credits(s->bench, p, v)) continue;
            if (s->in[p][v].busy || (!draining && rbench_in_free(s->bench, p, v))) choices[n++] = v;
        }
        if (!n) continue;
        unsigned v = choices[sim_rng_below(&s->rng, n)];
        in_packet *pk = &s->in[p][v];
        if (!pk->busy) start_packet(s, p, v);
        rbench_flit f = pk->f;
        f.head = f.index == 0;
        f.tail = f.index + 1 == f.len;
        rbench_send(s->bench, &f);
        if (f.index < RS_MAX_FLITS) {
            s->sent_at[f.uid % RS_SENT_SLOTS].uid = f.uid;
            s->sent_at[f.uid % RS_SENT_SLOTS].at[f.index] = s->cycle;
        }
        in[p].valid = true;
        in[p].vc = v;
        in[p].head = f.head;
        in[p].tail = f.tail;
        flit_data(s->bench, &f, RSTIM_ROUTER, true, in[p].data);
        s->tot.flits_in++;
        if (++pk->f.index == f.len) pk->busy = false;
    }
}

static bool idle(const router_stim *s) {
    for (unsigned p = 0; p < RSTIM_PORTS; p++)
        for (unsigned v = 0; v < RSTIM_VCS; v++)
            if (s->in[p][v].busy || !rbench_in_free(s->bench, p, v) || rbench_in_credits(s->bench, p, v) != RSTIM_DEPTH)
                return false;
    for (unsigned r = 0; r < 3; r++)
        for (unsigned q = 0; q < RSTIM_PORTS; q++)
            if (s->rows[r][q].valid && r != (s->cycle + 1) % 3) return false;   /* the rows of c-1 and c */
    for (unsigned a = 0; a < RS_AHEAD; a++) {
        if (s->release_due[a]) return false;
        for (unsigned i = 0; i < RS_NVC; i++)
            if (s->credit_due[a][i]) return false;
    }
    return true;
}

/* The credits and releases the model's router returned in this cycle: what the RTL's
 * in_credit_o / in_release_o showed in the cycle before. */
static void model_returns(router_stim *s, rstim_cycle *rec) {
    rec->in_release = 0;
    for (unsigned i = 0; i < RS_NVC; i++) {
        unsigned p = i / RSTIM_VCS, v = i % RSTIM_VCS;
        rec->in_credit[i] = rbench_returned(s->bench, p, v);
        s->tot.credits += rec->in_credit[i];
        if (rbench_released(s->bench, p, v)) {
            rec->in_release |= 1u << i;
            s->tot.releases++;
        }
    }
}

/* One model cycle: finishes the record of the cycle before (returned in *out, true) and starts
 * this cycle's. */
static bool step(router_stim *s, rstim_cycle *out) {
    update_stalls(s);
    const rbench_flit *sent = NULL;
    unsigned nsent = rbench_step(s->bench, &sent);
    model_outputs(s, sent, nsent, s->rows[s->cycle % 3]);
    bool emitted = s->have_pending;
    if (emitted) {
        *out = s->pending;
        model_returns(s, out);
    } else {
        rstim_cycle none;
        model_returns(s, &none);   /* cycle 0: the RTL returned nothing before it */
    }
    rstim_cycle *rec = &s->pending;
    memset(rec, 0, sizeof *rec);
    rec->cycle = s->cycle;
    bool draining = s->tot.flits_in >= s->p.count;
    send_inputs(s, draining, rec->in);
    unsigned slot = (unsigned)(s->cycle % RS_AHEAD);
    memcpy(rec->out_credit, s->credit_due[slot], sizeof rec->out_credit);
    memset(s->credit_due[slot], 0, sizeof s->credit_due[slot]);
    rec->out_release = s->release_due[slot];
    s->release_due[slot] = 0;
    if (s->cycle >= 2) memcpy(rec->out, s->rows[(s->cycle + 1) % 3], sizeof rec->out);   /* cycle c-2's */
    s->have_pending = true;
    rbench_end_cycle(s->bench);
    if (draining && idle(s)) {
        s->done = true;
        s->tot.cycles = s->cycle + 1;
    }
    s->quiet = nsent ? 0 : s->quiet + 1;
    if (s->done)
        ;
    else if (s->quiet > s->p.timeout)
        snprintf(s->reason, sizeof s->reason, "no flit left the model router for %llu cycles", (unsigned long long)s->quiet);
    else if (s->cycle + 1 >= s->limit)
        snprintf(s->reason, sizeof s->reason, "cycle limit %llu reached", (unsigned long long)s->limit);
    s->cycle++;
    return emitted;
}

rstim_status rstim_next(router_stim *s, rstim_cycle *out) {
    for (;;) {
        if (s->reason[0]) return RSTIM_HANG;
        if (s->done) {
            if (!s->have_pending) return RSTIM_DONE;
            /* the last cycle: the model's returns of the cycle after it (none: every credit is home) */
            *out = s->pending;
            model_returns(s, out);
            s->have_pending = false;
            return RSTIM_CYCLE;
        }
        if (step(s, out)) return RSTIM_CYCLE;
    }
}
