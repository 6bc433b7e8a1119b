/* Unit tests of the SC C model (docs/sc.md).
 *
 * - VFT (sec. 2): counts, LFU replacement with the escape counter taking the victim's count,
 *   halving at saturation, the count invariant, with set indices from a fold written here;
 * - code lengths (sec. 3.2) against independent references: exhaustive search of every length
 *   assignment for small alphabets (length-limited optimum), plain Huffman by repeated merging
 *   when the limit does not bind; every code full (Kraft sum 1), within the limit, heavier
 *   symbols never longer;
 * - a hand-worked example (sec. 7): codes, DeLUT image and stream bit for bit;
 * - every line of every file in NP_DATA_DIR round-trips with the state trained on its file,
 *   both through a memcpy of the state and through the DeLUT image alone; the stream length
 *   matches a length computed here from the DeLUT image; ratio and build cost printed;
 * - untrained state: every line falls back and round-trips;
 * - adversarial streams and DeLUT images: errors, dst zeroed, decoded from heap buffers of
 *   exactly the stream's size so the sanitizer build catches any over-read;
 * - the registry entry (codec.h);
 * - the fast whole-line path (sc_compress, sc_decompress) equals the stage-by-stage one
 *   (sc_*_stages) with trained and untrained tables, on pool-built, random and every real line,
 *   and on truncated, extended, bit-flipped and random streams. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "codec.h"
#include "sc.h"

/* ---- helpers --------------------------------------------------------------------------------- */

