/* `nocpress vectors --unit ba`: vectors/ba/ba_tag_ba.hex and ba_tag_lru.hex (docs/ba.md 7). */
#include "vectors_ba.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ba.h"
#include "cli.h"
#include "hexvec.h"
#include "prng.h"

#define OP_BITS 2u
#define OUTCOME_BITS 3u
#define WAY_BITS 3u                       /* 8 ways */
#define SETS BA_DEFAULT_SETS
#define WAYS BA_DEFAULT_WAYS
#define INDEX_BITS 4u
#define TAG_BITS (BA_ADDR_BITS - INDEX_BITS)
#define VEC_BITS (OP_BITS + BA_ADDR_BITS + OUTCOME_BITS + WAY_BITS + 1u + TAG_BITS)
#define MAX_REQS 4096u
#define NAME_LEN 64u

typedef struct {
    ba_op op;
    uint64_t addr;
    char name[NAME_LEN];
} request;

typedef struct {
    request req[MAX_REQS];
    size_t n;
    bool overflow;
} sequence;

static uint64_t line_of(unsigned set, uint64_t tag) {
    return (tag << INDEX_BITS) | set;
}

static void add(sequence *s, ba_op op, uint64_t addr, const char *fmt, const char *what, unsigned k) {
    if (s->n >= MAX_REQS) {
        s->overflow = true;
        return;
    }
    request *r = &s->req[s->n++];
    r->op = op;
    r->addr = addr & ((UINT64_C(1) << BA_ADDR_BITS) - 1u);
    snprintf(r->name, sizeof r->name, fmt, what, k);
}

static void read_tag(sequence *s, unsigned set, uint64_t tag, const char *what, unsigned k) {
    add(s, BA_OP_READ, line_of(set, tag), "%s_%u", what, k);
}

static void invalidate(sequence *s, const char *what) {
    add(s, BA_OP_INVALIDATE, 0, "%s_invalidate%u", what, 0);
}

/* Seed 002 Figure 17 work flow on one set: fills, hits, bypass, pseudo hit, hit. */
static void gen_work_flow(sequence *s) {
    invalidate(s, "work_flow");
    for (unsigned t = 0; t < WAYS; t++) read_tag(s, 3, 0x100 + t, "fill_free_line_way", t);
    for (unsigned t = 0; t < 2; t++) read_tag(s, 3, 0x100 + t, "hit_sets_reuse_way", t);
    read_tag(s, 3, 0x200, "set_full_bypass_tag", 0x200);
    read_tag(s, 3, 0x200, "pseudo_hit_tag", 0x200);
    read_tag(s, 3, 0x200, "hit_after_pseudo_hit_tag", 0x200);
    read_tag(s, 3, 0x201, "bypass_again_tag", 0x201);
    read_tag(s, 3, 0x202, "bypass_victim_is_record_tag", 0x202);
    read_tag(s, 3, 0x201, "evicted_record_misses_tag", 0x201);
    /* other sets are untouched: set 4 still fills */
    read_tag(s, 4, 0x100, "other_set_fills_tag", 0x100);
}

/* Threshold boundaries (Threshold = 4 of 8 ways): n0 = 4, 3, 0 and 8 at the victim choice. */
static void gen_threshold(sequence *s) {
    invalidate(s, "threshold");
    const unsigned set = 5;
    for (unsigned t = 0; t < WAYS; t++) read_tag(s, set, 0x10 + t, "fill_way", t);
    read_tag(s, set, 0x30, "n0_eq_8_victim_oldest_never_reused_tag", 0x30);
    for (unsigned t = 1; t < 4; t++) read_tag(s, set, 0x10 + t, "hit_reuse_way", t);
    read_tag(s, set, 0x30, "pseudo_hit_reuse_tag", 0x30);
    /* now n0 = 4 = Threshold: the victim is the oldest never-reused line */
    read_tag(s, set, 0x31, "n0_eq_threshold_victim_never_reused_tag", 0x31);
    read_tag(s, set, 0x16, "hit_makes_n0_below_threshold_tag", 0x16);
    /* n0 = 3 < Threshold: the victim is the oldest reused line */
    read_tag(s, set, 0x32, "n0_below_threshold_victim_reused_tag", 0x32);
    read_tag(s, set, 0x33, "n0_back_at_threshold_tag", 0x33);
    /* reuse every line now present (docs/ba.md 8 works this sequence out): n0 = 0 */
    static const unsigned present[WAYS] = {0x30, 0x32, 0x12, 0x13, 0x31, 0x33, 0x16, 0x17};
    for (unsigned k = 0; k < WAYS; k++) read_tag(s, set, present[k], "reuse_all_tag", present[k]);
    read_tag(s, set, 0x34, "n0_zero_victim_reused_tag", 0x34);
    read_tag(s, set, 0x35, "n0_one_victim_reused_tag", 0x35);
}

