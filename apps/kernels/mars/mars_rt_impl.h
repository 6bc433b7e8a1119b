/* Mars' runtime on the SIMT runtime (mars_rt.h), included once by each Mars application
 * after its map and compare functions (see mars_rt.h). Kernels keep MarsLib.cu / MarsScan.cu /
 * MarsSort.cu's names and per-thread work; departures are noted where they occur. */
#ifndef NP_MARS_RT_IMPL_H
#define NP_MARS_RT_IMPL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mars_rt.h"

#define MARS_DEFAULT_DIMBLOCK 256
#define MARS_SCAN_THREADS 256 /* MarsScan: 256 threads, 512 elements a block */
#define MARS_SCAN_ELEMS (2 * MARS_SCAN_THREADS)
#define MARS_SORT_THREADS 256 /* NUM_THREADS_CHUNK */
#define MARS_BOUNDARY_THREADS 512
#define MARS_BOUNDARY_BLOCKS 512

/* ---- host: input records (AddMapInputRecord) ----------------------------------------- */

MARS_FN void mars_init(mars_spec *s, mars_map_fn map_count, mars_map_fn map, mars_cmp_fn compare,
               const void *user) {
    memset(s, 0, sizeof(*s));
    s->dim_block = MARS_DEFAULT_DIMBLOCK;
    s->recs_per_task = 1;
    s->map_count = map_count;
    s->map = map;
    s->compare = compare;
    s->user = user;
}

MARS_FN void mars_free(mars_spec *s) {
    free(s->in_keys);
    free(s->in_vals);
    free(s->in_offsets);
    free(s->ranges);
    memset(s, 0, sizeof(*s));
}

static void *mars_grow(void *p, int *cap, int need, size_t elem) {
    if (need <= *cap) {
        return p;
    }
    int n = *cap ? *cap : 64;
    while (n < need) {
        n *= 2;
    }
    void *q = realloc(p, elem * (size_t)n);
    if (!q) {
        fprintf(stderr, "mars: out of memory\n");
        exit(1);
    }
    *cap = n;
    return q;
}

MARS_FN void mars_add_input(mars_spec *s, const void *key, int key_size, const void *val, int val_size) {
    s->in_keys = mars_grow(s->in_keys, &s->key_cap, s->key_bytes + key_size, 1);
    s->in_vals = mars_grow(s->in_vals, &s->val_cap, s->val_bytes + val_size, 1);
    s->in_offsets = mars_grow(s->in_offsets, &s->in_cap, 4 * (s->in_count + 1), sizeof(int32_t));
    int32_t *o = &s->in_offsets[4 * s->in_count];
    o[0] = s->key_bytes;
    o[1] = key_size;
    o[2] = s->val_bytes;
    o[3] = val_size;
    memcpy(s->in_keys + s->key_bytes, key, (size_t)key_size);
    memcpy(s->in_vals + s->val_bytes, val, (size_t)val_size);
    s->key_bytes += key_size;
    s->val_bytes += val_size;
    s->in_count++;
}

/* ---- device: the emit functions ------------------------------------------------------- */

/* TID with BLOCK_ID = gridDim.y * blockIdx.x + blockIdx.y (THREAD_CONF keeps grid.y = 1). */
static int mars_tid(simt_thread *t) {
    alu(2);
    return (int)((gridDim.y * blockIdx.x + blockIdx.y) * blockDim.x + threadIdx.x);
}

MARS_FN uint32_t mars_out_buf(simt_thread *t, uint32_t offset) {
    alu(1);
    return threadIdx.x * 5u * 4u + offset;
}

MARS_FN void mars_emit_inter_count(simt_thread *t, const mars_map_ctx *c, int key_size, int val_size) {
    int index = mars_tid(t);
    simt_addr k = ELEM_I32(c->keys_per_task, index), v = ELEM_I32(c->vals_per_task, index);
    simt_addr n = ELEM_I32(c->count_per_task, index);
    alu(3);
    st_i32(k, ld_i32(k) + key_size);
    st_i32(v, ld_i32(v) + val_size);
    st_i32(n, ld_i32(n) + 1);
}

/* One byte of a source that is global memory or (shared) a shared-memory offset: shared
 * memory is read a 32-bit word at a time here (no byte loads from shared in the API). */
