/* CUDA SDK fastWalshTransform (Samples/5_Domain_Specific/fastWalshTransform): dyadic
 * convolution of a data vector with a 128-tap kernel through the Walsh-Hadamard transform:
 * fwtBatchGPU(data), fwtBatchGPU(kernel), modulateKernel, fwtBatchGPU(data). fwtBatchGPU runs
 * radix-4 global passes (fwtBatch2Kernel) down to 2^11-element chunks, then one shared-memory
 * pass per chunk (fwtBatch1Kernel). Inputs as the sample makes them: rand()/RAND_MAX
 * floats (the seeded generator here). The sample's 2^23 elements are 48 M threads per
 * transform; we run 2^18 (scale s: 2^18 / s, at least 2^12). The check is the sample's:
 * relative L2 error against dyadicConvolutionCPU below 1e-6. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"

#define FWT_LOG2_KERNEL 7
#define FWT_LOG2_DATA 18
#define FWT_ELEMENTARY_LOG2SIZE 11
#define FWT_THREAD_N 256

typedef struct {
    simt_addr out, in, a, b;
    int log2n, stride, n;
} fwt_args;

/* The radix-4 butterfly on four values, as both kernels write it. */
static void fwt_butterfly4(simt_thread *t, float *d) {
    float d0 = d[0] + d[2], d2 = d[0] - d[2];
    float d1 = d[1] + d[3], d3 = d[1] - d[3];
    alu(8);
    d[0] = d0 + d1;
    d[1] = d0 - d1;
    d[2] = d2 + d3;
    d[3] = d2 - d3;
}

static void fwt_batch1(simt_thread *t, const void *args) {
    const fwt_args *p = args;
    const int n = 1 << p->log2n;
    alu(3);
    const simt_addr src = ELEM_F32(p->in, (simt_addr)blockIdx.x << p->log2n);
    const simt_addr dst = ELEM_F32(p->out, (simt_addr)blockIdx.x << p->log2n);
    for (int pos = (int)threadIdx.x; BR(pos < n); pos += (int)blockDim.x) {
        sts_f32(4u * (uint32_t)pos, ld_f32(ELEM_F32(src, pos)));
    }
    const int pos = (int)threadIdx.x;
    for (int stride = n >> 2; BR(stride > 0); stride >>= 2) {
        int lo = pos & (stride - 1);
        int i0 = ((pos - lo) << 2) + lo;
        int idx[4] = {i0, i0 + stride, i0 + 2 * stride, i0 + 3 * stride};
        float d[4];
        alu(6);
        syncthreads();
        d[0] = lds_f32(4u * (uint32_t)idx[0]); /* D0..D3: four loads, as written */
        d[1] = lds_f32(4u * (uint32_t)idx[1]);
        d[2] = lds_f32(4u * (uint32_t)idx[2]);
        d[3] = lds_f32(4u * (uint32_t)idx[3]);
        fwt_butterfly4(t, d);
        sts_f32(4u * (uint32_t)idx[0], d[0]);
        sts_f32(4u * (uint32_t)idx[1], d[1]);
        sts_f32(4u * (uint32_t)idx[2], d[2]);
        sts_f32(4u * (uint32_t)idx[3], d[3]);
    }
    if (BR(p->log2n & 1)) {
        syncthreads();
        for (int q = (int)threadIdx.x; BR(q < n / 2); q += (int)blockDim.x) {
            int i0 = q << 1;
            float d0 = lds_f32(4u * (uint32_t)i0);
            float d1 = lds_f32(4u * (uint32_t)(i0 + 1));
            alu(2);
            sts_f32(4u * (uint32_t)i0, d0 + d1);
            sts_f32(4u * (uint32_t)(i0 + 1), d0 - d1);
        }
    }
    syncthreads();
    for (int q = (int)threadIdx.x; BR(q < n); q += (int)blockDim.x) {
        st_f32(ELEM_F32(dst, q), lds_f32(4u * (uint32_t)q));
    }
}

static void fwt_batch2(simt_thread *t, const void *args) {
    const fwt_args *p = args;
    alu(4);
    const int pos = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    const int n = (int)(blockDim.x * gridDim.x * 4);
    const simt_addr src = ELEM_F32(p->in, (simt_addr)blockIdx.y * (simt_addr)n);
    const simt_addr dst = ELEM_F32(p->out, (simt_addr)blockIdx.y * (simt_addr)n);
    int lo = pos & (p->stride - 1);
    int i0 = ((pos - lo) << 2) + lo;
    int idx[4] = {i0, i0 + p->stride, i0 + 2 * p->stride, i0 + 3 * p->stride};
    float d[4];
    alu(6);
    d[0] = ld_f32(ELEM_F32(src, idx[0]));
    d[1] = ld_f32(ELEM_F32(src, idx[1]));
    d[2] = ld_f32(ELEM_F32(src, idx[2]));
    d[3] = ld_f32(ELEM_F32(src, idx[3]));
    fwt_butterfly4(t, d);
    st_f32(ELEM_F32(dst, idx[0]), d[0]);
    st_f32(ELEM_F32(dst, idx[1]), d[1]);
    st_f32(ELEM_F32(dst, idx[2]), d[2]);
    st_f32(ELEM_F32(dst, idx[3]), d[3]);
}

