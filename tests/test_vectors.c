/* Checks the committed golden vectors (NP_VECTOR_DIR, default vectors/dsm) against the C model
 * and the layout of docs/vectors.md, decoding every field with this file's own bit slicing
 * (independent of the writer in cmodel/tool/). Also checks that the directed content the
 * files promise is really there: each named case exists and expects what its name says. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
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

#define MAX_VECTORS 4096
#define MAX_DIGITS 704

typedef struct {
    char name[96];
    uint8_t bits[MAX_DIGITS / 2]; /* the number, least significant byte first */
} vector;

typedef struct {
    char header[4096];
    size_t count;
    vector *v;
} vector_file;

static const char *vector_dir(void) {
    const char *d = getenv("NP_VECTOR_DIR");
    return d != NULL ? d : "vectors/dsm";
}

static int hex_value(int c) {
    return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

/* Loads a .hex file: header comments, then "// <index> <name>" + one hex line per vector. */
static void load(const char *file, unsigned digits, vector_file *vf) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", vector_dir(), file);
    FILE *f = fopen(path, "r");
    if (f == NULL) {
        fail_msg("cannot open %s", path);
    }
    memset(vf, 0, sizeof *vf);
    vf->v = calloc(MAX_VECTORS, sizeof *vf->v);
    assert_non_null(vf->v);
    static char line[4096];
    unsigned lineno = 0;
    bool named = false;
    while (fgets(line, sizeof line, f) != NULL) {
        lineno++;
        line[strcspn(line, "\n")] = '\0';
        if (strncmp(line, "// ", 3) == 0 && isdigit((unsigned char)line[3])) {
            unsigned idx;
            char name[96];
            if (sscanf(line + 3, "%u %95s", &idx, name) != 2 || idx != vf->count) {
                fail_msg("%s:%u: vector comment out of sequence", path, lineno);
            }
            snprintf(vf->v[vf->count].name, sizeof vf->v[0].name, "%s", name);
            named = true;
            continue;
        }
        if (strncmp(line, "//", 2) == 0) {
            if (vf->count > 0 || named) {
                fail_msg("%s:%u: comment after the vectors started", path, lineno);
            }
            size_t used = strlen(vf->header);
            snprintf(vf->header + used, sizeof vf->header - used, "%s\n", line);
            continue;
        }
        if (!named || strlen(line) != digits || vf->count >= MAX_VECTORS) {
            fail_msg("%s:%u: expected a named vector of %u hex digits", path, lineno, digits);
        }
        vector *v = &vf->v[vf->count];
        for (unsigned d = 0; d < digits; d++) {
            int c = (unsigned char)line[digits - 1 - d];
            if (!isxdigit(c)) {
                fail_msg("%s:%u: '%c' is not a hex digit", path, lineno, c);
            }
            v->bits[d / 2] |= (uint8_t)(hex_value(c) << (4 * (d % 2)));
        }
        vf->count++;
        named = false;
    }
    fclose(f);
    assert_false(named);
    char want[64];
    snprintf(want, sizeof want, "// count: %zu vectors", vf->count);
    assert_non_null(strstr(vf->header, want));
    assert_non_null(strstr(vf->header, "// model: nocpress DSM C model " DSM_MODEL_VERSION));
    assert_non_null(strstr(vf->header, "// command: nocpress vectors"));
    assert_non_null(strstr(vf->header, "// layout: {"));
    assert_true(vf->count >= 100);
}

static unsigned bit(const vector *v, unsigned i) {
    return v->bits[i / 8] >> (i % 8) & 1u;
}

/* Field of width k at bit position lo (from the least significant end). */
static uint64_t field(const vector *v, unsigned lo, unsigned k) {
    uint64_t x = 0;
    for (unsigned j = 0; j < k; j++) {
        x |= (uint64_t)bit(v, lo + j) << j;
    }
    return x;
}

