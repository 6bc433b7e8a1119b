// router_mcast against npsim's router, cycle by cycle (docs/router.md "Equivalence").
//
// The reference is the router code npsim runs (sim/net/router.c), driven per port through
// sim/net/router_bench.h; the traffic and the model's expectations of every cycle come from
// sim/net/router_stim.h (the same records `npsim router-vectors` writes as golden vectors): both
// routers get the same flit on the same input, VC and cycle, the same credits and VC releases on
// the same output VC and cycle. Every cycle the harness compares every output flit (port, VC,
// head/tail, all FlitW data bits: the rewritten head fields of each multicast replica and the
// next hop's route included) and every credit and release each input VC returns. Traffic: on
// each of the five inputs, unicast and multicast packets of both classes, 1 .. 12 flits
// (multicast 1 .. McastMax), interleaved over the VCs, random destinations and destination sets
// of the 8x8 mesh, random gaps; downstream, every credit comes back after a random delay (bursts
// of stalls) and a VC held by the downstream's replication buffer is released after a random
// delay.
//
// With --vectors FILE (make verify gives vectors/router/router_mcast.hex, which `npsim
// router-vectors` wrote from the same records) the harness first replays the file's cycles into
// a freshly reset router, comparing as above, then runs the random traffic.
//
// The first difference prints one MISMATCH line and the run is replayed from the start (it is
// deterministic in the seed) with an FST of the cycles before the failure (--fst).
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <verilated.h>
#include <verilated_fst_c.h>

#include "Vrouter_mcast.h"
#include "hexfile.h"
#include "router_harness.h"

extern "C" {
#include "net/router_stim.h"
}

bool np_tb_inputs_unchanged = false;   // verilator_tb/skip_ico.sh: inputs change every cycle here

