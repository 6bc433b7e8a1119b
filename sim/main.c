/* npsim: the nocpress system simulator. `npsim help` lists the commands; docs/sim.md has the
 * model, the formats and the outputs. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>

#include "cmd/npsim_cmd.h"
#include "cli_opts.h"
#include "np_progress.h"
#include "np_version.h"

#include "exp/report.h"
#include "trace/tracegen.h"
#include "util/textscan.h"

#ifndef NP_GIT_REV
#define NP_GIT_REV "unknown"      /* sim/sim.mk passes `git describe --always --dirty`; outside git: unknown */
#endif
const char npsim_git_rev[] = NP_GIT_REV;

/* ---- command line ------------------------------------------------------------------------------ */

enum { KEY_OUT = 256, KEY_TRACE, KEY_PATTERN, KEY_PER_WARP, KEY_CYCLES, KEY_FROM_JSON, KEY_VERSION, KEY_QUIET, KEY_KERNEL };

static const struct option npsim_longopts[] = {
    {"config", required_argument, NULL, 'c'},
    {"out", required_argument, NULL, KEY_OUT},
    {"trace", required_argument, NULL, KEY_TRACE},
    {"kernel", required_argument, NULL, KEY_KERNEL},
    {"pattern", required_argument, NULL, KEY_PATTERN},
    {"per-warp", required_argument, NULL, KEY_PER_WARP},
    {"cycles", required_argument, NULL, KEY_CYCLES},
    {"from-json", required_argument, NULL, KEY_FROM_JSON},
    {"quiet", no_argument, NULL, KEY_QUIET},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* A decimal count on the command line: textscan's strict decimal (no sign, no leading zero, no
 * hex), so "--cycles 010" is refused like "mesh_k=010" rather than read one way here and
 * another there. */
static int parse_count_opt(const char *cmd, const char *opt, const char *s, uint64_t min, uint64_t max,
                           uint64_t *out) {
    if (!ts_dec_u64(s, max, out) || *out < min)
        return cli_usage_error(cmd, "%s '%s': expected a decimal integer in %llu..%llu (no sign, no leading zero)",
                               opt, s, (unsigned long long)min, (unsigned long long)max);
    return -1;
}

