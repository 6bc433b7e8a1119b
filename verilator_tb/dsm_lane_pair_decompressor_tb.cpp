// Equivalence harness for dsm_lane_pair_decompressor (docs/dsm.md sections 4.2-4.5, ports in
// section 6). Each 64-byte lane stream arrives on its own 513-bit bus with its own 10-bit
// length. Inputs: the golden vectors, then the line mix split into its two lane streams by the
// C model (dsm_remap, dsm_encoding_status, dsm_concat), each lane independently well formed or
// malformed (truncated, extended, random bits, C=1/ES=0, flipped bits, length off by one).
// The oracle is dsm_decompress_lane on exactly in_lenK bits of lane K's bus: out_err_o must
// be 1 exactly when either lane is not NP_OK, and out_line_o must equal the two decoded lanes
// when both are (don't-care otherwise, 4.5). Bus bits at and above each length carry garbage:
// the RTL must ignore them.
#include <cstring>

#include "Vdsm_lane_pair_decompressor.h"
#include "dsm_decoded.h"
#include "dsm_stimulus.h"
#include "harness.h"
#include "hexfile.h"

namespace {

constexpr unsigned kLaneBits = 513;                     // 1 + 8 * 64: a raw lane
constexpr size_t kLaneBytes = (kLaneBits + 7) / 8;      // 65
constexpr unsigned kLenBits = 10;                       // in_lens_i: 10 bits per lane
constexpr unsigned kLenMax = (1u << kLenBits) - 1;      // 1023
constexpr size_t kModelBytes = (kLenMax + 1 + 7) / 8;   // model buffer for any length
constexpr unsigned kBusBits = 2 * kLaneBits;            // in_lanes_i

// docs/vectors.md, dsm_lane_pair_decompressor.hex
const tb::HexLayout kLayout{{"in_len1", kLenBits},   {"in_len0", kLenBits}, {"in_lane1", kLaneBits},
                            {"in_lane0", kLaneBits}, {"exp_err", 1},        {"exp_line", 1024}};

class LanePairAdapter : public tb::StreamAdapter<LanePairAdapter, Vdsm_lane_pair_decompressor> {
public:
    static constexpr const char *kUnit = "dsm_lane_pair_decompressor";
    static constexpr int kSpecLatency = 1;  // docs/dsm.md section 6

    struct Input {
        uint8_t lane[2][kLaneBytes];  // lane K's bus (bits >= 513 of the last byte unused)
        unsigned len[2];              // its length
    };

    explicit LanePairAdapter(const tb::Options &opt) : cfg_(tb::dsm_tb_config()) {
        if (cfg_.lane_bytes != 64) {
            throw tb::Error("dsm_lane_pair_decompressor has two 64-byte lanes only");
        }
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
        feed_.load_lines(opt, cfg_.lane_bytes);
    }

    void begin_run(tb::Rng &rng) { feed_.begin_run(rng); }

    bool next_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (!feed_.vectors.next(in, origin)) make_pair(rng, in, origin);
        return true;
    }

    void drive_input(Dut &d, const Input &in) {
        uint8_t bus[(kBusBits + 7) / 8] = {0};
        for (unsigned k = 0; k < 2; k++) tb::stream_or_bits(bus, k * kLaneBits, in.lane[k], kLaneBits);
        tb::put_bytes(d.in_lanes_i, bus, sizeof bus);
        clean_bus(d);
        d.in_lens_i = in.len[1] << kLenBits | in.len[0];
    }

    void drive_idle(Dut &d, tb::Rng &rng) {
        for (size_t i = 0; i < sizeof(d.in_lanes_i) / 4; i++) d.in_lanes_i.data()[i] = rng.next32();
        clean_bus(d);
        d.in_lens_i = static_cast<uint32_t>(rng.bits(2 * kLenBits));
    }

    tb::Txn predict(Input &in) const { return model(in); }

    tb::Txn observe(const Dut &d) const { return tb::observe_decoded(d); }

    const char *outcome(const tb::Txn &t) const { return tb::decoded_outcome(t); }

    std::string describe(const Input &in) const {
        return "in_len1=" + std::to_string(in.len[1]) + " in_len0=" + std::to_string(in.len[0]) +
               " in_lane1=" + tb::bytes_hex(in.lane[1], kLaneBytes) +
               " in_lane0=" + tb::bytes_hex(in.lane[0], kLaneBytes);
    }

private:
    // Verilator needs the bits above the port width (1026..1055) kept zero.
    static void clean_bus(Dut &d) { d.in_lanes_i.data()[kBusBits / 32] &= (1u << (kBusBits % 32)) - 1u; }

    // The oracle sees exactly in_lenK bits of each lane (bits above the bus read as zero).
    tb::Txn model(const Input &in) const {
        uint8_t line[DSM_LINE_BYTES] = {0};
        bool err = false;
        for (unsigned k = 0; k < 2; k++) {
            uint8_t src[kModelBytes] = {0};
            std::memcpy(src, in.lane[k], kLaneBytes);
            tb::stream_clear_from(src, sizeof src, in.len[k] < kLaneBits ? in.len[k] : kLaneBits);
            err |= dsm_decompress_lane(&cfg_, src, in.len[k], line + 64 * k, 64) != NP_OK;
        }
        return tb::decoded_txn(err, line);
    }

