/* Small table printer for the CLI reports: an aligned text table (numbers right-aligned) or
 * Markdown. Rows may be interleaved with group headings (one Markdown table per group). */
#ifndef NP_TABLE_H
#define NP_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define TABLE_MAX_COLS 16u

/* TABLE_JSON: the command's result as one JSON document (cli_result.h renders it; table_print
 * prints JSON tables as text). */
typedef enum { TABLE_TEXT, TABLE_MARKDOWN, TABLE_JSON } table_format;

typedef struct {
    unsigned ncols;
    const char *header[TABLE_MAX_COLS];
    bool right[TABLE_MAX_COLS]; /* right-align (numbers) */
    size_t nrows, cap;
    char **cells;               /* nrows * ncols strings; NULL in group rows */
    char **group;               /* per row: group title or NULL */
} table;

/* header and right have ncols entries; the strings must outlive the table. */
void table_init(table *t, unsigned ncols, const char *const header[], const bool right[]);
/* Copies the cells. Returns false when out of memory. */
bool table_add_row(table *t, const char *const cells[]);
bool table_add_group(table *t, const char *title);
void table_print(const table *t, FILE *out, table_format format);
void table_free(table *t);

/* Parses "text", "md" (or "markdown") or "json"; false otherwise. */
bool table_parse_format(const char *text, table_format *out);

#endif
