# synth/synth.mk: synthesis estimates for every RTL top (docs/synthesis.md).
#
#   make synth            all TOPS -> $(BUILD)/synth/report.{json,md}, prints report.md
#   make synth-<top>      one top -> $(BUILD)/synth/<top>/report.{json,md}, prints it
#   make summary          the main job's closing summary (+ $(BUILD)/sim/summary.txt if present)
#   make synth-test       checks the flow and the report generator on small designs
#   make synth-liberty-check   synth/nangate45_np.lib is what synth/np_libgen.c writes
#
# Each top is synthesised by Yosys (synth/np_synth.tcl) into $(BUILD)/synth/<top>/: yosys.log,
# <top>_mapped.v, runtime.txt (wall and CPU time). A top is re-synthesised only when one of its
# RTL files, the liberty, the ABC constraints, the script or this file changes. The clock target
# only enters the report, which is regenerated every time (milliseconds) so it always shows the
# current verify logs.

# SYNTH_FLAT=1 synthesises every top by the flat flow, the hierarchical tops too, into
# $(BUILD)/synth-flat/ (hours of CPU for the largest; the comparison of the two flows).
SYNTH_DIR       := $(BUILD)/synth$(if $(SYNTH_FLAT),-flat)
SYNTH_LIB       := synth/nangate45_np.lib
# The SRAM macros' liberty (docs/synthesis.md "SRAM macros"): written by synth/np_sramgen.c from
# the published fakeram45 figures (synth/fakeram45.tsv) for the shapes the RTL instantiates
# (synth/np_sram_shapes.tsv). The flows read it, so np_sram instances are macros.
SYNTH_SRAM_LIB  := synth/np_sram45.lib
SYNTH_SRAM_SRC  := synth/fakeram45.tsv synth/np_sram_shapes.tsv
SYNTH_CONSTR    := synth/abc.constr
SYNTH_STA_SDC   := synth/np_sta.sdc
SYNTH_SCRIPT    := synth/np_synth.tcl
# Tops a unit lists in <unit>_SYNTH_HIER are synthesised by the hierarchical flow instead: each
# module mapped once and summed over its instances, the clock from OpenSTA on the flattened netlist
# re-buffered by ABC, the flat flow's SDC (synth/np_synth_hier.tcl; docs/synthesis.md "Two flows"). For the tops
# whose flat run takes CPU-tens of minutes, built from many copies of a few modules.
SYNTH_HIER_SCRIPT := synth/np_synth_hier.tcl
SYNTH_HIER_TOPS := $(if $(SYNTH_FLAT),,$(foreach u,$(UNITS),$($(u)_SYNTH_HIER)))
# A hierarchical top may list in <top>_SYNTH_HIER_KEEP the modules that stay separate (mapped once)
# while the rest is flattened into the top (NP_KEEP): its other submodules are then mapped with
# the logic around them, as in the flat flow (e.g. a small combinational unit on the critical
# path, whose outputs a separate mapping would treat as arriving at time 0).
# The ABC binary the hierarchical flow re-buffers with (Debian's yosys package installs yosys-abc).
SYNTH_ABC       ?= yosys-abc
SYNTH_PUBLISHED := synth/published.tsv
# Pairs of our own tops the report sets side by side (e.g. DPC beside DSM, no published figures).
SYNTH_COMPARE   := synth/compare.tsv
SYNTH_CLOCK_MHZ ?= 800
# DFF_X1 figures in the liberty (synth/np_libgen.c): clk->Q at the mid load point, setup.
# ABC times only the logic between flops, so a stage adds these two.
SYNTH_CLK_TO_Q_PS := 85
SYNTH_SETUP_PS    := 40
# Parallel yosys runs when `make synth` is not already under a -j job server (at most 2: the
# machine is shared).
SYNTH_JOBS      ?= 2
# A unit may also list synthesis-only tops in <unit>_SYNTH_TOPS (modules, or parameter sets of its
# tops declared in <unit>_PARAM_TOPS, e.g. the PCU's RGR count): synthesised and reported like its
# tops, not verified.
SYNTH_ONLY_TOPS := $(foreach u,$(UNITS),$($(u)_SYNTH_TOPS))
SYNTH_LOGS      := $(foreach t,$(TOPS) $(SYNTH_ONLY_TOPS),$(SYNTH_DIR)/$(t)/yosys.log)
# Tops whose synthesis takes the most CPU (runtime.txt: the routers' by the hierarchical flow from
# make synth-router_mcast / synth-router_base at stop 53, 234.3 and 136.0 CPU s; the others from
# the fresh-clone `make` of 7cff750: 182.6, 158.2, 144.2, 136.7, 71.6 and 62.6 CPU s; the next,
# bdi_decompressor, 50.9): `make` starts their yosys runs first, longest first, so the longest
# job is not the last one (SYNTH_LOGS_LONG_FIRST). Only an order: every top is synthesised
# either way.
SYNTH_LONG_TOPS ?= router_mcast bpc_decompressor sc_decompressor dpc_compressor dpc_decompressor router_base \
                   pcu_n64 bpc_compressor
