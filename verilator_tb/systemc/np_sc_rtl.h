// The rtl form: ONE pin-to-TLM adapter for every Verilated codec top.
//
// The model is the one `make verify` proves: the harness build's Verilated C++ model
// (build/vl/<top>/V<top>__ALL.a, verilator --cc), linked here as it is, rather than a second
// verilator --sc translation of the same RTL (which cost make test ~90 CPU s of compilation for
// the same gates). The adapter is its SystemC shell: at every falling edge it drives the pins and
// evaluates the settled state; at every rising edge it reads the pins as they were before the
// edge, takes what the handshakes transferred, then evaluates the edge (only the clock changed,
// so the model skips its input-combinational region as in the harness: verilator_tb/skip_ico.sh).
//
// RtlUnit<V> finds the top's ports by name at compile time (C++17 detection): a compressor has
// in_line_i -> out_bits_o/out_len_o, a decompressor in_bits_i/in_len_i -> out_line_o/out_err_o;
// in_map_i, in_mode_i and out_map_o are driven or read when the top has them. A top with a
// configuration port (cfg_we_i, cfg_addr_i, cfg_data_i: SC's tables) gets the unit's image
// (Unit::cfg_words) written one word per cycle after reset, cfg_we_i low otherwise. Every top has
// clk_i, rst_ni and the valid/ready pair of docs/conventions.md "Handshakes" on both sides.
// The adapter drives in_valid_i with the offer posted at the falling edge and holds it (and the
// data) until a rising edge sees in_ready_o high; it drives out_ready_i with the output queue's
// room and takes a result at each rising edge that sees out_valid_o && out_ready_i. Results
// leave in acceptance order (the tops are in-order pipelines), so an in-flight queue pairs each
// result with its Txn, and a result without an accepted Txn is a protocol failure.
// Each port's width comes from the generated rtl table (PortWidth<V>, read from V<top>.h by
// verilator_tb/systemc/rtl_table.sh): Verilator requires an input's bits above its width to be 0.
#ifndef NP_SC_RTL_H
#define NP_SC_RTL_H

#include <cstring>
#include <deque>
#include <stdexcept>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include <verilated.h>
#include <verilated_fst_c.h>

#include "np_sc.h"

// Set around the clock-edge eval, read by the models verilator_tb/skip_ico.sh patched.
extern bool np_tb_inputs_unchanged;

namespace np_sc {

// PortWidth<V>::<port>: the width in bits of each port of top V (generated, one specialisation
// per top in the rtl table).
template <class V>
struct PortWidth;

// has_<port><V>::value, has_<port><V>::type (the port's C++ type: an integer or VlWide<N>) and
// has_<port><V>::width.
#define NP_SC_PORT(port)                                                                           \
    template <class T, class = void>                                                               \
    struct has_##port : std::false_type {                                                          \
        using type = uint8_t;                                                                      \
    };                                                                                             \
    template <class T>                                                                             \
    struct has_##port<T, std::void_t<decltype(std::declval<T &>().port)>> : std::true_type {      \
        using type = std::remove_reference_t<decltype(std::declval<T &>().port)>;                 \
        static constexpr unsigned width = PortWidth<T>::port;                                      \
    };
NP_SC_PORT(in_line_i)
NP_SC_PORT(in_bits_i)
NP_SC_PORT(in_len_i)
NP_SC_PORT(in_map_i)
NP_SC_PORT(in_mode_i)
NP_SC_PORT(out_bits_o)
NP_SC_PORT(out_len_o)
NP_SC_PORT(out_line_o)
NP_SC_PORT(out_err_o)
NP_SC_PORT(out_map_o)
NP_SC_PORT(cfg_we_i)
NP_SC_PORT(cfg_addr_i)
NP_SC_PORT(cfg_data_i)
NP_SC_PORT(in_addr_i)
NP_SC_PORT(out_addr_o)
NP_SC_PORT(cfg_idx_i)
NP_SC_PORT(cfg_valid_i)
NP_SC_PORT(cfg_start_i)
NP_SC_PORT(cfg_end_i)
NP_SC_PORT(cfg_bits_i)
NP_SC_PORT(in_cur_x_i)
NP_SC_PORT(in_cur_y_i)
NP_SC_PORT(in_order_i)
NP_SC_PORT(in_dests_i)
NP_SC_PORT(out_port_dests_o)
NP_SC_PORT(out_port_mask_o)
NP_SC_PORT(req_valid_i)
NP_SC_PORT(in_link_i)
#undef NP_SC_PORT

// Driving and reading a Verilated port: an integer type (CData .. QData) or VlWide<N> (32-bit
// words, word w = bits 32w+31..32w). Byte b of a byte image = port bits 8b+7..8b.
template <class P>
void drive(P &port, uint64_t v, unsigned width) {
    static_assert(std::is_integral_v<P>, "a port wider than 64 bits is driven from bytes");
    port = static_cast<P>(width >= 64 ? v : v & ((uint64_t{1} << width) - 1));
}

