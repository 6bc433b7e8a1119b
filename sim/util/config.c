/* Table-driven `key = value` configuration parser; see config.h and docs/sim.md. */
#define _POSIX_C_SOURCE 200809L
#include "util/config.h"
#include "util/textscan.h"
#include "np_fileio.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* KT_PATH: a string naming a file or folder; a relative one in a config file is taken relative
 * to that file's folder (a config travels with the files it names), on the command line relative
 * to the current folder. */
typedef enum { KT_UINT, KT_U64, KT_DOUBLE, KT_ENUM, KT_STRING, KT_LIST, KT_PATH } key_type;

typedef struct {
    const char *name;
    key_type type;
    size_t offset;
    double min, max;                 /* numeric range, inclusive */
    const char *const *choices;      /* KT_ENUM: NULL-terminated names, value = index */
    size_t size;                     /* KT_STRING: buffer size */
    const char *help;
} key_def;

static const char *const topo_names[] = {"mesh", "crossbar", NULL};
static const char *const route_names[] = {"xy", "yx", NULL};
static const char *const sa_input_names[] = {"vc", "output", NULL};
static const char *const body_sa_names[] = {"next", "write", NULL};
static const char *const packet_head_names[] = {"flit", "sideband", NULL};
static const char *const va_alloc_names[] = {"sequential", "separable", NULL};
static const char *const router_phase_names[] = {"auto", "event", NULL};
static const char *const traffic_names[] = {"uniform", "few2many", "many2few", "hotspot", "transpose", "bitcomp", NULL};
static const char *const class_names[] = {"both", "request", "reply", NULL};
static const char *const place_names[] = {"bottom", "top-bottom", "edge", "diamond", "list", NULL};
static const char *const l1_policy_names[] = {"lru", "ba", "tag-lru", "bypass", NULL};
static const char *const core_names[] = {"none", "sm", NULL};
static const char *const dram_names[] = {"fixed", "gddr5", NULL};
static const char *const l1_alloc_names[] = {"fill", "miss", NULL};
static const char *const df_fill_names[] = {"replace", "append", NULL};
static const char *const scheduler_names[] = {"gto", "lrr", "youngest", NULL};
static const char *const l1_compression_names[] = {"none", "bdi", "sc", "bpc", "latte-cc", "latte-cc-bpc",
                                                   "kernel-opt", "adaptive-hit-count", "adaptive-cmp", NULL};

