/* Trace generators; see tracegen.h. */
#include "trace/tracegen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Compute and dependencies (docs/sim.md "Generators"): after each memory instruction a warp runs
 * gen_alu independent ALU instructions (arithmetic intensity gen_alu : 1), and the instruction
 * gen_dep positions after a load reads the load's register (dependency distance; 0 = no
 * consumer). A warp therefore has gen_dep - 1 instructions of its own to issue under each load's
 * latency; the rest must come from other warps: each workload has a defined latency tolerance.
 * Loads write r64..r127 in turn, ALU instructions r0..r15; the memory accesses (and so every
 * core = none figure) do not depend on gen_alu / gen_dep. */
#define DEP_RING 128u            /* > the largest gen_dep (64) */

typedef struct {
    uint32_t n;                  /* instructions emitted so far */
    uint32_t loads;
    uint32_t at[DEP_RING];       /* instruction index + 1 of the load whose register is reg[] */
    uint8_t reg[DEP_RING];
} warp_gen;

typedef struct {
    const sim_config *cfg;
    const mem_image *img;
    trace_t *out;
    unsigned per_warp;
    unsigned first_sm, sms;      /* the group of SMs running the pattern */
    warp_gen *wg;                /* [sm * warps_per_sm + warp] */
} gen_ctx;

/* The next instruction of warp state w: its source is the register of the load gen_dep before. */
static void next_inst(const gen_ctx *c, warp_gen *w, trace_inst *in) {
    unsigned d = c->cfg->gen_dep;
    if (d && w->n >= d) {
        uint32_t m = w->n - d;
        if (w->at[m % DEP_RING] == m + 1) in->src[in->nsrc++] = w->reg[m % DEP_RING];
    }
    w->n++;
}

#define GEN_MAX_LINES 32u       /* line requests of one warp load/store: one per thread at most */

/* One load or store of n line requests (addr[i], mask[i]), then the compute of the generators. */
static void emit_lines(gen_ctx *c, unsigned sm, unsigned warp, int write, const uint64_t *addr, const unsigned *mask,
                       unsigned n) {
    warp_gen *w = &c->wg[sm * c->cfg->warps_per_sm + warp];
    trace_access a[GEN_MAX_LINES];
    for (unsigned i = 0; i < n; i++)
        a[i] = (trace_access){addr[i] & ((UINT64_C(1) << 48) - 1), (uint16_t)sm, (uint16_t)warp, (uint8_t)(write != 0),
                              (uint8_t)mask[i], 0};
    trace_inst in = {.sm = (uint16_t)sm, .warp = (uint16_t)warp, .op = write ? OP_ST : OP_LD};
    uint32_t index = w->n;
    next_inst(c, w, &in);
    if (!write) {
        in.dst = (uint8_t)(64 + w->loads++ % 64);
        in.ndst = 1;
        w->at[index % DEP_RING] = index + 1;
        w->reg[index % DEP_RING] = in.dst;
    }
    trace_push_inst(c->out, in, a, n);
    for (unsigned k = 0; k < c->cfg->gen_alu; k++) {
        trace_inst alu = {.sm = (uint16_t)sm, .warp = (uint16_t)warp, .op = OP_ALU, .dst = (uint8_t)(w->n % 16), .ndst = 1};
        next_inst(c, w, &alu);
        trace_push_inst(c->out, alu, NULL, 0);
    }
}

static void emit(gen_ctx *c, unsigned sm, unsigned warp, int write, uint64_t addr, unsigned mask) {
    emit_lines(c, sm, warp, write, &addr, &mask, 1);
}

static const mem_region *region(const gen_ctx *c, const char *name) { return memimg_find(c->img, name); }

/* Output arrays live above the image (addresses wrap onto it, docs/sim.md); each pattern has its own. */
static uint64_t out_base(unsigned pattern_id) { return (UINT64_C(1) << 40) + ((uint64_t)pattern_id << 32); }

static uint32_t read_u32(const mem_image *img, uint64_t addr) {
    const uint8_t *line = memimg_line(img, addr >> 7);
    unsigned o = (unsigned)(addr & 127u) & ~3u;
    return (uint32_t)line[o] | (uint32_t)line[o + 1] << 8 | (uint32_t)line[o + 2] << 16 | (uint32_t)line[o + 3] << 24;
}

