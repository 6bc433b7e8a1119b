// Equivalence harness for latte_ctrl: the LATTE-CC controller (docs/latte.md 4 to 7). Every
// accepted event steps the C model (latte_ctrl_event, the oracle); every answer is compared on
// all six fields (policy, mode, ep, ep_end, vft_sample, rebuild). The mode the model chooses
// at an EP end is compared through the `mode` field of every later answer.
//
// Stimulus: the golden vectors first (their recorded answers are checked against a fresh model:
// StaleVectors), then phases of 500..5000 events, each with its own workload: per-mode hit
// ratios in the dedicated sets (so that each mode wins some decisions), a follower hit ratio,
// a write share, a share of latency-tolerance samples and their warps / cycles ranges (low,
// middle, high tolerance), decompression-queue positions, and how often the hit line's policy
// is the set's own mode. Rare CONFIG events load random policies (LATTE-CC, Adaptive-Hit-Count,
// Adaptive-CMP, Static) and latencies; rarer RESTARTs start the sampling over. Garbage drives
// every input while in_valid_i is low; random valid gaps and ready stalls (shared profiles).
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "Vlatte_ctrl.h"
#include "harness.h"
#include "hexfile.h"
#include "latte.h"

namespace {

using tb::Error;
using tb::HexLayout;
using tb::HexVector;
using tb::Origin;
using tb::Rng;
using tb::Txn;

class LatteCtrlAdapter : public tb::StreamAdapter<LatteCtrlAdapter, Vlatte_ctrl> {
public:
    static constexpr const char *kUnit = "latte_ctrl";
    static constexpr int kSpecLatency = 1;            // docs/latte.md 10
    static constexpr bool kFullThroughput = false;    // 9 busy cycles after every EP end

    using Input = latte_event;

    explicit LatteCtrlAdapter(const tb::Options &opt) {
        latte_geometry_default(&geo_);
        if (latte_ctrl_create(&model_, &geo_) != NP_OK) throw Error("internal: latte_ctrl_create failed");
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
    }

    void begin_run(Rng &) {
        latte_ctrl_init(&model_, &geo_);
        next_vector_ = 0;
        drawn_ = 0;
        phase_left_ = 0;
        events_.clear();
    }

    bool next_input(Rng &rng, Input &in, Origin &origin) {
        if (next_vector_ < vectors_.size()) {
            in = vectors_[next_vector_].first;
            origin = Origin{"vector", vectors_[next_vector_].second, nullptr};
            next_vector_++;
            return true;
        }
        if (phase_left_ == 0) new_phase(rng);
        phase_left_--;
        origin = Origin{"random", drawn_++, nullptr};
        in = draw(rng);
        return true;
    }

    static void drive_input(Vlatte_ctrl &d, const Input &in) {
        d.in_kind_i = static_cast<uint8_t>(in.kind);
        d.in_set_i = static_cast<uint8_t>(in.set);
        d.in_acc_i = static_cast<uint8_t>(in.acc);
        d.in_hit_policy_i = static_cast<uint8_t>(in.hit_policy);
        d.in_qpos_i = static_cast<uint8_t>(in.qpos);
        d.in_warps_i = static_cast<uint8_t>(in.warps);
        d.in_cycles_i = static_cast<uint8_t>(in.cycles);
        d.in_cfg_policy_i = static_cast<uint8_t>(in.params.policy);
        d.in_cfg_static_mode_i = static_cast<uint8_t>(in.params.static_mode);
        d.in_cfg_hit_lat_i = static_cast<uint8_t>(in.params.hit_lat);
        d.in_cfg_dlat_ll_i = static_cast<uint8_t>(in.params.dlat[1]);
        d.in_cfg_dlat_hc_i = static_cast<uint8_t>(in.params.dlat[2]);
        d.in_cfg_miss_lat_i = static_cast<uint16_t>(in.params.miss_lat);
    }

    static void drive_idle(Vlatte_ctrl &d, Rng &rng) {
        d.in_kind_i = static_cast<uint8_t>(rng.bits(2));
        d.in_set_i = static_cast<uint8_t>(rng.bits(5));
        d.in_acc_i = static_cast<uint8_t>(rng.bits(2));
        d.in_hit_policy_i = static_cast<uint8_t>(rng.bits(2));
        d.in_qpos_i = static_cast<uint8_t>(rng.bits(6));
        d.in_warps_i = static_cast<uint8_t>(rng.bits(6));
        d.in_cycles_i = static_cast<uint8_t>(rng.bits(8));
        d.in_cfg_policy_i = static_cast<uint8_t>(rng.bits(2));
        d.in_cfg_static_mode_i = static_cast<uint8_t>(rng.bits(2));
        d.in_cfg_hit_lat_i = static_cast<uint8_t>(rng.bits(8));
        d.in_cfg_dlat_ll_i = static_cast<uint8_t>(rng.bits(6));
        d.in_cfg_dlat_hc_i = static_cast<uint8_t>(rng.bits(6));
        d.in_cfg_miss_lat_i = static_cast<uint16_t>(rng.bits(10));
    }

