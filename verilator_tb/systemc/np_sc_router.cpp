// The router's boundary, its model form, its factory and its neighbours (np_sc_router.h).
#include "np_sc_router.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace np_sc {

using namespace sc_core;

bool LinkTxn::empty() const {
    if (flit || release) return false;
    for (unsigned v = 0; v < kRouterVcs; v++)
        if (credit[v]) return false;
    return true;
}

// ---- the boundary ------------------------------------------------------------------------------

RouterUnit::RouterUnit(sc_module_name name, unsigned node) : sc_module(name), clk("clk"), node_(node) {
    for (unsigned p = 0; p < kRouterPorts; p++) {
        in[p].register_b_transport(this, &RouterUnit::b_transport, static_cast<int>(p));
        sc_spawn(sc_bind(&RouterUnit::output_thread, this, p));
    }
    clock_processes(clk, offer_ev_, [this] { on_rise(); }, [this] { on_fall(); });
}

// What the neighbour puts on port p's link: posted at the next falling edge, taken at that
// cycle's rising edge.
void RouterUnit::b_transport(int port, tlm::tlm_generic_payload &gp, sc_time &delay) {
    post_offer(gp, delay, clk, offer_[port], offer_ev_, accepted_ev_[port], "two transactions on one router link in one cycle");
}

// The input half of this cycle's pins from the posted transactions (nothing posted: idle link).
rstim_cycle RouterUnit::pins() const {
    rstim_cycle c;
    std::memset(&c, 0, sizeof c);
    c.cycle = now_cycle() - kResetCycles;
    for (unsigned p = 0; p < kRouterPorts; p++) {
        const LinkTxn *t = offer_[p];
        if (!t) continue;
        c.in[p].valid = t->flit;
        c.in[p].vc = t->vc;
        c.in[p].head = t->head;
        c.in[p].tail = t->tail;
        std::memcpy(c.in[p].data, t->data, sizeof t->data);
        for (unsigned v = 0; v < kRouterVcs; v++) c.out_credit[p * kRouterVcs + v] = t->credit[v];
        c.out_release |= (t->release & ((1u << kRouterVcs) - 1)) << (p * kRouterVcs);
    }
    return c;
}

void RouterUnit::on_fall() { core_fall(pins()); }

void RouterUnit::on_rise() {
    if (edge_cycle() < kResetCycles) {
        core_reset();
        return;
    }
    rstim_cycle c = pins();
    core_edge(c);
    for (unsigned p = 0; p < kRouterPorts; p++) {
        if (offer_[p]) {
            offer_[p]->accept = edge_cycle();
            offer_[p] = nullptr;
            accepted_ev_[p].notify(SC_ZERO_TIME);
        }
        LinkTxn t;
        t.flit = c.out[p].valid;
        if (t.flit) {
            t.vc = c.out[p].vc;
            t.head = c.out[p].head;
            t.tail = c.out[p].tail;
            std::memcpy(t.data, c.out[p].data, sizeof t.data);
        }
        for (unsigned v = 0; v < kRouterVcs; v++) t.credit[v] = c.in_credit[p * kRouterVcs + v];
        t.release = (c.in_release >> (p * kRouterVcs)) & ((1u << kRouterVcs) - 1);
        if (t.empty()) continue;
        // A link has no ready: the neighbour takes a transaction in the cycle it is offered, so the
        // queue never holds more than one waiting transaction beside the one being offered.
        if (outq_[p].size() >= kOutDepth) SC_REPORT_FATAL("np_sc", "a router's neighbour did not take its link");
        t.seq = made_[p]++;
        t.produce = edge_cycle();
        outq_[p].push_back(t);
        pushed_ev_[p].notify(SC_ZERO_TIME);
    }
}

void RouterUnit::output_thread(unsigned port) {
    tlm::tlm_generic_payload gp;
    while (true) {
        while (outq_[port].empty()) wait(pushed_ev_[port]);
        LinkTxn t = outq_[port].front();
        set_payload(gp, t);
        sc_time delay = SC_ZERO_TIME;
        out[port]->b_transport(gp, delay);
        if (gp.get_response_status() != tlm::TLM_OK_RESPONSE) SC_REPORT_FATAL("np_sc", "a router's neighbour refused");
        outq_[port].pop_front();
    }
}

// ---- the model form ----------------------------------------------------------------------------

RouterModel::RouterModel(sc_module_name name, unsigned node, const RouterFaults &f) : RouterUnit(name, node), faults_(f) {
    char err[256];
    pins_ = rpins_create(node, err, sizeof err);
    if (!pins_) throw std::runtime_error(err);
}

std::string RouterModel::describe() const {
    return "router model: npsim's router (sim/net/router.c) at router_vc's pins (sim/net/router_pins.c), router " +
           std::to_string(node_) + " of the 8x8 mesh, 4 VCs of 8 flits, 128-bit links";
}

void RouterModel::core_edge(rstim_cycle &c) {
    char err[256];
    if (!rpins_cycle(pins_, &c, err, sizeof err)) SC_REPORT_FATAL("np_sc", err);
    for (unsigned p = 0; p < kRouterPorts; p++)
        if (c.out[p].valid && flits_++ == faults_.flip_flit) c.out[p].data[0] ^= 1u;
}

