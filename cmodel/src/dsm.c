/* DSM compression: the C golden model of docs/dsm.md sec. 1-4 (the approximation unit of
 * sec. 5 is in dsm_approx.c).
 *
 * Layout: small internal helpers (always inlined) do the work; the exported stage functions
 * (one per RTL submodule) and the whole-line functions are thin wrappers around them, so the
 * whole-line hot path inlines everything while each stage stays callable on its own.
 * Section numbers refer to docs/dsm.md. Every stream access goes through np_bits.h, except
 * dsm_decompress's, which reads a checked copy of the stream (see "whole-line decoder"). */
#include "dsm.h"

#include <string.h>

#include "codec.h"
#include "np_cpu.h"

#define NIBBLE_REPEAT UINT64_C(0x1111111111111111) /* x * this = nibble x in all 16 places */
#define LANE64_SEGMENTS 8u                           /* segments of one 64-byte half-lane */

/* The hot helpers must be inlined for their arrays to live in registers; GCC's size
 * heuristics otherwise keep the transpose out of line at -O2. */
#if defined(__GNUC__)
#define NP_ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define NP_ALWAYS_INLINE static inline
#endif

/* ---- small arithmetic helpers ---------------------------------------------------------- */

NP_ALWAYS_INLINE bool lane_bytes_ok(unsigned lane_bytes) {
    return lane_bytes == 64u || lane_bytes == 128u;
}

NP_ALWAYS_INLINE unsigned segments_of(unsigned lane_bytes) {
    return lane_bytes / DSM_SEGMENT_BYTES;
}

/* Segment recover (sec. 5.3.4): ES bit set -> the relayed nibble repeated 16 times, else
 * the relayed 64-bit segment. */
NP_ALWAYS_INLINE uint64_t segment_recover(unsigned es_bit, uint64_t relayed) {
    uint64_t pick = (uint64_t)0 - (es_bit & 1u);
    /* CSN: nibble x 0x1111...; raw: value x 1. One multiply, no branch. */
    return (relayed & (~pick | UINT64_C(0xF))) * (1u + ((NIBBLE_REPEAT - 1u) & pick));
}

/* ---- remap (sec. 2) -------------------------------------------------------------------- */

/* remap_half: 64 bytes (16 words) -> t[p] = nibble p of words 0..15, word j's nibble at bits
 * 4j+3..4j; unremap_half is its inverse. Two implementations of the same wiring: SSE2 (any
 * x86-64) and portable scalar code; -DNP_DSM_NO_SIMD selects the scalar one, and the test
 * suite runs both. */
#if defined(__SSE2__) && !defined(NP_DSM_NO_SIMD)
#define DSM_USE_SSE2 1
#endif

#ifdef DSM_USE_SSE2
#include <emmintrin.h>

/* Byte plane P (byte j = one byte of word j) -> its two segments: the low nibbles give
 * segment 2b, the high nibbles segment 2b + 1; adjacent nibbles j, j+1 share a byte. */
NP_ALWAYS_INLINE __m128i segments_of_plane(__m128i plane) {
    const __m128i low4 = _mm_set1_epi8(0x0F), low8 = _mm_set1_epi16(0x00FF);
    __m128i lo = _mm_and_si128(plane, low4);
    __m128i hi = _mm_and_si128(_mm_srli_epi16(plane, 4), low4);
    lo = _mm_and_si128(_mm_or_si128(lo, _mm_srli_epi16(lo, 4)), low8);
    hi = _mm_and_si128(_mm_or_si128(hi, _mm_srli_epi16(hi, 4)), low8);
    return _mm_packus_epi16(lo, hi);
}

/* Inverse of segments_of_plane: segments 2b and 2b+1 (in one register) -> byte plane. */
NP_ALWAYS_INLINE __m128i plane_of_segments(__m128i segs) {
    const __m128i low4 = _mm_set1_epi8(0x0F);
    __m128i even = _mm_and_si128(segs, low4);                    /* nibbles 0, 2, 4, ... */
    __m128i odd = _mm_and_si128(_mm_srli_epi16(segs, 4), low4);  /* nibbles 1, 3, 5, ... */
    __m128i lo_seg = _mm_unpacklo_epi8(even, odd);               /* segment 2b, one per byte */
    __m128i hi_seg = _mm_unpackhi_epi8(even, odd);               /* segment 2b + 1 */
    return _mm_or_si128(lo_seg, _mm_slli_epi16(hi_seg, 4));
}

/* Three rounds of byte interleaving turn 4 registers of 4 words into 4 byte planes
 * (plane b = byte b of words 0..15 in order). */
NP_ALWAYS_INLINE void remap_half(const uint8_t *bytes, uint64_t t[LANE64_SEGMENTS]) {
    __m128i a0 = _mm_loadu_si128((const __m128i *)(const void *)bytes);
    __m128i a1 = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 16));
    __m128i a2 = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 32));
    __m128i a3 = _mm_loadu_si128((const __m128i *)(const void *)(bytes + 48));
    __m128i t0 = _mm_unpacklo_epi8(a0, a1), t1 = _mm_unpackhi_epi8(a0, a1);
    __m128i t2 = _mm_unpacklo_epi8(a2, a3), t3 = _mm_unpackhi_epi8(a2, a3);
    __m128i u0 = _mm_unpacklo_epi8(t0, t1), u1 = _mm_unpackhi_epi8(t0, t1);
    __m128i u2 = _mm_unpacklo_epi8(t2, t3), u3 = _mm_unpackhi_epi8(t2, t3);
    __m128i v0 = _mm_unpacklo_epi8(u0, u1), v1 = _mm_unpackhi_epi8(u0, u1);
    __m128i v2 = _mm_unpacklo_epi8(u2, u3), v3 = _mm_unpackhi_epi8(u2, u3);
    __m128i *out = (__m128i *)(void *)t;
    _mm_storeu_si128(out + 0, segments_of_plane(_mm_unpacklo_epi64(v0, v2)));
    _mm_storeu_si128(out + 1, segments_of_plane(_mm_unpackhi_epi64(v0, v2)));
    _mm_storeu_si128(out + 2, segments_of_plane(_mm_unpacklo_epi64(v1, v3)));
    _mm_storeu_si128(out + 3, segments_of_plane(_mm_unpackhi_epi64(v1, v3)));
}

/* Segments 2b, 2b+1 into one register. Built from two 64-bit values, not loaded as 128 bits:
 * the decoder computes segments in general registers, and a 128-bit load of two separate
 * 64-bit stores would stall (no store forwarding). */
