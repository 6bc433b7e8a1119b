# sim/paper/paper.mk: the seeds' system-level figures beside ours (docs/paper.md).
#
#   make paper             the seeds' own kernels (sim/paper/seed_kernels.tsv x mechanisms.tsv, on
#                          each seed's preset): a trace step (each application traced once into
#                          $(BUILD)/paper/traces/NAME), then every run through GNU parallel, gathered
#                          into $(BUILD)/paper/results.json with verdicts and kernel classes
#   make paper-quick       the same on one kernel per published class per seed (quick in seed_kernels.tsv)
#   make paper-experiments docs/paper.md's controlled experiments (sim/paper/experiments.tsv) after
#                          make paper in the same PAPER_DIR: its traces and runs reused, the one-key
#                          changes run, their tables into $(PAPER_DIR)/experiments/results.json
#   make paper-generated   the generated workloads of sim/paper/runs.tsv (the tables before issue 27)
#   make paper-slurm       the kernel set as Slurm job arrays (trace step, then runs), same gatherer
#                          (make paper-slurm-experiments: the experiments after it)
#   make paper-slurm-test  single-node Slurm started here (slurm-wlm, munge from Debian): a subset
#                          as an array, the same jobs through GNU parallel, per-job JSONs compared
#                          (not part of make test)
#   make paper-test        the gatherer's test (part of make sim-test)
#
# A job is `nppaper job --id ID` (or --index N under Slurm): it reads its line of the manifest
# and starts npsim with an argument vector, no shell; it writes $(PAPER_DIR)/jobs/ID.json with
# the binary's commit and hash, the wall time and simulated cycles/s.

PAPER_DIR      ?= $(BUILD)/paper
NPPAPER        := $(BUILD)/bin/nppaper
NPPAPER_SAN    := $(BUILD)/paper-test/nppaper-san
# The generated-workload set (paper-generated, paper-slurm-test) ...
PAPER_MANIFEST := sim/paper/runs.tsv
PAPER_FIGURES  := sim/paper/figures.tsv
PAPER_SEEDS    := sim/paper/seeds.tsv
PAPER_CLASSES  := sim/paper/classes.tsv
PAPER_TABLES   := --manifest $(PAPER_MANIFEST) --figures $(PAPER_FIGURES) --seeds $(PAPER_SEEDS) --classes $(PAPER_CLASSES)
# ... and the kernel set (paper, paper-quick, paper-slurm): its run table is generated into
# PAPER_DIR from the seeds' kernel lists and mechanisms; its published figures are class rows.
PAPER_SEED_KERNELS := sim/paper/seed_kernels.tsv
PAPER_MECHANISMS   := sim/paper/mechanisms.tsv
PAPER_KFIGURES     := sim/paper/kernel_figures.tsv
PAPER_KCLASSES     := sim/paper/kernel_classes.tsv
PAPER_TRACES       ?= $(PAPER_DIR)/traces
# PAPER_SELECT: --seed S words, to run and gather some seeds only (make paper PAPER_SELECT='--seed 004')
PAPER_SELECT       ?=
# apps/kernels/kernels.mk's NPKERNEL (that file is included after this one, so not named here)
PAPER_NPKERNEL     := $(BUILD)/bin/npkernel
PAPER_KTABLES       = --manifest $(PAPER_DIR)/runs.tsv --figures $(PAPER_KFIGURES) --seeds $(PAPER_SEEDS) \
                      --classes $(PAPER_KCLASSES) --kernels $(PAPER_SEED_KERNELS)
# The npsim the jobs run (another binary: make paper PAPER_NPSIM=path) and the cores they use.
PAPER_NPSIM    ?= $(NPSIM)
PAPER_JOBS     ?= $(JOBS)
# Arguments every job's npsim gets (the manifest may not set data_dir and synth_report), then
# PAPER_EXTRA: key=value words for every run, e.g. PAPER_EXTRA=core=sm for the SM core model.
PAPER_EXTRA    ?=
PAPER_ARGS     := data_dir=$(DATA_DIR) synth_report=$(SIM_SYNTH_ARG) $(PAPER_EXTRA)
# Seeds run by paper-slurm-test (a small subset; every seed's runs are independent of the others).
PAPER_SLURM_TEST_SEEDS ?= 001 002
# The commit the binary was built from: the work tree's HEAD, -dirty when sim/ or cmodel/ differ
# from it; give PAPER_COMMIT=... with PAPER_NPSIM=... built elsewhere.
PAPER_COMMIT   ?=
PAPER_COMMIT_CMD := c='$(PAPER_COMMIT)'; if [ -z "$$c" ]; then c=$$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown); \
  if [ -n "$$(git status --porcelain -- sim cmodel 2>/dev/null)" ]; then c=$$c-dirty; fi; fi

