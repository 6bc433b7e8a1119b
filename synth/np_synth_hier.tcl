# np_synth_hier.tcl: bounded-time synthesis estimate of a large hierarchical top (Yosys 0.23),
# for designs whose flat run (synth/np_synth.tcl) takes too long: the PCU at 256 and 1024 RGRs
# (docs/pcu.md 8.2, docs/synthesis.md).
#
# Run as `yosys -c synth/np_synth_hier.tcl` with these environment variables:
#   NP_TOP      top module
#   NP_RTL      Verilog sources, space separated
#   NP_INCDIRS  include directories, space separated
#   NP_LIB      liberty file (synth/nangate45_np.lib)
#   NP_CONSTR   ABC constraint file (synth/abc.constr)
#   NP_SHIFTX_MAP  synth/np_shiftx_map.v (a structural $shiftx template, see step 1)
#   NP_ABC      the ABC binary (yosys-abc: Debian links it to the berkeley-abc of `abc`)
#   NP_KEEP     optional: modules (base names, e.g. "pcu_rgr") that stay separate while the rest
#               is flattened into the top; unset or empty: no flattening at all
#   NP_STA_NETLIST  optional: a mapped netlist (e.g. the flat flow's <top>_mapped.v) to time
#               instead of synthesising NP_RTL: step 2 alone, the check that it reproduces
#               the flat flow's own figures (make synth-pcu-hier-check-flat)
#   NP_OUTDIR   directory for <top>_hier_mapped.v, abc_sta.log, stat.txt, row.tsv (and, while
#               ABC runs, <top>_cut.blif)
#
# Method, and why each number means what the flat flow's does:
# 1. Area. Synthesis without -flatten: every module (one per parameter set, e.g. the one
#    pcu_rgr that the PCU instantiates NumRgr times) is synthesised, flop-mapped and mapped by
#    ABC once, with the same liberty, the same `abc -liberty -constr` script and the same
#    constraints as np_synth.tcl; `stat -liberty -top` sums the cell areas over the instances.
#    One difference in the generic part: $shiftx cells go through synth/np_shiftx_map.v.
#    What is lost against the flat run: optimisation across module ports (constants and unused
#    outputs of a submodule stay, logic is not shared or restructured across a boundary), and
#    the buffering of a net that leaves a module to many instances (ABC sees one port load).
# 2. Timing. The hierarchical netlist is flattened (no re-synthesis), every BUF_X1 is removed
#    (they were sized for one module's port loads), the flops are cut (Q becomes an input, D an
#    output, exactly what Yosys hands ABC in the flat flow) and ABC then runs the tail of the
#    flat flow's script on that mapped network: `buffer; upsize; dnsize; stime -p`. So the
#    whole design is buffered for its real fanout (a stage-1 decision driving every RGR) and
#    timed across module boundaries. `print_stats` gives the logic levels (cells on the longest
#    path, as np_synth.tcl's ltp counts them). Checks: on a design of one module the step
#    reproduces the mapping run's own ABC delay, gates and area exactly (synth/test_synth_hier.sh);
#    given the flat flow's netlist of pcu_n64 (without the re-buffering) it reproduced that run's
#    1181.19 ps, 35,531 gates and 30 levels (= its ltp length), docs/pcu.md 8.2.
# row.tsv (one "key<TAB>value" per line, also logged as "NP-HIER key=value") carries the figures
# to synth/np_hier_report.sh.

yosys -import

set np_script [info script]
source [file join [file dirname $np_script] np_env.tcl]

set top     [np_env NP_TOP]
set rtl     [np_env NP_RTL]
set incdirs [np_env NP_INCDIRS]
set lib     [np_env NP_LIB]
set constr  [np_env NP_CONSTR]
set abc_exe [np_env NP_ABC]
set shiftx_map [np_env NP_SHIFTX_MAP]
set outdir  [np_env NP_OUTDIR]
set keep    [expr {[info exists ::env(NP_KEEP)] ? $::env(NP_KEEP) : ""}]
set sta_netlist [expr {[info exists ::env(NP_STA_NETLIST)] ? $::env(NP_STA_NETLIST) : ""}]

# First match of a regexp with one group in a text, or a clear error naming what was missing.
proc np_grab {re text what} {
  if {![regexp -line -- $re $text -> value]} {
    puts stderr "np_synth_hier.tcl: no $what found (pattern $re)"
    exit 1
  }
  return $value
}