/* A bus field into bytes: bit i of the field = bit i % 8 of byte i / 8. */
static void field_bytes(const vector *v, unsigned lo, unsigned k, uint8_t *out) {
    memset(out, 0, (k + 7) / 8);
    for (unsigned j = 0; j < k; j++) {
        out[j / 8] |= (uint8_t)(bit(v, lo + j) << (j % 8));
    }
}

static const vector *find(const vector_file *vf, const char *name) {
    for (size_t i = 0; i < vf->count; i++) {
        if (strcmp(vf->v[i].name, name) == 0) {
            return &vf->v[i];
        }
    }
    fail_msg("no vector named %s", name);
    return NULL;
}

static size_t count_prefix(const vector_file *vf, const char *prefix) {
    size_t n = 0;
    for (size_t i = 0; i < vf->count; i++) {
        n += strncmp(vf->v[i].name, prefix, strlen(prefix)) == 0;
    }
    return n;
}

/* ---- dsm_compressor.hex: {in_line[1023:0], exp_len[10:0], exp_bits[1025:0]} ------------ */

#define C_BITS 0u
#define C_LEN 1026u
#define C_LINE 1037u

static void compressor_vectors_match_model(void **state) {
    (void)state;
    vector_file vf;
    load("dsm_compressor.hex", 516, &vf);
    dsm_config cfg;
    dsm_config_default(&cfg);
    for (size_t i = 0; i < vf.count; i++) {
        const vector *v = &vf.v[i];
        uint8_t line[128], bits[130], model[DSM_MAX_BYTES + 1] = {0};
        field_bytes(v, C_LINE, 1024, line);
        field_bytes(v, C_BITS, 1026, bits);
        size_t len;
        assert_int_equal(dsm_compress(&cfg, line, model, DSM_MAX_BYTES, &len), NP_OK);
        if (field(v, C_LEN, 11) != len || memcmp(bits, model, sizeof model - 1) != 0) {
            fail_msg("%s: stale or wrong expectation (file len %u, model %zu)", v->name,
                     (unsigned)field(v, C_LEN, 11), len);
        }
        for (unsigned b = (unsigned)len; b < 1026; b++) {
            assert_int_equal(bit(v, C_BITS + b), 0); /* bus bits above the length are zero */
        }
    }
    /* the directed content docs/vectors.md and the brief ask for */
    assert_int_equal(field(find(&vf, "all_zero"), C_LEN, 11), 82);
    assert_int_equal(field(find(&vf, "all_ones"), C_LEN, 11), 82);
    assert_int_equal(field(find(&vf, "float_one"), C_LEN, 11), 82);
    assert_int_equal(field(find(&vf, "thesis_fig4_1_es00000111"), C_LEN, 11), 2 * 341);
    assert_int_equal(field(find(&vf, "thesis_fig5_2_es11000111"), C_LEN, 11), 2 * 221);
    for (unsigned k = 0; k < 2; k++) {
        for (unsigned s = 0; s < 8; s++) {
            char name[64];
            snprintf(name, sizeof name, "single_csn_lane%u_seg%u_nib0", k, s);
            const vector *v = find(&vf, name);
            assert_int_equal(field(v, C_LEN, 11), 461 + 513);
            /* ES of the compressed lane is exactly segment s */
            unsigned es_at = k == 0 ? 1 : 514;
            assert_int_equal(field(v, C_BITS + es_at, 8), 1u << s);
        }
    }
    assert_true(count_prefix(&vf, "no_csn_worst_case_") >= 4);
    for (size_t i = 0; i < vf.count; i++) {
        if (strncmp(vf.v[i].name, "no_csn_worst_case_", 18) == 0) {
            assert_int_equal(field(&vf.v[i], C_LEN, 11), 1026);
        }
    }
    assert_true(count_prefix(&vf, "mixed_raw_compressed_") >= 16);
    assert_true(count_prefix(&vf, "near_csn_") >= 16);
    free(vf.v);
}

