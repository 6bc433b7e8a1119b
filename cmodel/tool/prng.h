/* splitmix64 (Steele, Lea, Flood 2014): the CLI's one deterministic PRNG. Golden vectors
 * must not depend on the C library's rand(), so every generator seeds one of these. */
#ifndef NP_PRNG_H
#define NP_PRNG_H

#include <stdint.h>

typedef struct {
    uint64_t state;
} prng;

static inline void prng_seed(prng *p, uint64_t seed) {
    p->state = seed;
}

static inline uint64_t prng_next(prng *p) {
    uint64_t z = (p->state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* Uniform in 0 .. n-1 (n > 0); the modulo bias is irrelevant for test stimulus. */
static inline uint64_t prng_below(prng *p, uint64_t n) {
    return prng_next(p) % n;
}

static inline void prng_fill(prng *p, uint8_t *buf, unsigned n) {
    for (unsigned i = 0; i < n; i++) {
        buf[i] = (uint8_t)prng_next(p);
    }
}

#endif
