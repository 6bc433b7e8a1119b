/* PolyBench/GPU 1.0 ATAX: y = A^T (A x). atax_kernel1 computes tmp = A x (one thread per row,
 * accumulating in tmp[i] in memory as the original does), atax_kernel2 y = A^T tmp (one thread
 * per column). Both launch 32x8 blocks on a grid of N/32 x 1, so the 8 warps of a block compute
 * the same rows (threadIdx.y is unused), as in the original.
 *
 * Input: init_array's formulas (x[i] = i pi, A[i][j] = i j / N). Size: N = 512 (PolyBench/GPU's
 * 4096 would run 8 x 4096^2 loop trips per kernel; see polybench.h), N / o->scale for tests.
 * Check: y against atax_cpu (same float operations in the same order: 1e-5 relative). */
#include <stdlib.h>

#include "kernels.h"
#include "polybench.h"

typedef struct {
    int32_t nx, ny;
    simt_addr a, v, out;
} atax_args;

static void atax_kernel1(simt_thread *t, const void *args) {
    const atax_args *p = args;
    int32_t i = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    alu(2);
    if (BR(i < p->nx)) {
        simt_addr tmp = ELEM_F32(p->out, i);
        st_f32(tmp, 0.0f);
        for (int32_t j = 0; BR(j < p->ny); j++) {
            float s = ld_f32(tmp);
            float aij = ld_f32(ELEM_F32(p->a, i * p->ny + j));
            float xj = ld_f32(ELEM_F32(p->v, j));
            alu(4);
            st_f32(tmp, s + aij * xj);
        }
    }
}

static void atax_kernel2(simt_thread *t, const void *args) {
    const atax_args *p = args;
    int32_t j = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    alu(2);
    if (BR(j < p->ny)) {
        simt_addr y = ELEM_F32(p->out, j);
        st_f32(y, 0.0f);
        for (int32_t i = 0; BR(i < p->nx); i++) {
            float s = ld_f32(y);
            float aij = ld_f32(ELEM_F32(p->a, i * p->ny + j));
            float ti = ld_f32(ELEM_F32(p->v, i));
            alu(4);
            st_f32(y, s + aij * ti);
        }
    }
}

int app_atax(simt_dev *d, const simt_app_opts *o) {
    int32_t nx = (int32_t)kin_scaled(o, 512, 32), ny = nx;
    float *a = kin_alloc((size_t)nx * (size_t)ny, sizeof *a), *x = kin_alloc((size_t)ny, sizeof *x);
    float *y = kin_alloc((size_t)ny, sizeof *y), *tmp = kin_alloc((size_t)nx, sizeof *tmp);
    float *y_gpu = kin_alloc((size_t)ny, sizeof *y_gpu);
    for (int32_t i = 0; i < nx; i++) {
        x[i] = (float)((double)i * PB_PI);
        for (int32_t j = 0; j < ny; j++) {
            a[(size_t)i * (size_t)ny + (size_t)j] = ((float)i * (float)j) / (float)nx;
        }
    }
    simt_addr a_gpu = simt_malloc(d, (size_t)nx * (size_t)ny * 4, SIMT_FLOAT32, "A_gpu");
    simt_addr x_gpu = simt_malloc(d, (size_t)ny * 4, SIMT_FLOAT32, "x_gpu");
    simt_addr y_gpu_d = simt_malloc(d, (size_t)ny * 4, SIMT_FLOAT32, "y_gpu");
    simt_addr tmp_gpu = simt_malloc(d, (size_t)nx * 4, SIMT_FLOAT32, "tmp_gpu");
    simt_memcpy_htod(d, a_gpu, a, (size_t)nx * (size_t)ny * 4);
    simt_memcpy_htod(d, x_gpu, x, (size_t)ny * 4);
    simt_memcpy_htod(d, y_gpu_d, y, (size_t)ny * 4);
    simt_memcpy_htod(d, tmp_gpu, tmp, (size_t)nx * 4);
    simt_dim3 block = simt_dim(PB_DIM_THREAD_BLOCK_X, PB_DIM_THREAD_BLOCK_Y, 1);
    atax_args k1 = {nx, ny, a_gpu, x_gpu, tmp_gpu}, k2 = {nx, ny, a_gpu, tmp_gpu, y_gpu_d};
    simt_launch(d, "atax_kernel1", atax_kernel1, simt_dim(pb_blocks(nx, block.x), 1, 1), block, 0, &k1);
    simt_launch(d, "atax_kernel2", atax_kernel2, simt_dim(pb_blocks(ny, block.x), 1, 1), block, 0, &k2);
    simt_memcpy_dtoh(d, y_gpu, y_gpu_d, (size_t)ny * 4);

    for (int32_t i = 0; i < nx; i++) { /* atax_cpu */
        tmp[i] = 0;
        for (int32_t j = 0; j < ny; j++) {
            tmp[i] = tmp[i] + a[(size_t)i * (size_t)ny + (size_t)j] * x[j];
        }
        for (int32_t j = 0; j < ny; j++) {
            y[j] = y[j] + a[(size_t)i * (size_t)ny + (size_t)j] * tmp[i];
        }
    }
    int rc = kin_check_f32("atax", y_gpu, y, (size_t)ny, 1e-5, 0);
    free(a);
    free(x);
    free(y);
    free(tmp);
    free(y_gpu);
    return rc;
}
