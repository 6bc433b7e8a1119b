# C golden model (docs/dsm.md): the library libnocpress from every cmodel/src/*.c (later units
# just add files there), a sanitizer build of it for the tests, the nocpress CLI, dsm_bench and
# dpc_bench (docs/dpc.md). Exports NP_LIB, NP_LIB_SAN, NOCPRESS, NOCPRESS_SAN, DSM_BENCH,
# DPC_BENCH for other fragments.

# Quiet build: one line per step (`  CC      build/cmodel/obj/src/dsm.o`); `make V=1` prints the
# full commands. Q prefixes a recipe line, $(call np_say,STEP,WHAT) announces it; other fragments
# may use both.
## V=1: print the full commands of the C build steps (default: one line per step)
V ?= 0
ifeq ($(V),1)
Q :=
np_say =
else
Q := @
np_say = printf '  %-7s %s\n' '$(1)' '$(2)';
endif

NP_SRC      := $(sort $(wildcard cmodel/src/*.c))
NP_HDR      := $(sort $(wildcard cmodel/include/*.h))
# The tools' shared helpers that nocpress itself does not use stay out of it (np_latency.c needs
# cJSON: npsim and the SystemC components link it, sim/sim.mk and systemc.mk).
NP_TOOL_SHARED_ONLY := cmodel/tool/np_latency.c
NP_TOOL_SRC := $(filter-out $(NP_TOOL_SHARED_ONLY),$(sort $(wildcard cmodel/tool/*.c)))

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
# `nocpress reuse` reads traces with npsim's reader (one trace parser for both tools, issue 33):
# the simulator's trace formats (text v1/v2, binary v1/v2, Accel-Sim .traceg / kernelslist.g)
# and the tokenizer they share, compiled into the tool.
NP_TOOL_TRACE_SRC := sim/trace/trace.c sim/trace/traceg.c sim/trace/coalesce.c sim/util/textscan.c
NP_TOOL_OBJ    := $(patsubst cmodel/%.c,$(NP_OBJ_DIR)/%.o,$(NP_TOOL_SRC)) \
                  $(patsubst sim/%.c,$(NP_OBJ_DIR)/sim/%.o,$(NP_TOOL_TRACE_SRC))
NP_TOOL_SAN_OBJ := $(patsubst cmodel/%.c,$(NP_SAN_OBJ_DIR)/%.o,$(NP_TOOL_SRC)) \
                  $(patsubst sim/%.c,$(NP_SAN_OBJ_DIR)/sim/%.o,$(NP_TOOL_TRACE_SRC))
BENCH_UTIL_OBJ := $(NP_OBJ_DIR)/bench/bench_util.o
NP_BENCH_OBJ   := $(NP_OBJ_DIR)/bench/dsm_bench.o $(BENCH_UTIL_OBJ)
DPC_BENCH_OBJ  := $(NP_OBJ_DIR)/bench/dpc_bench.o $(BENCH_UTIL_OBJ)
CODEC_BENCH_OBJ := $(NP_OBJ_DIR)/bench/codec_bench.o $(BENCH_UTIL_OBJ)

# The CLI's own dependencies (the library has none): zlib's CRC-32 for the .npds checksums and the
# JSON provenance's input hashes; liblzma for the .traceg.xz traces npsim's trace reader
# (NP_TOOL_TRACE_SRC) takes; cJSON for --format json (cli_result.c, np_provenance.c).
# Asked once per make test, not at every make's start: the first make exports them to the makes
# below it (as NP_VL_ROOT); every folder's flags (sim, SystemC, the router's harness, synthesis's
# report writer) take these two.
ifeq ($(origin NP_CJSON_CFLAGS),undefined)
NP_CJSON_CFLAGS := $(shell pkg-config --cflags libcjson 2>/dev/null || echo -I/usr/include/cjson)
NP_CJSON_LIBS   := $(shell pkg-config --libs libcjson 2>/dev/null || echo -lcjson)
export NP_CJSON_CFLAGS NP_CJSON_LIBS
endif
NP_TOOL_LIBS := -lz -llzma $(NP_CJSON_LIBS)

# BENCH_ARGS: extra dsm_bench options, e.g. BENCH_ARGS='--min-time 1'.
BENCH_ARGS ?=

.PHONY: cmodel bench bench-insns ratio bench-dpc bench-codecs bench-codecs-ab bench-phases savings

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

# BENCH_CODECS: bench-codecs on these codecs only (comma-separated registry names), e.g. BENCH_CODECS=bdi,fpc.
BENCH_CODECS ?=
# BENCH_PROFILE: also print each count's N costliest source-file:function pairs per line, e.g. BENCH_PROFILE=6.
BENCH_PROFILE ?=
# BENCH_BRANCHES=1: also print the branches callgrind's simulated predictor misses per line.
BENCH_BRANCHES ?=

# BENCH_REPEAT: bench-codecs runs codec_bench this many rounds on each of BENCH_CPUS (taskset; "all":
# every CPU make may run on, "" not pinned), spread over the callgrind counts; the figure is the
# fastest pass of all runs (docs/codec-speed.md, twelfth round).
BENCH_REPEAT ?= 3
BENCH_CPUS ?= all

## bench-codecs: compress/decompress MB/s (fastest pass of BENCH_REPEAT rounds on each CPU, mean beside) and callgrind instructions per line of every registry codec on one core over DATA_DIR (BENCH_CODECS=a,b for some)
bench-codecs: $(CODEC_BENCH)
	cmodel/bench/codec_insns.sh $(if $(BENCH_CODECS),--codecs $(BENCH_CODECS)) $(if $(BENCH_PROFILE),--profile $(BENCH_PROFILE)) \
	  $(if $(BENCH_BRANCHES),--branches) --rounds $(BENCH_REPEAT) $(if $(BENCH_CPUS),--cpus $(BENCH_CPUS)) \
	  --bench-args '--best $(BENCH_ARGS)' \
	  $(CODEC_BENCH) $(DATA_DIR)

# bench-codecs-ab: BENCH_A, the codec_bench to compare with (e.g. one built in a worktree of an
# older commit); BENCH_B, the other (this tree's by default); BENCH_ROUNDS runs of each, in turn.
BENCH_A ?=
BENCH_B ?= $(CODEC_BENCH)
BENCH_ROUNDS ?= 5
# BENCH_CPUS (above) pins the runs here too: A and B in turn on each CPU, B/A the median of the pairs.
# BENCH_BEST=1 (the default): each run's figure is its fastest pass (codec_bench --best); empty
# for a BENCH_A built before codec_bench had the option.
BENCH_BEST ?= 1

## bench-codecs-ab: median MB/s of two codec_bench builds (BENCH_A=old binary, BENCH_B=this tree's) run in turn, BENCH_ROUNDS rounds per codec and direction
bench-codecs-ab: $(CODEC_BENCH)
	@[ -n "$(BENCH_A)" ] || { echo "bench-codecs-ab: set BENCH_A to the codec_bench to compare with (e.g. built at an older commit)" >&2; exit 2; }
	cmodel/bench/codec_ab.sh $(if $(BENCH_CODECS),--codecs $(BENCH_CODECS)) --rounds $(BENCH_ROUNDS) $(if $(BENCH_BEST),--best) \
	  $(if $(BENCH_CPUS),--cpus $(BENCH_CPUS)) \
	  $(BENCH_A) $(BENCH_B) $(DATA_DIR)

# bench-phases: BENCH_PHASE_SECONDS of samples (BENCH_CODECS: the first codec given, dsm by default).
BENCH_PHASE_SECONDS ?= 300
np_comma := ,

## bench-phases: this host's speed in time per CPU: a short pinned codec_bench run every 3 s on each CPU in turn for BENCH_PHASE_SECONDS (300), its slow phases
bench-phases: $(CODEC_BENCH)
	cmodel/bench/codec_phases.sh --codec $(or $(firstword $(subst $(np_comma), ,$(BENCH_CODECS))),dsm) --seconds $(BENCH_PHASE_SECONDS) \
	  $(if $(BENCH_CPUS),--cpus $(BENCH_CPUS)) $(CODEC_BENCH) $(DATA_DIR)

## savings: space savings per file in DATA_DIR: DSM, DPC, DF-TRUC and DF-MAN (maps 1000..1111, mix)
savings: $(NOCPRESS)
	$(NOCPRESS) savings-table $(DATA_DIR)

# The unit list for C: `nocpress vectors` dispatches over NP_UNIT_LIST, an X-macro of the
# declared units (rtl/<unit>/unit.mk) that have golden vectors, i.e. a generator
# cmodel/tool/vectors_<unit>.c (a unit checked without vectors, the router, has none).
# Rewritten only when the list changes, so a build that adds no unit recompiles nothing.
VECTOR_UNITS := $(foreach u,$(UNITS),$(if $(wildcard cmodel/tool/vectors_$(u).c),$(u)))
NP_GEN_DIR  := $(BUILD)/gen
NP_UNITS_H  := $(NP_GEN_DIR)/np_units.h
NP_UNITS_DEF = \#define NP_UNIT_LIST(X) $(foreach u,$(VECTOR_UNITS),X($(u)))
# (A recipe of its own, so make sees the new time stamp in the same run; FORCE runs it always.)
.PHONY: FORCE
FORCE:
# $(call np_deps_or_rebuild,OBJECTS): read the .d files (-MMD -MP) of objects whose rule writes
# one; an object that has none yet (built by an older rule that named whole header lists instead)
# is rebuilt once (FORCE), so no object is left stale for want of its header list.
np_deps_or_rebuild = $(foreach o,$(1),$(if $(wildcard $(o:.o=.d)),$(eval -include $(o:.o=.d)),$(eval $(o): FORCE)))
$(NP_UNITS_H): FORCE
	@mkdir -p $(NP_GEN_DIR); d=$$(printf '%s\n%s' '/* Generated by cmodel/cmodel.mk: the declared units (rtl/<unit>/unit.mk) with golden vectors. */' \
	  '$(NP_UNITS_DEF)'); \
	  if [ "$$(cat $@ 2>/dev/null)" != "$$d" ]; then printf '%s\n' "$$d" > $@; fi
$(NP_OBJ_DIR)/tool/cmd_vectors.o $(NP_SAN_OBJ_DIR)/tool/cmd_vectors.o: $(NP_UNITS_H)

# The models and their versions (np_version.h's NOCPRESS_MODELS): np_models.h, an X-macro over
# the <NAME>_MODEL_VERSION defines of cmodel/include/ (cmodel/models.sh), so a new model is listed
# without editing a file. Every compile that includes np_version.h needs it, so it is written
# before any rule runs: by the rule of np_models.mk, a makefile this one includes, which make
# remakes (then rereads its makefiles) when a header is newer; it is rewritten only when its
# content changes, and the includers' dependency files then recompile them. np_models.mk records
# the headers it was written from, so a header added or removed (the unit template test does
# both), or np_models.h gone, rewrites it at once. Most makes only stat the headers: running the
# script at every make's start (~20 per make test) cost 0.17 CPU s each. Installed beside the
# headers. Which models a library version was cut for: cmodel/models.tsv (make models-manifest).
NP_MODELS_DIR := $(NP_GEN_DIR)/include
NP_MODELS_H   := $(NP_MODELS_DIR)/np_models.h
NP_MODELS_MK  := $(NP_MODELS_DIR)/np_models.mk
NP_MODEL_HEADERS := $(sort $(wildcard cmodel/include/*.h))
np_models_write = bash cmodel/models.sh header $(NP_MODELS_H) && \
                  echo 'NP_MODELS_FROM := $(NP_MODEL_HEADERS)' > $(NP_MODELS_MK)
-include $(NP_MODELS_MK)
ifneq ($(NP_MODELS_FROM)|$(wildcard $(NP_MODELS_H)),$(NP_MODEL_HEADERS)|$(NP_MODELS_H))
NP_MODELS_ERR := $(shell mkdir -p $(NP_MODELS_DIR) && { $(np_models_write); } 2>&1 >/dev/null)
$(if $(NP_MODELS_ERR),$(error cmodel/models.sh header: $(NP_MODELS_ERR)))
endif
$(NP_MODELS_MK): $(NP_MODEL_HEADERS) cmodel/models.sh
	@$(np_models_write)
CFLAGS_NP += -I$(NP_MODELS_DIR)

.PHONY: models-manifest
## models-manifest: add the row of NOCPRESS_VERSION to cmodel/models.tsv (after a library version bump for changed models)
models-manifest:
	@bash cmodel/models.sh update

# The published figures: synth/published.tsv (the one table; the synthesis report reads it) as
# the library's np_published_rows, cmodel/src/np_published_table.c. Committed like the vectors,
# so every build of the library (static, shared, sanitised, fuzz) compiles it as any source;
# `make published-check` (part of make test) fails when the two differ.
NP_PUBLISHED_C := cmodel/src/np_published_table.c
.PHONY: published-table published-check
## published-table: regenerate cmodel/src/np_published_table.c from synth/published.tsv
published-table:
	awk -f synth/published_c.awk synth/published.tsv > $(NP_PUBLISHED_C).tmp && mv $(NP_PUBLISHED_C).tmp $(NP_PUBLISHED_C)
## published-check: cmodel/src/np_published_table.c is synth/published.tsv's current rendering
published-check:
	@awk -f synth/published_c.awk synth/published.tsv | cmp -s - $(NP_PUBLISHED_C) || \
	  { echo "published-check: $(NP_PUBLISHED_C) differs from synth/published.tsv (run 'make published-table')" >&2; exit 1; }
	@echo "published-check: $(NP_PUBLISHED_C) matches synth/published.tsv"

$(NP_OBJ_DIR)/%.o: cmodel/%.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC,$@)$(CC) $(CFLAGS_NP) -Icmodel/tool -I$(NP_GEN_DIR) -MMD -MP -c $< -o $@

$(NP_SAN_OBJ_DIR)/%.o: cmodel/%.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC-SAN,$@)$(CC) $(CFLAGS_NP) $(SAN_FLAGS) -Icmodel/tool -I$(NP_GEN_DIR) -MMD -MP -c $< -o $@

$(NP_OBJ_DIR)/tool/cmd_reuse.o $(NP_SAN_OBJ_DIR)/tool/cmd_reuse.o: CFLAGS_NP += -Isim
$(filter $(NP_OBJ_DIR)/tool/%,$(NP_TOOL_OBJ)) $(filter $(NP_SAN_OBJ_DIR)/tool/%,$(NP_TOOL_SAN_OBJ)): \
  CFLAGS_NP += $(NP_CJSON_CFLAGS)

# The git revision recorded in every JSON result of the tools (nocpress --format json, npsim's
# provenance: np_provenance.h); "unknown" outside a git tree. The file changes only when the
# revision does, so only the objects that embed it are rebuilt then.
NP_GIT_REV_FILE := $(NP_GEN_DIR)/git_rev
$(NP_GIT_REV_FILE): FORCE
	@mkdir -p $(@D); r=$$(git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown); \
	  if [ "$$(cat $@ 2>/dev/null)" != "$$r" ]; then echo "$$r" > $@; fi

$(NP_OBJ_DIR)/tool/nocpress.o: cmodel/tool/nocpress.c $(NP_GIT_REV_FILE)
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC,$@)$(CC) $(CFLAGS_NP) -Icmodel/tool -DNP_GIT_REV='"'"$$(cat $(NP_GIT_REV_FILE))"'"' -MMD -MP -c $< -o $@

$(NP_SAN_OBJ_DIR)/tool/nocpress.o: cmodel/tool/nocpress.c $(NP_GIT_REV_FILE)
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC-SAN,$@)$(CC) $(CFLAGS_NP) $(SAN_FLAGS) -Icmodel/tool -DNP_GIT_REV='"'"$$(cat $(NP_GIT_REV_FILE))"'"' -MMD -MP -c $< -o $@

$(NP_OBJ_DIR)/sim/%.o: sim/%.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC,$@)$(CC) $(CFLAGS_NP) -Isim -Icmodel/tool -MMD -MP -c $< -o $@

$(NP_SAN_OBJ_DIR)/sim/%.o: sim/%.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC-SAN,$@)$(CC) $(CFLAGS_NP) $(SAN_FLAGS) -Isim -Icmodel/tool -MMD -MP -c $< -o $@

# Archives are rebuilt from scratch so an object whose source was removed does not linger.
$(NP_LIB): $(NP_OBJ)
	@mkdir -p $(@D)
	$(Q)$(call np_say,AR,$@)rm -f $@ && ar rcs $@ $^

$(NP_LIB_SAN): $(NP_SAN_OBJ)
	@mkdir -p $(@D)
	$(Q)$(call np_say,AR,$@)rm -f $@ && ar rcs $@ $^

$(NOCPRESS): $(NP_TOOL_OBJ) $(NP_LIB)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $(NP_TOOL_OBJ) $(NP_LIB) -o $@ $(NP_TOOL_LIBS)

$(NOCPRESS_SAN): $(NP_TOOL_SAN_OBJ) $(NP_LIB_SAN)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD-SAN,$@)$(CC) $(CFLAGS_NP) $(SAN_FLAGS) $(NP_TOOL_SAN_OBJ) $(NP_LIB_SAN) -o $@ $(NP_TOOL_LIBS)

$(DSM_BENCH): $(NP_BENCH_OBJ) $(NP_LIB)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $(NP_BENCH_OBJ) $(NP_LIB) -o $@

$(DPC_BENCH): $(DPC_BENCH_OBJ) $(NP_LIB)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $(DPC_BENCH_OBJ) $(NP_LIB) -o $@

$(CODEC_BENCH): $(CODEC_BENCH_OBJ) $(NP_LIB)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD,$@)$(CC) $(CFLAGS_NP) $(CODEC_BENCH_OBJ) $(NP_LIB) -o $@

-include $(NP_OBJ:.o=.d) $(NP_SAN_OBJ:.o=.d) $(NP_TOOL_OBJ:.o=.d) $(NP_TOOL_SAN_OBJ:.o=.d) \
         $(NP_BENCH_OBJ:.o=.d) $(DPC_BENCH_OBJ:.o=.d) $(CODEC_BENCH_OBJ:.o=.d)

# ---- installable library (docs/embedding.md) ----------------------------------------------
# `make install PREFIX=... [DESTDIR=...]` installs the static and the shared library (SONAME
# libnocpress.so.MAJOR, versions in cmodel/include/np_version.h), every header of
# cmodel/include/ under include/nocpress/ plus the generated np_models.h and the umbrella
# <nocpress/nocpress.h> (generated from that list, so a new unit's header is in it without
# editing anything), bin/nocpress and
# lib/pkgconfig/nocpress.pc. `make uninstall` removes exactly those files. `make install-test`
# installs into a temporary prefix and builds docs/examples/size_reply.c against it alone.
PREFIX       ?= /usr/local
BINDIR       ?= $(PREFIX)/bin
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DESTDIR      ?=

NP_VERSION       := $(shell sed -n 's/^\#define NOCPRESS_VERSION "\(.*\)"/\1/p' cmodel/include/np_version.h)
NP_VERSION_MAJOR := $(firstword $(subst ., ,$(NP_VERSION)))
NP_SONAME        := libnocpress.so.$(NP_VERSION_MAJOR)
NP_SHLIB         := $(BUILD)/lib/libnocpress.so.$(NP_VERSION)
NP_UMBRELLA      := $(BUILD)/include/nocpress/nocpress.h
# Position-independent objects for the shared library only: the static library and every
# in-tree program keep the plain objects (no -fPIC cost in the benchmarks).
NP_PIC_OBJ_DIR   := $(BUILD)/cmodel/obj-pic
NP_PIC_OBJ       := $(patsubst cmodel/%.c,$(NP_PIC_OBJ_DIR)/%.o,$(NP_SRC))
NP_HDR_NAMES     := $(notdir $(NP_HDR))

.PHONY: install uninstall install-test shlib

## shlib: the shared library libnocpress.so (make install builds it too)
shlib: $(NP_SHLIB)

$(NP_PIC_OBJ_DIR)/%.o: cmodel/%.c
	@mkdir -p $(@D)
	$(Q)$(call np_say,CC-PIC,$@)$(CC) $(CFLAGS_NP) -fPIC -MMD -MP -c $< -o $@

# -z defs: an unresolved symbol is a link error here, not a load error in the user's program.
$(NP_SHLIB): $(NP_PIC_OBJ)
	@mkdir -p $(@D)
	$(Q)$(call np_say,LD-SO,$@)$(CC) -shared -Wl,-soname,$(NP_SONAME) -Wl,-z,defs $(NP_PIC_OBJ) -o $@

# Rewritten only when its content changes (a header added or removed), so installs stay quiet.
$(NP_UMBRELLA): $(NP_HDR) cmodel/cmodel.mk
	@mkdir -p $(@D)
	@{ echo '/* Every public header of libnocpress (generated by cmodel/cmodel.mk). */'; \
	   echo '#ifndef NOCPRESS_NOCPRESS_H'; echo '#define NOCPRESS_NOCPRESS_H'; \
	   for h in $(NP_HDR_NAMES); do echo "#include <nocpress/$$h>"; done; \
	   echo '#endif'; } > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@; fi

## install: install the library (static + shared), headers as <nocpress/...>, nocpress and nocpress.pc under PREFIX (default /usr/local; DESTDIR honoured)
install: $(NP_LIB) $(NP_SHLIB) $(NOCPRESS) $(NP_UMBRELLA)
	$(Q)install -d '$(DESTDIR)$(BINDIR)' '$(DESTDIR)$(LIBDIR)' '$(DESTDIR)$(INCLUDEDIR)/nocpress' '$(DESTDIR)$(PKGCONFIGDIR)'
	$(Q)$(call np_say,INSTALL,$(DESTDIR)$(BINDIR)/nocpress)install -m 755 $(NOCPRESS) '$(DESTDIR)$(BINDIR)/nocpress'
	$(Q)$(call np_say,INSTALL,$(DESTDIR)$(LIBDIR)/libnocpress.a)install -m 644 $(NP_LIB) '$(DESTDIR)$(LIBDIR)/libnocpress.a'
	$(Q)$(call np_say,INSTALL,$(DESTDIR)$(LIBDIR)/libnocpress.so.$(NP_VERSION) .so.$(NP_VERSION_MAJOR) .so)install -m 755 $(NP_SHLIB) '$(DESTDIR)$(LIBDIR)/libnocpress.so.$(NP_VERSION)'
	$(Q)ln -sf libnocpress.so.$(NP_VERSION) '$(DESTDIR)$(LIBDIR)/$(NP_SONAME)'
	$(Q)ln -sf $(NP_SONAME) '$(DESTDIR)$(LIBDIR)/libnocpress.so'
	$(Q)$(call np_say,INSTALL,$(DESTDIR)$(INCLUDEDIR)/nocpress/*.h)install -m 644 $(NP_HDR) $(NP_MODELS_H) $(NP_UMBRELLA) '$(DESTDIR)$(INCLUDEDIR)/nocpress/'
	@$(call np_say,INSTALL,$(DESTDIR)$(PKGCONFIGDIR)/nocpress.pc)printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' \
	  'Name: nocpress' \
	  'Description: bit-exact C models of NoC line compressors (DSM, DPC, BDI, FPC, C-Pack, BPC, SC) and GPU memory-traffic units' \
	  'Version: $(NP_VERSION)' \
	  'Libs: -L$${libdir} -Wl,-rpath,$${libdir} -lnocpress' \
	  'Cflags: -I$${includedir}' > '$(DESTDIR)$(PKGCONFIGDIR)/nocpress.pc'
	@$(call np_say,INSTALL,$(DESTDIR)$(PKGCONFIGDIR)/nocpress-static.pc)printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' '' \
	  'Name: nocpress-static' \
	  'Description: libnocpress linked statically (the archive itself: no run-time library path needed)' \
	  'Version: $(NP_VERSION)' \
	  'Libs: $${libdir}/libnocpress.a' \
	  'Cflags: -I$${includedir}' > '$(DESTDIR)$(PKGCONFIGDIR)/nocpress-static.pc'
	@echo "install: libnocpress $(NP_VERSION) ($(NP_SONAME)), $(words $(NP_HDR_NAMES)) headers + np_models.h + nocpress.h, nocpress, nocpress.pc + nocpress-static.pc under $(DESTDIR)$(PREFIX)"

## uninstall: remove exactly what `make install` put under the same PREFIX / DESTDIR
# The same list as install; include/nocpress/ goes only if nothing else is left in it.
uninstall:
	$(Q)$(call np_say,RM,nocpress libnocpress nocpress.pc under $(DESTDIR)$(PREFIX))rm -f '$(DESTDIR)$(BINDIR)/nocpress' '$(DESTDIR)$(LIBDIR)/libnocpress.a' \
	  '$(DESTDIR)$(LIBDIR)/libnocpress.so.$(NP_VERSION)' '$(DESTDIR)$(LIBDIR)/$(NP_SONAME)' \
	  '$(DESTDIR)$(LIBDIR)/libnocpress.so' '$(DESTDIR)$(PKGCONFIGDIR)/nocpress.pc' \
	  '$(DESTDIR)$(PKGCONFIGDIR)/nocpress-static.pc'
	$(Q)rm -f $(foreach h,$(NP_HDR_NAMES) np_models.h nocpress.h,'$(DESTDIR)$(INCLUDEDIR)/nocpress/$(h)')
	$(Q)rmdir '$(DESTDIR)$(INCLUDEDIR)/nocpress' 2>/dev/null || true

## install-test: install into a temporary prefix, build and run docs/examples/size_reply.c (C11 shared, C++17 static) against it via pkg-config, uninstall
install-test: $(NP_LIB) $(NP_SHLIB) $(NOCPRESS) $(NP_UMBRELLA)
	@MAKE='$(MAKE)' BUILD='$(BUILD)' tests/install/install_test.sh docs/examples/size_reply.c docs/embedding.md

-include $(NP_PIC_OBJ:.o=.d)
