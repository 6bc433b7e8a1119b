/* The MC packet coalescing unit: docs/pcu.md (behaviour section 4, cycle order section 5). */
#include "pcu.h"

#include <stddef.h>
#include <string.h>

static inline uint64_t low_mask64(unsigned nbits) {
    return nbits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << nbits) - 1u;
}

void pcu_config_default(pcu_config *cfg) {
    if (cfg != NULL) {
        cfg->num_rgr = PCU_DEFAULT_RGR;
        cfg->num_sm = PCU_DEFAULT_SM;
        cfg->addr_bits = PCU_DEFAULT_ADDR_BITS;
        cfg->data_bits = PCU_DEFAULT_DATA_BITS;
        cfg->wb_depth = PCU_DEFAULT_WB;
    }
}

np_result pcu_config_check(const pcu_config *cfg) {
    if (cfg == NULL || cfg->num_rgr < PCU_MIN_RGR || cfg->num_rgr > PCU_MAX_RGR ||
        cfg->num_sm < 1u || cfg->num_sm > PCU_MAX_SM || cfg->addr_bits < 1u ||
        cfg->addr_bits > PCU_MAX_ADDR_BITS || cfg->data_bits < 1u ||
        cfg->data_bits > PCU_MAX_DATA_BITS || cfg->wb_depth < 1u || cfg->wb_depth > PCU_MAX_WB) {
        return NP_BAD_PARAM;
    }
    return NP_OK;
}

unsigned pcu_idx_bits(unsigned num_rgr) {
    unsigned bits = 1;
    while (bits < 32u && (1u << bits) < num_rgr) {
        bits++;
    }
    return bits;
}

/* Bits of the SM id port: ceil(log2(num_sm)), at least 1. */
static unsigned sm_bits(unsigned num_sm) {
    return pcu_idx_bits(num_sm);
}

void pcu_reset(pcu *p) {
    if (p == NULL) {
        return;
    }
    pcu_config cfg = p->cfg;
    memset(p, 0, sizeof *p);
    p->cfg = cfg;
}

np_result pcu_init(pcu *p, const pcu_config *cfg) {
    if (p == NULL || pcu_config_check(cfg) != NP_OK) {
        return NP_BAD_PARAM;
    }
    p->cfg = *cfg;
    pcu_reset(p);
    return NP_OK;
}

/* The destination bit of an SM; an id at or above num_sm names no SM (the RTL's one-hot
 * decode of a NumSm-bit vector has no bit for it). */
static uint64_t sm_bit(const pcu *p, unsigned sm) {
    return sm < p->cfg.num_sm ? UINT64_C(1) << sm : 0u;
}

/* ---- stages ------------------------------------------------------------------------------ */

int pcu_match(const pcu *p, uint64_t addr) {
    for (unsigned i = 0; i < p->cfg.num_rgr; i++) {
        const pcu_rgr *r = &p->rgr[i];
        if (r->valid && r->open && r->addr == addr) {
            return (int)i;
        }
    }
    return -1;
}

int pcu_alloc(const pcu *p) {
    for (unsigned i = 0; i < p->cfg.num_rgr; i++) {
        if (!p->rgr[i].valid) {
            return (int)i;
        }
    }
    return -1;
}

static bool wb_holds(const pcu *p, uint64_t addr) {
    for (unsigned k = 0; k < p->wb_count; k++) {
        if (p->wb[(p->wb_head + k) % p->cfg.wb_depth].addr == addr) {
            return true;
        }
    }
    return false;
}

static bool unissued_holds(const pcu *p, uint64_t addr) {
    for (unsigned i = 0; i < p->cfg.num_rgr; i++) {
        const pcu_rgr *r = &p->rgr[i];
        if (r->valid && !r->issued && r->addr == addr) {
            return true;
        }
    }
    return false;
}

static pcu_s1_decision decision(pcu_s1_action a, int hit, int alloc) {
    pcu_s1_decision d;
    d.action = a;
    d.hit = hit;
    d.alloc = alloc;
    d.go = a == PCU_S1_JOIN || a == PCU_S1_ALLOC || a == PCU_S1_ALLOC_REPEAT || a == PCU_S1_WRITE;
    return d;
}

static pcu_s1_decision decide_read(const pcu *p, const pcu_request *r) {
    int hit = pcu_match(p, r->addr);
    if (wb_holds(p, r->addr)) {
        return decision(PCU_S1_WAIT_WRITE, hit, -1);
    }
    bool repeat = hit >= 0 && ((p->rgr[hit].dest >> r->sm) & 1u) != 0u && r->sm < p->cfg.num_sm;
    if (hit >= 0 && !repeat) {
        return decision(PCU_S1_JOIN, hit, -1);
    }
    int slot = pcu_alloc(p);
    if (slot < 0) {
        return decision(PCU_S1_WAIT_FULL, hit, -1);
    }
    return decision(repeat ? PCU_S1_ALLOC_REPEAT : PCU_S1_ALLOC, hit, slot);
}