template <class P>
void drive_bytes(P &port, const uint8_t *bytes, size_t n_bytes, unsigned width) {
    if constexpr (std::is_integral_v<P>) {
        uint64_t v = 0;
        for (size_t i = 0; i < n_bytes && i < 8; i++) v |= static_cast<uint64_t>(bytes[i]) << (8 * i);
        drive(port, v, width);
    } else {
        constexpr size_t kWords = sizeof(P) / sizeof(uint32_t);
        for (size_t w = 0; w < kWords; w++) {
            uint32_t x = 0;
            for (size_t b = 0; b < 4; b++) {
                const size_t i = 4 * w + b;
                if (i < n_bytes) x |= static_cast<uint32_t>(bytes[i]) << (8 * b);
            }
            if (32 * w >= width) x = 0;
            else if (32 * (w + 1) > width) x &= (1u << (width % 32)) - 1u;
            port[w] = x;
        }
    }
}

template <class P>
void read_bytes(const P &port, uint8_t *bytes, size_t n_bytes) {
    std::memset(bytes, 0, n_bytes);
    if constexpr (std::is_integral_v<P>) {
        const uint64_t x = static_cast<uint64_t>(port);
        for (size_t i = 0; i < n_bytes && i < sizeof(P); i++) bytes[i] = static_cast<uint8_t>(x >> (8 * i));
    } else {
        constexpr size_t kWords = sizeof(P) / sizeof(uint32_t);
        for (size_t w = 0; w < kWords; w++)
            for (size_t b = 0; b < 4 && 4 * w + b < n_bytes; b++) bytes[4 * w + b] = static_cast<uint8_t>(port[w] >> (8 * b));
    }
}

template <class P>
uint64_t read_u64(const P &port) {
    if constexpr (std::is_integral_v<P>) return static_cast<uint64_t>(port);
    else return port[0] | static_cast<uint64_t>(port[1]) << 32;
}

// The FST time of the current SystemC time: nanoseconds (np_sc.h: edges at 10c and 10c+5 ns).
inline uint64_t fst_time_ns() { return static_cast<uint64_t>(sc_core::sc_time_stamp() / sc_core::sc_time(1, sc_core::SC_NS)); }

// What every rtl form does to its model: the falling-edge eval after the pins are driven, the
// rising-edge eval (only the clock changed), and the waveform from a chosen cycle on.
template <class V>
class RtlModel {
public:
    explicit RtlModel(const char *name) : dut_(new V(name)) {
        dut_->clk_i = 0;
        dut_->rst_ni = 0;
    }
    ~RtlModel() {
        if (fst_) fst_->close();
        dut_->final();
    }
    V &pins() { return *dut_; }
    void trace_to(const std::string &path, uint64_t from) {
        fst_path_ = path;
        trace_from_ = from;
    }
    // After the falling-edge pins are driven: clock low, settle.
    void fall() {
        if (!fst_path_.empty() && !fst_ && now_cycle() >= trace_from_) {
            fst_.reset(new VerilatedFstC);
            dut_->trace(fst_.get(), 99);
            fst_->open(fst_path_.c_str());
        }
        dut_->clk_i = 0;
        eval(false);
    }
    // The rising edge: nothing but the clock changed since fall().
    void rise() {
        dut_->clk_i = 1;
        eval(true);
    }

private:
    void eval(bool inputs_unchanged) {
        Verilated::threadContextp()->time(fst_time_ns());
        np_tb_inputs_unchanged = inputs_unchanged;
        dut_->eval();
        np_tb_inputs_unchanged = false;
        if (fst_) fst_->dump(fst_time_ns());
    }

    std::unique_ptr<V> dut_;
    std::unique_ptr<VerilatedFstC> fst_;
    std::string fst_path_;
    uint64_t trace_from_ = 0;
};

