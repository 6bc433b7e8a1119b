#include "hexfile.h"

#include <cctype>
#include <fstream>

namespace tb {

HexLayout::HexLayout(std::initializer_list<HexField> fields) {
    for (const HexField &f : fields) total_bits_ += f.width;
    unsigned msb_end = total_bits_;  // fields are listed from the most significant end
    for (const HexField &f : fields) {
        msb_end -= f.width;
        fields_.push_back({f.name, msb_end, f.width});
    }
}

Bits HexLayout::get(const Bits &vector, const std::string &name) const {
    for (const Placed &p : fields_) {
        if (p.name == name) return vector.slice(p.lsb, p.width);
    }
    throw Error("vector layout has no field '" + name + "'");
}

uint64_t HexLayout::get_u64(const Bits &vector, const std::string &name) const {
    return get(vector, name).u64();
}

static std::string trim(const std::string &s) {
    size_t a = 0, b = s.size();
    while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) a++;
    while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) b--;
    return s.substr(a, b - a);
}

std::vector<HexVector> load_hex_vectors(const std::string &path, const HexLayout &layout) {
    std::ifstream in(path);
    if (!in) throw Error(path + ": cannot open vector file");
    std::vector<HexVector> out;
    std::string line, last_comment;
    unsigned line_no = 0;
    while (std::getline(in, line)) {
        line_no++;
        const std::string where = path + ":" + std::to_string(line_no);
        const std::string t = trim(line);
        if (t.empty()) continue;
        if (t.compare(0, 2, "//") == 0) {
            last_comment = trim(t.substr(2));
            continue;
        }
        if (t.size() != layout.digits()) {
            throw Error(where + ": expected " + std::to_string(layout.digits()) +
                        " hex digits (" + std::to_string(layout.total_bits()) +
                        " bits, docs/vectors.md), found " + std::to_string(t.size()) +
                        " characters");
        }
        HexVector v;
        std::string err;
        if (!Bits::from_hex(layout.total_bits(), t.data(), t.size(), &v.value, &err)) {
            throw Error(where + ": " + err);
        }
        v.name = last_comment.empty() ? "#" + std::to_string(out.size()) : last_comment;
        v.where = where;
        last_comment.clear();
        out.push_back(std::move(v));
    }
    if (in.bad()) throw Error(path + ": read error");
    if (out.empty()) throw Error(path + ":" + std::to_string(line_no) + ": no vectors in file");
    return out;
}

void throw_stale(const HexVector &v, const std::string &field, const std::string &recorded,
                 const std::string &model) {
    throw StaleVectors(v.where + ": vector '" + v.name + "' field=" + field + " file=" + recorded +
                       " model=" + model);
}

void expect_recorded(const HexLayout &layout, const HexVector &v, const char *field, const Bits &model) {
    const Bits recorded = layout.get(v.value, field);
    if (recorded != model) throw_stale(v, field, recorded.hex(), model.hex());
}

void expect_recorded_u64(const HexLayout &layout, const HexVector &v, const char *field, uint64_t model) {
    const uint64_t recorded = layout.get_u64(v.value, field);
    if (recorded != model) throw_stale(v, field, std::to_string(recorded), std::to_string(model));
}

}  // namespace tb
