/* Rodinia 3.1 particlefilter, the CUDA "float" version (ex_particle_CUDA_float_seq.cu, whose
 * arrays are in fact double): a particle filter tracks a disk moving through a synthetic noisy
 * video. Per frame k = 1 .. Nfr-1 the host launches four kernels of ceil(Nparticles / 512)
 * blocks of 512 threads, with nothing but the launches between them:
 *   likelihood_kernel        each particle takes its resampled position (xj, yj), moves by
 *                            (1 + 5 randn, -2 + 2 randn) from its own LCG seed, computes the
 *                            likelihood of the disk's pixels under it in frame k, multiplies its
 *                            reset weight 1/N by exp(likelihood); a shared-memory tree sums the
 *                            block's weights into partial_sums[block]
 *   sum_kernel               thread 0 adds the blocks' partial sums into partial_sums[0]
 *   normalize_weights_kernel every particle divides its weight by the sum; thread 0 builds the
 *                            CDF and draws u[0] = randu / N from seed[0]; u[i] = u[0] + i / N
 *   find_index_kernel        each particle searches the CDF linearly for its u[i] and takes
 *                            that particle's position as its new (xj, yj)
 * Input: the benchmark's own generator (videoSequence: a radius-5 disk starting at the frame
 * centre, moving by (+1, -2) per frame, dilated, background 100 / object 228, plus
 * (unsigned char)(5 randn) noise from seed[0]), with the benchmark's LCG (A = 1103515245,
 * C = 12345, M = INT_MAX) and its seeds seed[i] = time(0) * i, time(0) replaced by o->seed.
 * Size: Rodinia's run (-x 128 -y 128 -z 10 -np 1000: 2 blocks, 9 frames, 36 launches);
 * o->scale divides the particles (>= 32).
 *
 * Two details of the original are kept as written and made defined here: newMatrix in
 * videoSequence is malloc'd and read where the dilation did not write (zero here: calloc);
 * (unsigned char) of a negative noise value goes through int as x86 compilers do. And one race:
 * in normalize_weights_kernel thread 0 of block 0 builds the CDF from every particle's weight
 * while the other blocks normalise theirs. The runtime runs blocks in launch order
 * (docs/kernels.md), so the weights of blocks after the first enter the CDF not yet divided by
 * the sum; the reference computes exactly that (one of the original's legal outcomes).
 *
 * Check: the final positions and weights against a plain sequential C computation of the same
 * algorithm with the same random sequences, bit-exact (the reference adds each block's weights
 * in the kernel's tree order, then the blocks in order, as sum_kernel does). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"

#define PFL_THREADS 512 /* threads_per_block */
#define PFL_PI 3.1415926535897932
#define PFL_RADIUS 5
#define PFL_DIAMETER (PFL_RADIUS * 2 - 1)
#define PFL_LCG_A 1103515245u
#define PFL_LCG_C 12345u

/* ---- the benchmark's random numbers (host and device share the rule) ----------------------- */

/* One LCG step: A * seed + C in 32-bit two's complement (the original's int overflow), then the
 * C remainder by INT_MAX, so the state keeps the sign. */
static int32_t pfl_lcg_next(int32_t s) {
    int32_t num = (int32_t)(PFL_LCG_A * (uint32_t)s + PFL_LCG_C);
    return num % INT_MAX;
}

static double pfl_unit(int32_t s) { /* randu's return value */
    return fabs(s / (double)INT_MAX);
}

static double pfl_box_muller(double u, double v) { /* randn's transformation */
    double cosine = cos(2 * PFL_PI * v);
    double rt = -2 * log(u);
    return sqrt(rt) * cosine;
}

static double pfl_randu(int32_t *seed, int32_t i) {
    seed[i] = pfl_lcg_next(seed[i]);
    return pfl_unit(seed[i]);
}

static double pfl_randn(int32_t *seed, int32_t i) {
    double u = pfl_randu(seed, i);
    double v = pfl_randu(seed, i);
    return pfl_box_muller(u, v);
}

