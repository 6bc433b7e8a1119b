// Equivalence harness for dpc_filter_table (docs/dpc.md sections 6 and 7): two input streams
// (requests, L2 replies) and two output streams (the table's decision per request, the map per
// reply). At every edge the accepted request and reply go to the C model's dft_cycle together
// (reply first, then the request, as the RTL), so same-edge interactions are predicted exactly;
// each output stream is compared in order, every field. --count counts requests.
// Stimulus: the requests and replies of vectors/dpc/dpc_filter_table.hex (its recorded
// expectations are checked against dft_cycle edge by edge, resets included; the Icarus bench
// replays it edge-exact), then random traffic over a small key space so requests merge, with
// reply-rate phases that fill the table (FULL) and drain it. Maps are every raw 4-bit value.
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "Vdpc_filter_table.h"
#include "dft.h"
#include "dpc_stimulus.h"
#include "harness.h"
#include "hexfile.h"

namespace {

// docs/dpc.md section 7, dpc_filter_table.hex (defaults: 32 entries, 6-bit SM id, 41-bit addr)
const tb::HexLayout kLayout{{"rst", 1},         {"rpl_valid", 1},  {"rpl_idx", 5},
                            {"req_valid", 1},   {"req_sm", 6},     {"req_addr", 41},
                            {"req_map", 4},     {"exp_action", 2}, {"exp_idx", 5},
                            {"exp_act_map", 4}, {"exp_map", 4}};

constexpr unsigned kEntries = DFT_DEFAULT_ENTRIES;
constexpr unsigned kSmBits = DFT_DEFAULT_SM_ID_BITS;
constexpr unsigned kAddrBits = DFT_DEFAULT_ADDR_BITS;
constexpr unsigned kIdxBits = 5;
constexpr unsigned kReq = 0, kRpl = 1;        // input ports
constexpr unsigned kAct = 0, kMap = 1;        // output ports
constexpr uint64_t kPhaseRequests = 4096;     // requests per reply-rate phase

class TableAdapter : public tb::MultiStreamAdapter<Vdpc_filter_table> {
public:
    static constexpr const char *kUnit = "dpc_filter_table";
    static constexpr int kSpecLatency = 2;   // docs/dpc.md sections 6.2 and 7, both paths
    static constexpr unsigned kInPorts = 2;
    static constexpr unsigned kOutPorts = 2;
    static constexpr int kCountedPort = kReq;

    struct Input {
        unsigned sm = 0;         // request
        uint64_t addr = 0;
        unsigned map = 0;
        unsigned idx = 0;        // reply
    };

    static const char *in_port_name(unsigned p) { return p == kReq ? "req" : "rpl"; }
    static const char *out_port_name(unsigned q) { return q == kAct ? "act" : "map"; }

    explicit TableAdapter(const tb::Options &opt) {
        if (dft_init(&model_, kEntries) != NP_OK) throw tb::Error("internal: dft_init failed");
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
    }

    void begin_run(tb::Rng &rng) {
        dft_reset(&model_);
        next_req_vector_ = next_rpl_vector_ = 0;
        requests_drawn_ = replies_drawn_ = 0;
        events_.clear();
        // The key space: 4 hot SM ids and 48 hot line addresses, plus the extremes.
        for (unsigned &s : hot_sm_) s = static_cast<unsigned>(rng.bits(kSmBits));
        for (uint64_t &a : hot_addr_) a = rng.bits(kAddrBits);
        hot_sm_[0] = (1u << kSmBits) - 1u;
        hot_addr_[0] = (1ull << kAddrBits) - 1u;
        hot_addr_[1] = 0;
    }

    // ---- ports --------------------------------------------------------------------------------
    static void port_set_in_valid(Dut &d, unsigned p, bool v) {
        if (p == kReq) d.req_valid_i = v;
        else d.rpl_valid_i = v;
    }
    static bool port_in_ready(const Dut &d, unsigned p) {
        return p == kReq ? d.req_ready_o : d.rpl_ready_o;
    }
    static bool port_out_valid(const Dut &d, unsigned q) {
        return q == kAct ? d.act_valid_o : d.map_valid_o;
    }
    static void port_set_out_ready(Dut &d, unsigned q, bool r) {
        if (q == kAct) d.act_ready_i = r;
        else d.map_ready_i = r;
    }

    bool port_next_input(tb::Rng &rng, unsigned p, Input &in, tb::Origin &origin) {
        return p == kReq ? next_request(rng, in, origin) : next_reply(rng, in, origin);
    }

