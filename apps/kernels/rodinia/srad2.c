/* Rodinia 3.1 srad_v2 (SRAD2): speckle-reducing anisotropic diffusion (Yu and Acton 2002) of
 * an image. Each iteration the host computes the speckle scale q0^2 from the mean and
 * variance of a region of interest, copies the image to the device and launches srad_cuda_1
 * (per pixel the four differences to its neighbours and the diffusion coefficient, on 16x16
 * tiles staged in shared memory with their neighbouring rows and columns) and srad_cuda_2
 * (the divergence update of the image), then copies the image back (srad.cu).
 *
 * Input: generated as random_matrix() does (srand(7), rand()/RAND_MAX, J = exp(I)), from the
 * project's seeded PRNG; 512x512 (Rodinia's `run` has 2048x2048: 41 M warp instructions, past
 * the tracing budget), its region 0..127 x 0..127, lambda 0.5 and 2 iterations; o->scale
 * divides rows and columns (kept multiples of 16, at least 32, region clipped).
 * The original also loads a tile's north/south/west/east neighbours outside the image for
 * the edge blocks and then overwrites them with the edge's own pixels; those loads fall
 * outside J's allocation (before it or past its end) and are not issued here (a branch
 * skips them). Check: the image after the same iterations of the sequential srad (its CPU
 * path: neighbours clamped at the edges), with the same per-pixel arithmetic: 1e-5 relative. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_solve.h"
#include "kernels.h"

#define SR_BS 16
#define SR_TILE(k, ty, tx) ((size_t)(k)*4u * SR_BS * SR_BS + 4u * ((size_t)(ty)*SR_BS + (size_t)(tx)))

typedef struct {
    simt_addr e_c, w_c, n_c, s_c, j, c;
    int32_t cols, rows;
    float lambda, q0sqr;
} sr_args;

/* The diffusion coefficient of srad_cuda_1 (and of the CPU path) from the four differences;
 * its literals are doubles, so parts of it run in double as on the device. */
static float sr_coefficient(float n, float s, float w, float e, float jc, float q0sqr) {
    float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    float l = (n + s + w + e) / jc;
    float num = (float)((0.5 * g2) - ((1.0 / 16.0) * (l * l)));
    float den = (float)(1 + (.25 * l));
    float qsqr = num / (den * den);
    den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
    float c = (float)(1.0 / (1.0 + den));
    return c < 0 ? 0.0f : c > 1 ? 1.0f : c;
}

static float sr_update(float j, float lambda, float cn, float cs, float cw, float ce, float dn, float ds, float dw,
                       float de) {
    float d_sum = cn * dn + cs * ds + cw * dw + ce * de;
    return (float)(j + 0.25 * lambda * d_sum);
}

/* Stores to the shared tile at off the load of J at a linear index the original computes for a
 * neighbour tile; an index outside the image is skipped (see the header). A macro, so that each
 * use is its own pair of instruction sites. */
#define SR_LOAD_NEIGHBOUR(off, index)                          \
    do {                                                       \
        if (BR((index) >= 0 && (index) < a->rows * a->cols)) { \
            sts_f32((off), ld_f32(ELEM_F32(a->j, (index))));   \
        }                                                      \
    } while (0)

