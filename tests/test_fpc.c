/* Unit tests of the FPC C model (cmodel/src/fpc.c) against docs/fpc.md.
 *
 * Expected streams are written out by hand in this file from the tables of docs/fpc.md
 * (prefixes as printed, data fields LSB-first) and never produced by the model's own writer.
 * The gem5 cross-check re-implements gem5's FPC size rules (src/mem/cache/compressors/fpc.hh
 * and dictionary_compressor.hh: pattern factory order, sizes, zero-run counter, and the
 * SignExtendedTwoHalfwords quirk) independently of the model and relates them to our lane
 * lengths by the convention differences of docs/fpc.md sec. 5. The fast whole-line path
 * (fpc_compress, fpc_decompress) is compared with the stage-by-stage one (fpc_*_stages) on
 * random, synthetic and real lines and on malformed streams. Decoder inputs are heap blocks of
 * exactly the stream's bytes, so the sanitizer build proves the decoder never reads outside
 * them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "prng.h"
#include "fpc.h"
#include "test_data.h"
#include "test_hand_stream.h"

/* ---- helpers -------------------------------------------------------------------------------- */

/* Decodes exactly (bits + 7) / 8 heap bytes (ASan catches any read past them). */
static np_result decode_exact(const uint8_t *src, size_t bits, uint8_t out[128]) {
    size_t n = (bits + 7) / 8;
    uint8_t *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    if (n) memcpy(copy, src, n);
    memset(out, 0x5A, 128);
    np_result r = fpc_decompress(n ? copy : NULL, bits, out, 128);
    free(copy);
    if (r != NP_OK) assert_true(all_zero(out, 128));
    return r;
}

static void expect_stream(const uint8_t line[128], const hand_stream *want) {
    uint8_t got[FPC_MAX_BYTES];
    size_t bits = 0;
    assert_int_equal(fpc_compress(line, got, sizeof got, &bits), NP_OK);
    assert_int_equal(bits, want->pos);
    assert_int_equal(fpc_compressed_bits(line), want->pos);
    assert_memory_equal(got, want->buf, (bits + 7) / 8);
    uint8_t back[128];
    assert_int_equal(decode_exact(want->buf, want->pos, back), NP_OK); /* the hand stream itself */
    assert_memory_equal(back, line, 128);
}

/* ---- stage functions (docs/fpc.md sec. 2) --------------------------------------------------- */

static void classify_every_pattern(void **state) {
    (void)state;
    static const struct {
        uint32_t w;
        fpc_prefix p;
        uint32_t data;
    } cases[] = {
        {0x00000000u, FPC_ZERO_RUN, 0},
        {0x00000007u, FPC_SE4, 0x7},      {0xFFFFFFF8u, FPC_SE4, 0x8},      {0xFFFFFFFFu, FPC_SE4, 0xF},
        {0x00000008u, FPC_SE8, 0x08},     {0x0000007Fu, FPC_SE8, 0x7F},     {0xFFFFFF80u, FPC_SE8, 0x80},
        {0x00000080u, FPC_SE16, 0x0080},  {0x00007FFFu, FPC_SE16, 0x7FFF},  {0xFFFF8000u, FPC_SE16, 0x8000},
        {0xABCD0000u, FPC_HALF_PAD, 0xABCD}, {0x00010000u, FPC_HALF_PAD, 0x0001},
        /* 0x00120000 is also two sign-extended bytes: prefix order picks 100 (sec. 2.2). */
        {0x00120000u, FPC_HALF_PAD, 0x0012},
        {0xFF800012u, FPC_TWO_SE8, 0x8012}, {0x0000FF80u, FPC_TWO_SE8, 0x0080}, {0x007FFF81u, FPC_TWO_SE8, 0x7F81},
        {0x7F7F7F7Fu, FPC_REP_BYTES, 0x7F}, {0x80808080u, FPC_REP_BYTES, 0x80}, {0x01010101u, FPC_REP_BYTES, 0x01},
        {0x12345678u, FPC_RAW_WORD, 0x12345678u}, {0x00008000u, FPC_RAW_WORD, 0x00008000u},
        {0x01000001u, FPC_RAW_WORD, 0x01000001u}, {0x00800080u, FPC_RAW_WORD, 0x00800080u},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fpc_prefix p = fpc_classify(cases[i].w);
        if (p != cases[i].p) fail_msg("word 0x%08x: prefix %d, want %d", cases[i].w, p, cases[i].p);
        if (p == FPC_ZERO_RUN) continue;
        assert_int_equal(fpc_data(p, cases[i].w), cases[i].data);
        assert_int_equal(fpc_expand(p, cases[i].data), cases[i].w);
    }
    static const unsigned widths[8] = {3, 4, 8, 16, 16, 16, 8, 32};
    for (unsigned p = 0; p < 8; p++) assert_int_equal(fpc_data_bits((fpc_prefix)p), widths[p]);
}

