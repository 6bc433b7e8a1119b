/* Memory-system microbenchmarks (npsim mem-micro, make sim-micro; docs/sim.md "Microbenchmarks of
 * the memory system"): generated workloads whose figure has a closed form on the configured
 * machine (dram = gddr5), each measured by a gpu_run and compared with its derived limit:
 *   chase-l2     one warp, dependent reads of L2-resident lines: the L2-hit latency sum
 *   chase-dram   one warp, dependent reads, each a DRAM row conflict: + dram_latency + row miss
 *   stream       every warp reads a large array in order: DRAM bandwidth = peak x row efficiency
 *   random-rows  every warp reads random lines: DRAM bandwidth limited by tRRD / tFAW / tRC
 *   random-faw   the same with tFAW set (t_faw = 40)
 *   l2-resident  SM p reads (bypassing the L1) and writes lines slice p holds: L2 accesses per slice
 *                per cycle, min(one lookup, what the slice's network port carries)
 *   l2-sideband  the same with packet_head = sideband (1-flit packets): one lookup per slice per cycle
 * and the loaded-latency curve (read latency against delivered bandwidth as warps are added). */
#ifndef SIM_MEMMICRO_H
#define SIM_MEMMICRO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "util/config.h"
#include "mem/memimg.h"

typedef struct {
    char name[24];
    double measured, limit;
    double tolerance;            /* |measured - limit| allowed (in the unit) */
    bool upper_bound;            /* the limit is a bound: measured may not exceed it by more than 0.5% */
    char unit[24];
    char derivation[200];
    bool pass;
} micro_result;

#define MICRO_MAX 8
#define MICRO_CURVE_MAX 16

typedef struct {
    unsigned points;
    unsigned warps[MICRO_CURVE_MAX];
    double bytes_per_cycle[MICRO_CURVE_MAX];     /* DRAM bandwidth delivered, whole GPU, per simulator cycle */
    double latency[MICRO_CURVE_MAX];             /* mean L1 read-miss latency, issue -> fill */
    double peak_bytes_per_cycle;                 /* the DRAM's peak, per simulator cycle */
} micro_curve;

/* Run every microbenchmark on `base` (its machine; dram must be gddr5). small: the sizes of make
 * test (seconds), else the full ones. False with err on a run error. */
bool memmicro_run(const sim_config *base, const mem_image *img, bool small, micro_result *res, unsigned *n,
                  micro_curve *curve, char *err, size_t err_len);
void memmicro_print(FILE *f, const micro_result *res, unsigned n, const micro_curve *curve);
/* The curve as gnuplot data (dat) and the script drawing it into np_out_1 (np_run_gnuplot names
 * the PNG; qdat is dat_path quoted for gnuplot). False when the data file cannot be written. */
bool memmicro_curve_files(const micro_curve *curve, const char *dat_path, const char *qdat, char *script,
                          size_t script_len, char *err, size_t err_len);

#endif
