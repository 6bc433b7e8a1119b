/* nppaper: the seeds' figures beside ours (docs/paper.md).
 *
 *   nppaper ids     --manifest RUNS [--seed S]...          run ids, one a line (GNU parallel's input)
 *   nppaper indices --manifest RUNS [--seed S]...          0-based line indices, comma separated
 *                                                          (sbatch --array; SLURM_ARRAY_TASK_ID)
 *   nppaper kernels --manifest RUNS [--seed S]...          the applications of kernel:NAME workloads,
 *                                                          once each (the trace step's input)
 *   nppaper job     --manifest RUNS (--id ID | --index N) --npsim BIN --out DIR [--commit C]
 *                   [--traces DIR] [key=value ...]         one run: npsim run, then DIR/ID.json;
 *                                                          kernel:NAME reads DIR/NAME/kernelslist.g
 *   nppaper gather  --manifest RUNS --figures FIG --seeds SEEDS --jobs DIR --out DIR [--seed S]...
 *                   [--classes CLASSES] [--kernels SEED_KERNELS] [--no-plot]
 *                                                          results.json, tables.txt, one PNG per seed;
 *                                                          CLASSES: means over workload classes
 *                                                          (seed 004's C-Sens / C-InSens table)
 *   nppaper experiments --manifest RUNS --experiments EXPERIMENTS --jobs DIR --out DIR [--seed S]...
 *                   [--classes CLASSES] [--kernels SEED_KERNELS]
 *                                                          the controlled experiments' tables
 *                                                          (sim/paper/experiments.tsv): DIR/results.json
 *
 * The manifest (sim/paper/runs.tsv) is the one table of runs; every field is checked here, and a
 * job starts npsim with an argument vector (fork + execv), never through a shell. Completion of a
 * job is "DIR/ID.json exists and validates", so the same gatherer serves GNU parallel and Slurm. */
#define _POSIX_C_SOURCE 200809L
#include <cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "np_fileio.h"
#include "np_gnuplot.h"
#include "np_provenance.h"

#define MAX_RUNS 512
#define MAX_OVERRIDES 24
#define MAX_PRINT 12
#define MAX_SEEDS 32
#define MAX_SELECT 32
#define MAX_FIELDS 9
#define PATH_LEN 512

/* ---- errors -------------------------------------------------------------------------------- */

static int fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("nppaper: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 1;
}

/* ---- metrics: what a table row can print ------------------------------------------------------ */

typedef enum { FMT_COUNT, FMT_REAL, FMT_FRACTION } metric_fmt;

typedef struct {
    const char *name;   /* manifest name */
    const char *label;  /* table label */
    const char *path;   /* key in npsim's run JSON (dots descend into objects; '|' separates
                           alternatives, the first present is used) */
    metric_fmt fmt;     /* how an absolute value prints */
    const char *needs;  /* when set: a missing key prints "n/a (needs ...)" instead of failing */
} metric_def;

/* IPC and the core-model figures come from npsim's JSON as soon as it has them: the core model
 * (npsim core = sm) reports them in the run's "core" object (docs/paper.md "Keys"); until a run
 * has them its rows print n/a. */
#define CORE_MODEL "the core model"
static const metric_def metrics[] = {
    {"ipc", "IPC", "ipc|core.ipc", FMT_REAL, CORE_MODEL},
    {"ready_warps", "ready warps/scheduler", "core.ready_warps_per_scheduler", FMT_REAL, CORE_MODEL},
    {"latency_tolerance", "latency tolerance", "core.latency_tolerance", FMT_REAL, CORE_MODEL},
    {"stall_memory", "memory stall cycles", "core.stall_cycles.memory", FMT_COUNT, CORE_MODEL},
    {"stall_idle", "idle stall cycles", "core.stall_cycles.idle", FMT_COUNT, CORE_MODEL},
    {"stall_scoreboard", "scoreboard stall cycles", "core.stall_cycles.scoreboard", FMT_COUNT, CORE_MODEL},
    {"stall_structural", "structural stall cycles", "core.stall_cycles.structural", FMT_COUNT, CORE_MODEL},
    {"completion", "completion cycles", "completion_cycles", FMT_COUNT, NULL},
    {"reply_flits", "reply flits", "reply_flits", FMT_COUNT, NULL},
    {"reply_packets", "reply packets", "reply_packets", FMT_COUNT, NULL},
    {"request_packets", "request packets", "request_packets", FMT_COUNT, NULL},
    {"amat", "AMAT (cycles)", "amat", FMT_REAL, NULL},
    {"mc_stall", "MC stall", "mc_stall_fraction", FMT_FRACTION, NULL},
    /* the MC-cycles an MC could not inject (seed 003 Fig. 7's "MC stall time"; the fraction above
     * is of a run's own length, so a mechanism that shortens the run raises it for the same stalls) */
    {"mc_stall_cycles", "MC stall cycles", "memory.mc_stall_cycles", FMT_COUNT, NULL},
    /* accesses the L1 could not take (allocate-on-miss: no way to reserve, no MSHR, a full miss
     * queue; docs/sim.md "L1 allocation"), and the read replies DSM+APPROX approximated */
    {"l1_reservation_fails", "L1 reservation failures", "memory.l1_reservation_fails", FMT_COUNT, NULL},
    {"approximated_replies", "approximated replies", "approximated_replies", FMT_COUNT, NULL},
    {"l1_miss_rate", "L1 miss rate", "l1_miss_rate", FMT_FRACTION, NULL},
    {"l1_hit_rate", "L1 hit rate", "l1_hit_rate", FMT_FRACTION, NULL},
    {"locality", "inter-core locality", "pcu.locality_ratio", FMT_FRACTION, NULL},
    {"energy", "memory energy (nJ)", "energy.total_nj", FMT_REAL, NULL},
    {"l1_capacity", "effective L1 capacity", "l1_compression.effective_capacity", FMT_REAL, NULL},
    {"captured", "captured of potential (960)", "pcu.captured_of_potential_960", FMT_FRACTION, NULL},
    {"potential_120", "potential locality, 120 cycles", "locality_potential.window_120", FMT_FRACTION, NULL},
    {"potential_240", "potential locality, 240 cycles", "locality_potential.window_240", FMT_FRACTION, NULL},
    {"potential_480", "potential locality, 480 cycles", "locality_potential.window_480", FMT_FRACTION, NULL},
    {"potential_960", "potential locality, 960 cycles", "locality_potential.window_960", FMT_FRACTION, NULL},
    {"potential_1920", "potential locality, 1920 cycles", "locality_potential.window_1920", FMT_FRACTION, NULL},
    {"potential_rw_960", "read-write share of the 960 locality", "locality_potential.read_write_960", FMT_FRACTION, NULL},
    {"miss_penalty", "L1 miss penalty (cycles)", "miss_penalty", FMT_REAL, NULL},
    {"link_flits", "link flits (bandwidth)", "link_flits", FMT_COUNT, NULL},
    {"space_savings", "reply space savings", "space_savings", FMT_FRACTION, NULL},
    {"l1_block_usage", "L1 block usage until eviction", "l1_block_usage.mean_fraction", FMT_FRACTION, NULL},
    {"partial_ca", "partial-CA blocks", "l1_block_usage.partial_ca_fraction", FMT_FRACTION, NULL},
    {"miss_fm", "FM share of misses", "miss_types.fm_fraction", FMT_FRACTION, NULL},
    {"miss_sm", "SM share of misses", "miss_types.sm_fraction", FMT_FRACTION, NULL},
    {"miss_hi", "HI share of misses", "miss_types.hi_fraction", FMT_FRACTION, NULL},
    {"rc_partial", "RC partial requests", "request_controller.partial_fraction", FMT_FRACTION, NULL},
    /* seed 002 Table 1's reuse-distance classes of each SM's L1 read stream, per set at the run's
     * L1 (npsim run with l1_reuse = 1; its rd1-heavy class) */
    {"rd0_share", "rd0 share of L1 reads", "l1_reuse.per_set_fraction.rd0", FMT_FRACTION, "l1_reuse = 1"},
    {"rd1_share", "rd1 share of L1 reads", "l1_reuse.per_set_fraction.rd1", FMT_FRACTION, "l1_reuse = 1"},
    {"rd2_share", "rd2 share of L1 reads", "l1_reuse.per_set_fraction.rd2", FMT_FRACTION, "l1_reuse = 1"},
};
#define NMETRICS (sizeof metrics / sizeof metrics[0])

static int metric_find(const char *name) {
    for (unsigned i = 0; i < NMETRICS; i++)
        if (!strcmp(metrics[i].name, name)) return (int)i;
    return -1;
}

/* ---- the TSV reader shared by the three tables -------------------------------------------------- */

typedef struct {
    char *text;         /* the whole file, split in place */
    const char *path;
    char *next;
    unsigned line;
} tsv;

