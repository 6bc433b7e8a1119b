// The shared TLM boundary, the model form, the timing lookup and the factory (np_sc.h).
#include "np_sc.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "np_latency.h"

namespace np_sc {

using namespace sc_core;

void init_time() {
    // Before any sc_time exists; the Verilated tops are built with --timescale 1ns/1ps, and
    // Verilator checks that SystemC's resolution matches their precision.
    sc_set_time_resolution(1, SC_PS);
}

sc_time period() { return sc_time(10, SC_NS); }

uint64_t edge_cycle() {
    const double ns = sc_time_stamp().to_seconds() * 1e9;
    return static_cast<uint64_t>((ns - 5.0) / 10.0 + 0.5);
}

uint64_t now_cycle() {
    const double ns = sc_time_stamp().to_seconds() * 1e9;
    // cycle c spans (10c-5, 10c+5]
    return static_cast<uint64_t>((ns + 4.999) / 10.0);
}

const char *form_name(Form f) { return f == Form::kModel ? "model" : "rtl"; }

// ---- timing ----------------------------------------------------------------------------------

const char *unit_top(const np_codec *c, Dir d) { return d == Dir::kCompress ? c->comp_top : c->decomp_top; }

// The tools' one rule (np_latency.h: synthesis report, harness log, published table), latency
// and initiation interval. A unit with II > 1 holds at most ceil(latency / II) lines: the RTL of
// an iterative unit (BPC, SC) takes the next line at the edge its result leaves, so under
// back-pressure it takes none while a result waits, which II alone would not model.
static Timing from_rule(const np_latency &l) {
    Timing t;
    t.latency = l.cycles;
    t.source = l.source;
    // A zero-latency unit would be a combinational path through the TLM boundary, which the
    // boundary does not model (mcast_rc's published figure is 0: its RC overlaps VA).
    if (t.latency == 0) t.latency = 1;
    t.ii = l.ii ? l.ii : 1;
    if (t.ii > 1) t.depth = (t.latency + t.ii - 1) / t.ii;
    return t;
}

static np_latency_sources rule_sources(const TimingSources &src) {
    return np_latency_sources{src.synth_json.c_str(), src.verify_dir.c_str()};
}

Timing resolve_timing(const np_codec *c, Dir d, const TimingSources &src) {
    np_latency l;
    const np_latency_sources s = rule_sources(src);
    np_latency_resolve_codec(&l, c, d == Dir::kDecompress, &s);
    return from_rule(l);
}

Timing resolve_timing(const UnitOp *op, const TimingSources &src) {
    np_latency l;
    const np_latency_sources s = rule_sources(src);
    np_latency_resolve_top(&l, op->top, &s);
    return from_rule(l);
}

// ---- the boundary ----------------------------------------------------------------------------

void clock_processes(const sc_in<bool> &clk, sc_event &offer_ev, std::function<void()> rise, std::function<void()> fall) {
    sc_spawn_options r;
    r.spawn_method();
    r.dont_initialize();
    r.set_sensitivity(&clk.pos());
    sc_spawn(std::move(rise), sc_gen_unique_name("on_rise"), &r);
    sc_spawn_options f;
    f.spawn_method();
    f.dont_initialize();
    f.set_sensitivity(&clk.neg());
    f.set_sensitivity(&offer_ev);
    sc_spawn(std::move(fall), sc_gen_unique_name("on_fall"), &f);
}

Unit::Unit(sc_module_name name, const np_codec *codec, Dir dir, unsigned hop, const void *comp_state)
    : sc_module(name), in("in"), out("out"), clk("clk"), codec_(codec), dir_(dir), hop_(hop) {
    if (codec && codec->state_bytes) {   // (the platform's channel has no codec)
        state_.assign(codec->state_bytes, 0);
        np_codec_init(codec, state_.data());
        if (comp_state) {
            if (dir == Dir::kCompress) std::memcpy(state_.data(), comp_state, codec->state_bytes);
            else np_codec_sync(codec, state_.data(), comp_state);
        }
        std::vector<uint32_t> words(4096);
        const size_t n = np_codec_cfg_image(codec, state_.data(), dir == Dir::kDecompress, words.data(), words.size());
        cfg_.assign(words.begin(), words.begin() + static_cast<long>(n));
    }
    in.register_b_transport(this, &Unit::b_transport);
    clock_processes(clk, offer_ev_, [this] { on_rise(); }, [this] { on_fall(); });
    SC_THREAD(output_thread);
}

Unit::Unit(sc_module_name name, const UnitOp *op, unsigned hop)
    : sc_module(name), in("in"), out("out"), clk("clk"), codec_(nullptr), op_(op), dir_(Dir::kUnit), hop_(hop) {
    if (op->cfg_image) cfg_ = op->cfg_image();
    cfg_stride_ = op->cfg_stride ? op->cfg_stride : 1;
    if (cfg_.size() % cfg_stride_) throw std::runtime_error(std::string(op->name) + ": image not a whole number of writes");
    in.register_b_transport(this, &Unit::b_transport);
    clock_processes(clk, offer_ev_, [this] { on_rise(); }, [this] { on_fall(); });
    SC_THREAD(output_thread);
}

std::string Unit::label() const {
    if (op_) return op_->name;
    return std::string(codec_->name) + (dir_ == Dir::kCompress ? " compressor" : " decompressor");
}

void Unit::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay) {
    post_offer(gp, delay, clk, offer_, offer_ev_, accepted_ev_, "two initiators offer to one unit at once");
}

