// The generic equivalence harness (Ibex co-simulation / OpenTitan scoreboard pattern).
//
// A unit's <top>_tb.cpp supplies only an adapter and main() { return
// tb::harness_main<Adapter>(argc, argv); }. Most units have one input stream and one output
// stream with the standard port names; their adapter derives from StreamAdapter and writes:
//   Input                      one input transaction (what is driven on the input port)
//   next_input(rng, in, org)   the next stimulus (directed vectors, real data, synthetic...)
//   drive_input / drive_idle   put an input (or don't-care garbage) on the pins
//   predict(in)                the C model's expected output transaction (the oracle)
//   observe(dut)               the RTL's output fields, same names and order as predict()
// A unit with several independent streams derives from MultiStreamAdapter and writes the
// port-indexed forms (port_*) itself; see StreamAdapter for the list and README.md.
//
// Per run the engine: resets the DUT, sends latency probes into the empty pipeline with ready
// high, then back-to-back inputs to measure throughput, then the bulk of the stimulus with
// random valid gaps and ready stalls, then drains. At every edge the inputs accepted on it are
// handed to the model, whose expected transactions are queued per output port; on each output
// transfer one is popped and compared field by field. The AXI-stream rules are checked on every
// output every cycle. The first failure prints one grep-able line; the run is then replayed
// from the start with FST tracing on in a window before the failure (the run is deterministic
// in the seed), and the program exits 1.
//
// Cycle numbering: cycle c is the clock period ending at rising edge c. Inputs for cycle c
// are applied at time 10c (clock low), the edge is at 10c+5. Latency = (cycle in which the
// output is first valid) - (cycle whose edge accepted the input) = the number of register
// stages on the path: 1 for a single output register.
#ifndef NP_TB_HARNESS_H
#define NP_TB_HARNESS_H

#include <array>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <verilated.h>
#include <verilated_fst_c.h>

#include "error.h"
#include "hexfile.h"
#include "lines.h"
#include "options.h"
#include "rng.h"
#include "timing.h"
#include "txn.h"

// Set around the clock-edge eval, read by the models verilator_tb/skip_ico.sh patched.
extern bool np_tb_inputs_unchanged;

namespace tb {

enum class SidebandMode { kHold, kDirected, kRandom };

// An input accepted at the current edge: its port and the transaction.
template <class In>
struct Fired {
    unsigned port;
    In *input;
};

// An expected output transaction: the output port it will appear on, the index in the fired
// list of the input that caused it (for messages), and its fields.
struct Routed {
    // `from` of an output caused by the unit's own state rather than by an input accepted at
    // this edge (a selector draining a queue): only adapters with kPredictEveryEdge use it.
    static constexpr size_t kInternal = ~static_cast<size_t>(0);
    unsigned port;
    size_t from;
    Txn txn;
};

// What every adapter has: the clock and reset pins, no side band, no extra coverage.
template <class DutT>
struct AdapterCommon {
    using Dut = DutT;
    static constexpr int kSpecLatency = -1;       // documented latency; -1 = none to check
    static constexpr bool kFullThroughput = true; // documented one transfer per cycle and port
    // Documented initiation interval of a unit that is not fully pipelined (cycles from one
    // accepted input to the next with every output ready); -1 = none to check.
    static constexpr int kSpecII = -1;
    // The input port whose transfers --count counts (the other ports keep sending until it is
    // done); -1 = every port. E.g. a table with a request and a reply port counts requests.
    static constexpr int kCountedPort = -1;
    // A cycle-accurate model whose outputs also come from internal state (queues, a selector):
    // port_predict is then called at every edge after reset, with the inputs accepted there
    // (possibly none), and may route outputs with Routed::kInternal. A latency probe is then
    // timed to the first output of any kind after it.
    static constexpr bool kPredictEveryEdge = false;

    static void declare_options(Options &) {}
    static void set_clock(Dut &d, bool v) { d.clk_i = v; }
    static void set_reset(Dut &d, bool active) { d.rst_ni = !active; }

