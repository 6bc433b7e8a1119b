#!/usr/bin/env bash
# `make verify-registers`: the shared pipeline registers and their simulation checks on Icarus
# (verilator_tb/iverilog/np_registers_tb.v). Three runs, each outcome required:
#   contracts kept   PASS, every beat delivered once, in order
#   ungated          (UngatedProducer=1) np_stream_register_gated's producer check stops the run
#   broken source    (BrokenSource=1) np_stream_checker stops a stream that changes a stalled beat
# usage: run_registers.sh OUT_DIR RTL_FILES...
set -euo pipefail
out=$1
shift
mkdir -p "$out"
bench=verilator_tb/iverilog/np_registers_tb.v
failures=0

# run NAME PARAMS...: builds and runs the bench; sets $status and $log.
run() {
  local name=$1
  shift
  local vvp_file="$out/np_registers_$name.vvp"
  log="$out/np_registers_$name.log"
  iverilog -g2005 -Wall -s np_registers_tb "$@" -o "$vvp_file" "$bench" "${rtl[@]}"
  status=0
  vvp -n "$vvp_file" > "$log" 2>&1 || status=$?
}

# expect_assert NAME PATTERN WHAT: the run must fail with an ASSERT line matching PATTERN.
expect_assert() {
  if [ "$status" -ne 0 ] && grep -qE "$2" "$log"; then
    echo "verify-registers: $3 is caught: $(grep -m1 '^ASSERT' "$log")"
  else
    echo "verify-registers: FAILED: $3 was not caught (exit $status, see $log)" >&2
    failures=$((failures + 1))
  fi
}

rtl=("$@")
run ok
if [ "$status" -eq 0 ] && grep -qE '^PASS unit=np_registers sim=iverilog checked=[0-9]+$' "$log"; then
  echo "verify-registers: $(grep '^PASS' "$log")"
else
  echo "verify-registers: FAILED: registers with well-behaved streams (exit $status, see $log)" >&2
  failures=$((failures + 1))
fi
run ungated -Pnp_registers_tb.UngatedProducer=1
expect_assert ungated '^ASSERT .*u_gated: in_data_i is not zero while load_o = 0' "an ungated producer"
run broken -Pnp_registers_tb.BrokenSource=1
expect_assert broken '^ASSERT .*u_src_check: out_data_o changed while out_valid_o' "a stalled beat that changes"
exit "$failures"
