/* SM core model; see core.h and docs/sim.md "Core model". */
#include "gpu/core.h"
#include "cli_opts.h"  /* NP_EXIT_*: the exit-status table of every tool */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu.h"
#include "gpu/gpu_follow.h"
#include "gpu/warppool.h"

#define NEVER UINT64_MAX          /* a register whose load has not returned yet */
#define MAX_SCHED 8u

#define NO_SLOT UINT16_MAX
#define NO_WARP UINT32_MAX

typedef struct {                  /* a warp of the trace (its id on the SM: the index) */
    uint32_t *inst;               /* this warp's instructions (indices into trace->in), in order */
    uint32_t count, pos;
    uint64_t ready_at;            /* earliest cycle the instruction at pos may issue */
    uint64_t issued_at;           /* cycle of the last issue (one instruction per warp per cycle) */
    uint8_t cause;                /* STALL_MEMORY or STALL_SCOREBOARD while ready_at > now */
    uint8_t at_barrier, done;
    uint16_t slot;                /* warp slot while its block is resident, else NO_SLOT */
    uint32_t block;
    uint32_t loads;               /* its global loads in flight */
} core_warp;

typedef struct {                  /* a warp slot's registers (the scoreboard) */
    uint64_t reg_at[256];         /* cycle each register's pending value is ready (NEVER: load in flight) */
    uint64_t load_bits[4];        /* registers last written by a global load (stall cause: memory) */
    uint64_t wide_bits[4];        /* registers reserved as the 2nd..Kth of a wide result */
} core_regs;

typedef struct {                  /* a global load in flight: its line requests and registers */
    uint16_t warp, left;
    uint8_t dst, ndst;
    uint64_t done_at;             /* latest completion of its line requests so far */
    uint32_t next_free;
} core_load;

typedef struct {
    uint32_t first, n;            /* warps first .. first + n - 1 */
    uint32_t live, arrived;       /* warps not finished; of them at the barrier */
    uint32_t launch;              /* its kernel launch (trace_block.launch; 0 for a lone warp) */
} core_block;

struct core_sm {
    core_warp *w;                 /* every warp of the trace on this SM, by id */
    unsigned nwarps;
    uint32_t *slot;               /* [warps_per_sm]: the warp in each slot, NO_WARP when free */
    core_regs *regs;              /* [warps_per_sm] */
    unsigned nslots, free_slots;
    core_block *blk;              /* thread blocks in launch order (by kernel launch, then first warp) */
    unsigned nblk, next_blk;      /* blocks launched: 0 .. next_blk - 1 */
    core_load *ld;
    uint32_t ld_cap, ld_free, ld_used;
    /* load/store unit: one global memory instruction at a time, one line request per cycle */
    uint32_t lsu_inst;            /* GPU_NONE when free */
    uint16_t lsu_next, lsu_tag, lsu_warp;
    warppool *pool;               /* warppool_entries > 0: the inter-warp coalescer before the L1 (warppool.h) */
    unsigned sched;
    uint64_t unit_free[MAX_SCHED][LAT_CLASSES];   /* cycle each scheduler's class unit can start again */
    uint32_t last[MAX_SCHED];     /* warp last issued (greedy), NO_WARP: none */
    int last_slot[MAX_SCHED];     /* its slot (round-robin point), -1: none */
    int run_warp[MAX_SCHED];      /* the open schedule (run of issues from one warp) */
    uint64_t run_issues[MAX_SCHED];   /* its issue cycles so far */
    unsigned warps_left;          /* warps with instructions left */
    uint64_t drain_at;            /* last fixed-latency result */
    uint64_t instructions;
    uint64_t last_issue;          /* cycle of the SM's last issue */
};

static const char *const stall_names[STALL_CAUSES] = {"idle", "barrier", "scoreboard", "memory", "structural"};
const char *core_stall_name(unsigned cause) { return cause < STALL_CAUSES ? stall_names[cause] : "?"; }

