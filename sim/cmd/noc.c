/* npsim traffic / sweep / bench: synthetic traffic on the network alone. */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <errno.h>
#include <sys/resource.h>

#include "cmd/npsim_cmd.h"
#include "np_gnuplot.h"

#include "util/perfcount.h"
#include "exp/report.h"

/* ---- synthetic traffic --------------------------------------------------------------------- */

int cmd_traffic(options *o) {
    char err[ERR_LEN];
    traffic_result r;
    if (!traffic_run(&o->cfg, false, &r, err, ERR_LEN)) return die(err);
    report_traffic(stdout, &r);
    /* the run's length (warm-up, window, drain), which speed comparisons divide by CPU time */
    printf("simulated %llu cycles\n", (unsigned long long)r.cycles);
    /* Multi-flit packets (every packet has packet_flits flits): the latency split into the head's
     * arrival and the tail's lag behind it, packet_flits - 1 cycles when nothing interleaves. */
    if (r.avg_head_latency > 0)
        printf("head arrival avg %.2f cycles; tail %.2f cycles after the head (%u without interleaving)\n",
               r.avg_head_latency, r.avg_latency - r.avg_head_latency, o->cfg.packet_flits - 1u);
    return 0;
}

/* Zero-load latency of the formula in docs/sim.md averaged over the pattern's pairs. */
static double zero_load_uniform(const sim_config *c) {
    double sum = 0;
    unsigned k = c->mesh_k, n = k * k, pairs = 0;
    for (unsigned s = 0; s < n; s++)
        for (unsigned d = 0; d < n; d++) {
            if (s == d) continue;
            unsigned h = (s % k > d % k ? s % k - d % k : d % k - s % k) + (s / k > d / k ? s / k - d / k : d / k - s / k);
            sum += 4.0 * h + c->packet_flits + 4;
            pairs++;
        }
    return sum / pairs;
}

static bool plot(const char *prefix, const char *dat, const char *png, const char *title, double sat, char *err) {
    char qdat[2200], script[8192], gp[SIM_PATH_MAX + 8];
    if (!np_gnuplot_quote(dat, qdat, sizeof qdat)) {
        snprintf(err, ERR_LEN, "sweep: --out %.900s: gnuplot cannot name a path with a newline", prefix);
        return false;
    }
    snprintf(script, sizeof script,
             "set terminal pngcairo size 900,420 noenhanced\nset output np_out_1\nset multiplot layout 1,2 title '%s'\n"
             "set grid\nset xlabel 'offered load (flits/node/cycle)'\nset ylabel 'average latency (cycles)'\n"
             "set logscale y\nplot %s using 1:3 with linespoints title 'latency'\nunset logscale y\n"
             "set ylabel 'accepted (flits/node/cycle)'\nset arrow from %g, graph 0 to %g, graph 1 nohead dt 2\n"
             "plot %s using 1:2 with linespoints title 'accepted', x with lines dt 3 title 'offered'\nunset multiplot\n",
             title, qdat, sat, sat, qdat);
    snprintf(gp, sizeof gp, "%s.gp", prefix);
    return np_run_gnuplot(gp, script, (const char *const[]){png}, 1, err, ERR_LEN);
}

