/* The measurement suite (docs/approx.md sec. 3): every kernel's datasets, real Rodinia inputs
 * from the data directory where the kernel has them and seeded generated inputs for the
 * sweeps, run exactly and at each approximation number. */
#include "apps.h"
#include "np_fileio.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const unsigned app_bits[APP_NBITS] = {4, 8, 12, 16, 20};

static const char *const kernel_names[APP_COUNT] = {"kmeans", "ge", "lud", "hotspot", "srad", "sp"};
static const char *const kernel_metrics[APP_COUNT] = {
    "1 - HM(precision, recall)", "L-inf (relative)", "MRE", "NRMSE", "NRMSE", "NRMSE"};

const char *app_kernel_name(app_kernel k) {
    return k < APP_COUNT ? kernel_names[k] : "?";
}

const char *app_kernel_metric(app_kernel k) {
    return k < APP_COUNT ? kernel_metrics[k] : "?";
}

bool app_kernel_from_name(const char *name, app_kernel *k) {
    for (int i = 0; i < APP_COUNT; i++) {
        if (strcmp(name, kernel_names[i]) == 0) {
            *k = (app_kernel)i;
            return true;
        }
    }
    return false;
}

/* ---- seeded generators ------------------------------------------------------------------- */

void app_rng_seed(app_rng *r, uint64_t seed) {
    r->s = seed;
}

static uint64_t rng_next(app_rng *r) { /* splitmix64, as cmodel/tool/prng.h */
    uint64_t z = (r->s += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

double app_rng_uniform(app_rng *r) {
    return (double)(rng_next(r) >> 11) * 0x1.0p-53;
}

double app_rng_normal(app_rng *r) { /* Box-Muller; u1 kept away from 0 */
    double u1 = (app_rng_uniform(r) + 0x1.0p-54), u2 = app_rng_uniform(r);
    return sqrt(-2.0 * log(u1)) * cos(6.283185307179586 * u2);
}

bool app_gen_spd(float *a, size_t n, double log_cond, uint64_t seed) {
    double *q = malloc(n * n * sizeof *q), *lam = malloc(n * sizeof *lam);
    if (q == NULL || lam == NULL) {
        free(q);
        free(lam);
        return false;
    }
    app_rng r;
    app_rng_seed(&r, seed);
    for (size_t i = 0; i < n * n; i++) {
        q[i] = app_rng_normal(&r);
    }
    /* Modified Gram-Schmidt on the columns of q: a Gaussian matrix's Q factor is a random
     * orthonormal basis. */
    for (size_t j = 0; j < n; j++) {
        for (size_t p = 0; p < j; p++) {
            double dot = 0.0;
            for (size_t i = 0; i < n; i++) {
                dot += q[i * n + p] * q[i * n + j];
            }
            for (size_t i = 0; i < n; i++) {
                q[i * n + j] -= dot * q[i * n + p];
            }
        }
        double norm = 0.0;
        for (size_t i = 0; i < n; i++) {
            norm += q[i * n + j] * q[i * n + j];
        }
        norm = sqrt(norm);
        for (size_t i = 0; i < n; i++) {
            q[i * n + j] /= norm;
        }
    }
    for (size_t i = 0; i < n; i++) {
        lam[i] = pow(10.0, -log_cond * (n > 1 ? (double)i / (double)(n - 1) : 0.0));
    }
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < n; j++) {
            double s = 0.0;
            for (size_t p = 0; p < n; p++) {
                s += q[i * n + p] * lam[p] * q[j * n + p];
            }
            a[i * n + j] = (float)s;
        }
    }
    free(q);
    free(lam);
    return true;
}

