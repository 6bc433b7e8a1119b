/* The file I/O every tool of the project shares (nocpress, npsim and its library parts).
 *
 * Reading: np_open_regular opens an input only when it is a regular file. A device (/dev/zero
 * never ends, ftell says 0), a fifo (no writer: a hang), a folder or a socket is refused with a
 * message naming what it is, never read half or forever.
 *
 * Writing: every file the project's tools write (nocpress, npsim and its library parts) goes through
 * this one writer, so no run leaves a partial or corrupt result under the final name:
 *   - the data goes to a temporary file NAME.XXXXXX in the target's own folder (same file
 *     system, so the rename is atomic), is flushed and fsync'd, then renamed over NAME;
 *   - on any error, and on SIGINT / SIGTERM / SIGHUP / SIGQUIT, the temporary file is removed
 *     (a handler unlinks every open one, then the signal ends the process as before);
 *   - a symbolic link to a file is written through (the link stays, its target is replaced);
 *   - a path that is not a regular file (/dev/stdout, a fifo, /dev/null) is written directly.
 * np_out_check tells up front whether a path can be written (name length, dangling or looping
 * symbolic links, missing or read-only folder, a folder in its place, a full file system), so
 * a command checks its outputs before it simulates for hours. Only libc: npsim, its tests and
 * fuzzers link this file without the rest of the nocpress tool. Every function writes its
 * reason as "PATH: cannot write: WHY" into err (err_len bytes). */
#ifndef NP_FILEIO_H
#define NP_FILEIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* path for reading ("rb") when it is a regular file; *size gets its length. NULL with
 * "PATH: cannot open: WHY" or "PATH: is a fifo or pipe, not a regular file ..." in err. */
FILE *np_open_regular(const char *path, long long *size, char *err, size_t err_len);

typedef struct {
    FILE *f;                 /* write here (stdio) */
    char *path;              /* the final name (a link's target when NAME is a link), malloc'd */
    char *tmp;               /* the temporary file's name; NULL when writing directly */
    int slot;                /* its place in the signal handler's table, -1 for none */
} np_outfile;

/* True when path can be written: its folder exists and is writable, the name fits the file
 * system (with the temporary suffix), a symbolic link resolves, an existing file is not a
 * folder and is writable, and the file system has free blocks. Creates nothing. */
bool np_out_check(const char *path, char *err, size_t err_len);
/* np_out_check, then the temporary file (mode: the old file's, else 0666 less the umask). */
bool np_out_open(np_outfile *o, const char *path, char *err, size_t err_len);
/* Flush, fsync, close and rename over the final name. On failure the temporary file is gone
 * and the old file (if any) is untouched. The np_outfile is released either way. */
bool np_out_commit(np_outfile *o, char *err, size_t err_len);
/* Close and remove the temporary file (no-op after commit). */
void np_out_abort(np_outfile *o);
/* The whole file in one call: open, write len bytes of data, commit. */
bool np_out_write_all(const char *path, const void *data, size_t len, char *err, size_t err_len);

#endif