/* Every word of random and structured sets: the chosen prefix's expansion gives the word back,
 * and no earlier prefix in order matches it (the detector's first-match rule). */
static void classify_is_first_match(void **state) {
    (void)state;
    prng p;
    prng_seed(&p, 11);
    for (unsigned i = 0; i < 200000; i++) {
        uint32_t w = (uint32_t)prng_next(&p);
        switch (i % 5) {
        case 1: w = (uint32_t)(int32_t)(int16_t)w; break;
        case 2: w &= 0xFFFF0000u; break;
        case 3: w = (uint32_t)(int32_t)(int8_t)w; break;
        case 4: w = (w & 0xFFu) * 0x01010101u; break;
        default: break;
        }
        fpc_prefix pr = fpc_classify(w);
        if (pr == FPC_ZERO_RUN) {
            assert_int_equal(w, 0u);
            continue;
        }
        assert_int_equal(fpc_expand(pr, fpc_data(pr, w)), w);
        for (unsigned q = 1; q < (unsigned)pr; q++) assert_int_not_equal(fpc_expand((fpc_prefix)q, fpc_data((fpc_prefix)q, w)), w);
    }
}

/* ---- hand-worked lines (docs/fpc.md sec. 3 and 4) ------------------------------------------- */

static void hand_worked_every_pattern(void **state) {
    (void)state;
    uint8_t line[128] = {0};
    /* lane 0 */
    set_word(line, 3, 0x00000005u);
    set_word(line, 4, 0xFFFFFF80u);
    set_word(line, 5, 0x00001234u);
    set_word(line, 6, 0xABCD0000u);
    set_word(line, 7, 0xFF800012u);
    set_word(line, 8, 0x7F7F7F7Fu);
    set_word(line, 9, 0x12345678u);
    /* lane 1 */
    set_word(line, 16, 0xFFFFFFF8u);
    set_word(line, 17, 0x00000008u);
    set_word(line, 18, 0xFFFF8000u);
    set_word(line, 19, 0x00120000u);
    set_word(line, 20, 0x0000FF80u);
    set_word(line, 21, 0x80808080u);
    hand_stream s = {{0}, 0};
    code(&s, "1");                                /* lane 0: C = 1 */
    code(&s, "000"), field(&s, 2, 3);             /* words 0..2: run of 3 */
    code(&s, "001"), field(&s, 0x5, 4);
    code(&s, "010"), field(&s, 0x80, 8);
    code(&s, "011"), field(&s, 0x1234, 16);
    code(&s, "100"), field(&s, 0xABCD, 16);
    code(&s, "101"), field(&s, 0x12, 8), field(&s, 0x80, 8);   /* low halfword's byte first */
    code(&s, "110"), field(&s, 0x7F, 8);
    code(&s, "111"), field(&s, 0x12345678u, 32);
    code(&s, "000"), field(&s, 5, 3);             /* words 10..15: run of 6 */
    assert_int_equal(s.pos, 134);                 /* docs/fpc.md sec. 4, example 1 */
    code(&s, "1");                                /* lane 1 */
    code(&s, "001"), field(&s, 0x8, 4);
    code(&s, "010"), field(&s, 0x08, 8);
    code(&s, "011"), field(&s, 0x8000, 16);
    code(&s, "100"), field(&s, 0x0012, 16);
    code(&s, "101"), field(&s, 0x80, 8), field(&s, 0x00, 8);
    code(&s, "110"), field(&s, 0x80, 8);
    code(&s, "000"), field(&s, 7, 3);             /* words 22..29: run of 8 */
    code(&s, "000"), field(&s, 1, 3);             /* words 30..31: run of 2 */
    assert_int_equal(s.pos, 134 + 99);
    expect_stream(line, &s);
}