    // Inputs without a handshake (configuration ports), driven every cycle before eval.
    // kHold (reset): no writes at all; kDirected (latency and throughput probes): only the
    // writes a directed vector needs; kRandom: random writes at random times too.
    void drive_sideband(Dut &, Rng &, SidebandMode) {}
    // Called at every rising edge after the predictions for that edge: apply side-band
    // writes to the model state here, so an input accepted on the same edge saw the old state.
    void commit_sideband() {}
    // A class name for the coverage summary of expected outputs ("err", "raw", ...), or null.
    const char *outcome(const Txn &) const { return nullptr; }
    // Adapter-specific event counts for the coverage lines (name -> count).
    void coverage(std::map<std::string, uint64_t> &) const {}
    // Called every cycle after reset, after eval and before the edge's transfers are handled:
    // a cycle-accurate adapter compares pins (ready, valid, status) with its model and checks
    // its invariants here. Empty: fine; otherwise "field=<name> exp=<hex> got=<hex>", reported
    // as a MISMATCH.
    std::string check_pins(const Dut &) { return std::string(); }
    // True while the adapter's model still holds work that will produce outputs or needs
    // inputs the adapter itself drives (e.g. groups waiting for a memory reply): the drain
    // phase waits for it, so a unit that never finishes the work fails with TIMEOUT.
    bool busy() const { return false; }
};

// One input stream (in_valid_i/in_ready_o) and one output stream (out_valid_o/out_ready_i),
// one output transaction per input, in order. Implements the port-indexed interface the
// engine uses from the derived adapter's single-stream methods.
template <class Derived, class DutT>
struct StreamAdapter : AdapterCommon<DutT> {
    using Dut = DutT;
    static constexpr unsigned kInPorts = 1;
    static constexpr unsigned kOutPorts = 1;
    static const char *in_port_name(unsigned) { return "in"; }
    static const char *out_port_name(unsigned) { return "out"; }

    static void port_set_in_valid(Dut &d, unsigned, bool v) { d.in_valid_i = v; }
    static bool port_in_ready(const Dut &d, unsigned) { return d.in_ready_o; }
    static bool port_out_valid(const Dut &d, unsigned) { return d.out_valid_o; }
    static void port_set_out_ready(Dut &d, unsigned, bool r) { d.out_ready_i = r; }

    template <class In>
    bool port_next_input(Rng &rng, unsigned, In &in, Origin &origin) {
        return self().next_input(rng, in, origin);
    }
    template <class In>
    void port_drive_input(Dut &d, unsigned, const In &in) { self().drive_input(d, in); }
    void port_drive_idle(Dut &d, unsigned, Rng &rng) { self().drive_idle(d, rng); }
    template <class In>
    void port_predict(std::vector<Fired<In>> &fired, std::vector<Routed> &out) {
        out.push_back(Routed{0, 0, self().predict(*fired[0].input)});
    }
    Txn port_observe(const Dut &d, unsigned) const { return cself().observe(d); }
    template <class In>
    std::string port_describe(unsigned, const In &in) const { return cself().describe(in); }

    // Default: no description of an input.
    template <class In>
    std::string describe(const In &) const { return ""; }

private:
    Derived &self() { return static_cast<Derived &>(*this); }
    const Derived &cself() const { return static_cast<const Derived &>(*this); }
};

// Several streams: the adapter defines kInPorts, kOutPorts, in_port_name, out_port_name and
// every port_* function of StreamAdapter itself. port_predict receives all inputs accepted at
// one edge, in port order, and may route any number of expected transactions to any output
// port (each output port's transactions come out in the order they were predicted).
template <class DutT>
struct MultiStreamAdapter : AdapterCommon<DutT> {};

struct RunLimits {
    bool trace = false;
    uint64_t trace_from = 0;      // first cycle dumped
};

struct Failure {
    bool failed = false;
    uint64_t cycle = 0;
    std::string line;                    // the one grep-able line
    std::vector<std::string> details;    // context lines (origin, input, first bit)
};

struct PortTiming {
    // Latency probes started on this input port.
    unsigned latency_min = ~0u, latency_max = 0, latency_probes = 0;
    // Throughput probe: transfers, and cycles with valid high (all outputs ready throughout).
    // Equal counts mean the unit never refused an offered input.
    uint64_t thr_transfers = 0, thr_valid_cycles = 0;
    uint64_t thr_first_cycle = 0, thr_last_cycle = 0;   // of the probe's first and last transfer
};

struct RunStats {
    uint64_t sent = 0, predicted = 0, checked = 0, cycles = 0;
    uint64_t counted = 0;   // transfers on the counted port(s) (AdapterCommon::kCountedPort)
    std::vector<PortTiming> ports;
    std::map<std::string, uint64_t> sources, variants, outcomes;
};

template <class A>
class Run {
public:
    using Dut = typename A::Dut;
    using Input = typename A::Input;
    static constexpr unsigned kIn = A::kInPorts;
    static constexpr unsigned kOut = A::kOutPorts;

