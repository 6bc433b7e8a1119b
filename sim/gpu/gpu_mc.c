/* MC: request queue -> L2 slice (hit or DRAM latency) -> reply queue -> reply compressor ->
 * NI input queue. The MC stalls when a reply is ready but the NI input queue (packets waiting
 * to be injected plus replies inside the compressor) is full (seed 003 sec. 2.1). */
#include "gpu/gpu.h"
#include "cli_opts.h"  /* NP_EXIT_*: the exit-status table of every tool */
#include "gpu/gpu_follow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void queue_push(gpu_system *g, uint32_t *head, uint32_t *tail, uint32_t *len, uint32_t id) {
    g->txn[id].next = GPU_NONE;
    if (*tail == GPU_NONE) *head = id;
    else g->txn[*tail].next = id;
    *tail = id;
    (*len)++;
}

static uint32_t queue_pop(gpu_system *g, uint32_t *head, uint32_t *tail, uint32_t *len) {
    uint32_t id = *head;
    *head = g->txn[id].next;
    if (*head == GPU_NONE) *tail = GPU_NONE;
    (*len)--;
    return id;
}

/* With a PCU the MC's request input is a small buffer in front of the unit's input register
 * (docs/sim.md "Packet coalescing"); the request queue is behind the unit. */
#define PCU_INPUT_DEPTH 2u

bool mc_accept(gpu_system *g, unsigned mc) {
    const mc_t *m = &g->mc[mc];
    return m->pcu ? m->in_len < PCU_INPUT_DEPTH : m->req_len < g->cfg.mc_req_queue;
}

void mc_request(gpu_system *g, uint32_t id) {
    txn_t *t = &g->txn[id];
    t->t_req_accepted = g->now;
    g->st.requests++;
    if (!t->write && !loc_read(&g->potential, t->line, g->now)) {   /* seed 003 sec. 2.2: before the PCU and L2 */
        fprintf(stderr, "npsim: out of memory (potential-locality table)\n");
        exit(NP_EXIT_RESOURCE);
    }
    mc_t *m = &g->mc[t->mc];
    if (m->pcu) queue_push(g, &m->in_head, &m->in_tail, &m->in_len, id);
    else queue_push(g, &m->req_head, &m->req_tail, &m->req_len, id);
}

/* ---- packet coalescing: the C model's PCU (cmodel/src/pcu.c, docs/pcu.md) -------------------
 * The simulator holds no grouping rule: each MC clocks its pcu once per cycle (pcu_cycle) and
 * follows what the unit did. It keeps beside the unit only which transaction each request is:
 * the read in the stage-1 register, the read that allocated each RGR (it carries the group's L2
 * read), the read of each SM grouped in each RGR (the unit keeps only the SM's bit), and the
 * read whose reply is in the reply register. Writes carry their transaction id as the unit's
 * data tag, L2 returns carry the carrier's id. Every disagreement between that bookkeeping and
 * the unit's outputs is an internal error. */

static void pcu_internal(const char *what, unsigned mc, uint64_t now) {
    fprintf(stderr, "npsim: internal error: PCU of MC %u at cycle %llu: %s\n", mc, (unsigned long long)now, what);
    exit(NP_EXIT_FAIL);
}

bool mc_pcu_init(gpu_system *g, mc_t *m, char *err, size_t err_len) {
    pcu_config c;
    pcu_config_default(&c);
    c.num_rgr = g->cfg.pcu_rgrs;
    c.num_sm = g->nsm;
    c.wb_depth = g->cfg.pcu_wb;
    c.data_bits = 32;                          /* transaction ids */
    m->pcu = malloc(sizeof *m->pcu);
    m->rgr_leader = malloc((size_t)c.num_rgr * sizeof *m->rgr_leader);
    m->rgr_member = malloc((size_t)c.num_rgr * g->nsm * sizeof *m->rgr_member);
    if (!m->pcu || !m->rgr_leader || !m->rgr_member) {
        snprintf(err, err_len, "out of memory (PCU)");
        return false;
    }
    if (pcu_init(m->pcu, &c) != NP_OK) {
        snprintf(err, err_len, "config: the PCU rejects pcu_rgrs = %u, %u SMs, pcu_wb = %u", c.num_rgr, c.num_sm,
                 c.wb_depth);
        return false;
    }
    memset(m->rgr_leader, 0xff, (size_t)c.num_rgr * sizeof *m->rgr_leader);
    memset(m->rgr_member, 0xff, (size_t)c.num_rgr * g->nsm * sizeof *m->rgr_member);
    m->in_head = m->in_tail = m->ret_head = m->ret_tail = GPU_NONE;
    m->s1_txn = m->rpl_txn = GPU_NONE;
    return true;
}