static void hand_worked_zero_line(void **state) {
    (void)state;
    uint8_t line[128] = {0};
    hand_stream s = {{0}, 0};
    for (unsigned lane = 0; lane < 2; lane++) {
        code(&s, "1");
        code(&s, "000"), field(&s, 7, 3);
        code(&s, "000"), field(&s, 7, 3);
    }
    assert_int_equal(s.pos, 26);
    expect_stream(line, &s);
}

/* The checker: a body of exactly 512 bits goes raw (513), 508 goes compressed (509). */
static void raw_fallback_boundary(void **state) {
    (void)state;
    prng p;
    prng_seed(&p, 3);
    uint8_t line[128] = {0};
    uint32_t raw[14];
    for (unsigned i = 0; i < 14; i++) {
        do raw[i] = (uint32_t)prng_next(&p);
        while (fpc_classify(raw[i]) != FPC_RAW_WORD);
        set_word(line, i, raw[i]);
    }
    set_word(line, 14, 0x40u); /* SE8: 14 * 35 + 2 * 11 = 512 */
    set_word(line, 15, 0x41u);
    /* lane 1: sixteen -1 words (SE4): 1 + 16 * 7 = 113 */
    for (unsigned i = 16; i < 32; i++) set_word(line, i, 0xFFFFFFFFu);
    hand_stream s = {{0}, 0};
    code(&s, "0");
    for (unsigned i = 0; i < 14; i++) field(&s, raw[i], 32);
    field(&s, 0x40, 32), field(&s, 0x41, 32);
    code(&s, "1");
    for (unsigned i = 16; i < 32; i++) code(&s, "001"), field(&s, 0xF, 4);
    assert_int_equal(s.pos, 513 + 113);
    expect_stream(line, &s);

    set_word(line, 15, 0x1u); /* SE4: 14 * 35 + 11 + 7 = 508 < 512: compressed */
    hand_stream t = {{0}, 0};
    code(&t, "1");
    for (unsigned i = 0; i < 14; i++) code(&t, "111"), field(&t, raw[i], 32);
    code(&t, "010"), field(&t, 0x40, 8);
    code(&t, "001"), field(&t, 0x1, 4);
    code(&t, "1");
    for (unsigned i = 16; i < 32; i++) code(&t, "001"), field(&t, 0xF, 4);
    assert_int_equal(t.pos, 509 + 113);
    expect_stream(line, &t);

    /* A random line: both lanes raw, the longest stream. */
    for (unsigned i = 0; i < 32; i++) {
        uint32_t v;
        do v = (uint32_t)prng_next(&p);
        while (fpc_classify(v) != FPC_RAW_WORD);
        set_word(line, i, v);
    }
    assert_int_equal(fpc_compressed_bits(line), FPC_MAX_BITS);
}

/* Runs never cross the lane boundary: 20 zero words from word 8 are 8 | 8 + 4 (sec. 3.1). */
static void zero_runs_stop_at_lane_end(void **state) {
    (void)state;
    uint8_t line[128] = {0};
    for (unsigned i = 0; i < 8; i++) set_word(line, i, 0x11111111u);
    for (unsigned i = 28; i < 32; i++) set_word(line, i, 0x22222222u);
    hand_stream s = {{0}, 0};
    code(&s, "1");
    for (unsigned i = 0; i < 8; i++) code(&s, "110"), field(&s, 0x11, 8);
    code(&s, "000"), field(&s, 7, 3);
    code(&s, "1");
    code(&s, "000"), field(&s, 7, 3);
    code(&s, "000"), field(&s, 3, 3);
    for (unsigned i = 0; i < 4; i++) code(&s, "110"), field(&s, 0x22, 8);
    expect_stream(line, &s);
}

/* ---- real data -------------------------------------------------------------------------------- */

static int setup_data(void **state) {
    return test_data_setup(state, test_data_load("test_fpc"));
}

