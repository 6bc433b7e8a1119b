/* `nocpress compare`: every line compressor of the registry (codec.h) side by side on the user's
 * files, one row per file, the best marked, means per element type, and the seeds' published
 * averages in rows of their own (references, never targets). Data-filtering codecs (DF-TRUC,
 * DF-MAN) need a critical-sub-block map per line and are compared by `savings-table` instead. */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "codec.h"
#include "codec_measure.h"
#include "dsm.h"
#include "report.h"
#include "table.h"

#define DEFAULT_DATA_DIR "../shared/data/lines"
#define DEFAULT_APPROX 8u     /* seed 001 sec. 6.5: near-zero error at 4 or 8 bits on all but R-GE, R-LUD */
#define MAX_CODECS (TABLE_MAX_COLS - 4u)   /* file, lines, dsm+approx, best */
#define NUM_TYPES CLI_ELEM_TYPES

static const char compare_usage[] =
    "usage: nocpress compare [--codecs LIST] [--approx BITS] [--format text|md|json] [--out FILE]\n"
    "                        [DIR | FILE...]\n"
    "\n"
    "Compression ratio (uncompressed bits / compressed bits) of every lossless line compressor\n"
    "of the registry on each file, read as 128-byte lines, plus DSM after BITS-bit FP\n"
    "approximation for float32 files. Every stream is decoded and checked. Stateful codecs keep\n"
    "one state per file in line order (cpack-sync: one packet stream); SC is trained on the\n"
    "file itself (docs/sc.md). '*' marks the best lossless ratio of a row. Default: every file\n"
    "of " DEFAULT_DATA_DIR ".\n"
    "  --codecs LIST  comma-separated codec names (default: every non-filtering codec)\n"
    "  --approx BITS  DSM+approx column: 0 (omit), 4, 8 (default), 12, 16, 20\n"
    "  --format F     text (aligned, default), md (Markdown) or json (docs/cli.md \"JSON output\")\n"
    "  --out FILE     write the result to FILE (whole or not at all) instead of stdout\n"
    "  --quiet        no progress line (shown on stderr when it is a terminal, after 1 s)\n";

typedef struct {
    const np_codec *codec[MAX_CODECS];
    unsigned ncodecs;
    unsigned approx_bits;
    table_format format;
    const char *out;          /* --out FILE or NULL */
} compare_options;

/* Per element type: sums of per-file ratios, for the mean rows. */
typedef struct {
    double sum[MAX_CODECS + 1];     /* last: dsm+approx */
    unsigned files;
} type_means;

static bool parse_codecs(const char *list, compare_options *o) {
    char *copy = strdup(list), *save = NULL;
    if (copy == NULL) return false;
    o->ncodecs = 0;
    bool ok = true;
    for (char *tok = strtok_r(copy, ",", &save); ok && tok; tok = strtok_r(NULL, ",", &save)) {
        const np_codec *c = np_codec_find(tok);
        char names[256];
        if (c == NULL) {
            ok = !cli_usage_error("compare", "unknown codec '%s' (known: %s)", tok, np_codec_names(names, sizeof names));
        } else if (c->flags & NP_CODEC_FILTERS) {
            ok = !cli_usage_error("compare", "%s filters sub-blocks by a map: use 'nocpress savings-table'", tok);
        } else if (o->ncodecs == MAX_CODECS) {
            ok = !cli_usage_error("compare", "at most %u codecs", MAX_CODECS);
        } else {
            o->codec[o->ncodecs++] = c;
        }
    }
    free(copy);
    return ok && o->ncodecs > 0;
}

static void default_codecs(compare_options *o) {
    o->ncodecs = 0;
    for (unsigned i = 0; i < np_codec_count() && o->ncodecs < MAX_CODECS; i++)
        if (!(np_codec_at(i)->flags & NP_CODEC_FILTERS)) o->codec[o->ncodecs++] = np_codec_at(i);
}

typedef struct {
    const char *cmd;
    compare_options *o;
} compare_args;

