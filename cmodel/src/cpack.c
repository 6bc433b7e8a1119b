/* C-Pack+Z golden model (docs/cpack.md), per-line and synchronised forms. Every stream read goes
 * through the bounds-checked reader of np_bits.h and every write through the checked writer. */
#include "cpack.h"

#include <string.h>

#include "codec.h"
#include "np_cpu.h"
#if NP_HAVE_AVX2
#include <immintrin.h>
#endif

_Static_assert(sizeof(cpack_dict) == 68 && sizeof(cpack_state) == 2 * 68 + 4 * 8,
               "cpack_state has no padding (docs/cpack.md sec. 5.2: both ends compare byte for byte)");

/* ---- words ------------------------------------------------------------------------------------ */

/* Words are little-endian (sec. 1): on a little-endian host the line's bytes are the words. */
static void line_words(const uint8_t line[CPACK_LINE_BYTES], uint32_t word[CPACK_LANES * CPACK_LANE_WORDS]) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(word, line, CPACK_LINE_BYTES);
#else
    for (unsigned w = 0; w < CPACK_LANES * CPACK_LANE_WORDS; w++) {
        const uint8_t *b = line + 4u * w;
        word[w] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
#endif
}

static void words_line(const uint32_t word[CPACK_LANES * CPACK_LANE_WORDS], uint8_t line[CPACK_LINE_BYTES]) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(line, word, CPACK_LINE_BYTES);
#else
    for (unsigned w = 0; w < CPACK_LANES * CPACK_LANE_WORDS; w++) {
        for (unsigned b = 0; b < 4u; b++) line[4u * w + b] = (uint8_t)(word[w] >> (8u * b));
    }
#endif
}

/* ---- dictionary and matcher (sec. 2) ----------------------------------------------------------- */

void cpack_dict_reset(cpack_dict *d) { memset(d, 0, sizeof *d); }

void cpack_dict_push(cpack_dict *d, uint32_t word) {
    d->entry[d->next] = word;
    d->next = (uint16_t)((d->next + 1u) % CPACK_DICT_ENTRIES);
    if (d->count < CPACK_DICT_ENTRIES) d->count++;
}

bool cpack_code_pushes(cpack_code c) { return c == CPACK_XXXX || c == CPACK_MMXX || c == CPACK_MMMX; }

static const unsigned code_bits[6] = {2u, 34u, 6u, 24u, 12u, 16u};

unsigned cpack_code_bits(cpack_code c) { return code_bits[(unsigned)c % 6u]; }

cpack_code cpack_match(const cpack_dict *d, uint32_t word, unsigned *index) {
    *index = 0;
    if (word == 0u) return CPACK_ZZZZ;
    /* Shortest code first (sec. 2.2): a full match (6 bits) before zzzx (12), then the longest
     * partial match. Matched bytes are counted from the most significant one. */
    unsigned best = 0, best_index = 0;      /* 4, 3 or 2 high bytes equal; 0 = none */
    for (unsigned i = 0; i < d->count; i++) {
        uint32_t diff = word ^ d->entry[i];
        unsigned m = diff == 0u ? 4u : (diff >> 8) == 0u ? 3u : (diff >> 16) == 0u ? 2u : 0u;
        if (m > best) {                     /* strict: the lowest index among equals */
            best = m;
            best_index = i;
        }
    }
    if (best == 4u) {
        *index = best_index;
        return CPACK_MMMM;
    }
    if (word <= 0xFFu) return CPACK_ZZZX;
    if (best != 0u) *index = best_index;
    return best == 3u ? CPACK_MMMX : best == 2u ? CPACK_MMXX : CPACK_XXXX;
}

unsigned cpack_lane_body_bits(cpack_dict *d, const uint32_t word[CPACK_LANE_WORDS], unsigned *pushes) {
    unsigned bits = 0, n = 0;
    for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) {
        unsigned idx;
        cpack_code c = cpack_match(d, word[i], &idx);
        bits += code_bits[c];
        if (cpack_code_pushes(c)) {
            cpack_dict_push(d, word[i]);
            n++;
        }
    }
    if (pushes) *pushes = n;
    return bits;
}

/* ---- lane stream (sec. 3) ---------------------------------------------------------------------- */

static bool lane_is_zero(const uint32_t word[CPACK_LANE_WORDS]) {
    uint32_t any = 0;
    for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) any |= word[i];
    return any == 0u;
}

/* Lane length from dictionary *d (not changed); *pushes gets the pushes a send would make. */
static unsigned lane_bits(const cpack_dict *d, const uint32_t word[CPACK_LANE_WORDS], unsigned *pushes) {
    *pushes = 0;
    if (lane_is_zero(word)) return 1u;
    cpack_dict tmp = *d;
    unsigned n = 0, body = cpack_lane_body_bits(&tmp, word, &n);
    if (body >= 8u * CPACK_LANE_BYTES) return CPACK_RAW_LANE_BITS;   /* raw: no pushes (sec. 2.3) */
    *pushes = n;
    return 2u + body;
}

/* The codes as printed, leftmost bit first (sec. 3.2). */
static const struct {
    uint8_t value, len;
} printed[6] = {{0x0u, 2u}, {0x1u, 2u}, {0x2u, 2u}, {0xCu, 4u}, {0xDu, 4u}, {0xEu, 4u}};

static void put_code(np_bitwriter *w, cpack_code c) {
    for (unsigned k = printed[c].len; k-- > 0;) np_bw_put(w, (printed[c].value >> k) & 1u, 1);
}

/* Returns the number of pushes the lane made. */
static unsigned pack_lane(np_bitwriter *w, cpack_dict *d, const uint32_t word[CPACK_LANE_WORDS]) {
    if (lane_is_zero(word)) {
        np_bw_put(w, 1u, 1);                                   /* Z = 1 */
        return 0;
    }
    np_bw_put(w, 0u, 1);
    cpack_dict tmp = *d;
    if (cpack_lane_body_bits(&tmp, word, NULL) >= 8u * CPACK_LANE_BYTES) {
        np_bw_put(w, 0u, 1);                                   /* C = 0: raw, *d untouched */
        for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) np_bw_put(w, word[i], 32);
        return 0;
    }
    np_bw_put(w, 1u, 1);
    unsigned pushes = 0;
    for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) {
        unsigned idx;
        uint32_t v = word[i];
        cpack_code c = cpack_match(d, v, &idx);
        put_code(w, c);
        switch (c) {
        case CPACK_XXXX: np_bw_put(w, v, 32); break;
        case CPACK_MMMM: np_bw_put(w, idx, CPACK_INDEX_BITS); break;
        case CPACK_MMXX: np_bw_put(w, idx, CPACK_INDEX_BITS), np_bw_put(w, v & 0xFFFFu, 16); break;
        case CPACK_ZZZX: np_bw_put(w, v & 0xFFu, 8); break;
        case CPACK_MMMX: np_bw_put(w, idx, CPACK_INDEX_BITS), np_bw_put(w, v & 0xFFu, 8); break;
        default: break;                                        /* ZZZZ: the code alone */
        }
        if (cpack_code_pushes(c)) {
            cpack_dict_push(d, v);
            pushes++;
        }
    }
    return pushes;
}

void cpack_pack_lane(np_bitwriter *w, cpack_dict *d, const uint32_t word[CPACK_LANE_WORDS]) {
    (void)pack_lane(w, d, word);
}

static np_result unpack_lane(np_bitreader *r, cpack_dict *d, uint32_t word[CPACK_LANE_WORDS], unsigned *pushes) {
    memset(word, 0, CPACK_LANE_WORDS * sizeof word[0]);
    *pushes = 0;
    unsigned z = (unsigned)np_br_get(r, 1);
    if (r->overrun) return NP_BAD_DATA;
    if (z) return NP_OK;                                       /* zero lane */
    unsigned c = (unsigned)np_br_get(r, 1);
    if (r->overrun) return NP_BAD_DATA;
    if (c == 0u) {
        for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) word[i] = (uint32_t)np_br_get(r, 32);
        return r->overrun ? NP_BAD_DATA : NP_OK;
    }
    for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) {
        unsigned a = (unsigned)np_br_get(r, 1), b = (unsigned)np_br_get(r, 1);
        cpack_code code;
        if (a == 0u) {
            code = b ? CPACK_XXXX : CPACK_ZZZZ;
        } else if (b == 0u) {
            code = CPACK_MMMM;
        } else {
            unsigned low = (unsigned)np_br_get(r, 1) << 1;
            low |= (unsigned)np_br_get(r, 1);
            if (low == 3u) return NP_BAD_DATA;                 /* 1111 is not a code */
            code = low == 0u ? CPACK_MMXX : low == 1u ? CPACK_ZZZX : CPACK_MMMX;
        }
        unsigned idx = 0;
        if (code == CPACK_MMMM || code == CPACK_MMXX || code == CPACK_MMMX) {
            idx = (unsigned)np_br_get(r, CPACK_INDEX_BITS);
            if (!r->overrun && idx >= d->count) return NP_BAD_DATA;   /* entry not valid */
        }
        uint32_t v = 0;
        switch (code) {
        case CPACK_XXXX: v = (uint32_t)np_br_get(r, 32); break;
        case CPACK_MMMM: v = d->entry[idx]; break;
        case CPACK_MMXX: v = (d->entry[idx] & 0xFFFF0000u) | (uint32_t)np_br_get(r, 16); break;
        case CPACK_ZZZX: v = (uint32_t)np_br_get(r, 8); break;
        case CPACK_MMMX: v = (d->entry[idx] & 0xFFFFFF00u) | (uint32_t)np_br_get(r, 8); break;
        default: break;
        }
        if (r->overrun) return NP_BAD_DATA;
        word[i] = v;
        /* The decoder pushes by the code it read, as the compressor pushed by the code it chose. */
        if (cpack_code_pushes(code)) {
            cpack_dict_push(d, v);
            (*pushes)++;
        }
    }
    return NP_OK;
}

np_result cpack_unpack_lane(np_bitreader *r, cpack_dict *d, uint32_t word[CPACK_LANE_WORDS]) {
    unsigned pushes;
    return unpack_lane(r, d, word, &pushes);
}

/* ---- whole line over a pair of dictionaries ------------------------------------------------------ */

static size_t line_bits(const cpack_dict dict[CPACK_LANES], const uint32_t word[CPACK_LANES * CPACK_LANE_WORDS]) {
    unsigned p;
    size_t bits = 0;
    for (unsigned l = 0; l < CPACK_LANES; l++) bits += lane_bits(&dict[l], word + l * CPACK_LANE_WORDS, &p);
    return bits;
}

