/* Golden vectors of sc_decompressor and sc_compressor (docs/vectors.md, docs/sc.md). Each file
 * holds its table and its records: first the configuration records (the image words a bench
 * writes through the configuration port: for the decompressor the DeLUT's header, 16 per-length
 * words and the entries in use; for the compressor the code table's nonzero words), then the
 * records, each computed by the C model with exactly that image: streams decoded, or lines
 * compressed. The table is trained on fixed-seed lines drawn from a skewed pool of values, so
 * the code has many lengths (up to the 16-bit limit) and an escape. The compressor's lines are
 * the lines behind the decompressor's valid streams. */
#include "vectors_sc.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sc.h"
#include "vecgen.h"

#define BUS_BITS SC_MAX_BITS            /* 1025 */
#define BUS_BYTES ((BUS_BITS + 7u) / 8u)
#define LEN_BITS 11u
#define MAX_LEN_FIELD ((1u << LEN_BITS) - 1u)
#define LINE_BITS 1024u
#define REC_BITS (1u + 11u + 32u + LEN_BITS + BUS_BITS + 1u + LINE_BITS)   /* 2105 */
#define CODE_ADDR_BITS 12u
#define COMP_REC_BITS (1u + CODE_ADDR_BITS + 32u + LINE_BITS + LEN_BITS + BUS_BITS)   /* 2105 */
#define NAME_LEN 64u
#define POOL 300u
#define TRAINED 4u     /* pool values the table learns */

typedef struct {
    char name[NAME_LEN];
    uint8_t in_bits[BUS_BYTES];
    unsigned in_len;
} dec_vec;

typedef struct {
    char name[NAME_LEN];
    uint8_t line[SC_LINE_BYTES];
} comp_vec;

typedef struct {
    prng rng;
    sc_state *st;
    uint32_t pool[POOL];
    vec_list dec, comp;
    bool failed;
    vecfile_origin origin;
} gen_ctx;

