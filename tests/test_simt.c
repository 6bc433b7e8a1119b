/* The SIMT runtime (apps/simt, docs/kernels.md): barrier semantics, shared memory, atomics,
 * every listed application's own check at a small size. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lzma.h>
#include <zlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernels.h"
#include "simt_tracecmp.h"

/* ---- barrier + shared memory: reverse a block's array through shared memory ---------------- */

typedef struct {
    simt_addr in, out;
} rev_args;

static void reverse_kernel(simt_thread *t, const void *args) {
    const rev_args *p = args;
    uint32_t n = blockDim.x, i = threadIdx.x, base = blockIdx.x * n;
    sts_i32(4 * i, ld_i32(ELEM_I32(p->in, base + i)));
    syncthreads();
    /* thread i reads what thread n-1-i wrote: in another warp, so only a real barrier makes it
     * visible (warps run one after another until they park) */
    st_i32(ELEM_I32(p->out, base + i), lds_i32(4 * (n - 1 - i)));
}

static void test_barrier_shared(void **state) {
    (void)state;
    enum { N = 256, BLOCKS = 3 };
    int32_t in[N * BLOCKS], out[N * BLOCKS];
    for (int i = 0; i < N * BLOCKS; i++) in[i] = i * 7 + 1;
    simt_dev *d = simt_dev_create(NULL);
    rev_args p = {simt_malloc(d, sizeof in, SIMT_INT32, "in"), simt_malloc(d, sizeof out, SIMT_INT32, "out")};
    simt_memcpy_htod(d, p.in, in, sizeof in);
    simt_launch(d, "reverse", reverse_kernel, simt_dim(BLOCKS, 1, 1), simt_dim(N, 1, 1), N * 4, &p);
    simt_memcpy_dtoh(d, out, p.out, sizeof out);
    for (int b = 0; b < BLOCKS; b++)
        for (int i = 0; i < N; i++) assert_int_equal(out[b * N + i], in[b * N + N - 1 - i]);
    simt_dev_destroy(d);
}

/* ---- atomics: a histogram in shared memory, merged into global memory ---------------------- */

typedef struct {
    simt_addr data, hist, maxv;
    uint32_t n, bins;
} hist_args;

static void hist_kernel(simt_thread *t, const void *args) {
    const hist_args *p = args;
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (BR(threadIdx.x < p->bins)) sts_u32(4 * threadIdx.x, 0);
    syncthreads();
    if (BR(i < p->n)) {
        int32_t v = ld_i32(ELEM_I32(p->data, i));
        atomics_add_u32(4u * ((uint32_t)v % p->bins), 1u);
        atomic_max_i32(p->maxv, v);
    }
    syncthreads();
    if (BR(threadIdx.x < p->bins)) atomic_add_u32(ELEM_U32(p->hist, threadIdx.x), lds_u32(4 * threadIdx.x));
}

static void test_atomics(void **state) {
    (void)state;
    enum { N = 1000, BINS = 16 };
    int32_t data[N];
    uint32_t want[BINS] = {0}, got[BINS];
    int32_t wmax = 0, gmax;
    kin_rng r;
    kin_rng_seed(&r, 5);
    for (int i = 0; i < N; i++) {
        data[i] = (int32_t)kin_rand_below(&r, 100000);
        want[data[i] % BINS]++;
        if (data[i] > wmax) wmax = data[i];
    }
    simt_dev *d = simt_dev_create(NULL);
    hist_args p = {simt_malloc(d, sizeof data, SIMT_INT32, "data"), simt_malloc(d, sizeof got, SIMT_INT32, "hist"), simt_malloc(d, 4, SIMT_INT32, "max"),
                   N, BINS};
    simt_memcpy_htod(d, p.data, data, sizeof data);
    simt_memset(d, p.hist, 0, sizeof got);
    simt_memset(d, p.maxv, 0, 4);
    simt_launch(d, "hist", hist_kernel, simt_dim((N + 127) / 128, 1, 1), simt_dim(128, 1, 1), BINS * 4, &p);
    simt_memcpy_dtoh(d, got, p.hist, sizeof got);
    simt_memcpy_dtoh(d, &gmax, p.maxv, 4);
    for (int b = 0; b < BINS; b++) assert_int_equal(got[b], want[b]);
    assert_int_equal(gmax, wmax);
    simt_dev_destroy(d);
}

