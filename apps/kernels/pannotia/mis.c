/* Pannotia MIS (maximal independent set): graph_app/mis/mis.cpp + kernel/kernel.cl. `init`
 * marks every vertex unprocessed; each round `mis1` finds the smallest random value among a
 * vertex's unprocessed neighbours (setting `stop`), `mis2` puts the vertices below it in the
 * set and marks their neighbours inactive through the update array, `mis3` applies the
 * updates; the host repeats rounds while `stop` was set. Random values: rand()/RAND_MAX in
 * the original, the seeded PRNG here. Input: the shipped 1k_128k.gr (mis's ecology1 /
 * G3_circuit are not shipped), undirected as parseCOO reads it for file_format 0. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "inputs_pannotia.h"

#define MIS_BLOCK 128 /* block_size */
#define MIS_BIGNUM 99999999.0f

typedef struct {
    simt_addr row, col, node_value, s_array, c_array, cu_array, min_array, stop;
    int num_nodes, num_edges;
} mis_args;

static int mis_gid(simt_thread *t) {
    alu(1);
    return (int)(blockIdx.x * blockDim.x + threadIdx.x);
}

static int mis_row_end(simt_thread *t, const mis_args *a, int tid) {
    if (BR(tid + 1 < a->num_nodes)) {
        return ld_i32(ELEM_I32(a->row, tid + 1));
    }
    return a->num_edges;
}

static void mis_init(simt_thread *t, const void *args) {
    const mis_args *a = args;
    int tid = mis_gid(t);
    if (BR(tid < a->num_nodes)) {
        st_i32(ELEM_I32(a->c_array, tid), -1);
        st_i32(ELEM_I32(a->cu_array, tid), -1);
        st_i32(ELEM_I32(a->s_array, tid), 0);
    }
}

static void mis_mis1(simt_thread *t, const void *args) {
    const mis_args *a = args;
    int tid = mis_gid(t);
    if (BR(tid < a->num_nodes) && BR(ld_i32(ELEM_I32(a->c_array, tid)) == -1)) {
        st_i32(a->stop, 1);
        int start = ld_i32(ELEM_I32(a->row, tid));
        int end = mis_row_end(t, a, tid);
        float min = MIS_BIGNUM;
        for (int edge = start; BR(edge < end); edge++) {
            int nb = ld_i32(ELEM_I32(a->col, edge));
            if (BR(ld_i32(ELEM_I32(a->c_array, nb)) == -1)) {
                float v = ld_f32(ELEM_F32(a->node_value, nb));
                if (BR(v < min)) {
                    min = v;
                }
            }
        }
        st_f32(ELEM_F32(a->min_array, tid), min);
    }
}

static void mis_mis2(simt_thread *t, const void *args) {
    const mis_args *a = args;
    int tid = mis_gid(t);
    if (BR(tid < a->num_nodes) &&
        BR(ld_f32(ELEM_F32(a->node_value, tid)) < ld_f32(ELEM_F32(a->min_array, tid))) &&
        BR(ld_i32(ELEM_I32(a->c_array, tid)) == -1)) {
        st_i32(ELEM_I32(a->s_array, tid), 2);
        int start = ld_i32(ELEM_I32(a->row, tid));
        int end = mis_row_end(t, a, tid);
        st_i32(ELEM_I32(a->c_array, tid), -2);
        for (int edge = start; BR(edge < end); edge++) {
            int nb = ld_i32(ELEM_I32(a->col, edge));
            if (BR(ld_i32(ELEM_I32(a->c_array, nb)) == -1)) {
                st_i32(ELEM_I32(a->cu_array, nb), -2);
            }
        }
    }
}

static void mis_mis3(simt_thread *t, const void *args) {
    const mis_args *a = args;
    int tid = mis_gid(t);
    if (BR(tid < a->num_nodes) && BR(ld_i32(ELEM_I32(a->cu_array, tid)) == -2)) {
        st_i32(ELEM_I32(a->c_array, tid), ld_i32(ELEM_I32(a->cu_array, tid)));
    }
}

/* The same rounds sequentially. mis2 reads c_array while writing it: a vertex it sets
 * to -2 is a local minimum, so none of its neighbours is one (values are distinct) and
 * the order of the writes does not matter. */
