/* Reference FP kernels (docs/approx.md sec. 1): the CPU reference algorithms of the Rodinia and
 * CUDA SDK benchmarks seed 001 Table 6.3 measures, in float as the GPU kernels compute. Each
 * approximable buffer lives in a region of the unit's map and is read through it
 * (apx_buf_read) where the GPU kernel reads it from memory: inputs once (the unit's truncation
 * is idempotent, so once is every read), state that a kernel rewrites between launches
 * (k-means centres, the hotspot and SRAD grids) at every launch. */
#include "apps.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool km_run(const float *pts, size_t n, size_t d, unsigned k, unsigned max_iter, apx_unit *u,
            int *member) {
    if (k == 0 || n < k) {
        return false;
    }
    apx_buf p, c;
    if (!apx_buf_new(&p, u, pts, n * d)) {
        return false;
    }
    if (!apx_buf_new(&c, u, NULL, (size_t)k * d)) {
        apx_buf_free(&p);
        return false;
    }
    double *sum = calloc((size_t)k * d, sizeof *sum);
    size_t *cnt = calloc(k, sizeof *cnt);
    if (sum == NULL || cnt == NULL) {
        free(sum);
        free(cnt);
        apx_buf_free(&p);
        apx_buf_free(&c);
        return false;
    }
    apx_buf_read(u, &p);
    for (unsigned j = 0; j < k; j++) { /* Deterministic start: evenly spaced points. */
        memcpy(c.v + (size_t)j * d, p.v + (size_t)j * (n / k) * d, d * sizeof(float));
    }
    for (size_t i = 0; i < n; i++) {
        member[i] = -1;
    }
    for (unsigned it = 0; it < max_iter; it++) {
        apx_buf_read(u, &c); /* the assignment kernel reads the centres from memory */
        size_t changed = 0;
        for (size_t i = 0; i < n; i++) {
            const float *x = p.v + i * d;
            float best = INFINITY;
            int arg = 0;
            for (unsigned j = 0; j < k; j++) {
                const float *y = c.v + (size_t)j * d;
                float dist = 0.0f;
                for (size_t f = 0; f < d; f++) {
                    float t = x[f] - y[f];
                    dist += t * t;
                }
                if (dist < best) {
                    best = dist;
                    arg = (int)j;
                }
            }
            changed += member[i] != arg;
            member[i] = arg;
        }
        if (changed == 0) {
            break;
        }
        memset(sum, 0, (size_t)k * d * sizeof *sum);
        memset(cnt, 0, k * sizeof *cnt);
        for (size_t i = 0; i < n; i++) {
            cnt[member[i]]++;
            for (size_t f = 0; f < d; f++) {
                sum[(size_t)member[i] * d + f] += p.v[i * d + f];
            }
        }
        for (unsigned j = 0; j < k; j++) {
            if (cnt[j] == 0) {
                continue; /* an empty cluster keeps its centre, as Rodinia's does */
            }
            for (size_t f = 0; f < d; f++) {
                c.v[(size_t)j * d + f] = (float)(sum[(size_t)j * d + f] / (double)cnt[j]);
            }
        }
    }
    free(sum);
    free(cnt);
    apx_buf_free(&p);
    apx_buf_free(&c);
    return true;
}

bool lud_run(float *a, size_t n, apx_unit *u) {
    apx_buf m;
    if (!apx_buf_new(&m, u, a, n * n)) {
        return false;
    }
    apx_buf_read(u, &m);
    float *v = m.v;
    for (size_t k = 0; k < n; k++) {
        for (size_t i = k + 1; i < n; i++) {
            v[i * n + k] /= v[k * n + k];
        }
        for (size_t i = k + 1; i < n; i++) {
            float l = v[i * n + k];
            for (size_t j = k + 1; j < n; j++) {
                v[i * n + j] -= l * v[k * n + j];
            }
        }
    }
    memcpy(a, v, n * n * sizeof(float));
    apx_buf_free(&m);
    return true;
}

