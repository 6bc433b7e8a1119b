/* Run reports; every number printed comes from the run's counters. */
#include "exp/report.h"

#include <cJSON.h>
#include <string.h>

#include "gpu/energy.h"

static double ratio(double a, double b) { return b > 0 ? a / b : 0; }

void report_figures(const gpu_stats *st, gpu_figures *f) {
    f->l1_hit_rate = ratio((double)st->l1_hits, (double)st->reads);
    f->l1_miss_rate = ratio((double)st->l1_misses, (double)st->reads);
    f->l2_hit_rate = ratio((double)st->l2_hits, (double)(st->l2_hits + st->l2_misses));
    f->avg_request_latency = ratio((double)st->req_lat_sum, (double)st->replies);
    f->avg_memory_latency = ratio((double)st->mem_lat_sum, (double)st->replies);
    f->avg_reply_latency = ratio((double)st->rep_lat_sum, (double)st->replies);
    f->amat = st->amat;
    f->mc_stall_fraction = ratio((double)st->mc_stall_cycles, (double)st->mcs * (double)st->completion_cycles);
    f->compression_ratio = ratio((double)st->reply_payload_raw_bits, (double)st->reply_payload_sent_bits);
    /* read replies' flits over what they would take uncompressed (write acks are 1 flit either way) */
    uint64_t acks = st->writes;
    f->reply_flit_ratio = ratio((double)(st->reply_flits - acks), (double)st->reply_flits_raw);
    f->pcu_locality_ratio = ratio((double)st->pcu_coalesced_reads, (double)(st->pcu_read_replies + st->pcu_joined));
}

void report_core_figures(const gpu_stats *st, core_figures *f) {
    double cycles = (double)st->completion_cycles;
    f->ipc = ratio((double)st->instructions, cycles);
    f->ipc_sm_min = f->ipc_sm_max = f->ipc_sm_mean = 0;
    unsigned n = 0;
    for (unsigned i = 0; i < st->sms && i < 256; i++) {
        if (!st->sm_instructions[i]) continue;
        double x = ratio((double)st->sm_instructions[i], (double)st->sm_cycles[i]);
        if (!n || x < f->ipc_sm_min) f->ipc_sm_min = x;
        if (!n || x > f->ipc_sm_max) f->ipc_sm_max = x;
        f->ipc_sm_mean += x;
        n++;
    }
    f->ipc_sm_mean = ratio(f->ipc_sm_mean, n);
    double sc = (double)st->sched_cycles;
    uint64_t stalled = 0;
    for (unsigned c = 0; c < STALL_CAUSES; c++) {
        f->stall_fraction[c] = ratio((double)st->stall[c], sc);
        stalled += st->stall[c];
    }
    f->issue_fraction = ratio(sc - (double)stalled, sc);
    f->ready_per_scheduler = ratio((double)st->ready_sum, sc);
    f->cycles_per_schedule = ratio((double)st->sched_run_cycles, (double)st->sched_runs);
    f->latency_tolerance = f->ready_per_scheduler * f->cycles_per_schedule;
}

void *report_core_json(const gpu_stats *st) {
    core_figures f;
    report_core_figures(st, &f);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "scheduler", config_scheduler_name((unsigned)st->scheduler));
    cJSON_AddNumberToObject(o, "schedulers_per_sm", (double)st->schedulers_per_sm);
    cJSON_AddNumberToObject(o, "instructions", (double)st->instructions);
    cJSON *cls = cJSON_AddObjectToObject(o, "instructions_by_class");
    for (unsigned c = 0; c < OP_CLASSES; c++) cJSON_AddNumberToObject(cls, trace_op_name(c), (double)st->inst_class[c]);
    cJSON_AddNumberToObject(o, "ipc", f.ipc);
    cJSON *per = cJSON_AddArrayToObject(o, "ipc_per_sm");
    for (unsigned i = 0; i < st->sms && i < 256; i++)
        cJSON_AddItemToArray(per, cJSON_CreateNumber(ratio((double)st->sm_instructions[i], (double)st->sm_cycles[i])));
    cJSON_AddNumberToObject(o, "scheduler_cycles", (double)st->sched_cycles);
    cJSON_AddNumberToObject(o, "issue_fraction", f.issue_fraction);
    cJSON *stall = cJSON_AddObjectToObject(o, "stall_cycles");
    for (unsigned c = 0; c < STALL_CAUSES; c++) cJSON_AddNumberToObject(stall, core_stall_name(c), (double)st->stall[c]);
    cJSON_AddNumberToObject(o, "ready_warps_per_scheduler", f.ready_per_scheduler);
    cJSON_AddNumberToObject(o, "schedules", (double)st->sched_runs);
    cJSON_AddNumberToObject(o, "execution_cycles_per_schedule", f.cycles_per_schedule);
    cJSON_AddNumberToObject(o, "latency_tolerance", f.latency_tolerance);
    cJSON_AddNumberToObject(o, "lsu_line_requests", (double)st->lsu_requests);
    cJSON_AddNumberToObject(o, "lsu_mshr_retries", (double)st->lsu_mshr_retries);
    cJSON_AddNumberToObject(o, "wide_register_waits", (double)st->wide_waits);
    cJSON_AddNumberToObject(o, "wide_register_wait_cycles", (double)st->wide_wait_cycles);
    cJSON_AddNumberToObject(o, "barrier_releases", (double)st->barriers);
    if (st->launches > 1) {                             /* kernel launches (docs/sim.md "Kernel launches") */
        cJSON_AddNumberToObject(o, "kernel_launches", (double)st->launches);
        cJSON *end = cJSON_AddArrayToObject(o, "launch_end_cycles");
        for (unsigned k = 0; k < st->launches && k < GPU_LAUNCHES_REPORTED; k++)
            cJSON_AddItemToArray(end, cJSON_CreateNumber((double)st->launch_end[k]));
    }
    if (st->stores_followed) {                           /* a followed SIMT trace (docs/kernels.md) */
        cJSON *mo = cJSON_AddObjectToObject(o, "memory_order");
        cJSON_AddNumberToObject(mo, "store_line_requests", (double)st->stores_followed);
        cJSON_AddNumberToObject(mo, "atomic_line_requests", (double)st->atomics);
        cJSON_AddNumberToObject(mo, "ordered_early", (double)st->follow_early);
        cJSON_AddNumberToObject(mo, "replies_kept", (double)st->follow_snapshots);
    }
    if (st->wp_entries) {                                /* Warppool (docs/sim.md "Warppool") */
        cJSON *wp = cJSON_AddObjectToObject(o, "warppool");
        cJSON_AddNumberToObject(wp, "entries", (double)st->wp_entries);
        cJSON_AddNumberToObject(wp, "l1_accesses", (double)st->wp_accesses);
        cJSON_AddNumberToObject(wp, "merged_requests", (double)st->wp_merged);
        cJSON_AddNumberToObject(wp, "merged_fraction", ratio((double)st->wp_merged, (double)(st->wp_merged + st->wp_accesses)));
        cJSON_AddNumberToObject(wp, "full_cycles", (double)st->wp_full);
    }
    return o;
}

