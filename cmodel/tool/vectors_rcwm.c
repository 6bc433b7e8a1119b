/* `nocpress vectors --unit rcwm`: vectors/rcwm/rcwm.hex (docs/rcwm.md 6). The generator only
 * chooses inputs, one clock edge per vector; every expected output comes from the C model's
 * rcwm_cycle when the file is written. */
#include "vectors_rcwm.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hexvec.h"
#include "prng.h"
#include "rcwm.h"
#include "vecgen.h"

#define NAME_LEN 64u
#define MAX_VECS 4096u
#define CNT_BITS 5u   /* rcwm_count_bits(16) */
#define VEC_BITS (1u + 1u + 4u + 1u + 1u + 4u + 1u + 4u + 4u * CNT_BITS + 4u + 3u)

typedef struct {
    bool rst;
    rcwm_cycle_in in;
    char name[NAME_LEN];
} edge_vec;

typedef struct {
    edge_vec v[MAX_VECS];
    size_t n;
    bool overflow;
    prng rng;
} gen;

static void add(gen *g, bool rst, bool ev, unsigned ev_map, bool ica, bool rq, unsigned rq_map, bool mshr,
                const char *fmt, ...) {
    if (g->n >= MAX_VECS) {
        g->overflow = true;
        return;
    }
    edge_vec *e = &g->v[g->n++];
    memset(e, 0, sizeof *e);
    e->rst = rst;
    e->in.ev_valid = ev;
    e->in.ev_map = ev ? ev_map : 0u;
    e->in.ev_ica = ev && ica;
    e->in.rq_valid = rq;
    e->in.rq_map = rq ? rq_map : 0u;
    e->in.rq_mshr = rq && mshr;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->name, NAME_LEN, fmt, ap);
    va_end(ap);
}

static void event(gen *g, unsigned map, bool ica, const char *what, unsigned k) {
    add(g, false, true, map, ica, false, 0, false, "%s_%u", what, k);
}
static void request(gen *g, unsigned map, bool mshr, const char *what) {
    add(g, false, false, 0, false, true, map, mshr, "%s", what);
}

/* Every map and MSHR flag against empty windows: full-map, pdr, mshr. */
static void gen_empty(gen *g) {
    add(g, true, false, 0, false, false, 0, false, "reset");
    for (unsigned m = 0; m < 16; m++) {
        request(g, m, false, m == 0 ? "map0000_reads_as_1111" : "empty_windows");
        request(g, m, true, "empty_windows_mshr_short");
    }
}

/* The 64-byte ICA window at its limit (8 of 16) and one over; the 96-byte window alone. */
static void gen_ica(gen *g) {
    add(g, true, false, 0, false, false, 0, false, "reset");
    for (unsigned k = 0; k < 8; k++) event(g, 0x3, true, "ica64_inconsistent", k);
    request(g, 0x1, false, "ica64_at_limit_pdr");
    event(g, 0x5, true, "ica64_over", 0);
    request(g, 0x1, false, "ica64_over_32B_read");
    request(g, 0x3, false, "ica64_over_64B_read");
    request(g, 0x7, false, "ica96_empty_96B_read_pdr");
    request(g, 0x3, true, "mshr_before_ica");
    for (unsigned k = 0; k < 9; k++) event(g, 0xB, true, "ica96_inconsistent", k);
    request(g, 0x7, false, "ica96_over_96B_read");
    for (unsigned k = 0; k < 16; k++) event(g, 0x6, false, "ica64_consistent_slides_out", k);
    request(g, 0x1, false, "ica64_emptied_pdr");
    for (unsigned k = 0; k < 16; k++) event(g, 0xF, k < 9, "ica128_and_fdr", k);
    request(g, 0x1, false, "fdr_over_first");
    request(g, 0x1, true, "fdr_over_before_mshr");
}

/* The FDR window: 14 of 16 is the limit at 90 %, the 15th makes it over; 32-byte blocks push an
 * FDR 0 and no ICA bit; map 0000 events change nothing. */
static void gen_fdr(gen *g) {
    add(g, true, false, 0, false, false, 0, false, "reset");
    for (unsigned k = 0; k < 14; k++) event(g, 0xF, false, "fdr_full_block", k);
    request(g, 0x2, false, "fdr_at_limit_pdr");
    event(g, 0x0, true, "event_map0000_changes_nothing", 0);
    request(g, 0x2, false, "fdr_still_at_limit");
    event(g, 0xF, false, "fdr_over", 0);
    request(g, 0x2, false, "fdr_over_read");
    for (unsigned k = 0; k < 4; k++) event(g, 0x8, true, "fdr_32B_block", k);
    request(g, 0x2, false, "fdr_back_under");
}

/* The same edge: the event is applied first, the request sees its result. */
static void gen_same_edge(gen *g) {
    add(g, true, false, 0, false, false, 0, false, "reset");
    for (unsigned k = 0; k < 8; k++) event(g, 0x9, true, "se_ica64", k);
    add(g, false, true, 0xA, true, true, 0x4, false, "se_event_makes_over_then_request");
    add(g, false, true, 0x1, false, true, 0xC, true, "se_event_and_mshr");
    add(g, false, true, 0xF, false, true, 0xF, false, "se_full_both");
}

