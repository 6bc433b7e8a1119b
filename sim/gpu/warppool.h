/* Warppool (seed 003 sec. 5.1-5.2: "an inter-warp memory coalescer ... which merges more memory
 * accesses from different warps on top of the intra-warp memory coalescing", with "the FIFO request
 * selection policy"; docs/sim.md "Warppool"): a pool of line requests between an SM's load/store
 * unit and its L1. A request for a line that a waiting entry already holds joins it; otherwise it
 * takes a free entry. Each cycle the oldest waiting entry whose merge delay has passed makes one
 * L1 access for all its requests. An entry stays allocated until that access completes (a miss:
 * until its fill), so the pool bounds the requests in flight through it. */
#ifndef SIM_WARPPOOL_H
#define SIM_WARPPOOL_H

#include <stdbool.h>
#include <stdint.h>
#include "trace/trace.h"

#define WP_MAX_WAITERS 64u       /* requests one entry serves (one per warp load; 64 warps per SM at most) */

typedef struct {
    trace_access acc;            /* the L1 access: the line, the OR of the requests' sub-block masks */
    uint64_t ready_at;           /* first cycle it may access the L1 (arrival + merge delay) */
    uint32_t next;               /* FIFO / free-list link */
    uint16_t tag[WP_MAX_WAITERS];/* the core model's load tags it serves */
    uint8_t n;
    uint8_t state;               /* WP_FREE, WP_WAITING, WP_SENT */
} wp_entry;

enum { WP_FREE = 0, WP_WAITING = 1, WP_SENT = 2 };
#define WP_NONE UINT32_MAX

typedef struct {
    wp_entry *e;
    uint32_t cap, used;
    uint32_t head, tail;         /* waiting entries, oldest first */
    uint32_t free_list;
    uint64_t merged;             /* requests that joined an entry (no L1 access of their own) */
    uint64_t accesses;           /* L1 accesses the pool made */
    uint64_t full_cycles;        /* cycles a request found the pool full */
} warppool;

bool wp_init(warppool *p, unsigned entries);
void wp_free(warppool *p);
/* A line request of load `tag`; false when the pool is full (the load/store unit retries). */
bool wp_insert(warppool *p, const trace_access *a, unsigned tag, uint64_t now, unsigned delay);
/* The oldest waiting entry if it may access the L1 at `now`, else WP_NONE. */
uint32_t wp_ready(const warppool *p, uint64_t now);
/* Entry id accessed the L1: it leaves the FIFO (and stays allocated until wp_release). */
void wp_sent(warppool *p, uint32_t id);
void wp_release(warppool *p, uint32_t id);
static inline bool wp_empty(const warppool *p) { return p->used == 0; }

#endif
