/* The per-file reports of `nocpress ratio`, `ratio-table` and `savings-table` (cmd_ratio.c for
 * DSM, cmd_dpc.c for the DPC unit): the cells they share and the two loops that fill them (one
 * row per named file; one row per file of a data directory, grouped by element type). */
#ifndef NP_REPORT_H
#define NP_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli.h"
#include "cli_result.h"
#include "table.h"

/* "-" when there is nothing to divide by; else uncompressed / compressed bits ("%.3f"),
 * 1 - compressed / uncompressed bits ("%.1f%%"), or part / whole ("%.1f%%"). */
void report_ratio(uint64_t bytes, uint64_t bits, char *out, size_t n);
void report_saving(uint64_t bytes, uint64_t bits, char *out, size_t n);
void report_percent(uint64_t part, uint64_t whole, char *out, size_t n);

/* What a `ratio` row shows of one file: sizes and the share of raw units (lanes or lines). */
typedef struct {
    size_t lines;
    uint64_t bytes;      /* lines * 128 */
    uint64_t bits;       /* compressed */
    uint64_t raw, units; /* raw units of all units */
} ratio_figures;

/* How a `ratio` command measures a file and what it prints above its table. */
typedef struct {
    const char *raw_header; /* the last column's name */
    /* Measures one file from its first line; false after a read error (message printed). */
    bool (*measure)(const void *ctx, const char *path, cli_lines *in, ratio_figures *fig);
    void (*print_preamble)(const void *ctx, FILE *f);
    const void *ctx;
    cli_result *result;     /* where the table goes (started by the command) */
} ratio_report;

/* One row per file (file, type, lines, bytes, comp_bits, comp_bytes, ratio, saving, raw
 * share), then the preamble and the table (r->result). Returns an exit code (a file that cannot
 * be read is reported and skipped; --out is then not written). Exists because every unit's `ratio` has these columns. */
int report_ratio_files(char **paths, int npaths, const ratio_report *r);

/* How a table command fills one row per data file and what it prints above the table. */
typedef struct {
    unsigned ncols;
    const char *const *header;
    const bool *right;
    bool (*add_row)(const void *ctx, table *t, const data_file *f);
    void (*print_preamble)(const void *ctx, const char *dir, FILE *f);
    const void *ctx;
    cli_result *result;     /* where the table goes (started by the command) */
} dir_report;

/* Every data file of dir, grouped by element type, one row each. Returns an exit code.
 * Exists because `ratio-table` and `savings-table` walk the data directory the same way. */
int report_dir_files(const char *dir, const dir_report *r);

/* `ratio --algo dpc|dftruc|dfman` on files (cmd_dpc.c), called by cmd_ratio once every option
 * is parsed: map and seed are the raw option values (NULL when not given), checked here. */
extern const char ratio_dpc_usage[];
int cmd_ratio_dpc(const char *cmd, const char *algo, const char *map, const char *seed, cli_result *result,
                  char **files, int nfiles);

#endif