/* Encodes into dst with dict[] (updated); *pushes / *changed get the protocol counts. */
static np_result compress_with(cpack_dict dict[CPACK_LANES], const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst,
                               size_t dst_bytes, size_t *out_bits, unsigned *pushes, unsigned *changed) {
    uint32_t word[CPACK_LANES * CPACK_LANE_WORDS];
    line_words(line, word);
    size_t bits = line_bits(dict, word);
    *out_bits = bits;
    if (dst_bytes < (bits + 7u) / 8u) return NP_NO_SPACE;    /* before the writer clears dst */
    np_bitwriter w;
    np_bw_init(&w, dst, (bits + 7u) / 8u);
    *pushes = *changed = 0;
    for (unsigned l = 0; l < CPACK_LANES; l++) {
        unsigned p = pack_lane(&w, &dict[l], word + l * CPACK_LANE_WORDS);
        *pushes += p;
        *changed += p != 0u;
    }
    /* Length and packer follow the same rules; a mismatch is a bug, never bad input. */
    return (w.overflow || w.pos != bits) ? NP_BAD_PARAM : NP_OK;
}

static np_result decompress_with(cpack_dict dict[CPACK_LANES], const uint8_t *src, size_t src_bits, uint8_t *dst,
                                 unsigned *pushes, unsigned *changed) {
    np_bitreader r;
    np_br_init(&r, src, src_bits);
    uint32_t word[CPACK_LANES * CPACK_LANE_WORDS];
    *pushes = *changed = 0;
    np_result rc = NP_OK;
    for (unsigned l = 0; l < CPACK_LANES && rc == NP_OK; l++) {
        unsigned p;
        rc = unpack_lane(&r, &dict[l], word + l * CPACK_LANE_WORDS, &p);
        *pushes += p;
        *changed += p != 0u;
    }
    if (rc == NP_OK && np_br_remaining(&r) != 0) rc = NP_BAD_DATA;   /* trailing bits */
    if (rc != NP_OK) {
        memset(dst, 0, CPACK_LINE_BYTES);
        return rc;
    }
    words_line(word, dst);
    return NP_OK;
}

/* ---- fast whole-line path ------------------------------------------------------------------------
 * The same function of the line and the dictionaries as compress_with / decompress_with above
 * (the stages: cpack_match, cpack_lane_body_bits, pack_lane, unpack_lane), which stay the
 * reference (cpack_*_stages; tests/test_cpack.c compares the two on random, synthetic and real
 * lines, both forms, and malformed streams):
 *   - sec. 2.2 / 2.3: each word is matched once, on a copy of the lane's dictionary; the match
 *     compares the word with all valid entries (full, 3-byte and 2-byte masks: with AVX2, chosen
 *     at run time, two byte compares of all 16 entries byte-sliced, pack_sliced_lane; elsewhere
 *     a loop), the lowest valid index of the best mask wins;
 *   - sec. 3.1: the entries (code and payload, one field each: the code bit-reversed, sec. 3.2,
 *     then index and data) and the body length are collected in that one pass, so zero lane,
 *     raw or body is decided before anything is appended, and the dictionary copy is committed
 *     only for a body (raw lanes do not push);
 *   - sec. 3.5: the decoder reads each entry's code from the 4 bits ahead and decodes it in
 *     the case of a switch on them, from a zero-padded copy of the stream, into the caller's line;
 *     an index is checked as it is read (a branch valid streams never take), the lengths at
 *     the line's end. */
/* Bit i: entry i equals word in all 4 bytes / the 3 high bytes / the 2 high bytes (valid
 * entries only). */
typedef struct {
    unsigned full, three, two;
} fast_match_masks;

static fast_match_masks fast_match_all(const cpack_dict *d, uint32_t word) {
    fast_match_masks m = {0, 0, 0};
    for (unsigned i = 0; i < d->count; i++) {
        uint32_t diff = word ^ d->entry[i];
        m.full |= (unsigned)(diff == 0u) << i;
        m.three |= (unsigned)((diff >> 8) == 0u) << i;
        m.two |= (unsigned)((diff >> 16) == 0u) << i;
    }
    return m;
}

/* The codes as they go into the stream (sec. 3.2: printed leftmost bit first, so bit-reversed
 * for the LSB-first writer) and their lengths. */
static const uint8_t code_stream[6] = {0x0u, 0x2u, 0x1u, 0x3u, 0xBu, 0x7u};
static const uint8_t code_len[6] = {2u, 2u, 2u, 4u, 4u, 4u};

static unsigned ctz16(unsigned x) { return (unsigned)__builtin_ctz(x); }

/* Sec. 2.2's code of word against *d, and its entry as one field (*field, *width bits); *d
 * pushed as sec. 2.3 says. */
static cpack_code fast_entry(cpack_dict *d, uint32_t word, uint64_t *field, unsigned *width) {
    cpack_code c;
    uint64_t payload = 0;
    unsigned payload_bits = 0;
    if (word == 0u) {
        c = CPACK_ZZZZ;
    } else {
        fast_match_masks m = fast_match_all(d, word);
        if (m.full) {
            c = CPACK_MMMM, payload = ctz16(m.full), payload_bits = CPACK_INDEX_BITS;
        } else if (word <= 0xFFu) {
            c = CPACK_ZZZX, payload = word, payload_bits = 8u;
        } else if (m.three) {
            c = CPACK_MMMX, payload = ctz16(m.three) | (word & 0xFFu) << CPACK_INDEX_BITS;
            payload_bits = CPACK_INDEX_BITS + 8u;
        } else if (m.two) {
            c = CPACK_MMXX, payload = ctz16(m.two) | (word & 0xFFFFu) << CPACK_INDEX_BITS;
            payload_bits = CPACK_INDEX_BITS + 16u;
        } else {
            c = CPACK_XXXX, payload = word, payload_bits = 32u;
        }
        if (cpack_code_pushes(c)) cpack_dict_push(d, word);
    }
    *field = code_stream[c] | payload << code_len[c];
    *width = code_len[c] + payload_bits;
    return c;
}

/* One lane (sec. 3.1) onto b from *d (updated when the body is sent); returns the pushes. */
static unsigned fast_pack_lane(np_wordbuf *b, cpack_dict *d, const uint32_t word[CPACK_LANE_WORDS]) {
    uint32_t any = 0;
    for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) any |= word[i];
    if (any == 0u) {
        np_wb_put_fit(b, 1u, 1);                               /* Z = 1 */
        return 0;
    }
    cpack_dict tmp = *d;
    uint64_t field[CPACK_LANE_WORDS];
    unsigned width[CPACK_LANE_WORDS], body = 0, pushes = 0;
    for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) {
        pushes += cpack_code_pushes(fast_entry(&tmp, word[i], &field[i], &width[i]));
        body += width[i];
    }
    if (body >= 8u * CPACK_LANE_BYTES) {                       /* Z = 0, C = 0: raw, *d untouched */
        np_wb_put_fit(b, 0u, 2);
        for (unsigned i = 0; i < CPACK_LANE_WORDS; i += 2) np_wb_put_fit(b, word[i] | (uint64_t)word[i + 1] << 32, 64);
        return 0;
    }
    np_wb_put_fit(b, 2u, 2);                                   /* Z = 0, C = 1 */
    for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) np_wb_put_fit(b, field[i], width[i]);
    *d = tmp;
    return pushes;
}

_Static_assert(CPACK_MAX_BITS < 64u * NP_WB_WORDS, "C-Pack line stream must fit np_wordbuf");

#if NP_HAVE_AVX2
/* A lane's dictionary after it (in registers until the caller commits it). */
typedef struct {
    __m256i d0, d1;         /* entries 0..7, 8..15 */
    unsigned next, count, pushes;
} lane_dict;

/* The per-line form's lane from an empty dictionary (docs/cpack.md sec. 3.6, "Per-line form"):
 * with no entry ever replaced (at most 16 pushes), the dictionary before word i is the pushed
 * words among 0 .. i-1 in slots 0, 1, ... in their order, so
 *   - word i is pushed iff it is above 0xFF (set C) and no earlier word equals it;
 *   - the lowest entry matching its high 2, 3 or 4 bytes is the lowest earlier word j in C that
 *     matches them (that j is pushed: an earlier word equal to it would match too), in slot
 *     rank(j) = the pushed words before j;
 * and a word's code depends on the lane's words alone, not on the codes before it. All pairs
 * are compared at once: for each word j, its broadcast against the lane's 64 bytes (one byte
 * compare per 8 words), each byte's answer shifted into bit j of a byte accumulator (acc =
 * 2 acc - eq, j going down), so byte b of word i's lane holds "byte b of words i and j equal"
 * for 8 words j. Bytes 3 & 2, & 1, & 0 of it are the 2-, 3- and 4-byte matches (sec. 2.1's
 * mmxx, mmmx, mmmm). On AVX-512 CD machines the same masks for j < i come from three conflict
 * instructions (lane_pair_masks_avx512). Then 8 words per instruction: the masks kept to j < i
 * in C; the code
 * (zzzz, zzzx, then the longest match); the index as the popcount (nibble table) of the pushed
 * words below the lowest match; the entry (code, index, data) as one field of at most 34 bits
 * and its width from 8-entry tables indexed by the code. Returns the body's length (sec. 3.1). */
typedef enum { FRESH_ZZZZ, FRESH_ZZZX, FRESH_MMMM, FRESH_MMMX, FRESH_MMXX, FRESH_XXXX } fresh_kind;

/* Per fresh_kind: the code's stream bits (sec. 3.2), where the index goes (32: none), which word
 * bits are sent and where, and the entry's width. */
static const int32_t fresh_code[8] = {0x0, 0xB, 0x1, 0x7, 0x3, 0x2, 0, 0};
static const int32_t fresh_index_at[8] = {32, 32, 2, 4, 4, 32, 32, 32};
static const int32_t fresh_data_mask[8] = {0, 0xFF, 0, 0xFF, 0xFFFF, -1, 0, 0};
static const int32_t fresh_data_at[8] = {0, 4, 0, 8, 8, 2, 0, 0};
static const int32_t fresh_data_spill[8] = {32, 28, 32, 24, 24, 30, 32, 32};   /* 32 - data_at */
static const int32_t fresh_width[8] = {2, 12, 6, 16, 24, 34, 0, 0};

NP_TARGET_AVX2 static inline __m256i load8(const int32_t *t) {
    return _mm256_loadu_si256((const __m256i *)(const void *)t);
}

/* The 2-, 3- and 4-byte match masks (sec. 2.1's mmxx, mmmx, mmmm) in bits 0..15 of each word's
 * element, from byte accumulators lo (bit s of byte b: byte b of the word equals byte b of
 * entry or word s, s = 0..7) and hi (s = 8..15; none when !has_hi): two byte shuffles gather
 * bytes 3 and 2 of both into the element's halves (p = 16-bit masks of byte 3 | byte 2 << 16),
 * two more bytes 1 and 0 (q), and the levels are p & p >> 16, & q, & q >> 16. */
