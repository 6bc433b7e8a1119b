/* Bounds-checked LSB-first bit writer and reader (docs/conventions.md, "Bitstreams").
 * Every read and write of a compressed stream in the C model goes through these helpers:
 * a read past the end sets the reader's error flag and returns 0 instead of touching memory
 * outside the buffer.
 *
 * np_bw_put / np_br_get are the out-of-line entry points. The same checked code is available
 * as static inline np_bw_put_inline / np_br_get_inline so the compressor's hot path pays no
 * call per field; both forms behave identically (one is defined by the other in np_bits.c). */
#ifndef NP_BITS_H
#define NP_BITS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "np_result.h"
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
    size_t buf_bytes;   /* bytes of buf that may be touched: (len_bits + 7) / 8, or more when
                         * the caller provides zero padding (np_br_init_padded) */
} np_bitreader;

/* The writer zeroes the buffer first so padding bits are zero. */
void np_bw_init(np_bitwriter *w, uint8_t *buf, size_t buf_bytes);
/* Append the low `nbits` (0..64) bits of `value`, LSB first. A write that does not fit (or
 * nbits > 64) sets overflow and writes nothing; every later write is dropped too. */
void np_bw_put(np_bitwriter *w, uint64_t value, unsigned nbits);

void np_br_init(np_bitreader *r, const uint8_t *buf, size_t len_bits);
/* As np_br_init, for a buffer of buf_bytes >= (len_bits + 7) / 8 bytes: reads are still limited
 * to len_bits, but whole 64-bit loads may touch the padding, which keeps the hot path free of
 * byte loops near the end of the stream. */
void np_br_init_padded(np_bitreader *r, const uint8_t *buf, size_t len_bits, size_t buf_bytes);
/* Read `nbits` (0..64) bits, LSB first; past the end (or nbits > 64): returns 0, sets overrun
 * and leaves pos where it was. Bits at and above len_bits are never read. */
uint64_t np_br_get(np_bitreader *r, unsigned nbits);
static inline size_t np_br_remaining(const np_bitreader *r) {
    return r->pos >= r->len_bits ? 0 : r->len_bits - r->pos;
}

/* ---- inline implementation ------------------------------------------------------------- */

/* The field helpers are forced inline so a caller with constant widths and counts gets them
 * unrolled and specialised; NP_UNROLL asks for the loops to be unrolled. */
#if defined(__GNUC__)
#define NP_BITS_INLINE static inline __attribute__((always_inline))
#define NP_UNROLL _Pragma("GCC unroll 16")
#else
#define NP_BITS_INLINE static inline
#define NP_UNROLL
#endif

/* Little-endian 32-bit load/store at any alignment (a line's words, docs/conventions.md): one
 * 32-bit access on a little-endian host, where a byte loop is not merged by the compiler. */
static inline uint32_t np_load_le32(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    return v;
}

static inline void np_store_le32(uint8_t *p, uint32_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap32(v);
#endif
    memcpy(p, &v, sizeof v);
}

/* Little-endian 64-bit load/store at any alignment; the byte order of the stream is fixed by
 * docs/conventions.md, independent of the host's. */
static inline uint64_t np_load_le64(const uint8_t *p) {
    uint64_t v;
    memcpy(&v, p, sizeof v);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static inline void np_store_le64(uint8_t *p, uint64_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    memcpy(p, &v, sizeof v);
}

/* Low nbits set (nbits 0..64); written without a 64-bit shift by 64, which C leaves undefined. */
static inline uint64_t np_low_mask(unsigned nbits) {
    return nbits == 0 ? 0 : ~UINT64_C(0) >> (64u - nbits);
}

/* Number of set bits (portable; compilers turn it into one instruction where one exists). */
static inline unsigned np_popcount32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (x * 0x01010101u) >> 24;
}

/* Clears n16 16-byte blocks at p (any alignment). Written out as 16-byte stores on SSE2
 * machines (every x86-64) because compilers turn a plain memset of a few hundred bytes into
 * `rep stos`, whose start-up costs more than the stores; a memset elsewhere. */
