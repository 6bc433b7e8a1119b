/* Unit tests of the bounds-checked bit helpers (cmodel/include/np_bits.h) against a naive
 * bit-at-a-time reference of docs/conventions.md "Bitstreams": s[i] is bit i % 8 of byte
 * i / 8, a k-bit field holds its least significant bit first. Buffers handed to the readers
 * are heap blocks of exactly the stream's size, so the sanitizer build catches any read
 * outside them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "np_bitmatrix.h"
#include "np_bits.h"

/* ---- reference --------------------------------------------------------------------------- */

static unsigned ref_bit(const uint8_t *buf, size_t i) {
    return buf[i / 8] >> (i % 8) & 1u;
}

static void ref_set(uint8_t *buf, size_t pos, uint64_t value, unsigned nbits) {
    for (unsigned j = 0; j < nbits; j++) {
        uint8_t m = (uint8_t)(1u << ((pos + j) % 8));
        buf[(pos + j) / 8] = (uint8_t)((value >> j & 1u) ? buf[(pos + j) / 8] | m
                                                          : buf[(pos + j) / 8] & ~m);
    }
}

static uint64_t ref_get(const uint8_t *buf, size_t pos, unsigned nbits) {
    uint64_t v = 0;
    for (unsigned j = 0; j < nbits; j++) {
        v |= (uint64_t)ref_bit(buf, pos + j) << j;
    }
    return v;
}

static uint64_t rng_state = 0x1234567u;

static uint64_t rnd(void) { /* splitmix64: deterministic, no rand() */
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static uint64_t mask_of(unsigned nbits) {
    return nbits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << nbits) - 1u;
}

/* ---- writer ------------------------------------------------------------------------------ */

/* Hand-worked: 0b101 (3 bits), 0xF (4 bits), 1 (1 bit) -> byte 0 = 1 1111 101 = 0xFD; then
 * 0xABC (12 bits) -> byte 1 = 0xBC, byte 2 low nibble = 0xA. */
static void writer_hand_example(void **state) {
    (void)state;
    uint8_t buf[4];
    np_bitwriter w;
    np_bw_init(&w, buf, sizeof buf);
    np_bw_put(&w, 0x5u, 3);
    np_bw_put(&w, 0xFu, 4);
    np_bw_put(&w, 0x1u, 1);
    np_bw_put(&w, 0xABCu, 12);
    assert_int_equal(w.pos, 20);
    assert_false(w.overflow);
    assert_int_equal(buf[0], 0xFD);
    assert_int_equal(buf[1], 0xBC);
    assert_int_equal(buf[2], 0x0A); /* padding bits above bit 20 are zero */
    assert_int_equal(buf[3], 0x00);
}

static void writer_zeroes_buffer_and_masks_value(void **state) {
    (void)state;
    uint8_t buf[9];
    memset(buf, 0xFF, sizeof buf);
    np_bitwriter w;
    np_bw_init(&w, buf, sizeof buf);
    for (size_t i = 0; i < sizeof buf; i++) {
        assert_int_equal(buf[i], 0);
    }
    np_bw_put(&w, ~UINT64_C(0), 3); /* only the low 3 bits may land */
    np_bw_put(&w, 0, 5);
    assert_int_equal(buf[0], 0x07);
}

/* Every width at every bit offset, in buffers of every size around the fast-path limit. */
static void writer_matches_reference_everywhere(void **state) {
    (void)state;
    for (unsigned lead = 0; lead < 72; lead++) {
        for (unsigned nbits = 0; nbits <= 64; nbits++) {
            size_t bytes = (lead + nbits + 7) / 8;
            uint8_t *buf = malloc(bytes ? bytes : 1);
            uint8_t expect[32] = {0};
            assert_non_null(buf);
            np_bitwriter w;
            np_bw_init(&w, buf, bytes);
            uint64_t first = rnd(), v = rnd();
            np_bw_put(&w, first, lead > 64 ? 64 : lead);
            np_bw_put(&w, 0, lead > 64 ? lead - 64 : 0);
            np_bw_put(&w, v, nbits);
            ref_set(expect, 0, first, lead > 64 ? 64 : lead);
            ref_set(expect, lead, v, nbits);
            assert_false(w.overflow);
            assert_int_equal(w.pos, lead + nbits);
            assert_memory_equal(buf, expect, bytes);
            free(buf);
        }
    }
}

