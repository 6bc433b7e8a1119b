/* Trace-driven GPU memory system on the network: SMs (warps, L1 data cache, MSHRs), MCs
 * (request queue, L2 slice, DRAM latency, reply queue, reply compressor, NI input queue).
 * docs/sim.md describes the model, the latency breakdown and every reported figure. */
#ifndef SIM_GPU_H
#define SIM_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "mem/cache.h"
#include "mem/reply_codec.h"
#include "util/config.h"
#include "gpu/cdt.h"
#include "gpu/core.h"
#include "dft.h"
#include "dsm.h"
#include "mem/l1c.h"
#include "mem/dram.h"
#include "mem/l2slice.h"
#include "mem/memimg.h"
#include "net/net.h"
#include "gpu/locality.h"
#include "pcu.h"
#include "trace/trace.h"

#define GPU_NONE UINT32_MAX
/* l1_policy = bypass: the line an MSHR entry of a bypassed read records (no line address is this large) */
#define GPU_BYPASS_LINE UINT64_MAX
#define GPU_LAUNCHES_REPORTED 64u   /* kernel launches whose end cycle gpu_stats keeps */

/* txn_t.follow: in its (SM, port) list, not yet ordered; an ordered read, in its port's open list;
 * it carries a store record's lanes; the read kept its line (gpu->snap) when a store changed it */
enum { FOLLOW_FIFO = 1, FOLLOW_OPEN = 2, FOLLOW_STORE = 4, FOLLOW_KEPT = 8 };

typedef struct {                 /* one memory request, from L1 miss to fill */
    uint64_t line;               /* line address (byte address >> 7) */
    uint64_t t_issue;            /* the access that missed issued */
    uint64_t t_req_created;      /* request packet created at the SM */
    uint64_t t_req_accepted;     /* its tail accepted by the MC */
    uint64_t t_reply_created;    /* reply packet created at the MC NI */
    uint64_t t_reply_arrived;    /* its tail accepted by the SM */
    uint64_t t_lookup;           /* dram = gddr5: the cycle its L2 lookup may happen (after the ROP pipeline) */
    uint32_t next;               /* queue / event-list link */
    uint16_t sm, warp;
    uint16_t mc;
    uint16_t mshr;
    uint8_t write, mask;
    uint8_t compressed;          /* reply travelled compressed */
    uint8_t l2_hit;
    uint8_t map;                 /* read: critical map (sub-blocks wanted); data filtering only */
    uint8_t l1c_policy;          /* compressed L1: the mode its fill is compressed in (after the reply) */
    uint8_t fill;                /* read reply: sub-blocks it fills (0xF: the whole line) */
    uint8_t dft_alloc;           /* MC data-filtering table: an entry holds this request's map ... */
    uint16_t dft_idx;            /* ... this one (up to 1024 entries, docs/dpc.md 6.1) */
    uint16_t rgr;                /* PCU: the RGR whose L2 read this transaction carries */
    uint32_t group;              /* PCU: the reply group this read's reply serves (GPU_NONE: unicast) */
    /* a followed SIMT trace (gpu_follow.h): where the request stands in the memory's order */
    uint8_t atomic;              /* a global atomic's line request: past the L1, done at the L2 (trace_access.atomic) */
    uint8_t follow;              /* FOLLOW_* bits */
    uint32_t store;              /* FOLLOW_STORE: the memory log's store record whose lanes in this line it carries */
    uint32_t link_prev, link_next;   /* its (SM, port) list until it is ordered; then, a read, its port's open list */
    uint64_t t_ordered;          /* the cycle the memory ordered it (its L2 access) */
} txn_t;

/* PCU (docs/sim.md "Packet coalescing"): the reads one multicast reply answers, by SM. */
typedef struct {
    uint32_t member[PCU_MAX_SM]; /* transaction of SM s, GPU_NONE when s is not a destination */
    uint32_t pending;            /* destinations not yet delivered */
    uint32_t next;               /* free list */
} reply_group;

/* A packet's user handle names a reply group (multicast) instead of a transaction. */
#define GPU_GROUP_FLAG 0x80000000u

