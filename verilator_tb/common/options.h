// Command-line options shared by every harness (`<binary> --help` lists them). A unit's
// adapter may declare extra `--name value` options of its own (Options::declare) before parsing.
#ifndef NP_TB_OPTIONS_H
#define NP_TB_OPTIONS_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tb {

struct Options {
    std::string unit;                  // the RTL top, for messages
    uint64_t seed = 1;
    uint64_t count = 100000;           // input transactions to send
    std::string vectors;               // golden vector file (docs/vectors.md); "" = none
    std::string data;                  // directory of real cache lines (*.bin); "" = none

    // Handshake timing. Each probability is the long-run fraction of cycles with the input
    // withheld (gap) or the output stalled (stall); a burst length B > 1 makes them come in
    // runs of mean length B (two-state Markov chain) instead of independently per cycle.
    double gap = 0.2;
    double stall = 0.3;
    double gap_burst = 1.0;
    double stall_burst = 1.0;
    uint64_t phase_cycles = 4096;      // re-pick the timing profile this often; 0 = fixed
    bool no_stall = false;             // input every cycle, output always ready

    std::string fst;                   // waveform written on failure (default <unit>_fail.fst)
    uint64_t trace_window = 2000;      // cycles before the failure kept in that waveform
    bool dump = false;                 // trace the whole run (short debug runs only)
    uint64_t max_cycles = 0;           // hard limit; 0 = 64 * count + 100000
    uint64_t timeout = 20000;          // cycles without a transfer while work is pending
    unsigned latency_probes = 8;       // inputs sent into an empty pipeline to measure latency
    double comb_check = 0.03125;         // fraction of cycles checked for a ready->valid path

    int64_t inject_mismatch = -1;      // flip one bit of expected transaction K (self-test)
    bool inject_hang = false;          // hold out_ready low after the probes (self-test)

    std::string command_line;          // the invocation, printed so a run can be replayed

    // Adapter-specific options: declare(name, default, help) before parse().
    void declare(const std::string &name, const std::string &default_value,
                 const std::string &help);
    double extra_double(const std::string &name) const;
    uint64_t extra_u64(const std::string &name) const;
    const std::string &extra_string(const std::string &name) const;

    // Parses argv; throws tb::Error on an unknown option or a bad value. Returns false when
    // --help was given (the help text has been printed).
    bool parse(int argc, char **argv);

private:
    struct Extra {
        std::string value;
        std::string help;
    };
    std::map<std::string, Extra> extras_;
    void print_help(const char *argv0) const;
};

}  // namespace tb

#endif
