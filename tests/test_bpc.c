/* Unit tests of the BPC C model (docs/bpc.md).
 *
 * - hand-worked lines, one per symbol and base code, whose streams were written out by hand
 *   from docs/bpc.md as bit strings (section 7 of the page lists them);
 * - each stage (delta, bit-plane, XOR, classifier, pattern encoder) against a naive reference
 *   written here, and each inverse against its stage;
 * - every line of every file in the data directory (NP_DATA_DIR, default ../shared/data/lines)
 *   round-trips; every 8th line is also checked bit for bit against a reference encoder written
 *   here from the spec (string codes, bit-by-bit transform);
 * - adversarial decoder input: every truncation and trailing extension, non-canonical headers,
 *   runs past plane 0, positions outside the plane, random streams; each decoded from a heap
 *   buffer of exactly the stream's size so the sanitizer build catches any read past it;
 * - the registry entry (codec.h);
 * - the fast whole-line path (bpc_compress, bpc_decompress) equals the stage-by-stage one
 *   (bpc_*_stages) on random and pattern-built lines, every real line, and truncated, extended,
 *   bit-flipped and random streams.
 * Usage: test_bpc [data_dir]. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "bpc.h"
#include "codec.h"
#include "test_data.h"

/* ---- helpers --------------------------------------------------------------------------- */

static const char *g_data_dir = "../shared/data/lines";

static unsigned stream_bit(const uint8_t *buf, size_t i) {
    return (buf[i >> 3] >> (i & 7u)) & 1u;
}

static void set_word(uint8_t *line, unsigned j, uint32_t v) {
    for (unsigned b = 0; b < 4; b++) {
        line[4u * j + b] = (uint8_t)(v >> (8u * b));
    }
}

