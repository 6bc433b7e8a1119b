/* Request controller and windows manager: docs/rcwm.md. */
#include "rcwm.h"

#include <stddef.h>
#include <string.h>

#define MAP_FULL 0xFu

void rcwm_config_default(rcwm_config *cfg) {
    if (cfg != NULL) {
        cfg->window = RCWM_DEFAULT_WINDOW;
        cfg->ica_pct = RCWM_DEFAULT_ICA_PCT;
        cfg->fdr_pct = RCWM_DEFAULT_FDR_PCT;
    }
}

np_result rcwm_config_check(const rcwm_config *cfg) {
    if (cfg == NULL || cfg->window < 1u || cfg->window > RCWM_MAX_WINDOW || cfg->ica_pct > 100u ||
        cfg->fdr_pct > 100u) {
        return NP_BAD_PARAM;
    }
    return NP_OK;
}

void rcwm_reset(rcwm_state *s) {
    if (s != NULL) {
        memset(s->win, 0, sizeof s->win);
    }
}

np_result rcwm_init(rcwm_state *s, const rcwm_config *cfg) {
    if (s == NULL || rcwm_config_check(cfg) != NP_OK) {
        return NP_BAD_PARAM;
    }
    s->cfg = *cfg;
    rcwm_reset(s);
    return NP_OK;
}

unsigned rcwm_limit(unsigned window, unsigned pct) { return pct * window / 100u; }

unsigned rcwm_count_bits(unsigned window) {
    unsigned bits = 1;
    while ((1u << bits) <= window) {
        bits++;
    }
    return bits;
}

unsigned rcwm_ones(const rcwm_state *s, unsigned w) {
    return (s != NULL && w < RCWM_WINDOWS) ? (unsigned)__builtin_popcount(s->win[w]) : 0u;
}

bool rcwm_over(const rcwm_state *s, unsigned w) {
    if (s == NULL || w >= RCWM_WINDOWS) {
        return false;
    }
    unsigned pct = w == RCWM_WIN_FDR ? s->cfg.fdr_pct : s->cfg.ica_pct;
    return rcwm_ones(s, w) > rcwm_limit(s->cfg.window, pct);
}

int rcwm_ica_window_of_read(unsigned map) {
    switch (__builtin_popcount(map & MAP_FULL)) {
    case 1:      /* a 32-byte read: its block becomes ICA only at 64 bytes or more (docs/rcwm.md 3) */
    case 2:
        return RCWM_WIN_ICA64;
    case 3:
        return RCWM_WIN_ICA96;
    default:
        return -1;
    }
}

const char *rcwm_reason_name(rcwm_reason r) {
    switch (r) {
    case RCWM_PDR:
        return "pdr";
    case RCWM_FULL_MAP:
        return "full-map";
    case RCWM_FDR_WINDOW:
        return "fdr-window";
    case RCWM_MSHR:
        return "mshr";
    case RCWM_ICA_WINDOW:
        return "ica-window";
    }
    return "?";
}

/* ---- WM and RC on legal inputs ------------------------------------------------------------ */

static void push(rcwm_state *s, unsigned w, bool bit) {
    uint32_t mask = s->cfg.window >= 32u ? UINT32_MAX : (UINT32_C(1) << s->cfg.window) - 1u;
    s->win[w] = ((s->win[w] << 1) | (bit ? 1u : 0u)) & mask;
}

/* Fig. 4.4: the size class's ICA window gets the consistency bit (blocks of 64, 96, 128 bytes;
 * a 32-byte block cannot be inconsistent), the FDR window whether the whole block was used. */
static void apply_event(rcwm_state *s, unsigned map, bool inconsistent) {
    unsigned used = (unsigned)__builtin_popcount(map);
    if (used >= 2u) {
        push(s, used - 2u, inconsistent);
    }
    push(s, RCWM_WIN_FDR, map == MAP_FULL);
}

/* Fig. 4.5, in its order: FDR window, MSHR, ICA window. A read of the whole line needs no choice. */
static rcwm_decision decide(const rcwm_state *s, unsigned map, bool mshr_short) {
    rcwm_decision d = {MAP_FULL, RCWM_FULL_MAP};
    if (map == 0u || map == MAP_FULL) {
        return d;
    }
    if (rcwm_over(s, RCWM_WIN_FDR)) {
        d.reason = RCWM_FDR_WINDOW;
    } else if (mshr_short) {
        d.reason = RCWM_MSHR;
    } else if (rcwm_over(s, (unsigned)rcwm_ica_window_of_read(map))) {
        d.reason = RCWM_ICA_WINDOW;
    } else {
        d.map = map;
        d.reason = RCWM_PDR;
    }
    return d;
}

np_result rcwm_event(rcwm_state *s, unsigned map, bool inconsistent) {
    if (s == NULL || map == 0u || map > MAP_FULL) {
        return NP_BAD_PARAM;
    }
    apply_event(s, map, inconsistent);
    return NP_OK;
}

np_result rcwm_decide(const rcwm_state *s, unsigned map, bool mshr_short, rcwm_decision *d) {
    if (d != NULL) {
        d->map = MAP_FULL;
        d->reason = RCWM_FULL_MAP;
    }
    if (s == NULL || d == NULL || map == 0u || map > MAP_FULL) {
        return NP_BAD_PARAM;
    }
    *d = decide(s, map, mshr_short);
    return NP_OK;
}

/* ---- cycle level ---------------------------------------------------------------------------- */

void rcwm_cycle(rcwm_state *s, const rcwm_cycle_in *in, rcwm_cycle_out *out) {
    if (out == NULL) {
        return;
    }
    memset(out, 0, sizeof *out);
    if (s == NULL || in == NULL) {
        return;
    }
    if (in->ev_valid) {
        unsigned map = in->ev_map & MAP_FULL;
        if (map != 0u) {
            apply_event(s, map, in->ev_ica);
        }
        out->st_valid = true;
        for (unsigned w = 0; w < RCWM_WINDOWS; w++) {
            out->st_ones[w] = rcwm_ones(s, w);
            out->st_over |= rcwm_over(s, w) ? 1u << w : 0u;
        }
    }
    if (in->rq_valid) {
        out->dec_valid = true;
        out->dec = decide(s, in->rq_map & MAP_FULL, in->rq_mshr);
    }
}
