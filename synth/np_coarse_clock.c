/* np_coarse_clock.c: an LD_PRELOAD library for the synthesis flow's ABC runs (synth/synth.mk).
 *
 * Why: ABC reads the calling thread's CPU clock (clock_gettime(CLOCK_THREAD_CPUTIME_ID), its
 * Abc_Clock()) inside the inner loops of dc2, &dch and dnsize, about a million times per mapping
 * of a small top, only to print how long each step took. A CPU-time clock is never answered by
 * the vDSO: every read is a system call, and on this project's virtual machines (kvm-clock)
 * those calls were 15-20 % of the synthesis CPU time (strace: 2.8 M of the 2.9 M system calls of
 * a `make synth-dsm_approx`; docs/synthesis.md "What the flow's time is spent on").
 *
 * What: a read of CLOCK_THREAD_CPUTIME_ID is answered from CLOCK_MONOTONIC_COARSE, which the
 * vDSO answers without entering the kernel. Every other clock goes to the C library unchanged
 * (Yosys times its passes with CLOCK_PROCESS_CPUTIME_ID, so its log's "Time spent" stays CPU
 * time). The flow sets no ABC time limit, so ABC only prints these values: its mapping does not
 * depend on them, and synth/test_synth.sh checks that a top's netlist is byte-identical with and
 * without this library. ABC's own "elapse" lines then show wall time at the coarse clock's
 * resolution (a few ms), which the flow does not read.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <time.h>

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

int clock_gettime(clockid_t clock, struct timespec *ts)
{
    static clock_gettime_fn next;
    if (!next) {
        next = (clock_gettime_fn)dlsym(RTLD_NEXT, "clock_gettime");
        if (!next) {
            errno = ENOSYS;
            return -1;
        }
    }
    return next(clock == CLOCK_THREAD_CPUTIME_ID ? CLOCK_MONOTONIC_COARSE : clock, ts);
}
