/* dpc_bench: single-core throughput of the DPC C model (DPC, DF-TRUC, DF-MAN) over real lines.
 *
 * For every file in a data directory (128-byte lines, last one zero-padded) it measures
 * compress and decompress in each mode, each repeated until at least --min-time seconds of
 * thread CPU time have passed (CPU time, not wall time: the machine may be shared). The
 * data-filtering modes take one critical map per line from the access-pattern mix of
 * docs/dpc.md section 9 (seed 1), drawn before timing. Rates are uncompressed line bytes per
 * second in MB/s (10^6 bytes). The overall figure is total bytes over the time to process every
 * file once (a size-weighted harmonic mean), printed beside the per-file rows. This is a
 * benchmark, not a test: it fails only if the model disagrees with itself (a line that does not
 * round-trip). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench_util.h"
#include "critmap.h"
#include "dpc.h"

#define DEFAULT_DATA_DIR "../shared/data/lines"
#define MAX_FILES 256u
#define SLOT_BYTES DPC_MAX_BYTES
#define MAP_SEED 1u
#define NUM_MEASURES 6u   /* compress and decompress in three modes */

typedef struct {
    char name[256];
    size_t lines;
    uint8_t *data;      /* lines * 128 bytes */
    uint8_t *maps;      /* per line critical map (mix generator) */
    uint8_t *streams;   /* lines * SLOT_BYTES */
    uint16_t *bits;     /* per line stream length */
} bench_file;

static volatile uint64_t sink; /* keeps the measured work observable */

static bool load_file(const char *dir, const char *name, bench_file *f) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    memset(f, 0, sizeof *f);
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        fprintf(stderr, "dpc_bench: cannot open '%s': %s\n", path, strerror(errno));
        return false;
    }
    struct stat sb;
    if (fstat(fileno(in), &sb) != 0) {
        fclose(in);
        return false;
    }
    size_t size = (size_t)sb.st_size;
    snprintf(f->name, sizeof f->name, "%s", name);
    f->lines = (size + DPC_LINE_BYTES - 1u) / DPC_LINE_BYTES;
    size_t alloc_lines = f->lines ? f->lines : 1u;
    f->data = calloc(alloc_lines, DPC_LINE_BYTES);
    f->maps = calloc(alloc_lines, 1);
    f->streams = calloc(alloc_lines, SLOT_BYTES);
    f->bits = calloc(alloc_lines, sizeof *f->bits);
    bool ok = f->data && f->maps && f->streams && f->bits && fread(f->data, 1, size, in) == size;
    fclose(in);
    if (!ok) {
        fprintf(stderr, "dpc_bench: cannot load '%s'\n", path);
        return false;
    }
    critmap_gen g;
    critmap_init_mix(&g, MAP_SEED);
    for (size_t i = 0; i < f->lines; i++) {
        f->maps[i] = (uint8_t)critmap_next(&g, NULL);
    }
    return true;
}

static void free_file(bench_file *f) {
    free(f->data);
    free(f->maps);
    free(f->streams);
    free(f->bits);
}

/* One pass over all lines of a file: compress (leaving the streams for decompress). */
static void pass_compress(dpc_mode mode, bench_file *f) {
    uint64_t total = 0;
    for (size_t i = 0; i < f->lines; i++) {
        size_t bits = 0;
        dpc_mode_compress(mode, f->data + i * DPC_LINE_BYTES, f->maps[i],
                          f->streams + i * SLOT_BYTES, SLOT_BYTES, &bits);
        f->bits[i] = (uint16_t)bits;
        total += bits;
    }
    sink += total;
}

static void pass_decompress(dpc_mode mode, bench_file *f) {
    uint8_t line[DPC_LINE_BYTES];
    uint64_t total = 0;
    for (size_t i = 0; i < f->lines; i++) {
        unsigned map;
        total += (uint64_t)dpc_mode_decompress(mode, f->streams + i * SLOT_BYTES, f->bits[i],
                                               line, sizeof line, &map);
        total += line[i & 127u] + map;
    }
    sink += total;
}

/* Repeats a pass until min_time has elapsed; returns MB/s of uncompressed line bytes. */
static double measure(void (*pass)(dpc_mode, bench_file *), dpc_mode mode, bench_file *f,
                      double min_time) {
    if (f->lines == 0) {
        return 0.0;
    }
    pass(mode, f); /* warm caches and branch predictors */
    size_t passes = 0;
    double start = bench_cpu_seconds(), elapsed;
    do {
        pass(mode, f);
        passes++;
        elapsed = bench_cpu_seconds() - start;
    } while (elapsed < min_time);
    return (double)passes * (double)f->lines * DPC_LINE_BYTES / elapsed / 1e6;
}

/* The benchmark's own correctness guard: in every mode, the critical sub-blocks of every line
 * come back (DPC: the whole line). */
