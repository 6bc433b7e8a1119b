#!/usr/bin/env bash
# mcast_gates.sh: gate counts and areas of the multicast RC's combinational cores, for the
# comparison with seed 003 5.6 ("A multicast RC unit needs at most 59 OR gates for 64
# destination nodes"); docs/mcast.md section 7. Run by `make synth-mcast-gates`.
#
# Usage: synth/mcast_gates.sh OUT_DIR
# Environment: NP_RTL (default rtl/mcast/*.v), NP_LIB (synth/nangate45_np.lib),
#              NP_CONSTR (synth/abc.constr).
#
# Per design, two Yosys 0.23 runs:
#   gates  synth -flatten; abc -g AND,OR: a network of two-input AND and OR gates and
#          inverters, the unit the paper counts in;
#   area   synth -flatten; abc -liberty -constr (the mapping of synth/np_synth.tcl, without
#          flops: these cores are combinational); area in um2 and NAND2-eq (/ 0.798 um2).
# Designs (K = 8, 64 destinations):
#   split          mcast_split, router position and XY/YX as inputs (the core of mcast_rc)
#   lookahead      mcast_lookahead, the same for the four neighbours (core of mcast_rc_lookahead)
#   fixed_interior mcast_split_fixed X=3 Y=3 XY: position and order hard-wired (five port regions)
#   fixed_edge     mcast_split_fixed X=0 Y=3 XY (four port regions)
#   fixed_corner   mcast_split_fixed X=0 Y=0 XY (three port regions)
# Prints one "GATES mcast ..." line per design; exits non-zero when Yosys fails or a count
# cannot be read.
set -euo pipefail

out_dir=${1:?usage: mcast_gates.sh OUT_DIR}
rtl=${NP_RTL:-$(echo rtl/mcast/*.v)}
lib=${NP_LIB:-synth/nangate45_np.lib}
constr=${NP_CONSTR:-synth/abc.constr}
mkdir -p "$out_dir"

# count LOG CELLTYPE: the number of cells of that type in the last `stat` of the log (0 if none).
count() {
  awk -v t="$2" '$1 == t { n = $2 } END { print n + 0 }' "$1"
}

# design NAME TOP "CHPARAM ARGS"
design() {
  local name=$1 top=$2 params=$3
  local front="read_verilog -DSYNTHESIS $rtl; ${params:+chparam $params $top;} hierarchy -check -top $top; synth -flatten -top $top;"
  local glog="$out_dir/$name-gates.log" alog="$out_dir/$name-area.log"
  yosys -q -l "$glog" -p "$front abc -g AND,OR; opt_clean; stat" > /dev/null
  yosys -q -l "$alog" -p "$front abc -liberty $lib -constr $constr; opt_clean; stat -liberty $lib" > /dev/null
  local or and not area
  or=$(count "$glog" '$_OR_')
  and=$(count "$glog" '$_AND_')
  not=$(count "$glog" '$_NOT_')
  area=$(awk '/Chip area for module/ { a = $NF } END { print a }' "$alog")
  if [ -z "$area" ]; then
    echo "mcast_gates.sh: no chip area in $alog" >&2
    exit 1
  fi
  awk -v n="$name" -v o="$or" -v a="$and" -v i="$not" -v ar="$area" 'BEGIN {
    printf "GATES mcast design=%s or2=%d and2=%d not=%d two_input_gates=%d area_um2=%.1f nand2_eq=%.0f\n",
           n, o, a, i, o + a, ar, ar / 0.798 }'
}

design split mcast_split ""
design lookahead mcast_lookahead ""
design fixed_interior mcast_split_fixed "-set X 3 -set Y 3 -set Order 0"
design fixed_edge mcast_split_fixed "-set X 0 -set Y 3 -set Order 0"
design fixed_corner mcast_split_fixed "-set X 0 -set Y 0 -set Order 0"
echo "GATES mcast published: at most 59 OR gates per multicast RC for 64 destinations, 944 per router (16 RCs) (seed 003 5.6)"
