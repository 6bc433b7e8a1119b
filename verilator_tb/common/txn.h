// A transaction is the list of one output transfer's fields. The adapter's model prediction
// and its reading of the RTL ports both produce one, with the same field names in the same
// order; compare() checks every field the prediction marks `care` (a field is don't-care only
// where the spec says the output is unspecified, e.g. the decompressor's line when err=1).
#ifndef NP_TB_TXN_H
#define NP_TB_TXN_H

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "bits.h"
#include "error.h"

namespace tb {

struct Field {
    const char *name;
    Bits value;
    bool care = true;
};

struct Txn {
    std::vector<Field> fields;

    Txn &add(const char *name, Bits value, bool care = true) {
        fields.push_back(Field{name, std::move(value), care});
        return *this;
    }
    Txn &add_u64(const char *name, unsigned width, uint64_t value, bool care = true) {
        return add(name, Bits::from_u64(width, value), care);
    }
};

struct FieldMismatch {
    bool found = false;
    size_t field = 0;       // index into the expected transaction's fields
    long first_bit = -1;    // lowest differing bit
};

// First cared-about field whose value differs. Throws tb::Error when the two transactions
// do not have the same field names (an adapter bug, not an RTL one).
inline FieldMismatch compare(const Txn &expected, const Txn &got) {
    FieldMismatch m;
    if (expected.fields.size() != got.fields.size()) {
        throw Error("internal: prediction and observation have different field counts");
    }
    for (size_t i = 0; i < expected.fields.size(); i++) {
        const Field &e = expected.fields[i];
        const Field &g = got.fields[i];
        if (std::strcmp(e.name, g.name) != 0 || e.value.width() != g.value.width()) {
            throw Error(std::string("internal: field ") + e.name + " vs " + g.name +
                        ": prediction and observation disagree on name or width");
        }
        if (e.care && e.value != g.value) {
            m.found = true;
            m.field = i;
            m.first_bit = e.value.first_difference(g.value);
            return m;
        }
    }
    return m;
}

// Flips one bit of the first cared-about field (--inject-mismatch self-test).
inline void corrupt(Txn *t) {
    for (Field &f : t->fields) {
        if (f.care && f.value.width() > 0) {
            f.value.flip(0);
            return;
        }
    }
}

}  // namespace tb

#endif
