// Equivalence harness for dpc_compressor (docs/dpc.md sections 2-5, ports in section 7): every
// accepted (mode, map, line) is compressed by the C model, dpc_mode_compress after
// dpc_hw_mode / dpc_hw_map (the hardware's reading of mode 3 and map 0000), and the RTL's
// out_len_o and all 1029 bits of out_bits_o (including the zeros above the length) must match.
// Stimulus: the directed vectors of vectors/dpc/dpc_compressor.hex, then lines from the DPC
// line mix with random modes and maps (every raw port value).
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "Vdpc_compressor.h"
#include "dpc_stimulus.h"
#include "harness.h"
#include "hexfile.h"
#include "stream.h"

namespace {

// docs/dpc.md section 7, dpc_compressor.hex
const tb::HexLayout kLayout{{"in_mode", 2},   {"in_map", 4},
                            {"in_line", 1024}, {"exp_len", 11},
                            {"exp_bits", DFTRUC_MAX_BITS}};

class CompressorAdapter : public tb::StreamAdapter<CompressorAdapter, Vdpc_compressor> {
public:
    static constexpr const char *kUnit = "dpc_compressor";
    static constexpr int kSpecLatency = 3;  // docs/dpc.md section 7

    struct Input {
        uint8_t line[DPC_LINE_BYTES];
        unsigned mode;  // in_mode_i, 2 bits as driven
        unsigned map;   // in_map_i, 4 bits as driven
    };

    explicit CompressorAdapter(const tb::Options &opt) {
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
        real_.load_if_given(opt.data);
        tb::dpc_line_mix(&mix_, &real_);
    }

    void begin_run(tb::Rng &rng) {
        next_vector_ = 0;
        events_.clear();
        if (!real_.empty()) real_.begin_run(rng);
        mix_.begin_run();
    }

    // Directed vectors first, in file order, then the line mix with random mode and map.
    bool next_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (next_vector_ < vectors_.size()) {
            in = vectors_[next_vector_];
            origin = tb::Origin{"vector", next_vector_, nullptr};
            next_vector_++;
            return true;
        }
        mix_.next(rng, in.line, &origin);
        in.mode = tb::dpc_random_mode(rng);
        in.map = tb::dpc_random_map(rng);
        return true;
    }

    void drive_input(Dut &d, const Input &in) {
        tb::put_bytes(d.in_line_i, in.line, DPC_LINE_BYTES);
        d.in_mode_i = static_cast<uint8_t>(in.mode);
        d.in_map_i = static_cast<uint8_t>(in.map);
    }

    // Don't-care while in_valid_i is low: garbage, so a design that samples it is caught.
    void drive_idle(Dut &d, tb::Rng &rng) {
        for (size_t i = 0; i < sizeof(d.in_line_i) / 4; i++) d.in_line_i.data()[i] = rng.next32();
        d.in_mode_i = static_cast<uint8_t>(rng.bits(2));
        d.in_map_i = static_cast<uint8_t>(rng.bits(4));
    }

    tb::Txn predict(Input &in) {
        note_events(in);
        return model(in);
    }

    tb::Txn observe(const Dut &d) const {
        tb::Txn t;
        t.add_u64("out_len", 11, d.out_len_o);
        t.add("out_bits", tb::get_bits(d.out_bits_o, DFTRUC_MAX_BITS));
        return t;
    }

    // Mode and C flag of the prediction just made (the engine asks right after predict()).
    const char *outcome(const tb::Txn &) const { return last_outcome_; }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
    }

    std::string describe(const Input &in) const {
        return "in_mode=" + std::to_string(in.mode) + " in_map=" + tb::dpc_map_text(in.map) +
               " (sub-block 0 first) in_line=" + tb::bytes_hex(in.line, DPC_LINE_BYTES);
    }

private:
    // The oracle. Bits at and above the length are zero, as the RTL must drive them.
    static tb::Txn model(const Input &in) {
        uint8_t buf[DPC_MAX_BYTES] = {0};
        size_t n_bits = 0;
        const dpc_mode mode = dpc_hw_mode(in.mode);
        if (dpc_mode_compress(mode, in.line, dpc_hw_map(in.map), buf, sizeof buf, &n_bits) != NP_OK) {
            throw tb::Error("internal: dpc_mode_compress failed on a hardware mode and map");
        }
        tb::Bits bits = tb::Bits::from_bytes(DFTRUC_MAX_BITS, buf, sizeof buf);
        bits.clear_from(static_cast<unsigned>(n_bits));
        tb::Txn t;
        t.add_u64("out_len", 11, n_bits);
        t.add("out_bits", std::move(bits));
        return t;
    }

    // Coverage: per mode, compressed or raw, the number of encoded sub-blocks, and DF-MAN's
    // choice; plus the raw port values the C API rejects.
    void note_events(const Input &in) {
        const dpc_mode mode = dpc_hw_mode(in.mode);
        const unsigned map = dpc_hw_map(in.map);
        uint8_t buf[DPC_MAX_BYTES] = {0};
        size_t n_bits = 0;
        bool comp = false;
        if (mode == DPC_MODE_DFMAN) {
            bool manipulated = false;
            dfman_compress(in.line, map, buf, sizeof buf, &n_bits, &manipulated);
            comp = buf[0] & 1u;
            events_[manipulated ? "dfman_sent_manipulated" : "dfman_sent_original"]++;
        } else {
            dpc_mode_compress(mode, in.line, map, buf, sizeof buf, &n_bits);
            comp = mode == DPC_MODE_DFTRUC ? ((buf[0] >> 4) & 1u) : (buf[0] & 1u);
        }
        if (mode == DPC_MODE_DFTRUC) {
            const unsigned c = static_cast<unsigned>(__builtin_popcount(map));
            events_["dftruc_wc" + std::to_string(8 * c) + (comp ? "_compressed" : "_raw")]++;
            events_[std::string("dftruc_map") + tb::dpc_map_text(map)]++;
        }
        if (in.mode == 3) events_["port_mode3_as_dpc"]++;
        if (in.map == 0 && mode != DPC_MODE_DPC) events_["port_map0000_as_1111"]++;
        static const char *const kOutcome[3][2] = {{"dpc_raw", "dpc_compressed"},
                                                   {"dftruc_raw", "dftruc_compressed"},
                                                   {"dfman_raw", "dfman_compressed"}};
        last_outcome_ = kOutcome[mode][comp ? 1 : 0];
    }

    // Inputs come from the file; the recorded expectation must equal the model's.
    void load_vectors(const std::string &path) {
        for (const tb::HexVector &v : tb::load_hex_vectors(path, kLayout)) {
            Input in;
            in.mode = static_cast<unsigned>(kLayout.get_u64(v.value, "in_mode"));
            in.map = static_cast<unsigned>(kLayout.get_u64(v.value, "in_map"));
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
