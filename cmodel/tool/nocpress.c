/* nocpress: command-line front end of the C golden model (docs/cli.md). */
#include <stdbool.h>
#include <string.h>

#include "cli.h"
#include "cli_result.h"
#include "np_progress.h"
#include "np_version.h"

/* `git describe` of the build (cmodel/cmodel.mk: NP_GIT_REV_FILE), for the JSON provenance. */
#ifndef NP_GIT_REV
#define NP_GIT_REV "unknown"
#endif

static const char main_usage[] =
    "usage: nocpress COMMAND [OPTIONS] [ARGS]\n"
    "\n"
    "Commands (each takes --help; options may follow the operands, --opt=VALUE or --opt VALUE,\n"
    "-- ends the options):\n"
    "  ratio [--lane-bytes 64|128] [--approx BITS] [--format F] FILE...\n"
    "                     DSM compression ratio of each file, one row per file\n"
    "  ratio-table [--lane-bytes 64|128] [--format F] [DIR]\n"
    "                     every file of DIR (default ../shared/data/lines), lossless and\n"
    "                     approximated (float32 only), grouped by element type\n"
    "  compress [--lane-bytes 64|128] [--approx BITS] IN OUT\n"
    "                     file -> DSM container (docs/cli.md)\n"
    "  decompress IN OUT  DSM container -> file, validating every field\n"
    "  ratio --algo dpc|dftruc|dfman [--map MAP|mix] [--seed N] [--format F] FILE...\n"
    "                     the DPC unit (docs/dpc.md): DPC, DF-TRUC, DF-MAN per file\n"
    "  savings-table [--seed N] [--format F] [DIR]\n"
    "                     space savings of DSM, DPC, DF-TRUC and DF-MAN per file of DIR\n"
    "  compare [--codecs LIST] [--approx BITS] [--format F] [DIR | FILE...]\n"
    "                     every lossless compressor of the registry (DSM, DPC, BDI, FPC,\n"
    "                     C-Pack, BPC, SC, ...) per file, best marked, published averages\n"
    "  reuse [--sets N] [--ways N] [--threshold N] [--reads-only] [--format F] TRACE\n"
    "                     reuse distances (rd0/rd1/rd2, interval histogram) of a trace and\n"
    "                     the BA / LRU tag unit over it (docs/ba.md)\n"
    "  approx-bits --kernel K --max-error E [--data FILE]... [--config-out FILE] [--format F]\n"
    "                     approximation bits keeping kernel K's error within E: the\n"
    "                     predictor's answer and the measured error (docs/approx.md)\n"
    "  vectors [--unit dsm|dpc|ba|pcu|mcast] [--out DIR] [--lane-bytes 64|128]\n"
    "                     golden vectors for the RTL (docs/vectors.md)\n"
    "  --version          tool, library and model versions\n"
    "\n"
    "--format F: text (aligned, default), md (Markdown) or json (one document with the provenance:\n"
    "versions, command line, input sizes and CRC-32s; docs/cli.md \"JSON output\"); --out FILE writes\n"
    "the result to FILE, whole or not at all (ratio, ratio-table, savings-table, compare, reuse,\n"
    "approx-bits).\n"
    "\n"
    "Exit status: 0 success, 1 bad input or failed run, 2 bad command line, 3 out of memory or\n"
    "disk space (the same table for npsim; docs/cli.md).\n";

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
} command;

static const command commands[] = {
    {"ratio", cmd_ratio},         {"ratio-table", cmd_ratio_table}, {"compress", cmd_compress},
    {"decompress", cmd_decompress}, {"vectors", cmd_vectors},
    {"savings-table", cmd_savings_table}, {"reuse", cmd_reuse}, {"compare", cmd_compare},
    {"approx-bits", cmd_approx_bits},
};

int main(int argc, char **argv) {
    if (argc < 2) {
        fputs(main_usage, stderr);
        return NP_EXIT_USAGE;
    }
    cli_result_command_line(argc, argv, NP_GIT_REV);
    bool help = cli_is_help(argv[1]) || strcmp(argv[1], "help") == 0;
    if (help || strcmp(argv[1], "--version") == 0) {
        if (argc > 2) {
            fprintf(stderr, "nocpress: '%s' takes no arguments ('%s' is extra)\n", argv[1], argv[2]);
            return NP_EXIT_USAGE;
        }
        if (help) {
            fputs(main_usage, stdout);
        } else { /* the tool is built from the library's tree: one version for both */
            printf("nocpress %s (libnocpress %s; models: %s)\n", NOCPRESS_VERSION, np_version(), np_version_models());
        }
        return NP_EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(argv[1], commands[i].name) == 0) {
            np_progress_init(NP_CLI_NAME, false); /* a command's --quiet turns it off again */
            int rc = commands[i].run(argc - 1, argv + 1);
            np_progress_end();
            return rc == NP_EXIT_FAIL && cli_resource_exhausted ? NP_EXIT_RESOURCE : rc;
        }
    }
    fprintf(stderr, "nocpress: unknown %s '%s'\n\n", argv[1][0] == '-' ? "option" : "command", argv[1]);
    fputs(main_usage, stderr);
    return NP_EXIT_USAGE;
}
