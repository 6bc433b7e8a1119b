/* npsim mem-micro: the memory system's microbenchmarks beside their derived limits and the
 * loaded-latency curve (exp/memmicro.c; docs/sim.md "Microbenchmarks of the memory system"). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "cmd/npsim_cmd.h"
#include "np_gnuplot.h"

#include "exp/memmicro.h"

int cmd_mem_micro(options *o) {
    char err[ERR_LEN];
    mem_image img;
    if (!load_image(o, &img, false, err)) return die(err);
    micro_result res[MICRO_MAX];
    micro_curve curve;
    unsigned n;
    bool ok = memmicro_run(&o->cfg, &img, false, res, &n, &curve, err, ERR_LEN);
    memimg_free(&img);
    if (!ok) return die(err);
    memmicro_print(stdout, res, n, &curve);
    const char *dir = o->out ? o->out : ".";
    char dat[1024], png[1024], gp[1024], qdat[2200], script[4096];
    snprintf(dat, sizeof dat, "%.1000s/loaded_latency.dat", dir);
    snprintf(png, sizeof png, "%.1000s/loaded_latency.png", dir);
    snprintf(gp, sizeof gp, "%.1000s/loaded_latency.gp", dir);
    if (!np_gnuplot_quote(dat, qdat, sizeof qdat))
        return die("mem-micro: --out: gnuplot cannot name a path with a newline");
    if (!memmicro_curve_files(&curve, dat, qdat, script, sizeof script, err, ERR_LEN) ||
        !np_run_gnuplot(gp, script, (const char *const[]){png}, 1, err, ERR_LEN))
        return die(err);
    printf("loaded-latency plot: %s\n", png);
    for (unsigned i = 0; i < n; i++)
        if (!res[i].pass) return die("mem-micro: a figure is outside its derived limit (the table says which)");
    return 0;
}
