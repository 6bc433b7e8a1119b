#!/usr/bin/env bash
# dsm_prove.sh: formal proofs that the DSM RTL decompressor inverts the RTL compressor
# (docs/dsm.md section 8.5). Run by `make prove` (tests/formal/formal.mk).
#
# Usage: tests/formal/dsm_prove.sh OUT_DIR [PROPERTY...]
#   PROPERTY: lane64 lane128 line64 line128 sanity (default: all, in that order)
# Environment: NP_RTL  Verilog sources to read (default: rtl/common/*.v rtl/dsm/*.v); pointing
#                      it at a deliberately broken copy shows that a proof then fails.
#
# Each property is a miter under tests/formal/ whose output ok_o must be 1 for every input.
#   lane64  dsm_lane_miter, LaneBytes = 64 (512 free bits): dsm_lane_unpack(dsm_lane_pack(x))
#           == x, no error flag, equal lengths, zero bits above the length.
#   lane128 the same for one 128-byte lane (1024 free bits).
#   line64  dsm_line_miter, LaneBytes = 64 (1024 free bits): two lanes + line concatenation,
#           decoded with the stream's own length: line restored, err_o = 0, zero tail.
#   line128 dsm_line_miter, LaneBytes = 128 (1024 free bits): one 128-byte lane.
#   sanity  dsm_lane_miter with CorruptBit set (one stream bit flipped between packer and
#           unpacker): the solver must find a counterexample, showing the property can fail.
# Engine (prove_lib.sh np_prove_aig): the miter lowered to an AIG by cheap Yosys passes, then
# ABC SAT sweeping (&fraig -x) and MiniSat (dsat). Plain MiniSat alone takes many minutes on
# the 1024-bit miters; the earlier flow (Yosys opt -full, ABC sweep, Yosys sat) spent most of
# its CPU in the Yosys optimisation passes.
# Prints one line per property: "PROVED ..." / "CAUGHT ..." with input width and time, or
# "FAILED ..." with the log path, and exits non-zero on any failure.
set -euo pipefail

out_dir=${1:?usage: dsm_prove.sh OUT_DIR [PROPERTY...]}
shift
props=("$@")
if [ ${#props[@]} -eq 0 ]; then
  props=(lane64 lane128 line64 line128 sanity)
fi
rtl=${NP_RTL:-$(echo rtl/common/*.v rtl/dsm/*.v)}
mkdir -p "$out_dir"
NP_PROVE_OUT=$out_dir
. "$(dirname "$0")/prove_lib.sh"

# Yosys commands that read the sources and elaborate the miter (prove_lib.sh's np_prove_aig
# lowers it to an AIG and runs ABC).
front() {  # top lane_bytes [extra chparam]
  local top=$1 lane_bytes=$2 extra=${3:-}
  echo "read_verilog -defer -DSYNTHESIS $rtl tests/formal/$top.v;" \
       "hierarchy -check -chparam LaneBytes $lane_bytes ${extra//-set /-chparam } -top $top;"
}

# run NAME WIDTH DESCRIPTION EXPECT TOP LANE_BYTES [extra chparam]: EXPECT is "proof" (ok_o
# always 1) or "cex".
run() {
  np_prove_aig dsm "$1" "$3" "input $2 bits" "$4" "$5" "$(front "$5" "$6" "${7:-}")"
}

status=0
for p in "${props[@]}"; do
  case $p in
    lane64) run lane64 512 "lane round trip, LaneBytes=64" proof dsm_lane_miter 64 || status=1 ;;
    lane128) run lane128 1024 "lane round trip, LaneBytes=128" proof dsm_lane_miter 128 || status=1 ;;
    line64)
      run line64 1024 "line round trip, 2 lanes + line concat, LaneBytes=64" proof dsm_line_miter 64 \
        || status=1 ;;
    line128)
      run line128 1024 "line round trip, 1 lane, LaneBytes=128" proof dsm_line_miter 128 || status=1 ;;
    sanity)
      # Bit 20 lies in the first segment's ED data (C is bit 0, ES bits 1..8).
      run sanity 512 "lane miter with stream bit 20 flipped must fail" cex dsm_lane_miter 64 \
        "-set CorruptBit 20" || status=1 ;;
    *)
      echo "dsm_prove.sh: unknown property '$p' (lane64 lane128 line64 line128 sanity)" >&2
      exit 2 ;;
  esac
done
exit $status
