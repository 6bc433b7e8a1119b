/* `nocpress ratio` and `nocpress ratio-table`: DSM compression ratios of data files, one row
 * per file (never a pooled mean only: /work/shared/data/README.md asks for per-file figures,
 * integer, float and byte arrays apart). */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "dsm.h"
#include "report.h"
#include "table.h"

#define DEFAULT_DATA_DIR "../shared/data/lines"

static const unsigned approx_settings[] = {4, 8, 12, 16, 20};
#define NUM_APPROX (sizeof approx_settings / sizeof approx_settings[0])

/* What one pass of the model over a file measured. */
typedef struct {
    size_t lines;
    uint64_t bytes;          /* lines * 128: what the lines occupy uncompressed */
    uint64_t bits;           /* sum of the line streams' lengths */
    uint64_t lanes;
    uint64_t raw_lanes;      /* lanes the checker emitted raw (no CSN) */
    size_t uniform_lines;    /* lines whose every segment is a CSN (shortest stream) */
} ratio_stats;

/* Raw-lane and all-CSN counts come from the stage functions; the total length from the
 * whole-line function (the test suite checks that the two agree). */
static void count_lanes(const dsm_config *cfg, const uint8_t line[DSM_LINE_BYTES],
                        ratio_stats *st) {
    unsigned num_segments = cfg->lane_bytes / DSM_SEGMENT_BYTES;
    uint32_t all_csn = (uint32_t)((UINT64_C(1) << num_segments) - 1u);
    bool uniform = true;
    for (unsigned k = 0; k < DSM_LINE_BYTES / cfg->lane_bytes; k++) {
        uint64_t seg[DSM_MAX_SEGMENTS];
        dsm_remap(cfg->lane_bytes, line + k * cfg->lane_bytes, seg);
        uint32_t es = dsm_encoding_status(num_segments, seg);
        st->lanes++;
        st->raw_lanes += !dsm_comp_check(num_segments, es);
        uniform = uniform && es == all_csn;
    }
    st->uniform_lines += uniform;
}

/* One pass over the file (from its first line). False on a read error (message printed). */
static bool measure(const dsm_config *cfg, cli_lines *in, unsigned approx_bits, ratio_stats *st) {
    memset(st, 0, sizeof *st);
    st->lines = (size_t)in->lines;
    st->bytes = (uint64_t)st->lines * DSM_LINE_BYTES;
    if (!cli_lines_rewind(in)) {
        return false;
    }
    uint8_t line[DSM_LINE_BYTES];
    int got;
    while ((got = cli_lines_next(in, line)) > 0) {
        dsm_approx_apply(approx_bits, line, line);
        st->bits += dsm_compressed_bits(cfg, line);
        count_lanes(cfg, line, st);
    }
    return got == 0;
}

/* Options shared by both subcommands. */
typedef struct {
    dsm_config cfg;
    unsigned approx_bits;
    table_format format;
    const char *out;         /* --out FILE or NULL */
    int first_operand;
} ratio_options;

static const char ratio_usage[] =
    "usage: nocpress ratio [--lane-bytes 64|128] [--approx BITS] [--format text|md|json] [--out FILE]\n"
    "                      FILE...\n"
    "       nocpress ratio --algo dpc|dftruc|dfman [--map MAP|mix] [--seed N] FILE...\n"
    "                      (the DPC unit: see 'nocpress ratio --algo dpc --help')\n"
    "\n"
    "DSM compression of each FILE, read as 128-byte cache lines (a last partial line is\n"
    "zero-padded). One row per file: lines, bytes (lines x 128), compressed bits and bytes\n"
    "(bits / 8 rounded up), ratio (uncompressed bits / compressed bits), space saving, and\n"
    "the share of lanes the checker sent raw (no CSN segment).\n"
    "  --algo dsm      the default; dpc, dftruc, dfman select the DPC unit (docs/dpc.md)\n"
    "  --lane-bytes N  DSM lane size: 64 (two lanes per line, default) or 128 (one lane)\n"
    "  --approx BITS   clear BITS mantissa LSBs of every 32-bit word first (0,4,8,12,16,20;\n"
    "                  meaningful for float32 data only, docs/dsm.md 5.2)\n"
    "  --format F      text (aligned, default), md (Markdown) or json (one document with the\n"
    "                  provenance: docs/cli.md \"JSON output\")\n"
    "  --out FILE      write the result to FILE (whole or not at all) instead of stdout\n"
    "  --quiet         no progress line (shown on stderr when it is a terminal, after 1 s)\n";

