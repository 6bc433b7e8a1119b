// Equivalence harness for sc_compressor (docs/sc.md sections 3.4, 4, 6.1, 8.3; RTL in rtl/sc/).
//
// The code table reaches the RTL as the hardware's would: the C model's code-table image
// (sc_code_image, 2049 words) written through the configuration port, one word per cycle,
// while nothing is in flight. The oracle compresses with a model state loaded from that same
// image (sc_code_load), so the image path is checked too. Tables: the golden vectors' own (their
// cfg records) for the vectors, then tables the C model trains on real lines of --data (a
// seed-chosen number of lines per table, 16..4096), rebuilt and reloaded every --reload-every
// lines, so one run compresses with many tables.
//
// Stimulus: lines of the standard mix (real data, synthetic patterns) and lines made of the
// current table's own values (every code length, escapes now and then). Expected: sc_compress's
// out_len and all 1025 bits of out_bits (zero at and above the length).
#include <cstring>
#include <memory>
#include <vector>

#include "Vsc_compressor.h"
#include "harness.h"
#include "hexfile.h"
#include "sc.h"
#include "sc_stimulus.h"
#include "sc_vectors.h"
#include "stream.h"

namespace {

constexpr unsigned kBusBits = SC_MAX_BITS;  // 1025
constexpr unsigned kLenBits = 11;
constexpr unsigned kAddrBits = 12;
#ifndef NP_TB_SC_WORDS
#define NP_TB_SC_WORDS 8  // rtl/sc/sc_compressor.v default
#endif
constexpr int kWordsPerCycle = NP_TB_SC_WORDS;

// docs/vectors.md, sc_compressor.hex
const tb::HexLayout kLayout{{"is_cfg", 1},   {"cfg_addr", kAddrBits}, {"cfg_data", 32},
                            {"in_line", 1024}, {"exp_len", kLenBits},  {"exp_bits", kBusBits}};

class ScCompAdapter : public tb::StreamAdapter<ScCompAdapter, Vsc_compressor> {
public:
    static constexpr const char *kUnit = "sc_compressor";
    // The input edge, 32 / K lookup edges, the pack edge and the output register
    // (rtl/sc/sc_compressor.v).
    static constexpr int kSpecLatency = 32 / kWordsPerCycle + 2;
    static constexpr bool kFullThroughput = false;  // one line at a time
    static constexpr int kSpecII = kSpecLatency;  // the next line enters as the result leaves

    struct Input {
        uint8_t line[SC_LINE_BYTES];
    };

    static void declare_options(tb::Options &opt) {
        opt.declare("reload-every", "20000", "lines compressed with one trained table before the next");
    }

    explicit ScCompAdapter(const tb::Options &opt)
        : reload_every_(opt.extra_u64("reload-every")), trained_(new sc_state), oracle_(new sc_state),
          port_(kAddrBits) {
        if (reload_every_ == 0) throw tb::Error("--reload-every must be at least 1");
        sc_init(trained_.get());  // the table_values lines read it before the first table
        real_.load_if_given(opt.data);
        mix_.add_real(&real_, 4);
        mix_.add_standard_synthetic();
        mix_.add("table_values", 4, [this](tb::Rng &rng, uint8_t *line) {
            tb::sc_table_line(trained_->delut, trained_->n_symbols, rng, line);
        });
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
    }

    void begin_run(tb::Rng &rng) {
        if (!real_.empty()) real_.begin_run(rng);
        mix_.begin_run();
        next_vector_ = 0;
        port_.reset_counts();
        escapes_ = coded_ = 0;
        on_vector_table_ = !vectors_.empty();
        if (on_vector_table_) use_image(vector_image_);
        else train(rng);
    }

    bool next_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (!port_.ready()) return false;
        if (on_vector_table_) {
            if (next_vector_ < vectors_.size()) {
                std::memcpy(in.line, vectors_[next_vector_].data(), SC_LINE_BYTES);
                origin = tb::Origin{"vector", next_vector_, nullptr};
                next_vector_++;
                return true;
            }
            on_vector_table_ = false;
            train(rng);  // a trained table replaces the vectors' one
            return false;
        }
        if (lines_on_table_ >= reload_every_) {
            train(rng);
            return false;
        }
        mix_.next(rng, in.line, &origin);
        lines_on_table_++;
        return true;
    }

    void drive_sideband(Dut &d, tb::Rng &rng, tb::SidebandMode mode) {
        port_.drive(d, rng, mode == tb::SidebandMode::kHold);
    }
    void commit_sideband() { port_.commit(); }

