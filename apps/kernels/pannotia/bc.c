/* Pannotia BC (betweenness centrality, Brandes): graph_app/bc/BC.cpp + kernel/kernel.cl.
 * Per source vertex: clean_1d_array, clean_2d_array, then the level-synchronous forward BFS
 * (bfs_kernel, relaunched while a thread set `cont`) counting shortest paths in rho, then
 * the backward sweep (backtrack_kernel over the transposed graph, one launch per level)
 * accumulating dependencies in sigma and bc. Input: dataset/bc/1k_128k.gr (`make run_1k`),
 * directed. The original visits all 1024 sources; we visit the first BC_SOURCES (4) at
 * scale 1: 1024 sources are 256x the launches and thread count of the trace budget. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "inputs_pannotia.h"

#define BC_BLOCK 128 /* local_worksize */
#define BC_SOURCES 4

typedef struct {
    simt_addr row, col, d, rho, sigma, p, cont, bc;
    int num_nodes, num_edges, dist, s;
} bc_args;

/* get_global_id(0) of a 1-D launch. */
static int bc_gid(simt_thread *t) {
    alu(1);
    return (int)(blockIdx.x * blockDim.x + threadIdx.x);
}

/* Neighbour list end: row[tid + 1], or num_edges for the last vertex, as the kernels do. */
static int bc_row_end(simt_thread *t, simt_addr row, int tid, int num_nodes, int num_edges) {
    if (BR(tid + 1 < num_nodes)) {
        return ld_i32(ELEM_I32(row, tid + 1));
    }
    return num_edges;
}

static void bc_clean_bc(simt_thread *t, const void *args) {
    const bc_args *a = args;
    int tid = bc_gid(t);
    if (BR(tid < a->num_nodes)) {
        st_f32(ELEM_F32(a->bc, tid), 0.0f);
    }
}

static void bc_clean_1d_array(simt_thread *t, const void *args) {
    const bc_args *a = args;
    int tid = bc_gid(t);
    if (BR(tid < a->num_nodes)) {
        st_f32(ELEM_F32(a->sigma, tid), 0.0f);
        if (BR(tid == a->s)) {
            st_f32(ELEM_F32(a->rho, tid), 1.0f);
            st_i32(ELEM_I32(a->d, tid), 0);
        } else {
            st_f32(ELEM_F32(a->rho, tid), 0.0f);
            st_i32(ELEM_I32(a->d, tid), -1);
        }
    }
}

static void bc_clean_2d_array(simt_thread *t, const void *args) {
    const bc_args *a = args;
    int tid = bc_gid(t);
    alu(1);
    if (BR(tid < a->num_nodes * a->num_nodes)) {
        st_i32(ELEM_I32(a->p, tid), 0);
    }
}

static void bc_bfs_kernel(simt_thread *t, const void *args) {
    const bc_args *a = args;
    int tid = bc_gid(t);
    if (BR(tid < a->num_nodes) && BR(ld_i32(ELEM_I32(a->d, tid)) == a->dist)) {
        int start = ld_i32(ELEM_I32(a->row, tid));
        int end = bc_row_end(t, a->row, tid, a->num_nodes, a->num_edges);
        for (int edge = start; BR(edge < end); edge++) {
            int w = ld_i32(ELEM_I32(a->col, edge));
            alu(1);
            if (BR(ld_i32(ELEM_I32(a->d, w)) < 0)) {
                st_i32(a->cont, 1);
                st_i32(ELEM_I32(a->d, w), a->dist + 1);
            }
            if (BR(ld_i32(ELEM_I32(a->d, w)) == a->dist + 1)) {
                /* atomic_add_float: a compare-and-swap loop in the original */
                atomic_add_f32(ELEM_F32(a->rho, w), ld_f32(ELEM_F32(a->rho, tid)));
            }
        }
    }
}

static void bc_backtrack_kernel(simt_thread *t, const void *args) {
    const bc_args *a = args;
    int tid = bc_gid(t);
    if (BR(tid < a->num_nodes) && BR(ld_i32(ELEM_I32(a->d, tid)) == a->dist - 1)) {
        int start = ld_i32(ELEM_I32(a->row, tid));
        int end = bc_row_end(t, a->row, tid, a->num_nodes, a->num_edges);
        for (int edge = start; BR(edge < end); edge++) {
            int w = ld_i32(ELEM_I32(a->col, edge));
            if (BR(ld_i32(ELEM_I32(a->d, w)) == a->dist - 2)) {
                float rho_w = ld_f32(ELEM_F32(a->rho, w));
                float rho_t = ld_f32(ELEM_F32(a->rho, tid));
                float sig_t = ld_f32(ELEM_F32(a->sigma, tid));
                sfu(1);
                alu(2);
                atomic_add_f32(ELEM_F32(a->sigma, w), rho_w / rho_t * (1 + sig_t));
            }
        }
        if (BR(tid != a->s)) {
            float b = ld_f32(ELEM_F32(a->bc, tid));
            alu(1);
            st_f32(ELEM_F32(a->bc, tid), b + ld_f32(ELEM_F32(a->sigma, tid)));
        }
    }
}

