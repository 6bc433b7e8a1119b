/* BDI golden vectors (docs/bdi.md section 9, docs/vectors.md). The generators only choose
 * inputs; every expected output is computed by the C model when the files are written
 * (bdi_compress, bdi_decompress). Generators check their own intent (a block built for an
 * encoding gets it, a vector named "bad_" is rejected, "valid_" accepted) and fail loudly
 * otherwise. Every random choice comes from a fixed-seed PRNG, so the files are identical on
 * every run. */
#define _POSIX_C_SOURCE 200809L
#include "vectors_bdi.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bdi.h"
#include "cli.h"
#include "hexvec.h"
#include "prng.h"
#include "vecgen.h"

#define LEN_BITS 11u                          /* in_len / exp_len (docs/bdi.md 9) */
#define LINE_BITS (8u * BDI_LINE_BYTES)       /* 1024 */
#define BUS_BITS BDI_MAX_BITS                 /* 1032: both stream buses */
#define BUS_BYTES ((BUS_BITS + 7u) / 8u)      /* 129 */
#define MAX_LEN_FIELD ((1u << LEN_BITS) - 1u) /* 2047 */

/* The codec's two vector kinds (vecgen.h); add_comp / add_dec append to the context's lists. */
typedef vecgen_line_vec comp_vec;
typedef vecgen_stream_vec decomp_vec;
_Static_assert(sizeof ((comp_vec *)0)->line == BDI_LINE_BYTES, "a BDI line fills a line vector");
_Static_assert(sizeof ((decomp_vec *)0)->in_bits >= BUS_BYTES, "a BDI stream bus fits a stream vector");

typedef struct {
    prng rng;
    vec_list comp, dec;
    vecfile_origin origin;
    bool failed;
} gen_ctx;

#define add_comp(c, line, ...) vecgen_add_line(&(c)->comp, &(c)->failed, (line), __VA_ARGS__)
#define add_dec(c, ...) vecgen_add_stream(&(c)->dec, &(c)->failed, __VA_ARGS__)

/* ---- block builders ------------------------------------------------------------------------ */

static void put_le(uint8_t *p, unsigned k, uint64_t v) {
    for (unsigned b = 0; b < k; b++) {
        p[b] = (uint8_t)(v >> (8u * b));
    }
}

static uint64_t kmask_of(unsigned k) {
    return k == 8u ? ~UINT64_C(0) : (UINT64_C(1) << (8u * k)) - 1u;
}

/* A block for encoding enc: zeros, a repeated value, base/delta elements with deltas drawn from
 * the range and its two limits (some elements immediates), or random bytes. */
static void build_block(gen_ctx *c, unsigned enc, uint8_t *blk) {
    if (enc == BDI_ENC_ZEROS) {
        memset(blk, 0, BDI_BLOCK_BYTES);
        return;
    }
    if (enc == BDI_ENC_RAW) {
        prng_fill(&c->rng, blk, BDI_BLOCK_BYTES);
        return;
    }
    unsigned k = bdi_enc_base_bytes(enc), d = bdi_enc_delta_bytes(enc), n = 64u / k;
    uint64_t base = prng_next(&c->rng) & kmask_of(k);
    /* far from zero, so the base is not an immediate */
    base |= UINT64_C(1) << (8u * k - 2u);
    if (d == 0) {
        for (unsigned i = 0; i < n; i++) {
            put_le(blk + k * i, k, base);
        }
        return;
    }
    int64_t lim = (int64_t)1 << (8u * d - 1u);
    for (unsigned i = 0; i < n; i++) {
        unsigned pick = (unsigned)prng_below(&c->rng, 8);
        int64_t delta = pick == 0 ? -lim : pick == 1 ? lim - 1
                                                     : (int64_t)prng_below(&c->rng, (uint64_t)(2 * lim)) - lim;
        bool imm = pick == 7 && i > 0;
        if (i == 0) {
            delta = 0; /* element 0 is the base the model picks: deltas are relative to it */
        }
        put_le(blk + k * i, k, (imm ? (uint64_t)delta : base + (uint64_t)delta) & kmask_of(k));
    }
}

