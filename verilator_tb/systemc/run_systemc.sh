#!/usr/bin/env bash
# verify-systemc (verilator_tb/systemc/systemc.mk): runs np_sc's checks SC_JOBS at a time, one log
# per check in SC_LOG_DIR, prints the result lines of every check and the wall time.
#   1. every codec side with an rtl form (np_sc list): model vs rtl, SC_COUNT real lines, random
#      gaps and stalls;
#   2. the platform for every codec with rtl forms on both sides, in the four form mixes, with
#      random gaps, stalls and link stalls, SC_PLATFORM_COUNT lines;
#   3. the platform at zero load (rtl forms), its latency per packet length beside npsim's;
#   4. a unit with several handshake pairs (np_sc list: <name>:ports:<top>, the PCU): model vs rtl
#      on SC_COUNT requests with an L2 model in the loop, its zero-load latency, its self-tests;
#   5. a unit with credit-based links (np_sc list: <name>:links:<top>, the router): both forms
#      against npsim's expectation every cycle, SC_ROUTER_COUNT flits, and its self-test.
set -euo pipefail
: "${SC_BIN:?}" "${SC_COUNT:?}" "${SC_PLATFORM_COUNT:?}" "${SC_SEED:?}" "${SC_JOBS:?}" "${DATA_DIR:?}" "${SC_LOG_DIR:?}"
SC_ROUTER_COUNT=${SC_ROUTER_COUNT:-$SC_COUNT}
SC_TIMING_ARGS=${SC_TIMING_ARGS:-}
mkdir -p "$SC_LOG_DIR"
rm -f "$SC_LOG_DIR"/*.log "$SC_LOG_DIR"/*.fst
start=$(date +%s%N)

specs=$("$SC_BIN" list)
[ -n "$specs" ] || { echo "verify-systemc: np_sc list is empty (SC_TOPS?)"; exit 1; }
jobs=()
# SC_COUNT lines per RTL top and form: a top that serves several codecs (the DPC tops: dpc,
# df-truc, df-man through in_mode_i) splits them among its codecs.
for spec in $specs; do
  IFS=: read -r codec dir top <<<"$spec"
  # A unit with several handshake pairs (np_sc pcu: the PCU with an L2 model in the loop): its own
  # mode, SC_COUNT requests; its zero-load read latency beside npsim's; its injected faults.
  if [ "$dir" = ports ]; then
    jobs+=("unit-$codec-$dir|$codec --form both --count $SC_COUNT")
    jobs+=("zeroload-$codec|$codec --form both --count 300 --zero-load --l2-latency 20")
    jobs+=("selftest-$codec|$codec --form both --count 3000 --inject-mismatch 300|txn=300 field=rpl_data")
    jobs+=("selftest-$codec-latency|$codec --form both --count 300 --inject-latency 1|txn=0 field=req_accept_cycle")
    continue
  fi
  # A unit with credit-based links (np_sc router): SC_ROUTER_COUNT flits; its injected fault (a
  # flipped bit in the model form's 300th output flit).
  if [ "$dir" = links ]; then
    jobs+=("unit-$codec-$dir|$codec --form both --count $SC_ROUTER_COUNT")
    jobs+=("selftest-$codec|$codec --form both --count 3000 --inject-mismatch 300|form=model cycle=[0-9]* port=[0-9] field=out_flit")
    continue
  fi
  share=$(grep -c ":$top\$" <<<"$specs")
  n=$(( (SC_COUNT + share - 1) / share ))
  jobs+=("unit-$codec-$dir|unit --codec $codec --dir $dir --form both --count $n")
done
# Codecs with both sides in rtl form.
codecs=$(for spec in $specs; do echo "${spec%%:*}"; done | sort | uniq -d)
for codec in $codecs; do
  for mix in "model model" "rtl rtl" "model rtl" "rtl model"; do
    read -r c d <<<"$mix"
    jobs+=("platform-$codec-$c-$d|platform --codec $codec --comp $c --decomp $d --count $SC_PLATFORM_COUNT --link-stall 0.2 --credits 4 --flit-bits 128")
  done
  jobs+=("zeroload-$codec|platform --codec $codec --comp rtl --decomp rtl --count 500 --zero-load --flit-bits 128 --link-latency 1")
done
# One hop more (a link of 4H+1 = 5 cycles, credits for the round trip), mixed forms.
first=$(head -n1 <<<"$codecs")
[ -n "$first" ] && jobs+=("zeroload-$first-h1|platform --codec $first --comp rtl --decomp model --count 300 --zero-load --flit-bits 128 --link-latency 5 --credits 10")

# Self-tests: the checks must fail, with one grep-able line naming the injected transaction
# and the rtl form's FST: a flipped bit in the model's result (compressor), one extra cycle of
# model latency (decompressor: timing), a flipped line in the platform's model decompressor.
jobs+=("selftest-flip|unit --codec dsm --dir comp --form both --count 3000 --inject-mismatch 1000|txn=1000 field=out_bits")
jobs+=("selftest-latency|unit --codec dpc --dir decomp --form both --count 300 --inject-latency 1|txn=0 field=deliver_cycle")
jobs+=("selftest-platform|platform --codec dsm --comp rtl --decomp model --count 600 --inject-mismatch 500|txn=500 field=line")

# Every UnitOp with an rtl form (np_sc list: <name>:unit:<top>): its injected bit flip in the model's result.
for spec in $specs; do
  IFS=: read -r codec dir _ <<<"$spec"
  [ "$dir" = unit ] && jobs+=("selftest-$codec|unit --codec $codec --dir unit --form both --count 3000 --inject-mismatch 1000|txn=1000 field=out_")
done

run_one() {
  local name=${1%%|*} rest=${1#*|}
  local args=${rest%%|*} want=
  [ "$rest" != "$args" ] && want=${rest#*|}
  local rc=0
  # shellcheck disable=SC2086
  "$SC_BIN" $args --seed "$SC_SEED" --data "$DATA_DIR" $SC_TIMING_ARGS \
    --fst "$SC_LOG_DIR/$name.fst" >"$SC_LOG_DIR/$name.log" 2>&1 || rc=$?
  if [ -z "$want" ]; then
    [ $rc -eq 0 ] && echo "ok $name" || echo "FAILED $name (log: $SC_LOG_DIR/$name.log)"
    return
  fi
  local fst=$SC_LOG_DIR/$name.fst
  [ "$name" = selftest-platform ] && fst=$fst.comp.fst
  if [ $rc -eq 1 ] && [ "$(grep -c '^MISMATCH ' "$SC_LOG_DIR/$name.log")" -eq 1 ] &&
     grep -q "^MISMATCH .*$want" "$SC_LOG_DIR/$name.log" && [ -s "$fst" ]; then
    echo "ok $name"
    echo "SELFTEST $name failed as it must: $(grep '^MISMATCH ' "$SC_LOG_DIR/$name.log" | cut -c1-120), FST $(stat -c %s "$fst") bytes" \
      >>"$SC_LOG_DIR/$name.log"
  else
    echo "FAILED $name: the injected fault was not caught as expected (exit $rc; log: $SC_LOG_DIR/$name.log)"
  fi
}
export -f run_one
export SC_BIN SC_SEED DATA_DIR SC_TIMING_ARGS SC_LOG_DIR
status=0
printf '%s\n' "${jobs[@]}" | xargs -d '\n' -P "$SC_JOBS" -I{} bash -c 'run_one "$1"' _ {} >"$SC_LOG_DIR/summary.txt" || true
grep -q '^FAILED' "$SC_LOG_DIR/summary.txt" && status=1
for j in "${jobs[@]}"; do
  name=${j%%|*}
  if [ "${name#selftest-}" != "$name" ]; then
    grep -h '^SELFTEST ' "$SC_LOG_DIR/$name.log" 2>/dev/null || echo "FAIL $name (log: $SC_LOG_DIR/$name.log)"
    continue
  fi
  grep -hE '^(UNIT|PASS|LATENCY|SPEED|STREAMS|MISMATCH|LOST|TIMEOUT|WAVEFORM|FAIL|ERROR) ' "$SC_LOG_DIR/$name.log" 2>/dev/null | cut -c1-220 ||
    echo "FAIL $name: no result line (log: $SC_LOG_DIR/$name.log)"
done
[ "$(grep -c '^ok ' "$SC_LOG_DIR/summary.txt")" -eq "${#jobs[@]}" ] || status=1
# Lines compared per RTL top (model and rtl form each), summed over its codecs.
for top in $(for spec in $specs; do echo "${spec##*:}"; done | sort -u); do
  n=0
  for spec in $specs; do
    [ "${spec##*:}" = "$top" ] || continue
    IFS=: read -r codec dir _ <<<"$spec"
    c=$(sed -n 's/^PASS .* compared=\([0-9]*\) .*/\1/p' "$SC_LOG_DIR/unit-$codec-$dir.log" 2>/dev/null)
    n=$((n + ${c:-0}))
  done
  what="each line in model and rtl form"
  grep -q ":ports:$top\$" <<<"$specs" && what="transactions on req, l2, mcq and rpl, each in model and rtl form"
  grep -q ":links:$top\$" <<<"$specs" && what="cycles of the five links, each form against npsim's expectation"
  echo "LINES unit=$top compared=$n ($what)"
done
ms=$(( ($(date +%s%N) - start) / 1000000 ))
printf 'verify-systemc: %d checks (model vs rtl on %s lines per RTL top; the platform in 4 form mixes, %s lines each) %s, wall time %d.%03d s\n' \
  "${#jobs[@]}" "$SC_COUNT" "$SC_PLATFORM_COUNT" \
  "$([ $status -eq 0 ] && echo passed || echo FAILED)" $((ms / 1000)) $((ms % 1000))
exit $status
