/* `nocpress approx-bits`: the approximation bits for an application error bound (issue 17,
 * docs/approx.md): seed 001's predictor (apps/predict.c, libfann) trained on the measured
 * suite, asked for the dataset's features and the bound; the dataset is then run at every
 * bits value so the answer carries its measured error too. */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "apps.h"
#include "cli.h"
#include "cli_result.h"

static const char approx_bits_usage[] =
    "usage: nocpress approx-bits --kernel K --max-error E [--data FILE]... [OPTIONS]\n"
    "\n"
    "The approximation bits (4..20, or 0) that keep kernel K's application error within E\n"
    "(docs/approx.md): seed 001's MLP predictor trained on the measured suite answers from the\n"
    "dataset's features {S, CN, AC} and E; the dataset is run exactly and at every bits value\n"
    "through the unit's C model, so the measured error is printed beside the prediction, and\n"
    "when it exceeds E the answer falls back to the largest bits measured within E.\n"
    "  --kernel K        kmeans | ge | lud | hotspot | srad | sp\n"
    "  --max-error E     the bound, in the kernel's metric (0.01 = 1%)\n"
    "  --data FILE       a float32 input (hotspot: temperatures then power); none: a generated\n"
    "                    input of the suite's kind (--rows, --cols, --clusters, --cond)\n"
    "  --rows N --cols N the input's shape (default: kmeans 34 columns, others square; srad\n"
    "                    runs on the leading block of whole 16 x 16 tiles)\n"
    "  --clusters K      k-means clusters (default 5)\n"
    "  --cond X          generated ge input: log10 condition number (default 3)\n"
    "  --table FILE      train from approx-error's errors.tsv instead of measuring the suite\n"
    "  --data-dir DIR    real inputs of the suite (default ../shared/data/lines)\n"
    "  --seed N          predictor seed (default 1, as approx-error)\n"
    "  --config-out FILE write the answer as an npsim configuration (compressor = dsm-approx,\n"
    "                    approx_bits, approx_regions; npsim -c FILE) with the unit's map entries\n"
    "  --format F        text (default) or json (one document with the provenance: docs/cli.md\n"
    "                    \"JSON output\")\n"
    "  --out FILE        write the result to FILE (whole or not at all) instead of stdout\n"
    "  --quiet           no progress line while the suite is measured and the predictor trained\n"
    "                    (shown on stderr when it is a terminal, after 1 s)\n";

enum { OPT_KERNEL = 256, OPT_MAXERR, OPT_DATA, OPT_ROWS, OPT_COLS, OPT_CLUSTERS, OPT_COND,
       OPT_TABLE, OPT_DATADIR, OPT_SEED, OPT_CONFIG, OPT_FORMAT, OPT_OUT };

typedef struct {
    const char *cmd;
    app_kernel kernel;
    bool kernel_given, err_given;
    double max_err, cond;
    const char *data[2];
    unsigned ndata;
    unsigned long rows, cols, clusters, seed;
    const char *table, *data_dir, *config;
    table_format format;      /* text or json */
    const char *out;          /* --out FILE or NULL */
} approx_opts;

static int on_option(void *ctx, int key, const char *val) {
    approx_opts *o = ctx;
    char *end = NULL;
    switch (key) {
    case OPT_KERNEL:
        if (!app_kernel_from_name(val, &o->kernel)) {
            return cli_usage_error(o->cmd, "unknown kernel '%s' (kmeans ge lud hotspot srad sp)", val);
        }
        o->kernel_given = true;
        return -1;
    case OPT_MAXERR:
    case OPT_COND: {
        double v = strtod(val, &end);
        if (end == val || *end != '\0' || !isfinite(v) || v < 0.0) {
            return cli_usage_error(o->cmd, "bad value '%s' for %s", val, key == OPT_MAXERR ? "--max-error" : "--cond");
        }
        if (key == OPT_MAXERR) {
            o->max_err = v;
            o->err_given = true;
        } else {
            o->cond = v;
        }
        return -1;
    }
    case OPT_DATA:
        if (o->ndata == 2) {
            return cli_usage_error(o->cmd, "at most two --data files (hotspot: temperatures, power)");
        }
        o->data[o->ndata++] = val;
        return -1;
    case OPT_TABLE: o->table = val; return -1;
    case OPT_DATADIR: o->data_dir = val; return -1;
    case OPT_CONFIG: o->config = val; return -1;
    case OPT_OUT: o->out = val; return -1;
    case CLI_OPT_QUIET: cli_set_quiet(); return -1;
    case OPT_FORMAT:
        if (!cli_parse_result_format(o->cmd, val, &o->format)) return NP_EXIT_USAGE;
        if (o->format == TABLE_MARKDOWN) return cli_usage_error(o->cmd, "--format must be text or json, not '%s'", val);
        return -1;
    default: break;
    }
    unsigned long *dst = key == OPT_ROWS ? &o->rows : key == OPT_COLS ? &o->cols
                         : key == OPT_CLUSTERS ? &o->clusters : &o->seed;
    if (!cli_parse_uint(val, key == OPT_SEED ? 0xFFFFFFFFul : 1ul << 24, dst)) {
        return cli_usage_error(o->cmd, "bad value '%s'", val);
    }
    return -1;
}

