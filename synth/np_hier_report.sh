#!/usr/bin/env bash
# np_hier_report.sh: the table of the bounded-time synthesis flow (synth/np_synth_hier.tcl).
#
#   np_hier_report.sh HIER_DIR FLAT_DIR CLK_TO_Q_PS SETUP_PS CLOCK_MHZ PARAM TITLE TOP:VALUE...
#
# One row per top of a unit's sweep (<unit>_SWEEP in its unit.mk: the tops and the swept
# parameter's value in each; PARAM is the value column's title, TITLE names the sweep).
# Reads HIER_DIR/<top>/row.tsv and runtime.txt (written by synth.mk's synth-<unit>-hier recipe) and, where
# the flat flow has run, FLAT_DIR/<top>/report.json (np_report's figures for the same top), and
# writes HIER_DIR/report.md and HIER_DIR/report.json. Stage = OpenSTA's stage time of the
# flattened, re-buffered netlist (sta_stage_ps) with the flat flow's SDC, est. fmax = 1 / stage,
# as np_report gives them for every top; ABC's delay is kept beside it (docs/synthesis.md).
# A missing or malformed input is an error naming the file; nothing is written then.
set -euo pipefail

if [ $# -lt 8 ]; then
  echo "usage: $0 HIER_DIR FLAT_DIR CLK_TO_Q_PS SETUP_PS CLOCK_MHZ PARAM TITLE TOP:VALUE..." >&2
  exit 2
fi
hier_dir=$1 flat_dir=$2 clk_to_q=$3 setup=$4 clock_mhz=$5 param=$6 title=$7
shift 7

md= json=
# Errors leave no half-written report behind.
die() { echo "np_hier_report.sh: $*" >&2; rm -f "${md:-}" "${json:-}"; exit 1; }

# $(field FILE KEY): the value of KEY in a row.tsv, or an error.
field() {
  local v
  v=$(awk -F '\t' -v k="$2" '$1 == k { print $2; found = 1 } END { exit !found }' "$1") ||
    die "$1: no '$2' line"
  printf '%s' "$v"
}

# $(runtime FILE KEY): wall_s / user_s / sys_s from bash's `time` line in runtime.txt.
runtime() {
  local v
  v=$(sed -n "s/.*$2=\([0-9.]*\).*/\1/p" "$1")
  [ -n "$v" ] || die "$1: no '$2=' figure"
  printf '%s' "$v"
}

# $(flat_field FILE KEY): a number from np_report's report.json ("key":<tab>value,), or "".
flat_field() {
  [ -f "$1" ] || return 0
  sed -n "s/^[[:space:]]*\"$2\":[[:space:]]*\([-0-9.eE+]*\),*$/\1/p" "$1" | head -n 1
}

md=$hier_dir/report.md.tmp
json=$hier_dir/report.json.tmp
{
  echo "# $title: bounded-time synthesis (synth/np_synth_hier.tcl)"
  echo
  echo "Area: hierarchical synthesis (each module mapped once, areas summed over instances)."
  echo "Timing: the hierarchical netlist flattened and re-buffered by ABC as one network, timed by"
  echo "OpenSTA with synth/np_sta.sdc (launch ${clk_to_q} ps at a port, DFF_X1 tables between flops, setup)."
  echo "Stage = OpenSTA's worst stage time; est. fmax = 1 / stage. ABC stage = ABC delay + ${clk_to_q} + ${setup} ps."
  echo "NAND2-eq = area / 0.798 um2. \`flat\` columns: build/synth/<top>/report.json (np_synth.tcl),"
  echo "when that run exists. Estimates from a liberty model, not tape-out figures."
  echo
  echo "| top | $param | area um2 | NAND2-eq | flops | flat area um2 | area vs flat | logic levels | flat levels | ABC stage ps | flat ABC delay ps | stage ps | est. fmax MHz | flat est. fmax MHz | meets ${clock_mhz} MHz | wall (CPU) s |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|"
} > "$md"
echo "{\"generator\": \"synth/np_hier_report.sh\", \"clock_target_mhz\": $clock_mhz, \"dff_clk_to_q_ps\": $clk_to_q, \"dff_setup_ps\": $setup, \"nand2_area_um2\": 0.798, \"rows\": [" > "$json"

sep=""
for pair in "$@"; do
  top=${pair%%:*} value=${pair#*:}
  row=$hier_dir/$top/row.tsv rt=$hier_dir/$top/runtime.txt flat=$flat_dir/$top/report.json
  [ -f "$row" ] || die "$row: missing (run the sweep's synthesis of $top)"
  [ -f "$rt" ] || die "$rt: missing"
  # One assignment per line: `set -e` sees only the last substitution of a line.
  area=$(field "$row" area_um2)
  flops=$(field "$row" flops)
  levels=$(field "$row" logic_levels)
  delay=$(field "$row" abc_delay_ps)
  sta_stage=$(field "$row" sta_stage_ps)
  start=$(field "$row" critical_start)
  end=$(field "$row" critical_end)
  sta_area=$(field "$row" sta_comb_area_um2)
  wall=$(runtime "$rt" wall_s)
  user=$(runtime "$rt" user_s)
  sys=$(runtime "$rt" sys_s)
  f_area=$(flat_field "$flat" area_um2)
  f_levels=$(flat_field "$flat" logic_levels)
  f_delay=$(flat_field "$flat" abc_delay_ps)
  f_fmax=$(flat_field "$flat" fmax_mhz_est)
  awk -v top="$top" -v value="$value" -v param="$param" -v area="$area" -v flops="$flops" -v levels="$levels" \
      -v delay="$delay" -v sta_stage="$sta_stage" -v cq="$clk_to_q" -v su="$setup" -v mhz="$clock_mhz" -v wall="$wall" \
      -v cpu="$(awk -v u="$user" -v s="$sys" 'BEGIN { print u + s }')" -v fa="$f_area" \
      -v fl="$f_levels" -v fd="$f_delay" -v ff="$f_fmax" -v md="$md" -v js="$json" \
      -v sep="$sep" -v start="$start" -v end="$end" -v sta_area="$sta_area" '
    function or_dash(v, fmt) { return v == "" ? "-" : sprintf(fmt, v) }
    function or_null(v) { return v == "" ? "null" : v }
    BEGIN {
      stage = sta_stage; fmax = 1e6 / stage
      meets = stage <= 1e6 / mhz ? "yes" : "no"
      diff = fa == "" ? "" : 100 * (area - fa) / fa
      printf "| `%s` | %s | %.0f | %.0f | %d | %s | %s | %d | %s | %.0f | %s | %.0f | %.0f | %s | %s | %.0f (%.0f) |\n",
        top, value, area, area / 0.798, flops, or_dash(fa, "%.0f"), or_dash(diff, "%+.1f%%"),
        levels, or_dash(fl, "%d"), delay + cq + su, or_dash(fd, "%.0f"), stage, fmax, or_dash(ff, "%.0f"),
        meets, wall, cpu >> md
      gsub(/["\\]/, "\\\\&", start); gsub(/["\\]/, "\\\\&", end)
      v = value; gsub(/["\\]/, "\\\\&", v)
      vjs = value ~ /^-?[0-9]+(\.[0-9]+)?$/ ? value : "\"" v "\""
      gsub(/["\\]/, "\\\\&", param)
      printf "%s{\"top\": \"%s\", \"param\": \"%s\", \"value\": %s, \"area_um2\": %.3f, \"nand2_eq\": %.0f, \"flops\": %d, " \
             "\"logic_levels\": %d, \"abc_delay_ps\": %.2f, \"stage_ps\": %.2f, \"fmax_mhz_est\": %.1f, " \
             "\"meets_target\": %s, \"sta_comb_area_um2\": %.2f, \"critical_start\": \"%s\", " \
             "\"critical_end\": \"%s\", \"synth_seconds\": %.1f, \"synth_cpu_seconds\": %.1f, " \
             "\"flat_area_um2\": %s, \"flat_logic_levels\": %s, \"flat_abc_delay_ps\": %s, " \
             "\"flat_fmax_mhz_est\": %s}\n",
        sep, top, param, vjs, area, area / 0.798, flops, levels, delay, stage, fmax,
        meets == "yes" ? "true" : "false", sta_area, start, end, wall, cpu,
        or_null(fa), or_null(fl), or_null(fd), or_null(ff) >> js
    }'
  sep=", "
done
{
  echo
  echo "Critical path (start -> end) of each row:"
  echo
  for pair in "$@"; do
    top=${pair%%:*}
    start=$(field "$hier_dir/$top/row.tsv" critical_start)
    end=$(field "$hier_dir/$top/row.tsv" critical_end)
    echo "- \`$top\`: \`$start\` -> \`$end\`"
  done
} >> "$md"
echo "]}" >> "$json"
mv "$md" "$hier_dir/report.md"
mv "$json" "$hier_dir/report.json"
