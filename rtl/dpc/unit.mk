# DPC unit (docs/dpc.md): compressor with critical-map input, decompressor, MC data-filtering table.
# (tops are added here as their RTL lands)
dpc_TOPS :=
dpc_RTL  := $(sort $(wildcard rtl/dpc/*.v))
