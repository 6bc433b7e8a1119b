/* DPC, DF-TRUC and DF-MAN: the C golden model of docs/dpc.md.
 *
 * Layout (as dsm.c): small static inline helpers do the work; the exported stage functions
 * (one per RTL submodule) and the whole-line functions are thin wrappers around them, so the
 * whole-line hot path inlines everything while each stage stays callable on its own.
 * Section numbers refer to docs/dpc.md. Every stream access goes through np_bits.h.
 *
 * Speed: the encoding status never needs the remap. Plane i is all zeros exactly when bit i
 * of the OR of the words is 0, and all ones exactly when bit i of their AND is 1, so
 * ES = ~OR | AND. Lengths (and DF-MAN's choice) come from that alone; the 32x32 bit transpose
 * is done only when the planes themselves are written or read. */
#include "dpc.h"
#include "np_bitmatrix.h"
#include "np_cpu.h"

#include <string.h>
#if NP_HAVE_AVX2
#include <immintrin.h>
#endif

#define ES_HEADER_BITS (1u + DPC_PLANES)   /* C and ES */
/* At most this many mixed planes: move their bits one by one instead of transposing the
 * 32x32 matrix (near-uniform lines are common in real arrays). */
#define GATHER_MAX 2u

/* ---- small helpers --------------------------------------------------------------------- */

static inline unsigned popcount32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
}

/* Number of consecutive one bits from bit 0 (32 for all ones). */
static inline unsigned trailing_ones(uint32_t x) {
    uint32_t zeros = ~x;
    if (zeros == 0u) {
        return 32u;
    }
    /* isolate the lowest zero of x and count the bits below it (popcount of the mask) */
    return popcount32((zeros & (0u - zeros)) - 1u);
}

static inline bool wc_ok(unsigned wc) {
    return wc >= DPC_SUBBLOCK_WORDS && wc <= DPC_WORDS && wc % DPC_SUBBLOCK_WORDS == 0u;
}

static inline bool map_ok(unsigned map) {
    return map >= 1u && map <= DPC_MAP_FULL;
}

static inline uint32_t plane_mask(unsigned wc) {
    return (uint32_t)np_low_mask(wc);
}

static inline unsigned wc_of_map(unsigned map) {
    return DPC_SUBBLOCK_WORDS * popcount32(map & DPC_MAP_FULL);
}

/* ---- remap: 32x32 bit-matrix transpose (sec. 2) ----------------------------------------- */

/* wc words -> 32 planes (the transpose, np_bitmatrix.h). Words beyond wc are zero rows, so
 * plane bits at and above wc come out zero. */
static inline void remap_words(unsigned wc, const uint32_t *words, uint32_t planes[32]) {
    if (wc == 32u) {   /* no zero rows: the words themselves (clearing rows[] took `rep stos`) */
        np_transpose32(words, planes);
        return;
    }
    uint32_t rows[32] = {0};
    memcpy(rows, words, (size_t)wc * sizeof *words);
    np_transpose32(rows, planes);
}

/* 32 planes (bits at and above wc ignored) -> wc words. */
static inline void unremap_planes(unsigned wc, const uint32_t planes[32], uint32_t *words) {
    if (wc == 32u) {   /* every plane bit is a word's: straight into the words, no copies */
        np_transpose32(planes, words);
        return;
    }
    uint32_t keep = plane_mask(wc), rows[32], cols[32];
    for (unsigned j = 0; j < 32; j++) {
        rows[j] = planes[j] & keep;
    }
    np_transpose32(rows, cols);
    memcpy(words, cols, (size_t)wc * sizeof *words);
}

void dpc_remap(unsigned wc, const uint32_t words[], uint32_t planes[DPC_PLANES]) {
    if (wc_ok(wc) && words != NULL && planes != NULL) {
        remap_words(wc, words, planes);
    }
}

void dpc_unremap(unsigned wc, const uint32_t planes[DPC_PLANES], uint32_t words[]) {
    if (wc_ok(wc) && words != NULL && planes != NULL) {
        unremap_planes(wc, planes, words);
    }
}

/* ---- word selection and manipulation (sec. 4, 5) --------------------------------------- */

static inline unsigned select_words(unsigned map, const uint8_t *line, uint32_t *words) {
    unsigned wc = 0;
    for (unsigned k = 0; k < DPC_SUBBLOCKS; k++) {
        if ((map >> k) & 1u) {
            const uint8_t *sb = line + DPC_SUBBLOCK_BYTES * k;
            for (unsigned j = 0; j < DPC_SUBBLOCK_WORDS; j++) {
                words[wc++] = np_load_le32(sb + 4u * j);
            }
        }
    }
    return wc;
}

static inline void place_words(unsigned map, const uint32_t *words, uint8_t *line) {
    if (map == DPC_MAP_FULL) {            /* the whole line: one copy, no sub-block loop */
        for (unsigned j = 0; j < DPC_WORDS; j++) {
            np_store_le32(line + 4u * j, words[j]);
        }
        return;
    }
    unsigned wc = 0;
    for (unsigned k = 0; k < DPC_SUBBLOCKS; k++) {
        uint8_t *sb = line + DPC_SUBBLOCK_BYTES * k;
        if ((map >> k) & 1u) {
            for (unsigned j = 0; j < DPC_SUBBLOCK_WORDS; j++) {
                np_store_le32(sb + 4u * j, words[wc++]);
            }
        } else {
            memset(sb, 0, DPC_SUBBLOCK_BYTES);
        }
    }
}

unsigned dpc_select_words(unsigned map, const uint8_t line[DPC_LINE_BYTES], uint32_t words[]) {
    if (!map_ok(map) || line == NULL || words == NULL) {
        return 0;
    }
    return select_words(map, line, words);
}

void dpc_place_words(unsigned map, const uint32_t words[], uint8_t line[DPC_LINE_BYTES]) {
    if (line != NULL && (words != NULL || (map & DPC_MAP_FULL) == 0u)) {
        place_words(map & DPC_MAP_FULL, words, line);
    }
}

void dpc_manipulate(unsigned map, const uint8_t line[DPC_LINE_BYTES],
                    uint8_t out[DPC_LINE_BYTES]) {
    if (line == NULL || out == NULL) {
        return;
    }
    for (unsigned k = 0; k < DPC_SUBBLOCKS; k++) {
        size_t off = DPC_SUBBLOCK_BYTES * k;
        if ((map >> k) & 1u) {
            memmove(out + off, line + off, DPC_SUBBLOCK_BYTES);
        } else {
            memset(out + off, 0, DPC_SUBBLOCK_BYTES);
        }
    }
}

/* ---- plane detector, encoding status, checker (sec. 3) --------------------------------- */

static inline bool plane_compressible(unsigned wc, uint32_t plane) {
    uint32_t m = plane_mask(wc);
    plane &= m;
    return plane == 0u || plane == m;
}

bool dpc_plane_detect(unsigned wc, uint32_t plane, unsigned *value) {
    if (value != NULL) {
        *value = plane & 1u;
    }
    return wc_ok(wc) && plane_compressible(wc, plane);
}

static inline uint32_t encoding_status_of_planes(unsigned wc, const uint32_t *planes) {
    uint32_t es = 0;
    for (unsigned i = 0; i < DPC_PLANES; i++) {
        es |= (uint32_t)plane_compressible(wc, planes[i]) << i;
    }
    return es;
}

uint32_t dpc_encoding_status(unsigned wc, const uint32_t planes[DPC_PLANES]) {
    return wc_ok(wc) && planes != NULL ? encoding_status_of_planes(wc, planes) : 0u;
}

/* ES straight from the words: ~OR marks all-zero planes, AND marks all-one planes. */
static inline uint32_t encoding_status_of_words(unsigned wc, const uint32_t *words) {
    /* Two words per 64-bit OR and AND (wc is even), the halves folded at the end. */
    uint64_t any = 0, all = ~UINT64_C(0);
    for (unsigned j = 0; j < wc; j += 2u) {
        uint64_t pair;
        memcpy(&pair, words + j, sizeof pair);
        any |= pair;
        all &= pair;
    }
    return ~(uint32_t)(any | any >> 32) | (uint32_t)(all & all >> 32);
}

/* Smallest n with n (wc - 1) > 32: the compressed body 33 + n + wc(32 - n) is then strictly
 * shorter than the raw body 1 + 32 wc. */
static inline unsigned min_planes(unsigned wc) {
    return 32u / (wc - 1u) + 1u;
}

unsigned dpc_min_planes(unsigned wc) {
    return wc_ok(wc) ? min_planes(wc) : 0u;
}

static inline bool comp_check(unsigned wc, uint32_t es) {
    return popcount32(es) >= min_planes(wc);
}

bool dpc_comp_check(unsigned wc, uint32_t es) {
    return wc_ok(wc) && comp_check(wc, es);
}

