/* Unit tests of the DSM C model (cmodel/src/dsm.c) against docs/dsm.md.
 *
 * Expected values come from the spec: hand-worked examples quoted from docs/dsm.md, and a
 * naive bit-at-a-time reference encoder written straight from its formulas (remap
 * r = p*W + w, CSN = 16 equal nibbles, the C/ES/ED and raw layouts, LSB-first packing). The
 * optimised model must agree with that reference on every line of every file in
 * NP_DATA_DIR, for both lane sizes. Decoder inputs are heap blocks of exactly the stream's
 * size, so the sanitizer build proves the decoder never reads outside them. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dsm.h"

/* ---- helpers ------------------------------------------------------------------------------ */

static uint64_t rng_state = 0xD5Au;

static uint64_t rnd(void) { /* splitmix64 */
    uint64_t z = (rng_state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static void random_bytes(uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++) {
        p[i] = (uint8_t)rnd();
    }
}

static unsigned bit_at(const uint8_t *buf, size_t i) {
    return buf[i / 8] >> (i % 8) & 1u;
}

static void put_bits(uint8_t *buf, size_t *pos, uint64_t value, unsigned nbits) {
    for (unsigned j = 0; j < nbits; j++, (*pos)++) {
        if (value >> j & 1u) {
            buf[*pos / 8] |= (uint8_t)(1u << (*pos % 8));
        }
    }
}

static uint32_t word_of(const uint8_t *bytes, unsigned w) {
    return (uint32_t)bytes[4 * w] | (uint32_t)bytes[4 * w + 1] << 8 |
           (uint32_t)bytes[4 * w + 2] << 16 | (uint32_t)bytes[4 * w + 3] << 24;
}

static void set_word(uint8_t *bytes, unsigned w, uint32_t v) {
    for (unsigned b = 0; b < 4; b++) {
        bytes[4 * w + b] = (uint8_t)(v >> (8 * b));
    }
}

static void fill_words(uint8_t line[128], uint32_t v) {
    for (unsigned w = 0; w < 32; w++) {
        set_word(line, w, v);
    }
}

static dsm_config cfg_of(unsigned lane_bytes) {
    dsm_config c;
    c.lane_bytes = lane_bytes;
    return c;
}

/* A copy of the first (bits+7)/8 bytes in a heap block of exactly that size. */
static uint8_t *exact_copy(const uint8_t *src, size_t bits) {
    size_t n = (bits + 7) / 8;
    uint8_t *p = malloc(n ? n : 1);
    assert_non_null(p);
    if (n > 0) {
        memcpy(p, src, n);
    }
    return p;
}

/* ---- naive reference, straight from docs/dsm.md ---------------------------------------- */

/* sec. 2: remapped[r] = nibble p of word w, r = p*W + w; segment s bits 4j.. = remapped[16s+j]. */
static void ref_remap(unsigned lane_bytes, const uint8_t *lane, uint64_t *seg) {
    unsigned words = lane_bytes / 4, segments = lane_bytes / 8;
    for (unsigned s = 0; s < segments; s++) {
        seg[s] = 0;
        for (unsigned j = 0; j < 16; j++) {
            unsigned r = 16 * s + j, p = r / words, w = r % words;
            uint64_t nib = word_of(lane, w) >> (4 * p) & 0xFu;
            seg[s] |= nib << (4 * j);
        }
    }
}

/* sec. 3: 16 equal nibbles, compared one by one. */
static bool ref_is_csn(uint64_t seg) {
    for (unsigned j = 1; j < 16; j++) {
        if ((seg >> (4 * j) & 0xFu) != (seg & 0xFu)) {
            return false;
        }
    }
    return true;
}

/* sec. 4: the line stream, bit by bit. Returns its length. */
static size_t ref_compress(unsigned lane_bytes, const uint8_t line[128], uint8_t out[DSM_MAX_BYTES]) {
    memset(out, 0, DSM_MAX_BYTES);
    size_t pos = 0;
    unsigned segments = lane_bytes / 8;
    for (unsigned k = 0; k < 128 / lane_bytes; k++) {
        const uint8_t *lane = line + k * lane_bytes;
        uint64_t seg[16];
        ref_remap(lane_bytes, lane, seg);
        unsigned n = 0;
        for (unsigned s = 0; s < segments; s++) {
            n += ref_is_csn(seg[s]);
        }
        if (n == 0) { /* 4.3: raw lane, bytes in address order */
            put_bits(out, &pos, 0, 1);
            for (unsigned b = 0; b < lane_bytes; b++) {
                put_bits(out, &pos, lane[b], 8);
            }
            continue;
        }
        put_bits(out, &pos, 1, 1); /* 4.2: C, ES, ED */
        for (unsigned s = 0; s < segments; s++) {
            put_bits(out, &pos, ref_is_csn(seg[s]), 1);
        }
        for (unsigned s = 0; s < segments; s++) {
            if (ref_is_csn(seg[s])) {
                put_bits(out, &pos, seg[s] & 0xFu, 4);
            } else {
                put_bits(out, &pos, seg[s], 64);
            }
        }
    }
    return pos;
}

/* Lane k of line gets exactly the CSN segments of mask (random non-CSN otherwise), built in
 * the segment domain with the reference remap's inverse (solved by brute force per nibble). */
static void make_lane(unsigned lane_bytes, uint8_t *line, unsigned k, uint32_t mask) {
    unsigned words = lane_bytes / 4, segments = lane_bytes / 8;
    uint8_t *lane = line + k * lane_bytes;
    uint64_t seg[16];
    for (unsigned s = 0; s < segments; s++) {
        seg[s] = (mask >> s & 1u) ? (rnd() & 0xFu) * UINT64_C(0x1111111111111111) : rnd();
        if (!(mask >> s & 1u) && ref_is_csn(seg[s])) {
            seg[s] ^= 1u;
        }
    }
    for (unsigned w = 0; w < words; w++) {
        set_word(lane, w, 0);
    }
    for (unsigned s = 0; s < segments; s++) {
        for (unsigned j = 0; j < 16; j++) {
            unsigned r = 16 * s + j, p = r / words, w = r % words;
            uint32_t nib = (uint32_t)(seg[s] >> (4 * j) & 0xFu);
            set_word(lane, w, word_of(lane, w) | nib << (4 * p));
        }
    }
}

/* Compresses with the model and checks it against the reference; returns the length. */
static size_t compress_checked(unsigned lane_bytes, const uint8_t line[128], uint8_t out[DSM_MAX_BYTES]) {
    dsm_config c = cfg_of(lane_bytes);
    uint8_t ref[DSM_MAX_BYTES];
    size_t ref_bits = ref_compress(lane_bytes, line, ref);
    size_t bits = 0;
    memset(out, 0xA5, DSM_MAX_BYTES);
    assert_int_equal(dsm_compress(&c, line, out, DSM_MAX_BYTES, &bits), NP_OK);
    assert_int_equal(bits, ref_bits);
    assert_memory_equal(out, ref, (bits + 7) / 8);
    assert_int_equal(dsm_compressed_bits(&c, line), bits);
    return bits;
}

static void decompress_checked(unsigned lane_bytes, const uint8_t *stream, size_t bits,
                               const uint8_t expect[128]) {
    dsm_config c = cfg_of(lane_bytes);
    uint8_t *src = exact_copy(stream, bits);
    uint8_t out[128];
    assert_int_equal(dsm_decompress(&c, src, bits, out, sizeof out), NP_OK);
    assert_memory_equal(out, expect, 128);
    free(src);
}

static np_result decompress_exact(unsigned lane_bytes, const uint8_t *stream, size_t bits,
                                  uint8_t out[128]) {
    dsm_config c = cfg_of(lane_bytes);
    uint8_t *src = exact_copy(stream, bits);
    np_result r = dsm_decompress(&c, src, bits, out, 128);
    free(src);
    return r;
}

/* ---- configuration ------------------------------------------------------------------- */

static void config_default_and_check(void **state) {
    (void)state;
    dsm_config c;
    dsm_config_default(&c);
    assert_int_equal(c.lane_bytes, 64);
    assert_int_equal(dsm_config_check(&c), NP_OK);
    c.lane_bytes = 128;
    assert_int_equal(dsm_config_check(&c), NP_OK);
    static const unsigned bad[] = {0, 8, 32, 63, 65, 96, 127, 129, 256};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        c.lane_bytes = bad[i];
        assert_int_equal(dsm_config_check(&c), NP_BAD_PARAM);
    }
    assert_int_equal(dsm_config_check(NULL), NP_BAD_PARAM);
    assert_string_equal(np_result_name(NP_OK), "ok");
    assert_string_equal(np_result_name(NP_BAD_DATA), "bad_data");
    assert_string_equal(np_result_name(NP_NO_SPACE), "no_space");
    assert_string_equal(np_result_name(NP_BAD_PARAM), "bad_param");
    assert_string_equal(np_result_name((np_result)99), "unknown");
}

