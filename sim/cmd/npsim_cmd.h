/* npsim's commands: the options every command receives and what they share (sim/cmd/common.c).
 * Each command (an experiment or a tool) is one function `int cmd_NAME(options *o)` in its own
 * file of sim/cmd/; sim/main.c's table (commands[]) names each with its options and synopsis.
 * A command returns the process's exit code. */
#ifndef SIM_CMD_NPSIM_CMD_H
#define SIM_CMD_NPSIM_CMD_H
#include <cJSON.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cli_opts.h"
#include "np_fileio.h"

#include "mem/memimg.h"
#include "trace/trace.h"
#include "util/config.h"

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
    const char *kernel_opt;   /* --kernel NAME: workload = kernel:NAME */
    const char *pattern;      /* --pattern */
    bool pattern_given;       /* --pattern was on the command line */
    unsigned per_warp;        /* --per-warp */
    bool per_warp_given;
    uint64_t cycles;          /* --cycles */
    const char *from_json;    /* --from-json: configuration and workload of an earlier run */
    bool quiet;               /* --quiet: no progress line on a terminal */
    const char *configs[MAX_CONFIGS];   /* -c FILE, in order */
    unsigned nconfigs;
    unsigned allowed;         /* OPT_* bits of the command */
    bool image_loaded;        /* the memory image came from data_dir or image_npmem (else: zero image, contents unused) */
    char image_npmem[SIM_PATH_MAX + 16]; /* non-empty: the image is this SIMT trace's initial device memory */
    bool synth_used;          /* cfg.synth_report was read (false: every latency is the published one) */
    /* workload = kernel:NAME (sim/cmd/kernel.c): the temporary trace folder and its list (o->trace) */
    char kernel_dir[SIM_PATH_MAX];
    char kernel_list[SIM_PATH_MAX + 16];
    double kernel_trace_cpu;  /* CPU seconds the runtime took to run and trace it */
    uint64_t kernel_warp_insts, kernel_launches;
    int argc;                 /* the command line, recorded in every JSON */
    char **argv;
} options;

/* ---- sim/cmd/common.c ---- */
extern const char npsim_git_rev[];    /* `git describe` of the build (sim/main.c) */
int die(const char *msg);             /* prints "npsim: MSG", returns np_exit_status_of(MSG): 1 or 3 */
double cpu_seconds(void);
/* The run's memory image and workload (--trace or the generator --pattern); all_codecs: the
 * command runs every reply compressor (the image's contents are needed). */
bool load_image(options *o, mem_image *img, bool all_codecs, char *err);
/* Warp ids a trace may name under o->cfg (trace_load's limit). */
unsigned trace_warp_limit(const sim_config *cfg);
bool load_workload(options *o, mem_image *img, trace_t *t, bool all_codecs, char *err);
bool write_json(cJSON *root, const char *path, char *err);
bool check_out_file(const char *opt, const char *file, char *err);
bool check_output(const options *o, out_kind kind, char *err);
void describe_machine(FILE *f, const options *o, const mem_image *img, const trace_t *t);
cJSON *provenance_json(const options *o, const mem_image *img, bool all_codecs);

/* The workload's name for outputs: kernel:NAME, the trace or the pattern. */
const char *workload_label(const options *o);

/* ---- sim/cmd/kernel.c: workload = kernel:NAME ---- */
/* The key names an application and the command runs traces (no --trace / --pattern beside it). */
bool kernel_workload_check(const options *o, char *err);
/* Runs and traces the application into a temporary folder; o->trace becomes its kernelslist.g. */
bool kernel_workload_trace(options *o, char *err);
/* Removes that folder (nothing when there is none). */
void kernel_workload_remove(options *o);

/* ---- the commands (one file each in sim/cmd/) ---- */
int cmd_compare(options *o);
int cmd_run(options *o);
int cmd_codecs(options *o);
int cmd_core_compare(options *o);
int cmd_gpu_bench(options *o);
int cmd_latte_compare(options *o);
int cmd_gen_trace(options *o);
int cmd_convert(options *o);
int cmd_ba_compare(options *o);
int cmd_pcu_sweep(options *o);
int cmd_l1_sweep(options *o);
int cmd_traffic(options *o);
int cmd_sweep(options *o);
int cmd_bench(options *o);
int cmd_mem_micro(options *o);
int cmd_router_vectors(options *o);

#endif
