/* CUDA SDK reduction (Samples/2_Concepts_and_Techniques/reduction), kernel 6 (reduce6: many
 * elements per thread, two per loop step when n is a power of two, then a shared-memory tree),
 * int data rand() & 0xFF (the seeded generator here), 256 threads, at most 64 blocks, and the
 * sample's host loop: one pass over the input, then further passes over the block sums
 * (copied to d_intermediateSums) until one value is left. Departures: reduce6's last warp
 * sums with shfl_down, which this runtime does not have; here those five steps go through
 * shared memory with a barrier after each (as the pre-CUDA-9 sample did, without relying on
 * warp lockstep). The device-to-device copy goes through the host. The sample's timing loop
 * (100 repetitions of the same launches) runs once. Size: 2^20 ints (sample: 2^24, 64 MB
 * of initial device memory in the trace); scale s: 2^20 / s, at least 2^12. */
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"

#define RED_MAX_THREADS 256
#define RED_MAX_BLOCKS 64
#define RED_LOG2_N 20

typedef struct {
    simt_addr idata, odata;
    unsigned n, block_size;
    int n_is_pow2;
} red_args;

/* sdata[tid] = mySum = mySum + sdata[tid + offset] for tid < offset (when the block is at
 * least `need` threads: a template constant in the original, so no branch when it is not). */
static int32_t red_step(simt_thread *t, const red_args *p, int32_t my_sum, unsigned need,
                        unsigned offset) {
    unsigned tid = threadIdx.x;
    if (p->block_size >= need && BR(tid < offset)) {
        alu(1);
        my_sum += lds_i32(4u * (tid + offset));
        sts_i32(4u * tid, my_sum);
    }
    syncthreads();
    return my_sum;
}

static void red_reduce6(simt_thread *t, const void *args) {
    const red_args *p = args;
    unsigned tid = threadIdx.x;
    unsigned grid_size = p->block_size * gridDim.x;
    int32_t my_sum = 0;
    alu(3);
    if (p->n_is_pow2) {
        unsigned i = blockIdx.x * p->block_size * 2 + threadIdx.x;
        grid_size <<= 1;
        while (BR(i < p->n)) {
            alu(2);
            my_sum += ld_i32(ELEM_I32(p->idata, i));
            if (BR(i + p->block_size < p->n)) {
                my_sum += ld_i32(ELEM_I32(p->idata, i + p->block_size));
            }
            i += grid_size;
        }
    } else {
        unsigned i = blockIdx.x * p->block_size + threadIdx.x;
        while (BR(i < p->n)) {
            alu(2);
            my_sum += ld_i32(ELEM_I32(p->idata, i));
            i += grid_size;
        }
    }
    sts_i32(4u * tid, my_sum);
    syncthreads();
    my_sum = red_step(t, p, my_sum, 512, 256);
    my_sum = red_step(t, p, my_sum, 256, 128);
    my_sum = red_step(t, p, my_sum, 128, 64);
    /* the last warp: shfl_down in the original */
    my_sum = red_step(t, p, my_sum, 64, 32);
    for (unsigned offset = 16; offset > 0; offset /= 2) {
        my_sum = red_step(t, p, my_sum, 0, offset);
    }
    if (BR(tid == 0)) {
        st_i32(ELEM_I32(p->odata, blockIdx.x), my_sum);
    }
}

static unsigned red_next_pow2(unsigned x) {
    unsigned p = 1;
    while (p < x) {
        p <<= 1;
    }
    return p;
}

/* getNumBlocksAndThreads for kernel 6. */
static void red_blocks_threads(unsigned n, unsigned *blocks, unsigned *threads) {
    *threads = (n < RED_MAX_THREADS * 2) ? red_next_pow2((n + 1) / 2) : RED_MAX_THREADS;
    *blocks = (n + (*threads * 2 - 1)) / (*threads * 2);
    if (*blocks > RED_MAX_BLOCKS) {
        *blocks = RED_MAX_BLOCKS;
    }
}

static void red_reduce(simt_dev *d, unsigned n, unsigned threads, unsigned blocks,
                       simt_addr idata, simt_addr odata) {
    red_args p = {idata, odata, n, threads, (n & (n - 1)) == 0};
    size_t smem = (threads <= 32) ? 2 * threads * sizeof(int32_t) : threads * sizeof(int32_t);
    simt_launch(d, "reduce6", red_reduce6, simt_dim(blocks, 1, 1), simt_dim(threads, 1, 1), smem, &p);
}

int app_red(simt_dev *d, const simt_app_opts *o) {
    const unsigned n = (unsigned)kin_scaled(o, (size_t)1 << RED_LOG2_N, (size_t)1 << 12);
    int32_t *h_idata = kin_alloc(n, sizeof(int32_t));
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (unsigned i = 0; i < n; i++) {
        h_idata[i] = (int32_t)(kin_rand_u64(&rng) & 0xFF);
    }
    unsigned blocks, threads;
    red_blocks_threads(n, &blocks, &threads);
    int32_t *h_odata = kin_alloc(blocks, sizeof(int32_t));
    simt_addr d_idata = simt_malloc(d, sizeof(int32_t) * n, SIMT_INT32, "d_idata");
    simt_addr d_odata = simt_malloc(d, sizeof(int32_t) * blocks, SIMT_INT32, "d_odata");
    simt_addr d_sums = simt_malloc(d, sizeof(int32_t) * blocks, SIMT_INT32, "d_intermediateSums");
    simt_memcpy_htod(d, d_idata, h_idata, sizeof(int32_t) * n);
    simt_memcpy_htod(d, d_odata, h_idata, sizeof(int32_t) * blocks);
    red_reduce(d, n, threads, blocks, d_idata, d_odata);
    for (unsigned s = blocks; s > 1;) { /* cpuFinalThreshold = 1 */
        unsigned b2, t2;
        red_blocks_threads(s, &b2, &t2);
        simt_memcpy_dtoh(d, h_odata, d_odata, sizeof(int32_t) * s);
        simt_memcpy_htod(d, d_sums, h_odata, sizeof(int32_t) * s);
        red_reduce(d, s, t2, b2, d_sums, d_odata);
        s = (s + (t2 * 2 - 1)) / (t2 * 2);
    }
    int32_t gpu_result, cpu_result = 0;
    simt_memcpy_dtoh(d, &gpu_result, d_odata, sizeof(gpu_result));
    for (unsigned i = 0; i < n; i++) { /* reduceCPU (Kahan summation there; ints are exact) */
        cpu_result += h_idata[i];
    }
    int rc = kin_check_i32("red", &gpu_result, &cpu_result, 1);
    free(h_idata);
    free(h_odata);
    return rc;
}