NP_TARGET_AVX2 static inline void levels16(__m256i lo, __m256i hi, bool has_hi, __m256i lvl[3]) {
#define NP_LV4(a, b, c, d) \
    a, b, c, d, a + 4, b + 4, c + 4, d + 4, a + 8, b + 8, c + 8, d + 8, a + 12, b + 12, c + 12, d + 12
#define NP_LV(a, b, c, d) _mm256_setr_epi8(NP_LV4(a, b, c, d), NP_LV4(a, b, c, d))
    __m256i p = _mm256_shuffle_epi8(lo, NP_LV(3, -128, 2, -128));
    __m256i q = _mm256_shuffle_epi8(lo, NP_LV(1, -128, 0, -128));
    if (has_hi) {
        p = _mm256_or_si256(p, _mm256_shuffle_epi8(hi, NP_LV(-128, 3, -128, 2)));
        q = _mm256_or_si256(q, _mm256_shuffle_epi8(hi, NP_LV(-128, 1, -128, 0)));
    }
#undef NP_LV
#undef NP_LV4
    lvl[0] = _mm256_and_si256(p, _mm256_srli_epi32(p, 16));
    lvl[1] = _mm256_and_si256(lvl[0], q);
    lvl[2] = _mm256_and_si256(lvl[1], _mm256_srli_epi32(q, 16));
}

/* acc = 2 acc - (x == b) bytewise: the compare's answer shifted into bit 0 of each byte. */
NP_TARGET_AVX2 static inline __m256i acc_eq8(__m256i acc, __m256i x, uint32_t b) {
    return _mm256_sub_epi8(_mm256_add_epi8(acc, acc), _mm256_cmpeq_epi8(x, _mm256_set1_epi32((int)b)));
}

/* The population count of each 32-bit element below 2^16 (a nibble table per byte). */
NP_TARGET_AVX2 static inline __m256i pop16(__m256i x) {
    const __m256i nibble_pop = _mm256_setr_epi8(0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4,
                                                0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4);
    const __m256i low_nibbles = _mm256_set1_epi8(0x0F);
    __m256i high = _mm256_and_si256(_mm256_srli_epi16(x, 4), low_nibbles);
    __m256i cnt = _mm256_add_epi8(_mm256_shuffle_epi8(nibble_pop, _mm256_and_si256(x, low_nibbles)),
                                  _mm256_shuffle_epi8(nibble_pop, high));
    return _mm256_and_si256(_mm256_add_epi32(cnt, _mm256_srli_epi32(cnt, 8)), _mm256_set1_epi32(0x1F));
}

/* Group g's words (8g .. 8g + 7, in w) against the lane's words j, all pairs at once (see
 * above): m[k], bit j of each word's element: the word and word j are equal in their high 2,
 * 3, 4 bytes (k = 0, 1, 2), for j = 0 .. 8g + 7 (words of group 0 have no earlier word j >= 8). */
NP_TARGET_AVX2 static inline void group_pair_masks(const uint8_t lane[CPACK_LANE_BYTES], unsigned g, __m256i w,
                                                   __m256i m[3]) {
    __m256i lo = _mm256_setzero_si256(), hi = lo;
    NP_UNROLL
    for (int j = 7; j >= 0; j--) lo = acc_eq8(lo, w, np_load_le32(lane + 4 * j));
    if (g) {
        NP_UNROLL
        for (int j = 15; j >= 8; j--) hi = acc_eq8(hi, w, np_load_le32(lane + 4 * j));
    }
    levels16(lo, hi, g != 0, m);
}

/* Words j < i of the lane, per word i of group g (bit j). */
NP_TARGET_AVX2 static inline __m256i words_below(unsigned g) {
    return g ? _mm256_setr_epi32(0xFF, 0x1FF, 0x3FF, 0x7FF, 0xFFF, 0x1FFF, 0x3FFF, 0x7FFF)
             : _mm256_setr_epi32(0x0, 0x1, 0x3, 0x7, 0xF, 0x1F, 0x3F, 0x7F);
}

/* Group g's 8 entries (code, index and data as one field, at most 34 bits) and widths from
 * their kinds, indexes and words; returns the widths. The entry's low 32 bits and the bits
 * shifted past them (an xxxx word's top 2; the other kinds end below bit 32) are interleaved
 * into 64-bit entries in the order words 0, 1, 4, 5 | 2, 3, 6, 7 of the group (the unpacks work
 * within 128-bit halves; place_fields reads them back in word order, entry_slot). */
NP_TARGET_AVX2 static inline __m256i group_entries(__m256i k, __m256i index, __m256i w, __m256i entry[2]) {
    __m256i head = _mm256_or_si256(_mm256_permutevar8x32_epi32(load8(fresh_code), k),
                                   _mm256_sllv_epi32(index, _mm256_permutevar8x32_epi32(load8(fresh_index_at), k)));
    __m256i data = _mm256_and_si256(w, _mm256_permutevar8x32_epi32(load8(fresh_data_mask), k));
    __m256i at = _mm256_permutevar8x32_epi32(load8(fresh_data_at), k);
    __m256i lo = _mm256_or_si256(head, _mm256_sllv_epi32(data, at));
    __m256i hi = _mm256_srlv_epi32(data, _mm256_permutevar8x32_epi32(load8(fresh_data_spill), k));
    entry[0] = _mm256_unpacklo_epi32(lo, hi);
    entry[1] = _mm256_unpackhi_epi32(lo, hi);
    return _mm256_permutevar8x32_epi32(load8(fresh_width), k);
}

NP_TARGET_AVX2 static inline unsigned hsum8(__m256i v) {
    __m128i half = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0x4E));
    half = _mm_add_epi32(half, _mm_shuffle_epi32(half, 0xB1));
    return (unsigned)_mm_cvtsi128_si32(half);
}

/* A lane's 16 fields in registers: field[4 g + h], the 64-bit fields of group g's words in
 * entry_slot order (h = 0: words 0, 1, 4, 5 of the group; h = 1: 2, 3, 6, 7), width[g] their
 * widths in word order (0: no field). */
typedef struct {
    __m256i field[4], width[2];
} lane_fields;

/* The lane's pair masks (group_pair_masks) for both groups, m[g][k]. */
NP_TARGET_AVX2 static inline void lane_pair_masks_avx2(const uint8_t lane[CPACK_LANE_BYTES], __m256i m[2][3]) {
    group_pair_masks(lane, 0, _mm256_loadu_si256((const __m256i *)(const void *)lane), m[0]);
    group_pair_masks(lane, 1, _mm256_loadu_si256((const __m256i *)(const void *)(lane + 32)), m[1]);
}

#if NP_HAVE_AVX512
/* The same masks with AVX-512 CD, restricted to j < i (which is all the lane code uses): the
 * conflict instruction gives each of the lane's 16 words the mask of the earlier words equal to
 * it, so its high 2, 3 and 4 bytes' masks are the conflicts of the words shifted right by 16, 8
 * and 0 (three instructions where the byte accumulators take ~60 per group). */
NP_TARGET_AVX512 static inline void lane_pair_masks_avx512(const uint8_t lane[CPACK_LANE_BYTES], __m256i m[2][3]) {
    __m512i w = _mm512_loadu_si512((const void *)lane);
    __m512i two = _mm512_conflict_epi32(_mm512_srli_epi32(w, 16));
    __m512i three = _mm512_conflict_epi32(_mm512_srli_epi32(w, 8));
    __m512i full = _mm512_conflict_epi32(w);
    m[0][0] = _mm512_castsi512_si256(two);
    m[1][0] = _mm512_extracti64x4_epi64(two, 1);
    m[0][1] = _mm512_castsi512_si256(three);
    m[1][1] = _mm512_extracti64x4_epi64(three, 1);
    m[0][2] = _mm512_castsi512_si256(full);
    m[1][2] = _mm512_extracti64x4_epi64(full, 1);
}
#endif

/* The lane's fields and the body's length from its words (w0, w1) and pair masks m (bit j of
 * word i's element: i and j equal in the high 2, 3, 4 bytes, at least for every j < i). */
NP_TARGET_AVX2 static inline __attribute__((always_inline)) unsigned
fresh_lane_entries_avx2(__m256i w0, __m256i w1, __m256i m[2][3], lane_fields *lf) {
    __m256i lvl[2][3];
    const __m256i zero = _mm256_setzero_si256();
    __m256i small0 = _mm256_cmpeq_epi32(_mm256_srli_epi32(w0, 8), zero);   /* zero or zzzx */
    __m256i small1 = _mm256_cmpeq_epi32(_mm256_srli_epi32(w1, 8), zero);
    unsigned c = ~((unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(small0)) |
                   (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(small1)) << 8) & 0xFFFFu;
    __m256i cv = _mm256_set1_epi32((int)c);
    NP_UNROLL
    for (unsigned g = 0; g < 2; g++) {
        __m256i keep = _mm256_and_si256(cv, words_below(g));
        NP_UNROLL
        for (unsigned k = 0; k < 3; k++) lvl[g][k] = _mm256_and_si256(m[g][k], keep);   /* j < i, in C */
    }
    /* Kind: zzzz or zzzx for a small word, else 2 + the number of empty masks (full, three,
     * two all set: mmmm; ...; none: xxxx). Pushed: not small, no full match. */
    __m256i kind[2], empty2[2], empty3[2], empty4[2];
    unsigned pushed = 0;
    NP_UNROLL
    for (unsigned g = 0; g < 2; g++) {
        __m256i w = g ? w1 : w0, small = g ? small1 : small0;
        empty2[g] = _mm256_cmpeq_epi32(lvl[g][0], zero);
        empty3[g] = _mm256_cmpeq_epi32(lvl[g][1], zero);
        empty4[g] = _mm256_cmpeq_epi32(lvl[g][2], zero);
        __m256i big = _mm256_sub_epi32(_mm256_sub_epi32(_mm256_sub_epi32(_mm256_set1_epi32(FRESH_MMMM), empty2[g]),
                                                        empty3[g]), empty4[g]);
        __m256i low = _mm256_add_epi32(_mm256_set1_epi32(FRESH_ZZZX), _mm256_cmpeq_epi32(w, zero));
        kind[g] = _mm256_blendv_epi8(big, low, small);
        pushed |= (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_andnot_si256(small, empty4[g]))) << (8u * g);
    }
    __m256i pv = _mm256_set1_epi32((int)pushed), sum = zero;
    NP_UNROLL
    for (unsigned g = 0; g < 2; g++) {
        /* the longest match's mask, its bits below the lowest one, the pushed words there */
        __m256i sel = _mm256_blendv_epi8(lvl[g][1], lvl[g][0], empty3[g]);
        sel = _mm256_blendv_epi8(lvl[g][2], sel, empty4[g]);
        __m256i below = _mm256_andnot_si256(sel, _mm256_sub_epi32(sel, _mm256_set1_epi32(1)));
        __m256i index = pop16(_mm256_and_si256(below, pv));
        lf->width[g] = group_entries(kind[g], index, g ? w1 : w0, lf->field + 2u * g);
        sum = _mm256_add_epi32(sum, lf->width[g]);
    }
    return hsum8(sum);
}

