/* Rodinia 3.1 kmeans (CUDA; Liao, Pisharath, Che, Tarjan, Lee): Lloyd's k-means. The device
 * transposes the points once (invert_mapping: point-major to feature-major, so that a warp's
 * threads read consecutive addresses) and each iteration assigns every point to its nearest
 * centre (kmeansPoint, 256 threads a block on a square grid); the host copies the memberships
 * back, counts the points that moved, sums the members of each cluster and divides
 * (kmeans_cuda.cu's kmeansCuda with CPU_DELTA_REDUCE and CPU_CENTER_REDUCE, the defaults;
 * kmeans_clustering.c's loop: until no more than `threshold` points move, at most 500).
 * The initial centres are the first k points (the original's rand() pick is commented out).
 *
 * The original reads the centres from constant memory (c_clusters) and the features through
 * a texture; the runtime has neither space, so both are global loads (of clusters_d, which
 * the original also fills, and of feature_d).
 *
 * Input: generated as Rodinia's data generator (datagen.cpp) does: 34 features per point,
 * integers 0..255, from the project's seeded PRNG; 2048 points (Rodinia's kdd_cup, 494020
 * points, is held out of ../shared/data/inputs; uniform points converge slowly: 2048 take 61
 * iterations, 5.5 M warp instructions, 8192 take 144 and 52 M, past the tracing budget), k = 5
 * (cluster.c's default min = max = 5), threshold 0.001; o->scale divides the points. Check:
 * memberships (exact), centres (exact: same float operations) and the iteration count
 * against the same algorithm run sequentially. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_solve.h"
#include "kernels.h"

#define KM_THREADS_PER_DIM 16u
#define KM_THREADS (KM_THREADS_PER_DIM * KM_THREADS_PER_DIM)
#define KM_FEATURES 34
#define KM_CLUSTERS 5
#define KM_MAX_LOOPS 500

typedef struct {
    simt_addr input, output;
    int32_t npoints, nfeatures;
} km_invert_args;

typedef struct {
    simt_addr features;
    int32_t nfeatures, npoints, nclusters;
    simt_addr membership, clusters;
} km_point_args;

static void km_invert_mapping(simt_thread *t, const void *args) {
    const km_invert_args *a = args;
    int32_t point_id = (int32_t)(threadIdx.x + blockDim.x * blockIdx.x);
    alu(2);
    if (BR(point_id < a->npoints)) {
        for (int32_t i = 0; BR(i < a->nfeatures); i++) {
            alu(4);
            st_f32(ELEM_F32(a->output, point_id + a->npoints * i),
                   ld_f32(ELEM_F32(a->input, point_id * a->nfeatures + i)));
        }
    }
}

static void km_point(simt_thread *t, const void *args) {
    const km_point_args *a = args;
    uint32_t block_id = gridDim.x * blockIdx.y + blockIdx.x;
    uint32_t point_id = block_id * blockDim.x * blockDim.y + threadIdx.x;
    alu(5);
    int32_t index = -1;
    if (BR(point_id < (uint32_t)a->npoints)) {
        float min_dist = FLT_MAX;
        for (int32_t i = 0; BR(i < a->nclusters); i++) {
            int32_t cluster_base_index = i * a->nfeatures;
            float ans = 0.0f;
            alu(2);
            for (int32_t j = 0; BR(j < a->nfeatures); j++) {
                int32_t addr = (int32_t)point_id + j * a->npoints;
                float x = ld_f32(ELEM_F32(a->features, addr));
                float diff = x - ld_f32(ELEM_F32(a->clusters, cluster_base_index + j));
                ans += diff * diff;
                alu(5);
            }
            float dist = ans;
            if (BR(dist < min_dist)) {
                min_dist = dist;
                index = i;
            }
        }
    }
    if (BR(point_id < (uint32_t)a->npoints)) {
        st_i32(ELEM_I32(a->membership, point_id), index);
    }
}

/* Nearest centre of one point: kmeansPoint's loop, for the reference. */
static int32_t km_nearest(const float *pt, const float *clusters, int32_t nclusters, int32_t nfeatures) {
    float min_dist = FLT_MAX;
    int32_t index = -1;
    for (int32_t i = 0; i < nclusters; i++) {
        float ans = 0.0f;
        for (int32_t j = 0; j < nfeatures; j++) {
            float diff = pt[j] - clusters[i * nfeatures + j];
            ans += diff * diff;
        }
        if (ans < min_dist) {
            min_dist = ans;
            index = i;
        }
    }
    return index;
}

/* The host half of an iteration (kmeansCuda after the copy back, then kmeans_clustering's
 * new centres): returns delta, the number of points that changed cluster. */
static int32_t km_host_update(const float *feature, int32_t npoints, int32_t nfeatures, int32_t nclusters,
                              const int32_t *membership_new, int32_t *membership, float *clusters) {
    float *new_centers = kin_alloc((size_t)nclusters * (size_t)nfeatures, sizeof *new_centers);
    int32_t *len = kin_alloc((size_t)nclusters, sizeof *len);
    int32_t delta = 0;
    for (int32_t i = 0; i < npoints; i++) {
        int32_t cluster_id = membership_new[i];
        len[cluster_id]++;
        if (membership_new[i] != membership[i]) {
            delta++;
            membership[i] = membership_new[i];
        }
        for (int32_t j = 0; j < nfeatures; j++) {
            new_centers[cluster_id * nfeatures + j] += feature[(size_t)i * (size_t)nfeatures + (size_t)j];
        }
    }
    for (int32_t i = 0; i < nclusters; i++) {
        for (int32_t j = 0; j < nfeatures; j++) {
            if (len[i] > 0) {
                clusters[i * nfeatures + j] = new_centers[i * nfeatures + j] / (float)len[i];
            }
        }
    }
    free(new_centers);
    free(len);
    return delta;
}