static void writer_overflow_is_sticky_and_writes_nothing(void **state) {
    (void)state;
    uint8_t buf[3] = {0};
    np_bitwriter w;
    np_bw_init(&w, buf, 2);
    np_bw_put(&w, 0xFFFFu, 16);
    assert_false(w.overflow);
    np_bw_put(&w, 1u, 1); /* one bit too many */
    assert_true(w.overflow);
    assert_int_equal(w.pos, 16);
    assert_int_equal(buf[2], 0); /* the byte after the capacity is never touched */
    np_bitwriter v;
    np_bw_init(&v, buf, 3);
    np_bw_put(&v, 0, 65); /* wider than a field may be */
    assert_true(v.overflow);
    np_bw_put(&v, 1, 1); /* dropped after an overflow */
    assert_int_equal(v.pos, 0);
    np_bitwriter z;
    np_bw_init(&z, NULL, 0);
    np_bw_put(&z, 1, 1);
    assert_true(z.overflow);
}

/* ---- reader ------------------------------------------------------------------------------ */

static uint8_t *random_stream(size_t bits, size_t *bytes) {
    *bytes = (bits + 7) / 8;
    uint8_t *buf = malloc(*bytes ? *bytes : 1);
    assert_non_null(buf);
    for (size_t i = 0; i < *bytes; i++) {
        buf[i] = (uint8_t)rnd();
    }
    return buf;
}

/* Every width at every offset of streams of every length up to 200 bits, from an exact-size
 * buffer (padding bits in the last byte set to random values: they must not be returned). */
static void reader_matches_reference_and_stops_at_length(void **state) {
    (void)state;
    for (size_t len = 0; len <= 200; len++) {
        size_t bytes;
        uint8_t *buf = random_stream(len, &bytes);
        for (size_t pos = 0; pos <= len && pos < 140; pos += 1 + pos / 16) {
            for (unsigned nbits = 0; nbits <= 64; nbits++) {
                np_bitreader r;
                np_br_init(&r, buf, len);
                for (size_t skipped = 0; skipped < pos;) {
                    unsigned chunk = pos - skipped > 64 ? 64u : (unsigned)(pos - skipped);
                    (void)np_br_get(&r, chunk);
                    skipped += chunk;
                }
                assert_int_equal(r.pos, pos);
                uint64_t v = np_br_get(&r, nbits);
                if (pos + nbits <= len) {
                    assert_false(r.overrun);
                    assert_int_equal(v, ref_get(buf, pos, nbits));
                    assert_int_equal(r.pos, pos + nbits);
                    assert_int_equal(np_br_remaining(&r), len - pos - nbits);
                } else {
                    assert_true(r.overrun);
                    assert_int_equal(v, 0);
                    assert_int_equal(r.pos, pos); /* a failed read consumes nothing */
                }
            }
        }
        free(buf);
    }
}

static void reader_rejects_wide_fields_and_null(void **state) {
    (void)state;
    uint8_t buf[16] = {0};
    np_bitreader r;
    np_br_init(&r, buf, 128);
    assert_int_equal(np_br_get(&r, 65), 0);
    assert_true(r.overrun);
    assert_int_equal(r.pos, 0);
    np_br_init(&r, NULL, 100); /* no buffer: nothing readable */
    assert_int_equal(np_br_remaining(&r), 0);
    assert_int_equal(np_br_get(&r, 1), 0);
    assert_true(r.overrun);
    np_br_init_padded(&r, buf, 200, 16); /* promises more bits than the buffer holds */
    assert_int_equal(r.len_bits, 128);
}

