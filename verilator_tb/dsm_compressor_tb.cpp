// Equivalence harness for dsm_compressor (docs/dsm.md sections 2-4, ports in section 6):
// every accepted line is compressed by the C model (dsm_compress) and the RTL's out_len_o and
// all 1026 bits of out_bits_o (including the zeros above the length) must match.
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "Vdsm_compressor.h"
#include "dsm_stimulus.h"
#include "harness.h"
#include "hexfile.h"

namespace {

// docs/vectors.md, dsm_compressor.hex
const tb::HexLayout kLayout{{"in_line", 1024}, {"exp_len", 11}, {"exp_bits", DSM_MAX_BITS}};

class CompressorAdapter : public tb::StreamAdapter<CompressorAdapter, Vdsm_compressor> {
public:
    static constexpr const char *kUnit = "dsm_compressor";
    static constexpr int kSpecLatency = 1;  // docs/dsm.md section 6

    struct Input {
        uint8_t line[DSM_LINE_BYTES];
    };

    explicit CompressorAdapter(const tb::Options &opt) : cfg_(tb::dsm_tb_config()) {
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
        real_.load_if_given(opt.data);
        tb::dsm_line_mix(&mix_, &real_, cfg_.lane_bytes);
    }

    void begin_run(tb::Rng &rng) {
        next_vector_ = 0;
        for (std::vector<bool> &seen : es_seen_) seen.clear();
        if (!real_.empty()) real_.begin_run(rng);
        mix_.begin_run();
    }

    // Directed vectors first, in file order, then the line mix.
    bool next_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (next_vector_ < vectors_.size()) {
            std::memcpy(in.line, vectors_[next_vector_].data(), DSM_LINE_BYTES);
            origin = tb::Origin{"vector", next_vector_, nullptr};
            next_vector_++;
            return true;
        }
        mix_.next(rng, in.line, &origin);
        return true;
    }

    void drive_input(Dut &d, const Input &in) { tb::put_bytes(d.in_line_i, in.line, DSM_LINE_BYTES); }

    // The line is don't-care while in_valid_i is low: drive garbage so a design that
    // samples it anyway is caught.
    void drive_idle(Dut &d, tb::Rng &rng) {
        for (size_t i = 0; i < sizeof(d.in_line_i) / 4; i++) d.in_line_i.data()[i] = rng.next32();
    }

    tb::Txn predict(Input &in) {
        note_es_patterns(in.line);
        return model(in.line);
    }

    // How many of the 2^S encoding-status patterns each lane has seen (csn_subset aims at all).
    void coverage(std::map<std::string, uint64_t> &events) const {
        for (unsigned lane = 0; lane < DSM_LINE_BYTES / cfg_.lane_bytes; lane++) {
            uint64_t n = 0;
            for (bool seen : es_seen_[lane]) n += seen;
            events["es_patterns_lane" + std::to_string(lane) + "_of_" +
                   std::to_string(1u << (cfg_.lane_bytes / DSM_SEGMENT_BYTES))] = n;
        }
    }

    tb::Txn observe(const Dut &d) const {
        tb::Txn t;
        t.add_u64("out_len", 11, d.out_len_o);
        t.add("out_bits", tb::get_bits(d.out_bits_o, DSM_MAX_BITS));
        return t;
    }

    // Which lanes were emitted compressed (c) or raw (r), lane 0 first.
    const char *outcome(const tb::Txn &t) const {
        const tb::Bits &bits = t.fields[1].value;
        uint8_t s[DSM_MAX_BYTES];
        bits.to_bytes(s, sizeof s);
        const bool c0 = tb::stream_bit(s, 0);
        if (cfg_.lane_bytes == DSM_LINE_BYTES) return c0 ? "lane_c" : "lane_r";
        const bool c1 = tb::stream_bit(s, tb::dsm_lane_length_at(cfg_, s, 0));
        static const char *const kNames[] = {"lanes_rr", "lanes_rc", "lanes_cr", "lanes_cc"};
        return kNames[(c0 ? 2 : 0) + (c1 ? 1 : 0)];
    }

    std::string describe(const Input &in) const {
        return "in_line=" + tb::bytes_hex(in.line, DSM_LINE_BYTES);
    }

private:
    void note_es_patterns(const uint8_t *line) {
        const unsigned segments = cfg_.lane_bytes / DSM_SEGMENT_BYTES;
        for (unsigned lane = 0; lane < DSM_LINE_BYTES / cfg_.lane_bytes; lane++) {
            uint64_t seg[DSM_MAX_SEGMENTS];
            dsm_remap(cfg_.lane_bytes, line + lane * cfg_.lane_bytes, seg);
            std::vector<bool> &seen = es_seen_[lane];
            if (seen.empty()) seen.assign(1u << segments, false);
            seen[dsm_encoding_status(segments, seg)] = true;
        }
    }

    // The oracle: dsm_compress. Bits at and above the length are zero, as the RTL must drive
    // them (docs/conventions.md, Bitstreams).
    tb::Txn model(const uint8_t *line) const {
        uint8_t buf[DSM_MAX_BYTES] = {0};
        size_t n_bits = 0;
        if (dsm_compress(&cfg_, line, buf, sizeof buf, &n_bits) != NP_OK) {
            throw tb::Error("internal: dsm_compress failed on a 128-byte line");
        }
        // The model defines only the stream's bytes; the bus is zero from bit n_bits up.
        tb::Bits bits = tb::Bits::from_bytes(DSM_MAX_BITS, buf, sizeof buf);
        bits.clear_from(static_cast<unsigned>(n_bits));
        tb::Txn t;
        t.add_u64("out_len", 11, n_bits);
        t.add("out_bits", std::move(bits));
        return t;
    }

    // Inputs come from the file; the recorded expectation must equal the model's.
    void load_vectors(const std::string &path) {
        for (const tb::HexVector &v : tb::load_hex_vectors(path, kLayout)) {
            std::vector<uint8_t> line(DSM_LINE_BYTES);
            kLayout.get(v.value, "in_line").to_bytes(line.data(), line.size());
            const tb::Txn exp = model(line.data());
            tb::expect_recorded(kLayout, v, "exp_len", exp.fields[0].value);
            tb::expect_recorded(kLayout, v, "exp_bits", exp.fields[1].value);
            vectors_.push_back(std::move(line));
        }
    }

    dsm_config cfg_;
    std::vector<std::vector<uint8_t>> vectors_;
    size_t next_vector_ = 0;
    std::vector<bool> es_seen_[2];  // per lane, indexed by ES
    tb::RealLines real_;
    tb::LineMix mix_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<CompressorAdapter>(argc, argv); }
