/* SM: warps issue trace accesses into the L1 data cache; misses allocate or merge into MSHRs
 * and go to the MC as request packets; replies (after decompression) fill the L1 and wake every
 * merged warp. Writes are write-through, no-allocate, and count as outstanding until acked. */
#include "gpu/gpu.h"
#include "gpu/gpu_follow.h"

/* A line request tagged `tag` completed: in core = none the tag is the warp (one more miss it
 * may have in flight), in core = sm the core model's load slot (core.c). */
static void request_done(gpu_system *g, sm_t *s, unsigned tag) {
    if (s->core) core_access_done(g, s, tag);
    else s->warp[tag].outstanding--;
}

static void send_request(gpu_system *g, sm_t *s, uint32_t id, uint64_t payload_bits) {
    txn_t *t = &g->txn[id];
    t->t_req_created = g->now;
    unsigned mc_node = g->mc[t->mc].node;
    net_send_unicast(g->net, s->node, mc_node, CLASS_REQUEST, net_packet_flits(g->net, payload_bits), id);
}

static uint32_t new_txn(gpu_system *g, sm_t *s, unsigned warp, const trace_access *a) {
    uint32_t id = gpu_txn_alloc(g);
    txn_t *t = &g->txn[id];
    t->line = a->addr >> 7;
    t->t_issue = g->now;
    t->sm = (uint16_t)(s - g->sm);
    t->warp = (uint16_t)warp;
    t->mc = (uint16_t)gpu_port_of_line(&g->cfg, t->line);
    t->write = a->write;
    t->mask = a->mask;
    t->atomic = a->atomic;
    if (a->atomic) t->map = 0xFu;                  /* the whole line, whatever the compressor filters */
    t->mshr = UINT16_MAX;
    if (g->follow) follow_sent(g, id, a);
    return id;
}

static void tags_observe(gpu_system *g, sm_t *s, uint64_t line, bool write, const ba_result *r) {
    if (g->l1_observer) g->l1_observer(g->l1_observer_ctx, (unsigned)(s - g->sm), line, write, r);
}

static void issue_write(gpu_system *g, sm_t *s, unsigned w, const trace_access *a) {
    uint64_t line = a->addr >> 7;
    if (config_l1_tag_unit(g->cfg.l1_policy)) {      /* write-evict on a match, else no-allocate */
        ba_result r = l1_tags_access(&s->tags, line, true);
        tags_observe(g, s, line, true, &r);
    } else {
        cache_access(&s->l1, line, line);             /* a hit only refreshes LRU (write-through) */
    }
    uint32_t id = new_txn(g, s, w, a);
    unsigned sub_blocks = (unsigned)__builtin_popcount(a->mask);
    send_request(g, s, id, (uint64_t)sub_blocks * 32u * 8u);
    g->st.writes++;
}

static mshr_t *find_mshr(sm_t *s, unsigned count, uint64_t line) {
    for (unsigned i = 0; i < count; i++)
        if (s->mshr[i].valid && s->mshr[i].line == line) return &s->mshr[i];
    return NULL;
}

/* ---- l1_alloc = miss: GPGPU-Sim 3.x's allocate-on-miss L1 (gpu-cache.cc, read not copied) -------
 * A read miss reserves its line's way at the miss (the way's old line leaves then); the reserved
 * way serves no hit and cannot be a victim until the fill. The miss cannot be taken (a
 * reservation failure: the access stalls and retries) when every way of its set is reserved,
 * when no MSHR (or no merge slot of its line's MSHR) is free, or when the L1 miss queue (the
 * request packets waiting at the SM's network interface) holds l1_miss_queue requests. */
static bool resfail(gpu_system *g, unsigned cause) {
    if (g->cfg.l1_alloc == L1_ALLOC_MISS) g->st.l1_resfail[cause]++;
    return false;
}

static void wm_event(gpu_system *g, sm_t *s, const cdt_demand *d);

