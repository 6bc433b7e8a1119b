/* Potential inter-core locality (seed 003 sec. 2.2, Fig. 2a; docs/sim.md "Potential inter-core
 * locality"): every read request an MC accepts from the network is entered, before the PCU and
 * the L2, in one table per time window (120, 240, 480, 960, 1920 cycles). An entry is a block
 * address with its access count; it is allocated by a read that finds no live entry for its block
 * and lives for the window; a read that finds a live entry adds one to its count. An entry "has
 * inter-core locality when it records multiple accesses"; the ratio is the accesses in such
 * entries over all read requests. The tables are unlimited (the seed: "the number of entries is
 * assumed to be unlimited"). Blocks map to one MC each, so one table per window serves all MCs.
 * Fig. 2b's split of that locality into read-only and read-write data: a block is read-write when
 * the run's trace stores to it anywhere (loc_mark_written before the run; docs/sim.md). */
#ifndef SIM_LOCALITY_H
#define SIM_LOCALITY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define LOC_WINDOWS 5
extern const unsigned loc_window_cycles[LOC_WINDOWS];      /* 120, 240, 480, 960, 1920 */

typedef struct {
    uint64_t reads;                      /* read requests the MCs accepted */
    uint64_t local[LOC_WINDOWS];         /* of them, in an entry that recorded two or more */
    uint64_t local_rw[LOC_WINDOWS];      /* of those, to read-write blocks (loc_mark_written) */
} loc_counts;

typedef struct {
    uint64_t line;                       /* block address + 1; 0 = empty slot */
    uint64_t start[LOC_WINDOWS];         /* cycle the window's entry was allocated */
    uint32_t count[LOC_WINDOWS];         /* accesses it recorded (0: none yet in this window) */
    bool written;                        /* read-write data: the run stores to this block */
} loc_entry;

typedef struct {
    loc_entry *slot;                     /* open addressing, linear probing, power-of-two size */
    size_t cap, used;
    loc_counts n;
} loc_table;

/* A zeroed loc_table is ready (loc_read allocates on first use); loc_init does it explicitly. */
bool loc_init(loc_table *t);
void loc_free(loc_table *t);
/* A read request for `line` accepted at cycle `now` (non-decreasing). False: out of memory. */
bool loc_read(loc_table *t, uint64_t line, uint64_t now);
/* The block `line` is read-write data (the run stores to it). False: out of memory. */
bool loc_mark_written(loc_table *t, uint64_t line);
/* Ratio of window k: local[k] / reads (0 without reads). */
double loc_ratio(const loc_counts *c, unsigned k);
/* Share of window k's locality on read-write blocks: local_rw[k] / local[k] (0 without locality). */
double loc_rw_share(const loc_counts *c, unsigned k);
/* {"reads": N, "window_120": ratio, ..., "read_write_120": share, ...} as a cJSON object (void * to keep cJSON out of the header). */
void *loc_json(const loc_counts *c);

#endif
