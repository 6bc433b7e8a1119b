# DSM unit (docs/dsm.md): compressor, decompressor, approximation unit.
dsm_TOPS := dsm_compressor dsm_decompressor dsm_approx
dsm_RTL  := $(sort $(wildcard rtl/dsm/*.v))
# Synthesis only: two lane decoders without the line-stream window, the thesis's configuration
# (docs/dsm.md 8.3), to measure what the window costs.
dsm_SYNTH_TOPS := dsm_lane_pair_decompressor