    Run(const Options &opt, A &adapter, const RunLimits &lim)
        : opt_(opt), ad_(adapter), lim_(lim), data_rng_(opt.seed, 1), side_rng_(opt.seed, 2),
          idle_rng_(opt.seed, 3), comb_rng_(opt.seed, 4), timing_(opt, opt.seed, kIn, kOut) {
        ctx_.reset(new VerilatedContext);
        ctx_->fatalOnError(false);   // an RTL $error/$stop becomes our failure line
        ctx_->randReset(2);          // registers without reset start random, as in silicon
        ctx_->randSeed(static_cast<int>((opt.seed % 0x7FFFFFFEull) + 1));
        ctx_->traceEverOn(true);
        dut_.reset(new Dut(ctx_.get(), "TOP"));
        if (lim_.trace) {
            fst_.reset(new VerilatedFstC);
            dut_->trace(fst_.get(), 99);
            fst_->open(opt.fst.c_str());
        }
        ad_.begin_run(data_rng_);
        stats_.ports.resize(kIn);
        probes_target_ = opt.count < opt.latency_probes ? static_cast<unsigned>(opt.count)
                                                        : opt.latency_probes;
    }

    ~Run() {
        if (fst_) fst_->close();
        dut_->final();
    }

    void execute() {
        while (!done_ && !fail_.failed) step();
        stats_.cycles = cycle_;
    }

    const Failure &failure() const { return fail_; }
    const RunStats &stats() const { return stats_; }

private:
    enum class Phase { Reset, Latency, Throughput, Random, Drain, Idle };
    static constexpr uint64_t kResetCycles = 4;
    static constexpr uint64_t kThroughputLines = 64;  // per input port
    static constexpr uint64_t kIdleCycles = 32;

    struct Expected {
        Txn txn;
        Input input;
        Origin origin;
        unsigned in_port;
        uint64_t index;      // expected transaction number, all ports (0-based)
        uint64_t in_cycle;   // cycle whose edge accepted the input
    };

    struct InState {
        bool pending = false;
        Input input{};
        Origin origin;
    };

    struct Snapshot {
        bool valid = false;
        Txn txn;
    };

    struct OutState {
        std::deque<Expected> expected;
        Snapshot stalled;
        bool ready = false;
        bool last_valid = false;
    };

    // ---- one clock cycle ----------------------------------------------------------------
    void step() {
        timing_.tick(cycle_);
        for (unsigned q = 0; q < kOut; q++) out_[q].ready = decide_ready(q);
        ad_.drive_sideband(*dut_, side_rng_, sideband_mode());
        for (unsigned p = 0; p < kIn; p++) fetch_input(p);
        drive_inputs();
        dut_->eval();
        if (rtl_error()) return finish_cycle();
        if (comb_rng_.chance(opt_.comb_check)) check_valid_independent_of_ready();
        dump(10 * cycle_);
        for (unsigned q = 0; q < kOut && !fail_.failed; q++) check_output_rules(q);
        if (phase_ != Phase::Reset && !fail_.failed) check_pins();
        handle_input_transfers();
        // Before the first reset edge the registers hold random values: outputs mean nothing.
        if (phase_ != Phase::Reset) {
            for (unsigned q = 0; q < kOut && !fail_.failed; q++) handle_output(q);
        }
        ad_.commit_sideband();
        finish_cycle();
    }

    void finish_cycle() {
        A::set_clock(*dut_, true);
        // Only the clock changed since the last eval (every input is driven, and the
        // comb-check's toggles restored, before it), so the model may skip re-evaluating its
        // input-combinational logic: same values, about a third of a wide unit's run time.
        np_tb_inputs_unchanged = true;
        dut_->eval();
        np_tb_inputs_unchanged = false;
        dump(10 * cycle_ + 5);
        rtl_error();
        cycle_++;
        A::set_clock(*dut_, false);
        check_limits();
        advance_phase();
    }

    void fetch_input(unsigned p) {
        const bool offer = decide_offer(p);
        if (offer && !in_[p].pending && fetched() < opt_.count) {
            in_[p].pending = ad_.port_next_input(data_rng_, p, in_[p].input, in_[p].origin);
        }
    }

    void drive_inputs() {
        A::set_reset(*dut_, phase_ == Phase::Reset);
        for (unsigned p = 0; p < kIn; p++) {
            A::port_set_in_valid(*dut_, p, in_[p].pending);
            if (in_[p].pending) ad_.port_drive_input(*dut_, p, in_[p].input);
            else ad_.port_drive_idle(*dut_, p, idle_rng_);
        }
        for (unsigned q = 0; q < kOut; q++) A::port_set_out_ready(*dut_, q, out_[q].ready);
        A::set_clock(*dut_, false);
        ctx_->time(10 * cycle_);
    }

    SidebandMode sideband_mode() const {
        switch (phase_) {
        case Phase::Reset:
            return SidebandMode::kHold;
        case Phase::Random:
        case Phase::Drain:
            return SidebandMode::kRandom;
        default:
            return SidebandMode::kDirected;
        }
    }

    bool decide_ready(unsigned q) {
        switch (phase_) {
        case Phase::Reset:
        case Phase::Latency:
        case Phase::Throughput:
            return true;
        default:
            if (opt_.inject_hang) return false;
            return !timing_.stall(q);
        }
    }

