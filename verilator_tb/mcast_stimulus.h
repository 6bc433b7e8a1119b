// Stimulus and model glue shared by the multicast RC harnesses (mcast_rc_tb.cpp,
// mcast_rc_lookahead_tb.cpp; docs/mcast.md section 9). An input is one RC evaluation: router
// position, XY/YX, destination set over the 8 x 8 mesh (bit n = node n = (n % 8, n / 8)).
// Destination sets come from a weighted mix of shapes: empty, one node, a few nodes, all, all
// but a few, a row, a column, a row plus a column, a rectangle, a quadrant of the mesh, a
// quadrant around the router, the router's neighbours, and random sets of random density.
#ifndef NP_TB_MCAST_STIMULUS_H
#define NP_TB_MCAST_STIMULUS_H

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "bits.h"
#include "error.h"
#include "harness.h"
#include "hexfile.h"
#include "lines.h"
#include "mcast.h"
#include "rng.h"
#include "txn.h"

namespace tb {
namespace mcast {

constexpr unsigned kK = 8;                 // the RTL tops' default K (docs/mcast.md 6)
constexpr unsigned kNodes = kK * kK;
constexpr unsigned kCoordBits = 3;
constexpr unsigned kPorts = MCAST_MESH_PORTS;
static_assert(kNodes == 64, "the harness carries a destination set in one 64-bit word");

struct Input {
    unsigned x = 0, y = 0;                 // router column and row
    unsigned order = 0;                    // 0 XY, 1 YX (mcast_order)
    uint64_t dests = 0;
};

inline mcast_set to_set(uint64_t bits) {
    mcast_set s;
    mcast_set_clear(&s);
    s.w[0] = bits;
    return s;
}

// The subsets, first one least significant: bit (i*64 + n) = node n of sets[i].
inline Bits sets_field(const mcast_set *sets, unsigned count) {
    Bits b(count * kNodes);
    for (unsigned i = 0; i < count; i++)
        for (unsigned n = 0; n < kNodes; n++) b.set(i * kNodes + n, (sets[i].w[0] >> n) & 1u);
    return b;
}

inline std::string describe(const Input &in) {
    char buf[160];
    std::snprintf(buf, sizeof buf, "cur_x=%u cur_y=%u order=%s dests=%016llx", in.x, in.y,
                  in.order ? "yx" : "xy", static_cast<unsigned long long>(in.dests));
    return buf;
}

inline uint64_t node_bit(unsigned x, unsigned y) { return 1ull << (y * kK + x); }

// Nodes with column in [x0, x1] and row in [y0, y1].
inline uint64_t rect(unsigned x0, unsigned x1, unsigned y0, unsigned y1) {
    uint64_t s = 0;
    for (unsigned y = y0; y <= y1; y++)
        for (unsigned x = x0; x <= x1; x++) s |= node_bit(x, y);
    return s;
}

// The weighted shape mix; the shape name is the input's origin variant.
class Generator {
public:
    void next(Rng &rng, Input &in, Origin &origin) {
        in.x = static_cast<unsigned>(rng.below(kK));
        in.y = static_cast<unsigned>(rng.below(kK));
        in.order = static_cast<unsigned>(rng.below(2));
        static const Shape kPick[] = {kEmpty,  kSingle,   kSingle, kFew,      kFew,       kAll,
                                      kAllBut, kRow,      kColumn, kCross,    kRect,      kRect,
                                      kMeshQuadrant, kRouterQuadrant, kRouterQuadrant, kNeighbours,
                                      kRandom, kRandom,   kRandom, kRandom};
        static const char *const kNames[] = {"empty",        "single",          "few",
                                             "all",          "all_but_few",     "row",
                                             "column",       "row_and_column",  "rectangle",
                                             "mesh_quadrant", "router_quadrant", "neighbours",
                                             "random_density"};
        const Shape s = kPick[rng.below(sizeof kPick / sizeof kPick[0])];
        in.dests = make(rng, s, in.x, in.y);
        origin = Origin{"synthetic", count_++, kNames[s]};
    }
    void begin_run() { count_ = 0; }

private:
    enum Shape {
        kEmpty, kSingle, kFew, kAll, kAllBut, kRow, kColumn, kCross, kRect, kMeshQuadrant,
        kRouterQuadrant, kNeighbours, kRandom
    };

    static uint64_t few(Rng &rng) {
        uint64_t s = 0;
        const unsigned n = static_cast<unsigned>(rng.range(2, 5));
        for (unsigned i = 0; i < n; i++) s |= 1ull << rng.below(kNodes);
        return s;
    }

