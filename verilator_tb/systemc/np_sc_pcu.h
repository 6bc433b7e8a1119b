// The PCU (docs/pcu.md) as a SystemC/TLM-2.0 component in two forms, and the parts of its check
// (docs/systemc.md "The PCU").
//
// The PCU is not one result per offer: it has two input streams (req_* from the SMs, l2_* blocks
// returned by the L2) and two output streams (mcq_* reads and writes to the MC request queue,
// rpl_* one reply packet per group), plus the level rpq_room_i. PcuUnit is the boundary: one
// target socket per input stream, one initiator socket per output stream, each with the
// handshake timing of np_sc::Unit (np_sc.h): an offer is posted at a falling edge and accepted
// at the rising edge whose cycle had ready; an output the core transfers at an edge goes into a
// 2-entry queue and is offered downstream from the next cycle; the core sees "ready" on an output
// while its queue has room, decided at the falling edge.
// Only the core differs between the forms:
//   - model (PcuModel): the C model's pcu_cycle(), which is cycle-accurate at the top's pins
//     (docs/pcu.md 5), stepped once per rising edge with the pins the boundary drives;
//   - rtl (PcuRtl<V>, np_sc_pcu_rtl.h): the Verilated top `pcu` (the harness model), its pins
//     driven at the falling edge and sampled at the rising edge.
// rpq_room_i is a seeded random level, a function of the cycle, the same for both forms.
#ifndef NP_SC_PCU_H
#define NP_SC_PCU_H

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <tlm_utils/simple_target_socket.h>

#include "np_sc.h"
#include "pcu.h"

namespace np_sc {

// The PCU's streams, in the order the check reports them.
enum PcuStream : unsigned { kPcuReq = 0, kPcuL2 = 1, kPcuMcq = 2, kPcuRpl = 3, kPcuStreams = 4 };
const char *pcu_stream_name(unsigned s);

// One transaction on one stream. req: write, sm, addr, data; l2: tag, addr, data; mcq: write,
// sm, addr, tag, data; rpl: dest, addr, data. Cycles: `accept` is the edge the receiving side
// took it (the PCU for req and l2, the L2 model for mcq, the SM-side sink for rpl); `produce`
// is, for mcq and rpl, the edge the PCU's output port transferred it (valid && ready at pins).
struct PcuTxn {
    uint64_t seq = 0;   // index on its stream
    bool write = false;
    unsigned sm = 0;
    uint64_t addr = 0;
    unsigned tag = 0;
    uint64_t data = 0;
    uint64_t dest = 0;
    uint64_t accept = kNoCycle;
    uint64_t produce = kNoCycle;
};

inline PcuTxn &pcu_txn_of(tlm::tlm_generic_payload &gp) { return *reinterpret_cast<PcuTxn *>(gp.get_data_ptr()); }

// Self-test hooks of the model form (np_sc pcu --inject-*): flip bit 0 of reply `flip_rpl`'s data;
// withhold the first `hold_req` cycles in which a request is offered (a timing fault).
struct PcuFaults {
    uint64_t flip_rpl = ~0ull;
    unsigned hold_req = 0;
};

// The boundary shared by both forms.
class PcuUnit : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket_tagged<PcuUnit> req, l2;   // tags kPcuReq, kPcuL2
    tlm_utils::simple_initiator_socket<PcuUnit> mcq, rpl;
    sc_core::sc_in<bool> clk;

    PcuUnit(sc_core::sc_module_name name, const pcu_config &cfg, const StallProfile &room_low);
    virtual ~PcuUnit() {}
    SC_HAS_PROCESS(PcuUnit);

    virtual Form form() const = 0;
    virtual std::string describe() const = 0;
    virtual void trace_to(const std::string &, uint64_t) {}   // the rtl form's FST from a cycle on
    const pcu_config &config() const { return cfg_; }

protected:
    // What the core sees in a cycle: the posted offers (null: none), whether each output queue has
    // room (= out_ready), and rpq_room_i.
    struct Pins {
        PcuTxn *req = nullptr, *l2 = nullptr;
        bool mcq_room = false, rpl_room = false, rpq_room = false;
    };
    // At every rising edge after reset: returns which offers the core took (bit 0 req, bit 1 l2)
    // and hands what its output ports transferred at this edge to push_mcq / push_rpl.
    virtual unsigned core_edge(const Pins &p) = 0;
    // At every falling edge (and again when an offer is posted): the rtl form drives its pins.
    virtual void core_fall(const Pins &p) { (void)p; }
    virtual void core_reset() = 0;   // at the edges with rst_ni low
    void push_mcq(const PcuTxn &t) { push(0, t); }
    void push_rpl(const PcuTxn &t) { push(1, t); }

