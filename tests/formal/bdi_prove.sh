#!/usr/bin/env bash
# bdi_prove.sh: formal proofs that the BDI RTL decompressor inverts the RTL compressor
# (docs/bdi.md section 9.3). Run by `make prove` (tests/formal/formal.mk).
#
# Usage: tests/formal/bdi_prove.sh OUT_DIR [PROPERTY...]
#   PROPERTY: add8 add16 add32 add67 b8d1 b8d2 b8d4 b4d1 b4d2 b2d1 line rep sanity add-sanity
#             rep-sanity (default: all, in that order)
# Environment: NP_RTL  Verilog sources to read (default: rtl/common/*.v rtl/bdi/*.v); pointing
#                      it at a deliberately broken copy shows that a proof then fails.
#
#   add8 .. add67  bdi_prefix_add_miter: the log-depth adder (kept levels, vector form) equals
#           a + b + c mod 2^W at every width the tops use (8, 16, 32: bdi_bd_fit's low
#           subtraction; 67: bdi_block_add's segment). add-sanity: W = 8 with the reference's
#           bit 0 flipped, which must give a counterexample.
#   b8d1 .. b2d1  bdi_shape_miter (512 free bits): for every 64-byte block the shape's
#           bdi_bd_unit accepts, its layout (with the shape's code) decoded by bdi_block_unpack
#           is the block again (the arithmetic of the format: immediates, base, high-part
#           compare; the unpacker's operand choice and segmented adder).
#   line    bdi_line_miter (2 x 516 free bits): for any two block streams the packer can make
#           (defined code, zero tail), bdi_line_unpack(bdi_line_concat(s0, s1)) with the
#           stream's own length gives s0 and s1 back with err_o = 0, and the line stream is
#           zero above its length.
#   rep     bdi_rep_miter (512 free bits): bdi_rep_unit's cascade (rep4 from rep8, rep2 from
#           rep4, zeros from rep2) equals the definitions of docs/bdi.md 4.1. rep-sanity: the
#           reference zero test with byte 0 left out, which must give a counterexample.
#   sanity  bdi_shape_miter b8d1 with CorruptBit set (one base bit flipped between packer and
#           unpacker): the solver must find a counterexample.
# Not proved here: the per-block selection and layout multiplexer around the six shapes
# (bdi_select, the layout AND-OR of bdi_block_layout) and the repeated-value and raw layouts:
# a whole-block miter did not finish in 20 minutes (docs/bdi.md 9.3); the Verilator harness
# and the golden vectors cover them.
# Engine (prove_lib.sh np_prove_aig): the miter lowered to an AIG by cheap Yosys passes, then ABC
# SAT sweeping (&fraig -x) and MiniSat (dsat). The earlier flow (Yosys opt -full, ABC sweep,
# Yosys sat) spent most of its CPU in the Yosys optimisation passes.
set -euo pipefail

out_dir=${1:?usage: bdi_prove.sh OUT_DIR [PROPERTY...]}
shift
props=("$@")
if [ ${#props[@]} -eq 0 ]; then
  props=(add8 add16 add32 add67 b8d1 b8d2 b8d4 b4d1 b4d2 b2d1 line rep sanity add-sanity rep-sanity)
fi
rtl=${NP_RTL:-$(echo rtl/common/*.v rtl/bdi/*.v)}
mkdir -p "$out_dir"
NP_PROVE_OUT=$out_dir
. "$(dirname "$0")/prove_lib.sh"

# Yosys commands that read the sources and elaborate a miter (prove_lib.sh's np_prove_aig lowers
# it to an AIG and runs ABC).
front() {  # top [chparam arguments]
  local top=$1 extra=${2:-}
  echo "read_verilog -defer -DSYNTHESIS $rtl tests/formal/$top.v;" \
       "hierarchy -check ${extra//-set /-chparam } -top $top;"
}

shape() {  # name k d code
  np_prove_aig bdi "$1" "shape round trip: bdi_block_unpack(layout(bdi_bd_unit(x))) == x when it fits" \
    "K=$2 D=$3, input 512 bits" proof bdi_shape_miter \
    "$(front bdi_shape_miter "-set K $2 -set D $3 -set Code $4")"
}

adder() {  # width [Corrupt]
  local w=$1 corrupt=${2:-0}
  np_prove_aig bdi "add$w$([ "$corrupt" = 0 ] || echo -sanity)" \
    "bdi_prefix_add == a + b + c mod 2^$w$([ "$corrupt" = 0 ] || echo ' with the reference corrupted must fail')" \
    "input $((2 * w + 1)) bits" "$([ "$corrupt" = 0 ] && echo proof || echo cex)" bdi_prefix_add_miter \
    "$(front bdi_prefix_add_miter "-set W $w -set Corrupt $corrupt")"
}

rep() {  # [Corrupt]
  local corrupt=${1:-0}
  np_prove_aig bdi "rep$([ "$corrupt" = 0 ] || echo -sanity)" \
    "bdi_rep_unit == the repeated-value and zero definitions$([ "$corrupt" = 0 ] || echo ' with the reference corrupted must fail')" \
    "input 512 bits" "$([ "$corrupt" = 0 ] && echo proof || echo cex)" bdi_rep_miter \
    "$(front bdi_rep_miter "-set Corrupt $corrupt")"
}

status=0
for p in "${props[@]}"; do
  case $p in
    add8 | add16 | add32 | add67) adder "${p#add}" || status=1 ;;
    add-sanity) adder 8 1 || status=1 ;;
    rep) rep || status=1 ;;
    rep-sanity) rep 1 || status=1 ;;
    b8d1) shape b8d1 8 1 2 || status=1 ;;
    b8d2) shape b8d2 8 2 3 || status=1 ;;
    b8d4) shape b8d4 8 4 4 || status=1 ;;
    b4d1) shape b4d1 4 1 5 || status=1 ;;
    b4d2) shape b4d2 4 2 6 || status=1 ;;
    b2d1) shape b2d1 2 1 7 || status=1 ;;
    line)
      np_prove_aig bdi line "line concat -> line unpack, both block streams back, err_o = 0" \
        "input 1032 bits" proof bdi_line_miter "$(front bdi_line_miter)" || status=1 ;;
    sanity)
      # Bit 6 is a base bit of every shape's layout.
      np_prove_aig bdi sanity "b8d1 shape miter with layout bit 6 flipped must fail" "input 512 bits" cex \
        bdi_shape_miter "$(front bdi_shape_miter "-set CorruptBit 6")" || status=1 ;;
    *)
      echo "bdi_prove.sh: unknown property '$p' (add8 add16 add32 add67 b8d1 b8d2 b8d4 b4d1 b4d2 b2d1 line rep sanity add-sanity rep-sanity)" >&2
      exit 2 ;;
  esac
done
exit $status
