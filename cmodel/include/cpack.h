/* C-Pack+Z (Chen et al., C-Pack, TVLSI 2010, with a zero-lane flag): C golden model.
 * The format and the synchronised-dictionary protocol are defined to the bit in docs/cpack.md;
 * section numbers below refer to it.
 *
 * Same shape as dsm.h: caller-owned buffers and sizes, lengths in bits, np_result codes, no
 * global state. A 128-byte line is two 64-byte lanes, each compressed by its own C-Pack unit
 * with its own 16-entry dictionary (sec. 1). Two forms:
 *  - per-line (cpack_compress / cpack_decompress): every lane starts from an empty dictionary,
 *    the cache form the seeds compare;
 *  - synchronised (cpack_sync_compress / cpack_sync_decompress): the dictionaries persist across
 *    lines in a cpack_state, one state at the sender and one at the receiver of each
 *    (sender, receiver) pair, updated identically from the same sequence of lines (sec. 5).
 * The stage functions mirror the C-Pack hardware: the pattern matcher (zero detection and
 * dictionary CAM compare), the FIFO dictionary update, the code packer and the unpacker. There is
 * no RTL for C-Pack in this project; the registry entries carry the published figures. */
#ifndef CPACK_H
#define CPACK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "np_bits.h"
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CPACK_LINE_BYTES 128u
#define CPACK_LANE_BYTES 64u
#define CPACK_LANE_WORDS 16u
#define CPACK_LANES 2u
#define CPACK_DICT_ENTRIES 16u
#define CPACK_INDEX_BITS 4u
#define CPACK_RAW_LANE_BITS (2u + 8u * CPACK_LANE_BYTES)      /* 514: Z = 0, C = 0, raw lane */
#define CPACK_MAX_BITS (CPACK_LANES * CPACK_RAW_LANE_BITS)     /* 1028, sec. 3.4 */
#define CPACK_MAX_BYTES ((CPACK_MAX_BITS + 7u) / 8u)          /* 129 */

/* Version of the model's bit-exact behaviour (docs/cpack.md). */
#define CPACK_MODEL_VERSION "1.0"

/* The six codes of sec. 2 (letters: z zero byte, m byte matching a dictionary entry, x other
 * byte; most significant byte first). */
typedef enum {
    CPACK_ZZZZ = 0,     /* 00               2 bits */
    CPACK_XXXX = 1,     /* 01   + word      34 bits, pushed */
    CPACK_MMMM = 2,     /* 10   + index     6 bits */
    CPACK_MMXX = 3,     /* 1100 + index + low halfword   24 bits, pushed */
    CPACK_ZZZX = 4,     /* 1101 + low byte  12 bits */
    CPACK_MMMX = 5      /* 1110 + index + low byte       16 bits, pushed */
} cpack_code;

/* One unit's dictionary: a 16-entry FIFO (sec. 2.3). Plain data. */
typedef struct {
    uint32_t entry[CPACK_DICT_ENTRIES];
    uint16_t count;     /* valid entries, 0..16: entries 0 .. count-1 */
    uint16_t next;      /* slot the next push writes (the oldest entry once count == 16) */
} cpack_dict;           /* 68 bytes, no padding: states compare with memcmp */

/* One end of a synchronised (sender, receiver) pair (sec. 5): both lanes' dictionaries and the
 * protocol's counters. Plain data without pointers: memcpy is a snapshot, and after the same
 * sequence of lines the sender's and the receiver's states are byte-for-byte equal. */
typedef struct {
    cpack_dict dict[CPACK_LANES];
    uint64_t lines;         /* lines coded since the state was initialised */
    uint64_t pushes;        /* dictionary pushes (words added), both lanes */
    uint64_t update_lanes;  /* lanes whose dictionary changed: the update messages an
                             * explicitly synchronised dictionary would send (sec. 5.4) */
    uint64_t resets;        /* RESET markers applied after initialisation (sec. 5.3) */
} cpack_state;

/* ---- per-line form --------------------------------------------------------------------------- */

/* Compress one 128-byte line (both dictionaries empty at the start of each lane) into dst
 * (CPACK_MAX_BYTES always suffices). NP_NO_SPACE when dst is too small (*out_bits still set, dst
 * untouched); NP_BAD_PARAM for a NULL pointer (dst may be NULL only with dst_bytes 0). */
np_result cpack_compress(const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst, size_t dst_bytes, size_t *out_bits);

