// Equivalence harness for dsm_approx (docs/dsm.md section 5, ports in section 6).
// The map is written through the cfg port (no handshake) at random times with random raw
// contents: all 32 bits values (illegal ones included: the hardware formula of 5.2 applies),
// overlapping ranges, start > end. The harness keeps the model's copy of the map exactly as
// the RTL holds it and applies a write at the edge it happens, after predicting any line
// accepted on that edge: "a line accepted on the same edge as a write sees the map as it was
// before that edge" (5.3). Addresses aim at range boundaries (start-1 .. end+1).
#include <cstring>
#include <deque>
#include <map>
#include <vector>

#include "Vdsm_approx.h"
#include "dsm_stimulus.h"
#include "harness.h"
#include "hexfile.h"

namespace {

constexpr unsigned kEntryBits = 88;  // {valid, start[40:0], end[40:0], bits[4:0]}
constexpr uint64_t kAddrMask = (1ull << DSM_ADDR_BITS) - 1;

// docs/vectors.md, dsm_approx.hex
const tb::HexLayout kLayout{{"entry7", kEntryBits}, {"entry6", kEntryBits}, {"entry5", kEntryBits},
                            {"entry4", kEntryBits}, {"entry3", kEntryBits}, {"entry2", kEntryBits},
                            {"entry1", kEntryBits}, {"entry0", kEntryBits}, {"in_addr", DSM_ADDR_BITS},
                            {"in_line", 1024},      {"exp_bits", 5},        {"exp_line", 1024}};

struct CfgWrite {
    unsigned idx;
    dsm_approx_entry entry;  // raw: any 5-bit bits value, start > end allowed
};

class ApproxAdapter : public tb::StreamAdapter<ApproxAdapter, Vdsm_approx> {
public:
    static constexpr const char *kUnit = "dsm_approx";
    static constexpr int kSpecLatency = 1;  // docs/dsm.md section 6

    struct Input {
        uint64_t addr;
        uint8_t line[DSM_LINE_BYTES];
        dsm_approx_map seen;  // the model's map when the line was accepted (for messages)
    };

    static void declare_options(tb::Options &opt) {
        opt.declare("cfg-rate", "0.03", "probability of a random map write in a cycle");
    }

    explicit ApproxAdapter(const tb::Options &opt) : cfg_rate_(opt.extra_double("cfg-rate")) {
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
        real_.load_if_given(opt.data);
        tb::dsm_line_mix(&mix_, &real_, tb::dsm_tb_config().lane_bytes);
        // Approximation targets binary32 arrays: weigh them up.
        mix_.add("float_common_exp_extra", 3, tb::synth::float_common_exp);
    }

    void begin_run(tb::Rng &rng) {
        dsm_approx_map_init(&map_);  // every entry invalid after reset (section 6)
        writes_.clear();
        driving_ = false;
        directed_in_flight_ = false;
        next_vector_ = 0;
        vector_cfg_sent_ = false;
        cfg_writes_ = same_edge_ = same_edge_changing_ = 0;
        window_ = rng.bits(DSM_ADDR_BITS);
        last_addr_ = window_;
        if (!real_.empty()) real_.begin_run(rng);
        mix_.begin_run();
    }

    // ---- side band: the cfg port ------------------------------------------------------------
    void drive_sideband(Dut &d, tb::Rng &rng, tb::SidebandMode mode) {
        driving_ = false;
        if (mode != tb::SidebandMode::kHold) {
            if (!writes_.empty()) {
                driven_ = writes_.front();
                writes_.pop_front();
                driving_ = true;
            } else if (mode == tb::SidebandMode::kRandom && !directed_in_flight_ && rng.chance(cfg_rate_)) {
                driven_ = random_write(rng);
                driving_ = true;
                // Sometimes a whole reconfiguration: a burst of writes on consecutive cycles.
                if (rng.chance(0.1)) {
                    for (unsigned n = static_cast<unsigned>(rng.range(1, 8)); n > 0; n--) writes_.push_back(random_write(rng));
                }
            }
        }
        const CfgWrite w = driving_ ? driven_ : random_write(rng);  // garbage when we is low
        d.cfg_we_i = driving_;
        d.cfg_idx_i = static_cast<uint8_t>(w.idx);
        d.cfg_valid_i = w.entry.valid;
        d.cfg_start_i = w.entry.start;
        d.cfg_end_i = w.entry.end;
        d.cfg_bits_i = static_cast<uint8_t>(w.entry.bits);
    }

    void commit_sideband() {
        if (driving_) {
            map_.entry[driven_.idx] = driven_.entry;
            cfg_writes_++;
        }
        driving_ = false;
    }