static void round_trip_every_real_line(void **state) {
    const test_data_set *ds = *state;
    printf("  %-44s %8s %10s %7s\n", "file", "lines", "fpc bits", "ratio");
    for (unsigned f = 0; f < ds->count; f++) {
        const test_data_file *df = &ds->file[f];
        uint64_t total = 0;
        for (size_t i = 0; i < df->lines; i++) {
            const uint8_t *line = df->data + 128u * i;
            uint8_t stream[FPC_MAX_BYTES], back[128];
            size_t bits = 0;
            assert_int_equal(fpc_compress(line, stream, sizeof stream, &bits), NP_OK);
            assert_int_equal(bits, fpc_compressed_bits(line));
            assert_true(bits <= FPC_MAX_BITS);
            if (decode_exact(stream, bits, back) != NP_OK || memcmp(back, line, 128) != 0)
                fail_msg("%s line %zu does not round-trip", df->name, i);
            total += bits;
        }
        printf("  %-44s %8zu %10llu %7.3f\n", df->name, df->lines, (unsigned long long)total,
               total ? 1024.0 * (double)df->lines / (double)total : 0.0);
    }
}

/* ---- gem5 size cross-check (docs/fpc.md sec. 5) ----------------------------------------------
 * gem5's FPC (Compressor::FPC over DictionaryCompressor<uint32_t>): the first pattern of the
 * factory list ZeroRun, SignExtended4Bits, SignExtended1Byte, SignExtendedHalfword,
 * ZeroPaddedHalfword, SignExtendedTwoHalfwords, RepBytes, Uncompressed that matches; size =
 * 3-bit code + unmatched bits (4, 8, 16, 16, 16, 8, 32); a zero word opening a run costs
 * 3 + zero_run_bits (3), the next ones 0, until the run counter reaches mask(3) = 7 after which
 * the next zero opens a new run. Sizes are per 64-byte block, without the cache's size
 * threshold. Written here from those rules, sharing no code with fpc.c.
 *
 * SignExtendedTwoHalfwords::isPattern compares each halfword, held in an int16_t, with
 * (uint16_t)szext<8>(halfword): both sides are promoted to int, so a negative halfword
 * (0x8000..0xFFFF) never equals its unsigned image, and the pattern matches only when both
 * halfwords are 0x0000..0x007F. The paper's pattern (and ours, docs/fpc.md sec. 2.1) also takes
 * 0xFF80..0xFFFF. gem5_two_halfwords carries the quirk; a word that only the paper's form takes
 * then falls through to gem5's RepBytes (never: its bytes would be all 0xFF, which
 * SignExtended4Bits takes first) and Uncompressed, 35 bits instead of 19. */

static bool g5_szext(uint32_t v, unsigned n) { /* v == szext<n>(v) */
    int32_t low = (int32_t)(v << (32 - n)) / (int32_t)(1u << (32 - n)); /* exact division: sign kept */
    return (uint32_t)low == v;
}

/* gem5's test: the int16_t halfword against the uint16_t image of its sign-extended byte. */
static bool gem5_two_halfwords(uint32_t v) {
    for (unsigned k = 0; k < 2; k++) {
        int halfword = (int16_t)(uint16_t)(v >> (16 * k));                    /* int16_t, promoted */
        int8_t low_byte = (int8_t)(uint8_t)(v >> (16 * k));
        int image = (uint16_t)(int16_t)low_byte;                               /* (uint16_t)szext<8>, promoted */
        if (halfword != image) return false;
    }
    return true;
}

/* The paper's test (docs/fpc.md sec. 2.1): each halfword a sign-extended byte. */
static bool paper_two_halfwords(uint32_t v) {
    uint16_t h0 = (uint16_t)v, h1 = (uint16_t)(v >> 16);
    return (uint16_t)(int16_t)(int8_t)h0 == h0 && (uint16_t)(int16_t)(int8_t)h1 == h1;
}

/* gem5's size of one block; *quirk_words counts the words of the block that the paper's
 * SignExtendedTwoHalfwords takes and gem5's does not (each 16 bits longer in gem5). */
