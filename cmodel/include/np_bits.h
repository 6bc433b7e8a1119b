/* Bounds-checked LSB-first bit writer and reader (docs/conventions.md, "Bitstreams").
 * Every read and write of a compressed stream in the C model goes through these helpers:
 * a read past the end sets the reader's error flag and returns 0 instead of touching memory
 * outside the buffer. */
#ifndef NP_BITS_H
#define NP_BITS_H

#include <stddef.h>
#include <stdint.h>
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint8_t *buf;       /* caller's buffer */
    size_t cap_bits;    /* capacity in bits (8 * buffer size) */
    size_t pos;         /* bits written so far */
    int overflow;       /* set when a write did not fit; later writes are dropped */
} np_bitwriter;

typedef struct {
    const uint8_t *buf;
    size_t len_bits;    /* readable length in bits */
    size_t pos;         /* bits read so far */
    int overrun;        /* set when a read went past len_bits */
} np_bitreader;

/* The writer zeroes the buffer first so padding bits are zero. */
void np_bw_init(np_bitwriter *w, uint8_t *buf, size_t buf_bytes);
/* Append the low `nbits` (0..64) bits of `value`, LSB first. */
void np_bw_put(np_bitwriter *w, uint64_t value, unsigned nbits);

void np_br_init(np_bitreader *r, const uint8_t *buf, size_t len_bits);
/* Read `nbits` (0..64) bits, LSB first; past the end: returns 0 and sets overrun. */
uint64_t np_br_get(np_bitreader *r, unsigned nbits);
static inline size_t np_br_remaining(const np_bitreader *r) {
    return r->pos >= r->len_bits ? 0 : r->len_bits - r->pos;
}

#ifdef __cplusplus
}
#endif
#endif
