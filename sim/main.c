/* npsim: the nocpress system simulator. `npsim help` lists the commands; docs/sim.md has the
 * model, the formats and the outputs. */
#define _POSIX_C_SOURCE 200809L
#include <cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli_opts.h"
#include "np_gnuplot.h"
#include "np_version.h"

#include "mem/reply_codec.h"
#include "util/config.h"
#include "gpu/energy.h"
#include "gpu/gpu.h"
#include "exp/l1sweep.h"
#include "mem/memimg.h"
#include "util/perfcount.h"
#include "exp/report.h"
#include "reuse.h"
#include "util/textscan.h"
#include "trace/trace.h"
#include "trace/tracegen.h"
#include "net/traffic.h"

#define ERR_LEN 1024

/* What a command accepts besides -c FILE and key=value (one bit per option). */
enum {
    OPT_OUT = 1u << 0, OPT_TRACE = 1u << 1, OPT_PATTERN = 1u << 2, OPT_PER_WARP = 1u << 3, OPT_CYCLES = 1u << 4,
    OPT_FROM_JSON = 1u << 5,
};
/* How a command uses --out (checked before any simulation: a run never ends in "cannot write"). */
typedef enum { OUT_NONE, OUT_FILE, OUT_DIR, OUT_PREFIX } out_kind;

#define MAX_CONFIGS 8

typedef struct {              /* options common to every command */
    sim_config cfg;
    const char *cmd;          /* the command's name */
    const char *positional[2];
    unsigned npositional;
    const char *out;          /* --out */
    const char *trace;        /* --trace */
    const char *pattern;      /* --pattern */
    bool pattern_given;       /* --pattern was on the command line */
    unsigned per_warp;        /* --per-warp */
    bool per_warp_given;
    uint64_t cycles;          /* --cycles */
    const char *from_json;    /* --from-json: configuration and workload of an earlier run */
    const char *configs[MAX_CONFIGS];   /* -c FILE, in order */
    unsigned nconfigs;
    unsigned allowed;         /* OPT_* bits of the command */
    bool image_loaded;        /* the memory image came from data_dir (else: zero image, contents unused) */
    bool synth_used;          /* cfg.synth_report was read (false: every latency is the published one) */
    int argc;                 /* the command line, recorded in every JSON */
    char **argv;
} options;

static int die(const char *msg) {
    fprintf(stderr, "npsim: %s\n", msg);
    return 1;
}

/* ---- command line ------------------------------------------------------------------------------ */

enum { KEY_OUT = 256, KEY_TRACE, KEY_PATTERN, KEY_PER_WARP, KEY_CYCLES, KEY_FROM_JSON, KEY_VERSION };

static const struct option npsim_longopts[] = {
    {"config", required_argument, NULL, 'c'},
    {"out", required_argument, NULL, KEY_OUT},
    {"trace", required_argument, NULL, KEY_TRACE},
    {"pattern", required_argument, NULL, KEY_PATTERN},
    {"per-warp", required_argument, NULL, KEY_PER_WARP},
    {"cycles", required_argument, NULL, KEY_CYCLES},
    {"from-json", required_argument, NULL, KEY_FROM_JSON},
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
        {KEY_OUT, OPT_OUT, "--out"}, {KEY_TRACE, OPT_TRACE, "--trace"}, {KEY_PATTERN, OPT_PATTERN, "--pattern"},
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
    case KEY_PATTERN:
        o->pattern = value;
        o->pattern_given = true;
        return -1;
    case KEY_PER_WARP:
        if ((rc = parse_count_opt(o->cmd, "--per-warp", value, 1, 1000000, &n)) >= 0) return rc;
        o->per_warp = (unsigned)n;
        o->per_warp_given = true;
        return -1;
    case KEY_CYCLES:
        if ((rc = parse_count_opt(o->cmd, "--cycles", value, 1, UINT64_MAX, &n)) >= 0) return rc;
        o->cycles = n;
        return -1;
    case KEY_FROM_JSON: o->from_json = value; return -1;
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
    return -1;
}

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- GPU runs ------------------------------------------------------------------------------ */

/* Warp ids a trace may name: warps_per_sm for the memory-only model; the core model runs thread
 * blocks in warps_per_sm slots as they free up, so any id. */
static unsigned trace_warp_limit(const sim_config *cfg) {
    return cfg->core == CORE_SM ? CORE_MAX_WARPS : cfg->warps_per_sm;
}

/* A memory image of zeros: the run reads no line contents (compressor none on a user's trace),
 * so the data folder is not needed. Same shape as a loaded image (1 MiB, no regions). */
static bool zero_image(mem_image *img, char *err) {
    memset(img, 0, sizeof *img);
    img->size = MEMIMG_ALIGN;
    img->data = calloc(1, MEMIMG_ALIGN);
    if (!img->data) snprintf(err, ERR_LEN, "out of memory (memory image)");
    return img->data != NULL;
}

/* The memory image when the run needs contents: the generators read it (no --trace), and so does
 * every reply compressor but none (all_codecs: the command runs each of them). Else zeros. The
 * error says which key to set. */
static bool load_image(options *o, mem_image *img, bool all_codecs, char *err) {
    bool generated = !o->trace;
    bool compressed = all_codecs || strcmp(o->cfg.compressor, "none") != 0 || o->cfg.l1_compression != L1C_NONE;
    o->image_loaded = false;
    if (!generated && !compressed) return zero_image(img, err);
    char why[ERR_LEN];
    if (!memimg_load(img, o->cfg.data_dir, why, sizeof why)) {
        snprintf(err, ERR_LEN, "%.600s (data_dir = '%.120s': %s%.60s read%s the memory image; set data_dir=FOLDER "
                 "of *.bin files%s)", why, o->cfg.data_dir,
                 generated ? "the generated workloads" : all_codecs ? "the reply compressors" : "compressor ",
                 generated || all_codecs ? "" : o->cfg.compressor, generated || all_codecs ? "" : "s",
                 generated ? ", or give --trace (with compressor=none no data is read)" : "");
        return false;
    }
    o->image_loaded = true;
    return true;
}

static bool load_workload(options *o, mem_image *img, trace_t *t, bool all_codecs, char *err) {
    if (!load_image(o, img, all_codecs, err)) return false;
    trace_init(t);
    if (o->trace) return trace_load(t, o->trace, o->cfg.sms, trace_warp_limit(&o->cfg), err, ERR_LEN);
    return tracegen(o->pattern, &o->cfg, img, o->per_warp, t, err, ERR_LEN);
}

