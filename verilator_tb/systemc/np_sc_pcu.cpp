// The PCU's boundary, its model form, its factory and the parts of its check (np_sc_pcu.h).
#include "np_sc_pcu.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace np_sc {

using namespace sc_core;

const char *pcu_stream_name(unsigned s) {
    static const char *const names[] = {"req", "l2", "mcq", "rpl"};
    return s < kPcuStreams ? names[s] : "?";
}

static uint64_t mix64(uint64_t x) {   // splitmix64's finaliser
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// ---- the boundary ------------------------------------------------------------------------------

PcuUnit::PcuUnit(sc_module_name name, const pcu_config &cfg, const StallProfile &room_low)
    : sc_module(name), req("req"), l2("l2"), mcq("mcq"), rpl("rpl"), clk("clk"), cfg_(cfg), room_low_(room_low) {
    req.register_b_transport(this, &PcuUnit::b_transport, kPcuReq);
    l2.register_b_transport(this, &PcuUnit::b_transport, kPcuL2);
    clock_processes(clk, offer_ev_, [this] { on_rise(); }, [this] { on_fall(); });
    sc_spawn(sc_bind(&PcuUnit::output_thread, this, 0u));
    sc_spawn(sc_bind(&PcuUnit::output_thread, this, 1u));
}

// An offer (valid held high): posted at the next falling edge, returns at the accepting edge.
void PcuUnit::b_transport(int id, tlm::tlm_generic_payload &gp, sc_time &delay) {
    post_offer(gp, delay, clk, offer_[id], offer_ev_, accepted_ev_[id], "two initiators offer to one PCU port at once");
}

PcuUnit::Pins PcuUnit::pins() const {
    Pins p;
    p.req = offer_[0];
    p.l2 = offer_[1];
    p.mcq_room = room_[0];
    p.rpl_room = room_[1];
    p.rpq_room = !room_low_.stalled(now_cycle());
    return p;
}

void PcuUnit::on_fall() {
    // Each output queue's room in this cycle, counted before the edge (the result the
    // downstream may take at this very edge still counts).
    for (unsigned k = 0; k < 2; k++) room_[k] = outq_[k].size() < kOutDepth;
    core_fall(pins());
}

void PcuUnit::on_rise() {
    if (edge_cycle() < kResetCycles) {
        core_reset();
        return;
    }
    const unsigned took = core_edge(pins());
    for (unsigned k = 0; k < 2; k++) {
        if (!(took & (1u << k)) || !offer_[k]) continue;
        offer_[k]->accept = edge_cycle();
        offer_[k] = nullptr;
        accepted_ev_[k].notify(SC_ZERO_TIME);
    }
}

void PcuUnit::push(unsigned port, const PcuTxn &t) {
    if (outq_[port].size() >= kOutDepth) SC_REPORT_FATAL("np_sc", "PCU core pushed into a full output queue");
    made_[port].push_back(t);
    PcuTxn &m = made_[port].back();
    m.seq = made_count_[port]++;
    m.produce = edge_cycle();
    outq_[port].push_back(&m);
    pushed_ev_[port].notify(SC_ZERO_TIME);
    // Delivered transactions are the receivers' (they copy what they keep): drop them.
    while (made_[port].size() > 4 * kOutDepth && made_[port].front().accept != kNoCycle) made_[port].pop_front();
}

void PcuUnit::output_thread(unsigned port) {
    tlm::tlm_generic_payload gp;
    tlm_utils::simple_initiator_socket<PcuUnit> &sock = port == 0 ? mcq : rpl;
    while (true) {
        while (outq_[port].empty()) wait(pushed_ev_[port]);
        PcuTxn *t = outq_[port].front();
        set_payload(gp, *t);
        sc_time delay = SC_ZERO_TIME;
        sock->b_transport(gp, delay);
        if (gp.get_response_status() != tlm::TLM_OK_RESPONSE) SC_REPORT_FATAL("np_sc", "PCU downstream refused");
        outq_[port].pop_front();
    }
}

// ---- the model form ----------------------------------------------------------------------------

PcuModel::PcuModel(sc_module_name name, const pcu_config &cfg, const StallProfile &room_low, const PcuFaults &f)
    : PcuUnit(name, cfg, room_low), faults_(f) {
    if (pcu_init(&model_, &cfg) != NP_OK) throw std::runtime_error("pcu_init: bad parameters");
}

std::string PcuModel::describe() const {
    return "pcu model: pcu_cycle() (cmodel/src/pcu.c, cycle-accurate at the ports), " + std::to_string(cfg_.num_rgr) +
           " RGRs, " + std::to_string(cfg_.num_sm) + " SMs, write buffer " + std::to_string(cfg_.wb_depth);
}

void PcuModel::core_reset() { pcu_reset(&model_); }

unsigned PcuModel::core_edge(const Pins &p) {
    pcu_in in{};
    in.req_valid = p.req != nullptr;
    if (in.req_valid && held_ < faults_.hold_req) {   // self-test: a request refused for a cycle
        held_++;
        in.req_valid = false;
    }
    if (in.req_valid) in.req = pcu_request{p.req->write, p.req->sm, p.req->addr, p.req->data};
    in.l2_valid = p.l2 != nullptr;
    if (in.l2_valid) {
        in.l2_tag = p.l2->tag;
        in.l2_addr = p.l2->addr;
        in.l2_data = p.l2->data;
    }
    in.mcq_ready = p.mcq_room;
    in.rpl_ready = p.rpl_room;
    in.rpq_room = p.rpq_room;
    pcu_out o;
    pcu_cycle(&model_, &in, &o);
    live_max_ = std::max(live_max_, pcu_live(&model_));
    if (o.mcq_fire) {
        PcuTxn t;
        t.write = o.mcq.write;
        t.sm = o.mcq.sm;
        t.addr = o.mcq.addr;
        t.tag = o.mcq.tag;
        t.data = o.mcq.data;
        push_mcq(t);
    }
    if (o.rpl_fire) {
        PcuTxn t;
        t.dest = o.rpl.dest;
        t.addr = o.rpl.addr;
        t.data = o.rpl.data;
        if (replies_++ == faults_.flip_rpl) t.data ^= 1;
        push_rpl(t);
    }
    return (o.req_fire ? 1u : 0u) | (o.l2_fire ? 2u : 0u);
}

// ---- factory -----------------------------------------------------------------------------------

static PcuRtlMaker &pcu_rtl_maker() {
    static PcuRtlMaker maker;
    return maker;
}

bool register_pcu_rtl(const char *, PcuRtlMaker make) {
    pcu_rtl_maker() = std::move(make);
    return true;
}

bool has_pcu_rtl() { return static_cast<bool>(pcu_rtl_maker()); }

std::unique_ptr<PcuUnit> make_pcu(const char *name, Form f, const StallProfile &room_low, const PcuFaults &faults) {
    pcu_config cfg;
    pcu_config_default(&cfg);
    if (f == Form::kModel) return std::unique_ptr<PcuUnit>(new PcuModel(name, cfg, room_low, faults));
    if (!has_pcu_rtl()) throw std::runtime_error("no rtl form for pcu (top pcu not in SC_TOPS)");
    return std::unique_ptr<PcuUnit>(pcu_rtl_maker()(name, cfg, room_low));
}

// ---- the request stream ------------------------------------------------------------------------

std::vector<PcuTxn> pcu_requests(uint64_t seed, uint64_t count) {
    constexpr unsigned kSms = PCU_DEFAULT_SM, kHot = 32;
    constexpr uint64_t kEpisode = 2048, kAddrMask = (1ull << PCU_DEFAULT_ADDR_BITS) - 1;
    uint64_t state = mix64(seed ^ 0x5043550000000000ull);
    auto next = [&]() { return state = mix64(state); };
    auto below = [&](uint64_t n) { return next() % n; };
    auto chance = [&](double p) { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0) < p; };
    uint64_t hot[kHot];
    for (uint64_t &h : hot) h = next() & kAddrMask;
    hot[0] = kAddrMask;   // the ends of the address range
    hot[1] = 0;
    std::map<uint64_t, uint64_t> version;
    unsigned order[kSms], left = 0;
    uint64_t all_block = 0;
    std::vector<PcuTxn> v(count);
    for (uint64_t i = 0; i < count; i++) {
        PcuTxn &r = v[i];
        r.seq = i;
        double write_p = 0.1;
        switch ((i / kEpisode) % 5) {
        case 0:   // mixed: 64 SMs, mostly 32 hot blocks
            r.sm = static_cast<unsigned>(below(kSms));
            r.addr = chance(0.9) ? hot[below(kHot)] : next() & kAddrMask;
            break;
        case 1:   // every SM asks one block, in a random order, then the next block
            if (left == 0) {
                all_block = hot[below(kHot)];
                left = kSms;
                for (unsigned s = 0; s < kSms; s++) order[s] = s;
                for (unsigned s = kSms - 1; s > 0; s--) std::swap(order[s], order[below(s + 1)]);
            }
            r.sm = order[--left];
            r.addr = all_block;
            write_p = 0.02;
            break;
        case 2:   // writes among reads of 6 blocks (the ordering rules, docs/pcu.md 4)
            r.sm = static_cast<unsigned>(below(kSms));
            r.addr = hot[below(6)];
            write_p = 0.35;
            break;
        case 3:   // many distinct blocks: the RGR table fills (backpressure)
            r.sm = static_cast<unsigned>(below(kSms));
            r.addr = chance(0.7) ? next() & kAddrMask : hot[below(kHot)];
            write_p = 0.05;
            break;
        default:  // a few SMs and blocks: an SM asks again while its bit is set
            r.sm = static_cast<unsigned>(below(3));
            r.addr = hot[below(3)];
            write_p = 0.08;
            break;
        }
        if (chance(write_p)) {
            r.write = true;
            r.data = ++version[r.addr] & 0xFFFFFFFFull;
        }
    }
    return v;
}

