/* Accel-Sim trace import (.traceg and kernelslist.g, NVBit's Accel-Sim tracer, versions 3-5):
 * the documented subset of docs/sim.md "Accel-Sim traces". Strict: anything outside it is an
 * error naming file:line. Addresses only: Accel-Sim traces carry no data values, so the memory
 * image (memimg.c, real data) still gives every line its contents. */
#ifndef SIM_TRACEG_H
#define SIM_TRACEG_H

#include <stdbool.h>
#include <stddef.h>
#include "trace/trace.h"

/* path: a kernelslist.g (its kernel-*.traceg files, read from the same directory in list order,
 * are kernel launches 0, 1, ...: trace_block.launch) or a .traceg (launch 0). Thread block k of
 * a launch goes to SM k mod max_sm as the next W warp ids of that SM (W warps per block; (k div
 * max_sm) * W .. in the first launch), below max_warp: with core = none max_warp is warps_per_sm (every block resident at
 * once), with core = sm the warp id limit, and the core model runs the blocks in warps_per_sm
 * slots as they free up (docs/sim.md). */
bool traceg_load(trace_t *t, const char *path, unsigned max_sm, unsigned max_warp, char *err, size_t err_len);

/* Class of a SASS opcode (the part before the first '.'); OP_CLASSES if not in the table. */
unsigned traceg_opcode_class(const char *opcode, bool *global, bool *shared);

#endif
