/* MC: request queue -> L2 slice (hit or DRAM latency) -> reply queue -> reply compressor ->
 * NI input queue. The MC stalls when a reply is ready but the NI input queue (packets waiting
 * to be injected plus replies inside the compressor) is full (seed 003 sec. 2.1). */
#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>

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

bool mc_accept(gpu_system *g, unsigned mc) { return g->mc[mc].req_len < g->cfg.mc_req_queue; }

void mc_request(gpu_system *g, uint32_t id) {
    txn_t *t = &g->txn[id];
    t->t_req_accepted = g->now;
    g->st.requests++;
    mc_t *m = &g->mc[t->mc];
    queue_push(g, &m->req_head, &m->req_tail, &m->req_len, id);
}

/* ---- data filtering: the MC data-filtering table (docs/dpc.md sec. 6, C model dft.c) ----------
 * It sits between the request queue and the L2: a read request is looked up as it leaves the
 * queue. A request for a (SM, line) whose earlier request's reply has not left is absorbed: its
 * map is ORed into that entry and it gets no L2 access and no reply of its own. The entry's map
 * goes to the compressor with the reply, when the reply enters the compressor, and the entry is
 * freed. Full-data requests and requests that find the table full are served whole (map 1111). */

/* True when the table absorbed the request (it takes this cycle's L2 slot). */
static bool filter_absorbs(gpu_system *g, mc_t *m, txn_t *t) {
    if (!g->filtering || t->write) return false;
    dft_response rsp;
    if (dft_request(&m->dft, t->sm, t->line, t->map, &rsp) != NP_OK) {
        fprintf(stderr, "npsim: data-filtering table rejected sm %u line %llu map %u\n", t->sm,
                (unsigned long long)t->line, t->map);
        exit(2);
    }
    switch (rsp.action) {
    case DFT_MERGED:
        g->st.dft_merged++;
        return true;
    case DFT_ALLOC:
        t->dft_alloc = 1;
        t->dft_idx = (uint8_t)rsp.idx;
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
        exit(2);
    }
    t->map = (uint8_t)map;
    t->dft_alloc = 0;
}

void mc_step(gpu_system *g, mc_t *m) {
    if (m->rep_len) {
        unsigned waiting = net_queued(g->net, m->node, CLASS_REPLY) + m->in_codec;
        if (waiting < g->cfg.mc_ni_queue) {
            uint32_t id = queue_pop(g, &m->rep_head, &m->rep_tail, &m->rep_len);
            take_filter_map(m, &g->txn[id]);
            unsigned delay = g->txn[id].write ? 0 : g->timing.comp.cycles + g->timing.approx.cycles;
            m->in_codec++;
            if (delay) gpu_schedule(g, id, EV_CODEC_DONE, delay);
            else mc_codec_done(g, id);
        } else {
            m->stall_cycles++;
        }
    }
    /* One L2 access per cycle. A full reply queue stops the L2 from taking requests (seed 003
     * sec. 2.1), which backs requests up into the network; mc_inflight bounds the accesses the
     * L2 and DRAM overlap. */
    if (m->req_len && m->rep_len < g->cfg.mc_reply_queue && m->in_l2 < g->cfg.mc_inflight) {
        uint32_t id = queue_pop(g, &m->req_head, &m->req_tail, &m->req_len);
        txn_t *t = &g->txn[id];
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
    queue_push(g, &m->rep_head, &m->rep_tail, &m->rep_len, id);
}

/* Compressed size of the line's reply payload, from the C model on the image contents. */
static size_t line_bits(gpu_system *g, uint64_t line) {
    uint64_t image_line = line % (g->img->size / 128u);
    if (g->bits_memo[image_line]) return g->bits_memo[image_line] - 1u;
    const uint8_t *data = memimg_line(g->img, image_line);
    uint8_t approx[128];
    unsigned abits = g->timing.def->approximates ? dsm_approx_lookup(&g->approx, image_line) : 0;
    if (abits) {
        dsm_approx_apply(abits, data, approx);
        data = approx;
    }
    size_t bits = g->timing.def->compressed_bits(data);
    g->bits_memo[image_line] = (uint16_t)(bits + 1u);
    return bits;
}

/* Stream bits of a data-filtering reply with critical map t->map; t->fill gets what it fills.
 * Not memoised: the size depends on the map as well as the line. */
static size_t filtered_bits(gpu_system *g, txn_t *t) {
    uint64_t image_line = t->line % (g->img->size / 128u);
    unsigned fill = DPC_MAP_FULL;
    size_t bits = g->timing.def->filtered_bits(memimg_line(g->img, image_line), t->map, &fill);
    t->fill = (uint8_t)fill;
    return bits;
}

/* Flits of the reply; a reply is sent compressed only when that saves a flit, else raw with a
 * flag bit in the head flit (docs/sim.md, Decision: incompressible replies). A raw reply is the
 * whole line, so it fills every sub-block. */
static unsigned reply_flits(gpu_system *g, txn_t *t) {
    t->fill = DPC_MAP_FULL;
    if (t->write) return net_packet_flits(g->net, 0);
    unsigned raw = net_packet_flits(g->net, CODEC_LINE_BITS);
    g->st.reply_payload_raw_bits += CODEC_LINE_BITS;
    g->st.reply_flits_raw += raw;
    const codec_def *def = g->timing.def;
    if (!def->compressed_bits && !def->filtered_bits) {
        g->st.reply_payload_sent_bits += CODEC_LINE_BITS;
        return raw;
    }
    size_t bits = def->filtered_bits ? filtered_bits(g, t) : line_bits(g, t->line);
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

void mc_codec_done(gpu_system *g, uint32_t id) {
    txn_t *t = &g->txn[id];
    mc_t *m = &g->mc[t->mc];
    m->in_codec--;
    t->t_reply_created = g->now;
    unsigned len = reply_flits(g, t);
    net_send_unicast(g->net, m->node, g->sm[t->sm].node, CLASS_REPLY, len, id);
}
