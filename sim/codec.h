/* Reply compressors: a table of named entries, each computing the compressed size of a line by
 * calling the C model library (no compressor logic lives in sim/). Adding a compressor is one
 * entry in codec.c. Latencies come from the synthesis report (latency_cycles of the entry's
 * RTL tops) or, when the report, the top or the field is missing, from the documented default. */
#ifndef SIM_CODEC_H
#define SIM_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "dpc.h"
#include "dsm.h"

#define CODEC_LINE_BITS 1024u

typedef struct {
    const char *name;
    const char *description;
    /* Compressed stream length in bits of one 128-byte line; NULL for "none" and for the
     * data-filtering compressors. */
    size_t (*compressed_bits)(const uint8_t line[128]);
    /* Data filtering (DF-TRUC, DF-MAN; docs/sim.md "Partial fills"): stream length in bits of
     * one line with critical map `map` (1..15); *fill gets the sub-blocks the receiver gets
     * right (map, or 0xF when the whole line travels). NULL for every other compressor. */
    size_t (*filtered_bits)(const uint8_t line[128], unsigned map, unsigned *fill);
    bool approximates;          /* applies the DSM approximation unit first (approximable regions) */
    const char *comp_top, *decomp_top;   /* RTL tops in the synthesis report */
    unsigned comp_default, decomp_default;
} codec_def;

typedef struct {
    unsigned cycles;
    char source[160];           /* "build/synth/report.json" or "default (...: why)" */
} codec_latency;

typedef struct {
    const codec_def *def;
    codec_latency comp, decomp, approx;   /* approx.cycles = 0 unless def->approximates */
} codec_timing;

unsigned codec_count(void);
const codec_def *codec_at(unsigned i);
const codec_def *codec_find(const char *name);

/* Fill timing for def from the synthesis report at report_path (may not exist). */
void codec_timing_load(codec_timing *t, const codec_def *def, const char *report_path);

/* Default approximation-unit latency when the report lacks dsm_approx (the thesis: 2 cycles). */
#define CODEC_APPROX_DEFAULT 2u

#endif
