/* codec_bench: single-core throughput of every codec in the registry (codec.h), side by side.
 *
 * Every line of every file in a data directory (128-byte lines, last one zero-padded) is
 * compressed, then every stream decompressed; each pass over all the data is repeated, after one
 * untimed pass (time_passes says why), until at least --min-time seconds of thread CPU time have passed (CPU time: the machine may be shared);
 * the figure is the mean pass's CPU time, or with --best the fastest pass's (time_passes says
 * why that one repeats on a shared machine).
 * Stateful codecs start every pass from the same per-file state, so each pass does the same
 * work; trained codecs (SC) are trained per file before timing, and the training time (observe
 * every line, rebuild the code table) is reported in its own column. Rates are uncompressed line
 * bytes per second in MB/s (10^6 bytes). A benchmark, not a test: it fails only when a line does
 * not round-trip. Filtering codecs take the whole line (map 0).
 *
 * For instruction counts (cmodel/bench/codec_insns.sh, run by `make bench-codecs`): --codec NAME
 * measures one codec, --op compress|decompress one direction, --passes N exactly N timed passes
 * (instead of --min-time). Each timed pass over all files is one call of pass_compress or
 * pass_decompress (never inlined), the functions callgrind collects in; preparation, training,
 * the compression that feeds a decompress measurement and the round-trip check stay outside.
 * --floor measures the loop alone, the lines copied in and out with no codec (floor_pass). */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "codec.h"

#define DEFAULT_DATA_DIR "../shared/data/lines"
#define MAX_FILES 256u

typedef struct {
    char name[256];
    size_t lines;
    uint8_t *data;                  /* lines * 128 */
} bench_file;

/* Per codec and file: the states every pass starts from, and the streams of the last pass. */
typedef struct {
    void *comp0, *decomp0, *comp, *decomp;
    uint8_t *streams;               /* lines * NP_CODEC_MAX_BYTES */
    uint16_t *bits;
} file_run;

static volatile uint64_t sink;

static bool load(const char *dir, const char *name, bench_file *f) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *in = fopen(path, "rb");
    if (!in) {
        fprintf(stderr, "codec_bench: cannot open '%s'\n", path);
        return false;
    }
    fseek(in, 0, SEEK_END);
    long size = ftell(in);
    fseek(in, 0, SEEK_SET);
    snprintf(f->name, sizeof f->name, "%s", name);
    f->lines = size > 0 ? ((size_t)size + 127u) / 128u : 0;
    f->data = calloc(f->lines ? f->lines : 1, 128);
    bool ok = size >= 0 && f->data && fread(f->data, 1, (size_t)size, in) == (size_t)size;
    fclose(in);
    if (!ok) fprintf(stderr, "codec_bench: cannot read '%s'\n", path);
    return ok;
}

static void *blob(const np_codec *c) {
    void *p = c->state_bytes ? malloc(c->state_bytes) : NULL;
    if (c->state_bytes && !p) {
        fprintf(stderr, "codec_bench: out of memory\n");
        exit(1);
    }
    np_codec_init(c, p);
    return p;
}

static void restore(const np_codec *c, void *dst, const void *src) {
    if (c->state_bytes) memcpy(dst, src, c->state_bytes);
}

/* One NP_CODEC_MAX_BYTES slot per line, every page written now, untimed: the first timed pass
 * would otherwise pay the page faults of its slots (about 200 ms of CPU for the 21.7 MB of
 * ../shared/data/lines here, 30 passes' worth of DSM compression), which are not the codec's
 * work. */
static uint8_t *stream_slots(size_t lines) {
    size_t bytes = (lines ? lines : 1) * NP_CODEC_MAX_BYTES;
    uint8_t *p = malloc(bytes);
    if (!p) exit(1);
    memset(p, 0xA5, bytes);   /* not 0: the compiler would make malloc + memset 0 a calloc, which
                               * leaves fresh pages untouched */
    return p;
}