/* ---- stages --------------------------------------------------------------------------- */

/* sec. 2 worked example: 16 words of 0x3F800000 give segments 0..4 = 0, 5 = 0x888..., 6 = all F,
 * 7 = 0x333...; every segment a CSN. */
static void remap_float_one_example(void **state) {
    (void)state;
    uint8_t line[128];
    fill_words(line, 0x3F800000u);
    uint64_t seg[8];
    dsm_remap(64, line, seg);
    for (unsigned s = 0; s < 5; s++) {
        assert_int_equal(seg[s], 0);
    }
    assert_int_equal(seg[5], UINT64_C(0x8888888888888888));
    assert_int_equal(seg[6], UINT64_C(0xFFFFFFFFFFFFFFFF));
    assert_int_equal(seg[7], UINT64_C(0x3333333333333333));
    assert_int_equal(dsm_encoding_status(8, seg), 0xFF);
}

/* The wiring of sec. 2 for both lane sizes, against the formula, and its inverse. At L = 128
 * segment s must be nibble s/2 of words 16*(s%2) .. +15 (the spec's restatement). */
static void remap_matches_formula_and_inverts(void **state) {
    (void)state;
    for (unsigned lane_bytes = 64; lane_bytes <= 128; lane_bytes *= 2) {
        for (unsigned t = 0; t < 500; t++) {
            uint8_t lane[128], back[128];
            random_bytes(lane, lane_bytes);
            uint64_t seg[16], ref[16];
            dsm_remap(lane_bytes, lane, seg);
            ref_remap(lane_bytes, lane, ref);
            assert_memory_equal(seg, ref, lane_bytes);
            if (lane_bytes == 128) {
                for (unsigned s = 0; s < 16; s++) {
                    for (unsigned j = 0; j < 16; j++) {
                        uint32_t w = word_of(lane, 16 * (s % 2) + j);
                        assert_int_equal(seg[s] >> (4 * j) & 0xFu, w >> (4 * (s / 2)) & 0xFu);
                    }
                }
            }
            memset(back, 0, sizeof back);
            dsm_unremap(lane_bytes, seg, back);
            assert_memory_equal(back, lane, lane_bytes);
        }
    }
}

static void csn_detect_every_nibble_and_near_miss(void **state) {
    (void)state;
    for (unsigned v = 0; v < 16; v++) {
        unsigned nib = 99;
        uint64_t seg = (uint64_t)v * UINT64_C(0x1111111111111111);
        assert_true(dsm_csn_detect(seg, &nib));
        assert_int_equal(nib, v);
        for (unsigned j = 0; j < 16; j++) {
            for (unsigned d = 1; d < 16; d++) { /* one nibble different, at every position */
                uint64_t other = seg ^ ((uint64_t)d << (4 * j));
                assert_false(dsm_csn_detect(other, NULL));
            }
        }
    }
    for (unsigned t = 0; t < 10000; t++) {
        uint64_t s = rnd();
        assert_int_equal(dsm_csn_detect(s, NULL), ref_is_csn(s));
    }
}

static void encoding_status_and_checker(void **state) {
    (void)state;
    uint64_t seg[16];
    for (unsigned t = 0; t < 2000; t++) {
        uint32_t mask = (uint32_t)rnd() & 0xFFFFu;
        for (unsigned s = 0; s < 16; s++) {
            seg[s] = (mask >> s & 1u) ? (rnd() & 0xF) * UINT64_C(0x1111111111111111) : rnd() | 1u << 4;
            if (!(mask >> s & 1u) && ref_is_csn(seg[s])) {
                seg[s] ^= 1;
            }
        }
        assert_int_equal(dsm_encoding_status(16, seg), mask);
        assert_int_equal(dsm_encoding_status(8, seg), mask & 0xFF);
    }
    /* sec. 4.3: compressed iff at least one CSN; with 8-byte segments that is exactly
     * "compressed strictly shorter than raw". */
    for (unsigned segments = 8; segments <= 16; segments += 8) {
        assert_false(dsm_comp_check(segments, 0));
        for (unsigned s = 0; s < segments; s++) {
            assert_true(dsm_comp_check(segments, 1u << s));
        }
        for (uint32_t es = 0; es < (1u << segments); es += (segments == 8 ? 1u : 97u)) {
            unsigned n = (unsigned)__builtin_popcount(es);
            unsigned compressed = 1 + segments + 4 * n + 64 * (segments - n);
            unsigned raw = 1 + 64 * segments;
            assert_int_equal(dsm_comp_check(segments, es), compressed < raw);
            assert_int_equal(dsm_lane_bits(segments, es), compressed < raw ? compressed : raw);
        }
    }
}

/* sec. 4.2: L = 64 lane lengths 461, 401, 341, 281, 221, 161, 101, 41 for n = 1..8; raw 513;
 * L = 128 raw 1025. */
static void lane_lengths_from_spec(void **state) {
    (void)state;
    static const unsigned expect[9] = {513, 461, 401, 341, 281, 221, 161, 101, 41};
    for (unsigned n = 0; n <= 8; n++) {
        assert_int_equal(dsm_lane_bits(8, (1u << n) - 1u), expect[n]);
        assert_int_equal(dsm_lane_bits(8, 0xFFu << (8 - n) & 0xFF), expect[n]);
    }
    assert_int_equal(dsm_lane_bits(16, 0), 1025);
    assert_int_equal(dsm_lane_bits(16, 0xFFFF), 1 + 16 + 64);
}

