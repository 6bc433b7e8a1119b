# DPC unit (docs/dpc.md): compressor with critical-map input, decompressor, MC data-filtering table.
dpc_TOPS := dpc_compressor dpc_decompressor dpc_filter_table
dpc_RTL  := $(sort $(wildcard rtl/dpc/*.v))
