// Equivalence harness for pcu, the MC packet coalescing unit (docs/pcu.md). The C model
// (pcu_cycle) is cycle-accurate at the ports, so it is stepped at every edge with exactly the
// pins the RTL saw (kPredictEveryEdge):
//   - every cycle the RTL's req_ready_o, l2_ready_o, mcq_valid_o, rpl_valid_o and idle_o must
//     equal the model's (check_pins);
//   - every transaction the model loads into an output register (mcq: the selector's pick,
//     rpl: the merge unit's packet) is queued and compared field by field with the RTL's
//     transfer on that port, in order.
// The engine drives the request port (req); the adapter itself plays the L2 and the reply
// queue: it drives l2_* (a memory that applies MC-queue writes in order and returns each read
// after a random latency, out of order) and rpq_room_i, on side-band timing. Invariants of
// docs/pcu.md 6, checked on the model's replies (which the RTL must match bit for bit):
// every accepted read is answered exactly once to its SM, no SM is sent a reply it did not ask
// for, every reply carries the data of the last write to its block accepted before the read
// (writes carry a per-block version number), no accepted write is lost, and at the end
// everything has drained (the drain waits for the model; idle_o must then be 1).
// --count counts requests. The vector file (vectors/pcu/pcu.hex, cycle by cycle) is checked
// against the model (STALE otherwise); the Icarus bench replays it on the RTL.
#include <algorithm>
#include <cinttypes>
#include <cstring>
#include <deque>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "Vpcu.h"
#include "harness.h"
#include "hexfile.h"
#include "pcu.h"

namespace {

constexpr unsigned kSmBits = 6, kAddrBits = PCU_DEFAULT_ADDR_BITS, kDataBits = PCU_DEFAULT_DATA_BITS;
constexpr unsigned kIdxBits = 7, kNumSm = PCU_DEFAULT_SM;
constexpr unsigned kMcq = 0, kRpl = 1;       // output ports
constexpr uint64_t kWarmup = 72;             // latency probes + throughput lines: fresh reads
constexpr uint64_t kEpisodeRequests = 2048;  // requests per traffic episode
constexpr uint64_t kAddrMask = (1ull << kAddrBits) - 1;

// docs/pcu.md 7 / docs/vectors.md: vectors/pcu/pcu.hex, one vector per clock cycle.
const tb::HexLayout kLayout{
    {"rst", 1},           {"req_valid", 1},     {"req_write", 1},     {"req_sm", kSmBits},
    {"req_addr", kAddrBits}, {"req_data", kDataBits}, {"l2_valid", 1}, {"l2_tag", kIdxBits},
    {"l2_addr", kAddrBits}, {"l2_data", kDataBits}, {"mcq_ready", 1}, {"rpl_ready", 1},
    {"rpq_room", 1},      {"exp_req_ready", 1}, {"exp_l2_ready", 1},  {"exp_mcq_valid", 1},
    {"exp_mcq_write", 1}, {"exp_mcq_sm", kSmBits}, {"exp_mcq_addr", kAddrBits},
    {"exp_mcq_tag", kIdxBits}, {"exp_mcq_data", kDataBits}, {"exp_rpl_valid", 1},
    {"exp_rpl_dest", kNumSm}, {"exp_rpl_addr", kAddrBits}, {"exp_rpl_data", kDataBits},
    {"exp_idle", 1}};

enum class Episode { kMixed, kAllSms, kWrites, kWide, kRepeats, kCount };
const char *episode_name(Episode e) {
    static const char *const names[] = {"mixed", "all_sms", "writes", "wide", "repeats"};
    return names[static_cast<int>(e)];
}

struct L2Return {
    unsigned tag;
    uint64_t addr;
    uint64_t data;
    uint64_t due;
};

class PcuAdapter : public tb::MultiStreamAdapter<Vpcu> {
public:
    static constexpr const char *kUnit = "pcu";
    static constexpr int kSpecLatency = 3;    // docs/pcu.md 5: request -> mcq_valid_o
    static constexpr unsigned kInPorts = 1;
    static constexpr unsigned kOutPorts = 2;
    static constexpr bool kPredictEveryEdge = true;

    struct Input {
        pcu_request req{};
    };

    static const char *in_port_name(unsigned) { return "req"; }
    static const char *out_port_name(unsigned q) { return q == kMcq ? "mcq" : "rpl"; }

    explicit PcuAdapter(const tb::Options &opt) {
        pcu_config_default(&cfg_);
        if (pcu_init(&model_, &cfg_) != NP_OK) throw tb::Error("internal: pcu_init failed");
        if (!opt.vectors.empty()) check_vectors(opt.vectors);
    }