/* The dataset the user asks about, in the suite's terms. */
static int make_dataset(const approx_opts *o, app_dataset *ds) {
    memset(ds, 0, sizeof *ds);
    ds->kernel = o->kernel;
    ds->k = o->kernel == APP_KMEANS ? (unsigned)o->clusters : o->kernel == APP_HOTSPOT ? 20u : o->kernel == APP_SRAD ? 10u : 0u;
    ds->log_cond = o->cond;
    ds->seed = 1;
    ds->rows = o->rows;
    ds->cols = o->cols;
    if (o->ndata > 0) {
        if ((o->kernel == APP_HOTSPOT) != (o->ndata == 2)) {
            return cli_usage_error(o->cmd, "%s takes %s --data file%s", app_kernel_name(o->kernel),
                                   o->kernel == APP_HOTSPOT ? "two" : "one", o->kernel == APP_HOTSPOT ? "s" : "");
        }
        if (o->kernel == APP_SP) {
            return cli_usage_error(o->cmd, "sp has no real input: give --rows (vectors) and --cols (length)");
        }
        uint64_t size = 0;
        FILE *f = cli_open_regular(o->data[0], &size);
        if (f == NULL) {
            return NP_EXIT_FAIL;
        }
        fclose(f);
        size_t elems = (size_t)(size / sizeof(float));
        if (ds->cols == 0) {
            ds->cols = o->kernel == APP_KMEANS ? 34 : (size_t)floor(sqrt((double)elems));
        }
        if (ds->rows == 0 && ds->cols > 0) {
            ds->rows = elems / ds->cols;
        }
        for (unsigned i = 0; i < o->ndata; i++) {
            snprintf(ds->path[i], sizeof ds->path[i], "%s", o->data[i]);
        }
        snprintf(ds->name, sizeof ds->name, "%s", cli_basename(o->data[0]));
        if (o->kernel == APP_SRAD && (ds->rows % 16 || ds->cols % 16)) {
            /* srad_v2 runs on 16 x 16 tiles: the image's leading block of whole tiles */
            ds->fcols = ds->cols;
            ds->rows -= ds->rows % 16;
            ds->cols -= ds->cols % 16;
            snprintf(ds->name, sizeof ds->name, "%.24s, leading %ux%u", cli_basename(o->data[0]),
                     (unsigned)ds->rows, (unsigned)ds->cols);
        }
    } else {
        if (ds->rows == 0) {
            return cli_usage_error(o->cmd, "no --data: give --rows (and --cols) for a generated input");
        }
        if (ds->cols == 0) {
            ds->cols = o->kernel == APP_KMEANS ? 34 : ds->rows;
        }
        snprintf(ds->name, sizeof ds->name, "generated %zux%zu", ds->rows, ds->cols);
    }
    /* a shape that does not fit: the --data file's fault (bad input, 1), else the options' (2) */
    if ((o->kernel == APP_GE || o->kernel == APP_LUD) && ds->rows != ds->cols) {
        return o->ndata > 0 ? cli_fail("%s: %s needs a square matrix, not %zux%zu", o->data[0], app_kernel_name(o->kernel),
                                       ds->rows, ds->cols)
                            : cli_usage_error(o->cmd, "%s needs a square matrix, not %zux%zu", app_kernel_name(o->kernel),
                                              ds->rows, ds->cols);
    }
    if (ds->rows == 0 || ds->cols == 0 || (o->kernel == APP_KMEANS && ds->rows < ds->k) ||
        (o->kernel == APP_KMEANS && ds->k == 0)) {
        return o->ndata > 0 ? cli_fail("%s: the input's shape %zux%zu does not fit %s", o->data[0], ds->rows, ds->cols,
                                       app_kernel_name(o->kernel))
                            : cli_usage_error(o->cmd, "the input's shape %zux%zu does not fit %s", ds->rows, ds->cols,
                                              app_kernel_name(o->kernel));
    }
    return -1;
}

