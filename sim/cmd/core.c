/* npsim core-compare / gpu-bench: the core model under each issue policy; GPU run speed. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <errno.h>

#include "cmd/npsim_cmd.h"

#include "exp/report.h"

/* npsim core-compare: the core model under each issue policy on one workload. */
int cmd_core_compare(options *o) {
    static const sim_scheduler policies[] = {SCHED_GTO, SCHED_LRR, SCHED_YOUNGEST};
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    o->cfg.core = CORE_SM;
    if (!load_workload(o, &img, &t, false, err)) return die(err);
    gpu_stats st[3];
    codec_timing tm[3];
    cJSON *root = cJSON_CreateObject();
    cJSON_AddItemToObject(root, "provenance", provenance_json(o, &img, false));
    cJSON *runs = cJSON_AddArrayToObject(root, "runs");
    /* a short row label: an Accel-Sim trace by its directory, another trace by its file name */
    char label[128];
    const char *name = o->pattern;
    if (o->cfg.workload[0]) name = o->cfg.workload;   /* kernel:NAME, not its temporary folder */
    else if (o->trace) {
        const char *base = strrchr(o->trace, '/');
        base = base ? base + 1 : o->trace;
        snprintf(label, sizeof label, "%s", base);
        if (!strcmp(base, "kernelslist.g") && base != o->trace) {
            int dirlen = (int)(base - 1 - o->trace);
            const char *d = o->trace + dirlen;
            while (d > o->trace && d[-1] != '/') d--;
            snprintf(label, sizeof label, "%.*s", (int)(o->trace + dirlen - d), d);
        }
        name = label;
    }
    for (unsigned i = 0; i < 3; i++) {
        sim_config cfg = o->cfg;
        cfg.scheduler = policies[i];
        double t0 = cpu_seconds();
        if (!gpu_run(&cfg, &img, &t, &st[i], &tm[i], err, ERR_LEN)) return die(err);
        fprintf(stderr, "npsim: core %s: %llu cycles in %.2f s\n", config_scheduler_name(cfg.scheduler),
                (unsigned long long)st[i].completion_cycles, cpu_seconds() - t0);
        cJSON *j = report_gpu_json(cfg.compressor, &st[i], &tm[i]);
        cJSON_AddStringToObject(j, "workload", name);
        cJSON_AddItemToArray(runs, j);
    }
    FILE *outs[2] = {stdout, NULL};
    np_outfile txt;
    char path[1024];
    if (o->out) {
        snprintf(path, sizeof path, "%s/core_compare.txt", o->out);
        if (!np_out_open(&txt, path, err, ERR_LEN)) return die(err);
        outs[1] = txt.f;
    }
    for (unsigned k = 0; k < 2; k++) {
        FILE *f = outs[k];
        if (!f) continue;
        fprintf(f, "npsim core-compare: issue policies of the core model\n");
        describe_machine(f, o, &img, &t);
        report_core_table_header(f);
        for (unsigned i = 0; i < 3; i++) report_core_table_row(f, name, &st[i]);
        fprintf(f, "(ipc: warp instructions per cycle, whole GPU; issue/idle/bar/sb/mem/struct: shares of scheduler-cycles "
                   "that issued / stalled by cause; ready: ready warps per scheduler per cycle; cyc/sch: execution "
                   "cycles per schedule; lat_tol = ready x cyc/sch, seed 004 eq. 4)\n");
        for (unsigned i = 0; i < 3; i++) report_gpu_detail(f, config_scheduler_name(policies[i]), &st[i], &tm[i]);
    }
    bool ok = true;
    if (outs[1]) {
        snprintf(path, sizeof path, "%s/core_compare.json", o->out);
        ok = np_out_commit(&txt, err, ERR_LEN) && write_json(root, path, err);
    }
    cJSON_Delete(root);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

/* Why the memory-only model cannot run the trace (gpu.c refuses it), or NULL: several kernel
 * launches, or more warps on an SM than its warps_per_sm slots (core = sm runs blocks in turn). */
static const char *memory_only_refuses(const trace_t *t, const sim_config *cfg) {
    for (size_t i = 0; i < t->nblk; i++)
        if (t->blk[i].launch) return "the trace has several kernel launches";
    for (size_t i = 0; i < t->nin; i++)
        if (t->in[i].warp >= cfg->warps_per_sm) return "the trace has more warps per SM than warps_per_sm";
    return NULL;
}

/* npsim gpu-bench: simulated cycles per CPU second of gpu_run on the workload, core = none and
 * core = sm, best of --repeat runs each (CPU time of the run alone: no loading, no generation);
 * before them the CPU time of making the workload: a kernel workload's tracing by the runtime,
 * and reading the trace records (and the memory log) in. */
int cmd_gpu_bench(options *o) {
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    sim_core core = o->cfg.core;
    o->cfg.core = CORE_SM;            /* read every warp the trace names (core = sm's limit) */
    double t0 = cpu_seconds();
    bool loaded = load_workload(o, &img, &t, false, err);
    double load = cpu_seconds() - t0;
    o->cfg.core = core;
    if (!loaded) return die(err);
    unsigned repeat = o->cycles ? (unsigned)o->cycles : 3;
    double rate[2] = {0, 0};
    printf("gpu-bench: %s, %zu accesses, %zu warp instructions, %u SMs, compressor %s; best of %u runs each, one core\n",
           workload_label(o), t.count, t.nin, o->cfg.sms, o->cfg.compressor, repeat);
    if (o->cfg.workload[0])
        printf("  runtime: %llu warp instructions of %llu launches run and traced in %.3f s CPU = %.0f trace records/s "
               "written\n", (unsigned long long)o->kernel_warp_insts, (unsigned long long)o->kernel_launches,
               o->kernel_trace_cpu, o->kernel_trace_cpu > 0 ? (double)o->kernel_warp_insts / o->kernel_trace_cpu : 0.0);
    if (o->trace)
        printf("  import: %zu trace records (instruction lines) read in %.3f s CPU = %.0f records/s (with the memory "
               "image%s)\n", t.nin, load, load > 0 ? (double)t.nin / load : 0.0, img.log ? " and its log, replayed and "
               "checked" : "");
    for (unsigned m = 0; m < 2; m++) {
        sim_config cfg = o->cfg;
        cfg.core = m ? CORE_SM : CORE_NONE;
        const char *why = m ? NULL : memory_only_refuses(&t, &cfg);
        if (why) {
            printf("  core = none skipped: %s (core = sm runs it)\n", why);
            continue;
        }
        double best = 0;
        gpu_stats st;
        for (unsigned r = 0; r < repeat; r++) {
            double r0 = cpu_seconds();
            if (!gpu_run(&cfg, &img, &t, &st, NULL, err, ERR_LEN)) return die(err);
            double secs = cpu_seconds() - r0;
            if (r == 0 || secs < best) best = secs;
        }
        rate[m] = (double)st.completion_cycles / best;
        printf("  core = %-4s %9llu cycles in %.3f s CPU = %9.0f simulated cycles/s", config_core_name(cfg.core),
               (unsigned long long)st.completion_cycles, best, rate[m]);
        if (m) printf(" (%llu warp instructions, %.0f trace records per s)", (unsigned long long)st.instructions,
                      (double)st.instructions / best);
        printf("\n");
    }
    if (rate[0] > 0)
        printf("  core model cost: %.2fx the memory-only model's time per simulated cycle\n", rate[0] / rate[1]);
    trace_free(&t);
    memimg_free(&img);
    return 0;
}

