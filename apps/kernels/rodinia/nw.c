/* Rodinia 3.1 nw (Needleman-Wunsch): global alignment score matrix of two random sequences.
 * The (n+1)x(n+1) score matrix is filled in 16x16 tiles along anti-diagonals of tiles: the
 * host launches needle_cuda_shared_1 for the growing diagonals of the top-left half and
 * needle_cuda_shared_2 for the shrinking ones (2 n/16 - 1 launches); each block of 16 threads
 * loads its tile's reference scores and the borders into shared memory and sweeps the tile's
 * own anti-diagonals with a barrier after each (needle.cu, needle_kernel.cu).
 *
 * Input: generated as needle.cu does (each sequence rand() % 10 + 1, scores from BLOSUM62,
 * borders -i * penalty), from the project's seeded PRNG; dimension 1024 (Rodinia's `run` has
 * 2048: 10 M warp instructions, past the tracing budget), its penalty 10; o->scale divides the
 * dimension (kept a multiple of 16). Check: the whole score
 * matrix against the sequential recurrence (integers: exact). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"

#define NW_BS 16
#define NW_TEMP(i, j) (4u * ((size_t)(i) * (NW_BS + 1) + (size_t)(j))) /* int temp[17][17] */
#define NW_REF(i, j) (4u * (NW_BS + 1) * (NW_BS + 1) + 4u * ((size_t)(i)*NW_BS + (size_t)(j)))
#define NW_SHARED_BYTES (4u * (NW_BS + 1) * (NW_BS + 1) + 4u * NW_BS * NW_BS)

/* BLOSUM62 (Henikoff and Henikoff 1992; the NCBI matrix, order A R N D C Q E G H I L K M F P S
 * T W Y V B Z X *), the scoring table of needle.cu. */
static const int8_t nw_blosum62[24][24] = {
    {4, -1, -2, -2, 0, -1, -1, 0, -2, -1, -1, -1, -1, -2, -1, 1, 0, -3, -2, 0, -2, -1, 0, -4},
    {-1, 5, 0, -2, -3, 1, 0, -2, 0, -3, -2, 2, -1, -3, -2, -1, -1, -3, -2, -3, -1, 0, -1, -4},
    {-2, 0, 6, 1, -3, 0, 0, 0, 1, -3, -3, 0, -2, -3, -2, 1, 0, -4, -2, -3, 3, 0, -1, -4},
    {-2, -2, 1, 6, -3, 0, 2, -1, -1, -3, -4, -1, -3, -3, -1, 0, -1, -4, -3, -3, 4, 1, -1, -4},
    {0, -3, -3, -3, 9, -3, -4, -3, -3, -1, -1, -3, -1, -2, -3, -1, -1, -2, -2, -1, -3, -3, -2, -4},
    {-1, 1, 0, 0, -3, 5, 2, -2, 0, -3, -2, 1, 0, -3, -1, 0, -1, -2, -1, -2, 0, 3, -1, -4},
    {-1, 0, 0, 2, -4, 2, 5, -2, 0, -3, -3, 1, -2, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4},
    {0, -2, 0, -1, -3, -2, -2, 6, -2, -4, -4, -2, -3, -3, -2, 0, -2, -2, -3, -3, -1, -2, -1, -4},
    {-2, 0, 1, -1, -3, 0, 0, -2, 8, -3, -3, -1, -2, -1, -2, -1, -2, -2, 2, -3, 0, 0, -1, -4},
    {-1, -3, -3, -3, -1, -3, -3, -4, -3, 4, 2, -3, 1, 0, -3, -2, -1, -3, -1, 3, -3, -3, -1, -4},
    {-1, -2, -3, -4, -1, -2, -3, -4, -3, 2, 4, -2, 2, 0, -3, -2, -1, -2, -1, 1, -4, -3, -1, -4},
    {-1, 2, 0, -1, -3, 1, 1, -2, -1, -3, -2, 5, -1, -3, -1, 0, -1, -3, -2, -2, 0, 1, -1, -4},
    {-1, -1, -2, -3, -1, 0, -2, -3, -2, 1, 2, -1, 5, 0, -2, -1, -1, -1, -1, 1, -3, -1, -1, -4},
    {-2, -3, -3, -3, -2, -3, -3, -3, -1, 0, 0, -3, 0, 6, -4, -2, -2, 1, 3, -1, -3, -3, -1, -4},
    {-1, -2, -2, -1, -3, -1, -1, -2, -2, -3, -3, -1, -2, -4, 7, -1, -1, -4, -3, -2, -2, -1, -2, -4},
    {1, -1, 1, 0, -1, 0, 0, 0, -1, -2, -2, 0, -1, -2, -1, 4, 1, -3, -2, -2, 0, 0, 0, -4},
    {0, -1, 0, -1, -1, -1, -1, -2, -2, -1, -1, -1, -1, -2, -1, 1, 5, -2, -2, 0, -1, -1, 0, -4},
    {-3, -3, -4, -4, -2, -2, -3, -2, -2, -3, -2, -3, -1, 1, -4, -3, -2, 11, 2, -3, -4, -3, -2, -4},
    {-2, -2, -2, -3, -2, -1, -2, -3, 2, -1, -1, -2, -1, 3, -3, -2, -2, 2, 7, -1, -3, -2, -1, -4},
    {0, -3, -3, -3, -1, -2, -2, -3, -3, 3, 1, -2, 1, -1, -2, -2, 0, -3, -1, 4, -3, -2, -1, -4},
    {-2, -1, 3, 4, -3, 0, 1, -1, 0, -3, -4, 0, -3, -3, -2, 0, -1, -4, -3, -3, 4, 1, -1, -4},
    {-1, 0, 0, 1, -3, 3, 4, -2, 0, -3, -3, 1, -1, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4},
    {0, -1, -1, -1, -2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2, 0, 0, -2, -1, -1, -1, -1, -1, -4},
    {-4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, 1},
};

