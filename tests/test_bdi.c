/* Unit tests of the BDI C model (docs/bdi.md).
 *
 * - hand-worked lines for every encoding: the encoding chosen, the stream length and the
 *   stream itself, bit for bit, against fields written here from docs/bdi.md sec. 3;
 * - stages: element extraction, zero/repeat detection, the base/delta unit (base, mask, the
 *   delta range boundaries), selection and its tie rule, the length table;
 * - every line of every file in the data directory (NP_DATA_DIR, default ../shared/data/lines)
 *   round-trips; every line's stream equals the one of a deliberately naive encoder written
 *   here from the spec (signed arithmetic, a bit array); the per-file ratios of the two block
 *   sizes of docs/bdi.md sec. 1 are printed;
 * - adversarial decoder input: every truncation, trailing bits, each undefined encoding in
 *   either block, random streams, each decoded from a heap buffer of exactly the stream's
 *   size so the sanitizer build catches any read past it; non-canonical streams decode to the
 *   line they describe;
 * - gem5 cross-check (docs/bdi.md sec. 7): an independent implementation of the size rules of
 *   gem5's Zero, RepeatedQwords and BaseDelta compressors gives, on every 64-byte block of the
 *   real lines, sizes that relate to ours by the documented convention (4 encoding bits in our
 *   stream, kept in the tag by gem5), except where the documented delta-range difference
 *   decides, which is counted and checked to be that difference;
 * - the registry entry (codec.h);
 * - the fast whole-line path (bdi_compress, bdi_decompress) equals the stage-by-stage path
 *   (bdi_compress_stages, bdi_decompress_stages) on blocks built for every encoding and its
 *   boundaries, random lines, every real line, and random, truncated and bit-flipped streams.
 * Usage: test_bdi [data_dir]. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bdi.h"
#include "codec.h"
#include "test_data.h"

static const char *g_data_dir = "../shared/data/lines";

/* ---- helpers --------------------------------------------------------------------------- */

static unsigned stream_bit(const uint8_t *buf, size_t i) {
    return (buf[i >> 3] >> (i & 7u)) & 1u;
}

static void put_le(uint8_t *p, unsigned k, uint64_t v) {
    for (unsigned b = 0; b < k; b++) {
        p[b] = (uint8_t)(v >> (8u * b));
    }
}

static uint64_t get_le(const uint8_t *p, unsigned k) {
    uint64_t v = 0;
    for (unsigned b = 0; b < k; b++) {
        v |= (uint64_t)p[b] << (8u * b);
    }
    return v;
}

