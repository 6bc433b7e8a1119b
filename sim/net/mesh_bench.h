/* npsim's whole mesh network watched at its network interfaces (docs/router.md "The mesh check"):
 * the network the simulator runs (net_create, its NIs, routers and links, unchanged), with a
 * record of what each NI writes into its router's LOCAL input, what each router returns to the
 * NI (credits, releases of VCs its replication buffers held) and which packets each NI
 * delivers. The Verilator harness of the RTL mesh (verilator_tb/router_mesh_tb.cpp) feeds the
 * RTL's LOCAL inputs with the same flits and compares the rest.
 *
 * One cycle, in this order:
 *   mbench_step_routers   credits and events due, NI ejection (deliveries), the routers' VA and SA
 *   mbench_returned / mbench_released   what router n gave back to its NI this cycle
 *   mbench_step_finish    the NIs inject (mbench_injected: the flits written this cycle), now++ */
#ifndef SIM_NET_MESH_BENCH_H
#define SIM_NET_MESH_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "net/router_bench.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct mesh_bench mesh_bench;
typedef struct network network;

typedef struct {
    uint64_t uid;
    unsigned node;
    uint64_t cycle;
} mbench_delivery;

/* cfg must be a mesh; NULL and a message in err otherwise. */
mesh_bench *mbench_create(const sim_config *cfg, char *err, size_t err_len);
void mbench_destroy(mesh_bench *b);

/* The network, to queue packets with net_send_unicast / net_send_multicast and to read its state. */
network *mbench_network(mesh_bench *b);

void mbench_step_routers(mesh_bench *b);
/* Credits returned to, and release of a held VC seen by, NI n's injection VC v this cycle. */
unsigned mbench_returned(const mesh_bench *b, unsigned n, unsigned v);
bool mbench_released(const mesh_bench *b, unsigned n, unsigned v);
void mbench_step_finish(mesh_bench *b);

/* The flits the NIs wrote into their routers in the last mbench_step_finish (rbench_flit.port is
 * the node; at most one per node). */
unsigned mbench_injected(const mesh_bench *b, const rbench_flit **flits);
/* The packets delivered since the last call (a multicast packet once per destination). */
unsigned mbench_delivered(mesh_bench *b, const mbench_delivery **d);
/* NI n's injection VC v: credits, and whether it is free (no packet, not held). */
unsigned mbench_in_credits(const mesh_bench *b, unsigned n, unsigned v);
bool mbench_in_free(const mesh_bench *b, unsigned n, unsigned v);

#ifdef __cplusplus
}
#endif
#endif
