/* SIMT runtime: device memory, launches, and the warp scheduler (simt.h, docs/kernels.md).
 *
 * Execution of a block: every thread is a coroutine (simt_ctx.h) on its own stack. A device
 * operation records the thread's next event (site, class, address) and switches to the
 * scheduler. The scheduler runs the block's warps in order; a warp issues, again and again, the
 * event site with the smallest site number among its waiting threads (min-PC: sites are numbered
 * in source order, exit is last), as one warp instruction whose mask is the threads waiting at
 * that site, then resumes exactly those threads in lane order; each performs its operation and
 * runs to its next event. A warp whose smallest site is a barrier parks once every unfinished
 * thread of it is at a barrier (threads still behind the barrier's site in a divergent branch
 * issue first); when every unfinished warp of the block is parked, the barrier releases them
 * all. Blocks run one after another. */
#define _GNU_SOURCE
#include "simt.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "simt_ctx.h"
#include "simt_trace.h"

#define MEM_BASE UINT64_C(0x00007f0000000000) /* where device addresses start (like CUDA's) */
#define SHARED_BASE UINT64_C(0x00007f5000000000) /* the trace header's shmem base_addr */
#define LOCAL_BASE UINT64_C(0x00007f4000000000)  /* the trace header's local mem base_addr */
#define ALLOC_ALIGN 256u
#define STACK_BYTES (64u * 1024u)
#define SITE_EXIT UINT32_MAX

struct simt_lane {
    simt_thread th; /* first: simt_thread * and simt_lane * convert */
    simt_ctx ctx;
    simt_dev *dev;
    /* the event the thread waits at */
    uint32_t site, line;
    uint32_t *slot; /* its entry in the device's packed site array (the scheduler scans that) */
    simt_op op;
    unsigned count, size;
    uint64_t addr;
};

typedef struct {
    uint64_t base;
    size_t bytes;
    char name[32];
} alloc_rec;

struct simt_dev {
    simt_dev_opts opts;
    simt_stats stats;
    uint8_t *mem; /* device memory: address MEM_BASE + i is mem[i] */
    size_t mem_used, mem_cap;
    uint8_t *line_seen; /* bit per 128-byte line of mem: a global access touched it (global_lines) */
    alloc_rec *allocs;
    size_t nallocs, alloc_cap;
    simt_tracer *tracer;
    /* execution state of the running launch */
    struct simt_lane *lanes; /* SIMT_MAX_BLOCK of them */
    uint32_t sites[SIMT_MAX_BLOCK]; /* each thread's waiting site, packed by warp */
    uint8_t *stacks;         /* SIMT_MAX_BLOCK stacks, each below a guard page */
    size_t stack_stride;
    simt_ctx sched;
    /* lanes still to resume for the warp instruction being executed: each thread, at its next
     * event, switches straight to the next one (one switch per thread operation), the last
     * back to the scheduler */
    struct simt_lane *chain_lane0;
    uint32_t chain_mask;
    uint8_t *shared;
    size_t shared_bytes, shared_cap;
    simt_kernel_fn fn;
    const void *args;
    const char *kernel;
    unsigned launch;
    uint8_t filtered_line[SIMT_LINE_BYTES]; /* simt_gload's copy under a read filter */
};

static void fatal(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void fatal(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "simt: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

static void *xcalloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) fatal("out of memory (calloc %zu x %zu bytes)", n, size);
    return p;
}

/* ---- device and memory --------------------------------------------------------------------- */

simt_dev *simt_dev_create(const simt_dev_opts *o) {
    simt_dev *d = xcalloc(1, sizeof *d);
    if (o) d->opts = *o;
    if (d->opts.trace_dir) {
        d->tracer = simt_tracer_open(d->opts.trace_dir, d->opts.trace_xz);
        if (!d->tracer) exit(2);
    }
    return d;
}

void simt_dev_destroy(simt_dev *d) {
    if (!d) return;
    if (d->tracer && simt_tracer_close(d->tracer) != 0) exit(2);
    if (d->stacks) munmap(d->stacks, d->stack_stride * SIMT_MAX_BLOCK);
    free(d->lanes);
    free(d->shared);
    free(d->mem);
    free(d->line_seen);
    free(d->allocs);
    free(d);
}