double app_log10_cond1(const float *a, size_t n) {
    /* Gauss-Jordan on [A | I] with partial pivoting in double gives A^-1. */
    double *m = malloc(n * 2 * n * sizeof *m);
    if (m == NULL) {
        return NAN;
    }
    size_t w = 2 * n;
    double norm_a = 0.0;
    for (size_t j = 0; j < n; j++) {
        double col = 0.0;
        for (size_t i = 0; i < n; i++) {
            col += fabs((double)a[i * n + j]);
        }
        norm_a = fmax(norm_a, col);
    }
    for (size_t i = 0; i < n; i++) {
        for (size_t j = 0; j < n; j++) {
            m[i * w + j] = a[i * n + j];
            m[i * w + n + j] = i == j;
        }
    }
    double result = INFINITY;
    for (size_t c = 0; c < n; c++) {
        size_t piv = c;
        for (size_t i = c + 1; i < n; i++) {
            if (fabs(m[i * w + c]) > fabs(m[piv * w + c])) {
                piv = i;
            }
        }
        if (m[piv * w + c] == 0.0) {
            goto out;
        }
        if (piv != c) {
            for (size_t j = 0; j < w; j++) {
                double t = m[c * w + j];
                m[c * w + j] = m[piv * w + j];
                m[piv * w + j] = t;
            }
        }
        double d = m[c * w + c];
        for (size_t j = 0; j < w; j++) {
            m[c * w + j] /= d;
        }
        for (size_t i = 0; i < n; i++) {
            if (i != c && m[i * w + c] != 0.0) {
                double f = m[i * w + c];
                for (size_t j = 0; j < w; j++) {
                    m[i * w + j] -= f * m[c * w + j];
                }
            }
        }
    }
    double norm_inv = 0.0;
    for (size_t j = 0; j < n; j++) {
        double col = 0.0;
        for (size_t i = 0; i < n; i++) {
            col += fabs(m[i * w + n + j]);
        }
        norm_inv = fmax(norm_inv, col);
    }
    result = log10(norm_a * norm_inv);
out:
    free(m);
    return result;
}

/* ---- the suite ------------------------------------------------------------------------------ */

#define F_KMEANS "rodinia_kmeans_204800_head4M.float32.bin"
#define F_LUD "rodinia_lud_512.float32.bin"
#define F_HS_TEMP "rodinia_hotspot_temp_512.float32.bin"
#define F_HS_POWER "rodinia_hotspot_power_512.float32.bin"
#define F_SRAD "rodinia_srad_image_f32.float32.bin"

#define HS_ITERS 20u
#define SRAD_ITERS 10u
#define SRAD_LAMBDA 0.5f
#define KM_MAX_ITER 30u
#define KM_FEATURES 34u /* Rodinia kmeans 204800: 34 attributes per instance */

static app_dataset *add(app_dataset *out, size_t max, size_t *n, app_kernel k) {
    if (*n >= max) {
        return NULL;
    }
    app_dataset *d = &out[(*n)++];
    memset(d, 0, sizeof *d);
    d->kernel = k;
    return d;
}