/* roundDouble / dev_round_double: `return newValue++` returns the truncation in both branches. */
static double pfl_round(double value) {
    int32_t v = (int32_t)value;
    return v;
}

/* ---- the kernels -------------------------------------------------------------------------- */

typedef struct {
    simt_addr arrayX, arrayY, xj, yj, CDF, ind, objxy, likelihood, I, u, weights;
    int32_t n, count_ones, max_size, k, isz_y, nfr;
    simt_addr seed, partial_sums;
} pfl_likelihood_args;

typedef struct {
    simt_addr partial_sums;
    int32_t n;
} pfl_sum_args;

typedef struct {
    simt_addr weights;
    int32_t n;
    simt_addr partial_sums, CDF, u, seed;
} pfl_normalize_args;

typedef struct {
    simt_addr arrayX, arrayY, CDF, u, xj, yj, weights;
    int32_t n;
} pfl_find_index_args;

/* d_randu: the seed's load and store; the original's read of seed[index] after its store is the
 * stored value (no load). */
static double pfl_d_randu(simt_thread *t, simt_addr seed, int32_t i) {
    int32_t s = ld_i32(ELEM_I32(seed, i));
    alu(3); /* multiply-add, remainder */
    int32_t next = pfl_lcg_next(s);
    st_i32(ELEM_I32(seed, i), next);
    alu(2); /* convert, divide, fabs */
    return pfl_unit(next);
}

static double pfl_d_randn(simt_thread *t, simt_addr seed, int32_t i) {
    double u = pfl_d_randu(t, seed, i);
    double v = pfl_d_randu(t, seed, i);
    alu(3);
    sfu(3); /* cos, log, sqrt */
    return pfl_box_muller(u, v);
}

/* The pixels of the disk under particle i in frame k: ind[] and the likelihood. A read of the
 * same address again with no store between is one load (the source reads ind[] and I[] twice
 * per pixel, nvcc once). */
static double pfl_d_likelihood(simt_thread *t, const pfl_likelihood_args *a, int32_t i) {
    for (int32_t y = 0; BR(y < a->count_ones); y++) {
        double ax = ld_f64(ELEM_F64(a->arrayX, i));
        int32_t ox = ld_i32(ELEM_I32(a->objxy, y * 2 + 1));
        double ay = ld_f64(ELEM_F64(a->arrayY, i));
        int32_t oy = ld_i32(ELEM_I32(a->objxy, y * 2));
        alu(10);
        int32_t ind_x = (int32_t)(pfl_round(ax) + ox), ind_y = (int32_t)(pfl_round(ay) + oy);
        int32_t v = abs(ind_x * a->isz_y * a->nfr + ind_y * a->nfr + a->k);
        st_i32(ELEM_I32(a->ind, i * a->count_ones + y), v);
        if (BR(v >= a->max_size)) st_i32(ELEM_I32(a->ind, i * a->count_ones + y), 0);
    }
    double sum = 0.0;
    for (int32_t x = 0; BR(x < a->count_ones); x++) { /* calcLikelihoodSum */
        int32_t idx = ld_i32(ELEM_I32(a->ind, i * a->count_ones + x));
        int32_t p = ld_u8(ELEM_U8(a->I, idx));
        alu(8); /* two squares (pow(., 2)), subtract, divide by 50, add */
        sum += (pow((double)(p - 100), 2) - pow((double)(p - 228), 2)) / 50.0;
    }
    return sum;
}

