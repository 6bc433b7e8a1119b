/* `nocpress vectors --unit latte`: vectors/latte/latte_ctrl.hex and latte_tags.hex
 * (docs/latte.md 10). The generator only chooses inputs; every expected answer comes from the
 * C model (latte_ctrl_event, latte_tags_access) when the file is written. */
#include "vectors_latte.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hexvec.h"
#include "latte.h"
#include "prng.h"
#include "vecgen.h"

#define NAME_LEN 64u
#define MAX_VECS 16384u
#define SETS LATTE_SETS
#define INDEX_BITS 5u
#define TAG_BITS (LATTE_ADDR_BITS - INDEX_BITS)
#define CTRL_IN_BITS (2u + 5u + 2u + 2u + 6u + 6u + 8u + 2u + 2u + 8u + 6u + 6u + 10u)
#define CTRL_BITS (CTRL_IN_BITS + 2u + 2u + 4u + 3u)
#define TAGS_BITS (2u + LATTE_ADDR_BITS + 2u + 2u + 3u + 4u + 2u + 3u + 4u + 16u + 5u)

/* ---- controller --------------------------------------------------------------------------- */

typedef struct {
    latte_event ev[MAX_VECS];
    char name[MAX_VECS][NAME_LEN];
    size_t n;
    bool overflow;
} ctrl_seq;

static latte_event *ctrl_add(ctrl_seq *s, latte_event_kind kind, const char *fmt, const char *what, unsigned k) {
    if (s->n >= MAX_VECS) {
        s->overflow = true;
        return NULL;
    }
    latte_event *e = &s->ev[s->n];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    snprintf(s->name[s->n], NAME_LEN, fmt, what, k);
    s->n++;
    return e;
}

static void ctrl_access(ctrl_seq *s, unsigned set, latte_acc acc, unsigned hit_policy, unsigned qpos, const char *what,
                   unsigned k) {
    latte_event *e = ctrl_add(s, LATTE_EV_ACCESS, "%s_%u", what, k);
    if (e != NULL) {
        e->set = set;
        e->acc = (unsigned)acc;
        e->hit_policy = hit_policy;
        e->qpos = qpos;
    }
}

static void lt_sample(ctrl_seq *s, unsigned warps, unsigned cycles, const char *what, unsigned k) {
    latte_event *e = ctrl_add(s, LATTE_EV_LT_SAMPLE, "%s_%u", what, k);
    if (e != NULL) {
        e->warps = warps;
        e->cycles = cycles;
    }
}

static void config(ctrl_seq *s, latte_policy pol, latte_mode static_mode, unsigned hit, unsigned dll, unsigned dhc,
                   unsigned miss, const char *what) {
    latte_event *e = ctrl_add(s, LATTE_EV_CONFIG, "%s_config%u", what, (unsigned)pol);
    if (e != NULL) {
        latte_params_default(&e->params);
        e->params.policy = pol;
        e->params.static_mode = static_mode;
        e->params.hit_lat = hit;
        e->params.dlat[1] = dll;
        e->params.dlat[2] = dhc;
        e->params.miss_lat = miss;
    }
}

/* One EP of 256 accesses, cycling over the 32 sets: the dedicated sets of mode m hit with
 * probability hit_pct[m] % (on lines of their own policy), the followers with follow_pct %;
 * one write in 16; a latency-tolerance sample every `lt_every` accesses (0: none). */
static void ep_pattern(ctrl_seq *s, prng *p, const unsigned hit_pct[3], unsigned follow_pct, unsigned lt_every,
                       unsigned warps, unsigned cycles, const char *what) {
    latte_geometry g;
    latte_geometry_default(&g);
    for (unsigned i = 0; i < LATTE_EP_ACCESSES; i++) {
        const unsigned set = (i * 7u + 3u) % SETS;
        const int role = latte_set_role(&g, set);
        const unsigned pct = role >= 0 ? hit_pct[role] : follow_pct;
        latte_acc acc = prng_below(p, 100) < pct ? LATTE_ACC_HIT : LATTE_ACC_MISS;
        if (prng_below(p, 16) == 0) acc = LATTE_ACC_WRITE;
        ctrl_access(s, set, acc, role >= 0 ? (unsigned)role : (unsigned)prng_below(p, 3), (unsigned)prng_below(p, 4), what,
               i);
        if (lt_every != 0 && i % lt_every == 0) lt_sample(s, warps, cycles, what, i);
    }
}