SYNTH_LOGS_LONG_FIRST := $(foreach t,$(SYNTH_LONG_TOPS),$(filter %/$(t)/yosys.log,$(SYNTH_LOGS))) \
                         $(filter-out $(foreach t,$(SYNTH_LONG_TOPS),%/$(t)/yosys.log),$(SYNTH_LOGS))
SYNTH_UNIT_TOPS := $(foreach u,$(UNITS),$(foreach t,$($(u)_TOPS) $($(u)_SYNTH_TOPS),$(u):$(t)))
NP_REPORT       := $(SYNTH_DIR)/np_report
# Turns each mapping's BLIF into the Verilog netlist OpenSTA times (synth/np_blif2v.c says why).
NP_BLIF2V       := $(SYNTH_DIR)/np_blif2v
NP_LIBGEN       := $(SYNTH_DIR)/np_libgen
NP_SRAMGEN      := $(SYNTH_DIR)/np_sramgen
# Preloaded into every Yosys run (and so into the ABC and OpenSTA it starts): ABC's statistics
# clock read from the vDSO instead of a system call per read (synth/np_coarse_clock.c says why;
# the netlists are byte-identical with and without it). SYNTH_ABC_CLOCK= runs without it.
SYNTH_ABC_CLOCK ?= $(SYNTH_DIR)/np_coarse_clock.so
SIM_SUMMARY     := $(BUILD)/sim/summary.txt

SYNTH_REPORT_ARGS = --synth-dir $(SYNTH_DIR) --verify-dir $(BUILD)/verify \
  --published $(SYNTH_PUBLISHED) --compare $(SYNTH_COMPARE) --liberty $(SYNTH_LIB) \
  --clock-mhz $(SYNTH_CLOCK_MHZ) --clk-to-q-ps $(SYNTH_CLK_TO_Q_PS) --setup-ps $(SYNTH_SETUP_PS)

# Starts a sub-make with -j$(SYNTH_JOBS) unless a job server is already running.
define synth_submake
case "$${MAKEFLAGS:-}" in *jobserver*) jobs= ;; *) jobs=-j$(SYNTH_JOBS) ;; esac; \
$(MAKE) --no-print-directory $$jobs $(1)
endef

.PHONY: synth summary synth-report synth-test synth-liberty synth-liberty-check \
  $(addprefix synth-,$(TOPS) $(SYNTH_ONLY_TOPS))

## synth: synthesise every RTL top to the 45nm liberty estimate model, write and print the report
synth:
	@$(call synth_submake,synth-report)
	@echo "synth: wrote $(SYNTH_DIR)/report.json, $(SYNTH_DIR)/report.md, $(SYNTH_DIR)/summary.txt"
	@cat $(SYNTH_DIR)/report.md

## synth-<top>: synthesise one top and print its report
$(addprefix synth-,$(TOPS) $(SYNTH_ONLY_TOPS)): synth-%: $(SYNTH_DIR)/%/yosys.log $(NP_REPORT) $(SYNTH_PUBLISHED) \
                             $(SYNTH_COMPARE)
	$(NP_REPORT) $(SYNTH_REPORT_ARGS) --json $(SYNTH_DIR)/$*/report.json \
	  --md $(SYNTH_DIR)/$*/report.md $(filter %:$*,$(SYNTH_UNIT_TOPS))
	@cat $(SYNTH_DIR)/$*/report.md