/* A raw lane (Z = 0, C = 0, the 16 words; sec. 3.1) onto *w. */
static inline __attribute__((always_inline)) void append_raw(np_bytewriter *w, const uint32_t word[CPACK_LANE_WORDS]) {
    np_bytew_put(w, 0u, 2);
    for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) np_bytew_put(w, word[i], 32);
}

/* The slot of word i's entry in a lane's entry[] (group_entries' order). */
static const uint8_t entry_slot[CPACK_LANE_WORDS] = {0, 1, 4, 5, 2, 3, 6, 7, 8, 9, 12, 13, 10, 11, 14, 15};

/* Inclusive prefix sums of 8 32-bit elements, plus carry (every element of it the same). */
NP_TARGET_AVX2 static inline __m256i prefix8(__m256i x, __m256i carry) {
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 4));
    x = _mm256_add_epi32(x, _mm256_slli_si256(x, 8));            /* within each 128-bit half */
    __m256i low_total = _mm256_shuffle_epi32(x, 0xFF);
    x = _mm256_add_epi32(x, _mm256_permute2x128_si256(low_total, low_total, 0x08));   /* into the high half */
    return _mm256_add_epi32(x, carry);
}

/* The line's 32 fields (sec. 3.1 / 3.3 in stream order: lane 0's then lane 1's, each lane's
 * flags in its first field; a width of 0: nothing) into out, with no chain through a bit count:
 * the fields' positions p_i are the exclusive prefix sums of their widths, computed 8 at a time
 * first (the "size computation before emitting"), so field i is v_i = field_i << (p_i mod
 * 8) at byte b_i = p_i / 8 (at most 36 + 7 bits), and the one chain left is the bits a byte shares
 * with the fields before it: acc_i = acc_{i-1} >> 8 (b_i - b_{i-1}) | v_i, stored as 8 bytes at
 * b_i, a shift and an OR per field with every count and address known up front (the byte
 * writer's advance per field: 1,020 -> 960 Ir/line, the MB/s unchanged, B/A 0.99: the chain was
 * not what bounded it; docs/codec-speed.md, eleventh round). Exact:
 * acc_{i-1} holds every bit of the fields before i from byte b_{i-1} on (v_{i-1} spans under 64
 * bits), and what the shift drops lies in bytes below b_i, which those fields complete and which
 * store i-1 wrote. Returns the stream's length; out has room for CPACK_MAX_BYTES +
 * NP_BYTEWRITER_SLACK (the last store is at byte <= 128). */
NP_TARGET_AVX2 static inline __attribute__((always_inline)) size_t place_fields(uint8_t *out,
                                                                                const lane_fields lf[CPACK_LANES]) {
    enum { N = CPACK_LANES * CPACK_LANE_WORDS };
    uint64_t v[N];             /* entry_slot order per lane */
    uint32_t at[N], drop[N];   /* b_i and 8 (b_i - b_{i-1}), word order */
    const __m256i back_one = _mm256_setr_epi32(7, 0, 1, 2, 3, 4, 5, 6);
    __m256i carry = _mm256_setzero_si256(), prev_b = carry;
    NP_UNROLL
    for (unsigned g = 0; g < N / 8u; g++) {
        __m256i wd = lf[g / 2u].width[g % 2u];
        __m256i incl = prefix8(wd, carry);
        __m256i p = _mm256_sub_epi32(incl, wd);
        carry = _mm256_permutevar8x32_epi32(incl, _mm256_set1_epi32(7));
        __m256i b = _mm256_srli_epi32(p, 3), sh = _mm256_and_si256(p, _mm256_set1_epi32(7));
        __m256i before = _mm256_blend_epi32(_mm256_permutevar8x32_epi32(b, back_one),
                                            _mm256_permutevar8x32_epi32(prev_b, back_one), 0x01);
        prev_b = b;
        _mm256_storeu_si256((__m256i *)(void *)(at + 8u * g), b);
        _mm256_storeu_si256((__m256i *)(void *)(drop + 8u * g), _mm256_slli_epi32(_mm256_sub_epi32(b, before), 3));
        const __m256i *f = lf[g / 2u].field + 2u * (g % 2u);
        _mm256_storeu_si256((__m256i *)(void *)(v + 8u * g),
                            _mm256_sllv_epi64(f[0], _mm256_unpacklo_epi32(sh, _mm256_setzero_si256())));
        _mm256_storeu_si256((__m256i *)(void *)(v + 8u * g + 4u),
                            _mm256_sllv_epi64(f[1], _mm256_unpackhi_epi32(sh, _mm256_setzero_si256())));
    }
    /* Read back from memory, a load folded into each OR and shift (extracting from vector
     * registers cost more: the ninth round's appends, docs/codec-speed.md). */
    __asm__("" : "+m"(v), "+m"(at), "+m"(drop));
    uint64_t acc = 0;
    _Pragma("GCC unroll 32")
    for (unsigned i = 0; i < N; i++) {
        acc = acc >> drop[i] | v[(i & ~15u) + entry_slot[i & 15u]];
        np_store_le64(out + at[i], acc);
    }
    return (size_t)_mm256_extract_epi32(carry, 0);
}

/* cpack_compress on AVX2 + BMI2 machines: both lanes from empty dictionaries (their state is
 * not kept: the per-line form), no branch per word. Each lane becomes 16 fields (sec. 3.1): a
 * body lane its entries, Z = 0 and C = 1 with the first; a raw lane its words (zero-extended,
 * in entry_slot order), Z = 0 and C = 0 with the first; a zero lane Z = 1 and 15 empty fields;
 * place_fields writes the 32. The words are loaded from the line itself (x86 is little-endian:
 * its bytes are the words, sec. 1), not from a copy: a 32-byte load of a copy just written by
 * 16-byte stores is not forwarded from them and waits for them to reach the cache (B/A 1.12,
 * eleventh round). m: each lane's pair masks (fresh_lane_entries_avx2). Returns the stream's
 * length; out has room for CPACK_MAX_BYTES + NP_BYTEWRITER_SLACK. */
/* A zero lane's fields (sec. 3.1): Z = 1, then nothing. */
NP_TARGET_AVX2 static inline void zero_lane_fields(lane_fields *x) {
    const __m256i zero = _mm256_setzero_si256();
    x->field[0] = _mm256_setr_epi64x(1, 0, 0, 0);
    x->field[1] = x->field[2] = x->field[3] = zero;
    x->width[0] = _mm256_setr_epi32(1, 0, 0, 0, 0, 0, 0, 0);
    x->width[1] = zero;
}

/* A lane's flags (sec. 3.1) put into its first field: a body (the entries in *x) Z = 0, C = 1;
 * raw, the entries replaced by the words w0, w1 (32-bit fields in entry_slot order), Z = 0, C = 0. */
NP_TARGET_AVX2 static inline void flag_lane_fields(lane_fields *x, __m256i w0, __m256i w1, bool raw) {
    const __m256i zero = _mm256_setzero_si256();
    __m256i head = _mm256_set1_epi64x(2);                      /* Z = 0, C = 1, the entries */
    if (raw) {                                                 /* Z = 0, C = 0, the words */
        x->field[0] = _mm256_unpacklo_epi32(w0, zero);
        x->field[1] = _mm256_unpackhi_epi32(w0, zero);
        x->field[2] = _mm256_unpacklo_epi32(w1, zero);
        x->field[3] = _mm256_unpackhi_epi32(w1, zero);
        x->width[0] = x->width[1] = _mm256_set1_epi32(32);
        head = zero;
    }
    head = _mm256_or_si256(head, _mm256_slli_epi64(x->field[0], 2));
    x->field[0] = _mm256_blend_epi32(x->field[0], head, 0x03);
    x->width[0] = _mm256_add_epi32(x->width[0], _mm256_setr_epi32(2, 0, 0, 0, 0, 0, 0, 0));
}

/* Lane l's words (x86: the line's bytes are the words, sec. 1) into w[0], w[1]; true if all zero. */
NP_TARGET_AVX2 static inline bool load_lane(const uint8_t line[CPACK_LINE_BYTES], unsigned l, __m256i w[2]) {
    w[0] = _mm256_loadu_si256((const __m256i *)(const void *)(line + l * CPACK_LANE_BYTES));
    w[1] = _mm256_loadu_si256((const __m256i *)(const void *)(line + l * CPACK_LANE_BYTES + 32u));
    __m256i any = _mm256_or_si256(w[0], w[1]);
    return _mm256_testz_si256(any, any);
}

NP_TARGET_AVX2 static inline __attribute__((always_inline)) size_t
fresh_pack_line(uint8_t *out, const uint8_t line[CPACK_LINE_BYTES], __m256i m[CPACK_LANES][2][3]) {
    lane_fields lf[CPACK_LANES];
    for (unsigned l = 0; l < CPACK_LANES; l++) {
        __m256i w[2];
        lane_fields *x = &lf[l];
        if (load_lane(line, l, w)) zero_lane_fields(x);
        else flag_lane_fields(x, w[0], w[1], fresh_lane_entries_avx2(w[0], w[1], m[l], x) >= 8u * CPACK_LANE_BYTES);
    }
    return place_fields(out, lf);
}

/* fresh_pack_line with each lane's pair masks from the byte accumulators (AVX2) or from
 * conflict detection (AVX-512 CD, 1.22 times the MB/s: docs/codec-speed.md, eleventh round). */
NP_TARGET_AVX2 static size_t fresh_pack_line_avx2(uint8_t *out, const uint8_t line[CPACK_LINE_BYTES]) {
    __m256i m[CPACK_LANES][2][3];
    lane_pair_masks_avx2(line, m[0]);
    lane_pair_masks_avx2(line + CPACK_LANE_BYTES, m[1]);
    return fresh_pack_line(out, line, m);
}

#if NP_HAVE_AVX512
NP_TARGET_AVX512 static size_t fresh_pack_line_avx512(uint8_t *out, const uint8_t line[CPACK_LINE_BYTES]) {
    __m256i m[CPACK_LANES][2][3];
    lane_pair_masks_avx512(line, m[0]);
    lane_pair_masks_avx512(line + CPACK_LANE_BYTES, m[1]);
    return fresh_pack_line(out, line, m);
}
#endif