typedef struct {
    uint64_t line;
    uint8_t valid, nwait;
    uint8_t map_sent;            /* data filtering: OR of the maps requested for this line */
    uint8_t have;                /* data filtering: sub-blocks filled since the miss */
    cdt_demand demand;           /* LRU L1: the critical maps of its reads and its consistency bit (cdt.h) */
    uint8_t fill_policy;         /* compressed L1: the mode the controller gave the first miss's fill */
    uint16_t *waiter;            /* warps merged on this miss (l1_mshr_merge of them) */
    uint64_t *waiter_issue;
    uint8_t *waiter_mask;        /* sub-blocks each waiter needs */
} mshr_t;

/* A unit that takes one line every `ii` cycles (a reply decompressor or an L1 fill compressor
 * whose report gives II > 1, e.g. BPC's 10, SC's 6 and 9): a line that finds it busy waits in
 * its FIFO (txn links) and starts when it is free. Units with II 1 are never queued. */
typedef struct {
    uint32_t head, tail, len;
    uint64_t free_at;            /* first cycle it takes the next line */
} gpu_unit;

typedef struct {
    uint32_t *acc;               /* trace indices of this warp's accesses, in order */
    uint32_t count, pos;
    uint32_t outstanding;
} warp_t;

struct core_sm;

typedef struct sm_t {
    unsigned node;
    cache_t l1;
    l1_tags tags;                /* l1_policy ba / tag-lru: the C model's tag unit + data masks */
    uint8_t *l1_valid;           /* data filtering: valid sub-blocks per L1 slot (sector mask) */
    uint8_t *l1_reserved;        /* l1_alloc = miss: per L1 slot, reserved by a miss whose fill is in flight */
    cdt_demand *l1_demand;       /* LRU L1: per slot, sub-blocks used since the fill and the consistency bit */
    rcwm_state rc;               /* rc = 1: the SM's request controller and windows manager (docs/rcwm.md) */
    mshr_t *mshr;
    unsigned mshr_used;
    warp_t *warp;
    unsigned rr;                 /* next warp the issue stage looks at */
    uint32_t unfinished;         /* accesses not yet completed */
    struct core_sm *core;        /* core = sm: the core model's state (core.c); NULL in core = none */
    l1c_sm *l1c;                 /* l1_compression != none: the compressed L1 (l1c.c); else NULL */
    unsigned hit_cycles;         /* the last read hit's latency (the L1 hit latency, plus decompression) */
    gpu_unit decomp;             /* the reply decompressor (queued only when its II > 1) */
    gpu_unit l1c_comp[LATTE_MODES];   /* compressed L1: each mode's fill compressor (likewise) */
} sm_t;

/* dram = gddr5: a line request between the L2 slice and the DRAM queue. */
typedef struct {
    uint64_t line;
    uint64_t ready;              /* cycle it may enter the DRAM queue */
    uint8_t write;               /* a write-back */
} mc_dram_req;

/* One memory port: an MC, or with l2_sub_partitions > 1 one sub-partition of it (GPGPU-Sim's
 * memory sub-partition: its own network node, queues and L2 slice; the MC's DRAM is shared and
 * lives in its sub-partition 0's record). */
