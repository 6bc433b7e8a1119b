#include "dpc_stimulus.h"

#include "critmap.h"

namespace tb {

void dpc_plane_line(Rng &rng, uint8_t line[kLineBytes]) {
    uint32_t planes[DPC_PLANES];
    const unsigned target = static_cast<unsigned>(rng.below(DPC_PLANES + 1));
    // Choose `target` distinct planes to be compressible over the whole line.
    uint32_t chosen = 0;
    for (unsigned n = 0; n < target;) {
        const unsigned i = static_cast<unsigned>(rng.below(DPC_PLANES));
        if (!((chosen >> i) & 1u)) {
            chosen |= 1u << i;
            n++;
        }
    }
    for (unsigned i = 0; i < DPC_PLANES; i++) {
        if ((chosen >> i) & 1u) {
            planes[i] = rng.chance(0.5) ? 0xFFFFFFFFu : 0u;
            continue;
        }
        uint32_t p = rng.next32();
        // Sometimes constant in a random subset of sub-blocks (8 bits of the plane each).
        if (rng.chance(0.5)) {
            const unsigned subset = static_cast<unsigned>(rng.bits(4));
            for (unsigned k = 0; k < DPC_SUBBLOCKS; k++) {
                if ((subset >> k) & 1u) {
                    const uint32_t fill = rng.chance(0.7) ? 0x00u : 0xFFu;
                    p = (p & ~(0xFFu << (8 * k))) | (fill << (8 * k));
                }
            }
        }
        planes[i] = p;
    }
    uint32_t words[DPC_WORDS];
    dpc_unremap(DPC_WORDS, planes, words);
    for (unsigned w = 0; w < DPC_WORDS; w++) {
        for (unsigned b = 0; b < 4; b++) line[4 * w + b] = static_cast<uint8_t>(words[w] >> (8 * b));
    }
}

void dpc_line_mix(LineMix *mix, RealLines *real) {
    mix->add_real(real, 4);
    mix->add_standard_synthetic();
    mix->add("plane_pattern", 3, [](Rng &rng, uint8_t *line) { dpc_plane_line(rng, line); });
}

unsigned dpc_random_mode(Rng &rng) {
    const unsigned pick = static_cast<unsigned>(rng.below(10));
    return pick < 3 ? 0u : pick < 6 ? 1u : pick < 9 ? 2u : 3u;
}

unsigned dpc_random_map(Rng &rng) {
    if (rng.chance(0.5)) return static_cast<unsigned>(rng.bits(4));
    unsigned draw = static_cast<unsigned>(rng.below(100));
    for (unsigned t = 0; t < CRITMAP_TYPES; t++) {
        const unsigned w = critmap_type_weight(static_cast<critmap_type>(t));
        if (draw < w) {
            unsigned maps[4];
            const unsigned n = critmap_type_maps(static_cast<critmap_type>(t), maps);
            return maps[rng.below(n)];
        }
        draw -= w;
    }
    return DPC_MAP_FULL;  // weights sum to 100: not reached
}

const char *dpc_map_text(unsigned map) {
    static const char *const kText[16] = {"0000", "1000", "0100", "1100", "0010", "1010",
                                          "0110", "1110", "0001", "1001", "0101", "1101",
                                          "0011", "1011", "0111", "1111"};
    return kText[map & 15u];
}

}  // namespace tb
