/* npsim: the nocpress system simulator. `npsim help` lists the commands; docs/sim.md has the
 * model, the formats and the outputs. */
#define _POSIX_C_SOURCE 200809L
#include <cJSON.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "reply_codec.h"
#include "config.h"
#include "gpu.h"
#include "memimg.h"
#include "perfcount.h"
#include "report.h"
#include "reuse.h"
#include "trace.h"
#include "tracegen.h"
#include "traffic.h"

#define ERR_LEN 1024

typedef struct {              /* options common to every command */
    sim_config cfg;
    const char *positional[4];
    unsigned npositional;
    const char *out;          /* --out */
    const char *trace;        /* --trace */
    const char *pattern;      /* --pattern */
    bool pattern_given;       /* --pattern was on the command line */
    unsigned per_warp;        /* --per-warp */
    uint64_t cycles;          /* --cycles */
} options;

static int die(const char *msg) {
    fprintf(stderr, "npsim: %s\n", msg);
    return 1;
}

static bool parse_count(const char *s, uint64_t *v) {
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (*s == '-' || end == s || *end || errno) return false;
    *v = x;
    return true;
}

/* -c FILE, --out X, --trace T, --pattern P, --per-warp N, --cycles N, key=value, positionals. */
static bool parse_options(int argc, char **argv, options *o, char *err) {
    memset(o, 0, sizeof *o);
    config_default(&o->cfg);
    o->pattern = "mix";
    o->per_warp = 48;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        uint64_t n;
        if (!strcmp(a, "-c") && has_value) {
            if (!config_load_file(&o->cfg, argv[++i], err, ERR_LEN)) return false;
        } else if (!strcmp(a, "--out") && has_value) o->out = argv[++i];
        else if (!strcmp(a, "--trace") && has_value) o->trace = argv[++i];
        else if (!strcmp(a, "--pattern") && has_value) {
            o->pattern = argv[++i];
            o->pattern_given = true;
        }
        else if (!strcmp(a, "--per-warp") && has_value) {
            if (!parse_count(argv[++i], &n) || n == 0 || n > 1000000) {
                snprintf(err, ERR_LEN, "--per-warp: expected 1..1000000");
                return false;
            }
            o->per_warp = (unsigned)n;
        } else if (!strcmp(a, "--cycles") && has_value) {
            if (!parse_count(argv[++i], &o->cycles) || o->cycles == 0) {
                snprintf(err, ERR_LEN, "--cycles: expected a positive integer");
                return false;
            }
        } else if (a[0] != '-' && strchr(a, '=')) {
            char where[64];
            snprintf(where, sizeof where, "argument %d", i + 1);
            if (!config_set(&o->cfg, where, a, err, ERR_LEN)) return false;
        } else if (a[0] != '-' && o->npositional < 4) o->positional[o->npositional++] = a;
        else {
            snprintf(err, ERR_LEN, "unknown option '%s' (npsim help)", a);
            return false;
        }
    }
    return config_validate(&o->cfg, err, ERR_LEN);
}

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- GPU runs ------------------------------------------------------------------------------ */

/* Warp ids a trace may name: warps_per_sm for the memory-only model; the core model runs thread
 * blocks in warps_per_sm slots as they free up, so any id. */
static unsigned trace_warp_limit(const sim_config *cfg) {
    return cfg->core == CORE_SM ? CORE_MAX_WARPS : cfg->warps_per_sm;
}

static bool load_workload(options *o, mem_image *img, trace_t *t, char *err) {
    if (!memimg_load(img, o->cfg.data_dir, err, ERR_LEN)) return false;
    trace_init(t);
    if (o->trace) return trace_load(t, o->trace, o->cfg.sms, trace_warp_limit(&o->cfg), err, ERR_LEN);
    return tracegen(o->pattern, &o->cfg, img, o->per_warp, t, err, ERR_LEN);
}

static bool write_json(cJSON *root, const char *path, char *err) {
    char *text = cJSON_Print(root);
    FILE *f = fopen(path, "w");
    bool ok = f && text && fputs(text, f) >= 0;
    if (f && fclose(f)) ok = false;
    free(text);
    if (!ok) snprintf(err, ERR_LEN, "%s: cannot write", path);
    return ok;
}

