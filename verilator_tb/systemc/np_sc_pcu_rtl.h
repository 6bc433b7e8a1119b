// The PCU's rtl form (np_sc_pcu.h): the Verilated top `pcu` (the harness build's model, as every
// rtl form: np_sc_rtl.h) behind PcuUnit.
//
// At every falling edge it drives req_valid_i / l2_valid_i and their fields from the posted
// offers (held until a rising edge sees req_ready_o / l2_ready_o), mcq_ready_i / rpl_ready_i with
// the output queues' room and rpq_room_i with the boundary's level, and settles the model; at
// every rising edge it reads the pins as they were before the edge, takes what each handshake
// transferred, then evaluates the edge. rst_ni is low for edges 0..3, as in every other unit.
// Included by np_sc_rtl.h (its RtlModel and port helpers).
#ifndef NP_SC_PCU_RTL_H
#define NP_SC_PCU_RTL_H

#include <memory>
#include <string>
#include <type_traits>

#include "np_sc_pcu.h"
#include "np_sc_rtl.h"

namespace np_sc {

template <class V>
class PcuRtl : public PcuUnit {
    using W = PortWidth<V>;

public:
    PcuRtl(sc_core::sc_module_name name, const pcu_config &cfg, const StallProfile &room_low)
        : PcuUnit(name, cfg, room_low), model_("pcu") {
        V &p = model_.pins();
        p.req_valid_i = 0;
        p.l2_valid_i = 0;
        p.mcq_ready_i = 0;
        p.rpl_ready_i = 0;
    }

    Form form() const override { return Form::kRtl; }
    std::string describe() const override {
        return "pcu rtl: Verilated pcu (rtl/pcu/pcu.v), default parameters (" + std::to_string(cfg_.num_rgr) + " RGRs)";
    }
    void trace_to(const std::string &path, uint64_t from) override { model_.trace_to(path, from); }

private:
    void core_reset() override { model_.rise(); }

    void core_fall(const Pins &pin) override {
        V &p = model_.pins();
        p.rst_ni = now_cycle() >= kResetCycles;
        p.mcq_ready_i = pin.mcq_room;
        p.rpl_ready_i = pin.rpl_room;
        drive(p.rpq_room_i, pin.rpq_room, W::rpq_room_i);
        p.req_valid_i = pin.req != nullptr;
        if (pin.req) {   // while invalid the fields keep their last value (don't-care)
            drive(p.req_write_i, pin.req->write, W::req_write_i);
            drive(p.req_sm_i, pin.req->sm, W::req_sm_i);
            drive(p.req_addr_i, pin.req->addr, W::req_addr_i);
            drive(p.req_data_i, pin.req->data, W::req_data_i);
        }
        p.l2_valid_i = pin.l2 != nullptr;
        if (pin.l2) {
            drive(p.l2_tag_i, pin.l2->tag, W::l2_tag_i);
            drive(p.l2_addr_i, pin.l2->addr, W::l2_addr_i);
            drive(p.l2_data_i, pin.l2->data, W::l2_data_i);
        }
        model_.fall();
    }

    unsigned core_edge(const Pins &pin) override {
        V &p = model_.pins();
        if (p.mcq_valid_o && pin.mcq_room) {
            PcuTxn t;
            t.write = p.mcq_write_o;
            t.sm = static_cast<unsigned>(p.mcq_sm_o);
            t.addr = p.mcq_addr_o;
            t.tag = static_cast<unsigned>(p.mcq_tag_o);
            t.data = p.mcq_data_o;
            push_mcq(t);
        }
        if (p.rpl_valid_o && pin.rpl_room) {
            PcuTxn t;
            t.dest = p.rpl_dest_o;
            t.addr = p.rpl_addr_o;
            t.data = p.rpl_data_o;
            push_rpl(t);
        }
        unsigned took = 0;
        if (pin.req && p.req_ready_o) took |= 1;
        if (pin.l2 && p.l2_ready_o) took |= 2;
        model_.rise();
        return took;
    }

    RtlModel<V> model_;
};

}  // namespace np_sc

#endif
