/* Potential inter-core locality; see locality.h. */
#include "gpu/locality.h"

#include <stdlib.h>
#include <stdio.h>
#include <cJSON.h>

const unsigned loc_window_cycles[LOC_WINDOWS] = {120, 240, 480, 960, 1920};

bool loc_init(loc_table *t) {
    t->cap = 1024;
    t->used = 0;
    t->n = (loc_counts){0};
    t->slot = calloc(t->cap, sizeof *t->slot);
    return t->slot != NULL;
}

void loc_free(loc_table *t) {
    free(t->slot);
    t->slot = NULL;
}

static size_t hash_line(uint64_t line) {
    line ^= line >> 33;
    line *= UINT64_C(0xff51afd7ed558ccd);
    line ^= line >> 33;
    return (size_t)line;
}

static loc_entry *find_or_add(loc_entry *slot, size_t cap, uint64_t key, bool *added) {
    size_t i = hash_line(key) & (cap - 1);
    while (slot[i].line && slot[i].line != key) i = (i + 1) & (cap - 1);
    *added = slot[i].line == 0;
    slot[i].line = key;
    return &slot[i];
}

static bool grow(loc_table *t) {
    size_t cap = t->cap * 2;
    loc_entry *s = calloc(cap, sizeof *s);
    if (!s) return false;
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->slot[i].line) continue;
        bool added;
        *find_or_add(s, cap, t->slot[i].line, &added) = t->slot[i];
    }
    free(t->slot);
    t->slot = s;
    t->cap = cap;
    return true;
}

/* The entry of `line` (a new one with no live window if absent); NULL: out of memory. */
static loc_entry *entry(loc_table *t, uint64_t line) {
    if (!t->slot && !loc_init(t)) return NULL;            /* a zeroed table starts at its first use */
    if (2 * (t->used + 1) > t->cap && !grow(t)) return NULL;
    bool added;
    loc_entry *e = find_or_add(t->slot, t->cap, line + 1, &added);
    if (added) t->used++;
    return e;
}

bool loc_mark_written(loc_table *t, uint64_t line) {
    loc_entry *e = entry(t, line);
    if (e) e->written = true;
    return e != NULL;
}

bool loc_read(loc_table *t, uint64_t line, uint64_t now) {
    loc_entry *e = entry(t, line);
    if (!e) return false;
    t->n.reads++;
    for (unsigned k = 0; k < LOC_WINDOWS; k++) {
        if (e->count[k] && now - e->start[k] < loc_window_cycles[k]) {
            e->count[k]++;                               /* the live entry records one more access */
            unsigned add = e->count[k] == 2 ? 2 : 1;     /* its first access counts from now on too */
            t->n.local[k] += add;
            if (e->written) t->n.local_rw[k] += add;
            continue;
        }
        e->start[k] = now;                               /* no live entry: a new one */
        e->count[k] = 1;
    }
    return true;
}

double loc_ratio(const loc_counts *c, unsigned k) { return c->reads ? (double)c->local[k] / (double)c->reads : 0.0; }

double loc_rw_share(const loc_counts *c, unsigned k) { return c->local[k] ? (double)c->local_rw[k] / (double)c->local[k] : 0.0; }

void *loc_json(const loc_counts *c) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "reads", (double)c->reads);
    for (unsigned k = 0; k < LOC_WINDOWS; k++) {
        char key[32];
        snprintf(key, sizeof key, "window_%u", loc_window_cycles[k]);
        cJSON_AddNumberToObject(o, key, loc_ratio(c, k));
    }
    for (unsigned k = 0; k < LOC_WINDOWS; k++) {      /* Fig. 2b: read-write share of the locality */
        char key[32];
        snprintf(key, sizeof key, "read_write_%u", loc_window_cycles[k]);
        cJSON_AddNumberToObject(o, key, loc_rw_share(c, k));
    }
    return o;
}