static unsigned gem5_fpc_block_bits(const uint8_t block[64], unsigned *quirk_words) {
    unsigned size = 0;
    bool last_zero = false;
    int run = 0;
    *quirk_words = 0;
    for (unsigned i = 0; i < 16; i++) {
        const uint8_t *b = block + 4 * i;
        uint32_t v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        if (v == 0) {
            if (!last_zero || run == 7) {
                size += 3 + 3;
                run = 0;
            } else {
                run++;
            }
            last_zero = true;
            continue;
        }
        last_zero = false;
        bool rep = b[0] == b[1] && b[1] == b[2] && b[2] == b[3];
        if (g5_szext(v, 4)) size += 3 + 4;
        else if (g5_szext(v, 8)) size += 3 + 8;
        else if (g5_szext(v, 16)) size += 3 + 16;
        else if ((v & 0x0000FFFFu) == 0) size += 3 + 16;
        else if (gem5_two_halfwords(v)) size += 3 + 16;
        else if (rep) size += 3 + 8;
        else {
            size += 3 + 32;
            *quirk_words += paper_two_halfwords(v);
        }
    }
    return size;
}

/* The quirk on hand-picked words: gem5 takes 0x007F0012, not 0xFF800012 nor 0x0012FFFF. */
static void gem5_two_halfwords_quirk(void **state) {
    (void)state;
    assert_true(gem5_two_halfwords(0x007F0012u));
    assert_true(paper_two_halfwords(0x007F0012u));
    assert_false(gem5_two_halfwords(0xFF800012u));
    assert_true(paper_two_halfwords(0xFF800012u));
    assert_false(gem5_two_halfwords(0x0012FFFFu));
    assert_true(paper_two_halfwords(0x0012FFFFu));
    assert_int_equal(fpc_classify(0xFF800012u), FPC_TWO_SE8);
    uint8_t block[64] = {0};
    for (unsigned i = 0; i < 16; i++) {
        uint32_t v = 0xFF800012u;
        memcpy(block + 4 * i, &v, 4);
    }
    unsigned quirk;
    assert_int_equal(gem5_fpc_block_bits(block, &quirk), 16u * 35u);
    assert_int_equal(quirk, 16);
}

static void gem5_size_cross_check(void **state) {
    const test_data_set *ds = *state;
    uint64_t blocks = 0, gem5_bits = 0, ours = 0, raw_blocks = 0, quirk_blocks = 0, quirk_words = 0;
    unsigned quirk_files = 0;
    for (unsigned f = 0; f < ds->count; f++) {
        const test_data_file *df = &ds->file[f];
        uint64_t file_quirk_blocks = 0;
        for (size_t i = 0; i < df->lines; i++) {
            const uint8_t *line = df->data + 128u * i;
            uint32_t word[32];
            fpc_line_words(line, word);
            for (unsigned lane = 0; lane < 2; lane++) {
                unsigned q;
                unsigned g = gem5_fpc_block_bits(line + 64u * lane, &q);
                unsigned o = fpc_lane_bits(word + 16u * lane);
                /* Conventions (docs/fpc.md sec. 5): our lane adds the 1-bit C flag, and a body of
                 * 512 bits or more is sent raw (513 bits) where gem5 reports the pattern sum;
                 * each word of gem5's SignExtendedTwoHalfwords quirk is 16 bits shorter here. */
                unsigned body = g - 16u * q;
                unsigned want = body < 512 ? 1 + body : 513;
                if (o != want)
                    fail_msg("%s line %zu lane %u: ours %u bits, gem5 %u bits, %u quirk words", df->name, i, lane, o,
                             g, q);
                blocks++;
                gem5_bits += g;
                ours += o;
                raw_blocks += body >= 512;
                file_quirk_blocks += q > 0;
                quirk_words += q;
            }
        }
        if (file_quirk_blocks) {
            quirk_files++;
            printf("  gem5 SignExtendedTwoHalfwords quirk: %s: %llu blocks\n", df->name,
                   (unsigned long long)file_quirk_blocks);
        }
        quirk_blocks += file_quirk_blocks;
    }
    printf("  gem5 FPC rules: %llu 64-byte blocks, %llu bits; ours %llu bits = gem5 + %llu C bits - %llu (raw"
           " fallback in %llu blocks; %llu quirk words x 16 bits in %llu blocks of %u files)\n",
           (unsigned long long)blocks, (unsigned long long)gem5_bits, (unsigned long long)ours,
           (unsigned long long)blocks, (unsigned long long)(gem5_bits + blocks - ours), (unsigned long long)raw_blocks,
           (unsigned long long)quirk_words, (unsigned long long)quirk_blocks, quirk_files);
}

/* ---- fast path == stages ------------------------------------------------------------------------ */