void mc_pcu_free(mc_t *m) {
    free(m->pcu);
    free(m->rgr_leader);
    free(m->rgr_member);
}

bool mc_pcu_drained(const gpu_system *g, char *err, size_t err_len) {
    for (unsigned i = 0; i < g->nmc; i++) {
        const mc_t *m = &g->mc[i];
        if (m->pcu && (!pcu_idle(m->pcu) || m->in_len || m->ret_len)) {
            snprintf(err, err_len, "PCU of MC %u not drained at the end of the run: %u RGRs live, %u writes buffered",
                     i, pcu_live(m->pcu), m->pcu->wb_count);
            return false;
        }
    }
    return true;
}

static uint32_t group_alloc(gpu_system *g) {
    if (g->grp_free == GPU_NONE) {
        uint32_t old = g->grp_cap, cap = old ? old * 2 : 256;
        reply_group *grown = realloc(g->grp, (size_t)cap * sizeof *grown);
        if (!grown) {
            fprintf(stderr, "npsim: out of memory (reply groups)\n");
            exit(NP_EXIT_RESOURCE);
        }
        g->grp = grown;
        for (uint32_t i = old; i < cap; i++) g->grp[i].next = i + 1 < cap ? i + 1 : GPU_NONE;
        g->grp_free = old;
        g->grp_cap = cap;
    }
    uint32_t id = g->grp_free;
    g->grp_free = g->grp[id].next;
    memset(g->grp[id].member, 0xff, sizeof g->grp[id].member);
    g->grp[id].pending = 0;
    return id;
}

uint32_t mc_group_deliver(gpu_system *g, uint32_t handle, unsigned node) {
    uint32_t gid = handle & ~GPU_GROUP_FLAG;
    unsigned sm = g->sm_of_node[node];
    reply_group *r = gid < g->grp_cap ? &g->grp[gid] : NULL;
    if (!r || sm >= g->nsm || r->member[sm] == GPU_NONE) {
        fprintf(stderr, "npsim: internal error: multicast reply %u delivered to node %u, which did not ask\n", gid, node);
        exit(NP_EXIT_FAIL);
    }
    uint32_t id = r->member[sm];
    r->member[sm] = GPU_NONE;
    if (--r->pending == 0) {
        r->next = g->grp_free;
        g->grp_free = gid;
    }
    return id;
}

/* Stage 1 of the cycle acted on the read or write in its register (before the edge). */
static void follow_stage1(gpu_system *g, mc_t *m, const pcu_out *o) {
    unsigned mc = (unsigned)(m - g->mc);
    const pcu_s1_decision *d = &o->s1;
    uint32_t id = m->s1_txn;
    switch (d->action) {
    case PCU_S1_JOIN:
    case PCU_S1_ALLOC:
    case PCU_S1_ALLOC_REPEAT: {
        unsigned slot = (unsigned)(d->action == PCU_S1_JOIN ? d->hit : d->alloc);
        if (id == GPU_NONE) pcu_internal("stage 1 grouped a read the simulator did not give it", mc, g->now);
        uint32_t *member = &m->rgr_member[(size_t)slot * g->nsm + g->txn[id].sm];
        if (*member != GPU_NONE) pcu_internal("an RGR took a second read of one SM", mc, g->now);
        *member = id;
        if (d->action == PCU_S1_JOIN) {
            g->st.pcu_joined++;
            follow_ordered(g, id);             /* it has no L2 access of its own: the memory orders it here */
        }
        else m->rgr_leader[slot] = id;
        if (d->action == PCU_S1_ALLOC_REPEAT) g->st.pcu_repeat++;
        break;
    }
    case PCU_S1_WAIT_FULL: g->st.pcu_wait_full++; break;
    case PCU_S1_WAIT_WRITE: g->st.pcu_wait_write++; break;
    case PCU_S1_WAIT_UNISSUED: g->st.pcu_wait_unissued++; break;
    case PCU_S1_WAIT_WB_FULL: g->st.pcu_wait_wb++; break;
    default: break;
    }
    if (d->go) m->s1_txn = GPU_NONE;
}

