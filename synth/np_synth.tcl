# np_synth.tcl: synthesise one RTL top to the nocpress liberty estimate model (Yosys 0.23).
# Run as `yosys -c synth/np_synth.tcl` with these environment variables (synth/synth.mk sets them):
#   NP_TOP      top module
#   NP_RTL      Verilog sources, space separated (rtl/common and the top's unit)
#   NP_INCDIRS  include directories, space separated
#   NP_LIB      liberty file (synth/nangate45_np.lib)
#   NP_CONSTR   ABC constraint file (synth/abc.constr)
#   NP_NETLIST  where to write the mapped gate-level netlist
# Lines starting "NP-MARK" delimit the figures synth/np_report.c reads from the log; keep them in
# step with that parser.

yosys -import

set np_script [info script]
source [file join [file dirname $np_script] np_env.tcl]

set top      [np_env NP_TOP]
set rtl      [np_env NP_RTL]
set incdirs  [np_env NP_INCDIRS]
set lib      [np_env NP_LIB]
set constr   [np_env NP_CONSTR]
set netlist  [np_env NP_NETLIST]

set inc_args {}
foreach d $incdirs { lappend inc_args "-I$d" }

# -DSYNTHESIS hides simulation-only code (assertions) from synthesis.
read_verilog -DSYNTHESIS {*}$inc_args {*}$rtl
hierarchy -check -top $top

# Generic synthesis, then map flops and logic onto the liberty cells. The design is flattened so
# ABC sees one combinational network per top and ltp can follow paths across submodules.
synth -flatten -top $top
dfflibmap -liberty $lib
# The constraint file (driving cell, output load) makes ABC buffer high fanout and print
# `Delay = ... ps` (stime -p). No -D delay target: measured on the DSM tops, `abc -D 1125` (the
# 800 MHz stage budget) gave the same netlist as no target, so the clock only enters the report.
log "NP-MARK abc"
abc -liberty $lib -constr $constr
log "NP-MARK abc-end"
setundef -zero
# -purge drops named wires that no longer connect anything (e.g. Verilog loop variables), so
# hilomap only ties constants that really drive a cell pin or an output port.
opt_clean -purge
hilomap -hicell LOGIC1_X1 Z -locell LOGIC0_X1 Z
opt_clean

log "NP-MARK stat-all"
stat -liberty $lib
log "NP-MARK stat-seq"
stat -liberty $lib t:DFF_X1

# ltp needs the cells' port directions; flops are left out of the selection so every path
# starts at a flop output or input port and ends at a flop input or output port.
read_liberty -lib $lib
log "NP-MARK ltp"
ltp t:DFF_X1 %n
log "NP-MARK end"

write_verilog -noattr -noexpr $netlist
