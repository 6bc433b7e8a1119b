/* Error metrics of seed 001 Table 6.3 (formulas in docs/approx.md sec. 2). Sums in double so
 * the metric adds no error of its own comparable to what it measures. */
#include "apps.h"

#include <math.h>
#include <stdlib.h>

double metric_nrmse(const float *ref, const float *x, size_t n) {
    if (n == 0) {
        return 0.0;
    }
    double sum = 0.0, lo = ref[0], hi = ref[0], amax = 0.0;
    for (size_t i = 0; i < n; i++) {
        double d = (double)x[i] - (double)ref[i];
        if (!isfinite(d)) {
            return INFINITY; /* a run that broke down (a zero pivot read through the unit) */
        }
        sum += d * d;
        lo = fmin(lo, ref[i]);
        hi = fmax(hi, ref[i]);
        amax = fmax(amax, fabs((double)ref[i]));
    }
    double rmse = sqrt(sum / (double)n);
    if (rmse == 0.0) {
        return 0.0;
    }
    double range = hi - lo;
    return range > 0.0 ? rmse / range : (amax > 0.0 ? rmse / amax : rmse);
}

double metric_mre(const float *ref, const float *x, size_t n) {
    double sum = 0.0;
    size_t cnt = 0;
    for (size_t i = 0; i < n; i++) {
        if (ref[i] != 0.0f) {
            double d = fabs((double)x[i] - (double)ref[i]);
            if (!isfinite(d)) {
                return INFINITY;
            }
            sum += d / fabs((double)ref[i]);
            cnt++;
        }
    }
    return cnt ? sum / (double)cnt : 0.0;
}

double metric_linf(const float *ref, const float *x, size_t n) {
    double dmax = 0.0, rmax = 0.0;
    for (size_t i = 0; i < n; i++) {
        double d = fabs((double)x[i] - (double)ref[i]);
        /* A NaN or inf output (a solve that broke down) is an infinite error, not a skipped one. */
        if (!isfinite(d)) {
            return INFINITY;
        }
        dmax = fmax(dmax, d);
        rmax = fmax(rmax, fabs((double)ref[i]));
    }
    return rmax > 0.0 ? dmax / rmax : dmax;
}

/* Pairs among m items. */
static double pairs(double m) {
    return m * (m - 1.0) / 2.0;
}

double metric_cluster_f(const int *ref, const int *x, size_t n, unsigned k) {
    /* Contingency table c[i][j] = instances in ref cluster i and x cluster j: pairs together
     * in both = sum C(c_ij, 2); O(n + k^2) instead of O(n^2) over pairs. */
    double *c = calloc((size_t)k * k, sizeof *c);
    double *a = calloc(k, sizeof *a), *b = calloc(k, sizeof *b);
    double f = NAN;
    if (c != NULL && a != NULL && b != NULL) {
        for (size_t i = 0; i < n; i++) {
            c[(size_t)ref[i] * k + (size_t)x[i]] += 1.0;
            a[ref[i]] += 1.0;
            b[x[i]] += 1.0;
        }
        double both = 0.0, in_ref = 0.0, in_x = 0.0;
        for (size_t i = 0; i < (size_t)k * k; i++) {
            both += pairs(c[i]);
        }
        for (unsigned i = 0; i < k; i++) {
            in_ref += pairs(a[i]);
            in_x += pairs(b[i]);
        }
        /* No pair together in either partition (all singletons): the partitions agree. */
        if (in_ref == 0.0 && in_x == 0.0) {
            f = 1.0;
        } else if (both == 0.0) {
            f = 0.0;
        } else {
            double p = both / in_x, r = both / in_ref;
            f = 2.0 * p * r / (p + r);
        }
    }
    free(c);
    free(a);
    free(b);
    return f;
}
