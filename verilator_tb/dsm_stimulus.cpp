#include "dsm_stimulus.h"

namespace tb {

void dsm_csn_subset_line(Rng &rng, unsigned lane_bytes, uint8_t *line) {
    const unsigned segments = lane_bytes / DSM_SEGMENT_BYTES;
    for (unsigned lane = 0; lane < kLineBytes / lane_bytes; lane++) {
        uint64_t seg[DSM_MAX_SEGMENTS];
        // Bias towards the extremes (none, all) as well as uniform subsets.
        const uint64_t all = (1ull << segments) - 1;
        const unsigned pick = static_cast<unsigned>(rng.below(8));
        const uint64_t mask = pick == 0 ? 0 : pick == 1 ? all : rng.bits(segments);
        for (unsigned s = 0; s < segments; s++) {
            seg[s] = ((mask >> s) & 1) ? 0x1111111111111111ull * rng.bits(4) : rng.next();
        }
        dsm_unremap(lane_bytes, seg, line + lane * lane_bytes);
    }
}

void dsm_line_mix(LineMix *mix, RealLines *real, unsigned lane_bytes) {
    mix->add_real(real, 4);
    mix->add_standard_synthetic();
    mix->add("csn_subset", 3,
             [lane_bytes](Rng &rng, uint8_t *line) { dsm_csn_subset_line(rng, lane_bytes, line); });
}

unsigned dsm_lane_length_at(const dsm_config &cfg, const uint8_t *stream, size_t pos) {
    const unsigned segments = cfg.lane_bytes / DSM_SEGMENT_BYTES;
    if (!stream_bit(stream, pos)) return 1 + 8 * cfg.lane_bytes;
    uint32_t es = 0;
    for (unsigned s = 0; s < segments; s++) es |= static_cast<uint32_t>(stream_bit(stream, pos + 1 + s)) << s;
    return dsm_lane_bits(segments, es);
}

}  // namespace tb
