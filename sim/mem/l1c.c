/* Compressed L1 through the C model's LATTE-CC controller and tag unit; see l1c.h. */
#include "mem/l1c.h"
#include "cli_opts.h"  /* NP_EXIT_*: the exit-status table of every tool */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct l1c_sm {
    latte_ctrl ctrl;
    latte_tags tags;
    latte_tag_line *store;
    const l1c_setup *setup;
    uint8_t *hc_comp, *hc_decomp;        /* the high-capacity codec's states (SC: VFT and code table) */
    uint8_t *stream;                     /* check: each tag's compressed stream (NP_CODEC_MAX_BYTES) */
    uint16_t *stream_bits;
    uint64_t q_end[L1C_QUEUE];           /* decompression queue: each line's end of decompression, FIFO */
    unsigned q_head, q_len;
    uint32_t eps;                        /* this SM's EP ends so far (timeline, run length) */
    uint64_t accesses;                   /* this SM's L1 accesses (ACCESS events) so far */
};

/* The controller policy, the static mode and the high-capacity codec of each scheme. */
typedef struct {
    latte_policy policy;
    latte_mode static_mode;
    const char *hc;                      /* codec name in the HC slot */
} scheme_def;

static const scheme_def schemes[L1C_SCHEMES] = {
    [L1C_NONE] = {LATTE_POLICY_STATIC, LATTE_MODE_NONE, "sc"},
    [L1C_BDI] = {LATTE_POLICY_STATIC, LATTE_MODE_LL, "sc"},
    [L1C_SC] = {LATTE_POLICY_STATIC, LATTE_MODE_HC, "sc"},
    [L1C_BPC] = {LATTE_POLICY_STATIC, LATTE_MODE_HC, "bpc"},
    [L1C_LATTE] = {LATTE_POLICY_LATTE, LATTE_MODE_NONE, "sc"},
    [L1C_LATTE_BPC] = {LATTE_POLICY_LATTE, LATTE_MODE_NONE, "bpc"},
    [L1C_KERNEL_OPT] = {LATTE_POLICY_STATIC, LATTE_MODE_NONE, "sc"},
    [L1C_HIT_COUNT] = {LATTE_POLICY_HIT_COUNT, LATTE_MODE_NONE, "sc"},
    [L1C_CMP] = {LATTE_POLICY_CMP, LATTE_MODE_NONE, "sc"},
};

static unsigned clamp(unsigned v, unsigned lo, unsigned hi) { return v < lo ? lo : v > hi ? hi : v; }

