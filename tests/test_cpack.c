/* Unit tests of the C-Pack+Z C model (cmodel/src/cpack.c) against docs/cpack.md, per-line and
 * synchronised forms.
 *
 * Expected streams are written out by hand here from the tables of docs/cpack.md (codes as
 * printed, fields LSB-first), never by the model's writer. The gem5 cross-check re-implements
 * gem5's CPack size rules (src/mem/cache/compressors/cpack.hh, dictionary_compressor{,_impl}.hh:
 * per-entry pattern factory, smallest size wins, which patterns allocate, a dictionary of
 * cache_line_size entries reset per block) and relates them to our lane lengths by the
 * conventions of docs/cpack.md sec. 4. The synchronised form is run over every data file as one
 * packet sequence between two states that must stay byte-for-byte equal; a lost and a reordered
 * packet show why the protocol needs in-order delivery (sec. 5). The fast whole-line path
 * (cpack_compress, cpack_sync_compress and their decoders) is compared with the stage-by-stage
 * one (cpack_*_stages) on pattern-built, random and real lines in both forms, states included,
 * and on malformed streams. Decoder inputs are heap blocks of exactly the stream's bytes, so the
 * sanitizer build proves no read outside them. */
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
#include "codec.h"
#include "cpack.h"
#include "test_data.h"
#include "test_hand_stream.h"

/* ---- helpers -------------------------------------------------------------------------------- */

/* Decodes exactly (bits + 7) / 8 heap bytes; s == NULL for the per-line form. On an error dst
 * must be zero and a synchronised state unchanged. */
static np_result decode_exact(cpack_state *s, const uint8_t *src, size_t bits, uint8_t out[128]) {
    size_t n = (bits + 7) / 8;
    uint8_t *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    if (n) memcpy(copy, src, n);
    memset(out, 0x5A, 128);
    cpack_state before;
    if (s) before = *s;
    np_result r = s ? cpack_sync_decompress(s, n ? copy : NULL, bits, out, 128)
                    : cpack_decompress(n ? copy : NULL, bits, out, 128);
    free(copy);
    if (r != NP_OK) {
        assert_true(all_zero(out, 128));
        if (s) assert_memory_equal(&before, s, sizeof before);
    }
    return r;
}

static void expect_stream(const uint8_t line[128], const hand_stream *want) {
    uint8_t got[CPACK_MAX_BYTES];
    size_t bits = 0;
    assert_int_equal(cpack_compress(line, got, sizeof got, &bits), NP_OK);
    assert_int_equal(bits, want->pos);
    assert_int_equal(cpack_compressed_bits(line), want->pos);
    assert_memory_equal(got, want->buf, (bits + 7) / 8);
    uint8_t back[128];
    assert_int_equal(decode_exact(NULL, want->buf, want->pos, back), NP_OK);
    assert_memory_equal(back, line, 128);
}

/* ---- stages (docs/cpack.md sec. 2) ----------------------------------------------------------- */

static void match_every_code(void **state) {
    (void)state;
    cpack_dict d;
    cpack_dict_reset(&d);
    cpack_dict_push(&d, 0x12345678u);
    cpack_dict_push(&d, 0x1234AB00u);
    cpack_dict_push(&d, 0xDEADBEEFu);
    static const struct {
        uint32_t w;
        cpack_code c;
        unsigned idx;
    } cases[] = {
        {0x00000000u, CPACK_ZZZZ, 0}, {0x000000ABu, CPACK_ZZZX, 0}, {0x000000FFu, CPACK_ZZZX, 0},
        {0x12345678u, CPACK_MMMM, 0}, {0xDEADBEEFu, CPACK_MMMM, 2},
        {0x123456FFu, CPACK_MMMX, 0}, {0x1234AB77u, CPACK_MMMX, 1}, /* 3 bytes with 1 beat 2 with 0 */
        {0x1234FFFFu, CPACK_MMXX, 0},                               /* 2 bytes with 0 and 1: lowest */
        {0xDEAD0000u, CPACK_MMXX, 2}, {0xCAFEBABEu, CPACK_XXXX, 0},
        {0x00000100u, CPACK_XXXX, 0}, {0x56781234u, CPACK_XXXX, 0}, /* low bytes matching count for nothing */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unsigned idx = 99;
        cpack_code c = cpack_match(&d, cases[i].w, &idx);
        if (c != cases[i].c || idx != cases[i].idx)
            fail_msg("word 0x%08x: code %d index %u, want %d index %u", cases[i].w, c, idx, cases[i].c, cases[i].idx);
    }
    static const unsigned bits[6] = {2, 34, 6, 24, 12, 16};
    for (unsigned c = 0; c < 6; c++) assert_int_equal(cpack_code_bits((cpack_code)c), bits[c]);
    assert_true(cpack_code_pushes(CPACK_XXXX) && cpack_code_pushes(CPACK_MMXX) && cpack_code_pushes(CPACK_MMMX));
    assert_false(cpack_code_pushes(CPACK_ZZZZ) || cpack_code_pushes(CPACK_ZZZX) || cpack_code_pushes(CPACK_MMMM));
    /* Shortest first even for a dictionary the compressor never builds: a small word that is an
     * entry is MMMM (6 bits), not ZZZX (12). */
    cpack_dict_push(&d, 0x000000ABu);
    unsigned idx;
    assert_int_equal(cpack_match(&d, 0x000000ABu, &idx), CPACK_MMMM);
    assert_int_equal(idx, 3);
}

