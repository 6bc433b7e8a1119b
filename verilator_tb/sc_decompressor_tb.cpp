// Equivalence harness for sc_decompressor (docs/sc.md sections 4-6, RTL in rtl/sc/).
//
// The code table reaches the RTL as the hardware's would: the C model's DeLUT image
// (sc_delut_image, 1042 words) written through the configuration port, one word per cycle,
// while nothing is in flight. The oracle decodes with a model state loaded from that same image
// (sc_delut_load), so the image path is checked too. Tables: the golden vectors' own (their
// cfg records) for the vectors, then tables the C model trains on real lines of --data (a
// seed-chosen number of lines per table, 16..4096), rebuilt and reloaded every --reload-every
// lines, so one run decodes with many tables.
//
// Stimulus: lines of the standard mix (real data, synthetic patterns) and lines made of the
// current table's own values (long and short codes, escapes), compressed by sc_compress with the
// trained state; most streams exact, the rest damaged (truncated, extended, random bits, bit
// flips, length off by one, C = 1 at 1025 bits or more, raw of the wrong length). Bus bits at and
// above in_len_i are random: the RTL must ignore them. The oracle is sc_decompress on exactly
// in_len_i bits: out_err_o must match, out_line_o only when there is no error (docs/sc.md 4.3).
#include <cstring>
#include <vector>

#include "Vsc_decompressor.h"
#include "harness.h"
#include "hexfile.h"
#include "sc.h"
#include "sc_stimulus.h"
#include "sc_vectors.h"
#include "stream.h"

namespace {

constexpr unsigned kBusBits = SC_MAX_BITS;             // 1025
constexpr size_t kBusBytes = (kBusBits + 7) / 8;       // 129
constexpr unsigned kLenBits = 11;
constexpr unsigned kLenMax = (1u << kLenBits) - 1;     // 2047
constexpr size_t kModelBytes = (kLenMax + 1 + 7) / 8;  // 256: any length, zero above the bus
#ifndef NP_TB_SC_SYMBOLS
#define NP_TB_SC_SYMBOLS 2  // rtl/sc/sc_decompressor.v default; the k1 variant sets 1
#endif
constexpr int kSymbolsPerCycle = NP_TB_SC_SYMBOLS;
#ifndef NP_TB_SC_DELUT_MACRO
#define NP_TB_SC_DELUT_MACRO 1  // rtl/sc/sc_decompressor.v default TableMacro; the ffdelut variant sets 0
#endif

// docs/vectors.md, sc_decompressor.hex
const tb::HexLayout kLayout{{"is_cfg", 1},   {"cfg_addr", 11}, {"cfg_data", 32}, {"in_len", kLenBits},
                            {"in_bits", kBusBits}, {"exp_err", 1}, {"exp_line", 1024}};

class ScDecAdapter : public tb::StreamAdapter<ScDecAdapter, Vsc_decompressor> {
public:
    static constexpr const char *kUnit = "sc_decompressor";
    // ceil(32 / SymbolsPerCycle) decode cycles + the input edge + the extraction cycle, + 1 with
    // the DeLUT in SRAM (its words reach the line a cycle after their read;
    // rtl/sc/sc_decompressor.v).
    static constexpr int kSpecLatency =
        (32 + kSymbolsPerCycle - 1) / kSymbolsPerCycle + 2 + NP_TB_SC_DELUT_MACRO;
    static constexpr bool kFullThroughput = false;  // one line at a time
    static constexpr int kSpecII = kSpecLatency;  // the next line enters as the result leaves

    struct Input {
        uint8_t bits[kBusBytes];
        unsigned len;
    };

    static void declare_options(tb::Options &opt) {
        opt.declare("reload-every", "20000", "lines decoded with one trained table before the next");
    }

    explicit ScDecAdapter(const tb::Options &opt)
        : reload_every_(opt.extra_u64("reload-every")),
          comp_(new sc_state), dec_(new sc_state), port_(kLenBits) {
        if (reload_every_ == 0) throw tb::Error("--reload-every must be at least 1");
        real_.load_if_given(opt.data);
        mix_.add_real(&real_, 4);
        mix_.add_standard_synthetic();
        mix_.add("table_values", 4, [this](tb::Rng &rng, uint8_t *line) {
            tb::sc_table_line(dec_->delut, dec_->n_symbols, rng, line);
        });
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
    }

