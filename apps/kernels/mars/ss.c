/* Mars SimilarityScore (sample_apps/SimilarityScore): cosine similarity of every pair of rows
 * (documents) of a matrix. One map record per pair (doc1 < doc2); the map reads both rows as
 * float4s (four 32-bit loads each here: the API has no 128-bit global load), emits (score,
 * (doc1, doc2)); MAP_GROUP sorts by score, descending, scores within 1e-7 comparing equal
 * (compare.cu), and groups. Input: GenMatrix's rand() % 100 entries (the seeded generator).
 * Size: 128 documents x 256 terms (Mars' run.sh: 1024 x 256, 523,776 pairs; 128 give 8,128,
 * which keeps the sort in the trace budget); scale s: 128 / s documents (at least 16). The
 * check: every pair once with the host's score (same float operations, same order), the
 * order non-increasing and the groups where compare() changes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "mars_rt.h"

#define SS_ROWS 128
#define SS_COLS 256
#define SS_SMALL 0.0000001f

typedef struct {
    int64_t matrix;
} ss_key; /* SS_KEY_T */
typedef struct {
    int32_t doc1, doc2, dim;
    float result;
} ss_val; /* SS_VAL_T */

static void ss_map_count(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val,
                         int key_size, int val_size) {
    (void)key;
    (void)val;
    (void)key_size;
    (void)val_size;
    mars_emit_inter_count(t, c, 4, 8);
}