#define OFF(f) offsetof(sim_config, f)
static const key_def keys[] = {
    {"topology", KT_ENUM, OFF(topology), 0, 0, topo_names, 0, "mesh | crossbar"},
    {"mesh_k", KT_UINT, OFF(mesh_k), 2, 16, NULL, 0, "mesh is mesh_k x mesh_k routers"},
    {"channel_bits", KT_UINT, OFF(channel_bits), 0, 4096, NULL, 0, "flit width; 0 = 128 (mesh) / 256 (crossbar)"},
    {"packet_head", KT_ENUM, OFF(packet_head), 0, 0, packet_head_names, 0,
     "a packet's head: flit (a flit of its own: 1 + ceil(payload / channel_bits) flits; the default, the model of every "
     "earlier figure) | sideband (its fields on wires beside the first data flit, as AMBA CHI's DAT flit: "
     "max(1, ceil(payload / channel_bits)) flits; docs/sim.md \"Network interface\")"},
    {"vcs", KT_UINT, OFF(vcs), 2, 16, NULL, 0, "virtual channels per port"},
    {"vcs_request", KT_UINT, OFF(vcs_request), 1, 16, NULL, 0,
     "VCs given to the request class (the rest carry replies; = vcs only with classes = request)"},
    {"vc_depth", KT_UINT, OFF(vc_depth), 1, 64, NULL, 0, "flits per VC buffer"},
    {"credit_delay", KT_UINT, OFF(credit_delay), 0, 16, NULL, 0, "extra cycles before a returned credit is usable"},
    {"inject_cycles", KT_UINT, OFF(inject_cycles), 0, 4, NULL, 0,
     "extra cycles on the NI-to-router channel (BookSim's injection channel: 1)"},
    {"routing_request", KT_ENUM, OFF(routing[0]), 0, 0, route_names, 0, "DOR for requests: xy | yx"},
    {"routing_reply", KT_ENUM, OFF(routing[1]), 0, 0, route_names, 0, "DOR for replies: xy | yx"},
    {"sa_input", KT_ENUM, OFF(sa_input), 0, 0, sa_input_names, 0,
     "switch allocation, input arbiter: vc (round-robin over VCs) | output (over outputs, BookSim2's)"},
    {"body_sa", KT_ENUM, OFF(body_sa), 0, 0, body_sa_names, 0,
     "first SA cycle of a body flit: next (after its buffer write) | write (in it, BookSim2's)"},
    {"va_alloc", KT_ENUM, OFF(va_alloc), 0, 0, va_alloc_names, 0,
     "VC allocation: separable (BookSim2's input-first, the RTL router's; the default) | sequential (each request takes "
     "its output's first free VC within the cycle)"},
    {"router_phase", KT_ENUM, OFF(router_phase), 0, 0, router_phase_names, 0,
     "the routers' cycle loop: auto (the dense phase for unicast synthetic traffic on a mesh with at most 6 VCs, "
     "either va_alloc; else event) | event (the event-driven loop everywhere); the same results either way"},
    {"traffic", KT_ENUM, OFF(traffic), 0, 0, traffic_names, 0,
     "synthetic pattern: uniform | few2many | many2few | hotspot | transpose | bitcomp (BookSim2's permutations)"},
    {"injection_rate", KT_DOUBLE, OFF(injection_rate), 0, 1, NULL, 0, "offered flits/node/cycle (Bernoulli)"},
    {"packet_flits", KT_UINT, OFF(packet_flits), 1, 64, NULL, 0, "synthetic packet length in flits"},
    {"classes", KT_ENUM, OFF(classes), 0, 0, class_names, 0, "classes used by synthetic packets"},
    {"mcast_fraction", KT_DOUBLE, OFF(mcast_fraction), 0, 1, NULL, 0, "share of synthetic packets sent as multicast"},
    {"mcast_max_flits", KT_UINT, OFF(mcast_max_flits), 0, 64, NULL, 0,
     "longest multicast packet (flits; sizes the replication buffers); 0 = packet_flits if mcast_fraction > 0"},
    {"mcast_dests", KT_UINT, OFF(mcast_dests), 1, 255, NULL, 0, "destinations per multicast packet"},
    {"hot_nodes", KT_LIST, OFF(hot_nodes), 0, 255, NULL, 0, "hotspot nodes / few2many sources / many2few sinks"},
    {"hotspot_fraction", KT_DOUBLE, OFF(hotspot_fraction), 0, 1, NULL, 0, "share of hotspot packets sent to a hot node"},
    {"warmup_cycles", KT_UINT, OFF(warmup_cycles), 0, 100000000, NULL, 0, "synthetic: cycles before measuring"},
    {"measure_cycles", KT_UINT, OFF(measure_cycles), 1, 100000000, NULL, 0, "synthetic: measurement window"},
    {"drain_cycles", KT_UINT, OFF(drain_cycles), 0, 100000000, NULL, 0, "synthetic: drain limit after the window"},
    {"uniform_self", KT_UINT, OFF(uniform_self), 0, 1, NULL, 0,
     "1 = a unicast packet may go to its own source, as in BookSim2's patterns (uniform: 1 in nodes; "
     "hotspot: a hot node's draw of itself; transpose: the diagonal nodes)"},
    {"sms", KT_UINT, OFF(sms), 1, 255, NULL, 0, "streaming multiprocessors"},
    {"mcs", KT_UINT, OFF(mcs), 1, SIM_MAX_MCS, NULL, 0, "memory controllers"},
    {"mc_placement", KT_ENUM, OFF(mc_placement), 0, 0, place_names, 0, "bottom | top-bottom | edge | diamond | list"},
    {"mc_nodes", KT_LIST, OFF(mc_nodes), 0, 255, NULL, 0, "MC nodes when mc_placement = list"},
    {"warps_per_sm", KT_UINT, OFF(warps_per_sm), 1, 64, NULL, 0, "warps per SM (trace warp ids are below this)"},
    {"warp_max_outstanding", KT_UINT, OFF(warp_max_outstanding), 1, 64, NULL, 0, "misses a warp may have in flight"},
    {"core", KT_ENUM, OFF(core), 0, 0, core_names, 0,
     "SM model: none (memory-only: warps issue their accesses) | sm (core model: schedulers, scoreboard)"},
    {"schedulers_per_sm", KT_UINT, OFF(schedulers_per_sm), 1, 8, NULL, 0, "core = sm: warp schedulers per SM"},
    {"scheduler", KT_ENUM, OFF(scheduler), 0, 0, scheduler_names, 0,
     "core = sm: issue policy gto (greedy then oldest) | lrr (loose round robin) | youngest (greedy then youngest)"},
    {"alu_latency", KT_UINT, OFF(class_latency[LAT_ALU]), 1, 1000, NULL, 0, "core = sm: ALU class latency (int, fp32, moves, branches)"},
    {"alu_interval", KT_UINT, OFF(class_interval[LAT_ALU]), 1, 1000, NULL, 0, "core = sm: ALU initiation interval"},
    {"sfu_latency", KT_UINT, OFF(class_latency[LAT_SFU]), 1, 1000, NULL, 0, "core = sm: SFU class latency (MUFU)"},
    {"sfu_interval", KT_UINT, OFF(class_interval[LAT_SFU]), 1, 1000, NULL, 0, "core = sm: SFU initiation interval"},
    {"other_latency", KT_UINT, OFF(class_latency[LAT_OTHER]), 1, 1000, NULL, 0,
     "core = sm: OTHER class latency (fp64, tensor, texture, memory barriers)"},
    {"other_interval", KT_UINT, OFF(class_interval[LAT_OTHER]), 1, 1000, NULL, 0, "core = sm: OTHER initiation interval"},
    {"smem_latency", KT_UINT, OFF(smem_latency), 1, 1000, NULL, 0, "core = sm: shared-memory load/store latency"},
    {"gen_alu", KT_UINT, OFF(gen_alu), 0, 64, NULL, 0,
     "generators: ALU instructions after each memory instruction (arithmetic intensity)"},
    {"gen_dep", KT_UINT, OFF(gen_dep), 0, 64, NULL, 0,
     "generators: dependency distance: the instruction gen_dep after a load reads its register (0: none)"},
    {"l1_kb", KT_UINT, OFF(l1_kb), 1, 4096, NULL, 0, "L1 data cache size (KiB, 128-byte lines)"},
    {"l1_assoc", KT_UINT, OFF(l1_assoc), 1, 64, NULL, 0, "L1 associativity"},
    {"l1_policy", KT_ENUM, OFF(l1_policy), 0, 0, l1_policy_names, 0,
     "L1 tags: lru (simulator LRU) | ba (C model BA tag unit) | tag-lru (the unit's LRU mode) | bypass (every read to memory)"},
    {"l1_ba_threshold", KT_UINT, OFF(l1_ba_threshold), 0, 32, NULL, 0,
     "l1_policy = ba: victims from reused lines below this many never-reused ones; 0 = l1_assoc / 2"},
    {"l1_compression", KT_ENUM, OFF(l1_compression), 0, 0, l1_compression_names, 0,
     "core = sm: compressed L1 none | bdi | sc | bpc (static) | latte-cc | latte-cc-bpc | kernel-opt | adaptive-hit-count "
     "| adaptive-cmp (docs/latte.md)"},
    {"follow_check", KT_UINT, OFF(follow_check), 0, 1, NULL, 0,
     "1: a SIMT trace's memory image, followed through the run, is compared with the runtime's memory (the log's "
     "CRC-32) at every kernel launch's start; a difference stops the run (one CRC of the image per launch)"},
    {"l1_compression_check", KT_UINT, OFF(l1_compression_check), 0, 1, NULL, 0,
     "1: the compressed L1 keeps each line's stream and checks every compressed hit decompresses to the line"},
    {"l1_compression_full_size", KT_UINT, OFF(l1_compression_full_size), 0, 1, NULL, 0,
     "1 (what-if): a compressed L1 line occupies all four sub-blocks, so compression gives no capacity while its "
     "compressor and decompressor latencies stay (docs/sim.md \"Compressed L1\")"},
    {"l1_reuse", KT_UINT, OFF(l1_reuse), 0, 1, NULL, 0,
     "1: npsim run records each SM's L1 read stream and reports its rd0/rd1/rd2 (seed 002 Table 1, per set at the "
     "L1's sets x ways, and fully associative) as the run JSON's l1_reuse (docs/sim.md \"L1 policies\")"},
    {"l1_hit_latency", KT_UINT, OFF(l1_hit_latency), 1, 1000, NULL, 0, "L1 hit latency (cycles)"},
    {"l1_mshrs", KT_UINT, OFF(l1_mshrs), 1, 1024, NULL, 0, "MSHRs per SM"},
    {"l1_mshr_merge", KT_UINT, OFF(l1_mshr_merge), 1, 64, NULL, 0, "accesses one MSHR can merge"},
    {"l2_kb", KT_UINT, OFF(l2_kb), 1, 65536, NULL, 0, "L2 slice (KiB): one per MC, one per sub-partition with l2_sub_partitions > 1"},
    {"l2_sub_partitions", KT_UINT, OFF(l2_sub_partitions), 1, 4, NULL, 0,
     "dram = gddr5: L2 sub-partitions per MC, each an L2 slice (l2_kb, l2_mshrs) with its own network node and port, "
     "sharing the MC's DRAM; the line's sub-partition is the low bits of its DRAM bank; 1, 2 or 4; 1 (GPGPU-Sim GTX480 "
     "gpgpusim.config: gpgpu_n_sub_partition_per_mchannel 2, each a node of config_fermi_islip.icnt's k = 27 = 15 + 12)"},
    {"l2_assoc", KT_UINT, OFF(l2_assoc), 1, 64, NULL, 0, "L2 associativity"},
    {"l2_hit_latency", KT_UINT, OFF(l2_hit_latency), 1, 100000, NULL, 0, "minimum L2 hit latency (cycles); dram = gddr5: the ROP pipeline before the lookup (GPGPU-Sim rop_latency 120)"},
    {"dram_latency", KT_UINT, OFF(dram_latency), 1, 100000, NULL, 0, "dram = fixed: the DRAM latency (cycles); dram = gddr5: the queue from the L2 lookup to the DRAM (GPGPU-Sim dram_latency 100)"},
    {"mc_req_queue", KT_UINT, OFF(mc_req_queue), 1, 4096, NULL, 0, "MC request queue entries"},
    {"mc_reply_queue", KT_UINT, OFF(mc_reply_queue), 1, 4096, NULL, 0, "MC reply queue entries"},
    {"mc_inflight", KT_UINT, OFF(mc_inflight), 1, 4096, NULL, 0, "dram = fixed: L2/DRAM accesses an MC keeps in flight (dram = gddr5: the slice's MSHRs bound its misses)"},
    {"dram", KT_ENUM, OFF(dram), 0, 0, dram_names, 0,
     "memory below the L2: fixed (dram_latency cycles, L2 filled at lookup, mc_inflight accesses) | gddr5 (L2 slices "
     "with MSHRs, GDDR5 banks / rows / FR-FCFS; docs/sim.md \"GPU memory system\"); default fixed (the pinned model)"},
    {"core_mhz", KT_UINT, OFF(core_mhz), 1, 100000, NULL, 0, "dram = gddr5: simulator clock (core, interconnect, L2), MHz; 700 (GPGPU-Sim GTX480 gpgpusim.config, clock domains)"},
    {"dram_mhz", KT_UINT, OFF(dram_mhz), 1, 100000, NULL, 0, "dram = gddr5: DRAM command clock, MHz; 924 (GPGPU-Sim GTX480 gpgpusim.config, clock domains)"},
    {"dram_channels", KT_UINT, OFF(dramc.channels), 1, DRAM_MAX_CHANNELS, NULL, 0, "dram = gddr5: channels per MC; 1 (GPGPU-Sim GTX480 gpgpusim.config: one per MC)"},
    {"dram_banks", KT_UINT, OFF(dramc.banks), 2, DRAM_MAX_BANKS, NULL, 0, "dram = gddr5: banks per channel; 16 (GPGPU-Sim GTX480 gpgpusim.config, nbk)"},
    {"dram_bank_groups", KT_UINT, OFF(dramc.bank_groups), 1, DRAM_MAX_BANKS, NULL, 0, "dram = gddr5: bank groups; 4 (GPGPU-Sim GTX480 gpgpusim.config, nbkgrp)"},
    {"dram_queue", KT_UINT, OFF(dramc.queue), 1, DRAM_MAX_QUEUE, NULL, 0, "dram = gddr5: FR-FCFS queue per channel; 16 (GPGPU-Sim GTX480 gpgpusim.config, frfcfs_dram_sched_queue_size)"},
    {"dram_bus_bytes", KT_UINT, OFF(dramc.bus_bytes), 1, 128, NULL, 0, "dram = gddr5: data bus bytes per channel; 8 (GPGPU-Sim GTX480 gpgpusim.config: 2 chips x 4 bytes)"},
    {"dram_burst", KT_UINT, OFF(dramc.burst), 1, 64, NULL, 0, "dram = gddr5: burst length; 8 (GPGPU-Sim GTX480 gpgpusim.config)"},
    {"dram_data_rate", KT_UINT, OFF(dramc.data_rate), 1, 16, NULL, 0, "dram = gddr5: data transfers per command cycle; 4 (GPGPU-Sim GTX480 gpgpusim.config: GDDR5 is QDR)"},
    {"dram_row_bytes", KT_UINT, OFF(dramc.row_bytes), 256, 1 << 20, NULL, 0, "dram = gddr5: row bytes per channel; 4096 (GPGPU-Sim GTX480 gpgpusim.config address map: 12 bits below the row)"},
    {"t_ccd", KT_UINT, OFF(dramc.ccd), 1, 255, NULL, 0, "dram = gddr5: tCCD, DRAM cycles; 2 (GPGPU-Sim GTX480 gpgpusim.config, Hynix H5GQ1H24AFR)"},
    {"t_ccdl", KT_UINT, OFF(dramc.ccdl), 1, 255, NULL, 0, "dram = gddr5: tCCDL (same bank group); 3 (GPGPU-Sim GTX480 gpgpusim.config)"},
    {"t_rrd", KT_UINT, OFF(dramc.rrd), 0, 255, NULL, 0, "dram = gddr5: tRRD; 6 (GPGPU-Sim GTX480 gpgpusim.config)"},
    {"t_rcd", KT_UINT, OFF(dramc.rcd), 1, 255, NULL, 0, "dram = gddr5: tRCD; 12 (GPGPU-Sim GTX480 gpgpusim.config); tRCDWR = tRCD - WL - 1 as GPGPU-Sim"},
    {"t_ras", KT_UINT, OFF(dramc.ras), 0, 255, NULL, 0, "dram = gddr5: tRAS; 28 (GPGPU-Sim GTX480 gpgpusim.config)"},
    {"t_rp", KT_UINT, OFF(dramc.rp), 0, 255, NULL, 0, "dram = gddr5: tRP; 12 (GPGPU-Sim GTX480 gpgpusim.config)"},
    {"t_rc", KT_UINT, OFF(dramc.rc), 0, 255, NULL, 0, "dram = gddr5: tRC; 40 (GPGPU-Sim GTX480 gpgpusim.config)"},
    {"t_cl", KT_UINT, OFF(dramc.cl), 1, 255, NULL, 0, "dram = gddr5: CAS latency CL; 12 (GPGPU-Sim GTX480 gpgpusim.config)"},
    {"t_wl", KT_UINT, OFF(dramc.wl), 0, 255, NULL, 0, "dram = gddr5: write latency WL; 4 (GPGPU-Sim GTX480 gpgpusim.config)"},
    {"t_cdlr", KT_UINT, OFF(dramc.cdlr), 0, 255, NULL, 0, "dram = gddr5: tCDLR (write to read; tWTR = WL + BL/rate + tCDLR); 5 (GPGPU-Sim GTX480 gpgpusim.config)"},
    {"t_wr", KT_UINT, OFF(dramc.wr), 0, 255, NULL, 0, "dram = gddr5: tWR (write recovery); 12 (GPGPU-Sim GTX480 gpgpusim.config)"},
    {"t_rtpl", KT_UINT, OFF(dramc.rtpl), 0, 255, NULL, 0, "dram = gddr5: tRTPL (read to precharge, bank group); 2 (GPGPU-Sim GTX480 gpgpusim.config)"},
    {"t_faw", KT_UINT, OFF(dramc.faw), 0, 255, NULL, 0, "dram = gddr5: tFAW, four-activation window; 0 = none (GPGPU-Sim GTX480 gpgpusim.config has none)"},
    {"l2_mshrs", KT_UINT, OFF(l2_mshrs), 1, 1024, NULL, 0, "dram = gddr5: MSHRs per L2 slice; 32 (GPGPU-Sim GTX480 gpgpusim.config, dl2 A:32:4)"},
    {"l2_mshr_merge", KT_UINT, OFF(l2_mshr_merge), 1, 64, NULL, 0, "dram = gddr5: requests one L2 MSHR merges; 4 (GPGPU-Sim GTX480 gpgpusim.config, dl2 A:32:4)"},
    {"l1_alloc", KT_ENUM, OFF(l1_alloc), 0, 0, l1_alloc_names, 0,
     "the LRU L1 (l1_policy = lru, no data filtering; ba / tag-lru allocate at the access by the unit's rule, bypass never): fill (a line takes its slot at the fill) | miss (GPGPU-Sim's allocate-on-miss: a slot reserved at "
     "the miss; no free way, MSHR full or miss queue full is a reservation failure that stalls the access)"},
    {"l1_miss_queue", KT_UINT, OFF(l1_miss_queue), 1, 1024, NULL, 0, "l1_alloc = miss: the L1 miss queue; 8 (GPGPU-Sim GTX480 gpgpusim.config, dl1 ...,8)"},
    {"dft_entries", KT_UINT, OFF(dft_entries), 1, 1024, NULL, 0,
     "entries of each MC's data-filtering table (df-truc, df-man; docs/dpc.md sec. 6; seed 000: 32, 256, 1024)"},
    {"rc", KT_UINT, OFF(rc), 0, 1, NULL, 0,
     "df-truc, df-man: 1 = each SM's request controller and windows manager choose partial or full requests "
     "(seed 000 ch. 4; docs/rcwm.md); 0 = every miss asks for its critical map"},
    {"rc_window", KT_UINT, OFF(rc_window), 1, 32, NULL, 0, "rc = 1: events per window (seed 000 Table 5.1: 8, 16, 32)"},
    {"rc_ica_pct", KT_UINT, OFF(rc_ica_pct), 0, 100, NULL, 0, "rc = 1: ICA threshold % (Table 5.1: 25, 50, 75)"},
    {"rc_fdr_pct", KT_UINT, OFF(rc_fdr_pct), 0, 100, NULL, 0, "rc = 1: FDR threshold % (Table 5.1: 30, 60, 90)"},
    {"df_fill", KT_ENUM, OFF(df_fill), 0, 0, df_fill_names, 0,
     "df-truc, df-man: an L1 line's sub-blocks after a miss: replace (seed 000 sec. 4: what the miss's replies "
     "brought) | append (OR with what the line held; the seed's sec. 4.2 alternative)"},
    {"pcu_rgrs", KT_UINT, OFF(pcu_rgrs), 0, 1024, NULL, 0,
     "packet coalescing unit at each MC: request grouping registers, 0 = off, 2..1024 (docs/pcu.md)"},
    {"pcu_wb", KT_UINT, OFF(pcu_wb), 1, 64, NULL, 0, "PCU write buffer entries"},
    {"warppool_entries", KT_UINT, OFF(warppool_entries), 0, 4096, NULL, 0,
     "core = sm: Warppool inter-warp coalescer entries per SM before the L1 (seed 003 sec. 5.1); 0 = none"},
    {"warppool_delay", KT_UINT, OFF(warppool_delay), 0, 64, NULL, 0,
     "Warppool: cycles a request waits for other warps' requests before its entry may access the L1"},
    {"gen_share", KT_UINT, OFF(gen_share), 0, 16, NULL, 0,
     "gen-trace sharing: mapreduce SMs per group (0 = 2); stencil tile width in lines (0 = row bands)"},
    {"mc_ni_queue", KT_UINT, OFF(mc_ni_queue), 1, 4096, NULL, 0, "MC network-interface input queue (packets)"},
    {"compressor", KT_STRING, OFF(compressor), 0, 0, NULL, sizeof(((sim_config *)0)->compressor), "reply compressor (npsim codecs lists them)"},
    {"approx_bits", KT_UINT, OFF(approx_bits), 0, 20, NULL, 0, "DSM approximation number on approximable regions"},
    {"reply_compressor_latency", KT_UINT, OFF(reply_compressor_latency), 0, 1000, NULL, 0,
     "reply compressor latency in cycles; 0 = synth_report's, else the published figure (a what-if, e.g. a unit before a pipeline change)"},
    {"reply_decompressor_latency", KT_UINT, OFF(reply_decompressor_latency), 0, 1000, NULL, 0,
     "reply decompressor latency in cycles; 0 = synth_report's, else the published figure"},
    {"approx_regions", KT_STRING, OFF(approx_regions), 0, 0, NULL, sizeof(((sim_config *)0)->approx_regions), "element type of approximable regions (e.g. float32)"},
    {"data_dir", KT_PATH, OFF(data_dir), 0, 0, NULL, SIM_PATH_MAX, "directory of *.bin memory-image files"},
    {"workload", KT_STRING, OFF(workload), 0, 0, NULL, sizeof(((sim_config *)0)->workload),
     "kernel:NAME runs the SIMT application NAME (npkernel list), traced into a temporary folder; empty: --trace or --pattern"},
    {"kernel_scale", KT_UINT, OFF(kernel_scale), 1, 1048576, NULL, 0, "workload = kernel:NAME: its size divisor (npkernel --scale)"},
    {"kernel_seed", KT_U64, OFF(kernel_seed), 0, 1.8e19, NULL, 0, "workload = kernel:NAME: seed of generated inputs (npkernel --seed)"},
    {"kernel_input_dir", KT_PATH, OFF(kernel_input_dir), 0, 0, NULL, SIM_PATH_MAX,
     "workload = kernel:NAME: the benchmarks' input files (npkernel --input-dir)"},
    {"synth_report", KT_PATH, OFF(synth_report), 0, 0, NULL, SIM_PATH_MAX,
     "synthesis JSON with unit latencies; a named file must parse; empty = published latencies only"},
    {"max_cycles", KT_U64, OFF(max_cycles), 1, 1e15, NULL, 0, "a run that has not finished by then fails"},
    {"seed", KT_U64, OFF(seed), 0, 1.8e19, NULL, 0, "PRNG seed"},
};
#undef OFF

