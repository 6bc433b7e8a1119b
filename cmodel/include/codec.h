/* One registry of line compressors (codecs). Every consumer iterates it: the CLI's ratio table
 * and compress/decompress commands, the simulator's reply and L1 compressors, the benchmarks,
 * the fuzz targets and the tests. Adding an algorithm is one entry: its own cmodel/src/<name>.c
 * defines `const np_codec np_codec_<name>` and one line in codec.c's table lists it.
 *
 * Shape (libdeflate-like): caller-owned buffers, lengths in bits, np_result codes, no global
 * state. A codec that keeps state between lines (SC's code table, C-Pack's synchronised packet
 * dictionary) keeps all of it in a caller-owned blob of state_bytes bytes: plain data with no
 * pointers, so a copy (memcpy) is a complete snapshot. The compressor side and the
 * decompressor side each own one blob; for SC the code table reaches the decompressor as the
 * hardware's configuration port would load it: np_codec_sync copies the compressor's table. */
#ifndef NP_CODEC_H
#define NP_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "np_published.h"
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NP_CODEC_LINE_BYTES 128u
/* Every codec's worst-case stream fits this many bytes (the largest max_bits in the table is
 * checked against it by the tests). */
#define NP_CODEC_MAX_BYTES 192u
#define NP_CODEC_FILL_ALL 0xFu      /* every 32-byte sub-block of the line reconstructed */

/* Flags of an entry. */
#define NP_CODEC_FILTERS  0x1u      /* data filtering: compresses only the critical sub-blocks of
                                     * opts.map; the receiver gets the sub-blocks in *fill */
#define NP_CODEC_STATEFUL 0x2u      /* state_bytes > 0: lines are not independent */
#define NP_CODEC_TRAINED  0x4u      /* needs observe() samples and rebuild() before compressing
                                     * well (SC); untrained it still round-trips */

/* Per-call options. Zero-initialised options are valid for every codec (map 0 means the whole
 * line, as 0xF). */
typedef struct {
    unsigned map;                   /* NP_CODEC_FILTERS: critical map 1..15 (bit k = sub-block k);
                                     * 0 = whole line. Ignored by other codecs. */
} np_codec_opts;

typedef struct np_codec {
    const char *name;               /* short, stable, lower case: "dsm", "bdi", "cpack", ... */
    const char *description;        /* one line for --help and tables */
    const char *spec;               /* the docs page that defines the format to the bit */
    unsigned flags;                 /* NP_CODEC_* */
    size_t max_bits;                /* longest stream compress can produce */
    size_t state_bytes;             /* 0 for a stateless codec */

    /* State life cycle (all NULL when state_bytes == 0; observe/rebuild NULL when the codec
     * does not train). init puts a blob in its reset state. observe() offers one line as a
     * training sample (SC: the value frequency table counts its words). rebuild() ends a
     * training period (SC: builds the code table from the counts). */
    void (*init)(void *state);
    void (*observe)(void *state, const uint8_t line[NP_CODEC_LINE_BYTES]);
    np_result (*rebuild)(void *state);

    /* Compress one line into dst (dst_bytes available; (max_bits + 7) / 8 always suffices).
     * *out_bits gets the stream length, *fill the sub-blocks the receiver reconstructs exactly
     * (NP_CODEC_FILL_ALL unless the codec filters). NP_NO_SPACE when dst is too small (*out_bits
     * still set, dst untouched); NP_BAD_PARAM for a NULL pointer or an illegal option. state is
     * the compressor side's blob (NULL for a stateless codec) and may be updated. */
    np_result (*compress)(void *state, const np_codec_opts *opts, const uint8_t line[NP_CODEC_LINE_BYTES],
                          uint8_t *dst, size_t dst_bytes, size_t *out_bits, unsigned *fill);
    /* Decompress a stream of exactly src_bits bits into 128 bytes of dst (dst_bytes >= 128,
     * else NP_NO_SPACE). NP_BAD_DATA on any malformed stream: never reads outside src; dst is all
     * zero after any error. Sub-blocks outside the fill are zero. state: the decompressor side's
     * blob. */
    np_result (*decompress)(void *state, const np_codec_opts *opts, const uint8_t *src, size_t src_bits,
                            uint8_t *dst, size_t dst_bytes);

    /* The table a side's RTL top loads through its configuration port, as the port's words
     * (word a written at address a), from that side's state blob: SC's code-table image for the
     * compressor, its DeLUT image for the decompressor (docs/sc.md 6). Returns the word count,
     * or 0 when the side has no such port or max_words is too small. NULL when no side has one. */
    size_t (*cfg_image)(const void *state, bool decompressor, uint32_t *words, size_t max_words);

    /* Hardware: RTL tops whose synthesis report gives the latencies (NULL where the project has
     * no RTL). The published figures are not here: they are rows of the one published table
     * (np_published.h), under the top's name or "<name>:compressor" / "<name>:decompressor";
     * np_codec_published() finds them. */
    const char *comp_top, *decomp_top;
    /* Only for a codec whose latency nobody published (DPC's family): the project's own figure
     * for when no synthesis report is at hand, and where it comes from. 0 / NULL otherwise. */
    unsigned own_comp_cycles, own_decomp_cycles;
    const char *own_source;
} np_codec;