const simt_stats *simt_dev_stats(const simt_dev *d) {
    return &d->stats;
}

/* The element types' names (the memory log's vocabulary, docs/kernels.md "Element types") and
 * sizes, indexed by simt_type. */
static const struct {
    const char *name;
    unsigned size;
} type_info[SIMT_TYPES] = {
    [SIMT_INT8] = {"int8", 1},       [SIMT_UINT8] = {"uint8", 1},     [SIMT_INT16] = {"int16", 2},
    [SIMT_UINT16] = {"uint16", 2},   [SIMT_INT32] = {"int32", 4},     [SIMT_UINT32] = {"uint32", 4},
    [SIMT_INT64] = {"int64", 8},     [SIMT_UINT64] = {"uint64", 8},   [SIMT_FLOAT32] = {"float32", 4},
    [SIMT_FLOAT64] = {"float64", 8}, [SIMT_MIXED] = {"mixed", 1},
};

const char *simt_type_name(simt_type type) {
    return (unsigned)type < SIMT_TYPES ? type_info[type].name : NULL;
}

unsigned simt_type_size(simt_type type) {
    return (unsigned)type < SIMT_TYPES ? type_info[type].size : 0;
}

simt_addr simt_malloc(simt_dev *d, size_t bytes, simt_type type, const char *name) {
    if (!simt_type_name(type))
        fatal("simt_malloc(%s): %d is not an element type (SIMT_FLOAT32, SIMT_INT32, ... in simt.h)", name ? name : "",
              (int)type);
    if (bytes % simt_type_size(type))
        fatal("simt_malloc(%s): %zu bytes are not a whole number of %s elements", name ? name : "", bytes,
              simt_type_name(type));
    size_t start = (d->mem_used + ALLOC_ALIGN - 1) / ALLOC_ALIGN * ALLOC_ALIGN;
    size_t end = start + (bytes ? bytes : 1);
    if (end < start || end > (UINT64_C(1) << 36))
        fatal("simt_malloc(%s): %zu bytes do not fit in the 64 GiB device memory", name ? name : "", bytes);
    if (end > d->mem_cap) {
        size_t cap = d->mem_cap ? d->mem_cap : 1u << 20;
        while (cap < end) cap *= 2;
        uint8_t *m = realloc(d->mem, cap);
        if (!m) fatal("out of memory for %s (%zu bytes of device memory)", name ? name : "", cap);
        memset(m + d->mem_cap, 0, cap - d->mem_cap);
        uint8_t *seen = realloc(d->line_seen, cap / SIMT_LINE_BYTES / 8u);
        if (!seen) fatal("out of memory for %s (its line map)", name ? name : "");
        memset(seen + d->mem_cap / SIMT_LINE_BYTES / 8u, 0, (cap - d->mem_cap) / SIMT_LINE_BYTES / 8u);
        d->line_seen = seen;
        d->mem = m;
        d->mem_cap = cap;
    }
    d->mem_used = end;
    if (d->nallocs == d->alloc_cap) {
        d->alloc_cap = d->alloc_cap ? 2 * d->alloc_cap : 16;
        d->allocs = realloc(d->allocs, d->alloc_cap * sizeof *d->allocs);
        if (!d->allocs) fatal("out of memory (allocation list)");
    }
    alloc_rec *r = &d->allocs[d->nallocs++];
    r->base = MEM_BASE + start;
    r->bytes = bytes;
    snprintf(r->name, sizeof r->name, "%s", name ? name : "");
    if (d->tracer) simt_tracer_alloc(d->tracer, r->base, bytes, simt_type_name(type), r->name);
    return r->base;
}

/* Host pointer of [a, a + bytes): must lie inside one allocation's used range. */
static uint8_t *host_ptr(simt_dev *d, simt_addr a, size_t bytes, const char *what) {
    if (a < MEM_BASE || a - MEM_BASE > d->mem_used || bytes > d->mem_used - (a - MEM_BASE))
        fatal("%s: address 0x%llx + %zu bytes is outside device memory", what, (unsigned long long)a, bytes);
    return d->mem + (a - MEM_BASE);
}