static void dictionary_is_a_fifo(void **state) {
    (void)state;
    cpack_dict d;
    cpack_dict_reset(&d);
    for (uint32_t i = 0; i < 16; i++) cpack_dict_push(&d, 0x10000000u + i);
    assert_int_equal(d.count, 16);
    assert_int_equal(d.next, 0);
    cpack_dict_push(&d, 0xAAAA0000u); /* replaces the oldest, slot 0 */
    cpack_dict_push(&d, 0xBBBB0000u); /* then slot 1 */
    assert_int_equal(d.count, 16);
    assert_int_equal(d.entry[0], 0xAAAA0000u);
    assert_int_equal(d.entry[1], 0xBBBB0000u);
    assert_int_equal(d.entry[2], 0x10000002u);
    unsigned idx;
    assert_int_equal(cpack_match(&d, 0x10000000u, &idx), CPACK_MMMX); /* its own entry is gone */
    assert_int_equal(idx, 2);
}

/* ---- hand-worked lines (docs/cpack.md sec. 6) ------------------------------------------------ */

static void hand_worked_every_code(void **state) {
    (void)state;
    uint8_t line[128] = {0};
    set_word(line, 1, 0x000000ABu);
    set_word(line, 2, 0x12345678u);
    set_word(line, 3, 0x12345678u);
    set_word(line, 4, 0x123456FFu);
    set_word(line, 5, 0x1234ABCDu);
    set_word(line, 6, 0x123456FFu);
    set_word(line, 7, 0x1234AB00u);
    hand_stream s = {{0}, 0};
    code(&s, "0"), code(&s, "1");                             /* lane 0: Z = 0, C = 1 */
    code(&s, "00");                                           /* w0 zzzz */
    code(&s, "1101"), field(&s, 0xAB, 8);                     /* w1 zzzx */
    code(&s, "01"), field(&s, 0x12345678u, 32);               /* w2 xxxx, pushed to entry 0 */
    code(&s, "10"), field(&s, 0, 4);                          /* w3 mmmm entry 0 */
    code(&s, "1110"), field(&s, 0, 4), field(&s, 0xFF, 8);    /* w4 mmmx entry 0, pushed to 1 */
    code(&s, "1100"), field(&s, 0, 4), field(&s, 0xABCD, 16); /* w5 mmxx entry 0, pushed to 2 */
    code(&s, "10"), field(&s, 1, 4);                          /* w6 mmmm entry 1 */
    code(&s, "1110"), field(&s, 2, 4), field(&s, 0x00, 8);    /* w7 mmmx entry 2, pushed to 3 */
    for (unsigned i = 8; i < 16; i++) code(&s, "00");
    assert_int_equal(s.pos, 134);
    code(&s, "1");                                            /* lane 1: Z = 1 */
    assert_int_equal(s.pos, 135);
    expect_stream(line, &s);
}

static void hand_worked_zero_line(void **state) {
    (void)state;
    uint8_t line[128] = {0};
    hand_stream s = {{0}, 0};
    code(&s, "1"), code(&s, "1");
    expect_stream(line, &s);
}

/* Word i of the boundary lanes: upper halfwords all different, so every one is xxxx. */
static uint32_t distinct(unsigned i) { return (i + 1u) * 0x01010000u + 0x1234u; }

/* The checker: a body of 512 bits goes raw (514), 504 goes compressed (506). */
static void raw_fallback_boundary(void **state) {
    (void)state;
    uint8_t line[128] = {0};
    for (unsigned i = 0; i < 15; i++) set_word(line, i, distinct(i)); /* 15 * 34 + 2 = 512 */
    set_word(line, 16, 0x77u);                                        /* lane 1: zzzx + 15 zzzz */
    hand_stream s = {{0}, 0};
    code(&s, "0"), code(&s, "0");
    for (unsigned i = 0; i < 15; i++) field(&s, distinct(i), 32);
    field(&s, 0, 32);
    code(&s, "0"), code(&s, "1"), code(&s, "1101"), field(&s, 0x77, 8);
    for (unsigned i = 1; i < 16; i++) code(&s, "00");
    assert_int_equal(s.pos, 514 + 2 + 12 + 30);
    expect_stream(line, &s);

    /* 14 xxxx + mmmx + zzzx = 476 + 16 + 12 = 504 */
    set_word(line, 14, distinct(3) ^ 0x5Au);
    set_word(line, 15, 0x99u);
    hand_stream t = {{0}, 0};
    code(&t, "0"), code(&t, "1");
    for (unsigned i = 0; i < 14; i++) code(&t, "01"), field(&t, distinct(i), 32);
    code(&t, "1110"), field(&t, 3, 4), field(&t, (distinct(3) ^ 0x5Au) & 0xFF, 8);
    code(&t, "1101"), field(&t, 0x99, 8);
    code(&t, "0"), code(&t, "1"), code(&t, "1101"), field(&t, 0x77, 8);
    for (unsigned i = 1; i < 16; i++) code(&t, "00");
    assert_int_equal(t.pos, 506 + 2 + 12 + 30);
    expect_stream(line, &t);
}

/* ---- real data ----------------------------------------------------------------------------------- */

static int setup_data(void **state) {
    return test_data_setup(state, test_data_load("test_cpack"));
}

static double ratio(size_t lines, uint64_t bits) { return bits ? 1024.0 * (double)lines / (double)bits : 0.0; }

/* Per-line form on every line; synchronised form over each whole file as one packet sequence,
 * sender and receiver states compared after every line. */