/* Reserve a way for line's miss (l1_alloc = miss); false on a reservation failure. */
static bool reserve_way(gpu_system *g, sm_t *s, uint64_t line) {
    if (net_queued(g->net, s->node, CLASS_REQUEST) >= g->cfg.l1_miss_queue) return resfail(g, L1_RESFAIL_MISSQ);
    int slot = cache_victim_unlocked(&s->l1, line, s->l1_reserved);
    if (slot < 0) return resfail(g, L1_RESFAIL_WAY);
    if (s->l1.tag[slot]) {                            /* the way's line is evicted now */
        wm_event(g, s, &s->l1_demand[slot]);
        cdt_retire(&g->st.cdt, &s->l1_demand[slot], false);
    }
    cache_set(&s->l1, (unsigned)slot, line);
    s->l1_reserved[slot] = 1;
    s->l1_valid[slot] = 0;
    return true;
}

/* A read: true when it issued (hit, merge or new miss), false when the MSHRs cannot take it
 * (or, l1_alloc = miss, on a reservation failure). */
static bool issue_read(gpu_system *g, sm_t *s, unsigned w, const trace_access *a) {
    uint64_t line = a->addr >> 7;
    bool alloc_miss = g->cfg.l1_alloc == L1_ALLOC_MISS;
    int hit = cache_slot(&s->l1, line, line);
    if (hit >= 0 && !(alloc_miss && s->l1_reserved[hit])) {
        cache_touch(&s->l1, (unsigned)hit);
        cdt_use(&s->l1_demand[hit], a->mask);
        g->st.reads++;
        g->st.l1_hits++;
        s->unfinished--;
        return true;
    }
    mshr_t *m = find_mshr(s, g->cfg.l1_mshrs, line);
    if (m) {
        if (m->nwait == g->cfg.l1_mshr_merge) return resfail(g, L1_RESFAIL_MSHR);
        g->st.mshr_merges++;
    } else {
        if (s->mshr_used == g->cfg.l1_mshrs) return resfail(g, L1_RESFAIL_MSHR);
        if (alloc_miss && !reserve_way(g, s, line)) return false;
        for (unsigned i = 0; i < g->cfg.l1_mshrs && !m; i++)
            if (!s->mshr[i].valid) m = &s->mshr[i];
        m->valid = 1;
        m->line = line;
        m->nwait = 0;
        m->demand = (cdt_demand){0, 0};
        s->mshr_used++;
        g->st.cdt.fm++;
        uint32_t id = new_txn(g, s, w, a);
        g->txn[id].mshr = (uint16_t)(m - s->mshr);
        send_request(g, s, id, 0);
    }
    cdt_use(&m->demand, a->mask);
    m->waiter[m->nwait] = (uint16_t)w;
    m->waiter_issue[m->nwait] = g->now;
    m->nwait++;
    g->st.reads++;
    g->st.l1_misses++;
    return true;
}

/* ---- simple bypassing (l1_policy = bypass; seed 002 sec. 5.5, "simple bypassing which bypass all
 * cache requests"; docs/sim.md "L1 policies") ---------------------------------------------------
 * Every read goes to memory with a request of its own, as GPGPU-Sim's L1 bypass sends each
 * access to the interconnect: no tag lookup, no merge with an earlier request for the same line,
 * no fill. Each read in flight holds an MSHR entry (the model's bound on a core's outstanding
 * reads), which its reply frees. */
static bool issue_read_bypass(gpu_system *g, sm_t *s, unsigned w, const trace_access *a) {
    if (s->mshr_used == g->cfg.l1_mshrs) return false;
    mshr_t *m = NULL;
    for (unsigned i = 0; i < g->cfg.l1_mshrs && !m; i++)
        if (!s->mshr[i].valid) m = &s->mshr[i];
    m->valid = 1;
    m->line = GPU_BYPASS_LINE;            /* never found by find_mshr: no later read merges into it */
    m->nwait = 1;
    m->waiter[0] = (uint16_t)w;
    m->waiter_issue[0] = g->now;
    s->mshr_used++;
    uint32_t id = new_txn(g, s, w, a);
    g->txn[id].mshr = (uint16_t)(m - s->mshr);
    send_request(g, s, id, 0);
    g->st.reads++;
    g->st.l1_misses++;
    return true;
}

