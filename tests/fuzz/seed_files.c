/* Seed-corpus file helpers (seed_files.h). */
#define _POSIX_C_SOURCE 200809L
#include "seed_files.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

int seed_make_dir(const char *prog, const char *path) {
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "%s: cannot create %s: %s\n", prog, path, strerror(errno));
        return 1;
    }
    return 0;
}

int seed_write_file(const char *prog, const char *dir, const char *name, const uint8_t *data,
                    size_t n) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    bool written = f != NULL && fwrite(data, 1, n, f) == n;
    if (f != NULL && fclose(f) != 0) {
        written = false;
    }
    if (!written) {
        fprintf(stderr, "%s: cannot write %s\n", prog, path);
        return 1;
    }
    return 0;
}

void seed_fill_line(uint8_t line[128], uint32_t (*pattern)(unsigned)) {
    for (unsigned w = 0; w < 32; w++) {
        uint32_t v = pattern(w);
        for (unsigned b = 0; b < 4; b++) {
            line[4 * w + b] = (uint8_t)(v >> (8 * b));
        }
    }
}

int seed_make_corpus_dirs(const char *prog, int argc, char **argv, const char *dec_target,
                          char *dec, const char *rt_target, char *rt) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s OUTDIR\n", prog);
        return 2;
    }
    snprintf(dec, SEED_PATH_MAX, "%s/%s", argv[1], dec_target);
    snprintf(rt, SEED_PATH_MAX, "%s/%s", argv[1], rt_target);
    if (seed_make_dir(prog, argv[1]) || seed_make_dir(prog, dec) || seed_make_dir(prog, rt)) {
        return 1;
    }
    return -1;
}
