/* GDDR5 DRAM of one memory controller; see dram.h and docs/sim.md "DRAM (dram = gddr5)". The
 * command rules are GPGPU-Sim 3.x's (src/gpgpu-sim/dram.cc, gpu-sim.h), written as the earliest
 * cycle each command may issue instead of its count-down counters. */
#include "mem/dram.h"

#include <stdlib.h>
#include <string.h>

void dram_config_gtx480(dram_config *c) {
    memset(c, 0, sizeof *c);
    c->channels = 1;             /* one channel per controller ("6 memory channels", n_mem 6) */
    c->banks = 16;               /* nbk */
    c->bank_groups = 4;          /* nbkgrp */
    c->queue = 16;               /* gpgpu_frfcfs_dram_sched_queue_size */
    c->bus_bytes = 8;            /* gpgpu_n_mem_per_ctrlr 2 x gpgpu_dram_buswidth 4 */
    c->burst = 8;                /* gpgpu_dram_burst_length */
    c->data_rate = 4;            /* dram_data_command_freq_ratio (GDDR5 is QDR) */
    c->row_bytes = 4096;         /* address map: 6 column + 6 byte bits below the row bits */
    c->ccd = 2, c->ccdl = 3, c->rrd = 6, c->rcd = 12, c->ras = 28, c->rp = 12, c->rc = 40;
    c->cl = 12, c->wl = 4, c->cdlr = 5, c->wr = 12, c->rtpl = 2;
    c->faw = 0;                  /* the GTX480 timing string has no tFAW (GPGPU-Sim does not model it) */
}

static bool pow2(unsigned v) { return v && !(v & (v - 1)); }

const char *dram_config_check(const dram_config *c) {
    if (!pow2(c->channels) || c->channels > DRAM_MAX_CHANNELS) return "dram_channels must be a power of two, 1..8";
    if (!pow2(c->banks) || c->banks < 2 || c->banks > DRAM_MAX_BANKS) return "dram_banks must be a power of two, 2..64";
    if (!pow2(c->bank_groups) || c->bank_groups > c->banks) return "dram_bank_groups must be a power of two <= dram_banks";
    if (c->queue < 1 || c->queue > DRAM_MAX_QUEUE) return "dram_queue must be 1..256";
    if (!c->bus_bytes || !c->burst || !c->data_rate) return "dram_bus_bytes, dram_burst and dram_data_rate must be > 0";
    if (c->burst % c->data_rate) return "dram_burst must be a multiple of dram_data_rate";
    unsigned atom = c->bus_bytes * c->burst;
    if (!pow2(atom) || atom > DRAM_LINE_BYTES) return "dram_bus_bytes x dram_burst must be a power of two <= 128";
    if (!pow2(c->row_bytes) || c->row_bytes < 2 * DRAM_LINE_BYTES) return "dram_row_bytes must be a power of two >= 256";
    if (!c->ccd || c->ccdl < c->ccd) return "tCCD must be > 0 and tCCDL >= tCCD";
    if (c->ccd < c->burst / c->data_rate) return "tCCD must cover a burst (dram_burst / dram_data_rate)";
    if (c->rcd <= c->wl) return "tRCD must exceed WL (tRCDWR = tRCD - WL - 1)";
    return NULL;
}

unsigned dram_atom_bytes(const dram_config *c) { return c->bus_bytes * c->burst; }
unsigned dram_burst_cycles(const dram_config *c) { return c->burst / c->data_rate; }
unsigned dram_line_columns(const dram_config *c) { return DRAM_LINE_BYTES / dram_atom_bytes(c); }
double dram_peak_bytes_per_cycle(const dram_config *c) {
    return (double)c->channels * c->bus_bytes * c->data_rate;
}

/* GPGPU-Sim's derived turnarounds (gpu-sim.h): read-to-write, write-to-read, write-to-precharge,
 * activate-to-write. */
static unsigned t_rtw(const dram_config *c) { return c->cl + dram_burst_cycles(c) + 2 - c->wl; }
static unsigned t_wtr(const dram_config *c) { return c->wl + dram_burst_cycles(c) + c->cdlr; }
static unsigned t_wtp(const dram_config *c) { return c->wl + dram_burst_cycles(c) + c->wr; }
static unsigned t_rcdwr(const dram_config *c) { return c->rcd - (c->wl + 1); }

