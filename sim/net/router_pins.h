/* npsim's router at router_vc's pins, one RTL cycle per call (docs/router.md 6, docs/systemc.md
 * "The router"): the SystemC component's model form (verilator_tb/systemc/np_sc_router.cpp).
 *
 * router_stim.h drives npsim's router with traffic it makes itself and knows every packet by its
 * id; this takes what arbitrary pins carry instead: the flits on the five input links (a head's
 * fields as docs/router.md 2 has them, any payload), the downstream's credits and releases, and
 * gives what router_mcast's outputs show in the same cycle: the flits on the five output links
 * (each head rewritten for the next hop, the payload carried over), the credits and releases
 * every input VC returns. The timing is router_stim.h's: a flit the model switch-allocates in
 * cycle c is on the output in c+2; the credits the RTL shows in c are what the model's router
 * returns in c+1 (so a call runs the model's cycle c+1 once c's inputs are in); a credit or
 * release on the pins in c is the model's at c+1. The downstream's replication buffers are the
 * RTL's rule (rstim_held_downstream): a VC that carried such a packet stays held until released.
 *
 * Parameters: router_mcast's (router_stim.h's RSTIM_*: 8x8 mesh, 4 VCs of 8 flits, 128-bit
 * flits), any router not on the mesh edge. */
#ifndef SIM_NET_ROUTER_PINS_H
#define SIM_NET_ROUTER_PINS_H

#include <stdbool.h>
#include <stddef.h>

#include "net/router_stim.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct router_pins router_pins;

/* Longest packet the pins model keeps the payload of (router_stim's packets have up to 12). */
#define RPINS_MAX_FLITS 16u

/* NULL and a message in err when npsim refuses the configuration or the router is on the edge. */
router_pins *rpins_create(unsigned router, char *err, size_t err_len);
void rpins_destroy(router_pins *rp);

/* One cycle: reads c->in, c->out_credit, c->out_release (the input pins in this cycle), writes
 * c->out, c->in_credit, c->in_release (the output pins in it). false, with a message in err and
 * nothing run, when the inputs break the link protocol: a flit on a VC without a credit, a head
 * on a VC that is not free, a body flit without a packet, a packet longer than RPINS_MAX_FLITS. */
bool rpins_cycle(router_pins *rp, rstim_cycle *c, char *err, size_t err_len);

#ifdef __cplusplus
}
#endif
#endif
