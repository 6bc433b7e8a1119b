/* The simulator's one PRNG: xoshiro256** seeded through splitmix64 (never rand()).
 * Every random choice of a run draws from the run's sim_rng, so a seed fixes the run. */
#ifndef SIM_RNG_H
#define SIM_RNG_H

#include <math.h>
#include <stdint.h>

typedef struct {
    uint64_t s[4];
} sim_rng;

static inline uint64_t sim_splitmix64(uint64_t *x) {
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static inline void sim_rng_seed(sim_rng *r, uint64_t seed) {
    for (int i = 0; i < 4; i++) r->s[i] = sim_splitmix64(&seed);
}

static inline uint64_t sim_rng_next(sim_rng *r) {
    uint64_t *s = r->s;
    uint64_t t = s[1] << 17;
    uint64_t rot = s[1] * 5;
    uint64_t result = ((rot << 7) | (rot >> 57)) * 9;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return result;
}

/* Uniform integer in [0, n), n > 0 (Lemire's multiply-shift; the bias is below 2^-32). */
static inline uint32_t sim_rng_below(sim_rng *r, uint32_t n) {
    return (uint32_t)(((sim_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Uniform double in [0, 1). */
static inline double sim_rng_unit(sim_rng *r) {
    return (double)(sim_rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* The bound b (for 0 <= p <= 1) with (sim_rng_next(r) >> 11) < b exactly when sim_rng_unit(r) < p
 * would be for the same draw: the unit draw is a 53-bit integer times 2^-53, below p when the
 * integer is below p * 2^53 (exact: a power-of-two scaling), i.e. below its ceiling. A loop that
 * draws often (a Bernoulli trial per node and cycle) compares integers instead. */
static inline uint64_t sim_rng_unit_bound(double p) {
    return (uint64_t)ceil(p * 9007199254740992.0);
}

#endif
