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
