/* Rodinia 3.1 lud (CUDA, Liang Wang): blocked LU decomposition in place, no pivoting, 16x16
 * tiles. For each diagonal tile the host launches lud_diagonal (one block of 16 threads
 * factors the tile in shared memory), lud_perimeter (one block of 32 threads per tile of the
 * tile row and column: the row tiles by forward substitution with L, the column tiles with
 * U) and lud_internal (one 16x16 block per trailing tile: m -= peri_col * peri_row); a last
 * lud_diagonal factors the bottom-right tile (lud_kernel.cu's lud_cuda).
 *
 * Input: 256.dat (Rodinia's `run`, -i form), 64.dat when o->scale > 1. Check: L\U against the
 * same tiled factorisation computed sequentially (same float operations in the same order:
 * 1e-6 relative, for a compiler's different contraction). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs_rodinia.h"
#include "kernel_solve.h"
#include "kernels.h"

#define LUD_BS 16
/* Byte offset of element [i][j] of a BLOCK_SIZE x BLOCK_SIZE float array at shared byte base. */
#define LUD_SH(base, i, j) ((size_t)(base) + 4u * ((size_t)(i)*LUD_BS + (size_t)(j)))
#define LUD_TILE_BYTES (4u * LUD_BS * LUD_BS)

typedef struct {
    simt_addr m;
    int32_t dim, offset;
} lud_args;

static void lud_diagonal(simt_thread *t, const void *args) {
    const lud_args *a = args;
    int32_t tx = (int32_t)threadIdx.x;
    const size_t shadow = 0;
    int32_t array_offset = a->offset * a->dim + a->offset;
    alu(2);
    for (int i = 0; i < LUD_BS; i++) {
        sts_f32(LUD_SH(shadow, i, tx), ld_f32(ELEM_F32(a->m, array_offset + tx)));
        array_offset += a->dim;
        alu(1);
    }
    syncthreads();
    for (int i = 0; i < LUD_BS - 1; i++) {
        if (BR(tx > i)) {
            for (int j = 0; BR(j < i); j++) {
                float v = lds_f32(LUD_SH(shadow, tx, i));
                float l = lds_f32(LUD_SH(shadow, tx, j));
                float u = lds_f32(LUD_SH(shadow, j, i));
                alu(1);
                sts_f32(LUD_SH(shadow, tx, i), v - l * u);
            }
            float num = lds_f32(LUD_SH(shadow, tx, i));
            float q = num / lds_f32(LUD_SH(shadow, i, i));
            sfu(1);
            sts_f32(LUD_SH(shadow, tx, i), q);
        }
        syncthreads();
        if (BR(tx > i)) {
            for (int j = 0; BR(j < i + 1); j++) {
                float v = lds_f32(LUD_SH(shadow, i + 1, tx));
                float l = lds_f32(LUD_SH(shadow, i + 1, j));
                float u = lds_f32(LUD_SH(shadow, j, tx));
                alu(1);
                sts_f32(LUD_SH(shadow, i + 1, tx), v - l * u);
            }
        }
        syncthreads();
    }
    /* The first row is not modified: it is not written back. */
    array_offset = (a->offset + 1) * a->dim + a->offset;
    alu(2);
    for (int i = 1; i < LUD_BS; i++) {
        st_f32(ELEM_F32(a->m, array_offset + tx), lds_f32(LUD_SH(shadow, i, tx)));
        array_offset += a->dim;
        alu(1);
    }
}

