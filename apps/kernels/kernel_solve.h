/* The device half of the six ports the approximation study runs (docs/approx.md sec. 1,
 * apps/kernels.c): each takes its input from the caller, allocates, copies, launches and runs
 * the host code between launches exactly as the port's app_* function does (which builds the
 * benchmark's input, calls it and checks the result), so one implementation serves both. */
#ifndef NP_KERNEL_SOLVE_H
#define NP_KERNEL_SOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "simt.h"

/* The study's approximable buffers: add is called once for each (its device range) after its
 * simt_malloc and before the first launch; the study maps it in the approximation unit, whose
 * read filter then sees every global load of it. NULL: nothing is declared. */
typedef struct {
    void (*add)(void *user, simt_addr base, size_t bytes);
    void *user;
} kin_regions;

/* Rodinia kmeans (rodinia/km.c): npoints x nfeatures features (point-major), clusters[nclusters
 * x nfeatures] the initial centres on entry and the last ones on return, membership[npoints]
 * out; iterations until no more than `threshold` points move or max_iterations ran. Returns
 * the iterations. Approximable: the features (both layouts) and the centres. */
int32_t km_solve(simt_dev *d, const float *feature, int32_t npoints, int32_t nfeatures, int32_t nclusters,
                 float threshold, int32_t max_iterations, float *clusters, int32_t *membership,
                 const kin_regions *rg);

/* Rodinia gaussian (rodinia/ge.c): a (n x n) and b (n) are replaced by the eliminated ones read
 * back; x (n) = the host's back substitution. Approximable: a and b. */
void ge_solve(simt_dev *d, float *a, float *b, int32_t n, float *x, const kin_regions *rg);

/* Rodinia lud (rodinia/lud.c): m (n x n) becomes L\U in place; n a multiple of 16 (its tiles):
 * else 1 with a message. Approximable: the matrix. */
int lud_solve(simt_dev *d, float *m, int32_t n, const kin_regions *rg);

/* Rodinia hotspot (rodinia/hs.c): total_iterations steps, pyramid_height per launch, on a
 * rows x cols chip; temp in/out. Approximable: both temperature grids and the power. */
void hs_solve(simt_dev *d, float *temp, const float *power, int32_t rows, int32_t cols, int32_t pyramid_height,
              int32_t total_iterations, const kin_regions *rg);

/* Rodinia srad_v2 (rodinia/srad2.c): niter iterations on j (rows x cols, in/out), q0^2 from the
 * region r1..r2 x c1..c2; rows and cols multiples of 16, at least 32: else 1 with a message.
 * Approximable: J. */
int srad2_solve(simt_dev *d, float *j, int32_t rows, int32_t cols, int32_t r1, int32_t r2, int32_t c1, int32_t c2,
                float lambda, int32_t niter, const kin_regions *rg);

/* CUDA SDK scalarProd (sdk/sp.c): c[v] = a[v] . b[v] for vector_n vectors of element_n floats.
 * Approximable: a and b. */
void sp_solve(simt_dev *d, const float *a, const float *b, int vector_n, int element_n, float *c,
              const kin_regions *rg);

/* Calls rg->add when rg is not NULL (the ports' one line per approximable buffer). */
static inline void kin_region(const kin_regions *rg, simt_addr base, size_t bytes) {
    if (rg != NULL && rg->add != NULL) rg->add(rg->user, base, bytes);
}

#endif
