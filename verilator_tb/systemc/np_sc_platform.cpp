// The reply-path platform's components: real-line feed, MC-side source, SM-side sink, and the
// serialiser/link/deserialiser channel (np_sc.h).
#include <dirent.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "np_sc.h"

namespace np_sc {

using namespace sc_core;

// ---- random decisions ------------------------------------------------------------------------

static uint64_t mix64(uint64_t x) {   // splitmix64 finaliser
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

bool chance(uint64_t seed, uint64_t stream, uint64_t key, double p) {
    if (p <= 0) return false;
    const uint64_t h = mix64(mix64(seed ^ (stream * 0xD1B54A32D192ED03ull)) ^ key);
    return static_cast<double>(h >> 11) * (1.0 / 9007199254740992.0) < p;
}

bool StallProfile::stalled(uint64_t cycle) const {
    // The profile changes every 2048 cycles, weights 3:2:1:1 among: independent (base), free
    // flow, bursty (runs of 16 cycles decided together, half of them stalled), long stalls
    // (runs of 256 cycles, a quarter of them stalled), as the RTL harness's phases do.
    if (base <= 0) return false;   // stalls off (--no-stall, --zero-load)
    constexpr uint64_t kPhase = 2048;
    const uint64_t phase = cycle / kPhase;
    const uint64_t pick = mix64(seed ^ (stream << 40) ^ phase) % 7;
    if (pick < 3) return chance(seed, stream, cycle, base);
    if (pick < 5) return false;
    if (pick < 6) return chance(seed, stream + 100, cycle / 16, 0.5);
    return chance(seed, stream + 200, cycle / 256, 0.25);
}

// ---- lines -----------------------------------------------------------------------------------

LineFeed::LineFeed(const std::string &dir, uint64_t seed) {
    DIR *d = opendir(dir.c_str());
    if (!d) throw std::runtime_error("cannot open data directory " + dir);
    std::vector<std::string> names;
    while (struct dirent *e = readdir(d)) {
        const std::string n = e->d_name;
        if (n.size() > 4 && n.compare(n.size() - 4, 4, ".bin") == 0) names.push_back(n);
    }
    closedir(d);
    std::sort(names.begin(), names.end());
    // At most 8 MiB of each file is read: enough distinct lines for the checks (a file is read
    // from a seed-chosen line, wrapping within that window).
    constexpr size_t kWindow = 8u << 20;
    for (const std::string &n : names) {
        File f;
        f.path = dir + "/" + n;
        std::ifstream in(f.path, std::ios::binary | std::ios::ate);
        if (!in) continue;
        const size_t size = static_cast<size_t>(in.tellg());
        const size_t total_lines = size / kLineBytes;
        if (total_lines == 0) continue;
        const size_t window_lines = std::min(total_lines, kWindow / kLineBytes);
        const size_t start = total_lines > window_lines ? mix64(seed ^ files_.size()) % (total_lines - window_lines + 1) : 0;
        f.data.resize(window_lines * kLineBytes);
        in.seekg(static_cast<std::streamoff>(start * kLineBytes));
        in.read(reinterpret_cast<char *>(f.data.data()), static_cast<std::streamsize>(f.data.size()));
        f.lines = window_lines;
        f.pos = mix64(seed + 7 + files_.size()) % window_lines;
        files_.push_back(std::move(f));
    }
    if (files_.empty()) throw std::runtime_error("no *.bin with a whole 128-byte line in " + dir);
}

void LineFeed::next(uint8_t line[kLineBytes], std::string *where) {
    // Blocks of 64 consecutive lines from each file in turn (consecutive lines are what a
    // memory controller streams; round robin keeps every data type in every run).
    File &f = files_[cur_];
    std::memcpy(line, f.data.data() + f.pos * kLineBytes, kLineBytes);
    if (where) *where = f.path + " line " + std::to_string(f.pos);
    f.pos = (f.pos + 1) % f.lines;
    if (++in_block_ == 64) {
        in_block_ = 0;
        cur_ = (cur_ + 1) % files_.size();
    }
}

// ---- source and sink -------------------------------------------------------------------------

Source::Source(sc_module_name name, std::vector<Txn> &txns, const StallProfile &gaps)
    : sc_module(name), out("out"), txns_(txns), gaps_(gaps) {
    SC_THREAD(run);
}

void Source::run() {
    tlm::tlm_generic_payload gp;
    for (Txn &t : txns_) {
        // A gap: the source has nothing to offer in this cycle (decided per cycle, so both
        // chains of a comparison gap at the same cycles).
        while (gaps_.stalled(now_cycle() + 1) || (gate && !gate(t.seq))) wait(period());
        set_payload(gp, t);
        sc_time delay = SC_ZERO_TIME;
        out->b_transport(gp, delay);
    }
}

Sink::Sink(sc_module_name name, const StallProfile &stalls, unsigned hop, std::function<void(Txn &)> check)
    : sc_module(name), in("in"), clk("clk"), stalls_(stalls), hop_(hop), check_(std::move(check)) {
    in.register_b_transport(this, &Sink::b_transport);
}

void Sink::b_transport(tlm::tlm_generic_payload &gp, sc_time &delay) {
    wait(delay);
    delay = SC_ZERO_TIME;
    wait(clk.negedge_event());
    // Ready in a cycle unless stalled: accept at the first rising edge of a ready cycle.
    while (stalls_.stalled(now_cycle())) wait(clk.negedge_event());
    wait(clk.posedge_event());
    Txn &t = txn_of(gp);
    t.accept[hop_] = edge_cycle();
    received_++;
    check_(t);
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
}

// ---- channel ---------------------------------------------------------------------------------

unsigned flits_of(size_t bits, unsigned flit_bits) {
    return 1u + static_cast<unsigned>((bits + flit_bits - 1) / flit_bits);
}

Channel::Channel(sc_module_name name, unsigned hop, const LinkConfig &cfg)
    : Unit(name, nullptr, Dir::kCompress, hop), cfg_(cfg), credits_(cfg.credits) {}

std::string Channel::describe() const {
    return "channel: " + std::to_string(cfg_.flit_bits) + "-bit flits, link latency " +
           std::to_string(cfg_.latency) + ", " + std::to_string(cfg_.credits) + " credits, stall " +
           std::to_string(cfg_.stall);
}

bool Channel::core_edge(Txn *offer, bool out_room) {
    if (edge_cycle() < kResetCycles) return false;
    const uint64_t c = edge_cycle();
    // Credits coming back at this edge.
    while (!credit_back_.empty() && credit_back_.front() <= c) {
        credits_++;
        credit_back_.pop_front();
    }
    // Receiver: a reassembled stream leaves when the output queue has room; otherwise the
    // receiver takes no flit (its buffer fills, the sender runs out of credits).
    while (!wire_.empty() && wire_.front().arrive <= c) {
        // The wire delivers into the receiver's buffer: a flit without a slot is a credit bug.
        rxbuf_.push_back(wire_.front());
        wire_.pop_front();
        if (rxbuf_.size() > cfg_.credits) SC_REPORT_FATAL("np_sc", "channel: receiver buffer overflow (credits)");
    }
    if (!rx_done_ && !rxbuf_.empty()) {
        const Flit f = rxbuf_.front();
        rxbuf_.pop_front();
        flits_recv_++;
        credit_back_.push_back(c + cfg_.latency);
        if (f.tail) rx_done_ = f.txn;
    }
    if (rx_done_ && out_room) {
        push_result(rx_done_);
        rx_done_ = nullptr;
    }
    // Sender: one flit per cycle with a credit, unless the link stalls this cycle.
    if (tx_ && credits_ > 0 && !chance(cfg_.seed, 900, c, cfg_.stall)) {
        credits_--;
        tx_left_--;
        wire_.push_back(Flit{tx_, tx_left_ == 0, c + cfg_.latency});
        flits_sent_++;
        const unsigned in_flight = static_cast<unsigned>(wire_.size() + rxbuf_.size());
        max_in_flight_ = std::max(max_in_flight_, in_flight);
        if (tx_left_ == 0) tx_ = nullptr;
    }
    // A new stream is taken when the sender is free (its first flit goes at the next edge).
    if (offer && !tx_) {
        tx_ = offer;
        tx_left_ = flits_of(offer->bits, cfg_.flit_bits);
        offer->flits = tx_left_;
        return true;
    }
    return false;
}

}  // namespace np_sc
