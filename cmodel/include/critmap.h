/* Critical-map generator for the data-filtering modes (docs/dpc.md section 9).
 *
 * Until the system simulator supplies real maps, DF-TRUC and DF-MAN measurements take their
 * maps from here: either one fixed map for every line, or maps drawn from the access-pattern
 * mix of the seed's chapter 2 (CA types 32/64/96/128 bytes: contiguous sub-blocks; ICA types
 * 64/96/128 bytes: non-contiguous) with documented weights and a seeded PRNG
 * (xoshiro256** seeded by splitmix64, the harnesses' generator). Same seed, same maps.
 *
 * Maps are 4-bit values, bit k = sub-block k. Text uses the seed's order, sub-block 0 first:
 * "1000" is 0b0001 (docs/dpc.md section 1). No global state. */
#ifndef CRITMAP_H
#define CRITMAP_H

#include <stdbool.h>
#include <stdint.h>
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    CRITMAP_CA32 = 0,
    CRITMAP_CA64,
    CRITMAP_CA96,
    CRITMAP_CA128,
    CRITMAP_ICA64,
    CRITMAP_ICA96,
    CRITMAP_ICA128,
    CRITMAP_TYPES
} critmap_type;

typedef enum { CRITMAP_FIXED = 0, CRITMAP_MIX = 1 } critmap_kind;

typedef struct {
    critmap_kind kind;
    unsigned fixed_map;      /* CRITMAP_FIXED */
    uint64_t s[4];           /* CRITMAP_MIX: xoshiro256** state */
} critmap_gen;

/* Every draw returns map (1..15). NP_BAD_PARAM for map 0 or above 15. */
np_result critmap_init_fixed(critmap_gen *g, unsigned map);
/* Draws from the access-type mix with this seed. */
np_result critmap_init_mix(critmap_gen *g, uint64_t seed);

/* Next map; *type (may be NULL) gets the access type it was drawn from (fixed: the type whose
 * maps include it). Returns 0 for a NULL or uninitialised generator. */
unsigned critmap_next(critmap_gen *g, critmap_type *type);

/* The mix: weight of each type in parts per 100 (they sum to 100), and its maps (drawn
 * uniformly within the type). critmap_type_maps writes up to 4 maps and returns the count. */
unsigned critmap_type_weight(critmap_type t);
unsigned critmap_type_maps(critmap_type t, unsigned maps[4]);
const char *critmap_type_name(critmap_type t);   /* "CA32", ..., "ICA128" */
/* The access type whose map set contains map (0 -> CRITMAP_TYPES). */
critmap_type critmap_type_of(unsigned map);

/* "1000" (sub-block 0 first, exactly 4 characters of 0/1, not all 0) -> 0b0001. */
bool critmap_parse(const char *text, unsigned *map);
/* 0b0001 -> "1000"; out holds 5 chars. */
void critmap_format(unsigned map, char out[5]);

/* The seeded PRNG used by the mix, exposed for the harness and vector generators so they
 * share one definition: seed like critmap_init_mix, then draw. */
uint64_t critmap_rng_next(uint64_t s[4]);
void critmap_rng_seed(uint64_t s[4], uint64_t seed);

#ifdef __cplusplus
}
#endif
#endif
