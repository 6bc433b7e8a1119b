/* Warppool; see warppool.h. */
#include "gpu/warppool.h"

#include <stdlib.h>

bool wp_init(warppool *p, unsigned entries) {
    *p = (warppool){0};
    p->e = calloc(entries, sizeof *p->e);
    if (!p->e) return false;
    p->cap = entries;
    p->head = p->tail = WP_NONE;
    for (uint32_t i = 0; i < entries; i++) p->e[i].next = i + 1 < entries ? i + 1 : WP_NONE;
    p->free_list = 0;
    return true;
}

void wp_free(warppool *p) {
    free(p->e);
    p->e = NULL;
}

bool wp_insert(warppool *p, const trace_access *a, unsigned tag, uint64_t now, unsigned delay) {
    uint64_t line = a->addr >> 7;
    for (uint32_t i = p->head; i != WP_NONE; i = p->e[i].next) {   /* a waiting entry of the line: join it */
        wp_entry *e = &p->e[i];
        if (e->acc.addr >> 7 != line || e->n == WP_MAX_WAITERS) continue;
        e->tag[e->n++] = (uint16_t)tag;
        e->acc.mask = (uint8_t)(e->acc.mask | a->mask);
        p->merged++;
        return true;
    }
    if (p->free_list == WP_NONE) {
        p->full_cycles++;
        return false;
    }
    uint32_t id = p->free_list;
    wp_entry *e = &p->e[id];
    p->free_list = e->next;
    e->acc = *a;
    e->acc.addr = line << 7;
    e->ready_at = now + delay;
    e->tag[0] = (uint16_t)tag;
    e->n = 1;
    e->state = WP_WAITING;
    e->next = WP_NONE;
    if (p->tail == WP_NONE) p->head = id;
    else p->e[p->tail].next = id;
    p->tail = id;
    p->used++;
    return true;
}

uint32_t wp_ready(const warppool *p, uint64_t now) {
    return p->head != WP_NONE && p->e[p->head].ready_at <= now ? p->head : WP_NONE;
}

void wp_sent(warppool *p, uint32_t id) {            /* id is the head (FIFO selection) */
    wp_entry *e = &p->e[id];
    p->head = e->next;
    if (p->head == WP_NONE) p->tail = WP_NONE;
    e->next = WP_NONE;
    e->state = WP_SENT;
    p->accesses++;
}

void wp_release(warppool *p, uint32_t id) {
    wp_entry *e = &p->e[id];
    e->state = WP_FREE;
    e->n = 0;
    e->next = p->free_list;
    p->free_list = id;
    p->used--;
}
