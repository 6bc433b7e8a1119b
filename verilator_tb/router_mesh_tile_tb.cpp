// A 4x4 mesh of RTL routers (sixteen router_mesh_tile models: router_vc as router_mcast, at
// K = 4 with 64-bit links, a parameter set in rtl/router/unit.mk) against npsim's network on the
// same traffic (docs/router.md "The mesh check").
//
// npsim runs its own 4x4 mesh (net_create: its NIs, routers and links), watched at the NIs by
// sim/net/mesh_bench.h. The harness queues the same random packets at npsim's NIs every cycle
// (unicast and multicast, both classes, 1..12 flits, multicast 1..McastMax with sets of 2..15
// destinations); whatever an NI writes into its router's LOCAL input in a cycle, the harness
// writes into the RTL router's LOCAL input in that cycle (the NIs are npsim's; the network
// between them is the RTL). On the ejection side the harness is the NI of the RTL mesh, with
// npsim's timing (router.c send_flit, network.c ni_eject): a flit the RTL shows on a LOCAL
// output in cycle t is ejected at t+1 (its credit usable at t+3, so shown at t+2), a tail
// delivers its packet at t+1.
//
// Checked: every packet is delivered once to each of its destinations and nowhere else, by
// both networks, in the same cycle; every flit the RTL ejects carries its packet's payload,
// in order, on one VC; every credit and release router n returns to its NI equals npsim's, in
// the same cycle. The first difference prints one MISMATCH line and the run is replayed with an
// FST of the cycles before it.
#include <array>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <verilated.h>
#include <verilated_fst_c.h>

#include "Vrouter_mesh_tile.h"
#include "router_harness.h"

extern "C" {
#include "net/mesh_bench.h"
#include "net/net.h"
}

bool np_tb_inputs_unchanged = false;   // verilator_tb/skip_ico.sh: inputs change every cycle here

namespace {

using namespace tb::router;

// router_mesh_tile's parameters (router_PARAM_TOPS in rtl/router/unit.mk; the rest in
// router_harness.h) and the npsim configuration that matches them (docs/router.md "Parameters",
// with K = 4 and 64-bit links).
constexpr unsigned kK = 4, kNodes = kK * kK, kFlitW = 64;
constexpr unsigned kFPay = kFDest + kNodes;
constexpr unsigned kWords = kFlitW / 32;
// The model's parameters are the -G values of its parameter set: its links must be FlitW wide.
static_assert(sizeof(Vrouter_mesh_tile::out_data_o) == kPorts * kFlitW / 8, "router_mesh_tile's FlitW is not the harness's");
constexpr unsigned kUidLo = 32, kUidBits = 24, kIndexLo = kUidLo + kUidBits;   // payload: uid, flit number
static_assert(kFPay <= kUidLo && kIndexLo + kLenW <= kFlitW, "the payload fields fit a flit");

using Flit = std::array<uint32_t, kWords>;

// A body flit's low word.
uint32_t body_word(uint64_t uid, unsigned index) { return static_cast<uint32_t>(mix(uid * 131 + index)); }

const mcast_mesh kMesh{kK, kK};

// The flit an NI writes: a head carries the route at the source router (computed by the NI, as
// the lookahead RC of an upstream router would); every flit carries uid and flit number, a body
// flit a hash of both in its low word.
Flit injected_flit(const rbench_flit &f, unsigned node) {
    Flit d{};
    if (f.head) {
        put_bits(d.data(), kFCls, 1, f.reply);
        put_bits(d.data(), kFMc, 1, f.multicast);
        put_bits(d.data(), kFLen, kLenW, f.len);
        unsigned route = 0;
        mcast_order order = f.reply ? MCAST_YX : MCAST_XY;
        if (f.multicast) {
            mcast_set out[MCAST_MESH_PORTS];
            if (mcast_split(&kMesh, node, order, &f.dests, out, &route) != NP_OK)
                throw tb::Error("mcast_split refused a destination set");
            for (unsigned n = 0; n < kNodes; n++) put_bits(d.data(), kFDest + n, 1, mcast_set_has(&f.dests, n));
        } else {
            route = 1u << mcast_dor_port(&kMesh, node, f.dest, order);
            put_bits(d.data(), kFDest, 4, f.dest);
        }
        put_bits(d.data(), kFRoute, 5, route);
    } else {
        d[0] = body_word(f.uid, f.index);
    }
    put_bits(d.data(), kUidLo, kUidBits, f.uid);
    put_bits(d.data(), kIndexLo, kLenW, f.index);
    return d;
}

// The RTL mesh: sixteen router models, each built once and stepped sixteen times. The mesh is
// wired here, not in Verilog: a Verilog mesh of sixteen routers, Verilated, was 186 MB of C++
// (every router inlined) or 133 MB (one class, with its functions copied per instance), a build
// of 5 to 6 CPU minutes. Router n sits at x = n % K, y = n / K; output XPOS feeds the XNEG input
// of n+1, XNEG the XPOS of n-1, YPOS the YNEG of n+K, YNEG the YPOS of n-K; credits and releases
// go straight back; in_link_i comes from the neighbour's out_valid_o, out_st_o and, for a
// neighbour with a lower node number, out_sa_o. Every output a router shows in a cycle
// (registered, except out_sa_o: its SA grant of the cycle, a function of its state) becomes its
// neighbour's input in that cycle.
class Mesh {
public:
    explicit Mesh(VerilatedContext *ctx) {
        for (unsigned n = 0; n < kNodes; n++) {
            tile_[n] = std::make_unique<Vrouter_mesh_tile>(ctx, ("n" + std::to_string(n)).c_str());
            tile_[n]->cur_x_i = n % kK;
            tile_[n]->cur_y_i = n / kK;
        }
    }
    ~Mesh() {
        for (auto &t : trace_)
            if (t) t->close();
    }
    Vrouter_mesh_tile &at(unsigned n) { return *tile_[n]; }

