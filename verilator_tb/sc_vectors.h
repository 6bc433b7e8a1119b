// The configuration records at the head of an SC vector file (docs/vectors.md; sc_compressor.hex,
// sc_decompressor.hex).
#ifndef NP_TB_SC_VECTORS_H
#define NP_TB_SC_VECTORS_H

#include <string>
#include <vector>

#include "hexfile.h"

namespace tb {

// Configuration records (is_cfg = 1) come first, each writing cfg_data at cfg_addr
// (< image_words) with every field in zero_fields zero, then the other records. *image gets the
// written words (the rest zero); the other records are returned. Throws tb::StaleVectors (every
// harness's stale-vector message, expect_recorded) for a nonzero field, tb::Error for a misplaced
// record or address.
inline std::vector<HexVector> sc_vector_image(const std::string &path, const HexLayout &layout, size_t image_words,
                                       const std::vector<const char *> &zero_fields,
                                       std::vector<uint32_t> *image) {
    std::vector<HexVector> rest;
    image->assign(image_words, 0);
    for (HexVector &v : load_hex_vectors(path, layout)) {
        if (!layout.get_u64(v.value, "is_cfg")) {
            rest.push_back(std::move(v));
            continue;
        }
        if (!rest.empty()) throw Error(v.where + ": a configuration record after a stream record");
        for (const char *f : zero_fields) expect_recorded(layout, v, f, Bits(layout.get(v.value, f).width()));
        const uint64_t a = layout.get_u64(v.value, "cfg_addr");
        if (a >= image_words) throw Error(v.where + ": cfg_addr outside the table image");
        (*image)[a] = static_cast<uint32_t>(layout.get_u64(v.value, "cfg_data"));
    }
    return rest;
}

}  // namespace tb

#endif
