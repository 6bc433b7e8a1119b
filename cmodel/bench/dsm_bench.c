/* dsm_bench: single-core throughput of the DSM C model over real cache lines.
 *
 * For every file in a data directory (128-byte lines, last one zero-padded) it measures
 * dsm_compress, dsm_decompress, dsm_approx_apply and approximation followed by compression,
 * each repeated until at least --min-time seconds have passed. Rates are uncompressed bytes
 * per second in MB/s (10^6 bytes). The overall figure is total bytes over the time to process
 * every file once (a size-weighted harmonic mean), printed beside the per-file rows, never
 * instead of them, and one such figure per element type (the file name's second-to-last part:
 * float32, int32, uint8), which behave very differently. This is a benchmark, not a test: it
 * fails only if the model disagrees with itself (a line that does not round-trip).
 *
 * Instruction counts: `--passes N` replaces the timed loop by exactly N passes (no warm-up,
 * one trial) so a run under `valgrind --tool=callgrind --toggle-collect=pass_<op>` counts the
 * instructions of N passes over the file; cmodel/bench/dsm_insns.sh does that per file. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench_util.h"
#include "dsm.h"

#define DEFAULT_DATA_DIR "../shared/data/lines"
#define BENCH_APPROX_BITS 12u  /* a mid setting; the rate hardly depends on it */
#define MAX_FILES 256u
#define MAX_TYPES 16u
#define TYPE_CHARS 16u
#define SLOT_BYTES DSM_MAX_BYTES

/* The measured passes must stay separate functions: callgrind's --toggle-collect names them. */
#if defined(__GNUC__)
#define BENCH_NOINLINE __attribute__((noinline))
#else
#define BENCH_NOINLINE
#endif

typedef struct {
    char name[256];
    char type[TYPE_CHARS]; /* element type: "float32", "int32", "uint8", ... ("?" if none) */
    bool is_float;
    size_t lines;
    uint8_t *data;      /* lines * 128 bytes */
    uint8_t *streams;   /* lines * SLOT_BYTES */
    uint16_t *bits;     /* per line stream length */
} bench_file;

/* The four measured operations, in table order. */
enum { OP_COMPRESS, OP_DECOMPRESS, OP_APPROX, OP_APPROX_CMP, OP_COUNT };
static const char *const op_names[OP_COUNT] = {"compress", "decompress", "approx", "approx+cmp"};

typedef struct {
    dsm_config cfg;
    double min_time;
    unsigned long passes;     /* > 0: exactly this many passes, one trial, no warm-up */
    bool op_enabled[OP_COUNT];
    const char *path;         /* a data directory or one data file */
} bench_options;

static volatile uint64_t sink; /* keeps the measured work observable */

/* "name.float32.bin" -> "float32": the part before the last extension. */
static void element_type(const char *name, char type[TYPE_CHARS]) {
    const char *last = strrchr(name, '.');
    const char *start = last;
    while (start != NULL && start > name && start[-1] != '.') {
        start--;
    }
    if (last == NULL || start == NULL || start == name || start == last ||
        (size_t)(last - start) >= TYPE_CHARS) {
        snprintf(type, TYPE_CHARS, "?");
        return;
    }
    snprintf(type, TYPE_CHARS, "%.*s", (int)(last - start), start);
}

static bool load_file(const char *path, const char *name, bench_file *f) {
    memset(f, 0, sizeof *f);
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        fprintf(stderr, "dsm_bench: cannot open '%s': %s\n", path, strerror(errno));
        return false;
    }
    struct stat sb;
    if (fstat(fileno(in), &sb) != 0) {
        fprintf(stderr, "dsm_bench: cannot stat '%s': %s\n", path, strerror(errno));
        fclose(in);
        return false;
    }
    size_t size = (size_t)sb.st_size;
    snprintf(f->name, sizeof f->name, "%s", name);
    element_type(name, f->type);
    f->is_float = strcmp(f->type, "float32") == 0;
    f->lines = (size + DSM_LINE_BYTES - 1u) / DSM_LINE_BYTES;
    size_t alloc_lines = f->lines ? f->lines : 1u;
    f->data = calloc(alloc_lines, DSM_LINE_BYTES);
    f->streams = calloc(alloc_lines, SLOT_BYTES);
    f->bits = calloc(alloc_lines, sizeof *f->bits);
    bool ok = f->data && f->streams && f->bits && fread(f->data, 1, size, in) == size;
    fclose(in);
    if (!ok) {
        fprintf(stderr, "dsm_bench: cannot load '%s'\n", path);
    }
    return ok;
}

static void free_file(bench_file *f) {
    free(f->data);
    free(f->streams);
    free(f->bits);
}

/* The data set: every file of a directory, or a single file (names[0] is then its path and
 * *dir is ""). Returns the number of files; 0 after printing why there are none. */
