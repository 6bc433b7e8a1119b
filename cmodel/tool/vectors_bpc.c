/* BPC golden vectors (docs/bpc.md section 9, docs/vectors.md). The generators only choose
 * inputs; every expected output is computed by the C model when the files are written
 * (bpc_compress, bpc_decompress). Generators check their own intent (a vector named after a
 * symbol holds that symbol, a boundary vector sits on its side of the fallback, a vector named
 * "bad_" is rejected, "valid_" accepted) and fail loudly otherwise. Every random choice comes
 * from a fixed-seed splitmix64, so the files are identical on every run. */
#define _POSIX_C_SOURCE 200809L
#include "vectors_bpc.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "bpc.h"
#include "cli.h"
#include "hexvec.h"
#include "prng.h"
#include "vecgen.h"

#define LEN_BITS 11u                          /* in_len / exp_len (docs/bpc.md 9) */
#define LINE_BITS (8u * BPC_LINE_BYTES)       /* 1024 */
#define BUS_BITS BPC_MAX_BITS                 /* 1025: both stream buses */
#define BUS_BYTES ((BUS_BITS + 7u) / 8u)      /* 129 */
#define MAX_LEN_FIELD ((1u << LEN_BITS) - 1u) /* 2047 */

/* The codec's two vector kinds (vecgen.h); add_comp / add_dec append to the context's lists. */
typedef vecgen_line_vec comp_vec;
typedef vecgen_stream_vec decomp_vec;
_Static_assert(sizeof ((comp_vec *)0)->line == BPC_LINE_BYTES, "a BPC line fills a line vector");
_Static_assert(sizeof ((decomp_vec *)0)->in_bits >= BUS_BYTES, "a BPC stream bus fits a stream vector");

typedef struct {
    prng rng;
    vec_list comp, dec;
    vecfile_origin origin;
    bool failed;
} gen_ctx;

#define add_comp(c, line, ...) vecgen_add_line(&(c)->comp, &(c)->failed, (line), __VA_ARGS__)
#define add_dec(c, ...) vecgen_add_stream(&(c)->dec, &(c)->failed, __VA_ARGS__)

/* ---- line builders ----------------------------------------------------------------------- */

/* The line whose delta bit-planes are dbp[] and whose base is base (the sign plane 32 comes
 * out as the words give it). */
static void line_from_dbp(const uint32_t dbp[BPC_PLANES], uint32_t base, uint8_t *line) {
    uint64_t deltas[BPC_DELTAS];
    uint32_t words[BPC_WORDS];
    bpc_unbitplane(dbp, deltas);
    bpc_undelta(base, deltas, words);
    for (unsigned w = 0; w < BPC_WORDS; w++) {
        vecgen_set_word(line, w, words[w]);
    }
}

/* DBX, DBP and symbols of a line, through the model's stages. */
static unsigned line_symbols(const uint8_t *line, bpc_symbol syms[BPC_PLANES]) {
    uint32_t words[BPC_WORDS], base, dbp[BPC_PLANES], dbx[BPC_PLANES];
    uint64_t deltas[BPC_DELTAS];
    for (unsigned w = 0; w < BPC_WORDS; w++) {
        words[w] = (uint32_t)line[4 * w] | (uint32_t)line[4 * w + 1] << 8 |
                   (uint32_t)line[4 * w + 2] << 16 | (uint32_t)line[4 * w + 3] << 24;
    }
    bpc_delta(words, &base, deltas);
    bpc_bitplane(deltas, dbp);
    bpc_xor(dbp, dbx);
    return bpc_symbols(dbx, dbp, syms);
}

static bool has_symbol(const uint8_t *line, bpc_sym_kind kind, unsigned arg) {
    bpc_symbol syms[BPC_PLANES];
    unsigned n = line_symbols(line, syms);
    for (unsigned k = 0; k < n; k++) {
        if (syms[k].kind == kind && syms[k].arg == arg) {
            return true;
        }
    }
    return false;
}

static void expect_symbol(gen_ctx *c, const uint8_t *line, bpc_sym_kind kind, unsigned arg,
                          const char *what) {
    if (bpc_encoded_bits(line) >= BPC_RAW_BITS || !has_symbol(line, kind, arg)) {
        vecgen_fail(&c->failed, "%s: no %s symbol with argument %u in a compressed stream", what,
                    bpc_sym_name(kind), arg);
    }
}

/* ---- compressor stimulus ----------------------------------------------------------------- */

