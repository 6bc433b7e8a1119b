/* DPC (Dual Pattern Compression) with data filtering (DF-TRUC, DF-MAN): C golden model.
 * The formats are defined to the bit in docs/dpc.md; section numbers below refer to it.
 *
 * Whole-line API (LZ4/libdeflate shape, as dsm.h): caller-owned buffers and sizes, lengths in
 * bits, np_result codes, no global state. Stage functions mirror the RTL submodules in
 * rtl/dpc/ (remap, plane detector, concatenator, checker, unpacker, recover) so each can be
 * checked on its own.
 *
 * Words and planes: a word list x[0 .. wc-1] holds 32-bit words (little-endian in the line,
 * docs/conventions.md). Plane i (0..31) is a wc-bit value whose bit j is bit i of x[j]
 * (sec. 2). wc is 8 * (number of sub-blocks encoded): 8, 16, 24 or 32; 32 for a whole line. */
#ifndef DPC_H
#define DPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "np_bits.h"
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DPC_LINE_BYTES 128u
#define DPC_WORDS 32u                 /* words of a line (Wc for plain DPC) */
#define DPC_PLANES 32u                /* one plane per bit of a 32-bit word */
#define DPC_SUBBLOCKS 4u
#define DPC_SUBBLOCK_BYTES 32u
#define DPC_SUBBLOCK_WORDS 8u
#define DPC_MAP_BITS 4u
#define DPC_MAP_FULL 0xFu             /* all four sub-blocks critical (an FDR) */
#define DPC_MAX_BITS 1025u            /* longest plain DPC / DF-MAN stream: raw, sec. 3 */
#define DFTRUC_MAX_BITS 1029u         /* longest DF-TRUC stream: map + raw, sec. 4 */
#define DPC_MAX_BYTES ((DFTRUC_MAX_BITS + 7u) / 8u)   /* = 129: a dst buffer this big always fits */

/* Version of the model's bit-exact behaviour (docs/dpc.md). Golden vector files record it;
 * bump it whenever any stream, length, map or table decision changes. */
#define DPC_MODEL_VERSION "1.0"

/* The RTL's 2-bit mode input (sec. 7). */
typedef enum {
    DPC_MODE_DPC = 0,
    DPC_MODE_DFTRUC = 1,
    DPC_MODE_DFMAN = 2
} dpc_mode;
#define DPC_MODES 3u

/* ---- whole line: DPC (sec. 3) ------------------------------------------------------------ */

/* Compress one 128-byte line into dst (dst_bytes available; DPC_MAX_BYTES always suffices).
 * *out_bits receives the stream length in bits; padding bits of the last byte are zero.
 * NP_NO_SPACE when dst_bytes < (length + 7) / 8: *out_bits still receives the length, dst is
 * left untouched. NP_BAD_PARAM for a NULL pointer. */
np_result dpc_compress(const uint8_t line[DPC_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                       size_t *out_bits);

/* Decompress a plain DPC stream (also a DF-MAN stream) of exactly src_bits bits into a
 * 128-byte line (dst_bytes >= 128, else NP_NO_SPACE). NP_BAD_DATA on any malformed input
 * (sec. 8); never reads outside src; dst is all zero after any error. */
np_result dpc_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes);

/* Length in bits dpc_compress would produce (0 for a NULL line). */
size_t dpc_compressed_bits(const uint8_t line[DPC_LINE_BYTES]);

/* ---- whole line: DF-TRUC (sec. 4) -------------------------------------------------------- */

/* Stream = 4-bit map, then the DPC stream of the critical sub-blocks' words. map is 1..15
 * (bit k = sub-block k); 0 or above 15 is NP_BAD_PARAM. Other results as dpc_compress. */
np_result dftruc_compress(const uint8_t line[DPC_LINE_BYTES], unsigned map, uint8_t *dst,
                          size_t dst_bytes, size_t *out_bits);

/* Restores the critical sub-blocks, non-critical ones zero; *out_map (may be NULL) gets the
 * map read from the stream (0 after an error). NP_BAD_DATA for map 0 and as dpc_decompress. */
np_result dftruc_decompress(const uint8_t *src, size_t src_bits, uint8_t *dst, size_t dst_bytes,
                            unsigned *out_map);

/* Length in bits dftruc_compress would produce (0 for a NULL line or a map outside 1..15). */
size_t dftruc_compressed_bits(const uint8_t line[DPC_LINE_BYTES], unsigned map);

/* ---- whole line: DF-MAN (sec. 5) --------------------------------------------------------- */

/* Plain DPC stream of the original line or of the manipulated line (non-critical sub-blocks
 * zero), whichever is shorter; tie -> original. *manipulated (may be NULL) tells which was
 * sent. map as dftruc_compress. Decompress with dpc_decompress. */
np_result dfman_compress(const uint8_t line[DPC_LINE_BYTES], unsigned map, uint8_t *dst,
                         size_t dst_bytes, size_t *out_bits, bool *manipulated);

/* Length in bits dfman_compress would produce (0 for a NULL line or a map outside 1..15). */
size_t dfman_compressed_bits(const uint8_t line[DPC_LINE_BYTES], unsigned map);

/* ---- one entry point per RTL top (sec. 7) -------------------------------------------------- */

