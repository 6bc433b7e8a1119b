/* Shared helpers of the nocpress CLI (cli.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"
#include "np_progress.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *cli_open_regular(const char *path, uint64_t *size) {
    char err[1200];
    long long n;
    FILE *f = np_open_regular(path, &n, err, sizeof err);
    if (f == NULL) {
        cli_fail("%s", err);
        return NULL;
    }
    *size = (uint64_t)n;
    return f;
}

bool cli_read_file(const char *path, cli_buffer *buf) {
    buf->data = NULL;
    buf->size = 0;
    uint64_t size;
    FILE *f = cli_open_regular(path, &size);
    if (f == NULL) {
        return false;
    }
    if (size > SIZE_MAX - 1u) {
        fclose(f);
        cli_fail("'%s': too large to hold in memory", path);
        return false;
    }
    /* One allocation of the stated length (+1 to notice growth); a file that grows or shrinks
     * while it is read is an error, not a silently different input. */
    uint8_t *data = malloc((size_t)size + 1u);
    if (data == NULL) {
        fclose(f);
        cli_fail("'%s': out of memory for %llu bytes", path, (unsigned long long)size);
        return false;
    }
    size_t got = fread(data, 1, (size_t)size + 1u, f);
    bool ok = !ferror(f);
    if (!ok) {
        cli_fail("error reading '%s': %s", path, strerror(errno));
    } else if (got != size) {
        ok = false;
        cli_fail("'%s' changed length while being read (%llu bytes, then %s%zu)", path,
                 (unsigned long long)size, got > size ? "more than " : "", got);
    }
    fclose(f);
    if (!ok) {
        free(data);
        return false;
    }
    buf->data = data;
    buf->size = (size_t)size;
    return true;
}

/* The label cli_progress_file set for the file it names (a table's n-th of m files). */
static char progress_path[4096], progress_label[160];

void cli_set_quiet(void) {
    np_progress_init(NP_CLI_NAME, true);
}

void cli_progress_file(size_t index, size_t count, const char *path) {
    snprintf(progress_path, sizeof progress_path, "%s", path);
    snprintf(progress_label, sizeof progress_label, "file %zu of %zu, %.100s", index + 1, count, cli_basename(path));
}

bool cli_lines_open(cli_lines *r, const char *path) {
    memset(r, 0, sizeof *r);
    r->path = path;
    snprintf(r->label, sizeof r->label, "%s", strcmp(path, progress_path) == 0 ? progress_label : cli_basename(path));
    r->f = cli_open_regular(path, &r->size);
    if (r->f == NULL) {
        return false;
    }
    r->chunk = malloc((size_t)CLI_CHUNK_LINES * 128u);
    if (r->chunk == NULL) {
        fclose(r->f);
        r->f = NULL;
        cli_fail("out of memory");
        return false;
    }
    r->lines = r->size / 128u + (r->size % 128u != 0);
    return true;
}

bool cli_lines_rewind(cli_lines *r) {
    if (fseek(r->f, 0, SEEK_SET) != 0) {
        cli_fail("cannot rewind '%s': %s", r->path, strerror(errno));
        return false;
    }
    clearerr(r->f);
    r->delivered = r->bytes_read = 0;
    r->have = r->at = 0;
    return true;
}

int cli_lines_next(cli_lines *r, uint8_t out[128]) {
    if (r->at == r->have) { /* refill: as many whole bytes as fit, up to the stated length + 1 */
        size_t cap = (size_t)CLI_CHUNK_LINES * 128u;
        r->have = fread(r->chunk, 1, cap, r->f);
        r->at = 0;
        r->bytes_read += r->have;
        if (ferror(r->f)) {
            cli_fail("error reading '%s': %s", r->path, strerror(errno));
            return -1;
        }
        if (r->bytes_read > r->size || (r->have < cap && r->bytes_read != r->size)) {
            cli_fail("'%s' changed length while being read (%llu bytes, then %s%llu)", r->path,
                     (unsigned long long)r->size, r->bytes_read > r->size ? "more than " : "",
                     (unsigned long long)r->bytes_read);
            return -1;
        }
        if (r->have == 0) {
            return 0;
        }
        np_progress(r->label, r->bytes_read, r->size, "bytes");
    }
    size_t n = r->have - r->at < 128u ? r->have - r->at : 128u;
    memcpy(out, r->chunk + r->at, n);
    memset(out + n, 0, 128u - n);
    r->at += n;
    r->delivered++;
    return 1;
}

