#!/usr/bin/env bash
# Stand-in for npsim in sim/paper/test_gather.sh: `fake_npsim.sh run ARGS... --out FILE` writes a
# run JSON that records the argument vector it was given (count and each argument on its own).
set -euo pipefail
out= args=()
while [ $# -gt 0 ]; do
  if [ "$1" = --out ]; then out=$2; shift 2; else args+=("$1"); shift; fi
done
[ -z "${FAKE_NPSIM_EXIT:-}" ] || exit "$FAKE_NPSIM_EXIT"
{
  printf '{ "completion_cycles": 1234, "argc": %d, "argv": [' "${#args[@]}"
  sep=
  for a in "${args[@]}"; do printf '%s"%s"' "$sep" "$a"; sep=", "; done
  printf '] }\n'
} > "$out"