/* ---- divergence: min-PC reconvergence on a BFS-like loop, hand-computed ------------------ */

typedef struct {
    simt_addr flag, deg, out, done;
} div_args;

/* Lane i: if flag[i], loop k over 0 .. deg[i]-1 with an if/else on (i + k) even; then done[i]. */
static void divergent_kernel(simt_thread *t, const void *args) {
    const div_args *p = args;
    uint32_t i = threadIdx.x;
    int32_t f = ld_i32(ELEM_I32(p->flag, i));            /* A */
    if (BR(f)) {                                         /* B */
        int32_t deg = ld_i32(ELEM_I32(p->deg, i));       /* C */
        for (int32_t k = 0; BR(k < deg); k++) {          /* D */
            if (BR((i + (uint32_t)k) % 2 == 0))          /* E */
                alu(1);                                  /* F */
            else
                sfu(1);                                  /* F2 */
            st_i32(ELEM_I32(p->out, 4 * i + (uint32_t)k), k + 1); /* G */
        }
    }
    st_i32(ELEM_I32(p->done, i), 1);                     /* H */
}

typedef struct {
    simt_op op[64];
    uint32_t mask[64];
    unsigned n;
} inst_log;

static void log_inst(void *user, const simt_warp_inst *wi) {
    inst_log *l = user;
    if (l->n < 64) {
        l->op[l->n] = wi->op;
        l->mask[l->n] = wi->mask;
    }
    l->n++;
}

static void test_divergence_min_pc(void **state) {
    (void)state;
    /* lanes 0..3: flag 1 1 0 1, deg 2 0 - 3. Worked by hand under min-PC (smallest waiting
     * site first, sites in source order, exit last): lane 1 leaves the loop at once and lane 2
     * skips it, both wait at H; lanes 0 and 3 split at E every iteration (lane 0 even at k=0,
     * lane 3 even at k=1), reconverge at G, lane 0 leaves after 2 trips, lane 3 after 3; all
     * four reconverge at H and exit together. */
    static const simt_op want_op[] = {
        SIMT_OP_LDG, SIMT_OP_BRA, SIMT_OP_LDG,                           /* A B C */
        SIMT_OP_BRA, SIMT_OP_BRA, SIMT_OP_ALU, SIMT_OP_SFU, SIMT_OP_STG, /* k=0: D E F F2 G */
        SIMT_OP_BRA, SIMT_OP_BRA, SIMT_OP_ALU, SIMT_OP_SFU, SIMT_OP_STG, /* k=1 */
        SIMT_OP_BRA, SIMT_OP_BRA, SIMT_OP_SFU, SIMT_OP_STG,              /* k=2: lane 3 only */
        SIMT_OP_BRA,                                                     /* D: lane 3 leaves */
        SIMT_OP_STG, SIMT_OP_EXIT};                                      /* H, exit */
    static const uint32_t want_mask[] = {
        0xf, 0xf, 0xb,
        0xb, 0x9, 0x1, 0x8, 0x9,
        0x9, 0x9, 0x8, 0x1, 0x9,
        0x9, 0x8, 0x8, 0x8,
        0x8,
        0xf, 0xf};
    enum { N = sizeof want_op / sizeof want_op[0] };
    int32_t flag[4] = {1, 1, 0, 1}, deg[4] = {2, 0, 5, 3}, out[16], done[4];
    inst_log log = {.n = 0};
    simt_dev_opts o = {.observer = log_inst, .observer_user = &log};
    simt_dev *d = simt_dev_create(&o);
    div_args p = {simt_malloc(d, sizeof flag, SIMT_INT32, "flag"), simt_malloc(d, sizeof deg, SIMT_INT32, "deg"),
                  simt_malloc(d, sizeof out, SIMT_INT32, "out"), simt_malloc(d, sizeof done, SIMT_INT32, "done")};
    simt_memcpy_htod(d, p.flag, flag, sizeof flag);
    simt_memcpy_htod(d, p.deg, deg, sizeof deg);
    simt_memset(d, p.out, 0, sizeof out);
    simt_launch(d, "divergent", divergent_kernel, simt_dim(1, 1, 1), simt_dim(4, 1, 1), 0, &p);
    simt_memcpy_dtoh(d, out, p.out, sizeof out);
    simt_memcpy_dtoh(d, done, p.done, sizeof done);
    simt_dev_destroy(d);
    assert_int_equal(log.n, N);
    for (unsigned i = 0; i < N; i++) {
        if (log.op[i] != want_op[i] || log.mask[i] != want_mask[i])
            fail_msg("warp instruction %u: op %d mask 0x%x, want op %d mask 0x%x", i, (int)log.op[i],
                     (unsigned)log.mask[i], (int)want_op[i], (unsigned)want_mask[i]);
    }
    for (int i = 0; i < 4; i++) {
        assert_int_equal(done[i], 1);
        for (int k = 0; k < 4; k++) assert_int_equal(out[4 * i + k], flag[i] && k < deg[i] ? k + 1 : 0);
    }
}