static void gen_ctrl(ctrl_seq *s) {
    prng p;
    prng_seed(&p, 0x1A77E0C7u);
    /* answers from reset: defaults, mode none, EP 0 of the first period */
    lt_sample(s, 0, 0, "reset_lt_zero", 0);
    ctrl_access(s, 0, LATTE_ACC_MISS, 0, 0, "reset_dedicated_none", 0);
    ctrl_access(s, 1, LATTE_ACC_MISS, 0, 0, "reset_dedicated_ll", 1);
    ctrl_access(s, 2, LATTE_ACC_MISS, 0, 0, "reset_dedicated_hc", 2);
    ctrl_access(s, 3, LATTE_ACC_MISS, 0, 0, "reset_follower", 3);
    ctrl_add(s, LATTE_EV_RESTART, "%s_%u", "restart_from_reset", 0);
    config(s, LATTE_POLICY_LATTE, LATTE_MODE_NONE, 1, 2, 14, 120, "latte");
    /* Period 1: HC's sets hit most: with no tolerance LL wins (cheap hits); tolerance samples
     * from EP 3 on (48 warps x 100 cycles) hide HC's 15 cycles: HC wins those EPs. */
    static const unsigned p1[3] = {20, 55, 75};
    for (unsigned e = 0; e < LATTE_PERIOD_EPS; e++) {
        char what[32];
        snprintf(what, sizeof what, "p1_ep%u", e);
        ep_pattern(s, &p, p1, 50, e >= 3 ? 8 : 0, 48, 100, what);
    }
    /* Period 2: low tolerance (1 warp x 2 cycles) decays the average; BDI's sets hit most */
    static const unsigned p2[3] = {30, 70, 72};
    for (unsigned e = 0; e < LATTE_PERIOD_EPS; e++) {
        char what[32];
        snprintf(what, sizeof what, "p2_ep%u", e);
        ep_pattern(s, &p, p2, 40, 4, 1, 2, what);
    }
    /* Adaptive-Hit-Count with a 63-cycle HC: still HC (hit ratio only); Adaptive-CMP: not */
    ctrl_add(s, LATTE_EV_RESTART, "%s_%u", "restart_hit_count", 0);
    config(s, LATTE_POLICY_HIT_COUNT, LATTE_MODE_NONE, 1, 2, 63, 120, "hit_count");
    static const unsigned p3[3] = {10, 40, 80};
    for (unsigned e = 0; e < 3; e++) ep_pattern(s, &p, p3, 50, 0, 0, 0, e == 0 ? "hc_ep0" : e == 1 ? "hc_ep1" : "hc_ep2");
    ctrl_add(s, LATTE_EV_RESTART, "%s_%u", "restart_cmp", 0);
    config(s, LATTE_POLICY_CMP, LATTE_MODE_NONE, 1, 2, 63, 120, "cmp");
    for (unsigned e = 0; e < 3; e++) ep_pattern(s, &p, p3, 50, 8, 48, 255, e == 0 ? "cmp_ep0" : e == 1 ? "cmp_ep1" : "cmp_ep2");
    /* Static-SC: every access, dedicated or not, gets HC; EP ends keep it */
    config(s, LATTE_POLICY_STATIC, LATTE_MODE_HC, 1, 2, 14, 120, "static_hc");
    ep_pattern(s, &p, p3, 50, 0, 0, 0, "static_ep");
    /* extremes: every counter and latency at its widest */
    ctrl_add(s, LATTE_EV_RESTART, "%s_%u", "restart_extremes", 0);
    config(s, LATTE_POLICY_LATTE, LATTE_MODE_NONE, 255, 63, 63, 1023, "extremes");
    for (unsigned i = 0; i < 40; i++) lt_sample(s, 63, 255, "lt_max", i);
    static const unsigned all_hit[3] = {100, 100, 100};
    for (unsigned e = 0; e < 2; e++) ep_pattern(s, &p, all_hit, 100, 0, 0, 0, e == 0 ? "all_hit_ep0" : "all_hit_ep1");
    /* fixed-seed random events */
    ctrl_add(s, LATTE_EV_RESTART, "%s_%u", "restart_random", 0);
    for (unsigned i = 0; i < 3000; i++) {
        const unsigned k = (unsigned)prng_below(&p, 100);
        if (k < 1) {
            config(s, (latte_policy)prng_below(&p, 4), (latte_mode)prng_below(&p, 3), (unsigned)prng_below(&p, 256),
                   (unsigned)prng_below(&p, 64), (unsigned)prng_below(&p, 64), 1u + (unsigned)prng_below(&p, 1023),
                   "random");
        } else if (k < 20) {
            lt_sample(s, (unsigned)prng_below(&p, 64), (unsigned)prng_below(&p, 256), "random_lt", i);
        } else {
            ctrl_access(s, (unsigned)prng_below(&p, SETS), (latte_acc)prng_below(&p, 4), (unsigned)prng_below(&p, 3),
                   (unsigned)prng_below(&p, 64), "random_access", i);
        }
    }
}

