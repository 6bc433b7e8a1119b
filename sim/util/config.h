/* Run configuration: one struct, filled with defaults, then overridden by a config file and by
 * key=value arguments. Format (docs/sim.md, "Configuration"): one `key = value` per line,
 * `#` starts a comment, blank lines are ignored. Every error names file:line. */
#ifndef SIM_CONFIG_H
#define SIM_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rcwm.h"
#include "mem/dram.h"

#define SIM_MAX_MCS 64u
#define SIM_MAX_LIST 64u
#define SIM_PATH_MAX 512u
#define SIM_ERR_MAX 512u

typedef enum { TOPO_MESH = 0, TOPO_CROSSBAR = 1 } sim_topology;
typedef enum { ROUTE_XY = 0, ROUTE_YX = 1 } sim_routing;   /* same values as mcast_order */
/* Switch allocation, input side: which VC an input port puts forward (docs/sim.md "Router") */
typedef enum { SA_INPUT_VC = 0, SA_INPUT_OUTPUT = 1 } sim_sa_input;
/* First SA cycle of a body flit: the cycle after its buffer write (seed 003) or that cycle (BookSim2) */
typedef enum { BODY_SA_NEXT = 0, BODY_SA_WRITE = 1 } sim_body_sa;
/* A packet's head (docs/sim.md "Network interface"): a flit of its own before the payload's flits
 * (flit, the default) or fields on wires beside the first data flit (sideband, as AMBA CHI's
 * DAT flits carry their header fields beside the data) */
typedef enum { PACKET_HEAD_FLIT = 0, PACKET_HEAD_SIDEBAND = 1 } sim_packet_head;
/* VC allocation (docs/sim.md "Router"): each request takes the first free VC of its output in
 * turn (sequential), or BookSim2's separable input-first allocator (an arbiter per input VC over
 * the free output VCs it may use, one per output VC over the input VCs that chose it) */
typedef enum { VA_SEQUENTIAL = 0, VA_SEPARABLE = 1 } sim_va_alloc;
/* The routers' cycle loop (docs/sim.md "How the cycle loop avoids work"): auto = the dense
 * phase where it applies (unicast meshes, at most 6 VCs, either VA), else the event-driven
 * one; event = always the event-driven one (the reference; the same deliveries either way) */
typedef enum { ROUTER_PHASE_AUTO = 0, ROUTER_PHASE_EVENT = 1 } sim_router_phase;
typedef enum { TRAFFIC_UNIFORM, TRAFFIC_FEW2MANY, TRAFFIC_MANY2FEW, TRAFFIC_HOTSPOT, TRAFFIC_TRANSPOSE, TRAFFIC_BITCOMP } sim_traffic;
typedef enum { CLASSES_BOTH, CLASSES_REQUEST, CLASSES_REPLY } sim_classes;
/* Data filtering (docs/sim.md "Partial fills"): after a miss an L1 line holds the sub-blocks its
 * MSHR's replies brought (replace, seed 000 sec. 4) or those OR what it held before (append). */
typedef enum { DF_FILL_REPLACE = 0, DF_FILL_APPEND = 1 } sim_df_fill;
typedef enum { PLACE_BOTTOM, PLACE_TOP_BOTTOM, PLACE_EDGE, PLACE_DIAMOND, PLACE_LIST } sim_placement;
/* L1 tag policy (docs/sim.md "L1 policies"): the simulator's own LRU cache, the BA tag unit of
 * the C model in BA mode, the same unit in its LRU mode, or simple bypassing (seed 002 sec. 5.5:
 * every read goes to memory, nothing is cached). */
typedef enum { L1_LRU = 0, L1_BA = 1, L1_TAG_LRU = 2, L1_BYPASS = 3 } sim_l1_policy;
/* ba and tag-lru run the C model's tag unit; lru and bypass the simulator's own store. */
static inline bool config_l1_tag_unit(unsigned policy) { return policy == L1_BA || policy == L1_TAG_LRU; }
/* Compressed L1 (docs/sim.md "Compressed L1 (LATTE-CC)", docs/latte.md): none = the plain L1;
 * bdi / sc / bpc = one mode everywhere (Static-BDI, Static-SC, Static-BPC); latte-cc and
 * latte-cc-bpc = the LATTE-CC controller choosing none / BDI / SC (or BPC); kernel-opt = the best
 * static mode per kernel; adaptive-hit-count and adaptive-cmp = seed 004 sec. V-D's baselines. */