/* sec. 4.2: offset of segment i = 64i - 60k, k = CSNs among 0..i-1; i+1 possible values. */
static void ed_offsets_and_bit_count(void **state) {
    (void)state;
    /* Thesis Fig. 4.1 ES 00000111 (segments 0, 1, 2 compressed), worked by hand: */
    static const unsigned fig41[9] = {0, 4, 8, 12, 76, 140, 204, 268, 332};
    for (unsigned i = 0; i <= 8; i++) {
        assert_int_equal(dsm_ed_offset(0x07u, i), fig41[i]);
        assert_int_equal(dsm_bit_count(0x07u, i), i < 3 ? i : 3);
    }
    /* Thesis Fig. 5.2 ES 11000111 (segments 0, 1, 2, 6, 7 compressed), by hand: */
    static const unsigned fig52[9] = {0, 4, 8, 12, 76, 140, 204, 208, 212};
    for (unsigned i = 0; i <= 8; i++) {
        assert_int_equal(dsm_ed_offset(0xC7u, i), fig52[i]);
    }
    for (unsigned t = 0; t < 5000; t++) {
        uint32_t es = (uint32_t)rnd() & 0xFFFFu;
        unsigned i = (unsigned)(rnd() % 17), k = 0;
        for (unsigned j = 0; j < i; j++) {
            k += es >> j & 1u;
        }
        assert_int_equal(dsm_bit_count(es, i), k);
        assert_int_equal(dsm_ed_offset(es, i), 64 * i - 60 * k);
        /* the ED ends at the offset of a segment past the last */
        if (es != 0) {
            assert_int_equal(dsm_lane_bits(16, es), 1 + 16 + dsm_ed_offset(es, 16));
        }
    }
    assert_int_equal(dsm_bit_count(0xFFFFFFFFu, 32), 32);
    assert_int_equal(dsm_bit_count(0xFFFFFFFFu, 40), 32);
}

static void segment_recover_cases(void **state) {
    (void)state;
    assert_int_equal(dsm_segment_recover(true, 0x7), UINT64_C(0x7777777777777777));
    assert_int_equal(dsm_segment_recover(true, 0xABCDEF1), UINT64_C(0x1111111111111111));
    assert_int_equal(dsm_segment_recover(false, 0x0123456789ABCDEFu), UINT64_C(0x0123456789ABCDEF));
}

/* dsm_concat / dsm_unpack (the stage API) compose to exactly what the whole-line functions do. */
static void concat_and_unpack_compose_to_whole_line(void **state) {
    (void)state;
    for (unsigned lane_bytes = 64; lane_bytes <= 128; lane_bytes *= 2) {
        unsigned segments = lane_bytes / 8;
        for (unsigned t = 0; t < 300; t++) {
            uint8_t line[128];
            for (unsigned k = 0; k < 128 / lane_bytes; k++) {
                make_lane(lane_bytes, line, k, (uint32_t)rnd() & ((1u << segments) - 1u));
            }
            uint8_t stream[DSM_MAX_BYTES + 8];
            np_bitwriter w;
            np_bw_init(&w, stream, sizeof stream);
            for (unsigned k = 0; k < 128 / lane_bytes; k++) {
                uint64_t seg[16];
                dsm_remap(lane_bytes, line + k * lane_bytes, seg);
                dsm_concat(&w, lane_bytes, line + k * lane_bytes, seg,
                           dsm_encoding_status(segments, seg));
            }
            assert_false(w.overflow);
            uint8_t whole[DSM_MAX_BYTES];
            size_t bits = compress_checked(lane_bytes, line, whole);
            assert_int_equal(w.pos, bits);
            assert_memory_equal(stream, whole, (bits + 7) / 8);
            np_bitreader r;
            np_br_init(&r, stream, bits);
            uint8_t back[128];
            for (unsigned k = 0; k < 128 / lane_bytes; k++) {
                assert_int_equal(dsm_unpack(&r, lane_bytes, back + k * lane_bytes), NP_OK);
            }
            assert_int_equal(np_br_remaining(&r), 0);
            assert_memory_equal(back, line, 128);
        }
    }
    np_bitwriter w;
    uint8_t buf[8];
    np_bw_init(&w, buf, sizeof buf);
    uint64_t seg[16] = {0};
    uint8_t lane[128] = {0};
    dsm_concat(&w, 96, lane, seg, 0); /* no such lane size: visible failure */
    assert_true(w.overflow);
    np_bitreader r;
    np_br_init(&r, buf, 64);
    assert_int_equal(dsm_unpack(&r, 32, lane), NP_BAD_PARAM);
    assert_int_equal(dsm_unpack(NULL, 64, lane), NP_BAD_PARAM);
}

/* ---- whole line: hand-worked streams ------------------------------------------------- */

/* float 1.0 line (sec. 2): each 64-byte lane is C=1, ES=0xFF, nibbles 0,0,0,0,0,8,F,3:
 * 41 bits; two lanes back to back, 82 bits. */
static void float_one_stream_by_hand(void **state) {
    (void)state;
    uint8_t line[128], out[DSM_MAX_BYTES], expect[DSM_MAX_BYTES] = {0};
    fill_words(line, 0x3F800000u);
    uint64_t lane = 1u | 0xFFu << 1 | UINT64_C(0x8) << (9 + 20) | UINT64_C(0xF) << (9 + 24) |
                    UINT64_C(0x3) << (9 + 28);
    size_t pos = 0;
    put_bits(expect, &pos, lane, 41);
    put_bits(expect, &pos, lane, 41);
    assert_int_equal(compress_checked(64, line, out), 82);
    assert_memory_equal(out, expect, 11);
    decompress_checked(64, out, 82, line);
    /* L = 128: C=1, ES=0xFFFF, segment s = nibble s/2 of word 0: 0,0,...,8,8,F,F,3,3 */
    memset(expect, 0, sizeof expect);
    pos = 0;
    put_bits(expect, &pos, 1u | 0xFFFFu << 1, 17);
    put_bits(expect, &pos, UINT64_C(0x33FF880000000000), 64);
    assert_int_equal(compress_checked(128, line, out), 81);
    assert_memory_equal(out, expect, 11);
    decompress_checked(128, out, 81, line);
}

/* sec. 4.4: all-zero = 82 bits (two lanes of C=1, ES=0xFF, 8 x 0x0); no CSN = 513 + 513. */
static void all_zero_and_no_csn_lengths(void **state) {
    (void)state;
    uint8_t line[128] = {0}, out[DSM_MAX_BYTES];
    assert_int_equal(compress_checked(64, line, out), 82);
    static const uint8_t zero_stream[11] = {0xFF, 0x01, 0, 0, 0, 0xFE, 0x03, 0, 0, 0, 0};
    assert_memory_equal(out, zero_stream, 11);
    decompress_checked(64, out, 82, line);
    assert_int_equal(compress_checked(128, line, out), 81);
    for (unsigned t = 0; t < 50; t++) {
        make_lane(64, line, 0, 0);
        make_lane(64, line, 1, 0);
        assert_int_equal(compress_checked(64, line, out), 1026);
        /* raw lanes hold the bytes in address order right after C */
        for (unsigned b = 0; b < 128; b++) {
            size_t base = b < 64 ? 1 + 8 * b : 514 + 8 * (b - 64);
            for (unsigned j = 0; j < 8; j++) {
                assert_int_equal(bit_at(out, base + j), line[b] >> j & 1u);
            }
        }
        decompress_checked(64, out, 1026, line);
        make_lane(128, line, 0, 0);
        assert_int_equal(compress_checked(128, line, out), 1025);
        decompress_checked(128, out, 1025, line);
    }
    memset(line, 0xFF, sizeof line);
    assert_int_equal(compress_checked(64, line, out), 82);
    decompress_checked(64, out, 82, line);
}

