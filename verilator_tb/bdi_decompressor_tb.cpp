// Equivalence harness for bdi_decompressor (docs/bdi.md section 5, ports in section 9).
// Inputs are streams the C compressor made from the BDI line mix, plus malformed ones:
// truncated, extended, off by one, random bits, an undefined code in either block, flipped
// bits (which may make a well-formed non-canonical stream). The oracle is bdi_decompress on
// exactly in_len_i bits: out_err_o must be 1 exactly when it is not NP_OK, and out_line_o must
// equal the model's line when it is NP_OK (unspecified otherwise). The bus bits at and above
// in_len_i carry garbage: the RTL must ignore them.
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "Vbdi_decompressor.h"
#include "bdi_stimulus.h"
#include "decoded_feed.h"
#include "harness.h"
#include "hexfile.h"
#include "stream.h"

namespace {

// docs/vectors.md, bdi_decompressor.hex
const tb::HexLayout kLayout{{"in_len", 11}, {"in_bits", BDI_MAX_BITS}, {"exp_err", 1}, {"exp_line", 1024}};

constexpr unsigned kBusBits = BDI_MAX_BITS;               // in_bits_i width
constexpr unsigned kLenMax = 2047;                        // in_len_i is 11 bits
constexpr size_t kModelBytes = (kLenMax + 1 + 7) / 8;     // model buffer for any in_len_i

class DecompressorAdapter : public tb::StreamAdapter<DecompressorAdapter, Vbdi_decompressor> {
public:
    static constexpr const char *kUnit = "bdi_decompressor";
    static constexpr int kSpecLatency = 2;  // docs/bdi.md section 9

    struct Input {
        uint8_t bus[BDI_MAX_BYTES];  // in_bits_i
        unsigned len;                // in_len_i
    };

    explicit DecompressorAdapter(const tb::Options &opt) {
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
        feed_.load_real(opt);
        tb::bdi_line_mix(feed_.mix(), feed_.real());
    }

    void begin_run(tb::Rng &rng) {
        random_count_ = 0;
        events_.clear();
        feed_.begin_run(rng);
    }

    bool next_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (!feed_.vectors.next(in, origin)) make_stream(rng, in, origin);
        return true;
    }

    void drive_input(Dut &d, const Input &in) {
        tb::put_bytes(d.in_bits_i, in.bus, BDI_MAX_BYTES);
        d.in_len_i = static_cast<uint16_t>(in.len);
    }

    void drive_idle(Dut &d, tb::Rng &rng) {
        for (size_t i = 0; i < sizeof(d.in_bits_i) / 4; i++) d.in_bits_i.data()[i] = rng.next32();
        d.in_bits_i.data()[kBusBits / 32] &= (1u << (kBusBits % 32)) - 1u;
        d.in_len_i = static_cast<uint16_t>(rng.bits(11));
    }

    tb::Txn predict(Input &in) const { return model(in); }

    tb::Txn observe(const Dut &d) const { return tb::observe_decoded(d); }

    const char *outcome(const tb::Txn &t) const { return tb::decoded_outcome(t); }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
    }

    std::string describe(const Input &in) const {
        return "in_len=" + std::to_string(in.len) + " in_bits=" + tb::bytes_hex(in.bus, BDI_MAX_BYTES);
    }

