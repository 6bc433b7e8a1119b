/* The one output writer of nocpress and npsim (np_fileio.h): temporary file beside the target,
 * fsync, rename; removed on error, exit or signal. */
#define _XOPEN_SOURCE 700
#include "np_fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* ---- reading ----------------------------------------------------------------------------------- */

static const char *file_kind(mode_t m) {
    return S_ISDIR(m) ? "a directory" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
         : S_ISFIFO(m) ? "a fifo or pipe" : S_ISSOCK(m) ? "a socket" : "not a regular file";
}

FILE *np_open_regular(const char *path, long long *size, char *err, size_t err_len) {
    /* O_NONBLOCK: opening a fifo must not wait for a writer before it can be refused. */
    int fd = open(path, O_RDONLY | O_NONBLOCK);
    if (fd < 0) {
        snprintf(err, err_len, "%.900s: cannot open: %s", path, strerror(errno));
        return NULL;
    }
    struct stat sb;
    FILE *f = NULL;
    if (fstat(fd, &sb) != 0) {
        snprintf(err, err_len, "%.900s: cannot open: %s", path, strerror(errno));
    } else if (!S_ISREG(sb.st_mode)) {
        snprintf(err, err_len, "%.800s: is %s, not a regular file (inputs are read from files: a device or a pipe "
                 "may never end; copy the data to a file first)", path, file_kind(sb.st_mode));
    } else if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 || (f = fdopen(fd, "rb")) == NULL) {
        snprintf(err, err_len, "%.900s: cannot open: %s", path, strerror(errno));
    }
    if (f == NULL) {
        close(fd);
        return NULL;
    }
    *size = (long long)sb.st_size;
    return f;
}

/* ---- temporary files still open: removed by a signal or at exit -------------------------------- */

/* A handler may only call async-signal-safe functions: it walks this table and unlinks. A slot
 * holds a complete, malloc'd name from registration until after the rename or the unlink. */
#define NP_OUT_SLOTS 64
static char *volatile open_tmp[NP_OUT_SLOTS];
static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};

static void remove_open_tmp(void) {
    for (int i = 0; i < NP_OUT_SLOTS; i++) {
        char *t = open_tmp[i];
        if (t != NULL) unlink(t);
    }
}

/* SA_RESETHAND | SA_NODEFER: the disposition is the default again when raise() re-sends the
 * signal, so the process ends by it as it would have (shell sees 130 / 143). */
static void on_signal(int sig) {
    int saved = errno;
    remove_open_tmp();
    raise(sig);
    errno = saved;
}

/* Once per process, at the first temporary file: signals the caller ignores stay ignored
 * (nohup), and a handler the program set itself is left alone. */
static void install_cleanup(void) {
    static bool installed;
    if (installed) return;
    installed = true;
    atexit(remove_open_tmp);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++) {
        struct sigaction old;
        if (sigaction(cleanup_signals[i], NULL, &old) != 0 || old.sa_handler != SIG_DFL) continue;
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigemptyset(&sa.sa_mask);
        sa.sa_flags = SA_RESETHAND | SA_NODEFER;
        sigaction(cleanup_signals[i], &sa, NULL);
    }
}

static int register_tmp(char *tmp) {
    for (int i = 0; i < NP_OUT_SLOTS; i++)
        if (open_tmp[i] == NULL) {
            open_tmp[i] = tmp;
            return i;
        }
    return -1; /* more open outputs than slots: still removed on error, not on a signal */
}

static void unregister_tmp(np_outfile *o) {
    if (o->slot >= 0) open_tmp[o->slot] = NULL;
    o->slot = -1;
}

/* ---- checks ------------------------------------------------------------------------------------ */

