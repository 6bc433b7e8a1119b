// Equivalence harness for bpc_decompressor (docs/bpc.md sections 2-6, ports in section 9).
// Inputs are streams the C compressor made from the BPC line mix, plus malformed ones:
// truncated, extended, random bits, flipped bits, length off by one, C = 1 with a length of
// 1025 or more, C = 0 with another length than 1025, and hand-made streams the decoder must
// accept although the compressor never writes them (a RAW symbol for a plane another symbol
// covers, docs/bpc.md 6). The oracle is bpc_decompress on exactly in_len_i bits: out_err_o must
// be 1 exactly when it is not NP_OK; out_line_o must equal the model's when it is NP_OK
// (unspecified otherwise). Bus bits at and above in_len_i carry garbage: the RTL must ignore
// them. The unit takes one stream at a time (docs/bpc.md 9): kFullThroughput is false.
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "Vbpc_decompressor.h"
#include "bpc_stimulus.h"
#include "decoded_feed.h"
#include "harness.h"
#include "stream.h"
#include "stream_mutations.h"
#include "hexfile.h"

namespace {

// docs/bpc.md section 9, bpc_decompressor.hex
const tb::HexLayout kLayout{{"in_len", 11}, {"in_bits", BPC_MAX_BITS}, {"exp_err", 1}, {"exp_line", 1024}};

constexpr unsigned kBusBits = BPC_MAX_BITS;               // in_bits_i width
constexpr unsigned kLenMax = 2047;                        // in_len_i is 11 bits
using Mutate = tb::StreamMutations<kBusBits, kLenMax>;   // damaged inputs (stream_mutations.h)
constexpr size_t kModelBytes = (kLenMax + 1 + 7) / 8;     // model buffer for any in_len_i

class DecompressorAdapter : public tb::StreamAdapter<DecompressorAdapter, Vbpc_decompressor> {
public:
    static constexpr const char *kUnit = "bpc_decompressor";
    static constexpr int kSpecLatency = 13;          // docs/bpc.md section 9.2
    static constexpr bool kFullThroughput = false;   // one stream at a time
    static constexpr int kSpecII = kSpecLatency;  // the next line enters as the result leaves

    struct Input {
        uint8_t bus[BPC_MAX_BYTES];  // in_bits_i (bits >= 1025 of the last byte unused)
        unsigned len;                // in_len_i
    };

    explicit DecompressorAdapter(const tb::Options &opt) {
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
        feed_.load_real(opt);
        tb::bpc_line_mix(feed_.mix(), feed_.real());
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
        tb::put_bytes(d.in_bits_i, in.bus, BPC_MAX_BYTES);
        clean_bus(d);
        d.in_len_i = static_cast<uint16_t>(in.len);
    }

    void drive_idle(Dut &d, tb::Rng &rng) {
        for (size_t i = 0; i < sizeof(d.in_bits_i) / 4; i++) d.in_bits_i.data()[i] = rng.next32();
        clean_bus(d);
        d.in_len_i = static_cast<uint16_t>(rng.bits(11));
    }

    tb::Txn predict(Input &in) const { return model(in); }

    tb::Txn observe(const Dut &d) const { return tb::observe_decoded(d); }

    const char *outcome(const tb::Txn &t) const { return tb::decoded_outcome(t); }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
    }

    std::string describe(const Input &in) const {
        return "in_len=" + std::to_string(in.len) + " in_bits=" + tb::bytes_hex(in.bus, BPC_MAX_BYTES);
    }

private:
    // Verilator needs the bits above the port width (1025..1055) kept zero.
    static void clean_bus(Dut &d) {
        d.in_bits_i.data()[kBusBits / 32] &= (1u << (kBusBits % 32)) - 1u;
    }

    // The oracle sees exactly in_len bits (bits above the bus width read as zero).
    static tb::Txn model(const Input &in) {
        uint8_t src[kModelBytes] = {0};
        std::memcpy(src, in.bus, sizeof in.bus);
        tb::stream_clear_from(src, sizeof src, in.len < kBusBits ? in.len : kBusBits);
        uint8_t line[BPC_LINE_BYTES] = {0};
        const np_result r = bpc_decompress(src, in.len, line, sizeof line);
        return tb::decoded_txn(r != NP_OK, line);
    }

    // ---- stimulus ---------------------------------------------------------------------------
    enum Variant {
        kExact, kTruncated, kExtended, kRandomBits, kBitFlip, kOffByOne, kC1Long, kC0Length,
        kRawSymbol
    };