    void begin_run(tb::Rng &rng) {
        pcu_reset(&model_);
        rng_.reseed(rng.next(), 7);
        drawn_ = 0;
        cycle_ = 0;
        l2_.clear();
        l2_driving_ = false;
        memory_.clear();
        accepted_version_.clear();
        next_version_.clear();
        outstanding_.clear();
        outstanding_reads_ = 0;
        writes_in_flight_ = 0;
        violation_.clear();
        events_.clear();
        for (uint64_t &a : hot_) a = rng.bits(kAddrBits);
        hot_[0] = kAddrMask;   // the extremes of the address range
        hot_[1] = 0;
        all_sms_left_ = 0;
        live_max_ = 0;
    }

    // ---- request port -------------------------------------------------------------------------
    static void port_set_in_valid(Dut &d, unsigned, bool v) { d.req_valid_i = v; }
    static bool port_in_ready(const Dut &d, unsigned) { return d.req_ready_o; }
    static bool port_out_valid(const Dut &d, unsigned q) {
        return q == kMcq ? d.mcq_valid_o : d.rpl_valid_o;
    }
    static void port_set_out_ready(Dut &d, unsigned q, bool r) {
        if (q == kMcq) d.mcq_ready_i = r;
        else d.rpl_ready_i = r;
    }

    bool port_next_input(tb::Rng &rng, unsigned, Input &in, tb::Origin &origin) {
        next_request(rng, in.req);
        origin = tb::Origin{drawn_ < kWarmup ? "warmup" : "random", drawn_,
                            drawn_ < kWarmup ? nullptr : episode_name(episode())};
        drawn_++;
        return true;
    }

    void port_drive_input(Dut &d, unsigned, const Input &in) {
        d.req_write_i = in.req.write;
        d.req_sm_i = static_cast<uint8_t>(in.req.sm);
        d.req_addr_i = in.req.addr;
        d.req_data_i = static_cast<uint32_t>(in.req.data);
        cur_.req_valid = true;
        cur_.req = in.req;
    }

    void port_drive_idle(Dut &d, unsigned, tb::Rng &rng) {
        d.req_write_i = rng.bits(1);
        d.req_sm_i = static_cast<uint8_t>(rng.bits(kSmBits));
        d.req_addr_i = rng.bits(kAddrBits);
        d.req_data_i = static_cast<uint32_t>(rng.bits(kDataBits));
        cur_.req_valid = false;
    }

    // ---- the L2 and the reply queue's room (side band, driven every cycle before eval) -------
    void drive_sideband(Dut &d, tb::Rng &rng, tb::SidebandMode mode) {
        cur_ = pcu_in{};
        const bool random = mode == tb::SidebandMode::kRandom;
        cur_.rpq_room = !random || room_now(rng);
        if (mode == tb::SidebandMode::kHold) l2_driving_ = false;
        // A return being offered stays offered until taken (AXI-stream); a new one starts only
        // in the random phases, so probes and throughput see no replies of their own.
        if (!l2_driving_ && random && l2_releasing() && rng.chance(0.7)) start_return(rng);
        d.rpq_room_i = cur_.rpq_room;
        d.l2_valid_i = l2_driving_;
        if (l2_driving_) {
            d.l2_tag_i = static_cast<uint8_t>(l2_now_.tag);
            d.l2_addr_i = l2_now_.addr;
            d.l2_data_i = static_cast<uint32_t>(l2_now_.data);
            cur_.l2_valid = true;
            cur_.l2_tag = l2_now_.tag;
            cur_.l2_addr = l2_now_.addr;
            cur_.l2_data = l2_now_.data;
        } else {
            d.l2_tag_i = static_cast<uint8_t>(rng.bits(kIdxBits));
            d.l2_addr_i = rng.bits(kAddrBits);
            d.l2_data_i = static_cast<uint32_t>(rng.bits(kDataBits));
        }
    }

