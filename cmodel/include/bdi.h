/* BDI (Base-Delta-Immediate) compression: C golden model.
 * The format is defined to the bit in docs/bdi.md; section numbers below refer to it.
 *
 * Whole-line API (LZ4/libdeflate shape, as dsm.h and dpc.h): caller-owned buffers and sizes,
 * lengths in bits, np_result codes, no global state. A 128-byte line is two independent
 * 64-byte blocks (sec. 1); each block is one 4-bit encoding and its payload (sec. 3). Stage
 * functions mirror the RTL submodules in rtl/bdi/ so each can be checked on its own:
 *   bdi_zero_detect, bdi_rep_detect  (bdi_rep_unit)   all-equal elements
 *   bdi_bd_analyze                   (bdi_bd_unit)    base, base mask and fit of one base/delta
 *   bdi_block_select                 (bdi_select)     smallest applicable encoding
 *   bdi_block_pack                   (bdi_block_pack) fixed layout of the chosen encoding
 *   bdi_block_unpack                 (bdi_block_unpack) one block back from its stream
 * Elements are little-endian (docs/conventions.md): element i of size k bytes is the block's
 * bytes k*i .. k*i+k-1, byte k*i least significant. */
#ifndef BDI_H
#define BDI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "np_bits.h"
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BDI_LINE_BYTES 128u
#define BDI_BLOCK_BYTES 64u           /* the block BDI is defined on (sec. 1) */
#define BDI_BLOCKS 2u                 /* blocks per line */
#define BDI_ENC_BITS 4u               /* the encoding field (sec. 3) */
#define BDI_ENCODINGS 16u             /* values of the encoding field (11 defined) */
#define BDI_BLOCK_MAX_BITS 516u       /* uncompressed block: 4 + 512 */
#define BDI_MAX_BITS 1032u            /* longest line stream: two uncompressed blocks */
#define BDI_MAX_BYTES ((BDI_MAX_BITS + 7u) / 8u)   /* = 129: a dst buffer this big always fits */
#define BDI_MAX_ELEMS 64u             /* elements of a 128-byte block of 2-byte elements */

/* Version of the model's bit-exact behaviour (docs/bdi.md). Golden vector files record it;
 * bump it whenever any stream or length changes. */
#define BDI_MODEL_VERSION "1.0"

/* The encoding field (sec. 3, Table 1). Codes 10..14 are not defined: a decoder rejects them. */
typedef enum {
    BDI_ENC_ZEROS = 0,                /* every byte zero; no payload */
    BDI_ENC_REP8 = 1,                 /* one 8-byte value repeated */
    BDI_ENC_B8D1 = 2,                 /* base 8 bytes, deltas 1 byte */
    BDI_ENC_B8D2 = 3,
    BDI_ENC_B8D4 = 4,
    BDI_ENC_B4D1 = 5,
    BDI_ENC_B4D2 = 6,
    BDI_ENC_B2D1 = 7,
    BDI_ENC_REP4 = 8,                 /* one 4-byte value repeated (seed 004: base 4, delta 0) */
    BDI_ENC_REP2 = 9,                 /* one 2-byte value repeated (seed 004: base 2, delta 0) */
    BDI_ENC_RAW = 15                  /* uncompressed: the 64 bytes */
} bdi_enc;

/* ---- whole line ---------------------------------------------------------------------------- */

/* Compress one 128-byte line into dst (dst_bytes available; BDI_MAX_BYTES always suffices).
 * *out_bits receives the stream length in bits; padding bits of the last byte are zero.
 * NP_NO_SPACE when dst_bytes < (length + 7) / 8: *out_bits still receives the length, dst is
 * left untouched. NP_BAD_PARAM for a NULL pointer (dst may be NULL when dst_bytes is 0). */
np_result bdi_compress(const uint8_t line[BDI_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                       size_t *out_bits);

/* Decompress a stream of exactly src_bits bits (src holds (src_bits + 7) / 8 bytes) into a
 * 128-byte line (dst_bytes >= 128, else NP_NO_SPACE). NP_BAD_DATA on any malformed input
 * (sec. 5: undefined encoding, truncated, trailing bits); never reads outside src; dst is all
 * zero after any error. NP_BAD_PARAM for a NULL dst or a NULL src with src_bits > 0. */
np_result bdi_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes);

/* Length in bits bdi_compress would produce (0 for a NULL line: no stream is that short). */
size_t bdi_compressed_bits(const uint8_t line[BDI_LINE_BYTES]);

