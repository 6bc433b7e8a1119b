/* Readers of the Rodinia input files (inputs_rodinia.h). One tokenizer over the whole file
 * keeps the line of every number for the error messages. */
#include "inputs_rodinia.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *path;
    char *text;
    size_t pos, len;
    unsigned line;
} rd_tok;

static bool tok_open(rd_tok *k, const char *path) {
    memset(k, 0, sizeof *k);
    k->path = path;
    k->line = 1;
    FILE *f = fopen(path, "rb");
    if (f == NULL) {
        fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
        return false;
    }
    bool ok = fseek(f, 0, SEEK_END) == 0;
    long size = ok ? ftell(f) : -1;
    ok = size >= 0 && fseek(f, 0, SEEK_SET) == 0;
    k->text = ok ? malloc((size_t)size + 1) : NULL;
    ok = k->text != NULL && fread(k->text, 1, (size_t)size, f) == (size_t)size;
    fclose(f);
    if (!ok) {
        fprintf(stderr, "%s: cannot read\n", path);
        free(k->text);
        k->text = NULL;
        return false;
    }
    k->text[size] = '\0';
    k->len = (size_t)size;
    return true;
}

static void tok_close(rd_tok *k) {
    free(k->text);
    k->text = NULL;
}

/* Skips blanks and counts newlines; false at the end of the file. */
static bool tok_skip(rd_tok *k) {
    while (k->pos < k->len) {
        char c = k->text[k->pos];
        if (c == '\n') {
            k->line++;
        } else if (c != ' ' && c != '\t' && c != '\r') {
            return true;
        }
        k->pos++;
    }
    return false;
}

static bool tok_fail(const rd_tok *k, const char *what) {
    fprintf(stderr, "%s:%u: %s\n", k->path, k->line, what);
    return false;
}

static bool tok_long(rd_tok *k, long lo, long hi, const char *what, long *v) {
    if (!tok_skip(k)) {
        return tok_fail(k, "unexpected end of file");
    }
    char *end;
    errno = 0;
    long x = strtol(k->text + k->pos, &end, 10);
    if (end == k->text + k->pos || errno != 0 || x < lo || x > hi) {
        char msg[160];
        snprintf(msg, sizeof msg, "expected %s (an integer in %ld..%ld)", what, lo, hi);
        return tok_fail(k, msg);
    }
    k->pos = (size_t)(end - k->text);
    *v = x;
    return true;
}

static bool tok_i32(rd_tok *k, long lo, long hi, const char *what, int32_t *v) {
    long x;
    if (!tok_long(k, lo, hi, what, &x)) {
        return false;
    }
    *v = (int32_t)x;
    return true;
}

static bool tok_float(rd_tok *k, const char *what, float *v) {
    if (!tok_skip(k)) {
        return tok_fail(k, "unexpected end of file");
    }
    char *end;
    float x = strtof(k->text + k->pos, &end);
    if (end == k->text + k->pos) {
        char msg[120];
        snprintf(msg, sizeof msg, "expected %s (a number)", what);
        return tok_fail(k, msg);
    }
    k->pos = (size_t)(end - k->text);
    *v = x;
    return true;
}

static bool tok_end(rd_tok *k) {
    return tok_skip(k) ? tok_fail(k, "unexpected data after the last value") : true;
}

/* Sizes up to 2^24 elements per dimension product keep every index in int32. */
#define RD_MAX_N 16777216L