static void gen_stream(gen_ctx *c) {
    const mem_region *r = region(c, "kmeans");
    uint64_t lines = r->bytes / 128, warps = c->cfg->warps_per_sm, all = c->sms * warps;
    for (unsigned j = 0; j < c->sms; j++)
        for (unsigned w = 0; w < warps; w++)
            for (unsigned i = 0, n = 0; n < c->per_warp; i++) {
                uint64_t line = (j * warps + w + (uint64_t)i * all) % lines;
                emit(c, c->first_sm + j, w, 0, r->base + line * 128, 0xF);
                if (++n < c->per_warp && i % 4 == 3) {
                    emit(c, c->first_sm + j, w, 1, out_base(0) + line * 128, 0xF);
                    n++;
                }
            }
}

/* gen_share = n > 0: the grid is cut into tiles n lines (32n floats) wide; SM j owns tile column
 * j mod (16 / n) of row block j / (16 / n); warp w takes every warps-th cell of the tile, row by
 * row, so the SMs of a row block sweep their rows in step. A cell on a tile's left or right edge
 * also reads the neighbouring tile's edge line of its row (the halo): with n = 1 every line is
 * read by its own SM and both neighbours at about the same time (inter-core locality). */
static void gen_stencil_tiles(gen_ctx *c) {
    const mem_region *t = region(c, "hotspot_temp"), *p = region(c, "hotspot_power");
    const unsigned row_lines = 16, rows = 512, width = c->cfg->gen_share, per_row = row_lines / width;
    unsigned warps = c->cfg->warps_per_sm, blocks = (c->sms + per_row - 1) / per_row, block_rows = rows / blocks;
    for (unsigned j = 0; j < c->sms; j++)
        for (unsigned w = 0; w < warps; w++) {
            unsigned n = 0, first_col = (j % per_row) * width, first_row = (j / per_row) * block_rows;
            for (unsigned k = 0; n < c->per_warp; k++) {
                unsigned cell = w + k * warps, lc = cell % width;
                unsigned row = first_row + (cell / width) % block_rows, col = first_col + lc;
                unsigned up = row ? row - 1 : row, down = row + 1 < rows ? row + 1 : row;
                uint64_t addr[6];
                unsigned na = 0;
                addr[na++] = t->base + ((uint64_t)up * row_lines + col) * 128;
                addr[na++] = t->base + ((uint64_t)row * row_lines + col) * 128;
                addr[na++] = t->base + ((uint64_t)down * row_lines + col) * 128;
                if (lc == 0 && col > 0) addr[na++] = t->base + ((uint64_t)row * row_lines + col - 1) * 128;
                if (lc == width - 1 && col + 1 < row_lines) addr[na++] = t->base + ((uint64_t)row * row_lines + col + 1) * 128;
                addr[na++] = p->base + ((uint64_t)row * row_lines + col) * 128;
                for (unsigned a = 0; a < na && n < c->per_warp; a++, n++) emit(c, c->first_sm + j, w, 0, addr[a], 0xF);
                if (n < c->per_warp) {
                    emit(c, c->first_sm + j, w, 1, out_base(1) + ((uint64_t)row * row_lines + col) * 128, 0xF);
                    n++;
                }
            }
        }
}

static void gen_stencil(gen_ctx *c) {
    if (c->cfg->gen_share) {
        gen_stencil_tiles(c);
        return;
    }
    const mem_region *t = region(c, "hotspot_temp"), *p = region(c, "hotspot_power");
    const unsigned row_lines = 16, rows = 512;        /* 512 floats per row */
    unsigned warps = c->cfg->warps_per_sm, band = rows / c->sms ? rows / c->sms : 1;
    for (unsigned j = 0; j < c->sms; j++)
        for (unsigned w = 0; w < warps; w++) {
            unsigned n = 0;
            for (unsigned k = 0; n < c->per_warp; k++) {
                unsigned cell = w + k * warps;            /* warp w takes every warps-th line of the band */
                unsigned row = (j * band + cell / row_lines) % rows, col = cell % row_lines;
                unsigned up = row ? row - 1 : row, down = row + 1 < rows ? row + 1 : row;
                uint64_t addr[4] = {t->base + ((uint64_t)up * row_lines + col) * 128,
                                    t->base + ((uint64_t)row * row_lines + col) * 128,
                                    t->base + ((uint64_t)down * row_lines + col) * 128,
                                    p->base + ((uint64_t)row * row_lines + col) * 128};
                for (unsigned a = 0; a < 4 && n < c->per_warp; a++, n++) emit(c, c->first_sm + j, w, 0, addr[a], 0xF);
                if (n < c->per_warp) {
                    emit(c, c->first_sm + j, w, 1, out_base(1) + ((uint64_t)row * row_lines + col) * 128, 0xF);
                    n++;
                }
            }
        }
}