void report_core_table_header(FILE *f) {
    fprintf(f, "%-14s %-9s %9s %8s %6s %6s %6s %6s %6s %6s %6s %7s %7s %7s %8s\n", "workload", "scheduler",
            "insts", "cycles", "ipc", "issue", "idle", "bar", "sb", "mem", "struct", "ready", "cyc/sch", "lat_tol",
            "amat");
}

void report_core_table_row(FILE *f, const char *workload, const gpu_stats *st) {
    core_figures c;
    report_core_figures(st, &c);
    fprintf(f, "%-14s %-9s %9llu %8llu %6.3f %5.1f%% %5.1f%% %5.1f%% %5.1f%% %5.1f%% %5.1f%% %7.2f %7.2f %7.2f %8.1f\n",
            workload, config_scheduler_name((unsigned)st->scheduler), (unsigned long long)st->instructions,
            (unsigned long long)st->completion_cycles, c.ipc, 100 * c.issue_fraction,
            100 * c.stall_fraction[STALL_IDLE], 100 * c.stall_fraction[STALL_BARRIER],
            100 * c.stall_fraction[STALL_SCOREBOARD], 100 * c.stall_fraction[STALL_MEMORY],
            100 * c.stall_fraction[STALL_STRUCTURAL], c.ready_per_scheduler, c.cycles_per_schedule,
            c.latency_tolerance, st->amat);
}

static void add_latency(cJSON *obj, const char *key, const codec_latency *l) {
    cJSON *o = cJSON_AddObjectToObject(obj, key);
    cJSON_AddNumberToObject(o, "cycles", l->cycles);
    cJSON_AddNumberToObject(o, "ii", l->ii);
    cJSON_AddStringToObject(o, "source", l->source);
}

/* The L1 policy and, for the tag-unit policies, its outcome counts (docs/sim.md "L1 policies"). */
static void add_l1_policy(cJSON *o, const gpu_stats *st) {
    cJSON_AddStringToObject(o, "l1_policy", config_l1_policy_name((unsigned)st->l1_policy));
    cJSON_AddNumberToObject(o, "l1_bypasses", (double)st->l1_outcome[BA_BYPASS]);
    cJSON_AddNumberToObject(o, "l1_pseudo_hits", (double)st->l1_outcome[BA_PSEUDO_HIT]);
    cJSON_AddNumberToObject(o, "l1_fills_dropped", (double)st->l1_fills_dropped);
    if (!config_l1_tag_unit((unsigned)st->l1_policy)) return;
    cJSON *out = cJSON_AddObjectToObject(o, "l1_outcomes");
    for (unsigned i = 0; i < BA_OUTCOMES; i++)
        cJSON_AddNumberToObject(out, ba_outcome_name((ba_outcome)i), (double)st->l1_outcome[i]);
}

/* The compressed L1's figures (docs/sim.md "Compressed L1 (LATTE-CC)"). */
/* LATTE-CC's time scale (docs/latte.md 4.1: an EP is 256 L1 accesses, a period 10 EPs): EPs and
 * periods the run completed per SM, over the SM with fewest and the mean over SMs (docs/paper.md
 * "Run lengths": a run with fewer than 10 periods on some SM is short for LATTE-CC). */
static void add_run_length_eps(cJSON *o, const l1c_stats *l) {
    double mean = l->sms ? (double)l->eps / l->sms : 0, period = l->period_eps ? l->period_eps : 1;
    cJSON *e = cJSON_AddObjectToObject(o, "eps_per_sm");
    cJSON_AddNumberToObject(e, "min", (double)l->sm_eps_min);
    cJSON_AddNumberToObject(e, "mean", mean);
    cJSON_AddNumberToObject(e, "max", (double)l->sm_eps_max);
    cJSON_AddNumberToObject(e, "sms", (double)l->sms);
    /* the SMs with at least one L1 access: a grid of fewer blocks than SMs leaves the others idle */
    double active_mean = l->sms_accessed ? (double)l->eps / l->sms_accessed : 0;
    cJSON_AddNumberToObject(e, "sms_with_accesses", (double)l->sms_accessed);
    cJSON_AddNumberToObject(e, "min_with_accesses", (double)l->accessed_eps_min);
    cJSON_AddNumberToObject(e, "mean_with_accesses", active_mean);
    cJSON *p = cJSON_AddObjectToObject(o, "periods_per_sm");
    cJSON_AddNumberToObject(p, "eps_per_period", (double)l->period_eps);
    cJSON_AddNumberToObject(p, "min", (double)l->sm_eps_min / period);
    cJSON_AddNumberToObject(p, "mean", mean / period);
    cJSON_AddNumberToObject(p, "min_with_accesses", (double)l->accessed_eps_min / period);
    cJSON_AddNumberToObject(p, "mean_with_accesses", active_mean / period);
}