static uint64_t xs_next(uint64_t *s) {
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static void set_word(uint8_t *line, unsigned w, uint32_t v) {
    for (unsigned b = 0; b < 4; b++) line[4u * w + b] = (uint8_t)(v >> (8u * b));
}

static unsigned stream_bit(const uint8_t *buf, size_t i) { return (buf[i >> 3] >> (i & 7u)) & 1u; }

/* The set index as docs/sc.md 2.1 words it: XOR of the 6-bit slices of the value. */
static unsigned ref_set(uint32_t v) {
    unsigned x = 0;
    for (unsigned sh = 0; sh < 32; sh += 6) x ^= (v >> sh) & 63u;
    return x;
}

/* The k-th value (k = 0, 1, ...) whose set is `set`. */
static uint32_t value_in_set(unsigned set, unsigned k) {
    for (uint32_t v = 0x1000;; v++)
        if (ref_set(v) == set && k-- == 0) return v;
}

static sc_state *new_state(void) {
    sc_state *st = malloc(sizeof *st);
    assert_non_null(st);
    sc_init(st);
    return st;
}

/* Decompress from a heap block of exactly the stream's bytes (sanitizers catch over-reads). */
static np_result decompress_exact(const sc_state *st, const uint8_t *src, size_t bits, uint8_t out[128]) {
    size_t nbytes = (bits + 7u) / 8u;
    uint8_t *copy = malloc(nbytes ? nbytes : 1u);
    assert_non_null(copy);
    if (nbytes) memcpy(copy, src, nbytes);
    np_result r = sc_decompress(st, nbytes ? copy : NULL, bits, out, 128);
    free(copy);
    return r;
}

static bool all_zero(const uint8_t *p, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (p[i]) return false;
    return true;
}

/* ---- VFT ------------------------------------------------------------------------------------- */

static void vft_set_index(void **unused) {
    (void)unused;
    uint64_t s = 0x9e3779b97f4a7c15u;
    for (int i = 0; i < 100000; i++) {
        uint32_t v = (uint32_t)xs_next(&s);
        assert_int_equal(sc_vft_set(v), ref_set(v));
    }
    /* Why the fold (sec. 2.1): 1.0f and 2.0f, equal in their low bits, land in different sets. */
    assert_int_not_equal(sc_vft_set(0x3F800000u), sc_vft_set(0x40000000u));
}

static void vft_counts(void **unused) {
    (void)unused;
    sc_state *st = new_state();
    uint8_t line[128] = {0};
    for (unsigned w = 20; w < 30; w++) set_word(line, w, 5);
    set_word(line, 30, 7);
    set_word(line, 31, 7);
    sc_observe(st, line);
    sc_observe(st, line);
    int e0 = sc_vft_lookup(st, 0), e5 = sc_vft_lookup(st, 5), e7 = sc_vft_lookup(st, 7);
    assert_true(e0 >= 0 && e5 >= 0 && e7 >= 0);
    assert_int_equal(st->vft_count[e0], 40);
    assert_int_equal(st->vft_count[e5], 20);
    assert_int_equal(st->vft_count[e7], 4);
    assert_int_equal((unsigned)e0 / SC_VFT_WAYS, ref_set(0));
    assert_int_equal((unsigned)e5 / SC_VFT_WAYS, ref_set(5));
    assert_int_equal(st->esc_count, 0);
    assert_int_equal(st->observed_words, 64);
    assert_int_equal(sc_vft_lookup(st, 6), -1);
    free(st);
}

static void vft_lfu_replacement(void **unused) {
    (void)unused;
    sc_state *st = new_state();
    const unsigned set = 17;
    /* Way k holds value k with count k + 2 (distinct counts), filled in way order. */
    for (unsigned k = 0; k < SC_VFT_WAYS; k++)
        for (unsigned c = 0; c < k + 2; c++) sc_vft_update(st, value_in_set(set, k));
    for (unsigned k = 0; k < SC_VFT_WAYS; k++) {
        assert_int_equal(sc_vft_lookup(st, value_in_set(set, k)), (int)(set * SC_VFT_WAYS + k));
        assert_int_equal(st->vft_count[set * SC_VFT_WAYS + k], k + 2);
    }
    /* A 17th value evicts the least frequent (way 0, count 2): the escape takes its count. */
    uint32_t nv = value_in_set(set, 16), nv2 = value_in_set(set, 17);
    sc_vft_update(st, nv);
    assert_int_equal(sc_vft_lookup(st, nv), (int)(set * SC_VFT_WAYS));
    assert_int_equal(st->vft_count[set * SC_VFT_WAYS], 1);
    assert_int_equal(sc_vft_lookup(st, value_in_set(set, 0)), -1);
    assert_int_equal(st->esc_count, 2);
    /* The newcomer (count 1) is now the least frequent and goes next. */
    sc_vft_update(st, nv2);
    assert_int_equal(sc_vft_lookup(st, nv2), (int)(set * SC_VFT_WAYS));
    assert_int_equal(sc_vft_lookup(st, nv), -1);
    assert_int_equal(st->esc_count, 3);
    /* Ties: lowest way. Make ways 1 and 2 equal and least (count 1 each after the set's other
     * ways are raised): a fresh state, 16 values once each, then a new value takes way 0. */
    sc_init(st);
    for (unsigned k = 0; k < SC_VFT_WAYS; k++) sc_vft_update(st, value_in_set(set, k));
    sc_vft_update(st, value_in_set(set, 0)); /* way 0 now 2, ways 1..15 at 1 */
    sc_vft_update(st, nv);
    assert_int_equal(sc_vft_lookup(st, nv), (int)(set * SC_VFT_WAYS + 1));
    /* Other sets are untouched by all of this. */
    for (unsigned e = 0; e < SC_VFT_ENTRIES; e++)
        if (e / SC_VFT_WAYS != set) assert_int_equal(st->vft_count[e], 0);
    free(st);
}

static void vft_saturation_halves(void **unused) {
    (void)unused;
    sc_state *st = new_state();
    for (unsigned i = 0; i < SC_COUNT_MAX; i++) sc_vft_update(st, 42);
    for (unsigned i = 0; i < 5; i++) sc_vft_update(st, 43);
    sc_vft_update(st, 44);
    int e42 = sc_vft_lookup(st, 42), e43 = sc_vft_lookup(st, 43);
    assert_int_equal(st->vft_count[e42], SC_COUNT_MAX);
    assert_int_equal(st->halvings, 0);
    sc_vft_update(st, 42); /* past 4095: every counter halves, then the increment */
    assert_int_equal(st->halvings, 1);
    assert_int_equal(st->vft_count[e42], SC_COUNT_MAX / 2 + 1);
    assert_int_equal(st->vft_count[e43], 2);
    assert_int_equal(sc_vft_lookup(st, 44), -1); /* 1 >> 1 = 0: the entry is free again */

    /* The escape counter halves the table the same way when the victim's count would take it
     * past 4095. Fill one set with 16 values of count 300, then evict 14 of them (4200 > 4095). */
    sc_init(st);
    const unsigned set = 5;
    for (unsigned k = 0; k < SC_VFT_WAYS; k++)
        for (unsigned c = 0; c < 300; c++) sc_vft_update(st, value_in_set(set, k));
    unsigned evicted = 0;
    for (unsigned k = 16; st->halvings == 0; k++) {
        sc_vft_update(st, value_in_set(set, k));      /* takes a 300 way, escape += 300 */
        for (unsigned c = 0; c < 400; c++) sc_vft_update(st, value_in_set(set, k));
        evicted++;
        assert_true(evicted < 20);
    }
    /* The halving came on the 14th eviction: 13 * 300 = 3900, + 300 > 4095. */
    assert_int_equal(evicted, 14);
    assert_int_equal(st->esc_count, 3900 / 2 + 300 / 2);
    free(st);
}

/* Without halving every sampled word is counted once: in its entry or in the escape. */
static void vft_count_invariant(void **unused) {
    (void)unused;
    sc_state *st = new_state();
    uint64_t s = 12345;
    uint8_t line[128];
    for (int n = 0; n < 100; n++) {
        for (unsigned w = 0; w < 32; w++) set_word(line, w, (uint32_t)(xs_next(&s) % 3000u));
        sc_observe(st, line);
    }
    assert_int_equal(st->halvings, 0);
    uint64_t sum = st->esc_count;
    for (unsigned e = 0; e < SC_VFT_ENTRIES; e++) sum += st->vft_count[e];
    assert_int_equal(sum, 100u * 32u);
    assert_true(st->esc_count > 0);
    free(st);
}

/* ---- code lengths ---------------------------------------------------------------------------- */

static uint64_t cost_of(const uint32_t *w, const uint8_t *len, unsigned n) {
    uint64_t c = 0;
    for (unsigned i = 0; i < n; i++) c += (uint64_t)w[i] * len[i];
    return c;
}

/* Kraft sum scaled by 2^max: equal to 2^max for a full code. */
static uint64_t kraft(const uint8_t *len, unsigned n, unsigned max) {
    uint64_t k = 0;
    for (unsigned i = 0; i < n; i++) k += UINT64_C(1) << (max - len[i]);
    return k;
}

/* Exhaustive optimum over every assignment of lengths 1..L with Kraft sum <= 1. */
static uint64_t brute_best(const uint32_t *w, unsigned n, unsigned L) {
    uint8_t len[12];
    for (unsigned i = 0; i < n; i++) len[i] = 1;
    uint64_t best = UINT64_MAX;
    for (;;) {
        if (kraft(len, n, L) <= (UINT64_C(1) << L)) {
            uint64_t c = cost_of(w, len, n);
            if (c < best) best = c;
        }
        unsigned i = 0;
        while (i < n && len[i] == L) len[i++] = 1;
        if (i == n) break;
        len[i]++;
    }
    return best;
}

/* Plain Huffman cost: repeatedly merge the two lightest; the cost is the sum of merged weights. */
static uint64_t huffman_cost(const uint32_t *w, unsigned n) {
    uint64_t *h = malloc(n * sizeof *h);
    assert_non_null(h);
    for (unsigned i = 0; i < n; i++) h[i] = w[i];
    uint64_t cost = 0;
    for (unsigned m = n; m > 1; m--) {
        for (unsigned pass = 0; pass < 2; pass++) { /* move the two smallest to the end */
            unsigned lo = 0;
            for (unsigned i = 1; i < m - pass; i++)
                if (h[i] < h[lo]) lo = i;
            uint64_t t = h[lo];
            h[lo] = h[m - 1 - pass];
            h[m - 1 - pass] = t;
        }
        uint64_t merged = h[m - 1] + h[m - 2];
        cost += merged;
        h[m - 2] = merged;
    }
    free(h);
    return cost;
}

static void check_code(const uint32_t *w, unsigned n, unsigned L, const uint8_t *len) {
    for (unsigned i = 0; i < n; i++) assert_true(len[i] >= 1 && len[i] <= L);
    assert_int_equal(kraft(len, n, L), UINT64_C(1) << L);
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++)
            if (w[i] > w[j]) assert_true(len[i] <= len[j]);
}

