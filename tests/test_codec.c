/* The compressor registry (cmodel/include/codec.h), checked entry by entry: whatever algorithm is
 * added, these properties hold for it without a line of this file changing.
 * - The table itself: unique names, every required hook, worst case within NP_CODEC_MAX_BYTES,
 *   flags consistent with the state hooks, published figures named with their source.
 * - Every line of every real data file round-trips through every codec (stateful codecs: one
 *   state per file, in line order; trained codecs: trained on the file first, the decompressor
 *   given the table through np_codec_sync; filtering codecs: every map 1..15 in turn), and no
 *   stream is longer than the entry's max_bits.
 * - Synthetic lines that hit each algorithm's special cases (zeros, ones, repeats, small deltas,
 *   random) round-trip too.
 * - Buffer contract: NP_NO_SPACE with the length still reported and dst untouched; NP_BAD_PARAM
 *   for NULL arguments.
 * - Adversarial streams: every truncation and random bit flips of real streams, and random
 *   garbage, either decode to some line or fail with NP_BAD_DATA and an all-zero dst; under
 *   ASan/UBSan nothing is read outside the stream. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "prng.h"
#include "codec.h"
#include "test_data.h"

static const uint8_t zero_line[128];

/* One codec's two ends; the blobs are NULL for a stateless codec. */
typedef struct {
    const np_codec *c;
    void *comp, *decomp;
} ends;

static void ends_open(ends *e, const np_codec *c) {
    e->c = c;
    e->comp = c->state_bytes ? malloc(c->state_bytes) : NULL;
    e->decomp = c->state_bytes ? malloc(c->state_bytes) : NULL;
    assert_true(c->state_bytes == 0 || (e->comp && e->decomp));
    np_codec_init(c, e->comp);
    np_codec_init(c, e->decomp);
}

static void ends_close(ends *e) {
    free(e->comp);
    free(e->decomp);
}

static void ends_train(ends *e, const uint8_t *lines, size_t n) {
    if (!(e->c->flags & NP_CODEC_TRAINED)) return;
    for (size_t i = 0; i < n; i++) np_codec_observe(e->c, e->comp, lines + 128u * i);
    assert_int_equal(np_codec_rebuild(e->c, e->comp), NP_OK);
    np_codec_sync(e->c, e->decomp, e->comp);
}

/* Map of the i-th line for a filtering codec (cycles through 1..15), else 0 (whole line). */
static unsigned map_for(const np_codec *c, size_t i) {
    return (c->flags & NP_CODEC_FILTERS) ? (unsigned)(i % 15u) + 1u : 0u;
}

/* Compress and decode one line; fails the test, naming codec, file and line, on any error. */
static size_t round_trip(ends *e, const uint8_t line[128], unsigned map, const char *where, size_t i) {
    uint8_t stream[NP_CODEC_MAX_BYTES], back[128];
    size_t bits = 0;
    unsigned fill = 0;
    np_codec_opts opts = {.map = map};
    np_result r = np_codec_compress(e->c, e->comp, &opts, line, stream, sizeof stream, &bits, &fill);
    if (r != NP_OK || bits > e->c->max_bits) {
        fail_msg("%s: %s line %zu: compress %s, %zu bits (max %zu)", e->c->name, where, i, np_result_name(r), bits,
                 e->c->max_bits);
    }
    if (!(e->c->flags & NP_CODEC_FILTERS)) assert_int_equal(fill, NP_CODEC_FILL_ALL);
    r = np_codec_decompress(e->c, e->decomp, &opts, stream, bits, back, sizeof back);
    if (r != NP_OK) fail_msg("%s: %s line %zu: decompress %s", e->c->name, where, i, np_result_name(r));
    for (unsigned k = 0; k < 4; k++) {
        const uint8_t *want = (fill >> k) & 1u ? line + 32u * k : zero_line;
        if (memcmp(back + 32u * k, want, 32) != 0)
            fail_msg("%s: %s line %zu: sub-block %u differs after the round trip", e->c->name, where, i, k);
    }
    return bits;
}