## summary: closing summary of the main job (vectors checked, area, latency, clock vs published)
summary:
	@$(call synth_submake,-s synth-report)
	@echo
	@cat $(SYNTH_DIR)/summary.txt
	@if [ -f $(SIM_SUMMARY) ]; then echo; cat $(SIM_SUMMARY); \
	 else echo; echo "(no system simulation summary: $(SIM_SUMMARY) not found)"; fi

synth-report: $(SYNTH_LOGS) $(NP_REPORT) $(SYNTH_PUBLISHED) $(SYNTH_COMPARE)
	@$(NP_REPORT) $(SYNTH_REPORT_ARGS) --json $(SYNTH_DIR)/report.json \
	  --md $(SYNTH_DIR)/report.md --summary $(SYNTH_DIR)/summary.txt $(SYNTH_UNIT_TOPS)

# One yosys run per top, reading the shared RTL (rtl/common) and its own unit's sources: an edit in
# another unit neither re-synthesises it nor (while half written) breaks it. A unit whose tops
# instantiate another unit's modules lists those files in its <unit>_RTL.
# The log is written under a temporary name and renamed only on success, so an interrupted or
# failed run is never mistaken for a finished one.
SYNTH_FLOW_DEPS := $(SYNTH_LIB) $(SYNTH_SRAM_LIB) $(SYNTH_CONSTR) $(SYNTH_STA_SDC) $(SYNTH_SCRIPT) synth/np_sta.tcl \
  synth/np_env.tcl synth/synth.mk $(SYNTH_HIER_SCRIPT) synth/np_shiftx_map.v synth/np_blif2v.c

# $(call synth_env,top,rtl files,include dirs): what both flows' scripts read besides NP_OUTDIR
# (and the flat flow's NP_NETLIST); synth_flow_env the part that does not depend on the top.
synth_flow_env = $(if $(SYNTH_ABC_CLOCK),LD_PRELOAD=$(abspath $(SYNTH_ABC_CLOCK))) NP_RTL="$(1)" NP_INCDIRS="$(2)" NP_LIB=$(SYNTH_LIB) \
  NP_SRAM_LIB=$(SYNTH_SRAM_LIB) NP_CONSTR=$(SYNTH_CONSTR) NP_STA_SDC=$(SYNTH_STA_SDC) \
  NP_ABC=$(SYNTH_ABC) NP_SHIFTX_MAP=synth/np_shiftx_map.v NP_BLIF2V=$(abspath $(NP_BLIF2V))
synth_env = $(call np_top_env,$(1)) $(call synth_flow_env,$(2),$(3))

# $(call synth_yosys,top,rtl files,include dirs)
# bash's `time` writes runtime.txt (wall and CPU seconds, ABC's child process included); yosys's
# own stderr is passed through on fd 3. The script is the top's flow's (SYNTH_HIER_TOPS); each
# reads the variables it needs (the hierarchical flow writes row.tsv and its netlists into
# NP_OUTDIR).
define synth_yosys
@mkdir -p $(@D)
@echo "synth: $(1) ($(if $(filter $(1),$(SYNTH_HIER_TOPS)),hierarchical,flat) flow, log $@)"
@TIMEFORMAT='wall_s=%3R user_s=%3U sys_s=%3S'; \
if ! { time $(call synth_env,$(1),$(2),$(3)) \
         NP_NETLIST=$(@D)/$(1)_mapped.v NP_OUTDIR=$(@D) $(if $(filter $(1),$(SYNTH_HIER_TOPS)),NP_KEEP="$($(1)_SYNTH_HIER_KEEP)") \
         yosys -q -l $@.tmp -c $(if $(filter $(1),$(SYNTH_HIER_TOPS)),$(SYNTH_HIER_SCRIPT),$(SYNTH_SCRIPT)) \
         2>&3; } 3>&2 2> $(@D)/runtime.txt; then \
  echo "synth: yosys failed for $(1); full log: $@.tmp" >&2; exit 1; \
fi; \
mv $@.tmp $@; \
echo "synth: $(1) done ($$(cat $(@D)/runtime.txt))"
endef

