#!/usr/bin/env bash
# lint_yosys.sh LOG "RTL FILES" TOP...: the Yosys part of `make lint` (Makefile): reads the RTL
# once and checks the hierarchy of every TOP (hierarchy -check on a fresh copy of the read
# design). Fails on an error or on any warning, naming the top (or "read" for warnings of the
# parser). One run for all tops: reading the whole RTL costs Yosys about 5 CPU seconds, the
# check of one top under one, so one run per top spent most of the lint stage re-reading. The read
# is deferred (-defer): each module is elaborated by the checks of the tops that use it, so RTL no
# listed top uses costs nothing.
set -euo pipefail
log=${1:?usage: lint_yosys.sh LOG "RTL FILES" TOP...} rtl=${2:?usage: lint_yosys.sh LOG "RTL FILES" TOP...}
shift 2
[ $# -gt 0 ] || { echo "lint_yosys.sh: no top given" >&2; exit 2; }
mkdir -p "$(dirname "$log")"

script="read_verilog -defer -DSYNTHESIS $rtl; design -save lint_read;"
for spec in "$@"; do
  # A parameter-set top (Makefile PARAM_TOPS) comes as name:module:Name=Value[,Name=Value...].
  IFS=: read -r top module params <<< "$spec"
  chparams=""
  if [ -n "${module:-}" ]; then
    IFS=, read -r -a pairs <<< "${params:-}"
    for pair in "${pairs[@]}"; do
      [[ $pair =~ ^([A-Za-z_][A-Za-z0-9_]*)=([0-9]+)$ ]] || { echo "lint_yosys.sh: bad parameter '$pair' in $spec" >&2; exit 2; }
      chparams+=" -chparam ${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
    done
  fi
  script+=" log lint-top: $top; design -load lint_read; hierarchy -check$chparams -top ${module:-$top};"
done
status=0
yosys -q -l "$log" -p "$script" >/dev/null 2>&1 || status=$?

# Each warning or error under the top whose check printed it ("read" before the first check).
report=$(awk '/^lint-top: / { top = $2; next }
              tolower($0) ~ /warning/ || /^ERROR/ { print "lint: yosys " (top == "" ? "read" : top) ": " $0 }' "$log")
if [ -n "$report" ] || [ $status -ne 0 ]; then
  [ -n "$report" ] && echo "$report"
  [ $status -ne 0 ] && [ -z "$report" ] && tail -n 5 "$log"
  echo "lint: yosys failed (log $log)"
  exit 1
fi
echo "lint: yosys read the RTL once and checked $# tops: clean"