NP_BITS_INLINE void np_clear16(void *p, size_t n16) {
#if defined(__SSE2__)
    NP_UNROLL
    for (size_t i = 0; i < n16; i++) {
        _mm_storeu_si128((__m128i *)p + i, _mm_setzero_si128());
    }
#else
    memset(p, 0, 16u * n16);
#endif
}

/* Copies n bytes, n <= max (max a constant at the call, so the loop unrolls), with 16-byte
 * loads and stores that stay inside [0, n) of both buffers: from 16 bytes on, chunk c at byte
 * min(16c, n - 16) (the chunks past the end copy the last 16 bytes again); below, two
 * overlapping 8-, 4- or 1-byte copies. Not memcpy: with a variable length the compilers here
 * emit a call or `rep movsq`, whose start-up costs more than decoding or encoding a short line
 * stream (every codec's copy into or out of its line buffer is one such copy). */
NP_BITS_INLINE void np_copy_short(uint8_t *dst, const uint8_t *src, size_t n, size_t max) {
    if (n >= 16u) {
        NP_UNROLL
        for (size_t c = 0; c < (max + 15u) / 16u; c++) {
            size_t off = 16u * c < n - 16u ? 16u * c : n - 16u;
            uint8_t chunk[16];
            memcpy(chunk, src + off, 16);   /* both halves read before either is written */
            memcpy(dst + off, chunk, 16);
        }
    } else if (n >= 8u) {
        uint64_t head = np_load_le64(src), tail = np_load_le64(src + n - 8u);
        np_store_le64(dst, head);
        np_store_le64(dst + n - 8u, tail);
    } else if (n >= 4u) {
        uint32_t head = np_load_le32(src), tail = np_load_le32(src + n - 4u);
        np_store_le32(dst, head);
        np_store_le32(dst + n - 4u, tail);
    } else if (n > 0u) {
        uint8_t first = src[0], mid = src[n / 2u], last = src[n - 1u];
        dst[0] = first, dst[n / 2u] = mid, dst[n - 1u] = last;
    }
}

/* Inline forms of the initialisers: a writer or reader whose address never leaves the
 * caller's function can live in registers, which the hot path needs (an out-of-line init
 * makes the struct addressable, and every byte store through buf then forces a reload). */
NP_BITS_INLINE void np_bw_init_inline(np_bitwriter *w, uint8_t *buf, size_t buf_bytes) {
    w->buf = buf;
    w->cap_bits = buf != NULL ? 8u * buf_bytes : 0u;
    w->pos = 0;
    w->overflow = 0;
    if (buf != NULL && buf_bytes > 0) {
        memset(buf, 0, buf_bytes);
    }
}

NP_BITS_INLINE void np_br_init_padded_inline(np_bitreader *r, const uint8_t *buf, size_t len_bits,
                                            size_t buf_bytes) {
    r->buf = buf;
    r->len_bits = buf != NULL ? len_bits : 0u;
    r->pos = 0;
    r->overrun = 0;
    r->buf_bytes = buf != NULL ? buf_bytes : 0u;
    if (r->buf_bytes < (r->len_bits + 7u) / 8u) {
        r->len_bits = 8u * r->buf_bytes; /* never promise bits the buffer does not hold */
    }
}

/* Both helpers take a branch-free path whenever 9 bytes from the current byte are inside the
 * buffer: one unaligned 64-bit access plus the spill byte, which receives value >> (64 - shift)
 * (zero when the field ends inside the first 8 bytes). Field widths that vary with the data
 * (4 or 64 bits per DSM segment) then cost no mispredicted branch. */