static void round_trip_every_real_line(void **state) {
    const test_data_set *ds = *state;
    printf("  %-44s %6s %7s %7s %9s %9s %6s\n", "file", "lines", "cpack", "sync", "pushes", "upd.lanes",
           "resets");
    cpack_state *tx = malloc(sizeof *tx), *rx = malloc(sizeof *rx);
    assert_true(tx && rx);
    for (unsigned f = 0; f < ds->count; f++) {
        const test_data_file *df = &ds->file[f];
        uint64_t per_line = 0, sync = 0;
        cpack_state_init(tx);
        cpack_state_init(rx);
        for (size_t i = 0; i < df->lines; i++) {
            const uint8_t *line = df->data + 128u * i;
            uint8_t stream[CPACK_MAX_BYTES], back[128];
            size_t bits = 0;
            assert_int_equal(cpack_compress(line, stream, sizeof stream, &bits), NP_OK);
            assert_int_equal(bits, cpack_compressed_bits(line));
            assert_true(bits <= CPACK_MAX_BITS);
            if (decode_exact(NULL, stream, bits, back) != NP_OK || memcmp(back, line, 128) != 0)
                fail_msg("cpack: %s line %zu does not round-trip", df->name, i);
            per_line += bits;
            size_t predicted = cpack_sync_compressed_bits(tx, line);
            assert_int_equal(cpack_sync_compress(tx, line, stream, sizeof stream, &bits), NP_OK);
            assert_int_equal(bits, predicted);
            if (decode_exact(rx, stream, bits, back) != NP_OK || memcmp(back, line, 128) != 0)
                fail_msg("cpack-sync: %s line %zu does not round-trip", df->name, i);
            if (memcmp(tx, rx, sizeof *tx) != 0) fail_msg("cpack-sync: %s line %zu: the two ends differ", df->name, i);
            sync += bits;
        }
        assert_int_equal(tx->lines, df->lines);
        printf("  %-44s %6zu %7.3f %7.3f %9llu %9llu %6llu\n", df->name, df->lines, ratio(df->lines, per_line),
               ratio(df->lines, sync), (unsigned long long)tx->pushes, (unsigned long long)tx->update_lanes,
               (unsigned long long)tx->resets);
    }
    free(tx);
    free(rx);
}

/* ---- gem5 size cross-check (docs/cpack.md sec. 4) -------------------------------------------------
 * gem5's CPack over DictionaryCompressor<uint32_t>: for each word, start from the pattern found
 * with no dictionary entry (ZZZZ, ZZZX or XXXX), then for every valid entry in order take the
 * first factory pattern ZZZZ, MMMM, ZZZX, MMMX, MMXX, XXXX that matches and keep it if strictly
 * smaller. Sizes: code length + unmatched bits = 2, 6, 4+8, 8+8, 8+16, 2+32. XXXX, MMMM, MMXX and
 * MMMX allocate a new entry (MaskedPattern and UncompressedPattern default to allocating); ZZZZ and
 * ZZZX (MaskedValuePattern) do not. The dictionary has dictionary_size = cache_line_size = 64
 * entries, reset per block, so it never fills. Written here from those rules alone. */

enum { G5_ZZZZ, G5_XXXX, G5_MMMM, G5_MMXX, G5_ZZZX, G5_MMMX };
static const unsigned g5_size[6] = {2, 2 + 32, 6, 8 + 16, 4 + 8, 8 + 8};

static int g5_factory(uint32_t v, uint32_t entry, int location) {
    if (v == 0) return G5_ZZZZ;
    if (location >= 0 && v == entry) return G5_MMMM;
    if ((v & 0xFFFFFF00u) == 0) return G5_ZZZX;
    if (location >= 0 && (v & 0xFFFFFF00u) == (entry & 0xFFFFFF00u)) return G5_MMMX;
    if (location >= 0 && (v & 0xFFFF0000u) == (entry & 0xFFFF0000u)) return G5_MMXX;
    return G5_XXXX;
}

static unsigned gem5_cpack_block_bits(const uint8_t block[64]) {
    uint32_t dict[64];
    unsigned n = 0, size = 0;
    for (unsigned i = 0; i < 16; i++) {
        const uint8_t *b = block + 4 * i;
        uint32_t v = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
        int pat = g5_factory(v, 0, -1);
        for (unsigned e = 0; e < n; e++) {
            int t = g5_factory(v, dict[e], (int)e);
            if (g5_size[t] < g5_size[pat]) pat = t;
        }
        size += g5_size[pat];
        if (pat == G5_XXXX || pat == G5_MMMM || pat == G5_MMXX || pat == G5_MMMX) dict[n++] = v;
    }
    return size;
}

