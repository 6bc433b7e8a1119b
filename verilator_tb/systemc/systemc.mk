# SystemC co-simulation (docs/systemc.md): every codec top as a TLM-2.0 unit in a model form (C
# model) and an rtl form (verilator --sc), one shared pin adapter, one factory, and the reply-path
# platform.
#   systemc               build $(SC_BIN) (every SC_TOPS top Verilated once) and libnocpress-sc.a
#   verify-systemc        model vs rtl on SC_COUNT real lines per codec and side; the platform in
#                         every form mix under random stalls; zero-load latency beside npsim's
#   verify-systemc-more   the same over SC_TOPS and SC_MORE_TOPS (BPC, BDI, SC, dsm_approx, mcast_rc, pcu: outside make test's budget)
#   verify-systemc-long   SC_LONG_SEEDS runs with SC_LONG_COUNT lines each, one seed per run
#   bench-systemc         transactions per second of each form, one core
#   install-systemc       headers, libnocpress-sc.a and nocpress-sc.pc under PREFIX (model form)
# Debian's SystemC 2.3.4 (libsystemc-dev) only, C++17 (its ABI: sc_api_version_2_3_4_cxx201703L).

# The RTL tops with an rtl form, from the unit declarations (rtl/<unit>/unit.mk: <unit>_SC_TOPS,
# checked by make test; <unit>_SC_MORE_TOPS, whose rtl forms build and pass but stay out of make
# test's budget: each --sc build costs about 40 CPU seconds, the SC tops' tables more). A codec
# top's codec in the registry names it as comp_top or decomp_top; a unit that is not a codec side
# has its entry in np_sc_ops.cpp's table (UnitOp).
SC_TOPS      := $(strip $(foreach u,$(UNITS),$($(u)_SC_TOPS)))
SC_MORE_TOPS := $(strip $(foreach u,$(UNITS),$($(u)_SC_MORE_TOPS)))

SC_DIR        := $(BUILD)/sc
SC_BIN        := $(SC_DIR)/np_sc
SC_LIB        := $(SC_DIR)/libnocpress-sc.a
SC_COUNT      ?= 100000
SC_LONG_COUNT ?= 200000
SC_LONG_SEEDS ?= 10
SC_PLATFORM_COUNT ?= 2000
SC_SEED       ?= $(VERIFY_SEED)
SC_JOBS       ?= 2
# The model form's latencies: the synthesis report when there is one, else the RTL harness's
# measured LATENCY lines (make verify, which make test runs first), else the published figures.
SC_SYNTH_JSON ?= $(firstword $(wildcard $(BUILD)/synth/report.json))
SC_VERIFY_DIR ?= $(VERIFY_DIR)
SC_TIMING_ARGS = $(if $(SC_SYNTH_JSON),--synth-json $(SC_SYNTH_JSON)) --verify-dir $(SC_VERIFY_DIR)

SC_CXX      ?= g++
SC_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -Werror -Icmodel/include -Icmodel/tool -Iverilator_tb/systemc \
               $(shell pkg-config --cflags libcjson 2>/dev/null || echo -I/usr/include/cjson)
SC_SRC_LIB  := verilator_tb/systemc/np_sc.cpp verilator_tb/systemc/np_sc_platform.cpp verilator_tb/systemc/np_sc_ops.cpp \
               verilator_tb/systemc/np_sc_pcu.cpp
SC_HDR      := verilator_tb/systemc/np_sc.h verilator_tb/systemc/np_sc_rtl.h verilator_tb/systemc/np_sc_pcu.h \
               verilator_tb/systemc/np_sc_pcu_rtl.h
# The model form's latencies follow the tools' one rule (cmodel/tool/np_latency.h), compiled in.
SC_OBJ_LIB  := $(patsubst verilator_tb/systemc/%.cpp,$(SC_DIR)/obj/%.o,$(SC_SRC_LIB)) $(SC_DIR)/obj/np_latency.o \
               $(SC_DIR)/obj/np_fileio.o
SC_LIBS     := -lsystemc -lcjson -lz -pthread

# The Verilator run-time for SystemC models (VM_SC=1), compiled once.
SC_RT_SRC := verilated verilated_threads verilated_fst_c verilated_fst_sc
SC_RT_LIB := $(SC_DIR)/runtime/libverilated_sc.a
SC_VL_CXXFLAGS := -std=c++17 -O2 -faligned-new -I$(VL_ROOT)/include -I$(VL_ROOT)/include/vltstd \
                  -DVM_COVERAGE=0 -DVM_SC=1 -DVM_TRACE=1 -DVM_TRACE_FST=1 -DVM_TRACE_VCD=0 -w
SC_VL_FLAGS := --sc -Wall --assert --trace-fst -O3 --x-assign unique --x-initial unique --timescale 1ns/1ps
sc_top_lib = $(SC_DIR)/vl/$(1)/V$(1)__ALL.a
# -O1 for the models' per-cycle code: about a sixth less compile time than -O2 (dpc_compressor:
# 31 s against 37 s of CPU), which is most of what verify-systemc costs make test.
SC_VL_OPT ?= -O1

