# tests/formal/formal.mk: formal proofs (Yosys 0.23 SAT, ABC SAT sweeping, BDDs and bmc3) of each unit's RTL: round trips
# (decompressor inverts compressor), equality with a specification, bounded invariants.
#
#   make prove               every unit that has tests/formal/<unit>_prove.sh
#   make prove-<unit>        one unit
#   make prove-dsm-<prop>    one DSM property: lane64 lane128 line64 line128 sanity (dsm_prove.sh)
#
# Convention for a unit's script: `tests/formal/<unit>_prove.sh OUT_DIR` proves all of that
# unit's properties, prints one "PROVED ..." line per property (input width and time) and exits
# non-zero when any proof fails (plus one "CAUGHT ..." line per negative control, a property that
# must fail). Scripts source tests/formal/prove_lib.sh, whose np_prove runs one Yosys proof (and
# np_prove_aig one combinational miter through an AIG and ABC, np_prove_seq a sequential design's
# assertions by an ABC sequential engine) and
# prints that line. NP_RTL holds the unit's Verilog sources (rtl/common first).
# Logs go to $(BUILD)/formal/<unit>/. NP_PROVE_QUICK=1 (set by `make test`) lets a script skip
# properties that take minutes, printing a SKIPPED line for each (DPC lemmas E and B0, and the
# DPC sanity check; RCWM's Table 5.1 points other than the default).

FORMAL_DIR   := $(BUILD)/formal
FORMAL_UNITS := $(foreach u,$(UNITS),$(if $(wildcard tests/formal/$(u)_prove.sh),$(u)))
DSM_PROPS    := lane64 lane128 line64 line128 sanity

.PHONY: prove $(addprefix prove-,$(FORMAL_UNITS)) $(addprefix prove-dsm-,$(DSM_PROPS))

## prove: formal proofs (Yosys SAT) that every RTL decompressor inverts its RTL compressor
prove: $(addprefix prove-,$(FORMAL_UNITS))
	@echo "prove: all proofs passed ($(strip $(FORMAL_UNITS)))"

# DSM: one target per property so `make -j2 prove` can run two at once.
prove-dsm: $(addprefix prove-dsm-,$(DSM_PROPS))

$(addprefix prove-dsm-,$(DSM_PROPS)): prove-dsm-%:
	@NP_RTL="$(RTL_COMMON) $(dsm_RTL)" bash tests/formal/dsm_prove.sh $(FORMAL_DIR)/dsm $*

# Any other unit: its own script proves everything. (A static pattern rule: make skips implicit
# rules for .PHONY targets.)
$(addprefix prove-,$(filter-out dsm,$(FORMAL_UNITS))): prove-%:
	@NP_PROVE_QUICK="$(NP_PROVE_QUICK)" NP_RTL="$(RTL_COMMON) $($*_RTL)" \
	  bash tests/formal/$*_prove.sh $(FORMAL_DIR)/$*
