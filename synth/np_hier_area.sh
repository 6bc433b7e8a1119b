#!/usr/bin/env bash
# np_hier_area.sh STAT_TXT: where a hierarchical top's area goes (docs/bdi.md 9.2 uses it).
#
# Reads the `stat -liberty -top` output of synth/np_synth_hier.tcl (build/synth/<top>/stat.txt)
# and prints one tab-separated line per module, by its base name (a parameterised module's
# variants, `$paramod...\bdi_bd_fit`, summed under `bdi_bd_fit`):
#   module  instances  area_um2  flops
# where instances counts every instance in the hierarchy (a module inside a module instantiated
# twice counts twice) and area_um2 is each variant's own cell area (its `Chip area for module`,
# submodules excluded) times its instance count, largest first; then a `total` line. Those
# parts add up to the top's `Chip area for top module`, which is checked (0.01 um2 for the
# rounding of the printed areas): a stat.txt the script misreads is an error, not a table.
set -euo pipefail
stat=${1:?usage: np_hier_area.sh STAT_TXT}
[ -r "$stat" ] || { echo "np_hier_area.sh: $stat: cannot read" >&2; exit 1; }

awk -F '\t' -v OFS='\t' -v file="$stat" '
  # Base name: the last backslash-separated part that is not a parameter (`Width=...`).
  function base(n,   k, i, p) {
    k = split(n, p, /\\/)
    for (i = k; i > 0; i--) if (p[i] != "" && p[i] !~ /=/) return p[i]
    return n
  }
  # The design hierarchy section (after the per-module sections): two spaces of indent per
  # level, "name count"; a module'"'"'s instances are its count times its parent'"'"'s.
  /^=== design hierarchy ===/ { in_hier = 1; next }
  /^=== / { cur = $0; sub(/^=== /, "", cur); sub(/ ===$/, "", cur); sub(/^\\/, "", cur); next }
  in_hier && /^ +[^ ]+ +[0-9]+$/ {
    n = split($0, f, / +/); lvl = (match($0, /[^ ]/) - 4) / 2
    mult[lvl] = f[n] * (lvl > 0 ? mult[lvl - 1] : 1)
    name = f[2]; sub(/^\\/, "", name); inst[name] += mult[lvl]; next
  }
  in_hier && /Number of wires/ { in_hier = 0; cur = "" }
  !in_hier && cur != "" && /^ +DFF_X1 +[0-9]+$/ { split($0, f, / +/); dff[cur] = f[3] }
  /Chip area for module/ { area[cur] = $0; sub(/.*: /, "", area[cur]) }
  /Chip area for top module/ { top = $0; sub(/.*: /, "", top) }
  END {
    if (top == "") { print "np_hier_area.sh: " file ": no \"Chip area for top module\" line" > "/dev/stderr"; exit 1 }
    for (m in inst) {
      if (!(m in area)) continue
      b = base(m); a[b] += area[m] * inst[m]; c[b] += inst[m]; fl[b] += dff[m] * inst[m]
      sum += area[m] * inst[m]
    }
    d = sum - top; if (d < 0) d = -d
    if (d > 0.01) {
      printf "np_hier_area.sh: %s: modules add up to %.3f um2, the top says %.3f\n", file, sum, top > "/dev/stderr"
      exit 1
    }
    for (b in a) printf "%s\t%d\t%.1f\t%d\n", b, c[b], a[b], fl[b] | "sort -t \"\t\" -k3,3 -g -r"
    close("sort -t \"\t\" -k3,3 -g -r")
    printf "total\t-\t%.1f\t-\n", top
  }' "$stat"
