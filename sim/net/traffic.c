/* Synthetic traffic generator and its run loop; see traffic.h. */
#include "net/traffic.h"
#include "cli_opts.h"  /* NP_EXIT_*: the exit-status table of every tool */
#include "np_progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "net/net.h"
#include "util/rng.h"

typedef struct {
    mcast_set expected, got;
} audit_entry;

typedef struct {
    const sim_config *cfg;
    network *net;
    sim_rng rng;
    unsigned nodes;
    bool hot[MCAST_MAX_NODES];
    unsigned hot_count, cold_count;
    unsigned hot_list[MCAST_MAX_NODES], cold_list[MCAST_MAX_NODES];
    bool source[MCAST_MAX_NODES];   /* is_source of each node, fixed per run */
    bool all_sources;               /* every node is one (generate then skips the test) */
    uint64_t packet_below;          /* a node creates a packet when its draw's top 53 bits are below
                                     * this: sim_rng_unit < injection_rate / packet_flits, exactly */
    uint64_t created, delivered;
    uint64_t window_expected;       /* deliveries owed to packets created in the window */
    bool in_window;
    /* conservation audit (optional), indexed by packet uid */
    audit_entry *audit;
    size_t audit_cap;
    uint64_t audit_errors;
} traffic_gen;

static void audit_record(traffic_gen *g, uint64_t uid, const mcast_set *dests) {
    if (uid >= g->audit_cap) {
        size_t cap = g->audit_cap ? g->audit_cap * 2 : 4096;
        while (cap <= uid) cap *= 2;
        audit_entry *grown = realloc(g->audit, cap * sizeof *grown);
        if (!grown) {
            fprintf(stderr, "npsim: out of memory (audit)\n");
            exit(NP_EXIT_RESOURCE);
        }
        memset(grown + g->audit_cap, 0, (cap - g->audit_cap) * sizeof *grown);
        g->audit = grown;
        g->audit_cap = cap;
    }
    g->audit[uid].expected = *dests;
}

static void on_deliver(void *ctx, network *net, const packet_t *p, unsigned node) {
    (void)net;
    traffic_gen *g = ctx;
    g->delivered++;
    if (!g->audit) return;
    audit_entry *e = p->uid < g->audit_cap ? &g->audit[p->uid] : NULL;
    if (!e || !mcast_set_has(&e->expected, node) || mcast_set_has(&e->got, node)) {
        g->audit_errors++;
        return;
    }
    mcast_set_add(&e->got, node);
}

/* traffic.h; BookSim2's traffic.cpp defines the two the same way. */
unsigned traffic_permutation_dest(sim_traffic pattern, unsigned nodes, unsigned src) {
    if (pattern == TRAFFIC_BITCOMP) return ~src & (nodes - 1u);
    unsigned half = (unsigned)__builtin_ctz(nodes) / 2u, low = (1u << half) - 1u;
    return ((src >> half) & low) | ((src << half) & (low << half));
}

static unsigned permutation_dest(const traffic_gen *g, unsigned src) {
    return traffic_permutation_dest(g->cfg->traffic, g->nodes, src);
}

static bool is_permutation(sim_traffic t) { return t == TRAFFIC_TRANSPOSE || t == TRAFFIC_BITCOMP; }

/* A destination for a unicast packet from src, by the traffic pattern; the source itself only
 * with `self` (uniform_self, BookSim2's patterns: a draw of the source is kept). A multicast
 * destination never is the source. */
static unsigned pick_dest(traffic_gen *g, unsigned src, bool self) {
    const sim_config *c = g->cfg;
    for (;;) {
        unsigned d;
        switch (c->traffic) {
        case TRAFFIC_FEW2MANY: d = g->cold_list[sim_rng_below(&g->rng, g->cold_count)]; break;
        case TRAFFIC_MANY2FEW: d = g->hot_list[sim_rng_below(&g->rng, g->hot_count)]; break;
        case TRAFFIC_HOTSPOT:
            if (sim_rng_unit(&g->rng) < c->hotspot_fraction) {
                d = g->hot_list[sim_rng_below(&g->rng, g->hot_count)];
                if (d == src && !self) d = sim_rng_below(&g->rng, g->nodes);   /* a hot node does not send to itself */
                break;
            }
            d = sim_rng_below(&g->rng, g->nodes);
            break;
        case TRAFFIC_TRANSPOSE:
        case TRAFFIC_BITCOMP: return permutation_dest(g, src);   /* is_source: never src unless self */
        default: d = sim_rng_below(&g->rng, g->nodes); break;
        }
        if (d != src || self) return d;
    }
}

static bool is_source(const traffic_gen *g, unsigned node) {
    switch (g->cfg->traffic) {
    case TRAFFIC_FEW2MANY: return g->hot[node];
    case TRAFFIC_MANY2FEW: return !g->hot[node];
    case TRAFFIC_TRANSPOSE:
    case TRAFFIC_BITCOMP: return permutation_dest(g, node) != node || g->cfg->uniform_self;
    default: return true;
    }
}