typedef struct {
    unsigned node;
    unsigned channel, sub;                      /* the MC (DRAM channel) it belongs to; its sub-partition */
    cache_t l2;
    uint32_t req_head, req_tail, req_len;       /* request queue (txn links) */
    uint32_t rep_head, rep_tail, rep_len;       /* reply queue */
    unsigned in_l2;                             /* accesses inside the L2 / DRAM pipeline */
    unsigned in_codec;                          /* replies inside the compressor pipeline */
    uint64_t codec_free;                        /* first cycle the compressor takes the next reply (its II) */
    uint64_t stall_cycles;                      /* cycles the NI input queue was full with a reply waiting */
    dft_table dft;                              /* data filtering: the MC data-filtering table */
    /* packet coalescing (pcu_rgrs > 0): the C model between the request input and the request
     * queue, its merge unit between the L2 and the reply queue; docs/sim.md "Packet coalescing" */
    pcu *pcu;
    uint32_t in_head, in_tail, in_len;          /* requests accepted from the network, before the PCU */
    uint32_t ret_head, ret_tail, ret_len;       /* L2 read returns waiting for the merge unit */
    uint32_t s1_txn;                            /* the request in the PCU's stage-1 register */
    uint32_t rpl_txn;                           /* the L2 read whose reply is in the PCU's reply register */
    uint32_t *rgr_leader;                       /* [rgr]: the read that allocated it (carries the L2 read) */
    uint32_t *rgr_member;                       /* [rgr * sms + sm]: the grouped read of each SM */
    /* dram = gddr5 (docs/sim.md "GPU memory system"): the L2 slice with MSHRs, the line requests on
     * their way to the DRAM (misses after the L2 and DRAM pipeline latency, write-backs), the DRAM */
    l2_slice l2s;
    uint32_t rop_head, rop_tail, rop_len;       /* requests in the pipeline before the lookup (l2_hit_latency deep) */
    dram_t dram;                                /* the MC's DRAM (in sub-partition 0's record only) */
    unsigned dram_rr;                           /* sub-partition 0: the sub-partition the DRAM takes from first */
    mc_dram_req *to_dram;                       /* ring */
    unsigned to_dram_cap, to_dram_head, to_dram_len;
} mc_t;

