// Bit-level helpers for compressed streams (stream.h).
#include "stream.h"

namespace tb {

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