static inline unsigned raw_body_bits(unsigned wc) {
    return 1u + 32u * wc;
}

static inline unsigned body_bits(unsigned wc, uint32_t es) {
    if (!comp_check(wc, es)) {
        return raw_body_bits(wc);
    }
    unsigned n = popcount32(es);
    return ES_HEADER_BITS + n + wc * (DPC_PLANES - n);
}

unsigned dpc_body_bits(unsigned wc, uint32_t es) {
    return wc_ok(wc) ? body_bits(wc, es) : 0u;
}

/* ---- concatenator (sec. 3) ------------------------------------------------------------- */

/* The concatenator writes through a field writer (np_bits.h): every DPC field is at most 32
 * bits (a map, C, ES, a run of codes, a plane of wc <= 32 bits, a raw word), gathered in a
 * register and stored 32 bits at a time with no per-field check, branch or read of memory; the
 * caller then hands the words to a bit writer (the stage function) or copies their bytes out
 * (the whole-line functions). Writing each plane straight into a byte buffer makes every
 * field a read-modify-write of bytes the previous field has just stored, and the stalled
 * store-to-load forwarding costs more than everything else the compressor does. */
#define STREAM_WORDS ((DFTRUC_MAX_BITS + 63u) / 64u)   /* 17: the longest stream, 64-bit words */
#define STREAM_WORDS32 (2u * STREAM_WORDS)             /* the same in 32-bit words */

/* Bits written so far. */
static inline size_t fw_bits(const np_fieldwriter *w, const uint32_t *words) {
    return 32u * (size_t)(w->next - words) + w->n;
}

static inline __attribute__((always_inline)) void concat_body(np_fieldwriter *w, unsigned wc,
                                                              const uint32_t *words,
                               const uint32_t *planes, uint32_t es) {
    if (!comp_check(wc, es)) {
        np_fw_put(w, 0u, 1);
        for (unsigned j = 0; j < wc; j++) {
            np_fw_put32(w, words[j]);
        }
        return;
    }
    np_fw_put(w, 1u, 1);
    np_fw_put32(w, es);
    /* A run of compressible planes i .. i+k-1 writes k one-bit codes, each the plane's value,
     * i.e. bit i+j of any word: one field for the whole run. A mixed plane writes its wc bits
     * (32: a whole word, no length arithmetic). */
    uint32_t codes = words[0];
    uint32_t plane_keep = plane_mask(wc);
    for (unsigned i = 0; i < DPC_PLANES;) {
        if ((es >> i) & 1u) {
            unsigned k = trailing_ones(es >> i);
            np_fw_put(w, (uint32_t)((codes >> i) & np_low_mask(k)), k);
            i += k;
        } else {
            if (wc == DPC_WORDS) {
                np_fw_put32(w, planes[i]);
            } else {
                np_fw_put(w, planes[i] & plane_keep, wc);
            }
            i++;
        }
    }
}

void dpc_concat(np_bitwriter *w, unsigned wc, const uint32_t words[],
                const uint32_t planes[DPC_PLANES], uint32_t es) {
    if (w == NULL) {
        return;
    }
    if (!wc_ok(wc) || words == NULL || planes == NULL) {
        w->overflow = 1; /* no stream exists for this word count: make the failure visible */
        return;
    }
    uint32_t out[STREAM_WORDS32 + 1u];
    np_fieldwriter fw;
    np_fw_init(&fw, out);
    concat_body(&fw, wc, words, planes, es);   /* at most raw_body_bits(32) = 1025 bits */
    size_t bits = fw_bits(&fw, out);
    np_fw_finish(&fw, out);
    for (size_t k = 0; 32u * k < bits; k++) {
        np_bw_put_inline(w, out[k], bits - 32u * k < 32u ? (unsigned)(bits - 32u * k) : 32u);
    }
}

/* ---- unpacker and recover (sec. 3, 8) -------------------------------------------------- */

static inline uint32_t plane_recover(unsigned wc, bool es_bit, uint32_t relayed) {
    uint32_t m = plane_mask(wc);
    uint32_t repeated = (0u - (relayed & 1u)) & m; /* bit 0 copied over the plane */
    return es_bit ? repeated : relayed & m;
}

uint32_t dpc_plane_recover(unsigned wc, bool es_bit, uint32_t relayed) {
    return wc_ok(wc) ? plane_recover(wc, es_bit, relayed) : 0u;
}

/* Words from the decoded planes: every word holds `codes` in the compressible planes' bits.
 * With at most GATHER_MAX mixed planes their bits are scattered into the words directly;
 * otherwise the compressible planes are recovered (dpc_plane_recover) and unremapped. */
static inline __attribute__((always_inline)) void restore_words(unsigned wc, uint32_t es, uint32_t codes,
                                 uint32_t planes[DPC_PLANES], uint32_t *words) {
    uint32_t mixed = ~es;
    if (popcount32(mixed) <= GATHER_MAX) {
        for (unsigned j = 0; j < wc; j++) {
            uint32_t w = codes & es;
            for (uint32_t m = mixed; m != 0u; m &= m - 1u) {
                unsigned i = popcount32((m & (0u - m)) - 1u); /* index of the lowest mixed plane */
                w |= ((planes[i] >> j) & 1u) << i;
            }
            words[j] = w;
        }
        return;
    }
    for (unsigned i = 0; i < DPC_PLANES; i++) {   /* a select, not a branch on the data */
        planes[i] = (es >> i) & 1u ? plane_recover(wc, true, (codes >> i) & 1u) : planes[i];
    }
    unremap_planes(wc, planes, words);
}

static inline np_result unpack_raw(np_bitreader *r, unsigned wc, uint32_t *words) {
    uint64_t pairs[DPC_WORDS / 2u];
    if (!np_br_get_words(r, pairs, 32u * wc)) {
        return NP_BAD_DATA; /* truncated raw words */
    }
    for (unsigned j = 0; j < wc; j += 2u) {
        words[j] = (uint32_t)pairs[j / 2u];
        words[j + 1u] = (uint32_t)(pairs[j / 2u] >> 32);
    }
    return NP_OK;
}

/* The ED of a body, read through the bounds-checked reader in one np_br_get_words into a local
 * copy (one spare zero word so a field may straddle the last word), then cut into fields
 * locally: the reader is called once per line instead of once per plane. */
typedef struct {
    uint64_t word[STREAM_WORDS + 1u];
    size_t pos;
} field_src;

static inline bool src_fill(field_src *f, np_bitreader *r, size_t nbits) {
    if (nbits > 64u * STREAM_WORDS || !np_br_get_words(r, f->word, nbits)) {
        return false; /* longer than any stream: cannot happen after the length checks */
    }
    for (size_t k = (nbits + 63u) / 64u; k <= STREAM_WORDS; k++) {
        f->word[k] = 0;
    }
    f->pos = 0;
    return true;
}

/* Next nbits (1..32) bits of the copy. */
static inline uint32_t src_take(field_src *f, unsigned nbits) {
    size_t k = f->pos >> 6;
    unsigned shift = (unsigned)(f->pos & 63u);
    /* word[k + 1] << (64 - shift), written so that shift = 0 gives 0 (no branch) */
    uint64_t v = f->word[k] >> shift | (f->word[k + 1u] << 1) << (63u - shift);
    f->pos += nbits;
    return (uint32_t)(v & np_low_mask(nbits));
}

static inline np_result unpack_compressed(np_bitreader *r, unsigned wc, uint32_t *words) {
    if (np_br_remaining(r) < DPC_PLANES) {
        return NP_BAD_DATA; /* truncated ES */
    }
    uint32_t es = (uint32_t)np_br_get_inline(r, DPC_PLANES);
    unsigned n = popcount32(es);
    if (n < min_planes(wc)) {
        return NP_BAD_DATA; /* C = 1 but raw would have been shorter: never emitted (sec. 8) */
    }
    size_t ed_bits = n + wc * (DPC_PLANES - n);
    if (np_br_remaining(r) < ed_bits) {
        return NP_BAD_DATA; /* truncated ED */
    }
    field_src src;
    if (!src_fill(&src, r, ed_bits)) {
        return NP_BAD_DATA;
    }
    /* Codes of compressible planes are gathered by runs into `codes` (bit i = plane i's
     * value); mixed planes are read whole. */
    uint32_t planes[DPC_PLANES];
    uint32_t codes = 0;
    for (unsigned i = 0; i < DPC_PLANES;) {
        if ((es >> i) & 1u) {
            unsigned k = trailing_ones(es >> i);
            codes |= src_take(&src, k) << i;
            i += k;
        } else {
            planes[i] = src_take(&src, wc);
            i++;
        }
    }
    restore_words(wc, es, codes, planes, words);
    return NP_OK;
}

static inline np_result unpack_body(np_bitreader *r, unsigned wc, uint32_t *words) {
    if (np_br_remaining(r) < 1u) {
        return NP_BAD_DATA; /* no C bit */
    }
    return np_br_get_inline(r, 1) ? unpack_compressed(r, wc, words) : unpack_raw(r, wc, words);
}

