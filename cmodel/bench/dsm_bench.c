/* dsm_bench: single-core throughput of the DSM C model over real cache lines.
 *
 * For every file in a data directory (128-byte lines, last one zero-padded) it measures
 * dsm_compress, dsm_decompress, dsm_approx_apply and approximation followed by compression,
 * each repeated until at least --min-time seconds have passed. Rates are uncompressed bytes
 * per second in MB/s (10^6 bytes). The overall figure is total bytes over the time to process
 * every file once (a size-weighted harmonic mean), printed beside the per-file rows, never
 * instead of them. This is a benchmark, not a test: it fails only if the model disagrees
 * with itself (a line that does not round-trip). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "dsm.h"

#define DEFAULT_DATA_DIR "../shared/data/lines"
#define BENCH_APPROX_BITS 12u  /* a mid setting; the rate hardly depends on it */
#define MAX_FILES 256u
#define SLOT_BYTES DSM_MAX_BYTES

typedef struct {
    char name[256];
    bool is_float;
    size_t lines;
    uint8_t *data;      /* lines * 128 bytes */
    uint8_t *streams;   /* lines * SLOT_BYTES */
    uint16_t *bits;     /* per line stream length */
} bench_file;

typedef struct {
    double compress, decompress, approx, approx_compress; /* MB/s; 0 when not measured */
} bench_rates;

static volatile uint64_t sink; /* keeps the measured work observable */

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static bool load_file(const char *dir, const char *name, bench_file *f) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        fprintf(stderr, "dsm_bench: cannot open '%s': %s\n", path, strerror(errno));
        return false;
    }
    struct stat sb;
    if (fstat(fileno(in), &sb) != 0) {
        fclose(in);
        return false;
    }
    size_t size = (size_t)sb.st_size;
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s", name);
    f->is_float = strstr(name, ".float32.") != NULL;
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

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static size_t list_files(const char *dir, char *names[], size_t max) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "dsm_bench: cannot open directory '%s': %s\n", dir, strerror(errno));
        return 0;
    }
    size_t n = 0;
    for (struct dirent *e; n < max && (e = readdir(d)) != NULL;) {
        char path[4096];
        struct stat sb;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.' && stat(path, &sb) == 0 && S_ISREG(sb.st_mode)) {
            names[n] = malloc(strlen(e->d_name) + 1u);
            if (names[n] != NULL) {
                strcpy(names[n], e->d_name);
                n++;
            }
        }
    }
    closedir(d);
    qsort(names, n, sizeof names[0], compare_names);
    return n;
}

/* One pass of each measured operation over all lines of a file. */
static void pass_compress(const dsm_config *cfg, bench_file *f) {
    uint64_t total = 0;
    for (size_t i = 0; i < f->lines; i++) {
        size_t bits;
        dsm_compress(cfg, f->data + i * DSM_LINE_BYTES, f->streams + i * SLOT_BYTES, SLOT_BYTES,
                     &bits);
        f->bits[i] = (uint16_t)bits;
        total += bits;
    }
    sink += total;
}

static void pass_decompress(const dsm_config *cfg, bench_file *f) {
    uint8_t line[DSM_LINE_BYTES];
    uint64_t total = 0;
    for (size_t i = 0; i < f->lines; i++) {
        total += (uint64_t)dsm_decompress(cfg, f->streams + i * SLOT_BYTES, f->bits[i], line,
                                          sizeof line);
        total += line[i & 127u];
    }
    sink += total;
}

static void pass_approx(const dsm_config *cfg, bench_file *f) {
    (void)cfg;
    uint8_t line[DSM_LINE_BYTES];
    uint64_t total = 0;
    for (size_t i = 0; i < f->lines; i++) {
        dsm_approx_apply(BENCH_APPROX_BITS, f->data + i * DSM_LINE_BYTES, line);
        total += line[i & 127u];
    }
    sink += total;
}