/* A word aimed at one pattern (sec. 2.1) or its boundaries, or random. */
static uint32_t pattern_word(prng *p) {
    uint32_t r = (uint32_t)prng_next(p);
    switch (prng_below(p, 12)) {
    case 0: return 0;
    case 1: return (uint32_t)((int32_t)(r & 0xFu) - 8);                 /* 4-bit sign-extended */
    case 2: return (uint32_t)((int32_t)(r & 0xFFu) - 128);
    case 3: return (uint32_t)((int32_t)(r & 0xFFFFu) - 32768);
    case 4: return r << 16;                                              /* zero low halfword */
    case 5: return ((uint32_t)(uint16_t)(int16_t)(int8_t)r) | (uint32_t)(uint16_t)(int16_t)(int8_t)(r >> 8) << 16;
    case 6: return (r & 0xFFu) * 0x01010101u;
    case 7: return 0xFFFFFFFFu - (r & 0x1Fu);
    case 8: return (r & 1u) ? 0x00008000u : 0xFFFF7FFFu;                 /* just outside 16-bit */
    case 9: return (r & 1u) ? 0x00000080u : 0xFFFFFF7Fu;
    default: return r;
    }
}

static void assert_fast_equals_stages(const uint8_t line[128]) {
    uint8_t fast[FPC_MAX_BYTES], ref[FPC_MAX_BYTES];
    size_t fast_bits = 0, ref_bits = 0;
    memset(fast, 0xA5, sizeof fast);
    memset(ref, 0xA5, sizeof ref);
    assert_int_equal(fpc_compress(line, fast, sizeof fast, &fast_bits), NP_OK);
    assert_int_equal(fpc_compress_stages(line, ref, sizeof ref, &ref_bits), NP_OK);
    assert_int_equal(fast_bits, ref_bits);
    assert_int_equal(fpc_compressed_bits(line), ref_bits);
    assert_memory_equal(fast, ref, sizeof fast);
}

static void assert_decoders_agree(const uint8_t *src, size_t bits) {
    size_t n = (bits + 7) / 8;
    uint8_t *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    if (n) memcpy(copy, src, n);
    uint8_t a[128], b[128];
    memset(a, 0x5A, sizeof a);
    memset(b, 0xA5, sizeof b);
    np_result ra = fpc_decompress(n ? copy : NULL, bits, a, sizeof a);
    np_result rb = fpc_decompress_stages(n ? copy : NULL, bits, b, sizeof b);
    free(copy);
    assert_int_equal(ra, rb);
    assert_memory_equal(a, b, 128);
}

static void fast_path_equals_stages(void **state) {
    (void)state;
    prng p;
    prng_seed(&p, 32);
    for (unsigned t = 0; t < 40000; t++) {
        uint8_t line[128], stream[FPC_MAX_BYTES + 2];
        unsigned zero_bias = (unsigned)prng_below(&p, 4);     /* long zero runs in some lines */
        for (unsigned w = 0; w < 32; w++) {
            uint32_t v = prng_below(&p, 4) < zero_bias ? 0u : pattern_word(&p);
            memcpy(line + 4 * w, &v, 4);
        }
        assert_fast_equals_stages(line);
        size_t bits = 0;
        assert_int_equal(fpc_compress(line, stream, sizeof stream, &bits), NP_OK);
        assert_decoders_agree(stream, bits);
        stream[bits / 8] &= (uint8_t)((1u << (bits % 8)) - 1u);
        stream[bits / 8 + 1] = (uint8_t)prng_next(&p);
        assert_decoders_agree(stream, (size_t)prng_below(&p, bits + 1));          /* truncated */
        assert_decoders_agree(stream, bits + 1 + (size_t)prng_below(&p, 8));      /* extended */
        size_t flip = (size_t)prng_below(&p, bits);
        stream[flip / 8] ^= (uint8_t)(1u << (flip % 8));
        assert_decoders_agree(stream, bits);                                      /* a flipped bit */
        uint8_t junk[FPC_MAX_BYTES + 8];
        prng_fill(&p, junk, sizeof junk);
        if (t & 1) junk[0] |= 1u;
        assert_decoders_agree(junk, (size_t)prng_below(&p, 8u * sizeof junk));
    }
}

