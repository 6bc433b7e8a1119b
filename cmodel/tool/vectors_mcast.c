/* Multicast RC golden vectors (docs/mcast.md section 9, docs/vectors.md). The generator only
 * chooses inputs (router position, XY/YX, destination set); every expected output is computed
 * by the C model when the file is written (mcast_split, mcast_lookahead). Patterns per router:
 * empty, all, single (the router itself, each neighbour, each corner), the router's row and
 * column and one other row and column, the four mesh quadrants and the four quadrants around
 * the router; then fixed-seed random sets. The lookahead file takes a subset (its vectors are
 * 3.5 times wider). */
#include "vectors_mcast.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hexvec.h"
#include "mcast.h"
#include "prng.h"

#define K 8u                      /* the RTL's default mesh side (docs/mcast.md 6) */
#define NODES (K * K)
#define COORD_BITS 3u
#define RC_BITS (2u * COORD_BITS + 1u + NODES + MCAST_MESH_PORTS + MCAST_MESH_PORTS * NODES)
#define NEXT_PORTS 4u             /* XPOS, XNEG, YPOS, YNEG */
#define LA_BITS (2u * COORD_BITS + 1u + NODES + NEXT_PORTS * MCAST_MESH_PORTS * (1u + NODES))
#define RANDOM_VECTORS 128u
#define NAME_LEN 64u

typedef struct {
    char name[NAME_LEN];
    unsigned x, y;
    mcast_order order;
    uint64_t dests;               /* bit n = node n (K = 8: 64 nodes) */
} rc_vec;

typedef struct {
    rc_vec *v;
    size_t n, cap;
    bool failed;
} vec_list;

static void add(vec_list *l, unsigned x, unsigned y, mcast_order order, uint64_t dests,
                const char *pattern) {
    if (l->failed) return;
    if (l->n == l->cap) {
        size_t cap = l->cap ? 2u * l->cap : 1024u;
        rc_vec *grown = realloc(l->v, cap * sizeof *grown);
        if (grown == NULL) {
            cli_fail("vectors: mcast: out of memory");
            l->failed = true;
            return;
        }
        l->v = grown;
        l->cap = cap;
    }
    rc_vec *v = &l->v[l->n++];
    snprintf(v->name, sizeof v->name, "%s_x%u_y%u_%s", order == MCAST_XY ? "xy" : "yx", x, y, pattern);
    v->x = x;
    v->y = y;
    v->order = order;
    v->dests = dests;
}

static uint64_t node_bit(unsigned x, unsigned y) { return UINT64_C(1) << (y * K + x); }

static uint64_t row_set(unsigned y) { return UINT64_C(0xFF) << (8u * y); }

static uint64_t column_set(unsigned x) { return UINT64_C(0x0101010101010101) << x; }

/* Nodes whose column and row satisfy the two predicates (-1: less, 0: any, +1: greater than
 * the given coordinate). */
static uint64_t region_set(unsigned cx, unsigned cy, int sx, int sy) {
    uint64_t s = 0;
    for (unsigned y = 0; y < K; y++) {
        for (unsigned x = 0; x < K; x++) {
            bool okx = sx == 0 || (sx > 0 ? x > cx : x < cx);
            bool oky = sy == 0 || (sy > 0 ? y > cy : y < cy);
            if (okx && oky) s |= node_bit(x, y);
        }
    }
    return s;
}

static uint64_t mesh_quadrant(unsigned qx, unsigned qy) {
    uint64_t s = 0;
    for (unsigned y = qy * K / 2u; y < (qy + 1u) * K / 2u; y++)
        for (unsigned x = qx * K / 2u; x < (qx + 1u) * K / 2u; x++) s |= node_bit(x, y);
    return s;
}

