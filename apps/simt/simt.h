/* SIMT runtime: CUDA-style kernels written in C, run as warps of 32 threads, traced in
 * Accel-Sim's format (docs/kernels.md; the kernel-facing API is /work/simt-api.md's, issue 25).
 *
 * A kernel is `static void k(simt_thread *t, const void *args)`. Every device operation below is
 * a macro that uses the parameter `t` and names its static instruction site (__COUNTER__, i.e.
 * source order within the file, plus __LINE__). Each thread is a coroutine: an operation yields
 * to the warp scheduler, which issues one warp instruction per site with the mask of the
 * threads waiting there (min-PC reconvergence, docs/kernels.md) and then resumes exactly those
 * threads, which perform the operation (a load reads, a store writes, an atomic updates, lane
 * by lane) and run on to their next operation. Plain C between two operations is per-thread
 * private work and costs no instruction; say what it costs with alu()/sfu(). */
#ifndef SIMT_H
#define SIMT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define SIMT_WARP 32u
#define SIMT_MAX_BLOCK 1024u

typedef uint64_t simt_addr; /* a device byte address (simt_malloc's address space) */

typedef struct {
    uint32_t x, y, z;
} simt_dim3;

typedef struct simt_dev simt_dev;
typedef struct simt_thread simt_thread;
typedef void (*simt_kernel_fn)(simt_thread *t, const void *args);

/* What a warp instruction is (the runtime's classes; docs/kernels.md maps them to SASS and to
 * npsim's OP_* classes). */
typedef enum {
    SIMT_OP_LDG = 0, /* global load */
    SIMT_OP_STG,     /* global store */
    SIMT_OP_ATOMG,   /* global atomic (returns the old value) */
    SIMT_OP_LDS,     /* shared load */
    SIMT_OP_STS,     /* shared store */
    SIMT_OP_ATOMS,   /* shared atomic */
    SIMT_OP_BRA,     /* data-dependent branch (BR) */
    SIMT_OP_ALU,     /* alu(n) */
    SIMT_OP_SFU,     /* sfu(n) */
    SIMT_OP_BAR,     /* syncthreads */
    SIMT_OP_EXIT,    /* the thread returned from the kernel function */
    SIMT_OP_KINDS
} simt_op;

/* The public part of a thread; the builtins read it. The runtime owns everything else. */
struct simt_thread {
    simt_dim3 thread_idx, block_idx, block_dim, grid_dim;
    struct simt_lane *lane; /* runtime-private */
};

#define threadIdx (t->thread_idx)
#define blockIdx (t->block_idx)
#define blockDim (t->block_dim)
#define gridDim (t->grid_dim)

/* ---- host side ---------------------------------------------------------------------------- */

typedef struct {
    const char *input_dir; /* ../shared/data/inputs or the user's */
    unsigned scale;        /* 1 = the documented default size; n > 1 divides the problem size as
                              the application documents (tests run small), 0 is taken as 1 */
    uint64_t seed;         /* seeds generated inputs (kernel_inputs.h's PRNG) */
    int verbose;           /* print the application's own summary lines */
    unsigned grow;         /* n > 1 multiplies the problem size that scale divides (kin_scaled;
                              a seed's larger input, docs/kernels.md "Larger inputs"), 0 is 1 */
} simt_app_opts;

/* One warp instruction as issued (what the tracer and observers see). lane_addr[i] is valid for
 * the lanes in mask of a memory instruction (global: device address; shared: byte offset). */
typedef struct {
    const char *kernel;   /* kernel name given to simt_launch */
    unsigned launch;      /* 0-based launch index on this device */
    simt_dim3 block;      /* blockIdx */
    unsigned warp;        /* warp index within the block */
    uint32_t site;        /* static site (source order within the kernel's file) */
    uint32_t line;        /* source line of the site */
    simt_op op;
    uint32_t mask;        /* active lanes */
    unsigned count;       /* instructions this record stands for (alu(n)/sfu(n): n; else 1) */
    unsigned size;        /* memory: bytes per lane */
    uint64_t lane_addr[SIMT_WARP];
} simt_warp_inst;

typedef void (*simt_observer)(void *user, const simt_warp_inst *wi);

/* A read filter sits where a memory system's read-reply path would: every global load reads its
 * value from a copy of the SIMT_LINE_BYTES-aligned line that holds it, after the filter has seen
 * (and may have changed) that copy; device memory keeps what was stored. The approximation study
 * puts DSM's approximation unit here (apps/apx.c, docs/approx.md). Atomics are not filtered. */
