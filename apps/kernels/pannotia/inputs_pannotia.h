/* Pannotia's graph inputs: the 9th-DIMACS `.gr` arc lists its apps read with file_format 0
 * (graph_parser/parse.cpp parseCOO / parseCOO_transpose, bc's own parseCOO, fw's
 * parse_graph_file), turned into the CSR arrays or the dense matrix those parsers build. */
#ifndef NP_INPUTS_PANNOTIA_H
#define NP_INPUTS_PANNOTIA_H

#include <stdint.h>

#include "kernel_inputs.h"

/* The arcs of a `.gr` file in file order, ids 0-based (the file's are 1-based). */
typedef struct {
    int num_nodes;
    int num_arcs;
    int *head;
    int *tail;
    int *weight;
} gr_arcs;

/* CSR as Pannotia builds it: row[n+1], col[m], data[m] (the arc weights). */
typedef struct {
    int num_nodes;
    int num_edges;
    int *row;
    int *col;
    int *data;
} gr_csr;

/* Reads `path`; on bad input prints `path:line: reason` to stderr and returns -1. */
int gr_read(const char *path, gr_arcs *out);
void gr_arcs_free(gr_arcs *a);

/* parseCOO: arcs head->tail, undirected adds tail->head after each; rows in order of the
 * arcs' heads with each row's arcs in file order (parse.cpp's stable_sort by row).
 * transpose: parseCOO_transpose's arcs tail->head (in-edges per node). */
int gr_to_csr(const gr_arcs *a, int undirected, int transpose, gr_csr *out);
void gr_csr_free(gr_csr *c);

/* fw's parse_graph_file + the matrix setup in Floyd-Warshall.cpp's main: dim x dim ints,
 * 0 on the diagonal, `no_edge` where no arc, else the weight of the FIRST arc i->j (the
 * parser keeps the first of duplicate arcs). Returns NULL on allocation failure. */
int *gr_to_dense(const gr_arcs *a, int no_edge);

/* Keeps the subgraph induced by vertices 0 .. keep-1 (the arcs between them, in order). */
void gr_keep_first(gr_arcs *a, int keep);

/* Reads <input_dir>/pannotia/<rel>; -1 (error printed) when it cannot. o->scale s > 1 keeps
 * the subgraph induced by the first n/s vertices (at least 32): the test size. */
int pannotia_load_arcs(const simt_app_opts *o, const char *rel, gr_arcs *out);

/* The apps' CSR of <input_dir>/pannotia/<rel>, or -1 (error printed). */
int pannotia_load_csr(const simt_app_opts *o, const char *rel, int undirected, int transpose,
                      gr_csr *out);

#endif