typedef struct {
    uint64_t reads, writes, l1_hits, l1_misses, mshr_merges, mshr_stalls;
    uint64_t atomics;                                    /* of the reads, global atomics' line requests (past the L1, to the L2) */
    uint64_t requests, replies;                          /* answered requests */
    uint64_t req_lat_sum, mem_lat_sum, rep_lat_sum;      /* over answered requests */
    uint64_t read_miss_lat_sum;                          /* issue -> fill, every read miss incl. merged */
    uint64_t l2_hits, l2_misses;
    uint64_t reply_payload_raw_bits, reply_payload_sent_bits;   /* read replies */
    uint64_t reply_flits_raw;                            /* flits the read replies would take uncompressed */
    uint64_t compressed_replies;
    uint64_t approximated_replies;                       /* read replies of lines the approximation map covers */
    uint64_t sector_misses;                              /* data filtering: misses on a present line */
    uint64_t extra_requests;                             /* data filtering: a merged miss asked for more sub-blocks */
    uint64_t dft_merged;                                 /* requests the MC table absorbed (no reply of their own) */
    uint64_t partial_fills;                              /* replies that filled only their critical sub-blocks */
    cdt_stats cdt;                                       /* LRU L1: FM / SM / HI, block usage (cdt.h) */
    uint64_t df_late_replies;                            /* df_fill = replace: replies whose sub-blocks a wider reply had brought */
    uint64_t completion_cycles;
    uint64_t mc_stall_cycles;
    /* dram = gddr5 (docs/sim.md "Reported figures of the memory system"); zeros with dram = fixed */
    uint64_t dram;                                       /* sim_dram of the run */
    dram_stats dram_st;                                  /* summed over the MCs (latencies in DRAM cycles) */
    uint64_t dram_cycles;                                /* DRAM command cycles of the run (one MC's) */
    double dram_peak_bytes;                              /* all MCs' peak, bytes per DRAM cycle */
    double dram_per_core;                                /* DRAM cycles per simulator cycle (dram_mhz / core_mhz) */
    double dram_window_bytes;                            /* sum over MCs of bytes / (last data beat - first arrival), per DRAM cycle */
    l2s_stats l2s;                                       /* summed over the slices */
    uint64_t l2_mshrs;                                   /* per slice, of the run */
    uint64_t l2_lookup_first, l2_lookup_last;            /* cycles of the run's first and last L2 lookup */
    uint64_t l2_wait_cycles;                             /* MC-cycles the L2 head waited: reservation failure or DRAM path full */
    uint64_t l1_alloc;                                   /* sim_l1_alloc of the run */
    uint64_t l1_resfail[3];                              /* l1_alloc = miss: reservation failures: no way, MSHR, miss queue */
    uint64_t reply_packets, reply_flits, request_packets, request_flits;
    uint64_t link_flits;
    uint64_t channel_bits;                               /* flit width of the run (energy per flit) */
    unsigned links, mcs;                                 /* mcs: memory ports (MCs x sub-partitions; the MC-stall denominator) */
    unsigned channels;                                   /* MCs (DRAMs) */
    double link_utilisation;
    double amat;
    uint64_t l1_policy;                                  /* sim_l1_policy of the run */
    uint64_t l1_outcome[BA_OUTCOMES];                    /* ba / tag-lru: tag-unit outcomes, all SMs */
    uint64_t l1_fills_dropped;                           /* ba / tag-lru: read replies delivered, not filled */
    /* packet coalescing (docs/sim.md "Packet coalescing"); all 0 with pcu_rgrs = 0 */
    uint64_t pcu_rgrs;                                   /* RGRs per MC of the run */
    uint64_t pcu_read_replies;                           /* read reply packets the MCs sent */
    uint64_t pcu_mcast_replies;                          /* of them, with two or more destinations */
    uint64_t pcu_coalesced_reads;                        /* reads answered by a multi-destination reply */
    uint64_t pcu_joined;                                 /* reads that joined a group: no L2 access, no reply of their own */
    uint64_t pcu_flits_saved;                            /* reply flits the joined reads would have taken */
    uint64_t pcu_repeat;                                 /* reads that found their SM's bit set (closed the group) */
    uint64_t pcu_wait_full, pcu_wait_write, pcu_wait_unissued, pcu_wait_wb;   /* stage-1 stall cycles, by cause */
    loc_counts potential;                                /* potential inter-core locality (locality.h), every run */
    /* core model (core = sm; docs/sim.md "Core model"); all 0 with core = none */
    uint64_t core;                                       /* sim_core of the run */
    uint64_t scheduler;                                  /* sim_scheduler of the run */
    uint64_t sms, schedulers_per_sm;
    uint64_t instructions;                               /* warp instructions issued, whole GPU */
    uint64_t inst_class[OP_CLASSES];                     /* of them, by trace_op */
    uint64_t sm_instructions[256];                       /* per SM */
    uint64_t sm_cycles[256];                             /* per SM: cycles to its last issue (its IPC's denominator) */
    uint64_t sched_cycles;                               /* scheduler-cycles while the scheduler's SM had work */
    uint64_t stall[STALL_CAUSES];                        /* scheduler-cycles without issue, by cause (core.h) */
    uint64_t ready_sum;                                  /* ready warps summed over those scheduler-cycles */
    uint64_t sched_runs, sched_run_cycles;               /* schedules: runs of issues from one warp; their cycles */
    uint64_t lsu_requests, lsu_mshr_retries;             /* line requests the load/store units sent; cycles refused */
    uint64_t wide_waits;                                 /* issues delayed by a register Accel-Sim (MAX_DST 1) does not reserve */
    uint64_t wide_wait_cycles;                           /* the cycles those delays added */
    uint64_t barriers;                                   /* barrier releases */
    uint64_t launches;                                   /* kernel launches run one after another (trace_block.launch) */
    uint64_t launch_end[GPU_LAUNCHES_REPORTED];          /* cycle the last block of launch k retired (launch k + 1 may issue from the next) */
    uint64_t stores_followed;                            /* store line requests whose lanes entered the image where the memory ordered them (gpu_follow.h) */
    uint64_t follow_early;                               /* requests ordered at a later request of their SM and line that overtook them */
    uint64_t follow_snapshots;                           /* replies that kept their line as at their ordering (a store changed it after) */
    uint64_t follow_checked;                             /* follow_check = 1: launch starts whose image matched the runtime's CRC-32 */
    uint64_t wp_entries, wp_merged, wp_accesses, wp_full; /* Warppool (warppool.h): entries per SM; requests merged, L1 accesses, full cycles */
    /* compressed L1 (l1_compression; docs/sim.md "Compressed L1 (LATTE-CC)"); zeros with none */
    l1c_stats l1c;
} gpu_stats;

typedef struct gpu_system gpu_system;

/* What a reply observer sees (tests: the image a launch reads): every read reply an MC sends, and
 * on a followed SIMT trace every store line request whose lanes enter the image. */
