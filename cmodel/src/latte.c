/* LATTE-CC controller and compressed-L1 tag logic: C golden model of docs/latte.md. */
#include "latte.h"

#include <string.h>

#include "codec.h"

/* ---- configuration ------------------------------------------------------------------------ */

void latte_geometry_default(latte_geometry *g) {
    g->sets = LATTE_SETS;
    g->ep_accesses = LATTE_EP_ACCESSES;
    g->period_eps = LATTE_PERIOD_EPS;
}

void latte_params_default(latte_params *p) {
    p->policy = LATTE_POLICY_LATTE;
    p->static_mode = LATTE_MODE_NONE;
    p->hit_lat = 1;
    p->dlat[LATTE_MODE_NONE] = 0;
    p->dlat[LATTE_MODE_LL] = 2;     /* seed 004 IV-C-1: BDI 2-cycle decompression */
    p->dlat[LATTE_MODE_HC] = 14;    /* seed 004 IV-C-2: SC 14-cycle decompression */
    p->miss_lat = 120;              /* Table II: minimum L2 access latency */
}

static bool pow2(unsigned v) {
    return v != 0 && (v & (v - 1u)) == 0;
}

np_result latte_geometry_check(const latte_geometry *g) {
    if (g == NULL || !pow2(g->sets) || g->sets < 16u || g->sets > 65536u || g->ep_accesses == 0 ||
        g->ep_accesses > 65535u || g->period_eps < 3u || g->period_eps > 15u) {
        return NP_BAD_PARAM;
    }
    return NP_OK;
}

np_result latte_params_check(const latte_params *p) {
    if (p == NULL || (unsigned)p->policy > 3u || (unsigned)p->static_mode >= LATTE_MODES ||
        p->hit_lat > LATTE_HIT_LAT_MAX || p->dlat[LATTE_MODE_NONE] != 0 ||
        p->dlat[LATTE_MODE_LL] > LATTE_DLAT_MAX || p->dlat[LATTE_MODE_HC] > LATTE_DLAT_MAX ||
        p->miss_lat == 0 || p->miss_lat > LATTE_MISS_LAT_MAX) {
        return NP_BAD_PARAM;
    }
    return NP_OK;
}

/* ---- controller ------------------------------------------------------------------------------ */

/* The state after reset or a RESTART event: EP 0 of the first period, nothing counted, no
 * latency tolerance seen yet, no compression until a decision says otherwise. */
static void ctrl_clear(latte_ctrl *c) {
    c->ep_count = 0;
    c->ep = 0;
    c->first_period = true;
    c->mode = LATTE_MODE_NONE;
    memset(c->n_hit, 0, sizeof c->n_hit);
    memset(c->n_miss, 0, sizeof c->n_miss);
    c->s_warps = 0;
    c->s_cycles = 0;
    c->s_qpos = 0;
}

void latte_ctrl_init(latte_ctrl *c, const latte_geometry *geo) {
    memset(c, 0, sizeof *c);
    c->geo = *geo;
    latte_params_default(&c->cfg);
    ctrl_clear(c);
}

np_result latte_ctrl_create(latte_ctrl *c, const latte_geometry *geo) {
    if (c == NULL || latte_geometry_check(geo) != NP_OK) {
        return NP_BAD_PARAM;
    }
    latte_ctrl_init(c, geo);
    return NP_OK;
}

int latte_set_role(const latte_geometry *g, unsigned set) {
    const unsigned stride = g->sets / LATTE_DEDICATED_PER_MODE;
    const unsigned r = set & (stride - 1u);
    return r < LATTE_MODES ? (int)r : -1;
}

latte_mode latte_access_policy(const latte_ctrl *c, unsigned set) {
    if (c->cfg.policy == LATTE_POLICY_STATIC) {
        return c->cfg.static_mode;
    }
    const int role = latte_set_role(&c->geo, set);
    return (c->ep == 0 && role >= 0) ? (latte_mode)role : c->mode;
}

unsigned latte_ema(unsigned s, unsigned x) {
    return s - (s >> LATTE_EMA_SHIFT) + x;
}

unsigned latte_lt(unsigned s_warps, unsigned s_cycles) {
    return (unsigned)(((uint64_t)s_warps * s_cycles) >> (2u * LATTE_EMA_SHIFT));
}