static void describe_machine(FILE *f, const options *o, const mem_image *img, const trace_t *t) {
    const sim_config *c = &o->cfg;
    static const char *place[] = {"bottom", "top-bottom", "edge", "diamond", "list"};
    if (c->topology == TOPO_MESH)
        fprintf(f, "machine: %ux%u mesh, %u SMs + %u MCs (%s), %u-bit channels, %u VCs x %u flits, routing %s-%s\n",
                c->mesh_k, c->mesh_k, c->sms, c->mcs, place[c->mc_placement], config_channel_bits(c), c->vcs,
                c->vc_depth, c->routing[0] == ROUTE_XY ? "XY" : "YX", c->routing[1] == ROUTE_XY ? "XY" : "YX");
    else
        fprintf(f, "machine: request and reply crossbars, %u SMs + %u MCs, %u-bit channels, %u VCs x %u flits\n",
                c->sms, c->mcs, config_channel_bits(c), c->vcs, c->vc_depth);
    fprintf(f, "workload: %s, %zu accesses, %zu warp instructions; memory image %u regions from %s (%.1f MiB)\n",
            o->trace ? o->trace : o->pattern, t->count, t->nin, img->nregions, c->data_dir, (double)img->size / 1048576.0);
    fprintf(f, "SM model: core = %s", config_core_name(c->core));
    if (c->core == CORE_SM)
        fprintf(f, ", %u warps/SM, %u schedulers/SM, %s; latency,interval alu %u,%u sfu %u,%u other %u,%u; smem %u; "
                   "%s gen_alu %u, gen_dep %u", c->warps_per_sm, c->schedulers_per_sm,
                config_scheduler_name(c->scheduler), c->class_latency[LAT_ALU], c->class_interval[LAT_ALU],
                c->class_latency[LAT_SFU], c->class_interval[LAT_SFU], c->class_latency[LAT_OTHER],
                c->class_interval[LAT_OTHER], c->smem_latency,
                o->trace ? "(generators' keys, unused with --trace)" : "generators:", c->gen_alu, c->gen_dep);
    else fprintf(f, " (memory-only: each warp issues its accesses, at most %u misses in flight)", c->warp_max_outstanding);
    fputc('\n', f);
}

