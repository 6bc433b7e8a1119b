// Stimulus shared by the BDI harnesses (docs/bdi.md): lines whose 64-byte blocks are built for
// one encoding each (zeros, a repeated value, a base/delta shape with deltas and immediates at
// and just beyond the range limits, random), and the line mix (real data, the generic
// synthetic patterns, those blocks). Stream helpers: common/stream.h; --data: RealLines::load_if_given.
#ifndef NP_TB_BDI_STIMULUS_H
#define NP_TB_BDI_STIMULUS_H

#include <cstdint>

#include "bdi.h"
#include "lines.h"
#include "rng.h"

namespace tb {

// One 64-byte block aimed at a random encoding (bdi_enc code or 10 for "near miss": a
// base/delta shape with one element just out of range). *target gets the code aimed at.
void bdi_block(Rng &rng, uint8_t block[BDI_BLOCK_BYTES], unsigned *target);

// Real lines (weight 4), the generic synthetic patterns and two bdi_block halves (weight 4).
void bdi_line_mix(LineMix *mix, RealLines *real);

}  // namespace tb

#endif