/* Decompress a stream of exactly src_bits bits into 128 bytes of dst (dst_bytes >= 128, else
 * NP_NO_SPACE). NP_BAD_DATA for a malformed stream (sec. 3.5); never reads outside src; dst is
 * all zero after any error. */
np_result cpack_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes);

/* Length in bits cpack_compress would produce (0 for a NULL line). */
size_t cpack_compressed_bits(const uint8_t line[CPACK_LINE_BYTES]);

/* ---- synchronised form (sec. 5) ------------------------------------------------------------- */

/* Both ends start here: empty dictionaries, counters zero. */
void cpack_state_init(cpack_state *s);
/* Applies a RESET marker (sec. 5.3): empty dictionaries, resets + 1. The sender calls it when it
 * sends the marker, the receiver when the marker arrives; lines and pushes keep counting. */
void cpack_sync_reset(cpack_state *s);

/* As cpack_compress, with the lanes' dictionaries taken from and left in *s (sender's end). On
 * any error *s is unchanged. */
np_result cpack_sync_compress(cpack_state *s, const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst,
                              size_t dst_bytes, size_t *out_bits);
/* As cpack_decompress, with the receiver's end *s. On any error *s is unchanged and dst zero. */
np_result cpack_sync_decompress(cpack_state *s, const uint8_t *src, size_t src_bits, uint8_t *dst,
                                size_t dst_bytes);
/* Length cpack_sync_compress would produce from *s, without changing it (0 for NULL). */
size_t cpack_sync_compressed_bits(const cpack_state *s, const uint8_t line[CPACK_LINE_BYTES]);

/* The same four functions through the stage functions below (cpack_match, the lane length,
 * the packer and the unpacker) one after another: the reference the fast whole-line path of
 * cpack_compress / cpack_decompress / cpack_sync_compress / cpack_sync_decompress is tested
 * against (tests/test_cpack.c). Same contracts, same results, same state updates. */
np_result cpack_compress_stages(const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                                size_t *out_bits);
np_result cpack_decompress_stages(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes);
np_result cpack_sync_compress_stages(cpack_state *s, const uint8_t line[CPACK_LINE_BYTES], uint8_t *dst,
                                     size_t dst_bytes, size_t *out_bits);
np_result cpack_sync_decompress_stages(cpack_state *s, const uint8_t *src, size_t src_bits, uint8_t *dst,
                                       size_t dst_bytes);

/* ---- stages ---------------------------------------------------------------------------------- */

void cpack_dict_reset(cpack_dict *d);
/* Pattern matcher: the code of one word against d (sec. 2.2); *index gets the matching entry
 * for MMMM, MMMX and MMXX (the lowest index among the longest matches), else 0. */
cpack_code cpack_match(const cpack_dict *d, uint32_t word, unsigned *index);
/* True for the codes whose word is pushed into the dictionary (XXXX, MMXX, MMMX; sec. 2.3). */
bool cpack_code_pushes(cpack_code c);
/* Dictionary update: writes word into slot next (FIFO), count saturates at 16. */
void cpack_dict_push(cpack_dict *d, uint32_t word);
/* Length in bits of one code with its fields (2, 34, 6, 24, 12, 16). */
unsigned cpack_code_bits(cpack_code c);

/* Length of a lane's body (its 16 codes) from dictionary *d, which is left as the 16 words
 * leave it; *pushes (may be NULL) gets the number of pushes. */
unsigned cpack_lane_body_bits(cpack_dict *d, const uint32_t word[CPACK_LANE_WORDS], unsigned *pushes);

/* Packer: appends one lane's stream (Z, C, then codes or the raw lane) to w, coding against *d
 * and updating it as the stream's codes say (sec. 3): only a lane sent with C = 1 changes *d. */
void cpack_pack_lane(np_bitwriter *w, cpack_dict *d, const uint32_t word[CPACK_LANE_WORDS]);
/* Unpacker: reads one lane's stream from r into word[], updating *d as its codes say.
 * NP_BAD_DATA when the lane is truncated, uses code 1111, or names a dictionary entry that is
 * not valid; nothing is read past the reader's length (*d is then unspecified). */
np_result cpack_unpack_lane(np_bitreader *r, cpack_dict *d, uint32_t word[CPACK_LANE_WORDS]);

#ifdef __cplusplus
}
#endif
#endif
