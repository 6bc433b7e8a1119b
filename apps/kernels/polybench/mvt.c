/* PolyBench/GPU 1.0 MVT: x1 += A y1 and x2 += A^T y2. mvt_kernel1 gives each row i a thread
 * accumulating x1[i] in memory, mvt_kernel2 each column; 32x8 blocks on an N/32 x 1 grid, so
 * the 8 warps of a block compute the same elements, as in the original.
 *
 * Input: init_array's formulas (x1 = i/N, x2 = (i+1)/N, y1 = (i+3)/N, y2 = (i+4)/N,
 * A = i j / N). Size: N = 512 (PolyBench/GPU's 4096: see polybench.h), N / o->scale for tests.
 * Unlike ATAX the kernels do not reset x1 / x2, so the 8 copies of a thread each add their sum:
 * the result depends on how the copies' read-add-write sequences interleave (the original's
 * race). The runtime runs a block's warps one after another between barriers (there are none
 * here: docs/kernels.md), so each copy adds its whole sum in turn. Check: x1 and x2 against
 * runMvt's loops run once per copy (blockDim.y = 8 times, same order: 1e-5 relative). */
#include <stdlib.h>

#include "kernels.h"
#include "polybench.h"

typedef struct {
    int32_t n;
    simt_addr a, x, y;
} mvt_args;

static void mvt_kernel1(simt_thread *t, const void *args) {
    const mvt_args *p = args;
    int32_t i = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    alu(2);
    if (BR(i < p->n)) {
        for (int32_t j = 0; BR(j < p->n); j++) {
            simt_addr x1 = ELEM_F32(p->x, i);
            float v = ld_f32(x1);
            float aij = ld_f32(ELEM_F32(p->a, i * p->n + j));
            float yj = ld_f32(ELEM_F32(p->y, j));
            alu(4);
            st_f32(x1, v + aij * yj);
        }
    }
}

static void mvt_kernel2(simt_thread *t, const void *args) {
    const mvt_args *p = args;
    int32_t i = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    alu(2);
    if (BR(i < p->n)) {
        for (int32_t j = 0; BR(j < p->n); j++) {
            simt_addr x2 = ELEM_F32(p->x, i);
            float v = ld_f32(x2);
            float aji = ld_f32(ELEM_F32(p->a, j * p->n + i));
            float yj = ld_f32(ELEM_F32(p->y, j));
            alu(4);
            st_f32(x2, v + aji * yj);
        }
    }
}

int app_mvt(simt_dev *d, const simt_app_opts *o) {
    int32_t n = (int32_t)kin_scaled(o, 512, 32);
    size_t na = (size_t)n * (size_t)n, vb = (size_t)n * 4;
    float *a = kin_alloc(na, sizeof *a), *x1 = kin_alloc(vb, 1), *x2 = kin_alloc(vb, 1), *y1 = kin_alloc(vb, 1),
          *y2 = kin_alloc(vb, 1);
    float *x1_gpu = kin_alloc(vb, 1), *x2_gpu = kin_alloc(vb, 1);
    for (int32_t i = 0; i < n; i++) {
        x1[i] = (float)i / (float)n;
        x2[i] = ((float)i + 1) / (float)n;
        y1[i] = ((float)i + 3) / (float)n;
        y2[i] = ((float)i + 4) / (float)n;
        for (int32_t j = 0; j < n; j++) {
            a[(size_t)i * (size_t)n + (size_t)j] = ((float)i * (float)j) / (float)n;
        }
    }
    simt_addr a_d = simt_malloc(d, na * 4, SIMT_FLOAT32, "a_gpu");
    simt_addr x1_d = simt_malloc(d, vb, SIMT_FLOAT32, "x1_gpu");
    simt_addr x2_d = simt_malloc(d, vb, SIMT_FLOAT32, "x2_gpu");
    simt_addr y1_d = simt_malloc(d, vb, SIMT_FLOAT32, "y_1_gpu");
    simt_addr y2_d = simt_malloc(d, vb, SIMT_FLOAT32, "y_2_gpu");
    simt_memcpy_htod(d, a_d, a, na * 4);
    simt_memcpy_htod(d, x1_d, x1, vb);
    simt_memcpy_htod(d, x2_d, x2, vb);
    simt_memcpy_htod(d, y1_d, y1, vb);
    simt_memcpy_htod(d, y2_d, y2, vb);
    simt_dim3 block = simt_dim(PB_DIM_THREAD_BLOCK_X, PB_DIM_THREAD_BLOCK_Y, 1),
              grid = simt_dim(pb_blocks(n, block.x), 1, 1);
    mvt_args k1 = {n, a_d, x1_d, y1_d}, k2 = {n, a_d, x2_d, y2_d};
    simt_launch(d, "mvt_kernel1", mvt_kernel1, grid, block, 0, &k1);
    simt_launch(d, "mvt_kernel2", mvt_kernel2, grid, block, 0, &k2);
    simt_memcpy_dtoh(d, x1_gpu, x1_d, vb);
    simt_memcpy_dtoh(d, x2_gpu, x2_d, vb);

    for (uint32_t copy = 0; copy < block.y; copy++) { /* runMvt, once per copy of a thread */
        for (int32_t i = 0; i < n; i++) {
            for (int32_t j = 0; j < n; j++) {
                x1[i] = x1[i] + a[(size_t)i * (size_t)n + (size_t)j] * y1[j];
            }
        }
    }
    for (uint32_t copy = 0; copy < block.y; copy++) {
        for (int32_t i = 0; i < n; i++) {
            for (int32_t j = 0; j < n; j++) {
                x2[i] = x2[i] + a[(size_t)j * (size_t)n + (size_t)i] * y2[j];
            }
        }
    }
    int rc = kin_check_f32("mvt", x1_gpu, x1, (size_t)n, 1e-5, 0) ||
             kin_check_f32("mvt", x2_gpu, x2, (size_t)n, 1e-5, 0);
    free(a);
    free(x1);
    free(x2);
    free(y1);
    free(y2);
    free(x1_gpu);
    free(x2_gpu);
    return rc;
}
