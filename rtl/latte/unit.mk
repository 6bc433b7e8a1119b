# LATTE-CC unit (docs/latte.md): the adaptive compression controller and the compressed L1's
# tag logic (its own compare and LRU order matrix since issue 29); the synthesis-only
# latte_tags_base (the uncompressed 32 x 4 L1 tag array it replaces) is the BA unit's LRU mode.
latte_TOPS       := latte_ctrl latte_tags
# latte_tags_ff (the tags in flip-flops instead of an SRAM macro, docs/synthesis.md "SRAM
# macros"; -GTableMacro=0) is synthesis-only like SC's _ff tops: LATTE_SYNTH_FF=1 adds it
# (make LATTE_SYNTH_FF=1 synth-latte_tags_ff). Its RTL is verified as the fftags variant.
latte_PARAM_TOPS := latte_tags_ff:latte_tags:TableMacro=0
latte_SYNTH_TOPS := latte_tags_base $(if $(LATTE_SYNTH_FF),latte_tags_ff)
# latte_tags is 32 copies of latte_tags_set: the hierarchical flow maps one (synth/synth.mk).
latte_SYNTH_HIER := latte_tags $(if $(LATTE_SYNTH_FF),latte_tags_ff)
# latte_ctrl's carry-propagate steps add with BDI's parallel-prefix adder (rtl/bdi/bdi_prefix_add.v).
latte_RTL        := $(sort $(wildcard rtl/latte/*.v)) rtl/ba/ba_match.v rtl/ba/ba_lru_update.v \
                    rtl/ba/ba_tag_unit.v rtl/ba/ba_victim.v rtl/ba/ba_decide.v rtl/bdi/bdi_prefix_add.v
# Without Verilator's DFG pass latte_tags's harness builds in 18.9 CPU s instead of 21.6 and
# runs as fast (200,000 lines: 2.4 against 2.5 CPU s).
latte_TB_VLFLAGS := -fno-dfg
# Harness parameter variant (make verify-variants): latte_tags:fftags, its tags in flip-flops
# instead of the SRAM macro (synthesis top latte_tags_ff): same ports, latency and requests.
latte_TB_VARIANTS := latte_tags:fftags
TB_VARIANT_VLFLAGS_fftags := -GTableMacro=0
TB_VARIANT_CFLAGS_fftags  :=
