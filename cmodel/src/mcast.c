/* Multicast route computation golden model; see cmodel/include/mcast.h. */
#include "mcast.h"

#include <string.h>

void mcast_set_clear(mcast_set *s) { memset(s, 0, sizeof *s); }

void mcast_set_add(mcast_set *s, unsigned node) { s->w[node >> 6] |= UINT64_C(1) << (node & 63u); }

bool mcast_set_has(const mcast_set *s, unsigned node) {
    return node < MCAST_MAX_NODES && ((s->w[node >> 6] >> (node & 63u)) & 1u);
}

unsigned mcast_set_count(const mcast_set *s) {
    unsigned n = 0;
    for (unsigned i = 0; i < MCAST_SET_WORDS; i++) n += (unsigned)__builtin_popcountll(s->w[i]);
    return n;
}

bool mcast_set_empty(const mcast_set *s) {
    uint64_t any = 0;
    for (unsigned i = 0; i < MCAST_SET_WORDS; i++) any |= s->w[i];
    return any == 0;
}

bool mcast_set_equal(const mcast_set *a, const mcast_set *b) {
    return memcmp(a->w, b->w, sizeof a->w) == 0;
}

unsigned mcast_set_next(const mcast_set *s, unsigned from) {
    for (unsigned i = from >> 6; i < MCAST_SET_WORDS; i++) {
        uint64_t word = s->w[i];
        if (i == (from >> 6)) word &= ~UINT64_C(0) << (from & 63u);
        if (word) return i * 64u + (unsigned)__builtin_ctzll(word);
    }
    return MCAST_MAX_NODES;
}

np_result mcast_mesh_check(const mcast_mesh *m) {
    if (m == NULL || m->kx == 0 || m->ky == 0 || m->kx * m->ky > MCAST_MAX_NODES) return NP_BAD_PARAM;
    return NP_OK;
}

/* One dimension step: the port that moves `c` toward `d` along one axis, or LOCAL when equal. */
static unsigned axis_port(unsigned c, unsigned d, unsigned pos_port, unsigned neg_port) {
    if (d > c) return pos_port;
    if (d < c) return neg_port;
    return MCAST_PORT_LOCAL;
}

unsigned mcast_dor_port(const mcast_mesh *m, unsigned cur, unsigned dest, mcast_order order) {
    unsigned cx = cur % m->kx, cy = cur / m->kx;
    unsigned dx = dest % m->kx, dy = dest / m->kx;
    unsigned px = axis_port(cx, dx, MCAST_PORT_XPOS, MCAST_PORT_XNEG);
    unsigned py = axis_port(cy, dy, MCAST_PORT_YPOS, MCAST_PORT_YNEG);
    if (order == MCAST_XY) return px != MCAST_PORT_LOCAL ? px : py;
    return py != MCAST_PORT_LOCAL ? py : px;
}

/* True when every member of s is below `nodes`. */
static bool set_within(const mcast_set *s, unsigned nodes) {
    return mcast_set_next(s, nodes) == MCAST_MAX_NODES;
}

np_result mcast_split(const mcast_mesh *m, unsigned cur, mcast_order order, const mcast_set *dests,
                      mcast_set out[MCAST_MESH_PORTS], unsigned *port_mask) {
    if (mcast_mesh_check(m) != NP_OK || dests == NULL || out == NULL || port_mask == NULL)
        return NP_BAD_PARAM;
    unsigned nodes = m->kx * m->ky;
    if (cur >= nodes || !set_within(dests, nodes)) return NP_BAD_PARAM;
    if (order != MCAST_XY && order != MCAST_YX) return NP_BAD_PARAM;
    for (unsigned p = 0; p < MCAST_MESH_PORTS; p++) mcast_set_clear(&out[p]);
    unsigned mask = 0;
    for (unsigned d = mcast_set_next(dests, 0); d < MCAST_MAX_NODES; d = mcast_set_next(dests, d + 1)) {
        unsigned p = mcast_dor_port(m, cur, d, order);
        mcast_set_add(&out[p], d);
        mask |= 1u << p;
    }
    *port_mask = mask;
    return NP_OK;
}

bool mcast_neighbour(const mcast_mesh *m, unsigned cur, unsigned port, unsigned *next) {
    unsigned x = cur % m->kx, y = cur / m->kx;
    switch (port) {
    case MCAST_PORT_XPOS: if (x + 1 >= m->kx) return false; x++; break;
    case MCAST_PORT_XNEG: if (x == 0) return false; x--; break;
    case MCAST_PORT_YPOS: if (y + 1 >= m->ky) return false; y++; break;
    case MCAST_PORT_YNEG: if (y == 0) return false; y--; break;
    default: return false;
    }
    *next = y * m->kx + x;
    return true;
}

np_result mcast_lookahead(const mcast_mesh *m, unsigned cur, mcast_order order, const mcast_set *dests,
                          mcast_set out[MCAST_MESH_PORTS][MCAST_MESH_PORTS],
                          unsigned mask[MCAST_MESH_PORTS]) {
    if (out == NULL || mask == NULL) return NP_BAD_PARAM;
    mcast_set here[MCAST_MESH_PORTS];
    unsigned here_mask;
    np_result r = mcast_split(m, cur, order, dests, here, &here_mask);
    if (r != NP_OK) return r;
    for (unsigned p = 0; p < MCAST_MESH_PORTS; p++) {
        for (unsigned q = 0; q < MCAST_MESH_PORTS; q++) mcast_set_clear(&out[p][q]);
        mask[p] = 0;
        unsigned next;
        /* An empty subset (LOCAL included) has an all-empty next-hop split. */
        if (p == MCAST_PORT_LOCAL || mcast_set_empty(&here[p])) continue;
        if (!mcast_neighbour(m, cur, p, &next)) return NP_BAD_PARAM;   /* DOR never leaves the mesh */
        r = mcast_split(m, next, order, &here[p], out[p], &mask[p]);
        if (r != NP_OK) return r;
    }
    return NP_OK;
}

np_result mcast_xbar_split(unsigned nodes, const mcast_set *dests, mcast_set out[], unsigned *ports) {
    if (nodes == 0 || nodes > MCAST_MAX_NODES || dests == NULL || out == NULL || ports == NULL)
        return NP_BAD_PARAM;
    if (!set_within(dests, nodes)) return NP_BAD_PARAM;
    unsigned n = 0;
    for (unsigned p = 0; p < nodes; p++) {
        mcast_set_clear(&out[p]);
        if (mcast_set_has(dests, p)) {
            mcast_set_add(&out[p], p);
            n++;
        }
    }
    *ports = n;
    return NP_OK;
}