static void rc_patterns(vec_list *l, unsigned x, unsigned y, mcast_order o) {
    static const char *const kNeighbour[] = {"east", "west", "south", "north"};
    static const int kDx[] = {1, -1, 0, 0}, kDy[] = {0, 0, 1, -1};
    static const char *const kQuad[] = {"ne", "nw", "se", "sw"};
    static const int kQx[] = {1, -1, 1, -1}, kQy[] = {-1, -1, 1, 1};
    char name[NAME_LEN];
    add(l, x, y, o, 0, "empty");
    add(l, x, y, o, ~UINT64_C(0), "all");
    add(l, x, y, o, node_bit(x, y), "single_self");
    for (unsigned i = 0; i < 4; i++) {
        int nx = (int)x + kDx[i], ny = (int)y + kDy[i];
        if (nx < 0 || ny < 0 || nx >= (int)K || ny >= (int)K) continue;
        snprintf(name, sizeof name, "single_%s", kNeighbour[i]);
        add(l, x, y, o, node_bit((unsigned)nx, (unsigned)ny), name);
    }
    for (unsigned i = 0; i < 4; i++) {
        unsigned cx = (i & 1u) ? K - 1u : 0u, cy = (i & 2u) ? K - 1u : 0u;
        snprintf(name, sizeof name, "single_corner_%u_%u", cx, cy);
        add(l, x, y, o, node_bit(cx, cy), name);
    }
    add(l, x, y, o, row_set(y), "own_row");
    add(l, x, y, o, column_set(x), "own_column");
    snprintf(name, sizeof name, "row_%u", (y + 3u) % K);
    add(l, x, y, o, row_set((y + 3u) % K), name);
    snprintf(name, sizeof name, "column_%u", (x + 5u) % K);
    add(l, x, y, o, column_set((x + 5u) % K), name);
    for (unsigned q = 0; q < 4; q++) {
        snprintf(name, sizeof name, "mesh_quadrant_%u_%u", q & 1u, q >> 1);
        add(l, x, y, o, mesh_quadrant(q & 1u, q >> 1), name);
    }
    for (unsigned q = 0; q < 4; q++) {
        snprintf(name, sizeof name, "router_quadrant_%s", kQuad[q]);
        add(l, x, y, o, region_set(x, y, kQx[q], kQy[q]), name);
    }
}

static void lookahead_patterns(vec_list *l, unsigned x, unsigned y, mcast_order o) {
    static const char *const kQuad[] = {"ne", "nw", "se", "sw"};
    static const int kQx[] = {1, -1, 1, -1}, kQy[] = {-1, -1, 1, 1};
    char name[NAME_LEN];
    add(l, x, y, o, ~UINT64_C(0), "all");
    add(l, x, y, o, row_set(y), "own_row");
    add(l, x, y, o, column_set(x), "own_column");
    for (unsigned q = 0; q < 4; q++) {
        snprintf(name, sizeof name, "router_quadrant_%s", kQuad[q]);
        add(l, x, y, o, region_set(x, y, kQx[q], kQy[q]), name);
    }
}

/* Random sets of varied density (1 in 64 .. 63 in 64) at random positions and orders. */
static void random_patterns(vec_list *l, uint64_t seed, unsigned count) {
    prng rng;
    prng_seed(&rng, seed);
    char name[NAME_LEN];
    for (unsigned i = 0; i < count; i++) {
        unsigned x = (unsigned)prng_below(&rng, K), y = (unsigned)prng_below(&rng, K);
        mcast_order o = (mcast_order)prng_below(&rng, 2);
        unsigned density = 1u + (unsigned)prng_below(&rng, 63);  /* out of 64 */
        uint64_t s = 0;
        for (unsigned n = 0; n < NODES; n++)
            if (prng_below(&rng, 64) < density) s |= UINT64_C(1) << n;
        snprintf(name, sizeof name, "random_%u_density_%u_of_64", i, density);
        add(l, x, y, o, s, name);
    }
}

static void to_set(uint64_t bits, mcast_set *s) {
    mcast_set_clear(s);
    s->w[0] = bits;
}

/* Appends the N-bit subsets of `sets` (count of them, first one least significant) as one
 * field: bit (i*NODES + n) = node n of sets[i]. */
static void field_sets(hexvec *hv, const mcast_set *sets, unsigned count) {
    uint8_t bytes[NEXT_PORTS * MCAST_MESH_PORTS * NODES / 8u];
    for (unsigned i = 0; i < count; i++)
        for (unsigned b = 0; b < NODES / 8u; b++) bytes[i * NODES / 8u + b] = (uint8_t)(sets[i].w[0] >> (8u * b));
    hexvec_field_bytes(hv, bytes, count * NODES);
}

static void field_inputs(hexvec *hv, const rc_vec *v) {
    hexvec_field(hv, v->x, COORD_BITS);
    hexvec_field(hv, v->y, COORD_BITS);
    hexvec_field(hv, (uint64_t)v->order, 1);
    hexvec_field(hv, v->dests, NODES);
}

static bool rc_vector(const rc_vec *v, hexvec *hv) {
    const mcast_mesh m = {K, K};
    mcast_set dests, out[MCAST_MESH_PORTS];
    unsigned mask;
    to_set(v->dests, &dests);
    if (mcast_split(&m, v->y * K + v->x, v->order, &dests, out, &mask) != NP_OK) return false;
    hexvec_init(hv, RC_BITS);
    field_inputs(hv, v);
    hexvec_field(hv, mask, MCAST_MESH_PORTS);
    field_sets(hv, out, MCAST_MESH_PORTS);
    return true;
}

