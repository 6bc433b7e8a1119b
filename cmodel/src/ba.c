/* The bypass-aware L1 tag unit (docs/ba.md): the stages of the RTL and their composition. */
#include "ba.h"

#include <stdlib.h>
#include <string.h>

static unsigned log2_exact(unsigned v) {
    unsigned n = 0;
    while ((1u << n) < v) {
        n++;
    }
    return n;
}

void ba_config_default(ba_config *cfg, unsigned ways, ba_mode mode) {
    cfg->ways = ways;
    cfg->sets = ways == 0 ? 0 : (BA_DEFAULT_SETS * BA_DEFAULT_WAYS) / ways;
    cfg->addr_bits = BA_ADDR_BITS;
    cfg->threshold = ways / 2u;
    cfg->mode = mode;
}

np_result ba_config_check(const ba_config *cfg) {
    if (cfg == NULL || cfg->ways == 0 || cfg->ways > BA_MAX_WAYS || cfg->sets == 0 ||
        cfg->sets > BA_MAX_SETS || (cfg->sets & (cfg->sets - 1u)) != 0 ||
        cfg->threshold > cfg->ways || (cfg->mode != BA_MODE_LRU && cfg->mode != BA_MODE_BA)) {
        return NP_BAD_PARAM;
    }
    if (cfg->addr_bits > 64 || cfg->addr_bits < log2_exact(cfg->sets) || cfg->addr_bits == 0) {
        return NP_BAD_PARAM;
    }
    return NP_OK;
}

np_result ba_init(ba_cache *c, const ba_config *cfg) {
    if (c == NULL) {
        return NP_BAD_PARAM;
    }
    memset(c, 0, sizeof *c);
    if (ba_config_check(cfg) != NP_OK) {
        return NP_BAD_PARAM;
    }
    c->cfg = *cfg;
    c->index_bits = log2_exact(cfg->sets);
    c->tag_bits = cfg->addr_bits - c->index_bits;
    c->line = calloc((size_t)cfg->sets * cfg->ways, sizeof *c->line);
    if (c->line == NULL) {
        return NP_NO_SPACE;
    }
    ba_reset(c);
    return NP_OK;
}

void ba_free(ba_cache *c) {
    if (c != NULL) {
        free(c->line);
        c->line = NULL;
    }
}

/* Every line of every set free, ages = way index (way 0 most recent), as the RTL's reset. */
static void invalidate_all(ba_cache *c) {
    for (unsigned s = 0; s < c->cfg.sets; s++) {
        ba_line *set = c->line + (size_t)s * c->cfg.ways;
        for (unsigned w = 0; w < c->cfg.ways; w++) {
            set[w].valid = false;
            set[w].reuse = false;
            set[w].bypass = false;
            set[w].age = (uint8_t)w;
            set[w].tag = 0;
        }
    }
}

void ba_reset(ba_cache *c) {
    invalidate_all(c);
    memset(c->count, 0, sizeof c->count);
}

static uint64_t addr_mask(unsigned bits) {
    return bits >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << bits) - 1u;
}

unsigned ba_set_of(const ba_cache *c, uint64_t line_addr) {
    return (unsigned)(line_addr & addr_mask(c->index_bits));
}

uint64_t ba_tag_of(const ba_cache *c, uint64_t line_addr) {
    const uint64_t a = line_addr & addr_mask(c->cfg.addr_bits);
    return c->index_bits >= 64 ? 0 : a >> c->index_bits;
}

const ba_line *ba_set_lines(const ba_cache *c, unsigned set) {
    return c->line + (size_t)set * c->cfg.ways;
}

/* ---- stages ------------------------------------------------------------------------------ */

ba_lookup_out ba_lookup(const ba_line *set, unsigned ways, uint64_t tag) {
    ba_lookup_out o;
    memset(&o, 0, sizeof o);
    for (unsigned w = 0; w < ways; w++) {
        if (set[w].valid && set[w].tag == tag && !o.match) {
            o.match = true;
            o.match_way = w;
            o.match_bypass = set[w].bypass;
        }
        if (!set[w].valid && !o.has_free) {
            o.has_free = true;
            o.free_way = w;
        }
    }
    return o;
}

/* The oldest line among those whose reuse bit is `reuse` (any reuse bit when all_lines). */
static unsigned oldest(const ba_line *set, unsigned ways, bool all_lines, bool reuse) {
    unsigned best = 0;
    int best_age = -1;
    for (unsigned w = 0; w < ways; w++) {
        if ((all_lines || set[w].reuse == reuse) && (int)set[w].age > best_age) {
            best_age = set[w].age;
            best = w;
        }
    }
    return best;
}

