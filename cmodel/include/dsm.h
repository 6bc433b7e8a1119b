/* DSM (Data Segment Matching) compression and FP approximation: C golden model.
 * The format is defined to the bit in docs/dsm.md; section numbers below refer to it.
 *
 * Whole-line API (LZ4/libdeflate shape): caller-owned buffers and sizes, lengths in bits,
 * np_result codes, no global state. Stage functions mirror the RTL submodules in rtl/dsm/
 * so each can be checked on its own. */
#ifndef DSM_H
#define DSM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "np_bits.h"
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DSM_LINE_BYTES 128u
#define DSM_SEGMENT_BYTES 8u
#define DSM_MAX_SEGMENTS 16u          /* per lane, at LaneBytes = 128 */
#define DSM_MAX_BITS 1026u            /* longest line stream (2 raw 64-byte lanes), sec. 4.4 */
#define DSM_MAX_BYTES ((DSM_MAX_BITS + 7u) / 8u)   /* = 129: a dst buffer this big always fits */
#define DSM_APPROX_ENTRIES 8u
#define DSM_ADDR_BITS 41u             /* line address width, docs/conventions.md */
#define DSM_APPROX_MAX_NIBBLES 5u

/* Version of the model's bit-exact behaviour (docs/dsm.md). Golden vector files record it;
 * bump it whenever any stream, length or approximation result changes. */
#define DSM_MODEL_VERSION "1.0"

typedef struct {
    unsigned lane_bytes;              /* 64 (default, two lanes) or 128 (one lane) */
} dsm_config;

/* Fills the default configuration (lane_bytes = 64). */
void dsm_config_default(dsm_config *cfg);
/* NP_OK when cfg holds a supported configuration, else NP_BAD_PARAM. */
np_result dsm_config_check(const dsm_config *cfg);

/* ---- whole line ---------------------------------------------------------------------------- */

/* Compress one 128-byte line into dst (dst_bytes available; DSM_MAX_BYTES always suffices).
 * *out_bits receives the stream length in bits. Padding bits of the last byte are zero.
 * NP_NO_SPACE when dst_bytes < (length + 7) / 8: *out_bits still receives the length, dst is
 * left untouched. NP_BAD_PARAM for a NULL pointer or an unsupported cfg. */
np_result dsm_compress(const dsm_config *cfg, const uint8_t line[DSM_LINE_BYTES],
                       uint8_t *dst, size_t dst_bytes, size_t *out_bits);

/* Decompress a stream of exactly src_bits bits (src holds (src_bits+7)/8 bytes) into a
 * 128-byte line (dst_bytes must be >= 128, else NP_NO_SPACE). NP_BAD_DATA on any malformed
 * input (sec. 4.5); never reads outside src; dst is all zero after any error. */
np_result dsm_decompress(const dsm_config *cfg, const uint8_t *src, size_t src_bits,
                         uint8_t *dst, size_t dst_bytes);

/* Decompress one lane stream of exactly src_bits bits (src holds (src_bits+7)/8 bytes) into
 * cfg->lane_bytes bytes of lane (lane_cap must be >= cfg->lane_bytes, else NP_NO_SPACE): the
 * decoder of dsm_lane_pair_decompressor, each lane on its own bus (sec. 6). NP_BAD_DATA when
 * the lane is malformed by sec. 4.5 applied to this lane alone: its header or body extends past
 * src_bits (truncated), src_bits is longer than the lane (trailing), or C = 1 with ES = 0. Never
 * reads outside src; lane is all zero after any error. NP_BAD_PARAM for a NULL lane, a NULL src
 * with src_bits > 0 or an unsupported cfg. A line stream is lane 0's stream followed by lane
 * 1's (sec. 4.4), so a valid line decodes to the concatenation of its two lanes' results. */
np_result dsm_decompress_lane(const dsm_config *cfg, const uint8_t *src, size_t src_bits,
                              uint8_t *lane, size_t lane_cap);

/* Length in bits dsm_compress would produce, without writing the stream (0 for a NULL
 * argument or an unsupported cfg: no valid stream is that short). */
size_t dsm_compressed_bits(const dsm_config *cfg, const uint8_t line[DSM_LINE_BYTES]);