static unsigned pick_class(traffic_gen *g) {
    switch (g->cfg->classes) {
    case CLASSES_REQUEST: return CLASS_REQUEST;
    case CLASSES_REPLY: return CLASS_REPLY;
    default: return (unsigned)(sim_rng_next(&g->rng) >> 63);
    }
}

/* Distinct destinations for a multicast packet from src (as many as the pattern allows). */
static void pick_dest_set(traffic_gen *g, unsigned src, mcast_set *dests) {
    mcast_set_clear(dests);
    unsigned pool = g->cfg->traffic == TRAFFIC_FEW2MANY ? g->cold_count
                  : g->cfg->traffic == TRAFFIC_MANY2FEW ? g->hot_count - (g->hot[src] ? 1u : 0u)
                                                        : g->nodes - 1;
    unsigned want = g->cfg->mcast_dests < pool ? g->cfg->mcast_dests : pool;
    while (mcast_set_count(dests) < want) mcast_set_add(dests, pick_dest(g, src, false));
}

/* Node src creates a packet this cycle (its Bernoulli trial succeeded). */
__attribute__((always_inline)) static inline void create_packet(traffic_gen *g, unsigned src) {
    const sim_config *c = g->cfg;
    unsigned cls = pick_class(g);
    g->created++;
    if (c->mcast_fraction > 0 && sim_rng_unit(&g->rng) < c->mcast_fraction) {
        mcast_set dests;
        pick_dest_set(g, src, &dests);
        uint64_t uid = net_send_multicast(g->net, src, &dests, cls, c->packet_flits, 0);
        if (g->in_window) g->window_expected += mcast_set_count(&dests);
        if (g->audit_cap || g->audit) audit_record(g, uid, &dests);
        return;
    }
    /* unicast: no destination set unless the run is audited */
    unsigned dest = pick_dest(g, src, c->uniform_self);
    uint64_t uid = net_send_unicast(g->net, src, dest, cls, c->packet_flits, 0);
    if (g->in_window) g->window_expected++;
    if (g->audit_cap || g->audit) {
        mcast_set dests;
        mcast_set_clear(&dests);
        mcast_set_add(&dests, dest);
        audit_record(g, uid, &dests);
    }
}

/* Every source's Bernoulli trial of this cycle, in node order. The trials' draws are made on a
 * local copy of the generator, kept in registers (a trial succeeds for few nodes per cycle);
 * it goes back to g->rng before a packet's own draws (class, destinations), so the sequence of
 * draws is the one a single generator gives. `every`: all nodes are sources (a constant: the
 * loop of the common case tests no node). */
__attribute__((always_inline)) static inline void generate_trials(traffic_gen *g, bool every) {
    sim_rng rng = g->rng;
    uint64_t below = g->packet_below;
    for (unsigned src = 0; src < g->nodes; src++) {
        if ((!every && !g->source[src]) || sim_rng_next(&rng) >> 11 >= below) continue;
        g->rng = rng;
        create_packet(g, src);
        rng = g->rng;
    }
    g->rng = rng;
}

static void generate(traffic_gen *g) {
    if (g->all_sources) generate_trials(g, true);
    else generate_trials(g, false);
}

static bool gen_init(traffic_gen *g, const sim_config *cfg, bool audit, char *err, size_t len) {
    memset(g, 0, sizeof *g);
    g->cfg = cfg;
    net_client client = {g, NULL, on_deliver};     /* every packet is taken (no accept call per tail) */
    g->net = net_create(cfg, &client, err, len);
    if (!g->net) return false;
    if (cfg->mcast_fraction == 0) net_unicast_only(g->net);
    g->nodes = net_nodes(g->net);
    sim_rng_seed(&g->rng, cfg->seed);
    bool needs_hot = cfg->traffic != TRAFFIC_UNIFORM && !is_permutation(cfg->traffic);
    for (unsigned i = 0; needs_hot && i < cfg->hot_nodes.count; i++) {
        if (cfg->hot_nodes.v[i] >= g->nodes) {
            snprintf(err, len, "config: hot_nodes entry %u is not a node (0..%u)", cfg->hot_nodes.v[i], g->nodes - 1);
            net_destroy(g->net);
            return false;
        }
        g->hot[cfg->hot_nodes.v[i]] = true;
    }
    for (unsigned n = 0; n < g->nodes; n++) {
        if (g->hot[n]) g->hot_list[g->hot_count++] = n;
        else g->cold_list[g->cold_count++] = n;
    }
    if (needs_hot && (g->hot_count == 0 || g->cold_count == 0)) {
        snprintf(err, len, "config: traffic needs hot_nodes to be a non-empty proper subset of the nodes");
        net_destroy(g->net);
        return false;
    }
    if (is_permutation(cfg->traffic)) {
        unsigned log2 = (unsigned)__builtin_ctz(g->nodes);
        const char *why = g->nodes & (g->nodes - 1u) ? "a power-of-two node count"
                        : cfg->traffic == TRAFFIC_TRANSPOSE && log2 % 2u ? "a node count that is an even power of two"
                        : cfg->mcast_fraction > 0 ? "mcast_fraction = 0 (one destination per source)" : NULL;
        if (why) {
            snprintf(err, len, "config: traffic = %s needs %s (%u nodes)",
                     cfg->traffic == TRAFFIC_TRANSPOSE ? "transpose" : "bitcomp", why, g->nodes);
            net_destroy(g->net);
            return false;
        }
    }
    g->all_sources = true;
    for (unsigned n = 0; n < g->nodes; n++) {
        g->source[n] = is_source(g, n);
        g->all_sources &= g->source[n];
    }
    g->packet_below = sim_rng_unit_bound(cfg->injection_rate / cfg->packet_flits);
    if (audit) audit_record(g, 0, &(mcast_set){{0}});   /* allocates the table */
    return true;
}