static void pfl_likelihood_kernel(simt_thread *t, const void *args) {
    const pfl_likelihood_args *a = args;
    int32_t tid = (int32_t)threadIdx.x, i = (int32_t)(blockDim.x * blockIdx.x) + tid;
    alu(2);
    if (BR(i < a->n)) {
        st_f64(ELEM_F64(a->arrayX, i), ld_f64(ELEM_F64(a->xj, i)));
        st_f64(ELEM_F64(a->arrayY, i), ld_f64(ELEM_F64(a->yj, i)));
        alu(1);
        st_f64(ELEM_F64(a->weights, i), 1 / ((double)a->n));
        double x = ld_f64(ELEM_F64(a->arrayX, i));
        double rx = pfl_d_randn(t, a->seed, i);
        alu(2);
        st_f64(ELEM_F64(a->arrayX, i), x + 1.0 + 5.0 * rx);
        double y = ld_f64(ELEM_F64(a->arrayY, i));
        double ry = pfl_d_randn(t, a->seed, i);
        alu(2);
        st_f64(ELEM_F64(a->arrayY, i), y - 2.0 + 2.0 * ry);
    }
    syncthreads();
    if (BR(i < a->n)) {
        double lik = pfl_d_likelihood(t, a, i);
        alu(1);
        lik = lik / a->count_ones;
        st_f64(ELEM_F64(a->likelihood, i), lik);
        double w = ld_f64(ELEM_F64(a->weights, i));
        sfu(1); /* exp */
        alu(1);
        st_f64(ELEM_F64(a->weights, i), w * exp(lik));
    }
    sts_f64(8u * (uint32_t)tid, 0.0);
    syncthreads();
    if (BR(i < a->n)) sts_f64(8u * (uint32_t)tid, ld_f64(ELEM_F64(a->weights, i)));
    syncthreads();
    for (uint32_t s = blockDim.x / 2; BR(s > 0); s >>= 1) { /* not full last block: zeros */
        if (BR((uint32_t)tid < s)) {
            double mine = lds_f64(8u * (uint32_t)tid), other = lds_f64(8u * ((uint32_t)tid + s));
            alu(1);
            sts_f64(8u * (uint32_t)tid, mine + other);
        }
        syncthreads();
    }
    if (BR(tid == 0)) st_f64(ELEM_F64(a->partial_sums, blockIdx.x), lds_f64(0));
    syncthreads();
}

static int32_t pfl_num_blocks(int32_t n) {
    return (int32_t)ceil((double)n / (double)PFL_THREADS);
}

static void pfl_sum_kernel(simt_thread *t, const void *args) {
    const pfl_sum_args *a = args;
    int32_t i = (int32_t)(blockDim.x * blockIdx.x + threadIdx.x);
    alu(2);
    if (BR(i == 0)) {
        double sum = 0.0;
        alu(3);
        int32_t nb = pfl_num_blocks(a->n);
        for (int32_t x = 0; BR(x < nb); x++) {
            sum += ld_f64(ELEM_F64(a->partial_sums, x));
            alu(1);
        }
        st_f64(ELEM_F64(a->partial_sums, 0), sum);
    }
}

#define PFL_SH_U1 0u
#define PFL_SH_SUM 8u

static void pfl_normalize_weights_kernel(simt_thread *t, const void *args) {
    const pfl_normalize_args *a = args;
    int32_t tid = (int32_t)threadIdx.x, i = (int32_t)(blockDim.x * blockIdx.x) + tid;
    alu(2);
    if (BR(tid == 0)) sts_f64(PFL_SH_SUM, ld_f64(ELEM_F64(a->partial_sums, 0)));
    syncthreads();
    if (BR(i < a->n)) {
        double w = ld_f64(ELEM_F64(a->weights, i)), s = lds_f64(PFL_SH_SUM);
        alu(1);
        st_f64(ELEM_F64(a->weights, i), w / s);
    }
    syncthreads();
    if (BR(i == 0)) {
        double c = ld_f64(ELEM_F64(a->weights, 0)); /* cdfCalc; CDF[x - 1] is the value stored */
        st_f64(ELEM_F64(a->CDF, 0), c);
        for (int32_t x = 1; BR(x < a->n); x++) {
            c = ld_f64(ELEM_F64(a->weights, x)) + c;
            alu(1);
            st_f64(ELEM_F64(a->CDF, x), c);
        }
        double r = pfl_d_randu(t, a->seed, i);
        alu(2);
        st_f64(ELEM_F64(a->u, 0), (1 / ((double)a->n)) * r);
    }
    syncthreads();
    if (BR(tid == 0)) sts_f64(PFL_SH_U1, ld_f64(ELEM_F64(a->u, 0)));
    syncthreads();
    if (BR(i < a->n)) {
        double u1 = lds_f64(PFL_SH_U1);
        alu(3);
        st_f64(ELEM_F64(a->u, i), u1 + i / ((double)a->n));
    }
}

