/* Rodinia 3.1 pathfinder (dynproc): the cheapest path from the top row of a grid of weights
 * to each cell of the bottom row, moving down one row per step to one of the three cells
 * below. dynproc_kernel advances `iteration` rows per launch in blocks of 256 threads that
 * overlap by a halo of `iteration` cells (the pyramid), keeping the row in shared memory;
 * the host ping-pongs two result rows (pathfinder.cu's calc_path).
 *
 * Input: generated as init() does (wall[i][j] = rand() % 10, rows x cols), from the project's
 * seeded PRNG; 50000 columns (Rodinia's `run` has 100000: 8 M warp instructions), its 100 rows
 * and pyramid height 20 (5 launches); o->scale divides the columns. Check: the bottom row against the sequential
 * dynamic programme (integers: exact). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"

#define PF_BS 256
#define PF_HALO 1
#define PF_IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))
#define PF_MIN(a, b) ((a) <= (b) ? (a) : (b))

typedef struct {
    int32_t iteration;
    simt_addr wall, src, results;
    int32_t cols, rows, start_step, border;
} pf_args;

static void pf_dynproc_kernel(simt_thread *t, const void *args) {
    const pf_args *a = args;
    const size_t prev = 0, result = 4 * PF_BS;
    int32_t bx = (int32_t)blockIdx.x, tx = (int32_t)threadIdx.x;
    int32_t small_block_cols = PF_BS - a->iteration * PF_HALO * 2;
    int32_t blk_x = small_block_cols * bx - a->border, blk_xmax = blk_x + PF_BS - 1;
    int32_t xidx = blk_x + tx;
    int32_t valid_xmin = blk_x < 0 ? -blk_x : 0;
    int32_t valid_xmax = blk_xmax > a->cols - 1 ? PF_BS - 1 - (blk_xmax - a->cols + 1) : PF_BS - 1;
    int32_t w = tx - 1 < valid_xmin ? valid_xmin : tx - 1;
    int32_t e = tx + 1 > valid_xmax ? valid_xmax : tx + 1;
    int is_valid = PF_IN_RANGE(tx, valid_xmin, valid_xmax);
    alu(16);
    if (BR(PF_IN_RANGE(xidx, 0, a->cols - 1))) {
        sts_i32(prev + 4 * (size_t)tx, ld_i32(ELEM_I32(a->src, xidx)));
    }
    syncthreads();
    int computed = 0;
    for (int32_t i = 0; BR(i < a->iteration); i++) {
        computed = 0;
        alu(3);
        if (BR(PF_IN_RANGE(tx, i + 1, PF_BS - i - 2) && is_valid)) {
            computed = 1;
            int32_t left = lds_i32(prev + 4 * (size_t)w), up = lds_i32(prev + 4 * (size_t)tx);
            int32_t right = lds_i32(prev + 4 * (size_t)e);
            int32_t shortest = PF_MIN(left, up);
            shortest = PF_MIN(shortest, right);
            int32_t index = a->cols * (a->start_step + i) + xidx;
            alu(5);
            sts_i32(result + 4 * (size_t)tx, shortest + ld_i32(ELEM_I32(a->wall, index)));
        }
        syncthreads();
        if (BR(i == a->iteration - 1)) {
            break;
        }
        if (BR(computed)) {
            sts_i32(prev + 4 * (size_t)tx, lds_i32(result + 4 * (size_t)tx));
        }
        syncthreads();
    }
    if (BR(computed)) {
        st_i32(ELEM_I32(a->results, xidx), lds_i32(result + 4 * (size_t)tx));
    }
}

/* The sequential reference: row by row, each cell its weight plus the cheapest of the three
 * cells above (clamped at the edges). */
static void pf_reference(const int32_t *data, int32_t rows, int32_t cols, int32_t *out) {
    int32_t *prev = kin_alloc((size_t)cols, sizeof *prev);
    memcpy(prev, data, (size_t)cols * sizeof *prev);
    for (int32_t r = 1; r < rows; r++) {
        for (int32_t c = 0; c < cols; c++) {
            int32_t best = prev[c];
            if (c > 0 && prev[c - 1] < best) {
                best = prev[c - 1];
            }
            if (c + 1 < cols && prev[c + 1] < best) {
                best = prev[c + 1];
            }
            out[c] = data[(size_t)r * (size_t)cols + (size_t)c] + best;
        }
        memcpy(prev, out, (size_t)cols * sizeof *prev);
    }
    memcpy(out, prev, (size_t)cols * sizeof *out);
    free(prev);
}

int app_pf(simt_dev *d, const simt_app_opts *o) {
    int32_t cols = (int32_t)kin_scaled(o, 50000, PF_BS), rows = 100, pyramid_height = 20;
    size_t size = (size_t)rows * (size_t)cols;
    int32_t *data = kin_alloc(size, sizeof *data);
    int32_t *result = kin_alloc((size_t)cols, sizeof *result), *ref = kin_alloc((size_t)cols, sizeof *ref);
    kin_rng rng;
    kin_rng_seed(&rng, o->seed);
    for (size_t i = 0; i < size; i++) {
        data[i] = (int32_t)kin_rand_below(&rng, 10); /* rand() % 10 */
    }
    int32_t border_cols = pyramid_height * PF_HALO;
    int32_t small_block_col = PF_BS - pyramid_height * PF_HALO * 2;
    uint32_t block_cols = (uint32_t)(cols / small_block_col + (cols % small_block_col == 0 ? 0 : 1));
    simt_addr gpu_result[2];
    gpu_result[0] = simt_malloc(d, (size_t)cols * 4, SIMT_INT32, "gpuResult0");
    gpu_result[1] = simt_malloc(d, (size_t)cols * 4, SIMT_INT32, "gpuResult1");
    simt_memcpy_htod(d, gpu_result[0], data, (size_t)cols * 4);
    simt_addr gpu_wall = simt_malloc(d, (size - (size_t)cols) * 4, SIMT_INT32, "gpuWall");
    simt_memcpy_htod(d, gpu_wall, data + cols, (size - (size_t)cols) * 4);
    int src = 1, dst = 0;
    for (int32_t t = 0; t < rows - 1; t += pyramid_height) {
        int tmp = src;
        src = dst;
        dst = tmp;
        pf_args a = {PF_MIN(pyramid_height, rows - t - 1),
                     gpu_wall,
                     gpu_result[src],
                     gpu_result[dst],
                     cols,
                     rows,
                     t,
                     border_cols};
        simt_launch(d, "dynproc_kernel", pf_dynproc_kernel, simt_dim(block_cols, 1, 1), simt_dim(PF_BS, 1, 1),
                    8 * PF_BS, &a);
    }
    simt_memcpy_dtoh(d, result, gpu_result[dst], (size_t)cols * 4);

    pf_reference(data, rows, cols, ref);
    int rc = kin_check_i32("pf", result, ref, (size_t)cols);
    free(data);
    free(result);
    free(ref);
    return rc;
}