static int write_config(const approx_opts *o, const app_dataset *ds, unsigned bits) {
    /* The map the unit gets for the inputs, placed as npsim's memory image places regions
     * (first at 0, each on the next 1 MiB boundary): what dsm_approx_map_set writes and what
     * the RTL's configuration port takes ({valid, start[40:0], end[40:0], bits[4:0]},
     * docs/vectors.md dsm_approx.hex). */
    apx_unit u;
    apx_unit_init(&u, bits);
    size_t elems = ds->rows * ds->cols;
    unsigned regions = o->kernel == APP_HOTSPOT || o->kernel == APP_SP || o->kernel == APP_GE ? 2u : 1u;
    cli_out out;
    if (!cli_out_open(&out, o->config)) {
        return NP_EXIT_FAIL;
    }
    char buf[4096];
    int len = snprintf(buf, sizeof buf,
                       "# nocpress approx-bits --kernel %s --max-error %g (%s)\n"
                       "# npsim configuration (npsim run -c FILE): DSM behind the approximation unit,\n"
                       "# every float32 region approximated by approx_bits.\n"
                       "compressor = dsm-approx\napprox_bits = %u\napprox_regions = float32\n"
                       "# The unit's map for this input's regions (dsm_approx_map_set idx start end bits;\n"
                       "# RTL configuration-port entry {valid, start[40:0], end[40:0], bits[4:0]} in hex):\n",
                       app_kernel_name(o->kernel), o->max_err, ds->name, bits);
    for (unsigned i = 0; i < regions && len > 0 && (size_t)len < sizeof buf; i++) {
        uint64_t base = 0;
        size_t n = o->kernel == APP_GE && i == 1 ? ds->rows : elems;
        if (bits == 0) {
            len += snprintf(buf + len, sizeof buf - (size_t)len, "#   (bits 0: no entry, every line passes unchanged)\n");
            break;
        }
        if (!apx_region_add(&u, n * sizeof(float), &base)) {
            cli_out_abort(&out);
            return cli_fail("cannot place region %u in the map", i);
        }
        const dsm_approx_entry *e = &u.map.entry[i];
        /* 88 bits = 22 hex digits: valid at bit 87, start 86..46, end 45..5, bits 4..0. */
        uint64_t hi = (uint64_t)1 << 23 | e->start >> 18;                       /* bits 87..64 */
        uint64_t lo = (e->start & ((1u << 18) - 1)) << 46 | e->end << 5 | e->bits; /* bits 63..0 */
        len += snprintf(buf + len, sizeof buf - (size_t)len, "#   %u 0x%llx 0x%llx %u   %06llx%016llx\n", i,
                        (unsigned long long)e->start, (unsigned long long)e->end, e->bits,
                        (unsigned long long)hi, (unsigned long long)lo);
    }
    if (len < 0 || (size_t)len >= sizeof buf || !cli_out_write(&out, buf, (size_t)len) || !cli_out_commit(&out)) {
        cli_out_abort(&out);
        return NP_EXIT_FAIL;
    }
    return NP_EXIT_OK;
}

/* What approx-bits found, printed as text or JSON. */
typedef struct {
    const approx_opts *o;
    const app_dataset *ds;
    app_features f;
    size_t samples;
    unsigned epochs;
    double mse;
    unsigned bits;               /* the predictor's answer */
    double lo, hi;               /* the queried errors for which it answers bits */
    double err[APP_NBITS];       /* measured error at app_bits[b] */
    unsigned safe;               /* the largest bits measured within the bound */
    unsigned answer;
} approx_answer;

static bool measured_within(const approx_answer *a) {
    return a->err[a->bits / 4 - 1] <= a->o->max_err;
}