    void begin_run(tb::Rng &rng) {
        if (!real_.empty()) real_.begin_run(rng);
        mix_.begin_run();
        next_vector_ = 0;
        port_.reset_counts();
        if (!vectors_.empty()) {
            image_ = vector_image_;
            load_model_image();
            on_vector_table_ = true;
        } else {
            train(rng);
            on_vector_table_ = false;
        }
    }

    bool next_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (!port_.ready()) return false;
        if (on_vector_table_) {
            if (next_vector_ < vectors_.size()) {
                in = vectors_[next_vector_];
                origin = tb::Origin{"vector", next_vector_, nullptr};
                next_vector_++;
                return true;
            }
            on_vector_table_ = false;
            train(rng);   // a trained table replaces the vectors' one
            return false;
        }
        if (lines_on_table_ >= reload_every_) {
            train(rng);
            return false;
        }
        make_input(rng, in, origin);
        lines_on_table_++;
        return true;
    }

    // The image goes in one word per cycle once nothing is in flight (sc_stimulus.h).
    void drive_sideband(Dut &d, tb::Rng &rng, tb::SidebandMode mode) {
        port_.drive(d, rng, mode == tb::SidebandMode::kHold);
    }
    void commit_sideband() { port_.commit(); }

    void drive_input(Dut &d, const Input &in) {
        tb::put_bytes(d.in_bits_i, in.bits, kBusBytes);
        clean_bus(d);
        d.in_len_i = static_cast<uint16_t>(in.len);
    }

    void drive_idle(Dut &d, tb::Rng &rng) {
        for (size_t i = 0; i < sizeof(d.in_bits_i) / 4; i++) d.in_bits_i.data()[i] = rng.next32();
        clean_bus(d);
        d.in_len_i = static_cast<uint16_t>(rng.bits(kLenBits));
    }

    tb::Txn predict(Input &in) const { return model(*dec_, in); }

    tb::Txn observe(const Dut &d) const {
        tb::Txn t;
        t.add_u64("out_err", 1, d.out_err_o);
        t.add("out_line", tb::get_bits(d.out_line_o, 1024));
        return t;
    }

    const char *outcome(const tb::Txn &t) const { return t.fields[0].value.get(0) ? "err" : "ok"; }

    void coverage(std::map<std::string, uint64_t> &events) const { port_.coverage(events); }

    std::string describe(const Input &in) const {
        return "in_len=" + std::to_string(in.len) + " in_bits=" + tb::bytes_hex(in.bits, kBusBytes);
    }

private:
    // Verilator needs the bits above the port width (1025..1055) kept zero.
    static void clean_bus(Dut &d) { d.in_bits_i.data()[kBusBits / 32] &= (1u << (kBusBits % 32)) - 1u; }

    static tb::Txn model(const sc_state &st, const Input &in) {
        uint8_t src[kModelBytes] = {0};
        std::memcpy(src, in.bits, kBusBytes);
        tb::stream_clear_from(src, sizeof src, in.len < kBusBits ? in.len : kBusBits);
        uint8_t line[SC_LINE_BYTES];
        const bool err = sc_decompress(&st, src, in.len, line, sizeof line) != NP_OK;
        tb::Txn t;
        t.add_u64("out_err", 1, err);
        t.add("out_line", tb::Bits::from_bytes(1024, line, SC_LINE_BYTES), !err);
        return t;
    }

    // A new table: the C model trains on a seed-chosen number of lines (real data when given,
    // else the mix), rebuilds, and the image is queued for the port.
    void train(tb::Rng &rng) {
        tb::sc_train(comp_.get(), rng, real_, mix_);
        image_.assign(SC_DELUT_WORDS, 0);
        sc_delut_image(comp_.get(), image_.data());
        load_model_image();
        lines_on_table_ = 0;
    }

    // The oracle's DeLUT is the image the port writes; the writer starts with it.
    void load_model_image() {
        sc_init(dec_.get());
        if (sc_delut_load(dec_.get(), image_.data()) != NP_OK) throw tb::Error("DeLUT image rejected by the model");
        port_.start(image_);
    }

    enum Variant { kExact, kTruncated, kExtended, kRandomBits, kBitFlip, kOffByOne, kLongCompressed, kRawBadLen };