.PHONY: systemc verify-systemc verify-systemc-long bench-systemc install-systemc

## systemc: build the SystemC components (model + rtl forms of SC_TOPS), the platform and np_sc
systemc: $(SC_BIN) $(SC_LIB)

$(SC_DIR)/obj/%.o: verilator_tb/systemc/%.cpp $(SC_HDR) $(NP_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,CXX,$@)$(SC_CXX) $(SC_CXXFLAGS) -isystem $(VL_ROOT)/include -isystem $(VL_ROOT)/include/vltstd -DVM_SC=1 -DVM_TRACE=1 -DVM_TRACE_FST=1 $(foreach t,$(SC_TOPS),-I$(SC_DIR)/vl/$(t)) -c $< -o $@

$(SC_DIR)/obj/np_latency.o $(SC_DIR)/obj/np_fileio.o: $(SC_DIR)/obj/%.o: cmodel/tool/%.c cmodel/tool/%.h $(NP_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC,$@)$(CC) $(CFLAGS_NP) -Icmodel/tool $$(pkg-config --cflags libcjson) -c $< -o $@

$(SC_LIB): $(SC_OBJ_LIB)
	$(Q)$(call np_say,AR,$@)rm -f $@ && ar rcs $@ $^

$(SC_DIR)/runtime/%.o: $(VL_ROOT)/include/%.cpp
	@mkdir -p $(@D)
	$(Q)$(call np_say,CXX,$@)$(SC_CXX) $(SC_VL_CXXFLAGS) -c $< -o $@

$(SC_RT_LIB): $(patsubst %,$(SC_DIR)/runtime/%.o,$(SC_RT_SRC))
	$(Q)$(call np_say,AR,$@)rm -f $@ && ar rcs $@ $^

# One Verilated SystemC model per top, built as a library by its generated makefile with the
# harness builds' arguments (verilator_tb.mk vl_model_make_args: "slow" code and trace at -O0,
# the sc flavour's precompiled SystemC + Verilator headers).
define SC_TOP_RULES
$(call sc_top_lib,$(1)): $$(RTL_COMMON) $$($$(TB_UNIT_$(1))_RTL) $$(call vl_model_pch,sc,$$(SC_VL_OPT))
	@mkdir -p $$(@D)
	$$(Q)$$(call np_say,VL-SC,$(1))verilator $$(SC_VL_FLAGS) --top-module $(1) -Mdir $$(@D) -Irtl/common -Irtl/$$(TB_UNIT_$(1)) \
	  $$(RTL_COMMON) $$($$(TB_UNIT_$(1))_RTL)
	$$(Q)$$(call np_say,CXX-AR,$$@)$$(MAKE) --no-print-directory -C $$(@D) -f V$(1).mk $$(VL_MAKE_J) \
	  $$(call vl_model_make_args,sc,$$(SC_VL_OPT)) V$(1)__ALL.a $$(VL_SUBMAKE_QUIET)
endef
$(foreach t,$(SC_TOPS),$(eval $(call SC_TOP_RULES,$(t))))

# The factory's rtl table: one NP_SC_RTL_TOP line per SC_TOPS entry (rewritten only on change).
SC_TABLE := $(SC_DIR)/rtl_table.cpp
$(SC_TABLE): FORCE_SC_TABLE
	@mkdir -p $(@D)
	@{ echo '// Generated by verilator_tb/systemc/systemc.mk from SC_TOPS.'; \
	   echo '#include "np_sc_rtl.h"'; \
	   for t in $(SC_TOPS); do echo "#include \"V$$t.h\""; done; \
	   for t in $(SC_TOPS); do echo "NP_SC_RTL_TOP($$t)"; done; } > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp
.PHONY: FORCE_SC_TABLE

$(SC_DIR)/obj/rtl_table.o: $(SC_TABLE) $(SC_HDR) $(foreach t,$(SC_TOPS),$(call sc_top_lib,$(t)))
	@mkdir -p $(@D)
	$(Q)$(call np_say,CXX,$@)$(SC_CXX) $(SC_CXXFLAGS) -isystem $(VL_ROOT)/include -isystem $(VL_ROOT)/include/vltstd -DVM_SC=1 -DVM_TRACE=1 -DVM_TRACE_FST=1 \
	  $(foreach t,$(SC_TOPS),-I$(SC_DIR)/vl/$(t)) -c $< -o $@

$(SC_BIN): $(SC_DIR)/obj/np_sc_main.o $(SC_DIR)/obj/rtl_table.o $(SC_LIB) $(NP_LIB) $(SC_RT_LIB) \
           $(foreach t,$(SC_TOPS),$(call sc_top_lib,$(t)))
	$(Q)$(call np_say,LD,$@)$(SC_CXX) -o $@ $(SC_DIR)/obj/np_sc_main.o $(SC_DIR)/obj/rtl_table.o $(SC_LIB) \
	  $(foreach t,$(SC_TOPS),$(call sc_top_lib,$(t))) $(SC_RT_LIB) $(NP_LIB) $(SC_LIBS)
	@echo "systemc: built $@ (rtl forms: $(SC_TOPS))"

