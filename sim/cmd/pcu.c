/* npsim pcu-sweep: packet coalescing units at the MCs (docs/sim.md "Packet coalescing"). */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <errno.h>
#include <stdlib.h>

#include "cmd/npsim_cmd.h"
#include "np_gnuplot.h"

#include "exp/report.h"
#include "trace/tracegen.h"

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

/* ---- gnuplot: no shell, no user string outside a quoted gnuplot string ------------------------ */

/* Locality ratio and completion change against RGR count, one line per workload and routing. */
static bool plot_pcu_sweep(const char *dir, const pcu_sweep_result *r, unsigned n, char *err) {
    char dat[1024], png[1024];
    snprintf(dat, sizeof dat, "%s/pcu_sweep.dat", dir);
    snprintf(png, sizeof png, "%s/pcu_sweep.png", dir);
    np_outfile out;
    if (!np_out_open(&out, dat, err, ERR_LEN)) return false;
    FILE *f = out.f;
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
    if (!np_out_commit(&out, err, ERR_LEN)) return false;
    char qdat[2200], qname[200];
    if (!np_gnuplot_quote(dat, qdat, sizeof qdat)) {
        snprintf(err, ERR_LEN, "pcu-sweep: --out %.900s: gnuplot cannot name a path with a newline", dir);
        return false;
    }
    size_t cap = 4096 + (size_t)n * PCU_SWEEP_ROUTES * 2 * (sizeof qdat + sizeof qname + 64);
    char *script = malloc(cap);
    if (!script) {
        snprintf(err, ERR_LEN, "out of memory");
        return false;
    }
    size_t len = (size_t)snprintf(script, cap,
             "set terminal pngcairo size 1000,420 noenhanced\nset output np_out_1\nset multiplot layout 1,2 "
             "title 'packet coalescing: RGRs per MC'\nset grid\nset logscale x 2\nset xlabel 'RGRs per MC'\n"
             "set key outside bottom center horizontal\n");
    for (unsigned c = 0; c < 2; c++) {
        len += (size_t)snprintf(script + len, cap - len, "set ylabel '%s'\nplot ",
                                c ? "completion time change vs no PCU (%)" : "inter-core locality ratio (%)");
        for (unsigned i = 0, idx = 0; i < n; i++)
            for (unsigned route = 0; route < PCU_SWEEP_ROUTES; route++, idx++) {
                char title[160];
                snprintf(title, sizeof title, "%s %s", r[i].name, pcu_route_names[route]);
                if (!np_gnuplot_quote(title, qname, sizeof qname)) snprintf(qname, sizeof qname, "'workload %u'", i);
                len += (size_t)snprintf(script + len, cap - len, "%s%s index %u using 1:%u with linespoints title %s",
                                        idx ? ", " : "", qdat, idx, c ? 3 : 2, qname);
            }
        len += (size_t)snprintf(script + len, cap - len, "\n");
    }
    snprintf(script + len, cap - len, "unset multiplot\n");
    char gp[1024];
    snprintf(gp, sizeof gp, "%s/pcu_sweep.gp", dir);
    bool ok = np_run_gnuplot(gp, script, (const char *const[]){png}, 1, err, ERR_LEN);
    free(script);
    if (!ok) return false;
    printf("pcu-sweep: wrote %s, %s and %s\n", dat, gp, png);
    return true;
}

/* npsim pcu-sweep: the workloads with inter-core sharing (or --pattern P / --trace T) for XY-XY
 * and XY-YX routing and each RGR count. */
int cmd_pcu_sweep(options *o) {
    char err[ERR_LEN];
    mem_image img;
    if (!load_image(o, &img, false, err)) return die(err);
    unsigned n = o->trace || o->pattern_given ? 1 : (unsigned)PCU_WORKLOADS;
    pcu_sweep_result *r = calloc(n, sizeof *r);
    bool ok = r != NULL;
    if (!ok) snprintf(err, ERR_LEN, "out of memory");
    for (unsigned i = 0; ok && i < n; i++) {
        trace_t t;
        trace_init(&t);
        sim_config gen = o->cfg;
        if (o->trace) {
            snprintf(r[i].name, sizeof r[i].name, "%s", workload_label(o));
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
    cJSON *prov = provenance_json(o, &img, false);
    memimg_free(&img);
    if (ok) print_pcu_sweep(stdout, o, r, n);
    if (ok && o->out) {
        char path[1024];
        snprintf(path, sizeof path, "%s/pcu_sweep.txt", o->out);
        np_outfile txt;
        ok = np_out_open(&txt, path, err, ERR_LEN);
        if (ok) {
            print_pcu_sweep(txt.f, o, r, n);
            ok = np_out_commit(&txt, err, ERR_LEN);
        }
        if (ok) {
            snprintf(path, sizeof path, "%s/pcu_sweep.json", o->out);
            cJSON *root = pcu_sweep_json(r, n);
            cJSON_AddItemToObject(root, "provenance", prov);
            prov = NULL;
            ok = write_json(root, path, err);
            cJSON_Delete(root);
        }
        if (ok) ok = plot_pcu_sweep(o->out, r, n, err);
    }
    cJSON_Delete(prov);
    free(r);
    return ok ? 0 : die(err);
}

