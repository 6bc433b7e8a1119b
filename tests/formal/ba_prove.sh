#!/usr/bin/env bash
# ba_prove.sh: formal proofs of the BA tag unit's replacement logic (docs/ba.md 3.3, 3.4, 10).
# Run by `make prove` / `make prove-ba` (tests/formal/formal.mk convention).
#
# Usage: tests/formal/ba_prove.sh OUT_DIR
# Environment: NP_RTL  Verilog sources (default rtl/common/*.v rtl/ba/*.v).
#
# Properties (Yosys `sat -prove ok_o 1`, MiniSat, all inputs of the combinational block):
#   victim_ba_t{0,2,4,8}  ba_victim_miter, 8 ways, BA mode, Threshold 0, 2, 4, 8: the victim
#                         is the oldest line of the group the threshold rule picks
#   victim_lru            the same miter in LRU mode: the victim is the oldest line
#   lru_update            ba_lru_miter, 8 ways: ages stay a permutation, the touched way becomes
#                         0, every other pair keeps its order
#   sanity                ba_victim_miter with the property assuming Threshold 3 while the RTL
#                         has 4: the solver must find a counterexample
# Prints "PROVED ..." / "CAUGHT ..." per property, exits non-zero on any failure.
set -euo pipefail

out_dir=${1:?usage: ba_prove.sh OUT_DIR}
rtl=${NP_RTL:-$(echo rtl/common/*.v rtl/ba/*.v)}
mkdir -p "$out_dir"

# run NAME DESCRIPTION EXPECT TOP CHPARAMS: EXPECT "proof" (ok_o always 1) or "cex".
run() {
  local name=$1 desc=$2 expect=$3 top=$4 params=$5
  local log="$out_dir/$name.log" start end secs rc
  start=$(date +%s.%N)
  set +e
  yosys -q -l "$log" -p "read_verilog -DSYNTHESIS $rtl tests/formal/$top.v; $params
    hierarchy -check -top $top; proc; flatten; opt -full; sat -prove ok_o 1 -verify $top" \
    >/dev/null 2>&1
  rc=$?
  set -e
  end=$(date +%s.%N)
  secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
  if [ "$expect" = proof ]; then
    if [ $rc -eq 0 ] && grep -q "SAT proof finished - no model found: SUCCESS" "$log"; then
      echo "PROVED ba $name: $desc | ${secs} s"
      return 0
    fi
    echo "FAILED ba $name: $desc | see $log"
    return 1
  fi
  if [ $rc -ne 0 ] && grep -q "SAT proof finished - model found: FAIL" "$log"; then
    echo "CAUGHT ba $name: $desc | counterexample in ${secs} s"
    return 0
  fi
  echo "FAILED ba $name: $desc: expected a counterexample, none found | see $log"
  return 1
}

status=0
for t in 0 2 4 8; do
  run "victim_ba_t$t" "BA victim = oldest of the threshold group, 8 ways, Threshold $t" proof \
    ba_victim_miter "chparam -set Threshold $t -set SpecThreshold $t ba_victim_miter;" || status=1
done
run victim_lru "LRU victim = oldest line, 8 ways" proof ba_victim_miter \
  "chparam -set BypassAware 0 ba_victim_miter;" || status=1
run lru_update "age update keeps a permutation and the order, 8 ways" proof ba_lru_miter "" || status=1
run sanity "property with Threshold 3 against RTL Threshold 4 must fail" cex ba_victim_miter \
  "chparam -set Threshold 4 -set SpecThreshold 3 ba_victim_miter;" || status=1
exit $status
