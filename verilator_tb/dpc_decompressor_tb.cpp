// Equivalence harness for dpc_decompressor (docs/dpc.md sections 3-5 and 8, ports in section
// 7). Inputs are streams the C compressor made (every mode, random maps) from the DPC line mix,
// plus malformed ones: truncated, extended, random bits, non-canonical (C = 1 with too few
// compressible planes), flipped bits, length off by one, DF-TRUC map 0000, and streams decoded
// in the other mode. The oracle is dpc_mode_decompress after dpc_hw_mode on exactly in_len_i
// bits: out_err_o must be 1 exactly when it is not NP_OK; out_line_o and out_map_o must equal
// the model's when it is NP_OK (unspecified otherwise, section 7). The bus bits at and above
// in_len_i carry garbage: the RTL must ignore them.
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "Vdpc_decompressor.h"
#include "dpc_stimulus.h"
#include "decoded_feed.h"
#include "harness.h"
#include "stream.h"
#include "stream_mutations.h"
#include "hexfile.h"

namespace {

// docs/dpc.md section 7, dpc_decompressor.hex
const tb::HexLayout kLayout{{"in_mode", 2},  {"in_len", 11},   {"in_bits", DFTRUC_MAX_BITS},
                            {"exp_err", 1},  {"exp_map", 4},   {"exp_line", 1024}};

constexpr unsigned kBusBits = DFTRUC_MAX_BITS;            // in_bits_i width
constexpr unsigned kLenMax = 2047;                        // in_len_i is 11 bits
using Mutate = tb::StreamMutations<kBusBits, kLenMax>;   // damaged inputs (stream_mutations.h)
constexpr size_t kModelBytes = (kLenMax + 1 + 7) / 8;     // model buffer for any in_len_i

class DecompressorAdapter : public tb::StreamAdapter<DecompressorAdapter, Vdpc_decompressor> {
public:
    static constexpr const char *kUnit = "dpc_decompressor";
    static constexpr int kSpecLatency = 2;  // docs/dpc.md section 7

    struct Input {
        uint8_t bus[DPC_MAX_BYTES];  // in_bits_i (bits >= 1029 of the last byte unused)
        unsigned len;                // in_len_i
        unsigned mode;               // in_mode_i, 2 bits as driven
    };

    explicit DecompressorAdapter(const tb::Options &opt) {
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
        feed_.load_real(opt);
        tb::dpc_line_mix(feed_.mix(), feed_.real());
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
        tb::put_bytes(d.in_bits_i, in.bus, DPC_MAX_BYTES);
        clean_bus(d);
        d.in_len_i = static_cast<uint16_t>(in.len);
        d.in_mode_i = static_cast<uint8_t>(in.mode);
    }

    void drive_idle(Dut &d, tb::Rng &rng) {
        for (size_t i = 0; i < sizeof(d.in_bits_i) / 4; i++) d.in_bits_i.data()[i] = rng.next32();
        clean_bus(d);
        d.in_len_i = static_cast<uint16_t>(rng.bits(11));
        d.in_mode_i = static_cast<uint8_t>(rng.bits(2));
    }

    tb::Txn predict(Input &in) const { return model(in); }

    tb::Txn observe(const Dut &d) const {
        tb::Txn t;
        t.add_u64("out_err", 1, d.out_err_o);
        t.add_u64("out_map", 4, d.out_map_o);
        t.add("out_line", tb::get_bits(d.out_line_o, 1024));
        return t;
    }

    const char *outcome(const tb::Txn &t) const { return t.fields[0].value.get(0) ? "err" : "ok"; }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
    }

    std::string describe(const Input &in) const {
        return "in_mode=" + std::to_string(in.mode) + " in_len=" + std::to_string(in.len) +
               " in_bits=" + tb::bytes_hex(in.bus, DPC_MAX_BYTES);
    }

private:
    // Verilator needs the bits above the port width (1029..1055) kept zero.
    static void clean_bus(Dut &d) {
        d.in_bits_i.data()[kBusBits / 32] &= (1u << (kBusBits % 32)) - 1u;
    }

