/* DPC golden vectors (docs/dpc.md section 7, docs/vectors.md). The generators below only
 * choose inputs (as the RTL ports see them: any 2-bit mode, any 4-bit map); every expected
 * output is computed by the C model when the files are written (dpc_mode_compress /
 * dpc_mode_decompress after dpc_hw_mode / dpc_hw_map, dft_cycle). Generators check their own
 * intent (e.g. "exactly plane i is mixed", "DF-MAN sent the manipulated copy") and fail loudly
 * if a vector does not test what its name says. Every random choice comes from a fixed-seed
 * splitmix64 per section, so the files are identical on every run. */
#define _POSIX_C_SOURCE 200809L
#include "vectors_dpc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "critmap.h"
#include "dft.h"
#include "dpc.h"
#include "hexvec.h"
#include "prng.h"
#include "vecgen.h"

#define NAME_LEN 96u
#define LEN_BITS 11u                          /* in_len / exp_len (docs/dpc.md 7) */
#define MODE_BITS 2u
#define MAP_BITS 4u
#define LINE_BITS (8u * DPC_LINE_BYTES)       /* 1024 */
#define BUS_BITS DFTRUC_MAX_BITS              /* 1029: every stream bus */
#define BUS_BYTES ((BUS_BITS + 7u) / 8u)      /* 129 */
#define MAX_LEN_FIELD ((1u << LEN_BITS) - 1u) /* 2047: the largest in_len the bus can carry */
#define ALL_ONES32 0xFFFFFFFFu

/* Table defaults (docs/dpc.md 6) and the widths of its vector fields. */
#define TBL_ENTRIES DFT_DEFAULT_ENTRIES
#define TBL_IDX_BITS 5u
#define TBL_SM_BITS DFT_DEFAULT_SM_ID_BITS
#define TBL_ADDR_BITS DFT_DEFAULT_ADDR_BITS
#define TBL_ADDR_MASK ((UINT64_C(1) << TBL_ADDR_BITS) - 1u)
#define TBL_SM_MASK ((1u << TBL_SM_BITS) - 1u)

typedef struct {
    char name[NAME_LEN];
    unsigned mode;              /* the 2-bit port value, 3 included */
    unsigned map;               /* the 4-bit port value, 0 included */
    uint8_t line[DPC_LINE_BYTES];
} comp_vec;

typedef struct {
    char name[NAME_LEN];
    unsigned mode;
    unsigned in_len;
    uint8_t in_bits[BUS_BYTES]; /* bits at and above in_len may be garbage on purpose */
} decomp_vec;

typedef struct {
    char name[NAME_LEN];
    bool rst;                   /* reset the table before this edge */
    dft_cycle_in in;
} table_vec;

typedef struct {
    prng rng;
    vec_list comp, dec, tbl;    /* of comp_vec, decomp_vec, table_vec */
    dft_table shadow;           /* the table as the generator's stimulus has left it */
    vecfile_origin origin;      /* for the files' headers */
    bool failed;
} gen_ctx;

/* ---- list management --------------------------------------------------------------------- */

static comp_vec *comp_at(const gen_ctx *c, size_t i) {
    return (comp_vec *)c->comp.items + i;
}