bool ge_run(const float *a, const float *b, size_t n, float *x, apx_unit *u) {
    apx_buf ma, mb;
    if (!apx_buf_new(&ma, u, a, n * n)) {
        return false;
    }
    if (!apx_buf_new(&mb, u, b, n)) {
        apx_buf_free(&ma);
        return false;
    }
    apx_buf_read(u, &ma);
    apx_buf_read(u, &mb);
    float *A = ma.v, *B = mb.v;
    for (size_t t = 0; t + 1 < n; t++) { /* Fan1 then Fan2 of Rodinia gaussian */
        for (size_t i = t + 1; i < n; i++) {
            float m = A[i * n + t] / A[t * n + t];
            for (size_t j = t; j < n; j++) {
                A[i * n + j] -= m * A[t * n + j];
            }
            B[i] -= m * B[t];
        }
    }
    for (size_t r = n; r-- > 0;) { /* BackSub */
        float s = B[r];
        for (size_t j = r + 1; j < n; j++) {
            s -= A[r * n + j] * x[j];
        }
        x[r] = s / A[r * n + r];
    }
    apx_buf_free(&ma);
    apx_buf_free(&mb);
    return true;
}

/* Rodinia hotspot's chip constants (hotspot_openmp.cpp). */
#define HS_MAX_PD 3.0e6
#define HS_PRECISION 0.001
#define HS_SPEC_HEAT_SI 1.75e6
#define HS_K_SI 100.0
#define HS_FACTOR_CHIP 0.5
#define HS_T_CHIP 0.0005
#define HS_CHIP_HEIGHT 0.016
#define HS_CHIP_WIDTH 0.016
#define HS_AMB_TEMP 80.0

static size_t clampz(long v, size_t hi) {
    return v < 0 ? 0 : (size_t)v > hi ? hi : (size_t)v;
}

bool hotspot_run(const float *temp, const float *power, size_t rows, size_t cols,
                 unsigned iters, float *out, apx_unit *u) {
    apx_buf t, p, r;
    if (!apx_buf_new(&t, u, temp, rows * cols)) {
        return false;
    }
    if (!apx_buf_new(&p, u, power, rows * cols)) {
        apx_buf_free(&t);
        return false;
    }
    if (!apx_buf_new(&r, u, NULL, rows * cols)) {
        apx_buf_free(&t);
        apx_buf_free(&p);
        return false;
    }
    double gh = HS_CHIP_HEIGHT / (double)rows, gw = HS_CHIP_WIDTH / (double)cols;
    float cap = (float)(HS_FACTOR_CHIP * HS_SPEC_HEAT_SI * HS_T_CHIP * gw * gh);
    float rx = (float)(gw / (2.0 * HS_K_SI * HS_T_CHIP * gh));
    float ry = (float)(gh / (2.0 * HS_K_SI * HS_T_CHIP * gw));
    float rz = (float)(HS_T_CHIP / (HS_K_SI * gh * gw));
    float step = (float)(HS_PRECISION / (HS_MAX_PD / (HS_FACTOR_CHIP * HS_T_CHIP * HS_SPEC_HEAT_SI)));
    float sdc = step / cap;
    apx_buf_read(u, &p);
    apx_buf *src = &t, *dst = &r;
    for (unsigned it = 0; it < iters; it++) {
        apx_buf_read(u, src); /* each step's kernel reads the grid the last one wrote */
        const float *T = src->v;
        for (size_t i = 0; i < rows; i++) {
            size_t in = clampz((long)i - 1, rows - 1), is = clampz((long)i + 1, rows - 1);
            for (size_t j = 0; j < cols; j++) {
                size_t jw = clampz((long)j - 1, cols - 1), je = clampz((long)j + 1, cols - 1);
                float c = T[i * cols + j];
                float delta = sdc * (p.v[i * cols + j] +
                                     (T[is * cols + j] + T[in * cols + j] - 2.0f * c) / ry +
                                     (T[i * cols + je] + T[i * cols + jw] - 2.0f * c) / rx +
                                     ((float)HS_AMB_TEMP - c) / rz);
                dst->v[i * cols + j] = c + delta;
            }
        }
        apx_buf *sw = src;
        src = dst;
        dst = sw;
    }
    memcpy(out, src->v, rows * cols * sizeof(float));
    apx_buf_free(&t);
    apx_buf_free(&p);
    apx_buf_free(&r);
    return true;
}