/* The run's length in each mechanism's own units: simulated cycles, kernel launches and warp
 * instructions (core model), and for a compressed L1 the EPs and periods per SM. Every run starts
 * with empty caches at cycle 0 and measures from there (no warm-up); the caches stay warm from one
 * kernel launch to the next (docs/sim.md "Kernel launches"). */
static cJSON *run_length_json(const gpu_stats *st) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "cycles", (double)st->completion_cycles);
    cJSON_AddNumberToObject(o, "kernel_launches", (double)(st->launches ? st->launches : 1));
    if (st->core == CORE_SM) cJSON_AddNumberToObject(o, "warp_instructions", (double)st->instructions);
    cJSON_AddNumberToObject(o, "warm_up_cycles", 0);
    if (st->l1c.scheme != L1C_NONE) add_run_length_eps(o, &st->l1c);
    return o;
}

static cJSON *l1c_json(const gpu_stats *st) {
    const l1c_stats *l = &st->l1c;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "scheme", config_l1_compression_name((unsigned)l->scheme));
    if (l->scheme == L1C_KERNEL_OPT)
        cJSON_AddStringToObject(o, "kernel_opt_mode", latte_mode_name((latte_mode)l->kernel_opt_mode));
    cJSON *codecs = cJSON_AddObjectToObject(o, "modes");
    for (unsigned m = 1; m < LATTE_MODES; m++) {
        if (!l->codec_name[m][0]) continue;
        cJSON *c = cJSON_AddObjectToObject(codecs, latte_mode_name((latte_mode)m));
        cJSON_AddStringToObject(c, "codec", l->codec_name[m]);
        add_latency(c, "compressor", &l->timing[m].comp);
        add_latency(c, "decompressor", &l->timing[m].decomp);
        cJSON_AddNumberToObject(c, "compressions", (double)l->compressions[m]);
        cJSON_AddNumberToObject(c, "decompressions", (double)l->decompressions[m]);
    }
    cJSON_AddBoolToObject(o, "decompressor_latency_clamped_to_63", l->dlat_clamped != 0);
    cJSON *hits = cJSON_AddObjectToObject(o, "hits_by_policy"), *stored = cJSON_AddObjectToObject(o, "fills_by_policy");
    cJSON *eps = cJSON_AddObjectToObject(o, "eps_by_mode");
    for (unsigned m = 0; m < LATTE_MODES; m++) {
        cJSON_AddNumberToObject(hits, latte_mode_name((latte_mode)m), (double)l->hits[m]);
        cJSON_AddNumberToObject(stored, latte_mode_name((latte_mode)m), (double)l->stored[m]);
        cJSON_AddNumberToObject(eps, latte_mode_name((latte_mode)m), (double)l->eps ? (double)l->ep_mode[m] : 0);
    }
    cJSON_AddNumberToObject(o, "eps", (double)l->eps);
    cJSON_AddNumberToObject(o, "mode_changes", (double)l->mode_changes);
    add_run_length_eps(o, l);
    cJSON_AddNumberToObject(o, "effective_capacity", ratio(l->capacity_sum, (double)l->eps));
    cJSON_AddNumberToObject(o, "queue_wait_cycles", (double)l->queue_wait_cycles);
    cJSON_AddNumberToObject(o, "queue_full_retries", (double)l->queue_full);
    cJSON_AddNumberToObject(o, "vft_rebuilds", (double)l->rebuilds);
    cJSON_AddNumberToObject(o, "lines_invalidated", (double)l->invalidated);
    cJSON_AddNumberToObject(o, "checked_hits", (double)l->checked);
    cJSON *tl = cJSON_AddObjectToObject(o, "timeline_sm0");
    cJSON_AddNumberToObject(tl, "every_nth_ep", l->timeline_stride ? l->timeline_stride : 1);
    cJSON *cyc = cJSON_AddArrayToObject(tl, "cycle"), *mode = cJSON_AddArrayToObject(tl, "mode"),
          *cap = cJSON_AddArrayToObject(tl, "effective_capacity");
    for (uint32_t i = 0; i < l->timeline_n; i++) {
        cJSON_AddItemToArray(cyc, cJSON_CreateNumber((double)l->timeline[i].cycle));
        cJSON_AddItemToArray(mode, cJSON_CreateNumber(l->timeline[i].mode));
        cJSON_AddItemToArray(cap, cJSON_CreateNumber(l->timeline[i].capacity));
    }
    return o;
}

void report_memory_figures(const gpu_stats *st, mem_figures *m) {
    memset(m, 0, sizeof *m);
    const dram_stats *d = &st->dram_st;
    double cycles = (double)st->completion_cycles, per_core = st->dram_per_core, served = (double)(d->reads + d->writes);
    m->dram_bytes_per_cycle = ratio(served * DRAM_LINE_BYTES, cycles);
    m->dram_peak_bytes_per_cycle = st->dram_peak_bytes * per_core;
    m->dram_utilisation = ratio(m->dram_bytes_per_cycle, m->dram_peak_bytes_per_cycle);
    m->row_hit_rate = ratio((double)d->row_hits, served);
    m->dram_queue_latency = per_core > 0 ? ratio((double)d->queue_lat_sum, served) / per_core : 0;
    m->dram_service_latency = per_core > 0 ? ratio((double)d->service_lat_sum, served) / per_core : 0;
    m->dram_queue_occupancy = ratio((double)d->occupancy_sum, (double)st->dram_cycles * (st->channels ? st->channels : 1));
    m->l2_mshr_occupancy = ratio((double)st->l2s.mshr_occupancy_sum, (double)st->l2s.ticks);
    m->l2_reservation_fails = st->l2s.reservation_fails;
    for (unsigned k = 0; k < 3; k++) m->l1_reservation_fails += st->l1_resfail[k];
    m->mc_stall_cycles = st->mc_stall_cycles;
    m->mc_stall_fraction = ratio((double)st->mc_stall_cycles, (double)st->mcs * cycles);
}