static size_t list_inputs(const char *path, const char **dir, char *names[], size_t max) {
    struct stat sb;
    if (stat(path, &sb) != 0) {
        fprintf(stderr, "dsm_bench: cannot open '%s': %s\n", path, strerror(errno));
        return 0;
    }
    if (S_ISDIR(sb.st_mode)) {
        *dir = path;
        size_t n = bench_list_dir("dsm_bench", path, names, max);
        if (n == 0) {
            fprintf(stderr, "dsm_bench: no data files in '%s'\n", path);
        }
        return n;
    }
    *dir = "";
    names[0] = strdup(path);
    return names[0] != NULL ? 1u : 0u;
}

/* Compresses every line into the file's stream slots (also the round-trip check's input). */
static uint64_t compress_lines(const dsm_config *cfg, bench_file *f) {
    uint64_t total = 0;
    for (size_t i = 0; i < f->lines; i++) {
        size_t bits;
        dsm_compress(cfg, f->data + i * DSM_LINE_BYTES, f->streams + i * SLOT_BYTES, SLOT_BYTES,
                     &bits);
        f->bits[i] = (uint16_t)bits;
        total += bits;
    }
    return total;
}

/* One pass of each measured operation over all lines of a file. */
static BENCH_NOINLINE void pass_compress(const dsm_config *cfg, bench_file *f) {
    sink += compress_lines(cfg, f);
}

static BENCH_NOINLINE void pass_decompress(const dsm_config *cfg, bench_file *f) {
    uint8_t line[DSM_LINE_BYTES];
    uint64_t total = 0;
    for (size_t i = 0; i < f->lines; i++) {
        total += (uint64_t)dsm_decompress(cfg, f->streams + i * SLOT_BYTES, f->bits[i], line,
                                          sizeof line);
        total += line[i & 127u];
    }
    sink += total;
}

static BENCH_NOINLINE void pass_approx(const dsm_config *cfg, bench_file *f) {
    (void)cfg;
    uint8_t line[DSM_LINE_BYTES];
    uint64_t total = 0;
    for (size_t i = 0; i < f->lines; i++) {
        dsm_approx_apply(BENCH_APPROX_BITS, f->data + i * DSM_LINE_BYTES, line);
        total += line[i & 127u];
    }
    sink += total;
}

static BENCH_NOINLINE void pass_approx_compress(const dsm_config *cfg, bench_file *f) {
    uint8_t line[DSM_LINE_BYTES], stream[SLOT_BYTES];
    uint64_t total = 0;
    for (size_t i = 0; i < f->lines; i++) {
        size_t bits;
        dsm_approx_apply(BENCH_APPROX_BITS, f->data + i * DSM_LINE_BYTES, line);
        dsm_compress(cfg, line, stream, sizeof stream, &bits);
        total += bits;
    }
    sink += total;
}

typedef void (*bench_pass)(const dsm_config *, bench_file *);
static const bench_pass op_passes[OP_COUNT] = {pass_compress, pass_decompress, pass_approx,
                                               pass_approx_compress};

/* Repeats a pass until min_time has elapsed and returns MB/s of uncompressed bytes; the best
 * of BENCH_TRIALS such runs, because other processes on a shared machine only ever slow a
 * run down (time is this thread's CPU time, which already excludes time it was not
 * scheduled, but not cache and SMT interference). With --passes: exactly that many passes,
 * timed once. */
#define BENCH_TRIALS 3

static double measure(bench_pass pass, const bench_options *o, bench_file *f) {
    if (f->lines == 0) {
        return 0.0;
    }
    double bytes_per_pass = (double)f->lines * DSM_LINE_BYTES;
    if (o->passes > 0) {
        double start = bench_cpu_seconds();
        for (unsigned long p = 0; p < o->passes; p++) {
            pass(&o->cfg, f);
        }
        double elapsed = bench_cpu_seconds() - start;
        return elapsed > 0.0 ? (double)o->passes * bytes_per_pass / elapsed / 1e6 : 0.0;
    }
    pass(&o->cfg, f); /* warm caches and branch predictors */
    double best = 0.0;
    for (unsigned trial = 0; trial < BENCH_TRIALS; trial++) {
        size_t passes = 0;
        double start = bench_cpu_seconds(), elapsed;
        do {
            pass(&o->cfg, f);
            passes++;
            elapsed = bench_cpu_seconds() - start;
        } while (elapsed < o->min_time / BENCH_TRIALS);
        double rate = (double)passes * bytes_per_pass / elapsed / 1e6;
        best = rate > best ? rate : best;
    }
    return best;
}

