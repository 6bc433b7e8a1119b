/* Rodinia 3.1 bfs (Harish and Narayanan, "Accelerating large graph algorithms on the GPU
 * using CUDA", HiPC 2007): level-synchronous breadth-first search from node 0. Kernel marks
 * the neighbours of the frontier (mask) that are not visited yet and gives them the
 * frontier's cost + 1; Kernel2 makes them the next frontier and raises the `over` flag; the
 * host relaunches both until no thread raised it (bfs.cu's do/while).
 *
 * Input: graph65536.txt (Rodinia's `run`), graph4096.txt when o->scale > 1. Blocks of 512
 * threads (MAX_THREADS_PER_BLOCK), one thread per node; struct Node is {int starting; int
 * no_of_edges} (8 bytes); the masks are C++ bools (1 byte). Check: every node's cost equals
 * its distance from node 0 computed by a sequential queue BFS (-1 when unreachable). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs_rodinia.h"
#include "kernels.h"

#define BFS_MAX_THREADS_PER_BLOCK 512u

typedef struct {
    simt_addr nodes, edges, mask, updating_mask, visited, cost;
    int32_t no_of_nodes;
} bfs_args;

typedef struct {
    simt_addr mask, updating_mask, visited, over;
    int32_t no_of_nodes;
} bfs2_args;

static void bfs_kernel(simt_thread *t, const void *args) {
    const bfs_args *a = args;
    int32_t tid = (int32_t)(blockIdx.x * BFS_MAX_THREADS_PER_BLOCK + threadIdx.x);
    alu(2);
    if (!BR(tid < a->no_of_nodes)) {
        return;
    }
    if (!BR(ld_u8(ELEM_U8(a->mask, tid)) != 0)) {
        return;
    }
    st_u8(ELEM_U8(a->mask, tid), 0);
    int32_t start = ld_i32(a->nodes + 8 * (simt_addr)tid);
    int32_t degree = ld_i32(a->nodes + 8 * (simt_addr)tid + 4);
    alu(1);
    for (int32_t i = start; BR(i < start + degree); i++) {
        int32_t id = ld_i32(ELEM_I32(a->edges, i));
        if (BR(ld_u8(ELEM_U8(a->visited, id)) == 0)) {
            int32_t c = ld_i32(ELEM_I32(a->cost, tid));
            alu(1);
            st_i32(ELEM_I32(a->cost, id), c + 1);
            st_u8(ELEM_U8(a->updating_mask, id), 1);
        }
        alu(1);
    }
}

static void bfs_kernel2(simt_thread *t, const void *args) {
    const bfs2_args *a = args;
    int32_t tid = (int32_t)(blockIdx.x * BFS_MAX_THREADS_PER_BLOCK + threadIdx.x);
    alu(2);
    if (!BR(tid < a->no_of_nodes)) {
        return;
    }
    if (!BR(ld_u8(ELEM_U8(a->updating_mask, tid)) != 0)) {
        return;
    }
    st_u8(ELEM_U8(a->mask, tid), 1);
    st_u8(ELEM_U8(a->visited, tid), 1);
    st_u8(a->over, 1);
    st_u8(ELEM_U8(a->updating_mask, tid), 0);
}

/* The sequential reference: distances from the source by a FIFO queue. */
static void bfs_reference(const rd_graph *g, int32_t source, int32_t *cost) {
    int32_t *queue = kin_alloc((size_t)g->n, sizeof *queue);
    for (int32_t i = 0; i < g->n; i++) {
        cost[i] = -1;
    }
    size_t head = 0, tail = 0;
    cost[source] = 0;
    queue[tail++] = source;
    while (head < tail) {
        int32_t u = queue[head++];
        for (int32_t k = g->node[2 * u]; k < g->node[2 * u] + g->node[2 * u + 1]; k++) {
            int32_t v = g->edge[k];
            if (cost[v] < 0) {
                cost[v] = cost[u] + 1;
                queue[tail++] = v;
            }
        }
    }
    free(queue);
}

