// The ops table (np_sc.h UnitOp): the data-moving units that are not a codec side. Adding one is
// an entry here (its C model, inputs and configuration image) plus its top in systemc.mk.
#include "np_sc.h"

#include <cstring>
#include <stdexcept>

#include "dsm.h"
#include "mcast.h"

namespace np_sc {

namespace {

uint64_t mix64(uint64_t x) {   // splitmix64's finaliser: a per-(seed, i) choice
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// ---- dsm-approx: dsm_approx (docs/dsm.md 5, 6) -------------------------------------------------
// The map both forms load after reset, one entry per cycle through cfg_we_i/cfg_idx_i/
// cfg_valid_i/cfg_start_i/cfg_end_i/cfg_bits_i (5 image words per entry: {valid | bits << 1,
// start[31:0], start[40:32], end[31:0], end[40:32]}). Raw contents as the port allows them:
// overlapping ranges (entry 0 wins on 40..47), start > end (never matches), an invalid entry
// over everything, illegal bits values (23: five nibbles; 3: none), a range at the top of the
// 41-bit space. The harness (make verify) also writes the map while lines flow; here it is fixed.
constexpr uint64_t kTop = (1ull << DSM_ADDR_BITS) - 1;
const dsm_approx_entry kApproxMap[DSM_APPROX_ENTRIES] = {
    {true, 16, 47, 8},   {true, 40, 80, 4},   {true, 100, 120, 20},       {true, 130, 129, 12},
    {false, 0, 255, 16}, {true, 150, 200, 23}, {true, kTop - 9, kTop, 16}, {true, 210, 220, 3},
};

std::vector<uint32_t> approx_image() {
    std::vector<uint32_t> w;
    for (const dsm_approx_entry &e : kApproxMap) {
        w.push_back(static_cast<uint32_t>(e.valid) | e.bits << 1);
        w.push_back(static_cast<uint32_t>(e.start));
        w.push_back(static_cast<uint32_t>(e.start >> 32));
        w.push_back(static_cast<uint32_t>(e.end));
        w.push_back(static_cast<uint32_t>(e.end >> 32));
    }
    return w;
}

// Addresses: 7 in 8 in the window 0..255 (every range, its edges and the gaps), 1 in 8 at the
// top of the address space.
void approx_prepare(Txn &t, uint64_t seed, uint64_t i) {
    const uint64_t r = mix64(seed * 0x100000001B3ull + i);
    t.addr = (r & 7) == 0 ? kTop - ((r >> 3) & 15) : (r >> 3) & 255;
}

void approx_compute(const std::vector<uint32_t> &cfg, Txn &t) {
    dsm_approx_map map;
    dsm_approx_map_init(&map);
    for (unsigned k = 0; k < DSM_APPROX_ENTRIES && 5 * k + 4 < cfg.size(); k++) {
        const uint32_t *w = &cfg[5 * k];
        map.entry[k] = dsm_approx_entry{(w[0] & 1) != 0, w[1] | static_cast<uint64_t>(w[2]) << 32,
                                        w[3] | static_cast<uint64_t>(w[4]) << 32, (w[0] >> 1) & 31};
    }
    t.approx_bits = dsm_approx_lookup(&map, t.addr);
    dsm_approx_apply(t.approx_bits, t.line, t.out);
    t.out_addr = t.addr;
}

// ---- mcast-rc: mcast_rc (docs/mcast.md 6), K = 8 ---------------------------------------------
// A request per transaction: a router position, a DOR order and a destination set whose shape
// is chosen per request (one destination, a few, about half the mesh, all of it, none, a row,
// a column), as the split's cases differ by where the destinations lie.
constexpr unsigned kMeshK = 8;

void mcast_prepare(Txn &t, uint64_t seed, uint64_t i) {
    const uint64_t r = mix64(seed * 0x100000001B3ull + i), s = mix64(r), u = mix64(s);
    t.cur_x = r & 7;
    t.cur_y = (r >> 3) & 7;
    t.order = (r >> 6) & 1;
    switch ((r >> 7) % 8) {
    case 0: t.dests = 1ull << (s & 63); break;
    case 1: t.dests = (1ull << (s & 63)) | (1ull << ((s >> 6) & 63)) | (1ull << ((s >> 12) & 63)); break;
    case 2: t.dests = s; break;
    case 3: t.dests = s & u; break;
    case 4: t.dests = ~0ull; break;
    case 5: t.dests = 0; break;
    case 6: t.dests = 0xFFull << (8 * (s & 7)); break;
    default: t.dests = 0x0101010101010101ull << (s & 7); break;
    }
}

void mcast_compute(const std::vector<uint32_t> &, Txn &t) {
    const mcast_mesh mesh{kMeshK, kMeshK};
    mcast_set dests, out[MCAST_MESH_PORTS];
    mcast_set_clear(&dests);
    dests.w[0] = t.dests;
    if (mcast_split(&mesh, t.cur_y * kMeshK + t.cur_x, static_cast<mcast_order>(t.order), &dests, out, &t.port_mask) != NP_OK)
        throw std::runtime_error("mcast_split rejected a request inside the 8x8 mesh");
    for (unsigned p = 0; p < MCAST_MESH_PORTS; p++)
        for (unsigned b = 0; b < 8; b++) t.port_dests[8 * p + b] = static_cast<uint8_t>(out[p].w[0] >> (8 * b));
}

void flip_line(Txn &t) { t.out[0] ^= 1; }
void flip_port_dests(Txn &t) { t.port_dests[0] ^= 1; }

}  // namespace

const std::vector<UnitOp> &unit_ops() {
    static const std::vector<UnitOp> ops = {
        // docs/dsm.md 6, Decision (approximation latency): one stage here; the thesis's Table 6.4 says 2
        // (the published table's row, used when neither report nor harness log is at hand).
        {"dsm-approx", "dsm_approx", 5, approx_image, approx_prepare, approx_compute, flip_line},
        // docs/mcast.md 6: an input register in front of the split, 1 cycle (seed 003 publishes 0).
        {"mcast-rc", "mcast_rc", 1, nullptr, mcast_prepare, mcast_compute, flip_port_dests},
    };
    return ops;
}

const UnitOp *find_op(const char *name) {
    for (const UnitOp &op : unit_ops())
        if (std::strcmp(op.name, name) == 0) return &op;
    return nullptr;
}

}  // namespace np_sc