static void gem5_size_cross_check(void **state) {
    const test_data_set *ds = *state;
    uint64_t blocks = 0, gem5_bits = 0, ours = 0, zero_blocks = 0, raw_blocks = 0;
    for (unsigned f = 0; f < ds->count; f++) {
        const test_data_file *df = &ds->file[f];
        for (size_t i = 0; i < df->lines; i++) {
            const uint8_t *line = df->data + 128u * i;
            size_t total = 0;
            for (unsigned lane = 0; lane < 2; lane++) {
                const uint8_t *block = line + 64u * lane;
                unsigned g = gem5_cpack_block_bits(block);
                /* Conventions (docs/cpack.md sec. 4): a zero lane is the 1-bit Z flag (gem5: 16 x
                 * zzzz = 32 bits); otherwise Z and C add 2 bits, and a body of 512 bits or more
                 * is sent raw (514) where gem5 reports the pattern sum (its size threshold off). */
                unsigned want = all_zero(block, 64) ? 1u : g < 512 ? 2u + g : 514u;
                total += want;
                blocks++;
                gem5_bits += g;
                zero_blocks += all_zero(block, 64);
                raw_blocks += !all_zero(block, 64) && g >= 512;
            }
            size_t o = cpack_compressed_bits(line);
            if (o != total) fail_msg("%s line %zu: ours %zu bits, from gem5's rules %zu", df->name, i, o, total);
            ours += o;
        }
    }
    printf("  gem5 CPack rules: %llu 64-byte blocks, %llu bits; ours %llu bits (%llu zero blocks at 1 bit,"
           " %llu raw at 514, the rest gem5 + 2)\n",
           (unsigned long long)blocks, (unsigned long long)gem5_bits, (unsigned long long)ours,
           (unsigned long long)zero_blocks, (unsigned long long)raw_blocks);
}

/* ---- adversarial streams (docs/cpack.md sec. 3.5) ---------------------------------------------- */

static void truncations_and_extensions_of_real_streams(void **state) {
    const test_data_set *ds = *state;
    prng p;
    prng_seed(&p, 5);
    for (unsigned f = 0; f < ds->count; f++) {
        const test_data_file *df = &ds->file[f];
        for (unsigned t = 0; t < 6 && df->lines; t++) {
            const uint8_t *line = df->data + 128u * prng_below(&p, df->lines);
            uint8_t stream[CPACK_MAX_BYTES + 2] = {0}, back[128];
            size_t bits = 0;
            assert_int_equal(cpack_compress(line, stream, CPACK_MAX_BYTES, &bits), NP_OK);
            for (size_t cut = 0; cut < bits; cut++) assert_int_equal(decode_exact(NULL, stream, cut, back), NP_BAD_DATA);
            for (size_t extra = 1; extra <= 9; extra++)
                assert_int_equal(decode_exact(NULL, stream, bits + extra, back), NP_BAD_DATA);
        }
    }
}

static void bad_code_and_bad_index(void **state) {
    (void)state;
    uint8_t back[128];
    /* 1111 is not a code */
    hand_stream s = {{0}, 0};
    code(&s, "01"), code(&s, "1111"), field(&s, 0, 30);
    assert_int_equal(decode_exact(NULL, s.buf, s.pos, back), NP_BAD_DATA);
    /* mmmm naming entry 0 of an empty dictionary */
    hand_stream t = {{0}, 0};
    code(&t, "01"), code(&t, "10"), field(&t, 0, 4);
    for (unsigned i = 1; i < 16; i++) code(&t, "00");
    code(&t, "1");
    assert_int_equal(decode_exact(NULL, t.buf, t.pos, back), NP_BAD_DATA);
    /* the same with entry 0 filled first by an xxxx word: valid */
    hand_stream u = {{0}, 0};
    code(&u, "01"), code(&u, "01"), field(&u, 0xCAFEF00Du, 32), code(&u, "10"), field(&u, 0, 4);
    code(&u, "1100"), field(&u, 1, 4), field(&u, 0, 16);      /* entry 1 not valid yet */
    for (unsigned i = 3; i < 16; i++) code(&u, "00");
    code(&u, "1");
    assert_int_equal(decode_exact(NULL, u.buf, u.pos, back), NP_BAD_DATA);
    hand_stream v = {{0}, 0};
    code(&v, "01"), code(&v, "01"), field(&v, 0xCAFEF00Du, 32), code(&v, "10"), field(&v, 0, 4);
    code(&v, "1100"), field(&v, 0, 4), field(&v, 0x1234, 16);
    for (unsigned i = 3; i < 16; i++) code(&v, "00");
    code(&v, "1");
    assert_int_equal(decode_exact(NULL, v.buf, v.pos, back), NP_OK);
    assert_memory_equal(back, "\x0D\xF0\xFE\xCA\x0D\xF0\xFE\xCA\x34\x12\xFE\xCA", 12);
    assert_true(all_zero(back + 12, 116));
}

/* Forms the compressor never emits (sec. 3.5) decode to the line they describe, and the pushes
 * follow the codes read: an xxxx word that is zero, then an mmmm naming it. */
static void non_canonical_forms_decode(void **state) {
    (void)state;
    uint8_t back[128];
    hand_stream s = {{0}, 0};
    code(&s, "01"), code(&s, "01"), field(&s, 0, 32), code(&s, "10"), field(&s, 0, 4);
    code(&s, "1101"), field(&s, 0, 8);                      /* a zero word as zzzx */
    for (unsigned i = 3; i < 16; i++) code(&s, "00");
    code(&s, "00");                                         /* lane 1: Z = 0, C = 0 */
    for (unsigned i = 0; i < 16; i++) field(&s, 0, 32);     /* a zero lane sent raw */
    assert_int_equal(decode_exact(NULL, s.buf, s.pos, back), NP_OK);
    assert_true(all_zero(back, 128));
}

