/* C-Pack+Z golden model (docs/cpack.md), per-line and synchronised forms. Every stream read goes
 * through the bounds-checked reader of np_bits.h and every write through the checked writer. */
#include "cpack.h"

#include <string.h>

#include "codec.h"

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
 *     compares the word with all 16 entries at once (full, 3-byte and 2-byte masks; SSE2 where
 *     the compiler targets it, -DNP_CPACK_NO_SIMD or other targets: a scalar loop), the lowest
 *     valid index of the best mask wins;
 *   - sec. 3.1: the entries (code and payload, one field each: the code bit-reversed, sec. 3.2,
 *     then index and data) and the body length are collected in that one pass, so zero lane,
 *     raw or body is decided before anything is appended, and the dictionary copy is committed
 *     only for a body (raw lanes do not push);
 *   - sec. 3.5: the decoder reads each entry's code from the 4 bits ahead (a table), checks
 *     the entry against the length and the index against the dictionary, and reads it from a
 *     zero-padded copy of the stream. */
#if defined(__SSE2__) && !defined(NP_CPACK_NO_SIMD)
#include <emmintrin.h>
#define CPACK_FAST_SSE2 1
#endif

/* Bit i: entry i equals word in all 4 bytes / the 3 high bytes / the 2 high bytes (valid
 * entries only). */
typedef struct {
    unsigned full, three, two;
} fast_match_masks;

static fast_match_masks fast_match_all(const cpack_dict *d, uint32_t word) {
    fast_match_masks m = {0, 0, 0};
    unsigned valid = (1u << d->count) - 1u;      /* count <= 16 */
#ifdef CPACK_FAST_SSE2
    const __m128i w = _mm_set1_epi32((int)word), zero = _mm_setzero_si128();
    for (unsigned q = 0; q < (d->count + 3u) / 4u; q++) {     /* the quads holding valid entries */
        __m128i diff = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(d->entry + 4u * q)), w);
        m.full |= (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(diff, zero))) << (4u * q);
        m.three |= (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_srli_epi32(diff, 8), zero))) << (4u * q);
        m.two |= (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_srli_epi32(diff, 16), zero))) << (4u * q);
    }
#else
    for (unsigned i = 0; i < d->count; i++) {
        uint32_t diff = word ^ d->entry[i];
        m.full |= (unsigned)(diff == 0u) << i;
        m.three |= (unsigned)((diff >> 8) == 0u) << i;
        m.two |= (unsigned)((diff >> 16) == 0u) << i;
    }
#endif
    m.full &= valid, m.three &= valid, m.two &= valid;
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