    // Each router's inputs on ports 1..4 from its neighbours' outputs of this cycle.
    void connect() {
        for (unsigned n = 0; n < kNodes; n++) {
            Vrouter_mesh_tile &me = *tile_[n];
            uint32_t link = 0;
            for (unsigned p = 1; p < kPorts; p++) {
                unsigned nb = 0, opp = kOpposite[p];
                bool has = mcast_neighbour(&kMesh, n, p, &nb);
                const Vrouter_mesh_tile *u = has ? tile_[nb].get() : nullptr;
                bool valid = u && (u->out_valid_o >> opp & 1u);
                me.in_valid_i = static_cast<CData>((me.in_valid_i & ~(1u << p)) | (valid ? 1u << p : 0));
                me.in_head_i = static_cast<CData>((me.in_head_i & ~(1u << p)) | (u && (u->out_head_o >> opp & 1u) ? 1u << p : 0));
                me.in_tail_i = static_cast<CData>((me.in_tail_i & ~(1u << p)) | (u && (u->out_tail_o >> opp & 1u) ? 1u << p : 0));
                uint32_t vc = u ? (u->out_vc_o >> (opp * kVcW)) & ((1u << kVcW) - 1) : 0;
                me.in_vc_i = static_cast<SData>((me.in_vc_i & ~(((1u << kVcW) - 1) << (p * kVcW))) | vc << (p * kVcW));
                for (unsigned w = 0; w < kWords; w++)
                    me.in_data_i[p * kWords + w] = u ? u->out_data_o[opp * kWords + w] : 0;
                put_bits(me.out_credit_i.data(), p * kVcs * kCntW, kVcs * kCntW,
                         u ? get_bits(u->in_credit_o.data(), opp * kVcs * kCntW, kVcs * kCntW) : 0);
                uint32_t rel = u ? (u->in_release_o >> (opp * kVcs)) & ((1u << kVcs) - 1) : 0;
                me.out_release_i = (me.out_release_i & ~(((1u << kVcs) - 1) << (p * kVcs))) | rel << (p * kVcs);
                // npsim steps routers in node order: a flit a neighbour with a lower number grants
                // now counts here now, one from a later router from the next cycle
                if (u && ((u->out_valid_o | u->out_st_o | (nb < n ? u->out_sa_o : 0)) >> opp & 1u)) link |= 1u << p;
            }
            me.in_link_i = static_cast<CData>(link);
            me.out_release_i &= ~((1u << kVcs) - 1);   // a LOCAL output is never held (no NI replicates)
        }
    }
    void tick(uint64_t cycle) {
        for (auto &t : tile_) {
            t->clk_i = 1;
            t->eval();
        }
        dump(cycle * 10 + 5);
        for (auto &t : tile_) {
            t->clk_i = 0;
            t->eval();
        }
        dump(cycle * 10 + 10);
    }
    void reset() {
        for (auto &t : tile_) {
            t->in_valid_i = 0;
            t->in_link_i = 0;
            t->rst_ni = 0;
        }
        tick(0);
        tick(0);
        for (auto &t : tile_) t->rst_ni = 1;
    }
    // One FST per router: <path without .fst>_n<node>.fst.
    void open_traces(const std::string &path) {
        std::string base = path.size() > 4 && path.compare(path.size() - 4, 4, ".fst") == 0 ? path.substr(0, path.size() - 4) : path;
        for (unsigned n = 0; n < kNodes; n++) {
            trace_[n] = std::make_unique<VerilatedFstC>();
            tile_[n]->trace(trace_[n].get(), 99);
            trace_[n]->open((base + "_n" + std::to_string(n) + ".fst").c_str());
        }
    }
    bool tracing() const { return trace_[0] != nullptr; }

private:
    static constexpr unsigned kOpposite[kPorts] = {0, MCAST_PORT_XNEG, MCAST_PORT_XPOS, MCAST_PORT_YNEG, MCAST_PORT_YPOS};
    std::array<std::unique_ptr<Vrouter_mesh_tile>, kNodes> tile_;
    std::array<std::unique_ptr<VerilatedFstC>, kNodes> trace_;
    void dump(uint64_t t) {
        for (auto &tr : trace_)
            if (tr) tr->dump(t);
    }
};

struct Packet {             // a packet the harness queued, until both networks delivered it everywhere
    uint64_t uid = 0;
    uint64_t dests = 0;     // destination nodes (bit n)
    uint64_t rtl_left = 0, model_left = 0;
    unsigned len = 0;
    bool multicast = false;
};

struct Eject {              // the packet arriving on one VC of an RTL LOCAL output
    bool busy = false;
    uint64_t uid = 0;
    unsigned next = 0, len = 0;
};

struct Totals {
    uint64_t flits_in = 0, flits_out = 0, packets = 0, mcast = 0, long_mcast = 0, deliveries = 0;
    uint64_t credits = 0, releases = 0, cycles = 0;
};

class Bench {
public:
    Bench(const tb::Options &opt, uint64_t trace_from, const std::string &fst, bool quiet)
        : opt_(opt), trace_from_(trace_from), fst_path_(fst), quiet_(quiet) {
        sim_rng_seed(&rng_, opt.seed);
        sim_config cfg = npsim_config(kK);
        char err[256];
        bench_ = mbench_create(&cfg, err, sizeof err);
        if (!bench_) throw tb::Error(err);
        ctx_ = std::make_unique<VerilatedContext>();
        ctx_->traceEverOn(true);
        mesh_ = std::make_unique<Mesh>(ctx_.get());
        load_ = opt.extra_double("load");
        mcast_share_ = opt.extra_double("mcast");
        log_ = opt.extra_u64("log") != 0;
    }
    ~Bench() {
        mesh_.reset();
        mbench_destroy(bench_);
    }