    void port_drive_input(Dut &d, unsigned p, const Input &in) {
        if (p == kReq) {
            d.req_sm_i = static_cast<uint8_t>(in.sm);
            d.req_addr_i = in.addr;
            d.req_map_i = static_cast<uint8_t>(in.map);
        } else {
            d.rpl_idx_i = static_cast<uint8_t>(in.idx);
        }
    }

    // Don't-care while valid is low: garbage.
    void port_drive_idle(Dut &d, unsigned p, tb::Rng &rng) {
        if (p == kReq) {
            d.req_sm_i = static_cast<uint8_t>(rng.bits(kSmBits));
            d.req_addr_i = rng.bits(kAddrBits);
            d.req_map_i = static_cast<uint8_t>(rng.bits(4));
        } else {
            d.rpl_idx_i = static_cast<uint8_t>(rng.bits(kIdxBits));
        }
    }

    // The oracle: one dft_cycle with everything accepted at this edge.
    void port_predict(std::vector<tb::Fired<Input>> &fired, std::vector<tb::Routed> &out) {
        dft_cycle_in in;
        std::memset(&in, 0, sizeof in);
        size_t req_from = 0, rpl_from = 0;
        for (size_t i = 0; i < fired.size(); i++) {
            const Input &x = *fired[i].input;
            if (fired[i].port == kReq) {
                in.req_valid = true;
                in.req_sm = x.sm;
                in.req_addr = x.addr;
                in.req_map = x.map;
                req_from = i;
            } else {
                in.rpl_valid = true;
                in.rpl_idx = x.idx;
                rpl_from = i;
            }
        }
        note_events(in);
        dft_cycle_out o;
        dft_cycle(&model_, &in, &o);
        if (o.map_valid) {
            tb::Txn t;
            t.add_u64("map", 4, o.map);
            out.push_back(tb::Routed{kMap, rpl_from, std::move(t)});
        }
        if (o.act_valid) {
            note_action(in, o.act);
            out.push_back(tb::Routed{kAct, req_from, act_txn(o.act)});
        }
    }

    tb::Txn port_observe(const Dut &d, unsigned q) const {
        tb::Txn t;
        if (q == kAct) {
            t.add_u64("act_action", 2, d.act_action_o);
            t.add_u64("act_idx", kIdxBits, d.act_idx_o);
            t.add_u64("act_map", 4, d.act_map_o);
        } else {
            t.add_u64("map", 4, d.map_o);
        }
        return t;
    }

    const char *outcome(const tb::Txn &t) const {
        if (t.fields.size() == 1) return "reply";
        return dft_action_name(static_cast<dft_action>(t.fields[0].value.u64(0, 2)));
    }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
    }

    std::string port_describe(unsigned p, const Input &in) const {
        if (p == kRpl) return "rpl_idx=" + std::to_string(in.idx);
        return "req_sm=" + std::to_string(in.sm) + " req_addr=" + std::to_string(in.addr) +
               " req_map=" + tb::dpc_map_text(in.map) + " (sub-block 0 first)";
    }

private:
    static tb::Txn act_txn(const dft_response &r) {
        tb::Txn t;
        t.add_u64("act_action", 2, r.action);
        t.add_u64("act_idx", kIdxBits, r.idx);
        t.add_u64("act_map", 4, r.map);
        return t;
    }

    // ---- stimulus -----------------------------------------------------------------------------
    bool next_request(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (next_req_vector_ < req_vectors_.size()) {
            in = req_vectors_[next_req_vector_].input;
            origin = tb::Origin{"vector", req_vectors_[next_req_vector_].index, "request"};
            next_req_vector_++;
            return true;
        }
        in.sm = rng.chance(0.9) ? hot_sm_[rng.below(kHotSm)] : static_cast<unsigned>(rng.bits(kSmBits));
        in.addr = rng.chance(0.9) ? hot_addr_[rng.below(kHotAddr)] : rng.bits(kAddrBits);
        in.map = tb::dpc_random_map(rng);
        origin = tb::Origin{"random", requests_drawn_++, nullptr};
        return true;
    }