/* Brandes from `s` with the same level-synchronous passes, sequentially. */
static void bc_reference_source(const gr_csr *g, const gr_csr *gt, int s, int *d, float *rho,
                                float *sigma, float *bc) {
    int n = g->num_nodes, dist = 0, cont = 1;
    for (int v = 0; v < n; v++) {
        sigma[v] = 0.0f;
        rho[v] = (v == s) ? 1.0f : 0.0f;
        d[v] = (v == s) ? 0 : -1;
    }
    while (cont) {
        cont = 0;
        for (int v = 0; v < n; v++) {
            if (d[v] != dist) {
                continue;
            }
            for (int e = g->row[v]; e < g->row[v + 1]; e++) {
                int w = g->col[e];
                if (d[w] < 0) {
                    cont = 1;
                    d[w] = dist + 1;
                }
                if (d[w] == dist + 1) {
                    rho[w] += rho[v];
                }
            }
        }
        dist++;
    }
    for (; dist > 0; dist--) {
        for (int v = 0; v < n; v++) {
            if (d[v] != dist - 1) {
                continue;
            }
            for (int e = gt->row[v]; e < gt->row[v + 1]; e++) {
                int w = gt->col[e];
                if (d[w] == dist - 2) {
                    sigma[w] += rho[w] / rho[v] * (1 + sigma[v]);
                }
            }
            if (v != s) {
                bc[v] += sigma[v];
            }
        }
    }
}

static simt_addr bc_upload(simt_dev *dev, const int *src, size_t count, const char *name) {
    simt_addr a = simt_malloc(dev, sizeof(int) * count, SIMT_INT32, name);
    simt_memcpy_htod(dev, a, src, sizeof(int) * count);
    return a;
}

int app_bc(simt_dev *dev, const simt_app_opts *o) {
    gr_csr g, gt;
    int n, sources, rc = 1;
    if (pannotia_load_csr(o, "bc/1k_128k.gr", 0, 0, &g) != 0) {
        return 1;
    }
    if (pannotia_load_csr(o, "bc/1k_128k.gr", 0, 1, &gt) != 0) {
        gr_csr_free(&g);
        return 1;
    }
    n = g.num_nodes;
    sources = (int)kin_scaled(o, (size_t)BC_SOURCES, 1);
    if (sources > n) {
        sources = n;
    }
    bc_args a = {0};
    a.num_nodes = n;
    a.num_edges = g.num_edges;
    a.bc = simt_malloc(dev, sizeof(float) * (size_t)n, SIMT_FLOAT32, "bc_d");
    a.d = simt_malloc(dev, sizeof(int) * (size_t)n, SIMT_INT32, "dist_d");
    a.sigma = simt_malloc(dev, sizeof(float) * (size_t)n, SIMT_FLOAT32, "sigma_d");
    a.rho = simt_malloc(dev, sizeof(float) * (size_t)n, SIMT_FLOAT32, "rho_d");
    a.p = simt_malloc(dev, sizeof(int) * (size_t)n * (size_t)n, SIMT_INT32, "p_d");
    a.cont = simt_malloc(dev, sizeof(int), SIMT_INT32, "stop_d");
    simt_addr row = bc_upload(dev, g.row, (size_t)n + 1, "row_d");
    simt_addr col = bc_upload(dev, g.col, (size_t)g.num_edges, "col_d");
    simt_addr row_t = bc_upload(dev, gt.row, (size_t)n + 1, "row_trans_d");
    simt_addr col_t = bc_upload(dev, gt.col, (size_t)gt.num_edges, "col_trans_d");

    simt_dim3 block = simt_dim(BC_BLOCK, 1, 1);
    simt_dim3 grid = simt_dim((uint32_t)((n + BC_BLOCK - 1) / BC_BLOCK), 1, 1);
    simt_dim3 grid2 = simt_dim((uint32_t)(((long)n * n + BC_BLOCK - 1) / BC_BLOCK), 1, 1);
    simt_launch(dev, "clean_bc", bc_clean_bc, grid, block, 0, &a);
    for (int i = 0; i < sources; i++) {
        a.s = i;
        simt_launch(dev, "clean_1d_array", bc_clean_1d_array, grid, block, 0, &a);
        simt_launch(dev, "clean_2d_array", bc_clean_2d_array, grid2, block, 0, &a);
        int dist = 0, stop;
        a.row = row;
        a.col = col;
        do {
            stop = 0;
            simt_memcpy_htod(dev, a.cont, &stop, sizeof(stop));
            a.dist = dist;
            simt_launch(dev, "bfs_kernel", bc_bfs_kernel, grid, block, 0, &a);
            simt_memcpy_dtoh(dev, &stop, a.cont, sizeof(stop));
            dist++;
        } while (stop);
        a.row = row_t;
        a.col = col_t;
        while (dist) {
            a.dist = dist;
            simt_launch(dev, "backtrack_kernel", bc_backtrack_kernel, grid, block, 0, &a);
            dist--;
        }
    }
    float *got = malloc(sizeof(float) * (size_t)n);
    float *want = calloc((size_t)n, sizeof(float));
    float *rho = malloc(sizeof(float) * (size_t)n);
    float *sigma = malloc(sizeof(float) * (size_t)n);
    int *d = malloc(sizeof(int) * (size_t)n);
    if (got && want && rho && sigma && d) {
        simt_memcpy_dtoh(dev, got, a.bc, sizeof(float) * (size_t)n);
        for (int i = 0; i < sources; i++) {
            bc_reference_source(&g, &gt, i, d, rho, sigma, want);
        }
        /* sigma sums floats in atomic order on the device, in vertex order here */
        rc = kin_check_f32("bc", got, want, (size_t)n, 1e-4, 1e-4);
    }
    free(got);
    free(want);
    free(rho);
    free(sigma);
    free(d);
    gr_csr_free(&g);
    gr_csr_free(&gt);
    return rc;
}
