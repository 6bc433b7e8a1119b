/* What the PolyBench/GPU 1.0 ports share (sgrauerg/polybenchGpu, CUDA/<KERNEL>/): the thread
 * block shape most kernels use, and the problem size: PolyBench/GPU's standard datasets
 * (4096, or 1024 for 2MM, 256^3 for 3DCONV) trace far past the project's budget (5 minutes
 * for every kernel on two cores), so each port documents a smaller default, divided further by
 * o->scale for the tests. */
#ifndef NP_POLYBENCH_H
#define NP_POLYBENCH_H

#include <stdint.h>

#include "kernels.h"

/* M_PI of the originals' math.h (strict C11 has none; their fallback 3.14159 is not taken
 * under nvcc, whose math.h defines it). */
#define PB_PI 3.14159265358979323846

#define PB_DIM_THREAD_BLOCK_X 32u
#define PB_DIM_THREAD_BLOCK_Y 8u

/* ceil(n / b) as the originals' (size_t)ceil((float)n / (float)b). */
static inline uint32_t pb_blocks(int32_t n, uint32_t b) {
    return ((uint32_t)n + b - 1) / b;
}

#endif