static np_result fast_compress_with(cpack_dict dict[CPACK_LANES], const uint8_t line[CPACK_LINE_BYTES],
                                    uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *pushes,
                                    unsigned *changed) {
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

/* Sec. 3.2's codes read back: the 4 stream bits ahead (first bit in bit 0) give the code and
 * its length; 0xFF marks 1111, which is not a code. */
static const uint8_t code_of_bits[16] = {
    /* index bits 1..0: 00 ZZZZ, 10 XXXX (first bit 0, then 1), 01 MMMM; 11: bits 3..2 decide
     * (00 MMXX, 10 ZZZX, 01 MMMX, 11 not a code) */
    CPACK_ZZZZ, CPACK_MMMM, CPACK_XXXX, CPACK_MMXX, CPACK_ZZZZ, CPACK_MMMM, CPACK_XXXX, CPACK_MMMX,
    CPACK_ZZZZ, CPACK_MMMM, CPACK_XXXX, CPACK_ZZZX, CPACK_ZZZZ, CPACK_MMMM, CPACK_XXXX, 0xFFu,
};

/* One lane (sec. 3.5's checks) from r with *d (pushed as the codes say); false on bad data. */
static bool fast_unpack_lane(np_padreader *r, cpack_dict *d, uint32_t word[CPACK_LANE_WORDS], unsigned *pushes) {
    *pushes = 0;
    if (np_pr_remaining(r) < 1u) return false;
    if (np_pr_get(r, 1)) {                                     /* zero lane */
        memset(word, 0, CPACK_LANE_WORDS * sizeof word[0]);
        return true;
    }
    if (np_pr_remaining(r) < 1u) return false;
    if (np_pr_get(r, 1) == 0u) {                               /* raw */
        if (np_pr_remaining(r) < 8u * CPACK_LANE_BYTES) return false;
        for (unsigned i = 0; i < CPACK_LANE_WORDS; i += 2) {
            uint64_t v = np_pr_get(r, 64);
            word[i] = (uint32_t)v, word[i + 1] = (uint32_t)(v >> 32);
        }
        return true;
    }
    for (unsigned i = 0; i < CPACK_LANE_WORDS; i++) {
        uint64_t ahead = np_pr_peek(r);
        unsigned c = code_of_bits[ahead & 0xFu];
        if (c == 0xFFu) return false;                          /* 1111 is not a code (or truncated) */
        unsigned len = code_bits[c];
        if (np_pr_remaining(r) < len) return false;
        r->pos += len;
        uint64_t payload = ahead >> code_len[c];
        unsigned idx = (unsigned)payload & (CPACK_DICT_ENTRIES - 1u);
        bool indexed = c == CPACK_MMMM || c == CPACK_MMXX || c == CPACK_MMMX;
        if (indexed && idx >= d->count) return false;          /* entry not valid */
        uint32_t v;
        switch (c) {
        case CPACK_XXXX: v = (uint32_t)payload; break;
        case CPACK_MMMM: v = d->entry[idx]; break;
        case CPACK_MMXX: v = (d->entry[idx] & 0xFFFF0000u) | (uint32_t)(payload >> CPACK_INDEX_BITS & 0xFFFFu); break;
        case CPACK_ZZZX: v = (uint32_t)payload & 0xFFu; break;
        case CPACK_MMMX: v = (d->entry[idx] & 0xFFFFFF00u) | (uint32_t)(payload >> CPACK_INDEX_BITS & 0xFFu); break;
        default: v = 0u; break;                                /* ZZZZ */
        }
        word[i] = v;
        if (cpack_code_pushes((cpack_code)c)) {
            cpack_dict_push(d, v);
            (*pushes)++;
        }
    }
    return true;
}

static np_result fast_decompress_with(cpack_dict dict[CPACK_LANES], const uint8_t *src, size_t src_bits,
                                      uint8_t *dst, unsigned *pushes, unsigned *changed) {
    np_padreader r;
    np_pr_init(&r, src, src_bits, CPACK_MAX_BITS);
    uint32_t word[CPACK_LANES * CPACK_LANE_WORDS];
    cpack_dict next[CPACK_LANES] = {dict[0], dict[1]};
    *pushes = *changed = 0;
    for (unsigned l = 0; l < CPACK_LANES; l++) {
        unsigned p;
        if (!fast_unpack_lane(&r, &next[l], word + l * CPACK_LANE_WORDS, &p)) {
            memset(dst, 0, CPACK_LINE_BYTES);
            return NP_BAD_DATA;
        }
        *pushes += p;
        *changed += p != 0u;
    }
    if (r.pos != src_bits) {                                   /* trailing bits */
        memset(dst, 0, CPACK_LINE_BYTES);
        return NP_BAD_DATA;
    }
    dict[0] = next[0], dict[1] = next[1];
    words_line(word, dst);
    return NP_OK;
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
    return line_compress(fast_compress_with, line, scratch, sizeof scratch, &bits) == NP_OK ? bits : 0;
}

np_result cpack_compress(const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
    return line_compress(fast_compress_with, line, dst, dst_bytes, out_bits);
}

np_result cpack_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    return line_decompress(fast_decompress_with, src, src_bits, dst, dst_bytes);
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
    return sync_compress(fast_compress_with, s, line, dst, dst_bytes, out_bits);
}

np_result cpack_sync_decompress(cpack_state *s, const uint8_t *src, size_t src_bits, uint8_t *dst,
                                size_t dst_bytes) {
    return sync_decompress(fast_decompress_with, s, src, src_bits, dst, dst_bytes);
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