/* ---- data filtering (docs/sim.md "Partial fills") -------------------------------------------
 * L1 lines carry a valid mask of their four 32-byte sub-blocks. A read hits when its line is
 * present with every sub-block it touches valid; otherwise it is a miss (a sector miss when
 * the line is present). The request carries the access's sub-block map as its critical map.
 * A miss that merges into an MSHR whose requests do not cover it sends one more request with
 * its own map (the MC table ORs it into the first one's entry while that reply has not left,
 * docs/dpc.md sec. 6). Every waiter a reply's sub-blocks cover completes at once.
 * df_fill = replace (seed 000 sec. 3.5 and 4): the MSHR lives until every sub-block it asked for has
 * arrived (its 4-bitmap is all zeros); then the line becomes valid holding exactly what those
 * replies brought, replacing what it held before the miss; while the MSHR lives the line serves
 * no hit. df_fill = append: each reply ORs its sub-blocks into the line at once and the MSHR is
 * freed when no waiter is left (a later reply for the line only fills the L1). */

/* df_fill = replace with data filtering: the line takes an MSHR's sub-blocks only when the MSHR
 * completes, and serves no hit while it lives (both L1 paths; docs/sim.md "Partial fills"). */
static bool df_replace(const gpu_system *g) { return g->filtering && g->cfg.df_fill == DF_FILL_REPLACE; }

static uint32_t send_read(gpu_system *g, sm_t *s, unsigned w, const trace_access *a, unsigned map) {
    uint32_t id = new_txn(g, s, w, a);
    g->txn[id].map = (uint8_t)map;
    send_request(g, s, id, 0);         /* the 4-bit map travels in the head flit */
    return id;
}

/* The map a read miss's request carries: its critical map, or what the request controller
 * decides (rc = 1; docs/rcwm.md 3). mshr_short: it joins an MSHR whose requests do not cover it. */
static unsigned request_map(gpu_system *g, sm_t *s, unsigned mask, bool mshr_short) {
    if (!g->cfg.rc) return mask;
    rcwm_decision d;
    if (rcwm_decide(&s->rc, mask, mshr_short, &d) != NP_OK) d.map = 0xFu, d.reason = RCWM_FULL_MAP;  /* mask 0 */
    g->st.cdt.rc_decisions[d.reason]++;
    return d.map;
}

/* The windows manager sees an MSHR complete or a block leave (docs/rcwm.md 2). */
static void wm_event(gpu_system *g, sm_t *s, const cdt_demand *d) {
    if (g->cfg.rc && d->used) (void)rcwm_event(&s->rc, d->used, d->ica);
}