static void expect_enc(gen_ctx *c, const uint8_t *blk, unsigned enc, const char *what) {
    unsigned got = 99;
    bdi_block_bits(blk, BDI_BLOCK_BYTES, &got);
    if (got != enc) {
        vecgen_fail(&c->failed, "%s: block built for %s is encoded %s", what, bdi_enc_name(enc), bdi_enc_name(got));
    }
}

static const unsigned kCodes[] = {BDI_ENC_ZEROS, BDI_ENC_REP8, BDI_ENC_B8D1, BDI_ENC_B8D2,
                                  BDI_ENC_B8D4,  BDI_ENC_B4D1, BDI_ENC_B4D2, BDI_ENC_B2D1,
                                  BDI_ENC_REP4,  BDI_ENC_REP2, BDI_ENC_RAW};
#define NCODES (sizeof kCodes / sizeof kCodes[0])

/* ---- compressor stimulus ----------------------------------------------------------------- */

/* Every pair of encodings (block 0, block 1): every placement of block 1 with every block 1. */
static void gen_pairs(gen_ctx *c) {
    uint8_t line[BDI_LINE_BYTES];
    for (size_t a = 0; a < NCODES; a++) {
        for (size_t b = 0; b < NCODES; b++) {
            /* a block built for an encoding can come out as a shorter one: retry a few times */
            for (unsigned t = 0; t < 64u; t++) {
                build_block(c, kCodes[a], line);
                build_block(c, kCodes[b], line + BDI_BLOCK_BYTES);
                unsigned ea, eb;
                bdi_block_bits(line, BDI_BLOCK_BYTES, &ea);
                bdi_block_bits(line + BDI_BLOCK_BYTES, BDI_BLOCK_BYTES, &eb);
                if (ea == kCodes[a] && eb == kCodes[b]) {
                    break;
                }
            }
            char what[64];
            snprintf(what, sizeof what, "pair %s/%s", bdi_enc_name(kCodes[a]), bdi_enc_name(kCodes[b]));
            expect_enc(c, line, kCodes[a], what);
            expect_enc(c, line + BDI_BLOCK_BYTES, kCodes[b], what);
            add_comp(c, line, "%s_%s", bdi_enc_name(kCodes[a]), bdi_enc_name(kCodes[b]));
        }
    }
}

/* Hand-made blocks: the worked examples of docs/bdi.md 6, the tie, range limits and near
 * misses of each base/delta shape. */
