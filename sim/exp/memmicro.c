/* Memory-system microbenchmarks; see memmicro.h and docs/sim.md "Microbenchmarks of the memory
 * system" (the derivation of every limit). */
#include "exp/memmicro.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gpu/gpu.h"
#include "trace/trace.h"
#include "np_fileio.h"

/* The benchmarks' machine: the configured one, memory-only (core = none), no compressor, the LRU
 * L1 without data filtering or coalescing units, so only the memory system's rules act. */
static sim_config micro_machine(const sim_config *base) {
    sim_config c = *base;
    c.core = CORE_NONE;
    snprintf(c.compressor, sizeof c.compressor, "none");
    c.pcu_rgrs = 0;
    c.rc = 0;
    c.l1_policy = L1_LRU;
    c.l1_compression = L1C_NONE;
    c.warppool_entries = 0;
    return c;
}

/* The bandwidth benchmarks widen what is in front of the DRAM so that the DRAM is the only limit:
 * 2-flit replies (1024-bit channels), 128 L1 and L2 MSHRs, 4 misses per warp. */
static sim_config bandwidth_machine(const sim_config *base) {
    sim_config c = micro_machine(base);
    c.channel_bits = 1024;
    c.l1_mshrs = 128;
    c.l2_mshrs = 128;
    c.warp_max_outstanding = 4;
    c.l1_alloc = L1_ALLOC_FILL;
    return c;
}

static bool run(const sim_config *cfg, const mem_image *img, const trace_t *t, gpu_stats *st, char *err, size_t len) {
    return gpu_run(cfg, img, t, st, NULL, err, len);
}

static void push_read(trace_t *t, uint64_t line, unsigned sm, unsigned warp) {
    trace_push(t, (trace_access){line << 7, (uint16_t)sm, (uint16_t)warp, 0, 0xF, 0});
}

/* Zero-load latency of a packet of `flits` from node a to node b (docs/sim.md "Zero-load latency"). */
static unsigned zero_load(const sim_config *c, unsigned a, unsigned b, unsigned flits) {
    unsigned hops = 0;
    if (c->topology == TOPO_MESH) {
        int ax = (int)(a % c->mesh_k), ay = (int)(a / c->mesh_k), bx = (int)(b % c->mesh_k), by = (int)(b / c->mesh_k);
        hops = (unsigned)(abs(ax - bx) + abs(ay - by));
    }
    return 4 * hops + flits + 4 + c->inject_cycles;
}

static unsigned reply_flits(const sim_config *c) { return config_packet_flits(c, 1024); }

static double dram_ratio(const sim_config *c) { return (double)c->dram_mhz / c->core_mhz; }

/* The request and reply zero-load latencies between SM 0 and MC 0. */
static bool path_latency(const sim_config *c, unsigned *req, unsigned *rep, char *err, size_t len) {
    unsigned sm_node[MCAST_MAX_NODES], mc_node[SIM_MAX_MCS];
    if (!gpu_place(c, sm_node, mc_node, err, len)) return false;
    *req = zero_load(c, sm_node[0], mc_node[0], config_packet_flits(c, 0));
    *rep = zero_load(c, mc_node[0], sm_node[0], reply_flits(c));
    return true;
}

static void result(micro_result *r, const char *name, double measured, double limit, double tol, bool upper,
                   const char *unit, const char *derivation) {
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", name);
    snprintf(r->unit, sizeof r->unit, "%s", unit);
    snprintf(r->derivation, sizeof r->derivation, "%s", derivation);
    r->measured = measured;
    r->limit = limit;
    r->tolerance = tol;
    r->upper_bound = upper;
    r->pass = fabs(measured - limit) <= tol && (!upper || measured <= limit * 1.005);
}

/* n lines of memory port `port`, in increasing order, spread evenly over the L1's sets (at most
 * ceil(n / sets) in each: a cyclic walk of more lines than an L1 set's ways misses every L1 set)
 * and at most l2_assoc in each set of the slice (they all stay in it). False when the first 2^28
 * lines do not hold them. */