static bool issue_read_filtered(gpu_system *g, sm_t *s, unsigned w, const trace_access *a) {
    uint64_t line = a->addr >> 7;
    unsigned mask = a->mask;
    int slot = cache_slot(&s->l1, line, line);
    mshr_t *m = find_mshr(s, g->cfg.l1_mshrs, line);
    bool valid = slot >= 0 && !(m && df_replace(g));   /* seed 3.5: valid once the MSHR is gone */
    if (valid && (s->l1_valid[slot] & mask) == mask) {
        cache_touch(&s->l1, (unsigned)slot);
        cdt_use(&s->l1_demand[slot], mask);
        g->st.reads++;
        g->st.l1_hits++;
        s->unfinished--;
        return true;
    }
    if (m) {
        if (m->nwait == g->cfg.l1_mshr_merge) return false;
        g->st.mshr_merges++;
        if (mask & ~m->map_sent) {                  /* a subsequent miss (SM, Table 3.1) */
            unsigned map = request_map(g, s, mask, true);
            send_read(g, s, w, a, map);
            m->map_sent = (uint8_t)(m->map_sent | map);
            g->st.extra_requests++;
            g->st.cdt.sm++;
        }
    } else {
        if (s->mshr_used == g->cfg.l1_mshrs) return false;
        for (unsigned i = 0; i < g->cfg.l1_mshrs && !m; i++)
            if (!s->mshr[i].valid) m = &s->mshr[i];
        unsigned map = request_map(g, s, mask, false);
        m->valid = 1;
        m->line = line;
        m->nwait = 0;
        m->map_sent = (uint8_t)map;
        m->have = 0;
        /* A hit but invalid (HI) opens its MSHR inconsistent: it needed what the block lacked. */
        m->demand = (cdt_demand){0, (uint8_t)(slot >= 0)};
        s->mshr_used++;
        if (slot >= 0) g->st.cdt.hi++;
        else g->st.cdt.fm++;
        send_read(g, s, w, a, map);
    }
    cdt_use(&m->demand, mask);
    if (slot >= 0) {
        cache_touch(&s->l1, (unsigned)slot);
        cdt_use(&s->l1_demand[slot], mask);
        g->st.sector_misses++;
    }
    m->waiter[m->nwait] = (uint16_t)w;
    m->waiter_issue[m->nwait] = g->now;
    m->waiter_mask[m->nwait] = (uint8_t)mask;
    m->nwait++;
    g->st.reads++;
    g->st.l1_misses++;
    return true;
}

/* The line takes `fill`: appended to what it holds, or replacing it. A block it evicts is counted
 * with the sub-blocks its reads used (cdt.h); the line's demand takes the MSHR's (if any). */
static void fill_line(gpu_system *g, sm_t *s, uint64_t line, unsigned fill, bool replace, const cdt_demand *d) {
    bool inserted;
    unsigned slot = cache_fill_slot(&s->l1, line, line, &inserted);
    if (inserted) {
        wm_event(g, s, &s->l1_demand[slot]);           /* an evicted block */
        cdt_retire(&g->st.cdt, &s->l1_demand[slot], false);
    }
    if (d) cdt_merge(&s->l1_demand[slot], d);
    if (inserted || replace) s->l1_valid[slot] = 0;
    s->l1_valid[slot] = (uint8_t)(s->l1_valid[slot] | fill);
}

/* Every waiter of m that the sub-blocks it has so far (m->have) cover completes; returns how many
 * still wait. */
static unsigned mshr_complete_covered(gpu_system *g, sm_t *s, mshr_t *m) {
    unsigned kept = 0;
    for (unsigned i = 0; i < m->nwait; i++) {
        if ((m->waiter_mask[i] & m->have) != m->waiter_mask[i]) {    /* still waits for a reply */
            m->waiter[kept] = m->waiter[i];
            m->waiter_issue[kept] = m->waiter_issue[i];
            m->waiter_mask[kept] = m->waiter_mask[i];
            kept++;
            continue;
        }
        request_done(g, s, m->waiter[i]);
        s->unfinished--;
        g->st.read_miss_lat_sum += g->now - m->waiter_issue[i];
    }
    m->nwait = (uint8_t)kept;
    return kept;
}

static void fill_filtered(gpu_system *g, sm_t *s, const txn_t *t) {
    bool replace = df_replace(g);
    mshr_t *m = find_mshr(s, g->cfg.l1_mshrs, t->line);
    if (!replace) fill_line(g, s, t->line, t->fill, false, m ? &m->demand : NULL);
    if (!m) {                           /* its waiters were served by an earlier reply */
        if (replace) g->st.df_late_replies++;   /* ... which brought these sub-blocks too: the line has them */
        return;
    }
    m->have = (uint8_t)(m->have | t->fill);
    unsigned kept = mshr_complete_covered(g, s, m);
    if (replace) {
        if (m->map_sent & ~m->have) return;          /* a reply is still owed: the line is not valid yet */
        fill_line(g, s, t->line, m->have, true, &m->demand);   /* every waiter's sub-blocks are in m->have: kept is 0 */
    } else if (kept) {
        return;
    }
    wm_event(g, s, &m->demand);                        /* the MSHR completes */
    m->valid = 0;
    s->mshr_used--;
}