/* ---- dsm_decompressor.hex: {in_len[10:0], in_bits[1025:0], exp_err, exp_line[1023:0]} -- */

#define D_LINE 0u
#define D_ERR 1024u
#define D_BITS 1025u
#define D_LEN 2051u

/* Both decompressor files end in {exp_err, exp_line[1023:0]}: checks one vector's recorded
 * expectation against the model's (exp_line zero when exp_err is 1) and what its name promises
 * (valid_* decodes; trunc*, extra_bit*, c1_es0*, len* and also_fails* are errors). Returns
 * exp_err. */
static unsigned check_decoded(const vector *v, bool model_err, const uint8_t model[128],
                              const char *also_fails) {
    uint8_t line[128];
    field_bytes(v, D_LINE, 1024, line);
    unsigned err = (unsigned)field(v, D_ERR, 1);
    if (err != model_err || (err == 0 && memcmp(line, model, 128) != 0)) {
        fail_msg("%s: stale or wrong expectation (file err %u, model err %u)", v->name, err,
                 (unsigned)model_err);
    }
    if (err) {
        for (unsigned b = 0; b < 1024; b++) {
            assert_int_equal(bit(v, D_LINE + b), 0); /* exp_line zero on error */
        }
    }
    bool must_fail = strncmp(v->name, "trunc", 5) == 0 || strncmp(v->name, "extra_bit", 9) == 0 ||
                     strncmp(v->name, "c1_es0", 6) == 0 || strncmp(v->name, "len", 3) == 0 ||
                     (also_fails != NULL && strncmp(v->name, also_fails, strlen(also_fails)) == 0);
    if (must_fail) {
        assert_int_equal(err, 1);
    }
    if (strncmp(v->name, "valid_", 6) == 0) {
        assert_int_equal(err, 0);
    }
    return err;
}

static void decompressor_vectors_match_model(void **state) {
    (void)state;
    vector_file vf, comp;
    load("dsm_decompressor.hex", 516, &vf);
    load("dsm_compressor.hex", 516, &comp);
    dsm_config cfg;
    dsm_config_default(&cfg);
    size_t errors = 0;
    for (size_t i = 0; i < vf.count; i++) {
        const vector *v = &vf.v[i];
        unsigned len = (unsigned)field(v, D_LEN, 11);
        uint8_t in[256] = {0}, model[128];
        field_bytes(v, D_BITS, 1026, in); /* zero-extended past the bus, as the header says */
        np_result r = dsm_decompress(&cfg, in, len, model, sizeof model);
        errors += check_decoded(v, r != NP_OK, model, NULL);
    }
    /* every compressor vector's output is replayed into the decompressor */
    for (size_t i = 0; i < comp.count; i++) {
        char name[128];
        snprintf(name, sizeof name, "valid_%s", comp.v[i].name);
        const vector *d = find(&vf, name);
        assert_int_equal(field(d, D_LEN, 11), field(&comp.v[i], C_LEN, 11));
        for (unsigned b = 0; b < 1026; b++) {
            assert_int_equal(bit(d, D_BITS + b), bit(&comp.v[i], C_BITS + b));
        }
        for (unsigned b = 0; b < 1024; b++) {
            assert_int_equal(bit(d, D_LINE + b), bit(&comp.v[i], C_LINE + b));
        }
    }
    assert_int_equal(field(find(&vf, "len0_empty"), D_LEN, 11), 0);
    assert_int_equal(field(find(&vf, "len1_c1"), D_LEN, 11), 1);
    assert_true(count_prefix(&vf, "len1026_garbage_") >= 4);
    assert_true(count_prefix(&vf, "c1_es0_lane0_ed512_") >= 2 &&
                count_prefix(&vf, "c1_es0_lane1_ed512_") >= 2);
    assert_true(count_prefix(&vf, "trunc1_") >= 20);
    assert_true(count_prefix(&vf, "extra_bit0_") >= 5 && count_prefix(&vf, "extra_bit1_") >= 5);
    assert_true(count_prefix(&vf, "flip_c_lane") >= 10);
    assert_true(count_prefix(&vf, "valid_garbage_above_len_") >= 20);
    assert_true(errors > 100 && errors < vf.count);
    free(vf.v);
    free(comp.v);
}