/* The padded reader reads the same values as the exact one, with or without padding. */
static void padded_reader_equals_exact_reader(void **state) {
    (void)state;
    uint8_t buf[64];
    for (size_t i = 0; i < sizeof buf; i++) {
        buf[i] = (uint8_t)rnd();
    }
    for (size_t len = 0; len <= 300; len += 7) {
        np_bitreader exact, padded;
        np_br_init(&exact, buf, len);
        np_br_init_padded(&padded, buf, len, sizeof buf);
        for (unsigned k = 0; k < 40; k++) {
            unsigned nbits = (unsigned)(rnd() % 65);
            uint64_t a = np_br_get(&exact, nbits), b = np_br_get(&padded, nbits);
            assert_int_equal(a, b);
            assert_int_equal(exact.pos, padded.pos);
            assert_int_equal(exact.overrun, padded.overrun);
        }
    }
}

/* ---- multi-field helpers ---------------------------------------------------------------- */

static void get_fields_equal_single_gets(void **state) {
    (void)state;
    for (unsigned trial = 0; trial < 2000; trial++) {
        size_t len = rnd() % 1100, bytes;
        uint8_t *buf = random_stream(len, &bytes);
        unsigned n = 1 + (unsigned)(rnd() % 16);
        uint32_t short_mask = (uint32_t)rnd();
        unsigned widths[16];
        for (unsigned i = 0; i < n; i++) {
            widths[i] = (short_mask >> i & 1u) ? 4u : 64u;
        }
        size_t start = len ? rnd() % len : 0;
        /* the same bytes inside a larger zeroed buffer, for the padded reader */
        uint8_t *pbuf = calloc(bytes + 16, 1);
        assert_non_null(pbuf);
        if (bytes > 0) {
            memcpy(pbuf, buf, bytes);
        }
        for (int padded = 0; padded < 2; padded++) {
            np_bitreader a, b, c;
            np_br_init(&a, buf, len);
            if (padded) {
                np_br_init_padded(&b, pbuf, len, bytes + 16);
            } else {
                np_br_init(&b, buf, len);
            }
            c = b;
            (void)np_br_get(&a, (unsigned)(start % 65));
            (void)np_br_get(&b, (unsigned)(start % 65));
            (void)np_br_get(&c, (unsigned)(start % 65));
            uint64_t va[16], vb[16], vc[16];
            size_t total = 0;
            for (unsigned i = 0; i < n; i++) {
                total += widths[i];
            }
            bool fits = total <= np_br_remaining(&a);
            size_t pos0 = a.pos;
            for (unsigned i = 0; i < n; i++) {
                va[i] = fits ? np_br_get(&a, widths[i]) : 0;
            }
            np_br_get_fields(&b, vb, widths, n);
            np_br_get_fields_mask(&c, vc, n, short_mask, 4, 64);
            assert_int_equal(b.overrun, !fits);
            assert_int_equal(c.overrun, !fits);
            assert_int_equal(b.pos, fits ? pos0 + total : pos0);
            assert_int_equal(c.pos, b.pos);
            assert_memory_equal(va, vb, n * sizeof va[0]);
            assert_memory_equal(va, vc, n * sizeof va[0]);
        }
        free(pbuf);
        free(buf);
    }
}

static void get_fields_reject_bad_widths(void **state) {
    (void)state;
    uint8_t buf[32] = {0};
    np_bitreader r;
    np_br_init(&r, buf, 256);
    uint64_t v[2] = {1, 1};
    const unsigned bad[2] = {8, 0};
    np_br_get_fields(&r, v, bad, 2);
    assert_true(r.overrun);
    assert_int_equal(r.pos, 0);
    assert_int_equal(v[0], 0);
}

/* ---- word buffer ------------------------------------------------------------------------ */