static bool tsv_open(tsv *t, const char *path) {
    memset(t, 0, sizeof *t);
    t->path = path;
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail("%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    size_t cap = 4096, len = 0;
    t->text = malloc(cap);
    for (size_t n; t->text && (n = fread(t->text + len, 1, cap - len - 1, f)) > 0;) {
        len += n;
        if (len + 1 == cap) t->text = realloc(t->text, cap *= 2);
    }
    bool err = ferror(f);
    fclose(f);
    if (!t->text || err) {
        fail("%s: cannot read", path);
        free(t->text);
        return false;
    }
    t->text[len] = 0;
    if (strlen(t->text) != len) {
        fail("%s: contains a NUL byte", path);
        free(t->text);
        return false;
    }
    t->next = t->text;
    return true;
}

static void tsv_close(tsv *t) { free(t->text); }

static char *trim(char *s) {
    while (*s == ' ') s++;
    size_t n = strlen(s);
    while (n && s[n - 1] == ' ') s[--n] = 0;
    return s;
}

/* Next record: fields separated by one or more tabs; blank lines and '#' lines skipped. Returns
 * the field count (0 at the end, -1 on an error already reported). */
static int tsv_next(tsv *t, char **fields, int want) {
    while (t->next && *t->next) {
        char *line = t->next, *nl = strchr(line, '\n');
        if (nl) {
            *nl = 0;
            t->next = nl + 1;
        } else t->next = NULL;
        t->line++;
        for (char *p = line; *p; p++)
            if ((unsigned char)*p < 0x20 && *p != '\t') {
                fail("%s:%u: control character 0x%02x (fields are separated by tabs; no CR)", t->path, t->line,
                     (unsigned)(unsigned char)*p);
                return -1;
            } else if ((unsigned char)*p >= 0x7f) {
                fail("%s:%u: non-ASCII byte 0x%02x", t->path, t->line, (unsigned)(unsigned char)*p);
                return -1;
            }
        char *s = line;
        while (*s == ' ' || *s == '\t') s++;
        if (!*s || *s == '#') continue;
        int n = 0;
        for (char *p = s; *p;) {
            char *tab = strchr(p, '\t');
            if (tab) *tab = 0;
            if (n == MAX_FIELDS) {
                fail("%s:%u: more than %d fields", t->path, t->line, MAX_FIELDS);
                return -1;
            }
            fields[n++] = trim(p);
            if (!*fields[n - 1]) {
                fail("%s:%u: field %d is empty (write '-' for none)", t->path, t->line, n);
                return -1;
            }
            if (!tab) break;
            p = tab + 1;
            while (*p == '\t') p++;
        }
        if (n != want) {
            fail("%s:%u: expected %d tab-separated fields, found %d", t->path, t->line, want, n);
            return -1;
        }
        return n;
    }
    return 0;
}

/* ---- character classes ---------------------------------------------------------------------- */

static bool all_in(const char *s, const char *extra) {
    if (!*s) return false;
    for (; *s; s++)
        if (!isalnum((unsigned char)*s) && !strchr(extra, *s)) return false;
    return true;
}

static bool valid_id(const char *s) { return strlen(s) < 64 && isalnum((unsigned char)s[0]) && all_in(s, "_.-"); }
static bool valid_path(const char *s) { return strlen(s) < 256 && s[0] != '-' && all_in(s, "_./-+"); }
static bool valid_seed(const char *s) {
    return strlen(s) == 3 && isdigit((unsigned char)s[0]) && isdigit((unsigned char)s[1]) && isdigit((unsigned char)s[2]);
}
/* Text that reaches a gnuplot script inside double quotes: no quote, backslash, backquote, '$', '@'. */
static bool valid_title(const char *s) { return strlen(s) < 200 && all_in(s, " ,.:;()+/%=-_[]&*'<>"); }
static bool valid_text(const char *s) {
    for (; *s; s++)
        if (!isprint((unsigned char)*s)) return false;
    return true;
}

/* ---- the run table (runs.tsv) ---------------------------------------------------------------- */

typedef struct {
    int metric;
    char base[64];      /* baseline run id, "" = absolute value */
    int base_run;       /* index of the baseline run, -1 = absolute */
    int figure;         /* index into the figures, -1 = none published */
} print_item;

typedef struct {
    unsigned line;
    char id[64], seed[4];
    char workload[280];
    char pattern[32];
    unsigned per_warp;
    char trace[256];    /* "" = generated workload */
    char kernel[40];    /* kernel:NAME[@1]: "NAME" or "NAME@1" (a traced application; "" = none) */
    char config[256];   /* "" = none */
    char overrides_text[512];
    char *overrides[MAX_OVERRIDES];
    unsigned noverrides;
    print_item print[MAX_PRINT];
    unsigned nprint;
} run_def;

typedef struct {
    const char *path;
    run_def *runs;
    unsigned n;
} manifest;

/* grow: "-" or "xK", K in 2..1024 without leading zeros (kernel_runs.sh makes it kernel:NAME-xK) */
static bool valid_grow(const char *g) {
    if (!strcmp(g, "-")) return true;
    char *end;
    if (g[0] != 'x' || !isdigit((unsigned char)g[1]) || g[1] == '0') return false;
    unsigned long k = strtoul(g + 1, &end, 10);
    return !*end && k >= 2 && k <= 1024;
}

static bool parse_workload(run_def *r, const char *where, const char *w) {
    snprintf(r->workload, sizeof r->workload, "%s", w);
    if (!strncmp(w, "kernel:", 7)) {
        /* An application of apps/kernels, traced once per run set by the trace step into
         * TRACES/NAME/ (sim/paper/trace_kernel.sh); NAME@1 is its first launch alone; NAME-xK is
         * the application at K times its default size (npkernel --grow K), traced into
         * TRACES/NAME-xK/. */
        const char *name = w + 7, *at = strchr(name, '@');
        size_t len = at ? (size_t)(at - name) : strlen(name), base = 0;
        while (base < len && (islower((unsigned char)name[base]) || isdigit((unsigned char)name[base]))) base++;
        bool ok = base > 0 && len < 32 && (!at || !strcmp(at, "@1"));
        if (ok && base < len) {
            char grow[32];
            snprintf(grow, sizeof grow, "%.*s", (int)(len - base - 1), name + base + 1);
            ok = name[base] == '-' && strcmp(grow, "-") && valid_grow(grow);
        }
        if (!ok) return !fail("%s: workload '%s': expected kernel:NAME, kernel:NAME-xK or either with @1 (NAME of lower-case letters and digits, npkernel list; K in 2..1024)", where, w);
        snprintf(r->kernel, sizeof r->kernel, "%s", name);
        return true;
    }
    if (!strncmp(w, "trace:", 6)) {
        if (!valid_path(w + 6)) return !fail("%s: workload trace path '%s': letters, digits, _ . / - + only", where, w + 6);
        snprintf(r->trace, sizeof r->trace, "%s", w + 6);
        return true;
    }
    const char *slash = strchr(w, '/');
    char *end;
    if (!slash || (size_t)(slash - w) >= sizeof r->pattern)
        return !fail("%s: workload '%s': expected PATTERN/ACCESSES_PER_WARP, trace:PATH or kernel:NAME", where, w);
    memcpy(r->pattern, w, (size_t)(slash - w));
    r->pattern[slash - w] = 0;
    errno = 0;
    unsigned long n = strtoul(slash + 1, &end, 10);
    if (!all_in(r->pattern, "-") || !isdigit((unsigned char)slash[1]) || *end || errno || n == 0 || n > 1000000)
        return !fail("%s: workload '%s': expected PATTERN/ACCESSES_PER_WARP (1..1000000), trace:PATH or kernel:NAME", where, w);
    r->per_warp = (unsigned)n;
    return true;
}

static bool parse_overrides(run_def *r, const char *where, const char *o) {
    if (!strcmp(o, "-")) return true;
    if (strlen(o) >= sizeof r->overrides_text) return !fail("%s: overrides longer than %zu characters", where, sizeof r->overrides_text - 1);
    snprintf(r->overrides_text, sizeof r->overrides_text, "%s", o);
    for (char *save = NULL, *tok = strtok_r(r->overrides_text, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq || eq == tok) return !fail("%s: override '%s': expected key=value", where, tok);
        *eq = 0;
        bool ok = all_in(tok, "_") && eq[1] && all_in(eq + 1, "_.,:/+-");
        if (ok && (!strcmp(tok, "data_dir") || !strcmp(tok, "synth_report"))) {
            *eq = '=';
            return !fail("%s: override '%s': data_dir and synth_report are set by the runner for every job", where, tok);
        }
        *eq = '=';
        if (!ok) return !fail("%s: override '%s': key of letters, digits and _, value of letters, digits and _ . , : / + -", where, tok);
        if (r->noverrides == MAX_OVERRIDES) return !fail("%s: more than %d overrides", where, MAX_OVERRIDES);
        r->overrides[r->noverrides++] = tok;
    }
    return true;
}

static bool parse_print(run_def *r, const char *where, char *p) {
    if (!strcmp(p, "-")) return true;
    for (char *save = NULL, *tok = strtok_r(p, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (r->nprint == MAX_PRINT) return !fail("%s: more than %d print items", where, MAX_PRINT);
        print_item *it = &r->print[r->nprint];
        char *slash = strchr(tok, '/');
        if (slash) *slash = 0;
        it->metric = metric_find(tok);
        if (it->metric < 0) {
            char known[1024] = "";
            for (unsigned i = 0; i < NMETRICS; i++) {
                strcat(known, i ? ", " : "");
                strcat(known, metrics[i].name);
            }
            return !fail("%s: print item '%s': unknown metric (known: %s)", where, tok, known);
        }
        it->base_run = -1;
        it->figure = -1;
        if (slash) {
            if (!valid_id(slash + 1)) return !fail("%s: print item '%s/%s': bad baseline id", where, tok, slash + 1);
            snprintf(it->base, sizeof it->base, "%s", slash + 1);
        }
        for (unsigned k = 0; k < r->nprint; k++)
            if (r->print[k].metric == it->metric && !strcmp(r->print[k].base, it->base))
                return !fail("%s: print item '%s%s%s' given twice", where, tok, slash ? "/" : "", it->base);
        r->nprint++;
    }
    return true;
}

static int manifest_find(const manifest *m, const char *id) {
    for (unsigned i = 0; i < m->n; i++)
        if (!strcmp(m->runs[i].id, id)) return (int)i;
    return -1;
}

/* id, seed, workload, config, overrides, print */
static bool manifest_load(manifest *m, const char *path) {
    memset(m, 0, sizeof *m);
    m->path = path;
    m->runs = calloc(MAX_RUNS, sizeof *m->runs);
    tsv t;
    if (!m->runs || !tsv_open(&t, path)) {
        free(m->runs);
        m->runs = NULL;
        return false;
    }
    char *f[MAX_FIELDS], where[PATH_LEN + 16];
    int got;
    bool ok = true;
    while (ok && (got = tsv_next(&t, f, 6)) > 0) {
        snprintf(where, sizeof where, "%s:%u", path, t.line);
        if (m->n == MAX_RUNS) {
            ok = !fail("%s: more than %d runs", where, MAX_RUNS);
            break;
        }
        run_def *r = &m->runs[m->n];
        r->line = t.line;
        if (!valid_id(f[0])) ok = !fail("%s: run id '%s': letters, digits and _ . - (first a letter or digit), below 64", where, f[0]);
        else if (manifest_find(m, f[0]) >= 0)
            ok = !fail("%s: run id '%s' already used on line %u", where, f[0], m->runs[manifest_find(m, f[0])].line);
        else if (!valid_seed(f[1])) ok = !fail("%s: seed '%s': expected three digits (000)", where, f[1]);
        else if (strcmp(f[3], "-") && !valid_path(f[3]))
            ok = !fail("%s: config '%s': a path of letters, digits and _ . / - +, or '-'", where, f[3]);
        if (!ok) break;
        snprintf(r->id, sizeof r->id, "%s", f[0]);
        snprintf(r->seed, sizeof r->seed, "%s", f[1]);
        if (strcmp(f[3], "-")) snprintf(r->config, sizeof r->config, "%s", f[3]);
        ok = parse_workload(r, where, f[2]) && parse_overrides(r, where, f[4]) && parse_print(r, where, f[5]);
        if (ok) m->n++;
    }
    if (ok && got < 0) ok = false;
    if (ok && m->n == 0) ok = !fail("%s: no runs", path);
    /* baselines: defined anywhere in the table, not the run itself */
    for (unsigned i = 0; ok && i < m->n; i++)
        for (unsigned k = 0; ok && k < m->runs[i].nprint; k++) {
            print_item *it = &m->runs[i].print[k];
            if (!it->base[0]) continue;
            it->base_run = manifest_find(m, it->base);
            if (it->base_run < 0) ok = !fail("%s:%u: baseline '%s' is not a run of this table", path, m->runs[i].line, it->base);
            else if ((unsigned)it->base_run == i) ok = !fail("%s:%u: run '%s' is its own baseline", path, m->runs[i].line, it->base);
        }
    tsv_close(&t);
    if (!ok) {
        free(m->runs);
        m->runs = NULL;
    }
    return ok;
}

/* ---- published figures (figures.tsv) and seed titles (seeds.tsv) ------------------------------ */

typedef struct {
    unsigned line;
    double value;       /* the published figure in % */
    char text[40], source[160], why[240];
} figure_def;

typedef struct {
    figure_def *f;
    unsigned n;
} figures;

/* "+39%", "-48.3%", "38.9%" */
static bool parse_percent(const char *s, double *v) {
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return end != s && !errno && isfinite(*v) && !strcmp(end, "%") && (isdigit((unsigned char)s[0]) || s[0] == '+' || s[0] == '-');
}

/* run, metric, baseline ('-' = absolute), published, source, why */
static bool figures_load(figures *fg, manifest *m, const char *path) {
    memset(fg, 0, sizeof *fg);
    fg->f = calloc(MAX_RUNS * 2, sizeof *fg->f);
    tsv t;
    if (!fg->f || !tsv_open(&t, path)) {
        free(fg->f);
        fg->f = NULL;
        return false;
    }
    char *f[MAX_FIELDS], where[PATH_LEN + 16];
    int got;
    bool ok = true;
    while (ok && (got = tsv_next(&t, f, 6)) > 0) {
        snprintf(where, sizeof where, "%s:%u", path, t.line);
        if (fg->n == MAX_RUNS * 2) {
            ok = !fail("%s: too many figures", where);
            break;
        }
        int run = manifest_find(m, f[0]), metric = metric_find(f[1]);
        const char *base = strcmp(f[2], "-") ? f[2] : "";
        if (run < 0) {
            ok = !fail("%s: run '%s' is not in %s", where, f[0], m->path);
            break;
        }
        if (metric < 0) {
            ok = !fail("%s: unknown metric '%s'", where, f[1]);
            break;
        }
        run_def *r = &m->runs[run];
        print_item *it = NULL;
        for (unsigned k = 0; k < r->nprint; k++)
            if (r->print[k].metric == metric && !strcmp(r->print[k].base, base)) it = &r->print[k];
        figure_def *d = &fg->f[fg->n];
        d->line = t.line;
        if (!it)
            ok = !fail("%s: %s:%u does not print %s%s%s for run '%s' (add it to the run's print field)", where, m->path,
                       r->line, f[1], *base ? "/" : "", base, f[0]);
        else if (it->figure >= 0)
            ok = !fail("%s: a figure for %s %s%s%s is already given on line %u", where, f[0], f[1], *base ? "/" : "", base,
                       fg->f[it->figure].line);
        else if (!parse_percent(f[3], &d->value) || strlen(f[3]) >= sizeof d->text)
            ok = !fail("%s: published figure '%s': expected a number with a %% sign (+39%%, -48.3%%, 38.9%%)", where, f[3]);
        else if (!valid_text(f[4]) || strlen(f[4]) >= sizeof d->source)
            ok = !fail("%s: source: printable text below %zu characters", where, sizeof d->source);
        else if (!valid_text(f[5]) || strlen(f[5]) >= sizeof d->why)
            ok = !fail("%s: reason: printable text below %zu characters", where, sizeof d->why);
        if (!ok) break;
        snprintf(d->text, sizeof d->text, "%s", f[3]);
        snprintf(d->source, sizeof d->source, "%s", f[4]);
        snprintf(d->why, sizeof d->why, "%s", strcmp(f[5], "-") ? f[5] : "");
        it->figure = (int)fg->n++;
    }
    if (ok && got < 0) ok = false;
    tsv_close(&t);
    if (!ok) {
        free(fg->f);
        fg->f = NULL;
    }
    return ok;
}

typedef struct {
    char seed[4];
    char title[200];
} seed_def;

static bool seeds_load(seed_def *s, unsigned *n, const char *path) {
    *n = 0;
    tsv t;
    if (!tsv_open(&t, path)) return false;
    char *f[MAX_FIELDS];
    int got;
    bool ok = true;
    while (ok && (got = tsv_next(&t, f, 2)) > 0) {
        if (*n == MAX_SEEDS) ok = !fail("%s:%u: more than %d seeds", path, t.line, MAX_SEEDS);
        else if (!valid_seed(f[0])) ok = !fail("%s:%u: seed '%s': expected three digits", path, t.line, f[0]);
        else if (!valid_title(f[1]))
            ok = !fail("%s:%u: title: letters, digits, spaces and , . : ; ( ) + / %% = - _ [ ] & * ' < > only, below 200", path, t.line);
        for (unsigned i = 0; ok && i < *n; i++)
            if (!strcmp(s[i].seed, f[0])) ok = !fail("%s:%u: seed %s given twice", path, t.line, f[0]);
        if (!ok) break;
        snprintf(s[*n].seed, sizeof s[*n].seed, "%s", f[0]);
        snprintf(s[*n].title, sizeof s[*n].title, "%s", f[1]);
        (*n)++;
    }
    if (ok && got < 0) ok = false;
    tsv_close(&t);
    return ok;
}

/* ---- command-line helpers -------------------------------------------------------------------- */

typedef struct {
    const char *manifest, *figures, *seeds, *jobs, *out, *npsim, *commit, *id, *classes, *traces, *kernels, *experiments;
    long index;
    const char *select[MAX_SELECT];
    unsigned nselect;
    const char *args[8];      /* key=value arguments every npsim call gets (job) */
    unsigned nargs;
    bool no_plot;
} options;

static bool parse_args(int argc, char **argv, options *o) {
    memset(o, 0, sizeof *o);
    o->index = -1;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool v = i + 1 < argc;
        const char **dst = !strcmp(a, "--manifest") ? &o->manifest : !strcmp(a, "--figures") ? &o->figures
                         : !strcmp(a, "--seeds") ? &o->seeds : !strcmp(a, "--jobs") ? &o->jobs
                         : !strcmp(a, "--out") ? &o->out : !strcmp(a, "--npsim") ? &o->npsim
                         : !strcmp(a, "--commit") ? &o->commit : !strcmp(a, "--id") ? &o->id
                         : !strcmp(a, "--classes") ? &o->classes : !strcmp(a, "--traces") ? &o->traces
                         : !strcmp(a, "--kernels") ? &o->kernels : !strcmp(a, "--experiments") ? &o->experiments : NULL;
        if (dst && v) *dst = argv[++i];
        else if (!strcmp(a, "--seed") && v) {
            if (!valid_seed(argv[i + 1])) return !fail("--seed '%s': expected three digits", argv[i + 1]);
            if (o->nselect == MAX_SELECT) return !fail("too many --seed");
            o->select[o->nselect++] = argv[++i];
        } else if (!strcmp(a, "--index") && v) {
            char *end;
            errno = 0;
            long n = strtol(argv[++i], &end, 10);
            if (!isdigit((unsigned char)argv[i][0]) || *end || errno || n >= MAX_RUNS)
                return !fail("--index '%s': expected 0..%d", argv[i], MAX_RUNS - 1);
            o->index = n;
        } else if (!strcmp(a, "--no-plot")) o->no_plot = true;
        else if (a[0] != '-' && strchr(a, '=') && o->nargs < 8) {
            const char *eq = strchr(a, '=');
            /* an empty value is passed on: npsim gives it a meaning (synth_report= : published latencies) */
            if (eq == a || (eq[1] && !all_in(eq + 1, "_./-+"))) return !fail("argument '%s': expected key=value (a path value, or empty)", a);
            o->args[o->nargs++] = a;
        } else return !fail("unknown or incomplete argument '%s' (nppaper has no help command: see the comment at the top of sim/paper/nppaper.c)", a);
    }
    return true;
}

static bool selected(const options *o, const char *seed) {
    if (!o->nselect) return true;
    for (unsigned i = 0; i < o->nselect; i++)
        if (!strcmp(o->select[i], seed)) return true;
    return false;
}

/* snprintf into a path buffer; a path that does not fit is an error, not a truncation. */
static bool path_fmt(char *buf, size_t n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(buf, n, fmt, ap);
    va_end(ap);
    if (len < 0 || (size_t)len >= n) return !fail("path too long (over %zu characters)", n - 1);
    return true;
}

static bool need(const char *what, const char *v) { return v || !fail("%s is required", what); }

/* ---- ids / indices ---------------------------------------------------------------------------- */

static int cmd_list(const options *o, bool indices) {
    manifest m;
    if (!need("--manifest", o->manifest) || !manifest_load(&m, o->manifest)) return 1;
    unsigned shown = 0;
    for (unsigned i = 0; i < m.n; i++) {
        if (!selected(o, m.runs[i].seed)) continue;
        if (indices) printf("%s%u", shown ? "," : "", i);
        else printf("%s\n", m.runs[i].id);
        shown++;
    }
    if (indices && shown) putchar('\n');
    free(m.runs);
    return shown ? 0 : fail("%s: no run of the selected seeds", o->manifest);
}

/* The applications the selected runs trace, each once (the trace step's input, one a line). */
static int cmd_kernels(const options *o) {
    manifest m;
    if (!need("--manifest", o->manifest) || !manifest_load(&m, o->manifest)) return 1;
    for (unsigned i = 0; i < m.n; i++) {
        if (!selected(o, m.runs[i].seed) || !m.runs[i].kernel[0]) continue;
        size_t len = strcspn(m.runs[i].kernel, "@");
        bool seen = false;
        for (unsigned j = 0; j < i && !seen; j++)
            seen = selected(o, m.runs[j].seed) && !strncmp(m.runs[j].kernel, m.runs[i].kernel, len) &&
                   strcspn(m.runs[j].kernel, "@") == len;
        if (!seen) printf("%.*s\n", (int)len, m.runs[i].kernel);
    }
    free(m.runs);
    return 0;
}

/* ---- job ------------------------------------------------------------------------------------ */

static cJSON *read_json(const char *path, bool quiet_missing, bool *missing) {
    FILE *f = fopen(path, "rb");
    if (missing) *missing = !f && errno == ENOENT;
    if (!f) {
        if (!(quiet_missing && missing && *missing)) fail("%s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    size_t cap = 65536, len = 0;
    char *buf = malloc(cap);
    for (size_t n; buf && (n = fread(buf + len, 1, cap - len - 1, f)) > 0;) {
        len += n;
        if (len + 1 == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    if (!buf) {
        fail("%s: out of memory", path);
        return NULL;
    }
    buf[len] = 0;
    const char *end = NULL;
    cJSON *j = cJSON_ParseWithOpts(buf, &end, true);
    if (!j) {
        size_t off = end && end >= buf && end <= buf + len ? (size_t)(end - buf) : len;
        unsigned line = 1;
        for (size_t i = 0; i < off; i++) line += buf[i] == '\n';
        fail("%s:%u: malformed JSON (near byte %zu)", path, line, off);
    }
    free(buf);
    return j;
}

/* Every file nppaper writes goes through the tools' one writer (np_fileio.h: a temporary file
 * beside it, fsync, rename; removed on an error or a signal), so a job's JSON, the tables and the
 * plots are whole or absent: the gatherer's "DIR/ID.json exists" then means the job finished. */
static bool write_json(const cJSON *j, const char *path) {
    char err[1200];
    char *text = cJSON_Print(j);
    if (!text) return !fail("%s: cannot write: out of memory", path);
    size_t len = strlen(text);
    text[len] = '\n'; /* cJSON_Print's terminator becomes the last line's end */
    bool ok = np_out_write_all(path, text, len + 1, err, sizeof err);
    free(text);
    if (!ok) fail("%s", err);
    return ok;
}

/* zlib's CRC-32 of the npsim binary (the checksum the provenance of every result gives its
 * inputs, np_provenance.h): which binary ran, beside the commit it was built from. */
static bool file_hash(const char *path, char out[9]) {
    unsigned long crc;
    long long bytes;
    char err[PATH_LEN + 128];
    if (!np_file_crc32(path, &crc, &bytes, err, sizeof err)) return !fail("%s", err);
    snprintf(out, 9, "%08lx", crc);
    return true;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* One job: the run's line of the manifest -> npsim run -> DIR/ID.json. */
static int job_run(const options *o, const manifest *m) {
    int idx = o->id ? manifest_find(m, o->id) : o->index < (long)m->n ? (int)o->index : -1;
    if (idx < 0)
        return o->id ? fail("%s: no run '%s'", o->manifest, o->id)
                     : fail("%s: --index %ld: the table has %u runs (0..%u)", o->manifest, o->index, m->n, m->n - 1);
    const run_def *r = &m->runs[idx];
    char npsim_json[PATH_LEN + 80], job_json[PATH_LEN + 80], hash[9];
    if (!path_fmt(npsim_json, sizeof npsim_json, "%s/%s.npsim.json", o->out, r->id) ||
        !path_fmt(job_json, sizeof job_json, "%s/%s.json", o->out, r->id) || !file_hash(o->npsim, hash))
        return 1;
    char per_warp[16], kernel_trace[PATH_LEN + 96];
    snprintf(per_warp, sizeof per_warp, "%u", r->per_warp);
    if (r->kernel[0]) {
        /* TRACES/NAME/kernelslist.g (the whole application) or TRACES/NAME/launch1/kernelslist.g */
        size_t len = strcspn(r->kernel, "@");
        if (!o->traces) return fail("job %s (%s:%u): workload %s needs --traces DIR (the trace step's output)", r->id, o->manifest, r->line, r->workload);
        if (!path_fmt(kernel_trace, sizeof kernel_trace, "%s/%.*s/%skernelslist.g", o->traces, (int)len, r->kernel,
                      r->kernel[len] ? "launch1/" : ""))
            return 1;
        if (access(kernel_trace, R_OK))
            return fail("job %s (%s:%u): %s: %s (run the trace step: sim/paper/trace_kernel.sh)", r->id, o->manifest, r->line,
                        kernel_trace, strerror(errno));
    }
    /* npsim run ARGS [-c CONFIG] OVERRIDES (--pattern P --per-warp N | --trace T) --out FILE */
    const char *argv[64];
    unsigned n = 0, first = 0;
    argv[n++] = o->npsim;
    argv[n++] = "run";
    first = n;
    for (unsigned i = 0; i < o->nargs; i++) argv[n++] = o->args[i];
    if (r->config[0]) {
        argv[n++] = "-c";
        argv[n++] = r->config;
    }
    for (unsigned i = 0; i < r->noverrides; i++) argv[n++] = r->overrides[i];
    if (r->trace[0] || r->kernel[0]) {
        argv[n++] = "--trace";
        argv[n++] = r->kernel[0] ? kernel_trace : r->trace;
    } else {
        argv[n++] = "--pattern";
        argv[n++] = r->pattern;
        argv[n++] = "--per-warp";
        argv[n++] = per_warp;
    }
    unsigned before_out = n;
    argv[n++] = "--out";
    argv[n++] = npsim_json;
    argv[n] = NULL;
    unlink(job_json);
    fflush(stdout);
    double t0 = now_seconds();
    pid_t pid = fork();
    if (pid < 0) return fail("fork: %s", strerror(errno));
    if (pid == 0) {
        execv(o->npsim, (char *const *)argv);
        fprintf(stderr, "nppaper: %s: cannot execute: %s\n", o->npsim, strerror(errno));
        _exit(127);
    }
    int status;
    struct rusage ru;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return fail("wait: %s", strerror(errno));
    getrusage(RUSAGE_CHILDREN, &ru);  /* the one child this process waited for */
    double wall = now_seconds() - t0;
    if (!WIFEXITED(status) || WEXITSTATUS(status))
        return fail("job %s (%s:%u): npsim %s %d", r->id, o->manifest, r->line,
                    WIFEXITED(status) ? "exited with status" : "killed by signal",
                    WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    cJSON *result = read_json(npsim_json, false, NULL);
    if (!result) return 1;
    cJSON *cycles = cJSON_GetObjectItemCaseSensitive(result, "completion_cycles");
    if (!cJSON_IsObject(result) || !cJSON_IsNumber(cycles)) {
        cJSON_Delete(result);
        return fail("%s: npsim's run JSON has no completion_cycles", npsim_json);
    }
    cJSON *job = cJSON_CreateObject();
    char where[PATH_LEN + 16];
    snprintf(where, sizeof where, "%s:%u", o->manifest, r->line);
    cJSON_AddStringToObject(job, "id", r->id);
    cJSON_AddStringToObject(job, "seed", r->seed);
    cJSON_AddStringToObject(job, "manifest", where);
    cJSON_AddStringToObject(job, "workload", r->workload);
    cJSON_AddStringToObject(job, "config", r->config[0] ? r->config : "-");
    cJSON *ov = cJSON_AddArrayToObject(job, "overrides");
    for (unsigned i = 0; i < r->noverrides; i++) cJSON_AddItemToArray(ov, cJSON_CreateString(r->overrides[i]));
    cJSON *cmd = cJSON_AddArrayToObject(job, "npsim_arguments");  /* without the binary and --out */
    cJSON_AddItemToArray(cmd, cJSON_CreateString("run"));
    for (unsigned i = first; i < before_out; i++) cJSON_AddItemToArray(cmd, cJSON_CreateString(argv[i]));
    cJSON *bin = cJSON_AddObjectToObject(job, "npsim");
    cJSON_AddStringToObject(bin, "commit", o->commit ? o->commit : "unknown");
    cJSON_AddStringToObject(bin, "binary_crc32", hash);
    cJSON_AddItemToObject(job, "result", result);
    /* The only fields that differ between two runs of the same job (the determinism check drops them). */
    cJSON *tm = cJSON_AddObjectToObject(job, "timing");
    double cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
    cJSON_AddNumberToObject(tm, "wall_seconds", wall);
    cJSON_AddNumberToObject(tm, "cpu_seconds", cpu);
    cJSON_AddNumberToObject(tm, "simulated_cycles_per_wall_second", wall > 0 ? cycles->valuedouble / wall : 0);
    bool ok = write_json(job, job_json);
    cJSON_Delete(job);
    unlink(npsim_json);
    if (ok) fprintf(stderr, "nppaper: job %s done in %.2f s -> %s\n", r->id, wall, job_json);
    return ok ? 0 : 1;
}

static int cmd_job(const options *o) {
    manifest m;
    if (!need("--manifest", o->manifest) || !need("--npsim", o->npsim) || !need("--out", o->out)) return 1;
    if ((o->id != NULL) == (o->index >= 0)) return fail("job: give exactly one of --id ID and --index N");
    if (o->id && !valid_id(o->id)) return fail("--id '%s': not a run id", o->id);
    if (o->commit && !all_in(o->commit, "-_.+")) return fail("--commit '%s': letters, digits and - _ . + only", o->commit);
    if (!manifest_load(&m, o->manifest)) return 1;
    int rc = job_run(o, &m);
    free(m.runs);
    return rc;
}

/* ---- gather ---------------------------------------------------------------------------------- */

typedef struct {
    cJSON *job;         /* the job file */
    cJSON *result;      /* its npsim result */
    char path[PATH_LEN + 80];
} job_file;

/* A metric of one run: true with *v, false with *na set when the key is missing and the metric
 * waits for a model; false with an error otherwise. */
static bool metric_value(const job_file *jf, int metric, double *v, bool *na) {
    const metric_def *md = &metrics[metric];
    *na = false;
    const cJSON *at = NULL;
    char paths[96];
    snprintf(paths, sizeof paths, "%s", md->path);
    for (char *s1 = NULL, *alt = strtok_r(paths, "|", &s1); alt && !at; alt = strtok_r(NULL, "|", &s1)) {
        at = jf->result;
        for (char *s2 = NULL, *k = strtok_r(alt, ".", &s2); k && at; k = strtok_r(NULL, ".", &s2))
            at = cJSON_GetObjectItemCaseSensitive(at, k);
    }
    if (at && cJSON_IsNumber(at) && isfinite(at->valuedouble)) {
        *v = at->valuedouble;
        return true;
    }
    if (!at && md->needs) {
        *na = true;
        return false;
    }
    fail("%s: result.%s %s (metric %s)", jf->path, md->path, at ? "is not a finite number" : "is missing", md->name);
    /* (a present key of the wrong type is an error even for a metric that waits for a model) */
    return false;
}

static bool load_job(job_file *jf, const char *dir, const run_def *r, const char *manifest_path) {
    if (!path_fmt(jf->path, sizeof jf->path, "%s/%s.json", dir, r->id)) return false;
    bool missing;
    jf->job = read_json(jf->path, true, &missing);
    if (!jf->job) {
        if (missing) fail("%s: missing: job '%s' (%s:%u) did not finish; its log is in the runner's output", jf->path, r->id,
                          manifest_path, r->line);
        return false;
    }
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(jf->job, "id");
    jf->result = cJSON_GetObjectItemCaseSensitive(jf->job, "result");
    const cJSON *bin = cJSON_GetObjectItemCaseSensitive(jf->job, "npsim");
    const cJSON *hash = cJSON_GetObjectItemCaseSensitive(bin, "binary_crc32");
    const cJSON *wall = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(jf->job, "timing"), "wall_seconds");
    if (!cJSON_IsObject(jf->job)) return !fail("%s: not a job file (a JSON object expected)", jf->path);
    if (!cJSON_IsString(id) || strcmp(id->valuestring, r->id))
        return !fail("%s: \"id\" is %s, expected \"%s\"", jf->path, cJSON_IsString(id) ? id->valuestring : "missing", r->id);
    if (!cJSON_IsObject(jf->result)) return !fail("%s: \"result\" (npsim's run JSON) is missing", jf->path);
    if (!cJSON_IsString(hash))
        return !fail("%s: \"npsim.binary_crc32\" is missing%s", jf->path,
                     cJSON_GetObjectItemCaseSensitive(bin, "binary_fnv1a64")
                         ? " (the job was run by an nppaper before libnocpress 3.1.0, which hashed the binary with its "
                           "own FNV-1a: run it again)"
                         : "");
    if (!cJSON_IsNumber(wall)) return !fail("%s: \"timing.wall_seconds\" is missing", jf->path);
    return true;
}

static const char *binary_of(const job_file *jf) {
    return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(jf->job, "npsim"), "binary_crc32")->valuestring;
}

static void format_value(char *out, size_t n, metric_fmt fmt, double v) {
    if (fmt == FMT_FRACTION) snprintf(out, n, "%.1f%%", 100.0 * v);
    else if (fmt == FMT_COUNT) snprintf(out, n, "%.0f", v);
    else snprintf(out, n, "%.3f", v);
}

/* ---- verdicts (docs/paper.md "Verdicts": the rule is fixed there and never changed to fit) ------
 * A published change is reproduced when ours has the same sign and |ours| is within a factor
 * VERDICT_FACTOR of |published|; "same sign" when only the sign agrees; else not reproduced. A
 * published value (a share, not a change) has no sign to share: within the factor or not. A
 * published 0 % ("no change") is reproduced when |ours| is below VERDICT_ZERO_BAND points. */
#define VERDICT_FACTOR 2.0
#define VERDICT_ZERO_BAND 2.0
enum { VERDICT_REPRODUCED, VERDICT_SIGN, VERDICT_NOT, VERDICT_KINDS };
static const char *const verdict_names[VERDICT_KINDS] = {"reproduced", "same sign only", "not reproduced"};
static const char *const verdict_keys[VERDICT_KINDS] = {"reproduced", "same_sign", "not_reproduced"};

static int verdict_of(double published, double ours, bool change) {
    if (published == 0) return fabs(ours) < VERDICT_ZERO_BAND ? VERDICT_REPRODUCED : VERDICT_NOT;
    bool same_sign = !change || (ours != 0 && (ours > 0) == (published > 0));
    if (!same_sign) return VERDICT_NOT;
    double ratio = fabs(ours) / fabs(published);
    if (ratio >= 1.0 / VERDICT_FACTOR && ratio <= VERDICT_FACTOR) return VERDICT_REPRODUCED;
    return change ? VERDICT_SIGN : VERDICT_NOT;
}

typedef struct {
    const run_def *run;
    const print_item *it;
    const figure_def *fig;
    bool have;          /* ours is a number */
    double ours;        /* relative change in %, or the absolute value (fractions in %) */
    int verdict;        /* when fig and have, else -1 */
    char ours_text[64], pub_text[220], why[260], label[40], against[64];
} table_row;

static void print_table(FILE *f, const seed_def *sd, const table_row *rows, unsigned n, const manifest *m,
                        const job_file *jobs) {
    int w[5] = {6, 3, 7, 9, 4}, wv = 0;
    const char *head[5] = {"metric", "run", "against", "published", "ours"};
    for (unsigned i = 0; i < n; i++) {
        const char *c[5] = {rows[i].label, rows[i].run->id, rows[i].against, rows[i].pub_text, rows[i].ours_text};
        for (unsigned k = 0; k < 5; k++)
            if ((int)strlen(c[k]) > w[k]) w[k] = (int)strlen(c[k]);
        if (rows[i].verdict >= 0 && (int)strlen(verdict_names[rows[i].verdict]) > wv) wv = (int)strlen(verdict_names[rows[i].verdict]);
    }
    if (wv) wv = wv < 7 ? 7 : wv;
    fprintf(f, "seed %s: %s\n", sd->seed, sd->title);
    fprintf(f, "  %-*s  %-*s  %-*s  %-*s  %-*s  %-*s%s%s\n", w[0], head[0], w[1], head[1], w[2], head[2], w[3], head[3], w[4],
            head[4], wv, wv ? "verdict" : "", wv ? "  " : "", "why ours differs");
    for (unsigned i = 0; i < n; i++) {
        fprintf(f, "  %-*s  %-*s  %-*s  %-*s  ", w[0], rows[i].label, w[1], rows[i].run->id, w[2], rows[i].against,
                w[3], rows[i].pub_text);
        if (rows[i].why[0])
            fprintf(f, "%-*s  %-*s%s%s\n", w[4], rows[i].ours_text, wv, rows[i].verdict >= 0 ? verdict_names[rows[i].verdict] : "",
                    wv ? "  " : "", rows[i].why);
        else fprintf(f, "%s\n", rows[i].ours_text);
    }
    fprintf(f, "  configurations (npsim run, plus the runner's data_dir and synth_report):\n");
    int wid = 0;
    for (unsigned i = 0; i < n; i++) {
        int a = (int)strlen(rows[i].run->id), b = rows[i].it->base_run >= 0 ? (int)strlen(rows[i].it->base) : 0;
        wid = a > wid ? a : wid;
        wid = b > wid ? b : wid;
    }
    bool shown[MAX_RUNS] = {false};
    for (unsigned i = 0; i < n; i++) {
        int ids[2] = {(int)(rows[i].run - m->runs), rows[i].it->base_run};
        for (unsigned k = 0; k < 2; k++) {
            if (ids[k] < 0 || shown[ids[k]]) continue;
            shown[ids[k]] = true;
            const cJSON *args = cJSON_GetObjectItemCaseSensitive(jobs[ids[k]].job, "npsim_arguments");
            fprintf(f, "    %-*s ", wid, m->runs[ids[k]].id);
            const cJSON *a;
            unsigned idx = 0;
            cJSON_ArrayForEach(a, args) {
                /* the runner's own arguments (data_dir=, synth_report=) are the same for every job */
                if (cJSON_IsString(a) && strcmp(a->valuestring, "run") && strncmp(a->valuestring, "data_dir=", 9) &&
                    strncmp(a->valuestring, "synth_report=", 13))
                    fprintf(f, "%s%s", idx++ ? " " : "", a->valuestring);
            }
            fprintf(f, "\n");
        }
    }
    fprintf(f, "\n");
}

/* A run id without the "sNNN-" prefix of its seed's table (plot labels). */
static const char *short_id(const char *id, const char *seed) {
    return id[0] == 's' && !strncmp(id + 1, seed, 3) && id[4] == '-' && id[5] ? id + 5 : id;
}

/* gnuplot: published and ours side by side per row with a published figure or a number of ours. */
static bool plot_table(const char *dir, const seed_def *sd, const table_row *rows, unsigned n) {
    char dat[PATH_LEN + 32], gp[PATH_LEN + 32], png[PATH_LEN + 32];
    if (!path_fmt(dat, sizeof dat, "%s/seed_%s.dat", dir, sd->seed) || !path_fmt(gp, sizeof gp, "%s/seed_%s.gp", dir, sd->seed) ||
        !path_fmt(png, sizeof png, "%s/seed_%s.png", dir, sd->seed))
        return false;
    char err[1200];
    np_outfile out;
    if (!np_out_open(&out, dat, err, sizeof err)) return !fail("%s", err);
    FILE *f = out.f;
    fprintf(f, "# label published_pct ours_pct (? = none; relative rows: change vs the baseline; absolute: value)\n");
    unsigned plotted = 0;
    for (unsigned i = 0; i < n; i++) {
        const table_row *r = &rows[i];
        bool pct = r->it->base_run >= 0 || metrics[r->it->metric].fmt == FMT_FRACTION;
        if (!pct || (!r->fig && !r->have)) continue;
        fprintf(f, "\"%s %s%s%s\" ", metrics[r->it->metric].name, short_id(r->run->id, sd->seed),
                r->it->base_run >= 0 ? " vs " : "", r->it->base_run >= 0 ? short_id(r->it->base, sd->seed) : "");
        if (r->fig) fprintf(f, "%.4f ", r->fig->value);
        else fprintf(f, "? ");
        if (r->have) fprintf(f, "%.4f\n", r->ours);
        else fprintf(f, "?\n");
        plotted++;
    }
    if (!np_out_commit(&out, err, sizeof err)) return !fail("%s", err);
    if (!plotted) return true;
    char *script = NULL;
    size_t script_len = 0;
    f = open_memstream(&script, &script_len);
    if (!f) return !fail("out of memory");
    /* every string here is a path built from the --out directory or a checked title (valid_title);
     * the image is np_out_1 (np_gnuplot.h: drawn into a temporary file, renamed when whole) */
    fprintf(f, "set terminal pngcairo size %u,640 noenhanced\nset output np_out_1\n", 480 + 80 * plotted);
    fprintf(f, "set title \"seed %s: %s\"\nset datafile missing \"?\"\nset style data histogram\n"
               "set style histogram clustered gap 1\nset style fill solid 0.8 border -1\nset boxwidth 0.9\n"
               "set grid ytics\nset ylabel \"%% (change against the baseline, or value)\"\nset xtics rotate by -40 left\n"
               "set key outside top right\nset bmargin 14\nset rmargin 16\nset xzeroaxis lt -1\nset offsets 0, 0, graph 0.05, graph 0.05\n"
               "plot \"%s\" using 2:xtic(1) title \"published\", \"\" using 3 title \"ours (npsim)\"\n",
            sd->seed, sd->title, dat);
    bool ok = fclose(f) == 0 && np_run_gnuplot(gp, script, (const char *const[]){png}, 1, err, sizeof err);
    free(script);
    if (!ok) return !fail("%s", err);
    printf("plot: %s\n", png);
    return true;
}

static cJSON *row_json(const table_row *r) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "metric", metrics[r->it->metric].name);
    cJSON_AddStringToObject(o, "run", r->run->id);
    if (r->it->base_run >= 0) cJSON_AddStringToObject(o, "against", r->it->base);
    else cJSON_AddNullToObject(o, "against");
    cJSON_AddStringToObject(o, "kind", r->it->base_run >= 0 ? "change_pct" : metrics[r->it->metric].fmt == FMT_FRACTION ? "value_pct" : "value");
    if (r->fig) {
        cJSON_AddNumberToObject(o, "published", r->fig->value);
        cJSON_AddStringToObject(o, "published_source", r->fig->source);
    } else cJSON_AddNullToObject(o, "published");
    if (r->have) cJSON_AddNumberToObject(o, "ours", r->ours);
    else cJSON_AddNullToObject(o, "ours");
    cJSON_AddStringToObject(o, "ours_text", r->ours_text);
    if (r->verdict >= 0) cJSON_AddStringToObject(o, "verdict", verdict_keys[r->verdict]);
    else cJSON_AddNullToObject(o, "verdict");
    cJSON_AddStringToObject(o, "why", r->why);
    return o;
}

/* ---- class tables (--classes; docs/paper.md "Class tables") ------------------------------------
 * A seed whose figures are means over classes of workloads (seed 004: cache-sensitive and
 * cache-insensitive by the gain of a 4x larger L1) gets one more table. Runs are named
 * PREFIX-WORKLOAD (WORKLOAD without '-'). A `class` line classifies each workload by the change
 * of a metric between two runs of it; a `row` line prints, for one class, the mean over its
 * workloads of 100 (PREFIX-W / BASE-W - 1) beside the published figure. Nine tab-separated fields:
 *   class SEED PROBE_PREFIX BASE_PREFIX METRIC THRESHOLD% NAME_ABOVE NAME_BELOW -
 *   row   SEED PREFIX       BASE_PREFIX METRIC CLASS      PUBLISHED  SOURCE     WHY
 * CLASS is NAME_ABOVE, NAME_BELOW or "all"; PUBLISHED a % figure or "-". BASE_PREFIX "-" (a
 * fraction metric only) uses the run's own value in % instead of a change (seed 000 classifies its
 * workloads by their share of partial consistent accesses, and publishes absolute shares). */
#define MAX_CLASS_ROWS 128

typedef struct {
    char seed[4], prefix[64], base[64], cls[24], pub_text[40], source[160], why[240];
    int metric;
    bool has_pub;
    double pub;
    unsigned line;
} class_row;

typedef struct {
    bool have;
    char seed[4], probe[64], base[64], above[24], below[24];
    int metric;
    double threshold;
} class_def;

typedef struct {
    class_def def[MAX_SEEDS];
    unsigned ndef;
    class_row row[MAX_CLASS_ROWS];
    unsigned nrow;
} classes;

static bool valid_name(const char *s, size_t n) { return strlen(s) < n && all_in(s, "_.+-"); }

static bool classes_load(classes *c, const char *path) {
    memset(c, 0, sizeof *c);
    tsv t;
    if (!tsv_open(&t, path)) return false;
    char *f[MAX_FIELDS], where[PATH_LEN + 16];
    int got;
    bool ok = true;
    while (ok && (got = tsv_next(&t, f, 9)) > 0) {
        snprintf(where, sizeof where, "%s:%u", path, t.line);
        bool is_class = !strcmp(f[0], "class");
        int metric = metric_find(f[4]);
        if (!is_class && strcmp(f[0], "row")) ok = !fail("%s: first field '%s': expected class or row", where, f[0]);
        else if (!valid_seed(f[1])) ok = !fail("%s: seed '%s': expected three digits", where, f[1]);
        else if (!valid_id(f[2]) || (!valid_id(f[3]) && strcmp(f[3], "-")))
            ok = !fail("%s: run id prefixes: letters, digits, _ . - only (baseline: or -)", where);
        else if (metric < 0) ok = !fail("%s: unknown metric '%s'", where, f[4]);
        else if (!strcmp(f[3], "-") && metrics[metric].fmt != FMT_FRACTION)
            ok = !fail("%s: baseline '-' (the run's own value) needs a fraction metric, not '%s'", where, f[4]);
        if (!ok) break;
        if (is_class) {
            class_def *d = NULL;
            for (unsigned i = 0; i < c->ndef; i++)
                if (!strcmp(c->def[i].seed, f[1])) ok = !fail("%s: seed %s is classified twice", where, f[1]);
            if (ok && c->ndef == MAX_SEEDS) ok = !fail("%s: too many class lines", where);
            if (!ok) break;
            d = &c->def[c->ndef];
            if (!parse_percent(f[5], &d->threshold)) ok = !fail("%s: threshold '%s': expected a %% figure", where, f[5]);
            else if (!valid_name(f[6], sizeof d->above) || !valid_name(f[7], sizeof d->below) || !strcmp(f[6], f[7]) ||
                     !strcmp(f[6], "all") || !strcmp(f[7], "all"))
                ok = !fail("%s: class names: two different words of letters, digits, _ . + - (not 'all')", where);
            else if (strcmp(f[8], "-")) ok = !fail("%s: a class line's last field is '-'", where);
            if (!ok) break;
            d->have = true;
            d->metric = metric;
            snprintf(d->seed, sizeof d->seed, "%s", f[1]);
            snprintf(d->probe, sizeof d->probe, "%s", f[2]);
            snprintf(d->base, sizeof d->base, "%s", f[3]);
            snprintf(d->above, sizeof d->above, "%s", f[6]);
            snprintf(d->below, sizeof d->below, "%s", f[7]);
            c->ndef++;
            continue;
        }
        if (c->nrow == MAX_CLASS_ROWS) {
            ok = !fail("%s: more than %d rows", where, MAX_CLASS_ROWS);
            break;
        }
        class_row *r = &c->row[c->nrow];
        r->line = t.line;
        r->metric = metric;
        /* "published:NAME": the kernels the seed itself puts in class NAME (--kernels) */
        bool by_pub = !strncmp(f[5], "published:", 10) && f[5][10] && valid_name(f[5] + 10, sizeof r->cls - 10);
        if (!by_pub && !valid_name(f[5], sizeof r->cls)) ok = !fail("%s: class '%s': one word, or published:NAME", where, f[5]);
        else if (strcmp(f[6], "-") && (!parse_percent(f[6], &r->pub) || strlen(f[6]) >= sizeof r->pub_text))
            ok = !fail("%s: published figure '%s': expected a number with a %% sign, or -", where, f[6]);
        else if (!valid_text(f[7]) || strlen(f[7]) >= sizeof r->source || !valid_text(f[8]) || strlen(f[8]) >= sizeof r->why)
            ok = !fail("%s: source and reason: printable text below %zu and %zu characters", where, sizeof r->source,
                       sizeof r->why);
        if (!ok) break;
        r->has_pub = strcmp(f[6], "-") != 0;
        snprintf(r->seed, sizeof r->seed, "%s", f[1]);
        snprintf(r->prefix, sizeof r->prefix, "%s", f[2]);
        snprintf(r->base, sizeof r->base, "%s", f[3]);
        snprintf(r->cls, sizeof r->cls, "%s", f[5]);
        snprintf(r->pub_text, sizeof r->pub_text, "%s", f[6]);
        snprintf(r->source, sizeof r->source, "%s", f[7]);
        snprintf(r->why, sizeof r->why, "%s", strcmp(f[8], "-") ? f[8] : "");
        c->nrow++;
    }
    if (ok && got < 0) ok = false;
    for (unsigned i = 0; ok && i < c->nrow; i++) {
        const class_def *d = NULL;
        for (unsigned k = 0; k < c->ndef; k++)
            if (!strcmp(c->def[k].seed, c->row[i].seed)) d = &c->def[k];
        if (strcmp(c->row[i].cls, "all") && strncmp(c->row[i].cls, "published:", 10) &&
            (!d || (strcmp(c->row[i].cls, d->above) && strcmp(c->row[i].cls, d->below))))
            ok = !fail("%s:%u: class '%s' is not one of seed %s's classes", path, c->row[i].line, c->row[i].cls, c->row[i].seed);
    }
    tsv_close(&t);
    return ok;
}

/* ---- the seeds' kernel lists (--kernels, sim/paper/seed_kernels.tsv) ----------------------------
 * Eight TAB-separated fields: seed, the seed's abbreviation, our application or -, launch (all, 1
 * or -), grow (xK: K times the default size, or -), the seed's published class or -, quick or -,
 * a note. The gatherer prints each seed's
 * published class beside the class it computes, and the seed's kernels that did not run. */
#define MAX_SEED_KERNELS 256

typedef struct {
    char seed[4], abbrev[16], kernel[32], published[24], note[200];
} seed_kernel;

typedef struct {
    seed_kernel k[MAX_SEED_KERNELS];
    unsigned n;
} kernel_list;

static bool kernels_load(kernel_list *kl, const char *path) {
    memset(kl, 0, sizeof *kl);
    tsv t;
    if (!tsv_open(&t, path)) return false;
    char *f[MAX_FIELDS];
    int got;
    bool ok = true;
    while (ok && (got = tsv_next(&t, f, 8)) > 0) {
        if (kl->n == MAX_SEED_KERNELS) ok = !fail("%s:%u: more than %d kernels", path, t.line, MAX_SEED_KERNELS);
        else if (!valid_seed(f[0])) ok = !fail("%s:%u: seed '%s': expected three digits", path, t.line, f[0]);
        else if (!valid_name(f[1], sizeof kl->k[0].abbrev) || !valid_name(f[2], sizeof kl->k[0].kernel) ||
                 !valid_name(f[5], sizeof kl->k[0].published))
            ok = !fail("%s:%u: abbreviation, kernel and class: one short word each", path, t.line);
        else if (strcmp(f[3], "all") && strcmp(f[3], "1") && strcmp(f[3], "-"))
            ok = !fail("%s:%u: launch '%s': expected all, 1 or -", path, t.line, f[3]);
        else if ((strcmp(f[2], "-") == 0) != (strcmp(f[3], "-") == 0))
            ok = !fail("%s:%u: a kernel has a launch (all or 1), a missing one (-) has none", path, t.line);
        else if (!valid_grow(f[4]) || (!strcmp(f[2], "-") && strcmp(f[4], "-")))
            ok = !fail("%s:%u: grow '%s': expected xK (K in 2..1024, a kernel that runs) or -", path, t.line, f[4]);
        else if (strcmp(f[6], "quick") && strcmp(f[6], "-")) ok = !fail("%s:%u: '%s': expected quick or -", path, t.line, f[6]);
        else if (!valid_text(f[7]) || strlen(f[7]) >= sizeof kl->k[0].note)
            ok = !fail("%s:%u: note: printable text below %zu characters", path, t.line, sizeof kl->k[0].note);
        if (!ok) break;
        seed_kernel *k = &kl->k[kl->n++];
        snprintf(k->seed, sizeof k->seed, "%s", f[0]);
        snprintf(k->abbrev, sizeof k->abbrev, "%s", f[1]);
        snprintf(k->kernel, sizeof k->kernel, "%s", f[2]);
        snprintf(k->published, sizeof k->published, "%s", f[5]);
        snprintf(k->note, sizeof k->note, "%s", f[7]);
    }
    tsv_close(&t);
    return ok && got == 0;
}

/* The seed's published class of our application w, or NULL (no list, not listed, or none published). */
static const char *published_class(const kernel_list *kl, const char *seed, const char *w) {
    for (unsigned i = 0; kl && i < kl->n; i++)
        if (!strcmp(kl->k[i].seed, seed) && !strcmp(kl->k[i].kernel, w) && strcmp(kl->k[i].published, "-"))
            return kl->k[i].published;
    return NULL;
}

/* The seed's kernels that have no run (with the list's reason), after its tables. */
static void print_missing(FILE *out[2], cJSON *missing, const kernel_list *kl, const char *seed) {
    unsigned n = 0;
    for (unsigned i = 0; i < kl->n; i++) n += !strcmp(kl->k[i].seed, seed) && !strcmp(kl->k[i].kernel, "-");
    if (!n) return;
    cJSON *o = cJSON_AddObjectToObject(missing, seed);
    for (unsigned k = 0; k < 2; k++)
        if (out[k]) fprintf(out[k], "seed %s: %u of its kernels do not run here:\n", seed, n);
    for (unsigned i = 0; i < kl->n; i++) {
        const seed_kernel *sk = &kl->k[i];
        if (strcmp(sk->seed, seed) || strcmp(sk->kernel, "-")) continue;
        cJSON_AddStringToObject(o, sk->abbrev, sk->note);
        for (unsigned k = 0; k < 2; k++)
            if (out[k]) fprintf(out[k], "  %-8s %s\n", sk->abbrev, sk->note);
    }
    for (unsigned k = 0; k < 2; k++)
        if (out[k]) fputc('\n', out[k]);
}

/* One line per seed: how many published figures fall in each verdict. */
static bool verdict_summary(FILE *out[2], cJSON *all, const char *seed, const unsigned v[VERDICT_KINDS], unsigned unmatched) {
    unsigned total = v[0] + v[1] + v[2];
    if (!total && !unmatched) return true;
    cJSON *o = cJSON_AddObjectToObject(all, seed);
    for (unsigned i = 0; i < VERDICT_KINDS; i++) cJSON_AddNumberToObject(o, verdict_keys[i], v[i]);
    cJSON_AddNumberToObject(o, "no_run", unmatched);
    for (unsigned k = 0; k < 2; k++)
        if (out[k])
            fprintf(out[k], "seed %s verdicts: %u reproduced, %u same sign only, %u not reproduced (of %u published figures; %u without a run in their class)\n\n",
                    seed, v[0], v[1], v[2], total, unmatched);
    return true;
}

/* The workload of run `id` under `prefix` ("PREFIX-W", W without '-'), or NULL. */
static const char *workload_of(const char *id, const char *prefix) {
    size_t n = strlen(prefix);
    if (strncmp(id, prefix, n) || id[n] != '-' || !id[n + 1] || strchr(id + n + 1, '-')) return NULL;
    return id + n + 1;
}

/* ---- run lengths (docs/paper.md "Run lengths and warm-up") -------------------------------------
 * Every run is the whole application from cold caches with no warm-up (seed 004 sec. IV-A: "We
 * simulate each benchmark for 1 billion instructions or to completion, whichever is earlier"; every
 * ported application ends far below 10^9 instructions). A controller that learns once per period
 * (LATTE-CC and the other adaptive schemes: docs/latte.md 4.1, an EP of 256 L1 accesses, a period of
 * 10 EPs) needs LATTE_MIN_PERIODS periods on the SM with fewest among those the application used (at
 * least one L1 access); a run below that is "short": it is kept, and named beside every class row it
 * enters and in the seed's run-length list. */
#define LATTE_MIN_PERIODS 10.0

typedef struct {
    double cycles, launches, instructions;   /* instructions < 0: no core model */
    bool compressed;                         /* a compressed L1: EPs and periods below */
    bool adaptive;                           /* its controller learns per period (the rule applies) */
    double eps_min, eps_mean, periods_min, periods_mean;   /* over all SMs */
    double periods_max, per_period;
    double sms, sms_used, used_min, used_mean;             /* periods over the SMs with L1 accesses */
    char scheme[24];
} run_length;

/* The adaptive schemes of npsim's l1_compression (docs/sim.md "Compressed L1"): they choose a mode
 * per EP from what a period's learning EP measured; the static ones (bdi, sc, bpc, kernel-opt) do not. */
static bool scheme_learns(const char *scheme) {
    static const char *const adaptive[] = {"latte-cc", "latte-cc-bpc", "adaptive-hit-count", "adaptive-cmp"};
    for (size_t i = 0; i < sizeof adaptive / sizeof adaptive[0]; i++)
        if (!strcmp(scheme, adaptive[i])) return true;
    return false;
}

static const cJSON *json_at(const cJSON *o, const char *a, const char *b) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, a);
    return b ? cJSON_GetObjectItemCaseSensitive(x, b) : x;
}

static bool json_num(const cJSON *o, const char *a, const char *b, double *v, const char *path) {
    const cJSON *x = json_at(o, a, b);
    if (!cJSON_IsNumber(x) || !isfinite(x->valuedouble))
        return !fail("%s: result.run_length.%s%s%s is missing or not a finite number", path, a, b ? "." : "", b ? b : "");
    *v = x->valuedouble;
    return true;
}

/* A run's length from npsim's run JSON (result.run_length); a job of an npsim from before it has
 * at most its completion cycles (what it lacks is -1: unknown). */
static bool run_length_of(const job_file *jf, run_length *rl) {
    memset(rl, 0, sizeof *rl);
    rl->cycles = rl->launches = rl->instructions = rl->eps_min = rl->eps_mean = rl->periods_min = rl->periods_mean = -1;
    rl->sms = rl->sms_used = rl->used_min = rl->used_mean = rl->periods_max = rl->per_period = -1;
    const cJSON *l = cJSON_GetObjectItemCaseSensitive(jf->result, "run_length");
    if (!l) {
        const cJSON *c = cJSON_GetObjectItemCaseSensitive(jf->result, "completion_cycles");
        if (cJSON_IsNumber(c) && isfinite(c->valuedouble)) rl->cycles = c->valuedouble;
        return true;
    }
    if (!json_num(l, "cycles", NULL, &rl->cycles, jf->path) || !json_num(l, "kernel_launches", NULL, &rl->launches, jf->path))
        return false;
    if (json_at(l, "warp_instructions", NULL) && !json_num(l, "warp_instructions", NULL, &rl->instructions, jf->path)) return false;
    if (!json_at(l, "periods_per_sm", NULL)) return true;
    const cJSON *scheme = json_at(jf->result, "l1_compression", "scheme");
    if (!cJSON_IsString(scheme)) return !fail("%s: result.run_length has periods but result.l1_compression.scheme is missing", jf->path);
    snprintf(rl->scheme, sizeof rl->scheme, "%s", scheme->valuestring);
    rl->compressed = true;
    rl->adaptive = scheme_learns(rl->scheme);
    double eps_max;
    if (!json_num(l, "eps_per_sm", "min", &rl->eps_min, jf->path) || !json_num(l, "eps_per_sm", "mean", &rl->eps_mean, jf->path) ||
        !json_num(l, "eps_per_sm", "max", &eps_max, jf->path) || !json_num(l, "eps_per_sm", "sms", &rl->sms, jf->path) ||
        !json_num(l, "eps_per_sm", "sms_with_accesses", &rl->sms_used, jf->path) ||
        !json_num(l, "periods_per_sm", "eps_per_period", &rl->per_period, jf->path) ||
        !json_num(l, "periods_per_sm", "min", &rl->periods_min, jf->path) ||
        !json_num(l, "periods_per_sm", "mean", &rl->periods_mean, jf->path) ||
        !json_num(l, "periods_per_sm", "min_with_accesses", &rl->used_min, jf->path) ||
        !json_num(l, "periods_per_sm", "mean_with_accesses", &rl->used_mean, jf->path))
        return false;
    if (rl->per_period <= 0) return !fail("%s: result.run_length.periods_per_sm.eps_per_period is not positive", jf->path);
    rl->periods_max = eps_max / rl->per_period;
    return true;
}

static bool run_is_short(const run_length *rl) { return rl->adaptive && rl->used_min < LATTE_MIN_PERIODS; }

/* The seed's run lengths after its tables: every run's cycles (and launches, warp instructions,
 * EPs and periods per SM) into results.json's run_lengths, the total and the short runs printed. */
static bool run_lengths(FILE *out[2], cJSON *all, const char *seed, const manifest *m, const job_file *jobs) {
    cJSON *o = cJSON_CreateObject(), *runs = cJSON_CreateObject(), *shorts = cJSON_CreateArray();
    cJSON_AddItemToObject(all, seed, o);
    cJSON_AddStringToObject(o, "warm_up", "none: every run is the whole application from cold caches (caches stay warm "
                                          "across its kernel launches)");
    cJSON_AddNumberToObject(o, "min_periods_per_sm", LATTE_MIN_PERIODS);
    double total = 0;
    unsigned n = 0, adaptive = 0, unknown = 0;
    char list[2048] = "";
    for (unsigned i = 0; i < m->n; i++) {
        if (strcmp(m->runs[i].seed, seed) || !jobs[i].job) continue;
        run_length rl;
        if (!run_length_of(&jobs[i], &rl)) {
            cJSON_AddItemToObject(o, "runs", runs);
            cJSON_AddItemToObject(o, "short_runs", shorts);
            return false;
        }
        n++;
        cJSON *r = cJSON_AddObjectToObject(runs, m->runs[i].id);
        if (rl.cycles < 0) {
            unknown++;
            continue;
        }
        total += rl.cycles;
        cJSON_AddNumberToObject(r, "cycles", rl.cycles);
        if (rl.launches >= 0) cJSON_AddNumberToObject(r, "kernel_launches", rl.launches);
        if (rl.instructions >= 0) cJSON_AddNumberToObject(r, "warp_instructions", rl.instructions);
        if (!rl.compressed) continue;
        cJSON_AddStringToObject(r, "l1_compression", rl.scheme);
        cJSON_AddNumberToObject(r, "eps_per_sm_min", rl.eps_min);
        cJSON_AddNumberToObject(r, "eps_per_sm_mean", rl.eps_mean);
        cJSON_AddNumberToObject(r, "periods_per_sm_min", rl.periods_min);
        cJSON_AddNumberToObject(r, "periods_per_sm_mean", rl.periods_mean);
        cJSON_AddNumberToObject(r, "periods_per_sm_max", rl.periods_max);
        cJSON_AddNumberToObject(r, "sms", rl.sms);
        cJSON_AddNumberToObject(r, "sms_with_accesses", rl.sms_used);
        cJSON_AddNumberToObject(r, "periods_per_sm_min_with_accesses", rl.used_min);
        cJSON_AddNumberToObject(r, "periods_per_sm_mean_with_accesses", rl.used_mean);
        cJSON_AddBoolToObject(r, "learns_per_period", rl.adaptive);
        cJSON_AddBoolToObject(r, "short", run_is_short(&rl));
        adaptive += rl.adaptive;
        if (!run_is_short(&rl)) continue;
        cJSON_AddItemToArray(shorts, cJSON_CreateString(m->runs[i].id));
        size_t used = strlen(list);
        snprintf(list + used, sizeof list - used, "%s%s %.1f / %.1f (%.0f of %.0f SMs)", used ? "; " : "", m->runs[i].id,
                 rl.used_min, rl.used_mean, rl.sms_used, rl.sms);
    }
    cJSON_AddItemToObject(o, "runs", runs);
    cJSON_AddItemToObject(o, "short_runs", shorts);
    cJSON_AddNumberToObject(o, "cycles_total", total);
    cJSON_AddNumberToObject(o, "runs_without_length", unknown);
    for (unsigned k = 0; k < 2; k++) {
        if (!out[k]) continue;
        fprintf(out[k], "seed %s run lengths: %u runs, %.0f simulated cycles in all", seed, n, total);
        if (unknown) fprintf(out[k], " (%u runs without a length in their JSON)", unknown);
        fprintf(out[k], "; whole applications from cold caches, no warm-up\n");
        if (adaptive)
            fprintf(out[k], "  runs that learn per period (LATTE-CC, adaptive): %u, %d of them short (below %.0f periods of "
                            "10 EPs on the SM with fewest; periods per SM min / mean over the SMs with L1 accesses)%s%s\n",
                    adaptive, cJSON_GetArraySize(shorts), LATTE_MIN_PERIODS, *list ? ": " : "", list);
        fputc('\n', out[k]);
    }
    return true;
}

/* The change in % of `metric` between runs a and b; false (with an error) when either is missing.
 * A baseline of 0 has no relative change: with `zero_base` it is reported there (*zero_base set,
 * *pct untouched), without it it is an error. */
static bool change_of(const manifest *m, const job_file *jobs, const char *a, const char *b, int metric, double *pct,
                      bool *zero_base, const char *where) {
    int ia = manifest_find(m, a), ib = manifest_find(m, b);
    if (ia < 0 || ib < 0) return !fail("%s: run '%s' is not in %s", where, ia < 0 ? a : b, m->path);
    if (!jobs[ia].job || !jobs[ib].job) return !fail("%s: runs '%s' and '%s' must belong to the table's seed", where, a, b);
    double va, vb;
    bool na;
    if (!metric_value(&jobs[ia], metric, &va, &na) || !metric_value(&jobs[ib], metric, &vb, &na))
        return na ? !fail("%s: %s has no %s (needs %s)", where, a, metrics[metric].name, metrics[metric].needs) : false;
    if (vb == 0 && zero_base) return *zero_base = true;
    if (vb == 0) return !fail("%s: %s of %s is 0", where, metrics[metric].name, b);
    *pct = 100.0 * (va / vb - 1.0);
    return true;
}

/* The value in % of fraction `metric` of run a (a class or row whose baseline is "-"). */
static bool percent_of(const manifest *m, const job_file *jobs, const char *a, int metric, double *pct,
                       const char *where) {
    int ia = manifest_find(m, a);
    if (ia < 0) return !fail("%s: run '%s' is not in %s", where, a, m->path);
    if (!jobs[ia].job) return !fail("%s: run '%s' must belong to the table's seed", where, a);
    bool na;
    if (!metric_value(&jobs[ia], metric, pct, &na))
        return na ? !fail("%s: %s has no %s (needs %s)", where, a, metrics[metric].name, metrics[metric].needs) : false;
    *pct *= 100.0;
    return true;
}

/* Row or class against baseline run b, or (b's prefix "-") the run's own value in %. */
static bool change_or_value(const manifest *m, const job_file *jobs, const char *a, const char *base_prefix,
                            const char *b, int metric, double *pct, bool *zero_base, const char *where) {
    if (!strcmp(base_prefix, "-")) return percent_of(m, jobs, a, metric, pct, where);
    return change_of(m, jobs, a, b, metric, pct, zero_base, where);
}

/* The class of workload w: its probe change (or value) against the threshold. */
static bool class_of(const class_def *d, const manifest *m, const job_file *jobs, const char *w, const char **cls,
                     double *gain, const char *where) {
    char a[160], b[160];
    snprintf(a, sizeof a, "%s-%s", d->probe, w);
    snprintf(b, sizeof b, "%s-%s", d->base, w);
    if (!change_or_value(m, jobs, a, d->base, b, d->metric, gain, NULL, where)) return false;
    *cls = *gain > d->threshold ? d->above : d->below;
    return true;
}

/* Workload w of a class row enters its mean with a short run (its own or its baseline's, "Run
 * lengths" above): w is appended to `list`. */
static bool note_short(const manifest *m, const job_file *jobs, const char *a, const char *base_prefix, const char *b,
                       const char *w, char *list, size_t n) {
    bool is_short = false;
    for (unsigned k = 0; k < 2 && !is_short; k++) {
        if (k == 1 && !strcmp(base_prefix, "-")) break;
        int i = manifest_find(m, k ? b : a);
        run_length rl;
        if (i < 0 || !jobs[i].job) continue;
        if (!run_length_of(&jobs[i], &rl)) return false;
        is_short = run_is_short(&rl);
    }
    size_t used = strlen(list);
    if (is_short) snprintf(list + used, n - used, "%s%s", used ? " " : "", w);
    return true;
}

static bool class_table(FILE *out[2], cJSON *tables, const classes *c, const char *seed, const manifest *m,
                        const job_file *jobs, const char *path, const kernel_list *kl, unsigned verdicts[VERDICT_KINDS],
                        unsigned *unmatched) {
    const class_def *d = NULL;
    for (unsigned k = 0; k < c->ndef; k++)
        if (!strcmp(c->def[k].seed, seed)) d = &c->def[k];
    unsigned nrows = 0;
    for (unsigned i = 0; i < c->nrow; i++) nrows += !strcmp(c->row[i].seed, seed);
    if (!nrows) return true;
    cJSON *t = cJSON_CreateObject();
    cJSON_AddStringToObject(t, "seed", seed);
    cJSON *wl = cJSON_AddObjectToObject(t, "workloads"), *ra = cJSON_AddArrayToObject(t, "rows");
    cJSON_AddItemToArray(tables, t);
    for (unsigned k = 0; k < 2; k++) {
        if (!out[k]) continue;
        fprintf(out[k], "seed %s by workload class", seed);
        if (d && !strcmp(d->base, "-"))
            fprintf(out[k], " (%s: %s of %s-W above %.0f%%; else %s):", d->above, metrics[d->metric].name, d->probe,
                    d->threshold, d->below);
        else if (d)
            fprintf(out[k], " (%s: %s of %s-W against %s-W above %+.0f%%; else %s):", d->above, metrics[d->metric].name,
                    d->probe, d->base, d->threshold, d->below);
        fprintf(out[k], "\n");
    }
    /* the classification, from the runs of the class line's baseline (its probe when that is "-") */
    for (unsigned i = 0; d && i < m->n; i++) {
        const char *w = workload_of(m->runs[i].id, strcmp(d->base, "-") ? d->base : d->probe);
        if (!w) continue;
        char where[PATH_LEN + 16];
        snprintf(where, sizeof where, "%s (class of %s)", path, w);
        const char *cls;
        double gain;
        if (!class_of(d, m, jobs, w, &cls, &gain, where)) return false;
        cJSON *o = cJSON_AddObjectToObject(wl, w);
        cJSON_AddStringToObject(o, "class", cls);
        cJSON_AddNumberToObject(o, "probe_change_pct", gain);
        const char *pub = published_class(kl, seed, w);
        if (pub) cJSON_AddStringToObject(o, "published_class", pub);
        else cJSON_AddNullToObject(o, "published_class");
        for (unsigned k = 0; k < 2; k++)
            if (out[k]) {
                fprintf(out[k], strcmp(d->base, "-") ? "  %-12s %-14s (%s %+.1f%%)" : "  %-12s %-14s (%s %.1f%%)", w, cls,
                        metrics[d->metric].name, gain);
                if (pub) fprintf(out[k], "  published: %s", pub);
                fputc('\n', out[k]);
            }
    }
    for (unsigned k = 0; k < 2; k++)
        if (out[k])
            fprintf(out[k], "  %-14s %-24s %-16s %-22s %-10s %-26s %-15s %s\n", "class", "metric", "run prefix", "against",
                    "published", "ours: mean over workloads", "verdict", "why ours differs");
    for (unsigned i = 0; i < c->nrow; i++) {
        const class_row *r = &c->row[i];
        if (strcmp(r->seed, seed)) continue;
        char where[PATH_LEN + 16];
        snprintf(where, sizeof where, "%s:%u", path, r->line);
        double sum = 0;
        unsigned n = 0;
        char members[200] = "", zero_based[200] = "", short_runs[200] = "";
        for (unsigned j = 0; j < m->n; j++) {
            const char *w = workload_of(m->runs[j].id, r->prefix);
            if (!w) continue;
            const char *cls = "all";
            double gain, pct;
            if (!strncmp(r->cls, "published:", 10)) {
                if (!kl) return !fail("%s: class '%s' needs the seeds' kernel list (--kernels)", where, r->cls);
                cls = published_class(kl, seed, w);
                if (!cls || strcmp(cls, r->cls + 10)) continue;
            } else if (strcmp(r->cls, "all") && !class_of(d, m, jobs, w, &cls, &gain, where)) return false;
            if (strcmp(r->cls, "all") && strncmp(r->cls, "published:", 10) && strcmp(cls, r->cls)) continue;
            char b[160];
            snprintf(b, sizeof b, "%s-%s", r->base, w);
            /* a workload whose baseline is 0 (spmv's MC stall in seed 003's set) has no change to
             * average: it is left out of the mean and named beside it (docs/paper.md, "Verdicts") */
            bool zero_base = false;
            if (!change_or_value(m, jobs, m->runs[j].id, r->base, b, r->metric, &pct, &zero_base, where)) return false;
            if (zero_base) {
                size_t used = strlen(zero_based);
                snprintf(zero_based + used, sizeof zero_based - used, "%s%s", used ? " " : "", w);
                continue;
            }
            sum += pct;
            n++;
            if (!note_short(m, jobs, m->runs[j].id, r->base, b, w, short_runs, sizeof short_runs)) return false;
            size_t used = strlen(members);
            snprintf(members + used, sizeof members - used, "%s%s", used ? " " : "", w);
        }
        char ours[96 + sizeof zero_based + sizeof short_runs];
        if (n) snprintf(ours, sizeof ours, strcmp(r->base, "-") ? "%+.1f%% (n=%u: %s)" : "%.1f%% (n=%u: %s)", sum / n, n,
                        members);
        else snprintf(ours, sizeof ours, "n/a (no workload in the class%s)", *zero_based ? " with a baseline above 0" : "");
        if (*zero_based) {
            size_t used = strlen(ours);
            snprintf(ours + used, sizeof ours - used, " (left out, baseline 0: %s)", zero_based);
        }
        if (*short_runs) {
            size_t used = strlen(ours);
            snprintf(ours + used, sizeof ours - used, " (short for LATTE-CC: %s)", short_runs);
        }
        char pub[220];
        if (r->has_pub) snprintf(pub, sizeof pub, "%s (%s)", r->pub_text, r->source);
        else snprintf(pub, sizeof pub, "-");
        int verdict = n && r->has_pub ? verdict_of(r->pub, sum / n, strcmp(r->base, "-") != 0) : -1;
        if (verdict >= 0) verdicts[verdict]++;
        else if (r->has_pub) (*unmatched)++;
        for (unsigned k = 0; k < 2; k++)
            if (out[k])
                fprintf(out[k], "  %-14s %-24s %-16s %-22s %-10s %-26s %-15s %s\n", r->cls, metrics[r->metric].label, r->prefix,
                        r->base, r->has_pub ? r->pub_text : "-", ours, verdict >= 0 ? verdict_names[verdict] : "-",
                        n && r->has_pub ? r->why : "");
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "class", r->cls);
        cJSON_AddStringToObject(o, "metric", metrics[r->metric].name);
        cJSON_AddStringToObject(o, "prefix", r->prefix);
        cJSON_AddStringToObject(o, "against", r->base);
        if (r->has_pub) {
            cJSON_AddNumberToObject(o, "published", r->pub);
            cJSON_AddStringToObject(o, "published_source", r->source);
        } else cJSON_AddNullToObject(o, "published");
        if (n) cJSON_AddNumberToObject(o, "ours", sum / n);
        else cJSON_AddNullToObject(o, "ours");
        cJSON_AddStringToObject(o, "workloads", members);
        cJSON_AddStringToObject(o, "left_out_zero_baseline", zero_based);
        cJSON_AddStringToObject(o, "short_runs", short_runs);
        if (verdict >= 0) cJSON_AddStringToObject(o, "verdict", verdict_keys[verdict]);
        else cJSON_AddNullToObject(o, "verdict");
        cJSON_AddStringToObject(o, "why", r->why);
        cJSON_AddItemToArray(ra, o);
    }
    for (unsigned k = 0; k < 2; k++)
        if (out[k]) fprintf(out[k], "\n");
    return true;
}