static uint32_t get_word(const uint8_t *line, unsigned j) {
    const uint8_t *p = line + 4u * j;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t xs_next(uint64_t *s) {
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *s = x;
    return x;
}

/* A stream as a string of '0'/'1' (spaces ignored), for the hand-worked examples. */
typedef struct {
    char bit[1200];
    size_t len;
} ref_stream;

static void ref_str(ref_stream *s, const char *bits) {
    for (; *bits; bits++) {
        if (*bits == '0' || *bits == '1') {
            s->bit[s->len++] = *bits;
        }
    }
}

/* A payload field, LSB first (docs/conventions.md). */
static void ref_field(ref_stream *s, uint64_t v, unsigned nbits) {
    for (unsigned k = 0; k < nbits; k++) {
        s->bit[s->len++] = (char)('0' + ((v >> k) & 1u));
    }
}

static void assert_stream_is(const uint8_t *buf, size_t bits, const ref_stream *ref) {
    assert_int_equal(bits, ref->len);
    for (size_t i = 0; i < bits; i++) {
        if (stream_bit(buf, i) != (unsigned)(ref->bit[i] - '0')) {
            fail_msg("stream bit %zu is %u, reference %c", i, stream_bit(buf, i), ref->bit[i]);
        }
    }
    for (size_t i = bits; i < 8u * ((bits + 7u) / 8u); i++) {
        assert_int_equal(stream_bit(buf, i), 0);   /* padding zero */
    }
}

/* Compress, compare with the reference, decompress back. */
static void check_line_stream(const uint8_t line[128], const ref_stream *ref) {
    uint8_t buf[BPC_MAX_BYTES], back[128];
    size_t bits = 0;
    assert_int_equal(bpc_compress(line, buf, sizeof buf, &bits), NP_OK);
    assert_stream_is(buf, bits, ref);
    assert_int_equal(bits, bpc_compressed_bits(line));
    assert_int_equal(bpc_decompress(buf, bits, back, sizeof back), NP_OK);
    assert_memory_equal(back, line, 128);
}

/* ---- naive reference (written from docs/bpc.md, independent of the model) --------------- */

/* 33-bit delta by explicit two's complement: w[i+1] + ~w[i] + 1 in 33 bits. */
static uint64_t ref_delta(uint32_t hi, uint32_t lo) {
    uint64_t not_lo = (~(uint64_t)lo) & UINT64_C(0x1FFFFFFFF);
    return ((uint64_t)hi + not_lo + 1u) & UINT64_C(0x1FFFFFFFF);
}

static void ref_transform(const uint8_t *line, uint32_t dbp[33], uint32_t dbx[33]) {
    for (unsigned j = 0; j < 33; j++) {
        dbp[j] = 0;
        for (unsigned i = 0; i < 31; i++) {
            uint64_t d = ref_delta(get_word(line, i + 1), get_word(line, i));
            if ((d >> j) & 1u) {
                dbp[j] |= 1u << i;
            }
        }
    }
    for (unsigned j = 0; j < 33; j++) {
        dbx[j] = j == 32 ? dbp[32] : dbp[j] ^ dbp[j + 1];
    }
}

static unsigned ref_ones(uint32_t x) {
    unsigned n = 0;
    for (unsigned i = 0; i < 32; i++) {
        n += (x >> i) & 1u;
    }
    return n;
}

static unsigned ref_lowest(uint32_t x) {
    for (unsigned i = 0; i < 32; i++) {
        if ((x >> i) & 1u) {
            return i;
        }
    }
    return 32;
}

/* Symbol of a non-zero plane in the priority of docs/bpc.md 4.3, as a string + payload. */
static void ref_plane(ref_stream *s, uint32_t dbx, uint32_t dbp) {
    unsigned n = ref_ones(dbx), lo = ref_lowest(dbx);
    if (dbx == 0x7FFFFFFFu) {
        ref_str(s, "00000");
    } else if (dbp == 0) {
        ref_str(s, "00001");
    } else if (n == 2 && ((dbx >> lo) & 3u) == 3u) {
        ref_str(s, "00010");
        ref_field(s, lo, 5);
    } else if (n == 1) {
        ref_str(s, "00011");
        ref_field(s, lo, 5);
    } else {
        ref_str(s, "1");
        ref_field(s, dbx, 31);
    }
}

static void ref_encode(const uint8_t *line, ref_stream *s) {
    uint32_t dbp[33], dbx[33];
    ref_transform(line, dbp, dbx);
    s->len = 0;
    ref_str(s, "1");
    uint32_t base = get_word(line, 0);
    int32_t sb = (int32_t)base;
    if (base == 0) {
        ref_str(s, "000");
    } else if (sb >= -8 && sb <= 7) {
        ref_str(s, "001");
        ref_field(s, base, 4);
    } else if (sb >= -128 && sb <= 127) {
        ref_str(s, "010");
        ref_field(s, base, 8);
    } else if (sb >= -32768 && sb <= 32767) {
        ref_str(s, "011");
        ref_field(s, base, 16);
    } else {
        ref_str(s, "1");
        ref_field(s, base, 32);
    }
    for (int j = 32; j >= 0;) {
        if (dbx[j] == 0) {
            unsigned run = 0;
            while (j >= 0 && dbx[j] == 0) {
                run++;
                j--;
            }
            if (run == 1) {
                ref_str(s, "001");
            } else {
                ref_str(s, "01");
                ref_field(s, run - 2u, 5);
            }
        } else {
            ref_plane(s, dbx[j], dbp[j]);
            j--;
        }
    }
    if (s->len >= 1025) {   /* fallback: flag 0 and the line */
        s->len = 0;
        ref_str(s, "0");
        for (unsigned b = 0; b < 128; b++) {
            ref_field(s, line[b], 8);
        }
    }
}

/* ---- hand-worked lines (docs/bpc.md sec. 7) --------------------------------------------- */

static void test_all_zero_line(void **state) {
    (void)state;
    uint8_t line[128] = {0};
    ref_stream r = {.len = 0};
    ref_str(&r, "1 000 01 11111");             /* C, base 0, run of 33 (33 - 2 = 31) */
    check_line_stream(line, &r);
}

static void test_ramp_all_ones(void **state) {
    (void)state;
    uint8_t line[128];
    for (unsigned i = 0; i < 32; i++) {
        set_word(line, i, i);                  /* deltas all 1: DBP[0] all ones */
    }
    ref_stream r = {.len = 0};
    ref_str(&r, "1 000 01 01111 00000");       /* run of 32 (30 = 01111 LSB first), ONES */
    check_line_stream(line, &r);
}

static void test_single_one_dbpz_run1(void **state) {
    (void)state;
    uint8_t line[128] = {0};
    for (unsigned i = 6; i < 32; i++) {
        set_word(line, i, 4);                  /* d[5] = 4: DBP[2] = DBX[2] = bit 5 */
    }
    ref_stream r = {.len = 0};
    /* planes 32..3 zero: run of 30 (28 = 00111); plane 2 ONE at 5 (10100); plane 1: DBX =
     * bit 5, DBP = 0 -> DBPZ; plane 0: DBX = 0 -> run of 1 */
    ref_str(&r, "1 000 01 00111 00011 10100 00001 001");
    check_line_stream(line, &r);
}

static void test_two_ones(void **state) {
    (void)state;
    uint8_t line[128] = {0};
    set_word(line, 4, 4);
    for (unsigned i = 5; i < 32; i++) {
        set_word(line, i, 8);                  /* d[3] = d[4] = 4: DBP[2] = bits 3, 4 */
    }
    ref_stream r = {.len = 0};
    ref_str(&r, "1 000 01 00111 00010 11000 00001 001");
    check_line_stream(line, &r);
}

static void test_raw_plane(void **state) {
    (void)state;
    uint8_t line[128] = {0};
    set_word(line, 1, 4);                      /* d[0] = 4, d[1] = -4, d[2..] = 0 */
    /* -4 in 33 bits: bits 2..32 set. DBP[2] = bits 0, 1; DBP[3..32] = bit 1; DBP[0, 1] = 0.
     * DBX[32] = bit 1 (ONE at 1); DBX[31..3] = 0 (run of 29); DBX[2] = bit 0 (ONE at 0);
     * DBX[1] = DBP[2] = 0b11 with DBP[1] = 0 (DBPZ); DBX[0] = 0 (run of 1). */
    ref_stream r = {.len = 0};
    ref_str(&r, "1 000 00011 10000 01 11011 00011 00000 00001 001");
    check_line_stream(line, &r);
    /* A raw plane: d[0] = 4, d[2] = 4 (bits 0 and 2 of DBP[2], not adjacent). */
    memset(line, 0, sizeof line);
    set_word(line, 1, 4);
    set_word(line, 2, 4);
    set_word(line, 3, 8);
    for (unsigned i = 4; i < 32; i++) {
        set_word(line, i, 8);
    }
    r.len = 0;
    /* planes 32..3 zero (run 30); DBX[2] = 0b101 raw; DBX[1] = 0b101, DBP[1] = 0 -> DBPZ;
     * plane 0 run of 1 */
    ref_str(&r, "1 000 01 00111 1");
    ref_field(&r, 0x5, 31);
    ref_str(&r, "00001 001");
    check_line_stream(line, &r);
}

static void test_base_codes(void **state) {
    (void)state;
    static const struct {
        uint32_t base;
        const char *code;
        unsigned payload;
    } cases[] = {
        {0xFFFFFFFDu, "001", 4},   /* -3 */
        {7u, "001", 4},
        {0xFFFFFFF8u, "001", 4},   /* -8 */
        {8u, "010", 8},
        {100u, "010", 8},
        {0xFFFFFF80u, "010", 8},   /* -128 */
        {128u, "011", 16},
        {0xFFFFFC18u, "011", 16},  /* -1000 */
        {0x7FFFu, "011", 16},
        {0x8000u, "1", 32},
        {0x12345678u, "1", 32},
        {0xFFFF7FFFu, "1", 32},    /* -32769 */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        uint8_t line[128];
        for (unsigned i = 0; i < 32; i++) {
            set_word(line, i, cases[c].base);  /* constant line: every DBX zero */
        }
        ref_stream r = {.len = 0};
        ref_str(&r, "1");
        ref_str(&r, cases[c].code);
        ref_field(&r, cases[c].base, cases[c].payload);
        ref_str(&r, "01 11111");
        check_line_stream(line, &r);
    }
}

static void test_raw_fallback(void **state) {
    (void)state;
    uint64_t s = 77;
    uint8_t line[128];
    for (unsigned b = 0; b < 128; b++) {
        line[b] = (uint8_t)xs_next(&s);
    }
    ref_stream r = {.len = 0};
    ref_str(&r, "0");
    for (unsigned b = 0; b < 128; b++) {
        ref_field(&r, line[b], 8);
    }
    check_line_stream(line, &r);
    assert_true(bpc_encoded_bits(line) >= BPC_RAW_BITS);
}

/* The fallback boundary: compressed iff the encoded form is strictly shorter than 1025 bits.
 * Lines with k raw planes and the rest chosen to keep lengths computable by hand. */
static void test_fallback_boundary(void **state) {
    (void)state;
    uint64_t s = 99;
    unsigned seen_below = 0, seen_above = 0;
    for (unsigned trial = 0; trial < 4000; trial++) {
        uint8_t line[128];
        unsigned keep = 20u + (unsigned)(xs_next(&s) % 12u);   /* random low bits per word */
        for (unsigned i = 0; i < 32; i++) {
            set_word(line, i, (uint32_t)xs_next(&s) & (uint32_t)np_low_mask(keep));
        }
        unsigned enc = bpc_encoded_bits(line);
        size_t bits = bpc_compressed_bits(line);
        assert_int_equal(bits, enc < 1025u ? enc : 1025u);
        ref_stream r = {.len = 0};
        ref_encode(line, &r);
        assert_int_equal(r.len, bits);
        seen_below += enc < 1025u;
        seen_above += enc >= 1025u;
    }
    assert_true(seen_below > 0 && seen_above > 0);
}

/* ---- stages against naive references ----------------------------------------------------- */

static void random_words(uint64_t *s, uint32_t w[32]) {
    unsigned kind = (unsigned)(xs_next(s) % 4u);
    uint32_t base = (uint32_t)xs_next(s);
    for (unsigned i = 0; i < 32; i++) {
        uint32_t r = (uint32_t)xs_next(s);
        switch (kind) {
        case 0: w[i] = r; break;                                /* anything */
        case 1: w[i] = base + (r & 0xFFu) - 128u; break;        /* near a base */
        case 2: w[i] = (i & 1u) ? 0xFFFFFFFFu - (r & 3u) : r & 3u; break;  /* sign swings */
        default: w[i] = base + i * (r & 1u ? 1u : 0x10000u); break;
        }
    }
}

static void test_stage_delta(void **state) {
    (void)state;
    uint64_t s = 1234;
    for (unsigned t = 0; t < 2000; t++) {
        uint32_t w[32], back[32], base;
        uint64_t d[31];
        random_words(&s, w);
        bpc_delta(w, &base, d);
        assert_int_equal(base, w[0]);
        for (unsigned i = 0; i < 31; i++) {
            assert_int_equal(d[i], ref_delta(w[i + 1], w[i]));
            /* bit 32 is the sign of the exact difference */
            assert_int_equal((d[i] >> 32) & 1u, w[i + 1] < w[i] ? 1u : 0u);
        }
        bpc_undelta(base, d, back);
        assert_memory_equal(back, w, sizeof w);
    }
}

static void test_stage_bitplane_xor(void **state) {
    (void)state;
    uint64_t s = 4321;
    for (unsigned t = 0; t < 500; t++) {
        uint8_t line[128];
        uint32_t w[32], base, dbp[33], dbx[33], rdbp[33], rdbx[33], back[33];
        uint64_t d[31], dback[31];
        random_words(&s, w);
        for (unsigned i = 0; i < 32; i++) {
            set_word(line, i, w[i]);
        }
        bpc_delta(w, &base, d);
        bpc_bitplane(d, dbp);
        bpc_xor(dbp, dbx);
        ref_transform(line, rdbp, rdbx);
        assert_memory_equal(dbp, rdbp, sizeof dbp);
        assert_memory_equal(dbx, rdbx, sizeof dbx);
        bpc_unxor(dbx, back);
        assert_memory_equal(back, dbp, sizeof dbp);
        bpc_unbitplane(dbp, dback);
        assert_memory_equal(dback, d, sizeof d);
    }
}

static void test_stage_classify(void **state) {
    (void)state;
    uint64_t s = 999;
    for (unsigned t = 0; t < 20000; t++) {
        uint32_t dbx, dbp = (uint32_t)xs_next(&s) & 0x7FFFFFFFu;
        unsigned pick = (unsigned)(xs_next(&s) % 6u);
        unsigned pos = (unsigned)(xs_next(&s) % 31u);
        switch (pick) {
        case 0: dbx = 0x7FFFFFFFu; break;
        case 1: dbx = 1u << pos; break;
        case 2: dbx = pos < 30u ? 3u << pos : 1u << pos; break;
        case 3: dbx = (1u << pos) | (1u << ((pos + 2u + (unsigned)(xs_next(&s) % 28u)) % 31u)); break;
        default: dbx = (uint32_t)xs_next(&s) & 0x7FFFFFFFu; break;
        }
        if (xs_next(&s) % 5u == 0u) {
            dbp = 0;
        }
        if (dbx == 0) {
            continue;
        }
        bpc_symbol sym = bpc_classify(dbx, dbp);
        ref_stream r = {.len = 0}, m = {.len = 0};
        ref_plane(&r, dbx, dbp);
        /* encode the model's symbol through the model's writer and compare bits */
        uint8_t buf[8];
        np_bitwriter w;
        np_bw_init(&w, buf, sizeof buf);
        bpc_put_symbol(&w, &sym);
        for (size_t i = 0; i < w.pos; i++) {
            m.bit[m.len++] = (char)('0' + stream_bit(buf, i));
        }
        assert_int_equal(m.len, r.len);
        assert_memory_equal(m.bit, r.bit, r.len);
        assert_int_equal(w.pos, bpc_sym_bits(sym.kind));
    }
    assert_int_equal(bpc_classify(0, 5).kind, BPC_SYM_RUN1);
    /* ONES beats DBPZ (both 5 bits): priority of sec. 4.3 */
    assert_int_equal(bpc_classify(0x7FFFFFFFu, 0).kind, BPC_SYM_ONES);
    /* DBPZ beats ONE and TWO */
    assert_int_equal(bpc_classify(1u << 7, 0).kind, BPC_SYM_DBPZ);
    assert_int_equal(bpc_classify(3u << 29, 0).kind, BPC_SYM_DBPZ);
    assert_int_equal(bpc_classify(3u << 29, 1).kind, BPC_SYM_TWO);
    assert_int_equal(bpc_classify(3u << 29, 1).arg, 29);
    assert_int_equal(bpc_classify(1u << 30, 1).arg, 30);
}

static void test_symbol_table(void **state) {
    (void)state;
    static const unsigned len[7] = {3, 7, 5, 5, 10, 10, 32};
    for (unsigned k = 0; k < BPC_SYM_KINDS; k++) {
        assert_int_equal(bpc_sym_bits((bpc_sym_kind)k), len[k]);
    }
    assert_int_equal(bpc_sym_bits((bpc_sym_kind)7), 0);
    assert_string_equal(bpc_sym_name(BPC_SYM_DBPZ), "dbpz");
    assert_string_equal(bpc_sym_name((bpc_sym_kind)9), "?");
    static const unsigned blen[5] = {3, 7, 11, 19, 33};
    for (unsigned k = 0; k < 5; k++) {
        assert_int_equal(bpc_base_bits((bpc_base_kind)k), blen[k]);
    }
    assert_int_equal(bpc_base_bits((bpc_base_kind)5), 0);
}

/* Pattern encoder -> decoder on random planes (including the DBPZ rebuild of DBX). */
static void test_stage_pattern_codec(void **state) {
    (void)state;
    uint64_t s = 31337;
    for (unsigned t = 0; t < 3000; t++) {
        uint32_t dbp[33], dbx[33], gx[33], gp[33];
        for (unsigned j = 0; j < 33; j++) {
            unsigned pick = (unsigned)(xs_next(&s) % 5u);
            uint32_t r = (uint32_t)xs_next(&s) & 0x7FFFFFFFu;
            dbp[j] = pick == 0 ? 0u : pick == 1 ? (j < 32 ? dbp[j] : 0u) : pick == 2 ? 1u << (r % 31u) : r;
        }
        for (unsigned k = 0; k < 33; k++) {   /* planes equal to their neighbour: zero DBX */
            unsigned j = 32u - k;
            if (j < 32 && xs_next(&s) % 3u == 0u) {
                dbp[j] = dbp[j + 1];
            }
        }
        bpc_xor(dbp, dbx);
        bpc_symbol syms[33];
        unsigned n = bpc_symbols(dbx, dbp, syms);
        unsigned planes = 0;
        uint8_t buf[200];
        np_bitwriter w;
        np_bw_init(&w, buf, sizeof buf);
        for (unsigned k = 0; k < n; k++) {
            planes += (syms[k].kind == BPC_SYM_RUN || syms[k].kind == BPC_SYM_RUN1) ? syms[k].arg : 1u;
            if (k > 0) {   /* maximal runs: two runs are never adjacent */
                assert_false((syms[k].kind <= BPC_SYM_RUN) && (syms[k - 1].kind <= BPC_SYM_RUN));
            }
            bpc_put_symbol(&w, &syms[k]);
        }
        assert_int_equal(planes, 33);
        np_bitreader r;
        np_br_init(&r, buf, w.pos);
        assert_int_equal(bpc_decode_planes(&r, gx, gp), NP_OK);
        assert_int_equal(np_br_remaining(&r), 0);
        assert_memory_equal(gx, dbx, sizeof dbx);
        assert_memory_equal(gp, dbp, sizeof dbp);
    }
}

/* ---- every real line -------------------------------------------------------------------- */

/* Read as this program always has (see test_data.h for the flags), from g_data_dir. */
static int setup_data(void **state) {
    return test_data_setup(state, test_data_load_dir("test_bpc", g_data_dir,
                                                     TEST_DATA_WHOLE_LINES | TEST_DATA_DIR_ORDER));
}

static void test_data_round_trip(void **state) {
    test_data_set *ds = *state;
    size_t checked = 0, referenced = 0;
    for (unsigned f = 0; f < ds->count; f++) {
        size_t total_bits = 0;
        for (size_t i = 0; i < ds->file[f].lines; i++) {
            const uint8_t *line = ds->file[f].data + 128u * i;
            uint8_t buf[BPC_MAX_BYTES], back[128];
            size_t bits = 0;
            assert_int_equal(bpc_compress(line, buf, sizeof buf, &bits), NP_OK);
            assert_true(bits <= BPC_MAX_BITS);
            assert_int_equal(bits, bpc_compressed_bits(line));
            assert_int_equal(bpc_decompress(buf, bits, back, sizeof back), NP_OK);
            assert_memory_equal(back, line, 128);
            if (i % 8u == 0u) {
                ref_stream r;
                ref_encode(line, &r);
                assert_stream_is(buf, bits, &r);
                referenced++;
            }
            total_bits += bits;
            checked++;
        }
        print_message("test_bpc: %-48s %7zu lines, ratio %.3f\n", ds->file[f].name,
                      ds->file[f].lines,
                      total_bits ? 1024.0 * (double)ds->file[f].lines / (double)total_bits : 0.0);
    }
    print_message("test_bpc: %zu lines from %u files round-tripped, %zu against the reference "
                  "encoder\n", checked, ds->count, referenced);
    assert_true(checked > 0);
}

/* ---- adversarial decoder input ---------------------------------------------------------- */

/* Decode from a heap buffer of exactly (bits + 7) / 8 bytes (ASan sees any over-read). */
static np_result decode_exact(const uint8_t *src, size_t bits, uint8_t out[128]) {
    size_t n = (bits + 7u) / 8u;
    uint8_t *copy = malloc(n ? n : 1u);
    assert_non_null(copy);
    if (n) {
        memcpy(copy, src, n);
    }
    np_result r = bpc_decompress(n ? copy : NULL, bits, out, 128);
    free(copy);
    return r;
}

static void check_truncations_and_trailing(const uint8_t *buf, size_t bits) {
    uint8_t out[128];
    static const uint8_t zero[128];
    for (size_t len = 0; len < bits; len++) {
        memset(out, 0x77, sizeof out);
        assert_int_equal(decode_exact(buf, len, out), NP_BAD_DATA);
        assert_memory_equal(out, zero, 128);
    }
    for (unsigned extra = 1; extra <= 9; extra++) {
        for (unsigned fill = 0; fill < 2; fill++) {
            uint8_t ext[BPC_MAX_BYTES + 2] = {0};
            memcpy(ext, buf, (bits + 7u) / 8u);
            for (size_t i = bits; i < bits + extra; i++) {
                ext[i >> 3] = (uint8_t)(ext[i >> 3] | (fill << (i & 7u)));
            }
            memset(out, 0x77, sizeof out);
            assert_int_equal(decode_exact(ext, bits + extra, out), NP_BAD_DATA);
            assert_memory_equal(out, zero, 128);
        }
    }
    assert_int_equal(decode_exact(buf, bits, out), NP_OK);
}

static void test_every_truncation(void **state) {
    (void)state;
    uint64_t s = 555;
    for (unsigned trial = 0; trial < 60; trial++) {
        uint8_t line[128], buf[BPC_MAX_BYTES];
        uint32_t w[32];
        random_words(&s, w);
        for (unsigned i = 0; i < 32; i++) {
            set_word(line, i, trial % 3u == 0u ? w[i] : w[i] & (trial % 3u == 1u ? 0xFFu : 0xFFFFFu));
        }
        size_t bits;
        assert_int_equal(bpc_compress(line, buf, sizeof buf, &bits), NP_OK);
        check_truncations_and_trailing(buf, bits);
    }
}

/* A hand-made stream from a string of bits. */
static size_t make_stream(const char *bits, uint8_t *buf, size_t cap) {
    memset(buf, 0, cap);
    size_t n = 0;
    for (; *bits; bits++) {
        if (*bits == '0' || *bits == '1') {
            if (*bits == '1') {
                buf[n >> 3] = (uint8_t)(buf[n >> 3] | (1u << (n & 7u)));
            }
            n++;
        }
    }
    return n;
}

static void test_malformed_streams(void **state) {
    (void)state;
    uint8_t buf[200], out[128];
    static const uint8_t zero[128];
    size_t n;
    /* reference: a good all-zero line */
    n = make_stream("1 000 01 11111", buf, sizeof buf);
    assert_int_equal(decode_exact(buf, n, out), NP_OK);
    assert_memory_equal(out, zero, 128);
    static const char *const bad[] = {
        "",                                  /* empty */
        "0",                                 /* raw flag without the line */
        "1",                                 /* no base */
        "1 00",                              /* base prefix cut */
        "1 001 101",                         /* base payload cut */
        "1 000",                             /* no symbols */
        "1 000 01 11111 0",                  /* trailing bit */
        "1 000 01 11111 001",                /* a symbol after plane 0 */
        "1 000 01 11111 1",                  /* run of 33, then more */
        "1 000 001 01 11111",                /* run of 1 then 33: past plane 0 */
        "1 000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000 01 00000",
                                             /* 17 runs of 2 = 34 planes */
        "1 000 00011 11111 01 01111",        /* ONE at 31: outside the plane */
        "1 000 00010 01111 01 01111",        /* TWO at 30 */
        "1 000 00010 11111 01 01111",        /* TWO at 31 */
        "1 000 01 01111 000",                /* plane 0 symbol cut */
        "1 000 01 01111 1 0101",             /* raw plane cut */
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        n = make_stream(bad[k], buf, sizeof buf);
        memset(out, 0x55, sizeof out);
        if (decode_exact(buf, n, out) != NP_BAD_DATA) {
            fail_msg("stream %zu (\"%s\") accepted", k, bad[k]);
        }
        assert_memory_equal(out, zero, 128);
    }
    /* TWO at 29 and ONE at 30 are the highest legal positions */
    n = make_stream("1 000 00010 10111 01 01111", buf, sizeof buf);
    assert_int_equal(decode_exact(buf, n, out), NP_OK);
    n = make_stream("1 000 00011 01111 01 01111", buf, sizeof buf);
    assert_int_equal(decode_exact(buf, n, out), NP_OK);
    /* raw of the wrong length (1024 and 1026 bits) */
    memset(buf, 0, sizeof buf);
    assert_int_equal(decode_exact(buf, 1024, out), NP_BAD_DATA);
    assert_int_equal(decode_exact(buf, 1026, out), NP_BAD_DATA);
    assert_int_equal(decode_exact(buf, 1025, out), NP_OK);
    /* C = 1 with 1025 or more bits: not shorter than raw (33 raw planes + base = 1090 bits,
     * and every cut of it to 1025..1089 bits) */
    memset(buf, 0xFF, sizeof buf);
    for (size_t len = 1025; len <= 1090; len++) {
        assert_int_equal(decode_exact(buf, len, out), NP_BAD_DATA);
    }
    /* Accepted although the encoder would not write them (docs/bpc.md 6): a raw symbol whose
     * DBX is zero, two adjacent runs, a longer base code than needed. All decode to zeros. */
    static const char *const accepted[] = {
        "1 000 1 0000000000000000000000000000000 01 01111",
        "1 000 01 00000 01 10111",
        "1 010 00000000 01 11111",
    };
    for (size_t k = 0; k < sizeof accepted / sizeof accepted[0]; k++) {
        n = make_stream(accepted[k], buf, sizeof buf);
        memset(out, 0x55, sizeof out);
        assert_int_equal(decode_exact(buf, n, out), NP_OK);
        assert_memory_equal(out, zero, 128);
    }
}

static void test_random_streams(void **state) {
    (void)state;
    uint64_t s = 2024;
    static const uint8_t zero[128];
    unsigned ok = 0, bad = 0;
    for (unsigned t = 0; t < 200000; t++) {
        uint8_t buf[BPC_MAX_BYTES + 8], out[128];
        size_t len = (size_t)(xs_next(&s) % (8u * sizeof buf + 1u));
        /* mostly structured: a real stream with bits flipped, else random bytes */
        if (t & 1u) {
            uint8_t line[128];
            uint32_t w[32];
            random_words(&s, w);
            for (unsigned i = 0; i < 32; i++) {
                set_word(line, i, w[i] & (uint32_t)np_low_mask(1u + (unsigned)(xs_next(&s) % 32u)));
            }
            size_t bits;
            assert_int_equal(bpc_compress(line, buf, sizeof buf, &bits), NP_OK);
            len = bits;
            size_t flip = (size_t)(xs_next(&s) % (bits + 1u));
            if (flip < bits) {
                buf[flip >> 3] ^= (uint8_t)(1u << (flip & 7u));
            }
        } else {
            for (size_t b = 0; b < sizeof buf; b++) {
                buf[b] = (uint8_t)xs_next(&s);
            }
        }
        np_result r = decode_exact(buf, len, out);
        if (r == NP_OK) {
            ok++;
            /* whatever decoded must re-encode to something that decodes to the same line */
            uint8_t again[BPC_MAX_BYTES], back[128];
            size_t bits;
            assert_int_equal(bpc_compress(out, again, sizeof again, &bits), NP_OK);
            assert_int_equal(bpc_decompress(again, bits, back, sizeof back), NP_OK);
            assert_memory_equal(back, out, 128);
        } else {
            assert_int_equal(r, NP_BAD_DATA);
            assert_memory_equal(out, zero, 128);
            bad++;
        }
    }
    print_message("test_bpc: random streams: %u decoded, %u rejected\n", ok, bad);
    assert_true(ok > 0 && bad > 0);
}

static void test_api_errors(void **state) {
    (void)state;
    uint8_t line[128] = {0}, buf[BPC_MAX_BYTES];
    size_t bits = 0;
    assert_int_equal(bpc_compress(NULL, buf, sizeof buf, &bits), NP_BAD_PARAM);
    assert_int_equal(bpc_compress(line, buf, sizeof buf, NULL), NP_BAD_PARAM);
    assert_int_equal(bpc_compress(line, NULL, 4, &bits), NP_BAD_PARAM);
    /* 11 bits need 2 bytes: 1 is too small, and dst stays untouched */
    buf[0] = 0xAB;
    assert_int_equal(bpc_compress(line, buf, 1, &bits), NP_NO_SPACE);
    assert_int_equal(bits, 11);
    assert_int_equal(buf[0], 0xAB);
    assert_int_equal(bpc_compress(line, buf, 2, &bits), NP_OK);
    assert_int_equal(bpc_decompress(buf, bits, line, 127), NP_NO_SPACE);
    assert_int_equal(bpc_decompress(NULL, 5, line, 128), NP_BAD_PARAM);
    assert_int_equal(bpc_decompress(buf, bits, NULL, 128), NP_BAD_PARAM);
    assert_int_equal(bpc_compressed_bits(NULL), 0);
    assert_int_equal(bpc_encoded_bits(NULL), 0);
}

static void test_registry_entry(void **state) {
    (void)state;
    const np_codec *c = np_codec_find("bpc");
    assert_non_null(c);
    assert_string_equal(c->spec, "docs/bpc.md");
    assert_int_equal(c->max_bits, BPC_MAX_BITS);
    assert_true((c->max_bits + 7u) / 8u <= NP_CODEC_MAX_BYTES);
    assert_int_equal(c->state_bytes, 0);
    assert_string_equal(c->comp_top, "bpc_compressor");
    assert_string_equal(c->decomp_top, "bpc_decompressor");
    assert_int_equal(np_codec_fallback_cycles(c, false, NULL), 11);   /* synth/published.tsv */
    assert_int_equal(np_codec_fallback_cycles(c, true, NULL), 11);
    assert_int_equal(np_codec_published(c, false)->nand2_eq, 68000);
    uint8_t line[128], buf[NP_CODEC_MAX_BYTES], back[128];
    for (unsigned i = 0; i < 32; i++) {
        set_word(line, i, 1000u + 3u * i);
    }
    size_t bits = 0;
    unsigned fill = 0;
    assert_int_equal(np_codec_compress(c, NULL, NULL, line, buf, sizeof buf, &bits, &fill), NP_OK);
    assert_int_equal(fill, NP_CODEC_FILL_ALL);
    assert_int_equal(bits, bpc_compressed_bits(line));
    assert_int_equal(np_codec_bits(c, NULL, NULL, line, NULL), bits);
    assert_int_equal(np_codec_decompress(c, NULL, NULL, buf, bits, back, sizeof back), NP_OK);
    assert_memory_equal(back, line, 128);
}

/* ---- fast path == stages ------------------------------------------------------------------ */

static void assert_decoders_agree(const uint8_t *src, size_t bits) {
    size_t n = (bits + 7) / 8;
    uint8_t *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    if (n) memcpy(copy, src, n);
    uint8_t a[128], b[128];
    memset(a, 0x5A, sizeof a);
    memset(b, 0xA5, sizeof b);
    np_result ra = bpc_decompress(n ? copy : NULL, bits, a, sizeof a);
    np_result rb = bpc_decompress_stages(n ? copy : NULL, bits, b, sizeof b);
    free(copy);
    assert_int_equal(ra, rb);
    assert_memory_equal(a, b, 128);
}

/* Equal streams (and equal bytes after them: both clear dst) and equal decoder answers on the
 * stream, a truncation, an extension and a flipped bit. */
static void assert_fast_equals_stages(uint64_t *s, const uint8_t line[128]) {
    uint8_t fast[BPC_MAX_BYTES + 2], ref[BPC_MAX_BYTES + 2];
    size_t fast_bits = 0, ref_bits = 0;
    memset(fast, 0xA5, sizeof fast);
    memset(ref, 0x5A, sizeof ref);
    assert_int_equal(bpc_compress(line, fast, BPC_MAX_BYTES, &fast_bits), NP_OK);
    assert_int_equal(bpc_compress_stages(line, ref, BPC_MAX_BYTES, &ref_bits), NP_OK);
    assert_int_equal(fast_bits, ref_bits);
    assert_int_equal(bpc_compressed_bits(line), ref_bits);
    assert_memory_equal(fast, ref, BPC_MAX_BYTES);
    assert_decoders_agree(fast, fast_bits);
    fast[BPC_MAX_BYTES] = (uint8_t)xs_next(s);
    assert_decoders_agree(fast, (size_t)(xs_next(s) % (fast_bits + 1)));
    assert_decoders_agree(fast, fast_bits + 1 + (size_t)(xs_next(s) % 8));
    size_t flip = (size_t)(xs_next(s) % fast_bits);
    fast[flip / 8] ^= (uint8_t)(1u << (flip % 8));
    assert_decoders_agree(fast, fast_bits);
}

static void test_fast_equals_stages(void **state) {
    (void)state;
    uint64_t s = 0xB9C;
    for (unsigned t = 0; t < 30000; t++) {
        uint32_t w[32];
        uint8_t line[128], junk[BPC_MAX_BYTES + 8];
        random_words(&s, w);
        for (unsigned i = 0; i < 32; i++) set_word(line, i, w[i]);
        assert_fast_equals_stages(&s, line);
        for (unsigned i = 0; i < sizeof junk; i++) junk[i] = (uint8_t)xs_next(&s);
        junk[0] |= 1u;                                   /* C = 1: the compressed form */
        assert_decoders_agree(junk, (size_t)(xs_next(&s) % BPC_RAW_BITS));
    }
}

static void test_data_fast_equals_stages(void **state) {
    test_data_set *ds = *state;
    uint64_t s = 0xDA7A;
    for (unsigned fi = 0; fi < ds->count; fi++) {
        for (size_t l = 0; l < ds->file[fi].lines; l++) assert_fast_equals_stages(&s, ds->file[fi].data + 128u * l);
    }
}

int main(int argc, char **argv) {
    g_data_dir = test_data_dir_arg(argc, argv);
    const struct CMUnitTest model[] = {
        cmocka_unit_test(test_all_zero_line),
        cmocka_unit_test(test_ramp_all_ones),
        cmocka_unit_test(test_single_one_dbpz_run1),
        cmocka_unit_test(test_two_ones),
        cmocka_unit_test(test_raw_plane),
        cmocka_unit_test(test_base_codes),
        cmocka_unit_test(test_raw_fallback),
        cmocka_unit_test(test_fallback_boundary),
        cmocka_unit_test(test_stage_delta),
        cmocka_unit_test(test_stage_bitplane_xor),
        cmocka_unit_test(test_stage_classify),
        cmocka_unit_test(test_symbol_table),
        cmocka_unit_test(test_stage_pattern_codec),
        cmocka_unit_test(test_every_truncation),
        cmocka_unit_test(test_malformed_streams),
        cmocka_unit_test(test_random_streams),
        cmocka_unit_test(test_api_errors),
        cmocka_unit_test(test_registry_entry),
        cmocka_unit_test(test_fast_equals_stages),
    };
    const struct CMUnitTest data[] = {
        cmocka_unit_test(test_data_round_trip),
        cmocka_unit_test(test_data_fast_equals_stages),
    };
    int failed = cmocka_run_group_tests_name("bpc_model", model, NULL, NULL);
    failed += cmocka_run_group_tests_name("bpc_data", data, setup_data, test_data_teardown);
    return failed == 0 ? 0 : 1;
}