size_t app_suite(app_dataset *out, size_t max) {
    size_t n = 0;
    app_dataset *d;
    /* k-means: the real Rodinia instances at the seed's sizes and cluster counts (Figs 6.6,
     * 6.7), and generated Gaussian blobs at the same counts. */
    static const size_t km_n[] = {2500, 5000, 10000, 20000};
    static const unsigned km_k[] = {2, 5, 10, 20};
    for (size_t i = 0; i < 4; i++) {
        for (size_t j = 0; j < 4; j++) {
            if ((d = add(out, max, &n, APP_KMEANS)) != NULL) {
                snprintf(d->name, sizeof d->name, "rodinia n=%zu k=%u", km_n[i], km_k[j]);
                snprintf(d->file[0], sizeof d->file[0], "%s", F_KMEANS);
                d->rows = km_n[i];
                d->cols = KM_FEATURES;
                d->k = km_k[j];
            }
        }
    }
    for (size_t i = 0; i < 3; i++) {
        for (size_t j = 0; j < 4; j++) {
            if ((d = add(out, max, &n, APP_KMEANS)) != NULL) {
                snprintf(d->name, sizeof d->name, "blobs n=%zu k=%u", km_n[i], km_k[j]);
                d->rows = km_n[i];
                d->cols = KM_FEATURES;
                d->k = km_k[j];
                d->seed = 1000 + 10 * i + j;
            }
        }
    }
    /* Gaussian elimination: SPD matrices of log10 condition number 1..6 (Fig. 6.5) at three
     * sizes (208 is the seed's), and leading blocks of the real Rodinia lud matrix. */
    static const size_t ge_n[] = {64, 128, 208};
    for (size_t i = 0; i < 3; i++) {
        for (int c = 1; c <= 6; c++) {
            if ((d = add(out, max, &n, APP_GE)) != NULL) {
                snprintf(d->name, sizeof d->name, "spd n=%zu log10cond=%d", ge_n[i], c);
                d->rows = d->cols = ge_n[i];
                d->log_cond = c;
                d->seed = 2000 + 10 * i + (uint64_t)c;
            }
        }
    }
    static const size_t real_n[] = {128, 256, 512};
    for (size_t i = 0; i < 3; i++) {
        if ((d = add(out, max, &n, APP_GE)) != NULL) {
            snprintf(d->name, sizeof d->name, "rodinia lud %zux%zu", real_n[i], real_n[i]);
            snprintf(d->file[0], sizeof d->file[0], "%s", F_LUD);
            d->rows = d->cols = real_n[i];
            d->fcols = 512;
        }
    }
    /* LUD: leading blocks of the real 512x512 matrix, and generated diagonally dominant
     * matrices (no pivoting, as Rodinia lud) at six sizes, two seeds each. */
    static const size_t lud_real[] = {64, 128, 256, 512};
    for (size_t i = 0; i < 4; i++) {
        if ((d = add(out, max, &n, APP_LUD)) != NULL) {
            snprintf(d->name, sizeof d->name, "rodinia %zux%zu", lud_real[i], lud_real[i]);
            snprintf(d->file[0], sizeof d->file[0], "%s", F_LUD);
            d->rows = d->cols = lud_real[i];
            d->fcols = 512;
        }
    }
    static const size_t lud_n[] = {48, 64, 96, 128, 192, 256};
    for (size_t i = 0; i < 6; i++) {
        for (uint64_t s = 1; s <= 2; s++) {
            if ((d = add(out, max, &n, APP_LUD)) != NULL) {
                snprintf(d->name, sizeof d->name, "diagdom n=%zu seed=%u", lud_n[i], (unsigned)s);
                d->rows = d->cols = lud_n[i];
                d->seed = 3000 + 10 * i + s;
            }
        }
    }
    /* hotspot: the real 512x512 chip and its leading blocks, generated chips. */
    static const size_t hs_real[] = {64, 128, 256, 512};
    for (size_t i = 0; i < 4; i++) {
        if ((d = add(out, max, &n, APP_HOTSPOT)) != NULL) {
            snprintf(d->name, sizeof d->name, "rodinia %zux%zu", hs_real[i], hs_real[i]);
            snprintf(d->file[0], sizeof d->file[0], "%s", F_HS_TEMP);
            snprintf(d->file[1], sizeof d->file[1], "%s", F_HS_POWER);
            d->rows = d->cols = hs_real[i];
            d->fcols = 512;
            d->k = HS_ITERS;
        }
    }
    static const size_t hs_n[] = {64, 128, 256};
    for (size_t i = 0; i < 3; i++) {
        for (uint64_t s = 1; s <= 2; s++) {
            if ((d = add(out, max, &n, APP_HOTSPOT)) != NULL) {
                snprintf(d->name, sizeof d->name, "generated %zux%zu seed=%u", hs_n[i], hs_n[i], (unsigned)s);
                d->rows = d->cols = hs_n[i];
                d->k = HS_ITERS;
                d->seed = 4000 + 10 * i + s;
            }
        }
    }
    /* SRAD: leading blocks of the real ultrasound image (502 x 458; srad_v2 takes multiples of 16,
     * so the largest is 496 x 448), generated speckle. */
    static const size_t sr_rows[] = {128, 256, 496}, sr_cols[] = {128, 256, 448};
    for (size_t i = 0; i < 3; i++) {
        if ((d = add(out, max, &n, APP_SRAD)) != NULL) {
            snprintf(d->name, sizeof d->name, "rodinia %zux%zu", sr_rows[i], sr_cols[i]);
            snprintf(d->file[0], sizeof d->file[0], "%s", F_SRAD);
            d->rows = sr_rows[i];
            d->cols = sr_cols[i];
            d->fcols = 458;
            d->k = SRAD_ITERS;
        }
    }
    static const size_t sr_n[] = {64, 128, 256};
    for (size_t i = 0; i < 3; i++) {
        for (uint64_t s = 1; s <= 2; s++) {
            if ((d = add(out, max, &n, APP_SRAD)) != NULL) {
                snprintf(d->name, sizeof d->name, "speckle %zux%zu seed=%u", sr_n[i], sr_n[i], (unsigned)s);
                d->rows = d->cols = sr_n[i];
                d->k = SRAD_ITERS;
                d->seed = 5000 + 10 * i + s;
            }
        }
    }
    /* Scalar product: the SDK's uniform [0,1) vectors and zero-mean Gaussian ones (whose sums
     * cancel, so relative errors grow), at the SDK's 256 x 4096 and smaller. */
    static const size_t sp_v[] = {32, 64, 128, 256}, sp_len[] = {1024, 4096};
    for (int kind = 0; kind < 2; kind++) {
        for (size_t i = 0; i < 4; i++) {
            for (size_t j = 0; j < 2; j++) {
                if ((d = add(out, max, &n, APP_SP)) != NULL) {
                    snprintf(d->name, sizeof d->name, "%s %zux%zu", kind ? "normal" : "uniform",
                             sp_v[i], sp_len[j]);
                    d->rows = sp_v[i];
                    d->cols = sp_len[j];
                    d->k = (unsigned)kind;
                    d->seed = 6000 + 100 * (uint64_t)kind + 10 * i + j;
                }
            }
        }
    }
    /* Held out from training: every third dataset of each kernel, so both sets span the
     * sweep and no dataset has samples on both sides. */
    unsigned seen[APP_COUNT] = {0};
    for (size_t i = 0; i < n; i++) {
        out[i].heldout = seen[out[i].kernel]++ % 3 == 2;
    }
    return n;
}

