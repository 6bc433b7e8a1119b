/* Rodinia 3.1 hotspot: transient thermal simulation of a chip, a 5-point stencil on the
 * temperature grid driven by the power grid. calculate_temp runs `iteration` time steps per
 * launch on 16x16 blocks that overlap by a halo of `iteration` cells (the pyramid: each step
 * the valid region shrinks by one cell a side, so the block computes its inner
 * (16 - 2 iteration)^2 cells without exchanging data); the host ping-pongs two grids between
 * launches (hotspot.cu's compute_tran_temp).
 *
 * Input: temp_512 and power_512, pyramid height 2, 2 iterations (Rodinia's `run`: one launch);
 * temp_64 / power_64 when o->scale > 1; o->grow multiplies the iterations (sim_time: the grid is
 * the data file's). Check: the grid after the same number of plain
 * sequential stencil steps with the edge cells clamped (the kernel's N/S/E/W clamping), with
 * the kernel's expression (its 2.0 is a double, so the step is computed in double, as on the
 * device): 1e-6 relative. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs_rodinia.h"
#include "kernel_solve.h"
#include "kernels.h"

#define HS_BS 16
#define HS_SH(base, i, j) ((size_t)(base) + 4u * ((size_t)(i)*HS_BS + (size_t)(j)))
#define HS_TILE_BYTES (4u * HS_BS * HS_BS)
#define HS_IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))

/* Chip constants of hotspot.cu. */
#define HS_MAX_PD 3.0e6
#define HS_PRECISION 0.001
#define HS_SPEC_HEAT_SI 1.75e6
#define HS_K_SI 100
#define HS_FACTOR_CHIP 0.5
static const float hs_t_chip = 0.0005f, hs_chip_height = 0.016f, hs_chip_width = 0.016f;

typedef struct {
    int32_t iteration;
    simt_addr power, temp_src, temp_dst;
    int32_t grid_cols, grid_rows, border_cols, border_rows;
    float cap, rx, ry, rz, step;
} hs_args;

/* One cell's update: calculate_temp's expression (double because of its 2.0 literal). */
static float hs_cell(float c, float n, float s, float e, float w, float p, float step_div_cap, float rx_1,
                     float ry_1, float rz_1) {
    const float amb_temp = 80.0f;
    return (float)(c + step_div_cap *
                           (p + (s + n - 2.0 * c) * ry_1 + (e + w - 2.0 * c) * rx_1 + (amb_temp - c) * rz_1));
}

