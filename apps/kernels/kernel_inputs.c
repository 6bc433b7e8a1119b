/* Shared pieces of the benchmark ports; see kernel_inputs.h. */
#include "kernel_inputs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "prng.h"

void kin_rng_seed(kin_rng *r, uint64_t seed) {
    r->state = seed;
}

uint64_t kin_rand_u64(kin_rng *r) {
    prng p = {r->state};
    uint64_t v = prng_next(&p);
    r->state = p.state;
    return v;
}

uint32_t kin_rand_below(kin_rng *r, uint32_t n) {
    return (uint32_t)(kin_rand_u64(r) % n);
}

float kin_rand_unit_f32(kin_rng *r) {
    return (float)(kin_rand_u64(r) >> 40) * (1.0f / 16777216.0f);
}

double kin_rand_unit_f64(kin_rng *r) {
    return (double)(kin_rand_u64(r) >> 11) * (1.0 / 9007199254740992.0);
}

/* Process-wide: an application runs in one process at a time (npkernel run all -j forks). */
static unsigned long kin_grow_calls;

size_t kin_grown(const simt_app_opts *o, size_t n) {
    if (!o || o->grow <= 1) return n;
    kin_grow_calls++;
    return n * o->grow;
}

size_t kin_scaled(const simt_app_opts *o, size_t n, size_t min) {
    n = kin_grown(o, n);
    size_t s = o && o->scale > 1 ? n / o->scale : n;
    return s < min ? min : s;
}

void kin_grow_reset(void) {
    kin_grow_calls = 0;
}

unsigned long kin_grow_uses(void) {
    return kin_grow_calls;
}

int kin_input_path(char *buf, size_t len, const simt_app_opts *o, const char *rel) {
    const char *dir = o && o->input_dir ? o->input_dir : "../shared/data/inputs";
    int n = snprintf(buf, len, "%s/%s", dir, rel);
    if (n < 0 || (size_t)n >= len) {
        fprintf(stderr, "kernel input path too long: %s/%s\n", dir, rel);
        return -1;
    }
    return 0;
}

static int close_enough(double got, double want, double rel_tol, double abs_tol) {
    if (isnan(want)) return isnan(got);
    if (isnan(got)) return 0;
    return fabs(got - want) <= abs_tol + rel_tol * fabs(want);
}

int kin_check_f32(const char *kernel, const float *got, const float *want, size_t n, double rel_tol, double abs_tol) {
    for (size_t i = 0; i < n; i++)
        if (!close_enough(got[i], want[i], rel_tol, abs_tol)) {
            printf("kernel %s: check failed at %zu: got %.9g want %.9g\n", kernel, i, (double)got[i], (double)want[i]);
            return 1;
        }
    return 0;
}

int kin_check_f64(const char *kernel, const double *got, const double *want, size_t n, double rel_tol,
                  double abs_tol) {
    for (size_t i = 0; i < n; i++)
        if (!close_enough(got[i], want[i], rel_tol, abs_tol)) {
            printf("kernel %s: check failed at %zu: got %.17g want %.17g\n", kernel, i, got[i], want[i]);
            return 1;
        }
    return 0;
}

int kin_check_i32(const char *kernel, const int32_t *got, const int32_t *want, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("kernel %s: check failed at %zu: got %d want %d\n", kernel, i, (int)got[i], (int)want[i]);
            return 1;
        }
    return 0;
}

int kin_check_u32(const char *kernel, const uint32_t *got, const uint32_t *want, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            printf("kernel %s: check failed at %zu: got %u want %u\n", kernel, i, (unsigned)got[i], (unsigned)want[i]);
            return 1;
        }
    return 0;
}

void *kin_alloc(size_t n, size_t size) {
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) {
        fprintf(stderr, "kernel: out of memory (%zu x %zu bytes)\n", n, size);
        exit(2);
    }
    return p;
}
