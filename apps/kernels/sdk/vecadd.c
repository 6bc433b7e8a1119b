/* CUDA SDK-style vector addition, as microgpusim's test-apps/vectoradd ran it for the Accel-Sim
 * trace vectoradd-100-32: c[i] = a[i] + b[i] for i < n, one thread per element, blocks of
 * 1024, a[i] = sin(i)^2, b[i] = cos(i)^2 (so every c[i] is about 1). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "kernels.h"

#define VECADD_BLOCK 1024u
#define VECADD_N 100u

typedef struct {
    simt_addr a, b, c;
    int32_t n;
} vecadd_args;

static void vecadd_kernel(simt_thread *t, const void *args) {
    const vecadd_args *p = args;
    uint64_t id = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    alu(1); /* the global index (IMAD) */
    if (BR(id < (uint64_t)p->n)) {
        alu(1); /* element addresses */
        float x = ld_f32(ELEM_F32(p->a, id));
        float y = ld_f32(ELEM_F32(p->b, id));
        alu(1); /* FADD */
        st_f32(ELEM_F32(p->c, id), x + y);
    }
}

int app_vecadd(simt_dev *d, const simt_app_opts *o) {
    /* scale > 1 only shrinks nothing: n = 100 is already the trace's size */
    uint32_t n = (uint32_t)kin_scaled(o, VECADD_N, VECADD_N);
    size_t bytes = (size_t)n * sizeof(float);
    float *ha = kin_alloc(n, sizeof *ha), *hb = kin_alloc(n, sizeof *hb), *hc = kin_alloc(n, sizeof *hc);
    for (uint32_t i = 0; i < n; i++) {
        ha[i] = (float)(sin(i) * sin(i));
        hb[i] = (float)(cos(i) * cos(i));
        hc[i] = 0;
    }
    vecadd_args p = {simt_malloc(d, bytes, SIMT_FLOAT32, "a"), simt_malloc(d, bytes, SIMT_FLOAT32, "b"), simt_malloc(d, bytes, SIMT_FLOAT32, "c"), (int32_t)n};
    simt_memcpy_htod(d, p.a, ha, bytes);
    simt_memcpy_htod(d, p.b, hb, bytes);
    simt_memcpy_htod(d, p.c, hc, bytes);
    uint32_t grid = (n + VECADD_BLOCK - 1) / VECADD_BLOCK;
    simt_launch(d, "_Z6vecAddIfEvPT_S1_S1_i", vecadd_kernel, simt_dim(grid, 1, 1), simt_dim(VECADD_BLOCK, 1, 1), 0,
                &p);
    simt_memcpy_dtoh(d, hc, p.c, bytes);

    float *want = kin_alloc(n, sizeof *want);
    double sum = 0;
    for (uint32_t i = 0; i < n; i++) {
        want[i] = ha[i] + hb[i];
        sum += hc[i];
    }
    if (o && o->verbose) printf("vecadd: n %u, sum/n = %.6f (should be ~1)\n", n, sum / n);
    int bad = kin_check_f32("vecadd", hc, want, n, 0, 0);
    free(ha);
    free(hb);
    free(hc);
    free(want);
    return bad;
}
