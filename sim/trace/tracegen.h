/* Trace generators for the access patterns of the seeds, over the real data of the memory
 * image (docs/sim.md, "Trace generators"):
 *   stream    grid-stride streaming over a float array (kmeans), one write per four reads
 *   stencil   5-point stencil rows over hotspot; each SM owns a band of rows and reads the halo
 *             rows of its neighbours (inter-SM sharing)
 *   mapreduce SMs grouped in pairs; both SMs of a pair read the same input chunk (lud)
 *   graph     BFS over the real graph: node records, their edge lists, then the cost of each
 *             neighbour (irregular addresses from the data itself)
 *   partial   strided accesses touching one 32-byte sub-block per access (fashion-mnist bytes)
 *   mix       SMs split into five contiguous groups, one pattern each (the default workload)
 *   atax      PolyBench ATAX kernel 1: 32-line loads of A rows, x broadcast (rd1-heavy; not in the mix)
 *   lud       Rodinia lud_internal: row- and column-panel tiles shared by SMs (not in the mix)
 * Config key gen_share (0 = the patterns above): mapreduce groups of gen_share SMs instead of
 * pairs; stencil tiles gen_share lines wide whose halo lines the neighbouring SMs read in step. */
#ifndef SIM_TRACEGEN_H
#define SIM_TRACEGEN_H

#include <stdbool.h>
#include <stddef.h>
#include "util/config.h"
#include "mem/memimg.h"
#include "trace/trace.h"

/* per_warp accesses for every warp of every SM of cfg. */
bool tracegen(const char *pattern, const sim_config *cfg, const mem_image *img, unsigned per_warp, trace_t *out,
              char *err, size_t err_len);
const char *tracegen_patterns(void);
/* pattern names a generator (the command line checks --pattern before anything runs). */
bool tracegen_known(const char *pattern);

#endif
