# BPC unit (docs/bpc.md): bit-plane compression compressor and decompressor.
bpc_TOPS := bpc_compressor bpc_decompressor
bpc_RTL  := $(sort $(wildcard rtl/bpc/*.v))
# Verilator's DFG pass makes slower harness code here (50,000 lines: bpc_compressor 0.92 -> 0.78
# CPU s, bpc_decompressor 0.93 -> 0.73 without it; verilator_tb/verilator_tb.mk).
bpc_TB_VLFLAGS := -fno-dfg
# SystemC (verilator_tb/systemc/systemc.mk): tops with an rtl form checked by make test
# (<unit>_SC_TOPS) and by verify-systemc-more only (<unit>_SC_MORE_TOPS, outside make test's budget).
bpc_SC_MORE_TOPS := bpc_compressor bpc_decompressor