static uint64_t xs_next(uint64_t *s) {
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* A stream as an array of bits, written one bit at a time (independent of np_bits). */
typedef struct {
    uint8_t bit[BDI_MAX_BITS + 64];
    size_t len;
} bit_array;

static void ba_put(bit_array *a, uint64_t v, unsigned n) {
    for (unsigned j = 0; j < n; j++) {
        a->bit[a->len++] = (uint8_t)((v >> j) & 1u);
    }
}

static void assert_stream_equals(const uint8_t *buf, size_t bits, const bit_array *a) {
    assert_int_equal(bits, a->len);
    for (size_t i = 0; i < bits; i++) {
        if (stream_bit(buf, i) != a->bit[i]) {
            fail_msg("stream bit %zu: model %u, expected %u", i, stream_bit(buf, i), a->bit[i]);
        }
    }
    for (size_t i = bits; i < (bits + 7u) / 8u * 8u; i++) {
        assert_int_equal(stream_bit(buf, i), 0); /* padding zero */
    }
}

/* ---- naive reference encoder, written from docs/bdi.md with signed arithmetic ----------- */

/* Element i of size k, sign-extended to int64 (its value read as a signed k-byte integer). */
static int64_t ref_signed(const uint8_t *blk, unsigned k, unsigned i) {
    uint64_t v = get_le(blk + k * i, k);
    if (k < 8 && (v >> (8 * k - 1)) & 1u) {
        v |= ~UINT64_C(0) << (8 * k);
    }
    return (int64_t)v;
}

/* The difference a - b of two signed k-byte values, wrapped to k bytes and read signed. */
static int64_t ref_wrap_diff(int64_t a, int64_t b, unsigned k) {
    uint64_t d = (uint64_t)a - (uint64_t)b;
    if (k < 8) {
        d &= (UINT64_C(1) << (8 * k)) - 1u;
        if ((d >> (8 * k - 1)) & 1u) {
            d |= ~UINT64_C(0) << (8 * k);
        }
    }
    return (int64_t)d;
}

static int ref_in_range(int64_t x, unsigned d) {
    int64_t lo = -((int64_t)1 << (8 * d - 1)), hi = ((int64_t)1 << (8 * d - 1)) - 1;
    return x >= lo && x <= hi;
}

typedef struct {
    unsigned k, d, code, bits;
} ref_enc;

/* Table 1 of docs/bdi.md, typed in again here. */
static const ref_enc REF_ENCS[] = {
    {8, 0, 0, 4},   {8, 0, 1, 68},  {8, 1, 2, 140}, {8, 2, 3, 204}, {8, 4, 4, 332}, {4, 1, 5, 180},
    {4, 2, 6, 308}, {2, 1, 7, 308}, {4, 0, 8, 36},  {2, 0, 9, 20},  {8, 0, 15, 516},
};
#define REF_NENCS (sizeof REF_ENCS / sizeof REF_ENCS[0])

/* Does encoding e apply to the block (and with which base/mask)? */
static int ref_applies(const uint8_t *blk, const ref_enc *e, int64_t *base, uint64_t *mask) {
    unsigned n = 64 / e->k;
    if (e->code == 15) {
        return 1;
    }
    if (e->code == 0) {
        for (unsigned b = 0; b < 64; b++) {
            if (blk[b] != 0) return 0;
        }
        return 1;
    }
    if (e->d == 0) { /* repeated */
        for (unsigned i = 1; i < n; i++) {
            if (ref_signed(blk, e->k, i) != ref_signed(blk, e->k, 0)) return 0;
        }
        return 1;
    }
    int have = 0;
    *base = 0;
    *mask = 0;
    for (unsigned i = 0; i < n; i++) {
        int64_t v = ref_signed(blk, e->k, i);
        if (ref_in_range(v, e->d)) continue;
        if (!have) {
            *base = v;
            have = 1;
        }
        *mask |= UINT64_C(1) << i;
        if (!ref_in_range(ref_wrap_diff(v, *base, e->k), e->d)) return 0;
    }
    return 1;
}

static void ref_encode_block(const uint8_t *blk, bit_array *a, unsigned *code_out) {
    const ref_enc *best = NULL;
    for (unsigned j = 0; j < REF_NENCS; j++) {
        int64_t b;
        uint64_t m;
        if (ref_applies(blk, &REF_ENCS[j], &b, &m) &&
            (best == NULL || REF_ENCS[j].bits < best->bits ||
             (REF_ENCS[j].bits == best->bits && REF_ENCS[j].code < best->code))) {
            best = &REF_ENCS[j];
        }
    }
    *code_out = best->code;
    size_t start = a->len;
    ba_put(a, best->code, 4);
    if (best->code == 15) {
        for (unsigned b = 0; b < 64; b++) ba_put(a, blk[b], 8);
    } else if (best->code != 0 && best->d == 0) {
        ba_put(a, get_le(blk, best->k), 8 * best->k);
    } else if (best->d != 0) {
        int64_t base;
        uint64_t mask;
        ref_applies(blk, best, &base, &mask);
        unsigned n = 64 / best->k;
        ba_put(a, (uint64_t)base, 8 * best->k);
        ba_put(a, mask, n);
        for (unsigned i = 0; i < n; i++) {
            int64_t v = ref_signed(blk, best->k, i);
            int64_t delta = (mask >> i & 1u) ? ref_wrap_diff(v, base, best->k) : v;
            ba_put(a, (uint64_t)delta, 8 * best->d);
        }
    }
    assert_int_equal(a->len - start, best->bits);
}

static void ref_encode_line(const uint8_t *line, bit_array *a, unsigned codes[2]) {
    a->len = 0;
    ref_encode_block(line, a, &codes[0]);
    ref_encode_block(line + 64, a, &codes[1]);
}

/* Compress, compare with the reference, decompress from an exact-size heap copy. */
static size_t check_line(const uint8_t *line) {
    uint8_t buf[BDI_MAX_BYTES], back[128];
    size_t bits = 0;
    assert_int_equal(bdi_compress(line, buf, sizeof buf, &bits), NP_OK);
    assert_int_equal(bits, bdi_compressed_bits(line));
    static bit_array ref;
    unsigned codes[2];
    ref_encode_line(line, &ref, codes);
    assert_stream_equals(buf, bits, &ref);
    size_t nbytes = (bits + 7) / 8;
    uint8_t *exact = malloc(nbytes ? nbytes : 1);
    assert_non_null(exact);
    memcpy(exact, buf, nbytes);
    assert_int_equal(bdi_decompress(exact, bits, back, sizeof back), NP_OK);
    free(exact);
    assert_memory_equal(back, line, 128);
    return bits;
}

/* ---- hand-worked lines (docs/bdi.md sec. 6) ---------------------------------------------- */

static void fill_elems(uint8_t *blk, unsigned k, const uint64_t *v) {
    for (unsigned i = 0; i < 64 / k; i++) put_le(blk + k * i, k, v[i]);
}

/* Block 0 is the worked block, block 1 all zero (4 bits: field 0000). */
static void check_worked(const uint8_t blk[64], unsigned code, const bit_array *fields) {
    uint8_t line[128] = {0}, buf[BDI_MAX_BYTES];
    memcpy(line, blk, 64);
    size_t bits = 0;
    assert_int_equal(bdi_block_select(bdi_block_fits(blk)), code);
    assert_int_equal(bdi_compress(line, buf, sizeof buf, &bits), NP_OK);
    bit_array want = *fields;
    ba_put(&want, 0, 4); /* block 1: zeros */
    assert_stream_equals(buf, bits, &want);
    check_line(line);
}

static void test_worked_zeros(void **state) {
    (void)state;
    uint8_t line[128] = {0}, buf[BDI_MAX_BYTES];
    size_t bits = 0;
    assert_int_equal(bdi_compress(line, buf, sizeof buf, &bits), NP_OK);
    assert_int_equal(bits, 8);
    assert_int_equal(buf[0], 0x00);
    check_line(line);
}

static void test_worked_repeats(void **state) {
    (void)state;
    uint8_t blk[64];
    bit_array f;
    /* rep8: 8 x 0x1122334455667788 (its 4- and 2-byte elements differ) -> 0001, the value */
    uint64_t v8[8];
    for (unsigned i = 0; i < 8; i++) v8[i] = 0x1122334455667788u;
    fill_elems(blk, 8, v8);
    f.len = 0;
    ba_put(&f, 1, 4);
    ba_put(&f, 0x1122334455667788u, 64);
    check_worked(blk, BDI_ENC_REP8, &f);
    /* rep4: 16 x float 1.0 = 0x3F800000 -> 1000, 0x3F800000 (36 bits, below rep8's 68) */
    uint64_t v4[16];
    for (unsigned i = 0; i < 16; i++) v4[i] = 0x3F800000u;
    fill_elems(blk, 4, v4);
    f.len = 0;
    ba_put(&f, 8, 4);
    ba_put(&f, 0x3F800000u, 32);
    check_worked(blk, BDI_ENC_REP4, &f);
    /* rep2: 32 x 0xABCD -> 1001, 0xABCD (20 bits) */
    uint64_t v2[32];
    for (unsigned i = 0; i < 32; i++) v2[i] = 0xABCDu;
    fill_elems(blk, 2, v2);
    f.len = 0;
    ba_put(&f, 9, 4);
    ba_put(&f, 0xABCDu, 16);
    check_worked(blk, BDI_ENC_REP2, &f);
    /* 20 + 4 bits: the whole stream is 3 bytes: 0x9 | 0xD << 4, 0xBC, 0x0A (block 1's 0000) */
    uint8_t line[128] = {0}, buf[BDI_MAX_BYTES];
    memcpy(line, blk, 64);
    size_t bits;
    assert_int_equal(bdi_compress(line, buf, sizeof buf, &bits), NP_OK);
    assert_int_equal(bits, 24);
    assert_int_equal(buf[0], 0xD9);
    assert_int_equal(buf[1], 0xBC);
    assert_int_equal(buf[2], 0x0A);
}

/* Base/delta worked blocks: element values, the expected base and mask, and the deltas. */
static void check_bd(unsigned k, unsigned d, unsigned code, const uint64_t *v, uint64_t base,
                     uint64_t mask, const int64_t *deltas) {
    uint8_t blk[64];
    fill_elems(blk, k, v);
    uint64_t got_base, got_mask;
    assert_true(bdi_bd_analyze(blk, 64, k, d, &got_base, &got_mask));
    assert_int_equal(got_base, base);
    assert_int_equal(got_mask, mask);
    bit_array f;
    f.len = 0;
    ba_put(&f, code, 4);
    ba_put(&f, base, 8 * k);
    ba_put(&f, mask, 64 / k);
    for (unsigned i = 0; i < 64 / k; i++) ba_put(&f, (uint64_t)deltas[i], 8 * d);
    assert_int_equal(f.len, bdi_enc_bits(code));
    check_worked(blk, code, &f);
}

static void test_worked_base_delta(void **state) {
    (void)state;
    /* b8d1: pointers 0x00007F0012345600 + 8i, element 3 the immediate 5 (mask bit 3 clear),
     * element 6 the immediate -1 */
    uint64_t p[8], base = 0x00007F0012345600u;
    int64_t dl[64];
    for (unsigned i = 0; i < 8; i++) {
        p[i] = base + 8u * i;
        dl[i] = 8 * (int64_t)i;
    }
    p[3] = 5;
    dl[3] = 5;
    p[6] = UINT64_MAX;
    dl[6] = -1;
    check_bd(8, 1, BDI_ENC_B8D1, p, base, 0xB7, dl);
    /* b8d2: deltas up to +-1000, the base is element 1 (element 0 is the immediate 0x1234) */
    base = 0x0000123400000000u;
    p[0] = 0x1234;
    dl[0] = 0x1234;
    for (unsigned i = 1; i < 8; i++) {
        dl[i] = (i & 1u) ? 1000 * (int64_t)(i - 1) / 6 : -1000 + (int64_t)i;
        p[i] = base + (uint64_t)dl[i];
    }
    dl[1] = 0;
    p[1] = base;
    check_bd(8, 2, BDI_ENC_B8D2, p, base, 0xFE, dl);
    /* b8d4: deltas of 100000 steps, the last one the most negative delta -2^31 */
    base = 0x4000000000000000u;
    for (unsigned i = 0; i < 8; i++) {
        dl[i] = 100000 * (int64_t)i;
        p[i] = base + (uint64_t)dl[i];
    }
    dl[7] = INT32_MIN;
    p[7] = base - 0x80000000u;
    check_bd(8, 4, BDI_ENC_B8D4, p, base, 0xFF, dl);
    /* b4d1: 32-bit words 0x10000000 + i, words 0 and 15 immediates 0x7F and -128 */
    uint64_t w[16];
    for (unsigned i = 0; i < 16; i++) {
        w[i] = 0x10000000u + i;
        dl[i] = (int64_t)i - 1;
    }
    w[0] = 0x7F;
    dl[0] = 0x7F;
    w[15] = 0xFFFFFF80u;
    dl[15] = -128;
    check_bd(4, 1, BDI_ENC_B4D1, w, 0x10000001u, 0x7FFE, dl);
    /* b4d2: 0x10000000 + 300i */
    for (unsigned i = 0; i < 16; i++) {
        w[i] = 0x10000000u + 300u * i;
        dl[i] = 300 * (int64_t)i;
    }
    check_bd(4, 2, BDI_ENC_B4D2, w, 0x10000000u, 0xFFFF, dl);
    /* b2d1: 16-bit 0x1200 + i for even i; for odd i the immediates 3 and -3, alternating
     * every 32-bit word, so the 32-bit words differ by 6 << 16 and the 8-byte elements by more
     * than 2^32: no 4- or 8-byte encoding applies */
    uint64_t h[32];
    uint64_t m = 0;
    for (unsigned i = 0; i < 32; i++) {
        if (i & 1u) {
            dl[i] = ((i / 2u) & 1u) ? 3 : -3;
            h[i] = (uint64_t)dl[i] & 0xFFFFu;
        } else {
            h[i] = 0x1200u + i;
            dl[i] = i;
            m |= UINT64_C(1) << i;
        }
    }
    check_bd(2, 1, BDI_ENC_B2D1, h, 0x1200u, m, dl);
}

/* b4d2 and b2d1 are both 308 bits; a block where both apply (and nothing shorter) takes the
 * lower code, b4d2 (docs/bdi.md sec. 4.3). */
static void test_tie_rule(void **state) {
    (void)state;
    uint64_t w[16];
    for (unsigned i = 0; i < 16; i++) w[i] = 0x200u + i / 2u + ((i & 1u) ? 0x500000u : 0u);
    uint8_t blk[64];
    fill_elems(blk, 4, w);
    uint16_t fits = bdi_block_fits(blk);
    assert_true(fits >> BDI_ENC_B4D2 & 1u);
    assert_true(fits >> BDI_ENC_B2D1 & 1u);
    assert_false(fits >> BDI_ENC_B4D1 & 1u);
    assert_int_equal(fits & ~((1u << BDI_ENC_B4D2) | (1u << BDI_ENC_B2D1) | (1u << BDI_ENC_RAW)), 0);
    assert_int_equal(bdi_block_select(fits), BDI_ENC_B4D2);
    uint8_t line[128] = {0};
    memcpy(line, blk, 64);
    assert_int_equal(check_line(line), 308 + 4);
}

static void test_worked_raw(void **state) {
    (void)state;
    uint8_t line[128];
    uint64_t s = 0x9E3779B97F4A7C15u;
    for (unsigned i = 0; i < 128; i += 8) put_le(line + i, 8, xs_next(&s));
    uint8_t buf[BDI_MAX_BYTES];
    size_t bits;
    assert_int_equal(bdi_compress(line, buf, sizeof buf, &bits), NP_OK);
    assert_int_equal(bits, BDI_MAX_BITS);
    bit_array f;
    f.len = 0;
    for (unsigned h = 0; h < 2; h++) {
        ba_put(&f, 15, 4);
        for (unsigned b = 0; b < 64; b++) ba_put(&f, line[64 * h + b], 8);
    }
    assert_stream_equals(buf, bits, &f);
    check_line(line);
}

/* ---- stages ------------------------------------------------------------------------------ */

static void test_stage_table(void **state) {
    (void)state;
    unsigned defined = 0;
    for (unsigned e = 0; e < 16; e++) {
        if (!bdi_enc_valid(e)) {
            assert_int_equal(bdi_enc_bits(e), 0);
            assert_string_equal(bdi_enc_name(e), "?");
            continue;
        }
        defined++;
        unsigned k = bdi_enc_base_bytes(e), d = bdi_enc_delta_bytes(e);
        for (unsigned j = 0; j < REF_NENCS; j++) {
            if (REF_ENCS[j].code == e) {
                assert_int_equal(bdi_enc_bits(e), REF_ENCS[j].bits);
                assert_int_equal(k, REF_ENCS[j].k);
                assert_int_equal(d, REF_ENCS[j].d);
            }
        }
        if (d != 0) assert_int_equal(bdi_enc_bits(e), 4 + 8 * k + 64 / k + 8 * d * (64 / k));
    }
    assert_int_equal(defined, 11);
    assert_false(bdi_enc_valid(16));
    assert_int_equal(bdi_enc_bits(99), 0);
}

static void test_stage_detectors(void **state) {
    (void)state;
    uint8_t blk[128] = {0};
    assert_true(bdi_zero_detect(blk, 64));
    blk[63] = 1;
    assert_false(bdi_zero_detect(blk, 64));
    assert_true(bdi_zero_detect(blk + 64, 64));
    for (unsigned i = 0; i < 64; i++) blk[i] = (uint8_t)(0x10 + (i & 7));
    uint64_t v = 0;
    assert_int_equal(bdi_element(blk, 8, 3), 0x1716151413121110u);
    assert_int_equal(bdi_element(blk, 2, 1), 0x1312u);
    assert_true(bdi_rep_detect(blk, 64, 8, &v));
    assert_int_equal(v, 0x1716151413121110u);
    assert_false(bdi_rep_detect(blk, 64, 4, &v));
    assert_int_equal(v, 0x13121110u);
    assert_false(bdi_rep_detect(blk, 64, 2, NULL));
    blk[62] ^= 1;
    assert_false(bdi_rep_detect(blk, 64, 8, NULL));
}

/* Delta range boundaries (sec. 4.2): [-2^(8d-1), 2^(8d-1) - 1], immediates the same. */
static void test_stage_delta_range(void **state) {
    (void)state;
    static const unsigned kd[6][2] = {{8, 1}, {8, 2}, {8, 4}, {4, 1}, {4, 2}, {2, 1}};
    for (unsigned c = 0; c < 6; c++) {
        unsigned k = kd[c][0], d = kd[c][1], n = 64 / k;
        uint64_t kmask = k == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * k)) - 1u;
        uint64_t big = UINT64_C(1) << (8 * k - 2); /* far from zero: a base */
        int64_t lim = (int64_t)1 << (8 * d - 1);
        const int64_t ok[] = {lim - 1, -lim, 0};
        const int64_t bad[] = {lim, -lim - 1};
        uint64_t v[64];
        for (unsigned t = 0; t < 3; t++) {
            for (unsigned i = 0; i < n; i++) v[i] = (big + (uint64_t)(i == n - 1 ? ok[t] : 0)) & kmask;
            uint8_t blk[64];
            fill_elems(blk, k, v);
            uint64_t base, mask;
            assert_true(bdi_bd_analyze(blk, 64, k, d, &base, &mask));
            assert_int_equal(base, big);
            assert_int_equal(mask, n == 64 ? UINT64_MAX : (UINT64_C(1) << n) - 1u);
            /* the same values as immediates (no base at all) */
            for (unsigned i = 0; i < n; i++) v[i] = (uint64_t)ok[t] & kmask;
            fill_elems(blk, k, v);
            assert_true(bdi_bd_analyze(blk, 64, k, d, &base, &mask));
            assert_int_equal(base, 0);
            assert_int_equal(mask, 0);
        }
        for (unsigned t = 0; t < 2; t++) {
            for (unsigned i = 0; i < n; i++) v[i] = (big + (uint64_t)(i == n - 1 ? bad[t] : 0)) & kmask;
            uint8_t blk[64];
            fill_elems(blk, k, v);
            assert_false(bdi_bd_analyze(blk, 64, k, d, NULL, NULL));
        }
    }
    /* differences wrap modulo 2^(8k): 2-byte elements 0x7FF0 and 0x8010 (32752 and -32752 as
     * signed values) differ by 0x20 */
    uint64_t v[32];
    for (unsigned i = 0; i < 32; i++) v[i] = (i & 1u) ? 0x8010u : 0x7FF0u;
    uint8_t blk[64];
    fill_elems(blk, 2, v);
    uint64_t base, mask;
    assert_true(bdi_bd_analyze(blk, 64, 2, 1, &base, &mask));
    assert_int_equal(base, 0x7FF0u);
    assert_int_equal(mask, 0xFFFFFFFFu);
    check_line((uint8_t[128]){0});
}

