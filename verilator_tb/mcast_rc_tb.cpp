// Equivalence harness for mcast_rc (docs/mcast.md sections 3, 6 and 9): every accepted
// {position, order, destination set} is predicted by mcast_split() of the C model (the one the
// system simulator routes with) and the RTL's five subsets and port mask are compared bit for
// bit. Stimulus: the golden vectors (every router position x directed patterns, both orders),
// then the weighted shape mix of mcast_stimulus.h at random positions and orders.
#include <map>

#include "Vmcast_rc.h"
#include "harness.h"
#include "hexfile.h"
#include "mcast_stimulus.h"

namespace {

namespace mc = tb::mcast;

// docs/mcast.md 9, mcast_rc.hex
const tb::HexLayout kLayout{{"cur_x", mc::kCoordBits}, {"cur_y", mc::kCoordBits}, {"order", 1},
                            {"dests", mc::kNodes},     {"exp_mask", mc::kPorts},
                            {"exp_dests", mc::kPorts * mc::kNodes}};

class RcAdapter : public mc::RcAdapterBase<RcAdapter, Vmcast_rc> {
public:
    static constexpr const char *kUnit = "mcast_rc";
    static constexpr int kSpecLatency = 1;  // docs/mcast.md section 6: the input register

    explicit RcAdapter(const tb::Options &opt) : RcAdapterBase(opt, kLayout) {}

    tb::Txn predict(Input &in) {
        tb::Txn t = model(in);
        seen_[in.order * mc::kNodes + in.y * mc::kK + in.x]++;
        return t;
    }

    tb::Txn observe(const Dut &d) const {
        tb::Txn t;
        t.add_u64("port_mask", mc::kPorts, d.out_port_mask_o);
        t.add("port_dests", tb::get_bits(d.out_port_dests_o, mc::kPorts * mc::kNodes));
        return t;
    }

    // The number of replicas the router makes (output ports used).
    const char *outcome(const tb::Txn &t) const {
        static const char *const kNames[] = {"ports_0", "ports_1", "ports_2", "ports_3", "ports_4", "ports_5"};
        return kNames[__builtin_popcountll(t.fields[0].value.u64(0, mc::kPorts))];
    }

    // How many of the 128 (position, order) pairs were evaluated (all of them in a default run).
    void coverage(std::map<std::string, uint64_t> &events) const {
        events["positions_and_orders_seen_of_128"] = seen_.size();
    }

    static tb::Txn model(const Input &in) {
        const mcast_mesh m = {mc::kK, mc::kK};
        const mcast_set dests = mc::to_set(in.dests);
        mcast_set out[MCAST_MESH_PORTS];
        unsigned mask = 0;
        if (mcast_split(&m, in.y * mc::kK + in.x, static_cast<mcast_order>(in.order), &dests, out, &mask) != NP_OK) {
            throw tb::Error("internal: mcast_split rejected an input inside the 8x8 mesh");
        }
        tb::Txn t;
        t.add_u64("port_mask", mc::kPorts, mask);
        t.add("port_dests", mc::sets_field(out, mc::kPorts));
        return t;
    }

private:
    std::map<unsigned, uint64_t> seen_;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<RcAdapter>(argc, argv); }
