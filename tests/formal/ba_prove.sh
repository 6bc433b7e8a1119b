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
NP_PROVE_OUT=$out_dir
. "$(dirname "$0")/prove_lib.sh"

# run NAME DESCRIPTION EXPECT TOP CHPARAMS: EXPECT "proof" (ok_o always 1) or "cex".
run() {
  local name=$1 desc=$2 expect=$3 top=$4 params=$5
  np_prove ba "$name" "$desc" "" "$expect" "read_verilog -DSYNTHESIS $rtl tests/formal/$top.v; $params
    hierarchy -check -top $top; proc; flatten; opt -full; sat -prove ok_o 1 -verify $top"
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
