/* Where a nocpress subcommand's result goes and in which form (docs/cli.md "JSON output"):
 * --format text (aligned table, the default), md (Markdown) or json (one JSON document), on stdout
 * or into --out FILE through the one writer (np_fileio: temp file + rename, never a partial FILE).
 * The JSON document is {"schema", "command", "provenance" (np_provenance.h: versions, argv, inputs
 * with sizes and CRC-32, date), "parameters" (the settings the command measured with), "results"}.
 * Exists so every command that prints a result (ratio, ratio-table, savings-table, compare, reuse,
 * approx-bits) has the same three forms, the same provenance and the same output rules. */
#ifndef NP_CLI_RESULT_H
#define NP_CLI_RESULT_H

#include <stdbool.h>
#include <stdio.h>

#include <cJSON.h>

#include "table.h"

#define CLI_RESULT_SCHEMA "nocpress-result/1"

/* Once, in main: the whole command line and the build's `git describe`, recorded in every
 * JSON's provenance. */
void cli_result_command_line(int argc, char **argv, const char *git_revision);

typedef struct {
    const char *cmd;        /* the subcommand: "ratio", ... */
    table_format format;
    const char *out;        /* --out FILE, NULL for stdout */
    cJSON *params;          /* "parameters": commands add their settings (cJSON_Add*ToObject) */
    cJSON *input_paths;     /* the files read, hashed into the provenance only for JSON */
} cli_result;

/* --format VALUE for a command whose forms are text, md and json (table_parse_format); prints a
 * usage error naming them otherwise. */
bool cli_parse_result_format(const char *cmd, const char *value, table_format *format);

/* Starts a result: checks --out up front (np_out_check: a run never measures for nothing).
 * Returns -1 to go on, else an exit code (message printed). */
int cli_result_start(cli_result *r, const char *cmd, table_format format, const char *out);
/* A file the result was computed from (role: "data", "trace", ...). */
void cli_result_input(cli_result *r, const char *role, const char *path);

/* Writes the result: text / md: text(ctx, f); json: the document with results (owned, deleted
 * here; NULL when the command has none). complete: every input was measured; an incomplete
 * result is still printed on stdout but never given --out's name. Returns NP_EXIT_OK, or an exit
 * code after printing why. Releases r either way. */
int cli_result_emit(cli_result *r, void (*text)(const void *ctx, FILE *f), const void *ctx, cJSON *results,
                    bool complete);
/* cli_result_emit of a table: text / md: preamble(ctx, f) (may be NULL) then the table; json:
 * results = {"columns": [...], "rows": [...]} (table_to_json). */
int cli_result_table(cli_result *r, const table *t, void (*preamble)(const void *ctx, FILE *f), const void *ctx,
                     bool complete);
/* Releases r without writing anything (an error before the result). */
void cli_result_discard(cli_result *r);

/* A table as JSON: "columns" the header; "rows" one object per row, keyed by column, with "group"
 * (the heading it is under) when it has one. A cell that is a number becomes a JSON number, a
 * percentage "12.5%" the number 12.5, "-" or "" null, a number marked "*" (compare's best of
 * the row) the number with the column named in the row's "marked" array; anything else stays a
 * string. NULL when out of memory. */
cJSON *table_to_json(const table *t);

#endif
