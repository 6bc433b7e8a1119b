#!/bin/bash
# np_sta_groups.sh: the worst stage time of each register of a mapped netlist, by name (the
# register's bits together), to see which parts of a top are on its critical path and which are
# next (docs/synthesis.md "Which registers are late"). OpenSTA's report_checks lists every
# endpoint's slack under the flow's SDC (synth/np_sta.sdc, period 10000 ps); a register's stage
# is 10000 - its worst slack, as np_synth.tcl computes the top's. Registers Yosys left unnamed
# (memories' bits) are one group, "(unnamed)".
#
# usage: np_sta_groups.sh NETLIST TOP LIBERTY SDC [SRAM_LIBERTY] > table
set -euo pipefail
[ $# -ge 4 ] || { echo "usage: $0 NETLIST TOP LIBERTY SDC [SRAM_LIBERTY]" >&2; exit 2; }
netlist=$1 top=$2 lib=$3 sdc=$4 sram=${5:-}
for f in "$netlist" "$lib" "$sdc"; do
  [ -r "$f" ] || { echo "np_sta_groups.sh: cannot read $f" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# np_sta.tcl's endpoint table (NP_STA_ENDPOINTS): the flow's own reading of the netlist; the names
# reach OpenSTA through the environment, never as script text
NP_LIB=$lib NP_SRAM_LIB=$sram NP_STA_NETLIST=$netlist NP_TOP=$top NP_STA_SDC=$sdc NP_STA_ENDPOINTS=1 \
  sta -no_splash -exit "$(dirname "$0")/np_sta.tcl" > "$tmp/ends.txt" 2>&1 ||
  { echo "np_sta_groups.sh: OpenSTA failed on $netlist:" >&2; tail -5 "$tmp/ends.txt" >&2; exit 1; }
grep -q 'Endpoint' "$tmp/ends.txt" ||
  { echo "np_sta_groups.sh: no endpoint table in OpenSTA's output for $netlist" >&2; exit 1; }
# endpoint lines: NAME[\\CELL]/PIN (CELL) required actual slack (MET|VIOLATED); a register's name
# loses its bit and generate-loop indices and the cell suffix the netlist writer appends;
# registers without a name (ABC's cell names, _gN_: memory bits) are counted together
echo "| register or output | bits | worst stage ps |"
echo "|---|---:|---:|"
awk '/\((MET|VIOLATED)\)$/ {
       n = $1; sub(/\\\\[A-Za-z0-9_]+\/[A-Z]+$/, "", n); sub(/\/[A-Z]+$/, "", n); gsub(/\[[0-9]+\]/, "", n)
       if (n ~ /^_g[0-9]+_$/) n = "(unnamed)"
       s = $(NF-1) + 0; bits[n]++
       if (!(n in w) || s < w[n]) w[n] = s
     }
     END { for (n in w) printf "| `%s` | %d | %.1f |\n", n, bits[n], 10000 - w[n] }' "$tmp/ends.txt" |
  sort -t'|' -k4,4 -g -r
