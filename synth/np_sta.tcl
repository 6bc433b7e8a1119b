# np_sta.tcl: static timing analysis of one mapped netlist with OpenSTA (Debian package opensta).
# Run by synth/np_synth.tcl as `sta -no_splash -exit synth/np_sta.tcl` with:
#   NP_LIB          liberty file (synth/nangate45_np.lib)
#   NP_STA_NETLIST  gate-level Verilog over the liberty's cells (np_synth.tcl writes it)
#   NP_TOP          its top module
#   NP_STA_SDC      the timing environment (synth/np_sta.sdc)
#   NP_SRAM_LIB     optional: the SRAM macros' liberty (synth/np_sram45.lib)
#   NP_STA_ENDPOINTS optional: 1 prints every endpoint's worst slack instead (synth/np_sta_groups.sh)
# Prints the worst setup path (report_checks, with the nets) and a closing line
#   NP-STA-WORST slack_ps=<slack>
# which np_synth.tcl reads to rank its mappings; docs/synthesis.md says what the figures mean.

foreach name {NP_LIB NP_STA_NETLIST NP_TOP NP_STA_SDC} {
  if {![info exists ::env($name)] || $::env($name) eq ""} {
    puts stderr "np_sta.tcl: environment variable $name is not set"
    exit 1
  }
}
read_liberty $::env(NP_LIB)
# The SRAM macros' liberty, when the design has macros (NP_SRAM_LIB, optional).
if {[info exists ::env(NP_SRAM_LIB)] && $::env(NP_SRAM_LIB) ne ""} { read_liberty $::env(NP_SRAM_LIB) }
read_verilog $::env(NP_STA_NETLIST)
link_design $::env(NP_TOP)
read_sdc $::env(NP_STA_SDC)
if {[info exists ::env(NP_STA_ENDPOINTS)] && $::env(NP_STA_ENDPOINTS) eq "1"} {
  report_checks -path_delay max -group_count 1000000 -endpoint_count 1 -format end
} else {
  report_checks -path_delay max -digits 2 -fields {nets}
  puts "NP-STA-WORST slack_ps=[format %.2f [sta::worst_slack -max]]"
}