    pcu_config cfg_;

private:
    void b_transport(int id, tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    void on_rise();
    void on_fall();
    void output_thread(unsigned port);
    void push(unsigned port, const PcuTxn &t);
    Pins pins() const;

    StallProfile room_low_;
    PcuTxn *offer_[2] = {nullptr, nullptr};
    sc_core::sc_event accepted_ev_[2], pushed_ev_[2], offer_ev_;
    bool room_[2] = {false, false};
    std::deque<PcuTxn> made_[2];          // every transaction the output ports transferred
    std::deque<PcuTxn *> outq_[2];        // those not yet taken downstream
    uint64_t made_count_[2] = {0, 0};
};

// The model form: pcu_cycle() at every rising edge.
class PcuModel : public PcuUnit {
public:
    PcuModel(sc_core::sc_module_name name, const pcu_config &cfg, const StallProfile &room_low, const PcuFaults &f);
    Form form() const override { return Form::kModel; }
    std::string describe() const override;
    unsigned live_max() const { return live_max_; }   // most valid RGRs seen at once (coverage)

private:
    unsigned core_edge(const Pins &p) override;
    void core_reset() override;
    pcu model_{};
    unsigned live_max_ = 0;
    PcuFaults faults_;
    unsigned held_ = 0;
    uint64_t replies_ = 0;
};

// The rtl form's maker, registered by the generated rtl table (NP_SC_RTL_TOP(pcu), np_sc_pcu_rtl.h).
using PcuRtlMaker = std::function<PcuUnit *(const char *name, const pcu_config &cfg, const StallProfile &room_low)>;
bool register_pcu_rtl(const char *top, PcuRtlMaker make);
bool has_pcu_rtl();
// The factory: the PCU with the default parameters (docs/pcu.md 2; the RTL top is built with
// them) in either form. Throws naming the top when the rtl form is not built in.
std::unique_ptr<PcuUnit> make_pcu(const char *name, Form f, const StallProfile &room_low, const PcuFaults &faults = {});

// ---- the check's other parts (np_sc_pcu.cpp) ---------------------------------------------------

// The SM side's request stream: episodes of 2048 requests (mixed traffic over 32 hot blocks, all
// 64 SMs asking one block in turn, writes among reads of 6 blocks, many distinct blocks, a few
// SMs repeating), a function of the seed; writes carry per-block version numbers.
std::vector<PcuTxn> pcu_requests(uint64_t seed, uint64_t count);

// Offers the requests in order with random gaps; on_accept is called at each acceptance.
class PcuSource : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<PcuSource> out;
    sc_core::sc_in<bool> clk;
    SC_HAS_PROCESS(PcuSource);
    PcuSource(sc_core::sc_module_name name, std::vector<PcuTxn> &reqs, const StallProfile &gaps);
    std::function<bool(uint64_t)> gate;          // request i waits until gate(i) (zero load)
    std::function<void(PcuTxn &)> on_accept;
    uint64_t accepted() const { return accepted_; }
    uint64_t refused_cycles() const { return refused_cycles_; }   // cycles an offer waited for req_ready_o

private:
    void run();
    std::vector<PcuTxn> &reqs_;
    StallProfile gaps_;
    uint64_t accepted_ = 0, refused_cycles_ = 0;
};

// The L2 / DRAM side: takes the request queue's entries (mcq) with random stalls, in order, as
// a memory: a write stores its data tag for the block, a read takes the block's current one and
// returns {tag, block, data} on `out` (the PCU's l2 port) at the earliest at `latency + spread_i`
// edges after its acceptance, spread_i a function of (seed, read index) in 0..spread (so returns
// overtake each other). Of the due returns the earliest due (then the oldest read) is offered.
struct L2Config {
    unsigned latency = 20;   // >= 2: a return is never offered at the edge its read arrives
    unsigned spread = 0;
    double stall = 0.0;
    uint64_t seed = 1;
};

class PcuL2 : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<PcuL2> in;
    tlm_utils::simple_initiator_socket<PcuL2> out;
    sc_core::sc_in<bool> clk;
    SC_HAS_PROCESS(PcuL2);
    PcuL2(sc_core::sc_module_name name, const L2Config &cfg);
    std::function<void(PcuTxn &)> on_mcq;     // an entry taken (its accept stamped)
    std::function<void(PcuTxn &)> on_return;  // a return the PCU took (its accept stamped)
    std::string describe() const;

private:
    void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    void return_thread();
    L2Config cfg_;
    std::map<uint64_t, uint64_t> memory_;
    // due edge and read index -> the return
    std::map<std::pair<uint64_t, uint64_t>, PcuTxn> pending_;
    uint64_t reads_ = 0;
};

// The SM side of the replies: takes rpl with random stalls.
class PcuSink : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<PcuSink> in;
    sc_core::sc_in<bool> clk;
    PcuSink(sc_core::sc_module_name name, const StallProfile &stalls, std::function<void(PcuTxn &)> check);
    uint64_t received() const { return received_; }

private:
    void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    StallProfile stalls_;
    std::function<void(PcuTxn &)> check_;
    uint64_t received_ = 0;
};

// Every read answered exactly once with the data of the last write to its block accepted before
// it, no reply to an SM without such a read (docs/pcu.md 6): the scoreboard of one form.
class PcuScoreboard {
public:
    void accepted(const PcuTxn &req);                 // a request the PCU took (in order)
    std::string replied(const PcuTxn &rpl);           // "" or what is wrong
    uint64_t reads() const { return reads_; }
    uint64_t answered() const { return answered_; }
    uint64_t outstanding() const { return reads_ - answered_; }
    uint64_t multicast() const { return multicast_; }

private:
    std::map<uint64_t, uint64_t> version_;                       // block -> last accepted write
    std::map<std::pair<uint64_t, uint64_t>, uint64_t> open_;     // (sm << 48 | block, version) -> reads
    uint64_t reads_ = 0, answered_ = 0, multicast_ = 0;
};

}  // namespace np_sc

#endif
