// The rtl form: ONE pin-to-TLM adapter for every Verilated codec top (verilator --sc).
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
#include <verilated_fst_sc.h>

#include "np_sc.h"
#include "np_sc_pcu_rtl.h"

namespace np_sc {

// has_<port><V>::value, and has_<port><V>::sig: an sc_signal of the port's type (a dummy bool
// signal when the top has no such port).
#define NP_SC_PORT(port)                                                                            \
    template <class T, class = void>                                                               \
    struct has_##port : std::false_type {                                                          \
        using type = bool;                                                                         \
        using sig = sc_core::sc_signal<bool, sc_core::SC_MANY_WRITERS>;                                                    \
    };                                                                                             \
    template <class T>                                                                             \
    struct has_##port<T, std::void_t<decltype(std::declval<T &>().port)>> : std::true_type {      \
        using type = typename std::remove_reference_t<decltype(std::declval<T &>().port)>::data_type; \
        using sig = sc_core::sc_signal<type, sc_core::SC_MANY_WRITERS>;                                                     \
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
#undef NP_SC_PORT

// Bytes <-> a port value, byte b = port bits 8b+7..8b. Wide ports are sc_bv (Verilator --sc
// uses sc_bv from 65 bits), narrow ones bool / uint32_t / uint64_t.
template <class T>
T bytes_to_port(const uint8_t *bytes, size_t n_bytes) {
    if constexpr (std::is_integral_v<T>) {
        uint64_t v = 0;
        for (size_t i = 0; i < n_bytes && i < sizeof(T); i++) v |= static_cast<uint64_t>(bytes[i]) << (8 * i);
        return static_cast<T>(v);
    } else {
        T v;
        const int width = v.length();
        const int words = (width + 31) / 32;
        for (int w = 0; w < words; w++) {
            uint32_t x = 0;
            for (int b = 0; b < 4; b++) {
                const size_t i = static_cast<size_t>(4 * w + b);
                if (i < n_bytes) x |= static_cast<uint32_t>(bytes[i]) << (8 * b);
            }
            if (w == words - 1 && width % 32) x &= (1u << (width % 32)) - 1u;
            v.set_word(w, x);
        }
        return v;
    }
}

template <class T>
void port_to_bytes(const T &v, uint8_t *bytes, size_t n_bytes) {
    std::memset(bytes, 0, n_bytes);
    if constexpr (std::is_integral_v<T>) {
        const uint64_t x = static_cast<uint64_t>(v);
        for (size_t i = 0; i < n_bytes && i < sizeof(T); i++) bytes[i] = static_cast<uint8_t>(x >> (8 * i));
    } else {
        const int words = (v.length() + 31) / 32;
        for (int w = 0; w < words; w++) {
            const uint32_t x = v.get_word(w);
            for (int b = 0; b < 4; b++) {
                const size_t i = static_cast<size_t>(4 * w + b);
                if (i < n_bytes) bytes[i] = static_cast<uint8_t>(x >> (8 * b));
            }
        }
    }
}

template <class T>
uint64_t port_u64(const T &v) {
    if constexpr (std::is_integral_v<T>) return static_cast<uint64_t>(v);
    else return v.to_uint64();
}

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
        : Unit(name, codec, dir, hop, comp_state), top_(top), dut_("dut") {
        init(dir, top);
    }
    RtlUnit(sc_core::sc_module_name name, const UnitOp *op, unsigned hop, const char *top)
        : Unit(name, op, hop), top_(top), dut_("dut") {
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
        dut_.clk_i(clk);
        dut_.rst_ni(rst_n_);
        dut_.in_valid_i(in_valid_);
        dut_.in_ready_o(in_ready_);
        dut_.out_valid_o(out_valid_);
        dut_.out_ready_i(out_ready_);
        if constexpr (has_in_line_i<V>::value) dut_.in_line_i(in_line_);
        if constexpr (has_in_bits_i<V>::value) dut_.in_bits_i(in_bits_);
        if constexpr (has_in_len_i<V>::value) dut_.in_len_i(in_len_);
        if constexpr (has_in_map_i<V>::value) dut_.in_map_i(in_map_);
        if constexpr (has_in_mode_i<V>::value) dut_.in_mode_i(in_mode_);
        if constexpr (has_out_bits_o<V>::value) dut_.out_bits_o(out_bits_);
        if constexpr (has_out_len_o<V>::value) dut_.out_len_o(out_len_);
        if constexpr (has_out_line_o<V>::value) dut_.out_line_o(out_line_);
        if constexpr (has_out_err_o<V>::value) dut_.out_err_o(out_err_);
        if constexpr (has_out_map_o<V>::value) dut_.out_map_o(out_map_);
        if constexpr (has_in_addr_i<V>::value) dut_.in_addr_i(in_addr_);
        if constexpr (has_in_cur_x_i<V>::value) dut_.in_cur_x_i(in_cur_x_);
        if constexpr (has_in_cur_y_i<V>::value) dut_.in_cur_y_i(in_cur_y_);
        if constexpr (has_in_order_i<V>::value) dut_.in_order_i(in_order_);
        if constexpr (has_in_dests_i<V>::value) dut_.in_dests_i(in_dests_);
        if constexpr (has_out_port_dests_o<V>::value) dut_.out_port_dests_o(out_port_dests_);
        if constexpr (has_out_port_mask_o<V>::value) dut_.out_port_mask_o(out_port_mask_);
        if constexpr (has_out_addr_o<V>::value) dut_.out_addr_o(out_addr_);
        if constexpr (has_cfg_we_i<V>::value) dut_.cfg_we_i(cfg_we_);
        if constexpr (has_cfg_addr_i<V>::value) {
            dut_.cfg_addr_i(cfg_addr_);
            dut_.cfg_data_i(cfg_data_);
        }
        if constexpr (kCfgByEntry) {
            dut_.cfg_idx_i(cfg_idx_);
            dut_.cfg_valid_i(cfg_valid_);
            dut_.cfg_start_i(cfg_start_);
            dut_.cfg_end_i(cfg_end_);
            dut_.cfg_bits_i(cfg_bits_);
        }
    }