    void drive_input(Dut &d, const Input &in) { tb::put_bytes(d.in_line_i, in.line, SC_LINE_BYTES); }

    // The line is don't-care while in_valid_i is low: garbage, so a design that samples it is
    // caught.
    void drive_idle(Dut &d, tb::Rng &rng) {
        for (size_t i = 0; i < sizeof(d.in_line_i) / 4; i++) d.in_line_i.data()[i] = rng.next32();
    }

    tb::Txn predict(Input &in) {
        for (unsigned w = 0; w < SC_WORDS; w++) {
            const uint8_t *b = in.line + 4 * w;
            const uint32_t v = b[0] | b[1] << 8 | b[2] << 16 | static_cast<uint32_t>(b[3]) << 24;
            uint32_t code;
            unsigned len;
            (sc_code_lookup(oracle_.get(), v, &code, &len) ? coded_ : escapes_)++;
        }
        return model(*oracle_, in.line);
    }

    tb::Txn observe(const Dut &d) const {
        tb::Txn t;
        t.add_u64("out_len", kLenBits, d.out_len_o);
        t.add("out_bits", tb::get_bits(d.out_bits_o, kBusBits));
        return t;
    }

    const char *outcome(const tb::Txn &t) const { return t.fields[1].value.get(0) ? "compressed" : "raw"; }

    void coverage(std::map<std::string, uint64_t> &events) const {
        port_.coverage(events);
        events["words_coded"] = coded_;
        events["words_escaped"] = escapes_;
    }

    std::string describe(const Input &in) const { return "in_line=" + tb::bytes_hex(in.line, SC_LINE_BYTES); }

private:
    // The oracle: sc_compress with the loaded table. Bits at and above the length are zero.
    static tb::Txn model(const sc_state &st, const uint8_t *line) {
        uint8_t buf[SC_MAX_BYTES] = {0};
        size_t bits = 0;
        if (sc_compress(&st, line, buf, sizeof buf, &bits) != NP_OK) {
            throw tb::Error("internal: sc_compress failed on a 128-byte line");
        }
        tb::Bits out = tb::Bits::from_bytes(kBusBits, buf, sizeof buf);
        out.clear_from(static_cast<unsigned>(bits));
        tb::Txn t;
        t.add_u64("out_len", kLenBits, bits);
        t.add("out_bits", std::move(out));
        return t;
    }

    void train(tb::Rng &rng) {
        tb::sc_train(trained_.get(), rng, real_, mix_);
        std::vector<uint32_t> image(SC_CODE_WORDS, 0);
        sc_code_image(trained_.get(), image.data());
        use_image(image);
        lines_on_table_ = 0;
    }

    // The oracle's table is the image the port writes; the writer starts with it.
    void use_image(const std::vector<uint32_t> &image) {
        sc_init(oracle_.get());
        if (sc_code_load(oracle_.get(), image.data()) != NP_OK) throw tb::Error("code-table image rejected by the model");
        port_.start(image);
    }

    // ---- vectors --------------------------------------------------------------------------------
    // cfg records build the vectors' table, the others are lines compressed with it. The
    // recorded expectations must be the model's.
    void load_vectors(const std::string &path) {
        const std::vector<tb::HexVector> lines =
            tb::sc_vector_image(path, kLayout, SC_CODE_WORDS, {"in_line", "exp_len", "exp_bits"}, &vector_image_);
        std::unique_ptr<sc_state> st(new sc_state);
        sc_init(st.get());
        if (sc_code_load(st.get(), vector_image_.data()) != NP_OK) {
            throw tb::StaleVectors(path + ": the cfg records are not a code-table image the model accepts");
        }
        for (const tb::HexVector &v : lines) {
            std::vector<uint8_t> line(SC_LINE_BYTES);
            kLayout.get(v.value, "in_line").to_bytes(line.data(), line.size());
            const tb::Txn exp = model(*st, line.data());
            const char *const names[2] = {"exp_len", "exp_bits"};
            for (unsigned f = 0; f < 2; f++) tb::expect_recorded(kLayout, v, names[f], exp.fields[f].value);
            vectors_.push_back(std::move(line));
        }
    }

    uint64_t reload_every_;
    std::unique_ptr<sc_state> trained_, oracle_;
    tb::ScPortLoader port_;
    tb::RealLines real_;
    tb::LineMix mix_;
    std::vector<uint32_t> vector_image_;
    std::vector<std::vector<uint8_t>> vectors_;
    size_t next_vector_ = 0;
    bool on_vector_table_ = false;
    uint64_t lines_on_table_ = 0, escapes_ = 0, coded_ = 0;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<ScCompAdapter>(argc, argv); }
