/* Rodinia 3.1 hybridsort (HYS; Sintorn and Assarsson, "Fast parallel GPU-sorting using a hybrid
 * algorithm", 2008): a bucket sort into 1024 buckets of about equal size, then a merge sort of
 * float4 vectors inside every bucket at once. The launches (main.cu's cudaSort, bucketsort.cu,
 * mergesort.cu):
 *   histogram1024Kernel   64 blocks x 96 threads: a 1024-bin histogram of the keys, one
 *                         sub-histogram per warp in shared memory (the SDK's tagged-update
 *                         loop: a lane writes tag | count + 1 and retries until it reads its own
 *                         write back), summed into global memory with atomicAdd;
 *   (host)                pivot points that split the histogram into 1024 equal slices;
 *   bucketcount           32 threads a block, 128 keys a thread: each key's bucket by binary
 *                         search over the pivots and its rank in the bucket (tagged update);
 *   bucketprefixoffset    8 x 128 threads: per bucket, the prefix sum over the blocks' counts;
 *   (host)                bucket sizes rounded up to whole float4s, their start offsets;
 *   bucketsort            the keys scattered to their buckets (the padding stays 0);
 *   mergeSortFirst        each float4 sorted in itself;
 *   mergeSortPass         log2 passes: every thread merges two sorted runs of float4s of its
 *                         bucket (runs of 2, 4, ... float4s) with the 4-wide merge network;
 *   mergepack             the padding dropped, the buckets packed into the sorted list.
 * The original reads the pivots and the float4 lists through textures and the bucket offsets
 * from constant memory; the runtime has global memory only, so those are global loads (a float4
 * fetch is four 4-byte loads, as is a float4 store; a fetch past the texture's end reads 0, as
 * tex1Dfetch does, without a load).
 *
 * Input: `./hybridsort r`: keys rand()/RAND_MAX, from the project's seeded PRNG; 2^18 keys (the
 * original's 2^22, sorted 4 times for timing, would trace far past the budget; the port sorts
 * once); o->scale divides the keys. Check: the sorted list against qsort of the keys (exact:
 * the same floats, the original's VERIFY check). */
#include <float.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"

#define HYS_LOG_DIVISIONS 10
#define HYS_DIVISIONS (1 << HYS_LOG_DIVISIONS)
#define HYS_BIN_COUNT 1024
#define HYS_HISTO_WARPS 3
#define HYS_HISTO_THREADS (HYS_HISTO_WARPS << 5)
#define HYS_HISTO_BLOCK_MEMORY (HYS_HISTO_WARPS * HYS_BIN_COUNT)
#define HYS_HISTO_BLOCKS 64
#define HYS_BUCKET_THREADS 32
#define HYS_BUCKET_BLOCK_MEMORY HYS_DIVISIONS
#define HYS_BUCKET_BAND 128
#define HYS_COUNT_MASK 0x07FFFFFFu

typedef struct {
    float x, y, z, w;
} hys_float4;

/* ---- bucket sort ----------------------------------------------------------------------------- */

typedef struct {
    simt_addr result, data;
    float minimum, maximum;
    int32_t n;
} hys_histo_args;

/* The tagged shared-memory increment of addData1024 / addOffset: lanes of one warp that hit
 * the same counter all write, the last write wins, the others see another tag and retry.
 * Leaves the count this lane wrote in *count. A macro, so that each use has its own sites. */
#define HYS_TAGGED_INCREMENT(off, tag, count)        \
    do {                                             \
        uint32_t seen_;                              \
        do {                                         \
            (count) = lds_u32(off) & HYS_COUNT_MASK; \
            (count) = (tag) | ((count) + 1);         \
            alu(3);                                  \
            sts_u32((off), (count));                 \
            seen_ = lds_u32(off);                    \
        } while (BR(seen_ != (count)));              \
    } while (0)

