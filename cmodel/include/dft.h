/* The MC data-filtering table: C golden model of docs/dpc.md sections 6 and 7.
 *
 * The table sits between the MC's request input and the L2. It is keyed by (SM id, line
 * address) and holds the 4-bit critical map of every partial-data request whose reply has not
 * left: a later request for the same key merges into it by OR; the L2 reply hands the map to
 * the DPC compressor and frees the entry. Full-data requests (map 1111) bypass it, and a
 * request that finds the table full is served as a full-block request (nothing is lost).
 *
 * Two levels of API:
 * - dft_request / dft_reply: one transaction each, strict about arguments (NP_BAD_PARAM).
 * - dft_cycle: one rising edge of the RTL top dpc_filter_table, with the hardware's rules for
 *   every input value (sec. 7): the accepted reply first, then the accepted request. The
 *   harness and the vectors check the RTL against this, transaction by transaction.
 * No global state: the caller owns the dft_table. */
#ifndef DFT_H
#define DFT_H

#include <stdbool.h>
#include <stdint.h>
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define DFT_MAX_ENTRIES 1024u   /* seed 000 Table 5.1: 32, 256 (its default), 1024 */
#define DFT_DEFAULT_ENTRIES 32u
#define DFT_DEFAULT_SM_ID_BITS 6u
#define DFT_DEFAULT_ADDR_BITS 41u
#define DFT_MAX_SM_ID_BITS 16u
#define DFT_MAX_ADDR_BITS 48u

typedef enum {
    DFT_FULL = 0,    /* served as a full-block request (FDR, or the table was full) */
    DFT_MERGED = 1,  /* absorbed into a live entry: no L2 access and no reply of its own */
    DFT_ALLOC = 2    /* a new entry tracks it; its index travels with the L2 request */
} dft_action;

typedef struct {
    unsigned entries;        /* 1 .. DFT_MAX_ENTRIES */
    unsigned sm_id_bits;     /* 1 .. DFT_MAX_SM_ID_BITS (RTL SmIdWidth) */
    unsigned addr_bits;      /* 1 .. DFT_MAX_ADDR_BITS (RTL AddrWidth) */
} dft_config;

typedef struct {
    bool valid;
    unsigned sm;
    uint64_t addr;
    unsigned map;
} dft_entry;

typedef struct {
    dft_config cfg;
    dft_entry entry[DFT_MAX_ENTRIES];
} dft_table;

/* The table's answer to one request (RTL act_* outputs). */
typedef struct {
    dft_action action;
    unsigned idx;            /* ALLOC: new entry; MERGED: entry merged into; FULL: 0 */
    unsigned map;            /* the entry's map after the request; FULL: 1111 */
} dft_response;

/* Defaults: 32 entries, 6-bit SM id, 41-bit line address. */
void dft_config_default(dft_config *cfg);
np_result dft_config_check(const dft_config *cfg);
/* Default widths with `entries` entries, all free. NP_BAD_PARAM outside 1..DFT_MAX_ENTRIES. */
np_result dft_init(dft_table *t, unsigned entries);
np_result dft_init_config(dft_table *t, const dft_config *cfg);
/* Frees every entry (the state after reset). */
void dft_reset(dft_table *t);

/* One request (sec. 6). NP_BAD_PARAM (table unchanged, *rsp = FULL) for map 0 or above 15, an
 * SM id or address wider than the configuration. */
np_result dft_request(dft_table *t, unsigned sm, uint64_t line_addr, unsigned map,
                      dft_response *rsp);
/* The L2 reply of entry idx leaves: *map gets its map and the entry is freed. For a free entry
 * or idx >= entries: NP_BAD_PARAM, *map = 1111 (the whole line, as the RTL), nothing changes. */
np_result dft_reply(dft_table *t, unsigned idx, unsigned *map);

/* Number of valid entries. */
unsigned dft_live(const dft_table *t);
/* Index of the valid entry with this key, or -1. */
int dft_find(const dft_table *t, unsigned sm, uint64_t line_addr);
const char *dft_action_name(dft_action a);  /* "full", "merged", "alloc" */

/* ---- cycle level (the RTL top's semantics, sec. 7) ----------------------------------------- */

/* The transactions accepted at one rising edge (valid && ready on each port). Inputs are
 * taken as the RTL's ports see them: sm, addr, map and idx are cut to their port widths. */
typedef struct {
    bool rpl_valid;
    unsigned rpl_idx;
    bool req_valid;
    unsigned req_sm;
    uint64_t req_addr;
    unsigned req_map;
} dft_cycle_in;

/* What those transactions produce (RTL map_o and act_* outputs, whenever they appear). */
typedef struct {
    bool map_valid;
    unsigned map;
    bool act_valid;
    dft_response act;
} dft_cycle_out;

/* One edge: reply first (frees its entry), then the request decided against the result, so a
 * request for the key whose reply is leaving allocates instead of merging. */
void dft_cycle(dft_table *t, const dft_cycle_in *in, dft_cycle_out *out);

/* Width of act_idx_o / rpl_idx_i: ceil(log2(entries)), at least 1. */
unsigned dft_idx_bits(unsigned entries);

#ifdef __cplusplus
}
#endif
#endif