define synth_unit_rules
$(addprefix $(SYNTH_DIR)/,$(addsuffix /yosys.log,$($(1)_TOPS) $($(1)_SYNTH_TOPS))): \
    $(SYNTH_DIR)/%/yosys.log: $(RTL_COMMON) $($(1)_RTL) $(SYNTH_FLOW_DEPS) | $(SYNTH_ABC_CLOCK) $(NP_BLIF2V)
	$$(call synth_yosys,$$*,$(RTL_COMMON) $($(1)_RTL),rtl/common rtl/$(1))
endef
$(foreach u,$(UNITS),$(if $($(u)_TOPS)$($(u)_SYNTH_TOPS),$(eval $(call synth_unit_rules,$(u)))))

# ---- Bounded-time sweeps (docs/synthesis.md "Two flows") -------------------------------------
# A unit may declare a sweep of one parameter over its tops and parameter sets:
#   <unit>_SWEEP       := <top>:<value> ...  the tops and the parameter's value in each
#   <unit>_SWEEP_PARAM := the parameter's column title in the table
#   <unit>_SWEEP_DOC   := where the sweep is described (the table's title names it)
# `make synth-<unit>-hier` synthesises each top by the hierarchical flow (np_synth_hier.tcl: area
# by module, each mapped once and summed over its instances; clock by OpenSTA on the flattened
# netlist re-buffered by ABC) into $(SYNTH_SWEEP_DIR)/<unit>/<top>/, minutes where the flat flow
# takes hours, and tabulates them with the flat rows of $(SYNTH_DIR)/<top>/report.json beside them,
# where those runs exist, in $(SYNTH_SWEEP_DIR)/<unit>/report.{md,json} (synth/np_hier_report.sh).
# SYNTH_HIER_KEEP=<modules> flattens everything but those modules instead (NP_KEEP), into
# $(BUILD)/synth-hier-keep/.
SYNTH_HIER_KEEP ?=
SYNTH_SWEEP_DIR := $(BUILD)/synth-hier$(if $(SYNTH_HIER_KEEP),-keep)
SWEEP_UNITS     := $(foreach u,$(UNITS),$(if $($(u)_SWEEP),$(u)))
sweep_top        = $(firstword $(subst :, ,$(1)))

# `make synth-<unit>-hier-check-flat`: the sweep's timing step run on the flat flow's own mapped
# netlist must give that run's ABC delay, logic levels and OpenSTA stage time. Checks every top of
# the sweep whose flat run exists in $(SYNTH_DIR) (seconds each; a top the main flow synthesises
# hierarchically, whose <top>_mapped.v is its own timed netlist, is skipped); fails if none does.
# The flat figures are read from that run's own log (np_report), not from a report.json that only
# `make synth-<top>` refreshes and that a later `make synth` leaves stale.
define synth_sweep_rules
.PHONY: synth-$(1)-hier synth-$(1)-hier-check-flat
synth-$(1)-hier: $(foreach p,$($(1)_SWEEP),$(SYNTH_SWEEP_DIR)/$(1)/$(call sweep_top,$(p))/row.tsv) \
                 synth/np_hier_report.sh
	bash synth/np_hier_report.sh $(SYNTH_SWEEP_DIR)/$(1) $(SYNTH_DIR) $(SYNTH_CLK_TO_Q_PS) \
	  $(SYNTH_SETUP_PS) $(SYNTH_CLOCK_MHZ) "$($(1)_SWEEP_PARAM)" "$($(1)_SWEEP_DOC)" $($(1)_SWEEP)
	@echo "synth-$(1)-hier: wrote $(SYNTH_SWEEP_DIR)/$(1)/report.md, $(SYNTH_SWEEP_DIR)/$(1)/report.json"
	@cat $(SYNTH_SWEEP_DIR)/$(1)/report.md