static bool lookahead_vector(const rc_vec *v, hexvec *hv) {
    const mcast_mesh m = {K, K};
    mcast_set dests, out[MCAST_MESH_PORTS][MCAST_MESH_PORTS], rows[NEXT_PORTS * MCAST_MESH_PORTS];
    unsigned mask[MCAST_MESH_PORTS];
    to_set(v->dests, &dests);
    if (mcast_lookahead(&m, v->y * K + v->x, v->order, &dests, out, mask) != NP_OK) return false;
    uint64_t masks = 0;
    for (unsigned p = 0; p < NEXT_PORTS; p++) {
        masks |= (uint64_t)mask[p + 1u] << (p * MCAST_MESH_PORTS);
        for (unsigned q = 0; q < MCAST_MESH_PORTS; q++) rows[p * MCAST_MESH_PORTS + q] = out[p + 1u][q];
    }
    hexvec_init(hv, LA_BITS);
    field_inputs(hv, v);
    hexvec_field(hv, masks, NEXT_PORTS * MCAST_MESH_PORTS);
    field_sets(hv, rows, NEXT_PORTS * MCAST_MESH_PORTS);
    return true;
}

static bool write_file(const char *dir, const char *top, const char *layout, unsigned width,
                       const char *notes, const vec_list *l, bool (*make)(const rc_vec *, hexvec *),
                       const char *command) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.hex", dir, top);
    cli_out out;
    if (!cli_out_open(&out, path)) {
        return false;
    }
    FILE *f = out.f;
    fprintf(f, "// nocpress golden vectors for %s (format: docs/vectors.md)\n", top);
    fprintf(f, "// model: nocpress multicast RC C model (cmodel/src/mcast.c, docs/mcast.md), K = %u\n", K);
    fprintf(f, "// command: %s   (make vectors regenerates; make vectors-check compares)\n", command);
    fprintf(f, "// layout: %s = %u bits, %u hex digits per vector\n", layout, width, (width + 3u) / 4u);
    fprintf(f, "%s", notes);
    fprintf(f, "// count: %zu vectors, each preceded by a comment \"// <index> <name>\"\n", l->n);
    bool ok = true;
    for (size_t i = 0; i < l->n && ok; i++) {
        hexvec hv;
        if (!make(&l->v[i], &hv) || !hexvec_complete(&hv)) {
            cli_fail("vectors: mcast: internal error: vector %s", l->v[i].name);
            ok = false;
            break;
        }
        fprintf(f, "// %zu %s\n", i, l->v[i].name);
        hexvec_print(&hv, f);
    }
    ok = !ferror(f) && ok;
    if (!ok) {
        cli_out_abort(&out);
        cli_fail("error writing '%s'", path);
        return false;
    }
    if (!cli_out_commit(&out)) {
        return false;
    }
    printf("wrote %s (%zu vectors)\n", path, l->n);
    return true;
}

int vectors_mcast_write(const char *dir, const char *command) {
    vec_list rc = {0}, la = {0};
    for (unsigned o = 0; o < 2; o++) {
        for (unsigned y = 0; y < K; y++) {
            for (unsigned x = 0; x < K; x++) {
                rc_patterns(&rc, x, y, (mcast_order)o);
                lookahead_patterns(&la, x, y, (mcast_order)o);
            }
        }
    }
    random_patterns(&rc, UINT64_C(0x6d63617374726331), RANDOM_VECTORS);
    random_patterns(&la, UINT64_C(0x6d636173746c6131), RANDOM_VECTORS / 4u);
    bool ok = !rc.failed && !la.failed;
    ok = ok && write_file(dir, "mcast_rc",
                          "{cur_x[2:0], cur_y[2:0], order, dests[63:0], exp_mask[4:0], exp_dests[319:0]}",
                          RC_BITS,
                          "// exp_dests[p*64 + n]: node n leaves through port p (0 LOCAL, 1 XPOS, 2 XNEG, 3 YPOS, 4 YNEG);\n"
                          "// exp_mask[p] = |exp_dests[p*64 +: 64]. order: 0 XY, 1 YX. Node n = (n % 8, n / 8).\n",
                          &rc, rc_vector, command);
    ok = ok && write_file(dir, "mcast_rc_lookahead",
                          "{cur_x[2:0], cur_y[2:0], order, dests[63:0], exp_mask[19:0], exp_dests[1279:0]}",
                          LA_BITS,
                          "// exp_dests[((p-1)*5 + q)*64 + n]: node n, sent here through port p (1 XPOS .. 4 YNEG),\n"
                          "// leaves the neighbour behind p through its port q (0 LOCAL .. 4 YNEG); exp_mask[(p-1)*5 + q]\n"
                          "// = that subset is not empty.\n",
                          &la, lookahead_vector, command);
    free(rc.v);
    free(la.v);
    return ok ? NP_EXIT_OK : NP_EXIT_FAIL;
}
