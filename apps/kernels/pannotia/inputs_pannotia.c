/* DIMACS `.gr` reader for the Pannotia ports (format: inputs/README.md, Pannotia's
 * graph_parser/parse.cpp). Every line is checked; errors name file:line. */
#include "inputs_pannotia.h"

#include <errno.h>
#include <stdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int gr_fail(const char *path, unsigned line, const char *why) {
    fprintf(stderr, "%s:%u: %s\n", path, line, why);
    return -1;
}

static int gr_parse_problem(const char *path, unsigned line, const char *text, gr_arcs *out,
                            int *declared) {
    char kind[16];
    long n, m;
    if (out->head) {
        return gr_fail(path, line, "second `p` line");
    }
    if (sscanf(text, "p %15s %ld %ld", kind, &n, &m) != 3 || strcmp(kind, "sp") != 0) {
        return gr_fail(path, line, "expected `p sp <nodes> <arcs>`");
    }
    if (n < 1 || n > (1L << 24) || m < 0 || m > (1L << 26)) {
        return gr_fail(path, line, "node or arc count out of range");
    }
    out->num_nodes = (int)n;
    out->num_arcs = 0;
    out->head = malloc(sizeof(int) * (size_t)(m ? m : 1));
    out->tail = malloc(sizeof(int) * (size_t)(m ? m : 1));
    out->weight = malloc(sizeof(int) * (size_t)(m ? m : 1));
    if (!out->head || !out->tail || !out->weight) {
        return gr_fail(path, line, "out of memory");
    }
    *declared = (int)m;
    return 0;
}

static int gr_parse_arc(const char *path, unsigned line, const char *text, gr_arcs *out,
                        int declared) {
    long u, v, w;
    char extra;
    int n = out->num_nodes;
    if (!out->head) {
        return gr_fail(path, line, "arc before the `p` line");
    }
    if (sscanf(text, "a %ld %ld %ld %c", &u, &v, &w, &extra) != 3) {
        return gr_fail(path, line, "expected `a <from> <to> <weight>`");
    }
    if (u < 1 || u > n || v < 1 || v > n) {
        return gr_fail(path, line, "node id outside 1..nodes");
    }
    if (w < 0 || w > (1L << 20)) {
        return gr_fail(path, line, "weight outside 0..2^20");
    }
    if (out->num_arcs >= declared) {
        return gr_fail(path, line, "more arcs than the `p` line declares");
    }
    out->head[out->num_arcs] = (int)u - 1;
    out->tail[out->num_arcs] = (int)v - 1;
    out->weight[out->num_arcs] = (int)w;
    out->num_arcs++;
    return 0;
}

int gr_read(const char *path, gr_arcs *out) {
    char text[256];
    unsigned line = 0;
    int declared = 0, rc = 0;
    FILE *f = fopen(path, "r");
    memset(out, 0, sizeof(*out));
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    while (rc == 0 && fgets(text, sizeof(text), f)) {
        line++;
        if (!strchr(text, '\n') && !feof(f)) {
            rc = gr_fail(path, line, "line longer than 255 characters");
        } else if (text[0] == 'c' || text[0] == '\n' || text[0] == '\r') {
            continue;
        } else if (text[0] == 'p') {
            rc = gr_parse_problem(path, line, text, out, &declared);
        } else if (text[0] == 'a') {
            rc = gr_parse_arc(path, line, text, out, declared);
        } else {
            rc = gr_fail(path, line, "line is neither `c`, `p` nor `a`");
        }
    }
    fclose(f);
    if (rc == 0 && !out->head) {
        rc = gr_fail(path, line, "no `p sp` line");
    } else if (rc == 0 && out->num_arcs != declared) {
        rc = gr_fail(path, line, "fewer arcs than the `p` line declares");
    }
    if (rc != 0) {
        gr_arcs_free(out);
    }
    return rc;
}

void gr_arcs_free(gr_arcs *a) {
    free(a->head);
    free(a->tail);
    free(a->weight);
    memset(a, 0, sizeof(*a));
}