unsigned ba_victim(const ba_line *set, unsigned ways, ba_mode mode, unsigned threshold) {
    if (mode == BA_MODE_LRU) {
        return oldest(set, ways, true, false);
    }
    unsigned never_reused = 0;
    for (unsigned w = 0; w < ways; w++) {
        never_reused += set[w].reuse ? 0u : 1u;
    }
    const unsigned floor = threshold == 0 ? 1u : threshold;
    return oldest(set, ways, false, never_reused >= floor ? false : true);
}

ba_outcome ba_decide(ba_mode mode, ba_op op, const ba_lookup_out *lk) {
    /* Decoded as the RTL's in_op_i: bit 1 invalidate-all (so 3 too), else bit 0 write. */
    if (((unsigned)op & 2u) != 0) {
        return BA_INVALIDATED;
    }
    if (((unsigned)op & 1u) != 0) {
        return lk->match ? BA_WRITE_EVICT : BA_WRITE_AROUND;
    }
    if (lk->match) {
        return lk->match_bypass ? BA_PSEUDO_HIT : BA_HIT;
    }
    if (lk->has_free) {
        return BA_MISS_FILL;
    }
    return mode == BA_MODE_BA ? BA_BYPASS : BA_MISS_EVICT;
}

void ba_touch(ba_line *set, unsigned ways, unsigned way) {
    const uint8_t a = set[way].age;
    for (unsigned w = 0; w < ways; w++) {
        if (set[w].age < a) {
            set[w].age++;
        }
    }
    set[way].age = 0;
}

void ba_apply(ba_line *set, unsigned ways, ba_mode mode, ba_outcome outcome, unsigned way,
              uint64_t tag) {
    ba_line *l = &set[way];
    switch (outcome) {
    case BA_HIT:
    case BA_PSEUDO_HIT:
        l->reuse = mode == BA_MODE_BA;   /* LRU mode has no reuse bits */
        l->bypass = false;               /* a pseudo hit fills the data */
        ba_touch(set, ways, way);
        break;
    case BA_MISS_FILL:
    case BA_MISS_EVICT:
    case BA_BYPASS:
        l->valid = true;
        l->tag = tag;
        l->reuse = false;
        l->bypass = outcome == BA_BYPASS;
        ba_touch(set, ways, way);
        break;
    case BA_WRITE_EVICT:
        l->valid = false;    /* write-evict: ages unchanged (docs/ba.md 3.5) */
        break;
    case BA_WRITE_AROUND:
    case BA_INVALIDATED:
        break;
    }
}

/* ---- whole unit ------------------------------------------------------------------------ */

ba_result ba_access(ba_cache *c, uint64_t line_addr, ba_op op) {
    ba_result r;
    memset(&r, 0, sizeof r);
    const unsigned ways = c->cfg.ways;
    r.set = ba_set_of(c, line_addr);
    const uint64_t tag = ba_tag_of(c, line_addr);
    ba_line *set = c->line + (size_t)r.set * ways;
    const ba_lookup_out lk = ba_lookup(set, ways, tag);
    r.outcome = ba_decide(c->cfg.mode, op, &lk);
    switch (r.outcome) {
    case BA_HIT:
    case BA_PSEUDO_HIT:
    case BA_WRITE_EVICT:
        r.way = lk.match_way;
        break;
    case BA_MISS_FILL:
        r.way = lk.free_way;
        break;
    case BA_MISS_EVICT:
    case BA_BYPASS:
        r.way = ba_victim(set, ways, c->cfg.mode, c->cfg.threshold);
        r.victim_valid = true;
        r.victim_tag = set[r.way].tag;
        r.victim_had_data = !set[r.way].bypass;
        break;
    case BA_WRITE_AROUND:
    case BA_INVALIDATED:
        break;
    }
    if (r.outcome == BA_INVALIDATED) {
        invalidate_all(c);
    } else {
        ba_apply(set, ways, c->cfg.mode, r.outcome, r.way, tag);
    }
    c->count[r.outcome]++;
    return r;
}

const char *ba_outcome_name(ba_outcome o) {
    static const char *const names[BA_OUTCOMES] = {
        "hit", "miss_fill", "miss_evict", "bypass", "pseudo_hit", "write_evict", "write_around",
        "invalidated"};
    return (unsigned)o < BA_OUTCOMES ? names[o] : NULL;
}

bool ba_outcome_goes_to_memory(ba_outcome o) {
    return o != BA_HIT && o != BA_INVALIDATED;
}