typedef struct {
    simt_addr reference, matrix;
    int32_t cols, penalty, i, block_width;
} nw_args;

static int32_t nw_maximum(int32_t a, int32_t b, int32_t c) {
    int32_t k = a <= b ? b : a;
    return k <= c ? c : k;
}

/* The tile's two anti-diagonal sweeps (the part both kernels share). */
static void nw_sweep_tile(simt_thread *t, int32_t tx, int32_t penalty) {
    for (int32_t m = 0; m < NW_BS; m++) {
        if (BR(tx <= m)) {
            int32_t x = tx + 1, y = m - tx + 1;
            int32_t nw = lds_i32(NW_TEMP(y - 1, x - 1)), r = lds_i32(NW_REF(y - 1, x - 1));
            int32_t w = lds_i32(NW_TEMP(y, x - 1)), n = lds_i32(NW_TEMP(y - 1, x));
            int32_t v = nw_maximum(nw + r, w - penalty, n - penalty);
            alu(9);
            sts_i32(NW_TEMP(y, x), v);
        }
        syncthreads();
    }
    for (int32_t m = NW_BS - 2; m >= 0; m--) {
        if (BR(tx <= m)) {
            int32_t x = tx + NW_BS - m, y = NW_BS - tx;
            int32_t nw = lds_i32(NW_TEMP(y - 1, x - 1)), r = lds_i32(NW_REF(y - 1, x - 1));
            int32_t w = lds_i32(NW_TEMP(y, x - 1)), n = lds_i32(NW_TEMP(y - 1, x));
            int32_t v = nw_maximum(nw + r, w - penalty, n - penalty);
            alu(9);
            sts_i32(NW_TEMP(y, x), v);
        }
        syncthreads();
    }
}

/* One tile at block coordinates (bix, biy); ref_first: needle_cuda_shared_2 loads the
 * reference tile before the north-west corner, needle_cuda_shared_1 after it. */
static void nw_tile(simt_thread *t, const nw_args *a, int32_t bix, int32_t biy, int ref_first) {
    int32_t tx = (int32_t)threadIdx.x, cols = a->cols;
    int32_t base = cols * NW_BS * biy + NW_BS * bix;
    int32_t index = base + tx + (cols + 1), index_n = base + tx + 1, index_w = base + cols, index_nw = base;
    alu(10);
    if (!ref_first && BR(tx == 0)) {
        sts_i32(NW_TEMP(0, 0), ld_i32(ELEM_I32(a->matrix, index_nw)));
    }
    for (int32_t ty = 0; ty < NW_BS; ty++) {
        sts_i32(NW_REF(ty, tx), ld_i32(ELEM_I32(a->reference, index + cols * ty)));
        alu(1);
    }
    syncthreads();
    if (ref_first && BR(tx == 0)) {
        sts_i32(NW_TEMP(0, 0), ld_i32(ELEM_I32(a->matrix, index_nw)));
    }
    sts_i32(NW_TEMP(tx + 1, 0), ld_i32(ELEM_I32(a->matrix, index_w + cols * tx)));
    syncthreads();
    sts_i32(NW_TEMP(0, tx + 1), ld_i32(ELEM_I32(a->matrix, index_n)));
    syncthreads();
    nw_sweep_tile(t, tx, a->penalty);
    for (int32_t ty = 0; ty < NW_BS; ty++) {
        st_i32(ELEM_I32(a->matrix, index + ty * cols), lds_i32(NW_TEMP(ty + 1, tx + 1)));
        alu(1);
    }
}

