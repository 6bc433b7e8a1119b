#include "bdi_stimulus.h"

namespace tb {

namespace {

void put_le(uint8_t *p, unsigned k, uint64_t v) {
    for (unsigned b = 0; b < k; b++) p[b] = static_cast<uint8_t>(v >> (8 * b));
}

// A delta in [-2^(m-1), 2^(m-1) - 1], often at the limits.
int64_t pick_delta(Rng &rng, unsigned m) {
    const int64_t lim = int64_t{1} << (m - 1);
    switch (rng.below(6)) {
    case 0: return -lim;
    case 1: return lim - 1;
    case 2: return 0;
    default: return static_cast<int64_t>(rng.below(static_cast<uint64_t>(2 * lim))) - lim;
    }
}

}  // namespace

void bdi_block(Rng &rng, uint8_t block[BDI_BLOCK_BYTES], unsigned *target) {
    static const unsigned kCodes[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 10};
    const unsigned code = kCodes[rng.below(sizeof kCodes / sizeof kCodes[0])];
    *target = code;
    if (code == BDI_ENC_RAW) {
        for (unsigned i = 0; i < BDI_BLOCK_BYTES; i++) block[i] = static_cast<uint8_t>(rng.next());
        return;
    }
    if (code == BDI_ENC_ZEROS) {
        for (unsigned i = 0; i < BDI_BLOCK_BYTES; i++) block[i] = 0;
        return;
    }
    // Base/delta shape (a near miss takes a random one).
    static const unsigned kShapes[] = {BDI_ENC_B8D1, BDI_ENC_B8D2, BDI_ENC_B8D4,
                                       BDI_ENC_B4D1, BDI_ENC_B4D2, BDI_ENC_B2D1};
    const unsigned shape = code == 10 ? kShapes[rng.below(6)] : code;
    const unsigned k = bdi_enc_base_bytes(shape), d = bdi_enc_delta_bytes(shape), n = 64 / k;
    const uint64_t kmask = k == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * k)) - 1;
    uint64_t base = rng.next() & kmask;
    if (rng.chance(0.2)) base = (uint64_t{1} << (8 * k - 1)) - rng.below(3);  // wrap-around
    if (d == 0) {  // repeated value
        for (unsigned i = 0; i < n; i++) put_le(block + k * i, k, base);
        return;
    }
    const unsigned m = 8 * d;
    const double p_imm = rng.chance(0.3) ? 0.0 : rng.chance(0.5) ? 0.3 : 0.9;
    for (unsigned i = 0; i < n; i++) {
        // Element 0 is the base itself, so every delta is relative to the base the model picks.
        const int64_t delta = i == 0 ? 0 : pick_delta(rng, m);
        const bool imm = i > 0 && rng.chance(p_imm);
        const uint64_t v = imm ? static_cast<uint64_t>(delta) : base + static_cast<uint64_t>(delta);
        put_le(block + k * i, k, v & kmask);
    }
    if (code == 10) {  // one element just beyond the range of the base
        const int64_t lim = int64_t{1} << (m - 1);
        const uint64_t v = base + static_cast<uint64_t>(rng.chance(0.5) ? lim : -lim - 1);
        put_le(block + k * rng.below(n), k, v & kmask);
    }
}

void bdi_line_mix(LineMix *mix, RealLines *real) {
    mix->add_real(real, 4);
    mix->add_standard_synthetic();
    mix->add("bdi_blocks", 4, [](Rng &rng, uint8_t *line) {
        unsigned t;
        bdi_block(rng, line, &t);
        bdi_block(rng, line + BDI_BLOCK_BYTES, &t);
    });
}

}  // namespace tb