NP_ALWAYS_INLINE __m128i segment_pair(const uint64_t t[LANE64_SEGMENTS], unsigned b) {
    return _mm_set_epi64x((long long)t[2u * b + 1u], (long long)t[2u * b]);
}

/* Byte planes 0..3 (byte j of plane b = byte b of word j) -> the 16 words, in address order. */
NP_ALWAYS_INLINE void planes_to_bytes(__m128i p0, __m128i p1, __m128i p2, __m128i p3,
                                      uint8_t *bytes) {
    __m128i x0 = _mm_unpacklo_epi8(p0, p1), x1 = _mm_unpackhi_epi8(p0, p1); /* bytes 0, 1 */
    __m128i y0 = _mm_unpacklo_epi8(p2, p3), y1 = _mm_unpackhi_epi8(p2, p3); /* bytes 2, 3 */
    __m128i *out = (__m128i *)(void *)bytes;
    _mm_storeu_si128(out + 0, _mm_unpacklo_epi16(x0, y0));
    _mm_storeu_si128(out + 1, _mm_unpackhi_epi16(x0, y0));
    _mm_storeu_si128(out + 2, _mm_unpacklo_epi16(x1, y1));
    _mm_storeu_si128(out + 3, _mm_unpackhi_epi16(x1, y1));
}

NP_ALWAYS_INLINE void unremap_half(const uint64_t t[LANE64_SEGMENTS], uint8_t *bytes) {
    planes_to_bytes(plane_of_segments(segment_pair(t, 0)), plane_of_segments(segment_pair(t, 1)),
                    plane_of_segments(segment_pair(t, 2)), plane_of_segments(segment_pair(t, 3)),
                    bytes);
}

/* Segment recover (sec. 5.3.4) of two relayed fields at once: in the 64-bit half whose ES bit
 * (bit es_lo, resp. es_hi, of es_all's 32-bit lanes) is set, the low nibble repeated 16
 * times, else the field unchanged. Branch-free: the decoder's ES bits follow the data. */
NP_ALWAYS_INLINE __m128i recover_pair(__m128i relayed, __m128i es_all, unsigned es_lo,
                                      unsigned es_hi) {
    const __m128i bit = _mm_set_epi32((int)(1u << es_hi), (int)(1u << es_hi),
                                      (int)(1u << es_lo), (int)(1u << es_lo));
    __m128i csn = _mm_cmpeq_epi32(_mm_and_si128(es_all, bit), bit);
    /* nibble x 0x11111111 (the 32x32 -> 64 multiply of each half) fills the low 32 bits of
     * the half; the shuffle copies them into its high 32. */
    __m128i nibble = _mm_and_si128(relayed, _mm_set1_epi32(0xF));
    __m128i repeated = _mm_mul_epu32(nibble, _mm_set1_epi32(0x11111111));
    repeated = _mm_shuffle_epi32(repeated, _MM_SHUFFLE(2, 2, 0, 0));
    return _mm_xor_si128(relayed, _mm_and_si128(_mm_xor_si128(relayed, repeated), csn));
}

#else

/* Swap the nibble blocks selected by `mask` between rows a and b, `dist` bits apart: one
 * butterfly step of a recursive matrix transpose (Hacker's Delight 7-3, on nibbles). */
static inline void swap_blocks(uint64_t *a, uint64_t *b, unsigned dist, uint64_t mask) {
    uint64_t t = ((*a >> dist) ^ *b) & mask;
    *b ^= t;
    *a ^= t << dist;
}

/* Transposes two independent 8x8 nibble matrices at once: row i is x[i], matrix 0 in bits
 * 31..0 and matrix 1 in bits 63..32, column c = nibble c of each half. Three butterfly
 * stages (4x4 blocks, 2x2 blocks, single nibbles) instead of 128 nibble moves, written out
 * so the eight rows stay in registers. The transpose is its own inverse, so remap and unremap
 * share it. */
NP_ALWAYS_INLINE void transpose_nibbles_8x8x2(uint64_t x[LANE64_SEGMENTS]) {
    const uint64_t m16 = UINT64_C(0x0000FFFF0000FFFF);
    const uint64_t m8 = UINT64_C(0x00FF00FF00FF00FF);
    const uint64_t m4 = UINT64_C(0x0F0F0F0F0F0F0F0F);
    uint64_t x0 = x[0], x1 = x[1], x2 = x[2], x3 = x[3];
    uint64_t x4 = x[4], x5 = x[5], x6 = x[6], x7 = x[7];
    swap_blocks(&x0, &x4, 16, m16);
    swap_blocks(&x1, &x5, 16, m16);
    swap_blocks(&x2, &x6, 16, m16);
    swap_blocks(&x3, &x7, 16, m16);
    swap_blocks(&x0, &x2, 8, m8);
    swap_blocks(&x1, &x3, 8, m8);
    swap_blocks(&x4, &x6, 8, m8);
    swap_blocks(&x5, &x7, 8, m8);
    swap_blocks(&x0, &x1, 4, m4);
    swap_blocks(&x2, &x3, 4, m4);
    swap_blocks(&x4, &x5, 4, m4);
    swap_blocks(&x6, &x7, 4, m4);
    x[0] = x0, x[1] = x1, x[2] = x2, x[3] = x3;
    x[4] = x4, x[5] = x5, x[6] = x6, x[7] = x7;
}

/* Words j and j+8 share row j (low and high half), so after the transpose row p holds
 * nibble p of words 0..7 in its low half and of words 8..15 in its high half. */
NP_ALWAYS_INLINE void remap_half(const uint8_t *bytes, uint64_t t[LANE64_SEGMENTS]) {
    for (unsigned j = 0; j < LANE64_SEGMENTS; j++) {
        t[j] = (uint64_t)np_load_le32(bytes + 4u * j) |
               (uint64_t)np_load_le32(bytes + 4u * (j + 8u)) << 32;
    }
    transpose_nibbles_8x8x2(t);
}

NP_ALWAYS_INLINE void unremap_half(const uint64_t t_in[LANE64_SEGMENTS], uint8_t *bytes) {
    uint64_t t[LANE64_SEGMENTS];
    memcpy(t, t_in, sizeof t);
    transpose_nibbles_8x8x2(t);
    for (unsigned j = 0; j < LANE64_SEGMENTS; j++) {
        np_store_le32(bytes + 4u * j, (uint32_t)t[j]);
        np_store_le32(bytes + 4u * (j + 8u), (uint32_t)(t[j] >> 32));
    }
}

#endif

