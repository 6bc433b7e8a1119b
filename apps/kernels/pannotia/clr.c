/* Pannotia CLR (graph colouring, max variant): graph_app/color/coloring_max.cpp +
 * kernel/kernel_max.cl. Each round, `color` finds for every uncoloured vertex the largest
 * random value among its uncoloured neighbours (setting `stop`), and `color2` colours the
 * vertices whose own value beats it; the host repeats rounds while `stop` was set. Random
 * vertex values: rand()/RAND_MAX in the original, the seeded PRNG here. Input: the shipped
 * 1k_128k.gr (bc's graph; color's ecology1/G3_circuit are not shipped) read as
 * parseCOO(undirected) does for file_format 0: 262,144 directed edges. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "inputs_pannotia.h"

#define CLR_BLOCK 256 /* block_size */

typedef struct {
    simt_addr row, col, node_value, color_array, stop, max_d;
    int color, num_nodes, num_edges;
} clr_args;

static void clr_color(simt_thread *t, const void *args) {
    const clr_args *a = args;
    alu(1);
    int tid = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    if (BR(tid < a->num_nodes) && BR(ld_i32(ELEM_I32(a->color_array, tid)) == -1)) {
        int start = ld_i32(ELEM_I32(a->row, tid));
        int end = a->num_edges;
        if (BR(tid + 1 < a->num_nodes)) {
            end = ld_i32(ELEM_I32(a->row, tid + 1));
        }
        float maximum = -1;
        for (int edge = start; BR(edge < end); edge++) {
            int nb = ld_i32(ELEM_I32(a->col, edge));
            /* start != end - 1: the original ignores the neighbour of a degree-1 vertex */
            if (BR(ld_i32(ELEM_I32(a->color_array, nb)) == -1) && BR(start != end - 1)) {
                st_i32(a->stop, 1);
                float v = ld_f32(ELEM_F32(a->node_value, nb)); /* col[edge] loaded once */
                if (BR(v > maximum)) {
                    maximum = v;
                }
            }
        }
        st_f32(ELEM_F32(a->max_d, tid), maximum);
    }
}

static void clr_color2(simt_thread *t, const void *args) {
    const clr_args *a = args;
    alu(1);
    int tid = (int)(blockIdx.x * blockDim.x + threadIdx.x);
    if (BR(tid < a->num_nodes) && BR(ld_i32(ELEM_I32(a->color_array, tid)) == -1)) {
        if (BR(ld_f32(ELEM_F32(a->node_value, tid)) > ld_f32(ELEM_F32(a->max_d, tid)))) {
            st_i32(ELEM_I32(a->color_array, tid), a->color);
        }
    }
}

/* The same rounds, sequentially: both phases read the state the previous round left. */
static int clr_reference(const gr_csr *g, const float *value, int *color, int max_rounds) {
    int n = g->num_nodes, stop = 1, graph_color = 1;
    float *max_d = malloc(sizeof(float) * (size_t)n);
    if (!max_d) {
        return -1;
    }
    for (int v = 0; v < n; v++) {
        color[v] = -1;
        max_d[v] = 0.0f;
    }
    while (stop && graph_color <= max_rounds) {
        stop = 0;
        for (int v = 0; v < n; v++) {
            int start = g->row[v], end = g->row[v + 1];
            float maximum = -1;
            if (color[v] != -1) {
                continue;
            }
            for (int e = start; e < end; e++) {
                if (color[g->col[e]] == -1 && start != end - 1) {
                    stop = 1;
                    if (value[g->col[e]] > maximum) {
                        maximum = value[g->col[e]];
                    }
                }
            }
            max_d[v] = maximum;
        }
        for (int v = 0; v < n; v++) {
            if (color[v] == -1 && value[v] > max_d[v]) {
                color[v] = graph_color;
            }
        }
        graph_color++;
    }
    free(max_d);
    return graph_color;
}

int app_clr(simt_dev *dev, const simt_app_opts *o) {
    gr_csr g;
    kin_rng rng;
    int rc = 1;
    if (pannotia_load_csr(o, "fw/256_16384.gr", 1, 0, &g) != 0) {
        return 1;
    }
    int n = g.num_nodes;
    float *value = malloc(sizeof(float) * (size_t)n);
    int *color = malloc(sizeof(int) * (size_t)n);
    int *want = malloc(sizeof(int) * (size_t)n);
    if (!value || !color || !want) {
        goto out;
    }
    kin_rng_seed(&rng, o->seed);
    for (int v = 0; v < n; v++) {
        color[v] = -1;
        value[v] = kin_rand_unit_f32(&rng);
    }
    clr_args a = {0};
    a.num_nodes = n;
    a.num_edges = g.num_edges;
    a.row = simt_malloc(dev, sizeof(int) * ((size_t)n + 1), SIMT_INT32, "row_d");
    a.col = simt_malloc(dev, sizeof(int) * (size_t)g.num_edges, SIMT_INT32, "col_d");
    a.max_d = simt_malloc(dev, sizeof(float) * (size_t)n, SIMT_FLOAT32, "max_d");
    a.color_array = simt_malloc(dev, sizeof(int) * (size_t)n, SIMT_INT32, "color_d");
    a.node_value = simt_malloc(dev, sizeof(float) * (size_t)n, SIMT_FLOAT32, "node_value_d");
    a.stop = simt_malloc(dev, sizeof(int), SIMT_INT32, "stop_d");
    simt_memcpy_htod(dev, a.color_array, color, sizeof(int) * (size_t)n);
    simt_memcpy_htod(dev, a.max_d, color, sizeof(int) * (size_t)n); /* as the original */
    simt_memcpy_htod(dev, a.row, g.row, sizeof(int) * ((size_t)n + 1));
    simt_memcpy_htod(dev, a.col, g.col, sizeof(int) * (size_t)g.num_edges);
    simt_memcpy_htod(dev, a.node_value, value, sizeof(float) * (size_t)n);

    simt_dim3 block = simt_dim(CLR_BLOCK, 1, 1);
    simt_dim3 grid = simt_dim((uint32_t)((n + CLR_BLOCK - 1) / CLR_BLOCK), 1, 1);
    int stop = 1, graph_color = 1;
    /* Equal random values would never colour: the round cap turns that into a failed check. */
    while (stop && graph_color <= n) {
        stop = 0;
        simt_memcpy_htod(dev, a.stop, &stop, sizeof(stop));
        a.color = graph_color;
        simt_launch(dev, "color", clr_color, grid, block, 0, &a);
        simt_launch(dev, "color2", clr_color2, grid, block, 0, &a);
        simt_memcpy_dtoh(dev, &stop, a.stop, sizeof(stop));
        graph_color++;
    }
    simt_memcpy_dtoh(dev, color, a.color_array, sizeof(int) * (size_t)n);
    if (clr_reference(&g, value, want, n) < 0) {
        goto out;
    }
    rc = kin_check_i32("clr", color, want, (size_t)n);
    for (int v = 0; rc == 0 && v < n; v++) {
        if (color[v] < 1) {
            printf("kernel clr: check failed at %d: got %d want a colour >= 1\n", v, color[v]);
            rc = 1;
        }
    }
out:
    free(value);
    free(color);
    free(want);
    gr_csr_free(&g);
    return rc;
}
