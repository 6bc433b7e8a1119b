#!/usr/bin/env bash
# Proves that the checks of one top's harnesses can fail (make verify-selftest). Each case
# runs a harness on deliberately wrong input and requires the failure it must produce:
#   mismatch     --inject-mismatch K: exit 1, one MISMATCH line for txn K, a non-empty FST
#                from a replay that reproduced the failure at the same cycle
#   hang         --inject-hang (out_ready held low): exit 1, a TIMEOUT line, a non-empty FST
#   replay       the same seed twice gives the same output (failures are reproducible)
#   stale        one expected bit flipped in every vector: exit 2, STALE vectors FILE:LINE
#   malformed    a digit missing on a vector line: exit 2, ERROR FILE:LINE
#   iverilog     the Icarus bench on the stale file: non-zero exit and a MISMATCH line
#   dump         --no-stall --dump on a short run: PASS and a non-empty FST
# usage: selftest.sh TOP BINARY VECTORS DATA_DIR OUT_DIR "RTL FILES"
#   VECTORS "-": a top without golden vectors (the engine fixture): the stale, malformed and
#   iverilog cases are skipped.
set -euo pipefail
top=$1 bin=$2 vectors=$3 data=$4 out=$5 rtl=$6
mkdir -p "$out"
vector_args=()
[ "$vectors" = "-" ] || vector_args=(--vectors "$vectors")
here=$(cd "$(dirname "$0")" && pwd)

failures=0
pass() { echo "selftest $top $1: ok"; }
fail() { echo "selftest $top $1: FAILED: $2" >&2; failures=$((failures + 1)); }

# run NAME EXPECTED_STATUS args...: runs the harness, log in $out/$top-NAME.log
run() {
  local name=$1 want=$2
  shift 2
  local status=0
  "$bin" --data "$data" "$@" > "$out/$top-$name.log" 2>&1 || status=$?
  if [ "$status" -ne "$want" ]; then
    fail "$name" "exit status $status, expected $want (log $out/$top-$name.log)"
    return 1
  fi
}

has() { grep -qE "$2" "$out/$top-$1.log"; }

# --- injected mismatch ----------------------------------------------------------------------
fst="$out/$top-mismatch.fst"
rm -f "$fst"
if run mismatch 1 --seed 7 --count 3000 --inject-mismatch 1000 "${vector_args[@]}" --fst "$fst"; then
  if ! has mismatch "^MISMATCH unit=$top seed=7 cycle=[0-9]+ txn=1000 field=[a-z_]+ exp=[0-9a-f]+ got=[0-9a-f]+\$"; then
    fail mismatch "no MISMATCH line for txn 1000"
  elif [ "$(grep -c '^MISMATCH' "$out/$top-mismatch.log")" -ne 1 ]; then
    fail mismatch "more than one MISMATCH line"
  elif ! has mismatch "^WAVEFORM $fst " || [ ! -s "$fst" ]; then
    fail mismatch "no waveform written to $fst"
  elif has mismatch "^NOTE "; then
    fail mismatch "the traced replay did not reproduce the failure"
  else
    pass mismatch
  fi
fi

# --- hang -------------------------------------------------------------------------------------
fst="$out/$top-hang.fst"
rm -f "$fst"
if run hang 1 --seed 7 --count 3000 --inject-hang --timeout 500 "${vector_args[@]}" --fst "$fst"; then
  if ! has hang "^TIMEOUT unit=$top seed=7 cycle=[0-9]+ "; then
    fail hang "no TIMEOUT line"
  elif [ ! -s "$fst" ] || has hang "^NOTE "; then
    fail hang "no waveform written to $fst, or the traced replay did not reproduce the hang"
  else
    pass hang
  fi
fi

# --- determinism ------------------------------------------------------------------------------
if run replay1 0 --seed 11 --count 20000 "${vector_args[@]}" && run replay2 0 --seed 11 --count 20000 "${vector_args[@]}"; then
  # Only the wall-clock seconds and the echoed command may differ.
  if diff <(grep -vE '^(STATS|REPLAY) ' "$out/$top-replay1.log") <(grep -vE '^(STATS|REPLAY) ' "$out/$top-replay2.log") > /dev/null; then
    pass replay
  else
    fail replay "two runs with seed 11 differ"
  fi
fi

# --- whole-run waveform ---------------------------------------------------------------------------
fst="$out/$top-dump.fst"
rm -f "$fst"
if run dump 0 --seed 3 --count 200 --no-stall --dump "${vector_args[@]}" --fst "$fst"; then
  if has dump "^PASS unit=$top seed=3 checked=[0-9]+\$" && [ -s "$fst" ]; then
    pass dump
  else
    fail dump "no PASS line or empty $fst"
  fi
fi

if [ "$vectors" = "-" ]; then
  [ "$failures" -eq 0 ] || { echo "selftest $top: $failures case(s) FAILED" >&2; exit 1; }
  exit 0
fi

# --- stale vectors: flip the least significant bit of the last field (an expected output,
# docs/vectors.md: inputs first, then expectations) of every vector ------------------------------
stale="$out/$top-stale.hex"
awk 'BEGIN { d = "0123456789abcdef" }
     /^[[:space:]]*(\/\/|$)/ { print; next }
     { c = tolower(substr($0, length($0), 1)); i = index(d, c) - 1;
       print substr($0, 1, length($0) - 1) substr(d, (i % 2 == 0 ? i + 1 : i - 1) + 1, 1) }' "$vectors" > "$stale"
first_line=$(awk '!/^[[:space:]]*(\/\/|$)/ { print NR; exit }' "$stale")
if run stale 2 --count 50 --vectors "$stale"; then
  if has stale "^STALE vectors unit=$top $stale:$first_line: "; then
    pass stale
  else
    fail stale "no 'STALE vectors ... $stale:$first_line' line"
  fi
fi

# --- malformed vector file ----------------------------------------------------------------------
bad="$out/$top-malformed.hex"
awk -v n="$first_line" 'NR == n { print substr($0, 2); next } { print }' "$vectors" > "$bad"
if run malformed 2 --count 50 --vectors "$bad"; then
  if has malformed "^ERROR unit=$top $bad:$first_line: expected [0-9]+ hex digits"; then
    pass malformed
  else
    fail malformed "no 'ERROR ... $bad:$first_line: expected N hex digits' line"
  fi
fi

# --- Icarus bench on the stale file -------------------------------------------------------------
expect=$(grep -cvE '^[[:space:]]*(//|$)' "$stale")
# shellcheck disable=SC2086  # $rtl is a list of files
iverilog -g2005 -Wall -I"$here/iverilog" -s "${top}_tb" -P"${top}_tb.MaxVectors=$expect" \
  -o "$out/$top-stale.vvp" "$here/iverilog/${top}_tb.v" $rtl
status=0
vvp -n "$out/$top-stale.vvp" +vectors="$stale" +expect="$expect" > "$out/$top-iverilog-stale.log" 2>&1 || status=$?
if [ "$status" -ne 0 ] && grep -qE "^MISMATCH unit=$top sim=iverilog " "$out/$top-iverilog-stale.log"; then
  pass iverilog
else
  fail iverilog "exit $status, MISMATCH line expected (log $out/$top-iverilog-stale.log)"
fi

[ "$failures" -eq 0 ] || { echo "selftest $top: $failures case(s) FAILED" >&2; exit 1; }