/* Trains (when the codec trains) and returns the CPU seconds it took. */
static double prepare(const np_codec *c, const bench_file *f, file_run *r) {
    r->comp0 = blob(c), r->decomp0 = blob(c), r->comp = blob(c), r->decomp = blob(c);
    r->streams = stream_slots(f->lines);
    r->bits = malloc((f->lines ? f->lines : 1) * sizeof *r->bits);
    if (!r->bits) exit(1);
    double t0 = bench_cpu_seconds();
    if (c->flags & NP_CODEC_TRAINED) {
        for (size_t i = 0; i < f->lines; i++) np_codec_observe(c, r->comp0, f->data + 128 * i);
        if (np_codec_rebuild(c, r->comp0) != NP_OK) exit(1);
        np_codec_sync(c, r->decomp0, r->comp0);
    }
    return bench_cpu_seconds() - t0;
}

static void release(file_run *r) {
    free(r->comp0), free(r->decomp0), free(r->comp), free(r->decomp), free(r->streams), free(r->bits);
}

static void compress_file(const np_codec *c, const bench_file *f, file_run *r) {
    restore(c, r->comp, r->comp0);
    for (size_t i = 0; i < f->lines; i++) {
        size_t bits = 0;
        if (np_codec_compress(c, r->comp, NULL, f->data + 128 * i, r->streams + NP_CODEC_MAX_BYTES * i,
                              NP_CODEC_MAX_BYTES, &bits, NULL) != NP_OK) {
            fprintf(stderr, "codec_bench: %s: %s line %zu does not compress\n", c->name, f->name, i);
            exit(1);
        }
        r->bits[i] = (uint16_t)bits;
    }
}

static void decompress_file(const np_codec *c, const bench_file *f, file_run *r, bool check) {
    restore(c, r->decomp, r->decomp0);
    uint8_t back[128];
    for (size_t i = 0; i < f->lines; i++) {
        np_result res = np_codec_decompress(c, r->decomp, NULL, r->streams + NP_CODEC_MAX_BYTES * i, r->bits[i], back,
                                            sizeof back);
        if (res != NP_OK || (check && memcmp(back, f->data + 128 * i, 128) != 0)) {
            fprintf(stderr, "codec_bench: %s: %s line %zu does not round-trip\n", c->name, f->name, i);
            exit(1);
        }
        sink += back[i & 127];
    }
}

/* One pass over every file: the units callgrind collects in (codec_insns.sh). */
__attribute__((noinline)) static void pass_compress(const np_codec *c, bench_file *files, size_t n,
                                                    file_run *runs) {
    for (size_t k = 0; k < n; k++) compress_file(c, &files[k], &runs[k]);
}

__attribute__((noinline)) static void pass_decompress(const np_codec *c, bench_file *files, size_t n,
                                                      file_run *runs) {
    for (size_t k = 0; k < n; k++) decompress_file(c, &files[k], &runs[k], false);
}

/* --floor: the same loop over the same lines with no codec, each line's 128 bytes copied into
 * its stream slot (compress) and from the slot into a line buffer (decompress): what moving a
 * line in and out costs on this machine, a ceiling no codec measured by this bench can pass. */
__attribute__((noinline)) static void floor_pass(bench_file *files, size_t n, uint8_t *const *slots, bool decompress) {
    for (size_t k = 0; k < n; k++) {
        for (size_t i = 0; i < files[k].lines; i++) {
            uint8_t *slot = slots[k] + NP_CODEC_MAX_BYTES * i;
            if (decompress) {
                uint8_t back[128];
                memcpy(back, slot, sizeof back);
                __asm__ volatile("" : : "r"(back) : "memory");   /* the copy is kept, as a decoder's output */
                sink += back[i & 127];
            } else {
                memcpy(slot, files[k].data + 128 * i, 128);
            }
        }
    }
}

/* How long to measure: at least min_time CPU seconds, or exactly passes passes when passes > 0;
 * best: the figure is the fastest pass's CPU time instead of the mean over the passes. */
typedef struct {
    double min_time;
    unsigned passes;
    bool best;
} bench_span;

/* One timed pass: a codec's compress or decompress pass, or a floor pass. */
typedef struct {
    const np_codec *c;
    bench_file *files;
    size_t n;
    file_run *runs;
    uint8_t *const *slots;          /* floor passes: the stream slots */
    bool decompress;
} bench_pass;

