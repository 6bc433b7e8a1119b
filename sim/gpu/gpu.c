/* GPU memory system: placement, construction, the cycle loop and the final figures. */
#include "gpu/gpu.h"
#include "cli_opts.h"  /* NP_EXIT_*: the exit-status table of every tool */
#include "np_progress.h"
#include "gpu/gpu_follow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned gpu_mc_of_line(uint64_t line, unsigned mcs) {
    return (unsigned)((line ^ (line >> 6) ^ (line >> 12)) % mcs);
}

static unsigned sub_partition_bits(const sim_config *cfg) {
    unsigned bits = 0;
    while ((1u << bits) < cfg->l2_sub_partitions) bits++;
    return cfg->dram == DRAM_GDDR5 ? bits : 0;
}

unsigned gpu_port_of_line(const sim_config *cfg, uint64_t line) {
    unsigned mc = gpu_mc_of_line(line, cfg->mcs), bits = sub_partition_bits(cfg), sub = 0;
    if (!bits) return mc;
    uint64_t local = line / cfg->mcs;
    for (unsigned b = 0; b < bits; b++) sub |= (unsigned)(local >> dram_bank_bit(&cfg->dramc, b) & 1u) << b;
    return mc * cfg->l2_sub_partitions + sub;
}

uint64_t gpu_slice_index(const sim_config *cfg, uint64_t line) {
    uint64_t local = line / cfg->mcs;
    for (unsigned b = sub_partition_bits(cfg); b-- > 0;) {   /* highest bit first: the lower positions stay put */
        unsigned pos = dram_bank_bit(&cfg->dramc, b);
        local = (local >> (pos + 1) << pos) | (local & ((1ull << pos) - 1u));
    }
    return local;
}

/* count positions spread evenly over 0..span-1: (2i+1)*span / (2*count). */
static unsigned spread(unsigned i, unsigned count, unsigned span) { return (2 * i + 1) * span / (2 * count); }

/* Diamond placement (docs/sim.md, Decision): the ring of nodes at Manhattan distance
 * (k - 2) / 2 from the mesh centre (one node in from the edges), in doubled coordinates
 * a = 2x - (k - 1), b = 2y - (k - 1), |a| + |b| = D. MCs are taken in rounds: each round gives
 * each vertex of the diamond (top, bottom, left, right) the free ring node nearest to it (ties:
 * lower node id); the chosen nodes are numbered in node order. For 8 MCs this is two MCs at
 * each vertex, the layout of seed 003's figure. False when the ring has fewer than n nodes. */
static bool diamond_nodes(unsigned k, unsigned n, unsigned mc_node[]) {
    int d = (int)k - 2 - (int)(k % 2), c = (int)k - 1;
    int ring[4 * SIM_MAX_MCS + 4][2];
    unsigned ring_n = 0;
    for (int y = 0; y < (int)k; y++)
        for (int x = 0; x < (int)k; x++) {
            int a = 2 * x - c, b = 2 * y - c;
            if (abs(a) + abs(b) == d && ring_n < sizeof ring / sizeof ring[0]) {
                ring[ring_n][0] = a;
                ring[ring_n][1] = b;
                ring_n++;
            }
        }
    if (n > ring_n) return false;
    static const int vertex[4][2] = {{0, -1}, {0, 1}, {-1, 0}, {1, 0}};   /* top, bottom, left, right */
    bool taken[sizeof ring / sizeof ring[0]] = {false};
    unsigned chosen = 0;
    while (chosen < n)
        for (unsigned v = 0; v < 4 && chosen < n; v++) {
            int va = vertex[v][0] * d, vb = vertex[v][1] * d;
            unsigned best = ring_n;
            for (unsigned i = 0; i < ring_n; i++) {   /* ring is in node order: first = lower id */
                if (taken[i]) continue;
                int dist = abs(ring[i][0] - va) + abs(ring[i][1] - vb);
                if (best == ring_n || dist < abs(ring[best][0] - va) + abs(ring[best][1] - vb)) best = i;
            }
            taken[best] = true;
            chosen++;
        }
    unsigned out = 0;
    for (unsigned i = 0; i < ring_n; i++)
        if (taken[i]) mc_node[out++] = (unsigned)((ring[i][1] + c) / 2) * k + (unsigned)((ring[i][0] + c) / 2);
    return true;
}

/* Nodes on the diamond ring of a k x k mesh (k >= 4). */
static unsigned diamond_ring_size(unsigned k) {
    int d = (int)k - 2 - (int)(k % 2), c = (int)k - 1;
    unsigned count = 0;
    for (int y = 0; y < (int)k; y++)
        for (int x = 0; x < (int)k; x++) count += abs(2 * x - c) + abs(2 * y - c) == d;
    return count;
}