    // ---- inputs -------------------------------------------------------------------------------
    bool next_input(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (next_vector_ < vectors_.size()) return next_directed(in, origin);
        in.addr = choose_address(rng);
        mix_.next(rng, in.line, &origin);
        return true;
    }

    void drive_input(Dut &d, const Input &in) {
        d.in_addr_i = in.addr;
        tb::put_bytes(d.in_line_i, in.line, DSM_LINE_BYTES);
    }

    void drive_idle(Dut &d, tb::Rng &rng) {
        d.in_addr_i = rng.bits(DSM_ADDR_BITS);
        for (size_t i = 0; i < sizeof(d.in_line_i) / 4; i++) d.in_line_i.data()[i] = rng.next32();
    }

    // Called for the line accepted on this edge, before this edge's cfg write is committed.
    tb::Txn predict(Input &in) {
        directed_in_flight_ = false;
        in.seen = map_;
        if (driving_) count_same_edge_write(in.addr);
        return model(map_, in.addr, in.line);
    }

    void coverage(std::map<std::string, uint64_t> &events) const {
        events["cfg_writes"] = cfg_writes_;
        events["cfg_write_on_accept_edge"] = same_edge_;
        events["cfg_write_on_accept_edge_changing_lookup"] = same_edge_changing_;
    }

    tb::Txn observe(const Dut &d) const {
        tb::Txn t;
        t.add_u64("out_addr", DSM_ADDR_BITS, d.out_addr_o);
        t.add("out_line", tb::get_bits(d.out_line_o, 1024));
        t.add_u64("out_bits", 5, d.out_bits_o);
        return t;
    }

    // The looked-up bits value: shows that all 32 raw values were exercised.
    const char *outcome(const tb::Txn &t) const {
        static const char *const kNames[32] = {
            "bits_00", "bits_01", "bits_02", "bits_03", "bits_04", "bits_05", "bits_06", "bits_07",
            "bits_08", "bits_09", "bits_10", "bits_11", "bits_12", "bits_13", "bits_14", "bits_15",
            "bits_16", "bits_17", "bits_18", "bits_19", "bits_20", "bits_21", "bits_22", "bits_23",
            "bits_24", "bits_25", "bits_26", "bits_27", "bits_28", "bits_29", "bits_30", "bits_31"};
        return kNames[t.fields[2].value.u64() & 31];
    }

    std::string describe(const Input &in) const {
        char buf[128];
        std::string s = "in_addr=" + tb::Bits::from_u64(DSM_ADDR_BITS, in.addr).hex() +
                        " in_line=" + tb::bytes_hex(in.line, DSM_LINE_BYTES) + " map_at_accept:";
        for (unsigned i = 0; i < DSM_APPROX_ENTRIES; i++) {
            const dsm_approx_entry &e = in.seen.entry[i];
            std::snprintf(buf, sizeof buf, " e%u={valid=%d start=%011llx end=%011llx bits=%u}", i,
                          e.valid ? 1 : 0, static_cast<unsigned long long>(e.start),
                          static_cast<unsigned long long>(e.end), e.bits);
            s += buf;
        }
        return s;
    }

private:
    // A write on the edge that accepts a line: the line must see the old map (5.3). Counted,
    // and counted apart when the new map would have given another lookup result, to show the
    // rule was really exercised.
    void count_same_edge_write(uint64_t addr) {
        same_edge_++;
        dsm_approx_map after = map_;
        after.entry[driven_.idx] = driven_.entry;
        if (dsm_approx_lookup(&after, addr) != dsm_approx_lookup(&map_, addr)) same_edge_changing_++;
    }

    static tb::Txn model(const dsm_approx_map &map, uint64_t addr, const uint8_t *line) {
        const unsigned bits = dsm_approx_lookup(&map, addr);
        uint8_t out[DSM_LINE_BYTES];
        dsm_approx_apply(bits, line, out);
        tb::Txn t;
        t.add_u64("out_addr", DSM_ADDR_BITS, addr);
        t.add("out_line", tb::Bits::from_bytes(1024, out, sizeof out));
        t.add_u64("out_bits", 5, bits);
        return t;
    }

    // A directed vector: its eight entries go out on the cfg port first; the line is offered
    // only from the cycle after the last write, so it sees exactly the vector's map.
    bool next_directed(Input &in, tb::Origin &origin) {
        const Directed &v = vectors_[next_vector_];
        if (!vector_cfg_sent_) {
            for (unsigned i = 0; i < DSM_APPROX_ENTRIES; i++) writes_.push_back(CfgWrite{i, v.map.entry[i]});
            vector_cfg_sent_ = true;
            directed_in_flight_ = true;
            return false;
        }
        if (!writes_.empty() || driving_) return false;
        in.addr = v.addr;
        std::memcpy(in.line, v.line, DSM_LINE_BYTES);
        origin = tb::Origin{"vector", next_vector_, nullptr};
        next_vector_++;
        vector_cfg_sent_ = false;
        return true;
    }