static inline bool bit_get(const uint64_t b[4], unsigned r) { return b[r >> 6] >> (r & 63) & 1u; }
static inline void bit_put(uint64_t b[4], unsigned r, bool v) {
    if (v) b[r >> 6] |= UINT64_C(1) << (r & 63);
    else b[r >> 6] &= ~(UINT64_C(1) << (r & 63));
}

static unsigned latency_class(unsigned op) {
    return op == OP_SFU ? LAT_SFU : op == OP_OTHER ? LAT_OTHER : LAT_ALU;
}

/* ready_at and cause of warp w's next instruction: after its last issue, and once every source
 * and destination register (RAW, WAW) is written. Counts the delay that only the 2nd..Kth
 * register of a wide result causes (Accel-Sim's MAX_DST 1 scoreboard would not wait for it). */
static void compute_ready(gpu_system *g, struct core_sm *c, core_warp *w) {
    const trace_inst *in = &g->trace->in[w->inst[w->pos]];
    const core_regs *rg = &c->regs[w->slot];
    uint64_t at = w->issued_at + 1, first_only = at;
    unsigned cause = STALL_SCOREBOARD;
    uint64_t best = 0;
    for (unsigned k = 0; k < in->nsrc + in->ndst; k++) {
        unsigned r = k < in->nsrc ? in->src[k] : in->dst + (k - in->nsrc);
        uint64_t t = rg->reg_at[r];
        if (t > best) {
            best = t;
            cause = bit_get(rg->load_bits, r) ? STALL_MEMORY : STALL_SCOREBOARD;
        }
        if (t > at) at = t;
        if (!bit_get(rg->wide_bits, r) && t > first_only) first_only = t;
    }
    if (at > first_only) {
        g->st.wide_waits++;
        if (at != NEVER) g->st.wide_wait_cycles += at - first_only;
    }
    w->ready_at = at;
    w->cause = (uint8_t)cause;
}

/* Make the next blocks resident while their warps fit in the free slots, in launch order, and
 * only blocks of the kernel launch now running (g->launch). A launched warp may issue from
 * `from` on, with every register free. When every warp fits at once each warp keeps its id as
 * its slot (the schedulers see the warps the trace names). */
static void launch_blocks(const gpu_system *g, struct core_sm *c, uint64_t from) {
    bool identity = c->nwarps <= c->nslots;
    while (c->next_blk < c->nblk && c->blk[c->next_blk].launch <= g->launch &&
           c->blk[c->next_blk].n <= c->free_slots) {
        core_block *b = &c->blk[c->next_blk++];
        if (!b->live) continue;                   /* only empty warps: nothing to run */
        unsigned s = 0;
        for (uint32_t w = b->first; w < b->first + b->n; w++) {
            core_warp *cw = &c->w[w];
            if (identity) s = w;
            else
                while (c->slot[s] != NO_WARP) s++;
            c->slot[s] = w;
            c->free_slots--;
            cw->slot = (uint16_t)s;
            memset(&c->regs[s], 0, sizeof c->regs[s]);
            cw->ready_at = from;
            cw->issued_at = from ? from - 1 : 0;
        }
    }
}

/* The running launch's last block retired at `now`: the next launch that has blocks starts on
 * every SM, its warps issuing from now + 1 (as a block that frees slots on its own SM). */
static void launch_drained(gpu_system *g, uint64_t now) {
    do {
        if (g->launch < GPU_LAUNCHES_REPORTED) g->st.launch_end[g->launch] = now;
    } while (++g->launch < g->nlaunch && !g->launch_left[g->launch]);
    follow_launch(g, g->launch);                  /* the image: the application's memory at this launch */
    for (unsigned i = 0; i < g->nsm; i++) launch_blocks(g, g->sm[i].core, now + 1);
}

/* A block whose warps have all finished and have no load in flight leaves its slots. */
static void block_maybe_retire(gpu_system *g, struct core_sm *c, core_block *b, uint64_t now) {
    if (b->live) return;
    for (uint32_t w = b->first; w < b->first + b->n; w++)
        if (c->w[w].loads || c->w[w].slot == NO_SLOT) return;
    for (uint32_t w = b->first; w < b->first + b->n; w++) {
        c->slot[c->w[w].slot] = NO_WARP;
        c->w[w].slot = NO_SLOT;
        c->free_slots++;
    }
    if (--g->launch_left[b->launch] == 0) launch_drained(g, now);
    else launch_blocks(g, c, now + 1);
}

