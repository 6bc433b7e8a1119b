/* The bypass-aware (BA) L1 tag unit: C golden model of docs/ba.md.
 *
 * A set-associative tag array (no data) that decides, per access, what an L1 data cache does
 * with it (seed 002, Wang 2016, section 5.4): every line holds valid, tag, a reuse bit, a
 * bypass bit and a true-LRU age. In BA mode a read that misses while every line of its set is
 * valid is *bypassed*: it goes to memory around the cache, and a victim line only records its
 * tag (bypass bit 1, no data). A later read of that tag is a *pseudo hit*: the data is fetched
 * and filled, the bypass bit cleared. Victims come from the never-reused lines unless fewer
 * than `threshold` of them are left (docs/ba.md 3.4). LRU mode is the conventional cache of
 * the same geometry: the baseline.
 *
 * Two levels of API:
 * - ba_init / ba_access / ba_free: a whole tag unit (what the system simulator calls).
 * - the stages of the RTL (rtl/ba/): ba_lookup (tag compare), ba_victim (replacement),
 *   ba_decide (outcome), ba_touch (LRU age update), ba_apply (the set's next state); ba_access
 *   is exactly their composition, so each RTL submodule can be checked alone.
 * No global state: the caller owns the ba_cache. */
#ifndef BA_H
#define BA_H

#include <stdbool.h>
#include <stdint.h>
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BA_MODEL_VERSION "1.0"
#define BA_ADDR_BITS 41u          /* line address width (docs/conventions.md, Addresses) */
#define BA_MAX_WAYS 32u
#define BA_MAX_SETS 65536u
#define BA_DEFAULT_WAYS 8u        /* seed 002 Table 2: 16 KB as (16 sets, 8 ways) */
#define BA_DEFAULT_SETS 16u
#define BA_LINE_BYTES 128u

typedef enum { BA_MODE_LRU = 0, BA_MODE_BA = 1 } ba_mode;

/* The request kinds (RTL in_op_i: bit 1 invalidate, else bit 0 write; docs/ba.md 2). The
 * value 3 is decoded as the RTL does: invalidate-all. */
typedef enum { BA_OP_READ = 0, BA_OP_WRITE = 1, BA_OP_INVALIDATE = 2 } ba_op;

/* One outcome per access (RTL out_outcome_o, 3 bits; docs/ba.md 3). */
typedef enum {
    BA_HIT = 0,          /* read, tag matches a line holding data */
    BA_MISS_FILL = 1,    /* read miss, a free line is filled */
    BA_MISS_EVICT = 2,   /* read miss, set full, LRU mode: the victim is evicted and refilled */
    BA_BYPASS = 3,       /* read miss, set full, BA mode: victim's tag overwritten, no fill */
    BA_PSEUDO_HIT = 4,   /* read, tag matches a tag-only line: fetch + fill, bypass bit cleared */
    BA_WRITE_EVICT = 5,  /* write whose tag matches a line: the line is invalidated */
    BA_WRITE_AROUND = 6, /* write that matches nothing: no change (write-no-allocate) */
    BA_INVALIDATED = 7   /* invalidate-all: every line free, LRU order as after reset */
} ba_outcome;
#define BA_OUTCOMES 8u

typedef struct {
    unsigned sets;       /* power of two, 1 .. BA_MAX_SETS */
    unsigned ways;       /* 1 .. BA_MAX_WAYS */
    unsigned addr_bits;  /* line address bits, log2(sets) .. 64 (RTL AddrBits) */
    unsigned threshold;  /* BA mode: 0 .. ways (docs/ba.md 3.4); ignored in LRU mode */
    ba_mode mode;
} ba_config;

/* One line of the tag array (no data is modelled). */
typedef struct {
    bool valid;
    bool reuse;          /* set on a tag match, clear on allocation */
    bool bypass;         /* the line holds only a bypassed access's tag, no data */
    uint8_t age;         /* true LRU: 0 most recent .. ways-1 least recent; a permutation */
    uint64_t tag;
} ba_line;