static void hys_histogram1024(simt_thread *t, const void *args) {
    const hys_histo_args *a = args;
    int32_t global_tid = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    int32_t num_threads = (int32_t)(blockDim.x * gridDim.x);
    uint32_t thread_tag = threadIdx.x << (32 - 5);
    uint32_t warp_base = (threadIdx.x >> 5) * HYS_BIN_COUNT;
    alu(6);
    for (uint32_t pos = threadIdx.x; BR(pos < HYS_HISTO_BLOCK_MEMORY); pos += blockDim.x) {
        sts_u32(4 * pos, 0);
    }
    syncthreads();
    for (int32_t pos = global_tid; BR(pos < a->n); pos += num_threads) {
        float v = ld_f32(ELEM_F32(a->data, pos));
        uint32_t data4 = (uint32_t)(((v - a->minimum) / (a->maximum - a->minimum)) * HYS_BIN_COUNT);
        alu(4);
        sfu(1);
        uint32_t count;
        HYS_TAGGED_INCREMENT(4 * (warp_base + (data4 & 0x3FFu)), thread_tag, count);
    }
    syncthreads();
    for (uint32_t pos = threadIdx.x; BR(pos < HYS_BIN_COUNT); pos += blockDim.x) {
        uint32_t sum = 0;
        for (uint32_t base = 0; base < HYS_HISTO_BLOCK_MEMORY; base += HYS_BIN_COUNT) {
            sum += lds_u32(4 * (base + pos)) & HYS_COUNT_MASK;
            alu(2);
        }
        atomic_add_u32(ELEM_U32(a->result, pos), sum);
    }
}

typedef struct {
    simt_addr input, indice, prefixoffsets, pivots;
    int32_t size;
} hys_count_args;

static void hys_bucketcount(simt_thread *t, const void *args) {
    const hys_count_args *a = args;
    uint32_t thread_tag = threadIdx.x << (32 - 5);
    uint32_t warp_base = (threadIdx.x >> 5) * HYS_DIVISIONS;
    int32_t num_threads = (int32_t)(blockDim.x * gridDim.x);
    alu(4);
    for (uint32_t i = threadIdx.x; BR(i < HYS_BUCKET_BLOCK_MEMORY); i += blockDim.x) {
        sts_u32(4 * i, 0);
    }
    syncthreads();
    for (int32_t tid = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x); BR(tid < a->size); tid += num_threads) {
        float elem = ld_f32(ELEM_F32(a->input, tid));
        int32_t idx = HYS_DIVISIONS / 2 - 1, jump = HYS_DIVISIONS / 4;
        float piv = ld_f32(ELEM_F32(a->pivots, idx));
        while (BR(jump >= 1)) {
            idx = elem < piv ? idx - jump : idx + jump;
            alu(3);
            piv = ld_f32(ELEM_F32(a->pivots, idx));
            jump /= 2;
        }
        idx = elem < piv ? idx : idx + 1;
        alu(2);
        uint32_t count;
        HYS_TAGGED_INCREMENT(4 * (warp_base + (uint32_t)idx), thread_tag, count);
        int32_t rank = (int32_t)(count & HYS_COUNT_MASK) - 1;
        alu(3);
        st_i32(ELEM_I32(a->indice, tid), (rank << HYS_LOG_DIVISIONS) + idx);
    }
    syncthreads();
    int32_t prefix_base = (int32_t)blockIdx.x * HYS_BUCKET_BLOCK_MEMORY;
    alu(1);
    for (uint32_t i = threadIdx.x; BR(i < HYS_BUCKET_BLOCK_MEMORY); i += blockDim.x) {
        uint32_t c = lds_u32(4 * i) & HYS_COUNT_MASK;
        alu(2);
        st_u32(ELEM_U32(a->prefixoffsets, prefix_base + (int32_t)i), c);
    }
}

typedef struct {
    simt_addr prefixoffsets, offsets;
    int32_t blocks;
} hys_prefix_args;

static void hys_bucketprefixoffset(simt_thread *t, const void *args) {
    const hys_prefix_args *a = args;
    int32_t tid = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    int32_t size = a->blocks * HYS_BUCKET_BLOCK_MEMORY;
    uint32_t sum = 0;
    alu(3);
    for (int32_t i = tid; BR(i < size); i += HYS_DIVISIONS) {
        uint32_t x = ld_u32(ELEM_U32(a->prefixoffsets, i));
        st_u32(ELEM_U32(a->prefixoffsets, i), sum);
        sum += x;
        alu(2);
    }
    st_u32(ELEM_U32(a->offsets, tid), sum);
}