static unsigned log2u(unsigned v) {
    unsigned n = 0;
    while (v > 1) v >>= 1, n++;
    return n;
}

dram_addr dram_map(const dram_config *c, uint64_t line) {
    unsigned col_bits = log2u(c->row_bytes / DRAM_LINE_BYTES), bank_bits = log2u(c->banks);
    dram_addr a;
    uint64_t l = line >> 1;                          /* column bit 0 */
    unsigned bank = (unsigned)(l & 1u);
    l >>= 1;
    l >>= col_bits - 1;                              /* the other column bits */
    bank |= (unsigned)(l & ((1u << (bank_bits - 1)) - 1u)) << 1;
    l >>= bank_bits - 1;
    a.channel = (unsigned)(l & (c->channels - 1u));
    a.row = l >> log2u(c->channels);
    a.bank = bank;
    a.group = bank & (c->bank_groups - 1u);
    return a;
}

unsigned dram_bank_bit(const dram_config *c, unsigned b) {
    unsigned col_bits = log2u(c->row_bytes / DRAM_LINE_BYTES);
    return b == 0 ? 1u : col_bits + b;      /* as dram_map: column bit, bank bit 0, the other column bits, the other bank bits */
}

bool dram_init(dram_t *d, const dram_config *c) {
    memset(d, 0, sizeof *d);
    if (dram_config_check(c)) return false;
    d->cfg = *c;
    d->done_cap = 64;
    d->done = malloc(d->done_cap * sizeof *d->done);
    return d->done != NULL;
}

void dram_free(dram_t *d) {
    free(d->done);
    d->done = NULL;
}

bool dram_can_accept(const dram_t *d, uint64_t line) {
    return d->ch[dram_map(&d->cfg, line).channel].len < d->cfg.queue;
}

void dram_push(dram_t *d, uint64_t line, bool write, uint64_t tag) {
    dram_addr a = dram_map(&d->cfg, line);
    dram_channel *ch = &d->ch[a.channel];
    if (!d->seq) d->st.t_first = d->now;
    dram_req *r = &ch->q[ch->len++];
    *r = (dram_req){line, a.row, d->seq++, d->now, UINT64_MAX, tag, (uint16_t)a.bank, (uint8_t)write,
                    (uint8_t)dram_line_columns(&d->cfg), 0};
}

static void done_push(dram_t *d, const dram_req *r, uint64_t done) {
    if (d->done_len == d->done_cap) {
        unsigned cap = d->done_cap * 2;
        dram_done *grown = malloc(cap * sizeof *grown);
        if (!grown) abort();
        for (unsigned i = 0; i < d->done_len; i++) grown[i] = d->done[(d->done_head + i) % d->done_cap];
        free(d->done);
        d->done = grown;
        d->done_cap = cap;
        d->done_head = 0;
    }
    /* completion order: a write's data ends earlier after its CAS than a read's; tRTW / tWTR keep
     * GDDR5's order, and a later completion never overtakes an earlier one in the FIFO */
    if (d->done_len) {
        const dram_done *last = &d->done[(d->done_head + d->done_len - 1) % d->done_cap];
        if (done < last->done) done = last->done;
    }
    d->done[(d->done_head + d->done_len++) % d->done_cap] = (dram_done){r->tag, r->write, done};
}

