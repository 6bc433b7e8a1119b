// Stimulus shared by the DSM harnesses (docs/dsm.md): the lane configuration the RTL was built
// with, the line mix (real data, the generic synthetic patterns and lines with a random subset
// of CSN segments per lane). Bit-level stream helpers: common/stream.h.
#ifndef NP_TB_DSM_STIMULUS_H
#define NP_TB_DSM_STIMULUS_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "dsm.h"
#include "error.h"
#include "lines.h"
#include "rng.h"
#include "stream.h"

// The RTL's LaneBytes parameter; the Makefile passes -DNP_TB_LANE_BYTES together with
// -GLaneBytes when it builds a non-default variant.
#ifndef NP_TB_LANE_BYTES
#define NP_TB_LANE_BYTES 64
#endif

namespace tb {

// The model configuration matching the RTL build (throws tb::Error if the model rejects it).
// Inline so the macro is read where each <top>_tb.cpp is compiled, not in the shared library.
inline dsm_config dsm_tb_config() {
    dsm_config cfg;
    dsm_config_default(&cfg);
    cfg.lane_bytes = NP_TB_LANE_BYTES;
    if (dsm_config_check(&cfg) != NP_OK) {
        throw Error("the C model rejects lane_bytes=" + std::to_string(NP_TB_LANE_BYTES));
    }
    return cfg;
}

// A line whose lanes each have a random subset of CSN segments (random nibble values) and
// random data in the others: the remap is undone with the model's dsm_unremap, so every
// ES pattern 0 .. 2^S-1 is reachable.
void dsm_csn_subset_line(Rng &rng, unsigned lane_bytes, uint8_t *line);

// Real lines (weight 4), the generic synthetic patterns and csn_subset (weight 3).
// `real` may be empty (no --data).
void dsm_line_mix(LineMix *mix, RealLines *real, unsigned lane_bytes);

// Length in bits of lane `k`'s stream starting at bit `pos` of a well-formed line stream,
// read from its C and ES fields through the model's dsm_lane_bits.
unsigned dsm_lane_length_at(const dsm_config &cfg, const uint8_t *stream, size_t pos);

}  // namespace tb

#endif
