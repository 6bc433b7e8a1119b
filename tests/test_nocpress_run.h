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
#include <string.h>
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

/* Whether this run's CLI is the sanitized one with LeakSanitizer on (make test-c's ASAN_ENV). */
static inline int leak_checked_cli(void) {
    const char *o = getenv("ASAN_OPTIONS");
    return o != NULL && strstr(o, "detect_leaks=1") != NULL;
}

/* An outcome's class: the command line, the exit status and the first line of its error with
 * every word that holds a digit (a number, a hex checksum) as '#': which byte, line or checksum a
 * message names does not change the code path that wrote it. */
static inline int word_char(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline void outcome_class(char *key, size_t cap, const char *line, int status) {
    size_t n = (size_t)snprintf(key, cap, "%s\x1f%d\x1f", line, status);
    const char *e = err_text;
    while (n + 1 < cap && *e != '\0' && *e != '\n') {
        size_t w = 0;
        int digit = 0;
        while (word_char(e[w])) digit |= (e[w] >= '0' && e[w] <= '9'), w++;
        if (w == 0) key[n++] = *e++;
        else if (digit) key[n++] = '#', e += w;
        else for (; w > 0 && n + 1 < cap; w--) key[n++] = *e++;
    }
    key[n < cap ? n : cap - 1] = '\0';
}

/* Classes already run under LeakSanitizer (FNV-1a hashes; a collision costs one leak check). */
static inline int leak_class_is_new(const char *key) {
    static uint64_t seen[4096];
    static size_t count;
    uint64_t h = 1469598103934665603ull;
    for (const char *k = key; *k != '\0'; k++) h = (h ^ (uint8_t)*k) * 1099511628211ull;
    for (size_t i = 0; i < count; i++) {
        if (seen[i] == h) return 0;
    }
    if (count < sizeof seen / sizeof seen[0]) seen[count++] = h;
    return 1;
}

static inline int run_shell(const char *env, const char *leaks, const char *args) {
    char cmd[8192], out_path[1024], err_path[1024];
    snprintf(out_path, sizeof out_path, "%s/stdout.txt", tmp_dir());
    snprintf(err_path, sizeof err_path, "%s/stderr.txt", tmp_dir());
    snprintf(cmd, sizeof cmd, "%s %s %s %s >%s 2>%s", leaks, env, tool(), args, out_path, err_path);
    int status = system(cmd);
    read_text(out_path, out_text, sizeof out_text);
    read_text(err_path, err_text, sizeof err_text);
    assert_true(WIFEXITED(status));
    return WEXITSTATUS(status);
}

/* Runs "ENV nocpress ARGS" (env may be ""), stdout and stderr captured; returns the exit status.
 * Under the sanitized CLI every run has ASan and UBSan, but LeakSanitizer's exit-time scan
 * (~75 ms of a run's ~110 on the 2-core machine: page faults over the run-times' own 12 MB of
 * static data) is paid once per outcome class: a command line's first run is leak-checked; a
 * repeat (test_cli's 536 bit flips of one file are one command line) runs without it, and is
 * run again with it when its outcome is a class not yet checked, which a failed run allows: a
 * refused input writes nothing (the CLI's rule; the tests check it), so the rerun sees the same
 * files. The rerun must end the same way. */
static inline int run_env(const char *env, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline int run_env(const char *env, const char *fmt, ...) {
    char args[4096], key[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    if (!leak_checked_cli()) return run_shell(env, "", args);
    char leaks_off[1024];
    snprintf(leaks_off, sizeof leaks_off, "ASAN_OPTIONS='%s:detect_leaks=0'", getenv("ASAN_OPTIONS"));
    char line[4096 + 1024];
    snprintf(line, sizeof line, "%s %s", env, args);
    snprintf(key, sizeof key, "%s", line);
    if (leak_class_is_new(key)) {
        int status = run_shell(env, "", args);
        outcome_class(key, sizeof key, line, status);
        leak_class_is_new(key);
        return status;
    }
    int status = run_shell(env, leaks_off, args);
    outcome_class(key, sizeof key, line, status);
    if (status == 0 || !leak_class_is_new(key)) return status;
    int again = run_shell(env, "", args);
    if (again != status) {
        fail_msg("nocpress %s: exit %d, then %d under LeakSanitizer: %.600s", args, status, again, err_text);
    }
    return again;
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