bool l1c_setup_init(l1c_setup *s, const sim_config *cfg, const mem_image *img, char *err, size_t err_len) {
    memset(s, 0, sizeof *s);
    if (cfg->l1_compression >= L1C_SCHEMES || cfg->l1_compression == L1C_KERNEL_OPT) {
        snprintf(err, err_len, "internal: l1c_setup_init for scheme %u", (unsigned)cfg->l1_compression);
        return false;
    }
    const scheme_def *d = &schemes[cfg->l1_compression];
    s->scheme = cfg->l1_compression;
    s->img = img;
    s->check = cfg->l1_compression_check != 0;
    s->full_size = cfg->l1_compression_full_size != 0;
    s->hit_latency = cfg->l1_hit_latency;
    const char *names[LATTE_MODES] = {NULL, "bdi", d->hc};
    for (unsigned m = 1; m < LATTE_MODES; m++) {
        const codec_def *def = codec_find(names[m]);
        if (!def || !def->codec) {
            snprintf(err, err_len, "l1_compression: codec '%s' is not in the registry", names[m]);
            return false;
        }
        s->codec[m] = def->codec;
        codec_timing_load(&s->timing[m], def, cfg->synth_report, 0, 0);   /* L1 units: no what-if */
    }
    latte_params_default(&s->params);
    s->params.policy = d->policy;
    s->params.static_mode = d->static_mode;
    s->params.hit_lat = clamp(cfg->l1_hit_latency, 0, LATTE_HIT_LAT_MAX);
    for (unsigned m = 1; m < LATTE_MODES; m++) {
        s->params.dlat[m] = clamp(s->timing[m].decomp.cycles, 0, LATTE_DLAT_MAX);
        s->dlat_clamped |= s->timing[m].decomp.cycles > LATTE_DLAT_MAX;
    }
    /* an L1 miss goes to the L2: Table II's minimum L2 latency is the controller's miss cost */
    s->params.miss_lat = clamp(cfg->l2_hit_latency, 1, LATTE_MISS_LAT_MAX);
    unsigned lines = cfg->l1_kb * 1024u / 128u;
    latte_geometry_default(&s->geo);
    s->geo.sets = lines / cfg->l1_assoc;
    s->tags = (latte_tags_config){s->geo.sets, 4u * cfg->l1_assoc, 4u * cfg->l1_assoc, LATTE_ADDR_BITS};
    if (latte_geometry_check(&s->geo) != NP_OK || latte_tags_config_check(&s->tags) != NP_OK ||
        latte_params_check(&s->params) != NP_OK) {
        snprintf(err, err_len, "config: the LATTE-CC C model rejects %u sets x %u tags (l1_kb = %u, l1_assoc = %u)",
                 s->geo.sets, s->tags.tags, cfg->l1_kb, cfg->l1_assoc);
        return false;
    }
    for (unsigned m = 1; m < LATTE_MODES && !s->check; m++) {
        if (s->codec[m]->state_bytes || (s->codec[m]->flags & NP_CODEC_FILTERS)) continue;
        if (!(s->bits_memo[m] = calloc(img->size / 128u, sizeof *s->bits_memo[m]))) {
            l1c_setup_free(s);
            snprintf(err, err_len, "out of memory (compressed L1 sizes)");
            return false;
        }
    }
    return true;
}

void l1c_setup_free(l1c_setup *s) {
    for (unsigned m = 0; m < LATTE_MODES; m++) {
        free(s->bits_memo[m]);
        s->bits_memo[m] = NULL;
    }
}


void l1c_sm_free(l1c_sm *c) {
    if (!c) return;
    free(c->store);
    free(c->hc_comp);
    free(c->hc_decomp);
    free(c->stream);
    free(c->stream_bits);
    free(c);
}

l1c_sm *l1c_sm_new(const l1c_setup *s, char *err, size_t err_len) {
    l1c_sm *c = calloc(1, sizeof *c);
    size_t n = latte_tags_storage(&s->tags), sb = s->codec[LATTE_MODE_HC]->state_bytes;
    bool ok = c && (c->store = calloc(n, sizeof *c->store));
    if (ok && sb) ok = (c->hc_comp = malloc(sb)) && (c->hc_decomp = malloc(sb));
    if (ok && s->check) ok = (c->stream = calloc(n, NP_CODEC_MAX_BYTES)) && (c->stream_bits = calloc(n, sizeof *c->stream_bits));
    if (!ok) {
        l1c_sm_free(c);
        snprintf(err, err_len, "out of memory (compressed L1)");
        return NULL;
    }
    c->setup = s;
    latte_ctrl_init(&c->ctrl, &s->geo);
    if (latte_ctrl_configure(&c->ctrl, &s->params) != NP_OK ||
        latte_tags_init(&c->tags, &s->tags, c->store, n) != NP_OK) {
        l1c_sm_free(c);
        snprintf(err, err_len, "internal: the LATTE-CC C model rejects its configuration");
        return NULL;
    }
    np_codec_init(s->codec[LATTE_MODE_HC], c->hc_comp);
    np_codec_init(s->codec[LATTE_MODE_HC], c->hc_decomp);
    return c;
}

static void internal(const char *what, const char *detail) {
    fprintf(stderr, "npsim: internal error: compressed L1: %s%s\n", what, detail ? detail : "");
    exit(NP_EXIT_FAIL);
}

/* ---- decompression queue (docs/latte.md 5.1, docs/sim.md) ------------------------------------ */