static void code_lengths_small_exhaustive(void **unused) {
    (void)unused;
    uint64_t s = 777;
    unsigned checked = 0, limited = 0;
    for (int t = 0; t < 400; t++) {
        unsigned n = 2u + (unsigned)(xs_next(&s) % 7u);      /* 2..8 */
        unsigned Lmin = 1;
        while ((1u << Lmin) < n) Lmin++;
        unsigned L = Lmin + (unsigned)(xs_next(&s) % 3u);
        uint32_t w[12];
        for (unsigned i = 0; i < n; i++) {
            /* Skewed weights (some zero) so the limit binds often. */
            unsigned sh = (unsigned)(xs_next(&s) % 12u);
            w[i] = (uint32_t)(xs_next(&s) % ((1u << sh) + 1u));
        }
        uint8_t len[12];
        assert_true(sc_code_lengths(w, n, L, len) > 0);
        check_code(w, n, L, len);
        uint64_t best = brute_best(w, n, L);
        assert_int_equal(cost_of(w, len, n), best);
        if (best > huffman_cost(w, n)) limited++;
        checked++;
    }
    assert_true(limited > 10); /* the limit did bind in a good share of the cases */
    print_message("package-merge optimal on %u small alphabets (%u where the limit binds)\n", checked, limited);
}

static void code_lengths_large(void **unused) {
    (void)unused;
    uint64_t s = 4242;
    static uint32_t w[SC_MAX_SYMBOLS];
    static uint8_t len[SC_MAX_SYMBOLS];
    /* Unbinding limit: equals plain Huffman. Weights within a factor of two keep the Huffman
     * tree within one level of balanced (depth <= 12 for 1025 symbols). Uniform weights in
     * 1..4095 do not: their Huffman trees reach depth 17-19, so there the limit binds and the
     * cost can only fall as the limit rises. */
    for (int t = 0; t < 5; t++) {
        unsigned n = 200u + (unsigned)(xs_next(&s) % 826u);
        for (unsigned i = 0; i < n; i++) w[i] = 2048u + (uint32_t)(xs_next(&s) % 2048u);
        assert_true(sc_code_lengths(w, n, SC_MAX_LEN, len) > 0);
        check_code(w, n, SC_MAX_LEN, len);
        assert_int_equal(cost_of(w, len, n), huffman_cost(w, n));
        for (unsigned i = 0; i < n; i++) w[i] = 1u + (uint32_t)(xs_next(&s) % 4095u);
        uint64_t prev = UINT64_MAX;
        for (unsigned L = 11; L <= SC_MAX_LEN; L++) {
            assert_true(sc_code_lengths(w, n, L, len) > 0);
            check_code(w, n, L, len);
            uint64_t c = cost_of(w, len, n);
            assert_true(c <= prev);
            assert_true(c >= huffman_cost(w, n));
            prev = c;
        }
    }
    /* Binding limit: doubling weights make plain Huffman 1024 deep; ours stays at 16. */
    unsigned n = SC_MAX_SYMBOLS;
    for (unsigned i = 0; i < n; i++) w[i] = i < 20 ? (1u << i) : (1u << 20) + i;
    w[n - 1] = 0;
    assert_true(sc_code_lengths(w, n, SC_MAX_LEN, len) > 0);
    check_code(w, n, SC_MAX_LEN, len);
    assert_true(cost_of(w, len, n) >= huffman_cost(w, n));
    /* Arguments outside the range. */
    assert_int_equal(sc_code_lengths(w, 1, 16, len), 0);
    assert_int_equal(sc_code_lengths(w, 9, 3, len), 0);
    assert_int_equal(sc_code_lengths(w, SC_MAX_SYMBOLS + 1u, 16, len), 0);
    assert_int_equal(sc_code_lengths(w, 4, 17, len), 0);
}

/* ---- hand-worked example (docs/sc.md sec. 7) ------------------------------------------------- */

static void example_line(uint8_t line[128]) {
    for (unsigned w = 0; w < 16; w++) set_word(line, w, 0);
    for (unsigned w = 16; w < 25; w++) set_word(line, w, 0x3F800000u);
    for (unsigned w = 25; w < 29; w++) set_word(line, w, 0x40000000u);
    for (unsigned w = 29; w < 32; w++) set_word(line, w, 0xDEADBEEFu);
}

/* Appends a code MSB first, or a field LSB first, to a bit string. */
static void put_code(uint8_t *bits, size_t *n, uint32_t code, unsigned len) {
    for (unsigned i = len; i-- > 0;) bits[(*n)++] = (uint8_t)((code >> i) & 1u);
}

static void put_field(uint8_t *bits, size_t *n, uint32_t v, unsigned len) {
    for (unsigned i = 0; i < len; i++) bits[(*n)++] = (uint8_t)((v >> i) & 1u);
}