typedef struct {
    simt_addr input, indice, output;
    int32_t size;
    simt_addr prefixoffsets, l_offsets;
} hys_sort_args;

static void hys_bucketsort(simt_thread *t, const void *args) {
    const hys_sort_args *a = args;
    int32_t prefix_base = (int32_t)blockIdx.x * HYS_BUCKET_BLOCK_MEMORY;
    uint32_t warp_base = (threadIdx.x >> 5) * HYS_DIVISIONS;
    int32_t num_threads = (int32_t)(blockDim.x * gridDim.x);
    alu(4);
    for (uint32_t i = threadIdx.x; BR(i < HYS_BUCKET_BLOCK_MEMORY); i += blockDim.x) {
        uint32_t l = ld_u32(ELEM_U32(a->l_offsets, i & (HYS_DIVISIONS - 1)));
        uint32_t p = ld_u32(ELEM_U32(a->prefixoffsets, prefix_base + (int32_t)i));
        alu(3);
        sts_u32(4 * i, l + p);
    }
    syncthreads();
    for (int32_t tid = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x); BR(tid < a->size); tid += num_threads) {
        float elem = ld_f32(ELEM_F32(a->input, tid));
        int32_t id = ld_i32(ELEM_I32(a->indice, tid));
        uint32_t off = lds_u32(4 * (warp_base + (uint32_t)(id & (HYS_DIVISIONS - 1))));
        alu(5);
        st_f32(ELEM_F32(a->output, (int64_t)off + (id >> HYS_LOG_DIVISIONS)), elem);
    }
}

/* ---- merge sort on float4 -------------------------------------------------------------------- */

static float hys_min(float a, float b) {
    return a > b ? b : a;
}

/* mergesort_kernel.cu's sortElem: a 4-element sorting network. */
static hys_float4 hys_sort_elem(hys_float4 r) {
    hys_float4 nr;
    nr.x = hys_min(r.x, r.y);
    nr.y = (r.y > r.x) ? r.y : r.x;
    nr.z = hys_min(r.z, r.w);
    nr.w = (r.w > r.z) ? r.w : r.z;
    r.x = hys_min(nr.x, nr.z);
    r.y = hys_min(nr.y, nr.w);
    r.z = (nr.z > nr.x) ? nr.z : nr.x;
    r.w = (nr.w > nr.y) ? nr.w : nr.y;
    nr.x = r.x;
    nr.y = hys_min(r.y, r.z);
    nr.z = (r.z > r.y) ? r.z : r.y;
    nr.w = r.w;
    return nr;
}

static hys_float4 hys_get_lowest(hys_float4 a, hys_float4 b) {
    a.x = (a.x < b.w) ? a.x : b.w;
    a.y = (a.y < b.z) ? a.y : b.z;
    a.z = (a.z < b.y) ? a.z : b.y;
    a.w = (a.w < b.x) ? a.w : b.x;
    return a;
}

static hys_float4 hys_get_highest(hys_float4 a, hys_float4 b) {
    b.x = (a.w >= b.x) ? a.w : b.x;
    b.y = (a.z >= b.y) ? a.z : b.y;
    b.z = (a.y >= b.z) ? a.y : b.z;
    b.w = (a.x >= b.w) ? a.x : b.w;
    return b;
}

/* A float4 texture fetch of element i of the list at base (texels = its length in float4s):
 * four loads, or zeros past the end, as tex1Dfetch returns. A macro: its own sites each use. */
#define HYS_FETCH4(dst, base, i, texels)                  \
    do {                                                  \
        if ((i) < (texels)) {                             \
            simt_addr p_ = (base) + 16u * (simt_addr)(i); \
            (dst).x = ld_f32(p_);                         \
            (dst).y = ld_f32(p_ + 4);                     \
            (dst).z = ld_f32(p_ + 8);                     \
            (dst).w = ld_f32(p_ + 12);                    \
        } else {                                          \
            (dst).x = (dst).y = (dst).z = (dst).w = 0.0f; \
        }                                                 \
    } while (0)

#define HYS_STORE4(base, i, v)                        \
    do {                                              \
        simt_addr p_ = (base) + 16u * (simt_addr)(i); \
        st_f32(p_, (v).x);                            \
        st_f32(p_ + 4, (v).y);                        \
        st_f32(p_ + 8, (v).z);                        \
        st_f32(p_ + 12, (v).w);                       \
    } while (0)