typedef struct {
    ba_config cfg;
    unsigned index_bits;
    unsigned tag_bits;
    ba_line *line;                 /* sets * ways lines, set-major (malloc'd by ba_init) */
    uint64_t count[BA_OUTCOMES];   /* accesses per outcome since init or ba_reset */
} ba_cache;

/* What one access did (RTL out_* fields: outcome, way, victim_valid, victim_tag). */
typedef struct {
    ba_outcome outcome;
    unsigned set;
    unsigned way;          /* the line hit, filled, bypass-tagged or invalidated; 0 otherwise */
    bool victim_valid;     /* MISS_EVICT, BYPASS: a valid line's tag was replaced */
    uint64_t victim_tag;   /* its old tag (0 unless victim_valid) */
    bool victim_had_data;  /* the victim held data (its bypass bit was 0): model only */
} ba_result;

/* The defaults for `ways` (8 or 4 give 16 KB with 128-byte lines): sets = 128 / ways,
 * addr_bits = 41, threshold = ways / 2. */
void ba_config_default(ba_config *cfg, unsigned ways, ba_mode mode);
np_result ba_config_check(const ba_config *cfg);
/* Allocates the array; every line free. NP_BAD_PARAM for a bad configuration (cache left
 * empty: line == NULL). */
np_result ba_init(ba_cache *c, const ba_config *cfg);
void ba_free(ba_cache *c);
/* The state after reset (every line free, ages = way index) and counts cleared. */
void ba_reset(ba_cache *c);

/* One access: `line_addr` is a line address (byte address >> 7); bits above addr_bits are
 * ignored, as the RTL's port is addr_bits wide. */
ba_result ba_access(ba_cache *c, uint64_t line_addr, ba_op op);

/* Set index and tag of a line address. */
unsigned ba_set_of(const ba_cache *c, uint64_t line_addr);
uint64_t ba_tag_of(const ba_cache *c, uint64_t line_addr);
/* The lines of one set (ways entries). */
const ba_line *ba_set_lines(const ba_cache *c, unsigned set);

/* ---- stages (RTL submodules, docs/ba.md 5) ------------------------------------------- */

/* ba_lookup: tag compare over one set. */
typedef struct {
    bool match;          /* a valid line holds the tag */
    unsigned match_way;  /* its way (a set never holds a tag twice); 0 without a match */
    bool match_bypass;   /* that line's bypass bit */
    bool has_free;       /* some line is invalid */
    unsigned free_way;   /* the lowest invalid way; 0 without one */
} ba_lookup_out;
ba_lookup_out ba_lookup(const ba_line *set, unsigned ways, uint64_t tag);

/* ba_victim: the line a read miss replaces when every line is valid. LRU mode: the oldest.
 * BA mode: n0 = lines with reuse 0; the group is reuse 0 when n0 >= max(threshold, 1), else
 * reuse 1; the victim is the oldest line of the group (docs/ba.md 3.4). */
unsigned ba_victim(const ba_line *set, unsigned ways, ba_mode mode, unsigned threshold);

/* ba_decide: the outcome from the request and the lookup. */
ba_outcome ba_decide(ba_mode mode, ba_op op, const ba_lookup_out *lk);

/* ba_touch: makes `way` the most recent line (ages below its own age grow by one). */
void ba_touch(ba_line *set, unsigned ways, unsigned way);

/* ba_apply: the set's next state for an outcome at `way` (invalidate-all is per cache, not
 * per set: see ba_access). LRU mode never sets a reuse bit (the RTL has none). */
void ba_apply(ba_line *set, unsigned ways, ba_mode mode, ba_outcome outcome, unsigned way,
              uint64_t tag);

/* "hit", "miss_fill", ... (stable names for reports and coverage). NULL outside the enum. */
const char *ba_outcome_name(ba_outcome o);
/* True when the outcome sends a request to memory (everything but HIT and INVALIDATED;
 * writes go to memory in both write outcomes). */
bool ba_outcome_goes_to_memory(ba_outcome o);

#ifdef __cplusplus
}
#endif
#endif
