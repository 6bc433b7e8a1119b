/* approx-error: the application error of every reference kernel under DSM's approximation
 * unit at 4..20 bits per dataset, a gnuplot figure per kernel (seed 001 Figs 6.4-6.8), and the
 * bits predictor's held-out accuracy beside the seed's Fig. 6.9 (docs/approx.md).
 *   approx-error [--data-dir DIR] [--out DIR] [--kernel K] [--seed N] */
#define _POSIX_C_SOURCE 200809L   /* open_memstream */
#include "apps.h"
#include "np_fileio.h"
#include "np_gnuplot.h"

#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Seed 001 Fig. 6.9 / sec. 6.5, printed beside ours as references, never targets. */
static const char *seed_accuracy(app_kernel k) {
    switch (k) {
    case APP_KMEANS:
        return "80%";
    case APP_GE:
        return "89%";
    case APP_LUD:
        return "87%";
    default:
        return "\"very high\" (no figure; error-only inputs)";
    }
}

static void print_err(double e) {
    if (isnan(e)) {
        printf(" %10s", "-");
    } else if (e == 0.0) {
        printf(" %10s", "0");
    } else {
        printf(" %10.3g", e);
    }
}

static void table(const app_row *r, size_t n, app_kernel k) {
    printf("\n## %s: error = %s (seed 001 Table 6.3)\n\n", app_kernel_name(k), app_kernel_metric(k));
    printf("%-28s %-8s %9s %6s %4s", "dataset", "set", "S", "CN", "AC");
    for (unsigned b = 0; b < APP_NBITS; b++) {
        printf(" %8u bit", app_bits[b]);
    }
    printf("\n");
    for (size_t i = 0; i < n; i++) {
        if (r[i].ds.kernel != k) {
            continue;
        }
        printf("%-28s %-8s %9.0f %6.2f %4.0f", r[i].ds.name, r[i].ds.heldout ? "held-out" : "train",
               r[i].f.S, r[i].f.CN, r[i].f.AC);
        for (unsigned b = 0; b < APP_NBITS; b++) {
            print_err(r[i].err[b]);
        }
        printf("\n");
    }
    if (k == APP_LUD) {
        printf("\nlud, the second metric of Table 6.3: NRMSE\n\n");
        for (size_t i = 0; i < n; i++) {
            if (r[i].ds.kernel != k) {
                continue;
            }
            printf("%-28s %-8s %9.0f %6.2f %4.0f", r[i].ds.name, r[i].ds.heldout ? "held-out" : "train",
                   r[i].f.S, r[i].f.CN, r[i].f.AC);
            for (unsigned b = 0; b < APP_NBITS; b++) {
                print_err(r[i].err2[b]);
            }
            printf("\n");
        }
    }
}

/* errors below the plot's floor are drawn at it (log axis) */
#define PLOT_FLOOR 1e-9

/* Fig. 6.5's data for GE: one block per bit setting, (log10 condition number, error) for every
 * generated SPD dataset of n = 208, so gnuplot draws one line per setting from a plain file. */
static bool write_ge_cond(const app_row *r, size_t n, const char *path) {
    char err[1200];
    np_outfile out; /* the tools' one writer: temp file + rename */
    if (!np_out_open(&out, path, err, sizeof err)) {
        fprintf(stderr, "approx-error: %s\n", err);
        return false;
    }
    FILE *f = out.f;
    for (unsigned b = 0; b < APP_NBITS; b++) {
        fprintf(f, "# %u bits\n", app_bits[b]);
        for (size_t i = 0; i < n; i++)
            if (r[i].ds.kernel == APP_GE && strstr(r[i].ds.name, "spd n=208") != NULL) {
                double e = r[i].err[b];
                fprintf(f, "%.6g %.6g\n", r[i].f.CN, isfinite(e) ? fmax(e, PLOT_FLOOR) : 1e3);
            }
        fprintf(f, "\n\n");
    }
    if (np_out_commit(&out, err, sizeof err)) return true;
    fprintf(stderr, "approx-error: %s\n", err);
    return false;
}