namespace {

using namespace tb::router;

// --va-alloc: npsim's VC allocator, named as its config key va_alloc names it (config_set checks
// it), npsim's default when not given; the RTL must be Verilated with the matching VaAlloc
// (router_mcast has the default's, make verify-router-sequential the other)
sim_va_alloc va_alloc_option(const tb::Options &opt) {
    sim_config cfg;
    config_default(&cfg);
    if (opt.extra_string("va-alloc").empty()) return cfg.va_alloc;
    const std::string assignment = "va_alloc=" + opt.extra_string("va-alloc");
    char err[256];
    if (!config_set(&cfg, "--va-alloc", assignment.c_str(), err, sizeof err)) throw tb::Error(err);
    return cfg.va_alloc;
}

// router_mcast's parameters (router_vc's defaults, router_PARAM_TOPS in rtl/router/unit.mk), as
// sim/net/router_stim.h has them.
constexpr unsigned kK = RSTIM_K, kFlitW = 32 * RSTIM_FLIT_WORDS, kWords = RSTIM_FLIT_WORDS;
static_assert(kPorts == RSTIM_PORTS && kVcs == RSTIM_VCS && kDepth == RSTIM_DEPTH, "router_stim.h's router");
// The model's parameters are the -G values of its parameter set: its links must be FlitW wide.
static_assert(sizeof(Vrouter_mcast::out_data_o) == kPorts * kFlitW / 8, "router_mcast's FlitW is not the harness's");

// The layout of vectors/router/router_mcast.hex (docs/vectors.md, sim/cmd/router_vectors.c): the
// inputs of a cycle, then the outputs the model expects in it.
const char *const kInSide[] = {"in_valid", "in_vc", "in_head", "in_tail", "in_data", "out_credit", "out_release"};
const char *const kExpSide[] = {"exp_out_valid", "exp_out_vc", "exp_out_head", "exp_out_tail", "exp_out_data",
                                "exp_in_credit", "exp_in_release"};
const tb::HexLayout &vector_layout() {
    constexpr unsigned kBusW[] = {kPorts, kPorts * kVcW, kPorts, kPorts, kPorts * kFlitW, kPorts * kVcs * kCntW, kPorts * kVcs};
    static const tb::HexLayout layout{
        {kInSide[0], kBusW[0]}, {kInSide[1], kBusW[1]}, {kInSide[2], kBusW[2]}, {kInSide[3], kBusW[3]},
        {kInSide[4], kBusW[4]}, {kInSide[5], kBusW[5]}, {kInSide[6], kBusW[6]},
        {kExpSide[0], kBusW[0]}, {kExpSide[1], kBusW[1]}, {kExpSide[2], kBusW[2]}, {kExpSide[3], kBusW[3]},
        {kExpSide[4], kBusW[4]}, {kExpSide[5], kBusW[5]}, {kExpSide[6], kBusW[6]}};
    return layout;
}

// One side of a vector (named by `side`) into flits, credits and releases.
void read_side(const tb::Bits &vec, const char *const side[7], rstim_flit *fl, unsigned *credit, uint32_t *release) {
    const tb::HexLayout &l = vector_layout();
    uint64_t valid = l.get_u64(vec, side[0]), vcs = l.get_u64(vec, side[1]);
    uint64_t head = l.get_u64(vec, side[2]), tail = l.get_u64(vec, side[3]);
    tb::Bits data = l.get(vec, side[4]), cr = l.get(vec, side[5]);
    for (unsigned p = 0; p < kPorts; p++) {
        fl[p].valid = valid >> p & 1u;
        fl[p].vc = static_cast<unsigned>(vcs >> (p * kVcW) & ((1u << kVcW) - 1));
        fl[p].head = head >> p & 1u;
        fl[p].tail = tail >> p & 1u;
        for (unsigned k = 0; k < kWords; k++) fl[p].data[k] = data.words()[p * kWords + k];
    }
    for (unsigned i = 0; i < kPorts * kVcs; i++) credit[i] = static_cast<unsigned>(cr.u64(i * kCntW, kCntW));
    *release = static_cast<uint32_t>(l.get_u64(vec, side[6]));
}

std::vector<rstim_cycle> load_vectors(const std::string &path) {
    std::vector<rstim_cycle> out;
    for (const tb::HexVector &v : tb::load_hex_vectors(path, vector_layout())) {
        rstim_cycle c{};
        c.cycle = out.size();
        read_side(v.value, kInSide, c.in, c.out_credit, &c.out_release);
        read_side(v.value, kExpSide, c.out, c.in_credit, &c.in_release);
        out.push_back(c);
    }
    return out;
}

class Bench {
public:
    // With `replay`, the cycles are the file's instead of the random traffic's.
    Bench(const tb::Options &opt, uint64_t trace_from, const std::string &fst, bool quiet,
          const std::vector<rstim_cycle> *replay = nullptr)
        : opt_(opt), trace_from_(trace_from), fst_path_(fst), quiet_(quiet), replay_(replay) {
        rstim_params p = rstim_default_params(opt.seed, opt.count);
        p.load = opt.extra_double("load");
        p.mcast_share = opt.extra_double("mcast");
        p.stall = opt.no_stall ? 0.0 : opt.stall;
        p.va_alloc = va_alloc_option(opt);
        p.timeout = opt.timeout;
        p.max_cycles = opt.max_cycles;
        char err[256];
        stim_ = rstim_create(&p, err, sizeof err);
        if (!stim_) throw tb::Error(err);
        ctx_ = std::make_unique<VerilatedContext>();
        ctx_->traceEverOn(true);
        dut_ = std::make_unique<Vrouter_mcast>(ctx_.get());
        log_ = opt.extra_u64("log") != 0;
    }
    ~Bench() {
        if (trace_) trace_->close();
        rstim_destroy(stim_);
    }

    // Runs until every record is through. Returns the cycle of the first difference, or 0 when
    // the run passed.
    uint64_t run();
    const rstim_totals &totals() const { return *rstim_totals_of(stim_); }

private:
    const tb::Options &opt_;
    uint64_t trace_from_;
    std::string fst_path_;
    bool quiet_;
    const std::vector<rstim_cycle> *replay_;
    size_t replay_at_ = 0;
    router_stim *stim_ = nullptr;
    std::unique_ptr<VerilatedContext> ctx_;
    std::unique_ptr<Vrouter_mcast> dut_;
    std::unique_ptr<VerilatedFstC> trace_;
    bool log_ = false;
    uint64_t cycle_ = 0, expected_index_ = 0;

