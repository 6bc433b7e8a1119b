/* `nocpress reuse`: reuse-distance analysis of an address trace and the BA / LRU tag unit
 * over it (docs/ba.md section 6, docs/cli.md). */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ba.h"
#include "cli.h"
#include "cli_result.h"
#include "np_progress.h"
#include "reuse.h"
#include "trace/trace.h" /* npsim's trace reader (sim/trace/trace.c; cmodel.mk links it into the tool) */

static const char reuse_usage[] =
    "usage: nocpress reuse [--sets N] [--ways N] [--threshold N] [--reads-only] [--time]\n"
    "                      [--format text|json] [--out FILE] TRACE\n"
    "\n"
    "Reuse distances of every access of TRACE (the system simulator's text or binary trace,\n"
    "docs/sim.md 'Traces'; addresses are taken per 128-byte line), per set and fully\n"
    "associative, classified as seed 002 Table 1 (rd0 d < n, rd1 n <= d < inf, rd2 first\n"
    "access), the interval histogram of the fully associative distance (Figure 6 bins), and the\n"
    "outcome counts of the tag unit (docs/ba.md) in LRU and BA mode over the same trace.\n"
    "  --sets N        sets, a power of two (default 16)\n"
    "  --ways N        ways, 1..32 (default 8: 16 KB of 128-byte lines)\n"
    "  --threshold N   BA replacement threshold, 0..ways (default ways / 2)\n"
    "  --reads-only    drop the writes before analysing\n"
    "  --time          also print the analysis time and rate (to stderr)\n"
    "  --format F      text (default) or json (one document with the provenance: docs/cli.md\n"
    "                  \"JSON output\")\n"
    "  --out FILE      write the result to FILE (whole or not at all) instead of stdout\n"
    "  --quiet         no progress line (shown on stderr when it is a terminal, after 1 s)\n";

typedef struct {
    unsigned long sets, ways, threshold;
    bool threshold_given, reads_only, timing;
    table_format format;     /* text or json */
    const char *out;         /* --out FILE or NULL */
    const char *path;
} reuse_opts;

enum { OPT_SETS = 256, OPT_WAYS, OPT_THRESHOLD, OPT_READS_ONLY, OPT_TIME, OPT_FORMAT, OPT_OUT };

typedef struct {
    const char *cmd;
    reuse_opts *o;
} reuse_args;

static int on_reuse_option(void *ctx, int key, const char *val) {
    reuse_args *a = ctx;
    reuse_opts *o = a->o;
    static const char *const names[] = {"--sets", "--ways", "--threshold"};
    unsigned long *dst = NULL;
    switch (key) {
    case OPT_READS_ONLY: o->reads_only = true; return -1;
    case OPT_TIME: o->timing = true; return -1;
    case OPT_OUT: o->out = val; return -1;
    case CLI_OPT_QUIET: cli_set_quiet(); return -1;
    case OPT_FORMAT:
        if (!cli_parse_result_format(a->cmd, val, &o->format)) return NP_EXIT_USAGE;
        if (o->format == TABLE_MARKDOWN) return cli_usage_error(a->cmd, "--format must be text or json, not '%s'", val);
        return -1;
    case OPT_SETS: dst = &o->sets; break;
    case OPT_WAYS: dst = &o->ways; break;
    default: dst = &o->threshold; o->threshold_given = true; break; /* OPT_THRESHOLD */
    }
    if (!cli_parse_uint(val, BA_MAX_SETS, dst)) {
        return cli_usage_error(a->cmd, "bad value '%s' for %s", val, names[key - OPT_SETS]);
    }
    return -1;
}

