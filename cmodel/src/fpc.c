/* FPC golden model (docs/fpc.md). Every stream read goes through the bounds-checked reader of
 * np_bits.h; the writer is the checked writer, so a too-small buffer can never be overrun. */
#include "fpc.h"

#include <string.h>

#include "codec.h"
#include "np_cpu.h"

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
 *   - sec. 2.2: each pattern's matches over the 32 words of the line are one 32-bit mask (a
 *     scalar loop; the AVX2 path, line_entries_avx2, compares 8 words at a time and blends
 *     each word's entry from the lowest priority pattern to the highest instead); a word's
 *     prefix is its first matching pattern, kept bit-sliced as three masks;
 *   - sec. 3.1-3.3: each word's entry is one field of at most 35 bits, the prefix bit-reversed
 *     into the low 3 bits (sec. 3.2: leftmost bit first) and the data above it (a raw word's
 *     32 bits too), a zero run's entry (prefix 000 and run - 1) on the zero word that starts
 *     it and nothing (width 0) on the others; all 32 are computed, and the lanes' body lengths
 *     (popcounts of the masks; on the AVX2 path, sums of the widths), before anything is
 *     appended, so body or raw is decided first and a lane is 16 appends of the byte writer,
 *     none of them behind a branch on the data;
 *   - sec. 3.4: the decoder reads each entry with one load from a zero-padded copy of the
 *     stream and expands it in the case of a switch on its prefix; lengths are checked once, at
 *     the end. */
#if NP_HAVE_AVX2
#include <immintrin.h>
#endif
#define FPC_FAST_INLINE static inline __attribute__((always_inline))

/* Sec. 2's patterns as masks over the line's words (bit i: word i matches). */
typedef struct {
    uint32_t word[2u * FPC_LANE_WORDS];
    uint32_t zero, se4, se8, se16, half_pad, two_se8, rep;
} fast_masks;

