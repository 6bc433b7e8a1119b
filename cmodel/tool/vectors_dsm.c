/* DSM golden vectors (docs/vectors.md). The generators below only choose inputs; every
 * expected output is computed by the C model (dsm_compress, dsm_decompress,
 * dsm_approx_lookup/apply) when the files are written. Generators check their own intent
 * (e.g. "this lane has exactly these CSN segments") and fail loudly if a vector does not test
 * what its name says. Every random choice comes from a fixed-seed splitmix64 per section, so
 * the files are identical on every run and a change to one section leaves the others alone. */
#define _POSIX_C_SOURCE 200809L
#include "vectors_dsm.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dsm.h"
#include "hexvec.h"
#include "prng.h"
#include "vecgen.h"

#define NAME_LEN 64u
#define LEN_BITS 11u                          /* in_len / exp_len width (docs/dsm.md 6) */
#define LINE_BITS (8u * DSM_LINE_BYTES)       /* 1024 */
#define BUS_BYTES 129u                        /* a 1026-bit stream bus, bits 1026.. zero */
#define APPROX_BITS_WIDTH 5u
#define ENTRY_BITS (1u + 2u * DSM_ADDR_BITS + APPROX_BITS_WIDTH) /* 88 */
#define ADDR_MASK ((UINT64_C(1) << DSM_ADDR_BITS) - 1u)
#define NIBBLE_REPEAT UINT64_C(0x1111111111111111)
#define MAX_LEN_FIELD ((1u << LEN_BITS) - 1u) /* 2047: the largest in_len the bus can carry */

/* The codec's two vector kinds (vecgen.h); add_comp / add_dec append to the context's lists. */
typedef vecgen_line_vec comp_vec;
typedef vecgen_stream_vec decomp_vec;
_Static_assert(sizeof ((comp_vec *)0)->line == DSM_LINE_BYTES, "a DSM line fills a line vector");
_Static_assert(sizeof ((decomp_vec *)0)->in_bits >= BUS_BYTES, "a DSM stream bus fits a stream vector");

/* dsm_lane_pair_decompressor: each 64-byte lane stream on its own 513-bit bus with its own
 * 10-bit length (docs/dsm.md 6). */
#define PAIR_LANE_BITS 513u                   /* 1 + 8 * 64: a raw lane */
#define PAIR_LANE_BYTES 65u
#define PAIR_LEN_BITS 10u
#define PAIR_LEN_MAX ((1u << PAIR_LEN_BITS) - 1u) /* 1023 */

typedef struct {
    char name[NAME_LEN];
    unsigned in_len[2];
    uint8_t in_lane[2][PAIR_LANE_BYTES]; /* bits at and above in_len may be garbage on purpose */
} pair_vec;

typedef struct {
    char name[NAME_LEN];
    dsm_approx_map map;         /* filled as the configuration port would: any 5-bit bits */
    uint64_t addr;
    uint8_t line[DSM_LINE_BYTES];
} approx_vec;

typedef struct {
    unsigned lane_bytes, num_lanes, num_segments;
    dsm_config cfg;
    prng rng;
    vec_list comp, dec, apx;    /* of comp_vec, decomp_vec, approx_vec */
    vec_list pair;              /* of pair_vec (LaneBytes = 64 only) */
    vecfile_origin origin;      /* for the files' headers */
    char model[96];             /* origin.model */
    bool failed;
} gen_ctx;

/* ---- list management --------------------------------------------------------------------- */

static comp_vec *comp_at(const gen_ctx *c, size_t i) {
    return (comp_vec *)c->comp.items + i;
}

#define add_comp(c, line, ...) vecgen_add_line(&(c)->comp, &(c)->failed, (line), __VA_ARGS__)
#define add_dec(c, ...) vecgen_add_stream(&(c)->dec, &(c)->failed, __VA_ARGS__)