#define SIMT_LINE_BYTES 128u
typedef void (*simt_read_filter)(void *user, simt_addr line_addr, uint8_t line[SIMT_LINE_BYTES]);

typedef struct {
    const char *trace_dir; /* write an Accel-Sim trace here (kernelslist.g, kernel-N.traceg, the
                              memory side file); NULL: no trace */
    int trace_xz;          /* compress the .traceg files with liblzma (.traceg.xz) */
    simt_observer observer;/* called for every warp instruction (tests); may be NULL */
    void *observer_user;
    simt_read_filter read_filter; /* NULL: loads read device memory as it is */
    void *read_filter_user;
} simt_dev_opts;

/* Counters of a device since creation (thread operations = sum over warp instructions of
 * popcount(mask) * count; warp instructions count alu(n)/sfu(n) as n, like the trace;
 * global_lines: distinct 128-byte lines of device memory that global loads, stores and atomics
 * touched). */
typedef struct {
    uint64_t launches, blocks, warp_insts, thread_ops, mem_warp_insts, global_lines;
} simt_stats;

simt_dev *simt_dev_create(const simt_dev_opts *o); /* o may be NULL: functional run, no trace */
void simt_dev_destroy(simt_dev *d);
const simt_stats *simt_dev_stats(const simt_dev *d);

/* The element type of an allocation: what the CUDA source declares the buffer as (float *,
 * int *, unsigned char *, ...). It goes into the memory log's ALLOC record (docs/kernels.md
 * "Element types") so that npsim knows which regions hold float data (approx_regions = float32).
 * SIMT_MIXED: records whose fields have different types (a struct of ints and floats, the Mars
 * key/value buffers holding strings and ints); no type at all is not accepted (0 is invalid). */
typedef enum {
    SIMT_INT8 = 1, SIMT_UINT8, SIMT_INT16, SIMT_UINT16, SIMT_INT32, SIMT_UINT32, SIMT_INT64, SIMT_UINT64,
    SIMT_FLOAT32, SIMT_FLOAT64, SIMT_MIXED,
    SIMT_TYPES /* one past the last */
} simt_type;

/* "float32", "int32", ... as the memory log spells it; NULL for a value that is not a type. */
const char *simt_type_name(simt_type type);
/* Bytes of one element (SIMT_MIXED: 1); 0 for a value that is not a type. */
unsigned simt_type_size(simt_type type);

/* 256-B aligned, like cudaMalloc; type must be a simt_type and its element size must divide
 * bytes, else the run stops naming the allocation. */
simt_addr simt_malloc(simt_dev *d, size_t bytes, simt_type type, const char *name);
void simt_memcpy_htod(simt_dev *d, simt_addr dst, const void *src, size_t bytes);
void simt_memcpy_dtoh(simt_dev *d, void *dst, simt_addr src, size_t bytes);
void simt_memset(simt_dev *d, simt_addr dst, int byte, size_t bytes);
void simt_launch(simt_dev *d, const char *kernel_name, simt_kernel_fn fn, simt_dim3 grid, simt_dim3 block,
                 size_t shared_bytes, const void *args);

static inline simt_dim3 simt_dim(uint32_t x, uint32_t y, uint32_t z) {
    simt_dim3 v = {x, y, z};
    return v;
}

/* ---- device side: the runtime entry points the macros call -------------------------------- */

/* Yield at a site; on return the operation is this thread's to perform. */
void simt_op_mem(simt_thread *t, uint32_t site, uint32_t line, simt_op op, uint64_t addr, unsigned size);
void simt_op_plain(simt_thread *t, uint32_t site, uint32_t line, simt_op op, unsigned count);
void *simt_gptr(simt_thread *t, simt_addr a, unsigned size);   /* bounds-checked host pointer */
/* What a global load of size bytes at a reads: simt_gptr's bytes, or with a read filter the
 * filtered copy of their line (valid until the thread's next operation). */
const void *simt_gload(simt_thread *t, simt_addr a, unsigned size);
void *simt_sptr(simt_thread *t, uint32_t off, unsigned size);  /* shared memory, bounds-checked */