/* The word-by-word lane packer with the dictionary byte-sliced: register a holds byte 3 of the
 * entries (byte s: slot s) in its low half and byte 2 in its high half, b bytes 1 and 0. One
 * byte compare of each with the word's bytes spread the same way and two movemasks give 32-bit
 * masks whose halves are the slots equal in byte 3 | byte 2 (ma) and byte 1 | byte 0 (mb); sec.
 * 2.1's levels are two = ma & ma rotated by 16 (both halves: the slots equal in bytes 3 and 2),
 * three = two & mb (low half), full = three & mb rotated (both halves), and the lowest slot a
 * count of trailing zeros (1,663 -> 1,516 Ir/line against the dictionary as entries, whose
 * 64-bit mask of byte answers took shifts and masks to reduce to slots, and whose push computed
 * slot `next`'s mask each time, on the chain to the next word's compare). A push
 * (sec. 2.3) blends the word's spread bytes into slot `next` (a byte mask rotated by one byte per
 * push, no index to compute). all_valid (a constant): count is 16, the state of every lane once 16
 * words have been pushed, and every slot is valid; else count < 16 = next (every state the API
 * reaches below 16: count and next grow together), the valid slots are the bytes below count of
 * a mask ANDed with byte 3's compare (every level includes it), and a push sets slot next's.
 * Sec. 2.2: the shortest code that applies, zzzz, mmmm, zzzx, mmmx, mmxx, xxxx, a branch each
 * (the push is known as soon as the code is, so the next word's compare need not wait for it),
 * the entry (code, index and data as one field, at most 34 bits) straight to the byte writer,
 * the body's length the writer's advance; a lane that turns out raw (body >= 512 bits, sec. 3.1)
 * rewinds the writer to its start and is written raw. The dictionary after the lane goes back
 * to entries in registers for the caller to store once the line is sent (sec. 3.4). */
NP_TARGET_AVX2 static inline __attribute__((always_inline)) void
pack_sliced_lane(np_bytewriter *out, const cpack_dict *d, const uint32_t word[CPACK_LANE_WORDS], lane_dict *nd,
                 bool all_valid) {
    /* Entries 0..7 and 8..15, each 128-bit half's 4 entries gathered by byte (bytes 3 of the
     * four, bytes 2, 1, 0), then the halves' dwords interleaved into a and b. */
    const __m256i by_byte = _mm256_setr_epi8(3, 7, 11, 15, 2, 6, 10, 14, 1, 5, 9, 13, 0, 4, 8, 12,
                                             3, 7, 11, 15, 2, 6, 10, 14, 1, 5, 9, 13, 0, 4, 8, 12);
    const __m256i halves = _mm256_setr_epi32(0, 4, 2, 6, 1, 5, 3, 7);
    __m256i d0 = _mm256_loadu_si256((const __m256i *)(const void *)d->entry);
    __m256i d1 = _mm256_loadu_si256((const __m256i *)(const void *)(d->entry + 8));
    __m256i u = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(d0, by_byte), halves);
    __m256i v = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(d1, by_byte), halves);
    __m256i a = _mm256_unpacklo_epi64(u, v), b = _mm256_unpackhi_epi64(u, v);
    *nd = (lane_dict){d0, d1, d->next, d->count, 0};
    np_bytewriter lane = *out, *w = &lane;                     /* a local copy lives in registers */
    np_bytew_put(w, 2u, 2);                                    /* Z = 0, C = 1 */
    const __m256i spread_a = _mm256_setr_epi8(3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
                                              2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2);
    const __m256i spread_b = _mm256_setr_epi8(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                              0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    __m256i at = _mm256_add_epi8(_mm256_set1_epi8((char)(0x80 - d->next)),
                                 _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                                  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    at = _mm256_cmpeq_epi8(at, _mm256_set1_epi8((char)0x80));  /* byte next of each half */
    __m256i valid = _mm256_cmpgt_epi8(_mm256_set1_epi8((char)d->count),
                                      _mm256_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                                                       0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15));
    unsigned pushes = 0;
    NP_UNROLL                                                  /* 16 copies: no loop counter, fewer misses */
    for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) {
        uint32_t x = word[i];
        if (x == 0u) {                                         /* zzzz: 00 */
            np_bytew_put(w, 0u, 2);
            continue;
        }
        __m256i wv = _mm256_set1_epi32((int)x);
        __m256i wa = _mm256_shuffle_epi8(wv, spread_a), wb = _mm256_shuffle_epi8(wv, spread_b);
        __m256i ea = _mm256_cmpeq_epi8(a, wa);
        uint32_t ma = (uint32_t)_mm256_movemask_epi8(all_valid ? ea : _mm256_and_si256(ea, valid));
        uint32_t mb = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(b, wb));
        uint32_t two = ma & (ma >> 16 | ma << 16), three = two & mb, full = three & (mb >> 16 | mb << 16);
        if (full) {                                            /* mmmm: 10 + index */
            np_bytew_put(w, 0x1u | (unsigned)__builtin_ctz(full) << 2, 6);
            continue;
        }
        if (x <= 0xFFu) {                                      /* zzzx: 1101 + byte */
            np_bytew_put(w, 0xBu | x << 4, 12);
            continue;
        }
        if ((uint16_t)three) {                                 /* mmmx: 1110 + index + byte */
            np_bytew_put(w, 0x7u | (unsigned)__builtin_ctz(three) << 4 | (x & 0xFFu) << 8, 16);
        } else if (two) {                                      /* mmxx: 1100 + index + halfword */
            np_bytew_put(w, 0x3u | (unsigned)__builtin_ctz(two) << 4 | (x & 0xFFFFu) << 8, 24);
        } else {                                               /* xxxx: 01 + word, one field */
            np_bytew_put(w, 0x2u | (uint64_t)x << 2, 34);
        }
        a = _mm256_blendv_epi8(a, wa, at);                     /* push into slot next */
        b = _mm256_blendv_epi8(b, wb, at);
        if (!all_valid) valid = _mm256_or_si256(valid, at);
        at = _mm256_alignr_epi8(at, at, 15);                   /* next + 1, mod 16 */
        pushes++;
    }
    size_t body = 8u * (size_t)(lane.next - out->next) + lane.n - out->n - 2u;   /* the entries' bits */
    if (body >= 8u * CPACK_LANE_BYTES) {                       /* Z = 0, C = 0: raw, *d untouched */
        append_raw(out, word);                                 /* from the lane's start */
        return;
    }
    *out = lane;
    /* Back to entries: the inverse of the gathering above. */
    const __m256i from_halves = _mm256_setr_epi32(0, 4, 2, 6, 1, 5, 3, 7);   /* its own inverse */
    const __m256i from_bytes = _mm256_setr_epi8(12, 8, 4, 0, 13, 9, 5, 1, 14, 10, 6, 2, 15, 11, 7, 3,
                                                12, 8, 4, 0, 13, 9, 5, 1, 14, 10, 6, 2, 15, 11, 7, 3);
    u = _mm256_permutevar8x32_epi32(_mm256_unpacklo_epi64(a, b), from_halves);
    v = _mm256_permutevar8x32_epi32(_mm256_unpackhi_epi64(a, b), from_halves);
    unsigned count = d->count + pushes;
    *nd = (lane_dict){_mm256_shuffle_epi8(u, from_bytes), _mm256_shuffle_epi8(v, from_bytes),
                      (d->next + pushes) % CPACK_DICT_ENTRIES, count < CPACK_DICT_ENTRIES ? count : CPACK_DICT_ENTRIES,
                      pushes};
}

/* pack_sliced_lane for a full dictionary and for one below 16 entries, each its own function
 * (its registers its own: inlined into compress_avx2, the byte writer's bits were kept on the
 * stack). */
NP_TARGET_AVX2 static __attribute__((noinline)) void
pack_full_lane_avx2(np_bytewriter *out, const cpack_dict *d, const uint32_t word[CPACK_LANE_WORDS], lane_dict *nd) {
    pack_sliced_lane(out, d, word, nd, true);
}

NP_TARGET_AVX2 static __attribute__((noinline)) void
pack_filling_lane_avx2(np_bytewriter *out, const cpack_dict *d, const uint32_t word[CPACK_LANE_WORDS], lane_dict *nd) {
    pack_sliced_lane(out, d, word, nd, false);
}

#if NP_HAVE_AVX512
/* cpack-sync's lane against a full dictionary d on AVX-512 F (sec. 3.6): the lane's 16 fields
 * into *lf, the body's length into *body, the pushes into *pushes; returns the dictionary after
 * the lane. The word loop does only what the next word waits for: the dictionary's 16 entries in
 * one register in slot order, a word's slot masks (bit s: entry s equals it in all 4 bytes, the
 * 3 high bytes, the 2 high bytes) are a compare and two tests of the entries XOR the word, and
 * the push (sec. 2.3: a word above 0xFF with no full match; then the code is mmmx, mmxx or xxxx)
 * one broadcast into slot next under a one-hot mask rotated per push, one branch per word on the
 * push. The masks are kept (16-bit each, one 64-bit word per word) and the codes, indexes,
 * entries and widths computed after the loop, 8 words per instruction, as the per-line form
 * does (sec. 2.2's shortest code: zzzz for a zero word, mmmm for a full match, zzzx for a word up
 * to 0xFF, then mmmx, mmxx, xxxx; the index the lowest slot of the longest match), so the
 * branches on each word's code (8.3 simulated misses a line) are gone from the chain. */
NP_TARGET_AVX512 static inline __attribute__((always_inline)) __m512i
sync_full_lane_avx512(const cpack_dict *d, const uint8_t lane[CPACK_LANE_BYTES], __m256i w0, __m256i w1,
                      lane_fields *lf, unsigned *body, unsigned *pushes) {
    __m512i dict = _mm512_loadu_si512((const void *)d->entry);
    __m512i high3 = _mm512_set1_epi32((int)0xFFFFFF00u), high2 = _mm512_set1_epi32((int)0xFFFF0000u);
    __asm__("" : "+v"(high3), "+v"(high2));                    /* kept in registers, not rebuilt per word */
    __m512i masks[2] = {_mm512_setzero_si512(), _mm512_setzero_si512()};   /* full | three << 16 | two << 32 */
    uint32_t at = 1u << d->next;                               /* slot next, rotated within 16 bits */
    unsigned n = 0;
    NP_UNROLL
    for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) {
        uint32_t x = np_load_le32(lane + 4u * i);
        __m512i diff = _mm512_xor_si512(dict, _mm512_set1_epi32((int)x));
        uint32_t full = _mm512_testn_epi32_mask(diff, diff);
        masks[i / 8u] = _mm512_mask_set1_epi64(masks[i / 8u], (__mmask8)(1u << (i % 8u)),
                                               (long long)(full | (uint64_t)_mm512_testn_epi32_mask(diff, high3) << 16 |
                                                           (uint64_t)_mm512_testn_epi32_mask(diff, high2) << 32));
        if (x > 0xFFu && full == 0u) {                         /* pushed */
            dict = _mm512_mask_set1_epi32(dict, (__mmask16)at, (int)x);
            at = (at << 1 | at >> 15) & 0xFFFFu;
            n++;
        }
    }
    *pushes = n;
    const __m256i zero = _mm256_setzero_si256(), low16 = _mm256_set1_epi32(0xFFFF);
    __m256i sum = zero;
    NP_UNROLL
    for (unsigned g = 0; g < 2; g++) {
        __m512i mv = masks[g];
        __m256i full = _mm256_and_si256(_mm512_cvtepi64_epi32(mv), low16);
        __m256i three = _mm256_and_si256(_mm512_cvtepi64_epi32(_mm512_srli_epi64(mv, 16)), low16);
        __m256i two = _mm512_cvtepi64_epi32(_mm512_srli_epi64(mv, 32));
        __m256i w = g ? w1 : w0;
        __m256i empty4 = _mm256_cmpeq_epi32(full, zero), empty3 = _mm256_cmpeq_epi32(three, zero);
        __m256i empty2 = _mm256_cmpeq_epi32(two, zero);
        __m256i kind = _mm256_sub_epi32(_mm256_sub_epi32(_mm256_sub_epi32(_mm256_set1_epi32(FRESH_MMMM), empty2),
                                                         empty3), empty4);
        __m256i small = _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_srli_epi32(w, 8), zero), empty4);
        kind = _mm256_blendv_epi8(kind, _mm256_set1_epi32(FRESH_ZZZX), small);
        kind = _mm256_andnot_si256(_mm256_cmpeq_epi32(w, zero), kind);   /* FRESH_ZZZZ = 0 */
        __m256i sel = _mm256_blendv_epi8(three, two, empty3);
        sel = _mm256_blendv_epi8(full, sel, empty4);
        __m256i index = pop16(_mm256_andnot_si256(sel, _mm256_sub_epi32(sel, _mm256_set1_epi32(1))));
        lf->width[g] = group_entries(kind, index, w, lf->field + 2u * g);
        sum = _mm256_add_epi32(sum, lf->width[g]);
    }
    *body = hsum8(sum);
    return dict;
}