/* "PATH: cannot write: WHY" into err; returns false. */
static bool fail(char *err, size_t err_len, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool fail(char *err, size_t err_len, const char *path, const char *fmt, ...) {
    char why[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    /* a name too long for the file system is shown cut (the message names its length) */
    snprintf(err, err_len, "%.300s%s: cannot write: %s", path, strlen(path) > 300 ? "..." : "", why);
    return false;
}

/* The file a path names: itself, or, for a symbolic link, the file it leads to (written
 * through, so the link stays a link). NULL with err set for a dangling link or a loop. */
static char *resolve_target(const char *path, char *err, size_t err_len) {
    struct stat sb;
    if (strlen(path) >= PATH_MAX) {
        fail(err, err_len, path, "name too long (%zu characters; at most %d)", strlen(path), PATH_MAX - 1);
        return NULL;
    }
    if (lstat(path, &sb) != 0 || !S_ISLNK(sb.st_mode)) {
        if (errno == ELOOP) { /* a loop in a folder part of the path */
            fail(err, err_len, path, "a loop of symbolic links");
            return NULL;
        }
        /* ENAMETOOLONG: check_target names the part that is too long */
        char *copy = strdup(path);
        if (copy == NULL) fail(err, err_len, path, "out of memory");
        return copy;
    }
    char *target = realpath(path, NULL);
    if (target == NULL) {
        int e = errno;
        if (e == ENOENT) fail(err, err_len, path, "a symbolic link to a missing file (dangling link)");
        else if (e == ELOOP) fail(err, err_len, path, "a loop of symbolic links");
        else fail(err, err_len, path, "symbolic link: %s", strerror(e));
        return NULL;
    }
    return target;
}

/* dir / base of a path (base points into path). */
static void split_path(const char *path, char *dir, size_t dir_len, const char **base) {
    const char *slash = strrchr(path, '/');
    if (slash == NULL) {
        snprintf(dir, dir_len, ".");
        *base = path;
    } else {
        snprintf(dir, dir_len, "%.*s", slash == path ? 1 : (int)(slash - path), path);
        *base = slash + 1;
    }
}

static long name_max_of(const char *dir) {
    long n = pathconf(dir, _PC_NAME_MAX);
    return n > 0 ? n : NAME_MAX;
}

/* The checks on a resolved target (see np_out_check). */
static bool check_target(const char *shown, const char *target, char *err, size_t err_len) {
    char dir[PATH_MAX];
    const char *base;
    split_path(target, dir, sizeof dir, &base);
    if (*base == '\0') return fail(err, err_len, shown, "a folder name (a file name is expected)");
    struct stat sb;
    if (stat(dir, &sb) != 0) return fail(err, err_len, shown, "folder %.500s: %s", dir, strerror(errno));
    if (!S_ISDIR(sb.st_mode)) return fail(err, err_len, shown, "%.500s is not a folder", dir);
    if (access(dir, W_OK | X_OK) != 0) return fail(err, err_len, shown, "folder %.500s: %s", dir, strerror(errno));
    long name_max = name_max_of(dir);
    if ((long)strlen(base) > name_max)
        return fail(err, err_len, shown, "file name too long (%zu characters; the file system of %.300s allows %ld)",
                    strlen(base), dir, name_max);
    if (stat(target, &sb) == 0) {
        if (S_ISDIR(sb.st_mode)) return fail(err, err_len, shown, "is a folder (a file is expected)");
        if (access(target, W_OK) != 0) return fail(err, err_len, shown, "%s", strerror(errno));
        if (!S_ISREG(sb.st_mode)) return true; /* a device or fifo: written directly, no space check */
    }
    struct statvfs vfs;
    if (statvfs(dir, &vfs) == 0 && vfs.f_blocks > 0 && (geteuid() == 0 ? vfs.f_bfree : vfs.f_bavail) == 0)
        return fail(err, err_len, shown, "%s (the file system of %.400s is full)", strerror(ENOSPC), dir);
    return true;
}

bool np_out_check(const char *path, char *err, size_t err_len) {
    char *target = resolve_target(path, err, err_len);
    if (target == NULL) return false;
    bool ok = check_target(path, target, err, err_len);
    free(target);
    return ok;
}

/* ---- writing ----------------------------------------------------------------------------------- */

/* NAME.XXXXXX beside the target; when NAME is so long that the suffix would not fit the file
 * system's limit, .np_out.XXXXXX in the same folder. */
static char *temp_name(const char *target) {
    char dir[PATH_MAX];
    const char *base;
    split_path(target, dir, sizeof dir, &base);
    long name_max = name_max_of(dir);
    size_t len = strlen(target) + sizeof ".np_out.XXXXXX" + 1;
    char *tmp = malloc(len);
    if (tmp == NULL) return NULL;
    if ((long)(strlen(base) + 7) <= name_max) snprintf(tmp, len, "%s.XXXXXX", target);
    else snprintf(tmp, len, "%.*s.np_out.XXXXXX", (int)(base - target), target);
    return tmp;
}

bool np_out_open(np_outfile *o, const char *path, char *err, size_t err_len) {
    memset(o, 0, sizeof *o);
    o->slot = -1;
    o->path = resolve_target(path, err, err_len);
    if (o->path == NULL) return false;
    if (!check_target(path, o->path, err, err_len)) {
        np_out_abort(o);
        return false;
    }
    struct stat sb;
    bool exists = stat(o->path, &sb) == 0;
    if (exists && !S_ISREG(sb.st_mode)) { /* /dev/stdout, a fifo: nothing to rename */
        o->f = fopen(o->path, "wb");
        if (o->f == NULL) {
            fail(err, err_len, path, "%s", strerror(errno));
            np_out_abort(o);
        }
        return o->f != NULL;
    }
    o->tmp = temp_name(o->path);
    if (o->tmp == NULL) {
        fail(err, err_len, path, "out of memory");
        np_out_abort(o);
        return false;
    }
    /* The file exists only once it is registered: a signal between mkstemp and the
     * registration would leave it behind, so the cleanup signals wait until both are done. */
    install_cleanup();
    sigset_t block, old;
    sigemptyset(&block);
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++)
        sigaddset(&block, cleanup_signals[i]);
    sigprocmask(SIG_BLOCK, &block, &old);
    int fd = mkstemp(o->tmp);
    int e = errno;
    if (fd >= 0) o->slot = register_tmp(o->tmp);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (fd < 0) {
        fail(err, err_len, path, "%s", strerror(e));
        free(o->tmp);
        o->tmp = NULL;
        np_out_abort(o);
        return false;
    }
    /* The mode fopen(path, "w") would have given: the old file's, else 0666 less the umask. */
    mode_t mask = umask(0);
    umask(mask);
    if (fchmod(fd, exists ? (sb.st_mode & 07777) : (0666 & ~mask)) != 0 || (o->f = fdopen(fd, "wb")) == NULL) {
        fail(err, err_len, path, "%s", strerror(errno));
        close(fd);
        np_out_abort(o);
        return false;
    }
    return true;
}

static void sync_folder(const char *target) {
    char dir[PATH_MAX];
    const char *base;
    split_path(target, dir, sizeof dir, &base);
    int fd = open(dir, O_RDONLY);
    if (fd >= 0) {
        fsync(fd); /* best effort: the rename is durable once the folder is */
        close(fd);
    }
}

bool np_out_commit(np_outfile *o, char *err, size_t err_len) {
    errno = 0;
    bool ok = fflush(o->f) == 0 && !ferror(o->f);
    if (ok && o->tmp != NULL && fsync(fileno(o->f)) != 0) ok = false;
    int e = errno;
    if (fclose(o->f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    o->f = NULL;
    if (!ok) {
        fail(err, err_len, o->path, "%s", e ? strerror(e) : "write error");
    } else if (o->tmp != NULL && rename(o->tmp, o->path) != 0) {
        ok = false;
        fail(err, err_len, o->path, "cannot replace it: %s", strerror(errno));
    }
    if (ok && o->tmp != NULL) {
        unregister_tmp(o);
        free(o->tmp);
        o->tmp = NULL;
        sync_folder(o->path);
    }
    np_out_abort(o); /* releases what is left; on failure removes the temporary file */
    return ok;
}

void np_out_abort(np_outfile *o) {
    if (o->f != NULL) {
        fclose(o->f);
        o->f = NULL;
    }
    if (o->tmp != NULL) {
        unlink(o->tmp);
        unregister_tmp(o);
        free(o->tmp);
        o->tmp = NULL;
    }
    free(o->path);
    o->path = NULL;
}

bool np_out_write_all(const char *path, const void *data, size_t len, char *err, size_t err_len) {
    np_outfile o;
    if (!np_out_open(&o, path, err, err_len)) return false;
    if (len > 0 && fwrite(data, 1, len, o.f) != len) {
        fail(err, err_len, path, "%s", strerror(errno));
        np_out_abort(&o);
        return false;
    }
    return np_out_commit(&o, err, err_len);
}