static bool mesh_mc_nodes(const sim_config *cfg, unsigned mc_node[], char *err, size_t len) {
    unsigned k = cfg->mesh_k, n = config_mem_ports(cfg), half = n / 2;
    switch (cfg->mc_placement) {
    case PLACE_BOTTOM:
        if (n > k) break;
        for (unsigned i = 0; i < n; i++) mc_node[i] = (k - 1) * k + spread(i, n, k);
        return true;
    case PLACE_TOP_BOTTOM:
        if (n % 2 || half > k) break;
        for (unsigned i = 0; i < half; i++) {
            mc_node[i] = spread(i, half, k);
            mc_node[half + i] = (k - 1) * k + spread(i, half, k);
        }
        return true;
    case PLACE_EDGE:
        if (n % 2 || half > k) break;
        for (unsigned i = 0; i < half; i++) {
            mc_node[i] = spread(i, half, k) * k;
            mc_node[half + i] = spread(i, half, k) * k + k - 1;
        }
        return true;
    case PLACE_DIAMOND:
        if (k < 4 || !diamond_nodes(k, n, mc_node)) break;
        return true;
    case PLACE_LIST:
        if (cfg->mc_nodes.count != n) {
            snprintf(err, len, "config: mc_nodes lists %u nodes but mcs x l2_sub_partitions = %u", cfg->mc_nodes.count, n);
            return false;
        }
        for (unsigned i = 0; i < n; i++) {
            if (cfg->mc_nodes.v[i] >= k * k) {
                snprintf(err, len, "config: mc_nodes entry %u is outside the %ux%u mesh", cfg->mc_nodes.v[i], k, k);
                return false;
            }
            mc_node[i] = cfg->mc_nodes.v[i];
        }
        return true;
    }
    snprintf(err, len, "config: placement does not fit %u MCs on a %ux%u mesh (bottom: mcs <= k; top-bottom and "
             "edge: even mcs, mcs/2 <= k; diamond: k >= 4 and mcs <= the %u nodes of the diamond ring)", n, k, k,
             k >= 4 ? diamond_ring_size(k) : 0);
    return false;
}

bool gpu_place(const sim_config *cfg, unsigned sm_node[], unsigned mc_node[], char *err, size_t len) {
    unsigned nodes = config_nodes(cfg), ports = config_mem_ports(cfg);
    if (cfg->topology == TOPO_CROSSBAR) {
        for (unsigned i = 0; i < cfg->sms; i++) sm_node[i] = i;
        for (unsigned i = 0; i < ports; i++) mc_node[i] = cfg->sms + i;
        return true;
    }
    if (cfg->sms + ports > nodes) {
        snprintf(err, len, "config: sms + mcs x l2_sub_partitions = %u exceeds the %u mesh nodes", cfg->sms + ports, nodes);
        return false;
    }
    if (!mesh_mc_nodes(cfg, mc_node, err, len)) return false;
    bool taken[MCAST_MAX_NODES] = {false};
    for (unsigned i = 0; i < ports; i++) {
        if (taken[mc_node[i]]) {
            snprintf(err, len, "config: node %u holds two MCs", mc_node[i]);
            return false;
        }
        taken[mc_node[i]] = true;
    }
    unsigned next = 0;
    for (unsigned i = 0; i < cfg->sms; i++) {
        while (taken[next]) next++;
        sm_node[i] = next++;
    }
    return true;
}

/* ---- transactions and events ---------------------------------------------------------------- */

uint32_t gpu_txn_alloc(gpu_system *g) {
    if (g->txn_free == GPU_NONE) {
        uint32_t old = g->txn_cap, cap = old ? old * 2 : 4096;
        txn_t *grown = realloc(g->txn, (size_t)cap * sizeof *grown);
        uint8_t *kinds = realloc(g->wheel_kind, cap);
        if (!grown || !kinds) {
            fprintf(stderr, "npsim: out of memory (transactions)\n");
            exit(NP_EXIT_RESOURCE);
        }
        g->txn = grown;
        g->wheel_kind = kinds;
        if (g->follow && !follow_grow(g, cap)) {
            fprintf(stderr, "npsim: out of memory (transactions' kept lines)\n");
            exit(NP_EXIT_RESOURCE);
        }
        for (uint32_t i = old; i < cap; i++) g->txn[i].next = i + 1 < cap ? i + 1 : GPU_NONE;
        g->txn_free = old;
        g->txn_cap = cap;
    }
    uint32_t id = g->txn_free;
    g->txn_free = g->txn[id].next;
    memset(&g->txn[id], 0, sizeof g->txn[id]);
    g->txn[id].next = GPU_NONE;
    g->txn[id].group = GPU_NONE;
    return id;
}

void gpu_txn_free(gpu_system *g, uint32_t id) {
    if (g->follow) follow_freed(g, id);
    g->txn[id].next = g->txn_free;
    g->txn_free = id;
}

void gpu_schedule(gpu_system *g, uint32_t id, unsigned kind, unsigned delay) {
    unsigned bucket = (unsigned)((g->now + delay) & (g->wheel_size - 1));
    g->wheel_kind[id] = (uint8_t)kind;
    g->txn[id].next = g->wheel_head[bucket];
    g->wheel_head[bucket] = id;
    g->events++;
}