static uint8_t mars_src_byte(simt_thread *t, simt_addr src, int shared, int i) {
    if (shared) {
        uint32_t off = (uint32_t)src + (uint32_t)i;
        alu(2);
        return (uint8_t)(lds_u32(off & ~3u) >> (8u * (off & 3u)));
    }
    return ld_u8(src + (simt_addr)i);
}

/* EmitIntermediate. The original starts with a __syncthreads() that sits inside the
 * applications' data-dependent loops (threads emit different numbers of records, which CUDA
 * leaves undefined); it is left out. The previous record's int4 is read only when there is
 * one (the original also reads interOffsetSizes[-1] for a thread's first record). */
MARS_FN void mars_emit_intermediate(simt_thread *t, const mars_map_ctx *c, simt_addr key, int key_shared,
                            simt_addr val, int val_shared, int key_size, int val_size) {
    int index = mars_tid(t);
    int kv_x = ld_i32(c->kv_offsets + 8 * (simt_addr)index);
    int kv_y = ld_i32(c->kv_offsets + 8 * (simt_addr)index + 4);
    alu(4);
    simt_addr key_set = c->inter_keys + (simt_addr)(ld_i32(ELEM_I32(c->ps_key, index)) + kv_x);
    simt_addr val_set = c->inter_vals + (simt_addr)(ld_i32(ELEM_I32(c->ps_val, index)) + kv_y);
    for (int i = 0; BR(i < key_size); ++i) {
        st_u8(key_set + (simt_addr)i, mars_src_byte(t, key, key_shared, i));
    }
    for (int i = 0; BR(i < val_size); ++i) {
        st_u8(val_set + (simt_addr)i, mars_src_byte(t, val, val_shared, i));
    }
    alu(2);
    st_i32(c->kv_offsets + 8 * (simt_addr)index, kv_x + key_size);
    st_i32(c->kv_offsets + 8 * (simt_addr)index + 4, kv_y + val_size);
    int cur = ld_i32(ELEM_I32(c->cur_index, index));
    int ps = ld_i32(ELEM_I32(c->ps_count, index));
    alu(1);
    simt_addr rec = c->inter_offsets + 16 * (simt_addr)(cur + ps);
    int o_x = ld_i32(rec), o_z = ld_i32(rec + 8);
    if (BR(cur != 0)) {
        simt_addr prev = rec - 16;
        int p_x = ld_i32(prev), p_y = ld_i32(prev + 4), p_z = ld_i32(prev + 8), p_w = ld_i32(prev + 12);
        alu(2);
        o_x = p_x + p_y;
        o_z = p_z + p_w;
    }
    st_i32(rec, o_x);
    st_i32(rec + 4, key_size);
    st_i32(rec + 8, o_z);
    st_i32(rec + 12, val_size);
    alu(1);
    st_i32(ELEM_I32(c->cur_index, index), cur + 1);
}

/* ---- device: MapperCount and Mapper ----------------------------------------------------- */

typedef struct {
    mars_map_ctx ctx;
    mars_map_fn fn;
    simt_addr in_keys, in_vals, in_offsets;
    int record_num, recs_per_task, all_counts;
} mars_map_args;

/* The records of this thread: recordBase + tid, stepping by blockDim.x, as both kernels do. */
static void mars_map_records(simt_thread *t, const mars_map_args *a) {
    alu(4);
    int bid = (int)(gridDim.y * blockIdx.x + blockIdx.y);
    int record_base = bid * a->recs_per_task * (int)blockDim.x;
    int terminate = (bid + 1) * (a->recs_per_task * (int)blockDim.x);
    if (BR(terminate > a->record_num)) {
        terminate = a->record_num;
    }
    for (int i = record_base + (int)threadIdx.x; BR(i < terminate); i += (int)blockDim.x) {
        simt_addr o = a->in_offsets + 16 * (simt_addr)i; /* int4: four loads here */
        int key_off = ld_i32(o), key_size = ld_i32(o + 4);
        int val_off = ld_i32(o + 8), val_size = ld_i32(o + 12);
        a->fn(t, &a->ctx, a->in_keys + (simt_addr)key_off, a->in_vals + (simt_addr)val_off,
              key_size, val_size);
    }
}

static void mars_mapper_count(simt_thread *t, const void *args) {
    const mars_map_args *a = args;
    int index = mars_tid(t);
    alu(1);
    if (BR(index * a->recs_per_task >= a->record_num)) {
        return;
    }
    mars_map_records(t, a);
}

