/* FP kernels measured under DSM's approximation unit (docs/approx.md, issue 17).
 *
 * Every kernel is a SIMT port of apps/kernels/ (the benchmark's CUDA kernels and host code) and
 * runs on the same dataset exactly and with its approximable buffers read through the C model
 * of the approximation unit (dsm_approx_lookup + dsm_approx_apply on the 128-byte line of every
 * global load from them). The error between
 * the two outputs is measured with the metric seed 001 Table 6.3 gives the kernel. A small
 * multilayer perceptron (libfann, seed 001 sec. 5.1) learns the approximation bits from the
 * measured errors. */
#ifndef NP_APPS_H
#define NP_APPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dsm.h"

/* ---- the approximation path ---------------------------------------------------------------- */

/* An address space with the unit's map. Regions are placed as npsim's memory image places
 * them (sim/mem/memimg.h: each on the next 1 MiB boundary, the first at 0), one map entry each. */
#define APX_REGION_ALIGN (UINT64_C(1) << 20)
typedef struct {
    dsm_approx_map map;
    unsigned bits;      /* approximation number every region gets */
    unsigned regions;
    uint64_t next_base; /* byte address of the next region */
    uint64_t lines;     /* lines passed through the unit (reads), for reports */
} apx_unit;

/* bits: 0, 4, 8, 12, 16, 20. */
void apx_unit_init(apx_unit *u, unsigned bits);
/* Places a region of `bytes` bytes and writes its map entry (lines base>>7 .. (base+bytes-1)>>7).
 * False when the map is full (8 entries) or bytes is 0. */
bool apx_region_add(apx_unit *u, size_t bytes, uint64_t *base);
/* What a read of n floats at byte address base returns: every 128-byte line of the range goes
 * through dsm_approx_lookup (its line address) and dsm_approx_apply, in place. A last partial
 * line is applied as the whole line (the unit sees whole lines) and only its floats kept.
 * A NULL unit is the exact path (nothing changes). */
void apx_read(apx_unit *u, uint64_t base, float *data, size_t n);

/* Maps the device range [base, base + bytes) (a SIMT allocation) as the next entry of the map
 * (lines base>>7 .. (base+bytes-1)>>7) at u->bits. False when the map is full or bytes is 0. */
bool apx_region_map(apx_unit *u, uint64_t base, size_t bytes);
/* The unit on a read reply (the SIMT device's read filter): the line at byte address line_addr
 * gets dsm_approx_apply(dsm_approx_lookup(line)) in place. unit is an apx_unit. */
void apx_filter_line(void *unit, uint64_t line_addr, uint8_t line[DSM_LINE_BYTES]);

/* ---- metrics (docs/approx.md sec. 2) -------------------------------------------------------- */

/* sqrt(mean((x-ref)^2)) / (max(ref) - min(ref)); 0 when ref is constant and x == ref, else the
 * RMSE over max|ref| (a constant reference has no range). A NaN or infinite x (a run that broke
 * down) is an infinite error, here and in metric_mre and metric_linf. */
double metric_nrmse(const float *ref, const float *x, size_t n);
/* mean over i with ref[i] != 0 of |x[i]-ref[i]| / |ref[i]|. */
double metric_mre(const float *ref, const float *x, size_t n);
/* max|x-ref| / max|ref| (relative L-infinity norm); max|x-ref| when ref is all zero. */
double metric_linf(const float *ref, const float *x, size_t n);
/* Pair-counting clustering agreement: a pair of instances is positive when both are in one
 * cluster. Precision = pairs together in both / pairs together in x; recall = pairs together
 * in both / pairs together in ref; returns their harmonic mean (1 = same partition). Labels
 * are 0..k-1; the value does not depend on how clusters are numbered. */
double metric_cluster_f(const int *ref, const int *x, size_t n, unsigned k);

/* ---- kernels (docs/approx.md sec. 1): the SIMT ports, one device per run; u NULL = exact ---- */
/* With a unit, each port's approximable buffers (kernel_solve.h) become the map's entries at
 * their device addresses, and every global load of the kernels reads through the unit; the
 * host code between launches (Rodinia's centre update, back substitution, q0^2) reads memory
 * copied back as stored. False on a shape the port cannot run (a message on stderr), a full
 * map, or allocation failure. */

