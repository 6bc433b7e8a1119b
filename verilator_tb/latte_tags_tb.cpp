// Equivalence harness for latte_tags: the compressed L1's tag logic (docs/latte.md 3). Every
// accepted request steps the C model (latte_tags_access, the oracle); every output transfer is
// compared on all seven fields (outcome, way, policy, size, offset, victims, free sub-blocks).
//
// Stimulus: the golden vectors first (their recorded results are checked against a fresh
// model: StaleVectors), then phases of 256..4095 requests, each from one source:
//   hot      a Zipf-like pool of Tags-4 .. 3*Tags tags in 1..3 sets: hits, fills of every
//            size, multi-line evictions
//   thrash   a cyclic sweep over Tags+1 .. 2*Tags tags of one set (LRU's worst case)
//   random   uniform 41-bit line addresses
// A read that misses is followed by the FILL of its line (85%), as an L1 does when the data
// returns; fills choose policy and size from the phase's size profile (mostly 1, mostly 4,
// uniform, or the format rule: policy 0 <=> size 4). Writes (0 or 10%), rare invalidations of
// one policy (mostly 2: a new SC code table) or of all lines. Garbage drives every input while
// in_valid_i is low; random valid gaps and ready stalls (shared profiles).
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "Vlatte_tags.h"
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

constexpr unsigned kSets = 32, kTags = 16, kSubBlocks = 16, kIndexBits = 5;
constexpr unsigned kTagBits = LATTE_ADDR_BITS - kIndexBits;
constexpr uint64_t kAddrMask = (1ull << LATTE_ADDR_BITS) - 1u;

struct TagReq {
    unsigned op = 0;
    uint64_t addr = 0;
    unsigned policy = 0;
    unsigned size = 1;   // 1..4 (the port carries size - 1)
};

class LatteTagsAdapter : public tb::StreamAdapter<LatteTagsAdapter, Vlatte_tags> {
public:
    static constexpr const char *kUnit = "latte_tags";
    static constexpr int kSpecLatency = 3;   // docs/latte.md 10.1: R, W and the output register

    using Input = TagReq;

    explicit LatteTagsAdapter(const tb::Options &opt) {
        latte_tags_config_default(&cfg_);
        if (latte_tags_init(&model_, &cfg_, store_, kSets * kTags) != NP_OK) throw Error("internal: latte_tags_init failed");
        if (!opt.vectors.empty()) load_vectors(opt.vectors);
    }

    void begin_run(Rng &) {
        latte_tags_reset(&model_);
        next_vector_ = 0;
        drawn_ = 0;
        phase_left_ = 0;
        pending_fill_ = false;
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
        origin = Origin{kSourceName[source_], drawn_++, nullptr};
        in = draw(rng);
        return true;
    }

    static void drive_input(Vlatte_tags &d, const Input &in) {
        d.in_op_i = static_cast<uint8_t>(in.op);
        d.in_addr_i = in.addr;
        d.in_policy_i = static_cast<uint8_t>(in.policy);
        d.in_size_i = static_cast<uint8_t>(in.size - 1);
    }

    static void drive_idle(Vlatte_tags &d, Rng &rng) {
        d.in_op_i = static_cast<uint8_t>(rng.bits(2));
        d.in_addr_i = rng.bits(LATTE_ADDR_BITS);
        d.in_policy_i = static_cast<uint8_t>(rng.bits(2));
        d.in_size_i = static_cast<uint8_t>(rng.bits(2));
    }

    Txn predict(Input &in) {
        note(in);
        latte_tags_result r;
        if (latte_tags_access(&model_, in.addr, static_cast<latte_tags_op>(in.op), in.policy, in.size, &r) != NP_OK)
            throw Error("internal: stimulus outside the model's ranges");
        if (r.outcome == LATTE_T_MISS) {
            miss_addr_ = in.addr;
            pending_fill_ = true;
        }
        if (r.outcome == LATTE_T_FILL) {
            const unsigned n = static_cast<unsigned>(__builtin_popcountll(r.victims));
            events_["fill_victims_" + std::to_string(n)]++;
            if (r.free_subblocks == 0) events_["fill_leaves_set_full"]++;
        }
        return txn(r.outcome, r.way, r.policy, r.size, r.offset, r.victims, r.free_subblocks);
    }