void Unit::on_fall() {
    // The output queue's room in this cycle, decided before the edge: counts the results already
    // in it, including the one the downstream may take at this very edge.
    out_room_ = outq_.size() < kOutDepth;
    // While the table loads, the core sees no offer.
    core_fall(now_cycle() >= first_offer_cycle() ? offer_ : nullptr, out_room_);
}

void Unit::on_rise() {
    if (edge_cycle() < kResetCycles) {
        core_edge(nullptr, false);
        return;
    }
    Txn *o = edge_cycle() >= first_offer_cycle() ? offer_ : nullptr;
    if (core_edge(o, out_room_) && o) {
        o->accept[hop_] = edge_cycle();
        offer_ = nullptr;
        accepted_++;
        accepted_ev_.notify(SC_ZERO_TIME);
    }
}

void Unit::push_result(Txn *t) {
    if (outq_.size() >= kOutDepth) SC_REPORT_FATAL("np_sc", "core pushed into a full output queue");
    outq_.push_back(t);
    pushed_ev_.notify(SC_ZERO_TIME);
}

void Unit::output_thread() {
    tlm::tlm_generic_payload gp;
    while (true) {
        while (outq_.empty()) wait(pushed_ev_);
        Txn *t = outq_.front();
        set_payload(gp, *t);
        sc_time delay = SC_ZERO_TIME;
        out->b_transport(gp, delay);
        if (gp.get_response_status() != tlm::TLM_OK_RESPONSE) SC_REPORT_FATAL("np_sc", "downstream refused");
        t->deliver[hop_] = edge_cycle();
        outq_.pop_front();
        delivered_++;
    }
}

unsigned Unit::mode_port() const {
    // dpc_compressor/dpc_decompressor's 2-bit in_mode_i (dpc.h dpc_mode: 0 DPC, 1 DF-TRUC,
    // 2 DF-MAN); the registry names the three modes "dpc", "df-truc", "df-man".
    if (std::strcmp(codec_->name, "df-truc") == 0) return 1;
    if (std::strcmp(codec_->name, "df-man") == 0) return 2;
    return 0;
}

void Unit::model_compute(Txn &t) const {
    if (op_) {
        op_->compute(cfg_, t);
        return;
    }
    np_codec_opts opts{};
    opts.map = t.map;
    void *state = state_.empty() ? nullptr : const_cast<uint8_t *>(state_.data());
    if (dir_ == Dir::kCompress) {
        std::memset(t.stream, 0, sizeof t.stream);
        unsigned fill = 0;
        if (np_codec_compress(codec_, state, &opts, t.line, t.stream, kStreamBytes, &t.bits, &fill) != NP_OK)
            SC_REPORT_FATAL("np_sc", "C model compress failed");
    } else {
        t.err = np_codec_decompress(codec_, state, &opts, t.stream, t.bits, t.out, kLineBytes) != NP_OK;
    }
}

// ---- the model form ----------------------------------------------------------------------------

ModelUnit::ModelUnit(sc_module_name name, const np_codec *codec, Dir dir, unsigned hop, const Timing &t,
                     uint64_t inject_flip_seq, const void *comp_state)
    : Unit(name, codec, dir, hop, comp_state), timing_(t), inject_flip_seq_(inject_flip_seq), stage_(t.latency, nullptr) {
    // A trained codec's state is fixed between rebuilds (SC's tables); one that changes with
    // every line (C-Pack's synchronised dictionary) would need both sides kept in step.
    if (codec->state_bytes != 0 && !(codec->flags & NP_CODEC_TRAINED))
        throw std::runtime_error(std::string("codec ") + codec->name +
                                 " changes its state with every line: its model form is not built yet");
}

ModelUnit::ModelUnit(sc_module_name name, const UnitOp *op, unsigned hop, const Timing &t, uint64_t inject_flip_seq)
    : Unit(name, op, hop), timing_(t), inject_flip_seq_(inject_flip_seq), stage_(t.latency, nullptr) {}

