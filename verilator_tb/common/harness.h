// The generic equivalence harness (Ibex co-simulation / OpenTitan scoreboard pattern).
//
// A unit's <top>_tb.cpp supplies only an adapter (see AdapterBase below and README.md):
//   Input                      one input transaction (what is driven on the input port)
//   next_input(rng, in, org)   the next stimulus (directed vectors, real data, synthetic...)
//   drive_input / drive_idle   put an input (or don't-care garbage) on the pins
//   predict(in)                the C model's expected output transaction (the oracle)
//   observe(dut)               the RTL's output fields, same names and order as predict()
// and main() calls tb::harness_main<Adapter>(argc, argv).
//
// Per run the engine: resets the DUT, sends latency probes into the empty pipeline with ready
// high, then a back-to-back burst to measure throughput, then the bulk of the stimulus with
// random valid gaps and ready stalls, then drains. On each input transfer the model's
// prediction is queued; on each output transfer one is popped and compared field by field.
// The AXI-stream rules are checked on the output every cycle. The first failure prints one
// grep-able line; the run is then replayed from the start with FST tracing on in a window
// before the failure (the run is deterministic in the seed), and the program exits 1.
//
// Cycle numbering: cycle c is the clock period ending at rising edge c. Inputs for cycle c
// are applied at time 10c (clock low), the edge is at 10c+5. Latency = (cycle in which the
// output is first valid) - (cycle whose edge accepted the input) = the number of register
// stages on the path: 1 for a single output register.
#ifndef NP_TB_HARNESS_H
#define NP_TB_HARNESS_H

#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <verilated.h>
#include <verilated_fst_c.h>

#include "error.h"
#include "lines.h"
#include "options.h"
#include "rng.h"
#include "timing.h"
#include "txn.h"

namespace tb {

// Thrown by an adapter when a vector file's recorded expectation disagrees with the C model.
class StaleVectors : public Error {
public:
    explicit StaleVectors(const std::string &msg) : Error(msg) {}
};

enum class SidebandMode { kHold, kDirected, kRandom };

// Defaults for an adapter: the project's standard port names (docs/conventions.md) and no
// side-band inputs. An adapter derives from AdapterBase<Vtop> and overrides what differs.
template <class DutT>
struct AdapterBase {
    using Dut = DutT;
    static constexpr int kSpecLatency = -1;       // documented latency; -1 = none to check
    static constexpr bool kFullThroughput = true; // documented one transfer per cycle

    static void declare_options(Options &) {}
    static void set_clock(Dut &d, bool v) { d.clk_i = v; }
    static void set_reset(Dut &d, bool active) { d.rst_ni = !active; }
    static void set_in_valid(Dut &d, bool v) { d.in_valid_i = v; }
    static bool in_ready(const Dut &d) { return d.in_ready_o; }
    static bool out_valid(const Dut &d) { return d.out_valid_o; }
    static void set_out_ready(Dut &d, bool r) { d.out_ready_i = r; }

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
    // One line describing an input, printed when it fails.
    template <class In>
    std::string describe(const In &) const { return ""; }
};

struct RunLimits {
    bool trace = false;
    uint64_t trace_from = 0;      // first cycle dumped
    bool quiet = false;           // replay: do not print failure lines again
};

struct Failure {
    bool failed = false;
    uint64_t cycle = 0;
    std::string line;                    // the one grep-able line
    std::vector<std::string> details;    // context lines (origin, input, first bit)
};

struct RunStats {
    uint64_t sent = 0, checked = 0, cycles = 0;
    unsigned latency_min = ~0u, latency_max = 0, latency_probes = 0;
    // Throughput probe: transfers, and cycles in which in_valid_i was high (out_ready_i high
    // throughout). Equal counts mean the unit never refused an offered input.
    uint64_t thr_lines = 0, thr_valid_cycles = 0;
    std::map<std::string, uint64_t> sources, variants, outcomes;
};

template <class A>
class Run {
public:
    using Dut = typename A::Dut;
    using Input = typename A::Input;

