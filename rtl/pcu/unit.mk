# PCU unit (docs/pcu.md): the MC packet coalescing unit (request grouping, pointer ring,
# request selector, merge unit).
pcu_TOPS := pcu
pcu_RTL  := $(sort $(wildcard rtl/pcu/*.v))
# The seed's RGR count sweep (5.4): synthesis-only wrappers of pcu with NumRgr = 64, 256, 1024.
# pcu_n256 and pcu_n1024 take tens of CPU minutes to hours of Yosys + ABC (docs/pcu.md 8), so
# `make synth` (and the main job) stops at 64 and 128; `make synth-pcu-sweep` adds them.
pcu_SYNTH_TOPS := pcu_n64 $(if $(PCU_SYNTH_SWEEP),pcu_n256 pcu_n1024)

.PHONY: synth-pcu-sweep
## synth-pcu-sweep: the PCU at 64, 128, 256 and 1024 RGRs (hours of CPU; docs/pcu.md 8)
synth-pcu-sweep:
	$(MAKE) --no-print-directory PCU_SYNTH_SWEEP=1 synth-pcu_n64 synth-pcu synth-pcu_n256 synth-pcu_n1024
