# Golden vectors (docs/vectors.md): written by the C model's CLI, committed under vectors/ so
# `git diff vectors/` shows every bitstream change. Every declared unit (rtl/<unit>/unit.mk) with a
# generator cmodel/tool/vectors_<unit>.c (VECTOR_UNITS, cmodel/cmodel.mk) has its folder
# vectors/<unit>, written by `nocpress vectors --unit <unit>`. A unit whose golden model is npsim's
# (the router: its reference is npsim's router code, which the C library does not hold) names in
# <unit>_VECTORS_NPSIM the npsim command that writes its folder (`npsim <command> --out DIR`).

NPSIM_VECTOR_UNITS := $(foreach u,$(UNITS),$(if $($(u)_VECTORS_NPSIM),$(u)))
VECTOR_DIRS := $(addprefix vectors/,$(VECTOR_UNITS) $(NPSIM_VECTOR_UNITS))
VECTORS_CHECK_DIR := $(BUILD)/vectors-check
# $(call vectors_cmd,UNIT,DIR): the command that writes UNIT's vectors into DIR. (npsim is a
# prerequisite of both targets in sim/sim.mk, which defines NPSIM after this file is read.)
vectors_cmd = $(if $($(1)_VECTORS_NPSIM),$(NPSIM) $($(1)_VECTORS_NPSIM),$(NOCPRESS) vectors --unit $(1)) --out $(2)

.PHONY: vectors vectors-check

## vectors: regenerate vectors/<unit>/*.hex from the C model (nocpress vectors --unit <unit>; npsim's for the router)
vectors: $(NOCPRESS)
	@$(foreach u,$(VECTOR_UNITS) $(NPSIM_VECTOR_UNITS),\
	  echo "$(call vectors_cmd,$(u),vectors/$(u))"; $(call vectors_cmd,$(u),vectors/$(u)) || exit 1;)

## vectors-check: regenerate the vectors into $(BUILD)/vectors-check and fail on any difference from vectors/
vectors-check: $(NOCPRESS)
	rm -rf $(VECTORS_CHECK_DIR)
	@$(foreach u,$(VECTOR_UNITS) $(NPSIM_VECTOR_UNITS),\
	  $(call vectors_cmd,$(u),$(VECTORS_CHECK_DIR)/$(u)) > /dev/null || exit 1;)
	@status=0; \
	for d in $(VECTOR_DIRS); do \
	  fresh=$(VECTORS_CHECK_DIR)/$${d#vectors/}; \
	  if ! diff -r -q $$d $$fresh; then \
	    status=1; \
	    for f in $$fresh/*.hex; do \
	      cmp -s $$f $$d/$$(basename $$f) || { echo "first differences in $$d/$$(basename $$f):"; \
	        diff $$d/$$(basename $$f) $$f | head -n 8 | cut -c1-160 || true; }; \
	    done; \
	  fi; \
	done; \
	if [ $$status -ne 0 ]; then \
	  echo "vectors-check: FAILED: committed vectors differ from the C model (run 'make vectors' if intended)"; \
	  exit 1; \
	fi; \
	echo "vectors-check: $(VECTOR_DIRS) identical to a fresh regeneration"
