/* Energy of a GPU run's memory hierarchy (docs/sim.md "Energy"): per-access energies times the
 * run's counted accesses. Every constant is a published figure or derived from one; docs/sim.md
 * gives each source. Dynamic energy only: no static (leakage) energy and no SM pipeline energy,
 * so it is the memory system's share of a GPU's energy, not the whole GPU's. */
#ifndef SIM_ENERGY_H
#define SIM_ENERGY_H

#include "gpu/gpu.h"

/* Per access, nJ. */
#define ENERGY_L1_LINE_NJ 0.32        /* 128-byte L1 line read or write: 16 x 20 pJ (64-bit, 32 KB SRAM, 45 nm) */
#define ENERGY_L2_LINE_NJ 1.6         /* 128-byte L2 line: 16 x 100 pJ (64-bit, 1 MB SRAM, 45 nm) */
#define ENERGY_DRAM_LINE_NJ 20.8      /* 128-byte DRAM line: 16 x 1.3 nJ (64-bit DRAM access, low end) */
#define ENERGY_WIRE_PJ_PER_BIT_HOP 0.5 /* one flit bit over one network hop: 0.2 pJ/bit/mm x 2.5 mm */
/* seed 004 sec. IV-C-1 / IV-C-2: compression / decompression access energy */
#define ENERGY_BDI_COMP_NJ 0.192
#define ENERGY_BDI_DECOMP_NJ 0.056
#define ENERGY_SC_COMP_NJ 0.42
#define ENERGY_SC_DECOMP_NJ 0.336

typedef struct {
    double l1, l2, dram, network, compress, decompress, total;   /* nJ */
    uint64_t l1_accesses, l2_accesses, dram_accesses, flit_hops;
    bool codec_unpriced;               /* a codec without a published access energy ran (BPC): counted as 0 */
} energy_report;

void energy_of(const gpu_stats *st, energy_report *e);
/* cJSON object with every term and its source. */
void *energy_json(const energy_report *e);

#endif