static void gen_directed(gen_ctx *c) {
    uint8_t line[BDI_LINE_BYTES];
    memset(line, 0, sizeof line);
    for (unsigned i = 0; i < 32u; i++) {
        put_le(line + 2u * i, 2, 0xABCDu);
    }
    add_comp(c, line, "doc_rep2_abcd");
    memset(line, 0, sizeof line);
    for (unsigned i = 0; i < 8u; i++) {
        put_le(line + 8u * i, 8, UINT64_C(0x00007F0012345600) + 8u * i);
    }
    put_le(line + 24, 8, 5);
    put_le(line + 48, 8, ~UINT64_C(0));
    expect_enc(c, line, BDI_ENC_B8D1, "doc_b8d1");
    add_comp(c, line, "doc_b8d1_pointers");
    memset(line, 0, sizeof line);
    for (unsigned i = 0; i < 16u; i++) {
        put_le(line + 4u * i, 4, 0x200u + i / 2u + ((i & 1u) ? 0x500000u : 0u));
    }
    expect_enc(c, line, BDI_ENC_B4D2, "doc_tie");
    add_comp(c, line, "doc_tie_b4d2_b2d1");
    /* each shape: every element at one limit of the range, and one element one beyond it */
    static const unsigned shapes[] = {BDI_ENC_B8D1, BDI_ENC_B8D2, BDI_ENC_B8D4,
                                      BDI_ENC_B4D1, BDI_ENC_B4D2, BDI_ENC_B2D1};
    for (size_t s = 0; s < 6u; s++) {
        unsigned e = shapes[s], k = bdi_enc_base_bytes(e), d = bdi_enc_delta_bytes(e), n = 64u / k;
        int64_t lim = (int64_t)1 << (8u * d - 1u);
        uint64_t base = (UINT64_C(0x5A5A5A5A5A5A5A5A) & kmask_of(k)) | (UINT64_C(1) << (8u * k - 2u));
        static const char *const what[4] = {"lo_limit", "hi_limit", "beyond_lo", "beyond_hi"};
        for (unsigned w = 0; w < 4u; w++) {
            int64_t delta = (w & 1u) ? lim - 1 + (w >> 1) : -lim - (int64_t)(w >> 1);
            memset(line, 0, sizeof line);
            for (unsigned i = 0; i < n; i++) {
                put_le(line + k * i, k, (base + (uint64_t)((i & 1u) ? delta : 0)) & kmask_of(k));
                /* block 1: the same values as immediates around zero */
                put_le(line + 64u + k * i, k, (uint64_t)((i & 1u) ? delta : 0) & kmask_of(k));
            }
            uint16_t fits = bdi_block_fits(line);
            if (((fits >> e) & 1u) != (w < 2u)) {
                vecgen_fail(&c->failed, "%s %s: fits %04x", bdi_enc_name(e), what[w], fits);
            }
            add_comp(c, line, "%s_%s", bdi_enc_name(e), what[w]);
        }
        /* wrap-around: base just below 2^(8k-1), deltas crossing it */
        memset(line, 0, sizeof line);
        uint64_t top = UINT64_C(1) << (8u * k - 1u);
        for (unsigned i = 0; i < n; i++) {
            put_le(line + k * i, k, (top - 3u + (uint64_t)i) & kmask_of(k));
            put_le(line + 64u + k * i, k, (kmask_of(k) - (uint64_t)i) & kmask_of(k));
        }
        add_comp(c, line, "%s_wrap", bdi_enc_name(e));
    }
    /* random lines */
    for (unsigned i = 0; i < 16u; i++) {
        prng_fill(&c->rng, line, BDI_LINE_BYTES);
        add_comp(c, line, "random_%u", i);
    }
}

/* ---- decompressor stimulus --------------------------------------------------------------- */

/* Every compressor vector's stream, valid, then a damaged copy of each. */
static void gen_dec_from_comp(gen_ctx *c) {
    size_t n = c->comp.n;
    for (size_t i = 0; i < n && !c->failed; i++) {
        const comp_vec *v = (const comp_vec *)c->comp.items + i;
        uint8_t buf[BUS_BYTES] = {0}; /* bdi_compress writes only the stream's bytes */
        size_t bits;
        if (bdi_compress(v->line, buf, sizeof buf, &bits) != NP_OK) {
            vecgen_fail(&c->failed, "%s: bdi_compress failed", v->name);
            return;
        }
        decomp_vec *d = add_dec(c, "valid_%s", v->name);
        if (d == NULL) {
            return;
        }
        memcpy(d->in_bits, buf, sizeof buf);
        d->in_len = (unsigned)bits;
        vecgen_damage dmg;
        memcpy(buf, d->in_bits, sizeof buf);
        if (vecgen_damage_stream(&c->rng, i, bits, BUS_BITS, buf, &dmg)) {
            decomp_vec *e = add_dec(c, "%s%s", dmg.prefix, v->name);
            if (e != NULL) {
                memcpy(e->in_bits, buf, sizeof buf);
                e->in_len = dmg.in_len;
            }
        }
    }
}

