// The harness adapter shared by the BA tag unit's tops (docs/ba.md section 7): ba_tag_ba
// (BA mode) and ba_tag_lru (LRU mode) have the same ports; each <top>_tb.cpp names its top
// and mode. One request in, one outcome out, in order: StreamAdapter. The C model (ba.h) is
// stepped on every accepted request, so back-to-back requests to one set are predicted exactly.
//
// Stimulus: the golden vectors first (their recorded outcomes are checked against the model:
// StaleVectors), then phases of 256..4095 requests, each drawn from one source:
//   hot       a pool of ways-4 .. 2*ways tags in 1..3 sets, Zipf-like: hits, bypasses,
//             pseudo hits and both threshold groups
//   thrash    a cyclic sweep over ways+1 .. 2*ways tags of one or two sets (LRU's worst case)
//   stream    consecutive line addresses from a random base, each touched 1..3 times
//   random    uniform random line addresses over the whole 41-bit space
//   trace     a breadth-first search over the real graph of DATA_DIR (rodinia bfs65536 nodes,
//             edges, cost): node record, its edge list, each neighbour's cost (write when first
//             reached), as line addresses (docs/ba.md 7)
// Writes (10% in most phases) and a rare invalidate-all are mixed into every source but the
// trace (which carries its own writes). Garbage drives op and address while in_valid_i is low.
#ifndef NP_TB_BA_ADAPTER_H
#define NP_TB_BA_ADAPTER_H

#include <cstdio>
#include <deque>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "ba.h"
#include "harness.h"
#include "hexfile.h"

#ifndef NP_TB_BA_SETS
#define NP_TB_BA_SETS 16
#endif
#ifndef NP_TB_BA_WAYS
#define NP_TB_BA_WAYS 8
#endif
#ifndef NP_TB_BA_THRESHOLD
#define NP_TB_BA_THRESHOLD (NP_TB_BA_WAYS / 2)
#endif

namespace tb {

constexpr unsigned ba_log2(unsigned v) { return v <= 1 ? 0 : 1 + ba_log2(v / 2); }

template <class Derived, class DutT, ba_mode kMode>
class BaAdapter : public StreamAdapter<Derived, DutT> {
public:
    using Dut = DutT;
    static constexpr int kSpecLatency = 1;   // docs/ba.md section 4
    static constexpr unsigned kSets = NP_TB_BA_SETS;
    static constexpr unsigned kWays = NP_TB_BA_WAYS;
    static constexpr unsigned kIndexBits = ba_log2(kSets);
    static constexpr unsigned kTagBits = BA_ADDR_BITS - kIndexBits;
    static constexpr unsigned kWayBits = ba_log2(kWays);
    static constexpr uint64_t kAddrMask = (1ull << BA_ADDR_BITS) - 1u;

    struct Input {
        unsigned op = 0;
        uint64_t addr = 0;
    };

    explicit BaAdapter(const Options &opt) {
        ba_config cfg;
        ba_config_default(&cfg, kWays, kMode);
        cfg.sets = kSets;
        cfg.threshold = NP_TB_BA_THRESHOLD;
        if (ba_init(&model_, &cfg) != NP_OK) throw Error("internal: ba_init failed");
        if (!opt.vectors.empty()) load_vectors(opt.vectors, cfg);
        if (!opt.data.empty()) load_graph(opt.data);
    }
    ~BaAdapter() { ba_free(&model_); }
    BaAdapter(const BaAdapter &) = delete;
    BaAdapter &operator=(const BaAdapter &) = delete;

    void begin_run(Rng &rng) {
        ba_reset(&model_);
        next_vector_ = 0;
        drawn_ = 0;
        phase_left_ = 0;
        events_.clear();
        have_prev_ = false;
        bfs_reset(rng);
    }

    bool next_input(Rng &rng, Input &in, Origin &origin) {
        if (next_vector_ < vectors_.size()) {
            in = vectors_[next_vector_].input;
            origin = Origin{"vector", vectors_[next_vector_].index, nullptr};
            next_vector_++;
            return true;
        }
        if (phase_left_ == 0) new_phase(rng);
        phase_left_--;
        origin = Origin{kSourceName[source_], drawn_++, nullptr};
        if (source_ == kTrace) {
            bfs_next(rng, in);
            return true;
        }
        in.op = BA_OP_READ;
        if (rng.chance(write_rate_)) in.op = BA_OP_WRITE;
        if (rng.below(20000) == 0) in.op = static_cast<unsigned>(BA_OP_INVALIDATE | rng.bits(1));
        in.addr = draw_address(rng) & kAddrMask;
        return true;
    }

