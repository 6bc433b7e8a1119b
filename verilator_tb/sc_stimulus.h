// What the SC harnesses share (docs/sc.md; sc_compressor_tb.cpp, sc_decompressor_tb.cpp): tables
// the C model trains on real lines, lines made of a table's own values, the configuration-port
// writer that loads a table image while nothing is in flight. The configuration records at the
// head of an SC vector file: sc_vectors.h.
#ifndef NP_TB_SC_STIMULUS_H
#define NP_TB_SC_STIMULUS_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "error.h"
#include "hexfile.h"
#include "lines.h"
#include "rng.h"
#include "sc.h"

namespace tb {

// A new table: sc_init, then a seed-chosen number of lines (16..4096) observed (real data
// when there is any, else the mix), then sc_rebuild. Throws tb::Error if the model fails.
void sc_train(sc_state *st, Rng &rng, RealLines &real, LineMix &mix);

// A line of a table's own values (values[0..n-1], e.g. its DeLUT entries, so every code length
// occurs), with an unknown word (an escape) now and then.
void sc_table_line(const uint32_t *values, unsigned n, Rng &rng, uint8_t *line);

// Writes a table image through a unit's configuration port (cfg_we_i, cfg_addr_i,
// cfg_data_i), one word per cycle at addresses 0, 1, ..., once nothing is in flight (the unit
// idle: in_ready_o high, out_valid_o low). The adapter offers no input from start() until
// ready(). While not writing, cfg_we_i is low and the address and data carry garbage. `hold`:
// the harness's SidebandMode::kHold (reset), when nothing is written.
class ScPortLoader {
public:
    explicit ScPortLoader(unsigned addr_bits) : addr_bits_(addr_bits) {}

    void start(std::vector<uint32_t> image) {
        image_ = std::move(image);
        phase_ = Phase::kWaitIdle;
    }
    bool ready() const { return phase_ == Phase::kReady; }

    template <class Dut>
    void drive(Dut &d, Rng &rng, bool hold) {
        driving_ = false;
        if (!hold && phase_ == Phase::kWaitIdle && d.in_ready_o && !d.out_valid_o) {
            phase_ = Phase::kLoading;
            writes_ = 0;
        }
        if (!hold && phase_ == Phase::kLoading) {
            driving_ = true;
            d.cfg_we_i = 1;
            d.cfg_addr_i = static_cast<uint16_t>(writes_);
            d.cfg_data_i = image_[writes_];
            return;
        }
        d.cfg_we_i = 0;
        d.cfg_addr_i = static_cast<uint16_t>(rng.bits(addr_bits_));
        d.cfg_data_i = rng.next32();
    }

    // After the edge: the word driven this cycle was written.
    void commit() {
        if (!driving_) return;
        if (++writes_ == image_.size()) {
            phase_ = Phase::kReady;
            tables_++;
            words_ += image_.size();
        }
    }

    void coverage(std::map<std::string, uint64_t> &events) const {
        events["tables_loaded"] = tables_;
        events["cfg_words_written"] = words_;
    }
    void reset_counts() { tables_ = words_ = 0; }

private:
    enum class Phase { kWaitIdle, kLoading, kReady };
    unsigned addr_bits_;
    std::vector<uint32_t> image_;
    Phase phase_ = Phase::kWaitIdle;
    bool driving_ = false;
    size_t writes_ = 0;
    uint64_t tables_ = 0, words_ = 0;
};

}  // namespace tb

#endif
