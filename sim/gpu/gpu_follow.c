/* The memory image follows a SIMT trace's writes; see gpu_follow.h and docs/sim.md "Memory image". */
#include "gpu/gpu_follow.h"
#include "cli_opts.h"  /* NP_EXIT_* */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/core.h"
#include "gpu/gpu.h"
#include "mem/memlog.h"
#include "mem/memimg.h"

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

/* Every line request of a store or atomic carries its instruction's record (the line it reaches
 * the memory with picks the record's lanes in it). */
static bool store_of_acc_build(gpu_system *g, char *err, size_t err_len) {
    const trace_t *t = g->trace;
    if (!(g->store_of_acc = malloc((t->count ? t->count : 1) * sizeof *g->store_of_acc))) {
        snprintf(err, err_len, "out of memory (store records)");
        return false;
    }
    memset(g->store_of_acc, 0xff, (t->count ? t->count : 1) * sizeof *g->store_of_acc);
    for (size_t i = 0; i < t->nin; i++)
        for (uint32_t k = 0; g->store_of_inst[i] != NO_STORE && k < t->in[i].nacc; k++)
            g->store_of_acc[t->in[i].first_acc + k] = g->store_of_inst[i];
    free(g->store_of_inst);
    g->store_of_inst = NULL;
    return true;
}

/* The lists the order needs: per (SM, port) the requests not yet ordered, per port the open
 * reads, per image line how many open reads hold it. */
static bool order_lists_build(gpu_system *g, char *err, size_t err_len) {
    size_t pairs = (size_t)g->nsm * g->nmc;
    g->fifo_head = malloc(pairs * sizeof *g->fifo_head);
    g->fifo_tail = malloc(pairs * sizeof *g->fifo_tail);
    g->open_head = malloc(g->nmc * sizeof *g->open_head);
    g->open_count = calloc(g->own_img.size / 128u, sizeof *g->open_count);
    if (!g->fifo_head || !g->fifo_tail || !g->open_head || !g->open_count) {
        snprintf(err, err_len, "out of memory (the memory's order of requests)");
        return false;
    }
    memset(g->fifo_head, 0xff, pairs * sizeof *g->fifo_head);
    memset(g->fifo_tail, 0xff, pairs * sizeof *g->fifo_tail);
    memset(g->open_head, 0xff, g->nmc * sizeof *g->open_head);
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
        bool atomic = op == OP_LD && t->in[idx].atomic;
        if (op != OP_ST && !atomic && !(op == OP_OTHER && s->mask == 0)) {   /* no lane: issued as OTHER */
            ok = map_fail(g, s, i, "is not a global store or atomic of the trace", err, err_len);
            break;
        }
        if (g->store_of_inst[idx] != NO_STORE) ok = map_fail(g, s, i, "repeats an earlier record's instruction", err, err_len);
        g->store_of_inst[idx] = (uint32_t)i;
    }
    free(keys);
    free(lists.start);
    free(lists.inst);
    return ok && store_of_acc_build(g, err, err_len) && order_lists_build(g, err, err_len);
}

static uint64_t image_line_of(const gpu_system *g, uint64_t line) { return line % (g->own_img.size / 128u); }

static uint8_t *snap_of(const gpu_system *g, uint32_t id) { return g->snap + (size_t)id * 128u; }

/* Every open read of `line` (all of them with all_lines) keeps the line as it is now, unless it
 * kept it already: the image is about to change under it. */
static void keep_open_reads(gpu_system *g, unsigned port, bool all_lines, uint64_t line) {
    for (uint32_t id = g->open_head[port]; id != GPU_NONE; id = g->txn[id].link_next) {
        txn_t *t = &g->txn[id];
        if ((t->follow & FOLLOW_KEPT) || (!all_lines && t->line != line)) continue;
        memcpy(snap_of(g, id), memimg_line(&g->own_img, image_line_of(g, t->line)), 128);
        t->follow |= FOLLOW_KEPT;
        g->st.follow_snapshots++;
    }
}

static void observe(gpu_system *g, bool store, unsigned sm, uint64_t line, uint64_t sent, uint64_t ordered,
                    const uint8_t *data) {
    gpu_mem_event e = {store, g->launch, sm, line, sent, ordered, data};
    g->reply_observer(g->reply_observer_ctx, &e);
}

/* Record r's lanes in `line` enter the image (a record of an earlier launch is in it already: the
 * launch boundary replayed every store of that launch). */
static void apply_line(gpu_system *g, uint32_t r, uint64_t line, unsigned sm, uint64_t sent) {
    g->st.stores_followed++;
    if (memlog_store_at(g->follow, r)->launch < g->img_launch) return;
    uint64_t il = image_line_of(g, line);
    if (g->open_count[il]) keep_open_reads(g, gpu_port_of_line(&g->cfg, line), false, line);
    memlog_apply_store_line(g->follow, &g->own_img, r, line, line_changed, g);
    if (g->reply_observer) observe(g, true, sm, line, sent, g->now, memimg_line(&g->own_img, il));
}

void follow_launch(gpu_system *g, unsigned k) {
    if (!g->follow || (g->img_launch >= k && k)) return;
    if (g->img_launch < k && g->open_head)       /* (before follow_map: no request yet) */
        for (unsigned p = 0; p < g->nmc; p++) keep_open_reads(g, p, true, 0);   /* rare: a fill still on its way */
    for (; g->img_launch < k; g->img_launch++)
        memlog_enter_launch(g->follow, &g->own_img, g->img_launch + 1, line_changed, g);
    if (!g->cfg.follow_check || k >= memlog_launches(g->follow)) return;
    uint32_t got = 0, want = 0;
    if (!memlog_launch_crc(g->follow, &g->own_img, k, &got, &want)) {
        fprintf(stderr, "npsim: internal error: follow_check: at launch %u's start the image's CRC-32 is 0x%08x, the "
                "runtime's memory 0x%08x\n", k + 1, got, want);
        exit(NP_EXIT_FAIL);
    }
    g->st.follow_checked++;
}