/* ---- the L1 through the BA tag unit (l1_policy ba / tag-lru; docs/sim.md "L1 policies") --------
 * The C model's tag unit decides every access (l1_tags_access -> ba_access); the data side is
 * the simulator's: a read is served from the L1 only when the unit holds its line as a data
 * line whose sub-block mask covers the access. Every other read goes to memory through an MSHR,
 * as in the LRU paths: a HIT whose fill is still in flight (the unit allocates at the access,
 * the data arrives with the reply), a sector miss, MISS_FILL / MISS_EVICT, BYPASS, PSEUDO_HIT.
 * Whether a reply fills the L1 is decided when it arrives: only if the unit still holds the
 * line as a data line (a bypass leaves only a record; a line evicted or bypassed over while its
 * fill was in flight is not filled either). The warps get the data in every case. */

/* The sub-blocks a reply fills: its map with data filtering, else the whole line. */
static unsigned reply_fill_mask(const gpu_system *g, const txn_t *t) { return g->filtering ? t->fill : 0xFu; }

/* The MSHR an access that goes to memory would use: the line's (if it can merge one more) or a
 * free one; NULL when it must wait. No state change. */
static mshr_t *mshr_for(gpu_system *g, sm_t *s, uint64_t line, bool *merge) {
    mshr_t *m = find_mshr(s, g->cfg.l1_mshrs, line);
    *merge = m != NULL;
    if (m) return m->nwait < g->cfg.l1_mshr_merge ? m : NULL;
    if (s->mshr_used == g->cfg.l1_mshrs) return NULL;
    for (unsigned i = 0; i < g->cfg.l1_mshrs; i++)
        if (!s->mshr[i].valid) return &s->mshr[i];
    return NULL;
}

/* A read miss of the tag path joins MSHR m (merge) or opens it with a request. */
static void tags_miss(gpu_system *g, sm_t *s, unsigned w, const trace_access *a, mshr_t *m, bool merge) {
    unsigned mask = g->filtering ? a->mask : 0xFu;
    if (merge) {
        g->st.mshr_merges++;
        if (mask & ~m->map_sent) {                    /* data filtering: ask for the missing sub-blocks */
            send_read(g, s, w, a, mask);
            m->map_sent = (uint8_t)(m->map_sent | mask);
            g->st.extra_requests++;
        }
    } else {
        m->valid = 1;
        m->line = a->addr >> 7;
        m->nwait = 0;
        m->map_sent = (uint8_t)mask;
        m->have = 0;
        s->mshr_used++;
        uint32_t id = send_read(g, s, w, a, mask);
        g->txn[id].mshr = (uint16_t)(m - s->mshr);
    }
    m->waiter[m->nwait] = (uint16_t)w;
    m->waiter_issue[m->nwait] = g->now;
    m->waiter_mask[m->nwait] = (uint8_t)mask;
    m->nwait++;
    g->st.reads++;
    g->st.l1_misses++;
}