    Run(const Options &opt, A &adapter, const RunLimits &lim)
        : opt_(opt), ad_(adapter), lim_(lim), data_rng_(opt.seed, 1), side_rng_(opt.seed, 2),
          idle_rng_(opt.seed, 3), comb_rng_(opt.seed, 4), timing_(opt, opt.seed) {
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
    static constexpr uint64_t kThroughputLines = 64;
    static constexpr uint64_t kIdleCycles = 32;

    struct Expected {
        Txn txn;
        Input input;
        Origin origin;
        uint64_t index;      // output transaction number (0-based)
        uint64_t in_cycle;   // cycle whose edge accepted the input
    };

    // ---- one clock cycle ----------------------------------------------------------------
    void step() {
        timing_.tick(cycle_);
        const bool ready = decide_ready();
        const bool offer = decide_offer();
        ad_.drive_sideband(*dut_, side_rng_, sideband_mode());
        if (offer && !have_pending_ && fetched() < opt_.count) {
            have_pending_ = ad_.next_input(data_rng_, pending_, pending_origin_);
        }
        drive_inputs(ready);
        dut_->eval();
        if (rtl_error()) return finish_cycle();
        if (comb_rng_.chance(opt_.comb_check)) check_valid_independent_of_ready(ready);
        dump(10 * cycle_);
        check_output_rules();
        const bool in_fire = have_pending_ && A::in_ready(*dut_) && phase_ != Phase::Reset;
        if (phase_ == Phase::Throughput && have_pending_) stats_.thr_valid_cycles++;
        // Before the first reset edge the registers hold random values: outputs mean nothing.
        const bool out_valid = A::out_valid(*dut_) && phase_ != Phase::Reset;
        if (in_fire) on_input_transfer();
        if (out_valid) on_output_valid();
        if (out_valid && ready && !fail_.failed) on_output_transfer();
        if (out_valid && !ready) stalled_ = snapshot();
        else stalled_.valid = false;
        ad_.commit_sideband();
        finish_cycle();
    }

    void finish_cycle() {
        A::set_clock(*dut_, true);
        dut_->eval();
        dump(10 * cycle_ + 5);
        rtl_error();
        cycle_++;
        A::set_clock(*dut_, false);
        check_limits();
        advance_phase();
    }

    void drive_inputs(bool ready) {
        A::set_reset(*dut_, phase_ == Phase::Reset);
        A::set_in_valid(*dut_, have_pending_);
        if (have_pending_) ad_.drive_input(*dut_, pending_);
        else ad_.drive_idle(*dut_, idle_rng_);
        A::set_out_ready(*dut_, ready);
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

    bool decide_ready() {
        switch (phase_) {
        case Phase::Reset:
        case Phase::Latency:
        case Phase::Throughput:
            return true;
        default:
            if (opt_.inject_hang) return false;
            return !timing_.stall();
        }
    }

    bool decide_offer() {
        switch (phase_) {
        case Phase::Latency:
            // One probe at a time into an empty pipeline: nothing outstanding, no output
            // presented last cycle.
            return !probe_open_ && expected_.empty() && !last_out_valid_;
        case Phase::Throughput:
            return true;
        case Phase::Random: {
            const bool gap = timing_.gap();  // stepped every cycle so bursts keep their length
            return !gap;
        }
        default:
            return false;
        }
    }

    uint64_t fetched() const { return stats_.sent + (have_pending_ ? 1 : 0); }

    // ---- transfers ----------------------------------------------------------------------
    void on_input_transfer() {
        Expected e{ad_.predict(pending_), pending_, pending_origin_, stats_.sent, cycle_};
        if (opt_.inject_mismatch >= 0 && e.index == static_cast<uint64_t>(opt_.inject_mismatch)) {
            corrupt(&e.txn);
        }
        count_coverage(e);
        expected_.push_back(std::move(e));
        stats_.sent++;
        have_pending_ = false;
        last_progress_ = cycle_;
        if (phase_ == Phase::Latency) {
            probe_open_ = true;
            probe_in_cycle_ = cycle_;
        }
        if (phase_ == Phase::Throughput) stats_.thr_lines++;
    }

    void on_output_valid() {
        if (expected_.empty()) {
            // Inputs are queued before outputs are looked at, so even a zero-latency unit has
            // its transaction queued here: a valid output with nothing queued is spurious.
            fail("MISMATCH", stats_.checked, "field=out_valid exp=0 got=1");
            fail_.details.push_back("DETAIL out_valid_o is high with no input outstanding");
            return;
        }
        if (!probe_open_) return;
        const unsigned lat = static_cast<unsigned>(cycle_ - probe_in_cycle_);
        stats_.latency_min = lat < stats_.latency_min ? lat : stats_.latency_min;
        stats_.latency_max = lat > stats_.latency_max ? lat : stats_.latency_max;
        stats_.latency_probes++;
        probe_open_ = false;
    }

    void on_output_transfer() {
        last_progress_ = cycle_;
        const Txn got = ad_.observe(*dut_);
        const Expected &e = expected_.front();
        const FieldMismatch m = compare(e.txn, got);
        if (m.found) {
            const Field &f = e.txn.fields[m.field];
            fail("MISMATCH", e.index,
                 std::string("field=") + f.name + " exp=" + f.value.hex() + " got=" +
                     got.fields[m.field].value.hex());
            add_origin_details(e, m.first_bit);
            return;
        }
        expected_.pop_front();
        stats_.checked++;
    }

    // ---- AXI-stream rules on the output -------------------------------------------------
    struct Snapshot {
        bool valid = false;
        Txn txn;
    };

    Snapshot snapshot() { return Snapshot{true, ad_.observe(*dut_)}; }

    void check_output_rules() {
        const bool v = A::out_valid(*dut_);
        if (in_reset_check_window() && v) {
            fail_protocol("valid_after_reset", "out_valid_o is high during or right after reset");
            return;
        }
        if (!stalled_.valid) return;
        if (!v) {
            fail_protocol("valid_dropped", "out_valid_o fell before the transfer (ready was low)");
            return;
        }
        const Txn now = ad_.observe(*dut_);
        const FieldMismatch m = compare_all(stalled_.txn, now);
        if (m.found) {
            const Field &f = stalled_.txn.fields[m.field];
            fail_protocol(std::string("data_changed field=") + f.name + " was=" + f.value.hex() +
                              " now=" + now.fields[m.field].value.hex(),
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

    // Two extra evaluations, so it runs on a random sample of cycles (--comb-check): a
    // combinational ready->valid path shows whenever the state exposes it, and a run has
    // millions of cycles.
    void check_valid_independent_of_ready(bool ready) {
        const bool v = A::out_valid(*dut_);
        A::set_out_ready(*dut_, !ready);
        dut_->eval();
        const bool v_flipped = A::out_valid(*dut_);
        A::set_out_ready(*dut_, ready);
        dut_->eval();
        if (v != v_flipped) {
            fail_protocol("valid_depends_on_ready",
                          "out_valid_o changed when only out_ready_i changed (combinational path)");
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
        last_out_valid_ = A::out_valid(*dut_);
        switch (phase_) {
        case Phase::Reset:
            if (cycle_ >= kResetCycles) phase_ = Phase::Latency;
            break;
        case Phase::Latency:
            if (stats_.latency_probes >= probes_target_ && !probe_open_) phase_ = Phase::Throughput;
            break;
        case Phase::Throughput:
            if (stats_.thr_lines >= kThroughputLines || stats_.sent >= opt_.count) phase_ = Phase::Random;
            break;
        case Phase::Random:
            if (stats_.sent >= opt_.count) phase_ = Phase::Drain;
            break;
        case Phase::Drain:
            if (expected_.empty()) {
                phase_ = Phase::Idle;
                idle_until_ = cycle_ + kIdleCycles;
            }
            break;
        case Phase::Idle:
            // Any output presented now has no input: on_output_transfer reports it.
            if (cycle_ >= idle_until_) done_ = true;
            break;
        }
    }

    void check_limits() {
        if (fail_.failed) return;
        const bool work = have_pending_ || !expected_.empty();
        if (!work) last_progress_ = cycle_;
        if (work && cycle_ - last_progress_ > opt_.timeout) {
            fail("TIMEOUT", stats_.checked,
                 "reason=no_transfer_for_" + std::to_string(opt_.timeout) + "_cycles" +
                     " outstanding=" + std::to_string(expected_.size()) +
                     " input_waiting=" + (have_pending_ ? "1" : "0"));
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

    void fail_protocol(const std::string &rule, const std::string &why) {
        fail("PROTOCOL", stats_.checked, "rule=" + rule);
        fail_.details.push_back("DETAIL " + why + " (docs/conventions.md, Handshakes)");
        if (!expected_.empty()) add_origin_details(expected_.front(), -1);
    }

    void add_origin_details(const Expected &e, long first_bit) {
        char buf[512];
        std::snprintf(buf, sizeof buf,
                      "DETAIL txn=%" PRIu64 " source=%s#%" PRIu64 "%s%s accepted_cycle=%" PRIu64
                      " first_differing_bit=%ld",
                      e.index, e.origin.kind, e.origin.index, e.origin.variant ? " variant=" : "",
                      e.origin.variant ? e.origin.variant : "", e.in_cycle, first_bit);
        fail_.details.push_back(buf);
        const std::string in = ad_.describe(e.input);
        if (!in.empty()) fail_.details.push_back("INPUT " + in);
    }

    void count_coverage(const Expected &e) {
        stats_.sources[e.origin.kind]++;
        if (e.origin.variant) stats_.variants[e.origin.variant]++;
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
    bool have_pending_ = false;
    Input pending_{};
    Origin pending_origin_;
    std::deque<Expected> expected_;
    Snapshot stalled_;
    bool last_out_valid_ = false;
    uint64_t last_progress_ = 0;
    unsigned probes_target_ = 0;
    bool probe_open_ = false;
    uint64_t probe_in_cycle_ = 0;
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
        lim.quiet = true;
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

// Checks the measured latency and throughput against the adapter's documented values.
template <class A>
int report_timing(const Options &opt, const RunStats &s) {
    int status = 0;
    if (s.latency_probes == 0) {
        std::printf("LATENCY unit=%s cycles=unmeasured (count=0)\n", opt.unit.c_str());
    } else {
        std::printf("LATENCY unit=%s cycles=%u", opt.unit.c_str(), s.latency_max);
        if (s.latency_min != s.latency_max) std::printf(" min=%u", s.latency_min);
        std::printf(" probes=%u", s.latency_probes);
        if (A::kSpecLatency >= 0) std::printf(" spec=%d", A::kSpecLatency);
        std::printf("\n");
        if (A::kSpecLatency >= 0 &&
            (s.latency_min != static_cast<unsigned>(A::kSpecLatency) ||
             s.latency_max != static_cast<unsigned>(A::kSpecLatency))) {
            std::printf("FAIL unit=%s seed=%" PRIu64 " reason=latency measured=%u..%u spec=%d\n",
                        opt.unit.c_str(), opt.seed, s.latency_min, s.latency_max,
                        A::kSpecLatency);
            status = 1;
        }
    }
    if (s.thr_lines > 0) {
        std::printf("THROUGHPUT unit=%s transfers=%" PRIu64 " valid_cycles=%" PRIu64 "\n",
                    opt.unit.c_str(), s.thr_lines, s.thr_valid_cycles);
        if (A::kFullThroughput && s.thr_valid_cycles != s.thr_lines) {
            std::printf("FAIL unit=%s seed=%" PRIu64 " reason=throughput: %" PRIu64
                        " inputs needed %" PRIu64 " cycles of in_valid with out_ready high, "
                        "spec: one per cycle\n",
                        opt.unit.c_str(), opt.seed, s.thr_lines, s.thr_valid_cycles);
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
    if (failure.failed) return report_failure(opt, adapter, failure);
    std::map<std::string, uint64_t> events;
    adapter.coverage(events);
    print_coverage(opt, s, events);
    std::printf("STATS unit=%s sent=%" PRIu64 " cycles=%" PRIu64 " seconds=%.1f\n",
                opt.unit.c_str(), s.sent, s.cycles, secs);
    if (opt.dump) std::printf("WAVEFORM %s cycles=0..%" PRIu64 "\n", opt.fst.c_str(), s.cycles);
    if (report_timing<A>(opt, s) != 0) return 1;
    if (s.checked != opt.count) {
        std::printf("FAIL unit=%s seed=%" PRIu64 " reason=checked %" PRIu64 " of %" PRIu64 "\n",
                    opt.unit.c_str(), opt.seed, s.checked, opt.count);
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