void latte_estimate(const latte_ctrl *c, latte_estimate_out *e) {
    memset(e, 0, sizeof *e);
    const latte_policy pol = c->cfg.policy;
    /* Adaptive-CMP knows the decompression latency but not the GPU's tolerance: LT = 0. */
    e->lt = pol == LATTE_POLICY_LATTE ? latte_lt(c->s_warps, c->s_cycles) : 0u;
    for (unsigned m = 0; m < LATTE_MODES; m++) {
        /* eq. 3: dlat * (pos + 1) with the position's EMA s_qpos = pos * 2^shift. */
        e->eff[m] = (c->cfg.dlat[m] * (c->s_qpos + (1u << LATTE_EMA_SHIFT))) >> LATTE_EMA_SHIFT;
        const unsigned hl = c->cfg.hit_lat + e->eff[m];
        /* eq. 2 with max(): a hit costs the latency the warps cannot hide, never less than 0.
         * Adaptive-Hit-Count counts hits only: every hit costs 0. */
        e->pen[m] = (pol == LATTE_POLICY_HIT_COUNT || hl <= e->lt) ? 0u : hl - e->lt;
        e->total[m] = (uint64_t)c->n_hit[m] * e->pen[m] + (uint64_t)c->n_miss[m] * c->cfg.miss_lat;
        e->acc[m] = c->n_hit[m] + c->n_miss[m];
    }
}

latte_mode latte_choose(const latte_estimate_out *e, latte_mode current) {
    int best = -1;
    for (unsigned m = 0; m < LATTE_MODES; m++) {
        if (e->acc[m] == 0) {
            continue;   /* no evidence: AMAT undefined */
        }
        /* AMAT_m < AMAT_best  <=>  total_m * acc_best < total_best * acc_m (acc > 0). */
        if (best < 0 || e->total[m] * e->acc[best] < e->total[best] * e->acc[m]) {
            best = (int)m;
        }
    }
    return best < 0 ? current : (latte_mode)best;
}

static np_result check_event(const latte_ctrl *c, const latte_event *ev) {
    switch (ev->kind) {
    case LATTE_EV_ACCESS:
        if (ev->set >= c->geo.sets || ev->acc > 3u || ev->qpos > LATTE_QPOS_MAX ||
            ev->hit_policy >= LATTE_MODES) {
            return NP_BAD_PARAM;
        }
        return NP_OK;
    case LATTE_EV_LT_SAMPLE:
        return (ev->warps > LATTE_WARPS_MAX || ev->cycles > LATTE_CYCLES_MAX) ? NP_BAD_PARAM : NP_OK;
    case LATTE_EV_CONFIG:
        return latte_params_check(&ev->params);
    case LATTE_EV_RESTART:
        return NP_OK;
    }
    return NP_BAD_PARAM;
}

static void access_event(latte_ctrl *c, const latte_event *ev, latte_decision *d) {
    const unsigned last = c->geo.period_eps - 1u;
    const bool adaptive = c->cfg.policy != LATTE_POLICY_STATIC;
    const int role = latte_set_role(&c->geo, ev->set);
    const bool write = (ev->acc & 2u) != 0;
    const bool hit = !write && (ev->acc & 1u) != 0;
    const bool miss = !write && !hit;

    d->policy = latte_access_policy(c, ev->set);
    d->vft_sample = c->ep == last || (c->ep == 0 && c->first_period);

    /* Set sampling (sec. III-B-1): insertions in EP 0, hits in EPs 0 and 1, each in the
     * dedicated sets of its mode; a hit counts only on a line stored in that mode. */
    if (adaptive && role >= 0) {
        if (c->ep == 0 && miss) {
            c->n_miss[role]++;
        }
        if (c->ep <= 1 && hit && ev->hit_policy == (unsigned)role) {
            c->n_hit[role]++;
        }
    }
    if (hit) {
        c->s_qpos = latte_ema(c->s_qpos, ev->qpos);
    }
    if (++c->ep_count < c->geo.ep_accesses) {
        return;
    }
    /* The EP ends with this access: choose the mode for the next EP (sec. III-C). */
    c->ep_count = 0;
    d->ep_end = true;
    d->rebuild = d->vft_sample;
    if (adaptive) {
        latte_estimate_out e;
        latte_estimate(c, &e);
        c->mode = latte_choose(&e, c->mode);
    } else {
        c->mode = c->cfg.static_mode;
    }
    c->decisions++;
    if (c->ep == last) {
        c->ep = 0;
        c->first_period = false;
        memset(c->n_hit, 0, sizeof c->n_hit);
        memset(c->n_miss, 0, sizeof c->n_miss);
    } else {
        c->ep++;
    }
}

