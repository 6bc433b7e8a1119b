# PCU unit (docs/pcu.md): the MC packet coalescing unit (request grouping, pointer ring,
# request selector, merge unit).
pcu_TOPS := pcu
pcu_RTL  := $(sort $(wildcard rtl/pcu/*.v))
# Verilator's DFG pass rebuilds the 128 RGRs' address and destination buses every cycle as a
# chain of ever wider concatenations; without it 50,000 lines take 0.92 CPU s instead of 4.32
# (verilator_tb/verilator_tb.mk).
pcu_TB_VLFLAGS := -fno-dfg
# The seed's RGR count sweep (5.4): synthesis-only parameter sets of pcu with NumRgr = 64, 256, 1024
# (verification runs pcu at its default 128 RGRs; pcu's RGR logic is the same per entry for every count).
pcu_PARAM_TOPS := pcu_n64:pcu:NumRgr=64 pcu_n256:pcu:NumRgr=256 pcu_n1024:pcu:NumRgr=1024
# pcu_n256 and pcu_n1024 take tens of CPU minutes to hours of Yosys + ABC (docs/pcu.md 8), so
# `make synth` (and the main job) stops at 64 and 128; `make synth-pcu-sweep` adds them.
# `make synth-pcu-hier` (below) gives all four sizes in minutes by another method.
pcu_SYNTH_TOPS := pcu_n64 $(if $(PCU_SYNTH_SWEEP),pcu_n256 pcu_n1024)
# The 128-RGR top by the hierarchical flow (pcu_rgr mapped once; docs/pcu.md 8.2): its flat run
# takes CPU-tens of minutes (synth/synth.mk SYNTH_HIER_TOPS). pcu_n64 stays flat.
pcu_SYNTH_HIER := pcu $(if $(PCU_SYNTH_SWEEP),pcu_n256 pcu_n1024)

.PHONY: synth-pcu-sweep
## synth-pcu-sweep: the PCU at 64, 128, 256 and 1024 RGRs (hours of CPU; docs/pcu.md 8)
synth-pcu-sweep:
	$(MAKE) --no-print-directory PCU_SYNTH_SWEEP=1 synth-pcu_n64 synth-pcu synth-pcu_n256 synth-pcu_n1024

# Bounded-time rows of the same sweep (docs/pcu.md 8.2), minutes instead of hours: `make
# synth-pcu-hier` (synth/synth.mk "Bounded-time sweeps": hierarchical area, the clock from the
# flattened netlist re-buffered by ABC and timed by OpenSTA), `make synth-pcu-hier-check-flat`;
# SYNTH_HIER_KEEP=pcu_rgr flattens everything but the RGRs instead.
pcu_SWEEP       := pcu_n64:64 pcu:128 pcu_n256:256 pcu_n1024:1024
pcu_SWEEP_PARAM := RGRs
pcu_SWEEP_DOC   := PCU RGR sweep, docs/pcu.md 8.2
# SystemC (verilator_tb/systemc/systemc.mk): tops with an rtl form checked by make test
# (<unit>_SC_TOPS) and by verify-systemc-more only (<unit>_SC_MORE_TOPS, outside make test's budget).
# (two handshake pairs and an L2 model in its check's loop: np_sc pcu, np_sc_pcu.h)
pcu_SC_MORE_TOPS := pcu
