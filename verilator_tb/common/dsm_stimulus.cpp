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

void dsm_load_data(const Options &opt, RealLines *real) {
    if (!opt.data.empty()) real->load(opt.data);
}

void stream_clear_from(uint8_t *s, size_t n_bytes, size_t from) {
    if (from >= 8 * n_bytes) return;
    size_t byte = from >> 3;
    s[byte] &= static_cast<uint8_t>((1u << (from & 7)) - 1u);
    for (byte++; byte < n_bytes; byte++) s[byte] = 0;
}

void stream_randomize_from(uint8_t *s, size_t n_bytes, size_t from, Rng &rng) {
    if (from >= 8 * n_bytes) return;
    size_t byte = from >> 3;
    const uint8_t keep = static_cast<uint8_t>((1u << (from & 7)) - 1u);
    s[byte] = static_cast<uint8_t>((s[byte] & keep) | (rng.next() & ~keep));
    for (byte++; byte < n_bytes; byte++) s[byte] = static_cast<uint8_t>(rng.next());
}

unsigned dsm_lane_length_at(const dsm_config &cfg, const uint8_t *stream, size_t pos) {
    const unsigned segments = cfg.lane_bytes / DSM_SEGMENT_BYTES;
    if (!stream_bit(stream, pos)) return 1 + 8 * cfg.lane_bytes;
    uint32_t es = 0;
    for (unsigned s = 0; s < segments; s++) es |= static_cast<uint32_t>(stream_bit(stream, pos + 1 + s)) << s;
    return dsm_lane_bits(segments, es);
}

std::string bytes_hex(const uint8_t *bytes, size_t n) {
    static const char kDigits[] = "0123456789abcdef";
    std::string s;
    s.reserve(2 * n);
    for (size_t i = n; i-- > 0;) {
        s += kDigits[bytes[i] >> 4];
        s += kDigits[bytes[i] & 15];
    }
    return s;
}

}  // namespace tb