static void pfl_find_index_kernel(simt_thread *t, const void *args) {
    const pfl_find_index_args *a = args;
    int32_t i = (int32_t)(blockDim.x * blockIdx.x + threadIdx.x);
    alu(2);
    if (BR(i < a->n)) {
        int32_t index = -1;
        for (int32_t x = 0; BR(x < a->n); x++) {
            double c = ld_f64(ELEM_F64(a->CDF, x)), u = ld_f64(ELEM_F64(a->u, i));
            if (BR(c >= u)) {
                index = x;
                break;
            }
        }
        if (BR(index == -1)) index = a->n - 1;
        st_f64(ELEM_F64(a->xj, i), ld_f64(ELEM_F64(a->arrayX, index)));
        st_f64(ELEM_F64(a->yj, i), ld_f64(ELEM_F64(a->arrayY, index)));
    }
    syncthreads();
}

/* ---- the synthetic video (videoSequence and its helpers) ---------------------------------- */

typedef struct {
    int32_t isz_x, isz_y, nfr, n;
} pfl_size;

static size_t pfl_at(const pfl_size *s, int32_t x, int32_t y, int32_t z) {
    return ((size_t)x * (size_t)s->isz_y + (size_t)y) * (size_t)s->nfr + (size_t)z;
}

static void pfl_dilate(uint8_t *m, const pfl_size *s, int32_t px, int32_t py, int32_t pz, int32_t error) {
    int32_t sx = px - error < 0 ? 0 : px - error, sy = py - error < 0 ? 0 : py - error;
    int32_t ex = px + error > s->isz_x ? s->isz_x : px + error;
    int32_t ey = py + error > s->isz_y ? s->isz_y : py + error;
    for (int32_t x = sx; x < ex; x++)
        for (int32_t y = sy; y < ey; y++)
            if (sqrt(pow((double)(x - px), 2) + pow((double)(y - py), 2)) < error) m[pfl_at(s, x, y, pz)] = 1;
}

static void pfl_video(uint8_t *I, const pfl_size *s, int32_t *seed) {
    size_t max_size = (size_t)s->isz_x * (size_t)s->isz_y * (size_t)s->nfr;
    int32_t x0 = (int32_t)pfl_round(s->isz_y / 2.0), y0 = (int32_t)pfl_round(s->isz_x / 2.0);
    I[pfl_at(s, x0, y0, 0)] = 1;
    for (int32_t k = 1; k < s->nfr; k++) { /* the moving point: note x and y swap in pos */
        int32_t xk = abs(x0 + (k - 1)), yk = abs(y0 - 2 * (k - 1));
        size_t pos = pfl_at(s, yk, xk, k);
        I[pos >= max_size ? 0 : pos] = 1;
    }
    uint8_t *dilated = kin_alloc(max_size, 1);
    for (int32_t z = 0; z < s->nfr; z++)
        for (int32_t x = 0; x < s->isz_x; x++)
            for (int32_t y = 0; y < s->isz_y; y++)
                if (I[pfl_at(s, x, y, z)] == 1) pfl_dilate(dilated, s, x, y, z, 5);
    for (size_t p = 0; p < max_size; p++) I[p] = dilated[p] == 0 ? 100 : dilated[p] == 1 ? 228 : dilated[p];
    free(dilated);
    for (size_t p = 0; p < max_size; p++) /* addNoise, in x, y, z order = memory order */
        I[p] = (uint8_t)(I[p] + (uint8_t)(int32_t)(5 * pfl_randn(seed, 0)));
}

