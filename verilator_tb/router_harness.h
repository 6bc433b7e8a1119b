// What the router's two harnesses share (docs/router.md 6 and 8): router_mcast_tb.cpp drives one
// router beside npsim's router code, router_mesh_tile_tb.cpp a 4x4 mesh beside npsim's network.
// Both need the npsim configuration router_vc's parameters match, the same random packets, the
// head flit's fields on Verilator's 32-bit word arrays, and the same main: run, and on the first
// difference replay the run (deterministic in the seed) with an FST of the cycles before it.
// Header only: the run-then-replay main is a template over the harness's bench, and the rest is
// a few lines each.
#ifndef NP_TB_ROUTER_HARNESS_H
#define NP_TB_ROUTER_HARNESS_H

#include <cinttypes>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>

#include <verilated.h>

#include "error.h"
#include "options.h"
#include "rng.h"

extern "C" {
#include "mcast.h"
#include "util/config.h"
}

namespace tb {
namespace router {

// router_vc's parameters that both harnesses keep at npsim's defaults (rtl/router/unit.mk:
// router_mcast and router_mesh_tile differ only in K and FlitW).
constexpr unsigned kPorts = 5, kVcs = 4, kVcsReq = 2, kDepth = 8, kMcastMax = 9;
constexpr unsigned kCntW = 4, kVcW = 2, kLenW = 8, kCreditDelay = 1;
// Head flit fields (docs/router.md "Flit"); the destination field starts at kFDest.
constexpr unsigned kFCls = 0, kFMc = 1, kFLen = 2, kFRoute = kFLen + kLenW, kFDest = kFRoute + 5;
constexpr unsigned kMaxUnicastFlits = 12;

// npsim's configuration that router_vc with the parameters above and mesh side k is equal to:
// XY requests, YX replies, the VC-first switch allocator, body flits in SA from the cycle after
// their write, the sequential VC allocator, no injection-channel cycles.
inline sim_config npsim_config(unsigned k) {
    sim_config cfg;
    config_default(&cfg);
    cfg.topology = TOPO_MESH;
    cfg.mesh_k = k;
    cfg.vcs = kVcs;
    cfg.vcs_request = kVcsReq;
    cfg.vc_depth = kDepth;
    cfg.credit_delay = kCreditDelay;
    cfg.mcast_max_flits = kMcastMax;
    cfg.inject_cycles = 0;
    cfg.routing[0] = ROUTE_XY;   // requests (net.h CLASS_REQUEST)
    cfg.routing[1] = ROUTE_YX;   // replies
    cfg.sa_input = SA_INPUT_VC;
    cfg.body_sa = BODY_SA_NEXT;
    cfg.va_alloc = VA_SEQUENTIAL;
    return cfg;
}

// Bits lo .. lo+n-1 (n <= 64) of a little-endian array of 32-bit words (a Verilator port).
inline void put_bits(uint32_t *w, unsigned lo, unsigned n, uint64_t v) {
    for (unsigned i = 0; i < n; i++) {
        unsigned b = lo + i;
        uint32_t m = 1u << (b % 32);
        w[b / 32] = (v >> i & 1u) ? (w[b / 32] | m) : (w[b / 32] & ~m);
    }
}

inline uint64_t get_bits(const uint32_t *w, unsigned lo, unsigned n) {
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++) v |= static_cast<uint64_t>(w[(lo + i) / 32] >> ((lo + i) % 32) & 1u) << i;
    return v;
}

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

// The mix of packets both harnesses offer: a share of multicast packets, to 2..6 destinations
// or, one in four, 2..max_set, of 1..McastMax flits (the longest through the replication
// buffers); unicast packets of 1..5 flits or, one in three, 1..12.
struct PacketMix {
    double mcast_share;
    unsigned nodes;
    unsigned max_set;      // largest destination set
};

struct PacketShape {
    bool multicast = false;
    unsigned len = 0;
    unsigned dest = 0;     // unicast
    mcast_set dests{};     // multicast
};

// A random packet from `src` (a node no multicast set includes; `nodes` for none).
inline PacketShape random_packet(Rng &rng, const PacketMix &offered, unsigned src) {
    PacketShape p;
    p.multicast = rng.below(1000) < static_cast<uint64_t>(offered.mcast_share * 1000);
    if (p.multicast) {
        mcast_set_clear(&p.dests);
        unsigned size = 2 + static_cast<unsigned>(rng.below(rng.below(4) == 0 ? offered.max_set - 1 : 5));
        while (mcast_set_count(&p.dests) < size) {
            unsigned d = static_cast<unsigned>(rng.below(offered.nodes));
            if (d != src) mcast_set_add(&p.dests, d);
        }
        p.len = 1 + static_cast<unsigned>(rng.below(kMcastMax));
    } else {
        p.dest = static_cast<unsigned>(rng.below(offered.nodes));
        p.len = 1 + static_cast<unsigned>(rng.below(rng.below(3) == 0 ? kMaxUnicastFlits : 5));
    }
    return p;
}

// The main of a router harness. Bench(opt, trace_from, fst, quiet) runs with run(), which
// returns the cycle of the first difference (0: passed), and totals(). A failed run is replayed
// from the start, quiet, with an FST from trace_window cycles before the failure; a passing one
// prints what `report` says (its STATS and PASS lines). The options the benches read besides
// the common ones: --load (its default and meaning are the harness's), --mcast, --log.
template <class Bench>
int main_with_replay(int argc, char **argv, const char *unit, const char *load_default, const char *load_help,
                     const std::function<void(const Options &, const std::decay_t<decltype(std::declval<Bench &>().totals())> &)> &report) {
    try {
        Options opt;
        opt.unit = unit;
        opt.declare("load", load_default, load_help);
        opt.declare("mcast", "0.3", "share of multicast packets");
        opt.declare("log", "0", "1: print every flit sent and every credit returned (debugging)");
        if (!opt.parse(argc, argv)) return 0;
        if (opt.fst.empty()) opt.fst = std::string(unit) + "_fail.fst";
        Verilated::commandArgs(argc, argv);
        uint64_t failed;
        std::decay_t<decltype(std::declval<Bench &>().totals())> tot;
        {
            Bench bench(opt, opt.dump ? 0 : UINT64_MAX, opt.dump ? opt.fst : std::string(), false);
            failed = bench.run();
            tot = bench.totals();
        }
        if (failed) {
            uint64_t from = failed > opt.trace_window ? failed - opt.trace_window : 0;
            Bench replay(opt, from, opt.fst, true);
            replay.run();
            std::printf("WAVEFORM unit=%s file=%s cycles=%" PRIu64 "..%" PRIu64 "\n", unit, opt.fst.c_str(), from, failed);
            return 1;
        }
        report(opt, tot);
        return 0;
    } catch (const Error &e) {
        std::printf("ERROR unit=%s %s\n", unit, e.what());
        return 2;
    }
}

}  // namespace router
}  // namespace tb

#endif