static void hs_calculate_temp(simt_thread *t, const void *args) {
    const hs_args *a = args;
    const size_t temp_on_cuda = 0, power_on_cuda = HS_TILE_BYTES, temp_t = 2 * HS_TILE_BYTES;
    int32_t bx = (int32_t)blockIdx.x, by = (int32_t)blockIdx.y, tx = (int32_t)threadIdx.x,
            ty = (int32_t)threadIdx.y;
    float step_div_cap = a->step / a->cap, rx_1 = 1 / a->rx, ry_1 = 1 / a->ry, rz_1 = 1 / a->rz;
    sfu(4);
    int32_t small_block_rows = HS_BS - a->iteration * 2, small_block_cols = HS_BS - a->iteration * 2;
    int32_t blk_y = small_block_rows * by - a->border_rows, blk_x = small_block_cols * bx - a->border_cols;
    int32_t blk_ymax = blk_y + HS_BS - 1, blk_xmax = blk_x + HS_BS - 1;
    int32_t yidx = blk_y + ty, xidx = blk_x + tx;
    int32_t index = a->grid_cols * yidx + xidx;
    alu(12);
    if (BR(HS_IN_RANGE(yidx, 0, a->grid_rows - 1) && HS_IN_RANGE(xidx, 0, a->grid_cols - 1))) {
        sts_f32(HS_SH(temp_on_cuda, ty, tx), ld_f32(ELEM_F32(a->temp_src, index)));
        sts_f32(HS_SH(power_on_cuda, ty, tx), ld_f32(ELEM_F32(a->power, index)));
    }
    syncthreads();
    int32_t valid_ymin = blk_y < 0 ? -blk_y : 0;
    int32_t valid_ymax = blk_ymax > a->grid_rows - 1 ? HS_BS - 1 - (blk_ymax - a->grid_rows + 1) : HS_BS - 1;
    int32_t valid_xmin = blk_x < 0 ? -blk_x : 0;
    int32_t valid_xmax = blk_xmax > a->grid_cols - 1 ? HS_BS - 1 - (blk_xmax - a->grid_cols + 1) : HS_BS - 1;
    int32_t n = ty - 1 < valid_ymin ? valid_ymin : ty - 1;
    int32_t s = ty + 1 > valid_ymax ? valid_ymax : ty + 1;
    int32_t w = tx - 1 < valid_xmin ? valid_xmin : tx - 1;
    int32_t e = tx + 1 > valid_xmax ? valid_xmax : tx + 1;
    alu(16);
    int computed = 0;
    for (int32_t i = 0; BR(i < a->iteration); i++) {
        computed = 0;
        alu(4);
        if (BR(HS_IN_RANGE(tx, i + 1, HS_BS - i - 2) && HS_IN_RANGE(ty, i + 1, HS_BS - i - 2) &&
               HS_IN_RANGE(tx, valid_xmin, valid_xmax) && HS_IN_RANGE(ty, valid_ymin, valid_ymax))) {
            computed = 1;
            float c = lds_f32(HS_SH(temp_on_cuda, ty, tx));
            float p = lds_f32(HS_SH(power_on_cuda, ty, tx));
            float south = lds_f32(HS_SH(temp_on_cuda, s, tx));
            float north = lds_f32(HS_SH(temp_on_cuda, n, tx));
            float east = lds_f32(HS_SH(temp_on_cuda, ty, e));
            float west = lds_f32(HS_SH(temp_on_cuda, ty, w));
            float v = hs_cell(c, north, south, east, west, p, step_div_cap, rx_1, ry_1, rz_1);
            alu(14);
            sts_f32(HS_SH(temp_t, ty, tx), v);
        }
        syncthreads();
        if (BR(i == a->iteration - 1)) {
            break;
        }
        if (BR(computed)) {
            sts_f32(HS_SH(temp_on_cuda, ty, tx), lds_f32(HS_SH(temp_t, ty, tx)));
        }
        syncthreads();
    }
    if (BR(computed)) {
        st_f32(ELEM_F32(a->temp_dst, index), lds_f32(HS_SH(temp_t, ty, tx)));
    }
}

static int32_t hs_clamp(int32_t v, int32_t hi) {
    return v < 0 ? 0 : v > hi ? hi : v;
}

/* The sequential reference: `iters` plain stencil steps, edge neighbours clamped. */
static void hs_reference(float *temp, const float *power, int32_t rows, int32_t cols, int32_t iters,
                         float step_div_cap, float rx_1, float ry_1, float rz_1) {
    size_t cells = (size_t)rows * (size_t)cols;
    float *next = kin_alloc(cells, sizeof *next);
    for (int32_t it = 0; it < iters; it++) {
        for (int32_t r = 0; r < rows; r++) {
            for (int32_t c = 0; c < cols; c++) {
                size_t k = (size_t)r * (size_t)cols + (size_t)c;
                next[k] = hs_cell(temp[k], temp[(size_t)hs_clamp(r - 1, rows - 1) * (size_t)cols + (size_t)c],
                                  temp[(size_t)hs_clamp(r + 1, rows - 1) * (size_t)cols + (size_t)c],
                                  temp[(size_t)r * (size_t)cols + (size_t)hs_clamp(c + 1, cols - 1)],
                                  temp[(size_t)r * (size_t)cols + (size_t)hs_clamp(c - 1, cols - 1)], power[k],
                                  step_div_cap, rx_1, ry_1, rz_1);
            }
        }
        memcpy(temp, next, cells * sizeof *temp);
    }
    free(next);
}

/* hotspot.cu's chip constants for a rows x cols grid (float, as its host code). */
static void hs_chip_constants(int32_t rows, int32_t cols, float *cap, float *rx, float *ry, float *rz, float *step) {
    float grid_height = hs_chip_height / (float)rows, grid_width = hs_chip_width / (float)cols;
    *cap = (float)(HS_FACTOR_CHIP * HS_SPEC_HEAT_SI * hs_t_chip * grid_width * grid_height);
    *rx = (float)(grid_width / (2.0 * HS_K_SI * hs_t_chip * grid_height));
    *ry = (float)(grid_height / (2.0 * HS_K_SI * hs_t_chip * grid_width));
    *rz = hs_t_chip / (HS_K_SI * grid_height * grid_width);
    float max_slope = (float)(HS_MAX_PD / (HS_FACTOR_CHIP * hs_t_chip * HS_SPEC_HEAT_SI));
    *step = (float)(HS_PRECISION / max_slope);
}

