// Equivalence harness for rcwm (docs/rcwm.md 4): two input streams (WM events, RC requests) and
// two output streams (the windows after each event, the decision per request). At every edge the
// accepted event and request go to the C model's rcwm_cycle together (event first, then the
// request, as the RTL), so same-edge interactions are predicted exactly; each output stream is
// compared in order, every field. --count counts requests.
// Stimulus: the events and requests of vectors/rcwm/rcwm.hex (its recorded expectations are
// checked against rcwm_cycle edge by edge, resets included; the Icarus bench replays it
// edge-exact), then random traffic whose event mix changes in phases, so every window crosses its
// limit in both directions. Maps are every raw 4-bit value (0000 included).
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "Vrcwm.h"
#include "harness.h"
#include "hexfile.h"
#include "rcwm.h"

namespace {

constexpr unsigned kCnt = 5;   // rcwm_count_bits(16)
const tb::HexLayout kLayout{{"rst", 1},         {"ev_valid", 1},     {"ev_map", 4},
                            {"ev_ica", 1},      {"rq_valid", 1},     {"rq_map", 4},
                            {"rq_mshr", 1},     {"exp_st_over", 4},  {"exp_st_ones", 4 * kCnt},
                            {"exp_dec_map", 4}, {"exp_dec_reason", 3}};

constexpr unsigned kEv = 0, kRq = 1;     // input ports
constexpr unsigned kSt = 0, kDec = 1;    // output ports
constexpr uint64_t kPhaseRequests = 2048;

uint64_t pack_ones(const rcwm_cycle_out &o) {
    uint64_t ones = 0;
    for (unsigned w = RCWM_WINDOWS; w-- > 0;) ones = (ones << kCnt) | o.st_ones[w];
    return ones;
}

class RcwmAdapter : public tb::MultiStreamAdapter<Vrcwm> {
public:
    static constexpr const char *kUnit = "rcwm";
    static constexpr int kSpecLatency = 1;   // docs/rcwm.md 4, both paths
    static constexpr unsigned kInPorts = 2;
    static constexpr unsigned kOutPorts = 2;
    static constexpr int kCountedPort = kRq;

    struct Input {
        unsigned map = 0;
        bool flag = false;   // ev: inconsistent; rq: MSHR short
    };

    static const char *in_port_name(unsigned p) { return p == kEv ? "ev" : "rq"; }
    static const char *out_port_name(unsigned q) { return q == kSt ? "st" : "dec"; }

    explicit RcwmAdapter(const tb::Options &opt) {
        rcwm_config c;
        rcwm_config_default(&c);
        if (rcwm_init(&model_, &c) != NP_OK || rcwm_count_bits(c.window) != kCnt)
            throw tb::Error("internal: rcwm_init failed");
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
    }

    void begin_run(tb::Rng &) {
        rcwm_reset(&model_);
        next_ev_vector_ = next_rq_vector_ = 0;
        events_drawn_ = requests_drawn_ = 0;
        events_.clear();
    }

    // ---- ports --------------------------------------------------------------------------------
    static void port_set_in_valid(Dut &d, unsigned p, bool v) {
        if (p == kEv) d.ev_valid_i = v;
        else d.rq_valid_i = v;
    }
    static bool port_in_ready(const Dut &d, unsigned p) { return p == kEv ? d.ev_ready_o : d.rq_ready_o; }
    static bool port_out_valid(const Dut &d, unsigned q) { return q == kSt ? d.st_valid_o : d.dec_valid_o; }
    static void port_set_out_ready(Dut &d, unsigned q, bool r) {
        if (q == kSt) d.st_ready_i = r;
        else d.dec_ready_i = r;
    }

    bool port_next_input(tb::Rng &rng, unsigned p, Input &in, tb::Origin &origin) {
        return p == kEv ? next_event(rng, in, origin) : next_request(rng, in, origin);
    }

    void port_drive_input(Dut &d, unsigned p, const Input &in) {
        if (p == kEv) {
            d.ev_map_i = static_cast<uint8_t>(in.map);
            d.ev_ica_i = in.flag;
        } else {
            d.rq_map_i = static_cast<uint8_t>(in.map);
            d.rq_mshr_i = in.flag;
        }
    }

    // Don't-care while valid is low: garbage.
    void port_drive_idle(Dut &d, unsigned p, tb::Rng &rng) {
        Input x;
        x.map = static_cast<unsigned>(rng.bits(4));
        x.flag = rng.chance(0.5);
        port_drive_input(d, p, x);
    }

    // The oracle: one rcwm_cycle with everything accepted at this edge.
    void port_predict(std::vector<tb::Fired<Input>> &fired, std::vector<tb::Routed> &out) {
        rcwm_cycle_in in;
        std::memset(&in, 0, sizeof in);
        size_t ev_from = 0, rq_from = 0;
        for (size_t i = 0; i < fired.size(); i++) {
            const Input &x = *fired[i].input;
            if (fired[i].port == kEv) {
                in.ev_valid = true;
                in.ev_map = x.map;
                in.ev_ica = x.flag;
                ev_from = i;
            } else {
                in.rq_valid = true;
                in.rq_map = x.map;
                in.rq_mshr = x.flag;
                rq_from = i;
            }
        }
        if (in.ev_valid && in.rq_valid) events_["same_edge_event_and_request"]++;
        if (in.ev_valid && (in.ev_map & 15u) == 0) events_["event_map0000_no_change"]++;
        rcwm_cycle_out o;
        rcwm_cycle(&model_, &in, &o);
        if (o.st_valid) {
            tb::Txn t;
            t.add_u64("st_over", 4, o.st_over);
            t.add_u64("st_ones", 4 * kCnt, pack_ones(o));
            for (unsigned w = 0; w < RCWM_WINDOWS; w++)
                if (o.st_over & (1u << w)) events_["window_" + std::to_string(w) + "_over"]++;
            out.push_back(tb::Routed{kSt, ev_from, std::move(t)});
        }
        if (o.dec_valid) {
            events_[std::string("decision_") + rcwm_reason_name(o.dec.reason)]++;
            out.push_back(tb::Routed{kDec, rq_from, dec_txn(o.dec)});
        }
    }