void simt_memcpy_htod(simt_dev *d, simt_addr dst, const void *src, size_t bytes) {
    memcpy(host_ptr(d, dst, bytes, "simt_memcpy_htod"), src, bytes);
    if (d->tracer) simt_tracer_memcpy(d->tracer, dst, src, bytes);
}

void simt_memcpy_dtoh(simt_dev *d, void *dst, simt_addr src, size_t bytes) {
    memcpy(dst, host_ptr(d, src, bytes, "simt_memcpy_dtoh"), bytes);
}

void simt_memset(simt_dev *d, simt_addr dst, int byte, size_t bytes) {
    memset(host_ptr(d, dst, bytes, "simt_memset"), byte, bytes);
    if (d->tracer) simt_tracer_memset(d->tracer, dst, byte, bytes);
}

/* ---- device side --------------------------------------------------------------------------- */

static inline struct simt_lane *lane_of(simt_thread *t) {
    return (struct simt_lane *)t;
}

static inline void yield_event(struct simt_lane *l, uint32_t site, uint32_t line, simt_op op, unsigned count,
                               unsigned size, uint64_t addr) {
    l->site = site;
    *l->slot = site;
    l->line = line;
    l->op = op;
    l->count = count;
    l->size = size;
    l->addr = addr;
    simt_dev *d = l->dev;
    uint32_t m = d->chain_mask;
    if (m) {
        d->chain_mask = m & (m - 1);
        simt_ctx_switch(&l->ctx, &d->chain_lane0[__builtin_ctz(m)].ctx);
    } else {
        simt_ctx_switch(&l->ctx, &d->sched);
    }
}

void simt_op_mem(simt_thread *t, uint32_t site, uint32_t line, simt_op op, uint64_t addr, unsigned size) {
    yield_event(lane_of(t), site, line, op, 1, size, addr);
}

void simt_op_plain(simt_thread *t, uint32_t site, uint32_t line, simt_op op, unsigned count) {
    yield_event(lane_of(t), site, line, op, count, 0, 0);
}

static void device_fault(struct simt_lane *l, const char *what, uint64_t a, unsigned size) {
    fprintf(stderr,
            "simt: kernel %s line %u: %s of %u bytes at 0x%llx (thread %u,%u,%u of block %u,%u,%u) is outside "
            "%s or misaligned\n",
            l->dev->kernel, l->line, what, size, (unsigned long long)a, l->th.thread_idx.x, l->th.thread_idx.y,
            l->th.thread_idx.z, l->th.block_idx.x, l->th.block_idx.y, l->th.block_idx.z,
            what[0] == 's' ? "shared memory" : "device memory");
    exit(2);
}

void *simt_gptr(simt_thread *t, simt_addr a, unsigned size) {
    struct simt_lane *l = lane_of(t);
    simt_dev *d = l->dev;
    if (a < MEM_BASE || a - MEM_BASE > d->mem_used || size > d->mem_used - (a - MEM_BASE) || (a & (size - 1)))
        device_fault(l, "global access", a, size);
    return d->mem + (a - MEM_BASE);
}

const void *simt_gload(simt_thread *t, simt_addr a, unsigned size) {
    uint8_t *p = simt_gptr(t, a, size);
    simt_dev *d = lane_of(t)->dev;
    if (!d->opts.read_filter) return p;
    /* Device memory is allocated in whole MiBs from a 128-byte aligned base, so the line of an
     * aligned access lies inside it; the access does not cross its line (it is aligned). */
    size_t off = (size_t)(a - MEM_BASE), line_off = off & ~(size_t)(SIMT_LINE_BYTES - 1);
    memcpy(d->filtered_line, d->mem + line_off, SIMT_LINE_BYTES);
    d->opts.read_filter(d->opts.read_filter_user, MEM_BASE + line_off, d->filtered_line);
    return d->filtered_line + (off - line_off);
}