# Rewrites a flat gate-level BLIF (write_blif -gates) into the combinational network the flat
# flow gives ABC: each DFF_X1 becomes a primary input (its Q) and a primary output (its D),
# each tie cell (LOGIC0_X1, LOGIC1_X1) a primary input;
# each BUF_X1 is removed and its fanout reads the buffer's input instead, except where the
# buffer drives a primary output (the output keeps its driver and name). Returns the input names
# and the output labels (a port name, or "<flop Q>.D" for a flop's D input) in BLIF order,
# which is the order of ABC's pi<n>/po<n> names.
proc np_cut_blif {in out} {
  set model ""
  set inputs {}
  set outputs {}
  set out_labels {}
  set gates {}
  set alias [dict create]
  set f [open $in r]
  set line_no 0
  while {[gets $f line] >= 0} {
    incr line_no
    set words [split $line " "]
    switch -glob -- $line {
      ".model *"   { set model $line }
      ".inputs *"  { set inputs [lrange $words 1 end] }
      ".outputs *" {
        set outputs [lrange $words 1 end]
        set out_labels $outputs
      }
      ".gate *" {
        set type [lindex $words 1]
        set pins [dict create]
        foreach p [lrange $words 2 end] {
          set eq [string first = $p]
          dict set pins [string range $p 0 [expr {$eq - 1}]] [string range $p [expr {$eq + 1}] end]
        }
        if {$type eq "DFF_X1"} {
          lappend inputs [dict get $pins Q]
          lappend outputs [dict get $pins D]
          lappend out_labels "[dict get $pins Q].D"
          continue
        }
        # A tie cell's constant becomes an input: ABC's library has no constant cells. Its net
        # is a path start like any input (arrival 0); the flat flow instead folds constants
        # into the logic, which only a constant crossing a module port escapes here.
        if {$type eq "LOGIC0_X1" || $type eq "LOGIC1_X1"} {
          lappend inputs [dict get $pins Z]
          continue
        }
        if {$type eq "BUF_X1"} { dict set alias [dict get $pins Z] [dict get $pins A] }
        lappend gates [list $type $pins]
      }
      "" - "#*" - ".end" {}
      default {
        puts stderr "$in:$line_no: unexpected BLIF line (only .model/.inputs/.outputs/.gate): $line"
        exit 1
      }
    }
  }
  close $f
  # An output that is an input as well (an output port driven straight by a flop or another
  # input) has no logic to time; the flat flow never hands it to ABC, and as an output here its
  # load would slow the input's other paths. It is left out.
  set is_input [dict create]
  foreach n $inputs { dict set is_input $n 1 }
  set kept_outputs {}
  set kept_labels {}
  foreach n $outputs label $out_labels {
    if {[dict exists $is_input $n]} continue
    lappend kept_outputs $n
    lappend kept_labels $label
  }
  set outputs $kept_outputs
  set out_labels $kept_labels
  set is_output [dict create]
  foreach n $outputs { dict set is_output $n 1 }
  set o [open $out w]
  puts $o $model
  puts $o ".inputs [join $inputs " "]"
  puts $o ".outputs [join $outputs " "]"
  foreach g $gates {
    lassign $g type pins
    if {$type eq "BUF_X1" && ![dict exists $is_output [dict get $pins Z]]} continue
    set s ".gate $type"
    dict for {pin net} $pins {
      while {[dict exists $alias $net] && ![dict exists $is_output $net]} {
        set net [dict get $alias $net]
      }
      append s " $pin=$net"
    }
    puts $o $s
  }
  puts $o ".end"
  close $o
  return [list $inputs $out_labels]
}

# The ABC binary's version line ("UC Berkeley, ABC 1.01 (compiled ...)"), for the provenance.
proc np_abc_version {abc_exe} {
  if {[catch {exec $abc_exe -q version 2>@1} out] || ![regexp {ABC [0-9.]+[^\n]*} $out version]} {
    np_fail "cannot read the version of $abc_exe: $out"
  }
  return [string map {" " "_"} $version]
}

set inc_args {}
foreach d $incdirs { lappend inc_args "-I$d" }

# ---- 1. hierarchical synthesis and area ----------------------------------------------------
if {$sta_netlist ne ""} {
  read_liberty -lib $lib
  read_verilog $sta_netlist
  hierarchy -check -top $top
} else {
  # The same read set as np_synth.tcl (step 1 there): only the files of the top's hierarchy.
  set sources [np_read_set $top $rtl $inc_args $outdir]
  np_log_provenance $sources [list $lib $constr $shiftx_map $np_script \
    [file join [file dirname $np_script] np_env.tcl]] "abc=[np_abc_version $abc_exe]"
  log "NP-METHOD hier"
  read_verilog -defer -DSYNTHESIS {*}$inc_args {*}$sources
  hierarchy -check -top $top
  # Yosys's generic synthesis, with one change: $shiftx cells (the NumRgr:1 multiplexers
  # written as a[i*W +: W]) are mapped by synth/np_shiftx_map.v before the generic techmap:
  # Yosys's own template costs minutes of `proc` at 256 RGRs and hours at 1024 (see that file).
  if {$keep eq ""} {
    synth -top $top -run begin:fine
  } else {
    # keep_hierarchy on the kept modules (instantiated with parameters, so by their derived
    # names $paramod...\<name>), then flatten the rest.
    foreach m $keep { setattr -mod -set keep_hierarchy 1 "\$paramod*\\$m" }
    synth -flatten -top $top -run begin:fine
  }
  techmap -map $shiftx_map
  synth -top $top -run fine:
  dfflibmap -liberty $lib
  log "NP-MARK abc"
  abc -liberty $lib -constr $constr
  log "NP-MARK abc-end"
  setundef -zero
  opt_clean -purge
  hilomap -hicell LOGIC1_X1 Z -locell LOGIC0_X1 Z
  opt_clean
}