NP_BITS_INLINE void np_bw_put_inline(np_bitwriter *w, uint64_t value, unsigned nbits) {
    if (nbits == 0 || w->overflow) {
        return;
    }
    if (nbits > 64 || nbits > w->cap_bits - w->pos) {
        w->overflow = 1;
        return;
    }
    value &= np_low_mask(nbits);
    size_t byte = w->pos >> 3;
    unsigned shift = (unsigned)(w->pos & 7u);
    size_t cap_bytes = w->cap_bits >> 3;
    if (byte + 9 <= cap_bytes) {
        /* Bits at and above pos are still zero (np_bw_init cleared them), so OR is enough. */
        np_store_le64(w->buf + byte, np_load_le64(w->buf + byte) | (value << shift));
        w->buf[byte + 8] |= (uint8_t)((value >> 1) >> (63u - shift));
    } else {
        /* Fewer than 9 bytes left: the capacity check proved the field ends within them, so
         * shift + nbits <= 64 and value << shift loses nothing. */
        uint64_t v = value << shift;
        for (size_t k = 0; byte + k < cap_bytes; k++) {
            w->buf[byte + k] |= (uint8_t)(v >> (8u * k));
        }
    }
    w->pos += nbits;
}

NP_BITS_INLINE uint64_t np_br_get_inline(np_bitreader *r, unsigned nbits) {
    if (nbits == 0) {
        return 0;
    }
    if (nbits > 64 || nbits > np_br_remaining(r)) {
        r->overrun = 1;
        return 0;
    }
    size_t byte = r->pos >> 3;
    unsigned shift = (unsigned)(r->pos & 7u);
    uint64_t v;
    if (byte + 9 <= r->buf_bytes) {
        v = np_load_le64(r->buf + byte) >> shift;
        v |= ((uint64_t)r->buf[byte + 8] << 1) << (63u - shift);
    } else {
        /* Fewer than 9 bytes left: the field ends within them (shift + nbits <= 64). */
        v = 0;
        for (size_t k = 0; byte + k < r->buf_bytes; k++) {
            v |= (uint64_t)r->buf[byte + k] << (8u * k);
        }
        v >>= shift;
    }
    r->pos += nbits;
    return v & np_low_mask(nbits);
}

/* Reads n fields at once (widths in 1..64) with one length check for all of them. When they
 * do not all fit (or a width is outside 1..64), sets overrun, zeroes values and reads
 * nothing. */
NP_BITS_INLINE void np_br_get_fields(np_bitreader *r, uint64_t *values, const unsigned *widths,
                                    unsigned n) {
    size_t total = 0;
    unsigned bad = 0;
    NP_UNROLL
    for (unsigned i = 0; i < n; i++) {
        total += widths[i];
        bad |= (unsigned)(widths[i] - 1u > 63u);
    }
    if (bad || total > np_br_remaining(r)) {
        r->overrun = 1;
        for (unsigned i = 0; i < n; i++) {
            values[i] = 0;
        }
        return;
    }
    size_t pos = r->pos;
    if (((pos + total) >> 3) + 9u > r->buf_bytes) {
        for (unsigned i = 0; i < n; i++) { /* near the end of the buffer: field by field */
            values[i] = np_br_get_inline(r, widths[i]);
        }
        return;
    }
    NP_UNROLL
    for (unsigned i = 0; i < n; i++) {
        /* Every field starts at or before byte (pos + total) >> 3, so its 9 bytes exist. */
        size_t byte = pos >> 3;
        unsigned shift = (unsigned)(pos & 7u);
        uint64_t v = np_load_le64(r->buf + byte) >> shift;
        v |= ((uint64_t)r->buf[byte + 8] << 1) << (63u - shift);
        values[i] = v & (~UINT64_C(0) >> (64u - widths[i]));
        pos += widths[i];
    }
    r->pos = pos;
}

/* Reads n <= 32 fields of two widths at once: field i is short_bits wide when bit i of
 * short_mask is set, else long_bits (both 1..64). One length check covers all of them, as in
 * np_br_get_fields (on failure: overrun set, values zeroed, nothing read); the widths are
 * computed from the mask, never branched on. This is the shape of a DSM ED (4-bit CSN codes
 * among 64-bit raw segments). */