template <class V>
class RtlUnit : public Unit {
    // A line-to-line unit (in_line_i -> out_line_o: dsm_approx) is a UnitOp's top (Dir::kUnit).
    static constexpr bool kLine = has_in_line_i<V>::value && has_out_line_o<V>::value;
    static constexpr bool kComp = has_in_line_i<V>::value && !kLine;
    // A header unit carries no line (in_dests_i -> out_port_dests_o: mcast_rc), also a UnitOp's.
    static constexpr bool kHeader = !has_in_line_i<V>::value && !has_in_bits_i<V>::value;
    static_assert(!(has_in_line_i<V>::value && has_in_bits_i<V>::value), "a top has in_line_i or in_bits_i, not both");
    static constexpr Dir kDir = kLine || kHeader ? Dir::kUnit : kComp ? Dir::kCompress : Dir::kDecompress;
    // A configuration port written by address (cfg_addr_i/cfg_data_i: one image word per write)
    // or by entry (cfg_idx_i: entry k from image words 5k..5k+4, UnitOp dsm-approx's layout).
    static constexpr bool kCfgByEntry = has_cfg_idx_i<V>::value;

public:
    RtlUnit(sc_core::sc_module_name name, const np_codec *codec, Dir dir, unsigned hop, const char *top,
            const void *comp_state)
        : Unit(name, codec, dir, hop, comp_state), top_(top), model_(top) {
        init(dir, top);
    }
    RtlUnit(sc_core::sc_module_name name, const UnitOp *op, unsigned hop, const char *top)
        : Unit(name, op, hop), top_(top), model_(top) {
        init(Dir::kUnit, top);
    }

private:
    void init(Dir dir, const char *top) {
        if (dir != kDir)
            throw std::runtime_error(std::string(top) + " is not a " +
                                     (dir == Dir::kCompress ? "compressor" : dir == Dir::kDecompress ? "decompressor" : "line-to-line unit"));
        if (has_cfg_we_i<V>::value != !cfg_.empty())
            throw std::runtime_error(std::string(top) + (cfg_.empty() ? " has a configuration port but " +
                                     label() + " gives it no image" : " has no configuration port"));
        V &p = model_.pins();
        p.in_valid_i = 0;
        p.out_ready_i = 0;
        if constexpr (has_cfg_we_i<V>::value) p.cfg_we_i = 0;
    }

public:
    Form form() const override { return Form::kRtl; }
    std::string describe() const override {
        return label() + " rtl: Verilated " + top_ + (has_in_mode_i<V>::value ? ", in_mode_i=" + std::to_string(mode_port()) : "");
    }

    // FST of this top from cycle `from` (the replay of a failure): the file opens at that edge.
    void trace_to(const std::string &path, uint64_t from) override { model_.trace_to(path, from); }

private:
    void core_fall(Txn *offer, bool out_room) override {
        V &p = model_.pins();
        p.rst_ni = now_cycle() >= kResetCycles;
        if constexpr (has_cfg_we_i<V>::value) drive_cfg(p);
        p.out_ready_i = out_room;
        p.in_valid_i = offer != nullptr;
        if (offer) drive_offer(p, *offer);   // else the data pins keep their last value (don't-care)
        model_.fall();
    }

    // Write (cfg_stride_ image words) at edge kResetCycles + a (Unit: offers wait until the load
    // is done).
    void drive_cfg(V &p) {
        const uint64_t a = now_cycle() - kResetCycles;
        const bool we = now_cycle() >= kResetCycles && a < cfg_.size() / cfg_stride_;
        p.cfg_we_i = we;
        if constexpr (has_cfg_addr_i<V>::value) {
            drive(p.cfg_addr_i, we ? a : 0, has_cfg_addr_i<V>::width);
            drive(p.cfg_data_i, we ? cfg_[a] : 0, has_cfg_data_i<V>::width);
        }
        if constexpr (kCfgByEntry) {
            const uint32_t *w = we ? &cfg_[5 * a] : nullptr;
            drive(p.cfg_idx_i, we ? a : 0, has_cfg_idx_i<V>::width);
            p.cfg_valid_i = we && (w[0] & 1);
            drive(p.cfg_bits_i, we ? (w[0] >> 1) & 31 : 0, has_cfg_bits_i<V>::width);
            drive(p.cfg_start_i, we ? (w[1] | uint64_t{w[2]} << 32) : 0, has_cfg_start_i<V>::width);
            drive(p.cfg_end_i, we ? (w[3] | uint64_t{w[4]} << 32) : 0, has_cfg_end_i<V>::width);
        }
    }

    void drive_offer(V &p, const Txn &t) {
        if constexpr (has_in_line_i<V>::value) drive_bytes(p.in_line_i, t.line, kLineBytes, has_in_line_i<V>::width);
        if constexpr (has_in_bits_i<V>::value) drive_bytes(p.in_bits_i, t.stream, kStreamBytes, has_in_bits_i<V>::width);
        if constexpr (has_in_len_i<V>::value) drive(p.in_len_i, t.bits, has_in_len_i<V>::width);
        // The registry's map 0 (whole line) is the port's 1111.
        if constexpr (has_in_map_i<V>::value) drive(p.in_map_i, t.map ? t.map : 0xF, has_in_map_i<V>::width);
        if constexpr (has_in_mode_i<V>::value) drive(p.in_mode_i, mode_port(), has_in_mode_i<V>::width);
        if constexpr (has_in_addr_i<V>::value) drive(p.in_addr_i, t.addr, has_in_addr_i<V>::width);
        if constexpr (has_in_cur_x_i<V>::value) drive(p.in_cur_x_i, t.cur_x, has_in_cur_x_i<V>::width);
        if constexpr (has_in_cur_y_i<V>::value) drive(p.in_cur_y_i, t.cur_y, has_in_cur_y_i<V>::width);
        if constexpr (has_in_order_i<V>::value) drive(p.in_order_i, t.order, has_in_order_i<V>::width);
        if constexpr (has_in_dests_i<V>::value) {
            uint8_t b[8];
            for (unsigned i = 0; i < 8; i++) b[i] = static_cast<uint8_t>(t.dests >> (8 * i));
            drive_bytes(p.in_dests_i, b, 8, has_in_dests_i<V>::width);
        }
    }