bool srad_run(const float *img, size_t rows, size_t cols, unsigned iters, float lambda,
              float *out, apx_unit *u) {
    size_t n = rows * cols;
    apx_buf J;
    if (!apx_buf_new(&J, u, img, n)) {
        return false;
    }
    float *c = malloc(n * sizeof *c), *dN = malloc(n * sizeof *dN), *dS = malloc(n * sizeof *dS);
    float *dW = malloc(n * sizeof *dW), *dE = malloc(n * sizeof *dE);
    bool ok = c && dN && dS && dW && dE;
    for (unsigned it = 0; ok && it < iters; it++) {
        apx_buf_read(u, &J); /* both SRAD kernels read J from memory every iteration */
        double sum = 0.0, sum2 = 0.0;
        for (size_t k = 0; k < n; k++) {
            sum += J.v[k];
            sum2 += (double)J.v[k] * J.v[k];
        }
        double mean = sum / (double)n, var = sum2 / (double)n - mean * mean;
        float q0sqr = (float)(var / (mean * mean));
        for (size_t i = 0; i < rows; i++) {
            size_t iN = clampz((long)i - 1, rows - 1), iS = clampz((long)i + 1, rows - 1);
            for (size_t j = 0; j < cols; j++) {
                size_t jW = clampz((long)j - 1, cols - 1), jE = clampz((long)j + 1, cols - 1);
                size_t k = i * cols + j;
                float Jc = J.v[k];
                dN[k] = J.v[iN * cols + j] - Jc;
                dS[k] = J.v[iS * cols + j] - Jc;
                dW[k] = J.v[i * cols + jW] - Jc;
                dE[k] = J.v[i * cols + jE] - Jc;
                float G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] + dE[k] * dE[k]) / (Jc * Jc);
                float L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
                float num = 0.5f * G2 - (1.0f / 16.0f) * (L * L);
                float den = 1.0f + 0.25f * L;
                float qsqr = num / (den * den);
                den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
                float cc = 1.0f / (1.0f + den);
                c[k] = cc < 0.0f ? 0.0f : cc > 1.0f ? 1.0f : cc;
            }
        }
        for (size_t i = 0; i < rows; i++) {
            size_t iS = clampz((long)i + 1, rows - 1);
            for (size_t j = 0; j < cols; j++) {
                size_t jE = clampz((long)j + 1, cols - 1);
                size_t k = i * cols + j;
                float D = c[k] * dN[k] + c[iS * cols + j] * dS[k] + c[k] * dW[k] + c[i * cols + jE] * dE[k];
                J.v[k] += 0.25f * lambda * D;
            }
        }
    }
    if (ok) {
        memcpy(out, J.v, n * sizeof(float));
    }
    free(c);
    free(dN);
    free(dS);
    free(dW);
    free(dE);
    apx_buf_free(&J);
    return ok;
}

bool sp_run(const float *a, const float *b, size_t nvec, size_t len, float *out, apx_unit *u) {
    apx_buf A, B;
    if (!apx_buf_new(&A, u, a, nvec * len)) {
        return false;
    }
    if (!apx_buf_new(&B, u, b, nvec * len)) {
        apx_buf_free(&A);
        return false;
    }
    apx_buf_read(u, &A);
    apx_buf_read(u, &B);
    for (size_t v = 0; v < nvec; v++) {
        double s = 0.0;
        for (size_t i = 0; i < len; i++) {
            s += (double)A.v[v * len + i] * (double)B.v[v * len + i];
        }
        out[v] = (float)s;
    }
    apx_buf_free(&A);
    apx_buf_free(&B);
    return true;
}