/* Every combination of CSN counts in the two lanes (all lengths, all lane-1 start offsets). */
static void every_csn_count_combination(void **state) {
    (void)state;
    for (unsigned n0 = 0; n0 <= 8; n0++) {
        for (unsigned n1 = 0; n1 <= 8; n1++) {
            for (unsigned rep = 0; rep < 5; rep++) {
                uint8_t line[128], out[DSM_MAX_BYTES];
                uint32_t m0 = 0, m1 = 0;
                while ((unsigned)__builtin_popcount(m0) < n0) m0 |= 1u << (rnd() % 8);
                while ((unsigned)__builtin_popcount(m1) < n1) m1 |= 1u << (rnd() % 8);
                make_lane(64, line, 0, m0);
                make_lane(64, line, 1, m1);
                size_t bits = compress_checked(64, line, out);
                assert_int_equal(bits, dsm_lane_bits(8, m0) + dsm_lane_bits(8, m1));
                decompress_checked(64, out, bits, line);
            }
        }
    }
    for (unsigned n = 0; n <= 16; n++) {
        uint8_t line[128], out[DSM_MAX_BYTES];
        uint32_t m = 0;
        while ((unsigned)__builtin_popcount(m) < n) m |= 1u << (rnd() % 16);
        make_lane(128, line, 0, m);
        size_t bits = compress_checked(128, line, out);
        assert_int_equal(bits, dsm_lane_bits(16, m));
        decompress_checked(128, out, bits, line);
    }
}

/* ---- whole line: real data ------------------------------------------------------------- */

static const char *data_dir(void) {
    const char *d = getenv("NP_DATA_DIR");
    return d != NULL ? d : "../shared/data/lines";
}

typedef void (*line_visitor)(const char *file, bool is_float, const uint8_t line[128], void *ctx);

/* Every line of every file in NP_DATA_DIR (last partial line zero-padded). Fails when the
 * directory is missing or empty: a test that quietly checks nothing proves nothing. */
static size_t for_each_data_line(line_visitor visit, void *ctx) {
    DIR *d = opendir(data_dir());
    if (d == NULL) {
        fail_msg("NP_DATA_DIR '%s' cannot be opened", data_dir());
    }
    size_t lines = 0, files = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.') {
            continue;
        }
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", data_dir(), e->d_name);
        FILE *f = fopen(path, "rb");
        if (f == NULL) {
            continue;
        }
        bool is_float = strstr(e->d_name, ".float32.") != NULL;
        uint8_t line[128];
        size_t got;
        while ((got = fread(line, 1, sizeof line, f)) > 0) {
            memset(line + got, 0, sizeof line - got);
            visit(e->d_name, is_float, line, ctx);
            lines++;
        }
        fclose(f);
        files++;
    }
    closedir(d);
    assert_true(files > 0);
    return lines;
}

typedef struct {
    unsigned lane_bytes;
    size_t approx_lines;
} real_ctx;

/* Against the reference encoder, round trip, and for float files every legal approximation:
 * the stream decodes to the approximated line and is never longer than the lossless one. */
static void check_real_line(const char *file, bool is_float, const uint8_t line[128], void *ctx_p) {
    real_ctx *ctx = ctx_p;
    uint8_t out[DSM_MAX_BYTES];
    size_t bits = compress_checked(ctx->lane_bytes, line, out);
    uint8_t back[128];
    if (decompress_exact(ctx->lane_bytes, out, bits, back) != NP_OK || memcmp(back, line, 128) != 0) {
        fail_msg("%s: a line does not round-trip (lane %u)", file, ctx->lane_bytes);
    }
    if (!is_float) {
        return;
    }
    dsm_config c = cfg_of(ctx->lane_bytes);
    for (unsigned a = 4; a <= 20; a += 4) {
        uint8_t approx[128], out_a[DSM_MAX_BYTES];
        size_t bits_a;
        dsm_approx_apply(a, line, approx);
        assert_int_equal(dsm_compress(&c, approx, out_a, sizeof out_a, &bits_a), NP_OK);
        assert_true(bits_a <= bits);
        assert_int_equal(decompress_exact(ctx->lane_bytes, out_a, bits_a, back), NP_OK);
        assert_memory_equal(back, approx, 128);
    }
    ctx->approx_lines++;
}

static void every_real_line_lane64(void **state) {
    (void)state;
    real_ctx ctx = {64, 0};
    size_t lines = for_each_data_line(check_real_line, &ctx);
    assert_true(lines > 1000);
    assert_true(ctx.approx_lines > 0);
    print_message("checked %zu real lines (lane 64), %zu float lines x 5 approximations\n", lines,
                  ctx.approx_lines);
}

static void every_real_line_lane128(void **state) {
    (void)state;
    real_ctx ctx = {128, 0};
    size_t lines = for_each_data_line(check_real_line, &ctx);
    assert_true(lines > 1000);
    print_message("checked %zu real lines (lane 128)\n", lines);
}

/* ---- error paths ----------------------------------------------------------------------- */

static void compress_no_space_and_bad_param(void **state) {
    (void)state;
    dsm_config c = cfg_of(64);
    uint8_t line[128] = {0}, dst[DSM_MAX_BYTES];
    size_t bits = 0;
    memset(dst, 0xAA, sizeof dst);
    assert_int_equal(dsm_compress(&c, line, dst, 10, &bits), NP_NO_SPACE); /* 82 bits: 11 bytes */
    assert_int_equal(bits, 82);
    for (size_t i = 0; i < sizeof dst; i++) {
        assert_int_equal(dst[i], 0xAA); /* untouched */
    }
    assert_int_equal(dsm_compress(&c, line, dst, 11, &bits), NP_OK);
    assert_int_equal(dsm_compress(&c, line, NULL, 0, &bits), NP_NO_SPACE);
    make_lane(64, line, 0, 0);
    make_lane(64, line, 1, 0);
    assert_int_equal(dsm_compress(&c, line, dst, 128, &bits), NP_NO_SPACE);
    assert_int_equal(dsm_compress(&c, line, dst, 129, &bits), NP_OK);
    assert_int_equal(bits, 1026);

    assert_int_equal(dsm_compress(NULL, line, dst, sizeof dst, &bits), NP_BAD_PARAM);
    assert_int_equal(dsm_compress(&c, NULL, dst, sizeof dst, &bits), NP_BAD_PARAM);
    assert_int_equal(dsm_compress(&c, line, dst, sizeof dst, NULL), NP_BAD_PARAM);
    assert_int_equal(dsm_compress(&c, line, NULL, 5, &bits), NP_BAD_PARAM);
    dsm_config bad = cfg_of(32);
    assert_int_equal(dsm_compress(&bad, line, dst, sizeof dst, &bits), NP_BAD_PARAM);
    assert_int_equal(dsm_compressed_bits(&bad, line), 0);
    assert_int_equal(dsm_compressed_bits(NULL, line), 0);
    assert_int_equal(dsm_compressed_bits(&c, NULL), 0);
}

static void decompress_no_space_and_bad_param(void **state) {
    (void)state;
    dsm_config c = cfg_of(64), bad = cfg_of(100);
    uint8_t line[128] = {0}, stream[DSM_MAX_BYTES], out[128];
    size_t bits;
    assert_int_equal(dsm_compress(&c, line, stream, sizeof stream, &bits), NP_OK);
    assert_int_equal(dsm_decompress(&c, stream, bits, out, 127), NP_NO_SPACE);
    assert_int_equal(dsm_decompress(&c, stream, bits, NULL, 128), NP_BAD_PARAM);
    assert_int_equal(dsm_decompress(NULL, stream, bits, out, 128), NP_BAD_PARAM);
    assert_int_equal(dsm_decompress(&bad, stream, bits, out, 128), NP_BAD_PARAM);
    assert_int_equal(dsm_decompress(&c, NULL, 5, out, 128), NP_BAD_PARAM);
    assert_int_equal(dsm_decompress(&c, NULL, 0, out, 128), NP_BAD_DATA); /* empty stream */
}