    Txn observe(const Vlatte_tags &d) const {
        return txn(d.out_outcome_o, d.out_way_o, d.out_policy_o, d.out_size_o, d.out_offset_o, d.out_victims_o,
                   d.out_free_o);
    }

    const char *outcome(const Txn &t) const {
        return latte_tags_outcome_name(static_cast<latte_tags_outcome>(t.fields[0].value.u64(0, 3)));
    }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
    }

    std::string describe(const Input &in) const {
        char buf[160];
        std::snprintf(buf, sizeof buf, "op=%u addr=0x%011llx set=%u tag=0x%llx policy=%u size=%u", in.op,
                      static_cast<unsigned long long>(in.addr), static_cast<unsigned>(in.addr & (kSets - 1)),
                      static_cast<unsigned long long>(in.addr >> kIndexBits), in.policy, in.size);
        return buf;
    }

private:
    enum Source { kHot, kThrash, kRandom, kSources };
    static constexpr const char *kSourceName[kSources] = {"hot", "thrash", "random"};

    static Txn txn(unsigned outcome, unsigned way, unsigned policy, unsigned size, unsigned offset, uint64_t victims,
                   unsigned free_sb) {
        Txn t;
        t.add_u64("outcome", 3, outcome);
        t.add_u64("way", 4, way);
        t.add_u64("policy", 2, policy);
        t.add_u64("size", 3, size);
        t.add_u64("offset", 4, offset);
        t.add_u64("victims", kTags, victims);
        t.add_u64("free", 5, free_sb);
        return t;
    }

    void note(const Input &in) {
        if (in.op == LATTE_TOP_INVALIDATE) events_["invalidate_policy_" + std::to_string(in.policy)]++;
    }

    // ---- stimulus ---------------------------------------------------------------------------
    void new_phase(Rng &rng) {
        static const unsigned kWeight[kSources] = {6, 2, 1};
        unsigned pick = static_cast<unsigned>(rng.below(9));
        source_ = 0;
        while (pick >= kWeight[source_]) pick -= kWeight[source_++];
        phase_left_ = rng.range(256, 4095);
        write_rate_ = rng.chance(0.3) ? 0.0 : 0.1;
        size_profile_ = static_cast<unsigned>(rng.below(4));
        phase_sets_.clear();
        const unsigned nsets = static_cast<unsigned>(rng.range(1, 3));
        for (unsigned i = 0; i < nsets; i++) phase_sets_.push_back(static_cast<unsigned>(rng.below(kSets)));
        const unsigned ntags = source_ == kThrash ? static_cast<unsigned>(rng.range(kTags + 1, 2 * kTags))
                                                  : static_cast<unsigned>(rng.range(kTags - 4, 3 * kTags));
        phase_tags_.clear();
        for (unsigned i = 0; i < ntags; i++) phase_tags_.push_back(rng.bits(kTagBits));
        if (rng.chance(0.1)) phase_tags_[0] = (1ull << kTagBits) - 1u;
        sweep_ = 0;
    }

    uint64_t line(unsigned set, uint64_t tag) const { return (tag << kIndexBits) | set; }

    uint64_t address(Rng &rng) {
        switch (source_) {
        case kHot: {
            const size_t n = phase_tags_.size();
            size_t i = static_cast<size_t>(rng.below(n));
            if (rng.chance(0.6)) i = static_cast<size_t>(rng.below(i + 1));
            return line(phase_sets_[rng.below(phase_sets_.size())], phase_tags_[i]);
        }
        case kThrash: {
            const size_t n = phase_tags_.size();
            const uint64_t k = sweep_++;
            return line(phase_sets_[0], phase_tags_[k % n]);
        }
        default:
            return rng.bits(LATTE_ADDR_BITS);
        }
    }

    void fill_format(Rng &rng, Input &in) {
        in.policy = static_cast<unsigned>(rng.below(3));
        switch (size_profile_) {
        case 0: in.size = rng.chance(0.8) ? 1 : static_cast<unsigned>(rng.range(1, 4)); break;
        case 1: in.size = rng.chance(0.8) ? 4 : static_cast<unsigned>(rng.range(1, 4)); break;
        case 2: in.size = static_cast<unsigned>(rng.range(1, 4)); break;
        default:   // the format rule of docs/latte.md 3.2
            in.size = static_cast<unsigned>(rng.range(1, 4));
            in.policy = in.size == 4 ? 0u : static_cast<unsigned>(rng.range(1, 2));
            break;
        }
    }

    Input draw(Rng &rng) {
        Input in;
        if (pending_fill_ && rng.chance(0.85)) {
            pending_fill_ = false;
            in.op = LATTE_TOP_FILL;
            in.addr = miss_addr_;
            fill_format(rng, in);
            return in;
        }
        pending_fill_ = false;
        const uint64_t k = rng.below(20000);
        if (k < 6) {
            in.op = LATTE_TOP_INVALIDATE;
            in.policy = k < 4 ? 2u : k == 4 ? static_cast<unsigned>(rng.below(2)) : 3u;
            in.addr = rng.bits(LATTE_ADDR_BITS);
            in.size = static_cast<unsigned>(rng.range(1, 4));   // ignored
            return in;
        }
        in.addr = address(rng) & kAddrMask;
        if (rng.chance(write_rate_)) {
            in.op = LATTE_TOP_WRITE;
        } else if (rng.chance(0.1)) {
            in.op = LATTE_TOP_FILL;   // a fill without a preceding read (another warp's miss)
        } else {
            in.op = LATTE_TOP_READ;
        }
        fill_format(rng, in);   // ignored except by fills
        return in;
    }

    // ---- vectors ----------------------------------------------------------------------------
    void load_vectors(const std::string &path) {
        const HexLayout layout{{"in_op", 2},      {"in_addr", LATTE_ADDR_BITS}, {"in_policy", 2},
                               {"in_size", 2},    {"exp_outcome", 3},           {"exp_way", 4},
                               {"exp_policy", 2}, {"exp_size", 3},              {"exp_offset", 4},
                               {"exp_victims", kTags}, {"exp_free", 5}};
        static latte_tag_line shadow_store[kSets * kTags];
        latte_tags shadow;
        if (latte_tags_init(&shadow, &cfg_, shadow_store, kSets * kTags) != NP_OK) throw Error("internal: init");
        uint64_t index = 0;
        for (const HexVector &v : tb::load_hex_vectors(path, layout)) {
            Input in;
            in.op = static_cast<unsigned>(layout.get_u64(v.value, "in_op"));
            in.addr = layout.get_u64(v.value, "in_addr");
            in.policy = static_cast<unsigned>(layout.get_u64(v.value, "in_policy"));
            in.size = static_cast<unsigned>(layout.get_u64(v.value, "in_size")) + 1;
            latte_tags_result r;
            if (latte_tags_access(&shadow, in.addr, static_cast<latte_tags_op>(in.op), in.policy, in.size, &r) != NP_OK)
                throw Error(v.where + ": request outside the model's ranges");
            tb::expect_recorded_u64(layout, v, "exp_outcome", r.outcome);
            tb::expect_recorded_u64(layout, v, "exp_way", r.way);
            tb::expect_recorded_u64(layout, v, "exp_policy", r.policy);
            tb::expect_recorded_u64(layout, v, "exp_size", r.size);
            tb::expect_recorded_u64(layout, v, "exp_offset", r.offset);
            tb::expect_recorded_u64(layout, v, "exp_victims", r.victims);
            tb::expect_recorded_u64(layout, v, "exp_free", r.free_subblocks);
            vectors_.push_back({in, index++});
        }
    }

    latte_tags_config cfg_;
    latte_tag_line store_[kSets * kTags];
    latte_tags model_;
    std::vector<std::pair<Input, uint64_t>> vectors_;
    size_t next_vector_ = 0;
    uint64_t drawn_ = 0, phase_left_ = 0, sweep_ = 0;
    unsigned source_ = kHot, size_profile_ = 0;
    double write_rate_ = 0.1;
    std::vector<unsigned> phase_sets_;
    std::vector<uint64_t> phase_tags_;
    bool pending_fill_ = false;
    uint64_t miss_addr_ = 0;
    std::map<std::string, uint64_t> events_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<LatteTagsAdapter>(argc, argv); }
