// Reader for golden vector files (docs/vectors.md): `//` comment lines, then one hexadecimal
// number per line holding the concatenation of named fields, first field most significant.
// Every problem is reported as "file:line: message" (tb::Error).
#ifndef NP_TB_HEXFILE_H
#define NP_TB_HEXFILE_H

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "bits.h"
#include "error.h"

namespace tb {

struct HexField {
    std::string name;
    unsigned width;
};

// The field layout of one vector file, listed as in docs/vectors.md (most significant first).
class HexLayout {
public:
    HexLayout(std::initializer_list<HexField> fields);

    unsigned total_bits() const { return total_bits_; }
    unsigned digits() const { return (total_bits_ + 3) / 4; }
    // The named field of a whole vector; throws tb::Error for an unknown name.
    Bits get(const Bits &vector, const std::string &name) const;
    uint64_t get_u64(const Bits &vector, const std::string &name) const;

private:
    struct Placed {
        std::string name;
        unsigned lsb;
        unsigned width;
    };
    std::vector<Placed> fields_;
    unsigned total_bits_ = 0;
};

struct HexVector {
    Bits value;          // the whole line, layout.total_bits() wide
    std::string name;    // the comment line before it ("12 single_csn_lane1_seg3")
    std::string where;   // "file:line"
};

// Reads every vector of `path`. Throws tb::Error("path:line: ...") when the file cannot be
// read, a line has the wrong number of digits or a non-hex character, or the padding bits
// above the layout are set. An empty file (no vectors) is also an error.
std::vector<HexVector> load_hex_vectors(const std::string &path, const HexLayout &layout);

// Thrown by an adapter when a vector file's recorded expectation disagrees with the C model.
class StaleVectors : public Error {
public:
    explicit StaleVectors(const std::string &msg) : Error(msg) {}
};

// Throws StaleVectors "file:line: vector 'NAME' field=FIELD file=RECORDED model=MODEL": the
// one message every harness gives when a golden vector disagrees with the model (the values
// as the caller prints them: hex for Bits, decimal for integers).
[[noreturn]] void throw_stale(const HexVector &v, const std::string &field, const std::string &recorded,
                              const std::string &model);
// The vector's recorded field must equal the model's value, else throw_stale.
void expect_recorded(const HexLayout &layout, const HexVector &v, const char *field, const Bits &model);
void expect_recorded_u64(const HexLayout &layout, const HexVector &v, const char *field, uint64_t model);

}  // namespace tb

#endif