/* ---- inputs ----------------------------------------------------------------------------- */

/* rows x cols floats of a real file: its first rows*cols elements, or the leading block when
 * fcols (the file's row length) is set. */
static float *load_real(const char *path, size_t rows, size_t cols, size_t fcols) {
    char err[1200];
    long long size;
    FILE *f = np_open_regular(path, &size, err, sizeof err); /* a device or fifo: refused with its kind */
    if (f == NULL) {
        fprintf(stderr, "approx: %s\n", err);
        return NULL;
    }
    size_t stride = fcols ? fcols : cols;
    size_t need = (rows - 1) * stride + cols;
    float *all = malloc(need * sizeof *all), *out = malloc(rows * cols * sizeof *out);
    bool ok = all && out && fread(all, sizeof(float), need, f) == need;
    fclose(f);
    if (!ok) {
        fprintf(stderr, "approx: %s holds fewer than the %zu float32 elements a %zux%zu input needs\n",
                path, need, rows, cols);
        free(all);
        free(out);
        return NULL;
    }
    for (size_t i = 0; i < rows; i++) {
        memcpy(out + i * cols, all + i * stride, cols * sizeof(float));
    }
    free(all);
    return out;
}

static float *input_file(const app_dataset *ds, int which, const char *data_dir) {
    char path[1024];
    if (ds->path[which][0]) {
        snprintf(path, sizeof path, "%s", ds->path[which]);
    } else {
        snprintf(path, sizeof path, "%s/%s", data_dir, ds->file[which]);
    }
    return load_real(path, ds->rows, ds->cols, ds->fcols);
}

static bool has_file(const app_dataset *ds, int which) {
    return ds->path[which][0] || ds->file[which][0];
}

