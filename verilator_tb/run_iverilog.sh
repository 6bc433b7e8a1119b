#!/usr/bin/env bash
# Runs one Icarus replay of a golden vector file for `make verify-iverilog-<top>`.
# usage: run_iverilog.sh TOP VVP VECTORS LOG [seed]
set -euo pipefail
top=$1 vvp_file=$2 vectors=$3 log=$4 seed=${5:-1}

mkdir -p "$(dirname "$log")"
expect=$(grep -cvE '^[[:space:]]*(//|$)' "$vectors")
echo "verify-iverilog-$top: $expect vectors from $vectors, seed=$seed, log=$log"
status=0
vvp -n "$vvp_file" +vectors="$vectors" +expect="$expect" +seed="$seed" > "$log" 2>&1 || status=$?
grep -E '^(PASS|STATS|MISMATCH|PROTOCOL|TIMEOUT|ERROR|FATAL)' "$log" | cut -c1-400 || true
if [ "$status" -ne 0 ] || ! grep -qE "^PASS unit=$top sim=iverilog checked=$expect\$" "$log"; then
  echo "verify-iverilog-$top: FAILED (exit $status, see $log)" >&2
  exit 1
fi