static void mars_mapper(simt_thread *t, const void *args) {
    const mars_map_args *a = args;
    int index = mars_tid(t);
    alu(1);
    if (BR(index * a->recs_per_task >= a->record_num)) {
        return;
    }
    int ps_counts = ld_i32(ELEM_I32(a->ctx.ps_count, index));
    /* A thread whose records emit nothing after the last emitting one has ps_counts ==
     * all_counts: the original writes one int4 past the buffer; here it is skipped. */
    if (BR(ps_counts < a->all_counts)) {
        simt_addr rec = a->ctx.inter_offsets + 16 * (simt_addr)ps_counts;
        st_i32(rec, ld_i32(ELEM_I32(a->ctx.ps_key, index)));
        st_i32(rec + 8, ld_i32(ELEM_I32(a->ctx.ps_val, index)));
    }
    mars_map_records(t, a);
}

/* ---- device: prefix sums (MarsScan's prescan + uniformAdd) ---------------------------- */

typedef struct {
    simt_addr in, out, sums, incr;
    int n, store_sum;
} mars_scan_args;

/* Blelloch scan of 512 ints per block in shared memory. MarsScan also pads the shared array
 * against bank conflicts; the padding is left out. The barrier of each sweep step comes after
 * the step rather than before it (same ordering of the shared-memory updates). */
static void mars_prescan(simt_thread *t, const void *args) {
    const mars_scan_args *a = args;
    int tid = (int)threadIdx.x;
    alu(3);
    int base = (int)blockIdx.x * MARS_SCAN_ELEMS, ai = tid, bi = tid + MARS_SCAN_THREADS;
    int va = 0, vb = 0;
    if (BR(base + ai < a->n)) {
        va = ld_i32(ELEM_I32(a->in, base + ai));
    }
    if (BR(base + bi < a->n)) {
        vb = ld_i32(ELEM_I32(a->in, base + bi));
    }
    sts_i32(4u * (uint32_t)ai, va);
    sts_i32(4u * (uint32_t)bi, vb);
    syncthreads();
    int offset = 1;
    for (int d = MARS_SCAN_ELEMS >> 1; BR(d > 0); d >>= 1) { /* up-sweep */
        if (BR(tid < d)) {
            alu(4);
            int x = offset * (2 * tid + 1) - 1, y = offset * (2 * tid + 2) - 1;
            sts_i32(4u * (uint32_t)y, lds_i32(4u * (uint32_t)y) + lds_i32(4u * (uint32_t)x));
        }
        offset *= 2;
        syncthreads();
    }
    if (BR(tid == 0)) {
        if (BR(a->store_sum)) {
            st_i32(ELEM_I32(a->sums, blockIdx.x), lds_i32(4u * (MARS_SCAN_ELEMS - 1)));
        }
        sts_i32(4u * (MARS_SCAN_ELEMS - 1), 0);
    }
    syncthreads();
    for (int d = 1; BR(d < MARS_SCAN_ELEMS); d *= 2) { /* down-sweep */
        offset >>= 1;
        if (BR(tid < d)) {
            alu(4);
            int x = offset * (2 * tid + 1) - 1, y = offset * (2 * tid + 2) - 1;
            int tx = lds_i32(4u * (uint32_t)x), ty = lds_i32(4u * (uint32_t)y);
            sts_i32(4u * (uint32_t)x, ty);
            sts_i32(4u * (uint32_t)y, ty + tx);
        }
        syncthreads();
    }
    if (BR(base + ai < a->n)) {
        st_i32(ELEM_I32(a->out, base + ai), lds_i32(4u * (uint32_t)ai));
    }
    if (BR(base + bi < a->n)) {
        st_i32(ELEM_I32(a->out, base + bi), lds_i32(4u * (uint32_t)bi));
    }
}

static void mars_uniform_add(simt_thread *t, const void *args) {
    const mars_scan_args *a = args;
    alu(2);
    int i = (int)(blockIdx.x * MARS_SCAN_ELEMS + threadIdx.x);
    int add = ld_i32(ELEM_I32(a->incr, blockIdx.x));
    for (int k = 0; k < 2; k++, i += MARS_SCAN_THREADS) {
        if (BR(i < a->n)) {
            alu(1);
            st_i32(ELEM_I32(a->out, i), ld_i32(ELEM_I32(a->out, i)) + add);
        }
    }
}