static void test_stage_select(void **state) {
    (void)state;
    assert_int_equal(bdi_block_select(1u << BDI_ENC_RAW), BDI_ENC_RAW);
    assert_int_equal(bdi_block_select(0), BDI_ENC_RAW);
    assert_int_equal(bdi_block_select(0xFFFF), BDI_ENC_ZEROS);
    /* every pair: the shorter wins, ties the lower code */
    for (unsigned a = 0; a < 16; a++) {
        for (unsigned b = 0; b < 16; b++) {
            if (!bdi_enc_valid(a) || !bdi_enc_valid(b)) continue;
            unsigned fits = (1u << a) | (1u << b) | (1u << BDI_ENC_RAW);
            unsigned want = a;
            if (bdi_enc_bits(b) < bdi_enc_bits(a) || (bdi_enc_bits(b) == bdi_enc_bits(a) && b < a)) want = b;
            assert_int_equal(bdi_block_select((uint16_t)fits), want);
        }
    }
    /* pack refuses an encoding that does not apply; unpack reads it back */
    uint8_t blk[64] = {0}, back[64];
    blk[5] = 0x99;
    np_wordbuf w;
    np_wb_init(&w);
    assert_int_equal(bdi_block_pack(&w, blk, BDI_ENC_ZEROS), NP_BAD_PARAM);
    assert_int_equal(bdi_block_pack(&w, blk, 11), NP_BAD_PARAM);
    assert_int_equal(bdi_block_pack(&w, blk, BDI_ENC_B8D1), NP_OK);
    assert_int_equal(w.pos, 140);
    uint8_t buf[32];
    assert_int_equal(np_wb_copy_out(&w, buf, sizeof buf), NP_OK);
    np_bitreader r;
    np_br_init(&r, buf, w.pos);
    unsigned enc = 99;
    assert_int_equal(bdi_block_unpack(&r, back, &enc), NP_OK);
    assert_int_equal(enc, BDI_ENC_B8D1);
    assert_memory_equal(back, blk, 64);
    assert_int_equal(bdi_block_bits(blk, 32, NULL), 0);
}

