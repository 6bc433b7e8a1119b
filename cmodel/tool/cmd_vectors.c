/* `nocpress vectors`: writes the golden vector files of docs/vectors.md. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "vectors_ba.h"
#include "vectors_bdi.h"
#include "vectors_bpc.h"
#include "vectors_dpc.h"
#include "vectors_dsm.h"
#include "vectors_latte.h"
#include "vectors_mcast.h"
#include "vectors_pcu.h"
#include "vectors_rcwm.h"
#include "vectors_sc.h"

static const char vectors_usage[] =
    "usage: nocpress vectors [--unit dsm|bdi|dpc|ba|pcu|mcast|bpc|sc|latte|rcwm] [--out DIR] [--lane-bytes 64|128]\n"
    "\n"
    "Writes a unit's golden vectors (format: docs/vectors.md) into DIR (default vectors/UNIT,\n"
    "created if missing): for dsm dsm_compressor.hex, dsm_decompressor.hex, dsm_approx.hex and\n"
    "(64-byte lanes only) dsm_lane_pair_decompressor.hex;\n"
    "for bdi bdi_compressor.hex and bdi_decompressor.hex;\n"
    "for dpc dpc_compressor.hex, dpc_decompressor.hex and dpc_filter_table.hex; for ba\n"
    "ba_tag_ba.hex and ba_tag_lru.hex; for pcu pcu.hex; for mcast mcast_rc.hex and\n"
    "mcast_rc_lookahead.hex; for bpc bpc_compressor.hex and bpc_decompressor.hex; for sc\n"
    "sc_decompressor.hex and sc_compressor.hex; for latte latte_ctrl.hex and latte_tags.hex;\n"
    "for rcwm rcwm.hex.\n"
    "Inputs are directed and fixed-seed random; every expected value comes from the C model.\n"
    "The output does not depend on DIR, so a regenerated copy can be diffed byte for byte.\n"
    "  --unit U        dsm (default), bdi, dpc, ba, pcu, mcast, bpc, sc, latte or rcwm\n"
    "  --out DIR       output directory\n"
    "  --lane-bytes N  dsm only: the RTL's LaneBytes parameter: 64 (default) or 128\n";

/* mkdir -p for one or more missing levels. */
static bool make_dirs(const char *dir) {
    char path[4096];
    size_t len = strlen(dir);
    if (len == 0 || len >= sizeof path) {
        cli_fail("bad output directory '%s'", dir);
        return false;
    }
    memcpy(path, dir, len + 1);
    for (size_t i = 1; i <= len; i++) {
        if (path[i] != '/' && path[i] != '\0') {
            continue;
        }
        char saved = path[i];
        path[i] = '\0';
        if (mkdir(path, 0777) != 0 && errno != EEXIST) {
            cli_fail("cannot create directory '%s': %s", path, strerror(errno));
            return false;
        }
        path[i] = saved;
    }
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
        cli_fail("'%s' is not a directory", dir);
        return false;
    }
    return true;
}

enum { OPT_UNIT = 256, OPT_OUT, OPT_LANE };

typedef struct {
    const char *cmd;
    const char *out, *unit;
    unsigned lane_bytes;
    bool lane_given;
} vectors_args;

static int on_vectors_option(void *ctx, int key, const char *val) {
    vectors_args *a = ctx;
    if (key == OPT_OUT) {
        a->out = val;
    } else if (key == OPT_UNIT) {
        if (strcmp(val, "dsm") != 0 && strcmp(val, "bdi") != 0 && strcmp(val, "dpc") != 0 && strcmp(val, "ba") != 0 &&
            strcmp(val, "pcu") != 0 && strcmp(val, "mcast") != 0 && strcmp(val, "bpc") != 0 && strcmp(val, "sc") != 0 &&
            strcmp(val, "latte") != 0 && strcmp(val, "rcwm") != 0) {
            return cli_usage_error(a->cmd, "--unit must be dsm, bdi, dpc, ba, pcu, mcast, bpc, sc, latte or rcwm, not '%s'",
                                   val);
        }
        a->unit = val;
    } else if (!cli_parse_lane_bytes(a->cmd, val, &a->lane_bytes)) { /* OPT_LANE */
        return NP_EXIT_USAGE;
    } else {
        a->lane_given = true;
    }
    return -1;
}