static void pass_approx_compress(const dsm_config *cfg, bench_file *f) {
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

/* Repeats a pass until min_time has elapsed and returns MB/s of uncompressed bytes; the best
 * of BENCH_TRIALS such runs, because other processes on a shared machine only ever slow a
 * run down (time is this thread's CPU time, which already excludes time it was not
 * scheduled, but not cache and SMT interference). */
#define BENCH_TRIALS 3

static double measure(void (*pass)(const dsm_config *, bench_file *), const dsm_config *cfg,
                      bench_file *f, double min_time) {
    if (f->lines == 0) {
        return 0.0;
    }
    pass(cfg, f); /* warm caches and branch predictors */
    double best = 0.0;
    for (unsigned trial = 0; trial < BENCH_TRIALS; trial++) {
        size_t passes = 0;
        double start = now_seconds(), elapsed;
        do {
            pass(cfg, f);
            passes++;
            elapsed = now_seconds() - start;
        } while (elapsed < min_time / BENCH_TRIALS);
        double rate = (double)passes * (double)f->lines * DSM_LINE_BYTES / elapsed / 1e6;
        best = rate > best ? rate : best;
    }
    return best;
}

/* The benchmark's own correctness guard: every line must come back bit-exact. */
static bool verify_round_trip(const dsm_config *cfg, bench_file *f) {
    pass_compress(cfg, f);
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
    fprintf(out, "usage: dsm_bench [--lane-bytes 64|128] [--min-time SECONDS] [DIR]\n"
                 "Single-core MB/s (10^6 uncompressed bytes per second) of DSM compress,\n"
                 "decompress, approximation (%u bits) and approximation + compress, per file\n"
                 "of DIR (default %s) and overall.\n",
            BENCH_APPROX_BITS, DEFAULT_DATA_DIR);
}

typedef struct {
    dsm_config cfg;
    double min_time;
    const char *dir;
} bench_options;

static int parse_args(int argc, char **argv, bench_options *o) {
    dsm_config_default(&o->cfg);
    o->min_time = 0.3;
    o->dir = DEFAULT_DATA_DIR;
    for (int i = 1; i < argc; i++) {
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
            char *end;
            o->min_time = strtod(argv[++i], &end);
            if (*end != '\0' || !(o->min_time > 0.0 && o->min_time <= 60.0)) {
                fprintf(stderr, "dsm_bench: --min-time must be a number of seconds in (0, 60]\n");
                return 2;
            }
        } else if (argv[i][0] == '-' || i + 1 != argc) {
            fprintf(stderr, "dsm_bench: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else {
            o->dir = argv[i];
        }
    }
    return -1;
}

/* Adds one file's time-per-pass to the size-weighted totals. */
static void accumulate(double rate, size_t bytes, double *bytes_sum, double *time_sum) {
    if (rate > 0.0) {
        *bytes_sum += (double)bytes;
        *time_sum += (double)bytes / (rate * 1e6);
    }
}

int main(int argc, char **argv) {
    bench_options o;
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0) {
        return rc;
    }
    char *names[MAX_FILES];
    size_t n = list_files(o.dir, names, MAX_FILES);
    if (n == 0) {
        fprintf(stderr, "dsm_bench: no data files in '%s'\n", o.dir);
        return 1;
    }
    printf("dsm_bench: DSM C model %s, lane %u B, one core (thread CPU time), %.2f s per "
           "measurement, best of %u trials\n", DSM_MODEL_VERSION, o.cfg.lane_bytes, o.min_time,
           BENCH_TRIALS);
    printf("MB/s = 10^6 uncompressed bytes per second; approx = dsm_approx_apply(%u bits), "
           "float32 files only\n\n", BENCH_APPROX_BITS);
    printf("%-42s %9s %10s %10s %10s %10s\n", "file", "MB", "compress", "decompress", "approx",
           "approx+cmp");
    double sums[4][2] = {{0}};
    int status = 0;
    for (size_t i = 0; i < n; i++) {
        bench_file f;
        if (!load_file(o.dir, names[i], &f) || !verify_round_trip(&o.cfg, &f)) {
            status = 1;
            free_file(&f);
            free(names[i]);
            continue;
        }
        bench_rates r = {0};
        r.compress = measure(pass_compress, &o.cfg, &f, o.min_time);
        r.decompress = measure(pass_decompress, &o.cfg, &f, o.min_time);
        if (f.is_float) {
            r.approx = measure(pass_approx, &o.cfg, &f, o.min_time);
            r.approx_compress = measure(pass_approx_compress, &o.cfg, &f, o.min_time);
        }
        size_t bytes = f.lines * DSM_LINE_BYTES;
        printf("%-42s %9.2f", f.name, (double)bytes / 1e6);
        print_rate(r.compress);
        print_rate(r.decompress);
        print_rate(r.approx);
        print_rate(r.approx_compress);
        printf("\n");
        const double rates[4] = {r.compress, r.decompress, r.approx, r.approx_compress};
        for (unsigned k = 0; k < 4; k++) {
            accumulate(rates[k], bytes, &sums[k][0], &sums[k][1]);
        }
        free_file(&f);
        free(names[i]);
    }
    printf("%-42s %9.2f", "overall (bytes / time for one pass each)", sums[0][0] / 1e6);
    for (unsigned k = 0; k < 4; k++) {
        print_rate(sums[k][1] > 0.0 ? sums[k][0] / sums[k][1] / 1e6 : 0.0);
    }
    printf("\n\n");
    double comp = sums[0][0] / sums[0][1] / 1e6, decomp = sums[1][0] / sums[1][1] / 1e6;
    printf("goal compress   >= 1000 MB/s: %s (%.0f MB/s)\n", comp >= 1000.0 ? "met" : "NOT met", comp);
    printf("goal decompress >= 2000 MB/s: %s (%.0f MB/s)\n", decomp >= 2000.0 ? "met" : "NOT met",
           decomp);
    return status;
}
