/* test_nocpress_run.h: running the nocpress program from a cmocka test (test_cli.c,
 * test_cli_json.c): where the tool and the scratch folder are (NP_NOCPRESS, NP_TEST_TMP), and a
 * command's exit status with its standard output and error captured into out_text / err_text.
 * Include after <cmocka.h>. */
#ifndef TEST_NOCPRESS_RUN_H
#define TEST_NOCPRESS_RUN_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

static inline const char *tool(void) {
    const char *t = getenv("NP_NOCPRESS");
    return t != NULL ? t : "build/bin/nocpress";
}

static inline const char *tmp_dir(void) {
    const char *t = getenv("NP_TEST_TMP");
    return t != NULL ? t : "build/tests/tmp";
}

static char out_text[1 << 20], err_text[1 << 16];

static inline void read_text(const char *path, char *buf, size_t cap) {
    FILE *f = fopen(path, "rb");
    size_t n = f != NULL ? fread(buf, 1, cap - 1, f) : 0;
    buf[n] = '\0';
    if (f != NULL) {
        fclose(f);
    }
}

/* A path in the scratch folder; eight stay valid at once. */
static inline char *tmp_path(const char *name) {
    static char paths[8][1024];
    static unsigned next;
    char *p = paths[next++ % 8];
    snprintf(p, sizeof paths[0], "%s/%s", tmp_dir(), name);
    return p;
}

/* Runs "ENV nocpress ARGS" (env may be ""), stdout and stderr captured; returns the exit status. */
static inline int run_env(const char *env, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline int run_env(const char *env, const char *fmt, ...) {
    char args[4096], cmd[8192], out_path[1024], err_path[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(out_path, sizeof out_path, "%s/stdout.txt", tmp_dir());
    snprintf(err_path, sizeof err_path, "%s/stderr.txt", tmp_dir());
    snprintf(cmd, sizeof cmd, "%s %s %s >%s 2>%s", env, tool(), args, out_path, err_path);
    int status = system(cmd);
    read_text(out_path, out_text, sizeof out_text);
    read_text(err_path, err_text, sizeof err_text);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* Runs "nocpress ARGS". */
#define run(...) run_env("", __VA_ARGS__)

static inline void write_bytes(const char *path, const uint8_t *data, size_t n) {
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

#endif