static bool write_json(cJSON *root, const char *path, char *err) {
    char *text = cJSON_Print(root);
    errno = 0;
    FILE *f = text ? fopen(path, "w") : NULL;
    bool ok = f && fputs(text, f) >= 0 && fputc('\n', f) != EOF;
    int e = errno;
    if (f && fclose(f)) {
        ok = false;
        e = errno;
    }
    free(text);
    if (!ok) snprintf(err, ERR_LEN, "%.900s: cannot write: %s", path, text ? strerror(e) : "out of memory");
    return ok;
}

/* ---- output paths: checked before the run ------------------------------------------------------ */

/* mkdir -p: the folders the user named for the outputs. */
static bool make_dirs(const char *dir, char *err) {
    char path[SIM_PATH_MAX];
    if (strlen(dir) >= sizeof path) {
        snprintf(err, ERR_LEN, "--out %.400s: path too long", dir);
        return false;
    }
    snprintf(path, sizeof path, "%s", dir);
    for (char *p = path + 1;; p++) {
        bool end = *p == '\0';
        if (*p == '/' || end) {
            *p = '\0';
            struct stat sb;
            if (mkdir(path, 0777) != 0 && errno != EEXIST) {
                snprintf(err, ERR_LEN, "--out %.400s: cannot create folder %.400s: %s", dir, path, strerror(errno));
                return false;
            }
            if (stat(path, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
                snprintf(err, ERR_LEN, "--out %.400s: %.400s is not a folder", dir, path);
                return false;
            }
            if (end) break;
            *p = '/';
        }
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, ERR_LEN, "--out %.400s: cannot write in this folder: %s", dir, strerror(errno));
        return false;
    }
    return true;
}

/* A file the command will write: its folder exists and is writable, and the file, if it exists,
 * is a writable regular file. Nothing is created (a run that fails later leaves nothing). */
static bool check_out_file(const char *opt, const char *file, char *err) {
    char dir[SIM_PATH_MAX];
    const char *slash = strrchr(file, '/');
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == file) snprintf(dir, sizeof dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(slash - file), file);
    struct stat sb;
    int st = stat(dir, &sb);
    if (st != 0 || !S_ISDIR(sb.st_mode)) {
        snprintf(err, ERR_LEN, "%s %.400s: cannot write: folder %.400s: %s", opt, file, dir,
                 st != 0 ? strerror(errno) : "not a folder");
        return false;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, ERR_LEN, "%s %.400s: cannot write in folder %.400s: %s", opt, file, dir, strerror(errno));
        return false;
    }
    if (stat(file, &sb) == 0) {
        if (S_ISDIR(sb.st_mode)) {
            snprintf(err, ERR_LEN, "%s %.400s: is a folder (a file is expected)", opt, file);
            return false;
        }
        if (access(file, W_OK) != 0) {
            snprintf(err, ERR_LEN, "%s %.400s: cannot write: %s", opt, file, strerror(errno));
            return false;
        }
    }
    return true;
}

static bool check_output(const options *o, out_kind kind, char *err) {
    if (!o->out || kind == OUT_NONE) return true;
    if (kind == OUT_DIR) return make_dirs(o->out, err);
    if (kind == OUT_FILE) return check_out_file("--out", o->out, err);
    char f[SIM_PATH_MAX + 8];                            /* OUT_PREFIX: PREFIX.dat, .png, .json, .gp */
    snprintf(f, sizeof f, "%s.json", o->out);
    return check_out_file("--out", f, err);
}

static void describe_machine(FILE *f, const options *o, const mem_image *img, const trace_t *t) {
    const sim_config *c = &o->cfg;
    static const char *place[] = {"bottom", "top-bottom", "edge", "diamond", "list"};
    if (c->topology == TOPO_MESH)
        fprintf(f, "machine: %ux%u mesh, %u SMs + %u MCs (%s), %u-bit channels, %u VCs x %u flits, routing %s-%s\n",
                c->mesh_k, c->mesh_k, c->sms, c->mcs, place[c->mc_placement], config_channel_bits(c), c->vcs,
                c->vc_depth, c->routing[0] == ROUTE_XY ? "XY" : "YX", c->routing[1] == ROUTE_XY ? "XY" : "YX");
    else
        fprintf(f, "machine: request and reply crossbars, %u SMs + %u MCs, %u-bit channels, %u VCs x %u flits\n",
                c->sms, c->mcs, config_channel_bits(c), c->vcs, c->vc_depth);
    if (o->image_loaded)
        fprintf(f, "workload: %s, %zu accesses, %zu warp instructions; memory image %u regions from %s (%.1f MiB)\n",
                o->trace ? o->trace : o->pattern, t->count, t->nin, img->nregions, c->data_dir,
                (double)img->size / 1048576.0);
    else
        fprintf(f, "workload: %s, %zu accesses, %zu warp instructions; memory image not read (compressor none on a "
                   "trace reads no line contents)\n", o->trace ? o->trace : o->pattern, t->count, t->nin);
    fprintf(f, "SM model: core = %s", config_core_name(c->core));
    if (c->core == CORE_SM)
        fprintf(f, ", %u warps/SM, %u schedulers/SM, %s; latency,interval alu %u,%u sfu %u,%u other %u,%u; smem %u; "
                   "%s gen_alu %u, gen_dep %u", c->warps_per_sm, c->schedulers_per_sm,
                config_scheduler_name(c->scheduler), c->class_latency[LAT_ALU], c->class_interval[LAT_ALU],
                c->class_latency[LAT_SFU], c->class_interval[LAT_SFU], c->class_latency[LAT_OTHER],
                c->class_interval[LAT_OTHER], c->smem_latency,
                o->trace ? "(generators' keys, unused with --trace)" : "generators:", c->gen_alu, c->gen_dep);
    else fprintf(f, " (memory-only: each warp issues its accesses, at most %u misses in flight)", c->warp_max_outstanding);
    fputc('\n', f);
}

/* ---- provenance: how a JSON's results were made --------------------------------------------- */

#ifndef NP_GIT_REV
#define NP_GIT_REV "unknown"      /* sim/sim.mk passes `git describe --always --dirty`; outside git: unknown */
#endif

static void add_config_key(void *ctx, const char *key, const char *value) {
    cJSON_AddStringToObject(ctx, key, value);
}

static void add_input(cJSON *arr, const char *role, const char *path) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "role", role);
    cJSON_AddStringToObject(o, "path", path);
    struct stat sb;
    if (stat(path, &sb) == 0) cJSON_AddNumberToObject(o, "bytes", (double)sb.st_size);
    else cJSON_AddStringToObject(o, "error", strerror(errno));
    cJSON_AddItemToArray(arr, o);
}

