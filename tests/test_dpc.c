/* Unit tests of the DPC / DF-TRUC / DF-MAN C model (docs/dpc.md) and the critical-map
 * generator (docs/dpc.md section 9).
 *
 * - worked examples with hand-derived streams: all-zero and all-one lines, each single-plane
 *   pattern, the checker boundary for every word count;
 * - stages: remap against a bit-by-bit transpose, detector, recover, checker, lengths;
 * - every line of every file in the data directory (NP_DATA_DIR, default
 *   ../shared/data/lines) round-trips in every mode: DPC; DF-TRUC with all 15 maps (critical
 *   sub-blocks equal, the rest zero); DF-MAN with all 15 maps (critical sub-blocks equal, the
 *   stream is one of the two candidates and the shorter); a sample is also checked bit for bit
 *   against a deliberately naive encoder written here from the spec;
 * - adversarial decoder input: every truncation, trailing bits, map 0, non-canonical headers,
 *   random streams, each decoded from a heap buffer of exactly the stream's size so the
 *   sanitizer build catches any read past it;
 * - the CLI (NP_NOCPRESS, run as a process in NP_TEST_TMP): `ratio --algo`, `savings-table`
 *   and `vectors --unit dpc`, with expected numbers worked out here from docs/dpc.md or from
 *   the library, never read back from the tool.
 * Usage: test_dpc [data_dir]. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cmocka.h>

#include "critmap.h"
#include "dpc.h"
#include "test_data.h"

/* ---- helpers --------------------------------------------------------------------------- */

static const char *g_data_dir = "../shared/data/lines";

static unsigned stream_bit(const uint8_t *buf, size_t i) {
    return (buf[i >> 3] >> (i & 7u)) & 1u;
}

static uint64_t stream_field(const uint8_t *buf, size_t pos, unsigned nbits) {
    uint64_t v = 0;
    for (unsigned k = 0; k < nbits; k++) {
        v |= (uint64_t)stream_bit(buf, pos + k) << k;
    }
    return v;
}

