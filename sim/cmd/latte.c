/* npsim latte-compare: the compressed L1 schemes of seed 004 (docs/sim.md "Compressed L1 (LATTE-CC)"). */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <errno.h>
#include <stdlib.h>

#include "cmd/npsim_cmd.h"
#include "np_gnuplot.h"

#include "gpu/energy.h"
#include "exp/report.h"


#define LATTE_COMPARED 5
static const sim_l1_compression latte_compared[LATTE_COMPARED] = {L1C_NONE, L1C_BDI, L1C_SC, L1C_LATTE, L1C_HIT_COUNT};

/* Fig. 16 and Fig. 10 of seed 004: SM 0's effective L1 capacity over time under each compressed
 * scheme, and the mode LATTE-CC chose at each EP end. */
static bool plot_latte(const char *dir, const gpu_stats *st, char *err) {
    char dat[1024], png[1024], gp[1024];
    snprintf(dat, sizeof dat, "%s/latte_compare.dat", dir);
    snprintf(png, sizeof png, "%s/latte_compare.png", dir);
    snprintf(gp, sizeof gp, "%s/latte_compare.gp", dir);
    np_outfile out;
    if (!np_out_open(&out, dat, err, ERR_LEN)) return false;
    FILE *f = out.f;
    for (unsigned k = 1; k < LATTE_COMPARED; k++) {
        const l1c_stats *l = &st[k].l1c;
        fprintf(f, "# %s (SM 0, every %u EP): cycle effective_capacity mode(0 none, 1 BDI, 2 SC)\n",
                config_l1_compression_name(latte_compared[k]), l->timeline_stride ? l->timeline_stride : 1);
        for (uint32_t i = 0; i < l->timeline_n; i++)
            fprintf(f, "%llu %.4f %u\n", (unsigned long long)l->timeline[i].cycle, l->timeline[i].capacity,
                    l->timeline[i].mode);
        fprintf(f, "\n\n");
    }
    if (!np_out_commit(&out, err, ERR_LEN)) return false;
    char qdat[2200];
    if (!np_gnuplot_quote(dat, qdat, sizeof qdat)) {
        snprintf(err, ERR_LEN, "latte-compare: --out %.900s: gnuplot cannot name a path with a newline", dir);
        return false;
    }
    char script[12000];
    size_t len = (size_t)snprintf(script, sizeof script,
        "set terminal pngcairo size 1000,640 noenhanced\nset output np_out_1\nset multiplot layout 2,1 title 'compressed L1, SM 0 "
        "(seed 004 Fig. 16 and Fig. 10)'\nset grid\nset xlabel 'cycle'\nset ylabel 'effective L1 capacity (x 16 KB)'\n"
        "set key outside right\nplot ");
    for (unsigned k = 1; k < LATTE_COMPARED; k++)
        len += (size_t)snprintf(script + len, sizeof script - len, "%s%s index %u using 1:2 with lines title '%s'",
                                k > 1 ? ", " : "", qdat, k - 1, config_l1_compression_name(latte_compared[k]));
    snprintf(script + len, sizeof script - len,
             "\nset ylabel 'mode chosen at the EP end'\nset ytics ('none' 0, 'BDI' 1, 'SC' 2)\nset yrange [-0.5:2.5]\n"
             "plot %s index 2 using 1:3 with steps title 'latte-cc'\nunset multiplot\n", qdat);
    return np_run_gnuplot(gp, script, (const char *const[]){png}, 1, err, ERR_LEN);
}

/* npsim latte-compare: the uncompressed L1, Static-BDI, Static-SC, LATTE-CC and Adaptive-Hit-Count
 * on one workload (core = sm): IPC, L1 miss rate, effective capacity, modes, energy; a plot. */
