# nocpress: top-level build. Every directory contributes a fragment (<dir>/<dir>.mk); a unit is
# registered by adding its name to UNITS and a rtl/<unit>/unit.mk that lists its RTL tops.
# `make help` lists the targets.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := all
MAKEFLAGS += --no-builtin-rules

BUILD    ?= build
DATA_DIR ?= ../shared/data/lines
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)

# Units: one declaration each, rtl/<unit>/unit.mk (README "Adding a unit" lists what it
# defines). A unit is a folder of rtl/ with a unit.mk; every list of units, tops, vectors,
# SystemC tops and harness variants below and in the fragments is derived from them.
UNITS := $(patsubst rtl/%/unit.mk,%,$(sort $(wildcard rtl/*/unit.mk)))
include $(foreach u,$(UNITS),rtl/$(u)/unit.mk)
TOPS     := $(foreach u,$(UNITS),$($(u)_TOPS))
RTL_COMMON := $(sort $(wildcard rtl/common/*.v))
RTL_ALL  := $(sort $(RTL_COMMON) $(foreach u,$(UNITS),$($(u)_RTL)))
# Parameter-set tops: a top that is another module with other parameter values, declared in its
# unit as <unit>_PARAM_TOPS := name:module:Name=Value[,Name=Value...] (e.g. pcu_n64:pcu:NumRgr=64),
# no wrapper file. Linted and synthesised under its name like any top (synth/np_env.tcl elaborates
# the module with those values and renames it); np_top_module / np_top_params give a top's module
# and its Name=Value list (a plain top is its own module with none).
PARAM_TOPS := $(strip $(foreach u,$(UNITS),$($(u)_PARAM_TOPS)))
np_comma := ,
np_param_top   = $(subst :, ,$(filter $(1):%,$(PARAM_TOPS)))
np_top_module  = $(or $(word 2,$(call np_param_top,$(1))),$(1))
np_top_params  = $(subst $(np_comma), ,$(word 3,$(call np_param_top,$(1))))
# The environment the synthesis scripts read to elaborate a top (synth/np_env.tcl np_hierarchy_cmd).
np_top_env     = NP_TOP=$(1) NP_MODULE=$(filter-out $(1),$(call np_top_module,$(1))) NP_PARAMS="$(call np_top_params,$(1))"

# glibc's malloc backs its heap with transparent huge pages (the tunable madvises them; the kernel's
# THP mode is madvise on Debian): the tools that build large pointer structures spend less time on
# TLB misses and page faults. One variable for every recipe, outputs unchanged (Verilator's C++ and
# Yosys + ABC's netlists byte-identical with and without it). Measured (CPU s, without -> with):
# verilating dpc_decompressor 11.8 -> 8.5 (two runs each, load 2.4), prove-bdi 69.7 -> 60.2 (load
# 2), prove-dpc's quick set 115.8 -> 97.6 (load 4-5); short processes, the harnesses' runs and
# clang++ the same. A GLIBC_TUNABLES that already names it is left as it is.
ifeq ($(findstring glibc.malloc.hugetlb,$(GLIBC_TUNABLES)),)
export GLIBC_TUNABLES := $(if $(GLIBC_TUNABLES),$(GLIBC_TUNABLES):)glibc.malloc.hugetlb=1
endif

# C toolchain shared by every fragment.
CC       ?= cc
CSTD     := -std=c11
CWARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Werror
COPT     ?= -O2
CFLAGS_NP := $(CSTD) $(CWARN) $(COPT) -g -Icmodel/include
# The sanitized builds (make test's ASan+UBSan programs) at -O1, the level the sanitizers' own
# documentation suggests: after CFLAGS on every compile line, so it replaces their -O2. Building
# lib-san, sim's objects and the test programs took 80 CPU s against 130 at -O2 (two runs each,
# `make -j2` of test-c-build's san part and the sim tests), and `make test-c sim-test apps-test`
# with every run included 292 against 377. The run-times are linked statically (-static-libasan
# -static-libubsan; the same run-time code, ignored on compile lines): a sanitized process no
# longer relocates libasan and libubsan at every start, and make test starts thousands (the CLI
# tests' 1,318): `nocpress --help` with leak checks 104 -> 78 ms CPU (100 runs each), test-c's 19
# sanitized programs 116.0 -> 105.3 CPU s (two interleaved runs each, load 4.5-8.7).
# -DNP_NO_AVX512: the sanitized build runs the AVX2 twins of the AVX-512 paths (np_cpu.h), which
# the plain build on an AVX-512 machine does not.
SAN_FLAGS := -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer -static-libasan \
             -static-libubsan -DNP_NO_AVX512

include cmodel/cmodel.mk
include tests/tests.mk
include vectors/vectors.mk
include verilator_tb/verilator_tb.mk
include verilator_tb/systemc/systemc.mk
include synth/synth.mk
include tests/formal/formal.mk
include sim/sim.mk
include sim/paper/paper.mk
include apps/apps.mk

.PHONY: all test test-profile deps help clean lint $(UNITS)

## all: the main job: install missing tools, build, verify RTL against the C model, synthesise, summarise
# Verification and the yosys runs share one job pool (they are independent); the synthesis report
# (which reads verify's latency logs), the system simulation (which reads the report) and the
# summary follow. Each phase prints its wall and CPU time (np_phase). The first phase's output is
# synchronised by line, not by target: a synthesis run prints "synth: TOP (... flow)" when it
# starts and "synth: TOP done (wall ...)" when it ends, and with --output-sync=target both waited
# for the end, so the two longest runs (started first) kept the log silent for ~25 minutes.
all: deps
	@$(call np_phase,make: build + verify + synthesis,-k -j$(JOBS) --output-sync=line VERIFY_PREBUILD=1 \
	  $(SYNTH_LOGS_LONG_FIRST) cmodel verify)
	@$(call np_phase,make: synthesis report,synth)
	@$(call np_phase,make: system simulation,sim)
	@$(MAKE) --no-print-directory summary

## test: every test: C unit tests (plain and sanitized), install + pkg-config build, vectors, lint, RTL equivalence, Icarus replay, SystemC model vs rtl, proofs, simulator tests, fuzzing (fuzz-test)
# Two phases, each timed (wall and CPU, printed in the log). 1: every stage that needs no other
# stage's results, one make JOBS at a time so no core idles on a stage's tail; the harnesses are
# built by that make (VERIFY_PREBUILD=1), so the self-tests reuse them, and it builds the second
# phase's programs too. Fuzzing is in it (fuzz-test: a fixed number of inputs per target, so its
# effort does not depend on what else runs), its runs last, to fill the cores the long stages
# leave idle. 2: SystemC model vs rtl, which reads verify's latency logs.
# Listed longest jobs first (make starts goals in this order), so short ones fill the pool's end:
# verify's builds and runs, the proofs (DPC's quick set is one 150 CPU s job), the SystemC models
# (about 40 CPU s each), Icarus (bpc_compressor's replay 40 CPU s), then the many short stages.
TEST_PHASE1 := verify prove systemc verify-iverilog test-c lint install-test apps-test vectors-check \
  verify-selftest synth-liberty-check synth-test published-check template-test sim-test fuzz-test
test: deps
	@export NP_T0=$$(date +%s); \
	$(call np_phase,make test: checks,-k -j$(JOBS) --output-sync=target NP_PROVE_QUICK=1 VERIFY_PREBUILD=1 \
	  $(addprefix stage-done-,$(TEST_PHASE1)))
	@$(call np_phase,make test: verify-systemc,verify-systemc)
	@echo "make test: all stages passed"

## test-profile: make test with every recipe line's CPU time logged, then the CPU seconds by kind (where make test's time goes; run it on a fresh clone: a built tree has nothing left to build)
# The log is build/test-profile/recipes.tsv; tests/recipe_time_report.awk sums it by kind.
TEST_PROFILE_LOG := $(BUILD)/test-profile/recipes.tsv
test-profile:
	@mkdir -p $(dir $(TEST_PROFILE_LOG)) && rm -f $(TEST_PROFILE_LOG)
	NP_RECIPE_LOG=$(abspath $(TEST_PROFILE_LOG)) $(MAKE) --no-print-directory test SHELL=$(CURDIR)/tests/recipe_time_shell.sh
	@awk -v root=$(CURDIR) -f tests/recipe_time_report.awk $(TEST_PROFILE_LOG)

# In a phase's pool each stage prints when it finished, counted from NP_T0 (the phase's start).
.PHONY: $(addprefix stage-done-,$(TEST_PHASE1))
$(addprefix stage-done-,$(TEST_PHASE1)): stage-done-%: %
	@echo "make test: $* passed at +$$(( $$(date +%s) - $${NP_T0:-$$(date +%s)} )) s"

# $(call np_phase,name,make arguments): one phase of `make` or `make test`; prints
# "<name>: wall W s, cpu U+S s" (bash's time: the CPU of every process the phase ran).
np_phase = TIMEFORMAT='$(1): wall %R s, cpu %U+%S s'; time $(MAKE) --no-print-directory $(2)

# A recursive make joins the caller's job server when there is one, else runs JOBS at a time.
NP_SUBMAKE_J = $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS))

## deps: install missing Debian packages (apt-get as root, otherwise print the command)
deps:
	@bash .ci/deps.sh

## lint: Verilator -Wall, Yosys and Icarus over every RTL top (verified and synthesis-only)
# <unit>_LINT_TOPS: tops linted without being in make synth (the router's separable-VA set,
# router_k2_sep: docs/router.md 7).
LINT_TOPS := $(TOPS) $(SYNTH_ONLY_TOPS) $(filter-out $(SYNTH_ONLY_TOPS),$(foreach u,$(UNITS),$($(u)_LINT_TOPS)))
lint: $(addprefix lint-tools-,$(LINT_TOPS)) lint-yosys
	@echo "lint: $(words $(LINT_TOPS)) tops clean (verilator -Wall, yosys, iverilog -Wall)"

# Verilator and Icarus, one target per top, so `make -jN lint` checks N tops at once; Yosys
# (tests/lint_yosys.sh) reads the RTL once for every top beside them.
# A parameter-set top is its module with the set's values (-G, -P).
lint-tools-%:
	@verilator --lint-only -Wall -Irtl/common $(foreach u,$(UNITS),-Irtl/$(u)) $(RTL_ALL) \
	  --top-module $(call np_top_module,$*) $(addprefix -G,$(call np_top_params,$*))
	@out=$$(iverilog -g2005 -Wall -o /dev/null -s $(call np_top_module,$*) \
	  $(addprefix -P$(call np_top_module,$*).,$(call np_top_params,$*)) $(RTL_ALL) 2>&1) || { echo "$$out"; exit 1; }; \
	  if [ -n "$$out" ]; then echo "$$out"; echo "lint: iverilog warnings in $*"; exit 1; fi
	@echo "lint: $* clean (verilator -Wall, iverilog -Wall)"

.PHONY: lint-yosys
lint-yosys:
	@bash tests/lint_yosys.sh $(BUILD)/lint/yosys.log "$(RTL_ALL)" $(foreach t,$(LINT_TOPS),$(call np_lint_spec,$(t)))

# One top, all three tools.
lint-%: lint-tools-%
	@bash tests/lint_yosys.sh $(BUILD)/lint/yosys-$*.log "$(RTL_ALL)" $(call np_lint_spec,$*)

# tests/lint_yosys.sh's form of a top: name, or name:module:Name=Value,... for a parameter set.
np_lint_spec = $(or $(filter $(1):%,$(PARAM_TOPS)),$(1))

## template-test: add a throw-away unit + codec from the template in a copy of the tree; every consumer must pick it up
# (tests/unit_template/, README "Adding a unit"). It reuses this build's objects (copied), so it
# costs the new unit's own builds: its harness, its synthesis, a library relink.
.PHONY: template-test
template-test: $(NOCPRESS) $(NPSIM) $(TB_COMMON_LIB) $(VL_RT_LIB) $(call vl_model_pch,tb,$(VL_FAST_OPT))
	@bash tests/unit_template/test_template.sh $(BUILD) $(DATA_DIR)

# Per-unit targets: `make dsm` builds, verifies and synthesises one unit's tops.
$(UNITS): %: cmodel
	$(MAKE) --no-print-directory $(foreach t,$($*_TOPS),verify-$(t) synth-$(t))

## clean: remove build outputs
clean:
	rm -rf $(BUILD)

## help: this list
help:
	@grep -hE '^## ' $(MAKEFILE_LIST) | sed 's/^## /  make /'
	@echo
	@echo "  Per unit (make <unit>: verify + synthesise its tops): $(UNITS)"
	@echo "  Per top: make verify-<top>, verify-long-<top>, verify-selftest-<top>, verify-iverilog-<top>, synth-<top>, lint-<top>"
	@echo "    tops: $(TOPS)"
	@echo "    synthesis-only tops: $(strip $(SYNTH_ONLY_TOPS))"
	@echo "  Proofs per unit: make prove-<unit> ($(strip $(FORMAL_UNITS)))"
	@echo "  Tools (after make cmodel / make npsim): build/bin/nocpress --help, build/bin/npsim --help (its commands and"
	@echo "    configuration keys: npsim help, npsim help-config), build/bin/codec_bench --help"