static void print_approx_text(const void *ctx, FILE *f) {
    const approx_answer *a = ctx;
    const approx_opts *o = a->o;
    unsigned idx = a->bits / 4 - 1;
    fprintf(f, "kernel          %s (error: %s)\n", app_kernel_name(o->kernel), app_kernel_metric(o->kernel));
    fprintf(f, "dataset         %s, %zux%zu, S=%.0f CN=%.2f AC=%.0f\n", a->ds->name, a->ds->rows, a->ds->cols, a->f.S,
            a->f.CN, a->f.AC);
    fprintf(f, "predictor       %zu training samples, %u epochs, mse %.4f (seed %lu)\n", a->samples, a->epochs, a->mse,
            o->seed);
    fprintf(f, "bound           %g\n", o->max_err);
    fprintf(f, "predicted bits  %u (the network answers %u for errors %.3g .. %.3g on this dataset)\n", a->bits,
            a->bits, a->lo, a->hi);
    fprintf(f, "measured error ");
    for (unsigned b = 0; b < APP_NBITS; b++) {
        fprintf(f, " %u:%.3g", app_bits[b], a->err[b]);
    }
    fprintf(f, "\n");
    if (measured_within(a)) {
        fprintf(f, "check           measured %.3g at %u bits: within the bound\n", a->err[idx], a->bits);
    } else {
        fprintf(f, "check           measured %.3g at %u bits exceeds the bound; the largest bits measured within "
                   "it: %u\n", a->err[idx], a->bits, a->safe);
    }
    fprintf(f, "answer          %u bits\n", a->answer);
    if (o->config != NULL) {
        fprintf(f, "config          %s\n", o->config);
    }
}

/* A double as JSON: NaN and infinities (no JSON number) as null. */
static void add_real(cJSON *o, const char *key, double v) {
    if (isfinite(v)) cJSON_AddNumberToObject(o, key, v);
    else cJSON_AddNullToObject(o, key);
}

/* The JSON "results" of approx-bits: the same figures as the text. */
static cJSON *approx_json(const approx_answer *a) {
    cJSON *j = cJSON_CreateObject();
    cJSON *d = cJSON_AddObjectToObject(j, "dataset");
    cJSON_AddStringToObject(d, "name", a->ds->name);
    cJSON_AddNumberToObject(d, "rows", (double)a->ds->rows);
    cJSON_AddNumberToObject(d, "cols", (double)a->ds->cols);
    add_real(d, "S", a->f.S);
    add_real(d, "CN", a->f.CN);
    add_real(d, "AC", a->f.AC);
    cJSON *p = cJSON_AddObjectToObject(j, "predictor");
    cJSON_AddNumberToObject(p, "training_samples", (double)a->samples);
    cJSON_AddNumberToObject(p, "epochs", a->epochs);
    add_real(p, "mse", a->mse);
    cJSON_AddNumberToObject(p, "bits", a->bits);
    add_real(p, "answers_from_error", a->lo);
    add_real(p, "answers_to_error", a->hi);
    cJSON *m = cJSON_AddArrayToObject(j, "measured_error");
    for (unsigned b = 0; b < APP_NBITS; b++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "bits", app_bits[b]);
        add_real(e, "error", a->err[b]);
        cJSON_AddItemToArray(m, e);
    }
    cJSON_AddBoolToObject(j, "predicted_within_bound", measured_within(a));
    cJSON_AddNumberToObject(j, "largest_bits_within_bound", a->safe);
    cJSON_AddNumberToObject(j, "answer_bits", a->answer);
    if (a->o->config != NULL) cJSON_AddStringToObject(j, "config_out", a->o->config);
    return j;
}

static void add_approx_parameters(cli_result *res, const approx_opts *o) {
    cJSON_AddStringToObject(res->params, "kernel", app_kernel_name(o->kernel));
    cJSON_AddStringToObject(res->params, "metric", app_kernel_metric(o->kernel));
    add_real(res->params, "max_error", o->max_err);
    cJSON_AddNumberToObject(res->params, "seed", (double)o->seed);
    cJSON_AddStringToObject(res->params, "training", o->table != NULL ? o->table : o->data_dir);
    for (unsigned i = 0; i < o->ndata; i++) cli_result_input(res, "data", o->data[i]);
    if (o->table != NULL) cli_result_input(res, "training_table", o->table);
}