/* Every way of a set holds a bypassed tag (no data); pseudo hits refill them one by one. */
static void gen_all_bypassed(sequence *s) {
    invalidate(s, "all_bypassed");
    const unsigned set = 9;
    for (unsigned t = 0; t < WAYS; t++) read_tag(s, set, 0x50 + t, "fill_way", t);
    for (unsigned t = 0; t < WAYS; t++) read_tag(s, set, 0x60 + t, "bypass_tag", 0x60 + t);
    for (unsigned t = 0; t < WAYS; t++) read_tag(s, set, 0x70 + t, "bypass_over_record_tag", 0x70 + t);
    for (unsigned t = 0; t < WAYS; t++) read_tag(s, set, 0x70 + t, "pseudo_hit_tag", 0x70 + t);
    for (unsigned t = 0; t < WAYS; t++) read_tag(s, set, 0x70 + t, "hit_tag", 0x70 + t);
    read_tag(s, set, 0x80, "bypass_all_reused_tag", 0x80);
}

/* Write-evict on a data line and on a tag-only line, write-no-allocate, refill. */
static void gen_writes(sequence *s) {
    invalidate(s, "writes");
    const unsigned set = 12;
    for (unsigned t = 0; t < WAYS; t++) read_tag(s, set, 0x90 + t, "fill_way", t);
    add(s, BA_OP_WRITE, line_of(set, 0x93), "%s_%u", "write_evict_way", 3);
    add(s, BA_OP_WRITE, line_of(set, 0x93), "%s_%u", "write_around_after_evict_way", 3);
    add(s, BA_OP_WRITE, line_of(set, 0xa0), "%s_%u", "write_around_tag", 0xa0);
    read_tag(s, set, 0xa1, "miss_fills_evicted_way", 3);
    read_tag(s, set, 0xa2, "bypass_tag", 0xa2);
    add(s, BA_OP_WRITE, line_of(set, 0xa2), "%s_%u", "write_evicts_record_tag", 0xa2);
    read_tag(s, set, 0xa2, "miss_fills_record_way_tag", 0xa2);
    add(s, BA_OP_WRITE | BA_OP_INVALIDATE, line_of(set, 0x90), "%s_%u", "op3_is_invalidate", 3);
    read_tag(s, set, 0x90, "after_op3_fill", 0);
}

/* Address extremes: tag all ones, tag 0, the last set, address 0. */
static void gen_extremes(sequence *s) {
    invalidate(s, "extremes");
    const uint64_t top = (UINT64_C(1) << TAG_BITS) - 1u;
    read_tag(s, SETS - 1, top, "tag_all_ones_set", SETS - 1);
    read_tag(s, 0, 0, "address_zero", 0);
    read_tag(s, SETS - 1, top, "hit_tag_all_ones_set", SETS - 1);
    read_tag(s, 0, 0, "hit_address_zero", 0);
    for (unsigned t = 1; t < WAYS; t++) read_tag(s, 0, top - t, "fill_high_tag", t);
    read_tag(s, 0, top - WAYS, "bypass_victim_tag_zero", 0);
}

/* Fixed-seed random traffic over a small pool per set (hits, bypasses, pseudo hits) with
 * writes and a rare invalidate. */
static void gen_random(sequence *s) {
    invalidate(s, "random");
    prng p;
    prng_seed(&p, 0xBA0006);
    for (unsigned i = 0; i < 1200; i++) {
        const uint64_t r = prng_below(&p, 1000);
        const unsigned set = (unsigned)prng_below(&p, 3);
        const uint64_t tag = prng_below(&p, 14) * 0x1357 + set;
        if (r < 2) {
            invalidate(s, "random");
        } else if (r < 90) {
            add(s, BA_OP_WRITE, line_of(set, tag), "%s_%u", "random_write", i);
        } else {
            add(s, BA_OP_READ, line_of(set, tag), "%s_%u", "random_read", i);
        }
    }
}