static bool issue_read_tags(gpu_system *g, sm_t *s, unsigned w, const trace_access *a) {
    uint64_t line = a->addr >> 7;
    unsigned need = g->filtering ? a->mask : 0xFu;
    int slot = l1_tags_data_slot(&s->tags, line);
    unsigned have = slot >= 0 ? s->tags.data[slot] : 0;
    /* df_fill = replace: the line is not valid while an MSHR for it lives (seed 000 sec. 3.5) */
    bool served = (have & need) == need && !(df_replace(g) && find_mshr(s, g->cfg.l1_mshrs, line));
    bool merge = false;
    mshr_t *m = served ? NULL : mshr_for(g, s, line, &merge);
    if (!served && !m) return false;                  /* no MSHR: the unit is not asked, the warp retries */
    ba_result r = l1_tags_access(&s->tags, line, false);
    tags_observe(g, s, line, false, &r);
    if (served) {                                     /* r.outcome is HIT: the line holds its data */
        g->st.reads++;
        g->st.l1_hits++;
        s->unfinished--;
        return true;
    }
    if (r.outcome == BA_HIT && have) g->st.sector_misses++;
    tags_miss(g, s, w, a, m, merge);
    return true;
}

/* Every waiter of line's MSHR that the sub-blocks filled so far cover completes; the MSHR is freed
 * when none is left. */
static void mshr_serve(gpu_system *g, sm_t *s, uint64_t line, unsigned fill) {
    mshr_t *m = find_mshr(s, g->cfg.l1_mshrs, line);
    if (!m) return;                                   /* its waiters were served by an earlier reply */
    m->have = (uint8_t)(m->have | fill);
    if (mshr_complete_covered(g, s, m)) return;
    m->valid = 0;
    s->mshr_used--;
}

/* The unit's data line for `line` takes `fill` (ORed in, or replacing its mask); a line the unit
 * no longer holds as a data line (bypassed, evicted, write-evicted meanwhile) takes nothing. */
static void fill_tag_line(gpu_system *g, sm_t *s, uint64_t line, unsigned fill, bool replace) {
    int slot = l1_tags_data_slot(&s->tags, line);
    if (slot < 0) {
        g->st.l1_fills_dropped++;
        return;
    }
    s->tags.data[slot] = (uint8_t)(replace ? fill : (s->tags.data[slot] | fill));
}

/* A read reply. Append (or no data filtering): fill the L1 if the unit still holds the line as a
 * data line, then complete every waiter its sub-blocks cover. Replace (df_fill, as
 * fill_filtered): the waiters it covers complete; the line takes exactly the MSHR's sub-blocks
 * when the last one it asked for arrives, replacing what it held (a sector miss's old
 * sub-blocks are gone). */
static void fill_tags(gpu_system *g, sm_t *s, const txn_t *t) {
    unsigned fill = reply_fill_mask(g, t);
    if (!df_replace(g)) {
        fill_tag_line(g, s, t->line, fill, false);
        mshr_serve(g, s, t->line, fill);
        return;
    }
    mshr_t *m = find_mshr(s, g->cfg.l1_mshrs, t->line);
    if (!m) {                                         /* a wider reply completed the MSHR and filled the line */
        g->st.df_late_replies++;
        return;
    }
    m->have = (uint8_t)(m->have | fill);
    mshr_complete_covered(g, s, m);
    if (m->map_sent & ~m->have) return;               /* a reply is still owed: the line is not valid yet */
    fill_tag_line(g, s, t->line, m->have, true);
    m->valid = 0;
    s->mshr_used--;
}

/* ---- the compressed L1 (l1_compression; docs/sim.md "Compressed L1 (LATTE-CC)") ----------------
 * The C model decides: l1c.c asks the tag unit and the controller. A hit's data reaches the
 * registers after the L1 hit latency plus, for a compressed line, its wait in the SM's
 * decompression queue and its decompression (s->hit_cycles, read by the core model). A miss takes
 * an MSHR as in the other paths; its reply completes the waiters at once (the uncompressed reply
 * bypasses the compressor) and the line enters the L1 when the compressor of the mode the
 * controller gave the miss is done (EV_L1C_INSERT). */