/* Lines whose decompression has not ended by `now` (the lines ahead of a new one). */
static unsigned queue_ahead(l1c_sm *c, uint64_t now) {
    while (c->q_len && c->q_end[c->q_head] <= now) {
        c->q_head = (c->q_head + 1u) % L1C_QUEUE;
        c->q_len--;
    }
    return c->q_len;
}

/* One line enters the queue at `ready` and takes `dlat` cycles once the decompressor is free;
 * returns the cycle its data is out. */
static uint64_t queue_push(l1c_sm *c, uint64_t ready, unsigned dlat) {
    uint64_t start = ready;
    if (c->q_len) {
        uint64_t last = c->q_end[(c->q_head + c->q_len - 1u) % L1C_QUEUE];
        if (last > start) start = last;
    }
    uint64_t end = start + dlat;
    c->q_end[(c->q_head + c->q_len) % L1C_QUEUE] = end;
    c->q_len++;
    return end;
}

/* ---- controller decisions ---------------------------------------------------------------------- */

static void record_ep(l1c_sm *c, l1c_stats *st, bool sm0, uint64_t now, latte_mode before) {
    latte_mode mode = c->ctrl.mode;
    double capacity = (double)latte_tags_effective_bytes(&c->tags) /
                      ((double)c->setup->tags.sets * c->setup->tags.subblocks * LATTE_SUBBLOCK_BYTES);
    st->eps++;
    st->ep_mode[mode]++;
    st->mode_changes += mode != before;
    st->capacity_sum += capacity;
    uint32_t ep = c->eps++;                          /* every SM counts its EPs (run length) */
    if (!sm0) return;
    if (st->timeline_stride == 0) st->timeline_stride = 1;
    if (ep % st->timeline_stride) return;
    if (st->timeline_n == L1C_TIMELINE) {            /* keep every other point, halve the rate */
        for (uint32_t i = 0; i < L1C_TIMELINE / 2; i++) st->timeline[i] = st->timeline[2 * i];
        st->timeline_n = L1C_TIMELINE / 2;
        st->timeline_stride *= 2;
        if (ep % st->timeline_stride) return;
    }
    st->timeline[st->timeline_n++] = (l1c_point){now, ep, (uint8_t)mode, (float)capacity};
}

/* The end of a VFT-building EP (docs/latte.md 3.3): SC's new code table, the lines the old one
 * compressed invalidated. A codec without a table (BPC) ignores it. */
static void rebuild(l1c_sm *c, l1c_stats *st) {
    const np_codec *hc = c->setup->codec[LATTE_MODE_HC];
    if (!(hc->flags & NP_CODEC_TRAINED)) return;
    if (np_codec_rebuild(hc, c->hc_comp) != NP_OK) internal("the high-capacity codec's rebuild failed", NULL);
    np_codec_sync(hc, c->hc_decomp, c->hc_comp);
    size_t n = latte_tags_storage(&c->setup->tags);
    for (size_t i = 0; i < n; i++) st->invalidated += c->store[i].valid && c->store[i].policy == LATTE_MODE_HC;
    latte_tags_result r;
    if (latte_tags_access(&c->tags, 0, LATTE_TOP_INVALIDATE, LATTE_MODE_HC, 1, &r) != NP_OK)
        internal("INVALIDATE refused", NULL);
    st->rebuilds++;
}

static void after_access(l1c_sm *c, l1c_stats *st, bool sm0, uint64_t now, const latte_decision *d) {
    c->accesses++;
    if (d->ep_end) record_ep(c, st, sm0, now, d->mode);
    if (d->rebuild) rebuild(c, st);
}

/* ---- accesses ----------------------------------------------------------------------------------- */

bool l1c_present(const l1c_sm *c, uint64_t line) {
    unsigned set = latte_tags_set_of(&c->tags, line);
    latte_tags_lookup_out lk = latte_tags_lookup(latte_tags_set_lines(&c->tags, set), c->setup->tags.tags,
                                                 c->setup->tags.subblocks, latte_tags_tag_of(&c->tags, line));
    return lk.match;
}

