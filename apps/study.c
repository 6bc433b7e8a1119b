/* The study behind `make approx-error` and `nocpress approx-bits`: the suite measured at every
 * approximation number, and the predictor trained on the training datasets and scored on the
 * held-out ones (never a dataset on both sides). */
#include "apps.h"
#include "np_fileio.h"
#include "np_progress.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool app_measure_suite(app_kernel only, const char *data_dir, bool progress, app_row **rows,
                       size_t *n) {
    app_dataset ds[256];
    size_t nds = app_suite(ds, sizeof ds / sizeof ds[0]);
    app_row *r = calloc(nds, sizeof *r);
    size_t m = 0;
    if (r == NULL) {
        return false;
    }
    for (size_t i = 0; i < nds; i++) {
        if (only != APP_COUNT && ds[i].kernel != only) {
            continue;
        }
        r[m].ds = ds[i];
        np_progress("measuring the suite", i, nds, "datasets");
        if (!app_measure(&ds[i], data_dir, app_bits, APP_NBITS, r[m].err, r[m].err2, &r[m].f)) {
            free(r);
            return false;
        }
        if (progress) {
            fprintf(stderr, "  measured %-8s %s\n", app_kernel_name(ds[i].kernel), ds[i].name);
        }
        m++;
    }
    np_progress_end();
    *rows = r;
    *n = m;
    return true;
}

struct fann *app_train(app_kernel k, const app_row *rows, size_t n, unsigned seed,
                       unsigned *epochs, double *mse, size_t *samples) {
    pred_sample *s = malloc((n * APP_NBITS + 1) * sizeof *s);
    size_t m = 0;
    if (s == NULL) {
        return NULL;
    }
    for (size_t i = 0; i < n; i++) {
        if (rows[i].ds.kernel != k || rows[i].ds.heldout) {
            continue;
        }
        for (unsigned b = 0; b < APP_NBITS; b++) {
            s[m].f = rows[i].f;
            s[m].err = rows[i].err[b];
            s[m].bits = app_bits[b];
            m++;
        }
    }
    struct fann *ann = pred_train(k, s, m, seed, epochs, mse);
    free(s);
    if (samples != NULL) {
        *samples = m;
    }
    return ann;
}

double app_accuracy(struct fann *ann, app_kernel k, const app_row *rows, size_t n, bool heldout,
                    unsigned conf[APP_NBITS][APP_NBITS]) {
    unsigned ok = 0, total = 0;
    for (size_t i = 0; i < n; i++) {
        if (rows[i].ds.kernel != k || rows[i].ds.heldout != heldout) {
            continue;
        }
        for (unsigned b = 0; b < APP_NBITS; b++) {
            unsigned p = pred_bits(ann, k, &rows[i].f, rows[i].err[b]);
            unsigned pc = p / 4 - 1;
            conf[b][pc]++;
            ok += pc == b;
            total++;
        }
    }
    return total ? (double)ok / total : NAN;
}

double app_within_bound(struct fann *ann, app_kernel k, const app_row *rows, size_t n, bool heldout) {
    unsigned ok = 0, total = 0;
    for (size_t i = 0; i < n; i++) {
        if (rows[i].ds.kernel != k || rows[i].ds.heldout != heldout) {
            continue;
        }
        for (unsigned b = 0; b < APP_NBITS; b++) {
            unsigned pc = pred_bits(ann, k, &rows[i].f, rows[i].err[b]) / 4 - 1;
            ok += rows[i].err[pc] <= rows[i].err[b];
            total++;
        }
    }
    return total ? (double)ok / total : NAN;
}

bool app_rows_write(const char *path, const app_row *rows, size_t n) {
    char err[1200];
    np_outfile out; /* the tools' one writer: errors.tsv is whole or absent */
    if (!np_out_open(&out, path, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return false;
    }
    FILE *f = out.f;
    fprintf(f, "# kernel\tset\tS\tCN\tAC\terr4\terr8\terr12\terr16\terr20\tdataset\n");
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "%s\t%s\t%.17g\t%.17g\t%.17g", app_kernel_name(rows[i].ds.kernel),
                rows[i].ds.heldout ? "held-out" : "train", rows[i].f.S, rows[i].f.CN, rows[i].f.AC);
        for (unsigned b = 0; b < APP_NBITS; b++) {
            fprintf(f, "\t%.17g", rows[i].err[b]);
        }
        fprintf(f, "\t%s\n", rows[i].ds.name);
    }
    if (!np_out_commit(&out, err, sizeof err)) {
        fprintf(stderr, "%s\n", err);
        return false;
    }
    return true;
}

bool app_rows_read(const char *path, app_row **rows, size_t *n) {
    char err[1200];
    long long size;
    FILE *f = np_open_regular(path, &size, err, sizeof err); /* a device or fifo: refused, never read forever */
    if (f == NULL) {
        fprintf(stderr, "%s\n", err);
        return false;
    }
    size_t cap = 64, m = 0;
    app_row *r = calloc(cap, sizeof *r);
    char line[1024];
    unsigned lineno = 0;
    bool ok = r != NULL;
    while (ok && fgets(line, sizeof line, f) != NULL) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n') {
            continue;
        }
        if (m == cap) {
            app_row *t = realloc(r, 2 * cap * sizeof *r);
            if (t == NULL) {
                ok = false;
                break;
            }
            r = t;
            cap *= 2;
        }
        app_row *x = &r[m];
        memset(x, 0, sizeof *x);
        char kname[32], set[16];
        int used = 0;
        int got = sscanf(line, "%31s %15s %lf %lf %lf %lf %lf %lf %lf %lf %n", kname, set, &x->f.S, &x->f.CN,
                         &x->f.AC, &x->err[0], &x->err[1], &x->err[2], &x->err[3], &x->err[4], &used);
        if (got != 10 || !app_kernel_from_name(kname, &x->ds.kernel) ||
            (strcmp(set, "train") != 0 && strcmp(set, "held-out") != 0)) {
            fprintf(stderr, "%s:%u: not a row of approx-error's table\n", path, lineno);
            ok = false;
            break;
        }
        x->ds.heldout = strcmp(set, "held-out") == 0;
        snprintf(x->ds.name, sizeof x->ds.name, "%s", line + used);
        x->ds.name[strcspn(x->ds.name, "\n")] = '\0';
        for (unsigned b = 0; b < APP_NBITS; b++) {
            x->err2[b] = NAN;
        }
        m++;
    }
    fclose(f);
    if (!ok) {
        free(r);
        return false;
    }
    *rows = r;
    *n = m;
    return true;
}