/* The merge unit loaded a reply for RGR `tag`: collect the grouped reads its bits name. The
 * read that allocated the RGR carries the reply; with two or more reads it names a group. */
static void follow_merge(gpu_system *g, mc_t *m, unsigned tag, uint64_t dest) {
    unsigned mc = (unsigned)(m - g->mc);
    uint32_t leader = m->rgr_leader[tag], *member = &m->rgr_member[(size_t)tag * g->nsm];
    if (leader == GPU_NONE || !(dest >> g->txn[leader].sm & 1u)) pcu_internal("a reply without its first read", mc, g->now);
    unsigned count = 0;
    uint32_t gid = __builtin_popcountll(dest) > 1 ? group_alloc(g) : GPU_NONE;
    for (unsigned s = 0; s < g->nsm; s++) {
        bool asked = member[s] != GPU_NONE, named = dest >> s & 1u;
        if (asked != named) pcu_internal("reply destinations differ from the grouped reads", mc, g->now);
        if (!asked) continue;
        if (gid != GPU_NONE) g->grp[gid].member[s] = member[s];
        member[s] = GPU_NONE;
        count++;
    }
    if (dest >> g->nsm) pcu_internal("reply to an SM that does not exist", mc, g->now);
    if (gid != GPU_NONE) g->grp[gid].pending = count;
    g->txn[leader].group = gid;
    m->rgr_leader[tag] = GPU_NONE;
    m->rpl_txn = leader;
}

/* One clock of the MC's PCU. Inputs: the head of the request input, the head of the L2 read
 * returns, the request queue's and the reply queue's room. Outputs: a read or write into the
 * request queue, a merged reply into the reply queue. Skipped when it would change nothing. */
static void pcu_step(gpu_system *g, mc_t *m) {
    pcu *p = m->pcu;
    if (!m->in_len && !m->ret_len && !p->s1_valid && !p->ring_count && !p->wb_count && !p->mcq_valid &&
        !p->rpl_valid)
        return;
    pcu_in in;
    memset(&in, 0, sizeof in);
    if (m->in_len) {
        const txn_t *t = &g->txn[m->in_head];
        in.req_valid = true;
        in.req = (pcu_request){t->write != 0, t->sm, t->line, t->write ? m->in_head : 0u};
    }
    if (m->ret_len) {
        const txn_t *t = &g->txn[m->ret_head];
        in.l2_valid = true;
        in.l2_tag = t->rgr;
        in.l2_addr = t->line;
        in.l2_data = m->ret_head;
    }
    in.mcq_ready = m->req_len < g->cfg.mc_req_queue;
    in.rpl_ready = true;
    in.rpq_room = m->rep_len < g->cfg.mc_reply_queue;
    pcu_out o;
    pcu_cycle(p, &in, &o);
    if (o.mcq_fire) {                          /* a read of an RGR or a buffered write enters the request queue */
        uint32_t id = o.mcq.write ? (uint32_t)o.mcq.data : m->rgr_leader[o.mcq.tag];
        if (id == GPU_NONE || id >= g->txn_cap) pcu_internal("request queue entry names no transaction", (unsigned)(m - g->mc), g->now);
        g->txn[id].rgr = (uint16_t)o.mcq.tag;
        queue_push(g, &m->req_head, &m->req_tail, &m->req_len, id);
    }
    if (o.l2_fire) queue_pop(g, &m->ret_head, &m->ret_tail, &m->ret_len);
    follow_stage1(g, m, &o);                   /* first: a read joining at the return edge rides in the reply */
    if (o.rpl_fire) {
        queue_push(g, &m->rep_head, &m->rep_tail, &m->rep_len, m->rpl_txn);
        m->rpl_txn = GPU_NONE;
    }
    if (o.rpl_load) follow_merge(g, m, in.l2_tag, o.rpl_next.dest);
    if (o.req_fire) m->s1_txn = queue_pop(g, &m->in_head, &m->in_tail, &m->in_len);
}

