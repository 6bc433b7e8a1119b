/* CUDA SDK histogram (Samples/2_Concepts_and_Techniques/histogram), both versions of the sample
 * on the same input, merge kernel and check (app_hist, app_hist64).
 *
 * histogram256.cu: histogram256Kernel<<<240, 192>>> gives each warp its own 256-bin
 * sub-histogram in shared memory (atomicAdd per byte of each 32-bit word read), sums the six
 * warps' copies into one partial histogram per block; mergeHistogram256Kernel<<<256, 256>>>
 * adds the 240 partial histograms bin by bin with a shared-memory tree.
 *
 * histogram64.cu: no atomics. histogram64Kernel<<<ceil(bytes / (64 x 240)), 64>>> gives every
 * thread its own 64 one-byte counters in shared memory (s_Hist, 64 x 64 bytes; a thread's
 * counters are a column at its permuted position threadPos, so that 16 consecutive threads hit
 * 16 banks), each thread reads 16-byte words (uint4) and increments the counter of the upper six
 * bits of each byte (at most 240 bytes a thread, so a byte counter cannot overflow); thread b then
 * sums bin b's 64 counters, starting at a bank offset of its own, into the block's partial
 * histogram; mergeHistogram64Kernel<<<64, 256>>> is the 256-bin merge with 64 bins. Departures:
 * the uint4 load is four 32-bit loads (docs/kernels.md); d_PartialHistograms is the size used,
 * not the sample's 32768 partial histograms (8 MiB of untouched device memory in the trace).
 *
 * Data: bytes rand() % 256 (the seeded generator here). Size: 1 MiB (sample: 64 MiB, which
 * would be 64 MB of initial device memory in the trace); scale s: 1 MiB / s, at least 16 KiB.
 * The sample repeats the two launches 17 times (histogram64: 16) for timing; here they run
 * once. Check: the sample's histogram256CPU / histogram64CPU (a plain count of every byte). */
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
#define HIST64_BIN_COUNT 64
#define HIST64_BANKS 16                       /* SHARED_MEMORY_BANKS */
#define HIST64_BLOCK_SIZE (4 * HIST64_BANKS) /* HISTOGRAM64_THREADBLOCK_SIZE */
#define HIST64_THREAD_BYTES 240u              /* iSnapDown(255, sizeof(uint4)) */