    Txn predict(Input &in) {
        latte_decision d;
        if (latte_ctrl_event(&model_, &in, &d) != NP_OK) throw Error("internal: stimulus outside the model's ranges");
        note(in, d);
        return txn(d.policy, d.mode, d.ep, d.ep_end, d.vft_sample, d.rebuild);
    }

    Txn observe(const Vlatte_ctrl &d) const {
        return txn(d.out_policy_o, d.out_mode_o, d.out_ep_o, d.out_ep_end_o, d.out_vft_sample_o, d.out_rebuild_o);
    }

    // Answers by what they carry (the event kinds are counted at prediction: note()).
    const char *outcome(const Txn &t) const {
        if (t.fields[5].value.u64(0, 1)) return "rebuild";
        if (t.fields[3].value.u64(0, 1)) return "ep_end";
        return "plain";
    }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
    }

    std::string describe(const Input &in) const {
        char buf[256];
        std::snprintf(buf, sizeof buf,
                      "kind=%u set=%u acc=%u hit_policy=%u qpos=%u warps=%u cycles=%u cfg=%u/%u/%u/%u/%u/%u",
                      static_cast<unsigned>(in.kind), in.set, in.acc, in.hit_policy, in.qpos, in.warps, in.cycles,
                      static_cast<unsigned>(in.params.policy), static_cast<unsigned>(in.params.static_mode),
                      in.params.hit_lat, in.params.dlat[1], in.params.dlat[2], in.params.miss_lat);
        return buf;
    }

private:
    static Txn txn(unsigned policy, unsigned mode, unsigned ep, bool ep_end, bool vft, bool rebuild) {
        Txn t;
        t.add_u64("policy", 2, policy);
        t.add_u64("mode", 2, mode);
        t.add_u64("ep", 4, ep);
        t.add_u64("ep_end", 1, ep_end ? 1 : 0);
        t.add_u64("vft_sample", 1, vft ? 1 : 0);
        t.add_u64("rebuild", 1, rebuild ? 1 : 0);
        return t;
    }

    void note(const Input &in, const latte_decision &d) {
        static const char *const kinds[4] = {"kind_access", "kind_lt_sample", "kind_config", "kind_restart"};
        events_[kinds[in.kind]]++;
        if (in.kind == LATTE_EV_CONFIG) events_[std::string("config_policy_") + std::to_string(in.params.policy)]++;
        if (!d.ep_end) return;
        events_["ep_end"]++;
        if (d.rebuild) events_["rebuild"]++;
        if (d.ep == geo_.period_eps - 1) events_["period_end"]++;
        events_[std::string("chose_") + latte_mode_name(model_.mode)]++;
        if (model_.mode != d.mode) events_["mode_changed"]++;
        if (model_.cfg.policy == LATTE_POLICY_LATTE && latte_lt(model_.s_warps, model_.s_cycles) > 0)
            events_["decision_with_lt"]++;
    }

    // ---- stimulus ---------------------------------------------------------------------------
    void new_phase(Rng &rng) {
        phase_left_ = rng.range(500, 5000);
        for (unsigned m = 0; m < LATTE_MODES; m++) p_hit_[m] = rng.below(101) / 100.0;
        p_follow_ = rng.below(101) / 100.0;
        p_write_ = rng.chance(0.3) ? 0.0 : rng.below(30) / 100.0;
        p_lt_ = rng.below(40) / 100.0;
        const unsigned tol = static_cast<unsigned>(rng.below(3));   // low / middle / high
        warps_max_ = tol == 0 ? 3 : tol == 1 ? 16 : 63;
        cycles_max_ = tol == 0 ? 4 : tol == 1 ? 32 : 255;
        qpos_max_ = rng.chance(0.5) ? 1 : static_cast<unsigned>(rng.range(2, 63));
        p_own_policy_ = rng.chance(0.2) ? 0.5 : 0.95;
    }