static void run_pass(const bench_pass *p) {
    if (p->c == NULL) floor_pass(p->files, p->n, p->slots, p->decompress);
    else if (p->decompress) pass_decompress(p->c, p->files, p->n, p->runs);
    else pass_compress(p->c, p->files, p->n, p->runs);
}

/* CPU seconds per pass over every file: the mean, and the fastest pass. On a shared machine
 * other work only ever slows a pass down (caches and memory shared with the other core's
 * work, the core's clock, neighbours on the host), so the fastest pass is the figure that
 * repeats from run to run (--best); the mean is what a long job sees on the machine of the
 * moment. */
typedef struct {
    double mean, fastest;
} pass_time;

static pass_time time_passes(const bench_pass *p, bench_span span) {
    /* One untimed pass first, unless a count of passes is asked for (callgrind's, which counts
     * every pass): on this host the first pass that writes the stream slots after stream_slots
     * has touched them still took 55-75 ms of CPU, with or without a codec (`--floor --passes
     * 1`: 377 MB/s, its second pass 11,174), 10 to 25 times a later pass, which pulled every
     * compressor's mean down (docs/codec-speed.md, twelfth round). */
    if (!span.passes) run_pass(p);
    unsigned passes = 0;
    double t0 = bench_cpu_seconds(), t = 0, fastest = 0;
    do {
        double start = bench_cpu_seconds();
        run_pass(p);
        double end = bench_cpu_seconds();
        fastest = passes == 0 || end - start < fastest ? end - start : fastest;
        passes++;
        t = end - t0;
    } while (span.passes ? passes < span.passes : t < span.min_time);
    return (pass_time){t / passes, fastest};
}

/* MB/s of line data for one direction's passes: the figure the table's main column shows
 * (the fastest pass with --best, else the mean), and the mean; 0 when not measured. */
static double mb_per_s(uint64_t bytes, double seconds) {
    return seconds > 0 ? (double)bytes / seconds / 1e6 : 0.0;
}

/* One table row: name, compress and decompress MB/s (the main figure), ratio, and with --best
 * the means after them (so the columns before keep their places for the scripts that read
 * them). */
static void print_row(const char *name, uint64_t bytes, pass_time tc, pass_time td, double ratio, bench_span span) {
    printf("%-10s %10.1f %11.1f %8.3f", name, mb_per_s(bytes, span.best ? tc.fastest : tc.mean),
           mb_per_s(bytes, span.best ? td.fastest : td.mean), ratio);
    if (span.best) printf(" %10.1f %11.1f", mb_per_s(bytes, tc.mean), mb_per_s(bytes, td.mean));
    printf("\n");
}

static void bench_floor(bench_file *files, size_t n, uint64_t bytes, bench_span span) {
    uint8_t *slots[MAX_FILES];
    for (size_t k = 0; k < n; k++) {
        slots[k] = stream_slots(files[k].lines);
    }
    bench_pass comp = {.files = files, .n = n, .slots = slots}, decomp = comp;
    decomp.decompress = true;
    print_row("(copy)", bytes, time_passes(&comp, span), time_passes(&decomp, span), 1.0, span);
    for (size_t k = 0; k < n; k++) free(slots[k]);
}

/* ops: bit 0 compress, bit 1 decompress (the compress pass that feeds decompression always runs). */
static void bench_codec(const np_codec *c, bench_file *files, size_t n, uint64_t bytes, bench_span span,
                        unsigned ops) {
    file_run runs[MAX_FILES];
    double train = 0;
    uint64_t bits = 0;
    for (size_t k = 0; k < n; k++) train += prepare(c, &files[k], &runs[k]);
    bench_span once = {0, 1, false};
    bench_pass comp = {.c = c, .files = files, .n = n, .runs = runs}, decomp = comp;
    decomp.decompress = true;
    pass_time tc = time_passes(&comp, (ops & 1u) ? span : once), td = {0, 0};
    for (size_t k = 0; k < n; k++) {
        decompress_file(c, &files[k], &runs[k], true);   /* the check, untimed */
        for (size_t i = 0; i < files[k].lines; i++) bits += runs[k].bits[i];
    }
    if (ops & 2u) td = time_passes(&decomp, span);
    print_row(c->name, bytes, tc, td, (double)bytes * 8.0 / (double)bits, span);
    if (c->flags & NP_CODEC_TRAINED)
        printf("%-10s   training: %.3f s CPU for %zu files (observe every line, rebuild once per file)\n", "", train, n);
    for (size_t k = 0; k < n; k++) release(&runs[k]);
}