// ---- source, L2, sink --------------------------------------------------------------------------

PcuSource::PcuSource(sc_module_name name, std::vector<PcuTxn> &reqs, const StallProfile &gaps)
    : sc_module(name), out("out"), clk("clk"), reqs_(reqs), gaps_(gaps) {
    SC_THREAD(run);
}

void PcuSource::run() {
    tlm::tlm_generic_payload gp;
    wait(clk.posedge_event());
    for (PcuTxn &t : reqs_) {
        // Offered in cycle c+1 unless that cycle is a gap (a function of the cycle, so both
        // forms' sources gap alike), or the gate holds it back.
        while (gaps_.stalled(now_cycle() + 1) || (gate && !gate(t.seq))) wait(clk.posedge_event());
        const uint64_t offered = now_cycle() + 1;
        set_payload(gp, t);
        sc_time delay = SC_ZERO_TIME;
        out->b_transport(gp, delay);
        refused_cycles_ += t.accept - offered;
        accepted_++;
        if (on_accept) on_accept(t);
    }
}

PcuL2::PcuL2(sc_module_name name, const L2Config &cfg)
    : sc_module(name), in("in"), out("out"), clk("clk"), cfg_(cfg) {
    if (cfg.latency < 2) throw std::runtime_error("L2 latency must be >= 2");
    in.register_b_transport(this, &PcuL2::b_transport);
    SC_THREAD(return_thread);
}