FPC_FAST_INLINE void fast_match(const uint8_t line[FPC_LINE_BYTES], fast_masks *m) {
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

/* Sec. 2.2: each word's first matching pattern. first[k]: the words whose prefix is k (the
 * zero-run words in first[0]); p[b]: bit b of each word's prefix (bit i of p[b] for word i). */
FPC_FAST_INLINE void fast_prefixes(const fast_masks *m, uint32_t first[8], uint32_t p[3]) {
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
FPC_FAST_INLINE uint32_t fast_body_bits(const uint32_t first[8]) {
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

/* Each non-zero word's entry as one field of at most 19 bits: the prefix bit-reversed in the
 * low 3 bits, the data above it; a raw word's field is its prefix alone (3 bits), the word
 * following as a field of its own. Zero words' entries are unspecified (runs are written from
 * the zero mask). */
typedef struct {
    uint32_t field[2u * FPC_LANE_WORDS], width[2u * FPC_LANE_WORDS];
} fast_fields;

FPC_FAST_INLINE void fields_of(const fast_masks *m, const uint32_t p[3], fast_fields *f) {
    for (unsigned g = 0; g < 2u * FPC_LANE_WORDS; g++) {
        unsigned q = (p[0] >> g & 1u) | (p[1] >> g & 1u) << 1 | (p[2] >> g & 1u) << 2;
        f->field[g] = prefix_reversed[q] | (q == FPC_RAW_WORD ? 0u : fast_data(q, m->word[g]) << FPC_PREFIX_BITS);
        f->width[g] = FPC_PREFIX_BITS + (q == FPC_RAW_WORD ? 0u : data_bits[q]);
    }
}


/* Sec. 3.1's zero-run entries: a run entry starts at a zero word whose predecessor in the lane
 * is not zero, and again 8 words on where the run is longer than 8 (words i .. i+8 of one lane
 * zero; at most once per lane: 16 words). */
FPC_FAST_INLINE uint32_t run_entry_starts(uint32_t z) {
    uint32_t starts = z & ~((z << 1) & 0xFFFEFFFEu);   /* no predecessor across the lanes */
    uint32_t nine = z & 0x00FF00FFu;
    for (unsigned k = 1; k <= 8; k++) nine &= z >> k;
    return starts | (starts & nine) << 8;
}

/* Each word's entry as one field of at most 35 bits and its width, so a lane is written with
 * no branch per word: a non-zero word's field (fields_of); a raw word's prefix with the word
 * above it (35 bits); a zero word that starts a run entry: prefix 000 and run - 1 (6 bits),
 * the run ending at a non-zero word, after 8 words or at the lane's end; any other zero word
 * (inside a run entry): nothing (width 0). */
typedef struct {
    uint64_t entry[2u * FPC_LANE_WORDS];
    uint32_t width[2u * FPC_LANE_WORDS];
} fast_entries;

/* A zero word's run entry is at most min(8, lane end - g) words long: word g's bit at that
 * distance, ORed above the non-zero mask from g on, ends the count of its trailing zeros. */
static const uint32_t run_cap[2u * FPC_LANE_WORDS] = {
    1u << 8, 1u << 8, 1u << 8, 1u << 8, 1u << 8, 1u << 8, 1u << 8, 1u << 8,
    1u << 8, 1u << 7, 1u << 6, 1u << 5, 1u << 4, 1u << 3, 1u << 2, 1u << 1,
    1u << 8, 1u << 8, 1u << 8, 1u << 8, 1u << 8, 1u << 8, 1u << 8, 1u << 8,
    1u << 8, 1u << 7, 1u << 6, 1u << 5, 1u << 4, 1u << 3, 1u << 2, 1u << 1,
};

FPC_FAST_INLINE void entries_of(const fast_masks *m, const fast_fields *f, uint32_t raw, fast_entries *e) {
    uint32_t starts = run_entry_starts(m->zero);
    for (unsigned g = 0; g < 2u * FPC_LANE_WORDS; g++) {
        if (m->zero >> g & 1u) {
            unsigned run = (unsigned)__builtin_ctz((~m->zero >> g) | run_cap[g]);
            bool start = starts >> g & 1u;
            e->entry[g] = start ? (uint64_t)(run - 1u) << FPC_PREFIX_BITS : 0u;
            e->width[g] = start ? FPC_PREFIX_BITS + 3u : 0u;
        } else if (raw >> g & 1u) {
            e->entry[g] = f->field[g] | (uint64_t)m->word[g] << FPC_PREFIX_BITS;   /* 111 + the word */
            e->width[g] = FPC_PREFIX_BITS + 32u;
        } else {
            e->entry[g] = f->field[g];
            e->width[g] = f->width[g];
        }
    }
}

#if NP_HAVE_AVX2
/* fast_match, fields_of, entries_of and the lanes' body lengths for 8 words per instruction
 * (AVX2 + BMI2 machines, np_cpu.h): the patterns as compares (x + 2^(k-1) below 2^k: the sum
 * shifted down by k is zero); each word's field and width blended from the lowest priority
 * pattern (raw: 111 and the word, 35 bits) to the highest (se4), so the first matching pattern
 * of sec. 2.2 wins; a zero word's entry as in entries_of, its run (the trailing zeros of the
 * non-zero mask from it on, with run_cap's bit) the exponent of its lowest set bit converted
 * to float. The body length of each lane (lane 0 in bits 0..15, lane 1 in 16..31) is the sum
 * of its entries' widths (sec. 3.1). */
NP_TARGET_AVX2 static uint32_t line_entries_avx2(const uint8_t line[FPC_LINE_BYTES], fast_entries *e) {
    const __m256i zero = _mm256_setzero_si256();
    const __m256i bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    __m256i w[4];
    uint32_t z = 0;
    for (unsigned k = 0; k < 4u; k++) {
        w[k] = _mm256_loadu_si256((const __m256i *)(const void *)(line + 32u * k));
        z |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(w[k], zero))) << (8u * k);
    }
    uint32_t starts = run_entry_starts(z);
    __m256i stop = _mm256_set1_epi32((int)~z);
    __m256i lane_sum[2] = {zero, zero};
    for (unsigned k = 0; k < 4u; k++) {
        __m256i x = w[k];
        __m256i se4 = _mm256_cmpeq_epi32(_mm256_srli_epi32(_mm256_add_epi32(x, _mm256_set1_epi32(0x8)), 4), zero);
        __m256i se8 = _mm256_cmpeq_epi32(_mm256_srli_epi32(_mm256_add_epi32(x, _mm256_set1_epi32(0x80)), 8), zero);
        __m256i se16 = _mm256_cmpeq_epi32(_mm256_srli_epi32(_mm256_add_epi32(x, _mm256_set1_epi32(0x8000)), 16), zero);
        __m256i half = _mm256_cmpeq_epi32(_mm256_slli_epi32(x, 16), zero);
        /* each halfword + 0x80 (16-bit lanes: no carry between them) below 0x100 */
        __m256i two = _mm256_cmpeq_epi32(
            _mm256_and_si256(_mm256_add_epi16(x, _mm256_set1_epi16(0x80)), _mm256_set1_epi16((short)0xFF00)), zero);
        /* four equal bytes: the word equals itself rotated by a byte */
        __m256i rep = _mm256_cmpeq_epi32(x, _mm256_or_si256(_mm256_srli_epi32(x, 8), _mm256_slli_epi32(x, 24)));
        __m256i byte = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0xFF)), 3);
        __m256i low16 = _mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0xFFFF)), 3);
        __m256i two_data = _mm256_or_si256(byte, _mm256_slli_epi32(
                                                     _mm256_and_si256(_mm256_srli_epi32(x, 8), _mm256_set1_epi32(0xFF00)), 3));
        __m256i field = _mm256_set1_epi32(7);                                          /* 111 */
        __m256i width = _mm256_set1_epi32(FPC_PREFIX_BITS + 32);
        __m256i matched = _mm256_or_si256(_mm256_or_si256(_mm256_or_si256(se4, se8), _mm256_or_si256(se16, half)),
                                          _mm256_or_si256(two, rep));
        field = _mm256_blendv_epi8(field, _mm256_or_si256(byte, _mm256_set1_epi32(3)), rep);           /* 110 */
        width = _mm256_blendv_epi8(width, _mm256_set1_epi32(11), rep);
        field = _mm256_blendv_epi8(field, _mm256_or_si256(two_data, _mm256_set1_epi32(5)), two);       /* 101 */
        width = _mm256_blendv_epi8(width, _mm256_set1_epi32(19), two);
        field = _mm256_blendv_epi8(field, _mm256_or_si256(_mm256_slli_epi32(_mm256_srli_epi32(x, 16), 3),
                                                          _mm256_set1_epi32(1)), half);                 /* 100 */
        width = _mm256_blendv_epi8(width, _mm256_set1_epi32(19), half);
        field = _mm256_blendv_epi8(field, _mm256_or_si256(low16, _mm256_set1_epi32(6)), se16);         /* 011 */
        width = _mm256_blendv_epi8(width, _mm256_set1_epi32(19), se16);
        field = _mm256_blendv_epi8(field, _mm256_or_si256(byte, _mm256_set1_epi32(2)), se8);           /* 010 */
        width = _mm256_blendv_epi8(width, _mm256_set1_epi32(11), se8);
        field = _mm256_blendv_epi8(field, _mm256_or_si256(_mm256_slli_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0xF)), 3),
                                                          _mm256_set1_epi32(4)), se4);                  /* 001 */
        width = _mm256_blendv_epi8(width, _mm256_set1_epi32(7), se4);
        /* 000: a zero word (it also matched se4, overridden here) */
        unsigned g0 = 8u * k;
        __m256i g = _mm256_add_epi32(_mm256_set1_epi32((int)g0), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        __m256i y = _mm256_or_si256(_mm256_srlv_epi32(stop, g), _mm256_loadu_si256((const __m256i *)(const void *)(run_cap + g0)));
        __m256i low = _mm256_and_si256(y, _mm256_sub_epi32(zero, y));
        __m256i run = _mm256_sub_epi32(_mm256_srli_epi32(_mm256_castps_si256(_mm256_cvtepi32_ps(low)), 23),
                                       _mm256_set1_epi32(127));
        __m256i is_start = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)(starts >> g0)), bit), bit);
        __m256i is_zero = _mm256_cmpeq_epi32(x, zero);
        field = _mm256_blendv_epi8(field, _mm256_and_si256(_mm256_slli_epi32(_mm256_sub_epi32(run, _mm256_set1_epi32(1)), FPC_PREFIX_BITS), is_start), is_zero);
        width = _mm256_blendv_epi8(width, _mm256_and_si256(_mm256_set1_epi32(FPC_PREFIX_BITS + 3), is_start), is_zero);
        _mm256_storeu_si256((__m256i *)(void *)(e->width + g0), width);
        lane_sum[k >> 1] = _mm256_add_epi32(lane_sum[k >> 1], width);
        __m256i rawword = _mm256_andnot_si256(matched, x);      /* a zero word matched se4 */
        for (unsigned h = 0; h < 2u; h++) {                              /* 4 entries per 64-bit lanes */
            __m128i fh = h ? _mm256_extracti128_si256(field, 1) : _mm256_castsi256_si128(field);
            __m128i rh = h ? _mm256_extracti128_si256(rawword, 1) : _mm256_castsi256_si128(rawword);
            __m256i v = _mm256_or_si256(_mm256_cvtepu32_epi64(fh), _mm256_slli_epi64(_mm256_cvtepu32_epi64(rh), FPC_PREFIX_BITS));
            _mm256_storeu_si256((__m256i *)(void *)(e->entry + g0 + 4u * h), v);
        }
    }
    /* both lanes' sums at once: lane 0's in the low 128 bits' total, lane 1's in the high */
    __m256i both = _mm256_hadd_epi32(lane_sum[0], lane_sum[1]);    /* per 128 bits: l0 l0 l1 l1 */
    both = _mm256_hadd_epi32(both, both);                            /* l0 l1 l0 l1 */
    __m128i t = _mm_add_epi32(_mm256_castsi256_si128(both), _mm256_extracti128_si256(both, 1));
    return (uint32_t)_mm_cvtsi128_si32(t) | (uint32_t)_mm_extract_epi32(t, 1) << 16;
}
#endif

