/* PolyBench/GPU 1.0 3DCONV: a 3x3x3 stencil (PolyBench's fifteen-term formula, repeated
 * corner terms included) over an NI x NJ x NK volume; the host launches
 * convolution3D_kernel once per plane i = 1 .. NI-2, each a 2D grid of 32x8 blocks over (k, j).
 *
 * Input: init()'s formula A[i][j][k] = i % 12 + 2 (j % 7) + 3 (k % 13). Size: 128^3 (126
 * launches; PolyBench/GPU's 256^3: see polybench.h), / o->scale for tests. Check: B's interior
 * against conv3D, the CPU version (integer-valued sums of integer-valued terms: exact). */
#include <stdlib.h>

#include "kernels.h"
#include "polybench.h"

typedef struct {
    int32_t ni, nj, nk;
    simt_addr a, b;
    int32_t i;
} conv3d_args;

static const float c11 = +2, c21 = +5, c31 = -8, c12 = -3, c22 = +6, c32 = -9, c13 = +4, c23 = +7, c33 = +10;

/* The fifteen terms (offsets in i, j, k, the coefficient, and which of the eleven distinct
 * elements it reads) in the order both versions sum them, left to right (PolyBench's formula:
 * the corners (i-1, j-1, k-1) and (i+1, j-1, k-1) appear three times each). */
typedef struct {
    int di, dj, dk;
    float c;
    int load;
} conv3d_term;
static const conv3d_term conv3d_terms[15] = {
    {-1, -1, -1, c11, 0}, {1, -1, -1, c13, 1}, {-1, -1, -1, c21, 0}, {1, -1, -1, c23, 1}, {-1, -1, -1, c31, 0},
    {1, -1, -1, c33, 1},  {0, -1, 0, c12, 2},  {0, 0, 0, c22, 3},    {0, 1, 0, c32, 4},   {-1, -1, 1, c11, 5},
    {1, -1, 1, c13, 6},   {-1, 0, 1, c21, 7},  {1, 0, 1, c23, 8},    {-1, 1, 1, c31, 9},  {1, 1, 1, c33, 10}};

static void convolution3d_kernel(simt_thread *t, const void *args) {
    const conv3d_args *p = args;
    int32_t k = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    int32_t j = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);
    int32_t i = p->i, nj = p->nj, nk = p->nk;
    alu(4);
    if (BR((i < (p->ni - 1)) && (j < (p->nj - 1)) && (k < (p->nk - 1)) && (i > 0) && (j > 0) && (k > 0))) {
        /* The eleven distinct elements, each loaded once (nvcc merges the repeated ones: every
         * load precedes the store), in their first use's order; one site each. */
#define CONV3D_A(di, dj, dk) ld_f32(ELEM_F32(p->a, (i + (di)) * (nk * nj) + (j + (dj)) * nk + (k + (dk))))
        float x[11];
        x[0] = CONV3D_A(-1, -1, -1);
        x[1] = CONV3D_A(1, -1, -1);
        x[2] = CONV3D_A(0, -1, 0);
        x[3] = CONV3D_A(0, 0, 0);
        x[4] = CONV3D_A(0, 1, 0);
        x[5] = CONV3D_A(-1, -1, 1);
        x[6] = CONV3D_A(1, -1, 1);
        x[7] = CONV3D_A(-1, 0, 1);
        x[8] = CONV3D_A(1, 0, 1);
        x[9] = CONV3D_A(-1, 1, 1);
        x[10] = CONV3D_A(1, 1, 1);
#undef CONV3D_A
        float v = 0.0f;
        for (int q = 0; q < 15; q++) {
            v += conv3d_terms[q].c * x[conv3d_terms[q].load];
        }
        alu(40);
        st_f32(ELEM_F32(p->b, i * (nk * nj) + j * nk + k), v);
    }
}

int app_conv3d(simt_dev *d, const simt_app_opts *o) {
    int32_t ni = (int32_t)kin_scaled(o, 128, 4), nj = ni, nk = ni;
    size_t n = (size_t)ni * (size_t)nj * (size_t)nk;
    float *a = kin_alloc(n, sizeof *a), *b = kin_alloc(n, sizeof *b), *b_gpu = kin_alloc(n, sizeof *b_gpu);
    for (int32_t i = 0; i < ni; ++i) {
        for (int32_t j = 0; j < nj; ++j) {
            for (int32_t k = 0; k < nk; ++k) {
                a[((size_t)i * (size_t)nj + (size_t)j) * (size_t)nk + (size_t)k] =
                    (float)(i % 12 + 2 * (j % 7) + 3 * (k % 13));
            }
        }
    }
    simt_addr a_d = simt_malloc(d, n * 4, SIMT_FLOAT32, "A_gpu");
    simt_addr b_d = simt_malloc(d, n * 4, SIMT_FLOAT32, "B_gpu");
    simt_memcpy_htod(d, a_d, a, n * 4);
    simt_memcpy_htod(d, b_d, b, n * 4);
    simt_dim3 block = simt_dim(PB_DIM_THREAD_BLOCK_X, PB_DIM_THREAD_BLOCK_Y, 1);
    simt_dim3 grid = simt_dim(pb_blocks(nk, block.x), pb_blocks(nj, block.y), 1);
    for (int32_t i = 1; i < ni - 1; ++i) {
        conv3d_args k = {ni, nj, nk, a_d, b_d, i};
        simt_launch(d, "convolution3D_kernel", convolution3d_kernel, grid, block, 0, &k);
    }
    simt_memcpy_dtoh(d, b_gpu, b_d, n * 4);

    for (int32_t i = 1; i < ni - 1; ++i) { /* conv3D */
        for (int32_t j = 1; j < nj - 1; ++j) {
            for (int32_t k = 1; k < nk - 1; ++k) {
                float v = 0.0f;
                for (int q = 0; q < 15; q++) {
                    const conv3d_term *c = &conv3d_terms[q];
                    v += c->c * a[((size_t)(i + c->di) * (size_t)nj + (size_t)(j + c->dj)) * (size_t)nk +
                                  (size_t)(k + c->dk)];
                }
                b[((size_t)i * (size_t)nj + (size_t)j) * (size_t)nk + (size_t)k] = v;
            }
        }
    }
    int rc = kin_check_f32("conv3d", b_gpu, b, n, 0, 0);
    free(a);
    free(b);
    free(b_gpu);
    return rc;
}
