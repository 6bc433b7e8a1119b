# np_synth.tcl: synthesise one RTL top to the nocpress liberty estimate model (Yosys 0.23) and
# time it with OpenSTA. Run as `yosys -c synth/np_synth.tcl` with these environment variables
# (synth/synth.mk sets them):
#   NP_TOP      top module
#   NP_RTL      candidate Verilog sources, space separated (rtl/common and the top's unit); only
#               the files that define a module of the top's hierarchy are read (step 1)
#   NP_INCDIRS  include directories, space separated
#   NP_LIB      liberty file (synth/nangate45_np.lib)
#   NP_CONSTR   ABC constraint file (synth/abc.constr)
#   NP_STA_SDC  OpenSTA timing environment (synth/np_sta.sdc)
#   NP_NETLIST  where to write the mapped gate-level netlist
#   NP_BLIF2V   the np_blif2v program (synth/np_blif2v.c), which writes each mapping's netlist
# Only for measuring the figure's stability (synth/np_clock_noise.sh; `make synth` sets neither):
#   NP_ABC_SEEDS  the ABC seeds to map with instead of the default {1 2 3}
#   NP_PERTURB    a Verilog file elaborated before the top's sources and then discarded: the same
#                 RTL reaches ABC as another network, a stand-in for an equivalent RTL edit
# Lines starting "NP-" (NP-MARK sections, NP-SOURCE, NP-GIT, NP-SEED, NP-CHOSEN) carry what
# synth/np_report.c reads from the log; keep them in step with that parser.
# docs/synthesis.md "The flow" explains each step and "Why the clock figure moved" the reasons.

yosys -import

set np_script [info script]
set np_dir [file dirname $np_script]
source [file join $np_dir np_env.tcl]

set top      [np_env NP_TOP]
set rtl      [np_env NP_RTL]
set incdirs  [np_env NP_INCDIRS]
set lib      [np_env NP_LIB]
set constr   [np_env NP_CONSTR]
set blif2v   [np_env NP_BLIF2V]
set sdc      [np_env NP_STA_SDC]
set netlist  [np_env NP_NETLIST]

# The ABC mappings tried per top: ABC's own script for -liberty with -constr, after a `permute`
# of the network's inputs, outputs and node order with each of these seeds. The reported clock
# is the best (least STA stage time) of them; their spread is reported beside it.
set abc_seeds {1 2 3}
if {[info exists ::env(NP_ABC_SEEDS)] && $::env(NP_ABC_SEEDS) ne ""} { set abc_seeds $::env(NP_ABC_SEEDS) }

set inc_args {}
foreach d $incdirs { lappend inc_args "-I$d" }

# 1. The read set: only the files that define a module of the top's hierarchy (np_read_set).
set tmpdir [file dirname $netlist]
set sources [np_read_set $top $rtl $inc_args $tmpdir]
np_log_provenance $sources [concat [list $lib $constr $sdc $np_script [file join $np_dir np_sta.tcl] \
  [file join $np_dir np_env.tcl] [file join $np_dir np_blif2v.c]] [np_sram_lib]] "opensta=[exec sta -version]"

# -DSYNTHESIS hides simulation-only code (assertions) from synthesis; -defer leaves a module
# unelaborated until the hierarchy needs it (a needed file may hold other, unused modules).
if {[info exists ::env(NP_PERTURB)] && $::env(NP_PERTURB) ne ""} {
  log "NP-PERTURB $::env(NP_PERTURB)"
  read_verilog $::env(NP_PERTURB)
}
if {[np_sram_lib] ne ""} { read_liberty -lib [np_sram_lib] }
read_verilog -defer {*}[np_define_args] {*}$inc_args {*}$sources
yosys [np_hierarchy_cmd $top]

# 2. Generic synthesis, then map flops onto the liberty. The design is flattened so ABC sees one
# combinational network per top and ltp can follow paths across submodules.
synth -flatten -top $top
dfflibmap -liberty $lib
# The cells' port directions, for `rename -wire` (step 3) and ltp (step 4).
read_liberty -lib $lib
design -save np_premap

# 3. Map the logic once per seed and time each mapping with OpenSTA. The constraint file
# (driving cell, output load) makes ABC buffer high fanout and print `Delay = ... ps` (stime -p).
proc np_abc_script {seed} {
  return "+strash;permute,-S,$seed;&get,-n;&fraig,-x;&put;scorr;dc2;dretime;strash;&get,-n;\
&dch,-f;&nf;&put;buffer;upsize;dnsize;stime,-p"
}

proc np_map {lib constr seed} {
  log "NP-MARK abc seed=$seed"
  abc -liberty $lib -constr $constr -script [np_abc_script $seed]
  log "NP-MARK abc-end"
  setundef -zero
  # -purge drops named wires that no longer connect anything (e.g. Verilog loop variables), so
  # hilomap only ties constants that really drive a cell pin or an output port.
  opt_clean -purge
  hilomap -hicell LOGIC1_X1 Z -locell LOGIC0_X1 Z
  opt_clean
  # Flops are named after the register they hold, so the critical path's ends are readable.
  yosys rename -wire t:DFF_X1
}

# The netlist OpenSTA times, as structural Verilog: Yosys writes BLIF and np_blif2v turns it into
# Verilog (synth/np_blif2v.c says why not write_verilog: Yosys 0.23's writer costs about a tenth of
# the flow's CPU). The netlist of the chosen mapping is the top's <top>_mapped.v.
proc np_write_netlist {blif2v path} {
  write_blif -gates -impltf -cname $path.blif
  if {[catch {exec $blif2v $path.blif $path 2>@1} msg]} { np_fail "np_blif2v failed on $path.blif: $msg" }
  file delete $path.blif
}

set best_seed ""
foreach seed $abc_seeds {
  design -load np_premap
  np_map $lib $constr $seed
  set seed_netlist "$netlist.seed$seed"
  np_write_netlist $blif2v $seed_netlist
  design -save np_seed$seed
  lassign [np_sta $lib $top $sdc $seed_netlist $np_dir] stage report
  log "NP-SEED seed=$seed sta_stage_ps=$stage"
  set reports($seed) $report
  if {$best_seed eq "" || $stage < $best_stage} {
    set best_seed $seed
    set best_stage $stage
  }
}

# 4. Figures of the best mapping: area, flops, logic levels, its STA report.
design -load np_seed$best_seed
log "NP-CHOSEN seed=$best_seed sta_stage_ps=$best_stage"
file rename -force "$netlist.seed$best_seed" $netlist
foreach seed $abc_seeds { file delete "$netlist.seed$seed" }

log "NP-MARK stat-all"
stat {*}[np_stat_libs $lib]
log "NP-MARK stat-seq"
stat -liberty $lib t:DFF_X1
# The SRAM macros alone (np_sram45.lib's cells): their area is reported apart from the logic's.
log "NP-MARK stat-macro"
stat {*}[np_stat_libs $lib] t:np_sram_*

# Flops are left out of ltp's selection so every path starts at a flop output or input port and
# ends at a flop input or output port.
log "NP-MARK ltp"
ltp t:DFF_X1 t:np_sram_* %u %n
log "NP-MARK sta"
foreach line [split $reports($best_seed) "\n"] { log "STA: $line" }
log "NP-MARK end"