/* fast_compress_with for two full dictionaries on AVX-512 (sync_full_lane_avx512; zero lanes as
 * sec. 3.1), the line written by place_fields, the same contract as compress_avx2. */
NP_TARGET_AVX512 static np_result compress_full_avx512(cpack_dict dict[CPACK_LANES],
                                                       const uint8_t line[CPACK_LINE_BYTES],
                                                       uint8_t *dst, size_t dst_bytes, size_t *out_bits,
                                                       unsigned *pushes, unsigned *changed) {
    lane_fields lf[CPACK_LANES];
    __m512i after[CPACK_LANES];
    unsigned n[CPACK_LANES];
    for (unsigned l = 0; l < CPACK_LANES; l++) {
        __m256i w[2];
        unsigned body = 0;
        n[l] = 0;
        if (load_lane(line, l, w)) {
            zero_lane_fields(&lf[l]);
        } else {
            after[l] = sync_full_lane_avx512(&dict[l], line + l * CPACK_LANE_BYTES, w[0], w[1], &lf[l], &body, &n[l]);
            if (body >= 8u * CPACK_LANE_BYTES) n[l] = 0;       /* raw: no push kept (sec. 3.4) */
            flag_lane_fields(&lf[l], w[0], w[1], body >= 8u * CPACK_LANE_BYTES);
        }
    }
    uint8_t out[CPACK_MAX_BYTES + NP_BYTEWRITER_SLACK];
    size_t bits = place_fields(out, lf);
    *out_bits = bits;
    if (dst_bytes < (bits + 7u) / 8u) return NP_NO_SPACE;
    np_copy_short(dst, out, (bits + 7u) / 8u, CPACK_MAX_BYTES);
    *pushes = *changed = 0;
    for (unsigned l = 0; l < CPACK_LANES; l++) {               /* as compress_with: only when sent */
        if (n[l] == 0u) continue;
        _mm512_storeu_si512((void *)dict[l].entry, after[l]);
        dict[l].next = (uint16_t)((dict[l].next + n[l]) % CPACK_DICT_ENTRIES);
        *pushes += n[l];
        *changed += 1u;
    }
    return NP_OK;
}
#endif

/* The states pack_sliced_lane takes: full, or count = next below 16 (every state the API makes:
 * cpack_dict_reset, then pushes). Another (only a caller writing the state itself makes one) is
 * coded by the portable path. */
static bool sliced_state_ok(const cpack_dict *d) {
    return d->count == CPACK_DICT_ENTRIES || (d->count < CPACK_DICT_ENTRIES && d->next == d->count);
}

/* One lane of cpack-sync onto *w (sec. 3.1) from *d, the dictionary after it into *nd (d's own
 * for a zero or raw lane, sec. 3.4). */
NP_TARGET_AVX2 static inline __attribute__((always_inline)) void
sync_lane_avx2(np_bytewriter *w, const cpack_dict *d, const uint32_t word[CPACK_LANE_WORDS], lane_dict *nd) {
    __m256i any = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(const void *)word),
                                  _mm256_loadu_si256((const __m256i *)(const void *)(word + 8)));
    if (_mm256_testz_si256(any, any)) {
        np_bytew_put(w, 1u, 1);                                /* Z = 1 */
        *nd = (lane_dict){_mm256_loadu_si256((const __m256i *)(const void *)d->entry),
                          _mm256_loadu_si256((const __m256i *)(const void *)(d->entry + 8)), d->next, d->count, 0};
    } else if (d->count == CPACK_DICT_ENTRIES) {
        pack_full_lane_avx2(w, d, word, nd);
    } else {
        pack_filling_lane_avx2(w, d, word, nd);
    }
}

/* fast_compress_with on the AVX2 lane packer, for the states sliced_state_ok takes; the same
 * contract (dict[] changed only when the line is sent: the lanes' dictionaries stay in registers
 * until then, so a caller may pass its state's own). A lane that turns out raw rewinds the byte
 * writer, which may have stored up to 2 + 544 bits of it first. */
NP_TARGET_AVX2 static np_result compress_avx2(cpack_dict dict[CPACK_LANES], const uint8_t line[CPACK_LINE_BYTES],
                                              uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *pushes,
                                              unsigned *changed) {
    uint32_t word[CPACK_LANES * CPACK_LANE_WORDS];
    uint8_t out[(CPACK_RAW_LANE_BITS + 2u + 34u * CPACK_LANE_WORDS) / 8u + 1u + NP_BYTEWRITER_SLACK];
    line_words(line, word);
    lane_dict nd[CPACK_LANES];
    np_bytewriter w;
    np_bytew_init(&w, out);
    sync_lane_avx2(&w, &dict[0], word, &nd[0]);
    sync_lane_avx2(&w, &dict[1], word + CPACK_LANE_WORDS, &nd[1]);
    size_t bits = np_bytew_finish(&w, out);
    *out_bits = bits;
    if (dst_bytes < (bits + 7u) / 8u) return NP_NO_SPACE;
    np_copy_short(dst, out, (bits + 7u) / 8u, CPACK_MAX_BYTES);
    *pushes = *changed = 0;
    for (unsigned l = 0; l < CPACK_LANES; l++) {               /* as compress_with: only when sent */
        _mm256_storeu_si256((__m256i *)(void *)dict[l].entry, nd[l].d0);
        _mm256_storeu_si256((__m256i *)(void *)(dict[l].entry + 8), nd[l].d1);
        dict[l].next = (uint16_t)nd[l].next;
        dict[l].count = (uint16_t)nd[l].count;
        *pushes += nd[l].pushes;
        *changed += nd[l].pushes != 0u;
    }
    return NP_OK;
}
#endif

static np_result fast_compress_with(cpack_dict dict[CPACK_LANES], const uint8_t line[CPACK_LINE_BYTES],
                                    uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *pushes,
                                    unsigned *changed) {
#if NP_HAVE_AVX512
    if (np_cpu_avx512() && dict[0].count == CPACK_DICT_ENTRIES && dict[1].count == CPACK_DICT_ENTRIES &&
        dict[0].next < CPACK_DICT_ENTRIES && dict[1].next < CPACK_DICT_ENTRIES)
        return compress_full_avx512(dict, line, dst, dst_bytes, out_bits, pushes, changed);
#endif
#if NP_HAVE_AVX2
    if (np_cpu_avx2() && sliced_state_ok(&dict[0]) && sliced_state_ok(&dict[1]))
        return compress_avx2(dict, line, dst, dst_bytes, out_bits, pushes, changed);
#endif
    uint32_t word[CPACK_LANES * CPACK_LANE_WORDS];
    line_words(line, word);
    np_wordbuf b;
    np_wb_init(&b);
    cpack_dict next[CPACK_LANES] = {dict[0], dict[1]};
    *pushes = *changed = 0;
    for (unsigned l = 0; l < CPACK_LANES; l++) {
        unsigned p = fast_pack_lane(&b, &next[l], word + l * CPACK_LANE_WORDS);
        *pushes += p;
        *changed += p != 0u;
    }
    *out_bits = b.pos;
    np_result rc = np_wb_copy_out(&b, dst, dst_bytes);
    if (rc == NP_OK) dict[0] = next[0], dict[1] = next[1];    /* as compress_with: only when sent */
    return rc;
}

/* The per-line form (every lane from an empty dictionary, which is not kept): the AVX-512 or
 * AVX2 packer above, or the engine with two fresh dictionaries. */
static np_result fresh_compress(const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                                size_t *out_bits) {
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) {
        uint8_t out[CPACK_MAX_BYTES + NP_BYTEWRITER_SLACK];
#if NP_HAVE_AVX512
        size_t bits = np_cpu_avx512() ? fresh_pack_line_avx512(out, line) : fresh_pack_line_avx2(out, line);
#else
        size_t bits = fresh_pack_line_avx2(out, line);
#endif
        *out_bits = bits;
        if (dst_bytes < (bits + 7u) / 8u) return NP_NO_SPACE;
        np_copy_short(dst, out, (bits + 7u) / 8u, CPACK_MAX_BYTES);
        return NP_OK;
    }
#endif
    cpack_dict dict[CPACK_LANES];
    cpack_dict_reset(&dict[0]);
    cpack_dict_reset(&dict[1]);
    unsigned p, c;
    return fast_compress_with(dict, line, dst, dst_bytes, out_bits, &p, &c);
}

