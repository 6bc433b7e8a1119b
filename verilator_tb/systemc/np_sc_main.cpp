// np_sc: the SystemC checks and benchmarks (docs/systemc.md).
//
//   np_sc unit     --codec C --dir comp|decomp --form model|rtl|both [--count N] [--no-stall]
//       One unit between a source and a sink. With --form both, the model form and the rtl form
//       run side by side on the same lines with the same random gaps and stalls, and every
//       transaction's data, acceptance cycle and delivery cycle must be identical.
//   np_sc pcu      --form model|rtl|both [--count N] [--l2-latency L] [--l2-spread S] [--zero-load]
//       The PCU (docs/pcu.md) between an SM-side request source, an L2 model and a reply sink; with
//       --form both its model and rtl form run side by side and every transaction on its four
//       streams (req, l2, mcq, rpl) must be identical in data and cycles.
//   np_sc router   --form model|rtl|both [--count N] [--load P] [--mcast P] [--node N]
//       The mesh router (docs/router.md) between its five neighbours, which put router_stim's
//       traffic on its links (npsim's router driven with random unicast and multicast packets,
//       random credit delays, holds and releases); each form's links are compared every cycle
//       with npsim's expectation (flits, credits, releases), so the forms with each other.
//   np_sc platform --codec C --comp model|rtl --decomp model|rtl [--count N] [--zero-load]
//       The reply path: source -> compressor -> serialiser/link/deserialiser -> decompressor ->
//       sink; every line must arrive once, in order, intact; flits are counted.
//
// Result lines start with a keyword (grep '^PASS' etc.): RUN, UNIT, SPEED, LATENCY, PASS, and on
// failure one MISMATCH / LOST / TIMEOUT line, then WAVEFORM (a replay that writes the rtl form's
// FST) and FAIL. Exit status 0 pass, 1 failure, 2 bad arguments.
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <verilated.h>

#include "np_sc.h"
#include "np_sc_pcu.h"
#include "np_sc_router.h"

using namespace np_sc;
using namespace sc_core;

