/* The Mars MapReduce runtime (Mars, He et al., PACT 2008; wenbinf/Mars MarsLib.cu,
 * MarsScan.cu, MarsSort.cu), ported onto the SIMT runtime for the Mars applications:
 * map (MapperCount, prefix sums of the per-thread output sizes, Mapper writing into the
 * summed offsets) and group (bitonic sort of the intermediate records by key, then the key
 * boundaries). Records are {key offset, key size, value offset, value size} (Mars' int4). */
#ifndef NP_MARS_RT_H
#define NP_MARS_RT_H

#include "kernels.h"

/* Every Mars application includes mars_rt_impl.h once, after its map and compare functions:
 * the runtime's kernels call those functions, and the SIMT runtime numbers instruction sites
 * per translation unit (__COUNTER__), so kernels and callbacks must share one unit. */
#define MARS_FN static __attribute__((unused))

/* The device buffers a map function's emits write (Mars' MAP_COUNT_FUNC / MAP_FUNC args). */
typedef struct {
    simt_addr keys_per_task, vals_per_task, count_per_task; /* MapperCount */
    simt_addr ps_key, ps_val, ps_count, kv_offsets, inter_keys, inter_vals, inter_offsets,
        cur_index;                                          /* Mapper */
    const void *user;                                       /* the application's constants */
} mars_map_ctx;

/* A map (or map-count) function: one input record, key/val are device addresses. */
typedef void (*mars_map_fn)(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val,
                            int key_size, int val_size);
/* A reduce (or reduce-count) function: one key group, key/vals are device addresses of the
 * group's first record (its values follow through the sorted records). */
typedef void (*mars_reduce_fn)(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr vals,
                               int key_size, int val_count);
/* The application's compare (compare.cu): <0, 0, >0 like strcmp, on device keys. */
typedef int (*mars_cmp_fn)(simt_thread *t, const void *user, simt_addr a, int len_a, simt_addr b,
                           int len_b);

typedef struct {
    /* map input, built on the host by mars_add_input (AddMapInputRecord) */
    uint8_t *in_keys, *in_vals;
    int32_t *in_offsets; /* 4 per record */
    int in_count, in_cap, key_bytes, val_bytes, key_cap, val_cap;
    int dim_block, recs_per_task; /* DEFAULT_DIMBLOCK 256, DEFAULT_NUMTASK 1 */
    mars_map_fn map_count, map;
    mars_cmp_fn compare;
    mars_reduce_fn reduce_count, reduce; /* MAP_REDUCE only */
    const void *user;
    /* map output (device), then sorted by mars_group */
    simt_addr inter_keys, inter_vals, inter_offsets;
    int inter_count, inter_key_bytes, inter_val_bytes;
    /* mars_group: the key groups as [first, end) record ranges (host) */
    int32_t *ranges;
    simt_addr d_ranges;
    int groups;
    /* mars_reduce's output (device) */
    simt_addr out_keys, out_vals, out_offsets;
    int out_count, out_key_bytes, out_val_bytes;
} mars_spec;

MARS_FN void mars_init(mars_spec *s, mars_map_fn map_count, mars_map_fn map, mars_cmp_fn compare,
               const void *user);
MARS_FN void mars_free(mars_spec *s);
MARS_FN void mars_add_input(mars_spec *s, const void *key, int key_size, const void *val, int val_size);

/* startMap: 0, or 1 when the map emitted nothing (Mars' "No output"). */
MARS_FN int mars_map(simt_dev *d, mars_spec *s);
/* startGroup: sorts the intermediate records by key and finds the groups. */
MARS_FN void mars_group(simt_dev *d, mars_spec *s);

/* startReduce: ReducerCount, prefix sums, Reducer over the groups (after mars_group). */
MARS_FN void mars_reduce(simt_dev *d, mars_spec *s);
/* The next MapReduce's input is this one's output (PageViewCount's second pass). */
MARS_FN void mars_output_to_input(simt_dev *d, mars_spec *s);

/* Device side, for the applications' map and reduce functions (EMIT_COUNT_FUNC / EMIT_FUNC
 * of a reduce are the same two calls on the reduce's buffers). */
MARS_FN void mars_emit_inter_count(simt_thread *t, const mars_map_ctx *c, int key_size, int val_size);
/* Copies key_size bytes from key and val_size from val (global addresses, or shared-memory
 * offsets when *_shared) into the intermediate buffers (EmitIntermediate). */
MARS_FN void mars_emit_intermediate(simt_thread *t, const mars_map_ctx *c, simt_addr key, int key_shared,
                            simt_addr val, int val_shared, int key_size, int val_size);
/* GET_OUTPUT_BUF(offset): this thread's 20 bytes of the Mapper's shared memory. */
MARS_FN uint32_t mars_out_buf(simt_thread *t, uint32_t offset);

/* prefexSum: exclusive scan of n ints on the device, returns their total. */
MARS_FN int mars_prefix_sum(simt_dev *d, simt_addr in, simt_addr out, int n);

#endif