typedef enum {
    SIMT_AT_ADD_I32, SIMT_AT_ADD_U32, SIMT_AT_ADD_F32, SIMT_AT_MIN_I32, SIMT_AT_MAX_I32,
    SIMT_AT_CAS_I32, SIMT_AT_EXCH_I32, SIMT_AT_OR_U32
} simt_atomic_op;
uint32_t simt_atomic(simt_thread *t, uint32_t site, uint32_t line, int shared, simt_atomic_op op, uint64_t addr,
                     uint32_t operand, uint32_t compare);

#define SIMT_LD(T, t_, site, line, a)                                                        \
    static inline T simt_ld_##T(simt_thread *t_, uint32_t site, uint32_t line, simt_addr a) { \
        simt_op_mem(t_, site, line, SIMT_OP_LDG, a, sizeof(T));                              \
        T v;                                                                                 \
        memcpy(&v, simt_gload(t_, a, sizeof(T)), sizeof v);                                  \
        return v;                                                                            \
    }                                                                                        \
    static inline void simt_st_##T(simt_thread *t_, uint32_t site, uint32_t line, simt_addr a, T v) { \
        simt_op_mem(t_, site, line, SIMT_OP_STG, a, sizeof(T));                              \
        memcpy(simt_gptr(t_, a, sizeof(T)), &v, sizeof v);                                   \
    }                                                                                        \
    static inline T simt_lds_##T(simt_thread *t_, uint32_t site, uint32_t line, uint32_t a) { \
        simt_op_mem(t_, site, line, SIMT_OP_LDS, a, sizeof(T));                              \
        T v;                                                                                 \
        memcpy(&v, simt_sptr(t_, a, sizeof(T)), sizeof v);                                   \
        return v;                                                                            \
    }                                                                                        \
    static inline void simt_sts_##T(simt_thread *t_, uint32_t site, uint32_t line, uint32_t a, T v) { \
        simt_op_mem(t_, site, line, SIMT_OP_STS, a, sizeof(T));                              \
        memcpy(simt_sptr(t_, a, sizeof(T)), &v, sizeof v);                                   \
    }
SIMT_LD(float, t_, site, line, a)
SIMT_LD(double, t_, site, line, a)
SIMT_LD(int32_t, t_, site, line, a)
SIMT_LD(uint32_t, t_, site, line, a)
SIMT_LD(uint8_t, t_, site, line, a)
SIMT_LD(int64_t, t_, site, line, a)
#undef SIMT_LD

/* A 16-byte shared load into four floats (SASS LDS.128, what nvcc makes of a row read of
 * four consecutive floats, e.g. the SDK matrixMul's As[ty][k..k+3]). */
static inline void simt_lds_f32x4(simt_thread *t, uint32_t site, uint32_t line, uint32_t a, float *out) {
    simt_op_mem(t, site, line, SIMT_OP_LDS, a, 16);
    memcpy(out, simt_sptr(t, a, 16), 16);
}

static inline int simt_br(simt_thread *t, uint32_t site, uint32_t line, int cond) {
    simt_op_plain(t, site, line, SIMT_OP_BRA, 1);
    return cond;
}

static inline float simt_atomic_add_f32(simt_thread *t, uint32_t site, uint32_t line, simt_addr a, float v) {
    uint32_t bits, old;
    float r;
    memcpy(&bits, &v, 4);
    old = simt_atomic(t, site, line, 0, SIMT_AT_ADD_F32, a, bits, 0);
    memcpy(&r, &old, 4);
    return r;
}

/* ---- the kernel-facing API (macros over `t`) ---------------------------------------------- */

#define SIMT_SITE __COUNTER__, __LINE__

#define ld_f32(a) simt_ld_float(t, SIMT_SITE, (a))
#define ld_f64(a) simt_ld_double(t, SIMT_SITE, (a))
#define ld_i32(a) simt_ld_int32_t(t, SIMT_SITE, (a))
#define ld_u32(a) simt_ld_uint32_t(t, SIMT_SITE, (a))
#define ld_u8(a) simt_ld_uint8_t(t, SIMT_SITE, (a))
#define ld_i64(a) simt_ld_int64_t(t, SIMT_SITE, (a))
#define st_f32(a, v) simt_st_float(t, SIMT_SITE, (a), (v))
#define st_f64(a, v) simt_st_double(t, SIMT_SITE, (a), (v))
#define st_i32(a, v) simt_st_int32_t(t, SIMT_SITE, (a), (v))
#define st_u32(a, v) simt_st_uint32_t(t, SIMT_SITE, (a), (v))
#define st_u8(a, v) simt_st_uint8_t(t, SIMT_SITE, (a), (v))
#define st_i64(a, v) simt_st_int64_t(t, SIMT_SITE, (a), (v))