void config_default(sim_config *cfg) {
    memset(cfg, 0, sizeof *cfg);
    cfg->topology = TOPO_MESH;
    cfg->mesh_k = 8;
    cfg->channel_bits = 0;
    cfg->vcs = 4;
    cfg->vcs_request = 2;
    cfg->vc_depth = 8;
    cfg->credit_delay = 1;
    /* The built router's allocator (docs/router.md 11): the sequential one stays an option */
    cfg->va_alloc = VA_SEPARABLE;
    cfg->routing[0] = ROUTE_XY;
    cfg->routing[1] = ROUTE_YX;
    cfg->traffic = TRAFFIC_UNIFORM;
    cfg->injection_rate = 0.1;
    cfg->packet_flits = 1;
    cfg->classes = CLASSES_BOTH;
    cfg->mcast_fraction = 0.0;
    cfg->mcast_dests = 4;
    cfg->hot_nodes.count = 1;
    cfg->hot_nodes.v[0] = 27;
    cfg->hotspot_fraction = 0.2;
    cfg->warmup_cycles = 2000;
    cfg->measure_cycles = 10000;
    cfg->drain_cycles = 20000;
    cfg->sms = 56;
    cfg->mcs = 8;
    cfg->mc_placement = PLACE_BOTTOM;
    cfg->warps_per_sm = 16;
    cfg->warp_max_outstanding = 2;
    cfg->core = CORE_NONE;
    cfg->schedulers_per_sm = 2;          /* seed 004 Table II */
    cfg->scheduler = SCHED_GTO;          /* seed 004 Table II */
    /* Accel-Sim SM7_QV100 trace.config (<latency>,<initiation>): int/sp 2,2; sfu 20,8; dp 8,4
     * (anchors-core-systemc-compressors.md sec. 1.4); shared memory 20 (its gpgpusim.config) */
    cfg->class_latency[LAT_ALU] = 2;
    cfg->class_interval[LAT_ALU] = 2;
    cfg->class_latency[LAT_SFU] = 20;
    cfg->class_interval[LAT_SFU] = 8;
    cfg->class_latency[LAT_OTHER] = 8;
    cfg->class_interval[LAT_OTHER] = 4;
    cfg->smem_latency = 20;
    cfg->gen_alu = 4;
    cfg->gen_dep = 3;
    cfg->l1_kb = 16;
    cfg->l1_assoc = 4;
    cfg->l1_hit_latency = 1;
    cfg->l1_mshrs = 32;
    cfg->l1_mshr_merge = 8;
    cfg->l1_policy = L1_LRU;
    cfg->l1_ba_threshold = 0;
    cfg->l1_compression = L1C_NONE;
    cfg->l1_compression_check = 0;
    cfg->follow_check = 0;
    cfg->l1_compression_full_size = 0;
    cfg->l1_reuse = 0;
    cfg->l2_kb = 64;
    cfg->l2_sub_partitions = 1;
    cfg->l2_assoc = 8;
    cfg->l2_hit_latency = 120;
    cfg->dram_latency = 220;
    cfg->mc_req_queue = 16;
    cfg->mc_reply_queue = 16;
    cfg->mc_ni_queue = 4;
    cfg->mc_inflight = 32;
    cfg->dram = DRAM_FIXED;
    dram_config_gtx480(&cfg->dramc);
    cfg->core_mhz = 700;
    cfg->dram_mhz = 924;
    cfg->l2_mshrs = 32;
    cfg->l2_mshr_merge = 4;
    cfg->l1_alloc = L1_ALLOC_FILL;
    cfg->l1_miss_queue = 8;
    cfg->dft_entries = 32;
    cfg->df_fill = DF_FILL_REPLACE;
    cfg->rc = 0;
    cfg->rc_window = RCWM_DEFAULT_WINDOW;
    cfg->rc_ica_pct = RCWM_DEFAULT_ICA_PCT;
    cfg->rc_fdr_pct = RCWM_DEFAULT_FDR_PCT;
    cfg->pcu_rgrs = 0;
    cfg->pcu_wb = 4;
    cfg->warppool_entries = 0;
    cfg->warppool_delay = 4;
    snprintf(cfg->compressor, sizeof cfg->compressor, "none");
    cfg->approx_bits = 12;
    snprintf(cfg->approx_regions, sizeof cfg->approx_regions, "float32");
    snprintf(cfg->data_dir, sizeof cfg->data_dir, "../shared/data/lines");
    cfg->kernel_scale = 1;
    cfg->kernel_seed = 1;
    snprintf(cfg->kernel_input_dir, sizeof cfg->kernel_input_dir, "../shared/data/inputs");
    snprintf(cfg->synth_report, sizeof cfg->synth_report, "build/synth/report.json");
    cfg->max_cycles = 50000000;
    cfg->seed = 1;
}