static int on_option(void *ctx, int key, const char *value) {
    options *o = ctx;
    static const struct { int key; unsigned bit; const char *name; } map[] = {
        {KEY_OUT, OPT_OUT, "--out"}, {KEY_TRACE, OPT_TRACE, "--trace"}, {KEY_KERNEL, OPT_TRACE, "--kernel"},
        {KEY_PATTERN, OPT_PATTERN, "--pattern"},
        {KEY_PER_WARP, OPT_PER_WARP, "--per-warp"}, {KEY_CYCLES, OPT_CYCLES, "--cycles"},
        {KEY_FROM_JSON, OPT_FROM_JSON, "--from-json"},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (map[i].key == key && !(o->allowed & map[i].bit))
            return cli_usage_error(o->cmd, "option %s does not apply to %s", map[i].name, o->cmd);
    uint64_t n;
    int rc;
    switch (key) {
    case 'c':
        if (o->nconfigs == MAX_CONFIGS) return cli_usage_error(o->cmd, "more than %u -c files", MAX_CONFIGS);
        o->configs[o->nconfigs++] = value;
        return -1;
    case KEY_OUT: o->out = value; return -1;
    case KEY_TRACE: o->trace = value; return -1;
    case KEY_KERNEL: o->kernel_opt = value; return -1;   /* = workload=kernel:NAME, after the configuration */
    case KEY_PATTERN:
        if (!tracegen_known(value))
            return cli_usage_error(o->cmd, "--pattern '%s': unknown pattern (%s)", value, tracegen_patterns());
        o->pattern = value;
        o->pattern_given = true;
        return -1;
    case KEY_PER_WARP:
        if ((rc = parse_count_opt(o->cmd, "--per-warp", value, 1, 1000000, &n)) >= 0) return rc;
        o->per_warp = (unsigned)n;
        o->per_warp_given = true;
        return -1;
    case KEY_CYCLES:
        /* the ranges of the configuration: bench's cycles as measure_cycles (a run of 10^18 cycles
         * was accepted and ran silently for ever), gpu-bench's repetitions at most 100 */
        if ((rc = parse_count_opt(o->cmd, "--cycles", value, 1, strcmp(o->cmd, "gpu-bench") ? 100000000 : 100, &n)) >= 0)
            return rc;
        o->cycles = n;
        return -1;
    case KEY_FROM_JSON: o->from_json = value; return -1;
    case KEY_QUIET: o->quiet = true; return -1;
    }
    return cli_usage_error(o->cmd, "internal: option %d", key);
}

static bool from_json(options *o, char *err);

/* The command line after the command's name: options (getopt_long, cli_opts.h), then the
 * configuration in this order: --from-json's recorded one, -c files in order, key=value operands
 * in order (the command line overrides files). Any other word is an error, never ignored.
 * Returns -1 to run, else the exit code (usage errors 2, bad configuration 1). */
static int parse_options(int argc, char **argv, options *o, unsigned allowed, unsigned max_positional,
                         const char *usage) {
    o->allowed = allowed;
    config_default(&o->cfg);
    o->pattern = "mix";
    o->per_warp = 48;
    int first;
    int rc = cli_parse_options_short(argc, argv, "c:", npsim_longopts, usage, on_option, o, &first);
    if (rc >= 0) return rc;
    char err[ERR_LEN];
    if (o->from_json && !from_json(o, err)) return die(err);
    for (unsigned i = 0; i < o->nconfigs; i++)
        if (!config_load_file(&o->cfg, o->configs[i], err, ERR_LEN)) return die(err);
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        const char *eq = strchr(a, '=');
        char key[64] = "";
        if (eq && (size_t)(eq - a) < sizeof key) snprintf(key, sizeof key, "%.*s", (int)(eq - a), a);
        /* convert's operands are paths: a word is an assignment there only when it names a key */
        bool assignment = eq && (max_positional == 0 || config_has_key(key));
        if (assignment) {
            char where[64];
            snprintf(where, sizeof where, "argument '%.40s'", a);
            if (!config_set(&o->cfg, where, a, err, ERR_LEN)) {
                fprintf(stderr, "npsim %s: %s\n", o->cmd, err);
                return NP_EXIT_USAGE;
            }
        } else if (o->npositional < max_positional) {
            o->positional[o->npositional++] = a;
        } else if (config_has_key(a)) {
            return cli_usage_error(o->cmd, "'%s' is a configuration key without a value: write %s=VALUE (no blanks "
                                   "around '=')", a, a);
        } else {
            return cli_usage_error(o->cmd, "unexpected argument '%s' (configuration is key=value, 'npsim help-config' "
                                   "lists the keys)", a);
        }
    }
    if (o->npositional < max_positional)
        return cli_usage_error(o->cmd, "expected %u operands, got %u", max_positional, o->npositional);
    if (!config_validate(&o->cfg, err, ERR_LEN)) return die(err);
    if (o->kernel_opt && snprintf(o->cfg.workload, sizeof o->cfg.workload, "kernel:%s", o->kernel_opt) >=
                             (int)sizeof o->cfg.workload)
        return cli_usage_error(o->cmd, "--kernel '%.60s': not an application name (npkernel list)", o->kernel_opt);
    if (!kernel_workload_check(o, err)) return cli_usage_error(o->cmd, "%s", err);
    return -1;
}


/* ---- output paths: checked before the run ------------------------------------------------------ */

/* ---- provenance: how a JSON's results were made --------------------------------------------- */
/* A JSON npsim wrote: its object "provenance" becomes this run's starting point (configuration
 * and workload); -c files and key=value operands still apply on top. */
/* The whole JSON text of path, NUL-terminated: a regular file (a device or fifo is refused, never
 * read until memory runs out) of at most 256 MiB, read to its stated length. */