/* prescanArrayRecursive: scan the blocks, scan their sums, add them back. */
static void mars_scan_recursive(simt_dev *d, simt_addr in, simt_addr out, int n) {
    int blocks = (n + MARS_SCAN_ELEMS - 1) / MARS_SCAN_ELEMS;
    mars_scan_args a = {in, out, 0, 0, n, blocks > 1};
    if (blocks > 1) {
        a.sums = simt_malloc(d, sizeof(int32_t) * (size_t)blocks, SIMT_INT32, "g_scanBlockSums");
    }
    simt_launch(d, "prescan", mars_prescan, simt_dim((uint32_t)blocks, 1, 1),
                simt_dim(MARS_SCAN_THREADS, 1, 1), sizeof(int32_t) * MARS_SCAN_ELEMS, &a);
    if (blocks > 1) {
        a.incr = simt_malloc(d, sizeof(int32_t) * (size_t)blocks, SIMT_INT32, "g_scanBlockSums_scanned");
        mars_scan_recursive(d, a.sums, a.incr, blocks);
        simt_launch(d, "uniformAdd", mars_uniform_add, simt_dim((uint32_t)blocks, 1, 1),
                    simt_dim(MARS_SCAN_THREADS, 1, 1), 0, &a);
    }
}

MARS_FN int mars_prefix_sum(simt_dev *d, simt_addr in, simt_addr out, int n) {
    int32_t last_in, last_out;
    mars_scan_recursive(d, in, out, n);
    simt_memcpy_dtoh(d, &last_in, ELEM_I32(in, n - 1), sizeof(last_in));
    simt_memcpy_dtoh(d, &last_out, ELEM_I32(out, n - 1), sizeof(last_out));
    return last_in + last_out;
}

/* ---- host: startMap --------------------------------------------------------------------- */

static simt_addr mars_zeroed(simt_dev *d, size_t bytes, simt_type type, const char *name) {
    simt_addr a = simt_malloc(d, bytes ? bytes : 4, type, name);
    simt_memset(d, a, 0, bytes ? bytes : 4);
    return a;
}

MARS_FN int mars_map(simt_dev *d, mars_spec *s) {
    mars_map_args a;
    memset(&a, 0, sizeof(a));
    a.ctx.user = s->user;
    a.record_num = s->in_count;
    a.recs_per_task = s->recs_per_task;
    a.in_keys = simt_malloc(d, (size_t)s->key_bytes, SIMT_MIXED, "d_inputKeys");
    a.in_vals = simt_malloc(d, (size_t)s->val_bytes, SIMT_MIXED, "d_inputVals");
    a.in_offsets = simt_malloc(d, 16 * (size_t)s->in_count, SIMT_INT32, "d_inputOffsetSizes");
    simt_memcpy_htod(d, a.in_keys, s->in_keys, (size_t)s->key_bytes);
    simt_memcpy_htod(d, a.in_vals, s->in_vals, (size_t)s->val_bytes);
    simt_memcpy_htod(d, a.in_offsets, s->in_offsets, 16 * (size_t)s->in_count);
    int tasks = (s->in_count + s->recs_per_task - 1) / s->recs_per_task;
    int blocks = (tasks + s->dim_block - 1) / s->dim_block;
    int threads = blocks * s->dim_block; /* h_actualNumThreads */
    simt_dim3 grid = simt_dim((uint32_t)blocks, 1, 1), block = simt_dim((uint32_t)s->dim_block, 1, 1);
    size_t per_thread = sizeof(int32_t) * (size_t)threads;

    a.ctx.keys_per_task = mars_zeroed(d, per_thread, SIMT_INT32, "d_interKeysSizePerTask");
    a.ctx.vals_per_task = mars_zeroed(d, per_thread, SIMT_INT32, "d_interValsSizePerTask");
    a.ctx.count_per_task = mars_zeroed(d, per_thread, SIMT_INT32, "d_interCountPerTask");
    a.fn = s->map_count;
    simt_launch(d, "MapperCount", mars_mapper_count, grid, block, 0, &a);

    a.ctx.ps_key = simt_malloc(d, per_thread, SIMT_INT32, "d_psKeySizes");
    int all_key = mars_prefix_sum(d, a.ctx.keys_per_task, a.ctx.ps_key, threads);
    a.ctx.ps_val = simt_malloc(d, per_thread, SIMT_INT32, "d_psValSizes");
    int all_val = mars_prefix_sum(d, a.ctx.vals_per_task, a.ctx.ps_val, threads);
    a.ctx.ps_count = simt_malloc(d, per_thread, SIMT_INT32, "d_psCounts");
    int all_counts = mars_prefix_sum(d, a.ctx.count_per_task, a.ctx.ps_count, threads);
    s->inter_count = all_counts;
    s->inter_key_bytes = all_key;
    s->inter_val_bytes = all_val;
    if (all_counts == 0) {
        return 1; /* "** No output." */
    }
    a.ctx.inter_keys = mars_zeroed(d, (size_t)all_key, SIMT_MIXED, "d_interKeys");
    a.ctx.inter_vals = mars_zeroed(d, (size_t)all_val, SIMT_MIXED, "d_interVals");
    a.ctx.inter_offsets = mars_zeroed(d, 16 * (size_t)all_counts, SIMT_INT32, "d_interOffsetSizes");
    a.ctx.kv_offsets = mars_zeroed(d, 8 * (size_t)threads, SIMT_INT32, "d_keyValOffsets");
    a.ctx.cur_index = mars_zeroed(d, per_thread, SIMT_INT32, "d_curIndex");
    a.all_counts = all_counts;
    a.fn = s->map;
    simt_launch(d, "Mapper", mars_mapper, grid, block, sizeof(int32_t) * 5 * (size_t)s->dim_block, &a);
    s->inter_keys = a.ctx.inter_keys;
    s->inter_vals = a.ctx.inter_vals;
    s->inter_offsets = a.ctx.inter_offsets;
    return 0;
}

