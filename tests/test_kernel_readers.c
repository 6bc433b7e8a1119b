/* The input readers of the benchmark ports (apps/kernels/rodinia/inputs_rodinia.c, and
 * Pannotia's .gr and Parboil's Matrix Market readers further down):
 * the shipped files parse to the sizes their README gives, and malformed files are refused
 * with a `path:line:` message naming the line of the fault. */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pannotia/inputs_pannotia.h"
#include "parboil/inputs_parboil.h"
#include "rodinia/inputs_rodinia.h"

static const char *input_dir(void) {
    const char *d = getenv("NP_INPUT_DIR");
    return d ? d : "../shared/data/inputs";
}

static const char *tmp_dir(void) {
    const char *d = getenv("NP_SIMT_TMP");
    return d ? d : ".";
}

/* Writes text to a scratch file; its path goes to path. */
static void write_file(char *path, size_t len, const char *name, const char *text) {
    snprintf(path, len, "%s/%s", tmp_dir(), name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

/* Runs one reader with stderr captured; returns its result and the message in msg. */
typedef bool (*reader_fn)(const char *path);
static bool run_captured(reader_fn fn, const char *path, char *msg, size_t len) {
    char cap[512];
    snprintf(cap, sizeof cap, "%s/stderr.txt", tmp_dir());
    fflush(stderr);
    int saved = dup(2);
    assert_true(saved >= 0);
    FILE *f = freopen(cap, "w", stderr);
    assert_non_null(f);
    bool ok = fn(path);
    fflush(stderr);
    assert_true(dup2(saved, 2) >= 0);
    close(saved);
    FILE *r = fopen(cap, "r");
    assert_non_null(r);
    size_t n = fread(msg, 1, len - 1, r);
    msg[n] = '\0';
    fclose(r);
    return ok;
}

static bool read_graph(const char *path) {
    rd_graph g;
    bool ok = rd_read_graph(path, &g);
    if (ok) {
        rd_graph_free(&g);
    }
    return ok;
}

static bool read_lud(const char *path) {
    float *m;
    int32_t n;
    bool ok = rd_read_lud(path, &m, &n);
    free(m);
    return ok;
}

static bool read_gaussian(const char *path) {
    float *a, *b, *x;
    int32_t n;
    bool ok = rd_read_gaussian(path, &a, &b, &x, &n);
    free(a);
    free(b);
    free(x);
    return ok;
}

static bool read_grid4(const char *path) {
    float v[4];
    return rd_read_grid(path, v, 4);
}

static void test_shipped_files(void **state) {
    (void)state;
    char path[512];
    rd_graph g;
    snprintf(path, sizeof path, "%s/rodinia/bfs/graph4096.txt", input_dir());
    assert_true(rd_read_graph(path, &g));
    assert_int_equal(g.n, 4096);
    assert_int_equal(g.node[0], 0); /* the first lines: `0 10`, `10 6` */
    assert_int_equal(g.node[1], 10);
    assert_int_equal(g.node[2], 10);
    assert_int_equal(g.node[3], 6);
    assert_int_equal(g.node[2 * 4095] + g.node[2 * 4095 + 1], g.e); /* the rows cover the edges */
    rd_graph_free(&g);

    float *m, *a, *b, *x;
    int32_t n;
    snprintf(path, sizeof path, "%s/rodinia/lud/64.dat", input_dir());
    assert_true(rd_read_lud(path, &m, &n));
    assert_int_equal(n, 64);
    assert_float_equal(m[0], 0.726017f, 1e-7);
    free(m);

    snprintf(path, sizeof path, "%s/rodinia/gaussian/matrix4.txt", input_dir());
    assert_true(rd_read_gaussian(path, &a, &b, &x, &n));
    assert_int_equal(n, 4);
    assert_float_equal(a[0], -0.6f, 1e-7);
    assert_float_equal(b[3], -0.53f, 1e-7);
    assert_non_null(x); /* the file carries the solution 0.7 0.0 -0.4 -0.5 */
    assert_float_equal(x[0], 0.7f, 1e-7);
    assert_float_equal(x[3], -0.5f, 1e-7);
    free(a);
    free(b);
    free(x);

    float *grid = malloc(64 * 64 * sizeof *grid);
    snprintf(path, sizeof path, "%s/rodinia/hotspot/temp_64", input_dir());
    assert_true(rd_read_grid(path, grid, 64 * 64));
    assert_true(grid[0] > 300.0f && grid[0] < 350.0f); /* Kelvin */
    assert_false(rd_read_grid(path, grid, 64 * 64 - 1)); /* one value too many for that size */
    free(grid);
}

typedef struct {
    reader_fn fn;
    const char *name, *text, *where; /* where: the `file:line:` suffix the message must carry */
} bad_case;

static void test_bad_files(void **state) {
    (void)state;
    static const bad_case cases[] = {
        {read_graph, "g_short.txt", "3\n0 1\n1 1\n", ":4: unexpected end of file"},
        {read_graph, "g_dest.txt", "2\n0 1\n1 1\n0\n2\n1 1\n7 1\n", ":7: expected an edge's destination node"},
        {read_graph, "g_range.txt", "2\n0 1\n1 5\n0\n2\n1 1\n0 1\n", "node 1: edges 1..5 past the 2 edges"},
        {read_graph, "g_word.txt", "2\n0 1\nx 1\n", ":3: expected a node's first edge"},
        {read_lud, "l_text.dat", "2\n1 2\n3 abc\n", ":3: expected a matrix element"},
        {read_lud, "l_extra.dat", "1\n1\n2\n", ":3: unexpected data after the last value"},
        {read_lud, "l_size.dat", "0\n", ":1: expected the matrix dimension"},
        {read_gaussian, "ge_short.txt", "2\n\n1 0\n0 1\n\n1\n", ":7: unexpected end of file"},
        {read_grid4, "grid_two.txt", "1\n2\n3 4\n", ":3: a second value on one line"},
        {read_grid4, "grid_few.txt", "1\n2\n3\n", "too few lines"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[512], msg[1024], want[600];
        write_file(path, sizeof path, cases[i].name, cases[i].text);
        bool ok = run_captured(cases[i].fn, path, msg, sizeof msg);
        if (ok || strstr(msg, cases[i].where) == NULL) {
            fail_msg("%s: reader returned %d, message \"%s\", want \"%s\"", cases[i].name, ok, msg, cases[i].where);
        }
        snprintf(want, sizeof want, "%s%s", path, cases[i].where[0] == ':' ? cases[i].where : ":");
        if (cases[i].where[0] == ':' && strstr(msg, want) == NULL) {
            fail_msg("%s: message \"%s\" does not start with \"%s\"", cases[i].name, msg, want);
        }
    }
}

/* ---- Pannotia (.gr) and Parboil (Matrix Market) -------------------------------------------- */

static bool read_gr(const char *path) {
    gr_arcs a;
    bool ok = gr_read(path, &a) == 0;
    gr_arcs_free(&a);
    return ok;
}

static bool read_mtx(const char *path) {
    mm_coo m;
    bool ok = mm_read_coo_path(path, &m) == 0;
    mm_coo_free(&m);
    return ok;
}

static bool read_mtx_vec3(const char *path) {
    float v[3];
    return mm_read_array_path(path, v, 3) == 0;
}

static void test_gr_mtx_shipped_files(void **state) {
    (void)state;
    char path[512];
    gr_arcs a;
    gr_csr c;
    snprintf(path, sizeof path, "%s/pannotia/bc/1k_128k.gr", input_dir());
    assert_int_equal(gr_read(path, &a), 0);
    assert_int_equal(a.num_nodes, 1024);
    assert_int_equal(a.num_arcs, 131072);
    assert_int_equal(gr_to_csr(&a, 1, 0, &c), 0); /* undirected: both directions */
    assert_int_equal(c.num_edges, 2 * 131072);
    assert_int_equal(c.row[1024], c.num_edges);
    gr_csr_free(&c);
    gr_arcs_free(&a);

    snprintf(path, sizeof path, "%s/parboil/spmv/fidapm05.mtx", input_dir());
    mm_coo m;
    assert_int_equal(mm_read_coo_path(path, &m), 0);
    assert_int_equal(m.rows, 42);
    assert_int_equal(m.nnz, 520);
    assert_int_equal(m.row[2], 9); /* the third entry: `10 1 -1.0666666666667e+00` */
    assert_float_equal(m.val[2], -1.0666666666667f, 1e-7);
    mm_coo_free(&m);
    float x[42];
    snprintf(path, sizeof path, "%s/parboil/spmv/fidapm05_rhs1.mtx", input_dir());
    assert_int_equal(mm_read_array_path(path, x, 42), 0);
    assert_float_equal(x[0], 2.6666666666667e-02f, 1e-9);
}

static void test_gr_mtx_bad_files(void **state) {
    (void)state;
    static const bad_case cases[] = {
        {read_gr, "gr_nop.gr", "c x\na 1 2 3\n", ":2: arc before the `p` line"},
        {read_gr, "gr_node.gr", "p sp 2 1\na 1 3 4\n", ":2: node id outside 1..nodes"},
        {read_gr, "gr_more.gr", "p sp 2 1\na 1 2 4\na 2 1 4\n", ":3: more arcs than the `p` line declares"},
        {read_gr, "gr_fewer.gr", "p sp 2 2\na 1 2 4\n", ":2: fewer arcs than the `p` line declares"},
        {read_gr, "gr_arc.gr", "p sp 2 1\na 1 x 4\n", ":2: expected `a <from> <to> <weight>`"},
        {read_gr, "gr_kind.gr", "p sp 2 1\nq\n", ":2: line is neither"},
        {read_mtx, "mm_banner.mtx", "%%MatrixMarket matrix array real general\n", ":1: expected `%%MatrixMarket"},
        {read_mtx, "mm_size.mtx", "%%MatrixMarket matrix coordinate real general\n% c\n2 2\n", ":3: expected `<rows> <cols> <entries>`"},
        {read_mtx, "mm_index.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n3 1 1.0\n", ":3: index outside the matrix"},
        {read_mtx, "mm_few.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1.0\n", ":3: fewer entries"},
        {read_mtx, "mm_val.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1 x\n", ":3: expected `<row> <col> <value>`"},
        {read_mtx_vec3, "mm_vec.mtx", "%%MatrixMarket matrix array real general\n2 1\n1\n2\n", ":2: expected `<rows> <cols>` with rows * cols the vector length"},
        {read_mtx_vec3, "mm_vecval.mtx", "%%MatrixMarket matrix array real general\n3 1\n1\nz\n3\n", ":4: expected one value per line"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[512], msg[1024], want[600];
        write_file(path, sizeof path, cases[i].name, cases[i].text);
        bool ok = run_captured(cases[i].fn, path, msg, sizeof msg);
        snprintf(want, sizeof want, "%s%s", path, cases[i].where);
        if (ok || strstr(msg, want) == NULL) {
            fail_msg("%s: reader returned %d, message \"%s\", want \"%s\"", cases[i].name, ok, msg, want);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shipped_files),
        cmocka_unit_test(test_bad_files),
        cmocka_unit_test(test_gr_mtx_shipped_files),
        cmocka_unit_test(test_gr_mtx_bad_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