NP_BITS_INLINE void np_br_get_fields_mask(np_bitreader *r, uint64_t *values, unsigned n,
                                          uint32_t short_mask, unsigned short_bits,
                                          unsigned long_bits) {
    short_mask &= (uint32_t)np_low_mask(n);
    unsigned nshort = np_popcount32(short_mask);
    size_t total = (size_t)nshort * short_bits + (size_t)(n - nshort) * long_bits;
    if (n > 32u || short_bits - 1u > 63u || long_bits - 1u > 63u || total > np_br_remaining(r)) {
        r->overrun = 1;
        for (unsigned i = 0; i < n && i < 32u; i++) {
            values[i] = 0;
        }
        return;
    }
    if (((r->pos + total) >> 3) + 9u > r->buf_bytes) {
        /* Too close to the end of an unpadded buffer for 9-byte loads: field by field. */
        for (unsigned i = 0; i < n; i++) {
            values[i] = np_br_get_inline(r, (short_mask >> i & 1u) ? short_bits : long_bits);
        }
        return;
    }
    size_t pos = r->pos;
    NP_UNROLL
    for (unsigned i = 0; i < n; i++) {
        unsigned width = long_bits - (long_bits - short_bits) * (short_mask >> i & 1u);
        size_t byte = pos >> 3; /* every field starts at or before byte (pos + total) >> 3 */
        unsigned shift = (unsigned)(pos & 7u);
        /* The second load, one byte on, supplies the spill bits (byte + 8) at 64 - shift and
         * repeats bytes + 1 .. + 7 at the positions the first one already filled. */
        uint64_t v = np_load_le64(r->buf + byte) >> shift |
                     np_load_le64(r->buf + byte + 1) << (8u - shift);
        values[i] = v & (~UINT64_C(0) >> (64u - width));
        pos += width;
    }
    r->pos = pos;
}

/* Reads nbits bits (any count up to NP_BR_WORDS_MAX_BITS) as 64-bit words, LSB first: words[k]
 * holds bits 64k .. 64k+63 of the field, the last word the remainder with zeros above; the
 * caller's array holds (nbits + 63) / 64 words. The same values and end position as reading
 * 64 bits at a time with np_br_get_inline, but one length check and one copy of the bytes
 * into a zero-padded local buffer, then two loads per word: a long field (a raw lane, a whole
 * ED) costs a few instructions per word instead of a checked read. When the bits do not all
 * fit (or nbits is above the limit), sets overrun, reads nothing and returns false. */
#define NP_BR_WORDS_MAX_BITS (64u * NP_BR_WORDS_MAX)
#define NP_BR_WORDS_MAX 20u

NP_BITS_INLINE int np_br_get_words(np_bitreader *r, uint64_t *words, size_t nbits) {
    if (nbits > NP_BR_WORDS_MAX_BITS || nbits > np_br_remaining(r)) {
        r->overrun = 1;
        return 0;
    }
    if (nbits == 0) {
        return 1;
    }
    uint8_t tmp[8u * (NP_BR_WORDS_MAX + 2u)];
    unsigned shift = (unsigned)(r->pos & 7u);
    size_t nbytes = (shift + nbits + 7u) / 8u, nw = (nbits + 63u) / 64u;
    memset(tmp, 0, sizeof tmp);
    memcpy(tmp, r->buf + (r->pos >> 3), nbytes);   /* inside the buffer: nbits <= remaining */
    for (size_t k = 0; k < nw; k++) {
        /* the next word's bits above 64 - shift; (x << 1) << (63 - shift) is 0 for shift 0 */
        words[k] = np_load_le64(tmp + 8u * k) >> shift | (np_load_le64(tmp + 8u * k + 8u) << 1) << (63u - shift);
    }
    words[nw - 1u] &= np_low_mask((unsigned)(nbits - 64u * (nw - 1u)));
    r->pos += nbits;
    return 1;
}

/* ---- word buffer ------------------------------------------------------------------------
 * A short stream (at most NP_WB_WORDS * 64 bits, more than any 128-byte line's stream needs)
 * assembled in 64-bit words and then copied into the caller's bytes in one checked step.
 * Word i holds s[64i .. 64i+63], s[64i + j] in bit j. An append touches two aligned words and
 * no bytes, so a run of appends never stalls on a store that partly overlaps the next load
 * (what np_bw_put's byte-addressed read-modify-write costs in a tight loop). Only word 0 is
 * cleared at the start: an append ORs into the word pos is in (its bits above pos are zero)
 * and assigns the next one (the bits that spill into it, possibly none), so every word is
 * written before it is read and appends need no cleared buffer. */