static bool port_lines(const sim_config *c, unsigned port, unsigned n, uint64_t *out, char *err, size_t len) {
    unsigned l1_sets = c->l1_kb * 8 / c->l1_assoc, l2_sets = c->l2_kb * 8 / c->l2_assoc;
    unsigned l1_cap = (n + l1_sets - 1) / l1_sets, l2_cap = c->l2_assoc;
    unsigned *in_l1 = calloc(l1_sets, sizeof *in_l1), *in_l2 = calloc(l2_sets, sizeof *in_l2), got = 0;
    for (uint64_t l = 0; in_l1 && in_l2 && got < n && l < (1ull << 28); l++) {
        if (gpu_port_of_line(c, l) != port) continue;
        unsigned s1 = (unsigned)(l % l1_sets), s2 = (unsigned)(gpu_slice_index(c, l) % l2_sets);
        if (in_l1[s1] == l1_cap || in_l2[s2] == l2_cap) continue;
        in_l1[s1]++, in_l2[s2]++;
        out[got++] = l;
    }
    free(in_l1);
    free(in_l2);
    if (got < n) snprintf(err, len, "mem-micro: %u lines of memory port %u spread over the L1 and L2 sets not found", n, port);
    return got == n;
}

/* ---- pointer chase: one warp, each read after the previous one's fill ------------------------- */

/* Mean latency of the reads lines[n..2n) of a chase that first walks lines[0..n): the difference
 * of two runs (n and 2n reads) removes the first walk (cold misses, idle banks). */
static bool chase(const sim_config *c, const mem_image *img, const uint64_t *lines, unsigned n, unsigned passes2,
                  double *latency, char *err, size_t len) {
    uint64_t sum[2];
    for (unsigned k = 0; k < 2; k++) {
        trace_t t;
        trace_init(&t);
        unsigned total = k ? 2 * n : n;
        for (unsigned i = 0; i < total; i++) push_read(&t, lines[passes2 ? i % n : i], 0, 0);
        gpu_stats st;
        bool ok = run(c, img, &t, &st, err, len);
        trace_free(&t);
        if (!ok) return false;
        sum[k] = st.read_miss_lat_sum;
    }
    *latency = (double)(sum[1] - sum[0]) / n;
    return true;
}

static sim_config chase_machine(const sim_config *base) {
    sim_config c = micro_machine(base);
    c.warp_max_outstanding = 1;
    return c;
}

/* L2-resident chase: lines of memory port 0 (MC 0, its sub-partition 0), more than the L1 holds and
 * half of what its L2 slice holds, walked twice; the second walk misses the L1 (LRU over 4x its
 * lines) and hits the L2. */
static bool bench_chase_l2(const sim_config *base, const mem_image *img, micro_result *r, char *err, size_t len) {
    sim_config c = chase_machine(base);
    unsigned l1_lines = c.l1_kb * 8, l2_lines = c.l2_kb * 8, n = 4 * l1_lines < l2_lines / 2 ? 4 * l1_lines : l2_lines / 2;
    uint64_t *lines = malloc(n * sizeof *lines);
    double lat;
    unsigned req, rep;
    bool ok = port_lines(&c, 0, n, lines, err, len) && chase(&c, img, lines, n, 1, &lat, err, len) &&
              path_latency(&c, &req, &rep, err, len);
    free(lines);
    if (!ok) return false;
    char d[200];
    snprintf(d, sizeof d, "request %u + 1 + l2_hit_latency %u + 1 + reply %u (zero-load; +1: MC in, reply out)", req,
             c.l2_hit_latency, rep);
    result(r, "chase-l2", lat, req + 1 + c.l2_hit_latency + 1 + rep, 2.0, false, "cycles", d);
    return true;
}

/* DRAM chase: lines of MC 0 in bank 0 (so of its sub-partition 0: memory port 0), each in another
 * row: every read misses the L2 and finds bank 0 open on the previous read's row (a row conflict:
 * PRE, ACT, the columns). */
