#include "bpc_stimulus.h"

namespace tb {

namespace {

void store_words(const uint32_t *words, uint8_t *line) {
    for (unsigned w = 0; w < BPC_WORDS; w++) {
        for (unsigned b = 0; b < 4; b++) line[4 * w + b] = static_cast<uint8_t>(words[w] >> (8 * b));
    }
}

}  // namespace

void bpc_plane_line(Rng &rng, uint8_t line[kLineBytes]) {
    // Weights of the six plane choices, drawn per line so some lines are nearly all runs and
    // others nearly all raw planes.
    unsigned weight[6], total = 0;
    for (unsigned &w : weight) {
        w = static_cast<unsigned>(rng.below(8));
        total += w;
    }
    if (total == 0) {
        weight[0] = 1;
        total = 1;
    }
    uint32_t dbp[BPC_PLANES];
    uint32_t above = 0;
    for (unsigned k = 0; k < BPC_PLANES; k++) {
        const unsigned j = BPC_PLANES - 1 - k;
        unsigned pick = static_cast<unsigned>(rng.below(total)), c = 0;
        while (pick >= weight[c]) pick -= weight[c++];
        const unsigned pos = static_cast<unsigned>(rng.below(31));
        uint32_t p = above;
        switch (c) {
        case 0: p = above; break;                                        // zero DBX
        case 1: p = 0; break;                                            // DBPZ (if above != 0)
        case 2: p = above ^ BPC_PLANE_MASK; break;                       // ONES
        case 3: p = above ^ (1u << pos); break;                          // ONE
        case 4: p = above ^ (pos < 30 ? 3u << pos : 1u << pos); break;   // TWO
        default: p = static_cast<uint32_t>(rng.next()) & BPC_PLANE_MASK; break;  // RAW
        }
        dbp[j] = p & BPC_PLANE_MASK;
        above = dbp[j];
    }
    uint64_t deltas[BPC_DELTAS];
    bpc_unbitplane(dbp, deltas);
    uint32_t base;
    switch (rng.below(5)) {
    case 0: base = 0; break;
    case 1: base = static_cast<uint32_t>(static_cast<int32_t>(rng.range(0, 15)) - 8); break;
    case 2: base = static_cast<uint32_t>(static_cast<int32_t>(rng.range(0, 255)) - 128); break;
    case 3: base = static_cast<uint32_t>(static_cast<int32_t>(rng.range(0, 65535)) - 32768); break;
    default: base = static_cast<uint32_t>(rng.next()); break;
    }
    uint32_t words[BPC_WORDS];
    bpc_undelta(base, deltas, words);
    store_words(words, line);
}

void bpc_narrow_random_line(Rng &rng, uint8_t line[kLineBytes]) {
    const unsigned keep = static_cast<unsigned>(rng.range(20, 32));
    const uint32_t mask = keep >= 32 ? 0xFFFFFFFFu : (1u << keep) - 1u;
    uint32_t words[BPC_WORDS];
    for (uint32_t &w : words) w = static_cast<uint32_t>(rng.next()) & mask;
    store_words(words, line);
}

void bpc_line_mix(LineMix *mix, RealLines *real) {
    mix->add_real(real, 4);
    mix->add_standard_synthetic();
    mix->add("bpc_planes", 4, [](Rng &rng, uint8_t *line) { bpc_plane_line(rng, line); });
    mix->add("bpc_narrow_random", 2, [](Rng &rng, uint8_t *line) { bpc_narrow_random_line(rng, line); });
}

}  // namespace tb