void *report_memory_json(const gpu_stats *st) {
    mem_figures m;
    report_memory_figures(st, &m);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "dram", config_dram_name((unsigned)st->dram));
    cJSON_AddStringToObject(o, "l1_alloc", config_l1_alloc_name((unsigned)st->l1_alloc));
    cJSON_AddNumberToObject(o, "dram_bytes_per_cycle", m.dram_bytes_per_cycle);
    cJSON_AddNumberToObject(o, "dram_peak_bytes_per_cycle", m.dram_peak_bytes_per_cycle);
    cJSON_AddNumberToObject(o, "dram_utilisation", m.dram_utilisation);
    cJSON_AddNumberToObject(o, "row_hit_rate", m.row_hit_rate);
    cJSON_AddNumberToObject(o, "dram_queue_latency", m.dram_queue_latency);
    cJSON_AddNumberToObject(o, "dram_service_latency", m.dram_service_latency);
    cJSON_AddNumberToObject(o, "dram_queue_occupancy", m.dram_queue_occupancy);
    cJSON_AddNumberToObject(o, "dram_reads", (double)st->dram_st.reads);
    cJSON_AddNumberToObject(o, "dram_writes", (double)st->dram_st.writes);
    cJSON_AddNumberToObject(o, "dram_activates", (double)st->dram_st.acts);
    cJSON_AddNumberToObject(o, "l2_mshr_occupancy", m.l2_mshr_occupancy);
    cJSON_AddNumberToObject(o, "l2_mshr_merges", (double)st->l2s.merges);
    cJSON_AddNumberToObject(o, "l2_writebacks", (double)st->l2s.writebacks);
    cJSON_AddNumberToObject(o, "l2_reservation_fails", (double)m.l2_reservation_fails);
    cJSON_AddNumberToObject(o, "l2_wait_cycles", (double)st->l2_wait_cycles);
    cJSON_AddNumberToObject(o, "l1_reservation_fails", (double)m.l1_reservation_fails);
    cJSON_AddNumberToObject(o, "l1_resfail_no_way", (double)st->l1_resfail[L1_RESFAIL_WAY]);
    cJSON_AddNumberToObject(o, "l1_resfail_mshr", (double)st->l1_resfail[L1_RESFAIL_MSHR]);
    cJSON_AddNumberToObject(o, "l1_resfail_miss_queue", (double)st->l1_resfail[L1_RESFAIL_MISSQ]);
    cJSON_AddNumberToObject(o, "mc_stall_cycles", (double)m.mc_stall_cycles);
    cJSON_AddNumberToObject(o, "mc_stall_fraction", m.mc_stall_fraction);
    return o;
}

void *report_gpu_json(const char *name, const gpu_stats *st, const codec_timing *t) {
    gpu_figures f;
    report_figures(st, &f);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "compressor", name);
    cJSON_AddNumberToObject(o, "completion_cycles", (double)st->completion_cycles);
    cJSON_AddNumberToObject(o, "reads", (double)st->reads);
    cJSON_AddNumberToObject(o, "writes", (double)st->writes);
    cJSON_AddNumberToObject(o, "l1_hit_rate", f.l1_hit_rate);
    cJSON_AddNumberToObject(o, "l1_miss_rate", f.l1_miss_rate);
    cJSON_AddNumberToObject(o, "mshr_merges", (double)st->mshr_merges);
    cJSON_AddNumberToObject(o, "l2_hit_rate", f.l2_hit_rate);
    cJSON_AddNumberToObject(o, "avg_request_latency", f.avg_request_latency);
    cJSON_AddNumberToObject(o, "avg_memory_latency", f.avg_memory_latency);
    cJSON_AddNumberToObject(o, "avg_reply_latency", f.avg_reply_latency);
    cJSON_AddNumberToObject(o, "amat", f.amat);
    cJSON_AddNumberToObject(o, "mc_stall_fraction", f.mc_stall_fraction);
    cJSON_AddItemToObject(o, "memory", report_memory_json(st));
    cJSON_AddNumberToObject(o, "request_packets", (double)st->request_packets);
    cJSON_AddNumberToObject(o, "request_flits", (double)st->request_flits);
    cJSON_AddNumberToObject(o, "reply_packets", (double)st->reply_packets);
    cJSON_AddNumberToObject(o, "reply_flits", (double)st->reply_flits);
    cJSON_AddNumberToObject(o, "compressed_replies", (double)st->compressed_replies);
    cJSON_AddNumberToObject(o, "approximated_replies", (double)st->approximated_replies);
    cJSON_AddNumberToObject(o, "compression_ratio", f.compression_ratio);
    /* seed 000 Fig. 5.4: 1 - sent / raw bits of the read replies (filtering included) */
    cJSON_AddNumberToObject(o, "space_savings", st->reply_payload_raw_bits
                                                    ? 1.0 - (double)st->reply_payload_sent_bits / (double)st->reply_payload_raw_bits
                                                    : 0.0);
    cJSON_AddNumberToObject(o, "sector_misses", (double)st->sector_misses);
    cJSON_AddNumberToObject(o, "extra_requests", (double)st->extra_requests);
    cJSON_AddNumberToObject(o, "dft_merged", (double)st->dft_merged);
    cJSON_AddNumberToObject(o, "partial_fills", (double)st->partial_fills);
    cJSON_AddNumberToObject(o, "df_late_replies", (double)st->df_late_replies);
    cdt_json(&st->cdt, o);
    cJSON_AddNumberToObject(o, "link_utilisation", st->link_utilisation);
    cJSON_AddNumberToObject(o, "link_flits", (double)st->link_flits);   /* bandwidth used: router-to-router flit traversals */
    /* seed 003 Fig. 1a / Fig. 7: the L1 miss penalty is request + memory + reply latency */
    cJSON_AddNumberToObject(o, "miss_penalty", f.avg_request_latency + f.avg_memory_latency + f.avg_reply_latency);
    add_l1_policy(o, st);
    if (st->pcu_rgrs) cJSON_AddItemToObject(o, "pcu", report_pcu_json(st, NULL));
    cJSON_AddItemToObject(o, "locality_potential", loc_json(&st->potential));   /* seed 003 sec. 2.2 */
    cJSON_AddStringToObject(o, "core_model", config_core_name((unsigned)st->core));
    if (st->core == CORE_SM) cJSON_AddItemToObject(o, "core", report_core_json(st));
    if (st->l1c.scheme != L1C_NONE) cJSON_AddItemToObject(o, "l1_compression", l1c_json(st));
    cJSON_AddItemToObject(o, "run_length", run_length_json(st));
    energy_report e;
    energy_of(st, &e);
    cJSON_AddItemToObject(o, "energy", energy_json(&e));
    if (t) {
        cJSON *lat = cJSON_AddObjectToObject(o, "latencies");
        add_latency(lat, "compressor", &t->comp);
        add_latency(lat, "decompressor", &t->decomp);
        add_latency(lat, "approximation", &t->approx);
    }
    return o;
}

