# Read by make after a harness model's generated V<top>.mk and verilated.mk
# (verilator_tb.mk VL_MODEL_MAKE_ARGS).
#
# A model is compiled as two translation units, whatever its size: the per-cycle ("fast") code
# at OPT_FAST and the rest at OPT_SLOW (construction, first settle, and the trace code), each one
# file that #includes the generated files (Verilator's own includer, as its one-file __ALL build
# for small models does). One clang++ per generated file parsed the same run-time inlines and
# paid the compiler's start (~0.2 CPU s: libLLVM's relocations) and the PCH load in every file:
# dpc_compressor's 20 files took 14.9 CPU s against 10.0 as two, bdi_compressor's 19 files 20.1
# against 10.9, dpc_decompressor's 17.8 against 10.4 (a built model's generated files compiled
# both ways with the same flags, one job, load 3-8); the harnesses' runs took the same time.
# verilator_tb.mk passes VM_PARALLEL_BUILDS=0, so V<top>__ALL.a holds the one object
# V<top>__ALL.o, made here from the two units (ld -r) instead of Verilator's single __ALL.cpp
# (which compiles the slow code at OPT_FAST too).
#
# Verilator counts the per-cycle trace code (V<top>__Trace__<n>.cpp) as fast-path, but a
# harness runs it only inside a failure's traced replay window and in short --dump runs, so it
# is compiled like the slow code (OPT_SLOW, -O0): bdi_compressor's four trace files took
# 23 CPU s at -O1. `override`: OPT_FAST is given on make's command line.
NP_MODEL_SLOW := $(VM_SLOW) $(filter $(VM_PREFIX)__Trace__%,$(VM_FAST))
NP_MODEL_FAST := $(filter-out $(NP_MODEL_SLOW),$(VM_FAST))

# Written whole or not at all (an interrupted includer must not leave half a unit to compile).
$(VM_PREFIX)__np_fast.cpp: $(addsuffix .cpp,$(NP_MODEL_FAST))
	$(VERILATOR_INCLUDER) -DVL_INCLUDE_OPT=include $^ > $@.tmp && mv $@.tmp $@
$(VM_PREFIX)__np_slow.cpp: $(addsuffix .cpp,$(NP_MODEL_SLOW))
	$(VERILATOR_INCLUDER) -DVL_INCLUDE_OPT=include $^ > $@.tmp && mv $@.tmp $@

$(VM_PREFIX)__np_slow.o: override OPT_FAST = $(OPT_SLOW)

$(VM_PREFIX)__ALL.o: $(VM_PREFIX)__np_fast.o $(VM_PREFIX)__np_slow.o
	$(LD) -r -o $@ $(filter %.o,$^)
