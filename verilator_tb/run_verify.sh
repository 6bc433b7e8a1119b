#!/usr/bin/env bash
# Runs one Verilator harness for `make verify-<top>` / `verify-long-<top>`: full output to the
# log, the result lines to the console. Exit status is the harness's (0 pass, 1 RTL failure,
# 2 bad input or stale vectors).
# usage: run_verify.sh ID TOP BINARY VECTORS DATA_DIR LOG SEED COUNT [harness options...]
#   ID is the target's name (the top, or <top>-<variant>); VECTORS "-" runs without vectors.
set -euo pipefail
id=$1 top=$2 bin=$3 vectors=$4 data=$5 log=$6 seed=$7 count=$8
shift 8

mkdir -p "$(dirname "$log")"
vector_args=()
if [ "$vectors" != "-" ]; then
  if [ ! -f "$vectors" ]; then
    echo "verify-$id: $vectors is missing (make vectors writes it)" >&2
    exit 2
  fi
  vector_args=(--vectors "$vectors")
fi
fst="${log%.log}_fail.fst"
rm -f "$fst"
echo "verify-$id: seed=$seed count=$count log=$log"
start=$(date +%s%N)
status=0
"$bin" --seed "$seed" --count "$count" "${vector_args[@]}" --data "$data" --fst "$fst" "$@" \
  > "$log" 2>&1 || status=$?
elapsed_ms=$(( ($(date +%s%N) - start) / 1000000 ))
# INPUT lines hold whole buses: they stay in the log only.
grep -E '^(PASS|MISMATCH|PROTOCOL|TIMEOUT|ASSERTION|STALE|ERROR|FAIL|NOTE|LATENCY|THROUGHPUT|WAVEFORM|DETAIL|STATS|VECTORS) ' "$log" || true
grep -E '^%(Error|Warning)' "$log" | head -n 5 || true
printf 'verify-%s: exit=%d wall=%d.%03ds\n' "$id" "$status" $((elapsed_ms / 1000)) $((elapsed_ms % 1000))
if [ "$status" -eq 0 ] && ! grep -qE "^PASS unit=$top " "$log"; then
  echo "verify-$id: exit 0 without a PASS line" >&2
  exit 1
fi
exit "$status"