static void wordbuf_equals_bitwriter(void **state) {
    (void)state;
    for (unsigned trial = 0; trial < 3000; trial++) {
        np_wordbuf b;
        np_wb_init(&b);
        uint8_t ref[NP_WB_WORDS * 8 + 8];
        np_bitwriter w;
        np_bw_init(&w, ref, NP_WB_WORDS * 8);
        unsigned fields = (unsigned)(rnd() % 40);
        for (unsigned f = 0; f < fields; f++) {
            uint64_t v = rnd();
            if (rnd() % 3 == 0) {
                uint64_t vals[8];
                uint32_t mask = (uint32_t)rnd();
                unsigned n = (unsigned)(rnd() % 9);
                for (unsigned i = 0; i < n; i++) {
                    vals[i] = rnd();
                    np_bw_put(&w, vals[i], (mask >> i & 1u) ? 4u : 64u);
                }
                np_wb_put_fields_mask(&b, vals, n, mask, 4, 64);
            } else {
                unsigned nbits = (unsigned)(rnd() % 65);
                np_bw_put(&w, v, nbits);
                np_wb_put(&b, v, nbits);
            }
        }
        assert_int_equal(b.overflow, w.overflow);
        if (b.overflow) {
            continue;
        }
        assert_int_equal(b.pos, w.pos);
        uint8_t out[NP_WB_WORDS * 8];
        size_t nbytes = (b.pos + 7) / 8;
        assert_int_equal(np_wb_copy_out(&b, out, nbytes), NP_OK);
        assert_memory_equal(out, ref, nbytes);
        if (nbytes > 0) {
            assert_int_equal(np_wb_copy_out(&b, out, nbytes - 1), NP_NO_SPACE);
        }
        /* appending the word buffer to a writer reproduces it at any offset */
        uint8_t again[NP_WB_WORDS * 8 + 16];
        np_bitwriter w2;
        np_bw_init(&w2, again, sizeof again);
        np_bw_put(&w2, 0x5u, 3);
        np_bw_put_wordbuf(&w2, &b);
        assert_false(w2.overflow);
        for (size_t i = 0; i < b.pos; i++) {
            assert_int_equal(ref_bit(again, 3 + i), ref_bit(ref, i));
        }
    }
}

static void wordbuf_capacity_and_bad_widths(void **state) {
    (void)state;
    np_wordbuf b;
    np_wb_init(&b);
    for (unsigned i = 0; i < NP_WB_WORDS; i++) {
        np_wb_put(&b, ~UINT64_C(0), 64);
    }
    assert_false(b.overflow);
    assert_int_equal(b.pos, 64u * NP_WB_WORDS);
    np_wb_put(&b, 1, 1);
    assert_true(b.overflow);
    uint8_t out[8];
    assert_int_equal(np_wb_copy_out(&b, out, sizeof out), NP_BAD_PARAM);
    np_wb_init(&b);
    const uint64_t vals[1] = {1};
    np_wb_put_fields_mask(&b, vals, 1, 0, 4, 65);
    assert_true(b.overflow);
    np_wb_init(&b);
    const unsigned widths[1] = {0};
    np_wb_put_fields(&b, vals, widths, 1);
    assert_true(b.overflow);
    np_bitwriter w;
    uint8_t buf[4];
    np_bw_init(&w, buf, sizeof buf);
    np_bw_put_wordbuf(&w, &b); /* an overflowed buffer overflows the writer */
    assert_true(w.overflow);
}

static void popcount_matches_loop(void **state) {
    (void)state;
    for (unsigned t = 0; t < 10000; t++) {
        uint32_t x = (uint32_t)rnd();
        unsigned n = 0;
        for (unsigned i = 0; i < 32; i++) {
            n += x >> i & 1u;
        }
        assert_int_equal(np_popcount32(x), n);
    }
    assert_int_equal(np_low_mask(0), 0);
    assert_int_equal(np_low_mask(64), ~UINT64_C(0));
    assert_int_equal(np_low_mask(5), 31);
    assert_int_equal(mask_of(3), 7);
}

/* np_transpose32 (whichever implementation this machine runs) and every implementation this
 * machine can run (portable, AVX2, AVX-512) equal the bit-by-bit transpose, in place
 * and not, on random and sparse matrices. */
