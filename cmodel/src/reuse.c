/* Reuse-distance analysis (docs/ba.md section 6). Traces are read by the tools' one trace parser
 * (sim/trace/trace.c), which hands the accesses over through reuse_trace_push. */
#include "reuse.h"

#include <stdlib.h>
#include <string.h>

/* ---- trace storage ------------------------------------------------------------------------ */

void reuse_trace_init(reuse_trace *t) {
    memset(t, 0, sizeof *t);
}

void reuse_trace_free(reuse_trace *t) {
    free(t->line);
    free(t->write);
    reuse_trace_init(t);
}

bool reuse_trace_push(reuse_trace *t, uint64_t line_addr, bool write) {
    if (t->count == t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 1024;
        uint64_t *l = realloc(t->line, cap * sizeof *l);
        if (l == NULL) {
            return false;
        }
        t->line = l;
        uint8_t *w = realloc(t->write, cap);
        if (w == NULL) {
            return false;
        }
        t->write = w;
        t->cap = cap;
    }
    t->line[t->count] = line_addr;
    t->write[t->count] = write ? 1 : 0;
    t->count++;
    return true;
}

/* ---- reuse distance ----------------------------------------------------------------------- */

unsigned reuse_bins(uint64_t lines, uint64_t bin_lo[REUSE_MAX_BINS]) {
    unsigned n = 0;
    bin_lo[n++] = 0;
    for (uint64_t b = 8; b < lines && n < REUSE_MAX_BINS - 2; b *= 2) {
        bin_lo[n++] = b;
    }
    if (lines > 0) {
        bin_lo[n++] = lines;
    }
    bin_lo[n++] = REUSE_INF;
    return n;
}

unsigned reuse_bin_of(const reuse_report *r, uint64_t d) {
    unsigned i = 0;
    while (i + 1 < r->bins && d >= r->bin_lo[i + 1]) {
        i++;
    }
    return i;
}

/* Fenwick tree of 0/1 marks over positions 0..n-1. */
typedef struct {
    uint32_t *t;
    size_t n;
} fenwick;

static void fen_add(fenwick *f, size_t i, int32_t v) {
    for (i++; i <= f->n; i += i & (~i + 1)) {
        f->t[i - 1] = (uint32_t)((int32_t)f->t[i - 1] + v);
    }
}

/* Marks in positions 0..i-1. */
static uint64_t fen_prefix(const fenwick *f, size_t i) {
    uint64_t s = 0;
    for (; i > 0; i -= i & (~i + 1)) {
        s += f->t[i - 1];
    }
    return s;
}

/* Line -> latest access (global position and position within its set), open addressing. */
typedef struct {
    uint64_t key;
    uint64_t last_global;   /* position + 1; 0 = empty slot */
    uint64_t last_local;
} slot;

static uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static slot *find_slot(slot *tab, size_t mask, uint64_t key) {
    size_t i = (size_t)mix64(key) & mask;
    while (tab[i].last_global != 0 && tab[i].key != key) {
        i = (i + 1) & mask;
    }
    return &tab[i];
}

static unsigned classify(uint64_t d, uint64_t n) {
    return d == REUSE_INF ? 2u : (d < n ? 0u : 1u);
}

np_result reuse_analyze(const uint64_t *line, size_t n, unsigned sets, unsigned ways,
                        reuse_report *r, uint64_t *dist_set, uint64_t *dist_fa) {
    return reuse_analyze_progress(line, n, sets, ways, r, dist_set, dist_fa, NULL, NULL);
}

np_result reuse_analyze_progress(const uint64_t *line, size_t n, unsigned sets, unsigned ways,
                                 reuse_report *r, uint64_t *dist_set, uint64_t *dist_fa,
                                 reuse_progress_fn progress, void *ctx) {
    if (r == NULL || (line == NULL && n > 0) || sets == 0 || (sets & (sets - 1u)) != 0 ||
        ways == 0 || (uint64_t)sets * ways > UINT32_MAX || n >= UINT32_MAX) {
        return NP_BAD_PARAM;
    }
    memset(r, 0, sizeof *r);
    r->sets = sets;
    r->ways = ways;
    const uint64_t lines = (uint64_t)sets * ways;
    r->bins = reuse_bins(lines, r->bin_lo);

    /* Per-set segments of the position space: set s owns [offset[s], offset[s] + count[s]). */
    size_t *offset = calloc((size_t)sets + 1, sizeof *offset);
    size_t *local = calloc((size_t)sets, sizeof *local);
    size_t cap = 16;
    while (cap < 2 * n) {
        cap *= 2;
    }
    slot *tab = calloc(cap, sizeof *tab);
    fenwick fa = {calloc(n ? n : 1, sizeof(uint32_t)), n};
    fenwick ps = {calloc(n ? n : 1, sizeof(uint32_t)), n};
    np_result res = NP_OK;
    if (offset == NULL || local == NULL || tab == NULL || fa.t == NULL || ps.t == NULL) {
        res = NP_NO_SPACE;
        goto out;
    }
    const uint64_t set_mask = sets - 1u;
    for (size_t i = 0; i < n; i++) {
        offset[(line[i] & set_mask) + 1]++;
    }
    for (unsigned s = 0; s < sets; s++) {
        offset[s + 1] += offset[s];
    }
    for (size_t i = 0; i < n; i++) {
        if (progress != NULL && i % REUSE_PROGRESS_EVERY == 0) progress(ctx, i, n);
        const unsigned s = (unsigned)(line[i] & set_mask);
        const size_t here_local = offset[s] + local[s]++;
        slot *e = find_slot(tab, cap - 1, line[i]);
        uint64_t d_fa = REUSE_INF, d_set = REUSE_INF;
        if (e->last_global != 0) {
            const size_t prev = (size_t)(e->last_global - 1), prev_local = (size_t)e->last_local;
            d_fa = fen_prefix(&fa, i) - fen_prefix(&fa, prev + 1);
            d_set = fen_prefix(&ps, here_local) - fen_prefix(&ps, prev_local + 1);
            fen_add(&fa, prev, -1);
            fen_add(&ps, prev_local, -1);
        } else {
            e->key = line[i];
            r->distinct++;
        }
        e->last_global = i + 1;
        e->last_local = here_local;
        fen_add(&fa, i, 1);
        fen_add(&ps, here_local, 1);
        r->rd_set[classify(d_set, ways)]++;
        r->rd_fa[classify(d_fa, lines)]++;
        r->hist[reuse_bin_of(r, d_fa)]++;
        if (dist_set != NULL) dist_set[i] = d_set;
        if (dist_fa != NULL) dist_fa[i] = d_fa;
    }
    r->accesses = n;
out:
    free(offset);
    free(local);
    free(tab);
    free(fa.t);
    free(ps.t);
    return res;
}