static void test_api_errors(void **state) {
    (void)state;
    uint8_t line[128] = {0}, buf[BDI_MAX_BYTES], back[128];
    size_t bits = 0;
    assert_int_equal(bdi_compress(NULL, buf, sizeof buf, &bits), NP_BAD_PARAM);
    assert_int_equal(bdi_compress(line, buf, sizeof buf, NULL), NP_BAD_PARAM);
    assert_int_equal(bdi_compress(line, NULL, 4, &bits), NP_BAD_PARAM);
    assert_int_equal(bdi_compress(line, NULL, 0, &bits), NP_NO_SPACE);
    assert_int_equal(bits, 8);
    line[0] = 0x55;
    memset(buf, 0xEE, sizeof buf);
    assert_int_equal(bdi_compress(line, buf, 1, &bits), NP_NO_SPACE);
    assert_int_equal(bits, 4 + 140);
    assert_int_equal(buf[0], 0xEE); /* untouched */
    assert_int_equal(bdi_decompress(NULL, 8, back, sizeof back), NP_BAD_PARAM);
    assert_int_equal(bdi_decompress(buf, 8, NULL, 128), NP_BAD_PARAM);
    assert_int_equal(bdi_decompress(buf, 8, back, 127), NP_NO_SPACE);
    assert_int_equal(bdi_compressed_bits(NULL), 0);
}

