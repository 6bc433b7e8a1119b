/* The memory coalescing unit with seed 000's request analyzer (../shared/seeds/000 sec. 3.1,
 * "4-bitmap setter in each memory coalescing unit"): the per-thread addresses of one warp memory
 * instruction become 128-byte line requests, each with the 4-bit map of the 32-byte sub-blocks
 * its threads touch. That map is the request's critical map: it is trace_access.mask, which the
 * data-filtering path (gpu_sm.c issue_read_filtered -> txn.map -> the MC's DF-TRUC / DF-MAN
 * filter) already carries, so DF-TRUC's maps come from the threads' real addresses. */
#ifndef SIM_COALESCE_H
#define SIM_COALESCE_H

#include <stdint.h>
#include "trace/trace.h"

#define COALESCE_MAX_LINES 64u   /* 32 threads x (<= 16 bytes: at most 2 lines each) */

/* addr[i] is thread i's byte address, used when bit i of active is set; each thread reads or
 * writes `bytes` bytes (1..16) from its address. Writes the line requests (addr = the line's
 * first byte, mask = touched sub-blocks) in order of the lowest thread touching each line;
 * returns their number. */
unsigned coalesce_warp(const uint64_t addr[32], uint32_t active, unsigned bytes, trace_access out[COALESCE_MAX_LINES]);

#endif
