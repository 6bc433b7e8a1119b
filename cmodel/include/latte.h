/* LATTE-CC (seed 004, Arunkumar et al., HPCA 2018): C golden model of docs/latte.md.
 *
 * Two hardware blocks, each a C model the RTL mirrors (rtl/latte/):
 *
 * 1. The controller (latte_ctrl): experimental phases (EPs) of 256 L1 accesses, periods of 10
 *    EPs (1 learning + 9 adaptive), modified set sampling (4 dedicated sets per mode), the
 *    N_hit / N_miss counters, the latency-tolerance accumulator (eq. 4), the decompression-queue
 *    estimate (eq. 3) and the AMAT_GPU comparison (eq. 1-2) that picks the compression mode.
 *    Events in, one decision out per event: latte_ctrl_event (or the per-kind wrappers
 *    latte_ctrl_access / latte_ctrl_lt_sample / latte_ctrl_configure / latte_ctrl_restart).
 *
 * 2. The compressed L1's tag logic (latte_tags): 4x tags per set over 32-byte sub-blocks, tag
 *    match, sub-block accounting, LRU victims until the new line fits, the set's data offsets
 *    (segments kept contiguous in tag order), write-evict, invalidation by policy.
 *
 * Plain C, caller-owned state structs, no globals, no allocation: a simulator keeps one
 * latte_ctrl and one latte_tags per SM and calls them per L1 access and per schedule sample.
 * Stage functions (latte_set_role, latte_access_policy, latte_ema, latte_estimate,
 * latte_choose, latte_tags_lookup, latte_tags_victims, ...) are the RTL's submodules / steps. */
#ifndef LATTE_H
#define LATTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define LATTE_MODEL_VERSION "1.0"

/* ---- compression modes / per-tag compression_policy (docs/latte.md 3) --------------------- */
typedef enum {
    LATTE_MODE_NONE = 0,   /* no compression (Default) */
    LATTE_MODE_LL = 1,     /* low-latency: BDI */
    LATTE_MODE_HC = 2      /* high-capacity: SC (or BPC in LATTE-CC-BDI-BPC) */
} latte_mode;
#define LATTE_MODES 3u

/* ---- seed parameters (sec. IV-C-3, Table II) ------------------------------------------------ */
#define LATTE_EP_ACCESSES 256u      /* "each EP being 256 L1 cache accesses long" */
#define LATTE_PERIOD_EPS 10u        /* "10 EPs to form a period" (1 learning + 9 adaptive) */
#define LATTE_DEDICATED_PER_MODE 4u /* "four dedicated sets per compression mode" */
#define LATTE_SETS 32u              /* 16 KB, 128-byte lines, 4 ways (Table II) */
#define LATTE_EMA_SHIFT 5u          /* averages of eq. 3/4 are EMAs with weight 1/32 (doc 5.2) */

/* Input ranges (RTL port widths). */
#define LATTE_WARPS_MAX 63u         /* ready warps per sample, 6 bits (Table II: 48 per SM) */
#define LATTE_CYCLES_MAX 255u       /* execution cycles per schedule, 8 bits (caller saturates) */
#define LATTE_QPOS_MAX 63u          /* decompression-queue insertion position, 6 bits */
#define LATTE_HIT_LAT_MAX 255u      /* cfg: base L1 hit latency, 8 bits */
#define LATTE_DLAT_MAX 63u          /* cfg: decompression latency per mode, 6 bits */
#define LATTE_MISS_LAT_MAX 1023u    /* cfg: miss latency, 10 bits */

/* The policy the controller follows (docs/latte.md 7). */
typedef enum {
    LATTE_POLICY_LATTE = 0,      /* LATTE-CC: AMAT_GPU with latency tolerance */
    LATTE_POLICY_HIT_COUNT = 1,  /* Adaptive-Hit-Count: no hit penalty at all (min miss ratio) */
    LATTE_POLICY_CMP = 2,        /* Adaptive-CMP: decompression latency, latency tolerance 0 */
    LATTE_POLICY_STATIC = 3      /* one mode everywhere, no sampling (Static-BDI, Static-SC,
                                  * and each of Kernel-OPT's per-kernel choices) */
} latte_policy;