static uint32_t line_word(const uint8_t *line, unsigned j) {
    const uint8_t *p = line + 4u * j;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void set_line_word(uint8_t *line, unsigned j, uint32_t v) {
    for (unsigned b = 0; b < 4; b++) {
        line[4u * j + b] = (uint8_t)(v >> (8u * b));
    }
}

/* A line whose 32 planes are exactly planes[] (built bit by bit, independent of the model). */
static void line_from_planes(const uint32_t planes[32], uint8_t line[128]) {
    for (unsigned j = 0; j < 32; j++) {
        uint32_t w = 0;
        for (unsigned i = 0; i < 32; i++) {
            w |= ((planes[i] >> j) & 1u) << i;
        }
        set_line_word(line, j, w);
    }
}

static unsigned popcount4(unsigned m) {
    return (m & 1u) + ((m >> 1) & 1u) + ((m >> 2) & 1u) + ((m >> 3) & 1u);
}

/* Deterministic xorshift for test data (seeded per test, never rand()). */
static uint64_t xs_next(uint64_t *s) {
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

/* A plane that is neither all zeros nor all ones over wc bits. */
static uint32_t mixed_plane(uint64_t *s, unsigned wc) {
    uint32_t m = wc >= 32 ? 0xFFFFFFFFu : (1u << wc) - 1u;
    for (;;) {
        uint32_t p = (uint32_t)xs_next(s) & m;
        if (p != 0u && p != m) {
            return p;
        }
    }
}

/* ---- naive reference encoder (written from docs/dpc.md, bit by bit) -------------------- */

typedef struct {
    uint8_t bit[1100];
    size_t len;
} ref_stream;

static void ref_put(ref_stream *s, uint64_t v, unsigned nbits) {
    for (unsigned k = 0; k < nbits; k++) {
        s->bit[s->len++] = (uint8_t)((v >> k) & 1u);
    }
}

/* Sec. 3/4: [map] C ES ED, or [map] C raw. words: wc words. */
static void ref_encode(const uint32_t *words, unsigned wc, int has_map, unsigned map,
                       ref_stream *s) {
    s->len = 0;
    if (has_map) {
        ref_put(s, map, 4);
    }
    unsigned plane_bit[32][32];
    unsigned es[32], n = 0;
    for (unsigned i = 0; i < 32; i++) {
        unsigned ones = 0;
        for (unsigned j = 0; j < wc; j++) {
            plane_bit[i][j] = (words[j] >> i) & 1u;
            ones += plane_bit[i][j];
        }
        es[i] = ones == 0 || ones == wc;
        n += es[i];
    }
    unsigned comp_len = 1 + 32 + n + wc * (32 - n), raw_len = 1 + 32 * wc;
    if (comp_len < raw_len) {
        ref_put(s, 1, 1);
        for (unsigned i = 0; i < 32; i++) {
            ref_put(s, es[i], 1);
        }
        for (unsigned i = 0; i < 32; i++) {
            if (es[i]) {
                ref_put(s, plane_bit[i][0], 1);
            } else {
                for (unsigned j = 0; j < wc; j++) {
                    ref_put(s, plane_bit[i][j], 1);
                }
            }
        }
    } else {
        ref_put(s, 0, 1);
        for (unsigned j = 0; j < wc; j++) {
            ref_put(s, words[j], 32);
        }
    }
}

static void assert_stream_equals_ref(const uint8_t *buf, size_t bits, const ref_stream *ref) {
    assert_int_equal(bits, ref->len);
    for (size_t i = 0; i < bits; i++) {
        if (stream_bit(buf, i) != ref->bit[i]) {
            fail_msg("stream bit %zu: model %u, reference %u", i, stream_bit(buf, i),
                     (unsigned)ref->bit[i]);
        }
    }
    /* padding bits of the last byte are zero (docs/conventions.md) */
    for (size_t i = bits; i < (bits + 7u) / 8u * 8u; i++) {
        assert_int_equal(stream_bit(buf, i), 0);
    }
}

static void ref_words_for_map(const uint8_t *line, unsigned map, uint32_t *words, unsigned *wc) {
    *wc = 0;
    for (unsigned k = 0; k < 4; k++) {
        if ((map >> k) & 1u) {
            for (unsigned j = 0; j < 8; j++) {
                words[(*wc)++] = line_word(line, 8 * k + j);
            }
        }
    }
}

/* Decode from a heap copy of exactly (bits+7)/8 bytes so ASan sees any over-read. */
static np_result decode_exact(dpc_mode mode, const uint8_t *stream, size_t bits, uint8_t *line,
                              unsigned *map) {
    size_t nbytes = (bits + 7u) / 8u;
    uint8_t *copy = malloc(nbytes ? nbytes : 1u);
    assert_non_null(copy);
    if (nbytes) {
        memcpy(copy, stream, nbytes);
    }
    np_result rc = dpc_mode_decompress(mode, nbytes ? copy : NULL, bits, line, 128, map);
    free(copy);
    return rc;
}

/* ---- worked examples ------------------------------------------------------------------- */

static void test_all_zero_line(void **state) {
    (void)state;
    uint8_t line[128] = {0}, buf[DPC_MAX_BYTES], back[128];
    size_t bits = 0;
    assert_int_equal(dpc_compress(line, buf, sizeof buf, &bits), NP_OK);
    assert_int_equal(bits, 65); /* 1057 - 31 * 32 */
    assert_int_equal(stream_field(buf, 0, 1), 1);
    assert_int_equal(stream_field(buf, 1, 32), 0xFFFFFFFFu);
    assert_int_equal(stream_field(buf, 33, 32), 0);
    assert_int_equal(dpc_decompress(buf, bits, back, sizeof back), NP_OK);
    assert_memory_equal(back, line, 128);
}

static void test_all_one_line(void **state) {
    (void)state;
    uint8_t line[128], buf[DPC_MAX_BYTES], back[128];
    memset(line, 0xFF, sizeof line);
    size_t bits = 0;
    assert_int_equal(dpc_compress(line, buf, sizeof buf, &bits), NP_OK);
    assert_int_equal(bits, 65);
    assert_int_equal(stream_field(buf, 1, 32), 0xFFFFFFFFu);
    assert_int_equal(stream_field(buf, 33, 32), 0xFFFFFFFFu);
    assert_int_equal(dpc_decompress(buf, bits, back, sizeof back), NP_OK);
    assert_memory_equal(back, line, 128);
}

/* Plane i mixed (alternating words), every other plane constant (zeros below i, ones above):
 * n = 31, length 96; ED = i zero bits, the 32-bit plane, then 31 - i one bits. */
static void test_single_plane_patterns(void **state) {
    (void)state;
    for (unsigned i = 0; i < 32; i++) {
        uint32_t planes[32];
        for (unsigned p = 0; p < 32; p++) {
            planes[p] = p < i ? 0u : 0xFFFFFFFFu;
        }
        planes[i] = 0xAAAAAAAAu;
        uint8_t line[128], buf[DPC_MAX_BYTES], back[128];
        line_from_planes(planes, line);
        size_t bits = 0;
        assert_int_equal(dpc_compress(line, buf, sizeof buf, &bits), NP_OK);
        assert_int_equal(bits, 96);
        assert_int_equal(stream_field(buf, 0, 1), 1);
        assert_int_equal(stream_field(buf, 1, 32), ~(1u << i));
        size_t pos = 33;
        for (unsigned p = 0; p < 32; p++) {
            if (p == i) {
                assert_int_equal(stream_field(buf, pos, 32), 0xAAAAAAAAu);
                pos += 32;
            } else {
                assert_int_equal(stream_field(buf, pos, 1), p < i ? 0u : 1u);
                pos += 1;
            }
        }
        assert_int_equal(pos, bits);
        assert_int_equal(dpc_decompress(buf, bits, back, sizeof back), NP_OK);
        assert_memory_equal(back, line, 128);
    }
}

/* Exactly n compressible planes over the words of map: the checker boundary of every word
 * count (sec. 3, 4), in DF-TRUC, and for map 1111 also plain DPC. */
static void test_checker_boundary(void **state) {
    (void)state;
    uint64_t seed = 0x1234567u;
    for (unsigned map = 1; map <= 15; map++) {
        unsigned wc = 8 * popcount4(map);
        unsigned min = dpc_min_planes(wc);
        for (unsigned n = (min > 0 ? min - 1 : 0); n <= min; n++) {
            /* planes over the critical words: first n constant, the rest mixed */
            uint32_t planes[32];
            for (unsigned p = 0; p < 32; p++) {
                planes[p] = p < n ? (p & 1u ? (uint32_t)((1ull << wc) - 1u) : 0u)
                                  : mixed_plane(&seed, wc);
            }
            uint32_t words[32];
            dpc_unremap(wc, planes, words);
            uint8_t line[128];
            memset(line, 0x5C, sizeof line); /* non-critical contents must not matter */
            unsigned w = 0;
            for (unsigned k = 0; k < 4; k++) {
                if ((map >> k) & 1u) {
                    for (unsigned j = 0; j < 8; j++) {
                        set_line_word(line, 8 * k + j, words[w++]);
                    }
                }
            }
            uint8_t buf[DPC_MAX_BYTES];
            size_t bits = 0;
            assert_int_equal(dftruc_compress(line, map, buf, sizeof buf, &bits), NP_OK);
            bool compressed = n >= min;
            size_t expect = compressed ? 4u + 33u + n + wc * (32u - n) : 4u + 1u + 32u * wc;
            assert_int_equal(bits, expect);
            assert_int_equal(stream_field(buf, 0, 4), map);
            assert_int_equal(stream_field(buf, 4, 1), compressed ? 1u : 0u);
            if (map == 15) {
                assert_int_equal(dpc_compress(line, buf, sizeof buf, &bits), NP_OK);
                assert_int_equal(bits, n >= 2 ? 1057u - 31u * n : 1025u);
            }
        }
    }
    /* the thresholds themselves: n (wc - 1) > 32 */
    assert_int_equal(dpc_min_planes(8), 5);
    assert_int_equal(dpc_min_planes(16), 3);
    assert_int_equal(dpc_min_planes(24), 2);
    assert_int_equal(dpc_min_planes(32), 2);
    assert_int_equal(dpc_min_planes(7), 0);
}

/* Raw fallback writes the words in address order after C = 0. */
static void test_raw_layout(void **state) {
    (void)state;
    uint64_t s = 99;
    uint8_t line[128], buf[DPC_MAX_BYTES], back[128];
    uint32_t planes[32];
    for (unsigned p = 0; p < 32; p++) {
        planes[p] = mixed_plane(&s, 32);
    }
    line_from_planes(planes, line);
    size_t bits = 0;
    assert_int_equal(dpc_compress(line, buf, sizeof buf, &bits), NP_OK);
    assert_int_equal(bits, 1025);
    assert_int_equal(stream_bit(buf, 0), 0);
    for (unsigned b = 0; b < 128; b++) {
        assert_int_equal(stream_field(buf, 1 + 8u * b, 8), line[b]);
    }
    assert_int_equal(dpc_decompress(buf, bits, back, sizeof back), NP_OK);
    assert_memory_equal(back, line, 128);
}

/* ---- stages ---------------------------------------------------------------------------- */

static void test_remap_matches_definition(void **state) {
    (void)state;
    uint64_t s = 7;
    for (unsigned trial = 0; trial < 200; trial++) {
        unsigned wc = 8u * (1u + trial % 4u);
        uint32_t words[32], planes[32], back[32];
        for (unsigned j = 0; j < 32; j++) {
            words[j] = (uint32_t)xs_next(&s);
        }
        dpc_remap(wc, words, planes);
        for (unsigned i = 0; i < 32; i++) {
            for (unsigned j = 0; j < 32; j++) {
                unsigned expect = j < wc ? (words[j] >> i) & 1u : 0u;
                assert_int_equal((planes[i] >> j) & 1u, expect);
            }
        }
        dpc_unremap(wc, planes, back);
        assert_memory_equal(back, words, wc * sizeof words[0]);
        uint32_t es = dpc_encoding_status(wc, planes);
        for (unsigned i = 0; i < 32; i++) {
            unsigned v = 9;
            bool c = dpc_plane_detect(wc, planes[i], &v);
            assert_int_equal((es >> i) & 1u, c ? 1u : 0u);
            assert_int_equal(v, planes[i] & 1u);
        }
    }
}

static void test_detector_and_recover(void **state) {
    (void)state;
    assert_true(dpc_plane_detect(32, 0u, NULL));
    assert_true(dpc_plane_detect(32, 0xFFFFFFFFu, NULL));
    assert_false(dpc_plane_detect(32, 0xFFFFFFFEu, NULL));
    assert_true(dpc_plane_detect(8, 0xFFu, NULL));
    assert_true(dpc_plane_detect(8, 0xA500u, NULL)); /* bits above wc are not in the plane */
    assert_false(dpc_plane_detect(8, 0x7Fu, NULL));
    assert_true(dpc_plane_detect(16, 0xFFFFu, NULL));
    assert_false(dpc_plane_detect(12, 0u, NULL));     /* no such word count */
    assert_int_equal(dpc_plane_recover(8, true, 1), 0xFFu);
    assert_int_equal(dpc_plane_recover(24, true, 1), 0xFFFFFFu);
    assert_int_equal(dpc_plane_recover(32, true, 0), 0u);
    assert_int_equal(dpc_plane_recover(16, false, 0xABCD1234u), 0x1234u);
    assert_int_equal(dpc_plane_recover(32, false, 0xABCD1234u), 0xABCD1234u);
}

static void test_lengths(void **state) {
    (void)state;
    for (unsigned wc = 8; wc <= 32; wc += 8) {
        for (unsigned n = 0; n <= 32; n++) {
            uint32_t es = n == 32 ? 0xFFFFFFFFu : (1u << n) - 1u;
            unsigned comp = 33u + n + wc * (32u - n), raw = 1u + 32u * wc;
            assert_int_equal(dpc_comp_check(wc, es), comp < raw);
            assert_int_equal(dpc_body_bits(wc, es), comp < raw ? comp : raw);
        }
    }
    assert_int_equal(dpc_body_bits(5, 0), 0);
    assert_false(dpc_comp_check(0, 0xFFFFFFFFu));
}

static void test_select_place_manipulate(void **state) {
    (void)state;
    uint8_t line[128], back[128], man[128];
    for (unsigned b = 0; b < 128; b++) {
        line[b] = (uint8_t)(b * 7u + 1u);
    }
    for (unsigned map = 1; map <= 15; map++) {
        uint32_t words[32];
        unsigned wc = dpc_select_words(map, line, words);
        assert_int_equal(wc, 8 * popcount4(map));
        memset(back, 0xEE, sizeof back);
        dpc_place_words(map, words, back);
        dpc_manipulate(map, line, man);
        for (unsigned k = 0; k < 4; k++) {
            for (unsigned b = 32 * k; b < 32 * k + 32; b++) {
                uint8_t expect = (map >> k) & 1u ? line[b] : 0u;
                assert_int_equal(back[b], expect);
                assert_int_equal(man[b], expect);
            }
        }
    }
    uint32_t words[32];
    assert_int_equal(dpc_select_words(0, line, words), 0);
    assert_int_equal(dpc_select_words(16, line, words), 0);
    memcpy(man, line, sizeof man);
    dpc_manipulate(0x5, man, man); /* in place */
    assert_memory_equal(man, line, 32);
    assert_memory_equal(man + 64, line + 64, 32);
}

static void test_concat_unpack_stages(void **state) {
    (void)state;
    uint64_t s = 31337;
    for (unsigned trial = 0; trial < 400; trial++) {
        unsigned wc = 8u * (1u + trial % 4u);
        uint32_t planes[32], words[32], back[32];
        for (unsigned p = 0; p < 32; p++) { /* a random number of constant planes */
            planes[p] = xs_next(&s) % 3u == 0u ? mixed_plane(&s, wc)
                                              : (xs_next(&s) & 1u ? (uint32_t)((1ull << wc) - 1u)
                                                                  : 0u);
        }
        dpc_unremap(wc, planes, words);
        uint32_t es = dpc_encoding_status(wc, planes);
        uint8_t buf[DPC_MAX_BYTES];
        np_bitwriter w;
        np_bw_init(&w, buf, sizeof buf);
        dpc_concat(&w, wc, words, planes, es);
        assert_false(w.overflow);
        assert_int_equal(w.pos, dpc_body_bits(wc, es));
        np_bitreader r;
        np_br_init(&r, buf, w.pos);
        assert_int_equal(dpc_unpack(&r, wc, back), NP_OK);
        assert_int_equal(r.pos, w.pos);
        assert_memory_equal(back, words, wc * sizeof words[0]);
    }
    np_bitwriter w;
    uint8_t buf[8];
    np_bw_init(&w, buf, sizeof buf);
    uint32_t z[32] = {0};
    dpc_concat(&w, 12, z, z, 0);
    assert_true(w.overflow);
    np_bitreader r;
    np_br_init(&r, buf, 64);
    assert_int_equal(dpc_unpack(&r, 12, z), NP_BAD_PARAM);
    assert_int_equal(dpc_unpack(NULL, 32, z), NP_BAD_PARAM);
}

/* dpc_compress's stream equals the stage functions' (remap, encoding status, concatenator)
 * bit for bit: the whole-line path builds it differently (docs/dpc.md sec. 10: on AVX2 a
 * compressed stream with mixed planes is built 8 words at a time). */
static void assert_whole_line_equals_stages(const uint8_t line[128]) {
    uint32_t words[32], planes[32];
    for (unsigned j = 0; j < 32; j++) {
        words[j] = (uint32_t)line[4 * j] | (uint32_t)line[4 * j + 1] << 8 | (uint32_t)line[4 * j + 2] << 16 |
                   (uint32_t)line[4 * j + 3] << 24;
    }
    dpc_remap(32, words, planes);
    uint8_t want[DPC_MAX_BYTES + 8] = {0}, got[DPC_MAX_BYTES + 8] = {0};
    np_bitwriter w;
    np_bw_init(&w, want, DPC_MAX_BYTES);
    dpc_concat(&w, 32, words, planes, dpc_encoding_status(32, planes));
    assert_false(w.overflow);
    size_t bits = 0;
    assert_int_equal(dpc_compress(line, got, DPC_MAX_BYTES, &bits), NP_OK);
    assert_int_equal(bits, w.pos);
    assert_memory_equal(got, want, sizeof got);
}

static void test_whole_line_equals_stages(void **state) {
    (void)state;
    uint64_t s = 0xD9C5;
    for (unsigned trial = 0; trial < 20000; trial++) {
        uint32_t planes[32], words[32];
        unsigned mixed = trial % 34u;                     /* 0 .. 32 mixed planes, 33: random */
        for (unsigned p = 0; p < 32; p++) {
            planes[p] = xs_next(&s) & 1u ? 0xFFFFFFFFu : 0u;
        }
        for (unsigned k = 0; k < mixed && k < 32u; k++) planes[xs_next(&s) % 32u] = mixed_plane(&s, 32);
        dpc_unremap(32, planes, words);
        if (mixed == 33u) {
            for (unsigned j = 0; j < 32; j++) words[j] = (uint32_t)xs_next(&s);
        }
        uint8_t line[128];
        for (unsigned j = 0; j < 32; j++) {
            for (unsigned b = 0; b < 4; b++) line[4 * j + b] = (uint8_t)(words[j] >> (8 * b));
        }
        assert_whole_line_equals_stages(line);
    }
}

/* ---- API contract ---------------------------------------------------------------------- */

static void test_api_errors(void **state) {
    (void)state;
    uint8_t line[128] = {0}, buf[DPC_MAX_BYTES], out[128];
    size_t bits = 0;
    assert_int_equal(dpc_compress(NULL, buf, sizeof buf, &bits), NP_BAD_PARAM);
    assert_int_equal(dpc_compress(line, buf, sizeof buf, NULL), NP_BAD_PARAM);
    assert_int_equal(dpc_compress(line, NULL, 5, &bits), NP_BAD_PARAM);
    assert_int_equal(dftruc_compress(line, 0, buf, sizeof buf, &bits), NP_BAD_PARAM);
    assert_int_equal(dftruc_compress(line, 16, buf, sizeof buf, &bits), NP_BAD_PARAM);
    assert_int_equal(dfman_compress(line, 0, buf, sizeof buf, &bits, NULL), NP_BAD_PARAM);
    assert_int_equal(dftruc_compressed_bits(line, 0), 0);
    assert_int_equal(dfman_compressed_bits(line, 17), 0);
    assert_int_equal(dpc_compressed_bits(NULL), 0);
    assert_int_equal(dpc_mode_compress((dpc_mode)3, line, 1, buf, sizeof buf, &bits),
                     NP_BAD_PARAM);
    /* NO_SPACE: the length is still reported, dst untouched */
    memset(buf, 0xA5, sizeof buf);
    bits = 0;
    assert_int_equal(dpc_compress(line, buf, 8, &bits), NP_NO_SPACE);
    assert_int_equal(bits, 65);
    assert_int_equal(buf[0], 0xA5);
    assert_int_equal(dpc_compress(line, NULL, 0, &bits), NP_NO_SPACE);
    assert_int_equal(dpc_compress(line, buf, 9, &bits), NP_OK); /* 65 bits = 9 bytes exactly */
    assert_int_equal(dpc_decompress(buf, bits, out, 127), NP_NO_SPACE);
    assert_int_equal(dpc_decompress(NULL, 5, out, 128), NP_BAD_PARAM);
    assert_int_equal(dpc_decompress(buf, bits, NULL, 128), NP_BAD_PARAM);
    unsigned map = 7;
    assert_int_equal(dpc_mode_decompress((dpc_mode)3, buf, bits, out, 128, &map), NP_BAD_PARAM);
    assert_int_equal(map, 0);
    assert_string_equal(dpc_mode_name(DPC_MODE_DFTRUC), "dftruc");
}

static void test_hw_rules(void **state) {
    (void)state;
    assert_int_equal(dpc_hw_mode(0), DPC_MODE_DPC);
    assert_int_equal(dpc_hw_mode(1), DPC_MODE_DFTRUC);
    assert_int_equal(dpc_hw_mode(2), DPC_MODE_DFMAN);
    assert_int_equal(dpc_hw_mode(3), DPC_MODE_DPC);
    assert_int_equal(dpc_hw_mode(5), DPC_MODE_DFTRUC);
    assert_int_equal(dpc_hw_map(0), 0xF);
    assert_int_equal(dpc_hw_map(0x10), 0xF);
    assert_int_equal(dpc_hw_map(0x3), 0x3);
}

/* DF-MAN: tie -> original; a manipulated copy is taken only when strictly shorter. */
static void test_dfman_choice(void **state) {
    (void)state;
    uint64_t s = 4242;
    uint8_t line[128], buf[DPC_MAX_BYTES], back[128];
    size_t bits = 0;
    bool manip = true;
    /* sub-block 0 all zero, the rest random: manipulating with map 1000 gives all zero */
    memset(line, 0, 32);
    for (unsigned b = 32; b < 128; b++) {
        line[b] = (uint8_t)xs_next(&s);
    }
    assert_int_equal(dfman_compress(line, 0x1, buf, sizeof buf, &bits, &manip), NP_OK);
    assert_true(manip);
    assert_int_equal(bits, 65);
    assert_int_equal(dpc_decompress(buf, bits, back, sizeof back), NP_OK);
    assert_memory_equal(back, line, 32);
    /* an all-zero line: both candidates 65 bits, tie -> original */
    memset(line, 0, sizeof line);
    assert_int_equal(dfman_compress(line, 0x1, buf, sizeof buf, &bits, &manip), NP_OK);
    assert_false(manip);
    /* map 1111: the manipulated line is the original */
    for (unsigned b = 0; b < 128; b++) {
        line[b] = (uint8_t)xs_next(&s);
    }
    assert_int_equal(dfman_compress(line, 0xF, buf, sizeof buf, &bits, &manip), NP_OK);
    assert_false(manip);
    assert_int_equal(bits, dpc_compressed_bits(line));
}

/* ---- the data directory ---------------------------------------------------------------- */

/* Read as this program always has (see test_data.h for the flags), from g_data_dir. */
static int setup_data(void **state) {
    return test_data_setup(state, test_data_load_dir("test_dpc", g_data_dir,
                                                     TEST_DATA_DIR_ORDER));
}

static void check_line_all_modes(const uint8_t *line, int with_reference) {
    uint8_t buf[DPC_MAX_BYTES], back[128];
    size_t bits = 0;
    ref_stream ref;
    /* DPC */
    assert_int_equal(dpc_compress(line, buf, sizeof buf, &bits), NP_OK);
    assert_int_equal(bits, dpc_compressed_bits(line));
    assert_true(bits <= DPC_MAX_BITS);
    assert_int_equal(dpc_decompress(buf, bits, back, sizeof back), NP_OK);
    assert_memory_equal(back, line, 128);
    if (with_reference) {
        uint32_t words[32];
        unsigned wc;
        ref_words_for_map(line, 0xF, words, &wc);
        ref_encode(words, wc, 0, 0, &ref);
        assert_stream_equals_ref(buf, bits, &ref);
    }
    size_t dpc_bits = bits;
    for (unsigned map = 1; map <= 15; map++) {
        /* DF-TRUC: critical sub-blocks equal, the rest zero, the map comes back */
        unsigned got_map = 0;
        assert_int_equal(dftruc_compress(line, map, buf, sizeof buf, &bits), NP_OK);
        assert_int_equal(bits, dftruc_compressed_bits(line, map));
        assert_true(bits <= DFTRUC_MAX_BITS);
        assert_int_equal(dftruc_decompress(buf, bits, back, sizeof back, &got_map), NP_OK);
        assert_int_equal(got_map, map);
        for (unsigned k = 0; k < 4; k++) {
            if ((map >> k) & 1u) {
                assert_memory_equal(back + 32 * k, line + 32 * k, 32);
            } else {
                static const uint8_t zero[32];
                assert_memory_equal(back + 32 * k, zero, 32);
            }
        }
        if (with_reference) {
            uint32_t words[32];
            unsigned wc;
            ref_words_for_map(line, map, words, &wc);
            ref_encode(words, wc, 1, map, &ref);
            assert_stream_equals_ref(buf, bits, &ref);
        }
        /* DF-MAN: critical sub-blocks equal; the stream is the shorter candidate, tie ->
         * original, and the receiver needs nothing but the plain DPC decoder */
        bool manip = false;
        assert_int_equal(dfman_compress(line, map, buf, sizeof buf, &bits, &manip), NP_OK);
        assert_int_equal(bits, dfman_compressed_bits(line, map));
        assert_int_equal(dpc_decompress(buf, bits, back, sizeof back), NP_OK);
        for (unsigned k = 0; k < 4; k++) {
            if ((map >> k) & 1u) {
                assert_memory_equal(back + 32 * k, line + 32 * k, 32);
            }
        }
        uint8_t man[128];
        dpc_manipulate(map, line, man);
        size_t man_bits = dpc_compressed_bits(man);
        assert_int_equal(bits, man_bits < dpc_bits ? man_bits : dpc_bits);
        assert_int_equal(manip, man_bits < dpc_bits);
        assert_memory_equal(back, manip ? man : line, 128);
    }
}

static void test_data_round_trip(void **state) {
    test_data_set *ds = *state;
    size_t checked = 0;
    for (unsigned f = 0; f < ds->count; f++) {
        for (size_t i = 0; i < ds->file[f].lines; i++) {
            /* every line in every mode; every 16th also bit for bit against the reference;
             * every one's DPC stream against the stage functions' */
            check_line_all_modes(ds->file[f].data + 128u * i, (i % 16u) == 0u);
            assert_whole_line_equals_stages(ds->file[f].data + 128u * i);
            checked++;
        }
    }
    print_message("test_dpc: %zu lines from %u files round-tripped in DPC, DF-TRUC x15, "
                  "DF-MAN x15\n", checked, ds->count);
    assert_true(checked > 0);
}

/* ---- adversarial decoder input --------------------------------------------------------- */

/* Every strict prefix and every extension by 1..9 bits (zeros and ones) is rejected, and the
 * output line is all zero after the error. */
static void check_truncations_and_trailing(dpc_mode mode, const uint8_t *buf, size_t bits) {
    uint8_t out[128];
    static const uint8_t zero[128];
    unsigned map = 99;
    for (size_t len = 0; len < bits; len++) {
        memset(out, 0x77, sizeof out);
        assert_int_equal(decode_exact(mode, buf, len, out, &map), NP_BAD_DATA);
        assert_memory_equal(out, zero, 128);
        assert_int_equal(map, 0);
    }
    for (unsigned extra = 1; extra <= 9; extra++) {
        for (unsigned fill = 0; fill < 2; fill++) {
            uint8_t ext[DPC_MAX_BYTES + 2] = {0};
            memcpy(ext, buf, (bits + 7u) / 8u);
            for (size_t i = bits; i < bits + extra; i++) {
                ext[i >> 3] = (uint8_t)(ext[i >> 3] | (fill << (i & 7u)));
            }
            assert_int_equal(decode_exact(mode, ext, bits + extra, out, &map), NP_BAD_DATA);
        }
    }
    assert_int_equal(decode_exact(mode, buf, bits, out, &map), NP_OK);
}

static void test_every_truncation(void **state) {
    (void)state;
    uint64_t s = 555;
    for (unsigned trial = 0; trial < 40; trial++) {
        uint8_t line[128], buf[DPC_MAX_BYTES];
        uint32_t planes[32];
        for (unsigned p = 0; p < 32; p++) { /* from all-compressible to all-raw */
            planes[p] = p < trial ? mixed_plane(&s, 32) : (p & 1u ? 0xFFFFFFFFu : 0u);
        }
        line_from_planes(planes, line);
        size_t bits;
        assert_int_equal(dpc_compress(line, buf, sizeof buf, &bits), NP_OK);
        check_truncations_and_trailing(DPC_MODE_DPC, buf, bits);
        check_truncations_and_trailing(DPC_MODE_DFMAN, buf, bits);
        unsigned map = 1u + trial % 15u;
        assert_int_equal(dftruc_compress(line, map, buf, sizeof buf, &bits), NP_OK);
        check_truncations_and_trailing(DPC_MODE_DFTRUC, buf, bits);
    }
}

static void test_map_zero_and_noncanonical(void **state) {
    (void)state;
    /* room for the longest non-canonical header: map, C = 1, ES = 0 and 32 raw planes */
    uint8_t out[128], buf[(4u + 1u + 32u + 32u * 32u + 7u) / 8u];
    unsigned map = 5;
    /* DF-TRUC with map 0 and an otherwise well-formed body of 0 words is still rejected */
    memset(buf, 0, sizeof buf);
    assert_int_equal(decode_exact(DPC_MODE_DFTRUC, buf, 4 + 1, out, &map), NP_BAD_DATA);
    assert_int_equal(decode_exact(DPC_MODE_DFTRUC, buf, 4 + 33 + 32, out, &map), NP_BAD_DATA);
    /* A valid DF-TRUC stream with its map field cleared */
    uint8_t line[128] = {0};
    size_t bits;
    assert_int_equal(dftruc_compress(line, 0x3, buf, sizeof buf, &bits), NP_OK);
    buf[0] &= 0xF0u;
    assert_int_equal(decode_exact(DPC_MODE_DFTRUC, buf, bits, out, &map), NP_BAD_DATA);
    /* C = 1 with n compressible planes, for n below and at the threshold of every wc: only
     * streams the compressor can emit are accepted */
    for (unsigned m = 1; m <= 15; m++) {
        unsigned wc = 8 * popcount4(m);
        unsigned min = dpc_min_planes(wc);
        for (unsigned n = 0; n <= min; n++) {
            np_bitwriter w;
            np_bw_init(&w, buf, sizeof buf);
            np_bw_put(&w, m, 4);
            np_bw_put(&w, 1, 1);
            np_bw_put(&w, n == 0 ? 0u : (1u << n) - 1u, 32);
            for (unsigned p = 0; p < 32; p++) {
                np_bw_put(&w, p < n ? 0u : 0x55555555u, p < n ? 1u : wc);
            }
            assert_false(w.overflow);
            np_result expect = n >= min ? NP_OK : NP_BAD_DATA;
            assert_int_equal(decode_exact(DPC_MODE_DFTRUC, buf, w.pos, out, &map), expect);
            if (m == 15) {
                /* the same body without the map is a plain DPC stream */
                np_bw_init(&w, buf, sizeof buf);
                np_bw_put(&w, 1, 1);
                np_bw_put(&w, n == 0 ? 0u : (1u << n) - 1u, 32);
                for (unsigned p = 0; p < 32; p++) {
                    np_bw_put(&w, p < n ? 0u : 0x55555555u, p < n ? 1u : 32u);
                }
                assert_int_equal(decode_exact(DPC_MODE_DPC, buf, w.pos, out, &map), expect);
            }
        }
    }
}

/* The whole-line decoder's oracle: the same stream through the stage functions (bounds-checked
 * bit reader, dpc_unpack, dpc_place_words), which the whole-line decoder's padded reader and
 * length checks must match in every accept / reject decision and every decoded line. */
static np_result decode_stages(dpc_mode mode, const uint8_t *stream, size_t bits, uint8_t *line, unsigned *map) {
    np_bitreader r;
    np_br_init(&r, stream, bits);
    *map = DPC_MAP_FULL;
    if (mode == DPC_MODE_DFTRUC) {
        if (np_br_remaining(&r) < DPC_MAP_BITS) return NP_BAD_DATA;
        *map = (unsigned)np_br_get(&r, DPC_MAP_BITS);
        if (*map == 0u) return NP_BAD_DATA;
    }
    uint32_t words[DPC_WORDS];
    unsigned wc = DPC_SUBBLOCK_WORDS * (unsigned)popcount4(*map);
    if (dpc_unpack(&r, wc, words) != NP_OK || np_br_remaining(&r) != 0) return NP_BAD_DATA;
    dpc_place_words(*map, words, line);
    return NP_OK;
}

static void assert_decoders_agree(dpc_mode mode, const uint8_t *buf, size_t bits) {
    uint8_t fast[128], ref[128];
    unsigned fast_map = 0, ref_map = 0;
    np_result rc = decode_exact(mode, buf, bits, fast, &fast_map);
    assert_int_equal(rc, decode_stages(mode, buf, bits, ref, &ref_map));
    if (rc == NP_OK) {
        assert_int_equal(fast_map, ref_map);
        assert_memory_equal(fast, ref, sizeof fast);
    }
}

/* Random streams of random lengths: the decoder either accepts (and then the stream has
 * exactly the length its header implies) or rejects with a zero line; never crashes; and it
 * decides and decodes as the stage functions do. */
static void test_random_streams(void **state) {
    (void)state;
    uint64_t s = 0xC0FFEEu;
    size_t accepted = 0;
    for (unsigned trial = 0; trial < 20000; trial++) {
        uint8_t buf[DPC_MAX_BYTES + 8], out[128];
        size_t bits = xs_next(&s) % (8u * sizeof buf + 1u);
        for (unsigned b = 0; b < sizeof buf; b++) {
            buf[b] = (uint8_t)xs_next(&s);
        }
        if (trial % 4u == 0u) { /* bias towards plausible headers: C = 1, many ES bits */
            buf[0] |= 1u;
            buf[1] = buf[2] = buf[3] = 0xFF;
        }
        dpc_mode mode = (dpc_mode)(trial % 3u);
        if (trial % 4u == 1u) { /* a compressor's stream with one bit flipped, cut or not */
            uint8_t line[128];
            for (unsigned b = 0; b < sizeof line; b++) {
                line[b] = (uint8_t)(xs_next(&s) & (b % 4u == 3u ? 0x81u : 0x0Fu));
            }
            unsigned m = 1u + (unsigned)(xs_next(&s) % 15u);
            memset(buf, 0, sizeof buf);
            assert_int_equal(dpc_mode_compress(mode, line, m, buf, sizeof buf, &bits), NP_OK);
            size_t flip = xs_next(&s) % (bits + 8u);
            buf[flip >> 3] = (uint8_t)(buf[flip >> 3] ^ (1u << (flip & 7u)));
            bits = xs_next(&s) % 2u ? bits : flip;
        }
        assert_decoders_agree(mode, buf, bits);
        unsigned map = 77;
        np_result rc = decode_exact(mode, buf, bits, out, &map);
        if (rc == NP_OK) {
            accepted++;
            assert_true(map >= 1 && map <= 15);
        } else {
            static const uint8_t zero[128];
            assert_int_equal(rc, NP_BAD_DATA);
            assert_memory_equal(out, zero, 128);
        }
    }
    print_message("test_dpc: %zu of 20000 random streams were well-formed\n", accepted);
}

/* ---- critical-map generator ------------------------------------------------------------ */

static void test_critmap_text(void **state) {
    (void)state;
    unsigned m = 0;
    assert_true(critmap_parse("1000", &m));
    assert_int_equal(m, 0x1);
    assert_true(critmap_parse("1100", &m));
    assert_int_equal(m, 0x3);
    assert_true(critmap_parse("0001", &m));
    assert_int_equal(m, 0x8);
    assert_false(critmap_parse("0000", &m));
    assert_false(critmap_parse("100", &m));
    assert_false(critmap_parse("10000", &m));
    assert_false(critmap_parse("1020", &m));
    assert_false(critmap_parse(NULL, &m));
    for (unsigned map = 1; map <= 15; map++) {
        char text[5];
        critmap_format(map, text);
        assert_true(critmap_parse(text, &m));
        assert_int_equal(m, map);
    }
}

static int contiguous(unsigned map) {
    while ((map & 1u) == 0u) {
        map >>= 1;
    }
    return (map & (map + 1u)) == 0u;
}

static void test_critmap_types(void **state) {
    (void)state;
    unsigned weight = 0, seen = 0;
    for (unsigned t = 0; t < CRITMAP_TYPES; t++) {
        unsigned maps[4];
        unsigned n = critmap_type_maps((critmap_type)t, maps);
        assert_true(n >= 1);
        weight += critmap_type_weight((critmap_type)t);
        const char *name = critmap_type_name((critmap_type)t);
        unsigned bytes = (unsigned)atoi(name + (name[0] == 'I' ? 3 : 2));
        for (unsigned i = 0; i < n; i++) {
            assert_int_equal(32 * popcount4(maps[i]), bytes);
            if (maps[i] != 0xF) {
                assert_int_equal(contiguous(maps[i]), name[0] == 'C');
            }
            seen |= 1u << maps[i];
        }
    }
    assert_int_equal(weight, 100);
    assert_int_equal(seen, 0xFFFEu); /* all 15 maps */
    assert_int_equal(critmap_type_of(0x1), CRITMAP_CA32);
    assert_int_equal(critmap_type_of(0x5), CRITMAP_ICA64);
    assert_int_equal(critmap_type_of(0), CRITMAP_TYPES);
}

static void test_critmap_draws(void **state) {
    (void)state;
    critmap_gen g, h;
    assert_int_equal(critmap_init_fixed(&g, 0), NP_BAD_PARAM);
    assert_int_equal(critmap_init_fixed(&g, 0x3), NP_OK);
    critmap_type t;
    assert_int_equal(critmap_next(&g, &t), 0x3);
    assert_int_equal(t, CRITMAP_CA64);
    assert_int_equal(critmap_init_mix(&g, 2024), NP_OK);
    assert_int_equal(critmap_init_mix(&h, 2024), NP_OK);
    unsigned count[CRITMAP_TYPES] = {0};
    const unsigned draws = 200000;
    for (unsigned i = 0; i < draws; i++) {
        unsigned a = critmap_next(&g, &t), b = critmap_next(&h, NULL);
        assert_int_equal(a, b); /* same seed, same maps */
        assert_true(a >= 1 && a <= 15);
        assert_true(t < CRITMAP_TYPES);
        if (t != CRITMAP_CA128 && t != CRITMAP_ICA128) {
            assert_int_equal(critmap_type_of(a), t);
        }
        count[t]++;
    }
    /* frequencies within 0.5 percentage points of the documented weights (deterministic
     * seed; the binomial standard deviation is at most 0.12 points at this count) */
    for (unsigned k = 0; k < CRITMAP_TYPES; k++) {
        double got = 100.0 * count[k] / draws;
        double want = critmap_type_weight((critmap_type)k);
        if (got < want - 0.5 || got > want + 0.5) {
            fail_msg("type %s drawn %.2f%%, weight %.0f%%", critmap_type_name((critmap_type)k),
                     got, want);
        }
    }
    assert_int_equal(critmap_init_mix(&h, 2025), NP_OK);
    assert_int_equal(critmap_init_mix(&g, 2024), NP_OK);
    unsigned differ = 0;
    for (unsigned i = 0; i < 100; i++) {
        differ += critmap_next(&g, NULL) != critmap_next(&h, NULL);
    }
    assert_true(differ > 10); /* another seed, another sequence */
    assert_int_equal(critmap_next(NULL, NULL), 0);
}

/* ---- the CLI ------------------------------------------------------------------------------ */

static const char *tool(void) {
    const char *t = getenv("NP_NOCPRESS");
    return t != NULL ? t : "build/bin/nocpress";
}

static const char *tmp_dir(void) {
    const char *t = getenv("NP_TEST_TMP");
    return t != NULL ? t : "build/tests/tmp-dpc";
}

static char out_text[1 << 16];

/* Runs "nocpress ARGS" with stdout captured (stderr discarded); returns the exit status. */
static int run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int run(const char *fmt, ...) {
    char args[4096], cmd[8192], out_path[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(out_path, sizeof out_path, "%s/dpc_stdout.txt", tmp_dir());
    snprintf(cmd, sizeof cmd, "%s %s >%s 2>/dev/null", tool(), args, out_path);
    int status = system(cmd);
    FILE *f = fopen(out_path, "rb");
    size_t n = f != NULL ? fread(out_text, 1, sizeof out_text - 1, f) : 0;
    out_text[n] = '\0';
    if (f != NULL) {
        fclose(f);
    }
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

#define assert_contains(text, needle)                                                         \
    do {                                                                                      \
        if (strstr((text), (needle)) == NULL) {                                               \
            fail_msg("expected \"%s\" in:\n%s", (needle), (text));                            \
        }                                                                                     \
    } while (0)

static void write_lines(const char *path, const uint8_t *data, size_t n) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

static int setup_cli_and_data(void **state) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s/dpc_data' '%s/dpc_empty'", tmp_dir(), tmp_dir());
    if (system(cmd) != 0) {
        return -1;
    }
    return setup_data(state);
}

/* The value of column `col` (0-based, whitespace separated) of the row starting with `name`. */
static unsigned long long row_field(const char *text, const char *name, unsigned col) {
    const char *row = strstr(text, name);
    if (row == NULL) {
        fail_msg("no row %s in:\n%s", name, text);
        return 0;
    }
    char line[1024];
    size_t len = strcspn(row, "\n");
    snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), row);
    char *save = NULL, *tok = strtok_r(line, " \t|", &save);
    for (unsigned c = 0; tok != NULL && c < col; c++) {
        tok = strtok_r(NULL, " \t|", &save);
    }
    assert_non_null(tok);
    return strtoull(tok, NULL, 10);
}

/* Two all-zero lines: DPC 65 bits each (sec. 3), DF-TRUC 69 (map + 65), DF-MAN 65. */
static void test_cli_ratio_known_lines(void **state) {
    (void)state;
    char path[1024];
    snprintf(path, sizeof path, "%s/dpc_data/zeros.int32.bin", tmp_dir());
    uint8_t zeros[256] = {0};
    write_lines(path, zeros, sizeof zeros);
    assert_int_equal(run("ratio --algo dpc %s", path), 0);
    assert_int_equal(row_field(out_text, "zeros.int32.bin", 4), 130);
    assert_contains(out_text, "93.7%");
    assert_int_equal(run("ratio --algo dftruc --map 1000 %s", path), 0);
    assert_int_equal(row_field(out_text, "zeros.int32.bin", 4), 138);
    assert_contains(out_text, "critical maps 1000");
    assert_int_equal(run("ratio --algo dfman --map 0110 --format md %s", path), 0);
    assert_int_equal(row_field(out_text, "| zeros.int32.bin", 4), 130);
    /* --algo dsm is the DSM table: 82 bits per zero line (docs/dsm.md 4.4) */
    assert_int_equal(run("ratio --algo dsm %s", path), 0);
    assert_int_equal(row_field(out_text, "zeros.int32.bin", 4), 164);
}

/* A real file with the mix generator: the tool's total equals the library's, line by line. */
static void test_cli_ratio_mix_matches_library(void **state) {
    test_data_set *ds = *state;
    const test_data_file *f = &ds->file[0];
    for (unsigned m = 0; m < 2; m++) {
        dpc_mode mode = m == 0 ? DPC_MODE_DFTRUC : DPC_MODE_DFMAN;
        critmap_gen g;
        critmap_init_mix(&g, 5);
        unsigned long long bits = 0;
        for (size_t i = 0; i < f->lines; i++) {
            bits += dpc_mode_compressed_bits(mode, f->data + 128u * i, critmap_next(&g, NULL));
        }
        assert_int_equal(run("ratio --algo %s --map mix --seed 5 %s/%s", dpc_mode_name(mode),
                             g_data_dir, f->name), 0);
        assert_int_equal(row_field(out_text, f->name, 4), bits);
    }
}

static void test_cli_savings_table(void **state) {
    (void)state;
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/dpc_data", tmp_dir());
    uint8_t zeros[256] = {0};
    char path[1100];
    snprintf(path, sizeof path, "%s/zeros.int32.bin", dir);
    write_lines(path, zeros, sizeof zeros);
    assert_int_equal(run("savings-table %s", dir), 0);
    /* dsm 1 - 82/1024, dpc 1 - 65/1024, truc 1 - 69/1024, man = dpc */
    assert_contains(out_text, "[int32]");
    const char *row = strstr(out_text, "zeros.int32.bin");
    assert_non_null(row);
    char line[512];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(row, "\n"), row);
    static const char *const want[] = {"92.0%", "93.7%", "93.3%", "93.3%", "93.3%", "93.3%",
                                       "93.3%", "93.7%", "93.7%", "93.7%", "93.7%", "93.7%"};
    char *save = NULL, *tok = strtok_r(line, " ", &save);
    tok = strtok_r(NULL, " ", &save); /* lines */
    assert_string_equal(tok, "2");
    for (unsigned c = 0; c < sizeof want / sizeof want[0]; c++) {
        tok = strtok_r(NULL, " ", &save);
        assert_non_null(tok);
        assert_string_equal(tok, want[c]);
    }
    assert_int_equal(run("savings-table --format md --seed 3 %s", dir), 0);
    assert_contains(out_text, "| zeros.int32.bin | 2 | 92.0% | 93.7% |");
    assert_contains(out_text, "seed 3");
    char empty[1100];
    snprintf(empty, sizeof empty, "%s/dpc_empty", tmp_dir());
    assert_int_equal(run("savings-table %s", empty), 1);
    assert_int_equal(run("savings-table %s/nope", dir), 1);
    assert_int_equal(run("savings-table a b"), 2);
}