static void unit_start(gpu_system *g, gpu_unit *u, uint32_t id, unsigned kind, const codec_latency *l) {
    gpu_schedule(g, id, kind, l->cycles);
    u->free_at = g->now + l->ii;
}

void gpu_unit_offer(gpu_system *g, gpu_unit *u, uint32_t id, unsigned kind, const codec_latency *l) {
    if (l->ii <= 1) {                     /* a full pipeline: never waits (as before II was modelled) */
        gpu_schedule(g, id, kind, l->cycles);
        return;
    }
    if (u->len == 0 && g->now >= u->free_at) {
        unit_start(g, u, id, kind, l);
        return;
    }
    g->txn[id].next = GPU_NONE;
    if (u->len == 0) u->head = id;
    else g->txn[u->tail].next = id;
    u->tail = id;
    u->len++;
}

void gpu_unit_step(gpu_system *g, gpu_unit *u, unsigned kind, const codec_latency *l) {
    if (u->len == 0 || g->now < u->free_at) return;
    uint32_t id = u->head;
    u->head = g->txn[id].next;
    u->len--;
    unit_start(g, u, id, kind, l);
}

/* The SMs' queued units (only when one has II > 1: otherwise nothing ever waits in them). */
static void step_sm_units(gpu_system *g) {
    for (unsigned i = 0; i < g->nsm; i++) {
        sm_t *s = &g->sm[i];
        gpu_unit_step(g, &s->decomp, EV_FILL, &g->timing.decomp);
        for (unsigned m = 1; s->l1c && m < LATTE_MODES; m++)
            gpu_unit_step(g, &s->l1c_comp[m], EV_L1C_INSERT, &g->l1c.timing[m].comp);
    }
}

static void run_events(gpu_system *g) {
    unsigned bucket = (unsigned)(g->now & (g->wheel_size - 1));
    uint32_t id = g->wheel_head[bucket];
    g->wheel_head[bucket] = GPU_NONE;
    while (id != GPU_NONE) {
        uint32_t next = g->txn[id].next;
        g->events--;
        switch (g->wheel_kind[id]) {
        case EV_L2_DONE: mc_l2_done(g, id); break;
        case EV_CODEC_DONE: mc_codec_done(g, id); break;
        case EV_L1C_INSERT: sm_l1c_insert(g, id); break;
        default: sm_fill(g, id); break;
        }
        id = next;
    }
}

/* ---- network client ------------------------------------------------------------------------ */

static bool on_accept(void *ctx, network *net, const packet_t *p, unsigned node) {
    (void)net;
    gpu_system *g = ctx;
    if (p->cls == CLASS_REQUEST) return mc_accept(g, g->mc_of_node[node]);
    return true;
}

static void on_deliver(void *ctx, network *net, const packet_t *p, unsigned node) {
    (void)net, (void)node;
    gpu_system *g = ctx;
    if (p->cls == CLASS_REQUEST) mc_request(g, p->user);
    else if (p->user & GPU_GROUP_FLAG) sm_reply(g, mc_group_deliver(g, p->user, node));   /* PCU multicast reply */
    else sm_reply(g, p->user);
}

/* ---- construction -------------------------------------------------------------------------- */

static bool build_approx_map(gpu_system *g, char *err, size_t len) {
    dsm_approx_map_init(&g->approx);
    if (!g->timing.def->approximates || g->cfg.approx_bits == 0) return true;
    unsigned idx = 0;
    for (unsigned i = 0; i < g->img->nregions; i++) {
        const mem_region *r = &g->img->region[i];
        if (strcmp(r->type, g->cfg.approx_regions) != 0 || r->bytes < 128) continue;
        np_result res = dsm_approx_map_set(&g->approx, idx, r->base / 128u, (r->base + r->bytes - 1) / 128u,
                                           g->cfg.approx_bits);
        if (res != NP_OK) {
            snprintf(err, len, "approximation map: region %s (entry %u, %u bits): %s", r->name, idx,
                     g->cfg.approx_bits, idx >= DSM_APPROX_ENTRIES ? "more regions than the map's 8 entries"
                                                                  : np_result_name(res));
            return false;
        }
        idx++;
    }
    return true;
}

/* The MC data-filtering table (dft.c) sized for this machine: dft_entries entries, an SM id
 * wide enough for every SM, 41-bit line addresses (docs/conventions.md). */
static bool init_filter_table(gpu_system *g, dft_table *t, char *err, size_t len) {
    dft_config c;
    dft_config_default(&c);
    c.entries = g->cfg.dft_entries;
    for (c.sm_id_bits = 1; (1u << c.sm_id_bits) < g->nsm; c.sm_id_bits++) {}
    if (dft_init_config(t, &c) != NP_OK) {
        snprintf(err, len, "config: dft_entries = %u is outside 1..%u", g->cfg.dft_entries, DFT_MAX_ENTRIES);
        return false;
    }
    return true;
}

