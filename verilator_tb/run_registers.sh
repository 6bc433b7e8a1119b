#!/usr/bin/env bash
# `make verify-registers`: the shared pipeline registers on Icarus (verilator_tb/iverilog/
# np_registers_tb.v). Two runs, both outcomes required:
#   contract kept    (UngatedProducer=0): PASS, every beat delivered once, in order
#   contract broken  (UngatedProducer=1): non-zero exit and np_stream_register_gated's ASSERT line
# usage: run_registers.sh OUT_DIR RTL_FILES...
set -euo pipefail
out=$1
shift
mkdir -p "$out"
bench=verilator_tb/iverilog/np_registers_tb.v
failures=0

for ungated in 0 1; do
  vvp_file="$out/np_registers_$ungated.vvp" log="$out/np_registers_$ungated.log"
  iverilog -g2005 -Wall -s np_registers_tb -Pnp_registers_tb.UngatedProducer=$ungated \
    -o "$vvp_file" "$bench" "$@"
  status=0
  vvp -n "$vvp_file" > "$log" 2>&1 || status=$?
  if [ "$ungated" = 0 ]; then
    if [ "$status" -eq 0 ] && grep -qE '^PASS unit=np_registers sim=iverilog checked=[0-9]+$' "$log"; then
      echo "verify-registers: $(grep '^PASS' "$log")"
    else
      echo "verify-registers: FAILED: registers with a well-behaved producer (exit $status, see $log)" >&2
      failures=$((failures + 1))
    fi
  else
    if [ "$status" -ne 0 ] && grep -q '^ASSERT .*u_gated: in_data_i is not zero while load_o = 0' "$log"; then
      echo "verify-registers: an ungated producer is caught: $(grep '^ASSERT' "$log")"
    else
      echo "verify-registers: FAILED: an ungated producer was not caught (exit $status, see $log)" >&2
      failures=$((failures + 1))
    fi
  fi
done
exit "$failures"