#define FROM_JSON_MAX (256ll << 20)
static char *read_json_text(const char *path, size_t *len, char *err) {
    char why[ERR_LEN];
    long long size;
    FILE *f = np_open_regular(path, &size, why, sizeof why);
    if (!f) {
        snprintf(err, ERR_LEN, "--from-json %.1000s", why);
        return NULL;
    }
    char *text = size <= FROM_JSON_MAX ? malloc((size_t)size + 1) : NULL;
    size_t got = text ? fread(text, 1, (size_t)size + 1, f) : 0;
    bool ok = text && !ferror(f) && got == (size_t)size;
    fclose(f);
    if (!ok) {
        snprintf(err, ERR_LEN, "--from-json %.400s: %s", path, size > FROM_JSON_MAX ? "larger than 256 MiB (not a JSON "
                 "npsim wrote)" : !text ? "out of memory" : "read error or the file changed length while read");
        free(text);
        return NULL;
    }
    text[got] = '\0';
    *len = got;
    return text;
}

static bool from_json(options *o, char *err) {
    size_t len;
    char *text = read_json_text(o->from_json, &len, err);
    if (!text) return false;
    /* the whole file is one JSON value: anything after it (a second object, garbage) is an error */
    const char *end = NULL;
    cJSON *root = strlen(text) == len ? cJSON_ParseWithOpts(text, &end, true) : NULL;
    size_t at = !root && end ? (size_t)(end - text) : strlen(text);
    free(text);
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(root, "provenance");
    const cJSON *cfg = cJSON_GetObjectItemCaseSensitive(p, "config");
    const cJSON *w = cJSON_GetObjectItemCaseSensitive(p, "workload");
    bool ok = cJSON_IsObject(cfg) && cJSON_IsObject(w);
    if (!root)
        snprintf(err, ERR_LEN, "--from-json %.400s: not valid JSON: error or trailing data at byte %zu of %zu (the "
                 "file holds one JSON value, nothing after it)", o->from_json, at, len);
    else if (!ok)
        snprintf(err, ERR_LEN, "--from-json %.400s: no provenance.config / provenance.workload (not written by npsim)",
                 o->from_json);
    const cJSON *kv, *keys = ok ? cfg : NULL;
    cJSON_ArrayForEach(kv, keys) {
        char a[SIM_PATH_MAX + 64], where[SIM_PATH_MAX + 64];
        snprintf(where, sizeof where, "--from-json %.300s: provenance.config", o->from_json);
        if (!cJSON_IsString(kv) || snprintf(a, sizeof a, "%s=%s", kv->string, kv->valuestring) >= (int)sizeof a) {
            snprintf(err, ERR_LEN, "%s: %.60s: not a key with a string value", where, kv->string);
            ok = false;
            break;
        }
        if (!(ok = config_set(&o->cfg, where, a, err, ERR_LEN))) break;
    }
    /* a default synth_report stays a default (it may fall back, as it did in the recorded run) */
    const cJSON *named = cJSON_GetObjectItemCaseSensitive(p, "synth_report_named");
    if (ok && cJSON_IsBool(named)) o->cfg.synth_report_named = cJSON_IsTrue(named);
    /* the workload: what the command line did not say itself */
    static char trace[SIM_PATH_MAX], pattern[64];       /* outlive root; one --from-json per process */
    const cJSON *tr = cJSON_GetObjectItemCaseSensitive(w, "trace"), *pat = cJSON_GetObjectItemCaseSensitive(w, "pattern"),
                *pw = cJSON_GetObjectItemCaseSensitive(w, "per_warp");
    if (ok && !o->trace && !o->pattern_given && !o->kernel_opt && cJSON_IsString(tr)) {
        snprintf(trace, sizeof trace, "%s", tr->valuestring);
        o->trace = trace;
    }
    if (ok && !o->trace && !o->pattern_given && !o->kernel_opt && cJSON_IsString(pat)) {
        snprintf(pattern, sizeof pattern, "%s", pat->valuestring);
        o->pattern = pattern;
    }
    if (ok && cJSON_IsNumber(pw) && !o->per_warp_given && pw->valuedouble >= 1 && pw->valuedouble <= 1000000)
        o->per_warp = (unsigned)pw->valuedouble;
    cJSON_Delete(root);
    return ok;
}

/* A synth_report the user named must be usable (an error before any simulation); the default one
 * may be missing, and then every latency is the published figure (sources say so). */