/* The dataset's inputs in[0], in[1] (NULL when the kernel has one). */
static bool load_inputs(const app_dataset *ds, const char *data_dir, float *in[2]) {
    size_t n = ds->rows * ds->cols;
    app_rng r;
    app_rng_seed(&r, ds->seed);
    in[0] = in[1] = NULL;
    switch (ds->kernel) {
    case APP_KMEANS:
        if (has_file(ds, 0)) {
            return (in[0] = input_file(ds, 0, data_dir)) != NULL;
        }
        if ((in[0] = malloc(n * sizeof(float))) == NULL) {
            return false;
        }
        {
            /* k blobs: centres uniform in [0,100)^d, spread 10 per feature, so neighbouring
             * blobs overlap and the boundary points are the ones approximation can move. */
            double *ctr = malloc((size_t)ds->k * ds->cols * sizeof *ctr);
            if (ctr == NULL) {
                return false;
            }
            for (size_t i = 0; i < (size_t)ds->k * ds->cols; i++) {
                ctr[i] = 100.0 * app_rng_uniform(&r);
            }
            for (size_t i = 0; i < ds->rows; i++) {
                size_t c = (size_t)(app_rng_uniform(&r) * ds->k);
                for (size_t f = 0; f < ds->cols; f++) {
                    in[0][i * ds->cols + f] = (float)(ctr[c * ds->cols + f] + 10.0 * app_rng_normal(&r));
                }
            }
            free(ctr);
        }
        return true;
    case APP_GE:
    case APP_LUD:
        if (has_file(ds, 0)) {
            in[0] = input_file(ds, 0, data_dir);
        } else if ((in[0] = malloc(n * sizeof(float))) != NULL) {
            if (ds->kernel == APP_GE) {
                if (!app_gen_spd(in[0], ds->rows, ds->log_cond, ds->seed)) {
                    return false;
                }
            } else {
                /* Diagonally dominant: LU without pivoting is stable on it. */
                for (size_t i = 0; i < ds->rows; i++) {
                    for (size_t j = 0; j < ds->cols; j++) {
                        in[0][i * ds->cols + j] = (float)(app_rng_uniform(&r) + (i == j ? (double)ds->rows : 0.0));
                    }
                }
            }
        }
        if (in[0] == NULL) {
            return false;
        }
        if (ds->kernel == APP_GE) { /* b = A * ones, so the exact solution is all ones */
            if ((in[1] = malloc(ds->rows * sizeof(float))) == NULL) {
                return false;
            }
            for (size_t i = 0; i < ds->rows; i++) {
                double s = 0.0;
                for (size_t j = 0; j < ds->cols; j++) {
                    s += in[0][i * ds->cols + j];
                }
                in[1][i] = (float)s;
            }
        }
        return true;
    case APP_HOTSPOT:
        if (has_file(ds, 0)) {
            in[0] = input_file(ds, 0, data_dir);
            in[1] = in[0] && has_file(ds, 1) ? input_file(ds, 1, data_dir) : NULL;
            return in[0] != NULL && in[1] != NULL;
        }
        in[0] = malloc(n * sizeof(float));
        in[1] = malloc(n * sizeof(float));
        if (in[0] == NULL || in[1] == NULL) {
            return false;
        }
        /* Temperatures around Rodinia's (320-345 K) with a smooth gradient; power mostly the
         * real map's 3.2e-5 with hot blocks, as a chip floorplan. */
        for (size_t i = 0; i < ds->rows; i++) {
            for (size_t j = 0; j < ds->cols; j++) {
                in[0][i * ds->cols + j] = (float)(323.0 + 20.0 * (double)(i + j) / (double)(ds->rows + ds->cols) + app_rng_normal(&r));
                in[1][i * ds->cols + j] = (float)(((i / 16 + j / 16) % 3 == 0 ? 1e-3 : 3.2e-5) * (0.5 + app_rng_uniform(&r)));
            }
        }
        return true;
    case APP_SRAD:
        if (has_file(ds, 0)) {
            in[0] = input_file(ds, 0, data_dir);
        } else if ((in[0] = malloc(n * sizeof(float))) != NULL) {
            /* Speckled pixel values 0..255: a smooth scene times Rayleigh-like noise. */
            for (size_t i = 0; i < ds->rows; i++) {
                for (size_t j = 0; j < ds->cols; j++) {
                    double scene = 100.0 + 60.0 * sin((double)i / 9.0) * cos((double)j / 13.0);
                    double v = scene * sqrt(-log(app_rng_uniform(&r) + 1e-12)) * 0.9;
                    in[0][i * ds->cols + j] = (float)floor(fmin(v, 255.0));
                }
            }
        }
        if (in[0] == NULL) {
            return false;
        }
        for (size_t i = 0; i < n; i++) { /* Rodinia srad: J = exp(image / 255) on the host */
            in[0][i] = expf(in[0][i] / 255.0f);
        }
        return true;
    case APP_SP:
        in[0] = malloc(n * sizeof(float));
        in[1] = malloc(n * sizeof(float));
        if (in[0] == NULL || in[1] == NULL) {
            return false;
        }
        for (size_t i = 0; i < n; i++) {
            in[0][i] = (float)(ds->k ? app_rng_normal(&r) : app_rng_uniform(&r));
            in[1][i] = (float)(ds->k ? app_rng_normal(&r) : app_rng_uniform(&r));
        }
        return true;
    default:
        return false;
    }
}