static void hand_worked_example(void **unused) {
    (void)unused;
    sc_state *st = new_state();
    uint8_t line[128];
    example_line(line);
    sc_observe(st, line);
    assert_int_equal(sc_rebuild(st), NP_OK);
    /* Weights 0:16, 1.0f:9, 2.0f:4, 0xDEADBEEF:3, escape:0 -> lengths 1, 2, 3, 4, 4; canonical
     * codes 0, 10, 110, then the escape 1110 (it sorts first) and 0xDEADBEEF 1111. */
    struct { uint32_t v, code; unsigned len; } want[] = {
        {0, 0x0, 1}, {0x3F800000u, 0x2, 2}, {0x40000000u, 0x6, 3}, {0xDEADBEEFu, 0xF, 4}};
    for (unsigned i = 0; i < 4; i++) {
        uint32_t code;
        unsigned len;
        assert_true(sc_code_lookup(st, want[i].v, &code, &len));
        assert_int_equal(code, want[i].code);
        assert_int_equal(len, want[i].len);
    }
    uint32_t code;
    unsigned len;
    assert_false(sc_code_lookup(st, 0x12345678u, &code, &len));
    assert_int_equal(code, 0xE);
    assert_int_equal(len, 4);

    /* DeLUT image (sec. 6). */
    static uint32_t img[SC_DELUT_WORDS];
    sc_delut_image(st, img);
    assert_int_equal(img[0], 5u | 3u << 16);
    const uint32_t limits[17] = {0, 1, 3, 7, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536};
    const uint32_t offsets[17] = {0, 0, 1, 2, 3, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};
    for (unsigned l = 1; l <= 16; l++) assert_int_equal(img[l], limits[l] | offsets[l] << 17);
    const uint32_t delut[5] = {0, 0x3F800000u, 0x40000000u, 0, 0xDEADBEEFu};
    for (unsigned i = 0; i < 5; i++) assert_int_equal(img[17 + i], delut[i]);
    for (unsigned i = 22; i < SC_DELUT_WORDS; i++) assert_int_equal(img[i], 0);

    /* The stream: C = 1, then 16 x '0', 9 x '10', 4 x '110', 3 x '1111': 1 + 58 bits. */
    uint8_t exp[1100];
    size_t n = 0;
    exp[n++] = 1;
    for (unsigned i = 0; i < 16; i++) put_code(exp, &n, 0x0, 1);
    for (unsigned i = 0; i < 9; i++) put_code(exp, &n, 0x2, 2);
    for (unsigned i = 0; i < 4; i++) put_code(exp, &n, 0x6, 3);
    for (unsigned i = 0; i < 3; i++) put_code(exp, &n, 0xF, 4);
    uint8_t out[SC_MAX_BYTES];
    size_t bits;
    assert_int_equal(sc_compress(st, line, out, sizeof out, &bits), NP_OK);
    assert_int_equal(bits, 59);
    assert_int_equal(n, 59);
    for (size_t i = 0; i < n; i++) assert_int_equal(stream_bit(out, i), exp[i]);
    for (size_t i = n; i < 8u * ((bits + 7u) / 8u); i++) assert_int_equal(stream_bit(out, i), 0);
    uint8_t back[128];
    assert_int_equal(decompress_exact(st, out, bits, back), NP_OK);
    assert_memory_equal(back, line, 128);

    /* An unknown word: the escape code 1110 then its 32 bits LSB first. */
    set_word(line, 0, 0x12345678u);
    n = 0;
    exp[n++] = 1;
    put_code(exp, &n, 0xE, 4);
    put_field(exp, &n, 0x12345678u, 32);
    assert_int_equal(sc_compress(st, line, out, sizeof out, &bits), NP_OK);
    assert_int_equal(bits, 59 - 1 + 4 + 32);
    for (size_t i = 0; i < n; i++) assert_int_equal(stream_bit(out, i), exp[i]);
    assert_int_equal(decompress_exact(st, out, bits, back), NP_OK);
    assert_memory_equal(back, line, 128);

    /* Fallback: 32 distinct unknown words (36 bits each) -> C = 0 and the line raw. */
    for (unsigned w = 0; w < 32; w++) set_word(line, w, 0x10000000u + w);
    assert_int_equal(sc_compress(st, line, out, sizeof out, &bits), NP_OK);
    assert_int_equal(bits, SC_MAX_BITS);
    assert_int_equal(stream_bit(out, 0), 0);
    for (size_t i = 0; i < 1024; i++) assert_int_equal(stream_bit(out, 1 + i), (line[i / 8] >> (i % 8)) & 1u);
    assert_int_equal(decompress_exact(st, out, bits, back), NP_OK);
    assert_memory_equal(back, line, 128);

    /* The checker's boundary: 28 escaped words cost 28 * 36 = 1008 and 4 x 0 cost 4: body 1012
     * < 1024, compressed; with a 29th escaped word the body is 1047, so raw. */
    for (unsigned w = 0; w < 4; w++) set_word(line, w, 0);
    assert_int_equal(sc_compressed_bits(st, line), 1u + 1012u);
    set_word(line, 3, 0x55555555u);
    for (unsigned w = 0; w < 3; w++) set_word(line, w, 0x3F800000u); /* 3 x 2 bits */
    assert_int_equal(sc_compressed_bits(st, line), SC_MAX_BITS);     /* 29 * 36 + 6 = 1050 */
    /* NP_NO_SPACE leaves dst untouched and still reports the length. */
    memset(out, 0xA5, sizeof out);
    assert_int_equal(sc_compress(st, line, out, 128, &bits), NP_NO_SPACE);
    assert_int_equal(bits, SC_MAX_BITS);
    assert_int_equal(out[0], 0xA5);
    free(st);
}

/* ---- every real line, trained on its file --------------------------------------------------- */

static const char *data_dir(void) {
    const char *d = getenv("NP_DATA_DIR");
    return d != NULL ? d : "../shared/data/lines";
}

/* Length per value from the DeLUT image alone (independent of the compressor's table): the
 * symbols of each length are the image's entries offset[l] .. offset[l + 1] - 1. */
typedef struct {
    uint32_t value;
    unsigned len;
} value_len;

static int cmp_vl(const void *a, const void *b) {
    const value_len *x = a, *y = b;
    return (x->value > y->value) - (x->value < y->value);
}

