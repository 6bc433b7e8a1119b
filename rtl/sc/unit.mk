# SC unit (docs/sc.md): compressor and decompressor, each with its table (code table, DeLUT)
# loaded through a configuration port.
sc_TOPS := sc_decompressor sc_compressor
# sc_decompressor_k1 (one symbol per cycle, docs/sc.md 8.2) is synthesis-only and takes minutes
# of Yosys + ABC like the default top, so `make synth` leaves it out; SC_SYNTH_K1=1 adds it
# (make SC_SYNTH_K1=1 synth-sc_decompressor_k1). Its RTL is verified as the k1 variant.
# sc_compressor_ff (the code table in flip-flops instead of SRAM macros, docs/synthesis.md
# "SRAM macros") likewise: SC_SYNTH_FF=1 adds it (make SC_SYNTH_FF=1 synth-sc_compressor_ff).
sc_SYNTH_TOPS := $(if $(SC_SYNTH_K1),sc_decompressor_k1) $(if $(SC_SYNTH_FF),sc_compressor_ff)
sc_RTL  := $(sort $(wildcard rtl/sc/*.v))
# The decompressor holds its DeLUT in flip-flops (np_ff_ram banks), the compressor its code
# table in SRAM macros (np_sram, one per lookup port; sc_compressor_ff in flip-flops): the
# hierarchical flow maps each memory shape once (synth/synth.mk SYNTH_HIER_TOPS).
sc_SYNTH_HIER := sc_compressor sc_decompressor $(if $(SC_SYNTH_FF),sc_compressor_ff)