/* The benchmark's own correctness guard: every line must come back bit-exact. */
static bool verify_round_trip(const dsm_config *cfg, bench_file *f) {
    compress_lines(cfg, f);
    for (size_t i = 0; i < f->lines; i++) {
        uint8_t line[DSM_LINE_BYTES];
        if (dsm_decompress(cfg, f->streams + i * SLOT_BYTES, f->bits[i], line, sizeof line) !=
                NP_OK ||
            memcmp(line, f->data + i * DSM_LINE_BYTES, DSM_LINE_BYTES) != 0) {
            fprintf(stderr, "dsm_bench: %s line %zu does not round-trip\n", f->name, i);
            return false;
        }
    }
    return true;
}

static void print_rate(double rate) {
    if (rate > 0.0) {
        printf(" %10.0f", rate);
    } else {
        printf(" %10s", "-");
    }
}

static void usage(FILE *out) {
    fprintf(out,
            "usage: dsm_bench [--lane-bytes 64|128] [--min-time SECONDS] [--passes N]\n"
            "                 [--op compress,decompress,approx,approx+cmp] [DIR | FILE]\n"
            "Single-core MB/s (10^6 uncompressed bytes per second) of DSM compress,\n"
            "decompress, approximation (%u bits) and approximation + compress, per file\n"
            "of DIR (default %s), per element type and overall.\n"
            "  --min-time S  time each measurement for at least S seconds (best of %d trials)\n"
            "  --passes N    run exactly N passes per measurement instead (for callgrind)\n"
            "  --op LIST     measure only these operations (comma-separated; default all)\n",
            BENCH_APPROX_BITS, DEFAULT_DATA_DIR, BENCH_TRIALS);
}

/* "compress,decompress" -> enabled flags. False for an unknown name or an empty list. */
static bool parse_ops(const char *list, bool enabled[OP_COUNT]) {
    for (unsigned k = 0; k < OP_COUNT; k++) {
        enabled[k] = false;
    }
    const char *p = list;
    bool any = false;
    while (*p != '\0') {
        size_t len = strcspn(p, ",");
        bool known = false;
        for (unsigned k = 0; k < OP_COUNT; k++) {
            if (strlen(op_names[k]) == len && strncmp(p, op_names[k], len) == 0) {
                enabled[k] = known = any = true;
            }
        }
        if (!known) {
            return false;
        }
        p += len + (p[len] == ',');
    }
    return any;
}

