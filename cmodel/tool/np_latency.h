/* A unit's latency in cycles and where it came from, by the one rule every tool follows
 * (npsim's reply path and compressed L1, the SystemC model form; docs/synthesis.md "Latency
 * sources"):
 *   1. the synthesis report (build/synth/report.json, `make synth`): the top's latency_cycles,
 *      which must be a non-negative integer;
 *   2. the RTL harness's log (<verify_dir>/<top>.log, `make verify`): the LATENCY line of a run
 *      that passed (the figure the report copies);
 *   3. the fallback the caller gives: the published table's row (np_published.h) or a codec's
 *      own figure (np_codec_fallback_cycles).
 * The initiation interval follows the same order (report ii_cycles, log THROUGHPUT ii_cycles, 1).
 * The source names what was used and, when a named report or log could not be, why. */
#ifndef NP_LATENCY_H
#define NP_LATENCY_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *report_path;   /* NULL or "": no synthesis report */
    const char *verify_dir;    /* NULL or "": no harness logs */
} np_latency_sources;

typedef struct {
    unsigned cycles;
    /* Initiation interval: cycles from one accepted line to the next with the output free (1: a
     * full pipeline). From the same source as the latency when it carries one (the report's
     * ii_cycles, the log's THROUGHPUT ii_cycles), else 1: the published tables give latencies
     * only. The source adds ", II <n>" when it is above 1. */
    unsigned ii;
    char source[320];
} np_latency;

/* top may be NULL (no RTL): then the fallback. The fallback's source reads
 * "<fallback_kind> (<fallback_source>; <why 1 and 2 were not used>)", e.g. "published (seed 001
 * Table 6.4; no synthesis report)". */
void np_latency_resolve(np_latency *out, const char *top, const np_latency_sources *src, unsigned fallback_cycles,
                        const char *fallback_kind, const char *fallback_source);

/* A codec side (codec.h): its RTL top, falling back to np_codec_fallback_cycles (the published
 * row, or the codec's own figure). */
struct np_codec;
void np_latency_resolve_codec(np_latency *out, const struct np_codec *c, bool decompressor,
                              const np_latency_sources *src);
/* A unit that is not a codec side (dsm_approx, mcast_rc): its published row's figure last. */
void np_latency_resolve_top(np_latency *out, const char *top, const np_latency_sources *src);

/* A report the user named must be usable: it opens, parses as JSON (nothing after it) and has a
 * "units" array. False with "synth_report = PATH: why". */
bool np_latency_report_check(const char *path, char *err, size_t err_len);

#ifdef __cplusplus
}
#endif
#endif
