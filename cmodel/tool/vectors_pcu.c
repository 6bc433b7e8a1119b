/* `nocpress vectors --unit pcu`: vectors/pcu/pcu.hex (docs/pcu.md 7, docs/vectors.md).
 * Each scenario is played on a shadow model that also acts as the L2 (it returns only reads
 * the PCU has sent, with the data of the last write the MC request queue carried to that
 * block), so the recorded inputs are a legal cycle-by-cycle stimulus: a request or an L2
 * return, once offered, is held until accepted. The file is then written by replaying the
 * inputs on a fresh model, which gives the expectations of every cycle. */
#include "vectors_pcu.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hexvec.h"
#include "pcu.h"
#include "prng.h"

#define SM_BITS 6u
#define IDX_BITS 7u
#define MAX_PENDING PCU_MAX_RGR
#define MAX_BLOCKS 4096u

typedef struct {
    bool rst;
    pcu_in in;
    char name[64];
} cycle_vec;

typedef struct {
    unsigned tag;
    uint64_t addr, data;
} l2_pending;

typedef struct {
    pcu m;                       /* the shadow: the PCU as the stimulus has left it */
    cycle_vec *v;
    size_t n, cap;
    l2_pending l2[MAX_PENDING];  /* reads sent to the MC request queue, not yet returned */
    unsigned nl2;
    uint64_t mem_addr[MAX_BLOCKS], mem_data[MAX_BLOCKS];
    unsigned nmem;
    bool ready_mcq, ready_rpl, room;   /* the current handshake levels */
    bool failed;
} gen;

static uint64_t mem_read(const gen *g, uint64_t addr) {
    for (unsigned i = 0; i < g->nmem; i++) {
        if (g->mem_addr[i] == addr) {
            return g->mem_data[i];
        }
    }
    return 0u;
}

static void mem_write(gen *g, uint64_t addr, uint64_t data) {
    for (unsigned i = 0; i < g->nmem; i++) {
        if (g->mem_addr[i] == addr) {
            g->mem_data[i] = data;
            return;
        }
    }
    if (g->nmem < MAX_BLOCKS) {
        g->mem_addr[g->nmem] = addr;
        g->mem_data[g->nmem++] = data;
    }
}

static void gen_fail(gen *g, const char *what) {
    if (!g->failed) {
        cli_fail("vectors: pcu: %s", what);
    }
    g->failed = true;
}

/* Records one cycle and plays it on the shadow. Returns what the cycle did. */
static pcu_out cycle(gen *g, bool rst, const pcu_in *in, const char *fmt, ...) {
    pcu_out o;
    memset(&o, 0, sizeof o);
    if (g->failed) {
        return o;
    }
    if (g->n == g->cap) {
        g->cap = g->cap ? 2u * g->cap : 1024u;
        cycle_vec *nv = realloc(g->v, g->cap * sizeof *nv);
        if (nv == NULL) {
            gen_fail(g, "out of memory");
            return o;
        }
        g->v = nv;
    }
    cycle_vec *c = &g->v[g->n++];
    memset(c, 0, sizeof *c);
    c->rst = rst;
    c->in = *in;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->name, sizeof c->name, fmt, ap);
    va_end(ap);
    if (rst) {
        pcu_reset(&g->m);
        g->nl2 = 0;
        return o;
    }
    pcu_cycle(&g->m, in, &o);
    if (o.mcq_fire) {
        if (o.mcq.write) {
            mem_write(g, o.mcq.addr, o.mcq.data);
        } else if (g->nl2 < MAX_PENDING) {
            l2_pending p = {o.mcq.tag, o.mcq.addr, mem_read(g, o.mcq.addr)};
            g->l2[g->nl2++] = p;
        } else {
            gen_fail(g, "more reads outstanding than RGRs");
        }
    }
    return o;
}

static pcu_in levels(const gen *g) {
    pcu_in in;
    memset(&in, 0, sizeof in);
    in.mcq_ready = g->ready_mcq;
    in.rpl_ready = g->ready_rpl;
    in.rpq_room = g->room;
    return in;
}