private:
    // The oracle sees exactly in_len bits (bits above the bus width read as zero).
    static tb::Txn model(const Input &in) {
        uint8_t src[kModelBytes] = {0};
        std::memcpy(src, in.bus, sizeof in.bus);
        tb::stream_clear_from(src, sizeof src, in.len < kBusBits ? in.len : kBusBits);
        uint8_t line[BDI_LINE_BYTES] = {0};
        const np_result r = bdi_decompress(src, in.len, line, sizeof line);
        return tb::decoded_txn(r != NP_OK, line);
    }

    // ---- stimulus ---------------------------------------------------------------------------
    enum Variant { kExact, kTruncated, kExtended, kOffByOne, kRandomBits, kBadCode, kBitFlip };

    void make_stream(tb::Rng &rng, Input &in, tb::Origin &origin) {
        // Half the streams are well formed, the rest malformed (or non-canonical) in one way.
        static const Variant kPick[] = {kExact,     kExact,    kExact,      kExact,  kExact,  kExact,
                                        kTruncated, kExtended, kOffByOne,   kRandomBits, kBadCode, kBitFlip};
        static const char *const kNames[] = {"exact", "truncated", "extended", "off_by_one",
                                             "random_bits", "bad_code", "bit_flip"};
        const Variant v = kPick[rng.below(sizeof kPick / sizeof kPick[0])];
        if (v == kRandomBits) {
            for (size_t i = 0; i < sizeof in.bus; i++) in.bus[i] = static_cast<uint8_t>(rng.next());
            in.len = static_cast<unsigned>(rng.chance(0.8) ? rng.range(0, kBusBits) : rng.range(0, kLenMax));
            origin = tb::Origin{"random_bits", random_count_++, kNames[v]};
            events_["random_bits"]++;
            return;
        }
        uint8_t line[BDI_LINE_BYTES];
        feed_.next_line(rng, line, &origin);
        origin.variant = kNames[v];
        size_t n_bits = 0;
        std::memset(in.bus, 0, sizeof in.bus);
        if (bdi_compress(line, in.bus, sizeof in.bus, &n_bits) != NP_OK) {
            throw tb::Error("internal: bdi_compress failed on a 128-byte line");
        }
        in.len = static_cast<unsigned>(n_bits);
        switch (v) {
        case kTruncated: in.len = static_cast<unsigned>(rng.below(in.len)); break;
        case kExtended: {
            const bool on_bus = in.len < kBusBits && rng.chance(0.7);
            in.len = static_cast<unsigned>(rng.range(in.len + 1, on_bus ? kBusBits : kLenMax));
            break;
        }
        case kOffByOne: in.len = rng.chance(0.5) ? in.len - 1 : in.len + 1; break;
        case kBadCode: {
            // An undefined code (10..14) in block 0, or in block 1 at its true position.
            const unsigned code = static_cast<unsigned>(rng.range(10, 14));
            const size_t pos = rng.chance(0.5) ? 0 : bdi_enc_bits(in.bus[0] & 0xFu);
            for (unsigned j = 0; j < 4; j++) tb::stream_set(in.bus, pos + j, (code >> j) & 1u);
            break;
        }
        case kBitFlip: {
            const unsigned n = static_cast<unsigned>(rng.range(1, 3));
            for (unsigned k = 0; k < n && in.len > 0; k++) {
                const size_t i = rng.below(in.len);
                tb::stream_set(in.bus, i, !tb::stream_bit(in.bus, i));
            }
            break;
        }
        default: break;
        }
        events_[std::string(kNames[v]) + "_block0_" + bdi_enc_name(in.bus[0] & 0xFu)]++;
        // The RTL must ignore bus bits at and above in_len_i.
        tb::stream_randomize_from(in.bus, sizeof in.bus, in.len, rng);
    }

    // ---- vectors ------------------------------------------------------------------------------
    void load_vectors(const std::string &path) {
        for (const tb::HexVector &v : tb::load_hex_vectors(path, kLayout)) {
            Input in;
            std::memset(&in, 0, sizeof in);
            in.len = static_cast<unsigned>(kLayout.get_u64(v.value, "in_len"));
            kLayout.get(v.value, "in_bits").to_bytes(in.bus, sizeof in.bus);
            tb::check_decoded_vector(v, kLayout, model(in));
            feed_.vectors.add(in);
        }
    }


    tb::LineFeed<Input> feed_;
    uint64_t random_count_ = 0;
    std::map<std::string, uint64_t> events_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<DecompressorAdapter>(argc, argv); }