    tb::Txn port_observe(const Dut &d, unsigned q) const {
        tb::Txn t;
        if (q == kSt) {
            t.add_u64("st_over", 4, d.st_over_o);
            t.add_u64("st_ones", 4 * kCnt, d.st_ones_o);
        } else {
            t.add_u64("dec_map", 4, d.dec_map_o);
            t.add_u64("dec_reason", 3, d.dec_reason_o);
        }
        return t;
    }

    const char *outcome(const tb::Txn &t) const {
        if (std::strcmp(t.fields[0].name, "st_over") == 0) return "event";
        return rcwm_reason_name(static_cast<rcwm_reason>(t.fields[1].value.u64(0, 3)));
    }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
    }

    std::string port_describe(unsigned p, const Input &in) const {
        return std::string(p == kEv ? "ev_map=" : "rq_map=") + std::to_string(in.map) +
               (p == kEv ? " ev_ica=" : " rq_mshr=") + (in.flag ? "1" : "0");
    }

private:
    static tb::Txn dec_txn(const rcwm_decision &d) {
        tb::Txn t;
        t.add_u64("dec_map", 4, d.map);
        t.add_u64("dec_reason", 3, d.reason);
        return t;
    }

    // ---- stimulus -----------------------------------------------------------------------------
    // Phases: each leans on one block size and consistency, so windows fill and drain.
    bool next_event(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (next_ev_vector_ < ev_vectors_.size()) {
            in = ev_vectors_[next_ev_vector_].input;
            origin = tb::Origin{"vector", ev_vectors_[next_ev_vector_].index, "event"};
            next_ev_vector_++;
            return true;
        }
        if (!rng.chance(0.7)) return false;
        static const unsigned kHot[6] = {0x3, 0x7, 0xF, 0x1, 0x9, 0xB};
        const unsigned phase = static_cast<unsigned>((requests_drawn_ / kPhaseRequests) % 6);
        in.map = rng.chance(0.85) ? kHot[phase] : static_cast<unsigned>(rng.bits(4));
        in.flag = rng.chance(phase % 2 ? 0.8 : 0.3);
        origin = tb::Origin{"random", events_drawn_++, "event"};
        return true;
    }

    bool next_request(tb::Rng &rng, Input &in, tb::Origin &origin) {
        if (next_rq_vector_ < rq_vectors_.size()) {
            in = rq_vectors_[next_rq_vector_].input;
            origin = tb::Origin{"vector", rq_vectors_[next_rq_vector_].index, "request"};
            next_rq_vector_++;
            return true;
        }
        in.map = static_cast<unsigned>(rng.bits(4));
        in.flag = rng.chance(0.2);
        origin = tb::Origin{"random", requests_drawn_++, nullptr};
        return true;
    }

    // ---- vectors ------------------------------------------------------------------------------
    struct PortVector {
        Input input;
        uint64_t index;
    };

    void load_vectors(const std::string &path) {
        rcwm_state s;
        rcwm_config c;
        rcwm_config_default(&c);
        rcwm_init(&s, &c);
        uint64_t index = 0;
        for (const tb::HexVector &v : tb::load_hex_vectors(path, kLayout)) {
            if (kLayout.get_u64(v.value, "rst")) rcwm_reset(&s);
            rcwm_cycle_in in;
            std::memset(&in, 0, sizeof in);
            in.ev_valid = kLayout.get_u64(v.value, "ev_valid") != 0;
            in.ev_map = static_cast<unsigned>(kLayout.get_u64(v.value, "ev_map"));
            in.ev_ica = kLayout.get_u64(v.value, "ev_ica") != 0;
            in.rq_valid = kLayout.get_u64(v.value, "rq_valid") != 0;
            in.rq_map = static_cast<unsigned>(kLayout.get_u64(v.value, "rq_map"));
            in.rq_mshr = kLayout.get_u64(v.value, "rq_mshr") != 0;
            rcwm_cycle_out o;
            rcwm_cycle(&s, &in, &o);
            tb::expect_recorded_u64(kLayout, v, "exp_st_over", o.st_valid ? o.st_over : 0);
            tb::expect_recorded_u64(kLayout, v, "exp_st_ones", o.st_valid ? pack_ones(o) : 0);
            tb::expect_recorded_u64(kLayout, v, "exp_dec_map", o.dec_valid ? o.dec.map : 0);
            tb::expect_recorded_u64(kLayout, v, "exp_dec_reason", o.dec_valid ? o.dec.reason : 0);
            if (in.ev_valid) ev_vectors_.push_back(PortVector{Input{in.ev_map, in.ev_ica}, index});
            if (in.rq_valid) rq_vectors_.push_back(PortVector{Input{in.rq_map, in.rq_mshr}, index});
            index++;
        }
    }

    rcwm_state model_;
    std::vector<PortVector> ev_vectors_, rq_vectors_;
    size_t next_ev_vector_ = 0, next_rq_vector_ = 0;
    uint64_t events_drawn_ = 0, requests_drawn_ = 0;
    std::map<std::string, uint64_t> events_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<RcwmAdapter>(argc, argv); }