/* The jobs a gather reads: every selected run and every baseline it names, each a valid job file,
 * all from one npsim binary (a table never compares runs of two binaries). */
typedef struct {
    unsigned n;
    int first;          /* the first loaded run, -1 = none */
    double wall_sum, wall_max;
} jobs_loaded;

static bool load_jobs(const options *o, const manifest *m, job_file *jobs, jobs_loaded *jl) {
    memset(jl, 0, sizeof *jl);
    jl->first = -1;
    for (unsigned i = 0; i < m->n; i++) {
        bool want = selected(o, m->runs[i].seed);
        for (unsigned k = 0; !want && k < m->n; k++)
            if (selected(o, m->runs[k].seed))
                for (unsigned p = 0; p < m->runs[k].nprint; p++) want |= m->runs[k].print[p].base_run == (int)i;
        if (!want) continue;
        if (!load_job(&jobs[i], o->jobs, &m->runs[i], o->manifest)) return false;
        if (jl->first < 0) jl->first = (int)i;
        else if (strcmp(binary_of(&jobs[i]), binary_of(&jobs[jl->first])))
            return !fail("%s ran npsim %s but %s ran %s: rerun every job with one binary", jobs[i].path, binary_of(&jobs[i]),
                         jobs[jl->first].path, binary_of(&jobs[jl->first]));
        double wall = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(jobs[i].job, "timing"), "wall_seconds")->valuedouble;
        jl->wall_sum += wall;
        if (wall > jl->wall_max) jl->wall_max = wall;
        jl->n++;
    }
    return true;
}