    void make_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        static const Variant kPick[] = {kExact,     kExact,    kExact,     kExact,   kExact,    kExact,
                                        kExact,     kExact,    kExact,     kExact,   kExact,    kExact,
                                        kTruncated, kExtended, kRandomBits, kBitFlip, kOffByOne, kLongCompressed,
                                        kRawBadLen};
        static const char *const kNames[] = {"exact",    "truncated",   "extended",       "random_bits",
                                             "bit_flip", "off_by_one", "c1_len_ge_1025", "raw_bad_len"};
        uint8_t line[SC_LINE_BYTES];
        mix_.next(rng, line, &origin);
        std::memset(in.bits, 0, sizeof in.bits);
        size_t bits = 0;
        if (sc_compress(comp_.get(), line, in.bits, sizeof in.bits, &bits) != NP_OK) {
            throw tb::Error("internal: sc_compress failed");
        }
        in.len = static_cast<unsigned>(bits);
        const Variant v = kPick[rng.below(sizeof kPick / sizeof kPick[0])];
        damage(rng, v, in);
        origin.variant = kNames[v];
        tb::stream_randomize_from(in.bits, kBusBytes, in.len, rng);
        tb::stream_clear_from(in.bits, kBusBytes, kBusBits);
    }

    static void damage(tb::Rng &rng, Variant v, Input &in) {
        switch (v) {
        case kTruncated: in.len = static_cast<unsigned>(rng.below(in.len)); break;
        case kExtended: {
            const unsigned old = in.len;
            in.len = static_cast<unsigned>(rng.range(old + 1, rng.chance(0.7) ? kBusBits : kLenMax));
            tb::stream_randomize_from(in.bits, kBusBytes, old, rng);
            break;
        }
        case kRandomBits:
            for (size_t i = 0; i < kBusBytes; i++) in.bits[i] = static_cast<uint8_t>(rng.next());
            tb::stream_set(in.bits, 0, rng.chance(0.8));
            in.len = static_cast<unsigned>(rng.chance(0.8) ? rng.range(0, kBusBits) : rng.range(0, kLenMax));
            break;
        case kBitFlip:
            for (unsigned n = static_cast<unsigned>(rng.range(1, 3)); n > 0 && in.len > 0; n--) {
                const size_t i = rng.below(in.len);
                tb::stream_set(in.bits, i, !tb::stream_bit(in.bits, i));
            }
            break;
        case kOffByOne: in.len = rng.chance(0.5) && in.len > 0 ? in.len - 1 : in.len + 1; break;
        case kLongCompressed:
            tb::stream_set(in.bits, 0, true);
            tb::stream_randomize_from(in.bits, kBusBytes, in.len, rng);
            in.len = static_cast<unsigned>(rng.range(kBusBits, kLenMax));
            break;
        case kRawBadLen:
            tb::stream_set(in.bits, 0, false);
            do {
                in.len = static_cast<unsigned>(rng.range(1, kLenMax));
            } while (in.len == kBusBits);
            break;
        default: break;
        }
    }

    // ---- vectors ------------------------------------------------------------------------------
    // cfg records build the vectors' table (every word the bench writes; the rest zero), the
    // others are streams decoded with it. The recorded expectations must be the model's.
    void load_vectors(const std::string &path) {
        // A configuration record's stream fields are zero (docs/vectors.md).
        const std::vector<tb::HexVector> all =
            tb::sc_vector_image(path, kLayout, SC_DELUT_WORDS, {"in_len", "in_bits", "exp_err", "exp_line"}, &vector_image_);
        sc_state st;
        sc_init(&st);
        if (sc_delut_load(&st, vector_image_.data()) != NP_OK) {
            throw tb::StaleVectors(path + ": the cfg records are not a DeLUT image the model accepts");
        }
        for (const tb::HexVector &v : all) {
            Input in;
            std::memset(&in, 0, sizeof in);
            in.len = static_cast<unsigned>(kLayout.get_u64(v.value, "in_len"));
            kLayout.get(v.value, "in_bits").to_bytes(in.bits, kBusBytes);
            const tb::Txn m = model(st, in);
            const bool err = m.fields[0].value.get(0);
            const tb::Bits want[2] = {m.fields[0].value, err ? tb::Bits(1024) : m.fields[1].value};
            const char *const names[2] = {"exp_err", "exp_line"};
            for (unsigned f = 0; f < 2; f++) tb::expect_recorded(kLayout, v, names[f], want[f]);
            vectors_.push_back(in);
        }
    }

    uint64_t reload_every_;
    std::unique_ptr<sc_state> comp_, dec_;
    tb::RealLines real_;
    tb::LineMix mix_;
    tb::ScPortLoader port_;
    std::vector<uint32_t> image_, vector_image_;
    std::vector<Input> vectors_;
    size_t next_vector_ = 0;
    bool on_vector_table_ = false;
    uint64_t lines_on_table_ = 0;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<ScDecAdapter>(argc, argv); }
