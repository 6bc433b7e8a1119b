// The mesh router (docs/router.md) as a SystemC/TLM-2.0 component in two forms, and the parts of
// its check (docs/systemc.md "The router").
//
// A router has no offer/ready handshake: its five ports are credit-based links (docs/router.md 2,
// 3). The neighbour on port p is both the upstream of input p and the downstream of output p, so
// each port is one pair of sockets: `in[p]` takes what the neighbour puts on the link in a cycle
// (a flit into input p; credits and releases for output p's VCs), `out[p]` gives what this router
// puts on it (the flit of output p; the credits and releases of input p's VCs). One LinkTxn per
// port and cycle, only when it carries something. Timing, as np_sc::Unit's: a LinkTxn is posted
// at the falling edge after its b_transport call and taken at that cycle's rising edge (always:
// the credits are the flow control, so nothing is refused); what the core's output pins carry in
// cycle c goes into the port's output queue at the edge ending c and is offered to the
// neighbour from c+1. Reset: edges 0..3, no transfer before cycle 4 (kResetCycles).
// Only the core differs between the forms:
//   - model (RouterModel): npsim's router (sim/net/router.c) at router_vc's pins, one call of
//     rpins_cycle() per rising edge (sim/net/router_pins.h);
//   - rtl (RouterRtl<V>, np_sc_router_rtl.h): the Verilated router_mcast (the harness model),
//     pins driven at the falling edge and read before the rising edge.
// Parameters: router_mcast's (8x8 mesh, 4 VCs of 8 flits, 128-bit links, router_stim.h's RSTIM_*).
// The model form needs npsim's library, so this component is in np_sc, not in libnocpress-sc.a.
#ifndef NP_SC_ROUTER_H
#define NP_SC_ROUTER_H

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "np_sc.h"

extern "C" {
#include "net/router_pins.h"
}

namespace np_sc {

constexpr unsigned kRouterPorts = RSTIM_PORTS, kRouterVcs = RSTIM_VCS, kRouterWords = RSTIM_FLIT_WORDS;

// What one side puts on one port's link in one cycle.
struct LinkTxn {
    uint64_t seq = 0;
    bool flit = false, head = false, tail = false;
    unsigned vc = 0;
    uint32_t data[kRouterWords] = {0, 0, 0, 0};
    unsigned credit[kRouterVcs] = {0, 0, 0, 0};   // credits of each VC (the sender's input VCs)
    unsigned release = 0;                          // bit v: VC v, held, is free again
    uint64_t produce = kNoCycle;                   // the cycle the sender's pins carried it
    uint64_t accept = kNoCycle;                    // the edge the receiver took it
    bool empty() const;
};

inline LinkTxn &link_txn_of(tlm::tlm_generic_payload &gp) { return *reinterpret_cast<LinkTxn *>(gp.get_data_ptr()); }

// The boundary shared by both forms.
class RouterUnit : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket_tagged<RouterUnit> in[kRouterPorts];
    tlm_utils::simple_initiator_socket<RouterUnit> out[kRouterPorts];
    sc_core::sc_in<bool> clk;

    RouterUnit(sc_core::sc_module_name name, unsigned node);
    virtual ~RouterUnit() {}
    SC_HAS_PROCESS(RouterUnit);

    virtual Form form() const = 0;
    virtual std::string describe() const = 0;
    virtual void trace_to(const std::string &, uint64_t) {}   // the rtl form's FST from a cycle on
    unsigned node() const { return node_; }

protected:
    // The pins of a cycle: the input half (in, out_credit, out_release) from the posted LinkTxns;
    // core_edge fills the output half (out, in_credit, in_release) with what the outputs carry
    // in this cycle, at its rising edge. core_fall: the rtl form drives its pins.
    virtual void core_fall(const rstim_cycle &pins) { (void)pins; }
    virtual void core_edge(rstim_cycle &pins) = 0;
    virtual void core_reset() = 0;   // at the edges with rst_ni low