/* One lane from r into out (16 little-endian words) with *d, pushed in place as the codes say;
 * false on bad data (1111, an index not yet in the dictionary), after which the caller zeroes
 * out and puts back its copy of *d. Each entry is one 64-bit load at its byte of the padded
 * copy (an entry is at most 34 bits); entries go in pairs, one switch on both codes (sec. 3.2's
 * codes, first bit in bit 0: a 2-bit code's cases repeat over the 2 bits it does not use; the
 * second code is the 4 bits after the first entry, whose length a 16-entry table gives), each
 * case decoding both entries and adding their constant lengths: the next pair's position waits
 * for a predicted branch rather than for a table row read from the previous entry's bits (which
 * this decoder did before: 1,600 -> 1,188 Ir/line), and there is one indirect jump per two
 * entries (816 -> 800 and 1,001 -> 957 Ir/line, simulated indirect misses 9.5 -> 8.0 a line, MB/s
 * B/A 1.03 to 1.06 against one switch per entry: docs/codec-speed.md, eleventh round).
 * Lengths are not checked here: the copy reads zero past the stream and has room for the
 * longest walk (two lanes of 16 xxxx entries), positions only grow, and the caller rejects the
 * line unless the walk ends exactly at src_bits inside the copy. An index is checked in its
 * case, returning at once (a branch never taken on a valid stream: 944 -> 816 Ir/line against
 * an OR of the checks tested at the lane's end). fresh (a constant): the per-line form, *d
 * empty (count 0, next 0) and not kept, so a push goes to slot n of a local array (d may be
 * NULL). */
_Static_assert(2u * (2u + 34u * CPACK_LANE_WORDS) / 8u + 8u < sizeof(((np_padreader *)0)->buf),
               "the padded copy must hold C-Pack's longest walk plus one load");
static inline __attribute__((always_inline)) bool fast_unpack_lane(np_padreader *r, cpack_dict *d, bool fresh,
                                                                  uint8_t out[CPACK_LANE_BYTES], unsigned *pushes) {
    size_t pos = r->pos;
    uint64_t head = np_load_le64(r->buf + (pos >> 3)) >> (pos & 7u);
    *pushes = 0;
    if (head & 1u) {                                           /* Z = 1: zero lane */
        r->pos = pos + 1u;
        memset(out, 0, CPACK_LANE_BYTES);
        return true;
    }
    if ((head & 2u) == 0u) {                                   /* C = 0: raw */
        pos += 2u;
        for (unsigned i = 0; i < CPACK_LANE_WORDS; i++, pos += 32u) {
            np_store_le32(out + 4u * i, (uint32_t)(np_load_le64(r->buf + (pos >> 3)) >> (pos & 7u)));
        }
        r->pos = pos;
        return true;
    }
    pos += 2u;
    uint32_t fresh_entry[CPACK_DICT_ENTRIES];
    uint32_t *entry = fresh ? fresh_entry : d->entry;          /* pushed in place */
    unsigned next = fresh ? 0u : d->next, count = fresh ? 0u : d->count, n = 0;
    unsigned valid = count;                                    /* valid entries (count + n) before the cap */
    /* Two entries per dispatch: the first's code (4 bits ahead) gives its length, the second's
     * code is the 4 bits after it, and one indirect jump on the pair (pair_row[first] + second)
     * lands on the case that decodes both and adds their two constant lengths. i is even at every
     * dispatch (steps of 2 and of 4 zzzz), so a pair never crosses the lane's 16 words. */
#define NP_CP_LEN_Z 2u
#define NP_CP_LEN_M 6u
#define NP_CP_LEN_X 34u
#define NP_CP_LEN_H 24u     /* mmxx */
#define NP_CP_LEN_T 16u     /* mmmx */
#define NP_CP_LEN_S 12u     /* zzzx */
#define NP_CP_PUSH(v) \
    do { entry[fresh ? n : next] = (v); next = (next + 1u) % CPACK_DICT_ENTRIES; n++; valid++; } while (0)
#define NP_CP_DEC_Z(a, k) ((void)(a), np_store_le32(out + 4u * (k), 0u))
#define NP_CP_DEC_M(a, k) do { uint32_t ix_ = (uint32_t)((a) >> 2) & 15u; if (ix_ >= valid) return false; \
        np_store_le32(out + 4u * (k), entry[ix_]); } while (0)
#define NP_CP_DEC_X(a, k) \
    do { uint32_t v_ = (uint32_t)((a) >> 2); np_store_le32(out + 4u * (k), v_); NP_CP_PUSH(v_); } while (0)
#define NP_CP_DEC_H(a, k) do { uint32_t ix_ = (uint32_t)((a) >> 4) & 15u; if (ix_ >= valid) return false; \
        uint32_t v_ = (entry[ix_] & 0xFFFF0000u) | ((uint32_t)((a) >> 8) & 0xFFFFu); \
        np_store_le32(out + 4u * (k), v_); NP_CP_PUSH(v_); } while (0)
#define NP_CP_DEC_T(a, k) do { uint32_t ix_ = (uint32_t)((a) >> 4) & 15u; if (ix_ >= valid) return false; \
        uint32_t v_ = (entry[ix_] & 0xFFFFFF00u) | ((uint32_t)((a) >> 8) & 0xFFu); \
        np_store_le32(out + 4u * (k), v_); NP_CP_PUSH(v_); } while (0)
#define NP_CP_DEC_S(a, k) np_store_le32(out + 4u * (k), (uint32_t)((a) >> 4) & 0xFFu)
#define NP_CP_CASE_Z(R) case (R) + 0: case (R) + 4: case (R) + 8: case (R) + 12:
#define NP_CP_CASE_M(R) case (R) + 1: case (R) + 5: case (R) + 9: case (R) + 13:
#define NP_CP_CASE_X(R) case (R) + 2: case (R) + 6: case (R) + 10: case (R) + 14:
#define NP_CP_CASE_H(R) case (R) + 3:
#define NP_CP_CASE_T(R) case (R) + 7:
#define NP_CP_CASE_S(R) case (R) + 11:
#define NP_CP_PAIR(A, R, B) NP_CP_CASE_##B(R) { \
        NP_CP_DEC_##A(ahead, i); \
        size_t at_ = pos + NP_CP_LEN_##A; \
        uint64_t a2_ = np_load_le64(r->buf + (at_ >> 3)) >> (at_ & 7u); \
        NP_CP_DEC_##B(a2_, i + 1u); \
        pos = at_ + NP_CP_LEN_##B; \
        i += 2u; \
        goto next_pair; }
#define NP_CP_ROW(A, R) NP_CP_PAIR(A, R, Z) NP_CP_PAIR(A, R, M) NP_CP_PAIR(A, R, X) NP_CP_PAIR(A, R, H) \
        NP_CP_PAIR(A, R, T) NP_CP_PAIR(A, R, S)
    /* Per first code (4 bits ahead, sec. 3.2): its length and the row of its pairs (6: 1111). */
    static const uint8_t first_len[16] = {2, 6, 34, 24, 2, 6, 34, 16, 2, 6, 34, 12, 2, 6, 34, 0};
    static const uint8_t first_row[16] = {0, 16, 32, 48, 0, 16, 32, 64, 0, 16, 32, 80, 0, 16, 32, 96};
    size_t i = 0;
next_pair:
    if (i < CPACK_LANE_WORDS) {
        uint64_t ahead = np_load_le64(r->buf + (pos >> 3)) >> (pos & 7u);
        /* Eight zero bits ahead are four zzzz codes (sec. 3.2: 00 each) when four words are
         * left: one predicted branch for four zero words of a lane that is not all zero (an
         * all-zero lane is Z = 1) instead of two indirect jumps. */
        if ((ahead & 0xFFu) == 0u && i + 4u <= CPACK_LANE_WORDS) {
            memset(out + 4u * i, 0, 16u);
            pos += 8u;
            i += 4u;
            goto next_pair;
        }
        unsigned c = (unsigned)ahead & 15u;
        switch (first_row[c] + ((unsigned)(ahead >> first_len[c]) & 15u)) {
            NP_CP_ROW(Z, 0) NP_CP_ROW(M, 16) NP_CP_ROW(X, 32) NP_CP_ROW(H, 48) NP_CP_ROW(T, 64) NP_CP_ROW(S, 80)
        default:                                               /* 1111, first or second: not a code */
            return false;
        }
    }
#undef NP_CP_ROW
#undef NP_CP_PAIR
#undef NP_CP_CASE_S
#undef NP_CP_CASE_T
#undef NP_CP_CASE_H
#undef NP_CP_CASE_X
#undef NP_CP_CASE_M
#undef NP_CP_CASE_Z
#undef NP_CP_DEC_S
#undef NP_CP_DEC_T
#undef NP_CP_DEC_H
#undef NP_CP_DEC_X
#undef NP_CP_DEC_M
#undef NP_CP_DEC_Z
#undef NP_CP_PUSH
#undef NP_CP_LEN_S
#undef NP_CP_LEN_T
#undef NP_CP_LEN_H
#undef NP_CP_LEN_X
#undef NP_CP_LEN_M
#undef NP_CP_LEN_Z
    if (!fresh) {
        d->next = (uint16_t)next;
        d->count = (uint16_t)(count + n < CPACK_DICT_ENTRIES ? count + n : CPACK_DICT_ENTRIES);
    }
    r->pos = pos;
    *pushes = n;
    return true;
}

/* The line into dst (zeroed on bad data) with dict[], pushed in place: on bad data the caller
 * puts back the copy it took (cpack_sync_decompress). */
static inline __attribute__((always_inline)) np_result
decompress_body(cpack_dict dict[CPACK_LANES], const uint8_t *src, size_t src_bits, uint8_t *dst, unsigned *pushes,
                unsigned *changed) {
    np_padreader r;
    np_pr_init(&r, src, src_bits, CPACK_MAX_BITS);
    *pushes = *changed = 0;
    for (unsigned l = 0; l < CPACK_LANES; l++) {
        unsigned p;
        if (!fast_unpack_lane(&r, &dict[l], false, dst + l * CPACK_LANE_BYTES, &p)) {
            memset(dst, 0, CPACK_LINE_BYTES);
            return NP_BAD_DATA;
        }
        *pushes += p;
        *changed += p != 0u;
    }
    if (r.pos != src_bits || r.pos > r.len) {                  /* trailing bits, or ran past the stream */
        memset(dst, 0, CPACK_LINE_BYTES);
        return NP_BAD_DATA;
    }
    return NP_OK;
}

#if NP_HAVE_AVX2
/* The same C compiled for AVX2 + BMI2 machines (shifts by a register in one instruction).
 * dict: the two lanes' dictionaries (a pointer: GCC 12's -Wstringop-overflow misjudges the
 * state's member array as 64 bytes when the parameter is declared as an array). */
NP_TARGET_AVX2 static np_result decompress_bmi2(cpack_dict *dict, const uint8_t *src, size_t src_bits,
                                                uint8_t *dst, unsigned *pushes, unsigned *changed) {
    return decompress_body(dict, src, src_bits, dst, pushes, changed);
}
#endif

static np_result fast_decompress_with(cpack_dict dict[CPACK_LANES], const uint8_t *src, size_t src_bits,
                                      uint8_t *dst, unsigned *pushes, unsigned *changed) {
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) return decompress_bmi2(dict, src, src_bits, dst, pushes, changed);
#endif
    return decompress_body(dict, src, src_bits, dst, pushes, changed);
}

/* The per-line form's decoder (sec. 1: each lane from an empty dictionary, which is not kept):
 * fast_unpack_lane with the dictionary's start known (count 0, next 0: a push goes to slot n,
 * the pushes so far), so no dictionary is copied in or out. */