void report_gpu_table_header(FILE *f) {
    fprintf(f, "%-12s %11s %12s %10s %10s %12s %8s %7s %7s\n", "compressor", "reply_flits", "reply_pkts",
            "reply_lat", "mc_stall", "completion", "amat", "l1_hit", "ratio");
}

void report_gpu_table_row(FILE *f, const char *name, const gpu_stats *st) {
    gpu_figures g;
    report_figures(st, &g);
    fprintf(f, "%-12s %11llu %12llu %10.1f %9.1f%% %12llu %8.1f %6.1f%% %7.2f\n", name,
            (unsigned long long)st->reply_flits, (unsigned long long)st->reply_packets, g.avg_reply_latency,
            100.0 * g.mc_stall_fraction, (unsigned long long)st->completion_cycles, g.amat, 100.0 * g.l1_hit_rate,
            g.compression_ratio);
}

void report_gpu_detail(FILE *f, const char *name, const gpu_stats *st, const codec_timing *t) {
    gpu_figures g;
    report_figures(st, &g);
    fprintf(f, "run %s: %llu reads (L1 hit %.1f%%, %llu MSHR merges), %llu writes, L2 hit %.1f%%\n", name,
            (unsigned long long)st->reads, 100 * g.l1_hit_rate, (unsigned long long)st->mshr_merges,
            (unsigned long long)st->writes, 100 * g.l2_hit_rate);
    fprintf(f, "  latency: request %.1f + memory %.1f + reply %.1f cycles; AMAT %.1f; link utilisation %.3f\n",
            g.avg_request_latency, g.avg_memory_latency, g.avg_reply_latency, g.amat, st->link_utilisation);
    mem_figures mf;
    report_memory_figures(st, &mf);
    fprintf(f, "  MC stall %llu MC-cycles (%.1f%% of %u %s x %llu cycles)", (unsigned long long)mf.mc_stall_cycles,
            100 * mf.mc_stall_fraction, (unsigned)st->mcs, st->channels && st->channels != st->mcs ? "MC sub-partitions" : "MCs",
            (unsigned long long)st->completion_cycles);
    if (st->l1_alloc == L1_ALLOC_MISS)
        fprintf(f, "; L1 reservation failures %llu (no way %llu, MSHR %llu, miss queue %llu)",
                (unsigned long long)mf.l1_reservation_fails, (unsigned long long)st->l1_resfail[L1_RESFAIL_WAY],
                (unsigned long long)st->l1_resfail[L1_RESFAIL_MSHR], (unsigned long long)st->l1_resfail[L1_RESFAIL_MISSQ]);
    fprintf(f, "\n");
    if (st->dram == DRAM_GDDR5)
        fprintf(f, "  memory (dram = gddr5): DRAM %.2f of %.2f bytes/cycle peak (%.1f%%), row-buffer hits %.1f%%, DRAM "
                   "queueing %.1f + service %.1f cycles; L2 MSHRs in use %.2f of %llu, %llu merges, %llu reservation "
                   "failures, %llu write-backs\n",
                mf.dram_bytes_per_cycle, mf.dram_peak_bytes_per_cycle, 100 * mf.dram_utilisation, 100 * mf.row_hit_rate,
                mf.dram_queue_latency, mf.dram_service_latency, mf.l2_mshr_occupancy, (unsigned long long)st->l2_mshrs,
                (unsigned long long)st->l2s.merges, (unsigned long long)mf.l2_reservation_fails,
                (unsigned long long)st->l2s.writebacks);
    if (st->core == CORE_SM) {
        core_figures c;
        report_core_figures(st, &c);
        fprintf(f, "  core (%s, %llu schedulers/SM): %llu warp instructions, IPC %.3f (per SM min %.3f mean %.3f max "
                   "%.3f); scheduler-cycles: issue %.1f%%, stalls idle %.1f%% barrier %.1f%% scoreboard %.1f%% memory "
                   "%.1f%% structural %.1f%%; ready warps/scheduler %.2f; execution cycles/schedule %.2f; latency "
                   "tolerance %.2f (seed 004 eq. 4); wide-register waits %llu (+%llu cycles vs Accel-Sim MAX_DST 1)\n",
                config_scheduler_name((unsigned)st->scheduler), (unsigned long long)st->schedulers_per_sm,
                (unsigned long long)st->instructions, c.ipc, c.ipc_sm_min, c.ipc_sm_mean, c.ipc_sm_max,
                100 * c.issue_fraction, 100 * c.stall_fraction[STALL_IDLE], 100 * c.stall_fraction[STALL_BARRIER],
                100 * c.stall_fraction[STALL_SCOREBOARD], 100 * c.stall_fraction[STALL_MEMORY],
                100 * c.stall_fraction[STALL_STRUCTURAL], c.ready_per_scheduler, c.cycles_per_schedule,
                c.latency_tolerance, (unsigned long long)st->wide_waits, (unsigned long long)st->wide_wait_cycles);
        if (st->launches > 1) {
            fprintf(f, "  kernel launches: %llu, one after another; the last block of each retired at cycle",
                    (unsigned long long)st->launches);
            for (unsigned k = 0; k < st->launches && k < GPU_LAUNCHES_REPORTED; k++)
                fprintf(f, "%s%llu", k ? ", " : " ", (unsigned long long)st->launch_end[k]);
            fprintf(f, "%s\n", st->launches > GPU_LAUNCHES_REPORTED ? ", ..." : "");
        }
    }
    if (st->stores_followed)                                /* a followed SIMT trace (docs/kernels.md) */
        fprintf(f, "  memory order: %llu store and atomic line requests entered the image where the memory ordered "
                   "them (%llu atomic ones), %llu requests ordered when a later one of their SM and line overtook them, "
                   "%llu replies kept their line from a store ordered after them\n",
                (unsigned long long)st->stores_followed, (unsigned long long)st->atomics,
                (unsigned long long)st->follow_early, (unsigned long long)st->follow_snapshots);
    if (st->follow_checked)
        fprintf(f, "  follow_check: the image equalled the runtime's memory (CRC-32) at all %llu launch starts\n",
                (unsigned long long)st->follow_checked);
    if (config_l1_tag_unit((unsigned)st->l1_policy)) {
        const uint64_t *n = st->l1_outcome;
        fprintf(f, "  L1 %s (tag unit): hit %llu, miss_fill %llu, miss_evict %llu, bypass %llu, pseudo_hit %llu, "
                   "write_evict %llu, write_around %llu; %llu replies not filled\n",
                config_l1_policy_name((unsigned)st->l1_policy), (unsigned long long)n[BA_HIT],
                (unsigned long long)n[BA_MISS_FILL], (unsigned long long)n[BA_MISS_EVICT],
                (unsigned long long)n[BA_BYPASS], (unsigned long long)n[BA_PSEUDO_HIT],
                (unsigned long long)n[BA_WRITE_EVICT], (unsigned long long)n[BA_WRITE_AROUND],
                (unsigned long long)st->l1_fills_dropped);
    }
    fprintf(f, "  potential inter-core locality (seed 003 sec. 2.2; %llu reads at the MCs): window 120 / 240 / 480 / "
               "960 / 1920 cycles: %.1f / %.1f / %.1f / %.1f / %.1f%%; at 960 read-only / read-write data %.1f / %.1f%% "
               "of it (Fig. 2b)\n", (unsigned long long)st->potential.reads,
            100 * loc_ratio(&st->potential, 0), 100 * loc_ratio(&st->potential, 1), 100 * loc_ratio(&st->potential, 2),
            100 * loc_ratio(&st->potential, 3), 100 * loc_ratio(&st->potential, 4),
            st->potential.local[3] ? 100 * (1 - loc_rw_share(&st->potential, 3)) : 0.0,
            100 * loc_rw_share(&st->potential, 3));
    if (st->pcu_rgrs)
        fprintf(f, "  PCU (%llu RGRs per MC): inter-core locality ratio %.1f%% (%llu of %llu reads answered by %llu "
                   "multicast replies); saved %llu L2 requests, %llu reply packets, %llu reply flits; stage-1 waits: "
                   "RGRs full %llu, write buffered %llu, read unissued %llu, write buffer full %llu cycles\n",
                (unsigned long long)st->pcu_rgrs, 100.0 * g.pcu_locality_ratio,
                (unsigned long long)st->pcu_coalesced_reads,
                (unsigned long long)(st->pcu_read_replies + st->pcu_joined), (unsigned long long)st->pcu_mcast_replies,
                (unsigned long long)st->pcu_joined, (unsigned long long)st->pcu_joined,
                (unsigned long long)st->pcu_flits_saved, (unsigned long long)st->pcu_wait_full,
                (unsigned long long)st->pcu_wait_write, (unsigned long long)st->pcu_wait_unissued,
                (unsigned long long)st->pcu_wait_wb);
    if (t && codec_filters(t->def))
        fprintf(f, "  data filtering: %llu partial fills, %llu sector misses, %llu extra requests, %llu requests "
                   "merged by the MC tables\n", (unsigned long long)st->partial_fills,
                (unsigned long long)st->sector_misses, (unsigned long long)st->extra_requests,
                (unsigned long long)st->dft_merged);
    cdt_print(&st->cdt, f);
    if (st->l1c.scheme != L1C_NONE) {
        const l1c_stats *l = &st->l1c;
        fprintf(f, "  L1 compression %s", config_l1_compression_name((unsigned)l->scheme));
        if (l->scheme == L1C_KERNEL_OPT) fprintf(f, " (fastest static mode: %s)", latte_mode_name((latte_mode)l->kernel_opt_mode));
        fprintf(f, ": EPs %llu (none %.1f%%, ll %.1f%%, hc %.1f%%; %llu mode changes); effective capacity %.2fx at EP "
                   "ends; hits by policy none %llu ll %llu hc %llu; decompression queue wait %llu cycles, full %llu; %llu "
                   "VFT rebuilds invalidating %llu lines%s\n", (unsigned long long)l->eps,
                100 * ratio((double)l->ep_mode[0], (double)l->eps), 100 * ratio((double)l->ep_mode[1], (double)l->eps),
                100 * ratio((double)l->ep_mode[2], (double)l->eps), (unsigned long long)l->mode_changes,
                ratio(l->capacity_sum, (double)l->eps), (unsigned long long)l->hits[0], (unsigned long long)l->hits[1],
                (unsigned long long)l->hits[2], (unsigned long long)l->queue_wait_cycles, (unsigned long long)l->queue_full,
                (unsigned long long)l->rebuilds, (unsigned long long)l->invalidated,
                l->checked ? "; every compressed hit checked" : "");
        double period = l->period_eps ? l->period_eps : 1, mean = l->sms ? (double)l->eps / l->sms : 0;
        fprintf(f, "  L1 compression run length: EPs per SM min %llu / mean %.1f / max %llu; periods of %u EPs per SM min "
                   "%.1f / mean %.1f; on the %u SMs with L1 accesses min %.1f periods\n", (unsigned long long)l->sm_eps_min,
                mean, (unsigned long long)l->sm_eps_max, l->period_eps, (double)l->sm_eps_min / period, mean / period,
                l->sms_accessed, (double)l->accessed_eps_min / period);
        for (unsigned m = 1; m < LATTE_MODES; m++)
            fprintf(f, "  L1 %s mode: %s, compressor %u cycles (%s), decompressor %u cycles (%s)%s\n",
                    latte_mode_name((latte_mode)m), l->codec_name[m], l->timing[m].comp.cycles, l->timing[m].comp.source,
                    l->timing[m].decomp.cycles, l->timing[m].decomp.source,
                    l->timing[m].decomp.cycles > LATTE_DLAT_MAX ? " (the controller's estimate uses 63)" : "");
    }
    {
        energy_report e;
        energy_of(st, &e);
        fprintf(f, "  energy (memory hierarchy, dynamic; docs/sim.md \"Energy\"): %.1f uJ = L1 %.1f + L2 %.1f + DRAM %.1f + "
                   "network %.1f + compress %.2f + decompress %.2f uJ%s\n", e.total / 1000, e.l1 / 1000, e.l2 / 1000,
                e.dram / 1000, e.network / 1000, e.compress / 1000, e.decompress / 1000,
                e.codec_unpriced ? " (BPC: no published access energy, counted 0)" : "");
    }
    if (t && t->def->codec)
        fprintf(f, "  latencies: compressor %u (%s), decompressor %u (%s), approximation %u (%s)\n", t->comp.cycles,
                t->comp.source, t->decomp.cycles, t->decomp.source, t->approx.cycles, t->approx.source);
}

