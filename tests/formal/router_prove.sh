#!/usr/bin/env bash
# router_prove.sh: bounded proofs of the mesh router (docs/router.md 9). Run by `make prove` /
# `make prove-router` (tests/formal/formal.mk, the generic prove-<unit> rule).
#
# Usage: tests/formal/router_prove.sh OUT_DIR
# Environment: NP_RTL  Verilog sources (default: rtl/router/*.v and the multicast RC it uses)
#              ROUTER_PROVE_DEPTH  time steps of the bounded proof (default 11)
#              ROUTER_PROVE_FRAMES frames of the bounded checks with any number of packets (default 10)
#
# tests/formal/router_formal.v puts router_vc (Mcast = 1) in a small configuration (K = 2: four
# nodes; 2 VCs per port, one per class; Depth 2, McastMax 3, so a 3-flit multicast takes a
# replication buffer; 20-bit flits) in an environment that keeps the link protocol and is free
# otherwise (what every input sends and when, every downstream credit and release), with one
# tracked flit, and Yosys `sat -seq N -prove-asserts` checks its assertions in every one of the
# first N cycles after reset, for every input sequence:
#   no_loss_no_dup  the tracked flit leaves only on the ports its packet's route names, at most
#                   once on each, and on every one of them by Drain cycles after the inputs stop
#                   (Budget = 1 packet in, Drain = 6)
#   control         the false claim "the tracked flit never leaves on two ports" must be refuted
#                   (a replication within the bound)
# and, with any number of packets (Budget = 0: a new packet in any cycle, on every free VC), by
# ABC's bmc3 on the design's AIG (prove_lib.sh np_prove_seq; Yosys sat -seq did not finish two
# packets at depth 15 in 10 minutes):
#   many_once_on_route  once_on_route alone (the tracked flit leaves only on its route's ports, at
#                   most once on each) in every one of the first ROUTER_PROVE_FRAMES cycles
#   many_control    the control claim, refuted the same way
# Prints "PROVED ..." / "CAUGHT ..." with the depth and time, or "FAILED ..." with the log path,
# and exits non-zero on any failure.
set -euo pipefail

out_dir=${1:?usage: router_prove.sh OUT_DIR}
depth=${ROUTER_PROVE_DEPTH:-11}
frames=${ROUTER_PROVE_FRAMES:-10}
rtl=${NP_RTL:-$(echo rtl/common/np_ff_ram.v rtl/router/router_vc.v rtl/router/router_ring.v rtl/mcast/mcast_lookahead.v rtl/mcast/mcast_split.v rtl/mcast/mcast_axis_cmp.v)}
mkdir -p "$out_dir"
NP_PROVE_OUT=$out_dir
. "$(dirname "$0")/prove_lib.sh"

script() {  # extra defines
  echo "read_verilog -defer -formal -DSYNTHESIS $1 $rtl tests/formal/router_formal.v;" \
       "hierarchy -check -top router_formal; proc; flatten; memory -nomap; memory_map; opt -fast;" \
       "opt -full; wreduce; opt_clean;" \
       "sat -seq $depth -prove-asserts -set-init-zero -set-at 1 rst_ni 0 -verify"
}

# run NAME DESCRIPTION EXPECT DEFINES: EXPECT is "proof" or "cex".
run() {
  np_prove router "$1" "$2" "K=2 Vcs=2 Depth=2 McastMax=3 | $depth cycles" "$3" "$(script "$4")"
}

# run_many NAME DESCRIPTION EXPECT DEFINES: any number of packets, ABC bmc3 (docs/router.md 9).
run_many() {
  np_prove_seq router "$1" "$2" "K=2 Vcs=2 Depth=2 McastMax=3 Budget=any | bmc3 $frames frames" "$3" \
    router_formal "read_verilog -defer -formal -DSYNTHESIS $4 $rtl tests/formal/router_formal.v;
    hierarchy -check -top router_formal -chparam Budget 0;" "bmc3 -F $frames"
}

status=0
# Minutes of SAT each (the unrolled router): make test (NP_PROVE_QUICK=1) leaves them to
# `make prove-router`.
if [ -n "${NP_PROVE_QUICK:-}" ]; then
  echo "SKIPPED router no_loss_no_dup, control, many_once_on_route, many_control: NP_PROVE_QUICK=1 (make test); make prove-router proves them"
  exit 0
fi
run no_loss_no_dup "a tracked flit leaves once on each port of its route, nowhere else, none lost" proof "" || status=1
run control "false claim 'a tracked flit never leaves on two ports' must fail" cex "-DROUTER_FORMAL_CONTROL" || status=1
run_many many_once_on_route "any number of packets: a tracked flit leaves once on each port of its route at most, nowhere else" proof "-DROUTER_FORMAL_SAFETY" || status=1
run_many many_control "any number of packets: false claim 'a tracked flit never leaves on two ports' must fail" cex "-DROUTER_FORMAL_CONTROL" || status=1
exit $status