typedef enum {
    L1C_NONE = 0, L1C_BDI, L1C_SC, L1C_BPC, L1C_LATTE, L1C_LATTE_BPC, L1C_KERNEL_OPT, L1C_HIT_COUNT, L1C_CMP,
    L1C_SCHEMES
} sim_l1_compression;
/* SM model (docs/sim.md "Core model"): none = the memory-only model (each warp issues its trace
 * accesses, at most warp_max_outstanding misses in flight; every figure before the core model),
 * sm = the core model (core.c). */
typedef enum { CORE_NONE = 0, CORE_SM = 1 } sim_core;
/* memory below the L2 (docs/sim.md "GPU memory system"): fixed = a fixed DRAM latency and the L2
 * filled at lookup (the model before issue 26); gddr5 = L2 slices with MSHRs over GDDR5 DRAM */
typedef enum { DRAM_FIXED = 0, DRAM_GDDR5 = 1 } sim_dram;
/* L1 allocation: fill = a line takes its slot when its reply fills; miss = GPGPU-Sim's
 * allocate-on-miss, a slot reserved at the miss, reservation failures stall the access */
typedef enum { L1_ALLOC_FILL = 0, L1_ALLOC_MISS = 1 } sim_l1_alloc;
typedef enum { SCHED_GTO = 0, SCHED_LRR = 1, SCHED_YOUNGEST = 2 } sim_scheduler;
/* Latency classes of the core model's table; index of class_latency / class_interval. */
enum { LAT_ALU = 0, LAT_SFU = 1, LAT_OTHER = 2, LAT_CLASSES = 3 };

typedef struct {
    unsigned count;
    unsigned v[SIM_MAX_LIST];
} sim_uint_list;