/* ---- the table ---------------------------------------------------------------------------------- */

static void test_registry_entries(void **state) {
    (void)state;
    assert_true(np_codec_count() >= 4);
    for (unsigned i = 0; i < np_codec_count(); i++) {
        const np_codec *c = np_codec_at(i);
        assert_non_null(c);
        assert_non_null(c->name);
        assert_true(strlen(c->name) > 0);
        assert_ptr_equal(np_codec_find(c->name), c);
        for (unsigned j = i + 1; j < np_codec_count(); j++) assert_string_not_equal(c->name, np_codec_at(j)->name);
        assert_non_null(c->description);
        assert_non_null(c->spec);
        assert_non_null(c->compress);
        assert_non_null(c->decompress);
        assert_true(c->max_bits > 0 && c->max_bits <= 8u * NP_CODEC_MAX_BYTES);
        assert_true(((c->flags & NP_CODEC_STATEFUL) != 0) == (c->state_bytes > 0));
        if (c->state_bytes) assert_non_null(c->init);
        if (c->flags & NP_CODEC_TRAINED) assert_true(c->observe && c->rebuild && c->state_bytes);
        /* Both sides have a latency for runs without a synthesis report: a row of the published
         * table (synth/published.tsv) or the codec's own figure, with its source. */
        for (int side = 0; side < 2; side++) {
            const char *source = NULL;
            (void)np_codec_fallback_cycles(c, side, &source);
            assert_true(np_codec_published(c, side) != NULL || (c->own_source != NULL && source == c->own_source));
            assert_non_null(source);
        }
        /* Either side may lack RTL (SC has a decompressor top only); a named top is a name. */
        assert_true(c->comp_top == NULL || strlen(c->comp_top) > 0);
        assert_true(c->decomp_top == NULL || strlen(c->decomp_top) > 0);
    }
    assert_null(np_codec_at(np_codec_count()));
    assert_null(np_codec_find("no-such-codec"));
    assert_null(np_codec_find(NULL));
    char names[512];
    np_codec_names(names, sizeof names);
    assert_non_null(strstr(names, "dsm"));
    char small[4];
    np_codec_names(small, sizeof small);
    assert_true(strlen(small) < sizeof small);
}

/* ---- real data ---------------------------------------------------------------------------------- */

static int setup_data(void **state) {
    return test_data_setup(state, test_data_load("test_codec"));
}

static void test_every_real_line(void **state) {
    const test_data_set *ds = *state;
    for (unsigned k = 0; k < np_codec_count(); k++) {
        const np_codec *c = np_codec_at(k);
        uint64_t lines = 0, bits = 0;
        for (unsigned f = 0; f < ds->count; f++) {
            const test_data_file *df = &ds->file[f];
            ends e;
            ends_open(&e, c);
            ends_train(&e, df->data, df->lines);
            for (size_t i = 0; i < df->lines; i++) bits += round_trip(&e, df->data + 128u * i, map_for(c, i), df->name, i);
            lines += df->lines;
            ends_close(&e);
        }
        printf("  %-10s %8llu lines round-trip, %.3f of the uncompressed bits\n", c->name, (unsigned long long)lines,
               (double)bits / (1024.0 * (double)lines));
    }
}

/* ---- synthetic lines ------------------------------------------------------------------------------ */

static void put32(uint8_t *line, unsigned w, uint32_t v) {
    for (unsigned b = 0; b < 4; b++) line[4 * w + b] = (uint8_t)(v >> (8 * b));
}

/* Line kinds that exercise the encodings of every family: zero runs, repeats, narrow values,
 * small deltas around a base, two bases, sign extension, bit-plane patterns, random. */