/* ---- data filtering: the MC data-filtering table (docs/dpc.md sec. 6, C model dft.c) ----------
 * It sits between the request queue and the L2: a read request is looked up as it leaves the
 * queue. A request for a (SM, line) whose earlier request's reply has not left is absorbed: its
 * map is ORed into that entry and it gets no L2 access and no reply of its own. The entry's map
 * goes to the compressor with the reply, when the reply enters the compressor, and the entry is
 * freed. Full-data requests and requests that find the table full are served whole (map 1111). */

/* True when the table absorbed the request (it takes this cycle's L2 slot). */
static bool filter_absorbs(gpu_system *g, mc_t *m, txn_t *t) {
    if (!g->filtering || t->write || t->atomic) return false;   /* an atomic needs its own L2 access */
    dft_response rsp;
    if (dft_request(&m->dft, t->sm, t->line, t->map, &rsp) != NP_OK) {
        fprintf(stderr, "npsim: data-filtering table rejected sm %u line %llu map %u\n", t->sm,
                (unsigned long long)t->line, t->map);
        exit(NP_EXIT_FAIL);
    }
    switch (rsp.action) {
    case DFT_MERGED:
        g->st.dft_merged++;
        return true;
    case DFT_ALLOC:
        t->dft_alloc = 1;
        t->dft_idx = (uint16_t)rsp.idx;
        return false;
    default:
        t->map = DPC_MAP_FULL;
        return false;
    }
}

/* The reply enters the compressor: it takes its entry's merged map and frees the entry. */
static void take_filter_map(mc_t *m, txn_t *t) {
    if (!t->dft_alloc) return;
    unsigned map = DPC_MAP_FULL;
    if (dft_reply(&m->dft, t->dft_idx, &map) != NP_OK) {
        fprintf(stderr, "npsim: data-filtering table entry %u was not live\n", t->dft_idx);
        exit(NP_EXIT_FAIL);
    }
    t->map = (uint8_t)map;
    t->dft_alloc = 0;
}

/* ---- dram = gddr5: the L2 slice with MSHRs over the GDDR5 DRAM (docs/sim.md "GPU memory system") --
 * As GPGPU-Sim's memory partition: a request leaves the request queue into the ROP pipeline
 * (l2_hit_latency cycles, one request per cycle, as deep as its latency) and is looked up in the
 * slice when it leaves it, one lookup per cycle. A hit (and a write: writes are posted, into the
 * line or its MSHR, write-allocate) goes to the reply queue at the lookup. A read miss waits in
 * the slice's MSHR (merging later reads of its line); the line's read enters the DRAM queue
 * dram_latency cycles after the lookup (GPGPU-Sim's DRAM latency queue) and, when its last data
 * beat has left the DRAM, the line fills and every read that waited goes to the reply queue. A
 * dirty line the fill evicts is written back. The lookup waits (the pipeline stops) when the
 * slice has no MSHR for the head (a reservation failure), when the reply queue is full (seed 003
 * sec. 2.1), or when the write-back buffer is full. With l2_sub_partitions > 1 each mc_t is one
 * sub-partition (its own node, queues and slice) and the MC's DRAM, in sub-partition 0's record,
 * takes the line requests of all of them (GPGPU-Sim's memory partition over its sub-partitions). */

