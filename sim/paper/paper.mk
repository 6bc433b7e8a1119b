# sim/paper/paper.mk: the seeds' system-level figures beside ours (docs/paper.md).
#
#   make paper             every run of sim/paper/runs.tsv through GNU parallel on this machine,
#                          gathered into $(BUILD)/paper/results.json, one table and PNG per seed
#   make paper-slurm       the same runs as a Slurm job array (sbatch on a cluster), same gatherer
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
PAPER_MANIFEST := sim/paper/runs.tsv
PAPER_FIGURES  := sim/paper/figures.tsv
PAPER_SEEDS    := sim/paper/seeds.tsv
PAPER_CLASSES  := sim/paper/classes.tsv
PAPER_TABLES   := --manifest $(PAPER_MANIFEST) --figures $(PAPER_FIGURES) --seeds $(PAPER_SEEDS) --classes $(PAPER_CLASSES)
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

$(NPPAPER): sim/paper/nppaper.c | $(BUILD)/bin
	$(Q)$(call np_say,LD,$@)$(CC) $(SIM_CFLAGS) -o $@ $< $(SIM_LIBS) -lm

$(NPPAPER_SAN): sim/paper/nppaper.c
	$(Q)mkdir -p $(@D)
	$(Q)$(call np_say,LD-SAN,$@)$(CC) $(SIM_CFLAGS) $(SAN_FLAGS) -o $@ $< $(SIM_LIBS) -lm

## paper: the seeds' system-level figures beside ours: sim/paper/runs.tsv through GNU parallel, one table + PNG per seed (docs/paper.md)
paper: $(NPPAPER) $(PAPER_NPSIM)
	@bash sim/paper/deps.sh parallel
	@rm -rf $(PAPER_DIR)/jobs $(PAPER_DIR)/parallel && mkdir -p $(PAPER_DIR)/jobs
	@start=$$(date +%s.%N); $(PAPER_COMMIT_CMD); \
	$(NPPAPER) ids --manifest $(PAPER_MANIFEST) > $(PAPER_DIR)/ids.txt; \
	echo "paper: $$(wc -l < $(PAPER_DIR)/ids.txt) runs of $(PAPER_MANIFEST), GNU parallel -j$(PAPER_JOBS), npsim $(PAPER_NPSIM) ($$c)"; \
	failed=0; \
	parallel --will-cite -j$(PAPER_JOBS) --joblog $(PAPER_DIR)/joblog --results $(PAPER_DIR)/parallel \
	  $(NPPAPER) job --manifest $(PAPER_MANIFEST) --npsim $(PAPER_NPSIM) --out $(PAPER_DIR)/jobs --commit $$c \
	  $(PAPER_ARGS) --id {} :::: $(PAPER_DIR)/ids.txt > $(PAPER_DIR)/jobs.log || failed=$$?; \
	if [ $$failed -ne 0 ]; then echo "paper: $$failed job(s) failed: $(PAPER_DIR)/joblog, outputs in $(PAPER_DIR)/parallel"; fi; \
	$(NPPAPER) gather $(PAPER_TABLES) --jobs $(PAPER_DIR)/jobs --out $(PAPER_DIR); \
	end=$$(date +%s.%N); \
	awk -v s=$$start -v e=$$end 'NR > 1 { t += $$4; if ($$4 > m) m = $$4 } \
	  END { printf "paper: wall time %.1f s (joblog: %d jobs, %.1f s of job time, longest %.1f s)\n", e - s, NR - 1, t, m }' \
	  $(PAPER_DIR)/joblog | tee $(PAPER_DIR)/wall_time.txt; \
	exit $$failed

## paper-slurm: the same runs as one Slurm job array (sbatch --wait on a cluster; sim/paper/paper.sbatch), gathered by the same gatherer
paper-slurm: $(NPPAPER) $(PAPER_NPSIM)
	@rm -rf $(PAPER_DIR)/slurm-jobs && mkdir -p $(PAPER_DIR)/slurm-jobs $(PAPER_DIR)/slurm-out
	@$(PAPER_COMMIT_CMD); \
	NPPAPER=$(NPPAPER) NPSIM=$(PAPER_NPSIM) PAPER_MANIFEST=$(PAPER_MANIFEST) PAPER_OUT=$(PAPER_DIR)/slurm-jobs \
	  PAPER_COMMIT=$$c PAPER_DATA_DIR=$(DATA_DIR) PAPER_SYNTH_REPORT=$(SIM_SYNTH_ARG) PAPER_EXTRA='$(PAPER_EXTRA)' \
	  sbatch --wait --array=$$($(NPPAPER) indices --manifest $(PAPER_MANIFEST)) \
	  -o $(PAPER_DIR)/slurm-out/%A_%a.out sim/paper/paper.sbatch
	$(NPPAPER) gather $(PAPER_TABLES) --jobs $(PAPER_DIR)/slurm-jobs --out $(PAPER_DIR)

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
