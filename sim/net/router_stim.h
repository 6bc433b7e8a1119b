/* The router equivalence check's traffic and expectations, cycle by cycle (docs/router.md 6):
 * npsim's router (router_bench.h) at router_mcast's parameters (the 8x8 mesh, 4 VCs of 8 flits,
 * 128-bit flits, replication buffers of 9 flits; rbench_rtl_config), router 35 (x = 3, y = 4:
 * all five ports in use), driven on every input with random unicast and multicast packets and
 * answered downstream with random credit delays, holds and releases. Each record is one cycle of
 * the RTL router: what its input pins carry in that cycle and what the model says its outputs
 * show in it. The Verilator harness (verilator_tb/router_mcast_tb.cpp) drives the RTL with these
 * records and compares; `npsim router-vectors` writes them as the golden vectors the Icarus
 * bench replays (vectors/router/router_mcast.hex, docs/vectors.md). Nothing here reads the RTL.
 *
 * Timing (docs/router.md 6): a flit the model switch-allocates in cycle c leaves the RTL's
 * output register in c+2; a credit or release the model's router returns in cycle c was on the
 * RTL's in_credit_o / in_release_o in c-1 (credit_delay 1); the downstream's credits and
 * releases the model takes at cycle a are on out_credit_i / out_release_i in a-1. */
#ifndef SIM_NET_ROUTER_STIM_H
#define SIM_NET_ROUTER_STIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/router_bench.h"
#include "util/rng.h"