# One yosys run per top (its runtime.txt: wall and CPU seconds, ABC included). row.tsv is the
# last thing the script writes; it is removed first, so a failed run leaves no stale row.
$(SYNTH_SWEEP_DIR)/$(1)/%/row.tsv: $(RTL_COMMON) $($(1)_RTL) $(SYNTH_FLOW_DEPS) rtl/$(1)/unit.mk \
    | $(SYNTH_ABC_CLOCK) $(NP_BLIF2V)
	@mkdir -p $$(@D)
	@rm -f $$@
	@echo "synth-$(1)-hier: $$* (yosys, log $$(@D)/yosys.log)"
	@TIMEFORMAT='wall_s=%3R user_s=%3U sys_s=%3S'; \
	if ! { time $$(call synth_env,$$*,$(RTL_COMMON) $($(1)_RTL),rtl/common rtl/$(1)) \
	         NP_KEEP="$(SYNTH_HIER_KEEP)" NP_OUTDIR=$$(@D) \
	         yosys -q -l $$(@D)/yosys.log.tmp -c $(SYNTH_HIER_SCRIPT) 2>&3; \
	     } 3>&2 2> $$(@D)/runtime.txt; then \
	  rm -f $$@; echo "synth-$(1)-hier: yosys failed for $$*; full log: $$(@D)/yosys.log.tmp" >&2; exit 1; \
	fi; \
	mv $$(@D)/yosys.log.tmp $$(@D)/yosys.log; \
	echo "synth-$(1)-hier: $$* done ($$$$(cat $$(@D)/runtime.txt))"

synth-$(1)-hier-check-flat: $(NP_REPORT) | $(SYNTH_ABC_CLOCK) $(NP_BLIF2V)
	@checked=0; \
	for p in $($(1)_SWEEP); do \
	  t=$$$${p%%:*}; net=$(SYNTH_DIR)/$$$$t/$$$${t}_mapped.v; \
	  [ -f $$$$net ] && [ -f $(SYNTH_DIR)/$$$$t/yosys.log ] || continue; \
	  ! grep -qx 'NP-METHOD hier' $(SYNTH_DIR)/$$$$t/yosys.log || continue; \
	  d=$(BUILD)/synth-hier-check/$(1)/$$$$t; mkdir -p $$$$d; rm -f $$$$d/row.tsv; rep=$$$$d/flat.json; \
	  $(NP_REPORT) $$(SYNTH_REPORT_ARGS) --json $$$$rep --md $$$$d/flat.md $(1):$$$$t > /dev/null || exit 1; \
	  NP_TOP=$$$$t $$(call synth_flow_env,$(RTL_COMMON) $($(1)_RTL),rtl/common rtl/$(1)) \
	    NP_STA_NETLIST=$$$$net NP_OUTDIR=$$$$d \
	    yosys -q -l $$$$d/yosys.log -c $(SYNTH_HIER_SCRIPT) > /dev/null || exit 1; \
	  flat_d=$$$$(sed -n 's/.*"abc_delay_ps":[[:space:]]*\([0-9.]*\).*/\1/p' $$$$rep); \
	  flat_l=$$$$(sed -n 's/.*"logic_levels":[[:space:]]*\([0-9]*\).*/\1/p' $$$$rep); \
	  got_d=$$$$(awk -F '\t' '$$$$1 == "abc_delay_ps" { print $$$$2 }' $$$$d/row.tsv); \
	  got_l=$$$$(awk -F '\t' '$$$$1 == "logic_levels" { print $$$$2 }' $$$$d/row.tsv); \
	  flat_s=$$$$(sed -n 's/^[[:space:]]*"stage_ps":[[:space:]]*\([0-9.]*\).*/\1/p' $$$$rep | head -n 1); \
	  got_s=$$$$(awk -F '\t' '$$$$1 == "sta_stage_ps" { print $$$$2 }' $$$$d/row.tsv); \
	  echo "synth-$(1)-hier-check-flat: $$$$t flat run $$$$flat_d ps $$$$flat_l levels stage $$$$flat_s ps, timing step $$$$got_d ps $$$$got_l levels stage $$$$got_s ps"; \
	  awk -v a="$$$$flat_d" -v b="$$$$got_d" -v c="$$$$flat_l" -v e="$$$$got_l" -v s="$$$$flat_s" -v g="$$$$got_s" \
	    'BEGIN { exit !(a != "" && b != "" && a - b < 0.006 && b - a < 0.006 && c == e && s != "" && s - g < 0.006 && g - s < 0.006) }' || \
	    { echo "synth-$(1)-hier-check-flat: FAIL $$$$t: the timing step does not reproduce $$$$rep" >&2; exit 1; }; \
	  checked=$$$$((checked + 1)); \
	done; \
	[ $$$$checked -gt 0 ] || { echo "synth-$(1)-hier-check-flat: no flat run in $(SYNTH_DIR) (make synth-<top> of a top in $(1)_SWEEP)" >&2; exit 1; }; \
	echo "synth-$(1)-hier-check-flat: PASS $$$$checked tops"