/* Run-time configuration (loaded by a CONFIG event; the RTL's config registers). */
typedef struct {
    latte_policy policy;
    latte_mode static_mode;      /* the mode under LATTE_POLICY_STATIC */
    unsigned hit_lat;            /* base L1 hit latency, cycles (0..255) */
    unsigned dlat[LATTE_MODES];  /* decompression latency per mode; dlat[NONE] must be 0 */
    unsigned miss_lat;           /* L1 miss latency, cycles (1..1023) */
} latte_params;

/* Geometry (RTL parameters). */
typedef struct {
    unsigned sets;               /* L1 sets: power of two, 16..65536 (dedicated-set stride >= 4) */
    unsigned ep_accesses;        /* accesses per EP: 1..65535 */
    unsigned period_eps;         /* EPs per period: 3..15 (learning EP, hit EP, >= 1 more) */
} latte_geometry;

/* Defaults: the seed's geometry (32 sets, EP 256, period 10) and parameters (LATTE-CC, hit 1,
 * BDI 2 and SC 14 cycles of decompression (sec. IV-C), miss 120 = Table II's minimum L2
 * latency). The simulator replaces the latencies with its own. */
void latte_geometry_default(latte_geometry *g);
void latte_params_default(latte_params *p);
np_result latte_geometry_check(const latte_geometry *g);
np_result latte_params_check(const latte_params *p);

/* ---- controller state ------------------------------------------------------------------------ */
typedef struct {
    latte_geometry geo;
    latte_params cfg;
    unsigned ep_count;           /* accesses so far in this EP (0 .. ep_accesses-1) */
    unsigned ep;                 /* EP index in the period (0 = learning) */
    bool first_period;           /* the VFT is also built in EP 0 of the first period */
    latte_mode mode;             /* the winning mode the follower sets apply */
    unsigned n_hit[LATTE_MODES]; /* hits in each mode's dedicated sets, EPs 0 and 1 */
    unsigned n_miss[LATTE_MODES];/* insertions in each mode's dedicated sets, EP 0 */
    unsigned s_warps;            /* EMA accumulators: value * 2^LATTE_EMA_SHIFT at steady state */
    unsigned s_cycles;
    unsigned s_qpos;
    uint64_t decisions;          /* statistics (not in hardware): mode choices made */
} latte_ctrl;

/* Event kinds (RTL in_kind_i). */
typedef enum {
    LATTE_EV_ACCESS = 0,         /* one L1 access: set, outcome, hit line's policy, queue pos */
    LATTE_EV_LT_SAMPLE = 1,      /* one schedule: ready warps, execution cycles (eq. 4) */
    LATTE_EV_CONFIG = 2,         /* load latte_params */
    LATTE_EV_RESTART = 3         /* kernel boundary: state as after reset, params kept */
} latte_event_kind;

/* Access outcome (RTL in_acc_i, 2 bits: bit 1 write, else bit 0 hit; 3 decodes as write). */
typedef enum { LATTE_ACC_MISS = 0, LATTE_ACC_HIT = 1, LATTE_ACC_WRITE = 2 } latte_acc;

typedef struct {
    latte_event_kind kind;
    /* ACCESS */
    unsigned set;                /* set index, 0 .. sets-1 */
    unsigned acc;                /* latte_acc (0..3) */
    unsigned hit_policy;         /* compression_policy of the hit line (hits only; 0..2) */
    unsigned qpos;               /* hits: lines ahead in the decompression queue (0..63) */
    /* LT_SAMPLE */
    unsigned warps;              /* ready warps at the schedule (0..63) */
    unsigned cycles;             /* cycles the scheduled warp executed (0..255) */
    /* CONFIG */
    latte_params params;
} latte_event;

/* What the controller answers to one event (RTL out_* fields). */
typedef struct {
    latte_mode policy;           /* ACCESS: the mode this access's fill uses (dedicated or
                                  * follower); other events: the follower mode */
    latte_mode mode;             /* the follower mode while the event was processed */
    unsigned ep;                 /* EP index the event belonged to */
    bool ep_end;                 /* ACCESS: this access ended its EP (a decision was made) */
    bool vft_sample;             /* ACCESS: in a VFT-building EP: offer its fill to SC's VFT */
    bool rebuild;                /* ACCESS: ended a VFT-building EP: rebuild SC's code table and
                                  * invalidate the high-capacity lines (latte_tags, policy HC) */
} latte_decision;

void latte_ctrl_init(latte_ctrl *c, const latte_geometry *geo);   /* geometry must be valid */
np_result latte_ctrl_create(latte_ctrl *c, const latte_geometry *geo);  /* checks, then init */

