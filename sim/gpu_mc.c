/* MC: request queue -> L2 slice (hit or DRAM latency) -> reply queue -> reply compressor ->
 * NI input queue. The MC stalls when a reply is ready but the NI input queue (packets waiting
 * to be injected plus replies inside the compressor) is full (seed 003 sec. 2.1). */
#include "gpu.h"

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

void mc_step(gpu_system *g, mc_t *m) {
    if (m->rep_len) {
        unsigned waiting = net_queued(g->net, m->node, CLASS_REPLY) + m->in_codec;
        if (waiting < g->cfg.mc_ni_queue) {
            uint32_t id = queue_pop(g, &m->rep_head, &m->rep_tail, &m->rep_len);
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

/* Flits of the reply; a reply is sent compressed only when that saves a flit, else raw with a
 * flag bit in the head flit (docs/sim.md, Decision: incompressible replies). */
static unsigned reply_flits(gpu_system *g, txn_t *t) {
    if (t->write) return net_packet_flits(g->net, 0);
    unsigned raw = net_packet_flits(g->net, CODEC_LINE_BITS);
    g->st.reply_payload_raw_bits += CODEC_LINE_BITS;
    g->st.reply_flits_raw += raw;
    if (!g->timing.def->compressed_bits) {
        g->st.reply_payload_sent_bits += CODEC_LINE_BITS;
        return raw;
    }
    size_t bits = line_bits(g, t->line);
    unsigned flits = net_packet_flits(g->net, bits);
    if (flits >= raw) {
        g->st.reply_payload_sent_bits += CODEC_LINE_BITS;
        return raw;
    }
    t->compressed = 1;
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
