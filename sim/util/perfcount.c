/* Hardware instruction counter; see perfcount.h. */
#define _GNU_SOURCE
#include "util/perfcount.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

bool perfcount_open(perfcount *pc, char *why, size_t why_len) {
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof attr;
    attr.config = PERF_COUNT_HW_INSTRUCTIONS;
    attr.disabled = 1;
    attr.exclude_kernel = 1;    /* allowed at perf_event_paranoid <= 2 */
    attr.exclude_hv = 1;
    long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (fd < 0) {
        snprintf(why, why_len, "perf_event_open: %s", strerror(errno));
        pc->fd = -1;
        return false;
    }
    pc->fd = (int)fd;
    ioctl(pc->fd, PERF_EVENT_IOC_RESET, 0);
    ioctl(pc->fd, PERF_EVENT_IOC_ENABLE, 0);
    return true;
}

bool perfcount_read(const perfcount *pc, uint64_t *instructions) {
    return pc->fd >= 0 && read(pc->fd, instructions, sizeof *instructions) == (ssize_t)sizeof *instructions;
}

void perfcount_close(perfcount *pc) {
    if (pc->fd >= 0) close(pc->fd);
    pc->fd = -1;
}
#else
bool perfcount_open(perfcount *pc, char *why, size_t why_len) {
    snprintf(why, why_len, "no perf events on this system");
    pc->fd = -1;
    return false;
}
bool perfcount_read(const perfcount *pc, uint64_t *instructions) {
    (void)pc, (void)instructions;
    return false;
}
void perfcount_close(perfcount *pc) { pc->fd = -1; }
#endif