static bool fail(char *err, size_t len, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return false;
}

static const key_def *find_key(const char *name) {
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(keys[i].name, name) == 0) return &keys[i];
    return NULL;
}

/* Strict number parsers: the whole string must be the number. */
/* textscan.h's numbers, shared with the trace readers: 0x hex or decimal without a leading
 * zero (never octal), finite decimals only (no nan / inf). */
static bool parse_double(const char *s, double *out) { return ts_double(s, out); }

static bool parse_u64(const char *s, uint64_t *out) { return ts_num_u64(s, UINT64_MAX, out); }

static bool set_list(const key_def *k, sim_uint_list *list, const char *value, const char *where,
                     char *err, size_t len) {
    sim_uint_list out = {0};
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", value);
    for (char *save = NULL, *tok = strtok_r(buf, ", \t", &save); tok; tok = strtok_r(NULL, ", \t", &save)) {
        uint64_t v;
        if (!parse_u64(tok, &v) || v > (uint64_t)k->max)
            return fail(err, len, "%s: '%s' in %s is not a node number in [0, %.0f]", where, tok, k->name, k->max);
        if (out.count == SIM_MAX_LIST)
            return fail(err, len, "%s: %s holds more than %u entries", where, k->name, SIM_MAX_LIST);
        out.v[out.count++] = (unsigned)v;
    }
    *list = out;
    return true;
}

