// router_mcast against npsim's router, cycle by cycle (docs/router.md "Equivalence").
//
// The reference is the router code npsim runs (sim/net/router.c), driven per port through
// sim/net/router_bench.h: both routers get the same flit on the same input, VC and cycle, the
// same credits and VC releases on the same output VC and cycle. Every cycle the harness
// compares every output flit (port, VC, head/tail, all FlitW data bits: the rewritten head
// fields of each multicast replica and the next hop's route included) and every credit and
// release each input VC returns. Traffic: on each of the five inputs, unicast and multicast
// packets of both classes, 1 .. 12 flits (multicast 1 .. McastMax), interleaved over the VCs,
// random destinations and destination sets of the 8x8 mesh, random gaps; downstream, every
// credit comes back after a random delay (bursts of stalls) and a VC held by the downstream's
// replication buffer is released after a random delay.
//
// The first difference prints one MISMATCH line and the run is replayed from the start (it is
// deterministic in the seed) with an FST of the cycles before the failure (--fst).
#include <array>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <verilated.h>
#include <verilated_fst_c.h>

#include "Vrouter_mcast.h"
#include "router_harness.h"

extern "C" {
#include "net/router_bench.h"
}

bool np_tb_inputs_unchanged = false;   // verilator_tb/skip_ico.sh: inputs change every cycle here

namespace {

using namespace tb::router;

// router_mcast's parameters (router_vc's defaults, router_PARAM_TOPS in rtl/router/unit.mk; the
// rest in router_harness.h) and the npsim configuration that matches them (docs/router.md
// "Parameters").
constexpr unsigned kK = 8, kNodes = kK * kK, kFlitW = 128;
constexpr unsigned kFPay = kFDest + kNodes;
constexpr unsigned kRouter = 4 * kK + 3;          // the driven router: x = 3, y = 4 (all five ports)
constexpr unsigned kWords = kFlitW / 32;
// The model's parameters are the -G values of its parameter set: its links must be FlitW wide.
static_assert(sizeof(Vrouter_mcast::out_data_o) == kPorts * kFlitW / 8, "router_mcast's FlitW is not the harness's");

using Flit = std::array<uint32_t, kWords>;

struct Expected {           // one output flit: what the RTL must show on its port
    unsigned vc = 0;
    bool head = false, tail = false;
    Flit data{};
};

// The payload of flit `index` of packet `uid`: the same in every replica.
Flit payload(uint64_t uid, unsigned index) {
    Flit f{};
    for (unsigned k = 0; k < kWords; k++) f[k] = static_cast<uint32_t>(mix(uid * 131 + index * 17 + k));
    return f;
}

unsigned mesh_port_mask(const mcast_set &dests, unsigned at, bool reply) {
    mcast_mesh m{kK, kK};
    mcast_set out[MCAST_MESH_PORTS];
    unsigned mask = 0;
    if (mcast_split(&m, at, reply ? MCAST_YX : MCAST_XY, &dests, out, &mask) != NP_OK)
        throw tb::Error("mcast_split refused a destination set");
    return mask;
}

// The head as it travels on a link towards router `at` (its route there computed one hop ahead).
Flit head_data(const rbench_flit &f, unsigned at_or_none, bool has_next, const router_bench *b) {
    Flit d = payload(f.uid, 0);
    put_bits(d.data(), 0, kFPay, 0);
    put_bits(d.data(), kFCls, 1, f.reply);
    put_bits(d.data(), kFMc, 1, f.multicast);
    put_bits(d.data(), kFLen, kLenW, f.len);
    unsigned route = 0;
    if (has_next)
        route = f.multicast ? mesh_port_mask(f.dests, at_or_none, f.reply)
                            : 1u << rbench_route_port(b, at_or_none, f.reply, f.dest);
    put_bits(d.data(), kFRoute, 5, route);
    if (f.multicast) {
        for (unsigned n = 0; n < kNodes; n++) put_bits(d.data(), kFDest + n, 1, mcast_set_has(&f.dests, n));
    } else {
        put_bits(d.data(), kFDest, 6, f.dest);
    }
    return d;
}

// The neighbour of the driven router through output port q (q = 1..4).
unsigned neighbour(unsigned q) {
    mcast_mesh m{kK, kK};
    unsigned next = 0;
    if (!mcast_neighbour(&m, kRouter, q, &next)) throw tb::Error("the driven router lies on the mesh edge");
    return next;
}

struct InPacket {           // a packet being sent on an input VC
    rbench_flit f{};
    unsigned next = 0;      // next flit number
};

struct Totals {
    uint64_t flits_in = 0, flits_out = 0, credits = 0, releases = 0, packets = 0, mcast = 0, long_mcast = 0;
    uint64_t cycles = 0, holds = 0;
};

class Bench {
public:
    Bench(const tb::Options &opt, uint64_t trace_from, const std::string &fst, bool quiet)
        : opt_(opt), rng_(opt.seed, 1), stall_rng_(opt.seed, 2), trace_from_(trace_from), fst_path_(fst),
          quiet_(quiet) {
        sim_config cfg = npsim_config(kK);
        char err[256];
        bench_ = rbench_create(&cfg, kRouter, err, sizeof err);
        if (!bench_) throw tb::Error(err);
        ctx_ = std::make_unique<VerilatedContext>();
        ctx_->traceEverOn(true);
        dut_ = std::make_unique<Vrouter_mcast>(ctx_.get());
        load_ = opt.extra_double("load");
        mcast_share_ = opt.extra_double("mcast");
        log_ = opt.extra_u64("log") != 0;
    }
    ~Bench() {
        if (trace_) trace_->close();
        rbench_destroy(bench_);
    }