static FILE *open_file(cli_out *out, const char *dir, const char *top, const char *command, size_t count,
                       char *path, size_t path_len) {
    snprintf(path, path_len, "%s/%s.hex", dir, top);
    if (!cli_out_open(out, path)) {
        return NULL;
    }
    FILE *f = out->f;
    fprintf(f, "// nocpress golden vectors for %s (format: docs/vectors.md, docs/ba.md 7)\n", top);
    fprintf(f, "// model: nocpress BA C model %s (docs/ba.md)\n", BA_MODEL_VERSION);
    fprintf(f, "// command: %s   (make vectors regenerates; make vectors-check compares)\n", command);
    fprintf(f, "// layout: {in_op[1:0], in_addr[40:0], exp_outcome[2:0], exp_way[2:0], "
               "exp_victim_valid, exp_victim_tag[36:0]} = %u bits, %u hex digits per vector\n",
            VEC_BITS, (VEC_BITS + 3u) / 4u);
    fprintf(f, "// One request per vector, in order from reset (the state carries over); Sets = 16,\n"
               "// Ways = 8, AddrBits = 41, Threshold = 4. in_op 0 read, 1 write, 2/3 invalidate-all.\n"
               "// exp_outcome 0 hit, 1 miss_fill, 2 miss_evict, 3 bypass, 4 pseudo_hit,\n"
               "// 5 write_evict, 6 write_around, 7 invalidated.\n");
    fprintf(f, "// count: %zu vectors, each preceded by a comment \"// <index> <name>\"\n", count);
    return f;
}

static bool write_top(const sequence *s, const char *dir, const char *top, ba_mode mode,
                      const char *command) {
    ba_config cfg;
    ba_config_default(&cfg, WAYS, mode);
    ba_cache c;
    if (ba_init(&c, &cfg) != NP_OK) {
        cli_fail("vectors: cannot initialise the BA model");
        return false;
    }
    char path[4096];
    cli_out out;
    FILE *f = open_file(&out, dir, top, command, s->n, path, sizeof path);
    bool ok = f != NULL;
    for (size_t i = 0; ok && i < s->n; i++) {
        const request *q = &s->req[i];
        const ba_result r = ba_access(&c, q->addr, q->op);
        hexvec h;
        hexvec_init(&h, VEC_BITS);
        hexvec_field(&h, (uint64_t)q->op, OP_BITS);
        hexvec_field(&h, q->addr, BA_ADDR_BITS);
        hexvec_field(&h, (uint64_t)r.outcome, OUTCOME_BITS);
        hexvec_field(&h, r.way, WAY_BITS);
        hexvec_field(&h, r.victim_valid ? 1u : 0u, 1);
        hexvec_field(&h, r.victim_tag, TAG_BITS);
        if (!hexvec_complete(&h)) {
            cli_fail("vectors: internal error: vector %s does not fill its layout", q->name);
            ok = false;
            break;
        }
        fprintf(f, "// %zu %s\n", i, q->name);
        hexvec_print(&h, f);
    }
    if (f != NULL) {
        ok = !ferror(f) && ok;
        if (!ok) {
            cli_out_abort(&out);
            cli_fail("error writing '%s'", path);
        } else if ((ok = cli_out_commit(&out))) {
            printf("wrote %s (%zu vectors):", path, s->n);
            for (unsigned o = 0; o < BA_OUTCOMES; o++) {
                if (c.count[o] != 0) {
                    printf(" %s %llu", ba_outcome_name((ba_outcome)o), (unsigned long long)c.count[o]);
                }
            }
            printf("\n");
        }
    }
    ba_free(&c);
    return ok;
}

int vectors_ba_write(const char *dir, const char *command) {
    sequence *s = calloc(1, sizeof *s);
    if (s == NULL) {
        return cli_fail("vectors: out of memory");
    }
    gen_work_flow(s);
    gen_threshold(s);
    gen_all_bypassed(s);
    gen_writes(s);
    gen_extremes(s);
    gen_random(s);
    bool ok = !s->overflow;
    if (!ok) {
        cli_fail("vectors: internal error: more than %u BA requests", MAX_REQS);
    }
    ok = ok && write_top(s, dir, "ba_tag_ba", BA_MODE_BA, command);
    ok = ok && write_top(s, dir, "ba_tag_lru", BA_MODE_LRU, command);
    free(s);
    return ok ? NP_EXIT_OK : NP_EXIT_FAIL;
}