typedef struct {
    bool store;                  /* a store's (or atomic's) lanes entered the image in this line; else a read reply */
    unsigned launch;             /* the kernel launch running (core = sm) */
    unsigned sm;
    uint64_t line;               /* byte address / 128 */
    uint64_t sent;               /* the cycle its line request left the L1 */
    uint64_t ordered;            /* the cycle the memory ordered it (docs/kernels.md; 0 on a trace without a memory log) */
    const uint8_t *data;         /* 128 bytes: the reply's line, or the line after the store */
} gpu_mem_event;
typedef void (*gpu_reply_observer)(void *ctx, const gpu_mem_event *e);

/* Sees every L1 access the tag unit decides (l1_policy ba / tag-lru), in issue order, with its
 * result; with the simulator's own L1 (lru, bypass) every read once when it issues, r = NULL. */
typedef void (*gpu_l1_observer)(void *ctx, unsigned sm, uint64_t line, bool write, const ba_result *r);

struct gpu_system {
    sim_config cfg;
    network *net;
    const mem_image *img;        /* the image replies read: the caller's, or own_img when it follows a log */
    mem_image own_img;           /* on a SIMT trace: the run's copy, following its writes (gpu_follow.h) */
    const struct memlog *follow; /* that trace's memory log, else NULL */
    uint32_t *store_of_inst;     /* [trace->nin]: the log's store record of each instruction, UINT32_MAX none (setup) */
    uint32_t *store_of_acc;      /* [trace->count]: the record of the store or atomic each line request belongs to */
    uint32_t *fifo_head, *fifo_tail;   /* [sm x port]: requests not yet ordered, in the order the SM sent them */
    uint32_t *open_head;         /* [port]: reads ordered, not yet freed (their line is theirs from then on) */
    uint32_t *open_count;        /* [image line]: open reads of the line */
    uint8_t *snap;               /* [txn_cap x 128]: an open read's line, kept when a store changed it */
    unsigned img_launch;         /* own_img holds the memory at this launch's start (plus its stores so far) */
    gpu_reply_observer reply_observer;
    void *reply_observer_ctx;
    const trace_t *trace;
    codec_timing timing;
    bool queued_units;           /* a unit of the SMs has II > 1: gpu_unit queues are stepped every cycle */
    l1c_setup l1c;               /* l1_compression != none: modes, codecs, latencies */
    dsm_approx_map approx;
    bool filtering;              /* the compressor does data filtering (partial fills, MC table) */
    codec_inst *codec;           /* the reply compressor's state for this run */
    uint16_t *bits_memo;         /* compressed bits + 1 per image line, 0 = not computed yet */
    sm_t *sm;
    mc_t *mc;
    unsigned nsm, nmc;           /* nmc: memory ports (config_mem_ports) */
    unsigned nchan;              /* MCs: each has a DRAM; nmc / nchan sub-partitions each */
    unsigned sm_of_node[MCAST_MAX_NODES], mc_of_node[MCAST_MAX_NODES];
    txn_t *txn;
    uint32_t txn_cap, txn_free;
    reply_group *grp;            /* PCU multicast reply groups (pool) */
    uint32_t grp_cap, grp_free;
    /* timer wheel: events due at cycle t are in bucket t % wheel_size */
    uint32_t *wheel_head;
    uint8_t *wheel_kind;         /* parallel to txn: what the pending event does */
    unsigned wheel_size;
    uint64_t events;
    uint64_t now;
    gpu_stats st;
    gpu_l1_observer l1_observer; /* NULL, or called on every tag-unit access / every other L1 read */
    void *l1_observer_ctx;
    loc_table potential;         /* read requests the MCs accepted, per time window (locality.h) */
    /* core = sm: kernel launches run one after another (core.c, docs/sim.md "Kernel launches") */
    unsigned nlaunch, launch;    /* launches in the trace; the one whose blocks may start */
    uint32_t *launch_left;       /* [nlaunch]: each launch's thread blocks not yet retired */
};

enum { EV_L2_DONE = 1, EV_CODEC_DONE = 2, EV_FILL = 3, EV_L1C_INSERT = 4 };
enum { L1_RESFAIL_WAY = 0, L1_RESFAIL_MSHR = 1, L1_RESFAIL_MISSQ = 2 };

