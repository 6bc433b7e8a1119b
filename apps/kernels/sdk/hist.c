/* CUDA SDK histogram, the 256-bin version (Samples/2_Concepts_and_Techniques/histogram,
 * histogram256.cu): histogram256Kernel<<<240, 192>>> gives each warp its own 256-bin
 * sub-histogram in shared memory (atomicAdd per byte of each 32-bit word read), sums the six
 * warps' copies into one partial histogram per block; mergeHistogram256Kernel<<<256, 256>>>
 * adds the 240 partial histograms bin by bin with a shared-memory tree. Data: bytes
 * rand() % 256 (the seeded generator here). Size: 1 MiB (sample: 64 MiB, which would be
 * 64 MB of initial device memory in the trace); scale s: 1 MiB / s, at least 16 KiB. The
 * sample repeats the two launches 17 times for timing; here they run once. */
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"

#define HIST_BIN_COUNT 256
#define HIST_LOG2_WARP_SIZE 5u
#define HIST_WARP_COUNT 6
#define HIST_BLOCK_SIZE (HIST_WARP_COUNT * 32)               /* HISTOGRAM256_THREADBLOCK_SIZE */
#define HIST_BLOCK_MEMORY (HIST_WARP_COUNT * HIST_BIN_COUNT) /* HISTOGRAM256_THREADBLOCK_MEMORY */
#define HIST_PARTIAL_COUNT 240                               /* PARTIAL_HISTOGRAM256_COUNT */
#define HIST_MERGE_BLOCK_SIZE 256
#define HIST_BYTES (1u << 20)

typedef struct {
    simt_addr partial, data, histogram;
    unsigned data_count, histogram_count;
} hist_args;

/* addWord: one shared-memory atomicAdd per byte of the word. */
static void hist_add_word(simt_thread *t, uint32_t warp_hist, uint32_t data) {
    alu(2);
    atomics_add_u32(warp_hist + 4u * ((data >> 0) & 0xFFu), 1);
    alu(2);
    atomics_add_u32(warp_hist + 4u * ((data >> 8) & 0xFFu), 1);
    alu(2);
    atomics_add_u32(warp_hist + 4u * ((data >> 16) & 0xFFu), 1);
    alu(2);
    atomics_add_u32(warp_hist + 4u * ((data >> 24) & 0xFFu), 1);
}

static void hist_histogram256(simt_thread *t, const void *args) {
    const hist_args *p = args;
    alu(2);
    uint32_t warp_hist = 4u * (threadIdx.x >> HIST_LOG2_WARP_SIZE) * HIST_BIN_COUNT;
    /* #pragma unroll: six stores */
    sts_u32(4u * (threadIdx.x + 0 * HIST_BLOCK_SIZE), 0);
    sts_u32(4u * (threadIdx.x + 1 * HIST_BLOCK_SIZE), 0);
    sts_u32(4u * (threadIdx.x + 2 * HIST_BLOCK_SIZE), 0);
    sts_u32(4u * (threadIdx.x + 3 * HIST_BLOCK_SIZE), 0);
    sts_u32(4u * (threadIdx.x + 4 * HIST_BLOCK_SIZE), 0);
    sts_u32(4u * (threadIdx.x + 5 * HIST_BLOCK_SIZE), 0);
    syncthreads();
    alu(2);
    for (uint32_t pos = blockIdx.x * blockDim.x + threadIdx.x; BR(pos < p->data_count);
         pos += blockDim.x * gridDim.x) {
        uint32_t data = ld_u32(ELEM_U32(p->data, pos));
        hist_add_word(t, warp_hist, data);
        alu(2);
    }
    syncthreads();
    for (uint32_t bin = threadIdx.x; BR(bin < HIST_BIN_COUNT); bin += HIST_BLOCK_SIZE) {
        uint32_t sum = 0;
        for (uint32_t i = 0; BR(i < HIST_WARP_COUNT); i++) {
            alu(2);
            sum += lds_u32(4u * (bin + i * HIST_BIN_COUNT)); /* & TAG_MASK (all ones) */
        }
        st_u32(ELEM_U32(p->partial, blockIdx.x * HIST_BIN_COUNT + bin), sum);
    }
}

static void hist_merge256(simt_thread *t, const void *args) {
    const hist_args *p = args;
    uint32_t sum = 0;
    for (uint32_t i = threadIdx.x; BR(i < p->histogram_count); i += HIST_MERGE_BLOCK_SIZE) {
        alu(2);
        sum += ld_u32(ELEM_U32(p->partial, blockIdx.x + i * HIST_BIN_COUNT));
    }
    sts_u32(4u * threadIdx.x, sum);
    for (uint32_t stride = HIST_MERGE_BLOCK_SIZE / 2; BR(stride > 0); stride >>= 1) {
        syncthreads();
        if (BR(threadIdx.x < stride)) {
            uint32_t a = lds_u32(4u * threadIdx.x);
            uint32_t b = lds_u32(4u * (threadIdx.x + stride));
            alu(1);
            sts_u32(4u * threadIdx.x, a + b);
        }
    }
    if (BR(threadIdx.x == 0)) {
        st_u32(ELEM_U32(p->histogram, blockIdx.x), lds_u32(0));
    }
}

int app_hist(simt_dev *d, const simt_app_opts *o) {
    const unsigned byte_count = (unsigned)kin_scaled(o, HIST_BYTES, 1u << 14) & ~3u;
    uint8_t *h_data = kin_alloc(byte_count, 1);
    uint32_t *cpu = kin_alloc(HIST_BIN_COUNT, sizeof(uint32_t));
    uint32_t *gpu = kin_alloc(HIST_BIN_COUNT, sizeof(uint32_t));
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (unsigned i = 0; i < byte_count; i++) {
        h_data[i] = (uint8_t)kin_rand_below(&rng, 256);
    }
    hist_args p = {0};
    p.data = simt_malloc(d, byte_count, "d_Data");
    p.histogram = simt_malloc(d, sizeof(uint32_t) * HIST_BIN_COUNT, "d_Histogram");
    p.partial = simt_malloc(d, sizeof(uint32_t) * HIST_PARTIAL_COUNT * HIST_BIN_COUNT,
                            "d_PartialHistograms");
    p.data_count = byte_count / 4;
    p.histogram_count = HIST_PARTIAL_COUNT;
    simt_memcpy_htod(d, p.data, h_data, byte_count);
    simt_launch(d, "histogram256Kernel", hist_histogram256, simt_dim(HIST_PARTIAL_COUNT, 1, 1),
                simt_dim(HIST_BLOCK_SIZE, 1, 1), sizeof(uint32_t) * HIST_BLOCK_MEMORY, &p);
    simt_launch(d, "mergeHistogram256Kernel", hist_merge256, simt_dim(HIST_BIN_COUNT, 1, 1),
                simt_dim(HIST_MERGE_BLOCK_SIZE, 1, 1), sizeof(uint32_t) * HIST_MERGE_BLOCK_SIZE, &p);
    simt_memcpy_dtoh(d, gpu, p.histogram, sizeof(uint32_t) * HIST_BIN_COUNT);
    for (unsigned i = 0; i < HIST_BIN_COUNT; i++) { /* histogram256CPU */
        cpu[i] = 0;
    }
    for (unsigned i = 0; i < byte_count; i++) { /* the four bytes of each word, in any order */
        cpu[h_data[i]]++;
    }
    int rc = kin_check_u32("hist", gpu, cpu, HIST_BIN_COUNT);
    free(h_data);
    free(cpu);
    free(gpu);
    return rc;
}
