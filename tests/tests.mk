# C model tests: cmocka unit tests (built plain, with the scalar remap, and with ASan+UBSan
# against NP_LIB_SAN; all run), and libFuzzer targets (tests/fuzz/).
#
# Programs (one per property area): test_bits (np_bits helpers), test_dsm (the DSM model
# against docs/dsm.md and a naive reference encoder, every real line, adversarial decoder
# input), test_cli (the nocpress CLI, run as a process), test_vectors (vectors/dsm/*.hex
# against the model and docs/vectors.md), test_dpc (the DPC / DF-TRUC / DF-MAN model and the
# critical-map generator against docs/dpc.md and a naive reference encoder, every real line in
# every mode, adversarial decoder input), test_dft (the MC data-filtering table, cycle order,
# against an independent reference), test_ba (the BA tag unit, docs/ba.md: hand-worked work
# flow and threshold sequences, an LRU reference, LRU hits = rd0), test_reuse (the
# reuse-distance analyzer against a brute-force reference).
# tests/test_sim_*.c belong to sim/sim.mk.

# Every tests/test_*.c is a C test program of the library and tools, but those another fragment
# builds and runs with its own objects: the simulator's (test_sim_*.c: sim/sim.mk), the
# applications' (test_apps.c: apps/apps.mk) and the SIMT runtime's (test_simt.c,
# test_kernel_readers.c: apps/kernels/kernels.mk, SIMT_TESTS).
TEST_ELSEWHERE := test_sim_% test_apps test_simt test_kernel_readers
TEST_C_PROGS := $(filter-out $(TEST_ELSEWHERE),$(patsubst tests/%.c,%,$(sort $(wildcard tests/test_*.c))))
TEST_DIR     := $(BUILD)/tests
# The tests' shared headers (a change to one rebuilds the programs; few, so all of them).
TEST_HDR     := $(wildcard tests/*.h)
TEST_PLAIN   := $(addprefix $(TEST_DIR)/plain/,$(TEST_C_PROGS))
TEST_SAN     := $(addprefix $(TEST_DIR)/san/,$(TEST_C_PROGS))
# The programs whose model has a SIMD path, rebuilt on the portable scalar code (SCALAR_FLAGS).
TEST_SCALAR_PROGS := test_bits test_dsm test_bpc test_dpc test_fpc test_cpack test_sc test_bdi
TEST_SCALAR  := $(addprefix $(TEST_DIR)/scalar/,$(TEST_SCALAR_PROGS))
SCALAR_FLAGS := -DNP_NO_AVX2 -DNP_DSM_NO_SIMD
# Environment of every test run: where the data, the committed vectors and the CLI are.
TEST_ENV      = NP_DATA_DIR=$(DATA_DIR) NP_VECTOR_DIR=vectors/dsm
ASAN_ENV     := ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1

.PHONY: test-c test-c-build test-c-scalar fuzz fuzz-long

## test-c: C model unit tests (cmocka): plain, scalar-remap and ASan+UBSan builds, JOBS programs at a time
test-c: test-c-build
	@$(MAKE) --no-print-directory $(NP_SUBMAKE_J) --output-sync=target \
	  $(addprefix test-c-plain-,$(TEST_C_PROGS)) test-c-scalar $(addprefix test-c-san-,$(TEST_C_PROGS))
	@echo "test-c: $(words $(TEST_C_PROGS)) programs passed plain and under ASan + UBSan, and the scalar remap"

# One target per program and build, each in its own scratch folder, so they can run side by side.
test-c-plain-%: $(TEST_DIR)/plain/% $(NOCPRESS)
	@echo "== test-c: $* (plain build)"
	@rm -rf $(TEST_DIR)/tmp-plain/$*; mkdir -p $(TEST_DIR)/tmp-plain/$*
	@$(TEST_ENV) NP_NOCPRESS=$(NOCPRESS) NP_TEST_TMP=$(TEST_DIR)/tmp-plain/$* $(TEST_DIR)/plain/$*

test-c-san-%: $(TEST_DIR)/san/% $(NOCPRESS_SAN)
	@echo "== test-c: $* (ASan + UBSan build, sanitized CLI)"
	@rm -rf $(TEST_DIR)/tmp-san/$*; mkdir -p $(TEST_DIR)/tmp-san/$*
	@$(TEST_ENV) $(ASAN_ENV) NP_NOCPRESS=$(NOCPRESS_SAN) NP_TEST_TMP=$(TEST_DIR)/tmp-san/$* $(TEST_DIR)/san/$*

# The CLI cases of a scalar program run the plain CLI (NP_NOCPRESS: the build's own, whatever BUILD is).
test-c-scalar: $(TEST_SCALAR) $(NOCPRESS)
	@for t in $(TEST_SCALAR); do \
	  n=$$(basename $$t); \
	  echo "== test-c: $$n on the portable scalar code ($(SCALAR_FLAGS))"; \
	  rm -rf $(TEST_DIR)/tmp-scalar/$$n; mkdir -p $(TEST_DIR)/tmp-scalar/$$n; \
	  $(TEST_ENV) NP_NOCPRESS=$(NOCPRESS) NP_TEST_TMP=$(TEST_DIR)/tmp-scalar/$$n $$t || exit 1; \
	done

test-c-build: $(TEST_PLAIN) $(TEST_SAN) $(TEST_SCALAR) $(NOCPRESS) $(NOCPRESS_SAN)

$(TEST_DIR)/plain/%: tests/%.c $(NP_LIB) $(NP_HDR) $(TEST_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) -Icmodel/tool $(TEST_PROG_FLAGS) $< $(NP_LIB) -lcmocka $(TEST_PROG_LIBS) -o $@

$(TEST_DIR)/san/%: tests/%.c $(NP_LIB_SAN) $(NP_HDR) $(TEST_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD-SAN,$@)$(CC) $(CFLAGS_NP) $(SAN_FLAGS) -Icmodel/tool $(TEST_PROG_FLAGS) $< $(NP_LIB_SAN) -lcmocka $(TEST_PROG_LIBS) -o $@

# test_cli_json parses the tool's JSON with cJSON and checks its CRC-32s with zlib.
$(TEST_DIR)/plain/test_cli_json $(TEST_DIR)/san/test_cli_json: TEST_PROG_FLAGS := $(NP_CJSON_CFLAGS)
$(TEST_DIR)/plain/test_cli_json $(TEST_DIR)/san/test_cli_json: TEST_PROG_LIBS := $(NP_CJSON_LIBS) -lz

# The same tests on the portable scalar code: NP_LIB runs the AVX2 (DSM: SSE2) paths on x86-64.
# The library's sources are compiled once with SCALAR_FLAGS into their own archive and every
# scalar test links it (compiling them into each program cost ~10 CPU s a program).
NP_SCALAR_OBJ_DIR := $(BUILD)/cmodel/obj-scalar
NP_SCALAR_OBJ     := $(patsubst cmodel/%.c,$(NP_SCALAR_OBJ_DIR)/%.o,$(NP_SRC))
NP_LIB_SCALAR     := $(BUILD)/lib-scalar/libnocpress.a
-include $(NP_SCALAR_OBJ:.o=.d)

$(NP_SCALAR_OBJ_DIR)/%.o: cmodel/%.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC-SCAL,$@)$(CC) $(CFLAGS_NP) $(SCALAR_FLAGS) -Icmodel/tool -I$(NP_GEN_DIR) -MMD -MP -c $< -o $@

$(NP_LIB_SCALAR): $(NP_SCALAR_OBJ)
	@mkdir -p $(@D)
	$(Q)$(call np_say,AR,$@)rm -f $@ && ar rcs $@ $^

$(TEST_DIR)/scalar/%: tests/%.c $(NP_LIB_SCALAR) $(NP_HDR) $(TEST_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $(SCALAR_FLAGS) -Icmodel/tool $< $(NP_LIB_SCALAR) -lcmocka -o $@

# ---- fuzzing (clang libFuzzer + ASan + UBSan) ----------------------------------------------
# fuzz_sim_*: npsim's configuration and trace parsers; built and seeded by sim/sim.mk.
FUZZ_SIM_TARGETS := fuzz_sim_config fuzz_sim_trace_text fuzz_sim_trace_bin fuzz_sim_traceg
FUZZ_TARGETS := fuzz_decompress fuzz_roundtrip fuzz_dpc_decode fuzz_dpc_roundtrip fuzz_codec \
                $(FUZZ_SIM_TARGETS)
FUZZ_SECONDS ?= 20
FUZZ_LONG_SECONDS ?= 600
# make test's fuzzing (fuzz-test): each target runs a fixed number of inputs from a fixed seed
# instead of a wall-time budget, so its effort does not depend on the machine's load and its runs
# share make test's first job pool (they fill the cores the long stages leave idle) instead of
# a phase of their own. The counts are about what FUZZ_SECONDS = 20 s ran on one core of the
# 2-core machine (libFuzzer's final stats of a fresh clone's make test, rounded down).
FUZZ_TEST_INPUTS := fuzz_decompress:2800000 fuzz_roundtrip:2000000 fuzz_dpc_decode:2900000 \
                    fuzz_dpc_roundtrip:900000 fuzz_codec:2400000 fuzz_sim_config:140000 \
                    fuzz_sim_trace_text:170000 fuzz_sim_trace_bin:170000 fuzz_sim_traceg:170000
FUZZ_TEST_SEED   ?= 1
fuzz_test_inputs  = $(patsubst $(1):%,%,$(filter $(1):%,$(FUZZ_TEST_INPUTS)))
FUZZ_CC      ?= clang
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_FLAGS   := -std=c11 -g -O1 -Icmodel/include -I$(NP_MODELS_DIR) -fsanitize=fuzzer,address,undefined \
                -fno-sanitize-recover=all
FUZZ_BINS    := $(addprefix $(FUZZ_DIR)/,$(FUZZ_TARGETS))
FUZZ_SEEDER  := $(FUZZ_DIR)/make_seeds
FUZZ_DPC_SEEDER := $(FUZZ_DIR)/fuzz_dpc_seeds

# The library is compiled once for every target (instrumented, without libFuzzer's main), each
# target links it: compiling NP_SRC again per target cost most of the fuzz stage's build time.
FUZZ_COMMA     := ,
FUZZ_LIB_FLAGS := $(subst fuzzer$(FUZZ_COMMA),fuzzer-no-link$(FUZZ_COMMA),$(FUZZ_FLAGS))
FUZZ_NP_OBJ    := $(patsubst cmodel/src/%.c,$(FUZZ_DIR)/obj/%.o,$(NP_SRC))
.SECONDARY: $(FUZZ_NP_OBJ)   # kept: they are reached only through pattern rules

$(FUZZ_DIR)/obj/%.o: cmodel/src/%.c $(NP_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC-FUZZ,$@)$(FUZZ_CC) $(FUZZ_LIB_FLAGS) -c $< -o $@

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_NP_OBJ) $(NP_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD-FUZZ,$@)$(FUZZ_CC) $(FUZZ_FLAGS) $< $(FUZZ_NP_OBJ) -o $@

# The seed writers share tests/fuzz/seed_files.c (directories, files, pattern lines).
FUZZ_SEED_LIB := tests/fuzz/seed_files.c tests/fuzz/seed_files.h

$(FUZZ_SEEDER): tests/fuzz/make_seeds.c $(FUZZ_SEED_LIB) $(NP_LIB)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $< tests/fuzz/seed_files.c $(NP_LIB) -o $@

# A plain program (not a fuzzer): the DPC targets' seeds.
$(FUZZ_DPC_SEEDER): tests/fuzz/fuzz_dpc_seeds.c $(FUZZ_SEED_LIB) $(NP_LIB)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $< tests/fuzz/seed_files.c $(NP_LIB) -o $@

# Seeds are generated by the model (no binary files in the repository); the working corpus
# grows under $(FUZZ_DIR)/corpus/<target>.
$(FUZZ_DIR)/seeds.stamp: $(FUZZ_SEEDER) $(FUZZ_DPC_SEEDER)
	$(FUZZ_SEEDER) $(FUZZ_DIR)/seeds
	$(FUZZ_DPC_SEEDER) $(FUZZ_DIR)/seeds
	@touch $@

# One run per target (fuzz-run-<target>: FUZZ_RUN_SECONDS of wall time; fuzz-test-run-<target>:
# its FUZZ_TEST_INPUTS count), so `make -jN fuzz` keeps N cores busy: each libFuzzer run is
# single-threaded. $(call fuzz_run,TARGET,LIMIT): one run, its log's tail on success, 40 lines
# of it on failure.
FUZZ_RUNS := $(addprefix fuzz-run-,$(FUZZ_TARGETS))
FUZZ_TEST_RUNS := $(addprefix fuzz-test-run-,$(FUZZ_TARGETS))
FUZZ_RUN_SECONDS ?= $(FUZZ_SECONDS)
define fuzz_run
	@mkdir -p $(FUZZ_DIR)/corpus/$(1) $(FUZZ_DIR)/artifacts/$(1) $(FUZZ_DIR)/seeds/$(1)
	@echo "== fuzz: $(1), $(2)"
	@$(FUZZ_DIR)/$(1) $(2) -print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/artifacts/$(1)/ \
	  $(FUZZ_DIR)/corpus/$(1) $(FUZZ_DIR)/seeds/$(1) > $(FUZZ_DIR)/$(1).log 2>&1 || { tail -n 40 $(FUZZ_DIR)/$(1).log; exit 1; }
	@tail -n 12 $(FUZZ_DIR)/$(1).log
endef

.PHONY: fuzz-test
fuzz-run-%: $(FUZZ_DIR)/% $(FUZZ_DIR)/seeds.stamp
	$(call fuzz_run,$*,-max_total_time=$(FUZZ_RUN_SECONDS))

fuzz-test-run-%: $(FUZZ_DIR)/% $(FUZZ_DIR)/seeds.stamp
	@[ -n "$(call fuzz_test_inputs,$*)" ] || { echo "fuzz-test: $* has no input count in FUZZ_TEST_INPUTS (tests/tests.mk)"; exit 1; }
	$(call fuzz_run,$*,-runs=$(call fuzz_test_inputs,$*) -seed=$(FUZZ_TEST_SEED))

## fuzz-test: every libFuzzer target for its FUZZ_TEST_INPUTS count from seed FUZZ_TEST_SEED (make test's fuzzing)
fuzz-test: $(FUZZ_TEST_RUNS)
	@echo "fuzz-test: no crash, leak or sanitizer report ($(FUZZ_TARGETS))"

## fuzz-build: the fuzz targets and their seeds (make test builds them in its first phase)
.PHONY: fuzz-build
fuzz-build: $(FUZZ_BINS) $(FUZZ_DIR)/seeds.stamp

## fuzz: libFuzzer targets (decoder on arbitrary input, round trip of arbitrary lines), FUZZ_SECONDS each (default 20), JOBS at a time
fuzz: $(FUZZ_BINS) $(FUZZ_DIR)/seeds.stamp
	@$(MAKE) --no-print-directory -j$(JOBS) --output-sync=target $(FUZZ_RUNS) FUZZ_RUN_SECONDS=$(FUZZ_SECONDS)
	@echo "fuzz: no crash, leak or sanitizer report ($(FUZZ_TARGETS))"

## fuzz-long: the same for FUZZ_LONG_SECONDS each (default 600)
fuzz-long: $(FUZZ_BINS) $(FUZZ_DIR)/seeds.stamp
	@$(MAKE) --no-print-directory -j$(JOBS) --output-sync=target $(FUZZ_RUNS) FUZZ_RUN_SECONDS=$(FUZZ_LONG_SECONDS)
	@echo "fuzz-long: no crash, leak or sanitizer report ($(FUZZ_TARGETS))"