void *simt_sptr(simt_thread *t, uint32_t off, unsigned size) {
    struct simt_lane *l = lane_of(t);
    simt_dev *d = l->dev;
    if (off > d->shared_bytes || size > d->shared_bytes - off || (off & (size - 1)))
        device_fault(l, "shared access", off, size);
    return d->shared + off;
}

uint32_t simt_atomic(simt_thread *t, uint32_t site, uint32_t line, int shared, simt_atomic_op op, uint64_t addr,
                     uint32_t operand, uint32_t compare) {
    simt_op_mem(t, site, line, shared ? SIMT_OP_ATOMS : SIMT_OP_ATOMG, addr, 4);
    uint8_t *p = shared ? simt_sptr(t, (uint32_t)addr, 4) : simt_gptr(t, addr, 4);
    uint32_t old, nv;
    memcpy(&old, p, 4);
    int32_t so = (int32_t)old, sv = (int32_t)operand;
    switch (op) {
    case SIMT_AT_ADD_I32:
    case SIMT_AT_ADD_U32: nv = old + operand; break;
    case SIMT_AT_ADD_F32: {
        float a, b;
        memcpy(&a, &old, 4);
        memcpy(&b, &operand, 4);
        a += b;
        memcpy(&nv, &a, 4);
        break;
    }
    case SIMT_AT_MIN_I32: nv = (uint32_t)(sv < so ? sv : so); break;
    case SIMT_AT_MAX_I32: nv = (uint32_t)(sv > so ? sv : so); break;
    case SIMT_AT_CAS_I32: nv = old == compare ? operand : old; break;
    case SIMT_AT_EXCH_I32: nv = operand; break;
    case SIMT_AT_OR_U32: nv = old | operand; break;
    default: nv = old; break;
    }
    memcpy(p, &nv, 4);
    return old;
}

/* ---- the scheduler ------------------------------------------------------------------------- */

static void thread_main(void *arg) {
    struct simt_lane *l = arg;
    l->dev->fn(&l->th, l->dev->args);
    yield_event(l, SITE_EXIT, 0, SIMT_OP_EXIT, 1, 0, 0);
    abort(); /* an exited thread is never resumed */
}

static void ensure_lanes(simt_dev *d) {
    if (d->lanes) return;
    long page = sysconf(_SC_PAGESIZE);
    d->stack_stride = STACK_BYTES + (size_t)(page > 0 ? page : 4096);
    d->stacks = mmap(NULL, d->stack_stride * SIMT_MAX_BLOCK, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                     -1, 0);
    if (d->stacks == MAP_FAILED) fatal("cannot map the thread stacks (%zu bytes)", d->stack_stride * SIMT_MAX_BLOCK);
    for (unsigned i = 0; i < SIMT_MAX_BLOCK; i++) {
        uint8_t *s = d->stacks + i * d->stack_stride + (d->stack_stride - STACK_BYTES);
        if (mprotect(s, STACK_BYTES, PROT_READ | PROT_WRITE) != 0)
            fatal("cannot map thread stack %u", i);
    }
    d->lanes = xcalloc(SIMT_MAX_BLOCK, sizeof *d->lanes);
}

/* Resume the lanes of mask (lane0 is the warp's lane 0) in lane order; returns when the last
 * has reached its next event. */
static void resume_lanes(simt_dev *d, struct simt_lane *lane0, uint32_t mask) {
    if (!mask) return;
    d->chain_lane0 = lane0;
    d->chain_mask = mask & (mask - 1);
    simt_ctx_switch(&d->sched, &lane0[__builtin_ctz(mask)].ctx);
}

typedef struct {
    struct simt_lane *lane0;
    const uint32_t *sites; /* the lanes' waiting sites */
    unsigned nlanes;
    uint32_t all; /* lanes that exist */
    int done, parked;
} warp_run;

static void fill_inst(simt_dev *d, simt_warp_inst *wi, const struct simt_lane *lead, unsigned warp, uint32_t mask,
                      const warp_run *w) {
    wi->kernel = d->kernel;
    wi->launch = d->launch;
    wi->block = lead->th.block_idx;
    wi->warp = warp;
    wi->site = lead->site;
    wi->line = lead->line;
    wi->op = lead->op;
    wi->mask = mask;
    wi->count = lead->count;
    wi->size = lead->size;
    for (unsigned i = 0; i < w->nlanes; i++) wi->lane_addr[i] = (mask >> i & 1u) ? w->lane0[i].addr : 0;
}