/* With W = 32 (L = 128), segment s is nibble s/2 of words 16*(s%2) .. 16*(s%2)+15: the
 * 64-byte remap of half h supplies the segments 2p + h. */
NP_ALWAYS_INLINE void remap_lane(unsigned lane_bytes, const uint8_t *lane, uint64_t *seg) {
    if (lane_bytes == 64u) {
        remap_half(lane, seg);
        return;
    }
    for (unsigned h = 0; h < 2; h++) {
        uint64_t t[LANE64_SEGMENTS];
        remap_half(lane + 64u * h, t);
        for (unsigned p = 0; p < LANE64_SEGMENTS; p++) {
            seg[2u * p + h] = t[p];
        }
    }
}

NP_ALWAYS_INLINE void unremap_lane(unsigned lane_bytes, const uint64_t *seg, uint8_t *lane) {
    if (lane_bytes == 64u) {
        unremap_half(seg, lane);
        return;
    }
    for (unsigned h = 0; h < 2; h++) {
        uint64_t t[LANE64_SEGMENTS];
        for (unsigned p = 0; p < LANE64_SEGMENTS; p++) {
            t[p] = seg[2u * p + h];
        }
        unremap_half(t, lane + 64u * h);
    }
}

void dsm_remap(unsigned lane_bytes, const uint8_t *lane, uint64_t seg[]) {
    if (lane_bytes_ok(lane_bytes)) {
        remap_lane(lane_bytes, lane, seg);
    }
}

void dsm_unremap(unsigned lane_bytes, const uint64_t seg[], uint8_t *lane) {
    if (lane_bytes_ok(lane_bytes)) {
        unremap_lane(lane_bytes, seg, lane);
    }
}

/* ---- CSN detection, encoding status, checker (sec. 3, 4.1, 4.3) ------------------------- */

/* All 16 nibbles are equal exactly when rotating the segment by one nibble leaves it
 * unchanged: one compare instead of 15. */
NP_ALWAYS_INLINE bool is_csn(uint64_t seg) {
    return seg == ((seg << 4) | (seg >> 60));
}

bool dsm_csn_detect(uint64_t seg, unsigned *nibble) {
    if (nibble != NULL) {
        *nibble = (unsigned)(seg & 0xFu);
    }
    return is_csn(seg);
}

NP_ALWAYS_INLINE uint32_t encoding_status(unsigned num_segments, const uint64_t *seg) {
    uint32_t es = 0;
    for (unsigned s = 0; s < num_segments; s++) {
        es |= (uint32_t)is_csn(seg[s]) << s;
    }
    return es;
}

uint32_t dsm_encoding_status(unsigned num_segments, const uint64_t seg[]) {
    return encoding_status(num_segments > DSM_MAX_SEGMENTS ? DSM_MAX_SEGMENTS : num_segments,
                           seg);
}

/* Compressed iff at least one CSN: with 8-byte segments that is exactly "compressed length
 * strictly shorter than raw" (sec. 4.3, Decision). */
NP_ALWAYS_INLINE bool comp_check(uint32_t es) {
    return es != 0;
}

bool dsm_comp_check(unsigned num_segments, uint32_t es) {
    return comp_check(es & (uint32_t)np_low_mask(num_segments));
}

/* 1 + S + 4n + 64(S - n) when compressed, 1 + 64S (= 1 + 8L) when raw. */
NP_ALWAYS_INLINE unsigned lane_bits(unsigned num_segments, uint32_t es) {
    if (!comp_check(es)) {
        return 1u + 64u * num_segments;
    }
    unsigned n = np_popcount32(es);
    return 1u + num_segments + 4u * n + 64u * (num_segments - n);
}

unsigned dsm_lane_bits(unsigned num_segments, uint32_t es) {
    if (num_segments > DSM_MAX_SEGMENTS) {
        num_segments = DSM_MAX_SEGMENTS;
    }
    return lane_bits(num_segments, es & (uint32_t)np_low_mask(num_segments));
}

/* ---- shortcuts of the whole-line path ----------------------------------------------------
 * dsm_compress / dsm_decompress produce exactly what the stage functions composed produce
 * (remap -> csn_detect -> encoding_status -> comp_check -> concat, and the reverse); the test
 * suite checks that on every real line. They skip work most lanes do not need:
 *  - ES straight from the words: with W = 16, segment p is a CSN iff nibble p is the same in
 *    all 16 words, i.e. iff nibble p of OR_j (w_j ^ w_0) is zero. No remap for ES;
 *  - a raw lane (ES = 0) is written from its bytes, never remapped;
 *  - in an all-CSN lane every word is equal, and its nibbles are the ED nibbles. */

/* OR over j of (w_j ^ w_0) for 16 words: nibble p is zero iff it is equal in all of them.
 * 64-bit loads hold words 2i (low) and 2i+1 (high), compared with words 0 and 1. */
NP_ALWAYS_INLINE uint32_t nibble_diff16(const uint8_t *bytes) {
    uint64_t v0 = np_load_le64(bytes);
    uint64_t d = (np_load_le64(bytes + 8) ^ v0) | (np_load_le64(bytes + 16) ^ v0) |
                 (np_load_le64(bytes + 24) ^ v0) | (np_load_le64(bytes + 32) ^ v0) |
                 (np_load_le64(bytes + 40) ^ v0) | (np_load_le64(bytes + 48) ^ v0) |
                 (np_load_le64(bytes + 56) ^ v0);
    return (uint32_t)d | (uint32_t)(d >> 32) | ((uint32_t)v0 ^ (uint32_t)(v0 >> 32));
}

/* Bit p (0..7) set when nibble p of d is zero. */
NP_ALWAYS_INLINE uint32_t zero_nibbles8(uint32_t d) {
    uint32_t nz = d | d >> 1;
    nz = (nz | nz >> 2) & 0x11111111u;  /* bit 4p: nibble p non-zero */
    nz = (nz | nz >> 3) & 0x03030303u;  /* gather pairs of flags per byte ... */
    nz = (nz | nz >> 6) & 0x000F000Fu;  /* ... four per half-word ... */
    nz = (nz | nz >> 12) & 0xFFu;       /* ... eight in the low byte */
    return ~nz & 0xFFu;
}

/* Bit p of x to bit 2p (p = 0..7). */
NP_ALWAYS_INLINE uint32_t spread_bits8(uint32_t x) {
    x = (x | x << 4) & 0x0F0Fu;
    x = (x | x << 2) & 0x3333u;
    return (x | x << 1) & 0x5555u;
}