static const char table_usage[] =
    "usage: nocpress ratio-table [--lane-bytes 64|128] [--format text|md|json] [--out FILE] [DIR]\n"
    "\n"
    "Compression ratio of every file in DIR (default " DEFAULT_DATA_DIR "), grouped by\n"
    "element type (int32, float32, uint8: the second-to-last part of the file name): DSM\n"
    "lossless, and for float32 files DSM after 4/8/12/16/20-bit approximation ('-' for\n"
    "integer and byte files, which are never approximated). One row per file.\n"
    "  --lane-bytes N  DSM lane size: 64 (default) or 128\n"
    "  --format F      text (aligned, default), md (Markdown) or json (docs/cli.md \"JSON output\")\n"
    "  --out FILE      write the result to FILE (whole or not at all) instead of stdout\n"
    "  --quiet         no progress line (shown on stderr when it is a terminal, after 1 s)\n";

/* Everything `ratio` and `ratio-table` accept; cmd_ratio checks which algorithm each option
 * belongs to once all are read (so the order of options and operands does not matter). */
typedef struct {
    const char *cmd;
    ratio_options *opt;
    const char *algo;         /* dsm, dpc, dftruc, dfman */
    const char *map, *seed;   /* DPC unit: validated by cmd_ratio_dpc */
    bool lane_given, approx_given, help;
} ratio_args;

enum { OPT_ALGO = 256, OPT_LANE, OPT_APPROX, OPT_FORMAT, OPT_MAP, OPT_SEED, OPT_OUT };

static int on_ratio_option(void *ctx, int key, const char *val) {
    ratio_args *a = ctx;
    switch (key) {
    case 'h':
        a->help = true;
        return -1;
    case OPT_ALGO:
        if (strcmp(val, "dsm") != 0 && strcmp(val, "dpc") != 0 && strcmp(val, "dftruc") != 0 &&
            strcmp(val, "dfman") != 0) {
            return cli_usage_error(a->cmd, "--algo must be dsm, dpc, dftruc or dfman, not '%s'", val);
        }
        a->algo = val;
        return -1;
    case OPT_LANE:
        a->lane_given = true;
        return cli_parse_lane_bytes(a->cmd, val, &a->opt->cfg.lane_bytes) ? -1 : NP_EXIT_USAGE;
    case OPT_APPROX:
        a->approx_given = true;
        return cli_parse_approx_bits(a->cmd, val, &a->opt->approx_bits) ? -1 : NP_EXIT_USAGE;
    case OPT_FORMAT:
        return cli_parse_result_format(a->cmd, val, &a->opt->format) ? -1 : NP_EXIT_USAGE;
    case OPT_OUT:
        a->opt->out = val;
        return -1;
    case CLI_OPT_QUIET:
        cli_set_quiet();
        return -1;
    case OPT_MAP:
        a->map = val;
        return -1;
    case OPT_SEED:
        a->seed = val;
        return -1;
    }
    return cli_usage_error(a->cmd, "internal: unhandled option %d", key);
}

/* Parses options; returns -1 on success (first operand in opt->first_operand), else an exit
 * code to return. `ratio` (allow_approx) takes every option of both units, `ratio-table` only
 * --lane-bytes and --format. */
static int parse_options(int argc, char **argv, bool allow_approx, const char *usage,
                         ratio_options *opt, ratio_args *a) {
    static const struct option ratio_opts[] = {
        {"algo", required_argument, NULL, OPT_ALGO},     {"lane-bytes", required_argument, NULL, OPT_LANE},
        {"approx", required_argument, NULL, OPT_APPROX}, {"format", required_argument, NULL, OPT_FORMAT},
        {"map", required_argument, NULL, OPT_MAP},       {"seed", required_argument, NULL, OPT_SEED},
        {"out", required_argument, NULL, OPT_OUT},       CLI_QUIET_OPTION,
        {"help", no_argument, NULL, 'h'},                {NULL, 0, NULL, 0}};
    static const struct option table_opts[] = {
        {"lane-bytes", required_argument, NULL, OPT_LANE}, {"format", required_argument, NULL, OPT_FORMAT},
        {"out", required_argument, NULL, OPT_OUT},         CLI_QUIET_OPTION,
        {"help", no_argument, NULL, 'h'},                  {NULL, 0, NULL, 0}};
    dsm_config_default(&opt->cfg);
    opt->approx_bits = 0;
    opt->format = TABLE_TEXT;
    opt->out = NULL;
    *a = (ratio_args){.cmd = argv[0], .opt = opt, .algo = "dsm"};
    return cli_parse_options(argc, argv, allow_approx ? ratio_opts : table_opts,
                             allow_approx ? NULL : usage, on_ratio_option, a, &opt->first_operand);
}

static void print_ratio_preamble(const void *ctx, FILE *f) {
    const ratio_options *opt = ctx;
    const char *md = opt->format == TABLE_MARKDOWN ? "> " : "";
    fprintf(f, "%sDSM model %s, lane %u B (%u per 128-byte line), approximation %u bits\n", md,
            DSM_MODEL_VERSION, opt->cfg.lane_bytes, DSM_LINE_BYTES / opt->cfg.lane_bytes,
            opt->approx_bits);
    if (opt->format == TABLE_MARKDOWN) {
        fprintf(f, "\n");
    }
}

