# SC unit (docs/sc.md): decompressor with the DeLUT loaded through a configuration port.
sc_TOPS := sc_decompressor
sc_RTL  := $(sort $(wildcard rtl/sc/*.v))