    // Runs until `count` flits went in and everything drained. Returns the cycle of the first
    // difference, or 0 when the run passed.
    uint64_t run();
    const Totals &totals() const { return tot_; }

private:
    const tb::Options &opt_;
    tb::Rng rng_, stall_rng_;
    uint64_t trace_from_;
    std::string fst_path_;
    bool quiet_;
    router_bench *bench_ = nullptr;
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vrouter_mcast> dut_;
    std::unique_ptr<VerilatedFstC> trace_;
    double load_ = 0.6, mcast_share_ = 0.3;
    bool log_ = false;
    uint64_t cycle_ = 0, next_uid_ = 1, expected_index_ = 0;
    Totals tot_;
    InPacket in_[kPorts][kVcs];
    bool in_busy_[kPorts][kVcs] = {};
    std::map<uint64_t, std::vector<std::pair<unsigned, unsigned>>> credits_at_;   // RTL cycle -> (q*Vcs+v, 1)
    std::map<uint64_t, std::vector<unsigned>> releases_at_;                      // RTL cycle -> q*Vcs+v
    std::deque<std::array<std::pair<bool, Expected>, kPorts>> expect_;           // by RTL output cycle
    std::deque<std::array<unsigned, kPorts * kVcs>> rtl_credits_;                // RTL credit outputs
    std::deque<std::array<bool, kPorts * kVcs>> rtl_releases_;
    bool held_[kPorts][kVcs] = {};
    bool stalled_[kPorts] = {};
    unsigned stall_left_[kPorts] = {};

