/* CUDA SDK matrixMul's tiled kernel (mult_gpu as microgpusim's test-apps/matrixmul ran it for
 * the Accel-Sim trace matrixmul-32-32): C = A B for square float matrices of side m, a block of
 * 32x32 threads per 32x32 tile of C; each step loads one tile of A and one of B into shared
 * memory, synchronises, accumulates the 32 products, synchronises again. A and B are 1 + a
 * uniform [0, 1) value (the original's rand() / RAND_MAX + 1, from the seeded generator). */
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"

#define MM_TILE 32u
#define MM_SIDE 32u
#define MM_AS 0u                                   /* As[32][32] at shared offset 0 */
#define MM_BS (MM_TILE * MM_TILE * sizeof(float))  /* Bs[32][32] after it */

typedef struct {
    simt_addr a, b, c;
    int32_t wa, wb;
} mm_args;

static void mult_gpu(simt_thread *t, const void *args) {
    const mm_args *p = args;
    int32_t bx = (int32_t)blockIdx.x, by = (int32_t)blockIdx.y;
    int32_t tx = (int32_t)threadIdx.x, ty = (int32_t)threadIdx.y;
    int32_t a_begin = p->wa * (int32_t)MM_TILE * by, a_end = a_begin + p->wa - 1, a_step = MM_TILE;
    int32_t b_begin = (int32_t)MM_TILE * bx, b_step = (int32_t)MM_TILE * p->wb;
    alu(6); /* the tile bounds and steps */
    float csub = 0;
    for (int32_t a = a_begin, b = b_begin; BR(a <= a_end); a += a_step, b += b_step) {
        alu(4); /* the two element addresses */
        float va = ld_f32(ELEM_F32(p->a, a + p->wa * ty + tx));
        float vb = ld_f32(ELEM_F32(p->b, b + p->wb * ty + tx));
        sts_f32(MM_AS + 4u * (uint32_t)(ty * (int32_t)MM_TILE + tx), va);
        sts_f32(MM_BS + 4u * (uint32_t)(ty * (int32_t)MM_TILE + tx), vb);
        syncthreads();
        /* unrolled (#pragma unroll): nvcc reads As's row four floats at a time (LDS.128) and
         * Bs's column one float at a time (LDS.32) */
        for (uint32_t k = 0; k < MM_TILE; k += 4) {
            float row[4];
            lds_f32x4(MM_AS + 4u * ((uint32_t)ty * MM_TILE + k), row);
            for (uint32_t j = 0; j < 4; j++) {
                float col = lds_f32(MM_BS + 4u * ((k + j) * MM_TILE + (uint32_t)tx));
                alu(1); /* FFMA */
                csub += row[j] * col;
            }
        }
        syncthreads();
    }
    int32_t c = p->wb * (int32_t)MM_TILE * by + (int32_t)MM_TILE * bx;
    alu(2);
    st_f32(ELEM_F32(p->c, c + p->wb * ty + tx), csub);
}

static void mult_reference(const float *a, const float *b, float *c, uint32_t m) {
    for (uint32_t i = 0; i < m; i++)
        for (uint32_t j = 0; j < m; j++) {
            float sum = 0;
            for (uint32_t k = 0; k < m; k++) sum += a[i * m + k] * b[k * m + j];
            c[i * m + j] = sum;
        }
}

int app_matrixmul(simt_dev *d, const simt_app_opts *o) {
    uint32_t m = MM_SIDE; /* the trace's size; the kernel needs a multiple of 32 */
    size_t cells = (size_t)m * m, bytes = cells * sizeof(float);
    float *ha = kin_alloc(cells, sizeof *ha), *hb = kin_alloc(cells, sizeof *hb);
    float *hc = kin_alloc(cells, sizeof *hc), *want = kin_alloc(cells, sizeof *want);
    kin_rng r;
    kin_rng_seed(&r, o ? o->seed : 1);
    for (size_t i = 0; i < cells; i++) {
        ha[i] = kin_rand_unit_f32(&r) + 1.0f;
        hb[i] = kin_rand_unit_f32(&r) + 1.0f;
    }
    mm_args p;
    p.a = simt_malloc(d, bytes, SIMT_FLOAT32, "A");
    p.b = simt_malloc(d, bytes, SIMT_FLOAT32, "B");
    p.c = simt_malloc(d, bytes, SIMT_FLOAT32, "C");
    p.wa = p.wb = (int32_t)m;
    simt_memcpy_htod(d, p.a, ha, bytes);
    simt_memcpy_htod(d, p.b, hb, bytes);
    uint32_t grid = (m + MM_TILE - 1) / MM_TILE;
    simt_launch(d, "_Z8mult_gpuIfEvPT_S1_S1_ii", mult_gpu, simt_dim(grid, grid, 1), simt_dim(MM_TILE, MM_TILE, 1),
                2 * MM_BS, &p);
    simt_memcpy_dtoh(d, hc, p.c, bytes);
    mult_reference(ha, hb, want, m);
    if (o && o->verbose) printf("matrixmul: %ux%u, C[0] = %.6f\n", m, m, (double)hc[0]);
    /* same products, different summation grouping: relative 1e-5 */
    int bad = kin_check_f32("matrixmul", hc, want, cells, 1e-5, 0);
    free(ha);
    free(hb);
    free(hc);
    free(want);
    return bad;
}