#define NP_WB_WORDS 20u

typedef struct {
    uint64_t word[NP_WB_WORDS + 1u]; /* + 1: the spill word of a field ending in the last word */
    size_t pos;                      /* bits appended so far */
    int overflow;                    /* as np_bitwriter: set by a field that did not fit */
} np_wordbuf;

NP_BITS_INLINE void np_wb_init(np_wordbuf *b) {
    b->word[0] = 0;
    b->pos = 0;
    b->overflow = 0;
}

/* Same contract as np_bw_put: the low nbits (0..64) of value; a field that does not fit (or
 * nbits > 64) sets overflow and is dropped, as is every later one. */
NP_BITS_INLINE void np_wb_put(np_wordbuf *b, uint64_t value, unsigned nbits) {
    if (nbits == 0 || b->overflow) {
        return;
    }
    if (nbits > 64 || nbits > 64u * NP_WB_WORDS - b->pos) {
        b->overflow = 1;
        return;
    }
    value &= np_low_mask(nbits);
    size_t q = b->pos >> 6;            /* q + 1 <= NP_WB_WORDS: inside word[] */
    unsigned sh = (unsigned)(b->pos & 63u);
    b->word[q] |= value << sh;
    b->word[q + 1] = (value >> 1) >> (63u - sh);   /* the spill: assigned (see above) */
    b->pos += nbits;
}

/* Appends n fields at once: field i is the low widths[i] bits of values[i], widths in 1..64.
 * One capacity check covers them all; a width outside 1..64 or a total that does not fit sets
 * overflow and appends nothing. For runs of fields whose widths the data decides (DSM's
 * 4-or-64-bit segments), this saves a check and a mask branch per field. */
NP_BITS_INLINE void np_wb_put_fields(np_wordbuf *b, const uint64_t *values,
                                    const unsigned *widths, unsigned n) {
    size_t total = 0;
    unsigned bad = 0;
    NP_UNROLL
    for (unsigned i = 0; i < n; i++) {
        total += widths[i];
        bad |= (unsigned)(widths[i] - 1u > 63u);
    }
    if (b->overflow || bad || total > 64u * NP_WB_WORDS - b->pos) {
        b->overflow = 1;
        return;
    }
    size_t pos = b->pos;
    NP_UNROLL
    for (unsigned i = 0; i < n; i++) {
        uint64_t v = values[i] & (~UINT64_C(0) >> (64u - widths[i]));
        size_t q = pos >> 6; /* the total check keeps q + 1 <= NP_WB_WORDS */
        unsigned sh = (unsigned)(pos & 63u);
        b->word[q] |= v << sh;
        b->word[q + 1] = (v >> 1) >> (63u - sh);
        pos += widths[i];
    }
    b->pos = pos;
}

/* Appends n <= 32 fields of two widths (short_bits when bit i of short_mask is set, else
 * long_bits, both 1..64) with one capacity check; the writer's counterpart of
 * np_br_get_fields_mask. Invalid widths or a total that does not fit set overflow. */