/* results.json's jobs_summary, and every loaded job whole under "jobs" (moved out of `jobs`). */
static void add_jobs_json(cJSON *root, const manifest *m, job_file *jobs, const jobs_loaded *jl) {
    cJSON *sum = cJSON_AddObjectToObject(root, "jobs_summary");
    cJSON_AddNumberToObject(sum, "jobs", jl->n);
    cJSON_AddNumberToObject(sum, "wall_seconds_sum", jl->wall_sum);
    cJSON_AddNumberToObject(sum, "wall_seconds_max", jl->wall_max);
    cJSON_AddStringToObject(sum, "npsim_binary_crc32", jl->first >= 0 ? binary_of(&jobs[jl->first]) : "");
    cJSON *ja = cJSON_AddObjectToObject(root, "jobs");
    for (unsigned i = 0; i < m->n; i++)
        if (jobs[i].job) {
            cJSON_AddItemToObject(ja, m->runs[i].id, jobs[i].job);
            jobs[i].job = NULL;
        }
}

static int cmd_gather(const options *o) {
    if (!need("--manifest", o->manifest) || !need("--figures", o->figures) || !need("--seeds", o->seeds) ||
        !need("--jobs", o->jobs) || !need("--out", o->out))
        return 1;
    manifest m;
    figures fg;
    seed_def seeds[MAX_SEEDS];
    unsigned nseeds;
    if (!manifest_load(&m, o->manifest)) return 1;
    if (!figures_load(&fg, &m, o->figures) || !seeds_load(seeds, &nseeds, o->seeds)) {
        free(fg.f);
        free(m.runs);
        return 1;
    }
    static classes cl;
    static kernel_list kl;
    memset(&cl, 0, sizeof cl);
    memset(&kl, 0, sizeof kl);
    if ((o->classes && !classes_load(&cl, o->classes)) || (o->kernels && !kernels_load(&kl, o->kernels))) {
        free(fg.f);
        free(m.runs);
        return 1;
    }
    job_file *jobs = calloc(m.n, sizeof *jobs);
    bool ok = jobs != NULL;
    for (unsigned i = 0; ok && i < m.n; i++) {
        bool known = false;
        for (unsigned k = 0; k < nseeds; k++) known |= !strcmp(seeds[k].seed, m.runs[i].seed);
        if (!known && selected(o, m.runs[i].seed))
            ok = !fail("%s:%u: seed %s has no title in %s", o->manifest, m.runs[i].line, m.runs[i].seed, o->seeds);
    }
    jobs_loaded jl = {0, -1, 0, 0};
    ok = ok && load_jobs(o, &m, jobs, &jl);
    /* the tables */
    table_row *rows = calloc(MAX_RUNS * MAX_PRINT, sizeof *rows);
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "manifest", o->manifest);
    cJSON_AddStringToObject(root, "figures", o->figures);
    cJSON *tables = cJSON_AddArrayToObject(root, "tables");
    cJSON *class_tables = cJSON_AddArrayToObject(root, "class_tables");
    cJSON *verdict_json = cJSON_AddObjectToObject(root, "verdicts");
    cJSON *missing_json = cJSON_AddObjectToObject(root, "missing_kernels");
    cJSON *length_json = cJSON_AddObjectToObject(root, "run_lengths");
    FILE *txt = NULL;
    np_outfile txt_out;
    char path[PATH_LEN + 32], err[1200];
    if (ok) {
        ok = path_fmt(path, sizeof path, "%s/tables.txt", o->out);
        if (ok && !np_out_open(&txt_out, path, err, sizeof err)) ok = !fail("%s", err);
        txt = ok ? txt_out.f : NULL;
    }
    ok = ok && rows;
    /* tables in seeds.tsv order */
    for (unsigned s = 0; ok && s < nseeds; s++) {
        const seed_def *sd = &seeds[s];
        if (!selected(o, sd->seed)) continue;
        unsigned n = 0, verdicts[VERDICT_KINDS] = {0}, unmatched = 0;
        for (unsigned i = 0; ok && i < m.n; i++) {
            const run_def *r = &m.runs[i];
            if (strcmp(r->seed, sd->seed)) continue;
            for (unsigned p = 0; ok && p < r->nprint; p++) {
                table_row *row = &rows[n++];
                memset(row, 0, sizeof *row);
                row->run = r;
                row->it = &r->print[p];
                row->fig = row->it->figure >= 0 ? &fg.f[row->it->figure] : NULL;
                const metric_def *md = &metrics[row->it->metric];
                snprintf(row->label, sizeof row->label, "%s", md->label);
                snprintf(row->against, sizeof row->against, "%s", row->it->base_run >= 0 ? row->it->base : "(value)");
                double v, b = 0;
                bool na = false, nab = false;
                bool got = metric_value(&jobs[i], row->it->metric, &v, &na);
                bool gotb = row->it->base_run < 0 || metric_value(&jobs[row->it->base_run], row->it->metric, &b, &nab);
                if ((!got && !na) || (!gotb && !nab)) {
                    ok = false;
                    break;
                }
                if (na || nab) snprintf(row->ours_text, sizeof row->ours_text, "n/a (needs %s)", md->needs);
                else if (row->it->base_run >= 0 && b == 0) snprintf(row->ours_text, sizeof row->ours_text, "n/a (baseline is 0)");
                else if (row->it->base_run >= 0) {
                    row->have = true;
                    row->ours = 100.0 * (v / b - 1.0);
                    snprintf(row->ours_text, sizeof row->ours_text, "%+.1f%%", row->ours);
                } else {
                    row->have = true;
                    row->ours = md->fmt == FMT_FRACTION ? 100.0 * v : v;
                    format_value(row->ours_text, sizeof row->ours_text, md->fmt, v);
                }
                row->verdict = row->fig && row->have ? verdict_of(row->fig->value, row->ours, row->it->base_run >= 0) : -1;
                if (row->verdict >= 0) verdicts[row->verdict]++;
                if (row->fig) snprintf(row->pub_text, sizeof row->pub_text, "%s (%s)", row->fig->text, row->fig->source);
                else snprintf(row->pub_text, sizeof row->pub_text, "-");
                if (na || nab)
                    snprintf(row->why, sizeof row->why, "no %s in the run's JSON yet: the SM core model (npsim core = sm) reports it", md->label);
                else if (row->fig && row->have && fabs(row->ours - row->fig->value) <= 0.1 * fabs(row->fig->value))
                    snprintf(row->why, sizeof row->why, "within 10%% of it, yet %.200s", row->fig->why);
                else if (row->fig) snprintf(row->why, sizeof row->why, "%s", row->fig->why);
            }
        }
        FILE *outs[2] = {stdout, txt};
        if (ok && o->classes && !n) ok = class_table(outs, class_tables, &cl, sd->seed, &m, jobs, o->classes, o->kernels ? &kl : NULL, verdicts, &unmatched);
        if (ok && !n) ok = verdict_summary(outs, verdict_json, sd->seed, verdicts, unmatched);
        if (ok && !n && o->kernels) print_missing(outs, missing_json, &kl, sd->seed);
        if (ok && !n) ok = run_lengths(outs, length_json, sd->seed, &m, jobs);
        if (!ok || !n) continue;
        print_table(stdout, sd, rows, n, &m, jobs);
        print_table(txt, sd, rows, n, &m, jobs);
        cJSON *t = cJSON_CreateObject();
        cJSON_AddStringToObject(t, "seed", sd->seed);
        cJSON_AddStringToObject(t, "title", sd->title);
        cJSON *ra = cJSON_AddArrayToObject(t, "rows");
        for (unsigned i = 0; i < n; i++) cJSON_AddItemToArray(ra, row_json(&rows[i]));
        cJSON_AddItemToArray(tables, t);
        if (!o->no_plot) ok = plot_table(o->out, sd, rows, n);
        if (ok && o->classes) ok = class_table(outs, class_tables, &cl, sd->seed, &m, jobs, o->classes, o->kernels ? &kl : NULL, verdicts, &unmatched);
        if (ok) ok = verdict_summary(outs, verdict_json, sd->seed, verdicts, unmatched);
        if (ok && o->kernels) print_missing(outs, missing_json, &kl, sd->seed);
        if (ok) ok = run_lengths(outs, length_json, sd->seed, &m, jobs);
    }
    if (txt) {
        if (ok) fprintf(txt, "jobs: %u, job wall time summed %.1f s, longest %.1f s\n", jl.n, jl.wall_sum, jl.wall_max);
        if (!ok) np_out_abort(&txt_out); /* never a partial tables.txt */
        else if (!np_out_commit(&txt_out, err, sizeof err)) ok = !fail("%s", err);
    }
    if (ok) {
        add_jobs_json(root, &m, jobs, &jl);
        ok = path_fmt(path, sizeof path, "%s/results.json", o->out) && write_json(root, path);
        if (ok) printf("jobs: %u, job wall time summed %.1f s, longest %.1f s\ngather: %s/results.json, %s/tables.txt\n",
                       jl.n, jl.wall_sum, jl.wall_max, o->out, o->out);
    }
    cJSON_Delete(root);
    for (unsigned i = 0; jobs && i < m.n; i++) cJSON_Delete(jobs[i].job);
    free(jobs);
    free(rows);
    free(fg.f);
    free(m.runs);
    return ok ? 0 : 1;
}

