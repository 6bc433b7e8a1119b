/* The MC packet coalescing unit (PCU): C golden model of docs/pcu.md.
 *
 * The PCU sits between an MC's request input and its request queue (seed 003, section 3.2).
 * Reads of one block from many SMs are grouped in a request grouping register (RGR): only the
 * first goes to the L2; when the block returns, one reply carries it to every SM of the group.
 *
 * The model is cycle-accurate at the RTL top `pcu`'s ports: pcu_cycle() is one clock period of
 * the RTL (combinational outputs of the cycle, then the rising edge), so a harness or a system
 * simulator steps it exactly as it would clock the RTL. The stages are exported one function
 * per RTL submodule (pcu_match, pcu_alloc, pcu_stage1_decide, pcu_select, pcu_merge).
 * No global state: the caller owns the pcu. */
#ifndef PCU_H
#define PCU_H

#include <stdbool.h>
#include <stdint.h>
#include "np_result.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PCU_MODEL_VERSION "1.0"
#define PCU_MIN_RGR 2u
#define PCU_MAX_RGR 1024u
#define PCU_DEFAULT_RGR 128u
#define PCU_MAX_SM 64u
#define PCU_DEFAULT_SM 64u
#define PCU_DEFAULT_ADDR_BITS 41u
#define PCU_MAX_ADDR_BITS 48u
#define PCU_DEFAULT_DATA_BITS 32u
#define PCU_MAX_DATA_BITS 64u
#define PCU_DEFAULT_WB 4u
#define PCU_MAX_WB 64u

typedef struct {
    unsigned num_rgr;    /* RTL NumRgr: 2 .. PCU_MAX_RGR (the seed evaluates 64 .. 1024) */
    unsigned num_sm;     /* RTL NumSm: 1 .. 64, one destination bit per SM */
    unsigned addr_bits;  /* RTL AddrWidth: block (line) address bits, 1 .. 48 */
    unsigned data_bits;  /* RTL DataWidth: the data tag carried by writes and L2 returns */
    unsigned wb_depth;   /* RTL WbDepth: write buffer entries, 1 .. PCU_MAX_WB */
} pcu_config;

/* One request at the PCU input (port req_*). data is the write's data tag; reads ignore it. */
typedef struct {
    bool write;
    unsigned sm;
    uint64_t addr;
    uint64_t data;
} pcu_request;

/* One entry of the MC request queue (port mcq_*). Reads: tag = RGR index, sm = data = 0.
 * Writes: tag = 0, sm and data from the write. */
typedef struct {
    bool write;
    unsigned sm;
    uint64_t addr;
    unsigned tag;
    uint64_t data;
} pcu_mcq_entry;

/* One reply packet to the MC reply queue (port rpl_*): one bit per destination SM. */
typedef struct {
    uint64_t dest;
    uint64_t addr;
    uint64_t data;
} pcu_reply;

typedef struct {
    bool valid;
    bool open;      /* still accepts reads (a write or a repeated SM closes it, docs/pcu.md 4) */
    bool issued;    /* its read has left for the MC request queue */
    uint64_t addr;
    uint64_t dest;
} pcu_rgr;

typedef struct {
    pcu_config cfg;
    pcu_rgr rgr[PCU_MAX_RGR];
    /* Pointer ring buffer: RGR indices in allocation order, not yet issued. */
    uint16_t ring[PCU_MAX_RGR];
    unsigned ring_head, ring_tail, ring_count;
    /* Write buffer (FIFO). */
    pcu_request wb[PCU_MAX_WB];
    unsigned wb_head, wb_count;
    /* Stage-1 input register. */
    bool s1_valid;
    pcu_request s1;
    /* Round-robin state of the request selector: true = a write wins the next tie. */
    bool rr_write;
    /* Output registers. */
    bool mcq_valid;
    pcu_mcq_entry mcq;
    bool rpl_valid;
    pcu_reply rpl;
} pcu;

/* Inputs of one clock cycle, as the RTL's pins see them (values are cut to port widths). */
typedef struct {
    bool req_valid;
    pcu_request req;
    bool l2_valid;
    unsigned l2_tag;
    uint64_t l2_addr;
    uint64_t l2_data;
    bool mcq_ready;
    bool rpl_ready;
    bool rpq_room;     /* the MC reply queue has room: gates the request selector */
} pcu_in;