/* The settings a DSM table was measured with ("parameters" of the JSON result). */
static void add_dsm_parameters(cJSON *params, const ratio_options *opt) {
    cJSON_AddStringToObject(params, "algorithm", "dsm");
    cJSON_AddStringToObject(params, "model_version", DSM_MODEL_VERSION);
    cJSON_AddNumberToObject(params, "lane_bytes", opt->cfg.lane_bytes);
}

static bool measure_ratio_row(const void *ctx, const char *path, cli_lines *in, ratio_figures *fig) {
    const ratio_options *opt = ctx;
    if (opt->approx_bits > 0 && cli_elem_type_of(path) != CLI_ELEM_FLOAT32) {
        fprintf(stderr, "nocpress ratio: warning: approximating '%s', whose name does not say "
                        "float32: the cleared bits are not mantissa bits\n", path);
    }
    ratio_stats st;
    bool ok = measure(&opt->cfg, in, opt->approx_bits, &st);
    *fig = (ratio_figures){st.lines, st.bytes, st.bits, st.raw_lanes, st.lanes};
    return ok;
}

int cmd_ratio(int argc, char **argv) {
    ratio_options opt;
    ratio_args a;
    int rc = parse_options(argc, argv, true, ratio_usage, &opt, &a);
    if (rc >= 0) {
        return rc;
    }
    bool dsm = strcmp(a.algo, "dsm") == 0;
    if (a.help) {
        fputs(dsm ? ratio_usage : ratio_dpc_usage, stdout);
        return NP_EXIT_OK;
    }
    if (!dsm && (a.lane_given || a.approx_given)) {
        return cli_usage_error(argv[0], "%s applies to --algo dsm only", a.lane_given ? "--lane-bytes" : "--approx");
    }
    if (dsm && (a.map != NULL || a.seed != NULL)) {
        return cli_usage_error(argv[0], "%s applies to --algo dpc, dftruc and dfman only", a.map ? "--map" : "--seed");
    }
    if (opt.first_operand >= argc) {
        return cli_usage_error(argv[0], "no input file");
    }
    cli_result result;
    if ((rc = cli_result_start(&result, argv[0], opt.format, opt.out)) >= 0) {
        return rc;
    }
    if (!dsm) { /* the DPC unit: cmd_dpc.c */
        return cmd_ratio_dpc(argv[0], a.algo, a.map, a.seed, &result, argv + opt.first_operand,
                             argc - opt.first_operand);
    }
    add_dsm_parameters(result.params, &opt);
    cJSON_AddNumberToObject(result.params, "approx_bits", opt.approx_bits);
    ratio_report report = {"raw_lanes", measure_ratio_row, print_ratio_preamble, &opt, &result};
    return report_ratio_files(argv + opt.first_operand, argc - opt.first_operand, &report);
}

/* ---- ratio-table ----------------------------------------------------------------------- */

static int compare_files(const void *a, const void *b) {
    const data_file *fa = a, *fb = b;
    if (fa->type != fb->type) {
        return fa->type < fb->type ? -1 : 1; /* enum order: int32, float32, uint8, float64, unknown */
    }
    return strcmp(cli_basename(fa->path), cli_basename(fb->path));
}

void cli_free_data_files(data_file *files, size_t n) {
    for (size_t i = 0; i < n; i++) {
        free(files[i].path);
    }
    free(files);
}

/* Regular, non-hidden files of dir, sorted by element type and name (cli.h). */
bool cli_list_data_files(const char *dir, data_file **out, size_t *count) {
    DIR *d = opendir(dir);
    if (d == NULL) {
        cli_fail("cannot open directory '%s': %s", dir, strerror(errno));
        return false;
    }
    data_file *files = NULL;
    size_t n = 0, cap = 0;
    bool ok = true;
    for (struct dirent *e; ok && (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.') {
            continue;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2u;
        char *path = malloc(len);
        struct stat sb;
        if (path == NULL) {
            ok = false;
            break;
        }
        snprintf(path, len, "%s/%s", dir, e->d_name);
        if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) {
            free(path);
            continue;
        }
        if (n == cap) {
            cap = cap ? 2u * cap : 16u;
            data_file *grown = realloc(files, cap * sizeof *files);
            if (grown == NULL) {
                free(path);
                ok = false;
                break;
            }
            files = grown;
        }
        files[n].path = path;
        files[n].type = cli_elem_type_of(path);
        n++;
    }
    closedir(d);
    if (!ok) {
        cli_free_data_files(files, n);
        cli_fail("out of memory listing '%s'", dir);
        return false;
    }
    if (n > 0) {
        qsort(files, n, sizeof *files, compare_files);
    }
    *out = files;
    *count = n;
    return true;
}