/* One lane's stream (sec. 3.3) appended to w (word, entry, width: the lane's own). */
FPC_FAST_INLINE void fast_pack_lane(np_bytewriter *w, const uint32_t *word, const uint64_t *entry,
                                    const uint32_t *width, unsigned body) {
    if (body >= 8u * FPC_LANE_BYTES) {    /* a tie goes raw */
        np_bytew_put(w, 0u, 1);
        for (unsigned i = 0; i < FPC_LANE_WORDS; i++) np_bytew_put(w, word[i], 32);
        return;
    }
    np_bytew_put(w, 1u, 1);
    for (unsigned i = 0; i < FPC_LANE_WORDS; i++) np_bytew_put(w, entry[i], width[i]);
}

/* The stream's length from the lanes' body lengths (sec. 3.3). */
static size_t lane_bits(unsigned body) {
    return body >= 8u * FPC_LANE_BYTES ? 1u + 8u * FPC_LANE_BYTES : 1u + body;
}

/* Both lanes (sec. 3.3) into out (room for FPC_MAX_BYTES + NP_BYTEWRITER_SLACK) from the
 * entries and body lengths; returns the stream's length. */
FPC_FAST_INLINE size_t pack_lanes(uint8_t *out, const uint32_t word[2u * FPC_LANE_WORDS], const fast_entries *e,
                                  uint32_t body) {
    np_bytewriter w;
    np_bytew_init(&w, out);
    fast_pack_lane(&w, word, e->entry, e->width, body & 0xFFFFu);
    fast_pack_lane(&w, word + FPC_LANE_WORDS, e->entry + FPC_LANE_WORDS, e->width + FPC_LANE_WORDS, body >> 16);
    return np_bytew_finish(&w, out);
}

