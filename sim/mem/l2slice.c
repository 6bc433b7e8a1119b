/* L2 slice with MSHRs; see l2slice.h. */
#include "mem/l2slice.h"

#include <stdlib.h>
#include <string.h>

bool l2s_init(l2_slice *s, unsigned kib, unsigned ways, unsigned mshrs, unsigned merge) {
    memset(s, 0, sizeof *s);
    if (!mshrs || !merge || !cache_init(&s->tags, kib, ways)) return false;
    s->mshrs = mshrs;
    s->merge = merge;
    s->dirty = calloc((size_t)s->tags.sets * s->tags.ways, 1);
    s->mshr = calloc(mshrs, sizeof *s->mshr);
    if (!s->dirty || !s->mshr) return false;
    for (unsigned i = 0; i < mshrs; i++)
        if (!(s->mshr[i].waiter = calloc(merge, sizeof *s->mshr[i].waiter))) return false;
    return true;
}

void l2s_free(l2_slice *s) {
    cache_free(&s->tags);
    for (unsigned i = 0; s->mshr && i < s->mshrs; i++) free(s->mshr[i].waiter);
    free(s->mshr);
    free(s->dirty);
    memset(s, 0, sizeof *s);
}

static l2s_mshr *find_mshr(l2_slice *s, uint64_t line) {
    for (unsigned i = 0; i < s->mshrs; i++)
        if (s->mshr[i].valid && s->mshr[i].line == line) return &s->mshr[i];
    return NULL;
}

static l2s_mshr *free_mshr(l2_slice *s) {
    if (s->used == s->mshrs) return NULL;
    for (unsigned i = 0; i < s->mshrs; i++)
        if (!s->mshr[i].valid) return &s->mshr[i];
    return NULL;
}

l2s_outcome l2s_access(l2_slice *s, uint64_t index, uint64_t line, bool write, uint32_t tag) {
    int slot = cache_slot(&s->tags, index, line);
    if (slot >= 0) {
        cache_touch(&s->tags, (unsigned)slot);
        if (write) s->dirty[slot] = 1;
        s->st.hits++;
        return L2S_HIT;
    }
    l2s_mshr *m = find_mshr(s, line);
    if (m) {
        if (!write && m->nwait == s->merge) {
            s->st.reservation_fails++;
            return L2S_RESERVATION_FAIL;
        }
        if (write) m->dirty = true;
        else m->waiter[m->nwait++] = tag;
        s->st.merges++;
        return L2S_MERGED;
    }
    if (!(m = free_mshr(s))) {
        s->st.reservation_fails++;
        return L2S_RESERVATION_FAIL;
    }
    m->valid = true;
    m->line = line;
    m->dirty = write;
    m->nwait = 0;
    if (!write) m->waiter[m->nwait++] = tag;
    s->used++;
    s->st.misses++;
    return L2S_MISS;
}

unsigned l2s_fill(l2_slice *s, uint64_t index, uint64_t line, uint32_t *waiters, bool *wb, uint64_t *wb_line) {
    *wb = false;
    l2s_mshr *m = find_mshr(s, line);
    bool present;
    unsigned slot = cache_victim(&s->tags, index, line, &present);
    if (!present && s->tags.tag[slot] && s->dirty[slot]) {
        *wb = true;
        *wb_line = s->tags.tag[slot] - 1;
        s->st.writebacks++;
    }
    bool inserted;
    slot = cache_fill_slot(&s->tags, index, line, &inserted);
    if (inserted) s->dirty[slot] = 0;
    if (!m) return 0;
    if (m->dirty) s->dirty[slot] = 1;
    unsigned n = m->nwait;
    memcpy(waiters, m->waiter, n * sizeof *waiters);
    m->valid = false;
    m->nwait = 0;
    s->used--;
    return n;
}
