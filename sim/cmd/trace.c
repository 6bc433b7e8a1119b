/* npsim gen-trace / convert: generated workloads as traces; trace formats converted. */
#define _POSIX_C_SOURCE 200809L

#include <string.h>
#include "cmd/npsim_cmd.h"

#include "exp/report.h"

int cmd_gen_trace(options *o) {
    char err[ERR_LEN];
    if (!o->out) return die("gen-trace: --out FILE required (.bin = binary, else text)");
    mem_image img;
    trace_t t;
    if (!load_workload(o, &img, &t, false, err)) return die(err);
    size_t len = strlen(o->out);
    bool binary = len > 4 && !strcmp(o->out + len - 4, ".bin");
    bool ok = binary ? trace_save_binary(&t, o->out, err, ERR_LEN) : trace_save_text(&t, o->out, err, ERR_LEN);
    if (ok) printf("gen-trace: %s: %zu accesses, %zu instructions (%s, %u per warp)\n", o->out, t.count, t.nin,
                   o->pattern, o->per_warp);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

int cmd_convert(options *o) {
    char err[ERR_LEN];
    if (!check_out_file("convert: OUT", o->positional[1], err)) return die(err);
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
