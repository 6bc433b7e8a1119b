/* npsim ba-compare: L1 LRU against the BA tag unit and simple bypassing (docs/sim.md "L1 policies"). */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <errno.h>

#include "cmd/npsim_cmd.h"

#include "exp/l1sweep.h"
#include "exp/report.h"
#include "trace/tracegen.h"

#define L1_POLICIES 4
static const sim_l1_policy l1_compared[L1_POLICIES] = {L1_LRU, L1_TAG_LRU, L1_BA, L1_BYPASS};

typedef struct {
    const char *name;
    gpu_stats st[L1_POLICIES];
    reuse_report reuse;
} l1_workload;

/* One workload under every policy; the reuse breakdown comes from the `ba` run's L1 streams. */
static bool compare_l1_on(options *o, const mem_image *img, const trace_t *t, l1_workload *w, char *err) {
    l1_streams streams;
    if (!l1_streams_init(&streams, o->cfg.sms)) {
        snprintf(err, ERR_LEN, "out of memory (L1 streams)");
        return false;
    }
    bool ok = true;
    for (unsigned p = 0; ok && p < L1_POLICIES; p++) {
        sim_config cfg = o->cfg;
        cfg.l1_policy = l1_compared[p];
        if (config_l1_tag_unit(cfg.l1_policy)) ok = config_l1_tags_fit(&cfg, err, ERR_LEN);
        double t0 = cpu_seconds();
        if (ok) ok = gpu_run_observed(&cfg, img, t, &w->st[p], NULL, cfg.l1_policy == L1_BA ? l1_streams_record : NULL,
                                      &streams, err, ERR_LEN);
        if (ok) fprintf(stderr, "npsim: %s, l1 %s: %llu cycles in %.2f s\n", w->name,
                        config_l1_policy_name(cfg.l1_policy), (unsigned long long)w->st[p].completion_cycles,
                        cpu_seconds() - t0);
    }
    unsigned sets = o->cfg.l1_kb * 1024u / 128u / o->cfg.l1_assoc;
    if (ok) ok = l1_streams_reuse(&streams, sets, o->cfg.l1_assoc, &w->reuse, err, ERR_LEN);
    l1_streams_free(&streams);
    return ok;
}

static void print_l1_compare(FILE *f, const options *o, const l1_workload *w, unsigned n) {
    fprintf(f, "npsim ba-compare: L1 lru (simulator) vs tag-lru and ba (C model tag unit, LRU and BA mode) and bypass "
               "(every read to memory), "
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
int cmd_ba_compare(options *o) {
    static const char *const patterns[] = {"stream", "stencil", "mapreduce", "graph", "partial"};
    char err[ERR_LEN];
    mem_image img;
    if (!load_image(o, &img, false, err)) return die(err);
    unsigned n = o->trace || o->pattern_given ? 1 : sizeof patterns / sizeof patterns[0];
    l1_workload w[sizeof patterns / sizeof patterns[0]];
    memset(w, 0, sizeof w);
    bool ok = true;
    for (unsigned i = 0; ok && i < n; i++) {
        trace_t t;
        trace_init(&t);
        w[i].name = o->trace ? workload_label(o) : o->pattern_given ? o->pattern : patterns[i];
        if (o->trace) ok = trace_load(&t, o->trace, o->cfg.sms, trace_warp_limit(&o->cfg), err, ERR_LEN);
        else ok = tracegen(w[i].name, &o->cfg, &img, o->per_warp, &t, err, ERR_LEN);
        if (ok) ok = compare_l1_on(o, &img, &t, &w[i], err);
        trace_free(&t);
    }
    cJSON *prov = provenance_json(o, &img, false);
    memimg_free(&img);
    if (!ok || !o->out) cJSON_Delete(prov);
    if (!ok) return die(err);
    print_l1_compare(stdout, o, w, n);
    if (!o->out) return 0;
    char path[1024];
    snprintf(path, sizeof path, "%s/ba_compare.txt", o->out);
    np_outfile txt;
    if (!np_out_open(&txt, path, err, ERR_LEN)) {
        cJSON_Delete(prov);
        return die(err);
    }
    print_l1_compare(txt.f, o, w, n);
    if (!np_out_commit(&txt, err, ERR_LEN)) {
        cJSON_Delete(prov);
        return die(err);
    }
    snprintf(path, sizeof path, "%s/ba_compare.json", o->out);
    cJSON *root = l1_compare_json(w, n);
    cJSON_AddItemToObject(root, "provenance", prov);
    ok = write_json(root, path, err);
    cJSON_Delete(root);
    return ok ? 0 : die(err);
}

/* ---- packet coalescing: RGR count and routing sweep (npsim pcu-sweep; docs/sim.md) ------------ */
