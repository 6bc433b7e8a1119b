# sim/sim.mk: the C system simulator npsim (docs/sim.md).
#
#   make sim        build $(BUILD)/bin/npsim; baseline vs every reply compressor on the default
#                   workload and machine; table in $(BUILD)/sim/summary.txt (+ summary.json)
#   make sim-test   cmocka tests of the simulator (ASan+UBSan build), $(BUILD)/sim-tests/
#   make sim-bench  simulated cycles per CPU second, 8x8 mesh (1- and 5-flit) and 16x16 (1-flit),
#                   uniform at 0.2; and the
#                   GPU model on the default workload, core = none vs core = sm (npsim gpu-bench), also
#                   with dram = gddr5 on the default machine and on the Fermi preset (before: dram = fixed)
#   make sim-core   the core model under gto / lrr / youngest on the default workload (default machine
#                   and seed 004's, sim/configs/seed004_core.cfg) and on both real Accel-Sim traces;
#                   $(BUILD)/sim/core_*/core_compare.{txt,json}
#   make sim-micro  the memory system's microbenchmarks (dram = gddr5, sim/configs/fermi_gtx480.cfg) in full,
#                   each beside its derived limit, and the loaded-latency curve; $(BUILD)/sim/micro/
#                   (make sim-test runs them at small size: tests/test_sim_memmicro.c)
#   make sim-sweep  latency / accepted throughput vs offered load, saturation, PNGs in $(BUILD)/sim/
#   make sim-booksim  latency vs offered load 0.05..0.40, 1- and 5-flit, in BookSim2's configuration
#                   (sim/configs/booksim_mesh.cfg; issue 19's BookSim figures printed beside)
#   make sim-booksim-compare  npsim beside the stock BookSim2 (built into $(BUILD)/booksim2 from
#                   ../shared/tools), 1-/5-flit at 0.20/0.35: latency, accepted, speed and its ratio
#   make sim-booksim-patterns  the same two on uniform / transpose / bitcomp / hotspot (GPU MCs), 8x8,
#                   and uniform 16x16 (1-flit): latency at 10..100% of npsim's saturation load, accepted past it
#   make sim-ba     L1 lru vs the BA tag unit (tag-lru, ba) on every generated workload, with the
#                   rd0/rd1/rd2 breakdown; $(BUILD)/sim/ba_compare.{txt,json}
#   make sim-l1-sweep  seed 002's L1 capacity / associativity sweep (LRU, rd0/rd1/rd2 per point), one
#                   GNU parallel job per workload; $(BUILD)/sim/l1_sweep/W/l1_sweep.{txt,json,dat,gp,png}
#   make sim-pcu    packet coalescing units at the MCs: XY-XY and XY-YX, RGRs off/64..1024, on the
#                   workloads with inter-core sharing; $(BUILD)/sim/pcu_sweep.{txt,json,dat,png}
#   make sim-latte  compressed L1 (seed 004): none vs Static-BDI vs Static-SC vs LATTE-CC vs
#                   Adaptive-Hit-Count on graph (seed 004's machine); IPC, miss rate, capacity,
#                   modes per EP, energy; $(BUILD)/sim/latte/latte_compare.{txt,json,dat,gp,png}
#
# The simulator links the C model library (NP_LIB): compressors and the DOR / multicast route
# computation live there only.