static void gen_examples(gen_ctx *c) {
    uint8_t line[BPC_LINE_BYTES];
    memset(line, 0, sizeof line);
    add_comp(c, line, "all_zero");
    for (unsigned w = 0; w < BPC_WORDS; w++) {
        vecgen_set_word(line, w, w);
    }
    add_comp(c, line, "ramp_step1");
    memset(line, 0xFF, sizeof line);
    add_comp(c, line, "all_ones");
    static const uint32_t bases[] = {0xFFFFFFFDu, 7u, 0xFFFFFFF8u, 8u, 100u, 0xFFFFFF80u,
                                     128u, 0xFFFFFC18u, 0x7FFFu, 0x8000u, 0x12345678u, 0xFFFF7FFFu};
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        vecgen_set_all_words(line, bases[i]);
        add_comp(c, line, "const_base_%08x", (unsigned)bases[i]);
    }
    /* floats with a common exponent, a ramp of pointers, a random line */
    for (unsigned w = 0; w < BPC_WORDS; w++) {
        vecgen_set_word(line, w, 0x3F800000u | ((uint32_t)prng_next(&c->rng) & 0x7FFFFFu));
    }
    add_comp(c, line, "float_common_exponent");
    for (unsigned w = 0; w < BPC_WORDS; w++) {
        vecgen_set_word(line, w, 0x7F001000u + 16u * w);
    }
    add_comp(c, line, "pointer_stride16");
    prng_fill(&c->rng, line, BPC_LINE_BYTES);
    add_comp(c, line, "random_raw");
}

/* Every symbol at every position it can take (runs: every length 1..33). */
static void gen_symbols(gen_ctx *c) {
    uint8_t line[BPC_LINE_BYTES];
    uint32_t dbp[BPC_PLANES];
    for (unsigned n = 1; n <= BPC_PLANES; n++) {
        /* planes 32 .. 33 - n zero DBX (all DBP zero), then a random plane, then zeros */
        memset(dbp, 0, sizeof dbp);
        if (n < BPC_PLANES) {
            dbp[BPC_PLANES - 1u - n] = ((uint32_t)prng_next(&c->rng) & BPC_PLANE_MASK) | 0x5u;
        }
        line_from_dbp(dbp, 0, line);
        /* the sign plane follows the words: the run at the top is n long only if it stays zero */
        add_comp(c, line, "run_top_%u", n);
    }
    for (unsigned pos = 0; pos < 31u; pos++) {
        memset(dbp, 0, sizeof dbp);
        dbp[5] = 1u << pos;                       /* plane 5: ONE; plane 4: DBPZ */
        line_from_dbp(dbp, 0, line);
        expect_symbol(c, line, BPC_SYM_ONE, pos, "one");
        add_comp(c, line, "one_at_%u", pos);
    }
    for (unsigned pos = 0; pos < 30u; pos++) {
        memset(dbp, 0, sizeof dbp);
        dbp[9] = 3u << pos;
        line_from_dbp(dbp, 0, line);
        expect_symbol(c, line, BPC_SYM_TWO, pos, "two");
        add_comp(c, line, "two_at_%u", pos);
    }
    /* ONES: a plane whose DBP flips every bit relative to the plane above */
    memset(dbp, 0, sizeof dbp);
    dbp[3] = BPC_PLANE_MASK;
    line_from_dbp(dbp, 5, line);
    expect_symbol(c, line, BPC_SYM_ONES, 0, "ones");
    add_comp(c, line, "ones_plane3");
    /* ONES and DBPZ together: DBP[j] = 0 under an all-ones plane (priority: ONES) */
    memset(dbp, 0, sizeof dbp);
    dbp[10] = BPC_PLANE_MASK;
    dbp[11] = BPC_PLANE_MASK;
    dbp[12] = 0x1234567u;
    line_from_dbp(dbp, 0, line);
    expect_symbol(c, line, BPC_SYM_ONES, 0, "ones_over_dbpz");
    add_comp(c, line, "ones_beats_dbpz");
    /* RAW planes: two non-adjacent ones, three ones */
    memset(dbp, 0, sizeof dbp);
    dbp[7] = 0x5u;
    dbp[8] = 0x7u << 20;
    line_from_dbp(dbp, 0, line);
    add_comp(c, line, "raw_planes_101_111");
}