static comp_vec *add_comp(gen_ctx *c, unsigned mode, unsigned map,
                          const uint8_t line[DPC_LINE_BYTES], const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static comp_vec *add_comp(gen_ctx *c, unsigned mode, unsigned map,
                          const uint8_t line[DPC_LINE_BYTES], const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    comp_vec *v = vec_list_vpush(&c->comp, sizeof *v, NAME_LEN, &c->failed, fmt, ap);
    va_end(ap);
    if (v != NULL) {
        v->mode = mode & 3u;
        v->map = map & 0xFu;
        memcpy(v->line, line, DPC_LINE_BYTES);
    }
    return v;
}

static decomp_vec *add_dec(gen_ctx *c, unsigned mode, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static decomp_vec *add_dec(gen_ctx *c, unsigned mode, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    decomp_vec *v = vec_list_vpush(&c->dec, sizeof *v, NAME_LEN, &c->failed, fmt, ap);
    va_end(ap);
    if (v != NULL) {
        v->mode = mode & 3u;
    }
    return v;
}

/* ---- names ------------------------------------------------------------------------------- */

static const char *mode_tag(unsigned mode) {
    static const char *const tags[4] = {"dpc", "dftruc", "dfman", "mode3"};
    return tags[mode & 3u];
}

/* Map in the seed's order (sub-block 0 first): "1000" is 0b0001. Four static buffers so a
 * format string may hold several. */
static const char *map_tag(unsigned map) {
    static char buf[4][5];
    static unsigned next;
    char *b = buf[next++ % 4u];
    critmap_format(map & 0xFu, b);
    return b;
}

/* ---- line builders ----------------------------------------------------------------------- */

static uint32_t wc_mask(unsigned wc) {
    return wc >= 32u ? ALL_ONES32 : (1u << wc) - 1u;
}

static uint32_t random_mixed_plane(gen_ctx *c, unsigned wc) {
    uint32_t m = wc_mask(wc);
    for (;;) {
        uint32_t p = (uint32_t)prng_next(&c->rng) & m;
        if (p != 0u && p != m) {
            return p;
        }
    }
}

static uint32_t random_constant_plane(gen_ctx *c, unsigned wc) {
    return prng_next(&c->rng) & 1u ? wc_mask(wc) : 0u;
}

static unsigned popcount32(uint32_t x) {
    unsigned n = 0;
    for (; x != 0u; x &= x - 1u) {
        n++;
    }
    return n;
}

/* Critical sub-blocks of map hold words whose planes are compressible exactly where es has a
 * bit; non-critical sub-blocks get random bytes (they must not matter to DF-TRUC). Built in
 * the plane domain and unremapped, so the remap's wiring decides which bits change. */
static void make_line(gen_ctx *c, uint8_t line[DPC_LINE_BYTES], unsigned map, uint32_t es) {
    unsigned wc = 8u * popcount32(map & 0xFu);
    uint32_t planes[DPC_PLANES], words[DPC_WORDS];
    for (unsigned i = 0; i < DPC_PLANES; i++) {
        planes[i] = (es >> i) & 1u ? random_constant_plane(c, wc) : random_mixed_plane(c, wc);
    }
    dpc_unremap(wc, planes, words);
    prng_fill(&c->rng, line, DPC_LINE_BYTES);
    uint8_t placed[DPC_LINE_BYTES];
    dpc_place_words(map, words, placed);
    for (unsigned k = 0; k < DPC_SUBBLOCKS; k++) {
        if ((map >> k) & 1u) {
            memcpy(line + 32u * k, placed + 32u * k, 32u);
        }
    }
}

/* Encoding status of the critical words of a line (map 1111: the whole line). */
static uint32_t line_es(const uint8_t line[DPC_LINE_BYTES], unsigned map) {
    uint32_t words[DPC_WORDS], planes[DPC_PLANES];
    unsigned wc = dpc_select_words(map, line, words);
    dpc_remap(wc, words, planes);
    return dpc_encoding_status(wc, planes);
}

static void expect_es(gen_ctx *c, const uint8_t line[DPC_LINE_BYTES], unsigned map, uint32_t es,
                      const char *what) {
    uint32_t got = line_es(line, map);
    if (got != es) {
        vecgen_fail(&c->failed, "%s: ES 0x%08x, intended 0x%08x (map %s)", what, (unsigned)got,
                 (unsigned)es, map_tag(map));
    }
}

static uint32_t random_es_with(gen_ctx *c, unsigned n) {
    uint32_t es = 0;
    while (popcount32(es) < n) {
        es |= 1u << prng_below(&c->rng, 32);
    }
    return es;
}

/* float32 words with a common exponent and random mantissas: sign and exponent planes are
 * compressible, the mantissa planes are not (real data, e.g. hotspot temperatures). */
static void float_line(gen_ctx *c, uint8_t *line, uint32_t exponent) {
    for (unsigned w = 0; w < DPC_WORDS; w++) {
        vecgen_set_word(line, w, exponent << 23 | ((uint32_t)prng_next(&c->rng) & 0x7FFFFFu));
    }
}

/* Words below `spread` (narrow unsigned integers): the high planes are all zero. */
static void narrow_line(gen_ctx *c, uint8_t *line, uint32_t spread) {
    for (unsigned w = 0; w < DPC_WORDS; w++) {
        vecgen_set_word(line, w, (uint32_t)prng_below(&c->rng, spread));
    }
}

static const unsigned DF_MODES[2] = {DPC_MODE_DFTRUC, DPC_MODE_DFMAN};

/* ---- compressor stimulus ----------------------------------------------------------------- */

static void gen_examples(gen_ctx *c) {
    uint8_t line[DPC_LINE_BYTES];
    static const unsigned maps[] = {0xFu, 0x1u, 0x6u};
    for (unsigned mode = 0; mode < DPC_MODES; mode++) {
        for (unsigned m = 0; m < (mode == DPC_MODE_DPC ? 1u : 3u); m++) {
            unsigned map = maps[m];
            memset(line, 0x00, sizeof line);
            add_comp(c, mode, map, line, "%s_map%s_all_zero", mode_tag(mode), map_tag(map));
            memset(line, 0xFF, sizeof line);
            add_comp(c, mode, map, line, "%s_map%s_all_ones", mode_tag(mode), map_tag(map));
            vecgen_set_all_words(line, 0x3F800000u); /* float 1.0: every plane constant, n = 32 */
            expect_es(c, line, 0xF, ALL_ONES32, "float_one");
            add_comp(c, mode, map, line, "%s_map%s_float_one", mode_tag(mode), map_tag(map));
        }
    }
}

/* Plane i the only mixed plane (all others compressible), every i: in DPC over the line, in
 * DF-TRUC over the critical words of maps with 1, 2, 3 and 4 sub-blocks, in DF-MAN. */
static void gen_single_plane(gen_ctx *c) {
    prng_seed(&c->rng, 0x53504Cu);
    uint8_t line[DPC_LINE_BYTES];
    static const unsigned maps[] = {0x1u, 0x6u, 0xBu, 0xFu};
    for (unsigned i = 0; i < DPC_PLANES; i++) {
        uint32_t es = ALL_ONES32 & ~(1u << i);
        make_line(c, line, 0xF, es);
        expect_es(c, line, 0xF, es, "single_plane");
        add_comp(c, DPC_MODE_DPC, 0xF, line, "dpc_single_plane%u", i);
        unsigned map = maps[i % 4u];
        make_line(c, line, map, es);
        expect_es(c, line, map, es, "single_plane");
        add_comp(c, DPC_MODE_DFTRUC, map, line, "dftruc_map%s_single_plane%u", map_tag(map), i);
        add_comp(c, DPC_MODE_DFMAN, map, line, "dfman_map%s_single_plane%u", map_tag(map), i);
    }
}

/* Exactly n compressible planes: DPC for every n, and every map around its checker threshold
 * (docs/dpc.md 3, 4: n >= 5, 3, 2, 2 for 1, 2, 3, 4 critical sub-blocks). */
static void gen_plane_counts(gen_ctx *c) {
    prng_seed(&c->rng, 0x434E54u);
    uint8_t line[DPC_LINE_BYTES];
    for (unsigned n = 0; n <= DPC_PLANES; n++) {
        for (unsigned rep = 0; rep < 2; rep++) {
            uint32_t es = random_es_with(c, n);
            make_line(c, line, 0xF, es);
            expect_es(c, line, 0xF, es, "plane_count");
            add_comp(c, DPC_MODE_DPC, (unsigned)prng_below(&c->rng, 16), line,
                     "dpc_n%u_%s_%u", n, n >= 2 ? "compressed" : "raw", rep);
        }
    }
    for (unsigned map = 1; map <= 15; map++) {
        unsigned wc = 8u * popcount32(map);
        unsigned min = dpc_min_planes(wc);
        const unsigned counts[4] = {min - 1u, min, min + 1u, 0u};
        for (unsigned k = 0; k < 4; k++) {
            uint32_t es = random_es_with(c, counts[k]);
            make_line(c, line, map, es);
            expect_es(c, line, map, es, "map_plane_count");
            add_comp(c, DPC_MODE_DFTRUC, map, line, "dftruc_map%s_n%u_%s", map_tag(map),
                     counts[k], counts[k] >= min ? "compressed" : "raw");
        }
    }
}

/* All 15 maps in DF-TRUC and DF-MAN with four kinds of line. */
static void gen_all_maps(gen_ctx *c) {
    prng_seed(&c->rng, 0x4D4150u);
    uint8_t line[DPC_LINE_BYTES];
    for (unsigned map = 1; map <= 15; map++) {
        for (unsigned d = 0; d < 2; d++) {
            unsigned mode = DF_MODES[d];
            prng_fill(&c->rng, line, DPC_LINE_BYTES);
            add_comp(c, mode, map, line, "%s_map%s_random", mode_tag(mode), map_tag(map));
            float_line(c, line, 120u + (uint32_t)prng_below(&c->rng, 16));
            add_comp(c, mode, map, line, "%s_map%s_float", mode_tag(mode), map_tag(map));
            narrow_line(c, line, 1u << (4u + prng_below(&c->rng, 12)));
            add_comp(c, mode, map, line, "%s_map%s_narrow_int", mode_tag(mode), map_tag(map));
            make_line(c, line, map, random_es_with(c, 20u + (unsigned)prng_below(&c->rng, 13)));
            add_comp(c, mode, map, line, "%s_map%s_critical_compressible", mode_tag(mode),
                     map_tag(map));
        }
    }
}

/* Merged requests carry the OR of their maps (docs/dpc.md 4, 6). */
static void gen_merged(gen_ctx *c) {
    prng_seed(&c->rng, 0x4D5247u);
    static const unsigned pairs[][2] = {{0x1u, 0x2u}, {0x1u, 0x4u}, {0x3u, 0xCu}, {0x2u, 0x8u},
                                        {0x5u, 0xAu}, {0x1u, 0x1u}, {0x6u, 0x3u}, {0x8u, 0x7u}};
    uint8_t line[DPC_LINE_BYTES];
    for (unsigned p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
        unsigned merged = pairs[p][0] | pairs[p][1];
        for (unsigned d = 0; d < 2; d++) {
            float_line(c, line, 124u + p);
            add_comp(c, DF_MODES[d], merged, line, "%s_merged_%s_or_%s_is_%s",
                     mode_tag(DF_MODES[d]), map_tag(pairs[p][0]), map_tag(pairs[p][1]),
                     map_tag(merged));
        }
    }
}

/* No compressible plane anywhere: the longest streams (1025 bits; DF-TRUC 1029 with 1111). */
static void gen_worst_case(gen_ctx *c) {
    prng_seed(&c->rng, 0x575253u);
    uint8_t line[DPC_LINE_BYTES];
    for (unsigned i = 0; i < 4; i++) {
        make_line(c, line, 0xF, 0);
        expect_es(c, line, 0xF, 0, "worst_case");
        add_comp(c, DPC_MODE_DPC, 0xF, line, "dpc_worst_case_%u", i);
        add_comp(c, DPC_MODE_DFTRUC, 0xF, line, "dftruc_map1111_worst_case_%u", i);
        add_comp(c, DPC_MODE_DFMAN, 0xF, line, "dfman_map1111_worst_case_%u", i);
    }
    for (unsigned map = 1; map < 15; map++) {
        make_line(c, line, map, 0);
        add_comp(c, DPC_MODE_DFTRUC, map, line, "dftruc_map%s_worst_case", map_tag(map));
    }
}

/* DF-MAN's choice (docs/dpc.md 5): the manipulated copy when strictly shorter, the original
 * on a tie and when it is shorter. Checked against the model's own report. */
static void add_dfman_checked(gen_ctx *c, unsigned map, const uint8_t *line, bool want_manip,
                              const char *what) {
    uint8_t buf[DPC_MAX_BYTES];
    size_t bits;
    bool manip = false;
    if (dfman_compress(line, map, buf, sizeof buf, &bits, &manip) != NP_OK || manip != want_manip) {
        vecgen_fail(&c->failed, "dfman %s: the model sent the %s copy", what,
                    manip ? "manipulated" : "original");
        return;
    }
    add_comp(c, DPC_MODE_DFMAN, map, line, "dfman_map%s_%s", map_tag(map), what);
}

static void gen_dfman_choice(gen_ctx *c) {
    prng_seed(&c->rng, 0x43484Fu);
    uint8_t line[DPC_LINE_BYTES];
    for (unsigned map = 1; map < 15; map++) {
        /* critical sub-blocks zero, the rest noise: the manipulated line is all zero */
        prng_fill(&c->rng, line, DPC_LINE_BYTES);
        for (unsigned k = 0; k < DPC_SUBBLOCKS; k++) {
            if ((map >> k) & 1u) {
                memset(line + 32u * k, 0, 32u);
            }
        }
        add_dfman_checked(c, map, line, true, "manipulated_shorter");
        /* all ones: manipulation turns every plane mixed, the original stays 65 bits */
        memset(line, 0xFF, sizeof line);
        add_dfman_checked(c, map, line, false, "original_shorter");
        /* non-critical sub-blocks already zero: both copies equal, tie -> original */
        prng_fill(&c->rng, line, DPC_LINE_BYTES);
        for (unsigned k = 0; k < DPC_SUBBLOCKS; k++) {
            if (((map >> k) & 1u) == 0u) {
                memset(line + 32u * k, 0, 32u);
            }
        }
        add_dfman_checked(c, map, line, false, "tie_equal_copies");
    }
    /* a tie between different copies: the non-critical noise only touches planes the critical
     * word already mixes (0..15), so both copies have the same 16 compressible planes */
    for (unsigned i = 0; i < 4; i++) {
        unsigned map = 0x1u << i;
        memset(line, 0, sizeof line);
        unsigned critical_word = 8u * i, other_word = 8u * ((i + 1u) % 4u);
        vecgen_set_word(line, critical_word, 0x0000FFFFu);   /* planes 0..15 mixed in both copies */
        vecgen_set_word(line, other_word, 0x0000A5A5u);      /* only touches planes 0..15 */
        add_dfman_checked(c, map, line, false, "tie_different_copies");
    }
}

/* The hardware's rules for inputs the C API rejects (docs/dpc.md 7): mode 3 is DPC, map 0 in
 * DF-TRUC / DF-MAN is 1111, and DPC ignores the map. */
static void gen_hw_rules(gen_ctx *c) {
    prng_seed(&c->rng, 0x485752u);
    uint8_t line[DPC_LINE_BYTES];
    for (unsigned i = 0; i < 6; i++) {
        float_line(c, line, 126u + i);
        unsigned map = (unsigned)prng_below(&c->rng, 16);
        add_comp(c, 3u, map, line, "mode3_as_dpc_map%s_%u", map_tag(map), i);
        add_comp(c, DPC_MODE_DFTRUC, 0u, line, "dftruc_map0000_as_1111_%u", i);
        add_comp(c, DPC_MODE_DFMAN, 0u, line, "dfman_map0000_as_1111_%u", i);
        add_comp(c, DPC_MODE_DPC, map, line, "dpc_ignores_map%s_%u", map_tag(map), i);
    }
}

/* Seeded mixes: maps from the access-pattern generator (docs/dpc.md 9), random modes (the
 * reserved mode included), lines with random sets of compressible planes. */
static void gen_random(gen_ctx *c) {
    prng_seed(&c->rng, 0x524E44u);
    critmap_gen maps;
    critmap_init_mix(&maps, 0x524E44u);
    uint8_t line[DPC_LINE_BYTES];
    for (unsigned i = 0; i < 120; i++) {
        unsigned mode = (unsigned)prng_below(&c->rng, 4);
        unsigned map = critmap_next(&maps, NULL);
        switch (i % 4u) {
        case 0:
            prng_fill(&c->rng, line, DPC_LINE_BYTES);
            break;
        case 1:
            make_line(c, line, map, (uint32_t)prng_next(&c->rng));
            break;
        case 2:
            float_line(c, line, 110u + (uint32_t)prng_below(&c->rng, 40));
            break;
        default:
            narrow_line(c, line, 1u << prng_below(&c->rng, 32));
            break;
        }
        add_comp(c, mode, map, line, "random_%s_map%s_%u", mode_tag(mode), map_tag(map), i);
    }
}

/* ---- decompressor stimulus --------------------------------------------------------------- */

/* Garbage at and above a length (bus bits the decompressor must ignore), within the bus. */
static void garbage_above(gen_ctx *c, uint8_t *buf, unsigned from) {
    vecgen_garbage_above(&c->rng, buf, from, BUS_BITS);
}

/* The stream the RTL compressor must produce for a vector (hardware input rules applied). */
static bool model_compress(gen_ctx *c, const comp_vec *v, uint8_t buf[BUS_BYTES], size_t *bits) {
    memset(buf, 0, BUS_BYTES);
    dpc_mode mode = dpc_hw_mode(v->mode);
    np_result r = dpc_mode_compress(mode, v->line, dpc_hw_map(v->map), buf, BUS_BYTES, bits);
    if (r != NP_OK) {
        vecgen_fail(&c->failed, "dpc_mode_compress(%s) = %s", v->name, np_result_name(r));
        return false;
    }
    return true;
}

/* Every compressor vector's stream decoded in the mode it was made in, then a perturbed copy
 * of each: one bit short, one bit long, many bits short, or garbage above in_len. */
static void gen_dec_from_comp(gen_ctx *c) {
    prng_seed(&c->rng, 0x444543u);
    size_t n = c->comp.n;
    for (size_t i = 0; i < n && !c->failed; i++) {
        const comp_vec *v = comp_at(c, i);
        uint8_t buf[BUS_BYTES];
        size_t bits;
        if (!model_compress(c, v, buf, &bits)) {
            return;
        }
        decomp_vec *d = add_dec(c, v->mode, "valid_%s", v->name);
        if (d == NULL) {
            return;
        }
        d->in_len = (unsigned)bits;
        memcpy(d->in_bits, buf, BUS_BYTES);
        vecgen_damage damage;
        if (vecgen_damage_stream(&c->rng, i, bits, BUS_BITS, buf, &damage)) {
            d = add_dec(c, v->mode, "%s%s", damage.prefix, v->name);
            if (d != NULL) {
                d->in_len = damage.in_len;
                memcpy(d->in_bits, buf, BUS_BYTES);
            }
        }
    }
}

/* Flipped fields of valid streams: C, one ES bit, one map bit (DF-TRUC), and streams given
 * to the other kind of decoder (a DF-TRUC stream in DPC mode and the reverse). Whether each
 * still decodes is the model's to say. */
static void gen_dec_flips(gen_ctx *c) {
    prng_seed(&c->rng, 0x464C50u);
    size_t n = c->comp.n;
    for (size_t i = 0; i < n && !c->failed; i += 5u) {
        const comp_vec *v = comp_at(c, i);
        uint8_t buf[BUS_BYTES];
        size_t bits;
        if (!model_compress(c, v, buf, &bits)) {
            return;
        }
        unsigned hw_mode = dpc_hw_mode(v->mode);
        unsigned start = hw_mode == DPC_MODE_DFTRUC ? MAP_BITS : 0u;
        decomp_vec *d = add_dec(c, v->mode, "flip_c_%s", v->name);
        if (d == NULL) {
            return;
        }
        d->in_len = (unsigned)bits;
        memcpy(d->in_bits, buf, BUS_BYTES);
        vecgen_set_bit(d->in_bits, start, vecgen_get_bit(buf, start) ^ 1u);
        if (vecgen_get_bit(buf, start) == 1u) {
            unsigned s = (unsigned)prng_below(&c->rng, DPC_PLANES);
            d = add_dec(c, v->mode, "flip_es%u_%s", s, v->name);
            if (d == NULL) {
                return;
            }
            d->in_len = (unsigned)bits;
            memcpy(d->in_bits, buf, BUS_BYTES);
            vecgen_set_bit(d->in_bits, start + 1u + s, vecgen_get_bit(buf, start + 1u + s) ^ 1u);
        }
        if (hw_mode == DPC_MODE_DFTRUC) {
            unsigned k = (unsigned)prng_below(&c->rng, MAP_BITS);
            d = add_dec(c, v->mode, "flip_map_bit%u_%s", k, v->name);
            if (d == NULL) {
                return;
            }
            d->in_len = (unsigned)bits;
            memcpy(d->in_bits, buf, BUS_BYTES);
            vecgen_set_bit(d->in_bits, k, vecgen_get_bit(buf, k) ^ 1u);
        }
        unsigned other = hw_mode == DPC_MODE_DFTRUC ? DPC_MODE_DPC : DPC_MODE_DFTRUC;
        d = add_dec(c, other, "as_%s_%s", mode_tag(other), v->name);
        if (d == NULL) {
            return;
        }
        d->in_len = (unsigned)bits;
        memcpy(d->in_bits, buf, BUS_BYTES);
    }
}

/* Writes a body header C = 1 with the given ES and the ED those ES bits imply (planes random
 * and mixed where ES is 0, so only the header count decides validity). */
static void put_body_with_es(gen_ctx *c, np_bitwriter *w, unsigned wc, uint32_t es) {
    np_bw_put(w, 1u, 1);
    np_bw_put(w, es, 32);
    for (unsigned i = 0; i < DPC_PLANES; i++) {
        if ((es >> i) & 1u) {
            np_bw_put(w, prng_next(&c->rng) & 1u, 1);
        } else {
            np_bw_put(w, random_mixed_plane(c, wc), wc);
        }
    }
}

/* C = 1 with fewer compressible planes than the checker requires (non-canonical), and with
 * exactly the threshold (valid), for every map and for DPC; a DF-TRUC map field of 0000. */
static void gen_dec_noncanonical(gen_ctx *c) {
    prng_seed(&c->rng, 0x4E4341u);
    for (unsigned map = 0; map <= 15; map++) {
        bool dftruc = map != 0u;         /* map 0 stands for plain DPC here */
        unsigned wc = dftruc ? 8u * popcount32(map) : DPC_WORDS;
        unsigned min = dpc_min_planes(wc);
        for (unsigned n = 0; n <= min; n++) {
            uint8_t buf[DPC_MAX_BYTES + 8u];
            np_bitwriter w;
            np_bw_init(&w, buf, sizeof buf);
            if (dftruc) {
                np_bw_put(&w, map, MAP_BITS);
            }
            put_body_with_es(c, &w, wc, random_es_with(c, n));
            if (w.overflow || w.pos > BUS_BITS) {
                continue; /* longer than the bus (e.g. C = 1, n = 0 over 32 words): no vector */
            }
            unsigned mode = dftruc ? DPC_MODE_DFTRUC : DPC_MODE_DPC;
            decomp_vec *d = add_dec(c, mode, "%s_c1_n%u_%s", dftruc ? map_tag(map) : "dpc", n,
                                    n < min ? "noncanonical" : "threshold_valid");
            if (d == NULL) {
                return;
            }
            d->in_len = (unsigned)w.pos;
            memcpy(d->in_bits, buf, BUS_BYTES);
        }
    }
    /* map 0000 in front of bodies of every length a real map would have */
    for (unsigned k = 1; k <= 4; k++) {
        uint8_t line[DPC_LINE_BYTES];
        prng_fill(&c->rng, line, DPC_LINE_BYTES);
        unsigned map = (1u << k) - 1u;
        uint8_t buf[BUS_BYTES];
        size_t bits;
        memset(buf, 0, sizeof buf);
        if (dftruc_compress(line, map, buf, sizeof buf, &bits) != NP_OK) {
            vecgen_fail(&c->failed, "dftruc_compress failed for map0");
            return;
        }
        buf[0] &= 0xF0u;
        decomp_vec *d = add_dec(c, DPC_MODE_DFTRUC, "map0000_body_of_%u_subblocks", k);
        if (d == NULL) {
            return;
        }
        d->in_len = (unsigned)bits;
        memcpy(d->in_bits, buf, BUS_BYTES);
    }
}

/* Short lengths, random bits, lengths beyond the bus, the reserved mode. */
static void gen_dec_lengths(gen_ctx *c) {
    prng_seed(&c->rng, 0x4C454Eu);
    for (unsigned mode = 0; mode < 4; mode++) {
        for (unsigned len = 0; len <= 5; len++) {
            decomp_vec *d = add_dec(c, mode, "%s_len%u_garbage", mode_tag(mode), len);
            if (d == NULL) {
                return;
            }
            d->in_len = len;
            garbage_above(c, d->in_bits, 0);
        }
    }
    for (unsigned i = 0; i < 40; i++) {
        unsigned mode = i % 4u;
        decomp_vec *d = add_dec(c, mode, "%s_random_bits_%u", mode_tag(mode), i);
        if (d == NULL) {
            return;
        }
        d->in_len = 1u + (unsigned)prng_below(&c->rng, BUS_BITS);
        garbage_above(c, d->in_bits, 0);
    }
    /* a valid raw stream with in_len past the bus: the model sees the bus zero-extended, so
     * the stream is too long (trailing bits) */
    static const unsigned over[] = {BUS_BITS + 1u, MAX_LEN_FIELD};
    for (unsigned i = 0; i < 2; i++) {
        uint8_t line[DPC_LINE_BYTES];
        make_line(c, line, 0xF, 0);
        for (unsigned m = 0; m < 2; m++) {
            unsigned mode = m == 0 ? DPC_MODE_DPC : DPC_MODE_DFTRUC;
            decomp_vec *d = add_dec(c, mode, "%s_len%u_over_bus_width", mode_tag(mode), over[i]);
            if (d == NULL) {
                return;
            }
            size_t bits;
            if (dpc_mode_compress(mode, line, 0xF, d->in_bits, BUS_BYTES, &bits) != NP_OK) {
                vecgen_fail(&c->failed, "compress failed for len_over_bus_width");
                return;
            }
            d->in_len = over[i];
        }
    }
}

/* ---- table stimulus ---------------------------------------------------------------------- */

static void add_edge(gen_ctx *c, bool rst, bool rpl_valid, unsigned rpl_idx, bool req_valid,
                     unsigned sm, uint64_t addr, unsigned map, const char *fmt, ...)
    __attribute__((format(printf, 9, 10)));

/* One clock edge of stimulus; the shadow table follows it so later edges can reply to live
 * entries. Inputs whose valid is 0 are zero (docs/dpc.md 7). */
static void add_edge(gen_ctx *c, bool rst, bool rpl_valid, unsigned rpl_idx, bool req_valid,
                     unsigned sm, uint64_t addr, unsigned map, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    table_vec *v = vec_list_vpush(&c->tbl, sizeof *v, NAME_LEN, &c->failed, fmt, ap);
    va_end(ap);
    if (v == NULL) {
        return;
    }
    v->rst = rst;
    v->in.rpl_valid = rpl_valid;
    v->in.rpl_idx = rpl_valid ? rpl_idx & ((1u << TBL_IDX_BITS) - 1u) : 0u;
    v->in.req_valid = req_valid;
    v->in.req_sm = req_valid ? sm & TBL_SM_MASK : 0u;
    v->in.req_addr = req_valid ? addr & TBL_ADDR_MASK : 0u;
    v->in.req_map = req_valid ? map & 0xFu : 0u;
    if (rst) {
        dft_reset(&c->shadow);
    }
    dft_cycle_out out;
    dft_cycle(&c->shadow, &v->in, &out);
}

static void req_edge(gen_ctx *c, bool rst, unsigned sm, uint64_t addr, unsigned map,
                     const char *what) {
    add_edge(c, rst, false, 0, true, sm, addr, map, "%s_sm%u_map%s", what, sm, map_tag(map));
}

static void rpl_edge(gen_ctx *c, unsigned idx, const char *what) {
    add_edge(c, false, true, idx, false, 0, 0, 0, "%s_idx%u", what, idx);
}

static void gen_tbl_directed(gen_ctx *c) {
    add_edge(c, true, false, 0, false, 0, 0, 0, "reset_idle");
    /* FDR bypass, the seed's merge example ("1000" + "0100" -> "1100"), reply hands it over */
    req_edge(c, true, 1, 0x100, 0xF, "fdr_bypass");
    req_edge(c, false, 1, 0x100, 0x1, "alloc");
    req_edge(c, false, 1, 0x100, 0x2, "merge_1000_0100");
    req_edge(c, false, 1, 0x100, 0xF, "fdr_same_key_bypasses");
    rpl_edge(c, 0, "reply_merged_map");
    req_edge(c, false, 1, 0x100, 0x4, "after_reply_new_group");
    /* keys: same address from other SMs, other addresses from the same SM */
    req_edge(c, true, 5, 0x2000, 0x1, "key_a");
    req_edge(c, false, 6, 0x2000, 0x2, "same_addr_other_sm");
    req_edge(c, false, 5, 0x2001, 0x4, "same_sm_other_addr");
    req_edge(c, false, 5, 0x2000, 0x8, "merge_key_a");
    req_edge(c, false, 6, 0x2000, 0x8, "merge_same_addr_other_sm");
    rpl_edge(c, 1, "reply_other_sm");
    rpl_edge(c, 0, "reply_key_a");
    rpl_edge(c, 2, "reply_same_sm_other_addr");
    /* map 0000 on the port is served in full; widest SM id and address */
    req_edge(c, true, 3, 0x77, 0x0, "map0000_served_full");
    req_edge(c, false, TBL_SM_MASK, TBL_ADDR_MASK, 0x3, "max_sm_max_addr");
    req_edge(c, false, TBL_SM_MASK, TBL_ADDR_MASK, 0x8, "merge_max_key");
    req_edge(c, false, 0, TBL_ADDR_MASK, 0x1, "max_addr_sm0");
    rpl_edge(c, 0, "reply_max_key");
    /* replies for free entries: 1111, nothing changes */
    rpl_edge(c, 5, "reply_free_entry");
    rpl_edge(c, 31, "reply_free_entry_last");
    /* lowest free index is reused */
    req_edge(c, true, 2, 0x10, 0x1, "fill0");
    req_edge(c, false, 2, 0x11, 0x1, "fill1");
    req_edge(c, false, 2, 0x12, 0x1, "fill2");
    rpl_edge(c, 1, "free1");
    rpl_edge(c, 0, "free0");
    req_edge(c, false, 2, 0x13, 0x2, "reuse_lowest0");
    req_edge(c, false, 2, 0x14, 0x2, "reuse_next1");
}

/* Same-edge order (docs/dpc.md 7): the reply frees first, then the request is decided. */
static void gen_tbl_same_cycle(gen_ctx *c) {
    req_edge(c, true, 9, 0x900, 0x1, "sc_alloc");
    req_edge(c, false, 9, 0x901, 0x1, "sc_alloc_other");
    add_edge(c, false, true, 0, true, 9, 0x900, 0x4, "sc_reply_and_same_key_allocates_not_merges");
    add_edge(c, false, true, 1, true, 9, 0x900, 0x2, "sc_reply_other_and_merge");
    add_edge(c, false, true, 0, true, 9, 0x901, 0x8, "sc_reply_then_alloc_freed_lowest");
    add_edge(c, false, true, 7, true, 9, 0x902, 0xF, "sc_reply_free_and_fdr");
}

/* A full table: new keys are served in full, nothing tracked is lost, merges still work, and a
 * reply at the same edge makes room for the request. */
static void gen_tbl_full(gen_ctx *c) {
    for (unsigned i = 0; i < TBL_ENTRIES; i++) {
        add_edge(c, i == 0, false, 0, true, i % 64u, 0x4000u + i, 1u << (i % 4u), "full_fill%u", i);
    }
    req_edge(c, false, 40, 0x5000, 0x3, "full_new_key_served_full");
    req_edge(c, false, 41, 0x5001, 0x1, "full_new_key_served_full");
    req_edge(c, false, 7, 0x4007, 0x1, "full_merge_still_works");
    add_edge(c, false, true, 12, true, 42, 0x5002, 0x6, "full_reply_makes_room_same_edge");
    req_edge(c, false, 43, 0x5003, 0x1, "full_again_served_full");
    for (unsigned i = 0; i < TBL_ENTRIES; i++) {
        rpl_edge(c, (i * 7u) % TBL_ENTRIES, "full_drain");
    }
}

/* Both ports busy on most edges, few keys so merges and same-key collisions are frequent. */
static void gen_tbl_random(gen_ctx *c) {
    prng_seed(&c->rng, 0x54424Cu);
    critmap_gen maps;
    critmap_init_mix(&maps, 0x54424Cu);
    static const uint64_t addrs[] = {0x0u, 0x1u, 0x2u, 0x3FFu, 0x12345678u, TBL_ADDR_MASK - 1u,
                                     TBL_ADDR_MASK};
    for (unsigned i = 0; i < 600; i++) {
        bool rpl = prng_below(&c->rng, 3) != 0;
        bool req = prng_below(&c->rng, 4) != 0;
        unsigned idx = (unsigned)prng_below(&c->rng, 32);
        unsigned live[DFT_MAX_ENTRIES], nlive = 0;
        for (unsigned e = 0; e < TBL_ENTRIES; e++) {
            if (c->shadow.entry[e].valid) {
                live[nlive++] = e;
            }
        }
        if (nlive > 0 && prng_below(&c->rng, 8) != 0) {
            idx = live[prng_below(&c->rng, nlive)];
        }
        /* mostly only a few replies, so the table fills up now and then */
        if (nlive < 20 && prng_below(&c->rng, 2) == 0) {
            rpl = false;
        }
        unsigned sm = (unsigned)prng_below(&c->rng, 6) * 13u % 64u;
        uint64_t addr = addrs[prng_below(&c->rng, sizeof addrs / sizeof addrs[0])] +
                        prng_below(&c->rng, 6);
        unsigned map = prng_below(&c->rng, 20) == 0 ? 0u : critmap_next(&maps, NULL);
        add_edge(c, i == 0, rpl, idx, req, sm, addr, map, "random_%u", i);
    }
}

/* ---- file writers ------------------------------------------------------------------------ */

static bool write_compressor(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "dpc_compressor",
        "{in_mode[1:0], in_map[3:0], in_line[1023:0], exp_len[10:0], exp_bits[1028:0]}",
        MODE_BITS + MAP_BITS + LINE_BITS + LEN_BITS + BUS_BITS,
        "// in_mode 0 DPC, 1 DF-TRUC, 2 DF-MAN, 3 reserved (acts as DPC); in_map bit k = sub-block\n"
        "// k, 0000 acts as 1111; names print maps sub-block 0 first (docs/dpc.md 1, 7).\n"};
    vecfile file;
    bool ok = vecfile_open(&file, dir, &spec, &c->origin, c->comp.n);
    for (size_t i = 0; ok && i < c->comp.n; i++) {
        const comp_vec *v = comp_at(c, i);
        uint8_t stream[BUS_BYTES];
        size_t bits;
        ok = model_compress(c, v, stream, &bits);
        hexvec h;
        hexvec_init(&h, spec.width);
        hexvec_field(&h, v->mode, MODE_BITS);
        hexvec_field(&h, v->map, MAP_BITS);
        hexvec_field_bytes(&h, v->line, LINE_BITS);
        hexvec_field(&h, bits, LEN_BITS);
        hexvec_field_bytes(&h, stream, BUS_BITS);
        ok = ok && vecfile_emit(&file, i, v->name, &h);
    }
    return vecfile_finish(&file, ok);
}

static np_result model_decompress(const decomp_vec *d, uint8_t line[DPC_LINE_BYTES],
                                  unsigned *map) {
    /* The model reads exactly in_len bits; above the 1029-bit bus they are zero. */
    uint8_t wide[(MAX_LEN_FIELD + 7u) / 8u];
    vecgen_widen_bus(d->in_bits, BUS_BITS, wide, sizeof wide);
    return dpc_mode_decompress(dpc_hw_mode(d->mode), wide, d->in_len, line, DPC_LINE_BYTES, map);
}

/* Names that promise an outcome must get it: the generators' intent check. */
static bool outcome_as_named(const char *name, bool err) {
    bool named_valid = strncmp(name, "valid_", 6) == 0 || strstr(name, "threshold_valid") != NULL;
    bool named_bad = strncmp(name, "trunc", 5) == 0 || strncmp(name, "extra_", 6) == 0 ||
                     strstr(name, "noncanonical") != NULL || strncmp(name, "map0000", 7) == 0 ||
                     strstr(name, "over_bus_width") != NULL;
    return !(named_valid && err) && !(named_bad && !err);
}

static bool write_decompressor(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "dpc_decompressor",
        "{in_mode[1:0], in_len[10:0], in_bits[1028:0], exp_err, exp_map[3:0], exp_line[1023:0]}",
        MODE_BITS + LEN_BITS + BUS_BITS + 1u + MAP_BITS + LINE_BITS,
        "// exp_map and exp_line are zero when exp_err is 1 (then only the flag is compared).\n"
        "// exp_map is the DF-TRUC map, 1111 in DPC / DF-MAN mode (docs/dpc.md 7).\n"
        "// in_bits may hold non-zero bits at and above in_len on purpose: they must be ignored.\n"
        "// Some vectors have in_len > 1029: a model reading them sees the bus zero-extended.\n"};
    vecfile file;
    bool ok = vecfile_open(&file, dir, &spec, &c->origin, c->dec.n);
    size_t errors = 0;
    for (size_t i = 0; ok && i < c->dec.n; i++) {
        const decomp_vec *d = (const decomp_vec *)c->dec.items + i;
        uint8_t line[DPC_LINE_BYTES];
        unsigned map = 0;
        np_result r = model_decompress(d, line, &map);
        bool err = r != NP_OK;
        errors += err;
        if (!vecgen_decode_as_named(d->name, r, outcome_as_named(d->name, err))) {
            ok = false;
            break;
        }
        hexvec h;
        hexvec_init(&h, spec.width);
        hexvec_field(&h, d->mode, MODE_BITS);
        hexvec_field(&h, d->in_len, LEN_BITS);
        hexvec_field_bytes(&h, d->in_bits, BUS_BITS);
        hexvec_field(&h, err, 1);
        hexvec_field(&h, err ? 0u : map, MAP_BITS);
        hexvec_field_bytes(&h, line, LINE_BITS); /* the model zeroes it on error */
        ok = vecfile_emit(&file, i, d->name, &h);
    }
    return vecfile_close_decompressor(&file, errors, ok);
}

