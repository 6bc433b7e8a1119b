/* Parboil SPMV (benchmarks/spmv/src/cuda_base): y = A x with A in padded JDS (jagged
 * diagonal) format, one thread per (sorted) row, spmv_jds_naive launched 50 times as main.cu
 * does. coo_to_jds (common_src/convert-dataset) builds the format: entries sorted by row,
 * mirrored (main passes mirrored = 1: every off-diagonal entry (r, c) also gives (c, r)),
 * rows sorted by length (longest first; ties by row number here, qsort order in the
 * original), groups of 32 rows padded to their longest row (padding: value 0, column -1, so
 * the kernel reads x[-1] as the original does), diagonal k of all groups stored together.
 * jds_ptr_int and sh_zcnt_int are __constant__ arrays in the original, device arrays read
 * with global loads here. Input: parboil's standard 1138_bus + vector.bin are not shipped;
 * the Matrix Market matrix of its source tree, fidapm05.mtx (42x42, 520 entries), with its
 * right-hand side fidapm05_rhs1.mtx as x. Scale does not apply (already tiny). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs_parboil.h"
#include "kernels.h"

#define SPMV_PAD 32 /* warp size: rows per JDS group */
#define SPMV_RUNS 50

typedef struct {
    simt_addr dst_vector, d_data, d_index, d_perm, x_vec, jds_ptr, nzcnt;
    int dim;
} spmv_args;

static void spmv_jds_naive(simt_thread *t, const void *args) {
    const spmv_args *p = args;
    alu(1);
    int ix = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    if (BR(ix < p->dim)) {
        float sum = 0.0f;
        alu(1);
        int bound = ld_i32(ELEM_I32(p->nzcnt, ix / 32)); /* sh_zcnt_int[ix / 32] */
        for (int k = 0; BR(k < bound); k++) {
            alu(1);
            int j = ld_i32(ELEM_I32(p->jds_ptr, k)) + ix; /* jds_ptr_int[k] */
            int in = ld_i32(ELEM_I32(p->d_index, j));
            float d = ld_f32(ELEM_F32(p->d_data, j));
            float x = ld_f32(ELEM_F32(p->x_vec, in));
            alu(1);
            sum += d * x;
        }
        st_f32(ELEM_F32(p->dst_vector, ld_i32(ELEM_I32(p->d_perm, ix))), sum);
    }
}

typedef struct {
    int rows;   /* padded to a multiple of SPMV_PAD */
    int groups; /* nz_count_len */
    int depth;  /* jagged diagonals */
    int len;    /* data elements, padding included */
    float *data;
    int *index, *ptr, *perm, *nzcnt;
    /* the mirrored matrix as CSR (row order = file order), for the reference */
    int *csr_row, *csr_col;
    float *csr_val;
} spmv_jds;

static const int *spmv_row_len;
/* Longest first, then lower row number: a total order, so the format is reproducible. */
static int spmv_by_length(const void *a, const void *b) {
    int ra = *(const int *)a, rb = *(const int *)b;
    if (spmv_row_len[ra] != spmv_row_len[rb]) {
        return spmv_row_len[rb] - spmv_row_len[ra];
    }
    return ra - rb;
}

static void spmv_build(const mm_coo *m, spmv_jds *j) {
    int nz = 0, last_row = 0;
    int *len = kin_alloc((size_t)m->rows, sizeof(int));
    memset(len, 0, sizeof(int) * (size_t)m->rows);
    /* mirrored entries, then a stable counting sort by row */
    for (int i = 0; i < m->nnz; i++) {
        len[m->row[i]]++;
        nz++;
        if (m->row[i] != m->col[i]) {
            len[m->col[i]]++;
            nz++;
        }
    }
    j->csr_row = kin_alloc((size_t)m->rows + 1, sizeof(int));
    j->csr_col = kin_alloc((size_t)nz, sizeof(int));
    j->csr_val = kin_alloc((size_t)nz, sizeof(float));
    j->csr_row[0] = 0;
    for (int r = 0; r < m->rows; r++) {
        j->csr_row[r + 1] = j->csr_row[r] + len[r];
        if (len[r] > 0) {
            last_row = r;
        }
    }
    int *fill = kin_alloc((size_t)m->rows, sizeof(int));
    memset(fill, 0, sizeof(int) * (size_t)m->rows);
    for (int i = 0; i < m->nnz; i++) {
        for (int mirror = 0; mirror < 2; mirror++) {
            int r = mirror ? m->col[i] : m->row[i], c = mirror ? m->row[i] : m->col[i];
            if (mirror && r == c) {
                break;
            }
            int at = j->csr_row[r] + fill[r]++;
            j->csr_col[at] = c;
            j->csr_val[at] = m->val[i];
        }
    }
    /* rows: the last row with an entry + 1, padded to the group size */
    j->rows = (last_row + 1 + SPMV_PAD - 1) / SPMV_PAD * SPMV_PAD;
    j->groups = j->rows / SPMV_PAD;
    int *row_len = kin_alloc((size_t)j->rows, sizeof(int));
    j->perm = kin_alloc((size_t)j->rows, sizeof(int));
    for (int r = 0; r < j->rows; r++) {
        row_len[r] = r < m->rows ? len[r] : 0;
        j->perm[r] = r;
    }
    spmv_row_len = row_len;
    qsort(j->perm, (size_t)j->rows, sizeof(int), spmv_by_length);
    j->nzcnt = kin_alloc((size_t)j->groups, sizeof(int));
    j->depth = row_len[j->perm[0]];
    j->len = 0;
    for (int g = 0; g < j->groups; g++) {
        j->nzcnt[g] = row_len[j->perm[g * SPMV_PAD]]; /* the group's longest row */
        j->len += j->nzcnt[g] * SPMV_PAD;
    }
    j->data = kin_alloc((size_t)j->len + 1, sizeof(float));
    j->index = kin_alloc((size_t)j->len + 1, sizeof(int));
    j->ptr = kin_alloc((size_t)j->depth + 1, sizeof(int));
    int idata = 0;
    for (int k = 0; k < j->depth; k++) {
        j->ptr[k] = idata;
        for (int g = 0; g < j->groups && j->nzcnt[g] > k; g++) {
            for (int i = g * SPMV_PAD; i < (g + 1) * SPMV_PAD; i++) {
                int r = j->perm[i];
                int has = row_len[r] > k;
                j->data[idata] = has ? j->csr_val[j->csr_row[r] + k] : 0.0f;
                j->index[idata] = has ? j->csr_col[j->csr_row[r] + k] : -1;
                idata++;
            }
        }
    }
    free(len);
    free(fill);
    free(row_len);
}

