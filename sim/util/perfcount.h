/* Instructions retired by this process, from the CPU's hardware counter (Linux perf events).
 * Many virtual machines and containers expose no hardware counters; then perfcount_open fails
 * and the caller reports instruction counts as not measurable (docs/sim.md, "Speed", has the
 * callgrind route that always works). */
#ifndef SIM_PERFCOUNT_H
#define SIM_PERFCOUNT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    int fd;
} perfcount;

/* Open and start the user-space instruction counter; false (with the reason) when unavailable. */
bool perfcount_open(perfcount *pc, char *why, size_t why_len);
/* Instructions counted since perfcount_open; false when the read fails. */
bool perfcount_read(const perfcount *pc, uint64_t *instructions);
void perfcount_close(perfcount *pc);

#endif