/* 0: go on; -1: --help was printed; else an exit code. */
static int parse_opts(int argc, char **argv, reuse_opts *o) {
    static const struct option opts[] = {
        {"sets", required_argument, NULL, OPT_SETS},         {"ways", required_argument, NULL, OPT_WAYS},
        {"threshold", required_argument, NULL, OPT_THRESHOLD}, {"reads-only", no_argument, NULL, OPT_READS_ONLY},
        {"time", no_argument, NULL, OPT_TIME},               {"format", required_argument, NULL, OPT_FORMAT},
        {"out", required_argument, NULL, OPT_OUT},           CLI_QUIET_OPTION,
        {"help", no_argument, NULL, 'h'},                    {NULL, 0, NULL, 0}};
    memset(o, 0, sizeof *o);
    o->sets = BA_DEFAULT_SETS;
    o->ways = BA_DEFAULT_WAYS;
    reuse_args a = {argv[0], o};
    int first = 0;
    int rc = cli_parse_options(argc, argv, opts, reuse_usage, on_reuse_option, &a, &first);
    if (rc >= 0) {
        return rc == NP_EXIT_OK ? -1 : rc;
    }
    if (argc - first == 0) {
        return cli_usage_error(argv[0], "TRACE missing");
    }
    if (argc - first > 1) {
        return cli_usage_error(argv[0], "one TRACE only ('%s' is extra)", argv[first + 1]);
    }
    o->path = argv[first];
    if (o->sets == 0 || (o->sets & (o->sets - 1u)) != 0) {
        return cli_usage_error(argv[0], "--sets must be a power of two, not %lu", o->sets);
    }
    if (o->ways == 0 || o->ways > BA_MAX_WAYS) {
        return cli_usage_error(argv[0], "--ways must be 1..%u, not %lu", BA_MAX_WAYS, o->ways);
    }
    if (!o->threshold_given) {
        o->threshold = o->ways / 2u;
    } else if (o->threshold > o->ways) {
        return cli_usage_error(argv[0], "--threshold must be 0..ways (%lu), not %lu", o->ways,
                               o->threshold);
    }
    return 0;
}

/* reuse_analyze's progress (reuse.h) as the tool's progress line. */
static void report_analysis(void *ctx, uint64_t done, uint64_t total) {
    (void)ctx;
    np_progress("reuse distances", done, total, "accesses");
}

static double pct(uint64_t part, uint64_t whole) {
    return whole == 0 ? 0.0 : 100.0 * (double)part / (double)whole;
}

/* Everything `reuse` measured, printed as text or JSON. */
typedef struct {
    const reuse_opts *o;
    size_t accesses, writes;      /* analysed; writes in the file */
    reuse_report r;
    uint64_t tag[2][BA_OUTCOMES]; /* tag unit outcome counts: [0] LRU mode, [1] BA mode */
} reuse_result;

/* An outcome the mode cannot produce is left out of both forms. */
static bool outcome_shown(ba_mode mode, unsigned k) {
    return !(k == BA_INVALIDATED || (mode == BA_MODE_BA && k == BA_MISS_EVICT) ||
             (mode == BA_MODE_LRU && (k == BA_BYPASS || k == BA_PSEUDO_HIT)));
}

static double read_miss_rate(const uint64_t count[BA_OUTCOMES]) {
    const uint64_t reads = count[BA_HIT] + count[BA_MISS_FILL] + count[BA_MISS_EVICT] + count[BA_BYPASS] +
                           count[BA_PSEUDO_HIT];
    return reads == 0 ? 0.0 : 1.0 - (double)count[BA_HIT] / (double)reads;
}

static void print_classes(FILE *f, const char *what, unsigned long n, const uint64_t rd[3], uint64_t total) {
    fprintf(f, "%-28s n = %-5lu rd0 %10llu (%5.1f%%)  rd1 %10llu (%5.1f%%)  rd2 %10llu (%5.1f%%)\n", what,
            n, (unsigned long long)rd[0], pct(rd[0], total), (unsigned long long)rd[1],
            pct(rd[1], total), (unsigned long long)rd[2], pct(rd[2], total));
}

/* "[lo, hi)", "[lo, inf)" or "inf" for histogram bin i. */
static void bin_label(const reuse_report *r, unsigned i, char *label, size_t n) {
    if (r->bin_lo[i] == REUSE_INF) {
        snprintf(label, n, "inf");
    } else if (i + 1 < r->bins && r->bin_lo[i + 1] != REUSE_INF) {
        snprintf(label, n, "[%llu, %llu)", (unsigned long long)r->bin_lo[i], (unsigned long long)r->bin_lo[i + 1]);
    } else {
        snprintf(label, n, "[%llu, inf)", (unsigned long long)r->bin_lo[i]);
    }
}

static void print_histogram(FILE *f, const reuse_report *r) {
    fprintf(f, "interval histogram (fully associative distance, seed 002 Figure 6 bins):\n");
    for (unsigned i = 0; i < r->bins; i++) {
        char label[64];
        bin_label(r, i, label, sizeof label);
        fprintf(f, "  interval %u %-14s %10llu (%5.1f%%)\n", i, label, (unsigned long long)r->hist[i],
                pct(r->hist[i], r->accesses));
    }
}