np_result latte_ctrl_event(latte_ctrl *c, const latte_event *ev, latte_decision *out) {
    if (c == NULL || ev == NULL || check_event(c, ev) != NP_OK) {
        return NP_BAD_PARAM;
    }
    latte_decision d;
    memset(&d, 0, sizeof d);
    d.mode = c->mode;
    d.policy = c->mode;
    d.ep = c->ep;
    switch (ev->kind) {
    case LATTE_EV_ACCESS:
        access_event(c, ev, &d);
        break;
    case LATTE_EV_LT_SAMPLE:
        c->s_warps = latte_ema(c->s_warps, ev->warps);
        c->s_cycles = latte_ema(c->s_cycles, ev->cycles);
        break;
    case LATTE_EV_CONFIG:
        c->cfg = ev->params;
        break;
    case LATTE_EV_RESTART:
        ctrl_clear(c);
        break;
    }
    if (out != NULL) {
        *out = d;
    }
    return NP_OK;
}

np_result latte_ctrl_access(latte_ctrl *c, unsigned set, latte_acc acc, latte_mode hit_policy,
                            unsigned qpos, latte_decision *out) {
    latte_event ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = LATTE_EV_ACCESS;
    ev.set = set;
    ev.acc = (unsigned)acc;
    ev.hit_policy = (unsigned)hit_policy;
    ev.qpos = qpos;
    return latte_ctrl_event(c, &ev, out);
}

np_result latte_ctrl_lt_sample(latte_ctrl *c, unsigned warps, unsigned cycles) {
    latte_event ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = LATTE_EV_LT_SAMPLE;
    ev.warps = warps;
    ev.cycles = cycles;
    return latte_ctrl_event(c, &ev, NULL);
}

np_result latte_ctrl_configure(latte_ctrl *c, const latte_params *p) {
    if (p == NULL) {
        return NP_BAD_PARAM;
    }
    latte_event ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = LATTE_EV_CONFIG;
    ev.params = *p;
    return latte_ctrl_event(c, &ev, NULL);
}

np_result latte_ctrl_restart(latte_ctrl *c) {
    latte_event ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = LATTE_EV_RESTART;
    return latte_ctrl_event(c, &ev, NULL);
}

/* ---- tag logic ---------------------------------------------------------------------------------- */

static unsigned log2_exact(unsigned v) {
    unsigned n = 0;
    while ((1u << n) < v) {
        n++;
    }
    return n;
}

void latte_tags_config_default(latte_tags_config *cfg) {
    cfg->sets = LATTE_SETS;
    cfg->tags = 4u * 4u;        /* 4 ways x 4: "four times the tag blocks" */
    cfg->subblocks = 4u * 4u;   /* 4 ways x 128 bytes in 32-byte sub-blocks */
    cfg->addr_bits = LATTE_ADDR_BITS;
}

np_result latte_tags_config_check(const latte_tags_config *cfg) {
    if (cfg == NULL || !pow2(cfg->sets) || cfg->sets > 65536u || cfg->tags < 2u ||
        cfg->tags > LATTE_MAX_TAGS || cfg->subblocks < LATTE_LINE_SUBBLOCKS || cfg->subblocks > 64u ||
        cfg->addr_bits > 64u || cfg->addr_bits <= log2_exact(cfg->sets)) {
        return NP_BAD_PARAM;
    }
    return NP_OK;
}

size_t latte_tags_storage(const latte_tags_config *cfg) {
    return (size_t)cfg->sets * cfg->tags;
}

np_result latte_tags_init(latte_tags *t, const latte_tags_config *cfg, latte_tag_line *storage,
                          size_t storage_entries) {
    if (t == NULL || latte_tags_config_check(cfg) != NP_OK || storage == NULL ||
        storage_entries < latte_tags_storage(cfg)) {
        return NP_BAD_PARAM;
    }
    t->cfg = *cfg;
    t->index_bits = log2_exact(cfg->sets);
    t->tag_bits = cfg->addr_bits - t->index_bits;
    t->line = storage;
    latte_tags_reset(t);
    return NP_OK;
}

static void reset_set(latte_tag_line *set, unsigned tags) {
    for (unsigned w = 0; w < tags; w++) {
        memset(&set[w], 0, sizeof set[w]);
        set[w].age = (uint8_t)w;
    }
}

