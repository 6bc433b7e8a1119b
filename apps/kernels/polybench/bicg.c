/* PolyBench/GPU 1.0 BICG (the BiCGStab kernel): s = A^T r and q = A p. bicg_kernel1 gives each
 * column j a thread accumulating s[j] in memory, bicg_kernel2 each row i one for q[i]; 256x1
 * blocks.
 *
 * Input: init_array's formulas (p[i] = r[i] = i pi, A[i][j] = i j / N). Size: N = 512
 * (PolyBench/GPU's 4096: see polybench.h), N / o->scale for tests. Check: s and q against
 * bicg_cpu (same float operations in the same order: 1e-5 relative). */
#include <stdlib.h>

#include "kernels.h"
#include "polybench.h"

#define BICG_BLOCK_X 256u

typedef struct {
    int32_t nx, ny;
    simt_addr a, v, out;
} bicg_args;

static void bicg_kernel1(simt_thread *t, const void *args) {
    const bicg_args *p = args;
    int32_t j = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    alu(2);
    if (BR(j < p->ny)) {
        simt_addr s = ELEM_F32(p->out, j);
        st_f32(s, 0.0f);
        for (int32_t i = 0; BR(i < p->nx); i++) {
            float v = ld_f32(s);
            float ri = ld_f32(ELEM_F32(p->v, i));
            float aij = ld_f32(ELEM_F32(p->a, i * p->ny + j));
            alu(4);
            st_f32(s, v + ri * aij);
        }
    }
}

static void bicg_kernel2(simt_thread *t, const void *args) {
    const bicg_args *p = args;
    int32_t i = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    alu(2);
    if (BR(i < p->nx)) {
        simt_addr q = ELEM_F32(p->out, i);
        st_f32(q, 0.0f);
        for (int32_t j = 0; BR(j < p->ny); j++) {
            float v = ld_f32(q);
            float aij = ld_f32(ELEM_F32(p->a, i * p->ny + j));
            float pj = ld_f32(ELEM_F32(p->v, j));
            alu(4);
            st_f32(q, v + aij * pj);
        }
    }
}

int app_bicg(simt_dev *d, const simt_app_opts *o) {
    int32_t nx = (int32_t)kin_scaled(o, 512, 32), ny = nx;
    size_t na = (size_t)nx * (size_t)ny;
    float *a = kin_alloc(na, sizeof *a), *r = kin_alloc((size_t)nx, sizeof *r),
          *p = kin_alloc((size_t)ny, sizeof *p);
    float *s = kin_alloc((size_t)ny, sizeof *s), *q = kin_alloc((size_t)nx, sizeof *q);
    float *s_gpu = kin_alloc((size_t)ny, sizeof *s_gpu), *q_gpu = kin_alloc((size_t)nx, sizeof *q_gpu);
    for (int32_t i = 0; i < ny; i++) {
        p[i] = (float)((double)i * PB_PI);
    }
    for (int32_t i = 0; i < nx; i++) {
        r[i] = (float)((double)i * PB_PI);
        for (int32_t j = 0; j < ny; j++) {
            a[(size_t)i * (size_t)ny + (size_t)j] = ((float)i * (float)j) / (float)nx;
        }
    }
    simt_addr a_d = simt_malloc(d, na * 4, SIMT_FLOAT32, "A_gpu");
    simt_addr r_d = simt_malloc(d, (size_t)nx * 4, SIMT_FLOAT32, "r_gpu");
    simt_addr s_d = simt_malloc(d, (size_t)ny * 4, SIMT_FLOAT32, "s_gpu");
    simt_addr p_d = simt_malloc(d, (size_t)ny * 4, SIMT_FLOAT32, "p_gpu");
    simt_addr q_d = simt_malloc(d, (size_t)nx * 4, SIMT_FLOAT32, "q_gpu");
    simt_memcpy_htod(d, a_d, a, na * 4);
    simt_memcpy_htod(d, r_d, r, (size_t)nx * 4);
    simt_memcpy_htod(d, s_d, s, (size_t)ny * 4);
    simt_memcpy_htod(d, p_d, p, (size_t)ny * 4);
    simt_memcpy_htod(d, q_d, q, (size_t)nx * 4);
    bicg_args k1 = {nx, ny, a_d, r_d, s_d}, k2 = {nx, ny, a_d, p_d, q_d};
    simt_launch(d, "bicg_kernel1", bicg_kernel1, simt_dim(pb_blocks(ny, BICG_BLOCK_X), 1, 1),
                simt_dim(BICG_BLOCK_X, 1, 1), 0, &k1);
    simt_launch(d, "bicg_kernel2", bicg_kernel2, simt_dim(pb_blocks(nx, BICG_BLOCK_X), 1, 1),
                simt_dim(BICG_BLOCK_X, 1, 1), 0, &k2);
    simt_memcpy_dtoh(d, s_gpu, s_d, (size_t)ny * 4);
    simt_memcpy_dtoh(d, q_gpu, q_d, (size_t)nx * 4);

    for (int32_t i = 0; i < nx; i++) { /* bicg_cpu */
        q[i] = 0.0f;
        for (int32_t j = 0; j < ny; j++) {
            s[j] = s[j] + r[i] * a[(size_t)i * (size_t)ny + (size_t)j];
            q[i] = q[i] + a[(size_t)i * (size_t)ny + (size_t)j] * p[j];
        }
    }
    int rc = kin_check_f32("bicg", s_gpu, s, (size_t)ny, 1e-5, 0) ||
             kin_check_f32("bicg", q_gpu, q, (size_t)nx, 1e-5, 0);
    free(a);
    free(r);
    free(p);
    free(s);
    free(q);
    free(s_gpu);
    free(q_gpu);
    return rc;
}
