/* npkernel: run the benchmark applications of kernel_list.h on the SIMT runtime.
 *   npkernel list
 *   npkernel run NAME|all [--scale N] [--seed S] [--input-dir DIR] [--trace DIR] [--xz] [-j N] [-v]
 *   npkernel run NAME --grow K [...]   (K times the default size: what --scale divides, multiplied)
 * run checks each application's result against its sequential reference (exit status 1 on a
 * failed check) and, with --trace, writes DIR/NAME/{kernelslist.g, kernel-N.traceg, memory side
 * file} (docs/kernels.md). Prints one line per application: launches, warp instructions, thread
 * operations, CPU seconds. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernels.h"
#include "simt_tracecmp.h"

static void usage(FILE *f) {
    fprintf(f, "usage: npkernel list\n"
               "       npkernel run NAME|all [--scale N] [--seed S] [--input-dir DIR] [--trace DIR] [--xz] [-j N] [-v]\n"
               "       npkernel run NAME --grow K [...]   (K times the default size: what --scale divides)\n"
               "       npkernel bench [--blocks N] [--trace DIR]   (the runtime's thread operations per CPU second)\n"
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
    unsigned jobs; /* run all: applications at once, each in its own process */
} run_opts;

typedef struct {
    uint64_t thread_ops, warp_insts;
    double cpu;
} run_total;

/* Bytes of the regular files in dir (an application's trace). */
static unsigned long long dir_bytes(const char *dir) {
    unsigned long long total = 0;
    DIR *d = opendir(dir);
    if (!d) return 0;
    for (struct dirent *e; (e = readdir(d));) {
        char path[8192];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode)) total += (unsigned long long)st.st_size;
    }
    closedir(d);
    return total;
}

static int run_one(const np_kernel_entry *k, const run_opts *ro, run_total *tot) {
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
    kin_grow_reset();
    int bad = k->fn(d, &ro->app);
    simt_stats s = *simt_dev_stats(d);
    simt_dev_destroy(d);
    if (ro->app.grow > 1 && !kin_grow_uses()) {
        /* the run happened at the default size: say so rather than report it as grown */
        fprintf(stderr, "npkernel: %s: --grow %u: the application has no size that grows (docs/kernels.md \"Larger inputs\")\n",
                k->name, ro->app.grow);
        return 2;
    }
    double cpu = cpu_seconds() - t0;
    tot->thread_ops += s.thread_ops;
    tot->warp_insts += s.warp_insts;
    tot->cpu += cpu;
    char size[64] = "";
    if (ro->trace_dir) snprintf(size, sizeof size, "  trace-bytes %llu", dir_bytes(dir));
    printf("%-10s %-12s %s  launches %llu  warp-insts %llu  mem-insts %llu  lines %llu  thread-ops %llu  cpu %.3f s  "
           "(%.1f M thread-ops/s)%s\n",
           k->suite, k->name, bad ? "FAIL" : "ok  ", (unsigned long long)s.launches, (unsigned long long)s.warp_insts,
           (unsigned long long)s.mem_warp_insts, (unsigned long long)s.global_lines, (unsigned long long)s.thread_ops, cpu,
           cpu > 0 ? (double)s.thread_ops / cpu / 1e6 : 0.0, size);
    fflush(stdout);
    return bad ? 1 : 0;
}

/* ---- bench: the runtime's speed on a BFS-like divergent kernel --------------------------------
 * Thread i visits deg[i] (0..15, seeded) neighbours: per edge a load of the neighbour's id, a
 * load of its cost, a data-dependent branch, maybe a store; then a block-wide sum through shared
 * memory with a barrier. Thread operations per CPU second is the figure (docs/kernels.md). */
typedef struct {
    simt_addr start, deg, nbr, cost, out;
    uint32_t n;
} bench_args;