log "NP-MARK stat-hier"
tee -q -o $outdir/stat.txt stat -liberty $lib -top $top
if {$sta_netlist eq ""} { write_verilog -noattr -noexpr $outdir/${top}_hier_mapped.v }

set stat [np_read_text $outdir/stat.txt]
# With submodules, `stat -top` ends with the hierarchy's totals; a design of one module has only
# that module's figures.
set hier_at [string first "=== design hierarchy ===" $stat]
set hier [expr {$hier_at < 0 ? $stat : [string range $stat $hier_at end]}]
set area_um2 [np_grab {Chip area for (?:top )?module '[^']*': ([0-9.]+)} $hier "chip area"]
set cells    [np_grab {Number of cells: +([0-9]+)} $hier "hierarchical cell count"]
set flops    [np_grab {^ +DFF_X1 +([0-9]+)} $hier "hierarchical DFF_X1 count"]
# Cell counts a design may lack (0 then), and the flops' area from the liberty's DFF_X1 cell.
proc np_count {cell hier} {
  return [expr {[regexp -line "^ +$cell +(\[0-9\]+)" $hier -> n] ? $n : 0}]
}
set buffers  [np_count BUF_X1 $hier]
set ties     [expr {[np_count LOGIC0_X1 $hier] + [np_count LOGIC1_X1 $hier]}]
set dff_area [np_grab {cell \(DFF_X1\) \{\s*area : ([0-9.]+);} [np_read_text $lib] "DFF_X1 area in the liberty"]
set seq_area [format %.3f [expr {$flops * $dff_area}]]

# ---- 2. flat timing of the hierarchically mapped netlist -----------------------------------
setattr -mod -unset keep_hierarchy
flatten
opt_clean -purge
write_blif -gates -impltf -noalias $outdir/${top}_flat.blif
lassign [np_cut_blif $outdir/${top}_flat.blif $outdir/${top}_cut.blif] sta_inputs sta_out_labels
file delete $outdir/${top}_flat.blif

set script [open $outdir/abc_sta.script w]
puts $script "read_lib -w $lib"
puts $script "read_constr -v $constr"
puts $script "read_blif $outdir/${top}_cut.blif"
puts $script "topo"
puts $script "buffer"
puts $script "upsize"
puts $script "dnsize"
puts $script "print_stats"
puts $script "stime -p"
close $script
set t0 [clock milliseconds]
if {[catch {exec $abc_exe -f $outdir/abc_sta.script > $outdir/abc_sta.log 2>@1} err]} {
  puts stderr "np_synth_hier.tcl: $abc_exe failed: $err (log $outdir/abc_sta.log)"
  exit 1
}
set sta_ms [expr {[clock milliseconds] - $t0}]
# The cut network is ABC's input only, and large (147 MB for sc_compressor): not kept.
file delete $outdir/${top}_cut.blif
# ABC colours its figures and rewrites progress lines with \r: strip both.
regsub -all {\x1b\[[0-9;]*m} [np_read_text $outdir/abc_sta.log] "" sta
set sta [string map [list "\r" "\n"] $sta]
set levels    [np_grab {lev = +([0-9]+)} $sta "ABC print_stats level count"]
set delay_ps  [np_grab {Delay = +([0-9.]+) ps} $sta "ABC stime delay"]
set comb_area [np_grab {Area = +([0-9.]+)} $sta "ABC stime area"]
set gates     [np_grab {Gates = +([0-9]+)} $sta "ABC stime gate count"]
set start_pi  [np_grab {Start-point = pi0*([0-9]+)} $sta "critical path start point"]
set end_po    [np_grab {End-point = po0*([0-9]+)} $sta "critical path end point"]
set start_net [lindex $sta_inputs $start_pi]
set end_net   [lindex $sta_out_labels $end_po]

set fields [list \
  top $top area_um2 $area_um2 seq_area_um2 $seq_area cells $cells flops $flops \
  buffer_cells $buffers tie_cells $ties \
  sta_comb_area_um2 $comb_area sta_gates $gates logic_levels $levels abc_delay_ps $delay_ps \
  critical_start $start_net critical_end $end_net sta_ms $sta_ms]
set f [open $outdir/row.tsv w]
foreach {k v} $fields {
  puts $f "$k\t$v"
  log "NP-HIER $k=$v"
}
close $f