static bool write_ctrl(const ctrl_seq *s, const char *dir, const char *command) {
    static const vecfile_spec spec = {
        "latte_ctrl",
        "{in_kind[1:0], in_set[4:0], in_acc[1:0], in_hit_policy[1:0], in_qpos[5:0], in_warps[5:0], "
        "in_cycles[7:0], in_cfg_policy[1:0], in_cfg_static_mode[1:0], in_cfg_hit_lat[7:0], in_cfg_dlat_ll[5:0], "
        "in_cfg_dlat_hc[5:0], in_cfg_miss_lat[9:0], exp_policy[1:0], exp_mode[1:0], exp_ep[3:0], exp_ep_end, "
        "exp_vft_sample, exp_rebuild}",
        CTRL_BITS,
        "// One event per vector, in order from reset (the state carries over); Sets = 32, EpAccesses = 256,\n"
        "// PeriodEps = 10. in_kind 0 access, 1 lt_sample, 2 config, 3 restart; fields a kind does not use are 0.\n"};
    const vecfile_origin origin = {"docs/vectors.md, docs/latte.md 10", "nocpress LATTE-CC C model " LATTE_MODEL_VERSION,
                                   command};
    latte_geometry g;
    latte_geometry_default(&g);
    latte_ctrl c;
    latte_ctrl_init(&c, &g);
    vecfile vf;
    if (!vecfile_open(&vf, dir, &spec, &origin, s->n)) return false;
    bool ok = true;
    for (size_t i = 0; ok && i < s->n; i++) {
        const latte_event *e = &s->ev[i];
        latte_decision d;
        if (latte_ctrl_event(&c, e, &d) != NP_OK) {
            cli_fail("vectors: latte: event %zu outside the model's ranges", i);
            ok = false;
            break;
        }
        const bool cfg = e->kind == LATTE_EV_CONFIG;
        hexvec h;
        hexvec_init(&h, CTRL_BITS);
        hexvec_field(&h, (uint64_t)e->kind, 2);
        hexvec_field(&h, e->set, 5);
        hexvec_field(&h, e->acc, 2);
        hexvec_field(&h, e->hit_policy, 2);
        hexvec_field(&h, e->qpos, 6);
        hexvec_field(&h, e->warps, 6);
        hexvec_field(&h, e->cycles, 8);
        hexvec_field(&h, cfg ? (uint64_t)e->params.policy : 0, 2);
        hexvec_field(&h, cfg ? (uint64_t)e->params.static_mode : 0, 2);
        hexvec_field(&h, cfg ? e->params.hit_lat : 0, 8);
        hexvec_field(&h, cfg ? e->params.dlat[1] : 0, 6);
        hexvec_field(&h, cfg ? e->params.dlat[2] : 0, 6);
        hexvec_field(&h, cfg ? e->params.miss_lat : 0, 10);
        hexvec_field(&h, (uint64_t)d.policy, 2);
        hexvec_field(&h, (uint64_t)d.mode, 2);
        hexvec_field(&h, d.ep, 4);
        hexvec_field(&h, d.ep_end, 1);
        hexvec_field(&h, d.vft_sample, 1);
        hexvec_field(&h, d.rebuild, 1);
        ok = vecfile_emit(&vf, i, s->name[i], &h);
    }
    return vecfile_finish(&vf, ok);
}