    // ---- every cycle: pins against the model, invariants ------------------------------------
    std::string check_pins(const Dut &d) {
        cur_.mcq_ready = d.mcq_ready_i;
        cur_.rpl_ready = d.rpl_ready_i;
        pcu_outputs(&model_, &cur_, &now_);
        if (!violation_.empty()) return violation_;
        struct Pin {
            const char *name;
            bool exp, got;
        };
        const Pin pins[] = {{"req_ready", now_.req_ready, d.req_ready_o != 0},
                            {"l2_ready", now_.l2_ready, d.l2_ready_o != 0},
                            {"mcq_valid", now_.mcq_valid, d.mcq_valid_o != 0},
                            {"rpl_valid", now_.rpl_valid, d.rpl_valid_o != 0},
                            {"idle", now_.idle, d.idle_o != 0}};
        for (const Pin &p : pins) {
            if (p.exp != p.got) {
                return std::string("field=") + p.name + " exp=" + (p.exp ? "1" : "0") +
                       " got=" + (p.got ? "1" : "0");
            }
        }
        // Every accepted read sits in the stage-1 register or an RGR until its reply is built.
        if (now_.idle && (outstanding_reads_ != 0 || writes_in_flight_ != 0)) {
            return "field=unanswered_reads_and_writes exp=0 got=" +
                   std::to_string(outstanding_reads_ + writes_in_flight_);
        }
        return std::string();
    }

    // ---- every edge: step the model, route what its output registers take -------------------
    void port_predict(std::vector<tb::Fired<Input>> &fired, std::vector<tb::Routed> &out) {
        if (fired.empty() == now_.req_fire) {
            violation_ = "field=req_fire exp=" + std::string(now_.req_fire ? "1" : "0") + " got=" +
                         (fired.empty() ? "0" : "1");
        }
        pcu_out o;
        pcu_cycle(&model_, &cur_, &o);
        note_stage1(o);
        if (o.req_fire) accept_request(cur_.req);
        if (o.mcq_fire) mc_processes(o.mcq);
        if (o.l2_fire) l2_driving_ = false;
        if (o.mcq_load) out.push_back(tb::Routed{kMcq, tb::Routed::kInternal, mcq_txn(o.mcq_next)});
        if (o.rpl_load) {
            check_reply(o.rpl_next);
            out.push_back(tb::Routed{kRpl, tb::Routed::kInternal, rpl_txn(o.rpl_next)});
        }
        live_max_ = std::max(live_max_, pcu_live(&model_));
        cycle_++;
    }

    bool busy() const { return !pcu_idle(&model_) || l2_driving_ || !l2_.empty(); }

    tb::Txn port_observe(const Dut &d, unsigned q) const {
        if (q == kMcq) {
            pcu_mcq_entry e;
            e.write = d.mcq_write_o;
            e.sm = d.mcq_sm_o;
            e.addr = d.mcq_addr_o;
            e.tag = d.mcq_tag_o;
            e.data = d.mcq_data_o;
            return mcq_txn(e);
        }
        pcu_reply r;
        r.dest = d.rpl_dest_o;
        r.addr = d.rpl_addr_o;
        r.data = d.rpl_data_o;
        return rpl_txn(r);
    }

    const char *outcome(const tb::Txn &t) const {
        if (t.fields.size() == 5) return t.fields[0].value.u64(0, 1) ? "mcq_write" : "mcq_read";
        const unsigned n = static_cast<unsigned>(__builtin_popcountll(t.fields[0].value.u64(0, 64)));
        if (n == 0) return "reply_to_nobody";
        if (n == 1) return "reply_unicast";
        return n == kNumSm ? "reply_multicast_all_sms" : "reply_multicast";
    }

    void coverage(std::map<std::string, uint64_t> &events) const {
        for (const auto &kv : events_) events[kv.first] = kv.second;
        events["rgr_live_max"] = live_max_;
    }

    std::string port_describe(unsigned, const Input &in) const {
        char buf[160];
        std::snprintf(buf, sizeof buf, "req write=%d sm=%u addr=0x%" PRIx64 " data=0x%" PRIx64
                      " (internal outputs: the model's own selector or merge unit)",
                      in.req.write ? 1 : 0, in.req.sm, in.req.addr, in.req.data);
        return buf;
    }

private:
    static tb::Txn mcq_txn(const pcu_mcq_entry &e) {
        tb::Txn t;
        t.add_u64("mcq_write", 1, e.write);
        t.add_u64("mcq_sm", kSmBits, e.sm);
        t.add_u64("mcq_addr", kAddrBits, e.addr);
        t.add_u64("mcq_tag", kIdxBits, e.tag);
        t.add_u64("mcq_data", kDataBits, e.data);
        return t;
    }

    static tb::Txn rpl_txn(const pcu_reply &r) {
        tb::Txn t;
        t.add_u64("rpl_dest", kNumSm, r.dest);
        t.add_u64("rpl_addr", kAddrBits, r.addr);
        t.add_u64("rpl_data", kDataBits, r.data);
        return t;
    }

    // ---- stimulus -------------------------------------------------------------------------------
    Episode episode() const {
        if (drawn_ < kWarmup) return Episode::kMixed;
        return static_cast<Episode>(((drawn_ - kWarmup) / kEpisodeRequests) %
                                    static_cast<uint64_t>(Episode::kCount));
    }