typedef struct {
    simt_addr tex, result;
    int32_t texels; /* the bound texture's length in float4s */
    int32_t nr_elems, threads_per_div;
    simt_addr start_addr, final_start_addr, null_elems; /* the original's __constant__ arrays */
} hys_merge_args;

static void hys_merge_sort_first(simt_thread *t, const void *args) {
    const hys_merge_args *a = args;
    int32_t i = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    alu(2);
    if (BR(i < a->texels)) {
        hys_float4 r;
        HYS_FETCH4(r, a->tex, i, a->texels);
        hys_float4 s = hys_sort_elem(r);
        alu(12);
        HYS_STORE4(a->result, i, s);
    }
}

static void hys_merge_sort_pass(simt_thread *t, const void *args) {
    const hys_merge_args *a = args;
    int32_t tid = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    int32_t division = tid / a->threads_per_div;
    alu(3);
    if (BR(division >= HYS_DIVISIONS)) {
        return;
    }
    int32_t int_tid = tid - division * a->threads_per_div;
    int32_t a_start = ld_i32(ELEM_I32(a->start_addr, division)) + int_tid * a->nr_elems;
    int32_t b_start = a_start + a->nr_elems / 2;
    int32_t end = ld_i32(ELEM_I32(a->start_addr, division + 1));
    alu(4);
    if (BR(a_start >= end)) {
        return;
    }
    if (BR(b_start >= end)) { /* a lone run: copied */
        for (int32_t i = 0; BR(i < end - a_start); i++) {
            hys_float4 v;
            HYS_FETCH4(v, a->tex, a_start + i, a->texels);
            HYS_STORE4(a->result, a_start + i, v);
        }
        return;
    }
    int32_t aidx = 0, bidx = 0, outidx = 0;
    hys_float4 va, vb;
    HYS_FETCH4(va, a->tex, a_start + aidx, a->texels);
    HYS_FETCH4(vb, a->tex, b_start + bidx, a->texels);
    for (;;) {
        hys_float4 next_a, next_b;
        HYS_FETCH4(next_a, a->tex, a_start + aidx + 1, a->texels);
        HYS_FETCH4(next_b, a->tex, b_start + bidx + 1, a->texels);
        hys_float4 na = hys_get_lowest(va, vb), nb = hys_get_highest(va, vb);
        va = hys_sort_elem(na);
        vb = hys_sort_elem(nb);
        alu(32);
        HYS_STORE4(a->result, a_start + outidx, va);
        outidx++;
        int left_a = aidx + 1 < a->nr_elems / 2;
        int left_b = (bidx + 1 < a->nr_elems / 2) && (b_start + bidx + 1 < end);
        alu(6);
        if (BR(left_a)) {
            if (BR(left_b)) {
                if (BR(next_a.x < next_b.x)) {
                    aidx += 1;
                    va = next_a;
                } else {
                    bidx += 1;
                    va = next_b;
                }
            } else {
                aidx += 1;
                va = next_a;
            }
        } else if (BR(left_b)) {
            bidx += 1;
            va = next_b;
        } else {
            break;
        }
    }
    HYS_STORE4(a->result, a_start + outidx, vb);
}

static void hys_mergepack(simt_thread *t, const void *args) {
    const hys_merge_args *a = args; /* tex: the merged list (orig), result: the packed list */
    int32_t idx = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    int32_t division = (int32_t)blockIdx.y;
    int32_t fstart = ld_i32(ELEM_I32(a->final_start_addr, division));
    int32_t fend = ld_i32(ELEM_I32(a->final_start_addr, division + 1));
    alu(3);
    if (BR(fstart + idx >= fend)) {
        return;
    }
    int32_t cstart = ld_i32(ELEM_I32(a->start_addr, division));
    int32_t nulls = ld_i32(ELEM_I32(a->null_elems, division));
    alu(4);
    float v = ld_f32(ELEM_F32(a->tex, cstart * 4 + nulls + idx));
    st_f32(ELEM_F32(a->result, fstart + idx), v);
}

/* ---- host ------------------------------------------------------------------------------------ */