static void add_timing(cJSON *arr, const codec_timing *t) {
    const codec_latency *l[3] = {&t->comp, &t->decomp, &t->approx};
    static const char *const unit[3] = {"compressor", "decompressor", "approximation"};
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "codec", t->def->name);
    for (unsigned i = 0; i < 3; i++) {
        cJSON *u = cJSON_AddObjectToObject(o, unit[i]);
        cJSON_AddNumberToObject(u, "cycles", l[i]->cycles);
        cJSON_AddStringToObject(u, "source", l[i]->source);
    }
    cJSON_AddItemToArray(arr, o);
}

/* Everything a reader needs to know how the results were made, and everything `npsim <cmd>
 * --from-json` needs to make them again: versions, the command line, the full effective
 * configuration (defaults included, exact values), the seed, the workload options, the input
 * files with their sizes, and the latencies with their sources. all_codecs: the command ran
 * every reply compressor (their latencies are listed), else only cfg.compressor. */
static cJSON *provenance_json(const options *o, const mem_image *img, bool all_codecs) {
    cJSON *p = cJSON_CreateObject();
    cJSON_AddStringToObject(p, "tool", "npsim");
    cJSON_AddStringToObject(p, "version", NOCPRESS_VERSION);
    cJSON_AddStringToObject(p, "git_revision", NP_GIT_REV);
    cJSON_AddStringToObject(p, "library", np_version());
    cJSON_AddStringToObject(p, "models", np_version_models());
    cJSON_AddStringToObject(p, "command_name", o->cmd);
    cJSON *argv = cJSON_AddArrayToObject(p, "command");
    for (int i = 0; i < o->argc; i++) cJSON_AddItemToArray(argv, cJSON_CreateString(o->argv[i]));
    char cwd[SIM_PATH_MAX];
    if (getcwd(cwd, sizeof cwd)) cJSON_AddStringToObject(p, "cwd", cwd);
    cJSON_AddNumberToObject(p, "seed", (double)o->cfg.seed);
    /* the effective configuration; synth_report as it was set, with whether the user named it (a
     * named one must be usable) and whether it was read (else every latency is the published one) */
    config_each(&o->cfg, add_config_key, cJSON_AddObjectToObject(p, "config"));
    cJSON_AddBoolToObject(p, "synth_report_named", o->cfg.synth_report_named);
    cJSON_AddBoolToObject(p, "synth_report_used", o->synth_used);
    cJSON *w = cJSON_AddObjectToObject(p, "workload");
    if (o->trace) cJSON_AddStringToObject(w, "trace", o->trace);
    else {
        cJSON_AddStringToObject(w, "pattern", o->pattern);
        cJSON_AddNumberToObject(w, "per_warp", o->per_warp);
    }
    cJSON *in = cJSON_AddArrayToObject(p, "inputs");
    if (o->from_json) add_input(in, "from-json", o->from_json);
    for (unsigned i = 0; i < o->nconfigs; i++) add_input(in, "config", o->configs[i]);
    if (o->trace) add_input(in, "trace", o->trace);
    size_t tl = o->trace ? strlen(o->trace) : 0;
    if (tl >= 13 && !strcmp(o->trace + tl - 13, "kernelslist.g")) {
        /* an Accel-Sim list: the kernel trace it names is an input too (traceg.c: one
         * kernel-N.traceg line, no folder part, beside the list) */
        FILE *kl = fopen(o->trace, "r");
        char line[512];
        while (kl && fgets(line, sizeof line, kl)) {
            line[strcspn(line, " \t\r\n")] = '\0';
            size_t n = strlen(line);
            if (strncmp(line, "kernel-", 7) || n < 8 || strcmp(line + n - 7, ".traceg") || strchr(line, '/')) continue;
            char path[SIM_PATH_MAX + 512];
            snprintf(path, sizeof path, "%.*s%s", (int)(tl - 13), o->trace, line);
            add_input(in, "trace", path);
        }
        if (kl) fclose(kl);
    }
    if (o->synth_used) add_input(in, "synth_report", o->cfg.synth_report);
    if (img && o->image_loaded)
        for (unsigned i = 0; i < img->nregions; i++) {
            char path[SIM_PATH_MAX + 160];
            snprintf(path, sizeof path, "%s/%s.bin", o->cfg.data_dir, img->region[i].name);
            add_input(in, "data", path);
        }
    cJSON_AddStringToObject(p, "memory_image", !img ? "not used" : o->image_loaded ? o->cfg.data_dir
                                                    : "zeros (no line contents read; data_dir not used)");
    cJSON *lat = cJSON_AddArrayToObject(p, "latencies");
    for (unsigned i = 0; i < codec_count(); i++) {
        if (!all_codecs && strcmp(codec_at(i)->name, o->cfg.compressor)) continue;
        codec_timing t;
        codec_timing_load(&t, codec_at(i), o->synth_used ? o->cfg.synth_report : "",
                          o->cfg.reply_compressor_latency, o->cfg.reply_decompressor_latency);
        add_timing(lat, &t);
    }
    return p;
}

/* A JSON npsim wrote: its object "provenance" becomes this run's starting point (configuration
 * and workload); -c files and key=value operands still apply on top. */