/* ---- every listed application passes its own check (small sizes) --------------------------- */

static void test_applications(void **state) {
    (void)state;
    const char *dir = getenv("NP_INPUT_DIR");
    simt_app_opts o = {dir ? dir : "../shared/data/inputs", 8, 1, 0, 1};
    for (size_t i = 0; i < np_nkernels; i++) {
        simt_dev *d = simt_dev_create(NULL);
        int bad = np_kernels[i].fn(d, &o);
        simt_dev_destroy(d);
        if (bad) fail_msg("application %s failed its check", np_kernels[i].name);
    }
}

/* --grow K: kin_scaled multiplies by K what scale divides, and counts it; hotspot grows its
 * iterations (one launch per pyramid of 2: 2 iterations are 1 launch, 4 are 2) and still passes
 * its check; matrixmul has no kin_scaled size, so npkernel can tell that nothing grew. */
static void test_grow(void **state) {
    (void)state;
    const char *dir = getenv("NP_INPUT_DIR");
    simt_app_opts o = {dir ? dir : "../shared/data/inputs", 8, 1, 0, 2};
    kin_grow_reset();
    assert_int_equal(kin_scaled(&o, 1024, 16), 256);
    o.scale = 1;
    o.grow = 4;
    assert_int_equal(kin_scaled(&o, 1024, 16), 4096);
    assert_int_equal(kin_grow_uses(), 2);
    unsigned long launches[2];
    for (unsigned g = 1; g <= 2; g++) {
        o.scale = 8;
        o.grow = g;
        simt_dev *d = simt_dev_create(NULL);
        kin_grow_reset();
        assert_int_equal(np_kernel_find("hs")->fn(d, &o), 0);
        launches[g - 1] = (unsigned long)simt_dev_stats(d)->launches;
        simt_dev_destroy(d);
        assert_int_equal(kin_grow_uses() > 0, g > 1);
    }
    assert_int_equal(launches[0], 1);
    assert_int_equal(launches[1], 2);
    simt_dev *d = simt_dev_create(NULL);
    kin_grow_reset();
    assert_int_equal(np_kernel_find("matrixmul")->fn(d, &o), 0);
    simt_dev_destroy(d);
    assert_int_equal(kin_grow_uses(), 0);
}

/* ---- the tracer against NVBit's traces of the CUDA originals ------------------------------- */

static const char *tmp_dir(void) {
    const char *d = getenv("NP_SIMT_TMP");
    return d ? d : "build/simt/tests/tmp";
}