static bool build(gpu_system *g, char *err, size_t len) {
    unsigned sm_node[MCAST_MAX_NODES], mc_node[SIM_MAX_MCS];
    if (!gpu_place(&g->cfg, sm_node, mc_node, err, len)) return false;
    g->nsm = g->cfg.sms;
    g->nmc = config_mem_ports(&g->cfg);
    g->nchan = g->cfg.mcs;
    memset(g->sm_of_node, 0xff, sizeof g->sm_of_node);
    memset(g->mc_of_node, 0xff, sizeof g->mc_of_node);
    g->sm = calloc(g->nsm, sizeof *g->sm);
    g->mc = calloc(g->nmc, sizeof *g->mc);
    for (unsigned i = 0; i < g->nsm; i++) {
        sm_t *s = &g->sm[i];
        s->node = sm_node[i];
        g->sm_of_node[s->node] = i;
        if (!cache_init(&s->l1, g->cfg.l1_kb, g->cfg.l1_assoc)) {
            snprintf(err, len, "config: l1_kb = %u KiB does not divide into %u-way sets of 128-byte lines",
                     g->cfg.l1_kb, g->cfg.l1_assoc);
            return false;
        }
        if (config_l1_tag_unit(g->cfg.l1_policy) &&
            !l1_tags_init(&s->tags, g->cfg.l1_kb, g->cfg.l1_assoc, g->cfg.l1_policy == L1_BA ? BA_MODE_BA : BA_MODE_LRU,
                          g->cfg.l1_ba_threshold)) {
            snprintf(err, len, "config: l1_kb = %u KiB in %u-way sets (threshold %u) does not fit the BA tag unit",
                     g->cfg.l1_kb, g->cfg.l1_assoc, g->cfg.l1_ba_threshold);
            return false;
        }
        if (g->cfg.l1_compression != L1C_NONE && !(s->l1c = l1c_sm_new(&g->l1c, err, len))) return false;
        s->hit_cycles = g->cfg.l1_hit_latency;
        s->decomp.head = s->decomp.tail = GPU_NONE;
        for (unsigned m = 0; m < LATTE_MODES; m++) s->l1c_comp[m].head = s->l1c_comp[m].tail = GPU_NONE;
        s->mshr = calloc(g->cfg.l1_mshrs, sizeof *s->mshr);
        for (unsigned m = 0; m < g->cfg.l1_mshrs; m++) {
            s->mshr[m].waiter = calloc(g->cfg.l1_mshr_merge, sizeof(uint16_t));
            s->mshr[m].waiter_issue = calloc(g->cfg.l1_mshr_merge, sizeof(uint64_t));
            s->mshr[m].waiter_mask = calloc(g->cfg.l1_mshr_merge, 1);
        }
        s->l1_valid = calloc((size_t)s->l1.sets * s->l1.ways, 1);
        s->l1_reserved = calloc((size_t)s->l1.sets * s->l1.ways, 1);
        s->l1_demand = calloc((size_t)s->l1.sets * s->l1.ways, sizeof *s->l1_demand);
        rcwm_config rc = {g->cfg.rc_window, g->cfg.rc_ica_pct, g->cfg.rc_fdr_pct};
        if (g->cfg.rc && rcwm_init(&s->rc, &rc) != NP_OK) {
            snprintf(err, len, "config: rc_window = %u, rc_ica_pct = %u, rc_fdr_pct = %u: outside 1..32, 0..100",
                     rc.window, rc.ica_pct, rc.fdr_pct);
            return false;
        }
        s->warp = calloc(g->cfg.warps_per_sm, sizeof *s->warp);
    }
    for (unsigned i = 0; i < g->nmc; i++) {
        mc_t *m = &g->mc[i];
        m->node = mc_node[i];
        m->channel = i / (g->nmc / g->nchan);
        m->sub = i % (g->nmc / g->nchan);
        g->mc_of_node[m->node] = i;
        m->req_head = m->req_tail = m->rep_head = m->rep_tail = GPU_NONE;
        if (!cache_init(&m->l2, g->cfg.l2_kb, g->cfg.l2_assoc)) {
            snprintf(err, len, "config: l2_kb = %u KiB does not divide into %u-way sets", g->cfg.l2_kb, g->cfg.l2_assoc);
            return false;
        }
        if (g->filtering && !init_filter_table(g, &m->dft, err, len)) return false;
        if (g->cfg.pcu_rgrs && !mc_pcu_init(g, m, err, len)) return false;
        if (g->cfg.dram == DRAM_GDDR5 && !mc_mem_init(g, m, err, len)) return false;
    }
    /* seed 003 Fig. 2b: the blocks the run stores to are read-write data (locality.h) */
    for (size_t i = 0; i < g->trace->count; i++) {
        const trace_access *a = &g->trace->a[i];
        if (a->write && !loc_mark_written(&g->potential, a->addr >> 7)) {
            snprintf(err, len, "out of memory (potential-locality table)");
            return false;
        }
    }
    /* each warp's accesses, in trace order (core = none); core = sm places warps itself (its
     * warp ids may exceed warps_per_sm: thread blocks wait for free warp slots, core.c) */
    if (g->cfg.core == CORE_SM) {
        for (size_t i = 0; i < g->trace->count; i++) g->sm[g->trace->a[i].sm].unfinished++;
    } else {
        for (size_t i = 0; i < g->trace->count; i++) {
            const trace_access *a = &g->trace->a[i];
            g->sm[a->sm].warp[a->warp].count++;
        }
        for (unsigned i = 0; i < g->nsm; i++)
            for (unsigned w = 0; w < g->cfg.warps_per_sm; w++) {
                warp_t *wp = &g->sm[i].warp[w];
                wp->acc = malloc((wp->count ? wp->count : 1) * sizeof *wp->acc);
                g->sm[i].unfinished += wp->count;
                wp->count = 0;
            }
        for (size_t i = 0; i < g->trace->count; i++) {
            const trace_access *a = &g->trace->a[i];
            warp_t *wp = &g->sm[a->sm].warp[a->warp];
            wp->acc[wp->count++] = (uint32_t)i;
        }
    }
    unsigned longest = g->cfg.l2_hit_latency > g->cfg.dram_latency ? g->cfg.l2_hit_latency : g->cfg.dram_latency;
    longest += g->timing.comp.cycles + g->timing.approx.cycles + g->timing.decomp.cycles;
    for (unsigned m = 1; g->cfg.l1_compression != L1C_NONE && m < LATTE_MODES; m++)
        if (g->l1c.timing[m].comp.cycles > longest) longest = g->l1c.timing[m].comp.cycles;
    for (g->wheel_size = 64; g->wheel_size <= longest; g->wheel_size *= 2) {}
    g->queued_units = g->timing.decomp.ii > 1;
    for (unsigned m = 1; g->cfg.l1_compression != L1C_NONE && m < LATTE_MODES; m++)
        g->queued_units |= g->l1c.timing[m].comp.ii > 1;
    g->wheel_head = malloc(g->wheel_size * sizeof *g->wheel_head);
    memset(g->wheel_head, 0xff, g->wheel_size * sizeof *g->wheel_head);
    g->txn_free = GPU_NONE;
    g->grp_free = GPU_NONE;
    g->bits_memo = calloc(g->img->size / 128u, sizeof *g->bits_memo);
    g->codec = codec_inst_new(g->timing.def, g->img, g->nmc * g->nsm, err, len);   /* one link per MC -> SM pair */
    if (!g->codec) return false;
    if (!build_approx_map(g, err, len)) return false;
    net_client client = {g, on_accept, on_deliver};
    sim_config net_cfg = g->cfg;
    if (g->cfg.pcu_rgrs) {               /* PCU replies are multicast: the network must carry a whole raw reply */
        unsigned reply = config_packet_flits(&net_cfg, CODEC_LINE_BITS);
        if (net_cfg.mcast_max_flits < reply) net_cfg.mcast_max_flits = reply;
    }
    g->net = net_create(&net_cfg, &client, err, len);
    return g->net != NULL;
}

