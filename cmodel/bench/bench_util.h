/* What the C model benchmarks share (dsm_bench.c, dpc_bench.c): the clock and the listing of
 * a data directory. */
#ifndef NP_BENCH_UTIL_H
#define NP_BENCH_UTIL_H

#include <stddef.h>

/* This thread's CPU time in seconds: the machine may be shared, so wall time would lie. */
double bench_cpu_seconds(void);

/* Names (malloc'd) of the regular, non-hidden files of dir, sorted; at most max. Returns the
 * count; 0 after "<prog>: cannot open directory ..." when dir cannot be read. */
size_t bench_list_dir(const char *prog, const char *dir, char *names[], size_t max);

#endif
