#!/usr/bin/env bash
# mcast_prove.sh: formal proofs that the multicast RC RTL equals its specification for every
# input (docs/mcast.md section 8). Run by `make prove` / `make prove-mcast`
# (tests/formal/formal.mk).
#
# Usage: tests/formal/mcast_prove.sh OUT_DIR [PROPERTY...]
#   PROPERTY: k8 k5 k4 sanity (default: all, in that order)
# Environment: NP_RTL  Verilog sources to read (default: rtl/common/*.v rtl/mcast/*.v); pointing
#                      it at a deliberately broken copy shows that a proof then fails.
#
# Each property elaborates tests/formal/mcast_miter.v: the RTL cores mcast_split and
# mcast_lookahead (those of the tops mcast_rc and mcast_rc_lookahead) beside mcast_spec, a
# second description written from docs/mcast.md and used only here as the proof reference.
# ok_o must be 1 for every value of every input (position, order, destination set); the
# coordinates are not restricted to the mesh. Engine (prove_lib.sh np_prove_aig): the miter
# lowered to an AIG by cheap Yosys passes, ABC SAT sweeping and MiniSat (the earlier flow, Yosys
# opt -full then Yosys sat, spent most of its CPU in the optimisation passes).
#   k8      K = 8, the RTL default: 64 destinations, 71 free input bits
#   k5      K = 5 (not a power of two: coordinates 5..7 are outside the mesh), 25 destinations
#   k4      K = 4, 16 destinations
#   sanity  K = 4 with the spec's east test off by one (>= instead of >): the solver must find
#           a counterexample, showing the property can fail.
# Prints one line per property: "PROVED ..." / "CAUGHT ..." with input width and time, or
# "FAILED ..." with the log path, and exits non-zero on any failure.
set -euo pipefail

out_dir=${1:?usage: mcast_prove.sh OUT_DIR [PROPERTY...]}
shift
props=("$@")
if [ ${#props[@]} -eq 0 ]; then
  props=(k8 k5 k4 sanity)
fi
rtl=${NP_RTL:-$(echo rtl/common/*.v rtl/mcast/*.v)}
mkdir -p "$out_dir"
NP_PROVE_OUT=$out_dir
. "$(dirname "$0")/prove_lib.sh"

# Yosys commands that read the sources and elaborate the miter for mesh side K (prove_lib.sh's
# np_prove_aig lowers it to an AIG and runs ABC).
script() {  # K [extra chparam]
  local k=$1 extra=${2:-}
  echo "read_verilog -defer -DSYNTHESIS $rtl tests/formal/mcast_spec.v tests/formal/mcast_miter.v;" \
       "hierarchy -check -chparam K $k ${extra//-set /-chparam } -top mcast_miter;"
}

# Free input bits of the miter for mesh side K: two coordinates, the order, K*K destinations.
width() {
  local k=$1 w=0
  while [ $((1 << w)) -lt "$k" ]; do w=$((w + 1)); done
  echo $((2 * w + 1 + k * k))
}

# run NAME K DESCRIPTION EXPECT SCRIPT: EXPECT is "proof" (ok_o always 1) or "cex".
run() {
  np_prove_aig mcast "$1" "$3" "input $(width "$2") bits" "$4" mcast_miter "$5"
}

status=0
for p in "${props[@]}"; do
  case $p in
    k8)
      run k8 8 "split + lookahead == spec, K=8 (64 destinations)" proof "$(script 8)" || status=1 ;;
    k5)
      run k5 5 "split + lookahead == spec, K=5 (25 destinations, coordinates 0..7)" proof \
        "$(script 5)" || status=1 ;;
    k4)
      run k4 4 "split + lookahead == spec, K=4 (16 destinations)" proof "$(script 4)" || status=1 ;;
    sanity)
      run sanity 4 "spec with east test off by one must differ from the RTL" cex \
        "$(script 4 "-set OffByOne 1")" || status=1 ;;
    *)
      echo "mcast_prove.sh: unknown property '$p' (k8 k5 k4 sanity)" >&2
      exit 2 ;;
  esac
done
exit $status