static void destroy(gpu_system *g) {
    core_free(g);
    follow_free(g);
    for (unsigned i = 0; g->sm && i < g->nsm; i++) {
        sm_t *s = &g->sm[i];
        cache_free(&s->l1);
        l1_tags_free(&s->tags);
        l1c_sm_free(s->l1c);
        for (unsigned m = 0; s->mshr && m < g->cfg.l1_mshrs; m++) {
            free(s->mshr[m].waiter);
            free(s->mshr[m].waiter_issue);
            free(s->mshr[m].waiter_mask);
        }
        free(s->l1_valid);
        free(s->l1_reserved);
        free(s->l1_demand);
        free(s->mshr);
        for (unsigned w = 0; s->warp && w < g->cfg.warps_per_sm; w++) free(s->warp[w].acc);
        free(s->warp);
    }
    for (unsigned i = 0; g->mc && i < g->nmc; i++) {
        cache_free(&g->mc[i].l2);
        mc_pcu_free(&g->mc[i]);
        mc_mem_free(&g->mc[i]);
    }
    free(g->grp);
    loc_free(&g->potential);
    free(g->sm);
    free(g->mc);
    free(g->txn);
    free(g->wheel_kind);
    free(g->wheel_head);
    free(g->bits_memo);
    l1c_setup_free(&g->l1c);
    codec_inst_free(g->codec);
    net_destroy(g->net);
}

/* ---- run ----------------------------------------------------------------------------------- */

static bool finished(const gpu_system *g) {
    for (unsigned i = 0; i < g->nsm; i++)
        if (g->sm[i].unfinished || (g->sm[i].core && !core_sm_done(g, &g->sm[i]))) return false;
    return g->events == 0 && net_idle(g->net);
}