/* bucketsort.cu's calcPivotPoints: walk the histogram, cutting a slice each listsize/divisions
 * keys (linear inside a bin). False where the original exits (more cuts than divisions). */
static bool hys_pivot_points(float *histogram, int32_t histosize, int32_t listsize, int32_t divisions, float min,
                             float *pivots, float histo_width) {
    float elems_per_slice = (float)listsize / (float)divisions;
    float starts_at = min, ends_at = min + histo_width, we_need = elems_per_slice;
    int32_t p_idx = 0;
    for (int32_t i = 0; i < histosize; i++) {
        if (i == histosize - 1) {
            if (!(p_idx < divisions)) {
                pivots[p_idx++] = starts_at + (we_need / histogram[i]) * histo_width;
            }
            break;
        }
        while (histogram[i] > we_need) {
            if (!(p_idx < divisions)) {
                fprintf(stderr, "hys: more than %d pivot points\n", (int)divisions);
                return false;
            }
            pivots[p_idx++] = starts_at + (we_need / histogram[i]) * histo_width;
            starts_at += (we_need / histogram[i]) * histo_width;
            histogram[i] -= we_need;
            we_need = elems_per_slice;
        }
        we_need -= histogram[i];
        starts_at = ends_at;
        ends_at += histo_width;
    }
    while (p_idx < divisions) {
        pivots[p_idx] = pivots[p_idx - 1];
        p_idx++;
    }
    return true;
}

static int hys_compare(const void *a, const void *b) {
    float x = *(const float *)a, y = *(const float *)b;
    return x < y ? -1 : x > y ? 1 : 0;
}

/* The bucket sort half of cudaSort: d_output gets the keys in 1024 buckets of whole float4s.
 * Fills sizes (float4s a bucket), nulls (padding a bucket) and orig_offsets (bucket starts in
 * the packed list). */
