/* Critical-map generator: docs/dpc.md section 9. */
#include "critmap.h"

#include <stddef.h>

#define MAP_FULL 0xFu
#define WEIGHT_TOTAL 100u

/* Per access type: weight (parts per 100) and its maps, bit k = sub-block k. CA types are the
 * contiguous runs of 1, 2, 3, 4 sub-blocks at every position; ICA types the non-contiguous
 * sets of 2 and 3 sub-blocks, and the whole line (seed 2.2: "32 byte size is not contemplated
 * for ICA"). Together they cover all 15 maps; 1111 belongs to both CA128 and ICA128. */
typedef struct {
    const char *name;
    unsigned weight;
    unsigned count;
    unsigned maps[4];
} type_info;

static const type_info TYPES[CRITMAP_TYPES] = {
    [CRITMAP_CA32] = {"CA32", 45u, 4u, {0x1u, 0x2u, 0x4u, 0x8u}},
    [CRITMAP_CA64] = {"CA64", 25u, 3u, {0x3u, 0x6u, 0xCu, 0u}},
    [CRITMAP_CA96] = {"CA96", 20u, 2u, {0x7u, 0xEu, 0u, 0u}},
    [CRITMAP_CA128] = {"CA128", 4u, 1u, {0xFu, 0u, 0u, 0u}},
    [CRITMAP_ICA64] = {"ICA64", 3u, 3u, {0x5u, 0x9u, 0xAu, 0u}},
    [CRITMAP_ICA96] = {"ICA96", 2u, 2u, {0xBu, 0xDu, 0u, 0u}},
    [CRITMAP_ICA128] = {"ICA128", 1u, 1u, {0xFu, 0u, 0u, 0u}},
};

/* ---- PRNG: xoshiro256** seeded by splitmix64 (as verilator_tb/common/rng.h) ------------- */

static uint64_t splitmix64(uint64_t *state) {
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, unsigned k) {
    return (x << k) | (x >> (64u - k));
}

void critmap_rng_seed(uint64_t s[4], uint64_t seed) {
    uint64_t sm = seed;
    for (unsigned i = 0; i < 4; i++) {
        s[i] = splitmix64(&sm);
    }
}

uint64_t critmap_rng_next(uint64_t s[4]) {
    uint64_t result = rotl(s[1] * 5u, 7) * 9u;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* Uniform in [0, n) from the top 32 bits (multiply-shift; n is at most 100 here). */
static unsigned draw_below(uint64_t s[4], unsigned n) {
    return (unsigned)(((critmap_rng_next(s) >> 32) * (uint64_t)n) >> 32);
}

/* ---- generator ------------------------------------------------------------------------- */

np_result critmap_init_fixed(critmap_gen *g, unsigned map) {
    if (g == NULL || map == 0u || map > MAP_FULL) {
        return NP_BAD_PARAM;
    }
    g->kind = CRITMAP_FIXED;
    g->fixed_map = map;
    critmap_rng_seed(g->s, 0);
    return NP_OK;
}

np_result critmap_init_mix(critmap_gen *g, uint64_t seed) {
    if (g == NULL) {
        return NP_BAD_PARAM;
    }
    g->kind = CRITMAP_MIX;
    g->fixed_map = 0;
    critmap_rng_seed(g->s, seed);
    return NP_OK;
}

static critmap_type draw_type(uint64_t s[4]) {
    unsigned r = draw_below(s, WEIGHT_TOTAL);
    for (unsigned t = 0; t < CRITMAP_TYPES; t++) {
        if (r < TYPES[t].weight) {
            return (critmap_type)t;
        }
        r -= TYPES[t].weight;
    }
    return CRITMAP_CA128; /* unreachable: the weights sum to WEIGHT_TOTAL */
}

unsigned critmap_next(critmap_gen *g, critmap_type *type) {
    if (g == NULL || (g->kind == CRITMAP_FIXED && (g->fixed_map == 0u || g->fixed_map > MAP_FULL))) {
        if (type != NULL) {
            *type = CRITMAP_TYPES;
        }
        return 0;
    }
    if (g->kind == CRITMAP_FIXED) {
        if (type != NULL) {
            *type = critmap_type_of(g->fixed_map);
        }
        return g->fixed_map;
    }
    critmap_type t = draw_type(g->s);
    if (type != NULL) {
        *type = t;
    }
    return TYPES[t].maps[draw_below(g->s, TYPES[t].count)];
}

unsigned critmap_type_weight(critmap_type t) {
    return t < CRITMAP_TYPES ? TYPES[t].weight : 0u;
}

unsigned critmap_type_maps(critmap_type t, unsigned maps[4]) {
    if (t >= CRITMAP_TYPES || maps == NULL) {
        return 0;
    }
    for (unsigned i = 0; i < TYPES[t].count; i++) {
        maps[i] = TYPES[t].maps[i];
    }
    return TYPES[t].count;
}

const char *critmap_type_name(critmap_type t) {
    return t < CRITMAP_TYPES ? TYPES[t].name : "?";
}

critmap_type critmap_type_of(unsigned map) {
    for (unsigned t = 0; t < CRITMAP_TYPES; t++) {
        for (unsigned i = 0; i < TYPES[t].count; i++) {
            if (TYPES[t].maps[i] == map) {
                return (critmap_type)t;
            }
        }
    }
    return CRITMAP_TYPES;
}

/* ---- text ------------------------------------------------------------------------------ */

bool critmap_parse(const char *text, unsigned *map) {
    if (text == NULL || map == NULL) {
        return false;
    }
    unsigned m = 0;
    for (unsigned k = 0; k < 4; k++) {
        if (text[k] != '0' && text[k] != '1') {
            return false;
        }
        m |= (unsigned)(text[k] - '0') << k;
    }
    if (text[4] != '\0' || m == 0u) {
        return false;
    }
    *map = m;
    return true;
}

void critmap_format(unsigned map, char out[5]) {
    if (out == NULL) {
        return;
    }
    for (unsigned k = 0; k < 4; k++) {
        out[k] = (char)('0' + ((map >> k) & 1u));
    }
    out[4] = '\0';
}