/* dram = gddr5: the slices' and DRAMs' counters, summed over the MCs. */
static void collect_memory(gpu_system *g) {
    gpu_stats *st = &g->st;
    for (unsigned i = 0; i < g->nmc; i++) {
        const l2s_stats *l = &g->mc[i].l2s.st;
        st->l2s.hits += l->hits, st->l2s.misses += l->misses, st->l2s.merges += l->merges;
        st->l2s.reservation_fails += l->reservation_fails, st->l2s.writebacks += l->writebacks;
        st->l2s.mshr_occupancy_sum += l->mshr_occupancy_sum, st->l2s.ticks += l->ticks;
        if (g->mc[i].sub) continue;                   /* the MC's DRAM is in its sub-partition 0 */
        const dram_stats *d = &g->mc[i].dram.st;
        st->dram_st.reads += d->reads, st->dram_st.writes += d->writes;
        st->dram_st.columns += d->columns, st->dram_st.acts += d->acts, st->dram_st.pres += d->pres;
        st->dram_st.row_hits += d->row_hits;
        st->dram_st.queue_lat_sum += d->queue_lat_sum, st->dram_st.service_lat_sum += d->service_lat_sum;
        st->dram_st.busy_cycles += d->busy_cycles, st->dram_st.occupancy_sum += d->occupancy_sum;
        if (d->t_last > d->t_first)
            st->dram_window_bytes += (double)(d->reads + d->writes) * DRAM_LINE_BYTES / (double)(d->t_last - d->t_first);
    }
    st->dram_cycles = g->now * g->cfg.dram_mhz / g->cfg.core_mhz;
    st->dram_peak_bytes = dram_peak_bytes_per_cycle(&g->cfg.dramc) * g->nchan;
    st->dram_per_core = (double)g->cfg.dram_mhz / g->cfg.core_mhz;
    st->l2_mshrs = g->cfg.l2_mshrs;
}

/* The run's length in LATTE-CC's own unit: EPs of the SM with fewest and most, and of the SM with
 * fewest among those the application used (docs/latte.md 4.1; docs/paper.md "Run lengths"). */
static void collect_l1c_run_length(gpu_system *g) {
    l1c_stats *l = &g->st.l1c;
    l->sms = g->nsm;
    l->period_eps = g->l1c.geo.period_eps;
    for (unsigned i = 0; i < g->nsm; i++) {
        uint64_t e = l1c_sm_eps(g->sm[i].l1c);
        if (i == 0 || e < l->sm_eps_min) l->sm_eps_min = e;
        if (e > l->sm_eps_max) l->sm_eps_max = e;
        if (!l1c_sm_accesses(g->sm[i].l1c)) continue;   /* an SM the application never used */
        if (l->sms_accessed++ == 0 || e < l->accessed_eps_min) l->accessed_eps_min = e;
    }
}

static void collect(gpu_system *g) {
    const net_stats *ns = net_get_stats(g->net);
    gpu_stats *st = &g->st;
    st->completion_cycles = g->now;
    st->cdt.rc = g->cfg.rc;
    st->cdt.rc_window = g->cfg.rc_window;
    st->cdt.rc_ica_pct = g->cfg.rc_ica_pct;
    st->cdt.rc_fdr_pct = g->cfg.rc_fdr_pct;
    for (unsigned i = 0; i < g->nsm; i++)        /* blocks still in the LRU L1s: used until the end (cdt.h) */
        for (size_t k = 0; g->sm[i].l1_demand && k < (size_t)g->sm[i].l1.sets * g->sm[i].l1.ways; k++)
            cdt_retire(&st->cdt, &g->sm[i].l1_demand[k], true);
    for (unsigned i = 0; i < g->nmc; i++) st->mc_stall_cycles += g->mc[i].stall_cycles;
    st->dram = g->cfg.dram;
    st->l1_alloc = g->cfg.l1_alloc;
    if (g->cfg.dram == DRAM_GDDR5) collect_memory(g);
    st->mcs = g->nmc;
    st->channels = g->nchan;
    st->reply_packets = ns->injected_packets[CLASS_REPLY];
    st->reply_flits = ns->injected_flits[CLASS_REPLY];
    st->request_packets = ns->injected_packets[CLASS_REQUEST];
    st->request_flits = ns->injected_flits[CLASS_REQUEST];
    st->link_flits = ns->link_flits;
    st->links = net_links(g->net);
    st->link_utilisation = st->links && g->now ? (double)st->link_flits / ((double)st->links * (double)g->now) : 0;
    st->l1_policy = g->cfg.l1_policy;
    st->pcu_rgrs = g->cfg.pcu_rgrs;
    st->potential = g->potential.n;
    for (unsigned i = 0; config_l1_tag_unit(g->cfg.l1_policy) && i < g->nsm; i++)
        for (unsigned o = 0; o < BA_OUTCOMES; o++) st->l1_outcome[o] += g->sm[i].tags.unit.count[o];
    st->channel_bits = config_channel_bits(&g->cfg);
    st->l1c.scheme = g->cfg.l1_compression;
    if (g->cfg.l1_compression != L1C_NONE) collect_l1c_run_length(g);
    for (unsigned m = 1; g->cfg.l1_compression != L1C_NONE && m < LATTE_MODES; m++) {
        snprintf(st->l1c.codec_name[m], sizeof st->l1c.codec_name[m], "%s", g->l1c.codec[m]->name);
        st->l1c.timing[m] = g->l1c.timing[m];
        st->l1c.dlat_clamped = g->l1c.dlat_clamped;
    }
    st->core = g->cfg.core;
    if (g->cfg.core == CORE_SM) {
        st->scheduler = g->cfg.scheduler;
        st->sms = g->nsm;
        st->schedulers_per_sm = g->cfg.schedulers_per_sm;
        core_collect(g);
    }
    st->amat = st->reads ? ((double)st->l1_hits * g->cfg.l1_hit_latency + (double)st->read_miss_lat_sum) / (double)st->reads : 0;
}