static void lud_perimeter(simt_thread *t, const void *args) {
    const lud_args *a = args;
    const size_t dia = 0, peri_row = LUD_TILE_BYTES, peri_col = 2 * LUD_TILE_BYTES;
    int32_t tx = (int32_t)threadIdx.x, bx = (int32_t)blockIdx.x, idx, array_offset;
    if (BR(tx < LUD_BS)) {
        idx = tx;
        array_offset = a->offset * a->dim + a->offset;
        alu(2);
        for (int i = 0; i < LUD_BS / 2; i++) {
            sts_f32(LUD_SH(dia, i, idx), ld_f32(ELEM_F32(a->m, array_offset + idx)));
            array_offset += a->dim;
            alu(1);
        }
        array_offset = a->offset * a->dim + a->offset;
        alu(2);
        for (int i = 0; i < LUD_BS; i++) {
            sts_f32(LUD_SH(peri_row, i, idx), ld_f32(ELEM_F32(a->m, array_offset + (bx + 1) * LUD_BS + idx)));
            array_offset += a->dim;
            alu(2);
        }
    } else {
        idx = tx - LUD_BS;
        array_offset = (a->offset + LUD_BS / 2) * a->dim + a->offset;
        alu(3);
        for (int i = LUD_BS / 2; i < LUD_BS; i++) {
            sts_f32(LUD_SH(dia, i, idx), ld_f32(ELEM_F32(a->m, array_offset + idx)));
            array_offset += a->dim;
            alu(1);
        }
        array_offset = (a->offset + (bx + 1) * LUD_BS) * a->dim + a->offset;
        alu(3);
        for (int i = 0; i < LUD_BS; i++) {
            sts_f32(LUD_SH(peri_col, i, idx), ld_f32(ELEM_F32(a->m, array_offset + idx)));
            array_offset += a->dim;
            alu(1);
        }
    }
    syncthreads();
    if (BR(tx < LUD_BS)) { /* peri-row: forward substitution with the unit-diagonal L */
        idx = tx;
        for (int i = 1; i < LUD_BS; i++) {
            for (int j = 0; BR(j < i); j++) {
                float v = lds_f32(LUD_SH(peri_row, i, idx));
                float l = lds_f32(LUD_SH(dia, i, j));
                float u = lds_f32(LUD_SH(peri_row, j, idx));
                alu(1);
                sts_f32(LUD_SH(peri_row, i, idx), v - l * u);
            }
        }
    } else { /* peri-col: with U, divided by its diagonal */
        idx = tx - LUD_BS;
        for (int i = 0; i < LUD_BS; i++) {
            for (int j = 0; BR(j < i); j++) {
                float v = lds_f32(LUD_SH(peri_col, idx, i));
                float l = lds_f32(LUD_SH(peri_col, idx, j));
                float u = lds_f32(LUD_SH(dia, j, i));
                alu(1);
                sts_f32(LUD_SH(peri_col, idx, i), v - l * u);
            }
            float num = lds_f32(LUD_SH(peri_col, idx, i));
            float q = num / lds_f32(LUD_SH(dia, i, i));
            sfu(1);
            sts_f32(LUD_SH(peri_col, idx, i), q);
        }
    }
    syncthreads();
    if (BR(tx < LUD_BS)) {
        idx = tx;
        array_offset = (a->offset + 1) * a->dim + a->offset;
        alu(2);
        for (int i = 1; i < LUD_BS; i++) {
            st_f32(ELEM_F32(a->m, array_offset + (bx + 1) * LUD_BS + idx), lds_f32(LUD_SH(peri_row, i, idx)));
            array_offset += a->dim;
            alu(2);
        }
    } else {
        idx = tx - LUD_BS;
        array_offset = (a->offset + (bx + 1) * LUD_BS) * a->dim + a->offset;
        alu(3);
        for (int i = 0; i < LUD_BS; i++) {
            st_f32(ELEM_F32(a->m, array_offset + idx), lds_f32(LUD_SH(peri_col, i, idx)));
            array_offset += a->dim;
            alu(1);
        }
    }
}

static void lud_internal(simt_thread *t, const void *args) {
    const lud_args *a = args;
    const size_t peri_row = 0, peri_col = LUD_TILE_BYTES;
    int32_t tx = (int32_t)threadIdx.x, ty = (int32_t)threadIdx.y;
    int32_t global_row_id = a->offset + ((int32_t)blockIdx.y + 1) * LUD_BS;
    int32_t global_col_id = a->offset + ((int32_t)blockIdx.x + 1) * LUD_BS;
    alu(6);
    sts_f32(LUD_SH(peri_row, ty, tx), ld_f32(ELEM_F32(a->m, (a->offset + ty) * a->dim + global_col_id + tx)));
    sts_f32(LUD_SH(peri_col, ty, tx), ld_f32(ELEM_F32(a->m, (global_row_id + ty) * a->dim + a->offset + tx)));
    syncthreads();
    float sum = 0.0f;
    for (int i = 0; i < LUD_BS; i++) {
        float l = lds_f32(LUD_SH(peri_col, ty, i));
        sum += l * lds_f32(LUD_SH(peri_row, i, tx));
        alu(1);
    }
    simt_addr dst = ELEM_F32(a->m, (global_row_id + ty) * a->dim + global_col_id + tx);
    alu(3);
    float v = ld_f32(dst);
    alu(1);
    st_f32(dst, v - sum);
}

/* The sequential reference: the same tiled algorithm, one element after another, in place on
 * the matrix (each kernel's shared tiles are views of it). A random matrix factorised without
 * pivoting is badly conditioned (64.dat: float and double Doolittle differ by more than the
 * largest element), so only the same operation order gives comparable numbers. */
static float *lud_at(float *a, int32_t n, int32_t r, int32_t c) {
    return &a[(size_t)r * (size_t)n + (size_t)c];
}

static void lud_ref_diagonal(float *a, int32_t n, int32_t off) {
    for (int32_t i = 0; i < LUD_BS - 1; i++) {
        for (int32_t tx = i + 1; tx < LUD_BS; tx++) {
            for (int32_t j = 0; j < i; j++) {
                *lud_at(a, n, off + tx, off + i) -=
                    *lud_at(a, n, off + tx, off + j) * *lud_at(a, n, off + j, off + i);
            }
            *lud_at(a, n, off + tx, off + i) /= *lud_at(a, n, off + i, off + i);
        }
        for (int32_t tx = i + 1; tx < LUD_BS; tx++) {
            for (int32_t j = 0; j < i + 1; j++) {
                *lud_at(a, n, off + i + 1, off + tx) -=
                    *lud_at(a, n, off + i + 1, off + j) * *lud_at(a, n, off + j, off + tx);
            }
        }
    }
}

