/* `nocpress ratio --algo dpc|dftruc|dfman` and `nocpress savings-table`: space savings of the
 * DPC unit (docs/dpc.md) per data file, beside DSM (docs/dsm.md). One row per file, files
 * grouped by element type (/work/shared/data/README.md asks for per-file figures, integer,
 * float and byte arrays apart).
 *
 * Saving = 1 - compressed bits / uncompressed bits, where uncompressed is the whole 128-byte
 * line for every mode: for DF-TRUC and DF-MAN it is what the reply would have carried without
 * data filtering, so the figure includes what filtering drops. The critical maps of the
 * data-filtering modes come from the documented generator (docs/dpc.md section 9): a fixed map
 * or the access-pattern mix with a seed, restarted for every file. */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "critmap.h"
#include "dpc.h"
#include "dsm.h"
#include "report.h"
#include "table.h"

#define DEFAULT_DATA_DIR "../shared/data/lines"
#define DEFAULT_SEED 1u

/* Where the maps of a data-filtering measurement come from. */
typedef struct {
    bool mix;            /* access-pattern mix, else a fixed map */
    unsigned map;        /* fixed map (bit k = sub-block k) */
    uint64_t seed;       /* mix seed */
} map_source;

static void map_source_label(const map_source *m, char *out, size_t n) {
    if (m->mix) {
        snprintf(out, n, "mix(seed %llu)", (unsigned long long)m->seed);
    } else {
        char text[5];
        critmap_format(m->map, text);
        snprintf(out, n, "%s", text);
    }
}

static void map_source_start(const map_source *m, critmap_gen *g) {
    if (m->mix) {
        critmap_init_mix(g, m->seed);
    } else {
        critmap_init_fixed(g, m->map);
    }
}

/* What one pass of one mode over a file measured. */
typedef struct {
    size_t lines;
    uint64_t bytes;          /* lines * 128 */
    uint64_t bits;           /* sum of the streams' lengths */
    size_t raw_lines;        /* lines whose body the checker sent raw */
    unsigned map_count[16];  /* how often each map was used (data-filtering modes) */
} dpc_stats;

/* The checker's decision for the body a mode encodes (words of the map for DF-TRUC, the sent
 * copy for DF-MAN). */
static bool body_is_raw(dpc_mode mode, const uint8_t line[DPC_LINE_BYTES], unsigned map) {
    uint8_t copy[DPC_LINE_BYTES];
    uint32_t words[DPC_WORDS], planes[DPC_PLANES];
    const uint8_t *src = line;
    unsigned sel = DPC_MAP_FULL;
    if (mode == DPC_MODE_DFTRUC) {
        sel = map;
    } else if (mode == DPC_MODE_DFMAN) {
        uint8_t stream[DPC_MAX_BYTES];
        size_t bits;
        bool manipulated = false;
        dfman_compress(line, map, stream, sizeof stream, &bits, &manipulated);
        if (manipulated) { /* the model's own choice of copy */
            dpc_manipulate(map, line, copy);
            src = copy;
        }
    }
    unsigned wc = dpc_select_words(sel, src, words);
    dpc_remap(wc, words, planes);
    return !dpc_comp_check(wc, dpc_encoding_status(wc, planes));
}

/* One pass over the file (from its first line). False on a read error (message printed). */
static bool measure_dpc(dpc_mode mode, const map_source *maps, cli_lines *in, bool count_raw,
                        dpc_stats *st) {
    memset(st, 0, sizeof *st);
    st->lines = (size_t)in->lines;
    st->bytes = (uint64_t)st->lines * DPC_LINE_BYTES;
    critmap_gen g;
    map_source_start(maps, &g);
    if (!cli_lines_rewind(in)) {
        return false;
    }
    uint8_t line[DPC_LINE_BYTES];
    int got;
    while ((got = cli_lines_next(in, line)) > 0) {
        unsigned map = mode == DPC_MODE_DPC ? DPC_MAP_FULL : critmap_next(&g, NULL);
        st->bits += dpc_mode_compressed_bits(mode, line, map);
        st->map_count[map & 0xFu]++;
        if (count_raw) {
            st->raw_lines += body_is_raw(mode, line, map);
        }
    }
    return got == 0;
}

static bool dsm_bits_of(cli_lines *in, uint64_t *bits) {
    dsm_config cfg;
    dsm_config_default(&cfg);
    *bits = 0;
    if (!cli_lines_rewind(in)) {
        return false;
    }
    uint8_t line[DSM_LINE_BYTES];
    int got;
    while ((got = cli_lines_next(in, line)) > 0) {
        *bits += dsm_compressed_bits(&cfg, line);
    }
    return got == 0;
}

