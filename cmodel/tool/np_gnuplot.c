/* gnuplot through posix_spawnp, script on stdin (np_gnuplot.h). */
#define _POSIX_C_SOURCE 200809L
#include "np_gnuplot.h"
#include "np_fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>

extern char **environ;

bool np_gnuplot_quote(const char *s, char *out, size_t n) {
    size_t k = 0;
    if (n < 3) return false;
    out[k++] = '\'';
    for (; *s; s++) {
        if (*s == '\n' || *s == '\r' || k + 4 > n) return false;
        if (*s == '\'') out[k++] = '\'';
        out[k++] = *s;
    }
    out[k++] = '\'';
    out[k] = '\0';
    return true;
}

bool np_run_gnuplot(const char *script_path, const char *script, char *err, size_t err_len) {
    if (!np_out_write_all(script_path, script, strlen(script), err, err_len)) return false;
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, script_path, O_RDONLY, 0);
    char *argv[] = {"gnuplot", NULL};
    pid_t pid;
    int rc = posix_spawnp(&pid, "gnuplot", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        snprintf(err, err_len, "gnuplot: cannot run: %s (the data and the script %.700s are written)", strerror(rc),
                 script_path);
        return false;
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            snprintf(err, err_len, "gnuplot: %s", strerror(errno));
            return false;
        }
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        snprintf(err, err_len, "gnuplot failed on %.800s (exit %d)", script_path,
                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return false;
    }
    return true;
}
