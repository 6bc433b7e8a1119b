/* BPC (Bit-Plane Compression, Kim et al., ISCA 2016): C golden model.
 * The format is defined to the bit in docs/bpc.md; section numbers below refer to it.
 *
 * Whole-line API (LZ4/libdeflate shape, as dsm.h and dpc.h): caller-owned buffers and sizes,
 * lengths in bits, np_result codes, no global state. Stage functions mirror the hardware's
 * stages (delta, bit-plane, XOR, pattern encoder and their inverses, sec. 2 to 4) so each can
 * be checked on its own.
 *
 * Words, deltas, planes (sec. 2): a line is 32 little-endian 32-bit words w[0..31]. The base is
 * w[0]; delta d[i] = w[i+1] - w[i] (i = 0..30) as a 33-bit two's complement value, held in the
 * low 33 bits of a uint64_t. Delta bit-plane DBP[j] (j = 0..32) is a 31-bit value whose bit i
 * is bit j of d[i]; DBX[32] = DBP[32], DBX[j] = DBP[j] ^ DBP[j+1] for j < 32. */
#ifndef BPC_H
#define BPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "np_bits.h"
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BPC_LINE_BYTES 128u
#define BPC_WORDS 32u
#define BPC_DELTAS 31u                /* deltas per line; also the bits of one plane */
#define BPC_PLANES 33u                /* one plane per bit of a 33-bit delta */
#define BPC_PLANE_MASK 0x7FFFFFFFu    /* the 31 bits of a plane */
#define BPC_DELTA_MASK UINT64_C(0x1FFFFFFFF)   /* the 33 bits of a delta */
#define BPC_RAW_BITS 1025u            /* flag + 1024 raw bits, sec. 5 */
#define BPC_MAX_BITS 1025u            /* longest stream: the raw form (compressed < raw) */
#define BPC_MAX_BYTES ((BPC_MAX_BITS + 7u) / 8u)   /* = 129: a dst buffer this big always fits */
#define BPC_UNBOUNDED_BITS 1090u      /* longest compressed form before the fallback:
                                       * 1 + 33 + 33 x 32 (sec. 5) */

/* Version of the model's bit-exact behaviour (docs/bpc.md). Golden vector files record it;
 * bump it whenever any stream, length or decoder decision changes. */
#define BPC_MODEL_VERSION "1.0"

/* ---- whole line (sec. 5, 6) -------------------------------------------------------------- */

/* Compress one 128-byte line into dst (dst_bytes available; BPC_MAX_BYTES always suffices).
 * *out_bits receives the stream length in bits; padding bits of the last byte are zero.
 * NP_NO_SPACE when dst_bytes < (length + 7) / 8: *out_bits still receives the length, dst is
 * left untouched. NP_BAD_PARAM for a NULL pointer. */
np_result bpc_compress(const uint8_t line[BPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                       size_t *out_bits);

/* Decompress a stream of exactly src_bits bits (src holds (src_bits + 7) / 8 bytes) into a
 * 128-byte line (dst_bytes >= 128, else NP_NO_SPACE). NP_BAD_DATA on any malformed input
 * (sec. 6); never reads outside src; dst is all zero after any error. */
np_result bpc_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes);

/* The same two functions through the stage functions below (transform, symbols, put/get one
 * field at a time), as the RTL's stages run: the reference the fast whole-line path of
 * bpc_compress / bpc_decompress is tested against (tests/test_bpc.c). Same contracts and
 * results. */