/* npsim compare: baseline and every compressor on one workload -> table (+ summary files). */
static int cmd_compare(options *o) {
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    if (!load_workload(o, &img, &t, err)) return die(err);
    FILE *summary = NULL;
    char path[1024];
    if (o->out) {
        snprintf(path, sizeof path, "%s/summary.txt", o->out);
        summary = fopen(path, "w");
        if (!summary) return die("cannot write summary.txt in --out directory");
    }
    cJSON *root = cJSON_CreateObject(), *runs = cJSON_AddArrayToObject(root, "runs");
    FILE *outs[2] = {stdout, summary};
    for (unsigned k = 0; k < 2; k++)
        if (outs[k]) {
            fprintf(outs[k], "npsim: system-level effect of reply compression\n");
            describe_machine(outs[k], o, &img, &t);
        }
    gpu_stats st[16];
    codec_timing tm[16];
    unsigned n = codec_count() < 16 ? codec_count() : 16;
    for (unsigned i = 0; i < n; i++) {
        sim_config cfg = o->cfg;
        snprintf(cfg.compressor, sizeof cfg.compressor, "%s", codec_at(i)->name);
        double t0 = cpu_seconds();
        if (!gpu_run(&cfg, &img, &t, &st[i], &tm[i], err, ERR_LEN)) return die(err);
        fprintf(stderr, "npsim: %s run: %llu cycles in %.2f s\n", cfg.compressor,
                (unsigned long long)st[i].completion_cycles, cpu_seconds() - t0);
        cJSON_AddItemToArray(runs, report_gpu_json(cfg.compressor, &st[i], &tm[i]));
    }
    for (unsigned k = 0; k < 2; k++) {
        if (!outs[k]) continue;
        report_gpu_table_header(outs[k]);
        for (unsigned i = 0; i < n; i++) report_gpu_table_row(outs[k], codec_at(i)->name, &st[i]);
        fprintf(outs[k], "(reply_lat: reply packet created at the MC NI -> tail accepted at the SM, cycles; mc_stall: "
                         "MC cycles with a reply waiting and the NI queue full; ratio: reply payload bits raw/sent)\n");
        for (unsigned i = 0; i < n; i++) report_gpu_detail(outs[k], codec_at(i)->name, &st[i], &tm[i]);
    }
    bool ok = true;
    if (summary) {
        fclose(summary);
        snprintf(path, sizeof path, "%s/summary.json", o->out);
        ok = write_json(root, path, err);
    }
    cJSON_Delete(root);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

/* npsim run: one compressor (config key `compressor`). */
static int cmd_run(options *o) {
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    if (!load_workload(o, &img, &t, err)) return die(err);
    gpu_stats st;
    codec_timing tm;
    if (!gpu_run(&o->cfg, &img, &t, &st, &tm, err, ERR_LEN)) return die(err);
    describe_machine(stdout, o, &img, &t);
    report_gpu_table_header(stdout);
    report_gpu_table_row(stdout, o->cfg.compressor, &st);
    report_gpu_detail(stdout, o->cfg.compressor, &st, &tm);
    cJSON *j = report_gpu_json(o->cfg.compressor, &st, &tm);
    bool ok = !o->out || write_json(j, o->out, err);
    cJSON_Delete(j);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

/* npsim core-compare: the core model under each issue policy on one workload. */
static int cmd_core_compare(options *o) {
    static const sim_scheduler policies[] = {SCHED_GTO, SCHED_LRR, SCHED_YOUNGEST};
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    o->cfg.core = CORE_SM;
    if (!load_workload(o, &img, &t, err)) return die(err);
    gpu_stats st[3];
    codec_timing tm[3];
    cJSON *root = cJSON_CreateObject(), *runs = cJSON_AddArrayToObject(root, "runs");
    /* a short row label: an Accel-Sim trace by its directory, another trace by its file name */
    char label[128];
    const char *name = o->pattern;
    if (o->trace) {
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
    char path[1024];
    if (o->out) {
        snprintf(path, sizeof path, "%s/core_compare.txt", o->out);
        if (!(outs[1] = fopen(path, "w"))) return die("core-compare: cannot write core_compare.txt in --out");
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
        fclose(outs[1]);
        snprintf(path, sizeof path, "%s/core_compare.json", o->out);
        ok = write_json(root, path, err);
    }
    cJSON_Delete(root);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

/* npsim gpu-bench: simulated cycles per CPU second of gpu_run on the workload, core = none and
 * core = sm, best of --repeat runs each (CPU time of the run alone: no loading, no generation). */
static int cmd_gpu_bench(options *o) {
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    if (!load_workload(o, &img, &t, err)) return die(err);
    unsigned repeat = o->cycles ? (unsigned)o->cycles : 3;
    double rate[2] = {0, 0};
    printf("gpu-bench: %s, %zu accesses, %zu warp instructions, %u SMs, compressor %s; best of %u runs each, one core\n",
           o->trace ? o->trace : o->pattern, t.count, t.nin, o->cfg.sms, o->cfg.compressor, repeat);
    for (unsigned m = 0; m < 2; m++) {
        sim_config cfg = o->cfg;
        cfg.core = m ? CORE_SM : CORE_NONE;
        double best = 0;
        gpu_stats st;
        for (unsigned r = 0; r < repeat; r++) {
            double t0 = cpu_seconds();
            if (!gpu_run(&cfg, &img, &t, &st, NULL, err, ERR_LEN)) return die(err);
            double secs = cpu_seconds() - t0;
            if (r == 0 || secs < best) best = secs;
        }
        rate[m] = (double)st.completion_cycles / best;
        printf("  core = %-4s %9llu cycles in %.3f s CPU = %9.0f simulated cycles/s", config_core_name(cfg.core),
               (unsigned long long)st.completion_cycles, best, rate[m]);
        if (m) printf(" (%llu warp instructions, %.0f per s)", (unsigned long long)st.instructions,
                      (double)st.instructions / best);
        printf("\n");
    }
    printf("  core model cost: %.2fx the memory-only model's time per simulated cycle\n", rate[0] / rate[1]);
    trace_free(&t);
    memimg_free(&img);
    return 0;
}

static int cmd_gen_trace(options *o) {
    char err[ERR_LEN];
    if (!o->out) return die("gen-trace: --out FILE required (.bin = binary, else text)");
    mem_image img;
    trace_t t;
    if (!load_workload(o, &img, &t, err)) return die(err);
    size_t len = strlen(o->out);
    bool binary = len > 4 && !strcmp(o->out + len - 4, ".bin");
    bool ok = binary ? trace_save_binary(&t, o->out, err, ERR_LEN) : trace_save_text(&t, o->out, err, ERR_LEN);
    if (ok) printf("gen-trace: %s: %zu accesses, %zu instructions (%s, %u per warp)\n", o->out, t.count, t.nin,
                   o->pattern, o->per_warp);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

static int cmd_convert(options *o) {
    char err[ERR_LEN];
    if (o->npositional != 2) return die("convert: usage: npsim convert IN OUT (OUT ending .bin = binary, else text)");
    trace_t t;
    trace_init(&t);
    /* an Accel-Sim trace's blocks are placed on the configured SMs (key sms) with the core model's
     * warp ids; the project's formats keep whatever ids they hold */
    size_t in_len = strlen(o->positional[0]);
    bool accelsim = (in_len >= 7 && !strcmp(o->positional[0] + in_len - 7, ".traceg")) ||
                    (in_len >= 13 && !strcmp(o->positional[0] + in_len - 13, "kernelslist.g"));
    if (!trace_load(&t, o->positional[0], accelsim ? o->cfg.sms : 65536, accelsim ? CORE_MAX_WARPS : 65536, err,
                    ERR_LEN))
        return die(err);
    size_t len = strlen(o->positional[1]);
    bool binary = len > 4 && !strcmp(o->positional[1] + len - 4, ".bin");
    bool ok = binary ? trace_save_binary(&t, o->positional[1], err, ERR_LEN)
                     : trace_save_text(&t, o->positional[1], err, ERR_LEN);
    if (ok) printf("convert: %s -> %s: %zu accesses, %zu instructions\n", o->positional[0], o->positional[1], t.count,
                   t.nin);
    trace_free(&t);
    return ok ? 0 : die(err);
}

/* ---- L1 policies: LRU against the BA tag unit (npsim ba-compare; docs/sim.md "L1 policies") ---- */

typedef struct {                 /* each SM's L1 read stream in issue order (the tag unit's view) */
    reuse_trace *sm;
    unsigned nsm;
    bool out_of_memory;
} l1_streams;

static void record_l1_read(void *ctx, unsigned sm, uint64_t line, bool write, const ba_result *r) {
    (void)r;
    l1_streams *s = ctx;
    if (!write && !reuse_trace_push(&s->sm[sm], line, false)) s->out_of_memory = true;
}

/* rd0/rd1/rd2 (cmodel reuse.c) of every SM's stream for the L1 geometry, summed over the SMs. */
static bool reuse_of_streams(const l1_streams *s, unsigned sets, unsigned ways, reuse_report *sum, char *err) {
    memset(sum, 0, sizeof *sum);
    sum->sets = sets;
    sum->ways = ways;
    for (unsigned i = 0; i < s->nsm; i++) {
        reuse_report r;
        np_result res = reuse_analyze(s->sm[i].line, s->sm[i].count, sets, ways, &r, NULL, NULL);
        if (res != NP_OK) {
            snprintf(err, ERR_LEN, "reuse analysis of SM %u: %s", i, np_result_name(res));
            return false;
        }
        sum->accesses += r.accesses;
        sum->distinct += r.distinct;
        for (unsigned k = 0; k < 3; k++) {
            sum->rd_set[k] += r.rd_set[k];
            sum->rd_fa[k] += r.rd_fa[k];
        }
    }
    return true;
}

#define L1_POLICIES 3
static const sim_l1_policy l1_compared[L1_POLICIES] = {L1_LRU, L1_TAG_LRU, L1_BA};

typedef struct {
    const char *name;
    gpu_stats st[L1_POLICIES];
    reuse_report reuse;
} l1_workload;

/* One workload under every policy; the reuse breakdown comes from the `ba` run's L1 streams. */
static bool compare_l1_on(options *o, const mem_image *img, const trace_t *t, l1_workload *w, char *err) {
    l1_streams streams = {calloc(o->cfg.sms, sizeof(reuse_trace)), o->cfg.sms, false};
    if (!streams.sm) {
        snprintf(err, ERR_LEN, "out of memory (L1 streams)");
        return false;
    }
    bool ok = true;
    for (unsigned p = 0; ok && p < L1_POLICIES; p++) {
        sim_config cfg = o->cfg;
        cfg.l1_policy = l1_compared[p];
        if (cfg.l1_policy != L1_LRU) ok = config_l1_tags_fit(&cfg, err, ERR_LEN);
        double t0 = cpu_seconds();
        if (ok) ok = gpu_run_observed(&cfg, img, t, &w->st[p], NULL, cfg.l1_policy == L1_BA ? record_l1_read : NULL,
                                      &streams, err, ERR_LEN);
        if (ok) fprintf(stderr, "npsim: %s, l1 %s: %llu cycles in %.2f s\n", w->name,
                        config_l1_policy_name(cfg.l1_policy), (unsigned long long)w->st[p].completion_cycles,
                        cpu_seconds() - t0);
    }
    if (ok && streams.out_of_memory) {
        snprintf(err, ERR_LEN, "out of memory (L1 streams)");
        ok = false;
    }
    unsigned sets = o->cfg.l1_kb * 1024u / 128u / o->cfg.l1_assoc;
    if (ok) ok = reuse_of_streams(&streams, sets, o->cfg.l1_assoc, &w->reuse, err);
    for (unsigned i = 0; i < streams.nsm; i++) reuse_trace_free(&streams.sm[i]);
    free(streams.sm);
    return ok;
}

static void print_l1_compare(FILE *f, const options *o, const l1_workload *w, unsigned n) {
    fprintf(f, "npsim ba-compare: L1 lru (simulator) vs tag-lru and ba (C model tag unit, LRU and BA mode), "
               "one L1 per SM: %u KiB, %u-way, 128-byte lines, %u SMs, compressor %s, %u accesses per warp\n",
            o->cfg.l1_kb, o->cfg.l1_assoc, o->cfg.sms, o->cfg.compressor, o->per_warp);
    report_l1_table_header(f);
    for (unsigned i = 0; i < n; i++)
        for (unsigned p = 0; p < L1_POLICIES; p++) report_l1_table_row(f, w[i].name, &w[i].st[p], &w[i].st[0]);
    fprintf(f, "(l1_hit / miss: read hit / miss rate; d_*: change against lru (pp = percentage points); bypass, "
               "pseudo: tag-unit outcomes; a pseudo hit is a miss)\n");
    report_reuse_table_header(f, w[0].reuse.sets, w[0].reuse.ways);
    for (unsigned i = 0; i < n; i++) report_reuse_table_row(f, w[i].name, &w[i].reuse);
}

static cJSON *l1_compare_json(const l1_workload *w, unsigned n) {
    cJSON *root = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(root, "workloads");
    for (unsigned i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject(), *runs = cJSON_AddArrayToObject(o, "runs");
        cJSON_AddStringToObject(o, "workload", w[i].name);
        cJSON_AddItemToObject(o, "reuse", report_reuse_json(&w[i].reuse));
        for (unsigned p = 0; p < L1_POLICIES; p++) cJSON_AddItemToArray(runs, report_gpu_json("none", &w[i].st[p], NULL));
        cJSON_AddItemToArray(arr, o);
    }
    return root;
}

/* npsim ba-compare: every generated workload (or --pattern P, or --trace T) under each L1 policy. */
static int cmd_ba_compare(options *o) {
    static const char *const patterns[] = {"stream", "stencil", "mapreduce", "graph", "partial"};
    char err[ERR_LEN];
    mem_image img;
    if (!memimg_load(&img, o->cfg.data_dir, err, ERR_LEN)) return die(err);
    unsigned n = o->trace || o->pattern_given ? 1 : sizeof patterns / sizeof patterns[0];
    l1_workload w[sizeof patterns / sizeof patterns[0]];
    memset(w, 0, sizeof w);
    bool ok = true;
    for (unsigned i = 0; ok && i < n; i++) {
        trace_t t;
        trace_init(&t);
        w[i].name = o->trace ? o->trace : o->pattern_given ? o->pattern : patterns[i];
        if (o->trace) ok = trace_load(&t, o->trace, o->cfg.sms, trace_warp_limit(&o->cfg), err, ERR_LEN);
        else ok = tracegen(w[i].name, &o->cfg, &img, o->per_warp, &t, err, ERR_LEN);
        if (ok) ok = compare_l1_on(o, &img, &t, &w[i], err);
        trace_free(&t);
    }
    memimg_free(&img);
    if (!ok) return die(err);
    print_l1_compare(stdout, o, w, n);
    if (!o->out) return 0;
    char path[1024];
    snprintf(path, sizeof path, "%s/ba_compare.txt", o->out);
    FILE *f = fopen(path, "w");
    if (!f) return die("ba-compare: cannot write ba_compare.txt in the --out directory");
    print_l1_compare(f, o, w, n);
    fclose(f);
    snprintf(path, sizeof path, "%s/ba_compare.json", o->out);
    cJSON *root = l1_compare_json(w, n);
    ok = write_json(root, path, err);
    cJSON_Delete(root);
    return ok ? 0 : die(err);
}

/* ---- packet coalescing: RGR count and routing sweep (npsim pcu-sweep; docs/sim.md) ------------ */

#define PCU_SWEEP_RGRS 6
static const unsigned pcu_sweep_rgrs[PCU_SWEEP_RGRS] = {0, 64, 128, 256, 512, 1024};   /* 0: no PCU */
#define PCU_SWEEP_ROUTES 2
static const char *const pcu_route_names[PCU_SWEEP_ROUTES] = {"XY-XY", "XY-YX"};
static const sim_routing pcu_reply_routing[PCU_SWEEP_ROUTES] = {ROUTE_XY, ROUTE_YX};

typedef struct {              /* a generated workload with inter-core sharing */
    const char *name, *pattern;
    unsigned share;           /* gen_share */
} pcu_workload;

/* stencil with 1-line tiles (halo lines read by both neighbouring SMs in step), pair-wise
 * mapreduce, graph traversal over the real BFS graph. */
static const pcu_workload pcu_workloads[] = {
    {"stencil-t1", "stencil", 1},
    {"mapreduce", "mapreduce", 0},
    {"graph", "graph", 0},
};
#define PCU_WORKLOADS (sizeof pcu_workloads / sizeof pcu_workloads[0])

typedef struct {
    char name[64];
    gpu_stats st[PCU_SWEEP_ROUTES][PCU_SWEEP_RGRS];
} pcu_sweep_result;

static bool pcu_sweep_workload(const options *o, const mem_image *img, const trace_t *t, pcu_sweep_result *r,
                               char *err) {
    for (unsigned route = 0; route < PCU_SWEEP_ROUTES; route++)
        for (unsigned k = 0; k < PCU_SWEEP_RGRS; k++) {
            sim_config cfg = o->cfg;
            cfg.routing[CLASS_REQUEST] = ROUTE_XY;
            cfg.routing[CLASS_REPLY] = pcu_reply_routing[route];
            cfg.pcu_rgrs = pcu_sweep_rgrs[k];
            double t0 = cpu_seconds();
            if (!gpu_run(&cfg, img, t, &r->st[route][k], NULL, err, ERR_LEN)) return false;
            fprintf(stderr, "npsim: %s %s pcu_rgrs=%u: %llu cycles in %.2f s\n", r->name, pcu_route_names[route],
                    cfg.pcu_rgrs, (unsigned long long)r->st[route][k].completion_cycles, cpu_seconds() - t0);
        }
    return true;
}

static void print_pcu_sweep(FILE *f, const options *o, const pcu_sweep_result *r, unsigned n) {
    fprintf(f, "npsim pcu-sweep: packet coalescing units at the MCs (pcu_rgrs RGRs each; off = no PCU), "
               "%u SMs, %u MCs, compressor %s, %u accesses per warp\n", o->cfg.sms, o->cfg.mcs, o->cfg.compressor,
            o->per_warp);
    report_pcu_table_header(f);
    for (unsigned i = 0; i < n; i++)
        for (unsigned route = 0; route < PCU_SWEEP_ROUTES; route++)
            for (unsigned k = 0; k < PCU_SWEEP_RGRS; k++)
                report_pcu_table_row(f, r[i].name, pcu_route_names[route], &r[i].st[route][k], &r[i].st[route][0]);
    fprintf(f, "(local: inter-core locality ratio = reads answered by a multicast reply / reads the MCs answered; "
               "mcast: multicast reply packets; l2_reqs: L2 accesses; d_*: change against off, same workload and "
               "routing; d_link: router-to-router flit traversals)\n");
}

static cJSON *pcu_sweep_json(const pcu_sweep_result *r, unsigned n) {
    cJSON *root = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(root, "runs");
    for (unsigned i = 0; i < n; i++)
        for (unsigned route = 0; route < PCU_SWEEP_ROUTES; route++)
            for (unsigned k = 0; k < PCU_SWEEP_RGRS; k++) {
                const gpu_stats *st = &r[i].st[route][k];
                cJSON *o = report_gpu_json("none", st, NULL);
                cJSON_AddStringToObject(o, "workload", r[i].name);
                cJSON_AddStringToObject(o, "routing", pcu_route_names[route]);
                cJSON_AddNumberToObject(o, "pcu_rgrs", (double)st->pcu_rgrs);
                if (st->pcu_rgrs) {
                    cJSON_DeleteItemFromObject(o, "pcu");
                    cJSON_AddItemToObject(o, "pcu", report_pcu_json(st, &r[i].st[route][0]));
                }
                cJSON_AddItemToArray(arr, o);
            }
    return root;
}

/* Locality ratio and completion change against RGR count, one line per workload and routing. */
static bool plot_pcu_sweep(const char *dir, const pcu_sweep_result *r, unsigned n, char *err) {
    char dat[1024], png[1024], cmd[12288];
    snprintf(dat, sizeof dat, "%s/pcu_sweep.dat", dir);
    snprintf(png, sizeof png, "%s/pcu_sweep.png", dir);
    FILE *f = fopen(dat, "w");
    if (!f) {
        snprintf(err, ERR_LEN, "%.900s: cannot write", dat);
        return false;
    }
    for (unsigned i = 0; i < n; i++)
        for (unsigned route = 0; route < PCU_SWEEP_ROUTES; route++) {
            fprintf(f, "# %s %s\n# rgrs locality_pct completion_change_pct amat_change_pct\n", r[i].name,
                    pcu_route_names[route]);
            const gpu_stats *base = &r[i].st[route][0];
            for (unsigned k = 1; k < PCU_SWEEP_RGRS; k++) {
                const gpu_stats *st = &r[i].st[route][k];
                gpu_figures g, b;
                report_figures(st, &g);
                report_figures(base, &b);
                fprintf(f, "%u %.3f %.3f %.3f\n", pcu_sweep_rgrs[k], 100.0 * g.pcu_locality_ratio,
                        100.0 * ((double)st->completion_cycles - (double)base->completion_cycles) /
                            (double)base->completion_cycles,
                        b.amat > 0 ? 100.0 * (g.amat - b.amat) / b.amat : 0.0);
            }
            fprintf(f, "\n\n");
        }
    fclose(f);
    char plots[2][4096] = {"", ""};
    for (unsigned c = 0; c < 2; c++)
        for (unsigned i = 0, idx = 0; i < n; i++)
            for (unsigned route = 0; route < PCU_SWEEP_ROUTES; route++, idx++) {
                char one[1400];
                snprintf(one, sizeof one, "%s'%s' index %u using 1:%u with linespoints title '%s %s'", idx ? ", " : "",
                         dat, idx, c ? 3 : 2, r[i].name, pcu_route_names[route]);
                strncat(plots[c], one, sizeof plots[c] - strlen(plots[c]) - 1);
            }
    snprintf(cmd, sizeof cmd,
             "gnuplot -e \"set terminal pngcairo size 1000,420 noenhanced; set output '%s'; set multiplot layout 1,2 "
             "title 'packet coalescing: RGRs per MC'; set grid; set logscale x 2; set xlabel 'RGRs per MC'; "
             "set key outside bottom center horizontal; set ylabel 'inter-core locality ratio (%%)'; plot %s; "
             "set ylabel 'completion time change vs no PCU (%%)'; plot %s; unset multiplot\" 2>&1",
             png, plots[0], plots[1]);
    if (system(cmd) != 0) {
        snprintf(err, ERR_LEN, "pcu-sweep: gnuplot failed");
        return false;
    }
    printf("pcu-sweep: wrote %s and %s\n", dat, png);
    return true;
}

/* npsim pcu-sweep: the workloads with inter-core sharing (or --pattern P / --trace T) for XY-XY
 * and XY-YX routing and each RGR count. */
static int cmd_pcu_sweep(options *o) {
    char err[ERR_LEN];
    mem_image img;
    if (!memimg_load(&img, o->cfg.data_dir, err, ERR_LEN)) return die(err);
    unsigned n = o->trace || o->pattern_given ? 1 : (unsigned)PCU_WORKLOADS;
    pcu_sweep_result *r = calloc(n, sizeof *r);
    bool ok = r != NULL;
    if (!ok) snprintf(err, ERR_LEN, "out of memory");
    for (unsigned i = 0; ok && i < n; i++) {
        trace_t t;
        trace_init(&t);
        sim_config gen = o->cfg;
        if (o->trace) {
            snprintf(r[i].name, sizeof r[i].name, "%s", o->trace);
            ok = trace_load(&t, o->trace, o->cfg.sms, trace_warp_limit(&o->cfg), err, ERR_LEN);
        } else {
            const char *pattern = o->pattern_given ? o->pattern : pcu_workloads[i].pattern;
            if (!o->pattern_given) gen.gen_share = pcu_workloads[i].share;
            snprintf(r[i].name, sizeof r[i].name, "%s", o->pattern_given ? o->pattern : pcu_workloads[i].name);
            ok = tracegen(pattern, &gen, &img, o->per_warp, &t, err, ERR_LEN);
        }
        if (ok) ok = pcu_sweep_workload(o, &img, &t, &r[i], err);
        trace_free(&t);
    }
    memimg_free(&img);
    if (ok) print_pcu_sweep(stdout, o, r, n);
    if (ok && o->out) {
        char path[1024];
        snprintf(path, sizeof path, "%s/pcu_sweep.txt", o->out);
        FILE *f = fopen(path, "w");
        if (!f) {
            snprintf(err, ERR_LEN, "%.900s: cannot write", path);
            ok = false;
        } else {
            print_pcu_sweep(f, o, r, n);
            fclose(f);
            snprintf(path, sizeof path, "%s/pcu_sweep.json", o->out);
            cJSON *root = pcu_sweep_json(r, n);
            ok = write_json(root, path, err);
            cJSON_Delete(root);
        }
        if (ok) ok = plot_pcu_sweep(o->out, r, n, err);
    }
    free(r);
    return ok ? 0 : die(err);
}

/* ---- synthetic traffic --------------------------------------------------------------------- */

static int cmd_traffic(options *o) {
    char err[ERR_LEN];
    traffic_result r;
    if (!traffic_run(&o->cfg, false, &r, err, ERR_LEN)) return die(err);
    report_traffic(stdout, &r);
    return 0;
}

/* Zero-load latency of the formula in docs/sim.md averaged over the pattern's pairs. */
static double zero_load_uniform(const sim_config *c) {
    double sum = 0;
    unsigned k = c->mesh_k, n = k * k, pairs = 0;
    for (unsigned s = 0; s < n; s++)
        for (unsigned d = 0; d < n; d++) {
            if (s == d) continue;
            unsigned h = (s % k > d % k ? s % k - d % k : d % k - s % k) + (s / k > d / k ? s / k - d / k : d / k - s / k);
            sum += 4.0 * h + c->packet_flits + 4;
            pairs++;
        }
    return sum / pairs;
}

static int plot(const char *dat, const char *png, const char *title, double sat) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd,
             "gnuplot -e \"set terminal pngcairo size 900,420 noenhanced; set output '%s'; set multiplot layout 1,2 title '%s'; "
             "set grid; set xlabel 'offered load (flits/node/cycle)'; set ylabel 'average latency (cycles)'; "
             "set logscale y; plot '%s' using 1:3 with linespoints title 'latency'; unset logscale y; "
             "set ylabel 'accepted (flits/node/cycle)'; set arrow from %g, graph 0 to %g, graph 1 nohead dt 2; "
             "plot '%s' using 1:2 with linespoints title 'accepted', x with lines dt 3 title 'offered'; unset multiplot\" 2>&1",
             png, title, dat, sat, sat, dat);
    return system(cmd);
}

/* npsim sweep: latency and accepted throughput against offered load; finds saturation. */
static int cmd_sweep(options *o) {
    char err[ERR_LEN];
    sim_config c = o->cfg;
    double zl = c.topology == TOPO_MESH ? zero_load_uniform(&c) : 0;
    FILE *dat = NULL;
    char path[1024], png[1024], title[256];
    if (o->out) {
        snprintf(path, sizeof path, "%s.dat", o->out);
        snprintf(png, sizeof png, "%s.png", o->out);
        dat = fopen(path, "w");
        if (!dat) return die("sweep: cannot write the .dat file");
        fprintf(dat, "# offered accepted avg_latency net_latency drained\n");
    }
    printf("sweep: %s traffic, %u-flit packets, routing %s/%s, %ux%u mesh; zero-load latency (formula) %.2f\n",
           c.traffic == TRAFFIC_UNIFORM ? "uniform" : "configured", c.packet_flits, c.routing[0] == ROUTE_XY ? "XY" : "YX",
           c.routing[1] == ROUTE_XY ? "XY" : "YX", c.mesh_k, c.mesh_k, zl);
    printf("%8s %9s %10s %10s %s\n", "offered", "accepted", "latency", "net_lat", "");
    double best = 0, knee = 0;
    unsigned past_knee = 0;
    for (unsigned step = 1; step <= 50 && past_knee < 3; step++) {
        c.injection_rate = 0.02 * step;
        traffic_result r;
        if (!traffic_run(&c, false, &r, err, ERR_LEN)) return die(err);
        bool saturated = !r.drained || (zl > 0 && r.avg_latency > 3 * zl) || r.accepted < 0.95 * r.offered;
        if (saturated && knee == 0) knee = c.injection_rate;
        if (knee > 0) past_knee++;
        if (r.accepted > best) best = r.accepted;
        printf("%8.2f %9.4f %10.2f %10.2f %s\n", r.offered, r.accepted, r.avg_latency, r.avg_net_latency,
               saturated ? "saturated" : "");
        if (dat) fprintf(dat, "%.4f %.5f %.3f %.3f %d\n", r.offered, r.accepted, r.avg_latency, r.avg_net_latency, r.drained);
    }
    printf("saturation: onset at offered %.2f flits/node/cycle (latency > 3x zero-load or accepted < 95%% of "
           "offered); saturation throughput (max accepted) %.4f flits/node/cycle\n", knee, best);
    if (dat) {
        fclose(dat);
        snprintf(title, sizeof title, "%ux%u mesh, uniform, %u-flit packets", c.mesh_k, c.mesh_k, c.packet_flits);
        if (plot(path, png, title, knee) != 0) return die("sweep: gnuplot failed");
        printf("sweep: wrote %s and %s\n", path, png);
    }
    return 0;
}

/* npsim bench: simulated cycles per CPU second, instructions per simulated cycle when the CPU's
 * counter can be read, memory. Uniform traffic, no measurement window. */
static int cmd_bench(options *o) {
    char err[ERR_LEN], why[256];
    uint64_t cycles = o->cycles ? o->cycles : 200000;
    traffic_result r;
    perfcount pc;
    bool counting = perfcount_open(&pc, why, sizeof why);
    double t0 = cpu_seconds();
    bool ok = traffic_run_cycles(&o->cfg, cycles, &r, err, ERR_LEN);
    double secs = cpu_seconds() - t0;
    uint64_t instructions = 0;
    if (counting && !perfcount_read(&pc, &instructions)) {
        counting = false;
        snprintf(why, sizeof why, "the counter could not be read");
    }
    perfcount_close(&pc);
    if (!ok) return die(err);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("bench: %ux%u mesh, uniform %u-flit packets at %.2f flits/node/cycle, %llu cycles (accepted %.3f)\n",
           o->cfg.mesh_k, o->cfg.mesh_k, o->cfg.packet_flits, o->cfg.injection_rate, (unsigned long long)cycles,
           r.accepted);
    printf("  speed: %.3f s CPU = %.0f simulated cycles/s\n", secs, (double)cycles / secs);
    if (counting)
        printf("  instructions: %.0f per simulated cycle (hardware counter)\n", (double)instructions / (double)cycles);
    else
        printf("  instructions: not measurable here (%s); `make sim-bench` counts them with callgrind\n", why);
    printf("  memory: model %.2f MiB, peak RSS %.1f MiB\n", (double)r.memory_bytes / 1048576.0,
           (double)ru.ru_maxrss / 1024.0);
    return 0;
}

static int cmd_codecs(options *o) {
    for (unsigned i = 0; i < codec_count(); i++) {
        codec_timing t;
        codec_timing_load(&t, codec_at(i), o->cfg.synth_report);
        printf("%-12s %s; compressor %u (%s), decompressor %u (%s)%s\n", codec_at(i)->name, codec_at(i)->description,
               t.comp.cycles, t.comp.source, t.decomp.cycles, t.decomp.source,
               codec_at(i)->approximates ? ", approximation from dsm_approx" : "");
    }
    return 0;
}

static void usage(void) {
    puts("usage: npsim COMMAND [-c config] [key=value ...] [options]\n"
         "  compare  [--trace T | --pattern P --per-warp N] [--out DIR]  baseline vs every reply compressor\n"
         "  run      [--trace T | --pattern P --per-warp N] [--out FILE.json]  one run (key compressor)\n"
         "  traffic  synthetic traffic run (keys traffic, injection_rate, packet_flits, ...)\n"
         "  sweep    [--out PREFIX]  latency / accepted throughput vs offered load, saturation, PNG\n"
         "  bench    [--cycles N]  simulated cycles per CPU second (synthetic traffic)\n"
         "  gpu-bench [--trace T | --pattern P] [--cycles R]  GPU run speed, core = none vs sm, best of R (3)\n"
         "  core-compare [--trace T | --pattern P] [--out DIR]  core model: gto vs lrr vs youngest\n"
         "  gen-trace --pattern P --per-warp N --out FILE  (.bin: binary)\n"
         "  convert  IN OUT  trace text <-> binary (by OUT's extension)\n"
         "  ba-compare [--pattern P | --trace T] [--out DIR]  L1 lru vs tag-lru vs ba on every generated workload\n"
         "  pcu-sweep [--pattern P | --trace T] [--out DIR]  packet coalescing: XY-XY / XY-YX x RGRs off, 64..1024\n"
         "  codecs   reply compressors and where their latencies come from\n"
         "  help-config  every configuration key, its default and meaning");
}

int main(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "help") || !strcmp(argv[1], "--help")) {
        usage();
        return argc < 2 ? 1 : 0;
    }
    options o;
    char err[ERR_LEN];
    if (!parse_options(argc - 2, argv + 2, &o, err)) return die(err);
    const char *cmd = argv[1];
    if (!strcmp(cmd, "compare")) return cmd_compare(&o);
    if (!strcmp(cmd, "run")) return cmd_run(&o);
    if (!strcmp(cmd, "traffic")) return cmd_traffic(&o);
    if (!strcmp(cmd, "sweep")) return cmd_sweep(&o);
    if (!strcmp(cmd, "bench")) return cmd_bench(&o);
    if (!strcmp(cmd, "gpu-bench")) return cmd_gpu_bench(&o);
    if (!strcmp(cmd, "core-compare")) return cmd_core_compare(&o);
    if (!strcmp(cmd, "gen-trace")) return cmd_gen_trace(&o);
    if (!strcmp(cmd, "convert")) return cmd_convert(&o);
    if (!strcmp(cmd, "codecs")) return cmd_codecs(&o);
    if (!strcmp(cmd, "ba-compare")) return cmd_ba_compare(&o);
    if (!strcmp(cmd, "pcu-sweep")) return cmd_pcu_sweep(&o);
    if (!strcmp(cmd, "help-config")) {
        config_print(&o.cfg, stdout);
        return 0;
    }
    usage();
    return die("unknown command");
}