/* ---- stages (one function per RTL submodule) ----------------------------------------------- */

/* dsm_remap: lane bytes (lane_bytes of them) -> S = lane_bytes/8 segments (sec. 2). */
void dsm_remap(unsigned lane_bytes, const uint8_t *lane, uint64_t seg[]);
/* Inverse of dsm_remap. */
void dsm_unremap(unsigned lane_bytes, const uint64_t seg[], uint8_t *lane);

/* dsm_csn_detect: true when all 16 nibbles of seg are equal; *nibble gets that value. */
bool dsm_csn_detect(uint64_t seg, unsigned *nibble);

/* Encoding status of a lane: bit s set when segment s is a CSN. */
uint32_t dsm_encoding_status(unsigned num_segments, const uint64_t seg[]);

/* dsm_comp_check: compression checker, true when the lane is emitted compressed (sec. 4.3). */
bool dsm_comp_check(unsigned num_segments, uint32_t es);

/* Length in bits of a lane stream with the given ES (and C from dsm_comp_check). */
unsigned dsm_lane_bits(unsigned num_segments, uint32_t es);

/* dsm_concat: variable-length concatenator. Appends one lane's stream to w: C, ES and ED when
 * dsm_comp_check(es), else C = 0 and the raw lane bytes (sec. 4.2, 4.3). */
void dsm_concat(np_bitwriter *w, unsigned lane_bytes, const uint8_t *lane, const uint64_t seg[],
                uint32_t es);

/* dsm_unpack: reads one lane's stream from r and restores its bytes into lane.
 * NP_BAD_DATA when the lane is truncated or non-canonical (C = 1, ES = 0); nothing is read
 * past the reader's length. NP_BAD_PARAM for a lane size other than 64 or 128. */
np_result dsm_unpack(np_bitreader *r, unsigned lane_bytes, uint8_t *lane);

/* dsm_bit_count: number of CSN segments among 0..i-1 (the decompressor's bit counter). */
unsigned dsm_bit_count(uint32_t es, unsigned i);
/* ED offset of segment i in bits: 64*i - 60*dsm_bit_count(es, i) (sec. 4.2). */
unsigned dsm_ed_offset(uint32_t es, unsigned i);

/* dsm_segment_recover: ES bit set -> the nibble repeated 16 times; else the raw segment. */
uint64_t dsm_segment_recover(bool es_bit, uint64_t relayed);

/* ---- approximation unit (sec. 5) ----------------------------------------------------------- */

typedef struct {
    bool valid;
    uint64_t start;                   /* line address, inclusive */
    uint64_t end;                     /* line address, inclusive */
    unsigned bits;                    /* 5-bit approximation number; legal 0,4,8,12,16,20 */
} dsm_approx_entry;

typedef struct {
    dsm_approx_entry entry[DSM_APPROX_ENTRIES];
} dsm_approx_map;

/* All entries invalid (the state after reset). */
void dsm_approx_map_init(dsm_approx_map *map);
/* Validated write: NP_BAD_PARAM for idx >= 8, an address wider than 41 bits, start > end or
 * an illegal bits value. */
np_result dsm_approx_map_set(dsm_approx_map *map, unsigned idx, uint64_t start, uint64_t end,
                             unsigned bits);
/* Lookup: bits of the lowest-index valid entry containing line_addr, else 0 (sec. 5.1).
 * Entries are compared as stored, so a map filled directly (as the hardware's configuration
 * port allows) with start > end or an illegal bits value behaves as the RTL does. */
unsigned dsm_approx_lookup(const dsm_approx_map *map, uint64_t line_addr);
/* Hardware nibble count for any 5-bit value: min(bits >> 2, 5) (sec. 5.2). */
unsigned dsm_approx_nibbles(unsigned bits);
/* Apply an approximation number to a line (in and out may alias): every 32-bit word loses
 * its low 4 * dsm_approx_nibbles(bits) bits. */
void dsm_approx_apply(unsigned bits, const uint8_t in[DSM_LINE_BYTES],
                      uint8_t out[DSM_LINE_BYTES]);

#ifdef __cplusplus
}
#endif
#endif
