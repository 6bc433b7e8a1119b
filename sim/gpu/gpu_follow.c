/* The memory image follows a SIMT trace's writes; see gpu_follow.h and docs/sim.md "Memory image". */
#include "gpu/gpu_follow.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/core.h"
#include "gpu/gpu.h"
#include "mem/memlog.h"

#define NO_STORE UINT32_MAX

/* A changed line's memoised compressed sizes (reply path and compressed L1) are stale. */
static void line_changed(void *ctx, uint64_t image_line) {
    gpu_system *g = ctx;
    g->bits_memo[image_line] = 0;
    for (unsigned m = 0; m < LATTE_MODES; m++)
        if (g->l1c.bits_memo[m]) g->l1c.bits_memo[m][image_line] = 0;
}

bool follow_init(gpu_system *g, char *err, size_t err_len) {
    const mem_image *img = g->img;
    if (!img->log) return true;
    if (g->cfg.l1_compression_check) {
        snprintf(err, err_len, "config: l1_compression_check compares L1 lines with the memory image, which follows "
                 "the stores of %s here: run the check on a trace without a memory log", memlog_path(img->log));
        return false;
    }
    g->own_img = *img;
    if (!(g->own_img.data = malloc(img->size))) {
        snprintf(err, err_len, "out of memory (the run's copy of the %llu-byte memory image)",
                 (unsigned long long)img->size);
        return false;
    }
    memcpy(g->own_img.data, img->data, img->size);
    g->follow = img->log;
    g->img = &g->own_img;
    return true;
}

typedef struct {
    uint32_t launch, x, y, z, blk;
} block_key;

static int key_order(const void *a, const void *b) {
    const block_key *p = a, *q = b;
    if (p->launch != q->launch) return p->launch < q->launch ? -1 : 1;
    if (p->z != q->z) return p->z < q->z ? -1 : 1;
    if (p->y != q->y) return p->y < q->y ? -1 : 1;
    return p->x < q->x ? -1 : p->x > q->x;
}

static bool map_fail(const gpu_system *g, const memlog_store *s, size_t i, const char *why, char *err, size_t len) {
    snprintf(err, len, "%s: byte %llu: store record %zu (launch %u, block (%u,%u,%u), warp %u, instruction %u) %s",
             memlog_path(g->follow), (unsigned long long)s->at, i + 1, s->launch + 1, s->block[0], s->block[1],
             s->block[2], s->warp, s->index + 1, why);
    return false;
}

/* core = none has no core model to ask for a warp's instructions: the trace's own, per (SM, warp) in
 * trace order (the importer gives every warp of every block its own pair), as CSR arrays. */
typedef struct {
    uint32_t *start, *inst;   /* [sms x warps + 1], [nin] */
    unsigned warps;
} warp_lists;

static bool warp_lists_build(const gpu_system *g, warp_lists *l) {
    const trace_t *t = g->trace;
    size_t slots = (size_t)g->nsm * g->cfg.warps_per_sm;
    l->warps = g->cfg.warps_per_sm;
    l->start = calloc(slots + 1, sizeof *l->start);
    l->inst = malloc((t->nin ? t->nin : 1) * sizeof *l->inst);
    if (!l->start || !l->inst) return false;
    for (size_t i = 0; i < t->nin; i++) l->start[(size_t)t->in[i].sm * l->warps + t->in[i].warp + 1]++;
    for (size_t k = 0; k < slots; k++) l->start[k + 1] += l->start[k];
    uint32_t *fill = malloc((slots ? slots : 1) * sizeof *fill);
    if (!fill) return false;
    memcpy(fill, l->start, slots * sizeof *fill);
    for (size_t i = 0; i < t->nin; i++) l->inst[fill[(size_t)t->in[i].sm * l->warps + t->in[i].warp]++] = (uint32_t)i;
    free(fill);
    return true;
}

static uint32_t warp_lists_inst(const gpu_system *g, const warp_lists *l, unsigned sm, unsigned warp, uint32_t index) {
    if (sm >= g->nsm || warp >= l->warps) return NO_STORE;
    size_t k = (size_t)sm * l->warps + warp;
    return index < l->start[k + 1] - l->start[k] ? l->inst[l->start[k] + index] : NO_STORE;
}

/* core = none issues line requests, not instructions: a store's (or atomic's) values enter the image
 * when its first line request issues. */
static bool store_of_acc_build(gpu_system *g, char *err, size_t err_len) {
    const trace_t *t = g->trace;
    if (!(g->store_of_acc = malloc((t->count ? t->count : 1) * sizeof *g->store_of_acc))) {
        snprintf(err, err_len, "out of memory (store records)");
        return false;
    }
    memset(g->store_of_acc, 0xff, (t->count ? t->count : 1) * sizeof *g->store_of_acc);
    for (size_t i = 0; i < t->nin; i++)
        if (g->store_of_inst[i] != NO_STORE && t->in[i].nacc) g->store_of_acc[t->in[i].first_acc] = g->store_of_inst[i];
    free(g->store_of_inst);
    g->store_of_inst = NULL;
    return true;
}

