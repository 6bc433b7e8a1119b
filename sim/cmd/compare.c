/* npsim compare / run / codecs: baseline against every reply compressor, one run, and where each latency comes from. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <errno.h>

#include "cmd/npsim_cmd.h"

#include "exp/l1sweep.h"
#include "exp/report.h"

/* npsim compare: baseline and every compressor on one workload -> table (+ summary files). */
int cmd_compare(options *o) {
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    if (!load_workload(o, &img, &t, true, err)) return die(err);
    FILE *summary = NULL;
    np_outfile summary_out;
    char path[1024];
    if (o->out) {
        snprintf(path, sizeof path, "%s/summary.txt", o->out);
        if (!np_out_open(&summary_out, path, err, ERR_LEN)) return die(err);
        summary = summary_out.f;
    }
    cJSON *root = cJSON_CreateObject();
    cJSON_AddItemToObject(root, "provenance", provenance_json(o, &img, true));
    cJSON *runs = cJSON_AddArrayToObject(root, "runs");
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
        snprintf(path, sizeof path, "%s/summary.json", o->out);
        ok = np_out_commit(&summary_out, err, ERR_LEN) && write_json(root, path, err);
    }
    cJSON_Delete(root);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

/* npsim run: one compressor (config key `compressor`). */
int cmd_run(options *o) {
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    if (!load_workload(o, &img, &t, false, err)) return die(err);
    gpu_stats st;
    codec_timing tm;
    reuse_report reuse;
    bool ran = o->cfg.l1_reuse ? l1_reuse_run(&o->cfg, &img, &t, &st, &tm, &reuse, err, ERR_LEN)
                               : gpu_run(&o->cfg, &img, &t, &st, &tm, err, ERR_LEN);
    if (!ran) return die(err);
    describe_machine(stdout, o, &img, &t);
    report_gpu_table_header(stdout);
    report_gpu_table_row(stdout, o->cfg.compressor, &st);
    report_gpu_detail(stdout, o->cfg.compressor, &st, &tm);
    cJSON *j = report_gpu_json(o->cfg.compressor, &st, &tm);
    if (o->cfg.l1_reuse) {
        report_reuse_table_header(stdout, reuse.sets, reuse.ways);
        report_reuse_table_row(stdout, o->cfg.compressor, &reuse);
        cJSON_AddItemToObject(j, "l1_reuse", report_reuse_json(&reuse));
    }
    cJSON_AddItemToObject(j, "provenance", provenance_json(o, &img, false));
    bool ok = !o->out || write_json(j, o->out, err);
    cJSON_Delete(j);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

int cmd_codecs(options *o) {
    for (unsigned i = 0; i < codec_count(); i++) {
        codec_timing t;
        codec_timing_load(&t, codec_at(i), o->cfg.synth_report, o->cfg.reply_compressor_latency,
                          o->cfg.reply_decompressor_latency);
        printf("%-12s %s; compressor %u (%s), decompressor %u (%s)%s\n", codec_at(i)->name, codec_at(i)->description,
               t.comp.cycles, t.comp.source, t.decomp.cycles, t.decomp.source,
               codec_at(i)->approximates ? ", approximation from dsm_approx" : "");
    }
    return 0;
}