.PHONY: paper paper-slurm paper-slurm-test paper-test

# nppaper writes every file through the tools' one writer, draws through their gnuplot runner and
# checksums the npsim binary as the provenance checksums inputs.
NPPAPER_TOOL_SRC := cmodel/tool/np_fileio.c cmodel/tool/np_gnuplot.c cmodel/tool/np_provenance.c
NPPAPER_TOOL_HDR := cmodel/tool/np_fileio.h cmodel/tool/np_gnuplot.h cmodel/tool/np_provenance.h

$(NPPAPER): sim/paper/nppaper.c $(NPPAPER_TOOL_SRC) $(NPPAPER_TOOL_HDR) $(NP_LIB) | $(BUILD)/bin
	$(Q)$(call np_say,LD,$@)$(CC) $(SIM_CFLAGS) -o $@ $< $(NPPAPER_TOOL_SRC) $(NP_LIB) $(SIM_LIBS) -lm

$(NPPAPER_SAN): sim/paper/nppaper.c $(NPPAPER_TOOL_SRC) $(NPPAPER_TOOL_HDR) $(NP_LIB_SAN)
	$(Q)mkdir -p $(@D)
	$(Q)$(call np_say,LD-SAN,$@)$(CC) $(SIM_CFLAGS) $(SAN_FLAGS) -o $@ $< $(NPPAPER_TOOL_SRC) $(NP_LIB_SAN) $(SIM_LIBS) -lm

# paper_run MANIFEST, GATHER-COMMAND, LOG-DIR[, reuse]: every run of MANIFEST through GNU parallel
# (after the trace step when it names kernels), then nppaper GATHER-COMMAND --out LOG-DIR; the wall
# time in LOG-DIR/wall_time.txt. Jobs go to $(PAPER_DIR)/jobs. With reuse (the experiments): the
# jobs and traces already there stay, an application is traced only when its trace is missing, and
# a run of make paper's table ($(PAPER_DIR)/runs.tsv) runs only when its job JSON is missing.
define paper_run
	@bash sim/paper/deps.sh parallel
	@$(if $(4),mkdir -p $(PAPER_DIR)/jobs $(3) && rm -rf $(3)/parallel $(3)/parallel-traces,rm -rf $(PAPER_DIR)/jobs $(PAPER_DIR)/parallel $(PAPER_DIR)/parallel-traces && mkdir -p $(PAPER_DIR)/jobs)
	@start=$$(date +%s.%N); $(PAPER_COMMIT_CMD); \
	$(NPPAPER) ids --manifest $(1) $(PAPER_SELECT) > $(3)/ids.txt && \
	  $(NPPAPER) kernels --manifest $(1) $(PAPER_SELECT) > $(3)/kernels.txt || exit 1; \
	$(if $(4),$(call paper_reuse,$(3),$(1),$(PAPER_DIR)/jobs)) \
	failed=0; \
	if [ -s $(3)/kernels.txt ]; then \
	  echo "paper: trace step: $$(wc -l < $(3)/kernels.txt) applications into $(PAPER_TRACES)"; \
	  parallel --will-cite -j$(PAPER_JOBS) --joblog $(3)/joblog-traces --results $(3)/parallel-traces \
	    bash sim/paper/trace_kernel.sh $(PAPER_NPKERNEL) $(PAPER_TRACES) {} :::: $(3)/kernels.txt || failed=$$?; \
	  if [ $$failed -ne 0 ]; then echo "paper: $$failed trace(s) failed: $(3)/joblog-traces"; exit 1; fi; \
	fi; \
	traced=$$(date +%s.%N); \
	echo "paper: $$(wc -l < $(3)/ids.txt) runs of $(1), GNU parallel -j$(PAPER_JOBS), npsim $(PAPER_NPSIM) ($$c)"; \
	parallel --will-cite -j$(PAPER_JOBS) --joblog $(3)/joblog --results $(3)/parallel \
	  $(NPPAPER) job --manifest $(1) --npsim $(PAPER_NPSIM) --out $(PAPER_DIR)/jobs --commit $$c \
	  --traces $(PAPER_TRACES) $(PAPER_ARGS) --id {} :::: $(3)/ids.txt > $(3)/jobs.log || failed=$$?; \
	if [ $$failed -ne 0 ]; then echo "paper: $$failed job(s) failed: $(3)/joblog, outputs in $(3)/parallel"; fi; \
	$(NPPAPER) $(2) $(PAPER_SELECT) --jobs $(PAPER_DIR)/jobs --out $(3) || failed=1; \
	end=$$(date +%s.%N); \
	awk -v s=$$start -v t=$$traced -v e=$$end 'NR > 1 { n++; j += $$4; if ($$4 > m) m = $$4 } \
	  END { printf "paper: wall time %.1f s (trace step %.1f s; joblog: %d jobs, %.1f s of job time, longest %.1f s)\n", e - s, t - s, n, j, m }' \
	  $(3)/joblog | tee $(3)/wall_time.txt; \
	exit $$failed
