// Equivalence harness for bpc_compressor (docs/bpc.md sections 2-5, ports in section 9): every
// accepted line is compressed by the C model (bpc_compress), and the RTL's out_len_o and all
// 1025 bits of out_bits_o (including the zeros above the length) must match. Stimulus: the
// directed vectors of vectors/bpc/bpc_compressor.hex, then the BPC line mix (real data, generic
// patterns, plane-built lines covering every symbol, narrow random lines at the fallback).
// The unit takes one line at a time (docs/bpc.md 9): kFullThroughput is false.
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "Vbpc_compressor.h"
#include "bpc_stimulus.h"
#include "harness.h"
#include "hexfile.h"
#include "stream.h"

namespace {

// docs/bpc.md section 9, bpc_compressor.hex
const tb::HexLayout kLayout{{"in_line", 1024}, {"exp_len", 11}, {"exp_bits", BPC_MAX_BITS}};

class CompressorAdapter : public tb::StreamAdapter<CompressorAdapter, Vbpc_compressor> {
public:
    static constexpr const char *kUnit = "bpc_compressor";
    static constexpr int kSpecLatency = 10;          // docs/bpc.md section 9
    static constexpr bool kFullThroughput = false;   // one line at a time
    static constexpr int kSpecII = kSpecLatency;  // the next line enters as the result leaves

    struct Input {
        uint8_t line[BPC_LINE_BYTES];
    };

    explicit CompressorAdapter(const tb::Options &opt) {
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
        real_.load_if_given(opt.data);
        tb::bpc_line_mix(&mix_, &real_);
    }

    void begin_run(tb::Rng &rng) {
        next_vector_ = 0;
        events_.clear();
        if (!real_.empty()) real_.begin_run(rng);
        mix_.begin_run();
    }

    bool next_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (next_vector_ < vectors_.size()) {
            in = vectors_[next_vector_];
            origin = tb::Origin{"vector", next_vector_, nullptr};
            next_vector_++;
            return true;
        }
        mix_.next(rng, in.line, &origin);
        return true;
    }

    void drive_input(Dut &d, const Input &in) { tb::put_bytes(d.in_line_i, in.line, BPC_LINE_BYTES); }

    // Don't-care while in_valid_i is low: garbage, so a design that samples it is caught.
    void drive_idle(Dut &d, tb::Rng &rng) {
        for (size_t i = 0; i < sizeof(d.in_line_i) / 4; i++) d.in_line_i.data()[i] = rng.next32();
    }

    tb::Txn predict(Input &in) {
        note_events(in);
        return model(in);
    }

    tb::Txn observe(const Dut &d) const {
        tb::Txn t;
        t.add_u64("out_len", 11, d.out_len_o);
        t.add("out_bits", tb::get_bits(d.out_bits_o, BPC_MAX_BITS));
        return t;
    }

    const char *outcome(const tb::Txn &) const { return last_outcome_; }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
    }

    std::string describe(const Input &in) const {
        return "in_line=" + tb::bytes_hex(in.line, BPC_LINE_BYTES);
    }

private:
    // The oracle. Bits at and above the length are zero, as the RTL must drive them.
    static tb::Txn model(const Input &in) {
        uint8_t buf[BPC_MAX_BYTES] = {0};
        size_t n_bits = 0;
        if (bpc_compress(in.line, buf, sizeof buf, &n_bits) != NP_OK) {
            throw tb::Error("internal: bpc_compress failed");
        }
        tb::Bits bits = tb::Bits::from_bytes(BPC_MAX_BITS, buf, sizeof buf);
        bits.clear_from(static_cast<unsigned>(n_bits));
        tb::Txn t;
        t.add_u64("out_len", 11, n_bits);
        t.add("out_bits", std::move(bits));
        return t;
    }

    // Coverage: raw or compressed, the base code, and every symbol kind the stream holds.
    void note_events(const Input &in) {
        uint32_t words[BPC_WORDS], base, dbp[BPC_PLANES], dbx[BPC_PLANES];
        uint64_t deltas[BPC_DELTAS];
        for (unsigned w = 0; w < BPC_WORDS; w++) {
            words[w] = static_cast<uint32_t>(in.line[4 * w]) | static_cast<uint32_t>(in.line[4 * w + 1]) << 8 |
                       static_cast<uint32_t>(in.line[4 * w + 2]) << 16 |
                       static_cast<uint32_t>(in.line[4 * w + 3]) << 24;
        }
        bpc_delta(words, &base, deltas);
        bpc_bitplane(deltas, dbp);
        bpc_xor(dbp, dbx);
        const bool raw = bpc_encoded_bits(in.line) >= BPC_RAW_BITS;
        last_outcome_ = raw ? "raw" : "compressed";
        if (raw) return;
        static const char *const kBase[5] = {"base_zero", "base_se4", "base_se8", "base_se16", "base_raw"};
        events_[kBase[bpc_base_kind_of(base)]]++;
        bpc_symbol syms[BPC_PLANES];
        const unsigned n = bpc_symbols(dbx, dbp, syms);
        for (unsigned k = 0; k < n; k++) events_[std::string("sym_") + bpc_sym_name(syms[k].kind)]++;
    }

    void load_vectors(const std::string &path) {
        for (const tb::HexVector &v : tb::load_hex_vectors(path, kLayout)) {
            Input in;
            kLayout.get(v.value, "in_line").to_bytes(in.line, sizeof in.line);
            const tb::Txn exp = model(in);
            tb::expect_recorded(kLayout, v, "exp_len", exp.fields[0].value);
            tb::expect_recorded(kLayout, v, "exp_bits", exp.fields[1].value);
            vectors_.push_back(in);
        }
    }

    std::vector<Input> vectors_;
    size_t next_vector_ = 0;
    std::map<std::string, uint64_t> events_;
    const char *last_outcome_ = nullptr;
    tb::RealLines real_;
    tb::LineMix mix_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<CompressorAdapter>(argc, argv); }