static void srad_cuda_1(simt_thread *t, const void *args) {
    enum { TEMP, TEMP_RESULT, NORTH, SOUTH, EAST, WEST };
    const sr_args *a = args;
    int32_t bx = (int32_t)blockIdx.x, by = (int32_t)blockIdx.y, tx = (int32_t)threadIdx.x,
            ty = (int32_t)threadIdx.y;
    int32_t cols = a->cols, base = cols * SR_BS * by + SR_BS * bx;
    int32_t index = base + cols * ty + tx, index_n = base + tx - cols, index_s = base + cols * SR_BS + tx;
    int32_t index_w = base + cols * ty - 1, index_e = base + cols * ty + SR_BS;
    alu(14);
    SR_LOAD_NEIGHBOUR(SR_TILE(NORTH, ty, tx), index_n);
    SR_LOAD_NEIGHBOUR(SR_TILE(SOUTH, ty, tx), index_s);
    if (BR(by == 0)) {
        sts_f32(SR_TILE(NORTH, ty, tx), ld_f32(ELEM_F32(a->j, SR_BS * bx + tx)));
    } else if (BR(by == (int32_t)gridDim.y - 1)) {
        alu(4);
        sts_f32(SR_TILE(SOUTH, ty, tx), ld_f32(ELEM_F32(a->j, cols * SR_BS * ((int32_t)gridDim.y - 1) + SR_BS * bx +
                                                                  cols * (SR_BS - 1) + tx)));
    }
    syncthreads();
    SR_LOAD_NEIGHBOUR(SR_TILE(WEST, ty, tx), index_w);
    SR_LOAD_NEIGHBOUR(SR_TILE(EAST, ty, tx), index_e);
    if (BR(bx == 0)) {
        sts_f32(SR_TILE(WEST, ty, tx), ld_f32(ELEM_F32(a->j, cols * SR_BS * by + cols * ty)));
    } else if (BR(bx == (int32_t)gridDim.x - 1)) {
        alu(4);
        sts_f32(SR_TILE(EAST, ty, tx), ld_f32(ELEM_F32(a->j, cols * SR_BS * by + SR_BS * ((int32_t)gridDim.x - 1) +
                                                                 cols * ty + SR_BS - 1)));
    }
    syncthreads();
    sts_f32(SR_TILE(TEMP, ty, tx), ld_f32(ELEM_F32(a->j, index)));
    syncthreads();
    float jc = lds_f32(SR_TILE(TEMP, ty, tx));
    /* The nine cases of the original (corners, edges, interior) pick tile or neighbour. */
    int top = ty == 0, bottom = ty == SR_BS - 1, left = tx == 0, right = tx == SR_BS - 1;
    float n, s, w, e;
    if (BR(top && left)) {
        n = lds_f32(SR_TILE(NORTH, ty, tx));
        s = lds_f32(SR_TILE(TEMP, ty + 1, tx));
        w = lds_f32(SR_TILE(WEST, ty, tx));
        e = lds_f32(SR_TILE(TEMP, ty, tx + 1));
    } else if (BR(top && right)) {
        n = lds_f32(SR_TILE(NORTH, ty, tx));
        s = lds_f32(SR_TILE(TEMP, ty + 1, tx));
        w = lds_f32(SR_TILE(TEMP, ty, tx - 1));
        e = lds_f32(SR_TILE(EAST, ty, tx));
    } else if (BR(bottom && right)) {
        n = lds_f32(SR_TILE(TEMP, ty - 1, tx));
        s = lds_f32(SR_TILE(SOUTH, ty, tx));
        w = lds_f32(SR_TILE(TEMP, ty, tx - 1));
        e = lds_f32(SR_TILE(EAST, ty, tx));
    } else if (BR(bottom && left)) {
        n = lds_f32(SR_TILE(TEMP, ty - 1, tx));
        s = lds_f32(SR_TILE(SOUTH, ty, tx));
        w = lds_f32(SR_TILE(WEST, ty, tx));
        e = lds_f32(SR_TILE(TEMP, ty, tx + 1));
    } else if (BR(top)) {
        n = lds_f32(SR_TILE(NORTH, ty, tx));
        s = lds_f32(SR_TILE(TEMP, ty + 1, tx));
        w = lds_f32(SR_TILE(TEMP, ty, tx - 1));
        e = lds_f32(SR_TILE(TEMP, ty, tx + 1));
    } else if (BR(right)) {
        n = lds_f32(SR_TILE(TEMP, ty - 1, tx));
        s = lds_f32(SR_TILE(TEMP, ty + 1, tx));
        w = lds_f32(SR_TILE(TEMP, ty, tx - 1));
        e = lds_f32(SR_TILE(EAST, ty, tx));
    } else if (BR(bottom)) {
        n = lds_f32(SR_TILE(TEMP, ty - 1, tx));
        s = lds_f32(SR_TILE(SOUTH, ty, tx));
        w = lds_f32(SR_TILE(TEMP, ty, tx - 1));
        e = lds_f32(SR_TILE(TEMP, ty, tx + 1));
    } else if (BR(left)) {
        n = lds_f32(SR_TILE(TEMP, ty - 1, tx));
        s = lds_f32(SR_TILE(TEMP, ty + 1, tx));
        w = lds_f32(SR_TILE(WEST, ty, tx));
        e = lds_f32(SR_TILE(TEMP, ty, tx + 1));
    } else {
        n = lds_f32(SR_TILE(TEMP, ty - 1, tx));
        s = lds_f32(SR_TILE(TEMP, ty + 1, tx));
        w = lds_f32(SR_TILE(TEMP, ty, tx - 1));
        e = lds_f32(SR_TILE(TEMP, ty, tx + 1));
    }
    n -= jc;
    s -= jc;
    w -= jc;
    e -= jc;
    alu(4);
    float c = sr_coefficient(n, s, w, e, jc, a->q0sqr);
    alu(26);
    sfu(4);
    sts_f32(SR_TILE(TEMP_RESULT, ty, tx), c);
    syncthreads();
    st_f32(ELEM_F32(a->c, index), lds_f32(SR_TILE(TEMP_RESULT, ty, tx)));
    st_f32(ELEM_F32(a->e_c, index), e);
    st_f32(ELEM_F32(a->w_c, index), w);
    st_f32(ELEM_F32(a->s_c, index), s);
    st_f32(ELEM_F32(a->n_c, index), n);
}

