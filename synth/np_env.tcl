# np_env.tcl: what the Yosys scripts of the synthesis flow share (np_synth.tcl, np_synth_hier.tcl).
# They are driven by make through environment variables; np_env reads one and stops the run
# with a clear message when make did not set it. Sourced, not run on its own.

proc np_env {name} {
  if {![info exists ::env($name)] || $::env($name) eq ""} {
    puts stderr "[file tail $::np_script]: environment variable $name is not set"
    exit 1
  }
  return $::env($name)
}

proc np_fail {msg} {
  puts stderr "[file tail $::np_script]: $msg"
  exit 1
}

proc np_read_text {path} {
  set f [open $path r]
  set text [read $f]
  close $f
  return $text
}

# The SRAM macro liberty (NP_SRAM_LIB, synth/np_sram45.lib; docs/synthesis.md "SRAM macros"), or
# "" when the flow runs without one: its cells are black boxes to Yosys (area from the liberty)
# and timed cells to OpenSTA. With it the RTL's np_sram instances are those cells
# (NP_SRAM_MACRO), without it their behavioural model (flip-flops). A run whose top instantiates
# none of its cells reads none of it: np_read_set finds that out and sets ::np_sram_unused, and
# from then on this returns "" (reading the liberty's cells into Yosys, even unused, moves ABC's
# mapping of every top: a macro added for one top moved the clock figure of seven others).
proc np_sram_lib {} {
  if {[info exists ::np_sram_unused] && $::np_sram_unused} { return "" }
  return [expr {[info exists ::env(NP_SRAM_LIB)] ? $::env(NP_SRAM_LIB) : ""}]
}
proc np_sram_read_cmd {} {
  return [expr {[np_sram_lib] eq "" ? "" : "read_liberty -lib [np_sram_lib];"}]
}
# The defines every read of the RTL uses: SYNTHESIS hides simulation-only code, NP_SRAM_MACRO
# selects np_sram's macro body.
proc np_define_args {} {
  return [concat -DSYNTHESIS [expr {[np_sram_lib] eq "" ? "" : "-DNP_SRAM_MACRO"}]]
}
# stat's -liberty arguments: the cell model and the macros.
proc np_stat_libs {lib} {
  set args [list -liberty $lib]
  if {[np_sram_lib] ne ""} { lappend args -liberty [np_sram_lib] }
  return $args
}

# A top is a module of the RTL or a named parameter set of one (rtl/<unit>/unit.mk
# <unit>_PARAM_TOPS, e.g. pcu_n64 = pcu with NumRgr = 64): make passes the set's module in
# NP_MODULE and its values in NP_PARAMS ("Name=Value ..."); both are empty for a plain module.
# The set is elaborated as the module with those values (hierarchy -chparam) and renamed to the
# set's name, so the netlist, the reports and the timing all carry that name; no wrapper file.
proc np_top_module {top} {
  if {[info exists ::env(NP_MODULE)] && $::env(NP_MODULE) ne ""} { return $::env(NP_MODULE) }
  return $top
}
proc np_top_params {} {
  if {![info exists ::env(NP_PARAMS)]} { return {} }
  set args {}
  foreach p $::env(NP_PARAMS) {
    if {![regexp {^([A-Za-z_][A-Za-z0-9_]*)=([0-9]+)$} $p -> name value]} {
      np_fail "NP_PARAMS entry '$p' is not Name=integer"
    }
    lappend args -chparam $name $value
  }
  return $args
}
# The Yosys command that elaborates the top (as a string, for a script of its own or `eval`).
proc np_hierarchy_cmd {top} {
  set module [np_top_module $top]
  set cmd "hierarchy -check [join [np_top_params] " "] -top $module"
  if {$module ne $top} { append cmd "; rename -top $top" }
  return $cmd
}

# The read set (step 1 of np_synth.tcl and np_synth_hier.tcl). A separate Yosys process reads every candidate file without elaborating it
# (-defer), elaborates the top's hierarchy and lists the files that define its modules. The main
# run reads only those, sorted: Yosys numbers its internal names with one counter for the whole
# run, so every module elaborated before the top's (even an unused one) renames the top's
# netlist and moves ABC's structural choices; here nothing outside the hierarchy is elaborated.
# The same listing says which black boxes (SRAM macros) the hierarchy instantiates; with none,
# the main run reads no SRAM liberty (np_sram_lib).
proc np_read_set {top rtl inc_args tmpdir} {
  unset -nocomplain ::np_sram_unused
  set listing [file join $tmpdir sources.attrs]
  set boxes [file join $tmpdir sources.boxes]
  set script "[np_sram_read_cmd] read_verilog -defer [np_define_args] [join $inc_args " "] [join $rtl " "];\
              [np_hierarchy_cmd $top]; tee -q -o $listing printattrs A:src;\
              hierarchy -purge_lib; tee -q -o $boxes select -list =A:blackbox"
  if {[catch {exec yosys -q -p $script 2>@1} err]} {
    np_fail "listing the sources of $top failed: $err"
  }
  set files {}
  foreach line [split [np_read_text $listing] "\n"] {
    # A module's own attributes are indented by two spaces, its members' by four.
    if {[regexp {^  \(\* src="([^":]+):} $line -> path] && $path ne [np_sram_lib]} {
      lappend files $path
    }
  }
  # The black boxes left after the unused ones are purged: one line per module, then its ports.
  set ::np_sram_unused [expr {![regexp -line {^[^/]+$} [np_read_text $boxes]]}]
  file delete $listing $boxes
  set files [lsort -unique $files]
  if {$files eq {}} { np_fail "no source file defines $top" }
  return $files
}

# Provenance: the timing engine's version (tool: "opensta=<v>" or "abc=<v>"), each file read
# (size, SHA-256), the git revision and whether any input differs from it. Logged as NP-TOOL /
# NP-SOURCE / NP-GIT lines for the report.
proc np_log_provenance {sources flow_files tool} {
  log "NP-TOOL $tool"
  foreach f [concat $sources $flow_files] {
    set hash [lindex [exec sha256sum $f] 0]
    log "NP-SOURCE [expr {[lsearch -exact $sources $f] >= 0 ? "rtl" : "flow"}] bytes=[file size $f] sha256=$hash path=$f"
  }
  if {[catch {exec git rev-parse HEAD 2>/dev/null} rev]} {
    log "NP-GIT revision=unknown dirty=unknown"
    return
  }
  set dirty [expr {[catch {exec git status --porcelain -- {*}$sources {*}$flow_files} st] ||
                   $st ne "" ? 1 : 0}]
  log "NP-GIT revision=$rev dirty=$dirty"
}

# Runs OpenSTA (np_sta.tcl, the timing environment np_sta.sdc) on a mapped netlist, for both
# flows; returns {stage_ps report_text}. Stage = period - worst slack: the
# launch (clk->Q or input delay), the logic and the capturing setup (np_sta.sdc).
proc np_sta {lib top sdc netlist_path np_dir} {
  set period 10000.0
  if {[catch {exec env NP_LIB=$lib NP_SRAM_LIB=[np_sram_lib] NP_STA_NETLIST=$netlist_path \
                NP_TOP=$top NP_STA_SDC=$sdc \
                sta -no_splash -exit [file join $np_dir np_sta.tcl] 2>@1} report]} {
    np_fail "OpenSTA failed on $netlist_path: $report"
  }
  if {![regexp {NP-STA-WORST slack_ps=(-?[0-9.]+)} $report -> slack]} {
    np_fail "OpenSTA printed no worst slack for $netlist_path: $report"
  }
  return [list [format %.2f [expr {$period - $slack}]] $report]
}