    unsigned node_;

private:
    void b_transport(int port, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    void on_rise();
    void on_fall();
    void output_thread(unsigned port);
    rstim_cycle pins() const;

    LinkTxn *offer_[kRouterPorts] = {};
    sc_core::sc_event accepted_ev_[kRouterPorts], pushed_ev_[kRouterPorts], offer_ev_;
    std::deque<LinkTxn> outq_[kRouterPorts];
    uint64_t made_[kRouterPorts] = {};
};

// The model form's self-test hook (np_sc router --inject-mismatch K): bit 0 of the data of the
// K-th flit it puts on an output (from 0) is flipped.
struct RouterFaults {
    uint64_t flip_flit = ~0ull;
};

class RouterModel : public RouterUnit {
public:
    RouterModel(sc_core::sc_module_name name, unsigned node, const RouterFaults &f);
    ~RouterModel() override { rpins_destroy(pins_); }
    Form form() const override { return Form::kModel; }
    std::string describe() const override;

private:
    void core_edge(rstim_cycle &pins) override;
    void core_reset() override {}
    router_pins *pins_ = nullptr;
    RouterFaults faults_;
    uint64_t flits_ = 0;
};

// The rtl form's maker, registered by the generated rtl table (NP_SC_RTL_TOP(router_mcast): the
// adapter is chosen by the top's in_link_i port, np_sc_router_rtl.h).
using RouterRtlMaker = std::function<RouterUnit *(const char *name, unsigned node)>;
bool register_router_rtl(const char *top, RouterRtlMaker make);
const char *router_rtl_top();   // null when none is built in
// Either form at router `node` (inside the 8x8 mesh). Throws naming the top when the rtl form
// is not built in, or when npsim refuses the configuration.
std::unique_ptr<RouterUnit> make_router(const char *name, Form f, unsigned node, const RouterFaults &faults = {});

// ---- the check's other part: the five neighbours ------------------------------------------------

// The traffic of docs/router.md 6 (sim/net/router_stim.h: npsim's router at router_stim's router
// with random unicast and multicast packets on every input and random credit delays, holds and
// releases downstream), record by record, shared by the forms under test (each record is kept
// until every form's neighbours are past it).
class RouterTraffic {
public:
    RouterTraffic(const rstim_params &p, unsigned forms);
    ~RouterTraffic();
    // Record r (RTL cycle r after reset), or null once the traffic is done; throws on a hang.
    const rstim_cycle *at(uint64_t r);
    void done_with(unsigned form, uint64_t r);   // form no longer needs records < r
    const rstim_totals &totals() const { return *rstim_totals_of(stim_); }
    bool finished() const { return finished_; }
    uint64_t records() const { return base_ + recs_.size(); }

private:
    router_stim *stim_;
    std::deque<rstim_cycle> recs_;
    uint64_t base_ = 0;
    std::vector<uint64_t> need_;
    bool finished_ = false;
};

// The router's five neighbours in one module: port p's initiator sends record r's input half for
// port p in cycle kResetCycles + r, its target takes what the router sends; at every falling
// edge the record whose outputs were taken at the edge before is compared with npsim's
// expectation in it (router_stim.h), port by port: the flit (VC, head, tail, all bits), each
// input VC's credits and release. The first difference goes to on_fail (one line).
class RouterNeighbours : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<RouterNeighbours> out[kRouterPorts];
    tlm_utils::simple_target_socket_tagged<RouterNeighbours> in[kRouterPorts];
    sc_core::sc_in<bool> clk;
    SC_HAS_PROCESS(RouterNeighbours);
    RouterNeighbours(sc_core::sc_module_name name, RouterTraffic &traffic, unsigned form_index, const char *form,
                     std::function<void(const std::string &)> on_fail);
    uint64_t checked() const { return checked_; }   // records compared
    bool done() const { return done_; }
    uint64_t flits_in() const { return flits_in_; }
    uint64_t flits_out() const { return flits_out_; }
    uint64_t credits() const { return credits_; }
    // The fewest cycles from a flit on an input link to it (or a replica) on an output link, and
    // how many took that few (a body flit's payload words name it; a head's top word).
    uint64_t latency_min() const { return lat_min_; }
    uint64_t latency_min_flits() const { return lat_min_n_; }

private:
    void send_thread(unsigned port);
    void b_transport(int port, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    void on_fall();
    void note_latency(const LinkTxn &t);
    std::string compare(uint64_t r, unsigned port, const rstim_cycle &exp, const LinkTxn *got) const;

    RouterTraffic &traffic_;
    unsigned form_index_;
    std::string form_;
    std::function<void(const std::string &)> on_fail_;
    std::deque<LinkTxn> got_[kRouterPorts];
    std::map<uint64_t, uint64_t> sent_at_;   // payload key of a flit sent (flit_key) -> its input cycle
    uint64_t next_check_ = 0, checked_ = 0, flits_in_ = 0, flits_out_ = 0, credits_ = 0;
    uint64_t lat_min_ = 0, lat_min_n_ = 0;
    bool done_ = false;
};

}  // namespace np_sc

#endif