np_result dpc_unpack(np_bitreader *r, unsigned wc, uint32_t words[]) {
    if (r == NULL || words == NULL || !wc_ok(wc)) {
        return NP_BAD_PARAM;
    }
    return unpack_body(r, wc, words);
}

bool dpc_wc_ok(unsigned wc) {
    return wc_ok(wc);
}

/* ---- hardware input rules (sec. 7) ----------------------------------------------------- */

dpc_mode dpc_hw_mode(unsigned mode) {
    mode &= 3u;
    return mode == 3u ? DPC_MODE_DPC : (dpc_mode)mode;
}

unsigned dpc_hw_map(unsigned map) {
    map &= DPC_MAP_FULL;
    return map == 0u ? DPC_MAP_FULL : map;
}

const char *dpc_mode_name(dpc_mode mode) {
    switch (mode) {
    case DPC_MODE_DPC:
        return "dpc";
    case DPC_MODE_DFTRUC:
        return "dftruc";
    case DPC_MODE_DFMAN:
        return "dfman";
    }
    return "?";
}

/* ---- whole line ------------------------------------------------------------------------ */

static inline void load_line_words(const uint8_t *line, uint32_t words[DPC_WORDS]) {
    for (unsigned j = 0; j < DPC_WORDS; j++) {
        words[j] = np_load_le32(line + 4u * j);
    }
}

/* The planes the concatenator needs: only the mixed ones (a compressible plane's code comes
 * from the words). When at most GATHER_MAX planes are mixed (near-uniform data, common in real
 * arrays) gathering those few planes bit by bit is cheaper than the full transpose. */

static inline uint32_t gather_plane(unsigned wc, const uint32_t *words, unsigned i) {
    uint32_t plane = 0;
    for (unsigned j = 0; j < wc; j++) {
        plane |= ((words[j] >> i) & 1u) << j;
    }
    return plane;
}

static inline void planes_for_concat(unsigned wc, const uint32_t *words, uint32_t es,
                                     uint32_t planes[DPC_PLANES]) {
    if (popcount32(~es) > GATHER_MAX) {
        remap_words(wc, words, planes);
        return;
    }
    for (unsigned i = 0; i < DPC_PLANES; i++) {
        planes[i] = (es >> i) & 1u ? 0u : gather_plane(wc, words, i);
    }
}

/* Writes [map field] + body of wc words into dst after the size check shared by every mode.
 * map_bits is 0 (plain DPC) or 4 (DF-TRUC). */
static inline __attribute__((always_inline)) np_result emit_body(unsigned map_bits, unsigned map, unsigned wc,
                                                                 const uint32_t *words, uint8_t *dst,
                                                                 size_t dst_bytes, size_t *out_bits) {
    uint32_t es = encoding_status_of_words(wc, words);
    size_t total = map_bits + body_bits(wc, es);
    *out_bits = total;
    size_t need_bytes = (total + 7u) / 8u;
    if (dst_bytes < need_bytes) {
        return NP_NO_SPACE;
    }
    uint32_t out[STREAM_WORDS32 + 1u];
    np_fieldwriter w;
    np_fw_init(&w, out);
    if (map_bits != 0u) {
        np_fw_put(&w, map, map_bits);
    }
    if (comp_check(wc, es)) {
        uint32_t planes[DPC_PLANES];
        planes_for_concat(wc, words, es, planes);
        concat_body(&w, wc, words, planes, es);
    } else {
        concat_body(&w, wc, words, NULL, es); /* raw: the planes are not looked at */
    }
    /* The length was computed from the same ES, so the concatenator ends exactly there (and
     * inside out[], whose size is the longest stream's). */
    if (fw_bits(&w, out) != total) {
        return NP_BAD_PARAM;
    }
    np_fw_finish(&w, out);
    np_fw_copy_out(out, dst, need_bytes, DPC_MAX_BYTES);
    return NP_OK;
}

#if NP_HAVE_AVX2
/* A compressed 32-word stream with m mixed planes (sec. 3: C = 1, ES, then per plane its
 * code bit or its 32 bits) built 8 stream words at a time, with no field writer. Take the
 * header as one code bit (C) and one 32-bit field (ES) before the planes: the stream is code
 * bits and 32-bit fields F[0] = ES, F[1 + k] = the k-th mixed plane, in order. With c[t] the
 * code bits before F[t] (c[0] = 1, c[1 + k] = 1 + p_k - k for mixed plane p_k, after the last
 * F: 33 - m, every one <= 32), F[t] starts at bit c[t] of stream word t (each field before it
 * fills one word), and code bit j of the codes in stream order (C, then the compressible
 * planes' values: bit i of any word, pext by ES) lands at bit j of the word it falls in. So
 *     word t = F[t - 1] >> (32 - c[t - 1]) | codes & [c[t - 1], c[t]) | F[t] << c[t].
 * With more than SMALL_MIXED mixed planes, all 32 planes are transposed and the mixed ones
 * and their positions packed by a permute per 8 planes (the indices from pext / pdep of the
 * mask); with fewer, each mixed plane is gathered from the words by four shifts and movemasks
 * (bit j of the plane: bit i of word j) into its place. c[t] = position + 2 - t. With no mixed
 * plane the stream is C, ES and the 32 codes (bits of word 0), 65 bits. Returns the stream's
 * length (65 + 31 m bits, words 0 .. m + 1 of out). */
#define SMALL_MIXED 4u

/* The mixed planes (bits of mixed) before each 8 planes, plus 2, in the bytes of *before8 (F[1 +
 * k], the k-th mixed plane, is at field[2 + k]: see below); returns m, all of them (SWAR counts
 * per byte, their prefix sums by a multiply). */
static inline unsigned mixed_before8(uint32_t mixed, uint32_t *before8) {
    uint32_t per8 = mixed - ((mixed >> 1) & 0x55555555u);
    per8 = (per8 & 0x33333333u) + ((per8 >> 2) & 0x33333333u);
    per8 = (per8 + (per8 >> 4)) & 0x0F0F0F0Fu;
    *before8 = (per8 * 0x01010100u) + 0x02020202u;
    return (per8 * 0x01010101u) >> 24;
}

/* Lanes of a group of 8 as 4-bit indices: the set bits of mg packed (pack) or each set bit's
 * rank among them at its place (!pack), widened to a permute's 32-bit indices. */
NP_TARGET_AVX2 static inline __m256i group_index(unsigned mg, bool pack) {
    uint32_t lanes = _pdep_u32(mg, 0x11111111u) * 0xFu;
    uint32_t nib = pack ? _pext_u32(0x76543210u, lanes) : _pdep_u32(0x76543210u, lanes);
    return _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)_pdep_u64(nib, UINT64_C(0x0F0F0F0F0F0F0F0F))));
}

/* pos[t + 1] = c[t] + t for t = -1 .. m + 1 and 8 more (pos[0] = -1: c[-1] = 0; pos[1] = 1: the
 * C bit before ES; pos[2 + k] = p_k + 2 for the k-th mixed plane p_k; then 34: c[m + 1] = 33 - m).
 * With planes (more than SMALL_MIXED mixed), also field[2 + k] = plane p_k, by the same permutes. */
NP_TARGET_AVX2 static inline void field_starts(uint32_t mixed, uint32_t before8, unsigned m, int32_t pos[48],
                                               const uint32_t *planes, int32_t field[48]) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    pos[0] = -1;
    pos[1] = 1;
    if (m <= SMALL_MIXED) {                                   /* a few: one by one */
        unsigned k = 2;
        for (uint32_t r = mixed; r != 0u; r &= r - 1u) pos[k++] = __builtin_ctz(r) + 2;
    } else {
        for (unsigned g = 0; g < DPC_PLANES / 8u; g++) {
            unsigned at = (before8 >> (8u * g)) & 0xFFu;
            __m256i p2 = _mm256_add_epi32(lane, _mm256_set1_epi32((int)(8u * g + 2u)));
            __m256i kept = group_index((mixed >> (8u * g)) & 0xFFu, true);
            _mm256_storeu_si256((__m256i *)(void *)(pos + at), _mm256_permutevar8x32_epi32(p2, kept));
            if (planes != NULL) {
                __m256i pl = _mm256_loadu_si256((const __m256i *)(const void *)(planes + 8u * g));
                _mm256_storeu_si256((__m256i *)(void *)(field + at), _mm256_permutevar8x32_epi32(pl, kept));
            }
        }
    }
    _mm256_storeu_si256((__m256i *)(void *)(pos + m + 2u), _mm256_set1_epi32(34));
}