static bool hys_bucket_sort(simt_dev *d, simt_addr d_input, simt_addr d_output, int32_t n, float minimum,
                            float maximum, int32_t *sizes, int32_t *nulls, int32_t *orig_offsets) {
    uint32_t blocks = (uint32_t)((n - 1) / (HYS_BUCKET_THREADS * HYS_BUCKET_BAND) + 1);
    simt_addr d_offsets = simt_malloc(d, HYS_BIN_COUNT * 4, SIMT_UINT32, "d_offsets");
    simt_addr d_indice = simt_malloc(d, (size_t)n * 4, SIMT_INT32, "d_indice");
    simt_addr l_pivotpoints = simt_malloc(d, HYS_DIVISIONS * 4, SIMT_FLOAT32, "l_pivotpoints");
    simt_addr l_offsets = simt_malloc(d, HYS_DIVISIONS * 4, SIMT_UINT32, "l_offsets");
    simt_addr d_prefixoffsets = simt_malloc(d, (size_t)blocks * HYS_BUCKET_BLOCK_MEMORY * 4, SIMT_UINT32, "d_prefixoffsets");
    simt_addr d_result1024 = simt_malloc(d, HYS_BIN_COUNT * 4, SIMT_UINT32, "d_Result1024");
    uint32_t *h_offsets = kin_alloc(HYS_BIN_COUNT, sizeof *h_offsets);
    float *histogram = kin_alloc(HYS_BIN_COUNT, sizeof *histogram);
    float *pivots = kin_alloc(HYS_DIVISIONS, sizeof *pivots);

    simt_memset(d, d_offsets, 0, HYS_BIN_COUNT * 4);
    simt_memset(d, d_result1024, 0, HYS_BIN_COUNT * 4);
    hys_histo_args ha = {d_result1024, d_input, minimum, maximum, n};
    simt_launch(d, "histogram1024Kernel", hys_histogram1024, simt_dim(HYS_HISTO_BLOCKS, 1, 1),
                simt_dim(HYS_HISTO_THREADS, 1, 1), HYS_HISTO_BLOCK_MEMORY * 4, &ha);
    simt_memcpy_dtoh(d, h_offsets, d_result1024, HYS_BIN_COUNT * 4);
    for (int i = 0; i < HYS_BIN_COUNT; i++) {
        histogram[i] = (float)h_offsets[i];
    }
    bool ok = hys_pivot_points(histogram, HYS_BIN_COUNT, n, HYS_DIVISIONS, minimum, pivots,
                               (maximum - minimum) / (float)HYS_BIN_COUNT);
    if (ok) {
        simt_memcpy_htod(d, l_pivotpoints, pivots, HYS_DIVISIONS * 4);
        simt_memset(d, d_offsets, 0, HYS_DIVISIONS * 4);
        hys_count_args ca = {d_input, d_indice, d_prefixoffsets, l_pivotpoints, n};
        simt_launch(d, "bucketcount", hys_bucketcount, simt_dim(blocks, 1, 1), simt_dim(HYS_BUCKET_THREADS, 1, 1),
                    HYS_BUCKET_BLOCK_MEMORY * 4, &ca);
        hys_prefix_args pa = {d_prefixoffsets, d_offsets, (int32_t)blocks};
        simt_launch(d, "bucketprefixoffset", hys_bucketprefixoffset, simt_dim(HYS_DIVISIONS / 128, 1, 1),
                    simt_dim(128, 1, 1), 0, &pa);
        simt_memcpy_dtoh(d, h_offsets, d_offsets, HYS_DIVISIONS * 4);
        orig_offsets[0] = 0;
        for (int i = 0; i < HYS_DIVISIONS; i++) {
            orig_offsets[i + 1] = (int32_t)h_offsets[i] + orig_offsets[i];
            nulls[i] = (h_offsets[i] % 4) != 0 ? (int32_t)((h_offsets[i] & ~3u) + 4 - h_offsets[i]) : 0;
            sizes[i] = ((int32_t)h_offsets[i] + nulls[i]) / 4;
            if ((h_offsets[i] % 4) != 0) {
                h_offsets[i] = (h_offsets[i] & ~3u) + 4;
            }
        }
        for (int i = 1; i < HYS_DIVISIONS; i++) {
            h_offsets[i] = h_offsets[i - 1] + h_offsets[i];
        }
        for (int i = HYS_DIVISIONS - 1; i > 0; i--) {
            h_offsets[i] = h_offsets[i - 1];
        }
        h_offsets[0] = 0;
        simt_memcpy_htod(d, l_offsets, h_offsets, HYS_DIVISIONS * 4);
        simt_memset(d, d_output, 0, ((size_t)n + HYS_DIVISIONS * 4) * 4);
        hys_sort_args sa = {d_input, d_indice, d_output, n, d_prefixoffsets, l_offsets};
        simt_launch(d, "bucketsort", hys_bucketsort, simt_dim(blocks, 1, 1), simt_dim(HYS_BUCKET_THREADS, 1, 1),
                    HYS_BUCKET_BLOCK_MEMORY * 4, &sa);
    }
    free(h_offsets);
    free(histogram);
    free(pivots);
    return ok;
}