static void gen_mapreduce(gen_ctx *c) {
    const mem_region *r = region(c, "lud");
    uint64_t lines = r->bytes / 128;
    unsigned warps = c->cfg->warps_per_sm, group = c->cfg->gen_share ? c->cfg->gen_share : 2;
    for (unsigned j = 0; j < c->sms; j++)
        for (unsigned w = 0; w < warps; w++)
            for (unsigned i = 0, n = 0; n < c->per_warp; i++) {
                uint64_t chunk = (uint64_t)(j / group) * warps * c->per_warp;   /* the group's shared chunk */
                uint64_t line = (chunk + (uint64_t)w * c->per_warp + i) % lines;
                emit(c, c->first_sm + j, w, 0, r->base + line * 128, 0xF);
                if (++n < c->per_warp && i % 8 == 7) {
                    emit(c, c->first_sm + j, w, 1, out_base(2) + ((uint64_t)j * warps + w) * 128, 0xF);
                    n++;
                }
            }
}

static void gen_graph(gen_ctx *c) {
    const mem_region *nodes = region(c, "bfs65536_nodes"), *edges = region(c, "bfs65536_edges"),
                     *cost = region(c, "bfs65536_cost");
    uint64_t nnodes = nodes->bytes / 8, nedges = edges->bytes / 4, warps = c->cfg->warps_per_sm;
    for (unsigned j = 0; j < c->sms; j++)
        for (unsigned w = 0; w < warps; w++) {
            unsigned n = 0;
            for (uint64_t k = 0; n < c->per_warp; k++) {
                uint64_t v = (j * warps + w + k * c->sms * warps) % nnodes;
                uint64_t rec = nodes->base + v * 8;
                emit(c, c->first_sm + j, w, 0, rec, 1u << ((rec >> 5) & 3));
                n++;
                uint32_t start = read_u32(c->img, rec), degree = read_u32(c->img, rec + 4);
                for (uint32_t e = 0; e < degree && e < 8 && n < c->per_warp; e++) {
                    uint64_t ea = edges->base + ((start + e) % nedges) * 4;
                    if (e == 0 || (ea & 127) < 4) {        /* a new edge-list line */
                        emit(c, c->first_sm + j, w, 0, ea, 1u << ((ea >> 5) & 3));
                        if (++n == c->per_warp) break;
                    }
                    uint64_t ca = cost->base + (read_u32(c->img, ea) % (cost->bytes / 4)) * 4;
                    emit(c, c->first_sm + j, w, 0, ca, 1u << ((ca >> 5) & 3));
                    n++;
                }
                if (n < c->per_warp) {
                    uint64_t ca = cost->base + (v % (cost->bytes / 4)) * 4;
                    emit(c, c->first_sm + j, w, 1, ca, 1u << ((ca >> 5) & 3));
                    n++;
                }
            }
        }
}

static void gen_partial(gen_ctx *c) {
    const mem_region *r = region(c, "fashion_mnist");
    uint64_t lines = r->bytes / 128, warps = c->cfg->warps_per_sm;
    for (unsigned j = 0; j < c->sms; j++)
        for (unsigned w = 0; w < warps; w++)
            for (unsigned i = 0; i < c->per_warp; i++) {
                uint64_t line = ((j * warps + w) * c->per_warp + i) * 3 % lines;   /* stride of 3 lines */
                unsigned sub = (i + w) % 4;
                emit(c, c->first_sm + j, w, i % 6 == 5, r->base + line * 128 + sub * 32, 1u << sub);
            }
}

/* PolyBench/GPU ATAX, first kernel (seed 002 Table 4, one of its rd1-heavy kernels):
 * tmp[i] = sum_j A[i][j] * x[j], one thread per row i. A warp's load of A[i][j] touches 32 rows,
 * i.e. 32 lines (one sub-block each), and each of those lines serves the warp's next 31 columns:
 * its reuse distance is every other warp's 32 lines in between (rd1 once 48 warps share a 16 KB
 * L1). x[j] is one line read by every warp (the hot data). per_warp counts memory instructions:
 * the A load and the x load of each column in turn, then the store of tmp. A is 512 floats wide
 * (16 lines per row) and lives above the image (its contents wrap onto it, docs/sim.md). */