/* strelDisk + getneighbors: the (y, x) offsets of the radius-5 disk; returns their count. */
static int32_t pfl_disk_offsets(int32_t objxy[2 * PFL_DIAMETER * PFL_DIAMETER]) {
    int32_t n = 0, center = PFL_RADIUS - 1;
    for (int32_t x = 0; x < PFL_DIAMETER; x++)
        for (int32_t y = 0; y < PFL_DIAMETER; y++) {
            double dist = sqrt(pow((double)(x - PFL_RADIUS + 1), 2) + pow((double)(y - PFL_RADIUS + 1), 2));
            if (dist < PFL_RADIUS) {
                objxy[n * 2] = y - center;
                objxy[n * 2 + 1] = x - center;
                n++;
            }
        }
    return n;
}

/* ---- the sequential reference -------------------------------------------------------------- */

typedef struct {
    double *x, *y, *w;
} pfl_state;

/* The weights' sum as the device forms it: each block's tree over 512 slots (zeros past n),
 * then the blocks in order. */
static double pfl_ref_sum(const double *w, int32_t n) {
    double buf[PFL_THREADS], sum = 0.0;
    for (int32_t b = 0; b < pfl_num_blocks(n); b++) {
        for (int32_t j = 0; j < PFL_THREADS; j++) buf[j] = b * PFL_THREADS + j < n ? w[b * PFL_THREADS + j] : 0.0;
        for (int32_t s = PFL_THREADS / 2; s > 0; s >>= 1)
            for (int32_t j = 0; j < s; j++) buf[j] += buf[j + s];
        sum += buf[0];
    }
    return sum;
}

static double pfl_ref_likelihood(const uint8_t *I, const pfl_size *s, const int32_t *objxy, int32_t ones, double px,
                                 double py, int32_t k) {
    int32_t max_size = s->isz_x * s->isz_y * s->nfr;
    double sum = 0.0;
    for (int32_t y = 0; y < ones; y++) {
        int32_t ix = (int32_t)(pfl_round(px) + objxy[y * 2 + 1]), iy = (int32_t)(pfl_round(py) + objxy[y * 2]);
        int32_t ind = abs(ix * s->isz_y * s->nfr + iy * s->nfr + k);
        int32_t p = I[ind >= max_size ? 0 : ind];
        sum += (pow((double)(p - 100), 2) - pow((double)(p - 228), 2)) / 50.0;
    }
    return sum / ones;
}

static void pfl_reference(const uint8_t *I, const pfl_size *s, int32_t *seed, const int32_t *objxy, int32_t ones,
                          pfl_state *st) {
    int32_t n = s->n;
    double *xj = kin_alloc((size_t)n, sizeof(double)), *yj = kin_alloc((size_t)n, sizeof(double));
    double *cdf = kin_alloc((size_t)n, sizeof(double)), *u = kin_alloc((size_t)n, sizeof(double));
    for (int32_t i = 0; i < n; i++) {
        xj[i] = pfl_round(s->isz_y / 2.0);
        yj[i] = pfl_round(s->isz_x / 2.0);
    }
    for (int32_t k = 1; k < s->nfr; k++) {
        for (int32_t i = 0; i < n; i++) { /* move, weigh */
            st->x[i] = xj[i] + 1.0 + 5.0 * pfl_randn(seed, i);
            st->y[i] = yj[i] - 2.0 + 2.0 * pfl_randn(seed, i);
            st->w[i] = 1 / ((double)n) * exp(pfl_ref_likelihood(I, s, objxy, ones, st->x[i], st->y[i], k));
        }
        double sum = pfl_ref_sum(st->w, n);
        /* the CDF as block 0's thread 0 sees the weights: its block's normalised, the rest not yet */
        for (int32_t i = 0; i < n && i < PFL_THREADS; i++) st->w[i] = st->w[i] / sum;
        cdf[0] = st->w[0];
        for (int32_t i = 1; i < n; i++) cdf[i] = st->w[i] + cdf[i - 1];
        for (int32_t i = PFL_THREADS; i < n; i++) st->w[i] = st->w[i] / sum;
        double u1 = (1 / ((double)n)) * pfl_randu(seed, 0);
        for (int32_t i = 0; i < n; i++) u[i] = u1 + i / ((double)n);
        for (int32_t i = 0; i < n; i++) { /* findIndex */
            int32_t index = n - 1;
            for (int32_t x = 0; x < n; x++)
                if (cdf[x] >= u[i]) {
                    index = x;
                    break;
                }
            xj[i] = st->x[index];
            yj[i] = st->y[index];
        }
    }
    free(xj);
    free(yj);
    free(cdf);
    free(u);
}