static void to_dram_push(mc_t *m, uint64_t line, bool write, uint64_t ready) {
    if (m->to_dram_len == m->to_dram_cap) {
        unsigned cap = m->to_dram_cap ? m->to_dram_cap * 2 : 64;
        mc_dram_req *grown = malloc(cap * sizeof *grown);
        if (!grown) {
            fprintf(stderr, "npsim: out of memory (DRAM requests)\n");
            exit(NP_EXIT_RESOURCE);
        }
        for (unsigned i = 0; i < m->to_dram_len; i++) grown[i] = m->to_dram[(m->to_dram_head + i) % m->to_dram_cap];
        free(m->to_dram);
        m->to_dram = grown;
        m->to_dram_cap = cap;
        m->to_dram_head = 0;
    }
    if (m->to_dram_len) {                      /* FIFO: a write-back never overtakes a miss in the pipeline */
        uint64_t last = m->to_dram[(m->to_dram_head + m->to_dram_len - 1) % m->to_dram_cap].ready;
        if (ready < last) ready = last;
    }
    m->to_dram[(m->to_dram_head + m->to_dram_len++) % m->to_dram_cap] = (mc_dram_req){line, ready, (uint8_t)write};
}

bool mc_mem_init(gpu_system *g, mc_t *m, char *err, size_t err_len) {
    m->rop_head = m->rop_tail = GPU_NONE;
    if (!l2s_init(&m->l2s, g->cfg.l2_kb, g->cfg.l2_assoc, g->cfg.l2_mshrs, g->cfg.l2_mshr_merge)) {
        snprintf(err, err_len, "config: l2_kb = %u KiB in %u-way sets with %u MSHRs of %u: no L2 slice", g->cfg.l2_kb,
                 g->cfg.l2_assoc, g->cfg.l2_mshrs, g->cfg.l2_mshr_merge);
        return false;
    }
    if (m->sub == 0 && !dram_init(&m->dram, &g->cfg.dramc)) {
        const char *why = dram_config_check(&g->cfg.dramc);
        snprintf(err, err_len, "config: dram = gddr5: %s", why ? why : "out of memory");
        return false;
    }
    return true;
}

void mc_mem_free(mc_t *m) {
    l2s_free(&m->l2s);
    if (m->sub == 0) dram_free(&m->dram);
    free(m->to_dram);
    m->to_dram = NULL;
}

/* An access the slice answered: a read goes to the PCU's merge unit when there is one, everything
 * else to the reply queue (as mc_l2_done in the fixed model). */
static void l2_answered(gpu_system *g, mc_t *m, uint32_t id) {
    if (m->pcu && !g->txn[id].write) queue_push(g, &m->ret_head, &m->ret_tail, &m->ret_len, id);
    else queue_push(g, &m->rep_head, &m->rep_tail, &m->rep_len, id);
}

/* The line came back from the DRAM: it fills, its waiting reads are answered, a dirty victim is
 * written back. */
static void l2_fill(gpu_system *g, mc_t *m, uint64_t line) {
    uint32_t waiter[64];
    bool wb;
    uint64_t wb_line;
    unsigned n = l2s_fill(&m->l2s, gpu_slice_index(&g->cfg, line), line, waiter, &wb, &wb_line);
    for (unsigned i = 0; i < n; i++) l2_answered(g, m, waiter[i]);
    if (wb) to_dram_push(m, wb_line, true, g->now);
}

/* A sub-partition's ready line requests enter the MC's DRAM queue while it has room. */
static void to_dram_drain(gpu_system *g, mc_t *m, dram_t *d) {
    while (m->to_dram_len) {
        const mc_dram_req *r = &m->to_dram[m->to_dram_head];
        uint64_t local = r->line / g->nchan;     /* the MC's own line index: the DRAM map spreads it */
        if (r->ready > g->now || !dram_can_accept(d, local)) break;
        dram_push(d, local, r->write, r->line);
        m->to_dram_head = (m->to_dram_head + 1) % m->to_dram_cap;
        m->to_dram_len--;
    }
}