static void fast_path_equals_stages_on_real_lines(void **state) {
    const test_data_set *ds = *state;
    for (unsigned f = 0; f < ds->count; f++) {
        const test_data_file *df = &ds->file[f];
        for (size_t i = 0; i < df->lines; i++) {
            const uint8_t *line = df->data + 128u * i;
            uint8_t stream[FPC_MAX_BYTES];
            size_t bits = 0;
            assert_fast_equals_stages(line);
            assert_int_equal(fpc_compress(line, stream, sizeof stream, &bits), NP_OK);
            assert_decoders_agree(stream, bits);
        }
    }
}

/* ---- adversarial streams (docs/fpc.md sec. 3.4) ---------------------------------------------- */

/* A strict prefix of a valid stream cannot be decoded (every field is needed), nor can a valid
 * stream with extra bits: both must be NP_BAD_DATA with dst zeroed. */
static void truncations_and_extensions_of_real_streams(void **state) {
    const test_data_set *ds = *state;
    prng p;
    prng_seed(&p, 5);
    for (unsigned f = 0; f < ds->count; f++) {
        const test_data_file *df = &ds->file[f];
        for (unsigned t = 0; t < 6 && df->lines; t++) {
            const uint8_t *line = df->data + 128u * prng_below(&p, df->lines);
            uint8_t stream[FPC_MAX_BYTES + 2] = {0}, back[128];
            size_t bits = 0;
            assert_int_equal(fpc_compress(line, stream, FPC_MAX_BYTES, &bits), NP_OK);
            for (size_t cut = 0; cut < bits; cut++) assert_int_equal(decode_exact(stream, cut, back), NP_BAD_DATA);
            for (size_t extra = 1; extra <= 9; extra++) assert_int_equal(decode_exact(stream, bits + extra, back), NP_BAD_DATA);
        }
    }
}

static void zero_run_past_lane_end(void **state) {
    (void)state;
    uint8_t back[128];
    hand_stream s = {{0}, 0};
    code(&s, "1");
    for (unsigned i = 0; i < 10; i++) code(&s, "110"), field(&s, 0x33, 8);
    code(&s, "000"), field(&s, 6, 3); /* run of 7, only 6 words left */
    assert_int_equal(decode_exact(s.buf, s.pos, back), NP_BAD_DATA);
    hand_stream ok = {{0}, 0};
    code(&ok, "1");
    for (unsigned i = 0; i < 10; i++) code(&ok, "110"), field(&ok, 0x33, 8);
    code(&ok, "000"), field(&ok, 5, 3); /* run of 6: exactly the lane */
    code(&ok, "1"), code(&ok, "000"), field(&ok, 7, 3), code(&ok, "000"), field(&ok, 7, 3);
    assert_int_equal(decode_exact(ok.buf, ok.pos, back), NP_OK);
    for (unsigned i = 0; i < 10; i++) assert_int_equal(back[4 * i + 3], 0x33);
    assert_true(all_zero(back + 40, 88));
}

/* Forms the compressor never emits decode to the line they describe (sec. 3.4): a zero word as
 * SE4, a run split short, C = 1 with a body longer than raw. Re-encoding gives the canonical
 * stream, no longer than the odd one. */
static void non_canonical_forms_decode(void **state) {
    (void)state;
    uint8_t back[128], again[FPC_MAX_BYTES], back2[128];
    hand_stream s = {{0}, 0};
    code(&s, "1");
    code(&s, "001"), field(&s, 0, 4);                       /* word 0 = 0 as SE4 */
    for (unsigned i = 1; i < 16; i++) code(&s, "111"), field(&s, 0x9ABCDEF0u + i, 32); /* body 7 + 525 */
    code(&s, "1");
    for (unsigned i = 0; i < 16; i++) code(&s, "000"), field(&s, 0, 3); /* sixteen runs of one */
    assert_int_equal(decode_exact(s.buf, s.pos, back), NP_OK);
    uint32_t w[32];
    fpc_line_words(back, w);
    assert_int_equal(w[0], 0);
    assert_int_equal(w[5], 0x9ABCDEF5u);
    for (unsigned i = 16; i < 32; i++) assert_int_equal(w[i], 0);
    size_t bits = 0;
    assert_int_equal(fpc_compress(back, again, sizeof again, &bits), NP_OK);
    assert_true(bits < s.pos);
    assert_int_equal(decode_exact(again, bits, back2), NP_OK);
    assert_memory_equal(back, back2, 128);
}