namespace {

struct Args {
    std::string mode;
    std::string codec = "dsm";
    Dir dir = Dir::kCompress;
    std::string form = "both";
    Form comp = Form::kModel, decomp = Form::kModel;
    uint64_t count = 100000;
    uint64_t seed = 20240601;
    double gap = 0.2, stall = 0.3;
    bool no_stall = false, zero_load = false;
    std::string data = "../shared/data/lines";
    TimingSources timing;
    LinkConfig link;
    std::string fst;            // replay: write the rtl form's FST here
    uint64_t trace_from = 0;
    bool replay = false;
    std::string self;
    std::vector<std::string> argv;
    // pcu mode: the L2 model's read latency and its spread, rpq_room_i's low probability.
    unsigned l2_latency = 20, l2_spread = 200;
    double room_low = 0.1;
    // router mode: the probability an input offers a flit in a cycle, the multicast share.
    double load = 0.6, mcast = 0.3;
};

[[noreturn]] void usage(const char *msg) {
    std::fprintf(stderr, "np_sc: %s\n(see the header of verilator_tb/systemc/np_sc_main.cpp, docs/systemc.md)\n", msg);
    std::exit(2);
}

Form parse_form(const std::string &s) {
    if (s == "model") return Form::kModel;
    if (s == "rtl") return Form::kRtl;
    usage(("form must be model or rtl, not " + s).c_str());
}

Args parse(int argc, char **argv) {
    Args a;
    a.self = argv[0];
    if (argc < 2) usage("missing mode (unit | platform | pcu | router | list)");
    a.mode = argv[1];
    for (int i = 0; i < argc; i++) a.argv.push_back(argv[i]);
    for (int i = 2; i < argc; i++) {
        const std::string k = argv[i];
        auto val = [&]() -> std::string {
            if (i + 1 >= argc) usage((k + " needs a value").c_str());
            return argv[++i];
        };
        if (k == "--codec") a.codec = val();
        else if (k == "--dir") {
            const std::string v = val();
            if (v == "comp") a.dir = Dir::kCompress;
            else if (v == "decomp") a.dir = Dir::kDecompress;
            else if (v == "unit") a.dir = Dir::kUnit;   // a UnitOp (--codec names it): dsm-approx
            else usage("--dir comp|decomp|unit");
        } else if (k == "--form") a.form = val();
        else if (k == "--comp") a.comp = parse_form(val());
        else if (k == "--decomp") a.decomp = parse_form(val());
        else if (k == "--count") a.count = std::strtoull(val().c_str(), nullptr, 0);
        else if (k == "--seed") a.seed = std::strtoull(val().c_str(), nullptr, 0);
        else if (k == "--gap") a.gap = std::atof(val().c_str());
        else if (k == "--stall") a.stall = std::atof(val().c_str());
        else if (k == "--no-stall") a.no_stall = true;
        else if (k == "--zero-load") a.zero_load = true;
        else if (k == "--data") a.data = val();
        else if (k == "--synth-json") a.timing.synth_json = val();
        else if (k == "--verify-dir") a.timing.verify_dir = val();
        else if (k == "--flit-bits") a.link.flit_bits = static_cast<unsigned>(std::atoi(val().c_str()));
        else if (k == "--link-latency") a.link.latency = static_cast<unsigned>(std::atoi(val().c_str()));
        else if (k == "--credits") a.link.credits = static_cast<unsigned>(std::atoi(val().c_str()));
        else if (k == "--link-stall") a.link.stall = std::atof(val().c_str());
        else if (k == "--fst") a.fst = val();
        else if (k == "--trace-from") a.trace_from = std::strtoull(val().c_str(), nullptr, 0);
        else if (k == "--replay") a.replay = true;
        else if (k == "--l2-latency") a.l2_latency = static_cast<unsigned>(std::atoi(val().c_str()));
        else if (k == "--l2-spread") a.l2_spread = static_cast<unsigned>(std::atoi(val().c_str()));
        else if (k == "--room-low") a.room_low = std::atof(val().c_str());
        else if (k == "--load") a.load = std::atof(val().c_str());
        else if (k == "--mcast") a.mcast = std::atof(val().c_str());
        else if (k == "--inject-mismatch") a.timing.inject_flip_seq = std::strtoull(val().c_str(), nullptr, 0);
        else if (k == "--inject-latency") a.timing.inject_extra_latency = static_cast<unsigned>(std::atoi(val().c_str()));
        else usage(("unknown option " + k).c_str());
    }
    if (a.no_stall || a.zero_load) a.gap = a.stall = a.link.stall = a.room_low = 0;
    if (a.zero_load) a.l2_spread = 0;
    if (a.l2_latency < 2) usage("--l2-latency must be >= 2");
    if (a.count == 0) usage("--count must be > 0");
    if (a.link.flit_bits == 0 || a.link.latency == 0 || a.link.credits == 0) usage("link figures must be > 0");
    // At zero load a packet must never wait for a credit: a credit comes back 2 x latency
    // cycles after its flit left.
    if (a.zero_load && a.link.credits < 2 * a.link.latency) usage("--zero-load needs --credits >= 2 x --link-latency");
    a.link.seed = a.seed;
    return a;
}

std::string hex(const uint8_t *b, size_t n) {
    static const char *d = "0123456789abcdef";
    std::string s;
    for (size_t i = n; i-- > 0;) {
        s += d[b[i] >> 4];
        s += d[b[i] & 15];
    }
    return s;
}

// Lines from DATA_DIR with a random critical map for the filtering codecs, and (for a
// decompressor under test) the C compressor's stream. A trained codec (SC) first trains its
// compressor-side state on the run's own lines, in order (the ratio table's convention,
// docs/sc.md 2.4); *state gets it (empty for other codecs), and every unit starts from it.
std::vector<Txn> make_txns(const Args &a, const np_codec *c, Dir d, std::vector<uint8_t> *state) {
    LineFeed feed(a.data, a.seed);
    std::vector<Txn> v(a.count);
    for (uint64_t i = 0; i < a.count; i++) {
        v[i].seq = i;
        feed.next(v[i].line);
    }
    state->clear();
    if (c->state_bytes) {
        state->assign(c->state_bytes, 0);
        np_codec_init(c, state->data());
        if (c->flags & NP_CODEC_TRAINED) {
            for (const Txn &t : v) np_codec_observe(c, state->data(), t.line);
            if (np_codec_rebuild(c, state->data()) != NP_OK) throw std::runtime_error("C model rebuild failed");
        }
    }
    void *st = state->empty() ? nullptr : state->data();
    for (uint64_t i = 0; i < a.count; i++) {
        Txn &t = v[i];
        if (c->flags & NP_CODEC_FILTERS) t.map = 1u + static_cast<unsigned>((i * 0x9E3779B1u >> 7) % 15u);
        // The oracle's fill (what the receiver must reproduce) and, for a decompressor under
        // test, the stream it receives.
        np_codec_opts opts{};
        opts.map = t.map;
        size_t bits = 0;
        unsigned fill = 0;
        uint8_t buf[kStreamBytes + 8] = {0};
        if (np_codec_compress(c, st, &opts, t.line, buf, kStreamBytes, &bits, &fill) != NP_OK)
            throw std::runtime_error("C model compress failed on a data line");
        t.fill = fill;
        if (d == Dir::kDecompress) {
            std::memcpy(t.stream, buf, sizeof buf);
            t.bits = bits;
        }
    }
    return v;
}

// A UnitOp's run: lines from DATA_DIR with the op's own inputs (its address, ...).
std::vector<Txn> make_op_txns(const Args &a, const UnitOp *op) {
    LineFeed feed(a.data, a.seed);
    std::vector<Txn> v(a.count);
    for (uint64_t i = 0; i < a.count; i++) {
        v[i].seq = i;
        feed.next(v[i].line);
        op->prepare(v[i], a.seed, i);
    }
    return v;
}

// The sub-blocks the receiver reproduces must equal the original; the others are zero.
bool line_intact(const Txn &t, std::string *why) {
    for (unsigned sb = 0; sb < 4; sb++) {
        uint8_t want[32];
        if (t.fill & (1u << sb)) std::memcpy(want, t.line + 32 * sb, 32);
        else std::memset(want, 0, 32);
        if (std::memcmp(want, t.out + 32 * sb, 32) != 0) {
            *why = "sub_block=" + std::to_string(sb) + " exp=" + hex(want, 32) + " got=" + hex(t.out + 32 * sb, 32);
            return false;
        }
    }
    return true;
}

struct Clock {
    // First rising edge at 5 ns (cycle 0), falling edges at 10c.
    sc_clock clk{"clk", period(), 0.5, sc_time(5, SC_NS), true};
};

int g_status = 0;
uint64_t g_fail_cycle = kNoCycle;
std::string g_fail_line;

void fail(const std::string &line) {
    if (g_status) return;
    g_status = 1;
    g_fail_cycle = now_cycle();
    g_fail_line = line;
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
    sc_stop();
}

// Re-runs this command with the rtl form's FST on from a window before the failing cycle (the
// run is deterministic in the seed) and prints where the waveform is.
void replay_with_fst(const Args &a, const std::string &what) {
    if (a.replay) return;
    const std::string fst = a.fst.empty() ? "np_sc_fail.fst" : a.fst;
    const uint64_t from = g_fail_cycle > 2000 ? g_fail_cycle - 2000 : 0;
    // The replay is this program again with a few more arguments, started without a shell
    // (posix_spawn with an argv array), so no path the user gave is ever parsed as a command.
    std::vector<std::string> args = a.argv;
    for (const std::string &extra : {std::string("--replay"), std::string("--fst"), fst, std::string("--trace-from"),
                                     std::to_string(from)})
        args.push_back(extra);
    std::vector<char *> cargv;
    for (std::string &s : args) cargv.push_back(&s[0]);
    cargv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    if (posix_spawn(&pid, "/proc/self/exe", &fa, nullptr, cargv.data(), environ) == 0) {
        int status;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    posix_spawn_file_actions_destroy(&fa);
    std::string cmd;   // printed for the user to copy; quoted for a POSIX shell
    for (const std::string &s : a.argv) {
        std::string q = "'";
        for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
        cmd += q + "' ";
    }
    std::printf("WAVEFORM %s cycles=%" PRIu64 "..%" PRIu64 " (rtl form; time = 10*cycle ns, rising edge at 10*cycle+5)\n",
                fst.c_str(), from, g_fail_cycle);
    std::printf("FAIL %s seed=%" PRIu64 " replay: %s\n", what.c_str(), a.seed, cmd.c_str());
}

// Runs until every expected transaction is in, or nothing moves for a long time.
bool run_until(const std::function<uint64_t()> &done, uint64_t want) {
    uint64_t last = 0, still = 0;
    while (!g_status && done() < want) {
        sc_start(sc_time(10000 * 10, SC_NS));
        if (done() == last) {
            if (++still == 3) return false;   // 30000 cycles without a delivery: a hang
        } else {
            still = 0;
            last = done();
        }
        if (sc_get_status() == SC_STOPPED) break;
    }
    return true;
}

double cpu_now() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

int run_unit(const Args &a) {
    // A codec side, or (--dir unit) a UnitOp.
    const UnitOp *op = a.dir == Dir::kUnit ? find_op(a.codec.c_str()) : nullptr;
    const np_codec *c = op ? nullptr : np_codec_find(a.codec.c_str());
    if (!c && !op) usage(("unknown " + std::string(a.dir == Dir::kUnit ? "unit " : "codec ") + a.codec).c_str());
    const char *top = op ? op->top : unit_top(c, a.dir);
    const char *cname = op ? op->name : c->name;
    const std::string unit = top ? top : (a.codec + (a.dir == Dir::kCompress ? "-comp" : "-decomp"));
    std::vector<Form> forms;
    if (a.form == "both") forms = {Form::kModel, Form::kRtl};
    else forms = {parse_form(a.form)};
    std::printf("RUN mode=unit unit=%s codec=%s form=%s count=%" PRIu64 " seed=%" PRIu64 " gap=%g stall=%g data=%s\n",
                unit.c_str(), cname, a.form.c_str(), a.count, a.seed, a.gap, a.stall, a.data.c_str());
    std::fflush(stdout);

    Clock clock;
    struct Chain {
        std::vector<Txn> txns;
        std::unique_ptr<Source> src;
        std::unique_ptr<Unit> unit;
        std::unique_ptr<Sink> sink;
    };
    std::vector<Chain> chains(forms.size());
    std::vector<uint8_t> state;
    const std::vector<Txn> base = op ? make_op_txns(a, op) : make_txns(a, c, a.dir, &state);
    const void *trained = state.empty() ? nullptr : state.data();
    uint64_t compared = 0, max_cycle = 0;
    std::vector<uint8_t> seen(forms.size() > 1 ? a.count : 0, 0);

    auto compare = [&](uint64_t i) {
        const Txn &m = chains[0].txns[i], &r = chains[1].txns[i];
        auto mismatch = [&](const std::string &field, const std::string &exp, const std::string &got) {
            fail("MISMATCH unit=" + unit + " codec=" + cname + " seed=" + std::to_string(a.seed) +
                 " cycle=" + std::to_string(now_cycle()) + " txn=" + std::to_string(i) + " field=" + field +
                 " model=" + exp + " rtl=" + got);
        };
        if (m.accept[0] != r.accept[0]) return mismatch("accept_cycle", std::to_string(m.accept[0]), std::to_string(r.accept[0]));
        // Delivery = the edge at which the sink took it (the unit stamps deliver[0] only after the
        // sink returns).
        if (m.accept[1] != r.accept[1]) return mismatch("deliver_cycle", std::to_string(m.accept[1]), std::to_string(r.accept[1]));
        if (op) {
            if (m.out_addr != r.out_addr) return mismatch("out_addr", std::to_string(m.out_addr), std::to_string(r.out_addr));
            if (m.approx_bits != r.approx_bits)
                return mismatch("out_bits", std::to_string(m.approx_bits), std::to_string(r.approx_bits));
            if (std::memcmp(m.out, r.out, kLineBytes) != 0)
                return mismatch("out_line", hex(m.out, kLineBytes), hex(r.out, kLineBytes));
            if (m.port_mask != r.port_mask)
                return mismatch("out_port_mask", std::to_string(m.port_mask), std::to_string(r.port_mask));
            if (std::memcmp(m.port_dests, r.port_dests, sizeof m.port_dests) != 0)
                return mismatch("out_port_dests", hex(m.port_dests, sizeof m.port_dests), hex(r.port_dests, sizeof r.port_dests));
        } else if (a.dir == Dir::kCompress) {
            if (m.bits != r.bits) return mismatch("out_len", std::to_string(m.bits), std::to_string(r.bits));
            if (std::memcmp(m.stream, r.stream, kStreamBytes) != 0)
                return mismatch("out_bits", hex(m.stream, kStreamBytes), hex(r.stream, kStreamBytes));
        } else {
            if (m.err != r.err) return mismatch("out_err", std::to_string(m.err), std::to_string(r.err));
            // The line is unspecified on an error (docs/conventions.md); streams here are valid.
            if (!m.err && std::memcmp(m.out, r.out, kLineBytes) != 0)
                return mismatch("out_line", hex(m.out, kLineBytes), hex(r.out, kLineBytes));
        }
        compared++;
    };

    const StallProfile gaps{a.seed, 1, a.gap}, stalls{a.seed, 2, a.stall};
    for (size_t k = 0; k < forms.size(); k++) {
        Chain &ch = chains[k];
        ch.txns = base;
        const std::string sfx = std::string("_") + form_name(forms[k]);
        ch.src.reset(new Source(("src" + sfx).c_str(), ch.txns, gaps));
        ch.unit = op ? make_unit(("unit" + sfx).c_str(), op, forms[k], 0, a.timing)
                     : make_unit(("unit" + sfx).c_str(), c, a.dir, forms[k], 0, a.timing, trained);
        ch.unit->clk(clock.clk);
        if (forms[k] == Form::kRtl && a.replay && !a.fst.empty()) ch.unit->trace_to(a.fst, a.trace_from);
        ch.sink.reset(new Sink(("sink" + sfx).c_str(), stalls, 1, [&, k](Txn &t) {
            // Every line once, in order (the unit is an in-order pipeline).
            const uint64_t want = chains[k].sink->received() - 1;
            if (t.seq != want) {
                fail("LOST unit=" + unit + " form=" + form_name(forms[k]) + " seed=" + std::to_string(a.seed) +
                     " cycle=" + std::to_string(now_cycle()) + " txn=" + std::to_string(want) + " got=" + std::to_string(t.seq));
                return;
            }
            max_cycle = std::max(max_cycle, edge_cycle());
            if (a.dir == Dir::kDecompress) {
                std::string why;
                if (t.err || !line_intact(t, &why)) {
                    fail("MISMATCH unit=" + unit + " form=" + form_name(forms[k]) + " seed=" + std::to_string(a.seed) +
                         " cycle=" + std::to_string(now_cycle()) + " txn=" + std::to_string(t.seq) +
                         " field=out_line vs_original " + (t.err ? "err=1" : why));
                    return;
                }
            }
            if (forms.size() > 1 && ++seen[t.seq] == 2) compare(t.seq);
        }));
        ch.src->out.bind(ch.unit->in);
        ch.unit->out.bind(ch.sink->in);
        ch.sink->clk(clock.clk);
        std::printf("UNIT %s\n", ch.unit->describe().c_str());
    }
    std::fflush(stdout);

    const auto t0 = std::chrono::steady_clock::now();
    const double cpu0 = cpu_now();
    auto done = [&]() {
        uint64_t n = ~0ull;
        for (Chain &ch : chains) n = std::min(n, ch.sink->received());
        return n;
    };
    const bool moved = run_until(done, a.count);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = cpu_now() - cpu0;
    if (!g_status && !moved)
        fail("TIMEOUT unit=" + unit + " seed=" + std::to_string(a.seed) + " cycle=" + std::to_string(now_cycle()) +
             " delivered=" + std::to_string(done()) + " of " + std::to_string(a.count));
    if (g_status) {
        replay_with_fst(a, "unit=" + unit);
        return 1;
    }
    // With both forms in one process the figure is for the pair; bench-systemc runs one form.
    std::printf("SPEED unit=%s codec=%s form=%s lines=%" PRIu64 " cycles=%" PRIu64 " seconds=%.2f cpu_seconds=%.2f txn_per_s=%.0f\n",
                unit.c_str(), cname, forms.size() > 1 ? "model+rtl" : form_name(forms[0]), a.count, max_cycle, secs, cpu,
                a.count / (cpu > 0 ? cpu : 1e-9));
    if (forms.size() > 1) {
        std::printf("PASS unit=%s codec=%s seed=%" PRIu64 " compared=%" PRIu64 " (data, acceptance and delivery cycle of every line, model vs rtl)\n",
                    unit.c_str(), cname, a.seed, compared);
        return compared == a.count ? 0 : 1;
    }
    std::printf("PASS unit=%s codec=%s form=%s seed=%" PRIu64 " delivered=%" PRIu64 "\n", unit.c_str(), cname,
                form_name(forms[0]), a.seed, done());
    return 0;
}

int run_platform(const Args &a) {
    const np_codec *c = np_codec_find(a.codec.c_str());
    if (!c) usage(("unknown codec " + a.codec).c_str());
    std::printf("RUN mode=platform codec=%s comp=%s decomp=%s count=%" PRIu64 " seed=%" PRIu64
                " gap=%g stall=%g flit_bits=%u link_latency=%u credits=%u link_stall=%g%s\n",
                c->name, form_name(a.comp), form_name(a.decomp), a.count, a.seed, a.gap, a.stall, a.link.flit_bits,
                a.link.latency, a.link.credits, a.link.stall, a.zero_load ? " zero_load" : "");
    Clock clock;
    std::vector<uint8_t> state;
    std::vector<Txn> txns = make_txns(a, c, Dir::kCompress, &state);
    const void *trained = state.empty() ? nullptr : state.data();
    const StallProfile gaps{a.seed, 1, a.gap}, stalls{a.seed, 2, a.stall};
    Source src("src", txns, gaps);
    std::unique_ptr<Unit> comp = make_unit("comp", c, Dir::kCompress, a.comp, 0, a.timing, trained);
    Channel chan("chan", 1, a.link);
    std::unique_ptr<Unit> decomp = make_unit("decomp", c, Dir::kDecompress, a.decomp, 2, a.timing, trained);
    if (a.replay && !a.fst.empty()) {   // only the replay of a failure writes waveforms
        comp->trace_to(a.fst + ".comp.fst", a.trace_from);
        decomp->trace_to(a.fst + ".decomp.fst", a.trace_from);
    }
    uint64_t flits = 0, last_cycle = 0;
    unsigned lat_min = ~0u, lat_max = 0;
    const unsigned lc = resolve_timing(c, Dir::kCompress, a.timing).latency;
    const unsigned ld = resolve_timing(c, Dir::kDecompress, a.timing).latency;
    std::map<unsigned, unsigned> by_flits;   // zero-load latency per packet length
    Sink sink("sink", stalls, 3, [&](Txn &t) {
        const uint64_t want = sink.received() - 1;
        if (t.seq != want) {
            fail("LOST platform codec=" + a.codec + " seed=" + std::to_string(a.seed) + " cycle=" +
                 std::to_string(now_cycle()) + " txn=" + std::to_string(want) + " got=" + std::to_string(t.seq));
            return;
        }
        std::string why;
        if (t.err || !line_intact(t, &why)) {
            fail("MISMATCH platform codec=" + a.codec + " seed=" + std::to_string(a.seed) + " cycle=" +
                 std::to_string(now_cycle()) + " txn=" + std::to_string(t.seq) + " field=line " + (t.err ? "err=1" : why));
            return;
        }
        if (t.flits != flits_of(t.bits, a.link.flit_bits)) {
            fail("MISMATCH platform codec=" + a.codec + " txn=" + std::to_string(t.seq) + " field=flits");
            return;
        }
        flits += t.flits;
        last_cycle = t.accept[3];
        const unsigned lat = static_cast<unsigned>(t.accept[3] - t.accept[0]);
        if (a.zero_load) {
            // Zero load: compressor Lc; the serialiser takes the stream one cycle later (the
            // boundary); the first flit leaves one cycle after that and the tail flits-1 later;
            // the link; the decompressor takes the stream one cycle after the tail is in; Ld;
            // the sink takes the line one cycle later: Lc + Ld + flits + link + 3.
            const unsigned expect = lc + ld + t.flits + a.link.latency + 3;
            if (lat != expect) {
                fail("MISMATCH platform codec=" + a.codec + " txn=" + std::to_string(t.seq) +
                     " field=zero_load_latency exp=" + std::to_string(expect) + " got=" + std::to_string(lat));
                return;
            }
            by_flits[t.flits] = lat;
        }
        lat_min = std::min(lat_min, lat);
        lat_max = std::max(lat_max, lat);
    });
    // --zero-load: one line in the path at a time, no gaps, stalls or link stalls.
    if (a.zero_load) src.gate = [&](uint64_t i) { return sink.received() == i; };
    src.out.bind(comp->in);
    comp->out.bind(chan.in);
    chan.out.bind(decomp->in);
    decomp->out.bind(sink.in);
    comp->clk(clock.clk);
    chan.clk(clock.clk);
    decomp->clk(clock.clk);
    sink.clk(clock.clk);
    std::printf("UNIT %s\nUNIT %s\nUNIT %s\n", comp->describe().c_str(), chan.describe().c_str(), decomp->describe().c_str());
    std::fflush(stdout);
    const auto t0 = std::chrono::steady_clock::now();
    const double cpu0 = cpu_now();
    const bool moved = run_until([&]() { return sink.received(); }, a.count);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = cpu_now() - cpu0;
    if (!g_status && !moved)
        fail("TIMEOUT platform codec=" + a.codec + " seed=" + std::to_string(a.seed) + " cycle=" +
             std::to_string(now_cycle()) + " delivered=" + std::to_string(sink.received()) + " of " + std::to_string(a.count));
    if (!g_status && (chan.flits_sent() != flits || chan.flits_received() != flits))
        fail("MISMATCH platform codec=" + a.codec + " field=flit_count sent=" + std::to_string(chan.flits_sent()) +
             " received=" + std::to_string(chan.flits_received()) + " lines_say=" + std::to_string(flits));
    if (g_status) {
        replay_with_fst(a, "platform codec=" + a.codec);
        return 1;
    }
    std::printf("SPEED platform codec=%s comp=%s decomp=%s lines=%" PRIu64 " cycles=%" PRIu64
                " seconds=%.2f cpu_seconds=%.2f txn_per_s=%.0f\n",
                c->name, form_name(a.comp), form_name(a.decomp), a.count, last_cycle, secs, cpu,
                a.count / (cpu > 0 ? cpu : 1e-9));
    std::printf("LATENCY platform codec=%s end_to_end_cycles=%u..%u (compressor acceptance to sink acceptance)\n",
                c->name, lat_min, lat_max);
    // npsim's figure for the same path (docs/sim.md "Zero-load latency", sim/mem/reply_codec.c):
    // compressor + network T0 = 4H + L + 4 + decompressor; a link of 4H + 1 cycles here is H hops.
    // npsim takes its codec latencies from the synthesis report only, else the published
    // figures (sim/mem/reply_codec.c): the same lookup without the verify logs.
    TimingSources npsim_src;
    npsim_src.synth_json = a.timing.synth_json;
    const Timing nc = resolve_timing(c, Dir::kCompress, npsim_src), nd = resolve_timing(c, Dir::kDecompress, npsim_src);
    for (const auto &kv : by_flits) {
        const bool hops_ok = (a.link.latency - 1) % 4 == 0;
        const unsigned h = (a.link.latency - 1) / 4;
        const unsigned same_units = lc + 4 * h + kv.first + 4 + ld;
        const unsigned npsim = nc.latency + 4 * h + kv.first + 4 + nd.latency;
        std::printf("LATENCY platform codec=%s flits=%u systemc=%u npsim=%s (compressor %u + network 4H+L+4, H=%s, + decompressor %u",
                    c->name, kv.first, kv.second, hops_ok ? std::to_string(npsim).c_str() : "n/a", nc.latency,
                    hops_ok ? std::to_string(h).c_str() : "n/a", nd.latency);
        if (npsim != same_units)
            std::printf("; npsim's codec figures: %s, this run's: %u/%u", nc.source.c_str(), lc, ld);
        std::printf(")\n");
        // The path itself must be npsim's: with the same unit latencies, the same sum.
        if (hops_ok && same_units != kv.second) {
            fail("MISMATCH platform codec=" + a.codec + " field=latency_vs_npsim flits=" + std::to_string(kv.first) +
                 " npsim_formula=" + std::to_string(same_units) + " systemc=" + std::to_string(kv.second));
            return 1;
        }
    }
    std::printf("PASS platform codec=%s comp=%s decomp=%s seed=%" PRIu64 " lines=%" PRIu64
                " flits=%" PRIu64 " max_flits_in_flight=%u (every line once, in order, intact)\n",
                c->name, form_name(a.comp), form_name(a.decomp), a.seed, sink.received(), flits, chan.max_in_flight());
    return 0;
}

// ---- the PCU (np_sc_pcu.h) -------------------------------------------------------------------

std::string pcu_hex(uint64_t v) {
    char b[24];
    std::snprintf(b, sizeof b, "0x%" PRIx64, v);
    return b;
}

// The fields of one stream's transaction, named as in the MISMATCH line; cycles last.
std::vector<std::pair<std::string, std::string>> pcu_fields(unsigned s, const PcuTxn &t) {
    const std::string p = std::string(pcu_stream_name(s)) + "_";
    auto cyc = [](uint64_t c) { return c == kNoCycle ? std::string("none") : std::to_string(c); };
    std::vector<std::pair<std::string, std::string>> f;
    switch (s) {
    case kPcuReq: break;
    case kPcuL2:
        f = {{p + "tag", std::to_string(t.tag)}, {p + "addr", pcu_hex(t.addr)}, {p + "data", pcu_hex(t.data)}};
        break;
    case kPcuMcq:
        f = {{p + "write", std::to_string(t.write)}, {p + "sm", std::to_string(t.sm)}, {p + "addr", pcu_hex(t.addr)},
             {p + "tag", std::to_string(t.tag)}, {p + "data", pcu_hex(t.data)}};
        break;
    default:
        f = {{p + "dest", pcu_hex(t.dest)}, {p + "addr", pcu_hex(t.addr)}, {p + "data", pcu_hex(t.data)}};
        break;
    }
    // Inputs: the edge the PCU took them. Outputs: the edge the port transferred them, and the
    // edge the receiver took them.
    if (s == kPcuMcq || s == kPcuRpl) f.push_back({p + "accept_cycle", cyc(t.produce)});
    f.push_back({p + (s == kPcuMcq || s == kPcuRpl ? "deliver_cycle" : "accept_cycle"), cyc(t.accept)});
    return f;
}

int run_pcu(const Args &a) {
    std::vector<Form> forms;
    if (a.form == "both") forms = {Form::kModel, Form::kRtl};
    else forms = {parse_form(a.form)};
    const std::string sd = std::to_string(a.seed);
    std::printf("RUN mode=pcu unit=pcu form=%s count=%" PRIu64 " seed=%" PRIu64
                " gap=%g stall=%g room_low=%g l2_latency=%u l2_spread=%u%s\n",
                a.form.c_str(), a.count, a.seed, a.gap, a.stall, a.room_low, a.l2_latency, a.l2_spread,
                a.zero_load ? " zero_load" : "");
    std::fflush(stdout);
    Clock clock;
    const std::vector<PcuTxn> base = pcu_requests(a.seed, a.count);
    uint64_t writes = 0;
    for (const PcuTxn &r : base) writes += r.write;
    const StallProfile gaps{a.seed, 1, a.gap}, stalls{a.seed, 2, a.stall}, room_low{a.seed, 3, a.room_low};
    L2Config l2cfg;
    l2cfg.latency = a.l2_latency;
    l2cfg.spread = a.l2_spread;
    l2cfg.stall = a.stall / 2;   // the request queue's side stalls less than the SMs' replies
    l2cfg.seed = a.seed;
    PcuFaults faults;
    faults.flip_rpl = a.timing.inject_flip_seq;
    faults.hold_req = a.timing.inject_extra_latency;

    struct Chain {
        std::vector<PcuTxn> reqs;
        std::unique_ptr<PcuSource> src;
        std::unique_ptr<PcuUnit> pcu;
        std::unique_ptr<PcuL2> l2;
        std::unique_ptr<PcuSink> sink;
        PcuScoreboard board;
        uint64_t writes_at_l2 = 0, mcq_n = 0, l2_n = 0, rpl_n = 0;
        uint64_t answered = 0;              // SM bits delivered (each answers one read)
        uint64_t progress_edge = 0;         // the edge progress last grew at
        std::deque<PcuTxn> pending[kPcuStreams];   // not yet compared with the other form
        uint64_t last_req_accept = kNoCycle, last_mcq_produce = kNoCycle, last_l2_accept = kNoCycle;
    };
    std::vector<Chain> chains(forms.size());
    auto progress = [](const Chain &c) { return c.answered + c.writes_at_l2; };
    uint64_t last_cycle = 0;
    uint64_t compared[kPcuStreams] = {0, 0, 0, 0};
    std::map<std::string, unsigned> zl;   // zero load: path -> cycles (each must be the same for every read)
    auto zl_note = [&](const std::string &path, uint64_t cycles) {
        auto it = zl.find(path);
        if (it == zl.end()) zl[path] = static_cast<unsigned>(cycles);
        else if (it->second != cycles)
            fail("MISMATCH unit=pcu seed=" + sd + " cycle=" + std::to_string(now_cycle()) + " field=zero_load_" + path +
                 " first=" + std::to_string(it->second) + " now=" + std::to_string(cycles));
    };
    // The invariants of docs/pcu.md 6 on one form's reply (after the comparison, so that an
    // injected fault in the model form is reported as the forms' difference).
    auto check_reply = [&](size_t k, const PcuTxn &t) {
        const std::string why = chains[k].board.replied(t);
        if (!why.empty())
            fail("MISMATCH unit=pcu form=" + std::string(form_name(forms[k])) + " seed=" + sd + " cycle=" +
                 std::to_string(now_cycle()) + " txn=" + std::to_string(t.seq) + " " + why + " (vs the scoreboard)");
    };
    auto record = [&](size_t k, unsigned s, const PcuTxn &t) {
        if (g_status) return;
        if (forms.size() == 1) {
            if (s == kPcuRpl) check_reply(k, t);
            return;
        }
        chains[k].pending[s].push_back(t);
        std::deque<PcuTxn> &m = chains[0].pending[s], &r = chains[1].pending[s];
        while (!m.empty() && !r.empty() && !g_status) {
            const auto fm = pcu_fields(s, m.front()), fr = pcu_fields(s, r.front());
            for (size_t i = 0; i < fm.size(); i++) {
                if (fm[i].second != fr[i].second) {
                    fail("MISMATCH unit=pcu codec=pcu seed=" + sd + " cycle=" + std::to_string(now_cycle()) +
                         " txn=" + std::to_string(compared[s]) + " field=" + fm[i].first + " model=" + fm[i].second +
                         " rtl=" + fr[i].second);
                    return;
                }
            }
            if (s == kPcuRpl) {
                check_reply(0, m.front());
                check_reply(1, r.front());
            }
            m.pop_front();
            r.pop_front();
            compared[s]++;
        }
    };

    for (size_t k = 0; k < forms.size(); k++) {
        Chain &ch = chains[k];
        ch.reqs = base;
        const std::string sfx = std::string("_") + form_name(forms[k]);
        ch.src.reset(new PcuSource(("src" + sfx).c_str(), ch.reqs, gaps));
        ch.pcu = make_pcu(("pcu" + sfx).c_str(), forms[k], room_low, forms[k] == Form::kModel ? faults : PcuFaults{});
        ch.l2.reset(new PcuL2(("l2" + sfx).c_str(), l2cfg));
        ch.sink.reset(new PcuSink(("sink" + sfx).c_str(), stalls, [&, k](PcuTxn &t) {
            Chain &c = chains[k];
            c.rpl_n++;
            c.answered += static_cast<unsigned>(__builtin_popcountll(t.dest));
            c.progress_edge = t.accept;
            last_cycle = std::max(last_cycle, t.accept);
            if (a.zero_load) {
                zl_note("reply_path", t.produce - c.last_l2_accept);
                zl_note("read", t.produce - c.last_req_accept);
            }
            record(k, kPcuRpl, t);
        }));
        if (forms[k] == Form::kRtl && a.replay && !a.fst.empty()) ch.pcu->trace_to(a.fst, a.trace_from);
        // Zero load: request i is offered once every earlier one is complete, decided from what
        // was complete before this edge (the source and the receivers run at the same edges).
        if (a.zero_load)
            ch.src->gate = [&, k](uint64_t i) {
                return progress(chains[k]) == i && (i == 0 || chains[k].progress_edge < edge_cycle());
            };
        ch.src->on_accept = [&, k](PcuTxn &t) {
            chains[k].board.accepted(t);
            chains[k].last_req_accept = t.accept;
            record(k, kPcuReq, t);
        };
        ch.l2->on_mcq = [&, k](PcuTxn &t) {
            Chain &c = chains[k];
            c.mcq_n++;
            c.writes_at_l2 += t.write;
            if (t.write) c.progress_edge = t.accept;
            last_cycle = std::max(last_cycle, t.accept);
            if (a.zero_load && !t.write) {
                zl_note("request_path", t.produce - c.last_req_accept);
                c.last_mcq_produce = t.produce;
            }
            record(k, kPcuMcq, t);
        };
        ch.l2->on_return = [&, k](PcuTxn &t) {
            Chain &c = chains[k];
            c.l2_n++;
            c.last_l2_accept = t.accept;
            if (a.zero_load) zl_note("l2_round_trip", t.accept - c.last_mcq_produce);
            record(k, kPcuL2, t);
        };
        ch.src->clk(clock.clk);
        ch.pcu->clk(clock.clk);
        ch.l2->clk(clock.clk);
        ch.sink->clk(clock.clk);
        ch.src->out.bind(ch.pcu->req);
        ch.pcu->mcq.bind(ch.l2->in);
        ch.l2->out.bind(ch.pcu->l2);
        ch.pcu->rpl.bind(ch.sink->in);
        std::printf("UNIT %s\n", ch.pcu->describe().c_str());
    }
    std::printf("UNIT %s\n", chains[0].l2->describe().c_str());
    std::fflush(stdout);

    const auto t0 = std::chrono::steady_clock::now();
    const double cpu0 = cpu_now();
    // Done when every read is answered and every write has reached the L2, in every form.
    auto done = [&]() {
        uint64_t n = ~0ull;
        for (const Chain &ch : chains) n = std::min(n, progress(ch));
        return n;
    };
    const bool moved = run_until(done, a.count);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = cpu_now() - cpu0;
    if (!g_status && !moved)
        fail("TIMEOUT unit=pcu seed=" + sd + " cycle=" + std::to_string(now_cycle()) + " done=" + std::to_string(done()) +
             " of " + std::to_string(a.count));
    // Nothing left over: every stream has the same number of transactions in both forms.
    for (unsigned s = 0; s < kPcuStreams && !g_status && forms.size() > 1; s++) {
        if (!chains[0].pending[s].empty() || !chains[1].pending[s].empty())
            fail("MISMATCH unit=pcu codec=pcu seed=" + sd + " cycle=" + std::to_string(now_cycle()) + " txn=" +
                 std::to_string(compared[s]) + " field=" + pcu_stream_name(s) + "_count model=" +
                 std::to_string(compared[s] + chains[0].pending[s].size()) +
                 " rtl=" + std::to_string(compared[s] + chains[1].pending[s].size()));
    }
    for (size_t k = 0; k < chains.size() && !g_status; k++) {
        const Chain &c = chains[k];
        if (c.board.outstanding() != 0 || c.writes_at_l2 != writes)
            fail("LOST unit=pcu form=" + std::string(form_name(forms[k])) + " seed=" + sd + " reads_unanswered=" +
                 std::to_string(c.board.outstanding()) + " writes_missing=" + std::to_string(writes - c.writes_at_l2));
    }
    if (g_status) {
        replay_with_fst(a, "unit=pcu");
        return 1;
    }
    const Chain &c0 = chains[0];
    std::string live;   // the model form's coverage of the RGR table
    if (const PcuModel *m = dynamic_cast<const PcuModel *>(c0.pcu.get()))
        live = " rgr_live_max=" + std::to_string(m->live_max()) + " of " + std::to_string(m->config().num_rgr);
    std::printf("SPEED unit=pcu codec=pcu form=%s lines=%" PRIu64 " cycles=%" PRIu64
                " seconds=%.2f cpu_seconds=%.2f txn_per_s=%.0f (requests per CPU second)\n",
                forms.size() > 1 ? "model+rtl" : form_name(forms[0]), a.count, last_cycle, secs, cpu,
                a.count / (cpu > 0 ? cpu : 1e-9));
    if (a.zero_load) {
        // npsim (docs/sim.md "Packet coalescing"): an isolated read's memory latency through the PCU
        // is 1 (the MC's request input) + L2 latency + 4 (PCU: 3 on the request path, 1 on the reply path).
        const unsigned npsim = 1 + a.l2_latency + 4;
        const unsigned rq = zl["request_path"], rp = zl["reply_path"], rt = zl["l2_round_trip"], rd = zl["read"];
        std::printf("LATENCY unit=pcu read systemc=%u (pcu request path %u + L2 round trip %u + pcu reply path %u; "
                    "request accepted to reply at the rpl port) npsim=%u (MC input 1 + L2 %u + pcu 3 + 1)\n",
                    rd, rq, rt, rp, npsim, a.l2_latency);
        // The PCU's own part must be docs/pcu.md 5's 3 + 1 cycles (the figures npsim adds); the L2
        // model's round trip is its latency plus the boundary's one cycle (mcq output queue).
        if (rq != 3 || rp != 1 || rt != a.l2_latency + 1 || rd != rq + rt + rp) {
            fail("MISMATCH unit=pcu seed=" + sd + " field=zero_load_latency exp=3+" + std::to_string(a.l2_latency + 1) +
                 "+1 got=" + std::to_string(rq) + "+" + std::to_string(rt) + "+" + std::to_string(rp));
            return 1;
        }
    }
    std::printf("STREAMS unit=pcu requests=%" PRIu64 " reads=%" PRIu64 " writes=%" PRIu64 " mcq=%" PRIu64 " l2=%" PRIu64
                " rpl=%" PRIu64 " multicast_replies=%" PRIu64 " req_refused_cycles=%" PRIu64 " (backpressure)%s\n",
                a.count, c0.board.reads(), writes, c0.mcq_n, c0.l2_n, c0.rpl_n, c0.board.multicast(),
                c0.src->refused_cycles(), live.c_str());
    if (forms.size() > 1) {
        std::printf("PASS unit=pcu codec=pcu seed=%" PRIu64 " compared=%" PRIu64 " (req %" PRIu64 ", l2 %" PRIu64
                    ", mcq %" PRIu64 ", rpl %" PRIu64 " transactions: data, acceptance and delivery cycle, model vs rtl)\n",
                    a.seed, compared[0] + compared[1] + compared[2] + compared[3], compared[0], compared[1], compared[2],
                    compared[3]);
        return 0;
    }
    std::printf("PASS unit=pcu codec=pcu form=%s seed=%" PRIu64 " delivered=%" PRIu64 "\n", form_name(forms[0]), a.seed,
                c0.rpl_n);
    return 0;
}

// ---- the router (np_sc_router.h) ----------------------------------------------------------------

int run_router(const Args &a) {
    std::vector<Form> forms;
    if (a.form == "both") forms = {Form::kModel, Form::kRtl};
    else forms = {parse_form(a.form)};
    if (a.load <= 0 || a.load > 1 || a.mcast < 0 || a.mcast > 1) usage("--load in (0, 1], --mcast in [0, 1]");
    const std::string sd = std::to_string(a.seed);
    std::printf("RUN mode=router unit=router form=%s count=%" PRIu64 " seed=%" PRIu64 " load=%g mcast=%g stall=%g\n",
                a.form.c_str(), a.count, a.seed, a.load, a.mcast, a.stall);
    std::fflush(stdout);
    Clock clock;
    rstim_params p = rstim_default_params(a.seed, a.count);   // npsim's default VC allocator, router_mcast's
    p.load = a.load;
    p.mcast_share = a.mcast;
    p.stall = a.stall;
    RouterTraffic traffic(p, static_cast<unsigned>(forms.size()));
    RouterFaults faults;
    faults.flip_flit = a.timing.inject_flip_seq;
    std::vector<std::unique_ptr<RouterUnit>> routers;
    std::vector<std::unique_ptr<RouterNeighbours>> sides;
    for (size_t k = 0; k < forms.size(); k++) {
        const std::string sfx = std::string("_") + form_name(forms[k]);
        routers.push_back(make_router(("router" + sfx).c_str(), forms[k], RSTIM_ROUTER,
                                      forms[k] == Form::kModel ? faults : RouterFaults{}));
        sides.emplace_back(new RouterNeighbours(("neighbours" + sfx).c_str(), traffic, static_cast<unsigned>(k),
                                                form_name(forms[k]), [](const std::string &line) { fail(line); }));
        RouterUnit &r = *routers.back();
        RouterNeighbours &n = *sides.back();
        if (forms[k] == Form::kRtl && a.replay && !a.fst.empty()) r.trace_to(a.fst, a.trace_from);
        r.clk(clock.clk);
        n.clk(clock.clk);
        for (unsigned q = 0; q < kRouterPorts; q++) {
            n.out[q].bind(r.in[q]);
            r.out[q].bind(n.in[q]);
        }
        std::printf("UNIT %s\n", r.describe().c_str());
    }
    std::fflush(stdout);
    const auto t0 = std::chrono::steady_clock::now();
    const double cpu0 = cpu_now();
    // Progress: records compared by the slowest form; done when every form is past the last one.
    auto done = [&]() {
        uint64_t n = ~0ull;
        for (const auto &s : sides) n = std::min<uint64_t>(n, s->done() ? ~uint64_t{0} : s->checked());
        return n;
    };
    bool moved = true;
    try {
        moved = run_until(done, ~uint64_t{0});
    } catch (const std::exception &e) {   // the traffic hung (npsim's router made no progress)
        fail("TIMEOUT unit=router seed=" + sd + " cycle=" + std::to_string(now_cycle()) + " " + e.what());
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const double cpu = cpu_now() - cpu0;
    if (!g_status && !moved)
        fail("TIMEOUT unit=router seed=" + sd + " cycle=" + std::to_string(now_cycle()) + " compared=" +
             std::to_string(done()));
    if (g_status) {
        replay_with_fst(a, "unit=router");
        return 1;
    }
    const rstim_totals &tot = traffic.totals();
    const RouterNeighbours &n0 = *sides[0];
    std::printf("SPEED unit=router form=%s flits=%" PRIu64 " cycles=%" PRIu64 " seconds=%.2f cpu_seconds=%.2f "
                "cycles_per_s=%.0f (router cycles per CPU second)\n",
                forms.size() > 1 ? "model+rtl" : form_name(forms[0]), n0.flits_in(), n0.checked(), secs, cpu,
                n0.checked() / (cpu > 0 ? cpu : 1e-9));
    // The boundary's latency is the RTL's: a flit on an input link in c is on an output link in
    // c + 4 at the earliest (docs/router.md 6), what the harness measures from the same traffic.
    for (size_t k = 0; k < sides.size(); k++) {
        const RouterNeighbours &s = *sides[k];
        std::printf("LATENCY unit=router form=%s cycles=%" PRIu64 " flits=%" PRIu64 " (input link to output link; "
                    "npsim's expectation %" PRIu64 ")\n", form_name(forms[k]), s.latency_min(), s.latency_min_flits(),
                    tot.latency_min);
        if (s.latency_min() != tot.latency_min) {
            fail("MISMATCH unit=router form=" + std::string(form_name(forms[k])) + " seed=" + sd +
                 " field=latency exp=" + std::to_string(tot.latency_min) + " got=" + std::to_string(s.latency_min()));
            return 1;
        }
    }
    std::printf("STREAMS unit=router flits_in=%" PRIu64 " flits_out=%" PRIu64 " packets=%" PRIu64 " multicast=%" PRIu64
                " longer_than_vc=%" PRIu64 " held_downstream=%" PRIu64 " credits=%" PRIu64 " releases=%" PRIu64 "\n",
                tot.flits_in, tot.flits_out, tot.packets, tot.mcast, tot.long_mcast, tot.holds, tot.credits, tot.releases);
    std::printf("PASS unit=router seed=%" PRIu64 " compared=%" PRIu64 " (cycles of five links, each form against npsim's "
                "expectation: %" PRIu64 " flits in, %" PRIu64 " flits out, %" PRIu64 " credits, %s)\n",
                a.seed, n0.checked(), n0.flits_in(), n0.flits_out(), n0.credits(),
                forms.size() > 1 ? "model and rtl form" : form_name(forms[0]));
    return 0;
}

}  // namespace

int sc_main(int argc, char **argv) {
    Args a = parse(argc, argv);
    init_time();
    Verilated::traceEverOn(true);   // an rtl form may open an FST on a failure's replay
    // Registers without a reset start random (as in silicon and in the RTL harness).
    Verilated::randReset(2);
    Verilated::randSeed(static_cast<int>(a.seed % 0x7FFFFFFEull) + 1);
    sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING);
    try {
        if (a.mode == "list") {
            // codec:side:top for every codec side with an rtl form (what verify-systemc checks).
            for (unsigned i = 0; const np_codec *c = np_codec_at(i); i++) {
                for (Dir d : {Dir::kCompress, Dir::kDecompress}) {
                    if (has_rtl(c, d))
                        std::printf("%s:%s:%s\n", c->name, d == Dir::kCompress ? "comp" : "decomp", unit_top(c, d));
                }
            }
            for (const UnitOp &op : unit_ops())
                if (has_rtl_top(op.top)) std::printf("%s:unit:%s\n", op.name, op.top);
            // A unit with more than one handshake pair (np_sc pcu).
            if (has_pcu_rtl()) std::printf("pcu:ports:pcu\n");
            // The router's five credit-based links (np_sc router).
            if (router_rtl_top()) std::printf("router:links:%s\n", router_rtl_top());
            return 0;
        }
        if (a.mode == "unit") return run_unit(a);
        if (a.mode == "platform") return run_platform(a);
        if (a.mode == "pcu") return run_pcu(a);
        if (a.mode == "router") return run_router(a);
    } catch (const std::exception &e) {
        std::printf("ERROR %s\n", e.what());
        return 2;
    }
    usage(("unknown mode " + a.mode).c_str());
}