static int on_compare_option(void *ctx, int key, const char *val) {
    compare_args *a = ctx;
    switch (key) {
    case 'c': return parse_codecs(val, a->o) ? -1 : NP_EXIT_USAGE;
    case 'a': return cli_parse_approx_bits(a->cmd, val, &a->o->approx_bits) ? -1 : NP_EXIT_USAGE;
    case 'o': a->o->out = val; return -1;
    case CLI_OPT_QUIET: cli_set_quiet(); return -1;
    default: /* 'f' */
        return cli_parse_result_format(a->cmd, val, &a->o->format) ? -1 : NP_EXIT_USAGE;
    }
}

/* Returns -1 on success with *first the first operand, else an exit code. */
static int parse_options(int argc, char **argv, compare_options *o, int *first) {
    static const struct option longopts[] = {
        {"codecs", required_argument, NULL, 'c'}, {"approx", required_argument, NULL, 'a'},
        {"format", required_argument, NULL, 'f'}, {"out", required_argument, NULL, 'o'},
        CLI_QUIET_OPTION,                         {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    default_codecs(o);
    o->approx_bits = DEFAULT_APPROX;
    o->format = TABLE_TEXT;
    o->out = NULL;
    compare_args a = {argv[0], o};
    return cli_parse_options(argc, argv, longopts, compare_usage, on_compare_option, &a, first);
}

/* The operands as data files: none -> the default directory; one directory -> its files;
 * otherwise each operand is a file. */
static bool collect_files(char **ops, int nops, data_file **files, size_t *n) {
    struct stat sb;
    if (nops == 0) return cli_list_data_files(DEFAULT_DATA_DIR, files, n);
    if (nops == 1 && stat(ops[0], &sb) == 0 && S_ISDIR(sb.st_mode)) return cli_list_data_files(ops[0], files, n);
    *files = calloc((size_t)nops, sizeof **files);
    if (*files == NULL) return false;
    for (int i = 0; i < nops; i++) {
        (*files)[i].path = strdup(ops[i]);
        (*files)[i].type = cli_elem_type_of(ops[i]);
        if ((*files)[i].path == NULL) {
            cli_free_data_files(*files, (size_t)i);
            return false;
        }
    }
    *n = (size_t)nops;
    return true;
}

static double ratio_of(const codec_figures *f) { return f->bits ? (double)f->bytes * 8.0 / (double)f->bits : 0.0; }

static void add_mean(type_means *m, unsigned k, double r) { m->sum[k] += r; }

/* One file's row; adds its ratios to its type's means and to the all-files means. */
static bool file_row(const compare_options *o, table *t, const data_file *f, type_means *m, type_means *all) {
    cli_lines in;
    if (!cli_lines_open(&in, f->path)) return false;
    char text[TABLE_MAX_COLS][32];
    const char *cells[TABLE_MAX_COLS];
    double best = 0.0;
    unsigned best_col = 0, col = 2;
    bool ok = true;
    codec_figures fig = {0};
    for (unsigned k = 0; k < o->ncodecs && ok; k++, col++) {
        static const np_codec_opts whole_line;
        ok = codec_measure(o->codec[k], &whole_line, 0, f->path, &in, &fig);
        double r = ratio_of(&fig);
        report_ratio(fig.bytes, fig.bits, text[col], sizeof text[col]);
        add_mean(m, k, r);
        add_mean(all, k, r);
        if (r > best) best = r, best_col = col;
    }
    snprintf(text[1], sizeof text[1], "%llu", (unsigned long long)in.lines);
    if (o->approx_bits > 0) {
        snprintf(text[col], sizeof text[col], "-");
        if (ok && f->type == CLI_ELEM_FLOAT32) {
            static const np_codec_opts whole_line;
            ok = codec_measure(np_codec_find("dsm"), &whole_line, o->approx_bits, f->path, &in, &fig);
            report_ratio(fig.bytes, fig.bits, text[col], sizeof text[col]);
            add_mean(m, MAX_CODECS, ratio_of(&fig));
        }
        col++;
    }
    cli_lines_close(&in);
    if (!ok) return false;
    m->files++;
    all->files++;
    if (best_col) strncat(text[best_col], "*", sizeof text[best_col] - strlen(text[best_col]) - 1);
    cells[0] = cli_basename(f->path);
    for (unsigned c = 1; c < col; c++) cells[c] = text[c];
    return table_add_row(t, cells);
}

static bool mean_row(const compare_options *o, table *t, const char *label, const type_means *m, bool approx) {
    char text[TABLE_MAX_COLS][32];
    const char *cells[TABLE_MAX_COLS];
    unsigned col = 2;
    snprintf(text[1], sizeof text[1], "%u files", m->files);
    for (unsigned k = 0; k < o->ncodecs; k++, col++)
        snprintf(text[col], sizeof text[col], "%.3f", m->files ? m->sum[k] / m->files : 0.0);
    if (o->approx_bits > 0) {
        if (approx && m->files) snprintf(text[col], sizeof text[col], "%.3f", m->sum[MAX_CODECS] / m->files);
        else snprintf(text[col], sizeof text[col], "-");
        col++;
    }
    cells[0] = label;
    for (unsigned c = 1; c < col; c++) cells[c] = text[c];
    return table_add_row(t, cells);
}

/* A published figure for codec `name` in a row, "-" where the source gives none. */
typedef struct {
    const char *codec;
    const char *value;
} published_cell;

typedef struct {
    const char *label;
    const char *what;
    published_cell cell[8];
} published_row;

/* The seeds' averages, as printed in their text (the figures themselves are lost). */
static const published_row published[] = {
    {"seed 004 avg", "compression ratio averaged over its GPGPU workloads' L1 lines (sec. V-E)",
     {{"bpc", "3.5"}, {"sc", "3.6"}}},
    {"seed 001 FP", "FP-type benchmarks, flits saved (sec. 6.4: 'DSM+APPROX 35%, BDI 2%, FPC 3.3%'; the "
                    "text's 21% and 11.6% are not matched to CPACK/BPC/DSM unambiguously)",
     {{"dsm+approx", "35% saved"}, {"bdi", "2% saved"}, {"fpc", "3.3% saved"}}},
};

static const char *published_value(const published_row *r, const char *codec) {
    for (unsigned i = 0; i < 8 && r->cell[i].codec; i++)
        if (strcmp(r->cell[i].codec, codec) == 0) return r->cell[i].value;
    return "-";
}

static bool published_rows(const compare_options *o, table *t) {
    bool ok = table_add_group(t, "published (references, not targets)");
    for (unsigned p = 0; ok && p < sizeof published / sizeof published[0]; p++) {
        const char *cells[TABLE_MAX_COLS];
        unsigned col = 2;
        cells[0] = published[p].label;
        cells[1] = "";
        for (unsigned k = 0; k < o->ncodecs; k++) cells[col++] = published_value(&published[p], o->codec[k]->name);
        if (o->approx_bits > 0) cells[col++] = published_value(&published[p], "dsm+approx");
        ok = table_add_row(t, cells);
    }
    return ok;
}

static void print_preamble(const void *ctx, FILE *f) {
    const compare_options *o = ctx;
    bool md = o->format == TABLE_MARKDOWN;
    fprintf(f, "%sCompression ratio per file: uncompressed bits / compressed bits, every stream decoded and checked\n",
           md ? "## " : "");
    if (md) fprintf(f, "\n");
    fprintf(f, "%s'*' = best lossless ratio of the row. means = arithmetic mean of the files' ratios.\n", md ? "- " : "  ");
    if (o->approx_bits > 0)
        fprintf(f, "%sdsm+a%u = DSM after clearing %u mantissa LSBs of every float32 element (lossy, docs/dsm.md 5.2).\n",
               md ? "- " : "  ", o->approx_bits, o->approx_bits);
    for (unsigned k = 0; k < o->ncodecs; k++)
        fprintf(f, "%s%-10s %s (%s)\n", md ? "- " : "  ", o->codec[k]->name, o->codec[k]->description, o->codec[k]->spec);
    for (unsigned p = 0; p < sizeof published / sizeof published[0]; p++)
        fprintf(f, "%s%s: %s\n", md ? "- " : "  ", published[p].label, published[p].what);
    fprintf(f, "\n");
}

/* The settings of the comparison and the published averages ("parameters" of the JSON result). */
static void add_parameters(cJSON *params, const compare_options *o) {
    cJSON *codecs = cJSON_AddArrayToObject(params, "codecs");
    for (unsigned k = 0; k < o->ncodecs; k++) {
        cJSON *c = cJSON_CreateObject();
        cJSON_AddStringToObject(c, "name", o->codec[k]->name);
        cJSON_AddStringToObject(c, "description", o->codec[k]->description);
        cJSON_AddStringToObject(c, "spec", o->codec[k]->spec);
        cJSON_AddItemToArray(codecs, c);
    }
    cJSON_AddNumberToObject(params, "approx_bits", o->approx_bits);
    cJSON_AddStringToObject(params, "marked", "the best lossless ratio of the row");
    cJSON *refs = cJSON_AddArrayToObject(params, "published");
    for (unsigned p = 0; p < sizeof published / sizeof published[0]; p++) {
        cJSON *r = cJSON_CreateObject();
        cJSON_AddStringToObject(r, "label", published[p].label);
        cJSON_AddStringToObject(r, "what", published[p].what);
        cJSON_AddItemToArray(refs, r);
    }
}

static int run_table(const compare_options *o, cli_result *result, data_file *files, size_t n) {
    const char *header[TABLE_MAX_COLS];
    bool right[TABLE_MAX_COLS];
    char approx_name[16];
    unsigned ncols = 0;
    header[ncols] = "file", right[ncols++] = false;
    header[ncols] = "lines", right[ncols++] = true;
    for (unsigned k = 0; k < o->ncodecs; k++) header[ncols] = o->codec[k]->name, right[ncols++] = true;
    if (o->approx_bits > 0) {
        snprintf(approx_name, sizeof approx_name, "dsm+a%u", o->approx_bits);
        header[ncols] = approx_name, right[ncols++] = true;
    }
    table t;
    table_init(&t, ncols, header, right);
    type_means means[NUM_TYPES] = {0}, all = {0};
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        if (i == 0 || files[i].type != files[i - 1].type) ok = table_add_group(&t, cli_elem_type_name(files[i].type));
        cli_result_input(result, "data", files[i].path);
        cli_progress_file(i, n, files[i].path);
        ok = ok && file_row(o, &t, &files[i], &means[files[i].type], &all);
    }
    ok = ok && table_add_group(&t, "means");
    for (unsigned ty = 0; ok && ty < NUM_TYPES; ty++)
        if (means[ty].files) ok = mean_row(o, &t, cli_elem_type_name((cli_elem_type)ty), &means[ty], ty == CLI_ELEM_FLOAT32);
    ok = ok && mean_row(o, &t, "all files", &all, false);
    ok = ok && published_rows(o, &t);
    int rc = NP_EXIT_FAIL;
    if (ok) {
        add_parameters(result->params, o);
        rc = cli_result_table(result, &t, print_preamble, o, true);
    } else {
        cli_result_discard(result);
    }
    table_free(&t);
    return rc;
}

int cmd_compare(int argc, char **argv) {
    compare_options o;
    int first = 0;
    int rc = parse_options(argc, argv, &o, &first);
    if (rc >= 0) return rc;
    cli_result result;
    if ((rc = cli_result_start(&result, argv[0], o.format, o.out)) >= 0) return rc;
    data_file *files = NULL;
    size_t n = 0;
    if (!collect_files(argv + first, argc - first, &files, &n)) {
        cli_result_discard(&result);
        return NP_EXIT_FAIL;
    }
    if (n == 0) {
        free(files);
        cli_result_discard(&result);
        return cli_fail("no data files");
    }
    rc = run_table(&o, &result, files, n);
    cli_free_data_files(files, n);
    return rc;
}