/* ---- tag logic ------------------------------------------------------------------------------ */

typedef struct {
    unsigned op, policy, size;
    uint64_t addr;
} tag_req;

typedef struct {
    tag_req r[MAX_VECS];
    char name[MAX_VECS][NAME_LEN];
    size_t n;
    bool overflow;
} tags_seq;

static uint64_t line_of(unsigned set, uint64_t tag) {
    return ((tag << INDEX_BITS) | set) & ((UINT64_C(1) << LATTE_ADDR_BITS) - 1u);
}

static void treq(tags_seq *s, latte_tags_op op, unsigned set, uint64_t tag, unsigned policy, unsigned size,
                 const char *what, unsigned k) {
    if (s->n >= MAX_VECS) {
        s->overflow = true;
        return;
    }
    s->r[s->n] = (tag_req){(unsigned)op, policy, size, line_of(set, tag)};
    snprintf(s->name[s->n], NAME_LEN, "%s_%u", what, k);
    s->n++;
}

static void gen_tags(tags_seq *s) {
    /* docs/latte.md 3.3's worked example on set 3 (16 tags x 16 sub-blocks: A..E are scaled to
     * fill the set first with eleven 1-sub-block lines) */
    for (unsigned k = 0; k < 11; k++) treq(s, LATTE_TOP_FILL, 3, 0x300 + k, LATTE_MODE_HC, 1, "prefill_way", k);
    treq(s, LATTE_TOP_FILL, 3, 0xA, LATTE_MODE_LL, 2, "fill_a_way", 11);
    treq(s, LATTE_TOP_FILL, 3, 0xB, LATTE_MODE_NONE, 4, "fill_b_needs_victims", 4);
    treq(s, LATTE_TOP_FILL, 3, 0xC, LATTE_MODE_HC, 1, "fill_c", 1);
    treq(s, LATTE_TOP_READ, 3, 0xA, 0, 1, "hit_a", 0);
    treq(s, LATTE_TOP_READ, 3, 0x300, 0, 1, "miss_evicted", 0);
    treq(s, LATTE_TOP_FILL, 3, 0xD, LATTE_MODE_LL, 3, "fill_d", 3);
    treq(s, LATTE_TOP_FILL, 3, 0xE, LATTE_MODE_NONE, 4, "fill_e", 4);
    treq(s, LATTE_TOP_FILL, 3, 0xE, LATTE_MODE_HC, 1, "fill_present_e", 0);
    treq(s, LATTE_TOP_WRITE, 3, 0xD, 0, 1, "write_evict_d", 0);
    treq(s, LATTE_TOP_WRITE, 3, 0xD, 0, 1, "write_around_d", 0);
    treq(s, LATTE_TOP_READ, 3, 0xE, 0, 1, "hit_e_offset", 0);
    /* tag-limited: 16 one-sub-block lines, then a 17th: exactly the LRU line goes */
    treq(s, LATTE_TOP_INVALIDATE, 0, 0, 3, 1, "invalidate_all", 0);
    for (unsigned k = 0; k < 16; k++) treq(s, LATTE_TOP_FILL, 5, 0x500 + k, LATTE_MODE_HC, 1, "tag_fill_way", k);
    treq(s, LATTE_TOP_FILL, 5, 0x5FF, LATTE_MODE_HC, 1, "tag_limited_one_victim", 0);
    /* four victims: the set full of 1-sub-block lines, a 4-sub-block line needs 4 of them */
    treq(s, LATTE_TOP_FILL, 5, 0x5FE, LATTE_MODE_NONE, 4, "four_victims", 4);
    /* size-limited: four 4-sub-block lines fill set 6; a 1-sub-block line evicts one */
    for (unsigned k = 0; k < 4; k++) treq(s, LATTE_TOP_FILL, 6, 0x600 + k, LATTE_MODE_NONE, 4, "full_fill_way", k);
    treq(s, LATTE_TOP_FILL, 6, 0x6FF, LATTE_MODE_LL, 1, "size_limited_one_victim", 0);
    treq(s, LATTE_TOP_FILL, 6, 0x6FE, LATTE_MODE_LL, 3, "fits_in_freed", 0);
    /* invalidation by policy: HC lines of every set go, others stay */
    treq(s, LATTE_TOP_INVALIDATE, 0, 0, LATTE_MODE_HC, 1, "invalidate_hc", 0);
    treq(s, LATTE_TOP_READ, 5, 0x5FF, 0, 1, "hc_line_gone", 0);
    treq(s, LATTE_TOP_READ, 5, 0x5FE, 0, 1, "none_line_stays", 0);
    treq(s, LATTE_TOP_INVALIDATE, 6, 0, LATTE_MODE_LL, 1, "invalidate_ll", 0);
    treq(s, LATTE_TOP_INVALIDATE, 6, 0, LATTE_MODE_NONE, 1, "invalidate_none", 0);
    treq(s, LATTE_TOP_READ, 6, 0x600, 0, 1, "none_line_gone", 0);
    /* address extremes */
    const uint64_t top = (UINT64_C(1) << TAG_BITS) - 1u;
    treq(s, LATTE_TOP_FILL, SETS - 1, top, LATTE_MODE_HC, 2, "tag_all_ones_set", SETS - 1);
    treq(s, LATTE_TOP_FILL, 0, 0, LATTE_MODE_LL, 3, "address_zero", 0);
    treq(s, LATTE_TOP_READ, SETS - 1, top, 0, 1, "hit_tag_all_ones", 0);
    treq(s, LATTE_TOP_READ, 0, 0, 0, 1, "hit_address_zero", 0);
    /* fixed-seed random: small pools in three sets, a read miss followed by its fill */
    treq(s, LATTE_TOP_INVALIDATE, 0, 0, 3, 1, "random_invalidate_all", 0);
    prng p;
    prng_seed(&p, 0x1A77E7A6u);
    for (unsigned i = 0; i < 3000 && !s->overflow; i++) {
        const unsigned set = 8u + (unsigned)prng_below(&p, 3);
        const uint64_t tag = prng_below(&p, 24) * 0x2468u + set;
        const unsigned k = (unsigned)prng_below(&p, 1000);
        const unsigned size = 1u + (unsigned)prng_below(&p, 4);
        const unsigned pol = size == 4 ? 0u : 1u + (unsigned)prng_below(&p, 2);
        if (k < 3) {
            treq(s, LATTE_TOP_INVALIDATE, set, 0, k == 0 ? 3u : 2u, 1, "random_invalidate", i);
        } else if (k < 100) {
            treq(s, LATTE_TOP_WRITE, set, tag, 0, 1, "random_write", i);
        } else if (k < 550) {
            treq(s, LATTE_TOP_READ, set, tag, 0, 1, "random_read", i);
            treq(s, LATTE_TOP_FILL, set, tag, pol, size, "random_fill_after_read", i);
        } else {
            treq(s, LATTE_TOP_READ, set, tag, 0, 1, "random_read_only", i);
        }
    }
}