static void transpose32_matches_bit_loop(void **state) {
    (void)state;
    np_transpose32_fn impl[NP_TRANSPOSE32_IMPLS];
    const char *name[NP_TRANSPOSE32_IMPLS];
    unsigned nimpl = np_transpose32_impls(impl, name);
    assert_true(nimpl >= 1u && impl[0] == np_transpose32_portable);
    for (unsigned t = 0; t < 3000; t++) {
        uint32_t m[32], want[32] = {0}, got[32], port[32];
        for (unsigned r = 0; r < 32; r++) {
            m[r] = (uint32_t)rnd();
            if (t % 3u == 1u) m[r] &= (uint32_t)rnd() & (uint32_t)rnd();   /* sparse */
            if (t % 3u == 2u && (rnd() & 1u)) m[r] = 0;
        }
        for (unsigned r = 0; r < 32; r++) {
            for (unsigned c = 0; c < 32; c++) want[c] |= (m[r] >> c & 1u) << r;
        }
        np_transpose32(m, got);
        np_transpose32_portable(m, port);
        assert_memory_equal(got, want, sizeof want);
        assert_memory_equal(port, want, sizeof want);
        for (unsigned i = 0; i < nimpl; i++) {
            uint32_t each[32];
            impl[i](m, each);
            if (memcmp(each, want, sizeof want) != 0) fail_msg("np_transpose32 %s differs", name[i]);
            memcpy(each, m, sizeof each);
            impl[i](each, each);
            if (memcmp(each, want, sizeof want) != 0) fail_msg("np_transpose32 %s in place differs", name[i]);
        }
        np_transpose32(m, m);
        assert_memory_equal(m, want, sizeof want);
    }
}

/* np_copy_short copies exactly bytes 0 .. n-1 for every n up to its bound (each length class:
 * the 16-byte chunks, two 8-, 4- or 1-byte copies), touching nothing after them, from a source
 * that ends at byte n (a heap buffer of exactly n bytes, so ASan sees a read past it). */
static void copy_short_copies_exactly_n(void **state) {
    (void)state;
    for (size_t n = 0; n <= 160u; n++) {
        uint8_t *src = malloc(n ? n : 1u), dst[176];
        assert_non_null(src);
        for (size_t i = 0; i < n; i++) src[i] = (uint8_t)(rnd() | 1u);
        memset(dst, 0, sizeof dst);
        np_copy_short(dst, src, n, 160u);
        assert_memory_equal(dst, src, n);
        for (size_t i = n; i < sizeof dst; i++) assert_int_equal(dst[i], 0);
        free(src);
    }
}

/* np_pr_get32_words reads what as many np_pr_get32(.., 32) read, from every offset of a random
 * stream, and moves pos as far. */
static void padreader_words_equal_single_gets(void **state) {
    (void)state;
    uint8_t stream[136];
    for (size_t i = 0; i < sizeof stream; i++) stream[i] = (uint8_t)rnd();
    for (size_t pos = 0; pos < 64u; pos++) {
        for (unsigned n = 0; n <= 32u; n += 1u + n / 4u) {
            np_padreader a, b;
            np_pr_init(&a, stream, 8u * sizeof stream, 64u * NP_WB_WORDS - 1u);
            np_pr_init(&b, stream, 8u * sizeof stream, 64u * NP_WB_WORDS - 1u);
            a.pos = b.pos = pos;
            uint32_t got[32], want[32];
            np_pr_get32_words(&a, got, n);
            for (unsigned j = 0; j < n; j++) want[j] = np_pr_get32(&b, 32);
            assert_int_equal(a.pos, b.pos);
            if (n > 0) assert_memory_equal(got, want, n * sizeof *got);
        }
    }
}

/* The field writer's words equal the bit writer's bytes for random field runs of 0..32 bits. */
static void fieldwriter_equals_bitwriter(void **state) {
    (void)state;
    for (unsigned t = 0; t < 2000; t++) {
        uint32_t words[40];
        uint8_t want[160], got[160];
        np_bitwriter w;
        np_bw_init(&w, want, sizeof want);
        np_fieldwriter f;
        np_fw_init(&f, words);
        unsigned n = (unsigned)(rnd() % 40u);
        for (unsigned i = 0; i < n; i++) {
            unsigned bits = (unsigned)(rnd() % 33u);
            uint32_t v = (uint32_t)rnd() & (uint32_t)np_low_mask(bits);
            np_bw_put(&w, v, bits);
            np_fw_put(&f, v, bits);
        }
        size_t used = np_fw_finish(&f, words);
        assert_int_equal(used, (w.pos + 31u) / 32u);
        memset(got, 0, sizeof got);
        np_fw_copy_out(words, got, (w.pos + 7u) / 8u, sizeof got);
        assert_memory_equal(got, want, sizeof want);
    }
}

/* The byte writer's bytes and length equal the bit writer's for random field runs of 0..56
 * bits (the widths SC's entries take: a code with an escape's word after it). */