static void gen_random(gen *g) {
    prng_seed(&g->rng, 0x5243574Du);
    add(g, true, false, 0, false, false, 0, false, "reset");
    for (unsigned i = 0; i < 1500; i++) {
        bool ev = prng_below(&g->rng, 4) != 0;
        bool rq = prng_below(&g->rng, 3) != 0;
        /* events lean on one size so the windows cross their limits both ways */
        unsigned phase = (i / 200u) % 4u;
        static const unsigned hot[4] = {0x3, 0x7, 0xF, 0x1};
        unsigned ev_map = prng_below(&g->rng, phase == 2 ? 20 : 3) ? hot[phase] : (unsigned)prng_below(&g->rng, 16);
        bool ica = prng_below(&g->rng, 100) < (phase == 1 ? 80u : 40u);
        add(g, false, ev, ev_map, ica, rq, (unsigned)prng_below(&g->rng, 16), prng_below(&g->rng, 5) == 0,
            "random_%u", i);
    }
}

static bool write_file(gen *g, const char *dir, const char *command) {
    static const vecfile_spec spec = {
        "rcwm",
        "{rst, ev_valid, ev_map[3:0], ev_ica, rq_valid, rq_map[3:0], rq_mshr, exp_st_over[3:0], "
        "exp_st_ones[19:0], exp_dec_map[3:0], exp_dec_reason[2:0]}",
        VEC_BITS,
        "// One vector per clock edge, every output ready; Window = 16, IcaPct = 50, FdrPct = 90.\n"
        "// rst = 1: reset before this edge. exp_st_* answer the event (ones: window 3 FDR in the top\n"
        "// 5 bits, then ICA128, ICA96, ICA64), exp_dec_* the request; a field whose valid is 0 is 0.\n"};
    const vecfile_origin origin = {"docs/vectors.md, docs/rcwm.md 6", "nocpress RCWM C model " RCWM_MODEL_VERSION,
                                   command};
    rcwm_config cfg;
    rcwm_config_default(&cfg);
    rcwm_state s;
    if (rcwm_init(&s, &cfg) != NP_OK || rcwm_count_bits(cfg.window) != CNT_BITS) {
        cli_fail("vectors: rcwm: internal: default configuration");
        return false;
    }
    vecfile vf;
    if (!vecfile_open(&vf, dir, &spec, &origin, g->n)) return false;
    bool ok = true;
    size_t reasons[RCWM_REASONS] = {0};
    for (size_t i = 0; ok && i < g->n; i++) {
        const edge_vec *e = &g->v[i];
        if (e->rst) rcwm_reset(&s);
        rcwm_cycle_out o;
        rcwm_cycle(&s, &e->in, &o);
        uint64_t ones = 0;
        for (unsigned w = RCWM_WINDOWS; w-- > 0;) ones = (ones << CNT_BITS) | (o.st_valid ? o.st_ones[w] : 0u);
        hexvec h;
        hexvec_init(&h, VEC_BITS);
        hexvec_field(&h, e->rst, 1);
        hexvec_field(&h, e->in.ev_valid, 1);
        hexvec_field(&h, e->in.ev_map, 4);
        hexvec_field(&h, e->in.ev_ica, 1);
        hexvec_field(&h, e->in.rq_valid, 1);
        hexvec_field(&h, e->in.rq_map, 4);
        hexvec_field(&h, e->in.rq_mshr, 1);
        hexvec_field(&h, o.st_valid ? o.st_over : 0u, 4);
        hexvec_field(&h, ones, 4u * CNT_BITS);
        hexvec_field(&h, o.dec_valid ? o.dec.map : 0u, 4);
        hexvec_field(&h, o.dec_valid ? (unsigned)o.dec.reason : 0u, 3);
        if (o.dec_valid) reasons[o.dec.reason]++;
        ok = vecfile_emit(&vf, i, e->name, &h);
    }
    if (ok) {
        printf("  rcwm decisions:");
        for (unsigned r = 0; r < RCWM_REASONS; r++) printf(" %s %zu", rcwm_reason_name((rcwm_reason)r), reasons[r]);
        printf("\n");
    }
    return vecfile_finish(&vf, ok);
}

/* The generator (360 kB) is on the heap, not static: LeakSanitizer scanned it at the exit of
 * every run of the sanitized CLI (vectors_latte_write says more). */
int vectors_rcwm_write(const char *dir, const char *command) {
    gen *g = calloc(1, sizeof *g);
    if (g == NULL) {
        cli_fail("vectors: rcwm: out of memory for %zu bytes", sizeof *g);
        return NP_EXIT_FAIL;
    }
    gen_empty(g);
    gen_ica(g);
    gen_fdr(g);
    gen_same_edge(g);
    gen_random(g);
    int rc = NP_EXIT_FAIL;
    if (g->overflow) {
        cli_fail("vectors: rcwm: internal: more than %u vectors", MAX_VECS);
    } else if (write_file(g, dir, command)) {
        rc = NP_EXIT_OK;
    }
    free(g);
    return rc;
}
