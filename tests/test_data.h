/* The real cache-line data every C test measures on (NP_DATA_DIR, default ../shared/data/lines):
 * every .bin file read whole, as 128-byte lines with the last partial line zero-padded (as the
 * CLI reads them). Header-only so each test program stays one file. */
#ifndef NP_TEST_DATA_H
#define NP_TEST_DATA_H

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEST_DATA_MAX_FILES 64u

typedef struct {
    char name[256];
    uint8_t *data;      /* lines * 128 bytes */
    size_t lines;
} test_data_file;

typedef struct {
    test_data_file file[TEST_DATA_MAX_FILES];
    unsigned count;
} test_data_set;

static inline const char *test_data_dir(void) {
    const char *env = getenv("NP_DATA_DIR");
    return env && *env ? env : "../shared/data/lines";
}

static inline int test_data_load_file(const char *dir, const char *name, test_data_file *f) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *fp = fopen(path, "rb");
    if (fp == NULL) return -1;
    fseek(fp, 0, SEEK_END);
    long size = ftell(fp);
    fseek(fp, 0, SEEK_SET);
    if (size < 0) {
        fclose(fp);
        return -1;
    }
    f->lines = ((size_t)size + 127u) / 128u;
    f->data = calloc(f->lines ? f->lines : 1u, 128);
    size_t got = f->data ? fread(f->data, 1, (size_t)size, fp) : 0;
    fclose(fp);
    snprintf(f->name, sizeof f->name, "%s", name);
    return got == (size_t)size ? 0 : -1;
}

static inline void test_data_free(test_data_set *ds) {
    for (unsigned i = 0; ds && i < ds->count; i++) free(ds->file[i].data);
    free(ds);
}

/* Every .bin file of the data directory, sorted by name; NULL (with a message) when there is
 * none: a test that measures on real data must not pass on no data. */
static inline int test_data_cmp(const void *a, const void *b) {
    return strcmp(((const test_data_file *)a)->name, ((const test_data_file *)b)->name);
}

static inline test_data_set *test_data_load(const char *who) {
    const char *dir = test_data_dir();
    test_data_set *ds = calloc(1, sizeof *ds);
    DIR *d = opendir(dir);
    if (ds == NULL || d == NULL) {
        fprintf(stderr, "%s: cannot open data directory %s\n", who, dir);
        free(ds);
        if (d) closedir(d);
        return NULL;
    }
    for (struct dirent *e; (e = readdir(d)) != NULL && ds->count < TEST_DATA_MAX_FILES;) {
        size_t n = strlen(e->d_name);
        if (n > 4 && strcmp(e->d_name + n - 4, ".bin") == 0 &&
            test_data_load_file(dir, e->d_name, &ds->file[ds->count]) == 0)
            ds->count++;
    }
    closedir(d);
    if (ds->count == 0) {
        fprintf(stderr, "%s: no .bin files in %s\n", who, dir);
        free(ds);
        return NULL;
    }
    qsort(ds->file, ds->count, sizeof ds->file[0], test_data_cmp);
    return ds;
}

#endif
