# RTL verification against the C model (verilator_tb/README.md).
#   verify              every top in TOPS, VERIFY_COUNT lines each (logs in $(BUILD)/verify/)
#   verify-<top>        one top
#   verify-long         VERIFY_LONG_COUNT lines per top and per parameter variant
#   verify-variants     the non-default parameter sets (TB_VARIANTS), VERIFY_VARIANT_COUNT lines
#   verify-selftest     proves the checkers fail: injected mismatch, hang, stale and bad vectors
#   verify-iverilog     Icarus replay of the golden vectors (no C model, no Verilator)
# A top <t> of unit <u> needs verilator_tb/<t>_tb.cpp, verilator_tb/iverilog/<t>_tb.v and
# vectors/<u>/<t>.hex; nothing here changes when a unit is added. A unit may also list in
# <u>_TB_TOPS tops whose harness has a model of its own and no nocpress golden vectors (no Icarus
# replay, no vector self-tests: the router, checked against npsim's router code); <u>_TB_LIBS,
# <u>_TB_CFLAGS and <u>_TB_LDFLAGS name the libraries, include and link options such a harness
# needs beyond the C model. <u>_TB_VLFLAGS adds Verilator options for the unit's harness builds
# (e.g. -fno-dfg where Verilator's DFG pass makes slower code; the unit says why).
# verify and verify-long run them beside TOPS. <top>_VERIFY_COUNT and <top>_VERIFY_LONG_COUNT
# replace VERIFY_COUNT and VERIFY_LONG_COUNT for a top whose unit of count costs far more than
# a line (the router mesh: a flit offered to 16 routers; sc_decompressor: 19 cycles of 96
# positions' length decoders; the unit says why). <top>_VERIFY_VECTORS
# names a vector file such a harness replays before its own traffic (--vectors; the router's,
# which npsim writes: vectors.mk <unit>_VECTORS_NPSIM).
# What a unit's harnesses share (its stimulus, an adapter two tops use) is in files named after
# the unit beside them, verilator_tb/<u>_*.h and verilator_tb/<u>_*.cpp (not <top>_tb.cpp; a unit
# name has no '_', so the prefix is the unit's alone): the .cpp files are compiled once per unit
# into build/vl/unit/<u>/libnptb_<u>.a, with the unit's <u>_TB_CFLAGS but no variant's defines
# (a parameter reaches that code as an argument), and linked into each of its harnesses.
# verilator_tb/common/ holds only what every unit may use.

NP_LIB ?= $(BUILD)/lib/libnocpress.a

VERIFY_COUNT         ?= 1000000
VERIFY_LONG_COUNT    ?= 100000000
VERIFY_VARIANT_COUNT ?= 200000
VERIFY_SEED          ?= 20240601
# VERIFY_ARGS: extra harness options, e.g. VERIFY_ARGS='--no-stall' (see <binary> --help).
VERIFY_ARGS          ?=

# Parameter variants besides each top's defaults, as <top>:<name>; a name maps to Verilator
# -G overrides and to the harness define that tells the adapter (docs/dsm.md 1: LaneBytes 128).
# The golden vectors hold the default parameters only, so variants run without them.
# Each unit declares its variants and their flags (rtl/<unit>/unit.mk: <unit>_TB_VARIANTS,
# TB_VARIANT_VLFLAGS_<name>, TB_VARIANT_CFLAGS_<name>).
TB_VARIANTS ?= $(strip $(foreach u,$(UNITS),$($(u)_TB_VARIANTS)))

VL_DIR      := $(BUILD)/vl
VERIFY_DIR  := $(BUILD)/verify
IV_DIR      := $(BUILD)/iverilog
TB_LIB_DIR  := $(VL_DIR)/common