/* ---- dsm_approx.hex ----------------------------------------------------------------------
 * {entry7, ..., entry0, in_addr[40:0], in_line[1023:0], exp_bits[4:0], exp_line[1023:0]},
 * entry = {valid, start[40:0], end[40:0], bits[4:0]} */

#define A_LINE 0u
#define A_EXPBITS 1024u
#define A_IN 1029u
#define A_ADDR 2053u
#define A_ENTRY0 2094u
#define ENTRY_BITS 88u

static void approx_vectors_match_model(void **state) {
    (void)state;
    vector_file vf;
    load("dsm_approx.hex", 700, &vf);
    bool raw_seen[32] = {false};
    for (size_t i = 0; i < vf.count; i++) {
        const vector *v = &vf.v[i];
        dsm_approx_map map;
        dsm_approx_map_init(&map);
        for (unsigned e = 0; e < 8; e++) {
            unsigned at = A_ENTRY0 + ENTRY_BITS * e;
            map.entry[e].bits = (unsigned)field(v, at, 5);
            map.entry[e].end = field(v, at + 5, 41);
            map.entry[e].start = field(v, at + 46, 41);
            map.entry[e].valid = field(v, at + 87, 1) != 0;
        }
        uint64_t addr = field(v, A_ADDR, 41);
        uint8_t in[128], expect[128], model[128];
        field_bytes(v, A_IN, 1024, in);
        field_bytes(v, A_LINE, 1024, expect);
        unsigned bits = dsm_approx_lookup(&map, addr);
        dsm_approx_apply(bits, in, model);
        if (bits != field(v, A_EXPBITS, 5) || memcmp(model, expect, 128) != 0) {
            fail_msg("%s: stale or wrong expectation", v->name);
        }
        raw_seen[bits & 31u] = true;
    }
    static const unsigned must[] = {0, 1, 4, 5, 8, 12, 16, 20, 21, 31};
    for (size_t i = 0; i < sizeof must / sizeof must[0]; i++) {
        if (!raw_seen[must[i]]) {
            fail_msg("no vector applies raw bits value %u", must[i]);
        }
    }
    assert_int_equal(field(find(&vf, "reset_map_all_invalid"), A_EXPBITS, 5), 0);
    assert_int_equal(field(find(&vf, "boundary_bottom_start"), A_EXPBITS, 5), 12);
    assert_int_equal(field(find(&vf, "boundary_bottom_end_plus1"), A_EXPBITS, 5), 0);
    assert_int_equal(field(find(&vf, "boundary_top_end"), A_EXPBITS, 5), 12);
    assert_int_equal(field(find(&vf, "boundary_middle_start_minus1"), A_EXPBITS, 5), 0);
    assert_int_equal(field(find(&vf, "outside_every_entry"), A_EXPBITS, 5), 0);
    assert_int_equal(field(find(&vf, "start_gt_end_only_entry"), A_EXPBITS, 5), 0);
    assert_int_equal(field(find(&vf, "overlap_entry0_over_entry7"), A_EXPBITS, 5), 8);
    assert_int_equal(field(find(&vf, "overlap_entry0_over_entry7_lower_invalid"), A_EXPBITS, 5), 20);
    assert_int_equal(field(find(&vf, "all_entries_match_entry0_wins"), A_EXPBITS, 5), 20);
    assert_true(count_prefix(&vf, "random_map_") >= 50);
    free(vf.v);
}

/* ---- dsm_lane_pair_decompressor.hex --------------------------------------------------------
 * {in_len1[9:0], in_len0[9:0], in_lane1[512:0], in_lane0[512:0], exp_err, exp_line[1023:0]}
 * (exp_err and exp_line where dsm_decompressor.hex has them: D_ERR, D_LINE) */

