/* PolyBench/GPU 1.0 GEMM: C = alpha A B + beta C, one thread per element of C (32x8 blocks),
 * accumulating in memory as the original does.
 *
 * Input: init()'s formulas (alpha 32412, beta 2123, A = B = C = i j / NI). Size: 128
 * (PolyBench/GPU's 512: 512^3 loop trips; see polybench.h), / o->scale for tests. Check: C
 * against gemm, the CPU version (same order: 1e-5 relative). */
#include <stdlib.h>

#include "kernels.h"
#include "polybench.h"

typedef struct {
    int32_t ni, nj, nk;
    float alpha, beta;
    simt_addr a, b, c;
} gemm_args;

static void gemm_kernel(simt_thread *t, const void *args) {
    const gemm_args *p = args;
    int32_t j = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    int32_t i = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);
    alu(4);
    if (BR((i < p->ni) && (j < p->nj))) {
        simt_addr c = ELEM_F32(p->c, i * p->nj + j);
        float v0 = ld_f32(c) * p->beta;
        alu(2);
        st_f32(c, v0);
        for (int32_t k = 0; BR(k < p->nk); k++) {
            float v = ld_f32(c);
            float aik = ld_f32(ELEM_F32(p->a, i * p->nk + k));
            float bkj = ld_f32(ELEM_F32(p->b, k * p->nj + j));
            alu(5);
            st_f32(c, v + p->alpha * aik * bkj);
        }
    }
}

int app_gemm(simt_dev *d, const simt_app_opts *o) {
    int32_t ni = (int32_t)kin_scaled(o, 128, 8), nj = ni, nk = ni;
    float alpha = 32412, beta = 2123;
    size_t n = (size_t)ni * (size_t)ni, bytes = n * 4;
    float *a = kin_alloc(bytes, 1), *b = kin_alloc(bytes, 1), *c = kin_alloc(bytes, 1),
          *c_gpu = kin_alloc(bytes, 1);
    for (int32_t i = 0; i < ni; i++) {
        for (int32_t j = 0; j < ni; j++) {
            size_t k = (size_t)i * (size_t)ni + (size_t)j;
            a[k] = b[k] = c[k] = ((float)i * (float)j) / (float)ni;
        }
    }
    simt_addr a_d = simt_malloc(d, bytes, SIMT_FLOAT32, "A_gpu");
    simt_addr b_d = simt_malloc(d, bytes, SIMT_FLOAT32, "B_gpu");
    simt_addr c_d = simt_malloc(d, bytes, SIMT_FLOAT32, "C_gpu");
    simt_memcpy_htod(d, a_d, a, bytes);
    simt_memcpy_htod(d, b_d, b, bytes);
    simt_memcpy_htod(d, c_d, c, bytes);
    simt_dim3 block = simt_dim(PB_DIM_THREAD_BLOCK_X, PB_DIM_THREAD_BLOCK_Y, 1);
    gemm_args k = {ni, nj, nk, alpha, beta, a_d, b_d, c_d};
    /* The original sizes the grid as (NI / 32, NJ / 8) although x runs over j: equal here. */
    simt_launch(d, "gemm_kernel", gemm_kernel, simt_dim(pb_blocks(ni, block.x), pb_blocks(nj, block.y), 1), block,
                0, &k);
    simt_memcpy_dtoh(d, c_gpu, c_d, bytes);

    for (int32_t i = 0; i < ni; i++) { /* gemm */
        for (int32_t j = 0; j < nj; j++) {
            float *cp = &c[(size_t)i * (size_t)nj + (size_t)j];
            *cp *= beta;
            for (int32_t q = 0; q < nk; ++q) {
                *cp += alpha * a[(size_t)i * (size_t)nk + (size_t)q] * b[(size_t)q * (size_t)nj + (size_t)j];
            }
        }
    }
    int rc = kin_check_f32("gemm", c_gpu, c, n, 1e-5, 0);
    free(a);
    free(b);
    free(c);
    free(c_gpu);
    return rc;
}
