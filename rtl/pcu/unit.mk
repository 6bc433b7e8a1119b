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

# Bounded-time rows of the same sweep (docs/pcu.md 8.2), minutes instead of hours: area from a
# hierarchical synthesis (pcu_rgr mapped once, summed over its NumRgr instances), clock from
# the flattened mapped netlist re-buffered by ABC and timed by OpenSTA. Own directory, own table; the flat
# rows of build/synth/<top>/report.json are shown beside them where those runs exist.
# PCU_HIER_KEEP=pcu_rgr flattens everything but the RGRs instead (into build/synth-hier-keep/).
PCU_HIER_KEEP ?=
PCU_HIER_DIR  := $(BUILD)/synth-hier$(if $(PCU_HIER_KEEP),-keep)
PCU_HIER_TOPS := pcu_n64:64 pcu:128 pcu_n256:256 pcu_n1024:1024
PCU_HIER_RTL  := $(sort $(wildcard rtl/common/*.v)) $(pcu_RTL)
PCU_HIER_FLOW := synth/np_synth_hier.tcl synth/np_env.tcl synth/np_shiftx_map.v synth/nangate45_np.lib \
                 synth/abc.constr synth/np_sta.sdc synth/np_sta.tcl synth/np_sram45.lib rtl/pcu/unit.mk
PCU_HIER_ABC  ?= yosys-abc
# What np_synth_hier.tcl reads besides NP_TOP and NP_OUTDIR.
PCU_HIER_ENV   = NP_RTL="$(PCU_HIER_RTL)" NP_INCDIRS="rtl/common rtl/pcu" \
  NP_LIB=synth/nangate45_np.lib NP_CONSTR=synth/abc.constr NP_SHIFTX_MAP=synth/np_shiftx_map.v \
  NP_STA_SDC=synth/np_sta.sdc NP_SRAM_LIB=synth/np_sram45.lib \
  NP_ABC=$(PCU_HIER_ABC)

.PHONY: synth-pcu-hier
## synth-pcu-hier: the PCU at 64, 128, 256, 1024 RGRs in minutes (hierarchical area, OpenSTA-timed clock of the re-buffered netlist; docs/pcu.md 8.2)
synth-pcu-hier: $(foreach p,$(PCU_HIER_TOPS),$(PCU_HIER_DIR)/$(firstword $(subst :, ,$(p)))/row.tsv) \
                synth/np_hier_report.sh
	bash synth/np_hier_report.sh $(PCU_HIER_DIR) $(BUILD)/synth $(SYNTH_CLK_TO_Q_PS) \
	  $(SYNTH_SETUP_PS) $(SYNTH_CLOCK_MHZ) $(PCU_HIER_TOPS)
	@echo "synth-pcu-hier: wrote $(PCU_HIER_DIR)/report.md, $(PCU_HIER_DIR)/report.json"
	@cat $(PCU_HIER_DIR)/report.md

# One yosys run per top (its runtime.txt: wall and CPU seconds, ABC included). row.tsv is the
# last thing the script writes; it is removed first, so a failed run leaves no stale row.
$(PCU_HIER_DIR)/%/row.tsv: $(PCU_HIER_RTL) $(PCU_HIER_FLOW)
	@mkdir -p $(@D)
	@rm -f $@
	@echo "synth-pcu-hier: $* (yosys, log $(@D)/yosys.log)"
	@TIMEFORMAT='wall_s=%3R user_s=%3U sys_s=%3S'; \
	if ! { time $(PCU_HIER_ENV) $(call np_top_env,$*) NP_KEEP="$(PCU_HIER_KEEP)" NP_OUTDIR=$(@D) \
	         yosys -q -l $(@D)/yosys.log.tmp -c synth/np_synth_hier.tcl 2>&3; \
	     } 3>&2 2> $(@D)/runtime.txt; then \
	  rm -f $@; echo "synth-pcu-hier: yosys failed for $*; full log: $(@D)/yosys.log.tmp" >&2; exit 1; \
	fi; \
	mv $(@D)/yosys.log.tmp $(@D)/yosys.log; \
	echo "synth-pcu-hier: $* done ($$(cat $(@D)/runtime.txt))"

# The timing step checked against the flat flow: run on the flat flow's own mapped netlist it
# must give that run's ABC delay, logic levels and OpenSTA stage time (docs/pcu.md 8.2). Checks every top of the
# sweep whose flat run exists in build/synth/ (seconds each; a hierarchical run there, whose
# <top>_mapped.v is its own timed netlist, is skipped); fails if none does. The flat
# figures are read from that run's own log (np_report), not from a report.json that only
# `make synth-<top>` refreshes and that a later `make synth` leaves stale.
.PHONY: synth-pcu-hier-check-flat
## synth-pcu-hier-check-flat: synth-pcu-hier's timing step on the flat netlists in build/synth reproduces their delay, levels and OpenSTA stage
synth-pcu-hier-check-flat: $(NP_REPORT)
	@checked=0; \
	for p in $(PCU_HIER_TOPS); do \
	  t=$${p%%:*}; net=$(BUILD)/synth/$$t/$${t}_mapped.v; \
	  [ -f $$net ] && [ -f $(BUILD)/synth/$$t/yosys.log ] || continue; \
	  ! grep -qx 'NP-METHOD hier' $(BUILD)/synth/$$t/yosys.log || continue; \
	  d=$(BUILD)/synth-hier-check/$$t; mkdir -p $$d; rm -f $$d/row.tsv; rep=$$d/flat.json; \
	  $(NP_REPORT) $(SYNTH_REPORT_ARGS) --json $$rep --md $$d/flat.md pcu:$$t > /dev/null || exit 1; \
	  $(PCU_HIER_ENV) NP_TOP=$$t NP_STA_NETLIST=$$net NP_OUTDIR=$$d \
	    yosys -q -l $$d/yosys.log -c synth/np_synth_hier.tcl > /dev/null || exit 1; \
	  flat_d=$$(sed -n 's/.*"abc_delay_ps":[[:space:]]*\([0-9.]*\).*/\1/p' $$rep); \
	  flat_l=$$(sed -n 's/.*"logic_levels":[[:space:]]*\([0-9]*\).*/\1/p' $$rep); \
	  got_d=$$(awk -F '\t' '$$1 == "abc_delay_ps" { print $$2 }' $$d/row.tsv); \
	  got_l=$$(awk -F '\t' '$$1 == "logic_levels" { print $$2 }' $$d/row.tsv); \
	  flat_s=$$(sed -n 's/^[[:space:]]*"stage_ps":[[:space:]]*\([0-9.]*\).*/\1/p' $$rep | head -n 1); \
	  got_s=$$(awk -F '\t' '$$1 == "sta_stage_ps" { print $$2 }' $$d/row.tsv); \
	  echo "synth-pcu-hier-check-flat: $$t flat run $$flat_d ps $$flat_l levels stage $$flat_s ps, timing step $$got_d ps $$got_l levels stage $$got_s ps"; \
	  awk -v a="$$flat_d" -v b="$$got_d" -v c="$$flat_l" -v e="$$got_l" -v s="$$flat_s" -v g="$$got_s" \
	    'BEGIN { exit !(a != "" && b != "" && a - b < 0.006 && b - a < 0.006 && c == e && s != "" && s - g < 0.006 && g - s < 0.006) }' || \
	    { echo "synth-pcu-hier-check-flat: FAIL $$t: the timing step does not reproduce $$rep" >&2; exit 1; }; \
	  checked=$$((checked + 1)); \
	done; \
	[ $$checked -gt 0 ] || { echo "synth-pcu-hier-check-flat: no flat run in $(BUILD)/synth (make synth-pcu_n64)" >&2; exit 1; }; \
	echo "synth-pcu-hier-check-flat: PASS $$checked tops"
# SystemC (verilator_tb/systemc/systemc.mk): tops with an rtl form checked by make test
# (<unit>_SC_TOPS) and by verify-systemc-more only (<unit>_SC_MORE_TOPS, outside make test's budget).
# (two handshake pairs and an L2 model in its check's loop: np_sc pcu, np_sc_pcu.h)
pcu_SC_MORE_TOPS := pcu