static void trace_app(const char *name, int xz, char *list, size_t len) {
    char dir[512];
    snprintf(dir, sizeof dir, "%.400s/%s%s", tmp_dir(), name, xz ? "-xz" : "");
    simt_dev_opts o = {.trace_dir = dir, .trace_xz = xz};
    simt_app_opts a = {"../shared/data/inputs", 1, 1, 0, 1};
    simt_dev *d = simt_dev_create(&o);
    const np_kernel_entry *k = np_kernel_find(name);
    assert_non_null(k);
    assert_int_equal(k->fn(d, &a), 0);
    simt_dev_destroy(d);
    snprintf(list, len, "%s/kernelslist.g", dir);
}

static void real_trace(const char *name, char *list, size_t len) {
    const char *dir = getenv("NP_ACCELSIM");
    snprintf(list, len, "%s/%s/kernelslist.g", dir ? dir : "../shared/data/traces/accelsim", name);
}

static void test_trace_vs_nvbit(void **state) {
    (void)state;
    static const char *pairs[][2] = {{"vectoradd-100-32", "vecadd"}, {"matrixmul-32-32", "matrixmul"}};
    char real[1024], ours[1024], msg[1024];
    simt_tracecmp_counts c;
    for (unsigned i = 0; i < 2; i++) {
        real_trace(pairs[i][0], real, sizeof real);
        trace_app(pairs[i][1], 0, ours, sizeof ours);
        int rc = simt_trace_compare(real, ours, &c, msg, sizeof msg);
        if (rc) fail_msg("%s vs %s: %s", real, ours, msg);
        assert_int_equal(c.warps, 32);
        assert_true(c.global_a > 0 && c.global_a == c.global_b && c.shared_a == c.shared_b);
    }
    /* negative control: the comparison tells the two kernels apart */
    real_trace(pairs[0][0], real, sizeof real);
    assert_int_equal(simt_trace_compare(real, ours, &c, msg, sizeof msg), 1);
}

/* The .xz trace decompresses to the plain one, byte for byte. */
static void test_trace_xz(void **state) {
    (void)state;
    char plain[1024], xz[1024], path[1100];
    trace_app("matrixmul", 0, plain, sizeof plain);
    trace_app("matrixmul", 1, xz, sizeof xz);
    snprintf(path, sizeof path, "%.*s/kernel-1.traceg", (int)(strlen(plain) - strlen("/kernelslist.g")), plain);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static uint8_t want[1 << 20], got[1 << 20], packed[1 << 20];
    size_t nwant = fread(want, 1, sizeof want, f);
    fclose(f);
    snprintf(path, sizeof path, "%.*s/kernel-1.traceg.xz", (int)(strlen(xz) - strlen("/kernelslist.g")), xz);
    f = fopen(path, "rb");
    assert_non_null(f);
    size_t npacked = fread(packed, 1, sizeof packed, f);
    fclose(f);
    uint64_t limit = UINT64_MAX;
    size_t in_pos = 0, out_pos = 0;
    assert_int_equal(lzma_stream_buffer_decode(&limit, 0, NULL, packed, &in_pos, npacked, got, &out_pos, sizeof got),
                     LZMA_OK);
    assert_true(nwant > 1000 && nwant < sizeof want);
    assert_int_equal(out_pos, nwant);
    assert_memory_equal(got, want, nwant);
    /* npkernel compare reads the .xz trace make kernels writes: the same comparison as the plain one */
    char real[1024], msg[1024];
    simt_tracecmp_counts cp, cx;
    real_trace("matrixmul-32-32", real, sizeof real);
    if (simt_trace_compare(real, plain, &cp, msg, sizeof msg)) fail_msg("%s", msg);
    if (simt_trace_compare(real, xz, &cx, msg, sizeof msg)) fail_msg("%s", msg);
    assert_int_equal(cx.insts_b, cp.insts_b);
    assert_int_equal(cx.global_b, cp.global_b);
    assert_int_equal(cx.shared_b, cp.shared_b);
    /* the side file goes through zlib: memory.npmem.gz inflates to the plain memory.npmem */
    snprintf(path, sizeof path, "%.*s/memory.npmem", (int)(strlen(plain) - strlen("/kernelslist.g")), plain);
    f = fopen(path, "rb");
    assert_non_null(f);
    nwant = fread(want, 1, sizeof want, f);
    fclose(f);
    snprintf(path, sizeof path, "%.*s/memory.npmem.gz", (int)(strlen(xz) - strlen("/kernelslist.g")), xz);
    gzFile gz = gzopen(path, "rb");
    assert_non_null(gz);
    int ngot = gzread(gz, got, sizeof got);
    gzclose(gz);
    assert_true(nwant > 1000 && nwant < sizeof want);
    assert_int_equal(ngot, (int)nwant);
    assert_memory_equal(got, want, nwant);
}

