# BDI unit (docs/bdi.md): compressor (two stages) and decompressor (one stage) of the
# Base-Delta-Immediate line format, two 64-byte blocks per 128-byte line.
bdi_TOPS := bdi_compressor bdi_decompressor
bdi_RTL  := $(sort $(wildcard rtl/bdi/*.v))
# The compressor by the hierarchical flow (synth/synth.mk SYNTH_HIER_TOPS): its two 64-byte
# blocks are two copies of the same block modules, and ABC took over 6.8 CPU min on the first of
# the flat flow's three mappings (stopped there; about 35 s of ABC for dpc_compressor's).
bdi_SYNTH_HIER := bdi_compressor
# SystemC (verilator_tb/systemc/systemc.mk): tops with an rtl form checked by make test
# (<unit>_SC_TOPS) and by verify-systemc-more only (<unit>_SC_MORE_TOPS, outside make test's budget).
bdi_SC_MORE_TOPS := bdi_compressor bdi_decompressor
