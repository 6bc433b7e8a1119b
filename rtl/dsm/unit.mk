# DSM unit (docs/dsm.md): compressor, decompressor, approximation unit.
dsm_TOPS := dsm_compressor dsm_decompressor dsm_approx
dsm_RTL  := $(sort $(wildcard rtl/dsm/*.v))