static void garbage_streams(void **state) {
    (void)state;
    prng p;
    prng_seed(&p, 17);
    unsigned ok = 0, bad = 0;
    cpack_state *st = malloc(sizeof *st);
    assert_non_null(st);
    cpack_state_init(st);
    for (unsigned trial = 0; trial < 20000; trial++) {
        uint8_t junk[CPACK_MAX_BYTES + 8], back[128];
        prng_fill(&p, junk, sizeof junk);
        size_t bits = (size_t)prng_below(&p, 8u * sizeof junk);
        if (trial % 3 == 0) junk[0] = (uint8_t)((junk[0] & 0xFCu) | 0x2u); /* Z = 0, C = 1 */
        np_result r = decode_exact(trial & 1 ? st : NULL, junk, bits, back);
        if (r == NP_OK) {
            ok++;
            uint8_t again[CPACK_MAX_BYTES], back2[128];
            size_t n = 0;
            assert_int_equal(cpack_compress(back, again, sizeof again, &n), NP_OK);
            assert_int_equal(decode_exact(NULL, again, n, back2), NP_OK);
            assert_memory_equal(back, back2, 128);
        } else {
            assert_int_equal(r, NP_BAD_DATA);
            bad++;
        }
    }
    free(st);
    assert_true(bad > 0);
    printf("  garbage: %u decoded, %u rejected\n", ok, bad);
}

/* ---- synchronised protocol (docs/cpack.md sec. 5) ---------------------------------------------- */

/* A lane sent raw leaves its dictionary as it was; a lane sent compressed pushes its words. */
static void sync_raw_lane_does_not_update(void **state) {
    (void)state;
    cpack_state tx, rx;
    cpack_state_init(&tx);
    cpack_state_init(&rx);
    uint8_t line[128] = {0}, stream[CPACK_MAX_BYTES], back[128];
    for (unsigned i = 0; i < 16; i++) set_word(line, i, distinct(i)); /* lane 0: 16 x xxxx = raw */
    set_word(line, 16, 0xABCD1234u);                                  /* lane 1: one xxxx, 15 zzzz */
    size_t bits;
    assert_int_equal(cpack_sync_compress(&tx, line, stream, sizeof stream, &bits), NP_OK);
    assert_int_equal(bits, 514 + 2 + 34 + 30);
    assert_int_equal(decode_exact(&rx, stream, bits, back), NP_OK);
    assert_memory_equal(back, line, 128);
    assert_int_equal(tx.dict[0].count, 0);
    assert_int_equal(tx.dict[1].count, 1);
    assert_int_equal(tx.dict[1].entry[0], 0xABCD1234u);
    assert_int_equal(tx.pushes, 1);
    assert_int_equal(tx.update_lanes, 1);
    assert_memory_equal(&tx, &rx, sizeof tx);
    /* The next line finds lane 1's word in the kept dictionary: mmmm, 6 bits. */
    memset(line, 0, sizeof line);
    set_word(line, 16, 0xABCD1234u);
    assert_int_equal(cpack_sync_compress(&tx, line, stream, sizeof stream, &bits), NP_OK);
    assert_int_equal(bits, 1 + 2 + 6 + 30);
    assert_int_equal(decode_exact(&rx, stream, bits, back), NP_OK);
    assert_memory_equal(back, line, 128);
    assert_int_equal(cpack_compressed_bits(line), 1 + 2 + 34 + 30); /* per line: xxxx again */
    /* NO_SPACE leaves the sender's state as it was. */
    cpack_state snap = tx;
    set_word(line, 17, 0x55550000u);
    assert_int_equal(cpack_sync_compress(&tx, line, stream, 2, &bits), NP_NO_SPACE);
    assert_memory_equal(&snap, &tx, sizeof tx);
}

/* Feeds a file's lines through the pair with packet `lost` dropped (or, with swap, packets lost
 * and lost + 1 exchanged); counts the lines decoded wrong without an error up to the first
 * rejected one or 64 lines after the fault, whichever comes first. There both ends apply a RESET
 * marker (sec. 5.3) and the rest of the file, compressed again from there, must decode exactly
 * with the two states equal. */
typedef struct {
    size_t silent_wrong, detected_at, resync_ok;
} desync_result;

static desync_result desync_run(const test_data_file *df, size_t lost, bool swap) {
    desync_result res = {0, 0, 0};
    cpack_state *tx = malloc(sizeof *tx), *rx = malloc(sizeof *rx);
    assert_true(tx && rx);
    cpack_state_init(tx);
    cpack_state_init(rx);
    size_t n = df->lines;
    uint8_t (*streams)[CPACK_MAX_BYTES] = malloc(n * sizeof *streams);
    size_t *bits = malloc(n * sizeof *bits);
    assert_true(streams && bits);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(cpack_sync_compress(tx, df->data + 128u * i, streams[i], CPACK_MAX_BYTES, &bits[i]), NP_OK);
    size_t i = 0;
    for (; i < n; i++) {
        size_t k = i;
        if (swap && i == lost) k = lost + 1;
        else if (swap && i == lost + 1) k = lost;
        else if (!swap && i == lost) continue;
        if (i >= lost + 64) break; /* the RESET point when nothing was rejected */
        uint8_t back[128];
        np_result r = decode_exact(rx, streams[k], bits[k], back);
        if (r != NP_OK) {
            res.detected_at = i;
            break;
        }
        res.silent_wrong += memcmp(back, df->data + 128u * k, 128) != 0;
    }
    /* Resynchronise: the receiver asks, the sender resets and sends RESET; lines from i + 1 are
     * compressed again from empty dictionaries and must all decode. */
    if (i < n) {
        cpack_sync_reset(tx);
        cpack_sync_reset(rx);
        /* The counters differ (the receiver skipped or reordered lines); compare from here. */
        rx->lines = tx->lines = rx->pushes = tx->pushes = rx->update_lanes = tx->update_lanes = 0;
        res.resync_ok = 1;
        for (size_t j = i; j < n; j++) { /* the rejected line is sent again */
            uint8_t st[CPACK_MAX_BYTES], back[128];
            size_t b;
            assert_int_equal(cpack_sync_compress(tx, df->data + 128u * j, st, sizeof st, &b), NP_OK);
            if (decode_exact(rx, st, b, back) != NP_OK || memcmp(back, df->data + 128u * j, 128) != 0) res.resync_ok = 0;
        }
        assert_memory_equal(tx, rx, sizeof *tx);
    }
    free(streams);
    free(bits);
    free(tx);
    free(rx);
    return res;
}