static bool from_json(options *o, char *err) {
    FILE *f = fopen(o->from_json, "rb");
    if (!f) {
        snprintf(err, ERR_LEN, "--from-json %.400s: cannot open: %s", o->from_json, strerror(errno));
        return false;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    for (size_t n; ; len += n) {
        if (len + 65536 > cap) {
            char *b = realloc(text, cap = (cap ? cap * 2 : 65536) + 1);
            if (!b) break;
            text = b;
        }
        if (!(n = fread(text + len, 1, cap - len - 1, f))) break;
    }
    fclose(f);
    if (text) text[len] = '\0';
    cJSON *root = text ? cJSON_Parse(text) : NULL;
    free(text);
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(root, "provenance");
    const cJSON *cfg = cJSON_GetObjectItemCaseSensitive(p, "config");
    const cJSON *w = cJSON_GetObjectItemCaseSensitive(p, "workload");
    bool ok = cJSON_IsObject(cfg) && cJSON_IsObject(w);
    if (!ok) snprintf(err, ERR_LEN, "--from-json %.400s: %s", o->from_json,
                      !root ? "not valid JSON" : "no provenance.config / provenance.workload (not written by npsim)");
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
    if (ok && !o->trace && !o->pattern_given && cJSON_IsString(tr)) {
        snprintf(trace, sizeof trace, "%s", tr->valuestring);
        o->trace = trace;
    }
    if (ok && !o->trace && !o->pattern_given && cJSON_IsString(pat)) {
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

/* npsim compare: baseline and every compressor on one workload -> table (+ summary files). */
static int cmd_compare(options *o) {
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    if (!load_workload(o, &img, &t, true, err)) return die(err);
    FILE *summary = NULL;
    char path[1024];
    if (o->out) {
        snprintf(path, sizeof path, "%s/summary.txt", o->out);
        summary = fopen(path, "w");
        if (!summary) {
            snprintf(err, ERR_LEN, "%.900s: cannot write: %s", path, strerror(errno));
            return die(err);
        }
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
        fclose(summary);
        snprintf(path, sizeof path, "%s/summary.json", o->out);
        ok = write_json(root, path, err);
    }
    cJSON_Delete(root);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

/* npsim run: one compressor (config key `compressor`). */
static int cmd_run(options *o) {
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    if (!load_workload(o, &img, &t, false, err)) return die(err);
    gpu_stats st;
    codec_timing tm;
    if (!gpu_run(&o->cfg, &img, &t, &st, &tm, err, ERR_LEN)) return die(err);
    describe_machine(stdout, o, &img, &t);
    report_gpu_table_header(stdout);
    report_gpu_table_row(stdout, o->cfg.compressor, &st);
    report_gpu_detail(stdout, o->cfg.compressor, &st, &tm);
    cJSON *j = report_gpu_json(o->cfg.compressor, &st, &tm);
    cJSON_AddItemToObject(j, "provenance", provenance_json(o, &img, false));
    bool ok = !o->out || write_json(j, o->out, err);
    cJSON_Delete(j);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

/* npsim core-compare: the core model under each issue policy on one workload. */
static int cmd_core_compare(options *o) {
    static const sim_scheduler policies[] = {SCHED_GTO, SCHED_LRR, SCHED_YOUNGEST};
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    o->cfg.core = CORE_SM;
    if (!load_workload(o, &img, &t, false, err)) return die(err);
    gpu_stats st[3];
    codec_timing tm[3];
    cJSON *root = cJSON_CreateObject();
    cJSON_AddItemToObject(root, "provenance", provenance_json(o, &img, false));
    cJSON *runs = cJSON_AddArrayToObject(root, "runs");
    /* a short row label: an Accel-Sim trace by its directory, another trace by its file name */
    char label[128];
    const char *name = o->pattern;
    if (o->trace) {
        const char *base = strrchr(o->trace, '/');
        base = base ? base + 1 : o->trace;
        snprintf(label, sizeof label, "%s", base);
        if (!strcmp(base, "kernelslist.g") && base != o->trace) {
            int dirlen = (int)(base - 1 - o->trace);
            const char *d = o->trace + dirlen;
            while (d > o->trace && d[-1] != '/') d--;
            snprintf(label, sizeof label, "%.*s", (int)(o->trace + dirlen - d), d);
        }
        name = label;
    }
    for (unsigned i = 0; i < 3; i++) {
        sim_config cfg = o->cfg;
        cfg.scheduler = policies[i];
        double t0 = cpu_seconds();
        if (!gpu_run(&cfg, &img, &t, &st[i], &tm[i], err, ERR_LEN)) return die(err);
        fprintf(stderr, "npsim: core %s: %llu cycles in %.2f s\n", config_scheduler_name(cfg.scheduler),
                (unsigned long long)st[i].completion_cycles, cpu_seconds() - t0);
        cJSON *j = report_gpu_json(cfg.compressor, &st[i], &tm[i]);
        cJSON_AddStringToObject(j, "workload", name);
        cJSON_AddItemToArray(runs, j);
    }
    FILE *outs[2] = {stdout, NULL};
    char path[1024];
    if (o->out) {
        snprintf(path, sizeof path, "%s/core_compare.txt", o->out);
        if (!(outs[1] = fopen(path, "w"))) {
            snprintf(err, ERR_LEN, "%.900s: cannot write: %s", path, strerror(errno));
            return die(err);
        }
    }
    for (unsigned k = 0; k < 2; k++) {
        FILE *f = outs[k];
        if (!f) continue;
        fprintf(f, "npsim core-compare: issue policies of the core model\n");
        describe_machine(f, o, &img, &t);
        report_core_table_header(f);
        for (unsigned i = 0; i < 3; i++) report_core_table_row(f, name, &st[i]);
        fprintf(f, "(ipc: warp instructions per cycle, whole GPU; issue/idle/bar/sb/mem/struct: shares of scheduler-cycles "
                   "that issued / stalled by cause; ready: ready warps per scheduler per cycle; cyc/sch: execution "
                   "cycles per schedule; lat_tol = ready x cyc/sch, seed 004 eq. 4)\n");
        for (unsigned i = 0; i < 3; i++) report_gpu_detail(f, config_scheduler_name(policies[i]), &st[i], &tm[i]);
    }
    bool ok = true;
    if (outs[1]) {
        fclose(outs[1]);
        snprintf(path, sizeof path, "%s/core_compare.json", o->out);
        ok = write_json(root, path, err);
    }
    cJSON_Delete(root);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

/* npsim gpu-bench: simulated cycles per CPU second of gpu_run on the workload, core = none and
 * core = sm, best of --repeat runs each (CPU time of the run alone: no loading, no generation). */
static int cmd_gpu_bench(options *o) {
    char err[ERR_LEN];
    mem_image img;
    trace_t t;
    if (!load_workload(o, &img, &t, false, err)) return die(err);
    unsigned repeat = o->cycles ? (unsigned)o->cycles : 3;
    double rate[2] = {0, 0};
    printf("gpu-bench: %s, %zu accesses, %zu warp instructions, %u SMs, compressor %s; best of %u runs each, one core\n",
           o->trace ? o->trace : o->pattern, t.count, t.nin, o->cfg.sms, o->cfg.compressor, repeat);
    for (unsigned m = 0; m < 2; m++) {
        sim_config cfg = o->cfg;
        cfg.core = m ? CORE_SM : CORE_NONE;
        double best = 0;
        gpu_stats st;
        for (unsigned r = 0; r < repeat; r++) {
            double t0 = cpu_seconds();
            if (!gpu_run(&cfg, &img, &t, &st, NULL, err, ERR_LEN)) return die(err);
            double secs = cpu_seconds() - t0;
            if (r == 0 || secs < best) best = secs;
        }
        rate[m] = (double)st.completion_cycles / best;
        printf("  core = %-4s %9llu cycles in %.3f s CPU = %9.0f simulated cycles/s", config_core_name(cfg.core),
               (unsigned long long)st.completion_cycles, best, rate[m]);
        if (m) printf(" (%llu warp instructions, %.0f per s)", (unsigned long long)st.instructions,
                      (double)st.instructions / best);
        printf("\n");
    }
    printf("  core model cost: %.2fx the memory-only model's time per simulated cycle\n", rate[0] / rate[1]);
    trace_free(&t);
    memimg_free(&img);
    return 0;
}

/* ---- compressed L1 (npsim latte-compare; docs/sim.md "Compressed L1 (LATTE-CC)") ---------------- */

#define LATTE_COMPARED 5
static const sim_l1_compression latte_compared[LATTE_COMPARED] = {L1C_NONE, L1C_BDI, L1C_SC, L1C_LATTE, L1C_HIT_COUNT};

/* Fig. 16 and Fig. 10 of seed 004: SM 0's effective L1 capacity over time under each compressed
 * scheme, and the mode LATTE-CC chose at each EP end. */
static bool plot_latte(const char *dir, const gpu_stats *st, char *err) {
    char dat[1024], png[1024], gp[1024];
    snprintf(dat, sizeof dat, "%s/latte_compare.dat", dir);
    snprintf(png, sizeof png, "%s/latte_compare.png", dir);
    snprintf(gp, sizeof gp, "%s/latte_compare.gp", dir);
    FILE *f = fopen(dat, "w");
    if (!f) {
        snprintf(err, ERR_LEN, "%.900s: cannot write", dat);
        return false;
    }
    for (unsigned k = 1; k < LATTE_COMPARED; k++) {
        const l1c_stats *l = &st[k].l1c;
        fprintf(f, "# %s (SM 0, every %u EP): cycle effective_capacity mode(0 none, 1 BDI, 2 SC)\n",
                config_l1_compression_name(latte_compared[k]), l->timeline_stride ? l->timeline_stride : 1);
        for (uint32_t i = 0; i < l->timeline_n; i++)
            fprintf(f, "%llu %.4f %u\n", (unsigned long long)l->timeline[i].cycle, l->timeline[i].capacity,
                    l->timeline[i].mode);
        fprintf(f, "\n\n");
    }
    fclose(f);
    char qdat[2200], qpng[2200];
    if (!np_gnuplot_quote(dat, qdat, sizeof qdat) || !np_gnuplot_quote(png, qpng, sizeof qpng)) {
        snprintf(err, ERR_LEN, "latte-compare: --out %.900s: gnuplot cannot name a path with a newline", dir);
        return false;
    }
    char script[12000];
    size_t len = (size_t)snprintf(script, sizeof script,
        "set terminal pngcairo size 1000,640 noenhanced\nset output %s\nset multiplot layout 2,1 title 'compressed L1, SM 0 "
        "(seed 004 Fig. 16 and Fig. 10)'\nset grid\nset xlabel 'cycle'\nset ylabel 'effective L1 capacity (x 16 KB)'\n"
        "set key outside right\nplot ", qpng);
    for (unsigned k = 1; k < LATTE_COMPARED; k++)
        len += (size_t)snprintf(script + len, sizeof script - len, "%s%s index %u using 1:2 with lines title '%s'",
                                k > 1 ? ", " : "", qdat, k - 1, config_l1_compression_name(latte_compared[k]));
    snprintf(script + len, sizeof script - len,
             "\nset ylabel 'mode chosen at the EP end'\nset ytics ('none' 0, 'BDI' 1, 'SC' 2)\nset yrange [-0.5:2.5]\n"
             "plot %s index 2 using 1:3 with steps title 'latte-cc'\nunset multiplot\n", qdat);
    return np_run_gnuplot(gp, script, err, ERR_LEN);
}

/* npsim latte-compare: the uncompressed L1, Static-BDI, Static-SC, LATTE-CC and Adaptive-Hit-Count
 * on one workload (core = sm): IPC, L1 miss rate, effective capacity, modes, energy; a plot. */
static int cmd_latte_compare(options *o) {
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
    char path[1024];
    if (o->out) {
        snprintf(path, sizeof path, "%s/latte_compare.txt", o->out);
        if (!(outs[1] = fopen(path, "w"))) {
            snprintf(err, ERR_LEN, "%.900s: cannot write: %s", path, strerror(errno));
            return die(err);
        }
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
        fclose(outs[1]);
        snprintf(path, sizeof path, "%s/latte_compare.json", o->out);
        ok = write_json(root, path, err) && plot_latte(o->out, st, err);
        if (ok) printf("latte-compare: wrote %s/latte_compare.{txt,json,dat,gp,png}\n", o->out);
    }
    cJSON_Delete(root);
    free(st);
    trace_free(&t);
    memimg_free(&img);
    return ok ? 0 : die(err);
}

static int cmd_gen_trace(options *o) {
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

static int cmd_convert(options *o) {
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

#define L1_POLICIES 4
static const sim_l1_policy l1_compared[L1_POLICIES] = {L1_LRU, L1_TAG_LRU, L1_BA, L1_BYPASS};

typedef struct {
    const char *name;
    gpu_stats st[L1_POLICIES];
    reuse_report reuse;
} l1_workload;

/* One workload under every policy; the reuse breakdown comes from the `ba` run's L1 streams. */
static bool compare_l1_on(options *o, const mem_image *img, const trace_t *t, l1_workload *w, char *err) {
    l1_streams streams;
    if (!l1_streams_init(&streams, o->cfg.sms)) {
        snprintf(err, ERR_LEN, "out of memory (L1 streams)");
        return false;
    }
    bool ok = true;
    for (unsigned p = 0; ok && p < L1_POLICIES; p++) {
        sim_config cfg = o->cfg;
        cfg.l1_policy = l1_compared[p];
        if (config_l1_tag_unit(cfg.l1_policy)) ok = config_l1_tags_fit(&cfg, err, ERR_LEN);
        double t0 = cpu_seconds();
        if (ok) ok = gpu_run_observed(&cfg, img, t, &w->st[p], NULL, cfg.l1_policy == L1_BA ? l1_streams_record : NULL,
                                      &streams, err, ERR_LEN);
        if (ok) fprintf(stderr, "npsim: %s, l1 %s: %llu cycles in %.2f s\n", w->name,
                        config_l1_policy_name(cfg.l1_policy), (unsigned long long)w->st[p].completion_cycles,
                        cpu_seconds() - t0);
    }
    unsigned sets = o->cfg.l1_kb * 1024u / 128u / o->cfg.l1_assoc;
    if (ok) ok = l1_streams_reuse(&streams, sets, o->cfg.l1_assoc, &w->reuse, err, ERR_LEN);
    l1_streams_free(&streams);
    return ok;
}

static void print_l1_compare(FILE *f, const options *o, const l1_workload *w, unsigned n) {
    fprintf(f, "npsim ba-compare: L1 lru (simulator) vs tag-lru and ba (C model tag unit, LRU and BA mode) and bypass "
               "(every read to memory), "
               "one L1 per SM: %u KiB, %u-way, 128-byte lines, %u SMs, compressor %s, %u accesses per warp\n",
            o->cfg.l1_kb, o->cfg.l1_assoc, o->cfg.sms, o->cfg.compressor, o->per_warp);
    report_l1_table_header(f);
    for (unsigned i = 0; i < n; i++)
        for (unsigned p = 0; p < L1_POLICIES; p++) report_l1_table_row(f, w[i].name, &w[i].st[p], &w[i].st[0]);
    fprintf(f, "(l1_hit / miss: read hit / miss rate; d_*: change against lru (pp = percentage points); bypass, "
               "pseudo: tag-unit outcomes; a pseudo hit is a miss)\n");
    report_reuse_table_header(f, w[0].reuse.sets, w[0].reuse.ways);
    for (unsigned i = 0; i < n; i++) report_reuse_table_row(f, w[i].name, &w[i].reuse);
}

static cJSON *l1_compare_json(const l1_workload *w, unsigned n) {
    cJSON *root = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(root, "workloads");
    for (unsigned i = 0; i < n; i++) {
        cJSON *o = cJSON_CreateObject(), *runs = cJSON_AddArrayToObject(o, "runs");
        cJSON_AddStringToObject(o, "workload", w[i].name);
        cJSON_AddItemToObject(o, "reuse", report_reuse_json(&w[i].reuse));
        for (unsigned p = 0; p < L1_POLICIES; p++) cJSON_AddItemToArray(runs, report_gpu_json("none", &w[i].st[p], NULL));
        cJSON_AddItemToArray(arr, o);
    }
    return root;
}

/* npsim ba-compare: every generated workload (or --pattern P, or --trace T) under each L1 policy. */
static int cmd_ba_compare(options *o) {
    static const char *const patterns[] = {"stream", "stencil", "mapreduce", "graph", "partial"};
    char err[ERR_LEN];
    mem_image img;
    if (!load_image(o, &img, false, err)) return die(err);
    unsigned n = o->trace || o->pattern_given ? 1 : sizeof patterns / sizeof patterns[0];
    l1_workload w[sizeof patterns / sizeof patterns[0]];
    memset(w, 0, sizeof w);
    bool ok = true;
    for (unsigned i = 0; ok && i < n; i++) {
        trace_t t;
        trace_init(&t);
        w[i].name = o->trace ? o->trace : o->pattern_given ? o->pattern : patterns[i];
        if (o->trace) ok = trace_load(&t, o->trace, o->cfg.sms, trace_warp_limit(&o->cfg), err, ERR_LEN);
        else ok = tracegen(w[i].name, &o->cfg, &img, o->per_warp, &t, err, ERR_LEN);
        if (ok) ok = compare_l1_on(o, &img, &t, &w[i], err);
        trace_free(&t);
    }
    cJSON *prov = provenance_json(o, &img, false);
    memimg_free(&img);
    if (!ok || !o->out) cJSON_Delete(prov);
    if (!ok) return die(err);
    print_l1_compare(stdout, o, w, n);
    if (!o->out) return 0;
    char path[1024];
    snprintf(path, sizeof path, "%s/ba_compare.txt", o->out);
    FILE *f = fopen(path, "w");
    if (!f) {
        cJSON_Delete(prov);
        snprintf(err, ERR_LEN, "%.900s: cannot write: %s", path, strerror(errno));
        return die(err);
    }
    print_l1_compare(f, o, w, n);
    fclose(f);
    snprintf(path, sizeof path, "%s/ba_compare.json", o->out);
    cJSON *root = l1_compare_json(w, n);
    cJSON_AddItemToObject(root, "provenance", prov);
    ok = write_json(root, path, err);
    cJSON_Delete(root);
    return ok ? 0 : die(err);
}

/* ---- packet coalescing: RGR count and routing sweep (npsim pcu-sweep; docs/sim.md) ------------ */

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
    FILE *f = fopen(dat, "w");
    if (!f) {
        snprintf(err, ERR_LEN, "%.900s: cannot write", dat);
        return false;
    }
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
    fclose(f);
    char qdat[2200], qpng[2200], qname[200];
    if (!np_gnuplot_quote(dat, qdat, sizeof qdat) || !np_gnuplot_quote(png, qpng, sizeof qpng)) {
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
             "set terminal pngcairo size 1000,420 noenhanced\nset output %s\nset multiplot layout 1,2 "
             "title 'packet coalescing: RGRs per MC'\nset grid\nset logscale x 2\nset xlabel 'RGRs per MC'\n"
             "set key outside bottom center horizontal\n", qpng);
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
    bool ok = np_run_gnuplot(gp, script, err, ERR_LEN);
    free(script);
    if (!ok) return false;
    printf("pcu-sweep: wrote %s, %s and %s\n", dat, gp, png);
    return true;
}

/* npsim pcu-sweep: the workloads with inter-core sharing (or --pattern P / --trace T) for XY-XY
 * and XY-YX routing and each RGR count. */
static int cmd_pcu_sweep(options *o) {
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
            snprintf(r[i].name, sizeof r[i].name, "%s", o->trace);
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
        FILE *f = fopen(path, "w");
        if (!f) {
            snprintf(err, ERR_LEN, "%.900s: cannot write: %s", path, strerror(errno));
            ok = false;
        } else {
            print_pcu_sweep(f, o, r, n);
            fclose(f);
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

/* ---- L1 capacity and associativity sweep (npsim l1-sweep; seed 002 Figs 7-11, docs/sim.md) ---- */

static bool write_l1_sweep(const options *o, const char *name, const l1sweep_result *res, cJSON *prov, char *err) {
    char path[1024], png[1024], qdat[1100], qpng[1100], qtitle[1200];
    snprintf(path, sizeof path, "%s/l1_sweep.txt", o->out);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, ERR_LEN, "%.900s: cannot write: %s", path, strerror(errno));
        return false;
    }
    l1sweep_print(f, name, res);
    fclose(f);
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
    if (ok && (!np_gnuplot_quote(path, qdat, sizeof qdat) || !np_gnuplot_quote(png, qpng, sizeof qpng) ||
               !np_gnuplot_quote(title, qtitle, sizeof qtitle))) {
        snprintf(err, ERR_LEN, "l1-sweep: output path or name cannot be quoted for gnuplot");
        ok = false;
    }
    if (!ok) return false;
    char script[4096], gp[1024];
    l1sweep_script(script, sizeof script, qdat, qpng, qtitle);
    snprintf(gp, sizeof gp, "%s/l1_sweep.gp", o->out);
    if (!np_run_gnuplot(gp, script, err, ERR_LEN)) return false;
    printf("l1-sweep: wrote %s/l1_sweep.{txt,json,dat,gp,png}\n", o->out);
    return true;
}

/* npsim l1-sweep: one workload (--pattern P or --trace T) on every L1 option of seed 002 Table 2,
 * LRU, with each point's rd0/rd1/rd2 of the SMs' own read streams. */
static int cmd_l1_sweep(options *o) {
    char err[ERR_LEN];
    mem_image img;
    if (!load_image(o, &img, false, err)) return die(err);
    trace_t t;
    trace_init(&t);
    const char *name = o->trace ? o->trace : o->pattern;
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

/* ---- synthetic traffic --------------------------------------------------------------------- */

static int cmd_traffic(options *o) {
    char err[ERR_LEN];
    traffic_result r;
    if (!traffic_run(&o->cfg, false, &r, err, ERR_LEN)) return die(err);
    report_traffic(stdout, &r);
    /* Multi-flit packets (every packet has packet_flits flits): the latency split into the head's
     * arrival and the tail's lag behind it, packet_flits - 1 cycles when nothing interleaves. */
    if (r.avg_head_latency > 0)
        printf("head arrival avg %.2f cycles; tail %.2f cycles after the head (%u without interleaving)\n",
               r.avg_head_latency, r.avg_latency - r.avg_head_latency, o->cfg.packet_flits - 1u);
    return 0;
}

/* Zero-load latency of the formula in docs/sim.md averaged over the pattern's pairs. */
static double zero_load_uniform(const sim_config *c) {
    double sum = 0;
    unsigned k = c->mesh_k, n = k * k, pairs = 0;
    for (unsigned s = 0; s < n; s++)
        for (unsigned d = 0; d < n; d++) {
            if (s == d) continue;
            unsigned h = (s % k > d % k ? s % k - d % k : d % k - s % k) + (s / k > d / k ? s / k - d / k : d / k - s / k);
            sum += 4.0 * h + c->packet_flits + 4;
            pairs++;
        }
    return sum / pairs;
}

static bool plot(const char *prefix, const char *dat, const char *png, const char *title, double sat, char *err) {
    char qdat[2200], qpng[2200], script[8192], gp[SIM_PATH_MAX + 8];
    if (!np_gnuplot_quote(dat, qdat, sizeof qdat) || !np_gnuplot_quote(png, qpng, sizeof qpng)) {
        snprintf(err, ERR_LEN, "sweep: --out %.900s: gnuplot cannot name a path with a newline", prefix);
        return false;
    }
    snprintf(script, sizeof script,
             "set terminal pngcairo size 900,420 noenhanced\nset output %s\nset multiplot layout 1,2 title '%s'\n"
             "set grid\nset xlabel 'offered load (flits/node/cycle)'\nset ylabel 'average latency (cycles)'\n"
             "set logscale y\nplot %s using 1:3 with linespoints title 'latency'\nunset logscale y\n"
             "set ylabel 'accepted (flits/node/cycle)'\nset arrow from %g, graph 0 to %g, graph 1 nohead dt 2\n"
             "plot %s using 1:2 with linespoints title 'accepted', x with lines dt 3 title 'offered'\nunset multiplot\n",
             qpng, title, qdat, sat, sat, qdat);
    snprintf(gp, sizeof gp, "%s.gp", prefix);
    return np_run_gnuplot(gp, script, err, ERR_LEN);
}

/* npsim sweep: latency and accepted throughput against offered load; finds saturation. */
static int cmd_sweep(options *o) {
    char err[ERR_LEN];
    sim_config c = o->cfg;
    double zl = c.topology == TOPO_MESH ? zero_load_uniform(&c) : 0;
    FILE *dat = NULL;
    char path[1024], png[1024], title[256];
    if (o->out) {
        snprintf(path, sizeof path, "%s.dat", o->out);
        snprintf(png, sizeof png, "%s.png", o->out);
        dat = fopen(path, "w");
        if (!dat) {
            snprintf(err, ERR_LEN, "%.900s: cannot write: %s", path, strerror(errno));
            return die(err);
        }
        fprintf(dat, "# offered accepted avg_latency net_latency drained\n");
    }
    cJSON *root = cJSON_CreateObject();
    cJSON_AddItemToObject(root, "provenance", provenance_json(o, NULL, false));
    cJSON *points = cJSON_AddArrayToObject(root, "points");
    printf("sweep: %s traffic, %u-flit packets, routing %s/%s, %ux%u mesh; zero-load latency (formula) %.2f\n",
           c.traffic == TRAFFIC_UNIFORM ? "uniform" : "configured", c.packet_flits, c.routing[0] == ROUTE_XY ? "XY" : "YX",
           c.routing[1] == ROUTE_XY ? "XY" : "YX", c.mesh_k, c.mesh_k, zl);
    printf("%8s %9s %10s %10s %s\n", "offered", "accepted", "latency", "net_lat", "");
    double best = 0, knee = 0;
    unsigned past_knee = 0;
    for (unsigned step = 1; step <= 50 && past_knee < 3; step++) {
        c.injection_rate = 0.02 * step;
        traffic_result r;
        if (!traffic_run(&c, false, &r, err, ERR_LEN)) {
            if (dat) fclose(dat);
            cJSON_Delete(root);
            return die(err);
        }
        bool saturated = !r.drained || (zl > 0 && r.avg_latency > 3 * zl) || r.accepted < 0.95 * r.offered;
        if (saturated && knee == 0) knee = c.injection_rate;
        if (knee > 0) past_knee++;
        if (r.accepted > best) best = r.accepted;
        printf("%8.2f %9.4f %10.2f %10.2f %s\n", r.offered, r.accepted, r.avg_latency, r.avg_net_latency,
               saturated ? "saturated" : "");
        if (dat) fprintf(dat, "%.4f %.5f %.3f %.3f %d\n", r.offered, r.accepted, r.avg_latency, r.avg_net_latency, r.drained);
        cJSON *pt = cJSON_CreateObject();
        cJSON_AddNumberToObject(pt, "offered", r.offered);
        cJSON_AddNumberToObject(pt, "accepted", r.accepted);
        cJSON_AddNumberToObject(pt, "avg_latency", r.avg_latency);
        cJSON_AddNumberToObject(pt, "avg_net_latency", r.avg_net_latency);
        cJSON_AddBoolToObject(pt, "drained", r.drained);
        cJSON_AddBoolToObject(pt, "saturated", saturated);
        cJSON_AddItemToArray(points, pt);
    }
    cJSON_AddNumberToObject(root, "saturation_onset", knee);
    cJSON_AddNumberToObject(root, "saturation_throughput", best);
    printf("saturation: onset at offered %.2f flits/node/cycle (latency > 3x zero-load or accepted < 95%% of "
           "offered); saturation throughput (max accepted) %.4f flits/node/cycle\n", knee, best);
    bool ok = true;
    if (dat) {
        fclose(dat);
        char json[SIM_PATH_MAX + 8];
        snprintf(json, sizeof json, "%s.json", o->out);
        snprintf(title, sizeof title, "%ux%u mesh, uniform, %u-flit packets", c.mesh_k, c.mesh_k, c.packet_flits);
        ok = write_json(root, json, err) && plot(o->out, path, png, title, knee, err);
        if (ok) printf("sweep: wrote %s, %s, %s.gp and %s\n", path, json, o->out, png);
    }
    cJSON_Delete(root);
    return ok ? 0 : die(err);
}

/* npsim bench: simulated cycles per CPU second, instructions per simulated cycle when the CPU's
 * counter can be read, memory. Uniform traffic, no measurement window. */
static int cmd_bench(options *o) {
    char err[ERR_LEN], why[256];
    uint64_t cycles = o->cycles ? o->cycles : 200000;
    traffic_result r;
    perfcount pc;
    bool counting = perfcount_open(&pc, why, sizeof why);
    double t0 = cpu_seconds();
    bool ok = traffic_run_cycles(&o->cfg, cycles, &r, err, ERR_LEN);
    double secs = cpu_seconds() - t0;
    uint64_t instructions = 0;
    if (counting && !perfcount_read(&pc, &instructions)) {
        counting = false;
        snprintf(why, sizeof why, "the counter could not be read");
    }
    perfcount_close(&pc);
    if (!ok) return die(err);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("bench: %ux%u mesh, uniform %u-flit packets at %.2f flits/node/cycle, %llu cycles (accepted %.3f)\n",
           o->cfg.mesh_k, o->cfg.mesh_k, o->cfg.packet_flits, o->cfg.injection_rate, (unsigned long long)cycles,
           r.accepted);
    printf("  speed: %.3f s CPU = %.0f simulated cycles/s\n", secs, (double)cycles / secs);
    if (counting)
        printf("  instructions: %.0f per simulated cycle (hardware counter)\n", (double)instructions / (double)cycles);
    else
        printf("  instructions: not measurable here (%s); `make sim-bench` counts them with callgrind\n", why);
    printf("  memory: model %.2f MiB, peak RSS %.1f MiB\n", (double)r.memory_bytes / 1048576.0,
           (double)ru.ru_maxrss / 1024.0);
    return 0;
}

static int cmd_codecs(options *o) {
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
    {"compare", cmd_compare, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--trace T | --pattern P --per-warp N] [--out DIR]",
     "baseline vs every reply compressor; DIR/summary.{txt,json}"},
    {"run", cmd_run, GPU_OPTS | OPT_OUT, OUT_FILE, 0, true, "[--trace T | --pattern P --per-warp N] [--out FILE.json]",
     "one run (key compressor); --from-json FILE reruns a JSON's configuration and workload"},
    {"traffic", cmd_traffic, 0, OUT_NONE, 0, false, "", "synthetic traffic run (keys traffic, injection_rate, "
     "packet_flits, ...)"},
    {"sweep", cmd_sweep, OPT_OUT, OUT_PREFIX, 0, false, "[--out PREFIX]",
     "latency / accepted throughput vs offered load, saturation; PREFIX.{dat,json,gp,png}"},
    {"bench", cmd_bench, OPT_CYCLES, OUT_NONE, 0, false, "[--cycles N]", "simulated cycles per CPU second (synthetic "
     "traffic)"},
    {"gpu-bench", cmd_gpu_bench, GPU_OPTS | OPT_CYCLES, OUT_NONE, 0, true, "[--trace T | --pattern P] [--cycles R]",
     "GPU run speed, core = none vs sm, best of R runs (3)"},
    {"core-compare", cmd_core_compare, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--trace T | --pattern P] [--out DIR]",
     "core model: gto vs lrr vs youngest; DIR/core_compare.{txt,json}"},
    {"latte-compare", cmd_latte_compare, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--trace T | --pattern P] [--out DIR]",
     "compressed L1: none vs Static-BDI vs Static-SC vs LATTE-CC vs Adaptive-Hit-Count (core = sm); "
     "DIR/latte_compare.{txt,json,dat,gp,png}"},
    {"gen-trace", cmd_gen_trace, OPT_PATTERN | OPT_PER_WARP | OPT_OUT, OUT_FILE, 0, false,
     "--pattern P --per-warp N --out FILE", "write a generated workload as a trace (FILE ending .bin: binary)"},
    {"convert", cmd_convert, 0, OUT_NONE, 2, false, "IN OUT", "trace text <-> binary (by OUT's extension); IN may be "
     "an Accel-Sim .traceg or kernelslist.g"},
    {"ba-compare", cmd_ba_compare, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--pattern P | --trace T] [--out DIR]",
     "L1 lru vs tag-lru vs ba vs bypass on every generated workload; DIR/ba_compare.{txt,json}"},
    {"pcu-sweep", cmd_pcu_sweep, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--pattern P | --trace T] [--out DIR]",
     "packet coalescing: XY-XY / XY-YX x RGRs off, 64..1024; DIR/pcu_sweep.{txt,json,dat,gp,png}"},
    {"l1-sweep", cmd_l1_sweep, GPU_OPTS | OPT_OUT, OUT_DIR, 0, true, "[--pattern P | --trace T] [--out DIR]",
     "seed 002's L1 options (16..256 KiB at 8 ways, 16 KiB at 8..64 ways), LRU: hit rate, rd0/rd1/rd2, IPC; "
     "DIR/l1_sweep.{txt,json,dat,gp,png}"},
    {"codecs", cmd_codecs, 0, OUT_NONE, 0, true, "", "reply compressors and where their latencies come from"},
    {"help-config", cmd_help_config, 0, OUT_NONE, 0, false, "", "every configuration key, its value and meaning"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static const char common_help[] =
    "  -c, --config FILE  configuration file (key = value lines; relative paths in it are relative to FILE's folder);\n"
    "                     may be given more than once; key=value operands override the files\n"
    "  key=value          one configuration key ('npsim help-config' lists them); numbers are decimal (no leading\n"
    "                     zero) or 0x hex, finite\n"
    "  -h, --help         this help\n"
    "Options take their value as --opt VALUE or --opt=VALUE, before or after the operands; '--' ends them.\n";

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
        printf("npsim %s (git %s; libnocpress %s; models: %s)\n", NOCPRESS_VERSION, NP_GIT_REV, np_version(),
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
    char err[ERR_LEN];
    if (c->out != OUT_NONE && !o.out && !strcmp(c->name, "gen-trace"))
        return cli_usage_error(c->name, "--out FILE is required (.bin = binary, else text)");
    /* everything the run will need is checked before it starts: nothing is simulated to be lost */
    if (!check_output(&o, c->out, err)) return die(err);
    if (c->latencies && !check_synth_report(&o, err)) return die(err);
    return c->run(&o);
}
