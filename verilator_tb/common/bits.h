// Bits: a bit vector of any width, the value of one transaction field. Bit i of the vector
// is bit i of the RTL port (docs/conventions.md); hex() prints it most significant digit
// first, as Verilog and the vector files do. Also the glue between Verilator's port types
// (CData..QData for <= 64 bits, VlWide<N> of 32-bit words above) and byte arrays.
#ifndef NP_TB_BITS_H
#define NP_TB_BITS_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace tb {

class Bits {
public:
    Bits() = default;
    explicit Bits(unsigned width) : width_(width), w_((width + 31) / 32, 0) {}

    static Bits from_u64(unsigned width, uint64_t value);
    // Byte b of `bytes` becomes bits 8b+7..8b; bytes beyond the width are dropped.
    static Bits from_bytes(unsigned width, const uint8_t *bytes, size_t n_bytes);
    // Parses `digits` hexadecimal digits (most significant first). Returns false with a
    // message in *err on a non-hex character or a set bit at or above `width`.
    static bool from_hex(unsigned width, const char *digits, size_t n_digits, Bits *out,
                         std::string *err);

    unsigned width() const { return width_; }
    size_t n_words() const { return w_.size(); }
    const uint32_t *words() const { return w_.data(); }
    uint32_t *words() { return w_.data(); }

    bool get(unsigned i) const { return (w_[i / 32] >> (i % 32)) & 1u; }
    void set(unsigned i, bool v) {
        const uint32_t m = 1u << (i % 32);
        w_[i / 32] = v ? (w_[i / 32] | m) : (w_[i / 32] & ~m);
    }
    void flip(unsigned i) { w_[i / 32] ^= 1u << (i % 32); }

    // Bits lo .. lo+n-1 (n <= 64) as an integer.
    uint64_t u64(unsigned lo = 0, unsigned n = 64) const;
    // Bits lo .. lo+n-1 as a new vector of width n.
    Bits slice(unsigned lo, unsigned n) const;
    // Copies the low bits into bytes (byte b = bits 8b+7..8b); bytes past the width are 0.
    void to_bytes(uint8_t *bytes, size_t n_bytes) const;
    // Clears every bit at and above `from`.
    void clear_from(unsigned from);

    // ceil(width/4) hex digits, most significant first.
    std::string hex() const;
    // Index of the lowest bit that differs, or -1 when equal (widths must match).
    long first_difference(const Bits &other) const;
    bool operator==(const Bits &o) const { return width_ == o.width_ && w_ == o.w_; }
    bool operator!=(const Bits &o) const { return !(*this == o); }

private:
    unsigned width_ = 0;
    std::vector<uint32_t> w_;
};

// ---- Verilator port glue --------------------------------------------------------------------
// Wide ports: any type with data() returning 32-bit words and a compile-time word count
// (VlWide<N>). Words above the port width must be kept zero ("clean") for Verilator.

template <class Wide>
inline void put_bits(Wide &port, const Bits &v) {
    constexpr size_t kWords = sizeof(Wide) / sizeof(uint32_t);
    for (size_t i = 0; i < kWords; i++) port.data()[i] = i < v.n_words() ? v.words()[i] : 0;
}

template <class Wide>
inline Bits get_bits(const Wide &port, unsigned width) {
    Bits b(width);
    const size_t n = b.n_words();
    for (size_t i = 0; i < n; i++) b.words()[i] = port.data()[i];
    b.clear_from(width);
    return b;
}

// Bytes <-> wide port, byte b = port bits 8b+7..8b (the host is little-endian, as the
// harness build checks, so word w of the port is bytes 4w..4w+3 in memory order).
template <class Wide>
inline void put_bytes(Wide &port, const uint8_t *bytes, size_t n_bytes) {
    static_assert(sizeof(port.data()[0]) == 4, "Verilator wide words are 32 bits");
    std::memset(port.data(), 0, sizeof(Wide));
    std::memcpy(port.data(), bytes, n_bytes < sizeof(Wide) ? n_bytes : sizeof(Wide));
}

template <class Wide>
inline void get_bytes(const Wide &port, uint8_t *bytes, size_t n_bytes) {
    std::memcpy(bytes, port.data(), n_bytes < sizeof(Wide) ? n_bytes : sizeof(Wide));
}

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
              "the harness copies bytes to Verilator words with memcpy: little-endian host");

}  // namespace tb

#endif