/* l1_compression_check: the stream stored for the hit line decompresses to the line's data. */
static void check_hit(l1c_sm *c, l1c_stats *st, const latte_tags_result *r, uint64_t line) {
    size_t slot = (size_t)r->set * c->setup->tags.tags + r->way;
    const np_codec *codec = c->setup->codec[r->policy];
    uint8_t back[NP_CODEC_LINE_BYTES];
    void *state = r->policy == LATTE_MODE_HC ? c->hc_decomp : NULL;
    np_codec_opts opts = {0};
    if (np_codec_decompress(codec, state, &opts, c->stream + slot * NP_CODEC_MAX_BYTES, c->stream_bits[slot], back,
                            sizeof back) != NP_OK ||
        memcmp(back, memimg_line(c->setup->img, line), sizeof back) != 0) {
        char detail[96];
        snprintf(detail, sizeof detail, "line 0x%llx (%s, policy %u)", (unsigned long long)line, codec->name, r->policy);
        internal("a compressed hit does not decompress to its line: ", detail);
    }
    st->checked++;
}

l1c_read_outcome l1c_read(l1c_sm *c, const l1c_setup *s, l1c_stats *st, bool sm0, uint64_t line, uint64_t now,
                          unsigned *latency, unsigned *fill_policy) {
    unsigned set = latte_tags_set_of(&c->tags, line);
    latte_tags_lookup_out lk = latte_tags_lookup(latte_tags_set_lines(&c->tags, set), s->tags.tags, s->tags.subblocks,
                                                 latte_tags_tag_of(&c->tags, line));
    unsigned ahead = queue_ahead(c, now);
    if (lk.match && latte_tags_set_lines(&c->tags, set)[lk.match_way].policy != LATTE_MODE_NONE && ahead == L1C_QUEUE) {
        st->queue_full++;
        return L1C_READ_BUSY;
    }
    latte_tags_result r;
    if (latte_tags_access(&c->tags, line, LATTE_TOP_READ, 0, 1, &r) != NP_OK) internal("READ refused", NULL);
    latte_decision d;
    if (r.outcome == LATTE_T_HIT) {
        uint64_t done = now + s->hit_latency;
        if (r.policy != LATTE_MODE_NONE) {
            uint64_t own = done + s->params.dlat[r.policy];
            done = queue_push(c, done, s->params.dlat[r.policy]);
            st->queue_wait_cycles += done - own;
            st->decompressions[r.policy]++;
            if (s->check) check_hit(c, st, &r, line);
        }
        st->hits[r.policy]++;
        *latency = (unsigned)(done - now);
        /* qpos is what a compressed line would have found (docs/latte.md 5.1); an uncompressed hit
         * never waits, so it can arrive with all L1C_QUEUE lines queued: the 6-bit field saturates */
        unsigned qpos = ahead < L1C_QUEUE ? ahead : L1C_QUEUE - 1u;
        if (latte_ctrl_access(&c->ctrl, set, LATTE_ACC_HIT, (latte_mode)r.policy, qpos, &d) != NP_OK)
            internal("controller refused a hit", NULL);
        after_access(c, st, sm0, now, &d);
        return L1C_READ_HIT;
    }
    if (latte_ctrl_access(&c->ctrl, set, LATTE_ACC_MISS, LATTE_MODE_NONE, 0, &d) != NP_OK)
        internal("controller refused a miss", NULL);
    /* a VFT-building EP: its misses' lines are the samples (the lines its fills bring) */
    if (d.vft_sample) np_codec_observe(s->codec[LATTE_MODE_HC], c->hc_comp, memimg_line(s->img, line));
    *fill_policy = d.policy;
    after_access(c, st, sm0, now, &d);
    return L1C_READ_MISS;
}