/* ---- adversarial decoder input ------------------------------------------------------------ */

static np_result decode_exact(const uint8_t *src, size_t bits, uint8_t back[128]) {
    size_t nbytes = (bits + 7) / 8;
    uint8_t *exact = malloc(nbytes ? nbytes : 1);
    assert_non_null(exact);
    if (nbytes) memcpy(exact, src, nbytes);
    memset(back, 0xA5, 128);
    np_result r = bdi_decompress(nbytes ? exact : NULL, bits, back, 128);
    free(exact);
    if (r != NP_OK) {
        for (unsigned i = 0; i < 128; i++) assert_int_equal(back[i], 0);
    }
    return r;
}

/* Lines whose blocks use every encoding (block 0) against a raw and a zero block 1. */
static void make_sample_lines(uint8_t lines[][128], unsigned *count) {
    unsigned c = 0;
    uint64_t s = 12345;
    for (unsigned e = 0; e < 16; e++) {
        if (!bdi_enc_valid(e)) continue;
        for (unsigned other = 0; other < 2; other++) {
            uint8_t *l = lines[c++];
            memset(l, 0, 128);
            unsigned k = bdi_enc_base_bytes(e), d = bdi_enc_delta_bytes(e);
            uint64_t base = UINT64_C(0x0123456789ABCDEF) & (k == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * k)) - 1u);
            for (unsigned i = 0; i < 64 / k; i++) {
                uint64_t v = 0;
                if (e == BDI_ENC_RAW) v = xs_next(&s);
                else if (e == BDI_ENC_ZEROS) v = 0;
                else if (d == 0) v = base;
                else v = base + (xs_next(&s) & ((UINT64_C(1) << (8 * d - 1)) - 1u));
                put_le(l + k * i, k, v);
            }
            if (other) {
                for (unsigned b = 64; b < 128; b++) l[b] = (uint8_t)xs_next(&s);
            }
        }
    }
    *count = c;
}

static void test_every_truncation_and_trailing(void **state) {
    (void)state;
    static uint8_t lines[32][128];
    unsigned count;
    make_sample_lines(lines, &count);
    uint8_t back[128];
    for (unsigned l = 0; l < count; l++) {
        uint8_t buf[BDI_MAX_BYTES + 8] = {0};
        size_t bits = check_line(lines[l]);
        assert_int_equal(bdi_compress(lines[l], buf, sizeof buf, &bits), NP_OK);
        for (size_t cut = 0; cut < bits; cut++) {
            assert_int_equal(decode_exact(buf, cut, back), NP_BAD_DATA);
        }
        for (size_t extra = 1; extra <= 9; extra++) {
            assert_int_equal(decode_exact(buf, bits + extra, back), NP_BAD_DATA);
        }
        assert_int_equal(decode_exact(buf, bits, back), NP_OK);
        assert_memory_equal(back, lines[l], 128);
    }
}

/* Codes 10..14 in either block: rejected whatever follows. */
static void test_undefined_encodings(void **state) {
    (void)state;
    uint8_t back[128];
    for (unsigned code = 10; code <= 14; code++) {
        for (unsigned where = 0; where < 2; where++) {
            for (size_t len = 8; len <= BDI_MAX_BITS; len += 97) {
                uint8_t buf[BDI_MAX_BYTES] = {0};
                /* block 0 zeros (0000) and block 1 the bad code, or block 0 the bad code */
                buf[0] = where ? (uint8_t)(code << 4) : (uint8_t)code;
                assert_int_equal(decode_exact(buf, len, back), NP_BAD_DATA);
            }
        }
    }
}

/* Random streams: whatever the decoder answers, it never reads past the exact-size buffer
 * (ASan build) and an accepted stream re-decodes the same and has exactly the length its
 * fields describe. */
static void test_random_streams(void **state) {
    (void)state;
    uint64_t s = 0xC0FFEEu;
    uint8_t back[128], again[128];
    unsigned accepted = 0;
    for (unsigned t = 0; t < 20000; t++) {
        uint8_t buf[BDI_MAX_BYTES];
        for (unsigned i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)xs_next(&s);
        /* bias the two fields toward defined codes so that streams get past them */
        unsigned e0 = (unsigned)(xs_next(&s) % 11), e1 = (unsigned)(xs_next(&s) % 11);
        static const unsigned codes[11] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15};
        buf[0] = (uint8_t)((buf[0] & 0xF0) | codes[e0]);
        size_t len0 = bdi_enc_bits(codes[e0]);
        size_t want = len0 + bdi_enc_bits(codes[e1]);
        /* write block 1's code at bit len0 */
        for (unsigned j = 0; j < 4; j++) {
            size_t p = len0 + j;
            buf[p >> 3] = (uint8_t)((buf[p >> 3] & ~(1u << (p & 7))) | (((codes[e1] >> j) & 1u) << (p & 7)));
        }
        size_t len = (t & 1u) ? want : (size_t)(xs_next(&s) % (BDI_MAX_BITS + 1));
        np_result r = decode_exact(buf, len, back);
        if (r == NP_OK) {
            accepted++;
            assert_int_equal(len, want);
            assert_int_equal(decode_exact(buf, len, again), NP_OK);
            assert_memory_equal(back, again, 128);
        } else {
            assert_int_equal(r, NP_BAD_DATA);
        }
    }
    assert_true(accepted >= 10000);
}