static void fill_result(traffic_gen *g, traffic_result *res) {
    const net_stats *st = net_get_stats(g->net);
    uint64_t count = st->latency_count[0] + st->latency_count[1];
    res->measured = count;
    res->expected = g->window_expected;
    res->avg_latency = count ? (double)(st->latency_sum[0] + st->latency_sum[1]) / (double)count : 0;
    res->avg_net_latency = count ? (double)(st->net_latency_sum[0] + st->net_latency_sum[1]) / (double)count : 0;
    res->avg_head_latency = st->head_latency_count ? (double)st->head_latency_sum / (double)st->head_latency_count : 0;
    res->max_latency = st->latency_max[0] > st->latency_max[1] ? st->latency_max[0] : st->latency_max[1];
    res->request_latency = st->latency_count[0] ? (double)st->latency_sum[0] / (double)st->latency_count[0] : 0;
    res->reply_latency = st->latency_count[1] ? (double)st->latency_sum[1] / (double)st->latency_count[1] : 0;
    res->cycles = net_now(g->net);
    res->created = g->created;
    res->delivered = g->delivered;
    res->audit_errors = g->audit_errors;
    res->memory_bytes = net_memory_bytes(g->net);
}

static uint64_t audit_missing(const traffic_gen *g) {
    uint64_t missing = 0;
    for (size_t i = 0; i < g->audit_cap; i++)
        if (!mcast_set_equal(&g->audit[i].expected, &g->audit[i].got))
            missing += mcast_set_count(&g->audit[i].expected) - mcast_set_count(&g->audit[i].got);
    return missing;
}

bool traffic_run(const sim_config *cfg, bool audit, traffic_result *res, char *err, size_t err_len) {
    traffic_gen g;
    memset(res, 0, sizeof *res);
    if (!gen_init(&g, cfg, audit, err, err_len)) return false;
    res->offered = cfg->injection_rate;
    for (unsigned c = 0; c < cfg->warmup_cycles; c++) {
        generate(&g);
        net_step(g.net);
    }
    net_reset_stats(g.net);
    g.in_window = true;
    for (unsigned c = 0; c < cfg->measure_cycles; c++) {
        generate(&g);
        net_step(g.net);
        if ((c & 1023) == 0) np_progress("synthetic traffic, measuring", c, cfg->measure_cycles, "cycles");
    }
    np_progress_end();
    const net_stats *st = net_get_stats(g.net);
    res->accepted = (double)(st->flits[0] + st->flits[1]) / ((double)g.nodes * cfg->measure_cycles);
    net_close_window(g.net);
    g.in_window = false;
    /* drain: keep the load on until the window's packets are all delivered */
    uint64_t limit = audit ? cfg->max_cycles : cfg->drain_cycles;
    for (uint64_t c = 0; c < limit && st->latency_count[0] + st->latency_count[1] < g.window_expected; c++) {
        if (!audit) generate(&g);
        net_step(g.net);
    }
    res->drained = st->latency_count[0] + st->latency_count[1] == g.window_expected;
    if (audit) {   /* conservation: stop injecting and empty the network completely */
        for (uint64_t c = 0; c < cfg->max_cycles && !net_idle(g.net); c++) net_step(g.net);
        res->audit_missing = audit_missing(&g);
    }
    fill_result(&g, res);
    free(g.audit);
    net_destroy(g.net);
    return true;
}

bool traffic_run_cycles(const sim_config *cfg, uint64_t cycles, traffic_result *res, char *err, size_t err_len) {
    traffic_gen g;
    memset(res, 0, sizeof *res);
    if (!gen_init(&g, cfg, false, err, err_len)) return false;
    res->offered = cfg->injection_rate;
    for (uint64_t c = 0; c < cycles; c++) {
        generate(&g);
        net_step(g.net);
        if ((c & 1023) == 0) np_progress("synthetic traffic", c, cycles, "cycles");
    }
    np_progress_end();
    const net_stats *st = net_get_stats(g.net);
    res->accepted = (double)(st->flits[0] + st->flits[1]) / ((double)g.nodes * (double)cycles);
    res->drained = true;
    fill_result(&g, res);
    net_destroy(g.net);
    return true;
}