/* Nibble p of x (p = 0..7) to nibble 2p, and back. */
NP_ALWAYS_INLINE uint64_t spread_nibbles8(uint64_t x) {
    x = (x | x << 16) & UINT64_C(0x0000FFFF0000FFFF);
    x = (x | x << 8) & UINT64_C(0x00FF00FF00FF00FF);
    return (x | x << 4) & UINT64_C(0x0F0F0F0F0F0F0F0F);
}

NP_ALWAYS_INLINE uint32_t gather_nibbles8(uint64_t x) {
    x &= UINT64_C(0x0F0F0F0F0F0F0F0F);
    x = (x | x >> 4) & UINT64_C(0x00FF00FF00FF00FF);
    x = (x | x >> 8) & UINT64_C(0x0000FFFF0000FFFF);
    return (uint32_t)(x | x >> 16);
}

/* ES of a lane from its bytes. With W = 32, segment 2p + h is nibble p of half h's words. */
NP_ALWAYS_INLINE uint32_t lane_es_direct(unsigned lane_bytes, const uint8_t *lane) {
    uint32_t es0 = zero_nibbles8(nibble_diff16(lane));
    if (lane_bytes == 64u) {
        return es0;
    }
    return spread_bits8(es0) | spread_bits8(zero_nibbles8(nibble_diff16(lane + 64))) << 1;
}

/* ED of an all-CSN lane: segment s's nibble. W = 16: segment p is nibble p of every word, so
 * the ED is word 0 itself; W = 32: nibbles of the two halves' word 0 interleaved. */
NP_ALWAYS_INLINE uint64_t all_csn_ed(unsigned lane_bytes, const uint8_t *lane) {
    if (lane_bytes == 64u) {
        return np_load_le32(lane);
    }
    return spread_nibbles8(np_load_le32(lane)) | spread_nibbles8(np_load_le32(lane + 64)) << 4;
}

NP_ALWAYS_INLINE void put_all_csn_lane(np_wordbuf *b, unsigned lane_bytes, const uint8_t *lane) {
    unsigned num_segments = segments_of(lane_bytes);
    np_wb_put_fit(b, 1u | np_low_mask(num_segments) << 1, 1u + num_segments);
    np_wb_put_fit(b, all_csn_ed(lane_bytes, lane), 4u * num_segments);
}

NP_ALWAYS_INLINE void fill_words(uint8_t *bytes, unsigned nwords, uint32_t word) {
    uint64_t pair = (uint64_t)word | (uint64_t)word << 32;
    NP_UNROLL
    for (unsigned b = 0; b < 4u * nwords; b += 8u) {
        np_store_le64(bytes + b, pair);
    }
}

/* Inverse of put_all_csn_lane after C and ES: every word of a half is the same. */
NP_ALWAYS_INLINE void unpack_all_csn_lane(np_bitreader *r, unsigned lane_bytes, uint8_t *lane) {
    uint64_t ed = np_br_get_inline(r, 4u * segments_of(lane_bytes));
    if (lane_bytes == 64u) {
        fill_words(lane, 16, (uint32_t)ed);
        return;
    }
    fill_words(lane, 16, gather_nibbles8(ed));
    fill_words(lane + 64, 16, gather_nibbles8(ed >> 4));
}

/* ---- concatenator and unpacker (sec. 4.2, 4.3) ----------------------------------------- */

/* The lane streams are assembled in an np_wordbuf (np_bits.h): aligned 64-bit appends, copied
 * to the caller's bytes in one checked step. Every field is appended unchecked (np_wb_put_fit):
 * a buffer holds at most two lanes, whose longest stream (DSM_MAX_BITS, or one 128-byte lane's
 * 1 + 16 * 64 bits) is inside it, and each value is built within its width (ES masked to S bits,
 * an all-CSN ED of 4S bits). */

/* C = 0 and the lane's bytes in address order (sec. 4.3): 64-bit fields, none short. */
NP_ALWAYS_INLINE void put_raw_lane(np_wordbuf *b, unsigned lane_bytes, const uint8_t *lane) {
    uint64_t words[DSM_MAX_SEGMENTS];
    NP_UNROLL
    for (unsigned i = 0; i < lane_bytes / 8u; i++) {
        words[i] = np_load_le64(lane + 8u * i);
    }
    np_wb_put_fit(b, 0u, 1);
    np_wb_put_words_fit(b, words, lane_bytes / 8u);   /* fits: DSM_MAX_BITS < 64 * NP_WB_WORDS */
}

NP_ALWAYS_INLINE void concat_lane(np_wordbuf *b, unsigned lane_bytes, const uint8_t *lane,
                                  const uint64_t *seg, uint32_t es) {
    unsigned num_segments = segments_of(lane_bytes);
    if (!comp_check(es)) {
        put_raw_lane(b, lane_bytes, lane);
        return;
    }
    np_wb_put_fit(b, 1u | (uint64_t)es << 1, 1u + num_segments);
    /* 4 bits for a CSN (the append keeps the nibble, the low bits), 64 for a raw segment. */
    np_wb_put_fields_mask(b, seg, num_segments, es, 4u, 64u);
}

void dsm_concat(np_bitwriter *w, unsigned lane_bytes, const uint8_t *lane, const uint64_t seg[],
                uint32_t es) {
    if (!lane_bytes_ok(lane_bytes)) {
        w->overflow = 1; /* no stream exists for this lane size: make the failure visible */
        return;
    }
    np_wordbuf b;
    np_wb_init(&b);
    es &= (uint32_t)np_low_mask(segments_of(lane_bytes));
    if (lane_bytes == 64u) {
        concat_lane(&b, 64u, lane, seg, es);
    } else {
        concat_lane(&b, 128u, lane, seg, es);
    }
    np_bw_put_wordbuf(w, &b);
}

uint64_t dsm_segment_recover(bool es_bit, uint64_t relayed) {
    return segment_recover(es_bit, relayed);
}

NP_ALWAYS_INLINE np_result unpack_raw_lane(np_bitreader *r, unsigned lane_bytes, uint8_t *lane) {
    uint64_t words[DSM_MAX_SEGMENTS];
    np_br_get_fields_mask(r, words, lane_bytes / 8u, 0u, 64u, 64u);
    if (r->overrun) {
        return NP_BAD_DATA; /* truncated body */
    }
    NP_UNROLL
    for (unsigned i = 0; i < lane_bytes / 8u; i++) {
        np_store_le64(lane + 8u * i, words[i]);
    }
    return NP_OK;
}

