# apps/: the FP kernels (the SIMT ports of apps/kernels/) run under DSM's approximation unit and seed 001's bits predictor
# (docs/approx.md, issue 17). Included by the top Makefile after cmodel/cmodel.mk.
#
# The kernels, metrics, suite and predictor (every apps/*.c but the approx-error main) are also
# linked into nocpress for `nocpress approx-bits` (cmodel/tool/cmd_approx.c): they are appended
# to cmodel.mk's tool objects and libraries here, so cmodel.mk needs no knowledge of apps/.

# The study's kernels are the SIMT ports (apps/kernels.c calls apps/kernels/kernel_solve.h): the
# runtime and the ports come first, and every program linking the apps objects links them too.
include apps/kernels/kernels.mk

APPS_MAIN    := apps/approx_error.c
APPS_SRC     := $(filter-out $(APPS_MAIN),$(sort $(wildcard apps/*.c)))
APPS_HDR     := apps/apps.h
APPS_OBJ     := $(patsubst apps/%.c,$(BUILD)/apps/obj/%.o,$(APPS_SRC))
APPS_SAN_OBJ := $(patsubst apps/%.c,$(BUILD)/apps/obj-san/%.o,$(APPS_SRC))
# Debian libfann-dev (.ci/deps.sh): the MLP; libm for the kernels; the runtime's liblzma, zlib.
APPS_LIBS    := -lfann $(SIMT_LIBS)
APPS_LINK_OBJ     = $(APPS_OBJ) $(SIMT_OBJ)
APPS_LINK_SAN_OBJ = $(APPS_SAN_OBJ) $(SIMT_SAN_OBJ)
APPROX_ERROR := $(BUILD)/bin/approx-error
APPROX_OUT   := $(BUILD)/approx
APPS_TEST_DIR := $(BUILD)/apps/tests

NP_TOOL_OBJ     += $(APPS_LINK_OBJ)
NP_TOOL_SAN_OBJ += $(APPS_LINK_SAN_OBJ)
NP_TOOL_LIBS    += $(APPS_LIBS)
$(NOCPRESS): $(APPS_LINK_OBJ)
$(NOCPRESS_SAN): $(APPS_LINK_SAN_OBJ)
# cmd_approx.c includes apps/apps.h (cmodel.mk's .d files cover it after the first build).
$(NP_OBJ_DIR)/tool/cmd_approx.o $(NP_SAN_OBJ_DIR)/tool/cmd_approx.o: $(APPS_HDR)
$(NP_OBJ_DIR)/tool/cmd_approx.o $(NP_SAN_OBJ_DIR)/tool/cmd_approx.o: CFLAGS_NP += -Iapps

.PHONY: approx-error apps-test

# The suite's measuring and the predictor's training report progress through the tools' progress
# line (cmodel/tool/np_progress.c: libc only, silent unless a tool enables it), and errors.tsv is
# read and written through the tools' file I/O (np_fileio.c: regular inputs; temp file + rename),
# so every program linking these objects links both (nocpress has them among its tool objects).
APPS_PROGRESS_SRC := cmodel/tool/np_progress.c cmodel/tool/np_fileio.c

$(BUILD)/apps/obj/%.o: apps/%.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC,$@)$(CC) $(CFLAGS_NP) $(SIMT_INC) -MMD -MP -c $< -o $@

$(BUILD)/apps/obj-san/%.o: apps/%.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC-SAN,$@)$(CC) $(CFLAGS_NP) $(SAN_FLAGS) $(SIMT_INC) -MMD -MP -c $< -o $@

# Header dependencies from the compiler (-MMD), as sim/sim.mk's objects (np_deps_or_rebuild).
$(call np_deps_or_rebuild,$(APPS_OBJ) $(APPS_SAN_OBJ))

# The plots go through the tools' shared gnuplot runner (no shell), which writes its script
# through the tools' file writer (np_fileio: temp file + rename).
APPS_TOOL_SRC := cmodel/tool/np_gnuplot.c $(APPS_PROGRESS_SRC)

$(APPROX_ERROR): $(APPS_MAIN) $(APPS_TOOL_SRC) cmodel/tool/np_gnuplot.h cmodel/tool/np_fileio.h $(APPS_LINK_OBJ) $(NP_LIB) $(APPS_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) -Icmodel/tool $(APPS_MAIN) $(APPS_TOOL_SRC) $(APPS_LINK_OBJ) $(NP_LIB) -o $@ $(APPS_LIBS)

## approx-error: application error of k-means, GE, LUD, hotspot, SRAD, scalar product at 4..20 approximation bits, a PNG per kernel, the bits predictor's accuracy (docs/approx.md; the SIMT ports: about 16 CPU minutes)
approx-error: $(APPROX_ERROR)
	@mkdir -p $(APPROX_OUT)
	$(APPROX_ERROR) --data-dir $(DATA_DIR) --out $(APPROX_OUT) | tee $(APPROX_OUT)/approx_error.txt

$(APPS_TEST_DIR)/plain/test_apps: tests/test_apps.c $(APPS_LINK_OBJ) $(NP_LIB) $(APPS_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) -Iapps $< $(APPS_LINK_OBJ) $(APPS_PROGRESS_SRC) $(NP_LIB) -lcmocka -o $@ $(APPS_LIBS)

$(APPS_TEST_DIR)/san/test_apps: tests/test_apps.c $(APPS_LINK_SAN_OBJ) $(NP_LIB_SAN) $(APPS_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD-SAN,$@)$(CC) $(CFLAGS_NP) $(SAN_FLAGS) -Iapps $< $(APPS_LINK_SAN_OBJ) $(APPS_PROGRESS_SRC) $(NP_LIB_SAN) -lcmocka -o $@ $(APPS_LIBS)

## apps-test: the kernels, metrics, approximation path and predictor (tests/test_apps.c), plain and ASan+UBSan, after simt-test
apps-test: $(APPS_TEST_DIR)/plain/test_apps $(APPS_TEST_DIR)/san/test_apps $(NOCPRESS)
	$(TEST_ENV) NP_NOCPRESS=$(NOCPRESS) $(APPS_TEST_DIR)/plain/test_apps
	$(TEST_ENV) $(ASAN_ENV) NP_NOCPRESS=$(NOCPRESS) $(APPS_TEST_DIR)/san/test_apps

## approx-effects: the bits approx-bits answers for 1% and 10% error on the real inputs, and what they do to DSM's ratio and npsim's reply traffic (after make approx-error; docs/approx.md sec. 6)
approx-effects: $(NOCPRESS) $(NPSIM)
	@test -f $(APPROX_OUT)/errors.tsv || { echo "approx-effects: run make approx-error first ($(APPROX_OUT)/errors.tsv)"; exit 1; }
	apps/approx_effects.sh $(NOCPRESS) $(NPSIM) $(APPROX_OUT)/errors.tsv $(DATA_DIR) $(APPROX_OUT)
