# RCWM unit (docs/rcwm.md): seed 000's request controller and windows manager (one per SM, beside
# the L1 and its MSHRs; the MC data-filtering table it feeds is the DPC unit's dpc_filter_table).
rcwm_TOPS := rcwm
# Table 5.1's other window sizes (8 and 32; the verified top has 16; docs/rcwm.md 5): synthesis-only
# parameter sets of rcwm (Makefile PARAM_TOPS); nothing but Window differs.
rcwm_PARAM_TOPS := rcwm_w8:rcwm:Window=8 rcwm_w32:rcwm:Window=32
rcwm_SYNTH_TOPS := rcwm_w8 rcwm_w32
rcwm_RTL  := $(sort $(wildcard rtl/rcwm/*.v))
