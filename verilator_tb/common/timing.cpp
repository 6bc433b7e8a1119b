#include "timing.h"

namespace tb {

void BurstChain::configure(double p, double burst) {
    p_ = p;
    independent_ = burst <= 1.0;
    if (independent_ || p <= 0.0 || p >= 1.0) return;
    // Stationary fraction of on cycles is enter / (enter + leave) with leave = 1/B.
    leave_ = 1.0 / burst;
    enter_ = p * leave_ / (1.0 - p);
    if (enter_ > 1.0) enter_ = 1.0;
}

bool BurstChain::step(Rng &rng) {
    if (p_ <= 0.0) return on_ = false;
    if (p_ >= 1.0) return on_ = true;
    if (independent_) return on_ = rng.chance(p_);
    on_ = on_ ? !rng.chance(leave_) : rng.chance(enter_);
    return on_;
}

Timing::Timing(const Options &opt, uint64_t seed, unsigned in_ports, unsigned out_ports)
    : base_{"given", opt.gap, opt.gap_burst, opt.stall, opt.stall_burst},
      current_(base_),
      phase_cycles_(opt.phase_cycles),
      rng_(seed, 0x7157u),
      gap_chains_(in_ports),
      stall_chains_(out_ports) {
    apply(base_);
}

void Timing::apply(const TimingProfile &p) {
    current_ = p;
    for (BurstChain &c : gap_chains_) c.configure(p.gap, p.gap_burst);
    for (BurstChain &c : stall_chains_) c.configure(p.stall, p.stall_burst);
}

void Timing::tick(uint64_t cycle) {
    if (phase_cycles_ == 0 || cycle % phase_cycles_ != 0) return;
    // The profiles a phase can pick. The given one and free flow are listed several times:
    // the heavy profiles (back-pressure, starved input) fill and empty the pipeline within a
    // few cycles, so a small share of the run is enough for them, and they cost ~10 cycles
    // per transfer.
    static const TimingProfile kFreeFlow = {"free_flow", 0.0, 1.0, 0.0, 1.0};
    static const TimingProfile kBursty = {"bursty", 0.3, 8.0, 0.5, 16.0};
    static const TimingProfile kLongStalls = {"long_stalls", 0.1, 1.0, 0.6, 200.0};
    static const TimingProfile kBackPressure = {"back_pressure", 0.0, 1.0, 0.9, 1.0};
    static const TimingProfile kStarved = {"starved", 0.9, 1.0, 0.1, 1.0};
    const TimingProfile *const choices[] = {&base_,   &base_,       &base_,         &kFreeFlow,
                                            &kFreeFlow, &kBursty,   &kLongStalls, &kBackPressure,
                                            &kStarved};
    apply(*choices[rng_.below(sizeof(choices) / sizeof(choices[0]))]);
}

}  // namespace tb
