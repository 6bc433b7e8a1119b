/* Memory-hierarchy energy from a run's counters; see energy.h and docs/sim.md "Energy". */
#include "gpu/energy.h"

#include <cJSON.h>
#include <string.h>

/* The per-access energy of the codec in a compressed-L1 slot, by name (0 and *unpriced when the
 * seed publishes none). */
static void codec_energy(const char *name, double *comp, double *decomp, bool *unpriced) {
    *comp = *decomp = 0;
    if (!strcmp(name, "bdi")) {
        *comp = ENERGY_BDI_COMP_NJ;
        *decomp = ENERGY_BDI_DECOMP_NJ;
    } else if (!strcmp(name, "sc")) {
        *comp = ENERGY_SC_COMP_NJ;
        *decomp = ENERGY_SC_DECOMP_NJ;
    } else {
        *unpriced = true;
    }
}

void energy_of(const gpu_stats *st, energy_report *e) {
    memset(e, 0, sizeof *e);
    /* L1: every read and write looks the line up; every read miss's reply writes it (merged misses share one) */
    uint64_t fills = st->l1_misses > st->mshr_merges ? st->l1_misses - st->mshr_merges : 0;
    e->l1_accesses = st->reads + st->writes + fills;
    e->l2_accesses = st->l2_hits + st->l2_misses;
    e->dram_accesses = st->l2_misses;
    /* a flit crosses its injection and ejection channels (the crossbar: its one switch) and each router-router link */
    e->flit_hops = st->link_flits + st->request_flits + st->reply_flits;
    e->l1 = (double)e->l1_accesses * ENERGY_L1_LINE_NJ;
    e->l2 = (double)e->l2_accesses * ENERGY_L2_LINE_NJ;
    e->dram = (double)e->dram_accesses * ENERGY_DRAM_LINE_NJ;
    e->network = (double)e->flit_hops * (double)st->channel_bits * ENERGY_WIRE_PJ_PER_BIT_HOP / 1000.0;
    for (unsigned m = 1; m < LATTE_MODES; m++) {
        const l1c_stats *l = &st->l1c;
        if (!l->compressions[m] && !l->decompressions[m]) continue;
        double c, d;
        codec_energy(l->codec_name[m], &c, &d, &e->codec_unpriced);
        e->compress += (double)l->compressions[m] * c;
        e->decompress += (double)l->decompressions[m] * d;
    }
    e->total = e->l1 + e->l2 + e->dram + e->network + e->compress + e->decompress;
}

static void term(cJSON *o, const char *key, double nj, uint64_t count, const char *per, const char *source) {
    cJSON *t = cJSON_AddObjectToObject(o, key);
    cJSON_AddNumberToObject(t, "nj", nj);
    cJSON_AddNumberToObject(t, "count", (double)count);
    cJSON_AddStringToObject(t, "per", per);
    cJSON_AddStringToObject(t, "source", source);
}

void *energy_json(const energy_report *e) {
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "total_nj", e->total);
    cJSON_AddStringToObject(o, "scope", "dynamic energy of L1, L2, DRAM, network links and L1 compressors (docs/sim.md "
                                        "\"Energy\"); no static energy, no SM pipeline");
    term(o, "l1", e->l1, e->l1_accesses, "128-byte line access, 0.32 nJ",
         "Horowitz ISSCC 2014: 64-bit access of a 32 KB SRAM, 20 pJ (45 nm), x16");
    term(o, "l2", e->l2, e->l2_accesses, "128-byte line access, 1.6 nJ",
         "Horowitz ISSCC 2014: 64-bit access of a 1 MB SRAM, 100 pJ (45 nm), x16");
    term(o, "dram", e->dram, e->dram_accesses, "128-byte line, 20.8 nJ",
         "Horowitz ISSCC 2014: 64-bit DRAM access 1.3-2.6 nJ (low end), x16");
    term(o, "network", e->network, e->flit_hops, "flit over one channel (link_flits + injected flits), 0.5 pJ per bit",
         "on-chip wire 0.2 pJ/bit/mm (Keckler et al., IEEE Micro 2011) x 2.5 mm per hop (estimate)");
    cJSON_AddNumberToObject(o, "compress_nj", e->compress);
    cJSON_AddNumberToObject(o, "decompress_nj", e->decompress);
    cJSON_AddStringToObject(o, "codec_source", e->codec_unpriced
                                                   ? "seed 004 sec. IV-C (BDI 0.192/0.056, SC 0.42/0.336 nJ); BPC has "
                                                     "no published access energy: its accesses count 0"
                                                   : "seed 004 sec. IV-C (BDI 0.192/0.056, SC 0.42/0.336 nJ)");
    return o;
}