void report_traffic(FILE *f, const traffic_result *r) {
    fprintf(f, "offered %.3f accepted %.3f flits/node/cycle; latency avg %.2f (network %.2f, request %.2f, "
               "reply %.2f) max %llu cycles; %llu/%llu window deliveries%s\n",
            r->offered, r->accepted, r->avg_latency, r->avg_net_latency, r->request_latency, r->reply_latency,
            (unsigned long long)r->max_latency, (unsigned long long)r->measured, (unsigned long long)r->expected,
            r->drained ? "" : " (did not drain: saturated)");
}

/* ---- L1 policy comparison (npsim ba-compare) ------------------------------------------------- */

static double pct_change(double x, double base) { return base > 0 ? 100.0 * (x - base) / base : 0; }

void report_l1_table_header(FILE *f) {
    fprintf(f, "%-10s %-8s %7s %7s %7s %8s %7s %7s %11s %7s %10s %7s\n", "workload", "l1", "reads", "l1_hit",
            "miss", "d_miss", "bypass", "pseudo", "reply_flits", "d_flits", "completion", "d_cyc");
}

void report_l1_table_row(FILE *f, const char *workload, const gpu_stats *st, const gpu_stats *base) {
    gpu_figures g, b;
    report_figures(st, &g);
    report_figures(base, &b);
    fprintf(f, "%-10s %-8s %7llu %6.1f%% %6.1f%% %+7.1fpp %7llu %7llu %11llu %+6.1f%% %10llu %+6.1f%%\n", workload,
            config_l1_policy_name((unsigned)st->l1_policy), (unsigned long long)st->reads, 100.0 * g.l1_hit_rate,
            100.0 * g.l1_miss_rate, 100.0 * (g.l1_miss_rate - b.l1_miss_rate),
            (unsigned long long)st->l1_outcome[BA_BYPASS], (unsigned long long)st->l1_outcome[BA_PSEUDO_HIT],
            (unsigned long long)st->reply_flits, pct_change((double)st->reply_flits, (double)base->reply_flits),
            (unsigned long long)st->completion_cycles,
            pct_change((double)st->completion_cycles, (double)base->completion_cycles));
}

