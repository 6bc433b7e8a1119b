# DSM unit (docs/dsm.md): compressor, decompressor, approximation unit.
dsm_TOPS := dsm_compressor dsm_decompressor dsm_approx dsm_lane_pair_decompressor
dsm_RTL  := $(sort $(wildcard rtl/dsm/*.v))
# dsm_lane_pair_decompressor: two lane decoders on separate lane streams, without the
# line-stream window; the thesis's configuration (docs/dsm.md 6, 8.3), verified like the others.
# SystemC (verilator_tb/systemc/systemc.mk): tops with an rtl form checked by make test
# (<unit>_SC_TOPS) and by verify-systemc-more only (<unit>_SC_MORE_TOPS, outside make test's budget).
dsm_SC_TOPS      := dsm_compressor dsm_decompressor
dsm_SC_MORE_TOPS := dsm_approx
# Harness parameter variants (verilator_tb/verilator_tb.mk, make verify-variants): LaneBytes 128
# (docs/dsm.md 1); a name maps to Verilator -G overrides and the adapter's define.
dsm_TB_VARIANTS := dsm_compressor:lane128 dsm_decompressor:lane128
TB_VARIANT_VLFLAGS_lane128 := -GLaneBytes=128
TB_VARIANT_CFLAGS_lane128  := -DNP_TB_LANE_BYTES=128