/* A few streams of each kind, for the adversarial tests. */
static size_t sample_line(unsigned lane_bytes, unsigned which, uint8_t line[128]) {
    switch (which) {
    case 0: memset(line, 0, 128); break;
    case 1: fill_words(line, 0x3F800000u); break;
    case 2:
        for (unsigned k = 0; k < 128 / lane_bytes; k++) make_lane(lane_bytes, line, k, 0);
        break;
    case 3: /* mixed: lane 0 raw, lane 1 compressed (at L = 128: one mixed lane) */
        make_lane(lane_bytes, line, 0, lane_bytes == 64 ? 0 : 0x0F0Fu);
        if (lane_bytes == 64) make_lane(64, line, 1, 0x5Au);
        break;
    default:
        for (unsigned k = 0; k < 128 / lane_bytes; k++) {
            make_lane(lane_bytes, line, k, (uint32_t)rnd() & ((1u << (lane_bytes / 8)) - 1u));
        }
        break;
    }
    uint8_t out[DSM_MAX_BYTES];
    return compress_checked(lane_bytes, line, out);
}

/* docs/dsm.md 4.5: every truncation, and every extension by 1..70 bits of either value, is
 * BAD_DATA; the decoder reads only from the exact-size copy (ASan) and zeroes dst. */
static void truncated_and_extended_streams(void **state) {
    (void)state;
    for (unsigned lane_bytes = 64; lane_bytes <= 128; lane_bytes *= 2) {
        for (unsigned which = 0; which < 12; which++) {
            uint8_t line[128], stream[DSM_MAX_BYTES + 16] = {0}, out[128];
            sample_line(lane_bytes, which, line);
            dsm_config c = cfg_of(lane_bytes);
            size_t bits;
            assert_int_equal(dsm_compress(&c, line, stream, DSM_MAX_BYTES, &bits), NP_OK);
            for (size_t len = 0; len < bits; len++) {
                memset(out, 0x77, sizeof out);
                assert_int_equal(decompress_exact(lane_bytes, stream, len, out), NP_BAD_DATA);
                for (unsigned b = 0; b < 128; b++) {
                    assert_int_equal(out[b], 0);
                }
            }
            for (unsigned extra = 1; extra <= 70 && bits + extra <= 8 * sizeof stream; extra++) {
                for (unsigned value = 0; value < 2; value++) {
                    uint8_t longer[DSM_MAX_BYTES + 16];
                    memcpy(longer, stream, sizeof longer);
                    size_t pos = bits;
                    for (unsigned j = 0; j < extra; j++) {
                        longer[pos / 8] = (uint8_t)((longer[pos / 8] & ~(1u << (pos % 8))) |
                                                    value << (pos % 8));
                        pos++;
                    }
                    assert_int_equal(decompress_exact(lane_bytes, longer, bits + extra, out),
                                     NP_BAD_DATA);
                }
            }
            /* bits beyond the length are ignored: garbage padding still decodes */
            uint8_t padded[DSM_MAX_BYTES];
            memcpy(padded, stream, sizeof padded);
            if (bits % 8) {
                padded[bits / 8] |= (uint8_t)(0xFFu << (bits % 8));
            }
            assert_int_equal(decompress_exact(lane_bytes, padded, bits, out), NP_OK);
            assert_memory_equal(out, line, 128);
        }
    }
}

/* C = 1 with ES = 0 in either lane is BAD_DATA, whatever follows; a flipped C flag on a
 * no-CSN or all-zero line can never be a valid stream. */
static void es_zero_and_flipped_c(void **state) {
    (void)state;
    for (unsigned k = 0; k < 2; k++) {
        for (unsigned t = 0; t < 50; t++) {
            uint8_t line[128], one[DSM_MAX_BYTES], stream[DSM_MAX_BYTES + 72] = {0}, out[128];
            make_lane(64, line, 0, (uint32_t)rnd() & 0xFF);
            make_lane(64, line, 1, (uint32_t)rnd() & 0xFF);
            size_t total = ref_compress(64, line, one);
            uint64_t seg[8];
            ref_remap(64, line, seg);
            size_t len0 = dsm_lane_bits(8, dsm_encoding_status(8, seg));
            size_t pos = 0;
            for (unsigned j = 0; j < 2; j++) {
                if (j == k) { /* C = 1, ES = 0, then 0..64 random bits */
                    put_bits(stream, &pos, 1, 1);
                    put_bits(stream, &pos, 0, 8);
                    for (unsigned x = 0; x < 8 * (rnd() % 9); x++) {
                        put_bits(stream, &pos, rnd(), 1);
                    }
                } else { /* lane j's valid stream, copied from the reference encoding */
                    size_t from = j == 0 ? 0 : len0, to = j == 0 ? len0 : total;
                    for (size_t b2 = from; b2 < to; b2++) {
                        put_bits(stream, &pos, bit_at(one, b2), 1);
                    }
                }
            }
            assert_int_equal(decompress_exact(64, stream, pos, out), NP_BAD_DATA);
        }
    }
    uint8_t line[128], stream[DSM_MAX_BYTES], out[128];
    for (unsigned which = 0; which < 3; which += 2) { /* all-zero and no-CSN lines */
        size_t bits = sample_line(64, which, line);
        dsm_config c = cfg_of(64);
        assert_int_equal(dsm_compress(&c, line, stream, sizeof stream, &bits), NP_OK);
        uint64_t seg[8];
        dsm_remap(64, line, seg);
        size_t lane1 = dsm_lane_bits(8, dsm_encoding_status(8, seg));
        for (unsigned flip = 0; flip < 2; flip++) {
            uint8_t copy[DSM_MAX_BYTES];
            memcpy(copy, stream, sizeof copy);
            size_t at = flip ? lane1 : 0;
            copy[at / 8] ^= (uint8_t)(1u << (at % 8));
            assert_int_equal(decompress_exact(64, copy, bits, out), NP_BAD_DATA);
        }
    }
    /* C = 1, ES = 0 followed by exactly S raw segments' worth of bits (64S) and a valid rest:
     * only the ES = 0 check itself can reject these. */
    for (unsigned lane_bytes = 64; lane_bytes <= 128; lane_bytes *= 2) {
        unsigned segments = lane_bytes / 8;
        for (unsigned t = 0; t < 20; t++) {
            uint8_t big[200] = {0};
            size_t pos = 0;
            put_bits(big, &pos, 1, 1);
            put_bits(big, &pos, 0, segments);
            for (unsigned i = 0; i < segments; i++) {
                put_bits(big, &pos, rnd(), 64);
            }
            if (lane_bytes == 64) { /* lane 1: a valid all-zero lane (C=1, ES=0xFF, 8 x 0) */
                put_bits(big, &pos, 0x1FF, 9);
                put_bits(big, &pos, 0, 32);
            }
            assert_int_equal(decompress_exact(lane_bytes, big, pos, out), NP_BAD_DATA);
        }
    }
}

/* Random bit strings of random lengths: OK or BAD_DATA, never a crash or an out-of-bounds
 * read; an accepted stream decodes to a line whose own stream is no longer and round-trips
 * (the decoder accepts some non-canonical forms, docs/dsm.md 4.5). */