static void spmv_free(spmv_jds *j) {
    free(j->data);
    free(j->index);
    free(j->ptr);
    free(j->perm);
    free(j->nzcnt);
    free(j->csr_row);
    free(j->csr_col);
    free(j->csr_val);
}

static simt_addr spmv_upload(simt_dev *d, const void *src, size_t bytes, simt_type type, const char *name) {
    simt_addr a = simt_malloc(d, bytes, type, name);
    simt_memcpy_htod(d, a, src, bytes);
    return a;
}

int app_spmv(simt_dev *d, const simt_app_opts *o) {
    mm_coo m;
    spmv_jds j;
    if (mm_read_coo(o, "spmv/fidapm05.mtx", &m) != 0) {
        return 1;
    }
    const int dim = m.rows;
    float *x = kin_alloc((size_t)dim, sizeof(float));
    if (mm_read_array(o, "spmv/fidapm05_rhs1.mtx", x, dim) != 0) {
        mm_coo_free(&m);
        free(x);
        return 1;
    }
    spmv_build(&m, &j);
    spmv_args p;
    p.dim = dim;
    p.d_data = spmv_upload(d, j.data, sizeof(float) * (size_t)j.len, SIMT_FLOAT32, "d_data");
    p.d_index = spmv_upload(d, j.index, sizeof(int) * (size_t)j.len, SIMT_INT32, "d_indices");
    p.jds_ptr = spmv_upload(d, j.ptr, sizeof(int) * (size_t)j.depth, SIMT_INT32, "jds_ptr_int");
    p.d_perm = spmv_upload(d, j.perm, sizeof(int) * (size_t)dim, SIMT_INT32, "d_perm");
    p.nzcnt = spmv_upload(d, j.nzcnt, sizeof(int) * (size_t)j.groups, SIMT_INT32, "sh_zcnt_int");
    p.x_vec = spmv_upload(d, x, sizeof(float) * (size_t)dim, SIMT_FLOAT32, "d_x_vector");
    p.dst_vector = simt_malloc(d, sizeof(float) * (size_t)dim, SIMT_FLOAT32, "d_Ax_vector");
    simt_memset(d, p.dst_vector, 0, sizeof(float) * (size_t)dim);
    /* compute_active_thread: small matrices get one 32-thread block per group */
    for (int i = 0; i < SPMV_RUNS; i++) {
        simt_launch(d, "spmv_jds_naive", spmv_jds_naive, simt_dim((uint32_t)j.groups, 1, 1),
                    simt_dim(SPMV_PAD, 1, 1), 0, &p);
    }
    float *got = kin_alloc((size_t)dim, sizeof(float));
    float *want = kin_alloc((size_t)dim, sizeof(float));
    simt_memcpy_dtoh(d, got, p.dst_vector, sizeof(float) * (size_t)dim);
    for (int r = 0; r < dim; r++) { /* the same products in the same order per row */
        float sum = 0.0f;
        for (int e = j.csr_row[r]; e < j.csr_row[r + 1]; e++) {
            sum += j.csr_val[e] * x[j.csr_col[e]];
        }
        want[r] = sum;
    }
    int rc = kin_check_f32("spmv", got, want, (size_t)dim, 1e-6, 1e-7);
    free(got);
    free(want);
    free(x);
    spmv_free(&j);
    mm_coo_free(&m);
    return rc;
}
