/* Out-of-line forms of the bounds-checked bit writer and reader (np_bits.h). The checked code
 * itself lives in the header as static inline functions so the DSM hot path can inline it;
 * these wrappers give callers (and other languages' bindings) one addressable symbol each. */
#include "np_bits.h"

void np_bw_init(np_bitwriter *w, uint8_t *buf, size_t buf_bytes) {
    np_bw_init_inline(w, buf, buf_bytes);
}

void np_bw_put(np_bitwriter *w, uint64_t value, unsigned nbits) {
    np_bw_put_inline(w, value, nbits);
}

void np_br_init(np_bitreader *r, const uint8_t *buf, size_t len_bits) {
    np_br_init_padded_inline(r, buf, len_bits, (len_bits + 7u) / 8u);
}

void np_br_init_padded(np_bitreader *r, const uint8_t *buf, size_t len_bits, size_t buf_bytes) {
    np_br_init_padded_inline(r, buf, len_bits, buf_bytes);
}

uint64_t np_br_get(np_bitreader *r, unsigned nbits) {
    return np_br_get_inline(r, nbits);
}
