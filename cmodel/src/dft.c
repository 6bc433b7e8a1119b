/* The MC data-filtering table: docs/dpc.md sections 6 (behaviour) and 7 (cycle order). */
#include "dft.h"

#include <stddef.h>
#include <string.h>

#define MAP_FULL 0xFu

static inline uint64_t low_mask64(unsigned nbits) {
    return nbits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << nbits) - 1u;
}

void dft_config_default(dft_config *cfg) {
    if (cfg != NULL) {
        cfg->entries = DFT_DEFAULT_ENTRIES;
        cfg->sm_id_bits = DFT_DEFAULT_SM_ID_BITS;
        cfg->addr_bits = DFT_DEFAULT_ADDR_BITS;
    }
}

np_result dft_config_check(const dft_config *cfg) {
    if (cfg == NULL || cfg->entries < 1u || cfg->entries > DFT_MAX_ENTRIES ||
        cfg->sm_id_bits < 1u || cfg->sm_id_bits > DFT_MAX_SM_ID_BITS || cfg->addr_bits < 1u ||
        cfg->addr_bits > DFT_MAX_ADDR_BITS) {
        return NP_BAD_PARAM;
    }
    return NP_OK;
}

void dft_reset(dft_table *t) {
    if (t != NULL) {
        memset(t->entry, 0, sizeof t->entry);
    }
}

np_result dft_init_config(dft_table *t, const dft_config *cfg) {
    if (t == NULL || dft_config_check(cfg) != NP_OK) {
        return NP_BAD_PARAM;
    }
    t->cfg = *cfg;
    dft_reset(t);
    return NP_OK;
}

np_result dft_init(dft_table *t, unsigned entries) {
    dft_config cfg;
    dft_config_default(&cfg);
    cfg.entries = entries;
    return dft_init_config(t, &cfg);
}

unsigned dft_idx_bits(unsigned entries) {
    unsigned bits = 1;
    while (bits < 32u && (1u << bits) < entries) {
        bits++;
    }
    return bits;
}

const char *dft_action_name(dft_action a) {
    switch (a) {
    case DFT_FULL:
        return "full";
    case DFT_MERGED:
        return "merged";
    case DFT_ALLOC:
        return "alloc";
    }
    return "?";
}

/* ---- the two paths --------------------------------------------------------------------- */

static int find_entry(const dft_table *t, unsigned sm, uint64_t addr) {
    for (unsigned i = 0; i < t->cfg.entries; i++) {
        const dft_entry *e = &t->entry[i];
        if (e->valid && e->sm == sm && e->addr == addr) {
            return (int)i;
        }
    }
    return -1;
}

static int lowest_free(const dft_table *t) {
    for (unsigned i = 0; i < t->cfg.entries; i++) {
        if (!t->entry[i].valid) {
            return (int)i;
        }
    }
    return -1;
}

static dft_response full_response(void) {
    dft_response r = {DFT_FULL, 0u, MAP_FULL};
    return r;
}

/* Sec. 6 steps 1-4 for a request already cut to legal widths; map 0 counts as 1111. */
static dft_response decide_request(dft_table *t, unsigned sm, uint64_t addr, unsigned map) {
    if (map == 0u || map == MAP_FULL) {
        return full_response(); /* FDR bypass (map 0 names nothing: served in full, sec. 7) */
    }
    int hit = find_entry(t, sm, addr);
    if (hit >= 0) {
        dft_entry *e = &t->entry[hit];
        e->map |= map;
        dft_response r = {DFT_MERGED, (unsigned)hit, e->map};
        return r;
    }
    int slot = lowest_free(t);
    if (slot < 0) {
        return full_response(); /* full: no replacement, the request is served in full */
    }
    dft_entry *e = &t->entry[slot];
    e->valid = true;
    e->sm = sm;
    e->addr = addr;
    e->map = map;
    dft_response r = {DFT_ALLOC, (unsigned)slot, map};
    return r;
}

/* Sec. 6 reply path; false (map 1111, nothing changed) for a free or out-of-range entry. */
static bool take_reply(dft_table *t, unsigned idx, unsigned *map) {
    if (idx >= t->cfg.entries || !t->entry[idx].valid) {
        *map = MAP_FULL;
        return false;
    }
    *map = t->entry[idx].map;
    memset(&t->entry[idx], 0, sizeof t->entry[idx]);
    return true;
}

np_result dft_request(dft_table *t, unsigned sm, uint64_t line_addr, unsigned map,
                      dft_response *rsp) {
    if (rsp != NULL) {
        *rsp = full_response();
    }
    if (t == NULL || rsp == NULL || map == 0u || map > MAP_FULL ||
        (uint64_t)sm > low_mask64(t->cfg.sm_id_bits) || line_addr > low_mask64(t->cfg.addr_bits)) {
        return NP_BAD_PARAM;
    }
    *rsp = decide_request(t, sm, line_addr, map);
    return NP_OK;
}

np_result dft_reply(dft_table *t, unsigned idx, unsigned *map) {
    if (map != NULL) {
        *map = MAP_FULL;
    }
    if (t == NULL || map == NULL) {
        return NP_BAD_PARAM;
    }
    return take_reply(t, idx, map) ? NP_OK : NP_BAD_PARAM;
}

unsigned dft_live(const dft_table *t) {
    unsigned n = 0;
    if (t != NULL) {
        for (unsigned i = 0; i < t->cfg.entries; i++) {
            n += t->entry[i].valid ? 1u : 0u;
        }
    }
    return n;
}

int dft_find(const dft_table *t, unsigned sm, uint64_t line_addr) {
    return t != NULL ? find_entry(t, sm, line_addr) : -1;
}

/* ---- cycle level (sec. 7) -------------------------------------------------------------- */

void dft_cycle(dft_table *t, const dft_cycle_in *in, dft_cycle_out *out) {
    if (out == NULL) {
        return;
    }
    memset(out, 0, sizeof *out);
    if (t == NULL || in == NULL) {
        return;
    }
    if (in->rpl_valid) {
        unsigned idx = in->rpl_idx & (unsigned)low_mask64(dft_idx_bits(t->cfg.entries));
        out->map_valid = true;
        (void)take_reply(t, idx, &out->map);
    }
    if (in->req_valid) {
        unsigned sm = in->req_sm & (unsigned)low_mask64(t->cfg.sm_id_bits);
        uint64_t addr = in->req_addr & low_mask64(t->cfg.addr_bits);
        out->act_valid = true;
        out->act = decide_request(t, sm, addr, in->req_map & MAP_FULL);
    }
}