static unsigned image_table(const uint32_t *img, value_len *tab, unsigned *esc_len) {
    unsigned n = img[0] & 0x7FFu, esc = img[0] >> 16, m = 0;
    for (unsigned l = 1; l <= 16; l++) {
        unsigned lo = img[l] >> 17, hi = l < 16 ? img[l + 1] >> 17 : n;
        for (unsigned i = lo; i < hi; i++) {
            if (i == esc) *esc_len = l;
            else tab[m++] = (value_len){img[17 + i], l};
        }
    }
    qsort(tab, m, sizeof tab[0], cmp_vl);
    return m;
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- fast path == stages --------------------------------------------------------------------- */

static void assert_decoders_agree(const sc_state *st, const uint8_t *src, size_t bits) {
    size_t n = (bits + 7) / 8;
    uint8_t *copy = malloc(n ? n : 1);
    assert_non_null(copy);
    if (n) memcpy(copy, src, n);
    uint8_t a[128], b[128];
    memset(a, 0x5A, sizeof a);
    memset(b, 0xA5, sizeof b);
    np_result ra = sc_decompress(st, n ? copy : NULL, bits, a, sizeof a);
    np_result rb = sc_decompress_stages(st, n ? copy : NULL, bits, b, sizeof b);
    free(copy);
    assert_int_equal(ra, rb);
    assert_memory_equal(a, b, 128);
}

/* Equal streams from both compressors, and equal decoder answers on the stream, a truncation,
 * an extension and a flipped bit. */
static void assert_fast_equals_stages(const sc_state *st, uint64_t *s, const uint8_t line[128]) {
    uint8_t fast[SC_MAX_BYTES + 2], ref[SC_MAX_BYTES + 2];
    size_t fast_bits = 0, ref_bits = 0;
    memset(fast, 0xA5, sizeof fast);
    memset(ref, 0xA5, sizeof ref);
    assert_int_equal(sc_compress(st, line, fast, SC_MAX_BYTES, &fast_bits), NP_OK);
    assert_int_equal(sc_compress_stages(st, line, ref, SC_MAX_BYTES, &ref_bits), NP_OK);
    assert_int_equal(fast_bits, ref_bits);
    assert_memory_equal(fast, ref, sizeof fast);
    assert_decoders_agree(st, fast, fast_bits);
    fast[fast_bits / 8] &= (uint8_t)((1u << (fast_bits % 8)) - 1u);
    fast[fast_bits / 8 + 1] = (uint8_t)xs_next(s);
    assert_decoders_agree(st, fast, (size_t)(xs_next(s) % (fast_bits + 1)));
    assert_decoders_agree(st, fast, fast_bits + 1 + (size_t)(xs_next(s) % 8));
    size_t flip = (size_t)(xs_next(s) % fast_bits);
    fast[flip / 8] ^= (uint8_t)(1u << (flip % 8));
    assert_decoders_agree(st, fast, fast_bits);
}

/* A line of words from a pool of 200 values (some lines with escapes, some all random). */
static void pool_line(uint64_t *s, const uint32_t pool[200], unsigned escapes_per_64, uint8_t line[128]) {
    for (unsigned w = 0; w < 32; w++) {
        uint32_t r = (uint32_t)xs_next(s);
        set_word(line, w, (r % 64u) < escapes_per_64 ? (uint32_t)xs_next(s) : pool[(r >> 8) % 200u]);
    }
}

static void fast_path_equals_stages(void **unused) {
    (void)unused;
    uint64_t s = 0x5C5C;
    uint32_t pool[200];
    for (unsigned k = 0; k < 200; k++) pool[k] = k < 20 ? k : (uint32_t)xs_next(&s);
    sc_state *st = new_state();
    uint8_t line[128];
    /* untrained, then trained on pool lines, then the same table with the compressor's set-scan
     * fallback (what it runs when the value hash cannot be built) */
    for (unsigned pass = 0; pass < 3; pass++) {
        if (pass == 1) {
            for (unsigned i = 0; i < 4000; i++) {
                pool_line(&s, pool, (unsigned)(xs_next(&s) % 8u), line);
                sc_observe(st, line);
            }
            assert_int_equal(sc_rebuild(st), NP_OK);
            assert_true(st->code_hash_ok);
        }
        if (pass == 2) st->code_hash_ok = false;
        for (unsigned t = 0; t < 10000; t++) {
            pool_line(&s, pool, (unsigned)(xs_next(&s) % 65u), line);
            assert_fast_equals_stages(st, &s, line);
            uint8_t junk[SC_MAX_BYTES + 8];
            for (unsigned i = 0; i < sizeof junk; i++) junk[i] = (uint8_t)xs_next(&s);
            junk[0] |= 1u;                              /* C = 1: codes follow */
            assert_decoders_agree(st, junk, (size_t)(xs_next(&s) % SC_MAX_BITS));
        }
    }
    free(st);
}

static void every_real_line_trained_per_file(void **unused) {
    (void)unused;
    DIR *d = opendir(data_dir());
    if (d == NULL) fail_msg("NP_DATA_DIR '%s' cannot be opened", data_dir());
    sc_state *comp = new_state(), *dec = new_state(), *port = new_state();
    static uint32_t img[SC_DELUT_WORDS];
    size_t files = 0, total_lines = 0;
    uint64_t fast_rng = 0xF457;
    print_message("%-44s %7s %8s %7s %7s %8s %8s %8s\n", "file", "lines", "ratio", "symbols", "esc len",
                  "halvings", "pm items", "build us");
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", data_dir(), e->d_name);
        FILE *f = fopen(path, "rb");
        if (f == NULL) continue;
        fseek(f, 0, SEEK_END);
        long size = ftell(f);
        rewind(f);
        size_t lines = ((size_t)size + 127u) / 128u;
        uint8_t *buf = calloc(lines * 128u + 1u, 1);
        assert_non_null(buf);
        assert_int_equal(fread(buf, 1, (size_t)size, f), (size_t)size);
        fclose(f);

        sc_init(comp);
        for (size_t i = 0; i < lines; i++) sc_observe(comp, buf + 128u * i);
        uint32_t halvings = comp->halvings; /* the rebuild clears it */
        double t0 = now_s();
        assert_int_equal(sc_rebuild(comp), NP_OK);
        double build_us = 1e6 * (now_s() - t0);
        memcpy(dec, comp, sizeof *dec);
        sc_delut_image(comp, img);
        sc_init(port);
        assert_int_equal(sc_delut_load(port, img), NP_OK);
        static uint32_t cimg[SC_CODE_WORDS];
        sc_code_image(comp, cimg);
        assert_int_equal(sc_code_load(port, cimg), NP_OK);

        static value_len tab[SC_MAX_SYMBOLS];
        unsigned esc_len = 0, m = image_table(img, tab, &esc_len);
        assert_true(esc_len >= 1);
        size_t bits_total = 0;
        for (size_t i = 0; i < lines; i++) {
            const uint8_t *line = buf + 128u * i;
            uint8_t out[SC_MAX_BYTES], back[128];
            size_t bits;
            assert_int_equal(sc_compress(comp, line, out, sizeof out, &bits), NP_OK);
            size_t body = 0;
            for (unsigned w = 0; w < 32; w++) {
                const uint8_t *p = line + 4u * w;
                value_len key = {(uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24, 0};
                const value_len *hit = bsearch(&key, tab, m, sizeof tab[0], cmp_vl);
                body += hit ? hit->len : esc_len + 32u;
            }
            assert_int_equal(bits, body < 1024 ? body + 1u : 1025u);
            assert_int_equal(sc_compressed_bits(comp, line), bits);
            uint8_t out_port[SC_MAX_BYTES] = {0};
            size_t bits_port;
            assert_int_equal(sc_compress(port, line, out_port, sizeof out_port, &bits_port), NP_OK);
            if (bits_port != bits || memcmp(out_port, out, (bits + 7u) / 8u) != 0)
                fail_msg("%s line %zu compresses differently through the code-table image", e->d_name, i);
            if (decompress_exact(dec, out, bits, back) != NP_OK || memcmp(back, line, 128) != 0)
                fail_msg("%s line %zu does not round-trip", e->d_name, i);
            assert_fast_equals_stages(comp, &fast_rng, line);
            if (decompress_exact(port, out, bits, back) != NP_OK || memcmp(back, line, 128) != 0)
                fail_msg("%s line %zu does not round-trip through the DeLUT image", e->d_name, i);
            bits_total += bits;
        }
        print_message("%-44s %7zu %8.3f %7u %7u %8u %8u %8.0f\n", e->d_name, lines,
                      (double)lines * 1024.0 / (double)bits_total, comp->n_symbols, comp->esc_len, halvings,
                      comp->build_items, build_us);
        free(buf);
        files++;
        total_lines += lines;
    }
    closedir(d);
    assert_true(files > 0);
    assert_true(total_lines > 1000);
    free(comp);
    free(dec);
    free(port);
}

static void untrained_falls_back(void **unused) {
    (void)unused;
    sc_state *st = new_state(), *empty = new_state();
    static uint32_t a[SC_DELUT_WORDS], b[SC_DELUT_WORDS];
    /* A rebuild with no samples gives the untrained code again. */
    assert_int_equal(sc_rebuild(empty), NP_OK);
    sc_delut_image(st, a);
    sc_delut_image(empty, b);
    assert_memory_equal(a, b, sizeof a);
    assert_int_equal(st->n_symbols, 1);
    assert_int_equal(st->esc_len, 1);
    uint64_t s = 99;
    for (int t = 0; t < 2000; t++) {
        uint8_t line[128], out[SC_MAX_BYTES], back[128];
        for (unsigned i = 0; i < 128; i++) line[i] = (t & 1) ? 0 : (uint8_t)xs_next(&s);
        size_t bits;
        assert_int_equal(sc_compress(st, line, out, sizeof out, &bits), NP_OK);
        assert_int_equal(bits, SC_MAX_BITS);
        assert_int_equal(decompress_exact(empty, out, bits, back), NP_OK);
        assert_memory_equal(back, line, 128);
    }
    free(st);
    free(empty);
}

/* ---- adversarial input ----------------------------------------------------------------------- */

static np_result dec_bits(const sc_state *st, const uint8_t *bits01, size_t n, uint8_t out[128]) {
    uint8_t buf[256] = {0};
    for (size_t i = 0; i < n; i++) buf[i >> 3] |= (uint8_t)(bits01[i] << (i & 7u));
    return decompress_exact(st, buf, n, out);
}

static void adversarial_streams(void **unused) {
    (void)unused;
    sc_state *st = new_state(), *untrained = new_state();
    uint8_t line[128], out[SC_MAX_BYTES], back[128];
    example_line(line);
    sc_observe(st, line);
    assert_int_equal(sc_rebuild(st), NP_OK);

    /* Every truncation and one trailing bit of a compressed and of a raw stream. */
    for (int kind = 0; kind < 2; kind++) {
        uint8_t l2[128];
        memcpy(l2, line, 128);
        if (kind) for (unsigned w = 0; w < 32; w++) set_word(l2, w, 0x77000000u + w);
        size_t bits;
        assert_int_equal(sc_compress(st, l2, out, sizeof out, &bits), NP_OK);
        for (size_t cut = 0; cut < bits; cut++) {
            memset(back, 0xEE, sizeof back);
            assert_int_equal(decompress_exact(st, out, cut, back), NP_BAD_DATA);
            assert_true(all_zero(back, 128));
        }
        uint8_t longer[SC_MAX_BYTES + 1] = {0};
        memcpy(longer, out, (bits + 7u) / 8u);
        memset(back, 0xEE, sizeof back);
        assert_int_equal(decompress_exact(st, longer, bits + 1u, back), NP_BAD_DATA);
        assert_true(all_zero(back, 128));
    }
    /* C = 1 with 1025 bits or more: the compressor would have sent raw. 32 escapes of 4 + 32
     * bits is such a stream. */
    {
        uint8_t b[1300];
        size_t n = 0;
        b[n++] = 1;
        for (unsigned w = 0; w < 32; w++) {
            put_code(b, &n, 0xE, 4);
            put_field(b, &n, w, 32);
        }
        assert_int_equal(n, 1u + 32u * 36u);
        assert_int_equal(dec_bits(st, b, n, back), NP_BAD_DATA);
        assert_true(all_zero(back, 128));
    }
    /* A code not in the table: the untrained code has only '0' (escape); '1' matches nothing. */
    {
        uint8_t b[40] = {1, 1};
        for (unsigned i = 2; i < 40; i++) b[i] = 1;
        memset(back, 0xEE, sizeof back);
        assert_int_equal(dec_bits(untrained, b, 40, back), NP_BAD_DATA);
        assert_true(all_zero(back, 128));
    }
    /* Random streams of random lengths: an error (dst zero) or a line that re-encodes to a
     * stream that decodes to the same line. */
    uint64_t s = 2024;
    size_t ok = 0, bad = 0;
    for (int t = 0; t < 20000; t++) {
        uint8_t buf[SC_MAX_BYTES];
        size_t bits = (size_t)(xs_next(&s) % (SC_MAX_BITS + 40u));
        for (unsigned i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)xs_next(&s);
        /* Bias towards short codes so some random streams are valid. */
        if (t & 1) for (unsigned i = 1; i < sizeof buf; i++) buf[i] &= (uint8_t)xs_next(&s);
        buf[0] |= 1;
        if (bits > 8u * sizeof buf) bits = 8u * sizeof buf;
        memset(back, 0xEE, sizeof back);
        np_result r = decompress_exact(st, buf, bits, back);
        if (r == NP_OK) {
            size_t b2;
            assert_int_equal(sc_compress(st, back, out, sizeof out, &b2), NP_OK);
            uint8_t again[128];
            assert_int_equal(decompress_exact(st, out, b2, again), NP_OK);
            assert_memory_equal(again, back, 128);
            assert_true(b2 <= bits);
            ok++;
        } else {
            assert_int_equal(r, NP_BAD_DATA);
            assert_true(all_zero(back, 128));
            bad++;
        }
    }
    assert_true(ok > 0 && bad > 0);
    /* Parameters. */
    assert_int_equal(sc_decompress(st, out, 10, back, 127), NP_NO_SPACE);
    assert_int_equal(sc_decompress(st, NULL, 10, back, 128), NP_BAD_PARAM);
    assert_int_equal(sc_decompress(st, NULL, 0, back, 128), NP_BAD_DATA);
    size_t bits;
    assert_int_equal(sc_compress(NULL, line, out, sizeof out, &bits), NP_BAD_PARAM);
    free(st);
    free(untrained);
}

static void delut_image_checks(void **unused) {
    (void)unused;
    sc_state *st = new_state(), *dst = new_state();
    uint8_t line[128];
    example_line(line);
    sc_observe(st, line);
    assert_int_equal(sc_rebuild(st), NP_OK);
    static uint32_t img[SC_DELUT_WORDS], bad[SC_DELUT_WORDS];
    sc_delut_image(st, img);
    assert_int_equal(sc_delut_load(dst, img), NP_OK);
    static uint32_t back[SC_DELUT_WORDS];
    sc_delut_image(dst, back);
    assert_memory_equal(back, img, sizeof img);
    struct { unsigned word; uint32_t value; } cases[] = {
        {0, 0},                              /* no symbols */
        {0, 5u | 5u << 16},                  /* escape index outside */
        {0, 6u | 3u << 16},                  /* symbol count differs from the lengths' */
        {0, 5u | 3u << 16 | 1u << 11},       /* reserved bits */
        {2, 5u | 1u << 17},                  /* limit beyond 2^2 */
        {3, 5u | 2u << 17},                  /* limit below the first code (2 * limit[2] = 6) */
        {4, 16u | 4u << 17},                 /* offset not the running count */
        {21, 0x1234u + 0},                   /* changes a used word: allowed (value) */
        {30, 1},                             /* unused DeLUT word nonzero */
    };
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        memcpy(bad, img, sizeof img);
        bad[cases[c].word] = cases[c].value;
        sc_state before;
        memcpy(&before, dst, sizeof before);
        np_result r = sc_delut_load(dst, bad);
        if (cases[c].word == 21) {
            assert_int_equal(r, NP_OK);
            assert_int_equal(sc_delut_load(dst, img), NP_OK);
        } else {
            assert_int_equal(r, NP_BAD_DATA);
            assert_memory_equal(&before, dst, sizeof before);
        }
    }
    free(st);
    free(dst);
}

