/* DSM approximation unit (docs/dsm.md sec. 5): the eight-entry address map and the mantissa
 * truncation, the C golden model of rtl/dsm/dsm_approx.v. The map is a plain struct the
 * caller owns; dsm_approx_map_set validates what software may write, while lookups compare
 * entries as stored, so a map filled the way the hardware's configuration port allows
 * (start > end, any 5-bit bits value) behaves as the RTL does. */
#include "dsm.h"

#include <string.h>

#define ADDR_LIMIT (UINT64_C(1) << DSM_ADDR_BITS)

static bool approx_bits_legal(unsigned bits) {
    return bits <= 20u && bits % 4u == 0u;
}

void dsm_approx_map_init(dsm_approx_map *map) {
    if (map != NULL) {
        memset(map, 0, sizeof *map);
    }
}

np_result dsm_approx_map_set(dsm_approx_map *map, unsigned idx, uint64_t start, uint64_t end,
                             unsigned bits) {
    if (map == NULL || idx >= DSM_APPROX_ENTRIES || start >= ADDR_LIMIT || end >= ADDR_LIMIT ||
        start > end || !approx_bits_legal(bits)) {
        return NP_BAD_PARAM;
    }
    dsm_approx_entry *e = &map->entry[idx];
    e->valid = true;
    e->start = start;
    e->end = end;
    e->bits = bits;
    return NP_OK;
}

unsigned dsm_approx_lookup(const dsm_approx_map *map, uint64_t line_addr) {
    if (map == NULL) {
        return 0;
    }
    for (unsigned i = 0; i < DSM_APPROX_ENTRIES; i++) {
        const dsm_approx_entry *e = &map->entry[i];
        if (e->valid && e->start <= line_addr && line_addr <= e->end) {
            return e->bits;
        }
    }
    return 0;
}

unsigned dsm_approx_nibbles(unsigned bits) {
    unsigned n = bits >> 2;
    return n < DSM_APPROX_MAX_NIBBLES ? n : DSM_APPROX_MAX_NIBBLES;
}

void dsm_approx_apply(unsigned bits, const uint8_t in[DSM_LINE_BYTES],
                      uint8_t out[DSM_LINE_BYTES]) {
    /* Two 32-bit words per 64-bit load: the same mask applies to both halves. */
    uint64_t keep32 = ~np_low_mask(4u * dsm_approx_nibbles(bits)) & 0xFFFFFFFFu;
    uint64_t keep = keep32 | keep32 << 32;
    for (unsigned b = 0; b < DSM_LINE_BYTES; b += 8u) {
        np_store_le64(out + b, np_load_le64(in + b) & keep);
    }
}