    void drive_input(Dut &d, const Input &in) {
        d.in_op_i = static_cast<uint8_t>(in.op);
        d.in_addr_i = in.addr;
    }

    void drive_idle(Dut &d, Rng &rng) {
        d.in_op_i = static_cast<uint8_t>(rng.bits(2));
        d.in_addr_i = rng.bits(BA_ADDR_BITS);
    }

    Txn predict(Input &in) {
        note_events(in);
        const ba_result r = ba_access(&model_, in.addr, static_cast<ba_op>(in.op));
        note_back_to_back(r);
        return txn(r.outcome, r.way, r.victim_valid, r.victim_tag);
    }

    // Called every cycle after reset: counts cycles, so predict() knows whether the previous
    // request was accepted at the edge before (its write still pending in the RTL).
    std::string check_pins(const Dut &) {
        cycle_++;
        return std::string();
    }

    Txn observe(const Dut &d) const {
        return txn(d.out_outcome_o, d.out_way_o, d.out_victim_valid_o, d.out_victim_tag_o);
    }

    const char *outcome(const Txn &t) const {
        return ba_outcome_name(static_cast<ba_outcome>(t.fields[0].value.u64(0, 3)));
    }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
    }

    std::string describe(const Input &in) const {
        char buf[160];
        std::snprintf(buf, sizeof buf, "op=%u addr=0x%011llx set=%u tag=0x%llx", in.op,
                      static_cast<unsigned long long>(in.addr),
                      static_cast<unsigned>(in.addr & (kSets - 1)),
                      static_cast<unsigned long long>(in.addr >> kIndexBits));
        return buf;
    }

private:
    enum Source { kHot, kThrash, kStream, kRandom, kTrace, kSources };
    static constexpr const char *kSourceName[kSources] = {"hot", "thrash", "stream", "random", "trace"};

    static Txn txn(unsigned outcome, unsigned way, bool victim_valid, uint64_t victim_tag) {
        Txn t;
        t.add_u64("outcome", 3, outcome);
        t.add_u64("way", kWayBits, way);
        t.add_u64("victim_valid", 1, victim_valid ? 1 : 0);
        t.add_u64("victim_tag", kTagBits, victim_tag);
        return t;
    }

    // ---- stimulus ---------------------------------------------------------------------------
    void new_phase(Rng &rng) {
        static const unsigned kWeight[kSources] = {5, 2, 1, 1, 2};
        unsigned total = 0;
        for (unsigned w : kWeight) total += w;
        unsigned pick = static_cast<unsigned>(rng.below(total));
        source_ = 0;
        while (pick >= kWeight[source_]) pick -= kWeight[source_++];
        if (source_ == kTrace && graph_nodes_.empty()) source_ = kHot;   // no data directory
        phase_left_ = rng.range(256, 4095);
        write_rate_ = rng.chance(0.2) ? 0.0 : 0.1;
        // The sets and tags of this phase.
        phase_sets_.clear();
        const unsigned nsets = static_cast<unsigned>(rng.range(1, 3));
        for (unsigned i = 0; i < nsets; i++) phase_sets_.push_back(static_cast<unsigned>(rng.below(kSets)));
        const unsigned ntags = source_ == kThrash ? static_cast<unsigned>(rng.range(kWays + 1, 2 * kWays))
                                                  : static_cast<unsigned>(rng.range(kWays > 4 ? kWays - 4 : 1, 2 * kWays));
        phase_tags_.clear();
        for (unsigned i = 0; i < ntags; i++) phase_tags_.push_back(rng.bits(kTagBits));
        if (rng.chance(0.1)) phase_tags_[0] = (1ull << kTagBits) - 1u;   // the top tag
        sweep_ = 0;
        stream_addr_ = rng.bits(BA_ADDR_BITS);
        stream_repeat_ = 0;
    }

    uint64_t line(unsigned set, uint64_t tag) const { return (tag << kIndexBits) | set; }

