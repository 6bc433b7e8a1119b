/* The command-line option parser and messages shared by the project's tools (cli_opts.h):
 * nocpress (cmodel/tool) and npsim (sim/main.c) both link this one file. */
#define _POSIX_C_SOURCE 200809L
#include "cli_opts.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Set once by the tool's main before any message; every message starts with it. */
const char *cli_tool_name = "nocpress";

int np_exit_status_of(const char *message) {
    static const char *const exhausted[] = {"out of memory", "Cannot allocate memory", "No space left on device",
                                            "File too large", "Disk quota exceeded"};
    for (size_t i = 0; i < sizeof exhausted / sizeof exhausted[0]; i++)
        if (strstr(message, exhausted[i])) return NP_EXIT_RESOURCE;
    return NP_EXIT_FAIL;
}

int cli_resource_exhausted;

int cli_fail(const char *fmt, ...) {
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s: %s\n", cli_tool_name, msg);
    int status = np_exit_status_of(msg);
    if (status == NP_EXIT_RESOURCE) cli_resource_exhausted = 1;
    return status;
}

int cli_usage_error(const char *cmd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s %s: ", cli_tool_name, cmd);
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n(run '%s %s --help' for usage)\n", cli_tool_name, cmd);
    va_end(ap);
    return NP_EXIT_USAGE;
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
    return cli_parse_options_short(argc, argv, NULL, longopts, usage, on_option, ctx, first);
}

int cli_parse_options_short(int argc, char **argv, const char *short_opts, const struct option *longopts,
                            const char *usage, int (*on_option)(void *ctx, int key, const char *value), void *ctx,
                            int *first) {
    char shorts[64];
    snprintf(shorts, sizeof shorts, "-:h%s", short_opts ? short_opts : "");
    /* "-" first: operands come back as key 1 in command-line order, so options may follow
     * them even with POSIXLY_CORRECT set (which would make plain GNU getopt stop at the first
     * operand and leave the options as operands, the bug this parser replaces); ":" next: a
     * missing value is ':' rather than '?'. */
    char **ops = malloc(((size_t)argc + 1u) * sizeof *ops);
    if (ops == NULL) {
        return cli_fail("out of memory");
    }
    int nops = 0, rc = -1;
    opterr = 0; /* every message is ours, prefixed with the command */
    optind = 0; /* 0, not 1: GNU getopt fully reinitialises (a command may be parsed twice) */
    for (int ch; rc < 0 && (ch = getopt_long(argc, argv, shorts, longopts, NULL)) != -1;) {
        if (ch == 1) {
            ops[nops++] = optarg;
        } else if (ch == 'h' && usage != NULL) {
            fputs(usage, stdout);
            rc = NP_EXIT_OK;
        } else if (ch == ':') {
            rc = cli_usage_error(argv[0], "option '%s' needs a value", argv[optind - 1]);
        } else if (ch == '?') {
            rc = option_error(argv[0], longopts, argv[optind - 1], optopt);
        } else if (on_option != NULL) {
            rc = on_option(ctx, ch, optarg);
        }
    }
    if (rc < 0) {
        while (optind < argc) { /* after "--": operands, whatever they look like */
            ops[nops++] = argv[optind++];
        }
        *first = argc - nops; /* the operands, in order, at the end of argv */
        memcpy(argv + *first, ops, (size_t)nops * sizeof *ops);
    }
    free(ops);
    return rc;
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