std::string ModelUnit::describe() const {
    return label() + " model: latency " + std::to_string(timing_.latency) + ", II " + std::to_string(timing_.ii) +
           (timing_.depth ? ", " + std::to_string(timing_.depth) + " line(s) in flight" : std::string()) +
           " from " + timing_.source;
}

bool ModelUnit::core_edge(Txn *offer, bool out_room) {
    const size_t n = stage_.size();
    // Ready of each stage before the edge: empty, or its beat moves on (np_stream_register).
    std::vector<bool> ready(n + 1);
    ready[n] = out_room;
    for (size_t k = n; k-- > 0;) ready[k] = stage_[k] == nullptr || ready[k + 1];
    if (edge_cycle() < kResetCycles) {
        std::fill(stage_.begin(), stage_.end(), nullptr);
        return false;
    }
    if (stage_[n - 1] && out_room) {
        push_result(stage_[n - 1]);
        stage_[n - 1] = nullptr;
    }
    for (size_t k = n - 1; k > 0; k--) {
        if (stage_[k - 1] && ready[k]) {
            stage_[k] = stage_[k - 1];
            stage_[k - 1] = nullptr;
        }
    }
    const uint64_t c = edge_cycle();
    const bool ii_ok = !any_accept_ || c - last_accept_ >= timing_.ii;
    // Lines in flight after this edge's moves (the one leaving at this edge already counted out).
    unsigned in_flight = 0;
    for (Txn *s : stage_) in_flight += s != nullptr;
    const bool depth_ok = timing_.depth == 0 || in_flight < timing_.depth;
    if (offer && ready[0] && ii_ok && depth_ok) {
        model_compute(*offer);
        if (offer->seq == inject_flip_seq_) {
            if (dir_ == Dir::kCompress) offer->stream[0] ^= 1;
            else if (dir_ == Dir::kDecompress) offer->out[0] ^= 1;
            else op_->flip(*offer);
        }
        stage_[0] = offer;
        last_accept_ = c;
        any_accept_ = true;
        return true;
    }
    return false;
}

// ---- factory ---------------------------------------------------------------------------------

std::vector<RtlEntry> &rtl_table() {
    static std::vector<RtlEntry> table;
    return table;
}

bool register_rtl(const char *top, RtlMaker make) {
    rtl_table().push_back(RtlEntry{top, std::move(make)});
    return true;
}

static const RtlEntry *find_rtl(const char *top) {
    if (!top) return nullptr;
    for (const RtlEntry &e : rtl_table())
        if (std::strcmp(e.top, top) == 0) return &e;
    return nullptr;
}

bool has_rtl(const np_codec *c, Dir d) { return find_rtl(unit_top(c, d)) != nullptr; }
bool has_rtl_top(const char *top) { return find_rtl(top) != nullptr; }

std::unique_ptr<Unit> make_unit(const char *name, const np_codec *c, Dir d, Form f, unsigned hop,
                                const TimingSources &src, const void *comp_state) {
    if (!c) throw std::runtime_error("no such codec");
    if (f == Form::kModel) {
        Timing t = resolve_timing(c, d, src);
        t.latency += src.inject_extra_latency;
        return std::unique_ptr<Unit>(new ModelUnit(name, c, d, hop, t, src.inject_flip_seq, comp_state));
    }
    const RtlEntry *e = find_rtl(unit_top(c, d));
    if (!e) {
        throw std::runtime_error(std::string("no rtl form for ") + c->name +
                                 (d == Dir::kCompress ? " compressor" : " decompressor") + " (top " +
                                 (unit_top(c, d) ? unit_top(c, d) : "none") + " not in SC_TOPS)");
    }
    return std::unique_ptr<Unit>(e->make(name, c, d, hop, comp_state, nullptr));
}

std::unique_ptr<Unit> make_unit(const char *name, const UnitOp *op, Form f, unsigned hop, const TimingSources &src) {
    if (!op) throw std::runtime_error("no such unit");
    if (f == Form::kModel) {
        Timing t = resolve_timing(op, src);
        t.latency += src.inject_extra_latency;
        return std::unique_ptr<Unit>(new ModelUnit(name, op, hop, t, src.inject_flip_seq));
    }
    const RtlEntry *e = find_rtl(op->top);
    if (!e) throw std::runtime_error(std::string("no rtl form for ") + op->name + " (top " + op->top + " not in SC_TOPS)");
    return std::unique_ptr<Unit>(e->make(name, nullptr, Dir::kUnit, hop, nullptr, op));
}

}  // namespace np_sc