static void test_cli_usage_errors(void **state) {
    (void)state;
    assert_int_equal(run("ratio --algo dpc --map 1000 x"), 2);
    assert_int_equal(run("ratio --algo bogus x"), 2);
    assert_int_equal(run("ratio --algo dftruc --map 0000 x"), 2);
    assert_int_equal(run("ratio --algo dftruc --map 10 x"), 2);
    assert_int_equal(run("ratio --algo dfman --seed -1 x"), 2);
    assert_int_equal(run("ratio --algo dfman"), 2);
    assert_int_equal(run("ratio --algo dfman /nonexistent/file.bin"), 1);
    assert_int_equal(run("savings-table --map 1000"), 2);
    assert_int_equal(run("vectors --unit dpc --lane-bytes 128"), 2);
    assert_int_equal(run("vectors --unit foo"), 2);
    assert_int_equal(run("ratio --algo dpc --help"), 0);
    assert_contains(out_text, "usage: nocpress ratio --algo");
    assert_int_equal(run("savings-table --help"), 0);
    assert_contains(out_text, "usage: nocpress savings-table");
}

/* The vector files: reproducible, the documented widths, every count as announced. */
static void test_cli_vectors(void **state) {
    (void)state;
    static const struct {
        const char *name;
        size_t digits;
    } files[] = {{"dpc_compressor", 518}, {"dpc_decompressor", 518}, {"dpc_filter_table", 19}};
    char a[1024], b[1024];
    snprintf(a, sizeof a, "%s/dpc_vec_a", tmp_dir());
    snprintf(b, sizeof b, "%s/dpc_vec_b", tmp_dir());
    assert_int_equal(run("vectors --unit dpc --out %s", a), 0);
    assert_int_equal(run("vectors --unit dpc --out %s", b), 0);
    for (unsigned i = 0; i < 3; i++) {
        char pa[1100], pb[1100];
        snprintf(pa, sizeof pa, "%s/%s.hex", a, files[i].name);
        snprintf(pb, sizeof pb, "%s/%s.hex", b, files[i].name);
        FILE *fa = fopen(pa, "r"), *fb = fopen(pb, "r");
        assert_non_null(fa);
        assert_non_null(fb);
        char la[2048], lb[2048];
        size_t vectors = 0, announced = 0;
        bool header_ok = false;
        while (fgets(la, sizeof la, fa) != NULL) {
            assert_non_null(fgets(lb, sizeof lb, fb));
            assert_string_equal(la, lb); /* the output does not depend on --out */
            if (strncmp(la, "// count: ", 10) == 0) {
                announced = strtoul(la + 10, NULL, 10);
            } else if (strncmp(la, "// command: nocpress vectors --unit dpc", 39) == 0) {
                header_ok = true;
            } else if (strncmp(la, "//", 2) != 0) {
                assert_int_equal(strspn(la, "0123456789abcdef"), files[i].digits);
                assert_int_equal(strlen(la), files[i].digits + 1u);
                vectors++;
            }
        }
        assert_null(fgets(lb, sizeof lb, fb));
        fclose(fa);
        fclose(fb);
        assert_true(header_ok);
        assert_true(vectors > 100);
        assert_int_equal(vectors, announced);
    }
}