/* Streams the compressor never emits but that describe a line (sec. 5): a raw block for a
 * compressible block, an explicit base other than the first non-immediate element, a mask bit
 * set on an immediate. They decode to the line they describe. */
static void test_noncanonical(void **state) {
    (void)state;
    uint8_t back[128], want[128] = {0};
    bit_array a;
    a.len = 0;
    /* block 0: raw zeros; block 1: b8d1 with base 1000, every mask bit set, deltas i - 3 */
    ba_put(&a, 15, 4);
    for (unsigned b = 0; b < 64; b++) ba_put(&a, 0, 8);
    ba_put(&a, 2, 4);
    ba_put(&a, 1000, 64);
    ba_put(&a, 0xFF, 8);
    for (unsigned i = 0; i < 8; i++) {
        ba_put(&a, (uint64_t)((int64_t)i - 3), 8);
        put_le(want + 64 + 8 * i, 8, (uint64_t)(1000 + (int64_t)i - 3));
    }
    uint8_t buf[BDI_MAX_BYTES] = {0};
    for (size_t i = 0; i < a.len; i++) buf[i >> 3] |= (uint8_t)(a.bit[i] << (i & 7));
    assert_int_equal(decode_exact(buf, a.len, back), NP_OK);
    assert_memory_equal(back, want, 128);
    /* its canonical re-encoding is shorter: zeros (4) + b8d1 (140) */
    uint8_t canon[BDI_MAX_BYTES];
    size_t bits;
    assert_int_equal(bdi_compress(want, canon, sizeof canon, &bits), NP_OK);
    assert_int_equal(bits, 4 + 140);
    assert_true(bits < a.len);
}

/* ---- fast path == stages ------------------------------------------------------------------- */

/* One 64-byte block aimed at an encoding family: zeros, repeats, base + deltas of every element
 * size with deltas at and around the range limits, immediates mixed in, random. */
static void fast_test_block(uint64_t *s, uint8_t blk[64]) {
    static const unsigned ks[3] = {2, 4, 8};
    unsigned kind = (unsigned)(xs_next(s) % 8);
    unsigned k = ks[xs_next(s) % 3];
    unsigned d = 1u << (xs_next(s) % 3);           /* 1, 2, 4 (d >= k makes a random block) */
    uint64_t base = xs_next(s);
    int64_t lim = d >= 8 ? INT64_MAX : ((int64_t)1 << (8 * d - 1));
    for (unsigned i = 0; i < 64 / k; i++) {
        uint64_t v;
        int64_t r = (int64_t)(xs_next(s) % (uint64_t)(2 * (lim < 1024 ? lim : 1024) + 1)) - (lim < 1024 ? lim : 1024);
        switch (kind) {
        case 0: v = 0; break;
        case 1: v = base; break;                   /* repK */
        case 2: v = base + (uint64_t)r; break;     /* base + small deltas */
        case 3: v = (xs_next(s) & 1) ? (uint64_t)r : base + (uint64_t)r; break;  /* with immediates */
        case 4: v = base + (uint64_t)((xs_next(s) & 1) ? lim - 1 : -lim) + (xs_next(s) % 3 == 0); break;
        case 5: v = (uint64_t)((xs_next(s) & 1) ? lim : -lim - 1); break;      /* just outside */
        case 6: v = (i == 64 / k - 1) ? xs_next(s) : base + (uint64_t)r; break;
        default: v = xs_next(s); break;
        }
        put_le(blk + k * i, k, v);
    }
}

static void assert_decoders_agree(const uint8_t *src, size_t bits) {
    uint8_t a[128], b[128];
    memset(a, 0x5A, sizeof a);
    memset(b, 0xA5, sizeof b);
    np_result ra = bdi_decompress(src, bits, a, sizeof a);
    np_result rb = bdi_decompress_stages(src, bits, b, sizeof b);
    assert_int_equal(ra, rb);
    assert_memory_equal(a, b, 128);
}

static void assert_fast_equals_stages(const uint8_t line[128]) {
    uint8_t fast[BDI_MAX_BYTES], ref[BDI_MAX_BYTES];
    size_t fast_bits = 0, ref_bits = 0;
    memset(fast, 0xA5, sizeof fast);
    memset(ref, 0xA5, sizeof ref);
    assert_int_equal(bdi_compress(line, fast, sizeof fast, &fast_bits), NP_OK);
    assert_int_equal(bdi_compress_stages(line, ref, sizeof ref, &ref_bits), NP_OK);
    assert_int_equal(fast_bits, ref_bits);
    assert_int_equal(bdi_compressed_bits(line), ref_bits);
    assert_memory_equal(fast, ref, sizeof fast);
    assert_decoders_agree(fast, fast_bits);
}

static void test_fast_equals_stages(void **state) {
    (void)state;
    uint64_t s = 0xFA57u;
    uint8_t line[128], buf[BDI_MAX_BYTES + 2];
    for (unsigned t = 0; t < 40000; t++) {
        fast_test_block(&s, line);
        fast_test_block(&s, line + 64);
        assert_fast_equals_stages(line);
        size_t bits;
        assert_int_equal(bdi_compress(line, buf, sizeof buf, &bits), NP_OK);
        assert_decoders_agree(buf, bits);
        /* a truncation, a longer length, a flipped bit (exact-size copies: ASan sees overreads) */
        size_t cut = (size_t)(xs_next(&s) % (bits + 1));
        size_t flip = (size_t)(xs_next(&s) % bits);
        size_t longer = bits + 1 + (size_t)(xs_next(&s) % 8);
        buf[bits / 8] &= (uint8_t)((1u << (bits % 8)) - 1u);
        buf[bits / 8 + 1] = (uint8_t)xs_next(&s);
        size_t lens[3] = {cut, longer, bits};
        for (unsigned m = 0; m < 3; m++) {
            if (m == 2) buf[flip / 8] ^= (uint8_t)(1u << (flip % 8));
            size_t nbytes = (lens[m] + 7) / 8;
            uint8_t *exact = malloc(nbytes ? nbytes : 1);
            assert_non_null(exact);
            memcpy(exact, buf, nbytes);
            assert_decoders_agree(exact, lens[m]);
            free(exact);
        }
    }
}

