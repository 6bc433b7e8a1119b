/* npsim l1-sweep: seed 002's L1 capacity and associativity sweep (docs/sim.md). */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <errno.h>
#include <stdlib.h>

#include "cmd/npsim_cmd.h"
#include "np_gnuplot.h"

#include "exp/l1sweep.h"
#include "trace/tracegen.h"

/* ---- L1 capacity and associativity sweep (npsim l1-sweep; seed 002 Figs 7-11, docs/sim.md) ---- */

static bool write_l1_sweep(const options *o, const char *name, const l1sweep_result *res, cJSON *prov, char *err) {
    char path[1024], png[1024], qdat[1100], qtitle[1200];
    snprintf(path, sizeof path, "%s/l1_sweep.txt", o->out);
    np_outfile txt;
    if (!np_out_open(&txt, path, err, ERR_LEN)) return false;
    l1sweep_print(txt.f, name, res);
    if (!np_out_commit(&txt, err, ERR_LEN)) return false;
    snprintf(path, sizeof path, "%s/l1_sweep.json", o->out);
    cJSON *root = l1sweep_json(name, res);
    cJSON_AddItemToObject(root, "provenance", cJSON_Duplicate(prov, true));
    bool ok = write_json(root, path, err);
    cJSON_Delete(root);
    snprintf(path, sizeof path, "%s/l1_sweep.dat", o->out);
    snprintf(png, sizeof png, "%s/l1_sweep.png", o->out);
    char title[600];
    snprintf(title, sizeof title, "seed 002: L1 reuse and LRU hit rate, %s (%u SMs x %u warps)", name, o->cfg.sms,
             o->cfg.warps_per_sm);
    if (ok) ok = l1sweep_write_dat(path, res, err, ERR_LEN);
    if (ok && (!np_gnuplot_quote(path, qdat, sizeof qdat) || !np_gnuplot_quote(title, qtitle, sizeof qtitle))) {
        snprintf(err, ERR_LEN, "l1-sweep: output path or name cannot be quoted for gnuplot");
        ok = false;
    }
    if (!ok) return false;
    char script[4096], gp[1024];
    l1sweep_script(script, sizeof script, qdat, qtitle);
    snprintf(gp, sizeof gp, "%s/l1_sweep.gp", o->out);
    if (!np_run_gnuplot(gp, script, (const char *const[]){png}, 1, err, ERR_LEN)) return false;
    printf("l1-sweep: wrote %s/l1_sweep.{txt,json,dat,gp,png}\n", o->out);
    return true;
}

/* npsim l1-sweep: one workload (--pattern P or --trace T) on every L1 option of seed 002 Table 2,
 * LRU, with each point's rd0/rd1/rd2 of the SMs' own read streams. */
int cmd_l1_sweep(options *o) {
    char err[ERR_LEN];
    mem_image img;
    if (!load_image(o, &img, false, err)) return die(err);
    trace_t t;
    trace_init(&t);
    const char *name = workload_label(o);
    bool ok = o->trace ? trace_load(&t, o->trace, o->cfg.sms, trace_warp_limit(&o->cfg), err, ERR_LEN)
                       : tracegen(o->pattern, &o->cfg, &img, o->per_warp, &t, err, ERR_LEN);
    l1sweep_result *res = ok ? calloc(L1SWEEP_POINTS, sizeof *res) : NULL;
    if (ok && !res) snprintf(err, ERR_LEN, "out of memory");
    ok = ok && res && l1sweep_run(&o->cfg, &img, &t, res, err, ERR_LEN);
    trace_free(&t);
    cJSON *prov = provenance_json(o, &img, false);
    memimg_free(&img);
    if (ok) l1sweep_print(stdout, name, res);
    if (ok && o->out) ok = write_l1_sweep(o, name, res, prov, err);
    cJSON_Delete(prov);
    free(res);
    return ok ? 0 : die(err);
}