endef

# paper_reuse LOG-DIR, MANIFEST, JOBS-DIR: (shell) keeps in LOG-DIR/kernels.txt the applications
# without a trace and in LOG-DIR/ids.txt the runs that are not make paper's with a job JSON in JOBS-DIR
# (a job is reused only when its JSON ran the manifest's workload, config and overrides: a job of
# an earlier run table, e.g. before a seed's input grew, is run again)
define paper_reuse
for k in $$(cat $(1)/kernels.txt); do [ -f $(PAPER_TRACES)/$$k/kernelslist.g ] || echo "$$k"; done > $(1)/kernels.tmp && \
	  mv $(1)/kernels.tmp $(1)/kernels.txt && $(NPPAPER) ids --manifest $(PAPER_DIR)/runs.tsv > $(1)/base-ids.txt || exit 1; \
	awk -F'\t' '!/^#/ && NF { print $$1 "\t" $$3 "\t" $$4 "\t" ($$5 == "-" ? "" : $$5) }' $(PAPER_DIR)/runs.tsv > $(1)/base-runs.txt; \
	while read -r id; do \
	  if grep -qxF "$$id" $(1)/base-ids.txt && [ -f $(3)/$$id.json ] && \
	    jq -r '[.id, .workload, .config, (.overrides | join(" "))] | @tsv' $(3)/$$id.json | grep -qxFf - $(1)/base-runs.txt; then :; \
	  else echo "$$id"; fi; \
	  done < $(1)/ids.txt > $(1)/ids.tmp && mv $(1)/ids.tmp $(1)/ids.txt; \
	echo "paper: $$($(NPPAPER) ids --manifest $(2) $(PAPER_SELECT) | wc -l) runs, $$(wc -l < $(1)/ids.txt) to run (the others: make paper's jobs in $(3))";
endef

# the kernel run table of a set (all or quick), regenerated whenever its inputs change
$(PAPER_DIR)/runs.tsv $(PAPER_DIR)/quick-runs.tsv: $(PAPER_SEED_KERNELS) $(PAPER_MECHANISMS) sim/paper/kernel_runs.sh
	@mkdir -p $(@D)
	@bash sim/paper/kernel_runs.sh $(PAPER_SEED_KERNELS) $(PAPER_MECHANISMS) > $(PAPER_DIR)/runs.tsv.tmp && mv $(PAPER_DIR)/runs.tsv.tmp $(PAPER_DIR)/runs.tsv
	@bash sim/paper/kernel_runs.sh $(PAPER_SEED_KERNELS) $(PAPER_MECHANISMS) quick > $(PAPER_DIR)/quick-runs.tsv.tmp && mv $(PAPER_DIR)/quick-runs.tsv.tmp $(PAPER_DIR)/quick-runs.tsv

.PHONY: paper-quick paper-generated paper-doc

## paper: the seeds' tables on the seeds' own kernels (seed_kernels.tsv x mechanisms.tsv on each seed's preset): trace step, runs through GNU parallel, verdicts and kernel classes (docs/paper.md)
paper: $(NPPAPER) $(PAPER_NPSIM) $(PAPER_NPKERNEL) $(PAPER_DIR)/runs.tsv
	$(call paper_run,$(PAPER_DIR)/runs.tsv,gather $(PAPER_KTABLES),$(PAPER_DIR))

## paper-quick: make paper on one kernel per published class per seed (the quick column of seed_kernels.tsv)
paper-quick: $(NPPAPER) $(PAPER_NPSIM) $(PAPER_NPKERNEL) $(PAPER_DIR)/quick-runs.tsv
	$(call paper_run,$(PAPER_DIR)/quick-runs.tsv,gather $(subst $(PAPER_DIR)/runs.tsv,$(PAPER_DIR)/quick-runs.tsv,$(PAPER_KTABLES)),$(PAPER_DIR))