/* ---- real data ----------------------------------------------------------------------------- */

/* Read as this program always has (see test_data.h for the flags), from g_data_dir. */
static int setup_data(void **state) {
    return test_data_setup(state, test_data_load_dir("test_bdi", g_data_dir,
                                                     TEST_DATA_WHOLE_LINES));
}

/* Every line round-trips and equals the reference stream; prints the ratio of the format (two
 * 64-byte blocks) beside the whole-line variant of sec. 1 and the encodings used. */
static void test_data_round_trip(void **state) {
    test_data_set *ds = *state;
    size_t total = 0;
    printf("BDI per file (model %s): ratio = 1024 * lines / bits\n", BDI_MODEL_VERSION);
    printf("%-44s %7s %8s %8s  %s\n", "file", "lines", "halves", "whole", "encodings of the 64-byte blocks");
    for (unsigned fi = 0; fi < ds->count; fi++) {
        const test_data_file *f = &ds->file[fi];
        size_t halves = 0, whole = 0, hist[16] = {0};
        for (size_t l = 0; l < f->lines; l++) {
            const uint8_t *line = f->data + 128u * l;
            halves += check_line(line);
            assert_fast_equals_stages(line);
            whole += bdi_block_bits(line, 128, NULL);
            for (unsigned h = 0; h < 2; h++) {
                unsigned e;
                bdi_block_bits(line + 64 * h, 64, &e);
                hist[e]++;
            }
        }
        total += f->lines;
        printf("%-44s %7zu %8.3f %8.3f  ", f->name, f->lines, 1024.0 * (double)f->lines / (double)halves,
               1024.0 * (double)f->lines / (double)whole);
        for (unsigned e = 0; e < 16; e++) {
            if (hist[e]) printf("%s %.1f%% ", bdi_enc_name(e), 100.0 * (double)hist[e] / (double)(2 * f->lines));
        }
        printf("\n");
    }
    printf("BDI: %zu lines round-tripped, each stream equal to the reference encoder's and the stages'\n", total);
    assert_true(total > 1000);
}

/* ---- gem5 size rules (docs/bdi.md sec. 7), written independently of the model ----------- */

/* gem5 BaseDelta<B, D> on one 64-byte block, in bits: the dictionary starts with the zero base;
 * each B-byte chunk costs D+1 bits when it is within +-(2^(D-1) - 1) of a dictionary entry
 * (checked in order, zero base first), else B*8 + 1 + D bits and becomes an entry; more than
 * two entries is a failure (512 bits); with only the zero base, one unused base's B*8 bits
 * are added. Returns the size, and *failed. */
static unsigned gem5_base_delta(const uint8_t *blk, unsigned bbytes, unsigned dbits, int *failed) {
    unsigned n = 64 / bbytes, size = 0, entries = 1;
    uint64_t dict[64] = {0};
    uint64_t bmask = bbytes == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * bbytes)) - 1u;
    int64_t limit = ((int64_t)1 << (dbits - 1)) - 1;
    for (unsigned i = 0; i < n; i++) {
        uint64_t v = get_le(blk + bbytes * i, bbytes);
        int match = 0;
        for (unsigned j = 0; j < entries && !match; j++) {
            /* signed difference in B bytes, as std::make_signed<T> */
            uint64_t diff = (v - dict[j]) & bmask;
            int64_t sd = (int64_t)diff;
            if (bbytes < 8 && (diff >> (8 * bbytes - 1)) & 1u) sd = (int64_t)(diff | ~bmask);
            match = sd >= -limit && sd <= limit;
        }
        if (match) {
            size += dbits + 1;
        } else {
            size += 8 * bbytes + 1 + dbits;
            dict[entries++] = v;
        }
    }
    *failed = entries > 2;
    if (*failed) return 512;
    if (entries == 1) size += 8 * bbytes;
    return size;
}

static unsigned gem5_zero(const uint8_t *blk) {
    for (unsigned b = 0; b < 64; b++) {
        if (blk[b]) return 512;
    }
    return 0; /* every 8-byte chunk a 0-bit Z pattern */
}

static unsigned gem5_repeated_qwords(const uint8_t *blk) {
    for (unsigned i = 1; i < 8; i++) {
        if (get_le(blk + 8 * i, 8) != get_le(blk, 8)) return 512;
    }
    return 64; /* the first chunk uncompressed, the rest 0-bit matches */
}

