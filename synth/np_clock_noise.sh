#!/usr/bin/env bash
# np_clock_noise.sh: how far an equivalent change moves a top's clock figure (docs/synthesis.md,
# "A clock figure that holds"). Run by `make synth-clock-noise NOISE_TOP=<top>`:
#   bash synth/np_clock_noise.sh OUTDIR TOP
# with the flat flow's environment (synth.mk synth_env: NP_RTL, NP_INCDIRS, NP_LIB, NP_SRAM_LIB,
# NP_CONSTR, NP_STA_SDC, NP_BLIF2V, ...), so the unperturbed run is the flow's own run of the top
# with six seeds (its seeds 1-3 are `make synth-<top>`'s mappings).
# Synthesises TOP with synth/np_synth.tcl and ABC seeds 1-6, once as it is and three times
# perturbed so that the same RTL reaches ABC as another network, a stand-in for an equivalent RTL
# edit: after an unused register module, or an unused chain of XOR words, is elaborated first
# (NP_PERTURB), and after the flop-mapped design is written as RTLIL and read back (which sorts
# it by name; run from a copy of np_synth.tcl with that one step added). Prints each run's OpenSTA stage time per seed
# and how far the perturbed runs moved from the unperturbed one: a single mapping (any seed), the
# best of seeds 1-3 (the flow's figure) and the best of seeds 1-6. Costs 4 runs of 6 mappings.
set -euo pipefail

out=${1:?usage: np_clock_noise.sh OUTDIR TOP}
top=${2:?}
: "${NP_RTL:?NP_RTL: the flow environment, as make synth-clock-noise sets it}" \
  "${NP_BLIF2V:?NP_BLIF2V: the np_blif2v binary (make synth-clock-noise builds it)}"
mkdir -p "$out"

# Two unused modules: a small register and a chain of 34 XOR words. They are read before the
# sources, elaborated, and removed by `hierarchy -top`; only the names Yosys numbers differ.
cat > "$out/perturb_reg.v" <<'EOF'
module np_noise_reg (input wire clk_i, input wire [7:0] a_i, output reg [7:0] q_o);
  always @(posedge clk_i) q_o <= a_i ^ {a_i[6:0], a_i[7]};
endmodule
EOF
{
  echo "module np_noise_xor (input wire [63:0] a_i, output wire [63:0] y_o);"
  for i in $(seq 1 34); do
    echo "  wire [63:0] w$i = a_i ^ {a_i[$((i % 63)):0], a_i[63:$((i % 63 + 1))]};"
  done
  echo "  assign y_o = w34;"
  echo "endmodule"
} > "$out/perturb_xor.v"

# The RTLIL round trip: np_synth.tcl with the design written and read back before mapping (the
# cell and macro liberties read again as the blackboxes the design instantiates).
cp synth/np_env.tcl synth/np_sta.tcl synth/np_blif2v.c "$out/"
sed 's|^design -save np_premap$|write_rtlil $netlist.il; design -reset; read_rtlil $netlist.il; read_liberty -lib $lib; if {[np_sram_lib] ne ""} { read_liberty -lib [np_sram_lib] }; design -save np_premap|' \
  synth/np_synth.tcl > "$out/np_synth_rtlil.tcl"
grep -q '^write_rtlil' "$out/np_synth_rtlil.tcl" ||
  { echo "np_clock_noise: np_synth.tcl has no 'design -save np_premap' line to add the round trip to" >&2; exit 1; }

run() { # name, perturbation file ("" for none), script
  local d=$out/$1
  mkdir -p "$d"
  NP_TOP=$top NP_NETLIST="$d/${top}_mapped.v" NP_ABC_SEEDS="1 2 3 4 5 6" NP_PERTURB="$2" \
    yosys -q -l "$d/yosys.log" -c "$3" > /dev/null
  sed -n 's/^NP-SEED seed=\([0-9]*\) sta_stage_ps=\([0-9.]*\)$/\1 \2/p' "$d/yosys.log" \
    > "$d/stages.txt"
  [ "$(wc -l < "$d/stages.txt")" -eq 6 ] || { echo "np_clock_noise: $d/yosys.log: not 6 mappings" >&2; exit 1; }
}
run base "" synth/np_synth.tcl
run reg "$out/perturb_reg.v" synth/np_synth.tcl
run xor "$out/perturb_xor.v" synth/np_synth.tcl
run rtlil "" "$out/np_synth_rtlil.tcl"

awk -v top="$top" '
  FNR == 1 { run = FILENAME; sub(/\/stages.txt$/, "", run); sub(/.*\//, "", run); runs[++n] = run }
  { stage[run, $1] = $2 }
  function best(r, k,   s, b) { b = stage[r, 1]; for (s = 2; s <= k; s++) if (stage[r, s] < b) b = stage[r, s]; return b }
  END {
    printf "%s: OpenSTA stage ps per ABC seed, and the estimators\n", top
    printf "%-5s %8s %8s %8s %8s %8s %8s | %8s %8s\n", "run", "s1", "s2", "s3", "s4", "s5", "s6", "best3", "best6"
    for (i = 1; i <= n; i++) {
      r = runs[i]
      printf "%-5s", r
      for (s = 1; s <= 6; s++) printf " %8.2f", stage[r, s]
      printf " | %8.2f %8.2f\n", best(r, 3), best(r, 6)
    }
    worst = 0
    for (i = 2; i <= n; i++)
      for (s = 1; s <= 6; s++) {
        d = 100 * (stage[runs[i], s] - stage["base", s]) / stage["base", s]
        if (d < 0) d = -d
        if (d > worst) worst = d
      }
    printf "largest move of a single mapping (any seed): %.1f%%\n", worst
    split("3 6", ks, " ")
    for (j = 1; j <= 2; j++) {
      k = ks[j]; worst = 0
      for (i = 2; i <= n; i++) {
        d = 100 * (best(runs[i], k) - best("base", k)) / best("base", k)
        if (d < 0) d = -d
        if (d > worst) worst = d
      }
      printf "largest move of the best of %d: %.1f%%\n", k, worst
    }
  }' "$out"/{base,reg,xor,rtlil}/stages.txt | tee "$out/noise.txt"