void l1c_write(l1c_sm *c, const l1c_setup *s, l1c_stats *st, bool sm0, uint64_t line, uint64_t now) {
    (void)s;
    latte_tags_result r;
    if (latte_tags_access(&c->tags, line, LATTE_TOP_WRITE, 0, 1, &r) != NP_OK) internal("WRITE refused", NULL);
    latte_decision d;
    if (latte_ctrl_access(&c->ctrl, latte_tags_set_of(&c->tags, line), LATTE_ACC_WRITE, LATTE_MODE_NONE, 0, &d) != NP_OK)
        internal("controller refused a write", NULL);
    after_access(c, st, sm0, now, &d);
}

unsigned l1c_fill_delay(const l1c_setup *s, unsigned policy) {
    return policy == LATTE_MODE_NONE ? 0u : s->timing[policy].comp.cycles;
}

/* The line's compressed size in mode `policy`, its stream in `stream` unless it came from the memo. */
static size_t compressed_bits(l1c_sm *c, const l1c_setup *s, uint64_t line, unsigned policy, const uint8_t *data,
                              uint8_t stream[NP_CODEC_MAX_BYTES]) {
    uint16_t *memo = data ? NULL : s->bits_memo[policy];   /* memoised per image line: only the image's line */
    uint64_t image_line = line % (s->img->size / 128u);
    if (memo && memo[image_line]) return memo[image_line] - 1u;
    const np_codec *codec = s->codec[policy];
    void *state = policy == LATTE_MODE_HC ? c->hc_comp : NULL;
    np_codec_opts opts = {0};
    unsigned fill = 0;
    size_t bits = 0;
    if (np_codec_compress(codec, state, &opts, data ? data : memimg_line(s->img, line), stream, NP_CODEC_MAX_BYTES,
                          &bits, &fill) !=
            NP_OK ||
        fill != NP_CODEC_FILL_ALL)
        internal("a codec failed to compress a line: ", codec->name);
    if (memo) memo[image_line] = (uint16_t)(bits + 1u);
    return bits;
}

void l1c_insert(l1c_sm *c, const l1c_setup *s, l1c_stats *st, uint64_t line, unsigned policy, const uint8_t *data) {
    uint8_t stream[NP_CODEC_MAX_BYTES];
    size_t bits = 0;
    latte_line_format f = {LATTE_MODE_NONE, LATTE_LINE_SUBBLOCKS};
    if (policy != LATTE_MODE_NONE) {
        bits = compressed_bits(c, s, line, policy, data, stream);
        f = latte_format((latte_mode)policy, bits);     /* the C model's size rule (docs/latte.md 3.2) */
        /* what-if: the line keeps its mode (a hit still decompresses) but not its smaller size */
        if (s->full_size && f.policy != LATTE_MODE_NONE) f.size = LATTE_LINE_SUBBLOCKS;
        st->compressions[policy]++;
    }
    latte_tags_result r;
    if (latte_tags_access(&c->tags, line, LATTE_TOP_FILL, f.policy, f.size, &r) != NP_OK) internal("FILL refused", NULL);
    if (r.outcome == LATTE_T_FILL_PRESENT) {
        st->fill_present++;
        return;
    }
    st->stored[f.policy]++;
    if (s->check && f.policy != LATTE_MODE_NONE) {
        size_t slot = (size_t)r.set * s->tags.tags + r.way;
        memcpy(c->stream + slot * NP_CODEC_MAX_BYTES, stream, (bits + 7u) / 8u);
        c->stream_bits[slot] = (uint16_t)bits;
    }
}

void l1c_schedule(l1c_sm *c, unsigned ready_warps, uint64_t cycles) {
    latte_ctrl_lt_sample(&c->ctrl, ready_warps > LATTE_WARPS_MAX ? LATTE_WARPS_MAX : ready_warps,
                         cycles > LATTE_CYCLES_MAX ? LATTE_CYCLES_MAX : (unsigned)cycles);
}

uint64_t l1c_sm_eps(const l1c_sm *c) { return c->eps; }
uint64_t l1c_sm_accesses(const l1c_sm *c) { return c->accesses; }

uint64_t l1c_effective_bytes(const l1c_sm *c) { return latte_tags_effective_bytes(&c->tags); }
