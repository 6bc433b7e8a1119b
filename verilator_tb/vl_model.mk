# Read by make after a harness model's generated V<top>.mk and verilated.mk
# (verilator_tb.mk VL_MODEL_MAKE_ARGS).
#
# Verilator counts the per-cycle trace code (V<top>__Trace__<n>.cpp) as fast-path, but a
# harness runs it only inside a failure's traced replay window and in short --dump runs, so it
# is compiled like the slow code (OPT_SLOW, -O0): bdi_compressor's four trace files took
# 23 CPU s at -O1. `override`: OPT_FAST is given on make's command line.
$(addsuffix .o,$(filter $(VM_PREFIX)__Trace__%,$(VM_SUPPORT_FAST))): override OPT_FAST = $(OPT_SLOW)