/* c[t] and c[t - 1] for t = t0 .. t0 + 7, from field_starts' pos. */
NP_TARGET_AVX2 static inline void code_counts(const int32_t pos[48], unsigned t0, __m256i *ct, __m256i *cp) {
    __m256i tv = _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32((int)t0));
    *ct = _mm256_sub_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(pos + t0 + 1u)), tv);
    *cp = _mm256_sub_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(pos + t0)),
                           _mm256_sub_epi32(tv, _mm256_set1_epi32(1)));
}

/* Bits c0 .. c1 - 1 of each element (c0 <= c1 <= 32). */
NP_TARGET_AVX2 static inline __m256i bits_between(__m256i c0, __m256i c1) {
    const __m256i ones = _mm256_set1_epi32(1), all = _mm256_set1_epi32(-1);
    __m256i below1 = _mm256_add_epi32(_mm256_sllv_epi32(ones, c1), all);   /* 2^c - 1; c = 32: all */
    return _mm256_andnot_si256(_mm256_add_epi32(_mm256_sllv_epi32(ones, c0), all), below1);
}

NP_TARGET_AVX2 static size_t pack_planes_avx2(const uint32_t words[DPC_WORDS], uint32_t es, uint32_t out[48]) {
    uint32_t mixed = ~es, before8;
    unsigned m = mixed_before8(mixed, &before8);
    if (m == 0u) {
        out[0] = 1u | es << 1;
        out[1] = es >> 31 | words[0] << 1;
        out[2] = words[0] >> 31;
        return 65u;
    }
    /* field[t + 1] = F[t], field[0] = 0 (F[-1]). Every element the loop below reads is written:
     * 0 and 1 here, 2 .. m + 1 by the packing, m + 2 .. m + 9 by the end stored after it (and
     * the same elements of pos by field_starts). */
    int32_t field[48], pos[48];
    field[0] = 0;
    field[1] = (int32_t)es;
    unsigned n = 2;
    if (m <= SMALL_MIXED) {
        __m256i w[4];
        for (unsigned q = 0; q < 4u; q++) w[q] = _mm256_loadu_si256((const __m256i *)(const void *)(words + 8u * q));
        for (uint32_t r = mixed; r != 0u; r &= r - 1u, n++) {
            unsigned i = (unsigned)__builtin_ctz(r);
            __m128i up = _mm_cvtsi32_si128((int)(31u - i));   /* bit i to the sign bit */
            uint32_t plane = 0;
            for (unsigned q = 0; q < 4u; q++) {
                plane |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_sll_epi32(w[q], up))) << (8u * q);
            }
            field[n] = (int32_t)plane;
        }
        field_starts(mixed, before8, m, pos, NULL, field);
    } else {
        uint32_t planes[DPC_PLANES];
        np_transpose32(words, planes);
        field_starts(mixed, before8, m, pos, planes, field);
    }
    _mm256_storeu_si256((__m256i *)(void *)(field + m + 2u), _mm256_setzero_si256());   /* F[m + 1] = 0 */
    const __m256i codes = _mm256_set1_epi32((int)(1u | _pext_u32(words[0], es) << 1));
    for (unsigned t = 0; t < m + 2u; t += 8u) {
        __m256i ct, cp;
        code_counts(pos, t, &ct, &cp);
        __m256i word = _mm256_or_si256(
            _mm256_srlv_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(field + t)),
                              _mm256_sub_epi32(_mm256_set1_epi32(32), cp)),
            _mm256_sllv_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(field + t + 1u)), ct));
        word = _mm256_or_si256(word, _mm256_and_si256(codes, bits_between(cp, ct)));
        _mm256_storeu_si256((__m256i *)(void *)(out + t), word);
    }
    return 65u + 31u * m;
}

/* A raw 32-word stream (sec. 3: C = 0, then the words) 8 words at a time: stream word t is
 * word t << 1 | word t - 1 >> 31. Returns its length, 1025 bits (words 0 .. 32 of out). */
NP_TARGET_AVX2 static size_t pack_raw_avx2(const uint32_t words[DPC_WORDS], uint32_t out[48]) {
    uint32_t padded[DPC_WORDS + 8u];                          /* padded[1 + j] = word j, padded[0] = 0 */
    padded[0] = 0;
    memcpy(padded + 1, words, DPC_WORDS * sizeof *words);
    for (unsigned t = 0; t < DPC_WORDS; t += 8u) {
        __m256i cur = _mm256_loadu_si256((const __m256i *)(const void *)(padded + 1u + t));
        __m256i prev = _mm256_loadu_si256((const __m256i *)(const void *)(padded + t));
        _mm256_storeu_si256((__m256i *)(void *)(out + t),
                            _mm256_or_si256(_mm256_slli_epi32(cur, 1), _mm256_srli_epi32(prev, 31)));
    }
    out[DPC_WORDS] = words[DPC_WORDS - 1u] >> 31;
    return raw_body_bits(DPC_WORDS);
}

/* The same C compiled for AVX2 + BMI2 machines (np_cpu.h, chosen at run time): the ES loop
 * in vector registers, the field writer's variable shifts as shlx / shrx; a DPC or DF-MAN
 * stream (32 words, no map) by pack_planes_avx2 or pack_raw_avx2. */
NP_TARGET_AVX2 static np_result emit_body_avx2(unsigned map_bits, unsigned map, unsigned wc, const uint32_t *words,
                                               uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
    /* Each form with constant counts, so its loops unroll: DPC and DF-MAN (32 words, no map),
     * DF-TRUC by its word count (a multiple of the sub-block's 8). */
    if (map_bits == 0u && wc == DPC_WORDS) {
        uint32_t es = encoding_status_of_words(DPC_WORDS, words), out[48];
        size_t bits = comp_check(DPC_WORDS, es) ? pack_planes_avx2(words, es, out) : pack_raw_avx2(words, out);
        *out_bits = bits;
        if (dst_bytes < (bits + 7u) / 8u) {
            return NP_NO_SPACE;
        }
        np_fw_copy_out(out, dst, (bits + 7u) / 8u, DPC_MAX_BYTES);
        return NP_OK;
    }
    if (map_bits == DPC_MAP_BITS) {
        switch (wc) {
        case 8u: return emit_body(DPC_MAP_BITS, map, 8u, words, dst, dst_bytes, out_bits);
        case 16u: return emit_body(DPC_MAP_BITS, map, 16u, words, dst, dst_bytes, out_bits);
        case 24u: return emit_body(DPC_MAP_BITS, map, 24u, words, dst, dst_bytes, out_bits);
        case 32u: return emit_body(DPC_MAP_BITS, map, 32u, words, dst, dst_bytes, out_bits);
        default: break;
        }
    }
    return emit_body(map_bits, map, wc, words, dst, dst_bytes, out_bits);
}
#endif

#if NP_HAVE_AVX512
/* ---- AVX-512 (np_cpu_avx512(): F, BW, CD, VBMI, GFNI): a 32-word stream with no map in registers
 * The layout of pack_planes_avx2 / decode_dpc32_avx2 above (sec. 3: the stream as code bits and
 * 32-bit fields F[0] = ES, F[1 + k] = the k-th mixed plane; c[t] code bits before F[t]), all 32
 * stream words in two registers, lane t = stream word t, and no array in memory: the words
 * from the line (two loads), the planes by np_transpose32_zmm, the mixed planes and their
 * positions in order by two compresses (vpcompressd, one per 16 planes) joined by one
 * two-register permute, the fields and the c[t] of every lane by one more, F[t - 1] and c[t - 1]
 * by a one-lane shift (valignd), and the stream's bytes stored by two byte-masked stores (the
 * exact length, no copy-out). Decoding takes the stream's bytes into two registers with no byte
 * past them read (stream_regs512, no padded copy), takes every F[t] and the codes the same way,
 * and puts the mixed planes back by two expands (vpexpandd), the constant planes merged in by
 * their masks. No masked loads: here they made both directions about twice as slow
 * (docs/codec-speed.md, twelfth round). */

/* Gs (lanes t = 0 .. 31 of *lo, *hi): -1 in lane 0, then the positions of the mixed planes in
 * order (lane 1 + k: p_k), then 32 in lane m + 1; the lanes after it are not used. With it,
 * c[t] = Gs[t] + 2 - t in every lane 0 .. m + 1 (c[0] = 1, c[1 + k] = 1 + p_k - k, c[m + 1] =
 * 33 - m) and F[t] is plane Gs[t] for t = 1 .. m. Needs 1 <= m <= 30. */