/* ---- device + host: startGroup (sort_GPU) ------------------------------------------------ */

typedef struct {
    simt_addr raw, r, start, sum, boundary, range;
    int num_records, k, j, r_len, start_pos, num_key;
    mars_cmp_fn compare;
    const void *user;
} mars_sort_args;

/* getCompareValue: records with key offset -1 (the padding) sort first. */
static int mars_compare_value(simt_thread *t, const mars_sort_args *a, int x1, int y1, int x2, int y2) {
    if (BR(x1 == -1) || BR(x2 == -1)) {
        if (BR(x1 == x2)) {
            return 0;
        }
        return BR(x1 == -1) ? -1 : 1;
    }
    return a->compare(t, a->user, a->raw + (simt_addr)x1, y1, a->raw + (simt_addr)x2, y2);
}

static void mars_bitonic_kernel(simt_thread *t, const void *args) {
    const mars_sort_args *a = args;
    alu(4);
    int data_idx = (int)(blockIdx.y * gridDim.x * blockDim.x + blockIdx.x * blockDim.x + threadIdx.x);
    int ixj = data_idx ^ a->j;
    if (BR(ixj > data_idx)) {
        simt_addr pr = a->r + 16 * (simt_addr)data_idx, pi = a->r + 16 * (simt_addr)ixj;
        int32_t r[4], x[4];
        for (int q = 0; q < 4; q++) { /* cmp_type_t (int4) */
            r[q] = ld_i32(pr + 4 * (simt_addr)q);
        }
        for (int q = 0; q < 4; q++) {
            x[q] = ld_i32(pi + 4 * (simt_addr)q);
        }
        alu(1);
        int cmp = mars_compare_value(t, a, r[0], r[1], x[0], x[1]);
        if (BR((data_idx & a->k) == 0) ? BR(cmp == 1) : BR(cmp == -1)) {
            for (int q = 0; q < 4; q++) {
                st_i32(pr + 4 * (simt_addr)q, x[q]);
            }
            for (int q = 0; q < 4; q++) {
                st_i32(pi + 4 * (simt_addr)q, r[q]);
            }
        }
    }
}

static int mars_result_id(simt_thread *t) {
    alu(3);
    return (int)((blockIdx.x + blockIdx.y * gridDim.x) * blockDim.x + threadIdx.x + threadIdx.y * blockDim.x);
}