static void sync_lost_and_reordered_packets(void **state) {
    const test_data_set *ds = *state;
    unsigned runs = 0, detected = 0;
    size_t silent = 0;
    for (unsigned f = 0; f < ds->count; f++) {
        const test_data_file *df = &ds->file[f];
        if (df->lines < 64) continue;
        for (unsigned swap = 0; swap < 2; swap++) {
            desync_result r = desync_run(df, df->lines / 3, swap != 0);
            runs++;
            silent += r.silent_wrong;
            detected += r.detected_at != 0;
            assert_true(r.resync_ok);
            printf("  %-44s %-9s: %3zu of the next 64 lines wrong without an error, %s; after RESET in step\n",
                   df->name, swap ? "reordered" : "lost", r.silent_wrong, r.detected_at ? "then one rejected" : "none rejected");
        }
    }
    /* A lost packet must be able to corrupt silently: if this ever reads 0 the protocol's
     * in-order requirement (sec. 5.2) would be worth revisiting. */
    assert_true(silent > 0);
    printf("  %u desync runs: %u detected by the decoder, %zu lines decoded wrong silently in all\n", runs, detected,
           silent);
}

/* ---- registry entries -------------------------------------------------------------------------- */

static void registry_entries(void **state) {
    (void)state;
    const np_codec *c = np_codec_find("cpack"), *s = np_codec_find("cpack-sync");
    assert_non_null(c);
    assert_non_null(s);
    assert_int_equal(c->state_bytes, 0);
    assert_int_equal(s->state_bytes, sizeof(cpack_state));
    assert_true(s->flags & NP_CODEC_STATEFUL);
    assert_null(c->comp_top);
    assert_null(s->comp_top);
    /* Through the registry, the two ends of cpack-sync stay equal over a sequence. */
    cpack_state a, b;
    np_codec_init(s, &a);
    np_codec_init(s, &b);
    prng p;
    prng_seed(&p, 31);
    for (unsigned i = 0; i < 300; i++) {
        uint8_t line[128], st[NP_CODEC_MAX_BYTES], back[128];
        for (unsigned w = 0; w < 32; w++) set_word(line, w, (uint32_t)prng_below(&p, 40) * 0x01000100u);
        size_t bits;
        assert_int_equal(np_codec_compress(s, &a, NULL, line, st, sizeof st, &bits, NULL), NP_OK);
        assert_int_equal(np_codec_decompress(s, &b, NULL, st, bits, back, sizeof back), NP_OK);
        assert_memory_equal(back, line, 128);
    }
    assert_memory_equal(&a, &b, sizeof a);
    assert_int_equal(a.lines, 300);
    assert_true(a.pushes > 16); /* the FIFO wrapped */
}

static void buffer_and_argument_contract(void **state) {
    (void)state;
    uint8_t line[128];
    prng p;
    prng_seed(&p, 23);
    prng_fill(&p, line, 128);
    size_t need = cpack_compressed_bits(line), got = 0;
    uint8_t small[CPACK_MAX_BYTES];
    memset(small, 0xA5, sizeof small);
    assert_int_equal(cpack_compress(line, small, (need + 7) / 8 - 1, &got), NP_NO_SPACE);
    assert_int_equal(got, need);
    for (size_t i = 0; i < sizeof small; i++) assert_int_equal(small[i], 0xA5);
    assert_int_equal(cpack_compress(NULL, small, sizeof small, &got), NP_BAD_PARAM);
    assert_int_equal(cpack_compress(line, small, sizeof small, NULL), NP_BAD_PARAM);
    assert_int_equal(cpack_compress(line, NULL, 5, &got), NP_BAD_PARAM);
    uint8_t back[128];
    assert_int_equal(cpack_compress(line, small, sizeof small, &got), NP_OK);
    assert_int_equal(cpack_decompress(small, got, back, 127), NP_NO_SPACE);
    assert_int_equal(cpack_decompress(NULL, 8, back, 128), NP_BAD_PARAM);
    assert_int_equal(cpack_decompress(NULL, 0, back, 128), NP_BAD_DATA);
    cpack_state s;
    cpack_state_init(&s);
    assert_int_equal(cpack_sync_compress(NULL, line, small, sizeof small, &got), NP_BAD_PARAM);
    assert_int_equal(cpack_sync_decompress(NULL, small, got, back, 128), NP_BAD_PARAM);
    assert_int_equal(cpack_sync_decompress(&s, small, got, back, 127), NP_NO_SPACE);
    assert_int_equal(cpack_compressed_bits(NULL), 0);
    assert_int_equal(cpack_sync_compressed_bits(NULL, line), 0);
}

/* ---- fast path == stages ------------------------------------------------------------------------ */