static void gen_atax(gen_ctx *c) {
    const unsigned row_bytes = 512 * 4, warps = c->cfg->warps_per_sm;
    const uint64_t a_base = out_base(4), x_base = out_base(5), tmp_base = out_base(6);
    for (unsigned j = 0; j < c->sms; j++)
        for (unsigned w = 0; w < warps; w++) {
            uint64_t row0 = ((uint64_t)j * warps + w) * 32;            /* the warp's 32 rows */
            unsigned n = 0;
            for (unsigned col = 0; n + 1 < c->per_warp; col++) {
                uint64_t addr[GEN_MAX_LINES];
                unsigned mask[GEN_MAX_LINES], sub = (col * 4 % 128) / 32;
                for (unsigned t = 0; t < 32; t++) {
                    addr[t] = a_base + (row0 + t) * row_bytes + (uint64_t)col * 4;
                    mask[t] = 1u << sub;
                }
                emit_lines(c, c->first_sm + j, w, 0, addr, mask, 32);
                emit(c, c->first_sm + j, w, 0, x_base + (uint64_t)col * 4, 1u << sub);
                n += 2;
            }
            emit(c, c->first_sm + j, w, 1, tmp_base + row0 * 4, 0xF);
        }
}

/* Rodinia LUD, lud_internal (seed 003 sec. 2.2: "computation with row-wise and column-wise
 * dependency"; Fig. 8a): the 512 x 512 lud matrix in 16 x 16 tiles; in iteration `it` the block
 * of tile (bx, by) of the trailing matrix reads the row-panel tile (it, it+1+bx) and the
 * column-panel tile (it+1+by, it), then reads and writes its own tile. Blocks of one tile column
 * share the row-panel tile, blocks of one tile row the column-panel tile, and the blocks run on
 * different SMs: inter-core locality. A block is 8 warps of 2 tile rows x 16 floats (64 bytes of
 * each of 2 lines); blocks are dealt to SMs round-robin in iteration order, and each SM's
 * warps_per_sm / 8 block slots run its blocks in turn. per_warp counts memory instructions (3
 * loads and a store per block). */
static void gen_lud(gen_ctx *c) {
    const mem_region *r = region(c, "lud");
    const unsigned n_floats = 512, tiles = n_floats / 16, slots = c->cfg->warps_per_sm / 8 ? c->cfg->warps_per_sm / 8 : 1;
    for (unsigned j = 0; j < c->sms; j++)
        for (unsigned slot = 0; slot < slots; slot++)
            for (unsigned wb = 0; wb < 8 && slot * 8 + wb < c->cfg->warps_per_sm; wb++) {
                unsigned w = slot * 8 + wb, n = 0;
                uint64_t b = j + (uint64_t)c->sms * slot;                /* this slot's blocks: b, b + sms * slots, ... */
                for (unsigned it = 0, in_it = 0; n + 4 <= c->per_warp && it + 1 < tiles; b += (uint64_t)c->sms * slots) {
                    unsigned side = tiles - 1 - it;                    /* trailing tiles per side in iteration it */
                    while (b >= in_it + (uint64_t)side * side && it + 1 < tiles) {
                        in_it += side * side;
                        it++;
                        side = tiles - 1 - it;
                    }
                    if (it + 1 >= tiles) break;
                    unsigned t = (unsigned)(b - in_it), bx = t % side, by = t / side;
                    unsigned tile_r[3] = {it, it + 1 + by, it + 1 + by}, tile_c[3] = {it + 1 + bx, it, it + 1 + bx};
                    for (unsigned k = 0; k < 4; k++) {                 /* row panel, column panel, own tile, own tile (store) */
                        unsigned tr = tile_r[k < 3 ? k : 2], tc = tile_c[k < 3 ? k : 2];
                        uint64_t addr[2];
                        unsigned mask[2];
                        for (unsigned y = 0; y < 2; y++) {
                            uint64_t row = (uint64_t)tr * 16 + wb * 2 + y, byte = row * n_floats * 4 + (uint64_t)tc * 64;
                            addr[y] = r->base + byte;
                            mask[y] = 3u << ((byte & 127) / 32);
                        }
                        emit_lines(c, c->first_sm + j, w, k == 3, addr, mask, 2);
                        n++;
                    }
                }
            }
}