bool gpu_run(const sim_config *cfg, const mem_image *img, const trace_t *trace, gpu_stats *out,
             codec_timing *timing_out, char *err, size_t err_len) {
    return gpu_run_observed(cfg, img, trace, out, timing_out, NULL, NULL, err, err_len);
}

static bool run_one(const sim_config *cfg, const mem_image *img, const trace_t *trace, gpu_stats *out,
                    codec_timing *timing_out, gpu_l1_observer observer, void *ctx, gpu_reply_observer reply_observer,
                    void *reply_ctx, char *err, size_t err_len) {
    const codec_def *def = codec_find(cfg->compressor);
    if (!def) {
        snprintf(err, err_len, "config: unknown compressor '%s' (npsim codecs lists them)", cfg->compressor);
        return false;
    }
    gpu_system *g = calloc(1, sizeof *g);
    g->cfg = *cfg;
    g->img = img;
    g->trace = trace;
    g->l1_observer = observer;
    g->l1_observer_ctx = ctx;
    g->reply_observer = reply_observer;
    g->reply_observer_ctx = reply_ctx;
    codec_timing_load(&g->timing, def, cfg->synth_report, cfg->reply_compressor_latency,
                      cfg->reply_decompressor_latency);
    g->filtering = codec_filters(def);
    if (cfg->pcu_rgrs && g->filtering) {  /* docs/sim.md "Packet coalescing": one reply cannot carry per-SM maps */
        snprintf(err, err_len, "config: pcu_rgrs > 0 does not combine with the data-filtering compressor '%s'",
                 cfg->compressor);
        free(g);
        return false;
    }
    if (cfg->l1_policy == L1_BYPASS && g->filtering) {   /* docs/sim.md "L1 policies": the MC table would absorb a read */
        snprintf(err, err_len, "config: l1_policy = bypass does not combine with the data-filtering compressor '%s' "
                 "(its MC table answers one read per SM and line; bypassed reads each need their own reply)",
                 cfg->compressor);
        free(g);
        return false;
    }
    if (cfg->rc && (!g->filtering || cfg->l1_policy != L1_LRU)) {   /* docs/sim.md "Request controller ..." */
        snprintf(err, err_len, "config: rc = 1 needs a data-filtering compressor (df-truc, df-man) and l1_policy = lru "
                 "(compressor '%s', l1_policy %s)", cfg->compressor, config_l1_policy_name(cfg->l1_policy));
        free(g);
        return false;
    }
    if (cfg->l1_compression != L1C_NONE && g->filtering) {   /* a partial line cannot be compressed into the L1 */
        snprintf(err, err_len, "config: l1_compression = %s does not combine with the data-filtering compressor '%s'",
                 config_l1_compression_name(cfg->l1_compression), cfg->compressor);
        free(g);
        return false;
    }
    if (cfg->l1_compression != L1C_NONE && !config_l1_compression_fits(cfg, err, err_len)) {
        free(g);
        return false;
    }
    if (cfg->l1_compression != L1C_NONE && !l1c_setup_init(&g->l1c, cfg, img, err, err_len)) {
        free(g);
        return false;
    }
    /* the memory-only model has no thread blocks in time: it refuses a trace of several kernel
     * launches rather than run them overlapped (docs/sim.md "Kernel launches") */
    for (size_t i = 0; cfg->core == CORE_NONE && i < trace->nblk; i++)
        if (trace->blk[i].launch) {
            snprintf(err, err_len, "trace block %zu is in kernel launch %u: core = none runs single-launch traces only "
                     "(core = sm runs the launches one after another)", i + 1, trace->blk[i].launch + 1u);
            free(g);
            return false;
        }
    for (size_t i = 0; cfg->core == CORE_NONE && i < trace->count; i++)
        if (trace->a[i].sm >= cfg->sms || trace->a[i].warp >= cfg->warps_per_sm) {
            snprintf(err, err_len, "trace access %zu: sm %u / warp %u outside the machine (%u SMs, %u warps; core = sm "
                     "runs more warps than warps_per_sm by thread blocks)", i + 1, trace->a[i].sm, trace->a[i].warp,
                     cfg->sms, cfg->warps_per_sm);
            free(g);
            return false;
        }
    for (size_t i = 0; cfg->core == CORE_NONE && i < trace->nin; i++)
        if (trace->in[i].sm >= cfg->sms || trace->in[i].warp >= cfg->warps_per_sm) {
            snprintf(err, err_len, "trace instruction %zu: sm %u / warp %u outside the machine (%u SMs, %u warps; "
                     "core = sm runs more warps than warps_per_sm by thread blocks)", i + 1, trace->in[i].sm,
                     trace->in[i].warp, cfg->sms, cfg->warps_per_sm);
            free(g);
            return false;
        }
    if (cfg->core == CORE_SM && !trace_check(trace, cfg->sms, CORE_MAX_WARPS, err, err_len)) {
        free(g);
        return false;
    }
    for (size_t i = 0; cfg->core == CORE_SM && i < trace->nblk; i++)
        if (trace->blk[i].nwarps > cfg->warps_per_sm) {
            snprintf(err, err_len, "trace block %zu: %u warps do not fit in warps_per_sm = %u", i + 1,
                     trace->blk[i].nwarps, cfg->warps_per_sm);
            free(g);
            return false;
        }
    bool ok = follow_init(g, err, err_len);   /* before anything reads the image: the run's own copy */
    g->l1c.img = g->img;
    ok = ok && build(g, err, err_len);
    if (ok && cfg->core == CORE_SM) ok = core_build(g, err, err_len);
    if (ok) ok = follow_map(g, err, err_len);
    while (ok && !finished(g)) {
        if (g->now >= cfg->max_cycles) {
            snprintf(err, err_len, "run did not finish within max_cycles = %llu (deadlock or a too small limit)",
                     (unsigned long long)cfg->max_cycles);
            ok = false;
            break;
        }
        run_events(g);
        if (g->queued_units) step_sm_units(g);
        if (g->cfg.core == CORE_SM)
            for (unsigned i = 0; i < g->nsm; i++) core_step(g, &g->sm[i]);
        else
            for (unsigned i = 0; i < g->nsm; i++)
                if (g->sm[i].unfinished) sm_issue(g, &g->sm[i]);
        for (unsigned i = 0; i < g->nmc; i++) mc_step(g, &g->mc[i]);
        net_step(g->net);
        g->now = net_now(g->net);
        if ((g->now & 4095) == 0) np_progress("GPU run", g->now, 0, "cycles");
    }
    np_progress_end();
    if (ok && g->cfg.pcu_rgrs) ok = mc_pcu_drained(g, err, err_len);
    if (ok) {
        collect(g);
        *out = g->st;
        if (timing_out) *timing_out = g->timing;
    }
    destroy(g);
    free(g);
    return ok;
}

