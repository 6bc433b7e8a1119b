/* `nocpress vectors`: writes the golden vector files of docs/vectors.md. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "np_units.h"
#include "vectors_dsm.h"

/* Every declared unit (rtl/<unit>/unit.mk; NP_UNIT_LIST is generated from them) has its
 * generator cmodel/tool/vectors_<unit>.c with this entry point: writes the unit's files into dir
 * (which exists), records `command` in each header, returns a process exit code. */
#define NP_VECTORS_WRITER_DECL(u) int vectors_##u##_write(const char *dir, const char *command);
NP_UNIT_LIST(NP_VECTORS_WRITER_DECL)

typedef struct {
    const char *unit;
    int (*write)(const char *dir, const char *command);
} vectors_writer;

#define NP_VECTORS_WRITER(u) {#u, vectors_##u##_write},
static const vectors_writer writers[] = {NP_UNIT_LIST(NP_VECTORS_WRITER)};
#define NWRITERS (sizeof writers / sizeof writers[0])

static const vectors_writer *find_writer(const char *unit) {
    for (size_t i = 0; i < NWRITERS; i++) {
        if (strcmp(writers[i].unit, unit) == 0) {
            return &writers[i];
        }
    }
    return NULL;
}

/* "ba, bdi, ... or sc": the declared units, for the help and the error. */
static const char *unit_names(void) {
    static char names[512];
    size_t len = 0;
    for (size_t i = 0; i < NWRITERS && len < sizeof names; i++) {
        len += (size_t)snprintf(names + len, sizeof names - len, "%s%s", i == 0 ? "" : i + 1 == NWRITERS ? " or " : ", ",
                                writers[i].unit);
    }
    return names;
}

static const char vectors_usage_fmt[] =
    "usage: nocpress vectors [--unit UNIT] [--out DIR] [--lane-bytes 64|128]\n"
    "\n"
    "Writes a unit's golden vectors, a <top>.hex per RTL top of the unit (format and fields of\n"
    "each: docs/vectors.md), into DIR (default vectors/UNIT, created if missing).\n"
    "Inputs are directed and fixed-seed random; every expected value comes from the C model.\n"
    "The output does not depend on DIR, so a regenerated copy can be diffed byte for byte.\n"
    "  --unit UNIT     %s (default dsm)\n"
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
        if (find_writer(val) == NULL) {
            return cli_usage_error(a->cmd, "--unit must be %s, not '%s'", unit_names(), val);
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
    char vectors_usage[sizeof vectors_usage_fmt + 512];
    snprintf(vectors_usage, sizeof vectors_usage, vectors_usage_fmt, unit_names());
    int rc = cli_parse_options(argc, argv, opts, vectors_usage, on_vectors_option, &a, &first);
    if (rc >= 0) {
        return rc;
    }
    if (first < argc) {
        return cli_usage_error(argv[0], "unexpected argument '%s' (vectors takes options only)", argv[first]);
    }
    if (a.lane_given && strcmp(a.unit, "dsm") != 0) {
        return cli_usage_error(argv[0], "--lane-bytes applies to --unit dsm only");
    }
    char default_out[64];
    snprintf(default_out, sizeof default_out, "vectors/%s", a.unit);
    const char *out = a.out == NULL ? default_out : a.out;
    if (!make_dirs(out)) {
        return NP_EXIT_FAIL;
    }
    /* The recorded command names only what changes the content, never the output path (dsm, the
     * default unit, records no --unit). */
    if (strcmp(a.unit, "dsm") == 0) {
        return vectors_dsm_write_lanes(out, a.lane_bytes,
                                       a.lane_bytes == 64 ? "nocpress vectors" : "nocpress vectors --lane-bytes 128");
    }
    char command[96];
    snprintf(command, sizeof command, "nocpress vectors --unit %s", a.unit);
    return find_writer(a.unit)->write(out, command);
}