static approx_vec *add_apx(gen_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static approx_vec *add_apx(gen_ctx *c, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    approx_vec *v = vec_list_vpush(&c->apx, sizeof *v, NAME_LEN, &c->failed, fmt, ap);
    va_end(ap);
    if (v != NULL) {
        dsm_approx_map_init(&v->map);
    }
    return v;
}

/* A zeroed item of item_size appended to l, named by fmt (NULL when memory runs out). */
static void *push_named(gen_ctx *c, vec_list *l, size_t item_size, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void *push_named(gen_ctx *c, vec_list *l, size_t item_size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    void *v = vec_list_vpush(l, item_size, NAME_LEN, &c->failed, fmt, ap);
    va_end(ap);
    return v;
}

/* ---- line builders ----------------------------------------------------------------------- */

static bool is_csn(uint64_t seg) {
    return dsm_csn_detect(seg, NULL);
}

static uint64_t random_non_csn(prng *p) {
    uint64_t s = prng_next(p);
    return is_csn(s) ? s ^ 1u : s;
}

/* Lane k gets exactly the CSN segments in csn_mask, segment s repeating nibble[s] (random
 * nibbles when nibble is NULL); the other segments are random non-CSN values. Built in the
 * segment domain and unremapped, so the remap's wiring decides which bytes change. */
static void make_lane(gen_ctx *c, uint8_t *line, unsigned k, uint32_t csn_mask,
                      const unsigned *nibble) {
    uint64_t seg[DSM_MAX_SEGMENTS];
    for (unsigned s = 0; s < c->num_segments; s++) {
        if (csn_mask >> s & 1u) {
            unsigned v = nibble != NULL ? nibble[s] : (unsigned)prng_below(&c->rng, 16);
            seg[s] = (uint64_t)(v & 0xFu) * NIBBLE_REPEAT;
        } else {
            seg[s] = random_non_csn(&c->rng);
        }
    }
    dsm_unremap(c->lane_bytes, seg, line + k * c->lane_bytes);
}

static uint32_t lane_es(const gen_ctx *c, const uint8_t *line, unsigned k) {
    uint64_t seg[DSM_MAX_SEGMENTS];
    dsm_remap(c->lane_bytes, line + k * c->lane_bytes, seg);
    return dsm_encoding_status(c->num_segments, seg);
}

static unsigned lane_len(const gen_ctx *c, const uint8_t *line, unsigned k) {
    return dsm_lane_bits(c->num_segments, lane_es(c, line, k));
}

/* Intent check: lane k of line must have exactly the CSN segments in mask. */
static void expect_es(gen_ctx *c, const uint8_t *line, unsigned k, uint32_t mask,
                      const char *what) {
    uint32_t es = lane_es(c, line, k);
    if (es != mask) {
        vecgen_fail(&c->failed, "%s: lane %u has ES 0x%x, intended 0x%x", what, k, (unsigned)es,
                 (unsigned)mask);
    }
}

static uint32_t all_segments(const gen_ctx *c) {
    return (uint32_t)((UINT64_C(1) << c->num_segments) - 1u);
}

static uint32_t random_mask_with(gen_ctx *c, unsigned n) {
    uint32_t mask = 0;
    while (dsm_bit_count(mask, 32u) < n) {
        mask |= (uint32_t)1 << prng_below(&c->rng, c->num_segments);
    }
    return mask;
}

static void fill_words(uint8_t *line, unsigned first_word, unsigned count, uint32_t (*f)(unsigned, void *),
                       void *arg) {
    for (unsigned w = first_word; w < first_word + count; w++) {
        uint32_t v = f(w, arg);
        for (unsigned b = 0; b < 4; b++) {
            line[4u * w + b] = (uint8_t)(v >> (8u * b));
        }
    }
}

/* ---- compressor stimulus --------------------------------------------------------------- */

static void gen_examples(gen_ctx *c) {
    uint8_t line[DSM_LINE_BYTES];
    memset(line, 0x00, sizeof line);
    add_comp(c, line, "all_zero");
    memset(line, 0xFF, sizeof line);
    add_comp(c, line, "all_ones");
    vecgen_set_all_words(line, 0x3F800000u); /* docs/dsm.md sec. 2: segments 0..7 = 0,0,0,0,0,8,F,3 */
    add_comp(c, line, "float_one");
    for (unsigned k = 0; k < c->num_lanes; k++) {
        expect_es(c, line, k, all_segments(c), "float_one");
    }

    /* Thesis Fig. 4.1: three CSNs of nibbles 6, c, 3 (ES 00000111); Fig. 5.2 adds two CSNs
     * of 0 after approximation (ES 11000111). Both printed with segment 0 at the right. */
    static const struct {
        const char *name;
        uint32_t es;
    } figures[] = {{"thesis_fig4_1_es00000111", 0x07u}, {"thesis_fig5_2_es11000111", 0xC7u}};
    unsigned nib[DSM_MAX_SEGMENTS] = {0x6, 0xC, 0x3};
    prng_seed(&c->rng, 0x4D53441u);
    for (unsigned f = 0; f < 2; f++) {
        for (unsigned k = 0; k < c->num_lanes; k++) {
            make_lane(c, line, k, figures[f].es, nib);
            expect_es(c, line, k, figures[f].es, figures[f].name);
        }
        add_comp(c, line, "%s", figures[f].name);
    }
}

/* Every segment position of every lane as the only CSN, with two nibble values. */
static void gen_single_csn(gen_ctx *c) {
    prng_seed(&c->rng, 0x51u);
    uint8_t line[DSM_LINE_BYTES];
    unsigned nib[DSM_MAX_SEGMENTS];
    for (unsigned k = 0; k < c->num_lanes; k++) {
        for (unsigned s = 0; s < c->num_segments; s++) {
            unsigned values[2] = {0x0u, (3u + 5u * s + 7u * k) % 15u + 1u};
            for (unsigned v = 0; v < 2; v++) {
                for (unsigned other = 0; other < c->num_lanes; other++) {
                    make_lane(c, line, other, 0, NULL); /* other lanes raw */
                }
                nib[s] = values[v];
                make_lane(c, line, k, (uint32_t)1 << s, nib);
                expect_es(c, line, k, (uint32_t)1 << s, "single_csn");
                add_comp(c, line, "single_csn_lane%u_seg%u_nib%x", k, s, values[v]);
            }
        }
    }
}

/* A segment with 15 equal nibbles and one different one, at every nibble position j: the
 * detector must not call it a CSN. The lane's other segments are CSNs (lane compressed). */
static void gen_near_csn(gen_ctx *c) {
    prng_seed(&c->rng, 0x4E43u);
    uint8_t line[DSM_LINE_BYTES];
    for (unsigned j = 0; j < 16; j++) {
        unsigned k = j % c->num_lanes;
        unsigned s = j % c->num_segments;
        for (unsigned other = 0; other < c->num_lanes; other++) {
            make_lane(c, line, other, all_segments(c), NULL);
        }
        uint64_t seg[DSM_MAX_SEGMENTS];
        dsm_remap(c->lane_bytes, line + k * c->lane_bytes, seg);
        unsigned v = (unsigned)prng_below(&c->rng, 16);
        unsigned odd = (v + 1u + (unsigned)prng_below(&c->rng, 15)) & 0xFu;
        seg[s] = (uint64_t)v * NIBBLE_REPEAT;
        seg[s] = (seg[s] & ~(UINT64_C(0xF) << (4u * j))) | (uint64_t)odd << (4u * j);
        dsm_unremap(c->lane_bytes, seg, line + k * c->lane_bytes);
        expect_es(c, line, k, all_segments(c) & ~((uint32_t)1 << s), "near_csn");
        add_comp(c, line, "near_csn_lane%u_seg%u_nibble%u", k, s, j);
    }
}

/* No CSN anywhere: every lane raw, the longest stream (1026 bits at L = 64). */
static void gen_no_csn(gen_ctx *c) {
    prng_seed(&c->rng, 0x4E4F43u);
    uint8_t line[DSM_LINE_BYTES];
    for (unsigned i = 0; i < 8; i++) {
        for (unsigned k = 0; k < c->num_lanes; k++) {
            make_lane(c, line, k, 0, NULL);
            expect_es(c, line, k, 0, "no_csn");
        }
        add_comp(c, line, "no_csn_worst_case_%u", i);
    }
}

/* n CSN segments in every lane, for every combination of counts (lane lengths of every size,
 * and at L = 64 every lane-0 length before lane 1: the line concatenator's offsets). */
static void gen_csn_counts(gen_ctx *c) {
    prng_seed(&c->rng, 0x434E54u);
    uint8_t line[DSM_LINE_BYTES];
    unsigned s = c->num_segments;
    if (c->num_lanes == 2) {
        for (unsigned n0 = 0; n0 <= s; n0++) {
            for (unsigned n1 = 0; n1 <= s; n1++) {
                uint32_t m0 = random_mask_with(c, n0), m1 = random_mask_with(c, n1);
                make_lane(c, line, 0, m0, NULL);
                make_lane(c, line, 1, m1, NULL);
                expect_es(c, line, 0, m0, "csn_count");
                expect_es(c, line, 1, m1, "csn_count");
                const char *kind = (n0 == 0) != (n1 == 0) ? "mixed_raw_compressed" : "csn_count";
                add_comp(c, line, "%s_lane0_n%u_lane1_n%u", kind, n0, n1);
            }
        }
        return;
    }
    for (unsigned n = 0; n <= s; n++) {
        for (unsigned rep = 0; rep < 4; rep++) {
            uint32_t m = random_mask_with(c, n);
            make_lane(c, line, 0, m, NULL);
            expect_es(c, line, 0, m, "csn_count");
            add_comp(c, line, "csn_count_n%u_%u", n, rep);
        }
    }
}

/* Data patterns the thesis names (4.1.1): narrow values, repeated values, pointers, floats
 * of similar magnitude, RGB pixels with a zero padding byte, plus a few structured ones. */
typedef struct {
    prng *rng;
    uint32_t base, step, spread;
} pattern_arg;

static uint32_t pat_narrow(unsigned w, void *a) {
    pattern_arg *p = a;
    (void)w;
    return (uint32_t)prng_below(p->rng, p->spread);
}

static uint32_t pat_narrow_signed(unsigned w, void *a) {
    pattern_arg *p = a;
    (void)w;
    return (uint32_t)(-(int32_t)prng_below(p->rng, p->spread)) ;
}

static uint32_t pat_stride(unsigned w, void *a) {
    pattern_arg *p = a;
    return p->base + p->step * w;
}

static uint32_t pat_pointer64(unsigned w, void *a) {
    pattern_arg *p = a; /* little-endian 64-bit pointers: low word, then a constant high word */
    return (w & 1u) ? 0x00007FFFu : p->base + p->step * (w / 2u);
}

static uint32_t pat_float_exp(unsigned w, void *a) {
    pattern_arg *p = a;
    (void)w;
    uint32_t sign = (uint32_t)prng_below(p->rng, 2) << 31;
    return sign | p->base << 23 | (uint32_t)(prng_next(p->rng) & 0x7FFFFFu);
}

static uint32_t pat_rgb(unsigned w, void *a) {
    pattern_arg *p = a;
    (void)w;
    uint32_t rgb = 0;
    for (unsigned ch = 0; ch < 3; ch++) {
        uint32_t base = (p->base >> (8u * ch)) & 0xFFu;
        uint32_t v = (base + (uint32_t)prng_below(p->rng, p->spread)) & 0xFFu;
        rgb |= v << (8u * ch);
    }
    return rgb; /* byte 3 is the zero padding */
}

static uint32_t pat_alternate(unsigned w, void *a) {
    (void)a;
    return (w & 1u) ? 0xFFFFFFFFu : 0u;
}

static void gen_patterns(gen_ctx *c) {
    prng_seed(&c->rng, 0x504154u);
    uint8_t line[DSM_LINE_BYTES];
    pattern_arg arg = {.rng = &c->rng};
    static const uint32_t spreads[] = {16u, 256u, 4096u, 65536u};
    for (unsigned i = 0; i < 4; i++) {
        arg.spread = spreads[i];
        fill_words(line, 0, 32, pat_narrow, &arg);
        add_comp(c, line, "narrow_uint_below_%u", (unsigned)spreads[i]);
        fill_words(line, 0, 32, pat_narrow_signed, &arg);
        add_comp(c, line, "narrow_negative_above_minus_%u", (unsigned)spreads[i]);
    }
    vecgen_set_all_words(line, 0x7FFFFFFFu);
    add_comp(c, line, "repeated_int_max");
    vecgen_set_all_words(line, 0xDEADBEEFu);
    add_comp(c, line, "repeated_deadbeef");
    static const uint32_t steps[] = {1u, 4u, 8u, 64u, 4096u};
    for (unsigned i = 0; i < 5; i++) {
        arg.base = 0x10000000u + (uint32_t)prng_below(&c->rng, 1u << 20) * 16u;
        arg.step = steps[i];
        fill_words(line, 0, 32, pat_stride, &arg);
        add_comp(c, line, "pointer32_stride_%u", (unsigned)steps[i]);
        fill_words(line, 0, 32, pat_pointer64, &arg);
        add_comp(c, line, "pointer64_stride_%u", (unsigned)steps[i]);
    }
    static const uint32_t exps[] = {127u, 120u, 134u};
    for (unsigned i = 0; i < 3; i++) {
        arg.base = exps[i];
        fill_words(line, 0, 32, pat_float_exp, &arg);
        add_comp(c, line, "float_common_exponent_%u", (unsigned)exps[i]);
    }
    for (unsigned i = 0; i < 3; i++) {
        arg.base = (uint32_t)prng_next(&c->rng) & 0xFFFFFFu;
        arg.spread = 4u << (2u * i);
        fill_words(line, 0, 32, pat_rgb, &arg);
        add_comp(c, line, "rgb_pixels_spread_%u", (unsigned)arg.spread);
    }
    fill_words(line, 0, 32, pat_alternate, NULL);
    add_comp(c, line, "alternating_zero_minus_one");
    for (unsigned b = 0; b < DSM_LINE_BYTES; b++) {
        line[b] = (uint8_t)b;
    }
    add_comp(c, line, "byte_ramp");
    static const unsigned positions[] = {0u, 1u, 63u, 64u, 77u, 127u};
    for (unsigned i = 0; i < 6; i++) {
        memset(line, 0, sizeof line);
        line[positions[i]] = 0x5Au;
        add_comp(c, line, "one_nonzero_byte_%u", positions[i]);
    }
}

static void gen_random(gen_ctx *c) {
    prng_seed(&c->rng, 0x524E44u);
    uint8_t line[DSM_LINE_BYTES];
    for (unsigned i = 0; i < 20; i++) {
        prng_fill(&c->rng, line, DSM_LINE_BYTES);
        add_comp(c, line, "random_line_%u", i);
    }
    for (unsigned i = 0; i < 40; i++) {
        for (unsigned k = 0; k < c->num_lanes; k++) {
            make_lane(c, line, k, (uint32_t)prng_next(&c->rng) & all_segments(c), NULL);
        }
        add_comp(c, line, "random_csn_subset_%u", i);
    }
}

/* ---- decompressor stimulus ------------------------------------------------------------- */

/* Garbage above a given length (the bus bits the decompressor must ignore), never past the
 * 1026-bit bus. */
static void garbage_above(gen_ctx *c, uint8_t *buf, unsigned from) {
    vecgen_garbage_above(&c->rng, buf, from, DSM_MAX_BITS);
}

static bool compress_vec(gen_ctx *c, const comp_vec *v, uint8_t *buf, size_t *bits) {
    memset(buf, 0, BUS_BYTES);
    np_result r = dsm_compress(&c->cfg, v->line, buf, BUS_BYTES, bits);
    if (r != NP_OK) {
        vecgen_fail(&c->failed, "dsm_compress(%s) = %s", v->name, np_result_name(r));
        return false;
    }
    return true;
}

/* Every compressor vector's stream; some with garbage above in_len; each third truncated by
 * one bit, extended by one bit or truncated by more, keeping the dropped bits on the bus. */
static void gen_dec_from_comp(gen_ctx *c) {
    prng_seed(&c->rng, 0x444543u);
    for (size_t i = 0; i < c->comp.n && !c->failed; i++) {
        const comp_vec *v = comp_at(c, i);
        uint8_t buf[BUS_BYTES];
        size_t bits;
        if (!compress_vec(c, v, buf, &bits)) {
            return;
        }
        decomp_vec *d = add_dec(c, "valid_%s", v->name);
        if (d == NULL) {
            return;
        }
        d->in_len = (unsigned)bits;
        memcpy(d->in_bits, buf, BUS_BYTES);
    }
    size_t n = c->comp.n;
    for (size_t i = 0; i < n && !c->failed; i++) {
        const comp_vec *v = comp_at(c, i);
        uint8_t buf[BUS_BYTES];
        size_t bits;
        if (!compress_vec(c, v, buf, &bits)) {
            return;
        }
        vecgen_damage damage;
        if (vecgen_damage_stream(&c->rng, i, bits, DSM_MAX_BITS, buf, &damage)) {
            decomp_vec *d = add_dec(c, "%s%s", damage.prefix, v->name);
            if (d != NULL) {
                d->in_len = damage.in_len;
                memcpy(d->in_bits, buf, BUS_BYTES);
            }
        }
    }
}

/* Lane k of a valid stream with its C flag flipped, and one ES bit flipped. */
static void gen_dec_flips(gen_ctx *c) {
    prng_seed(&c->rng, 0x464C50u);
    size_t n = c->comp.n;
    for (size_t i = 0; i < n && !c->failed; i += 7u) {
        const comp_vec *v = comp_at(c, i);
        uint8_t buf[BUS_BYTES];
        size_t bits;
        if (!compress_vec(c, v, buf, &bits)) {
            return;
        }
        unsigned k = (unsigned)(i / 7u) % c->num_lanes;
        unsigned start = k == 1 ? lane_len(c, v->line, 0) : 0u;
        decomp_vec *d = add_dec(c, "flip_c_lane%u_%s", k, v->name);
        if (d == NULL) {
            return;
        }
        d->in_len = (unsigned)bits;
        memcpy(d->in_bits, buf, BUS_BYTES);
        vecgen_set_bit(d->in_bits, start, vecgen_get_bit(buf, start) ^ 1u);
        if (vecgen_get_bit(buf, start) == 1u) {
            unsigned s = (unsigned)prng_below(&c->rng, c->num_segments);
            d = add_dec(c, "flip_es%u_lane%u_%s", s, k, v->name);
            if (d == NULL) {
                return;
            }
            d->in_len = (unsigned)bits;
            memcpy(d->in_bits, buf, BUS_BYTES);
            vecgen_set_bit(d->in_bits, start + 1u + s, vecgen_get_bit(buf, start + 1u + s) ^ 1u);
        }
    }
}

/* C = 1 with ES = 0 in lane k. Variants 0, 1: followed by exactly the 64S bits a decoder
 * without the ES = 0 check would take for S raw segments, so nothing but that check can reject
 * the stream (possible only when it fits the bus: L = 64 with the other lane compressed).
 * Variants 2, 3: followed by 63S bits, making the lane as long as a raw one. */
static void gen_dec_es_zero(gen_ctx *c) {
    prng_seed(&c->rng, 0x45535Au);
    uint8_t line[DSM_LINE_BYTES];
    for (unsigned k = 0; k < c->num_lanes; k++) {
        for (unsigned variant = 0; variant < 4; variant++) {
            unsigned ed_bits = 64u * c->num_segments - (variant < 2 ? 0u : c->num_segments);
            if (1u + c->num_segments + ed_bits + (c->num_lanes - 1u) * 461u > DSM_MAX_BITS) {
                continue; /* cannot fit the 1026-bit bus */
            }
            for (unsigned j = 0; j < c->num_lanes; j++) { /* other lanes: at least one CSN */
                make_lane(c, line, j, ((uint32_t)prng_next(&c->rng) | 1u) & all_segments(c),
                          NULL);
            }
            uint8_t buf[BUS_BYTES];
            np_bitwriter w;
            np_bw_init(&w, buf, sizeof buf);
            for (unsigned j = 0; j < c->num_lanes; j++) {
                uint64_t seg[DSM_MAX_SEGMENTS];
                const uint8_t *lane = line + j * c->lane_bytes;
                dsm_remap(c->lane_bytes, lane, seg);
                if (j != k) {
                    dsm_concat(&w, c->lane_bytes, lane, seg,
                               dsm_encoding_status(c->num_segments, seg));
                    continue;
                }
                np_bw_put(&w, 1u, 1);
                np_bw_put(&w, 0u, c->num_segments);
                for (unsigned b = 0; b < ed_bits; b += 64u) {
                    np_bw_put(&w, prng_next(&c->rng), ed_bits - b < 64u ? ed_bits - b : 64u);
                }
            }
            if (w.overflow) {
                vecgen_fail(&c->failed, "es_zero stream does not fit the bus");
                return;
            }
            decomp_vec *d = add_dec(c, "c1_es0_lane%u_ed%u_%u", k, ed_bits, variant);
            if (d == NULL) {
                return;
            }
            d->in_len = (unsigned)w.pos;
            memcpy(d->in_bits, buf, BUS_BYTES);
        }
    }
}

/* Lengths 0 and 1, 1026 bits of garbage that cannot be a stream, random bit strings, and
 * in_len values above the bus width. */
static void gen_dec_lengths(gen_ctx *c) {
    prng_seed(&c->rng, 0x4C454Eu);
    decomp_vec *d = add_dec(c, "len0_empty");
    if (d == NULL) {
        return;
    }
    d = add_dec(c, "len0_garbage_on_bus");
    if (d == NULL) {
        return;
    }
    garbage_above(c, d->in_bits, 0);
    for (unsigned bit = 0; bit < 2; bit++) {
        d = add_dec(c, "len1_c%u", bit);
        if (d == NULL) {
            return;
        }
        d->in_len = 1;
        vecgen_set_bit(d->in_bits, 0, bit);
    }
    /* Lane 0 compressed with ES != 0 is at most 1 + S + 4 + 64(S-1) bits; nothing after it can
     * end exactly at 1026 (lane 1 is at most 513), so the decoder always finds an error. */
    for (unsigned i = 0; i < 8; i++) {
        d = add_dec(c, "len1026_garbage_%u", i);
        if (d == NULL) {
            return;
        }
        d->in_len = DSM_MAX_BITS;
        garbage_above(c, d->in_bits, 0);
        vecgen_set_bit(d->in_bits, 0, 1);
        vecgen_set_bit(d->in_bits, 1u + (unsigned)prng_below(&c->rng, c->num_segments), 1);
    }
    for (unsigned i = 0; i < 40; i++) {
        d = add_dec(c, "random_bits_%u", i);
        if (d == NULL) {
            return;
        }
        d->in_len = 1u + (unsigned)prng_below(&c->rng, DSM_MAX_BITS);
        garbage_above(c, d->in_bits, 0);
    }
    static const unsigned over[] = {DSM_MAX_BITS + 1u, MAX_LEN_FIELD};
    for (unsigned i = 0; i < 2 && c->comp.n > 0; i++) {
        uint8_t line[DSM_LINE_BYTES];
        for (unsigned k = 0; k < c->num_lanes; k++) {
            make_lane(c, line, k, 0, NULL);
        }
        d = add_dec(c, "len%u_over_bus_width", over[i]);
        if (d == NULL) {
            return;
        }
        size_t bits;
        if (dsm_compress(&c->cfg, line, d->in_bits, BUS_BYTES, &bits) != NP_OK) {
            vecgen_fail(&c->failed, "dsm_compress failed for len_over_bus_width");
            return;
        }
        d->in_len = over[i];
    }
}

/* ---- lane-pair decompressor stimulus (LaneBytes = 64 only) ------------------------------- */

/* Lane k of line as its own lane stream (sec. 4.2, 4.3), built by the stage functions: the
 * bus zero above the stream. Returns its length. */
static unsigned lane_stream(gen_ctx *c, const uint8_t *line, unsigned k, uint8_t *bus) {
    uint64_t seg[DSM_MAX_SEGMENTS];
    const uint8_t *lane = line + k * c->lane_bytes;
    memset(bus, 0, PAIR_LANE_BYTES);
    dsm_remap(c->lane_bytes, lane, seg);
    np_bitwriter w;
    np_bw_init(&w, bus, PAIR_LANE_BYTES);
    dsm_concat(&w, c->lane_bytes, lane, seg, dsm_encoding_status(c->num_segments, seg));
    if (w.overflow) {
        vecgen_fail(&c->failed, "lane stream does not fit the 513-bit bus");
    }
    return (unsigned)w.pos;
}

/* Both lanes of line, each valid on its own bus. */
static pair_vec *add_pair_of_line(gen_ctx *c, const uint8_t *line, const char *prefix,
                                  const char *name) {
    pair_vec *p = push_named(c, &c->pair, sizeof(pair_vec), "%s%s", prefix, name);
    if (p != NULL) {
        for (unsigned k = 0; k < 2; k++) {
            p->in_len[k] = lane_stream(c, line, k, p->in_lane[k]);
        }
    }
    return p;
}

/* Every compressor vector's line as two lane streams (worked examples, all-zero, raw lanes,
 * every single-CSN position per lane, the worst case, ...); then for each line one lane
 * (alternating) damaged as the line decompressor's streams are: one bit short, one bit long,
 * more bits short, or garbage above its length; then garbage above both lengths. */
static void gen_pair_from_comp(gen_ctx *c) {
    prng_seed(&c->rng, 0x504149u);
    for (size_t i = 0; i < c->comp.n && !c->failed; i++) {
        add_pair_of_line(c, comp_at(c, i)->line, "valid_", comp_at(c, i)->name);
    }
    for (size_t i = 0; i < c->comp.n && !c->failed; i++) {
        const comp_vec *v = comp_at(c, i);
        unsigned k = (unsigned)(i % 2u);
        uint8_t bus[PAIR_LANE_BYTES];
        unsigned bits = lane_stream(c, v->line, k, bus);
        vecgen_damage damage;
        if (!vecgen_damage_stream(&c->rng, i / 2u, bits, PAIR_LANE_BITS, bus, &damage)) {
            continue;
        }
        char prefix[48];
        snprintf(prefix, sizeof prefix, "%slane%u_", damage.prefix, k);
        pair_vec *p = add_pair_of_line(c, v->line, prefix, v->name);
        if (p == NULL) {
            return;
        }
        p->in_len[k] = damage.in_len;
        memcpy(p->in_lane[k], bus, PAIR_LANE_BYTES);
    }
    for (size_t i = 0; i < c->comp.n && !c->failed; i += 5u) {
        pair_vec *p = add_pair_of_line(c, comp_at(c, i)->line, "valid_garbage_above_both_",
                                       comp_at(c, i)->name);
        if (p == NULL) {
            return;
        }
        for (unsigned k = 0; k < 2; k++) {
            vecgen_garbage_above(&c->rng, p->in_lane[k], p->in_len[k], PAIR_LANE_BITS);
        }
    }
}

/* Lane k's C flag flipped (a compressed lane read as raw, or a raw lane as compressed: the
 * length never matches), and one ES bit of a compressed lane flipped (the length changes by
 * 60, or ES becomes 0). */
static void gen_pair_flips(gen_ctx *c) {
    prng_seed(&c->rng, 0x50464Cu);
    for (size_t i = 0; i < c->comp.n && !c->failed; i += 7u) {
        const comp_vec *v = comp_at(c, i);
        unsigned k = (unsigned)(i / 7u) % 2u;
        pair_vec *p = add_pair_of_line(c, v->line, k ? "flip_c_lane1_" : "flip_c_lane0_", v->name);
        if (p == NULL) {
            return;
        }
        unsigned c_bit = vecgen_get_bit(p->in_lane[k], 0);
        vecgen_set_bit(p->in_lane[k], 0, c_bit ^ 1u);
        if (c_bit == 1u) {
            unsigned s = (unsigned)prng_below(&c->rng, c->num_segments);
            char prefix[32];
            snprintf(prefix, sizeof prefix, "flip_es%u_lane%u_", s, k);
            p = add_pair_of_line(c, v->line, prefix, v->name);
            if (p == NULL) {
                return;
            }
            vecgen_set_bit(p->in_lane[k], 1u + s, vecgen_get_bit(p->in_lane[k], 1u + s) ^ 1u);
        }
    }
}

/* C = 1 with ES = 0 in lane k, the other lane valid, with lengths: the header alone (9), a
 * raw lane's 513, 521 (what a decoder without the ES = 0 check would take for 8 raw segments;
 * the bits past the bus read as zero), and random; the ED bits are random. */
static void gen_pair_es_zero(gen_ctx *c) {
    prng_seed(&c->rng, 0x50455Au);
    uint8_t line[DSM_LINE_BYTES];
    for (unsigned k = 0; k < 2; k++) {
        const unsigned lens[] = {1u + c->num_segments, PAIR_LANE_BITS, 1u + 65u * c->num_segments,
                                 1u + c->num_segments + (unsigned)prng_below(&c->rng, 600)};
        for (unsigned i = 0; i < 4; i++) {
            for (unsigned j = 0; j < 2; j++) {
                make_lane(c, line, j, (uint32_t)prng_next(&c->rng) & all_segments(c), NULL);
            }
            pair_vec *p =
                push_named(c, &c->pair, sizeof(pair_vec), "c1_es0_lane%u_len%u", k, lens[i]);
            if (p == NULL) {
                return;
            }
            for (unsigned j = 0; j < 2; j++) {
                p->in_len[j] = lane_stream(c, line, j, p->in_lane[j]);
            }
            memset(p->in_lane[k], 0, PAIR_LANE_BYTES);
            vecgen_garbage_above(&c->rng, p->in_lane[k], 1u + c->num_segments, PAIR_LANE_BITS);
            vecgen_set_bit(p->in_lane[k], 0, 1u);
            p->in_len[k] = lens[i];
        }
    }
}

/* Lengths the format never has, per lane: 0 (with zeros and with garbage on the bus), 1, a
 * valid lane with its length at 514 and at 1023 (trailing bits past the bus read as zero),
 * and random bits of random lengths on both buses. */
static void gen_pair_lengths(gen_ctx *c) {
    prng_seed(&c->rng, 0x504C4Eu);
    uint8_t line[DSM_LINE_BYTES];
    for (unsigned k = 0; k < 2; k++) {
        for (unsigned j = 0; j < 2; j++) {
            make_lane(c, line, j, (uint32_t)prng_next(&c->rng) & all_segments(c), NULL);
        }
        static const struct {
            const char *name;
            unsigned len;
            bool garbage;
        } cases[] = {{"len0_empty", 0u, false},      {"len0_garbage_on_bus", 0u, true},
                     {"len1_c0", 1u, false},         {"len1_c1", 1u, true},
                     {"len514_past_bus", 514u, false}, {"len1023_max", PAIR_LEN_MAX, false}};
        for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            pair_vec *p =
                push_named(c, &c->pair, sizeof(pair_vec), "%s_lane%u", cases[i].name, k);
            if (p == NULL) {
                return;
            }
            for (unsigned j = 0; j < 2; j++) {
                p->in_len[j] = lane_stream(c, line, j, p->in_lane[j]);
            }
            if (cases[i].len <= 1u) {
                memset(p->in_lane[k], 0, PAIR_LANE_BYTES);
                if (cases[i].garbage) {
                    vecgen_garbage_above(&c->rng, p->in_lane[k], 0, PAIR_LANE_BITS);
                    vecgen_set_bit(p->in_lane[k], 0, 1u);
                }
            } else { /* a raw lane, so the length past the bus is the only fault */
                make_lane(c, line, k, 0, NULL);
                p->in_len[k] = lane_stream(c, line, k, p->in_lane[k]);
            }
            p->in_len[k] = cases[i].len;
        }
    }
    for (unsigned i = 0; i < 40; i++) {
        pair_vec *p = push_named(c, &c->pair, sizeof(pair_vec), "random_bits_%u", i);
        if (p == NULL) {
            return;
        }
        for (unsigned k = 0; k < 2; k++) {
            vecgen_garbage_above(&c->rng, p->in_lane[k], 0, PAIR_LANE_BITS);
            p->in_len[k] = (unsigned)prng_below(&c->rng, i % 4u == 3u ? PAIR_LEN_MAX + 1u
                                                                       : PAIR_LANE_BITS + 1u);
        }
    }
}

/* ---- approximation stimulus ------------------------------------------------------------ */

/* float32 words of varied magnitude with non-zero low mantissa nibbles, so every cleared
 * nibble is visible in the expected line. */
static void float_line(gen_ctx *c, uint8_t line[DSM_LINE_BYTES]) {
    for (unsigned w = 0; w < DSM_LINE_BYTES / 4u; w++) {
        uint32_t sign = (uint32_t)prng_below(&c->rng, 2) << 31;
        uint32_t exp = 112u + (uint32_t)prng_below(&c->rng, 32);
        uint32_t mant = ((uint32_t)prng_next(&c->rng) & 0x7FFFFFu) | 0x111111u;
        uint32_t v = sign | exp << 23 | mant;
        for (unsigned b = 0; b < 4; b++) {
            line[4u * w + b] = (uint8_t)(v >> (8u * b));
        }
    }
}

static void set_entry(dsm_approx_map *m, unsigned idx, bool valid, uint64_t start, uint64_t end,
                      unsigned bits) {
    m->entry[idx].valid = valid;
    m->entry[idx].start = start & ADDR_MASK;
    m->entry[idx].end = end & ADDR_MASK;
    m->entry[idx].bits = bits & 0x1Fu;
}

/* Invalid entries still carry random contents: only the valid bit may gate them. */
static void random_invalid_entries(gen_ctx *c, dsm_approx_map *m) {
    for (unsigned i = 0; i < DSM_APPROX_ENTRIES; i++) {
        set_entry(m, i, false, prng_next(&c->rng), prng_next(&c->rng), (unsigned)prng_next(&c->rng));
    }
}

static void gen_apx_settings(gen_ctx *c) {
    prng_seed(&c->rng, 0x415058u);
    approx_vec *v = add_apx(c, "reset_map_all_invalid");
    if (v == NULL) {
        return;
    }
    float_line(c, v->line);
    v->addr = prng_next(&c->rng) & ADDR_MASK;
    /* Every raw 5-bit value through a full-range entry: legal settings and the hardware's
     * defined behaviour for the illegal ones (docs/dsm.md 5.2). */
    for (unsigned bits = 0; bits < 32; bits++) {
        bool legal = bits <= 20u && bits % 4u == 0u;
        v = add_apx(c, "%s_%u_entry%u", legal ? "setting" : "illegal_bits", bits, bits % 8u);
        if (v == NULL) {
            return;
        }
        random_invalid_entries(c, &v->map);
        set_entry(&v->map, bits % 8u, true, 0, ADDR_MASK, bits);
        float_line(c, v->line);
        v->addr = prng_next(&c->rng) & ADDR_MASK;
    }
    static const unsigned legal_bits[] = {0u, 4u, 8u, 12u, 16u, 20u};
    for (unsigned i = 0; i < 6; i++) {
        v = add_apx(c, "setting_%u_all_ones_line", legal_bits[i]);
        if (v == NULL) {
            return;
        }
        set_entry(&v->map, 0, true, 0, ADDR_MASK, legal_bits[i]);
        memset(v->line, 0xFF, DSM_LINE_BYTES);
        v->addr = 0;
    }
}

static void gen_apx_priority(gen_ctx *c) {
    prng_seed(&c->rng, 0x505249u);
    static const struct {
        unsigned lo, hi;
    } pairs[] = {{0, 7}, {0, 1}, {3, 5}, {6, 7}, {2, 4}};
    for (unsigned p = 0; p < 5; p++) {
        uint64_t base = prng_next(&c->rng) & (ADDR_MASK >> 1);
        for (unsigned lower_valid = 0; lower_valid < 2; lower_valid++) {
            approx_vec *v = add_apx(c, "overlap_entry%u_over_entry%u%s", pairs[p].lo, pairs[p].hi,
                                    lower_valid ? "" : "_lower_invalid");
            if (v == NULL) {
                return;
            }
            random_invalid_entries(c, &v->map);
            /* Narrow exception in the lower index inside a wide range in the higher one. */
            set_entry(&v->map, pairs[p].hi, true, base, base + 1000u, 20u);
            set_entry(&v->map, pairs[p].lo, lower_valid != 0, base + 10u, base + 20u, 8u);
            float_line(c, v->line);
            v->addr = base + 10u + prng_below(&c->rng, 11);
        }
        approx_vec *v = add_apx(c, "overlap_entry%u_outside_narrow", pairs[p].hi);
        if (v == NULL) {
            return;
        }
        random_invalid_entries(c, &v->map);
        set_entry(&v->map, pairs[p].hi, true, base, base + 1000u, 20u);
        set_entry(&v->map, pairs[p].lo, true, base + 10u, base + 20u, 8u);
        float_line(c, v->line);
        v->addr = base + 21u + prng_below(&c->rng, 900);
    }
    /* All eight entries valid and overlapping the address: entry 0 wins. */
    approx_vec *v = add_apx(c, "all_entries_match_entry0_wins");
    if (v == NULL) {
        return;
    }
    for (unsigned i = 0; i < DSM_APPROX_ENTRIES; i++) {
        set_entry(&v->map, i, true, 100u - i, 200u + i, 20u - 4u * (i % 6u));
    }
    float_line(c, v->line);
    v->addr = 150;
}

static void gen_apx_ranges(gen_ctx *c) {
    prng_seed(&c->rng, 0x524E47u);
    /* Address outside every (valid) entry. */
    approx_vec *v = add_apx(c, "outside_every_entry");
    if (v == NULL) {
        return;
    }
    for (unsigned i = 0; i < DSM_APPROX_ENTRIES; i++) {
        set_entry(&v->map, i, true, 1000u * (i + 1u), 1000u * (i + 1u) + 500u, 4u + 4u * (i % 5u));
    }
    float_line(c, v->line);
    v->addr = 3700;
    /* start > end matches nothing, even for addresses "between" them; the next entry does. */
    static const uint64_t inside[] = {50u, 100u, 200u};
    for (unsigned i = 0; i < 3; i++) {
        v = add_apx(c, "start_gt_end_no_match_%u", i);
        if (v == NULL) {
            return;
        }
        set_entry(&v->map, 0, true, 200, 100, 20);
        set_entry(&v->map, 5, true, 0, 300, 8);
        float_line(c, v->line);
        v->addr = inside[i];
    }
    v = add_apx(c, "start_gt_end_only_entry");
    if (v == NULL) {
        return;
    }
    set_entry(&v->map, 2, true, ADDR_MASK, 0, 16);
    float_line(c, v->line);
    v->addr = 12345;
    /* Boundaries: start-1, start, end, end+1 for ranges at the bottom, the top, a single line
     * and the middle of the address space. */
    static const struct {
        const char *name;
        uint64_t start, end;
    } ranges[] = {{"bottom", 0u, 255u},
                  {"top", ADDR_MASK - 4095u, ADDR_MASK},
                  {"single_line", 0x123456789u, 0x123456789u},
                  {"middle", 0x0F0000000u, 0x0F00FFFFFu}};
    for (unsigned r = 0; r < 4; r++) {
        const uint64_t probes[4] = {ranges[r].start - 1u, ranges[r].start, ranges[r].end,
                                    ranges[r].end + 1u};
        static const char *const probe_names[4] = {"start_minus1", "start", "end", "end_plus1"};
        for (unsigned p = 0; p < 4; p++) {
            if ((r == 0 && p == 0) || (r == 1 && p == 3)) {
                continue; /* outside the 41-bit address space */
            }
            v = add_apx(c, "boundary_%s_%s", ranges[r].name, probe_names[p]);
            if (v == NULL) {
                return;
            }
            random_invalid_entries(c, &v->map);
            set_entry(&v->map, 1u + r, true, ranges[r].start, ranges[r].end, 12);
            float_line(c, v->line);
            v->addr = probes[p] & ADDR_MASK;
        }
    }
    /* A matching but invalid entry with non-zero bits is ignored. */
    v = add_apx(c, "invalid_entry_matching_ignored");
    if (v == NULL) {
        return;
    }
    set_entry(&v->map, 0, false, 0, ADDR_MASK, 20);
    set_entry(&v->map, 7, true, 0, ADDR_MASK, 4);
    float_line(c, v->line);
    v->addr = 77;
}

/* Random maps (any 5-bit bits, random validity, start > end allowed) probed mostly at
 * the edges of an entry. */
static void gen_apx_random(gen_ctx *c) {
    prng_seed(&c->rng, 0x41524Eu);
    for (unsigned i = 0; i < 100; i++) {
        approx_vec *v = add_apx(c, "random_map_%u", i);
        if (v == NULL) {
            return;
        }
        uint64_t centre = prng_next(&c->rng) & ADDR_MASK;
        for (unsigned e = 0; e < DSM_APPROX_ENTRIES; e++) {
            uint64_t start = (centre + prng_below(&c->rng, 2048) - 1024u) & ADDR_MASK;
            uint64_t end = (start + prng_below(&c->rng, 1024) - 64u) & ADDR_MASK;
            set_entry(&v->map, e, prng_below(&c->rng, 4) != 0, start, end,
                      (unsigned)prng_below(&c->rng, 32));
        }
        const dsm_approx_entry *pick = &v->map.entry[prng_below(&c->rng, DSM_APPROX_ENTRIES)];
        switch (prng_below(&c->rng, 5)) {
        case 0: v->addr = pick->start - 1u; break;
        case 1: v->addr = pick->start; break;
        case 2: v->addr = pick->end; break;
        case 3: v->addr = pick->end + 1u; break;
        default: v->addr = centre + prng_below(&c->rng, 2048) - 1024u; break;
        }
        v->addr &= ADDR_MASK;
        if (i % 10u == 9u) {
            memset(v->line, (int)(i & 1u) * 0xFF, DSM_LINE_BYTES);
        } else {
            float_line(c, v->line);
        }
    }
}

/* ---- file writers ---------------------------------------------------------------------- */

static bool write_compressor(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "dsm_compressor", "{in_line[1023:0], exp_len[10:0], exp_bits[1025:0]}",
        LINE_BITS + LEN_BITS + DSM_MAX_BITS, NULL};
    vecfile file;
    bool ok = vecfile_open(&file, dir, &spec, &c->origin, c->comp.n);
    for (size_t i = 0; ok && i < c->comp.n; i++) {
        uint8_t stream[BUS_BYTES];
        size_t bits;
        ok = compress_vec(c, comp_at(c, i), stream, &bits);
        hexvec v;
        hexvec_init(&v, spec.width);
        hexvec_field_bytes(&v, comp_at(c, i)->line, LINE_BITS);
        hexvec_field(&v, bits, LEN_BITS);
        hexvec_field_bytes(&v, stream, DSM_MAX_BITS);
        ok = ok && vecfile_emit(&file, i, comp_at(c, i)->name, &v);
    }
    return vecfile_finish(&file, ok);
}