static void idle(gen *g, unsigned n, const char *name) {
    for (unsigned i = 0; i < n; i++) {
        pcu_in in = levels(g);
        (void)cycle(g, false, &in, "%s_idle%u", name, i);
    }
}

static void reset(gen *g, const char *name) {
    pcu_in in = levels(g);
    (void)cycle(g, true, &in, "%s_reset", name);
    g->nmem = 0;
}

/* Offers a request until it is accepted (at most `limit` cycles). */
static void send(gen *g, bool write, unsigned sm, uint64_t addr, uint64_t data, const char *name) {
    for (unsigned i = 0; i < 4096u && !g->failed; i++) {
        pcu_in in = levels(g);
        in.req_valid = true;
        in.req.write = write;
        in.req.sm = sm;
        in.req.addr = addr;
        in.req.data = write ? data : 0u;
        pcu_out o = cycle(g, false, &in, "%s_%s_sm%u", name, write ? "write" : "read", sm);
        if (o.req_fire) {
            return;
        }
    }
    gen_fail(g, "a request was never accepted");
}

/* The L2 returns pending read k; held until accepted. */
static void l2_return(gen *g, unsigned k, const char *name) {
    if (k >= g->nl2) {
        gen_fail(g, "no such L2 return");
        return;
    }
    l2_pending p = g->l2[k];
    memmove(&g->l2[k], &g->l2[k + 1], (g->nl2 - k - 1u) * sizeof g->l2[0]);
    g->nl2--;
    for (unsigned i = 0; i < 4096u && !g->failed; i++) {
        pcu_in in = levels(g);
        in.l2_valid = true;
        in.l2_tag = p.tag;
        in.l2_addr = p.addr;
        in.l2_data = p.data;
        pcu_out o = cycle(g, false, &in, "%s_l2_tag%u", name, p.tag);
        if (o.l2_fire) {
            return;
        }
    }
    gen_fail(g, "an L2 return was never accepted");
}

/* Everything leaves: the L2 returns in order until the PCU is idle. */
static void drain(gen *g, const char *name) {
    g->ready_mcq = g->ready_rpl = g->room = true;
    for (unsigned i = 0; i < 100000u && !g->failed; i++) {
        if (g->nl2 > 0) {
            l2_return(g, 0, name);
        } else if (pcu_idle(&g->m)) {
            return;
        } else {
            idle(g, 1, name);
        }
    }
    gen_fail(g, "the PCU did not drain");
}

/* ---- scenarios ------------------------------------------------------------------------------- */

static void sc_single_read(gen *g) {
    send(g, false, 3, 0x40, 0, "single");
    idle(g, 3, "single");
    drain(g, "single");
}

/* Every SM asks for one block while its read is out: one L2 read, one 64-way reply. */
static void sc_all_sms(gen *g) {
    for (unsigned s = 0; s < PCU_DEFAULT_SM; s++) {
        send(g, false, (s * 37u) % PCU_DEFAULT_SM, 0x1FFFFFFFFFFull, 0, "all_sms");
    }
    drain(g, "all_sms");
}

/* A read joins its group at the very edge the group's block returns: it rides in the reply. */
static void sc_join_on_return(gen *g) {
    send(g, false, 1, 0x77, 0, "join_on_return");
    idle(g, 3, "join_on_return");   /* allocated and sent */
    if (g->nl2 != 1) {
        gen_fail(g, "join_on_return: read not sent");
        return;
    }
    pcu_in in = levels(g);
    in.req_valid = true;
    in.req.sm = 9;
    in.req.addr = 0x77;
    (void)cycle(g, false, &in, "join_on_return_read_sm9");
    l2_pending p = g->l2[0];
    g->nl2 = 0;
    in = levels(g);
    in.l2_valid = true;
    in.l2_tag = p.tag;
    in.l2_addr = p.addr;
    in.l2_data = p.data;
    (void)cycle(g, false, &in, "join_on_return_l2_same_edge");
    drain(g, "join_on_return");
}