NP_ALWAYS_INLINE np_result unpack_compressed_lane(np_bitreader *r, unsigned lane_bytes,
                                                  uint8_t *lane) {
    unsigned num_segments = segments_of(lane_bytes);
    if (np_br_remaining(r) < num_segments) {
        return NP_BAD_DATA; /* truncated ES */
    }
    uint32_t es = (uint32_t)np_br_get_inline(r, num_segments);
    if (es == 0) {
        return NP_BAD_DATA; /* C = 1 with ES = 0: never emitted (sec. 4.5) */
    }
    if (es == (uint32_t)np_low_mask(num_segments)) {
        unpack_all_csn_lane(r, lane_bytes, lane);
        return r->overrun ? NP_BAD_DATA : NP_OK; /* overrun: truncated ED */
    }
    uint64_t seg[DSM_MAX_SEGMENTS];
    np_br_get_fields_mask(r, seg, num_segments, es, 4u, 64u);
    if (r->overrun) {
        return NP_BAD_DATA; /* truncated ED */
    }
    NP_UNROLL
    for (unsigned s = 0; s < num_segments; s++) {
        seg[s] = segment_recover(es >> s & 1u, seg[s]);
    }
    unremap_lane(lane_bytes, seg, lane);
    return NP_OK;
}

NP_ALWAYS_INLINE np_result unpack_lane(np_bitreader *r, unsigned lane_bytes, uint8_t *lane) {
    if (np_br_remaining(r) < 1u) {
        return NP_BAD_DATA; /* no C bit */
    }
    return np_br_get_inline(r, 1) ? unpack_compressed_lane(r, lane_bytes, lane)
                                  : unpack_raw_lane(r, lane_bytes, lane);
}

np_result dsm_unpack(np_bitreader *r, unsigned lane_bytes, uint8_t *lane) {
    if (r == NULL || lane == NULL || !lane_bytes_ok(lane_bytes)) {
        return NP_BAD_PARAM;
    }
    return lane_bytes == 64u ? unpack_lane(r, 64u, lane) : unpack_lane(r, 128u, lane);
}

/* ---- bit counter and ED offsets (sec. 4.2, 5.3.4) -------------------------------------- */

unsigned dsm_bit_count(uint32_t es, unsigned i) {
    return np_popcount32(i >= 32u ? es : es & (((uint32_t)1 << i) - 1u));
}

/* ed_offsets[e][i] = 64i - 60k, k = CSN segments among 0 .. i-1 of ES byte e (sec. 4.2), for
 * i = 0 .. 8; entry 8 is the length of the 8 segments' ED. The decoder looks each field's
 * offset up instead of counting ES bits; a 16-bit ES is two bytes, the second byte's offsets
 * counted from the end of the first byte's 8 segments. Written as constant expressions of the
 * index, so the compiler computes all 256 rows. */
#define ES_BIT(e, j) (((e) >> (j)) & 1u)
#define ES_K1(e) ES_BIT(e, 0)
#define ES_K2(e) (ES_K1(e) + ES_BIT(e, 1))
#define ES_K3(e) (ES_K2(e) + ES_BIT(e, 2))
#define ES_K4(e) (ES_K3(e) + ES_BIT(e, 3))
#define ES_K5(e) (ES_K4(e) + ES_BIT(e, 4))
#define ES_K6(e) (ES_K5(e) + ES_BIT(e, 5))
#define ES_K7(e) (ES_K6(e) + ES_BIT(e, 6))
#define ES_K8(e) (ES_K7(e) + ES_BIT(e, 7))
#define ED_OFFSETS(e)                                                                          \
    {0u, 64u - 60u * ES_K1(e), 128u - 60u * ES_K2(e), 192u - 60u * ES_K3(e),                  \
     256u - 60u * ES_K4(e), 320u - 60u * ES_K5(e), 384u - 60u * ES_K6(e),                     \
     448u - 60u * ES_K7(e), 512u - 60u * ES_K8(e)}
#define ED_ROWS4(e) ED_OFFSETS(e), ED_OFFSETS((e) + 1u), ED_OFFSETS((e) + 2u), ED_OFFSETS((e) + 3u)
#define ED_ROWS16(e) ED_ROWS4(e), ED_ROWS4((e) + 4u), ED_ROWS4((e) + 8u), ED_ROWS4((e) + 12u)
#define ED_ROWS64(e) ED_ROWS16(e), ED_ROWS16((e) + 16u), ED_ROWS16((e) + 32u), ED_ROWS16((e) + 48u)

static const uint16_t ed_offsets[256][LANE64_SEGMENTS + 1u] = {
    ED_ROWS64(0u), ED_ROWS64(64u), ED_ROWS64(128u), ED_ROWS64(192u)};

/* The offset of segment i (0 .. 16) from the table, as the whole-line decoder finds it. */
NP_ALWAYS_INLINE unsigned ed_offset_table(uint32_t es, unsigned i) {
    if (i <= LANE64_SEGMENTS) {
        return ed_offsets[es & 0xFFu][i];
    }
    return ed_offsets[es & 0xFFu][LANE64_SEGMENTS] +
           ed_offsets[es >> 8 & 0xFFu][i - LANE64_SEGMENTS];
}

unsigned dsm_ed_offset(uint32_t es, unsigned i) {
    if (i > DSM_MAX_SEGMENTS) {
        return 64u * i - 60u * dsm_bit_count(es, i); /* past any lane: the formula itself */
    }
    return ed_offset_table(es, i);
}

/* ---- configuration --------------------------------------------------------------------- */

void dsm_config_default(dsm_config *cfg) {
    if (cfg != NULL) {
        cfg->lane_bytes = 64u;
    }
}

np_result dsm_config_check(const dsm_config *cfg) {
    return cfg != NULL && lane_bytes_ok(cfg->lane_bytes) ? NP_OK : NP_BAD_PARAM;
}

/* ---- whole line ------------------------------------------------------------------------ */

/* ES of every lane and the stream length. */
typedef struct {
    uint32_t es[2];
    unsigned total_bits;
} line_analysis;

NP_ALWAYS_INLINE void analyse_line(unsigned lane_bytes, const uint8_t *line, line_analysis *a) {
    unsigned num_segments = segments_of(lane_bytes);
    a->total_bits = 0;
    for (unsigned k = 0; k < DSM_LINE_BYTES / lane_bytes; k++) {
        a->es[k] = lane_es_direct(lane_bytes, line + k * lane_bytes);
        a->total_bits += lane_bits(num_segments, a->es[k]);
    }
}