static bool oom(char *err, size_t err_len) {
    snprintf(err, err_len, "out of memory (core model)");
    return false;
}

static int block_order(const void *a, const void *b) {
    const core_block *x = a, *y = b;
    if (x->launch != y->launch) return x->launch < y->launch ? -1 : 1;
    return x->first < y->first ? -1 : x->first > y->first;
}

bool core_build(gpu_system *g, char *err, size_t err_len) {
    const trace_t *t = g->trace;
    unsigned slots = g->cfg.warps_per_sm, sched = g->cfg.schedulers_per_sm;
    if (sched > MAX_SCHED || sched > slots) {
        snprintf(err, err_len, "config: schedulers_per_sm = %u must be at most %u and at most warps_per_sm (%u)", sched,
                 MAX_SCHED, slots);
        return false;
    }
    /* warps per SM: the highest id the trace names there, or warps_per_sm */
    unsigned *nw = calloc(g->nsm, sizeof *nw);
    if (!nw) return oom(err, err_len);
    for (unsigned i = 0; i < g->nsm; i++) nw[i] = slots;
    for (size_t i = 0; i < t->nin; i++)
        if (t->in[i].warp >= nw[t->in[i].sm]) nw[t->in[i].sm] = t->in[i].warp + 1u;
    for (size_t i = 0; i < t->nblk; i++)
        if ((unsigned)t->blk[i].first_warp + t->blk[i].nwarps > nw[t->blk[i].sm])
            nw[t->blk[i].sm] = (unsigned)t->blk[i].first_warp + t->blk[i].nwarps;
    bool ok = true;
    for (unsigned i = 0; ok && i < g->nsm; i++) {
        struct core_sm *c = calloc(1, sizeof *c);
        g->sm[i].core = c;
        if (!c || !(c->w = calloc(nw[i], sizeof *c->w)) || !(c->slot = malloc(slots * sizeof *c->slot)) ||
            !(c->regs = calloc(slots, sizeof *c->regs)) || !(c->blk = calloc(nw[i], sizeof *c->blk))) {
            ok = oom(err, err_len);
            break;
        }
        c->nwarps = nw[i];
        c->nslots = c->free_slots = slots;
        for (unsigned k = 0; k < slots; k++) c->slot[k] = NO_WARP;
        c->sched = sched;
        c->lsu_inst = GPU_NONE;
        c->ld_free = GPU_NONE;
        if (g->cfg.warppool_entries && (!(c->pool = malloc(sizeof *c->pool)) ||
                                        !wp_init(c->pool, g->cfg.warppool_entries))) {
            ok = oom(err, err_len);
            break;
        }
        for (unsigned j = 0; j < MAX_SCHED; j++) {
            c->last[j] = NO_WARP;
            c->last_slot[j] = c->run_warp[j] = -1;
        }
        for (unsigned w = 0; w < nw[i]; w++) {
            c->w[w].slot = NO_SLOT;
            c->w[w].block = UINT32_MAX;
        }
    }
    free(nw);
    if (!ok) return false;
    for (size_t i = 0; i < t->nin; i++) g->sm[t->in[i].sm].core->w[t->in[i].warp].count++;
    for (unsigned i = 0; i < g->nsm; i++) {
        struct core_sm *c = g->sm[i].core;
        for (unsigned w = 0; w < c->nwarps; w++) {
            core_warp *cw = &c->w[w];
            if (!(cw->inst = malloc((cw->count ? cw->count : 1) * sizeof *cw->inst))) return oom(err, err_len);
            if (cw->count) c->warps_left++;
            else cw->done = 1;
            cw->count = 0;
        }
    }
    for (size_t i = 0; i < t->nin; i++) {
        core_warp *cw = &g->sm[t->in[i].sm].core->w[t->in[i].warp];
        cw->inst[cw->count++] = (uint32_t)i;
    }
    /* thread blocks: the trace's, and every other warp a block of its own (launch 0); launched
     * by kernel launch, then in order of their first warp (an Accel-Sim trace numbers its blocks'
     * warps in file order) */
    g->nlaunch = 1;
    for (size_t b = 0; b < t->nblk; b++)
        if (t->blk[b].launch >= g->nlaunch) g->nlaunch = t->blk[b].launch + 1u;
    if (!(g->launch_left = calloc(g->nlaunch, sizeof *g->launch_left))) return oom(err, err_len);
    for (size_t b = 0; b < t->nblk; b++) {
        struct core_sm *c = g->sm[t->blk[b].sm].core;
        c->blk[c->nblk++] = (core_block){t->blk[b].first_warp, t->blk[b].nwarps, 0, 0, t->blk[b].launch};
        for (unsigned w = t->blk[b].first_warp; w < (unsigned)t->blk[b].first_warp + t->blk[b].nwarps; w++)
            c->w[w].block = 0;                         /* marked; the index is set after sorting */
    }
    for (unsigned i = 0; i < g->nsm; i++) {
        struct core_sm *c = g->sm[i].core;
        for (unsigned w = 0; w < c->nwarps; w++)
            if (c->w[w].block == UINT32_MAX && !c->w[w].done) c->blk[c->nblk++] = (core_block){w, 1, 0, 0, 0};
        qsort(c->blk, c->nblk, sizeof *c->blk, block_order);
        for (unsigned b = 0; b < c->nblk; b++) {
            for (uint32_t w = c->blk[b].first; w < c->blk[b].first + c->blk[b].n; w++) {
                c->w[w].block = b;
                if (!c->w[w].done) c->blk[b].live++;
            }
            if (c->blk[b].live) g->launch_left[c->blk[b].launch]++;   /* blocks with work: they retire */
        }
    }
    while (g->launch + 1 < g->nlaunch && !g->launch_left[g->launch]) g->launch++;   /* launches without work */
    follow_launch(g, g->launch);
    for (unsigned i = 0; i < g->nsm; i++) launch_blocks(g, g->sm[i].core, 0);
    return true;
}

