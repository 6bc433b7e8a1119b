/* The SIMT runtime's tracer (runtime-private): Accel-Sim .traceg per launch + kernelslist.g,
 * and the memory side file (docs/kernels.md defines both). The device calls these hooks. */
#ifndef SIMT_TRACE_H
#define SIMT_TRACE_H

#include <stdint.h>

#include "simt.h"

typedef struct simt_tracer simt_tracer;

typedef struct {
    const char *name;
    unsigned id; /* 1-based kernel id, as Accel-Sim's */
    simt_dim3 grid, block;
    size_t shared_bytes;
    uint64_t shared_base, local_base;
    const uint8_t *mem;   /* device memory at the launch (address of the first allocation) */
    size_t mem_bytes;     /* its used bytes: the KERNEL record's checksum covers them */
} simt_trace_kernel;

simt_tracer *simt_tracer_open(const char *dir, int xz);
/* Closes the files; returns 0, or -1 after printing what failed. */
int simt_tracer_close(simt_tracer *tr);
void simt_tracer_memcpy(simt_tracer *tr, uint64_t dst, const void *src, size_t bytes);
void simt_tracer_memset(simt_tracer *tr, uint64_t dst, int byte, size_t bytes);
void simt_tracer_alloc(simt_tracer *tr, uint64_t base, size_t bytes, const char *type, const char *name);
void simt_tracer_kernel_begin(simt_tracer *tr, const simt_trace_kernel *k);
void simt_tracer_block_begin(simt_tracer *tr, simt_dim3 block, unsigned nwarps);
/* mem: device memory after the instruction (global stores and atomics: their values), address
 * mem_base is mem[0]; NULL for the other instructions. */
void simt_tracer_inst(simt_tracer *tr, const simt_warp_inst *wi, const uint8_t *mem, uint64_t mem_base);
void simt_tracer_block_end(simt_tracer *tr);
void simt_tracer_kernel_end(simt_tracer *tr);

#endif