typedef struct {
    /* network */
    sim_topology topology;
    unsigned mesh_k;             /* k x k mesh */
    unsigned channel_bits;       /* 0: the topology's default (128 mesh, 256 crossbar) */
    sim_packet_head packet_head; /* flit: head + ceil(payload / channel_bits) flits; sideband: max(1, ceil(...)) */
    unsigned vcs;                /* VCs per port */
    unsigned vcs_request;        /* VCs 0..vcs_request-1 carry requests, the rest replies */
    unsigned vc_depth;           /* flits per VC buffer */
    unsigned credit_delay;       /* cycles from a flit leaving a buffer to its credit being usable upstream, minus 1 */
    unsigned inject_cycles;      /* extra cycles a flit spends on the NI -> router channel (BookSim's: 1); default 0 */
    sim_routing routing[2];      /* per class: [0] requests, [1] replies */
    sim_sa_input sa_input;       /* vc (default): round-robin over VCs; output: over outputs (BookSim2) */

    /* synthetic traffic */
    sim_traffic traffic;
    double injection_rate;       /* flits/node/cycle offered by each source */
    unsigned packet_flits;       /* head + payload flits */
    sim_classes classes;         /* which classes synthetic packets use */
    double mcast_fraction;       /* share of packets sent as multicast */
    unsigned mcast_dests;        /* destinations of a multicast packet */
    unsigned mcast_max_flits;    /* longest multicast packet; 0: packet_flits when mcast_fraction > 0 */
    sim_uint_list hot_nodes;     /* hotspot nodes; sources of few2many; sinks of many2few */
    double hotspot_fraction;     /* share of packets sent to a hot node in hotspot traffic */
    unsigned warmup_cycles;
    unsigned measure_cycles;
    unsigned drain_cycles;       /* limit on draining after the measurement window */
    unsigned uniform_self;       /* 1: a unicast packet's drawn destination may be its source (BookSim2's patterns); default 0 */

    /* GPU memory system */
    unsigned sms, mcs;
    sim_placement mc_placement;
    sim_uint_list mc_nodes;      /* explicit MC nodes (mc_placement = list) */
    unsigned warps_per_sm;
    unsigned warp_max_outstanding;
    unsigned l1_kb, l1_assoc, l1_hit_latency, l1_mshrs, l1_mshr_merge;
    sim_l1_policy l1_policy;     /* lru | ba | tag-lru | bypass */
    unsigned l1_ba_threshold;    /* BA mode victim threshold (docs/ba.md 3.4); 0 = l1_assoc / 2 */
    sim_l1_compression l1_compression;   /* compressed L1 scheme (core = sm, l1_policy = lru) */
    unsigned l1_compression_check;       /* 1: every compressed hit is decompressed and compared */
    unsigned follow_check;               /* 1: a followed SIMT trace's image is checked at every launch start (CRC-32) */
    unsigned l1_compression_full_size;   /* 1 (what-if): compressed lines occupy a whole line's sub-blocks */
    unsigned l1_reuse;           /* 1: npsim run reports rd0/rd1/rd2 of each SM's L1 read stream */
    unsigned l2_kb, l2_assoc, l2_hit_latency, dram_latency;
    unsigned l2_sub_partitions;  /* dram = gddr5: L2 slices per MC, each its own network node (GPGPU-Sim's sub-partitions) */
    unsigned mc_req_queue, mc_reply_queue, mc_ni_queue, mc_inflight;
    sim_dram dram;               /* fixed | gddr5 */
    dram_config dramc;           /* dram = gddr5: the DRAM of each MC (mem/dram.h) */
    unsigned core_mhz, dram_mhz; /* dram = gddr5: simulator (core / interconnect / L2) clock, DRAM command clock */
    unsigned l2_mshrs, l2_mshr_merge;   /* dram = gddr5: MSHRs per L2 slice, requests each merges */
    sim_l1_alloc l1_alloc;       /* fill | miss */
    unsigned l1_miss_queue;      /* l1_alloc = miss: misses waiting to leave the SM (GPGPU-Sim's miss queue) */
    unsigned dft_entries;       /* data-filtering table entries per MC */
    sim_df_fill df_fill;        /* data filtering: replies replace or append to an L1 line (docs/sim.md "Partial fills") */
    unsigned rc;                /* data filtering: 1 = request controller and windows manager (docs/rcwm.md) */
    unsigned rc_window, rc_ica_pct, rc_fdr_pct;   /* their window size and thresholds (Table 5.1) */
    unsigned pcu_rgrs;           /* packet coalescing unit per MC: RGRs, 0 = no PCU (docs/sim.md "Packet coalescing") */
    unsigned pcu_wb;             /* PCU write buffer entries */
    unsigned warppool_entries;   /* core = sm: Warppool entries per SM, 0 = none (docs/sim.md "Warppool") */
    unsigned warppool_delay;     /* cycles a request waits in the pool before its entry may access the L1 */
    sim_core core;               /* none | sm */
    unsigned schedulers_per_sm;  /* core = sm: warp schedulers per SM */
    sim_scheduler scheduler;     /* gto | lrr | youngest */
    unsigned class_latency[LAT_CLASSES];   /* cycles from issue to result, per class */
    unsigned class_interval[LAT_CLASSES];  /* initiation interval of each scheduler's unit of the class */
    unsigned smem_latency;       /* shared-memory load/store latency */
    unsigned gen_alu;            /* generators: ALU instructions after each memory instruction */
    unsigned gen_dep;            /* generators: a load's consumer comes gen_dep instructions later (0: none) */
    unsigned gen_share;          /* trace generators' sharing knob (docs/sim.md "Generators"); 0 = as documented */
    char compressor[64];         /* reply compressor name, see sim/mem/reply_codec.c */
    unsigned approx_bits;        /* DSM approximation number on the approximable regions */
    unsigned reply_compressor_latency;    /* 0 = from synth_report (else published); N = N cycles */
    unsigned reply_decompressor_latency;  /* the same for the SM-side decompressor */
    char approx_regions[128];    /* element type whose memory regions are approximable ("float32") */
    char data_dir[SIM_PATH_MAX];
    /* workload = kernel:NAME: npsim runs the SIMT application NAME (npkernel list) traced into a
     * temporary folder, instead of --trace / --pattern (docs/sim.md "Kernel workloads") */
    char workload[64];
    unsigned kernel_scale;       /* its --scale (1: the documented default size) */
    uint64_t kernel_seed;        /* its --seed (generated inputs) */
    char kernel_input_dir[SIM_PATH_MAX];   /* its --input-dir */
    char synth_report[SIM_PATH_MAX];
    bool synth_report_named;     /* synth_report was set (file, argument): it must be usable, no fallback */
    uint64_t max_cycles;         /* a run stops (and fails) beyond this */

    uint64_t seed;
    /* network: a body flit's first SA cycle (docs/sim.md "Router") */
    sim_body_sa body_sa;         /* next (default): body flit SA from the cycle after its write; write: in it (BookSim2) */
    sim_va_alloc va_alloc;       /* separable (default: BookSim2's separable input-first, the RTL router's) | sequential */
    sim_router_phase router_phase;   /* auto (default) | event: how the routers' cycle is stepped, not what it does */
} sim_config;