TB_COMMON_SRC := $(sort $(wildcard verilator_tb/common/*.cpp))
TB_COMMON_HDR := $(sort $(wildcard verilator_tb/common/*.h))
TB_COMMON_OBJ := $(patsubst verilator_tb/common/%.cpp,$(TB_LIB_DIR)/%.o,$(TB_COMMON_SRC))
TB_COMMON_LIB := $(TB_LIB_DIR)/libnptb.a
TB_UNIT_DIR := $(VL_DIR)/unit
tb_unit_src = $(filter-out %_tb.cpp,$(wildcard verilator_tb/$(1)_*.cpp))
tb_unit_hdr = $(wildcard verilator_tb/$(1)_*.h)
tb_unit_obj = $(patsubst verilator_tb/%.cpp,$(TB_UNIT_DIR)/$(1)/%.o,$(call tb_unit_src,$(1)))
tb_unit_lib = $(if $(call tb_unit_src,$(1)),$(TB_UNIT_DIR)/$(1)/libnptb_$(1).a)
# What the Icarus benches `include: the shared machinery (tb_util.vh, tb_stream.vh) and the
# bodies shared by tops with the same bench (ba_tag_tb.vh, mcast_rc_tb.vh).
TB_IV_INCLUDES := $(sort $(wildcard verilator_tb/iverilog/*.vh))

TB_CXX      ?= g++
TB_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -Werror -Icmodel/include -Iverilator_tb/common
# The Verilated models (Verilator's generated C++ with the harness main it is given, and the
# precompiled header they use) are compiled by clang (Debian's, already a test dependency for
# libFuzzer), and so is the Verilator run-time (below); the harness libraries stay with TB_CXX
# (same C++ ABI, libstdc++).
# Measured on seven tops (one compile job each, the same PCH scheme, machine loaded): the models
# built in 79.4 CPU s against 105.1 with g++ (dpc_decompressor 24.9 -> 17.1, latte_tags 18.3 ->
# 11.5, router_mcast 22.9 -> 16.5, pcu 17.7 -> 11.0; ba_tag_lru 5.3 -> 7.7 the one loss), and
# their runs of 10^5 lines were as fast or faster (dpc_decompressor 2.3-2.6 -> 1.8-1.9 CPU s,
# router_mcast 1.4-2.0 -> 0.9-1.3, sc_decompressor 1.6-1.9 -> 1.0-1.1, the others within 10 %).
# VL_MODEL_CXX=g++ builds them as before.
VL_MODEL_CXX ?= clang++

# At most two compile jobs (shared 2-core machine). Under `make -jN` the Verilator sub-make
# joins the parent's job server instead, so the total stays at N.
VL_JOBS    ?= $(if $(filter 1,$(JOBS)),1,2)
VL_MAKE_J   = $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(VL_JOBS))
# Verilator's generated makefile prints every compile and an "Archive" line: silenced (its
# standard output only; errors and warnings still show) unless V=1.
VL_SUBMAKE_QUIET = $(if $(filter 1,$(V)),,-s >/dev/null)
VL_OPT     ?= -O2
# The models' per-cycle ("fast") code at -O1: dpc_compressor's compiles in 9.1 CPU s instead of
# 13.4 at -O2 and its run executes 2.5% more instructions (callgrind, 20000 lines), so every top
# of make verify saves about 4 s of its build for well under a second of simulation.
VL_FAST_OPT ?= -O1
VL_FLAGS   := --cc --exe -Wall --assert --trace-fst -O3 --x-assign unique --x-initial unique
VL_CFLAGS  := -std=c++17 -O2 -I$(CURDIR)/cmodel/include -I$(CURDIR)/verilator_tb/common

# The Verilator run-time (verilated.cpp, FST writer, threads) is the same for every top: it is
# compiled once here, with the defines the generated makefiles use, and linked into each
# harness; the per-top sub-make is told not to compile its own copy (VM_GLOBAL_FAST=). The FST
# writer needs zlib after it on the link line (-LDFLAGS -lz). Compiled by VL_MODEL_CXX: its three
# files took 12.2 CPU s with clang++ against 18.1 with g++ (one compile each, load 12).
# Asked once per make test, not at every make's start (~20 per make test, 0.16 CPU s each: the
# verilator wrapper is a Perl script): the first make exports it to the makes below it.
ifeq ($(origin NP_VL_ROOT),undefined)
NP_VL_ROOT     := $(shell verilator --getenv VERILATOR_ROOT 2>/dev/null)
export NP_VL_ROOT
endif
VL_ROOT        := $(NP_VL_ROOT)
VL_RT_DIR      := $(VL_DIR)/runtime
VL_RT_SRC      := verilated verilated_fst_c verilated_threads
VL_RT_LIB      := $(VL_RT_DIR)/libverilated_rt.a
VL_RT_CXXFLAGS := -std=c++17 $(VL_OPT) -faligned-new -I$(VL_ROOT)/include -I$(VL_ROOT)/include/vltstd \
                  -DVM_COVERAGE=0 -DVM_SC=0 -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 -w

# Unit of each top; vector file, build directory and harness binary of a build id (a top, or
# <top>-<variant>).
$(foreach u,$(UNITS),$(foreach t,$($(u)_TOPS) $($(u)_TB_TOPS),$(eval TB_UNIT_$(t) := $(u))))
TB_ONLY_TOPS := $(foreach u,$(UNITS),$($(u)_TB_TOPS))
VERIFY_TOPS  := $(TOPS) $(TB_ONLY_TOPS)
tb_vectors = vectors/$(TB_UNIT_$(1))/$(1).hex
tb_binary  = $(VL_DIR)/$(1)/V$(2)_tb
TB_VARIANT_IDS := $(foreach v,$(TB_VARIANTS),$(subst :,-,$(v)))

.PHONY: verify verify-tops verify-long verify-variants verify-selftest verify-iverilog verify-build \
        $(foreach i,$(VERIFY_TOPS) $(TB_VARIANT_IDS),verify-$(i) verify-long-$(i)) \
        $(foreach t,$(TOPS),verify-iverilog-$(t) verify-selftest-$(t))

## verify: RTL vs C model, every top, VERIFY_COUNT (1e6) lines each with random stalls; logs in build/verify/
# Runs the per-top builds and simulations two at a time (or within the caller's -jN), keeps
# going past a failing top (-k) so every top gets a verdict, and reports the wall time, builds
# included. VERIFY_PREBUILD=1 (make test, make all): the calling make builds every harness first
# in its own job pool, beside other stages that use the same binaries (self-tests), so no two
# makes ever build one binary.
verify: $(if $(VERIFY_PREBUILD),verify-build-tops)
	@rm -f $(foreach t,$(VERIFY_TOPS),$(VERIFY_DIR)/$(t).log)
	@start=$$(date +%s%N); status=0; \
	$(MAKE) --no-print-directory --output-sync=target -k $(VL_MAKE_J) verify-tops || status=$$?; \
	ms=$$(( ($$(date +%s%N) - start) / 1000000 )); \
	echo "verify: summary (seed=$(VERIFY_SEED); replay one top: make verify-<top> VERIFY_SEED=$(VERIFY_SEED))"; \
	for t in $(VERIFY_TOPS); do \
	  grep -hsE '^(PASS|LATENCY|THROUGHPUT|STATS|MISMATCH|PROTOCOL|TIMEOUT|ASSERTION|STALE|ERROR|FAIL) ' \
	    $(VERIFY_DIR)/$$t.log | cut -c1-200 || echo "verify-$$t: no log (build failed?)"; \
	done; \
	printf 'verify: %d tops x %s lines %s, wall time %d.%03d s $(if $(VERIFY_PREBUILD),after,including) builds\n' \
	  $(words $(VERIFY_TOPS)) $(VERIFY_COUNT) "$$([ $$status -eq 0 ] && echo passed || echo FAILED)" \
	  $$((ms / 1000)) $$((ms % 1000)); \
	exit $$status

verify-tops: $(foreach t,$(VERIFY_TOPS),verify-$(t))

## verify-long: VERIFY_LONG_COUNT (1e8) lines per top and per parameter variant (hours)
verify-long: $(foreach i,$(VERIFY_TOPS) $(TB_VARIANT_IDS),verify-long-$(i))

## verify-variants: the non-default parameter sets (TB_VARIANTS: DSM LaneBytes=128, BA 4-way), VERIFY_VARIANT_COUNT lines each
verify-variants: $(foreach i,$(TB_VARIANT_IDS),verify-$(i))

## verify-selftest: the harnesses must fail on an injected mismatch, a hang, stale or malformed vectors
verify-selftest: $(foreach t,$(TOPS),verify-selftest-$(t)) verify-selftest-engine verify-registers
	@echo "verify-selftest: every check failed when it had to, for $(strip $(TOPS)), the two-stream engine fixture and the shared registers"

## verify-registers: Icarus bench of the shared pipeline registers; their two checks must fire on broken streams
.PHONY: verify-registers
verify-registers:
	@bash verilator_tb/run_registers.sh $(VERIFY_DIR)/registers $(RTL_COMMON)

# The engine's multi-stream path, on a fixture (verilator_tb/fixture/): no unit uses it yet.
TB_FIXTURE_DIR := $(VL_DIR)/fixture-two_stream
TB_FIXTURE_BIN := $(TB_FIXTURE_DIR)/Vtwo_stream_tb

.PHONY: verify-selftest-engine
verify-selftest-engine: $(TB_FIXTURE_BIN)
	@bash verilator_tb/selftest.sh two_stream $(TB_FIXTURE_BIN) - $(DATA_DIR) $(VERIFY_DIR)/selftest ""

$(TB_FIXTURE_BIN): verilator_tb/fixture/two_stream.v verilator_tb/fixture/two_stream_tb.cpp \
                   $(RTL_COMMON) $(TB_COMMON_HDR) $(TB_COMMON_LIB) $(VL_RT_LIB) verilator_tb/skip_ico.sh \
                   $(call vl_model_pch,tb,$(VL_FAST_OPT))
	@mkdir -p $(@D)
	$(Q)$(call np_say,VL,two_stream)verilator $(VL_FLAGS) --top-module two_stream -Mdir $(@D) -o Vtwo_stream_tb -Irtl/common \
	  -CFLAGS "$(VL_CFLAGS)" $(RTL_COMMON) verilator_tb/fixture/two_stream.v \
	  $(CURDIR)/verilator_tb/fixture/two_stream_tb.cpp \
	  $(abspath $(TB_COMMON_LIB)) $(abspath $(VL_RT_LIB)) -LDFLAGS -lz
	$(Q)bash verilator_tb/skip_ico.sh $(@D) Vtwo_stream
	$(Q)rm -f $@
	$(Q)$(call np_say,CXX-LD,$@)$(MAKE) --no-print-directory -C $(@D) -f Vtwo_stream.mk $(VL_MAKE_J) \
	  $(call vl_model_make_args,tb,$(VL_FAST_OPT)) Vtwo_stream_tb $(VL_SUBMAKE_QUIET)

## verify-iverilog: Icarus replay of vectors/<unit>/<top>.hex for every top (no C model needed)
verify-iverilog: $(foreach t,$(TOPS),verify-iverilog-$(t))

## verify-build: build the Verilator harness of every top and variant
verify-build: verify-build-tops \
              $(foreach v,$(TB_VARIANTS),$(call tb_binary,$(subst :,-,$(v)),$(firstword $(subst :, ,$(v)))))

# The harnesses `make verify` runs (default parameters).
.PHONY: verify-build-tops
verify-build-tops: $(foreach t,$(VERIFY_TOPS),$(call tb_binary,$(t),$(t)))

# ---- shared harness library and Verilator run-time --------------------------------------------
$(TB_LIB_DIR)/%.o: verilator_tb/common/%.cpp
	@mkdir -p $(@D)
	$(Q)$(call np_say,CXX,$@)$(TB_CXX) $(TB_CXXFLAGS) -MMD -MP -c $< -o $@

$(TB_COMMON_LIB): $(TB_COMMON_OBJ)
	$(Q)$(call np_say,AR,$@)rm -f $@ && ar rcs $@ $^

# ---- each unit's harness library (verilator_tb/<unit>_*.cpp) ---------------------------------------
define TB_UNIT_LIB_RULES
$(call tb_unit_obj,$(1)): $(TB_UNIT_DIR)/$(1)/%.o: verilator_tb/%.cpp
	@mkdir -p $$(@D)
	$$(Q)$$(call np_say,CXX,$$@)$$(TB_CXX) $$(TB_CXXFLAGS) $$($(1)_TB_CFLAGS) -MMD -MP -c $$< -o $$@

$(call tb_unit_lib,$(1)): $(call tb_unit_obj,$(1))
	$$(Q)$$(call np_say,AR,$$@)rm -f $$@ && ar rcs $$@ $$^
endef
$(foreach u,$(UNITS),$(if $(call tb_unit_src,$(u)),$(eval $(call TB_UNIT_LIB_RULES,$(u)))))

$(VL_RT_DIR)/%.o: $(VL_ROOT)/include/%.cpp
	@mkdir -p $(@D)
	$(Q)$(call np_say,CXX,$@)$(VL_MODEL_CXX) $(VL_RT_CXXFLAGS) -c $< -o $@

$(VL_RT_LIB): $(patsubst %,$(VL_RT_DIR)/%.o,$(VL_RT_SRC))
	$(Q)$(call np_say,AR,$@)rm -f $@ && ar rcs $@ $^

# ---- what every Verilated model's build shares ----------------------------------------------------
# A precompiled header per model flavour (tb: the harness models, verilator_tb/vl_pch.h, which
# the SystemC rtl forms link too) and per -O level the model files are compiled at (a PCH is
# used only under the options it was made with): a small generated file took 0.72 CPU s, 0.14
# with it, over ~290 harness files. The flags are those Verilator's generated makefiles
# (verilated.mk) use for the flavour's defines. Both compilers find pch.h.gch beside the
# -include'd pch.h; GCC reports a PCH it cannot use (-Winvalid-pch) and parses the headers as
# before, clang stops with an error naming the file (e.g. after a clang upgrade: make clean).
# One folder per model compiler: a build tree made with another compiler (g++ before VL_MODEL_CXX
# was clang++) gets its own PCH instead of stopping on the other's.
VL_PCH_DIR       := $(VL_DIR)/pch/$(notdir $(VL_MODEL_CXX))
VL_CFG_NO_UNUSED := $(shell sed -n 's/^CFG_CXXFLAGS_NO_UNUSED = //p' $(VL_ROOT)/include/verilated.mk 2>/dev/null)
vl_model_defines  = -I$(VL_ROOT)/include -I$(VL_ROOT)/include/vltstd -DVM_COVERAGE=0 -DVM_SC=$(1) \
                    -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 $(VL_CFG_NO_UNUSED)
VL_PCH_HDR_tb    := verilator_tb/vl_pch.h
VL_PCH_FLAGS_tb  := $(call vl_model_defines,0) $(VL_CFLAGS)
# $(call vl_pch,FLAVOUR,-Ox): the header to force-include; $(call vl_opt_pch,FLAVOUR,-Ox): the
# OPT_* value that compiles at -Ox with it.
vl_pch     = $(VL_PCH_DIR)/$(1)/$(patsubst -%,%,$(2))/pch.h
vl_opt_pch = $(2) -Winvalid-pch -include $(abspath $(call vl_pch,$(1),$(2)))

define VL_PCH_RULE
$(VL_PCH_DIR)/$(1)/%/pch.h.gch: $$(VL_PCH_HDR_$(1))
	@mkdir -p $$(@D)
	$$(Q)cp $$< $$(@D)/pch.h
	$$(Q)$$(call np_say,PCH,$$@)$$(VL_MODEL_CXX) $$(VL_PCH_FLAGS_$(1)) -$$* -x c++-header $$(@D)/pch.h -o $$@
endef
$(foreach f,tb,$(eval $(call VL_PCH_RULE,$(f))))

# $(call vl_model_make_args,FLAVOUR,FAST_OPT): the arguments of a model's generated makefile:
# per-cycle ("fast") code at FAST_OPT, construction and first-settle ("slow") code at -O0, each
# with its PCH; the run-time is linked from a shared library (VM_GLOBAL_*= empty);
# verilator_tb/vl_model.mk is read after the generated makefile (it compiles the model as two
# files, fast and slow, VM_PARALLEL_BUILDS=0, and moves the trace code to the slow one).
# $(call vl_model_pch,FLAVOUR,FAST_OPT): the PCH files that needs.
vl_model_make_args = CXX=$(VL_MODEL_CXX) LINK=$(VL_MODEL_CXX) VM_PARALLEL_BUILDS=0 \
  OPT_FAST="$(call vl_opt_pch,$(1),$(2))" OPT_SLOW="$(call vl_opt_pch,$(1),-O0)" \
  OPT_GLOBAL=$(VL_OPT) VM_GLOBAL_FAST= VM_GLOBAL_SLOW= -f $(CURDIR)/verilator_tb/vl_model.mk
vl_model_pch = $(addsuffix .gch,$(call vl_pch,$(1),$(2)) $(call vl_pch,$(1),-O0)) verilator_tb/vl_model.mk

# ---- harness binaries ----------------------------------------------------------------------------
# $(call tb_model_flags,TOP): Verilator's top module, its parameter values and the model's class,
# V<top>. A harness top that is a parameter set (Makefile PARAM_TOPS, e.g. the router mesh's
# router_mesh_tile: router_mcast at K = 4 with 64-bit links) is its module elaborated with -G
# values, no wrapper file; --prefix keeps the class, the generated makefile and the binary named
# after the top, so its harness (verilator_tb/<top>_tb.cpp) includes V<top>.h like any other.
tb_model_flags = --top-module $(call np_top_module,$(1)) $(addprefix -G,$(call np_top_params,$(1))) --prefix V$(1)

# $(1) = build id, $(2) = top, $(3) = extra Verilator flags, $(4) = extra C++ flags.
# Verilate the top with its unit's RTL, then build with the generated makefile, linking the
# unit's harness library (verilator_tb/<unit>_*.cpp), the shared one, the C model and the shared
# run-time. The generated makefile does not know those libraries, so the binary is removed first: whenever this rule runs (an RTL, harness
# or C model change) it is relinked, and only the changed objects are recompiled. The "slow" files (construction,
# initial settle, first trace dump: run once) are compiled at -O0, which halves their build.
define TB_BUILD_RULES
$(call tb_binary,$(1),$(2)): $$(RTL_COMMON) $$($$(TB_UNIT_$(2))_RTL) verilator_tb/$(2)_tb.cpp \
                        $$(TB_COMMON_HDR) $$(TB_COMMON_LIB) $$(NP_LIB) $$(VL_RT_LIB) verilator_tb/skip_ico.sh \
                        $$(call tb_unit_hdr,$$(TB_UNIT_$(2))) $$(call tb_unit_lib,$$(TB_UNIT_$(2))) \
                        $$(call vl_model_pch,tb,$$(VL_FAST_OPT)) \
                        $$($$(TB_UNIT_$(2))_TB_LIBS) rtl/$$(TB_UNIT_$(2))/unit.mk
	@mkdir -p $$(@D)
	$$(Q)$$(call np_say,VL,$(1))verilator $$(VL_FLAGS) $$($$(TB_UNIT_$(2))_TB_VLFLAGS) $(3) $$(call tb_model_flags,$(2)) -Mdir $$(@D) -o V$(2)_tb \
	  -Irtl/common -Irtl/$$(TB_UNIT_$(2)) -CFLAGS "$$(VL_CFLAGS) -MP $$($$(TB_UNIT_$(2))_TB_CFLAGS) $(4)" \
	  $$(RTL_COMMON) $$($$(TB_UNIT_$(2))_RTL) $$(CURDIR)/verilator_tb/$(2)_tb.cpp \
	  $$(abspath $$(call tb_unit_lib,$$(TB_UNIT_$(2))) $$(TB_COMMON_LIB) $$($$(TB_UNIT_$(2))_TB_LIBS) $$(NP_LIB)) \
	  $$(abspath $$(VL_RT_LIB)) -LDFLAGS "$$($$(TB_UNIT_$(2))_TB_LDFLAGS) -lz"
	$$(Q)bash verilator_tb/skip_ico.sh $$(@D) V$(2)
	$$(Q)bash verilator_tb/drop_stale_deps.sh $$(@D)
	$$(Q)rm -f $$@
	$$(Q)$$(call np_say,CXX-LD,$$@)$$(MAKE) --no-print-directory -C $$(@D) -f V$(2).mk $$(VL_MAKE_J) \
	  $$(call vl_model_make_args,tb,$$(VL_FAST_OPT)) V$(2)_tb $$(VL_SUBMAKE_QUIET)
endef

# $(1) = build id, $(2) = top, $(3) = vector file ("-" = none), $(4) = count of `verify-<id>`.
define TB_RUN_RULES
verify-$(1): $(call tb_binary,$(1),$(2))
	@bash verilator_tb/run_verify.sh $(1) $(2) $(call tb_binary,$(1),$(2)) $(3) \
	  $$(DATA_DIR) $$(VERIFY_DIR)/$(1).log $$(VERIFY_SEED) $(4) $$(VERIFY_ARGS)

verify-long-$(1): $(call tb_binary,$(1),$(2))
	@bash verilator_tb/run_verify.sh $(1) $(2) $(call tb_binary,$(1),$(2)) $(3) \
	  $$(DATA_DIR) $$(VERIFY_DIR)/$(1)-long.log $$(VERIFY_SEED) $$(or $$($(2)_VERIFY_LONG_COUNT),$$(VERIFY_LONG_COUNT)) $$(VERIFY_ARGS)
endef

# $(1) = top: the self-test and the Icarus replay (default parameters only).
define TB_TOP_RULES
verify-selftest-$(1): $(call tb_binary,$(1),$(1))
	@bash verilator_tb/selftest.sh $(1) $(call tb_binary,$(1),$(1)) $(call tb_vectors,$(1)) $$(DATA_DIR) \
	  $$(VERIFY_DIR)/selftest "$$(RTL_COMMON) $$($$(TB_UNIT_$(1))_RTL)"

$(IV_DIR)/$(1).vvp: verilator_tb/iverilog/$(1)_tb.v $$(TB_IV_INCLUDES) \
                    $$(RTL_COMMON) $$($$(TB_UNIT_$(1))_RTL) $(call tb_vectors,$(1))
	@mkdir -p $$(@D)
	$$(Q)$$(call np_say,IV,$$@)iverilog -g2005 -Wall -Iverilator_tb/iverilog -s $(1)_tb \
	  -P$(1)_tb.MaxVectors=$$$$(grep -cvE '^[[:space:]]*(//|$$$$)' $(call tb_vectors,$(1))) \
	  -o $$@ verilator_tb/iverilog/$(1)_tb.v $$(RTL_COMMON) $$($$(TB_UNIT_$(1))_RTL)

verify-iverilog-$(1): $(IV_DIR)/$(1).vvp
	@bash verilator_tb/run_iverilog.sh $(1) $(IV_DIR)/$(1).vvp $(call tb_vectors,$(1)) \
	  $$(VERIFY_DIR)/$(1)-iverilog.log
endef

$(foreach t,$(VERIFY_TOPS),$(eval $(call TB_BUILD_RULES,$(t),$(t),,)))
$(foreach t,$(TOPS),$(eval $(call TB_RUN_RULES,$(t),$(t),$(call tb_vectors,$(t)),$$(or $$($(t)_VERIFY_COUNT),$$(VERIFY_COUNT)))))
$(foreach t,$(TB_ONLY_TOPS),$(eval $(call TB_RUN_RULES,$(t),$(t),$(or $($(t)_VERIFY_VECTORS),-),$$(or $$($(t)_VERIFY_COUNT),$$(VERIFY_COUNT)))))
$(foreach t,$(TOPS),$(eval $(call TB_TOP_RULES,$(t))))
$(foreach v,$(TB_VARIANTS),$(eval $(call TB_BUILD_RULES,$(subst :,-,$(v)),$(word 1,$(subst :, ,$(v))),\
  $(TB_VARIANT_VLFLAGS_$(word 2,$(subst :, ,$(v)))),$(TB_VARIANT_CFLAGS_$(word 2,$(subst :, ,$(v)))))))
$(foreach v,$(TB_VARIANTS),$(eval $(call TB_RUN_RULES,$(subst :,-,$(v)),$(word 1,$(subst :, ,$(v))),-,$$(VERIFY_VARIANT_COUNT))))

-include $(TB_COMMON_OBJ:.o=.d) $(patsubst %.o,%.d,$(foreach u,$(UNITS),$(call tb_unit_obj,$(u))))