    void fail(const char *what, unsigned port, unsigned vc, const std::string &detail) {
        if (quiet_) return;
        if (replay_)
            std::printf("MISMATCH unit=router_mcast vectors=%s cycle=%" PRIu64 " what=%s port=%u vc=%u %s\n",
                        opt_.vectors.c_str(), cycle_, what, port, vc, detail.c_str());
        else
            std::printf("MISMATCH unit=router_mcast cycle=%" PRIu64 " what=%s port=%u vc=%u %s seed=%" PRIu64 "\n",
                        cycle_, what, port, vc, detail.c_str(), opt_.seed);
    }
    rstim_status next(rstim_cycle *rec) {
        if (!replay_) return rstim_next(stim_, rec);
        if (replay_at_ == replay_->size()) return RSTIM_DONE;
        *rec = (*replay_)[replay_at_++];
        return RSTIM_CYCLE;
    }
    bool compare_outputs(rstim_cycle &rec);
    bool compare_returns(const rstim_cycle &rec);
    void drive(const rstim_cycle &rec);
    void tick();
};

// The RTL's output flits of this cycle against the model's.
bool Bench::compare_outputs(rstim_cycle &rec) {
    for (unsigned q = 0; q < kPorts; q++) {
        rstim_flit &e = rec.out[q];
        if (e.valid && opt_.inject_mismatch >= 0 && expected_index_++ == static_cast<uint64_t>(opt_.inject_mismatch))
            e.data[0] ^= 1u;
        bool valid = dut_->out_valid_o >> q & 1u;
        if (valid != e.valid) {
            fail("out_valid", q, 0, std::string("expected=") + (e.valid ? "1" : "0") + " got=" + (valid ? "1" : "0"));
            return false;
        }
        if (!valid) continue;
        unsigned vc = (dut_->out_vc_o >> (q * kVcW)) & ((1u << kVcW) - 1);
        bool head = dut_->out_head_o >> q & 1u, tail = dut_->out_tail_o >> q & 1u;
        const uint32_t *got = dut_->out_data_o.data() + q * kWords;
        if (log_)
            std::printf("LOG %" PRIu64 " out=%u vc=%u h=%d t=%d %s\n", cycle_, q, e.vc, e.head, e.tail, hex(e.data, kWords).c_str());
        if (vc != e.vc || head != e.head || tail != e.tail || std::memcmp(got, e.data, sizeof e.data) != 0) {
            char detail[512];
            std::snprintf(detail, sizeof detail, "expected=vc%u,h%d,t%d,%s got=vc%u,h%d,t%d,%s", e.vc, e.head, e.tail,
                          hex(e.data, kWords).c_str(), vc, head, tail, hex(got, kWords).c_str());
            fail("out_flit", q, e.vc, detail);
            return false;
        }
    }
    return true;
}

// The credits and releases the RTL returns upstream in this cycle against the model's.
bool Bench::compare_returns(const rstim_cycle &rec) {
    for (unsigned i = 0; i < kPorts * kVcs; i++) {
        unsigned p = i / kVcs, v = i % kVcs;
        unsigned got = static_cast<unsigned>(get_bits(dut_->in_credit_o.data(), i * kCntW, kCntW));
        bool rel = rec.in_release >> i & 1u, got_rel = dut_->in_release_o >> i & 1u;
        if (log_ && (got || rec.in_credit[i] || rel || got_rel))
            std::printf("LOG %" PRIu64 " credit in=%u vc=%u model=%u rel=%d rtl=%u rel=%d\n", cycle_, p, v, rec.in_credit[i],
                        rel, got, got_rel);
        if (got != rec.in_credit[i]) {
            fail("in_credit", p, v, "expected=" + std::to_string(rec.in_credit[i]) + " got=" + std::to_string(got));
            return false;
        }
        if (got_rel != rel) {
            fail("in_release", p, v, std::string("expected=") + (rel ? "1" : "0") + " got=" + (got_rel ? "1" : "0"));
            return false;
        }
    }
    return true;
}

// This cycle's inputs: a flit on each input link that carries one, the downstream's credits and
// releases.
void Bench::drive(const rstim_cycle &rec) {
    dut_->in_valid_i = 0;
    for (unsigned p = 0; p < kPorts; p++) {
        const rstim_flit &f = rec.in[p];
        if (!f.valid) continue;
        if (log_)
            std::printf("LOG %" PRIu64 " in=%u vc=%u h=%d t=%d %s\n", cycle_, p, f.vc, f.head, f.tail, hex(f.data, kWords).c_str());
        dut_->in_valid_i |= 1u << p;
        dut_->in_vc_i = static_cast<uint16_t>((dut_->in_vc_i & ~(((1u << kVcW) - 1) << (p * kVcW))) | f.vc << (p * kVcW));
        dut_->in_head_i = (dut_->in_head_i & ~(1u << p)) | (f.head ? 1u << p : 0);
        dut_->in_tail_i = (dut_->in_tail_i & ~(1u << p)) | (f.tail ? 1u << p : 0);
        for (unsigned k = 0; k < kWords; k++) dut_->in_data_i[p * kWords + k] = f.data[k];
    }
    uint32_t *oc = dut_->out_credit_i.data();
    for (unsigned i = 0; i < kPorts * kVcs; i++) put_bits(oc, i * kCntW, kCntW, rec.out_credit[i]);
    dut_->out_release_i = rec.out_release;
}

void Bench::tick() {
    dut_->clk_i = 1;
    dut_->eval();
    if (trace_) trace_->dump(static_cast<uint64_t>(cycle_) * 10 + 5);
    dut_->clk_i = 0;
    dut_->eval();
    if (trace_) trace_->dump(static_cast<uint64_t>(cycle_) * 10 + 10);
}

uint64_t Bench::run() {
    dut_->cur_x_i = RSTIM_ROUTER % kK;
    dut_->cur_y_i = RSTIM_ROUTER / kK;
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
    rstim_cycle rec;
    for (;;) {
        rstim_status st = next(&rec);
        if (st == RSTIM_DONE) return 0;
        if (st == RSTIM_HANG) {
            if (!quiet_)
                std::printf("TIMEOUT unit=router_mcast cycle=%" PRIu64 " %s seed=%" PRIu64 "\n", cycle_,
                            rstim_hang_reason(stim_), opt_.seed);
            return cycle_ ? cycle_ : 1;
        }
        cycle_ = rec.cycle;
        if (!trace_ && !fst_path_.empty() && cycle_ >= trace_from_) {
            trace_ = std::make_unique<VerilatedFstC>();
            dut_->trace(trace_.get(), 99);
            trace_->open(fst_path_.c_str());
        }
        // the outputs of this cycle (registered: the inputs of this cycle do not change them)
        if (!compare_outputs(rec) || !compare_returns(rec)) return cycle_ ? cycle_ : 1;
        drive(rec);
        tick();
    }
}

}  // namespace