/* The script for one kernel's plot: every path and title a gnuplot single-quoted string. */
/* The outputs are np_out_1 (the kernel's plot) and, for ge, np_out_2 (ge_cond.png): np_gnuplot.h. */
static bool plot_script(FILE *f, const app_row *r, size_t n, app_kernel k, const char *dat, const char *ge_dat) {
    char q1[2100], q2[2100], title[400];
    if (!np_gnuplot_quote(dat, q2, sizeof q2)) return false;
    fprintf(f, "set terminal pngcairo size 1000,640\nset output np_out_1\n");
    fprintf(f, "set title '%s: %s vs approximation bits, one line per dataset (cf. seed 001 Figs 6.4-6.8)'\n",
            app_kernel_name(k), app_kernel_metric(k));
    fprintf(f, "set xlabel 'approximation bits'\nset ylabel 'application error (0 drawn at 1e-9)'\nset logscale y\n"
               "set xtics (4,8,12,16,20)\nset key outside right font ',8'\nset grid\n");
    fprintf(f, "plot");
    for (size_t i = 0, idx = 0; i < n; i++) {
        if (r[i].ds.kernel != k) continue;   /* one index block of the .dat per dataset, titled by name */
        snprintf(title, sizeof title, "%s%s", r[i].ds.name, r[i].ds.heldout ? " (held-out)" : "");
        if (!np_gnuplot_quote(title, q1, sizeof q1)) return false;
        fprintf(f, "%s %s index %zu using 1:2 with linespoints title %s", idx ? ", \\\n    " : " ", q2, idx, q1);
        idx++;
    }
    fprintf(f, "\n");
    if (k == APP_GE) {   /* Fig. 6.5: error against the condition number, one line per bit setting */
        if (!np_gnuplot_quote(ge_dat, q2, sizeof q2)) return false;
        fprintf(f, "set output np_out_2\nset title 'ge: error vs log10 condition number (1-norm, measured), generated "
                   "SPD n=208 (cf. seed 001 Fig. 6.5)'\nset xlabel 'log10 condition number'\nunset xtics\nset xtics\n");
        fprintf(f, "plot for [i=0:%u] %s index i using 1:2 with linespoints title word('4 8 12 16 20', i+1).' bits'\n",
                APP_NBITS - 1, q2);
    }
    return true;
}

static bool plot(const app_row *r, size_t n, app_kernel k, const char *dir) {
    char dat[1024], gp[1024], png[1024], ge_dat[1024], ge_png[1024], err[1024];
    snprintf(dat, sizeof dat, "%s/%s.dat", dir, app_kernel_name(k));
    snprintf(gp, sizeof gp, "%s/%s.gp", dir, app_kernel_name(k));
    snprintf(png, sizeof png, "%s/%s.png", dir, app_kernel_name(k));
    snprintf(ge_dat, sizeof ge_dat, "%s/ge_cond.dat", dir);
    snprintf(ge_png, sizeof ge_png, "%s/ge_cond.png", dir);
    np_outfile out; /* the tools' one writer: temp file + rename */
    if (!np_out_open(&out, dat, err, sizeof err)) {
        fprintf(stderr, "approx-error: %s\n", err);
        return false;
    }
    FILE *f = out.f;
    for (size_t i = 0; i < n; i++) {
        if (r[i].ds.kernel != k) {
            continue;
        }
        fprintf(f, "# %s\n", r[i].ds.name);
        for (unsigned b = 0; b < APP_NBITS; b++) {
            double e = r[i].err[b];
            fprintf(f, "%u %.6g %.6g\n", app_bits[b], isfinite(e) ? fmax(e, PLOT_FLOOR) : 1e3,
                    r[i].f.CN);
        }
        fprintf(f, "\n\n");
    }
    if (!np_out_commit(&out, err, sizeof err)) {
        fprintf(stderr, "approx-error: %s\n", err);
        return false;
    }
    if (k == APP_GE && !write_ge_cond(r, n, ge_dat)) return false;
    char *script = NULL;
    size_t script_len = 0;
    FILE *s = open_memstream(&script, &script_len);
    bool ok = s != NULL && plot_script(s, r, n, k, dat, ge_dat);
    if (s != NULL) fclose(s);
    if (!ok) {
        fprintf(stderr, "approx-error: cannot write the plot script for %s (a path with a newline?)\n", dat);
        free(script);
        return false;
    }
    const char *const outputs[] = {png, ge_png};
    ok = np_run_gnuplot(gp, script, outputs, k == APP_GE ? 2 : 1, err, sizeof err);
    free(script);
    if (!ok) fprintf(stderr, "approx-error: %s\n", err);
    return ok;
}

