// nocpress SystemC components (docs/systemc.md): every data-moving RTL top as a TLM-2.0 module in
// two forms behind one interface, the factory that makes them, and the reply-path platform.
//
// The interface (class Unit): a tlm_utils::simple_target_socket `in` and a simple_initiator_socket
// `out`, blocking transport, one Txn per generic payload (data pointer = the Txn). Timing is
// cycle-exact at the boundary, so that the two forms can be compared transaction by transaction:
//   - cycle c is the clock period ending at the rising edge at 10c+5 ns; the falling edge is at 10c;
//   - an initiator's b_transport is an offer (valid held high): the target posts it at the next
//     falling edge, and returns at the rising edge that accepted it (ready high in that cycle);
//     the Txn records that edge's cycle number;
//   - a unit's result is pushed into its output queue at the edge that completes it and is
//     offered to the downstream target from the next cycle. The output queue holds kOutDepth
//     results; the core sees "ready" while it has room (decided at the falling edge, so it never
//     depends combinationally on another module).
// The form only changes the core between the input offer and the output queue: the model form runs
// the C model (the oracle, codec.h registry) in an elastic pipeline of `latency` stages with an
// initiation interval; the rtl form drives the Verilated top's pins (np_sc_rtl.h).
// A trained codec (SC) is given its compressor side's trained state: each side keeps its own copy
// (the decompressor's synchronised from it, np_codec_sync), and a side whose RTL top has a
// configuration port (np_codec_cfg_image) spends the cycles after reset loading that image, one
// word per cycle (kResetCycles .. kResetCycles + words - 1), in both forms: no offer is taken
// before cycle kResetCycles + words.
#ifndef NP_SC_H
#define NP_SC_H

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "codec.h"

