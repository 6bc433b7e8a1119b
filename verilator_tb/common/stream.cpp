// Bit-level helpers for compressed streams (stream.h).
#include "stream.h"

namespace tb {

void stream_or_bits(uint8_t *dst, size_t at, const uint8_t *src, size_t n_bits) {
    const unsigned shift = at & 7;
    uint8_t *d = dst + (at >> 3);
    for (size_t i = 0; i < (n_bits + 7) / 8; i++) {
        unsigned v = src[i];
        if (8 * i + 8 > n_bits) v &= (1u << (n_bits - 8 * i)) - 1u;  // the last, partial byte
        d[i] = static_cast<uint8_t>(d[i] | v << shift);
        if (shift && (v >> (8 - shift))) d[i + 1] = static_cast<uint8_t>(d[i + 1] | v >> (8 - shift));
    }
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