static int parse_args(int argc, char **argv, bench_options *o) {
    dsm_config_default(&o->cfg);
    o->min_time = 0.3;
    o->passes = 0;
    parse_ops("compress,decompress,approx,approx+cmp", o->op_enabled);
    o->path = DEFAULT_DATA_DIR;
    for (int i = 1; i < argc; i++) {
        char *end;
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--lane-bytes") == 0 && i + 1 < argc) {
            o->cfg.lane_bytes = (unsigned)strtoul(argv[++i], NULL, 10);
            if (dsm_config_check(&o->cfg) != NP_OK) {
                fprintf(stderr, "dsm_bench: --lane-bytes must be 64 or 128\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--min-time") == 0 && i + 1 < argc) {
            o->min_time = strtod(argv[++i], &end);
            if (*end != '\0' || !(o->min_time > 0.0 && o->min_time <= 60.0)) {
                fprintf(stderr, "dsm_bench: --min-time must be a number of seconds in (0, 60]\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--passes") == 0 && i + 1 < argc) {
            errno = 0;
            o->passes = strtoul(argv[++i], &end, 10);
            if (*end != '\0' || argv[i][0] == '-' || errno != 0 || o->passes == 0 ||
                o->passes > 1000000ul) {
                fprintf(stderr, "dsm_bench: --passes must be a whole number in 1..1000000\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--op") == 0 && i + 1 < argc) {
            if (!parse_ops(argv[++i], o->op_enabled)) {
                fprintf(stderr, "dsm_bench: --op takes a comma-separated list of compress, "
                                "decompress, approx, approx+cmp\n");
                return 2;
            }
        } else if (argv[i][0] == '-' || i + 1 != argc) {
            fprintf(stderr, "dsm_bench: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else {
            o->path = argv[i];
        }
    }
    return -1;
}

/* Size-weighted totals of one group of files (all, or one element type): bytes and the time
 * one pass over each file takes, per operation. */
typedef struct {
    char name[TYPE_CHARS];
    double bytes[OP_COUNT];
    double seconds[OP_COUNT];
} rate_sum;

static void accumulate(rate_sum *s, const double rates[OP_COUNT], size_t bytes) {
    for (unsigned k = 0; k < OP_COUNT; k++) {
        if (rates[k] > 0.0) {
            s->bytes[k] += (double)bytes;
            s->seconds[k] += (double)bytes / (rates[k] * 1e6);
        }
    }
}

static double sum_rate(const rate_sum *s, unsigned op) {
    return s->seconds[op] > 0.0 ? s->bytes[op] / s->seconds[op] / 1e6 : 0.0;
}

static void print_sum_row(const char *label, const rate_sum *s) {
    double bytes = 0.0;
    for (unsigned k = 0; k < OP_COUNT; k++) {
        bytes = s->bytes[k] > bytes ? s->bytes[k] : bytes;
    }
    printf("%-42s %9.2f", label, bytes / 1e6);
    for (unsigned k = 0; k < OP_COUNT; k++) {
        print_rate(sum_rate(s, k));
    }
    printf("\n");
}

/* The group of this element type, created on first use (NULL when MAX_TYPES are in use). */
static rate_sum *type_sum(rate_sum types[], size_t *ntypes, const char *type) {
    for (size_t t = 0; t < *ntypes; t++) {
        if (strcmp(types[t].name, type) == 0) {
            return &types[t];
        }
    }
    if (*ntypes == MAX_TYPES) {
        return NULL;
    }
    rate_sum *s = &types[(*ntypes)++];
    memset(s, 0, sizeof *s);
    snprintf(s->name, sizeof s->name, "%s", type);
    return s;
}

/* Loads, checks and measures one file; false when it cannot be loaded or does not round-trip. */
static bool bench_one(const bench_options *o, const char *dir, const char *name,
                      rate_sum *overall, rate_sum types[], size_t *ntypes) {
    char path[4096];
    if (dir[0] != '\0') {
        snprintf(path, sizeof path, "%s/%s", dir, name);
    } else {
        snprintf(path, sizeof path, "%s", name);
    }
    const char *base = strrchr(name, '/') != NULL ? strrchr(name, '/') + 1 : name;
    bench_file f;
    bool ok = load_file(path, base, &f) && verify_round_trip(&o->cfg, &f);
    if (ok) {
        double rates[OP_COUNT] = {0};
        for (unsigned k = 0; k < OP_COUNT; k++) {
            bool float_only = k == OP_APPROX || k == OP_APPROX_CMP;
            if (o->op_enabled[k] && (f.is_float || !float_only)) {
                rates[k] = measure(op_passes[k], o, &f);
            }
        }
        size_t bytes = f.lines * DSM_LINE_BYTES;
        printf("%-42s %9.2f", f.name, (double)bytes / 1e6);
        for (unsigned k = 0; k < OP_COUNT; k++) {
            print_rate(rates[k]);
        }
        printf("\n");
        accumulate(overall, rates, bytes);
        rate_sum *t = type_sum(types, ntypes, f.type);
        if (t != NULL) {
            accumulate(t, rates, bytes);
        }
    }
    free_file(&f);
    return ok;
}

static void print_goal(const char *what, double goal, double rate) {
    printf("goal %-10s >= %4.0f MB/s: %s (%.0f MB/s)\n", what, goal,
           rate >= goal ? "met" : "NOT met", rate);
}

int main(int argc, char **argv) {
    bench_options o;
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0) {
        return rc;
    }
    char *names[MAX_FILES];
    const char *dir = "";
    size_t n = list_inputs(o.path, &dir, names, MAX_FILES);
    if (n == 0) {
        return 1; /* list_inputs said why */
    }
    printf("dsm_bench: DSM C model %s, lane %u B, one core (thread CPU time), ", DSM_MODEL_VERSION,
           o.cfg.lane_bytes);
    if (o.passes > 0) {
        printf("%lu pass(es) per measurement, one trial\n", o.passes);
    } else {
        printf("%.2f s per measurement, best of %u trials\n", o.min_time, BENCH_TRIALS);
    }
    printf("MB/s = 10^6 uncompressed bytes per second; approx = dsm_approx_apply(%u bits), "
           "float32 files only\n\n", BENCH_APPROX_BITS);
    printf("%-42s %9s", "file", "MB");
    for (unsigned k = 0; k < OP_COUNT; k++) {
        printf(" %10s", op_names[k]);
    }
    printf("\n");
    rate_sum overall = {.name = "all"}, types[MAX_TYPES];
    size_t ntypes = 0;
    int status = 0;
    for (size_t i = 0; i < n; i++) {
        if (!bench_one(&o, dir, names[i], &overall, types, &ntypes)) {
            status = 1;
        }
        free(names[i]);
    }
    for (size_t t = 0; t < ntypes; t++) {
        char label[64];
        snprintf(label, sizeof label, "overall %s files", types[t].name);
        print_sum_row(label, &types[t]);
    }
    print_sum_row("overall (bytes / time for one pass each)", &overall);
    printf("\n");
    if (o.op_enabled[OP_COMPRESS]) {
        print_goal("compress", 1000.0, sum_rate(&overall, OP_COMPRESS));
    }
    if (o.op_enabled[OP_DECOMPRESS]) {
        print_goal("decompress", 2000.0, sum_rate(&overall, OP_DECOMPRESS));
    }
    return status;
}