static void mars_get_chunk_boundary(simt_thread *t, const void *args) {
    const mars_sort_args *a = args;
    int pos = a->start_pos + mars_result_id(t);
    if (BR(pos < a->r_len)) {
        int result = 0;
        if (BR(pos == 0)) {
            result = 1;
        } else {
            simt_addr cur = a->r + 16 * (simt_addr)pos, left = cur - 16;
            int cx = ld_i32(cur), cy = ld_i32(cur + 4), lx = ld_i32(left), ly = ld_i32(left + 4);
            if (BR(mars_compare_value(t, a, cx, cy, lx, ly) != 0)) {
                result = 1;
            }
        }
        st_i32(ELEM_I32(a->start, pos), result);
    }
}

static void mars_write_boundary(simt_thread *t, const void *args) {
    const mars_sort_args *a = args;
    int pos = a->start_pos + mars_result_id(t);
    if (BR(pos < a->r_len)) {
        int flag = ld_i32(ELEM_I32(a->start, pos));
        int write_pos = ld_i32(ELEM_I32(a->sum, pos));
        if (BR(flag == 1)) {
            st_i32(ELEM_I32(a->boundary, write_pos), pos);
        }
    }
}

static void mars_set_boundary_int2(simt_thread *t, const void *args) {
    const mars_sort_args *a = args;
    int pos = a->start_pos + mars_result_id(t);
    if (BR(pos < a->num_key)) {
        int x = ld_i32(ELEM_I32(a->boundary, pos)), y = a->r_len;
        if (BR(pos + 1 != a->num_key)) {
            y = ld_i32(ELEM_I32(a->boundary, pos + 1));
        }
        st_i32(a->range + 8 * (simt_addr)pos, x);
        st_i32(a->range + 8 * (simt_addr)pos + 4, y);
    }
}

/* bitonicSortGPU's global-memory path (MarsSort.cu, 256 < rLen <= 256K): pad to a power of two
 * (at least 256) with (-1, -1) records, one bitonicKernel launch per (k, j), keep the last
 * rLen records. Mars sorts up to 256 records in one block's shared memory and more than 256K
 * in chunks; here every size takes the global path. The device-to-device copies go through
 * the host. copyChunks (re-packing keys and values in sorted order) is not ported: the groups
 * index the sorted records, which point into the unsorted key and value buffers. */
static void mars_bitonic_sort(simt_dev *d, mars_sort_args *a, int r_len) {
    int n = MARS_SORT_THREADS;
    while (n < r_len) {
        n *= 2;
    }
    int32_t *host = kin_alloc((size_t)n * 4, sizeof(int32_t));
    for (int i = 0; i < n * 4; i++) {
        host[i] = -1;
    }
    simt_memcpy_dtoh(d, host, a->r, 16 * (size_t)r_len);
    simt_addr padded = simt_malloc(d, 16 * (size_t)n, SIMT_INT32, "d_R");
    simt_memcpy_htod(d, padded, host, 16 * (size_t)n);
    simt_addr sorted = a->r;
    a->r = padded;
    a->num_records = n;
    for (int k = 2; k <= n; k *= 2) {
        for (int j = k / 2; j > 0; j /= 2) {
            a->k = k;
            a->j = j;
            simt_launch(d, "bitonicKernel", mars_bitonic_kernel, simt_dim((uint32_t)(n / MARS_SORT_THREADS), 1, 1),
                        simt_dim(MARS_SORT_THREADS, 1, 1), 0, a);
        }
    }
    simt_memcpy_dtoh(d, host, padded + 16 * (simt_addr)(n - r_len), 16 * (size_t)r_len);
    simt_memcpy_htod(d, sorted, host, 16 * (size_t)r_len);
    a->r = sorted;
    free(host);
}

/* getChunkBoundary: flag the first record of each key, scan the flags, write the group
 * starts, then the [start, end) ranges; launches of 512 x 512 threads per 256K records. */