/* Mode and map as the hardware reads them (sec. 7, Decision): mode 3 -> DPC; map 0 -> 1111;
 * only the low 2 / 4 bits are looked at. */
dpc_mode dpc_hw_mode(unsigned mode);
unsigned dpc_hw_map(unsigned map);

/* dpc_compressor: compress in the given mode (map ignored for DPC). mode and map must be
 * legal (mode < 3, map 1..15 unless DPC): else NP_BAD_PARAM. Map them with dpc_hw_mode /
 * dpc_hw_map first to get what the RTL does with any input. */
np_result dpc_mode_compress(dpc_mode mode, const uint8_t line[DPC_LINE_BYTES], unsigned map,
                            uint8_t *dst, size_t dst_bytes, size_t *out_bits);
/* dpc_decompressor: *out_map gets the DF-TRUC map, or 1111 for DPC / DF-MAN (0 on error). */
np_result dpc_mode_decompress(dpc_mode mode, const uint8_t *src, size_t src_bits, uint8_t *dst,
                              size_t dst_bytes, unsigned *out_map);
/* Length in bits of dpc_mode_compress (0 for illegal arguments). */
size_t dpc_mode_compressed_bits(dpc_mode mode, const uint8_t line[DPC_LINE_BYTES], unsigned map);
const char *dpc_mode_name(dpc_mode mode);   /* "dpc", "dftruc", "dfman"; "?" otherwise */

/* ---- stages (one function per RTL submodule) ----------------------------------------------- */

/* True for the word counts a stream can have: 8, 16, 24, 32. */
bool dpc_wc_ok(unsigned wc);

/* Word selection (DF-TRUC): the words of the critical sub-blocks in address order into
 * words[] (room for 32). Returns wc = 8 * popcount(map) (0 for map 0 or above 15). */
unsigned dpc_select_words(unsigned map, const uint8_t line[DPC_LINE_BYTES], uint32_t words[]);
/* Inverse: writes the wc = 8 * popcount(map) words back to the critical sub-blocks of line,
 * every non-critical sub-block zero (sec. 4). */
void dpc_place_words(unsigned map, const uint32_t words[], uint8_t line[DPC_LINE_BYTES]);
/* DF-MAN manipulation: out = line with every non-critical sub-block zero (in, out may alias). */
void dpc_manipulate(unsigned map, const uint8_t line[DPC_LINE_BYTES],
                    uint8_t out[DPC_LINE_BYTES]);

/* dpc_remap: wc words -> 32 planes of wc bits (sec. 2). Bits of a plane at and above wc are 0.
 * Does nothing for an unsupported wc. */
void dpc_remap(unsigned wc, const uint32_t words[], uint32_t planes[DPC_PLANES]);
/* Inverse of dpc_remap: 32 planes (bits at and above wc ignored) -> wc words. */
void dpc_unremap(unsigned wc, const uint32_t planes[DPC_PLANES], uint32_t words[]);

/* dpc_plane_detect: true when the low wc bits of plane are all 0 or all 1 (compressible);
 * *value (may be NULL) gets bit 0 of the plane, the 1-bit code. */
bool dpc_plane_detect(unsigned wc, uint32_t plane, unsigned *value);
/* Encoding status: bit i set when plane i is compressible. */
uint32_t dpc_encoding_status(unsigned wc, const uint32_t planes[DPC_PLANES]);
/* Fewest compressible planes for which the checker chooses the compressed form:
 * n (wc - 1) > 32, i.e. 5, 3, 2, 2 for wc = 8, 16, 24, 32 (sec. 3, 4). */
unsigned dpc_min_planes(unsigned wc);

/* dpc_comp_check: compression checker, true when the body is emitted compressed: its length
 * 1 + 32 + n + wc(32 - n) is strictly shorter than raw 1 + 32 wc (sec. 3, Decision). */
bool dpc_comp_check(unsigned wc, uint32_t es);
/* Length in bits of a body (C, ES, ED or C, raw words) with this ES (0 for a bad wc). */
unsigned dpc_body_bits(unsigned wc, uint32_t es);

/* dpc_concat: variable-length concatenator. Appends one body to w: C = 1, ES and ED when
 * dpc_comp_check(wc, es), else C = 0 and the wc raw words. planes must be dpc_remap of words
 * and es their encoding status (dpc_encoding_status); a compressible plane's one-bit code is
 * read from the words. An unsupported wc sets w->overflow. */
void dpc_concat(np_bitwriter *w, unsigned wc, const uint32_t words[],
                const uint32_t planes[DPC_PLANES], uint32_t es);

/* dpc_unpack: reads one body of wc words from r and restores the words.
 * NP_BAD_DATA when it is truncated or non-canonical (C = 1 with fewer than
 * dpc_min_planes(wc) compressible planes); never reads past the reader's length.
 * NP_BAD_PARAM for NULL pointers or an unsupported wc. Trailing bits are the caller's check. */
np_result dpc_unpack(np_bitreader *r, unsigned wc, uint32_t words[]);

/* dpc_plane_recover: es_bit set -> the relayed bit repeated over wc bits; else the relayed
 * wc-bit plane (bits at and above wc cleared). */
uint32_t dpc_plane_recover(unsigned wc, bool es_bit, uint32_t relayed);

#ifdef __cplusplus
}
#endif
#endif
