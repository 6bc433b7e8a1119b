/* `nocpress vectors`: writes the golden vector files of docs/vectors.md. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "vectors_ba.h"
#include "vectors_dpc.h"
#include "vectors_dsm.h"
#include "vectors_mcast.h"
#include "vectors_pcu.h"

static const char vectors_usage[] =
    "usage: nocpress vectors [--unit dsm|dpc|ba|pcu|mcast] [--out DIR] [--lane-bytes 64|128]\n"
    "\n"
    "Writes a unit's golden vectors (format: docs/vectors.md) into DIR (default vectors/UNIT,\n"
    "created if missing): for dsm dsm_compressor.hex, dsm_decompressor.hex, dsm_approx.hex and\n"
    "(64-byte lanes only) dsm_lane_pair_decompressor.hex;\n"
    "for dpc dpc_compressor.hex, dpc_decompressor.hex and dpc_filter_table.hex; for ba\n"
    "ba_tag_ba.hex and ba_tag_lru.hex; for pcu pcu.hex; for mcast mcast_rc.hex and\n"
    "mcast_rc_lookahead.hex.\n"
    "Inputs are directed and fixed-seed random; every expected value comes from the C model.\n"
    "The output does not depend on DIR, so a regenerated copy can be diffed byte for byte.\n"
    "  --unit U        dsm (default), dpc, ba, pcu or mcast\n"
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

int cmd_vectors(int argc, char **argv) {
    const char *out = NULL;
    const char *unit = "dsm";
    unsigned lane_bytes = 64;
    bool lane_given = false;
    for (int i = 1; i < argc; i++) {
        if (cli_is_help(argv[i])) {
            fputs(vectors_usage, stdout);
            return NP_EXIT_OK;
        }
        if (strcmp(argv[i], "--out") == 0 || strcmp(argv[i], "--lane-bytes") == 0 ||
            strcmp(argv[i], "--unit") == 0) {
            if (i + 1 >= argc) {
                return cli_usage_error(argv[0], "option %s needs a value", argv[i]);
            }
            if (argv[i][2] == 'o') {
                out = argv[++i];
            } else if (argv[i][2] == 'u') {
                unit = argv[++i];
                if (strcmp(unit, "dsm") != 0 && strcmp(unit, "dpc") != 0 && strcmp(unit, "ba") != 0 &&
                    strcmp(unit, "pcu") != 0 && strcmp(unit, "mcast") != 0) {
                    return cli_usage_error(argv[0], "--unit must be dsm, dpc, ba, pcu or mcast, not '%s'", unit);
                }
            } else if (!cli_parse_lane_bytes(argv[0], argv[++i], &lane_bytes)) {
                return NP_EXIT_USAGE;
            } else {
                lane_given = true;
            }
        } else {
            return cli_usage_error(argv[0], "unexpected argument '%s'", argv[i]);
        }
    }
    bool dpc = strcmp(unit, "dpc") == 0;
    bool ba = strcmp(unit, "ba") == 0;
    bool pcu = strcmp(unit, "pcu") == 0;
    bool mcast = strcmp(unit, "mcast") == 0;
    if ((dpc || ba || pcu || mcast) && lane_given) {
        return cli_usage_error(argv[0], "--lane-bytes applies to --unit dsm only");
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
    const char *command = lane_bytes == 64 ? "nocpress vectors" : "nocpress vectors --lane-bytes 128";
    return vectors_dsm_write(out, lane_bytes, command);
}