static void issue(simt_dev *d, const simt_warp_inst *wi) {
    d->stats.warp_insts += wi->count;
    d->stats.thread_ops += (uint64_t)__builtin_popcount(wi->mask) * wi->count;
    if (wi->op <= SIMT_OP_ATOMS) d->stats.mem_warp_insts++;
}

static void report(simt_dev *d, const simt_warp_inst *wi) {
    if (d->opts.observer) d->opts.observer(d->opts.observer_user, wi);
    if (d->tracer) simt_tracer_inst(d->tracer, wi, wi->op == SIMT_OP_STG || wi->op == SIMT_OP_ATOMG ? d->mem : NULL, MEM_BASE);
}

/* The barrier rule beside min-PC: a warp stops at a barrier only when every unfinished thread
 * is at one. Threads still in code after the barrier's site (a divergent branch at the bottom
 * of a loop whose top holds the barrier: a smaller site, reached again only after that branch)
 * issue first, smallest site first; *best / *mask become theirs when there are any. */
static void other_than_barrier(const warp_run *w, uint32_t *best, uint32_t *mask) {
    uint32_t site = SITE_EXIT, m = 0;
    for (unsigned i = 0; i < w->nlanes; i++) {
        uint32_t s = w->sites[i];
        if (s == SITE_EXIT || w->lane0[i].op == SIMT_OP_BAR) continue;
        if (s < site) {
            site = s;
            m = 1u << i;
        } else if (s == site) {
            m |= 1u << i;
        }
    }
    if (m) {
        *best = site;
        *mask = m;
    }
}

/* A global memory instruction's lanes: lines no global access touched before count. */
static void count_lines(simt_dev *d, const struct simt_lane *lane0, uint32_t mask) {
    for (; mask; mask &= mask - 1) {
        uint64_t line = (lane0[__builtin_ctz(mask)].addr - MEM_BASE) / SIMT_LINE_BYTES;
        uint8_t bit = (uint8_t)(1u << (line & 7u));
        if (d->line_seen[line >> 3] & bit) continue;
        d->line_seen[line >> 3] |= bit;
        d->stats.global_lines++;
    }
}

/* Run warp w until it parks at a barrier (every unfinished thread at one) or all its threads
 * exit. */
static void run_warp(simt_dev *d, warp_run *w, unsigned warp) {
    int observe = d->opts.observer || d->tracer;
    simt_warp_inst wi;
    for (;;) {
        uint32_t best = SITE_EXIT, mask = 0;
        for (unsigned i = 0; i < w->nlanes; i++) {
            uint32_t s = w->sites[i];
            if (s < best) {
                best = s;
                mask = 1u << i;
            } else if (s == best) {
                mask |= 1u << i;
            }
        }
        if (w->lane0[__builtin_ctz(mask)].op == SIMT_OP_BAR) other_than_barrier(w, &best, &mask);
        const struct simt_lane *lead = &w->lane0[__builtin_ctz(mask)];
        simt_op op = lead->op;
        wi.op = op;
        wi.mask = mask;
        wi.count = lead->count;
        if (observe) fill_inst(d, &wi, lead, warp, mask, w);
        issue(d, &wi);
        if (op <= SIMT_OP_ATOMG) count_lines(d, w->lane0, mask);
        if (op == SIMT_OP_EXIT) {
            if (observe) report(d, &wi);
            w->done = 1;
            return;
        }
        if (op == SIMT_OP_BAR) {
            if (observe) report(d, &wi);
            w->parked = 1;
            return;
        }
        resume_lanes(d, w->lane0, mask);
        if (observe) report(d, &wi);
    }
}

