// The damaged inputs a decompressor harness draws from a valid stream (bpc, dpc, dsm): an Input
// with `uint8_t bus[]` (in_bits_i, LSB-first) and `unsigned len` (in_len_i). BusBits is the
// in_bits_i width, LenMax the largest in_len_i. Bus-buffer bits past BusBits (the rest of the
// last byte) are kept zero so printed inputs are bus values.
#ifndef NP_TB_STREAM_MUTATIONS_H
#define NP_TB_STREAM_MUTATIONS_H

#include <cstddef>
#include <cstdint>

#include "rng.h"
#include "stream.h"

namespace tb {

template <unsigned BusBits, unsigned LenMax>
struct StreamMutations {
    // in_len_i longer than the stream: trailing random bits, mostly within the bus, sometimes
    // past it (where the model reads zeros).
    template <class Input>
    static void extend(Rng &rng, Input &in) {
        const unsigned old_len = in.len;
        const bool on_bus = old_len < BusBits && rng.chance(0.7);
        in.len = static_cast<unsigned>(rng.range(old_len + 1, on_bus ? BusBits : LenMax));
        stream_randomize_from(in.bus, sizeof in.bus, old_len, rng);
    }

    // A random bus and length (mostly within the bus).
    template <class Input>
    static void random_bits(Rng &rng, Input &in) {
        for (size_t i = 0; i < sizeof in.bus; i++) in.bus[i] = static_cast<uint8_t>(rng.next());
        stream_clear_from(in.bus, sizeof in.bus, BusBits);
        in.len = static_cast<unsigned>(rng.chance(0.8) ? rng.range(0, BusBits) : rng.range(0, LenMax));
    }

    // One to three bits of the stream flipped.
    template <class Input>
    static void flip_bits(Rng &rng, Input &in) {
        const unsigned n = static_cast<unsigned>(rng.range(1, 3));
        for (unsigned k = 0; k < n && in.len > 0; k++) {
            const size_t i = rng.below(in.len);
            stream_set(in.bus, i, !stream_bit(in.bus, i));
        }
    }

    // The RTL must ignore bus bits at and above in_len_i.
    template <class Input>
    static void fill_garbage_above_len(Rng &rng, Input &in) {
        stream_randomize_from(in.bus, sizeof in.bus, in.len, rng);
        stream_clear_from(in.bus, sizeof in.bus, BusBits);
    }
};

}  // namespace tb

#endif