/* ---- the host program (particleFilter) ----------------------------------------------------- */

typedef struct {
    simt_addr arrayX, arrayY, xj, yj, CDF, u, likelihood, weights, I, objxy, ind, seed, partial_sums;
} pfl_device;

static pfl_device pfl_device_alloc(simt_dev *d, const pfl_size *s, int32_t ones) {
    size_t nd = (size_t)s->n * sizeof(double), frames = (size_t)s->isz_x * (size_t)s->isz_y * (size_t)s->nfr;
    pfl_device g;
    g.arrayX = simt_malloc(d, nd, SIMT_FLOAT64, "arrayX_GPU");
    g.arrayY = simt_malloc(d, nd, SIMT_FLOAT64, "arrayY_GPU");
    g.xj = simt_malloc(d, nd, SIMT_FLOAT64, "xj_GPU");
    g.yj = simt_malloc(d, nd, SIMT_FLOAT64, "yj_GPU");
    g.CDF = simt_malloc(d, nd, SIMT_FLOAT64, "CDF_GPU");
    g.u = simt_malloc(d, nd, SIMT_FLOAT64, "u_GPU");
    g.likelihood = simt_malloc(d, nd, SIMT_FLOAT64, "likelihood_GPU");
    simt_memset(d, g.likelihood, 0, nd);
    g.weights = simt_malloc(d, nd, SIMT_FLOAT64, "weights_GPU");
    g.I = simt_malloc(d, frames, SIMT_UINT8, "I_GPU");
    g.objxy = simt_malloc(d, 2 * (size_t)ones * 4, SIMT_INT32, "objxy_GPU");
    g.ind = simt_malloc(d, (size_t)ones * (size_t)s->n * 4, SIMT_INT32, "ind_GPU");
    g.seed = simt_malloc(d, (size_t)s->n * 4, SIMT_INT32, "seed_GPU");
    g.partial_sums = simt_malloc(d, nd, SIMT_FLOAT64, "partial_sums");
    return g;
}

static void pfl_run_device(simt_dev *d, const pfl_device *g, const pfl_size *s, int32_t ones) {
    uint32_t nb = (uint32_t)pfl_num_blocks(s->n);
    simt_dim3 grid = simt_dim(nb, 1, 1), block = simt_dim(PFL_THREADS, 1, 1);
    int32_t max_size = s->isz_x * s->isz_y * s->nfr;
    for (int32_t k = 1; k < s->nfr; k++) {
        pfl_likelihood_args la = {g->arrayX, g->arrayY, g->xj, g->yj,      g->CDF,  g->ind,     g->objxy,
                                  g->likelihood, g->I, g->u, g->weights, s->n,   ones,       max_size,
                                  k,         s->isz_y, s->nfr, g->seed, g->partial_sums};
        simt_launch(d, "likelihood_kernel", pfl_likelihood_kernel, grid, block, 8u * PFL_THREADS, &la);
        pfl_sum_args sa = {g->partial_sums, s->n};
        simt_launch(d, "sum_kernel", pfl_sum_kernel, grid, block, 0, &sa);
        pfl_normalize_args na = {g->weights, s->n, g->partial_sums, g->CDF, g->u, g->seed};
        simt_launch(d, "normalize_weights_kernel", pfl_normalize_weights_kernel, grid, block, 16, &na);
        pfl_find_index_args fa = {g->arrayX, g->arrayY, g->CDF, g->u, g->xj, g->yj, g->weights, s->n};
        simt_launch(d, "find_index_kernel", pfl_find_index_kernel, grid, block, 0, &fa);
    }
}

