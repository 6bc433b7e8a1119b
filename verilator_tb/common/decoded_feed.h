// What the decompressor adapters share (bdi, bpc, dpc, dsm, dsm lane pair): the golden vectors
// sent first, in file order, then lines of the unit's line mix for the adapter to encode and
// damage, both rewound at the start of every run; and, for the units whose output is an error
// flag and a line, that transaction (out_err always compared, out_line only when out_err is 0)
// and the check of a vector's recorded exp_err / exp_line against the model (docs/vectors.md:
// exp_line is zero when exp_err is 1). Header-only: it needs harness.h, which needs Verilator.
#ifndef NP_TB_DECODED_FEED_H
#define NP_TB_DECODED_FEED_H

#include <cstddef>
#include <cstdint>
#include <vector>

#include "harness.h"
#include "hexfile.h"
#include "lines.h"

namespace tb {

// The golden vectors, in file order, before any generated stimulus.
template <class Input>
class VectorsFirst {
public:
    void add(const Input &in) { vectors_.push_back(in); }
    void rewind() { next_ = 0; }
    // The next vector and its origin; false once every vector has been taken.
    bool next(Input &in, Origin &origin) {
        if (next_ >= vectors_.size()) return false;
        in = vectors_[next_];
        origin = Origin{"vector", next_, nullptr};
        next_++;
        return true;
    }

private:
    std::vector<Input> vectors_;
    size_t next_ = 0;
};

// The golden vectors (the adapter adds them), then lines of a line mix the adapter builds over
// the real lines (its unit's <unit>_line_mix(mix(), real())). Not copyable: the mix refers to
// the real lines it holds.
template <class Input>
class LineFeed {
public:
    LineFeed() = default;
    LineFeed(const LineFeed &) = delete;
    LineFeed &operator=(const LineFeed &) = delete;

    // Loads --data when given; build the mix after it.
    void load_real(const Options &opt) { real_.load_if_given(opt.data); }
    RealLines *real() { return &real_; }
    LineMix *mix() { return &mix_; }

    void begin_run(Rng &rng) {
        vectors.rewind();
        if (!real_.empty()) real_.begin_run(rng);
        mix_.begin_run();
    }
    void next_line(Rng &rng, uint8_t *line, Origin *origin) { mix_.next(rng, line, origin); }

    VectorsFirst<Input> vectors;

private:
    RealLines real_;
    LineMix mix_;
};

// The model's transaction for a decoded 128-byte line; the line is compared only without an
// error.
inline Txn decoded_txn(bool err, const uint8_t line[128]) {
    Txn t;
    t.add_u64("out_err", 1, err);
    t.add("out_line", Bits::from_bytes(1024, line, 128), !err);
    return t;
}

// The same fields from the DUT's out_err_o and out_line_o.
template <class Dut>
Txn observe_decoded(const Dut &d) {
    Txn t;
    t.add_u64("out_err", 1, d.out_err_o);
    t.add("out_line", get_bits(d.out_line_o, 1024));
    return t;
}

inline const char *decoded_outcome(const Txn &t) { return t.fields[0].value.get(0) ? "err" : "ok"; }

// Throws StaleVectors unless the vector's exp_err and exp_line are what the model predicts
// (`model` from decoded_txn); exp_line must be zero when exp_err is 1.
inline void check_decoded_vector(const HexVector &v, const HexLayout &layout, const Txn &model) {
    const bool err = model.fields[0].value.get(0);
    const Bits want[2] = {model.fields[0].value, err ? Bits(1024) : model.fields[1].value};
    const char *const names[2] = {"exp_err", "exp_line"};
    for (unsigned f = 0; f < 2; f++) expect_recorded(layout, v, names[f], want[f]);
}

}  // namespace tb

#endif