    static uint64_t make(Rng &rng, Shape s, unsigned x, unsigned y) {
        const unsigned rx = static_cast<unsigned>(rng.below(kK)), ry = static_cast<unsigned>(rng.below(kK));
        switch (s) {
        case kEmpty: return 0;
        case kSingle: return 1ull << rng.below(kNodes);
        case kFew: return few(rng);
        case kAll: return ~0ull;
        case kAllBut: return ~few(rng);
        case kRow: return rect(0, kK - 1, ry, ry);
        case kColumn: return rect(rx, rx, 0, kK - 1);
        case kCross: return rect(0, kK - 1, ry, ry) | rect(rx, rx, 0, kK - 1);
        case kRect: {
            const unsigned x1 = static_cast<unsigned>(rng.range(rx, kK - 1));
            const unsigned y1 = static_cast<unsigned>(rng.range(ry, kK - 1));
            return rect(rx, x1, ry, y1);
        }
        case kMeshQuadrant: {
            const unsigned qx = static_cast<unsigned>(rng.below(2)), qy = static_cast<unsigned>(rng.below(2));
            return rect(qx * kK / 2, qx * kK / 2 + kK / 2 - 1, qy * kK / 2, qy * kK / 2 + kK / 2 - 1);
        }
        case kRouterQuadrant: {
            // Strictly or loosely beyond the router in each axis (the boundary row/column
            // included half the time), clipped to the mesh.
            const bool east = rng.chance(0.5), south = rng.chance(0.5), incl = rng.chance(0.5);
            const int off = incl ? 0 : 1;
            const int last = static_cast<int>(kK) - 1;
            const int x0 = east ? static_cast<int>(x) + off : 0, x1 = east ? last : static_cast<int>(x) - off;
            const int y0 = south ? static_cast<int>(y) + off : 0, y1 = south ? last : static_cast<int>(y) - off;
            if (x0 > x1 || y0 > y1) return 0;
            return rect(static_cast<unsigned>(x0), static_cast<unsigned>(x1), static_cast<unsigned>(y0),
                        static_cast<unsigned>(y1));
        }
        case kNeighbours: {
            uint64_t r = rng.chance(0.5) ? node_bit(x, y) : 0;
            if (x + 1 < kK && rng.chance(0.7)) r |= node_bit(x + 1, y);
            if (x > 0 && rng.chance(0.7)) r |= node_bit(x - 1, y);
            if (y + 1 < kK && rng.chance(0.7)) r |= node_bit(x, y + 1);
            if (y > 0 && rng.chance(0.7)) r |= node_bit(x, y - 1);
            return r;
        }
        case kRandom: {
            const double density = static_cast<double>(rng.range(1, 63)) / 64.0;
            uint64_t r = 0;
            for (unsigned n = 0; n < kNodes; n++)
                if (rng.chance(density)) r |= 1ull << n;
            return r;
        }
        }
        return 0;
    }

    uint64_t count_ = 0;
};

// The four input fields of both vector files (docs/mcast.md 9), first most significant.
inline Input input_from_vector(const HexLayout &layout, const Bits &v) {
    Input in;
    in.x = static_cast<unsigned>(layout.get_u64(v, "cur_x"));
    in.y = static_cast<unsigned>(layout.get_u64(v, "cur_y"));
    in.order = static_cast<unsigned>(layout.get_u64(v, "order"));
    in.dests = layout.get_u64(v, "dests");
    return in;
}

// What the two RC tops' adapters share (both take {position, order, destinations} on the same
// input port): the golden vectors first, then the Generator's mix; the input pins; vector
// loading with a stale check of exp_mask and exp_dests against the model. Derived supplies
//   static Txn model(const Input &)   the C model's expected {mask, dests} transaction
// plus observe() and outcome(), as for any StreamAdapter.
template <class Derived, class DutT>
class RcAdapterBase : public StreamAdapter<Derived, DutT> {
public:
    using Dut = DutT;
    using Input = mcast::Input;

    RcAdapterBase(const Options &opt, const HexLayout &layout) {
        if (!opt.vectors.empty()) load_vectors(opt.vectors, layout);
    }

    void begin_run(Rng &) {
        next_vector_ = 0;
        gen_.begin_run();
    }

    bool next_input(Rng &rng, Input &in, Origin &origin) {
        if (next_vector_ < vectors_.size()) {
            in = vectors_[next_vector_];
            origin = Origin{"vector", next_vector_, nullptr};
            next_vector_++;
            return true;
        }
        gen_.next(rng, in, origin);
        return true;
    }

    void drive_input(Dut &d, const Input &in) {
        d.in_cur_x_i = static_cast<uint8_t>(in.x);
        d.in_cur_y_i = static_cast<uint8_t>(in.y);
        d.in_order_i = static_cast<uint8_t>(in.order);
        d.in_dests_i = in.dests;
    }

    void drive_idle(Dut &d, Rng &rng) {
        d.in_cur_x_i = static_cast<uint8_t>(rng.bits(kCoordBits));
        d.in_cur_y_i = static_cast<uint8_t>(rng.bits(kCoordBits));
        d.in_order_i = static_cast<uint8_t>(rng.bits(1));
        d.in_dests_i = rng.next();
    }

    std::string describe(const Input &in) const { return mcast::describe(in); }

private:
    void load_vectors(const std::string &path, const HexLayout &layout) {
        for (const HexVector &v : load_hex_vectors(path, layout)) {
            const Input in = input_from_vector(layout, v.value);
            const Txn exp = Derived::model(in);
            expect_recorded(layout, v, "exp_mask", exp.fields[0].value);
            expect_recorded(layout, v, "exp_dests", exp.fields[1].value);
            vectors_.push_back(in);
        }
    }

    std::vector<Input> vectors_;
    size_t next_vector_ = 0;
    Generator gen_;
};

}  // namespace mcast
}  // namespace tb

#endif
