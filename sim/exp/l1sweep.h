/* Per-SM L1 read streams and their reuse distances, and the L1 capacity / associativity sweep of
 * seed 002 (sec. 4.3-4.4, Table 2, Figs 7-11; docs/sim.md "L1 capacity and associativity sweep").
 * No plotting here: npsim's main.c runs gnuplot on the script this module writes (the gnuplot
 * runner lives with the command-line tools). */
#ifndef SIM_L1SWEEP_H
#define SIM_L1SWEEP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "gpu/gpu.h"
#include "reuse.h"

/* Each SM's L1 read stream in issue order (gpu_run_observed with l1_streams_record). */
typedef struct {
    reuse_trace *sm;
    unsigned nsm;
    bool out_of_memory;
} l1_streams;

bool l1_streams_init(l1_streams *s, unsigned sms);
void l1_streams_free(l1_streams *s);
/* gpu_l1_observer: appends every read (writes are not part of the read stream). */
void l1_streams_record(void *ctx, unsigned sm, uint64_t line, bool write, const ba_result *r);
/* rd0/rd1/rd2 (cmodel reuse.c) of every SM's stream for a sets x ways L1, summed over the SMs. */
bool l1_streams_reuse(const l1_streams *s, unsigned sets, unsigned ways, reuse_report *sum, char *err, size_t err_len);

/* One run of cfg with every SM's L1 read stream recorded, and the streams' rd0/rd1/rd2 at cfg's own
 * L1 (l1_kb / 128-byte lines / l1_assoc sets x l1_assoc ways): npsim run with l1_reuse = 1. Not with
 * l1_compression = kernel-opt (three runs would share one recording). */
bool l1_reuse_run(const sim_config *cfg, const mem_image *img, const trace_t *t, gpu_stats *st, codec_timing *tm,
                  reuse_report *reuse, char *err, size_t err_len);

/* Seed 002 Table 2's L1 options: capacity 16 .. 256 KB at 8 ways (Figs 7-8), and 16 KB at 8, 16,
 * 32, 64 ways (Figs 9-11); the 16 KB 8-way point belongs to both series. */
#define L1SWEEP_POINTS 8
typedef struct {
    unsigned kb, ways;
    bool capacity_series, assoc_series;
} l1sweep_point;
extern const l1sweep_point l1sweep_points[L1SWEEP_POINTS];

typedef struct {
    gpu_stats st;
    reuse_report reuse;
} l1sweep_result;

/* Runs the trace once per point (cfg with l1_kb / l1_assoc of the point, l1_policy lru). */
bool l1sweep_run(const sim_config *cfg, const mem_image *img, const trace_t *t, l1sweep_result res[L1SWEEP_POINTS],
                 char *err, size_t err_len);
void l1sweep_print(FILE *f, const char *workload, const l1sweep_result res[L1SWEEP_POINTS]);
void *l1sweep_json(const char *workload, const l1sweep_result res[L1SWEEP_POINTS]);   /* cJSON object */
/* The data file (two gnuplot indices: capacity series, associativity series). */
bool l1sweep_write_dat(const char *path, const l1sweep_result res[L1SWEEP_POINTS], char *err, size_t err_len);
/* The gnuplot script for the data file (already gnuplot-quoted) into buf; it draws into np_out_1
 * (np_run_gnuplot names the PNG). */
void l1sweep_script(char *buf, size_t cap, const char *qdat, const char *qtitle);

#endif