/* npsim sweep: latency and accepted throughput against offered load; finds saturation. */
int cmd_sweep(options *o) {
    char err[ERR_LEN];
    sim_config c = o->cfg;
    double zl = c.topology == TOPO_MESH ? zero_load_uniform(&c) : 0;
    FILE *dat = NULL;
    np_outfile dat_out;
    char path[1024], png[1024], title[256];
    if (o->out) {
        snprintf(path, sizeof path, "%s.dat", o->out);
        snprintf(png, sizeof png, "%s.png", o->out);
        if (!np_out_open(&dat_out, path, err, ERR_LEN)) return die(err);
        dat = dat_out.f;
        fprintf(dat, "# offered accepted avg_latency net_latency drained\n");
    }
    cJSON *root = cJSON_CreateObject();
    cJSON_AddItemToObject(root, "provenance", provenance_json(o, NULL, false));
    cJSON *points = cJSON_AddArrayToObject(root, "points");
    printf("sweep: %s traffic, %u-flit packets, routing %s/%s, %ux%u mesh; zero-load latency (formula) %.2f\n",
           c.traffic == TRAFFIC_UNIFORM ? "uniform" : "configured", c.packet_flits, c.routing[0] == ROUTE_XY ? "XY" : "YX",
           c.routing[1] == ROUTE_XY ? "XY" : "YX", c.mesh_k, c.mesh_k, zl);
    printf("%8s %9s %10s %10s %s\n", "offered", "accepted", "latency", "net_lat", "");
    double best = 0, knee = 0;
    unsigned past_knee = 0;
    for (unsigned step = 1; step <= 50 && past_knee < 3; step++) {
        c.injection_rate = 0.02 * step;
        traffic_result r;
        if (!traffic_run(&c, false, &r, err, ERR_LEN)) {
            if (dat) np_out_abort(&dat_out);
            cJSON_Delete(root);
            return die(err);
        }
        bool saturated = !r.drained || (zl > 0 && r.avg_latency > 3 * zl) || r.accepted < 0.95 * r.offered;
        if (saturated && knee == 0) knee = c.injection_rate;
        if (knee > 0) past_knee++;
        if (r.accepted > best) best = r.accepted;
        printf("%8.2f %9.4f %10.2f %10.2f %s\n", r.offered, r.accepted, r.avg_latency, r.avg_net_latency,
               saturated ? "saturated" : "");
        if (dat) fprintf(dat, "%.4f %.5f %.3f %.3f %d\n", r.offered, r.accepted, r.avg_latency, r.avg_net_latency, r.drained);
        cJSON *pt = cJSON_CreateObject();
        cJSON_AddNumberToObject(pt, "offered", r.offered);
        cJSON_AddNumberToObject(pt, "accepted", r.accepted);
        cJSON_AddNumberToObject(pt, "avg_latency", r.avg_latency);
        cJSON_AddNumberToObject(pt, "avg_net_latency", r.avg_net_latency);
        cJSON_AddBoolToObject(pt, "drained", r.drained);
        cJSON_AddBoolToObject(pt, "saturated", saturated);
        cJSON_AddItemToArray(points, pt);
    }
    cJSON_AddNumberToObject(root, "saturation_onset", knee);
    cJSON_AddNumberToObject(root, "saturation_throughput", best);
    printf("saturation: onset at offered %.2f flits/node/cycle (latency > 3x zero-load or accepted < 95%% of "
           "offered); saturation throughput (max accepted) %.4f flits/node/cycle\n", knee, best);
    bool ok = true;
    if (dat) {
        char json[SIM_PATH_MAX + 8];
        snprintf(json, sizeof json, "%s.json", o->out);
        snprintf(title, sizeof title, "%ux%u mesh, uniform, %u-flit packets", c.mesh_k, c.mesh_k, c.packet_flits);
        ok = np_out_commit(&dat_out, err, ERR_LEN) && write_json(root, json, err) && plot(o->out, path, png, title, knee, err);
        if (ok) printf("sweep: wrote %s, %s, %s.gp and %s\n", path, json, o->out, png);
    }
    cJSON_Delete(root);
    return ok ? 0 : die(err);
}

/* npsim bench: simulated cycles per CPU second, instructions per simulated cycle when the CPU's
 * counter can be read, memory. Uniform traffic, no measurement window. */
int cmd_bench(options *o) {
    char err[ERR_LEN], why[256];
    uint64_t cycles = o->cycles ? o->cycles : 200000;
    traffic_result r;
    perfcount pc;
    bool counting = perfcount_open(&pc, why, sizeof why);
    double t0 = cpu_seconds();
    bool ok = traffic_run_cycles(&o->cfg, cycles, &r, err, ERR_LEN);
    double secs = cpu_seconds() - t0;
    uint64_t instructions = 0;
    if (counting && !perfcount_read(&pc, &instructions)) {
        counting = false;
        snprintf(why, sizeof why, "the counter could not be read");
    }
    perfcount_close(&pc);
    if (!ok) return die(err);
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    printf("bench: %ux%u mesh, uniform %u-flit packets at %.2f flits/node/cycle, %llu cycles (accepted %.3f)\n",
           o->cfg.mesh_k, o->cfg.mesh_k, o->cfg.packet_flits, o->cfg.injection_rate, (unsigned long long)cycles,
           r.accepted);
    printf("  speed: %.3f s CPU = %.0f simulated cycles/s\n", secs, (double)cycles / secs);
    if (counting)
        printf("  instructions: %.0f per simulated cycle (hardware counter)\n", (double)instructions / (double)cycles);
    else
        printf("  instructions: not measurable here (%s); `make sim-bench` counts them with callgrind\n", why);
    printf("  memory: model %.2f MiB, peak RSS %.1f MiB\n", (double)r.memory_bytes / 1048576.0,
           (double)ru.ru_maxrss / 1024.0);
    return 0;
}