NP_TARGET_AVX512 static inline void mixed_lanes512(uint32_t mixed, unsigned m, __m512i *lo, __m512i *hi) {
    const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    __mmask16 mlo = (__mmask16)mixed, mhi = (__mmask16)(mixed >> 16);
    int m0 = __builtin_popcount(mlo);
    __m512i c0 = _mm512_maskz_compress_epi32(mlo, iota);                                           /* p_0 .. p_{m0-1} */
    __m512i c1 = _mm512_maskz_compress_epi32(mhi, _mm512_add_epi32(iota, _mm512_set1_epi32(16)));  /* the rest */
    /* Lane t takes sequence element s = t - 1: c0[s] while s < m0, else c1[s - m0] (permute
     * index 16 + s - m0). */
    __m512i s0 = _mm512_sub_epi32(iota, _mm512_set1_epi32(1)), s1 = _mm512_add_epi32(iota, _mm512_set1_epi32(15));
    const __m512i vm0 = _mm512_set1_epi32(m0), skip = _mm512_set1_epi32(16 - m0);
    __m512i i0 = _mm512_mask_add_epi32(s0, _mm512_cmpge_epi32_mask(s0, vm0), s0, skip);
    __m512i i1 = _mm512_mask_add_epi32(s1, _mm512_cmpge_epi32_mask(s1, vm0), s1, skip);
    uint32_t end = UINT32_C(1) << (m + 1u);
    *lo = _mm512_mask_mov_epi32(_mm512_permutex2var_epi32(c0, i0, c1), 1, _mm512_set1_epi32(-1));
    *lo = _mm512_mask_mov_epi32(*lo, (__mmask16)end, _mm512_set1_epi32(32));
    *hi = _mm512_mask_mov_epi32(_mm512_permutex2var_epi32(c0, i1, c1), (__mmask16)(end >> 16), _mm512_set1_epi32(32));
}

/* c[t] from Gs (lanes 16h .. 16h + 15). */
NP_TARGET_AVX512 static inline __m512i code_count512(__m512i gs, unsigned h) {
    const __m512i two_minus_t = _mm512_sub_epi32(_mm512_set1_epi32(2 - 16 * (int)h),
                                                 _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    return _mm512_add_epi32(gs, two_minus_t);
}

/* Bits c0 .. c1 - 1 of each lane (0 <= c0 <= c1 <= 32). */
NP_TARGET_AVX512 static inline __m512i bits_between512(__m512i c0, __m512i c1) {
    const __m512i ones = _mm512_set1_epi32(1), all = _mm512_set1_epi32(-1);
    return _mm512_andnot_si512(_mm512_add_epi32(_mm512_sllv_epi32(ones, c0), all),
                               _mm512_add_epi32(_mm512_sllv_epi32(ones, c1), all));
}

/* The stream's first nbytes (<= 128) from two registers of stream words, by byte masks. */
NP_TARGET_AVX512 static inline void store_stream512(uint8_t *dst, size_t nbytes, __m512i lo, __m512i hi) {
    _mm512_mask_storeu_epi8(dst, _bzhi_u64(~UINT64_C(0), (unsigned)(nbytes < 64u ? nbytes : 64u)), lo);
    if (nbytes > 64u) _mm512_mask_storeu_epi8(dst + 64, _bzhi_u64(~UINT64_C(0), (unsigned)(nbytes - 64u)), hi);
}

/* DPC's (and DF-MAN's) stream of a line's 32 little-endian words (x86: its bytes), those not
 * in `keep` (bit j: word j) taken as zero (DF-MAN's manipulated line, sec. 5); what
 * emit_body_avx2 does for the same words, with the same result and *out_bits. Loaded from the
 * line, not from a copy of its words: a 64-byte load of words just stored in smaller pieces
 * waits for the stores (DF-MAN measured 0.95 of its AVX2 path that way). */
NP_TARGET_AVX512 static np_result emit_dpc32_avx512(const uint8_t *line, uint32_t keep, uint8_t *dst, size_t dst_bytes,
                                                    size_t *out_bits) {
    __m512i w0 = _mm512_loadu_si512(line), w1 = _mm512_loadu_si512(line + 64);
    /* Plain loads, then the mask: the empty asm keeps GCC from folding the two into a masked
     * load (vpblendmd from memory), with which DPC compressed at 3,432-3,465 MB/s where plain
     * loads gave 7,433-7,567 (docs/codec-speed.md, twelfth round). */
    __asm__("" : "+v"(w0), "+v"(w1));
    w0 = _mm512_maskz_mov_epi32((__mmask16)keep, w0);
    w1 = _mm512_maskz_mov_epi32((__mmask16)(keep >> 16), w1);
    uint32_t es = ~(uint32_t)_mm512_reduce_or_epi32(_mm512_or_si512(w0, w1)) |
                  (uint32_t)_mm512_reduce_and_epi32(_mm512_and_si512(w0, w1));
    const __m512i zero = _mm512_setzero_si512();
    if (!comp_check(DPC_WORDS, es)) {   /* raw (sec. 3): stream word t = word t << 1 | word t - 1 >> 31 */
        size_t bits = raw_body_bits(DPC_WORDS);
        *out_bits = bits;
        if (dst_bytes < (bits + 7u) / 8u) return NP_NO_SPACE;
        __m512i s0 = _mm512_or_si512(_mm512_slli_epi32(w0, 1), _mm512_srli_epi32(_mm512_alignr_epi32(w0, zero, 15), 31));
        __m512i s1 = _mm512_or_si512(_mm512_slli_epi32(w1, 1), _mm512_srli_epi32(_mm512_alignr_epi32(w1, w0, 15), 31));
        _mm512_storeu_si512(dst, s0);
        _mm512_storeu_si512(dst + 64, s1);
        dst[128] = (uint8_t)((uint32_t)_mm_extract_epi32(_mm512_extracti32x4_epi32(w1, 3), 3) >> 31);   /* stream bit 1024: word 31's bit 31 */
        return NP_OK;
    }
    uint32_t mixed = ~es;
    unsigned m = (unsigned)__builtin_popcount(mixed);
    size_t bits = 65u + 31u * m, nbytes = (bits + 7u) / 8u;
    *out_bits = bits;
    if (dst_bytes < nbytes) return NP_NO_SPACE;
    uint32_t codes = 1u | _pext_u32((uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(w0)), es) << 1;
    if (m == 0u) {   /* C, ES, the 32 codes: 65 bits (pack_planes_avx2) */
        uint32_t word0 = (uint32_t)_mm_cvtsi128_si32(_mm512_castsi512_si128(w0));
        store_stream512(dst, nbytes, _mm512_castsi128_si512(_mm_setr_epi32((int)(1u | es << 1), (int)(es >> 31 | word0 << 1),
                                                                           (int)(word0 >> 31), 0)), zero);
        return NP_OK;
    }
    __m512i p0, p1, g0, g1;
    np_transpose32_zmm(w0, w1, &p0, &p1);
    mixed_lanes512(mixed, m, &g0, &g1);
    /* F[t]: ES in lane 0, plane Gs[t] in lanes 1 .. m, 0 after (F[m + 1] = 0). */
    uint32_t fields = (uint32_t)_bzhi_u64(~UINT64_C(0), m + 1u) & ~1u;
    __m512i f0 = _mm512_mask_mov_epi32(_mm512_maskz_permutex2var_epi32((__mmask16)fields, p0, g0, p1), 1, _mm512_set1_epi32((int)es));
    __m512i f1 = _mm512_maskz_permutex2var_epi32((__mmask16)(fields >> 16), p0, g1, p1);
    __m512i c0 = code_count512(g0, 0), c1 = code_count512(g1, 1);
    __m512i fp0 = _mm512_alignr_epi32(f0, zero, 15), fp1 = _mm512_alignr_epi32(f1, f0, 15);   /* F[t - 1], F[-1] = 0 */
    __m512i cp0 = _mm512_alignr_epi32(c0, zero, 15), cp1 = _mm512_alignr_epi32(c1, c0, 15);   /* c[t - 1], c[-1] = 0 */
    const __m512i v32 = _mm512_set1_epi32(32), vcodes = _mm512_set1_epi32((int)codes);
    /* word t = F[t - 1] >> (32 - c[t - 1]) | codes & [c[t - 1], c[t]) | F[t] << c[t] */
    __m512i s0 = _mm512_or_si512(_mm512_or_si512(_mm512_srlv_epi32(fp0, _mm512_sub_epi32(v32, cp0)), _mm512_sllv_epi32(f0, c0)),
                                 _mm512_and_si512(vcodes, bits_between512(cp0, c0)));
    __m512i s1 = _mm512_or_si512(_mm512_or_si512(_mm512_srlv_epi32(fp1, _mm512_sub_epi32(v32, cp1)), _mm512_sllv_epi32(f1, c1)),
                                 _mm512_and_si512(vcodes, bits_between512(cp1, c1)));
    store_stream512(dst, nbytes, s0, s1);
    return NP_OK;
}
#endif

static np_result emit_stream(unsigned map_bits, unsigned map, unsigned wc, const uint32_t *words,
                             uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) {
        return emit_body_avx2(map_bits, map, wc, words, dst, dst_bytes, out_bits);
    }
#endif
    return emit_body(map_bits, map, wc, words, dst, dst_bytes, out_bits);
}

static inline bool out_args_ok(const uint8_t *line, const uint8_t *dst, size_t dst_bytes,
                               const size_t *out_bits) {
    return line != NULL && out_bits != NULL && (dst != NULL || dst_bytes == 0);
}