/* The MC's DRAM (stepped from its sub-partition 0, `m`) catches up with the simulator clock
 * (dram_mhz / core_mhz command cycles per cycle): ready requests of its sub-partitions enter its
 * queue, the sub-partition first in turn each cycle (GPGPU-Sim's round-robin), it steps, finished
 * reads fill the slice of their sub-partition. */
static void dram_clock(gpu_system *g, mc_t *m) {
    dram_t *d = &m->dram;
    unsigned sub = g->nmc / g->nchan;
    uint64_t target = (g->now + 1) * g->cfg.dram_mhz / g->cfg.core_mhz;
    for (unsigned k = 0; k < sub; k++) to_dram_drain(g, m + (m->dram_rr + k) % sub, d);
    m->dram_rr = (m->dram_rr + 1) % sub;
    if (!dram_busy(d)) {
        d->now = target;
        return;
    }
    while (d->now < target) dram_step(d);
    dram_done done;
    while (dram_pop_done(d, &done))
        if (!done.write) l2_fill(g, &g->mc[gpu_port_of_line(&g->cfg, done.tag)], done.tag);
}

static void l2_lookup(gpu_system *g, mc_t *m) {
    if (!m->rop_len || g->txn[m->rop_head].t_lookup > g->now || m->rep_len >= g->cfg.mc_reply_queue) return;
    if (m->to_dram_len >= g->cfg.l2_mshrs + g->cfg.dramc.queue) {   /* the write-back buffer is full */
        g->st.l2_wait_cycles++;
        return;
    }
    uint32_t id = m->rop_head;
    txn_t *t = &g->txn[id];
    l2s_outcome o = l2s_access(&m->l2s, gpu_slice_index(&g->cfg, t->line), t->line, t->write, id);
    if (o == L2S_RESERVATION_FAIL) {
        g->st.l2_wait_cycles++;
        return;
    }
    queue_pop(g, &m->rop_head, &m->rop_tail, &m->rop_len);
    follow_ordered(g, id);                     /* the slice's lookup orders it */
    if (!g->st.l2_lookup_last) g->st.l2_lookup_first = g->now;
    g->st.l2_lookup_last = g->now;
    t->l2_hit = o == L2S_HIT;
    if (t->l2_hit) g->st.l2_hits++;
    else g->st.l2_misses++;
    if (o == L2S_MISS) to_dram_push(m, t->line, false, g->now + g->cfg.dram_latency);
    if (o == L2S_HIT || t->write) l2_answered(g, m, id);
}

/* The head of the request queue enters the ROP pipeline (the data-filtering table first). */
static void rop_enter(gpu_system *g, mc_t *m) {
    if (!m->req_len || m->rop_len >= g->cfg.l2_hit_latency) return;
    uint32_t id = queue_pop(g, &m->req_head, &m->req_tail, &m->req_len);
    txn_t *t = &g->txn[id];
    if (filter_absorbs(g, m, t)) {
        follow_ordered(g, id);                 /* answered by the table: ordered here */
        gpu_txn_free(g, id);
        return;
    }
    t->t_lookup = g->now + g->cfg.l2_hit_latency;
    queue_push(g, &m->rop_head, &m->rop_tail, &m->rop_len, id);
}

static void mc_mem_step(gpu_system *g, mc_t *m) {
    l2s_tick(&m->l2s);
    if (m->sub == 0) dram_clock(g, m);
    l2_lookup(g, m);
    rop_enter(g, m);
}