public:
    ~RtlUnit() override {
        if (fst_) fst_->close();
    }

    Form form() const override { return Form::kRtl; }
    std::string describe() const override {
        return label() + " rtl: Verilated " + top_ + (has_in_mode_i<V>::value ? ", in_mode_i=" + std::to_string(mode_port()) : "");
    }

    // FST of this top from cycle `from` (the replay of a failure): the file opens at that edge.
    void trace_to(const std::string &path, uint64_t from) override {
        fst_path_ = path;
        trace_from_ = from;
    }

private:
    void core_fall(Txn *offer, bool out_room) override {
        if (!fst_path_.empty() && !fst_ && now_cycle() >= trace_from_) {
            fst_.reset(new VerilatedFstSc);
            dut_.trace(fst_.get(), 99);
            fst_->open(fst_path_.c_str());
        }
        rst_n_.write(now_cycle() >= kResetCycles);
        if constexpr (has_cfg_we_i<V>::value) {
            // Write a (cfg_stride_ image words) at edge kResetCycles + a (Unit: offers wait until
            // the load is done).
            const uint64_t a = now_cycle() - kResetCycles;
            const bool we = now_cycle() >= kResetCycles && a < cfg_.size() / cfg_stride_;
            cfg_we_.write(we);
            if constexpr (has_cfg_addr_i<V>::value) {
                cfg_addr_.write(static_cast<typename has_cfg_addr_i<V>::type>(we ? a : 0));
                cfg_data_.write(static_cast<typename has_cfg_data_i<V>::type>(we ? cfg_[a] : 0));
            }
            if constexpr (kCfgByEntry) {
                const uint32_t *w = we ? &cfg_[5 * a] : nullptr;
                cfg_idx_.write(static_cast<typename has_cfg_idx_i<V>::type>(we ? a : 0));
                cfg_valid_.write(we && (w[0] & 1));
                cfg_bits_.write(static_cast<typename has_cfg_bits_i<V>::type>(we ? (w[0] >> 1) & 31 : 0));
                cfg_start_.write(static_cast<typename has_cfg_start_i<V>::type>(we ? (w[1] | uint64_t{w[2]} << 32) : 0));
                cfg_end_.write(static_cast<typename has_cfg_end_i<V>::type>(we ? (w[3] | uint64_t{w[4]} << 32) : 0));
            }
        }
        out_ready_.write(out_room);
        in_valid_.write(offer != nullptr);
        if (!offer) return;   // the data pins keep their last value (don't-care while invalid)
        if constexpr (has_in_line_i<V>::value)
            in_line_.write(bytes_to_port<typename has_in_line_i<V>::type>(offer->line, kLineBytes));
        if constexpr (has_in_bits_i<V>::value)
            in_bits_.write(bytes_to_port<typename has_in_bits_i<V>::type>(offer->stream, kStreamBytes));
        if constexpr (has_in_len_i<V>::value) in_len_.write(static_cast<typename has_in_len_i<V>::type>(offer->bits));
        if constexpr (has_in_map_i<V>::value) {
            // The registry's map 0 (whole line) is the port's 1111.
            in_map_.write(static_cast<typename has_in_map_i<V>::type>(offer->map ? offer->map : 0xF));
        }
        if constexpr (has_in_mode_i<V>::value) in_mode_.write(static_cast<typename has_in_mode_i<V>::type>(mode_port()));
        if constexpr (has_in_addr_i<V>::value) in_addr_.write(static_cast<typename has_in_addr_i<V>::type>(offer->addr));
        if constexpr (has_in_cur_x_i<V>::value) in_cur_x_.write(static_cast<typename has_in_cur_x_i<V>::type>(offer->cur_x));
        if constexpr (has_in_cur_y_i<V>::value) in_cur_y_.write(static_cast<typename has_in_cur_y_i<V>::type>(offer->cur_y));
        if constexpr (has_in_order_i<V>::value) in_order_.write(static_cast<typename has_in_order_i<V>::type>(offer->order));
        if constexpr (has_in_dests_i<V>::value) {
            uint8_t b[8];
            for (unsigned i = 0; i < 8; i++) b[i] = static_cast<uint8_t>(offer->dests >> (8 * i));
            in_dests_.write(bytes_to_port<typename has_in_dests_i<V>::type>(b, 8));
        }
    }

    bool core_edge(Txn *offer, bool out_room) override {
        if (now_cycle() < kResetCycles) {
            inflight_.clear();
            return false;
        }
        // Pre-edge values: this method runs in the delta of the edge, before the top's outputs
        // of this edge are visible.
        if (out_valid_.read() && out_room) {
            if (inflight_.empty()) SC_REPORT_FATAL("np_sc", (top_ + ": out_valid_o with nothing accepted").c_str());
            Txn *t = inflight_.front();
            inflight_.pop_front();
            read_result(*t);
            push_result(t);
        }
        if (offer && in_ready_.read()) {
            inflight_.push_back(offer);
            in_valid_.write(false);
            return true;
        }
        return false;
    }

    void read_result(Txn &t) {
        if constexpr (kComp) {
            port_to_bytes(out_bits_.read(), t.stream, kStreamBytes);
            t.bits = static_cast<size_t>(port_u64(out_len_.read()));
        } else {
            port_to_bytes(out_line_.read(), t.out, kLineBytes);
            t.err = out_err_.read();
            // A line-to-line unit's out_bits_o is the number it applied (dsm_approx), not a stream.
            if constexpr (kLine && has_out_bits_o<V>::value) t.approx_bits = static_cast<unsigned>(port_u64(out_bits_.read()));
        }
        if constexpr (has_out_addr_o<V>::value) t.out_addr = port_u64(out_addr_.read());
        if constexpr (has_out_port_dests_o<V>::value) port_to_bytes(out_port_dests_.read(), t.port_dests, sizeof t.port_dests);
        if constexpr (has_out_port_mask_o<V>::value) t.port_mask = static_cast<unsigned>(port_u64(out_port_mask_.read()));
    }

    std::string top_;
    V dut_;
    // Written by the offering initiator's thread (b_transport) and by this unit's edge methods.
    sc_core::sc_signal<bool, sc_core::SC_MANY_WRITERS> rst_n_{"rst_n", false}, in_valid_{"in_valid", false}, in_ready_{"in_ready"},
        out_valid_{"out_valid"}, out_ready_{"out_ready", false};
    typename has_in_line_i<V>::sig in_line_;
    typename has_in_bits_i<V>::sig in_bits_;
    typename has_in_len_i<V>::sig in_len_;
    typename has_in_map_i<V>::sig in_map_;
    typename has_in_mode_i<V>::sig in_mode_;
    typename has_out_bits_o<V>::sig out_bits_;
    typename has_out_len_o<V>::sig out_len_;
    typename has_out_line_o<V>::sig out_line_;
    typename has_out_err_o<V>::sig out_err_;
    typename has_out_map_o<V>::sig out_map_;
    typename has_cfg_we_i<V>::sig cfg_we_;
    typename has_cfg_addr_i<V>::sig cfg_addr_;
    typename has_cfg_data_i<V>::sig cfg_data_;
    typename has_in_addr_i<V>::sig in_addr_;
    typename has_out_addr_o<V>::sig out_addr_;
    typename has_cfg_idx_i<V>::sig cfg_idx_;
    typename has_cfg_valid_i<V>::sig cfg_valid_;
    typename has_cfg_start_i<V>::sig cfg_start_;
    typename has_cfg_end_i<V>::sig cfg_end_;
    typename has_cfg_bits_i<V>::sig cfg_bits_;
    typename has_in_cur_x_i<V>::sig in_cur_x_;
    typename has_in_cur_y_i<V>::sig in_cur_y_;
    typename has_in_order_i<V>::sig in_order_;
    typename has_in_dests_i<V>::sig in_dests_;
    typename has_out_port_dests_o<V>::sig out_port_dests_;
    typename has_out_port_mask_o<V>::sig out_port_mask_;
    std::deque<Txn *> inflight_;
    std::unique_ptr<VerilatedFstSc> fst_;
    std::string fst_path_;
    uint64_t trace_from_ = 0;
};

// A top is made by the adapter its ports call for: the PCU's two handshake pairs (req_*/mcq_*,
// l2_*/rpl_*: PcuRtl, np_sc_pcu_rtl.h), every other top by RtlUnit. A UnitOp's top (op non-null)
// is made from its op, a codec top from its codec and side.
template <class V>
bool register_rtl_top(const char *top) {
    if constexpr (has_req_valid_i<V>::value) {
        return register_pcu_rtl(top, [](const char *name, const pcu_config &cfg, const StallProfile &room_low) -> PcuUnit * {
            return new PcuRtl<V>(name, cfg, room_low);
        });
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
