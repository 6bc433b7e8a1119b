#!/usr/bin/env bash
# ba_prove.sh: formal proofs of the BA tag unit's replacement logic (docs/ba.md 3.3, 3.4, 10).
# Run by `make prove` / `make prove-ba` (tests/formal/formal.mk convention).
#
# Usage: tests/formal/ba_prove.sh OUT_DIR
# Environment: NP_RTL  Verilog sources (default rtl/common/*.v rtl/ba/*.v).
#              BA_PROVE_DEPTH  time steps of the unit proofs (default 12; 8 with NP_PROVE_QUICK)
#
# Properties (Yosys `sat -prove ok_o 1`, MiniSat, all inputs of the combinational block):
#   victim_ba_t{0,2,4,8}  ba_victim_miter, 8 ways, BA mode, Threshold 0, 2, 4, 8: the victim
#                         is the oldest line of the group the threshold rule picks
#   victim_lru            the same miter in LRU mode: the victim is the oldest line
#   lru_update            ba_lru_miter, 8 ways: ages stay a permutation, the touched way becomes
#                         0, every other pair keeps its order
#   sanity                ba_victim_miter with the property assuming Threshold 3 while the RTL
#                         has 4: the solver must find a counterexample
#   victim_young_{ba,lru} ba_young_miter, 8 ways: the victim with a forwarded touch (young_i)
#                         equals the victim on the touched ages (docs/ba.md 4, forwarding)
#   unit_forwarding_{ba,lru}  the whole ba_tag_unit (2 sets x 4 ways, 3-bit tags),
#                         `sat -seq BA_PROVE_DEPTH -prove-asserts` from a reset in step 1, every
#                         input sequence: the lookup with the pending write forwarded equals the
#                         lookup of the array after that write (the `ifdef FORMAL block)
#   unit_no_forward       the same with the forwarding removed (BA_FORMAL_NO_FORWARD): must be
#                         refuted, so the bound reaches back-to-back requests to one set
# Prints "PROVED ..." / "CAUGHT ..." per property, exits non-zero on any failure.
set -euo pipefail

out_dir=${1:?usage: ba_prove.sh OUT_DIR}
rtl=${NP_RTL:-$(echo rtl/common/*.v rtl/ba/*.v)}
# NP_PROVE_QUICK (make test): 8 steps (enough for the refutation), 12 otherwise (the BA-mode
# unit proof takes minutes of CPU at 12).
depth=${BA_PROVE_DEPTH:-$([ -n "${NP_PROVE_QUICK:-}" ] && echo 8 || echo 12)}
mkdir -p "$out_dir"
NP_PROVE_OUT=$out_dir
. "$(dirname "$0")/prove_lib.sh"

# run NAME DESCRIPTION EXPECT TOP CHPARAMS (hierarchy's -chparam NAME VALUE options): EXPECT "proof" (ok_o always 1) or "cex".
run() {
  local name=$1 desc=$2 expect=$3 top=$4 params=$5
  np_prove ba "$name" "$desc" "" "$expect" "read_verilog -defer -DSYNTHESIS $rtl tests/formal/$top.v;
    hierarchy -check $params -top $top; proc; flatten; opt -full; sat -prove ok_o 1 -verify $top"
}

status=0
for t in 0 2 4 8; do
  run "victim_ba_t$t" "BA victim = oldest of the threshold group, 8 ways, Threshold $t" proof \
    ba_victim_miter "-chparam Threshold $t -chparam SpecThreshold $t" || status=1
done
run victim_lru "LRU victim = oldest line, 8 ways" proof ba_victim_miter \
  "-chparam BypassAware 0" || status=1
run lru_update "age update keeps a permutation and the order, 8 ways" proof ba_lru_miter "" || status=1
run sanity "property with Threshold 3 against RTL Threshold 4 must fail" cex ba_victim_miter \
  "-chparam Threshold 4 -chparam SpecThreshold 3" || status=1
# The young-line proofs take 5-40 s; NP_PROVE_QUICK (make test) leaves them to `make prove`
# (the unit proofs below check the same forwarding end to end).
for m in $([ -n "${NP_PROVE_QUICK:-}" ] || echo ba:1 lru:0); do
  run "victim_young_${m%%:*}" "victim with a forwarded touch = victim on the touched ages, 8 ways" \
    proof ba_young_miter "-chparam BypassAware ${m##*:}" || status=1
done

# The whole unit, small: Sets 2, Ways 4, AddrBits 4 (3-bit tags, eight per set: sets fill,
# then bypass or evict), Threshold 2; reset in step 1, every input after it.
unit() {  # name description expect bypass_aware defines
  np_prove ba "$1" "$2" "Sets=2 Ways=4 AddrBits=4 | $depth cycles" "$3" \
    "read_verilog -defer -formal -DFORMAL -DSYNTHESIS $5 $rtl;
     hierarchy -check -chparam Sets 2 -chparam Ways 4 -chparam AddrBits 4 -chparam BypassAware $4 -chparam Threshold 2 -top ba_tag_unit; proc; flatten; memory -nomap; memory_map; opt -fast; opt -full; wreduce; opt_clean;
     sat -seq $depth -prove-asserts -set-at 1 rst_ni 0 -verify"
}
unit unit_forwarding_ba "forwarded lookup = lookup after the pending write, BA mode" proof 1 "" || status=1
unit unit_forwarding_lru "forwarded lookup = lookup after the pending write, LRU mode" proof 0 "" || status=1
unit unit_no_forward "the same without forwarding must fail" cex 1 "-DBA_FORMAL_NO_FORWARD" || status=1
exit $status
