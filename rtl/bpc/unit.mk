# BPC unit (docs/bpc.md): bit-plane compression compressor and decompressor.
bpc_TOPS := bpc_compressor bpc_decompressor
bpc_RTL  := $(sort $(wildcard rtl/bpc/*.v))
