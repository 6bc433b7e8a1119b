/* Generated from synth/published.tsv by synth/published_c.awk (make published-table): do not edit. */
#include "np_published.h"
const np_published np_published_rows[] = {
    {"dsm_approx", 2, 0.00535, 0.0185, 23200, "seed 001 Table 6.4"},
    {"dsm_compressor", 2, 0.009, 0.023, 28800, "seed 001 Table 6.4"},
    {"dsm_decompressor", 1, 0.00699, 0.0163, 20400, "seed 001 Table 6.4"},
    {"dsm_lane_pair_decompressor", 1, 0.00699, 0.0163, 20400, "seed 001 Table 6.4 (two lane decoders)"},
    {"mcast_rc", 0, 0.0000628, 0.0000628, 79, "seed 003 sec. 5.6 (59 OR2)"},
    {"bdi_compressor", 2, 0, 0, 30000, "seed 001 Table 6.5, sec. 6.7"},
    {"bdi_decompressor", 2, 0, 0, 0, "seed 004 sec. IV-C"},
    {"bpc_compressor", 11, 0, 0, 68000, "seed 001 Table 6.5, sec. 6.7"},
    {"bpc_decompressor", 11, 0, 0, 0, "seed 001 Table 6.5"},
    {"sc_compressor", 6, 0, 0, 0, "seed 004 sec. IV-C"},
    {"sc_decompressor", 14, 0, 0, 0, "seed 004 sec. IV-C, Table I"},
    {"fpc:compressor", 3, 0, 0, 150000, "seed 001 Table 6.5, sec. 6.7"},
    {"fpc:decompressor", 5, 0, 0, 0, "seed 001 Table 6.5; seed 004 Table I"},
    {"cpack:compressor", 16, 0, 0, 40000, "seed 001 Table 6.5, sec. 6.7"},
    {"cpack:decompressor", 8, 0, 0, 0, "seed 004 Table I (C-Pack+Z)"},
    {"cpack-sync:compressor", 16, 0, 0, 40000, "seed 001 Table 6.5, sec. 6.7"},
    {"cpack-sync:decompressor", 9, 0, 0, 0, "seed 001 Table 6.5"},
};
const unsigned np_published_count = sizeof np_published_rows / sizeof np_published_rows[0];