NP_BITS_INLINE void np_wb_put_fields_mask(np_wordbuf *b, const uint64_t *values, unsigned n,
                                          uint32_t short_mask, unsigned short_bits,
                                          unsigned long_bits) {
    short_mask &= (uint32_t)np_low_mask(n);
    unsigned nshort = np_popcount32(short_mask);
    size_t total = (size_t)nshort * short_bits + (size_t)(n - nshort) * long_bits;
    if (b->overflow || n > 32u || short_bits - 1u > 63u || long_bits - 1u > 63u ||
        total > 64u * NP_WB_WORDS - b->pos) {
        b->overflow = 1;
        return;
    }
    /* The current word in a register: each field is ORed in at sh, the bits that pass the
     * word's end (none unless sh + width > 64) start the next one, and the word is stored
     * every time, the index moving on once it is complete. The words above pos are still
     * zero, so nothing is read back. The total check keeps q <= NP_WB_WORDS. */
    size_t q = b->pos >> 6;
    unsigned sh = (unsigned)(b->pos & 63u);
    uint64_t cur = b->word[q];
    const uint64_t short_keep = ~UINT64_C(0) >> (64u - short_bits), long_keep = ~UINT64_C(0) >> (64u - long_bits);
    NP_UNROLL
    for (unsigned i = 0; i < n; i++) {
        /* selected, not computed: with constant widths two conditional moves */
        unsigned is_short = short_mask >> i & 1u;
        unsigned width = is_short ? short_bits : long_bits;
        uint64_t v = values[i] & (is_short ? short_keep : long_keep);
        cur |= v << sh;
        uint64_t spill = (v >> 1) >> (63u - sh);
        sh += width;
        unsigned full = sh >> 6;       /* 0 or 1: sh was below 64, the field at most 64 bits */
        b->word[q] = cur;
        q += full;
        cur = full ? spill : cur;
        sh &= 63u;
    }
    b->word[q] = cur;
    b->pos += total;
}

/* Appends the low nbits (1..64) of value without any check, for a codec's fast path that has
 * proven what np_wb_put checks: its longest line stream is inside 64 * NP_WB_WORDS bits, and
 * value has no bit at or above nbits. */
NP_BITS_INLINE void np_wb_put_fit(np_wordbuf *b, uint64_t value, unsigned nbits) {
    size_t q = b->pos >> 6;
    unsigned sh = (unsigned)(b->pos & 63u);
    b->word[q] |= value << sh;
    b->word[q + 1] = (value >> 1) >> (63u - sh);   /* the spill: assigned (see above) */
    b->pos += nbits;
}

/* Appends n whole 64-bit words (a raw block or lane) with np_wb_put_fit's contract (the
 * caller has proven that they fit). The words above pos are still zero, so each is one
 * store of the word shifted up and the previous word's bits shifted out: two stores fewer
 * per word than n appends. */
NP_BITS_INLINE void np_wb_put_words_fit(np_wordbuf *b, const uint64_t *value, unsigned n) {
    size_t q = b->pos >> 6;
    unsigned sh = (unsigned)(b->pos & 63u);
    uint64_t carry = b->word[q];         /* the bits below pos in the current word */
    NP_UNROLL
    for (unsigned i = 0; i < n; i++) {
        b->word[q + i] = carry | value[i] << sh;
        carry = (value[i] >> 1) >> (63u - sh);
    }
    b->word[q + n] = carry;
    b->pos += 64u * n;
}

/* Writes the stream's (pos + 7) / 8 bytes to dst (padding bits of the last byte zero).
 * NP_NO_SPACE when dst_bytes is smaller (dst untouched), NP_BAD_PARAM after an overflow. */
NP_BITS_INLINE np_result np_wb_copy_out(const np_wordbuf *b, uint8_t *dst, size_t dst_bytes) {
    size_t nbytes = (b->pos + 7u) / 8u;
    if (b->overflow) {
        return NP_BAD_PARAM;
    }
    if (dst_bytes < nbytes) {
        return NP_NO_SPACE;
    }
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    np_copy_short(dst, (const uint8_t *)b->word, nbytes, 8u * NP_WB_WORDS);
#else
    for (size_t i = 0; i < nbytes; i++) {
        dst[i] = (uint8_t)(b->word[i / 8u] >> (8u * (i % 8u)));
    }
#endif
    return NP_OK;
}

/* ---- field writer ------------------------------------------------------------------------
 * For a fast path that has computed its stream's length before writing it (and so knows the
 * fields fit its word array): fields of at most 32 bits collected in a 64-bit register and
 * stored 32 bits at a time, with no per-field check, branch or read of memory. words[k] holds
 * s[32k .. 32k+31], s[32k + j] in bit j. */
typedef struct {
    uint64_t acc;        /* bits not yet stored, LSB first */
    unsigned n;          /* how many (< 32 between calls) */
    uint32_t *next;      /* the word acc goes to */
} np_fieldwriter;

