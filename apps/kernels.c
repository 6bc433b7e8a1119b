/* The study's kernels (docs/approx.md sec. 1) are the SIMT ports of apps/kernels/ (Rodinia
 * kmeans, gaussian, lud, hotspot, srad_v2; the CUDA SDK's scalarProd): the same device code and
 * host code between launches that `npkernel` runs, traces and checks (kernel_solve.h). Each run
 * gets its own device. With a unit, the port declares its approximable buffers (kin_regions),
 * each becomes an entry of the unit's map at the buffer's device address, and the unit is the
 * device's read filter: every global load reads its 128-byte line through dsm_approx_lookup and
 * dsm_approx_apply, as the unit on the read-reply path would. Stores, the host's copies and the
 * host code between launches see memory as it is. */
#include "apps.h"

#include <stdlib.h>
#include <string.h>

#include "kernel_solve.h"

_Static_assert(SIMT_LINE_BYTES == DSM_LINE_BYTES, "the read filter's line is the unit's line");

/* The unit's side of a run: the regions the port declares, and whether all fitted the map. */
typedef struct {
    apx_unit *u;
    bool ok;
} run_regions;

static void add_region(void *user, simt_addr base, size_t bytes) {
    run_regions *r = user;
    if (!apx_region_map(r->u, base, bytes)) {
        r->ok = false;
    }
}

static void unit_filter(void *user, simt_addr line_addr, uint8_t line[SIMT_LINE_BYTES]) {
    apx_filter_line(user, line_addr, line);
}

/* A device for one run: plain for u NULL, else with u as its read filter and rg (filled here)
 * declaring the port's buffers to it. */
static simt_dev *run_device(apx_unit *u, kin_regions *rg, run_regions *rr) {
    simt_dev_opts o;
    memset(&o, 0, sizeof o);
    rr->u = u;
    rr->ok = true;
    rg->add = add_region;
    rg->user = rr;
    if (u != NULL) {
        o.read_filter = unit_filter;
        o.read_filter_user = u;
    }
    return simt_dev_create(&o);
}

/* The port's regions argument: NULL on the exact path. */
static const kin_regions *regions_of(const apx_unit *u, const kin_regions *rg) {
    return u != NULL ? rg : NULL;
}

bool km_run(const float *pts, size_t n, size_t d, unsigned k, unsigned max_iter, apx_unit *u, int *member) {
    if (k == 0 || n < k || n > INT32_MAX || d > INT32_MAX) {
        return false;
    }
    float *clusters = malloc((size_t)k * d * sizeof *clusters);
    int32_t *m = malloc(n * sizeof *m);
    if (clusters == NULL || m == NULL) {
        free(clusters);
        free(m);
        return false;
    }
    for (unsigned j = 0; j < k; j++) { /* deterministic start: evenly spaced points */
        memcpy(clusters + (size_t)j * d, pts + (size_t)j * (n / k) * d, d * sizeof(float));
    }
    kin_regions rg;
    run_regions rr;
    simt_dev *dev = run_device(u, &rg, &rr);
    /* threshold 0.001: stop when no point moves (delta is a count) */
    km_solve(dev, pts, (int32_t)n, (int32_t)d, (int32_t)k, 0.001f, (int32_t)max_iter, clusters, m, regions_of(u, &rg));
    simt_dev_destroy(dev);
    for (size_t i = 0; i < n; i++) {
        member[i] = m[i];
    }
    free(clusters);
    free(m);
    return rr.ok;
}

bool lud_run(float *a, size_t n, apx_unit *u) {
    if (n > 46340) {
        return false;
    }
    kin_regions rg;
    run_regions rr;
    simt_dev *dev = run_device(u, &rg, &rr);
    int rc = lud_solve(dev, a, (int32_t)n, regions_of(u, &rg));
    simt_dev_destroy(dev);
    return rc == 0 && rr.ok;
}

bool ge_run(const float *a, const float *b, size_t n, float *x, apx_unit *u) {
    if (n == 0 || n > 46340) {
        return false;
    }
    float *ma = malloc(n * n * sizeof *ma), *mb = malloc(n * sizeof *mb);
    if (ma == NULL || mb == NULL) {
        free(ma);
        free(mb);
        return false;
    }
    memcpy(ma, a, n * n * sizeof *ma);
    memcpy(mb, b, n * sizeof *mb);
    kin_regions rg;
    run_regions rr;
    simt_dev *dev = run_device(u, &rg, &rr);
    ge_solve(dev, ma, mb, (int32_t)n, x, regions_of(u, &rg));
    simt_dev_destroy(dev);
    free(ma);
    free(mb);
    return rr.ok;
}

/* Rodinia hotspot's `run`: pyramid height 2 (two time steps per launch). */
#define HS_PYRAMID 2

bool hotspot_run(const float *temp, const float *power, size_t rows, size_t cols, unsigned iters, float *out,
                 apx_unit *u) {
    if (rows == 0 || cols == 0 || rows > INT32_MAX / cols || iters > INT32_MAX) {
        return false;
    }
    memcpy(out, temp, rows * cols * sizeof *out);
    kin_regions rg;
    run_regions rr;
    simt_dev *dev = run_device(u, &rg, &rr);
    hs_solve(dev, out, power, (int32_t)rows, (int32_t)cols, HS_PYRAMID, (int32_t)iters, regions_of(u, &rg));
    simt_dev_destroy(dev);
    return rr.ok;
}

bool srad_run(const float *img, size_t rows, size_t cols, unsigned iters, float lambda, float *out, apx_unit *u) {
    if (rows == 0 || cols == 0 || rows > INT32_MAX / cols || iters > INT32_MAX) {
        return false;
    }
    memcpy(out, img, rows * cols * sizeof *out);
    kin_regions rg;
    run_regions rr;
    simt_dev *dev = run_device(u, &rg, &rr);
    /* q0^2 from the whole image (the region of interest covers it) */
    int rc = srad2_solve(dev, out, (int32_t)rows, (int32_t)cols, 0, (int32_t)rows - 1, 0, (int32_t)cols - 1, lambda,
                         (int32_t)iters, regions_of(u, &rg));
    simt_dev_destroy(dev);
    return rc == 0 && rr.ok;
}

bool sp_run(const float *a, const float *b, size_t nvec, size_t len, float *out, apx_unit *u) {
    if (nvec == 0 || len == 0 || nvec > INT32_MAX / len) {
        return false;
    }
    kin_regions rg;
    run_regions rr;
    simt_dev *dev = run_device(u, &rg, &rr);
    sp_solve(dev, a, b, (int)nvec, (int)len, out, regions_of(u, &rg));
    simt_dev_destroy(dev);
    return rr.ok;
}