np_result dpc_compress(const uint8_t line[DPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                       size_t *out_bits) {
    if (!out_args_ok(line, dst, dst_bytes, out_bits)) {
        return NP_BAD_PARAM;
    }
#if NP_HAVE_AVX512
    if (np_cpu_avx512()) {   /* x86: the line's bytes are its 32 little-endian words */
        return emit_dpc32_avx512(line, ~UINT32_C(0), dst, dst_bytes, out_bits);
    }
#endif
    uint32_t words[DPC_WORDS];
    load_line_words(line, words);
    return emit_stream(0, 0, DPC_WORDS, words, dst, dst_bytes, out_bits);
}

size_t dpc_compressed_bits(const uint8_t line[DPC_LINE_BYTES]) {
    if (line == NULL) {
        return 0;
    }
    uint32_t words[DPC_WORDS];
    load_line_words(line, words);
    return body_bits(DPC_WORDS, encoding_status_of_words(DPC_WORDS, words));
}

np_result dftruc_compress(const uint8_t line[DPC_LINE_BYTES], unsigned map, uint8_t *dst,
                          size_t dst_bytes, size_t *out_bits) {
    if (!out_args_ok(line, dst, dst_bytes, out_bits) || !map_ok(map)) {
        return NP_BAD_PARAM;
    }
    uint32_t words[DPC_WORDS];
    unsigned wc = select_words(map, line, words);
    return emit_stream(DPC_MAP_BITS, map, wc, words, dst, dst_bytes, out_bits);
}

size_t dftruc_compressed_bits(const uint8_t line[DPC_LINE_BYTES], unsigned map) {
    if (line == NULL || !map_ok(map)) {
        return 0;
    }
    uint32_t words[DPC_WORDS];
    unsigned wc = select_words(map, line, words);
    return DPC_MAP_BITS + body_bits(wc, encoding_status_of_words(wc, words));
}

/* DF-MAN's two candidates differ only in the non-critical words, which become zero. From the
 * OR and AND of each sub-block: the original ES is ~OR | AND over all four; the manipulated
 * ES is the same over the critical sub-blocks with a zero word folded in when any sub-block
 * was cleared (map != 1111). */
static inline bool dfman_pick_manipulated(const uint32_t words[DPC_WORDS], unsigned map) {
    uint32_t sub_any[DPC_SUBBLOCKS], sub_all[DPC_SUBBLOCKS];
    for (unsigned k = 0; k < DPC_SUBBLOCKS; k++) {
        uint32_t any = 0, all = 0xFFFFFFFFu;
        for (unsigned j = 0; j < DPC_SUBBLOCK_WORDS; j++) {
            any |= words[DPC_SUBBLOCK_WORDS * k + j];
            all &= words[DPC_SUBBLOCK_WORDS * k + j];
        }
        sub_any[k] = any;
        sub_all[k] = all;
    }
    uint32_t any = 0, all = 0xFFFFFFFFu, any_crit = 0, all_crit = 0xFFFFFFFFu;
    for (unsigned k = 0; k < DPC_SUBBLOCKS; k++) {
        uint32_t critical = 0u - ((map >> k) & 1u); /* all ones when sub-block k is critical */
        any |= sub_any[k];
        all &= sub_all[k];
        any_crit |= sub_any[k] & critical;
        all_crit &= sub_all[k] & critical;   /* a cleared sub-block is a zero word */
    }
    unsigned orig = body_bits(DPC_WORDS, ~any | all);
    unsigned manip = body_bits(DPC_WORDS, ~any_crit | all_crit);
    return manip < orig; /* tie -> original (sec. 5) */
}

static inline void manipulate_words(unsigned map, uint32_t words[DPC_WORDS]) {
    for (unsigned j = 0; j < DPC_WORDS; j++) {
        if (((map >> (j / DPC_SUBBLOCK_WORDS)) & 1u) == 0u) {
            words[j] = 0;
        }
    }
}

np_result dfman_compress(const uint8_t line[DPC_LINE_BYTES], unsigned map, uint8_t *dst,
                         size_t dst_bytes, size_t *out_bits, bool *manipulated) {
    if (!out_args_ok(line, dst, dst_bytes, out_bits) || !map_ok(map)) {
        return NP_BAD_PARAM;
    }
    uint32_t words[DPC_WORDS];
    load_line_words(line, words);
    bool manip = dfman_pick_manipulated(words, map);
    if (manipulated != NULL) {
        *manipulated = manip;
    }
#if NP_HAVE_AVX512
    if (np_cpu_avx512()) {   /* the non-critical sub-blocks' words zeroed in the registers */
        uint32_t keep = ~UINT32_C(0);   /* bit j: word j, sub-block j / 8 (sec. 1) */
        for (unsigned k = 0; manip && k < DPC_SUBBLOCKS; k++) {
            keep &= ~((((map >> k) & 1u) ^ 1u) * (0xFFu << (DPC_SUBBLOCK_WORDS * k)));
        }
        return emit_dpc32_avx512(line, keep, dst, dst_bytes, out_bits);
    }
#endif
    if (manip) {
        manipulate_words(map, words);
    }
    return emit_stream(0, 0, DPC_WORDS, words, dst, dst_bytes, out_bits);
}

size_t dfman_compressed_bits(const uint8_t line[DPC_LINE_BYTES], unsigned map) {
    if (line == NULL || !map_ok(map)) {
        return 0;
    }
    uint32_t words[DPC_WORDS];
    load_line_words(line, words);
    if (dfman_pick_manipulated(words, map)) {
        manipulate_words(map, words);
    }
    return body_bits(DPC_WORDS, encoding_status_of_words(DPC_WORDS, words));
}

/* Decodes [map] + body and nothing after it; without a map the body covers the whole line.
 * The checks of dpc_unpack (sec. 8), in its order, made on lengths before the fields they
 * cover are read; the stream is read from a zero-padded copy (np_padreader), so every field (at most
 * 32 bits) is one load and a shift (np_pr_get32), with no check of its own. A stream longer than the longest (DF-TRUC's
 * DFTRUC_MAX_BITS) is copied only that far plus one bit and fails the trailing-bits check. */
static inline __attribute__((always_inline)) np_result decode_body(bool has_map, const uint8_t *src,
                                                                   size_t src_bits, uint8_t *dst,
                                                                   unsigned *map_out) {
    np_padreader r;
    np_pr_init(&r, src, src_bits, DFTRUC_MAX_BITS);
    unsigned map = DPC_MAP_FULL;
    if (has_map) {
        if (np_pr_remaining(&r) < DPC_MAP_BITS) {
            return NP_BAD_DATA; /* truncated map */
        }
        map = np_pr_get32(&r, DPC_MAP_BITS);
        if (map == 0u) {
            return NP_BAD_DATA; /* a reply with no critical sub-block is never sent (sec. 1) */
        }
    }
    unsigned wc = wc_of_map(map);
    uint32_t words[DPC_WORDS];
    if (np_pr_remaining(&r) < 1u) {
        return NP_BAD_DATA; /* no C bit */
    }
    if (np_pr_get32(&r, 1) == 0u) {
        if (np_pr_remaining(&r) < 32u * wc) {
            return NP_BAD_DATA; /* truncated raw words */
        }
        np_pr_get32_words(&r, words, wc);
    } else {
        if (np_pr_remaining(&r) < DPC_PLANES) {
            return NP_BAD_DATA; /* truncated ES */
        }
        uint32_t es = np_pr_get32(&r, DPC_PLANES);
        unsigned n = popcount32(es);
        if (n < min_planes(wc)) {
            return NP_BAD_DATA; /* C = 1 but raw would have been shorter: never emitted (sec. 8) */
        }
        if (np_pr_remaining(&r) < n + wc * (DPC_PLANES - n)) {
            return NP_BAD_DATA; /* truncated ED */
        }
        /* Codes of compressible planes gathered by runs into `codes` (bit i = plane i's value);
         * mixed planes read whole. */
        uint32_t planes[DPC_PLANES];
        uint32_t codes = 0;
        for (unsigned i = 0; i < DPC_PLANES;) {
            if ((es >> i) & 1u) {
                unsigned k = trailing_ones(es >> i);
                codes |= np_pr_get32(&r, k) << i;
                i += k;
            } else {
                planes[i] = np_pr_get32(&r, wc);
                i++;
            }
        }
        restore_words(wc, es, codes, planes, words);
    }
    if (r.pos != src_bits) {
        return NP_BAD_DATA; /* trailing bits after the body (sec. 8) */
    }
    place_words(map, words, dst);
    *map_out = map;
    return NP_OK;
}

#if NP_HAVE_AVX2
/* A 32-word stream with no map (DPC, DF-MAN) decoded 8 fields at a time, the layout of
 * pack_planes_avx2 and pack_raw_avx2 read back from the zero-padded copy S (32-bit words):
 * raw, word t = S[t] >> 1 | S[t + 1] << 31; compressed, F[t] = S[t] >> c[t] | S[t + 1] << (32 -
 * c[t]) (ES and the mixed planes) and the codes the OR of each S[t]'s bits c[t - 1] .. c[t] - 1
 * (C, then the compressible planes' values, deposited on ES's bits by pdep); the mixed planes
 * go back to their places by a permute per 8, the others are all ones or zeros, and the 32
 * planes are transposed into the words. decode_body's checks come to exact lengths here (a
 * stream is read in full or rejected, every rejection NP_BAD_DATA): 1025 bits raw, else at
 * least 33 with ES, at least min_planes(32) compressible planes and 65 + 31 m bits in all. */
NP_TARGET_AVX2 static np_result decode_dpc32_avx2(const uint8_t *src, size_t src_bits, uint8_t *dst) {
    np_padreader r;
    np_pr_init(&r, src, src_bits, DFTRUC_MAX_BITS);
    const uint8_t *b = r.buf;
    uint32_t words[DPC_WORDS];
    if (src_bits == 0u) {
        return NP_BAD_DATA;
    }
    if ((b[0] & 1u) == 0u) {
        if (src_bits != raw_body_bits(DPC_WORDS)) {
            return NP_BAD_DATA;
        }
        for (unsigned t = 0; t < DPC_WORDS; t += 8u) {
            __m256i cur = _mm256_loadu_si256((const __m256i *)(const void *)(b + 4u * t));
            __m256i next = _mm256_loadu_si256((const __m256i *)(const void *)(b + 4u * t + 4u));
            _mm256_storeu_si256((__m256i *)(void *)(words + t),
                                _mm256_or_si256(_mm256_srli_epi32(cur, 1), _mm256_slli_epi32(next, 31)));
        }
    } else {
        if (src_bits < ES_HEADER_BITS) {
            return NP_BAD_DATA;
        }
        uint32_t es = (uint32_t)(np_load_le64(b) >> 1), mixed = ~es, before8;
        unsigned m = mixed_before8(mixed, &before8);
        if (DPC_PLANES - m < min_planes(DPC_WORDS) || src_bits != 65u + 31u * m) {
            return NP_BAD_DATA;
        }
        if (m == 0u) {
            uint32_t codes = (uint32_t)(np_load_le64(b + 4) >> 1);     /* stream bits 33 .. 64 */
            for (unsigned j = 0; j < DPC_WORDS; j++) words[j] = codes;   /* plane i: bit i of codes */
        } else {
            uint32_t planes[DPC_PLANES];
            int32_t pos[48];
            uint32_t field[48];
            field_starts(mixed, before8, m, pos, NULL, NULL);
            __m256i acc = _mm256_setzero_si256();
            for (unsigned t = 0; t < m + 2u; t += 8u) {
                __m256i ct, cp;
                code_counts(pos, t, &ct, &cp);
                __m256i cur = _mm256_loadu_si256((const __m256i *)(const void *)(b + 4u * t));
                __m256i next = _mm256_loadu_si256((const __m256i *)(const void *)(b + 4u * t + 4u));
                __m256i rest = _mm256_sllv_epi32(next, _mm256_sub_epi32(_mm256_set1_epi32(32), ct));
                _mm256_storeu_si256((__m256i *)(void *)(field + t), _mm256_or_si256(_mm256_srlv_epi32(cur, ct), rest));
                __m256i in_stream = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(m + 2u)),
                    _mm256_add_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), _mm256_set1_epi32((int)t)));
                acc = _mm256_or_si256(acc, _mm256_and_si256(in_stream, _mm256_and_si256(cur, bits_between(cp, ct))));
            }
            __m128i half = _mm_or_si128(_mm256_castsi256_si128(acc), _mm256_extracti128_si256(acc, 1));
            half = _mm_or_si128(half, _mm_shuffle_epi32(half, 0x4E));
            half = _mm_or_si128(half, _mm_shuffle_epi32(half, 0xB1));
            uint32_t values = _pdep_u32((uint32_t)_mm_cvtsi128_si32(half) >> 1, es);   /* bit i: plane i's */
            const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
            for (unsigned g = 0; g < DPC_PLANES / 8u; g++) {
                unsigned mg = (mixed >> (8u * g)) & 0xFFu, k0 = ((before8 >> (8u * g)) & 0xFFu) - 1u;   /* F[1 + k] */
                __m256i f = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(const void *)(field + k0)),
                                                        group_index(mg, false));
                __m256i v = _mm256_and_si256(_mm256_set1_epi32((int)(values >> (8u * g))), bit);
                __m256i is_mixed = _mm256_and_si256(_mm256_set1_epi32((int)mg), bit);
                __m256i plane = _mm256_blendv_epi8(_mm256_cmpeq_epi32(v, bit), f, _mm256_cmpeq_epi32(is_mixed, bit));
                _mm256_storeu_si256((__m256i *)(void *)(planes + 8u * g), plane);
            }
            np_transpose32(planes, words);
        }
    }
    for (unsigned j = 0; j < DPC_WORDS; j++) np_store_le32(dst + 4u * j, words[j]);
    return NP_OK;
}