/* The same SM asks again while its group is open: a second group, two replies. */
static void sc_repeat_sm(gen *g) {
    send(g, false, 2, 0x500, 0, "repeat");
    send(g, false, 4, 0x500, 0, "repeat");
    send(g, false, 2, 0x500, 0, "repeat");
    send(g, false, 5, 0x500, 0, "repeat");
    drain(g, "repeat");
}

/* Every RGR in use: the next read waits in stage 1, the one after it is refused, and both go
 * on when one block returns. */
static void sc_table_full(gen *g) {
    for (unsigned i = 0; i < PCU_DEFAULT_RGR; i++) {
        send(g, false, i % PCU_DEFAULT_SM, 0x10000u + i, 0, "full_fill");
    }
    send(g, false, 7, 0x20000, 0, "full_waits");
    for (unsigned i = 0; i < 4; i++) {
        pcu_in in = levels(g);
        in.req_valid = true;
        in.req.sm = 8;
        in.req.addr = 0x20001;
        (void)cycle(g, false, &in, "full_refused%u", i);
    }
    l2_return(g, 5, "full_free_one");
    send(g, false, 8, 0x20001, 0, "full_after_free");
    drain(g, "full");
}

/* Writes interleaved with reads of the same block (docs/pcu.md 4, ordering). */
static void sc_writes(gen *g) {
    /* A write closes the open group: a later read starts a new one and sees the write. */
    send(g, false, 1, 0x900, 0, "write_closes");
    idle(g, 3, "write_closes");
    send(g, true, 2, 0x900, 0x11, "write_closes");
    send(g, false, 3, 0x900, 0, "write_closes");
    drain(g, "write_closes");
    /* No room: the write stays buffered and a read of its block waits for it. */
    g->room = false;
    send(g, true, 4, 0xA00, 0x22, "read_waits");
    send(g, false, 5, 0xA00, 0, "read_waits");
    idle(g, 4, "read_waits");
    g->room = true;
    drain(g, "read_waits");
    /* No room: a read stays unissued and a write of its block waits for it. */
    g->room = false;
    send(g, false, 6, 0xB00, 0, "write_waits");
    send(g, true, 7, 0xB00, 0x33, "write_waits");
    idle(g, 4, "write_waits");
    g->room = true;
    drain(g, "write_waits");
    /* The write buffer fills (4 entries): the fifth write waits. */
    g->room = false;
    for (unsigned i = 0; i < 5; i++) {
        send(g, true, i, 0xC00u + i, 0x40u + i, "wb_full");
    }
    idle(g, 3, "wb_full");
    g->room = true;
    drain(g, "wb_full");
    /* Round robin: reads and writes queued together leave alternately. */
    g->room = false;
    for (unsigned i = 0; i < 4; i++) {
        send(g, false, i, 0xD00u + i, 0, "round_robin");
        send(g, true, i, 0xE00u + i, 0x50u + i, "round_robin");
    }
    g->room = true;
    drain(g, "round_robin");
}

/* An L2 return whose tag names no issued RGR: a reply to nobody, nothing freed. */
static void sc_stray_return(gen *g) {
    pcu_in in = levels(g);
    in.l2_valid = true;
    in.l2_tag = 100;
    in.l2_addr = 0x123;
    in.l2_data = 0xABCD;
    (void)cycle(g, false, &in, "stray_l2_tag100");
    idle(g, 2, "stray");
}