// ---- factory -----------------------------------------------------------------------------------

namespace {
struct RouterRtlEntry {
    const char *top = nullptr;
    RouterRtlMaker make;
};
RouterRtlEntry &router_rtl_entry() {
    static RouterRtlEntry e;
    return e;
}
}  // namespace

bool register_router_rtl(const char *top, RouterRtlMaker make) {
    router_rtl_entry() = RouterRtlEntry{top, std::move(make)};
    return true;
}

const char *router_rtl_top() { return router_rtl_entry().top; }

std::unique_ptr<RouterUnit> make_router(const char *name, Form f, unsigned node, const RouterFaults &faults) {
    if (f == Form::kModel) return std::unique_ptr<RouterUnit>(new RouterModel(name, node, faults));
    if (!router_rtl_top()) throw std::runtime_error("no rtl form for the router (top router_mcast not in SC_TOPS)");
    return std::unique_ptr<RouterUnit>(router_rtl_entry().make(name, node));
}

// ---- the traffic -------------------------------------------------------------------------------

RouterTraffic::RouterTraffic(const rstim_params &p, unsigned forms) : need_(forms, 0) {
    char err[256];
    stim_ = rstim_create(&p, err, sizeof err);
    if (!stim_) throw std::runtime_error(err);
}

RouterTraffic::~RouterTraffic() { rstim_destroy(stim_); }

const rstim_cycle *RouterTraffic::at(uint64_t r) {
    while (!finished_ && r >= base_ + recs_.size()) {
        rstim_cycle c;
        const rstim_status st = rstim_next(stim_, &c);
        if (st == RSTIM_HANG) throw std::runtime_error(std::string("router traffic: ") + rstim_hang_reason(stim_));
        if (st == RSTIM_DONE) finished_ = true;
        else recs_.push_back(c);
    }
    if (r < base_) throw std::runtime_error("router traffic: a record was asked for after it was dropped");
    return r < base_ + recs_.size() ? &recs_[r - base_] : nullptr;
}

void RouterTraffic::done_with(unsigned form, uint64_t r) {
    need_[form] = r;
    uint64_t low = r;
    for (uint64_t n : need_) low = std::min(low, n);
    while (base_ < low && !recs_.empty()) {
        recs_.pop_front();
        base_++;
    }
}

// ---- the neighbours ----------------------------------------------------------------------------

RouterNeighbours::RouterNeighbours(sc_module_name name, RouterTraffic &traffic, unsigned form_index, const char *form,
                                   std::function<void(const std::string &)> on_fail)
    : sc_module(name), clk("clk"), traffic_(traffic), form_index_(form_index), form_(form), on_fail_(std::move(on_fail)) {
    for (unsigned p = 0; p < kRouterPorts; p++) {
        in[p].register_b_transport(this, &RouterNeighbours::b_transport, static_cast<int>(p));
        sc_spawn(sc_bind(&RouterNeighbours::send_thread, this, p));
    }
    SC_METHOD(on_fall);
    sensitive << clk.neg();
    dont_initialize();
}

// A flit's name across the router: its payload bits (a head's fields below them are rewritten).
static uint64_t flit_key(const uint32_t *d) {
    return static_cast<uint64_t>(d[3]) << 17 | (d[2] >> (RSTIM_F_PAY - 64));
}

// Record r's input half for port p, in cycle kResetCycles + r: the call is made at the edge
// ending the cycle before (the router posts it at the next falling edge).
void RouterNeighbours::send_thread(unsigned p) {
    tlm::tlm_generic_payload gp;
    do wait(clk.posedge_event());
    while (edge_cycle() + 1 < kResetCycles);
    for (uint64_t r = 0;; r++) {
        const rstim_cycle *c = traffic_.at(r);
        if (!c) return;
        LinkTxn t;
        t.seq = r;
        t.flit = c->in[p].valid;
        t.vc = c->in[p].vc;
        t.head = c->in[p].head;
        t.tail = c->in[p].tail;
        std::memcpy(t.data, c->in[p].data, sizeof t.data);
        for (unsigned v = 0; v < kRouterVcs; v++) t.credit[v] = c->out_credit[p * kRouterVcs + v];
        t.release = (c->out_release >> (p * kRouterVcs)) & ((1u << kRouterVcs) - 1);
        if (t.empty()) {
            wait(clk.posedge_event());
            continue;
        }
        t.produce = kResetCycles + r;
        set_payload(gp, t);
        sc_time delay = SC_ZERO_TIME;
        out[p]->b_transport(gp, delay);
        if (t.accept != kResetCycles + r) {
            on_fail_("MISMATCH unit=router form=" + form_ + " cycle=" + std::to_string(t.accept) + " port=" +
                     std::to_string(p) + " field=in_accept_cycle exp=" + std::to_string(kResetCycles + r) +
                     " got=" + std::to_string(t.accept));
            return;
        }
        if (t.flit) {
            flits_in_++;
            sent_at_[flit_key(t.data)] = t.accept;
        }
    }
}