/* Rodinia kmeans (kmeansPoint on the device, the centres on the host): n points of d features,
 * k clusters, initial centres the points i*n/k, at most max_iter iterations, stops when no
 * membership changes. Approximable: the features and the centres. member[n]. */
bool km_run(const float *pts, size_t n, size_t d, unsigned k, unsigned max_iter, apx_unit *u,
            int *member);
/* Rodinia lud (blocked, 16x16 tiles, no pivoting): a (n x n, row-major, n a multiple of 16)
 * becomes L\U in place. Approximable: the matrix (every read of every launch). */
bool lud_run(float *a, size_t n, apx_unit *u);
/* Rodinia gaussian (Fan1/Fan2 per column, back substitution on the host): solves a x = b.
 * Approximable: a and b (every read of every launch). */
bool ge_run(const float *a, const float *b, size_t n, float *x, apx_unit *u);
/* Rodinia hotspot (calculate_temp, pyramid height 2: two steps per launch in shared memory):
 * iters steps. Approximable: both temperature grids and the power. */
bool hotspot_run(const float *temp, const float *power, size_t rows, size_t cols,
                 unsigned iters, float *out, apx_unit *u);
/* Rodinia srad_v2 (srad_cuda_1, srad_cuda_2 per iteration; q0^2 on the host from the whole
 * image): J = img, iters iterations with lambda; rows and cols multiples of 16, at least 32.
 * out = J. Approximable: J. */
bool srad_run(const float *img, size_t rows, size_t cols, unsigned iters, float lambda,
              float *out, apx_unit *u);
/* CUDA SDK scalarProd (scalarProdGPU: float partial sums, a shared-memory tree): out[v] =
 * a[v] . b[v] for nvec vectors of len floats. Approximable: a and b. */
bool sp_run(const float *a, const float *b, size_t nvec, size_t len, float *out, apx_unit *u);

/* ---- datasets and measurement (suite.c) ------------------------------------------------------ */

typedef enum { APP_KMEANS, APP_GE, APP_LUD, APP_HOTSPOT, APP_SRAD, APP_SP, APP_COUNT } app_kernel;

#define APP_NBITS 5
extern const unsigned app_bits[APP_NBITS]; /* 4, 8, 12, 16, 20 */

const char *app_kernel_name(app_kernel k);
const char *app_kernel_metric(app_kernel k);
bool app_kernel_from_name(const char *name, app_kernel *k);

/* A dataset: where its input comes from and the predictor's features (seed 001 sec. 5.1). */
typedef struct {
    char name[64];
    app_kernel kernel;
    char file[2][64];   /* real inputs (names under the data directory); "" = generated */
    char path[2][512];  /* or explicit paths (approx-bits --data), used when set */
    size_t rows, cols;  /* matrix / grid / points x features / vectors x length */
    size_t fcols;       /* row length of the real file when the dataset is its leading
                           rows x cols block (0: the file's first rows*cols elements) */
    unsigned k;         /* k-means clusters; hotspot / srad iterations */
    double log_cond;    /* generated GE / LUD matrices: requested log10 condition number */
    uint64_t seed;
    bool heldout;       /* in the held-out set of the predictor */
} app_dataset;

/* Features: S = input size (elements of the approximable inputs), CN = log10 of the measured
 * 1-norm condition number of a matrix input (0 otherwise), AC = the application constraint
 * (k-means clusters, 0 otherwise). */
typedef struct {
    double S, CN, AC;
} app_features;

/* The sweep of every kernel (real data where the kernel has it, seeded generated inputs). */
size_t app_suite(app_dataset *out, size_t max);

/* Runs the dataset exactly and at each bits[i]: err[i] (the kernel's metric), err2[i] the
 * second metric where Table 6.3 gives two (LUD: NRMSE beside MRE; else NAN). feat gets the
 * features. data_dir holds the real files. False (message on stderr) on a missing file or
 * allocation failure. */