/* Lines built plane by plane with random choices (as the Verilator harness's generator). */
static void gen_random_planes(gen_ctx *c) {
    uint8_t line[BPC_LINE_BYTES];
    for (unsigned i = 0; i < 120u; i++) {
        uint32_t dbp[BPC_PLANES], above = 0;
        unsigned zero_weight = (unsigned)prng_below(&c->rng, 8);
        for (unsigned k = 0; k < BPC_PLANES; k++) {
            unsigned j = BPC_PLANES - 1u - k;
            unsigned pick = (unsigned)prng_below(&c->rng, 6u + zero_weight);
            unsigned pos = (unsigned)prng_below(&c->rng, 31);
            uint32_t p;
            switch (pick) {
            case 0: p = 0; break;
            case 1: p = above ^ BPC_PLANE_MASK; break;
            case 2: p = above ^ (1u << pos); break;
            case 3: p = above ^ (pos < 30u ? 3u << pos : 1u << pos); break;
            case 4: p = (uint32_t)prng_next(&c->rng); break;
            default: p = above; break;
            }
            dbp[j] = p & BPC_PLANE_MASK;
            above = dbp[j];
        }
        uint32_t base = (uint32_t)prng_next(&c->rng) >> (8u * (unsigned)prng_below(&c->rng, 5));
        line_from_dbp(dbp, base, line);
        add_comp(c, line, "planes_random_%u", i);
    }
}

/* Both sides of the raw fallback: among narrow random lines, those whose compressed form is
 * 1000..1024 bits (sent compressed) and 1025..1050 bits (sent raw). */
static void gen_fallback(gen_ctx *c) {
    unsigned below = 0, above = 0;
    uint8_t line[BPC_LINE_BYTES];
    for (unsigned t = 0; t < 200000u && (below < 8u || above < 8u); t++) {
        unsigned keep = 24u + (unsigned)prng_below(&c->rng, 8);
        for (unsigned w = 0; w < BPC_WORDS; w++) {
            vecgen_set_word(line, w, (uint32_t)prng_next(&c->rng) & ((1u << keep) - 1u));
        }
        unsigned enc = bpc_encoded_bits(line);
        if (enc >= 1000u && enc < BPC_RAW_BITS && below < 8u) {
            add_comp(c, line, "fallback_compressed_%u", enc);
            below++;
        } else if (enc >= BPC_RAW_BITS && enc <= 1050u && above < 8u) {
            add_comp(c, line, "fallback_raw_encoded_%u", enc);
            above++;
        }
    }
    if (below == 0u || above == 0u) {
        vecgen_fail(&c->failed, "fallback: found %u lines below and %u above 1025 bits", below, above);
    }
}

/* ---- decompressor stimulus --------------------------------------------------------------- */

static void dec_from_bits(gen_ctx *c, const char *bits, const char *name) {
    decomp_vec *d = add_dec(c, "%s", name);
    if (d == NULL) {
        return;
    }
    unsigned n = 0;
    for (const char *p = bits; *p; p++) {
        if (*p == '0' || *p == '1') {
            vecgen_set_bit(d->in_bits, n++, (unsigned)(*p - '0'));
        }
    }
    d->in_len = n;
}