/* Fixed-seed traffic with random valid gaps, ready stalls and room, an out-of-order L2. */
static void sc_random(gen *g) {
    prng r;
    prng_seed(&r, 0x9c0a1e5ce);
    static const uint64_t blocks[6] = {0x40, 0x41, 0x1FFFFFFFFFFull, 0x0, 0x77777, 0x5};
    uint64_t version = 0;
    bool have_req = false, have_l2 = false;
    pcu_request req;
    l2_pending ret = {0, 0, 0};
    memset(&req, 0, sizeof req);
    for (unsigned c = 0; c < 3000u && !g->failed; c++) {
        g->ready_mcq = prng_below(&r, 4) != 0;
        g->ready_rpl = prng_below(&r, 4) != 0;
        g->room = prng_below(&r, 8) != 0;
        if (!have_req && prng_below(&r, 3) != 0) {
            have_req = true;
            req.write = prng_below(&r, 6) == 0;
            req.sm = (unsigned)prng_below(&r, 8);
            req.addr = blocks[prng_below(&r, 6)];
            req.data = req.write ? ++version : 0u;
        }
        if (!have_l2 && g->nl2 > 0 && prng_below(&r, 3) == 0) {
            unsigned k = (unsigned)prng_below(&r, g->nl2);
            ret = g->l2[k];
            memmove(&g->l2[k], &g->l2[k + 1], (g->nl2 - k - 1u) * sizeof g->l2[0]);
            g->nl2--;
            have_l2 = true;
        }
        pcu_in in = levels(g);
        in.req_valid = have_req;
        if (have_req) {
            in.req = req;
        }
        in.l2_valid = have_l2;
        if (have_l2) {
            in.l2_tag = ret.tag;
            in.l2_addr = ret.addr;
            in.l2_data = ret.data;
        }
        pcu_out o = cycle(g, false, &in, "random_%u", c);
        have_req = have_req && !o.req_fire;
        have_l2 = have_l2 && !o.l2_fire;
    }
    while (have_l2 && !g->failed) {   /* the offered return is held until taken */
        pcu_in in = levels(g);
        in.rpl_ready = true;
        in.l2_valid = true;
        in.l2_tag = ret.tag;
        in.l2_addr = ret.addr;
        in.l2_data = ret.data;
        pcu_out o = cycle(g, false, &in, "random_last_l2");
        have_l2 = !o.l2_fire;
    }
    drain(g, "random");
}

/* ---- the file ------------------------------------------------------------------------------ */

#define LAYOUT                                                                                   \
    "{rst, req_valid, req_write, req_sm[5:0], req_addr[40:0], req_data[31:0], l2_valid, "         \
    "l2_tag[6:0], l2_addr[40:0], l2_data[31:0], mcq_ready, rpl_ready, rpq_room, exp_req_ready, "  \
    "exp_l2_ready, exp_mcq_valid, exp_mcq_write, exp_mcq_sm[5:0], exp_mcq_addr[40:0], "           \
    "exp_mcq_tag[6:0], exp_mcq_data[31:0], exp_rpl_valid, exp_rpl_dest[63:0], "                   \
    "exp_rpl_addr[40:0], exp_rpl_data[31:0], exp_idle}"

static const unsigned layout_bits = 1u + 1u + 1u + SM_BITS + 41u + 32u + 1u + IDX_BITS + 41u +
                                    32u + 3u + 1u + 1u + 1u + 1u + SM_BITS + 41u + IDX_BITS +
                                    32u + 1u + 64u + 41u + 32u + 1u;