np_result bpc_compress_stages(const uint8_t line[BPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                              size_t *out_bits);
np_result bpc_decompress_stages(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes);

/* Length in bits bpc_compress would produce (0 for a NULL line). */
size_t bpc_compressed_bits(const uint8_t line[BPC_LINE_BYTES]);

/* Length of the compressed form (flag, base, symbols) before the fallback decision: the value
 * the compressor compares with BPC_RAW_BITS (sec. 5). At most BPC_UNBOUNDED_BITS. */
unsigned bpc_encoded_bits(const uint8_t line[BPC_LINE_BYTES]);

/* ---- stages (sec. 2, 3, 4) ----------------------------------------------------------------- */

/* Delta: words[32] -> base = words[0] and deltas d[i] = words[i+1] - words[i] (33-bit). */
void bpc_delta(const uint32_t words[BPC_WORDS], uint32_t *base, uint64_t deltas[BPC_DELTAS]);
/* Inverse: w[0] = base, w[i+1] = w[i] + d[i] mod 2^32 (bit 32 of a delta is not needed). */
void bpc_undelta(uint32_t base, const uint64_t deltas[BPC_DELTAS], uint32_t words[BPC_WORDS]);

/* Bit-plane: 31 deltas -> 33 planes of 31 bits (DBP). */
void bpc_bitplane(const uint64_t deltas[BPC_DELTAS], uint32_t dbp[BPC_PLANES]);
/* Inverse: 33 planes (bits above 30 ignored) -> 31 deltas of 33 bits. */
void bpc_unbitplane(const uint32_t dbp[BPC_PLANES], uint64_t deltas[BPC_DELTAS]);

/* XOR: DBX[32] = DBP[32], DBX[j] = DBP[j] ^ DBP[j + 1]. */
void bpc_xor(const uint32_t dbp[BPC_PLANES], uint32_t dbx[BPC_PLANES]);
/* Inverse: DBP[32] = DBX[32], DBP[j] = DBX[j] ^ DBP[j + 1]. */
void bpc_unxor(const uint32_t dbx[BPC_PLANES], uint32_t dbp[BPC_PLANES]);

/* ---- pattern encoder / decoder (sec. 4) ---------------------------------------------------- */

/* Base word code (sec. 4.1). */
typedef enum {
    BPC_BASE_ZERO = 0,    /* 000          3 bits */
    BPC_BASE_SE4 = 1,     /* 001 + 4      7 bits */
    BPC_BASE_SE8 = 2,     /* 010 + 8     11 bits */
    BPC_BASE_SE16 = 3,    /* 011 + 16    19 bits */
    BPC_BASE_RAW = 4      /* 1 + 32      33 bits */
} bpc_base_kind;

/* The shortest code of a base word (the encoder's choice). */
bpc_base_kind bpc_base_kind_of(uint32_t base);
/* Length in bits of a base code of that kind (0 for a bad kind). */
unsigned bpc_base_bits(bpc_base_kind kind);

/* Plane symbols (sec. 4.2). */
typedef enum {
    BPC_SYM_RUN1 = 0,     /* 001: one zero DBX                                3 bits */
    BPC_SYM_RUN = 1,      /* 01 + 5 (run - 2): 2..33 zero DBX                 7 bits */
    BPC_SYM_ONES = 2,     /* 00000: DBX all ones                              5 bits */
    BPC_SYM_DBPZ = 3,     /* 00001: DBX != 0, DBP = 0                         5 bits */
    BPC_SYM_TWO = 4,      /* 00010 + 5 (pos): ones at pos and pos + 1         10 bits */
    BPC_SYM_ONE = 5,      /* 00011 + 5 (pos): a single one at pos             10 bits */
    BPC_SYM_RAW = 6       /* 1 + 31: DBX as is                                32 bits */
} bpc_sym_kind;
#define BPC_SYM_KINDS 7u

typedef struct {
    bpc_sym_kind kind;
    unsigned arg;         /* RUN1/RUN: planes covered (1..33); TWO/ONE: position; else 0 */
    uint32_t dbx;         /* RAW: the 31-bit DBX; else 0 */
} bpc_symbol;

/* Length in bits of a symbol of that kind (0 for a bad kind). */
unsigned bpc_sym_bits(bpc_sym_kind kind);
/* Short stable name ("run1", "run", "ones", "dbpz", "two", "one", "raw"; "?" otherwise). */
const char *bpc_sym_name(bpc_sym_kind kind);

/* Classifier for a non-zero plane (sec. 4.3, priority order): ONES, DBPZ, TWO, ONE, RAW.
 * dbx must be non-zero (a zero DBX belongs to a run; this returns RUN1 for it). */
bpc_symbol bpc_classify(uint32_t dbx, uint32_t dbp);

/* Pattern encoder: the symbols for planes 32 down to 0 (zero DBX grouped into maximal runs).
 * Returns the number of symbols written to syms (room for BPC_PLANES). */
unsigned bpc_symbols(const uint32_t dbx[BPC_PLANES], const uint32_t dbp[BPC_PLANES],
                     bpc_symbol syms[BPC_PLANES]);

/* Appends the base code, or one symbol, to w (codes first bit first, payload LSB first,
 * sec. 4). */
void bpc_put_base(np_bitwriter *w, uint32_t base);
void bpc_put_symbol(np_bitwriter *w, const bpc_symbol *sym);

/* Reads a base code. NP_BAD_DATA when truncated. */
np_result bpc_get_base(np_bitreader *r, uint32_t *base);
/* Reads one symbol for plane `plane` (32 .. 0, the next plane to fill): NP_BAD_DATA when
 * truncated, when a run covers more than plane + 1 planes, or a position is out of range
 * (ONE above 30, TWO above 29). */
np_result bpc_get_symbol(np_bitreader *r, unsigned plane, bpc_symbol *sym);

/* Pattern decoder: reads symbols until all 33 planes are filled and rebuilds DBX and DBP
 * (DBPZ: DBP[j] = 0, DBX[j] = DBP[j + 1], with DBP[33] = 0). NP_BAD_DATA as bpc_get_symbol. */
np_result bpc_decode_planes(np_bitreader *r, uint32_t dbx[BPC_PLANES], uint32_t dbp[BPC_PLANES]);

#ifdef __cplusplus
}
#endif
#endif
