/* Aligned text and Markdown tables (table.h). */
#define _POSIX_C_SOURCE 200809L
#include "table.h"

#include <stdlib.h>
#include <string.h>

void table_init(table *t, unsigned ncols, const char *const header[], const bool right[]) {
    memset(t, 0, sizeof *t);
    t->ncols = ncols < TABLE_MAX_COLS ? ncols : TABLE_MAX_COLS;
    for (unsigned c = 0; c < t->ncols; c++) {
        t->header[c] = header[c];
        t->right[c] = right[c];
    }
}

static bool table_grow(table *t) {
    if (t->nrows < t->cap) {
        return true;
    }
    size_t cap = t->cap ? 2u * t->cap : 16u;
    char **cells = realloc(t->cells, cap * t->ncols * sizeof *cells);
    if (cells == NULL) {
        return false;
    }
    t->cells = cells;
    char **group = realloc(t->group, cap * sizeof *group);
    if (group == NULL) {
        return false;
    }
    t->group = group;
    t->cap = cap;
    return true;
}

bool table_add_row(table *t, const char *const cells[]) {
    if (!table_grow(t)) {
        return false;
    }
    char **row = t->cells + t->nrows * t->ncols;
    for (unsigned c = 0; c < t->ncols; c++) {
        row[c] = strdup(cells[c] ? cells[c] : "");
        if (row[c] == NULL) {
            while (c-- > 0) {
                free(row[c]);
            }
            return false;
        }
    }
    t->group[t->nrows++] = NULL;
    return true;
}

bool table_add_group(table *t, const char *title) {
    if (!table_grow(t)) {
        return false;
    }
    char *copy = strdup(title);
    if (copy == NULL) {
        return false;
    }
    char **row = t->cells + t->nrows * t->ncols;
    for (unsigned c = 0; c < t->ncols; c++) {
        row[c] = NULL;
    }
    t->group[t->nrows++] = copy;
    return true;
}

static void column_widths(const table *t, size_t width[]) {
    for (unsigned c = 0; c < t->ncols; c++) {
        width[c] = strlen(t->header[c]);
    }
    for (size_t r = 0; r < t->nrows; r++) {
        if (t->group[r] != NULL) {
            continue;
        }
        for (unsigned c = 0; c < t->ncols; c++) {
            size_t len = strlen(t->cells[r * t->ncols + c]);
            width[c] = len > width[c] ? len : width[c];
        }
    }
}

static void print_text_row(const table *t, FILE *out, const char *const cells[],
                           const size_t width[]) {
    for (unsigned c = 0; c < t->ncols; c++) {
        int w = (int)width[c];
        const char *sep = c + 1 < t->ncols ? "  " : "\n";
        if (t->right[c]) {
            fprintf(out, "%*s%s", w, cells[c], sep);
        } else if (c + 1 < t->ncols) {
            fprintf(out, "%-*s%s", w, cells[c], sep);
        } else {
            fprintf(out, "%s%s", cells[c], sep); /* no trailing blanks */
        }
    }
}

static void print_text(const table *t, FILE *out) {
    size_t width[TABLE_MAX_COLS] = {0};
    column_widths(t, width);
    size_t total = 0;
    for (unsigned c = 0; c < t->ncols; c++) {
        total += width[c] + (c + 1 < t->ncols ? 2u : 0u);
    }
    print_text_row(t, out, t->header, width);
    for (size_t i = 0; i < total; i++) {
        fputc('-', out);
    }
    fputc('\n', out);
    for (size_t r = 0; r < t->nrows; r++) {
        if (t->group[r] != NULL) {
            fprintf(out, "%s[%s]\n", r > 0 ? "\n" : "", t->group[r]);
        } else {
            print_text_row(t, out, (const char *const *)(t->cells + r * t->ncols), width);
        }
    }
}

static void print_md_header(const table *t, FILE *out) {
    for (unsigned c = 0; c < t->ncols; c++) {
        fprintf(out, "| %s ", t->header[c]);
    }
    fputs("|\n", out);
    for (unsigned c = 0; c < t->ncols; c++) {
        fputs(t->right[c] ? "|---:" : "|---", out);
    }
    fputs("|\n", out);
}

static void print_markdown(const table *t, FILE *out) {
    bool header_due = true;
    for (size_t r = 0; r < t->nrows; r++) {
        if (t->group[r] != NULL) {
            fprintf(out, "%s### %s\n\n", r > 0 ? "\n" : "", t->group[r]);
            header_due = true;
            continue;
        }
        if (header_due) {
            print_md_header(t, out);
            header_due = false;
        }
        for (unsigned c = 0; c < t->ncols; c++) {
            fprintf(out, "| %s ", t->cells[r * t->ncols + c]);
        }
        fputs("|\n", out);
    }
    if (header_due && t->nrows == 0) {
        print_md_header(t, out);
    }
}

void table_print(const table *t, FILE *out, table_format format) {
    if (format == TABLE_MARKDOWN) {
        print_markdown(t, out);
    } else {
        print_text(t, out);
    }
}

void table_free(table *t) {
    for (size_t r = 0; r < t->nrows; r++) {
        free(t->group[r]);
        for (unsigned c = 0; c < t->ncols; c++) {
            free(t->cells[r * t->ncols + c]);
        }
    }
    free(t->cells);
    free(t->group);
    memset(t, 0, sizeof *t);
}

bool table_parse_format(const char *text, table_format *out) {
    if (strcmp(text, "text") == 0) {
        *out = TABLE_TEXT;
    } else if (strcmp(text, "md") == 0 || strcmp(text, "markdown") == 0) {
        *out = TABLE_MARKDOWN;
    } else if (strcmp(text, "json") == 0) {
        *out = TABLE_JSON;
    } else {
        return false;
    }
    return true;
}