/* ---- controlled experiments (--experiments, sim/paper/experiments.tsv; docs/paper.md) ----------
 * A run line names the runs PREFIX-K of a one-key change (sim/paper/kernel_runs.sh crosses them into
 * the manifest with the mechanisms' runs they need); a cmp line is a column of a table: METRIC of
 * RUN-K against AGAINST-K on every kernel K with both runs, and the mean of the per-kernel changes
 * over all of them and over each class of the seed (its class rule, or else its published classes). */
#define MAX_XRUNS 64
#define MAX_XCMPS 128

typedef struct {
    char table[32], prefix[64], mech[64], keys[256], kernels[256], isolates[240];
} xrun_def;

typedef struct {
    char table[32], run[64], against[64], note[240];
    int metric;
    bool values;        /* show both values beside the change */
    unsigned line;
} xcmp_def;

typedef struct {
    xrun_def run[MAX_XRUNS];
    unsigned nrun;
    xcmp_def cmp[MAX_XCMPS];
    unsigned ncmp;
} experiments;

/* TYPE TABLE then run: PREFIX MECHANISM KEYS KERNELS ISOLATES, or cmp: RUN AGAINST METRIC SHOW NOTE */
static bool experiments_load(experiments *x, const char *path) {
    memset(x, 0, sizeof *x);
    tsv t;
    if (!tsv_open(&t, path)) return false;
    char *f[MAX_FIELDS];
    int got;
    bool ok = true;
    while (ok && (got = tsv_next(&t, f, 7)) > 0) {
        bool run = !strcmp(f[0], "run");
        if (!run && strcmp(f[0], "cmp")) ok = !fail("%s:%u: first field '%s': expected run or cmp", path, t.line, f[0]);
        else if (!valid_name(f[1], sizeof x->run[0].table)) ok = !fail("%s:%u: table '%s': one short word", path, t.line, f[1]);
        else if (!valid_id(f[2]) || (!valid_id(f[3]) && (run || strcmp(f[3], "-"))))
            ok = !fail("%s:%u: run prefixes: letters, digits and _ . -%s", path, t.line, run ? "" : " (against: or -)");
        else if (!valid_text(f[6]) || strlen(f[6]) >= sizeof x->run[0].isolates)
            ok = !fail("%s:%u: last field: printable text below %zu characters", path, t.line, sizeof x->run[0].isolates);
        else if (run ? x->nrun == MAX_XRUNS : x->ncmp == MAX_XCMPS) ok = !fail("%s:%u: too many %s lines", path, t.line, f[0]);
        if (!ok) break;
        if (run) {
            xrun_def *r = &x->run[x->nrun++];
            if (!valid_text(f[4]) || strlen(f[4]) >= sizeof r->keys || !valid_text(f[5]) || strlen(f[5]) >= sizeof r->kernels)
                ok = !fail("%s:%u: keys and kernels: printable text below %zu characters", path, t.line, sizeof r->keys);
            snprintf(r->table, sizeof r->table, "%s", f[1]);
            snprintf(r->prefix, sizeof r->prefix, "%s", f[2]);
            snprintf(r->mech, sizeof r->mech, "%s", f[3]);
            snprintf(r->keys, sizeof r->keys, "%s", f[4]);
            snprintf(r->kernels, sizeof r->kernels, "%s", f[5]);
            snprintf(r->isolates, sizeof r->isolates, "%s", f[6]);
            continue;
        }
        xcmp_def *c = &x->cmp[x->ncmp++];
        c->line = t.line;
        c->metric = metric_find(f[4]);
        c->values = !strcmp(f[5], "values");
        if (c->metric < 0) ok = !fail("%s:%u: unknown metric '%s'", path, t.line, f[4]);
        else if (!c->values && strcmp(f[5], "change")) ok = !fail("%s:%u: show '%s': expected change or values", path, t.line, f[5]);
        else if (!c->values && !strcmp(f[3], "-")) ok = !fail("%s:%u: against '-' (the run's own value) shows values, not a change", path, t.line);
        snprintf(c->table, sizeof c->table, "%s", f[1]);
        snprintf(c->run, sizeof c->run, "%s", f[2]);
        snprintf(c->against, sizeof c->against, "%s", f[3]);
        snprintf(c->note, sizeof c->note, "%s", f[6]);
    }
    tsv_close(&t);
    if (ok && got == 0 && !x->ncmp) ok = !fail("%s: no cmp line", path);
    return ok && got == 0;
}

