/* Pannotia PRK (PageRank, push style): graph_app/prk/pagerank.cpp + kernel/kernel.cl.
 * `inibuffer` sets every rank to 1/n, then ITER (20) rounds of `pagerank1` (each vertex adds
 * rank/out-degree to its out-neighbours' next rank, atomically) and `pagerank2` (damping:
 * 0.15/n + 0.85 * next, next cleared). Input: coAuthorsDBLP.graph is not shipped; Pannotia's
 * fw/256_16384.gr read as pagerank.cpp does for file_format 0 (parseCOO, directed). On bc's
 * 1k_128k.gr (8x the arcs) the trace of its 2.6 M scattered atomics took 15 CPU seconds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "inputs_pannotia.h"

#define PRK_BLOCK 256 /* block_size */
#define PRK_ITER 20   /* ITER */

typedef struct {
    simt_addr row, col, data, page_rank1, page_rank2;
    int num_nodes, num_edges;
} prk_args;

static int prk_gid(simt_thread *t) {
    alu(1);
    return (int)(blockIdx.x * blockDim.x + threadIdx.x);
}

static void prk_pagerank1(simt_thread *t, const void *args) {
    const prk_args *a = args;
    int tid = prk_gid(t);
    if (BR(tid < a->num_nodes)) {
        int start = ld_i32(ELEM_I32(a->row, tid));
        int end = a->num_edges;
        if (BR(tid + 1 < a->num_nodes)) {
            end = ld_i32(ELEM_I32(a->row, tid + 1));
        }
        for (int edge = start; BR(edge < end); edge++) {
            int nid = ld_i32(ELEM_I32(a->col, edge));
            float share = ld_f32(ELEM_F32(a->page_rank1, tid));
            alu(1);
            sfu(1);
            /* add_float_atomic: a compare-and-swap loop in the original */
            atomic_add_f32(ELEM_F32(a->page_rank2, nid), share / (float)(end - start));
        }
    }
}

static void prk_pagerank2(simt_thread *t, const void *args) {
    const prk_args *a = args;
    int tid = prk_gid(t);
    if (BR(tid < a->num_nodes)) {
        float next = ld_f32(ELEM_F32(a->page_rank2, tid));
        alu(3);
        sfu(1);
        /* 0.15 and 0.85 are double constants in the OpenCL source */
        st_f32(ELEM_F32(a->page_rank1, tid),
               (float)(0.15 / (float)a->num_nodes + 0.85 * next));
        st_f32(ELEM_F32(a->page_rank2, tid), 0.0f);
    }
}

static void prk_inibuffer(simt_thread *t, const void *args) {
    const prk_args *a = args;
    int tid = prk_gid(t);
    if (BR(tid < a->num_nodes)) {
        sfu(1);
        st_f32(ELEM_F32(a->page_rank1, tid), 1 / (float)a->num_nodes);
        st_f32(ELEM_F32(a->page_rank2, tid), 0.0f);
    }
}

static void prk_reference(const gr_csr *g, float *rank) {
    int n = g->num_nodes;
    float *next = calloc((size_t)n, sizeof(float));
    if (!next) {
        return;
    }
    for (int v = 0; v < n; v++) {
        rank[v] = 1 / (float)n;
    }
    for (int it = 0; it < PRK_ITER; it++) {
        for (int v = 0; v < n; v++) {
            int deg = g->row[v + 1] - g->row[v];
            for (int e = g->row[v]; e < g->row[v + 1]; e++) {
                next[g->col[e]] += rank[v] / (float)deg;
            }
        }
        for (int v = 0; v < n; v++) {
            rank[v] = (float)(0.15 / (float)n + 0.85 * next[v]);
            next[v] = 0.0f;
        }
    }
    free(next);
}

int app_prk(simt_dev *dev, const simt_app_opts *o) {
    gr_csr g;
    int rc = 1;
    if (pannotia_load_csr(o, "fw/256_16384.gr", 0, 0, &g) != 0) {
        return 1;
    }
    int n = g.num_nodes;
    prk_args a = {0};
    a.num_nodes = n;
    a.num_edges = g.num_edges;
    a.row = simt_malloc(dev, sizeof(int) * ((size_t)n + 1), SIMT_INT32, "row_d");
    a.col = simt_malloc(dev, sizeof(int) * (size_t)g.num_edges, SIMT_INT32, "col_d");
    a.data = simt_malloc(dev, sizeof(int) * (size_t)g.num_edges, SIMT_INT32, "data_d");
    a.page_rank1 = simt_malloc(dev, sizeof(float) * (size_t)n, SIMT_FLOAT32, "pagerank_d1");
    a.page_rank2 = simt_malloc(dev, sizeof(float) * (size_t)n, SIMT_FLOAT32, "pagerank_d2");
    simt_memcpy_htod(dev, a.row, g.row, sizeof(int) * ((size_t)n + 1));
    simt_memcpy_htod(dev, a.col, g.col, sizeof(int) * (size_t)g.num_edges);
    simt_memcpy_htod(dev, a.data, g.data, sizeof(int) * (size_t)g.num_edges);

    simt_dim3 block = simt_dim(PRK_BLOCK, 1, 1);
    simt_dim3 grid = simt_dim((uint32_t)((n + PRK_BLOCK - 1) / PRK_BLOCK), 1, 1);
    simt_launch(dev, "inibuffer", prk_inibuffer, grid, block, 0, &a);
    for (int i = 0; i < PRK_ITER; i++) {
        simt_launch(dev, "pagerank1", prk_pagerank1, grid, block, 0, &a);
        simt_launch(dev, "pagerank2", prk_pagerank2, grid, block, 0, &a);
    }
    float *got = malloc(sizeof(float) * (size_t)n);
    float *want = malloc(sizeof(float) * (size_t)n);
    if (got && want) {
        simt_memcpy_dtoh(dev, got, a.page_rank1, sizeof(float) * (size_t)n);
        prk_reference(&g, want);
        /* atomic accumulation order differs from vertex order */
        rc = kin_check_f32("prk", got, want, (size_t)n, 1e-4, 1e-9);
    }
    free(got);
    free(want);
    gr_csr_free(&g);
    return rc;
}