static void bench_kernel(simt_thread *t, const void *args) {
    const bench_args *p = args;
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    int32_t first = ld_i32(ELEM_I32(p->start, i)), deg = ld_i32(ELEM_I32(p->deg, i));
    int32_t best = INT32_MAX;
    for (int32_t e = 0; BR(e < deg); e++) {
        int32_t v = ld_i32(ELEM_I32(p->nbr, (uint32_t)(first + e)));
        int32_t c = ld_i32(ELEM_I32(p->cost, (uint32_t)v));
        alu(1);
        if (BR(c < best)) best = c;
    }
    sts_i32(4 * threadIdx.x, best == INT32_MAX ? 0 : best);
    syncthreads();
    if (BR(threadIdx.x == 0)) {
        int32_t sum = 0;
        for (uint32_t k = 0; BR(k < blockDim.x); k++) sum += lds_i32(4 * k);
        st_i32(ELEM_I32(p->out, blockIdx.x), sum);
    }
}

static int bench(int argc, char **argv) {
    uint64_t blocks = 256;
    const char *trace = NULL;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--blocks") && i + 1 < argc && !parse_u64(argv[i + 1], &blocks) && blocks >= 1 &&
            blocks <= 65536) {
            i++;
        } else if (!strcmp(argv[i], "--trace") && i + 1 < argc) {
            trace = argv[++i];
        } else {
            fprintf(stderr, "usage: npkernel bench [--blocks N] [--trace DIR]\n");
            return 2;
        }
    }
    const uint32_t bs = 256, n = (uint32_t)blocks * bs;
    int32_t *start = kin_alloc(n, 4), *deg = kin_alloc(n, 4), *cost = kin_alloc(n, 4);
    kin_rng r;
    kin_rng_seed(&r, 1);
    uint32_t edges = 0;
    for (uint32_t i = 0; i < n; i++) {
        start[i] = (int32_t)edges;
        deg[i] = (int32_t)kin_rand_below(&r, 16);
        edges += (uint32_t)deg[i];
        cost[i] = (int32_t)kin_rand_below(&r, 1000);
    }
    int32_t *nbr = kin_alloc(edges ? edges : 1, 4);
    for (uint32_t e = 0; e < edges; e++) nbr[e] = (int32_t)kin_rand_below(&r, n);
    simt_dev_opts dopt = {0};
    dopt.trace_dir = trace;
    double t0 = cpu_seconds();
    simt_dev *d = simt_dev_create(&dopt);
    bench_args p = {simt_malloc(d, 4u * n, SIMT_INT32, "start"), simt_malloc(d, 4u * n, SIMT_INT32, "deg"),
                    simt_malloc(d, 4u * (edges ? edges : 1), SIMT_INT32, "nbr"), simt_malloc(d, 4u * n, SIMT_INT32, "cost"),
                    simt_malloc(d, 4u * (uint32_t)blocks, SIMT_INT32, "out"), n};
    simt_memcpy_htod(d, p.start, start, 4u * n);
    simt_memcpy_htod(d, p.deg, deg, 4u * n);
    simt_memcpy_htod(d, p.nbr, nbr, 4u * edges);
    simt_memcpy_htod(d, p.cost, cost, 4u * n);
    double t1 = cpu_seconds();
    simt_launch(d, "bench", bench_kernel, simt_dim((uint32_t)blocks, 1, 1), simt_dim(bs, 1, 1), 4u * bs, &p);
    double cpu = cpu_seconds() - t1;
    simt_stats s = *simt_dev_stats(d);
    simt_dev_destroy(d);
    printf("bench: %llu blocks of %u threads, %u edges: warp-insts %llu  thread-ops %llu  launch cpu %.3f s  "
           "(%.1f M thread-ops/s%s; whole run %.3f s)\n",
           (unsigned long long)blocks, bs, edges, (unsigned long long)s.warp_insts, (unsigned long long)s.thread_ops,
           cpu, cpu > 0 ? (double)s.thread_ops / cpu / 1e6 : 0.0, trace ? ", traced" : "", cpu_seconds() - t0);
    free(start);
    free(deg);
    free(cost);
    free(nbr);
    return 0;
}

/* run all -j N: each application in a child process, N at a time; a child reports its totals
 * through a pipe and its check through its exit status. Lines appear as applications finish. */