    // The oracle sees exactly in_len bits (bits above the bus width read as zero).
    static tb::Txn model(const Input &in) {
        uint8_t src[kModelBytes] = {0};
        std::memcpy(src, in.bus, sizeof in.bus);
        tb::stream_clear_from(src, sizeof src, in.len < kBusBits ? in.len : kBusBits);
        uint8_t line[DPC_LINE_BYTES] = {0};
        unsigned map = 0;
        const np_result r =
            dpc_mode_decompress(dpc_hw_mode(in.mode), src, in.len, line, sizeof line, &map);
        const bool err = r != NP_OK;
        tb::Txn t;
        t.add_u64("out_err", 1, err);
        t.add_u64("out_map", 4, map, !err);
        t.add("out_line", tb::Bits::from_bytes(1024, line, sizeof line), !err);
        return t;
    }

    // ---- stimulus ---------------------------------------------------------------------------
    enum Variant {
        kExact, kTruncated, kExtended, kRandomBits, kNonCanonical, kBitFlip, kOffByOne,
        kMapZero, kOtherMode
    };

    void make_stream(tb::Rng &rng, Input &in, tb::Origin &origin) {
        // Weights: half the streams are well formed, the rest malformed in one way each.
        static const Variant kPick[] = {kExact,     kExact,       kExact,    kExact,
                                        kExact,     kExact,       kExact,    kExact,
                                        kTruncated, kExtended,    kRandomBits, kNonCanonical,
                                        kBitFlip,   kOffByOne,    kMapZero,  kOtherMode};
        static const char *const kNames[] = {"exact",   "truncated", "extended",
                                             "random_bits", "c1_too_few_planes", "bit_flip",
                                             "off_by_one", "dftruc_map0000", "other_mode"};
        const Variant v = kPick[rng.below(sizeof kPick / sizeof kPick[0])];
        in.mode = tb::dpc_random_mode(rng);
        if (v == kRandomBits) {
            Mutate::random_bits(rng, in);
            origin = tb::Origin{"random_bits", random_count_++, kNames[v]};
            return;
        }
        if (v == kNonCanonical) {
            non_canonical(rng, in);
            origin = tb::Origin{"non_canonical", random_count_++, kNames[v]};
            Mutate::fill_garbage_above_len(rng, in);
            return;
        }
        uint8_t line[DPC_LINE_BYTES];
        feed_.next_line(rng, line, &origin);
        origin.variant = kNames[v];
        if (v == kMapZero) in.mode = DPC_MODE_DFTRUC;
        compress(line, tb::dpc_random_map(rng), in);
        switch (v) {
        case kTruncated: in.len = static_cast<unsigned>(rng.below(in.len)); break;
        case kExtended: Mutate::extend(rng, in); break;
        case kBitFlip: Mutate::flip_bits(rng, in); break;
        case kOffByOne: in.len = rng.chance(0.5) ? in.len - 1 : in.len + 1; break;
        case kMapZero:
            for (unsigned b = 0; b < DPC_MAP_BITS; b++) tb::stream_set(in.bus, b, false);
            break;
        case kOtherMode:
            // A DF-TRUC stream read as plain DPC or the other way round.
            in.mode = dpc_hw_mode(in.mode) == DPC_MODE_DFTRUC
                          ? static_cast<unsigned>(rng.chance(0.5) ? 0 : 2)
                          : static_cast<unsigned>(DPC_MODE_DFTRUC);
            break;
        default: break;
        }
        Mutate::fill_garbage_above_len(rng, in);
    }