static bool issue_read_l1c(gpu_system *g, sm_t *s, unsigned w, const trace_access *a) {
    uint64_t line = a->addr >> 7;
    bool merge = false;
    mshr_t *m = NULL;
    if (!l1c_present(s->l1c, line) && !(m = mshr_for(g, s, line, &merge))) return false;
    unsigned latency = 0, policy = 0;
    l1c_read_outcome r = l1c_read(s->l1c, &g->l1c, &g->st.l1c, s == g->sm, line, g->now, &latency, &policy);
    if (r == L1C_READ_BUSY) return false;             /* the decompression queue is full: retry */
    if (r == L1C_READ_HIT) {
        s->hit_cycles = latency;
        g->st.reads++;
        g->st.l1_hits++;
        s->unfinished--;
        return true;
    }
    if (!merge) m->fill_policy = (uint8_t)policy;
    tags_miss(g, s, w, a, m, merge);
    return true;
}

static void fill_l1c(gpu_system *g, sm_t *s, uint32_t id) {
    txn_t *t = &g->txn[id];
    mshr_t *m = find_mshr(s, g->cfg.l1_mshrs, t->line);
    unsigned policy = m ? m->fill_policy : 0;
    mshr_serve(g, s, t->line, 0xFu);
    unsigned delay = l1c_fill_delay(&g->l1c, policy);
    t->l1c_policy = (uint8_t)policy;
    if (delay) {
        gpu_unit_offer(g, &s->l1c_comp[policy], id, EV_L1C_INSERT, &g->l1c.timing[policy].comp);
        return;
    }
    sm_l1c_insert(g, id);
}

void sm_l1c_insert(gpu_system *g, uint32_t id) {
    txn_t *t = &g->txn[id];
    bool kept;
    const uint8_t *data = follow_read_line(g, id, &kept);   /* what its reply brought */
    l1c_insert(g->sm[t->sm].l1c, &g->l1c, &g->st.l1c, t->line, t->l1c_policy, kept ? data : NULL);
    gpu_txn_free(g, id);
}

/* ---- global atomics (docs/sim.md "Atomics"): done at the L2, as Accel-Sim does them (its
 * trace_driven.cc classes ATOM / ATOMG / RED with cache_op CACHE_GLOBAL, "all the atomics should be
 * done at L2"): each line request of an atomic goes past the L1 with a request of its own, as a
 * bypassed read does (an MSHR entry no other read merges into, no tag lookup, no fill), whatever
 * the L1 policy; its reply completes it. */
static bool issue_atomic(gpu_system *g, sm_t *s, unsigned w, const trace_access *a) {
    if (!issue_read_bypass(g, s, w, a)) return false;   /* no MSHR: it retries */
    g->st.atomics++;
    return true;
}

static void fill_atomic(gpu_system *g, sm_t *s, uint32_t id) {
    mshr_t *m = &s->mshr[g->txn[id].mshr];
    request_done(g, s, m->waiter[0]);
    s->unfinished--;
    g->st.read_miss_lat_sum += g->now - m->waiter_issue[0];
    m->valid = 0;
    m->nwait = 0;
    s->mshr_used--;
    gpu_txn_free(g, id);
}

static bool issue_read_any(gpu_system *g, sm_t *s, unsigned w, const trace_access *a) {
    s->hit_cycles = g->cfg.l1_hit_latency;
    if (a->atomic) return issue_atomic(g, s, w, a);
    if (s->l1c) return issue_read_l1c(g, s, w, a);
    if (g->cfg.l1_policy == L1_BYPASS) return issue_read_bypass(g, s, w, a);
    if (config_l1_tag_unit(g->cfg.l1_policy)) return issue_read_tags(g, s, w, a);
    return g->filtering ? issue_read_filtered(g, s, w, a) : issue_read(g, s, w, a);
}

/* The core model's load/store unit: one line request of a global load (false: no MSHR, retry)
 * or store, tagged for request_done. */
/* issue_read_any, and the observer sees every read of the simulator's own L1 (lru, bypass, the
 * compressed L1) once, when it issues (r = NULL); tag-unit reads are seen with the unit's decision
 * in issue_read_tags. */