int cmd_vectors(int argc, char **argv) {
    static const struct option opts[] = {
        {"unit", required_argument, NULL, OPT_UNIT}, {"out", required_argument, NULL, OPT_OUT},
        {"lane-bytes", required_argument, NULL, OPT_LANE}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    vectors_args a = {argv[0], NULL, "dsm", 64, false};
    int first = 0;
    int rc = cli_parse_options(argc, argv, opts, vectors_usage, on_vectors_option, &a, &first);
    if (rc >= 0) {
        return rc;
    }
    if (first < argc) {
        return cli_usage_error(argv[0], "unexpected argument '%s' (vectors takes options only)", argv[first]);
    }
    const char *out = a.out, *unit = a.unit;
    unsigned lane_bytes = a.lane_bytes;
    bool lane_given = a.lane_given;
    if (strcmp(unit, "latte") == 0) {   /* latte_ctrl.hex, latte_tags.hex (docs/latte.md 10) */
        if (lane_given) {
            return cli_usage_error(argv[0], "--lane-bytes applies to --unit dsm only");
        }
        out = out == NULL ? "vectors/latte" : out;
        return make_dirs(out) ? vectors_latte_write(out, "nocpress vectors --unit latte") : NP_EXIT_FAIL;
    }
    if (strcmp(unit, "rcwm") == 0) {   /* rcwm.hex (docs/rcwm.md 6) */
        if (lane_given) {
            return cli_usage_error(argv[0], "--lane-bytes applies to --unit dsm only");
        }
        out = out == NULL ? "vectors/rcwm" : out;
        return make_dirs(out) ? vectors_rcwm_write(out, "nocpress vectors --unit rcwm") : NP_EXIT_FAIL;
    }
    bool bdi = strcmp(unit, "bdi") == 0;
    bool dpc = strcmp(unit, "dpc") == 0;
    bool ba = strcmp(unit, "ba") == 0;
    bool pcu = strcmp(unit, "pcu") == 0;
    bool mcast = strcmp(unit, "mcast") == 0;
    bool bpc = strcmp(unit, "bpc") == 0;
    bool sc = strcmp(unit, "sc") == 0;
    if ((bdi || dpc || ba || pcu || mcast || bpc || sc) && lane_given) {
        return cli_usage_error(argv[0], "--lane-bytes applies to --unit dsm only");
    }
    if (out == NULL && bpc) {
        out = "vectors/bpc";
    }
    if (out == NULL && sc) {
        out = "vectors/sc";
    }
    if (out == NULL && bdi) {
        out = "vectors/bdi";
    }
    if (out == NULL) {
        out = dpc ? "vectors/dpc" : ba ? "vectors/ba" : pcu ? "vectors/pcu" : mcast ? "vectors/mcast" : "vectors/dsm";
    }
    if (!make_dirs(out)) {
        return NP_EXIT_FAIL;
    }
    /* The recorded command names only what changes the content, never the output path. */
    if (dpc) {
        return vectors_dpc_write(out, "nocpress vectors --unit dpc");
    }
    if (ba) {
        return vectors_ba_write(out, "nocpress vectors --unit ba");
    }
    if (pcu) {
        return vectors_pcu_write(out, "nocpress vectors --unit pcu");
    }
    if (mcast) {
        return vectors_mcast_write(out, "nocpress vectors --unit mcast");
    }
    if (bpc) {
        return vectors_bpc_write(out, "nocpress vectors --unit bpc");
    }
    if (sc) {
        return vectors_sc_write(out, "nocpress vectors --unit sc");
    }
    if (bdi) {
        return vectors_bdi_write(out, "nocpress vectors --unit bdi");
    }
    const char *command = lane_bytes == 64 ? "nocpress vectors" : "nocpress vectors --lane-bytes 128";
    return vectors_dsm_write(out, lane_bytes, command);
}