void cli_lines_close(cli_lines *r) {
    if (r->f != NULL) {
        fclose(r->f);
    }
    free(r->chunk);
    memset(r, 0, sizeof *r);
}

void cli_buffer_free(cli_buffer *buf) {
    free(buf->data);
    buf->data = NULL;
    buf->size = 0;
}

/* cli_out is np_outfile (np_fileio.c, the writer npsim uses too); these print its message. */
bool cli_out_open(cli_out *o, const char *path) {
    char err[1024];
    if (np_out_open(o, path, err, sizeof err)) return true;
    cli_fail("%s", err);
    return false;
}

bool cli_out_write(cli_out *o, const void *data, size_t n) {
    if (n > 0 && fwrite(data, 1, n, o->f) != n) {
        cli_fail("%s: cannot write: %s", o->path, strerror(errno));
        return false;
    }
    return true;
}

bool cli_out_commit(cli_out *o) {
    char err[1024];
    if (np_out_commit(o, err, sizeof err)) return true;
    cli_fail("%s", err);
    return false;
}

void cli_out_abort(cli_out *o) {
    np_out_abort(o);
}

bool cli_parse_uint(const char *text, unsigned long max, unsigned long *out) {
    if (text == NULL || *text == '\0') {
        return false;
    }
    unsigned long v = 0;
    for (const char *p = text; *p != '\0'; p++) {
        if (*p < '0' || *p > '9') {
            return false;
        }
        unsigned digit = (unsigned)(*p - '0');
        if (v > (max - digit) / 10u) {
            return false;
        }
        v = v * 10u + digit;
    }
    *out = v;
    return true;
}

bool cli_parse_lane_bytes(const char *cmd, const char *text, unsigned *out) {
    unsigned long v;
    if (!cli_parse_uint(text, 1024, &v) || (v != 64 && v != 128)) {
        cli_usage_error(cmd, "--lane-bytes must be 64 or 128, not '%s'", text ? text : "");
        return false;
    }
    *out = (unsigned)v;
    return true;
}

bool cli_parse_approx_bits(const char *cmd, const char *text, unsigned *out) {
    unsigned long v;
    if (!cli_parse_uint(text, 1024, &v) || v > 20 || v % 4 != 0) {
        cli_usage_error(cmd, "--approx must be one of 0, 4, 8, 12, 16, 20 (docs/dsm.md 5.2), not '%s'",
                        text ? text : "");
        return false;
    }
    *out = (unsigned)v;
    return true;
}

bool cli_is_help(const char *arg) {
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

const char *cli_basename(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash != NULL ? slash + 1 : path;
}

cli_elem_type cli_elem_type_of(const char *path) {
    const char *name = cli_basename(path);
    const char *last = strrchr(name, '.');
    if (last == NULL || last == name) {
        return CLI_ELEM_UNKNOWN;
    }
    const char *prev = last;
    while (prev > name && prev[-1] != '.') {
        prev--;
    }
    if (prev == name) {
        return CLI_ELEM_UNKNOWN; /* only one dot: no type part */
    }
    size_t len = (size_t)(last - prev);
    static const struct {
        const char *name;
        cli_elem_type type;
    } types[] = {{"int32", CLI_ELEM_INT32}, {"float32", CLI_ELEM_FLOAT32}, {"uint8", CLI_ELEM_UINT8}, {"float64", CLI_ELEM_FLOAT64}};
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        if (strlen(types[i].name) == len && strncmp(prev, types[i].name, len) == 0) {
            return types[i].type;
        }
    }
    return CLI_ELEM_UNKNOWN;
}

const char *cli_elem_type_name(cli_elem_type t) {
    switch (t) {
    case CLI_ELEM_INT32:
        return "int32";
    case CLI_ELEM_FLOAT32:
        return "float32";
    case CLI_ELEM_UINT8:
        return "uint8";
    case CLI_ELEM_FLOAT64:
        return "float64";
    case CLI_ELEM_UNKNOWN:
        break;
    }
    return "unknown";
}