static void mars_chunk_boundary(simt_dev *d, mars_sort_args *a, mars_spec *s) {
    const int chunk = MARS_BOUNDARY_BLOCKS * MARS_BOUNDARY_THREADS;
    simt_dim3 grid = simt_dim(MARS_BOUNDARY_BLOCKS, 1, 1), block = simt_dim(MARS_BOUNDARY_THREADS, 1, 1);
    a->start = simt_malloc(d, sizeof(int32_t) * (size_t)a->r_len, SIMT_INT32, "d_startArray");
    for (a->start_pos = 0; a->start_pos < a->r_len; a->start_pos += chunk) {
        simt_launch(d, "getChunkBoundary_kernel", mars_get_chunk_boundary, grid, block, 0, a);
    }
    a->sum = simt_malloc(d, sizeof(int32_t) * (size_t)a->r_len, SIMT_INT32, "d_startSumArray");
    int groups = mars_prefix_sum(d, a->start, a->sum, a->r_len);
    a->boundary = simt_malloc(d, sizeof(int32_t) * (size_t)groups, SIMT_INT32, "d_boundary");
    for (a->start_pos = 0; a->start_pos < a->r_len; a->start_pos += chunk) {
        simt_launch(d, "writeBoundary_kernel", mars_write_boundary, grid, block, 0, a);
    }
    a->range = simt_malloc(d, 8 * (size_t)groups, SIMT_INT32, "d_outputKeyListRange");
    a->num_key = groups;
    for (a->start_pos = 0; a->start_pos < groups; a->start_pos += chunk) {
        simt_launch(d, "setBoundaryInt2_kernel", mars_set_boundary_int2, grid, block, 0, a);
    }
    s->groups = groups;
    s->d_ranges = a->range;
    s->ranges = kin_alloc((size_t)groups * 2, sizeof(int32_t));
    simt_memcpy_dtoh(d, s->ranges, a->range, 8 * (size_t)groups);
}

MARS_FN void mars_group(simt_dev *d, mars_spec *s) {
    mars_sort_args a;
    memset(&a, 0, sizeof(a));
    a.raw = s->inter_keys;
    a.r = s->inter_offsets;
    a.r_len = s->inter_count;
    a.compare = s->compare;
    a.user = s->user;
    mars_bitonic_sort(d, &a, s->inter_count);
    mars_chunk_boundary(d, &a, s);
}

/* ---- device + host: startReduce -------------------------------------------------------- */

typedef struct {
    mars_map_ctx ctx;
    mars_reduce_fn fn;
    simt_addr inter_keys, inter_vals, inter_offsets, ranges;
    int record_num, recs_per_task, all_counts;
} mars_reduce_args;

/* The groups of this thread, as ReducerCount and Reducer walk them. */
static void mars_reduce_groups(simt_thread *t, const mars_reduce_args *a) {
    alu(4);
    int bid = (int)(gridDim.y * blockIdx.x + blockIdx.y);
    int record_base = bid * a->recs_per_task * (int)blockDim.x;
    int terminate = (bid + 1) * (a->recs_per_task * (int)blockDim.x);
    if (BR(terminate > a->record_num)) {
        terminate = a->record_num;
    }
    for (int i = record_base + (int)threadIdx.x; BR(i < terminate); i += (int)blockDim.x) {
        int first = ld_i32(a->ranges + 8 * (simt_addr)i), end = ld_i32(a->ranges + 8 * (simt_addr)i + 4);
        simt_addr rec = a->inter_offsets + 16 * (simt_addr)first;
        int key_size = ld_i32(rec + 4);
        alu(3);
        simt_addr key = a->inter_keys + (simt_addr)ld_i32(rec);
        simt_addr vals = a->inter_vals + (simt_addr)ld_i32(rec + 8);
        a->fn(t, &a->ctx, key, vals, key_size, end - first);
    }
}

static void mars_reducer_count(simt_thread *t, const void *args) {
    const mars_reduce_args *a = args;
    int index = mars_tid(t);
    alu(1);
    if (BR(index * a->recs_per_task >= a->record_num)) {
        return;
    }
    mars_reduce_groups(t, a);
}

static void mars_reducer(simt_thread *t, const void *args) {
    const mars_reduce_args *a = args;
    int index = mars_tid(t);
    alu(1);
    if (BR(index * a->recs_per_task >= a->record_num)) {
        return;
    }
    int ps_counts = ld_i32(ELEM_I32(a->ctx.ps_count, index));
    if (BR(ps_counts < a->all_counts)) { /* as in Mapper */
        simt_addr rec = a->ctx.inter_offsets + 16 * (simt_addr)ps_counts;
        st_i32(rec, ld_i32(ELEM_I32(a->ctx.ps_key, index)));
        st_i32(rec + 8, ld_i32(ELEM_I32(a->ctx.ps_val, index)));
    }
    mars_reduce_groups(t, a);
}

