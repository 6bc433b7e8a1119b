/* gnuplot through posix_spawnp, script on stdin, images through np_fileio (np_gnuplot.h). */
#define _POSIX_C_SOURCE 200809L
#include "np_gnuplot.h"
#include "np_fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>

extern char **environ;

#define QUOTED_MAX 4200u   /* a quoted path: PATH_MAX with every character doubled, and quotes */

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

/* "np_out_1 = 'a'; np_out_2 = 'b'" for names[0 ..], or the script file's header (one
 * "if (!exists(...))" line per output) when header. False when a name cannot be quoted. */
static bool define_outputs(const char *const names[], size_t n, bool header, char *out, size_t cap) {
    size_t len = 0;
    out[0] = '\0';
    for (size_t k = 0; k < n; k++) {
        char q[QUOTED_MAX];
        if (!np_gnuplot_quote(names[k], q, sizeof q)) return false;
        int w = header ? snprintf(out + len, cap - len, "if (!exists(\"np_out_%zu\")) np_out_%zu = %s\n", k + 1, k + 1, q)
                       : snprintf(out + len, cap - len, "%snp_out_%zu = %s", k ? "; " : "", k + 1, q);
        if (w < 0 || (size_t)w >= cap - len) return false;
        len += (size_t)w;
    }
    return true;
}

/* Writes the script file: the header defining the final names, then the script. */
static bool write_script(const char *script_path, const char *script, const char *const outputs[], size_t n,
                         char *err, size_t err_len) {
    static char header[NP_GNUPLOT_MAX_OUTPUTS * (QUOTED_MAX + 64)];
    if (!define_outputs(outputs, n, true, header, sizeof header)) {
        snprintf(err, err_len, "gnuplot: an output name cannot be quoted (a newline in %.800s?)", outputs[0]);
        return false;
    }
    np_outfile o;
    if (!np_out_open(&o, script_path, err, err_len)) return false;
    fprintf(o.f, "# The images: np_out_K (npsim and the tools set them to temporary names, renamed when whole).\n%s%s",
            header, script);
    return np_out_commit(&o, err, err_len);
}

/* Runs gnuplot with stdin the script file and -e defining the outputs. */
static bool spawn_gnuplot(const char *script_path, const char *defines, char *err, size_t err_len) {
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, script_path, O_RDONLY, 0);
    char *argv[] = {"gnuplot", "-e", (char *)defines, "-", NULL};
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

bool np_run_gnuplot(const char *script_path, const char *script, const char *const outputs[], size_t noutputs,
                    char *err, size_t err_len) {
    if (noutputs == 0 || noutputs > NP_GNUPLOT_MAX_OUTPUTS) {
        snprintf(err, err_len, "gnuplot: %zu outputs (1..%u)", noutputs, NP_GNUPLOT_MAX_OUTPUTS);
        return false;
    }
    if (!write_script(script_path, script, outputs, noutputs, err, err_len)) return false;
    np_outfile out[NP_GNUPLOT_MAX_OUTPUTS];
    const char *written[NP_GNUPLOT_MAX_OUTPUTS];
    size_t opened = 0;
    bool ok = true;
    for (; ok && opened < noutputs; opened++) {
        ok = np_out_open(&out[opened], outputs[opened], err, err_len);
        if (!ok) break;
        /* gnuplot opens the temporary name itself; a path written directly (a device) as is */
        written[opened] = out[opened].tmp ? out[opened].tmp : out[opened].path;
    }
    static char defines[NP_GNUPLOT_MAX_OUTPUTS * (QUOTED_MAX + 32)];
    if (ok && !define_outputs(written, noutputs, false, defines, sizeof defines)) {
        snprintf(err, err_len, "gnuplot: a temporary name cannot be quoted");
        ok = false;
    }
    ok = ok && spawn_gnuplot(script_path, defines, err, err_len);
    for (size_t k = 0; ok && k < noutputs; k++) {
        struct stat sb; /* a script that never drew into an output leaves it empty: not an image */
        if (out[k].tmp && (stat(out[k].tmp, &sb) != 0 || sb.st_size == 0)) {
            snprintf(err, err_len, "gnuplot drew nothing into %.800s (%.300s)", outputs[k], script_path);
            ok = false;
        }
    }
    for (size_t k = 0; k < opened; k++) {
        if (ok) ok = np_out_commit(&out[k], err, err_len); /* each whole; on a failure the rest are aborted */
        else np_out_abort(&out[k]);
    }
    return ok;
}