/* Every compressor vector's stream, valid, then a damaged copy of each. */
static void gen_dec_from_comp(gen_ctx *c) {
    size_t n = c->comp.n;
    for (size_t i = 0; i < n && !c->failed; i++) {
        const comp_vec *v = (const comp_vec *)c->comp.items + i;
        uint8_t buf[BUS_BYTES];
        size_t bits;
        if (bpc_compress(v->line, buf, sizeof buf, &bits) != NP_OK) {
            vecgen_fail(&c->failed, "%s: bpc_compress failed", v->name);
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

/* Hand-made streams: each malformed one of docs/bpc.md 6, and forms the compressor never
 * writes but the decoder accepts. */
static void gen_dec_directed(gen_ctx *c) {
    dec_from_bits(c, "", "bad_empty");
    dec_from_bits(c, "1 000 01 11111 0", "bad_trailing_zero");
    dec_from_bits(c, "1 000 001 01 11111", "bad_run_past_plane0");
    dec_from_bits(c, "1 000 00011 11111 01 01111", "bad_one_at_31");
    dec_from_bits(c, "1 000 00010 01111 01 01111", "bad_two_at_30");
    dec_from_bits(c, "1 000 00010 11111 01 01111", "bad_two_at_31");
    dec_from_bits(c, "1 000 00010 10111 01 01111", "valid_two_at_29");
    dec_from_bits(c, "1 000 00011 01111 01 01111", "valid_one_at_30");
    dec_from_bits(c, "1 000 1 0000000000000000000000000000000 01 01111", "valid_raw_symbol_zero");
    dec_from_bits(c, "1 000 01 00000 01 10111", "valid_adjacent_runs");
    dec_from_bits(c, "1 010 00000000 01 11111", "valid_long_base_code");
    dec_from_bits(c, "1 000 00001 01 01111", "valid_dbpz_at_plane32");
    dec_from_bits(c, "1 1", "bad_base_cut");
    /* raw of the wrong length, compressed of 1025 bits or more */
    static const unsigned raw_lens[] = {1u, 1024u, 1026u, 2047u};
    for (size_t i = 0; i < sizeof raw_lens / sizeof raw_lens[0]; i++) {
        decomp_vec *d = add_dec(c, "bad_raw_len_%u", raw_lens[i]);
        if (d != NULL) {
            prng_fill(&c->rng, d->in_bits, BUS_BYTES);
            vecgen_set_bit(d->in_bits, 0, 0);
            d->in_len = raw_lens[i];
        }
    }
    decomp_vec *d = add_dec(c, "valid_raw_random");
    if (d != NULL) {
        prng_fill(&c->rng, d->in_bits, BUS_BYTES);
        vecgen_set_bit(d->in_bits, 0, 0);
        d->in_len = BPC_RAW_BITS;
    }
    static const unsigned c1_lens[] = {1025u, 1090u, 2047u};
    for (size_t i = 0; i < sizeof c1_lens / sizeof c1_lens[0]; i++) {
        d = add_dec(c, "bad_c1_len_%u", c1_lens[i]);
        if (d != NULL) {
            prng_fill(&c->rng, d->in_bits, BUS_BYTES);
            vecgen_set_bit(d->in_bits, 0, 1);
            d->in_len = c1_lens[i];
        }
    }
    /* random bits at random lengths */
    for (unsigned i = 0; i < 24u; i++) {
        d = add_dec(c, "random_bits_%u", i);
        if (d != NULL) {
            prng_fill(&c->rng, d->in_bits, BUS_BYTES);
            d->in_len = (unsigned)prng_below(&c->rng, i < 20u ? 200u : MAX_LEN_FIELD + 1u);
        }
    }
}

/* ---- file writers ------------------------------------------------------------------------ */

/* The model's calls, for vecgen's writers. */
static const vecgen_line_codec codec = {"bpc_compress", bpc_compress, bpc_decompress, LEN_BITS, BUS_BITS};

static bool write_compressor(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "bpc_compressor", "{in_line[1023:0], exp_len[10:0], exp_bits[1024:0]}",
        LINE_BITS + LEN_BITS + BUS_BITS,
        "// exp_bits is zero at and above exp_len (docs/bpc.md 9).\n"};
    return vecgen_write_line_compressor(dir, &spec, &c->origin, &c->comp, &codec);
}

static bool write_decompressor(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "bpc_decompressor", "{in_len[10:0], in_bits[1024:0], exp_err, exp_line[1023:0]}",
        LEN_BITS + BUS_BITS + 1u + LINE_BITS,
        "// exp_line is zero when exp_err is 1 (then only the flag is compared).\n"
        "// in_bits may hold non-zero bits at and above in_len on purpose: they must be ignored.\n"
        "// Some vectors have in_len > 1025: a model reading them sees the bus zero-extended.\n"};
    return vecgen_write_line_decompressor(dir, &spec, &c->origin, &c->dec, &codec);
}

int vectors_bpc_write(const char *dir, const char *command) {
    gen_ctx c;
    memset(&c, 0, sizeof c);
    prng_seed(&c.rng, UINT64_C(0xB9C2016));
    c.origin = (vecfile_origin){"docs/vectors.md, docs/bpc.md 9",
                                "nocpress BPC C model " BPC_MODEL_VERSION " (docs/bpc.md)", command};
    void (*const generators[])(gen_ctx *) = {gen_examples, gen_symbols, gen_random_planes,
                                             gen_fallback, gen_dec_from_comp, gen_dec_directed};
    for (size_t g = 0; g < sizeof generators / sizeof generators[0] && !c.failed; g++) {
        generators[g](&c);
    }
    bool ok = !c.failed && write_compressor(&c, dir) && write_decompressor(&c, dir);
    vec_list_free(&c.comp);
    vec_list_free(&c.dec);
    return ok && !c.failed ? NP_EXIT_OK : NP_EXIT_FAIL;
}
