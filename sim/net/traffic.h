/* Synthetic traffic for network validation: uniform, hotspot, few-to-many, many-to-few, and
 * BookSim2's permutations transpose and bitcomp;
 * Bernoulli injection at a given flits/node/cycle; fixed packet length; optional multicast to
 * random destination sets. A run is warm-up, a measurement window, then a drain during which
 * injection continues until every packet created in the window has been delivered. */
#ifndef SIM_TRAFFIC_H
#define SIM_TRAFFIC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/config.h"

typedef struct {
    double offered;            /* flits/node/cycle offered by each source (the configured rate) */
    double accepted;           /* flits ejected per node per cycle during the window */
    double avg_latency;        /* created -> tail ejected, packets created in the window */
    double avg_net_latency;    /* head injected -> tail ejected */
    double avg_head_latency;   /* multi-flit packets: created -> head ejected (0: none) */
    uint64_t max_latency;
    uint64_t measured;         /* deliveries counted in the latency average */
    uint64_t expected;         /* deliveries owed to packets created in the window */
    bool drained;              /* every packet of the window arrived within drain_cycles */
    uint64_t cycles;           /* simulated cycles in total */
    uint64_t created;          /* packets created in total */
    uint64_t delivered;        /* deliveries in total (one per destination) */
    uint64_t audit_errors;     /* conservation audit: wrong or duplicate deliveries */
    uint64_t audit_missing;    /* conservation audit: deliveries never made */
    size_t memory_bytes;       /* network model allocation */
    double request_latency, reply_latency;   /* per class averages */
} traffic_result;

/* Run the configured synthetic traffic. With audit, every delivery is checked against the set
 * of destinations its packet was sent to, and the run drains completely (no drain limit). */
bool traffic_run(const sim_config *cfg, bool audit, traffic_result *res, char *err, size_t err_len);

/* The destination of `src` under a permutation pattern (TRAFFIC_TRANSPOSE or TRAFFIC_BITCOMP) on
 * `nodes` nodes, a power of two (an even one for transpose; traffic_run checks): transpose swaps
 * the high and low halves of the node number's bits (on a k x k mesh, node y*k + x: (x, y) ->
 * (y, x)), bitcomp complements every bit ((x, y) -> (k-1-x, k-1-y)), as BookSim2's patterns. */
unsigned traffic_permutation_dest(sim_traffic pattern, unsigned nodes, unsigned src);

/* Run for exactly `cycles` cycles with no measurement window (the speed benchmark). */
bool traffic_run_cycles(const sim_config *cfg, uint64_t cycles, traffic_result *res, char *err, size_t err_len);

#endif