uint32_t core_inst_of(const gpu_system *g, unsigned sm, unsigned warp, uint32_t index) {
    if (sm >= g->nsm) return UINT32_MAX;
    const struct core_sm *c = g->sm[sm].core;
    if (warp >= c->nwarps || index >= c->w[warp].count) return UINT32_MAX;
    return c->w[warp].inst[index];
}

void core_free(gpu_system *g) {
    for (unsigned i = 0; g->sm && i < g->nsm; i++) {
        struct core_sm *c = g->sm[i].core;
        if (!c) continue;
        for (unsigned w = 0; c->w && w < c->nwarps; w++) free(c->w[w].inst);
        free(c->w);
        free(c->slot);
        free(c->regs);
        free(c->blk);
        free(c->ld);
        if (c->pool) wp_free(c->pool);
        free(c->pool);
        free(c);
        g->sm[i].core = NULL;
    }
    free(g->launch_left);
    g->launch_left = NULL;
}

bool core_sm_done(const gpu_system *g, const sm_t *s) {
    const struct core_sm *c = s->core;
    return c->warps_left == 0 && c->lsu_inst == GPU_NONE && c->ld_used == 0 && s->unfinished == 0 &&
           (!c->pool || wp_empty(c->pool)) && g->now >= c->drain_at;
}

static uint32_t load_alloc(struct core_sm *c) {
    if (c->ld_free == GPU_NONE) {
        uint32_t old = c->ld_cap, cap = old ? old * 2 : 64;
        if (cap > CORE_TAG_STORE) {             /* tags are 16-bit; 65535 loads in flight in one SM */
            fprintf(stderr, "npsim: more than %u loads in flight in one SM\n", CORE_TAG_STORE);
            exit(NP_EXIT_FAIL);
        }
        core_load *grown = realloc(c->ld, cap * sizeof *grown);
        if (!grown) {
            fprintf(stderr, "npsim: out of memory (core loads)\n");
            exit(NP_EXIT_RESOURCE);
        }
        c->ld = grown;
        for (uint32_t i = old; i < cap; i++) c->ld[i].next_free = i + 1 < cap ? i + 1 : GPU_NONE;
        c->ld_free = old;
        c->ld_cap = cap;
    }
    uint32_t id = c->ld_free;
    c->ld_free = c->ld[id].next_free;
    c->ld_used++;
    return id;
}