/* The same two functions built from the stage functions below, one stage call after another as
 * the RTL pipeline runs them: the reference the fast whole-line path of bdi_compress /
 * bdi_decompress is tested against (tests/test_bdi.c). Same contracts, same results. */
np_result bdi_compress_stages(const uint8_t line[BDI_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                              size_t *out_bits);
np_result bdi_decompress_stages(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes);

/* ---- encodings ----------------------------------------------------------------------------- */

/* True for the 11 defined codes. */
bool bdi_enc_valid(unsigned enc);
/* Element size k in bytes of a base/delta or repeated encoding (8 for ZEROS and RAW, whose
 * detectors work on 8-byte elements); 0 for an undefined code. */
unsigned bdi_enc_base_bytes(unsigned enc);
/* Delta size d in bytes of a base/delta encoding; 0 for every other code. */
unsigned bdi_enc_delta_bytes(unsigned enc);
/* Length in bits of a 64-byte block stream with this encoding, field included (sec. 3);
 * 0 for an undefined code. */
unsigned bdi_enc_bits(unsigned enc);
/* Short name ("zeros", "rep8", "b8d1", ..., "raw"; "?" for an undefined code). */
const char *bdi_enc_name(unsigned enc);

/* ---- stages (one function per RTL submodule) ----------------------------------------------- */

/* Element i of size k (1, 2, 4 or 8 bytes) of a block, little-endian. */
uint64_t bdi_element(const uint8_t *block, unsigned k, unsigned i);

/* bdi_zero_detect: true when all block_bytes bytes are zero. */
bool bdi_zero_detect(const uint8_t *block, unsigned block_bytes);

/* bdi_rep_detect: true when the block's k-byte elements (k = 2, 4, 8) are all equal; *value
 * (may be NULL) gets element 0. */
bool bdi_rep_detect(const uint8_t *block, unsigned block_bytes, unsigned k, uint64_t *value);

/* bdi_bd_analyze: one base/delta unit (k-byte elements, d-byte deltas, d < k) on a block of
 * block_bytes (64, or 128 for the measurement of sec. 1) (sec. 4.2):
 *   - an element is an immediate when it is a sign-extended d-byte value (zero base);
 *   - the explicit base is the first element that is not an immediate (0 when there is none);
 *   - bit i of *mask is set when element i is not an immediate (it uses the explicit base);
 *   - the encoding applies when every non-immediate element minus the base, modulo 2^(8k), is
 *     a sign-extended d-byte value.
 * Returns whether it applies; *base and *mask (either may be NULL) are set in every case. */
bool bdi_bd_analyze(const uint8_t *block, unsigned block_bytes, unsigned k, unsigned d,
                    uint64_t *base, uint64_t *mask);

/* Bit e set when encoding e applies to the 64-byte block (RAW always applies). */
uint16_t bdi_block_fits(const uint8_t block[BDI_BLOCK_BYTES]);

/* bdi_block_select: the applicable encoding with the shortest block stream; ties go to the
 * lower code (sec. 4.3). RAW is chosen when no other encoding's bit is set. */
unsigned bdi_block_select(uint16_t fits);

/* bdi_block_pack: appends one block's stream with the given encoding to w (sec. 3). The
 * encoding must apply to the block (bdi_block_fits); NP_BAD_PARAM otherwise or when w
 * overflows. */
np_result bdi_block_pack(np_wordbuf *w, const uint8_t block[BDI_BLOCK_BYTES], unsigned enc);

/* bdi_block_unpack: reads one block's stream from r into block (64 bytes). NP_BAD_DATA for an
 * undefined encoding or a block that extends past the reader's length; nothing is read past
 * it. *enc (may be NULL) gets the encoding read. block is all zero after an error. */
np_result bdi_block_unpack(np_bitreader *r, uint8_t block[BDI_BLOCK_BYTES], unsigned *enc);

/* Shortest stream length in bits for one block of block_bytes bytes (64: the format; 128: the
 * whole-line variant measured in docs/bdi.md sec. 1, with n = 128 / k elements and an n-bit
 * mask); *enc (may be NULL) gets the encoding. 0 for another size. */
unsigned bdi_block_bits(const uint8_t *block, unsigned block_bytes, unsigned *enc);

/* The registry entry (codec.h): name "bdi", this format, the RTL tops and the published
 * figures. */
struct np_codec;
extern const struct np_codec np_codec_bdi;

#ifdef __cplusplus
}
#endif
#endif
