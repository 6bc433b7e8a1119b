/* Reply compressors of the simulator: "none", every codec of the C library's registry
 * (cmodel/include/codec.h) under its own name, and "dsm-approx" (DSM behind the FP approximation
 * unit on approximable regions). No compressor logic and no list of algorithms lives in sim/:
 * a codec added to the registry is a reply compressor here without a change.
 *
 * Latencies come from the synthesis report (latency_cycles of the entry's RTL tops) or, when the
 * codec has no RTL or the report, the top or the field is missing, from the registry's published
 * figure; the output says which (codec_latency.source). The initiation interval comes from the
 * report's ii_cycles (the harness's throughput probe), else 1 (a full pipeline). */
#ifndef SIM_REPLY_CODEC_H
#define SIM_REPLY_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "codec.h"
#include "dpc.h"
#include "dsm.h"
#include "mem/memimg.h"

#define CODEC_LINE_BITS 1024u

typedef struct {
    char name[32];
    char description[200];
    const np_codec *codec;      /* NULL for "none" */
    bool approximates;          /* applies the DSM approximation unit first (approximable regions) */
} codec_def;

typedef struct {
    unsigned cycles;
    unsigned ii;                /* initiation interval: the unit takes one line every ii cycles (>= 1) */
    char source[320];           /* "build/synth/report.json", "published (seed 001 Table 6.5; ...)" */
} codec_latency;

typedef struct {
    const codec_def *def;
    codec_latency comp, decomp, approx;   /* approx.cycles = 0 unless def->approximates */
} codec_timing;

unsigned codec_count(void);
const codec_def *codec_at(unsigned i);
const codec_def *codec_find(const char *name);
/* True for a data-filtering codec (DF-TRUC, DF-MAN): replies carry the critical sub-blocks of a
 * map and fill only those (docs/sim.md "Partial fills"). */
bool codec_filters(const codec_def *def);

/* Fill timing for def from the synthesis report at report_path (may not exist: then each latency
 * is the published figure, its source saying why; "" = no report). A non-zero comp_override /
 * decomp_override replaces that latency whatever the report says (the reply path's config keys
 * reply_compressor_latency / reply_decompressor_latency: what-if runs such as a unit before a
 * pipeline change; the source then names the key); "none", which has no unit, ignores them. */
void codec_timing_load(codec_timing *t, const codec_def *def, const char *report_path,
                       unsigned comp_override, unsigned decomp_override);
/* A report the user named must be usable: it opens, parses as JSON and has a "units" array.
 * False with "synth_report = PATH: why". (A unit missing from a usable report still falls back
 * to its published figure, and the source says so.) */
bool codec_report_check(const char *path, char *err, size_t err_len);

/* One run's compressor: the codec's state. A trained codec (SC) is trained once on every line
 * of the memory image and its decompressor given the table (docs/sim.md "Reply compressors":
 * an upper bound on what periodic VFT sampling achieves). A stateful codec (cpack-sync) keeps one
 * state per link, a link being one MC -> SM pair; lines on one link are compressed in reply
 * order. */
typedef struct codec_inst codec_inst;

codec_inst *codec_inst_new(const codec_def *def, const mem_image *img, unsigned links, char *err, size_t err_len);
void codec_inst_free(codec_inst *ci);
/* True when a line's size depends on the line alone (no per-link state), so it may be memoised. */
bool codec_inst_memoisable(const codec_inst *ci);
/* Stream length in bits of one line sent on `link` with critical map `map` (filtering codecs;
 * 0 = whole line); *fill gets the sub-blocks the receiver reconstructs. 0 for "none". */
size_t codec_inst_bits(codec_inst *ci, unsigned link, const uint8_t line[128], unsigned map, unsigned *fill);

#endif