/* ---- option parsing shared by both commands --------------------------------------------- */

typedef struct {
    dpc_mode mode;
    map_source maps;
    table_format format;
    const char *out;         /* savings-table --out FILE or NULL */
    int first_operand;
} dpc_options;

static bool parse_algo(const char *cmd, const char *text, dpc_mode *mode) {
    static const struct {
        const char *name;
        dpc_mode mode;
    } algos[] = {{"dpc", DPC_MODE_DPC}, {"dftruc", DPC_MODE_DFTRUC}, {"dfman", DPC_MODE_DFMAN}};
    for (size_t i = 0; i < sizeof algos / sizeof algos[0]; i++) {
        if (strcmp(text, algos[i].name) == 0) {
            *mode = algos[i].mode;
            return true;
        }
    }
    cli_usage_error(cmd, "--algo must be dsm, dpc, dftruc or dfman, not '%s'", text);
    return false;
}

static bool parse_map(const char *cmd, const char *text, map_source *m) {
    if (strcmp(text, "mix") == 0) {
        m->mix = true;
        return true;
    }
    if (!critmap_parse(text, &m->map)) {
        cli_usage_error(cmd, "--map must be 4 digits 0/1, sub-block 0 first (e.g. 1000), not "
                             "all zero, or 'mix'; got '%s'", text);
        return false;
    }
    m->mix = false;
    return true;
}

static bool parse_seed(const char *cmd, const char *text, map_source *m) {
    unsigned long seed;
    if (!cli_parse_uint(text, 0xFFFFFFFFul, &seed)) {
        cli_usage_error(cmd, "--seed must be an integer 0..4294967295");
        return false;
    }
    m->seed = seed;
    return true;
}

static void dpc_options_default(dpc_options *o) {
    o->mode = DPC_MODE_DPC;
    o->maps.mix = true;
    o->maps.map = DPC_MAP_FULL;
    o->maps.seed = DEFAULT_SEED;
    o->format = TABLE_TEXT;
    o->out = NULL;
}

/* ---- ratio --algo dpc|dftruc|dfman --------------------------------------------------------- */

const char ratio_dpc_usage[] =
    "usage: nocpress ratio --algo dpc|dftruc|dfman [--map MAP|mix] [--seed N]\n"
    "                      [--format text|md|json] [--out FILE] FILE...\n"
    "\n"
    "DPC-unit compression of each FILE, read as 128-byte cache lines (a last partial line is\n"
    "zero-padded; docs/dpc.md). One row per file: lines, bytes (lines x 128), compressed bits\n"
    "and bytes (bits / 8 rounded up), ratio (uncompressed bits / compressed bits), space\n"
    "saving (1 - compressed / uncompressed, uncompressed = the whole line in every mode), and\n"
    "the share of lines whose encoded body the checker sent raw.\n"
    "  --algo A     dpc (whole line), dftruc (critical sub-blocks only, map in the stream),\n"
    "               dfman (non-critical sub-blocks zeroed when that encodes shorter); dsm is the\n"
    "               default of 'nocpress ratio' (see its --help without --algo)\n"
    "  --map MAP    critical map of every line, sub-block 0 first: 1000 = first 32 bytes;\n"
    "               or 'mix' (default): drawn per line from the access-pattern mix of\n"
    "               docs/dpc.md section 9, restarted for each file\n"
    "  --seed N     seed of the mix (default 1)\n"
    "  --format F   text (aligned, default), md (Markdown) or json (docs/cli.md \"JSON output\")\n"
    "  --out FILE   write the result to FILE (whole or not at all) instead of stdout\n"
    "  --quiet      no progress line (shown on stderr when it is a terminal, after 1 s)\n";

static bool measure_ratio_row(const void *ctx, const char *path, cli_lines *in, ratio_figures *fig) {
    const dpc_options *o = ctx;
    (void)path;
    dpc_stats st;
    bool ok = measure_dpc(o->mode, &o->maps, in, true, &st);
    *fig = (ratio_figures){st.lines, st.bytes, st.bits, st.raw_lines, st.lines};
    return ok;
}