static void random_streams_never_misbehave(void **state) {
    (void)state;
    size_t accepted = 0;
    for (unsigned lane_bytes = 64; lane_bytes <= 128; lane_bytes *= 2) {
        dsm_config c = cfg_of(lane_bytes);
        for (unsigned t = 0; t < 30000; t++) {
            size_t bits = rnd() % 1100;
            uint8_t buf[(1100 + 7) / 8];
            random_bytes(buf, sizeof buf);
            if (t % 3 == 0) { /* bias towards plausible headers: a compressed lane 0 */
                buf[0] |= 1;
            }
            uint8_t out[128];
            np_result r = decompress_exact(lane_bytes, buf, bits, out);
            assert_true(r == NP_OK || r == NP_BAD_DATA);
            if (r == NP_OK) {
                accepted++;
                uint8_t again[DSM_MAX_BYTES], back[128];
                size_t n;
                assert_int_equal(dsm_compress(&c, out, again, sizeof again, &n), NP_OK);
                assert_true(n <= bits);
                assert_int_equal(decompress_exact(lane_bytes, again, n, back), NP_OK);
                assert_memory_equal(back, out, 128);
            }
        }
    }
    /* Streams that only need their length to be right: raw lanes (C = 0) of random bytes. */
    for (unsigned t = 0; t < 1000; t++) {
        uint8_t buf[DSM_MAX_BYTES] = {0}, out[128];
        size_t pos = 0;
        for (unsigned k = 0; k < 2; k++) {
            put_bits(buf, &pos, 0, 1);
            for (unsigned b = 0; b < 64; b++) {
                put_bits(buf, &pos, rnd(), 8);
            }
        }
        assert_int_equal(decompress_exact(64, buf, pos, out), NP_OK);
        accepted++;
    }
    print_message("random streams: %zu accepted\n", accepted);
    uint8_t big[300] = {0}, out[128];
    for (size_t len = DSM_MAX_BITS + 1; len <= 8 * sizeof big; len += 97) {
        assert_int_equal(decompress_exact(64, big, len, out), NP_BAD_DATA);
    }
}

/* ---- single-lane decoder (dsm_decompress_lane, docs/dsm.md 6: dsm_lane_pair_decompressor) --- */

/* Bits [from, to) of stream into a zeroed buffer starting at bit 0. */
static void copy_bits(const uint8_t *stream, size_t from, size_t to, uint8_t *out, size_t out_bytes) {
    memset(out, 0, out_bytes);
    size_t pos = 0;
    for (size_t i = from; i < to; i++) {
        put_bits(out, &pos, bit_at(stream, i), 1);
    }
}

/* Length of the 64-byte lane whose C bit is at pos, from its header (sec. 4.2, 4.3). */
static size_t lane64_bits_at(const uint8_t *stream, size_t pos) {
    if (!bit_at(stream, pos)) {
        return 513;
    }
    uint32_t es = 0;
    for (unsigned s = 0; s < 8; s++) {
        es |= (uint32_t)bit_at(stream, pos + 1 + s) << s;
    }
    return dsm_lane_bits(8, es);
}

/* dsm_decompress_lane on an exact-size heap copy (ASan catches any read past it). */
static np_result lane_exact(unsigned lane_bytes, const uint8_t *stream, size_t bits, uint8_t *lane) {
    dsm_config c = cfg_of(lane_bytes);
    uint8_t *src = exact_copy(stream, bits);
    np_result r = dsm_decompress_lane(&c, src, bits, lane, lane_bytes);
    free(src);
    return r;
}

/* A line stream split at lane 0's length: each lane decodes on its own to its half of the line,
 * and the halves equal what dsm_decompress makes of the whole stream. */
static void check_split_line(const uint8_t line[128], const char *what) {
    uint8_t stream[DSM_MAX_BYTES], lane_stream[2][DSM_MAX_BYTES], out[128], whole[128];
    size_t total = compress_checked(64, line, stream);
    size_t len0 = lane64_bits_at(stream, 0);
    size_t bounds[3] = {0, len0, total};
    for (unsigned k = 0; k < 2; k++) {
        copy_bits(stream, bounds[k], bounds[k + 1], lane_stream[k], DSM_MAX_BYTES);
        np_result r = lane_exact(64, lane_stream[k], bounds[k + 1] - bounds[k], out + 64 * k);
        if (r != NP_OK || memcmp(out + 64 * k, line + 64 * k, 64) != 0) {
            fail_msg("%s: lane %u does not round-trip (%s)", what, k, np_result_name(r));
        }
    }
    assert_int_equal(decompress_exact(64, stream, total, whole), NP_OK);
    assert_memory_equal(out, whole, 128);
}

static void lane_visit_real(const char *file, bool is_float, const uint8_t line[128], void *ctx_p) {
    (void)is_float;
    size_t *count = ctx_p;
    check_split_line(line, file);
    /* one 128-byte lane: the lane decoder and the line decoder read the same stream */
    if (++*count % 16u == 0) {
        uint8_t stream[DSM_MAX_BYTES], out[128];
        size_t bits = compress_checked(128, line, stream);
        assert_int_equal(lane_exact(128, stream, bits, out), NP_OK);
        assert_memory_equal(out, line, 128);
    }
}

static void lane_decoder_every_real_line(void **state) {
    (void)state;
    size_t count = 0;
    size_t lines = for_each_data_line(lane_visit_real, &count);
    assert_true(lines > 1000);
    print_message("lane decoder: %zu real lines, each lane on its own stream\n", lines);
}

/* Hand-worked lanes (sec. 2, 4.2, 4.3) and every CSN count of either lane. */
static void lane_decoder_worked_examples(void **state) {
    (void)state;
    uint8_t stream[DSM_MAX_BYTES] = {0}, out[64], expect[64];
    size_t pos = 0;
    /* float 1.0: C=1, ES=0xFF, nibbles 0,0,0,0,0,8,F,3 (41 bits) */
    put_bits(stream, &pos, 1u | 0xFFu << 1 | UINT64_C(0x8) << (9 + 20) | UINT64_C(0xF) << (9 + 24) |
                               UINT64_C(0x3) << (9 + 28), 41);
    assert_int_equal(lane_exact(64, stream, 41, out), NP_OK);
    for (unsigned w = 0; w < 16; w++) {
        assert_int_equal(word_of(out, w), 0x3F800000u);
    }
    /* all zero: C=1, ES=0xFF, 8 x 0x0 */
    memset(stream, 0, sizeof stream);
    stream[0] = 0xFF, stream[1] = 0x01;
    assert_int_equal(lane_exact(64, stream, 41, out), NP_OK);
    memset(expect, 0, sizeof expect);
    assert_memory_equal(out, expect, 64);
    /* raw: C=0 and the bytes in address order */
    for (unsigned t = 0; t < 20; t++) {
        memset(stream, 0, sizeof stream);
        pos = 0;
        random_bytes(expect, sizeof expect);
        put_bits(stream, &pos, 0, 1);
        for (unsigned b = 0; b < 64; b++) {
            put_bits(stream, &pos, expect[b], 8);
        }
        assert_int_equal(lane_exact(64, stream, 513, out), NP_OK); /* CSNs or not: accepted */
        assert_memory_equal(out, expect, 64);
    }
    for (unsigned n0 = 0; n0 <= 8; n0++) {
        for (unsigned n1 = 0; n1 <= 8; n1++) {
            uint8_t line[128];
            uint32_t m0 = 0, m1 = 0;
            while ((unsigned)__builtin_popcount(m0) < n0) m0 |= 1u << (rnd() % 8);
            while ((unsigned)__builtin_popcount(m1) < n1) m1 |= 1u << (rnd() % 8);
            make_lane(64, line, 0, m0);
            make_lane(64, line, 1, m1);
            check_split_line(line, "csn counts");
        }
    }
}