/* The line's stream into out, portable C. */
static size_t pack_line(uint8_t *out, const uint8_t line[FPC_LINE_BYTES]) {
    fast_masks m;
    fast_fields f;
    fast_entries e;
    uint32_t first[8], p[3];
    fast_match(line, &m);
    fast_prefixes(&m, first, p);
    fields_of(&m, p, &f);
    entries_of(&m, &f, first[FPC_RAW_WORD], &e);
    return pack_lanes(out, m.word, &e, fast_body_bits(first));
}

#if NP_HAVE_AVX2
/* The same on AVX2 + BMI2 machines (np_cpu.h), with the AVX2 entries. */
NP_TARGET_AVX2 static size_t pack_line_avx2(uint8_t *out, const uint8_t line[FPC_LINE_BYTES]) {
    fast_entries e;
    uint32_t word[2u * FPC_LANE_WORDS];
    memcpy(word, line, sizeof word);                                  /* x86: little-endian */
    uint32_t body = line_entries_avx2(line, &e);
    return pack_lanes(out, word, &e, body);
}
#endif

size_t fpc_compressed_bits(const uint8_t line[FPC_LINE_BYTES]) {
    if (line == NULL) return 0;
    fast_masks m;
    uint32_t first[8], p[3];
    fast_match(line, &m);
    fast_prefixes(&m, first, p);
    uint32_t body = fast_body_bits(first);
    return lane_bits(body & 0xFFFFu) + lane_bits(body >> 16);
}

np_result fpc_compress(const uint8_t line[FPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
    if (line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) return NP_BAD_PARAM;
    uint8_t out[FPC_MAX_BYTES + NP_BYTEWRITER_SLACK];
    size_t bits;
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) {
        bits = pack_line_avx2(out, line);
    } else
#endif
    {
        bits = pack_line(out, line);
    }
    *out_bits = bits;
    if (dst_bytes < (bits + 7u) / 8u) return NP_NO_SPACE;
    np_copy_short(dst, out, (bits + 7u) / 8u, FPC_MAX_BYTES);
    return NP_OK;
}

