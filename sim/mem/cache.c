/* Tag store with LRU; see cache.h. */
#include "mem/cache.h"

#include <stdlib.h>

bool cache_init(cache_t *c, unsigned kib, unsigned ways) {
    unsigned lines = kib * 1024u / 128u;
    if (ways == 0 || lines < ways || lines % ways) return false;
    c->ways = ways;
    c->sets = lines / ways;
    c->tag = calloc(lines, sizeof *c->tag);
    c->stamp = calloc(lines, sizeof *c->stamp);
    c->clock = 0;
    return c->tag && c->stamp;
}

void cache_free(cache_t *c) {
    free(c->tag);
    free(c->stamp);
    c->tag = c->stamp = NULL;
}

bool cache_access(cache_t *c, uint64_t line_index, uint64_t tag) {
    unsigned base = (unsigned)(line_index % c->sets) * c->ways;
    for (unsigned w = 0; w < c->ways; w++)
        if (c->tag[base + w] == tag + 1) {
            c->stamp[base + w] = ++c->clock;
            return true;
        }
    return false;
}

unsigned cache_victim(const cache_t *c, uint64_t line_index, uint64_t tag, bool *present) {
    unsigned base = (unsigned)(line_index % c->sets) * c->ways, victim = base;
    *present = false;
    for (unsigned w = 0; w < c->ways; w++) {
        unsigned i = base + w;
        if (c->tag[i] == tag + 1) {                 /* already present (a racing fill) */
            *present = true;
            return i;
        }
        if (c->tag[i] == 0) return i;
        if (c->stamp[i] < c->stamp[victim]) victim = i;
    }
    return victim;
}

int cache_victim_unlocked(const cache_t *c, uint64_t line_index, const uint8_t *locked) {
    unsigned base = (unsigned)(line_index % c->sets) * c->ways;
    int victim = -1;
    for (unsigned w = 0; w < c->ways; w++) {
        unsigned i = base + w;
        if (locked[i]) continue;
        if (c->tag[i] == 0) return (int)i;
        if (victim < 0 || c->stamp[i] < c->stamp[victim]) victim = (int)i;
    }
    return victim;
}

void cache_set(cache_t *c, unsigned slot, uint64_t tag) {
    c->tag[slot] = tag + 1;
    c->stamp[slot] = ++c->clock;
}

unsigned cache_fill_slot(cache_t *c, uint64_t line_index, uint64_t tag, bool *inserted) {
    bool present;
    unsigned victim = cache_victim(c, line_index, tag, &present);
    *inserted = !present;
    if (present) return victim;
    c->tag[victim] = tag + 1;
    c->stamp[victim] = ++c->clock;
    *inserted = true;
    return victim;
}

void cache_fill(cache_t *c, uint64_t line_index, uint64_t tag) {
    bool inserted;
    cache_fill_slot(c, line_index, tag, &inserted);
}

int cache_slot(const cache_t *c, uint64_t line_index, uint64_t tag) {
    unsigned base = (unsigned)(line_index % c->sets) * c->ways;
    for (unsigned w = 0; w < c->ways; w++)
        if (c->tag[base + w] == tag + 1) return (int)(base + w);
    return -1;
}

void cache_touch(cache_t *c, unsigned slot) { c->stamp[slot] = ++c->clock; }

/* ---- the L1 through the BA tag unit ---------------------------------------------------------- */

bool l1_tags_init(l1_tags *l, unsigned kib, unsigned ways, ba_mode mode, unsigned threshold) {
    unsigned lines = kib * 1024u / BA_LINE_BYTES;
    l->data = NULL;
    l->unit.line = NULL;
    if (ways == 0 || ways > BA_MAX_WAYS || lines < ways || lines % ways) return false;
    ba_config cfg;
    ba_config_default(&cfg, ways, mode);
    cfg.sets = lines / ways;
    if (threshold) cfg.threshold = threshold;
    if (ba_init(&l->unit, &cfg) != NP_OK) return false;
    l->data = calloc(lines, 1);
    return l->data != NULL;
}

void l1_tags_free(l1_tags *l) {
    if (l->unit.line) ba_free(&l->unit);
    free(l->data);
    l->data = NULL;
}

int l1_tags_data_slot(const l1_tags *l, uint64_t line) {
    unsigned ways = l->unit.cfg.ways, set = ba_set_of(&l->unit, line);
    ba_lookup_out lk = ba_lookup(ba_set_lines(&l->unit, set), ways, ba_tag_of(&l->unit, line));
    if (!lk.match || lk.match_bypass) return -1;
    return (int)(set * ways + lk.match_way);
}

ba_result l1_tags_access(l1_tags *l, uint64_t line, bool write) {
    ba_result r = ba_access(&l->unit, line, write ? BA_OP_WRITE : BA_OP_READ);
    unsigned slot = r.set * l->unit.cfg.ways + r.way;
    switch (r.outcome) {
    case BA_MISS_FILL:
    case BA_MISS_EVICT:
    case BA_BYPASS:
    case BA_PSEUDO_HIT:        /* a bypass record holds no data; the fill is now in flight */
    case BA_WRITE_EVICT:
        l->data[slot] = 0;
        break;
    default:
        break;
    }
    return r;
}