static np_result model_decompress(const gen_ctx *c, const decomp_vec *d, uint8_t line[128]) {
    /* The model is given in_len bits; past the 1026-bit bus they are zero (it rejects any
     * length above DSM_MAX_BITS without reading, but the buffer honours the contract). */
    uint8_t wide[(MAX_LEN_FIELD + 7u) / 8u];
    vecgen_widen_bus(d->in_bits, DSM_MAX_BITS, wide, sizeof wide);
    return dsm_decompress(&c->cfg, wide, d->in_len, line, DSM_LINE_BYTES);
}

static bool write_decompressor(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "dsm_decompressor", "{in_len[10:0], in_bits[1025:0], exp_err, exp_line[1023:0]}",
        LEN_BITS + DSM_MAX_BITS + 1u + LINE_BITS,
        "// exp_line is zero when exp_err is 1 (then only the flag is compared, docs/dsm.md 4.5).\n"
        "// in_bits may hold non-zero bits at and above in_len on purpose: they must be ignored.\n"
        "// Vectors with in_len > 1026 (past the bus) expect exp_err = 1: no stream is longer.\n"};
    vecfile file;
    bool ok = vecfile_open(&file, dir, &spec, &c->origin, c->dec.n);
    size_t errors = 0;
    for (size_t i = 0; ok && i < c->dec.n; i++) {
        const decomp_vec *d = (const decomp_vec *)c->dec.items + i;
        uint8_t line[DSM_LINE_BYTES];
        np_result r = model_decompress(c, d, line);
        bool err = r != NP_OK;
        errors += err;
        bool named_valid = strncmp(d->name, "valid_", 6) == 0;
        bool named_bad = strncmp(d->name, "trunc", 5) == 0 || strncmp(d->name, "extra_", 6) == 0 ||
                         strncmp(d->name, "c1_es0", 6) == 0 || strncmp(d->name, "len", 3) == 0;
        if ((named_valid && err) || (named_bad && !err) || r == NP_BAD_PARAM) {
            cli_fail("vectors: internal error: %s decodes to %s", d->name, np_result_name(r));
            ok = false;
            break;
        }
        hexvec v;
        hexvec_init(&v, spec.width);
        hexvec_field(&v, d->in_len, LEN_BITS);
        hexvec_field_bytes(&v, d->in_bits, DSM_MAX_BITS);
        hexvec_field(&v, err, 1);
        hexvec_field_bytes(&v, line, LINE_BITS); /* dsm_decompress zeroes it on error */
        ok = vecfile_emit(&file, i, d->name, &v);
    }
    return vecfile_close_decompressor(&file, errors, ok);
}