static bool set_value(sim_config *cfg, const key_def *k, const char *value, const char *where, const char *dir,
                      char *err, size_t len) {
    char *base = (char *)cfg + k->offset;
    switch (k->type) {
    case KT_UINT:
    case KT_U64: {
        uint64_t v;
        if (!parse_u64(value, &v) || (double)v < k->min || (double)v > k->max)
            return fail(err, len, "%s: %s = '%s': expected an integer in [%.0f, %.0f]%s", where, k->name,
                        value, k->min, k->max, ts_num_why(value));
        if (k->type == KT_UINT) *(unsigned *)base = (unsigned)v;
        else *(uint64_t *)base = v;
        return true;
    }
    case KT_DOUBLE: {
        double v;
        if (!parse_double(value, &v) || v < k->min || v > k->max)
            return fail(err, len, "%s: %s = '%s': expected a number in [%g, %g]%s", where, k->name, value,
                        k->min, k->max, ts_num_why(value));
        *(double *)base = v;
        return true;
    }
    case KT_ENUM:
        for (int i = 0; k->choices[i]; i++)
            if (strcmp(k->choices[i], value) == 0) {
                *(int *)base = i;
                return true;
            }
        {
            char opts[256] = "";
            for (int i = 0; k->choices[i]; i++) {
                strncat(opts, i ? " | " : "", sizeof opts - strlen(opts) - 1);
                strncat(opts, k->choices[i], sizeof opts - strlen(opts) - 1);
            }
            return fail(err, len, "%s: %s = '%s': expected one of %s", where, k->name, value, opts);
        }
    case KT_STRING:
        if (strlen(value) >= k->size)
            return fail(err, len, "%s: %s: value longer than %zu characters", where, k->name, k->size - 1);
        memcpy(base, value, strlen(value) + 1);
        return true;
    case KT_LIST:
        return set_list(k, (sim_uint_list *)base, value, where, err, len);
    case KT_PATH: {
        /* dir: the config file's folder ("" on the command line); an empty value stays empty */
        bool rel = *value && *value != '/' && dir && *dir;
        size_t need = (rel ? strlen(dir) + 1 : 0) + strlen(value);
        if (need >= k->size)
            return fail(err, len, "%s: %s: path longer than %zu characters", where, k->name, k->size - 1);
        snprintf(base, k->size, "%s%s%s", rel ? dir : "", rel ? "/" : "", value);
        if (k->offset == offsetof(sim_config, synth_report)) cfg->synth_report_named = true;
        return true;
    }
    }
    return fail(err, len, "%s: internal: key type", where);
}