static void print_tag_unit(FILE *f, const reuse_opts *o, ba_mode mode, const uint64_t count[BA_OUTCOMES]) {
    if (mode == BA_MODE_BA) {
        fprintf(f, "tag unit, BA mode (threshold %lu):", o->threshold);
    } else {
        fprintf(f, "tag unit, LRU mode:");
    }
    for (unsigned k = 0; k < BA_OUTCOMES; k++) {
        if (outcome_shown(mode, k)) {
            fprintf(f, " %s %llu", ba_outcome_name((ba_outcome)k), (unsigned long long)count[k]);
        }
    }
    fprintf(f, "; read miss rate %.4f\n", read_miss_rate(count));
}

static void print_reuse_text(const void *ctx, FILE *f) {
    const reuse_result *res = ctx;
    const reuse_opts *o = res->o;
    fprintf(f, "trace %s: %zu accesses analysed (%zu writes in the file%s), %llu distinct lines\n",
            cli_basename(o->path), res->accesses, res->writes, o->reads_only ? ", dropped" : "",
            (unsigned long long)res->r.distinct);
    fprintf(f, "geometry: %lu sets x %lu ways = %lu lines (%lu KB of 128-byte lines)\n", o->sets, o->ways,
            o->sets * o->ways, o->sets * o->ways * BA_LINE_BYTES / 1024u);
    print_classes(f, "per set (Table 1)", o->ways, res->r.rd_set, res->r.accesses);
    print_classes(f, "fully associative (Table 1)", o->sets * o->ways, res->r.rd_fa, res->r.accesses);
    print_histogram(f, &res->r);
    print_tag_unit(f, o, BA_MODE_LRU, res->tag[0]);
    print_tag_unit(f, o, BA_MODE_BA, res->tag[1]);
}

static cJSON *classes_json(const uint64_t rd[3]) {
    cJSON *c = cJSON_CreateObject();
    cJSON_AddNumberToObject(c, "rd0", (double)rd[0]);
    cJSON_AddNumberToObject(c, "rd1", (double)rd[1]);
    cJSON_AddNumberToObject(c, "rd2", (double)rd[2]);
    return c;
}

static cJSON *tag_unit_json(ba_mode mode, const uint64_t count[BA_OUTCOMES]) {
    cJSON *t = cJSON_CreateObject();
    cJSON *outcomes = cJSON_AddObjectToObject(t, "outcomes");
    for (unsigned k = 0; k < BA_OUTCOMES; k++) {
        if (outcome_shown(mode, k)) {
            cJSON_AddNumberToObject(outcomes, ba_outcome_name((ba_outcome)k), (double)count[k]);
        }
    }
    cJSON_AddNumberToObject(t, "read_miss_rate", read_miss_rate(count));
    return t;
}

/* The JSON "results" of `reuse`: the same figures as the text, as numbers. */
static cJSON *reuse_json(const reuse_result *res) {
    cJSON *j = cJSON_CreateObject();
    cJSON_AddNumberToObject(j, "accesses", (double)res->accesses);
    cJSON_AddNumberToObject(j, "writes_in_file", (double)res->writes);
    cJSON_AddNumberToObject(j, "distinct_lines", (double)res->r.distinct);
    cJSON_AddItemToObject(j, "per_set", classes_json(res->r.rd_set));
    cJSON_AddItemToObject(j, "fully_associative", classes_json(res->r.rd_fa));
    cJSON *hist = cJSON_AddArrayToObject(j, "interval_histogram");
    for (unsigned i = 0; i < res->r.bins; i++) {
        char label[64];
        bin_label(&res->r, i, label, sizeof label);
        cJSON *b = cJSON_CreateObject();
        cJSON_AddStringToObject(b, "interval", label);
        if (res->r.bin_lo[i] == REUSE_INF) cJSON_AddNullToObject(b, "from");
        else cJSON_AddNumberToObject(b, "from", (double)res->r.bin_lo[i]);
        cJSON_AddNumberToObject(b, "accesses", (double)res->r.hist[i]);
        cJSON_AddItemToArray(hist, b);
    }
    cJSON_AddItemToObject(j, "tag_unit_lru", tag_unit_json(BA_MODE_LRU, res->tag[0]));
    cJSON_AddItemToObject(j, "tag_unit_ba", tag_unit_json(BA_MODE_BA, res->tag[1]));
    return j;
}