# The controlled experiments (sim/paper/experiments.tsv): their run table in PAPER_DIR, with the
# mechanisms' runs they are compared with (make paper's ids, reused from its jobs)
PAPER_EXPERIMENTS := sim/paper/experiments.tsv
PAPER_XTABLES      = --manifest $(PAPER_DIR)/experiment-runs.tsv --experiments $(PAPER_EXPERIMENTS) \
                     --classes $(PAPER_KCLASSES) --kernels $(PAPER_SEED_KERNELS)
$(PAPER_DIR)/experiment-runs.tsv: $(PAPER_EXPERIMENTS) $(PAPER_SEED_KERNELS) $(PAPER_MECHANISMS) $(PAPER_KCLASSES) sim/paper/kernel_runs.sh
	@mkdir -p $(@D)
	@bash sim/paper/kernel_runs.sh $(PAPER_SEED_KERNELS) $(PAPER_MECHANISMS) experiments $(PAPER_EXPERIMENTS) $(PAPER_KCLASSES) > $@.tmp && mv $@.tmp $@

.PHONY: paper-experiments paper-slurm-experiments

## paper-experiments: docs/paper.md's controlled experiments (sim/paper/experiments.tsv: one-key changes of the seeds' runs) in the PAPER_DIR of make paper, reusing its traces and runs; tables in $(PAPER_DIR)/experiments/results.json
paper-experiments: $(NPPAPER) $(PAPER_NPSIM) $(PAPER_NPKERNEL) $(PAPER_DIR)/runs.tsv $(PAPER_DIR)/experiment-runs.tsv
	@mkdir -p $(PAPER_DIR)/experiments
	$(call paper_run,$(PAPER_DIR)/experiment-runs.tsv,experiments $(PAPER_XTABLES),$(PAPER_DIR)/experiments,reuse)

# PAPER_DOC_SETS: the run sets' folders (each with results.json and wall_time.txt), e.g. one
# make paper PAPER_DIR=build/paper-sNNN PAPER_SELECT='--seed NNN' per seed; a seed's tables come
# from the first folder that has them.
PAPER_DOC_SETS ?= $(PAPER_DIR)

# PAPER_XDOC: the experiments' results.json (make paper-experiments), whose tables make paper-doc
# writes when it exists
PAPER_XDOC ?= $(PAPER_DIR)/experiments/results.json

## paper-doc: docs/paper.md's generated blocks: kernel tables, verdicts, run lengths from $(PAPER_DIR)/results.json of make paper or paper-quick (several run sets: PAPER_DOC_SETS='DIR ...'), and the controlled experiments' tables from $(PAPER_XDOC) when make paper-experiments wrote it
paper-doc:
	@bash sim/paper/paper_doc.sh $(foreach d,$(PAPER_DOC_SETS),$(d)/results.json $(d)/wall_time.txt) docs/paper.md
	@if [ -f $(PAPER_XDOC) ]; then bash sim/paper/paper_doc.sh --experiments $(PAPER_XDOC) docs/paper.md; \
	  else echo "paper-doc: no $(PAPER_XDOC) (make paper-experiments): the experiments' blocks left as they were"; fi

## paper-generated: the generated workloads of sim/paper/runs.tsv through GNU parallel, one table + PNG per seed (the tables before issue 27)
paper-generated: $(NPPAPER) $(PAPER_NPSIM)
	$(call paper_run,$(PAPER_MANIFEST),gather $(PAPER_TABLES),$(PAPER_DIR))

# paper_slurm KERNEL-LIST, MANIFEST, ARRAY: the trace step's array over the applications of
# KERNEL-LIST (when it has any; sim/paper/trace.sbatch), then the runs of MANIFEST at the indices
# ARRAY (sbatch --array; sim/paper/paper.sbatch; none when empty) into $(PAPER_DIR)/slurm-jobs
define paper_slurm
	@if [ -s $(1) ]; then \
	  NPKERNEL=$(PAPER_NPKERNEL) PAPER_TRACES=$(PAPER_TRACES) PAPER_KERNEL_LIST=$(1) \
	  sbatch --wait --array=0-$$(($$(wc -l < $(1)) - 1)) -o $(PAPER_DIR)/slurm-out/trace_%A_%a.out sim/paper/trace.sbatch; fi
	@$(PAPER_COMMIT_CMD); array=$(3); [ -z "$$array" ] || \
	NPPAPER=$(NPPAPER) NPSIM=$(PAPER_NPSIM) PAPER_MANIFEST=$(2) PAPER_OUT=$(PAPER_DIR)/slurm-jobs \
	  PAPER_COMMIT=$$c PAPER_DATA_DIR=$(DATA_DIR) PAPER_SYNTH_REPORT=$(SIM_SYNTH_ARG) PAPER_EXTRA='$(PAPER_EXTRA)' \
	  PAPER_TRACES=$(PAPER_TRACES) \
	  sbatch --wait --array=$$array -o $(PAPER_DIR)/slurm-out/%A_%a.out sim/paper/paper.sbatch
