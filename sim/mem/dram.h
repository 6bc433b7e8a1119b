/* GDDR5 DRAM of one memory controller (docs/sim.md "DRAM (dram = gddr5)"): channels of banks in
 * bank groups, one row buffer per bank (open page), the GDDR5 timing set in DRAM command cycles,
 * an FR-FCFS scheduler over a bounded queue per channel, one command per cycle per channel (a
 * single command bus, GPGPU-Sim's default), and an address map that spreads 128-byte lines over
 * channels and banks. The rules follow GPGPU-Sim 3.x's dram.cc (read, not copied); refresh is not
 * modelled (GPGPU-Sim does not model it either). Independent of the GPU: requests are line
 * indices local to the controller, times are DRAM command cycles. */
#ifndef SIM_DRAM_H
#define SIM_DRAM_H

#include <stdbool.h>
#include <stdint.h>

#define DRAM_MAX_BANKS 64
#define DRAM_MAX_CHANNELS 8
#define DRAM_MAX_QUEUE 256
#define DRAM_LINE_BYTES 128u

typedef struct {
    unsigned channels;           /* channels per controller */
    unsigned banks, bank_groups; /* per channel; bank group = bank mod bank_groups (GPGPU-Sim's LOWER_BITS) */
    unsigned queue;              /* FR-FCFS scheduler queue entries per channel */
    unsigned bus_bytes;          /* data bus per channel, bytes (chips x bytes per chip) */
    unsigned burst;              /* burst length (transfers per column command) */
    unsigned data_rate;          /* data transfers per command cycle (GDDR5: 4) */
    unsigned row_bytes;          /* bytes of one row across the channel's chips */
    unsigned ccd, ccdl, rrd, rcd, ras, rp, rc, cl, wl, cdlr, wr, rtpl, faw;   /* command cycles; faw 0 = none */
} dram_config;

/* GPGPU-Sim 3.x GTX480 (configs/GTX480/gpgpusim.config; Hynix H5GQ1H24AFR timing). */
void dram_config_gtx480(dram_config *c);
/* NULL when c is usable, else what is wrong. */
const char *dram_config_check(const dram_config *c);

/* Derived figures (docs/sim.md gives the formulas). */
unsigned dram_atom_bytes(const dram_config *c);     /* bytes of one column command: bus_bytes x burst */
unsigned dram_burst_cycles(const dram_config *c);   /* command cycles one burst holds the data bus */
unsigned dram_line_columns(const dram_config *c);   /* column commands per 128-byte line */
double dram_peak_bytes_per_cycle(const dram_config *c);   /* whole controller, per command cycle */

typedef struct {
    unsigned channel, bank, group;
    uint64_t row;
} dram_addr;

/* Where a controller-local line index lives: GTX480's map in 128-byte lines, from the low bit up:
 * 1 column bit, 1 bank bit, the other column bits, the other bank bits, the channel, the row. */
dram_addr dram_map(const dram_config *c, uint64_t line);
/* The bit of a controller-local line index that holds bit b of its bank (b < log2 banks). */
unsigned dram_bank_bit(const dram_config *c, unsigned b);

typedef struct {
    uint64_t line;
    uint64_t row;
    uint64_t seq;                /* arrival order (FR-FCFS: oldest first within a class) */
    uint64_t t_arrive;           /* command cycle it entered the queue */
    uint64_t t_first;            /* its first command; UINT64_MAX before */
    uint64_t tag;                /* the caller's */
    uint16_t bank;
    uint8_t write, columns_left, activated;
} dram_req;

typedef struct {
    uint64_t row;
    bool open;
    uint64_t act_ok, rd_ok, wr_ok, pre_ok;   /* earliest cycle of each command to this bank */
} dram_bank;

typedef struct {
    dram_req q[DRAM_MAX_QUEUE];  /* in arrival order */
    unsigned len;
    dram_bank bank[DRAM_MAX_BANKS];
    uint64_t group_cas_ok[DRAM_MAX_BANKS], group_pre_ok[DRAM_MAX_BANKS];   /* tCCDL, tRTPL per bank group */
    uint64_t cas_ok, act_ok;     /* tCCD, tRRD */
    uint64_t rd_ok, wr_ok;       /* write-to-read (tWTR), read-to-write (tRTW) turnarounds */
    uint64_t faw[4];             /* the last four activations (tFAW), oldest at faw_pos */
    unsigned faw_pos;
    uint64_t acts;
} dram_channel;

typedef struct {
    uint64_t tag;
    uint8_t write;
    uint64_t done;               /* command cycle its last data beat ends */
} dram_done;

typedef struct {
    uint64_t reads, writes;                  /* requests completed */
    uint64_t columns, acts, pres;            /* commands */
    uint64_t row_hits;                       /* requests that needed no activation of their own */
    uint64_t queue_lat_sum;                  /* arrival -> first command, over completed requests */
    uint64_t service_lat_sum;                /* first command -> last data beat */
    uint64_t busy_cycles;                    /* command cycles the data bus carried data */
    uint64_t occupancy_sum;                  /* queued requests summed over the cycles stepped */
    uint64_t t_first, t_last;                /* first arrival, last data beat (t_last 0: none yet) */
} dram_stats;

typedef struct {
    dram_config cfg;
    dram_channel ch[DRAM_MAX_CHANNELS];
    dram_done *done;             /* completion FIFO (ring), in completion order */
    unsigned done_cap, done_head, done_len;
    uint64_t now;                /* command cycles stepped */
    uint64_t seq;
    dram_stats st;
} dram_t;

/* false when the configuration is unusable (dram_config_check) or out of memory */
bool dram_init(dram_t *d, const dram_config *c);
void dram_free(dram_t *d);
/* The channel of the line's queue has room. */
bool dram_can_accept(const dram_t *d, uint64_t line);
/* Queue a read or write of one line (dram_can_accept must hold); tag comes back with it. */
void dram_push(dram_t *d, uint64_t line, bool write, uint64_t tag);
/* One command cycle: every channel issues at most one command. */
void dram_step(dram_t *d);
/* Requests queued or with data still on the bus. */
bool dram_busy(const dram_t *d);
/* The oldest completed request whose data ended by now (false: none). */
bool dram_pop_done(dram_t *d, dram_done *out);

#endif
