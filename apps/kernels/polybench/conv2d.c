/* PolyBench/GPU 1.0 2DCONV: a 3x3 convolution of an NI x NJ image (convolution2D_kernel, one
 * thread per output pixel, 32x8 blocks; the border pixels are not written).
 *
 * Input: init()'s rand()/RAND_MAX pixels, from the project's seeded PRNG. Size: 1024 x 1024
 * (PolyBench/GPU's 4096^2: see polybench.h), / o->scale for tests. Check: B's interior against
 * conv2D, the CPU version, which sums the nine products in another order (1e-5 relative +
 * 1e-6). */
#include <stdlib.h>

#include "kernels.h"
#include "polybench.h"

typedef struct {
    int32_t ni, nj;
    simt_addr a, b;
} conv2d_args;

static const float c11 = +0.2f, c21 = +0.5f, c31 = -0.8f, c12 = -0.3f, c22 = +0.6f, c32 = -0.9f, c13 = +0.4f,
                   c23 = +0.7f, c33 = +0.10f;

/* The nine terms (row offset, column offset, coefficient) in the order a version sums them:
 * left to right, so the sum is ((t0 + t1) + t2) + ... as written in the CUDA and CPU sources. */
typedef struct {
    int di, dj;
    float c;
} conv2d_term;
static const conv2d_term conv2d_gpu_order[9] = {{-1, -1, c11}, {-1, 0, c21}, {-1, 1, c31},
                                                {0, -1, c12},  {0, 0, c22},  {0, 1, c32},
                                                {1, -1, c13},  {1, 0, c23},  {1, 1, c33}};
static const conv2d_term conv2d_cpu_order[9] = {{-1, -1, c11}, {0, -1, c12}, {1, -1, c13},
                                                {-1, 0, c21},  {0, 0, c22},  {1, 0, c23},
                                                {-1, 1, c31},  {0, 1, c32},  {1, 1, c33}};

static void convolution2d_kernel(simt_thread *t, const void *args) {
    const conv2d_args *p = args;
    int32_t j = (int32_t)(blockIdx.x * blockDim.x + threadIdx.x);
    int32_t i = (int32_t)(blockIdx.y * blockDim.y + threadIdx.y);
    int32_t nj = p->nj;
    alu(4);
    if (BR((i < p->ni - 1) && (j < p->nj - 1) && (i > 0) && (j > 0))) {
        float x[9]; /* the nine loads in source order, one site each */
        x[0] = ld_f32(ELEM_F32(p->a, (i - 1) * nj + (j - 1)));
        x[1] = ld_f32(ELEM_F32(p->a, (i - 1) * nj + (j + 0)));
        x[2] = ld_f32(ELEM_F32(p->a, (i - 1) * nj + (j + 1)));
        x[3] = ld_f32(ELEM_F32(p->a, (i + 0) * nj + (j - 1)));
        x[4] = ld_f32(ELEM_F32(p->a, (i + 0) * nj + (j + 0)));
        x[5] = ld_f32(ELEM_F32(p->a, (i + 0) * nj + (j + 1)));
        x[6] = ld_f32(ELEM_F32(p->a, (i + 1) * nj + (j - 1)));
        x[7] = ld_f32(ELEM_F32(p->a, (i + 1) * nj + (j + 0)));
        x[8] = ld_f32(ELEM_F32(p->a, (i + 1) * nj + (j + 1)));
        float v = 0.0f;
        for (int q = 0; q < 9; q++) {
            v += conv2d_gpu_order[q].c * x[q];
        }
        alu(20);
        st_f32(ELEM_F32(p->b, i * nj + j), v);
    }
}

int app_conv2d(simt_dev *d, const simt_app_opts *o) {
    int32_t ni = (int32_t)kin_scaled(o, 1024, 8), nj = ni;
    size_t n = (size_t)ni * (size_t)nj;
    float *a = kin_alloc(n, sizeof *a), *b = kin_alloc(n, sizeof *b), *b_gpu = kin_alloc(n, sizeof *b_gpu);
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (size_t k = 0; k < n; k++) {
        a[k] = kin_rand_unit_f32(&rng); /* rand() / RAND_MAX */
    }
    simt_addr a_d = simt_malloc(d, n * 4, SIMT_FLOAT32, "A_gpu");
    simt_addr b_d = simt_malloc(d, n * 4, SIMT_FLOAT32, "B_gpu");
    simt_memcpy_htod(d, a_d, a, n * 4);
    simt_memset(d, b_d, 0, n * 4);
    simt_dim3 block = simt_dim(PB_DIM_THREAD_BLOCK_X, PB_DIM_THREAD_BLOCK_Y, 1);
    conv2d_args k = {ni, nj, a_d, b_d};
    simt_launch(d, "convolution2D_kernel", convolution2d_kernel,
                simt_dim(pb_blocks(ni, block.x), pb_blocks(nj, block.y), 1), block, 0, &k);
    simt_memcpy_dtoh(d, b_gpu, b_d, n * 4);

    for (int32_t i = 1; i < ni - 1; ++i) { /* conv2D */
        for (int32_t j = 1; j < nj - 1; ++j) {
            float v = 0.0f;
            for (int q = 0; q < 9; q++) {
                const conv2d_term *c = &conv2d_cpu_order[q];
                v += c->c * a[(size_t)(i + c->di) * (size_t)nj + (size_t)(j + c->dj)];
            }
            b[(size_t)i * (size_t)nj + (size_t)j] = v;
        }
    }
    int rc = kin_check_f32("conv2d", b_gpu, b, n, 1e-5, 1e-6);
    free(a);
    free(b);
    free(b_gpu);
    return rc;
}