    void fail(const char *what, unsigned port, unsigned vc, const std::string &detail) {
        if (quiet_) return;
        std::printf("MISMATCH unit=router_mcast cycle=%" PRIu64 " what=%s port=%u vc=%u %s seed=%" PRIu64 "\n",
                    cycle_, what, port, vc, detail.c_str(), opt_.seed);
    }
    void model_outputs(const rbench_flit *sent, unsigned nsent, std::array<std::pair<bool, Expected>, kPorts> &row);
    void send_inputs(bool draining);
    bool compare_outputs();
    bool compare_returns();
    void tick();
    bool idle() const;
};

// The model's switch allocation of this cycle: what the RTL shows two cycles later, and what the
// harness, as the downstream router, does about it (credits, holds, releases).
void Bench::model_outputs(const rbench_flit *sent, unsigned nsent, std::array<std::pair<bool, Expected>, kPorts> &row) {
    for (unsigned k = 0; k < nsent; k++) {
        const rbench_flit &f = sent[k];
        if (log_)
            std::printf("LOG %" PRIu64 " model SA out=%u vc=%u uid=%" PRIu64 " idx=%u/%u mc=%d h=%d t=%d\n", cycle_,
                        f.port, f.vc, f.uid, f.index, f.len, f.multicast, f.head, f.tail);
        Expected e;
        e.vc = f.vc;
        e.head = f.head;
        e.tail = f.tail;
        bool has_next = f.port != MCAST_PORT_LOCAL;
        unsigned next = has_next ? neighbour(f.port) : 0;
        e.data = f.head ? head_data(f, next, has_next, bench_) : payload(f.uid, f.index);
        if (opt_.inject_mismatch >= 0 && expected_index_ == static_cast<uint64_t>(opt_.inject_mismatch))
            e.data[0] ^= 1u;
        expected_index_++;
        row[f.port] = {true, e};
        // downstream: it takes a long multicast packet replicated there into its replication
        // buffer (before the tail arrives), and releases the VC some time after the tail
        if (f.head && f.multicast && f.len > kDepth && has_next) {
            unsigned m = mesh_port_mask(f.dests, next, f.reply);
            if ((m & (m - 1)) != 0) {
                rbench_hold(bench_, f.port, f.vc);
                held_[f.port][f.vc] = true;
                tot_.holds++;
            }
        }
        if (f.tail && held_[f.port][f.vc]) {
            held_[f.port][f.vc] = false;
            uint64_t at = cycle_ + 2 + stall_rng_.below(12);
            rbench_release(bench_, f.port, f.vc, at);
            releases_at_[at - 1].push_back(f.port * kVcs + f.vc);
        }
        // its credit: the flit reaches the downstream buffer at +3; it leaves after a delay
        uint64_t delay = stalled_[f.port] ? 1 + stall_rng_.below(16) : 1;
        uint64_t at = cycle_ + 3 + delay;
        if (at > cycle_ + 20) at = cycle_ + 20;
        rbench_return_credit(bench_, f.port, f.vc, at);
        credits_at_[at - 1].push_back({f.port * kVcs + f.vc, 1});
    }
}

// The upstream side: on each input, maybe one flit, on a VC with a packet under way or a free
// one, when it has a credit (the model's upstream state decides; both routers get the flit).
void Bench::send_inputs(bool draining) {
    for (unsigned p = 0; p < kPorts; p++) {
        dut_->in_valid_i &= ~(1u << p);
        if (rng_.below(1000) >= static_cast<uint64_t>(load_ * 1000)) continue;
        unsigned choices[kVcs], n = 0;
        for (unsigned v = 0; v < kVcs; v++) {
            if (!rbench_in_credits(bench_, p, v)) continue;
            if (in_busy_[p][v] || (!draining && rbench_in_free(bench_, p, v))) choices[n++] = v;
        }
        if (!n) continue;
        unsigned v = choices[rng_.below(n)];
        InPacket &pk = in_[p][v];
        if (!in_busy_[p][v]) {                 // a new packet of the VC's class
            rbench_flit &f = pk.f;
            f = rbench_flit{};
            f.port = p;
            f.vc = v;
            f.reply = v >= kVcsReq;
            f.uid = next_uid_++;
            PacketShape shape = random_packet(rng_, PacketMix{mcast_share_, kNodes, 21}, kNodes);
            f.multicast = shape.multicast;
            f.len = shape.len;
            f.dest = shape.dest;
            f.dests = shape.dests;
            if (f.multicast) {
                tot_.mcast++;
                if (f.len > kDepth) tot_.long_mcast++;
            }
            pk.next = 0;
            in_busy_[p][v] = true;
            tot_.packets++;
        }
        rbench_flit f = pk.f;
        f.index = pk.next;
        f.head = pk.next == 0;
        f.tail = pk.next + 1 == f.len;
        rbench_send(bench_, &f);
        if (log_)
            std::printf("LOG %" PRIu64 " send in=%u vc=%u uid=%" PRIu64 " idx=%u/%u mc=%d\n", cycle_, p, v, f.uid,
                        f.index, f.len, f.multicast);
        Flit d = f.head ? head_data(f, kRouter, true, bench_) : payload(f.uid, f.index);
        dut_->in_valid_i |= 1u << p;
        dut_->in_vc_i = static_cast<uint16_t>((dut_->in_vc_i & ~(((1u << kVcW) - 1) << (p * kVcW))) | v << (p * kVcW));
        dut_->in_head_i = (dut_->in_head_i & ~(1u << p)) | (f.head ? 1u << p : 0);
        dut_->in_tail_i = (dut_->in_tail_i & ~(1u << p)) | (f.tail ? 1u << p : 0);
        for (unsigned k = 0; k < kWords; k++) dut_->in_data_i[p * kWords + k] = d[k];
        tot_.flits_in++;
        if (++pk.next == f.len) in_busy_[p][v] = false;
    }
}

// The RTL's outputs of this cycle against the model's switch allocation of two cycles ago.
bool Bench::compare_outputs() {
    std::array<std::pair<bool, Expected>, kPorts> row{};
    if (expect_.size() > 2) {
        row = expect_.front();
        expect_.pop_front();
    }
    for (unsigned q = 0; q < kPorts; q++) {
        bool valid = dut_->out_valid_o >> q & 1u;
        if (valid != row[q].first) {
            fail("out_valid", q, 0, std::string("expected=") + (row[q].first ? "1" : "0") + " got=" + (valid ? "1" : "0"));
            return false;
        }
        if (!valid) continue;
        const Expected &e = row[q].second;
        unsigned vc = (dut_->out_vc_o >> (q * kVcW)) & ((1u << kVcW) - 1);
        bool head = dut_->out_head_o >> q & 1u, tail = dut_->out_tail_o >> q & 1u;
        const uint32_t *got = dut_->out_data_o.data() + q * kWords;
        if (vc != e.vc || head != e.head || tail != e.tail || std::memcmp(got, e.data.data(), sizeof e.data) != 0) {
            char detail[512];
            std::snprintf(detail, sizeof detail, "expected=vc%u,h%d,t%d,%s got=vc%u,h%d,t%d,%s", e.vc, e.head, e.tail,
                          hex(e.data.data(), kWords).c_str(), vc, head, tail, hex(got, kWords).c_str());
            fail("out_flit", q, e.vc, detail);
            return false;
        }
        tot_.flits_out++;
    }
    return true;
}

// Credits and releases the model's router made usable upstream this cycle against the RTL's
// outputs of credit_delay cycles ago.
bool Bench::compare_returns() {
    if (rtl_credits_.size() < kCreditDelay) {
        for (unsigned i = 0; i < kPorts * kVcs; i++)
            if (rbench_returned(bench_, i / kVcs, i % kVcs) || rbench_released(bench_, i / kVcs, i % kVcs)) {
                fail("in_credit", i / kVcs, i % kVcs, "model returned a credit before the RTL could");
                return false;
            }
        return true;
    }
    const auto &cr = rtl_credits_[rtl_credits_.size() - kCreditDelay];
    const auto &rl = rtl_releases_[rtl_releases_.size() - kCreditDelay];
    for (unsigned i = 0; i < kPorts * kVcs; i++) {
        unsigned p = i / kVcs, v = i % kVcs, want = rbench_returned(bench_, p, v);
        bool rel = rbench_released(bench_, p, v);
        if (log_ && (want || cr[i] || rel || rl[i]))
            std::printf("LOG %" PRIu64 " credit in=%u vc=%u model=%u rel=%d rtl=%u rel=%d\n", cycle_, p, v, want, rel,
                        cr[i], static_cast<int>(rl[i]));
        if (cr[i] != want) {
            fail("in_credit", p, v, "expected=" + std::to_string(want) + " got=" + std::to_string(cr[i]));
            return false;
        }
        if (rl[i] != rel) {
            fail("in_release", p, v, std::string("expected=") + (rel ? "1" : "0") + " got=" + (rl[i] ? "1" : "0"));
            return false;
        }
        tot_.credits += want;
        tot_.releases += rel;
    }
    if (rtl_credits_.size() > 8) {
        rtl_credits_.pop_front();
        rtl_releases_.pop_front();
    }
    return true;
}

void Bench::tick() {
    dut_->clk_i = 1;
    dut_->eval();
    if (trace_) trace_->dump(static_cast<uint64_t>(cycle_) * 10 + 5);
    dut_->clk_i = 0;
    dut_->eval();
    if (trace_) trace_->dump(static_cast<uint64_t>(cycle_) * 10 + 10);
}

bool Bench::idle() const {
    for (unsigned p = 0; p < kPorts; p++)
        for (unsigned v = 0; v < kVcs; v++)
            if (in_busy_[p][v] || !rbench_in_free(bench_, p, v) || rbench_in_credits(bench_, p, v) != kDepth) return false;
    for (const auto &row : expect_)
        for (const auto &e : row)
            if (e.first) return false;
    return credits_at_.empty() && releases_at_.empty();
}

uint64_t Bench::run() {
    dut_->cur_x_i = kRouter % kK;
    dut_->cur_y_i = kRouter / kK;
    dut_->in_link_i = 0;     // the driver writes flits as an NI does: they count once written
    dut_->rst_ni = 0;
    dut_->clk_i = 0;
    dut_->eval();
    for (int k = 0; k < 2; k++) {
        dut_->clk_i = 1;
        dut_->eval();
        dut_->clk_i = 0;
        dut_->eval();
    }
    dut_->rst_ni = 1;
    uint64_t quiet = 0;
    const uint64_t limit = opt_.max_cycles ? opt_.max_cycles : 64 * opt_.count + 100000;
    for (cycle_ = 0; cycle_ < limit; cycle_++) {
        if (!trace_ && !fst_path_.empty() && cycle_ >= trace_from_) {
            trace_ = std::make_unique<VerilatedFstC>();
            dut_->trace(trace_.get(), 99);
            trace_->open(fst_path_.c_str());
        }
        if (stall_left_[cycle_ % kPorts] == 0) {     // downstream stall bursts, per output port
            unsigned q = cycle_ % kPorts;
            stalled_[q] = !opt_.no_stall && stall_rng_.below(1000) < static_cast<uint64_t>(opt_.stall * 1000);
            stall_left_[q] = 1 + static_cast<unsigned>(stall_rng_.below(200));
        } else {
            stall_left_[cycle_ % kPorts]--;
        }
        // model: credits and releases due, VA, SA
        const rbench_flit *sent = nullptr;
        unsigned nsent = rbench_step(bench_, &sent);
        std::array<std::pair<bool, Expected>, kPorts> row{};
        model_outputs(sent, nsent, row);
        expect_.push_back(row);
        if (!compare_returns()) return cycle_ ? cycle_ : 1;
        // RTL: this cycle's outputs, then its inputs
        if (!compare_outputs()) return cycle_ ? cycle_ : 1;
        std::array<unsigned, kPorts * kVcs> cr{};
        std::array<bool, kPorts * kVcs> rl{};
        for (unsigned i = 0; i < kPorts * kVcs; i++) {
            cr[i] = static_cast<unsigned>(get_bits(dut_->in_credit_o.data(), i * kCntW, kCntW));
            rl[i] = (dut_->in_release_o >> i & 1u) != 0;
        }
        rtl_credits_.push_back(cr);
        rtl_releases_.push_back(rl);
        bool draining = tot_.flits_in >= opt_.count;
        send_inputs(draining);
        uint32_t *oc = dut_->out_credit_i.data();
        for (unsigned i = 0; i < kPorts * kVcs; i++) put_bits(oc, i * kCntW, kCntW, 0);
        dut_->out_release_i = 0;
        if (auto it = credits_at_.find(cycle_); it != credits_at_.end()) {
            for (auto [i, n] : it->second) put_bits(oc, i * kCntW, kCntW, get_bits(oc, i * kCntW, kCntW) + n);
            credits_at_.erase(it);
        }
        if (auto it = releases_at_.find(cycle_); it != releases_at_.end()) {
            for (unsigned i : it->second) dut_->out_release_i |= 1u << i;
            releases_at_.erase(it);
        }
        tick();
        rbench_end_cycle(bench_);
        if (draining && idle()) {
            tot_.cycles = cycle_ + 1;
            return 0;
        }
        quiet = nsent ? 0 : quiet + 1;
        if (quiet > opt_.timeout) {
            if (!quiet_) std::printf("TIMEOUT unit=router_mcast cycle=%" PRIu64 " no flit left the model router for %" PRIu64
                        " cycles seed=%" PRIu64 "\n", cycle_, quiet, opt_.seed);
            return cycle_;
        }
    }
    if (!quiet_) std::printf("TIMEOUT unit=router_mcast cycle=%" PRIu64 " cycle limit reached seed=%" PRIu64 "\n", cycle_, opt_.seed);
    return cycle_;
}

}  // namespace

int main(int argc, char **argv) {
    return main_with_replay<Bench>(
        argc, argv, "router_mcast", "0.6", "probability that an input offers a flit in a cycle",
        [](const tb::Options &opt, const Totals &tot) {
            std::printf("STATS unit=router_mcast cycles=%" PRIu64 " flits_in=%" PRIu64 " flits_out=%" PRIu64
                        " packets=%" PRIu64 " multicast=%" PRIu64 " longer_than_vc=%" PRIu64 " held_downstream=%" PRIu64
                        " credits=%" PRIu64 " releases=%" PRIu64 "\n", tot.cycles, tot.flits_in, tot.flits_out,
                        tot.packets, tot.mcast, tot.long_mcast, tot.holds, tot.credits, tot.releases);
            std::printf("PASS unit=router_mcast seed=%" PRIu64 " checked=%" PRIu64 " flits in, %" PRIu64
                        " flits out, %" PRIu64 " credits, %" PRIu64 " releases, every cycle\n", opt.seed, tot.flits_in,
                        tot.flits_out, tot.credits, tot.releases);
        });
}
