# BPC unit (docs/bpc.md): bit-plane compression compressor and decompressor.
bpc_TOPS := bpc_compressor bpc_decompressor
# The decompressor's prefix sum and the compressor's delta subtractors add with BDI's parallel-prefix
# adder (rtl/bdi/bdi_prefix_add.v).
bpc_RTL  := $(sort $(wildcard rtl/bpc/*.v)) rtl/bdi/bdi_prefix_add.v
# Verilator's DFG pass makes slower harness code here (50,000 lines: bpc_compressor 0.92 -> 0.78
# CPU s, bpc_decompressor 0.93 -> 0.73 without it; verilator_tb/verilator_tb.mk).
bpc_TB_VLFLAGS := -fno-dfg
# SystemC (verilator_tb/systemc/systemc.mk): tops with an rtl form checked by make test
# (<unit>_SC_TOPS) and by verify-systemc-more only (<unit>_SC_MORE_TOPS, outside make test's budget).
bpc_SC_MORE_TOPS := bpc_compressor bpc_decompressor
# The decompressor's find, cut and place stages and its 80 parallel-prefix adders (docs/bpc.md
# 9.2), evaluated every cycle, cost its harness 5.4 CPU s per 100,000 lines against 1.1 for the
# five chained slots before (seed 20240601, run back to back at load 9-11), so make verify
# checks 200,000 lines of it instead of 10^6, the CPU time it had; verify-long runs more.
bpc_decompressor_VERIFY_COUNT := 200000
# The compressor's 31 delta subtractors are parallel-prefix adders (bdi_prefix_add, 11 levels
# each, evaluated every cycle: docs/synthesis.md "bpc_compressor at 800 MHz"): its harness costs
# 23.6 CPU s per 10^6 lines against 12.9 with `-` (make verify, seed 20240601, load 3-4). It
# keeps make verify's 10^6 lines: make test paid for them elsewhere (test_cli's leak checks once
# per outcome class, -28 CPU s).