static char *trim(char *s) {
    while (isspace((unsigned char)*s)) s++;
    char *e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
    return s;
}

#define NKEYS (sizeof keys / sizeof keys[0])

/* Parse one `key = value` text; `where` is the location for messages. first_line (a file's
 * lines, else NULL) holds the line that set each key so far: a key given twice in one file is an
 * error naming both lines (the second would silently win). */
static bool assign(sim_config *cfg, const char *where, const char *dir, char *line, unsigned lineno,
                   unsigned *first_line, char *err, size_t len) {
    char *eq = strchr(line, '=');
    if (!eq) return fail(err, len, "%s: expected 'key = value', got '%s'", where, line);
    *eq = '\0';
    char *key = trim(line), *value = trim(eq + 1);
    if (*key == '\0') return fail(err, len, "%s: missing key before '='", where);
    const key_def *k = find_key(key);
    if (!k) return fail(err, len, "%s: unknown key '%s' (npsim help-config lists the keys)", where, key);
    if (*value == '\0' && k->type != KT_STRING && k->type != KT_LIST && k->type != KT_PATH)
        return fail(err, len, "%s: %s has no value", where, key);
    if (first_line) {
        unsigned *first = &first_line[k - keys];
        if (*first)
            return fail(err, len, "%s: %s is set twice in this file (first at line %u); a key is set once per file",
                        where, key, *first);
        *first = lineno;
    }
    return set_value(cfg, k, value, where, dir, err, len);
}

