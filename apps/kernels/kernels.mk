# apps/simt (the SIMT runtime and tracer) and apps/kernels (the benchmark ports, npkernel);
# docs/kernels.md, issue 25. Included by apps/apps.mk. A port is apps/kernels/<suite>/<name>.c
# plus one line in apps/kernels/kernel_list.h: the wildcards below pick the file up.

SIMT_TOOL_SRC := apps/kernels/npkernel.c
SIMT_SRC := $(sort $(wildcard apps/simt/*.c) $(filter-out $(SIMT_TOOL_SRC),$(wildcard apps/kernels/*.c)) \
              $(wildcard apps/kernels/*/*.c))
SIMT_HDR := $(sort $(wildcard apps/simt/*.h apps/kernels/*.h apps/kernels/*/*.h)) cmodel/tool/prng.h
SIMT_INC := -Iapps/simt -Iapps/kernels -Icmodel/tool
SIMT_OBJ := $(patsubst %.c,$(BUILD)/simt/obj/%.o,$(SIMT_SRC))
SIMT_SAN_OBJ := $(patsubst %.c,$(BUILD)/simt/obj-san/%.o,$(SIMT_SRC))
# Debian liblzma-dev: the .traceg.xz output; zlib1g-dev: memory.npmem.gz.
SIMT_LIBS := -llzma -lz -lm
NPKERNEL := $(BUILD)/bin/npkernel
KERNELS_OUT := $(BUILD)/kernels
# make kernels writes .traceg.xz and memory.npmem.xz (the plain traces of every kernel are GBs);
# KERNELS_XZ= writes them plain (what npsim's importer reads).
KERNELS_XZ ?= --xz
SIMT_TEST_DIR := $(BUILD)/simt/tests
ACCELSIM_TRACES ?= ../shared/data/traces/accelsim

.PHONY: kernels simt-test npkernel sim-kernel-bench

$(BUILD)/simt/obj/%.o: %.c $(SIMT_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC,$@)$(CC) $(CFLAGS_NP) $(SIMT_INC) -c $< -o $@

$(BUILD)/simt/obj-san/%.o: %.c $(SIMT_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC-SAN,$@)$(CC) $(CFLAGS_NP) $(SAN_FLAGS) $(SIMT_INC) -c $< -o $@

