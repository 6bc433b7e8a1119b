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
#   NP_STA_SDC  OpenSTA timing environment (synth/np_sta.sdc), as in np_synth.tcl
#   NP_SRAM_LIB optional: the SRAM macros' liberty (synth/np_sram45.lib; np_env.tcl)
#   NP_NETLIST  optional: where to write the timed netlist (default NP_OUTDIR/<top>_mapped.v)
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
# 2. Buffering. The hierarchical netlist is flattened (no re-synthesis), every BUF_X1 is removed
#    (they were sized for one module's port loads), the flops and SRAM macros are cut (Q and
#    read data become inputs, D and the macro's other pins outputs, exactly what Yosys hands ABC
#    in the flat flow) and ABC then runs the tail of the flat flow's script on that mapped
#    network: `buffer; upsize; dnsize; stime -p`. So the whole design is buffered for its real
#    fanout (a stage-1 decision driving every RGR). `print_stats` gives the logic levels (cells
#    on the longest path, as np_synth.tcl's ltp counts them); ABC's delay is kept to compare.
#    Checks: on a design of one module the step reproduces the mapping run's own ABC delay,
#    gates and area exactly (synth/test_synth_hier.sh); given the flat flow's netlist of pcu_n64
#    (without the re-buffering) it reproduced that run's 1181.19 ps, 35,531 gates and 30 levels
#    (= its ltp length), docs/pcu.md 8.2.
# 3. Timing (issue 29: one method for every top). ABC's network with the flops, macros, tie
#    cells and ports put back is written as one gate-level netlist and timed by OpenSTA with the
#    flat flow's np_sta.sdc; its stage, path ends and path cells are the reported figures.
#    synth/test_synth_hier.sh proves that netlist equal to the mapped design on pcu_rgr.
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
set sdc     [np_env NP_STA_SDC]
# The timed netlist (flat, re-buffered): NP_NETLIST, by default <top>_mapped.v in NP_OUTDIR.
set netlist [expr {[info exists ::env(NP_NETLIST)] && $::env(NP_NETLIST) ne "" ?
                   $::env(NP_NETLIST) : "$outdir/${top}_mapped.v"}]

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
proc np_cut_blif {in out seq_out} {
  set model ""
  set inputs {}
  set outputs {}
  set out_labels {}
  set gates {}
  set seq_gates {}
  set port_inputs {}
  set port_outputs {}
  set alias [dict create]
  set names {}
  set f [open $in r]
  set line_no 0
  while {[gets $f line] >= 0} {
    incr line_no
    # The line after ".names a b": a buffer's cover. Yosys writes one where an output port is
    # driven by another port's net (two outputs of one signal); it is a BUF_X1 like any other.
    if {[llength $names] > 0} {
      if {[llength $names] != 2 || [string trim $line] ne "1 1"} {
        puts stderr "$in:$line_no: unexpected cover '$line' for .names $names (only buffers)"
        exit 1
      }
      dict set alias [lindex $names 1] [lindex $names 0]
      lappend gates [list BUF_X1 [list A [lindex $names 0] Z [lindex $names 1]]]
      set names {}
      continue
    }
    set words [split $line " "]
    switch -glob -- $line {
      ".model *"   { set model $line }
      ".names *"   { set names [lrange $words 1 end] }
      ".inputs *"  {
        set inputs [lrange $words 1 end]
        set port_inputs $inputs
      }
      ".outputs *" {
        set outputs [lrange $words 1 end]
        set out_labels $outputs
        set port_outputs $outputs
      }
      ".gate *" {
        set type [lindex $words 1]
        set pins [dict create]
        foreach p [lrange $words 2 end] {
          set eq [string first = $p]
          dict set pins [string range $p 0 [expr {$eq - 1}]] [string range $p [expr {$eq + 1}] end]
        }
        if {$type eq "DFF_X1" || $type eq "LOGIC0_X1" || $type eq "LOGIC1_X1" ||
            [string match np_sram_* $type]} {
          lappend seq_gates [list $type $pins ""]
        }
        # An SRAM macro is cut like a flop: its read data (rd_out) become inputs, every other
        # pin (address, data, enables: setup to the clock) an output (once: see below).
        if {[string match np_sram_* $type]} {
          dict for {pin net} $pins {
            if {[string match rd_out* $pin]} {
              lappend inputs $net
            } else {
              lappend outputs $net
              lappend out_labels "$net.$pin"
            }
          }
          continue
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
      ".cname *" {
        # The instance name of the .gate above (write_blif -cname): kept for a macro, whose
        # name the path report shows.
        if {[llength $seq_gates] && [lindex $seq_gates end 2] eq "" &&
            [string match np_sram_* [lindex $seq_gates end 0]]} {
          lset seq_gates end 2 [lindex $words 1]
        }
      }
      "" - "#*" - ".end" {}
      default {
        puts stderr "$in:$line_no: unexpected BLIF line (only .model/.inputs/.outputs/.gate/.cname/.names): $line"
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
  # A net that several cut pins read (copies of a macro share their write data and mask) is one
  # output: ABC rejects a repeated output name.
  set kept_outputs {}
  set kept_labels {}
  set seen_output [dict create]
  foreach n $outputs label $out_labels {
    if {[dict exists $is_input $n] || [dict exists $seen_output $n]} continue
    dict set seen_output $n 1
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
    puts $o [np_gate_line $type $pins $alias $is_output]
  }
  puts $o ".end"
  close $o
  # What the cut took out, for np_uncut_verilog: the design's own ports, its flops, macros and tie cells
  # (their pins renamed as the cut renamed the nets).
  set o [open $seq_out w]
  puts $o ".inputs [join $port_inputs " "]"
  puts $o ".outputs [join $port_outputs " "]"
  foreach g $seq_gates {
    lassign $g type pins cname
    puts $o [np_gate_line $type $pins $alias $is_output]
    if {$cname ne ""} { puts $o ".cname $cname" }
  }
  close $o
  return [list $inputs $out_labels]
}

# One ".gate" line of the cut network: each net read through the removed buffers (alias) except
# a net the cut keeps as an output.
proc np_gate_line {type pins alias is_output} {
  set s ".gate $type"
  dict for {pin net} $pins {
    while {[dict exists $alias $net] && ![dict exists $is_output $net]} {
      set net [dict get $alias $net]
    }
    append s " $pin=$net"
  }
  return $s
}

# The inverse of np_cut_blif on ABC's re-buffered network (write_blif after `buffer; upsize;
# dnsize`): the design's ports again, and its flops, macros and tie cells back between the nets
# ABC kept by name (inputs and outputs keep their names through ABC). Writes the whole mapped
# design as gate-level Verilog (module top), which OpenSTA times like the flat flow's netlist:
# written here directly, since Yosys takes tens of CPU seconds to read and write a netlist of
# 100k cells. ABC writes a net that merely repeats another (an output driven by an input, or a
# second output of one net) as a one-input .names cover: a BUF_X1 here; a constant cover
# becomes a tie cell. A flop is named "<its Q net>\DFF_X1", as `rename -wire` names it in the
# flat flow, so a path's ends read the same in both flows.
proc np_uncut_verilog {abc_blif seq_blif top out} {
  set gates {}
  foreach path [list $seq_blif $abc_blif] {
    set f [open $path r]
    set names {}
    set line_no 0
    while {[gets $f line] >= 0} {
      incr line_no
      # ABC continues long lines with a trailing backslash (the port lists: thousands of
      # parts, collected in a list, not by copying the growing line).
      if {[string index $line end] eq "\\"} {
        set parts [list [string range $line 0 end-1]]
        while {[gets $f more] >= 0} {
          incr line_no
          if {[string index $more end] ne "\\"} {
            lappend parts $more
            break
          }
          lappend parts [string range $more 0 end-1]
        }
        set line [join $parts " "]
      }
      if {$names ne ""} {
        # The line after ".names <nets>": its cover, or the next statement (a constant 0).
        set cover [string trim $line]
        set n [llength $names]
        set names_line $names
        set names {}
        if {$n == 2 && $cover eq "1 1"} {
          lappend gates [list BUF_X1 [list A [lindex $names_line 0] Z [lindex $names_line 1]]]
          continue
        } elseif {$n == 1 && $cover eq "1"} {
          lappend gates [list LOGIC1_X1 [list Z [lindex $names_line 0]]]
          continue
        } elseif {$n == 1 && ![regexp {^[01-]} $cover]} {
          lappend gates [list LOGIC0_X1 [list Z [lindex $names_line 0]]]
        } else {
          np_fail "$path:$line_no: unexpected cover '$cover' for .names $names_line (only buffers and constants)"
        }
      }
      set words [regexp -all -inline {\S+} $line]
      switch -glob -- $line {
        ".gate *" {
          set pins {}
          foreach p [lrange $words 2 end] {
            set eq [string first = $p]
            lappend pins [string range $p 0 [expr {$eq - 1}]] [string range $p [expr {$eq + 1}] end]
          }
          lappend gates [list [lindex $words 1] $pins ""]
        }
        ".cname *" { lset gates end 2 [lindex $words 1] }
        ".names *" { set names [lrange $words 1 end] }
        ".inputs *" { if {$path eq $seq_blif} { set inputs [lrange $words 1 end] } }
        ".outputs *" { if {$path eq $seq_blif} { set outputs [lrange $words 1 end] } }
        "" - "#*" - ".model *" - ".end" {}
        default { np_fail "$path:$line_no: unexpected BLIF line: $line" }
      }
    }
    close $f
  }
  # Ports: "name[i]" bits make a vector name[max:0], other names are scalars.
  set port_ref [dict create]
  set widths [dict create]
  set order {}
  foreach dir {input output} bits [list $inputs $outputs] {
    foreach b $bits {
      if {[regexp {^(.*)\[([0-9]+)\]$} $b -> base idx]} {
        dict set port_ref $b "[np_vname $base]\[$idx\]"
      } else {
        set base $b
        set idx -1
        dict set port_ref $b [np_vname $b]
      }
      if {![dict exists $widths $base]} {
        lappend order [list $dir $base]
        dict set widths $base $idx
      } elseif {$idx > [dict get $widths $base]} {
        dict set widths $base $idx
      }
    }
  }
  set o [open $out w]
  puts $o "module $top ([join [lmap d $order {np_vname [lindex $d 1]}] {, }]);"
  foreach d $order {
    lassign $d dir base
    set w [dict get $widths $base]
    puts $o "  $dir [expr {$w < 0 ? "" : "\[$w:0\] "}][np_vname $base];"
  }
  set gates [np_buffer_macro_inputs $gates]
  # Every other net is a wire, named as in the BLIF.
  set wires [dict create]
  foreach g $gates {
    foreach {pin net} [lindex $g 1] {
      if {![dict exists $port_ref $net]} { dict set wires $net 1 }
    }
  }
  foreach net [dict keys $wires] { puts $o "  wire [np_vname $net];" }
  set n 0
  foreach g $gates {
    lassign $g type pins cname
    if {$type eq "DFF_X1"} {
      set inst [np_vname "[dict get $pins Q]\\DFF_X1"]
    } elseif {$cname ne ""} {
      set inst [np_vname $cname]
    } else {
      set inst "np_cell_[incr n]"
    }
    # Bus pins ("rd_out[3]" of a macro) are joined into one connection, highest bit first.
    set args {}
    set buses [dict create]
    foreach {pin net} $pins {
      set ref [expr {[dict exists $port_ref $net] ? [dict get $port_ref $net] : [np_vname $net]}]
      if {[regexp {^(.*)\[([0-9]+)\]$} $pin -> pbase pidx]} {
        dict set buses $pbase $pidx $ref
      } else {
        lappend args ".$pin\($ref\)"
      }
    }
    dict for {pbase bits} $buses {
      set refs {}
      foreach i [lsort -integer -decreasing [dict keys $bits]] { lappend refs [dict get $bits $i] }
      lappend args ".$pbase\(\{[join $refs {, }]\}\)"
    }
    puts $o "  $type $inst ([join $args {, }]);"
  }
  puts $o "endmodule"
  close $o
}

# A net into many SRAM macro pins (copies of a macro share their write data and mask) reached
# ABC as one cut output of one D pin's load, so ABC left it unbuffered; a physical flow would
# buffer it. Here each such net drives its macro pins through a tree of BUF_X1, at most 4
# pins or buffers per buffer (16-20 fF), so OpenSTA sees the delay of a buffered net instead of
# one X1 driver charging hundreds of fF. The buffers are in the timed netlist only, not in the
# area (which is the hierarchical netlist's, as for ABC's own re-buffering).
proc np_buffer_macro_inputs {gates} {
  set fanout 4  ;# the groups below are written for 4
  # Macro input pins per net, as {gate index, pin} pairs.
  set loads [dict create]
  set i 0
  foreach g $gates {
    if {[string match np_sram_* [lindex $g 0]]} {
      foreach {pin net} [lindex $g 1] {
        if {![string match rd_out* $pin] && $pin ne "clk"} { dict lappend loads $net [list $i $pin] }
      }
    }
    incr i
  }
  set n 0
  dict for {net sinks} $loads {
    if {[llength $sinks] <= $fanout} continue
    # Leaves: one buffer per group of `fanout` pins; then levels until one group is left.
    set level {}
    foreach {a b c d} $sinks {
      set out "np_mbuf_[incr n]"
      foreach sink [list $a $b $c $d] {
        if {$sink eq ""} continue
        lassign $sink gi pin
        set g [lindex $gates $gi]
        set pins [lindex $g 1]
        dict set pins $pin $out
        lset gates $gi 1 $pins
      }
      lappend level $out
    }
    while {[llength $level] > $fanout} {
      set next {}
      foreach {a b c d} $level {
        set out "np_mbuf_[incr n]"
        foreach child [list $a $b $c $d] {
          if {$child ne ""} { lappend gates [list BUF_X1 [list A $out Z $child] ""] }
        }
        lappend next $out
      }
      set level $next
    }
    foreach child $level { lappend gates [list BUF_X1 [list A $net Z $child] ""] }
  }
  return $gates
}

# A BLIF name as a Verilog identifier: as it is when it is a simple one, else escaped.
proc np_vname {name} {
  if {[regexp {^[A-Za-z_][A-Za-z0-9_$]*$} $name]} { return $name }
  return "\\$name "
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
  if {[np_sram_lib] ne ""} { read_liberty -lib [np_sram_lib] }
  read_verilog $sta_netlist
  hierarchy -check -top $top
} else {
  # The same read set as np_synth.tcl (step 1 there): only the files of the top's hierarchy.
  set sources [np_read_set $top $rtl $inc_args $outdir]
  np_log_provenance $sources [concat [list $lib $constr $sdc $shiftx_map $np_script \
    [file join [file dirname $np_script] np_env.tcl] [file join [file dirname $np_script] np_sta.tcl]] \
    [np_sram_lib]] \
    "opensta=[exec sta -version] abc=[np_abc_version $abc_exe]"
  log "NP-METHOD hier"
  if {[np_sram_lib] ne ""} { read_liberty -lib [np_sram_lib] }
  read_verilog -defer {*}[np_define_args] {*}$inc_args {*}$sources
  yosys [np_hierarchy_cmd $top]
  # Yosys's generic synthesis, with one change: $shiftx cells (the NumRgr:1 multiplexers
  # written as a[i*W +: W]) are mapped by synth/np_shiftx_map.v before the generic techmap:
  # Yosys's own template costs minutes of `proc` at 256 RGRs and hours at 1024 (see that file).
  if {$keep eq ""} {
    synth -top $top -run begin:fine
  } else {
    # keep_hierarchy on the kept modules (instantiated with parameters, so by their derived
    # names: $paramod$<hash>\<name>, or $paramod\<name>\<parameter>=... for short parameter
    # lists; by its own name when instantiated without), then flatten the rest. A name that matches no module is an error, not a silently
    # flat top. (The names from `ls`: a selection pattern that matches nothing is a warning.)
    tee -q -o $outdir/modules.txt ls
    set modules [lmap line [split [np_read_text $outdir/modules.txt] "\n"] {string trim $line}]
    file delete $outdir/modules.txt
    foreach m $keep {
      set kept [lsearch -all -inline -glob $modules "\$paramod*\\\\$m"]
      lappend kept {*}[lsearch -all -inline -glob $modules "\$paramod\\\\$m\\\\*"]
      lappend kept {*}[lsearch -all -inline -exact $modules $m]   ;# instantiated without parameters
      if {$kept eq ""} { np_fail "NP_KEEP: no module $m (as \$paramod...\\$m) in the design of $top" }
      foreach name $kept { setattr -mod -set keep_hierarchy 1 $name }
    }
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
tee -q -o $outdir/stat.txt stat {*}[np_stat_libs $lib] -top $top
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
# The SRAM macros (np_sram45.lib's cells): how many, and their area, part of area_um2.
set macros 0
set macro_area 0.0
if {[np_sram_lib] ne ""} {
  foreach {- cell area} [regexp -all -inline {cell \((np_sram_\w+)\) \{\s*area : ([0-9.]+);} \
                           [np_read_text [np_sram_lib]]] {
    set n [np_count $cell $hier]
    incr macros $n
    set macro_area [expr {$macro_area + $n * $area}]
  }
}
set macro_area [format %.3f $macro_area]

# ---- 2. flat timing of the hierarchically mapped netlist -----------------------------------
setattr -mod -unset keep_hierarchy
flatten
opt_clean -purge
write_blif -gates -impltf -noalias -cname $outdir/${top}_flat.blif
lassign [np_cut_blif $outdir/${top}_flat.blif $outdir/${top}_cut.blif $outdir/${top}_seq.blif] \
  sta_inputs sta_out_labels
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
puts $script "write_blif $outdir/${top}_timed.blif"
close $script
set t0 [clock milliseconds]
if {[catch {exec $abc_exe -f $outdir/abc_sta.script > $outdir/abc_sta.log 2>@1} err]} {
  puts stderr "np_synth_hier.tcl: $abc_exe failed: $err (log $outdir/abc_sta.log)"
  exit 1
}
set sta_ms [expr {[clock milliseconds] - $t0}]
# The cut network is ABC's input only, and large (147 MB for sc_compressor): not kept.
file delete $outdir/${top}_cut.blif
set abc_ms $sta_ms
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

# ---- 3. OpenSTA on the re-buffered netlist, as the flat flow times its own ----------------
# ABC's network with the flops, macros, tie cells and ports put back is the whole design at its
# real fanout (np_uncut_verilog writes it as <top>_mapped.v); OpenSTA times it with the flat
# flow's np_sta.sdc (np_sta): stage = the worst setup path's launch, logic and capture.
set t0 [clock milliseconds]
np_uncut_verilog $outdir/${top}_timed.blif $outdir/${top}_seq.blif $top $netlist
file delete $outdir/${top}_timed.blif $outdir/${top}_seq.blif
lassign [np_sta $lib $top $sdc $netlist [file dirname $np_script]] sta_stage_ps sta_report
set sta_ms [expr {[clock milliseconds] - $t0}]
set sta_start [np_grab {Startpoint: (\S+)} $sta_report "OpenSTA path start"]
set sta_end   [np_grab {Endpoint: (\S+)} $sta_report "OpenSTA path end"]
log "NP-MARK sta"
foreach line [split $sta_report "\n"] { log "STA: $line" }
log "NP-MARK end"

set fields [list \
  top $top area_um2 $area_um2 seq_area_um2 $seq_area cells $cells flops $flops \
  macros $macros macro_area_um2 $macro_area \
  buffer_cells $buffers tie_cells $ties \
  sta_comb_area_um2 $comb_area sta_gates $gates logic_levels $levels abc_delay_ps $delay_ps \
  abc_critical_start $start_net abc_critical_end $end_net abc_ms $abc_ms \
  sta_stage_ps $sta_stage_ps critical_start $sta_start critical_end $sta_end sta_ms $sta_ms]
set f [open $outdir/row.tsv w]
foreach {k v} $fields {
  puts $f "$k\t$v"
  log "NP-HIER $k=$v"
}
close $f