int main(int argc, char **argv) {
    const char *data_dir = "../shared/data/lines", *out = "build/approx";
    app_kernel only = APP_COUNT;
    unsigned seed = 1;
    static const struct option opts[] = {{"data-dir", required_argument, NULL, 'd'},
                                         {"out", required_argument, NULL, 'o'},
                                         {"kernel", required_argument, NULL, 'k'},
                                         {"seed", required_argument, NULL, 's'},
                                         {"help", no_argument, NULL, 'h'},
                                         {NULL, 0, NULL, 0}};
    int c;
    while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
        switch (c) {
        case 'd':
            data_dir = optarg;
            break;
        case 'o':
            out = optarg;
            break;
        case 'k':
            if (!app_kernel_from_name(optarg, &only)) {
                fprintf(stderr, "approx-error: unknown kernel '%s' (kmeans ge lud hotspot srad sp)\n", optarg);
                return 2;
            }
            break;
        case 's':
            seed = (unsigned)strtoul(optarg, NULL, 10);
            break;
        case 'h':
            printf("usage: approx-error [--data-dir DIR] [--out DIR] [--kernel K] [--seed N]\n");
            return 0;
        default:
            return 2;
        }
    }
    if (optind != argc) {
        fprintf(stderr, "approx-error: unexpected operand '%s'\n", argv[optind]);
        return 2;
    }
    mkdir(out, 0777);
    app_row *r;
    size_t n;
    if (!app_measure_suite(only, data_dir, true, &r, &n)) {
        return 1;
    }
    char tsv[1024];
    snprintf(tsv, sizeof tsv, "%s/errors.tsv", out);
    if (!app_rows_write(tsv, r, n)) {
        free(r);
        return 1;
    }
    printf("# Application error under DSM's approximation unit (docs/approx.md)\n");
    printf("Every kernel run exactly and with its approximable regions read through the unit's C\n"
           "model (dsm_approx_map_set / dsm_approx_lookup / dsm_approx_apply) at each bits value.\n");
    bool ok = true;
    for (int k = 0; k < APP_COUNT; k++) {
        if (only == APP_COUNT || only == (app_kernel)k) {
            table(r, n, (app_kernel)k);
            ok = plot(r, n, (app_kernel)k, out) && ok;
        }
    }
    printf("\n## Predictor (libfann MLP {S, CN, AC, AE} -> {4..20} bits; seed %u)\n\n", seed);
    printf("%-8s %7s %7s %8s %10s %9s %9s %9s   %s\n", "kernel", "train", "epochs", "mse", "train acc",
           "held-out", "held acc", "in bound", "seed 001 Fig. 6.9");
    unsigned all[APP_NBITS][APP_NBITS] = {{0}};
    unsigned per[APP_COUNT][APP_NBITS][APP_NBITS] = {{{0}}};
    unsigned ok_all = 0, tot_all = 0;
    double inb_ok = 0.0;
    for (int k = 0; k < APP_COUNT; k++) {
        if (only != APP_COUNT && only != (app_kernel)k) {
            continue;
        }
        unsigned epochs = 0;
        double mse = 0.0;
        size_t samples = 0;
        struct fann *ann = app_train((app_kernel)k, r, n, seed, &epochs, &mse, &samples);
        if (ann == NULL) {
            fprintf(stderr, "approx-error: training %s failed\n", app_kernel_name((app_kernel)k));
            free(r);
            return 1;
        }
        unsigned tconf[APP_NBITS][APP_NBITS] = {{0}};
        double tacc = app_accuracy(ann, (app_kernel)k, r, n, false, tconf);
        double hacc = app_accuracy(ann, (app_kernel)k, r, n, true, per[k]);
        double inb = app_within_bound(ann, (app_kernel)k, r, n, true);
        unsigned held = 0, good = 0;
        for (unsigned a = 0; a < APP_NBITS; a++) {
            for (unsigned b = 0; b < APP_NBITS; b++) {
                all[a][b] += per[k][a][b];
                held += per[k][a][b];
                good += a == b ? per[k][a][b] : 0;
            }
        }
        ok_all += good;
        tot_all += held;
        printf("%-8s %7zu %7u %8.4f %9.1f%% %9u %8.1f%% %8.1f%%   %s\n", app_kernel_name((app_kernel)k),
               samples, epochs, mse, 100.0 * tacc, held, 100.0 * hacc, 100.0 * inb,
               seed_accuracy((app_kernel)k));
        inb_ok += inb * held;
        pred_free(ann);
    }
    printf("%-8s %7s %7s %8s %10s %9u %8.1f%% %8.1f%%   %s\n", "overall", "", "", "", "", tot_all,
           tot_all ? 100.0 * ok_all / tot_all : 0.0, tot_all ? 100.0 * inb_ok / tot_all : 0.0, "95%");
    printf("\n(held acc: the predicted bits equal the bits that produced the queried error, seed 001's\n"
           "accuracy; in bound: the predicted bits' measured error is at most the queried error)\n");
    for (int k = 0; k <= APP_COUNT; k++) {
        if (k < APP_COUNT && only != APP_COUNT && only != (app_kernel)k) {
            continue;
        }
        printf("\nconfusion, held-out samples, %s (rows: true bits, columns: predicted)\n\n",
               k < APP_COUNT ? app_kernel_name((app_kernel)k) : "all kernels");
        printf("%6s", "");
        for (unsigned b = 0; b < APP_NBITS; b++) {
            printf(" %5u", app_bits[b]);
        }
        printf("\n");
        for (unsigned a = 0; a < APP_NBITS; a++) {
            printf("%6u", app_bits[a]);
            for (unsigned b = 0; b < APP_NBITS; b++) {
                printf(" %5u", k < APP_COUNT ? per[k][a][b] : all[a][b]);
            }
            printf("\n");
        }
    }
    printf("\nFigures: %s/<kernel>.png (and ge_cond.png); measurements: %s\n", out, tsv);
    free(r);
    return ok ? 0 : 1;
}
