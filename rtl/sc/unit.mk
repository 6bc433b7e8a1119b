# SC unit (docs/sc.md): compressor and decompressor, each with its table (code table, DeLUT)
# loaded through a configuration port.
sc_TOPS := sc_decompressor sc_compressor
# sc_decompressor_k1 (one symbol per cycle, docs/sc.md 8.2) is synthesis-only and takes minutes
# of Yosys + ABC like the default top, so `make synth` leaves it out; SC_SYNTH_K1=1 adds it
# (make SC_SYNTH_K1=1 synth-sc_decompressor_k1). Its RTL is verified as the k1 variant.
sc_SYNTH_TOPS := $(if $(SC_SYNTH_K1),sc_decompressor_k1)
sc_RTL  := $(sort $(wildcard rtl/sc/*.v))
# Both tops hold their table in flip-flops (np_ff_ram copies: 16 ways x 2, 16 banks): the
# hierarchical flow maps each memory shape once (synth/synth.mk SYNTH_HIER_TOPS).
sc_SYNTH_HIER := sc_compressor sc_decompressor
