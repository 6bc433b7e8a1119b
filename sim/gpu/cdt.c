/* The critical data tracker's measurements; see cdt.h. */
#include "gpu/cdt.h"

#include <cJSON.h>
#include <stdio.h>

#include "rcwm.h"

void cdt_retire(cdt_stats *st, cdt_demand *block, bool at_end) {
    unsigned k = (unsigned)__builtin_popcount(block->used & 0xFu);
    if (k) {
        if (block->ica) st->ica[k]++;
        else st->ca[k]++;
        if (at_end) st->resident++;
    }
    block->used = 0;
    block->ica = 0;
}

uint64_t cdt_blocks(const cdt_stats *st) {
    uint64_t n = 0;
    for (unsigned k = 1; k <= 4; k++) n += st->ca[k] + st->ica[k];
    return n;
}

double cdt_usage_fraction(const cdt_stats *st) {
    uint64_t n = cdt_blocks(st), sub = 0;
    for (unsigned k = 1; k <= 4; k++) sub += k * (st->ca[k] + st->ica[k]);
    return n ? (double)sub / (4.0 * (double)n) : 0.0;
}

double cdt_miss_fraction(const cdt_stats *st, uint64_t count) {
    uint64_t n = st->fm + st->sm + st->hi;
    return n ? (double)count / (double)n : 0.0;
}

void cdt_json(const cdt_stats *st, cJSON *run) {
    cJSON *m = cJSON_AddObjectToObject(run, "miss_types");
    cJSON_AddNumberToObject(m, "fm", (double)st->fm);
    cJSON_AddNumberToObject(m, "sm", (double)st->sm);
    cJSON_AddNumberToObject(m, "hi", (double)st->hi);
    cJSON_AddNumberToObject(m, "fm_fraction", cdt_miss_fraction(st, st->fm));
    cJSON_AddNumberToObject(m, "sm_fraction", cdt_miss_fraction(st, st->sm));
    cJSON_AddNumberToObject(m, "hi_fraction", cdt_miss_fraction(st, st->hi));
    cJSON *u = cJSON_AddObjectToObject(run, "l1_block_usage");
    uint64_t n = cdt_blocks(st), ica = 0;
    cJSON_AddNumberToObject(u, "blocks", (double)n);
    cJSON_AddNumberToObject(u, "resident_at_end", (double)st->resident);
    cJSON_AddNumberToObject(u, "mean_fraction", cdt_usage_fraction(st));
    cJSON *ca_a = cJSON_AddArrayToObject(u, "ca_by_sub_blocks");
    cJSON *ica_a = cJSON_AddArrayToObject(u, "ica_by_sub_blocks");
    for (unsigned k = 1; k <= 4; k++) {
        cJSON_AddItemToArray(ca_a, cJSON_CreateNumber((double)st->ca[k]));
        cJSON_AddItemToArray(ica_a, cJSON_CreateNumber((double)st->ica[k]));
        ica += st->ica[k];
    }
    cJSON_AddNumberToObject(u, "ica_fraction", n ? (double)ica / (double)n : 0.0);
    cJSON_AddNumberToObject(u, "partial_ca_fraction",
                            n ? (double)(st->ca[1] + st->ca[2] + st->ca[3]) / (double)n : 0.0);
    if (!st->rc) return;
    cJSON *rc = cJSON_AddObjectToObject(run, "request_controller");
    cJSON_AddNumberToObject(rc, "window", st->rc_window);
    cJSON_AddNumberToObject(rc, "ica_pct", st->rc_ica_pct);
    cJSON_AddNumberToObject(rc, "fdr_pct", st->rc_fdr_pct);
    cJSON *d = cJSON_AddObjectToObject(rc, "decisions");
    uint64_t total = 0;
    for (unsigned r = 0; r < RCWM_REASONS; r++) {
        cJSON_AddNumberToObject(d, rcwm_reason_name((rcwm_reason)r), (double)st->rc_decisions[r]);
        total += st->rc_decisions[r];
    }
    cJSON_AddNumberToObject(rc, "partial_fraction", total ? (double)st->rc_decisions[RCWM_PDR] / (double)total : 0.0);
}

void cdt_print(const cdt_stats *st, void *file) {
    FILE *f = file;
    uint64_t n = cdt_blocks(st);
    if (!n && !(st->fm + st->sm + st->hi)) return;
    double d = n ? 100.0 / (double)n : 0.0;
    fprintf(f, "  misses (seed 000 Table 3.1): FM %llu (%.1f%%), SM %llu (%.1f%%), HI %llu (%.1f%%); L1 blocks until "
               "eviction: %llu, mean use %.1f%%, CA 32/64/96/128B %.1f/%.1f/%.1f/%.1f%%, ICA 64/96/128B "
               "%.1f/%.1f/%.1f%%\n",
            (unsigned long long)st->fm, 100.0 * cdt_miss_fraction(st, st->fm), (unsigned long long)st->sm,
            100.0 * cdt_miss_fraction(st, st->sm), (unsigned long long)st->hi, 100.0 * cdt_miss_fraction(st, st->hi),
            (unsigned long long)n, 100.0 * cdt_usage_fraction(st), d * (double)st->ca[1], d * (double)st->ca[2],
            d * (double)st->ca[3], d * (double)st->ca[4], d * (double)st->ica[2], d * (double)st->ica[3],
            d * (double)st->ica[4]);
    if (!st->rc) return;
    fprintf(f, "  request controller (window %u, ICA %u%%, FDR %u%%):", st->rc_window, st->rc_ica_pct, st->rc_fdr_pct);
    for (unsigned r = 0; r < RCWM_REASONS; r++)
        fprintf(f, " %s %llu", rcwm_reason_name((rcwm_reason)r), (unsigned long long)st->rc_decisions[r]);
    fprintf(f, "\n");
}