static bool read_observed(gpu_system *g, sm_t *s, unsigned tag, const trace_access *a) {
    if (!issue_read_any(g, s, tag, a)) return false;
    if (g->l1_observer && !config_l1_tag_unit(g->cfg.l1_policy) && !a->atomic) tags_observe(g, s, a->addr >> 7, false, NULL);
    return true;
}

bool gpu_sm_read(gpu_system *g, sm_t *s, unsigned tag, const trace_access *a) { return read_observed(g, s, tag, a); }
void gpu_sm_write(gpu_system *g, sm_t *s, unsigned tag, const trace_access *a) { issue_write(g, s, tag, a); }

void sm_issue(gpu_system *g, sm_t *s) {
    unsigned warps = g->cfg.warps_per_sm;
    for (unsigned k = 0; k < warps; k++) {
        unsigned w = (s->rr + k) % warps;
        warp_t *wp = &s->warp[w];
        if (wp->pos == wp->count || wp->outstanding >= g->cfg.warp_max_outstanding) continue;
        const trace_access *a = &g->trace->a[wp->acc[wp->pos]];
        if (a->write) {
            issue_write(g, s, w, a);
            wp->outstanding++;
        } else {
            uint64_t misses = g->st.l1_misses;
            if (!read_observed(g, s, w, a)) {
                g->st.mshr_stalls++;
                continue;                             /* this warp waits; try the next one */
            }
            if (g->st.l1_misses != misses) wp->outstanding++;
        }
        wp->pos++;
        s->rr = (w + 1) % warps;                      /* one access per SM per cycle */
        return;
    }
}

void sm_reply(gpu_system *g, uint32_t id) {
    txn_t *t = &g->txn[id];
    t->t_reply_arrived = g->now;
    g->st.replies++;
    g->st.req_lat_sum += t->t_req_accepted - t->t_req_created;
    g->st.mem_lat_sum += t->t_reply_created - t->t_req_accepted;
    g->st.rep_lat_sum += t->t_reply_arrived - t->t_reply_created;
    if (t->write) {
        sm_t *s = &g->sm[t->sm];
        s->unfinished--;
        request_done(g, s, t->warp);
        gpu_txn_free(g, id);
        return;
    }
    unsigned delay = t->compressed ? g->timing.decomp.cycles : 0;
    if (delay) gpu_unit_offer(g, &g->sm[t->sm].decomp, id, EV_FILL, &g->timing.decomp);
    else sm_fill(g, id);
}

void sm_fill(gpu_system *g, uint32_t id) {
    txn_t *t = &g->txn[id];
    sm_t *s = &g->sm[t->sm];
    if (t->atomic) {
        fill_atomic(g, s, id);
        return;
    }
    if (s->l1c) {
        fill_l1c(g, s, id);
        return;
    }
    if (config_l1_tag_unit(g->cfg.l1_policy)) {
        fill_tags(g, s, t);
        gpu_txn_free(g, id);
        return;
    }
    if (g->filtering) {
        fill_filtered(g, s, t);
        gpu_txn_free(g, id);
        return;
    }
    mshr_t *m = &s->mshr[t->mshr];
    if (g->cfg.l1_policy != L1_BYPASS) fill_line(g, s, t->line, 0xFu, true, &m->demand);
    if (g->cfg.l1_alloc == L1_ALLOC_MISS && g->cfg.l1_policy == L1_LRU) {   /* the reserved way takes its line */
        int slot = cache_slot(&s->l1, t->line, t->line);
        if (slot >= 0) s->l1_reserved[slot] = 0;
    }
    for (unsigned i = 0; i < m->nwait; i++) {
        request_done(g, s, m->waiter[i]);
        s->unfinished--;
        g->st.read_miss_lat_sum += g->now - m->waiter_issue[i];
    }
    m->valid = 0;
    m->nwait = 0;
    s->mshr_used--;
    gpu_txn_free(g, id);
}