static void synthetic_line(unsigned kind, prng *p, uint8_t line[128]) {
    uint32_t base = (uint32_t)prng_next(p);
    for (unsigned w = 0; w < 32; w++) {
        uint32_t v;
        switch (kind % 10) {
        case 0: v = 0; break;
        case 1: v = 0xFFFFFFFFu; break;
        case 2: v = base; break;
        case 3: v = (uint32_t)(int32_t)(int8_t)prng_next(p); break;
        case 4: v = base + (uint32_t)prng_below(p, 256); break;
        case 5: v = (w & 1) ? (uint32_t)prng_below(p, 100) : base + w; break;
        case 6: v = (uint32_t)prng_below(p, 2) << (prng_below(p, 32)); break;
        case 7: v = (w < 16) ? 0 : (uint32_t)prng_next(p); break;
        case 8: v = base + 4u * w; break;
        default: v = (uint32_t)prng_next(p); break;
        }
        put32(line, w, v);
    }
}

static void test_synthetic_lines(void **state) {
    (void)state;
    prng p;
    prng_seed(&p, 20261126);
    enum { N = 400 };
    uint8_t *lines = malloc(128u * N);
    assert_non_null(lines);
    for (unsigned i = 0; i < N; i++) synthetic_line(i, &p, lines + 128u * i);
    for (unsigned k = 0; k < np_codec_count(); k++) {
        ends e;
        ends_open(&e, np_codec_at(k));
        ends_train(&e, lines, N);
        for (unsigned i = 0; i < N; i++) round_trip(&e, lines + 128u * i, map_for(e.c, i), "synthetic", i);
        ends_close(&e);
    }
    free(lines);
}

/* ---- buffer contract ---------------------------------------------------------------------------- */

static void test_buffer_contract(void **state) {
    (void)state;
    prng p;
    prng_seed(&p, 7);
    uint8_t line[128];
    prng_fill(&p, line, 128);   /* random: the longest streams */
    for (unsigned k = 0; k < np_codec_count(); k++) {
        const np_codec *c = np_codec_at(k);
        ends e;
        ends_open(&e, c);
        size_t need = 0;
        uint8_t stream[NP_CODEC_MAX_BYTES], small[NP_CODEC_MAX_BYTES];
        unsigned fill;
        /* A copy of the state so the too-small attempt starts where the real one does. */
        void *snap = c->state_bytes ? malloc(c->state_bytes) : NULL;
        if (snap) memcpy(snap, e.comp, c->state_bytes);
        assert_int_equal(np_codec_compress(c, e.comp, NULL, line, stream, sizeof stream, &need, &fill), NP_OK);
        assert_true(need > 8);
        memset(small, 0xA5, sizeof small);
        size_t got = 0;
        size_t short_bytes = (need + 7) / 8 - 1;
        assert_int_equal(np_codec_compress(c, snap ? snap : NULL, NULL, line, small, short_bytes, &got, &fill), NP_NO_SPACE);
        assert_int_equal(got, need);
        for (size_t b = 0; b < short_bytes; b++) assert_int_equal(small[b], 0xA5);
        assert_int_equal(np_codec_compress(c, e.comp, NULL, NULL, stream, sizeof stream, &got, &fill), NP_BAD_PARAM);
        assert_int_equal(np_codec_compress(c, e.comp, NULL, line, stream, sizeof stream, NULL, &fill), NP_BAD_PARAM);
        uint8_t back[128];
        assert_int_equal(np_codec_decompress(c, e.decomp, NULL, stream, need, back, 127), NP_NO_SPACE);
        assert_int_equal(np_codec_decompress(c, e.decomp, NULL, NULL, 8, back, 128), NP_BAD_PARAM);
        if (c->state_bytes) {
            assert_int_equal(np_codec_compress(c, NULL, NULL, line, stream, sizeof stream, &got, &fill), NP_BAD_PARAM);
        }
        free(snap);
        ends_close(&e);
    }
    assert_int_equal(np_codec_compress(NULL, NULL, NULL, line, NULL, 0, NULL, NULL), NP_BAD_PARAM);
}

/* ---- adversarial streams ------------------------------------------------------------------------ */

static bool all_zero(const uint8_t *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (b[i]) return false;
    return true;
}