#define TABLE_COLS (5u + NUM_APPROX)

/* One row: file, lines, lossless ratio, saving, uniform lines, then one ratio per setting. */
static bool table_row_for(const void *ctx, table *t, const data_file *f) {
    const dsm_config *cfg = &((const ratio_options *)ctx)->cfg;
    cli_lines in;
    if (!cli_lines_open(&in, f->path)) {
        return false;
    }
    char text[TABLE_COLS][24];
    const char *cells[TABLE_COLS];
    ratio_stats st;
    bool ok = measure(cfg, &in, 0, &st);
    snprintf(text[0], sizeof text[0], "%s", "");
    snprintf(text[1], sizeof text[1], "%zu", st.lines);
    report_ratio(st.bytes, st.bits, text[2], sizeof text[2]);
    report_saving(st.bytes, st.bits, text[3], sizeof text[3]);
    report_percent(st.uniform_lines, st.lines, text[4], sizeof text[4]);
    for (unsigned a = 0; a < NUM_APPROX && ok; a++) {
        if (f->type == CLI_ELEM_FLOAT32) { /* one pass per setting: memory stays one chunk */
            ratio_stats ast;
            ok = measure(cfg, &in, approx_settings[a], &ast);
            report_ratio(ast.bytes, ast.bits, text[5 + a], sizeof text[5 + a]);
        } else {
            snprintf(text[5 + a], sizeof text[5 + a], "-");
        }
    }
    cli_lines_close(&in);
    if (!ok) {
        return false;
    }
    for (unsigned c = 0; c < TABLE_COLS; c++) {
        cells[c] = text[c];
    }
    cells[0] = cli_basename(f->path);
    return table_add_row(t, cells);
}

static void print_table_preamble(const void *ctx, const char *dir, FILE *f) {
    const ratio_options *opt = ctx;
    bool md = opt->format == TABLE_MARKDOWN;
    unsigned lanes = DSM_LINE_BYTES / opt->cfg.lane_bytes;
    unsigned min_bits = lanes * (1u + 5u * (opt->cfg.lane_bytes / DSM_SEGMENT_BYTES));
    fprintf(f, "%sDSM compression ratio per file (model %s): %s\n", md ? "## " : "", DSM_MODEL_VERSION,
           dir);
    if (md) {
        fprintf(f, "\n");
    }
    fprintf(f, "%slane %u B (%u per 128-byte line); ratio = uncompressed bits / compressed bits;\n",
           md ? "- " : "  ", opt->cfg.lane_bytes, lanes);
    fprintf(f, "%ssaving = 1 - compressed / uncompressed; uniform = lines whose every segment is a CSN\n",
           md ? "  " : "  ");
    fprintf(f, "%s(the shortest stream, %u bits: near-constant data, read those rows apart);\n",
            md ? "  " : "  ", min_bits);
    fprintf(f, "%sapproxN = DSM after clearing N mantissa LSBs of every float32 element (docs/dsm.md\n",
           md ? "- " : "  ");
    fprintf(f, "%s5.2); '-' = not applicable (integer and byte data are never approximated).\n\n",
           md ? "  " : "  ");
}

int cmd_ratio_table(int argc, char **argv) {
    ratio_options opt;
    ratio_args a;
    int rc = parse_options(argc, argv, false, table_usage, &opt, &a);
    if (rc >= 0) {
        return rc;
    }
    if (argc - opt.first_operand > 1) {
        return cli_usage_error(argv[0], "expected at most one directory");
    }
    const char *dir = opt.first_operand < argc ? argv[opt.first_operand] : DEFAULT_DATA_DIR;
    cli_result result;
    if ((rc = cli_result_start(&result, argv[0], opt.format, opt.out)) >= 0) {
        return rc;
    }
    add_dsm_parameters(result.params, &opt);
    cJSON_AddStringToObject(result.params, "dir", dir);
    cJSON *settings = cJSON_AddArrayToObject(result.params, "approx_bits");
    for (unsigned s = 0; s < NUM_APPROX; s++) {
        cJSON_AddItemToArray(settings, cJSON_CreateNumber(approx_settings[s]));
    }
    static const char *const header[TABLE_COLS] = {
        "file", "lines", "lossless", "saving", "uniform",
        "approx4", "approx8", "approx12", "approx16", "approx20"};
    static const bool right[TABLE_COLS] = {false, true, true, true, true,
                                           true,  true, true, true, true};
    dir_report report = {TABLE_COLS, header, right, table_row_for, print_table_preamble, &opt, &result};
    return report_dir_files(dir, &report);
}