/* The model reads in_len bits of the lane's bus, zero above the 513 bits (in_len <= 1023). */
static np_result model_lane(const gen_ctx *c, const pair_vec *p, unsigned k, uint8_t *lane) {
    uint8_t wide[(PAIR_LEN_MAX + 7u) / 8u];
    vecgen_widen_bus(p->in_lane[k], PAIR_LANE_BITS, wide, sizeof wide);
    return dsm_decompress_lane(&c->cfg, wide, p->in_len[k], lane, c->lane_bytes);
}

static bool named_with(const char *name, const char *const prefixes[], size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (strncmp(name, prefixes[i], strlen(prefixes[i])) == 0) {
            return true;
        }
    }
    return false;
}

/* One vector of dsm_lane_pair_decompressor.hex: both lanes through the model; *errors counts
 * the vectors that expect exp_err = 1. False (internal error) when a vector does not expect
 * what its name says. */
static bool emit_lane_pair(gen_ctx *c, vecfile *file, size_t i, unsigned width, size_t *errors) {
    static const char *const must_pass[] = {"valid_"};
    static const char *const must_fail[] = {"trunc", "extra_", "c1_es0", "len", "flip_c_"};
    const pair_vec *p = (const pair_vec *)c->pair.items + i;
    uint8_t line[DSM_LINE_BYTES];
    np_result r[2];
    for (unsigned k = 0; k < 2; k++) {
        r[k] = model_lane(c, p, k, line + k * c->lane_bytes);
    }
    bool err = r[0] != NP_OK || r[1] != NP_OK;
    *errors += err;
    if (err) {
        memset(line, 0, sizeof line); /* docs/vectors.md: exp_line zero on error */
    }
    if ((named_with(p->name, must_pass, 1) && err) || (named_with(p->name, must_fail, 5) && !err) ||
        r[0] == NP_BAD_PARAM || r[1] == NP_BAD_PARAM) {
        cli_fail("vectors: internal error: %s decodes to %s / %s", p->name, np_result_name(r[0]),
                 np_result_name(r[1]));
        return false;
    }
    hexvec v;
    hexvec_init(&v, width);
    hexvec_field(&v, p->in_len[1], PAIR_LEN_BITS);
    hexvec_field(&v, p->in_len[0], PAIR_LEN_BITS);
    hexvec_field_bytes(&v, p->in_lane[1], PAIR_LANE_BITS);
    hexvec_field_bytes(&v, p->in_lane[0], PAIR_LANE_BITS);
    hexvec_field(&v, err, 1);
    hexvec_field_bytes(&v, line, LINE_BITS);
    return vecfile_emit(file, i, p->name, &v);
}