/* The seed of the manifest's runs PREFIX-K, or NULL when there is none. */
static const char *prefix_seed(const manifest *m, const char *prefix) {
    for (unsigned i = 0; i < m->n; i++)
        if (workload_of(m->runs[i].id, prefix)) return m->runs[i].seed;
    return NULL;
}

/* The class of kernel w in the seed's classes: by its class rule, or else its published class (NULL:
 * none). */
static bool kernel_class(const classes *cl, const kernel_list *kl, const manifest *m, const job_file *jobs, const char *seed,
                         const char *w, const char **cls, const char *where) {
    *cls = NULL;
    for (unsigned k = 0; k < cl->ndef; k++)
        if (!strcmp(cl->def[k].seed, seed)) {
            double gain;
            return class_of(&cl->def[k], m, jobs, w, cls, &gain, where);
        }
    *cls = published_class(kl, seed, w);
    return true;
}

typedef struct {
    char kernel[32];
    const char *cls;
    bool has_change;
    double value, against, change;
} xcell;

/* One mean of a column: over the cells of class cls (NULL: all), as results.json's means[]. */
static void xmean_json(cJSON *means, const xcell *cells, unsigned n, const char *cls, bool against) {
    double v = 0, b = 0, ch = 0;
    unsigned nv = 0, nch = 0;
    char kernels[400] = "", left_out[200] = "";
    for (unsigned i = 0; i < n; i++) {
        if (cls && (!cells[i].cls || strcmp(cells[i].cls, cls))) continue;
        v += cells[i].value;
        b += cells[i].against;
        nv++;
        size_t used = strlen(kernels);
        snprintf(kernels + used, sizeof kernels - used, "%s%.31s", used ? " " : "", cells[i].kernel);
        if (cells[i].has_change) {
            ch += cells[i].change;
            nch++;
        } else if (against) {
            used = strlen(left_out);
            snprintf(left_out + used, sizeof left_out - used, "%s%.31s", used ? " " : "", cells[i].kernel);
        }
    }
    if (!nv) return;
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "class", cls ? cls : "all");
    cJSON_AddNumberToObject(o, "n", nv);
    cJSON_AddStringToObject(o, "kernels", kernels);
    cJSON_AddNumberToObject(o, "value", v / nv);
    if (against) cJSON_AddNumberToObject(o, "against", b / nv);
    else cJSON_AddNullToObject(o, "against");
    if (nch) cJSON_AddNumberToObject(o, "change", ch / nch);
    else cJSON_AddNullToObject(o, "change");
    cJSON_AddStringToObject(o, "left_out_zero_baseline", left_out);
    cJSON_AddItemToArray(means, o);
}