void report_reuse_table_header(FILE *f, unsigned sets, unsigned ways) {
    fprintf(f, "%-10s %7s %22s %22s %22s   %s\n", "workload", "reads", "rd0 (hit)", "rd1 (miss, reused)",
            "rd2 (streaming)", "fully assoc. rd0/rd1/rd2");
    fprintf(f, "%-10s %7s   (per set: %u sets x %u ways, each SM's L1 read stream)\n", "", "", sets, ways);
}

void report_reuse_table_row(FILE *f, const char *workload, const reuse_report *r) {
    double n = r->accesses ? (double)r->accesses : 1;
    fprintf(f, "%-10s %7llu %13llu (%5.1f%%) %13llu (%5.1f%%) %13llu (%5.1f%%)   %llu / %llu / %llu\n", workload,
            (unsigned long long)r->accesses, (unsigned long long)r->rd_set[0], 100.0 * (double)r->rd_set[0] / n,
            (unsigned long long)r->rd_set[1], 100.0 * (double)r->rd_set[1] / n, (unsigned long long)r->rd_set[2],
            100.0 * (double)r->rd_set[2] / n, (unsigned long long)r->rd_fa[0], (unsigned long long)r->rd_fa[1],
            (unsigned long long)r->rd_fa[2]);
}

void *report_reuse_json(const reuse_report *r) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "sets", r->sets);
    cJSON_AddNumberToObject(o, "ways", r->ways);
    cJSON_AddNumberToObject(o, "reads", (double)r->accesses);
    static const char *const names[3] = {"rd0", "rd1", "rd2"};
    cJSON *ps = cJSON_AddObjectToObject(o, "per_set"), *fa = cJSON_AddObjectToObject(o, "fully_associative");
    cJSON *psf = cJSON_AddObjectToObject(o, "per_set_fraction");   /* of the reads; 0 when there are none */
    for (unsigned i = 0; i < 3; i++) {
        cJSON_AddNumberToObject(ps, names[i], (double)r->rd_set[i]);
        cJSON_AddNumberToObject(fa, names[i], (double)r->rd_fa[i]);
        cJSON_AddNumberToObject(psf, names[i], r->accesses ? (double)r->rd_set[i] / (double)r->accesses : 0.0);
    }
    return o;
}