    uint64_t run();
    const Totals &totals() const { return tot_; }

private:
    const tb::Options &opt_;
    sim_rng rng_;
    uint64_t trace_from_;
    std::string fst_path_;
    bool quiet_;
    mesh_bench *bench_ = nullptr;
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Mesh> mesh_;
    double load_ = 0.25, mcast_share_ = 0.3;
    bool log_ = false;
    uint64_t cycle_ = 0, offered_ = 0, injected_index_ = 0;
    Totals tot_;
    std::unordered_map<uint64_t, Packet> live_;                 // by uid
    std::unordered_map<uint64_t, uint64_t> uid_of_low_;        // uid mod 2^kUidBits -> uid
    std::map<std::pair<uint64_t, unsigned>, uint64_t> rtl_at_, model_at_;   // (uid, node) -> delivery cycle
    Eject eject_[kNodes][kVcs];
    std::map<uint64_t, std::vector<unsigned>> credits_at_;      // RTL cycle -> node*Vcs+v (ejection credits)
    std::array<unsigned, kNodes * kVcs> rtl_credits_{};         // the RTL's LOCAL input returns of the last cycle
    std::array<bool, kNodes * kVcs> rtl_releases_{};

    bool fail(const char *what, unsigned node, unsigned vc, const std::string &detail) {
        if (!quiet_)
            std::printf("MISMATCH unit=router_mesh_tile cycle=%" PRIu64 " what=%s node=%u vc=%u %s seed=%" PRIu64 "\n",
                        cycle_, what, node, vc, detail.c_str(), opt_.seed);
        return false;
    }
    void offer_packets(bool draining);
    bool compare_returns();
    bool eject_rtl();
    bool deliver(bool rtl, uint64_t uid, unsigned node, uint64_t at);
    void drive_injections();
};

// New packets at npsim's NIs: each node queues one with probability load / (mean length).
void Bench::offer_packets(bool draining) {
    if (draining) return;
    network *n = mbench_network(bench_);
    for (unsigned src = 0; src < kNodes; src++) {
        if (sim_rng_below(&rng_, 1000) >= static_cast<uint32_t>(load_ * 1000 / 3.5)) continue;
        Packet pk;
        unsigned cls = sim_rng_below(&rng_, 2) ? CLASS_REPLY : CLASS_REQUEST;
        rstim_packet shape;
        rstim_random_packet(&rng_, mcast_share_, kNodes, kNodes - 1, src, &shape);
        pk.multicast = shape.multicast;
        pk.len = shape.len;
        if (pk.multicast) {
            for (unsigned d = 0; d < kNodes; d++)
                if (mcast_set_has(&shape.dests, d)) pk.dests |= 1ull << d;
            pk.uid = net_send_multicast(n, src, &shape.dests, cls, pk.len, 0);
            if (log_) std::printf("LOG %" PRIu64 " packet uid=%" PRIu64 " src=%u dests=%" PRIx64 " len=%u cls=%u\n", cycle_, pk.uid, src, pk.dests, pk.len, cls);
            tot_.mcast++;
            if (pk.len > kDepth) tot_.long_mcast++;
        } else {
            unsigned dest = shape.dest;
            pk.dests = 1ull << dest;
            pk.uid = net_send_unicast(n, src, dest, cls, pk.len, 0);
            if (log_) std::printf("LOG %" PRIu64 " packet uid=%" PRIu64 " src=%u dest=%u len=%u cls=%u\n", cycle_, pk.uid, src, dest, pk.len, cls);
        }
        pk.rtl_left = pk.model_left = pk.dests;
        uint64_t low = pk.uid & ((1ull << kUidBits) - 1);
        if (uid_of_low_.count(low)) throw tb::Error("2^24 packets in flight");
        uid_of_low_[low] = pk.uid;
        live_[pk.uid] = pk;
        offered_ += pk.len;
        tot_.packets++;
    }
}

// Credits and releases npsim's routers gave their NIs this cycle against the RTL's LOCAL input
// returns of the last cycle (credit_delay = 1: shown in c-1, usable in c).
bool Bench::compare_returns() {
    for (unsigned i = 0; i < kNodes * kVcs; i++) {
        unsigned node = i / kVcs, v = i % kVcs, want = mbench_returned(bench_, node, v);
        bool rel = mbench_released(bench_, node, v);
        if (log_ && (want || rel || rtl_credits_[i] || rtl_releases_[i]))
            std::printf("LOG %" PRIu64 " credit node=%u vc=%u model=%u rel=%d rtl=%u rel=%d\n", cycle_, node, v, want, rel,
                        rtl_credits_[i], static_cast<int>(rtl_releases_[i]));
        if (rtl_credits_[i] != want)
            return fail("in_credit", node, v, "expected=" + std::to_string(want) + " got=" + std::to_string(rtl_credits_[i]));
        if (rtl_releases_[i] != rel)
            return fail("in_release", node, v, std::string("expected=") + (rel ? "1" : "0") + " got=" + (rtl_releases_[i] ? "1" : "0"));
        tot_.credits += want;
        tot_.releases += rel;
    }
    return true;
}

// One delivery by one network: to a destination of the packet, once, in the cycle the other
// network delivers it (the second of the two compares).
bool Bench::deliver(bool rtl, uint64_t uid, unsigned node, uint64_t at) {
    auto it = live_.find(uid);
    const char *who = rtl ? "rtl" : "model";
    if (log_) std::printf("LOG %" PRIu64 " deliver %s uid=%" PRIu64 " node=%u at=%" PRIu64 "\n", cycle_, who, uid, node, at);
    if (it == live_.end()) return fail("delivery", node, 0, std::string(who) + " delivered uid=" + std::to_string(uid) + ", not a live packet");
    Packet &pk = it->second;
    uint64_t &left = rtl ? pk.rtl_left : pk.model_left;
    if (!(pk.dests >> node & 1u))
        return fail("delivery", node, 0, std::string(who) + " delivered uid=" + std::to_string(uid) + " to a node not in its destinations");
    if (!(left >> node & 1u))
        return fail("delivery", node, 0, std::string(who) + " delivered uid=" + std::to_string(uid) + " twice");
    left &= ~(1ull << node);
    auto key = std::make_pair(uid, node);
    auto &mine = rtl ? rtl_at_ : model_at_;
    auto &other = rtl ? model_at_ : rtl_at_;
    if (auto o = other.find(key); o != other.end()) {
        if (o->second != at) {
            uint64_t m = rtl ? o->second : at, r = rtl ? at : o->second;
            return fail("delivery", node, 0, "uid=" + std::to_string(uid) + " expected_cycle=" + std::to_string(m) +
                                             " got_cycle=" + std::to_string(r));
        }
        other.erase(o);
    } else {
        mine[key] = at;
    }
    tot_.deliveries += rtl;
    if (!pk.rtl_left && !pk.model_left) {
        uid_of_low_.erase(uid & ((1ull << kUidBits) - 1));
        live_.erase(it);
    }
    return true;
}

// The RTL's LOCAL outputs of this cycle: the harness's NIs eject every flit (credit shown at
// t+2), check it belongs to the packet on its VC, and deliver at a tail (cycle t+1).
bool Bench::eject_rtl() {
    for (unsigned node = 0; node < kNodes; node++) {
        const Vrouter_mesh_tile &t = mesh_->at(node);
        if (!(t.out_valid_o & 1u)) continue;
        unsigned vc = t.out_vc_o & ((1u << kVcW) - 1);
        bool head = t.out_head_o & 1u, tail = t.out_tail_o & 1u;
        const uint32_t *d = t.out_data_o.data();
        uint64_t low = get_bits(d, kUidLo, kUidBits);
        unsigned index = static_cast<unsigned>(get_bits(d, kIndexLo, kLenW));
        Eject &e = eject_[node][vc];
        if (log_) std::printf("LOG %" PRIu64 " eject node=%u vc=%u uid_low=%" PRIu64 " idx=%u\n", cycle_, node, vc, low, index);
        auto u = uid_of_low_.find(low);
        if (u == uid_of_low_.end()) return fail("out_flit", node, vc, "a flit of no live packet (uid low bits " + std::to_string(low) + ")");
        const Packet &pk = live_.at(u->second);
        if (head) {
            if (e.busy) return fail("out_flit", node, vc, "a head inside packet uid=" + std::to_string(e.uid));
            e = Eject{true, pk.uid, 0, pk.len};
            // at the destination: the route is empty and the head names this node
            bool mc = get_bits(d, kFMc, 1);
            bool names_me = mc ? get_bits(d, kFDest, kNodes) == (1ull << node) : get_bits(d, kFDest, 4) == node;
            if (get_bits(d, kFRoute, 5) != 0 || !names_me || get_bits(d, kFLen, kLenW) != pk.len)
                return fail("out_flit", node, vc, "head of uid=" + std::to_string(pk.uid) + " with route/destination/length fields " +
                                                  std::to_string(get_bits(d, 0, kFPay)));
        } else {
            if (!e.busy || e.uid != pk.uid) return fail("out_flit", node, vc, "a body flit of uid=" + std::to_string(pk.uid) + " without its head");
            if (d[0] != body_word(pk.uid, index)) return fail("out_flit", node, vc, "payload of uid=" + std::to_string(pk.uid) + " flit " + std::to_string(index));
        }
        if (index != e.next || tail != (index + 1 == e.len))
            return fail("out_flit", node, vc, "uid=" + std::to_string(pk.uid) + " flit " + std::to_string(index) + " expected flit " +
                                              std::to_string(e.next) + " of " + std::to_string(e.len));
        e.next++;
        tot_.flits_out++;
        credits_at_[cycle_ + 2].push_back(node * kVcs + vc);
        if (tail) {
            e.busy = false;
            if (!deliver(true, pk.uid, node, cycle_ + 1)) return false;
        }
    }
    return true;
}

// The flits npsim's NIs wrote in this cycle's injection, into the RTL's LOCAL inputs.
void Bench::drive_injections() {
    const rbench_flit *f = nullptr;
    unsigned count = mbench_injected(bench_, &f);
    for (unsigned node = 0; node < kNodes; node++) mesh_->at(node).in_valid_i &= ~1u;
    for (unsigned k = 0; k < count; k++) {
        unsigned node = f[k].port;
        Flit d = injected_flit(f[k], node);
        if (opt_.inject_mismatch >= 0 && injected_index_ == static_cast<uint64_t>(opt_.inject_mismatch)) d[0] ^= 1u;
        injected_index_++;
        if (log_)
            std::printf("LOG %" PRIu64 " inject node=%u vc=%u uid=%" PRIu64 " idx=%u/%u mc=%d\n", cycle_, node, f[k].vc,
                        f[k].uid, f[k].index, f[k].len, f[k].multicast);
        Vrouter_mesh_tile &t = mesh_->at(node);
        t.in_valid_i |= 1u;
        t.in_vc_i = static_cast<SData>((t.in_vc_i & ~((1u << kVcW) - 1)) | f[k].vc);
        t.in_head_i = static_cast<CData>((t.in_head_i & ~1u) | (f[k].head ? 1u : 0));
        t.in_tail_i = static_cast<CData>((t.in_tail_i & ~1u) | (f[k].tail ? 1u : 0));
        for (unsigned w = 0; w < kWords; w++) t.in_data_i[w] = d[w];
        tot_.flits_in++;
    }
}

uint64_t Bench::run() {
    mesh_->reset();
    network *n = mbench_network(bench_);
    const uint64_t limit = opt_.max_cycles ? opt_.max_cycles : 64 * opt_.count + 100000;
    uint64_t quiet = 0, delivered_before = 0;
    for (cycle_ = 0; cycle_ < limit; cycle_++) {
        if (!mesh_->tracing() && !fst_path_.empty() && cycle_ >= trace_from_) mesh_->open_traces(fst_path_);
        // npsim: credits and events due, ejection (deliveries of this cycle), routers
        mbench_step_routers(bench_);
        const mbench_delivery *dl = nullptr;
        unsigned ndl = mbench_delivered(bench_, &dl);
        for (unsigned k = 0; k < ndl; k++)
            if (!deliver(false, dl[k].uid, dl[k].node, dl[k].cycle)) return cycle_ ? cycle_ : 1;
        if (!compare_returns()) return cycle_ ? cycle_ : 1;
        // RTL: this cycle's LOCAL outputs and returns
        if (!eject_rtl()) return cycle_ ? cycle_ : 1;
        for (unsigned i = 0; i < kNodes * kVcs; i++) {
            const Vrouter_mesh_tile &t = mesh_->at(i / kVcs);
            rtl_credits_[i] = static_cast<unsigned>(get_bits(t.in_credit_o.data(), (i % kVcs) * kCntW, kCntW));
            rtl_releases_[i] = (t.in_release_o >> (i % kVcs) & 1u) != 0;
        }
        // new packets, npsim's NIs inject; the same flits into the RTL
        bool draining = offered_ >= opt_.count;
        offer_packets(draining);
        mbench_step_finish(bench_);
        drive_injections();
        mesh_->connect();
        for (unsigned node = 0; node < kNodes; node++) put_bits(mesh_->at(node).out_credit_i.data(), 0, kVcs * kCntW, 0);
        if (auto it = credits_at_.find(cycle_); it != credits_at_.end()) {
            for (unsigned i : it->second) {
                uint32_t *oc = mesh_->at(i / kVcs).out_credit_i.data();
                unsigned lo = (i % kVcs) * kCntW;
                put_bits(oc, lo, kCntW, get_bits(oc, lo, kCntW) + 1);
            }
            credits_at_.erase(it);
        }
        mesh_->tick(cycle_);
        if (draining && net_idle(n) && live_.empty() && credits_at_.empty()) {
            tot_.cycles = cycle_ + 1;
            if (!rtl_at_.empty() || !model_at_.empty()) return fail("delivery", 0, 0, "unmatched deliveries at the end");
            return 0;
        }
        quiet = tot_.deliveries != delivered_before ? 0 : quiet + 1;
        delivered_before = tot_.deliveries;
        if (quiet > opt_.timeout) {
            if (!quiet_) std::printf("TIMEOUT unit=router_mesh_tile cycle=%" PRIu64 " no RTL delivery for %" PRIu64
                                     " cycles, %zu packets live seed=%" PRIu64 "\n", cycle_, quiet, live_.size(), opt_.seed);
            return cycle_;
        }
    }
    if (!quiet_) std::printf("TIMEOUT unit=router_mesh_tile cycle=%" PRIu64 " cycle limit reached seed=%" PRIu64 "\n", cycle_, opt_.seed);
    return cycle_;
}

}  // namespace

int main(int argc, char **argv) {
    return main_with_replay<Bench>(
        argc, argv, "router_mesh_tile", "0.25", "flits a node offers per cycle (packets at load / 3.5)",
        [](const tb::Options &opt, const Totals &tot) {
            std::printf("STATS unit=router_mesh_tile cycles=%" PRIu64 " packets=%" PRIu64 " multicast=%" PRIu64
                        " longer_than_vc=%" PRIu64 " deliveries=%" PRIu64 " flits_in=%" PRIu64 " flits_out=%" PRIu64
                        " credits=%" PRIu64 " releases=%" PRIu64 "\n", tot.cycles, tot.packets, tot.mcast, tot.long_mcast,
                        tot.deliveries, tot.flits_in, tot.flits_out, tot.credits, tot.releases);
            std::printf("PASS unit=router_mesh_tile seed=%" PRIu64 " checked=%" PRIu64 " packets (%" PRIu64 " multicast), %" PRIu64
                        " deliveries, each once and in npsim's cycle, %" PRIu64 " flits in, %" PRIu64 " out\n", opt.seed,
                        tot.packets, tot.mcast, tot.deliveries, tot.flits_in, tot.flits_out);
        });
}
