/* Set-associative tag store with LRU replacement (L1 and L2 slices; 128-byte lines). Holds no
 * data: contents come from the memory image. Set = line_index % sets. */
#ifndef SIM_CACHE_H
#define SIM_CACHE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    unsigned sets, ways;
    uint64_t *tag;        /* [set * ways + way]: line index + 1, 0 = invalid */
    uint64_t *stamp;      /* last use, for LRU */
    uint64_t clock;
} cache_t;

/* kib KiB of 128-byte lines; false when it does not divide into `ways`-way sets. */
bool cache_init(cache_t *c, unsigned kib, unsigned ways);
void cache_free(cache_t *c);
/* line_index selects the set; hit updates LRU. */
bool cache_access(cache_t *c, uint64_t line_index, uint64_t tag);
/* Insert (after a miss), evicting the least recently used way. */
void cache_fill(cache_t *c, uint64_t line_index, uint64_t tag);

#endif
