/* SM core model (docs/sim.md "Core model"): per SM up to warps_per_sm resident warps, each running its
 * trace instruction stream in order; schedulers_per_sm schedulers (the warp in slot k belongs to
 * scheduler k mod schedulers_per_sm, as in GPGPU-Sim), each issuing at most one warp instruction per
 * cycle, policy gto / lrr / youngest. A scoreboard per warp holds every register with a pending
 * write (all K registers of a .64/.128 result) and the cycle its value is ready; an instruction
 * issues when its sources and destinations are ready (RAW and WAW), its unit can start one
 * (initiation interval per class), and, for a global load/store, the SM's load/store unit is
 * free. The load/store unit sends one coalesced line request per cycle into the existing L1 /
 * MSHR path (gpu_sm.c); a load's registers are ready when its last line request completes (an L1
 * hit after l1_hit_latency, a miss when its fill arrives). BAR waits for every warp of the
 * thread block that has not finished. A trace may name more warps than warps_per_sm: the SM
 * runs its thread blocks in warps_per_sm slots, each block starting (in warp-id order) when
 * enough slots are free. Kernel launches (trace_block.launch) run one after another: a block of
 * launch k + 1 starts only after every block of launch k on every SM has retired. */
#ifndef SIM_CORE_H
#define SIM_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct gpu_system;
struct sm_t;

/* Why a scheduler issued nothing in a cycle, by priority: a warp had its operands ready but its
 * unit (or the load/store unit, or the L1's MSHRs) was busy; else one waited for a load; else for
 * a fixed-latency result; else every remaining warp was at a barrier; else no warp had an
 * instruction left (idle). */
enum { STALL_IDLE = 0, STALL_BARRIER, STALL_SCOREBOARD, STALL_MEMORY, STALL_STRUCTURAL, STALL_CAUSES };

#define CORE_TAG_STORE 0xFFFFu   /* memory-request tag of a store: nothing waits for its ack */
#define CORE_MAX_WARPS 65535u    /* warp ids of one SM (thread blocks run in warps_per_sm slots) */

bool core_build(struct gpu_system *g, char *err, size_t err_len);
void core_free(struct gpu_system *g);
/* Trace index of instruction `index` (0-based) of warp `warp` on SM `sm`, or UINT32_MAX. */
uint32_t core_inst_of(const struct gpu_system *g, unsigned sm, unsigned warp, uint32_t index);
/* One cycle of SM s: the load/store unit, then every scheduler. */
void core_step(struct gpu_system *g, struct sm_t *s);
/* True when SM s has issued every instruction and every result is written. */
bool core_sm_done(const struct gpu_system *g, const struct sm_t *s);
/* A line request tagged `tag` completed (read: its data is in; write: acknowledged). */
void core_access_done(struct gpu_system *g, struct sm_t *s, unsigned tag);
/* Close the open scheduling runs and copy the per-SM figures into g->st. */
void core_collect(struct gpu_system *g);
const char *core_stall_name(unsigned cause);

#endif