typedef void (*gen_fn)(gen_ctx *);
static const struct {
    const char *name;
    gen_fn fn;
    const char *regions[3];
} patterns[] = {
    {"stream", gen_stream, {"kmeans", NULL, NULL}},
    {"stencil", gen_stencil, {"hotspot_temp", "hotspot_power", NULL}},
    {"mapreduce", gen_mapreduce, {"lud", NULL, NULL}},
    {"graph", gen_graph, {"bfs65536_nodes", "bfs65536_edges", "bfs65536_cost"}},
    {"partial", gen_partial, {"fashion_mnist", NULL, NULL}},
};
#define NPATTERNS (sizeof patterns / sizeof patterns[0])

/* Patterns outside the mix (the mix, the default workload, stays as it was). */
static const struct {
    const char *name;
    gen_fn fn;
    const char *regions[3];
} extra_patterns[] = {
    {"atax", gen_atax, {NULL, NULL, NULL}},
    {"lud", gen_lud, {"lud", NULL, NULL}},
};
#define NEXTRA (sizeof extra_patterns / sizeof extra_patterns[0])

bool tracegen_known(const char *pattern) {
    if (strcmp(pattern, "mix") == 0) return true;
    for (unsigned p = 0; p < NPATTERNS; p++)
        if (strcmp(pattern, patterns[p].name) == 0) return true;
    for (unsigned p = 0; p < NEXTRA; p++)
        if (strcmp(pattern, extra_patterns[p].name) == 0) return true;
    return false;
}

const char *tracegen_patterns(void) { return "stream | stencil | mapreduce | graph | partial | mix | atax | lud"; }

static bool has_regions(const mem_image *img, unsigned p, char *err, size_t len) {
    for (unsigned i = 0; i < 3 && patterns[p].regions[i]; i++)
        if (!memimg_find(img, patterns[p].regions[i])) {
            snprintf(err, len, "pattern %s needs a data file whose name contains '%s'", patterns[p].name,
                     patterns[p].regions[i]);
            return false;
        }
    return true;
}

static bool tracegen_run(const char *pattern, gen_ctx *c, char *err, size_t err_len);

bool tracegen(const char *pattern, const sim_config *cfg, const mem_image *img, unsigned per_warp, trace_t *out,
              char *err, size_t err_len) {
    gen_ctx c = {cfg, img, out, per_warp, 0, cfg->sms, calloc((size_t)cfg->sms * cfg->warps_per_sm, sizeof(warp_gen))};
    if (!c.wg) {
        snprintf(err, err_len, "out of memory (generator)");
        return false;
    }
    bool ok = tracegen_run(pattern, &c, err, err_len);
    free(c.wg);
    return ok;
}

static bool tracegen_run(const char *pattern, gen_ctx *cp, char *err, size_t err_len) {
    gen_ctx c = *cp;
    const sim_config *cfg = c.cfg;
    const mem_image *img = c.img;
    if (strcmp(pattern, "mix") == 0) {
        if (cfg->sms < NPATTERNS) {
            snprintf(err, err_len, "pattern mix needs at least %zu SMs", (size_t)NPATTERNS);
            return false;
        }
        for (unsigned p = 0; p < NPATTERNS; p++) {
            if (!has_regions(img, p, err, err_len)) return false;
            c.first_sm = p * cfg->sms / (unsigned)NPATTERNS;
            c.sms = (p + 1) * cfg->sms / (unsigned)NPATTERNS - c.first_sm;
            patterns[p].fn(&c);
        }
        return true;
    }
    for (unsigned p = 0; p < NPATTERNS; p++)
        if (strcmp(pattern, patterns[p].name) == 0) {
            if (!has_regions(img, p, err, err_len)) return false;
            patterns[p].fn(&c);
            return true;
        }
    for (unsigned p = 0; p < NEXTRA; p++)
        if (strcmp(pattern, extra_patterns[p].name) == 0) {
            for (unsigned i = 0; i < 3 && extra_patterns[p].regions[i]; i++)
                if (!memimg_find(img, extra_patterns[p].regions[i])) {
                    snprintf(err, err_len, "pattern %s needs a data file whose name contains '%s'", pattern,
                             extra_patterns[p].regions[i]);
                    return false;
                }
            extra_patterns[p].fn(&c);
            return true;
        }
    snprintf(err, err_len, "unknown pattern '%s' (%s)", pattern, tracegen_patterns());
    return false;
}