#define P_LANE0 1025u
#define P_LANE1 1538u
#define P_LEN0 2051u
#define P_LEN1 2061u

/* The model's line for a lane-pair vector, each lane read from its bus zero-extended past 513
 * bits (as the header says); true when either lane is malformed. */
static bool lane_pair_model(const vector *v, uint8_t model[128]) {
    static const unsigned lane_at[2] = {P_LANE0, P_LANE1}, len_at[2] = {P_LEN0, P_LEN1};
    dsm_config cfg;
    dsm_config_default(&cfg);
    bool err = false;
    for (unsigned k = 0; k < 2; k++) {
        uint8_t in[128] = {0};
        field_bytes(v, lane_at[k], 513, in);
        unsigned len = (unsigned)field(v, len_at[k], 10);
        err |= dsm_decompress_lane(&cfg, in, len, model + 64 * k, 64) != NP_OK;
    }
    return err;
}

static void lane_pair_vectors_match_model(void **state) {
    (void)state;
    vector_file vf, comp;
    load("dsm_lane_pair_decompressor.hex", 518, &vf);
    size_t errors = 0;
    for (size_t i = 0; i < vf.count; i++) {
        uint8_t model[128];
        bool model_err = lane_pair_model(&vf.v[i], model);
        errors += check_decoded(&vf.v[i], model_err, model, "flip_c_");
    }
    /* every compressor vector's line as its two lanes: lane 0's stream then lane 1's is the
     * compressor's line stream (docs/dsm.md 4.4) */
    load("dsm_compressor.hex", 516, &comp);
    for (size_t i = 0; i < comp.count; i++) {
        char name[128];
        snprintf(name, sizeof name, "valid_%s", comp.v[i].name);
        const vector *p = find(&vf, name);
        unsigned len0 = (unsigned)field(p, P_LEN0, 10), len1 = (unsigned)field(p, P_LEN1, 10);
        assert_int_equal(len0 + len1, field(&comp.v[i], C_LEN, 11));
        for (unsigned b = 0; b < len0 + len1; b++) {
            unsigned got = b < len0 ? bit(p, P_LANE0 + b) : bit(p, P_LANE1 + b - len0);
            assert_int_equal(got, bit(&comp.v[i], C_BITS + b));
        }
        for (unsigned b = 0; b < 1024; b++) {
            assert_int_equal(bit(p, D_LINE + b), bit(&comp.v[i], C_LINE + b));
        }
    }
    for (unsigned k = 0; k < 2; k++) {
        char prefix[64];
        snprintf(prefix, sizeof prefix, "c1_es0_lane%u_len521", k);
        assert_true(count_prefix(&vf, prefix) == 1);
        snprintf(prefix, sizeof prefix, "len1023_max_lane%u", k);
        assert_int_equal(field(find(&vf, prefix), k ? P_LEN1 : P_LEN0, 10), 1023);
        snprintf(prefix, sizeof prefix, "trunc1_lane%u_", k);
        assert_true(count_prefix(&vf, prefix) >= 10);
        snprintf(prefix, sizeof prefix, "flip_c_lane%u_", k);
        assert_true(count_prefix(&vf, prefix) >= 5);
    }
    assert_true(count_prefix(&vf, "valid_single_csn_lane") >= 32);
    assert_true(count_prefix(&vf, "valid_garbage_above_len_lane") >= 20);
    assert_true(count_prefix(&vf, "valid_garbage_above_both_") >= 20);
    assert_true(errors > 100 && errors < vf.count);
    free(vf.v);
    free(comp.v);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(compressor_vectors_match_model),
        cmocka_unit_test(decompressor_vectors_match_model),
        cmocka_unit_test(approx_vectors_match_model),
        cmocka_unit_test(lane_pair_vectors_match_model),
    };
    return cmocka_run_group_tests_name("golden_vectors", tests, NULL, NULL);
}