static void bytewriter_equals_bitwriter(void **state) {
    (void)state;
    for (unsigned t = 0; t < 2000; t++) {
        uint8_t want[300], got[300 + NP_BYTEWRITER_SLACK];
        np_bitwriter w;
        np_bw_init(&w, want, sizeof want);
        np_bytewriter b;
        np_bytew_init(&b, got);
        unsigned n = (unsigned)(rnd() % 40u);
        for (unsigned i = 0; i < n; i++) {
            unsigned bits = (unsigned)(rnd() % 57u);
            uint64_t v = rnd() & np_low_mask(bits);
            np_bw_put(&w, v, bits);
            np_bytew_put(&b, v, bits);
        }
        size_t len = np_bytew_finish(&b, got);
        assert_false(w.overflow);
        assert_int_equal(len, w.pos);
        assert_memory_equal(got, want, (len + 7u) / 8u);
    }
}

/* np_br_get_words equals 64-bit reads one after another (and the same end position), at every
 * start bit; a field one bit longer than what is left reads nothing and sets overrun. */
static void get_words_equal_single_gets(void **state) {
    (void)state;
    for (unsigned t = 0; t < 3000; t++) {
        size_t len = (size_t)(rnd() % 1400u), start = len ? (size_t)(rnd() % (len + 1u)) : 0;
        size_t nbytes = (len + 7u) / 8u;
        uint8_t *buf = malloc(nbytes ? nbytes : 1u);
        assert_non_null(buf);
        for (size_t i = 0; i < nbytes; i++) buf[i] = (uint8_t)rnd();
        size_t nbits = (size_t)(rnd() % (len - start + 1u));
        if (nbits > NP_BR_WORDS_MAX_BITS) nbits = NP_BR_WORDS_MAX_BITS;
        np_bitreader a, b;
        np_br_init(&a, buf, len);
        np_br_init(&b, buf, len);
        np_br_get(&a, (unsigned)(start % 65u));
        np_br_get(&b, (unsigned)(start % 65u));
        uint64_t got[NP_BR_WORDS_MAX], want[NP_BR_WORDS_MAX];
        assert_true(np_br_get_words(&a, got, nbits));
        for (size_t k = 0, left = nbits; left > 0; k++) {
            unsigned n = left < 64u ? (unsigned)left : 64u;
            want[k] = np_br_get(&b, n);
            left -= n;
        }
        assert_false(a.overrun);
        assert_int_equal(a.pos, b.pos);
        assert_memory_equal(got, want, (nbits + 63u) / 64u * sizeof got[0]);
        size_t pos = a.pos;
        if (np_br_remaining(&a) < NP_BR_WORDS_MAX_BITS) {
            assert_false(np_br_get_words(&a, got, np_br_remaining(&a) + 1u));
            assert_true(a.overrun);
            assert_int_equal(a.pos, pos);
        }
        free(buf);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(writer_hand_example),
        cmocka_unit_test(writer_zeroes_buffer_and_masks_value),
        cmocka_unit_test(writer_matches_reference_everywhere),
        cmocka_unit_test(writer_overflow_is_sticky_and_writes_nothing),
        cmocka_unit_test(reader_matches_reference_and_stops_at_length),
        cmocka_unit_test(reader_rejects_wide_fields_and_null),
        cmocka_unit_test(padded_reader_equals_exact_reader),
        cmocka_unit_test(get_fields_equal_single_gets),
        cmocka_unit_test(get_fields_reject_bad_widths),
        cmocka_unit_test(wordbuf_equals_bitwriter),
        cmocka_unit_test(wordbuf_capacity_and_bad_widths),
        cmocka_unit_test(popcount_matches_loop),
        cmocka_unit_test(transpose32_matches_bit_loop),
        cmocka_unit_test(copy_short_copies_exactly_n),
        cmocka_unit_test(padreader_words_equal_single_gets),
        cmocka_unit_test(fieldwriter_equals_bitwriter),
        cmocka_unit_test(bytewriter_equals_bitwriter),
        cmocka_unit_test(get_words_equal_single_gets),
    };
    return cmocka_run_group_tests_name("np_bits", tests, NULL, NULL);
}
