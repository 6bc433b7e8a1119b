/* CUDA SDK binomialOptions as the cutil-era SDK samples ship it (SDK 2.3 to 4.x, 2009-2011; seed
 * 004 cites the v4.0 samples, its reference [30]; the kernel source of 2010): European call
 * options priced on a NUM_STEPS = 2048 binomial tree, one block of CACHE_SIZE = 256 threads per
 * option. The tree lives in global memory, a NUM_STEPS + 16 float frame per option of
 * d_CallBuffer: the block writes the expiry values there, then walks the tree down
 * CACHE_DELTA = 32 time steps at a time, in chunks of CACHE_STEP = 224 nodes: each chunk is read
 * with its 32-node apron into shared memory (callA), stepped 32 times between callA and callB
 * with a barrier before each step, and its 224 finished nodes written back. So every time step
 * band reads and writes the whole remaining tree through the L1 (the current sample keeps the
 * tree in registers and shared memory and makes no such traffic: docs/paper.md, seed 004's bo).
 * The host precomputes vDt, puByDf, pdByDf per option (binomialOptionsGPU) into __constant__
 * memory, here a device array read with global loads. Options as the sample makes them: S in
 * [5, 30], X in [1, 100], T in [0.25, 10], R = 0.06, V = 0.10 (randData on the seeded
 * generator). Size: 4 options (the samples price MAX_OPTIONS = 1024, seed 004's Table III 512;
 * one option is about 0.58 M warp instructions here); scale s: 4 / s (at least 1). The check: each option
 * against binomialOptionsCPU (the same tree node by node; only the libm calls may round apart). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"

#define BO_NUM_STEPS 2048
#define BO_OPTIONS 4
#define BO_TIME_STEPS 16
#define BO_CACHE_DELTA (2 * BO_TIME_STEPS)
#define BO_CACHE_SIZE 256 /* threads per block, nodes per shared-memory chunk */
#define BO_CACHE_STEP (BO_CACHE_SIZE - BO_CACHE_DELTA)
#define BO_FRAME (BO_NUM_STEPS + 16) /* floats of d_CallBuffer per option */
#define BO_CALL_A 0u                                 /* shared callA[CACHE_SIZE + 1] */
#define BO_CALL_B (4u * (BO_CACHE_SIZE + 1))         /* shared callB[CACHE_SIZE + 1] */
#define BO_SHARED_BYTES (2u * 4u * (BO_CACHE_SIZE + 1))

#if BO_NUM_STEPS % BO_CACHE_DELTA
#error "NUM_STEPS must be a multiple of CACHE_DELTA, as the sample requires"
#endif

typedef struct {
    float s, x, vdt, pu_by_df, pd_by_df;
} bo_option; /* __TOptionData: five floats */

typedef struct {
    simt_addr option_data, call_value, call_buffer;
} bo_args;

static float bo_expiry_call_value(simt_thread *t, float s, float x, float vdt, int i) {
    alu(4);
    sfu(1); /* expf */
    float d = s * expf(vdt * (2.0f * (float)i - BO_NUM_STEPS)) - x;
    return (d > 0.0f) ? d : 0.0f;
}

/* One discounted step inside shared memory: dst[tid] = puByDf * src[tid + 1] + pdByDf * src[tid].
 * Every thread computes, as the v4.0 kernel writes it (no tid <= k guard): nodes past the chunk's
 * live end are computed from stale values and never written back. */
static void bo_step(simt_thread *t, uint32_t src, uint32_t dst, int tid, float pu_by_df, float pd_by_df) {
    syncthreads();
    const float up = lds_f32(src + 4u * (uint32_t)(tid + 1));
    const float down = lds_f32(src + 4u * (uint32_t)tid);
    alu(2);
    sts_f32(dst + 4u * (uint32_t)tid, pu_by_df * up + pd_by_df * down);
}

static void bo_kernel(simt_thread *t, const void *args) {
    const bo_args *p = args;
    const int tid = (int)threadIdx.x;
    alu(2);
    const simt_addr call = ELEM_F32(p->call_buffer, (simt_addr)blockIdx.x * BO_FRAME);
    const simt_addr opt = p->option_data + sizeof(bo_option) * (simt_addr)blockIdx.x;
    const float s = ld_f32(opt + 0);
    const float x = ld_f32(opt + 4);
    const float vdt = ld_f32(opt + 8);
    const float pu_by_df = ld_f32(opt + 12);
    const float pd_by_df = ld_f32(opt + 16);
    /* values at expiry date */
    for (int i = tid; BR(i <= BO_NUM_STEPS); i += BO_CACHE_SIZE) {
        st_f32(ELEM_F32(call, i), bo_expiry_call_value(t, s, x, vdt, i));
    }
    /* walk down the tree, CACHE_DELTA steps per band, double-buffered in shared memory */
    for (int i = BO_NUM_STEPS; BR(i > 0); i -= BO_CACHE_DELTA) {
        for (int c_base = 0; BR(c_base < i); c_base += BO_CACHE_STEP) {
            alu(3);
            const int c_start = BO_CACHE_SIZE - 1 < i - c_base ? BO_CACHE_SIZE - 1 : i - c_base;
            const int c_end = c_start - BO_CACHE_DELTA;
            syncthreads();
            if (BR(tid <= c_start)) { /* the chunk with its apron */
                sts_f32(BO_CALL_A + 4u * (uint32_t)tid, ld_f32(ELEM_F32(call, c_base + tid)));
            }
            for (int k = c_start - 1; BR(k >= c_end); k -= 2) {
                bo_step(t, BO_CALL_A, BO_CALL_B, tid, pu_by_df, pd_by_df);
                bo_step(t, BO_CALL_B, BO_CALL_A, tid, pu_by_df, pd_by_df);
            }
            syncthreads();
            if (BR(tid <= c_end)) { /* flush the finished nodes */
                st_f32(ELEM_F32(call, c_base + tid), lds_f32(BO_CALL_A + 4u * (uint32_t)tid));
            }
        }
    }
    if (BR(tid == 0)) {
        st_f32(ELEM_F32(p->call_value, blockIdx.x), lds_f32(BO_CALL_A));
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
    p.call_buffer = simt_malloc(d, sizeof(float) * BO_FRAME * (size_t)opt_n, SIMT_FLOAT32, "d_CallBuffer");
    simt_memcpy_htod(d, p.option_data, opts, sizeof(bo_option) * (size_t)opt_n);
    simt_launch(d, "binomialOptionsKernel", bo_kernel, simt_dim((uint32_t)opt_n, 1, 1),
                simt_dim(BO_CACHE_SIZE, 1, 1), BO_SHARED_BYTES, &p);
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