void hs_solve(simt_dev *d, float *temp, const float *power, int32_t rows, int32_t cols, int32_t pyramid_height,
              int32_t total_iterations, const kin_regions *rg) {
    size_t cells = (size_t)rows * (size_t)cols;
    int32_t border = pyramid_height; /* pyramid_height * EXPAND_RATE / 2 */
    int32_t small_block = HS_BS - pyramid_height * 2;
    uint32_t block_cols = (uint32_t)(cols / small_block + (cols % small_block == 0 ? 0 : 1));
    uint32_t block_rows = (uint32_t)(rows / small_block + (rows % small_block == 0 ? 0 : 1));
    simt_addr matrix_temp[2], matrix_power;
    matrix_temp[0] = simt_malloc(d, cells * 4, SIMT_FLOAT32, "MatrixTemp0");
    kin_region(rg, matrix_temp[0], cells * 4);
    matrix_temp[1] = simt_malloc(d, cells * 4, SIMT_FLOAT32, "MatrixTemp1");
    kin_region(rg, matrix_temp[1], cells * 4);
    simt_memcpy_htod(d, matrix_temp[0], temp, cells * 4);
    matrix_power = simt_malloc(d, cells * 4, SIMT_FLOAT32, "MatrixPower");
    kin_region(rg, matrix_power, cells * 4);
    simt_memcpy_htod(d, matrix_power, power, cells * 4);

    float cap, rx, ry, rz, step;
    hs_chip_constants(rows, cols, &cap, &rx, &ry, &rz, &step);
    int src = 1, dst = 0;
    for (int32_t t = 0; t < total_iterations; t += pyramid_height) {
        int tmp = src;
        src = dst;
        dst = tmp;
        hs_args a = {total_iterations - t < pyramid_height ? total_iterations - t : pyramid_height,
                     matrix_power,
                     matrix_temp[src],
                     matrix_temp[dst],
                     cols,
                     rows,
                     border,
                     border,
                     cap,
                     rx,
                     ry,
                     rz,
                     step};
        simt_launch(d, "calculate_temp", hs_calculate_temp, simt_dim(block_cols, block_rows, 1),
                    simt_dim(HS_BS, HS_BS, 1), 3 * HS_TILE_BYTES, &a);
    }
    simt_memcpy_dtoh(d, temp, matrix_temp[dst], cells * 4);
}

int app_hs(simt_dev *d, const simt_app_opts *o) {
    /* The grid is its data files' (512 x 512, the only size shipped besides 64); what grows is
     * sim_time, the iterations (hotspot's third argument, 2 in Rodinia's run). */
    int32_t grid = o->scale > 1 ? 64 : 512, pyramid_height = 2;
    int32_t total_iterations = (int32_t)kin_grown(o, 2);
    size_t cells = (size_t)grid * (size_t)grid;
    float *temp = kin_alloc(cells, sizeof *temp), *power = kin_alloc(cells, sizeof *power);
    float *out = kin_alloc(cells, sizeof *out);
    char tpath[1024], ppath[1024], rel[64];
    snprintf(rel, sizeof rel, "rodinia/hotspot/temp_%d", (int)grid);
    int ok = kin_input_path(tpath, sizeof tpath, o, rel) == 0 && rd_read_grid(tpath, temp, cells);
    snprintf(rel, sizeof rel, "rodinia/hotspot/power_%d", (int)grid);
    ok = ok && kin_input_path(ppath, sizeof ppath, o, rel) == 0 && rd_read_grid(ppath, power, cells);
    if (!ok) {
        free(temp);
        free(power);
        free(out);
        return 1;
    }
    memcpy(out, temp, cells * sizeof *out);
    hs_solve(d, out, power, grid, grid, pyramid_height, total_iterations, NULL);

    float cap, rx, ry, rz, step;
    hs_chip_constants(grid, grid, &cap, &rx, &ry, &rz, &step);
    hs_reference(temp, power, grid, grid, total_iterations, step / cap, 1 / rx, 1 / ry, 1 / rz);
    int rc = kin_check_f32("hs", out, temp, cells, 1e-6, 0);
    free(temp);
    free(power);
    free(out);
    return rc;
}
