/* Flit-level network model: input-queued VC routers with credits, wormhole switching, VC and
 * switch allocators and a 3-stage lookahead pipeline; network interfaces (NIs) that packetise
 * and inject, eject and reassemble. Timing and the zero-load latency formula: docs/sim.md.
 *
 * Pipeline of one hop (cycle c = the cycle a head flit is written into an input buffer):
 *   c    BW + VA   (the route was computed one hop ahead, so VA can start at once)
 *   c+1  SA
 *   c+2  ST
 *   c+3  LT        (the flit is written into the next router's buffer at c+4)
 * The model keeps this schedule with time stamps: a flit that wins SA at cycle s is placed in
 * the downstream buffer at once with `ready` = s+4, its first SA cycle there. */
#ifndef SIM_NET_H
#define SIM_NET_H

#include <stdbool.h>
#include <stdint.h>
#include "util/config.h"
#include "mcast.h"

#define NET_NO_PACKET UINT32_MAX
#define NET_CLASSES 2u
enum { CLASS_REQUEST = 0, CLASS_REPLY = 1 };

/* flit_t.flags */
enum { FLIT_HEAD = 1, FLIT_TAIL = 2, FLIT_MULTICAST = 4, FLIT_REPLY = 8 };

typedef struct {
    uint32_t pkt;       /* packet record (a replica has its own record) */
    uint8_t dest;       /* copies of the record's routing fields (a router routes a head without */
    uint8_t flags;      /*   reading the record): unicast destination, FLIT_* */
    uint16_t len;       /* flits in the packet */
    /* first cycle this flit may take part in SA (arrival + 1), modulo 2^32: compared with the
     * current cycle as a signed difference (flit_after, flit_cycle), exact while no flit stays
     * 2^31 cycles in one buffer (as target_t.sa_from); 12 bytes let an input VC's state and its
     * 8-flit ring share two cache lines (net_internal.h, in_vc) */
    uint32_t ready;
} flit_t;

typedef struct {
    uint64_t uid;       /* id of the original packet; every replica carries it */
    uint64_t created;   /* cycle the source created it (latency starts here) */
    uint64_t injected;  /* cycle its head left the source NI */
    mcast_set dests;    /* multicast: this replica's destination subset */
    uint32_t user;      /* opaque handle of the client that created it */
    uint32_t next;      /* NI queue link / free list */
    uint16_t src, dest; /* dest: unicast destination */
    uint16_t len;       /* flits */
    uint8_t cls;        /* CLASS_REQUEST or CLASS_REPLY */
    uint8_t multicast;
} packet_t;

typedef struct network network;

/* The client (synthetic traffic or the GPU memory system) sees ejected packets. */
typedef struct {
    void *ctx;
    /* May `node` take the packet whose tail has arrived? false keeps it in the NI (backpressure).
     * NULL: every packet is taken. */
    bool (*accept)(void *ctx, network *net, const packet_t *p, unsigned node);
    /* The tail of p arrived at `node` (after accept said yes); p is freed after the call. May be NULL. */
    void (*deliver)(void *ctx, network *net, const packet_t *p, unsigned node);
} net_client;

typedef struct {
    uint64_t packets[NET_CLASSES];      /* deliveries (a multicast packet counts once per destination) */
    uint64_t flits[NET_CLASSES];        /* flits ejected */
    uint64_t injected_packets[NET_CLASSES];
    uint64_t injected_flits[NET_CLASSES];
    uint64_t latency_sum[NET_CLASSES];  /* created -> tail ejected, deliveries of packets created in the window */
    uint64_t net_latency_sum[NET_CLASSES]; /* head injected -> tail ejected */
    uint64_t latency_count[NET_CLASSES];
    uint64_t latency_max[NET_CLASSES];
    uint64_t head_latency_sum;          /* created -> head ejected, deliveries of multi-flit packets created in the window */
    uint64_t head_latency_count;
    uint64_t link_flits;                /* router-to-router link traversals */
    uint64_t window_start;              /* latency counts packets created in [window_start, window_end) */
    uint64_t window_end;
} net_stats;

network *net_create(const sim_config *cfg, const net_client *client, char *err, size_t err_len);
void net_destroy(network *net);

/* Endpoint count, router count, current cycle. */
unsigned net_nodes(const network *net);
unsigned net_links(const network *net);
uint64_t net_now(const network *net);
const net_stats *net_get_stats(const network *net);
void net_reset_stats(network *net);    /* starts a new window at the current cycle */
void net_close_window(network *net);   /* packets created from now on are not in the window */
size_t net_memory_bytes(const network *net);

/* Flits per packet for a payload of `payload_bits` (config_packet_flits: head + ceil(payload/channel),
 * or max(1, ceil(payload/channel)) with packet_head = sideband). */
unsigned net_packet_flits(const network *net, uint64_t payload_bits);

/* Create and queue a unicast packet at src's NI; returns its uid. */
uint64_t net_send_unicast(network *net, unsigned src, unsigned dest, unsigned cls, unsigned len, uint32_t user);
/* Create and queue a multicast packet (dests must not contain src), of either class (the GPU
 * model multicasts coalesced read replies with CLASS_REPLY). A packet longer than vc_depth
 * travels through the replication buffers (docs/sim.md "Multicast") and must not be longer than
 * the configuration's mcast_max_flits (config_mcast_max_flits); a longer one stops the program
 * with a message. Packets have 1 to 255 flits. */
uint64_t net_send_multicast(network *net, unsigned src, const mcast_set *dests, unsigned cls,
                            unsigned len, uint32_t user);

/* The client sends unicast packets only (net_send_multicast with one destination at most): the
 * network may then step its routers with the dense router phase (docs/sim.md "How the cycle
 * loop avoids work"), which gives the same deliveries at the same cycles. Call before the first
 * step; returns whether the dense phase was chosen. */
bool net_unicast_only(network *net);

/* Advance one cycle. */
void net_step(network *net);
/* True when no packet is queued, in flight or waiting in an NI. */
bool net_idle(const network *net);
/* Packets queued at src's NI that have not started injection (per class). */
unsigned net_queued(const network *net, unsigned src, unsigned cls);

#endif