    bool decide_offer(unsigned p) {
        switch (phase_) {
        case Phase::Latency:
            // One probe at a time, on input port (probe number mod ports), into an empty
            // unit: nothing outstanding anywhere, no output presented last cycle.
            return p == next_probe_port() && !probe_open_ && probes_started_ < probes_target_ &&
                   outputs_idle();
        case Phase::Throughput:
            return true;
        case Phase::Random: {
            const bool gap = timing_.gap(p);  // stepped every cycle so bursts keep their length
            return !gap;
        }
        default:
            return false;
        }
    }

    unsigned next_probe_port() const { return probes_started_ % kIn; }

    // Nothing outstanding on any output and no output presented last cycle.
    bool outputs_idle() const {
        for (const OutState &o : out_) {
            if (!o.expected.empty() || o.last_valid) return false;
        }
        return true;
    }

    static bool counted_port(unsigned p) {
        return A::kCountedPort < 0 || p == static_cast<unsigned>(A::kCountedPort);
    }

    // Counted transfers so far plus counted inputs waiting to be accepted.
    uint64_t fetched() const {
        uint64_t n = stats_.counted;
        for (unsigned p = 0; p < kIn; p++) n += (in_[p].pending && counted_port(p)) ? 1 : 0;
        return n;
    }

    // ---- transfers ----------------------------------------------------------------------
    // Every input accepted at this edge goes to the model at once (in port order), so a
    // unit whose ports interact (a reply freeing what a request uses) is predicted exactly.
    void handle_input_transfers() {
        if (phase_ == Phase::Reset) return;
        fired_.clear();
        for (unsigned p = 0; p < kIn; p++) {
            if (phase_ == Phase::Throughput && in_[p].pending) stats_.ports[p].thr_valid_cycles++;
            if (in_[p].pending && A::port_in_ready(*dut_, p)) {
                fired_.push_back(Fired<Input>{p, &in_[p].input});
            }
        }
        if (fired_.empty() && !A::kPredictEveryEdge) return;
        routed_.clear();
        ad_.port_predict(fired_, routed_);
        if (phase_ == Phase::Latency && !fired_.empty()) open_probe();
        for (Routed &r : routed_) queue_expected(r);
        for (const Fired<Input> &f : fired_) note_input_transfer(f.port);
    }

    // A latency probe: the one input accepted in the Latency phase. It is timed to the first
    // valid output, unless it produced no output at all.
    void open_probe() {
        probe_port_ = fired_[0].port;
        probe_in_cycle_ = cycle_;
        probes_started_++;
        probe_open_ = A::kPredictEveryEdge || !routed_.empty();
    }

    void check_pins() {
        const std::string what = ad_.check_pins(*dut_);
        if (!what.empty()) fail("MISMATCH", stats_.checked, what);
    }

    void queue_expected(Routed &r) {
        if (r.port >= kOut) throw Error("internal: prediction routed to a missing output port");
        if (r.from == Routed::kInternal) {
            Expected e{std::move(r.txn), Input{}, Origin{"internal", stats_.predicted, nullptr},
                       0, stats_.predicted, cycle_};
            push_expected(r.port, std::move(e));
            return;
        }
        const Fired<Input> &f = fired_.at(r.from);
        Expected e{std::move(r.txn), *f.input, in_[f.port].origin, f.port, stats_.predicted, cycle_};
        push_expected(r.port, std::move(e));
    }

    void push_expected(unsigned port, Expected &&e) {
        if (opt_.inject_mismatch >= 0 && e.index == static_cast<uint64_t>(opt_.inject_mismatch)) {
            corrupt(&e.txn);
        }
        count_coverage(e);
        out_[port].expected.push_back(std::move(e));
        stats_.predicted++;
    }

    void note_input_transfer(unsigned p) {
        count_source(in_[p].origin);
        in_[p].pending = false;
        stats_.sent++;
        if (counted_port(p)) stats_.counted++;
        last_progress_ = cycle_;
        if (phase_ == Phase::Throughput) {
            PortTiming &t = stats_.ports[p];
            if (t.thr_transfers++ == 0) t.thr_first_cycle = cycle_;
            t.thr_last_cycle = cycle_;
        }
    }

    void handle_output(unsigned q) {
        OutState &o = out_[q];
        const bool valid = A::port_out_valid(*dut_, q);
        if (valid) on_output_valid(q);
        if (valid && o.ready && !fail_.failed) on_output_transfer(q);
        if (valid && !o.ready) o.stalled = Snapshot{true, ad_.port_observe(*dut_, q)};
        else o.stalled.valid = false;
    }