static const char *const fmt_names[] = {"count", "real", "fraction"};

/* The kernels a table is about: those its run lines name, so that a column comparing make paper's
 * runs (which the seed runs on all its kernels) stays on them; NULL (every kernel) when the table
 * has no run line or one runs on all. Written into buf as ",k1,k2,...," for xkernel_in. */
static const char *xtable_kernels(const experiments *x, const char *table, char *buf, size_t len) {
    size_t used = 0;
    buf[0] = '\0';
    for (unsigned i = 0; i < x->nrun; i++) {
        if (strcmp(x->run[i].table, table)) continue;
        if (!strcmp(x->run[i].kernels, "all")) return NULL;
        int w = snprintf(buf + used, len - used, "%s%s,", used ? "" : ",", x->run[i].kernels);
        if (w < 0 || (size_t)w >= len - used) return NULL; /* cannot happen: MAX_XRUNS x 256 fits */
        used += (size_t)w;
    }
    return used ? buf : NULL;
}

static bool xkernel_in(const char *only, const char *kernel) {
    if (!only) return true;
    char k[72];
    snprintf(k, sizeof k, ",%.64s,", kernel);
    return strstr(only, k) != NULL;
}

/* One column: every kernel with RUN-K and AGAINST-K (of ONLY, when not NULL: xtable_kernels), then
 * the means (all, then each class). */