#define ELEM_F32(base, i) ((base) + 4u * (simt_addr)(i))
#define ELEM_F64(base, i) ((base) + 8u * (simt_addr)(i))
#define ELEM_I32(base, i) ((base) + 4u * (simt_addr)(i))
#define ELEM_U32(base, i) ((base) + 4u * (simt_addr)(i))
#define ELEM_U8(base, i) ((base) + (simt_addr)(i))
#define ELEM_I64(base, i) ((base) + 8u * (simt_addr)(i))

#define lds_f32(off) simt_lds_float(t, SIMT_SITE, (uint32_t)(off))
#define lds_i32(off) simt_lds_int32_t(t, SIMT_SITE, (uint32_t)(off))
#define lds_u32(off) simt_lds_uint32_t(t, SIMT_SITE, (uint32_t)(off))
#define lds_f64(off) simt_lds_double(t, SIMT_SITE, (uint32_t)(off))
#define lds_u8(off) simt_lds_uint8_t(t, SIMT_SITE, (uint32_t)(off))
#define lds_f32x4(off, out4) simt_lds_f32x4(t, SIMT_SITE, (uint32_t)(off), (out4))
#define sts_f32(off, v) simt_sts_float(t, SIMT_SITE, (uint32_t)(off), (v))
#define sts_i32(off, v) simt_sts_int32_t(t, SIMT_SITE, (uint32_t)(off), (v))
#define sts_u32(off, v) simt_sts_uint32_t(t, SIMT_SITE, (uint32_t)(off), (v))
#define sts_f64(off, v) simt_sts_double(t, SIMT_SITE, (uint32_t)(off), (v))
#define sts_u8(off, v) simt_sts_uint8_t(t, SIMT_SITE, (uint32_t)(off), (v))

#define syncthreads() simt_op_plain(t, SIMT_SITE, SIMT_OP_BAR, 1)
#define BR(cond) simt_br(t, SIMT_SITE, (cond) ? 1 : 0)
#define alu(n) simt_op_plain(t, SIMT_SITE, SIMT_OP_ALU, (unsigned)(n))
#define sfu(n) simt_op_plain(t, SIMT_SITE, SIMT_OP_SFU, (unsigned)(n))

#define atomic_add_i32(a, v) ((int32_t)simt_atomic(t, SIMT_SITE, 0, SIMT_AT_ADD_I32, (a), (uint32_t)(int32_t)(v), 0))
#define atomic_add_u32(a, v) simt_atomic(t, SIMT_SITE, 0, SIMT_AT_ADD_U32, (a), (uint32_t)(v), 0)
#define atomic_add_f32(a, v) simt_atomic_add_f32(t, SIMT_SITE, (a), (float)(v))
#define atomic_min_i32(a, v) ((int32_t)simt_atomic(t, SIMT_SITE, 0, SIMT_AT_MIN_I32, (a), (uint32_t)(int32_t)(v), 0))
#define atomic_max_i32(a, v) ((int32_t)simt_atomic(t, SIMT_SITE, 0, SIMT_AT_MAX_I32, (a), (uint32_t)(int32_t)(v), 0))
#define atomic_cas_i32(a, cmp, v)                                                                      \
    ((int32_t)simt_atomic(t, SIMT_SITE, 0, SIMT_AT_CAS_I32, (a), (uint32_t)(int32_t)(v),             \
                          (uint32_t)(int32_t)(cmp)))
#define atomic_exch_i32(a, v) ((int32_t)simt_atomic(t, SIMT_SITE, 0, SIMT_AT_EXCH_I32, (a), (uint32_t)(int32_t)(v), 0))
#define atomic_or_u32(a, v) simt_atomic(t, SIMT_SITE, 0, SIMT_AT_OR_U32, (a), (uint32_t)(v), 0)
#define atomics_add_i32(off, v) ((int32_t)simt_atomic(t, SIMT_SITE, 1, SIMT_AT_ADD_I32, (off), (uint32_t)(int32_t)(v), 0))
#define atomics_add_u32(off, v) simt_atomic(t, SIMT_SITE, 1, SIMT_AT_ADD_U32, (off), (uint32_t)(v), 0)

#endif