    void on_output_valid(unsigned q) {
        if (out_[q].expected.empty()) {
            // Inputs are queued before outputs are looked at, so even a zero-latency unit has
            // its transaction queued here: a valid output with nothing queued is spurious.
            fail("MISMATCH", stats_.checked,
                 std::string("field=") + A::out_port_name(q) + "_valid exp=0 got=1");
            fail_.details.push_back(std::string("DETAIL ") + A::out_port_name(q) +
                                    " output valid with nothing outstanding on it");
            return;
        }
        if (!probe_open_) return;
        PortTiming &t = stats_.ports[probe_port_];
        const unsigned lat = static_cast<unsigned>(cycle_ - probe_in_cycle_);
        t.latency_min = lat < t.latency_min ? lat : t.latency_min;
        t.latency_max = lat > t.latency_max ? lat : t.latency_max;
        t.latency_probes++;
        probe_open_ = false;
    }

    void on_output_transfer(unsigned q) {
        last_progress_ = cycle_;
        const Txn got = ad_.port_observe(*dut_, q);
        const Expected &e = out_[q].expected.front();
        const FieldMismatch m = compare(e.txn, got);
        if (m.found) {
            const Field &f = e.txn.fields[m.field];
            fail("MISMATCH", e.index,
                 std::string("field=") + f.name + " exp=" + f.value.hex() + " got=" +
                     got.fields[m.field].value.hex());
            add_origin_details(e, m.first_bit);
            return;
        }
        out_[q].expected.pop_front();
        stats_.checked++;
    }

    // ---- AXI-stream rules on the outputs ----------------------------------------------
    void check_output_rules(unsigned q) {
        const OutState &o = out_[q];
        const bool v = A::port_out_valid(*dut_, q);
        if (in_reset_check_window() && v) {
            fail_protocol(q, "valid_after_reset", "valid is high during or right after reset");
            return;
        }
        if (!o.stalled.valid) return;
        if (!v) {
            fail_protocol(q, "valid_dropped", "valid fell before the transfer (ready was low)");
            return;
        }
        const Txn now = ad_.port_observe(*dut_, q);
        const FieldMismatch m = compare_all(o.stalled.txn, now);
        if (m.found) {
            const Field &f = o.stalled.txn.fields[m.field];
            fail_protocol(q, std::string("data_changed field=") + f.name + " was=" +
                                 f.value.hex() + " now=" + now.fields[m.field].value.hex(),
                          "an output field changed while valid was high and ready low");
        }
    }

    // Every field, including don't-cares: AXI-stream requires the whole payload to hold.
    static FieldMismatch compare_all(const Txn &a, const Txn &b) {
        Txn care_all = a;
        for (Field &f : care_all.fields) f.care = true;
        return compare(care_all, b);
    }

    bool in_reset_check_window() const {
        // Synchronous reset acts at an edge: from the second reset cycle to the first cycle
        // after reset, valid must be low.
        return cycle_ >= 1 && cycle_ <= kResetCycles;
    }

    // Two extra evaluations per output port, so it runs on a random sample of cycles
    // (--comb-check): a combinational ready->valid path shows whenever the state exposes it,
    // and a run has millions of cycles.
    void check_valid_independent_of_ready() {
        for (unsigned q = 0; q < kOut && !fail_.failed; q++) {
            const bool v = A::port_out_valid(*dut_, q);
            A::port_set_out_ready(*dut_, q, !out_[q].ready);
            dut_->eval();
            const bool v_flipped = A::port_out_valid(*dut_, q);
            A::port_set_out_ready(*dut_, q, out_[q].ready);
            dut_->eval();
            if (v != v_flipped) {
                fail_protocol(q, "valid_depends_on_ready",
                              "valid changed when only its ready changed (combinational path)");
            }
        }
    }

    bool rtl_error() {
        if (fail_.failed) return true;
        if (!ctx_->gotError() && !ctx_->gotFinish()) return false;
        fail("ASSERTION", stats_.checked,
             ctx_->gotError() ? "reason=rtl_error" : "reason=rtl_finish");
        fail_.details.push_back("DETAIL the RTL executed $error/$stop/$fatal/$finish (see above)");
        return true;
    }

    // ---- phases and limits --------------------------------------------------------------
    void advance_phase() {
        for (unsigned q = 0; q < kOut; q++) out_[q].last_valid = A::port_out_valid(*dut_, q);
        switch (phase_) {
        case Phase::Reset:
            if (cycle_ >= kResetCycles) phase_ = Phase::Latency;
            break;
        case Phase::Latency:
            if (probes_started_ >= probes_target_ && !probe_open_) phase_ = Phase::Throughput;
            break;
        case Phase::Throughput:
            if (throughput_start_ == 0) throughput_start_ = cycle_;
            if (throughput_done() || stats_.counted >= opt_.count) phase_ = Phase::Random;
            break;
        case Phase::Random:
            if (stats_.counted >= opt_.count) phase_ = Phase::Drain;
            break;
        case Phase::Drain:
            if (outputs_drained()) {
                phase_ = Phase::Idle;
                idle_until_ = cycle_ + kIdleCycles;
            }
            break;
        case Phase::Idle:
            // Any output presented now has nothing queued: on_output_valid reports it.
            if (cycle_ >= idle_until_) done_ = true;
            break;
        }
    }