int cmd_approx_bits(int argc, char **argv) {
    static const struct option opts[] = {
        {"kernel", required_argument, NULL, OPT_KERNEL},   {"max-error", required_argument, NULL, OPT_MAXERR},
        {"data", required_argument, NULL, OPT_DATA},       {"rows", required_argument, NULL, OPT_ROWS},
        {"cols", required_argument, NULL, OPT_COLS},       {"clusters", required_argument, NULL, OPT_CLUSTERS},
        {"cond", required_argument, NULL, OPT_COND},       {"table", required_argument, NULL, OPT_TABLE},
        {"data-dir", required_argument, NULL, OPT_DATADIR}, {"seed", required_argument, NULL, OPT_SEED},
        {"config-out", required_argument, NULL, OPT_CONFIG}, {"format", required_argument, NULL, OPT_FORMAT},
        {"out", required_argument, NULL, OPT_OUT},           CLI_QUIET_OPTION,
        {"help", no_argument, NULL, 'h'},                    {NULL, 0, NULL, 0}};
    approx_opts o = {.cmd = argv[0], .clusters = 5, .cond = 3.0, .seed = 1, .data_dir = "../shared/data/lines"};
    int first = 0;
    int rc = cli_parse_options(argc, argv, opts, approx_bits_usage, on_option, &o, &first);
    if (rc >= 0) {
        return rc;
    }
    if ((rc = cli_expect_operands(argv[0], argc - first, 0, 0, "no operands")) >= 0) {
        return rc;
    }
    if (!o.kernel_given || !o.err_given) {
        return cli_usage_error(argv[0], "--kernel and --max-error are required");
    }
    app_dataset ds;
    if ((rc = make_dataset(&o, &ds)) >= 0) {
        return rc;
    }
    cli_result res;
    if ((rc = cli_result_start(&res, argv[0], o.format, o.out)) >= 0) {
        return rc;
    }
    approx_answer a = {.o = &o, .ds = &ds};
    app_row *rows = NULL;
    size_t n = 0;
    if (o.table != NULL ? !app_rows_read(o.table, &rows, &n)
                        : !app_measure_suite(o.kernel, o.data_dir, false, &rows, &n)) {
        cli_result_discard(&res);
        return cli_fail("cannot get the training measurements");
    }
    struct fann *ann = app_train(o.kernel, rows, n, (unsigned)o.seed, &a.epochs, &a.mse, &a.samples);
    free(rows);
    if (ann == NULL || a.samples == 0) {
        pred_free(ann);
        cli_result_discard(&res);
        return cli_fail("no training samples for %s", app_kernel_name(o.kernel));
    }
    double err2[APP_NBITS];
    if (!app_measure(&ds, o.data_dir, app_bits, APP_NBITS, a.err, err2, &a.f)) {
        pred_free(ann);
        cli_result_discard(&res);
        return cli_fail("cannot run %s on %s", app_kernel_name(o.kernel), ds.name);
    }
    a.bits = pred_bits(ann, o.kernel, &a.f, o.max_err);
    /* The predicted error: the range of queried errors for which the network answers `bits`
     * on this dataset (a scan of AE over 1e-10 .. 1e3, 40 points a decade). */
    a.lo = a.hi = NAN;
    for (int s = -400; s <= 120; s++) {
        double e = pow(10.0, s / 40.0);
        if (pred_bits(ann, o.kernel, &a.f, e) == a.bits) {
            a.lo = isnan(a.lo) ? e : a.lo;
            a.hi = e;
        }
    }
    pred_free(ann);
    for (unsigned b = 0; b < APP_NBITS; b++) {
        if (a.err[b] <= o.max_err) {
            a.safe = app_bits[b];
        } else {
            break; /* the first bits value over the bound ends the safe prefix */
        }
    }
    a.answer = measured_within(&a) ? a.bits : a.safe < a.bits ? a.safe : a.bits;
    if (o.config != NULL && (rc = write_config(&o, &ds, a.answer)) != NP_EXIT_OK) {
        cli_result_discard(&res);
        return rc;
    }
    add_approx_parameters(&res, &o);
    return cli_result_emit(&res, print_approx_text, &a, o.format == TABLE_JSON ? approx_json(&a) : NULL, true);
}
