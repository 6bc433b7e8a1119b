/* FPC golden model (docs/fpc.md). Every stream read goes through the bounds-checked reader of
 * np_bits.h; the writer is the checked writer, so a too-small buffer can never be overrun. */
#include "fpc.h"

#include <string.h>

#include "codec.h"

/* ---- words ------------------------------------------------------------------------------------ */

void fpc_line_words(const uint8_t line[FPC_LINE_BYTES], uint32_t word[2u * FPC_LANE_WORDS]) {
    for (unsigned w = 0; w < 2u * FPC_LANE_WORDS; w++) {
        const uint8_t *b = line + 4u * w;
        word[w] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
}

void fpc_words_line(const uint32_t word[2u * FPC_LANE_WORDS], uint8_t line[FPC_LINE_BYTES]) {
    for (unsigned w = 0; w < 2u * FPC_LANE_WORDS; w++) {
        for (unsigned b = 0; b < 4u; b++) line[4u * w + b] = (uint8_t)(word[w] >> (8u * b));
    }
}

/* ---- pattern detection (sec. 2) ------------------------------------------------------------- */

/* True when word is the sign extension of its low n bits. */
static bool sign_extended(uint32_t word, unsigned n) {
    uint32_t high = word >> (n - 1u);           /* bits 31 .. n-1 all equal */
    return high == 0u || high == (UINT32_MAX >> (n - 1u));
}

static bool byte_se_halfword(uint32_t half) {   /* a 16-bit halfword that is a sign-extended byte */
    return half <= 0x007Fu || half >= 0xFF80u;
}

fpc_prefix fpc_classify(uint32_t word) {
    /* Prefix order is also shortest-first wherever two patterns can both match (sec. 2.2). */
    if (word == 0u) return FPC_ZERO_RUN;
    if (sign_extended(word, 4u)) return FPC_SE4;
    if (sign_extended(word, 8u)) return FPC_SE8;
    if (sign_extended(word, 16u)) return FPC_SE16;
    if ((word & 0xFFFFu) == 0u) return FPC_HALF_PAD;
    if (byte_se_halfword(word & 0xFFFFu) && byte_se_halfword(word >> 16)) return FPC_TWO_SE8;
    uint32_t b = word & 0xFFu;
    if (word == b * 0x01010101u) return FPC_REP_BYTES;
    return FPC_RAW_WORD;
}

static const unsigned data_bits[8] = {3u, 4u, 8u, 16u, 16u, 16u, 8u, 32u};

unsigned fpc_data_bits(fpc_prefix p) { return data_bits[p & 7u]; }

uint32_t fpc_data(fpc_prefix p, uint32_t word) {
    switch (p) {
    case FPC_SE4: return word & 0xFu;
    case FPC_SE8: return word & 0xFFu;
    case FPC_SE16: return word & 0xFFFFu;
    case FPC_HALF_PAD: return word >> 16;
    case FPC_TWO_SE8: return (word & 0xFFu) | ((word >> 16) & 0xFFu) << 8;   /* low halfword's byte first */
    case FPC_REP_BYTES: return word & 0xFFu;
    case FPC_RAW_WORD: return word;
    default: return 0u;
    }
}

static uint32_t sext(uint32_t v, unsigned n) {
    uint32_t sign = 1u << (n - 1u);
    v &= (sign << 1) - 1u;
    return (v ^ sign) - sign;
}

uint32_t fpc_expand(fpc_prefix p, uint32_t data) {
    switch (p) {
    case FPC_SE4: return sext(data, 4u);
    case FPC_SE8: return sext(data, 8u);
    case FPC_SE16: return sext(data, 16u);
    case FPC_HALF_PAD: return (data & 0xFFFFu) << 16;
    case FPC_TWO_SE8: return (sext(data & 0xFFu, 8u) & 0xFFFFu) | sext((data >> 8) & 0xFFu, 8u) << 16;
    case FPC_REP_BYTES: return (data & 0xFFu) * 0x01010101u;
    case FPC_RAW_WORD: return data;
    default: return 0u;
    }
}

/* ---- lane length (sec. 3.1) ------------------------------------------------------------------ */

unsigned fpc_lane_body_bits(const uint32_t word[FPC_LANE_WORDS]) {
    unsigned bits = 0;
    for (unsigned i = 0; i < FPC_LANE_WORDS;) {
        fpc_prefix p = fpc_classify(word[i]);
        if (p == FPC_ZERO_RUN) {
            unsigned run = 1;
            while (i + run < FPC_LANE_WORDS && run < FPC_MAX_RUN && word[i + run] == 0u) run++;
            i += run;
        } else {
            i++;
        }
        bits += FPC_PREFIX_BITS + data_bits[p];
    }
    return bits;
}

unsigned fpc_lane_bits(const uint32_t word[FPC_LANE_WORDS]) {
    unsigned body = fpc_lane_body_bits(word);
    return body < 8u * FPC_LANE_BYTES ? 1u + body : FPC_RAW_LANE_BITS;
}

/* ---- packer and unpacker (sec. 3) ------------------------------------------------------------ */

/* A prefix is written as printed, its leftmost bit first (sec. 3.2), like a DEFLATE code. */
static void put_prefix(np_bitwriter *w, unsigned p) {
    for (unsigned k = FPC_PREFIX_BITS; k-- > 0;) np_bw_put(w, (p >> k) & 1u, 1);
}

void fpc_pack_lane(np_bitwriter *w, const uint32_t word[FPC_LANE_WORDS]) {
    if (fpc_lane_body_bits(word) >= 8u * FPC_LANE_BYTES) {
        np_bw_put(w, 0u, 1);                                  /* C = 0: raw lane */
        for (unsigned i = 0; i < FPC_LANE_WORDS; i++) np_bw_put(w, word[i], 32);
        return;
    }
    np_bw_put(w, 1u, 1);
    for (unsigned i = 0; i < FPC_LANE_WORDS;) {
        fpc_prefix p = fpc_classify(word[i]);
        put_prefix(w, p);
        if (p == FPC_ZERO_RUN) {
            unsigned run = 1;
            while (i + run < FPC_LANE_WORDS && run < FPC_MAX_RUN && word[i + run] == 0u) run++;
            np_bw_put(w, run - 1u, 3);
            i += run;
        } else {
            np_bw_put(w, fpc_data(p, word[i]), data_bits[p]);
            i++;
        }
    }
}

np_result fpc_unpack_lane(np_bitreader *r, uint32_t word[FPC_LANE_WORDS]) {
    memset(word, 0, FPC_LANE_WORDS * sizeof word[0]);
    unsigned c = (unsigned)np_br_get(r, 1);
    if (r->overrun) return NP_BAD_DATA;
    if (c == 0u) {
        for (unsigned i = 0; i < FPC_LANE_WORDS; i++) word[i] = (uint32_t)np_br_get(r, 32);
        return r->overrun ? NP_BAD_DATA : NP_OK;
    }
    for (unsigned i = 0; i < FPC_LANE_WORDS;) {
        unsigned p = 0;
        for (unsigned k = 0; k < FPC_PREFIX_BITS; k++) p = p << 1 | (unsigned)np_br_get(r, 1);
        uint32_t data = (uint32_t)np_br_get(r, data_bits[p]);
        if (r->overrun) return NP_BAD_DATA;
        if (p == FPC_ZERO_RUN) {
            unsigned run = data + 1u;
            if (run > FPC_LANE_WORDS - i) return NP_BAD_DATA;   /* a run may not leave its lane */
            i += run;                                            /* words already zero */
        } else {
            word[i++] = fpc_expand((fpc_prefix)p, data);
        }
    }
    return NP_OK;
}

/* ---- whole line, stage by stage (the reference of the fast path) ----------------------------- */

np_result fpc_compress_stages(const uint8_t line[FPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
    if (line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) return NP_BAD_PARAM;
    uint32_t word[2u * FPC_LANE_WORDS];
    fpc_line_words(line, word);
    size_t bits = (size_t)fpc_lane_bits(word) + fpc_lane_bits(word + FPC_LANE_WORDS);
    *out_bits = bits;
    if (dst_bytes < (bits + 7u) / 8u) return NP_NO_SPACE;      /* before the writer clears dst */
    np_bitwriter w;
    np_bw_init(&w, dst, (bits + 7u) / 8u);
    fpc_pack_lane(&w, word);
    fpc_pack_lane(&w, word + FPC_LANE_WORDS);
    /* The two length computations and the packer follow the same rules; a mismatch is a bug. */
    return (w.overflow || w.pos != bits) ? NP_BAD_PARAM : NP_OK;
}

np_result fpc_decompress_stages(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (dst == NULL || (src == NULL && src_bits > 0)) return NP_BAD_PARAM;
    if (dst_bytes < FPC_LINE_BYTES) return NP_NO_SPACE;
    np_bitreader r;
    np_br_init(&r, src, src_bits);
    uint32_t word[2u * FPC_LANE_WORDS];
    np_result rc = fpc_unpack_lane(&r, word);
    if (rc == NP_OK) rc = fpc_unpack_lane(&r, word + FPC_LANE_WORDS);
    if (rc == NP_OK && np_br_remaining(&r) != 0) rc = NP_BAD_DATA;   /* trailing bits */
    if (rc != NP_OK) {
        memset(dst, 0, FPC_LINE_BYTES);
        return rc;
    }
    fpc_words_line(word, dst);
    return NP_OK;
}

/* ---- fast whole-line path ----------------------------------------------------------------------
 * The same function of the line as the stages (tests/test_fpc.c compares the two on random,
 * synthetic and real lines and on malformed streams):
 *   - sec. 2.2: each pattern's matches over the 32 words of the line are one 32-bit mask (four
 *     words per SSE2 compare where the compiler targets SSE2, a scalar loop elsewhere); a word's
 *     prefix is its first matching pattern, kept bit-sliced as three masks;
 *   - sec. 3.1-3.3: the lane's body length comes from the masks (popcounts), so body or raw is
 *     decided before anything is appended; an entry is one field, the prefix bit-reversed into
 *     the low 3 bits (sec. 3.2: leftmost bit first) and the data above it; a zero run's length
 *     is a count of trailing ones of the zero mask;
 *   - sec. 3.4: the decoder reads each entry from a zero-padded copy of the stream, checking the
 *     entry against the length before using it.
 * -DNP_FPC_NO_SIMD builds the scalar masks on SSE2 machines too (make test-c-scalar). */
#if defined(__SSE2__) && !defined(NP_FPC_NO_SIMD)
#include <emmintrin.h>
#define FPC_FAST_SSE2 1
#endif
#define FPC_FAST_INLINE static inline __attribute__((always_inline))

/* Sec. 2's patterns as masks over the line's words (bit i: word i matches). */
typedef struct {
    uint32_t word[2u * FPC_LANE_WORDS];
    uint32_t zero, se4, se8, se16, half_pad, two_se8, rep;
} fast_masks;

#ifdef FPC_FAST_SSE2
/* Lanes of x that are below c, unsigned (SSE2 compares signed: flip the sign bits). */
static inline __m128i below_u32(__m128i x, uint32_t c) {
    const __m128i flip = _mm_set1_epi32((int)0x80000000u);
    return _mm_cmplt_epi32(_mm_xor_si128(x, flip), _mm_set1_epi32((int)(c ^ 0x80000000u)));
}

static inline uint32_t mask4(__m128i m) {
    return (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(m));
}

static void fast_match(const uint8_t line[FPC_LINE_BYTES], fast_masks *m) {
    memset(m, 0, sizeof *m);
    memcpy(m->word, line, sizeof m->word);
    const __m128i zero = _mm_setzero_si128();
    for (unsigned q = 0; q < 8u; q++) {
        __m128i w = _mm_loadu_si128((const __m128i *)(const void *)(line + 16u * q));
        unsigned sh = 4u * q;
        m->zero |= mask4(_mm_cmpeq_epi32(w, zero)) << sh;
        m->se4 |= mask4(below_u32(_mm_add_epi32(w, _mm_set1_epi32(0x8)), 0x10u)) << sh;
        m->se8 |= mask4(below_u32(_mm_add_epi32(w, _mm_set1_epi32(0x80)), 0x100u)) << sh;
        m->se16 |= mask4(below_u32(_mm_add_epi32(w, _mm_set1_epi32(0x8000)), 0x10000u)) << sh;
        m->half_pad |= mask4(_mm_cmpeq_epi32(_mm_slli_epi32(w, 16), zero)) << sh;
        /* each halfword + 0x80 (16-bit lanes: no carry between them) below 0x100 */
        __m128i t = _mm_and_si128(_mm_add_epi16(w, _mm_set1_epi16(0x80)), _mm_set1_epi16((short)0xFF00));
        m->two_se8 |= mask4(_mm_cmpeq_epi32(t, zero)) << sh;
        /* four equal bytes: the word equals itself rotated by a byte */
        __m128i rot = _mm_or_si128(_mm_srli_epi32(w, 8), _mm_slli_epi32(w, 24));
        m->rep |= mask4(_mm_cmpeq_epi32(w, rot)) << sh;
    }
}
#else
static void fast_match(const uint8_t line[FPC_LINE_BYTES], fast_masks *m) {
    memset(m, 0, sizeof *m);
    fpc_line_words(line, m->word);
    for (unsigned i = 0; i < 2u * FPC_LANE_WORDS; i++) {
        uint32_t w = m->word[i], lo = w & 0xFFFFu, hi = w >> 16;
        m->zero |= (uint32_t)(w == 0u) << i;
        m->se4 |= (uint32_t)(w + 0x8u < 0x10u) << i;
        m->se8 |= (uint32_t)(w + 0x80u < 0x100u) << i;
        m->se16 |= (uint32_t)(w + 0x8000u < 0x10000u) << i;
        m->half_pad |= (uint32_t)(lo == 0u) << i;
        m->two_se8 |= (uint32_t)((((lo + 0x80u) & 0xFFFFu) < 0x100u) & (((hi + 0x80u) & 0xFFFFu) < 0x100u)) << i;
        m->rep |= (uint32_t)(w == ((w >> 8) | (w << 24))) << i;
    }
}
#endif

/* Sec. 2.2: each word's first matching pattern. first[k]: the words whose prefix is k (the
 * zero-run words in first[0]); p[b]: bit b of each word's prefix (bit i of p[b] for word i). */
static void fast_prefixes(const fast_masks *m, uint32_t first[8], uint32_t p[3]) {
    uint32_t rest = ~m->zero;                      /* no earlier pattern matched yet */
    first[FPC_ZERO_RUN] = m->zero;
    first[FPC_SE4] = m->se4 & rest, rest &= ~m->se4;
    first[FPC_SE8] = m->se8 & rest, rest &= ~m->se8;
    first[FPC_SE16] = m->se16 & rest, rest &= ~m->se16;
    first[FPC_HALF_PAD] = m->half_pad & rest, rest &= ~m->half_pad;
    first[FPC_TWO_SE8] = m->two_se8 & rest, rest &= ~m->two_se8;
    first[FPC_REP_BYTES] = m->rep & rest, rest &= ~m->rep;
    first[FPC_RAW_WORD] = rest;
    p[0] = first[1] | first[3] | first[5] | first[7];
    p[1] = first[2] | first[3] | first[6] | first[7];
    p[2] = first[4] | first[5] | first[6] | first[7];
}

/* Set bits in each 16-bit half of x: both lanes' counts at once (bits 0..4 and 16..20). */
FPC_FAST_INLINE uint32_t lane_counts(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x + (x >> 8)) & 0x001F001Fu;
}

/* Sec. 3.1's body length of both lanes from the masks (lane 0 in bits 0..15 of the result,
 * lane 1 in 16..31): each non-zero word's entry by its length class (7, 11, 19 or 35 bits),
 * plus 6 bits per zero-run entry. A run entry starts at each zero word whose predecessor in
 * the lane is not zero, and a second one where a run is longer than 8 (at most one per lane:
 * 16 words). */
static uint32_t fast_body_bits(const uint32_t first[8]) {
    uint32_t z = first[FPC_ZERO_RUN];
    uint32_t starts = z & ~((z << 1) & 0xFFFEFFFEu);   /* no predecessor across the lanes */
    uint32_t nine = z & 0x00FF00FFu;                   /* bit i: words i .. i+8 of one lane zero */
    for (unsigned k = 1; k <= 8; k++) nine &= z >> k;
    uint32_t long_runs = (uint32_t)((nine & 0xFFFFu) != 0u) | (uint32_t)((nine >> 16) != 0u) << 16;
    return 7u * lane_counts(first[FPC_SE4]) +
           11u * lane_counts(first[FPC_SE8] | first[FPC_REP_BYTES]) +
           19u * lane_counts(first[FPC_SE16] | first[FPC_HALF_PAD] | first[FPC_TWO_SE8]) +
           35u * lane_counts(first[FPC_RAW_WORD]) +
           (FPC_PREFIX_BITS + 3u) * (lane_counts(starts) + long_runs);
}

/* Sec. 2.1's data field of a non-zero word under its prefix: shifted and masked, but for 101's
 * two bytes (fpc_data without the switch). */
FPC_FAST_INLINE uint32_t fast_data(unsigned p, uint32_t w) {
    static const uint8_t shift[8] = {0, 0, 0, 0, 16, 0, 0, 0};
    static const uint32_t keep[8] = {0, 0xFu, 0xFFu, 0xFFFFu, 0xFFFFu, 0, 0xFFu, 0xFFFFFFFFu};
    uint32_t two = (w & 0xFFu) | (w >> 8 & 0xFF00u);
    return p == FPC_TWO_SE8 ? two : (w >> shift[p]) & keep[p];
}

/* A 3-bit prefix, leftmost bit first (sec. 3.2): the value of its 3 stream bits, and back. */
static const uint8_t prefix_reversed[8] = {0, 4, 2, 6, 1, 5, 3, 7};

/* One lane's stream (sec. 3.3) appended to b (first: the lane's first word of the line). */
static void fast_pack_lane(np_wordbuf *b, const fast_masks *m, unsigned body, const uint32_t p[3], unsigned first) {
    if (body >= 8u * FPC_LANE_BYTES) {    /* a tie goes raw */
        np_wb_put_fit(b, 0u, 1);
        for (unsigned i = 0; i < FPC_LANE_WORDS; i += 2) {
            np_wb_put_fit(b, m->word[first + i] | (uint64_t)m->word[first + i + 1] << 32, 64);
        }
        return;
    }
    np_wb_put_fit(b, 1u, 1);
    for (unsigned i = 0; i < FPC_LANE_WORDS;) {
        unsigned g = first + i;
        if (m->zero >> g & 1u) {                    /* sec. 3.1: up to 8 zero words, not past the lane */
            unsigned ones = (unsigned)__builtin_ctzll(~(uint64_t)(m->zero >> g));
            unsigned run = ones < FPC_MAX_RUN ? ones : FPC_MAX_RUN;
            run = run < FPC_LANE_WORDS - i ? run : FPC_LANE_WORDS - i;
            np_wb_put_fit(b, (uint64_t)(run - 1u) << FPC_PREFIX_BITS, FPC_PREFIX_BITS + 3u);   /* prefix 000 */
            i += run;
        } else {
            unsigned q = (p[0] >> g & 1u) | (p[1] >> g & 1u) << 1 | (p[2] >> g & 1u) << 2;
            np_wb_put_fit(b, prefix_reversed[q] | (uint64_t)fast_data(q, m->word[g]) << FPC_PREFIX_BITS,
                          FPC_PREFIX_BITS + data_bits[q]);
            i++;
        }
    }
}

/* The longest line stream (FPC_MAX_BITS = 1026) is inside the word buffer, as np_wb_put_fit needs. */
_Static_assert(FPC_MAX_BITS < 64u * NP_WB_WORDS, "FPC line stream must fit np_wordbuf");

static void fast_pack_line(np_wordbuf *b, const uint8_t line[FPC_LINE_BYTES]) {
    fast_masks m;
    uint32_t first[8], p[3];
    fast_match(line, &m);
    fast_prefixes(&m, first, p);
    uint32_t body = fast_body_bits(first);
    np_wb_init(b);
    fast_pack_lane(b, &m, body & 0xFFFFu, p, 0);
    fast_pack_lane(b, &m, body >> 16, p, FPC_LANE_WORDS);
}

size_t fpc_compressed_bits(const uint8_t line[FPC_LINE_BYTES]) {
    if (line == NULL) return 0;
    np_wordbuf b;
    fast_pack_line(&b, line);
    return b.pos;
}

np_result fpc_compress(const uint8_t line[FPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
    if (line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) return NP_BAD_PARAM;
    np_wordbuf b;
    fast_pack_line(&b, line);
    *out_bits = b.pos;
    return np_wb_copy_out(&b, dst, dst_bytes);
}

/* Sec. 2.1's word from a data field (fpc_expand without the switch): a sign extension from the
 * field's width for 001, 010, 011 and 111 (32 bits: the data itself), else the pattern's form. */
FPC_FAST_INLINE uint32_t fast_expand(unsigned p, uint32_t data) {
    uint32_t sign = 1u << (data_bits[p] - 1u);
    uint32_t v = (data ^ sign) - sign;
    uint32_t two = (uint32_t)(((data & 0xFFu) ^ 0x80u) - 0x80u) & 0xFFFFu;
    two |= (uint32_t)((((data >> 8) & 0xFFu) ^ 0x80u) - 0x80u) << 16;
    v = p == FPC_HALF_PAD ? data << 16 : v;
    v = p == FPC_TWO_SE8 ? two : v;
    v = p == FPC_REP_BYTES ? data * 0x01010101u : v;
    return v;
}

/* One lane (sec. 3.4): false when a field would pass the length or a run would leave the lane. */
static bool fast_unpack_lane(np_padreader *r, uint32_t *word) {
    if (np_pr_remaining(r) < 1u) return false;
    if (np_pr_get(r, 1) == 0u) {          /* raw lane */
        if (np_pr_remaining(r) < 8u * FPC_LANE_BYTES) return false;
        for (unsigned i = 0; i < FPC_LANE_WORDS; i += 2) {
            uint64_t v = np_pr_get(r, 64);
            word[i] = (uint32_t)v;
            word[i + 1] = (uint32_t)(v >> 32);
        }
        return true;
    }
    for (unsigned i = 0; i < FPC_LANE_WORDS;) {
        uint64_t v = np_pr_peek(r);
        unsigned p = prefix_reversed[v & 7u];
        unsigned width = FPC_PREFIX_BITS + data_bits[p];
        if (np_pr_remaining(r) < width) return false;
        r->pos += width;
        uint32_t data = (uint32_t)(v >> FPC_PREFIX_BITS) & (uint32_t)np_low_mask(data_bits[p]);
        if (p == FPC_ZERO_RUN) {
            unsigned run = data + 1u;
            if (run > FPC_LANE_WORDS - i) return false;   /* a run may not leave its lane */
            for (unsigned k = 0; k < run; k++) word[i + k] = 0u;
            i += run;
        } else {
            word[i++] = fast_expand(p, data);
        }
    }
    return true;
}

np_result fpc_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (dst == NULL || (src == NULL && src_bits > 0)) return NP_BAD_PARAM;
    if (dst_bytes < FPC_LINE_BYTES) return NP_NO_SPACE;
    np_padreader r;
    np_pr_init(&r, src, src_bits, FPC_MAX_BITS);
    uint32_t word[2u * FPC_LANE_WORDS];
    if (!fast_unpack_lane(&r, word) || !fast_unpack_lane(&r, word + FPC_LANE_WORDS) || r.pos != src_bits) {
        memset(dst, 0, FPC_LINE_BYTES);
        return NP_BAD_DATA;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(dst, word, FPC_LINE_BYTES);
#else
    fpc_words_line(word, dst);
#endif
    return NP_OK;
}

/* ---- registry entry ------------------------------------------------------------------------------ */

static np_result fpc_entry_compress(void *state, const np_codec_opts *opts, const uint8_t line[128], uint8_t *dst,
                                    size_t dst_bytes, size_t *out_bits, unsigned *fill) {
    (void)state;
    (void)opts;
    *fill = NP_CODEC_FILL_ALL;
    return fpc_compress(line, dst, dst_bytes, out_bits);
}

static np_result fpc_entry_decompress(void *state, const np_codec_opts *opts, const uint8_t *src, size_t src_bits,
                                      uint8_t *dst, size_t dst_bytes) {
    (void)state;
    (void)opts;
    return fpc_decompress(src, src_bits, dst, dst_bytes);
}

/* No RTL: latency and area are the published ones, rows fpc:compressor / fpc:decompressor of
 * synth/published.tsv (seed 001 Table 6.5 and sec. 6.7; seed 004 Table I gives the same 5-cycle
 * decompression). */
const np_codec np_codec_fpc = {
    .name = "fpc",
    .description = "FPC: frequent pattern compression, 3-bit prefix per 32-bit word, two 64-byte lanes",
    .spec = "docs/fpc.md",
    .max_bits = FPC_MAX_BITS,
    .compress = fpc_entry_compress,
    .decompress = fpc_entry_decompress,
    .comp_top = NULL,
    .decomp_top = NULL,
};