bool app_measure(const app_dataset *ds, const char *data_dir, const unsigned *bits, size_t nbits,
                 double *err, double *err2, app_features *feat);

/* Generators (suite.c), exposed for the tests. */
typedef struct {
    uint64_t s;
} app_rng;
void app_rng_seed(app_rng *r, uint64_t seed);
double app_rng_uniform(app_rng *r); /* [0, 1) */
double app_rng_normal(app_rng *r);
/* n x n symmetric positive definite matrix Q diag(lambda) Q^T, lambda log-spaced from 1 to
 * 10^-log_cond, Q orthonormal (modified Gram-Schmidt of a seeded Gaussian matrix): 2-norm
 * condition number 10^log_cond (before rounding to float). a row-major. */
bool app_gen_spd(float *a, size_t n, double log_cond, uint64_t seed);
/* log10 of the 1-norm condition number ||A||_1 ||A^-1||_1 (Gauss-Jordan with partial pivoting
 * in double); +inf when singular. */
double app_log10_cond1(const float *a, size_t n);

/* ---- the predictor (predict.c, libfann) ---------------------------------------------------- */

typedef struct {
    app_features f;
    double err;     /* AE: the measured error */
    unsigned bits;  /* the label */
} pred_sample;

struct fann;
/* The seed's MLP: 4 inputs {S, CN, AC, AE}, one hidden layer, 5 outputs (one per bits value),
 * plain incremental backpropagation, learning rate 0.01, stopped on MSE. Inputs the seed does
 * not use for the kernel (sec. 6.5) are held at 0. Weights come from srand(seed) +
 * fann_randomize_weights, so the same samples and seed give the same network. NULL on
 * failure. */
struct fann *pred_train(app_kernel k, const pred_sample *s, size_t n, unsigned seed,
                        unsigned *epochs, double *mse);
/* The class the network gives (S, CN, AC, AE): one of app_bits. */
unsigned pred_bits(struct fann *ann, app_kernel k, const app_features *f, double err);
void pred_free(struct fann *ann);
/* The input vector (exposed for the tests). */
void pred_inputs(app_kernel k, const app_features *f, double err, float in[4]);

/* ---- the study (study.c): the suite measured, the predictor trained and tested ---------- */

typedef struct {
    app_dataset ds;
    app_features f;
    double err[APP_NBITS], err2[APP_NBITS]; /* at app_bits */
} app_row;

/* Measures every dataset of the suite (only kernel `only`, or all with APP_COUNT) at app_bits.
 * *rows malloc'd. progress: a line per dataset on stderr. False on any failure. */
bool app_measure_suite(app_kernel only, const char *data_dir, bool progress, app_row **rows,
                       size_t *n);
/* The training samples of kernel k: every (dataset, bits) of its non-held-out rows, AE = the
 * measured error, label = bits. Trains pred_train on them. */
struct fann *app_train(app_kernel k, const app_row *rows, size_t n, unsigned seed,
                       unsigned *epochs, double *mse, size_t *samples);
/* The measurements as a table (one line per dataset, tab-separated: kernel, set, S, CN, AC,
 * the errors at app_bits, the dataset's name), written by approx-error and read back by
 * `nocpress approx-bits --table` so it need not measure the suite again. False (message on
 * stderr) on an I/O or format error. */
bool app_rows_write(const char *path, const app_row *rows, size_t n);
bool app_rows_read(const char *path, app_row **rows, size_t *n);
/* Held-out accuracy of ann on kernel k: counts into conf[true][pred] (class indices), returns
 * correct / total (NAN when no held-out row). heldout false: the training rows instead. */
double app_accuracy(struct fann *ann, app_kernel k, const app_row *rows, size_t n, bool heldout,
                    unsigned conf[APP_NBITS][APP_NBITS]);
/* Of the same samples, the share where the predicted bits' measured error on that dataset is
 * within the queried error (the answer keeps the bound even when it is not the label). */
double app_within_bound(struct fann *ann, app_kernel k, const app_row *rows, size_t n, bool heldout);

#endif