/* Node of each SM and MC for the configured topology and placement. */
bool gpu_place(const sim_config *cfg, unsigned sm_node[], unsigned mc_node[], char *err, size_t err_len);
/* MC serving a line: (L xor L>>6 xor L>>12) mod mcs. */
unsigned gpu_mc_of_line(uint64_t line, unsigned mcs);
/* Memory port serving a line: its MC's, and with l2_sub_partitions > 1 the sub-partition the low
 * bits of its DRAM bank name (GPGPU-Sim's address decoder); port p is MC p / sub, sub-partition
 * p mod sub. With one sub-partition it is gpu_mc_of_line. */
unsigned gpu_port_of_line(const sim_config *cfg, uint64_t line);
/* The line's index in its L2 slice: the MC-local line index (line / mcs) without the bits that
 * chose the sub-partition, so the slice's sets are all used. */
uint64_t gpu_slice_index(const sim_config *cfg, uint64_t line);

/* Run the trace on the configured machine with the configured compressor. */
bool gpu_run(const sim_config *cfg, const mem_image *img, const trace_t *trace, gpu_stats *out,
             codec_timing *timing_out, char *err, size_t err_len);
/* gpu_run with an observer of the L1 tag unit's decisions (NULL: none). */
bool gpu_run_observed(const sim_config *cfg, const mem_image *img, const trace_t *trace, gpu_stats *out,
                      codec_timing *timing_out, gpu_l1_observer observer, void *ctx, char *err, size_t err_len);

/* gpu_run with an observer of every read reply's contents (NULL: none). */
bool gpu_run_replies(const sim_config *cfg, const mem_image *img, const trace_t *trace, gpu_stats *out,
                     gpu_reply_observer observer, void *ctx, char *err, size_t err_len);

/* internal, shared by gpu_sm.c / gpu_mc.c / gpu.c */
uint32_t gpu_txn_alloc(gpu_system *g);
void gpu_txn_free(gpu_system *g, uint32_t id);
void gpu_schedule(gpu_system *g, uint32_t id, unsigned kind, unsigned delay);
/* Line `id` into a unit of the given latency and II: with II 1 its event `kind` is due `latency`
 * cycles from now, as with gpu_schedule; with II > 1 it starts now if the unit is free and nobody
 * waits, else it joins the unit's queue (gpu_unit_step starts it). */
void gpu_unit_offer(gpu_system *g, gpu_unit *u, uint32_t id, unsigned kind, const codec_latency *l);
/* Once per cycle: the unit's first waiting line starts if the unit is free. */
void gpu_unit_step(gpu_system *g, gpu_unit *u, unsigned kind, const codec_latency *l);
void sm_issue(gpu_system *g, sm_t *s);
/* core = sm: one line request from the load/store unit, tagged (core.h); see gpu_sm.c */
bool gpu_sm_read(gpu_system *g, sm_t *s, unsigned tag, const trace_access *a);
void gpu_sm_write(gpu_system *g, sm_t *s, unsigned tag, const trace_access *a);
void sm_reply(gpu_system *g, uint32_t id);
void sm_fill(gpu_system *g, uint32_t id);
/* compressed L1: a missed line's compressor is done; it enters the L1 */
void sm_l1c_insert(gpu_system *g, uint32_t id);
bool mc_accept(gpu_system *g, unsigned mc);
void mc_request(gpu_system *g, uint32_t id);
void mc_step(gpu_system *g, mc_t *m);
void mc_l2_done(gpu_system *g, uint32_t id);
/* dram = gddr5: set up / free an MC's L2 slice and DRAM. */
bool mc_mem_init(gpu_system *g, mc_t *m, char *err, size_t err_len);
void mc_mem_free(mc_t *m);
void mc_codec_done(gpu_system *g, uint32_t id);
/* PCU: set up / free an MC's unit; the reply group a multicast delivery at `node` answers. */
bool mc_pcu_init(gpu_system *g, mc_t *m, char *err, size_t err_len);
void mc_pcu_free(mc_t *m);
uint32_t mc_group_deliver(gpu_system *g, uint32_t handle, unsigned node);
/* PCU: every unit drained (no RGR, write or reply left; no request waiting): the end-of-run check. */
bool mc_pcu_drained(const gpu_system *g, char *err, size_t err_len);

#endif
