/* FPC (Frequent Pattern Compression, Alameldeen and Wood 2004): C golden model.
 * The format is defined to the bit in docs/fpc.md; section numbers below refer to it.
 *
 * Same shape as dsm.h: caller-owned buffers and sizes, lengths in bits, np_result codes, no
 * global state. A 128-byte line is two 64-byte lanes (the paper's line size), each encoded on
 * its own as two FPC units in parallel would (sec. 1). The stage functions mirror the paper's
 * hardware: per-word pattern detection, the zero-run merge, the packer and the unpacker. There
 * is no RTL for FPC in this project; the entry in the codec registry (np_codec_fpc) carries the
 * published latency and area. */
#ifndef FPC_H
#define FPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "np_bits.h"
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define FPC_LINE_BYTES 128u
#define FPC_LANE_BYTES 64u
#define FPC_LANE_WORDS 16u
#define FPC_LANES 2u
#define FPC_PREFIX_BITS 3u
#define FPC_MAX_RUN 8u                 /* zero words per run entry: 3-bit field holds run - 1 */
#define FPC_RAW_LANE_BITS (1u + 8u * FPC_LANE_BYTES)          /* 513: C = 0 and the raw lane */
#define FPC_MAX_BITS (FPC_LANES * FPC_RAW_LANE_BITS)          /* 1026, sec. 3.3 */
#define FPC_MAX_BYTES ((FPC_MAX_BITS + 7u) / 8u)              /* 129 */

/* Version of the model's bit-exact behaviour (docs/fpc.md). */
#define FPC_MODEL_VERSION "1.0"

/* The eight prefixes of sec. 2 (the value is the prefix read as a binary number). */
typedef enum {
    FPC_ZERO_RUN = 0,   /* 000: run of 1..8 zero words, 3-bit run - 1 */
    FPC_SE4 = 1,        /* 001: 4-bit sign-extended */
    FPC_SE8 = 2,        /* 010: one byte sign-extended */
    FPC_SE16 = 3,       /* 011: halfword sign-extended */
    FPC_HALF_PAD = 4,   /* 100: halfword padded with a zero halfword (low halfword zero) */
    FPC_TWO_SE8 = 5,    /* 101: two halfwords, each a byte sign-extended */
    FPC_REP_BYTES = 6,  /* 110: word of four equal bytes */
    FPC_RAW_WORD = 7    /* 111: uncompressed word */
} fpc_prefix;

/* ---- whole line ---------------------------------------------------------------------------- */

/* Compress one 128-byte line into dst (dst_bytes available; FPC_MAX_BYTES always suffices).
 * *out_bits receives the stream length. NP_NO_SPACE when dst is too small (*out_bits still set,
 * dst untouched); NP_BAD_PARAM for a NULL pointer (dst may be NULL only with dst_bytes 0). */
np_result fpc_compress(const uint8_t line[FPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits);

/* Decompress a stream of exactly src_bits bits into 128 bytes of dst (dst_bytes >= 128, else
 * NP_NO_SPACE). NP_BAD_DATA for a malformed stream (sec. 3.4): truncated, trailing bits, or a
 * zero run past the end of its lane. Never reads outside src; dst is all zero after any error. */
np_result fpc_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes);

/* Length in bits fpc_compress would produce (0 for a NULL line). */
size_t fpc_compressed_bits(const uint8_t line[FPC_LINE_BYTES]);

/* The same two functions built from the stage functions below (classify, lane length, pack,
 * unpack), one after another as the paper's hardware runs them: the reference the fast
 * whole-line path of fpc_compress / fpc_decompress is tested against (tests/test_fpc.c). Same
 * contracts, same results. */
np_result fpc_compress_stages(const uint8_t line[FPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits);
np_result fpc_decompress_stages(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes);

/* ---- stages ---------------------------------------------------------------------------------- */

/* Pattern detector: the prefix of one word, the first that matches in prefix order 000..111
 * (sec. 2.2; a zero word gives FPC_ZERO_RUN). */
fpc_prefix fpc_classify(uint32_t word);
/* Width of the data field that follows a prefix (3, 4, 8, 16, 16, 16, 8, 32). */
unsigned fpc_data_bits(fpc_prefix p);
/* Packer's data field of a word that matches p (for FPC_ZERO_RUN: not used, 0). */
uint32_t fpc_data(fpc_prefix p, uint32_t word);
/* Unpacker's expansion of a data field into the word (not for FPC_ZERO_RUN). */
uint32_t fpc_expand(fpc_prefix p, uint32_t data);

/* Length in bits of the body of one lane (its entries, without the C bit), sec. 3.1. */
unsigned fpc_lane_body_bits(const uint32_t word[FPC_LANE_WORDS]);
/* Length of a lane's stream: 1 + body when the body is shorter than 512 bits, else 513. */
unsigned fpc_lane_bits(const uint32_t word[FPC_LANE_WORDS]);

/* Packer: appends one lane's stream (C, then entries or the raw lane) to w. */
void fpc_pack_lane(np_bitwriter *w, const uint32_t word[FPC_LANE_WORDS]);
/* Unpacker: reads one lane's stream from r into word[]. NP_BAD_DATA when the lane is truncated
 * or a zero run passes the lane's end; nothing is read past the reader's length. */
np_result fpc_unpack_lane(np_bitreader *r, uint32_t word[FPC_LANE_WORDS]);

/* Little-endian words of a line and back (docs/conventions.md: word w is bytes 4w..4w+3). */
void fpc_line_words(const uint8_t line[FPC_LINE_BYTES], uint32_t word[2u * FPC_LANE_WORDS]);
void fpc_words_line(const uint32_t word[2u * FPC_LANE_WORDS], uint8_t line[FPC_LINE_BYTES]);

#ifdef __cplusplus
}
#endif
#endif
