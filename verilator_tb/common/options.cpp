#include "options.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>

#include "error.h"

namespace tb {

static uint64_t parse_u64(const std::string &opt, const std::string &s) {
    errno = 0;
    char *end = nullptr;
    // Decimal, or hexadecimal with 0x (never octal: "010" is ten).
    const bool hex = s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    const unsigned long long v = std::strtoull(s.c_str(), &end, hex ? 16 : 10);
    if (s.empty() || s[0] == '-' || errno != 0 || *end != '\0') {
        throw Error("option " + opt + ": '" + s + "' is not an unsigned integer");
    }
    return static_cast<uint64_t>(v);
}

static double parse_probability(const std::string &opt, const std::string &s) {
    char *end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0' || !(v >= 0.0 && v <= 1.0)) {
        throw Error("option " + opt + ": '" + s + "' is not a probability in [0, 1]");
    }
    return v;
}

static double parse_burst(const std::string &opt, const std::string &s) {
    char *end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0' || !(v >= 1.0 && v <= 1e6)) {
        throw Error("option " + opt + ": '" + s + "' is not a mean burst length >= 1");
    }
    return v;
}

void Options::declare(const std::string &name, const std::string &default_value,
                      const std::string &help) {
    extras_[name] = Extra{default_value, help};
}

double Options::extra_double(const std::string &name) const {
    const auto it = extras_.find(name);
    if (it == extras_.end()) throw Error("internal: option --" + name + " was not declared");
    return parse_probability("--" + name, it->second.value);
}

uint64_t Options::extra_u64(const std::string &name) const {
    const auto it = extras_.find(name);
    if (it == extras_.end()) throw Error("internal: option --" + name + " was not declared");
    return parse_u64("--" + name, it->second.value);
}

const std::string &Options::extra_string(const std::string &name) const {
    const auto it = extras_.find(name);
    if (it == extras_.end()) throw Error("internal: option --" + name + " was not declared");
    return it->second.value;
}

void Options::print_help(const char *argv0) const {
    std::printf(
        "usage: %s [options]\n"
        "Equivalence harness for RTL top '%s': the C model predicts every output transaction,\n"
        "the RTL is driven with random valid gaps and ready stalls and compared bit-exactly.\n"
        "  --seed S              seed of every random choice (default 1; decimal or 0x..)\n"
        "  --count N             input transactions to send (default 100000)\n"
        "  --vectors FILE        golden vectors (docs/vectors.md): sent first, recorded\n"
        "                        expectations checked against the C model (STALE on mismatch)\n"
        "  --data DIR            real cache lines: every *.bin file, 128-byte chunks\n"
        "  --gap P               fraction of cycles the input is withheld (default 0.2)\n"
        "  --stall P             fraction of cycles out_ready is low (default 0.3)\n"
        "  --gap-burst B         mean length of input gaps (default 1 = independent cycles)\n"
        "  --stall-burst B       mean length of output stalls (default 1)\n"
        "  --phase-cycles N      re-pick the timing profile every N cycles among: the one\n"
        "                        above, no stalls, bursty, heavy back-pressure, starved\n"
        "                        input (default 4096; 0 keeps the profile above)\n"
        "  --no-stall            input every cycle, output always ready\n"
        "  --max-cycles N        fail if the run needs more cycles (default 64*count+100000)\n"
        "  --timeout N           fail when nothing transfers for N cycles while work is\n"
        "                        pending (default 20000)\n"
        "  --latency-probes N    inputs sent into the empty pipeline to measure latency (8)\n"
        "  --comb-check P        fraction of cycles on which out_ready_i is toggled to check\n"
        "                        that out_valid_o does not depend on it (default 1/32)\n"
        "  --fst FILE            waveform written on failure (default <unit>_fail.fst)\n"
        "  --trace-window N      cycles before the failure in that waveform (default 2000)\n"
        "  --dump                trace the whole run into --fst (short runs only)\n"
        "  --inject-mismatch K   self-test: flip one bit of expected transaction K\n"
        "  --inject-hang         self-test: hold out_ready low after the latency probes\n",
        argv0, unit.c_str());
    for (const auto &e : extras_) {
        std::printf("  --%-19s %s (default %s)\n", (e.first + " V").c_str(), e.second.help.c_str(),
                    e.second.value.c_str());
    }
    std::printf("Output: PASS/MISMATCH/PROTOCOL/TIMEOUT/STALE lines, LATENCY and THROUGHPUT.\n"
                "Exit status: 0 pass, 1 RTL failure, 2 bad input or stale vectors.\n");
}

bool Options::parse(int argc, char **argv) {
    command_line = argv[0];
    for (int i = 1; i < argc; i++) {
        command_line += ' ';
        command_line += argv[i];
    }
    for (int i = 1; i < argc; i++) {
        const std::string opt = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) throw Error("option " + opt + " needs a value");
            return argv[++i];
        };
        if (opt == "--help" || opt == "-h") {
            print_help(argv[0]);
            return false;
        } else if (opt == "--seed") {
            seed = parse_u64(opt, value());
        } else if (opt == "--count") {
            count = parse_u64(opt, value());
        } else if (opt == "--vectors") {
            vectors = value();
        } else if (opt == "--data") {
            data = value();
        } else if (opt == "--gap") {
            gap = parse_probability(opt, value());
        } else if (opt == "--stall") {
            stall = parse_probability(opt, value());
        } else if (opt == "--gap-burst") {
            gap_burst = parse_burst(opt, value());
        } else if (opt == "--stall-burst") {
            stall_burst = parse_burst(opt, value());
        } else if (opt == "--phase-cycles") {
            phase_cycles = parse_u64(opt, value());
        } else if (opt == "--no-stall") {
            no_stall = true;
        } else if (opt == "--fst") {
            fst = value();
        } else if (opt == "--trace-window") {
            trace_window = parse_u64(opt, value());
        } else if (opt == "--dump") {
            dump = true;
        } else if (opt == "--max-cycles") {
            max_cycles = parse_u64(opt, value());
        } else if (opt == "--timeout") {
            timeout = parse_u64(opt, value());
            if (timeout == 0) throw Error("option --timeout must be at least 1");
        } else if (opt == "--latency-probes") {
            latency_probes = static_cast<unsigned>(parse_u64(opt, value()));
        } else if (opt == "--comb-check") {
            comb_check = parse_probability(opt, value());
        } else if (opt == "--inject-mismatch") {
            inject_mismatch = static_cast<int64_t>(parse_u64(opt, value()));
        } else if (opt == "--inject-hang") {
            inject_hang = true;
        } else if (opt.compare(0, 2, "--") == 0 && extras_.count(opt.substr(2))) {
            extras_[opt.substr(2)].value = value();
        } else {
            throw Error("unknown option '" + opt + "' (see --help)");
        }
    }
    if (no_stall) {
        gap = stall = 0.0;
        phase_cycles = 0;
    }
    if (fst.empty()) fst = unit + "_fail.fst";
    if (max_cycles == 0) max_cycles = 64 * count + 100000;
    return true;
}

}  // namespace tb