    Input draw(Rng &rng) {
        Input in{};
        latte_params_default(&in.params);
        const uint64_t k = rng.below(100000);
        if (k < 20) {
            in.kind = LATTE_EV_CONFIG;
            const unsigned p = static_cast<unsigned>(rng.below(20));
            in.params.policy = p < 11 ? LATTE_POLICY_LATTE : p < 14 ? LATTE_POLICY_HIT_COUNT
                             : p < 17 ? LATTE_POLICY_CMP : LATTE_POLICY_STATIC;
            in.params.static_mode = static_cast<latte_mode>(rng.below(3));
            in.params.hit_lat = static_cast<unsigned>(rng.chance(0.5) ? rng.below(8) : rng.below(256));
            in.params.dlat[1] = static_cast<unsigned>(rng.below(64));
            in.params.dlat[2] = static_cast<unsigned>(rng.below(64));
            in.params.miss_lat = static_cast<unsigned>(rng.chance(0.1) ? 1023 : rng.range(1, 1023));
            return in;
        }
        if (k < 22) {
            in.kind = LATTE_EV_RESTART;
            return in;
        }
        if (rng.chance(p_lt_)) {
            in.kind = LATTE_EV_LT_SAMPLE;
            in.warps = static_cast<unsigned>(rng.below(warps_max_ + 1));
            in.cycles = static_cast<unsigned>(rng.below(cycles_max_ + 1));
            return in;
        }
        in.kind = LATTE_EV_ACCESS;
        in.set = static_cast<unsigned>(rng.below(geo_.sets));
        const int role = latte_set_role(&geo_, in.set);
        if (rng.chance(p_write_)) {
            in.acc = static_cast<unsigned>(rng.range(2, 3));
        } else {
            in.acc = rng.chance(role >= 0 ? p_hit_[role] : p_follow_) ? 1u : 0u;
        }
        in.hit_policy = static_cast<unsigned>(role >= 0 && rng.chance(p_own_policy_) ? role : rng.below(3));
        in.qpos = static_cast<unsigned>(rng.below(qpos_max_ + 1));
        return in;
    }

    // ---- vectors ----------------------------------------------------------------------------
    void load_vectors(const std::string &path) {
        const HexLayout layout{{"in_kind", 2},        {"in_set", 5},       {"in_acc", 2},
                               {"in_hit_policy", 2},  {"in_qpos", 6},      {"in_warps", 6},
                               {"in_cycles", 8},      {"in_cfg_policy", 2}, {"in_cfg_static_mode", 2},
                               {"in_cfg_hit_lat", 8}, {"in_cfg_dlat_ll", 6}, {"in_cfg_dlat_hc", 6},
                               {"in_cfg_miss_lat", 10}, {"exp_policy", 2}, {"exp_mode", 2},
                               {"exp_ep", 4},         {"exp_ep_end", 1},   {"exp_vft_sample", 1},
                               {"exp_rebuild", 1}};
        latte_ctrl shadow;
        latte_ctrl_init(&shadow, &geo_);
        uint64_t index = 0;
        for (const HexVector &v : tb::load_hex_vectors(path, layout)) {
            Input in{};
            in.kind = static_cast<latte_event_kind>(layout.get_u64(v.value, "in_kind"));
            in.set = static_cast<unsigned>(layout.get_u64(v.value, "in_set"));
            in.acc = static_cast<unsigned>(layout.get_u64(v.value, "in_acc"));
            in.hit_policy = static_cast<unsigned>(layout.get_u64(v.value, "in_hit_policy"));
            in.qpos = static_cast<unsigned>(layout.get_u64(v.value, "in_qpos"));
            in.warps = static_cast<unsigned>(layout.get_u64(v.value, "in_warps"));
            in.cycles = static_cast<unsigned>(layout.get_u64(v.value, "in_cycles"));
            in.params.policy = static_cast<latte_policy>(layout.get_u64(v.value, "in_cfg_policy"));
            in.params.static_mode = static_cast<latte_mode>(layout.get_u64(v.value, "in_cfg_static_mode"));
            in.params.hit_lat = static_cast<unsigned>(layout.get_u64(v.value, "in_cfg_hit_lat"));
            in.params.dlat[0] = 0;
            in.params.dlat[1] = static_cast<unsigned>(layout.get_u64(v.value, "in_cfg_dlat_ll"));
            in.params.dlat[2] = static_cast<unsigned>(layout.get_u64(v.value, "in_cfg_dlat_hc"));
            in.params.miss_lat = static_cast<unsigned>(layout.get_u64(v.value, "in_cfg_miss_lat"));
            latte_decision d;
            if (latte_ctrl_event(&shadow, &in, &d) != NP_OK) throw Error(v.where + ": event outside the model's ranges");
            tb::expect_recorded_u64(layout, v, "exp_policy", d.policy);
            tb::expect_recorded_u64(layout, v, "exp_mode", d.mode);
            tb::expect_recorded_u64(layout, v, "exp_ep", d.ep);
            tb::expect_recorded_u64(layout, v, "exp_ep_end", d.ep_end);
            tb::expect_recorded_u64(layout, v, "exp_vft_sample", d.vft_sample);
            tb::expect_recorded_u64(layout, v, "exp_rebuild", d.rebuild);
            vectors_.push_back({in, index++});
        }
    }

    latte_geometry geo_;
    latte_ctrl model_;
    std::vector<std::pair<Input, uint64_t>> vectors_;
    size_t next_vector_ = 0;
    uint64_t drawn_ = 0, phase_left_ = 0;
    double p_hit_[LATTE_MODES] = {0, 0, 0};
    double p_follow_ = 0, p_write_ = 0, p_lt_ = 0, p_own_policy_ = 0.9;
    unsigned warps_max_ = 16, cycles_max_ = 32, qpos_max_ = 1;
    std::map<std::string, uint64_t> events_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<LatteCtrlAdapter>(argc, argv); }