/* One event; the RTL top does exactly this per accepted input. NP_BAD_PARAM (state unchanged)
 * for a NULL pointer, a kind outside the enum, or a field outside its range. */
np_result latte_ctrl_event(latte_ctrl *c, const latte_event *ev, latte_decision *out);

/* Per-kind wrappers of latte_ctrl_event (out may be NULL). */
np_result latte_ctrl_access(latte_ctrl *c, unsigned set, latte_acc acc, latte_mode hit_policy,
                            unsigned qpos, latte_decision *out);
np_result latte_ctrl_lt_sample(latte_ctrl *c, unsigned warps, unsigned cycles);
np_result latte_ctrl_configure(latte_ctrl *c, const latte_params *p);
np_result latte_ctrl_restart(latte_ctrl *c);

/* ---- controller stages ----------------------------------------------------------------------- */

/* Which mode a set is dedicated to: 0..2, or -1 for a follower set. With stride = sets / 4,
 * set s is dedicated to mode s mod stride when that is < 3 (docs/latte.md 4.2). */
int latte_set_role(const latte_geometry *g, unsigned set);
/* The mode an access to `set` uses in EP `ep` with follower mode `mode`. */
latte_mode latte_access_policy(const latte_ctrl *c, unsigned set);
/* One EMA step: s - (s >> LATTE_EMA_SHIFT) + x. */
unsigned latte_ema(unsigned s, unsigned x);
/* Latency tolerance (eq. 4) from the accumulators: (s_warps * s_cycles) >> (2 * shift). */
unsigned latte_lt(unsigned s_warps, unsigned s_cycles);

/* The AMAT_GPU terms of the three modes (docs/latte.md 5). */
typedef struct {
    unsigned lt;                 /* latency tolerance used (after the policy's override) */
    unsigned eff[LATTE_MODES];   /* effective decompression latency, eq. 3 */
    unsigned pen[LATTE_MODES];   /* max(hit_lat + eff - lt, 0): eq. 2's hit term */
    uint64_t total[LATTE_MODES]; /* N_hit * pen + N_miss * miss_lat: eq. 2's numerator */
    unsigned acc[LATTE_MODES];   /* N_hit + N_miss: its denominator */
} latte_estimate_out;
void latte_estimate(const latte_ctrl *c, latte_estimate_out *e);
/* The mode with the smallest AMAT_GPU (total / acc, compared by cross products), ties to the
 * lower mode, modes with acc 0 skipped; `current` when every acc is 0. */
latte_mode latte_choose(const latte_estimate_out *e, latte_mode current);

/* ---- compressed L1 tag logic ------------------------------------------------------------------ */
#define LATTE_SUBBLOCK_BYTES 32u
#define LATTE_LINE_SUBBLOCKS 4u     /* 128-byte line = 4 sub-blocks */
#define LATTE_MAX_TAGS 64u
#define LATTE_ADDR_BITS 41u

typedef struct {
    unsigned sets;               /* power of two, 1..65536 */
    unsigned tags;               /* tags per set: 2..64 (seed: 4 ways x 4 = 16) */
    unsigned subblocks;          /* 32-byte sub-blocks per set: 4..64 (seed: 4 ways x 4 = 16) */
    unsigned addr_bits;          /* line address bits (41) */
} latte_tags_config;

typedef struct {
    bool valid;
    uint64_t tag;
    uint8_t age;                 /* true LRU over all tags of the set: a permutation */
    uint8_t policy;              /* compression_policy: latte_mode the line was stored with */
    uint8_t size;                /* sub-blocks held, 1..4 (RTL: size - 1 in 2 bits) */
} latte_tag_line;

typedef struct {
    latte_tags_config cfg;
    unsigned index_bits, tag_bits;
    latte_tag_line *line;        /* sets * tags entries, caller-provided storage */
} latte_tags;

typedef enum {
    LATTE_TOP_READ = 0,          /* lookup: hit (touch) or miss (no change) */
    LATTE_TOP_WRITE = 1,         /* write-evict: a present line is invalidated */
    LATTE_TOP_FILL = 2,          /* insert with (policy, size): LRU victims until it fits */
    LATTE_TOP_INVALIDATE = 3     /* lines of one policy (0..2), or all (policy 3) */
} latte_tags_op;

