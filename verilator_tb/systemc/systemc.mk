# SystemC co-simulation (docs/systemc.md): every codec top as a TLM-2.0 unit in a model form (C
# model) and an rtl form (the harness build's Verilated model, the one make verify proves, in one
# shared pin adapter), one factory, and the reply-path platform.
#   systemc               build $(SC_BIN) (linking every SC_TOPS top's harness model) and libnocpress-sc.a
#   verify-systemc        model vs rtl on SC_COUNT real lines per codec and side; the platform in
#                         every form mix under random stalls; zero-load latency beside npsim's
#   verify-systemc-more   the same over SC_TOPS and SC_MORE_TOPS (BPC, BDI, SC, dsm_approx, mcast_rc, pcu: outside make test's budget)
#   verify-systemc-long   SC_LONG_SEEDS runs with SC_LONG_COUNT lines each, one seed per run
#   bench-systemc         transactions per second of each form, one core
#   install-systemc       headers, libnocpress-sc.a and nocpress-sc.pc under PREFIX (model form)
# Debian's SystemC 2.3.4 (libsystemc-dev) only, C++17 (its ABI: sc_api_version_2_3_4_cxx201703L).

# The RTL tops with an rtl form, from the unit declarations (rtl/<unit>/unit.mk: <unit>_SC_TOPS,
# checked by make test; <unit>_SC_MORE_TOPS, whose rtl forms build and pass but stay out of make
# test's budget: their runs take longer than make test can spend). A codec
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
# np_sc router: flits into the router per run (both forms; docs/systemc.md "The router").
SC_ROUTER_COUNT ?= $(SC_COUNT)
SC_SEED       ?= $(VERIFY_SEED)
SC_JOBS       ?= 2
# The model form's latencies: the synthesis report when there is one, else the RTL harness's
# measured LATENCY lines (make verify, which make test runs first), else the published figures.
SC_SYNTH_JSON ?= $(firstword $(wildcard $(BUILD)/synth/report.json))
SC_VERIFY_DIR ?= $(VERIFY_DIR)
SC_TIMING_ARGS = $(if $(SC_SYNTH_JSON),--synth-json $(SC_SYNTH_JSON)) --verify-dir $(SC_VERIFY_DIR)

SC_CXX      ?= g++
SC_CXXFLAGS := -std=c++17 -O2 -g -Wall -Wextra -Werror -Icmodel/include -Icmodel/tool -Iverilator_tb/systemc -Isim \
               $(NP_CJSON_CFLAGS)
SC_SRC_LIB  := verilator_tb/systemc/np_sc.cpp verilator_tb/systemc/np_sc_platform.cpp verilator_tb/systemc/np_sc_ops.cpp \
               verilator_tb/systemc/np_sc_pcu.cpp
SC_HDR      := verilator_tb/systemc/np_sc.h verilator_tb/systemc/np_sc_rtl.h verilator_tb/systemc/np_sc_pcu.h \
               verilator_tb/systemc/np_sc_pcu_rtl.h
# The router's component (np_sc_router.h): its model form is npsim's router code, so it is linked
# into np_sc with npsim's library (sim/sim.mk) and stays out of libnocpress-sc.a and the install.
SC_ROUTER_HDR := verilator_tb/systemc/np_sc_router.h verilator_tb/systemc/np_sc_router_rtl.h \
                 sim/net/router_pins.h sim/net/router_stim.h sim/net/router_bench.h
SC_ROUTER_OBJ := $(SC_DIR)/obj/np_sc_router.o
SC_SIM_LIB    := $(BUILD)/sim/libnpsim.a
# The Verilator headers as the harness models were compiled against them (VM_SC=0: a --cc model).
SC_VL_DEFS  := -isystem $(VL_ROOT)/include -isystem $(VL_ROOT)/include/vltstd -DVM_SC=0 -DVM_TRACE=1 -DVM_TRACE_FST=1
# The model form's latencies follow the tools' one rule (cmodel/tool/np_latency.h), compiled in.
SC_OBJ_LIB  := $(patsubst verilator_tb/systemc/%.cpp,$(SC_DIR)/obj/%.o,$(SC_SRC_LIB)) $(SC_DIR)/obj/np_latency.o \
               $(SC_DIR)/obj/np_fileio.o
# -latomic: the Verilator run-time is compiled by clang++ (verilator_tb.mk VL_RT_LIB), which calls
# libatomic where g++ inlines (__atomic_is_lock_free); the harness links get it from verilated.mk.
SC_LIBS     := -lsystemc -lcjson -llzma -lz -latomic -pthread

