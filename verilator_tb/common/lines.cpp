#include "lines.h"

#include <algorithm>
#include <cstring>
#include <dirent.h>
#include <fstream>

#include "error.h"

namespace tb {

// ---- real data ------------------------------------------------------------------------------

static std::vector<std::string> bin_files(const std::string &dir) {
    DIR *d = opendir(dir.c_str());
    if (d == nullptr) throw Error(dir + ": cannot open data directory");
    std::vector<std::string> names;
    while (const dirent *e = readdir(d)) {
        const std::string name = e->d_name;
        if (name.size() > 4 && name.compare(name.size() - 4, 4, ".bin") == 0) names.push_back(name);
    }
    closedir(d);
    std::sort(names.begin(), names.end());
    return names;
}

void RealLines::load(const std::string &dir) {
    files_.clear();
    for (const std::string &name : bin_files(dir)) {
        const std::string path = dir + "/" + name;
        std::ifstream in(path, std::ios::binary | std::ios::ate);
        if (!in) throw Error(path + ": cannot open data file");
        File f;
        f.name = name;
        const std::streamoff size = in.tellg();
        if (size < 0) throw Error(path + ": cannot size data file");
        f.bytes.resize(static_cast<size_t>(size));
        in.seekg(0);
        if (size > 0 && !in.read(reinterpret_cast<char *>(f.bytes.data()), size)) {
            throw Error(path + ": read error");
        }
        f.n_lines = f.bytes.size() / kLineBytes;
        if (f.n_lines > 0) files_.push_back(std::move(f));
    }
    if (files_.empty()) throw Error(dir + ": no *.bin file with a whole 128-byte line");
}

uint64_t RealLines::n_lines() const {
    uint64_t n = 0;
    for (const File &f : files_) n += f.n_lines;
    return n;
}

void RealLines::begin_run(Rng &rng) {
    turn_ = 0;
    for (File &f : files_) f.pos = rng.below(f.n_lines);
}

void RealLines::next(uint8_t line[kLineBytes], Origin *origin) {
    File &f = files_[turn_];
    turn_ = (turn_ + 1) % files_.size();
    std::memcpy(line, &f.bytes[f.pos * kLineBytes], kLineBytes);
    origin->kind = f.name.c_str();
    origin->index = f.pos;
    origin->variant = nullptr;
    f.pos = (f.pos + 1) % f.n_lines;
}

// ---- synthetic patterns ---------------------------------------------------------------------

namespace synth {

static void put_le(uint8_t *p, uint64_t v, unsigned bytes) {
    for (unsigned i = 0; i < bytes; i++) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

void narrow(Rng &rng, uint8_t *line) {
    static const unsigned kSizes[] = {1, 2, 4, 4, 4, 8};
    const unsigned size = kSizes[rng.below(6)];
    const unsigned max_bits = size * 8 - 1 < 12 ? size * 8 - 1 : 12;
    const unsigned bits = static_cast<unsigned>(rng.range(0, max_bits));
    const bool is_signed = rng.chance(0.5);
    for (size_t off = 0; off < kLineBytes; off += size) {
        uint64_t v = rng.bits(bits);
        if (is_signed && rng.chance(0.5)) v = ~v;  // a small negative number (sign-extended)
        put_le(line + off, v, size);
    }
}

void repeated(Rng &rng, uint8_t *line) {
    static const unsigned kPeriods[] = {1, 2, 4, 8, 16, 32, 64};
    const unsigned period = kPeriods[rng.below(7)];
    uint8_t pattern[64];
    const bool zero = rng.chance(0.2);
    for (unsigned i = 0; i < period; i++) pattern[i] = zero ? 0 : static_cast<uint8_t>(rng.next());
    for (size_t i = 0; i < kLineBytes; i++) line[i] = pattern[i % period];
    if (rng.chance(0.3)) {  // a few exceptions break the repetition
        const unsigned n = static_cast<unsigned>(rng.range(1, 4));
        for (unsigned k = 0; k < n; k++) line[rng.below(kLineBytes)] = static_cast<uint8_t>(rng.next());
    }
}

void pointers(Rng &rng, uint8_t *line) {
    static const uint64_t kStrides[] = {1, 4, 8, 16, 64, 128, 4096};
    const bool wide = rng.chance(0.5);
    const unsigned size = wide ? 8 : 4;
    const uint64_t stride = rng.chance(0.8) ? kStrides[rng.below(7)] : rng.bits(12);
    const uint64_t base = wide ? (rng.bits(48) & ~7ull) : (rng.bits(32) & ~3ull);
    for (size_t i = 0; i < kLineBytes / size; i++) put_le(line + i * size, base + i * stride, size);
}

void float_common_exp(Rng &rng, uint8_t *line) {
    const uint32_t sign = rng.chance(0.8) ? 0u : 1u;
    const uint32_t exponent = static_cast<uint32_t>(rng.range(100, 150));
    const unsigned zero_low = static_cast<unsigned>(rng.range(0, 23));  // rounded mantissas
    const bool mixed_sign = rng.chance(0.2);
    for (size_t w = 0; w < kLineBytes / 4; w++) {
        const uint32_t s = mixed_sign ? static_cast<uint32_t>(rng.below(2)) : sign;
        const uint32_t mant = static_cast<uint32_t>(rng.bits(23)) & ~((1u << zero_low) - 1u);
        put_le(line + 4 * w, (s << 31) | (exponent << 23) | mant, 4);
    }
}

void sparse(Rng &rng, uint8_t *line) {
    std::memset(line, 0, kLineBytes);
    const unsigned n = static_cast<unsigned>(rng.range(1, 8));
    for (unsigned k = 0; k < n; k++) line[rng.below(kLineBytes)] = static_cast<uint8_t>(rng.next());
}

void random(Rng &rng, uint8_t *line) {
    for (size_t i = 0; i < kLineBytes; i += 8) put_le(line + i, rng.next(), 8);
}

}  // namespace synth

// ---- weighted mix ---------------------------------------------------------------------------

void LineMix::add(const char *kind, unsigned weight, Generator gen) {
    entries_.push_back(Entry{kind, weight, std::move(gen)});
    total_weight_ += weight;
}

void LineMix::add_real(RealLines *real, unsigned weight) {
    if (real == nullptr || real->empty() || weight == 0) return;
    real_ = real;
    entries_.push_back(Entry{"real", weight, Generator()});
    total_weight_ += weight;
}

void LineMix::add_standard_synthetic() {
    add("narrow", 1, synth::narrow);
    add("repeated", 1, synth::repeated);
    add("pointers", 1, synth::pointers);
    add("float_common_exp", 1, synth::float_common_exp);
    add("sparse", 1, synth::sparse);
    add("random", 2, synth::random);
}

void LineMix::next(Rng &rng, uint8_t line[kLineBytes], Origin *origin) {
    if (total_weight_ == 0) throw Error("internal: empty line mix");
    uint64_t pick = rng.below(total_weight_);
    for (Entry &e : entries_) {
        if (pick >= e.weight) {
            pick -= e.weight;
            continue;
        }
        if (!e.gen) {
            real_->next(line, origin);
        } else {
            e.gen(rng, line);
            origin->kind = e.kind;
            origin->index = e.produced++;
            origin->variant = nullptr;
        }
        return;
    }
}

}  // namespace tb