    // Random raw entry contents, concentrated in a window so ranges overlap and get hit.
    CfgWrite random_write(tb::Rng &rng) const {
        static const unsigned kLegal[] = {0, 4, 8, 12, 16, 20};
        static const uint64_t kSpans[] = {0, 1, 2, 16, 256, kWindow};
        CfgWrite w;
        w.idx = static_cast<unsigned>(rng.below(DSM_APPROX_ENTRIES));
        w.entry.valid = rng.chance(0.8);
        const unsigned pick = static_cast<unsigned>(rng.below(20));
        uint64_t start = pick < 14 ? window_ + rng.below(kWindow) : pick < 17 ? rng.below(4) : rng.bits(DSM_ADDR_BITS);
        start &= kAddrMask;
        uint64_t end;
        const unsigned shape = static_cast<unsigned>(rng.below(10));
        if (shape < 6) end = start + kSpans[rng.below(6)];
        else if (shape < 8) end = start - 1 - rng.below(16);  // start > end: matches nothing
        else if (shape < 9) end = start;
        else end = kAddrMask;
        w.entry.start = start;
        w.entry.end = end & kAddrMask;
        w.entry.bits = rng.chance(0.5) ? kLegal[rng.below(6)] : static_cast<unsigned>(rng.bits(5));
        return w;
    }

    uint64_t choose_address(tb::Rng &rng) {
        const unsigned pick = static_cast<unsigned>(rng.below(20));
        uint64_t a;
        if (pick < 9) {  // a boundary of a current entry: start-1, start, start+1, end-1, end, end+1
            const dsm_approx_entry &e = map_.entry[rng.below(DSM_APPROX_ENTRIES)];
            const uint64_t edge = rng.chance(0.5) ? e.start : e.end;
            a = edge + rng.below(3) - 1;
        } else if (pick < 14) {
            a = window_ + rng.below(kWindow);
        } else if (pick < 16) {
            a = rng.bits(DSM_ADDR_BITS);
        } else if (pick < 18) {
            static const uint64_t kExtremes[] = {0, 1, kAddrMask - 1, kAddrMask};
            a = kExtremes[rng.below(4)];
        } else {
            a = last_addr_;
        }
        last_addr_ = a & kAddrMask;
        return last_addr_;
    }

    // ---- vectors ------------------------------------------------------------------------------
    struct Directed {
        dsm_approx_map map;
        uint64_t addr;
        uint8_t line[DSM_LINE_BYTES];
    };

    void load_vectors(const std::string &path) {
        for (const tb::HexVector &v : tb::load_hex_vectors(path, kLayout)) {
            Directed d;
            for (unsigned i = 0; i < DSM_APPROX_ENTRIES; i++) {
                const tb::Bits e = kLayout.get(v.value, "entry" + std::to_string(i));
                d.map.entry[i].bits = static_cast<unsigned>(e.u64(0, 5));
                d.map.entry[i].end = e.u64(5, DSM_ADDR_BITS);
                d.map.entry[i].start = e.u64(5 + DSM_ADDR_BITS, DSM_ADDR_BITS);
                d.map.entry[i].valid = e.get(kEntryBits - 1);
            }
            d.addr = kLayout.get_u64(v.value, "in_addr");
            kLayout.get(v.value, "in_line").to_bytes(d.line, DSM_LINE_BYTES);
            const tb::Txn exp = model(d.map, d.addr, d.line);
            tb::expect_recorded(kLayout, v, "exp_line", exp.fields[1].value);
            tb::expect_recorded(kLayout, v, "exp_bits", exp.fields[2].value);
            vectors_.push_back(d);
        }
    }

    static constexpr uint64_t kWindow = 4096;

    double cfg_rate_;
    dsm_approx_map map_{};
    std::deque<CfgWrite> writes_;
    CfgWrite driven_{};
    bool driving_ = false;
    bool directed_in_flight_ = false;
    std::vector<Directed> vectors_;
    size_t next_vector_ = 0;
    bool vector_cfg_sent_ = false;
    uint64_t window_ = 0;
    uint64_t last_addr_ = 0;
    uint64_t cfg_writes_ = 0, same_edge_ = 0, same_edge_changing_ = 0;
    tb::RealLines real_;
    tb::LineMix mix_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<ApproxAdapter>(argc, argv); }