void mc_step(gpu_system *g, mc_t *m) {
    if (m->pcu) pcu_step(g, m);
    /* a read reply waits at the head of the queue while the compressor is busy (its II: the
     * report's ii_cycles of the compressor and the approximation unit; 1 never waits) */
    bool codec_busy = m->rep_len && !g->txn[m->rep_head].write && g->now < m->codec_free;
    if (m->rep_len && !codec_busy) {
        unsigned waiting = net_queued(g->net, m->node, CLASS_REPLY) + m->in_codec;
        if (waiting < g->cfg.mc_ni_queue) {
            uint32_t id = queue_pop(g, &m->rep_head, &m->rep_tail, &m->rep_len);
            take_filter_map(m, &g->txn[id]);
            unsigned delay = g->txn[id].write ? 0 : g->timing.comp.cycles + g->timing.approx.cycles;
            if (delay) {
                unsigned ii = g->timing.comp.ii > g->timing.approx.ii ? g->timing.comp.ii : g->timing.approx.ii;
                m->codec_free = g->now + ii;
            }
            m->in_codec++;
            if (delay) gpu_schedule(g, id, EV_CODEC_DONE, delay);
            else mc_codec_done(g, id);
        } else {
            m->stall_cycles++;
        }
    }
    if (g->cfg.dram == DRAM_GDDR5) {
        mc_mem_step(g, m);
        return;
    }
    /* dram = fixed: one L2 access per cycle. A full reply queue stops the L2 from taking requests
     * (seed 003 sec. 2.1), which backs requests up into the network; mc_inflight bounds the
     * accesses the L2 and DRAM overlap; the line fills at the lookup. */
    if (m->req_len && m->rep_len < g->cfg.mc_reply_queue && m->in_l2 < g->cfg.mc_inflight) {
        uint32_t id = queue_pop(g, &m->req_head, &m->req_tail, &m->req_len);
        txn_t *t = &g->txn[id];
        follow_ordered(g, id);                 /* the L2 access (or the table's answer) orders it */
        if (filter_absorbs(g, m, t)) {
            gpu_txn_free(g, id);
            return;
        }
        uint64_t index = t->line / g->nmc;
        t->l2_hit = cache_access(&m->l2, index, t->line);
        if (t->l2_hit) g->st.l2_hits++;
        else {
            g->st.l2_misses++;
            cache_fill(&m->l2, index, t->line);
        }
        m->in_l2++;
        gpu_schedule(g, id, EV_L2_DONE, t->l2_hit ? g->cfg.l2_hit_latency : g->cfg.dram_latency);
    }
}

void mc_l2_done(gpu_system *g, uint32_t id) {
    mc_t *m = &g->mc[g->txn[id].mc];
    m->in_l2--;
    if (m->pcu && !g->txn[id].write) queue_push(g, &m->ret_head, &m->ret_tail, &m->ret_len, id);  /* to the merge unit */
    else queue_push(g, &m->rep_head, &m->rep_tail, &m->rep_len, id);
}

/* The reply's link: one per MC -> SM pair (stateful codecs keep a dictionary per link). */
static unsigned reply_link(const gpu_system *g, const txn_t *t) { return t->mc * g->nsm + t->sm; }

/* Compressed size of the line's reply payload, from the C model on the image contents; memoised
 * per image line when the size depends on the line alone. */
static size_t line_bits(gpu_system *g, const txn_t *t, const uint8_t *data, bool kept) {
    uint64_t image_line = t->line % (g->img->size / 128u);
    bool memo = codec_inst_memoisable(g->codec) && !kept;   /* a kept line is not the image's */
    if (memo && g->bits_memo[image_line]) return g->bits_memo[image_line] - 1u;
    uint8_t approx[128];
    unsigned abits = g->timing.def->approximates ? dsm_approx_lookup(&g->approx, image_line) : 0;
    if (abits) {
        dsm_approx_apply(abits, data, approx);
        data = approx;
    }
    unsigned fill;
    size_t bits = codec_inst_bits(g->codec, reply_link(g, t), data, 0, &fill);
    if (memo) g->bits_memo[image_line] = (uint16_t)(bits + 1u);
    return bits;
}

/* Stream bits of a data-filtering reply with critical map t->map; t->fill gets what it fills.
 * Not memoised: the size depends on the map as well as the line. */
