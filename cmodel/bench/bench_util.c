/* Clock and directory listing of the benchmarks (bench_util.h). */
#define _POSIX_C_SOURCE 200809L
#include "bench_util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

double bench_cpu_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int compare_names(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *copy_string(const char *s) {
    char *c = malloc(strlen(s) + 1u);
    if (c != NULL) {
        strcpy(c, s);
    }
    return c;
}

size_t bench_list_dir(const char *prog, const char *dir, char *names[], size_t max) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        fprintf(stderr, "%s: cannot open directory '%s': %s\n", prog, dir, strerror(errno));
        return 0;
    }
    size_t n = 0;
    for (struct dirent *e; n < max && (e = readdir(d)) != NULL;) {
        char path[4096];
        struct stat sb;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (e->d_name[0] != '.' && stat(path, &sb) == 0 && S_ISREG(sb.st_mode) &&
            (names[n] = copy_string(e->d_name)) != NULL) {
            n++;
        }
    }
    closedir(d);
    qsort(names, n, sizeof names[0], compare_names);
    return n;
}