#ifdef __cplusplus
extern "C" {
#endif

/* router_mcast's parameters (router_vc's defaults, rtl/router/unit.mk). */
#define RSTIM_K 8u
#define RSTIM_NODES (RSTIM_K * RSTIM_K)
#define RSTIM_PORTS 5u
#define RSTIM_VCS 4u
#define RSTIM_VCS_REQ 2u
#define RSTIM_DEPTH 8u
#define RSTIM_MCAST_MAX 9u
#define RSTIM_FLIT_WORDS 4u              /* 128-bit flits */
#define RSTIM_ROUTER (4u * RSTIM_K + 3u)  /* the driven router */
/* Head flit fields (docs/router.md "Flit"): class, multicast, length, route, destinations. */
#define RSTIM_F_CLS 0u
#define RSTIM_F_MC 1u
#define RSTIM_F_LEN 2u
#define RSTIM_LEN_W 8u
#define RSTIM_F_ROUTE (RSTIM_F_LEN + RSTIM_LEN_W)
#define RSTIM_F_DEST (RSTIM_F_ROUTE + 5u)
#define RSTIM_F_PAY (RSTIM_F_DEST + RSTIM_NODES)

typedef struct {
    bool valid, head, tail;
    unsigned vc;
    uint32_t data[RSTIM_FLIT_WORDS];
} rstim_flit;

typedef struct {                               /* one cycle of the RTL router */
    uint64_t cycle;
    /* inputs: the flit on each input link, the downstream's credits and releases */
    rstim_flit in[RSTIM_PORTS];
    unsigned out_credit[RSTIM_PORTS * RSTIM_VCS];    /* out_credit_i, entry q * VCS + v */
    uint32_t out_release;                            /* out_release_i, bit q * VCS + v */
    /* the model's expectation of the outputs in this cycle */
    rstim_flit out[RSTIM_PORTS];
    unsigned in_credit[RSTIM_PORTS * RSTIM_VCS];     /* in_credit_o, entry p * VCS + v */
    uint32_t in_release;                             /* in_release_o, bit p * VCS + v */
} rstim_cycle;

typedef struct {
    uint64_t seed;
    uint64_t count;        /* flits to send; then the run drains */
    double load;           /* probability that an input offers a flit in a cycle */
    double mcast_share;    /* share of multicast packets */
    double stall;          /* share of downstream stall bursts (per output port) */
    sim_va_alloc va_alloc; /* the model's VC allocator (router_vc's VaAlloc): rstim_default_params gives npsim's default */
    uint64_t timeout;      /* cycles without a flit leaving the model router: a hang */
    uint64_t max_cycles;   /* 0: 64 * count + 100000 */
} rstim_params;

typedef struct {
    uint64_t flits_in, flits_out, credits, releases, packets, mcast, long_mcast, holds, cycles;
    /* The router's latency as the RTL shows it: the fewest cycles from a flit on an input link to
     * it (or a replica) on an output link, and how many output flits took that few; the fewest
     * cycles between two flits on one output (its initiation interval). */
    uint64_t latency_min, latency_min_flits, ii_min;
} rstim_totals;

typedef enum { RSTIM_CYCLE, RSTIM_DONE, RSTIM_HANG } rstim_status;

typedef struct router_stim router_stim;

/* The check's traffic (60 % load per input, 30 % multicast, 30 % of the outputs' stall bursts, a hang
 * after 20,000 cycles without a flit out) on npsim's default VC allocator, which is the built
 * router's (router_vc's default VaAlloc): the golden vectors' run and the base of every driver's. */
rstim_params rstim_default_params(uint64_t seed, uint64_t count);

/* NULL and a message in err when npsim refuses the configuration. */
router_stim *rstim_create(const rstim_params *p, char *err, size_t err_len);
void rstim_destroy(router_stim *s);
/* The next cycle's record (RSTIM_CYCLE), or RSTIM_DONE once every flit went through and every
 * credit came back, or RSTIM_HANG (rstim_hang_reason says why). */
rstim_status rstim_next(router_stim *s, rstim_cycle *out);
const char *rstim_hang_reason(const router_stim *s);
const rstim_totals *rstim_totals_of(const router_stim *s);

/* The packets the router checks offer (this one and the 4x4 mesh's, router_mesh_tile_tb.cpp): a
 * share of multicast packets to 2..6 destinations or, one in four, 2..max_set, of 1..McastMax
 * flits (the longest through the replication buffers); unicast packets of 1..5 flits or, one in
 * three, 1..12. No multicast set holds `src` (`nodes`: any node may be in it). */
typedef struct {
    bool multicast;
    unsigned len;
    unsigned dest;         /* unicast */
    mcast_set dests;       /* multicast */
} rstim_packet;
void rstim_random_packet(sim_rng *r, double mcast_share, unsigned nodes, unsigned max_set, unsigned src,
                         rstim_packet *out);

/* A head's fields as it travels on a link towards router `at` (docs/router.md 2): bits below
 * RSTIM_F_PAY of d are rewritten (class, multicast, length, the route at `at` computed one hop
 * ahead, or empty with no next hop (ejected), the destination set or node), the payload above
 * them is kept. b gives npsim's unicast route. */
void rstim_head_fields(const router_bench *b, const rbench_flit *f, unsigned at, bool has_next, uint32_t *d);
/* The router on output `port` of `router` (false for LOCAL: ejected); aborts on the mesh edge. */
bool rstim_next_hop(unsigned router, unsigned port, unsigned *next);
/* Whether the next router takes the packet whose head f leaves on f->port into its replication
 * buffer (npsim's out_vc.held; the RTL's own rule, docs/router.md 3): a multicast packet longer
 * than a VC buffer that the next router replicates. */
bool rstim_held_downstream(const rbench_flit *f, bool has_next, unsigned next);

/* Bits lo .. lo+n-1 of a little-endian array of 32-bit words: put sets them to v (bits of v
 * above 63 are 0, so a wide field can be cleared in one call), get reads them (n <= 64). */
void rstim_put_bits(uint32_t *w, unsigned lo, unsigned n, uint64_t v);
uint64_t rstim_get_bits(const uint32_t *w, unsigned lo, unsigned n);

#ifdef __cplusplus
}
#endif
#endif