    // Replies go mostly to live entries; phases alternate a busy reply stream with a trickle
    // (the table fills and requests are served FULL) and a flood (it drains).
    bool next_reply(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (next_rpl_vector_ < rpl_vectors_.size()) {
            in.idx = rpl_vectors_[next_rpl_vector_].input.idx;
            origin = tb::Origin{"vector", rpl_vectors_[next_rpl_vector_].index, "reply"};
            next_rpl_vector_++;
            return true;
        }
        static const double kOfferRate[4] = {0.6, 0.05, 1.0, 0.3};
        const unsigned phase = static_cast<unsigned>((requests_drawn_ / kPhaseRequests) % 4);
        if (!rng.chance(kOfferRate[phase])) return false;
        const unsigned live = dft_live(&model_);
        if (live == 0 || rng.chance(0.1)) {
            in.idx = static_cast<unsigned>(rng.bits(kIdxBits));   // often a free entry: 1111
        } else {
            unsigned pick = static_cast<unsigned>(rng.below(live));
            for (unsigned e = 0; e < kEntries; e++) {
                if (model_.entry[e].valid && pick-- == 0) {
                    in.idx = e;
                    break;
                }
            }
        }
        origin = tb::Origin{"random", replies_drawn_++, "reply"};
        return true;
    }

    void note_events(const dft_cycle_in &in) {
        if (in.rpl_valid) {
            const bool live = in.rpl_idx < kEntries && model_.entry[in.rpl_idx].valid;
            events_[live ? "reply_live_entry" : "reply_free_entry"]++;
            if (live && in.req_valid) {
                const dft_entry &e = model_.entry[in.rpl_idx];
                events_[e.sm == in.req_sm && e.addr == in.req_addr ? "same_edge_reply_same_key"
                                                                    : "same_edge_reply_other_key"]++;
            }
        }
        if (in.req_valid && (in.req_map & 15u) == 0) events_["port_map0000_as_1111"]++;
    }

    void note_action(const dft_cycle_in &in, const dft_response &r) {
        if (r.action != DFT_FULL) return;
        events_[dpc_hw_map(in.req_map) == kFullMap ? "full_fdr" : "full_table_full"]++;
    }

    // ---- vectors ------------------------------------------------------------------------------
    struct PortVector {
        Input input;
        uint64_t index;   // vector number in the file
    };

    // The requests and replies become the two port streams; the file's expectations are
    // checked here against dft_cycle applied edge by edge, exactly as the file defines.
    void load_vectors(const std::string &path) {
        dft_table t;
        dft_init(&t, kEntries);
        uint64_t index = 0;
        for (const tb::HexVector &v : tb::load_hex_vectors(path, kLayout)) {
            if (kLayout.get_u64(v.value, "rst")) dft_reset(&t);
            dft_cycle_in in;
            std::memset(&in, 0, sizeof in);
            in.rpl_valid = kLayout.get_u64(v.value, "rpl_valid") != 0;
            in.rpl_idx = static_cast<unsigned>(kLayout.get_u64(v.value, "rpl_idx"));
            in.req_valid = kLayout.get_u64(v.value, "req_valid") != 0;
            in.req_sm = static_cast<unsigned>(kLayout.get_u64(v.value, "req_sm"));
            in.req_addr = kLayout.get_u64(v.value, "req_addr");
            in.req_map = static_cast<unsigned>(kLayout.get_u64(v.value, "req_map"));
            dft_cycle_out o;
            dft_cycle(&t, &in, &o);
            tb::expect_recorded_u64(kLayout, v, "exp_action", o.act_valid ? o.act.action : 0);
            tb::expect_recorded_u64(kLayout, v, "exp_idx", o.act_valid ? o.act.idx : 0);
            tb::expect_recorded_u64(kLayout, v, "exp_act_map", o.act_valid ? o.act.map : 0);
            tb::expect_recorded_u64(kLayout, v, "exp_map", o.map_valid ? o.map : 0);
            if (in.req_valid) {
                Input x;
                x.sm = in.req_sm;
                x.addr = in.req_addr;
                x.map = in.req_map;
                req_vectors_.push_back(PortVector{x, index});
            }
            if (in.rpl_valid) {
                Input x;
                x.idx = in.rpl_idx;
                rpl_vectors_.push_back(PortVector{x, index});
            }
            index++;
        }
    }

    static constexpr unsigned kHotSm = 4;
    static constexpr unsigned kHotAddr = 48;
    static constexpr unsigned kFullMap = DPC_MAP_FULL;   // an FDR (0000 reads as 1111)

    dft_table model_;
    std::vector<PortVector> req_vectors_, rpl_vectors_;
    size_t next_req_vector_ = 0, next_rpl_vector_ = 0;
    uint64_t requests_drawn_ = 0, replies_drawn_ = 0;
    unsigned hot_sm_[kHotSm] = {};
    uint64_t hot_addr_[kHotAddr] = {};
    std::map<std::string, uint64_t> events_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<TableAdapter>(argc, argv); }
