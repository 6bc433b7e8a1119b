/* C-Pack+Z golden model (docs/cpack.md), per-line and synchronised forms. Every stream read goes
 * through the bounds-checked reader of np_bits.h and every write through the checked writer. */
#include "cpack.h"

#include <string.h>

#include "codec.h"

_Static_assert(sizeof(cpack_dict) == 68 && sizeof(cpack_state) == 2 * 68 + 4 * 8,
               "cpack_state has no padding (docs/cpack.md sec. 5.2: both ends compare byte for byte)");

/* ---- words ------------------------------------------------------------------------------------ */

static void line_words(const uint8_t line[CPACK_LINE_BYTES], uint32_t word[CPACK_LANES * CPACK_LANE_WORDS]) {
    for (unsigned w = 0; w < CPACK_LANES * CPACK_LANE_WORDS; w++) {
        const uint8_t *b = line + 4u * w;
        word[w] = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
}

static void words_line(const uint32_t word[CPACK_LANES * CPACK_LANE_WORDS], uint8_t line[CPACK_LINE_BYTES]) {
    for (unsigned w = 0; w < CPACK_LANES * CPACK_LANE_WORDS; w++) {
        for (unsigned b = 0; b < 4u; b++) line[4u * w + b] = (uint8_t)(word[w] >> (8u * b));
    }
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

/* ---- per-line form ------------------------------------------------------------------------------ */

size_t cpack_compressed_bits(const uint8_t line[CPACK_LINE_BYTES]) {
    if (line == NULL) return 0;
    cpack_dict dict[CPACK_LANES];
    cpack_dict_reset(&dict[0]);
    cpack_dict_reset(&dict[1]);
    uint32_t word[CPACK_LANES * CPACK_LANE_WORDS];
    line_words(line, word);
    return line_bits(dict, word);
}

np_result cpack_compress(const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
    if (line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) return NP_BAD_PARAM;
    cpack_dict dict[CPACK_LANES];
    cpack_dict_reset(&dict[0]);
    cpack_dict_reset(&dict[1]);
    unsigned p, c;
    return compress_with(dict, line, dst, dst_bytes, out_bits, &p, &c);
}

np_result cpack_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
    if (dst == NULL || (src == NULL && src_bits > 0)) return NP_BAD_PARAM;
    if (dst_bytes < CPACK_LINE_BYTES) return NP_NO_SPACE;
    cpack_dict dict[CPACK_LANES];
    cpack_dict_reset(&dict[0]);
    cpack_dict_reset(&dict[1]);
    unsigned p, c;
    return decompress_with(dict, src, src_bits, dst, &p, &c);
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
    uint32_t word[CPACK_LANES * CPACK_LANE_WORDS];
    line_words(line, word);
    return line_bits(s->dict, word);
}

static void count_line(cpack_state *s, unsigned pushes, unsigned changed) {
    s->lines++;
    s->pushes += pushes;
    s->update_lanes += changed;
}

np_result cpack_sync_compress(cpack_state *s, const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst,
                              size_t dst_bytes, size_t *out_bits) {
    if (s == NULL || line == NULL || out_bits == NULL || (dst == NULL && dst_bytes > 0)) return NP_BAD_PARAM;
    cpack_dict dict[CPACK_LANES] = {s->dict[0], s->dict[1]};   /* committed only on success */
    unsigned p, c;
    np_result rc = compress_with(dict, line, dst, dst_bytes, out_bits, &p, &c);
    if (rc == NP_OK) {
        s->dict[0] = dict[0];
        s->dict[1] = dict[1];
        count_line(s, p, c);
    }
    return rc;
}

np_result cpack_sync_decompress(cpack_state *s, const uint8_t *src, size_t src_bits, uint8_t *dst,
                                size_t dst_bytes) {
    if (s == NULL || dst == NULL || (src == NULL && src_bits > 0)) return NP_BAD_PARAM;
    if (dst_bytes < CPACK_LINE_BYTES) return NP_NO_SPACE;
    cpack_dict dict[CPACK_LANES] = {s->dict[0], s->dict[1]};
    unsigned p, c;
    np_result rc = decompress_with(dict, src, src_bits, dst, &p, &c);
    if (rc == NP_OK) {
        s->dict[0] = dict[0];
        s->dict[1] = dict[1];
        count_line(s, p, c);
    }
    return rc;
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
    .comp_cycles = 16,
    .decomp_cycles = 8,
    .published_gates = 40000,
    .published_source = "seed 004 Table I (CPACK+Z decompression 8); seed 001 Table 6.5 (compression 16), sec. 6.7 (40k gates)",
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
    .comp_cycles = 16,
    .decomp_cycles = 9,
    .published_gates = 40000,
    .published_source = "seed 001 Table 6.5 (16/9 cycles), sec. 6.7 (40k gates)",
};
