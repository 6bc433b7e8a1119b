/* Shared pieces of the benchmark ports: the one seeded generator, input paths, result checks.
 * Input readers go here too (each reports file:line on bad input). */
#ifndef NP_KERNEL_INPUTS_H
#define NP_KERNEL_INPUTS_H

#include <stddef.h>
#include <stdint.h>

#include "simt.h"

/* The generator every port uses for generated inputs: splitmix64 (cmodel/tool/prng.h), seeded
 * from simt_app_opts.seed, so an input is a function of (seed, size) only. */
typedef struct {
    uint64_t state;
} kin_rng;

void kin_rng_seed(kin_rng *r, uint64_t seed);
uint64_t kin_rand_u64(kin_rng *r);
uint32_t kin_rand_below(kin_rng *r, uint32_t n);    /* uniform 0 .. n-1, n > 0 */
float kin_rand_unit_f32(kin_rng *r);                /* uniform [0, 1), 24 random bits */
double kin_rand_unit_f64(kin_rng *r);               /* uniform [0, 1), 53 random bits */

/* n x grow / scale, at least min (o->scale and o->grow 0 or 1: n). */
size_t kin_scaled(const simt_app_opts *o, size_t n, size_t min);
/* n x grow, for a count that --scale leaves alone (hotspot's iterations). kin_scaled goes through
 * it too: every call with o->grow > 1 is counted, so that npkernel can refuse --grow for an
 * application that has no size to grow. */
size_t kin_grown(const simt_app_opts *o, size_t n);
/* Calls of kin_grown with o->grow > 1 since the last reset (one application run per reset). */
void kin_grow_reset(void);
unsigned long kin_grow_uses(void);

/* "<input_dir>/<rel>" into buf; 0, or -1 (and a message) when it does not fit. */
int kin_input_path(char *buf, size_t len, const simt_app_opts *o, const char *rel);

/* Compare a device result with the sequential reference. Floats pass when
 * |got - want| <= abs_tol + rel_tol * |want| (and NaN only where want is NaN). On the first
 * mismatch print `kernel <name>: check failed at <index>: got X want Y` and return 1; else 0. */
int kin_check_f32(const char *kernel, const float *got, const float *want, size_t n, double rel_tol, double abs_tol);
int kin_check_f64(const char *kernel, const double *got, const double *want, size_t n, double rel_tol, double abs_tol);
int kin_check_i32(const char *kernel, const int32_t *got, const int32_t *want, size_t n);
int kin_check_u32(const char *kernel, const uint32_t *got, const uint32_t *want, size_t n);

/* malloc that exits with a message on failure (host-side buffers of the ports). */
void *kin_alloc(size_t n, size_t size);

#endif