static bool bench_chase_dram(const sim_config *base, const mem_image *img, bool small, micro_result *r, char *err,
                             size_t len) {
    sim_config c = chase_machine(base);
    unsigned n = small ? 48 : 256;
    uint64_t *lines = malloc(2 * n * sizeof *lines), last_row = UINT64_MAX;
    unsigned got = 0;
    for (uint64_t l = 0; got < 2 * n; l++) {
        if (gpu_port_of_line(&c, l) != 0) continue;
        dram_addr a = dram_map(&c.dramc, l / c.mcs);
        if (a.bank || a.channel || a.row == last_row) continue;
        lines[got++] = l;
        last_row = a.row;
    }
    double lat;
    unsigned req, rep;
    bool ok = chase(&c, img, lines, n, 0, &lat, err, len) && path_latency(&c, &req, &rep, err, len);
    free(lines);
    if (!ok) return false;
    const dram_config *dc = &c.dramc;
    unsigned conflict = dc->rp + dc->rcd + (dram_line_columns(dc) - 1) * dc->ccdl + dc->cl + dram_burst_cycles(dc);
    double dram = (conflict - 0.5) / dram_ratio(&c) - 0.5;
    char d[200];
    snprintf(d, sizeof d, "request %u + 1 + l2_hit_latency %u + dram_latency %u + (tRP+tRCD+tCCDL+CL+BL/4 = %u DRAM "
             "cycles - 0.5)/%.3f - 0.5 (clock crossing, mean) + 1 + reply %u", req, c.l2_hit_latency, c.dram_latency, conflict,
             dram_ratio(&c), rep);
    result(r, "chase-dram", lat, req + 1 + c.l2_hit_latency + c.dram_latency + dram + 1 + rep, 2.0, false, "cycles", d);
    return true;
}

/* ---- bandwidth: every warp of every SM ------------------------------------------------------- */

