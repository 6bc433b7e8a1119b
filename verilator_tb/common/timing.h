// Handshake timing: when the harness withholds its next input (a valid gap) and when it holds
// the output's ready low (a stall). Either comes from a two-state Markov chain: long-run
// fraction p of "on" cycles, runs of mean length B (B = 1: every cycle independent). The
// profile can change every `phase_cycles` so one run sees free flow, full back-pressure,
// bursts and a starved input, which exercise different pipeline occupancies.
#ifndef NP_TB_TIMING_H
#define NP_TB_TIMING_H

#include <cstdint>
#include <vector>

#include "options.h"
#include "rng.h"

namespace tb {

struct TimingProfile {
    const char *name;
    double gap, gap_burst;
    double stall, stall_burst;
};

class BurstChain {
public:
    // p: fraction of on cycles; burst: mean length of an on run (>= 1). When p is too high
    // for the burst length (p > B/(B+1)) the chain turns on every cycle it is off.
    void configure(double p, double burst);
    bool step(Rng &rng);

private:
    double enter_ = 0.0;   // P(off -> on)
    double leave_ = 1.0;   // P(on -> off)
    double p_ = 0.0;
    bool independent_ = true;
    bool on_ = false;
};

// One gap chain per input port and one stall chain per output port, all following the
// current profile.
class Timing {
public:
    Timing(const Options &opt, uint64_t seed, unsigned in_ports = 1, unsigned out_ports = 1);
    // Advance one clock cycle (re-picks the profile at phase boundaries).
    void tick(uint64_t cycle);
    bool gap(unsigned in_port = 0) { return gap_chains_[in_port].step(rng_); }
    bool stall(unsigned out_port = 0) { return stall_chains_[out_port].step(rng_); }
    const TimingProfile &profile() const { return current_; }

private:
    void apply(const TimingProfile &p);
    TimingProfile base_;
    TimingProfile current_;
    uint64_t phase_cycles_;
    Rng rng_;
    std::vector<BurstChain> gap_chains_, stall_chains_;
};

}  // namespace tb

#endif
