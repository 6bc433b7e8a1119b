// The router's rtl form (np_sc_router.h): the Verilated router_mcast (the harness build's model,
// as every rtl form: np_sc_rtl.h) behind RouterUnit.
//
// At every falling edge it drives the input links (in_valid_i, in_vc_i, in_head_i, in_tail_i,
// in_data_i) and the downstream's out_credit_i / out_release_i from the posted LinkTxns, rst_ni,
// the router's coordinates, and in_link_i = 0 (the neighbours write flits as an NI does: they
// count once written, docs/router.md 4), and settles the model; at every rising edge it reads the
// registered outputs as they were in the cycle (out_*_o, in_credit_o, in_release_o), then
// evaluates the edge. Included by np_sc_rtl.h (its RtlModel and port helpers).
#ifndef NP_SC_ROUTER_RTL_H
#define NP_SC_ROUTER_RTL_H

#include <string>

#include "np_sc_router.h"
#include "np_sc_rtl.h"

namespace np_sc {

template <class V>
class RouterRtl : public RouterUnit {
    using W = PortWidth<V>;
    static constexpr unsigned kVcW = W::in_vc_i / kRouterPorts;
    static constexpr unsigned kCntW = W::in_credit_o / (kRouterPorts * kRouterVcs);
    static constexpr unsigned kFlitW = W::in_data_i / kRouterPorts;
    static_assert(kFlitW == 32 * kRouterWords && W::in_release_o == kRouterPorts * kRouterVcs,
                  "the router's rtl form is router_mcast's parameter set (router_stim.h)");

public:
    RouterRtl(sc_core::sc_module_name name, unsigned node, const char *top) : RouterUnit(name, node), top_(top), model_(top) {
        V &p = model_.pins();
        p.in_valid_i = 0;
        p.in_link_i = 0;
        drive(p.cur_x_i, node % RSTIM_K, W::cur_x_i);
        drive(p.cur_y_i, node / RSTIM_K, W::cur_y_i);
    }

    Form form() const override { return Form::kRtl; }
    std::string describe() const override {
        return "router rtl: Verilated " + top_ + " (rtl/router/router_vc.v), router " + std::to_string(node_) + " (x " +
               std::to_string(node_ % RSTIM_K) + ", y " + std::to_string(node_ / RSTIM_K) + ")";
    }
    void trace_to(const std::string &path, uint64_t from) override { model_.trace_to(path, from); }

private:
    void core_reset() override { model_.rise(); }

    void core_fall(const rstim_cycle &c) override {
        V &p = model_.pins();
        p.rst_ni = now_cycle() >= kResetCycles;
        uint64_t valid = 0, vcs = 0, head = 0, tail = 0;
        for (unsigned q = 0; q < kRouterPorts; q++) {
            const rstim_flit &f = c.in[q];
            if (!f.valid) continue;   // the data pins keep their last value (don't-care)
            valid |= 1u << q;
            vcs |= static_cast<uint64_t>(f.vc) << (q * kVcW);
            head |= static_cast<uint64_t>(f.head) << q;
            tail |= static_cast<uint64_t>(f.tail) << q;
            for (unsigned k = 0; k < kRouterWords; k++) p.in_data_i[q * kRouterWords + k] = f.data[k];
        }
        drive(p.in_valid_i, valid, W::in_valid_i);
        drive(p.in_vc_i, vcs, W::in_vc_i);
        drive(p.in_head_i, head, W::in_head_i);
        drive(p.in_tail_i, tail, W::in_tail_i);
        for (unsigned i = 0; i < kRouterPorts * kRouterVcs; i++)
            rstim_put_bits(p.out_credit_i.data(), i * kCntW, kCntW, c.out_credit[i]);
        drive(p.out_release_i, c.out_release, W::out_release_i);
        model_.fall();
    }

    void core_edge(rstim_cycle &c) override {
        const V &p = model_.pins();
        for (unsigned q = 0; q < kRouterPorts; q++) {
            rstim_flit &f = c.out[q];
            f.valid = p.out_valid_o >> q & 1u;
            f.vc = static_cast<unsigned>(p.out_vc_o >> (q * kVcW)) & ((1u << kVcW) - 1);
            f.head = p.out_head_o >> q & 1u;
            f.tail = p.out_tail_o >> q & 1u;
            for (unsigned k = 0; k < kRouterWords; k++) f.data[k] = p.out_data_o[q * kRouterWords + k];
        }
        for (unsigned i = 0; i < kRouterPorts * kRouterVcs; i++)
            c.in_credit[i] = static_cast<unsigned>(rstim_get_bits(p.in_credit_o.data(), i * kCntW, kCntW));
        c.in_release = static_cast<uint32_t>(p.in_release_o);
        model_.rise();
    }

    std::string top_;
    RtlModel<V> model_;
};

}  // namespace np_sc

#endif