/* One lane through the cheapest path its ES allows; concat_lane for the general case. */
NP_ALWAYS_INLINE void write_lane(np_wordbuf *b, unsigned lane_bytes, const uint8_t *lane,
                              uint32_t es) {
    if (es == 0) {
        put_raw_lane(b, lane_bytes, lane);
    } else if (es == (uint32_t)np_low_mask(segments_of(lane_bytes))) {
        put_all_csn_lane(b, lane_bytes, lane);
    } else {
        uint64_t seg[DSM_MAX_SEGMENTS];
        remap_lane(lane_bytes, lane, seg);
        concat_lane(b, lane_bytes, lane, seg, es);
    }
}

/* The whole-line bodies are written once for any lane size and instantiated for 64 and 128
 * (always-inline with a constant), so every loop has a constant trip count and unrolls. */
NP_ALWAYS_INLINE size_t compressed_bits_line(unsigned lane_bytes, const uint8_t *line) {
    line_analysis a;
    analyse_line(lane_bytes, line, &a);
    return a.total_bits;
}

size_t dsm_compressed_bits(const dsm_config *cfg, const uint8_t line[DSM_LINE_BYTES]) {
    if (line == NULL || dsm_config_check(cfg) != NP_OK) {
        return 0;
    }
    return cfg->lane_bytes == 64u ? compressed_bits_line(64u, line)
                                  : compressed_bits_line(128u, line);
}

NP_ALWAYS_INLINE np_result compress_line(unsigned lane_bytes, const uint8_t *line, uint8_t *dst,
                                         size_t dst_bytes, size_t *out_bits) {
    line_analysis a;
    analyse_line(lane_bytes, line, &a);
    *out_bits = a.total_bits;
    if (dst_bytes < (a.total_bits + 7u) / 8u) {
        return NP_NO_SPACE;
    }
    np_wordbuf b;
    np_wb_init(&b);
    for (unsigned k = 0; k < DSM_LINE_BYTES / lane_bytes; k++) {
        write_lane(&b, lane_bytes, line + k * lane_bytes, a.es[k]);
    }
    /* The length was computed from the same ES, so the stream ends exactly there. */
    if (b.pos != a.total_bits) {
        return NP_BAD_PARAM;
    }
    return np_wb_copy_out(&b, dst, dst_bytes);
}


#if NP_HAVE_AVX2
/* The same C compiled for AVX2 + BMI2 machines (np_cpu.h, chosen at run time): the ED's
 * variable shifts become shlx / shrx, which need no shift-count register. */
NP_TARGET_AVX2 static np_result compress_line_bmi2(unsigned lane_bytes, const uint8_t *line, uint8_t *dst,
                                                   size_t dst_bytes, size_t *out_bits) {
    return lane_bytes == 64u ? compress_line(64u, line, dst, dst_bytes, out_bits)
                             : compress_line(128u, line, dst, dst_bytes, out_bits);
}
#endif

/* The portable build of the same C, kept out of line: inlined into dsm_compress, its frame
 * (six saved registers and 472 bytes of stack) was set up on every call, the AVX2 path's
 * included, 44 instructions per line of a dispatcher that needs a handful. */
static __attribute__((noinline)) np_result compress_line_portable(unsigned lane_bytes, const uint8_t *line,
                                                                  uint8_t *dst, size_t dst_bytes,
                                                                  size_t *out_bits) {
    return lane_bytes == 64u ? compress_line(64u, line, dst, dst_bytes, out_bits)
                             : compress_line(128u, line, dst, dst_bytes, out_bits);
}

/* The build this machine runs (np_cpu.h), for arguments already checked. */
NP_ALWAYS_INLINE np_result compress_dispatch(unsigned lane_bytes, const uint8_t *line, uint8_t *dst,
                                             size_t dst_bytes, size_t *out_bits) {
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) {
        return compress_line_bmi2(lane_bytes, line, dst, dst_bytes, out_bits);
    }
#endif
    return compress_line_portable(lane_bytes, line, dst, dst_bytes, out_bits);
}

np_result dsm_compress(const dsm_config *cfg, const uint8_t line[DSM_LINE_BYTES],
                       uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
    if (line == NULL || out_bits == NULL || dsm_config_check(cfg) != NP_OK ||
        (dst == NULL && dst_bytes > 0)) {
        return NP_BAD_PARAM;
    }
    return compress_dispatch(cfg->lane_bytes, line, dst, dst_bytes, out_bits);
}

/* ---- whole-line decoder ---------------------------------------------------------------------
 * dsm_decompress accepts exactly the streams dsm_unpack accepts lane by lane and decodes them to
 * the same lines (the test suite checks both against a naive decoder), without a check per
 * field: the lane headers alone place every field and fix the stream's length, so comparing
 * that length with src_bits once, after decoding, stands for every per-field bounds check.
 *
 * Memory safety does not rest on that comparison. The caller's (src_bits + 7) / 8 bytes are
 * first copied into a fixed window of 64-bit words, zero after them, and every read is from
 * the window at a position the headers bound, whatever they hold. A lane's header and
 * fields lie in its first 1 + S + 64S bits (the longest lane a header can describe: C = 1,
 * ES = 0), 521 bits for L = 64 and 1041 for L = 128, so every 64-bit read starts below bit
 * LONGEST_LINE = 2 * 521 = 1042 and touches window words q and q + 1 with q <= 1041 / 64 = 16.
 * A malformed stream thus decodes to some line, which is then rejected (and zeroed by
 * dsm_decompress). */

#define LONGEST_LANE(segments) (1u + (segments) + 64u * (segments))
#define LONGEST_LINE (2u * LONGEST_LANE(8u)) /* >= LONGEST_LANE(16u) = 1041 */
#define WINDOW_WORDS ((LONGEST_LINE - 1u) / 64u + 2u) /* 18: up to word 16, + 1 spare */

_Static_assert(LONGEST_LINE >= LONGEST_LANE(16u), "the window bound covers L = 128");
_Static_assert(WINDOW_WORDS * 64u >= DSM_MAX_BYTES * 8u, "the window holds any valid stream");
_Static_assert(WINDOW_WORDS % 2u == 0u, "window_clear clears 16-byte pairs of words");

typedef struct {
    _Alignas(16) uint64_t word[WINDOW_WORDS];
} stream_window;

/* The shortest stream of a whole line: every lane all-CSN, 1 + S + 4S bits each (82 bits for
 * L = 64, 81 for L = 128). Anything shorter is truncated. */
NP_ALWAYS_INLINE size_t min_line_bits(unsigned lane_bytes) {
    return (DSM_LINE_BYTES / lane_bytes) * (1u + 5u * segments_of(lane_bytes));
}

