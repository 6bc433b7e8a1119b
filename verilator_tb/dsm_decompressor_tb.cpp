// Equivalence harness for dsm_decompressor (docs/dsm.md sections 4.2-4.5, ports in section 6).
// Inputs are streams the C compressor made from the line mix, plus malformed streams
// (truncated, extended, random bits, C=1/ES=0, flipped bits, length off by one). The oracle is
// dsm_decompress on exactly in_len_i bits: out_err_o must be 1 exactly when it is not NP_OK,
// and out_line_o must equal the model's line when it is NP_OK (don't-care otherwise, 4.5).
// The bus bits at and above in_len_i carry garbage: the RTL must ignore them.
#include <cstring>

#include "Vdsm_decompressor.h"
#include "dsm_decoded.h"
#include "dsm_stimulus.h"
#include "harness.h"
#include "stream_mutations.h"
#include "hexfile.h"

namespace {

// docs/vectors.md, dsm_decompressor.hex
const tb::HexLayout kLayout{
    {"in_len", 11}, {"in_bits", DSM_MAX_BITS}, {"exp_err", 1}, {"exp_line", 1024}};

constexpr unsigned kLenMax = 2047;                        // in_len_i is 11 bits
using Mutate = tb::StreamMutations<DSM_MAX_BITS, kLenMax>;   // damaged inputs (stream_mutations.h)
constexpr size_t kModelBytes = (kLenMax + 1 + 7) / 8;      // model buffer for any in_len_i

class DecompressorAdapter : public tb::StreamAdapter<DecompressorAdapter, Vdsm_decompressor> {
public:
    static constexpr const char *kUnit = "dsm_decompressor";
    static constexpr int kSpecLatency = 1;  // docs/dsm.md section 6

    struct Input {
        uint8_t bus[DSM_MAX_BYTES];  // in_bits_i (bits >= 1026 of the last byte unused)
        unsigned len;                // in_len_i
    };

    explicit DecompressorAdapter(const tb::Options &opt) : cfg_(tb::dsm_tb_config()) {
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
        feed_.load_lines(opt, cfg_.lane_bytes);
    }

    void begin_run(tb::Rng &rng) {
        feed_.begin_run(rng);
        random_count_ = 0;
    }

    bool next_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (!feed_.vectors.next(in, origin)) make_stream(rng, in, origin);
        return true;
    }

    void drive_input(Dut &d, const Input &in) {
        tb::put_bytes(d.in_bits_i, in.bus, DSM_MAX_BYTES);
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

    std::string describe(const Input &in) const {
        return "in_len=" + std::to_string(in.len) + " in_bits=" + tb::bytes_hex(in.bus, DSM_MAX_BYTES);
    }

private:
    // Verilator needs the bits above the port width (1026..1055) kept zero.
    static void clean_bus(Dut &d) {
        d.in_bits_i.data()[DSM_MAX_BITS / 32] &= (1u << (DSM_MAX_BITS % 32)) - 1u;
    }

    // The oracle sees exactly in_len bits (bits above the bus width read as zero).
    tb::Txn model(const Input &in) const {
        uint8_t src[kModelBytes] = {0};
        std::memcpy(src, in.bus, sizeof in.bus);
        tb::stream_clear_from(src, sizeof src, in.len < DSM_MAX_BITS ? in.len : DSM_MAX_BITS);
        uint8_t line[DSM_LINE_BYTES] = {0};
        const np_result r = dsm_decompress(&cfg_, src, in.len, line, sizeof line);
        return tb::decoded_txn(r != NP_OK, line);
    }

    // ---- stimulus ---------------------------------------------------------------------------
    enum Variant { kExact, kTruncated, kExtended, kRandomBits, kNonCanonical, kBitFlip, kOffByOne };

    void make_stream(tb::Rng &rng, Input &in, tb::Origin &origin) {
        // Weights: half the streams are well formed, the rest malformed in one way each.
        static const Variant kPick[] = {kExact,     kExact,      kExact,    kExact,
                                        kExact,     kExact,      kTruncated, kExtended,
                                        kRandomBits, kNonCanonical, kBitFlip, kOffByOne};
        static const char *const kNames[] = {"exact",        "truncated", "extended",
                                             "random_bits",  "c1_es0",    "bit_flip",
                                             "off_by_one"};
        const Variant v = kPick[rng.below(sizeof kPick / sizeof kPick[0])];
        if (v == kRandomBits) {
            Mutate::random_bits(rng, in);
            origin = tb::Origin{"random_bits", random_count_++, kNames[v]};
            return;
        }
        uint8_t line[DSM_LINE_BYTES];
        feed_.next_line(rng, line, &origin);
        origin.variant = kNames[v];
        compress(line, in);
        switch (v) {
        case kTruncated: in.len = static_cast<unsigned>(rng.below(in.len)); break;
        case kExtended: Mutate::extend(rng, in); break;
        case kNonCanonical: non_canonical(rng, in); break;
        case kBitFlip: Mutate::flip_bits(rng, in); break;
        case kOffByOne: in.len = rng.chance(0.5) ? in.len - 1 : in.len + 1; break;
        default: break;
        }
        Mutate::fill_garbage_above_len(rng, in);
    }

    void compress(const uint8_t *line, Input &in) const {
        size_t n_bits = 0;
        std::memset(in.bus, 0, sizeof in.bus);
        if (dsm_compress(&cfg_, line, in.bus, sizeof in.bus, &n_bits) != NP_OK) {
            throw tb::Error("internal: dsm_compress failed on a 128-byte line");
        }
        in.len = static_cast<unsigned>(n_bits);
        // Only the stream's bits are defined by the model; start from zeros above them.
        tb::stream_clear_from(in.bus, sizeof in.bus, in.len);
    }

    // Rewrites one lane as C=1, ES=0 (non-canonical, docs/dsm.md 4.5); the lanes before it
    // stay well formed, random bits of random length follow the header.
    void non_canonical(tb::Rng &rng, Input &in) const {
        const unsigned lanes = DSM_LINE_BYTES / cfg_.lane_bytes;
        const unsigned segments = cfg_.lane_bytes / DSM_SEGMENT_BYTES;
        const unsigned lane = static_cast<unsigned>(rng.below(lanes));
        size_t pos = 0;
        for (unsigned k = 0; k < lane; k++) pos += tb::dsm_lane_length_at(cfg_, in.bus, pos);
        tb::stream_clear_from(in.bus, sizeof in.bus, pos);
        tb::stream_set(in.bus, pos, true);                     // C = 1, then ES = 0
        const size_t ed = pos + 1 + segments;
        const size_t tail = rng.below(DSM_MAX_BITS - ed + 1);  // whatever follows
        tb::stream_randomize_from(in.bus, sizeof in.bus, ed, rng);
        in.len = static_cast<unsigned>(ed + tail);
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

    dsm_config cfg_;
    tb::DsmDecoderFeed<Input> feed_;
    uint64_t random_count_ = 0;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<DecompressorAdapter>(argc, argv); }