static bool write_table(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "dpc_filter_table",
        "{rst, rpl_valid, rpl_idx[4:0], req_valid, req_sm[5:0], req_addr[40:0], req_map[3:0], "
        "exp_action[1:0], exp_idx[4:0], exp_act_map[3:0], exp_map[3:0]}",
        1u + 1u + TBL_IDX_BITS + 1u + TBL_SM_BITS + TBL_ADDR_BITS + MAP_BITS + 2u + TBL_IDX_BITS +
            MAP_BITS + MAP_BITS,
        "// One vector per clock edge, every output ready; Entries = 32, SmIdWidth = 6,\n"
        "// AddrWidth = 41. rst = 1: reset the table before this edge. exp_action 0 FULL,\n"
        "// 1 MERGED, 2 ALLOC. Fields of an input whose valid is 0 are zero, and so are its\n"
        "// expected outputs (exp_action/exp_idx/exp_act_map: request, exp_map: reply).\n"};
    vecfile file;
    bool ok = vecfile_open(&file, dir, &spec, &c->origin, c->tbl.n);
    dft_table t;
    if (dft_init(&t, TBL_ENTRIES) != NP_OK) {
        ok = false;
    }
    size_t counts[3] = {0, 0, 0};
    for (size_t i = 0; ok && i < c->tbl.n; i++) {
        const table_vec *v = (const table_vec *)c->tbl.items + i;
        if (v->rst) {
            dft_reset(&t);
        }
        dft_cycle_out out;
        dft_cycle(&t, &v->in, &out);
        hexvec h;
        hexvec_init(&h, spec.width);
        hexvec_field(&h, v->rst, 1);
        hexvec_field(&h, v->in.rpl_valid, 1);
        hexvec_field(&h, v->in.rpl_idx, TBL_IDX_BITS);
        hexvec_field(&h, v->in.req_valid, 1);
        hexvec_field(&h, v->in.req_sm, TBL_SM_BITS);
        hexvec_field(&h, v->in.req_addr, TBL_ADDR_BITS);
        hexvec_field(&h, v->in.req_map, MAP_BITS);
        hexvec_field(&h, out.act_valid ? (unsigned)out.act.action : 0u, 2);
        hexvec_field(&h, out.act_valid ? out.act.idx : 0u, TBL_IDX_BITS);
        hexvec_field(&h, out.act_valid ? out.act.map : 0u, MAP_BITS);
        hexvec_field(&h, out.map_valid ? out.map : 0u, MAP_BITS);
        if (out.act_valid) {
            counts[out.act.action]++;
        }
        ok = vecfile_emit(&file, i, v->name, &h);
    }
    if (ok) {
        printf("  table requests: %zu full, %zu merged, %zu alloc\n", counts[DFT_FULL],
               counts[DFT_MERGED], counts[DFT_ALLOC]);
    }
    return vecfile_finish(&file, ok);
}

