// Stimulus shared by the DPC harnesses (docs/dpc.md): the line mix (real data, the generic
// synthetic patterns and lines built plane by plane), random modes and critical maps as the
// RTL ports take them (raw 2-bit mode, raw 4-bit map, including the values the C API rejects).
// Generic stream helpers (stream_bit, stream_clear_from, bytes_hex, ...): common/stream.h;
// --data: RealLines::load_if_given (common/lines.h).
#ifndef NP_TB_DPC_STIMULUS_H
#define NP_TB_DPC_STIMULUS_H

#include <cstdint>

#include "dpc.h"
#include "lines.h"
#include "rng.h"

namespace tb {

// A line whose 32 bit-planes are built one by one: a target number of planes (0..32, uniform,
// so every checker threshold is crossed) is compressible over the whole line (all 0 or all 1),
// and the other planes are random, or constant in some sub-blocks only (the case where
// DF-TRUC and DF-MAN encode better than DPC). The planes are turned into words with the
// model's dpc_unremap.
void dpc_plane_line(Rng &rng, uint8_t line[kLineBytes]);

// Real lines (weight 4), the generic synthetic patterns and plane lines (weight 3).
void dpc_line_mix(LineMix *mix, RealLines *real);

// The 2-bit mode port: 0 DPC, 1 DF-TRUC, 2 DF-MAN (weight 3 each), 3 (weight 1; acts as DPC).
unsigned dpc_random_mode(Rng &rng);

// The 4-bit map port: half uniform over 0..15 (0000 acts as 1111), half drawn from the
// access-pattern mix of docs/dpc.md section 9 (critmap_type_weight / critmap_type_maps).
unsigned dpc_random_map(Rng &rng);

// "1000" style text of a map, sub-block 0 first (docs/dpc.md section 1).
const char *dpc_map_text(unsigned map);

}  // namespace tb

#endif