void latte_tags_reset(latte_tags *t) {
    for (unsigned s = 0; s < t->cfg.sets; s++) {
        reset_set(t->line + (size_t)s * t->cfg.tags, t->cfg.tags);
    }
}

static uint64_t mask_bits(unsigned bits) {
    return bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1u;
}

unsigned latte_tags_set_of(const latte_tags *t, uint64_t line_addr) {
    return (unsigned)(line_addr & mask_bits(t->index_bits));
}

uint64_t latte_tags_tag_of(const latte_tags *t, uint64_t line_addr) {
    return (line_addr & mask_bits(t->cfg.addr_bits)) >> t->index_bits;
}

const latte_tag_line *latte_tags_set_lines(const latte_tags *t, unsigned set) {
    return t->line + (size_t)set * t->cfg.tags;
}

latte_tags_lookup_out latte_tags_lookup(const latte_tag_line *set, unsigned tags,
                                        unsigned subblocks, uint64_t tag) {
    latte_tags_lookup_out o;
    memset(&o, 0, sizeof o);
    unsigned used = 0;
    for (unsigned w = 0; w < tags; w++) {
        if (!set[w].valid) {
            continue;
        }
        used += set[w].size;
        if (set[w].tag == tag && !o.match) {
            o.match = true;
            o.match_way = w;
        }
    }
    o.free_subblocks = subblocks - used;
    return o;
}

uint64_t latte_tags_victims(const latte_tag_line *set, unsigned tags, unsigned free_subblocks,
                            unsigned size) {
    unsigned free_tags = 0;
    for (unsigned w = 0; w < tags; w++) {
        free_tags += set[w].valid ? 0u : 1u;
    }
    uint64_t victims = 0;
    for (unsigned w = 0; w < tags; w++) {
        if (!set[w].valid) {
            continue;
        }
        unsigned older_n = 0, older_size = 0;
        for (unsigned v = 0; v < tags; v++) {
            if (set[v].valid && set[v].age > set[w].age) {
                older_n++;
                older_size += set[v].size;
            }
        }
        const bool fits_without_w = free_tags + older_n >= 1u && free_subblocks + older_size >= size;
        if (!fits_without_w) {
            victims |= UINT64_C(1) << w;
        }
    }
    return victims;
}

unsigned latte_tags_offset(const latte_tag_line *set, unsigned way) {
    unsigned off = 0;
    for (unsigned v = 0; v < way; v++) {
        off += set[v].valid ? set[v].size : 0u;
    }
    return off;
}

void latte_tags_touch(latte_tag_line *set, unsigned tags, unsigned way) {
    const uint8_t a = set[way].age;
    for (unsigned w = 0; w < tags; w++) {
        if (set[w].age < a) {
            set[w].age++;
        }
    }
    set[way].age = 0;
}

static void report_line(const latte_tag_line *set, unsigned way, latte_tags_result *r) {
    r->way = way;
    r->policy = set[way].policy;
    r->size = set[way].size;
    r->offset = latte_tags_offset(set, way);
}