/* Every warp of the block that has not finished is at the barrier: release them. */
static void barrier_check(gpu_system *g, struct core_sm *c, core_block *b) {
    if (!b->arrived || b->arrived < b->live) return;
    for (uint32_t w = b->first; w < b->first + b->n; w++) {
        core_warp *cw = &c->w[w];
        if (!cw->at_barrier) continue;
        cw->at_barrier = 0;
        if (cw->ready_at < g->now + 1) cw->ready_at = g->now + 1;
    }
    b->arrived = 0;
    g->st.barriers++;
}

/* One line request of load `tag` has its data at cycle `at`; the last one writes the registers. */
static void load_part_done(gpu_system *g, struct core_sm *c, unsigned tag, uint64_t at) {
    core_load *l = &c->ld[tag];
    if (at > l->done_at) l->done_at = at;
    if (--l->left) return;
    core_warp *cw = &c->w[l->warp];
    core_regs *rg = &c->regs[cw->slot];
    for (unsigned r = l->dst; r < (unsigned)l->dst + l->ndst; r++) rg->reg_at[r] = l->done_at;
    l->next_free = c->ld_free;
    c->ld_free = tag;
    c->ld_used--;
    cw->loads--;
    if (!cw->done && cw->ready_at == NEVER) compute_ready(g, c, cw);
    if (cw->done) block_maybe_retire(g, c, &c->blk[cw->block], g->now);
}

/* Warppool: an L1 access of pool entry e carries the tag CORE_TAG_POOL + e (load tags stay below
 * 32768, load_alloc); its completion completes every request the entry serves. */
#define CORE_TAG_POOL 0x8000u

static void pool_done(gpu_system *g, sm_t *s, uint32_t id, uint64_t at) {
    struct core_sm *c = s->core;
    const wp_entry *e = &c->pool->e[id];
    for (unsigned k = 0; k < e->n; k++) load_part_done(g, c, e->tag[k], at);
    s->unfinished -= e->n - 1u;   /* the L1 completed the entry's access; the merged requests with it */
    wp_release(c->pool, id);
}

void core_access_done(gpu_system *g, sm_t *s, unsigned tag) {
    struct core_sm *c = s->core;
    if (tag == CORE_TAG_STORE) return;
    if (c->pool && tag >= CORE_TAG_POOL) pool_done(g, s, tag - CORE_TAG_POOL, g->now);
    else load_part_done(g, c, tag, g->now);
}

/* Warppool: the oldest waiting entry whose merge delay has passed makes its one L1 access (FIFO
 * selection, seed 003 sec. 5.1); no MSHR for it: it waits, and so does every entry behind it. */
static void pool_step(gpu_system *g, sm_t *s, struct core_sm *c) {
    uint32_t id = wp_ready(c->pool, g->now);
    if (id == WP_NONE) return;
    uint64_t hits = g->st.l1_hits;
    if (!gpu_sm_read(g, s, CORE_TAG_POOL + id, &c->pool->e[id].acc)) {
        g->st.mshr_stalls++;
        return;
    }
    wp_sent(c->pool, id);
    if (g->st.l1_hits != hits) pool_done(g, s, id, g->now + s->hit_cycles);
}