/* mergesort.cu's runMergeSort: returns the allocation holding the packed, sorted list. */
static simt_addr hys_merge_sort(simt_dev *d, int32_t listsize, simt_addr d_orig, simt_addr d_result,
                                const int32_t *sizes, const int32_t *nulls, const int32_t *orig_offsets) {
    int32_t *startaddr = kin_alloc(HYS_DIVISIONS + 1, sizeof *startaddr);
    int32_t largest = -1;
    for (int i = 1; i <= HYS_DIVISIONS; i++) {
        startaddr[i] = startaddr[i - 1] + sizes[i - 1];
        if (sizes[i - 1] > largest) {
            largest = sizes[i - 1];
        }
    }
    largest *= 4;
    simt_addr c_start = simt_malloc(d, (HYS_DIVISIONS + 1) * 4, SIMT_INT32, "constStartAddr");
    simt_addr c_final = simt_malloc(d, (HYS_DIVISIONS + 1) * 4, SIMT_INT32, "finalStartAddr");
    simt_addr c_nulls = simt_malloc(d, HYS_DIVISIONS * 4, SIMT_INT32, "nullElems");
    int32_t texels = listsize / 4;
    uint32_t threads = 256;
    uint32_t blocks =
        (uint32_t)(texels % (int32_t)threads == 0 ? texels / (int32_t)threads : texels / (int32_t)threads + 1);
    hys_merge_args ma = {d_orig, d_result, texels, 0, 0, c_start, c_final, c_nulls};
    simt_launch(d, "mergeSortFirst", hys_merge_sort_first, simt_dim(blocks, 1, 1), simt_dim(threads, 1, 1), 0, &ma);
    simt_memcpy_htod(d, c_start, startaddr, (HYS_DIVISIONS + 1) * 4);
    simt_memcpy_htod(d, c_final, orig_offsets, (HYS_DIVISIONS + 1) * 4);
    simt_memcpy_htod(d, c_nulls, nulls, HYS_DIVISIONS * 4);
    int32_t nr_elems = 2;
    for (;;) {
        int32_t floats_per_thread = nr_elems * 4;
        int32_t threads_per_div = (int32_t)ceil(largest / (float)floats_per_thread);
        int32_t needed = threads_per_div * HYS_DIVISIONS;
        threads = 208;
        uint32_t grid =
            (uint32_t)(needed % (int32_t)threads == 0 ? needed / (int32_t)threads : needed / (int32_t)threads + 1);
        if (grid < 8) {
            grid = 8;
            threads = (uint32_t)(needed % 8 == 0 ? needed / 8 : needed / 8 + 1);
        }
        simt_addr tmp = d_orig;
        d_orig = d_result;
        d_result = tmp;
        hys_merge_args pa = {d_orig, d_result, texels, nr_elems, threads_per_div, c_start, c_final, c_nulls};
        simt_launch(d, "mergeSortPass", hys_merge_sort_pass, simt_dim(grid, 1, 1), simt_dim(threads, 1, 1), 0, &pa);
        nr_elems *= 2;
        if (threads_per_div == 1) {
            break;
        }
    }
    threads = 256;
    uint32_t grid =
        (uint32_t)(largest % (int32_t)threads == 0 ? largest / (int32_t)threads : largest / (int32_t)threads + 1);
    hys_merge_args pk = {d_result, d_orig, texels, 0, 0, c_start, c_final, c_nulls};
    simt_launch(d, "mergepack", hys_mergepack, simt_dim(grid, HYS_DIVISIONS, 1), simt_dim(threads, 1, 1), 0, &pk);
    free(startaddr);
    return d_orig;
}

int app_hys(simt_dev *d, const simt_app_opts *o) {
    int32_t n = (int32_t)kin_scaled(o, 1u << 18, 4096);
    float *keys = kin_alloc((size_t)n, sizeof *keys), *out = kin_alloc((size_t)n, sizeof *out);
    float datamin = FLT_MAX, datamax = -FLT_MAX;
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (int32_t i = 0; i < n; i++) {
        keys[i] = kin_rand_unit_f32(&rng); /* rand() / RAND_MAX */
        datamin = keys[i] < datamin ? keys[i] : datamin;
        datamax = keys[i] > datamax ? keys[i] : datamax;
    }
    size_t mem = ((size_t)n + HYS_DIVISIONS * 4) * sizeof(float);
    simt_addr d_input = simt_malloc(d, mem, SIMT_FLOAT32, "d_input");
    simt_addr d_output = simt_malloc(d, mem, SIMT_FLOAT32, "d_output");
    simt_memcpy_htod(d, d_input, keys, (size_t)n * sizeof(float));
    int32_t *sizes = kin_alloc(HYS_DIVISIONS, sizeof *sizes), *nulls = kin_alloc(HYS_DIVISIONS, sizeof *nulls);
    int32_t *orig_offsets = kin_alloc(HYS_DIVISIONS + 1, sizeof *orig_offsets);
    int rc = 1;
    if (hys_bucket_sort(d, d_input, d_output, n, datamin, datamax, sizes, nulls, orig_offsets)) {
        int32_t listsize = 0;
        for (int i = 0; i < HYS_DIVISIONS; i++) {
            listsize += sizes[i] * 4;
        }
        simt_addr sorted = hys_merge_sort(d, listsize, d_output, d_input, sizes, nulls, orig_offsets);
        simt_memcpy_dtoh(d, out, sorted, (size_t)n * sizeof(float));
        qsort(keys, (size_t)n, sizeof *keys, hys_compare);
        rc = kin_check_f32("hys", out, keys, (size_t)n, 0, 0);
    }
    free(keys);
    free(out);
    free(sizes);
    free(nulls);
    free(orig_offsets);
    return rc;
}