static void print_ratio_preamble(const void *ctx, FILE *f) {
    const dpc_options *o = ctx;
    char label[48];
    map_source_label(&o->maps, label, sizeof label);
    const char *md = o->format == TABLE_MARKDOWN ? "> " : "";
    fprintf(f, "%sDPC model %s, algorithm %s%s%s\n", md, DPC_MODEL_VERSION, dpc_mode_name(o->mode),
            o->mode == DPC_MODE_DPC ? "" : ", critical maps ", o->mode == DPC_MODE_DPC ? "" : label);
    if (o->format == TABLE_MARKDOWN) {
        fprintf(f, "\n");
    }
}

int cmd_ratio_dpc(const char *cmd, const char *algo, const char *map, const char *seed, cli_result *result,
                  char **files, int nfiles) {
    dpc_options o;
    dpc_options_default(&o);
    o.format = result->format;
    if (!parse_algo(cmd, algo, &o.mode) || (map != NULL && !parse_map(cmd, map, &o.maps)) ||
        (seed != NULL && !parse_seed(cmd, seed, &o.maps))) {
        cli_result_discard(result);
        return NP_EXIT_USAGE;
    }
    if (o.mode == DPC_MODE_DPC && map != NULL) {
        cli_result_discard(result);
        return cli_usage_error(cmd, "--map applies to dftruc and dfman only");
    }
    char label[48];
    map_source_label(&o.maps, label, sizeof label);
    cJSON_AddStringToObject(result->params, "algorithm", algo);
    cJSON_AddStringToObject(result->params, "model_version", DPC_MODEL_VERSION);
    if (o.mode != DPC_MODE_DPC) {
        cJSON_AddStringToObject(result->params, "critical_maps", label);
    }
    ratio_report report = {"raw_lines", measure_ratio_row, print_ratio_preamble, &o, result};
    return report_ratio_files(files, nfiles, &report);
}

/* ---- savings-table --------------------------------------------------------------------- */

static const unsigned FIXED_MAPS[] = {0x1u, 0x3u, 0x7u, 0xFu}; /* 1000, 1100, 1110, 1111 */
#define NUM_FIXED (sizeof FIXED_MAPS / sizeof FIXED_MAPS[0])
#define SAVINGS_COLS (4u + 2u * (NUM_FIXED + 1u))

static const char savings_usage[] =
    "usage: nocpress savings-table [--seed N] [--format text|md|json] [--out FILE] [DIR]\n"
    "\n"
    "Space saving (1 - compressed bits / uncompressed bits, uncompressed = 1024 bits per line)\n"
    "of every file in DIR (default " DEFAULT_DATA_DIR "), grouped by element type, one row per\n"
    "file: DSM (2 x 64-byte lanes), DPC, DF-TRUC and DF-MAN with the fixed critical maps 1000,\n"
    "1100, 1110, 1111 (sub-block 0 first) and with maps drawn per line from the access-pattern\n"
    "mix of docs/dpc.md section 9 (restarted with the seed for every file).\n"
    "  --seed N    seed of the mix (default 1)\n"
    "  --format F  text (aligned, default), md (Markdown) or json (docs/cli.md \"JSON output\")\n"
    "  --out FILE  write the result to FILE (whole or not at all) instead of stdout\n"
    "  --quiet     no progress line (shown on stderr when it is a terminal, after 1 s)\n";

static bool savings_row(const void *ctx, table *t, const data_file *f) {
    const map_source *mix = &((const dpc_options *)ctx)->maps;
    cli_lines in;
    if (!cli_lines_open(&in, f->path)) {
        return false;
    }
    char text[SAVINGS_COLS][24];
    const char *cells[SAVINGS_COLS];
    size_t lines = (size_t)in.lines;
    uint64_t bytes = (uint64_t)lines * DPC_LINE_BYTES;
    uint64_t dsm_bits = 0;
    snprintf(text[1], sizeof text[1], "%zu", lines);
    bool ok = dsm_bits_of(&in, &dsm_bits);
    report_saving(bytes, dsm_bits, text[2], sizeof text[2]);
    dpc_stats st = {0};
    map_source whole = {false, DPC_MAP_FULL, 0};
    ok = ok && measure_dpc(DPC_MODE_DPC, &whole, &in, false, &st);
    report_saving(bytes, st.bits, text[3], sizeof text[3]);
    /* one pass per column: memory stays one chunk whatever the file's size */
    for (unsigned d = 0; d < 2 && ok; d++) {
        dpc_mode mode = d == 0 ? DPC_MODE_DFTRUC : DPC_MODE_DFMAN;
        for (unsigned m = 0; m <= NUM_FIXED && ok; m++) {
            map_source fixed = {false, m < NUM_FIXED ? FIXED_MAPS[m] : 0u, 0};
            ok = measure_dpc(mode, m < NUM_FIXED ? &fixed : mix, &in, false, &st);
            unsigned col = 4u + d * (NUM_FIXED + 1u) + m;
            report_saving(bytes, st.bits, text[col], sizeof text[col]);
        }
    }
    cli_lines_close(&in);
    if (!ok) {
        return false;
    }
    for (unsigned c = 0; c < SAVINGS_COLS; c++) {
        cells[c] = text[c];
    }
    cells[0] = cli_basename(f->path);
    return table_add_row(t, cells);
}