typedef enum {
    LATTE_T_HIT = 0, LATTE_T_MISS = 1, LATTE_T_FILL = 2, LATTE_T_FILL_PRESENT = 3,
    LATTE_T_WRITE_EVICT = 4, LATTE_T_WRITE_AROUND = 5, LATTE_T_INVALIDATED = 6
} latte_tags_outcome;
#define LATTE_T_OUTCOMES 7u

typedef struct {
    latte_tags_outcome outcome;
    unsigned set;
    unsigned way;                /* hit / filled / write-evicted way; 0 otherwise */
    unsigned policy, size;       /* of that line (hit, fill, fill_present); 0 otherwise */
    unsigned offset;             /* its first sub-block in the set's compacted data (after the
                                  * request); 0 when there is no such line */
    uint64_t victims;            /* FILL: bit w = way w evicted to make room */
    unsigned free_subblocks;     /* of the set after the request */
} latte_tags_result;

/* storage: sets * tags entries owned by the caller (latte_tags_storage gives the count). */
size_t latte_tags_storage(const latte_tags_config *cfg);
void latte_tags_config_default(latte_tags_config *cfg);   /* 32 sets, 16 tags, 16 sub-blocks */
np_result latte_tags_config_check(const latte_tags_config *cfg);
np_result latte_tags_init(latte_tags *t, const latte_tags_config *cfg, latte_tag_line *storage,
                          size_t storage_entries);
void latte_tags_reset(latte_tags *t);    /* every line invalid, ages = way index */

/* One request. policy/size matter for FILL (policy 0..2, size 1..4) and INVALIDATE (policy
 * 0..3); NP_BAD_PARAM for anything outside. */
np_result latte_tags_access(latte_tags *t, uint64_t line_addr, latte_tags_op op, unsigned policy,
                            unsigned size, latte_tags_result *r);

unsigned latte_tags_set_of(const latte_tags *t, uint64_t line_addr);
uint64_t latte_tags_tag_of(const latte_tags *t, uint64_t line_addr);
const latte_tag_line *latte_tags_set_lines(const latte_tags *t, unsigned set);
/* Uncompressed bytes held by valid lines of the whole cache (effective capacity, Fig. 16). */
uint64_t latte_tags_effective_bytes(const latte_tags *t);

/* ---- tag-logic stages (RTL latte_tags steps) ------------------------------------------------ */
typedef struct {
    bool match;
    unsigned match_way;
    unsigned free_subblocks;     /* subblocks - sum of valid sizes */
} latte_tags_lookup_out;
latte_tags_lookup_out latte_tags_lookup(const latte_tag_line *set, unsigned tags,
                                        unsigned subblocks, uint64_t tag);
/* The valid lines a fill of `size` evicts: the oldest first, until a tag is free and at least
 * `size` sub-blocks are (a line is a victim iff the lines older than it do not free enough). */
uint64_t latte_tags_victims(const latte_tag_line *set, unsigned tags, unsigned free_subblocks,
                            unsigned size);
/* First sub-block of `way` in the compacted set: the sizes of valid lines of lower ways. */
unsigned latte_tags_offset(const latte_tag_line *set, unsigned way);
/* Makes `way` the most recent line. */
void latte_tags_touch(latte_tag_line *set, unsigned tags, unsigned way);

/* ---- line formats: compressed size -> sub-blocks (docs/latte.md 3.2) ------------------------ */
/* Sub-blocks of a compressed stream of `bits` bits: ceil(bits / 256), at least 1, at most 4. */
unsigned latte_subblocks(size_t bits);
/* How a line is stored in `mode` given its compressed length in that mode's codec: a stream
 * that needs all 4 sub-blocks is stored uncompressed (policy NONE: no decompression latency
 * for no capacity). NONE always stores 4 sub-blocks uncompressed. */
typedef struct {
    latte_mode policy;
    unsigned size;
} latte_line_format;
latte_line_format latte_format(latte_mode mode, size_t bits);
/* latte_format with the length from a registry codec (codec.h: "bdi", "sc", "bpc", ...);
 * state is the codec's compressor-side blob (NULL for stateless codecs). NP_BAD_PARAM for a
 * NULL codec or line in a compressed mode, or a codec that fails on the line. */
struct np_codec;
np_result latte_format_codec(latte_mode mode, const struct np_codec *codec, void *state,
                             const uint8_t line[128], latte_line_format *out);

const char *latte_mode_name(latte_mode m);            /* "none", "ll", "hc"; NULL outside */
const char *latte_tags_outcome_name(latte_tags_outcome o);

#ifdef __cplusplus
}
#endif
#endif