// What the router sends: taken at the rising edge after it is posted (a link has no ready).
void RouterNeighbours::b_transport(int port, tlm::tlm_generic_payload &gp, sc_time &delay) {
    wait(delay);
    delay = SC_ZERO_TIME;
    wait(clk.negedge_event());
    wait(clk.posedge_event());
    LinkTxn &t = link_txn_of(gp);
    t.accept = edge_cycle();
    got_[port].push_back(t);
    if (t.flit) note_latency(t);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

void RouterNeighbours::note_latency(const LinkTxn &t) {
    const auto it = sent_at_.find(flit_key(t.data));
    if (it == sent_at_.end()) return;
    const uint64_t lat = t.produce - it->second;
    if (lat_min_n_ == 0 || lat < lat_min_) {
        lat_min_ = lat;
        lat_min_n_ = 0;
    }
    if (lat == lat_min_) lat_min_n_++;
}

static std::string flit_text(bool valid, unsigned vc, bool head, bool tail, const uint32_t *d) {
    if (!valid) return "none";
    char buf[80];
    std::snprintf(buf, sizeof buf, "vc%u,h%d,t%d,%08x%08x%08x%08x", vc, head, tail, d[3], d[2], d[1], d[0]);
    return buf;
}

// Record r's expected outputs on port p against what the router put on that link in cycle
// kResetCycles + r (null: nothing). "" when equal, else the MISMATCH fields.
std::string RouterNeighbours::compare(uint64_t r, unsigned p, const rstim_cycle &exp, const LinkTxn *got) const {
    static const LinkTxn kIdle;
    const LinkTxn &g = got ? *got : kIdle;
    const rstim_flit &e = exp.out[p];
    const std::string ef = flit_text(e.valid, e.vc, e.head, e.tail, e.data);
    const std::string gf = flit_text(g.flit, g.vc, g.head, g.tail, g.data);
    if (ef != gf) return "field=out_flit exp=" + ef + " got=" + gf;
    for (unsigned v = 0; v < kRouterVcs; v++) {
        const unsigned ec = exp.in_credit[p * kRouterVcs + v];
        const bool er = exp.in_release >> (p * kRouterVcs + v) & 1u;
        if (ec != g.credit[v])
            return "vc=" + std::to_string(v) + " field=in_credit exp=" + std::to_string(ec) + " got=" + std::to_string(g.credit[v]);
        if (er != (g.release >> v & 1u))
            return "vc=" + std::to_string(v) + " field=in_release exp=" + std::to_string(er) + " got=" +
                   std::to_string(g.release >> v & 1u);
    }
    (void)r;
    return "";
}

// At the falling edge of cycle c every transaction the router offered in c-1 has been taken (at
// the edge ending c-1): what its pins carried in c-2 = kResetCycles + r is complete.
void RouterNeighbours::on_fall() {
    if (done_) return;
    const uint64_t c = now_cycle();
    if (c < kResetCycles + 2) return;
    const uint64_t r = c - kResetCycles - 2;
    if (r != next_check_) return;   // (cannot happen: one falling edge per cycle)
    const rstim_cycle *exp = traffic_.at(r);
    if (!exp) {
        // The traffic is done: nothing may come after it.
        for (unsigned p = 0; p < kRouterPorts; p++)
            if (!got_[p].empty())
                on_fail_("MISMATCH unit=router form=" + form_ + " cycle=" + std::to_string(got_[p].front().produce) +
                         " port=" + std::to_string(p) + " field=out_after_end");
        done_ = true;
        return;
    }
    for (unsigned p = 0; p < kRouterPorts; p++) {
        const uint64_t cyc = kResetCycles + r;
        const LinkTxn *g = nullptr;
        if (!got_[p].empty() && got_[p].front().produce == cyc) g = &got_[p].front();
        else if (!got_[p].empty() && got_[p].front().produce < cyc) {
            on_fail_("MISMATCH unit=router form=" + form_ + " cycle=" + std::to_string(got_[p].front().produce) +
                     " port=" + std::to_string(p) + " field=out_order");
            return;
        }
        if (g && g->accept != cyc + 1) {
            on_fail_("MISMATCH unit=router form=" + form_ + " cycle=" + std::to_string(cyc) + " port=" + std::to_string(p) +
                     " field=out_accept_cycle exp=" + std::to_string(cyc + 1) + " got=" + std::to_string(g->accept));
            return;
        }
        const std::string why = compare(r, p, *exp, g);
        if (!why.empty()) {
            on_fail_("MISMATCH unit=router form=" + form_ + " cycle=" + std::to_string(cyc) + " port=" + std::to_string(p) +
                     " " + why);
            return;
        }
        if (g) {
            flits_out_ += g->flit;
            for (unsigned v = 0; v < kRouterVcs; v++) credits_ += g->credit[v];
            got_[p].pop_front();
        }
    }
    checked_++;
    next_check_ = r + 1;
    traffic_.done_with(form_index_, r);
}

}  // namespace np_sc
