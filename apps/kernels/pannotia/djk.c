/* Pannotia SSSP (the "DJK" of seed 004; Bellman-Ford as sparse min-plus matrix-vector
 * products): graph_app/sssp/sssp_csr.cpp + kernel/kernel_csr.cl. `vector_init` sets the
 * source (vertex 0) to 0 and the rest to BIG_NUM, then up to n-1 rounds of `vector_assign`
 * (x = y), `spmv_min_dot_plus_kernel` (y[v] = min(x[v], min over in-arcs u->v of
 * w + x[u]) on the transposed CSR) and `vector_diff` (stop if x != y anywhere); the host
 * stops after the first round without change. Input: sssp's USA-road-d.NW.gr is not shipped;
 * Pannotia's fw/256_16384.gr, directed, transposed as parseCOO_transpose does. On bc's
 * 1k_128k.gr (51 rounds of 131,072 gathered arcs) the trace took 25 CPU seconds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "inputs_pannotia.h"

#define DJK_BLOCK 64 /* block_size */
#define DJK_BIG_NUM 99999999

typedef struct {
    simt_addr row, col, data, vector1, vector2, stop;
    int num_nodes, source;
} djk_args;

static int djk_gid(simt_thread *t) {
    alu(1);
    return (int)(blockIdx.x * blockDim.x + threadIdx.x);
}

static void djk_spmv_min_dot_plus(simt_thread *t, const void *args) {
    const djk_args *a = args;
    int tid = djk_gid(t);
    if (BR(tid < a->num_nodes)) {
        int row_start = ld_i32(ELEM_I32(a->row, tid));
        int row_end = ld_i32(ELEM_I32(a->row, tid + 1));
        int min = ld_i32(ELEM_I32(a->vector1, tid));
        for (int i = row_start; BR(i < row_end); i++) {
            int w = ld_i32(ELEM_I32(a->data, i));
            int x = ld_i32(ELEM_I32(a->vector1, ld_i32(ELEM_I32(a->col, i))));
            alu(1);
            if (BR(w + x < min)) {
                min = w + x;
            }
        }
        st_i32(ELEM_I32(a->vector2, tid), min);
    }
}

static void djk_vector_init(simt_thread *t, const void *args) {
    const djk_args *a = args;
    int tid = djk_gid(t);
    if (BR(tid < a->num_nodes)) {
        int v = BR(tid == a->source) ? 0 : DJK_BIG_NUM;
        st_i32(ELEM_I32(a->vector1, tid), v);
        st_i32(ELEM_I32(a->vector2, tid), v);
    }
}

static void djk_vector_assign(simt_thread *t, const void *args) {
    const djk_args *a = args;
    int tid = djk_gid(t);
    if (BR(tid < a->num_nodes)) {
        st_i32(ELEM_I32(a->vector1, tid), ld_i32(ELEM_I32(a->vector2, tid)));
    }
}

static void djk_vector_diff(simt_thread *t, const void *args) {
    const djk_args *a = args;
    int tid = djk_gid(t);
    if (BR(tid < a->num_nodes) &&
        BR(ld_i32(ELEM_I32(a->vector2, tid)) != ld_i32(ELEM_I32(a->vector1, tid)))) {
        st_u8(a->stop, 1); /* __global bool *stop */
    }
}

/* The same relaxation rounds (Jacobi: each round reads the previous round's distances). */
static void djk_reference(const gr_csr *gt, int source, int *dist) {
    int n = gt->num_nodes;
    int *next = malloc(sizeof(int) * (size_t)n);
    if (!next) {
        return;
    }
    for (int v = 0; v < n; v++) {
        dist[v] = next[v] = (v == source) ? 0 : DJK_BIG_NUM;
    }
    for (int round = 1; round < n; round++) {
        int changed = 0;
        for (int v = 0; v < n; v++) {
            int min = dist[v];
            for (int e = gt->row[v]; e < gt->row[v + 1]; e++) {
                if (gt->data[e] + dist[gt->col[e]] < min) {
                    min = gt->data[e] + dist[gt->col[e]];
                }
            }
            next[v] = min;
            changed |= (min != dist[v]);
        }
        memcpy(dist, next, sizeof(int) * (size_t)n);
        if (!changed) {
            break;
        }
    }
    free(next);
}

int app_djk(simt_dev *dev, const simt_app_opts *o) {
    gr_csr gt;
    int rc = 1;
    if (pannotia_load_csr(o, "fw/256_16384.gr", 0, 1, &gt) != 0) {
        return 1;
    }
    int n = gt.num_nodes;
    djk_args a = {0};
    a.num_nodes = n;
    a.source = 0; /* sourceVertex */
    a.row = simt_malloc(dev, sizeof(int) * ((size_t)n + 1), SIMT_INT32, "row_d");
    a.col = simt_malloc(dev, sizeof(int) * (size_t)gt.num_edges, SIMT_INT32, "col_d");
    a.data = simt_malloc(dev, sizeof(int) * (size_t)gt.num_edges, SIMT_INT32, "data_d");
    a.vector1 = simt_malloc(dev, sizeof(int) * (size_t)n, SIMT_INT32, "vector_d1");
    a.vector2 = simt_malloc(dev, sizeof(int) * (size_t)n, SIMT_INT32, "vector_d2");
    a.stop = simt_malloc(dev, sizeof(int), SIMT_INT32, "stop_d");
    simt_memcpy_htod(dev, a.row, gt.row, sizeof(int) * ((size_t)n + 1));
    simt_memcpy_htod(dev, a.col, gt.col, sizeof(int) * (size_t)gt.num_edges);
    simt_memcpy_htod(dev, a.data, gt.data, sizeof(int) * (size_t)gt.num_edges);

    simt_dim3 block = simt_dim(DJK_BLOCK, 1, 1);
    simt_dim3 grid = simt_dim((uint32_t)((n + DJK_BLOCK - 1) / DJK_BLOCK), 1, 1);
    simt_launch(dev, "vector_init", djk_vector_init, grid, block, 0, &a);
    for (int i = 1; i < n; i++) {
        int stop = 0;
        simt_memcpy_htod(dev, a.stop, &stop, sizeof(stop));
        simt_launch(dev, "vector_assign", djk_vector_assign, grid, block, 0, &a);
        simt_launch(dev, "spmv_min_dot_plus_kernel", djk_spmv_min_dot_plus, grid, block, 0, &a);
        simt_launch(dev, "vector_diff", djk_vector_diff, grid, block, 0, &a);
        simt_memcpy_dtoh(dev, &stop, a.stop, sizeof(stop));
        if (stop == 0) {
            break;
        }
    }
    int *got = malloc(sizeof(int) * (size_t)n);
    int *want = malloc(sizeof(int) * (size_t)n);
    if (got && want) {
        simt_memcpy_dtoh(dev, got, a.vector1, sizeof(int) * (size_t)n);
        djk_reference(&gt, a.source, want);
        rc = kin_check_i32("djk", got, want, (size_t)n);
    }
    free(got);
    free(want);
    gr_csr_free(&gt);
    return rc;
}
