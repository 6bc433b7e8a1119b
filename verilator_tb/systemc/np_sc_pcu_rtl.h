// The PCU's rtl form (np_sc_pcu.h): the Verilated top `pcu` (verilator --sc) behind PcuUnit.
//
// At every falling edge it drives req_valid_i / l2_valid_i and their fields from the posted
// offers (held until a rising edge sees req_ready_o / l2_ready_o), mcq_ready_i / rpl_ready_i with
// the output queues' room and rpq_room_i with the boundary's level; at every rising edge it reads
// the pins as they were before the edge (this method runs in the edge's delta, before the top's
// new outputs are visible) and takes what each handshake transferred. rst_ni is low for edges
// 0..3, as in every other unit. Included by the generated rtl table when SC_TOPS holds pcu.
#ifndef NP_SC_PCU_RTL_H
#define NP_SC_PCU_RTL_H

#include <memory>
#include <string>
#include <type_traits>

#include <verilated.h>
#include <verilated_fst_sc.h>

#include "np_sc_pcu.h"

namespace np_sc {

template <class V>
class PcuRtl : public PcuUnit {
    template <class P>
    using sig = sc_core::sc_signal<typename std::remove_reference_t<P>::data_type, sc_core::SC_MANY_WRITERS>;

public:
    PcuRtl(sc_core::sc_module_name name, const pcu_config &cfg, const StallProfile &room_low)
        : PcuUnit(name, cfg, room_low), dut_("dut") {
        dut_.clk_i(clk);
        dut_.rst_ni(rst_n_);
        dut_.req_valid_i(req_valid_);
        dut_.req_ready_o(req_ready_);
        dut_.req_write_i(req_write_);
        dut_.req_sm_i(req_sm_);
        dut_.req_addr_i(req_addr_);
        dut_.req_data_i(req_data_);
        dut_.mcq_valid_o(mcq_valid_);
        dut_.mcq_ready_i(mcq_ready_);
        dut_.mcq_write_o(mcq_write_);
        dut_.mcq_sm_o(mcq_sm_);
        dut_.mcq_addr_o(mcq_addr_);
        dut_.mcq_tag_o(mcq_tag_);
        dut_.mcq_data_o(mcq_data_);
        dut_.rpq_room_i(rpq_room_);
        dut_.l2_valid_i(l2_valid_);
        dut_.l2_ready_o(l2_ready_);
        dut_.l2_tag_i(l2_tag_);
        dut_.l2_addr_i(l2_addr_);
        dut_.l2_data_i(l2_data_);
        dut_.rpl_valid_o(rpl_valid_);
        dut_.rpl_ready_i(rpl_ready_);
        dut_.rpl_dest_o(rpl_dest_);
        dut_.rpl_addr_o(rpl_addr_);
        dut_.rpl_data_o(rpl_data_);
        dut_.idle_o(idle_);
    }
    ~PcuRtl() override {
        if (fst_) fst_->close();
    }

    Form form() const override { return Form::kRtl; }
    std::string describe() const override {
        return "pcu rtl: Verilated pcu (rtl/pcu/pcu.v), default parameters (" + std::to_string(cfg_.num_rgr) + " RGRs)";
    }
    void trace_to(const std::string &path, uint64_t from) override {
        fst_path_ = path;
        trace_from_ = from;
    }

private:
    template <class S, class T>
    static void put(S &s, T v) {
        s.write(static_cast<std::decay_t<decltype(s.read())>>(v));
    }

    void core_reset() override {}

