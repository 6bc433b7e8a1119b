/* CUDA SDK binomialOptions (Samples/5_Domain_Specific/binomialOptions), single precision:
 * European call options priced on a NUM_STEPS = 2048 binomial tree, one block of 128 threads
 * per option, 16 tree nodes per thread in registers, neighbours exchanged through shared
 * memory with two barriers per time step. The host precomputes vDt, puByDf, pdByDf per
 * option (binomialOptionsGPU) into __constant__ memory, here a device array read with
 * global loads. Options as the sample makes them: S in [5, 30], X in [1, 100], T in
 * [0.25, 10], R = 0.06, V = 0.10 (randData on the seeded generator). Size: 4 options (the
 * sample prices 1024: 256x the 2048-step launch, 14 G thread operations; one option is 0.23 M
 * warp instructions); scale s: 4 / s (at least 1). The
 * check: each option against binomialOptionsCPU (same tree, libm exp instead of __expf). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"

#define BO_NUM_STEPS 2048
#define BO_OPTIONS 4
#define BO_BLOCK 128 /* THREADBLOCK_SIZE */
#define BO_ELEMS_PER_THREAD (BO_NUM_STEPS / BO_BLOCK)

typedef struct {
    float s, x, vdt, pu_by_df, pd_by_df;
} bo_option; /* __TOptionData: five floats */

typedef struct {
    simt_addr option_data, call_value;
} bo_args;

static float bo_expiry_call_value(simt_thread *t, float s, float x, float vdt, int i) {
    alu(4);
    sfu(1); /* __expf */
    float d = s * expf(vdt * (2.0f * (float)i - BO_NUM_STEPS)) - x;
    return (d > 0.0f) ? d : 0.0f;
}

static void bo_kernel(simt_thread *t, const void *args) {
    const bo_args *p = args;
    const int tid = (int)threadIdx.x;
    const simt_addr opt = p->option_data + sizeof(bo_option) * (simt_addr)blockIdx.x;
    const float s = ld_f32(opt + 0);
    const float x = ld_f32(opt + 4);
    const float vdt = ld_f32(opt + 8);
    const float pu_by_df = ld_f32(opt + 12);
    const float pd_by_df = ld_f32(opt + 16);
    float call[BO_ELEMS_PER_THREAD + 1];
    for (int i = 0; i < BO_ELEMS_PER_THREAD; ++i) { /* #pragma unroll */
        call[i] = bo_expiry_call_value(t, s, x, vdt, tid * BO_ELEMS_PER_THREAD + i);
    }
    if (BR(tid == 0)) {
        sts_f32(4u * BO_BLOCK, bo_expiry_call_value(t, s, x, vdt, BO_NUM_STEPS));
    }
    alu(2);
    int final_it = tid * BO_ELEMS_PER_THREAD - 1 > 0 ? tid * BO_ELEMS_PER_THREAD - 1 : 0;
    /* The original's loop: exchange (store, barrier, load, barrier), then the update of the
     * threads still inside the tree (i > final_it). The update is divergent and sits after the
     * barriers in source order; the runtime's barrier rule (docs/kernels.md) lets those threads
     * finish it before their warp parks at the next pass's barrier. */
    for (int i = BO_NUM_STEPS; BR(i > 0); --i) {
        sts_f32(4u * (uint32_t)tid, call[0]);
        syncthreads();
        call[BO_ELEMS_PER_THREAD] = lds_f32(4u * (uint32_t)(tid + 1));
        syncthreads();
        if (BR(i > final_it)) {
            alu(2 * BO_ELEMS_PER_THREAD); /* the unrolled multiply-adds */
            for (int j = 0; j < BO_ELEMS_PER_THREAD; ++j) {
                call[j] = pu_by_df * call[j + 1] + pd_by_df * call[j];
            }
        }
    }
    if (BR(tid == 0)) {
        st_f32(ELEM_F32(p->call_value, blockIdx.x), call[0]);
    }
}

typedef struct {
    float s, x, t, r, v;
} bo_input; /* TOptionData */

static float bo_rand_data(kin_rng *rng, float low, float high) {
    float t = kin_rand_unit_f32(rng);
    return (1.0f - t) * low + t * high;
}

/* binomialOptionsGPU's host part: the tree's per-step factors. */
static bo_option bo_prepare(const bo_input *in) {
    const float dt = in->t / (float)BO_NUM_STEPS;
    const float vdt = in->v * sqrtf(dt);
    const float rdt = in->r * dt;
    const float if_ = expf(rdt), df = expf(-rdt);
    const float u = expf(vdt), d = expf(-vdt);
    const float pu = (if_ - d) / (u - d), pd = 1.0f - pu;
    bo_option o = {in->s, in->x, vdt, pu * df, pd * df};
    return o;
}

/* binomialOptionsCPU: the same tree, sequentially. */
static float bo_cpu(const bo_option *o) {
    static float call[BO_NUM_STEPS + 1];
    for (int i = 0; i <= BO_NUM_STEPS; i++) {
        float d = o->s * expf(o->vdt * (float)(2 * i - BO_NUM_STEPS)) - o->x;
        call[i] = d > 0 ? d : 0;
    }
    for (int i = BO_NUM_STEPS; i > 0; i--) {
        for (int j = 0; j <= i - 1; j++) {
            call[j] = o->pu_by_df * call[j + 1] + o->pd_by_df * call[j];
        }
    }
    return call[0];
}

int app_bo(simt_dev *d, const simt_app_opts *o) {
    const int opt_n = (int)kin_scaled(o, BO_OPTIONS, 1);
    bo_option *opts = kin_alloc((size_t)opt_n, sizeof(bo_option));
    float *gpu = kin_alloc((size_t)opt_n, sizeof(float));
    float *cpu = kin_alloc((size_t)opt_n, sizeof(float));
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (int i = 0; i < opt_n; i++) {
        bo_input in;
        in.s = bo_rand_data(&rng, 5.0f, 30.0f);
        in.x = bo_rand_data(&rng, 1.0f, 100.0f);
        in.t = bo_rand_data(&rng, 0.25f, 10.0f);
        in.r = 0.06f;
        in.v = 0.10f;
        opts[i] = bo_prepare(&in);
    }
    bo_args p;
    p.option_data = simt_malloc(d, sizeof(bo_option) * (size_t)opt_n, SIMT_FLOAT32, "d_OptionData");
    p.call_value = simt_malloc(d, sizeof(float) * (size_t)opt_n, SIMT_FLOAT32, "d_CallValue");
    simt_memcpy_htod(d, p.option_data, opts, sizeof(bo_option) * (size_t)opt_n);
    simt_launch(d, "binomialOptionsKernel", bo_kernel, simt_dim((uint32_t)opt_n, 1, 1),
                simt_dim(BO_BLOCK, 1, 1), sizeof(float) * (BO_BLOCK + 1), &p);
    simt_memcpy_dtoh(d, gpu, p.call_value, sizeof(float) * (size_t)opt_n);
    for (int i = 0; i < opt_n; i++) {
        cpu[i] = bo_cpu(&opts[i]);
    }
    /* same arithmetic in the same order per tree node; only the libm calls may round apart */
    int rc = kin_check_f32("bo", gpu, cpu, (size_t)opt_n, 1e-5, 1e-5);
    free(opts);
    free(gpu);
    free(cpu);
    return rc;
}