static bool write_file(const gen *g, const char *dir, const char *command) {
    char path[4096];
    snprintf(path, sizeof path, "%s/pcu.hex", dir);
    cli_out out;
    if (!cli_out_open(&out, path)) {
        return false;
    }
    FILE *f = out.f;
    fprintf(f, "// nocpress golden vectors for pcu (format: docs/vectors.md, docs/pcu.md 7)\n");
    fprintf(f, "// model: nocpress PCU C model %s (docs/pcu.md)\n", PCU_MODEL_VERSION);
    fprintf(f, "// command: %s   (make vectors regenerates; make vectors-check compares)\n", command);
    fprintf(f, "// layout: %s = %u bits, %u hex digits per vector\n", LAYOUT, layout_bits,
            (layout_bits + 3u) / 4u);
    fprintf(f, "// One vector per clock cycle; NumRgr = 128, NumSm = 64, AddrWidth = 41,\n"
               "// DataWidth = 32, WbDepth = 4. rst = 1: rst_ni low for this cycle (its expected\n"
               "// outputs are 0 and not compared). Otherwise exp_* are the outputs during the\n"
               "// cycle, before its rising edge; fields of an invalid input or output are 0.\n");
    fprintf(f, "// count: %zu vectors, each preceded by a comment \"// <index> <name>\"\n", g->n);
    pcu m;
    pcu_config cfg;
    pcu_config_default(&cfg);
    bool ok = pcu_init(&m, &cfg) == NP_OK;
    size_t replies = 0, multicast = 0;
    for (size_t i = 0; ok && i < g->n; i++) {
        const cycle_vec *c = &g->v[i];
        pcu_out o;
        memset(&o, 0, sizeof o);
        if (!c->rst) {
            pcu_outputs(&m, &c->in, &o);
        }
        hexvec h;
        hexvec_init(&h, layout_bits);
        hexvec_field(&h, c->rst, 1);
        hexvec_field(&h, c->in.req_valid, 1);
        hexvec_field(&h, c->in.req.write, 1);
        hexvec_field(&h, c->in.req.sm, SM_BITS);
        hexvec_field(&h, c->in.req.addr, 41);
        hexvec_field(&h, c->in.req.data, 32);
        hexvec_field(&h, c->in.l2_valid, 1);
        hexvec_field(&h, c->in.l2_tag, IDX_BITS);
        hexvec_field(&h, c->in.l2_addr, 41);
        hexvec_field(&h, c->in.l2_data, 32);
        hexvec_field(&h, c->in.mcq_ready, 1);
        hexvec_field(&h, c->in.rpl_ready, 1);
        hexvec_field(&h, c->in.rpq_room, 1);
        hexvec_field(&h, o.req_ready, 1);
        hexvec_field(&h, o.l2_ready, 1);
        hexvec_field(&h, o.mcq_valid, 1);
        hexvec_field(&h, o.mcq.write, 1);
        hexvec_field(&h, o.mcq.sm, SM_BITS);
        hexvec_field(&h, o.mcq.addr, 41);
        hexvec_field(&h, o.mcq.tag, IDX_BITS);
        hexvec_field(&h, o.mcq.data, 32);
        hexvec_field(&h, o.rpl_valid, 1);
        hexvec_field(&h, o.rpl.dest, 64);
        hexvec_field(&h, o.rpl.addr, 41);
        hexvec_field(&h, o.rpl.data, 32);
        hexvec_field(&h, o.idle, 1);
        if (!hexvec_complete(&h)) {
            ok = false;
            break;
        }
        fprintf(f, "// %zu %s\n", i, c->name);
        hexvec_print(&h, f);
        if (c->rst) {
            pcu_reset(&m);
        } else {
            pcu_cycle(&m, &c->in, &o);
            replies += o.rpl_load ? 1u : 0u;
            multicast += (o.rpl_load && (o.rpl_next.dest & (o.rpl_next.dest - 1u)) != 0u) ? 1u : 0u;
        }
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
    printf("wrote %s (%zu vectors: %zu replies, %zu multicast)\n", path, g->n, replies, multicast);
    return true;
}

int vectors_pcu_write(const char *dir, const char *command) {
    gen *g = calloc(1, sizeof *g);
    if (g == NULL) {
        return cli_fail("vectors: out of memory");
    }
    pcu_config cfg;
    pcu_config_default(&cfg);
    if (pcu_init(&g->m, &cfg) != NP_OK) {
        free(g);
        return cli_fail("vectors: cannot initialise the PCU model");
    }
    g->ready_mcq = g->ready_rpl = g->room = true;
    void (*const scenarios[])(gen *) = {sc_single_read, sc_all_sms,    sc_join_on_return,
                                        sc_repeat_sm,   sc_table_full, sc_writes,
                                        sc_stray_return, sc_random};
    reset(g, "start");
    reset(g, "start");
    idle(g, 2, "start");
    for (size_t s = 0; s < sizeof scenarios / sizeof scenarios[0] && !g->failed; s++) {
        scenarios[s](g);
    }
    reset(g, "end");
    idle(g, 2, "end");
    bool ok = !g->failed && write_file(g, dir, command);
    free(g->v);
    free(g);
    return ok ? NP_EXIT_OK : NP_EXIT_FAIL;
}