typedef struct {
    simt_addr partial, data, histogram;
    unsigned data_count, histogram_count, bin_count;
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

/* mergeHistogram256Kernel, and mergeHistogram64Kernel with bin_count 64 (the same code). */
static void hist_merge(simt_thread *t, const void *args) {
    const hist_args *p = args;
    uint32_t sum = 0;
    for (uint32_t i = threadIdx.x; BR(i < p->histogram_count); i += HIST_MERGE_BLOCK_SIZE) {
        alu(2);
        sum += ld_u32(ELEM_U32(p->partial, blockIdx.x + i * p->bin_count));
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

/* histogram64's addByte: the thread's one-byte counter of bin in its column of s_Hist. */
static void hist64_add_byte(simt_thread *t, uint32_t thread_base, uint32_t bin) {
    uint32_t off = thread_base + bin * HIST64_BLOCK_SIZE;
    alu(2);
    uint8_t count = lds_u8(off);
    sts_u8(off, (uint8_t)(count + 1u));
}

/* addWord: the upper six bits of each byte are the bin. */
static void hist64_add_word(simt_thread *t, uint32_t thread_base, uint32_t data) {
    hist64_add_byte(t, thread_base, (data >> 2) & 0x3Fu);
    hist64_add_byte(t, thread_base, (data >> 10) & 0x3Fu);
    hist64_add_byte(t, thread_base, (data >> 18) & 0x3Fu);
    hist64_add_byte(t, thread_base, (data >> 26) & 0x3Fu);
}

static void hist_histogram64(simt_thread *t, const void *args) {
    const hist_args *p = args;
    uint32_t tid = threadIdx.x;
    uint32_t thread_pos = (tid & ~(uint32_t)(HIST64_BANKS * 4 - 1)) | ((tid & (HIST64_BANKS - 1)) << 2) |
                          ((tid & (HIST64_BANKS * 3)) >> 4);
    alu(6);
    for (uint32_t i = 0; i < HIST64_BIN_COUNT / 4; i++) { /* #pragma unroll: 32-bit zeroing stores */
        sts_u32(4u * (tid + i * HIST64_BLOCK_SIZE), 0);
    }
    syncthreads();
    alu(2);
    for (uint32_t pos = blockIdx.x * blockDim.x + tid; BR(pos < p->data_count); pos += blockDim.x * gridDim.x) {
        simt_addr word = p->data + 16u * (simt_addr)pos;
        alu(2);
        uint32_t x = ld_u32(word), y = ld_u32(word + 4), z = ld_u32(word + 8), w = ld_u32(word + 12);
        hist64_add_word(t, thread_pos, x);
        hist64_add_word(t, thread_pos, y);
        hist64_add_word(t, thread_pos, z);
        hist64_add_word(t, thread_pos, w);
        alu(2);
    }
    syncthreads();
    if (BR(tid < HIST64_BIN_COUNT)) {
        uint32_t hist_base = tid * HIST64_BLOCK_SIZE, sum = 0, pos = 4u * (tid & (HIST64_BANKS - 1));
        alu(3);
        for (uint32_t i = 0; i < HIST64_BLOCK_SIZE / 4; i++) { /* #pragma unroll */
            uint32_t c0 = lds_u8(hist_base + pos + 0), c1 = lds_u8(hist_base + pos + 1);
            uint32_t c2 = lds_u8(hist_base + pos + 2), c3 = lds_u8(hist_base + pos + 3);
            sum += c0 + c1 + c2 + c3;
            pos = (pos + 4u) & (HIST64_BLOCK_SIZE - 1);
            alu(5);
        }
        alu(2);
        st_u32(ELEM_U32(p->partial, blockIdx.x * HIST64_BIN_COUNT + tid), sum);
    }
}

/* The sample's input: byte_count bytes rand() % 256 (a multiple of `align`). */
static uint8_t *hist_input(const simt_app_opts *o, unsigned align, unsigned *byte_count) {
    *byte_count = (unsigned)kin_scaled(o, HIST_BYTES, 1u << 14) / align * align;
    uint8_t *h_data = kin_alloc(*byte_count, 1);
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (unsigned i = 0; i < *byte_count; i++) {
        h_data[i] = (uint8_t)kin_rand_below(&rng, 256);
    }
    return h_data;
}

/* histogram256CPU / histogram64CPU: every byte counted in bin byte >> shift. */
static int hist_check(const char *name, const uint32_t *gpu, const uint8_t *h_data, unsigned byte_count,
                      unsigned bins, unsigned shift) {
    uint32_t *cpu = kin_alloc(bins, sizeof(uint32_t));
    for (unsigned i = 0; i < bins; i++) {
        cpu[i] = 0;
    }
    for (unsigned i = 0; i < byte_count; i++) { /* the four bytes of each word, in any order */
        cpu[h_data[i] >> shift]++;
    }
    int rc = kin_check_u32(name, gpu, cpu, bins);
    free(cpu);
    return rc;
}

int app_hist(simt_dev *d, const simt_app_opts *o) {
    unsigned byte_count;
    uint8_t *h_data = hist_input(o, 4, &byte_count);
    uint32_t *gpu = kin_alloc(HIST_BIN_COUNT, sizeof(uint32_t));
    hist_args p = {0};
    p.data = simt_malloc(d, byte_count, SIMT_UINT8, "d_Data");
    p.histogram = simt_malloc(d, sizeof(uint32_t) * HIST_BIN_COUNT, SIMT_UINT32, "d_Histogram");
    p.partial = simt_malloc(d, sizeof(uint32_t) * HIST_PARTIAL_COUNT * HIST_BIN_COUNT, SIMT_UINT32,
                            "d_PartialHistograms");
    p.data_count = byte_count / 4;
    p.histogram_count = HIST_PARTIAL_COUNT;
    p.bin_count = HIST_BIN_COUNT;
    simt_memcpy_htod(d, p.data, h_data, byte_count);
    simt_launch(d, "histogram256Kernel", hist_histogram256, simt_dim(HIST_PARTIAL_COUNT, 1, 1),
                simt_dim(HIST_BLOCK_SIZE, 1, 1), sizeof(uint32_t) * HIST_BLOCK_MEMORY, &p);
    simt_launch(d, "mergeHistogram256Kernel", hist_merge, simt_dim(HIST_BIN_COUNT, 1, 1),
                simt_dim(HIST_MERGE_BLOCK_SIZE, 1, 1), sizeof(uint32_t) * HIST_MERGE_BLOCK_SIZE, &p);
    simt_memcpy_dtoh(d, gpu, p.histogram, sizeof(uint32_t) * HIST_BIN_COUNT);
    int rc = hist_check("hist", gpu, h_data, byte_count, HIST_BIN_COUNT, 0);
    free(h_data);
    free(gpu);
    return rc;
}

int app_hist64(simt_dev *d, const simt_app_opts *o) {
    unsigned byte_count;
    uint8_t *h_data = hist_input(o, 16, &byte_count); /* assert(byteCount % sizeof(data_t) == 0) */
    uint32_t *gpu = kin_alloc(HIST64_BIN_COUNT, sizeof(uint32_t));
    unsigned histogram_count = (byte_count + HIST64_BLOCK_SIZE * HIST64_THREAD_BYTES - 1) /
                               (HIST64_BLOCK_SIZE * HIST64_THREAD_BYTES); /* iDivUp */
    hist_args p = {0};
    p.data = simt_malloc(d, byte_count, SIMT_UINT8, "d_Data");
    p.histogram = simt_malloc(d, sizeof(uint32_t) * HIST64_BIN_COUNT, SIMT_UINT32, "d_Histogram");
    p.partial = simt_malloc(d, sizeof(uint32_t) * histogram_count * HIST64_BIN_COUNT, SIMT_UINT32, "d_PartialHistograms");
    p.data_count = byte_count / 16;
    p.histogram_count = histogram_count;
    p.bin_count = HIST64_BIN_COUNT;
    simt_memcpy_htod(d, p.data, h_data, byte_count);
    simt_launch(d, "histogram64Kernel", hist_histogram64, simt_dim(histogram_count, 1, 1),
                simt_dim(HIST64_BLOCK_SIZE, 1, 1), HIST64_BLOCK_SIZE * HIST64_BIN_COUNT, &p);
    simt_launch(d, "mergeHistogram64Kernel", hist_merge, simt_dim(HIST64_BIN_COUNT, 1, 1),
                simt_dim(HIST_MERGE_BLOCK_SIZE, 1, 1), sizeof(uint32_t) * HIST_MERGE_BLOCK_SIZE, &p);
    simt_memcpy_dtoh(d, gpu, p.histogram, sizeof(uint32_t) * HIST64_BIN_COUNT);
    int rc = hist_check("hist64", gpu, h_data, byte_count, HIST64_BIN_COUNT, 2);
    free(h_data);
    free(gpu);
    return rc;
}
