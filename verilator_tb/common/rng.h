// Seeded pseudo-random numbers for the harnesses: xoshiro256** seeded through splitmix64.
// Every random decision of a run comes from an Rng derived from the run's --seed, so a run is
// replayed exactly by giving the same seed (never rand(): its state is global and its
// sequence differs between C libraries).
#ifndef NP_TB_RNG_H
#define NP_TB_RNG_H

#include <cstdint>

namespace tb {

// splitmix64: turns any 64-bit value (including 0) into a well-mixed one; used to seed
// xoshiro and to derive independent streams from one seed.
inline uint64_t splitmix64(uint64_t &state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

class Rng {
public:
    // `stream` separates independent sequences drawn from the same seed (stimulus data,
    // handshake timing, side-band writes), so changing how often one is consulted does not
    // shift the others.
    explicit Rng(uint64_t seed = 1, uint64_t stream = 0) { reseed(seed, stream); }

    void reseed(uint64_t seed, uint64_t stream = 0) {
        uint64_t sm = seed ^ (stream * 0xD1B54A32D192ED03ull);
        for (uint64_t &word : s_) word = splitmix64(sm);
    }

    uint64_t next() {
        const uint64_t result = rotl(s_[1] * 5, 7) * 9;
        const uint64_t t = s_[1] << 17;
        s_[2] ^= s_[0];
        s_[3] ^= s_[1];
        s_[1] ^= s_[2];
        s_[0] ^= s_[3];
        s_[2] ^= t;
        s_[3] = rotl(s_[3], 45);
        return result;
    }

    uint32_t next32() { return static_cast<uint32_t>(next() >> 32); }

    // Uniform in [0, n) for n >= 1 (Lemire's multiply-shift; the bias is below 2^-32 for the
    // ranges used here, far too small to matter for stimulus).
    uint64_t below(uint64_t n) {
        return static_cast<uint64_t>((static_cast<unsigned __int128>(next()) * n) >> 64);
    }

    // Uniform in [lo, hi], inclusive.
    uint64_t range(uint64_t lo, uint64_t hi) { return lo + below(hi - lo + 1); }

    // True with probability p (p <= 0: never, p >= 1: always).
    bool chance(double p) {
        if (p <= 0.0) return false;
        if (p >= 1.0) return true;
        return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0) < p;
    }

    // Low `bits` bits random (bits 0..64).
    uint64_t bits(unsigned n) { return n >= 64 ? next() : (next() & ((1ull << n) - 1)); }

private:
    static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    uint64_t s_[4];
};

}  // namespace tb

#endif