/* What stage 1 does with the request in its register this cycle. */
typedef enum {
    PCU_S1_EMPTY = 0,      /* no request */
    PCU_S1_JOIN,           /* read joins the open RGR `hit` */
    PCU_S1_ALLOC,          /* read allocates RGR `alloc` and pushes it on the ring */
    PCU_S1_ALLOC_REPEAT,   /* read whose SM is already in `hit`: closes it, allocates `alloc` */
    PCU_S1_WRITE,          /* write enters the write buffer, closes `hit` if any */
    PCU_S1_WAIT_WRITE,     /* read waits: a write to its block is in the write buffer */
    PCU_S1_WAIT_FULL,      /* read waits: no free RGR */
    PCU_S1_WAIT_WB_FULL,   /* write waits: the write buffer is full */
    PCU_S1_WAIT_UNISSUED   /* write waits: an RGR of its block has not sent its read yet */
} pcu_s1_action;

typedef struct {
    pcu_s1_action action;
    bool go;       /* the request leaves stage 1 at this edge */
    int hit;       /* open RGR with the block, or -1 */
    int alloc;     /* RGR allocated, or -1 */
} pcu_s1_decision;

/* Everything one cycle shows and does. The pin values are those before the edge; *_load
 * say what the output registers take at the edge (the next transaction on that port). */
typedef struct {
    bool req_ready, l2_ready;
    bool mcq_valid;
    pcu_mcq_entry mcq;
    bool rpl_valid;
    pcu_reply rpl;
    bool idle;
    bool req_fire, l2_fire, mcq_fire, rpl_fire;
    pcu_s1_decision s1;
    bool mcq_load;
    pcu_mcq_entry mcq_next;
    bool rpl_load;
    pcu_reply rpl_next;
} pcu_out;

void pcu_config_default(pcu_config *cfg);
np_result pcu_config_check(const pcu_config *cfg);
/* Width of the RGR index (mcq_tag_o, l2_tag_i): ceil(log2(num_rgr)), at least 1. */
unsigned pcu_idx_bits(unsigned num_rgr);
np_result pcu_init(pcu *p, const pcu_config *cfg);
/* The state after reset: every RGR free, ring and write buffer empty, outputs invalid. */
void pcu_reset(pcu *p);

/* The pins of the current cycle (before the edge) for these inputs; the state is unchanged. */
void pcu_outputs(const pcu *p, const pcu_in *in, pcu_out *out);
/* One clock period: *out as pcu_outputs, then the rising edge is applied. */
void pcu_cycle(pcu *p, const pcu_in *in, pcu_out *out);

/* ---- the stages (one per RTL submodule) ----------------------------------------------------- */

/* pcu_match: the valid, open RGR holding addr, or -1 (docs/pcu.md 4: at most one exists). */
int pcu_match(const pcu *p, uint64_t addr);
/* pcu_alloc: the lowest-index free RGR, or -1. */
int pcu_alloc(const pcu *p);
/* Stage 1's decision for the request in its register (EMPTY when there is none). */
pcu_s1_decision pcu_stage1_decide(const pcu *p);
/* Request selector: 0 nothing, 1 the ring's tail read, 2 the write buffer's head. */
unsigned pcu_select(const pcu *p, bool rpq_room, bool mcq_free);
/* Merge unit: the reply for an L2 return of RGR tag; *freed says whether it frees the RGR (a
 * tag naming no issued RGR gives dest 0 and changes nothing). extra_dest is ORed in when the
 * RGR is freed (a read joining at the same edge, docs/pcu.md 5). */
pcu_reply pcu_merge(const pcu *p, unsigned tag, uint64_t addr, uint64_t data, uint64_t extra_dest,
                    bool *freed);

/* ---- observation ----------------------------------------------------------------------------- */
unsigned pcu_live(const pcu *p);             /* valid RGRs */
bool pcu_idle(const pcu *p);                 /* nothing held anywhere (RTL idle_o) */
const char *pcu_s1_action_name(pcu_s1_action a);

#ifdef __cplusplus
}
#endif
#endif