/* ---- memory.npmem: replaying the log rebuilds the kernel's memory ------------------------- */

typedef struct {
    const uint8_t *p;
    size_t n, at;
} rd;

static uint64_t rd_le(rd *r, unsigned bytes) {
    assert_true(r->at + bytes <= r->n);
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++) v |= (uint64_t)r->p[r->at + i] << (8 * i);
    r->at += bytes;
    return v;
}

/* Replays docs/kernels.md's records into mem (device addresses from the first allocation). */
static void npmem_replay(const uint8_t *file, size_t n, uint8_t *mem, size_t cap, uint64_t *base, unsigned *stores) {
    rd r = {file, n, 0};
    assert_true(n >= 16 && !memcmp(file, "NPSIMTM1", 8));
    r.at = 8;
    assert_int_equal(rd_le(&r, 4), 3);
    rd_le(&r, 4);
    *base = 0;
    *stores = 0;
    while (r.at < n) {
        unsigned type = (unsigned)rd_le(&r, 1);
        if (type == 1) {
            uint64_t a = rd_le(&r, 8), bytes = rd_le(&r, 8);
            if (!*base) *base = a;
            assert_true(a - *base + bytes <= cap);
            memset(mem + (a - *base), 0, bytes); /* an allocation starts zeroed */
            size_t type_len = (size_t)rd_le(&r, 1);   /* element type: matrixmul's A, B, C are float */
            assert_true(type_len == 7 && r.at + 7 <= n && !memcmp(file + r.at, "float32", 7));
            r.at += type_len;
            r.at += rd_le(&r, 1);                     /* name */
        } else if (type == 2 || type == 3) {
            uint64_t a = rd_le(&r, 8), bytes = rd_le(&r, 8);
            assert_true(a >= *base && a - *base + bytes <= cap);
            if (type == 2) {
                assert_true(r.at + bytes <= n);
                memcpy(mem + (a - *base), file + r.at, bytes);
                r.at += bytes;
            } else {
                memset(mem + (a - *base), (int)rd_le(&r, 1), bytes);
            }
        } else if (type == 4) { /* the memory so far is the runtime's at this launch (its CRC-32) */
            rd_le(&r, 4);
            uint64_t bytes = rd_le(&r, 8);
            uint32_t crc = (uint32_t)rd_le(&r, 4);
            assert_true(bytes <= cap);
            assert_int_equal(crc32(crc32(0L, Z_NULL, 0), mem, (uInt)bytes), crc);
        } else {
            assert_int_equal(type, 5);
            r.at += 4 + 12 + 2 + 4; /* kernel, block, warp, instruction index */
            unsigned w = (unsigned)rd_le(&r, 1), lanes = 0;
            uint32_t mask = (uint32_t)rd_le(&r, 4);
            unsigned even = (unsigned)rd_le(&r, 1);
            uint64_t addr[32];
            for (uint32_t m = mask; m; m &= m - 1) lanes++;
            if (even) {
                uint64_t a0 = rd_le(&r, 8), stride = rd_le(&r, 8);
                for (unsigned i = 0; i < lanes; i++) addr[i] = a0 + i * stride;
            } else {
                for (unsigned i = 0; i < lanes; i++) addr[i] = rd_le(&r, 8);
            }
            for (unsigned i = 0; i < lanes; i++) {
                assert_true(addr[i] >= *base && addr[i] - *base + w <= cap && r.at + w <= n);
                memcpy(mem + (addr[i] - *base), file + r.at, w);
                r.at += w;
            }
            (*stores)++;
        }
    }
}