static bool load_text(sim_config *cfg, const char *name, const char *dir, const char *text, char *err,
                      size_t err_len) {
    unsigned lineno = 0, first_line[NKEYS] = {0};
    const char *p = text;
    while (*p) {
        const char *nl = strchr(p, '\n');
        size_t n = nl ? (size_t)(nl - p) : strlen(p);
        lineno++;
        char line[1024], where[SIM_PATH_MAX + 32];
        snprintf(where, sizeof where, "%s:%u", name, lineno);
        if (n >= sizeof line) return fail(err, err_len, "%s: line longer than %zu characters", where, sizeof line - 1);
        memcpy(line, p, n);
        line[n] = '\0';
        char *hash = strchr(line, '#');
        if (hash) *hash = '\0';
        char *body = trim(line);
        if (*body && !assign(cfg, where, dir, body, lineno, first_line, err, err_len)) return false;
        p += n + (nl ? 1 : 0);
    }
    return true;
}

bool config_load_text(sim_config *cfg, const char *name, const char *text, char *err, size_t err_len) {
    return load_text(cfg, name, NULL, text, err, err_len);
}

bool config_load_file(sim_config *cfg, const char *path, char *err, size_t err_len) {
    char why[1024];
    long long size;
    FILE *f = np_open_regular(path, &size, why, sizeof why);
    if (!f) return fail(err, err_len, "%s", why);
    if (size > (1 << 20)) {
        fclose(f);
        return fail(err, err_len, "%s: not a configuration file (%lld bytes; at most 1 MiB)", path, size);
    }
    char *text = malloc((size_t)size + 1);
    if (!text) {
        fclose(f);
        return fail(err, err_len, "%s: out of memory", path);
    }
    size_t got = fread(text, 1, (size_t)size, f);
    fclose(f);
    text[got] = '\0';
    bool ok = memchr(text, '\0', got) == NULL;
    if (!ok) fail(err, err_len, "%s:1: binary data in a configuration file", path);
    else {
        char dir[SIM_PATH_MAX];                     /* the file's folder: its relative paths start there */
        const char *slash = strrchr(path, '/');
        if (!slash) snprintf(dir, sizeof dir, "%s", "");
        else if (slash == path) snprintf(dir, sizeof dir, "/");
        else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
        ok = load_text(cfg, path, dir, text, err, err_len);
    }
    free(text);
    return ok;
}

bool config_set(sim_config *cfg, const char *where, const char *assignment, char *err, size_t err_len) {
    char line[1024];
    if (strlen(assignment) >= sizeof line) return fail(err, err_len, "%s: too long", where);
    snprintf(line, sizeof line, "%s", assignment);
    return assign(cfg, where, NULL, line, 0, NULL, err, err_len);
}

bool config_has_key(const char *name) { return find_key(name) != NULL; }

unsigned config_channel_bits(const sim_config *cfg) {
    if (cfg->channel_bits) return cfg->channel_bits;
    return cfg->topology == TOPO_MESH ? 128u : 256u;
}

unsigned config_packet_flits(const sim_config *cfg, uint64_t payload_bits) {
    unsigned channel = config_channel_bits(cfg);
    unsigned flits = (unsigned)((payload_bits + channel - 1) / channel) + (cfg->packet_head == PACKET_HEAD_FLIT);
    return flits ? flits : 1u;
}

unsigned config_mem_ports(const sim_config *cfg) {
    return cfg->dram == DRAM_GDDR5 ? cfg->mcs * cfg->l2_sub_partitions : cfg->mcs;
}

unsigned config_nodes(const sim_config *cfg) {
    return cfg->topology == TOPO_MESH ? cfg->mesh_k * cfg->mesh_k : cfg->sms + config_mem_ports(cfg);
}

/* l2_sub_partitions: a power of two that the DRAM's banks can select (GPGPU-Sim takes the
 * sub-partition from the bank's low bits) and at most SIM_MAX_MCS memory ports in all. Like every
 * gddr5 key it does not touch dram = fixed (one L2 per MC there). */
static bool sub_partitions_fit(const sim_config *cfg, char *err, size_t len) {
    unsigned sub = cfg->l2_sub_partitions;
    if (sub & (sub - 1)) return fail(err, len, "config: l2_sub_partitions = %u: expected 1, 2 or 4", sub);
    if (sub == 1 || cfg->dram != DRAM_GDDR5) return true;
    if (sub > cfg->dramc.banks)
        return fail(err, len, "config: l2_sub_partitions = %u exceeds dram_banks = %u (a sub-partition is a bank's low bits)",
                    sub, cfg->dramc.banks);
    if (cfg->mcs * sub > SIM_MAX_MCS)
        return fail(err, len, "config: mcs x l2_sub_partitions = %u exceeds %u memory ports", cfg->mcs * sub, SIM_MAX_MCS);
    return true;
}

bool config_validate(const sim_config *cfg, char *err, size_t len) {
    /* every VC to requests leaves replies none: only synthetic traffic of requests alone can run so */
    if (cfg->vcs_request > cfg->vcs || (cfg->vcs_request == cfg->vcs && cfg->classes != CLASSES_REQUEST))
        return fail(err, len, "config: vcs_request (%u) must leave at least one of the %u VCs to replies "
                    "(all of them only with classes = request)", cfg->vcs_request, cfg->vcs);
    if (config_channel_bits(cfg) < 32)
        return fail(err, len, "config: channel_bits must be at least 32 (the head flit's fields)");
    if (config_l1_tag_unit(cfg->l1_policy) && !config_l1_tags_fit(cfg, err, len)) return false;
    if (cfg->l1_compression != L1C_NONE && !config_l1_compression_fits(cfg, err, len)) return false;
    if (cfg->dram == DRAM_GDDR5) {
        const char *why = dram_config_check(&cfg->dramc);
        if (why) return fail(err, len, "config: dram = gddr5: %s", why);
    }
    if (!sub_partitions_fit(cfg, err, len)) return false;
    if (cfg->pcu_rgrs == 1) return fail(err, len, "config: pcu_rgrs = 1: a PCU needs at least 2 RGRs (0 = off)");
    if (cfg->warppool_entries && cfg->core != CORE_SM)
        return fail(err, len, "config: warppool_entries > 0 needs core = sm (the pool sits after the load/store unit)");
    if (cfg->pcu_rgrs && cfg->sms > 64)
        return fail(err, len, "config: pcu_rgrs > 0 needs at most 64 SMs (one destination bit each), not %u", cfg->sms);
    unsigned nodes = config_nodes(cfg);
    if (cfg->topology == TOPO_CROSSBAR && nodes > 64)
        return fail(err, len, "config: a crossbar has at most 64 ports (sms + mcs x l2_sub_partitions = %u)", nodes);
    /* docs/sim.md "Multicast": a multicast packet longer than a VC buffer needs a replication
     * buffer that holds it whole, else asynchronous replication in wormhole flow control can deadlock */
    if (cfg->mcast_fraction > 0 && cfg->packet_flits > cfg->vc_depth && cfg->packet_flits > config_mcast_max_flits(cfg))
        return fail(err, len, "config: multicast packets of packet_flits = %u flits are longer than the replication "
                    "buffers (mcast_max_flits = %u) and the VC buffers (vc_depth = %u)", cfg->packet_flits,
                    config_mcast_max_flits(cfg), cfg->vc_depth);
    return true;
}