/* docs/dsm.md 4.5 applied to one lane: every truncation, every extension, C = 1 with ES = 0
 * (followed by anything), are BAD_DATA with the lane zeroed; garbage after the length is
 * ignored. */
static void lane_decoder_malformed(void **state) {
    (void)state;
    static const uint32_t masks[] = {0x00, 0xFF, 0x01, 0x80, 0x5A, 0x7F};
    for (unsigned m = 0; m < sizeof masks / sizeof masks[0]; m++) {
        uint8_t line[128], stream[DSM_MAX_BYTES], lane_stream[160] = {0}, out[64];
        make_lane(64, line, 0, masks[m]);
        make_lane(64, line, 1, 0xFF);
        compress_checked(64, line, stream);
        size_t bits = lane64_bits_at(stream, 0);
        assert_int_equal(bits, dsm_lane_bits(8, masks[m]));
        copy_bits(stream, 0, bits, lane_stream, sizeof lane_stream);
        for (size_t len = 0; len < bits; len++) {
            memset(out, 0x77, sizeof out);
            assert_int_equal(lane_exact(64, lane_stream, len, out), NP_BAD_DATA);
            for (unsigned b = 0; b < 64; b++) {
                assert_int_equal(out[b], 0);
            }
        }
        for (size_t extra = 1; bits + extra <= 1023; extra++) { /* every 10-bit length above */
            uint8_t longer[160];
            memcpy(longer, lane_stream, sizeof longer);
            for (size_t i = bits; i < bits + extra; i++) {
                unsigned v = extra % 3 == 0 ? 0u : extra % 3 == 1 ? 1u : (unsigned)(rnd() & 1u);
                longer[i / 8] = (uint8_t)((longer[i / 8] & ~(1u << (i % 8))) | v << (i % 8));
            }
            assert_int_equal(lane_exact(64, longer, bits + extra, out), NP_BAD_DATA);
        }
        uint8_t padded[160];
        memcpy(padded, lane_stream, sizeof padded);
        if (bits % 8) {
            padded[bits / 8] |= (uint8_t)(0xFFu << (bits % 8));
        }
        assert_int_equal(lane_exact(64, padded, bits, out), NP_OK);
        assert_memory_equal(out, line, 64);
    }
    /* C = 1, ES = 0, then 0 .. 520 bits: 512 of them is exactly S raw segments, where only the
     * ES = 0 check itself can reject the lane */
    for (unsigned lane_bytes = 64; lane_bytes <= 128; lane_bytes *= 2) {
        unsigned segments = lane_bytes / 8;
        for (unsigned tail = 0; tail <= 64u * segments + 8u; tail += tail < 64u * segments ? 13u : 1u) {
            uint8_t big[200] = {0}, out[128];
            size_t pos = 0;
            put_bits(big, &pos, 1, 1);
            put_bits(big, &pos, 0, segments);
            for (unsigned i = 0; i < tail; i++) {
                put_bits(big, &pos, rnd(), 1);
            }
            assert_int_equal(lane_exact(lane_bytes, big, pos, out), NP_BAD_DATA);
        }
        uint8_t big[200] = {0}, out[128];
        size_t pos = 0;
        put_bits(big, &pos, 1, 1);
        put_bits(big, &pos, 0, segments);
        for (unsigned i = 0; i < segments; i++) {
            put_bits(big, &pos, rnd() | 1u, 64);
        }
        assert_int_equal(pos, 1u + 65u * segments);
        assert_int_equal(lane_exact(lane_bytes, big, pos, out), NP_BAD_DATA);
    }
}

static void lane_decoder_bad_param_and_no_space(void **state) {
    (void)state;
    dsm_config c = cfg_of(64), bad = cfg_of(96);
    uint8_t stream[8] = {0xFF, 0x01, 0, 0, 0, 0, 0, 0}, out[128];
    assert_int_equal(dsm_decompress_lane(&c, stream, 41, out, 64), NP_OK);
    assert_int_equal(dsm_decompress_lane(&c, stream, 41, out, 63), NP_NO_SPACE);
    assert_int_equal(dsm_decompress_lane(&c, stream, 41, NULL, 64), NP_BAD_PARAM);
    assert_int_equal(dsm_decompress_lane(NULL, stream, 41, out, 64), NP_BAD_PARAM);
    assert_int_equal(dsm_decompress_lane(&bad, stream, 41, out, 128), NP_BAD_PARAM);
    assert_int_equal(dsm_decompress_lane(&c, NULL, 41, out, 64), NP_BAD_PARAM);
    assert_int_equal(dsm_decompress_lane(&c, NULL, 0, out, 64), NP_BAD_DATA); /* empty lane */
    dsm_config c128 = cfg_of(128);
    assert_int_equal(dsm_decompress_lane(&c128, stream, 41, out, 127), NP_NO_SPACE);
}

/* Random bit strings: each lane decoded on its own agrees with the line decoder on their
 * concatenation (sec. 4.4): both lanes accepted => the line is accepted with the same bytes;
 * the line accepted => split at lane 0's length, both lanes are accepted. */
static void lane_decoder_agrees_with_line_decoder(void **state) {
    (void)state;
    size_t both_ok = 0;
    for (unsigned t = 0; t < 20000; t++) {
        uint8_t lane_stream[2][80], line_stream[DSM_MAX_BYTES + 8] = {0}, lanes[128], line[128];
        size_t len[2];
        for (unsigned k = 0; k < 2; k++) {
            random_bytes(lane_stream[k], sizeof lane_stream[k]);
            if (t % 2 == 0) { /* plausible: a lane of the model, sometimes damaged */
                uint8_t l[128], s[DSM_MAX_BYTES];
                make_lane(64, l, 0, (uint32_t)rnd() & 0xFF);
                make_lane(64, l, 1, 0xFF);
                compress_checked(64, l, s);
                len[k] = lane64_bits_at(s, 0);
                copy_bits(s, 0, len[k], lane_stream[k], sizeof lane_stream[k]);
                if (rnd() % 4 == 0) {
                    size_t i = rnd() % len[k];
                    lane_stream[k][i / 8] ^= (uint8_t)(1u << (i % 8));
                }
            } else {
                len[k] = rnd() % 514;
            }
        }
        np_result r0 = lane_exact(64, lane_stream[0], len[0], lanes);
        np_result r1 = lane_exact(64, lane_stream[1], len[1], lanes + 64);
        size_t pos = 0;
        for (unsigned k = 0; k < 2; k++) {
            for (size_t i = 0; i < len[k]; i++) {
                put_bits(line_stream, &pos, bit_at(lane_stream[k], i), 1);
            }
        }
        np_result rl = decompress_exact(64, line_stream, pos, line);
        if (r0 == NP_OK && r1 == NP_OK) {
            both_ok++;
            assert_int_equal(rl, NP_OK);
            assert_memory_equal(line, lanes, 128);
        }
        if (rl == NP_OK) {
            size_t l0 = lane64_bits_at(line_stream, 0);
            uint8_t split[DSM_MAX_BYTES], again[128];
            copy_bits(line_stream, 0, l0, split, sizeof split);
            assert_int_equal(lane_exact(64, split, l0, again), NP_OK);
            copy_bits(line_stream, l0, pos, split, sizeof split);
            assert_int_equal(lane_exact(64, split, pos - l0, again + 64), NP_OK);
            assert_memory_equal(again, line, 128);
        }
    }
    assert_true(both_ok > 1000);
    print_message("lane decoder vs line decoder: %zu of 20000 lane pairs both valid\n", both_ok);
}

