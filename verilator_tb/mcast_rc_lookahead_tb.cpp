// Equivalence harness for mcast_rc_lookahead (docs/mcast.md sections 5, 6 and 9): every
// accepted {position, order, destination set} is predicted by mcast_lookahead() of the C model
// and the RTL's 20 next-hop subsets and masks are compared bit for bit. Stimulus: the golden
// vectors, then the weighted shape mix of mcast_stimulus.h at random positions and orders.
#include <map>

#include "Vmcast_rc_lookahead.h"
#include "harness.h"
#include "hexfile.h"
#include "mcast_stimulus.h"

namespace {

namespace mc = tb::mcast;

constexpr unsigned kRows = 4 * mc::kPorts;  // neighbour XPOS..YNEG x its port LOCAL..YNEG

// docs/mcast.md 9, mcast_rc_lookahead.hex
const tb::HexLayout kLayout{{"cur_x", mc::kCoordBits}, {"cur_y", mc::kCoordBits}, {"order", 1},
                            {"dests", mc::kNodes},     {"exp_mask", kRows},
                            {"exp_dests", kRows * mc::kNodes}};

class LookaheadAdapter : public mc::RcAdapterBase<LookaheadAdapter, Vmcast_rc_lookahead> {
public:
    static constexpr const char *kUnit = "mcast_rc_lookahead";
    static constexpr int kSpecLatency = 1;  // docs/mcast.md section 6: the input register

    explicit LookaheadAdapter(const tb::Options &opt) : RcAdapterBase(opt, kLayout) {}

    tb::Txn predict(Input &in) { return model(in); }

    tb::Txn observe(const Dut &d) const {
        tb::Txn t;
        t.add_u64("next_mask", kRows, d.out_next_mask_o);
        t.add("next_dests", tb::get_bits(d.out_next_dests_o, kRows * mc::kNodes));
        return t;
    }

    // How many neighbours receive a replica that the neighbour itself replicates further
    // (more than one port at the next hop).
    const char *outcome(const tb::Txn &t) const {
        static const char *const kNames[] = {"replicating_next_hops_0", "replicating_next_hops_1",
                                             "replicating_next_hops_2", "replicating_next_hops_3",
                                             "replicating_next_hops_4"};
        unsigned n = 0;
        for (unsigned p = 0; p < 4; p++)
            n += __builtin_popcountll(t.fields[0].value.u64(p * mc::kPorts, mc::kPorts)) > 1;
        return kNames[n];
    }

    static tb::Txn model(const Input &in) {
        const mcast_mesh m = {mc::kK, mc::kK};
        const mcast_set dests = mc::to_set(in.dests);
        mcast_set out[MCAST_MESH_PORTS][MCAST_MESH_PORTS];
        unsigned mask[MCAST_MESH_PORTS];
        if (mcast_lookahead(&m, in.y * mc::kK + in.x, static_cast<mcast_order>(in.order), &dests, out, mask) !=
            NP_OK) {
            throw tb::Error("internal: mcast_lookahead rejected an input inside the 8x8 mesh");
        }
        // Rows XPOS..YNEG (the LOCAL row has no next hop and no RTL output).
        uint64_t masks = 0;
        mcast_set rows[kRows];
        for (unsigned p = 0; p < 4; p++) {
            masks |= static_cast<uint64_t>(mask[p + 1]) << (p * mc::kPorts);
            for (unsigned q = 0; q < mc::kPorts; q++) rows[p * mc::kPorts + q] = out[p + 1][q];
        }
        tb::Txn t;
        t.add_u64("next_mask", kRows, masks);
        t.add("next_dests", mc::sets_field(rows, kRows));
        return t;
    }
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<LookaheadAdapter>(argc, argv); }