endef
$(foreach u,$(SWEEP_UNITS),$(eval $(call synth_sweep_rules,$(u))))

$(NP_REPORT): synth/np_report.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $(NP_CJSON_CFLAGS) $< -o $@ $(NP_CJSON_LIBS) -lm

# Order-only for the runs (their results depend on its source, in SYNTH_FLOW_DEPS).
$(NP_BLIF2V): synth/np_blif2v.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $< -o $@

# Order-only for the runs: their results do not depend on it.
$(SYNTH_DIR)/np_coarse_clock.so: synth/np_coarse_clock.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CSTD) $(CWARN) -O2 -shared -fPIC $< -o $@ -ldl

$(NP_LIBGEN): synth/np_libgen.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $< -o $@

$(NP_SRAMGEN): synth/np_sramgen.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $< -o $@ -lm

## synth-liberty: regenerate synth/nangate45_np.lib and synth/np_sram45.lib from their generators
synth-liberty: $(NP_LIBGEN) $(NP_SRAMGEN)
	$(NP_LIBGEN) > $(SYNTH_LIB).tmp && mv $(SYNTH_LIB).tmp $(SYNTH_LIB)
	$(NP_SRAMGEN) $(SYNTH_SRAM_SRC) > $(SYNTH_SRAM_LIB).tmp && mv $(SYNTH_SRAM_LIB).tmp $(SYNTH_SRAM_LIB)

## synth-liberty-check: fail if either liberty differs from what its generator writes
synth-liberty-check: $(NP_LIBGEN) $(NP_SRAMGEN)
	$(NP_LIBGEN) | diff -u $(SYNTH_LIB) - 
	$(NP_SRAMGEN) $(SYNTH_SRAM_SRC) | diff -u $(SYNTH_SRAM_LIB) -
	@echo "synth-liberty-check: $(SYNTH_LIB) matches synth/np_libgen.c, $(SYNTH_SRAM_LIB) synth/np_sramgen.c"

## synth-test: the synthesis flows and report generator on small designs, good and malformed logs
synth-test: $(NP_REPORT) $(NP_LIBGEN) $(NP_BLIF2V)
	NP_BLIF2V=$(abspath $(NP_BLIF2V)) bash synth/test_synth.sh $(SYNTH_DIR)/test $(NP_REPORT) $(NP_LIBGEN)
	bash synth/test_synth_hier.sh $(SYNTH_DIR)/test-hier $(SYNTH_ABC) $(NP_REPORT)

## synth-groups: the worst stage of each register of a synthesised top, by name (GROUPS_TOP=<top>, default mcast_rc; synthesises it first): what is late after its critical path
GROUPS_TOP ?= mcast_rc
.PHONY: synth-groups
synth-groups:
	@$(MAKE) --no-print-directory synth-$(GROUPS_TOP) > /dev/null
	@bash synth/np_sta_groups.sh $(SYNTH_DIR)/$(GROUPS_TOP)/$(GROUPS_TOP)_mapped.v $(GROUPS_TOP) \
	  $(SYNTH_LIB) $(SYNTH_STA_SDC) $(SYNTH_SRAM_LIB)

## synth-clock-noise: how far an equivalent change moves a top's clock figure (NOISE_TOP=<top>, default mcast_rc; 24 mappings)
NOISE_TOP  ?= mcast_rc
noise_unit  = $(firstword $(subst :, ,$(filter %:$(NOISE_TOP),$(SYNTH_UNIT_TOPS))))
.PHONY: synth-clock-noise
# The flat flow's environment (synth_env), the SRAM macros' liberty included, so the unperturbed
# run repeats the flow's mappings.
synth-clock-noise: $(NP_BLIF2V) | $(SYNTH_ABC_CLOCK)
	@[ -n "$(noise_unit)" ] || { echo "synth-clock-noise: $(NOISE_TOP) is not a top" >&2; exit 1; }
	$(call synth_env,$(NOISE_TOP),$(RTL_COMMON) $($(noise_unit)_RTL),rtl/common rtl/$(noise_unit)) \
	  bash synth/np_clock_noise.sh $(SYNTH_DIR)/noise/$(NOISE_TOP) $(NOISE_TOP)