static int run_parallel(const run_opts *ro, run_total *tot) {
    pid_t pid[64] = {0};
    int fd[64];
    unsigned running = 0, slots = ro->jobs < 64 ? ro->jobs : 64;
    int failed = 0;
    size_t next = 0;
    fflush(stdout);
    while (next < np_nkernels || running) {
        if (next < np_nkernels && running < slots) {
            unsigned s = 0;
            while (pid[s]) s++;
            int p[2];
            if (pipe(p) != 0) {
                perror("npkernel: pipe");
                return (int)np_nkernels;
            }
            pid_t c = fork();
            if (c < 0) {
                perror("npkernel: fork");
                return (int)np_nkernels;
            }
            if (c == 0) {
                close(p[0]);
                run_total mine = {0, 0, 0};
                int bad = run_one(&np_kernels[next], ro, &mine);
                ssize_t w = write(p[1], &mine, sizeof mine);
                _exit(bad ? 1 : w == (ssize_t)sizeof mine ? 0 : 3);
            }
            close(p[1]);
            pid[s] = c;
            fd[s] = p[0];
            running++;
            next++;
            continue;
        }
        int status;
        pid_t done = wait(&status);
        if (done < 0) break;
        for (unsigned s = 0; s < slots; s++)
            if (pid[s] == done) {
                run_total t;
                if (read(fd[s], &t, sizeof t) == (ssize_t)sizeof t) {
                    tot->thread_ops += t.thread_ops;
                    tot->warp_insts += t.warp_insts;
                    tot->cpu += t.cpu;
                }
                close(fd[s]);
                pid[s] = 0;
                running--;
                failed += !WIFEXITED(status) || WEXITSTATUS(status) != 0;
            }
    }
    return failed;
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
    if (!strcmp(argv[1], "bench")) return bench(argc, argv);
    if (!strcmp(argv[1], "compare") && argc == 4) return compare(argv[2], argv[3]);
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        usage(stdout);
        return 0;
    }
    if (strcmp(argv[1], "run") || argc < 3) {
        usage(stderr);
        return 2;
    }
    run_opts ro = {{"../shared/data/inputs", 1, 1, 0, 1}, NULL, 0, 1};
    for (int i = 3; i < argc; i++) {
        uint64_t v;
        int has_arg = i + 1 < argc;
        if (!strcmp(argv[i], "--scale") && has_arg && !parse_u64(argv[i + 1], &v) && v >= 1 && v <= 1u << 20) {
            ro.app.scale = (unsigned)v;
            i++;
        } else if (!strcmp(argv[i], "--grow") && has_arg && !parse_u64(argv[i + 1], &v) && v >= 1 && v <= 1024) {
            ro.app.grow = (unsigned)v;
            i++;
        } else if (!strcmp(argv[i], "--seed") && has_arg && !parse_u64(argv[i + 1], &v)) {
            ro.app.seed = v;
            i++;
        } else if (!strcmp(argv[i], "--input-dir") && has_arg) {
            ro.app.input_dir = argv[++i];
        } else if (!strcmp(argv[i], "--trace") && has_arg) {
            ro.trace_dir = argv[++i];
        } else if (!strcmp(argv[i], "-j") && has_arg && !parse_u64(argv[i + 1], &v) && v >= 1 && v <= 64) {
            ro.jobs = (unsigned)v;
            i++;
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
        if (ro.app.grow > 1) {
            fprintf(stderr, "npkernel: --grow is for one application (a seed's input), not all\n");
            return 2;
        }
        int failed = 0;
        run_total tot = {0, 0, 0};
        if (ro.jobs > 1) failed = run_parallel(&ro, &tot);
        else
            for (size_t i = 0; i < np_nkernels; i++) failed += run_one(&np_kernels[i], &ro, &tot) != 0;
        printf("all %zu applications: warp-insts %llu  thread-ops %llu  cpu %.3f s  (%.1f M thread-ops/s)%s\n",
               np_nkernels, (unsigned long long)tot.warp_insts, (unsigned long long)tot.thread_ops, tot.cpu,
               tot.cpu > 0 ? (double)tot.thread_ops / tot.cpu / 1e6 : 0.0, ro.trace_dir ? ", traced" : "");
        if (failed) printf("npkernel: %d of %zu applications failed their check\n", failed, np_nkernels);
        return failed ? 1 : 0;
    }
    const np_kernel_entry *k = np_kernel_find(argv[2]);
    if (!k) {
        fprintf(stderr, "npkernel: no application '%s' (npkernel list)\n", argv[2]);
        return 2;
    }
    run_total tot = {0, 0, 0};
    return run_one(k, &ro, &tot);
}
