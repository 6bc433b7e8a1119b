/* Compressed L1 of the SM (l1_compression != none; docs/sim.md "Compressed L1 (LATTE-CC)"). Per
 * SM one LATTE-CC controller and one compressed-cache tag unit of the C model (cmodel latte.h:
 * latte_ctrl, latte_tags), the registry's codecs (codec.h: bdi, sc, bpc) for every line's
 * compressed size, and a decompression queue in front of the SM's decompressor. This file holds
 * no compressor, no tag rule and no mode decision: it moves the simulator's events through the
 * C model (docs/latte.md sec. 9) and times them. */
#ifndef SIM_L1C_H
#define SIM_L1C_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "codec.h"
#include "util/config.h"
#include "latte.h"
#include "mem/memimg.h"
#include "mem/reply_codec.h"

/* Lines the decompression queue holds (a hit that finds it full retries the next cycle): the
 * controller's queue-position input is 6 bits (docs/latte.md 5.1). */
#define L1C_QUEUE (LATTE_QPOS_MAX + 1u)
/* Points of SM 0's per-EP timeline kept (every k-th EP when the run has more). */
#define L1C_TIMELINE 512u

/* One run's setup, shared by the SMs: what each mode compresses with and how long it takes. */
typedef struct {
    sim_l1_compression scheme;
    latte_params params;                 /* the controller's configuration (policy, latencies) */
    const np_codec *codec[LATTE_MODES];  /* [LL] bdi, [HC] sc or bpc; NULL for a mode never used */
    codec_timing timing[LATTE_MODES];    /* compressor / decompressor latency of each mode and its source */
    bool dlat_clamped;                   /* a decompressor latency above the controller's 6-bit field */
    latte_geometry geo;
    latte_tags_config tags;
    unsigned hit_latency;                /* the L1 hit latency every access pays (l1_hit_latency) */
    bool check;                          /* l1_compression_check */
    bool full_size;                      /* l1_compression_full_size: compressed lines take 4 sub-blocks */
    const mem_image *img;
    /* Compressed size + 1 per image line (0: not yet) for a mode whose codec has no state and no
     * map, so a size depends on the line alone; NULL otherwise (SC: its code table is rebuilt each
     * period, where the reply path's SC is trained once and may be memoised), and when
     * l1_compression_check keeps every stream. Shared by the SMs: a line's size is the same
     * whichever SM fills it, so each line is compressed once per mode instead of once per fill. */
    uint16_t *bits_memo[LATTE_MODES];
} l1c_setup;

typedef struct {                         /* SM 0's state at the end of one EP */
    uint64_t cycle;
    uint32_t ep;                         /* EPs of SM 0 so far */
    uint8_t mode;                        /* the follower mode chosen for the next EP */
    float capacity;                      /* uncompressed bytes of valid lines / the L1's bytes */
} l1c_point;

typedef struct {
    uint64_t scheme;                     /* sim_l1_compression of the run */
    uint64_t kernel_opt_mode;            /* kernel-opt: the static mode that was fastest (0..2) */
    uint64_t hits[LATTE_MODES];          /* read hits by the hit line's compression_policy */
    uint64_t compressions[LATTE_MODES];  /* fills compressed by the mode asked for (LL, HC) */
    uint64_t stored[LATTE_MODES];        /* fills stored with each policy (a line that does not fit in 3 sub-blocks: 0) */
    uint64_t decompressions[LATTE_MODES];
    uint64_t queue_wait_cycles;          /* cycles hits waited in the decompression queue (beyond their own decompression) */
    uint64_t queue_full;                 /* cycles a hit found the queue full and the load/store unit retried */
    uint64_t eps, ep_mode[LATTE_MODES];  /* EP ends over all SMs; the mode chosen at each */
    uint64_t mode_changes;
    uint64_t sm_eps_min, sm_eps_max;     /* EP ends of the SM with fewest / most (run length, collect) */
    unsigned sms, period_eps;            /* SMs the EPs are spread over; EPs per period (latte_geometry) */
    unsigned sms_accessed;               /* SMs with at least one L1 access (a grid smaller than the GPU leaves some idle) */
    uint64_t accessed_eps_min;           /* EP ends of the SM with fewest among those */
    double capacity_sum;                 /* effective capacity / L1 bytes summed over EP ends */
    uint64_t rebuilds, invalidated;      /* SC code-table rebuilds; lines they invalidated */
    uint64_t fill_present;               /* fills whose line was already present */
    uint64_t checked;                    /* hits decompressed and compared (l1_compression_check) */
    char codec_name[LATTE_MODES][16];    /* the codec in each slot ("" for none) */
    codec_timing timing[LATTE_MODES];    /* its latencies and their sources */
    uint64_t dlat_clamped;               /* a decompressor latency above the controller's 6-bit field */
    uint32_t timeline_n, timeline_stride;
    l1c_point timeline[L1C_TIMELINE];    /* SM 0 */
} l1c_stats;

typedef struct l1c_sm l1c_sm;

/* The setup for cfg (cfg->l1_compression must not be none or kernel-opt: kernel-opt is three
 * static runs, gpu.c). Latencies from the synthesis report at cfg->synth_report, as the reply
 * compressors' (reply_codec.h), else the registry's published figures. */
bool l1c_setup_init(l1c_setup *s, const sim_config *cfg, const mem_image *img, char *err, size_t err_len);
void l1c_setup_free(l1c_setup *s);
l1c_sm *l1c_sm_new(const l1c_setup *s, char *err, size_t err_len);
void l1c_sm_free(l1c_sm *c);

/* A read of line `line` at cycle `now`. READ_HIT: *latency = cycles until the data is in the
 * registers (hit latency, queue wait, decompression). READ_MISS: *fill_policy = the mode the
 * controller gave the miss's fill. READ_BUSY: a hit on a compressed line found the queue full;
 * nothing changed. */
typedef enum { L1C_READ_HIT, L1C_READ_MISS, L1C_READ_BUSY } l1c_read_outcome;
/* Whether the read would hit (no state change): the caller needs an MSHR only for a miss. */
bool l1c_present(const l1c_sm *c, uint64_t line);
l1c_read_outcome l1c_read(l1c_sm *c, const l1c_setup *s, l1c_stats *st, bool sm0, uint64_t line, uint64_t now,
                          unsigned *latency, unsigned *fill_policy);
/* A write (write-evict). */
void l1c_write(l1c_sm *c, const l1c_setup *s, l1c_stats *st, bool sm0, uint64_t line, uint64_t now);
/* The compressor's latency for a fill in mode `policy`. */
unsigned l1c_fill_delay(const l1c_setup *s, unsigned policy);
/* A missed line's data is compressed in `policy` and inserted (its compressor done): `data`, the
 * 128 bytes its reply brought when they are not the image's line now, or NULL (the image's line). */
void l1c_insert(l1c_sm *c, const l1c_setup *s, l1c_stats *st, uint64_t line, unsigned policy, const uint8_t *data);
/* One schedule of the SM's core model: ready warps at the switch, cycles the warp ran (eq. 4). */
void l1c_schedule(l1c_sm *c, unsigned ready_warps, uint64_t cycles);
/* EPs this SM has completed (its controller's EP ends): the run's length in LATTE-CC's time unit. */
uint64_t l1c_sm_eps(const l1c_sm *c);
/* L1 accesses of this SM (reads that hit or miss and writes: the controller's ACCESS events). */
uint64_t l1c_sm_accesses(const l1c_sm *c);
/* Uncompressed bytes of the valid lines. */
uint64_t l1c_effective_bytes(const l1c_sm *c);

#endif