MARS_FN void mars_reduce(simt_dev *d, mars_spec *s) {
    mars_reduce_args a;
    memset(&a, 0, sizeof(a));
    a.ctx.user = s->user;
    a.inter_keys = s->inter_keys;
    a.inter_vals = s->inter_vals;
    a.inter_offsets = s->inter_offsets;
    a.ranges = s->d_ranges;
    a.record_num = s->groups;
    a.recs_per_task = s->recs_per_task;
    int tasks = (s->groups + s->recs_per_task - 1) / s->recs_per_task;
    int blocks = (tasks + s->dim_block - 1) / s->dim_block;
    int threads = blocks * s->dim_block;
    simt_dim3 grid = simt_dim((uint32_t)blocks, 1, 1), block = simt_dim((uint32_t)s->dim_block, 1, 1);
    size_t per_thread = sizeof(int32_t) * (size_t)threads;
    a.ctx.keys_per_task = mars_zeroed(d, per_thread, SIMT_INT32, "d_outputKeysSizePerTask");
    a.ctx.vals_per_task = mars_zeroed(d, per_thread, SIMT_INT32, "d_outputValsSizePerTask");
    a.ctx.count_per_task = mars_zeroed(d, per_thread, SIMT_INT32, "d_outputCountPerTask");
    a.fn = s->reduce_count;
    simt_launch(d, "ReducerCount", mars_reducer_count, grid, block, 0, &a);
    a.ctx.ps_key = simt_malloc(d, per_thread, SIMT_INT32, "d_psKeySizes");
    s->out_key_bytes = mars_prefix_sum(d, a.ctx.keys_per_task, a.ctx.ps_key, threads);
    a.ctx.ps_val = simt_malloc(d, per_thread, SIMT_INT32, "d_psValSizes");
    s->out_val_bytes = mars_prefix_sum(d, a.ctx.vals_per_task, a.ctx.ps_val, threads);
    a.ctx.ps_count = simt_malloc(d, per_thread, SIMT_INT32, "d_psCounts");
    s->out_count = mars_prefix_sum(d, a.ctx.count_per_task, a.ctx.ps_count, threads);
    a.ctx.inter_keys = mars_zeroed(d, (size_t)s->out_key_bytes, SIMT_MIXED, "d_outputKeys");
    a.ctx.inter_vals = mars_zeroed(d, (size_t)s->out_val_bytes, SIMT_MIXED, "d_outputVals");
    a.ctx.inter_offsets = mars_zeroed(d, 16 * (size_t)s->out_count, SIMT_INT32, "d_outputOffsetSizes");
    a.ctx.kv_offsets = mars_zeroed(d, 8 * (size_t)threads, SIMT_INT32, "d_keyValOffsets");
    a.ctx.cur_index = mars_zeroed(d, per_thread, SIMT_INT32, "d_curIndex");
    a.all_counts = s->out_count;
    a.fn = s->reduce;
    simt_launch(d, "Reducer", mars_reducer, grid, block, sizeof(int32_t) * 5 * (size_t)s->dim_block, &a);
    s->out_keys = a.ctx.inter_keys;
    s->out_vals = a.ctx.inter_vals;
    s->out_offsets = a.ctx.inter_offsets;
}

MARS_FN void mars_output_to_input(simt_dev *d, mars_spec *s) {
    free(s->in_keys);
    free(s->in_vals);
    free(s->in_offsets);
    free(s->ranges);
    s->ranges = NULL;
    s->in_keys = kin_alloc((size_t)s->out_key_bytes, 1);
    s->in_vals = kin_alloc((size_t)s->out_val_bytes, 1);
    s->in_offsets = kin_alloc((size_t)s->out_count * 4, sizeof(int32_t));
    simt_memcpy_dtoh(d, s->in_keys, s->out_keys, (size_t)s->out_key_bytes);
    simt_memcpy_dtoh(d, s->in_vals, s->out_vals, (size_t)s->out_val_bytes);
    simt_memcpy_dtoh(d, s->in_offsets, s->out_offsets, 16 * (size_t)s->out_count);
    s->key_bytes = s->key_cap = s->out_key_bytes;
    s->val_bytes = s->val_cap = s->out_val_bytes;
    s->in_count = s->out_count;
    s->in_cap = 4 * s->out_count;
}

#endif