static bool write_lane_pair(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "dsm_lane_pair_decompressor",
        "{in_len1[9:0], in_len0[9:0], in_lane1[512:0], in_lane0[512:0], exp_err, exp_line[1023:0]}",
        2u * PAIR_LEN_BITS + 2u * PAIR_LANE_BITS + 1u + LINE_BITS,
        "// in_lens_i = {in_len1, in_len0}, in_lanes_i = {in_lane1, in_lane0} (docs/dsm.md 6).\n"
        "// exp_line is zero when exp_err is 1 (then only the flag is compared, docs/dsm.md 4.5).\n"
        "// in_laneK may hold non-zero bits at and above in_lenK on purpose: they must be ignored.\n"
        "// Vectors with in_lenK > 513 (past the bus) expect exp_err = 1: no lane is longer.\n"};
    vecfile file;
    size_t errors = 0;
    bool ok = vecfile_open(&file, dir, &spec, &c->origin, c->pair.n);
    for (size_t i = 0; ok && i < c->pair.n; i++) {
        ok = emit_lane_pair(c, &file, i, spec.width, &errors);
    }
    return vecfile_close_decompressor(&file, errors, ok);
}

static bool write_approx(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "dsm_approx",
        "{entry7, ..., entry0, in_addr[40:0], in_line[1023:0], exp_bits[4:0], exp_line[1023:0]}, "
        "entry = {valid, start[40:0], end[40:0], bits[4:0]}",
        DSM_APPROX_ENTRIES * ENTRY_BITS + DSM_ADDR_BITS + LINE_BITS + APPROX_BITS_WIDTH + LINE_BITS,
        "// Write all eight entries through the configuration port, then send the line. Entries\n"
        "// may hold start > end and any 5-bit bits value, as the port allows (docs/dsm.md 5.1-5.2).\n"};
    vecfile file;
    bool ok = vecfile_open(&file, dir, &spec, &c->origin, c->apx.n);
    for (size_t i = 0; ok && i < c->apx.n; i++) {
        const approx_vec *a = (const approx_vec *)c->apx.items + i;
        unsigned bits = dsm_approx_lookup(&a->map, a->addr);
        uint8_t line[DSM_LINE_BYTES];
        dsm_approx_apply(bits, a->line, line);
        hexvec v;
        hexvec_init(&v, spec.width);
        for (unsigned e = DSM_APPROX_ENTRIES; e-- > 0;) {
            const dsm_approx_entry *en = &a->map.entry[e];
            hexvec_field(&v, en->valid, 1);
            hexvec_field(&v, en->start, DSM_ADDR_BITS);
            hexvec_field(&v, en->end, DSM_ADDR_BITS);
            hexvec_field(&v, en->bits, APPROX_BITS_WIDTH);
        }
        hexvec_field(&v, a->addr, DSM_ADDR_BITS);
        hexvec_field_bytes(&v, a->line, LINE_BITS);
        hexvec_field(&v, bits, APPROX_BITS_WIDTH);
        hexvec_field_bytes(&v, line, LINE_BITS);
        ok = vecfile_emit(&file, i, a->name, &v);
    }
    return vecfile_finish(&file, ok);
}