    void core_fall(const Pins &p) override {
        if (!fst_path_.empty() && !fst_ && now_cycle() >= trace_from_) {
            fst_.reset(new VerilatedFstSc);
            dut_.trace(fst_.get(), 99);
            fst_->open(fst_path_.c_str());
        }
        rst_n_.write(now_cycle() >= kResetCycles);
        mcq_ready_.write(p.mcq_room);
        rpl_ready_.write(p.rpl_room);
        rpq_room_.write(p.rpq_room);
        req_valid_.write(p.req != nullptr);
        if (p.req) {   // while invalid the fields keep their last value (don't-care)
            put(req_write_, p.req->write);
            put(req_sm_, p.req->sm);
            put(req_addr_, p.req->addr);
            put(req_data_, p.req->data);
        }
        l2_valid_.write(p.l2 != nullptr);
        if (p.l2) {
            put(l2_tag_, p.l2->tag);
            put(l2_addr_, p.l2->addr);
            put(l2_data_, p.l2->data);
        }
    }

    unsigned core_edge(const Pins &p) override {
        if (mcq_valid_.read() && p.mcq_room) {
            PcuTxn t;
            t.write = mcq_write_.read();
            t.sm = static_cast<unsigned>(mcq_sm_.read());
            t.addr = mcq_addr_.read();
            t.tag = static_cast<unsigned>(mcq_tag_.read());
            t.data = mcq_data_.read();
            push_mcq(t);
        }
        if (rpl_valid_.read() && p.rpl_room) {
            PcuTxn t;
            t.dest = rpl_dest_.read();
            t.addr = rpl_addr_.read();
            t.data = rpl_data_.read();
            push_rpl(t);
        }
        unsigned took = 0;
        if (p.req && req_ready_.read()) {
            took |= 1;
            req_valid_.write(false);
        }
        if (p.l2 && l2_ready_.read()) {
            took |= 2;
            l2_valid_.write(false);
        }
        return took;
    }

    V dut_;
    sc_core::sc_signal<bool, sc_core::SC_MANY_WRITERS> rst_n_{"rst_n", false};
    sig<decltype(V::req_valid_i)> req_valid_{"req_valid", false};
    sig<decltype(V::req_ready_o)> req_ready_{"req_ready"};
    sig<decltype(V::req_write_i)> req_write_{"req_write"};
    sig<decltype(V::req_sm_i)> req_sm_{"req_sm"};
    sig<decltype(V::req_addr_i)> req_addr_{"req_addr"};
    sig<decltype(V::req_data_i)> req_data_{"req_data"};
    sig<decltype(V::mcq_valid_o)> mcq_valid_{"mcq_valid"};
    sig<decltype(V::mcq_ready_i)> mcq_ready_{"mcq_ready", false};
    sig<decltype(V::mcq_write_o)> mcq_write_{"mcq_write"};
    sig<decltype(V::mcq_sm_o)> mcq_sm_{"mcq_sm"};
    sig<decltype(V::mcq_addr_o)> mcq_addr_{"mcq_addr"};
    sig<decltype(V::mcq_tag_o)> mcq_tag_{"mcq_tag"};
    sig<decltype(V::mcq_data_o)> mcq_data_{"mcq_data"};
    sig<decltype(V::rpq_room_i)> rpq_room_{"rpq_room", false};
    sig<decltype(V::l2_valid_i)> l2_valid_{"l2_valid", false};
    sig<decltype(V::l2_ready_o)> l2_ready_{"l2_ready"};
    sig<decltype(V::l2_tag_i)> l2_tag_{"l2_tag"};
    sig<decltype(V::l2_addr_i)> l2_addr_{"l2_addr"};
    sig<decltype(V::l2_data_i)> l2_data_{"l2_data"};
    sig<decltype(V::rpl_valid_o)> rpl_valid_{"rpl_valid"};
    sig<decltype(V::rpl_ready_i)> rpl_ready_{"rpl_ready", false};
    sig<decltype(V::rpl_dest_o)> rpl_dest_{"rpl_dest"};
    sig<decltype(V::rpl_addr_o)> rpl_addr_{"rpl_addr"};
    sig<decltype(V::rpl_data_o)> rpl_data_{"rpl_data"};
    sig<decltype(V::idle_o)> idle_{"idle"};
    std::unique_ptr<VerilatedFstSc> fst_;
    std::string fst_path_;
    uint64_t trace_from_ = 0;
};

}  // namespace np_sc

#endif