/* Random garbage of every length: NP_OK with a line whose canonical stream round-trips, or
 * NP_BAD_DATA with dst zeroed; never a read outside the exact buffer. */
static void garbage_streams(void **state) {
    (void)state;
    prng p;
    prng_seed(&p, 17);
    unsigned ok = 0, bad = 0;
    for (unsigned trial = 0; trial < 20000; trial++) {
        uint8_t junk[FPC_MAX_BYTES + 8], back[128];
        prng_fill(&p, junk, sizeof junk);
        size_t bits = (size_t)prng_below(&p, 8u * sizeof junk);
        if (trial % 4 == 0) junk[0] |= 1u, junk[0] &= 0xF1u; /* C = 1 and a zero-run prefix first */
        np_result r = decode_exact(junk, bits, back);
        if (r == NP_OK) {
            ok++;
            uint8_t st[FPC_MAX_BYTES], back2[128];
            size_t n = 0;
            assert_int_equal(fpc_compress(back, st, sizeof st, &n), NP_OK);
            assert_int_equal(decode_exact(st, n, back2), NP_OK);
            assert_memory_equal(back, back2, 128);
        } else {
            assert_int_equal(r, NP_BAD_DATA);
            bad++;
        }
    }
    assert_true(bad > 0);
    printf("  garbage: %u decoded, %u rejected\n", ok, bad);
}

/* ---- API contract ------------------------------------------------------------------------------ */

static void buffer_and_argument_contract(void **state) {
    (void)state;
    uint8_t line[128];
    prng p;
    prng_seed(&p, 23);
    prng_fill(&p, line, 128);
    size_t need = fpc_compressed_bits(line), got = 0;
    uint8_t small[FPC_MAX_BYTES];
    memset(small, 0xA5, sizeof small);
    assert_int_equal(fpc_compress(line, small, (need + 7) / 8 - 1, &got), NP_NO_SPACE);
    assert_int_equal(got, need);
    for (size_t i = 0; i < sizeof small; i++) assert_int_equal(small[i], 0xA5);
    assert_int_equal(fpc_compress(line, NULL, 0, &got), NP_NO_SPACE);
    assert_int_equal(fpc_compress(NULL, small, sizeof small, &got), NP_BAD_PARAM);
    assert_int_equal(fpc_compress(line, small, sizeof small, NULL), NP_BAD_PARAM);
    assert_int_equal(fpc_compress(line, NULL, 5, &got), NP_BAD_PARAM);
    uint8_t back[128];
    assert_int_equal(fpc_compress(line, small, sizeof small, &got), NP_OK);
    assert_int_equal(fpc_decompress(small, got, back, 127), NP_NO_SPACE);
    assert_int_equal(fpc_decompress(NULL, 8, back, 128), NP_BAD_PARAM);
    assert_int_equal(fpc_decompress(small, got, NULL, 128), NP_BAD_PARAM);
    assert_int_equal(fpc_decompress(NULL, 0, back, 128), NP_BAD_DATA);
    assert_int_equal(fpc_compressed_bits(NULL), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(classify_every_pattern),
        cmocka_unit_test(classify_is_first_match),
        cmocka_unit_test(hand_worked_every_pattern),
        cmocka_unit_test(hand_worked_zero_line),
        cmocka_unit_test(raw_fallback_boundary),
        cmocka_unit_test(zero_runs_stop_at_lane_end),
        cmocka_unit_test(zero_run_past_lane_end),
        cmocka_unit_test(non_canonical_forms_decode),
        cmocka_unit_test(garbage_streams),
        cmocka_unit_test(buffer_and_argument_contract),
        cmocka_unit_test(gem5_two_halfwords_quirk),
        cmocka_unit_test(fast_path_equals_stages),
    };
    const struct CMUnitTest data_tests[] = {
        cmocka_unit_test(round_trip_every_real_line),
        cmocka_unit_test(gem5_size_cross_check),
        cmocka_unit_test(truncations_and_extensions_of_real_streams),
        cmocka_unit_test(fast_path_equals_stages_on_real_lines),
    };
    int failed = cmocka_run_group_tests_name("fpc", tests, NULL, NULL);
    failed += cmocka_run_group_tests_name("fpc on real data", data_tests, setup_data, test_data_teardown);
    return failed;
}