static void test_npmem_replay(void **state) {
    (void)state;
    char list[1024], path[1100];
    trace_app("matrixmul", 0, list, sizeof list);
    snprintf(path, sizeof path, "%.*s/memory.npmem", (int)(strlen(list) - strlen("/kernelslist.g")), list);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    static uint8_t file[1 << 20], mem[3 * 4096];
    size_t n = fread(file, 1, sizeof file, f);
    fclose(f);
    uint64_t base;
    unsigned stores;
    memset(mem, 0xa5, sizeof mem);
    npmem_replay(file, n, mem, sizeof mem, &base, &stores);
    /* matrixmul's allocations: A at 0, B at 4096, C at 8192; one STG per warp */
    assert_int_equal(stores, 32);
    float a[1024], b[1024], c[1024];
    memcpy(a, mem, sizeof a);
    memcpy(b, mem + 4096, sizeof b);
    memcpy(c, mem + 8192, sizeof c);
    for (int i = 0; i < 32; i++)
        for (int j = 0; j < 32; j++) {
            float want = 0;
            for (int k = 0; k < 32; k++) want += a[i * 32 + k] * b[k * 32 + j];
            assert_float_equal(c[i * 32 + j], want, 1e-4 * want);
        }
}

/* ---- element types: an allocation without one stops the run ------------------------------- */

/* Runs simt_malloc(bytes, type, "buf") in a child process; returns its exit status and leaves
 * what it printed on stderr in msg. */
static int malloc_in_child(size_t bytes, simt_type type, char *msg, size_t len) {
    int fd[2];
    assert_int_equal(pipe(fd), 0);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(fd[1], 2);
        close(fd[0]);
        simt_dev *d = simt_dev_create(NULL);
        simt_malloc(d, bytes, type, "buf");
        simt_dev_destroy(d);
        _exit(0);
    }
    close(fd[1]);
    size_t n = 0;
    for (ssize_t r; n + 1 < len && (r = read(fd[0], msg + n, len - 1 - n)) > 0;) n += (size_t)r;
    msg[n] = 0;
    close(fd[0]);
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* Every allocation names its element type (docs/kernels.md "Element types"): a value that is
 * not a simt_type, or bytes that are not whole elements of it, stop the run naming the buffer. */
static void test_malloc_needs_type(void **state) {
    (void)state;
    char msg[512];
    assert_int_equal(malloc_in_child(8, SIMT_FLOAT64, msg, sizeof msg), 0);
    assert_int_not_equal(malloc_in_child(8, (simt_type)0, msg, sizeof msg), 0);
    if (!strstr(msg, "simt_malloc(buf): 0 is not an element type")) fail_msg("message '%s'", msg);
    assert_int_not_equal(malloc_in_child(8, SIMT_TYPES, msg, sizeof msg), 0);
    if (!strstr(msg, "is not an element type")) fail_msg("message '%s'", msg);
    assert_int_not_equal(malloc_in_child(6, SIMT_FLOAT32, msg, sizeof msg), 0);
    if (!strstr(msg, "simt_malloc(buf): 6 bytes are not a whole number of float32 elements")) fail_msg("message '%s'", msg);
    assert_string_equal(simt_type_name(SIMT_UINT8), "uint8");
    assert_int_equal(simt_type_size(SIMT_FLOAT64), 8);
    assert_int_equal(simt_type_size(SIMT_MIXED), 1);
    assert_null(simt_type_name((simt_type)0));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_barrier_shared),
        cmocka_unit_test(test_atomics),
        cmocka_unit_test(test_divergence_min_pc),
        cmocka_unit_test(test_applications),
        cmocka_unit_test(test_grow),
        cmocka_unit_test(test_trace_vs_nvbit),
        cmocka_unit_test(test_trace_xz),
        cmocka_unit_test(test_npmem_replay),
        cmocka_unit_test(test_malloc_needs_type),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