    bool core_edge(Txn *offer, bool out_room) override {
        if (now_cycle() < kResetCycles) {
            inflight_.clear();
            model_.rise();
            return false;
        }
        // The pins as they were before the edge (the falling edge's eval settled them).
        V &p = model_.pins();
        if (p.out_valid_o && out_room) {
            if (inflight_.empty()) SC_REPORT_FATAL("np_sc", (top_ + ": out_valid_o with nothing accepted").c_str());
            Txn *t = inflight_.front();
            inflight_.pop_front();
            read_result(p, *t);
            push_result(t);
        }
        const bool took = offer && p.in_ready_o;
        if (took) inflight_.push_back(offer);
        model_.rise();
        return took;
    }

    void read_result(const V &p, Txn &t) {
        if constexpr (kComp) {
            read_bytes(p.out_bits_o, t.stream, kStreamBytes);
            t.bits = static_cast<size_t>(read_u64(p.out_len_o));
        } else {
            // A header unit (mcast_rc) has neither: its line stays zero and error-free.
            if constexpr (has_out_line_o<V>::value) read_bytes(p.out_line_o, t.out, kLineBytes);
            else std::memset(t.out, 0, kLineBytes);
            if constexpr (has_out_err_o<V>::value) t.err = p.out_err_o;
            else t.err = false;
            // A line-to-line unit's out_bits_o is the number it applied (dsm_approx), not a stream.
            if constexpr (kLine && has_out_bits_o<V>::value) t.approx_bits = static_cast<unsigned>(read_u64(p.out_bits_o));
        }
        if constexpr (has_out_addr_o<V>::value) t.out_addr = read_u64(p.out_addr_o);
        if constexpr (has_out_port_dests_o<V>::value) read_bytes(p.out_port_dests_o, t.port_dests, sizeof t.port_dests);
        if constexpr (has_out_port_mask_o<V>::value) t.port_mask = static_cast<unsigned>(read_u64(p.out_port_mask_o));
    }

    std::string top_;
    RtlModel<V> model_;
    std::deque<Txn *> inflight_;
};

}  // namespace np_sc

// The PCU's and the router's adapters use RtlModel and the port helpers above.
#include "np_sc_pcu_rtl.h"
// The router's model form is npsim's code (its headers are in this tree, not installed): an
// installed np_sc_rtl.h has no router adapter.
#if __has_include("net/router_pins.h")
#define NP_SC_ROUTER 1
#include "np_sc_router_rtl.h"
#endif

namespace np_sc {

// A top is made by the adapter its ports call for: the PCU's two handshake pairs (req_*/mcq_*,
// l2_*/rpl_*: PcuRtl, np_sc_pcu_rtl.h), the router's five credit-based links (in_link_i:
// RouterRtl, np_sc_router_rtl.h), every other top by RtlUnit. A UnitOp's top (op non-null)
// is made from its op, a codec top from its codec and side.
template <class V>
bool register_rtl_top(const char *top) {
    if constexpr (has_req_valid_i<V>::value) {
        return register_pcu_rtl(top, [](const char *name, const pcu_config &cfg, const StallProfile &room_low) -> PcuUnit * {
            return new PcuRtl<V>(name, cfg, room_low);
        });
#ifdef NP_SC_ROUTER
    } else if constexpr (has_in_link_i<V>::value) {
        return register_router_rtl(top, [top](const char *name, unsigned node) -> RouterUnit * {
            return new RouterRtl<V>(name, node, top);
        });
#endif
    } else {
        return register_rtl(top, [top](const char *name, const np_codec *c, Dir d, unsigned hop, const void *comp_state,
                                       const UnitOp *op) -> Unit * {
            if (op) return new RtlUnit<V>(name, op, hop, top);
            return new RtlUnit<V>(name, c, d, hop, top, comp_state);
        });
    }
}

}  // namespace np_sc

// One line per top in the generated table (np_sc.mk: SC_TOPS).
#define NP_SC_RTL_TOP(top) static const bool np_sc_reg_##top = np_sc::register_rtl_top<V##top>(#top);

#endif