/* The load/store unit sends its instruction's next line request into the L1. */
static void lsu_step(gpu_system *g, sm_t *s, struct core_sm *c) {
    const trace_inst *in = &g->trace->in[c->lsu_inst];
    const trace_access *a = &g->trace->a[in->first_acc + c->lsu_next];
    if (in->op == OP_ST) {
        gpu_sm_write(g, s, c->lsu_tag, a);
    } else {
        if (c->pool && !a->atomic) {              /* Warppool: into the pool, merged or in a new entry (an atomic
                                                     goes to the L2 on its own) */
            if (!wp_insert(c->pool, a, c->lsu_tag, g->now, g->cfg.warppool_delay)) {
                g->st.lsu_mshr_retries++;         /* the pool is full: retry next cycle */
                return;
            }
            g->st.lsu_requests++;
            if (++c->lsu_next == in->nacc) c->lsu_inst = GPU_NONE;
            return;
        }
        uint64_t hits = g->st.l1_hits;
        if (!gpu_sm_read(g, s, c->lsu_tag, a)) {  /* the MSHRs cannot take it: retry next cycle */
            g->st.mshr_stalls++;
            g->st.lsu_mshr_retries++;
            return;
        }
        if (g->st.l1_hits != hits)                /* a hit: the data after the L1 hit latency (and decompression) */
            load_part_done(g, c, c->lsu_tag, g->now + s->hit_cycles);
    }
    g->st.lsu_requests++;
    if (++c->lsu_next == in->nacc) c->lsu_inst = GPU_NONE;
}

/* Issue warp w's next instruction (scheduler j, which saw `ready` warps ready this cycle). */
static void issue(gpu_system *g, sm_t *s, struct core_sm *c, unsigned j, uint32_t w, unsigned ready) {
    core_warp *cw = &c->w[w];
    core_regs *rg = &c->regs[cw->slot];
    uint32_t idx = cw->inst[cw->pos];
    const trace_inst *in = &g->trace->in[idx];
    uint64_t now = g->now;
    switch (in->op) {
    case OP_LD: {
        uint32_t id = load_alloc(c);
        core_load *l = &c->ld[id];
        *l = (core_load){(uint16_t)w, in->nacc, in->dst, in->ndst, now, GPU_NONE};
        cw->loads++;
        for (unsigned r = in->dst; r < (unsigned)in->dst + in->ndst; r++) {
            rg->reg_at[r] = NEVER;
            bit_put(rg->load_bits, r, true);
            bit_put(rg->wide_bits, r, r != in->dst);
        }
        c->lsu_inst = idx;
        c->lsu_next = 0;
        c->lsu_tag = (uint16_t)id;
        break;
    }
    case OP_ST:
        c->lsu_inst = idx;
        c->lsu_next = 0;
        c->lsu_tag = CORE_TAG_STORE;
        break;
    case OP_BAR:
        /* a warp whose last instruction is the barrier exits with it: it leaves the block's live
         * count below instead of arriving (else it would stand in for a warp still on its way) */
        if (cw->pos + 1 < cw->count) {
            cw->at_barrier = 1;
            c->blk[cw->block].arrived++;
        }
        break;
    default: {                                   /* ALU, SFU, OTHER, EXIT, shared-memory load/store */
        bool smem = in->op == OP_SLD || in->op == OP_SST;
        unsigned cls = latency_class(in->op);
        uint64_t done = now + (smem ? g->cfg.smem_latency : g->cfg.class_latency[cls]);
        if (!smem) c->unit_free[j][cls] = now + g->cfg.class_interval[cls];
        for (unsigned r = in->dst; r < (unsigned)in->dst + in->ndst; r++) {
            rg->reg_at[r] = done;
            bit_put(rg->load_bits, r, false);
            bit_put(rg->wide_bits, r, r != in->dst);
        }
        if (done > c->drain_at) c->drain_at = done;
        break;
    }
    }
    g->st.instructions++;
    g->st.inst_class[in->op]++;
    c->instructions++;
    c->last_issue = now;
    cw->issued_at = now;
    /* schedules (seed 004 eq. 4): a schedule is a run of issues from one warp until the scheduler
     * issues another warp; its execution cycles are its issue cycles (stall cycles inside the run
     * hide nothing, so they are not counted) */
    if (c->run_warp[j] != (int)w) {
        if (c->run_warp[j] >= 0) {
            g->st.sched_runs++;
            g->st.sched_run_cycles += c->run_issues[j];
            if (s->l1c) l1c_schedule(s->l1c, ready, c->run_issues[j]);   /* LATTE-CC's LT sample */
        }
        c->run_warp[j] = (int)w;
        c->run_issues[j] = 0;
    }
    c->run_issues[j]++;
    c->last[j] = w;
    c->last_slot[j] = cw->slot;
    core_block *b = &c->blk[cw->block];
    if (++cw->pos == cw->count) {
        cw->done = 1;
        c->warps_left--;
        b->live--;
        barrier_check(g, c, b);
        block_maybe_retire(g, c, b, now);
        return;
    }
    if (in->op == OP_BAR) barrier_check(g, c, b);
    bool waiting = cw->at_barrier;
    compute_ready(g, c, cw);
    if (waiting && cw->ready_at < now + 1) cw->ready_at = now + 1;
}