NPSIM          := $(BUILD)/bin/npsim
SIM_DIR        := $(BUILD)/sim
SIM_TEST_DIR   := $(BUILD)/sim-tests
# sim/ in parts (docs/sim.md "Source layout"): util (config, tokenizer, PRNG, counters), net
# (routers, network, synthetic traffic), mem (caches, compressed L1, memory image, reply codecs),
# gpu (SMs, core model, MCs), trace (trace formats, importers, generators), exp (experiments'
# tables and reports); cmd holds the command line's commands, one file each (the experiments),
# and main.c their table. The tests link every part but the command line.
SIM_PARTS      := util net mem gpu trace exp
SIM_CMD_SRC    := sim/main.c $(sort $(wildcard sim/cmd/*.c))
SIM_LIB_SRC    := $(sort $(foreach p,$(SIM_PARTS),$(wildcard sim/$(p)/*.c)))
SIM_SRC        := $(SIM_CMD_SRC) $(SIM_LIB_SRC)
SIM_HDR        := $(sort $(foreach p,$(SIM_PARTS) cmd,$(wildcard sim/$(p)/*.h)))
# npsim shares the nocpress tool's option parser (one getopt_long parser for both tools), gnuplot
# runner (no shell), file I/O (np_fileio: temp file + rename, regular inputs) and progress line
# (np_progress), which the simulator's own parts use too, so its tests and fuzzers link them.
SIM_OUT_SRC    := cmodel/tool/np_fileio.c cmodel/tool/np_progress.c
SIM_CLI_SRC    := cmodel/tool/cli_opts.c cmodel/tool/np_gnuplot.c cmodel/tool/np_provenance.c cmodel/tool/hexvec.c \
                  $(SIM_OUT_SRC)
# The simulator's parts share the tools' latency rule (synthesis report, harness log, published
# table: np_latency.h), as the SystemC components do; it needs cJSON, so the fuzzers leave it out.
SIM_TOOL_SRC   := cmodel/tool/np_latency.c
SIM_OBJ        := $(patsubst sim/%.c,$(SIM_DIR)/obj/%.o,$(SIM_SRC)) \
                  $(patsubst cmodel/tool/%.c,$(SIM_DIR)/obj/%.o,$(SIM_CLI_SRC) $(SIM_TOOL_SRC))
SIM_SAN_OBJ    := $(patsubst sim/%.c,$(SIM_DIR)/obj-san/%.o,$(SIM_LIB_SRC)) \
                  $(patsubst cmodel/tool/%.c,$(SIM_DIR)/obj-san/%.o,$(SIM_OUT_SRC) $(SIM_TOOL_SRC))
SIM_TESTS      := $(sort $(wildcard tests/test_sim_*.c))
SIM_TEST_BINS  := $(patsubst tests/%.c,$(SIM_TEST_DIR)/%,$(SIM_TESTS))
SIM_CFLAGS     := $(CFLAGS_NP) -Isim -Icmodel/tool $(NP_CJSON_CFLAGS)
# liblzma: .traceg.xz traces (textscan); zlib: memory.npmem.gz images (memimg).
SIM_LIBS       := $(NP_CJSON_LIBS) -llzma -lz
SIM_SYNTH_JSON := $(BUILD)/synth/report.json
# Arguments every npsim call of these targets gets: data and synthesis report locations. A
# synth_report npsim is given must be usable, so it is named only when `make synth` wrote it;
# empty means the published latencies (each run's output and JSON say which were used).
SIM_SYNTH_ARG  := $(if $(wildcard $(SIM_SYNTH_JSON)),$(SIM_SYNTH_JSON))
SIM_ARGS       := data_dir=$(DATA_DIR) synth_report=$(SIM_SYNTH_ARG)

.PHONY: sim sim-test sim-bench sim-micro sim-sweep sim-booksim sim-booksim-compare sim-booksim-patterns sim-ba sim-pcu sim-core sim-latte sim-l1-sweep npsim
# Keep the sanitised objects: they are only named by a pattern rule, which would make them intermediate.
.SECONDARY: $(SIM_SAN_OBJ)

npsim: $(NPSIM)

# Each object depends on the headers it includes (-MMD: the .d files read at the end of this
# file), not on every header of sim/ and cmodel/include/: a header added to the C model (make
# template-test's new unit) rebuilt all ~60 objects, 20 CPU s, where two include what changed.
$(SIM_DIR)/obj/%.o: sim/%.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC,$@)$(CC) $(SIM_CFLAGS) -MMD -MP -c $< -o $@

# The commands use the command-line tools' helpers (option parser, gnuplot runner).
# ... and sim/cmd/kernel.c (workload = kernel:NAME) the SIMT runtime's and the ports' table
# (apps/kernels/kernels.mk links them into npsim).
$(SIM_DIR)/obj/cmd/%.o: sim/cmd/%.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC,$@)$(CC) $(SIM_CFLAGS) -Iapps/simt -Iapps/kernels -MMD -MP -c $< -o $@

$(SIM_DIR)/obj/%.o: cmodel/tool/%.c cmodel/tool/%.h | $(SIM_DIR)/obj
	$(Q)$(call np_say,CC,$@)$(CC) $(SIM_CFLAGS) -MMD -MP -c $< -o $@

# The git revision recorded in every JSON npsim writes (docs/sim.md "Provenance"); "unknown"
# outside a git tree. The file changes only when the revision does, so main.o is rebuilt then.
# (One file for both tools: NP_GIT_REV_FILE, cmodel/cmodel.mk.)
SIM_GIT_REV_FILE := $(NP_GIT_REV_FILE)

$(SIM_DIR)/obj/main.o: sim/main.c $(SIM_GIT_REV_FILE) | $(SIM_DIR)/obj
	$(Q)$(call np_say,CC,$@)$(CC) $(SIM_CFLAGS) -Icmodel/tool -DNP_GIT_REV='"'"$$(cat $(SIM_GIT_REV_FILE))"'"' -MMD -MP -c $< -o $@

$(SIM_DIR)/obj-san/%.o: sim/%.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC-SAN,$@)$(CC) $(SIM_CFLAGS) $(SAN_FLAGS) -MMD -MP -c $< -o $@

$(SIM_DIR)/obj-san/%.o: cmodel/tool/%.c cmodel/tool/%.h
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC-SAN,$@)$(CC) $(SIM_CFLAGS) $(SAN_FLAGS) -MMD -MP -c $< -o $@

$(SIM_DIR)/obj $(SIM_DIR)/obj-san $(SIM_TEST_DIR) $(BUILD)/bin:
	$(Q)mkdir -p $@

$(NPSIM): $(SIM_OBJ) $(NP_LIB) | $(BUILD)/bin
	$(Q)$(call np_say,LD,$@)$(CC) -o $@ $(SIM_OBJ) $(SIMT_OBJ) $(NP_LIB) $(SIM_LIBS) $(SIMT_LIBS)

# The simulator without its command line (every part, and the file helpers) as a library, for the
# router's Verilator harness (rtl/router/unit.mk: router_TB_LIBS), which drives npsim's router
# code per port (sim/net/router_bench.c); it links SIM_LIBS too (router_TB_LDFLAGS).
SIM_MODEL_LIB := $(SIM_DIR)/libnpsim.a
$(SIM_MODEL_LIB): $(patsubst sim/%.c,$(SIM_DIR)/obj/%.o,$(SIM_LIB_SRC)) \
                  $(patsubst cmodel/tool/%.c,$(SIM_DIR)/obj/%.o,$(SIM_OUT_SRC))
	$(Q)$(call np_say,AR,$@)rm -f $@ && ar rcs $@ $^

# The simulator's code is sanitised; it links the plain C model library (the library's own
# sanitised build is exercised by the C model's tests).
$(SIM_TEST_DIR)/test_sim_%: tests/test_sim_%.c tests/sim_test_util.h tests/test_tty.h $(SIM_SAN_OBJ) $(NP_LIB) $(SIM_HDR) | $(SIM_TEST_DIR)
	$(Q)$(call np_say,LD-SAN,$@)$(CC) $(SIM_CFLAGS) $(SAN_FLAGS) -o $@ $< $(SIM_SAN_OBJ) $(NP_LIB) $(SIM_LIBS) -lcmocka

## sim: the system-level table: baseline vs every reply compressor on the default workload
sim: $(NPSIM)
	mkdir -p $(SIM_DIR)
	$(NPSIM) compare $(SIM_ARGS) --out $(SIM_DIR)
	$(NPSIM) ba-compare $(SIM_ARGS) --pattern mix > $(SIM_DIR)/l1_policies.txt
	@{ echo; echo "L1: LRU vs BA (default workload; make sim-ba for every workload)"; cat $(SIM_DIR)/l1_policies.txt; } \
	  | tee -a $(SIM_DIR)/summary.txt
	@echo "sim: table in $(SIM_DIR)/summary.txt, per-run JSON in $(SIM_DIR)/summary.json"

## sim-test: simulator tests (cmocka; zero-load latency, conservation, deadlock freedom, determinism, file errors, multicast split)
# test_sim_cli runs the npsim program itself (command line, output paths, gnuplot, JSON) and
# npkernel (a kernel workload against its own trace; apps/kernels/kernels.mk builds it, included
# after this file, hence the path rather than $(NPKERNEL)).
sim-test: $(SIM_TEST_BINS) $(NPSIM) $(NOCPRESS) $(BUILD)/bin/npkernel
	@for t in $(SIM_TEST_BINS); do \
	  echo "== $$t"; \
	  SIM_TEST_DATA_DIR=$(DATA_DIR) SIM_TEST_ACCELSIM_DIR=$(SIM_ACCELSIM_DIR) SIM_TEST_NPSIM=$(NPSIM) SIM_TEST_NOCPRESS=$(NOCPRESS) \
	    SIM_TEST_TMP=$(SIM_TEST_DIR)/tmp $$t || exit 1; \
	done

## sim-bench: simulated cycles per CPU second, instructions per simulated cycle (callgrind) and memory, 8x8 1- and 5-flit, 16x16 1-flit, uniform at 0.2
# Wall-clock speed depends on the machine's load; the instruction count (callgrind, which counts
# exactly) does not, so the two together say what a core gives. callgrind runs fewer cycles
# (it is ~50x slower); the count includes start-up, which is below 0.5% of it.
# mesh_k:cycles:callgrind cycles:packet flits (5-flit: issue 19, where a cost paid per flit shows)
SIM_BENCH_RUNS := 8:100000:5000:1 8:100000:5000:5 16:10000:1000:1
sim-bench: $(NPSIM)
	@for run in $(SIM_BENCH_RUNS); do \
	  IFS=: read -r k cycles ir_cycles flits <<< "$$run"; \
	  $(NPSIM) bench $(SIM_ARGS) mesh_k=$$k injection_rate=0.2 packet_flits=$$flits --cycles $$cycles; \
	  if command -v valgrind >/dev/null; then \
	    ir=$$(valgrind --tool=callgrind --callgrind-out-file=/dev/null $(NPSIM) bench $(SIM_ARGS) mesh_k=$$k \
	          injection_rate=0.2 packet_flits=$$flits --cycles $$ir_cycles 2>&1 | sed -n 's/^==[0-9]*== Collected : *\([0-9]*\)$$/\1/p'); \
	    echo "  callgrind: $$((ir / ir_cycles)) instructions per simulated cycle ($$ir_cycles cycles)"; \
	  else echo "  callgrind: valgrind not installed (.ci/deps.sh)"; fi; \
	done
	$(NPSIM) gpu-bench $(SIM_ARGS)
	@echo "gpu-bench, the issue-26 memory system (dram = gddr5) on the default machine and the Fermi preset, each before (dram = fixed):"
	$(NPSIM) gpu-bench $(SIM_ARGS) dram=gddr5 dram_latency=100
	$(NPSIM) gpu-bench $(SIM_ARGS) -c sim/configs/fermi_gtx480.cfg dram=fixed l1_alloc=fill dram_latency=220 l2_kb=128
	$(NPSIM) gpu-bench $(SIM_ARGS) -c sim/configs/fermi_gtx480.cfg

## sim-micro: memory-system microbenchmarks in full beside their derived limits (pointer chases, streaming, random rows, L2 throughput), loaded-latency PNG
sim-micro: $(NPSIM)
	mkdir -p $(SIM_DIR)/micro
	$(NPSIM) mem-micro $(SIM_ARGS) -c sim/configs/fermi_gtx480.cfg --out $(SIM_DIR)/micro > $(SIM_DIR)/micro/mem_micro.txt; \
	  s=$$?; cat $(SIM_DIR)/micro/mem_micro.txt; exit $$s

## sim-core: core model (core = sm) under gto / lrr / youngest: default workload, both real Accel-Sim traces
SIM_ACCELSIM_DIR ?= ../shared/data/traces/accelsim
SIM_ACCELSIM     := vectoradd-100-32 matrixmul-32-32
sim-core: $(NPSIM)
	mkdir -p $(SIM_DIR)/core_mix $(SIM_DIR)/core_seed004
	$(NPSIM) core-compare $(SIM_ARGS) --out $(SIM_DIR)/core_mix
	$(NPSIM) core-compare -c sim/configs/seed004_core.cfg $(SIM_ARGS) --out $(SIM_DIR)/core_seed004
	@for k in $(SIM_ACCELSIM); do \
	  mkdir -p $(SIM_DIR)/core_$$k && \
	  $(NPSIM) core-compare $(SIM_ARGS) warps_per_sm=32 --trace $(SIM_ACCELSIM_DIR)/$$k/kernelslist.g \
	    --out $(SIM_DIR)/core_$$k || exit 1; \
	done

## sim-sweep: latency and accepted throughput vs offered load (8x8, uniform, XY), 1- and 5-flit packets; PNGs
sim-sweep: $(NPSIM)
	mkdir -p $(SIM_DIR)
	$(NPSIM) sweep $(SIM_ARGS) traffic=uniform routing_request=xy routing_reply=xy packet_flits=1 \
	  warmup_cycles=1000 measure_cycles=4000 drain_cycles=4000 --out $(SIM_DIR)/sweep_uniform_1flit
	$(NPSIM) sweep $(SIM_ARGS) traffic=uniform routing_request=xy routing_reply=xy packet_flits=5 \
	  warmup_cycles=1000 measure_cycles=4000 drain_cycles=4000 --out $(SIM_DIR)/sweep_uniform_5flit

## sim-booksim: latency vs offered load (0.05..0.40), 1- and 5-flit, in BookSim2's configuration, beside issue 19's BookSim figures
sim-booksim: $(NPSIM)
	sim/booksim_table.sh $(NPSIM)

## sim-booksim-compare: npsim beside the stock BookSim2 (built from ../shared/tools), 1- and 5-flit, 0.20 and 0.35 load: latency, accepted, cycles per CPU second, speed ratio
# Not part of `make test`: it builds BookSim2 (a few CPU minutes, once) and runs each point three
# times per simulator; skipped with a message where ../shared/tools has no BookSim2 tarball.
BOOKSIM_TARBALL ?= ../shared/tools/booksim2-28f4329.tar.gz
sim-booksim-compare: $(NPSIM)
	BOOKSIM_TARBALL=$(BOOKSIM_TARBALL) sim/booksim_compare.sh $(NPSIM) $(BUILD)

## sim-booksim-patterns: npsim beside BookSim2 on uniform, transpose, bitcomp and hotspot (the GPU's MC nodes) on the 8x8 mesh and uniform on 16x16, 1- and 5-flit: saturation throughput and latency at 10..90% of it
# Not part of `make test` (64 BookSim2 runs of 10 to 100 CPU s each); skipped like sim-booksim-compare.
sim-booksim-patterns: $(NPSIM)
	BOOKSIM_TARBALL=$(BOOKSIM_TARBALL) COMPARE_MODE=latency COMPARE_PATTERNS="uniform transpose bitcomp hotspot" \
	  sim/booksim_compare.sh $(NPSIM) $(BUILD)
	BOOKSIM_TARBALL=$(BOOKSIM_TARBALL) COMPARE_MODE=latency COMPARE_K=16 COMPARE_SAT_LOAD=0.35 COMPARE_FLITS=1 \
	  COMPARE_FRACTIONS="0.3 0.6 0.9 1.0" sim/booksim_compare.sh $(NPSIM) $(BUILD)

## sim-ba: L1 lru vs the C model's BA tag unit (tag-lru, ba) vs simple bypassing, one L1 per SM, on every generated workload; rd0/rd1/rd2 per workload
sim-ba: $(NPSIM)
	mkdir -p $(SIM_DIR)
	$(NPSIM) ba-compare $(SIM_ARGS) --out $(SIM_DIR)
	@echo "sim-ba: table in $(SIM_DIR)/ba_compare.txt, per-run JSON in $(SIM_DIR)/ba_compare.json"

## sim-pcu: packet coalescing (PCU C model at each MC, multicast replies): XY-XY / XY-YX x RGRs off, 64..1024 on stencil halos, mapreduce pairs, graph
sim-pcu: $(NPSIM)
	mkdir -p $(SIM_DIR)
	$(NPSIM) pcu-sweep $(SIM_ARGS) --out $(SIM_DIR)
	@echo "sim-pcu: table in $(SIM_DIR)/pcu_sweep.txt, per-run JSON in $(SIM_DIR)/pcu_sweep.json, plot $(SIM_DIR)/pcu_sweep.png"

## sim-l1-sweep: seed 002 Figs 7-11: L1 16..256 KiB (8 ways) and 16 KiB at 8..64 ways, LRU, hit rate and rd0/rd1/rd2 per point; one GNU parallel job per workload, PNGs
# Table 2's machine (14 SMs of 48 warps, 128 KB of L2 per MC) on the Fermi crossbar, as make paper's seed 002 rows.
SIM_L1_SWEEP_WORKLOADS := stencil graph mix atax
SIM_L1_SWEEP_ARGS      := -c sim/configs/fermi_crossbar.cfg core=sm sms=14 warps_per_sm=48 l2_kb=128
sim-l1-sweep: $(NPSIM)
	@bash sim/paper/deps.sh parallel
	@for w in $(SIM_L1_SWEEP_WORKLOADS); do mkdir -p $(SIM_DIR)/l1_sweep/$$w; done
	parallel --will-cite -j$(JOBS) --joblog $(SIM_DIR)/l1_sweep/joblog --results $(SIM_DIR)/l1_sweep/parallel \
	  $(NPSIM) l1-sweep $(SIM_L1_SWEEP_ARGS) $(SIM_ARGS) --pattern {} --out $(SIM_DIR)/l1_sweep/{} \
	  ::: $(SIM_L1_SWEEP_WORKLOADS) > /dev/null
	@for w in $(SIM_L1_SWEEP_WORKLOADS); do cat $(SIM_DIR)/l1_sweep/$$w/l1_sweep.txt; done
	@echo "sim-l1-sweep: $(SIM_DIR)/l1_sweep/WORKLOAD/l1_sweep.{txt,json,dat,gp,png}"

## sim-latte: compressed L1 (seed 004, docs/latte.md): none vs Static-BDI/SC vs LATTE-CC vs Adaptive-Hit-Count on graph; capacity and mode-per-EP plot
# SIM_LATTE_PER_WARP: accesses per warp (run length: LATTE-CC adapts once per 10-EP period, docs/sim.md)
SIM_LATTE_PER_WARP ?= 96
sim-latte: $(NPSIM)
	mkdir -p $(SIM_DIR)/latte
	$(NPSIM) latte-compare -c sim/configs/seed004_core.cfg $(SIM_ARGS) --pattern graph --per-warp $(SIM_LATTE_PER_WARP) \
	  --out $(SIM_DIR)/latte

# ---- libFuzzer targets of the simulator's parsers (FUZZ_SIM_TARGETS, run by make fuzz) ---------
# One source (tests/fuzz/fuzz_sim.c) per target kind, linked with the simulator's parser sources
# (tests/tests.mk's fuzz rule links NP_SRC only): the configuration, the shared tokenizer, the
# project's traces, Accel-Sim's (and the coalescer it turns addresses into lines with); the DRAM
# model, whose GTX480 defaults and checks the configuration uses; the tools' file I/O.
FUZZ_SIM_SRC  := sim/util/config.c sim/util/textscan.c sim/mem/dram.c sim/trace/trace.c sim/trace/traceg.c \
                 sim/trace/coalesce.c $(SIM_OUT_SRC)
FUZZ_SIM_BINS := $(addprefix $(FUZZ_DIR)/,$(FUZZ_SIM_TARGETS))
# Compiled once for the four targets, as tests/tests.mk does the library (each target compiling
# them again cost ~5 CPU s apiece).
FUZZ_SIM_OBJ  := $(patsubst %.c,$(FUZZ_DIR)/obj-sim/%.o,$(FUZZ_SIM_SRC))
.SECONDARY: $(FUZZ_SIM_OBJ)
$(FUZZ_DIR)/obj-sim/%.o: %.c $(SIM_HDR) $(NP_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC-FUZZ,$@)$(FUZZ_CC) $(FUZZ_LIB_FLAGS) -Isim -Icmodel/tool -c $< -o $@

$(FUZZ_SIM_BINS): $(FUZZ_DIR)/%: tests/fuzz/fuzz_sim.c $(FUZZ_SIM_OBJ) $(SIM_HDR) $(NP_HDR)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD-FUZZ,$@)$(FUZZ_CC) $(FUZZ_FLAGS) -Isim -Icmodel/tool -DFUZZ_SIM_KIND='"$*"' $< $(FUZZ_SIM_OBJ) -o $@ -lm -llzma

# Seeds from the fixtures of tests/traces/ (the Accel-Sim kernel, and the same workload through
# npsim convert as text v2 and binary v2) and the shipped configurations. fuzz_sim_trace_bin puts
# the magic in front of every input: its seed is the binary file without it.
FUZZ_SIM_FIXTURE := tests/traces/tiny-accelsim
$(FUZZ_DIR)/sim-seeds.stamp: $(NPSIM) $(wildcard $(FUZZ_SIM_FIXTURE)/*) $(wildcard sim/configs/*.cfg)
	@mkdir -p $(addprefix $(FUZZ_DIR)/seeds/,$(FUZZ_SIM_TARGETS))
	cp $(FUZZ_SIM_FIXTURE)/*.traceg $(FUZZ_DIR)/seeds/fuzz_sim_traceg/
	cp sim/configs/*.cfg $(FUZZ_DIR)/seeds/fuzz_sim_config/
	$(NPSIM) convert $(FUZZ_SIM_FIXTURE)/kernelslist.g $(FUZZ_DIR)/seeds/fuzz_sim_trace_text/tiny.trace
	$(NPSIM) convert $(FUZZ_SIM_FIXTURE)/kernelslist.g $(FUZZ_DIR)/seeds/fuzz_sim_trace_text/tiny.bin
	tail -c +9 $(FUZZ_DIR)/seeds/fuzz_sim_trace_text/tiny.bin > $(FUZZ_DIR)/seeds/fuzz_sim_trace_bin/tiny.body
	@touch $@
$(FUZZ_DIR)/seeds.stamp: $(FUZZ_DIR)/sim-seeds.stamp

# The units whose golden vectors npsim writes (vectors/vectors.mk NPSIM_VECTOR_UNITS: the router).
vectors vectors-check: $(if $(NPSIM_VECTOR_UNITS),$(NPSIM))

$(call np_deps_or_rebuild,$(SIM_OBJ) $(SIM_SAN_OBJ))
