// The DSM decompressor adapters' feed (dsm_decompressor_tb.cpp,
// dsm_lane_pair_decompressor_tb.cpp): common/decoded_feed.h's LineFeed over the DSM line mix
// (dsm_stimulus.h) for the RTL's lane size. Header-only: it needs harness.h, which needs
// Verilator.
#ifndef NP_TB_DSM_DECODED_H
#define NP_TB_DSM_DECODED_H

#include "decoded_feed.h"
#include "dsm_stimulus.h"

namespace tb {

template <class Input>
class DsmDecoderFeed : public LineFeed<Input> {
public:
    // Loads --data (when given) and builds the mix for the RTL's lane size.
    void load_lines(const Options &opt, unsigned lane_bytes) {
        this->load_real(opt);
        dsm_line_mix(this->mix(), this->real(), lane_bytes);
    }
};

}  // namespace tb

#endif
