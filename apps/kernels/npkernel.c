/* npkernel: run the benchmark applications of kernel_list.h on the SIMT runtime.
 *   npkernel list
 *   npkernel run NAME|all [--scale N] [--seed S] [--input-dir DIR] [--trace DIR] [--xz] [-v]
 * run checks each application's result against its sequential reference (exit status 1 on a
 * failed check) and, with --trace, writes DIR/NAME/{kernelslist.g, kernel-N.traceg, memory side
 * file} (docs/kernels.md). Prints one line per application: launches, warp instructions, thread
 * operations, CPU seconds. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kernels.h"
#include "simt_tracecmp.h"

static void usage(FILE *f) {
    fprintf(f, "usage: npkernel list\n"
               "       npkernel run NAME|all [--scale N] [--seed S] [--input-dir DIR] [--trace DIR] [--xz] [-v]\n"
               "       npkernel compare A/kernelslist.g B/kernelslist.g   (memory instructions warp by warp)\n");
}

static double cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int parse_u64(const char *s, uint64_t *out) {
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end || s[0] == '-') return -1;
    *out = v;
    return 0;
}

typedef struct {
    simt_app_opts app;
    const char *trace_dir;
    int xz;
} run_opts;

static int run_one(const np_kernel_entry *k, const run_opts *ro) {
    char dir[4096];
    simt_dev_opts dopt = {0};
    if (ro->trace_dir) {
        if (snprintf(dir, sizeof dir, "%s/%s", ro->trace_dir, k->name) >= (int)sizeof dir) {
            fprintf(stderr, "npkernel: trace directory name too long\n");
            return 2;
        }
        dopt.trace_dir = dir;
        dopt.trace_xz = ro->xz;
    }
    double t0 = cpu_seconds();
    simt_dev *d = simt_dev_create(&dopt);
    int bad = k->fn(d, &ro->app);
    simt_stats s = *simt_dev_stats(d);
    simt_dev_destroy(d);
    double cpu = cpu_seconds() - t0;
    printf("%-10s %-12s %s  launches %llu  warp-insts %llu  mem-insts %llu  thread-ops %llu  cpu %.3f s  (%.1f M "
           "thread-ops/s)\n",
           k->suite, k->name, bad ? "FAIL" : "ok  ", (unsigned long long)s.launches, (unsigned long long)s.warp_insts,
           (unsigned long long)s.mem_warp_insts, (unsigned long long)s.thread_ops, cpu,
           cpu > 0 ? (double)s.thread_ops / cpu / 1e6 : 0.0);
    fflush(stdout);
    return bad ? 1 : 0;
}

static int compare(const char *a, const char *b) {
    simt_tracecmp_counts c;
    char msg[1024];
    int rc = simt_trace_compare(a, b, &c, msg, sizeof msg);
    if (rc < 0) {
        fprintf(stderr, "npkernel compare: %s\n", msg);
        return 2;
    }
    printf("instructions %lu vs %lu; global memory %lu vs %lu; shared memory %lu vs %lu; barriers %lu vs %lu\n",
           c.insts_a, c.insts_b, c.global_a, c.global_b, c.shared_a, c.shared_b, c.bars_a, c.bars_b);
    if (rc) printf("memory instructions differ: %s\n", msg);
    else printf("memory instructions agree in all %u warps (globals in order, shareds per barrier interval)\n", c.warps);
    return rc;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "list")) {
        for (size_t i = 0; i < np_nkernels; i++)
            printf("%-10s %-12s %s\n", np_kernels[i].suite, np_kernels[i].name, np_kernels[i].input);
        return 0;
    }
    if (!strcmp(argv[1], "compare") && argc == 4) return compare(argv[2], argv[3]);
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "run") || argc < 3) {
        usage(stderr);
        return 2;
    }
    run_opts ro = {{"../shared/data/inputs", 1, 1, 0}, NULL, 0};
    for (int i = 3; i < argc; i++) {
        uint64_t v;
        int has_arg = i + 1 < argc;
        if (!strcmp(argv[i], "--scale") && has_arg && !parse_u64(argv[i + 1], &v) && v >= 1 && v <= 1u << 20) {
            ro.app.scale = (unsigned)v;
            i++;
        } else if (!strcmp(argv[i], "--seed") && has_arg && !parse_u64(argv[i + 1], &v)) {
            ro.app.seed = v;
            i++;
        } else if (!strcmp(argv[i], "--input-dir") && has_arg) {
            ro.app.input_dir = argv[++i];
        } else if (!strcmp(argv[i], "--trace") && has_arg) {
            ro.trace_dir = argv[++i];
        } else if (!strcmp(argv[i], "--xz")) {
            ro.xz = 1;
        } else if (!strcmp(argv[i], "-v")) {
            ro.app.verbose = 1;
        } else {
            fprintf(stderr, "npkernel: bad option '%s'\n", argv[i]);
            usage(stderr);
            return 2;
        }
    }
    if (!strcmp(argv[2], "all")) {
        int failed = 0;
        for (size_t i = 0; i < np_nkernels; i++) failed += run_one(&np_kernels[i], &ro) != 0;
        if (failed) printf("npkernel: %d of %zu applications failed their check\n", failed, np_nkernels);
        return failed ? 1 : 0;
    }
    const np_kernel_entry *k = np_kernel_find(argv[2]);
    if (!k) {
        fprintf(stderr, "npkernel: no application '%s' (npkernel list)\n", argv[2]);
        return 2;
    }
    return run_one(k, &ro);
}