/* The same C compiled for AVX2 + BMI2 machines (np_cpu.h, chosen at run time); without a map
 * (DPC, DF-MAN) decode_dpc32_avx2. */
NP_TARGET_AVX2 static np_result decode_body_avx2(bool has_map, const uint8_t *src, size_t src_bits, uint8_t *dst,
                                                 unsigned *map_out) {
    if (!has_map) {
        *map_out = DPC_MAP_FULL;
        return decode_dpc32_avx2(src, src_bits, dst);
    }
    return decode_body(true, src, src_bits, dst, map_out);
}
#endif

#if NP_HAVE_AVX512
/* The stream's nbytes bytes (12 .. 125) in two registers, zero after them, with no byte past
 * them read and no masked load (byte-masked loads made the decoder 1.6 times slower here:
 * twelfth round): np_copy_short's overlapping head and tail in registers. With W the largest of
 * 8, 16, 32, 64 not above the bytes still to place, one load of W bytes at the start and one
 * of W bytes ending at the last byte; a two-register byte permute (vpermt2b) takes byte i from
 * the first while i < W, else from the second (byte i - (n - W)), and zeroes bytes n and on. */
/* Byte i = i. */
NP_TARGET_AVX512 static inline __m512i byte_iota512(void) {
    return _mm512_set_epi8(63, 62, 61, 60, 59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 49, 48, 47, 46, 45, 44, 43, 42, 41, 40,
                           39, 38, 37, 36, 35, 34, 33, 32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16,
                           15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
}

NP_TARGET_AVX512 static inline __m512i head_tail512(const uint8_t *p, size_t n) {
    __m512i head, tail;
    unsigned w;
    if (n >= 64u) {
        w = 64u, head = _mm512_loadu_si512(p), tail = _mm512_loadu_si512(p + n - 64u);
    } else if (n >= 32u) {
        w = 32u, head = _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(const void *)p));
        tail = _mm512_castsi256_si512(_mm256_loadu_si256((const __m256i *)(const void *)(p + n - 32u)));
    } else if (n >= 16u) {
        w = 16u, head = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(const void *)p));
        tail = _mm512_castsi128_si512(_mm_loadu_si128((const __m128i *)(const void *)(p + n - 16u)));
    } else {
        w = 8u, head = _mm512_castsi128_si512(_mm_loadl_epi64((const __m128i *)(const void *)p));
        tail = _mm512_castsi128_si512(_mm_loadl_epi64((const __m128i *)(const void *)(p + n - 8u)));
    }
    if (n >= 64u) {
        return head;
    }
    const __m512i iota = byte_iota512();
    /* index 64 + j: byte j of tail */
    __m512i idx = _mm512_mask_add_epi8(iota, _mm512_cmpge_epu8_mask(iota, _mm512_set1_epi8((char)w)), iota,
                                       _mm512_set1_epi8((char)(64u + w - n)));
    return _mm512_maskz_permutex2var_epi8(_bzhi_u64(~UINT64_C(0), (unsigned)n), head, idx, tail);
}

NP_TARGET_AVX512 static inline void stream_regs512(const uint8_t *src, size_t nbytes, __m512i *s0, __m512i *s1) {
    if (nbytes <= 64u) {
        *s0 = head_tail512(src, nbytes);
        *s1 = _mm512_setzero_si512();
        return;
    }
    *s0 = _mm512_loadu_si512(src);
    /* bytes 64 .. nbytes - 1: the 64 bytes ending at the last, moved down by 128 - nbytes */
    const __m512i iota = byte_iota512();
    *s1 = _mm512_maskz_permutexvar_epi8(_bzhi_u64(~UINT64_C(0), (unsigned)(nbytes - 64u)),
                                        _mm512_add_epi8(iota, _mm512_set1_epi8((char)(128u - nbytes))),
                                        _mm512_loadu_si512(src + nbytes - 64u));
}

