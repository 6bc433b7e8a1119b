/* One L2 slice with miss status holding registers (docs/sim.md "L2 slice (dram = gddr5)"), as
 * GPGPU-Sim 3.x's Fermi L2 (GTX480 gpgpusim.config, dl2 "64:128:8,L:B:m:W:L,A:32:4"): LRU,
 * write-back, allocate on miss, write-allocate; MSHRs for misses only, each merging up to `merge`
 * requests to its line; the line enters the tags when the memory below returns it (l2s_fill),
 * not when it is looked up. Timing (one lookup per cycle, the hit latency) is the caller's.
 * Requests are opaque 32-bit tags; the slice knows nothing of the GPU. */
#ifndef SIM_L2SLICE_H
#define SIM_L2SLICE_H

#include <stdbool.h>
#include <stdint.h>
#include "mem/cache.h"

typedef enum {
    L2S_HIT,          /* in the tags (a write marks it dirty) */
    L2S_MISS,         /* a new MSHR: the caller fetches the line from memory */
    L2S_MERGED,       /* joined the line's MSHR: no fetch of its own */
    L2S_RESERVATION_FAIL   /* no free MSHR, or the line's MSHR has no merge slot: nothing changed, retry */
} l2s_outcome;

typedef struct {
    uint64_t line;
    bool valid, dirty;           /* dirty: a write merged into it (the line fills dirty) */
    unsigned nwait;
    uint32_t *waiter;            /* reads waiting for the line, in arrival order */
} l2s_mshr;

typedef struct {
    uint64_t hits, misses, merges, reservation_fails, writebacks;
    uint64_t mshr_occupancy_sum; /* MSHRs in use, summed over l2s_tick calls */
    uint64_t ticks;
} l2s_stats;

typedef struct {
    cache_t tags;
    uint8_t *dirty;              /* per tag slot */
    l2s_mshr *mshr;
    unsigned mshrs, merge, used;
    l2s_stats st;
} l2_slice;

/* kib KiB of 128-byte lines in `ways`-way sets, `mshrs` MSHRs of `merge` requests each. */
bool l2s_init(l2_slice *s, unsigned kib, unsigned ways, unsigned mshrs, unsigned merge);
void l2s_free(l2_slice *s);
/* Look up `line` (set by `index`). A read that misses waits in the MSHR under `tag`; a write
 * that misses is allocated (write-allocate): it takes or joins the line's MSHR without waiting
 * and the line fills dirty. */
l2s_outcome l2s_access(l2_slice *s, uint64_t index, uint64_t line, bool write, uint32_t tag);
/* Memory returned `line`: it enters the tags and its MSHR is freed. The reads that waited are
 * written to waiters[] (room for `merge`), their count returned. When the fill evicts a dirty
 * line, *wb is true and *wb_line names it (the caller writes it back). */
unsigned l2s_fill(l2_slice *s, uint64_t index, uint64_t line, uint32_t *waiters, bool *wb, uint64_t *wb_line);
/* Once per cycle: MSHR occupancy statistics. */
static inline void l2s_tick(l2_slice *s) {
    s->st.mshr_occupancy_sum += s->used;
    s->st.ticks++;
}

#endif