static uint64_t mix64(uint64_t x) {
    x ^= x >> 30;
    x *= 0xBF58476D1CE4E5B9ull;
    x ^= x >> 27;
    x *= 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/* per_warp reads by every warp: grid-stride over one array (stream) or random lines of a 2^32-line
 * space (every read another row). */
static void bandwidth_trace(const sim_config *c, unsigned per_warp, bool random, unsigned warps, trace_t *t) {
    unsigned all = c->sms * warps;
    for (unsigned i = 0; i < per_warp; i++)
        for (unsigned w = 0; w < warps; w++)
            for (unsigned s = 0; s < c->sms; s++) {
                uint64_t gw = (uint64_t)w * c->sms + s, line = (uint64_t)i * all + gw;
                push_read(t, random ? mix64(line + 1) >> 32 : line, s, w);
            }
}

/* Measured: the DRAM's bytes per simulator cycle over each MC's busy window, summed over the MCs. */
static bool dram_bandwidth(const sim_config *c, const mem_image *img, unsigned per_warp, bool random, double *bw,
                           double *row_hits, char *err, size_t len) {
    trace_t t;
    trace_init(&t);
    bandwidth_trace(c, per_warp, random, c->warps_per_sm, &t);
    gpu_stats st;
    bool ok = run(c, img, &t, &st, err, len);
    trace_free(&t);
    if (!ok) return false;
    *bw = st.dram_window_bytes * st.dram_per_core;
    *row_hits = st.dram_st.reads ? (double)st.dram_st.row_hits / (double)st.dram_st.reads : 0;
    return true;
}

/* The share of the peak a stream with row-hit rate h can have (docs/sim.md): per line the data
 * takes columns x tCCD cycles; its (1 - h) activations need max(tRRD, tFAW / 4, tRC / banks)
 * cycles each; its columns + 2 (1 - h) commands (PRE and ACT) need a cycle each on the one bus. */
static double row_efficiency(const dram_config *dc, double h) {
    double data = (double)dram_line_columns(dc) * dc->ccd, act = dc->rrd, e = 1.0;
    if (dc->faw / 4.0 > act) act = dc->faw / 4.0;
    if ((double)dc->rc / dc->banks > act) act = (double)dc->rc / dc->banks;
    if ((1 - h) * act > data) e = data / ((1 - h) * act);
    double cmds = dram_line_columns(dc) + 2 * (1 - h);
    if (cmds > data && data / cmds < e) e = data / cmds;
    return e;
}

static bool bench_stream(const sim_config *base, const mem_image *img, bool small, micro_result *r, char *err,
                         size_t len) {
    sim_config c = bandwidth_machine(base);
    double bw, hits;
    if (!dram_bandwidth(&c, img, small ? 8 : 64, false, &bw, &hits, err, len)) return false;
    double e = row_efficiency(&c.dramc, hits), peak = dram_peak_bytes_per_cycle(&c.dramc) * c.mcs * dram_ratio(&c);
    char d[200];
    snprintf(d, sizeof d, "peak %u MCs x %u B x %u per DRAM cycle x %.3f = %.1f, x row efficiency %.3f at the measured "
             "row-hit rate %.1f%%", c.mcs, c.dramc.bus_bytes, c.dramc.data_rate, dram_ratio(&c), peak, e, 100 * hits);
    result(r, "stream", bw, peak * e, 0.05 * peak * e, true, "bytes/cycle", d);
    return true;
}

/* One line per activation; an activation every max(tRRD, tFAW / 4, tRC / banks, the 4 commands of
 * a line on the one command bus, the line's data at tCCD) DRAM cycles. */
static double random_bound_cycles(const dram_config *dc, char *which, size_t len) {
    double t = dc->rrd;
    snprintf(which, len, "tRRD %u", dc->rrd);
    if (dc->faw / 4.0 > t) t = dc->faw / 4.0, snprintf(which, len, "tFAW/4 = %u/4", dc->faw);
    if ((double)dc->rc / dc->banks > t) t = (double)dc->rc / dc->banks, snprintf(which, len, "tRC/banks");
    double cmds = 2 + dram_line_columns(dc), data = (double)dram_line_columns(dc) * dc->ccd;
    if (cmds > t) t = cmds, snprintf(which, len, "command bus");
    if (data > t) t = data, snprintf(which, len, "data bus");
    return t;
}

static bool bench_random(const sim_config *base, const mem_image *img, bool small, unsigned faw, micro_result *r,
                         char *err, size_t len) {
    sim_config c = bandwidth_machine(base);
    c.dramc.faw = faw;
    double bw, hits;
    /* small: tFAW binds from the first activations (99.5% of it at 4 reads per warp, 99.6% at 8), so
     * it runs half of random-rows' reads, which need 8 to pass the queue's ramp */
    if (!dram_bandwidth(&c, img, small ? (faw ? 4 : 8) : 32, true, &bw, &hits, err, len)) return false;
    char which[64];
    double per_act = random_bound_cycles(&c.dramc, which, sizeof which);
    double bound = c.mcs * DRAM_LINE_BYTES / per_act * dram_ratio(&c);
    char d[200];
    snprintf(d, sizeof d, "%u MCs x 128 B per activation / %.1f DRAM cycles (%s) x %.3f; row hits %.1f%%", c.mcs, per_act,
             which, dram_ratio(&c), 100 * hits);
    result(r, faw ? "random-faw" : "random-rows", bw, bound, 0.10 * bound, true, "bytes/cycle", d);
    return true;
}

/* ---- L2 throughput: SM p reads and writes, in turn, lines memory port p's L2 slice holds -------
 * One SM per memory port (an MC, or one of its sub-partitions), so no two ports' replies meet at
 * an SM's port and no SM's requests meet another's at a memory port: each slice's rate is min(its
 * one lookup per cycle, its SM's one access issued per cycle, its request port's flit per cycle,
 * its reply port's flit per cycle) over the flits of a read and a write. `sideband` runs it with
 * packet_head = sideband (a packet's head on wires beside its first data flit): every packet of
 * the mix is then one flit and the ports carry one access per cycle, the slice's own rate. */
static bool bench_l2_resident(const sim_config *base, const mem_image *img, bool small, bool sideband, micro_result *r,
                              char *err, size_t len) {
    sim_config c = bandwidth_machine(base);
    c.l1_policy = L1_BYPASS;             /* reads as ld.cg (cached in the L2 only): every read reaches the slice */
    if (sideband) c.packet_head = PACKET_HEAD_SIDEBAND;
    unsigned ports = config_mem_ports(&c);
    if (c.sms < ports) {
        snprintf(err, len, "mem-micro: l2-resident needs an SM per memory port (%u SMs, %u MCs x %u sub-partitions)", c.sms,
                 c.mcs, c.l2_sub_partitions);
        return false;
    }
    unsigned per_mc = c.l2_kb * 8 / 2, passes = small ? 4 : 16;
    uint64_t *lines = malloc((size_t)ports * per_mc * sizeof *lines);
    for (unsigned m = 0; m < ports; m++)                 /* half the slice, at most l2_assoc per set: all stay */
        if (!port_lines(&c, m, per_mc, &lines[(size_t)m * per_mc], err, len)) {
            free(lines);
            return false;
        }
    /* two runs, passes and 2 x passes walks of the lines: the difference of their accesses over the
     * difference of their lookup windows (first to last lookup) is the warm rate; the cold first
     * walk (misses, the DRAM) is in both and cancels */
    double acc[2], window[2];
    bool ok = true;
    for (unsigned k = 0; k < 2 && ok; k++) {
        trace_t t;
        trace_init(&t);
        unsigned per_warp = per_mc * passes * (k + 1) / c.warps_per_sm;
        for (unsigned i = 0; i < per_warp; i++)
            for (unsigned w = 0; w < c.warps_per_sm; w++)
                for (unsigned m = 0; m < ports; m++) {
                    uint64_t line = lines[m * per_mc + ((uint64_t)i * c.warps_per_sm + w) % per_mc];
                    trace_push(&t, (trace_access){line << 7, (uint16_t)m, (uint16_t)w, (uint8_t)(i & 1u), (i & 1u) ? 0x1 : 0xF, 0});
                }
        gpu_stats st;
        ok = run(&c, img, &t, &st, err, len);
        trace_free(&t);
        acc[k] = (double)(st.l2_hits + st.l2_misses);
        window[k] = (double)(st.l2_lookup_last - st.l2_lookup_first + 1);
    }
    free(lines);
    if (!ok) return false;
    double measured = (acc[1] - acc[0]) / (window[1] - window[0]) / ports;
    /* a read's request and a write of one sub-block in; a read's reply and a write's ack out */
    unsigned req = config_packet_flits(&c, 0) + config_packet_flits(&c, 256);
    unsigned rep = reply_flits(&c) + config_packet_flits(&c, 0);
    double limit = 1.0;                  /* the slice's lookup and the SM's issue: one per cycle each */
    if (2.0 / req < limit) limit = 2.0 / req;
    if (2.0 / rep < limit) limit = 2.0 / rep;
    char d[200];
    snprintf(d, sizeof d, "min(1 lookup/cycle, 1 issue/cycle, 2 accesses per %u request flits, 2 per %u reply flits) per "
             "slice and port (packet head: %s); %u slices: %u MCs x %u sub-partitions", req, rep,
             sideband ? "sideband" : "flit", ports, c.mcs, c.l2_sub_partitions);
    /* 5%, both ways: the ports run full (the reads bypass the L1, so the mix is one read per write),
     * and the difference of two runs is exact only to a few % at the small size (docs/sim.md) */
    result(r, sideband ? "l2-sideband" : "l2-resident", measured, limit, 0.05 * limit, false, "accesses/slice/cycle", d);
    return true;
}

/* ---- loaded latency ------------------------------------------------------------------------- */

static bool loaded_latency(const sim_config *base, const mem_image *img, bool small, micro_curve *curve, char *err,
                           size_t len) {
    static const unsigned full_warps[] = {1, 2, 4, 8, 12, 16, 24, 32, 48}, small_warps[] = {1, 8, 48};
    const unsigned *w = small ? small_warps : full_warps;
    unsigned n = small ? 3 : 9;
    sim_config c = micro_machine(base);
    c.warp_max_outstanding = 1;
    curve->points = 0;
    curve->peak_bytes_per_cycle = dram_peak_bytes_per_cycle(&c.dramc) * c.mcs * dram_ratio(&c);
    for (unsigned k = 0; k < n && w[k] <= c.warps_per_sm; k++) {
        trace_t t;
        trace_init(&t);
        bandwidth_trace(&c, small ? 4 : 32, false, w[k], &t);
        gpu_stats st;
        bool ok = run(&c, img, &t, &st, err, len);
        trace_free(&t);
        if (!ok) return false;
        uint64_t misses = st.l1_misses ? st.l1_misses : 1;
        curve->warps[curve->points] = w[k];
        curve->bytes_per_cycle[curve->points] =
            (double)(st.dram_st.reads + st.dram_st.writes) * DRAM_LINE_BYTES / (double)st.completion_cycles;
        curve->latency[curve->points] = (double)st.read_miss_lat_sum / (double)misses;
        curve->points++;
    }
    return true;
}

bool memmicro_run(const sim_config *base, const mem_image *img, bool small, micro_result *res, unsigned *n,
                  micro_curve *curve, char *err, size_t err_len) {
    *n = 0;
    if (base->dram != DRAM_GDDR5) {
        snprintf(err, err_len, "mem-micro: the microbenchmarks measure dram = gddr5 (give -c sim/configs/fermi_gtx480.cfg "
                 "or dram=gddr5)");
        return false;
    }
    if (!bench_chase_l2(base, img, &res[(*n)++], err, err_len)) return false;
    if (!bench_chase_dram(base, img, small, &res[(*n)++], err, err_len)) return false;
    if (!bench_stream(base, img, small, &res[(*n)++], err, err_len)) return false;
    if (!bench_random(base, img, small, 0, &res[(*n)++], err, err_len)) return false;
    if (!bench_random(base, img, small, 40, &res[(*n)++], err, err_len)) return false;
    if (!bench_l2_resident(base, img, small, false, &res[(*n)++], err, err_len)) return false;
    if (!bench_l2_resident(base, img, small, true, &res[(*n)++], err, err_len)) return false;
    return loaded_latency(base, img, small, curve, err, err_len);
}

void memmicro_print(FILE *f, const micro_result *res, unsigned n, const micro_curve *curve) {
    fprintf(f, "%-12s %12s %12s %10s  %-5s %-20s %s\n", "benchmark", "measured", "derived", "tolerance", "ok", "unit",
            "derivation");
    for (unsigned i = 0; i < n; i++)
        fprintf(f, "%-12s %12.3f %12.3f %10.3f  %-5s %-20s %s%s\n", res[i].name, res[i].measured, res[i].limit,
                res[i].tolerance, res[i].pass ? "yes" : "NO", res[i].unit, res[i].upper_bound ? "bound: " : "",
                res[i].derivation);
    fprintf(f, "loaded latency (stream, 1 miss per warp; DRAM peak %.1f bytes/cycle):\n", curve->peak_bytes_per_cycle);
    for (unsigned i = 0; i < curve->points; i++)
        fprintf(f, "  %2u warps/SM: %7.1f bytes/cycle (%5.1f%% of peak), read-miss latency %7.1f cycles\n",
                curve->warps[i], curve->bytes_per_cycle[i], 100 * curve->bytes_per_cycle[i] / curve->peak_bytes_per_cycle,
                curve->latency[i]);
}

bool memmicro_curve_files(const micro_curve *curve, const char *dat_path, const char *qdat, char *script,
                          size_t script_len, char *err, size_t err_len) {
    np_outfile out;
    if (!np_out_open(&out, dat_path, err, err_len)) return false;
    FILE *f = out.f;
    fprintf(f, "# warps_per_sm bytes_per_cycle read_miss_latency_cycles\n");
    for (unsigned i = 0; i < curve->points; i++)
        fprintf(f, "%u %.4f %.3f\n", curve->warps[i], curve->bytes_per_cycle[i], curve->latency[i]);
    if (!np_out_commit(&out, err, err_len)) return false;
    snprintf(script, script_len,
             "set terminal pngcairo size 900,600 noenhanced\nset output np_out_1\nset title 'loaded latency: streaming reads, "
             "1 miss per warp, 1..48 warps per SM (npsim mem-micro)'\nset grid\nset key top left\nset xlabel 'DRAM bandwidth delivered "
             "(bytes per cycle)'\nset ylabel 'mean L1 read-miss latency (cycles)'\nset arrow from %.3f, graph 0 to %.3f, "
             "graph 1 nohead dashtype 2\nset label 'DRAM peak' at %.3f, graph 0.95 right offset -1,0\nset xrange [0:%.3f]\n"
             "plot %s using 2:3 with linespoints pt 7 title 'memory system', '' using 2:3:1 with labels offset 0,1 "
             "notitle\n",
             curve->peak_bytes_per_cycle, curve->peak_bytes_per_cycle, curve->peak_bytes_per_cycle,
             curve->peak_bytes_per_cycle * 1.05, qdat);
    return true;
}