/* One run: the kernel's output (and for k-means the membership) with unit u (NULL = exact). */
static bool run_kernel(const app_dataset *ds, float *const in[2], apx_unit *u, float *out, int *member) {
    switch (ds->kernel) {
    case APP_KMEANS:
        return km_run(in[0], ds->rows, ds->cols, ds->k, KM_MAX_ITER, u, member);
    case APP_GE:
        return ge_run(in[0], in[1], ds->rows, out, u);
    case APP_LUD:
        memcpy(out, in[0], ds->rows * ds->cols * sizeof(float));
        return lud_run(out, ds->rows, u);
    case APP_HOTSPOT:
        return hotspot_run(in[0], in[1], ds->rows, ds->cols, ds->k, out, u);
    case APP_SRAD:
        return srad_run(in[0], ds->rows, ds->cols, ds->k, SRAD_LAMBDA, out, u);
    case APP_SP:
        return sp_run(in[0], in[1], ds->rows, ds->cols, out, u);
    default:
        return false;
    }
}

static size_t output_len(const app_dataset *ds) {
    switch (ds->kernel) {
    case APP_GE:
    case APP_SP:
        return ds->rows;
    default:
        return ds->rows * ds->cols;
    }
}

bool app_measure(const app_dataset *ds, const char *data_dir, const unsigned *bits, size_t nbits,
                 double *err, double *err2, app_features *feat) {
    float *in[2] = {NULL, NULL};
    size_t olen = output_len(ds);
    float *ref = malloc(olen * sizeof *ref), *out = malloc(olen * sizeof *out);
    int *mref = NULL, *mout = NULL;
    bool ok = ref != NULL && out != NULL;
    if (ok && ds->kernel == APP_KMEANS) {
        mref = malloc(ds->rows * sizeof *mref);
        mout = malloc(ds->rows * sizeof *mout);
        ok = mref != NULL && mout != NULL;
    }
    ok = ok && load_inputs(ds, data_dir, in);
    if (ok) {
        feat->S = (double)(ds->rows * ds->cols);
        feat->CN = ds->kernel == APP_GE || ds->kernel == APP_LUD ? app_log10_cond1(in[0], ds->rows) : 0.0;
        feat->AC = ds->kernel == APP_KMEANS ? ds->k : 0.0;
        ok = run_kernel(ds, in, NULL, ref, mref);
    }
    for (size_t b = 0; ok && b < nbits; b++) {
        apx_unit u;
        apx_unit_init(&u, bits[b]);
        ok = run_kernel(ds, in, &u, out, mout);
        err2[b] = NAN;
        switch (ds->kernel) {
        case APP_KMEANS:
            err[b] = 1.0 - metric_cluster_f(mref, mout, ds->rows, ds->k);
            break;
        case APP_GE:
            err[b] = metric_linf(ref, out, olen);
            break;
        case APP_LUD:
            err[b] = metric_mre(ref, out, olen);
            err2[b] = metric_nrmse(ref, out, olen);
            break;
        default:
            err[b] = metric_nrmse(ref, out, olen);
            break;
        }
    }
    if (!ok) {
        fprintf(stderr, "approx: %s %s: cannot run (input or memory)\n", app_kernel_name(ds->kernel), ds->name);
    }
    free(in[0]);
    free(in[1]);
    free(ref);
    free(out);
    free(mref);
    free(mout);
    return ok;
}