static size_t filtered_bits(gpu_system *g, txn_t *t, const uint8_t *data) {
    unsigned fill = DPC_MAP_FULL;
    size_t bits = codec_inst_bits(g->codec, reply_link(g, t), data, t->map, &fill);
    t->fill = (uint8_t)fill;
    return bits;
}

/* Flits of the reply; a reply is sent compressed only when that saves a flit, else raw with a
 * flag bit in the head flit (docs/sim.md, Decision: incompressible replies). A raw reply is the
 * whole line, so it fills every sub-block. */
static unsigned reply_flits(gpu_system *g, uint32_t id) {
    txn_t *t = &g->txn[id];
    t->fill = DPC_MAP_FULL;
    if (t->write) return net_packet_flits(g->net, 0);
    bool kept;
    const uint8_t *data = follow_read_line(g, id, &kept);   /* the line as the memory ordered the read */
    if (g->reply_observer) {
        gpu_mem_event e = {false, g->launch, t->sm, t->line, t->t_issue, t->t_ordered, data};
        g->reply_observer(g->reply_observer_ctx, &e);
    }
    unsigned raw = net_packet_flits(g->net, CODEC_LINE_BITS);
    g->st.reply_payload_raw_bits += CODEC_LINE_BITS;
    g->st.reply_flits_raw += raw;
    const codec_def *def = g->timing.def;
    if (!def->codec) {
        g->st.reply_payload_sent_bits += CODEC_LINE_BITS;
        return raw;
    }
    if (def->approximates && !g->filtering && dsm_approx_lookup(&g->approx, t->line % (g->img->size / 128u)))
        g->st.approximated_replies++;
    size_t bits = g->filtering ? filtered_bits(g, t, data) : line_bits(g, t, data, kept);
    unsigned flits = net_packet_flits(g->net, bits);
    if (flits >= raw) {
        t->fill = DPC_MAP_FULL;
        g->st.reply_payload_sent_bits += CODEC_LINE_BITS;
        return raw;
    }
    t->compressed = 1;
    if (t->fill != DPC_MAP_FULL) g->st.partial_fills++;
    g->st.compressed_replies++;
    g->st.reply_payload_sent_bits += bits;
    return flits;
}

/* A merged reply leaves as one packet: every grouped read takes the carrier's size and
 * compression (the block was compressed once) and one multicast packet goes to their SMs. */
static void send_group_reply(gpu_system *g, mc_t *m, const txn_t *carrier, unsigned len) {
    uint32_t gid = carrier->group;
    reply_group *r = &g->grp[gid];
    mcast_set dests;
    mcast_set_clear(&dests);
    for (unsigned s = 0; s < g->nsm; s++) {
        if (r->member[s] == GPU_NONE) continue;
        txn_t *t = &g->txn[r->member[s]];
        follow_group_member(g, (uint32_t)(carrier - g->txn), r->member[s]);
        t->t_reply_created = g->now;
        t->compressed = carrier->compressed;
        t->fill = carrier->fill;
        mcast_set_add(&dests, g->sm[s].node);
    }
    g->st.pcu_mcast_replies++;
    g->st.pcu_coalesced_reads += r->pending;
    g->st.pcu_flits_saved += (uint64_t)(r->pending - 1) * len;
    net_send_multicast(g->net, m->node, &dests, CLASS_REPLY, len, GPU_GROUP_FLAG | gid);
}

void mc_codec_done(gpu_system *g, uint32_t id) {
    txn_t *t = &g->txn[id];
    mc_t *m = &g->mc[t->mc];
    m->in_codec--;
    t->t_reply_created = g->now;
    unsigned len = reply_flits(g, id);
    if (m->pcu && !t->write) {
        g->st.pcu_read_replies++;
        if (t->group != GPU_NONE) {
            send_group_reply(g, m, t, len);
            return;
        }
    }
    net_send_unicast(g->net, m->node, g->sm[t->sm].node, CLASS_REPLY, len, id);
}