$(NPKERNEL): $(SIMT_TOOL_SRC) $(SIMT_OBJ) $(SIMT_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $(SIMT_INC) $(SIMT_TOOL_SRC) $(SIMT_OBJ) -o $@ $(SIMT_LIBS)

npkernel: $(NPKERNEL)

## kernels: run every benchmark application of apps/kernels/kernel_list.h on the SIMT runtime, check its output, write its Accel-Sim trace (xz; KERNELS_XZ= for plain) to build/kernels/<name>/ (docs/kernels.md)
kernels: $(NPKERNEL)
	$(NPKERNEL) run all -j $(JOBS) --trace $(KERNELS_OUT) $(KERNELS_XZ) | tee $(KERNELS_OUT).txt

## kernels-doc: docs/kernels.md's launches, warp and memory instructions, distinct lines, trace sizes and results of every port, from one traced npkernel run all (make kernels's run: default sizes, checks passed, build/kernels/ and build/kernels.txt)
.PHONY: kernels-doc
kernels-doc: $(NPKERNEL)
	@JOBS=$(JOBS) bash apps/kernels/kernels_doc.sh $(NPKERNEL) docs/kernels.md $(KERNELS_OUT)

# test_simt: the runtime and every application; test_kernel_readers: the ports' input readers.
SIMT_TESTS := test_simt test_kernel_readers

$(SIMT_TEST_DIR)/plain/%: tests/%.c $(SIMT_OBJ) $(SIMT_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $(SIMT_INC) $< $(SIMT_OBJ) -lcmocka -o $@ $(SIMT_LIBS)

$(SIMT_TEST_DIR)/san/%: tests/%.c $(SIMT_SAN_OBJ) $(SIMT_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD-SAN,$@)$(CC) $(CFLAGS_NP) $(SAN_FLAGS) $(SIMT_INC) $< $(SIMT_SAN_OBJ) -lcmocka -o $@ $(SIMT_LIBS)

## simt-test: the SIMT runtime (barriers, shared memory, atomics, divergence masks), every listed application's check at a small size, the tracer against the Accel-Sim traces (tests/test_simt.c), plain and ASan+UBSan
simt-test: $(addprefix $(SIMT_TEST_DIR)/plain/,$(SIMT_TESTS)) $(addprefix $(SIMT_TEST_DIR)/san/,$(SIMT_TESTS))
	NP_SIMT_TMP=$(SIMT_TEST_DIR)/tmp-plain NP_ACCELSIM=$(ACCELSIM_TRACES) $(SIMT_TEST_DIR)/plain/test_simt
	$(ASAN_ENV) NP_SIMT_TMP=$(SIMT_TEST_DIR)/tmp-san NP_ACCELSIM=$(ACCELSIM_TRACES) $(SIMT_TEST_DIR)/san/test_simt
	@mkdir -p $(SIMT_TEST_DIR)/tmp-plain $(SIMT_TEST_DIR)/tmp-san
	NP_SIMT_TMP=$(SIMT_TEST_DIR)/tmp-plain $(SIMT_TEST_DIR)/plain/test_kernel_readers
	$(ASAN_ENV) NP_SIMT_TMP=$(SIMT_TEST_DIR)/tmp-san $(SIMT_TEST_DIR)/san/test_kernel_readers

apps-test: simt-test

# npsim runs a suite application by name (workload = kernel:NAME, sim/cmd/kernel.c): it links the
# runtime and the ports (the link line is sim/sim.mk's, which names SIMT_OBJ and SIMT_LIBS).
$(NPSIM): $(SIMT_OBJ)
# test_sim_cli compares workload = kernel:NAME with npkernel's trace of the same application.
sim-test: $(NPKERNEL)

# test_sim_kernels (a sim-test program): npsim's model on a traced SIMT application, so it links
# the runtime beside the simulator's sanitised parts.
$(SIM_TEST_DIR)/test_sim_kernels: tests/test_sim_kernels.c $(SIM_SAN_OBJ) $(SIMT_SAN_OBJ) $(NP_LIB) $(SIM_HDR) $(SIMT_HDR) | $(SIM_TEST_DIR)
	$(Q)$(call np_say,LD-SAN,$@)$(CC) $(SIM_CFLAGS) $(SAN_FLAGS) $(SIMT_INC) -o $@ $< $(SIM_SAN_OBJ) $(SIMT_SAN_OBJ) \
	  $(NP_LIB) $(SIM_LIBS) $(SIMT_LIBS) -lcmocka

# npsim's speed on suite applications (docs/kernels.md "Speed"): one gpu-bench per application,
# run by name (workload = kernel:NAME) on the default machine with a reply compressor, so the
# image follows the application's memory as in a real run.
KERNEL_BENCH ?= red hs bfs
KERNEL_BENCH_ARGS ?= compressor=bdi

## sim-kernel-bench: npsim on red, hs and bfs run by name (core = sm, compressor bdi): the runtime's trace records/s written, npsim's records/s read, simulated cycles/s and warp instructions/s; a measurement (the machine's load average is printed with it)
sim-kernel-bench: $(NPSIM)
	@for k in $(KERNEL_BENCH); do $(NPSIM) gpu-bench --kernel $$k $(SIM_ARGS) $(KERNEL_BENCH_ARGS) --cycles 1 || exit 1; done
	@echo "sim-kernel-bench: a measurement on this machine: load average $$(cut -d' ' -f1-3 /proc/loadavg) on $$(nproc) cores"