static bool check_synth_report(options *o, char *err) {
    o->synth_used = false;
    if (!o->cfg.synth_report[0]) return true;
    char why[ERR_LEN];
    if (codec_report_check(o->cfg.synth_report, why, sizeof why)) {
        o->synth_used = true;
        return true;
    }
    if (!o->cfg.synth_report_named) return true;
    snprintf(err, ERR_LEN, "%s", why);
    return false;
}


/* ---- compressed L1 (npsim latte-compare; docs/sim.md "Compressed L1 (LATTE-CC)") ---------------- */




static int cmd_help_config(options *o) {
    config_print(&o->cfg, stdout);
    return 0;
}

#define GPU_OPTS (OPT_TRACE | OPT_PATTERN | OPT_PER_WARP | OPT_FROM_JSON)

typedef struct {
    const char *name;
    int (*run)(options *o);
    unsigned opts;            /* OPT_* accepted besides -c and key=value */
    out_kind out;
    unsigned operands;        /* operands besides key=value (convert: IN OUT) */
    bool latencies;           /* reads synth_report: a named one is checked before the run */
    const char *synopsis, *what;
} command;

static const command commands[] = {
    {"compare", cmd_compare, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--trace T | --kernel NAME | --pattern P --per-warp N] [--out DIR]",
     "baseline vs every reply compressor; DIR/summary.{txt,json}"},
    {"run", cmd_run, GPU_OPTS | OPT_OUT, OUT_FILE, 0, true, "[--trace T | --kernel NAME | --pattern P --per-warp N] [--out FILE.json]",
     "one run (key compressor); --from-json FILE reruns a JSON's configuration and workload"},
    {"traffic", cmd_traffic, 0, OUT_NONE, 0, false, "", "synthetic traffic run (keys traffic, injection_rate, "
     "packet_flits, ...)"},
    {"sweep", cmd_sweep, OPT_OUT, OUT_PREFIX, 0, false, "[--out PREFIX]",
     "latency / accepted throughput vs offered load, saturation; PREFIX.{dat,json,gp,png}"},
    {"bench", cmd_bench, OPT_CYCLES, OUT_NONE, 0, false, "[--cycles N]", "simulated cycles per CPU second (synthetic "
     "traffic)"},
    {"gpu-bench", cmd_gpu_bench, GPU_OPTS | OPT_CYCLES, OUT_NONE, 0, true, "[--trace T | --kernel NAME | --pattern P] [--cycles R]",
     "GPU run speed, core = none vs sm, best of R runs (3)"},
    {"core-compare", cmd_core_compare, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--trace T | --kernel NAME | --pattern P] [--out DIR]",
     "core model: gto vs lrr vs youngest; DIR/core_compare.{txt,json}"},
    {"latte-compare", cmd_latte_compare, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--trace T | --kernel NAME | --pattern P] [--out DIR]",
     "compressed L1: none vs Static-BDI vs Static-SC vs LATTE-CC vs Adaptive-Hit-Count (core = sm); "
     "DIR/latte_compare.{txt,json,dat,gp,png}"},
    {"gen-trace", cmd_gen_trace, OPT_PATTERN | OPT_PER_WARP | OPT_OUT, OUT_FILE, 0, false,
     "--pattern P --per-warp N --out FILE", "write a generated workload as a trace (FILE ending .bin: binary)"},
    {"convert", cmd_convert, 0, OUT_NONE, 2, false, "IN OUT", "trace text <-> binary (by OUT's extension); IN may be "
     "an Accel-Sim .traceg or kernelslist.g"},
    {"ba-compare", cmd_ba_compare, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--pattern P | --trace T | --kernel NAME] [--out DIR]",
     "L1 lru vs tag-lru vs ba vs bypass on every generated workload; DIR/ba_compare.{txt,json}"},
    {"pcu-sweep", cmd_pcu_sweep, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--pattern P | --trace T | --kernel NAME] [--out DIR]",
     "packet coalescing: XY-XY / XY-YX x RGRs off, 64..1024; DIR/pcu_sweep.{txt,json,dat,gp,png}"},
    {"l1-sweep", cmd_l1_sweep, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--pattern P | --trace T | --kernel NAME] [--out DIR]",
     "seed 002's L1 options (16..256 KiB at 8 ways, 16 KiB at 8..64 ways), LRU: hit rate, rd0/rd1/rd2, IPC; "
     "DIR/l1_sweep.{txt,json,dat,gp,png}"},
    {"mem-micro", cmd_mem_micro, OPT_OUT, OUT_DIR, 0, false, "[--out DIR]",
     "memory-system microbenchmarks (dram = gddr5) beside their derived limits; DIR/loaded_latency.{dat,gp,png}"},
    {"router-vectors", cmd_router_vectors, OPT_OUT, OUT_DIR, 0, false, "--out DIR",
     "the RTL router's golden vectors from npsim's router model: DIR/router_mcast.hex (make vectors)"},
    {"codecs", cmd_codecs, 0, OUT_NONE, 0, true, "", "reply compressors and where their latencies come from"},
    {"help-config", cmd_help_config, 0, OUT_NONE, 0, false, "", "every configuration key, its value and meaning"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const char common_help[] =
    "  -c, --config FILE  configuration file (key = value lines; relative paths in it are relative to FILE's folder);\n"
    "                     may be given more than once; key=value operands override the files\n"
    "  key=value          one configuration key ('npsim help-config' lists them); numbers are decimal (no leading\n"
    "                     zero) or 0x hex, finite\n"
    "  --quiet            no progress line (shown on stderr when it is a terminal, for runs longer than 1 s)\n"
    "  -h, --help         this help\n"
    "Options take their value as --opt VALUE or --opt=VALUE, before or after the operands; '--' ends them.\n"
    "Exit status: 0 success, 1 bad input or failed run, 2 bad command line, 3 out of memory or disk space.\n";

static void usage(FILE *f) {
    fprintf(f, "usage: npsim COMMAND [-c FILE] [key=value ...] [options]   (npsim COMMAND --help, npsim --version)\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-12s %s\n  %12s   %s\n", commands[i].name, commands[i].synopsis, "", commands[i].what);
}

int main(int argc, char **argv) {
    cli_tool_name = "npsim";
    if (argc < 2) {
        usage(stderr);
        return NP_EXIT_USAGE;
    }
    if (!strcmp(argv[1], "help") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("npsim %s (git %s; libnocpress %s; models: %s)\n", NOCPRESS_VERSION, npsim_git_rev, np_version(),
               np_version_models());
        return 0;
    }
    const command *c = NULL;
    for (size_t i = 0; i < NCOMMANDS && !c; i++)
        if (!strcmp(argv[1], commands[i].name)) c = &commands[i];
    if (!c) {
        fprintf(stderr, "npsim: unknown command '%s' (npsim --help lists the commands)\n", argv[1]);
        return NP_EXIT_USAGE;
    }
    static options o;                       /* large (sim_config); static keeps it off the stack */
    memset(&o, 0, sizeof o);
    o.cmd = c->name;
    o.argc = argc;
    o.argv = argv;
    /* --help text: the command's synopsis, then what every command takes */
    char help[4096];
    snprintf(help, sizeof help, "usage: npsim %s %s [-c FILE] [key=value ...]\n%s\n%s", c->name, c->synopsis, c->what,
             common_help);
    int rc = parse_options(argc - 1, argv + 1, &o, c->opts, c->operands, help);
    if (rc >= 0) return rc;
    np_progress_init("npsim", o.quiet);
    char err[ERR_LEN];
    if (c->out != OUT_NONE && !o.out && !strcmp(c->name, "gen-trace"))
        return cli_usage_error(c->name, "--out FILE is required (.bin = binary, else text)");
    /* everything the run will need is checked before it starts: nothing is simulated to be lost */
    if (!check_output(&o, c->out, err)) return die(err);
    if (c->latencies && !check_synth_report(&o, err)) return die(err);
    if (!kernel_workload_trace(&o, err)) return die(err);   /* workload = kernel:NAME: its trace, for this run */
    rc = c->run(&o);
    kernel_workload_remove(&o);
    return rc;
}
