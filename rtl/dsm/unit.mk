# DSM unit (docs/dsm.md): compressor, decompressor, approximation unit.
dsm_TOPS := dsm_compressor dsm_decompressor dsm_approx dsm_lane_pair_decompressor
dsm_RTL  := $(sort $(wildcard rtl/dsm/*.v))
# dsm_lane_pair_decompressor: two lane decoders on separate lane streams, without the
# line-stream window; the thesis's configuration (docs/dsm.md 6, 8.3), verified like the others.