    // Every input port has sent its probe lines, or the phase has lasted long enough (a port
    // whose stimulus depends on earlier outputs may have little to send).
    bool throughput_done() const {
        if (cycle_ - throughput_start_ >= 16 * kThroughputLines) return true;
        for (const PortTiming &t : stats_.ports) {
            if (t.thr_transfers < kThroughputLines) return false;
        }
        return true;
    }

    bool outputs_drained() const {
        for (const OutState &o : out_) {
            if (!o.expected.empty()) return false;
        }
        for (const InState &s : in_) {
            if (s.pending) return false;
        }
        return !ad_.busy();
    }

    void check_limits() {
        if (fail_.failed) return;
        const bool work = !outputs_drained();
        if (!work) last_progress_ = cycle_;
        if (work && cycle_ - last_progress_ > opt_.timeout) {
            uint64_t outstanding = 0;
            unsigned waiting = 0;
            for (const OutState &o : out_) outstanding += o.expected.size();
            for (const InState &s : in_) waiting += s.pending ? 1 : 0;
            fail("TIMEOUT", stats_.checked,
                 "reason=no_transfer_for_" + std::to_string(opt_.timeout) + "_cycles" +
                     " outstanding=" + std::to_string(outstanding) +
                     " inputs_waiting=" + std::to_string(waiting));
            return;
        }
        if (cycle_ >= opt_.max_cycles) {
            fail("TIMEOUT", stats_.checked,
                 "reason=max_cycles_" + std::to_string(opt_.max_cycles));
        }
    }

    // ---- reporting ------------------------------------------------------------------------
    void fail(const char *what, uint64_t txn, const std::string &rest) {
        if (fail_.failed) return;
        fail_.failed = true;
        fail_.cycle = cycle_;
        char head[256];
        std::snprintf(head, sizeof head, "%s unit=%s seed=%" PRIu64 " cycle=%" PRIu64 " txn=%" PRIu64 " ",
                      what, opt_.unit.c_str(), opt_.seed, cycle_, txn);
        fail_.line = head + rest;
    }

    void fail_protocol(unsigned q, const std::string &rule, const std::string &why) {
        fail("PROTOCOL", stats_.checked, "rule=" + rule);
        fail_.details.push_back(std::string("DETAIL ") + A::out_port_name(q) + " output: " + why +
                                " (docs/conventions.md, Handshakes)");
        if (!out_[q].expected.empty()) add_origin_details(out_[q].expected.front(), -1);
    }

    void add_origin_details(const Expected &e, long first_bit) {
        char buf[512];
        std::snprintf(buf, sizeof buf,
                      "DETAIL txn=%" PRIu64 " input_port=%s source=%s#%" PRIu64 "%s%s"
                      " accepted_cycle=%" PRIu64 " first_differing_bit=%ld",
                      e.index, A::in_port_name(e.in_port), e.origin.kind, e.origin.index,
                      e.origin.variant ? " variant=" : "", e.origin.variant ? e.origin.variant : "",
                      e.in_cycle, first_bit);
        fail_.details.push_back(buf);
        const std::string in = ad_.port_describe(e.in_port, e.input);
        if (!in.empty()) fail_.details.push_back("INPUT " + in);
    }

    void count_source(const Origin &o) {
        stats_.sources[o.kind]++;
        if (o.variant) stats_.variants[o.variant]++;
    }

    void count_coverage(const Expected &e) {
        if (const char *o = ad_.outcome(e.txn)) stats_.outcomes[o]++;
    }

    void dump(uint64_t time) {
        if (fst_ && cycle_ >= lim_.trace_from) fst_->dump(time);
    }

    const Options &opt_;
    A &ad_;
    RunLimits lim_;
    Rng data_rng_, side_rng_, idle_rng_, comb_rng_;
    Timing timing_;
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Dut> dut_;
    std::unique_ptr<VerilatedFstC> fst_;

