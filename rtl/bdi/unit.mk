# BDI unit (docs/bdi.md): compressor (two stages) and decompressor (one stage) of the
# Base-Delta-Immediate line format, two 64-byte blocks per 128-byte line.
bdi_TOPS := bdi_compressor bdi_decompressor
bdi_RTL  := $(sort $(wildcard rtl/bdi/*.v))