/* Undefined codes in either block, non-canonical streams the decoder accepts, random bits. */
static void gen_dec_directed(gen_ctx *c) {
    for (unsigned code = 10; code <= 14u; code++) {
        for (unsigned where = 0; where < 2u; where++) {
            decomp_vec *d = add_dec(c, "bad_code_%u_block%u", code, where);
            if (d == NULL) {
                return;
            }
            /* block 0 rep2 (20 bits) then the code, or the code first; the length is what the
             * stream would have if the code were rep2 */
            unsigned pos = where ? 20u : 0u;
            vecgen_set_bit(d->in_bits, 0, 1);
            vecgen_set_bit(d->in_bits, 3, 1); /* 1001: rep2 */
            for (unsigned j = 0; j < 4u; j++) {
                vecgen_set_bit(d->in_bits, pos + j, (code >> j) & 1u);
            }
            d->in_len = 40u;
        }
    }
    /* non-canonical: a raw block that is all zero, then a zeros block (516 + 4 bits) */
    decomp_vec *d = add_dec(c, "valid_noncanonical_raw_zero_block");
    if (d != NULL) {
        for (unsigned j = 0; j < 4u; j++) {
            vecgen_set_bit(d->in_bits, j, 1);
        }
        d->in_len = 520u;
    }
    /* non-canonical: b8d1 with every mask bit set on immediates (base 0) */
    d = add_dec(c, "valid_noncanonical_b8d1_mask_on_immediates");
    if (d != NULL) {
        unsigned pos = 0;
        for (unsigned j = 0; j < 4u; j++) vecgen_set_bit(d->in_bits, pos++, (2u >> j) & 1u);
        for (unsigned j = 0; j < 64u; j++) vecgen_set_bit(d->in_bits, pos++, 0);
        for (unsigned j = 0; j < 8u; j++) vecgen_set_bit(d->in_bits, pos++, 1);
        for (unsigned j = 0; j < 64u; j++) vecgen_set_bit(d->in_bits, pos++, (unsigned)prng_below(&c->rng, 2));
        pos += 4; /* block 1: zeros */
        d->in_len = pos;
    }
    d = add_dec(c, "bad_empty");
    if (d != NULL) {
        d->in_len = 0;
    }
    static const unsigned lens[] = {1u, 4u, 7u, 9u, 1031u, 1033u, 2047u};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        d = add_dec(c, "bad_zero_stream_len_%u", lens[i]);
        if (d != NULL) {
            d->in_len = lens[i];
        }
    }
    for (unsigned i = 0; i < 24u; i++) {
        d = add_dec(c, "random_bits_%u", i);
        if (d != NULL) {
            prng_fill(&c->rng, d->in_bits, BUS_BYTES);
            d->in_len = (unsigned)prng_below(&c->rng, i < 20u ? BUS_BITS + 1u : MAX_LEN_FIELD + 1u);
        }
    }
}

/* ---- file writers ------------------------------------------------------------------------ */

/* The model's calls, for vecgen's writers. */
static const vecgen_line_codec codec = {"bdi_compress", bdi_compress, bdi_decompress, LEN_BITS, BUS_BITS};

static bool write_compressor(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "bdi_compressor", "{in_line[1023:0], exp_len[10:0], exp_bits[1031:0]}",
        LINE_BITS + LEN_BITS + BUS_BITS, "// exp_bits is zero at and above exp_len (docs/bdi.md 9).\n"};
    return vecgen_write_line_compressor(dir, &spec, &c->origin, &c->comp, &codec);
}

static bool write_decompressor(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "bdi_decompressor", "{in_len[10:0], in_bits[1031:0], exp_err, exp_line[1023:0]}",
        LEN_BITS + BUS_BITS + 1u + LINE_BITS,
        "// exp_line is zero when exp_err is 1 (then only the flag is compared).\n"
        "// in_bits may hold non-zero bits at and above in_len on purpose: they must be ignored.\n"
        "// Some vectors have in_len > 1032: a model reading them sees the bus zero-extended.\n"};
    return vecgen_write_line_decompressor(dir, &spec, &c->origin, &c->dec, &codec);
}

int vectors_bdi_write(const char *dir, const char *command) {
    gen_ctx c;
    memset(&c, 0, sizeof c);
    prng_seed(&c.rng, UINT64_C(0xB0120012));
    c.origin = (vecfile_origin){"docs/vectors.md, docs/bdi.md 9",
                                "nocpress BDI C model " BDI_MODEL_VERSION " (docs/bdi.md)", command};
    void (*const generators[])(gen_ctx *) = {gen_pairs, gen_directed, gen_dec_from_comp, gen_dec_directed};
    for (size_t g = 0; g < sizeof generators / sizeof generators[0] && !c.failed; g++) {
        generators[g](&c);
    }
    bool ok = !c.failed && write_compressor(&c, dir) && write_decompressor(&c, dir);
    vec_list_free(&c.comp);
    vec_list_free(&c.dec);
    return ok && !c.failed ? NP_EXIT_OK : NP_EXIT_FAIL;
}