int cmd_latte_compare(options *o) {
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    o->cfg.core = CORE_SM;
    o->cfg.l1_compression = L1C_BDI;          /* the memory image is read (line contents) */
    if (!load_workload(o, &img, &t, false, err)) return die(err);
    gpu_stats *st = calloc(LATTE_COMPARED, sizeof *st);
    codec_timing tm[LATTE_COMPARED];
    if (!st) return die("out of memory");
    cJSON *root = cJSON_CreateObject();
    cJSON_AddItemToObject(root, "provenance", provenance_json(o, &img, false));
    cJSON *runs = cJSON_AddArrayToObject(root, "runs");
    for (unsigned k = 0; k < LATTE_COMPARED; k++) {
        sim_config cfg = o->cfg;
        cfg.l1_compression = latte_compared[k];
        double t0 = cpu_seconds();
        if (!gpu_run(&cfg, &img, &t, &st[k], &tm[k], err, ERR_LEN)) return die(err);
        fprintf(stderr, "npsim: l1_compression %s: %llu cycles in %.2f s\n", config_l1_compression_name(cfg.l1_compression),
                (unsigned long long)st[k].completion_cycles, cpu_seconds() - t0);
        cJSON_AddItemToArray(runs, report_gpu_json(cfg.compressor, &st[k], &tm[k]));
    }
    FILE *outs[2] = {stdout, NULL};
    np_outfile txt;
    char path[1024];
    if (o->out) {
        snprintf(path, sizeof path, "%s/latte_compare.txt", o->out);
        if (!np_out_open(&txt, path, err, ERR_LEN)) return die(err);
        outs[1] = txt.f;
    }
    core_figures b;
    report_core_figures(&st[0], &b);
    energy_report eb;
    energy_of(&st[0], &eb);
    for (unsigned k = 0; k < 2; k++) {
        FILE *f = outs[k];
        if (!f) continue;
        fprintf(f, "npsim latte-compare: compressed L1 schemes (docs/latte.md, seed 004)\n");
        describe_machine(f, o, &img, &t);
        fprintf(f, "%-20s %8s %8s %9s %8s %9s %9s %12s %8s  %s\n", "l1_compression", "ipc", "d_ipc", "l1_miss", "d_miss",
                "capacity", "energy_uJ", "d_energy", "eps", "EPs none/ll/hc");
        for (unsigned i = 0; i < LATTE_COMPARED; i++) {
            core_figures c;
            gpu_figures g, gb;
            energy_report e;
            report_core_figures(&st[i], &c);
            report_figures(&st[i], &g);
            report_figures(&st[0], &gb);
            energy_of(&st[i], &e);
            const l1c_stats *l = &st[i].l1c;
            fprintf(f, "%-20s %8.3f %+7.1f%% %8.1f%% %+7.1f%% %8.2fx %9.1f %+11.1f%% %8llu  %llu/%llu/%llu\n",
                    config_l1_compression_name(latte_compared[i]), c.ipc, 100 * (c.ipc / b.ipc - 1), 100 * g.l1_miss_rate,
                    gb.l1_miss_rate > 0 ? 100 * (g.l1_miss_rate / gb.l1_miss_rate - 1) : 0,
                    l->eps ? l->capacity_sum / (double)l->eps : 1.0, e.total / 1000, 100 * (e.total / eb.total - 1),
                    (unsigned long long)l->eps, (unsigned long long)l->ep_mode[0], (unsigned long long)l->ep_mode[1],
                    (unsigned long long)l->ep_mode[2]);
        }
        fprintf(f, "(d_*: change against none; capacity: uncompressed bytes of valid lines / L1 bytes, mean over EP ends; "
                   "energy: memory hierarchy, dynamic, docs/sim.md \"Energy\")\n");
        for (unsigned i = 0; i < LATTE_COMPARED; i++)
            report_gpu_detail(f, config_l1_compression_name(latte_compared[i]), &st[i], &tm[i]);
    }
    bool ok = true;
    if (outs[1]) {
        snprintf(path, sizeof path, "%s/latte_compare.json", o->out);
        ok = np_out_commit(&txt, err, ERR_LEN) && write_json(root, path, err) && plot_latte(o->out, st, err);
        if (ok) printf("latte-compare: wrote %s/latte_compare.{txt,json,dat,gp,png}\n", o->out);
    }
    cJSON_Delete(root);
    free(st);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}