# The rtl forms: each SC top's harness model (verilator_tb.mk TB_BUILD_RULES builds it as
# V<top>__ALL.a beside the harness binary) and the harnesses' Verilator run-time.
sc_top_lib = $(VL_DIR)/$(1)/V$(1)__ALL.a
SC_TOP_BUILDS := $(foreach t,$(SC_TOPS),$(call tb_binary,$(t),$(t)))

.PHONY: systemc verify-systemc verify-systemc-long bench-systemc install-systemc

## systemc: build the SystemC components (model + rtl forms of SC_TOPS), the platform and np_sc
systemc: $(SC_BIN) $(SC_LIB)

$(SC_DIR)/obj/%.o: verilator_tb/systemc/%.cpp $(SC_HDR) $(SC_ROUTER_HDR) $(NP_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,CXX,$@)$(SC_CXX) $(SC_CXXFLAGS) $(SC_VL_DEFS) -c $< -o $@

$(SC_DIR)/obj/np_latency.o $(SC_DIR)/obj/np_fileio.o: $(SC_DIR)/obj/%.o: cmodel/tool/%.c cmodel/tool/%.h $(NP_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC,$@)$(CC) $(CFLAGS_NP) -Icmodel/tool $(NP_CJSON_CFLAGS) -c $< -o $@

$(SC_LIB): $(SC_OBJ_LIB)
	$(Q)$(call np_say,AR,$@)rm -f $@ && ar rcs $@ $^

# The factory's rtl table: each SC_TOPS top's model header, port widths and NP_SC_RTL_TOP line
# (verilator_tb/systemc/rtl_table.sh; rewritten only on change).
SC_TABLE := $(SC_DIR)/rtl_table.cpp
$(SC_TABLE): FORCE_SC_TABLE $(SC_TOP_BUILDS)
	@mkdir -p $(@D)
	@bash verilator_tb/systemc/rtl_table.sh $(VL_DIR) $(SC_TOPS) > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp
.PHONY: FORCE_SC_TABLE

$(SC_DIR)/obj/rtl_table.o: $(SC_TABLE) $(SC_HDR) $(SC_ROUTER_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,CXX,$@)$(SC_CXX) $(SC_CXXFLAGS) $(SC_VL_DEFS) $(foreach t,$(SC_TOPS),-I$(VL_DIR)/$(t)) -c $< -o $@

$(SC_BIN): $(SC_DIR)/obj/np_sc_main.o $(SC_DIR)/obj/rtl_table.o $(SC_ROUTER_OBJ) $(SC_LIB) $(SC_SIM_LIB) $(NP_LIB) \
           $(VL_RT_LIB) $(SC_TOP_BUILDS)
	$(Q)$(call np_say,LD,$@)$(SC_CXX) -o $@ $(SC_DIR)/obj/np_sc_main.o $(SC_DIR)/obj/rtl_table.o $(SC_ROUTER_OBJ) $(SC_LIB) \
	  $(foreach t,$(SC_TOPS),$(call sc_top_lib,$(t))) $(VL_RT_LIB) $(SC_SIM_LIB) $(NP_LIB) $(SC_LIBS)
	@echo "systemc: built $@ (rtl forms: $(SC_TOPS))"

## verify-systemc: model vs rtl form of every SC_TOPS codec on SC_COUNT (1e5) real lines each, the platform in all form mixes, latency vs npsim
verify-systemc: $(SC_BIN)
	@SC_BIN=$(SC_BIN) SC_COUNT=$(SC_COUNT) SC_PLATFORM_COUNT=$(SC_PLATFORM_COUNT) SC_SEED=$(SC_SEED) SC_ROUTER_COUNT=$(SC_ROUTER_COUNT) \
	  SC_JOBS=$(SC_JOBS) DATA_DIR=$(DATA_DIR) SC_LOG_DIR=$(SC_DIR)/verify SC_TIMING_ARGS='$(SC_TIMING_ARGS)' \
	  bash verilator_tb/systemc/run_systemc.sh

## verify-systemc-long: SC_LONG_SEEDS (10) runs of verify-systemc with SC_LONG_COUNT (2e5) lines per top and platform mix, each its own seed
# A run holds its lines in memory (about 0.6 KB per line and form), so more lines means more seeds.
verify-systemc-long: $(SC_BIN)
	@for i in $$(seq 0 $$(( $(SC_LONG_SEEDS) - 1 ))); do \
	  $(MAKE) --no-print-directory verify-systemc SC_SEED=$$(( $(SC_SEED) + i )) SC_COUNT=$(SC_LONG_COUNT) SC_ROUTER_COUNT=$(SC_LONG_COUNT) \
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
	    if [ $$dir = ports ] || [ $$dir = links ]; then \
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
