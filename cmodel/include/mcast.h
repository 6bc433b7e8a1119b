/* Multicast route computation: C golden model of the DOR multicast RC unit (seed 003, sec. 4.3).
 *
 * A multicast packet carries its destination set. At every router the RC unit splits the set
 * among the output ports by dimension-order routing (DOR): each destination goes to the port
 * a unicast packet to it would take, and one replica leaves on each port whose subset is not
 * empty. The simulator (sim/) routes every packet, unicast or multicast, through these
 * functions: they are the only copy of the routing rule in the project.
 *
 * Mesh coordinates: node n sits at x = n % kx, y = n / kx. Row 0 is the top row, row ky-1 the
 * bottom row. Ports: LOCAL (the node itself), XPOS (x+1), XNEG (x-1), YPOS (y+1), YNEG (y-1).
 * XY routing corrects x first, then y; YX corrects y first, then x.
 *
 * Example (4x4 mesh, XY, router 5 = (1,1)), dests {5, 6, 7, 9, 0}:
 *   LOCAL {5}, XPOS {6, 7}, XNEG {0}, YPOS {9}, YNEG {}  -> port mask 0b01111. */
#ifndef MCAST_H
#define MCAST_H

#include <stdbool.h>
#include <stdint.h>
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MCAST_MAX_NODES 256u                 /* a 16x16 mesh */
#define MCAST_SET_WORDS (MCAST_MAX_NODES / 64u)

/* A destination set: bit n of word n/64 set when node n is a destination. */
typedef struct {
    uint64_t w[MCAST_SET_WORDS];
} mcast_set;

typedef enum { MCAST_XY = 0, MCAST_YX = 1 } mcast_order;

enum {
    MCAST_PORT_LOCAL = 0,
    MCAST_PORT_XPOS = 1,
    MCAST_PORT_XNEG = 2,
    MCAST_PORT_YPOS = 3,
    MCAST_PORT_YNEG = 4,
    MCAST_MESH_PORTS = 5
};

typedef struct {
    unsigned kx;                             /* columns */
    unsigned ky;                             /* rows */
} mcast_mesh;

/* ---- destination sets ---------------------------------------------------------------------- */
void mcast_set_clear(mcast_set *s);
void mcast_set_add(mcast_set *s, unsigned node);          /* node < MCAST_MAX_NODES */
bool mcast_set_has(const mcast_set *s, unsigned node);
unsigned mcast_set_count(const mcast_set *s);
bool mcast_set_empty(const mcast_set *s);
bool mcast_set_equal(const mcast_set *a, const mcast_set *b);
/* Lowest member >= from, or MCAST_MAX_NODES when there is none (iteration helper). */
unsigned mcast_set_next(const mcast_set *s, unsigned from);

/* ---- routing ------------------------------------------------------------------------------- */
/* NP_OK when 1 <= kx, 1 <= ky and kx * ky <= MCAST_MAX_NODES. */
np_result mcast_mesh_check(const mcast_mesh *m);

/* The DOR rule: the output port at router `cur` of a packet for `dest` (both < kx*ky;
 * the caller guarantees it, this is the fast path used for every unicast hop). */
unsigned mcast_dor_port(const mcast_mesh *m, unsigned cur, unsigned dest, mcast_order order);

/* Split `dests` among the 5 mesh ports at router `cur`: out[p] receives the destinations routed
 * through port p (by mcast_dor_port), *port_mask gets bit p set when out[p] is not empty.
 * The subsets are disjoint and their union is `dests`.
 * NP_BAD_PARAM for a bad mesh, cur outside it, or a destination outside it. */
np_result mcast_split(const mcast_mesh *m, unsigned cur, mcast_order order, const mcast_set *dests,
                      mcast_set out[MCAST_MESH_PORTS], unsigned *port_mask);

/* The neighbour of router `cur` through mesh port `port` (XPOS, XNEG, YPOS or YNEG): true and
 * *next set when it lies inside the mesh; false (and *next untouched) at the mesh edge or for
 * LOCAL. The caller guarantees cur < kx*ky. */
bool mcast_neighbour(const mcast_mesh *m, unsigned cur, unsigned port, unsigned *next);

/* Lookahead route computation (seed 003 sec. 4.3, docs/mcast.md section 5): what a 3-stage
 * lookahead router computes at router `cur` for the next hop of every replica. For each mesh
 * port p in XPOS..YNEG, the subset S_p that mcast_split sends through p is split again at the
 * neighbour through p: out[p][q] = the destinations of S_p that the neighbour routes through
 * its port q, mask[p] bit q set when out[p][q] is not empty. Row LOCAL (a replica that leaves
 * the network has no next hop) is all empty with mask 0, and so is the row of a port that
 * leads off the mesh (DOR never routes a destination there: S_p is empty).
 * NP_BAD_PARAM for the same inputs as mcast_split. */
np_result mcast_lookahead(const mcast_mesh *m, unsigned cur, mcast_order order, const mcast_set *dests,
                          mcast_set out[MCAST_MESH_PORTS][MCAST_MESH_PORTS],
                          unsigned mask[MCAST_MESH_PORTS]);

/* Destination-tag replication in a crossbar of `nodes` ports: each destination d leaves on
 * port d (out[d] = {d}). out must hold `nodes` sets; *ports gets the number of replicas.
 * NP_BAD_PARAM when nodes is 0 or above MCAST_MAX_NODES or a destination is >= nodes. */
np_result mcast_xbar_split(unsigned nodes, const mcast_set *dests, mcast_set out[], unsigned *ports);

#ifdef __cplusplus
}
#endif
#endif