/* A 32-word stream with no map (DPC, DF-MAN) decoded in registers: decode_dpc32_avx2's
 * layout and checks (sec. 8, as exact lengths: 1025 bits raw, else at least 33 with ES, at least
 * min_planes(32) compressible planes and 65 + 31 m bits), each stream word t in lane t of two
 * registers (stream_regs512: no byte past the stream is read, so no padded copy): raw, word
 * t = S[t] >> 1 | S[t + 1] << 31; compressed, F[t] = S[t] >> c[t] | S[t + 1] << (32 - c[t]) and
 * the codes the OR of each S[t]'s bits c[t - 1] .. c[t] - 1 (lanes 0 .. m + 1), the mixed planes
 * back in their places by two expands over the constant planes, then the transpose. */
NP_TARGET_AVX512 static np_result decode_dpc32_avx512(const uint8_t *src, size_t src_bits, uint8_t *dst) {
    const __m512i zero = _mm512_setzero_si512();
    __m512i w0, w1;
    if (src_bits == 0u) {
        return NP_BAD_DATA;
    }
    if ((src[0] & 1u) == 0u) {
        if (src_bits != raw_body_bits(DPC_WORDS)) {
            return NP_BAD_DATA;
        }
        __m512i s0 = _mm512_loadu_si512(src), s1 = _mm512_loadu_si512(src + 64);
        __m512i last = _mm512_castsi128_si512(_mm_cvtsi32_si128(src[128]));   /* stream bit 1024 */
        w0 = _mm512_or_si512(_mm512_srli_epi32(s0, 1), _mm512_slli_epi32(_mm512_alignr_epi32(s1, s0, 1), 31));
        w1 = _mm512_or_si512(_mm512_srli_epi32(s1, 1), _mm512_slli_epi32(_mm512_alignr_epi32(last, s1, 1), 31));
    } else {
        if (src_bits < ES_HEADER_BITS) {
            return NP_BAD_DATA;
        }
        uint32_t es = np_load_le32(src) >> 1 | (uint32_t)(src[4] & 1u) << 31, mixed = ~es;
        unsigned m = (unsigned)__builtin_popcount(mixed);
        if (DPC_PLANES - m < min_planes(DPC_WORDS) || src_bits != 65u + 31u * m) {
            return NP_BAD_DATA;
        }
        if (m == 0u) {   /* 65 bits: every word is the codes, stream bits 33 .. 64 */
            uint32_t codes = np_load_le32(src + 4) >> 1 | (uint32_t)(src[8] & 1u) << 31;
            w0 = w1 = _mm512_set1_epi32((int)codes);
        } else {
            __m512i s0, s1;
            stream_regs512(src, (src_bits + 7u) / 8u, &s0, &s1);
            __m512i g0, g1;
            mixed_lanes512(mixed, m, &g0, &g1);
            __m512i c0 = code_count512(g0, 0), c1 = code_count512(g1, 1);
            __m512i cp0 = _mm512_alignr_epi32(c0, zero, 15), cp1 = _mm512_alignr_epi32(c1, c0, 15);
            const __m512i v32 = _mm512_set1_epi32(32);
            /* F[t] = S[t] >> c[t] | S[t + 1] << (32 - c[t]); lane 0 is ES, lanes 1 .. m the mixed planes */
            __m512i f0 = _mm512_or_si512(_mm512_srlv_epi32(s0, c0), _mm512_sllv_epi32(_mm512_alignr_epi32(s1, s0, 1), _mm512_sub_epi32(v32, c0)));
            __m512i f1 = _mm512_or_si512(_mm512_srlv_epi32(s1, c1), _mm512_sllv_epi32(_mm512_alignr_epi32(zero, s1, 1), _mm512_sub_epi32(v32, c1)));
            /* The code bits in stream order (C first), from lanes 0 .. m + 1 only. */
            uint32_t in_stream = (uint32_t)_bzhi_u64(~UINT64_C(0), m + 2u);
            __m512i k0 = _mm512_maskz_and_epi32((__mmask16)in_stream, s0, bits_between512(cp0, c0));
            __m512i k1 = _mm512_maskz_and_epi32((__mmask16)(in_stream >> 16), s1, bits_between512(cp1, c1));
            uint32_t values = _pdep_u32((uint32_t)_mm512_reduce_or_epi32(_mm512_or_si512(k0, k1)) >> 1, es);
            /* Plane i: all ones or zeros by its value, a mixed one F[1 + its rank]: F[1 ..] expanded
             * onto the first 16 planes' mixed lanes, F[1 + m0 ..] onto the others'. */
            __mmask16 mlo = (__mmask16)mixed, mhi = (__mmask16)(mixed >> 16);
            const __m512i all = _mm512_set1_epi32(-1);
            const __m512i iota = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
            __m512i from_m0 = _mm512_permutex2var_epi32(f0, _mm512_add_epi32(iota, _mm512_set1_epi32(1 + __builtin_popcount(mlo))), f1);
            __m512i p0 = _mm512_mask_expand_epi32(_mm512_maskz_mov_epi32((__mmask16)values, all), mlo, _mm512_alignr_epi32(f1, f0, 1));
            __m512i p1 = _mm512_mask_expand_epi32(_mm512_maskz_mov_epi32((__mmask16)(values >> 16), all), mhi, from_m0);
            np_transpose32_zmm(p0, p1, &w0, &w1);
        }
    }
    _mm512_storeu_si512(dst, w0);
    _mm512_storeu_si512(dst + 64, w1);
    return NP_OK;
}
#endif

static np_result decode_stream(bool has_map, const uint8_t *src, size_t src_bits, uint8_t *dst,
                               unsigned *map_out) {
#if NP_HAVE_AVX512
    if (!has_map && np_cpu_avx512()) {
        *map_out = DPC_MAP_FULL;
        return decode_dpc32_avx512(src, src_bits, dst);
    }
#endif
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) {
        return decode_body_avx2(has_map, src, src_bits, dst, map_out);
    }
#endif
    return decode_body(has_map, src, src_bits, dst, map_out);
}

static np_result decompress_checked(bool has_map, const uint8_t *src, size_t src_bits,
                                    uint8_t *dst, size_t dst_bytes, unsigned *out_map) {
    unsigned map = 0;
    if (out_map != NULL) {
        *out_map = 0;
    }
    if (dst == NULL || (src == NULL && src_bits > 0)) {
        return NP_BAD_PARAM;
    }
    if (dst_bytes < DPC_LINE_BYTES) {
        return NP_NO_SPACE;
    }
    np_result rc = decode_stream(has_map, src, src_bits, dst, &map);
    if (rc != NP_OK) {
        memset(dst, 0, DPC_LINE_BYTES);
        return rc;
    }
    if (out_map != NULL) {
        *out_map = map;
    }
    return NP_OK;
}

np_result dpc_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    return decompress_checked(false, src, src_bits, dst, dst_bytes, NULL);
}

np_result dftruc_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes,
                            unsigned *out_map) {
    return decompress_checked(true, src, src_bits, dst, dst_bytes, out_map);
}

/* ---- per RTL top (sec. 7) -------------------------------------------------------------- */

np_result dpc_mode_compress(dpc_mode mode, const uint8_t line[DPC_LINE_BYTES], unsigned map,
                            uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
    switch (mode) {
    case DPC_MODE_DPC:
        return dpc_compress(line, dst, dst_bytes, out_bits);
    case DPC_MODE_DFTRUC:
        return dftruc_compress(line, map, dst, dst_bytes, out_bits);
    case DPC_MODE_DFMAN:
        return dfman_compress(line, map, dst, dst_bytes, out_bits, NULL);
    }
    return NP_BAD_PARAM;
}

np_result dpc_mode_decompress(dpc_mode mode, const uint8_t *src, size_t src_bits, uint8_t *dst,
                              size_t dst_bytes, unsigned *out_map) {
    switch (mode) {
    case DPC_MODE_DPC:
    case DPC_MODE_DFMAN:
        return decompress_checked(false, src, src_bits, dst, dst_bytes, out_map);
    case DPC_MODE_DFTRUC:
        return decompress_checked(true, src, src_bits, dst, dst_bytes, out_map);
    }
    if (out_map != NULL) {
        *out_map = 0;
    }
    return NP_BAD_PARAM;
}

size_t dpc_mode_compressed_bits(dpc_mode mode, const uint8_t line[DPC_LINE_BYTES],
                                unsigned map) {
    switch (mode) {
    case DPC_MODE_DPC:
        return dpc_compressed_bits(line);
    case DPC_MODE_DFTRUC:
        return dftruc_compressed_bits(line, map);
    case DPC_MODE_DFMAN:
        return dfman_compressed_bits(line, map);
    }
    return 0;
}