int vectors_dsm_write_lanes(const char *dir, unsigned lane_bytes, const char *command) {
    gen_ctx c;
    memset(&c, 0, sizeof c);
    c.cfg.lane_bytes = lane_bytes;
    if (dsm_config_check(&c.cfg) != NP_OK) {
        return cli_fail("vectors: unsupported lane size %u", lane_bytes);
    }
    c.lane_bytes = lane_bytes;
    snprintf(c.model, sizeof c.model, "nocpress DSM C model %s (docs/dsm.md), LaneBytes = %u",
             DSM_MODEL_VERSION, lane_bytes);
    c.origin = (vecfile_origin){"docs/vectors.md", c.model, command};
    c.num_lanes = DSM_LINE_BYTES / lane_bytes;
    c.num_segments = lane_bytes / DSM_SEGMENT_BYTES;
    void (*const generators[])(gen_ctx *) = {
        gen_examples,      gen_single_csn, gen_near_csn,     gen_no_csn,      gen_csn_counts,
        gen_patterns,      gen_random,     gen_dec_from_comp, gen_dec_flips,  gen_dec_es_zero,
        gen_dec_lengths,   gen_apx_settings, gen_apx_priority, gen_apx_ranges, gen_apx_random};
    for (size_t g = 0; g < sizeof generators / sizeof generators[0] && !c.failed; g++) {
        generators[g](&c);
    }
    /* The lane-pair top exists for two 64-byte lanes only (docs/dsm.md 6). */
    bool pair = lane_bytes == 64u;
    void (*const pair_generators[])(gen_ctx *) = {gen_pair_from_comp, gen_pair_flips,
                                                  gen_pair_es_zero, gen_pair_lengths};
    for (size_t g = 0; pair && g < sizeof pair_generators / sizeof pair_generators[0] && !c.failed;
         g++) {
        pair_generators[g](&c);
    }
    bool ok = !c.failed && write_compressor(&c, dir) &&
              write_decompressor(&c, dir) && write_approx(&c, dir) &&
              (!pair || write_lane_pair(&c, dir));
    vec_list_free(&c.pair);
    vec_list_free(&c.comp);
    vec_list_free(&c.dec);
    vec_list_free(&c.apx);
    if (c.failed && ok) {
        ok = false;
    }
    return ok ? NP_EXIT_OK : NP_EXIT_FAIL;
}

int vectors_dsm_write(const char *dir, const char *command) {
    return vectors_dsm_write_lanes(dir, 64, command);
}