namespace np_sc {

constexpr unsigned kLineBytes = NP_CODEC_LINE_BYTES;
constexpr unsigned kStreamBytes = NP_CODEC_MAX_BYTES;
constexpr unsigned kMaxHops = 8;          // units a Txn can pass (accept/deliver stamps)
constexpr unsigned kResetCycles = 4;      // edges 0..3 with rst_ni low; no transfer before cycle 4
constexpr unsigned kOutDepth = 2;         // output queue of every unit (full throughput, no comb. ready)
constexpr uint64_t kNoCycle = ~0ull;

// Clock period and edges (see above). sc_main calls init_time() before any sc_time exists.
void init_time();
sc_core::sc_time period();
uint64_t edge_cycle();   // cycle number of the rising edge at the current time
uint64_t now_cycle();    // the cycle containing the current time

// One line through the reply path: what the source sent, each stage's result, each unit's timing.
struct Txn {
    uint64_t seq = 0;
    uint8_t line[kLineBytes] = {0};        // original line (the MC's data)
    unsigned map = 0;                       // critical map for filtering codecs (0 = whole line)
    unsigned fill = NP_CODEC_FILL_ALL;      // sub-blocks the receiver must reproduce (the oracle's)
    // compressed stream: bits of it, bytes above them zero
    uint8_t stream[kStreamBytes + 8] = {0};
    size_t bits = 0;
    // decompressed line
    uint8_t out[kLineBytes] = {0};
    bool err = false;
    unsigned flits = 0;                     // flits the channel cut the stream into
    // Address-keyed units (UnitOp, e.g. dsm_approx): the line's address in, the address and the
    // looked-up approximation number out.
    uint64_t addr = 0;
    uint64_t out_addr = 0;
    unsigned approx_bits = 0;
    // Header units (UnitOp, e.g. mcast_rc): the router position, DOR order and destination set
    // in; the destinations of each of the 5 mesh ports (port p in bytes 8p..8p+7) and the mask out.
    unsigned cur_x = 0, cur_y = 0, order = 0;
    uint64_t dests = 0;
    uint8_t port_dests[40] = {0};
    unsigned port_mask = 0;
    // per unit on the path (hop index = order of the units): accepting and delivering edges
    uint64_t accept[kMaxHops];
    uint64_t deliver[kMaxHops];
    Txn() {
        for (unsigned i = 0; i < kMaxHops; i++) accept[i] = deliver[i] = kNoCycle;
    }
};

inline Txn &txn_of(tlm::tlm_generic_payload &gp) { return *reinterpret_cast<Txn *>(gp.get_data_ptr()); }
// Points gp at transaction t (any record type: Txn, PcuTxn) for one blocking transport: a write
// of the record itself, no byte enables, no DMI, response pending.
template <class Record>
void set_payload(tlm::tlm_generic_payload &gp, Record &t) {
    gp.set_command(tlm::TLM_WRITE_COMMAND);
    gp.set_address(t.seq);
    gp.set_data_ptr(reinterpret_cast<unsigned char *>(&t));
    gp.set_data_length(sizeof(Record));
    gp.set_streaming_width(sizeof(Record));
    gp.set_byte_enable_ptr(nullptr);
    gp.set_dmi_allowed(false);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
}

// The target side of every boundary (Unit, PcuUnit, RouterUnit): an offer of rec (valid held
// high). A loosely-timed caller's annotated delay is spent first (the bridge pattern: sync, then
// wiggle pins), so the offer's cycle is the caller's local time. It is posted into `slot` at a
// falling edge after reset, so that every rising-edge process sees it whatever their order (an
// offer made at a rising edge is first seen at the next one); the pins are driven by the
// boundary's own falling-edge process, which offer_ev wakes a delta later at the same time
// (one writer per delta). Returns at the edge whose process took it (accepted_ev) with
// TLM_OK_RESPONSE; a second offer in one slot before the first is taken is fatal (`twice`).
template <class Record>
void post_offer(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay, const sc_core::sc_in<bool> &clk, Record *&slot,
                sc_core::sc_event &offer_ev, sc_core::sc_event &accepted_ev, const char *twice) {
    sc_core::wait(delay);
    delay = sc_core::SC_ZERO_TIME;
    sc_core::wait(clk.negedge_event());
    while (now_cycle() < kResetCycles) sc_core::wait(clk.negedge_event());
    if (slot) SC_REPORT_FATAL("np_sc", twice);
    slot = reinterpret_cast<Record *>(gp.get_data_ptr());
    offer_ev.notify(sc_core::SC_ZERO_TIME);
    sc_core::wait(accepted_ev);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

// The two clock processes of every boundary (Unit, PcuUnit, RouterUnit), neither run at time 0:
// `rise` at each rising edge, `fall` at each falling edge and when offer_ev fires (an offer was
// posted: post_offer).
void clock_processes(const sc_core::sc_in<bool> &clk, sc_core::sc_event &offer_ev, std::function<void()> rise,
                     std::function<void()> fall);

// The side of a codec a unit computes, or kUnit: a unit that is not a codec side (UnitOp).
enum class Dir { kCompress, kDecompress, kUnit };
enum class Form { kModel, kRtl };
const char *form_name(Form f);

// Latency and initiation interval of a unit's model form, and where they came from.
struct Timing {
    unsigned latency = 1;
    unsigned ii = 1;
    // Lines in flight at most; 0 = one per stage (a full pipeline). A unit that takes one line at
    // a time (BPC: docs/bpc.md 9; II = latency) has 1: it takes the next line at the edge its
    // result leaves.
    unsigned depth = 0;
    std::string source;
};

// Where the model form's figures come from, in this order: the synthesis report's latency_cycles
// (report.json, `make synth`), the RTL harness's measured LATENCY line (<verify_dir>/<top>.log, the
// figure np_report copies into that field), the published table (synth/published.tsv): the rule
// of cmodel/tool/np_latency.h, which npsim follows too; the initiation interval from the same
// source (the report's ii_cycles, the log's THROUGHPUT ii_cycles, else 1), and with II > 1 at most
// ceil(latency / II) lines in flight (BPC and SC: one, taken as the result leaves).
struct TimingSources {
    std::string synth_json;   // "" = none
    std::string verify_dir;   // "" = none
    // Self-test hooks (np_sc --inject-*): the model form flips bit 0 of its result for the Txn
    // with this seq, or adds cycles to its latency; the comparison must then fail.
    uint64_t inject_flip_seq = ~0ull;
    unsigned inject_extra_latency = 0;
};
Timing resolve_timing(const np_codec *c, Dir d, const TimingSources &src);

// A data-moving unit that is not a codec side (its ports are neither a compressor's nor a
// decompressor's): a line in, a line out, with fields of its own in the Txn. The rtl form is the
// same adapter (it finds the extra ports by name); the model form calls `compute`. The ops table
// (np_sc_ops.cpp) holds one entry per such unit, the rtl table one NP_SC_RTL_TOP line per top.
struct UnitOp {
    const char *name;               // np_sc's name for it (--codec): "dsm-approx"
    const char *top;                // its RTL top
    unsigned cfg_stride;            // image words per configuration write (one write per cycle)
    std::vector<uint32_t> (*cfg_image)();   // what both forms load after reset (empty: none)
    // The inputs beyond the line for transaction i of a run (a function of seed and i).
    void (*prepare)(Txn &t, uint64_t seed, uint64_t i);
    // The C model on one transaction, under the loaded image.
    void (*compute)(const std::vector<uint32_t> &cfg, Txn &t);
    // The self-test's fault (np_sc --inject-mismatch): flips one bit of the result.
    void (*flip)(Txn &t);
};
const std::vector<UnitOp> &unit_ops();
const UnitOp *find_op(const char *name);   // null if none
Timing resolve_timing(const UnitOp *op, const TimingSources &src);

// The shared TLM boundary of every unit (both forms).
class Unit : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<Unit> in;
    tlm_utils::simple_initiator_socket<Unit> out;
    sc_core::sc_in<bool> clk;

    // comp_state: a trained codec's compressor-side state blob (copied), or null (its reset state).
    Unit(sc_core::sc_module_name name, const np_codec *codec, Dir dir, unsigned hop, const void *comp_state = nullptr);
    // A UnitOp's unit (Dir::kUnit): its image is loaded after reset like a codec's.
    Unit(sc_core::sc_module_name name, const UnitOp *op, unsigned hop);
    virtual ~Unit() {}
    SC_HAS_PROCESS(Unit);

    const np_codec *codec() const { return codec_; }   // null for a UnitOp's unit
    const UnitOp *op() const { return op_; }           // null for a codec side
    Dir dir() const { return dir_; }
    std::string label() const;                          // "dsm compressor", "dsm-approx"
    virtual Form form() const = 0;
    virtual std::string describe() const = 0;
    // Writes the rtl form's waveform from cycle `from` on (no-op for the model form).
    virtual void trace_to(const std::string &, uint64_t) {}
    uint64_t accepted() const { return accepted_; }
    uint64_t delivered() const { return delivered_; }
    // The configuration-port image this side loads after reset (empty: none), and the first
    // cycle at which an offer can be taken.
    const std::vector<uint32_t> &cfg_words() const { return cfg_; }
    uint64_t first_offer_cycle() const { return kResetCycles + cfg_.size() / cfg_stride_; }

protected:
    // The core, called at every rising edge (after reset) with the pending offer (or null) and
    // whether the output queue had room in this cycle. It returns true when it takes the offer.
    virtual bool core_edge(Txn *offer, bool out_room) = 0;
    // Called at every falling edge: the rtl form drives its pins here.
    virtual void core_fall(Txn *offer, bool out_room) { (void)offer, (void)out_room; }
    // The core's completed transaction (in order): into the output queue at this edge.
    void push_result(Txn *t);
    // The C model on a transaction (both forms use it: the model form as its function, the rtl
    // form to fill what the pins do not carry).
    void model_compute(Txn &t) const;
    unsigned mode_port() const;   // the DPC tops' in_mode_i value for this codec

    const np_codec *codec_;
    const UnitOp *op_ = nullptr;
    Dir dir_;
    unsigned hop_;
    std::vector<uint8_t> state_;    // this side's state blob (empty for a stateless codec)
    std::vector<uint32_t> cfg_;     // its configuration-port image
    unsigned cfg_stride_ = 1;       // image words per write (one write per cycle after reset)

private:
    void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    void on_rise();
    void on_fall();
    void output_thread();

    Txn *offer_ = nullptr;
    bool out_room_ = true;
    sc_core::sc_event accepted_ev_, pushed_ev_, offer_ev_;
    std::deque<Txn *> outq_;
    uint64_t accepted_ = 0, delivered_ = 0;
};

// The model form: the C model in an elastic pipeline of `latency` np_stream_register-like stages
// (each stage takes a new beat when empty or when its own beat moves on: the RTL tops' contract),
// taking a new input at most every `ii` cycles.
class ModelUnit : public Unit {
public:
    ModelUnit(sc_core::sc_module_name name, const np_codec *codec, Dir dir, unsigned hop, const Timing &t,
              uint64_t inject_flip_seq = ~0ull, const void *comp_state = nullptr);
    ModelUnit(sc_core::sc_module_name name, const UnitOp *op, unsigned hop, const Timing &t, uint64_t inject_flip_seq = ~0ull);
    Form form() const override { return Form::kModel; }
    std::string describe() const override;

private:
    bool core_edge(Txn *offer, bool out_room) override;
    Timing timing_;
    uint64_t inject_flip_seq_;
    std::vector<Txn *> stage_;
    uint64_t last_accept_ = 0;
    bool any_accept_ = false;
};

// ---- the factory ----------------------------------------------------------------------------
// An rtl maker builds the Verilated top's wrapper; the table is filled from np_sc.mk's SC_TOPS
// (a generated file with one NP_SC_RTL_TOP line per top), so adding a unit is one entry there.
// A UnitOp's unit is made with codec null, Dir::kUnit and its op.
using RtlMaker = std::function<Unit *(const char *name, const np_codec *, Dir, unsigned hop, const void *comp_state,
                                      const UnitOp *op)>;
struct RtlEntry {
    const char *top;
    RtlMaker make;
};
std::vector<RtlEntry> &rtl_table();
bool register_rtl(const char *top, RtlMaker make);
const char *unit_top(const np_codec *c, Dir d);   // the RTL top of that side, or null
bool has_rtl(const np_codec *c, Dir d);
bool has_rtl_top(const char *top);
// Makes a unit of the codec's compressor or decompressor in the given form; throws
// std::runtime_error naming what is missing (an unknown codec, no RTL for it). comp_state: a
// trained codec's compressor-side state (both sides start from it), null for the reset state.
std::unique_ptr<Unit> make_unit(const char *name, const np_codec *c, Dir d, Form f, unsigned hop,
                                const TimingSources &src, const void *comp_state = nullptr);
std::unique_ptr<Unit> make_unit(const char *name, const UnitOp *op, Form f, unsigned hop, const TimingSources &src);

// ---- the reply-path platform (np_sc_platform.cpp) -------------------------------------------

// Real lines from every *.bin in a directory, round robin in blocks, each file from a
// seed-chosen start (a partial line at a file's end is not used).
class LineFeed {
public:
    LineFeed(const std::string &dir, uint64_t seed);
    void next(uint8_t line[kLineBytes], std::string *where = nullptr);
    size_t files() const { return files_.size(); }

private:
    struct File {
        std::string path;
        std::vector<uint8_t> data;
        size_t lines = 0, pos = 0;
    };
    std::vector<File> files_;
    size_t cur_ = 0, in_block_ = 0;
};

// A deterministic random decision keyed by (stream, key): both chains of a comparison see the
// same gaps and stalls at the same cycles, whatever order the processes run in.
bool chance(uint64_t seed, uint64_t stream, uint64_t key, double p);

// Random valid gaps and ready stalls change profile every kPhaseCycles cycles (as the RTL
// harness does): free flow, independent, bursty, long stalls.
struct StallProfile {
    uint64_t seed;
    uint64_t stream;
    double base;      // probability in the "independent" profile
    bool stalled(uint64_t cycle) const;
};

// MC side: offers lines (seq 0..count-1) with random gaps; the Txns are kept for the sink.
class Source : public sc_core::sc_module {
public:
    tlm_utils::simple_initiator_socket<Source> out;
    SC_HAS_PROCESS(Source);
    Source(sc_core::sc_module_name name, std::vector<Txn> &txns, const StallProfile &gaps);
    // Optional: line i is offered only once gate(i) holds (checked every cycle); the platform's
    // zero-load run offers a line when the previous one is in.
    std::function<bool(uint64_t)> gate;

private:
    void run();
    std::vector<Txn> &txns_;
    StallProfile gaps_;
};

// SM side: accepts with random stalls, hands every transaction to a check function.
class Sink : public sc_core::sc_module {
public:
    tlm_utils::simple_target_socket<Sink> in;
    sc_core::sc_in<bool> clk;
    SC_HAS_PROCESS(Sink);
    Sink(sc_core::sc_module_name name, const StallProfile &stalls, unsigned hop,
         std::function<void(Txn &)> check);
    uint64_t received() const { return received_; }

private:
    void b_transport(tlm::tlm_generic_payload &gp, sc_core::sc_time &delay);
    StallProfile stalls_;
    unsigned hop_;
    std::function<void(Txn &)> check_;
    uint64_t received_ = 0;
};

// Serialiser + link + deserialiser: cuts each stream into a head flit and ceil(bits / width)
// payload flits, sends at most one flit per cycle into a link of `latency` cycles when it holds a
// credit (one per slot of the receiver's buffer of `credits` flits; a credit travels back in
// `latency` cycles), random link stalls; the receiver takes one flit per cycle from its buffer
// and offers the reassembled stream downstream once the tail is in.
struct LinkConfig {
    unsigned flit_bits = 128;
    unsigned latency = 1;
    unsigned credits = 4;
    double stall = 0.0;     // probability the link carries no flit in a cycle (random stall)
    uint64_t seed = 1;
};

class Channel : public Unit {
public:
    Channel(sc_core::sc_module_name name, unsigned hop, const LinkConfig &cfg);
    Form form() const override { return Form::kModel; }
    std::string describe() const override;
    uint64_t flits_sent() const { return flits_sent_; }
    uint64_t flits_received() const { return flits_recv_; }
    unsigned max_in_flight() const { return max_in_flight_; }

private:
    struct Flit {
        Txn *txn;
        bool tail;
        uint64_t arrive;   // edge at which it enters the receiver's buffer
    };
    bool core_edge(Txn *offer, bool out_room) override;
    LinkConfig cfg_;
    Txn *tx_ = nullptr;            // the stream being cut
    unsigned tx_left_ = 0;
    std::deque<Flit> wire_;        // flits on the link
    std::deque<Flit> rxbuf_;       // receiver buffer (credits slots)
    std::deque<uint64_t> credit_back_;   // edges at which returned credits arrive
    unsigned credits_;
    Txn *rx_done_ = nullptr;       // reassembled, waiting for room in the output queue
    uint64_t flits_sent_ = 0, flits_recv_ = 0;
    unsigned max_in_flight_ = 0;
};

unsigned flits_of(size_t bits, unsigned flit_bits);   // head + ceil(bits / flit_bits)

}  // namespace np_sc

#endif