/* The compressor's code-table image (sec. 6.1): a round trip, and every rule of the loader. */
static void code_image_checks(void **unused) {
    (void)unused;
    sc_state *st = new_state(), *dst = new_state();
    uint8_t line[128];
    example_line(line);
    sc_observe(st, line);
    assert_int_equal(sc_rebuild(st), NP_OK);
    static uint32_t img[SC_CODE_WORDS], bad[SC_CODE_WORDS], back[SC_CODE_WORDS];
    sc_code_image(st, img);
    /* sec. 7: escape 1110 (length 4); 0x3F800000 = 10 at its VFT slot */
    assert_int_equal(img[SC_CODE_ESC_WORD], 0xEu | 4u << 16);
    int slot = -1;
    for (unsigned e = 0; e < SC_VFT_ENTRIES; e++)
        if (img[2u * e] == 0x3F800000u && img[2u * e + 1u] != 0) slot = (int)e;
    assert_true(slot >= 0);
    assert_int_equal(img[2u * (unsigned)slot + 1u], 2u | 2u << 16);
    assert_int_equal((unsigned)slot / SC_VFT_WAYS, sc_vft_set(0x3F800000u));
    sc_init(dst);
    assert_int_equal(sc_code_load(dst, img), NP_OK);
    sc_code_image(dst, back);
    assert_memory_equal(back, img, sizeof img);
    /* an empty slot of the value's set, and one of another set */
    unsigned set = sc_vft_set(0x12345678u), empty = 0, other = 0;
    while (img[2u * (set * 16u + empty) + 1u] != 0) empty++;
    while (other / 16u == set || img[2u * other + 1u] != 0) other++;
    const unsigned se = set * 16u + empty, sv = (unsigned)slot;
    struct { unsigned word; uint32_t value; bool ok; } cases[] = {
        {SC_CODE_ESC_WORD, 0, false},                       /* escape without a code */
        {SC_CODE_ESC_WORD, 0xEu | 17u << 16, false},        /* length above 16 */
        {SC_CODE_ESC_WORD, 0x1Eu | 4u << 16, false},        /* code bit above the length */
        {SC_CODE_ESC_WORD, 0xEu | 4u << 16 | 1u << 21, false}, /* reserved bit */
        {2u * sv + 1u, 3u | 1u << 16, false},               /* code bit above the length */
        {2u * sv, 0x3F800001u, false},                      /* value outside the slot's set */
        {2u * se, 0x12345678u, false},                      /* value in an empty slot */
        {2u * se + 1u, 5u, false},                          /* code in an empty slot */
        {2u * sv + 1u, 3u | 2u << 16, true},                /* another code: the loader takes it */
    };
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        memcpy(bad, img, sizeof img);
        bad[cases[c].word] = cases[c].value;
        sc_state before;
        memcpy(&before, dst, sizeof before);
        np_result r = sc_code_load(dst, bad);
        if (cases[c].ok) {
            assert_int_equal(r, NP_OK);
            assert_int_equal(sc_code_load(dst, img), NP_OK);
        } else {
            if (r != NP_BAD_DATA) fail_msg("case %u accepted", c);
            assert_memory_equal(&before, dst, sizeof before);
        }
    }
    /* a used entry moved to a slot of another set is refused; to its own set's empty slot, not */
    memcpy(bad, img, sizeof img);
    bad[2u * other] = 0x12345678u;
    bad[2u * other + 1u] = 0x3Fu | 6u << 16;
    assert_int_equal(sc_code_load(dst, bad), NP_BAD_DATA);
    memcpy(bad, img, sizeof img);
    bad[2u * se] = 0x12345678u;
    bad[2u * se + 1u] = 0x3Fu | 6u << 16;
    assert_int_equal(sc_code_load(dst, bad), NP_OK);
    uint32_t code;
    unsigned len;
    assert_true(sc_code_lookup(dst, 0x12345678u, &code, &len));
    assert_int_equal(code, 0x3Fu);
    assert_int_equal(len, 6u);
    free(st);
    free(dst);
}

