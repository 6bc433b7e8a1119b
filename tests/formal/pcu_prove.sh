#!/usr/bin/env bash
# pcu_prove.sh: bounded proofs of PCU invariants (docs/pcu.md 9). Run by `make prove`
# (tests/formal/formal.mk, the generic prove-<unit> rule).
#
# Usage: tests/formal/pcu_prove.sh OUT_DIR
# Environment: NP_RTL  Verilog sources (default: rtl/common/*.v rtl/pcu/*.v)
#              PCU_PROVE_DEPTH  time steps of the bounded proof (default 20)
#
# The PCU is elaborated small enough for the solver (NumRgr = 4, NumSm = 4, AddrWidth = 2, so
# four blocks and the table fills, DataWidth = 1, WbDepth = 2) with its `ifdef FORMAL
# assertions (rtl/pcu/pcu.v), flattened to gates, and Yosys `sat -seq N -prove-asserts` checks
# them in every one of the first N cycles after the all-zero state with reset in the first cycle,
# for every input sequence: requests, L2 returns (any tag, legal or not), readies and room.
#   invariants  unique_open (no two open RGRs hold one block) and has_dest (every valid RGR
#               has a destination), N = PCU_PROVE_DEPTH steps
#               and exact_match (the registered match and rep bits equal a fresh compare,
#               docs/pcu.md 8.3)
#   no_forward  the same with the registered match's correction removed
#               (PCU_FORMAL_NO_FORWARD): must be refuted
#   control     the same run with PCU_FORMAL_CONTROL: the false property "no two valid RGRs
#               share a block" must be refuted (a counterexample found), which shows the bound
#               reaches a write closing a group or a repeated SM.
# Prints "PROVED ..." / "CAUGHT ..." with the depth and time, or "FAILED ..." with the log path,
# and exits non-zero on any failure.
set -euo pipefail

out_dir=${1:?usage: pcu_prove.sh OUT_DIR}
depth=${PCU_PROVE_DEPTH:-20}
rtl=${NP_RTL:-$(echo rtl/common/*.v rtl/pcu/*.v)}
mkdir -p "$out_dir"
NP_PROVE_OUT=$out_dir
. "$(dirname "$0")/prove_lib.sh"

script() {  # extra defines
  echo "read_verilog -defer -formal -DFORMAL -DSYNTHESIS $1 $rtl;" \
       "hierarchy -check -chparam NumRgr 4 -chparam NumSm 4 -chparam AddrWidth 2 -chparam DataWidth 1" \
       "-chparam WbDepth 2 -top pcu; proc; flatten; memory -nomap; memory_map; opt -fast;" \
       "opt -full; wreduce; opt_clean;" \
       "sat -seq $depth -prove-asserts -set-init-zero -set-at 1 rst_ni 0 -verify"
}

# run NAME DESCRIPTION EXPECT DEFINES: EXPECT is "proof" or "cex".
run() {
  np_prove pcu "$1" "$2" "NumRgr=4 NumSm=4 | $depth cycles" "$3" "$(script "$4")"
}

status=0
run invariants "unique open group per block, every valid RGR has a destination, registered match and free flag exact" proof "" || status=1
run no_forward "registered match without the correction for the leaving request must fail" cex \
  "-DPCU_FORMAL_NO_FORWARD" || status=1
run control "false property 'no two valid RGRs share a block' must fail" cex \
  "-DPCU_FORMAL_CONTROL" || status=1
exit $status