/* Kernel-OPT (seed 004 sec. V-B; docs/latte.md 7): the oracle picks, per kernel, the static mode
 * with the shortest execution. A trace here is one kernel (the formats keep no kernel boundary,
 * docs/sim.md), so it is the fastest of Static none, BDI and SC over the whole run; ties go to
 * the lower mode (less decompression). */
static bool run_kernel_opt(const sim_config *cfg, const mem_image *img, const trace_t *trace, gpu_stats *out,
                           codec_timing *timing_out, gpu_l1_observer observer, void *ctx, char *err, size_t err_len) {
    static const sim_l1_compression statics[LATTE_MODES] = {L1C_NONE, L1C_BDI, L1C_SC};
    gpu_stats *st = malloc(sizeof *st);
    if (!st) {
        snprintf(err, err_len, "out of memory");
        return false;
    }
    bool have = false;
    for (unsigned m = 0; m < LATTE_MODES; m++) {
        sim_config c = *cfg;
        c.l1_compression = statics[m];
        codec_timing tm;
        if (!run_one(&c, img, trace, st, &tm, observer, ctx, NULL, NULL, err, err_len)) {
            free(st);
            return false;
        }
        if (have && st->completion_cycles >= out->completion_cycles) continue;
        *out = *st;
        out->l1c.kernel_opt_mode = m;
        if (timing_out) *timing_out = tm;
        have = true;
    }
    out->l1c.scheme = L1C_KERNEL_OPT;
    free(st);
    return true;
}

bool gpu_run_observed(const sim_config *cfg, const mem_image *img, const trace_t *trace, gpu_stats *out,
                      codec_timing *timing_out, gpu_l1_observer observer, void *ctx, char *err, size_t err_len) {
    if (cfg->l1_compression == L1C_KERNEL_OPT) {
        if (!config_l1_compression_fits(cfg, err, err_len)) return false;
        return run_kernel_opt(cfg, img, trace, out, timing_out, observer, ctx, err, err_len);
    }
    return run_one(cfg, img, trace, out, timing_out, observer, ctx, NULL, NULL, err, err_len);
}

bool gpu_run_replies(const sim_config *cfg, const mem_image *img, const trace_t *trace, gpu_stats *out,
                     gpu_reply_observer observer, void *ctx, char *err, size_t err_len) {
    return run_one(cfg, img, trace, out, NULL, NULL, NULL, observer, ctx, err, err_len);
}