static bool xcolumn(cJSON *cols, cJSON *kernels, const xcmp_def *c, const manifest *m, const job_file *jobs,
                    const classes *cl, const kernel_list *kl, const char *seed, const char *path, const char *only) {
    char where[PATH_LEN + 16];
    snprintf(where, sizeof where, "%s:%u", path, c->line);
    static xcell cells[MAX_RUNS];
    unsigned n = 0;
    bool against = strcmp(c->against, "-") != 0;
    const metric_def *md = &metrics[c->metric];
    for (unsigned j = 0; j < m->n; j++) {
        const char *w = workload_of(m->runs[j].id, c->run);
        if (!w || !xkernel_in(only, w)) continue;
        char b[160];
        snprintf(b, sizeof b, "%s-%s", c->against, w);
        int ib = against ? manifest_find(m, b) : -1;
        if (against && ib < 0) continue;
        xcell *x = &cells[n];
        memset(x, 0, sizeof *x);
        snprintf(x->kernel, sizeof x->kernel, "%s", w);
        bool na = false;
        if (!jobs[j].job || (ib >= 0 && !jobs[ib].job)) return !fail("%s: runs of seed %s without their job", where, seed);
        if (!metric_value(&jobs[j], c->metric, &x->value, &na) || (ib >= 0 && !metric_value(&jobs[ib], c->metric, &x->against, &na)))
            return na ? !fail("%s: %s or %s has no %s (needs %s)", where, m->runs[j].id, b, md->name, md->needs) : false;
        if (md->fmt == FMT_FRACTION) x->value *= 100.0, x->against *= 100.0;
        x->has_change = against && x->against != 0;
        if (x->has_change) x->change = 100.0 * (x->value / x->against - 1.0);
        if (!kernel_class(cl, kl, m, jobs, seed, w, &x->cls, where)) return false;
        n++;
        /* the table's kernels, each once, in the manifest's order */
        bool seen = false;
        for (const cJSON *k = kernels->child; k && !seen; k = k->next)
            seen = !strcmp(cJSON_GetObjectItemCaseSensitive(k, "kernel")->valuestring, w);
        if (seen) continue;
        cJSON *k = cJSON_CreateObject();
        cJSON_AddStringToObject(k, "kernel", w);
        if (x->cls) cJSON_AddStringToObject(k, "class", x->cls);
        else cJSON_AddNullToObject(k, "class");
        cJSON_AddItemToArray(kernels, k);
    }
    if (!n) return !fail("%s: no kernel has both %s-K and %s-K in %s", where, c->run, c->against, m->path);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "run", c->run);
    cJSON_AddStringToObject(o, "against", c->against);
    cJSON_AddStringToObject(o, "metric", md->name);
    cJSON_AddStringToObject(o, "label", md->label);
    cJSON_AddStringToObject(o, "format", fmt_names[md->fmt]);
    cJSON_AddStringToObject(o, "show", c->values ? "values" : "change");
    cJSON_AddStringToObject(o, "note", c->note);
    cJSON *pk = cJSON_AddObjectToObject(o, "per_kernel");
    for (unsigned i = 0; i < n; i++) {
        cJSON *e = cJSON_AddObjectToObject(pk, cells[i].kernel);
        cJSON_AddNumberToObject(e, "value", cells[i].value);
        if (against) cJSON_AddNumberToObject(e, "against", cells[i].against);
        else cJSON_AddNullToObject(e, "against");
        if (cells[i].has_change) cJSON_AddNumberToObject(e, "change", cells[i].change);
        else cJSON_AddNullToObject(e, "change");
    }
    cJSON *means = cJSON_AddArrayToObject(o, "means");
    xmean_json(means, cells, n, NULL, against);
    /* each class once, in the order of the kernels */
    for (unsigned i = 0; i < n; i++) {
        bool first = cells[i].cls != NULL;
        for (unsigned k = 0; first && k < i; k++) first = !cells[k].cls || strcmp(cells[k].cls, cells[i].cls);
        if (first) xmean_json(means, cells, n, cells[i].cls, against);
    }
    cJSON_AddItemToArray(cols, o);
    printf("  %-28s %-18s %-18s mean %s", md->label, c->run, c->against, "");
    const cJSON *all = cJSON_GetArrayItem(means, 0), *chg = cJSON_GetObjectItemCaseSensitive(all, "change");
    if (c->values) {
        char v[64], b[64];
        format_value(v, sizeof v, md->fmt, cJSON_GetObjectItemCaseSensitive(all, "value")->valuedouble / (md->fmt == FMT_FRACTION ? 100 : 1));
        if (against) format_value(b, sizeof b, md->fmt, cJSON_GetObjectItemCaseSensitive(all, "against")->valuedouble / (md->fmt == FMT_FRACTION ? 100 : 1));
        printf(against ? "%s -> %s " : "%s%s ", against ? b : "", v);
    }
    if (cJSON_IsNumber(chg)) printf("(change %+.1f%%)", chg->valuedouble);
    printf(" over %d kernels\n", (int)cJSON_GetObjectItemCaseSensitive(all, "n")->valuedouble);
    return true;
}

/* The run lines into results.json's "runs", each with the arguments npsim got for its first kernel. */
static bool xruns_json(cJSON *root, const experiments *x, const manifest *m, const job_file *jobs, const options *o) {
    cJSON *runs = cJSON_AddObjectToObject(root, "runs");
    for (unsigned i = 0; i < x->nrun; i++) {
        const xrun_def *r = &x->run[i];
        const char *seed = prefix_seed(m, r->prefix);
        if (!seed) return !fail("%s: run '%s' has no run %s-K in %s (regenerate it: sim/paper/kernel_runs.sh)", o->experiments, r->prefix, r->prefix, m->path);
        if (!selected(o, seed)) continue;
        cJSON *e = cJSON_AddObjectToObject(runs, r->prefix);
        cJSON_AddStringToObject(e, "table", r->table);
        cJSON_AddStringToObject(e, "seed", seed);
        cJSON_AddStringToObject(e, "mechanism", r->mech);
        cJSON_AddStringToObject(e, "keys", r->keys);
        cJSON_AddStringToObject(e, "kernels", r->kernels);
        cJSON_AddStringToObject(e, "isolates", r->isolates);
        for (unsigned j = 0; j < m->n; j++)
            if (workload_of(m->runs[j].id, r->prefix)) {
                cJSON_AddStringToObject(e, "example_run", m->runs[j].id);
                cJSON_AddItemToObject(e, "example_npsim_arguments",
                                      cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(jobs[j].job, "npsim_arguments"), true));
                break;
            }
    }
    return true;
}

static int cmd_experiments(const options *o) {
    if (!need("--manifest", o->manifest) || !need("--experiments", o->experiments) || !need("--jobs", o->jobs) ||
        !need("--out", o->out))
        return 1;
    manifest m;
    static experiments x;
    static classes cl;
    static kernel_list kl;
    memset(&cl, 0, sizeof cl);
    memset(&kl, 0, sizeof kl);
    if (!manifest_load(&m, o->manifest)) return 1;
    job_file *jobs = calloc(m.n, sizeof *jobs);
    jobs_loaded jl = {0, -1, 0, 0};
    bool ok = jobs && experiments_load(&x, o->experiments) && (!o->classes || classes_load(&cl, o->classes)) &&
              (!o->kernels || kernels_load(&kl, o->kernels)) && load_jobs(o, &m, jobs, &jl);
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "manifest", o->manifest);
    cJSON_AddStringToObject(root, "experiments", o->experiments);
    cJSON *tables = cJSON_AddArrayToObject(root, "tables");
    ok = ok && xruns_json(root, &x, &m, jobs, o);
    /* the tables in the order of their first cmp line */
    for (unsigned i = 0; ok && i < x.ncmp; i++) {
        bool first = true;
        for (unsigned k = 0; first && k < i; k++) first = strcmp(x.cmp[k].table, x.cmp[i].table) != 0;
        if (!first) continue;
        const char *seed = prefix_seed(&m, x.cmp[i].run);
        if (!seed) {
            ok = !fail("%s:%u: no run %s-K in %s", o->experiments, x.cmp[i].line, x.cmp[i].run, m.path);
            break;
        }
        if (!selected(o, seed)) continue;
        printf("experiment %s (seed %s):\n", x.cmp[i].table, seed);
        cJSON *t = cJSON_CreateObject();
        cJSON_AddItemToArray(tables, t);
        cJSON_AddStringToObject(t, "id", x.cmp[i].table);
        cJSON_AddStringToObject(t, "seed", seed);
        cJSON *kernels = cJSON_AddArrayToObject(t, "kernels"), *cols = cJSON_AddArrayToObject(t, "columns");
        static char only_buf[MAX_XRUNS * 260];
        const char *only = xtable_kernels(&x, x.cmp[i].table, only_buf, sizeof only_buf);
        for (unsigned k = i; ok && k < x.ncmp; k++) {
            if (strcmp(x.cmp[k].table, x.cmp[i].table)) continue;
            const char *s2 = prefix_seed(&m, x.cmp[k].run);
            if (!s2 || strcmp(s2, seed)) ok = !fail("%s:%u: run %s is not a run of seed %s, the table's", o->experiments, x.cmp[k].line, x.cmp[k].run, seed);
            else ok = xcolumn(cols, kernels, &x.cmp[k], &m, jobs, &cl, o->kernels ? &kl : NULL, seed, o->experiments, only);
        }
    }
    if (ok && !cJSON_GetArraySize(tables)) ok = !fail("%s: no table of the selected seeds", o->experiments);
    char path[PATH_LEN + 32];
    if (ok) {
        add_jobs_json(root, &m, jobs, &jl);
        ok = path_fmt(path, sizeof path, "%s/results.json", o->out) && write_json(root, path);
        if (ok) printf("jobs: %u, job wall time summed %.1f s, longest %.1f s\nexperiments: %s\n", jl.n, jl.wall_sum, jl.wall_max, path);
    }
    cJSON_Delete(root);
    for (unsigned i = 0; jobs && i < m.n; i++) cJSON_Delete(jobs[i].job);
    free(jobs);
    free(m.runs);
    return ok ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc < 2) return fail("usage: nppaper ids|indices|kernels|job|gather|experiments ... (sim/paper/nppaper.c, docs/paper.md)");
    options o;
    if (!parse_args(argc - 2, argv + 2, &o)) return 1;
    if (!strcmp(argv[1], "ids")) return cmd_list(&o, false);
    if (!strcmp(argv[1], "indices")) return cmd_list(&o, true);
    if (!strcmp(argv[1], "kernels")) return cmd_kernels(&o);
    if (!strcmp(argv[1], "job")) return cmd_job(&o);
    if (!strcmp(argv[1], "gather")) return cmd_gather(&o);
    if (!strcmp(argv[1], "experiments")) return cmd_experiments(&o);
    return fail("unknown command '%s' (ids, indices, kernels, job, gather, experiments)", argv[1]);
}