static uint32_t *fifo_head_of(gpu_system *g, const txn_t *t) { return &g->fifo_head[(size_t)t->sm * g->nmc + t->mc]; }
static uint32_t *fifo_tail_of(gpu_system *g, const txn_t *t) { return &g->fifo_tail[(size_t)t->sm * g->nmc + t->mc]; }

void follow_sent(gpu_system *g, uint32_t id, const trace_access *a) {
    txn_t *t = &g->txn[id];
    const trace_t *tr = g->trace;
    t->follow = FOLLOW_FIFO;
    if (a >= tr->a && a < tr->a + tr->count && g->store_of_acc[a - tr->a] != NO_STORE) {
        t->follow |= FOLLOW_STORE;
        t->store = g->store_of_acc[a - tr->a];
    }
    uint32_t *tail = fifo_tail_of(g, t);
    t->link_prev = *tail;
    t->link_next = GPU_NONE;
    if (*tail == GPU_NONE) *fifo_head_of(g, t) = id;
    else g->txn[*tail].link_next = id;
    *tail = id;
}

static void fifo_unlink(gpu_system *g, uint32_t id) {
    txn_t *t = &g->txn[id];
    if (t->link_prev == GPU_NONE) *fifo_head_of(g, t) = t->link_next;
    else g->txn[t->link_prev].link_next = t->link_next;
    if (t->link_next == GPU_NONE) *fifo_tail_of(g, t) = t->link_prev;
    else g->txn[t->link_next].link_prev = t->link_prev;
    t->follow &= (uint8_t)~FOLLOW_FIFO;
}

/* The memory orders one request: a read is open from now (its reply carries the line as it is
 * now), then a store's (or an atomic's) lanes enter the image, so an atomic's own reply carries
 * the line before it (the value it returns is the old one). */
static void order_one(gpu_system *g, uint32_t id) {
    fifo_unlink(g, id);
    txn_t *t = &g->txn[id];
    t->t_ordered = g->now;
    if (!t->write) {
        t->link_prev = GPU_NONE;
        t->link_next = g->open_head[t->mc];
        if (t->link_next != GPU_NONE) g->txn[t->link_next].link_prev = id;
        g->open_head[t->mc] = id;
        t->follow |= FOLLOW_OPEN;
        g->open_count[image_line_of(g, t->line)]++;
    }
    if (t->follow & FOLLOW_STORE) apply_line(g, t->store, t->line, t->sm, t->t_issue);
}

void follow_ordered(gpu_system *g, uint32_t id) {
    if (!g->follow || !(g->txn[id].follow & FOLLOW_FIFO)) return;
    /* its SM's earlier requests for the line that it overtook on the way are ordered first */
    uint32_t e = *fifo_head_of(g, &g->txn[id]);
    while (e != id && e != GPU_NONE) {
        uint32_t next = g->txn[e].link_next;
        if (g->txn[e].line == g->txn[id].line) {
            order_one(g, e);
            g->st.follow_early++;
        }
        e = next;
    }
    order_one(g, id);
}

const uint8_t *follow_read_line(const gpu_system *g, uint32_t id, bool *kept) {
    const txn_t *t = &g->txn[id];
    *kept = g->follow && (t->follow & FOLLOW_KEPT);
    return *kept ? snap_of(g, id) : memimg_line(g->img, t->line % (g->img->size / 128u));
}

void follow_group_member(gpu_system *g, uint32_t carrier, uint32_t member) {
    if (!g->follow || carrier == member) return;
    txn_t *m = &g->txn[member];
    if (g->txn[carrier].follow & FOLLOW_KEPT) {
        memcpy(snap_of(g, member), snap_of(g, carrier), 128);
        m->follow |= FOLLOW_KEPT;
    } else {
        m->follow &= (uint8_t)~FOLLOW_KEPT;
    }
}

void follow_freed(gpu_system *g, uint32_t id) {
    txn_t *t = &g->txn[id];
    if (t->follow & FOLLOW_FIFO) fifo_unlink(g, id);   /* not reached: every request is ordered before it is freed */
    if (!(t->follow & FOLLOW_OPEN)) return;
    if (t->link_prev == GPU_NONE) g->open_head[t->mc] = t->link_next;
    else g->txn[t->link_prev].link_next = t->link_next;
    if (t->link_next != GPU_NONE) g->txn[t->link_next].link_prev = t->link_prev;
    g->open_count[image_line_of(g, t->line)]--;
    t->follow = 0;
}

bool follow_grow(gpu_system *g, uint32_t cap) {
    uint8_t *grown = realloc(g->snap, (size_t)cap * 128u);
    if (!grown) return false;
    g->snap = grown;
    return true;
}

void follow_free(gpu_system *g) {
    if (!g->follow) return;
    free(g->own_img.data);
    free(g->store_of_inst);
    g->store_of_inst = NULL;
    free(g->store_of_acc);
    g->store_of_acc = NULL;
    free(g->fifo_head);
    free(g->fifo_tail);
    free(g->open_head);
    free(g->open_count);
    free(g->snap);
    g->snap = NULL;
    g->follow = NULL;
}