/* window_clear: the window all zero (np_clear16: 16-byte stores, not `rep stos`). */
NP_ALWAYS_INLINE void window_clear(stream_window *w) {
    np_clear16(w->word, WINDOW_WORDS / 2u);
}

/* Copies the stream's nbytes = (src_bits + 7) / 8 bytes (11 .. DSM_MAX_BYTES: the caller
 * checked src_bits) into the cleared window: 16-byte chunks at byte offsets min(16c, nbytes -
 * 16), so chunks past the end copy the last 16 bytes again to the same place and no loop
 * depends on the length. (memcpy with a variable length, or a copy loop, compiles to
 * `rep movs` here, which on its own costs more than decoding the line.) */
NP_ALWAYS_INLINE void window_copy(stream_window *w, const uint8_t *src, size_t nbytes) {
    uint8_t *bytes = (uint8_t *)w->word;
    if (nbytes >= 16u) {
        NP_UNROLL
        for (size_t c = 0; c < (DSM_MAX_BYTES + 15u) / 16u; c++) {
            size_t off = 16u * c < nbytes - 16u ? 16u * c : nbytes - 16u;
            memcpy(bytes + off, src + off, 16);
        }
    } else { /* 11 .. 15 bytes: two overlapping 8-byte chunks */
        memcpy(bytes, src, 8);
        memcpy(bytes + nbytes - 8u, src + nbytes - 8u, 8);
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    for (size_t i = 0; i < WINDOW_WORDS; i++) {
        w->word[i] = np_load_le64(bytes + 8u * i); /* word i = bytes 8i .. 8i+7, LSB first */
    }
#endif
}

/* The stream into the window: word i holds s[64i .. 64i + 63], zero past the caller's bytes.
 * The padding bits of the last byte come along; they are ignored (docs/conventions.md)
 * because the decoder keeps only the bits of each field, and a field reaching them belongs to
 * a lane that runs past src_bits, which rejects the stream. */
NP_ALWAYS_INLINE void window_load(stream_window *w, const uint8_t *src, size_t src_bits) {
    window_clear(w);
    window_copy(w, src, (src_bits + 7u) / 8u);
}

/* Bits sh .. sh + 63 of the 128-bit value hi:lo (sh < 64): one double-width shift (x86-64
 * shrd) where the compiler has a 128-bit type; -DNP_DSM_NO_SIMD selects the portable form
 * here too, so the scalar test build covers it. */
NP_ALWAYS_INLINE uint64_t funnel_right(uint64_t lo, uint64_t hi, unsigned sh) {
#if defined(__SIZEOF_INT128__) && !defined(NP_DSM_NO_SIMD)
    /* & 63 restates sh < 64 where the compiler cannot see it, so no code for sh >= 64 */
    return (uint64_t)((((unsigned __int128)hi << 64) | lo) >> (sh & 63u));
#else
    return lo >> sh | (hi << 1) << (63u - sh);
#endif
}

/* The 64 bits s[pos .. pos + 63]; pos < LONGEST_LINE (see above). */
NP_ALWAYS_INLINE uint64_t window_peek(const stream_window *w, size_t pos) {
    size_t q = pos / 64u;
    return funnel_right(w->word[q], w->word[q + 1u], (unsigned)(pos % 64u));
}

/* Raw lane body (sec. 4.3) at pos: S words of 64 bits, all at the same offset within the
 * window's words (the compiler shares the loads between neighbours). */
NP_ALWAYS_INLINE void window_raw_lane(const stream_window *w, size_t pos, unsigned lane_bytes,
                                      uint8_t *lane) {
    NP_UNROLL
    for (unsigned i = 0; i < lane_bytes / 8u; i++) {
        np_store_le64(lane + 8u * i, window_peek(w, pos + 64u * i));
    }
}

/* All-CSN ED at pos (4S bits): every word of a 64-byte half is the same. */
NP_ALWAYS_INLINE void window_all_csn_lane(const stream_window *w, size_t pos,
                                          unsigned lane_bytes, uint8_t *lane) {
    uint64_t ed = window_peek(w, pos);
    if (lane_bytes == 64u) {
        fill_words(lane, 16, (uint32_t)ed);
        return;
    }
    fill_words(lane, 16, gather_nibbles8(ed));
    fill_words(lane + 64, 16, gather_nibbles8(ed >> 4));
}

/* The 64 bits at segment s's field, the ED starting at ed_pos: the field itself for a raw
 * segment; for a CSN, its nibble in bits 3..0 and whatever follows above, which the recover
 * discards. */
NP_ALWAYS_INLINE uint64_t relayed_field(const stream_window *w, size_t ed_pos, uint32_t es,
                                        unsigned s) {
    return window_peek(w, ed_pos + ed_offset_table(es, s));
}

/* decode_half: the 64-byte half whose segment p is lane segment first + step * p (L = 64:
 * 0, 1; half h of L = 128: h, 2, sec. 2): fields read, recovered by their ES bits, unremapped
 * into bytes. */
#ifdef DSM_USE_SSE2
NP_ALWAYS_INLINE void decode_half(const stream_window *w, size_t ed_pos, uint32_t es,
                                  unsigned first, unsigned step, uint8_t *bytes) {
    const __m128i es_all = _mm_set1_epi32((int)es);
    __m128i planes[4];
    NP_UNROLL
    for (unsigned b = 0; b < 4u; b++) {
        unsigned s0 = first + step * 2u * b, s1 = s0 + step;
        /* From the two fields in registers, as segment_pair: no store-forwarding stall. */
        __m128i relayed = _mm_set_epi64x((long long)relayed_field(w, ed_pos, es, s1),
                                         (long long)relayed_field(w, ed_pos, es, s0));
        planes[b] = plane_of_segments(recover_pair(relayed, es_all, s0, s1));
    }
    planes_to_bytes(planes[0], planes[1], planes[2], planes[3], bytes);
}
#else
NP_ALWAYS_INLINE void decode_half(const stream_window *w, size_t ed_pos, uint32_t es,
                                  unsigned first, unsigned step, uint8_t *bytes) {
    uint64_t seg[LANE64_SEGMENTS];
    NP_UNROLL
    for (unsigned p = 0; p < LANE64_SEGMENTS; p++) {
        unsigned s = first + step * p;
        seg[p] = segment_recover(es >> s & 1u, relayed_field(w, ed_pos, es, s));
    }
    unremap_half(seg, bytes);
}
#endif

/* A lane's ED at pos with encoding status es (not all CSN) into its bytes; returns the ED
 * length. Offsets from ed_offsets, no branch on the ES bits. */
NP_ALWAYS_INLINE size_t window_mixed_lane(const stream_window *w, size_t pos, uint32_t es,
                                          unsigned lane_bytes, uint8_t *lane) {
    if (lane_bytes == 64u) {
        decode_half(w, pos, es, 0, 1, lane);
    } else {
        NP_UNROLL
        for (unsigned h = 0; h < 2u; h++) {
            decode_half(w, pos, es, h, 2, lane + 64u * h);
        }
    }
    return ed_offset_table(es, segments_of(lane_bytes));
}

/* Decodes the lane whose C bit is at pos into lane and returns its length in bits (sec. 4.2,
 * 4.3). C = 1 with ES = 0 (sec. 4.5) sets *non_canonical and is decoded as S raw segments, so
 * the length, and every later position, stays within the bound above. */
NP_ALWAYS_INLINE size_t window_lane(const stream_window *w, size_t pos, unsigned lane_bytes,
                                    uint8_t *lane, unsigned *non_canonical) {
    unsigned num_segments = segments_of(lane_bytes);
    uint64_t header = window_peek(w, pos);
    if ((header & 1u) == 0) {
        window_raw_lane(w, pos + 1u, lane_bytes, lane);
        return 1u + 8u * lane_bytes;
    }
    uint32_t all = (uint32_t)np_low_mask(num_segments);
    uint32_t es = (uint32_t)(header >> 1) & all;
    size_t ed_pos = pos + 1u + num_segments;
    if (es == all) {
        window_all_csn_lane(w, ed_pos, lane_bytes, lane);
        return 1u + 5u * num_segments;
    }
    *non_canonical |= es == 0;
    return 1u + num_segments + window_mixed_lane(w, ed_pos, es, lane_bytes, lane);
}

NP_ALWAYS_INLINE np_result decompress_line(unsigned lane_bytes, const uint8_t *src,
                                           size_t src_bits, uint8_t *dst) {
    /* Longer than any lane sequence (sec. 4.4): bits would remain. Shorter than the shortest:
     * truncated. Either way nothing to decode. */
    if (src_bits > DSM_MAX_BITS || src_bits < min_line_bits(lane_bytes)) {
        return NP_BAD_DATA;
    }
    stream_window w;
    window_load(&w, src, src_bits);
    size_t pos = 0;
    unsigned non_canonical = 0;
    for (unsigned k = 0; k < DSM_LINE_BYTES / lane_bytes; k++) {
        pos += window_lane(&w, pos, lane_bytes, dst + k * lane_bytes, &non_canonical);
    }
    /* pos is the length the headers describe: beyond src_bits, a lane ran past the end
     * (truncated); short of it, bits remain (sec. 4.5). */
    return pos != src_bits || non_canonical ? NP_BAD_DATA : NP_OK;
}

/* dsm_decompress after its pointer and configuration checks: the line, or NP_NO_SPACE, or
 * NP_BAD_DATA with dst zeroed. */
NP_ALWAYS_INLINE np_result decompress_checked(unsigned lane_bytes, const uint8_t *src,
                                              size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (dst_bytes < DSM_LINE_BYTES) {
        return NP_NO_SPACE;
    }
    np_result rc = decompress_line(lane_bytes, src, src_bits, dst);
    if (rc != NP_OK) {
        memset(dst, 0, DSM_LINE_BYTES);
    }
    return rc;
}

np_result dsm_decompress(const dsm_config *cfg, const uint8_t *src, size_t src_bits,
                         uint8_t *dst, size_t dst_bytes) {
    if (dst == NULL || dsm_config_check(cfg) != NP_OK || (src == NULL && src_bits > 0)) {
        return NP_BAD_PARAM;
    }
    return cfg->lane_bytes == 64u ? decompress_checked(64u, src, src_bits, dst, dst_bytes)
                                  : decompress_checked(128u, src, src_bits, dst, dst_bytes);
}

/* ---- registry entry (codec.h): two 64-byte lanes, the configuration every table has used ----
 * np_codec_compress / np_codec_decompress have checked every pointer, so the entries go
 * straight to the 64-byte-lane paths; dsm_compress / dsm_decompress's configuration checks
 * (a call, a copy of the configuration and a branch on the lane size per line) are for their
 * own callers. */
static np_result dsm_entry_compress(void *state, const np_codec_opts *opts, const uint8_t line[128],
                                    uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *fill) {
    (void)state;
    (void)opts;
    *fill = NP_CODEC_FILL_ALL;
    return compress_dispatch(64u, line, dst, dst_bytes, out_bits);
}

static np_result dsm_entry_decompress(void *state, const np_codec_opts *opts, const uint8_t *src,
                                      size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    (void)state;
    (void)opts;
    return decompress_checked(64u, src, src_bits, dst, dst_bytes);
}

/* Seed 001 Table 6.5 (latency) and sec. 6.6 ("DSM without approximation (29K)"). */
const np_codec np_codec_dsm = {
    .name = "dsm",
    .description = "DSM: nibble remap and consecutive-same-nibble segments, two 64-byte lanes",
    .spec = "docs/dsm.md",
    .max_bits = DSM_MAX_BITS,
    .compress = dsm_entry_compress,
    .decompress = dsm_entry_decompress,
    .comp_top = "dsm_compressor",
    .decomp_top = "dsm_decompressor",
};

/* ---- single-lane decoder ------------------------------------------------------------------
 * Built on the stage function dsm_unpack (bounds-checked bit reader over exactly src_bits bits),
 * not on the window decoder above: it is the oracle of dsm_lane_pair_decompressor, a second
 * decoder independent of dsm_decompress's shortcuts (the test suite checks they agree). */
np_result dsm_decompress_lane(const dsm_config *cfg, const uint8_t *src, size_t src_bits,
                              uint8_t *lane, size_t lane_cap) {
    if (lane == NULL || dsm_config_check(cfg) != NP_OK || (src == NULL && src_bits > 0)) {
        return NP_BAD_PARAM;
    }
    if (lane_cap < cfg->lane_bytes) {
        return NP_NO_SPACE;
    }
    np_bitreader r;
    np_br_init(&r, src, src_bits);
    /* dsm_unpack rejects a truncated lane and C = 1 with ES = 0; bits left over after the lane
     * are trailing data (sec. 4.5). */
    np_result rc = dsm_unpack(&r, cfg->lane_bytes, lane);
    if (rc == NP_OK && np_br_remaining(&r) != 0) {
        rc = NP_BAD_DATA;
    }
    if (rc != NP_OK) {
        memset(lane, 0, cfg->lane_bytes);
    }
    return rc;
}