endef

## paper-slurm: the kernel set as Slurm job arrays (sbatch --wait on a cluster): the trace step (sim/paper/trace.sbatch), then the runs (sim/paper/paper.sbatch), gathered by the same gatherer
paper-slurm: $(NPPAPER) $(PAPER_NPSIM) $(PAPER_NPKERNEL) $(PAPER_DIR)/runs.tsv
	@rm -rf $(PAPER_DIR)/slurm-jobs && mkdir -p $(PAPER_DIR)/slurm-jobs $(PAPER_DIR)/slurm-out
	@$(NPPAPER) kernels --manifest $(PAPER_DIR)/runs.tsv > $(PAPER_DIR)/kernels.txt
	$(call paper_slurm,$(PAPER_DIR)/kernels.txt,$(PAPER_DIR)/runs.tsv,$$($(NPPAPER) indices --manifest $(PAPER_DIR)/runs.tsv))
	$(NPPAPER) gather $(PAPER_KTABLES) --jobs $(PAPER_DIR)/slurm-jobs --out $(PAPER_DIR)

# the manifest indices (sbatch --array) of the experiments' runs paper_reuse left to run
PAPER_XDIR      = $(PAPER_DIR)/experiments-slurm
PAPER_XINDICES  = awk 'NR == FNR { p[$$0] = 1; next } $$0 in p { printf "%s%d", n++ ? "," : "", FNR - 1 }' \
                  $(PAPER_XDIR)/ids.txt $(PAPER_XDIR)/all-ids.txt

## paper-slurm-experiments: make paper-experiments as Slurm job arrays after make paper-slurm (its traces and runs reused), gathered by the same gatherer into $(PAPER_DIR)/experiments-slurm
paper-slurm-experiments: $(NPPAPER) $(PAPER_NPSIM) $(PAPER_NPKERNEL) $(PAPER_DIR)/runs.tsv $(PAPER_DIR)/experiment-runs.tsv
	@mkdir -p $(PAPER_XDIR) $(PAPER_DIR)/slurm-jobs $(PAPER_DIR)/slurm-out
	@$(NPPAPER) ids --manifest $(PAPER_DIR)/experiment-runs.tsv > $(PAPER_XDIR)/all-ids.txt && \
	  cp $(PAPER_XDIR)/all-ids.txt $(PAPER_XDIR)/ids.txt && \
	  $(NPPAPER) kernels --manifest $(PAPER_DIR)/experiment-runs.tsv > $(PAPER_XDIR)/kernels.txt || exit 1; \
	  $(call paper_reuse,$(PAPER_XDIR),$(PAPER_DIR)/experiment-runs.tsv,$(PAPER_DIR)/slurm-jobs)
	$(call paper_slurm,$(PAPER_XDIR)/kernels.txt,$(PAPER_DIR)/experiment-runs.tsv,$$($(PAPER_XINDICES)))
	$(NPPAPER) experiments $(PAPER_XTABLES) --jobs $(PAPER_DIR)/slurm-jobs --out $(PAPER_XDIR)

## paper-slurm-test: single-node Slurm (slurm-wlm, munge) started in a scratch dir; a subset of runs.tsv as an array, checked equal to GNU parallel's (not in make test)
paper-slurm-test: $(NPPAPER) $(PAPER_NPSIM)
	@bash sim/paper/deps.sh parallel slurm-wlm munge jq
	@$(PAPER_COMMIT_CMD); \
	bash sim/paper/slurm_test.sh $(BUILD)/paper-slurm-test $(NPPAPER) $(PAPER_NPSIM) "$$c" $(PAPER_MANIFEST) \
	  $(PAPER_FIGURES) $(PAPER_SEEDS) $(DATA_DIR) '$(SIM_SYNTH_ARG)' $(PAPER_SLURM_TEST_SEEDS) \
	  2>&1 | tee $(BUILD)/paper-slurm-test.log

## paper-test: the gatherer's test: malformed / missing job JSON and bad tables name the file; a complete set gives the expected table
paper-test: $(NPPAPER_SAN)
	@bash sim/paper/test_gather.sh $(NPPAPER_SAN) sim/paper/test $(BUILD)/paper-test/work

# The gatherer's test runs with the simulator's tests.
sim-test: paper-test