/* ---- approximation (sec. 5) ------------------------------------------------------------ */

#define ADDR_MAX ((UINT64_C(1) << 41) - 1u)

static void approx_map_set_validates(void **state) {
    (void)state;
    dsm_approx_map m;
    dsm_approx_map_init(&m);
    for (unsigned i = 0; i < 8; i++) {
        assert_false(m.entry[i].valid);
    }
    for (unsigned bits = 0; bits < 64; bits++) {
        bool legal = bits == 0 || bits == 4 || bits == 8 || bits == 12 || bits == 16 || bits == 20;
        assert_int_equal(dsm_approx_map_set(&m, 0, 10, 20, bits), legal ? NP_OK : NP_BAD_PARAM);
    }
    assert_int_equal(dsm_approx_map_set(&m, 8, 0, 1, 4), NP_BAD_PARAM);
    assert_int_equal(dsm_approx_map_set(&m, 0, 0, ADDR_MAX + 1, 4), NP_BAD_PARAM);
    assert_int_equal(dsm_approx_map_set(&m, 0, ADDR_MAX + 1, ADDR_MAX + 1, 4), NP_BAD_PARAM);
    assert_int_equal(dsm_approx_map_set(&m, 0, 21, 20, 4), NP_BAD_PARAM); /* start > end */
    assert_int_equal(dsm_approx_map_set(NULL, 0, 0, 1, 4), NP_BAD_PARAM);
    assert_int_equal(dsm_approx_map_set(&m, 7, 0, ADDR_MAX, 20), NP_OK);
    assert_int_equal(dsm_approx_map_set(&m, 3, 5, 5, 12), NP_OK); /* a single line */
    assert_true(m.entry[3].valid);
    assert_int_equal(m.entry[3].bits, 12);
}

static void approx_lookup_priority_and_bounds(void **state) {
    (void)state;
    dsm_approx_map m;
    dsm_approx_map_init(&m);
    assert_int_equal(dsm_approx_lookup(&m, 0), 0);
    assert_int_equal(dsm_approx_lookup(&m, ADDR_MAX), 0);
    assert_int_equal(dsm_approx_lookup(NULL, 5), 0);
    /* a wide range at entry 5 and a narrow exception at entry 1: the lowest index wins */
    assert_int_equal(dsm_approx_map_set(&m, 5, 1000, 2000, 16), NP_OK);
    assert_int_equal(dsm_approx_map_set(&m, 1, 1500, 1600, 4), NP_OK);
    assert_int_equal(dsm_approx_lookup(&m, 999), 0);
    assert_int_equal(dsm_approx_lookup(&m, 1000), 16);
    assert_int_equal(dsm_approx_lookup(&m, 1499), 16);
    assert_int_equal(dsm_approx_lookup(&m, 1500), 4);
    assert_int_equal(dsm_approx_lookup(&m, 1600), 4);
    assert_int_equal(dsm_approx_lookup(&m, 1601), 16);
    assert_int_equal(dsm_approx_lookup(&m, 2000), 16);
    assert_int_equal(dsm_approx_lookup(&m, 2001), 0);
    /* a matching entry with bits 0 still wins (lossless exception inside a lossy range) */
    assert_int_equal(dsm_approx_map_set(&m, 0, 1550, 1550, 0), NP_OK);
    assert_int_equal(dsm_approx_lookup(&m, 1550), 0);
    assert_int_equal(dsm_approx_lookup(&m, 1551), 4);
    /* the hardware's view: an entry written directly with start > end matches nothing, an
     * invalid entry is ignored, a raw illegal bits value is returned as stored */
    dsm_approx_map_init(&m);
    m.entry[0] = (dsm_approx_entry){true, 300, 100, 20};
    m.entry[1] = (dsm_approx_entry){false, 0, ADDR_MAX, 8};
    m.entry[2] = (dsm_approx_entry){true, 150, 250, 21};
    assert_int_equal(dsm_approx_lookup(&m, 200), 21);
    assert_int_equal(dsm_approx_lookup(&m, 100), 0);
    assert_int_equal(dsm_approx_lookup(&m, 300), 0);
}

/* sec. 5.2: n = min(bits >> 2, 5); 1..3 act as 0, 5..7 as 4, 21..31 as 20. */
static void approx_nibbles_formula(void **state) {
    (void)state;
    static const unsigned expect[32] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
                                        4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
    for (unsigned b = 0; b < 32; b++) {
        assert_int_equal(dsm_approx_nibbles(b), expect[b]);
    }
}

static void approx_apply_examples(void **state) {
    (void)state;
    uint8_t line[128], out[128];
    fill_words(line, 0x40490FDBu); /* pi */
    static const struct {
        unsigned bits;
        uint32_t word;
    } cases[] = {{0, 0x40490FDBu}, {3, 0x40490FDBu}, {4, 0x40490FD0u}, {8, 0x40490F00u},
                 {12, 0x40490000u}, {16, 0x40490000u}, {20, 0x40400000u}, {31, 0x40400000u}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        dsm_approx_apply(cases[i].bits, line, out);
        for (unsigned w = 0; w < 32; w++) {
            assert_int_equal(word_of(out, w), cases[i].word);
        }
    }
    /* in and out may alias; segments 0..n-1 of each lane become zero (sec. 5.2) */
    random_bytes(line, sizeof line);
    dsm_approx_apply(12, line, line);
    for (unsigned k = 0; k < 2; k++) {
        uint64_t seg[8];
        dsm_remap(64, line + 64 * k, seg);
        assert_int_equal(seg[0] | seg[1] | seg[2], 0);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(config_default_and_check),
        cmocka_unit_test(remap_float_one_example),
        cmocka_unit_test(remap_matches_formula_and_inverts),
        cmocka_unit_test(csn_detect_every_nibble_and_near_miss),
        cmocka_unit_test(encoding_status_and_checker),
        cmocka_unit_test(lane_lengths_from_spec),
        cmocka_unit_test(ed_offsets_and_bit_count),
        cmocka_unit_test(segment_recover_cases),
        cmocka_unit_test(concat_and_unpack_compose_to_whole_line),
        cmocka_unit_test(float_one_stream_by_hand),
        cmocka_unit_test(all_zero_and_no_csn_lengths),
        cmocka_unit_test(every_csn_count_combination),
        cmocka_unit_test(every_real_line_lane64),
        cmocka_unit_test(every_real_line_lane128),
        cmocka_unit_test(compress_no_space_and_bad_param),
        cmocka_unit_test(decompress_no_space_and_bad_param),
        cmocka_unit_test(truncated_and_extended_streams),
        cmocka_unit_test(es_zero_and_flipped_c),
        cmocka_unit_test(random_streams_never_misbehave),
        cmocka_unit_test(lane_decoder_every_real_line),
        cmocka_unit_test(lane_decoder_worked_examples),
        cmocka_unit_test(lane_decoder_malformed),
        cmocka_unit_test(lane_decoder_bad_param_and_no_space),
        cmocka_unit_test(lane_decoder_agrees_with_line_decoder),
        cmocka_unit_test(approx_map_set_validates),
        cmocka_unit_test(approx_lookup_priority_and_bounds),
        cmocka_unit_test(approx_nibbles_formula),
        cmocka_unit_test(approx_apply_examples),
    };
    return cmocka_run_group_tests_name("dsm", tests, NULL, NULL);
}
