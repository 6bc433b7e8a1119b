# Golden vectors (docs/vectors.md): written by the C model's CLI, committed under vectors/ so
# `git diff vectors/` shows every bitstream change. Every declared unit (rtl/<unit>/unit.mk) with a
# generator cmodel/tool/vectors_<unit>.c (VECTOR_UNITS, cmodel/cmodel.mk) has its folder
# vectors/<unit>, written by `nocpress vectors --unit <unit>`.

VECTOR_DIRS := $(addprefix vectors/,$(VECTOR_UNITS))
VECTORS_CHECK_DIR := $(BUILD)/vectors-check

.PHONY: vectors vectors-check

## vectors: regenerate vectors/<unit>/*.hex from the C model (nocpress vectors --unit <unit>)
vectors: $(NOCPRESS)
	@for d in $(VECTOR_DIRS); do \
	  echo "$(NOCPRESS) vectors --unit $${d#vectors/} --out $$d"; \
	  $(NOCPRESS) vectors --unit $${d#vectors/} --out $$d || exit 1; \
	done

## vectors-check: regenerate the vectors into $(BUILD)/vectors-check and fail on any difference from vectors/
vectors-check: $(NOCPRESS)
	rm -rf $(VECTORS_CHECK_DIR)
	@for d in $(VECTOR_DIRS); do \
	  $(NOCPRESS) vectors --unit $${d#vectors/} --out $(VECTORS_CHECK_DIR)/$${d#vectors/} || exit 1; \
	done
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
