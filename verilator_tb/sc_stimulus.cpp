#include "sc_stimulus.h"

namespace tb {

void sc_train(sc_state *st, Rng &rng, RealLines &real, LineMix &mix) {
    sc_init(st);
    const uint64_t n = rng.range(16, 4096);
    uint8_t line[SC_LINE_BYTES];
    Origin o;
    for (uint64_t i = 0; i < n; i++) {
        if (!real.empty()) real.next(line, &o);
        else mix.next(rng, line, &o);
        sc_observe(st, line);
    }
    if (sc_rebuild(st) != NP_OK) throw Error("internal: sc_rebuild failed");
}

void sc_table_line(const uint32_t *values, unsigned n, Rng &rng, uint8_t *line) {
    for (unsigned w = 0; w < 32; w++) {
        uint32_t v = static_cast<uint32_t>(rng.next32());
        if (!rng.chance(0.08)) v = values[rng.below(n)];
        for (unsigned b = 0; b < 4; b++) line[4 * w + b] = static_cast<uint8_t>(v >> (8 * b));
    }
}

}  // namespace tb