static void srad_cuda_2(simt_thread *t, const void *args) {
    enum { SOUTH_C, EAST_C, C_TEMP, C_RESULT, TEMP };
    const sr_args *a = args;
    int32_t bx = (int32_t)blockIdx.x, by = (int32_t)blockIdx.y, tx = (int32_t)threadIdx.x,
            ty = (int32_t)threadIdx.y;
    int32_t cols = a->cols, base = cols * SR_BS * by + SR_BS * bx;
    int32_t index = base + cols * ty + tx, index_s = base + cols * SR_BS + tx, index_e = base + cols * ty + SR_BS;
    alu(10);
    sts_f32(SR_TILE(TEMP, ty, tx), ld_f32(ELEM_F32(a->j, index)));
    syncthreads();
    if (BR(index_s < a->rows * cols)) { /* past C's end for the last block row (see header) */
        sts_f32(SR_TILE(SOUTH_C, ty, tx), ld_f32(ELEM_F32(a->c, index_s)));
    }
    if (BR(by == (int32_t)gridDim.y - 1)) {
        alu(4);
        sts_f32(SR_TILE(SOUTH_C, ty, tx), ld_f32(ELEM_F32(a->c, cols * SR_BS * ((int32_t)gridDim.y - 1) +
                                                                    SR_BS * bx + cols * (SR_BS - 1) + tx)));
    }
    syncthreads();
    if (BR(index_e < a->rows * cols)) {
        sts_f32(SR_TILE(EAST_C, ty, tx), ld_f32(ELEM_F32(a->c, index_e)));
    }
    if (BR(bx == (int32_t)gridDim.x - 1)) {
        alu(4);
        sts_f32(
            SR_TILE(EAST_C, ty, tx),
            ld_f32(ELEM_F32(a->c, cols * SR_BS * by + SR_BS * ((int32_t)gridDim.x - 1) + cols * ty + SR_BS - 1)));
    }
    syncthreads();
    sts_f32(SR_TILE(C_TEMP, ty, tx), ld_f32(ELEM_F32(a->c, index)));
    syncthreads();
    float cc = lds_f32(SR_TILE(C_TEMP, ty, tx)), cn, cs, cw, ce;
    if (BR(ty == SR_BS - 1 && tx == SR_BS - 1)) {
        cn = cc;
        cs = lds_f32(SR_TILE(SOUTH_C, ty, tx));
        cw = cc;
        ce = lds_f32(SR_TILE(EAST_C, ty, tx));
    } else if (BR(tx == SR_BS - 1)) {
        cn = cc;
        cs = lds_f32(SR_TILE(C_TEMP, ty + 1, tx));
        cw = cc;
        ce = lds_f32(SR_TILE(EAST_C, ty, tx));
    } else if (BR(ty == SR_BS - 1)) {
        cn = cc;
        cs = lds_f32(SR_TILE(SOUTH_C, ty, tx));
        cw = cc;
        ce = lds_f32(SR_TILE(C_TEMP, ty, tx + 1));
    } else {
        cn = cc;
        cs = lds_f32(SR_TILE(C_TEMP, ty + 1, tx));
        cw = cc;
        ce = lds_f32(SR_TILE(C_TEMP, ty, tx + 1));
    }
    float dn = ld_f32(ELEM_F32(a->n_c, index)), ds = ld_f32(ELEM_F32(a->s_c, index));
    float dw = ld_f32(ELEM_F32(a->w_c, index)), de = ld_f32(ELEM_F32(a->e_c, index));
    alu(9);
    sts_f32(SR_TILE(C_RESULT, ty, tx),
            sr_update(lds_f32(SR_TILE(TEMP, ty, tx)), a->lambda, cn, cs, cw, ce, dn, ds, dw, de));
    syncthreads();
    st_f32(ELEM_F32(a->j, index), lds_f32(SR_TILE(C_RESULT, ty, tx)));
}

