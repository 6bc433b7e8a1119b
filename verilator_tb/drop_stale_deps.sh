#!/usr/bin/env bash
# drop_stale_deps.sh DIR: before a Verilated model's generated makefile runs (verilator_tb.mk
# TB_BUILD_RULES), removes each DIR/*.d dependency file that names a file which no longer exists,
# with its object, so that the object is rebuilt instead of make stopping with "No rule to make
# target" (a header moved or deleted since the last build, e.g. verilator_tb/common/<unit>_*.h
# moving beside the harnesses). New dependency files carry phony targets for their headers (-MP
# in VL_CFLAGS), which already rebuild the object in that case; this handles older build trees.
set -euo pipefail
dir=${1:?usage: drop_stale_deps.sh DIR}
shopt -s nullglob
for d in "$dir"/*.d; do
  missing=$(tr -s ' \\' '\n' < "$d" | grep -v ':$' | grep -v '^$' | while read -r f; do
    [ -e "$f" ] || [ -e "$dir/$f" ] || { echo "$f"; break; }
  done)
  if [ -n "$missing" ]; then
    rm -f "$d" "${d%.d}.o"
  fi
done
