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

#include "kernels.h"

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
    rev_args p = {simt_malloc(d, sizeof in, "in"), simt_malloc(d, sizeof out, "out")};
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
    hist_args p = {simt_malloc(d, sizeof data, "data"), simt_malloc(d, sizeof got, "hist"), simt_malloc(d, 4, "max"),
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

/* ---- every listed application passes its own check (small sizes) --------------------------- */

static void test_applications(void **state) {
    (void)state;
    const char *dir = getenv("NP_INPUT_DIR");
    simt_app_opts o = {dir ? dir : "../shared/data/inputs", 8, 1, 0};
    for (size_t i = 0; i < np_nkernels; i++) {
        simt_dev *d = simt_dev_create(NULL);
        int bad = np_kernels[i].fn(d, &o);
        simt_dev_destroy(d);
        if (bad) fail_msg("application %s failed its check", np_kernels[i].name);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_barrier_shared),
        cmocka_unit_test(test_atomics),
        cmocka_unit_test(test_applications),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