bool rd_read_graph(const char *path, rd_graph *g) {
    memset(g, 0, sizeof *g);
    rd_tok k;
    if (!tok_open(&k, path)) {
        return false;
    }
    bool ok = tok_i32(&k, 1, RD_MAX_N, "the node count", &g->n);
    g->node = ok ? malloc(2 * (size_t)g->n * sizeof *g->node) : NULL;
    ok = ok && g->node != NULL;
    for (int32_t i = 0; ok && i < g->n; i++) {
        ok = tok_i32(&k, 0, RD_MAX_N, "a node's first edge", &g->node[2 * i]) &&
             tok_i32(&k, 0, RD_MAX_N, "a node's degree", &g->node[2 * i + 1]);
    }
    ok = ok && tok_i32(&k, 0, g->n - 1, "the source node", &g->source) &&
         tok_i32(&k, 0, RD_MAX_N, "the edge count", &g->e);
    g->edge = ok ? malloc(((size_t)g->e + 1) * sizeof *g->edge) : NULL;
    ok = ok && g->edge != NULL;
    for (int32_t i = 0; ok && i < g->e; i++) {
        int32_t cost;
        ok = tok_i32(&k, 0, g->n - 1, "an edge's destination node", &g->edge[i]) &&
             tok_i32(&k, -RD_MAX_N, RD_MAX_N, "an edge's cost", &cost);
    }
    ok = ok && tok_end(&k);
    for (int32_t i = 0; ok && i < g->n; i++) {
        if ((int64_t)g->node[2 * i] + g->node[2 * i + 1] > g->e) {
            fprintf(stderr, "%s: node %d: edges %d..%d past the %d edges\n", path, (int)i, (int)g->node[2 * i],
                    (int)(g->node[2 * i] + g->node[2 * i + 1] - 1), (int)g->e);
            ok = false;
        }
    }
    tok_close(&k);
    if (!ok) {
        rd_graph_free(g);
    }
    return ok;
}

void rd_graph_free(rd_graph *g) {
    free(g->node);
    free(g->edge);
    memset(g, 0, sizeof *g);
}

static bool read_floats(rd_tok *k, float *v, size_t n, const char *what) {
    for (size_t i = 0; i < n; i++) {
        if (!tok_float(k, what, &v[i])) {
            return false;
        }
    }
    return true;
}

bool rd_read_lud(const char *path, float **m, int32_t *n) {
    *m = NULL;
    rd_tok k;
    if (!tok_open(&k, path)) {
        return false;
    }
    bool ok = tok_i32(&k, 1, 4096, "the matrix dimension", n);
    *m = ok ? malloc((size_t)*n * (size_t)*n * sizeof **m) : NULL;
    ok = ok && *m != NULL && read_floats(&k, *m, (size_t)*n * (size_t)*n, "a matrix element") && tok_end(&k);
    tok_close(&k);
    if (!ok) {
        free(*m);
        *m = NULL;
    }
    return ok;
}

bool rd_read_gaussian(const char *path, float **a, float **b, float **x, int32_t *n) {
    *a = *b = *x = NULL;
    rd_tok k;
    if (!tok_open(&k, path)) {
        return false;
    }
    bool ok = tok_i32(&k, 1, 4096, "the matrix dimension", n);
    size_t nn = ok ? (size_t)*n : 0;
    *a = ok ? malloc(nn * nn * sizeof **a) : NULL;
    *b = ok ? malloc(nn * sizeof **b) : NULL;
    ok = ok && *a != NULL && *b != NULL && read_floats(&k, *a, nn * nn, "a matrix element") &&
         read_floats(&k, *b, nn, "a right-hand side element");
    if (ok && tok_skip(&k)) { /* the optional precomputed solution */
        *x = malloc(nn * sizeof **x);
        ok = *x != NULL && read_floats(&k, *x, nn, "a solution element") && tok_end(&k);
    }
    tok_close(&k);
    if (!ok) {
        free(*a);
        free(*b);
        free(*x);
        *a = *b = *x = NULL;
    }
    return ok;
}

bool rd_read_grid(const char *path, float *v, size_t count) {
    rd_tok k;
    if (!tok_open(&k, path)) {
        return false;
    }
    bool ok = true;
    unsigned prev_line = 0;
    for (size_t i = 0; ok && i < count; i++) {
        ok = tok_skip(&k) ? true : tok_fail(&k, "unexpected end of file (too few lines)");
        if (ok && k.line == prev_line) { /* hotspot's readinput takes one value per line */
            ok = tok_fail(&k, "a second value on one line");
        }
        prev_line = k.line;
        ok = ok && tok_float(&k, "a grid value", &v[i]);
    }
    ok = ok && tok_end(&k);
    tok_close(&k);
    return ok;
}
