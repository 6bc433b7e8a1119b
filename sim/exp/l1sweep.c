/* L1 read streams, their reuse, and seed 002's capacity / associativity sweep; see l1sweep.h. */
#include "exp/l1sweep.h"

#include <cJSON.h>
#include <stdlib.h>
#include <string.h>
#include "exp/report.h"
#include "np_fileio.h"

bool l1_streams_init(l1_streams *s, unsigned sms) {
    s->sm = calloc(sms, sizeof *s->sm);
    s->nsm = s->sm ? sms : 0;
    s->out_of_memory = false;
    return s->sm != NULL;
}

void l1_streams_free(l1_streams *s) {
    for (unsigned i = 0; i < s->nsm; i++) reuse_trace_free(&s->sm[i]);
    free(s->sm);
    s->sm = NULL;
    s->nsm = 0;
}

void l1_streams_record(void *ctx, unsigned sm, uint64_t line, bool write, const ba_result *r) {
    (void)r;
    l1_streams *s = ctx;
    if (!write && !reuse_trace_push(&s->sm[sm], line, false)) s->out_of_memory = true;
}

bool l1_streams_reuse(const l1_streams *s, unsigned sets, unsigned ways, reuse_report *sum, char *err, size_t err_len) {
    memset(sum, 0, sizeof *sum);
    sum->sets = sets;
    sum->ways = ways;
    if (s->out_of_memory) {
        snprintf(err, err_len, "out of memory (L1 streams)");
        return false;
    }
    for (unsigned i = 0; i < s->nsm; i++) {
        reuse_report r;
        np_result res = reuse_analyze(s->sm[i].line, s->sm[i].count, sets, ways, &r, NULL, NULL);
        if (res != NP_OK) {
            snprintf(err, err_len, "reuse analysis of SM %u: %s", i, np_result_name(res));
            return false;
        }
        sum->accesses += r.accesses;
        sum->distinct += r.distinct;
        for (unsigned k = 0; k < 3; k++) {
            sum->rd_set[k] += r.rd_set[k];
            sum->rd_fa[k] += r.rd_fa[k];
        }
    }
    return true;
}

bool l1_reuse_run(const sim_config *cfg, const mem_image *img, const trace_t *t, gpu_stats *st, codec_timing *tm,
                  reuse_report *reuse, char *err, size_t err_len) {
    if (cfg->l1_compression == L1C_KERNEL_OPT) {
        snprintf(err, err_len, "config: l1_reuse = 1 needs one run; l1_compression = kernel-opt makes three");
        return false;
    }
    l1_streams s;
    if (!l1_streams_init(&s, cfg->sms)) {
        snprintf(err, err_len, "out of memory (L1 streams)");
        return false;
    }
    bool ok = gpu_run_observed(cfg, img, t, st, tm, l1_streams_record, &s, err, err_len) &&
              l1_streams_reuse(&s, cfg->l1_kb * 1024u / 128u / cfg->l1_assoc, cfg->l1_assoc, reuse, err, err_len);
    l1_streams_free(&s);
    return ok;
}

const l1sweep_point l1sweep_points[L1SWEEP_POINTS] = {
    {16, 8, true, true}, {32, 8, true, false}, {64, 8, true, false}, {128, 8, true, false}, {256, 8, true, false},
    {16, 16, false, true}, {16, 32, false, true}, {16, 64, false, true},
};

bool l1sweep_run(const sim_config *cfg, const mem_image *img, const trace_t *t, l1sweep_result res[L1SWEEP_POINTS],
                 char *err, size_t err_len) {
    for (unsigned p = 0; p < L1SWEEP_POINTS; p++) {
        sim_config c = *cfg;
        c.l1_kb = l1sweep_points[p].kb;
        c.l1_assoc = l1sweep_points[p].ways;
        c.l1_policy = L1_LRU;
        l1_streams s;
        if (!l1_streams_init(&s, c.sms)) {
            snprintf(err, err_len, "out of memory (L1 streams)");
            return false;
        }
        bool ok = gpu_run_observed(&c, img, t, &res[p].st, NULL, l1_streams_record, &s, err, err_len) &&
                  l1_streams_reuse(&s, c.l1_kb * 1024u / 128u / c.l1_assoc, c.l1_assoc, &res[p].reuse, err, err_len);
        l1_streams_free(&s);
        if (!ok) return false;
        fprintf(stderr, "npsim: l1-sweep %u KiB %u-way: %llu cycles\n", c.l1_kb, c.l1_assoc,
                (unsigned long long)res[p].st.completion_cycles);
    }
    return true;
}

static double share(uint64_t part, uint64_t all) { return all ? 100.0 * (double)part / (double)all : 0.0; }

static double ipc_of(const gpu_stats *st) {
    return st->core == CORE_SM && st->completion_cycles ? (double)st->instructions / (double)st->completion_cycles : 0.0;
}