static void nw_needle_1(simt_thread *t, const void *args) {
    const nw_args *a = args;
    int32_t bx = (int32_t)blockIdx.x;
    nw_tile(t, a, bx, a->i - 1 - bx, 0);
}

static void nw_needle_2(simt_thread *t, const void *args) {
    const nw_args *a = args;
    int32_t bx = (int32_t)blockIdx.x;
    nw_tile(t, a, bx + a->block_width - a->i, a->block_width - bx - 1, 1);
}

/* The sequential reference: the Needleman-Wunsch recurrence, row after row. */
static void nw_reference(int32_t *m, const int32_t *ref, int32_t n1, int32_t penalty) {
    for (int32_t i = 1; i < n1; i++) {
        for (int32_t j = 1; j < n1; j++) {
            size_t k = (size_t)i * (size_t)n1 + (size_t)j;
            m[k] = nw_maximum(m[k - (size_t)n1 - 1] + ref[k], m[k - 1] - penalty, m[k - (size_t)n1] - penalty);
        }
    }
}

int app_nw(simt_dev *d, const simt_app_opts *o) {
    int32_t dim = (int32_t)kin_scaled(o, 1024, NW_BS) / NW_BS * NW_BS, penalty = 10;
    int32_t max_rows = dim + 1, max_cols = dim + 1;
    size_t size = (size_t)max_rows * (size_t)max_cols;
    int32_t *reference = kin_alloc(size, sizeof *reference), *input = kin_alloc(size, sizeof *input);
    int32_t *output = kin_alloc(size, sizeof *output);
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (int32_t i = 1; i < max_rows; i++) {
        input[(size_t)i * (size_t)max_cols] = (int32_t)kin_rand_below(&rng, 10) + 1; /* rand() % 10 + 1 */
    }
    for (int32_t j = 1; j < max_cols; j++) {
        input[j] = (int32_t)kin_rand_below(&rng, 10) + 1;
    }
    for (int32_t i = 1; i < max_cols; i++) {
        for (int32_t j = 1; j < max_rows; j++) {
            reference[(size_t)i * (size_t)max_cols + (size_t)j] =
                nw_blosum62[input[(size_t)i * (size_t)max_cols]][input[j]];
        }
    }
    for (int32_t i = 1; i < max_rows; i++) {
        input[(size_t)i * (size_t)max_cols] = -i * penalty;
    }
    for (int32_t j = 1; j < max_cols; j++) {
        input[j] = -j * penalty;
    }
    simt_addr reference_cuda = simt_malloc(d, size * 4, SIMT_INT32, "referrence_cuda");
    simt_addr matrix_cuda = simt_malloc(d, size * 4, SIMT_INT32, "matrix_cuda");
    simt_memcpy_htod(d, reference_cuda, reference, size * 4);
    simt_memcpy_htod(d, matrix_cuda, input, size * 4);
    int32_t block_width = (max_cols - 1) / NW_BS;
    for (int32_t i = 1; i <= block_width; i++) {
        nw_args a = {reference_cuda, matrix_cuda, max_cols, penalty, i, block_width};
        simt_launch(d, "needle_cuda_shared_1", nw_needle_1, simt_dim((uint32_t)i, 1, 1), simt_dim(NW_BS, 1, 1),
                    NW_SHARED_BYTES, &a);
    }
    for (int32_t i = block_width - 1; i >= 1; i--) {
        nw_args a = {reference_cuda, matrix_cuda, max_cols, penalty, i, block_width};
        simt_launch(d, "needle_cuda_shared_2", nw_needle_2, simt_dim((uint32_t)i, 1, 1), simt_dim(NW_BS, 1, 1),
                    NW_SHARED_BYTES, &a);
    }
    simt_memcpy_dtoh(d, output, matrix_cuda, size * 4);

    nw_reference(input, reference, max_cols, penalty);
    int rc = kin_check_i32("nw", output, input, size);
    free(reference);
    free(input);
    free(output);
    return rc;
}