static void print_savings_preamble(const void *ctx, const char *dir, FILE *f) {
    const dpc_options *o = ctx;
    bool md = o->format == TABLE_MARKDOWN;
    const char *item = md ? "- " : "  ";
    fprintf(f, "%sSpace savings per file: DSM (model %s) and DPC / DF-TRUC / DF-MAN (model %s): %s\n",
           md ? "## " : "", DSM_MODEL_VERSION, DPC_MODEL_VERSION, dir);
    if (md) {
        fprintf(f, "\n");
    }
    fprintf(f, "%ssaving = 1 - compressed bits / (lines x 1024); negative = the stream is longer than\n"
           "  the line (raw fallback plus header); dsm = two 64-byte lanes (docs/dsm.md);\n", item);
    fprintf(f, "%struc_MAP / man_MAP = DF-TRUC / DF-MAN with that critical map on every line, sub-block\n"
           "  0 first (1000 = only the first 32 bytes are needed; docs/dpc.md 1, 4, 5);\n", item);
    fprintf(f, "%struc_mix / man_mix = maps drawn per line from the access-pattern mix (docs/dpc.md 9),\n"
           "  seed %llu, restarted for every file. man_1111 equals dpc by definition.\n\n", item,
           (unsigned long long)o->maps.seed);
}

enum { OPT_SEED = 256, OPT_FORMAT, OPT_OUT };

typedef struct {
    const char *cmd;
    dpc_options *o;
} savings_args;

static int on_savings_option(void *ctx, int key, const char *val) {
    savings_args *a = ctx;
    if (key == OPT_SEED) {
        return parse_seed(a->cmd, val, &a->o->maps) ? -1 : NP_EXIT_USAGE;
    }
    if (key == OPT_OUT) {
        a->o->out = val;
        return -1;
    }
    if (key == CLI_OPT_QUIET) {
        cli_set_quiet();
        return -1;
    }
    return cli_parse_result_format(a->cmd, val, &a->o->format) ? -1 : NP_EXIT_USAGE; /* OPT_FORMAT */
}

int cmd_savings_table(int argc, char **argv) {
    static const struct option opts[] = {
        {"seed", required_argument, NULL, OPT_SEED}, {"format", required_argument, NULL, OPT_FORMAT},
        {"out", required_argument, NULL, OPT_OUT},   CLI_QUIET_OPTION,
        {"help", no_argument, NULL, 'h'},            {NULL, 0, NULL, 0}};
    dpc_options o;
    dpc_options_default(&o);
    savings_args a = {argv[0], &o};
    int rc = cli_parse_options(argc, argv, opts, savings_usage, on_savings_option, &a, &o.first_operand);
    if (rc >= 0) {
        return rc;
    }
    if (argc - o.first_operand > 1) {
        return cli_usage_error(argv[0], "expected at most one directory");
    }
    const char *dir = o.first_operand < argc ? argv[o.first_operand] : DEFAULT_DATA_DIR;
    cli_result result;
    if ((rc = cli_result_start(&result, argv[0], o.format, o.out)) >= 0) {
        return rc;
    }
    cJSON_AddStringToObject(result.params, "dsm_model_version", DSM_MODEL_VERSION);
    cJSON_AddStringToObject(result.params, "dpc_model_version", DPC_MODEL_VERSION);
    cJSON_AddStringToObject(result.params, "dir", dir);
    cJSON_AddNumberToObject(result.params, "seed", (double)o.maps.seed);
    static const char *const header[SAVINGS_COLS] = {
        "file",      "lines",     "dsm",       "dpc",      "truc_1000", "truc_1100", "truc_1110",
        "truc_1111", "truc_mix",  "man_1000",  "man_1100", "man_1110",  "man_1111",  "man_mix"};
    bool right[SAVINGS_COLS];
    for (unsigned c = 0; c < SAVINGS_COLS; c++) {
        right[c] = c > 0;
    }
    dir_report report = {SAVINGS_COLS, header, right, savings_row, print_savings_preamble, &o, &result};
    return report_dir_files(dir, &report);
}