    uint64_t draw_address(Rng &rng) {
        switch (source_) {
        case kHot: {
            // Zipf-like: low indices much more often, so some lines are reused and some not.
            const size_t n = phase_tags_.size();
            size_t i = static_cast<size_t>(rng.below(n));
            if (rng.chance(0.6)) i = static_cast<size_t>(rng.below(i + 1));
            return line(phase_sets_[rng.below(phase_sets_.size())], phase_tags_[i]);
        }
        case kThrash: {
            const size_t n = phase_tags_.size();
            const uint64_t k = sweep_++;
            return line(phase_sets_[(k / n) % phase_sets_.size()], phase_tags_[k % n]);
        }
        case kStream: {
            if (stream_repeat_ == 0) {
                stream_addr_++;
                stream_repeat_ = static_cast<unsigned>(rng.range(1, 3));
            }
            stream_repeat_--;
            return stream_addr_;
        }
        default:
            return rng.bits(BA_ADDR_BITS);
        }
    }

    // ---- breadth-first search over the real graph (the trace source) ------------------------
    static constexpr uint64_t kNodesBase = 0x100000000ull;   // byte addresses of the arrays
    static constexpr uint64_t kEdgesBase = 0x200000000ull;
    static constexpr uint64_t kCostBase = 0x300000000ull;