static void test_gem5_cross_check(void **state) {
    test_data_set *ds = *state;
    /* our codes of the six base/delta encodings and gem5's (base bytes, delta bits) */
    static const struct {
        unsigned code, b, dbits;
        const char *gem5;
    } bd[6] = {{2, 8, 8, "Base64Delta8"},   {3, 8, 16, "Base64Delta16"}, {4, 8, 32, "Base64Delta32"},
               {5, 4, 8, "Base32Delta8"},   {6, 4, 16, "Base32Delta16"}, {7, 2, 8, "Base16Delta8"}};
    size_t blocks = 0, exact = 0, range_only[6] = {0}, ours_sum = 0, gem5_sum = 0;
    for (unsigned fi = 0; fi < ds->count; fi++) {
        const test_data_file *f = &ds->file[fi];
        for (size_t l = 0; l < f->lines; l++) {
            for (unsigned h = 0; h < 2; h++) {
                const uint8_t *blk = f->data + 128u * l + 64u * h;
                uint16_t fits = bdi_block_fits(blk);
                blocks++;
                /* zero and repeated qwords: ours = gem5 + 4 whenever either applies */
                unsigned gz = gem5_zero(blk), gr = gem5_repeated_qwords(blk);
                assert_int_equal(gz == 0, (fits >> BDI_ENC_ZEROS) & 1u);
                if (gz == 0) assert_int_equal(bdi_enc_bits(BDI_ENC_ZEROS), gz + 4);
                assert_int_equal(gr == 64, (fits >> BDI_ENC_REP8) & 1u);
                if (gr == 64) assert_int_equal(bdi_enc_bits(BDI_ENC_REP8), gr + 4);
                unsigned best_gem5 = gz < gr ? gz : gr;
                unsigned best_ours = 516; /* ours restricted to the encodings gem5 has */
                if (fits & 1u) best_ours = 4;
                else if (fits >> BDI_ENC_REP8 & 1u) best_ours = 68;
                int differs = 0;
                for (unsigned c = 0; c < 6; c++) {
                    int failed;
                    unsigned g = gem5_base_delta(blk, bd[c].b, bd[c].dbits, &failed);
                    int ours_fit = (fits >> bd[c].code) & 1u;
                    if (!failed) {
                        /* gem5's base is stored whether used or not, as ours; its per-chunk
                         * bit is our mask bit: the only difference is our 4-bit field */
                        if (!ours_fit) fail_msg("%s fits in gem5, %s not in ours", bd[c].gem5, bdi_enc_name(bd[c].code));
                        assert_int_equal(bdi_enc_bits(bd[c].code), g + 4);
                        if (g < best_gem5) best_gem5 = g;
                    } else if (ours_fit) {
                        /* allowed only through the range difference: some delta or immediate
                         * is exactly -2^(D-1), which gem5's symmetric range excludes */
                        uint64_t base, mask;
                        unsigned k = bd[c].b, n = 64 / k;
                        bdi_bd_analyze(blk, 64, k, bd[c].dbits / 8, &base, &mask);
                        uint64_t kmask = k == 8 ? UINT64_MAX : (UINT64_C(1) << (8 * k)) - 1u;
                        uint64_t most_neg = (~UINT64_C(0) << (bd[c].dbits - 1)) & kmask;
                        int found = 0;
                        for (unsigned i = 0; i < n; i++) {
                            uint64_t v = get_le(blk + k * i, k);
                            uint64_t delta = ((mask >> i & 1u) ? v - base : v) & kmask;
                            found |= delta == most_neg;
                        }
                        if (!found) fail_msg("%s: ours fits, gem5 fails, no -2^(D-1) delta", bd[c].gem5);
                        range_only[c]++;
                        differs = 1;
                    }
                    if (ours_fit && bdi_enc_bits(bd[c].code) < best_ours) best_ours = bdi_enc_bits(bd[c].code);
                }
                ours_sum += best_ours;
                gem5_sum += best_gem5;
                if (best_ours == best_gem5 + 4) exact++;
                else assert_true(differs);
            }
        }
    }
    printf("gem5 cross-check: %zu blocks of 64 bytes; best size ours = gem5 + 4 on %zu (%.4f%%)\n", blocks,
           exact, 100.0 * (double)exact / (double)blocks);
    for (unsigned c = 0; c < 6; c++) {
        printf("  %-14s fits ours only (delta -2^(D-1)): %zu blocks\n", bd[c].gem5, range_only[c]);
    }
    printf("  total bits, gem5's encodings only: ours %zu, gem5 %zu + 4 x %zu blocks = %zu\n", ours_sum, gem5_sum,
           blocks, gem5_sum + 4 * blocks);
    assert_true(blocks > 1000);
    assert_true(exact * 100 >= blocks * 99);
}

/* ---- registry ------------------------------------------------------------------------------ */

static void test_registry_entry(void **state) {
    (void)state;
    const np_codec *c = np_codec_find("bdi");
    assert_non_null(c);
    assert_ptr_equal(c, &np_codec_bdi);
    assert_string_equal(c->spec, "docs/bdi.md");
    assert_int_equal(c->max_bits, BDI_MAX_BITS);
    assert_true((c->max_bits + 7) / 8 <= NP_CODEC_MAX_BYTES);
    assert_int_equal(c->state_bytes, 0);
    assert_int_equal(np_codec_fallback_cycles(c, false, NULL), 2);   /* synth/published.tsv */
    assert_int_equal(np_codec_fallback_cycles(c, true, NULL), 2);
    assert_int_equal(np_codec_published(c, false)->nand2_eq, 30000);
    uint8_t line[128], buf[NP_CODEC_MAX_BYTES], back[128];
    for (unsigned i = 0; i < 128; i++) line[i] = (uint8_t)(i < 64 ? 0 : i * 7);
    size_t bits = 0;
    unsigned fill = 0;
    assert_int_equal(np_codec_compress(c, NULL, NULL, line, buf, sizeof buf, &bits, &fill), NP_OK);
    assert_int_equal(fill, NP_CODEC_FILL_ALL);
    assert_int_equal(bits, bdi_compressed_bits(line));
    assert_int_equal(np_codec_bits(c, NULL, NULL, line, NULL), bits);
    assert_int_equal(np_codec_decompress(c, NULL, NULL, buf, bits, back, sizeof back), NP_OK);
    assert_memory_equal(back, line, 128);
    assert_int_equal(np_codec_decompress(c, NULL, NULL, buf, bits - 1, back, sizeof back), NP_BAD_DATA);
}

int main(int argc, char **argv) {
    g_data_dir = test_data_dir_arg(argc, argv);
    const struct CMUnitTest model[] = {
        cmocka_unit_test(test_worked_zeros),
        cmocka_unit_test(test_worked_repeats),
        cmocka_unit_test(test_worked_base_delta),
        cmocka_unit_test(test_tie_rule),
        cmocka_unit_test(test_worked_raw),
        cmocka_unit_test(test_stage_table),
        cmocka_unit_test(test_stage_detectors),
        cmocka_unit_test(test_stage_delta_range),
        cmocka_unit_test(test_stage_select),
        cmocka_unit_test(test_api_errors),
        cmocka_unit_test(test_every_truncation_and_trailing),
        cmocka_unit_test(test_undefined_encodings),
        cmocka_unit_test(test_random_streams),
        cmocka_unit_test(test_noncanonical),
        cmocka_unit_test(test_registry_entry),
        cmocka_unit_test(test_fast_equals_stages),
    };
    const struct CMUnitTest data[] = {
        cmocka_unit_test(test_data_round_trip),
        cmocka_unit_test(test_gem5_cross_check),
    };
    int failed = cmocka_run_group_tests_name("bdi_model", model, NULL, NULL);
    failed += cmocka_run_group_tests_name("bdi_data", data, setup_data, test_data_teardown);
    return failed == 0 ? 0 : 1;
}