static dec_vec *add_dec(gen_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static dec_vec *add_dec(gen_ctx *c, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    dec_vec *d = vec_list_vpush(&c->dec, sizeof(dec_vec), NAME_LEN, &c->failed, fmt, ap);
    va_end(ap);
    return d;
}

/* Value k of the pool is drawn with weight about 2^-(k/16). */
static uint32_t pool_pick(gen_ctx *c) {
    unsigned k = 0;
    while (k + 16u < POOL && (prng_next(&c->rng) & 1u)) k += 16u;
    return c->pool[k + (unsigned)prng_below(&c->rng, 16)];
}

static void pool_line(gen_ctx *c, uint8_t *line, unsigned unknown_per_64) {
    for (unsigned w = 0; w < 32; w++) {
        uint32_t v = prng_below(&c->rng, 64) < unknown_per_64 ? (uint32_t)prng_next(&c->rng) | 1u
                     : (prng_next(&c->rng) & 1u) ? 0xF1B00000u + (unsigned)prng_below(&c->rng, 17) : pool_pick(c);
        vecgen_set_word(line, w, v);
    }
}

/* Training words: 17 values with Fibonacci counts (1, 1, 2, 3, ..., 1597: the deepest tree
 * for their total, so the 16-bit limit binds), padded with the most frequent value to whole lines and
 * shuffled; no counter reaches 4095, so the counts are exact. The pool's values are not
 * trained: in the streams they are escaped. */
static void train(gen_ctx *c) {
    for (unsigned i = 0; i < POOL; i++) {
        /* floats, small ints and pointers, all distinct */
        uint32_t v = i % 3u == 0 ? 0x3F800000u + (i << 12) : i % 3u == 1 ? i * 7u : 0x80000000u + i * 64u;
        c->pool[i] = v;
    }
    enum { MAX_WORDS = 12000 };
    uint32_t *words = malloc(MAX_WORDS * sizeof *words);
    if (words == NULL) {
        vecgen_fail(&c->failed, "out of memory");
        return;
    }
    size_t n = 0;
    unsigned f0 = 1, f1 = 1;
    for (unsigned i = 0; i < 17; i++) {
        for (unsigned k = 0; k < f0; k++) words[n++] = 0xF1B00000u + i;
        unsigned t = f0 + f1;
        f0 = f1;
        f1 = t;
    }
    while (n % 32u) words[n++] = 0xF1B00000u + 16u;
    for (size_t i = n - 1; i > 0; i--) { /* Fisher-Yates */
        size_t j = (size_t)prng_below(&c->rng, i + 1u);
        uint32_t t = words[i];
        words[i] = words[j];
        words[j] = t;
    }
    sc_init(c->st);
    uint8_t line[SC_LINE_BYTES];
    for (size_t i = 0; i < n; i += 32u) {
        for (unsigned w = 0; w < 32; w++) vecgen_set_word(line, w, words[i + w]);
        sc_observe(c->st, line);
    }
    free(words);
    bool halved = c->st->halvings != 0;
    (void)sc_rebuild(c->st);
    if (halved || c->st->offset[SC_MAX_LEN] == c->st->n_symbols) {
        vecgen_fail(&c->failed, "the vectors' table has no 16-bit code");
    }
}

static comp_vec *add_comp(gen_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static comp_vec *add_comp(gen_ctx *c, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    comp_vec *v = vec_list_vpush(&c->comp, sizeof(comp_vec), NAME_LEN, &c->failed, fmt, ap);
    va_end(ap);
    return v;
}

/* The line is a compressor vector; its stream (and a damaged copy) decompressor vectors. */
static void add_stream(gen_ctx *c, const uint8_t *line, const char *name, size_t i) {
    comp_vec *v = add_comp(c, "%s", name);
    if (v != NULL) memcpy(v->line, line, SC_LINE_BYTES);
    uint8_t buf[BUS_BYTES + 8];
    size_t bits;
    memset(buf, 0, sizeof buf);
    if (sc_compress(c->st, line, buf, sizeof buf, &bits) != NP_OK) {
        vecgen_fail(&c->failed, "%s: sc_compress failed", name);
        return;
    }
    dec_vec *d = add_dec(c, "valid_%s", name);
    if (d == NULL) return;
    memcpy(d->in_bits, buf, BUS_BYTES);
    d->in_len = (unsigned)bits;
    vecgen_damage dmg;
    if (vecgen_damage_stream(&c->rng, i, bits, BUS_BITS, buf, &dmg)) {
        dec_vec *e = add_dec(c, "%s%s", dmg.prefix, name);
        if (e != NULL) {
            memcpy(e->in_bits, buf, BUS_BYTES);
            e->in_len = dmg.in_len;
        }
    }
}

static void gen_streams(gen_ctx *c) {
    uint8_t line[SC_LINE_BYTES];
    size_t i = 0;
    memset(line, 0, sizeof line);
    add_stream(c, line, "zero_line", i++);
    /* every word one trained value: each code length 1..16 fills a line */
    for (unsigned k = 0; k < 17u; k++) {
        vecgen_set_all_words(line, 0xF1B00000u + k);
        char name[40];
        snprintf(name, sizeof name, "same_symbol_%u", k);
        add_stream(c, line, name, i++);
    }
    for (unsigned n = 0; n < 48; n++) {
        pool_line(c, line, n < 16 ? 0u : n < 32 ? 2u : 6u);
        char name[40];
        snprintf(name, sizeof name, "pool_line_%u", n);
        add_stream(c, line, name, i++);
    }
    /* escapes: one unknown word at word w, and so many that the line falls back */
    for (unsigned w = 0; w < 32; w += 7u) {
        vecgen_set_all_words(line, 0xF1B00000u + 16u);
        vecgen_set_word(line, w, 0xDEADBEEFu);
        char name[40];
        snprintf(name, sizeof name, "escape_at_%u", w);
        add_stream(c, line, name, i++);
    }
    for (unsigned n = 0; n < 4; n++) {
        prng_fill(&c->rng, line, SC_LINE_BYTES);
        char name[40];
        snprintf(name, sizeof name, "raw_random_%u", n);
        add_stream(c, line, name, i++);
    }
    /* malformed by docs/sc.md 4.3 */
    dec_vec *d = add_dec(c, "bad_empty");
    if (d != NULL) d->in_len = 0;
    static const unsigned raw_lens[] = {1u, 1024u, 1026u, 2047u};
    for (size_t k = 0; k < sizeof raw_lens / sizeof raw_lens[0]; k++) {
        d = add_dec(c, "bad_raw_len_%u", raw_lens[k]);
        if (d != NULL) {
            prng_fill(&c->rng, d->in_bits, BUS_BYTES);
            vecgen_set_bit(d->in_bits, 0, 0);
            d->in_len = raw_lens[k];
        }
    }
    static const unsigned c1_lens[] = {1025u, 1500u, 2047u};
    for (size_t k = 0; k < sizeof c1_lens / sizeof c1_lens[0]; k++) {
        d = add_dec(c, "bad_c1_len_%u", c1_lens[k]);
        if (d != NULL) {
            prng_fill(&c->rng, d->in_bits, BUS_BYTES);
            vecgen_set_bit(d->in_bits, 0, 1);
            d->in_len = c1_lens[k];
        }
    }
    for (unsigned n = 0; n < 24u; n++) {
        d = add_dec(c, "random_bits_%u", n);
        if (d != NULL) {
            prng_fill(&c->rng, d->in_bits, BUS_BYTES);
            d->in_len = (unsigned)prng_below(&c->rng, n < 20u ? 400u : MAX_LEN_FIELD + 1u);
        }
    }
}

/* Compressor-only lines whose 32 fields take exactly `body` bits (1020..1026): the checker's
 * boundary (sec. 4.1: compressed when the body is under 1024 bits). The fewest escaped words
 * such that the coded rest can sum to what is left (a subset-sum over the table's lengths). */
static void gen_boundary_lines(gen_ctx *c) {
    enum { MAX_SUM = 32 * 16 };
    uint32_t of_len[SC_MAX_LEN + 1u] = {0};
    bool have[SC_MAX_LEN + 1u] = {false};
    for (unsigned e = 0; e < SC_VFT_ENTRIES; e++) {
        unsigned l = c->st->ct_len[e];
        if (l != 0 && !have[l]) {
            have[l] = true;
            of_len[l] = c->st->ct_value[e];
        }
    }
    /* reach[n][s]: n coded words can take exactly s bits */
    static bool reach[33][MAX_SUM + 1];
    memset(reach, 0, sizeof reach);
    reach[0][0] = true;
    for (unsigned n = 0; n < 32u; n++)
        for (unsigned t = 0; t <= MAX_SUM; t++)
            for (unsigned l = 1; reach[n][t] && l <= SC_MAX_LEN; l++)
                if (have[l] && t + l <= MAX_SUM) reach[n + 1u][t + l] = true;
    unsigned esc = c->st->esc_len + 32u;
    for (unsigned body = 1020u; body <= 1026u; body++) {
        unsigned k = 0;
        while (k <= 32u && !(k * esc <= body && body - k * esc <= MAX_SUM && reach[32u - k][body - k * esc])) k++;
        if (k > 32u) {
            vecgen_fail(&c->failed, "no line of the vectors' table takes %u bits", body);
            return;
        }
        comp_vec *v = add_comp(c, "body_%u_bits", body);
        if (v == NULL) return;
        unsigned left = body - k * esc;
        for (unsigned w = 0; w < 32u; w++) {
            uint32_t value = 0xE5C00000u + w; /* never trained: escaped */
            if (w >= k) {
                unsigned rest = 31u - w, l = SC_MAX_LEN;
                while (!(have[l] && l <= left && reach[rest][left - l])) l--;
                value = of_len[l];
                left -= l;
            }
            vecgen_set_word(v->line, w, value);
        }
        size_t bits = sc_compressed_bits(c->st, v->line);
        if (bits != (body < SC_RAW_BITS ? body + 1u : SC_MAX_BITS)) {
            vecgen_fail(&c->failed, "body_%u_bits: the line takes %zu bits", body, bits);
            return;
        }
    }
}

static bool write_file(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "sc_decompressor",
        "{is_cfg, cfg_addr[10:0], cfg_data[31:0], in_len[10:0], in_bits[1024:0], exp_err, exp_line[1023:0]}",
        REC_BITS,
        "// Records with is_cfg = 1 come first: write cfg_data at cfg_addr through the configuration\n"
        "// port (the DeLUT image of docs/sc.md 6; entries past the symbol count are not written).\n"
        "// Their other fields are zero. Then the streams (is_cfg = 0, cfg fields zero), decoded with\n"
        "// that table. exp_line is zero when exp_err is 1 (then only the flag is compared).\n"
        "// in_bits may hold non-zero bits at and above in_len on purpose: they must be ignored.\n"};
    static uint32_t image[SC_DELUT_WORDS];
    sc_delut_image(c->st, image);
    size_t n_cfg = 1u + SC_MAX_LEN + c->st->n_symbols;
    vecfile file;
    bool ok = vecfile_open(&file, dir, &spec, &c->origin, n_cfg + c->dec.n);
    size_t idx = 0;
    for (size_t a = 0; ok && a < n_cfg; a++) {
        hexvec h;
        hexvec_init(&h, spec.width);
        hexvec_field(&h, 1, 1);
        hexvec_field(&h, a, 11);
        hexvec_field(&h, image[a], 32);
        hexvec_field(&h, 0, LEN_BITS);
        uint8_t zero[BUS_BYTES] = {0};
        hexvec_field_bytes(&h, zero, BUS_BITS);
        hexvec_field(&h, 0, 1);
        hexvec_field_bytes(&h, zero, LINE_BITS);
        char name[48];
        snprintf(name, sizeof name, a == 0 ? "cfg_header" : a <= SC_MAX_LEN ? "cfg_length_%zu" : "cfg_entry_%zu",
                 a <= SC_MAX_LEN ? a : a - 1u - SC_MAX_LEN);
        ok = vecfile_emit(&file, idx++, name, &h);
    }
    size_t errors = 0;
    for (size_t i = 0; ok && i < c->dec.n; i++) {
        dec_vec *d = (dec_vec *)c->dec.items + i;
        vecgen_clear_above(d->in_bits, BUS_BITS, 8u * BUS_BYTES);
        uint8_t wide[(MAX_LEN_FIELD + 7u) / 8u + 1u];
        vecgen_widen_bus(d->in_bits, BUS_BITS, wide, sizeof wide);
        uint8_t line[SC_LINE_BYTES];
        np_result r = sc_decompress(c->st, wide, d->in_len, line, sizeof line);
        bool err = r != NP_OK;
        errors += err;
        if (!vecgen_decode_as_named(d->name, r, vecgen_outcome_as_named(d->name, err))) {
            ok = false;
            break;
        }
        hexvec h;
        hexvec_init(&h, spec.width);
        hexvec_field(&h, 0, 1);
        hexvec_field(&h, 0, 11);
        hexvec_field(&h, 0, 32);
        hexvec_field(&h, d->in_len, LEN_BITS);
        hexvec_field_bytes(&h, d->in_bits, BUS_BITS);
        hexvec_field(&h, err, 1);
        hexvec_field_bytes(&h, line, LINE_BITS);
        ok = vecfile_emit(&file, idx++, d->name, &h);
    }
    return vecfile_close_decompressor(&file, errors, ok);
}

/* The code-table image's nonzero words, then the lines. A bench writes every word of the image
 * (2049), zero where the file has no record: an RTL table has no reset. */
static bool write_compressor(gen_ctx *c, const char *dir) {
    static const vecfile_spec spec = {
        "sc_compressor",
        "{is_cfg, cfg_addr[11:0], cfg_data[31:0], in_line[1023:0], exp_len[10:0], exp_bits[1024:0]}",
        COMP_REC_BITS,
        "// Records with is_cfg = 1 come first: cfg_data for address cfg_addr of the code-table image\n"
        "// (docs/sc.md 6.1); the image words without a record are zero, and a bench writes all 2049\n"
        "// through the configuration port. Their other fields are zero. Then the lines (is_cfg = 0,\n"
        "// cfg fields zero), compressed with that table. exp_bits is zero at and above exp_len.\n"};
    static uint32_t image[SC_CODE_WORDS];
    sc_code_image(c->st, image);
    size_t n_cfg = 0;
    for (size_t a = 0; a < SC_CODE_WORDS; a++) n_cfg += image[a] != 0;
    vecfile file;
    vecfile_origin origin = c->origin;
    origin.model = "nocpress SC C model " SC_MODEL_VERSION " (docs/sc.md), WordsPerCycle any";
    bool ok = vecfile_open(&file, dir, &spec, &origin, n_cfg + c->comp.n);
    size_t idx = 0;
    uint8_t zero[BUS_BYTES] = {0};
    for (size_t a = 0; ok && a < SC_CODE_WORDS; a++) {
        if (image[a] == 0) continue;
        hexvec h;
        hexvec_init(&h, spec.width);
        hexvec_field(&h, 1, 1);
        hexvec_field(&h, a, CODE_ADDR_BITS);
        hexvec_field(&h, image[a], 32);
        hexvec_field_bytes(&h, zero, LINE_BITS);
        hexvec_field(&h, 0, LEN_BITS);
        hexvec_field_bytes(&h, zero, BUS_BITS);
        char name[48];
        if (a == SC_CODE_ESC_WORD) snprintf(name, sizeof name, "cfg_escape");
        else snprintf(name, sizeof name, "cfg_entry_%zu_%s", a / 2u, a % 2u ? "code" : "value");
        ok = vecfile_emit(&file, idx++, name, &h);
    }
    for (size_t i = 0; ok && i < c->comp.n; i++) {
        const comp_vec *v = (const comp_vec *)c->comp.items + i;
        uint8_t buf[BUS_BYTES + 8];
        size_t bits;
        memset(buf, 0, sizeof buf);
        if (sc_compress(c->st, v->line, buf, sizeof buf, &bits) != NP_OK) {
            vecgen_fail(&c->failed, "%s: sc_compress failed", v->name);
            ok = false;
            break;
        }
        hexvec h;
        hexvec_init(&h, spec.width);
        hexvec_field(&h, 0, 1);
        hexvec_field(&h, 0, CODE_ADDR_BITS);
        hexvec_field(&h, 0, 32);
        hexvec_field_bytes(&h, v->line, LINE_BITS);
        hexvec_field(&h, bits, LEN_BITS);
        hexvec_field_bytes(&h, buf, BUS_BITS);
        ok = vecfile_emit(&file, idx++, v->name, &h);
    }
    return vecfile_finish(&file, ok);
}

int vectors_sc_write(const char *dir, const char *command) {
    gen_ctx c;
    memset(&c, 0, sizeof c);
    prng_seed(&c.rng, 0x5C5C2014u);
    c.origin.formats = "docs/vectors.md";
    c.origin.model = "nocpress SC C model " SC_MODEL_VERSION " (docs/sc.md), SymbolsPerCycle any";
    c.origin.command = command;
    c.st = malloc(sizeof *c.st);
    if (c.st == NULL) {
        cli_fail("vectors: out of memory");
        return NP_EXIT_FAIL;
    }
    train(&c);
    gen_streams(&c);
    gen_boundary_lines(&c);
    bool ok = !c.failed && write_file(&c, dir) && write_compressor(&c, dir);
    vec_list_free(&c.dec);
    vec_list_free(&c.comp);
    free(c.st);
    return ok ? NP_EXIT_OK : NP_EXIT_FAIL;
}