    uint64_t pick_block(tb::Rng &rng, unsigned hot) {
        return rng.chance(0.9) ? hot_[rng.below(hot)] : rng.bits(kAddrBits);
    }

    void next_request(tb::Rng &rng, pcu_request &r) {
        r = pcu_request{};
        if (drawn_ < kWarmup) {   // fresh blocks, reads only: the probes and the throughput line
            r.sm = static_cast<unsigned>(drawn_ % kNumSm);
            r.addr = 0x100000000ull + drawn_;
            return;
        }
        double write_p = 0.1;
        switch (episode()) {
        case Episode::kMixed:
            r.sm = static_cast<unsigned>(rng.below(kNumSm));
            r.addr = pick_block(rng, kHot);
            break;
        case Episode::kAllSms:   // every SM asks for one block, in a random order, then the next
            if (all_sms_left_ == 0) {
                all_sms_block_ = pick_block(rng, kHot);
                all_sms_left_ = kNumSm;
                for (unsigned s = 0; s < kNumSm; s++) sm_order_[s] = s;
                for (unsigned s = kNumSm - 1; s > 0; s--) std::swap(sm_order_[s], sm_order_[rng.below(s + 1)]);
            }
            r.sm = sm_order_[--all_sms_left_];
            r.addr = all_sms_block_;
            write_p = 0.02;
            break;
        case Episode::kWrites:   // writes interleaved with reads on a few blocks
            r.sm = static_cast<unsigned>(rng.below(kNumSm));
            r.addr = hot_[rng.below(6)];
            write_p = 0.35;
            break;
        case Episode::kWide:     // many blocks: the table fills while the L2 pauses
            r.sm = static_cast<unsigned>(rng.below(kNumSm));
            r.addr = rng.chance(0.7) ? rng.bits(kAddrBits) : pick_block(rng, kHot);
            write_p = 0.05;
            break;
        default:                 // few SMs and blocks: the same SM asks again while grouped
            r.sm = static_cast<unsigned>(rng.below(3));
            r.addr = hot_[rng.below(3)];
            write_p = 0.08;
            break;
        }
        if (rng.chance(write_p)) {
            r.write = true;
            r.data = ++next_version_[r.addr] & 0xFFFFFFFFull;
        }
    }

    bool room_now(tb::Rng &rng) {
        // Mostly room; every 8192 cycles a stretch of 600 with the reply queue nearly full.
        return (cycle_ % 8192) < 600 ? rng.chance(0.25) : rng.chance(0.93);
    }

    // The L2 pauses for 1500 of every 5000 cycles in the wide episode (the table fills).
    bool l2_releasing() const {
        if (episode() == Episode::kWide && (cycle_ % 5000) < 1500) return false;
        return !l2_.empty();
    }

    void start_return(tb::Rng &rng) {
        // Any return whose latency has passed, not the oldest: the L2 answers out of order.
        std::vector<size_t> due;
        for (size_t i = 0; i < l2_.size(); i++) {
            if (l2_[i].due <= cycle_) due.push_back(i);
        }
        if (due.empty()) return;
        const size_t k = due[rng.below(due.size())];
        l2_now_ = l2_[k];
        l2_.erase(l2_.begin() + static_cast<std::ptrdiff_t>(k));
        l2_driving_ = true;
    }

    // The MC request queue's order is the memory's order: a write updates the block, a read
    // takes the block's value now and comes back after its latency.
    void mc_processes(const pcu_mcq_entry &e) {
        if (e.write) {
            memory_[e.addr] = e.data;
            writes_in_flight_--;
            return;
        }
        const uint64_t lat = rng_.chance(0.2) ? rng_.range(100, 300) : rng_.range(2, 40);
        l2_.push_back(L2Return{e.tag, e.addr, memory_[e.addr], cycle_ + lat});
    }

    // ---- invariants (docs/pcu.md 6) -------------------------------------------------------------
    void accept_request(const pcu_request &r) {
        if (r.write) {
            accepted_version_[r.addr] = r.data;
            writes_in_flight_++;
            return;
        }
        // The read must see exactly the last write to its block accepted before it.
        outstanding_[key(r.sm, r.addr)][accepted_version_[r.addr]]++;
        outstanding_reads_++;
    }