static void lud_ref_perimeter(float *a, int32_t n, int32_t off) {
    for (int32_t c0 = off + LUD_BS; c0 < n; c0 += LUD_BS) {
        for (int32_t idx = 0; idx < LUD_BS; idx++) { /* the tile right of the diagonal one */
            for (int32_t i = 1; i < LUD_BS; i++) {
                for (int32_t j = 0; j < i; j++) {
                    *lud_at(a, n, off + i, c0 + idx) -=
                        *lud_at(a, n, off + i, off + j) * *lud_at(a, n, off + j, c0 + idx);
                }
            }
        }
        for (int32_t idx = 0; idx < LUD_BS; idx++) { /* the tile below it */
            for (int32_t i = 0; i < LUD_BS; i++) {
                for (int32_t j = 0; j < i; j++) {
                    *lud_at(a, n, c0 + idx, off + i) -=
                        *lud_at(a, n, c0 + idx, off + j) * *lud_at(a, n, off + j, off + i);
                }
                *lud_at(a, n, c0 + idx, off + i) /= *lud_at(a, n, off + i, off + i);
            }
        }
    }
}

static void lud_ref_internal(float *a, int32_t n, int32_t off) {
    for (int32_t r = off + LUD_BS; r < n; r++) {
        for (int32_t c = off + LUD_BS; c < n; c++) {
            float sum = 0.0f;
            for (int32_t i = 0; i < LUD_BS; i++) {
                sum += *lud_at(a, n, r, off + i) * *lud_at(a, n, off + i, c);
            }
            *lud_at(a, n, r, c) -= sum;
        }
    }
}

static void lud_reference(float *a, int32_t n) {
    int32_t off;
    for (off = 0; off < n - LUD_BS; off += LUD_BS) {
        lud_ref_diagonal(a, n, off);
        lud_ref_perimeter(a, n, off);
        lud_ref_internal(a, n, off);
    }
    lud_ref_diagonal(a, n, off);
}

int lud_solve(simt_dev *d, float *m, int32_t n, const kin_regions *rg) {
    if (n <= 0 || n % LUD_BS != 0) {
        fprintf(stderr, "lud: the dimension %d is not a positive multiple of %d (lud_cuda's tiles)\n", (int)n, LUD_BS);
        return 1;
    }
    size_t bytes = (size_t)n * (size_t)n * sizeof(float);
    simt_addr d_m = simt_malloc(d, bytes, SIMT_FLOAT32, "d_m");
    kin_region(rg, d_m, bytes);
    simt_memcpy_htod(d, d_m, m, bytes);
    int32_t i = 0;
    for (i = 0; i < n - LUD_BS; i += LUD_BS) {
        lud_args a = {d_m, n, i};
        uint32_t tiles = (uint32_t)((n - i) / LUD_BS - 1);
        simt_launch(d, "lud_diagonal", lud_diagonal, simt_dim(1, 1, 1), simt_dim(LUD_BS, 1, 1), LUD_TILE_BYTES, &a);
        simt_launch(d, "lud_perimeter", lud_perimeter, simt_dim(tiles, 1, 1), simt_dim(2 * LUD_BS, 1, 1),
                    3 * LUD_TILE_BYTES, &a);
        simt_launch(d, "lud_internal", lud_internal, simt_dim(tiles, tiles, 1), simt_dim(LUD_BS, LUD_BS, 1),
                    2 * LUD_TILE_BYTES, &a);
    }
    lud_args last = {d_m, n, i};
    simt_launch(d, "lud_diagonal", lud_diagonal, simt_dim(1, 1, 1), simt_dim(LUD_BS, 1, 1), LUD_TILE_BYTES, &last);
    simt_memcpy_dtoh(d, m, d_m, bytes);
    return 0;
}

int app_lud(simt_dev *d, const simt_app_opts *o) {
    char path[1024];
    float *m;
    int32_t n;
    if (kin_input_path(path, sizeof path, o, o->scale > 1 ? "rodinia/lud/64.dat" : "rodinia/lud/256.dat") != 0 ||
        !rd_read_lud(path, &m, &n)) {
        return 1;
    }
    size_t bytes = (size_t)n * (size_t)n * sizeof(float);
    float *ref = kin_alloc(bytes, 1);
    memcpy(ref, m, bytes);
    if (lud_solve(d, m, n, NULL) != 0) {
        free(m);
        free(ref);
        return 1;
    }

    lud_reference(ref, n);
    int rc = kin_check_f32("lud", m, ref, (size_t)n * (size_t)n, 1e-6, 0);
    free(m);
    free(ref);
    return rc;
}
