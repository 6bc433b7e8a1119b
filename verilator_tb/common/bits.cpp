#include "bits.h"

namespace tb {

Bits Bits::from_u64(unsigned width, uint64_t value) {
    Bits b(width);
    for (size_t i = 0; i < b.n_words() && i < 2; i++) b.w_[i] = static_cast<uint32_t>(value >> (32 * i));
    b.clear_from(width);
    return b;
}

Bits Bits::from_bytes(unsigned width, const uint8_t *bytes, size_t n_bytes) {
    Bits b(width);
    const size_t room = b.n_words() * 4;
    std::memcpy(b.w_.data(), bytes, n_bytes < room ? n_bytes : room);
    b.clear_from(width);
    return b;
}

static int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

bool Bits::from_hex(unsigned width, const char *digits, size_t n_digits, Bits *out,
                    std::string *err) {
    Bits b(width);
    for (size_t k = 0; k < n_digits; k++) {
        const int v = hex_value(digits[k]);
        if (v < 0) {
            *err = "column " + std::to_string(k + 1) + ": '" + std::string(1, digits[k]) +
                   "' is not a hexadecimal digit";
            return false;
        }
        const size_t lsb = 4 * (n_digits - 1 - k);  // digit k from the left
        for (unsigned j = 0; j < 4; j++) {
            if (!((v >> j) & 1)) continue;
            if (lsb + j >= width) {
                *err = "bit " + std::to_string(lsb + j) + " is set but the vector has only " +
                       std::to_string(width) + " bits (its left padding must be zero)";
                return false;
            }
            b.set(static_cast<unsigned>(lsb + j), true);
        }
    }
    *out = std::move(b);
    return true;
}

uint64_t Bits::u64(unsigned lo, unsigned n) const {
    uint64_t v = 0;
    for (unsigned j = 0; j < n && lo + j < width_; j++) v |= static_cast<uint64_t>(get(lo + j)) << j;
    return v;
}

Bits Bits::slice(unsigned lo, unsigned n) const {
    Bits b(n);
    if (lo % 32 == 0) {
        // Word-aligned fast path: the common case of fields that start on a word boundary.
        for (size_t i = 0; i < b.n_words() && lo / 32 + i < w_.size(); i++) b.w_[i] = w_[lo / 32 + i];
        b.clear_from(n);
        return b;
    }
    for (unsigned j = 0; j < n && lo + j < width_; j++) b.set(j, get(lo + j));
    return b;
}

void Bits::to_bytes(uint8_t *bytes, size_t n_bytes) const {
    std::memset(bytes, 0, n_bytes);
    const size_t have = w_.size() * 4;
    std::memcpy(bytes, w_.data(), n_bytes < have ? n_bytes : have);
}

void Bits::clear_from(unsigned from) {
    for (size_t i = 0; i < w_.size(); i++) {
        const size_t base = 32 * i;
        if (base >= from) {
            w_[i] = 0;
        } else if (from - base < 32) {
            w_[i] &= (1u << (from - base)) - 1u;
        }
    }
}

std::string Bits::hex() const {
    static const char kDigits[] = "0123456789abcdef";
    const unsigned n = width_ == 0 ? 1 : (width_ + 3) / 4;
    std::string s(n, '0');
    for (unsigned k = 0; k < n; k++) {
        unsigned v = 0;
        for (unsigned j = 0; j < 4; j++) {
            const unsigned bit = 4 * k + j;
            if (bit < width_ && get(bit)) v |= 1u << j;
        }
        s[n - 1 - k] = kDigits[v];
    }
    return s;
}

long Bits::first_difference(const Bits &other) const {
    const size_t n = w_.size() < other.w_.size() ? w_.size() : other.w_.size();
    for (size_t i = 0; i < n; i++) {
        const uint32_t d = w_[i] ^ other.w_[i];
        if (d != 0) return static_cast<long>(32 * i + __builtin_ctz(d));
    }
    return width_ == other.width_ ? -1 : static_cast<long>(32 * n);
}

}  // namespace tb