static int pfl_check(const pfl_state *got, const pfl_state *want, int32_t n) {
    return kin_check_f64("pfilter", got->x, want->x, (size_t)n, 0, 0) ||
           kin_check_f64("pfilter", got->y, want->y, (size_t)n, 0, 0) ||
           kin_check_f64("pfilter", got->w, want->w, (size_t)n, 0, 0);
}

static pfl_state pfl_state_alloc(int32_t n) {
    pfl_state st = {kin_alloc((size_t)n, sizeof(double)), kin_alloc((size_t)n, sizeof(double)),
                    kin_alloc((size_t)n, sizeof(double))};
    return st;
}

static void pfl_state_free(pfl_state *st) {
    free(st->x);
    free(st->y);
    free(st->w);
}

int app_pfilter(simt_dev *d, const simt_app_opts *o) {
    pfl_size s = {128, 128, 10, (int32_t)kin_scaled(o, 1000, 32)};
    size_t frames = (size_t)s.isz_x * (size_t)s.isz_y * (size_t)s.nfr, nd = (size_t)s.n * sizeof(double);
    int32_t *seed = kin_alloc((size_t)s.n, sizeof(int32_t)), *ref_seed = kin_alloc((size_t)s.n, sizeof(int32_t));
    for (int32_t i = 0; i < s.n; i++) seed[i] = (int32_t)(uint32_t)(o->seed * (uint64_t)i); /* time(0) * i */
    uint8_t *I = kin_alloc(frames, 1);
    pfl_video(I, &s, seed);
    memcpy(ref_seed, seed, (size_t)s.n * sizeof(int32_t));
    int32_t objxy[2 * PFL_DIAMETER * PFL_DIAMETER];
    int32_t ones = pfl_disk_offsets(objxy);
    double *w0 = kin_alloc((size_t)s.n, sizeof(double)), *xy0 = kin_alloc((size_t)s.n, sizeof(double));

    pfl_device g = pfl_device_alloc(d, &s, ones);
    for (int32_t i = 0; i < s.n; i++) w0[i] = 1 / ((double)s.n);
    simt_memcpy_htod(d, g.I, I, frames);
    simt_memcpy_htod(d, g.objxy, objxy, 2 * (size_t)ones * 4);
    simt_memcpy_htod(d, g.weights, w0, nd);
    for (int32_t i = 0; i < s.n; i++) xy0[i] = pfl_round(s.isz_y / 2.0);
    simt_memcpy_htod(d, g.xj, xy0, nd);
    for (int32_t i = 0; i < s.n; i++) xy0[i] = pfl_round(s.isz_x / 2.0);
    simt_memcpy_htod(d, g.yj, xy0, nd);
    simt_memcpy_htod(d, g.seed, seed, (size_t)s.n * 4);
    pfl_run_device(d, &g, &s, ones);
    pfl_state got = pfl_state_alloc(s.n), want = pfl_state_alloc(s.n);
    simt_memcpy_dtoh(d, got.x, g.arrayX, nd);
    simt_memcpy_dtoh(d, got.y, g.arrayY, nd);
    simt_memcpy_dtoh(d, got.w, g.weights, nd);

    pfl_reference(I, &s, ref_seed, objxy, ones, &want);
    double xe = 0, ye = 0; /* the original's estimate: the weighted mean position */
    for (int32_t i = 0; i < s.n; i++) {
        xe += got.x[i] * got.w[i];
        ye += got.y[i] * got.w[i];
    }
    if (o->verbose) printf("pfilter: %d particles, %d frames, XE %.6f YE %.6f\n", (int)s.n, (int)s.nfr, xe, ye);
    int rc = pfl_check(&got, &want, s.n);
    pfl_state_free(&got);
    pfl_state_free(&want);
    free(seed);
    free(ref_seed);
    free(I);
    free(w0);
    free(xy0);
    return rc;
}
