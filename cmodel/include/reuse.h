/* Reuse-distance analysis of an address trace (docs/ba.md section 6; seed 002 chapter 3).
 *
 * The reuse distance of an access is the number of distinct lines referenced since the
 * previous access to the same line (seed 002 sec. 3.1), infinite for a first access. It is
 * computed two ways: per set (only accesses mapping to the same set of a given geometry count)
 * and fully associative (every access counts). Table 1 classifies with n = ways (per set) or
 * n = sets * ways (fully associative): rd0 d < n, rd1 n <= d < inf, rd2 d = inf. The interval
 * histogram bins the fully associative distance as the seed's Figure 6: [0,8), [8,16), ...,
 * doubling up to the line count L, then [L, inf) and inf.
 *
 * Cost: O(N log N) time and O(N) memory for N accesses (one Fenwick tree over the access
 * positions marks the latest access of every line; a hash table maps a line to its latest
 * position), for both kinds at once.
 *
 * Traces: the caller fills a reuse_trace access by access (reuse_trace_push); the project's tools
 * read trace files with their one parser (sim/trace/trace.c: every format npsim takes). */
#ifndef REUSE_H
#define REUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define REUSE_INF UINT64_MAX          /* distance of a first access */
#define REUSE_MAX_BINS 40u

/* A parsed trace: one line address (byte address >> 7) and a write flag per access. */
typedef struct {
    uint64_t *line;
    uint8_t *write;
    size_t count, cap;
} reuse_trace;

void reuse_trace_init(reuse_trace *t);
void reuse_trace_free(reuse_trace *t);
/* Appends one access; false when out of memory. */
bool reuse_trace_push(reuse_trace *t, uint64_t line_addr, bool write);
/* (The library's own v1 trace parser was removed in 3.0.0: traces are read
 * by the tools' one parser, sim/trace/trace.c, which npsim and `nocpress reuse` share; a program
 * embedding the analyzer fills a reuse_trace with reuse_trace_push. docs/embedding.md.) */

typedef struct {
    unsigned sets, ways;             /* the geometry classified against */
    uint64_t accesses;               /* accesses analysed */
    uint64_t distinct;               /* distinct lines */
    uint64_t rd_set[3];              /* rd0, rd1, rd2 of the per-set distance, n = ways */
    uint64_t rd_fa[3];               /* rd0, rd1, rd2 of the fully associative one, n = lines */
    unsigned bins;                   /* interval histogram of the fully associative distance */
    uint64_t bin_lo[REUSE_MAX_BINS]; /* lower bound of bin i; REUSE_INF for the last (inf) */
    uint64_t hist[REUSE_MAX_BINS];
} reuse_report;

/* The interval bins for a cache of `lines` lines (see above); returns the bin count. */
unsigned reuse_bins(uint64_t lines, uint64_t bin_lo[REUSE_MAX_BINS]);
/* Bin index of a distance. */
unsigned reuse_bin_of(const reuse_report *r, uint64_t d);

/* Analyses n line addresses for `sets` (a power of two, the set is line & (sets - 1)) and
 * `ways`. dist_set / dist_fa, when not NULL, receive every access's distances (REUSE_INF for a
 * first access). NP_BAD_PARAM for sets not a power of two, ways 0, or sets * ways above 2^32;
 * NP_NO_SPACE when memory runs out. */
np_result reuse_analyze(const uint64_t *line, size_t n, unsigned sets, unsigned ways,
                        reuse_report *r, uint64_t *dist_set, uint64_t *dist_fa);

/* Called with the accesses analysed so far and n, every REUSE_PROGRESS_EVERY accesses: tens of
 * millions of accesses take seconds, and a tool shows where it is (since 3.1.0). */
#define REUSE_PROGRESS_EVERY 65536u
typedef void (*reuse_progress_fn)(void *ctx, uint64_t done, uint64_t total);

/* reuse_analyze with a progress callback (NULL: none). */
np_result reuse_analyze_progress(const uint64_t *line, size_t n, unsigned sets, unsigned ways,
                                 reuse_report *r, uint64_t *dist_set, uint64_t *dist_fa,
                                 reuse_progress_fn progress, void *ctx);

#ifdef __cplusplus
}
#endif
#endif
