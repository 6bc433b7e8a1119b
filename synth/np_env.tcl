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

# The read set (step 1 of np_synth.tcl and np_synth_hier.tcl). A separate Yosys process reads every candidate file without elaborating it
# (-defer), elaborates the top's hierarchy and lists the files that define its modules. The main
# run reads only those, sorted: Yosys numbers its internal names with one counter for the whole
# run, so every module elaborated before the top's (even an unused one) renames the top's
# netlist and moves ABC's structural choices; here nothing outside the hierarchy is elaborated.
proc np_read_set {top rtl inc_args tmpdir} {
  set listing [file join $tmpdir sources.attrs]
  set script "read_verilog -defer -DSYNTHESIS [join $inc_args " "] [join $rtl " "];\
              hierarchy -check -top $top; tee -q -o $listing printattrs A:src"
  if {[catch {exec yosys -q -p $script 2>@1} err]} {
    np_fail "listing the sources of $top failed: $err"
  }
  set files {}
  foreach line [split [np_read_text $listing] "\n"] {
    # A module's own attributes are indented by two spaces, its members' by four.
    if {[regexp {^  \(\* src="([^":]+):} $line -> path]} { lappend files $path }
  }
  file delete $listing
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
