/* Published figures (latency, area) of the units: one table, synth/published.tsv, with its
 * sources; the build compiles it into this library (synth/published_c.awk), so the codec
 * registry, npsim, the SystemC components and the synthesis report all read the same rows.
 * A row is keyed by an RTL top's name, or "<codec>:compressor" / "<codec>:decompressor" for a
 * codec of the registry that has no RTL here. */
#ifndef NP_PUBLISHED_H
#define NP_PUBLISHED_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *key;              /* RTL top, or "<codec>:compressor" / "<codec>:decompressor" */
    int latency_cycles;           /* -1: none published */
    double comb_area_mm2, area_mm2;   /* 0: none published (a gate count only) */
    unsigned nand2_eq;            /* 0: none published */
    const char *source;           /* e.g. "seed 001 Table 6.4" */
} np_published;

extern const np_published np_published_rows[];
extern const unsigned np_published_count;

/* The row for key, or NULL. */
const np_published *np_published_find(const char *key);

#ifdef __cplusplus
}
#endif
#endif
