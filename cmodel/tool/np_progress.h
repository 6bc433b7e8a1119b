/* A progress line on stderr for the tools' long jobs (issue 33): a command that can run longer
 * than a few seconds reports where it is, so it is never silent for minutes. The line appears
 * only when stderr is a terminal and the user did not ask for quiet (npsim --quiet), and only
 * once the job has run NP_PROGRESS_AFTER seconds; it is rewritten in place (\r) at most every
 * NP_PROGRESS_EVERY seconds and erased when the job ends, so logs and pipes never see it.
 * Only libc: the simulator's parts (network, GPU model), its tests and fuzzers link this file. */
#ifndef NP_PROGRESS_H
#define NP_PROGRESS_H

#include <stdbool.h>
#include <stdint.h>

#define NP_PROGRESS_AFTER 1.0
#define NP_PROGRESS_EVERY 0.5
/* The environment variable NP_PROGRESS_AFTER (seconds, e.g. 0) overrides NP_PROGRESS_AFTER: the
 * tests show the line at once instead of running a job long enough. */

/* Once, in main: the tool's name and whether the user asked for quiet. Without this call no
 * line is ever printed (library use, tests). */
void np_progress_init(const char *tool, bool quiet);
/* The job `what` has done `done` `unit`s of `total` (0: unknown). Cheap when it prints nothing:
 * call it every few thousand steps of a loop. */
void np_progress(const char *what, uint64_t done, uint64_t total, const char *unit);
/* Erase the line (when one was printed). */
void np_progress_end(void);

#endif