/* Counting sort by source row: keeps each row's arcs in input order, as the parsers'
 * std::stable_sort does. (The parsers' row pointers skip rows with no arc, which shifts
 * later rows; counting gives an empty row instead. The shipped graphs have no empty row.) */
int gr_to_csr(const gr_arcs *a, int undirected, int transpose, gr_csr *out) {
    int n = a->num_nodes;
    int m = a->num_arcs * (undirected ? 2 : 1);
    int *fill;
    memset(out, 0, sizeof(*out));
    out->num_nodes = n;
    out->num_edges = m;
    out->row = calloc((size_t)n + 1, sizeof(int));
    out->col = malloc(sizeof(int) * (size_t)(m ? m : 1));
    out->data = malloc(sizeof(int) * (size_t)(m ? m : 1));
    fill = calloc((size_t)n + 1, sizeof(int));
    if (!out->row || !out->col || !out->data || !fill) {
        free(fill);
        gr_csr_free(out);
        return -1;
    }
    for (int pass = 0; pass < 2; pass++) {
        for (int i = 0; i < a->num_arcs; i++) {
            for (int r = 0; r < (undirected ? 2 : 1); r++) {
                int from = (r == 0) ? a->head[i] : a->tail[i];
                int to = (r == 0) ? a->tail[i] : a->head[i];
                if (transpose) {
                    int swap = from;
                    from = to;
                    to = swap;
                }
                if (pass == 0) {
                    out->row[from + 1]++;
                } else {
                    int at = out->row[from] + fill[from]++;
                    out->col[at] = to;
                    out->data[at] = a->weight[i];
                }
            }
        }
        if (pass == 0) {
            for (int v = 0; v < n; v++) {
                out->row[v + 1] += out->row[v];
            }
        }
    }
    free(fill);
    return 0;
}

void gr_csr_free(gr_csr *c) {
    free(c->row);
    free(c->col);
    free(c->data);
    memset(c, 0, sizeof(*c));
}

int *gr_to_dense(const gr_arcs *a, int no_edge) {
    size_t dim = (size_t)a->num_nodes;
    int *m = malloc(sizeof(int) * dim * dim);
    char *seen = calloc(dim * dim, 1);
    if (!m || !seen) {
        free(m);
        free(seen);
        return NULL;
    }
    for (size_t i = 0; i < dim * dim; i++) {
        m[i] = no_edge;
    }
    for (int k = 0; k < a->num_arcs; k++) {
        size_t at = (size_t)a->head[k] * dim + (size_t)a->tail[k];
        if (!seen[at]) {
            seen[at] = 1;
            m[at] = a->weight[k];
        }
    }
    for (size_t i = 0; i < dim; i++) {
        m[i * dim + i] = 0;
    }
    free(seen);
    return m;
}

void gr_keep_first(gr_arcs *a, int keep) {
    int m = 0;
    if (keep >= a->num_nodes) {
        return;
    }
    for (int i = 0; i < a->num_arcs; i++) {
        if (a->head[i] < keep && a->tail[i] < keep) {
            a->head[m] = a->head[i];
            a->tail[m] = a->tail[i];
            a->weight[m] = a->weight[i];
            m++;
        }
    }
    a->num_nodes = keep;
    a->num_arcs = m;
}

int pannotia_load_arcs(const simt_app_opts *o, const char *rel, gr_arcs *out) {
    char path[1024], sub[256];
    snprintf(sub, sizeof(sub), "pannotia/%s", rel);
    if (kin_input_path(path, sizeof(path), o, sub) != 0 || gr_read(path, out) != 0) {
        return -1;
    }
    gr_keep_first(out, (int)kin_scaled(o, (size_t)out->num_nodes, 32));
    return 0;
}

int pannotia_load_csr(const simt_app_opts *o, const char *rel, int undirected, int transpose,
                      gr_csr *out) {
    gr_arcs arcs;
    int rc;
    if (pannotia_load_arcs(o, rel, &arcs) != 0) {
        return -1;
    }
    rc = gr_to_csr(&arcs, undirected, transpose, out);
    gr_arcs_free(&arcs);
    if (rc != 0) {
        fprintf(stderr, "pannotia/%s: out of memory building the CSR\n", rel);
    }
    return rc;
}