## verify-systemc: model vs rtl form of every SC_TOPS codec on SC_COUNT (1e5) real lines each, the platform in all form mixes, latency vs npsim
verify-systemc: $(SC_BIN)
	@SC_BIN=$(SC_BIN) SC_COUNT=$(SC_COUNT) SC_PLATFORM_COUNT=$(SC_PLATFORM_COUNT) SC_SEED=$(SC_SEED) \
	  SC_JOBS=$(SC_JOBS) DATA_DIR=$(DATA_DIR) SC_LOG_DIR=$(SC_DIR)/verify SC_TIMING_ARGS='$(SC_TIMING_ARGS)' \
	  bash verilator_tb/systemc/run_systemc.sh

## verify-systemc-long: SC_LONG_SEEDS (10) runs of verify-systemc with SC_LONG_COUNT (2e5) lines per top and platform mix, each its own seed
# A run holds its lines in memory (about 0.6 KB per line and form), so more lines means more seeds.
verify-systemc-long: $(SC_BIN)
	@for i in $$(seq 0 $$(( $(SC_LONG_SEEDS) - 1 ))); do \
	  $(MAKE) --no-print-directory verify-systemc SC_SEED=$$(( $(SC_SEED) + i )) SC_COUNT=$(SC_LONG_COUNT) \
	    SC_PLATFORM_COUNT=$(SC_LONG_COUNT) | grep -E '^(LINES|MISMATCH|LOST|TIMEOUT|FAIL|ERROR|verify-systemc)'; \
	done

## verify-systemc-more: verify-systemc over SC_TOPS and SC_MORE_TOPS (BPC, BDI, SC, dsm_approx, mcast_rc, pcu), built apart in $(BUILD)/sc-more
.PHONY: verify-systemc-more
verify-systemc-more:
	@$(MAKE) --no-print-directory verify-systemc SC_DIR=$(BUILD)/sc-more SC_TOPS="$(SC_TOPS) $(SC_MORE_TOPS)"

## bench-systemc: transactions per second of the model and the rtl form (one core, no stalls)
bench-systemc: $(SC_BIN)
	@for spec in $$($(SC_BIN) list); do codec=$${spec%%:*}; dir=$${spec#*:}; dir=$${dir%%:*}; \
	  for form in model rtl; do \
	    if [ $$dir = ports ]; then \
	      $(SC_BIN) $$codec --form $$form --no-stall --count $(SC_COUNT) --seed $(SC_SEED) | grep -E '^(SPEED|FAIL|ERROR)'; \
	      continue; \
	    fi; \
	    $(SC_BIN) unit --codec $$codec --dir $$dir --form $$form --no-stall --count $(SC_COUNT) \
	      --seed $(SC_SEED) --data $(DATA_DIR) $(SC_TIMING_ARGS) | grep -E '^(SPEED|FAIL|ERROR)'; \
	  done; done
	@for mix in "model model" "rtl rtl"; do set -- $$mix; \
	  $(SC_BIN) platform --codec dsm --comp $$1 --decomp $$2 --no-stall --count $(SC_COUNT) \
	    --seed $(SC_SEED) --data $(DATA_DIR) $(SC_TIMING_ARGS) | grep -E '^(SPEED|FAIL|ERROR)'; \
	done

## install-systemc: install the SystemC components (model form, platform) with nocpress-sc.pc under PREFIX
install-systemc: $(SC_LIB)
	install -d '$(DESTDIR)$(LIBDIR)' '$(DESTDIR)$(INCLUDEDIR)/nocpress' '$(DESTDIR)$(PKGCONFIGDIR)'
	install -m 644 $(SC_LIB) '$(DESTDIR)$(LIBDIR)/libnocpress-sc.a'
	install -m 644 $(SC_HDR) '$(DESTDIR)$(INCLUDEDIR)/nocpress/'
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' \
	  'Name: nocpress-sc' 'Description: nocpress SystemC/TLM-2.0 components (model form) and reply-path platform' \
	  'Version: $(NP_VERSION)' 'Requires: nocpress systemc libcjson' \
	  'Libs: -L$${libdir} -lnocpress-sc' 'Cflags: -I$${includedir}/nocpress -std=c++17' \
	  > '$(DESTDIR)$(PKGCONFIGDIR)/nocpress-sc.pc'
	@echo "install-systemc: libnocpress-sc.a, $(notdir $(SC_HDR)), nocpress-sc.pc under $(DESTDIR)$(PREFIX)"

## install-systemc-test: install into a temporary prefix, build docs/examples/systemc_platform.cpp there via pkg-config nocpress-sc, run it
.PHONY: install-systemc-test
install-systemc-test: $(SC_LIB) $(NP_LIB)
	@MAKE='$(MAKE)' BUILD='$(BUILD)' DATA_DIR='$(DATA_DIR)' bash verilator_tb/systemc/install_test.sh docs/examples/systemc_platform.cpp