    static std::vector<int32_t> read_int32(const std::string &path) {
        std::ifstream f(path, std::ios::binary);
        if (!f) throw Error(path + ": cannot read (the trace source needs the rodinia bfs65536 graph)");
        std::vector<char> raw((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        std::vector<int32_t> v(raw.size() / 4);
        for (size_t i = 0; i < v.size(); i++) {
            uint32_t x = 0;
            for (unsigned b = 0; b < 4; b++) x |= static_cast<uint32_t>(static_cast<uint8_t>(raw[4 * i + b])) << (8 * b);
            v[i] = static_cast<int32_t>(x);
        }
        return v;
    }

    void load_graph(const std::string &dir) {
        graph_nodes_ = read_int32(dir + "/rodinia_bfs65536_nodes_int2.int32.bin");
        graph_edges_ = read_int32(dir + "/rodinia_bfs65536_edges.int32.bin");
        if (graph_nodes_.size() < 2 || graph_edges_.empty()) throw Error(dir + ": bfs graph files are empty");
    }

    size_t node_count() const { return graph_nodes_.size() / 2; }

    void bfs_reset(Rng &rng) {
        pending_.clear();
        frontier_.clear();
        visited_.assign(node_count(), false);
        if (node_count() == 0) return;
        const size_t start = static_cast<size_t>(rng.below(node_count()));
        visited_[start] = true;
        frontier_.push_back(start);
    }

    // One node's work: its record, then per edge the edge entry and the neighbour's cost (a
    // write of the cost when the neighbour is reached first).
    void bfs_expand(Rng &rng) {
        if (frontier_.empty()) bfs_reset(rng);
        const size_t n = frontier_.front();
        frontier_.pop_front();
        pending_.push_back(Input{BA_OP_READ, (kNodesBase + 8 * n) >> 7});
        const int64_t first = graph_nodes_[2 * n], degree = graph_nodes_[2 * n + 1];
        for (int64_t e = first; e < first + degree && e >= 0 && static_cast<size_t>(e) < graph_edges_.size(); e++) {
            pending_.push_back(Input{BA_OP_READ, (kEdgesBase + 4 * static_cast<uint64_t>(e)) >> 7});
            const int64_t nb = graph_edges_[static_cast<size_t>(e)];
            if (nb < 0 || static_cast<size_t>(nb) >= node_count()) continue;
            pending_.push_back(Input{BA_OP_READ, (kCostBase + 4 * static_cast<uint64_t>(nb)) >> 7});
            if (!visited_[static_cast<size_t>(nb)]) {
                visited_[static_cast<size_t>(nb)] = true;
                frontier_.push_back(static_cast<size_t>(nb));
                pending_.push_back(Input{BA_OP_WRITE, (kCostBase + 4 * static_cast<uint64_t>(nb)) >> 7});
            }
        }
    }

    void bfs_next(Rng &rng, Input &in) {
        while (pending_.empty()) bfs_expand(rng);
        in = pending_.front();
        pending_.pop_front();
    }

    // ---- coverage of the decisions docs/ba.md 3 defines -------------------------------------
    void note_events(const Input &in) {
        if ((in.op & 3u) != BA_OP_READ) return;
        const unsigned set = ba_set_of(&model_, in.addr);
        const ba_line *lines = ba_set_lines(&model_, set);
        const ba_lookup_out lk = ba_lookup(lines, kWays, ba_tag_of(&model_, in.addr));
        unsigned never_reused = 0, records = 0;
        for (unsigned w = 0; w < kWays; w++) {
            never_reused += lines[w].reuse ? 0u : 1u;
            records += lines[w].bypass ? 1u : 0u;
        }
        if (records == kWays) events_["all_ways_bypassed_set"]++;
        if (lk.match || lk.has_free || kMode != BA_MODE_BA) return;
        const unsigned t = model_.cfg.threshold;
        const unsigned way = ba_victim(lines, kWays, kMode, t);
        events_[lines[way].reuse ? "victim_from_reused" : "victim_from_never_reused"]++;
        if (lines[way].bypass) events_["victim_is_bypass_record"]++;
        if (never_reused == t) events_["n0_eq_threshold"]++;
        if (never_reused + 1 == t) events_["n0_eq_threshold_minus_1"]++;
        if (never_reused == 0) events_["n0_zero"]++;
    }

    // Requests accepted at consecutive edges: the RTL forwards the first one's pending write
    // into the second one's lookup (docs/ba.md 4). Counted: same set, the same line again (the
    // forwarded line decides the outcome), a victim chosen right after a touch of that set, and
    // any request right after an invalidate-all.
    void note_back_to_back(const ba_result &r) {
        const bool b2b = have_prev_ && prev_cycle_ + 1 == cycle_;
        if (b2b && prev_.outcome == BA_INVALIDATED) events_["b2b_after_invalidate"]++;
        if (b2b && prev_.outcome != BA_INVALIDATED && r.outcome != BA_INVALIDATED && prev_.set == r.set) {
            events_["b2b_same_set"]++;
            const bool prev_wrote = prev_.outcome != BA_WRITE_AROUND;
            const bool uses_way = r.outcome != BA_WRITE_AROUND;
            if (prev_wrote && uses_way && prev_.way == r.way) events_["b2b_same_line"]++;
            if (prev_wrote && (r.outcome == BA_BYPASS || r.outcome == BA_MISS_EVICT)) {
                events_["b2b_victim_after_update"]++;
            }
        }
        prev_ = r;
        prev_cycle_ = cycle_;
        have_prev_ = true;
    }

    // ---- vectors ----------------------------------------------------------------------------
    struct Vector {
        Input input;
        uint64_t index;
    };

    // The file's requests in order from reset; every recorded outcome is checked against a
    // fresh model (docs/vectors.md, ba_tag_*.hex).
    void load_vectors(const std::string &path, const ba_config &cfg) {
        const HexLayout layout{{"in_op", 2},       {"in_addr", BA_ADDR_BITS},  {"exp_outcome", 3},
                               {"exp_way", kWayBits}, {"exp_victim_valid", 1}, {"exp_victim_tag", kTagBits}};
        ba_cache shadow;
        if (ba_init(&shadow, &cfg) != NP_OK) throw Error("internal: ba_init failed");
        uint64_t index = 0;
        try {
            for (const HexVector &v : load_hex_vectors(path, layout)) {
                Input in;
                in.op = static_cast<unsigned>(layout.get_u64(v.value, "in_op"));
                in.addr = layout.get_u64(v.value, "in_addr");
                const ba_result r = ba_access(&shadow, in.addr, static_cast<ba_op>(in.op));
                tb::expect_recorded_u64(layout, v, "exp_outcome", r.outcome);
                tb::expect_recorded_u64(layout, v, "exp_way", r.way);
                tb::expect_recorded_u64(layout, v, "exp_victim_valid", r.victim_valid ? 1 : 0);
                tb::expect_recorded_u64(layout, v, "exp_victim_tag", r.victim_tag);
                vectors_.push_back(Vector{in, index++});
            }
        } catch (...) {
            ba_free(&shadow);
            throw;
        }
        ba_free(&shadow);
    }

    ba_cache model_;
    std::vector<Vector> vectors_;
    size_t next_vector_ = 0;
    uint64_t drawn_ = 0;
    uint64_t phase_left_ = 0;
    unsigned source_ = kHot;
    double write_rate_ = 0.1;
    std::vector<unsigned> phase_sets_;
    std::vector<uint64_t> phase_tags_;
    uint64_t sweep_ = 0;
    uint64_t stream_addr_ = 0;
    unsigned stream_repeat_ = 0;
    std::vector<int32_t> graph_nodes_, graph_edges_;
    std::vector<bool> visited_;
    std::deque<size_t> frontier_;
    std::deque<Input> pending_;
    std::map<std::string, uint64_t> events_;
    uint64_t cycle_ = 0, prev_cycle_ = 0;
    ba_result prev_{};
    bool have_prev_ = false;
};

}  // namespace tb

#endif