static pcu_s1_decision decide_write(const pcu *p, const pcu_request *r) {
    int hit = pcu_match(p, r->addr);
    if (p->wb_count >= p->cfg.wb_depth) {
        return decision(PCU_S1_WAIT_WB_FULL, hit, -1);
    }
    if (unissued_holds(p, r->addr)) {
        return decision(PCU_S1_WAIT_UNISSUED, hit, -1);
    }
    return decision(PCU_S1_WRITE, hit, -1);
}

pcu_s1_decision pcu_stage1_decide(const pcu *p) {
    if (!p->s1_valid) {
        return decision(PCU_S1_EMPTY, -1, -1);
    }
    return p->s1.write ? decide_write(p, &p->s1) : decide_read(p, &p->s1);
}

unsigned pcu_select(const pcu *p, bool rpq_room, bool mcq_free) {
    bool rd = p->ring_count > 0u;
    bool wr = p->wb_count > 0u;
    if (!rpq_room || !mcq_free || (!rd && !wr)) {
        return 0u;
    }
    return (wr && (!rd || p->rr_write)) ? 2u : 1u;
}

pcu_reply pcu_merge(const pcu *p, unsigned tag, uint64_t addr, uint64_t data, uint64_t extra_dest,
                    bool *freed) {
    pcu_reply r;
    r.addr = addr;
    r.data = data;
    r.dest = 0u;
    bool live = tag < p->cfg.num_rgr && p->rgr[tag].valid && p->rgr[tag].issued;
    if (live) {
        r.dest = p->rgr[tag].dest | extra_dest;
    }
    if (freed != NULL) {
        *freed = live;
    }
    return r;
}

/* ---- one cycle ---------------------------------------------------------------------------- */

static pcu_in cut_inputs(const pcu *p, const pcu_in *in) {
    pcu_in c = *in;
    c.req.sm &= (unsigned)low_mask64(sm_bits(p->cfg.num_sm));
    c.req.addr &= low_mask64(p->cfg.addr_bits);
    c.req.data &= low_mask64(p->cfg.data_bits);
    c.l2_tag &= (unsigned)low_mask64(pcu_idx_bits(p->cfg.num_rgr));
    c.l2_addr &= low_mask64(p->cfg.addr_bits);
    c.l2_data &= low_mask64(p->cfg.data_bits);
    return c;
}

unsigned pcu_live(const pcu *p) {
    unsigned n = 0;
    if (p != NULL) {
        for (unsigned i = 0; i < p->cfg.num_rgr; i++) {
            n += p->rgr[i].valid ? 1u : 0u;
        }
    }
    return n;
}

bool pcu_idle(const pcu *p) {
    return pcu_live(p) == 0u && p->wb_count == 0u && !p->s1_valid && !p->mcq_valid &&
           !p->rpl_valid;
}

/* The read of the stage-1 request joins RGR `tag` at this edge (its bit goes into a reply
 * leaving now). */
static uint64_t joining_bit(const pcu *p, const pcu_s1_decision *d, unsigned tag) {
    if (d->action == PCU_S1_JOIN && (unsigned)d->hit == tag) {
        return sm_bit(p, p->s1.sm);
    }
    return 0u;
}

void pcu_outputs(const pcu *p, const pcu_in *raw, pcu_out *out) {
    memset(out, 0, sizeof *out);
    pcu_in in = cut_inputs(p, raw);
    out->s1 = pcu_stage1_decide(p);
    out->req_ready = !p->s1_valid || out->s1.go;
    out->l2_ready = !p->rpl_valid || in.rpl_ready;
    out->mcq_valid = p->mcq_valid;
    out->rpl_valid = p->rpl_valid;
    if (p->mcq_valid) {
        out->mcq = p->mcq;
    }
    if (p->rpl_valid) {
        out->rpl = p->rpl;
    }
    out->idle = pcu_idle(p);
    out->req_fire = in.req_valid && out->req_ready;
    out->l2_fire = in.l2_valid && out->l2_ready;
    out->mcq_fire = p->mcq_valid && in.mcq_ready;
    out->rpl_fire = p->rpl_valid && in.rpl_ready;

    unsigned pick = pcu_select(p, in.rpq_room, !p->mcq_valid || in.mcq_ready);
    out->mcq_load = pick != 0u;
    if (pick == 2u) {
        const pcu_request *w = &p->wb[p->wb_head];
        pcu_mcq_entry e = {true, w->sm, w->addr, 0u, w->data};
        out->mcq_next = e;
    } else if (pick == 1u) {
        unsigned t = p->ring[p->ring_tail];
        pcu_mcq_entry e = {false, 0u, p->rgr[t].addr, t, 0u};
        out->mcq_next = e;
    }
    if (out->l2_fire) {
        out->rpl_load = true;
        out->rpl_next = pcu_merge(p, in.l2_tag, in.l2_addr, in.l2_data,
                                  joining_bit(p, &out->s1, in.l2_tag), NULL);
    }
}