int vectors_dpc_write(const char *dir, const char *command) {
    gen_ctx c;
    memset(&c, 0, sizeof c);
    c.origin = (vecfile_origin){"docs/vectors.md, docs/dpc.md 7",
                                "nocpress DPC C model " DPC_MODEL_VERSION " (docs/dpc.md)", command};
    if (dft_init(&c.shadow, TBL_ENTRIES) != NP_OK) {
        return cli_fail("vectors: cannot initialise the table model");
    }
    void (*const generators[])(gen_ctx *) = {
        gen_examples,      gen_single_plane, gen_plane_counts,     gen_all_maps,
        gen_merged,        gen_worst_case,   gen_dfman_choice,     gen_hw_rules,
        gen_random,        gen_dec_from_comp, gen_dec_flips,       gen_dec_noncanonical,
        gen_dec_lengths,   gen_tbl_directed, gen_tbl_same_cycle,   gen_tbl_full,
        gen_tbl_random};
    for (size_t g = 0; g < sizeof generators / sizeof generators[0] && !c.failed; g++) {
        generators[g](&c);
    }
    bool ok = !c.failed && write_compressor(&c, dir) &&
              write_decompressor(&c, dir) && write_table(&c, dir);
    vec_list_free(&c.comp);
    vec_list_free(&c.dec);
    vec_list_free(&c.tbl);
    return ok && !c.failed ? NP_EXIT_OK : NP_EXIT_FAIL;
}