static void fwt_modulate(simt_thread *t, const void *args) {
    const fwt_args *p = args;
    alu(3);
    int tid = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    int num_threads = (int)(blockDim.x * gridDim.x);
    sfu(1);
    float rcp_n = 1.0f / (float)p->n;
    for (int pos = tid; BR(pos < p->n); pos += num_threads) {
        float a = ld_f32(ELEM_F32(p->a, pos));
        float b = ld_f32(ELEM_F32(p->b, pos));
        alu(2);
        st_f32(ELEM_F32(p->a, pos), a * (b * rcp_n));
    }
}

/* fwtBatchGPU(d_Data, 1, log2N): the host loop of radix-4 passes, then the chunk pass. */
static void fwt_batch_gpu(simt_dev *d, simt_addr data, int log2n) {
    int m = 1, n = 1 << log2n;
    fwt_args p = {0};
    p.in = p.out = data;
    simt_dim3 grid = simt_dim((uint32_t)((1 << log2n) / (4 * FWT_THREAD_N)), (uint32_t)m, 1);
    for (; log2n > FWT_ELEMENTARY_LOG2SIZE; log2n -= 2, n >>= 2, m <<= 2) {
        p.stride = n / 4;
        simt_launch(d, "fwtBatch2Kernel", fwt_batch2, grid, simt_dim(FWT_THREAD_N, 1, 1), 0, &p);
    }
    p.log2n = log2n;
    simt_launch(d, "fwtBatch1Kernel", fwt_batch1, simt_dim((uint32_t)m, 1, 1),
                simt_dim((uint32_t)(n / 4), 1, 1), sizeof(float) * (size_t)n, &p);
}

static void fwt_dyadic_convolution_cpu(float *result, const float *data, const float *kernel,
                                       int log2_data, int log2_kernel) {
    const int data_n = 1 << log2_data, kernel_n = 1 << log2_kernel;
    for (int i = 0; i < data_n; i++) {
        double sum = 0;
        for (int j = 0; j < kernel_n; j++) {
            sum += data[i ^ j] * kernel[j];
        }
        result[i] = (float)sum;
    }
}

int app_fwt(simt_dev *d, const simt_app_opts *o) {
    int log2_data = 0;
    size_t want_n = kin_scaled(o, (size_t)1 << FWT_LOG2_DATA, (size_t)1 << 12);
    while (((size_t)2 << log2_data) <= want_n) {
        log2_data++;
    }
    const int data_n = 1 << log2_data, kernel_n = 1 << FWT_LOG2_KERNEL;
    float *h_kernel = kin_alloc((size_t)kernel_n, sizeof(float));
    float *h_data = kin_alloc((size_t)data_n, sizeof(float));
    float *cpu = kin_alloc((size_t)data_n, sizeof(float));
    float *gpu = kin_alloc((size_t)data_n, sizeof(float));
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (int i = 0; i < kernel_n; i++) {
        h_kernel[i] = kin_rand_unit_f32(&rng);
    }
    for (int i = 0; i < data_n; i++) {
        h_data[i] = kin_rand_unit_f32(&rng);
    }
    size_t bytes = sizeof(float) * (size_t)data_n;
    simt_addr d_kernel = simt_malloc(d, bytes, SIMT_FLOAT32, "d_Kernel");
    simt_addr d_data = simt_malloc(d, bytes, SIMT_FLOAT32, "d_Data");
    simt_memset(d, d_kernel, 0, bytes);
    simt_memcpy_htod(d, d_kernel, h_kernel, sizeof(float) * (size_t)kernel_n);
    simt_memcpy_htod(d, d_data, h_data, bytes);
    fwt_batch_gpu(d, d_data, log2_data);
    fwt_batch_gpu(d, d_kernel, log2_data);
    fwt_args mp = {0};
    mp.a = d_data;
    mp.b = d_kernel;
    mp.n = data_n;
    simt_launch(d, "modulateKernel", fwt_modulate, simt_dim(128, 1, 1), simt_dim(256, 1, 1), 0, &mp);
    fwt_batch_gpu(d, d_data, log2_data);
    simt_memcpy_dtoh(d, gpu, d_data, bytes);
    fwt_dyadic_convolution_cpu(cpu, h_data, h_kernel, log2_data, FWT_LOG2_KERNEL);

    double sum_delta2 = 0, sum_ref2 = 0, worst = -1;
    size_t worst_i = 0;
    for (int i = 0; i < data_n; i++) {
        double delta = (double)cpu[i] - (double)gpu[i];
        sum_delta2 += delta * delta;
        sum_ref2 += (double)cpu[i] * (double)cpu[i];
        if (!(fabs(delta) <= worst)) {
            worst = fabs(delta);
            worst_i = (size_t)i;
        }
    }
    int rc = 0;
    double l2 = sqrt(sum_delta2 / sum_ref2);
    if (!(l2 < 1e-6)) { /* the sample's test */
        printf("kernel fwt: check failed at %zu: got %.9g want %.9g (L2 error %.3g >= 1e-6)\n",
               worst_i, (double)gpu[worst_i], (double)cpu[worst_i], l2);
        rc = 1;
    }
    if (o->verbose) {
        printf("fwt: 2^%d elements, relative L2 error %.3g\n", log2_data, l2);
    }
    free(h_kernel);
    free(h_data);
    free(cpu);
    free(gpu);
    return rc;
}
