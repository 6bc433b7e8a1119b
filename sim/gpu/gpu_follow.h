/* A SIMT-runtime trace: the memory image follows the application's writes (docs/sim.md "Memory
 * image", docs/kernels.md "npsim follows the application's memory"). The run works on its own copy
 * of the image, which is at launch k's start when launch k's first block may issue
 * (memlog_enter_launch: the runtime's memory there, checked by the log's CRC-32s). Within a launch
 * the memory orders every line request at its L2 access (the L2 slice of its memory port, behind
 * the PCU's write buffer and the data-filtering table), except that an SM's requests for one line
 * keep the order the SM sent them in (the request that overtook orders the earlier ones first, as
 * an in-order path from an SM to a slice would): a store's (or atomic's) lanes in that line enter
 * the image when its line request is ordered, and a read's reply carries its line as it was when
 * the read was ordered (a store that changes the line later leaves the read a copy); an atomic
 * (done at the L2, past the L1) is a read whose lanes enter after it. Lines that change lose their
 * memoised compressed sizes. */
#ifndef SIM_GPU_FOLLOW_H
#define SIM_GPU_FOLLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "trace/trace.h"

struct gpu_system;

/* Before anything reads the image: the run's copy when the image has a log. */
bool follow_init(struct gpu_system *g, char *err, size_t err_len);
/* After core_build: ties each store record to its trace line requests (an error names a record the
 * trace does not have). The trace may list the log's first launches only (kernel:NAME@1 of make
 * paper); a log with fewer launches than the trace is an error. */
bool follow_map(struct gpu_system *g, char *err, size_t err_len);
/* The image reaches launch k's start (k at or after the launch it is at). */
void follow_launch(struct gpu_system *g, unsigned k);
/* Transaction id was made for trace line request *a (a pointer into the trace's accesses, or a
 * copy: then it carries no store record): it joins its (SM, port) list. */
void follow_sent(struct gpu_system *g, uint32_t id, const trace_access *a);
/* The memory orders transaction id (its L2 access; a read the data-filtering table or the PCU
 * absorbs: there): first its SM's earlier requests for the line, then its store lanes or its read. */
void follow_ordered(struct gpu_system *g, uint32_t id);
/* The line a read's reply carries: its kept copy, or the image's line. */
const uint8_t *follow_read_line(const struct gpu_system *g, uint32_t id, bool *kept);
/* PCU: a read the carrier's multicast reply answers receives the carrier's line. */
void follow_group_member(struct gpu_system *g, uint32_t carrier, uint32_t member);
/* The transaction pool grew to cap: each may keep a line. */
bool follow_grow(struct gpu_system *g, uint32_t cap);
/* Transaction id is freed: a read leaves its port's open list. */
void follow_freed(struct gpu_system *g, uint32_t id);
void follow_free(struct gpu_system *g);

#endif
