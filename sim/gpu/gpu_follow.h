/* A SIMT-runtime trace: the memory image follows the application's writes (docs/sim.md "Memory
 * image"). The run works on its own copy of the image, which is at launch k's start when launch
 * k's first block may issue (memlog_enter_launch: the runtime's memory there, checked by the log's
 * CRC-32s), and every global store or atomic writes its values into it when the warp issues it
 * (the store record the tracer wrote for that instruction): core = sm when the core model issues
 * the instruction, core = none (one launch) when the warp issues the instruction's first line
 * request. Lines that change lose their memoised compressed sizes. */
#ifndef SIM_GPU_FOLLOW_H
#define SIM_GPU_FOLLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct gpu_system;

/* Before anything reads the image: the run's copy when the image has a log. */
bool follow_init(struct gpu_system *g, char *err, size_t err_len);
/* After core_build: ties each store record to its trace instruction (an error names a record the
 * trace does not have). The trace may list the log's first launches only (kernel:NAME@1 of make
 * paper); a log with fewer launches than the trace is an error. */
bool follow_map(struct gpu_system *g, char *err, size_t err_len);
/* The image reaches launch k's start (k at or after the launch it is at). */
void follow_launch(struct gpu_system *g, unsigned k);
/* Trace instruction idx (a global store or atomic) issues: its values enter the image. */
void follow_store(struct gpu_system *g, uint32_t idx);
/* core = none: trace line request acc issues; the first of a store or atomic: its values enter. */
void follow_access(struct gpu_system *g, uint32_t acc);
void follow_free(struct gpu_system *g);

#endif