    Phase phase_ = Phase::Reset;
    uint64_t cycle_ = 0;
    bool done_ = false;
    std::array<InState, kIn> in_;
    std::array<OutState, kOut> out_;
    std::vector<Fired<Input>> fired_;
    std::vector<Routed> routed_;
    uint64_t last_progress_ = 0;
    unsigned probes_target_ = 0;
    unsigned probes_started_ = 0;
    bool probe_open_ = false;
    unsigned probe_port_ = 0;
    uint64_t probe_in_cycle_ = 0;
    uint64_t throughput_start_ = 0;
    uint64_t idle_until_ = 0;
    RunStats stats_;
    Failure fail_;
};

// ---- the program ----------------------------------------------------------------------------

template <class A>
int report_failure(const Options &opt, A &adapter, const Failure &f) {
    std::printf("%s\n", f.line.c_str());
    for (const std::string &d : f.details) std::printf("%s\n", d.c_str());
    std::fflush(stdout);
    if (!opt.dump) {
        // Replay the identical run with tracing on only in the window before the failure.
        RunLimits lim;
        lim.trace = true;
        lim.trace_from = f.cycle > opt.trace_window ? f.cycle - opt.trace_window : 0;
        Run<A> replay(opt, adapter, lim);
        replay.execute();
        if (!replay.failure().failed || replay.failure().cycle != f.cycle) {
            std::printf("NOTE the traced replay did not fail at the same cycle: the run is not "
                        "deterministic (harness bug)\n");
        }
        std::printf("WAVEFORM %s cycles=%" PRIu64 "..%" PRIu64 " (time = 10*cycle, rising edge at "
                    "10*cycle+5)\n",
                    opt.fst.c_str(), lim.trace_from, f.cycle);
    } else {
        std::printf("WAVEFORM %s cycles=0..%" PRIu64 "\n", opt.fst.c_str(), f.cycle);
    }
    std::printf("FAIL unit=%s seed=%" PRIu64 " replay: %s\n", opt.unit.c_str(), opt.seed,
                opt.command_line.c_str());
    return 1;
}

inline void print_coverage(const Options &opt, const RunStats &s,
                           const std::map<std::string, uint64_t> &events) {
    for (const auto &kv : s.sources)
        std::printf("COVERAGE unit=%s source=%s count=%" PRIu64 "\n", opt.unit.c_str(),
                    kv.first.c_str(), kv.second);
    for (const auto &kv : s.variants)
        std::printf("COVERAGE unit=%s variant=%s count=%" PRIu64 "\n", opt.unit.c_str(),
                    kv.first.c_str(), kv.second);
    for (const auto &kv : s.outcomes)
        std::printf("COVERAGE unit=%s outcome=%s count=%" PRIu64 "\n", opt.unit.c_str(),
                    kv.first.c_str(), kv.second);
    for (const auto &kv : events)
        std::printf("COVERAGE unit=%s event=%s count=%" PRIu64 "\n", opt.unit.c_str(),
                    kv.first.c_str(), kv.second);
}

// " port=<name>" on multi-stream units, nothing on single-stream ones (whose LATENCY and
// THROUGHPUT lines keep the plain form other tools parse).
template <class A>
std::string port_key(unsigned p) {
    return A::kInPorts > 1 ? std::string(" port=") + A::in_port_name(p) : std::string();
}

// The initiation interval the throughput probe measured: cycles from one accepted input to the
// next with every output ready (inputs offered back to back), the mean over the probe rounded
// up: (last transfer's cycle - first's) / (transfers - 1). With the unit idle when the probe
// starts this is also (valid_cycles - 1) / (transfers - 1), unless the probe ended by its time
// limit with an input still waiting (a unit slower than 16 cycles a line). 0: fewer than two
// transfers, nothing measured.
inline uint64_t initiation_interval(const PortTiming &t) {
    if (t.thr_transfers < 2) return 0;
    const uint64_t gaps = t.thr_transfers - 1;
    return (t.thr_last_cycle - t.thr_first_cycle + gaps - 1) / gaps;
}

// Checks the measured latency and throughput against the adapter's documented values.
template <class A>
int report_timing(const Options &opt, const RunStats &s) {
    int status = 0;
    for (unsigned p = 0; p < A::kInPorts; p++) {
        const PortTiming &t = s.ports[p];
        const std::string key = port_key<A>(p);
        if (t.latency_probes == 0) {
            std::printf("LATENCY unit=%s%s cycles=unmeasured\n", opt.unit.c_str(), key.c_str());
        } else {
            std::printf("LATENCY unit=%s%s cycles=%u", opt.unit.c_str(), key.c_str(), t.latency_max);
            if (t.latency_min != t.latency_max) std::printf(" min=%u", t.latency_min);
            std::printf(" probes=%u", t.latency_probes);
            if (A::kSpecLatency >= 0) std::printf(" spec=%d", A::kSpecLatency);
            std::printf("\n");
            if (A::kSpecLatency >= 0 &&
                (t.latency_min != static_cast<unsigned>(A::kSpecLatency) ||
                 t.latency_max != static_cast<unsigned>(A::kSpecLatency))) {
                std::printf("FAIL unit=%s%s seed=%" PRIu64 " reason=latency measured=%u..%u spec=%d\n",
                            opt.unit.c_str(), key.c_str(), opt.seed, t.latency_min, t.latency_max,
                            A::kSpecLatency);
                status = 1;
            }
        }
        if (t.thr_transfers == 0) continue;
        std::printf("THROUGHPUT unit=%s%s transfers=%" PRIu64 " valid_cycles=%" PRIu64,
                    opt.unit.c_str(), key.c_str(), t.thr_transfers, t.thr_valid_cycles);
        const uint64_t ii = initiation_interval(t);
        if (ii) std::printf(" ii_cycles=%" PRIu64, ii);
        std::printf("\n");
        if (A::kSpecII >= 0 && ii != static_cast<uint64_t>(A::kSpecII)) {
            std::printf("FAIL unit=%s%s seed=%" PRIu64 " reason=initiation interval measured=%" PRIu64
                        " spec=%d\n", opt.unit.c_str(), key.c_str(), opt.seed, ii, A::kSpecII);
            status = 1;
        }
        if (A::kFullThroughput && t.thr_valid_cycles != t.thr_transfers) {
            std::printf("FAIL unit=%s%s seed=%" PRIu64 " reason=throughput: %" PRIu64
                        " inputs needed %" PRIu64 " cycles of valid with every output ready, "
                        "spec: one per cycle\n",
                        opt.unit.c_str(), key.c_str(), opt.seed, t.thr_transfers, t.thr_valid_cycles);
            status = 1;
        }
    }
    return status;
}

template <class A>
int run_harness(const Options &opt, A &adapter) {
    std::printf("RUN unit=%s seed=%" PRIu64 " count=%" PRIu64 " gap=%g stall=%g gap_burst=%g "
                "stall_burst=%g phase_cycles=%" PRIu64 "%s\n",
                opt.unit.c_str(), opt.seed, opt.count, opt.gap, opt.stall, opt.gap_burst,
                opt.stall_burst, opt.phase_cycles, opt.inject_hang ? " inject_hang=1" : "");
    std::printf("REPLAY %s\n", opt.command_line.c_str());
    std::fflush(stdout);
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t cpu0 = std::clock();
    RunLimits lim;
    lim.trace = opt.dump;
    Failure failure;
    RunStats s;
    {
        // Scoped: the model and its context are gone before a failure's replay builds new ones.
        Run<A> run(opt, adapter, lim);
        run.execute();
        failure = run.failure();
        s = run.stats();
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu_secs = static_cast<double>(std::clock() - cpu0) / CLOCKS_PER_SEC;
    if (failure.failed) return report_failure(opt, adapter, failure);
    std::map<std::string, uint64_t> events;
    adapter.coverage(events);
    print_coverage(opt, s, events);
    std::printf("STATS unit=%s sent=%" PRIu64 " cycles=%" PRIu64 " seconds=%.1f cpu_seconds=%.1f",
                opt.unit.c_str(), s.sent, s.cycles, secs, cpu_secs);
    if (A::kCountedPort >= 0) {
        std::printf(" counted_port=%s counted=%" PRIu64,
                    A::in_port_name(static_cast<unsigned>(A::kCountedPort)), s.counted);
    }
    std::printf("\n");
    if (opt.dump) std::printf("WAVEFORM %s cycles=0..%" PRIu64 "\n", opt.fst.c_str(), s.cycles);
    if (report_timing<A>(opt, s) != 0) return 1;
    if (s.counted != opt.count || s.checked != s.predicted) {
        std::printf("FAIL unit=%s seed=%" PRIu64 " reason=sent %" PRIu64 " of %" PRIu64
                    " counted inputs, checked %" PRIu64 " of %" PRIu64 " predicted outputs\n",
                    opt.unit.c_str(), opt.seed, s.counted, opt.count, s.checked, s.predicted);
        return 1;
    }
    std::printf("PASS unit=%s seed=%" PRIu64 " checked=%" PRIu64 "\n", opt.unit.c_str(), opt.seed,
                s.checked);
    return 0;
}

// main() of every <top>_tb.cpp. Exit status: 0 pass, 1 RTL failure, 2 bad input / stale.
template <class A>
int harness_main(int argc, char **argv) {
    Options opt;
    opt.unit = A::kUnit;
    try {
        A::declare_options(opt);
        if (!opt.parse(argc, argv)) return 0;
        A adapter(opt);
        return run_harness(opt, adapter);
    } catch (const StaleVectors &e) {
        std::printf("STALE vectors unit=%s %s\n", opt.unit.c_str(), e.what());
        std::printf("DETAIL the vector file's recorded expectation differs from the C model: "
                    "regenerate with `make vectors` and review `git diff vectors/`\n");
        return 2;
    } catch (const Error &e) {
        std::printf("ERROR unit=%s %s\n", opt.unit.c_str(), e.what());
        return 2;
    }
}

}  // namespace tb

#endif