/* The map's arithmetic, shared with the host reference so both round alike. */
static void ss_accumulate4(const float *a, const float *b, float *up, float *da, float *db) {
    *up += (a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
    *da += a[0] * a[0] + a[1] * a[1] + a[2] * a[2] + a[3] * a[3];
    *db += b[0] * b[0] + b[1] * b[1] + b[2] * b[2] + b[3] * b[3];
}

static void ss_map(simt_thread *t, const mars_map_ctx *c, simt_addr key, simt_addr val, int key_size,
                   int val_size) {
    (void)key_size;
    (void)val_size;
    simt_addr matrix = (simt_addr)ld_i64(key);
    int doc1 = ld_i32(val), doc2 = ld_i32(val + 4), cols = ld_i32(val + 8);
    float up = 0.0f, d1 = 0.0f, d2 = 0.0f;
    alu(4);
    simt_addr a = ELEM_F32(matrix, doc1 * cols), b = ELEM_F32(matrix, doc2 * cols);
    int col4 = cols >> 2, remainder = cols & 3;
    for (int i = 0; BR(i < col4); i++) {
        float av[4], bv[4];
        simt_addr pa = a + 16 * (simt_addr)i, pb = b + 16 * (simt_addr)i;
        av[0] = ld_f32(pa);
        av[1] = ld_f32(pa + 4);
        av[2] = ld_f32(pa + 8);
        av[3] = ld_f32(pa + 12);
        bv[0] = ld_f32(pb);
        bv[1] = ld_f32(pb + 4);
        bv[2] = ld_f32(pb + 8);
        bv[3] = ld_f32(pb + 12);
        alu(12);
        ss_accumulate4(av, bv, &up, &d1, &d2);
    }
    for (int i = 0; BR(i < remainder); i++) {
        float x = ld_f32(ELEM_F32(a, 4 * col4 + i)), y = ld_f32(ELEM_F32(b, 4 * col4 + i));
        alu(3);
        up += x * y;
        d1 += x * x;
        d2 += y * y;
    }
    sfu(3); /* two sqrtf, the division */
    alu(1);
    float result = up / (sqrtf(d1) * sqrtf(d2));
    uint32_t o_result = mars_out_buf(t, 0), o_doc = mars_out_buf(t, 4);
    sts_f32(o_result, result);
    sts_i32(o_doc, doc1);
    sts_i32(o_doc + 4, doc2);
    mars_emit_intermediate(t, c, o_result, 1, o_doc, 1, 4, 8);
}

/* compare.cu: descending, |a - b| < 1e-7 equal. */
static int ss_compare_values(float a, float b) {
    if (fabsf(a - b) < SS_SMALL) {
        return 0;
    }
    return a < b ? 1 : -1;
}

static int ss_compare(simt_thread *t, const void *user, simt_addr pa, int len_a, simt_addr pb, int len_b) {
    (void)user;
    (void)len_a;
    (void)len_b;
    float a = ld_f32(pa), b = ld_f32(pb);
    alu(2);
    if (BR(fabsf(a - b) < SS_SMALL)) {
        return 0;
    }
    return BR(a < b) ? 1 : -1;
}

#include "mars_rt_impl.h"

static float ss_score(const float *m, int cols, int doc1, int doc2) {
    float up = 0.0f, d1 = 0.0f, d2 = 0.0f;
    const float *a = m + doc1 * cols, *b = m + doc2 * cols;
    for (int i = 0; i < cols >> 2; i++) {
        ss_accumulate4(a + 4 * i, b + 4 * i, &up, &d1, &d2);
    }
    for (int i = 4 * (cols >> 2); i < cols; i++) {
        up += a[i] * b[i];
        d1 += a[i] * a[i];
        d2 += b[i] * b[i];
    }
    return up / (sqrtf(d1) * sqrtf(d2));
}

int app_ss(simt_dev *d, const simt_app_opts *o) {
    const int rows = (int)kin_scaled(o, SS_ROWS, 16), cols = SS_COLS;
    float *matrix = kin_alloc((size_t)rows * cols, sizeof(float));
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (int i = 0; i < rows * cols; i++) {
        matrix[i] = (float)kin_rand_below(&rng, 100);
    }
    simt_addr d_matrix = simt_malloc(d, sizeof(float) * (size_t)rows * cols, SIMT_FLOAT32, "d_matrix");
    simt_memcpy_htod(d, d_matrix, matrix, sizeof(float) * (size_t)rows * cols);
    mars_spec s;
    mars_init(&s, ss_map_count, ss_map, ss_compare, NULL);
    ss_key key = {(int64_t)d_matrix};
    ss_val val = {0, 0, cols, 0.0f};
    for (int i = 0; i < rows; i++) {
        val.doc1 = i;
        for (int j = i + 1; j < rows; j++) {
            val.doc2 = j;
            mars_add_input(&s, &key, sizeof(key), &val, sizeof(val));
        }
    }
    int pairs = s.in_count, rc = 1;
    if (mars_map(d, &s) != 0) {
        printf("kernel ss: check failed at 0: got no scores want %d\n", pairs);
        goto out;
    }
    mars_group(d, &s);
    {
        int32_t *off = kin_alloc((size_t)s.inter_count * 4, sizeof(int32_t));
        float *score = kin_alloc((size_t)s.inter_count, sizeof(float));
        float *want = kin_alloc((size_t)s.inter_count, sizeof(float));
        int32_t *docs = kin_alloc((size_t)s.inter_count * 2, sizeof(int32_t));
        char *seen = kin_alloc((size_t)rows * rows, 1);
        memset(seen, 0, (size_t)rows * rows);
        simt_memcpy_dtoh(d, off, s.inter_offsets, 16 * (size_t)s.inter_count);
        int groups = s.inter_count > 0;
        for (int i = 0; i < s.inter_count; i++) {
            simt_memcpy_dtoh(d, &score[i], s.inter_keys + (simt_addr)off[4 * i], 4);
            simt_memcpy_dtoh(d, &docs[2 * i], s.inter_vals + (simt_addr)off[4 * i + 2], 8);
            int d1 = docs[2 * i], d2 = docs[2 * i + 1];
            rc = s.inter_count != pairs || d1 < 0 || d2 <= d1 || d2 >= rows || seen[d1 * rows + d2];
            if (rc) {
                printf("kernel ss: check failed at %d: got pair (%d, %d) want each of %d pairs once\n", i, d1, d2, pairs);
                goto done;
            }
            seen[d1 * rows + d2] = 1;
            want[i] = ss_score(matrix, cols, d1, d2);
            if (i > 0 && ss_compare_values(score[i - 1], score[i]) == 1) {
                printf("kernel ss: check failed at %d: got %.9g after %.9g want descending\n", i,
                       (double)score[i], (double)score[i - 1]);
                rc = 1;
                goto done;
            }
            groups += i > 0 && ss_compare_values(score[i - 1], score[i]) != 0;
        }
        rc = kin_check_f32("ss", score, want, (size_t)s.inter_count, 0, 0);
        if (rc == 0 && groups != s.groups) {
            printf("kernel ss: check failed at 0: got %d groups want %d\n", s.groups, groups);
            rc = 1;
        }
        if (o->verbose) {
            printf("ss: %d documents x %d, %d pairs, %d distinct scores\n", rows, cols, pairs, s.groups);
        }
    done:
        free(off);
        free(score);
        free(want);
        free(docs);
        free(seen);
    }
out:
    mars_free(&s);
    free(matrix);
    return rc;
}
