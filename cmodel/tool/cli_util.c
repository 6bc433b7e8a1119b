/* Shared helpers of the nocpress CLI (cli.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int cli_fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs(NP_CLI_NAME ": ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return NP_EXIT_FAIL;
}

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, NP_CLI_NAME " %s: ", cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(run '" NP_CLI_NAME " %s --help' for usage)\n", cmd);
    va_end(ap);
    return NP_EXIT_USAGE;
}

bool cli_read_file(const char *path, cli_buffer *buf) {
    buf->data = NULL;
    buf->size = 0;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        cli_fail("cannot open '%s': %s", path, strerror(errno));
        return false;
    }
    size_t cap = 1u << 16;
    uint8_t *data = malloc(cap);
    size_t size = 0;
    while (data != NULL) {
        size += fread(data + size, 1, cap - size, f);
        if (size < cap) {
            break;
        }
        uint8_t *grown = realloc(data, cap * 2u);
        if (grown == NULL) {
            free(data);
            data = NULL;
            break;
        }
        data = grown;
        cap *= 2u;
    }
    bool ok = data != NULL && !ferror(f);
    if (data == NULL) {
        cli_fail("'%s': out of memory", path);
    } else if (!ok) {
        cli_fail("error reading '%s': %s", path, strerror(errno));
        free(data);
        data = NULL;
    }
    fclose(f);
    buf->data = data;
    buf->size = ok ? size : 0;
    return ok;
}

void cli_buffer_free(cli_buffer *buf) {
    free(buf->data);
    buf->data = NULL;
    buf->size = 0;
}

bool cli_write_file(const char *path, const uint8_t *data, size_t size) {
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        cli_fail("cannot create '%s': %s", path, strerror(errno));
        return false;
    }
    bool ok = fwrite(data, 1, size, f) == size;
    ok = (fclose(f) == 0) && ok;
    if (!ok) {
        cli_fail("error writing '%s': %s", path, strerror(errno));
    }
    return ok;
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

/* The long options whose names start with the `len` characters of name. */
static unsigned long_matches(const struct option *longopts, const char *name, size_t len, char *list,
                             size_t n) {
    unsigned count = 0;
    list[0] = '\0';
    for (const struct option *o = longopts; o->name != NULL; o++) {
        if (strncmp(o->name, name, len) != 0) {
            continue;
        }
        if (strlen(o->name) == len) {
            return 1; /* an exact name is never ambiguous */
        }
        size_t used = strlen(list);
        snprintf(list + used, n - used, "%s--%s", count ? ", " : "", o->name);
        count++;
    }
    return count;
}

/* Why getopt_long refused argument `arg` (it returned '?'). */
static int option_error(const char *cmd, const struct option *longopts, const char *arg, int short_opt) {
    if (strncmp(arg, "--", 2) != 0) {
        return cli_usage_error(cmd, "unknown option '-%c'", short_opt ? short_opt : '?');
    }
    const char *name = arg + 2;
    const char *eq = strchr(name, '=');
    size_t len = eq != NULL ? (size_t)(eq - name) : strlen(name);
    char list[256];
    unsigned n = long_matches(longopts, name, len, list, sizeof list);
    if (n > 1) {
        return cli_usage_error(cmd, "ambiguous option '--%.*s' (%s)", (int)len, name, list);
    }
    if (n == 1 && eq != NULL) {
        return cli_usage_error(cmd, "option '--%.*s' takes no value", (int)len, name);
    }
    return cli_usage_error(cmd, "unknown option '--%.*s'", (int)len, name);
}

int cli_parse_options(int argc, char **argv, const struct option *longopts, const char *usage,
                      int (*on_option)(void *ctx, int key, const char *value), void *ctx, int *first) {
    opterr = 0; /* every message is ours, prefixed with the command */
    optind = 0; /* 0, not 1: GNU getopt fully reinitialises (a command may be parsed twice) */
    for (int ch; (ch = getopt_long(argc, argv, ":h", longopts, NULL)) != -1;) {
        if (ch == 'h' && usage != NULL) {
            fputs(usage, stdout);
            return NP_EXIT_OK;
        }
        if (ch == ':') {
            return cli_usage_error(argv[0], "option '%s' needs a value", argv[optind - 1]);
        }
        if (ch == '?') {
            return option_error(argv[0], longopts, argv[optind - 1], optopt);
        }
        int rc = on_option != NULL ? on_option(ctx, ch, optarg) : -1;
        if (rc >= 0) {
            return rc;
        }
    }
    *first = optind;
    return -1;
}

int cli_expect_operands(const char *cmd, int count, int min, int max, const char *what) {
    if (count < min) {
        return cli_usage_error(cmd, count == 0 ? "expected %s" : "expected %s: too few operands", what);
    }
    if (max >= 0 && count > max) {
        return cli_usage_error(cmd, "expected %s: %d operand%s given", what, count, count == 1 ? "" : "s");
    }
    return -1;
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
    } types[] = {{"int32", CLI_ELEM_INT32}, {"float32", CLI_ELEM_FLOAT32}, {"uint8", CLI_ELEM_UINT8}};
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
    case CLI_ELEM_UNKNOWN:
        break;
    }
    return "unknown";
}

size_t cli_line_count(size_t size) {
    return size / 128u + (size % 128u != 0);
}

void cli_get_line(const cli_buffer *buf, size_t index, uint8_t out[128]) {
    size_t start = index * 128u;
    size_t avail = start < buf->size ? buf->size - start : 0;
    size_t n = avail < 128u ? avail : 128u;
    if (n > 0) {
        memcpy(out, buf->data + start, n);
    }
    memset(out + n, 0, 128u - n);
}
