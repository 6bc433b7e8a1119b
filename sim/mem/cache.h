/* Set-associative tag store with LRU replacement (L1 and L2 slices; 128-byte lines). Holds no
 * data: contents come from the memory image. Set = line_index % sets. */
#ifndef SIM_CACHE_H
#define SIM_CACHE_H

#include <stdbool.h>
#include <stdint.h>
#include "ba.h"

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
/* Slot (set * ways + way) holding tag, or -1; no LRU update. */
int cache_slot(const cache_t *c, uint64_t line_index, uint64_t tag);
/* Mark slot as just used (LRU). */
void cache_touch(cache_t *c, unsigned slot);
/* The slot cache_fill would use for tag: its own slot (*present), else an empty way, else the
 * LRU way (its tag[] - 1 is the line it would evict). No state change. */
unsigned cache_victim(const cache_t *c, uint64_t line_index, uint64_t tag, bool *present);
/* The way a new line would take among the set's ways not locked[] (per slot): an empty one, else
 * the LRU one; -1 when every way is locked. No state change. */
int cache_victim_unlocked(const cache_t *c, uint64_t line_index, const uint8_t *locked);
/* Slot now holds tag, just used. */
void cache_set(cache_t *c, unsigned slot, uint64_t tag);
/* cache_fill, returning the slot; *inserted is false when tag was already present. */
unsigned cache_fill_slot(cache_t *c, uint64_t line_index, uint64_t tag, bool *inserted);

/* ---- the L1 through the BA tag unit (l1_policy = ba | tag-lru; docs/sim.md "L1 policies") ----
 * The tag decisions are the C model's (cmodel/src/ba.c, ba_access): this file holds no copy of
 * the policy. Beside the unit's tag array the L1 keeps its data side: per line a mask of the
 * 32-byte sub-blocks whose data is present (0 = none: a line just allocated whose fill is in
 * flight, or a bypass record). A line address (byte address >> 7) is the unit's address. */
typedef struct {
    ba_cache unit;
    uint8_t *data;        /* [set * ways + way]: valid sub-blocks of the line's data */
} l1_tags;

/* kib KiB of 128-byte lines in `ways`-way sets, in the unit's `mode`; `threshold` 0 = ways / 2.
 * False when the unit cannot take the geometry (sets a power of two, ways <= BA_MAX_WAYS,
 * threshold <= ways). */
bool l1_tags_init(l1_tags *l, unsigned kib, unsigned ways, ba_mode mode, unsigned threshold);
void l1_tags_free(l1_tags *l);
/* Slot (set * ways + way) of the line when the unit holds it as a data line (bypass bit 0), or
 * -1 (absent, or only a bypass record); no state change (ba_lookup). */
int l1_tags_data_slot(const l1_tags *l, uint64_t line);
/* One access through the unit (ba_access). A line that gets a new tag (miss fill, miss evict,
 * bypass), or is write-evicted, loses its data: its mask is cleared. */
ba_result l1_tags_access(l1_tags *l, uint64_t line, bool write);

#endif
