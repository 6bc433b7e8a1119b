/* Tag store with LRU; see cache.h. */
#include "cache.h"

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

void cache_fill(cache_t *c, uint64_t line_index, uint64_t tag) {
    unsigned base = (unsigned)(line_index % c->sets) * c->ways, victim = base;
    for (unsigned w = 0; w < c->ways; w++) {
        unsigned i = base + w;
        if (c->tag[i] == tag + 1) return;          /* already present (a racing fill) */
        if (c->tag[i] == 0) {
            victim = i;
            break;
        }
        if (c->stamp[i] < c->stamp[victim]) victim = i;
    }
    c->tag[victim] = tag + 1;
    c->stamp[victim] = ++c->clock;
}
