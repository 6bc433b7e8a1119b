# PCU unit (docs/pcu.md): the MC packet coalescing unit (request grouping, pointer ring,
# request selector, merge unit).
pcu_TOPS := pcu
pcu_RTL  := $(sort $(wildcard rtl/pcu/*.v))
# The seed's RGR count sweep (5.4): synthesis-only wrappers of pcu with NumRgr = 64, 256, 1024.
# pcu_n1024 takes well over 10 minutes of Yosys + ABC (docs/pcu.md 8), so it is synthesised only
# on request: make synth-pcu_n1024 PCU_SYNTH_1024=1.
pcu_SYNTH_TOPS := pcu_n64 pcu_n256 $(if $(PCU_SYNTH_1024),pcu_n1024)
