/* Streams written by hand from a format's documentation, for the tests that compare a compressor
 * bit for bit against them (test_fpc, test_cpack): codes as printed (leftmost bit first), fields
 * LSB-first. Header-only so each test program stays one file. */
#ifndef NP_TEST_HAND_STREAM_H
#define NP_TEST_HAND_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t buf[256];
    size_t pos;
} hand_stream;

static inline void put_bit(hand_stream *s, unsigned b) {
    if (b) s->buf[s->pos / 8] |= (uint8_t)(1u << (s->pos % 8));
    s->pos++;
}

static inline void code(hand_stream *s, const char *printed) { /* as printed: leftmost bit first */
    for (const char *c = printed; *c; c++) put_bit(s, *c == '1');
}

static inline void field(hand_stream *s, uint64_t v, unsigned n) { /* LSB-first */
    for (unsigned j = 0; j < n; j++) put_bit(s, (unsigned)(v >> j) & 1u);
}

/* Little-endian 32-bit word w of a 128-byte line. */
static inline void set_word(uint8_t *line, unsigned w, uint32_t v) {
    for (unsigned b = 0; b < 4; b++) line[4 * w + b] = (uint8_t)(v >> (8 * b));
}

/* What a decoder must leave in its output on an error. */
static inline bool all_zero(const uint8_t *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (b[i]) return false;
    return true;
}

#endif
