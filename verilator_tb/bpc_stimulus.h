// Stimulus shared by the BPC harnesses (docs/bpc.md): the line mix (real data, the generic
// synthetic patterns, lines built plane by plane so that every symbol and run length occurs,
// and narrow random lines around the 1025-bit fallback boundary). Generic stream helpers:
// common/stream.h; --data: RealLines::load_if_given (common/lines.h).
#ifndef NP_TB_BPC_STIMULUS_H
#define NP_TB_BPC_STIMULUS_H

#include <cstdint>

#include "bpc.h"
#include "lines.h"
#include "rng.h"

namespace tb {

// A line built from its delta bit-planes, plane 32 down to 0: each plane repeats the one above
// (a zero DBX, so runs of every length occur), is zero (DBPZ), differs from it by all ones, one
// bit or two adjacent bits (ONES, ONE, TWO), or is random (RAW); the mix of choices is drawn
// per line. The base is 0 or a 4-, 8-, 16- or 32-bit value. Words come from the model's
// bpc_unbitplane and bpc_undelta (sign plane 32 is then what the words give, not the drawn one).
void bpc_plane_line(Rng &rng, uint8_t line[kLineBytes]);

// Random words masked to 20..32 bits: streams on both sides of the raw fallback (docs/bpc.md 5).
void bpc_narrow_random_line(Rng &rng, uint8_t line[kLineBytes]);

// Real lines (weight 4), the generic synthetic patterns, plane lines (weight 4) and narrow
// random lines (weight 2).
void bpc_line_mix(LineMix *mix, RealLines *real);

}  // namespace tb

#endif