static bool verify_round_trip(bench_file *f) {
    for (unsigned m = 0; m < DPC_MODES; m++) {
        dpc_mode mode = (dpc_mode)m;
        pass_compress(mode, f);
        for (size_t i = 0; i < f->lines; i++) {
            uint8_t line[DPC_LINE_BYTES];
            unsigned map, want = mode == DPC_MODE_DPC ? DPC_MAP_FULL : f->maps[i];
            bool ok = dpc_mode_decompress(mode, f->streams + i * SLOT_BYTES, f->bits[i], line,
                                          sizeof line, &map) == NP_OK;
            for (unsigned k = 0; ok && k < DPC_SUBBLOCKS; k++) {
                size_t off = DPC_SUBBLOCK_BYTES * k;
                ok = !((want >> k) & 1u) ||
                     memcmp(line + off, f->data + i * DPC_LINE_BYTES + off, DPC_SUBBLOCK_BYTES) == 0;
            }
            if (!ok) {
                fprintf(stderr, "dpc_bench: %s line %zu does not round-trip in %s\n", f->name, i,
                        dpc_mode_name(mode));
                return false;
            }
        }
    }
    return true;
}

static void usage(FILE *out) {
    fprintf(out, "usage: dpc_bench [--min-time SECONDS] [DIR]\n"
                 "Single-core MB/s (10^6 uncompressed line bytes per second of thread CPU time)\n"
                 "of DPC, DF-TRUC and DF-MAN compress and decompress, per file of DIR (default\n"
                 "%s) and overall. DF-TRUC / DF-MAN maps: access-pattern mix, seed %u\n"
                 "(docs/dpc.md section 9).\n",
            DEFAULT_DATA_DIR, MAP_SEED);
}

static int parse_args(int argc, char **argv, double *min_time, const char **dir) {
    *min_time = 0.25;
    *dir = DEFAULT_DATA_DIR;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[i], "--min-time") == 0 && i + 1 < argc) {
            char *end;
            *min_time = strtod(argv[++i], &end);
            if (*end != '\0' || !(*min_time > 0.0 && *min_time <= 60.0)) {
                fprintf(stderr, "dpc_bench: --min-time must be a number of seconds in (0, 60]\n");
                return 2;
            }
        } else if (argv[i][0] == '-' || i + 1 != argc) {
            fprintf(stderr, "dpc_bench: unexpected argument '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        } else {
            *dir = argv[i];
        }
    }
    return -1;
}

static void print_rate(double rate) {
    if (rate > 0.0) {
        printf(" %9.0f", rate);
    } else {
        printf(" %9s", "-");
    }
}

int main(int argc, char **argv) {
    double min_time;
    const char *dir;
    int rc = parse_args(argc, argv, &min_time, &dir);
    if (rc >= 0) {
        return rc;
    }
    char *names[MAX_FILES];
    size_t n = bench_list_dir("dpc_bench", dir, names, MAX_FILES);
    if (n == 0) {
        fprintf(stderr, "dpc_bench: no data files in '%s'\n", dir);
        return 1;
    }
    printf("dpc_bench: DPC C model %s, one core, min %.2f s CPU per measurement\n",
           DPC_MODEL_VERSION, min_time);
    printf("MB/s = 10^6 uncompressed line bytes per second; DF maps: access-pattern mix, seed %u\n\n",
           MAP_SEED);
    printf("%-42s %8s %9s %9s %9s %9s %9s %9s\n", "file", "MB", "dpc_c", "dpc_d", "truc_c",
           "truc_d", "man_c", "man_d");
    double bytes_sum[NUM_MEASURES] = {0}, time_sum[NUM_MEASURES] = {0};
    int status = 0;
    for (size_t i = 0; i < n; i++) {
        bench_file f;
        if (!load_file(dir, names[i], &f) || !verify_round_trip(&f)) {
            status = 1;
            free_file(&f);
            free(names[i]);
            continue;
        }
        size_t bytes = f.lines * DPC_LINE_BYTES;
        printf("%-42s %8.2f", f.name, (double)bytes / 1e6);
        for (unsigned m = 0; m < DPC_MODES; m++) {
            double rates[2] = {measure(pass_compress, (dpc_mode)m, &f, min_time),
                               measure(pass_decompress, (dpc_mode)m, &f, min_time)};
            for (unsigned k = 0; k < 2; k++) {
                print_rate(rates[k]);
                if (rates[k] > 0.0) {
                    bytes_sum[2u * m + k] += (double)bytes;
                    time_sum[2u * m + k] += (double)bytes / (rates[k] * 1e6);
                }
            }
        }
        printf("\n");
        fflush(stdout);
        free_file(&f);
        free(names[i]);
    }
    printf("%-42s %8.2f", "overall (bytes / time for one pass each)", bytes_sum[0] / 1e6);
    for (unsigned k = 0; k < NUM_MEASURES; k++) {
        print_rate(time_sum[k] > 0.0 ? bytes_sum[k] / time_sum[k] / 1e6 : 0.0);
    }
    printf("\n\n");
    double comp = time_sum[0] > 0.0 ? bytes_sum[0] / time_sum[0] / 1e6 : 0.0;
    printf("goal DPC compress >= 1000 MB/s: %s (%.0f MB/s)\n", comp >= 1000.0 ? "met" : "NOT met",
           comp);
    return status;
}
