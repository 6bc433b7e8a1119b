/* Readers of the Rodinia 3.1 input files in ../shared/data/inputs/rodinia (the formats its
 * README gives, as the benchmarks' own readers parse them). Every reader reports a bad file
 * as `path:line: what` on stderr and returns false; every count and index is bounds-checked. */
#ifndef NP_INPUTS_RODINIA_H
#define NP_INPUTS_RODINIA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* bfs graphNNN.txt: N, N lines `start degree` (CSR row of each node), the source node, E,
 * E lines `dest cost` (the cost is read and dropped, as bfs.cu does). */
typedef struct {
    int32_t n, e, source;
    int32_t *node; /* 2*n: start, degree (the layout of bfs.cu's struct Node) */
    int32_t *edge; /* e destinations */
} rd_graph;
bool rd_read_graph(const char *path, rd_graph *g);
void rd_graph_free(rd_graph *g);

/* lud NNN.dat: N, then N*N floats row-major. *m malloc'd. */
bool rd_read_lud(const char *path, float **m, int32_t *n);

/* gaussian matrixN.txt: N, N*N floats (A), N floats (b), and optionally N floats: the
 * precomputed solution (*x NULL when the file has none). All malloc'd. */
bool rd_read_gaussian(const char *path, float **a, float **b, float **x, int32_t *n);

/* hotspot temp_N / power_N: exactly `count` lines, one float each. */
bool rd_read_grid(const char *path, float *v, size_t count);

#endif