/* ---- packet coalescing (npsim pcu-sweep; docs/sim.md "Packet coalescing") ------------------- */

static long long diff(uint64_t a, uint64_t b) { return (long long)a - (long long)b; }

void *report_pcu_json(const gpu_stats *st, const gpu_stats *base) {
    gpu_figures g;
    report_figures(st, &g);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "rgrs", (double)st->pcu_rgrs);
    cJSON_AddNumberToObject(o, "locality_ratio", g.pcu_locality_ratio);
    /* seed 003 sec. 5.3: the actual ratio over the potential one of the 960-cycle window ("88.4%") */
    double potential = loc_ratio(&st->potential, 3);
    cJSON_AddNumberToObject(o, "captured_of_potential_960", potential > 0 ? g.pcu_locality_ratio / potential : 0.0);
    cJSON_AddNumberToObject(o, "read_replies", (double)st->pcu_read_replies);
    cJSON_AddNumberToObject(o, "multicast_replies", (double)st->pcu_mcast_replies);
    cJSON_AddNumberToObject(o, "coalesced_reads", (double)st->pcu_coalesced_reads);
    cJSON_AddNumberToObject(o, "l2_requests_saved", (double)st->pcu_joined);
    cJSON_AddNumberToObject(o, "reply_packets_saved", (double)st->pcu_joined);
    cJSON_AddNumberToObject(o, "reply_flits_saved", (double)st->pcu_flits_saved);
    cJSON_AddNumberToObject(o, "repeated_sm_reads", (double)st->pcu_repeat);
    cJSON *w = cJSON_AddObjectToObject(o, "stage1_wait_cycles");
    cJSON_AddNumberToObject(w, "rgrs_full", (double)st->pcu_wait_full);
    cJSON_AddNumberToObject(w, "write_buffered", (double)st->pcu_wait_write);
    cJSON_AddNumberToObject(w, "read_unissued", (double)st->pcu_wait_unissued);
    cJSON_AddNumberToObject(w, "write_buffer_full", (double)st->pcu_wait_wb);
    if (base) {
        gpu_figures b;
        report_figures(base, &b);
        cJSON *d = cJSON_AddObjectToObject(o, "change_vs_no_pcu");
        cJSON_AddNumberToObject(d, "request_packets", (double)diff(st->request_packets, base->request_packets));
        cJSON_AddNumberToObject(d, "l2_accesses", (double)diff(st->l2_hits + st->l2_misses, base->l2_hits + base->l2_misses));
        cJSON_AddNumberToObject(d, "reply_packets", (double)diff(st->reply_packets, base->reply_packets));
        cJSON_AddNumberToObject(d, "reply_flits", (double)diff(st->reply_flits, base->reply_flits));
        cJSON_AddNumberToObject(d, "link_flits", (double)diff(st->link_flits, base->link_flits));
        cJSON_AddNumberToObject(d, "amat", g.amat - b.amat);
        cJSON_AddNumberToObject(d, "amat_pct", pct_change(g.amat, b.amat));
        cJSON_AddNumberToObject(d, "completion_cycles", (double)diff(st->completion_cycles, base->completion_cycles));
        cJSON_AddNumberToObject(d, "completion_pct",
                                pct_change((double)st->completion_cycles, (double)base->completion_cycles));
    }
    return o;
}

void report_pcu_table_header(FILE *f) {
    fprintf(f, "%-10s %-6s %5s %7s %7s %8s %8s %10s %8s %10s %8s %8s %8s %8s %10s %7s\n", "workload", "route",
            "rgrs", "local", "mcast", "l2_reqs", "d_l2req", "reply_pkts", "d_pkts", "reply_flit", "d_flits", "d_link",
            "amat", "d_amat", "completion", "d_cyc");
}

void report_pcu_table_row(FILE *f, const char *workload, const char *routing, const gpu_stats *st,
                          const gpu_stats *base) {
    gpu_figures g, b;
    report_figures(st, &g);
    report_figures(base, &b);
    char rgrs[24];
    if (st->pcu_rgrs) snprintf(rgrs, sizeof rgrs, "%llu", (unsigned long long)st->pcu_rgrs);
    else snprintf(rgrs, sizeof rgrs, "off");
    uint64_t l2 = st->l2_hits + st->l2_misses, l2_base = base->l2_hits + base->l2_misses;
    fprintf(f, "%-10s %-6s %5s %6.1f%% %7llu %8llu %+7.1f%% %10llu %+7.1f%% %10llu %+7.1f%% %+7.1f%% %8.1f %+7.1f%% %10llu %+6.1f%%\n",
            workload, routing, rgrs, 100.0 * g.pcu_locality_ratio, (unsigned long long)st->pcu_mcast_replies,
            (unsigned long long)l2, pct_change((double)l2, (double)l2_base), (unsigned long long)st->reply_packets,
            pct_change((double)st->reply_packets, (double)base->reply_packets), (unsigned long long)st->reply_flits,
            pct_change((double)st->reply_flits, (double)base->reply_flits),
            pct_change((double)st->link_flits, (double)base->link_flits), g.amat, pct_change(g.amat, b.amat),
            (unsigned long long)st->completion_cycles,
            pct_change((double)st->completion_cycles, (double)base->completion_cycles));
}