static int mis_reference(const gr_csr *g, const float *value, int *s, int max_rounds) {
    int n = g->num_nodes, stop = 1, rounds = 0;
    int *c = malloc(sizeof(int) * (size_t)n), *cu = malloc(sizeof(int) * (size_t)n);
    float *min_array = calloc((size_t)n, sizeof(float));
    if (!c || !cu || !min_array) {
        free(c);
        free(cu);
        free(min_array);
        return -1;
    }
    for (int v = 0; v < n; v++) {
        c[v] = cu[v] = -1;
        s[v] = 0;
    }
    while (stop && rounds++ < max_rounds) {
        stop = 0;
        for (int v = 0; v < n; v++) {
            if (c[v] != -1) {
                continue;
            }
            float min = MIS_BIGNUM;
            stop = 1;
            for (int e = g->row[v]; e < g->row[v + 1]; e++) {
                if (c[g->col[e]] == -1 && value[g->col[e]] < min) {
                    min = value[g->col[e]];
                }
            }
            min_array[v] = min;
        }
        for (int v = 0; v < n; v++) {
            if (value[v] < min_array[v] && c[v] == -1) {
                s[v] = 2;
                c[v] = -2;
                for (int e = g->row[v]; e < g->row[v + 1]; e++) {
                    if (c[g->col[e]] == -1) {
                        cu[g->col[e]] = -2;
                    }
                }
            }
        }
        for (int v = 0; v < n; v++) {
            if (cu[v] == -2) {
                c[v] = cu[v];
            }
        }
    }
    free(c);
    free(cu);
    free(min_array);
    return rounds;
}

/* An independent set that is maximal: the property MIS promises, checked on the result. */
static int mis_check_property(const gr_csr *g, const int *s) {
    for (int v = 0; v < g->num_nodes; v++) {
        int in_set_neighbour = 0;
        for (int e = g->row[v]; e < g->row[v + 1]; e++) {
            int w = g->col[e];
            in_set_neighbour |= (w != v && s[w] == 2);
        }
        if ((s[v] == 2 && in_set_neighbour) || (s[v] != 2 && !in_set_neighbour)) {
            printf("kernel mis: check failed at %d: got %d want %s\n", v, s[v],
                   s[v] == 2 ? "no neighbour in the set" : "in the set or a neighbour in it");
            return 1;
        }
    }
    return 0;
}

int app_mis(simt_dev *dev, const simt_app_opts *o) {
    gr_csr g;
    kin_rng rng;
    int rc = 1;
    if (pannotia_load_csr(o, "bc/1k_128k.gr", 1, 0, &g) != 0) {
        return 1;
    }
    int n = g.num_nodes;
    float *value = malloc(sizeof(float) * (size_t)n);
    int *s = malloc(sizeof(int) * (size_t)n);
    int *want = malloc(sizeof(int) * (size_t)n);
    if (!value || !s || !want) {
        goto out;
    }
    kin_rng_seed(&rng, o->seed);
    for (int v = 0; v < n; v++) {
        value[v] = kin_rand_unit_f32(&rng);
    }
    mis_args a = {0};
    a.num_nodes = n;
    a.num_edges = g.num_edges;
    a.row = simt_malloc(dev, sizeof(int) * ((size_t)n + 1), SIMT_INT32, "row_d");
    a.col = simt_malloc(dev, sizeof(int) * (size_t)g.num_edges, SIMT_INT32, "col_d");
    a.c_array = simt_malloc(dev, sizeof(int) * (size_t)n, SIMT_INT32, "c_array_d");
    a.cu_array = simt_malloc(dev, sizeof(int) * (size_t)n, SIMT_INT32, "c_array_u_d");
    a.s_array = simt_malloc(dev, sizeof(int) * (size_t)n, SIMT_INT32, "s_array_d");
    a.node_value = simt_malloc(dev, sizeof(float) * (size_t)n, SIMT_FLOAT32, "node_value_d");
    a.min_array = simt_malloc(dev, sizeof(float) * (size_t)n, SIMT_FLOAT32, "min_array_d");
    a.stop = simt_malloc(dev, sizeof(int), SIMT_INT32, "stop_d");
    simt_memcpy_htod(dev, a.row, g.row, sizeof(int) * ((size_t)n + 1));
    simt_memcpy_htod(dev, a.col, g.col, sizeof(int) * (size_t)g.num_edges);
    simt_memcpy_htod(dev, a.node_value, value, sizeof(float) * (size_t)n);

    simt_dim3 block = simt_dim(MIS_BLOCK, 1, 1);
    simt_dim3 grid = simt_dim((uint32_t)((n + MIS_BLOCK - 1) / MIS_BLOCK), 1, 1);
    simt_launch(dev, "init", mis_init, grid, block, 0, &a);
    int stop = 1, rounds = 0;
    /* Equal random values could stall a vertex: the cap turns that into a failed check. */
    while (stop && rounds++ < n) {
        stop = 0;
        simt_memcpy_htod(dev, a.stop, &stop, sizeof(stop));
        simt_launch(dev, "mis1", mis_mis1, grid, block, 0, &a);
        simt_launch(dev, "mis2", mis_mis2, grid, block, 0, &a);
        simt_launch(dev, "mis3", mis_mis3, grid, block, 0, &a);
        simt_memcpy_dtoh(dev, &stop, a.stop, sizeof(stop));
    }
    simt_memcpy_dtoh(dev, s, a.s_array, sizeof(int) * (size_t)n);
    if (mis_reference(&g, value, want, n) < 0) {
        goto out;
    }
    rc = kin_check_i32("mis", s, want, (size_t)n);
    if (rc == 0) {
        rc = mis_check_property(&g, s);
    }
out:
    free(value);
    free(s);
    free(want);
    gr_csr_free(&g);
    return rc;
}
