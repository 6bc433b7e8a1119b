# C golden model (docs/dsm.md): the library libnocpress from every cmodel/src/*.c (later units
# just add files there), a sanitizer build of it for the tests, the nocpress CLI, dsm_bench and
# dpc_bench (docs/dpc.md). Exports NP_LIB, NP_LIB_SAN, NOCPRESS, NOCPRESS_SAN, DSM_BENCH,
# DPC_BENCH for other fragments.

NP_SRC      := $(sort $(wildcard cmodel/src/*.c))
NP_HDR      := $(sort $(wildcard cmodel/include/*.h))
NP_TOOL_SRC := $(sort $(wildcard cmodel/tool/*.c))

NP_LIB       := $(BUILD)/lib/libnocpress.a
NP_LIB_SAN   := $(BUILD)/lib-san/libnocpress.a
NOCPRESS     := $(BUILD)/bin/nocpress
NOCPRESS_SAN := $(BUILD)/cmodel/san/nocpress
DSM_BENCH    := $(BUILD)/bin/dsm_bench
DPC_BENCH    := $(BUILD)/bin/dpc_bench
CODEC_BENCH  := $(BUILD)/bin/codec_bench

NP_OBJ_DIR     := $(BUILD)/cmodel/obj
NP_SAN_OBJ_DIR := $(BUILD)/cmodel/obj-san
NP_OBJ         := $(patsubst cmodel/%.c,$(NP_OBJ_DIR)/%.o,$(NP_SRC))
NP_SAN_OBJ     := $(patsubst cmodel/%.c,$(NP_SAN_OBJ_DIR)/%.o,$(NP_SRC))
NP_TOOL_OBJ    := $(patsubst cmodel/%.c,$(NP_OBJ_DIR)/%.o,$(NP_TOOL_SRC))
NP_TOOL_SAN_OBJ := $(patsubst cmodel/%.c,$(NP_SAN_OBJ_DIR)/%.o,$(NP_TOOL_SRC))
BENCH_UTIL_OBJ := $(NP_OBJ_DIR)/bench/bench_util.o
NP_BENCH_OBJ   := $(NP_OBJ_DIR)/bench/dsm_bench.o $(BENCH_UTIL_OBJ)
DPC_BENCH_OBJ  := $(NP_OBJ_DIR)/bench/dpc_bench.o $(BENCH_UTIL_OBJ)
CODEC_BENCH_OBJ := $(NP_OBJ_DIR)/bench/codec_bench.o $(BENCH_UTIL_OBJ)

# BENCH_ARGS: extra dsm_bench options, e.g. BENCH_ARGS='--min-time 1'.
BENCH_ARGS ?=

.PHONY: cmodel bench bench-insns ratio bench-dpc bench-codecs savings

## cmodel: build the C model library (plain + sanitized), the nocpress CLI, dsm_bench and dpc_bench
cmodel: $(NP_LIB) $(NP_LIB_SAN) $(NOCPRESS) $(DSM_BENCH) $(DPC_BENCH) $(CODEC_BENCH)

## bench: DSM compress/decompress/approximation throughput on one core over DATA_DIR (both lane sizes)
bench: $(DSM_BENCH)
	$(DSM_BENCH) --lane-bytes 64 $(BENCH_ARGS) $(DATA_DIR)
	$(DSM_BENCH) --lane-bytes 128 $(BENCH_ARGS) $(DATA_DIR)

## bench-insns: DSM compress/decompress instructions per line per file (callgrind: reproducible on a busy machine)
bench-insns: $(DSM_BENCH)
	cmodel/bench/dsm_insns.sh $(DSM_BENCH) $(DATA_DIR)

## ratio: every lossless compressor of the registry per file of DATA_DIR (best marked, published averages beside), then DSM lossless and approximated
ratio: $(NOCPRESS)
	$(NOCPRESS) compare $(DATA_DIR)
	@echo
	$(NOCPRESS) ratio-table $(DATA_DIR)

## bench-dpc: DPC / DF-TRUC / DF-MAN compress/decompress throughput on one core over DATA_DIR
bench-dpc: $(DPC_BENCH)
	$(DPC_BENCH) $(BENCH_ARGS) $(DATA_DIR)

## bench-codecs: compress/decompress MB/s of every codec in the registry on one core over DATA_DIR, side by side
bench-codecs: $(CODEC_BENCH)
	$(CODEC_BENCH) $(BENCH_ARGS) $(DATA_DIR)

## savings: space savings per file in DATA_DIR: DSM, DPC, DF-TRUC and DF-MAN (maps 1000..1111, mix)
savings: $(NOCPRESS)
	$(NOCPRESS) savings-table $(DATA_DIR)

$(NP_OBJ_DIR)/%.o: cmodel/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_NP) -Icmodel/tool -MMD -MP -c $< -o $@

$(NP_SAN_OBJ_DIR)/%.o: cmodel/%.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_NP) $(SAN_FLAGS) -Icmodel/tool -MMD -MP -c $< -o $@

# Archives are rebuilt from scratch so an object whose source was removed does not linger.
$(NP_LIB): $(NP_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(NP_LIB_SAN): $(NP_SAN_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

$(NOCPRESS): $(NP_TOOL_OBJ) $(NP_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_NP) $(NP_TOOL_OBJ) $(NP_LIB) -o $@

$(NOCPRESS_SAN): $(NP_TOOL_SAN_OBJ) $(NP_LIB_SAN)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_NP) $(SAN_FLAGS) $(NP_TOOL_SAN_OBJ) $(NP_LIB_SAN) -o $@

$(DSM_BENCH): $(NP_BENCH_OBJ) $(NP_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_NP) $(NP_BENCH_OBJ) $(NP_LIB) -o $@

$(DPC_BENCH): $(DPC_BENCH_OBJ) $(NP_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_NP) $(DPC_BENCH_OBJ) $(NP_LIB) -o $@

$(CODEC_BENCH): $(CODEC_BENCH_OBJ) $(NP_LIB)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_NP) $(CODEC_BENCH_OBJ) $(NP_LIB) -o $@

-include $(NP_OBJ:.o=.d) $(NP_SAN_OBJ:.o=.d) $(NP_TOOL_OBJ:.o=.d) $(NP_TOOL_SAN_OBJ:.o=.d) \
         $(NP_BENCH_OBJ:.o=.d) $(DPC_BENCH_OBJ:.o=.d) $(CODEC_BENCH_OBJ:.o=.d)