/* q0^2 from the region of interest (host code of every iteration). */
static float sr_q0sqr(const float *j, int32_t cols, int32_t r1, int32_t r2, int32_t c1, int32_t c2) {
    float sum = 0, sum2 = 0;
    for (int32_t i = r1; i <= r2; i++) {
        for (int32_t k = c1; k <= c2; k++) {
            float tmp = j[(size_t)i * (size_t)cols + (size_t)k];
            sum += tmp;
            sum2 += tmp * tmp;
        }
    }
    int32_t size_r = (r2 - r1 + 1) * (c2 - c1 + 1);
    float mean = sum / (float)size_r, var = (sum2 / (float)size_r) - mean * mean;
    return var / (mean * mean);
}

/* The sequential reference: srad.cu's CPU path (clamped neighbours), same arithmetic. */
static void sr_reference_step(float *j, int32_t rows, int32_t cols, float q0sqr, float lambda, float *c,
                              float *d4) {
    size_t size = (size_t)rows * (size_t)cols;
    float *dn = d4, *ds = d4 + size, *dw = d4 + 2 * size, *de = d4 + 3 * size;
    for (int32_t r = 0; r < rows; r++) {
        for (int32_t q = 0; q < cols; q++) {
            size_t k = (size_t)r * (size_t)cols + (size_t)q;
            float jc = j[k];
            dn[k] = j[(size_t)(r > 0 ? r - 1 : 0) * (size_t)cols + (size_t)q] - jc;
            ds[k] = j[(size_t)(r < rows - 1 ? r + 1 : r) * (size_t)cols + (size_t)q] - jc;
            dw[k] = j[(size_t)r * (size_t)cols + (size_t)(q > 0 ? q - 1 : 0)] - jc;
            de[k] = j[(size_t)r * (size_t)cols + (size_t)(q < cols - 1 ? q + 1 : q)] - jc;
            c[k] = sr_coefficient(dn[k], ds[k], dw[k], de[k], jc, q0sqr);
        }
    }
    for (int32_t r = 0; r < rows; r++) {
        for (int32_t q = 0; q < cols; q++) {
            size_t k = (size_t)r * (size_t)cols + (size_t)q;
            float cs = c[(size_t)(r < rows - 1 ? r + 1 : r) * (size_t)cols + (size_t)q];
            float ce = c[(size_t)r * (size_t)cols + (size_t)(q < cols - 1 ? q + 1 : q)];
            j[k] = sr_update(j[k], lambda, c[k], cs, c[k], ce, dn[k], ds[k], dw[k], de[k]);
        }
    }
}