/* ---- the registry ---------------------------------------------------------------------------- */

unsigned np_codec_count(void);
const np_codec *np_codec_at(unsigned i);               /* NULL past the end */
const np_codec *np_codec_find(const char *name);       /* NULL when no codec has that name */
/* "dsm, dpc, ..." into buf (for usage and error messages); returns buf. */
const char *np_codec_names(char *buf, size_t len);

/* A side's row of the published table (np_published.h): its RTL top's, else
 * "<name>:compressor" / "<name>:decompressor". NULL when nothing is published for it. */
const np_published *np_codec_published(const np_codec *c, bool decompressor);
/* A side's latency when no synthesis report is at hand: the published row's, else the codec's own
 * figure (own_*). *source (may be NULL) gets where it comes from: the row's or own_source. */
unsigned np_codec_fallback_cycles(const np_codec *c, bool decompressor, const char **source);

/* ---- calls through an entry (NULL-safe wrappers that also handle the stateless case) ------- */

/* Puts a state blob (c->state_bytes bytes; nothing for a stateless codec) in its reset state. */
void np_codec_init(const np_codec *c, void *state);
void np_codec_observe(const np_codec *c, void *state, const uint8_t line[NP_CODEC_LINE_BYTES]);
np_result np_codec_rebuild(const np_codec *c, void *state);
/* Decompressor side takes the compressor side's trained table (the configuration-port load). */
void np_codec_sync(const np_codec *c, void *decomp_state, const void *comp_state);

/* The configuration-port image of a side's table (the entry's cfg_image); 0 when none. */
size_t np_codec_cfg_image(const np_codec *c, const void *state, bool decompressor, uint32_t *words,
                          size_t max_words);

np_result np_codec_compress(const np_codec *c, void *state, const np_codec_opts *opts,
                            const uint8_t line[NP_CODEC_LINE_BYTES], uint8_t *dst, size_t dst_bytes,
                            size_t *out_bits, unsigned *fill);
np_result np_codec_decompress(const np_codec *c, void *state, const np_codec_opts *opts, const uint8_t *src,
                              size_t src_bits, uint8_t *dst, size_t dst_bytes);
/* Stream length in bits of one line (compresses into a scratch buffer; 0 on any error). */
size_t np_codec_bits(const np_codec *c, void *state, const np_codec_opts *opts,
                     const uint8_t line[NP_CODEC_LINE_BYTES], unsigned *fill);

#ifdef __cplusplus
}
#endif
#endif