/* One lane (sec. 3.4) from the padded copy into word[0..15]; false when a run would leave the
 * lane. word has room for 8 words past the lane: a zero run is one store of 8 zero words (the
 * words past the run are written again by the entries that follow, or belong to the next
 * lane, decoded after this one). Each entry is one 64-bit load at its byte (an entry is at most
 * 35 bits) and a switch on its 3 stream bits (the prefix reversed, sec. 3.2) whose cases add a
 * constant to the position and expand the data as fpc_expand does (sec. 2.1): the next entry's
 * position depends on a predicted branch, not on a table read (a row per prefix, as this
 * decoder had before, made every position wait for the previous entry's load and its row's).
 * Lengths are not checked here:
 * the copy reads zero past the stream and holds the longest walk (two lanes of 16 raw words),
 * positions only grow, and the caller rejects the line unless the walk ends exactly at
 * src_bits inside the copy. */
_Static_assert(2u * (1u + 35u * FPC_LANE_WORDS) / 8u + 8u < sizeof(((np_padreader *)0)->buf),
               "the padded copy must hold FPC's longest walk plus one load");
FPC_FAST_INLINE bool fast_unpack_lane(np_padreader *r, uint32_t *word) {
    size_t pos = r->pos;
    uint64_t v = np_load_le64(r->buf + (pos >> 3)) >> (pos & 7u);
    pos += 1u;
    if ((v & 1u) == 0u) {                  /* raw lane */
        for (unsigned i = 0; i < FPC_LANE_WORDS; i++, pos += 32u) {
            word[i] = (uint32_t)(np_load_le64(r->buf + (pos >> 3)) >> (pos & 7u));
        }
        r->pos = pos;
        return true;
    }
    for (unsigned i = 0; i < FPC_LANE_WORDS;) {
        v = np_load_le64(r->buf + (pos >> 3)) >> (pos & 7u);
        uint32_t data = (uint32_t)(v >> FPC_PREFIX_BITS);
        switch (v & 7u) {   /* the 3 stream bits: the prefix reversed (sec. 3.2) */
        case 0: {           /* 000: a run of data + 1 zero words */
            unsigned run = (data & 7u) + 1u;
            if (run > FPC_LANE_WORDS - i) return false;   /* a run may not leave its lane */
            memset(word + i, 0, 8u * sizeof word[0]);
            i += run;
            pos += 6u;
            continue;
        }
        case 4: word[i] = ((data & 0xFu) ^ 0x8u) - 0x8u, pos += 7u; break;               /* 001 */
        case 2: word[i] = ((data & 0xFFu) ^ 0x80u) - 0x80u, pos += 11u; break;           /* 010 */
        case 6: word[i] = ((data & 0xFFFFu) ^ 0x8000u) - 0x8000u, pos += 19u; break;     /* 011 */
        case 1: word[i] = data << 16, pos += 19u; break;                                 /* 100 */
        case 5:                                                                          /* 101 */
            word[i] = ((((data & 0xFFu) ^ 0x80u) - 0x80u) & 0xFFFFu) | (((data >> 8 & 0xFFu) ^ 0x80u) - 0x80u) << 16;
            pos += 19u;
            break;
        case 3: word[i] = (data & 0xFFu) * 0x01010101u, pos += 11u; break;               /* 110 */
        default: word[i] = data, pos += 35u; break;                                      /* 111 */
        }
        i++;
    }
    r->pos = pos;
    return true;
}

FPC_FAST_INLINE np_result decompress_body(const uint8_t *src, size_t src_bits, uint8_t *dst) {
    np_padreader r;
    np_pr_init(&r, src, src_bits, FPC_MAX_BITS);
    uint32_t word[2u * FPC_LANE_WORDS + 8u];                /* + 8: a zero run's store (fast_unpack_lane) */
    if (!fast_unpack_lane(&r, word) || !fast_unpack_lane(&r, word + FPC_LANE_WORDS) || r.pos != src_bits ||
        r.pos > r.len) {
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

#if NP_HAVE_AVX2
/* The same C compiled for AVX2 + BMI2 machines (np_cpu.h): shifts by a register in one
 * instruction. */
NP_TARGET_AVX2 static np_result decompress_bmi2(const uint8_t *src, size_t src_bits, uint8_t *dst) {
    return decompress_body(src, src_bits, dst);
}
#endif

np_result fpc_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (dst == NULL || (src == NULL && src_bits > 0)) return NP_BAD_PARAM;
    if (dst_bytes < FPC_LINE_BYTES) return NP_NO_SPACE;
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) return decompress_bmi2(src, src_bits, dst);
#endif
    return decompress_body(src, src_bits, dst);
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