void l1sweep_print(FILE *f, const char *workload, const l1sweep_result res[L1SWEEP_POINTS]) {
    fprintf(f, "%-10s %-7s %6s %5s %8s %8s %8s %8s %8s %9s\n", "workload", "series", "KiB", "ways", "sets", "l1_hit",
            "rd0", "rd1", "rd2", "ipc");
    for (unsigned p = 0; p < L1SWEEP_POINTS; p++) {
        const l1sweep_point *pt = &l1sweep_points[p];
        const reuse_report *r = &res[p].reuse;
        gpu_figures g;
        report_figures(&res[p].st, &g);
        fprintf(f, "%-10s %-7s %6u %5u %8u %7.1f%% %7.1f%% %7.1f%% %7.1f%% %9.3f\n", workload,
                pt->capacity_series && pt->assoc_series ? "both" : pt->capacity_series ? "size" : "assoc", pt->kb,
                pt->ways, r->sets, 100.0 * g.l1_hit_rate, share(r->rd_set[0], r->accesses),
                share(r->rd_set[1], r->accesses), share(r->rd_set[2], r->accesses), ipc_of(&res[p].st));
    }
}

void *l1sweep_json(const char *workload, const l1sweep_result res[L1SWEEP_POINTS]) {
    cJSON *o = cJSON_CreateObject(), *arr = cJSON_AddArrayToObject(o, "points");
    cJSON_AddStringToObject(o, "workload", workload);
    for (unsigned p = 0; p < L1SWEEP_POINTS; p++) {
        const l1sweep_point *pt = &l1sweep_points[p];
        cJSON *j = cJSON_CreateObject();
        cJSON_AddNumberToObject(j, "l1_kb", pt->kb);
        cJSON_AddNumberToObject(j, "l1_assoc", pt->ways);
        cJSON_AddBoolToObject(j, "capacity_series", pt->capacity_series);
        cJSON_AddBoolToObject(j, "associativity_series", pt->assoc_series);
        cJSON_AddItemToObject(j, "reuse", report_reuse_json(&res[p].reuse));
        cJSON_AddItemToObject(j, "run", report_gpu_json("none", &res[p].st, NULL));
        cJSON_AddItemToArray(arr, j);
    }
    return o;
}

bool l1sweep_write_dat(const char *path, const l1sweep_result res[L1SWEEP_POINTS], char *err, size_t err_len) {
    np_outfile out;
    if (!np_out_open(&out, path, err, err_len)) return false;
    FILE *f = out.f;
    for (unsigned series = 0; series < 2; series++) {
        fprintf(f, "%s# %s\n# x l1_hit_pct rd0_pct rd1_pct rd2_pct ipc\n", series ? "\n\n" : "",
                series ? "16 KiB, ways" : "8 ways, KiB");
        for (unsigned p = 0; p < L1SWEEP_POINTS; p++) {
            const l1sweep_point *pt = &l1sweep_points[p];
            if (!(series ? pt->assoc_series : pt->capacity_series)) continue;
            const reuse_report *r = &res[p].reuse;
            gpu_figures g;
            report_figures(&res[p].st, &g);
            fprintf(f, "%u %.3f %.3f %.3f %.3f %.4f\n", series ? pt->ways : pt->kb, 100.0 * g.l1_hit_rate,
                    share(r->rd_set[0], r->accesses), share(r->rd_set[1], r->accesses), share(r->rd_set[2], r->accesses),
                    ipc_of(&res[p].st));
        }
    }
    return np_out_commit(&out, err, err_len);
}

void l1sweep_script(char *buf, size_t cap, const char *qdat, const char *qtitle) {
    size_t len = (size_t)snprintf(buf, cap,
        "set terminal pngcairo size 1100,440 noenhanced\nset output np_out_1\nset multiplot layout 1,2 title %s\n"
        "set grid\nset logscale x 2\nset yrange [0:100]\nset ylabel '%% of L1 reads'\nset key outside bottom center horizontal\n",
        qtitle);
    static const char *const xlabel[2] = {"L1 capacity (KiB, 8 ways; seed 002 Figs 7-8)",
                                          "L1 associativity (16 KiB; seed 002 Figs 9-11)"};
    for (unsigned s = 0; s < 2 && len < cap; s++)
        len += (size_t)snprintf(buf + len, cap - len,
            "set xlabel '%s'\nplot %s index %u using 1:2 with linespoints title 'LRU hit rate', "
            "%s index %u using 1:3 with linespoints title 'rd0', %s index %u using 1:4 with linespoints title 'rd1', "
            "%s index %u using 1:5 with linespoints title 'rd2'\n", xlabel[s], qdat, s, qdat, s, qdat, s, qdat, s);
    if (len < cap) snprintf(buf + len, cap - len, "unset multiplot\n");
}
