/* Progress line on a terminal (np_progress.h). */
#define _POSIX_C_SOURCE 200809L
#include "np_progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static const char *tool_name;
static bool enabled;
static bool shown;             /* a line is on the terminal */
static double started = -1;    /* when the current job first reported */
static double last_print;
static double show_after = NP_PROGRESS_AFTER;

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void np_progress_init(const char *tool, bool quiet) {
    tool_name = tool;
    enabled = !quiet && isatty(STDERR_FILENO);
    const char *after = getenv("NP_PROGRESS_AFTER");
    char *end;
    double v = after != NULL ? strtod(after, &end) : -1.0;
    show_after = after != NULL && end != after && *end == '\0' && v >= 0.0 ? v : NP_PROGRESS_AFTER;
}

void np_progress(const char *what, uint64_t done, uint64_t total, const char *unit) {
    if (!enabled) return;
    double t = now_seconds();
    if (started < 0) started = t;
    if (t - started < show_after || (shown && t - last_print < NP_PROGRESS_EVERY)) return;
    last_print = t;
    shown = true;
    if (total)
        fprintf(stderr, "\r%s: %s: %llu of %llu %s (%.0f%%), %.0f s\033[K", tool_name, what, (unsigned long long)done,
                (unsigned long long)total, unit, 100.0 * (double)done / (double)total, t - started);
    else
        fprintf(stderr, "\r%s: %s: %llu %s, %.0f s\033[K", tool_name, what, (unsigned long long)done, unit, t - started);
    fflush(stderr);
}

void np_progress_end(void) {
    if (shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    shown = false;
    started = -1;
}