static void run_block(simt_dev *d, simt_dim3 bidx, simt_dim3 grid, simt_dim3 block) {
    unsigned n = block.x * block.y * block.z, nwarps = (n + SIMT_WARP - 1) / SIMT_WARP;
    warp_run warps[SIMT_MAX_BLOCK / SIMT_WARP];
    if (d->shared_bytes) memset(d->shared, 0, d->shared_bytes);
    for (unsigned i = 0; i < n; i++) {
        struct simt_lane *l = &d->lanes[i];
        l->th.thread_idx = simt_dim(i % block.x, i / block.x % block.y, i / (block.x * block.y));
        l->th.block_idx = bidx;
        l->th.block_dim = block;
        l->th.grid_dim = grid;
        l->th.lane = l;
        l->dev = d;
        l->site = 0;
        l->slot = &d->sites[i];
        simt_ctx_make(&l->ctx, d->stacks + i * d->stack_stride + (d->stack_stride - STACK_BYTES), STACK_BYTES,
                      thread_main, l);
    }
    for (unsigned w = 0; w < nwarps; w++) {
        warps[w].lane0 = &d->lanes[w * SIMT_WARP];
        warps[w].sites = &d->sites[w * SIMT_WARP];
        warps[w].nlanes = n - w * SIMT_WARP < SIMT_WARP ? n - w * SIMT_WARP : SIMT_WARP;
        warps[w].all = warps[w].nlanes == 32 ? UINT32_MAX : (1u << warps[w].nlanes) - 1u;
        warps[w].done = warps[w].parked = 0;
    }
    if (d->tracer) simt_tracer_block_begin(d->tracer, bidx, nwarps);
    /* every thread runs to its first operation */
    for (unsigned w = 0; w < nwarps; w++) resume_lanes(d, warps[w].lane0, warps[w].all);
    for (;;) {
        unsigned live = 0;
        for (unsigned w = 0; w < nwarps; w++) {
            if (warps[w].done) continue;
            if (!warps[w].parked) run_warp(d, &warps[w], w);
            live += !warps[w].done;
        }
        if (!live) break;
        /* every unfinished warp is parked at a barrier: release it */
        for (unsigned w = 0; w < nwarps; w++) {
            if (warps[w].done) continue;
            warp_run *wr = &warps[w];
            uint32_t bar = SITE_EXIT, mask = 0;
            for (unsigned i = 0; i < wr->nlanes; i++)
                if (wr->lane0[i].site < bar) bar = wr->lane0[i].site;
            for (unsigned i = 0; i < wr->nlanes; i++)
                if (wr->lane0[i].site == bar) mask |= 1u << i;
            resume_lanes(d, wr->lane0, mask);
            wr->parked = 0;
        }
    }
    if (d->tracer) simt_tracer_block_end(d->tracer);
    d->stats.blocks++;
}

void simt_launch(simt_dev *d, const char *kernel_name, simt_kernel_fn fn, simt_dim3 grid, simt_dim3 block,
                 size_t shared_bytes, const void *args) {
    uint64_t nthreads = (uint64_t)block.x * block.y * block.z;
    if (!grid.x || !grid.y || !grid.z || !nthreads || nthreads > SIMT_MAX_BLOCK)
        fatal("launch of %s: grid %llu blocks, block of %llu threads (1..1024)", kernel_name,
              (unsigned long long)grid.x * grid.y * grid.z, (unsigned long long)nthreads);
    ensure_lanes(d);
    if (shared_bytes > d->shared_cap) {
        free(d->shared);
        d->shared = xcalloc(1, shared_bytes);
        d->shared_cap = shared_bytes;
    }
    d->shared_bytes = shared_bytes;
    d->fn = fn;
    d->args = args;
    d->kernel = kernel_name;
    if (d->tracer) {
        simt_trace_kernel k = {kernel_name, d->launch + 1, grid, block, shared_bytes, SHARED_BASE, LOCAL_BASE,
                               d->mem, d->mem_used};
        simt_tracer_kernel_begin(d->tracer, &k);
    }
    for (uint32_t z = 0; z < grid.z; z++)
        for (uint32_t y = 0; y < grid.y; y++)
            for (uint32_t x = 0; x < grid.x; x++) run_block(d, simt_dim(x, y, z), grid, block);
    if (d->tracer) simt_tracer_kernel_end(d->tracer);
    d->stats.launches++;
    d->launch++;
}