/* The BA tag unit's geometry limits (cmodel ba_config_check): power-of-two sets, at most
 * BA_MAX_WAYS ways, a threshold within the ways. */
bool config_l1_tags_fit(const sim_config *cfg, char *err, size_t len) {
    unsigned lines = cfg->l1_kb * 1024u / 128u, sets = cfg->l1_assoc ? lines / cfg->l1_assoc : 0;
    if (cfg->l1_assoc > 32 || sets == 0 || lines % cfg->l1_assoc || (sets & (sets - 1)))
        return fail(err, len, "config: l1_policy = ba / tag-lru needs a power-of-two number of sets and at most 32 "
                    "ways (l1_kb = %u, l1_assoc = %u)", cfg->l1_kb, cfg->l1_assoc);
    if (cfg->l1_ba_threshold > cfg->l1_assoc)
        return fail(err, len, "config: l1_ba_threshold = %u exceeds l1_assoc = %u", cfg->l1_ba_threshold,
                    cfg->l1_assoc);
    return true;
}

/* The compressed L1 (docs/latte.md 3.1): the core model issues its loads, the plain LRU tag path
 * is the one it replaces, and the sets, 4x tags and sub-blocks fit the C model's limits. */
bool config_l1_compression_fits(const sim_config *cfg, char *err, size_t len) {
    const char *name = config_l1_compression_name(cfg->l1_compression);
    if (cfg->core != CORE_SM)
        return fail(err, len, "config: l1_compression = %s needs core = sm (the latency tolerance comes from the core model)",
                    name);
    if (cfg->l1_policy != L1_LRU)
        return fail(err, len, "config: l1_compression = %s replaces the LRU L1; it does not combine with l1_policy = %s", name,
                    config_l1_policy_name(cfg->l1_policy));
    unsigned lines = cfg->l1_kb * 1024u / 128u, sets = cfg->l1_assoc ? lines / cfg->l1_assoc : 0;
    if (sets < 16 || lines % cfg->l1_assoc || (sets & (sets - 1)) || cfg->l1_assoc * 4u > 64u)
        return fail(err, len, "config: l1_compression = %s needs a power-of-two number of L1 sets >= 16 and l1_assoc <= 16 "
                    "(4x tags per set, at most 64; l1_kb = %u, l1_assoc = %u)", name, cfg->l1_kb, cfg->l1_assoc);
    return true;
}

const char *config_l1_compression_name(unsigned c) { return c < L1C_SCHEMES ? l1_compression_names[c] : "?"; }

const char *config_scheduler_name(unsigned s) { return s <= SCHED_YOUNGEST ? scheduler_names[s] : "?"; }
const char *config_core_name(unsigned c) { return c <= CORE_SM ? core_names[c] : "?"; }

const char *config_dram_name(unsigned dram) { return dram <= DRAM_GDDR5 ? dram_names[dram] : "?"; }
const char *config_l1_alloc_name(unsigned alloc) { return alloc <= L1_ALLOC_MISS ? l1_alloc_names[alloc] : "?"; }

const char *config_l1_policy_name(unsigned policy) {
    return policy <= L1_BYPASS ? l1_policy_names[policy] : "?";
}

unsigned config_mcast_max_flits(const sim_config *cfg) {
    if (cfg->mcast_max_flits) return cfg->mcast_max_flits;
    return cfg->mcast_fraction > 0 ? cfg->packet_flits : 0;
}

/* The value of key k as config text; exact: doubles with 17 significant digits, so that reading
 * the text back gives the same bits (a run rebuilt from its JSON is the same run). */
static void key_value(const sim_config *cfg, const key_def *k, bool exact, char *value, size_t size) {
        const char *base = (const char *)cfg + k->offset;
        switch (k->type) {
        case KT_UINT: snprintf(value, size, "%u", *(const unsigned *)base); break;
        case KT_U64: snprintf(value, size, "%llu", (unsigned long long)*(const uint64_t *)base); break;
        case KT_DOUBLE: snprintf(value, size, exact ? "%.17g" : "%g", *(const double *)base); break;
        case KT_ENUM: snprintf(value, size, "%s", k->choices[*(const int *)base]); break;
        case KT_PATH:
        case KT_STRING: snprintf(value, size, "%s", base); break;
        case KT_LIST: {
            const sim_uint_list *l = (const sim_uint_list *)base;
            value[0] = '\0';
            for (unsigned j = 0; j < l->count; j++) {
                char num[16];
                snprintf(num, sizeof num, j ? ",%u" : "%u", l->v[j]);
                strncat(value, num, size - strlen(value) - 1);
            }
            break;
        }
        }
}

void config_print(const sim_config *cfg, void *file) {
    FILE *f = file;
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char value[600];
        key_value(cfg, &keys[i], false, value, sizeof value);
        fprintf(f, "%-22s = %-24s # %s\n", keys[i].name, value, keys[i].help);
    }
}

void config_each(const sim_config *cfg, void (*fn)(void *ctx, const char *key, const char *value), void *ctx) {
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        char value[600];
        key_value(cfg, &keys[i], true, value, sizeof value);
        fn(ctx, keys[i].name, value);
    }
}