/* A word aimed at one code (sec. 2.1) against a small pool of recent words, or random. */
static uint32_t code_word(prng *p, const uint32_t pool[4]) {
    uint32_t r = (uint32_t)prng_next(p), e = pool[prng_below(p, 4)];
    switch (prng_below(p, 8)) {
    case 0: return 0;
    case 1: return r & 0xFFu;                            /* zzzx */
    case 2: return e;                                    /* mmmm */
    case 3: return (e & 0xFFFFFF00u) | (r & 0xFFu);      /* mmmx */
    case 4: return (e & 0xFFFF0000u) | (r & 0xFFFFu);    /* mmxx */
    case 5: return r & 0x1FFu;
    default: return r;                                   /* xxxx */
    }
}

static void code_line(prng *p, uint8_t line[128]) {
    uint32_t pool[4];
    for (unsigned k = 0; k < 4; k++) pool[k] = (uint32_t)prng_next(p);
    unsigned zero_lane = (unsigned)prng_below(p, 6);     /* 0, 1: that lane all zero */
    for (unsigned w = 0; w < 32; w++) {
        uint32_t v = (w / 16 == zero_lane) ? 0u : code_word(p, pool);
        memcpy(line + 4 * w, &v, 4);
        if (prng_below(p, 3) == 0) pool[prng_below(p, 4)] = v;
    }
}

/* Both decoders on an exact-size copy from equal states: equal results, outputs and states. */
static void assert_decoders_agree(const cpack_state *from, const uint8_t *src, size_t bits) {
    size_t n = (bits + 7) / 8;
    uint8_t *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    if (n) memcpy(copy, src, n);
    cpack_state sa = *from, sb = *from;
    uint8_t a[128], b[128];
    memset(a, 0x5A, sizeof a);
    memset(b, 0xA5, sizeof b);
    np_result ra = cpack_sync_decompress(&sa, n ? copy : NULL, bits, a, sizeof a);
    np_result rb = cpack_sync_decompress_stages(&sb, n ? copy : NULL, bits, b, sizeof b);
    assert_int_equal(ra, rb);
    assert_memory_equal(a, b, 128);
    assert_memory_equal(&sa, &sb, sizeof sa);
    memset(a, 0x5A, sizeof a);
    memset(b, 0xA5, sizeof b);
    assert_int_equal(cpack_decompress(n ? copy : NULL, bits, a, sizeof a),
                     cpack_decompress_stages(n ? copy : NULL, bits, b, sizeof b));
    assert_memory_equal(a, b, 128);
    free(copy);
}

/* One line through both compressors of both forms: equal streams and states; then the decoders
 * on the stream and on a truncated, an extended and a bit-flipped copy. fast/ref: the two
 * senders' states, equal on entry; rx: the receivers' state, advanced by the stream. */
static void assert_fast_equals_stages(prng *p, cpack_state *fast, cpack_state *ref, cpack_state *rx,
                                      const uint8_t line[128]) {
    uint8_t sf[CPACK_MAX_BYTES + 2], sr[CPACK_MAX_BYTES + 2];
    size_t bf = 0, br = 0;
    memset(sf, 0xA5, sizeof sf);
    memset(sr, 0xA5, sizeof sr);
    assert_int_equal(cpack_compress(line, sf, CPACK_MAX_BYTES, &bf), NP_OK);
    assert_int_equal(cpack_compress_stages(line, sr, CPACK_MAX_BYTES, &br), NP_OK);
    assert_int_equal(bf, br);
    assert_memory_equal(sf, sr, sizeof sf);
    assert_int_equal(cpack_compressed_bits(line), bf);
    assert_int_equal(cpack_sync_compressed_bits(fast, line), cpack_sync_compressed_bits(ref, line));
    assert_int_equal(cpack_sync_compress(fast, line, sf, CPACK_MAX_BYTES, &bf), NP_OK);
    assert_int_equal(cpack_sync_compress_stages(ref, line, sr, CPACK_MAX_BYTES, &br), NP_OK);
    assert_int_equal(bf, br);
    assert_memory_equal(sf, sr, sizeof sf);
    assert_memory_equal(fast, ref, sizeof *fast);
    assert_decoders_agree(rx, sf, bf);
    sf[bf / 8] &= (uint8_t)((1u << (bf % 8)) - 1u);
    sf[bf / 8 + 1] = (uint8_t)prng_next(p);
    assert_decoders_agree(rx, sf, (size_t)prng_below(p, bf + 1));
    assert_decoders_agree(rx, sf, bf + 1 + (size_t)prng_below(p, 8));
    size_t flip = (size_t)prng_below(p, bf);
    uint8_t flipped[CPACK_MAX_BYTES + 2];
    memcpy(flipped, sf, sizeof flipped);
    flipped[flip / 8] ^= (uint8_t)(1u << (flip % 8));
    assert_decoders_agree(rx, flipped, bf);
    uint8_t back[128];
    assert_int_equal(cpack_sync_decompress(rx, sf, bf, back, sizeof back), NP_OK);   /* receiver follows */
    assert_memory_equal(back, line, 128);
}

