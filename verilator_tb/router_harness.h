// What the router's two harnesses share (docs/router.md 6 and 8): router_mcast_tb.cpp drives one
// router beside npsim's router code, router_mesh_tile_tb.cpp a 4x4 mesh beside npsim's network.
// Both need the npsim configuration router_vc's parameters match, the head flit's fields on
// Verilator's 32-bit word arrays (the C side, sim/net/router_stim.h, has the packet mix too), and
// the same main: run, and on the first difference replay the run (deterministic in the seed) with
// an FST of the cycles before it. Header only: the main is a template over the harness's bench.
#ifndef NP_TB_ROUTER_HARNESS_H
#define NP_TB_ROUTER_HARNESS_H

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include <verilated.h>

#include "error.h"
#include "options.h"
#include "rng.h"

extern "C" {
#include "mcast.h"
#include "net/router_bench.h"
#include "net/router_stim.h"
}

namespace tb {
namespace router {

// router_vc's parameters that both harnesses keep at npsim's defaults (rtl/router/unit.mk:
// router_mcast and router_mesh_tile differ only in K and FlitW).
constexpr unsigned kPorts = 5, kVcs = 4, kVcsReq = 2, kDepth = 8, kMcastMax = 9;
constexpr unsigned kCntW = 4, kVcW = 2, kLenW = 8, kCreditDelay = 1;
// Head flit fields (docs/router.md "Flit"); the destination field starts at kFDest.
constexpr unsigned kFCls = 0, kFMc = 1, kFLen = 2, kFRoute = kFLen + kLenW, kFDest = kFRoute + 5;

// npsim's configuration that router_vc with the parameters above and mesh side k is equal to.
inline sim_config npsim_config(unsigned k) {
    sim_config cfg;
    rbench_rtl_config(&cfg, k);
    return cfg;
}

// Bits lo .. lo+n-1 (n <= 64) of a little-endian array of 32-bit words (a Verilator port).
inline void put_bits(uint32_t *w, unsigned lo, unsigned n, uint64_t v) { rstim_put_bits(w, lo, n, v); }
inline uint64_t get_bits(const uint32_t *w, unsigned lo, unsigned n) { return rstim_get_bits(w, lo, n); }

// A payload word: a hash of what identifies the flit.
inline uint64_t mix(uint64_t x) { return splitmix64(x); }

// Every word of a flit, most significant first.
inline std::string hex(const uint32_t *w, unsigned words) {
    std::string s;
    char buf[16];
    for (unsigned k = words; k-- > 0;) {
        std::snprintf(buf, sizeof buf, "%08x", w[k]);
        s += buf;
    }
    return s;
}

// Runs the bench make(trace_from, fst, quiet) builds (a std::unique_ptr to a bench whose run()
// returns the cycle of the first difference, 0 when it passed); `passed` sees a passing bench
// before it goes. On a failure a second bench runs from the start (a run is deterministic),
// quiet, with an FST from trace_window cycles before the failing cycle. Returns 0, or 1 after the
// WAVEFORM line.
template <class Make, class Passed>
int run_or_trace(const Options &opt, const char *unit, Make make, Passed passed) {
    uint64_t failed;
    {
        auto bench = make(opt.dump ? 0 : UINT64_MAX, opt.dump ? opt.fst : std::string(), false);
        failed = bench->run();
        if (!failed) passed(*bench);
    }
    if (!failed) return 0;
    uint64_t from = failed > opt.trace_window ? failed - opt.trace_window : 0;
    make(from, opt.fst, true)->run();
    std::printf("WAVEFORM unit=%s file=%s cycles=%" PRIu64 "..%" PRIu64 "\n", unit, opt.fst.c_str(), from, failed);
    return 1;
}

// The main of a router harness: Bench(opt, trace_from, fst, quiet) runs the random traffic
// (run_or_trace); a passing run prints what `report` says (its STATS and PASS lines). `first`,
// if given, runs before it (e.g. a vector file's replay) and a non-zero return ends the run with
// that status. The options the benches read besides the common ones: --load (its default and
// meaning are the harness's), --mcast, --log, and what `declare` adds. A tb::Error (bad options, an unreadable vector
// file) prints an ERROR line and exits 2.
template <class Bench>
int main_with_replay(int argc, char **argv, const char *unit, const char *load_default, const char *load_help,
                     const std::function<void(const Options &, const std::decay_t<decltype(std::declval<Bench &>().totals())> &)> &report,
                     const std::function<int(const Options &)> &first = nullptr,
                     const std::function<void(Options &)> &declare = nullptr) {
    try {
        Options opt;
        opt.unit = unit;
        opt.declare("load", load_default, load_help);
        opt.declare("mcast", "0.3", "share of multicast packets");
        opt.declare("log", "0", "1: print every flit sent and every credit returned (debugging)");
        if (declare) declare(opt);
        if (!opt.parse(argc, argv)) return 0;
        if (opt.fst.empty()) opt.fst = std::string(unit) + "_fail.fst";
        Verilated::commandArgs(argc, argv);
        if (first) {
            if (int status = first(opt)) return status;
        }
        return run_or_trace(
            opt, unit,
            [&](uint64_t from, const std::string &fst, bool quiet) { return std::make_unique<Bench>(opt, from, fst, quiet); },
            [&](const Bench &bench) { report(opt, bench.totals()); });
    } catch (const Error &e) {
        std::printf("ERROR unit=%s %s\n", unit, e.what());
        return 2;
    }
}

}  // namespace router
}  // namespace tb

#endif
