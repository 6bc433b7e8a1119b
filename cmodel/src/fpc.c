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

/* ---- whole line -------------------------------------------------------------------------------- */

size_t fpc_compressed_bits(const uint8_t line[FPC_LINE_BYTES]) {
    if (line == NULL) return 0;
    uint32_t word[2u * FPC_LANE_WORDS];
    fpc_line_words(line, word);
    return (size_t)fpc_lane_bits(word) + fpc_lane_bits(word + FPC_LANE_WORDS);
}

np_result fpc_compress(const uint8_t line[FPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits) {
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

np_result fpc_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes) {
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

/* No RTL: latency and area are the published ones (seed 001 Table 6.5 and sec. 6.7; seed 004
 * Table I gives the same 5-cycle decompression). */
const np_codec np_codec_fpc = {
    .name = "fpc",
    .description = "FPC: frequent pattern compression, 3-bit prefix per 32-bit word, two 64-byte lanes",
    .spec = "docs/fpc.md",
    .max_bits = FPC_MAX_BITS,
    .compress = fpc_entry_compress,
    .decompress = fpc_entry_decompress,
    .comp_top = NULL,
    .decomp_top = NULL,
    .comp_cycles = 3,
    .decomp_cycles = 5,
    .published_gates = 150000,
    .published_source = "seed 001 Table 6.5 (3/5 cycles), sec. 6.7 (150k gates); seed 004 Table I (5)",
};
