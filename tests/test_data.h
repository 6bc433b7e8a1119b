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

/* The directory of a program run as "test_x [data_dir]": the argument, else as test_data_dir. */
static inline const char *test_data_dir_arg(int argc, char **argv) {
    return argc > 1 ? argv[1] : test_data_dir();
}

/* How a program reads the directory (flags of test_data_load_dir). Some programs predate this
 * header and their printed tables and line counts must not move, so they keep their own reading. */
enum {
    TEST_DATA_WHOLE_LINES = 1u, /* drop a partial last line instead of zero-padding it */
    TEST_DATA_DIR_ORDER = 2u,   /* keep readdir order instead of sorting by name */
};

static inline int test_data_read_file(const char *dir, const char *name, test_data_file *f,
                                      unsigned flags) {
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
    f->lines = (flags & TEST_DATA_WHOLE_LINES) ? (size_t)size / 128u : ((size_t)size + 127u) / 128u;
    size_t want = (flags & TEST_DATA_WHOLE_LINES) ? f->lines * 128u : (size_t)size;
    f->data = calloc(f->lines ? f->lines : 1u, 128);
    size_t got = f->data ? fread(f->data, 1, want, fp) : 0;
    fclose(fp);
    snprintf(f->name, sizeof f->name, "%s", name);
    if (got == want) return 0;
    free(f->data);   /* the slot is reused by the next file */
    f->data = NULL;
    return -1;
}

static inline int test_data_load_file(const char *dir, const char *name, test_data_file *f) {
    return test_data_read_file(dir, name, f, 0u);
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

static inline test_data_set *test_data_load_dir(const char *who, const char *dir, unsigned flags) {
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
            test_data_read_file(dir, e->d_name, &ds->file[ds->count], flags) == 0)
            ds->count++;
    }
    closedir(d);
    if (ds->count == 0) {
        fprintf(stderr, "%s: no .bin files in %s\n", who, dir);
        free(ds);
        return NULL;
    }
    if (!(flags & TEST_DATA_DIR_ORDER)) qsort(ds->file, ds->count, sizeof ds->file[0], test_data_cmp);
    return ds;
}

static inline test_data_set *test_data_load(const char *who) {
    return test_data_load_dir(who, test_data_dir(), 0u);
}

/* cmocka group fixtures: a program's setup hands over what it loaded, and no data fails the
 * group rather than letting it pass on nothing. */
static inline int test_data_setup(void **state, test_data_set *ds) {
    *state = ds;
    return ds ? 0 : -1;
}

static inline int test_data_teardown(void **state) {
    test_data_free(*state);
    return 0;
}

#endif
