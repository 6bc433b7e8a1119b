/* CUDA SDK scalarProd (Samples/2_Concepts_and_Techniques/scalarProd): VECTOR_N dot products
 * of ELEMENT_N floats each, scalarProdGPU<<<128, 256>>>: a block per vector (grid-stride),
 * each thread accumulates strided partial sums into ACCUM_N = 1024 shared slots, then a
 * shared-memory tree reduction. Inputs as the sample makes them (RandFloat(0, 1), the seeded
 * generator here). Size: the sample's 256 x 4096 (scale s: 256 / s vectors, at least 8). The
 * check is the sample's: L1 error against scalarProdCPU below 1e-6, per vector reported. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernel_solve.h"
#include "kernels.h"

#define SP_VECTOR_N 256
#define SP_ELEMENT_N 4096
#define SP_ACCUM_N 1024

typedef struct {
    simt_addr c, a, b;
    int vector_n, element_n;
} sp_args;

static void sp_scalar_prod_gpu(simt_thread *t, const void *args) {
    const sp_args *p = args;
    for (int vec = (int)blockIdx.x; BR(vec < p->vector_n); vec += (int)gridDim.x) {
        alu(2);
        int vector_base = p->element_n * vec; /* IMUL */
        int vector_end = vector_base + p->element_n;
        for (int i_accum = (int)threadIdx.x; BR(i_accum < SP_ACCUM_N); i_accum += (int)blockDim.x) {
            float sum = 0;
            for (int pos = vector_base + i_accum; BR(pos < vector_end); pos += SP_ACCUM_N) {
                float a = ld_f32(ELEM_F32(p->a, pos));
                float b = ld_f32(ELEM_F32(p->b, pos));
                alu(1);
                sum += a * b;
            }
            sts_f32(4u * (uint32_t)i_accum, sum);
        }
        for (int stride = SP_ACCUM_N / 2; BR(stride > 0); stride >>= 1) {
            syncthreads();
            for (int i_accum = (int)threadIdx.x; BR(i_accum < stride); i_accum += (int)blockDim.x) {
                float lo = lds_f32(4u * (uint32_t)i_accum);
                float hi = lds_f32(4u * (uint32_t)(stride + i_accum));
                alu(1);
                sts_f32(4u * (uint32_t)i_accum, lo + hi);
            }
        }
        syncthreads();
        if (BR(threadIdx.x == 0)) {
            st_f32(ELEM_F32(p->c, vec), lds_f32(0));
        }
    }
}

static void sp_scalar_prod_cpu(float *c, const float *a, const float *b, int vector_n,
                               int element_n) {
    for (int vec = 0; vec < vector_n; vec++) {
        double sum = 0;
        for (int pos = element_n * vec; pos < element_n * (vec + 1); pos++) {
            sum += a[pos] * b[pos];
        }
        c[vec] = (float)sum;
    }
}

void sp_solve(simt_dev *d, const float *a, const float *b, int vector_n, int element_n, float *c,
              const kin_regions *rg) {
    const size_t data_n = (size_t)vector_n * (size_t)element_n;
    sp_args p = {0};
    p.vector_n = vector_n;
    p.element_n = element_n;
    p.a = simt_malloc(d, sizeof(float) * data_n, SIMT_FLOAT32, "d_A");
    kin_region(rg, p.a, sizeof(float) * data_n);
    p.b = simt_malloc(d, sizeof(float) * data_n, SIMT_FLOAT32, "d_B");
    kin_region(rg, p.b, sizeof(float) * data_n);
    p.c = simt_malloc(d, sizeof(float) * (size_t)vector_n, SIMT_FLOAT32, "d_C");
    simt_memcpy_htod(d, p.a, a, sizeof(float) * data_n);
    simt_memcpy_htod(d, p.b, b, sizeof(float) * data_n);
    simt_launch(d, "scalarProdGPU", sp_scalar_prod_gpu, simt_dim(128, 1, 1), simt_dim(256, 1, 1),
                sizeof(float) * SP_ACCUM_N, &p);
    simt_memcpy_dtoh(d, c, p.c, sizeof(float) * (size_t)vector_n);
}

int app_sp(simt_dev *d, const simt_app_opts *o) {
    const int vector_n = (int)kin_scaled(o, SP_VECTOR_N, 8);
    const size_t data_n = (size_t)vector_n * SP_ELEMENT_N;
    float *h_a = kin_alloc(data_n, sizeof(float));
    float *h_b = kin_alloc(data_n, sizeof(float));
    float *cpu = kin_alloc((size_t)vector_n, sizeof(float));
    float *gpu = kin_alloc((size_t)vector_n, sizeof(float));
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (size_t i = 0; i < data_n; i++) {
        h_a[i] = kin_rand_unit_f32(&rng);
        h_b[i] = kin_rand_unit_f32(&rng);
    }
    sp_solve(d, h_a, h_b, vector_n, SP_ELEMENT_N, gpu, NULL);
    sp_scalar_prod_cpu(cpu, h_a, h_b, vector_n, SP_ELEMENT_N);
    double sum_delta = 0, sum_ref = 0, worst = -1;
    int worst_i = 0;
    for (int i = 0; i < vector_n; i++) {
        double delta = fabs((double)gpu[i] - (double)cpu[i]);
        sum_delta += delta;
        sum_ref += cpu[i];
        if (!(delta <= worst)) {
            worst = delta;
            worst_i = i;
        }
    }
    int rc = 0;
    if (!(sum_delta / sum_ref < 1e-6)) { /* the sample's test */
        printf("kernel sp: check failed at %d: got %.9g want %.9g (L1 error %.3g >= 1e-6)\n",
               worst_i, (double)gpu[worst_i], (double)cpu[worst_i], sum_delta / sum_ref);
        rc = 1;
    }
    free(h_a);
    free(h_b);
    free(cpu);
    free(gpu);
    return rc;
}