    void check_reply(const pcu_reply &r) {
        if (r.dest == 0) violation_ = "field=reply_dest exp=nonzero got=0";
        for (unsigned s = 0; s < kNumSm && violation_.empty(); s++) {
            if (!((r.dest >> s) & 1u)) continue;
            auto it = outstanding_.find(key(s, r.addr));
            auto v = it == outstanding_.end() ? decltype(it->second.begin()){} : it->second.find(r.data);
            if (it == outstanding_.end() || v == it->second.end()) {
                char buf[200];
                std::snprintf(buf, sizeof buf, "field=reply_sm%u_block%" PRIx64 "_version exp=%s got=%" PRIx64,
                              s, r.addr, it == outstanding_.end() ? "none_outstanding" : "other_version",
                              r.data);
                violation_ = buf;
                return;
            }
            if (--v->second == 0) it->second.erase(v);
            if (it->second.empty()) outstanding_.erase(it);
            outstanding_reads_--;
        }
        const unsigned n = static_cast<unsigned>(__builtin_popcountll(r.dest));
        events_["sm_bits_replied"] += n;
    }

    static uint64_t key(unsigned sm, uint64_t addr) { return (addr << 6) | sm; }

    void note_stage1(const pcu_out &o) {
        if (o.s1.action != PCU_S1_EMPTY) events_[std::string("s1_") + pcu_s1_action_name(o.s1.action)]++;
        if (o.l2_fire && o.s1.action == PCU_S1_JOIN && static_cast<unsigned>(o.s1.hit) == cur_.l2_tag) {
            events_["join_on_freeing_edge"]++;
        }
        if (o.req_fire && o.l2_fire && o.mcq_load) events_["req_l2_select_same_edge"]++;
    }

    // ---- vectors: the file's expectations must be what the model computes, cycle by cycle ----
    void check_vectors(const std::string &path) {
        pcu m;
        pcu_init(&m, &cfg_);
        for (const tb::HexVector &v : tb::load_hex_vectors(path, kLayout)) {
            auto f = [&](const char *name) { return kLayout.get_u64(v.value, name); };
            pcu_in in{};
            in.req_valid = f("req_valid");
            in.req.write = f("req_write");
            in.req.sm = static_cast<unsigned>(f("req_sm"));
            in.req.addr = f("req_addr");
            in.req.data = f("req_data");
            in.l2_valid = f("l2_valid");
            in.l2_tag = static_cast<unsigned>(f("l2_tag"));
            in.l2_addr = f("l2_addr");
            in.l2_data = f("l2_data");
            in.mcq_ready = f("mcq_ready");
            in.rpl_ready = f("rpl_ready");
            in.rpq_room = f("rpq_room");
            pcu_out o{};
            const bool rst = f("rst");
            if (!rst) pcu_outputs(&m, &in, &o);
            const uint64_t exp[] = {o.req_ready,          o.l2_ready,        o.mcq_valid,
                                    o.mcq.write,          o.mcq.sm,          o.mcq.addr,
                                    o.mcq.tag,            o.mcq.data,        o.rpl_valid,
                                    o.rpl.dest,           o.rpl.addr,        o.rpl.data,
                                    o.idle};
            const char *names[] = {"exp_req_ready", "exp_l2_ready", "exp_mcq_valid", "exp_mcq_write",
                                   "exp_mcq_sm", "exp_mcq_addr", "exp_mcq_tag", "exp_mcq_data",
                                   "exp_rpl_valid", "exp_rpl_dest", "exp_rpl_addr", "exp_rpl_data",
                                   "exp_idle"};
            for (size_t i = 0; i < sizeof exp / sizeof exp[0]; i++) {
                tb::expect_recorded_u64(kLayout, v, names[i], exp[i]);
            }
            if (rst) pcu_reset(&m);
            else pcu_cycle(&m, &in, &o);
        }
    }

    static constexpr unsigned kHot = 32;

    pcu_config cfg_{};
    pcu model_{};
    tb::Rng rng_;
    pcu_in cur_{};
    pcu_out now_{};
    uint64_t drawn_ = 0, cycle_ = 0;
    uint64_t hot_[kHot] = {};
    uint64_t all_sms_block_ = 0;
    unsigned all_sms_left_ = 0;
    unsigned sm_order_[kNumSm] = {};
    std::deque<L2Return> l2_;
    L2Return l2_now_{};
    bool l2_driving_ = false;
    std::unordered_map<uint64_t, uint64_t> memory_, accepted_version_, next_version_;
    std::unordered_map<uint64_t, std::map<uint64_t, uint64_t>> outstanding_;
    uint64_t outstanding_reads_ = 0, writes_in_flight_ = 0;
    unsigned live_max_ = 0;
    std::string violation_;
    std::map<std::string, uint64_t> events_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<PcuAdapter>(argc, argv); }