int main(int argc, char **argv) {
    return main_with_replay<Bench>(
        argc, argv, "router_mcast", "0.6", "probability that an input offers a flit in a cycle",
        [](const tb::Options &opt, const rstim_totals &tot) {
            // the fewest cycles from a flit on an input link to it on an output link, and how many
            // flits took that few (np_report's latency_cycles); the fewest cycles between two
            // flits on one output (its ii_cycles)
            std::printf("LATENCY unit=router_mcast cycles=%" PRIu64 " flits=%" PRIu64 "\n", tot.latency_min,
                        tot.latency_min_flits);
            std::printf("THROUGHPUT unit=router_mcast ii_cycles=%" PRIu64 "\n", tot.ii_min);
            std::printf("STATS unit=router_mcast cycles=%" PRIu64 " flits_in=%" PRIu64 " flits_out=%" PRIu64
                        " packets=%" PRIu64 " multicast=%" PRIu64 " longer_than_vc=%" PRIu64 " held_downstream=%" PRIu64
                        " credits=%" PRIu64 " releases=%" PRIu64 "\n", tot.cycles, tot.flits_in, tot.flits_out,
                        tot.packets, tot.mcast, tot.long_mcast, tot.holds, tot.credits, tot.releases);
            std::printf("PASS unit=router_mcast seed=%" PRIu64 " checked=%" PRIu64 " flits in, %" PRIu64
                        " flits out, %" PRIu64 " credits, %" PRIu64 " releases, every cycle\n", opt.seed, tot.flits_in,
                        tot.flits_out, tot.credits, tot.releases);
        },
        [](const tb::Options &opt) {
            if (opt.vectors.empty()) return 0;
            if (va_alloc_option(opt) != rstim_default_params(0, 0).va_alloc)
                throw tb::Error("--vectors: the golden vectors are npsim's default VC allocator's (no --va-alloc)");
            std::vector<rstim_cycle> cycles = load_vectors(opt.vectors);
            return run_or_trace(
                opt, "router_mcast",
                [&](uint64_t from, const std::string &fst, bool quiet) {
                    return std::make_unique<Bench>(opt, from, fst, quiet, &cycles);
                },
                [&](const Bench &) {
                    std::printf("VECTORS unit=router_mcast file=%s cycles=%zu, every output compared every cycle\n",
                                opt.vectors.c_str(), cycles.size());
                });
        },
        [](tb::Options &opt) {
            opt.declare("va-alloc", "", "npsim's VC allocator (va_alloc): separable | sequential, as the RTL's VaAlloc; empty: npsim's default");
        });
}
