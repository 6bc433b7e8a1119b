# DPC unit (docs/dpc.md): compressor with critical-map input, decompressor, MC data-filtering table.
dpc_TOPS := dpc_compressor dpc_decompressor dpc_filter_table
# The seed's table sizes (Table 5.1: 32, 256 = its default, 1024; docs/dpc.md 6.1): synthesis-only
# parameter sets of dpc_filter_table at 256 and 1024 entries (the verified top has 32; every
# entry's logic is the same for every count; the C model and npsim take any count up to 1024). Flat synthesis of
# the large CAMs takes hours, so, as the PCU's RGR sweep, `make synth` stops at the verified top
# and `make synth-dft-sweep` adds them (lint: make lint-dpc_filter_table_e256 ...).
dpc_PARAM_TOPS := dpc_filter_table_e256:dpc_filter_table:Entries=256 \
                  dpc_filter_table_e1024:dpc_filter_table:Entries=1024
dpc_SYNTH_TOPS := $(if $(DFT_SYNTH_SWEEP),dpc_filter_table_e256 dpc_filter_table_e1024)
# Both large tables go by the hierarchical flow (synth/synth.mk SYNTH_HIER_TOPS): each
# dpc_filter_entry is mapped once and summed, so the rows take minutes instead of hours.
dpc_SYNTH_HIER := $(dpc_SYNTH_TOPS)
dpc_RTL  := $(sort $(wildcard rtl/dpc/*.v))
# Without Verilator's DFG pass the harnesses run faster and build no slower: 200,000 lines of
# dpc_compressor 4.9 CPU s instead of 6.0 (build 24.4 instead of 26.8), dpc_decompressor 5.6
# instead of 5.8. --output-split-cfuncs 300 (generated functions cut after 300 statements; GCC's
# time grows faster than a function's size): dpc_compressor's model C++ 25.0 -> 18.3 CPU s, its
# run +2.6 % instructions (callgrind, 5000 lines) and 30.0 -> 30.3 s for 10^6 lines in make test.
# Not for every unit: on smaller models the cut costs more than it saves (ba_tag_lru's build
# 5.3 -> 6.6 CPU s, its run +8.5 % instructions; latte_tags +29 %), and with it on every top the
# fresh-clone make test's 22 harness runs took 281 s against 238 (stop 39).
dpc_TB_VLFLAGS := -fno-dfg --output-split-cfuncs 300

.PHONY: synth-dft-sweep
## synth-dft-sweep: the MC data-filtering table at 32, 256 and 1024 entries (seed 000 Table 5.1; docs/dpc.md 6.1)
synth-dft-sweep:
	$(MAKE) --no-print-directory DFT_SYNTH_SWEEP=1 synth-dpc_filter_table synth-dpc_filter_table_e256 \
	  synth-dpc_filter_table_e1024
# SystemC (verilator_tb/systemc/systemc.mk): tops with an rtl form checked by make test
# (<unit>_SC_TOPS) and by verify-systemc-more only (<unit>_SC_MORE_TOPS, outside make test's budget).
dpc_SC_TOPS := dpc_compressor dpc_decompressor
