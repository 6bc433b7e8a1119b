/* Compare two Accel-Sim traces' memory instructions warp by warp (docs/kernels.md, "Checked
 * against real traces"): the runtime's trace of an SDK port against NVBit's trace of the CUDA
 * original. Per warp of every block, the instruction stream is cut at its barriers; in each
 * piece the global memory instructions must agree in order, opcode class, width, active mask and
 * addresses (relative to the lowest MemcpyHtoD destination of each kernelslist.g: the first
 * allocation), and the shared memory instructions must agree as a multiset (nvcc interleaves
 * an unrolled loop's shared loads in its own order) with offsets compared as they are. */
#ifndef SIMT_TRACECMP_H
#define SIMT_TRACECMP_H

#include <stddef.h>
#include <stdio.h>

typedef struct {
    unsigned warps;                       /* warps compared */
    unsigned long insts_a, insts_b;       /* all instructions in each trace */
    unsigned long global_a, global_b;     /* global memory instructions */
    unsigned long shared_a, shared_b;     /* shared memory instructions */
    unsigned long bars_a, bars_b;         /* barriers */
} simt_tracecmp_counts;

/* a, b: kernelslist.g paths (each names one kernel-N.traceg). Returns 0 when the memory
 * instructions agree, 1 on the first difference (described in msg), -1 on a read or parse error
 * (file:line in msg). counts is filled as far as the files were read. */
int simt_trace_compare(const char *a, const char *b, simt_tracecmp_counts *counts, char *msg, size_t msg_len);

#endif