static void note_first(dram_t *d, dram_req *r) {
    if (r->t_first == UINT64_MAX) r->t_first = d->now;
}

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* Column command for r now, if every rule allows it. */
static bool try_column(dram_t *d, dram_channel *ch, unsigned i) {
    const dram_config *c = &d->cfg;
    dram_req *r = &ch->q[i];
    dram_bank *b = &ch->bank[r->bank];
    unsigned g = r->bank & (c->bank_groups - 1u);
    uint64_t t = d->now;
    if (!b->open || b->row != r->row || t < ch->cas_ok || t < ch->group_cas_ok[g]) return false;
    if (r->write ? (t < b->wr_ok || t < ch->wr_ok) : (t < b->rd_ok || t < ch->rd_ok)) return false;
    unsigned burst = dram_burst_cycles(c);
    note_first(d, r);
    ch->cas_ok = t + c->ccd;
    ch->group_cas_ok[g] = t + c->ccdl;
    if (r->write) {
        ch->rd_ok = max64(ch->rd_ok, t + t_wtr(c));
        b->pre_ok = max64(b->pre_ok, t + t_wtp(c));
    } else {
        ch->wr_ok = max64(ch->wr_ok, t + t_rtw(c));
        b->pre_ok = max64(b->pre_ok, t + burst);
        ch->group_pre_ok[g] = max64(ch->group_pre_ok[g], t + c->rtpl);
    }
    d->st.columns++;
    d->st.busy_cycles += burst;
    if (--r->columns_left) return true;
    uint64_t done = t + (r->write ? c->wl : c->cl) + burst;
    if (r->write) d->st.writes++;
    else d->st.reads++;
    if (!r->activated) d->st.row_hits++;
    d->st.queue_lat_sum += r->t_first - r->t_arrive;
    d->st.service_lat_sum += done - r->t_first;
    done_push(d, r, done);
    d->st.t_last = max64(d->st.t_last, done);
    memmove(&ch->q[i], &ch->q[i + 1], (ch->len - i - 1) * sizeof ch->q[0]);
    ch->len--;
    return true;
}

static bool faw_ok(const dram_t *d, const dram_channel *ch) {
    if (!d->cfg.faw) return true;
    return ch->acts < 4 || d->now >= ch->faw[ch->faw_pos] + d->cfg.faw;   /* faw_pos: the fourth activation back */
}

static bool try_activate(dram_t *d, dram_channel *ch, dram_req *r) {
    const dram_config *c = &d->cfg;
    dram_bank *b = &ch->bank[r->bank];
    uint64_t t = d->now;
    if (b->open || t < b->act_ok || t < ch->act_ok || !faw_ok(d, ch)) return false;
    note_first(d, r);
    b->open = true;
    b->row = r->row;
    b->rd_ok = t + c->rcd;
    b->wr_ok = t + t_rcdwr(c);
    b->pre_ok = t + c->ras;
    b->act_ok = t + c->rc;
    ch->act_ok = t + c->rrd;
    ch->faw[ch->faw_pos] = t;
    ch->faw_pos = (ch->faw_pos + 1) % 4;
    ch->acts++;
    r->activated = 1;
    d->st.acts++;
    return true;
}

/* FR-FCFS keeps a row open while a queued request hits it. */
static bool row_wanted(const dram_channel *ch, unsigned bank, uint64_t row) {
    for (unsigned i = 0; i < ch->len; i++)
        if (ch->q[i].bank == bank && ch->q[i].row == row) return true;
    return false;
}

static bool try_precharge(dram_t *d, dram_channel *ch, dram_req *r) {
    dram_bank *b = &ch->bank[r->bank];
    unsigned g = r->bank & (d->cfg.bank_groups - 1u);
    uint64_t t = d->now;
    if (!b->open || b->row == r->row || t < b->pre_ok || t < ch->group_pre_ok[g]) return false;
    if (row_wanted(ch, r->bank, b->row)) return false;
    note_first(d, r);
    b->open = false;
    b->act_ok = max64(b->act_ok, t + d->cfg.rp);
    d->st.pres++;
    return true;
}

/* One command: the oldest request that can take a column command (row hits first), else the
 * oldest that can take an activate or a precharge. */
static void channel_step(dram_t *d, dram_channel *ch) {
    for (unsigned i = 0; i < ch->len; i++)
        if (try_column(d, ch, i)) return;
    for (unsigned i = 0; i < ch->len; i++)
        if (try_activate(d, ch, &ch->q[i]) || try_precharge(d, ch, &ch->q[i])) return;
}

void dram_step(dram_t *d) {
    for (unsigned k = 0; k < d->cfg.channels; k++) {
        dram_channel *ch = &d->ch[k];
        if (!ch->len) continue;
        d->st.occupancy_sum += ch->len;
        channel_step(d, ch);
    }
    d->now++;
}

bool dram_busy(const dram_t *d) {
    if (d->done_len) return true;
    for (unsigned k = 0; k < d->cfg.channels; k++)
        if (d->ch[k].len) return true;
    return false;
}

bool dram_pop_done(dram_t *d, dram_done *out) {
    if (!d->done_len || d->done[d->done_head].done > d->now) return false;
    *out = d->done[d->done_head];
    d->done_head = (d->done_head + 1) % d->done_cap;
    d->done_len--;
    return true;
}