int32_t km_solve(simt_dev *d, const float *feature, int32_t npoints, int32_t nfeatures, int32_t nclusters,
                 float threshold, int32_t max_iterations, float *clusters, int32_t *membership,
                 const kin_regions *rg) {
    size_t nf = (size_t)npoints * (size_t)nfeatures;
    size_t cbytes = (size_t)nclusters * (size_t)nfeatures * sizeof(float);
    int32_t *membership_new = kin_alloc((size_t)npoints, sizeof *membership_new);
    for (int32_t i = 0; i < npoints; i++) {
        membership[i] = membership_new[i] = -1;
    }

    /* allocateMemory: a square grid of 256-thread blocks, the transposed features. */
    uint32_t num_blocks = ((uint32_t)npoints + KM_THREADS - 1) / KM_THREADS;
    uint32_t per_dim = (uint32_t)sqrt((double)num_blocks);
    while (per_dim * per_dim < num_blocks) {
        per_dim++;
    }
    num_blocks = per_dim * per_dim;
    simt_addr feature_flipped_d = simt_malloc(d, nf * 4, SIMT_FLOAT32, "feature_flipped_d");
    kin_region(rg, feature_flipped_d, nf * 4);
    simt_memcpy_htod(d, feature_flipped_d, feature, nf * 4);
    simt_addr feature_d = simt_malloc(d, nf * 4, SIMT_FLOAT32, "feature_d");
    kin_region(rg, feature_d, nf * 4);
    km_invert_args ia = {feature_flipped_d, feature_d, npoints, nfeatures};
    simt_launch(d, "invert_mapping", km_invert_mapping, simt_dim(num_blocks, 1, 1), simt_dim(KM_THREADS, 1, 1), 0,
                &ia);
    simt_addr membership_d = simt_malloc(d, (size_t)npoints * 4, SIMT_INT32, "membership_d");
    simt_addr clusters_d = simt_malloc(d, cbytes, SIMT_FLOAT32, "clusters_d");
    kin_region(rg, clusters_d, cbytes);

    int32_t iterations = 0;
    float delta;
    do {
        simt_memcpy_htod(d, membership_d, membership_new, (size_t)npoints * 4);
        simt_memcpy_htod(d, clusters_d, clusters, cbytes);
        km_point_args pa = {feature_d, nfeatures, npoints, nclusters, membership_d, clusters_d};
        simt_launch(d, "kmeansPoint", km_point, simt_dim(per_dim, per_dim, 1), simt_dim(KM_THREADS, 1, 1), 0, &pa);
        simt_memcpy_dtoh(d, membership_new, membership_d, (size_t)npoints * 4);
        delta = (float)km_host_update(feature, npoints, nfeatures, nclusters, membership_new, membership, clusters);
        iterations++;
    } while (delta > threshold && iterations < max_iterations);
    free(membership_new);
    return iterations;
}

int app_km(simt_dev *d, const simt_app_opts *o) {
    int32_t npoints = (int32_t)kin_scaled(o, 2048, KM_CLUSTERS), nfeatures = KM_FEATURES;
    int32_t nclusters = KM_CLUSTERS;
    const float threshold = 0.001f;
    size_t nf = (size_t)npoints * (size_t)nfeatures;
    float *feature = kin_alloc(nf, sizeof *feature);
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (size_t k = 0; k < nf; k++) {
        feature[k] = (float)kin_rand_below(&rng, 256); /* datagen: integers 0..255 */
    }
    size_t cbytes = (size_t)nclusters * (size_t)nfeatures * sizeof(float);
    float *clusters = kin_alloc(cbytes, 1), *ref_clusters = kin_alloc(cbytes, 1);
    memcpy(clusters, feature, cbytes); /* the first k points */
    memcpy(ref_clusters, feature, cbytes);
    int32_t *membership = kin_alloc((size_t)npoints, sizeof *membership);
    int32_t *ref_membership = kin_alloc((size_t)npoints, sizeof *ref_membership);
    int32_t *ref_new = kin_alloc((size_t)npoints, sizeof *ref_new);
    for (int32_t i = 0; i < npoints; i++) {
        ref_membership[i] = -1;
    }
    /* kmeans_clustering's loop: `while (delta > threshold && loops++ < 500)`, 501 at most */
    int32_t iterations = km_solve(d, feature, npoints, nfeatures, nclusters, threshold, KM_MAX_LOOPS + 1, clusters,
                                  membership, NULL);

    /* The reference: the same loop with a sequential assignment. */
    int32_t ref_loops = 0, ref_iterations = 0;
    float ref_delta;
    do {
        for (int32_t i = 0; i < npoints; i++) {
            ref_new[i] = km_nearest(feature + (size_t)i * (size_t)nfeatures, ref_clusters, nclusters, nfeatures);
        }
        ref_delta =
            (float)km_host_update(feature, npoints, nfeatures, nclusters, ref_new, ref_membership, ref_clusters);
        ref_iterations++;
    } while (ref_delta > threshold && ref_loops++ < KM_MAX_LOOPS);

    int rc = kin_check_i32("km", membership, ref_membership, (size_t)npoints) ||
             kin_check_f32("km", clusters, ref_clusters, (size_t)nclusters * (size_t)nfeatures, 0, 0) ||
             kin_check_i32("km", &iterations, &ref_iterations, 1);
    free(feature);
    free(clusters);
    free(ref_clusters);
    free(membership);
    free(ref_membership);
    free(ref_new);
    return rc;
}