int main(int argc, char **argv) {
    const char *dir = DEFAULT_DATA_DIR;
    bench_span span = {0.3, 0, false};
    const np_codec *only = NULL;
    unsigned ops = 3u;
    bool floor_only = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--min-time") == 0 && i + 1 < argc) {
            char *end;
            span.min_time = strtod(argv[++i], &end);
            if (*end || !(span.min_time >= 0 && span.min_time <= 3600)) {
                fprintf(stderr, "codec_bench: --min-time takes seconds (0..3600)\n");
                return 2;
            }
        } else if (strcmp(argv[i], "--passes") == 0 && i + 1 < argc) {
            char *end;
            unsigned long p = strtoul(argv[++i], &end, 10);
            if (*end || p < 1 || p > 1000000) {
                fprintf(stderr, "codec_bench: --passes takes a count (1..1000000)\n");
                return 2;
            }
            span.passes = (unsigned)p;
        } else if (strcmp(argv[i], "--codec") == 0 && i + 1 < argc) {
            only = np_codec_find(argv[++i]);
            if (!only) {
                char names[512];
                fprintf(stderr, "codec_bench: no codec '%s' (%s)\n", argv[i], np_codec_names(names, sizeof names));
                return 2;
            }
        } else if (strcmp(argv[i], "--op") == 0 && i + 1 < argc) {
            i++;
            if (strcmp(argv[i], "compress") == 0) ops = 1u;
            else if (strcmp(argv[i], "decompress") == 0) ops = 2u;
            else {
                fprintf(stderr, "codec_bench: --op takes compress or decompress, not '%s'\n", argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--best") == 0) {
            span.best = true;
        } else if (strcmp(argv[i], "--floor") == 0) {
            floor_only = true;
        } else if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: codec_bench [--min-time S | --passes N] [--best] [--codec NAME | --floor] [--op compress|decompress] [DIR]\n");
            return 0;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "codec_bench: unknown option '%s'\n", argv[i]);
            return 2;
        } else {
            dir = argv[i];
        }
    }
    char *names[MAX_FILES];
    size_t n = bench_list_dir("codec_bench", dir, names, MAX_FILES);
    if (n == 0) return 1;
    bench_file files[MAX_FILES];
    uint64_t bytes = 0;
    for (size_t k = 0; k < n; k++) {
        if (!load(dir, names[k], &files[k])) return 1;
        bytes += 128u * files[k].lines;
        free(names[k]);
    }
    const char *stat = span.best ? "the fastest pass" : "the mean pass";
    if (span.passes)
        printf("codec_bench: %zu files, %.1f MB of lines (%llu lines), one core, %s of %u per figure\n", n,
               bytes / 1e6, (unsigned long long)(bytes / 128u), stat, span.passes);
    else
        printf("codec_bench: %zu files, %.1f MB of lines (%llu lines), one core, %s of >= %.2f s CPU time per figure\n",
               n, bytes / 1e6, (unsigned long long)(bytes / 128u), stat, span.min_time);
    printf("%-10s %10s %10s %8s", "codec", "comp MB/s", "decomp MB/s", "ratio");
    printf(span.best ? " %10s %11s\n" : "\n", "comp mean", "decomp mean");
    for (unsigned i = 0; i < np_codec_count() && !floor_only; i++) {
        const np_codec *c = np_codec_at(i);
        if (!only || c == only) bench_codec(c, files, n, bytes, span, ops);
    }
    if (floor_only) bench_floor(files, n, bytes, span);
    printf("(MB/s = uncompressed line bytes per CPU second%s; ratio = uncompressed / compressed bits, pooled)\n",
           span.best ? " of the fastest pass, the mean pass's beside it" : "");
    for (size_t k = 0; k < n; k++) free(files[k].data);
    return 0;
}