/* Defaults: Table 1 of seed 003 (8x8 mesh, 56 SMs + 8 MCs, 4 VCs x 8 flits, 128-bit channels). */
void config_default(sim_config *cfg);

/* Parse `path` into cfg (on top of what cfg holds). Returns false with "path:line: message".
 * Relative data_dir / synth_report values are taken relative to the file's folder. */
bool config_load_file(sim_config *cfg, const char *path, char *err, size_t err_len);
/* Parse a text buffer named `name` (the same format). */
bool config_load_text(sim_config *cfg, const char *name, const char *text, char *err, size_t err_len);
/* One `key=value` (command-line form); `where` names it in errors ("argument 3"). */
bool config_set(sim_config *cfg, const char *where, const char *assignment, char *err, size_t err_len);
/* A key of the table (a word on the command line that is one but lacks "=value"). */
bool config_has_key(const char *name);
/* Every key with its exact value as config text (reading them back gives the same config). */
void config_each(const sim_config *cfg, void (*fn)(void *ctx, const char *key, const char *value), void *ctx);
/* Cross-field checks (node counts, VC split, ...). */
bool config_validate(const sim_config *cfg, char *err, size_t err_len);

/* Derived values. */
unsigned config_channel_bits(const sim_config *cfg);
/* Flits of a packet carrying `payload_bits`: a head flit and ceil(payload / channel_bits) flits
 * with packet_head = flit; max(1, ceil(payload / channel_bits)) with packet_head = sideband. */
unsigned config_packet_flits(const sim_config *cfg, uint64_t payload_bits);
unsigned config_nodes(const sim_config *cfg);         /* endpoints: k*k for a mesh, sms + memory ports for a crossbar */
/* Memory ports: network nodes of the memory side, one per L2 slice: mcs x l2_sub_partitions with
 * dram = gddr5, else mcs. */
unsigned config_mem_ports(const sim_config *cfg);
/* Longest multicast packet the network accepts beyond vc_depth (sizes the replication buffers;
 * 0 when none is longer than a VC buffer). */
unsigned config_mcast_max_flits(const sim_config *cfg);
/* l1_policy = ba / tag-lru: the L1 geometry fits the BA tag unit (power-of-two sets, <= 32 ways). */
bool config_l1_tags_fit(const sim_config *cfg, char *err, size_t err_len);
/* l1_compression != none: core = sm, l1_policy = lru, and a geometry the compressed L1 takes. */
bool config_l1_compression_fits(const sim_config *cfg, char *err, size_t len);
/* "lru", "ba", "tag-lru", "bypass". */
const char *config_l1_policy_name(unsigned policy);
const char *config_dram_name(unsigned dram);
const char *config_l1_alloc_name(unsigned alloc);
const char *config_scheduler_name(unsigned s);     /* "gto", "lrr", "youngest" */
const char *config_core_name(unsigned c);          /* "none", "sm" */
const char *config_l1_compression_name(unsigned c);  /* "none", "bdi", ..., "adaptive-cmp" */

/* Print every key with its current value and help text (npsim help-config). */
void config_print(const sim_config *cfg, void *file);

#endif
