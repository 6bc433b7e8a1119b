# BPC unit (docs/bpc.md): bit-plane compression compressor and decompressor.
bpc_TOPS := bpc_compressor bpc_decompressor
bpc_RTL  := $(sort $(wildcard rtl/bpc/*.v))
# SystemC (verilator_tb/systemc/systemc.mk): tops with an rtl form checked by make test
# (<unit>_SC_TOPS) and by verify-systemc-more only (<unit>_SC_MORE_TOPS, outside make test's budget).
bpc_SC_MORE_TOPS := bpc_compressor bpc_decompressor