    // ---- stimulus ---------------------------------------------------------------------------
    enum Variant { kExact, kTruncated, kExtended, kRandomBits, kNonCanonical, kBitFlip, kOffByOne };

    // A line of the mix as two lane streams; each lane independently kept (3 in 4) or damaged
    // in one way, so about half the pairs are valid and every fault appears in either lane.
    void make_pair(tb::Rng &rng, Input &in, tb::Origin &origin) {
        static const Variant kPick[] = {kExact,     kExact,      kExact,        kExact,
                                        kExact,     kExact,      kExact,        kExact,
                                        kExact,     kExact,      kExact,        kExact,
                                        kTruncated, kExtended,   kRandomBits,   kNonCanonical,
                                        kBitFlip,   kOffByOne};
        static const char *const kNames[2][7] = {
            {"lane0_exact", "lane0_truncated", "lane0_extended", "lane0_random_bits", "lane0_c1_es0",
             "lane0_bit_flip", "lane0_off_by_one"},
            {"lane1_exact", "lane1_truncated", "lane1_extended", "lane1_random_bits", "lane1_c1_es0",
             "lane1_bit_flip", "lane1_off_by_one"}};
        uint8_t line[DSM_LINE_BYTES];
        feed_.next_line(rng, line, &origin);
        Variant v[2];
        for (unsigned k = 0; k < 2; k++) {
            v[k] = kPick[rng.below(sizeof kPick / sizeof kPick[0])];
            lane_stream(line + 64 * k, in.lane[k], in.len[k]);
            damage(rng, v[k], in.lane[k], in.len[k]);
            // The RTL must ignore bus bits at and above the length; the buffer bits past the
            // 513-bit bus stay zero so printed inputs are bus values.
            tb::stream_randomize_from(in.lane[k], kLaneBytes, in.len[k], rng);
            tb::stream_clear_from(in.lane[k], kLaneBytes, kLaneBits);
        }
        // Coverage names the faulty lane (lane 0 first when both are).
        origin.variant = v[0] != kExact || v[1] == kExact ? kNames[0][v[0]] : kNames[1][v[1]];
    }

    // One lane's stream by the model's stage functions, zero above it.
    void lane_stream(const uint8_t *lane, uint8_t *bus, unsigned &len) const {
        uint64_t seg[DSM_MAX_SEGMENTS];
        dsm_remap(64, lane, seg);
        np_bitwriter w;
        np_bw_init(&w, bus, kLaneBytes);
        dsm_concat(&w, 64, lane, seg, dsm_encoding_status(8, seg));
        if (w.overflow) throw tb::Error("internal: a lane stream does not fit 513 bits");
        len = static_cast<unsigned>(w.pos);
    }

    static void damage(tb::Rng &rng, Variant v, uint8_t *bus, unsigned &len) {
        switch (v) {
        case kTruncated: len = static_cast<unsigned>(rng.below(len)); break;
        case kExtended: {  // trailing bits, sometimes past the 513-bit bus (read as zero)
            const unsigned old_len = len;
            const bool on_bus = old_len < kLaneBits && rng.chance(0.7);
            len = static_cast<unsigned>(rng.range(old_len + 1, on_bus ? kLaneBits : kLenMax));
            tb::stream_randomize_from(bus, kLaneBytes, old_len, rng);
            break;
        }
        case kRandomBits:
            for (size_t i = 0; i < kLaneBytes; i++) bus[i] = static_cast<uint8_t>(rng.next());
            len = static_cast<unsigned>(rng.chance(0.8) ? rng.range(0, kLaneBits) : rng.range(0, kLenMax));
            break;
        case kNonCanonical: {  // C = 1, ES = 0, then random bits of random length
            std::memset(bus, 0, kLaneBytes);
            tb::stream_set(bus, 0, true);
            tb::stream_randomize_from(bus, kLaneBytes, 9, rng);
            len = static_cast<unsigned>(rng.range(9, rng.chance(0.8) ? kLaneBits : kLenMax));
            break;
        }
        case kBitFlip:
            for (unsigned n = static_cast<unsigned>(rng.range(1, 3)); n > 0; n--) {
                const size_t i = rng.below(len);
                tb::stream_set(bus, i, !tb::stream_bit(bus, i));
            }
            break;
        case kOffByOne: len = rng.chance(0.5) ? len - 1 : len + 1; break;
        default: break;
        }
    }

    // ---- vectors ------------------------------------------------------------------------------
    void load_vectors(const std::string &path) {
        for (const tb::HexVector &v : tb::load_hex_vectors(path, kLayout)) {
            Input in;
            std::memset(&in, 0, sizeof in);
            for (unsigned k = 0; k < 2; k++) {
                const std::string n = std::to_string(k);
                in.len[k] = static_cast<unsigned>(kLayout.get_u64(v.value, "in_len" + n));
                kLayout.get(v.value, "in_lane" + n).to_bytes(in.lane[k], kLaneBytes);
            }
            tb::check_decoded_vector(v, kLayout, model(in));
            feed_.vectors.add(in);
        }
    }

    dsm_config cfg_;
    tb::DsmDecoderFeed<Input> feed_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<LanePairAdapter>(argc, argv); }