std::string PcuL2::describe() const {
    return "l2: memory of data tags, read latency " + std::to_string(cfg_.latency) + ".." +
           std::to_string(cfg_.latency + cfg_.spread) + " cycles (a function of seed and read), stall " +
           std::to_string(cfg_.stall);
}

void PcuL2::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay) {
    wait(delay);
    delay = SC_ZERO_TIME;
    wait(clk.negedge_event());
    while (chance(cfg_.seed, 700, now_cycle(), cfg_.stall)) wait(clk.negedge_event());
    wait(clk.posedge_event());
    PcuTxn &t = pcu_txn_of(gp);
    const uint64_t e = edge_cycle();
    t.accept = e;
    if (t.write) {
        memory_[t.addr] = t.data;
    } else {
        const uint64_t k = reads_++;
        const uint64_t lat = cfg_.latency + (cfg_.spread ? mix64(cfg_.seed * 31 + k) % (cfg_.spread + 1) : 0);
        PcuTxn r;
        r.tag = t.tag;
        r.addr = t.addr;
        r.data = memory_[t.addr];   // unwritten blocks hold 0 (version 0)
        pending_.emplace(std::make_pair(e + lat, k), r);
    }
    if (on_mcq) on_mcq(t);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void PcuL2::return_thread() {
    tlm::tlm_generic_payload gp;
    uint64_t seq = 0;
    while (true) {
        wait(clk.posedge_event());
        // At edge c: a return due at c+1 or earlier is offered for edge c+1. A read accepted at
        // this edge is due at c+2 at the earliest (latency >= 2), so the order of this thread
        // and the L2's b_transport within the edge does not matter.
        while (!pending_.empty() && pending_.begin()->first.first <= edge_cycle() + 1) {
            PcuTxn r = pending_.begin()->second;
            pending_.erase(pending_.begin());
            r.seq = seq++;
            set_payload(gp, r);
            sc_time delay = SC_ZERO_TIME;
            out->b_transport(gp, delay);
            if (on_return) on_return(r);
        }
    }
}

PcuSink::PcuSink(sc_module_name name, const StallProfile &stalls, std::function<void(PcuTxn &)> check)
    : sc_module(name), in("in"), clk("clk"), stalls_(stalls), check_(std::move(check)) {
    in.register_b_transport(this, &PcuSink::b_transport);
}

void PcuSink::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay) {
    wait(delay);
    delay = SC_ZERO_TIME;
    wait(clk.negedge_event());
    while (stalls_.stalled(now_cycle())) wait(clk.negedge_event());
    wait(clk.posedge_event());
    PcuTxn &t = pcu_txn_of(gp);
    t.accept = edge_cycle();
    received_++;
    check_(t);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

// ---- scoreboard --------------------------------------------------------------------------------

void PcuScoreboard::accepted(const PcuTxn &r) {
    if (r.write) {
        version_[r.addr] = r.data;
        return;
    }
    const auto v = version_.find(r.addr);
    open_[{static_cast<uint64_t>(r.sm) << 48 | r.addr, v == version_.end() ? 0 : v->second}]++;
    reads_++;
}

std::string PcuScoreboard::replied(const PcuTxn &r) {
    if (r.dest == 0) return "field=rpl_dest exp=nonzero got=0";
    unsigned n = 0;
    for (unsigned s = 0; s < 64; s++) {
        if (!((r.dest >> s) & 1)) continue;
        n++;
        const auto it = open_.find({static_cast<uint64_t>(s) << 48 | r.addr, r.data});
        if (it == open_.end())
            return "field=rpl_sm" + std::to_string(s) + " exp=an_open_read_of_this_version got=none";
        if (--it->second == 0) open_.erase(it);
        answered_++;
    }
    if (n > 1) multicast_++;
    return "";
}

}  // namespace np_sc