/* ---- registry -------------------------------------------------------------------------------- */

static void registry_entry(void **unused) {
    (void)unused;
    const np_codec *c = np_codec_find("sc");
    assert_non_null(c);
    assert_int_equal(c->state_bytes, sizeof(sc_state));
    assert_int_equal(c->flags & (NP_CODEC_STATEFUL | NP_CODEC_TRAINED), NP_CODEC_STATEFUL | NP_CODEC_TRAINED);
    assert_true((c->max_bits + 7u) / 8u <= NP_CODEC_MAX_BYTES);
    assert_int_equal(np_codec_fallback_cycles(c, false, NULL), 6);   /* synth/published.tsv */
    assert_int_equal(np_codec_fallback_cycles(c, true, NULL), 14);
    assert_string_equal(c->comp_top, "sc_compressor");
    assert_string_equal(c->decomp_top, "sc_decompressor");
    void *comp = malloc(c->state_bytes), *dec = malloc(c->state_bytes);
    assert_non_null(comp);
    assert_non_null(dec);
    np_codec_init(c, comp);
    np_codec_init(c, dec);
    uint8_t line[128], out[NP_CODEC_MAX_BYTES], back[128];
    example_line(line);
    np_codec_observe(c, comp, line);
    assert_int_equal(np_codec_rebuild(c, comp), NP_OK);
    np_codec_sync(c, dec, comp);
    size_t bits;
    unsigned fill;
    assert_int_equal(np_codec_compress(c, comp, NULL, line, out, sizeof out, &bits, &fill), NP_OK);
    assert_int_equal(bits, 59);
    assert_int_equal(fill, NP_CODEC_FILL_ALL);
    assert_int_equal(np_codec_decompress(c, dec, NULL, out, bits, back, sizeof back), NP_OK);
    assert_memory_equal(back, line, 128);
    /* Without the sync the decompressor still holds the untrained code: the stream is bad. */
    np_codec_init(c, dec);
    assert_int_equal(np_codec_decompress(c, dec, NULL, out, bits, back, sizeof back), NP_BAD_DATA);
    /* The configuration-port images through the registry: each side's, whole, or none. */
    static uint32_t img[SC_CODE_WORDS], want[SC_CODE_WORDS];
    assert_int_equal(np_codec_cfg_image(c, comp, false, img, SC_CODE_WORDS), SC_CODE_WORDS);
    sc_code_image(comp, want);
    assert_memory_equal(img, want, sizeof want);
    assert_int_equal(np_codec_cfg_image(c, comp, true, img, SC_CODE_WORDS), SC_DELUT_WORDS);
    sc_delut_image(comp, want);
    assert_memory_equal(img, want, SC_DELUT_WORDS * sizeof want[0]);
    assert_int_equal(np_codec_cfg_image(c, comp, false, img, SC_CODE_WORDS - 1u), 0);
    assert_int_equal(np_codec_cfg_image(np_codec_find("dsm"), comp, false, img, SC_CODE_WORDS), 0);
    free(comp);
    free(dec);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vft_set_index),
        cmocka_unit_test(vft_counts),
        cmocka_unit_test(vft_lfu_replacement),
        cmocka_unit_test(vft_saturation_halves),
        cmocka_unit_test(vft_count_invariant),
        cmocka_unit_test(code_lengths_small_exhaustive),
        cmocka_unit_test(code_lengths_large),
        cmocka_unit_test(hand_worked_example),
        cmocka_unit_test(every_real_line_trained_per_file),
        cmocka_unit_test(untrained_falls_back),
        cmocka_unit_test(adversarial_streams),
        cmocka_unit_test(delut_image_checks),
        cmocka_unit_test(code_image_checks),
        cmocka_unit_test(registry_entry),
        cmocka_unit_test(fast_path_equals_stages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