static inline __attribute__((always_inline)) np_result fresh_decompress_body(const uint8_t *src, size_t src_bits,
                                                                            uint8_t *dst) {
    np_padreader r;
    np_pr_init(&r, src, src_bits, CPACK_MAX_BITS);
    for (unsigned l = 0; l < CPACK_LANES; l++) {
        unsigned p;
        if (!fast_unpack_lane(&r, NULL, true, dst + l * CPACK_LANE_BYTES, &p)) {
            memset(dst, 0, CPACK_LINE_BYTES);
            return NP_BAD_DATA;
        }
    }
    if (r.pos != src_bits || r.pos > r.len) {                  /* trailing bits, or ran past the stream */
        memset(dst, 0, CPACK_LINE_BYTES);
        return NP_BAD_DATA;
    }
    return NP_OK;
}

#if NP_HAVE_AVX2
NP_TARGET_AVX2 static np_result fresh_decompress_bmi2(const uint8_t *src, size_t src_bits, uint8_t *dst) {
    return fresh_decompress_body(src, src_bits, dst);
}
#endif

static np_result fresh_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst) {
#if NP_HAVE_AVX2
    if (np_cpu_avx2()) return fresh_decompress_bmi2(src, src_bits, dst);
#endif
    return fresh_decompress_body(src, src_bits, dst);
}

/* ---- per-line and synchronised forms over either engine ----------------------------------------- */

typedef np_result (*compress_engine)(cpack_dict dict[CPACK_LANES], const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst,
                                     size_t dst_bytes, size_t *out_bits, unsigned *pushes, unsigned *changed);
typedef np_result (*decompress_engine)(cpack_dict dict[CPACK_LANES], const uint8_t *src, size_t src_bits, uint8_t *dst,
                                       unsigned *pushes, unsigned *changed);

static np_result line_compress(compress_engine e, const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                               size_t *out_bits) {
    if (line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) return NP_BAD_PARAM;
    cpack_dict dict[CPACK_LANES];
    cpack_dict_reset(&dict[0]);
    cpack_dict_reset(&dict[1]);
    unsigned p, c;
    return e(dict, line, dst, dst_bytes, out_bits, &p, &c);
}

static np_result line_decompress(decompress_engine e, const uint8_t *src, size_t src_bits, uint8_t *dst,
                                 size_t dst_bytes) {
    if (dst == NULL || (src == NULL && src_bits > 0)) return NP_BAD_PARAM;
    if (dst_bytes < CPACK_LINE_BYTES) return NP_NO_SPACE;
    cpack_dict dict[CPACK_LANES];
    cpack_dict_reset(&dict[0]);
    cpack_dict_reset(&dict[1]);
    unsigned p, c;
    return e(dict, src, src_bits, dst, &p, &c);
}

size_t cpack_compressed_bits(const uint8_t line[CPACK_LINE_BYTES]) {
    if (line == NULL) return 0;
    uint8_t scratch[CPACK_MAX_BYTES];
    size_t bits = 0;
    return fresh_compress(line, scratch, sizeof scratch, &bits) == NP_OK ? bits : 0;
}

np_result cpack_compress(const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
    if (line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) return NP_BAD_PARAM;
    return fresh_compress(line, dst, dst_bytes, out_bits);
}

np_result cpack_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (dst == NULL || (src == NULL && src_bits > 0)) return NP_BAD_PARAM;
    if (dst_bytes < CPACK_LINE_BYTES) return NP_NO_SPACE;
    return fresh_decompress(src, src_bits, dst);
}

np_result cpack_compress_stages(const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                                size_t *out_bits) {
    return line_compress(compress_with, line, dst, dst_bytes, out_bits);
}

np_result cpack_decompress_stages(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    return line_decompress(decompress_with, src, src_bits, dst, dst_bytes);
}

/* ---- synchronised form (sec. 5) ------------------------------------------------------------------ */

void cpack_state_init(cpack_state *s) { memset(s, 0, sizeof *s); }

void cpack_sync_reset(cpack_state *s) {
    cpack_dict_reset(&s->dict[0]);
    cpack_dict_reset(&s->dict[1]);
    s->resets++;
}

size_t cpack_sync_compressed_bits(const cpack_state *s, const uint8_t line[CPACK_LINE_BYTES]) {
    if (s == NULL || line == NULL) return 0;
    cpack_dict dict[CPACK_LANES] = {s->dict[0], s->dict[1]};
    uint8_t scratch[CPACK_MAX_BYTES];
    size_t bits = 0;
    unsigned p, c;
    return fast_compress_with(dict, line, scratch, sizeof scratch, &bits, &p, &c) == NP_OK ? bits : 0;
}

static void count_line(cpack_state *s, unsigned pushes, unsigned changed) {
    s->lines++;
    s->pushes += pushes;
    s->update_lanes += changed;
}

static np_result sync_compress(compress_engine e, cpack_state *s, const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst,
                               size_t dst_bytes, size_t *out_bits) {
    if (s == NULL || line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) return NP_BAD_PARAM;
    cpack_dict dict[CPACK_LANES] = {s->dict[0], s->dict[1]};   /* committed only on success */
    unsigned p, c;
    np_result rc = e(dict, line, dst, dst_bytes, out_bits, &p, &c);
    if (rc == NP_OK) {
        s->dict[0] = dict[0];
        s->dict[1] = dict[1];
        count_line(s, p, c);
    }
    return rc;
}

static np_result sync_decompress(decompress_engine e, cpack_state *s, const uint8_t *src, size_t src_bits,
                                 uint8_t *dst, size_t dst_bytes) {
    if (s == NULL || dst == NULL || (src == NULL && src_bits > 0)) return NP_BAD_PARAM;
    if (dst_bytes < CPACK_LINE_BYTES) return NP_NO_SPACE;
    cpack_dict dict[CPACK_LANES] = {s->dict[0], s->dict[1]};
    unsigned p, c;
    np_result rc = e(dict, src, src_bits, dst, &p, &c);
    if (rc == NP_OK) {
        s->dict[0] = dict[0];
        s->dict[1] = dict[1];
        count_line(s, p, c);
    }
    return rc;
}

np_result cpack_sync_compress(cpack_state *s, const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst,
                              size_t dst_bytes, size_t *out_bits) {
    if (s == NULL || line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) return NP_BAD_PARAM;
    unsigned p, c;
    /* fast_compress_with changes the dictionaries only when it returns NP_OK, so it takes the
     * state's own (sync_compress copies them for the stages, whose packer pushes as it goes). */
    np_result rc = fast_compress_with(s->dict, line, dst, dst_bytes, out_bits, &p, &c);
    if (rc == NP_OK) count_line(s, p, c);
    return rc;
}

np_result cpack_sync_decompress(cpack_state *s, const uint8_t *src, size_t src_bits, uint8_t *dst,
                                size_t dst_bytes) {
    if (s == NULL || dst == NULL || (src == NULL && src_bits > 0)) return NP_BAD_PARAM;
    if (dst_bytes < CPACK_LINE_BYTES) return NP_NO_SPACE;
    /* The fast decoder pushes into the state's own dictionaries; a rejected line puts back the
     * copy taken first (sec. 3.5: the state unchanged), so a valid one copies nothing back. */
    cpack_dict before[CPACK_LANES] = {s->dict[0], s->dict[1]};
    unsigned p, c;
    np_result rc = fast_decompress_with(s->dict, src, src_bits, dst, &p, &c);
    if (rc == NP_OK) {
        count_line(s, p, c);
    } else {
        s->dict[0] = before[0];
        s->dict[1] = before[1];
    }
    return rc;
}

np_result cpack_sync_compress_stages(cpack_state *s, const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst,
                                     size_t dst_bytes, size_t *out_bits) {
    return sync_compress(compress_with, s, line, dst, dst_bytes, out_bits);
}

np_result cpack_sync_decompress_stages(cpack_state *s, const uint8_t *src, size_t src_bits, uint8_t *dst,
                                       size_t dst_bytes) {
    return sync_decompress(decompress_with, s, src, src_bits, dst, dst_bytes);
}

/* ---- registry entries ------------------------------------------------------------------------------ */

static np_result cpack_entry_compress(void *state, const np_codec_opts *opts, const uint8_t line[128], uint8_t *dst,
                                      size_t dst_bytes, size_t *out_bits, unsigned *fill) {
    (void)state;
    (void)opts;
    *fill = NP_CODEC_FILL_ALL;
    return cpack_compress(line, dst, dst_bytes, out_bits);
}

static np_result cpack_entry_decompress(void *state, const np_codec_opts *opts, const uint8_t *src, size_t src_bits,
                                        uint8_t *dst, size_t dst_bytes) {
    (void)state;
    (void)opts;
    return cpack_decompress(src, src_bits, dst, dst_bytes);
}

static void cpack_sync_entry_init(void *state) { cpack_state_init(state); }

static np_result cpack_sync_entry_compress(void *state, const np_codec_opts *opts, const uint8_t line[128],
                                           uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *fill) {
    (void)opts;
    *fill = NP_CODEC_FILL_ALL;
    return cpack_sync_compress(state, line, dst, dst_bytes, out_bits);
}

static np_result cpack_sync_entry_decompress(void *state, const np_codec_opts *opts, const uint8_t *src,
                                             size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    (void)opts;
    return cpack_sync_decompress(state, src, src_bits, dst, dst_bytes);
}

/* The cache form the seeds compare: seed 004 Table I lists CPACK+Z with 8 decompression cycles;
 * seed 001 Table 6.5 gives C-Pack 16 compression cycles and sec. 6.7 its 40k gates. */
const np_codec np_codec_cpack = {
    .name = "cpack",
    .description = "C-Pack+Z: 16-entry FIFO dictionary reset per 64-byte lane, zero-lane flag",
    .spec = "docs/cpack.md",
    .max_bits = CPACK_MAX_BITS,
    .compress = cpack_entry_compress,
    .decompress = cpack_entry_decompress,
    .comp_top = NULL,
    .decomp_top = NULL,
};

/* The packet form of seed 001: dictionaries kept across lines per (sender, receiver) pair;
 * seed 001 Table 6.5 (16/9 cycles) and sec. 6.7 (40k gates). */
const np_codec np_codec_cpack_sync = {
    .name = "cpack-sync",
    .description = "C-Pack+Z, dictionaries synchronised across lines of one sender-receiver pair",
    .spec = "docs/cpack.md",
    .flags = NP_CODEC_STATEFUL,
    .max_bits = CPACK_MAX_BITS,
    .state_bytes = sizeof(cpack_state),
    .init = cpack_sync_entry_init,
    .compress = cpack_sync_entry_compress,
    .decompress = cpack_sync_entry_decompress,
    .comp_top = NULL,
    .decomp_top = NULL,
};
