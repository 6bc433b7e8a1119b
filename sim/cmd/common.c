/* What every command shares: the workload and memory image, output paths checked before a run, the machine description, the provenance object every JSON carries, JSON output. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cmd/npsim_cmd.h"
#include "np_provenance.h"
#include "np_version.h"

#include "exp/report.h"
#include "trace/tracegen.h"

int die(const char *msg) {
    fprintf(stderr, "npsim: %s\n", msg);
    return np_exit_status_of(msg);
}

double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* ---- GPU runs ------------------------------------------------------------------------------ */

/* Warp ids a trace may name: warps_per_sm for the memory-only model; the core model runs thread
 * blocks in warps_per_sm slots as they free up, so any id. */
unsigned trace_warp_limit(const sim_config *cfg) {
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

/* A SIMT-runtime trace (docs/kernels.md) brings its initial device memory: memory.npmem (or
 * memory.npmem.gz) beside the trace's kernelslist.g / .traceg. */
static bool trace_npmem(const options *o, char *path, size_t len) {
    if (!o->trace) return false;
    const char *slash = strrchr(o->trace, '/');
    for (int gz = 0; gz < 2; gz++) {
        int n = snprintf(path, len, "%.*s/memory.npmem%s", slash ? (int)(slash - o->trace) : 1,
                         slash ? o->trace : ".", gz ? ".gz" : "");
        if (n > 0 && (size_t)n < len && access(path, R_OK) == 0) return true;
    }
    return false;
}

/* The memory image when the run needs contents: the generators read it (no --trace), and so does
 * every reply compressor but none (all_codecs: the command runs each of them). Else zeros. The
 * error says which key to set. */
bool load_image(options *o, mem_image *img, bool all_codecs, char *err) {
    bool generated = !o->trace;
    bool compressed = all_codecs || strcmp(o->cfg.compressor, "none") != 0 || o->cfg.l1_compression != L1C_NONE;
    o->image_loaded = false;
    o->image_npmem[0] = '\0';
    if (!generated && !compressed) return zero_image(img, err);
    char why[ERR_LEN];
    if (!generated && trace_npmem(o, o->image_npmem, sizeof o->image_npmem)) {
        if (!memimg_load_npmem(img, o->image_npmem, why, sizeof why)) {
            snprintf(err, ERR_LEN, "%.900s (the trace's initial device memory)", why);
            return false;
        }
        o->image_loaded = true;
        return true;
    }
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

const char *workload_label(const options *o) {
    return o->cfg.workload[0] ? o->cfg.workload : o->trace ? o->trace : o->pattern;
}

bool load_workload(options *o, mem_image *img, trace_t *t, bool all_codecs, char *err) {
    if (!load_image(o, img, all_codecs, err)) return false;
    trace_init(t);
    if (o->trace) return trace_load(t, o->trace, o->cfg.sms, trace_warp_limit(&o->cfg), err, ERR_LEN);
    return tracegen(o->pattern, &o->cfg, img, o->per_warp, t, err, ERR_LEN);
}

/* Through np_outfile: a JSON is whole under its name or not there (two runs writing the same
 * --out each leave a whole file; a full disk leaves the old one). */
bool write_json(cJSON *root, const char *path, char *err) {
    char *text = cJSON_Print(root);
    if (!text) {
        snprintf(err, ERR_LEN, "%.900s: cannot write: out of memory", path);
        return false;
    }
    size_t len = strlen(text);
    text[len] = '\n';                     /* the terminator becomes the final newline */
    bool ok = np_out_write_all(path, text, len + 1, err, ERR_LEN);
    free(text);
    return ok;
}



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

/* A file the command will write, checked before the run by np_out_check (folder, name length,
 * links, permissions, free space). Nothing is created (a run that fails later leaves nothing). */
bool check_out_file(const char *opt, const char *file, char *err) {
    char why[ERR_LEN];
    if (np_out_check(file, why, sizeof why)) return true;
    snprintf(err, ERR_LEN, "%s %.1000s", opt, why);
    return false;
}

bool check_output(const options *o, out_kind kind, char *err) {
    if (!o->out || kind == OUT_NONE) return true;
    if (kind == OUT_DIR) return make_dirs(o->out, err);
    if (kind == OUT_FILE) return check_out_file("--out", o->out, err);
    char f[SIM_PATH_MAX + 8];                            /* OUT_PREFIX: PREFIX.dat, .png, .json, .gp */
    snprintf(f, sizeof f, "%s.json", o->out);
    return check_out_file("--out", f, err);
}

void describe_machine(FILE *f, const options *o, const mem_image *img, const trace_t *t) {
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
                workload_label(o), t->count, t->nin, img->nregions,
                c->workload[0] ? "the application's memory.npmem" : o->image_npmem[0] ? o->image_npmem : c->data_dir,
                (double)img->size / 1048576.0);
    else
        fprintf(f, "workload: %s, %zu accesses, %zu warp instructions; memory image not read (compressor none on a "
                   "trace reads no line contents)\n", workload_label(o), t->count, t->nin);
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




static void add_config_key(void *ctx, const char *key, const char *value) {
    cJSON_AddStringToObject(ctx, key, value);
}

/* An input with its size and CRC-32 (np_provenance.h: the same "inputs" entries as nocpress's). */
static void add_input(cJSON *prov, const char *role, const char *path) {
    np_provenance_add_input(prov, role, path);
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
 * --from-json` needs to make them again: the tools' common provenance (np_provenance.h:
 * versions, the command line, date, the input files with their sizes and CRC-32s), then the
 * full effective configuration (defaults included, exact values), the seed, the workload
 * options, and the latencies with their sources. all_codecs: the command ran every reply
 * compressor (their latencies are listed), else only cfg.compressor. */
cJSON *provenance_json(const options *o, const mem_image *img, bool all_codecs) {
    cJSON *p = np_provenance_new("npsim", npsim_git_rev, o->cmd, o->argc, o->argv);
    if (p == NULL) {
        die("out of memory building the provenance");
        return NULL;
    }
    cJSON_AddNumberToObject(p, "seed", (double)o->cfg.seed);
    /* the effective configuration; synth_report as it was set, with whether the user named it (a
     * named one must be usable) and whether it was read (else every latency is the published one) */
    config_each(&o->cfg, add_config_key, cJSON_AddObjectToObject(p, "config"));
    cJSON_AddBoolToObject(p, "synth_report_named", o->cfg.synth_report_named);
    cJSON_AddBoolToObject(p, "synth_report_used", o->synth_used);
    cJSON *w = cJSON_AddObjectToObject(p, "workload");
    bool kernel = o->cfg.workload[0] != '\0';   /* traced for this run into a temporary folder: the config's
                                                  workload key remakes it, so no trace path is recorded */
    if (kernel) {
        cJSON_AddStringToObject(w, "kernel", o->cfg.workload);
        cJSON_AddNumberToObject(w, "launches", (double)o->kernel_launches);
        cJSON_AddNumberToObject(w, "warp_instructions", (double)o->kernel_warp_insts);
        cJSON_AddNumberToObject(w, "trace_cpu_seconds", o->kernel_trace_cpu);
    } else if (o->trace) cJSON_AddStringToObject(w, "trace", o->trace);
    else {
        cJSON_AddStringToObject(w, "pattern", o->pattern);
        cJSON_AddNumberToObject(w, "per_warp", o->per_warp);
    }
    if (o->from_json) add_input(p, "from-json", o->from_json);
    for (unsigned i = 0; i < o->nconfigs; i++) add_input(p, "config", o->configs[i]);
    if (o->trace && !kernel) np_provenance_add_trace(p, o->trace); /* with an Accel-Sim list's kernel traces */
    if (o->synth_used) add_input(p, "synth_report", o->cfg.synth_report);
    if (kernel) {}
    else if (img && o->image_loaded && o->image_npmem[0]) add_input(p, "memory", o->image_npmem);
    else if (img && o->image_loaded)
        for (unsigned i = 0; i < img->nregions; i++) {
            char path[SIM_PATH_MAX + 160];
            snprintf(path, sizeof path, "%s/%s.bin", o->cfg.data_dir, img->region[i].name);
            add_input(p, "data", path);
        }
    cJSON_AddStringToObject(p, "memory_image", !img ? "not used" : o->image_loaded && kernel ? "the application's memory.npmem"
                                                    : o->image_loaded && o->image_npmem[0] ? o->image_npmem
                                                    : o->image_loaded ? o->cfg.data_dir
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

