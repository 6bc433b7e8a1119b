# Multicast route computation unit (docs/mcast.md): the DOR split of one router and the lookahead
# split for its four neighbours, each behind an input register (valid/ready).
mcast_TOPS := mcast_rc mcast_rc_lookahead
mcast_RTL  := $(sort $(wildcard rtl/mcast/*.v))

# Gate counts (two-input OR/AND) and areas of the combinational cores, beside the paper's "at
# most 59 OR gates per multicast RC" (seed 003 5.6; docs/mcast.md section 7).
.PHONY: synth-mcast-gates
## synth-mcast-gates: two-input gate counts and areas of the multicast RC cores vs the paper's 59 OR gates
synth-mcast-gates: $(mcast_RTL) synth/mcast_gates.sh
	@NP_RTL="$(mcast_RTL)" bash synth/mcast_gates.sh $(BUILD)/synth/mcast-gates
# SystemC (verilator_tb/systemc/systemc.mk): tops with an rtl form checked by make test
# (<unit>_SC_TOPS) and by verify-systemc-more only (<unit>_SC_MORE_TOPS, outside make test's budget).
# (a unit that is not a codec side: its entry in np_sc_ops.cpp's table names the top)
mcast_SC_MORE_TOPS := mcast_rc