bool follow_map(gpu_system *g, char *err, size_t err_len) {
    if (!g->follow) return true;
    const trace_t *t = g->trace;
    bool core_none = g->cfg.core != CORE_SM;
    warp_lists lists = {0};
    if (core_none) {
        g->nlaunch = 1;                               /* core = none runs single-launch traces (gpu_run) */
        if (!warp_lists_build(g, &lists)) {
            free(lists.start);
            free(lists.inst);
            snprintf(err, err_len, "out of memory (warp instruction lists)");
            return false;
        }
    }
    if (memlog_launches(g->follow) < g->nlaunch) {   /* fewer: the trace lists the first launches (kernel:NAME@1) */
        snprintf(err, err_len, "%s has %u kernel launches, the trace %u: they are not one application's",
                 memlog_path(g->follow), memlog_launches(g->follow), g->nlaunch);
        return false;
    }
    block_key *keys = malloc((t->nblk ? t->nblk : 1) * sizeof *keys);
    g->store_of_inst = malloc((t->nin ? t->nin : 1) * sizeof *g->store_of_inst);
    if (!keys || !g->store_of_inst) {
        free(keys);
        free(lists.start);
        free(lists.inst);
        snprintf(err, err_len, "out of memory (store records)");
        return false;
    }
    for (size_t b = 0; b < t->nblk; b++)
        keys[b] = (block_key){t->blk[b].launch, t->blk[b].idx[0], t->blk[b].idx[1], t->blk[b].idx[2], (uint32_t)b};
    qsort(keys, t->nblk, sizeof *keys, key_order);
    memset(g->store_of_inst, 0xff, (t->nin ? t->nin : 1) * sizeof *g->store_of_inst);
    bool ok = true;
    for (size_t i = 0; ok && i < memlog_nstores(g->follow); i++) {
        const memlog_store *s = memlog_store_at(g->follow, i);
        if (s->launch >= g->nlaunch) break;          /* records are in launch order */
        block_key want = {s->launch, s->block[0], s->block[1], s->block[2], 0};
        const block_key *k = bsearch(&want, keys, t->nblk, sizeof *keys, key_order);
        if (!k) {
            ok = map_fail(g, s, i, "names a thread block the trace does not have", err, err_len);
            break;
        }
        const trace_block *b = &t->blk[k->blk];
        uint32_t idx = s->warp >= b->nwarps ? NO_STORE
                       : core_none     ? warp_lists_inst(g, &lists, b->sm, b->first_warp + s->warp, s->index)
                                       : core_inst_of(g, b->sm, b->first_warp + s->warp, s->index);
        unsigned op = idx == NO_STORE ? OP_CLASSES : t->in[idx].op;
        if (op != OP_ST && op != OP_LD && !(op == OP_OTHER && s->mask == 0)) {   /* no lane: issued as OTHER */
            ok = map_fail(g, s, i, "is not a global store or atomic of the trace", err, err_len);
            break;
        }
        if (g->store_of_inst[idx] != NO_STORE) ok = map_fail(g, s, i, "repeats an earlier record's instruction", err, err_len);
        g->store_of_inst[idx] = (uint32_t)i;
    }
    free(keys);
    free(lists.start);
    free(lists.inst);
    return ok && core_none ? store_of_acc_build(g, err, err_len) : ok;
}

void follow_launch(gpu_system *g, unsigned k) {
    if (!g->follow) return;
    for (; g->img_launch < k; g->img_launch++)
        memlog_enter_launch(g->follow, &g->own_img, g->img_launch + 1, line_changed, g);
}

void follow_store(gpu_system *g, uint32_t idx) {
    uint32_t r = g->store_of_inst[idx];
    if (r == NO_STORE) return;
    memlog_apply_store(g->follow, &g->own_img, r, line_changed, g);
    g->st.stores_followed++;
}

void follow_access(gpu_system *g, uint32_t acc) {
    uint32_t r = g->store_of_acc[acc];
    if (r == NO_STORE) return;
    memlog_apply_store(g->follow, &g->own_img, r, line_changed, g);
    g->st.stores_followed++;
}

void follow_free(gpu_system *g) {
    if (!g->follow) return;
    free(g->own_img.data);
    free(g->store_of_inst);
    g->store_of_inst = NULL;
    free(g->store_of_acc);
    g->store_of_acc = NULL;
    g->follow = NULL;
}