/* Decodes src (exactly its bytes: ASan sees any read past them) on a copy of the decompressor's
 * state; any outcome but a crash, an out-of-bounds read, or an error with a dirty dst passes. */
static void decode_any(const ends *e, const uint8_t *src, size_t bits, unsigned map) {
    size_t bytes = (bits + 7) / 8;
    uint8_t *exact = malloc(bytes ? bytes : 1);
    void *st = e->c->state_bytes ? malloc(e->c->state_bytes) : NULL;
    assert_non_null(exact);
    if (bytes) memcpy(exact, src, bytes);
    if (st) memcpy(st, e->decomp, e->c->state_bytes);
    uint8_t back[128];
    memset(back, 0x5A, sizeof back);
    np_codec_opts opts = {.map = map};
    np_result r = np_codec_decompress(e->c, st, &opts, exact, bits, back, sizeof back);
    if (r != NP_OK) {
        if (r != NP_BAD_DATA) fail_msg("%s: malformed stream of %zu bits gave %s", e->c->name, bits, np_result_name(r));
        if (!all_zero(back, sizeof back)) fail_msg("%s: dst not zeroed after an error", e->c->name);
    }
    free(st);
    free(exact);
}

static void test_adversarial_streams(void **state) {
    const test_data_set *ds = *state;
    prng p;
    prng_seed(&p, 99);
    for (unsigned k = 0; k < np_codec_count(); k++) {
        const np_codec *c = np_codec_at(k);
        for (unsigned f = 0; f < ds->count; f++) {
            const test_data_file *df = &ds->file[f];
            ends e;
            ends_open(&e, c);
            ends_train(&e, df->data, df->lines);
            /* A few lines per file: every truncation and extension, and bit flips. */
            for (unsigned t = 0; t < 4 && df->lines; t++) {
                size_t i = (size_t)prng_below(&p, df->lines);
                uint8_t stream[NP_CODEC_MAX_BYTES + 8] = {0};
                size_t bits = 0;
                unsigned fill = 0;
                np_codec_opts opts = {.map = map_for(c, i)};
                void *snap = c->state_bytes ? malloc(c->state_bytes) : NULL;
                if (snap) memcpy(snap, e.comp, c->state_bytes);   /* keep the file's sequence intact */
                assert_int_equal(np_codec_compress(c, snap, &opts, df->data + 128u * i, stream, NP_CODEC_MAX_BYTES,
                                                   &bits, &fill),
                                 NP_OK);
                free(snap);
                for (size_t cut = 0; cut < bits; cut++) decode_any(&e, stream, cut, opts.map);
                for (size_t extra = 1; extra <= 16; extra++) decode_any(&e, stream, bits + extra, opts.map);
                for (unsigned flip = 0; flip < 64 && bits; flip++) {
                    size_t b = (size_t)prng_below(&p, bits);
                    stream[b / 8] ^= (uint8_t)(1u << (b % 8));
                    decode_any(&e, stream, bits, opts.map);
                    stream[b / 8] ^= (uint8_t)(1u << (b % 8));
                }
            }
            ends_close(&e);
        }
        /* Pure garbage of every length up to the worst case. */
        ends e;
        ends_open(&e, c);
        uint8_t junk[NP_CODEC_MAX_BYTES];
        for (size_t bits = 0; bits <= c->max_bits + 8 && bits <= 8u * sizeof junk; bits += 1 + bits / 64) {
            prng_fill(&p, junk, sizeof junk);
            decode_any(&e, junk, bits, 0);
        }
        ends_close(&e);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry_entries),
        cmocka_unit_test(test_synthetic_lines),
        cmocka_unit_test(test_buffer_contract),
    };
    const struct CMUnitTest data_tests[] = {
        cmocka_unit_test(test_every_real_line),
        cmocka_unit_test(test_adversarial_streams),
    };
    int failed = cmocka_run_group_tests_name("registry", tests, NULL, NULL);
    failed += cmocka_run_group_tests_name("registry on real data", data_tests, setup_data, test_data_teardown);
    return failed;
}