np_result latte_tags_access(latte_tags *t, uint64_t line_addr, latte_tags_op op, unsigned policy,
                            unsigned size, latte_tags_result *r) {
    if (t == NULL || r == NULL || t->line == NULL || (unsigned)op > 3u ||
        (op == LATTE_TOP_FILL && (policy >= LATTE_MODES || size < 1u || size > LATTE_LINE_SUBBLOCKS)) ||
        (op == LATTE_TOP_INVALIDATE && policy > 3u)) {
        return NP_BAD_PARAM;
    }
    const unsigned tags = t->cfg.tags;
    memset(r, 0, sizeof *r);
    r->set = latte_tags_set_of(t, line_addr);
    const uint64_t tag = latte_tags_tag_of(t, line_addr);
    latte_tag_line *set = t->line + (size_t)r->set * tags;
    const latte_tags_lookup_out lk = latte_tags_lookup(set, tags, t->cfg.subblocks, tag);

    switch (op) {
    case LATTE_TOP_READ:
        r->outcome = lk.match ? LATTE_T_HIT : LATTE_T_MISS;
        if (lk.match) {
            latte_tags_touch(set, tags, lk.match_way);
            report_line(set, lk.match_way, r);
        }
        break;
    case LATTE_TOP_WRITE:
        /* Write-evict (sec. IV-C-3): the write goes to L2, a present line is dropped; LRU ages
         * stay as they are, as in the BA unit (docs/ba.md 2). */
        r->outcome = lk.match ? LATTE_T_WRITE_EVICT : LATTE_T_WRITE_AROUND;
        if (lk.match) {
            set[lk.match_way].valid = false;
            r->way = lk.match_way;
        }
        break;
    case LATTE_TOP_FILL:
        if (lk.match) {
            /* Two misses to one line: the data is already there and unchanged (write-evict
             * keeps the L1 clean), so the second fill only touches it. */
            r->outcome = LATTE_T_FILL_PRESENT;
            latte_tags_touch(set, tags, lk.match_way);
            report_line(set, lk.match_way, r);
            break;
        }
        r->outcome = LATTE_T_FILL;
        r->victims = latte_tags_victims(set, tags, lk.free_subblocks, size);
        for (unsigned w = 0; w < tags; w++) {
            if ((r->victims >> w) & 1u) {
                set[w].valid = false;
            }
        }
        {
            unsigned way = 0;
            while (set[way].valid) {
                way++;   /* a free tag exists: the victim rule guarantees it */
            }
            set[way].valid = true;
            set[way].tag = tag;
            set[way].policy = (uint8_t)policy;
            set[way].size = (uint8_t)size;
            latte_tags_touch(set, tags, way);
            report_line(set, way, r);
        }
        break;
    case LATTE_TOP_INVALIDATE:
        r->outcome = LATTE_T_INVALIDATED;
        if (policy == 3u) {
            latte_tags_reset(t);
        } else {
            for (size_t i = 0; i < latte_tags_storage(&t->cfg); i++) {
                if (t->line[i].valid && t->line[i].policy == policy) {
                    t->line[i].valid = false;
                }
            }
        }
        break;
    }
    r->free_subblocks = latte_tags_lookup(set, tags, t->cfg.subblocks, 0).free_subblocks;
    return NP_OK;
}

uint64_t latte_tags_effective_bytes(const latte_tags *t) {
    uint64_t n = 0;
    for (size_t i = 0; i < latte_tags_storage(&t->cfg); i++) {
        n += t->line[i].valid ? 128u : 0u;
    }
    return n;
}

/* ---- line formats -------------------------------------------------------------------------------- */

unsigned latte_subblocks(size_t bits) {
    const size_t per = 8u * LATTE_SUBBLOCK_BYTES;
    size_t n = (bits + per - 1u) / per;
    if (n == 0) {
        n = 1;
    }
    return n > LATTE_LINE_SUBBLOCKS ? LATTE_LINE_SUBBLOCKS : (unsigned)n;
}

latte_line_format latte_format(latte_mode mode, size_t bits) {
    latte_line_format f = {LATTE_MODE_NONE, LATTE_LINE_SUBBLOCKS};
    if (mode == LATTE_MODE_LL || mode == LATTE_MODE_HC) {
        const unsigned n = latte_subblocks(bits);
        if (n < LATTE_LINE_SUBBLOCKS) {
            f.policy = mode;
            f.size = n;
        }
    }
    return f;
}

np_result latte_format_codec(latte_mode mode, const struct np_codec *codec, void *state,
                             const uint8_t line[128], latte_line_format *out) {
    if (out == NULL || (unsigned)mode >= LATTE_MODES) {
        return NP_BAD_PARAM;
    }
    if (mode == LATTE_MODE_NONE) {
        *out = latte_format(mode, 0);
        return NP_OK;
    }
    if (codec == NULL || line == NULL) {
        return NP_BAD_PARAM;
    }
    const np_codec_opts opts = {0};
    unsigned fill = 0;
    const size_t bits = np_codec_bits(codec, state, &opts, line, &fill);
    if (bits == 0 || fill != NP_CODEC_FILL_ALL) {
        return NP_BAD_PARAM;   /* lossy / filtering codecs cannot back an L1 line */
    }
    *out = latte_format(mode, bits);
    return NP_OK;
}

const char *latte_mode_name(latte_mode m) {
    static const char *const names[LATTE_MODES] = {"none", "ll", "hc"};
    return (unsigned)m < LATTE_MODES ? names[m] : NULL;
}

const char *latte_tags_outcome_name(latte_tags_outcome o) {
    static const char *const names[LATTE_T_OUTCOMES] = {
        "hit", "miss", "fill", "fill_present", "write_evict", "write_around", "invalidated"};
    return (unsigned)o < LATTE_T_OUTCOMES ? names[o] : NULL;
}
