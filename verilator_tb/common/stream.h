// Bit-level helpers for compressed streams (LSB-first packed, docs/conventions.md, Bitstreams),
// shared by every codec harness.
#ifndef NP_TB_STREAM_H
#define NP_TB_STREAM_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "rng.h"

namespace tb {

// Bit i of an LSB-first packed stream (docs/conventions.md, Bitstreams).
inline bool stream_bit(const uint8_t *s, size_t i) { return (s[i >> 3] >> (i & 7)) & 1u; }
inline void stream_set(uint8_t *s, size_t i, bool v) {
    s[i >> 3] = static_cast<uint8_t>(v ? (s[i >> 3] | (1u << (i & 7))) : (s[i >> 3] & ~(1u << (i & 7))));
}

// ORs bits 0..n_bits-1 of src into dst at bit `at` onward (the destination bits must be zero):
// byte-wise, so a harness driving a bus of several streams does not spend its cycles bit by bit.
void stream_or_bits(uint8_t *dst, size_t at, const uint8_t *src, size_t n_bits);

// Bits at and above `from` of an n_bytes stream buffer: cleared / made random (byte-wise).
void stream_clear_from(uint8_t *s, size_t n_bytes, size_t from);
void stream_randomize_from(uint8_t *s, size_t n_bytes, size_t from, Rng &rng);

// Lower-case hex of bytes, most significant (last) byte first: the Verilog value of a bus.
std::string bytes_hex(const uint8_t *bytes, size_t n);

}  // namespace tb

#endif