    void compress(const uint8_t *line, unsigned map, Input &in) {
        size_t n_bits = 0;
        std::memset(in.bus, 0, sizeof in.bus);
        const dpc_mode mode = dpc_hw_mode(in.mode);
        if (dpc_mode_compress(mode, line, dpc_hw_map(map), in.bus, sizeof in.bus, &n_bits) != NP_OK) {
            throw tb::Error("internal: dpc_mode_compress failed on a hardware mode and map");
        }
        in.len = static_cast<unsigned>(n_bits);
        tb::stream_clear_from(in.bus, sizeof in.bus, in.len);
        const unsigned hdr = mode == DPC_MODE_DFTRUC ? DPC_MAP_BITS : 0;
        const bool comp = tb::stream_bit(in.bus, hdr);
        events_[std::string(dpc_mode_name(mode)) + (comp ? "_compressed" : "_raw")]++;
    }

    // A stream whose only fault is C = 1 with fewer compressible planes than the checker
    // requires for its width: map (DF-TRUC) or nothing, C = 1, an ES with n < minimum ones,
    // and exactly n + Wc (32 - n) ED bits of random data.
    void non_canonical(tb::Rng &rng, Input &in) {
        std::memset(in.bus, 0, sizeof in.bus);
        const bool truc = dpc_hw_mode(in.mode) == DPC_MODE_DFTRUC;
        unsigned map = DPC_MAP_FULL;
        if (truc) map = static_cast<unsigned>(rng.range(1, 15));
        const unsigned wc = 8u * static_cast<unsigned>(__builtin_popcount(map));
        const unsigned n = static_cast<unsigned>(rng.below(dpc_min_planes(wc)));
        size_t pos = 0;
        if (truc) {
            for (unsigned b = 0; b < DPC_MAP_BITS; b++) tb::stream_set(in.bus, pos++, (map >> b) & 1u);
        }
        tb::stream_set(in.bus, pos++, true);  // C = 1
        uint32_t es = 0;
        for (unsigned k = 0; k < n;) {
            const unsigned i = static_cast<unsigned>(rng.below(DPC_PLANES));
            if (!((es >> i) & 1u)) {
                es |= 1u << i;
                k++;
            }
        }
        for (unsigned i = 0; i < DPC_PLANES; i++) tb::stream_set(in.bus, pos++, (es >> i) & 1u);
        // With n < 2 and Wc = 32 the ED runs past the 1029-bit bus: in_len_i still covers it,
        // and the bits beyond the bus read as zero (for the model too).
        const size_t end = pos + n + static_cast<size_t>(wc) * (DPC_PLANES - n);
        for (; pos < end && pos < kBusBits; pos++) tb::stream_set(in.bus, pos, rng.chance(0.5));
        in.len = static_cast<unsigned>(end);
        events_["non_canonical_wc" + std::to_string(wc)]++;
    }

    // ---- vectors ------------------------------------------------------------------------------
    void load_vectors(const std::string &path) {
        for (const tb::HexVector &v : tb::load_hex_vectors(path, kLayout)) {
            Input in;
            std::memset(&in, 0, sizeof in);
            in.mode = static_cast<unsigned>(kLayout.get_u64(v.value, "in_mode"));
            in.len = static_cast<unsigned>(kLayout.get_u64(v.value, "in_len"));
            kLayout.get(v.value, "in_bits").to_bytes(in.bus, sizeof in.bus);
            const tb::Txn exp = model(in);
            const bool err = exp.fields[0].value.get(0);
            tb::expect_recorded(kLayout, v, "exp_err", exp.fields[0].value);
            // docs/dpc.md section 7: exp_map and exp_line are zero when exp_err is 1.
            tb::expect_recorded(kLayout, v, "exp_map", err ? tb::Bits(4) : exp.fields[1].value);
            tb::expect_recorded(kLayout, v, "exp_line", err ? tb::Bits(1024) : exp.fields[2].value);
            feed_.vectors.add(in);
        }
    }

    tb::LineFeed<Input> feed_;
    uint64_t random_count_ = 0;
    std::map<std::string, uint64_t> events_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<DecompressorAdapter>(argc, argv); }