/* Runs the tag unit over the trace; its outcome counts go to count. */
static bool run_tag_unit(const reuse_trace *t, const reuse_opts *o, ba_mode mode, uint64_t count[BA_OUTCOMES]) {
    ba_config cfg = {(unsigned)o->sets, (unsigned)o->ways, BA_ADDR_BITS, (unsigned)o->threshold, mode};
    ba_cache c;
    if (ba_init(&c, &cfg) != NP_OK) {
        cli_fail("reuse: cannot set up the tag unit (sets %lu, ways %lu)", o->sets, o->ways);
        return false;
    }
    for (size_t i = 0; i < t->count; i++) {
        if ((i & 0xFFFFu) == 0) {
            np_progress(mode == BA_MODE_BA ? "tag unit, BA mode" : "tag unit, LRU mode", i, t->count, "accesses");
        }
        ba_access(&c, t->line[i], t->write[i] ? BA_OP_WRITE : BA_OP_READ);
    }
    memcpy(count, c.count, sizeof c.count);
    ba_free(&c);
    return true;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The accesses of a trace, read by npsim's reader (sim/trace/trace.c: text and binary v1/v2,
 * Accel-Sim .traceg / kernelslist.g), so both tools accept and refuse the same files: each
 * line request in trace order as (byte address >> 7, write). Ids are bounded only by the
 * formats (16 bits); a .traceg's blocks are placed one per SM, which moves no address. */
static bool load_accesses(const char *path, reuse_trace *out) {
    trace_t t;
    trace_init(&t);
    char err[1024];
    bool ok = trace_load(&t, path, UINT16_MAX + 1u, UINT16_MAX + 1u, err, sizeof err);
    if (!ok) {
        cli_fail("%s", err);
    }
    for (size_t i = 0; ok && i < t.count; i++) {
        if (!reuse_trace_push(out, t.a[i].addr >> 7, t.a[i].write != 0)) {
            ok = false;
            cli_fail("reuse: out of memory (%zu accesses)", t.count);
        }
    }
    trace_free(&t);
    return ok;
}

int cmd_reuse(int argc, char **argv) {
    reuse_opts o;
    int st = parse_opts(argc, argv, &o);
    if (st != 0) {
        return st < 0 ? NP_EXIT_OK : st;
    }
    cli_result out;
    if ((st = cli_result_start(&out, argv[0], o.format, o.out)) >= 0) {
        return st;
    }
    reuse_trace t;
    reuse_trace_init(&t);
    if (!load_accesses(o.path, &t)) {
        reuse_trace_free(&t);
        cli_result_discard(&out);
        return NP_EXIT_FAIL;
    }
    reuse_result res = {.o = &o};
    for (size_t i = 0; i < t.count; i++) {
        res.writes += t.write[i];
    }
    if (o.reads_only) {
        size_t k = 0;
        for (size_t i = 0; i < t.count; i++) {
            if (!t.write[i]) {
                t.line[k] = t.line[i];
                t.write[k++] = 0;
            }
        }
        t.count = k;
    }
    res.accesses = t.count;
    const double t0 = now_seconds();
    const clock_t c0 = clock();
    np_result ar = reuse_analyze_progress(t.line, t.count, (unsigned)o.sets, (unsigned)o.ways, &res.r, NULL, NULL,
                                          report_analysis, NULL);
    np_progress_end();
    const double secs = now_seconds() - t0;
    const double cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    if (ar != NP_OK) {
        reuse_trace_free(&t);
        cli_result_discard(&out);
        return cli_fail("reuse: analysis failed (%s)", np_result_name(ar));
    }
    bool ok = run_tag_unit(&t, &o, BA_MODE_LRU, res.tag[0]) && run_tag_unit(&t, &o, BA_MODE_BA, res.tag[1]);
    reuse_trace_free(&t);
    if (!ok) {
        cli_result_discard(&out);
        return NP_EXIT_FAIL;
    }
    cli_result_input(&out, "trace", o.path);
    cJSON_AddNumberToObject(out.params, "sets", (double)o.sets);
    cJSON_AddNumberToObject(out.params, "ways", (double)o.ways);
    cJSON_AddNumberToObject(out.params, "threshold", (double)o.threshold);
    cJSON_AddBoolToObject(out.params, "reads_only", o.reads_only);
    cJSON_AddStringToObject(out.params, "ba_model_version", BA_MODEL_VERSION);
    st = cli_result_emit(&out, print_reuse_text, &res, o.format == TABLE_JSON ? reuse_json(&res) : NULL, true);
    if (o.timing) {
        fprintf(stderr, "reuse: analysed %zu accesses in %.3f s wall, %.3f s CPU (%.1f M accesses per CPU second)\n",
                res.accesses, secs, cpu, cpu > 0 ? (double)res.accesses / cpu / 1e6 : 0.0);
    }
    return st;
}