static void rgr_allocate(pcu *p, unsigned i, uint64_t addr, unsigned sm) {
    pcu_rgr *r = &p->rgr[i];
    r->valid = true;
    r->open = true;
    r->issued = false;
    r->addr = addr;
    r->dest = sm_bit(p, sm);
    p->ring[p->ring_head] = (uint16_t)i;
    p->ring_head = (p->ring_head + 1u) % p->cfg.num_rgr;
    p->ring_count++;
}

/* Stage 1 at the edge (docs/pcu.md 4). */
static void apply_stage1(pcu *p, const pcu_s1_decision *d) {
    const pcu_request *r = &p->s1;
    switch (d->action) {
    case PCU_S1_JOIN:
        p->rgr[d->hit].dest |= sm_bit(p, r->sm);
        break;
    case PCU_S1_ALLOC_REPEAT:
        p->rgr[d->hit].open = false;
        rgr_allocate(p, (unsigned)d->alloc, r->addr, r->sm);
        break;
    case PCU_S1_ALLOC:
        rgr_allocate(p, (unsigned)d->alloc, r->addr, r->sm);
        break;
    case PCU_S1_WRITE:
        if (d->hit >= 0) {
            p->rgr[d->hit].open = false;
        }
        p->wb[(p->wb_head + p->wb_count) % p->cfg.wb_depth] = *r;
        p->wb_count++;
        break;
    default:
        break;
    }
}

/* Request selector at the edge: the chosen request leaves its queue; the round-robin pointer
 * turns to the other kind. */
static void apply_select(pcu *p, const pcu_out *o) {
    if (!o->mcq_load) {
        if (o->mcq_fire) {
            p->mcq_valid = false;
        }
        return;
    }
    if (o->mcq_next.write) {
        p->wb_head = (p->wb_head + 1u) % p->cfg.wb_depth;
        p->wb_count--;
        p->rr_write = false;
    } else {
        p->rgr[o->mcq_next.tag].issued = true;
        p->ring_tail = (p->ring_tail + 1u) % p->cfg.num_rgr;
        p->ring_count--;
        p->rr_write = true;
    }
    p->mcq_valid = true;
    p->mcq = o->mcq_next;
}

void pcu_cycle(pcu *p, const pcu_in *raw, pcu_out *out) {
    if (p == NULL || raw == NULL || out == NULL) {
        return;
    }
    pcu_outputs(p, raw, out);
    pcu_in in = cut_inputs(p, raw);
    /* Every update below reads state from before the edge (out was computed from it); they
     * touch disjoint fields except where docs/pcu.md 5 says which wins. */
    bool freed = false;
    if (out->l2_fire) {
        (void)pcu_merge(p, in.l2_tag, in.l2_addr, in.l2_data, 0u, &freed);
    }
    apply_select(p, out);
    apply_stage1(p, &out->s1);
    if (freed) {
        /* The merge unit frees the RGR last: a read joining it at this edge rode in the reply. */
        memset(&p->rgr[in.l2_tag], 0, sizeof p->rgr[in.l2_tag]);
    }
    if (out->rpl_load) {
        p->rpl_valid = true;
        p->rpl = out->rpl_next;
    } else if (out->rpl_fire) {
        p->rpl_valid = false;
    }
    if (out->req_fire) {
        p->s1_valid = true;
        p->s1 = in.req;
    } else if (out->s1.go) {
        p->s1_valid = false;
    }
}

const char *pcu_s1_action_name(pcu_s1_action a) {
    switch (a) {
    case PCU_S1_EMPTY:
        return "empty";
    case PCU_S1_JOIN:
        return "join";
    case PCU_S1_ALLOC:
        return "alloc";
    case PCU_S1_ALLOC_REPEAT:
        return "alloc_repeat";
    case PCU_S1_WRITE:
        return "write";
    case PCU_S1_WAIT_WRITE:
        return "wait_write";
    case PCU_S1_WAIT_FULL:
        return "wait_full";
    case PCU_S1_WAIT_WB_FULL:
        return "wait_wb_full";
    case PCU_S1_WAIT_UNISSUED:
        return "wait_unissued";
    }
    return "?";
}