static void fast_path_equals_stages(void **state) {
    (void)state;
    prng p;
    prng_seed(&p, 0xC9AC);
    cpack_state fast, ref, rx;
    cpack_state_init(&fast), cpack_state_init(&ref), cpack_state_init(&rx);
    for (unsigned t = 0; t < 20000; t++) {
        uint8_t line[128];
        if (t % 5 == 4) prng_fill(&p, line, 128);
        else code_line(&p, line);
        assert_fast_equals_stages(&p, &fast, &ref, &rx, line);
        uint8_t junk[CPACK_MAX_BYTES + 8];
        prng_fill(&p, junk, sizeof junk);
        if (t & 1) junk[0] &= 0xFCu, junk[0] |= 2u;     /* Z = 0, C = 1: a body */
        assert_decoders_agree(&rx, junk, (size_t)prng_below(&p, 8u * sizeof junk));
    }
}

/* States the API never makes: count below 16 with next elsewhere (the AVX2 packer leaves them
 * to the portable path, docs/cpack.md sec. 3.6), and (t odd) full dictionaries whose entries
 * include zero, values up to 0xFF and duplicates (the AVX-512 packer takes them): the fast path
 * still equals the stages. */
static void unreachable_states_equal_stages(void **state) {
    (void)state;
    prng p;
    prng_seed(&p, 0x0DD5);
    for (unsigned t = 0; t < 4000; t++) {
        cpack_state fast;
        cpack_state_init(&fast);
        for (unsigned l = 0; l < CPACK_LANES; l++) {
            for (unsigned e = 0; e < CPACK_DICT_ENTRIES; e++) fast.dict[l].entry[e] = (uint32_t)prng_next(&p);
            fast.dict[l].count = (uint16_t)prng_below(&p, CPACK_DICT_ENTRIES);
            fast.dict[l].next = (uint16_t)((fast.dict[l].count + 1u + prng_below(&p, 15)) % CPACK_DICT_ENTRIES);
            if (t & 1u) {
                fast.dict[l].count = CPACK_DICT_ENTRIES;
                fast.dict[l].next = (uint16_t)prng_below(&p, CPACK_DICT_ENTRIES);
                for (unsigned e = 0; e < CPACK_DICT_ENTRIES; e++) {
                    uint32_t *x = &fast.dict[l].entry[e];
                    switch (prng_below(&p, 6)) {
                    case 0: *x = 0; break;
                    case 1: *x &= 0xFFu; break;
                    case 2: *x = fast.dict[l].entry[prng_below(&p, CPACK_DICT_ENTRIES)]; break;
                    default: break;
                    }
                }
            }
        }
        cpack_state ref = fast;
        uint8_t line[128], sf[CPACK_MAX_BYTES + 2], sr[CPACK_MAX_BYTES + 2];
        code_line(&p, line);
        for (unsigned w = 0; w < 32; w++) {                 /* words of the dictionaries too, or near them */
            uint32_t x = fast.dict[w / 16].entry[prng_below(&p, 16)];
            switch (prng_below(&p, 8)) {
            case 0: case 1: memcpy(line + 4 * w, &x, 4); break;
            case 2: x ^= (uint32_t)prng_below(&p, 0x100); memcpy(line + 4 * w, &x, 4); break;
            case 3: x ^= (uint32_t)prng_below(&p, 0x10000); memcpy(line + 4 * w, &x, 4); break;
            default: break;
            }
        }
        memset(sf, 0xA5, sizeof sf);
        memset(sr, 0xA5, sizeof sr);
        size_t bf = 0, br = 0;
        assert_int_equal(cpack_sync_compress(&fast, line, sf, CPACK_MAX_BYTES, &bf), NP_OK);
        assert_int_equal(cpack_sync_compress_stages(&ref, line, sr, CPACK_MAX_BYTES, &br), NP_OK);
        assert_int_equal(bf, br);
        assert_memory_equal(sf, sr, sizeof sf);
        assert_memory_equal(&fast, &ref, sizeof fast);
    }
}

static void fast_path_equals_stages_on_real_lines(void **state) {
    const test_data_set *ds = *state;
    prng p;
    prng_seed(&p, 0xDA7A);
    for (unsigned f = 0; f < ds->count; f++) {
        const test_data_file *df = &ds->file[f];
        cpack_state fast, ref, rx;
        cpack_state_init(&fast), cpack_state_init(&ref), cpack_state_init(&rx);
        for (size_t i = 0; i < df->lines; i++) assert_fast_equals_stages(&p, &fast, &ref, &rx, df->data + 128u * i);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(match_every_code),
        cmocka_unit_test(dictionary_is_a_fifo),
        cmocka_unit_test(hand_worked_every_code),
        cmocka_unit_test(hand_worked_zero_line),
        cmocka_unit_test(raw_fallback_boundary),
        cmocka_unit_test(bad_code_and_bad_index),
        cmocka_unit_test(non_canonical_forms_decode),
        cmocka_unit_test(garbage_streams),
        cmocka_unit_test(sync_raw_lane_does_not_update),
        cmocka_unit_test(registry_entries),
        cmocka_unit_test(buffer_and_argument_contract),
        cmocka_unit_test(fast_path_equals_stages),
        cmocka_unit_test(unreachable_states_equal_stages),
    };
    const struct CMUnitTest data_tests[] = {
        cmocka_unit_test(round_trip_every_real_line),
        cmocka_unit_test(gem5_size_cross_check),
        cmocka_unit_test(truncations_and_extensions_of_real_streams),
        cmocka_unit_test(sync_lost_and_reordered_packets),
        cmocka_unit_test(fast_path_equals_stages_on_real_lines),
    };
    int failed = cmocka_run_group_tests_name("cpack", tests, NULL, NULL);
    failed += cmocka_run_group_tests_name("cpack on real data", data_tests, setup_data, test_data_teardown);
    return failed;
}
