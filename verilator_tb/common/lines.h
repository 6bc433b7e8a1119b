// Cache-line stimulus shared by every unit that takes 128-byte lines: real lines read from the
// data directory (cycled through, every file in turn) and synthetic patterns that stress
// compressors in known ways. A unit adds its own generators to the mix (LineMix::add).
#ifndef NP_TB_LINES_H
#define NP_TB_LINES_H

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "rng.h"

namespace tb {

constexpr size_t kLineBytes = 128;

// Where a transaction's input came from, printed when it fails and counted for the coverage
// line. `kind` and `variant` point to strings that live as long as the harness.
struct Origin {
    const char *kind = "unknown";     // "vector", a data file name, "narrow", ...
    uint64_t index = 0;               // vector number, line number in the file, ...
    const char *variant = nullptr;    // how the input was derived (e.g. "truncated"), or null
};

// Every *.bin file of a directory, read whole, in name order; a partial line at the end of a
// file is left out. next() takes one line from each file in turn (file 0, 1, ..., 0, ...),
// each file advancing from a seed-chosen start and wrapping at its end.
class RealLines {
public:
    // Throws tb::Error when the directory cannot be read or holds no whole line.
    void load(const std::string &dir);
    // The harness's --data directory: loaded when given, the set left empty when not.
    void load_if_given(const std::string &dir) {
        if (!dir.empty()) load(dir);
    }
    bool empty() const { return files_.empty(); }
    size_t n_files() const { return files_.size(); }
    uint64_t n_lines() const;
    void begin_run(Rng &rng);
    void next(uint8_t line[kLineBytes], Origin *origin);

private:
    struct File {
        std::string name;
        std::vector<uint8_t> bytes;
        uint64_t n_lines = 0;
        uint64_t pos = 0;
    };
    std::vector<File> files_;
    size_t turn_ = 0;
};

// Synthetic line patterns (each fills all 128 bytes).
namespace synth {
void narrow(Rng &rng, uint8_t *line);          // small signed/unsigned ints, 1-8 byte elements
void repeated(Rng &rng, uint8_t *line);        // a 1..64-byte pattern repeated, few exceptions
void pointers(Rng &rng, uint8_t *line);        // 32/64-bit base + i * stride
void float_common_exp(Rng &rng, uint8_t *line);// binary32 sharing sign and exponent
void sparse(Rng &rng, uint8_t *line);          // mostly zero, a few random bytes
void random(Rng &rng, uint8_t *line);          // every bit random
}  // namespace synth

// A weighted choice among line generators.
class LineMix {
public:
    using Generator = std::function<void(Rng &, uint8_t *)>;
    void add(const char *kind, unsigned weight, Generator gen);
    void add_real(RealLines *real, unsigned weight);
    // Adds every generic synthetic pattern above with weight 1 (fully random: 2).
    void add_standard_synthetic();
    // Restarts the per-kind counters that number synthetic lines (for a replayed run).
    void begin_run() {
        for (Entry &e : entries_) e.produced = 0;
    }
    void next(Rng &rng, uint8_t line[kLineBytes], Origin *origin);

private:
    struct Entry {
        const char *kind;
        unsigned weight;
        Generator gen;        // empty for the real-data entry
        uint64_t produced = 0;
    };
    std::vector<Entry> entries_;
    unsigned total_weight_ = 0;
    RealLines *real_ = nullptr;
};

}  // namespace tb

#endif