void core_step(gpu_system *g, sm_t *s) {
    struct core_sm *c = s->core;
    uint64_t now = g->now;
    if (c->pool) pool_step(g, s, c);
    if (c->lsu_inst != GPU_NONE) lsu_step(g, s, c);
    if (c->warps_left == 0) return;
    unsigned policy = g->cfg.scheduler;
    for (unsigned j = 0; j < c->sched; j++) {
        unsigned ready = 0, cause = STALL_IDLE;
        uint32_t first = NO_WARP, after = NO_WARP, oldest = NO_WARP, youngest = NO_WARP, greedy = NO_WARP;
        int last_slot = c->last_slot[j];
        for (unsigned k = j; k < c->nslots; k += c->sched) {
            uint32_t w = c->slot[k];
            if (w == NO_WARP) continue;
            core_warp *cw = &c->w[w];
            if (cw->done) continue;
            if (cw->at_barrier) {
                if (cause < STALL_BARRIER) cause = STALL_BARRIER;
                continue;
            }
            if (cw->ready_at > now) {
                if (cause < cw->cause) cause = cw->cause;
                continue;
            }
            ready++;
            unsigned op = g->trace->in[cw->inst[cw->pos]].op;
            bool free_unit = op == OP_LD || op == OP_ST ? c->lsu_inst == GPU_NONE
                             : op == OP_BAR || op == OP_SLD || op == OP_SST
                                 ? true
                                 : c->unit_free[j][latency_class(op)] <= now;
            if (!free_unit) {
                cause = STALL_STRUCTURAL;
                continue;
            }
            if (w == c->last[j]) greedy = w;
            if (first == NO_WARP) first = w;
            if (after == NO_WARP && (int)k > last_slot) after = w;
            if (oldest == NO_WARP || w < oldest) oldest = w;
            if (youngest == NO_WARP || w > youngest) youngest = w;
        }
        g->st.sched_cycles++;
        g->st.ready_sum += ready;
        if (first == NO_WARP) {
            g->st.stall[cause]++;
            continue;
        }
        /* gto: the warp issued last while it can issue, else the oldest (lowest id: blocks launch
         * in id order); youngest: greedy, else the highest id; lrr: the first issuable slot after
         * the one issued last, wrapping */
        uint32_t pick = policy == SCHED_LRR ? (after != NO_WARP ? after : first)
                        : greedy != NO_WARP ? greedy
                        : policy == SCHED_GTO ? oldest
                                              : youngest;
        issue(g, s, c, j, pick, ready);
    }
}

void core_collect(gpu_system *g) {
    g->st.launches = g->nlaunch;
    for (unsigned i = 0; i < g->nsm; i++) {
        struct core_sm *c = g->sm[i].core;
        for (unsigned j = 0; j < c->sched; j++)
            if (c->run_warp[j] >= 0) {
                g->st.sched_runs++;
                g->st.sched_run_cycles += c->run_issues[j];
                c->run_warp[j] = -1;
            }
        if (c->pool) {
            g->st.wp_entries = c->pool->cap;
            g->st.wp_merged += c->pool->merged;
            g->st.wp_accesses += c->pool->accesses;
            g->st.wp_full += c->pool->full_cycles;
        }
        if (i < 256) {
            g->st.sm_instructions[i] = c->instructions;
            g->st.sm_cycles[i] = c->instructions ? c->last_issue + 1 : 0;
        }
    }
}