NP_BITS_INLINE void np_fw_init(np_fieldwriter *w, uint32_t *words) {
    w->acc = 0;
    w->n = 0;
    w->next = words;
}

/* Appends the low nbits (0..32) of value; value has no bit at or above nbits. The word is
 * stored every time and the pointer moves on once 32 bits are complete. */
NP_BITS_INLINE void np_fw_put(np_fieldwriter *w, uint32_t value, unsigned nbits) {
    w->acc |= (uint64_t)value << w->n;
    w->n += nbits;
    *w->next = (uint32_t)w->acc;
    unsigned full = w->n >> 5;        /* 0 or 1: n was below 32, the field at most 32 bits */
    w->next += full;
    w->acc >>= 32u * full;
    w->n &= 31u;
}

/* np_fw_put of a whole 32-bit value (a raw word): no length arithmetic. */
NP_BITS_INLINE void np_fw_put32(np_fieldwriter *w, uint32_t value) {
    w->acc |= (uint64_t)value << w->n;
    *w->next++ = (uint32_t)w->acc;
    w->acc >>= 32;
}

/* Stores the last, partial word; returns the number of words holding the stream. */
NP_BITS_INLINE size_t np_fw_finish(np_fieldwriter *w, const uint32_t *words) {
    *w->next = (uint32_t)w->acc;
    return (size_t)(w->next - words) + (w->n != 0u);
}

/* The first nbytes (<= max_bytes, a constant) bytes of a field writer's words, in stream byte
 * order. */
NP_BITS_INLINE void np_fw_copy_out(const uint32_t *words, uint8_t *dst, size_t nbytes, size_t max_bytes) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    np_copy_short(dst, (const uint8_t *)words, nbytes, max_bytes);
#else
    (void)max_bytes;
    for (size_t i = 0; i < nbytes; i++) {
        dst[i] = (uint8_t)(words[i / 4u] >> (8u * (i % 4u)));
    }
#endif
}

/* ---- byte writer --------------------------------------------------------------------------
 * The field writer's form for fields of up to 56 bits (a code with a 32-bit word after it as
 * one field), for a fast path that has computed its stream's length first: the bits not yet
 * complete in a byte (fewer than 8) in a 64-bit register, each field ORed in above them and
 * the register stored as 8 bytes at the current byte, which then moves on by the whole bytes
 * completed. No branch and no read of memory per field, whatever its width; the buffer needs
 * 8 bytes of room past the stream's last byte (NP_BYTEWRITER_SLACK). Bytes are the stream's
 * own (LSB first, docs/conventions.md), so the result needs no conversion. */
#define NP_BYTEWRITER_SLACK 8u

typedef struct {
    uint64_t acc;        /* the bits of the current byte not yet complete, LSB first */
    unsigned n;          /* how many (< 8 between calls) */
    uint8_t *next;       /* the current byte */
} np_bytewriter;

NP_BITS_INLINE void np_bytew_init(np_bytewriter *w, uint8_t *bytes) {
    w->acc = 0;
    w->n = 0;
    w->next = bytes;
}

/* Appends the low nbits (0..56) of value; value has no bit at or above nbits. */
NP_BITS_INLINE void np_bytew_put(np_bytewriter *w, uint64_t value, unsigned nbits) {
    w->acc |= value << w->n;                  /* n + nbits <= 63: nothing is shifted out */
    w->n += nbits;
    np_store_le64(w->next, w->acc);
    w->next += w->n >> 3;
    w->acc >>= w->n & 56u;                    /* the whole bytes just stored */
    w->n &= 7u;
}

/* Stores the last, partial byte; returns the stream's length in bits. */
NP_BITS_INLINE size_t np_bytew_finish(np_bytewriter *w, const uint8_t *bytes) {
    np_store_le64(w->next, w->acc);
    return 8u * (size_t)(w->next - bytes) + w->n;
}

