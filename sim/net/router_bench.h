/* One npsim router driven per port from outside (docs/router.md "Equivalence"): the router code
 * the simulator runs (router.c, in a mesh built by net_create), with its five input links fed by
 * the caller (as an upstream router or NI would) and its five output links ending at the caller
 * (as a downstream router would: credits, the release of VCs it holds). The Verilator harness of
 * the RTL router (verilator_tb/router_mcast_tb.cpp) drives this and the RTL with the same flit
 * and credit streams.
 *
 * One cycle, in this order:
 *   rbench_step       credits and releases due now are applied, the router runs VA and SA;
 *                     returns the flits it sent (switch allocation won in this cycle)
 *   rbench_returned / rbench_released   what the router gave back to an input this cycle
 *   rbench_send       a flit into an input (written next cycle, as an NI's: ready = now + 2)
 *   rbench_return_credit / rbench_release / rbench_hold   downstream's answers, for later cycles
 *   rbench_end_cycle  now++ */
#ifndef SIM_NET_ROUTER_BENCH_H
#define SIM_NET_ROUTER_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "mcast.h"
#include "util/config.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct router_bench router_bench;

typedef struct {
    unsigned port, vc;          /* output port and downstream VC (rbench_step), or input (rbench_send) */
    bool head, tail, multicast, reply;
    unsigned len;               /* flits in the packet */
    unsigned dest;              /* unicast destination */
    mcast_set dests;            /* multicast: the (replica's) destination set */
    uint64_t uid;               /* id of the original packet (every replica carries it) */
    unsigned index;             /* flit number within the packet */
} rbench_flit;

/* The npsim configuration that router_vc (rtl/router/router_vc.v) at its default parameters and
 * mesh side k is equal to, cycle by cycle (docs/router.md 1): 4 VCs (2 request, 2 reply) of 8
 * flits, credit_delay 1, multicast packets of up to 9 flits, XY requests and YX replies, the
 * VC-first switch allocator, body flits in SA from the cycle after their write, npsim's default
 * VC allocator (separable: router_vc's default VaAlloc = 1), no injection-channel cycles. */
void rbench_rtl_config(sim_config *cfg, unsigned k);

/* A mesh of cfg (topology mesh) with router `router` driven from outside. NULL and a message in
 * err when the configuration is invalid or not a mesh. */
router_bench *rbench_create(const sim_config *cfg, unsigned router, char *err, size_t err_len);
void rbench_destroy(router_bench *b);

uint64_t rbench_now(const router_bench *b);
/* Node of the router; nodes of the mesh. */
unsigned rbench_router(const router_bench *b);
unsigned rbench_nodes(const router_bench *b);
/* The port the model routes a unicast packet of class cls to `dest` at router `at`. */
unsigned rbench_route_port(const router_bench *b, unsigned at, unsigned cls, unsigned dest);

unsigned rbench_step(router_bench *b, const rbench_flit **sent);

/* Input side (the caller is the upstream router): VC v of input p may take a new packet (free
 * and not held), its credits, what the router returned this cycle. */
bool rbench_in_free(const router_bench *b, unsigned p, unsigned v);
unsigned rbench_in_credits(const router_bench *b, unsigned p, unsigned v);
unsigned rbench_returned(const router_bench *b, unsigned p, unsigned v);
bool rbench_released(const router_bench *b, unsigned p, unsigned v);
/* Send flit f (f->port, f->vc; a head starts a packet with f's fields, later flits continue it)
 * from upstream in this cycle: uses a credit; the tail frees the VC, or leaves it held when the
 * router has taken the packet into a replication buffer. */
void rbench_send(router_bench *b, const rbench_flit *f);

/* Output side (the caller is the downstream router): a credit of VC v of output q, or the
 * release of that VC held downstream, usable from cycle `at` (now < at <= now + 20); hold: the
 * downstream router took the packet now on that VC into a replication buffer (before its tail). */
void rbench_return_credit(router_bench *b, unsigned q, unsigned v, uint64_t at);
void rbench_release(router_bench *b, unsigned q, unsigned v, uint64_t at);
void rbench_hold(router_bench *b, unsigned q, unsigned v);

void rbench_end_cycle(router_bench *b);

#ifdef __cplusplus
}
#endif
#endif
