/* Reporting: per-run JSON (cJSON) and the fixed-width tables npsim prints. */
#ifndef SIM_REPORT_H
#define SIM_REPORT_H

#include <stdio.h>
#include "mem/reply_codec.h"
#include "gpu/gpu.h"
#include "reuse.h"
#include "net/traffic.h"

/* Derived per-run figures (averages, ratios) from the raw counters. */
typedef struct {
    double l1_hit_rate, l1_miss_rate, l2_hit_rate;
    double avg_request_latency, avg_memory_latency, avg_reply_latency, amat;
    double mc_stall_fraction;            /* stall cycles / (mcs * completion cycles) */
    double compression_ratio;            /* raw reply payload bits / sent payload bits */
    double reply_flit_ratio;             /* reply flits / reply flits without compression */
    /* PCU: reads answered by a multi-destination reply / reads the MCs answered (docs/sim.md
     * "Packet coalescing", seed 003 sec. 5.3 "actual inter-core locality ratio") */
    double pcu_locality_ratio;
} gpu_figures;

void report_figures(const gpu_stats *st, gpu_figures *f);

/* The memory system's figures (docs/sim.md "Reported figures of the memory system"); the DRAM and
 * L2-slice ones are 0 with dram = fixed. Latencies and bandwidth per simulator cycle. */
typedef struct {
    double dram_bytes_per_cycle, dram_peak_bytes_per_cycle, dram_utilisation;   /* all MCs */
    double row_hit_rate;                  /* DRAM requests served without an activation of their own */
    double dram_queue_latency;            /* arrival in the DRAM queue -> first command, simulator cycles */
    double dram_service_latency;          /* first command -> last data beat, simulator cycles */
    double dram_queue_occupancy;          /* requests in a channel's queue, averaged over its busy cycles */
    double l2_mshr_occupancy;             /* MSHRs in use per slice, averaged over the cycles */
    uint64_t l2_reservation_fails, l1_reservation_fails;
    uint64_t mc_stall_cycles;             /* summed over the MCs */
    double mc_stall_fraction;             /* mc_stall_cycles / (mcs x completion cycles) */
} mem_figures;

void report_memory_figures(const gpu_stats *st, mem_figures *m);
/* JSON object of those figures (caller owns; cJSON *). */
void *report_memory_json(const gpu_stats *st);

/* Core model figures (core = sm; docs/sim.md "Core model: reported figures"). */
typedef struct {
    double ipc;                              /* warp instructions / completion cycles, whole GPU */
    double ipc_sm_min, ipc_sm_mean, ipc_sm_max;   /* per SM: its instructions / cycles to its last issue */
    double issue_fraction;                   /* scheduler-cycles that issued */
    double stall_fraction[STALL_CAUSES];     /* scheduler-cycles without issue, by cause */
    double ready_per_scheduler;              /* average ready warps per scheduler per cycle */
    double cycles_per_schedule;              /* average execution cycles per schedule (seed 004 eq. 4) */
    double latency_tolerance;                /* ready_per_scheduler x cycles_per_schedule (seed 004 eq. 4) */
} core_figures;

void report_core_figures(const gpu_stats *st, core_figures *f);
void *report_core_json(const gpu_stats *st);
/* npsim core-compare: one row per (workload, scheduler). */
void report_core_table_header(FILE *f);
void report_core_table_row(FILE *f, const char *workload, const gpu_stats *st);
/* JSON object for one run (caller owns; cJSON *). */
void *report_gpu_json(const char *name, const gpu_stats *st, const codec_timing *t);
void report_gpu_table_header(FILE *f);
void report_gpu_table_row(FILE *f, const char *name, const gpu_stats *st);
void report_gpu_detail(FILE *f, const char *name, const gpu_stats *st, const codec_timing *t);
void report_traffic(FILE *f, const traffic_result *r);

/* npsim pcu-sweep: one row per (workload, routing, RGR count); d_* are changes against `base`
 * (the same workload and routing without a PCU). */
void report_pcu_table_header(FILE *f);
void report_pcu_table_row(FILE *f, const char *workload, const char *routing, const gpu_stats *st,
                          const gpu_stats *base);
/* JSON of the PCU figures of a run and their changes against `base` (NULL: none). */
void *report_pcu_json(const gpu_stats *st, const gpu_stats *base);

/* npsim ba-compare: one row per (workload, L1 policy); d_* are changes against `base` (LRU). */
void report_l1_table_header(FILE *f);
void report_l1_table_row(FILE *f, const char *workload, const gpu_stats *st, const gpu_stats *base);
/* The rd0/rd1/rd2 breakdown (cmodel reuse.c) of a workload's per-SM L1 read streams, summed. */
void report_reuse_table_header(FILE *f, unsigned sets, unsigned ways);
void report_reuse_table_row(FILE *f, const char *workload, const reuse_report *r);
void *report_reuse_json(const reuse_report *r);

#endif