/* ---- padded reader ----------------------------------------------------------------------
 * A line stream copied into a zero-padded buffer, for a decoder's fast path: any field is one
 * unaligned 64-bit load plus the spill byte, with no bounds check per field. The decoder makes
 * its format's length checks itself on pos and len (np_pr_remaining) before reading the fields
 * they cover, and never reads past len. Only the first max_bits + 1 bits of a longer stream
 * are copied: a line stream longer than max_bits is rejected anyway (trailing bits), and
 * pos == src_bits at the end then cannot hold. */
typedef struct {
    uint8_t buf[8u * NP_WB_WORDS + 16u];
    size_t pos, len;
} np_padreader;

/* max_bits: the codec's longest line stream, at most 64 * NP_WB_WORDS - 1. */
NP_BITS_INLINE void np_pr_init(np_padreader *r, const uint8_t *src, size_t src_bits, size_t max_bits) {
    r->len = src_bits < max_bits + 1u ? src_bits : max_bits + 1u;
    r->pos = 0;
    size_t bytes = (r->len + 7u) / 8u;
    np_clear16(r->buf, sizeof r->buf / 16u);
    if (bytes > 0) {
        np_copy_short(r->buf, src, bytes, (max_bits + 8u) / 8u);
        if (r->len & 7u) {
            r->buf[bytes - 1u] &= (uint8_t)((1u << (r->len & 7u)) - 1u);   /* bits past len read 0 */
        }
    }
}

NP_BITS_INLINE size_t np_pr_remaining(const np_padreader *r) {
    return r->len - r->pos;
}

/* The 64 bits from pos on (zero past the copied bytes); pos does not move. */
NP_BITS_INLINE uint64_t np_pr_peek(const np_padreader *r) {
    size_t byte = r->pos >> 3;
    unsigned shift = (unsigned)(r->pos & 7u);
    return np_load_le64(r->buf + byte) >> shift | ((uint64_t)r->buf[byte + 8] << 1) << (63u - shift);
}

/* Reads nbits (1..64); the caller has checked that they are inside len. */
NP_BITS_INLINE uint64_t np_pr_get(np_padreader *r, unsigned nbits) {
    uint64_t v = np_pr_peek(r) & np_low_mask(nbits);
    r->pos += nbits;
    return v;
}

/* Reads nbits (1..32), the caller having checked that they are inside len, with one load: the
 * 64 bits at the 32-bit word holding pos, shifted by pos mod 32, hold the 32 bits from pos on
 * (the buffer's 16 spare bytes cover the load at the end). */
NP_BITS_INLINE uint32_t np_pr_get32(np_padreader *r, unsigned nbits) {
    uint64_t v = np_load_le64(r->buf + 4u * (r->pos >> 5)) >> (r->pos & 31u);
    r->pos += nbits;
    return (uint32_t)(v & np_low_mask(nbits));
}

/* n (<= 32) whole 32-bit fields from pos on (a raw form's words), the caller having checked that
 * their 32n bits are inside len: all lie at the same offset pos mod 32 within the copy's 32-bit
 * words, so field j is one load at word pos / 32 + j shifted by that offset, with no position
 * carried from one field to the next (n calls of np_pr_get32 each wait for the last). */
NP_BITS_INLINE void np_pr_get32_words(np_padreader *r, uint32_t *out, unsigned n) {
    const uint8_t *at = r->buf + 4u * (r->pos >> 5);
    unsigned shift = (unsigned)(r->pos & 31u);
    for (unsigned j = 0; j < n; j++) {
        out[j] = (uint32_t)(np_load_le64(at + 4u * j) >> shift);
    }
    r->pos += 32u * (size_t)n;
}

/* Appends a word buffer's stream to a writer (an overflowed buffer overflows the writer). */
static inline void np_bw_put_wordbuf(np_bitwriter *w, const np_wordbuf *b) {
    if (b->overflow) {
        w->overflow = 1;
        return;
    }
    for (size_t done = 0, i = 0; done < b->pos; done += 64u, i++) {
        size_t left = b->pos - done;
        np_bw_put_inline(w, b->word[i], left < 64u ? (unsigned)left : 64u);
    }
}

#ifdef __cplusplus
}
#endif
#endif