int app_bfs(simt_dev *d, const simt_app_opts *o) {
    char path[1024];
    rd_graph g;
    if (kin_input_path(path, sizeof path, o,
                       o->scale > 1 ? "rodinia/bfs/graph4096.txt" : "rodinia/bfs/graph65536.txt") != 0 ||
        !rd_read_graph(path, &g)) {
        return 1;
    }
    int32_t n = g.n;
    int32_t source = 0; /* bfs.cu reads the file's source and then sets it to 0 */
    uint8_t *h_mask = kin_alloc((size_t)n, 1), *h_visited = kin_alloc((size_t)n, 1);
    int32_t *h_cost = kin_alloc((size_t)n, sizeof *h_cost), *ref = kin_alloc((size_t)n, sizeof *ref);
    h_mask[source] = 1;
    h_visited[source] = 1;
    for (int32_t i = 0; i < n; i++) {
        h_cost[i] = -1;
    }
    h_cost[source] = 0;

    simt_addr d_nodes = simt_malloc(d, 8 * (size_t)n, SIMT_INT32, "graph_nodes");
    simt_memcpy_htod(d, d_nodes, g.node, 8 * (size_t)n);
    simt_addr d_edges = simt_malloc(d, 4 * (size_t)g.e, SIMT_INT32, "graph_edges");
    simt_memcpy_htod(d, d_edges, g.edge, 4 * (size_t)g.e);
    simt_addr d_mask = simt_malloc(d, (size_t)n, SIMT_UINT8, "graph_mask");
    simt_memcpy_htod(d, d_mask, h_mask, (size_t)n);
    simt_addr d_updating = simt_malloc(d, (size_t)n, SIMT_UINT8, "updating_graph_mask");
    simt_memset(d, d_updating, 0, (size_t)n);
    simt_addr d_visited = simt_malloc(d, (size_t)n, SIMT_UINT8, "graph_visited");
    simt_memcpy_htod(d, d_visited, h_visited, (size_t)n);
    simt_addr d_cost = simt_malloc(d, 4 * (size_t)n, SIMT_INT32, "cost");
    simt_memcpy_htod(d, d_cost, h_cost, 4 * (size_t)n);
    simt_addr d_over = simt_malloc(d, 1, SIMT_UINT8, "over");

    uint32_t blocks = 1, threads = (uint32_t)n;
    if (n > (int32_t)BFS_MAX_THREADS_PER_BLOCK) {
        blocks = ((uint32_t)n + BFS_MAX_THREADS_PER_BLOCK - 1) / BFS_MAX_THREADS_PER_BLOCK;
        threads = BFS_MAX_THREADS_PER_BLOCK;
    }
    bfs_args a1 = {d_nodes, d_edges, d_mask, d_updating, d_visited, d_cost, n};
    bfs2_args a2 = {d_mask, d_updating, d_visited, d_over, n};
    uint8_t stop;
    do {
        stop = 0;
        simt_memcpy_htod(d, d_over, &stop, 1);
        simt_launch(d, "Kernel", bfs_kernel, simt_dim(blocks, 1, 1), simt_dim(threads, 1, 1), 0, &a1);
        simt_launch(d, "Kernel2", bfs_kernel2, simt_dim(blocks, 1, 1), simt_dim(threads, 1, 1), 0, &a2);
        simt_memcpy_dtoh(d, &stop, d_over, 1);
    } while (stop);
    simt_memcpy_dtoh(d, h_cost, d_cost, 4 * (size_t)n);

    bfs_reference(&g, source, ref);
    int rc = kin_check_i32("bfs", h_cost, ref, (size_t)n);
    free(h_mask);
    free(h_visited);
    free(h_cost);
    free(ref);
    rd_graph_free(&g);
    return rc;
}
