/* SM: warps issue trace accesses into the L1 data cache; misses allocate or merge into MSHRs
 * and go to the MC as request packets; replies (after decompression) fill the L1 and wake every
 * merged warp. Writes are write-through, no-allocate, and count as outstanding until acked. */
#include "gpu.h"

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
    t->mc = (uint16_t)gpu_mc_of_line(t->line, g->nmc);
    t->write = a->write;
    t->mask = a->mask;
    t->mshr = UINT16_MAX;
    return id;
}

static void issue_write(gpu_system *g, sm_t *s, unsigned w, const trace_access *a) {
    uint64_t line = a->addr >> 7;
    cache_access(&s->l1, line, line);                 /* a hit only refreshes LRU (write-through) */
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

/* A read: true when it issued (hit, merge or new miss), false when the MSHRs cannot take it. */
static bool issue_read(gpu_system *g, sm_t *s, unsigned w, const trace_access *a) {
    uint64_t line = a->addr >> 7;
    if (cache_access(&s->l1, line, line)) {
        g->st.reads++;
        g->st.l1_hits++;
        s->unfinished--;
        return true;
    }
    mshr_t *m = find_mshr(s, g->cfg.l1_mshrs, line);
    if (m) {
        if (m->nwait == g->cfg.l1_mshr_merge) return false;
        g->st.mshr_merges++;
    } else {
        if (s->mshr_used == g->cfg.l1_mshrs) return false;
        for (unsigned i = 0; i < g->cfg.l1_mshrs && !m; i++)
            if (!s->mshr[i].valid) m = &s->mshr[i];
        m->valid = 1;
        m->line = line;
        m->nwait = 0;
        s->mshr_used++;
        uint32_t id = new_txn(g, s, w, a);
        g->txn[id].mshr = (uint16_t)(m - s->mshr);
        send_request(g, s, id, 0);
    }
    m->waiter[m->nwait] = (uint16_t)w;
    m->waiter_issue[m->nwait] = g->now;
    m->nwait++;
    g->st.reads++;
    g->st.l1_misses++;
    return true;
}

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
            if (!issue_read(g, s, w, a)) {
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
        s->warp[t->warp].outstanding--;
        s->unfinished--;
        gpu_txn_free(g, id);
        return;
    }
    unsigned delay = t->compressed ? g->timing.decomp.cycles : 0;
    if (delay) gpu_schedule(g, id, EV_FILL, delay);
    else sm_fill(g, id);
}

void sm_fill(gpu_system *g, uint32_t id) {
    txn_t *t = &g->txn[id];
    sm_t *s = &g->sm[t->sm];
    mshr_t *m = &s->mshr[t->mshr];
    cache_fill(&s->l1, t->line, t->line);
    for (unsigned i = 0; i < m->nwait; i++) {
        s->warp[m->waiter[i]].outstanding--;
        s->unfinished--;
        g->st.read_miss_lat_sum += g->now - m->waiter_issue[i];
    }
    m->valid = 0;
    m->nwait = 0;
    s->mshr_used--;
    gpu_txn_free(g, id);
}
