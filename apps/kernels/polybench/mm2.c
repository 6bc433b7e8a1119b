/* PolyBench/GPU 1.0 2MM: D = alpha A B C + beta D in two launches: mm2_kernel1 tmp = alpha A B,
 * mm2_kernel2 D = beta D + tmp C, one thread per output element (32x8 blocks), each
 * accumulating in memory as the original does.
 *
 * Input: init_array's formulas (alpha 32412, beta 2123, A = i j / NI, B = i (j+1) / NJ,
 * C = i (j+3) / NL, D = i (j+2) / NK). Size: 128 (PolyBench/GPU's standard 1024: 2 x 1024^3 loop
 * trips; see polybench.h), / o->scale for tests. Check: D against mm2_cpu (same order: 1e-5
 * relative). */
#include <stdlib.h>

#include "kernels.h"
#include "polybench.h"

typedef struct {
    int32_t ni, nj, nk, nl;
    float alpha, beta;
    simt_addr tmp, x, y;
} mm2_args;

static void mm2_kernel1(simt_thread *t, const void *args) {
    const mm2_args *p = args;
    int32_t j = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    int32_t i = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);
    alu(4);
    if (BR((i < p->ni) && (j < p->nj))) {
        simt_addr tmp = ELEM_F32(p->tmp, i * p->nj + j);
        st_f32(tmp, 0.0f);
        for (int32_t k = 0; BR(k < p->nk); k++) {
            float v = ld_f32(tmp);
            float aik = ld_f32(ELEM_F32(p->x, i * p->nk + k));
            float bkj = ld_f32(ELEM_F32(p->y, k * p->nj + j));
            alu(5);
            st_f32(tmp, v + p->alpha * aik * bkj);
        }
    }
}

static void mm2_kernel2(simt_thread *t, const void *args) {
    const mm2_args *p = args;
    int32_t j = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    int32_t i = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);
    alu(4);
    if (BR((i < p->ni) && (j < p->nl))) {
        simt_addr dd = ELEM_F32(p->y, i * p->nl + j);
        float v0 = ld_f32(dd) * p->beta;
        alu(2);
        st_f32(dd, v0);
        for (int32_t k = 0; BR(k < p->nj); k++) {
            float v = ld_f32(dd);
            float tik = ld_f32(ELEM_F32(p->tmp, i * p->nj + k));
            float ckj = ld_f32(ELEM_F32(p->x, k * p->nl + j));
            alu(5);
            st_f32(dd, v + tik * ckj);
        }
    }
}

int app_mm2(simt_dev *d, const simt_app_opts *o) {
    int32_t ni = (int32_t)kin_scaled(o, 128, 8), nj = ni, nk = ni, nl = ni;
    float alpha = 32412, beta = 2123;
    size_t n = (size_t)ni * (size_t)ni, bytes = n * 4;
    float *tmp = kin_alloc(n, 4), *a = kin_alloc(bytes, 1), *b = kin_alloc(bytes, 1), *c = kin_alloc(bytes, 1),
          *dm = kin_alloc(bytes, 1);
    float *d_gpu = kin_alloc(bytes, 1);
    for (int32_t i = 0; i < ni; i++) {
        for (int32_t j = 0; j < ni; j++) {
            size_t k = (size_t)i * (size_t)ni + (size_t)j;
            a[k] = ((float)i * (float)j) / (float)ni;
            b[k] = ((float)i * (float)(j + 1)) / (float)nj;
            c[k] = ((float)i * (float)(j + 3)) / (float)nl;
            dm[k] = ((float)i * (float)(j + 2)) / (float)nk;
        }
    }
    simt_addr tmp_d = simt_malloc(d, bytes, SIMT_FLOAT32, "tmp_gpu");
    simt_addr a_d = simt_malloc(d, bytes, SIMT_FLOAT32, "A_gpu");
    simt_addr b_d = simt_malloc(d, bytes, SIMT_FLOAT32, "B_gpu");
    simt_addr c_d = simt_malloc(d, bytes, SIMT_FLOAT32, "C_gpu");
    simt_addr d_d = simt_malloc(d, bytes, SIMT_FLOAT32, "D_gpu");
    simt_memcpy_htod(d, tmp_d, tmp, bytes);
    simt_memcpy_htod(d, a_d, a, bytes);
    simt_memcpy_htod(d, b_d, b, bytes);
    simt_memcpy_htod(d, c_d, c, bytes);
    simt_memcpy_htod(d, d_d, dm, bytes);
    simt_dim3 block = simt_dim(PB_DIM_THREAD_BLOCK_X, PB_DIM_THREAD_BLOCK_Y, 1);
    mm2_args k1 = {ni, nj, nk, nl, alpha, beta, tmp_d, a_d, b_d},
             k2 = {ni, nj, nk, nl, alpha, beta, tmp_d, c_d, d_d};
    simt_launch(d, "mm2_kernel1", mm2_kernel1, simt_dim(pb_blocks(nj, block.x), pb_blocks(ni, block.y), 1), block,
                0, &k1);
    simt_launch(d, "mm2_kernel2", mm2_kernel2, simt_dim(pb_blocks(nl, block.x), pb_blocks(ni, block.y), 1), block,
                0, &k2);
    simt_memcpy_dtoh(d, d_gpu, d_d, bytes);

    for (int32_t i = 0; i < ni; i++) { /* mm2_cpu */
        for (int32_t j = 0; j < nj; j++) {
            float *tp = &tmp[(size_t)i * (size_t)nj + (size_t)j];
            *tp = 0;
            for (int32_t k = 0; k < nk; ++k) {
                *tp += alpha * a[(size_t)i * (size_t)nk + (size_t)k] * b[(size_t)k * (size_t)nj + (size_t)j];
            }
        }
    }
    for (int32_t i = 0; i < ni; i++) {
        for (int32_t j = 0; j < nl; j++) {
            float *dp = &dm[(size_t)i * (size_t)nl + (size_t)j];
            *dp *= beta;
            for (int32_t k = 0; k < nj; ++k) {
                *dp += tmp[(size_t)i * (size_t)nj + (size_t)k] * c[(size_t)k * (size_t)nl + (size_t)j];
            }
        }
    }
    int rc = kin_check_f32("mm2", d_gpu, dm, n, 1e-5, 0);
    free(tmp);
    free(a);
    free(b);
    free(c);
    free(dm);
    free(d_gpu);
    return rc;
}
