/* The critical data tracker's measurements (seed 000 sec. 2 and 3.2-3.3; docs/sim.md "Miss types
 * and block usage"): the newly defined misses FM / SM / HI (Table 3.1), and for every L1 block the
 * sub-blocks its reads used from its fill to its eviction (Fig. 2.1, 2.3) with its consistency
 * (CA / ICA, Fig. 2.6). The consistency bit is also what the windows manager reads (rcwm.h). */
#ifndef SIM_CDT_H
#define SIM_CDT_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    uint64_t fm, sm, hi;          /* first miss, subsequent miss, hit but invalid (Table 3.1) */
    uint64_t ca[5], ica[5];       /* blocks retired, by sub-blocks used (1..4) and consistency */
    uint64_t resident;            /* of those, retired at the end of the run (never evicted) */
    /* the request controller (rc = 1, docs/rcwm.md): its decisions by reason, and its setting */
    uint64_t rc_decisions[5];
    unsigned rc, rc_window, rc_ica_pct, rc_fdr_pct;
} cdt_stats;

/* One block's (or MSHR's) demand: the OR of the critical maps of the reads that used it, and
 * whether one of them needed a sub-block outside the maps before it (inconsistent access). */
typedef struct {
    uint8_t used;
    uint8_t ica;
} cdt_demand;

/* A read with critical map `mask` uses the block or joins the MSHR. */
static inline void cdt_use(cdt_demand *d, unsigned mask) {
    if (d->used && (mask & ~(unsigned)d->used)) d->ica = 1;
    d->used = (uint8_t)(d->used | mask);
}
/* A fill brings an MSHR's demand into a block: a new block takes it, a present one adds it. */
static inline void cdt_merge(cdt_demand *block, const cdt_demand *mshr) {
    if (block->used && (mshr->used & ~(unsigned)block->used)) block->ica = 1;
    block->used = (uint8_t)(block->used | mshr->used);
    block->ica = (uint8_t)(block->ica | mshr->ica);
}
/* The block leaves the L1 (evicted, or still there at the end of the run): counted and cleared.
 * Blocks no read used (used = 0: an empty way) are not counted. */
void cdt_retire(cdt_stats *st, cdt_demand *block, bool at_end);

/* Mean fraction of a block's four sub-blocks used until eviction (Fig. 2.1); 0 with no block. */
double cdt_usage_fraction(const cdt_stats *st);
uint64_t cdt_blocks(const cdt_stats *st);
/* Share of FM, SM, HI among the three (Fig. 5.6); 0 with no miss. */
double cdt_miss_fraction(const cdt_stats *st, uint64_t count);

/* JSON objects "miss_types" and "l1_block_usage" (docs/sim.md "Miss types and block usage"), and
 * their line of the text report. */
struct cJSON;
void cdt_json(const cdt_stats *st, struct cJSON *run);
void cdt_print(const cdt_stats *st, void *file);

#endif
