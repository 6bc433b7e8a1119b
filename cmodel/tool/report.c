/* Per-file report cells and loops (report.h). */
#define _POSIX_C_SOURCE 200809L
#include "report.h"

#include <stdio.h>
#include <stdlib.h>

void report_ratio(uint64_t bytes, uint64_t bits, char *out, size_t n) {
    if (bits == 0) {
        snprintf(out, n, "-");
    } else {
        snprintf(out, n, "%.3f", (double)(bytes * 8u) / (double)bits);
    }
}

void report_saving(uint64_t bytes, uint64_t bits, char *out, size_t n) {
    if (bytes == 0) {
        snprintf(out, n, "-");
    } else {
        snprintf(out, n, "%.1f%%", 100.0 * (1.0 - (double)bits / (double)(bytes * 8u)));
    }
}

void report_percent(uint64_t part, uint64_t whole, char *out, size_t n) {
    if (whole == 0) {
        snprintf(out, n, "-");
    } else {
        snprintf(out, n, "%.1f%%", 100.0 * (double)part / (double)whole);
    }
}

static bool add_ratio_row(table *t, const char *path, const ratio_figures *fig) {
    char lines[24], bytes[24], bits[24], cbytes[24], ratio[24], saving[24], raw[24];
    snprintf(lines, sizeof lines, "%zu", fig->lines);
    snprintf(bytes, sizeof bytes, "%llu", (unsigned long long)fig->bytes);
    snprintf(bits, sizeof bits, "%llu", (unsigned long long)fig->bits);
    snprintf(cbytes, sizeof cbytes, "%llu", (unsigned long long)((fig->bits + 7u) / 8u));
    report_ratio(fig->bytes, fig->bits, ratio, sizeof ratio);
    report_saving(fig->bytes, fig->bits, saving, sizeof saving);
    report_percent(fig->raw, fig->units, raw, sizeof raw);
    const char *cells[] = {cli_basename(path), cli_elem_type_name(cli_elem_type_of(path)),
                           lines, bytes, bits, cbytes, ratio, saving, raw};
    return table_add_row(t, cells);
}

int report_ratio_files(char **paths, int npaths, const ratio_report *r) {
    const char *const header[] = {"file",       "type",  "lines",  "bytes",     "comp_bits",
                                  "comp_bytes", "ratio", "saving", r->raw_header};
    static const bool right[] = {false, false, true, true, true, true, true, true, true};
    table t;
    table_init(&t, 9, header, right);
    int status = NP_EXIT_OK;
    for (int i = 0; i < npaths; i++) {
        cli_result_input(r->result, "data", paths[i]);
        cli_progress_file((size_t)i, (size_t)npaths, paths[i]);
        cli_lines in;
        if (!cli_lines_open(&in, paths[i])) {
            status = NP_EXIT_FAIL;
            continue;
        }
        ratio_figures fig;
        bool measured = r->measure(r->ctx, paths[i], &in, &fig);
        cli_lines_close(&in);
        if (!measured) {
            status = NP_EXIT_FAIL;
            continue;
        }
        if (!add_ratio_row(&t, paths[i], &fig)) {
            table_free(&t);
            cli_result_discard(r->result);
            return cli_fail("out of memory");
        }
    }
    int rc = cli_result_table(r->result, &t, r->print_preamble, r->ctx, status == NP_EXIT_OK);
    table_free(&t);
    return status != NP_EXIT_OK ? status : rc;
}

/* The preamble of a directory's table names the directory. */
typedef struct {
    const dir_report *r;
    const char *dir;
} dir_preamble;

static void print_dir_preamble(const void *ctx, FILE *f) {
    const dir_preamble *p = ctx;
    p->r->print_preamble(p->r->ctx, p->dir, f);
}

int report_dir_files(const char *dir, const dir_report *r) {
    data_file *files;
    size_t n;
    if (!cli_list_data_files(dir, &files, &n)) {
        cli_result_discard(r->result);
        return NP_EXIT_FAIL;
    }
    if (n == 0) {
        free(files);
        cli_result_discard(r->result);
        return cli_fail("no data files in '%s'", dir);
    }
    table t;
    table_init(&t, r->ncols, r->header, r->right);
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        if (i == 0 || files[i].type != files[i - 1].type) {
            ok = table_add_group(&t, cli_elem_type_name(files[i].type));
        }
        cli_result_input(r->result, "data", files[i].path);
        cli_progress_file(i, n, files[i].path);
        ok = ok && r->add_row(r->ctx, &t, &files[i]);
    }
    cli_free_data_files(files, n);
    int rc = NP_EXIT_FAIL;
    if (ok) {
        dir_preamble p = {r, dir};
        rc = cli_result_table(r->result, &t, print_dir_preamble, &p, true);
    } else {
        cli_result_discard(r->result);
    }
    table_free(&t);
    return rc;
}
