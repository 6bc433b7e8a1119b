# SC unit (docs/sc.md): compressor and decompressor, each with its table (code table, DeLUT)
# loaded through a configuration port.
sc_TOPS := sc_decompressor sc_compressor
# sc_decompressor_k1 (one symbol per cycle, docs/sc.md 8.2) is synthesis-only and takes minutes
# of Yosys + ABC like the default top, so `make synth` leaves it out; SC_SYNTH_K1=1 adds it
# (make SC_SYNTH_K1=1 synth-sc_decompressor_k1). Its RTL is verified as the k1 variant.
# sc_compressor_ff and sc_decompressor_ff (the code table and the DeLUT in flip-flops instead of
# SRAM macros, docs/synthesis.md "SRAM macros") likewise: SC_SYNTH_FF=1 adds them
# (make SC_SYNTH_FF=1 synth-sc_compressor_ff synth-sc_decompressor_ff).
sc_PARAM_TOPS := sc_decompressor_k1:sc_decompressor:SymbolsPerCycle=1 sc_compressor_ff:sc_compressor:TableMacro=0 \
  sc_decompressor_ff:sc_decompressor:TableMacro=0
sc_SYNTH_TOPS := $(if $(SC_SYNTH_K1),sc_decompressor_k1) $(if $(SC_SYNTH_FF),sc_compressor_ff sc_decompressor_ff)
sc_RTL  := $(sort $(wildcard rtl/sc/*.v))
# The decompressor's length decoders (96 positions a cycle, docs/sc.md 8.1) are loops over
# position vectors: unrolled whole, and without Verilator's DFG pass, its harness runs 20,000
# lines in 1.5 CPU s instead of 2.5. A line still costs about 5 times the flip-flop-era
# decoder's (19 cycles of 96 decoders against 10 of 4 slots), so make verify checks 200,000
# lines of it (10 trained tables) instead of 10^6, the CPU time it had; verify-long runs more.
sc_TB_VLFLAGS := -fno-dfg --unroll-count 256 --unroll-stmts 200000
sc_decompressor_VERIFY_COUNT := 200000
# The decompressor holds its DeLUT, the compressor its code table in SRAM macros (np_sram, one
# per read or lookup port; the _ff tops in flip-flops, np_ff_ram banks): the hierarchical flow
# maps each memory shape once (synth/synth.mk SYNTH_HIER_TOPS).
sc_SYNTH_HIER := sc_compressor sc_decompressor $(if $(SC_SYNTH_FF),sc_compressor_ff sc_decompressor_ff)
# SystemC (verilator_tb/systemc/systemc.mk): tops with an rtl form checked by make test
# (<unit>_SC_TOPS) and by verify-systemc-more only (<unit>_SC_MORE_TOPS, outside make test's budget).
sc_SC_MORE_TOPS := sc_compressor sc_decompressor
# Harness parameter variants (make verify-variants): the decompressor at one symbol per cycle
# (docs/sc.md 8.2; synthesis top sc_decompressor_k1), the compressor at 4 words per cycle
# (docs/sc.md 8.3: 8 lookup cycles, latency 10).
# sc_compressor:fftable, its code table in flip-flops instead of SRAM macros (docs/synthesis.md
# "SRAM macros"; synthesis top sc_compressor_ff): same ports, latency and stream.
# sc_decompressor:ffdelut, its DeLUT in flip-flops (synthesis top sc_decompressor_ff): same
# ports and lines, one cycle less (9).
sc_TB_VARIANTS := sc_decompressor:k1 sc_compressor:w4 sc_compressor:fftable sc_decompressor:ffdelut
TB_VARIANT_VLFLAGS_k1 := -GSymbolsPerCycle=1
TB_VARIANT_CFLAGS_k1  := -DNP_TB_SC_SYMBOLS=1
TB_VARIANT_VLFLAGS_w4 := -GWordsPerCycle=4
TB_VARIANT_CFLAGS_w4  := -DNP_TB_SC_WORDS=4
TB_VARIANT_VLFLAGS_fftable := -GTableMacro=0
TB_VARIANT_CFLAGS_fftable  :=
TB_VARIANT_VLFLAGS_ffdelut := -GTableMacro=0
TB_VARIANT_CFLAGS_ffdelut  := -DNP_TB_SC_DELUT_MACRO=0
