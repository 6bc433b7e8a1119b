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
            return cli_fail("out of memory");
        }
    }
    r->print_preamble(r->ctx);
    table_print(&t, stdout, r->format);
    table_free(&t);
    return status;
}

int report_dir_files(const char *dir, const dir_report *r) {
    data_file *files;
    size_t n;
    if (!cli_list_data_files(dir, &files, &n)) {
        return NP_EXIT_FAIL;
    }
    if (n == 0) {
        free(files);
        return cli_fail("no data files in '%s'", dir);
    }
    table t;
    table_init(&t, r->ncols, r->header, r->right);
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        if (i == 0 || files[i].type != files[i - 1].type) {
            ok = table_add_group(&t, cli_elem_type_name(files[i].type));
        }
        ok = ok && r->add_row(r->ctx, &t, &files[i]);
    }
    cli_free_data_files(files, n);
    if (ok) {
        r->print_preamble(r->ctx, dir);
        table_print(&t, stdout, r->format);
    }
    table_free(&t);
    return ok ? NP_EXIT_OK : NP_EXIT_FAIL;
}