    void make_stream(tb::Rng &rng, Input &in, tb::Origin &origin) {
        // Weights: half the streams are well formed, the rest malformed (or hand-made) one way.
        static const Variant kPick[] = {kExact,     kExact,    kExact,     kExact,
                                        kExact,     kExact,    kExact,     kExact,
                                        kTruncated, kExtended, kRandomBits, kBitFlip,
                                        kBitFlip,   kOffByOne, kC1Long,    kC0Length,
                                        kRawSymbol, kRawSymbol};
        static const char *const kNames[] = {"exact",    "truncated",   "extended",
                                             "random_bits", "bit_flip", "off_by_one",
                                             "c1_len_1025_up", "c0_other_len", "raw_symbol"};
        const Variant v = kPick[rng.below(sizeof kPick / sizeof kPick[0])];
        if (v == kRandomBits) {
            Mutate::random_bits(rng, in);
            origin = tb::Origin{"random_bits", random_count_++, kNames[v]};
            return;
        }
        uint8_t line[BPC_LINE_BYTES];
        feed_.next_line(rng, line, &origin);
        origin.variant = kNames[v];
        if (v == kRawSymbol) {
            raw_symbol_stream(rng, line, in);
            Mutate::fill_garbage_above_len(rng, in);
            return;
        }
        compress(line, in);
        switch (v) {
        case kTruncated: in.len = static_cast<unsigned>(rng.below(in.len)); break;
        case kExtended: Mutate::extend(rng, in); break;
        case kBitFlip: Mutate::flip_bits(rng, in); break;
        case kOffByOne: in.len = rng.chance(0.5) ? in.len - 1 : in.len + 1; break;
        case kC1Long:
            tb::stream_set(in.bus, 0, true);
            in.len = static_cast<unsigned>(rng.range(BPC_RAW_BITS, kLenMax));
            tb::stream_randomize_from(in.bus, sizeof in.bus, 1, rng);
            break;
        case kC0Length:
            tb::stream_set(in.bus, 0, false);
            in.len = static_cast<unsigned>(rng.range(0, kLenMax));
            break;
        default: break;
        }
        Mutate::fill_garbage_above_len(rng, in);
    }

    void compress(const uint8_t *line, Input &in) {
        size_t n_bits = 0;
        std::memset(in.bus, 0, sizeof in.bus);
        if (bpc_compress(line, in.bus, sizeof in.bus, &n_bits) != NP_OK) {
            throw tb::Error("internal: bpc_compress failed");
        }
        in.len = static_cast<unsigned>(n_bits);
        events_[tb::stream_bit(in.bus, 0) ? "stream_compressed" : "stream_raw"]++;
    }

    // The line's stream written with one non-run plane as a RAW symbol (or the shortest
    // stream if that makes it 1025 bits or longer): accepted although never emitted.
    void raw_symbol_stream(tb::Rng &rng, const uint8_t *line, Input &in) {
        uint32_t words[BPC_WORDS], base, dbp[BPC_PLANES], dbx[BPC_PLANES];
        uint64_t deltas[BPC_DELTAS];
        for (unsigned w = 0; w < BPC_WORDS; w++) {
            words[w] = static_cast<uint32_t>(line[4 * w]) | static_cast<uint32_t>(line[4 * w + 1]) << 8 |
                       static_cast<uint32_t>(line[4 * w + 2]) << 16 |
                       static_cast<uint32_t>(line[4 * w + 3]) << 24;
        }
        bpc_delta(words, &base, deltas);
        bpc_bitplane(deltas, dbp);
        bpc_xor(dbp, dbx);
        bpc_symbol syms[BPC_PLANES];
        const unsigned n = bpc_symbols(dbx, dbp, syms);
        // Which plane each symbol starts at; pick one non-RAW symbol and write it RAW.
        unsigned plane[BPC_PLANES], cand[BPC_PLANES], nc = 0, j = BPC_PLANES - 1;
        for (unsigned k = 0; k < n; k++) {
            plane[k] = j;
            const bool run = syms[k].kind == BPC_SYM_RUN || syms[k].kind == BPC_SYM_RUN1;
            if (syms[k].kind != BPC_SYM_RAW && !(run && syms[k].arg != 1)) cand[nc++] = k;
            j -= run ? syms[k].arg : 1u;
        }
        std::memset(in.bus, 0, sizeof in.bus);
        np_bitwriter w;
        np_bw_init(&w, in.bus, sizeof in.bus);
        np_bw_put(&w, 1, 1);
        bpc_put_base(&w, base);
        const unsigned pick = nc ? cand[rng.below(nc)] : n;
        for (unsigned k = 0; k < n; k++) {
            bpc_symbol s = syms[k];
            if (k == pick) s = bpc_symbol{BPC_SYM_RAW, 0, dbx[plane[k]]};
            bpc_put_symbol(&w, &s);
        }
        if (w.overflow || w.pos >= BPC_RAW_BITS) {
            compress(line, in);
            return;
        }
        in.len = static_cast<unsigned>(w.pos);
        events_["raw_symbol_for_" + std::string(nc ? bpc_sym_name(syms[pick].kind) : "none")]++;
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
