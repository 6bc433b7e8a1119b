/* Pannotia FW (Floyd-Warshall, naive kernel): graph_app/fw/Floyd-Warshall.cpp +
 * kernel/kernel.cl. The distance matrix (0 on the diagonal, BIGNUM without an arc, else the
 * weight) goes to the device once; one 2-D launch of 16x16 blocks per pivot k relaxes
 * dist[i][j] through k and records next[i][j] = k. Input: dataset/floydwarshall/
 * 256_16384.gr (`make run_256`). Two departures from the published host code, both bugs
 * its own CPU check would report: its parser stores arcs 1-based in an (n+1)^2 matrix that
 * main reads n-wide, and its pivot loop starts at k = 1; here ids are 0-based and k runs
 * 0..n-1 as in its CPU check. Size: the subgraph induced by the first 128 of the 256 vertices
 * (4,096 of the 16,384 arcs): 256 vertices are 256 launches of 65,536 threads, 5.1 M warp
 * instructions, a sixth of the whole trace budget; scale s: 256/s vertices (at least 32). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "inputs_pannotia.h"

#define FW_BIGNUM 999999
#define FW_TILE 16 /* local_work {16, 16} */
#define FW_VERTICES 128

typedef struct {
    simt_addr dist, next;
    int dim, k;
} fw_args;

static void fw_floydwarshall(simt_thread *t, const void *args) {
    const fw_args *a = args;
    alu(2);
    int i = (int)(blockIdx.x * blockDim.x + threadIdx.x); /* get_global_id(0) */
    int j = (int)(blockIdx.y * blockDim.y + threadIdx.y); /* get_global_id(1) */
    if (BR(i < a->dim) && BR(j < a->dim)) {
        int ik = ld_i32(ELEM_I32(a->dist, i * a->dim + a->k));
        int kj = ld_i32(ELEM_I32(a->dist, a->k * a->dim + j));
        int ij = ld_i32(ELEM_I32(a->dist, i * a->dim + j));
        alu(3);
        if (BR(ik + kj < ij)) {
            st_i32(ELEM_I32(a->dist, i * a->dim + j), ik + kj);
            st_i32(ELEM_I32(a->next, i * a->dim + j), a->k);
        }
    }
}

int app_fw(simt_dev *dev, const simt_app_opts *o) {
    gr_arcs arcs;
    int rc = 1;
    if (pannotia_load_arcs(o, "fw/256_16384.gr", &arcs) != 0) {
        return 1;
    }
    if (arcs.num_nodes > FW_VERTICES) {
        gr_keep_first(&arcs, FW_VERTICES);
    }
    int dim = arcs.num_nodes;
    int pivots = dim;
    size_t cells = (size_t)dim * (size_t)dim;
    int *dist = gr_to_dense(&arcs, FW_BIGNUM);
    int *got = malloc(sizeof(int) * cells);
    gr_arcs_free(&arcs);
    if (!dist || !got) {
        goto out;
    }
    fw_args a = {0};
    a.dim = dim;
    a.dist = simt_malloc(dev, sizeof(int) * cells, SIMT_INT32, "dist_d");
    a.next = simt_malloc(dev, sizeof(int) * cells, SIMT_INT32, "next_d");
    simt_memcpy_htod(dev, a.dist, dist, sizeof(int) * cells);
    simt_dim3 block = simt_dim(FW_TILE, FW_TILE, 1);
    simt_dim3 grid = simt_dim((uint32_t)((dim + FW_TILE - 1) / FW_TILE),
                              (uint32_t)((dim + FW_TILE - 1) / FW_TILE), 1);
    for (int k = 0; k < pivots; k++) {
        a.k = k;
        simt_launch(dev, "floydwarshall", fw_floydwarshall, grid, block, 0, &a);
    }
    simt_memcpy_dtoh(dev, got, a.dist, sizeof(int) * cells);
    for (int k = 0; k < pivots; k++) { /* the original's CPU check, in place */
        for (int i = 0; i < dim; i++) {
            for (int j = 0; j < dim; j++) {
                if (dist[i * dim + k] + dist[k * dim + j] < dist[i * dim + j]) {
                    dist[i * dim + j] = dist[i * dim + k] + dist[k * dim + j];
                }
            }
        }
    }
    rc = kin_check_i32("fw", got, dist, cells);
out:
    free(dist);
    free(got);
    return rc;
}