int main(int argc, char **argv) {
    g_data_dir = test_data_dir_arg(argc, argv);
    const struct CMUnitTest model[] = {
        cmocka_unit_test(test_all_zero_line),
        cmocka_unit_test(test_all_one_line),
        cmocka_unit_test(test_single_plane_patterns),
        cmocka_unit_test(test_checker_boundary),
        cmocka_unit_test(test_raw_layout),
        cmocka_unit_test(test_remap_matches_definition),
        cmocka_unit_test(test_detector_and_recover),
        cmocka_unit_test(test_lengths),
        cmocka_unit_test(test_select_place_manipulate),
        cmocka_unit_test(test_concat_unpack_stages),
        cmocka_unit_test(test_whole_line_equals_stages),
        cmocka_unit_test(test_api_errors),
        cmocka_unit_test(test_hw_rules),
        cmocka_unit_test(test_dfman_choice),
        cmocka_unit_test(test_every_truncation),
        cmocka_unit_test(test_map_zero_and_noncanonical),
        cmocka_unit_test(test_random_streams),
        cmocka_unit_test(test_critmap_text),
        cmocka_unit_test(test_critmap_types),
        cmocka_unit_test(test_critmap_draws),
    };
    const struct CMUnitTest data[] = {
        cmocka_unit_test(test_data_round_trip),
    };
    const struct CMUnitTest cli[] = {
        cmocka_unit_test(test_cli_ratio_known_lines),
        cmocka_unit_test(test_cli_ratio_mix_matches_library),
        cmocka_unit_test(test_cli_savings_table),
        cmocka_unit_test(test_cli_usage_errors),
        cmocka_unit_test(test_cli_vectors),
    };
    int failed = cmocka_run_group_tests_name("dpc_model", model, NULL, NULL);
    failed += cmocka_run_group_tests_name("dpc_data", data, setup_data, test_data_teardown);
    failed += cmocka_run_group_tests_name("dpc_cli", cli, setup_cli_and_data, test_data_teardown);
    return failed == 0 ? 0 : 1;
}
