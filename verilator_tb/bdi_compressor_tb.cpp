// Equivalence harness for bdi_compressor (docs/bdi.md sections 3-5, ports in section 9): every
// accepted line is compressed by the C model (bdi_compress) and the RTL's out_len_o and all
// 1032 bits of out_bits_o (including the zeros above the length) must match.
// Stimulus: the directed vectors of vectors/bdi/bdi_compressor.hex, then the BDI line mix
// (real data, generic synthetic lines, blocks built for each encoding and near misses).
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "Vbdi_compressor.h"
#include "bdi_stimulus.h"
#include "harness.h"
#include "hexfile.h"
#include "stream.h"

namespace {

// docs/vectors.md, bdi_compressor.hex
const tb::HexLayout kLayout{{"in_line", 1024}, {"exp_len", 11}, {"exp_bits", BDI_MAX_BITS}};

class CompressorAdapter : public tb::StreamAdapter<CompressorAdapter, Vbdi_compressor> {
public:
    static constexpr const char *kUnit = "bdi_compressor";
    static constexpr int kSpecLatency = 3;  // docs/bdi.md section 9

    struct Input {
        uint8_t line[BDI_LINE_BYTES];
    };

    explicit CompressorAdapter(const tb::Options &opt) {
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
        real_.load_if_given(opt.data);
        tb::bdi_line_mix(&mix_, &real_);
    }

    void begin_run(tb::Rng &rng) {
        next_vector_ = 0;
        events_.clear();
        if (!real_.empty()) real_.begin_run(rng);
        mix_.begin_run();
    }

    // Directed vectors first, in file order, then the line mix.
    bool next_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (next_vector_ < vectors_.size()) {
            std::memcpy(in.line, vectors_[next_vector_].data(), BDI_LINE_BYTES);
            origin = tb::Origin{"vector", next_vector_, nullptr};
            next_vector_++;
            return true;
        }
        mix_.next(rng, in.line, &origin);
        return true;
    }

    void drive_input(Dut &d, const Input &in) { tb::put_bytes(d.in_line_i, in.line, BDI_LINE_BYTES); }

    // The line is don't-care while in_valid_i is low: garbage, so a design that samples it is
    // caught.
    void drive_idle(Dut &d, tb::Rng &rng) {
        for (size_t i = 0; i < sizeof(d.in_line_i) / 4; i++) d.in_line_i.data()[i] = rng.next32();
    }

    tb::Txn predict(Input &in) {
        for (unsigned h = 0; h < BDI_BLOCKS; h++) {
            unsigned enc = 0;
            bdi_block_bits(in.line + h * BDI_BLOCK_BYTES, BDI_BLOCK_BYTES, &enc);
            events_[std::string("block") + std::to_string(h) + "_" + bdi_enc_name(enc)]++;
        }
        return model(in.line);
    }

    tb::Txn observe(const Dut &d) const {
        tb::Txn t;
        t.add_u64("out_len", 11, d.out_len_o);
        t.add("out_bits", tb::get_bits(d.out_bits_o, BDI_MAX_BITS));
        return t;
    }

    // Block 0's encoding (the one that decides where block 1 goes).
    const char *outcome(const tb::Txn &t) const {
        return bdi_enc_name(static_cast<unsigned>(t.fields[1].value.u64(0, 4)));
    }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
    }

    std::string describe(const Input &in) const { return "in_line=" + tb::bytes_hex(in.line, BDI_LINE_BYTES); }

private:
    // The oracle: bdi_compress. Bits at and above the length are zero, as the RTL must drive
    // them (docs/conventions.md, Bitstreams).
    static tb::Txn model(const uint8_t *line) {
        uint8_t buf[BDI_MAX_BYTES] = {0};
        size_t n_bits = 0;
        if (bdi_compress(line, buf, sizeof buf, &n_bits) != NP_OK) {
            throw tb::Error("internal: bdi_compress failed on a 128-byte line");
        }
        tb::Bits bits = tb::Bits::from_bytes(BDI_MAX_BITS, buf, sizeof buf);
        bits.clear_from(static_cast<unsigned>(n_bits));
        tb::Txn t;
        t.add_u64("out_len", 11, n_bits);
        t.add("out_bits", std::move(bits));
        return t;
    }

    // Inputs come from the file; the recorded expectation must equal the model's.
    void load_vectors(const std::string &path) {
        for (const tb::HexVector &v : tb::load_hex_vectors(path, kLayout)) {
            std::vector<uint8_t> line(BDI_LINE_BYTES);
            kLayout.get(v.value, "in_line").to_bytes(line.data(), line.size());
            const tb::Txn exp = model(line.data());
            tb::expect_recorded(kLayout, v, "exp_len", exp.fields[0].value);
            tb::expect_recorded(kLayout, v, "exp_bits", exp.fields[1].value);
            vectors_.push_back(std::move(line));
        }
    }

    std::vector<std::vector<uint8_t>> vectors_;
    size_t next_vector_ = 0;
    std::map<std::string, uint64_t> events_;
    tb::RealLines real_;
    tb::LineMix mix_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<CompressorAdapter>(argc, argv); }
