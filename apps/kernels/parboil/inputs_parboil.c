/* Matrix Market reader for the Parboil SPMV port (the format Parboil's convert-dataset reads
 * with mmio.c). Errors name file:line. */
#include "inputs_parboil.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    FILE *f;
    char path[1024];
    unsigned line;
    char text[512];
} mm_file;

static int mm_fail(const mm_file *m, const char *why) {
    fprintf(stderr, "%s:%u: %s\n", m->path, m->line, why);
    return -1;
}

/* The next line that is not a `%` comment, or NULL at the end of the file. */
static const char *mm_next(mm_file *m) {
    while (fgets(m->text, sizeof(m->text), m->f)) {
        m->line++;
        if (m->text[0] != '%') {
            return m->text;
        }
    }
    return NULL;
}

/* <input_dir>/parboil/<rel> into buf; -1 (with a message) when it does not fit. */
static int mm_input_path(char *buf, size_t len, const simt_app_opts *o, const char *rel) {
    char sub[256];
    snprintf(sub, sizeof(sub), "parboil/%s", rel);
    return kin_input_path(buf, len, o, sub);
}

static int mm_open(mm_file *m, const char *path, const char *kind, int *pattern) {
    char object[32], format[32], field[32], symmetry[32];
    memset(m, 0, sizeof(*m));
    snprintf(m->path, sizeof(m->path), "%s", path);
    m->f = fopen(m->path, "r");
    if (!m->f) {
        fprintf(stderr, "%s: %s\n", m->path, strerror(errno));
        return -1;
    }
    if (!fgets(m->text, sizeof(m->text), m->f)) {
        return mm_fail(m, "empty file");
    }
    m->line = 1;
    if (sscanf(m->text, "%%%%MatrixMarket %31s %31s %31s %31s", object, format, field, symmetry) != 4 ||
        strcmp(object, "matrix") != 0 || strcmp(format, kind) != 0) {
        return mm_fail(m, "expected `%%MatrixMarket matrix <coordinate|array> <field> <symmetry>`");
    }
    if (strcmp(field, "real") != 0 && strcmp(field, "pattern") != 0) {
        return mm_fail(m, "only real and pattern matrices are read");
    }
    *pattern = strcmp(field, "pattern") == 0;
    return 0;
}

int mm_read_coo(const simt_app_opts *o, const char *rel, mm_coo *out) {
    char path[1024];
    memset(out, 0, sizeof(*out));
    if (mm_input_path(path, sizeof(path), o, rel) != 0) {
        return -1;
    }
    return mm_read_coo_path(path, out);
}

int mm_read_coo_path(const char *path, mm_coo *out) {
    mm_file m;
    int pattern = 0, rc = -1;
    long rows, cols, nnz;
    memset(out, 0, sizeof(*out));
    if (mm_open(&m, path, "coordinate", &pattern) != 0) {
        goto done;
    }
    if (!mm_next(&m) || sscanf(m.text, "%ld %ld %ld", &rows, &cols, &nnz) != 3 || rows < 1 ||
        cols < 1 || nnz < 1 || rows > (1L << 24) || cols > (1L << 24) || nnz > (1L << 26)) {
        mm_fail(&m, "expected `<rows> <cols> <entries>` (positive, < 2^24 / 2^26)");
        goto done;
    }
    out->rows = (int)rows;
    out->cols = (int)cols;
    out->row = kin_alloc((size_t)nnz, sizeof(int));
    out->col = kin_alloc((size_t)nnz, sizeof(int));
    out->val = kin_alloc((size_t)nnz, sizeof(float));
    for (long i = 0; i < nnz; i++) {
        long r, c;
        double v = 1.0;
        int got;
        if (!mm_next(&m)) {
            mm_fail(&m, "fewer entries than the size line declares");
            goto done;
        }
        got = pattern ? sscanf(m.text, "%ld %ld", &r, &c) : sscanf(m.text, "%ld %ld %lf", &r, &c, &v);
        if (got != (pattern ? 2 : 3)) {
            mm_fail(&m, pattern ? "expected `<row> <col>`" : "expected `<row> <col> <value>`");
            goto done;
        }
        if (r < 1 || r > rows || c < 1 || c > cols) {
            mm_fail(&m, "index outside the matrix");
            goto done;
        }
        out->row[i] = (int)r - 1;
        out->col[i] = (int)c - 1;
        out->val[i] = (float)v;
        out->nnz++;
    }
    if (mm_next(&m)) {
        mm_fail(&m, "more entries than the size line declares");
        goto done;
    }
    rc = 0;
done:
    if (m.f) {
        fclose(m.f);
    }
    if (rc != 0) {
        mm_coo_free(out);
    }
    return rc;
}

void mm_coo_free(mm_coo *m) {
    free(m->row);
    free(m->col);
    free(m->val);
    memset(m, 0, sizeof(*m));
}

int mm_read_array(const simt_app_opts *o, const char *rel, float *out, int want) {
    char path[1024];
    if (mm_input_path(path, sizeof(path), o, rel) != 0) {
        return -1;
    }
    return mm_read_array_path(path, out, want);
}

int mm_read_array_path(const char *path, float *out, int want) {
    mm_file m;
    int pattern = 0, rc = -1;
    long rows, cols;
    if (mm_open(&m, path, "array", &pattern) != 0) {
        goto done;
    }
    if (pattern) {
        mm_fail(&m, "an array matrix has values");
        goto done;
    }
    if (!mm_next(&m) || sscanf(m.text, "%ld %ld", &rows, &cols) != 2 || rows < 1 || cols < 1 ||
        rows * cols != want) {
        mm_fail(&m, "expected `<rows> <cols>` with rows * cols the vector length");
        goto done;
    }
    for (int i = 0; i < want; i++) {
        double v;
        if (!mm_next(&m) || sscanf(m.text, "%lf", &v) != 1) {
            mm_fail(&m, "expected one value per line");
            goto done;
        }
        out[i] = (float)v;
    }
    if (mm_next(&m)) {
        mm_fail(&m, "more values than the size line declares");
        goto done;
    }
    rc = 0;
done:
    if (m.f) {
        fclose(m.f);
    }
    return rc;
}