int srad2_solve(simt_dev *d, float *j, int32_t rows, int32_t cols, int32_t r1, int32_t r2, int32_t c1, int32_t c2,
                float lambda, int32_t niter, const kin_regions *rg) {
    if (rows < 2 * SR_BS || cols < 2 * SR_BS || rows % SR_BS != 0 || cols % SR_BS != 0) {
        fprintf(stderr, "srad2: a %dx%d image: srad_v2 needs rows and columns that are multiples of %d, at least %d\n",
                (int)rows, (int)cols, SR_BS, 2 * SR_BS);
        return 1;
    }
    size_t size = (size_t)rows * (size_t)cols;
    simt_addr j_cuda = simt_malloc(d, size * 4, SIMT_FLOAT32, "J_cuda");
    kin_region(rg, j_cuda, size * 4);
    simt_addr c_cuda = simt_malloc(d, size * 4, SIMT_FLOAT32, "C_cuda");
    simt_addr e_c = simt_malloc(d, size * 4, SIMT_FLOAT32, "E_C");
    simt_addr w_c = simt_malloc(d, size * 4, SIMT_FLOAT32, "W_C");
    simt_addr s_c = simt_malloc(d, size * 4, SIMT_FLOAT32, "S_C");
    simt_addr n_c = simt_malloc(d, size * 4, SIMT_FLOAT32, "N_C");
    for (int32_t iter = 0; iter < niter; iter++) {
        float q0sqr = sr_q0sqr(j, cols, r1, r2, c1, c2);
        sr_args a = {e_c, w_c, n_c, s_c, j_cuda, c_cuda, cols, rows, lambda, q0sqr};
        simt_memcpy_htod(d, j_cuda, j, size * 4);
        simt_dim3 grid = simt_dim((uint32_t)(cols / SR_BS), (uint32_t)(rows / SR_BS), 1);
        simt_launch(d, "srad_cuda_1", srad_cuda_1, grid, simt_dim(SR_BS, SR_BS, 1), 6u * 4u * SR_BS * SR_BS, &a);
        simt_launch(d, "srad_cuda_2", srad_cuda_2, grid, simt_dim(SR_BS, SR_BS, 1), 5u * 4u * SR_BS * SR_BS, &a);
        simt_memcpy_dtoh(d, j, j_cuda, size * 4);
    }
    return 0;
}

int app_srad2(simt_dev *d, const simt_app_opts *o) {
    /* At least two tiles a side: with one, the original replaces only the north (else-if) and its
     * south neighbours would lie outside the image. */
    int32_t rows = (int32_t)kin_scaled(o, 512, 2 * SR_BS) / SR_BS * SR_BS, cols = rows, niter = 2;
    int32_t r1 = 0, r2 = rows - 1 < 127 ? rows - 1 : 127, c1 = 0, c2 = cols - 1 < 127 ? cols - 1 : 127;
    float lambda = 0.5f;
    size_t size = (size_t)rows * (size_t)cols;
    float *j = kin_alloc(size, sizeof *j), *ref = kin_alloc(size, sizeof *ref);
    float *c = kin_alloc(size, sizeof *c), *d4 = kin_alloc(4 * size, sizeof *d4);
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (size_t k = 0; k < size; k++) {
        float i = kin_rand_unit_f32(&rng); /* rand() / RAND_MAX */
        j[k] = ref[k] = (float)exp(i);
    }
    srad2_solve(d, j, rows, cols, r1, r2, c1, c2, lambda, niter, NULL);
    for (int32_t iter = 0; iter < niter; iter++) {
        sr_reference_step(ref, rows, cols, sr_q0sqr(ref, cols, r1, r2, c1, c2), lambda, c, d4);
    }
    int rc = kin_check_f32("srad2", j, ref, size, 1e-5, 0);
    free(j);
    free(ref);
    free(c);
    free(d4);
    return rc;
}