static bool write_tags(const tags_seq *s, const char *dir, const char *command) {
    static const vecfile_spec spec = {
        "latte_tags",
        "{in_op[1:0], in_addr[40:0], in_policy[1:0], in_size[1:0] (size - 1), exp_outcome[2:0], exp_way[3:0], "
        "exp_policy[1:0], exp_size[2:0], exp_offset[3:0], exp_victims[15:0], exp_free[4:0]}",
        TAGS_BITS,
        "// One request per vector, in order from reset (the state carries over); Sets = 32, Tags = 16,\n"
        "// SubBlocks = 16, AddrBits = 41. in_op 0 read, 1 write, 2 fill, 3 invalidate (policy 3: all).\n"
        "// exp_outcome 0 hit, 1 miss, 2 fill, 3 fill_present, 4 write_evict, 5 write_around, 6 invalidated.\n"};
    const vecfile_origin origin = {"docs/vectors.md, docs/latte.md 10", "nocpress LATTE-CC C model " LATTE_MODEL_VERSION,
                                   command};
    static latte_tag_line store[LATTE_SETS * 16u];
    latte_tags_config cfg;
    latte_tags_config_default(&cfg);
    latte_tags t;
    if (latte_tags_init(&t, &cfg, store, sizeof store / sizeof store[0]) != NP_OK) {
        cli_fail("vectors: latte: cannot initialise the tag model");
        return false;
    }
    vecfile vf;
    if (!vecfile_open(&vf, dir, &spec, &origin, s->n)) return false;
    bool ok = true;
    for (size_t i = 0; ok && i < s->n; i++) {
        const tag_req *q = &s->r[i];
        latte_tags_result r;
        if (latte_tags_access(&t, q->addr, (latte_tags_op)q->op, q->policy, q->size, &r) != NP_OK) {
            cli_fail("vectors: latte: request %zu outside the model's ranges", i);
            ok = false;
            break;
        }
        hexvec h;
        hexvec_init(&h, TAGS_BITS);
        hexvec_field(&h, q->op, 2);
        hexvec_field(&h, q->addr, LATTE_ADDR_BITS);
        hexvec_field(&h, q->policy, 2);
        hexvec_field(&h, q->size - 1u, 2);
        hexvec_field(&h, (uint64_t)r.outcome, 3);
        hexvec_field(&h, r.way, 4);
        hexvec_field(&h, r.policy, 2);
        hexvec_field(&h, r.size, 3);
        hexvec_field(&h, r.offset, 4);
        hexvec_field(&h, r.victims, 16);
        hexvec_field(&h, r.free_subblocks, 5);
        ok = vecfile_emit(&vf, i, s->name[i], &h);
    }
    return vecfile_finish(&vf, ok);
}

/* The two sequences (3.4 MB) are on the heap, not static: every run of the sanitized CLI
 * (make test's test_cli starts it ~1,300 times) had LeakSanitizer scan them at exit. */
int vectors_latte_write(const char *dir, const char *command) {
    ctrl_seq *cs = calloc(1, sizeof *cs);
    tags_seq *ts = calloc(1, sizeof *ts);
    int rc = NP_EXIT_FAIL;
    if (cs == NULL || ts == NULL) {
        cli_fail("vectors: latte: out of memory for %zu bytes", sizeof *cs + sizeof *ts);
    } else {
        gen_ctrl(cs);
        gen_tags(ts);
        if (cs->overflow || ts->overflow) {
            cli_fail("vectors: latte: more than %u vectors", MAX_VECS);
        } else if (write_ctrl(cs, dir, command) && write_tags(ts, dir, command)) {
            rc = NP_EXIT_OK;
        }
    }
    free(cs);
    free(ts);
    return rc;
}
