#!/usr/bin/env bash
# kernels_doc.sh NPKERNEL DOC TRACEDIR: rewrites the launches / warp insts / mem insts /
# distinct lines / trace (xz) / result cells of DOC's kernel tables (docs/kernels.md: the tables
# whose header starts with "| suite |") from one `NPKERNEL run all --trace TRACEDIR --xz` (every
# port at its default size, output checked, traced as make kernels does; its table also goes to
# TRACEDIR.txt), so the figures there are generated, never copied. Every other cell is left as
# written. Fails, leaving DOC as it was, when a port fails its check, a table row names a kernel
# npkernel did not run, or a port has no row.
set -euo pipefail
npkernel=${1:?usage: kernels_doc.sh NPKERNEL DOC TRACEDIR}
doc=${2:?usage: kernels_doc.sh NPKERNEL DOC TRACEDIR}
tracedir=${3:?usage: kernels_doc.sh NPKERNEL DOC TRACEDIR}

runs=$(mktemp "${TMPDIR:-/tmp}/np-kernels.XXXXXX")
out=$(mktemp "$doc.XXXXXX")
trap 'rm -f "$runs" "$out"' EXIT

"$npkernel" run all -j "${JOBS:-2}" --trace "$tracedir" --xz > "$runs"
cp "$runs" "$tracedir.txt"
# One line per port: "SUITE NAME ok launches L warp-insts W mem-insts M lines D thread-ops T ...
# trace-bytes B"
if awk '$3 != "ok" && $1 != "all" { bad = 1; print "kernels_doc: " $1 " " $2 " did not pass its check" > "/dev/stderr" }
        END { exit bad ? 0 : 1 }' "$runs"; then
  exit 1
fi

awk -v runs="$runs" -v doc="$doc" '
  function commas(n,   s) { s = n ""; while (s ~ /[0-9][0-9][0-9][0-9]/) sub(/[0-9][0-9][0-9]([,]|$)/, ",&", s); return s }
  function trim(s) { gsub(/^ +| +$/, "", s); return s }
  BEGIN {
    while ((getline line < runs) > 0) {
      n = split(line, f, " ")
      if (f[1] == "all" || n < 9) continue
      key = f[1] "/" f[2]
      for (i = 4; i < n; i++) {
        if (f[i] == "launches") launches[key] = f[i + 1]
        else if (f[i] == "warp-insts") warp[key] = f[i + 1]
        else if (f[i] == "mem-insts") mem[key] = f[i + 1]
        else if (f[i] == "lines") lines[key] = f[i + 1]
        else if (f[i] == "trace-bytes") bytes[key] = f[i + 1]
      }
      result[key] = f[3]; unused[key] = 1
    }
  }
  # a table header naming the three columns: remember where they are
  /^\| suite \|/ {
    ncol = split($0, h, "|"); cl = cw = cm = cd = ct = cr = 0
    for (i = 1; i <= ncol; i++) {
      hc = trim(h[i])
      if (hc == "launches") cl = i; else if (hc == "warp insts") cw = i; else if (hc == "mem insts") cm = i
      else if (hc == "distinct lines") cd = i; else if (hc == "trace (xz)") ct = i; else if (hc == "result") cr = i
    }
    intable = cl && cw && cm && cd && ct && cr
    print; next
  }
  intable && /^\|---/ { print; next }
  intable && /^\| / {
    ncol = split($0, c, "|")
    key = trim(c[2]) "/" trim(c[3])
    if (!(key in launches)) { printf "kernels_doc: %s:%d: %s is not a port npkernel ran\n", doc, FNR, key > "/dev/stderr"; failed = 1 }
    else {
      c[cl] = " " launches[key] " "; c[cw] = " " commas(warp[key]) " "; c[cm] = " " commas(mem[key]) " "
      c[cd] = " " commas(lines[key]) " "; c[ct] = sprintf(" %.1f MB ", bytes[key] / 1e6); c[cr] = " " result[key] " "
      delete unused[key]
    }
    row = ""
    for (i = 1; i < ncol; i++) row = row c[i] "|"
    print row; next
  }
  { intable = 0; print }
  END {
    for (k in unused) if (k !~ /^sdk\/(vecadd|matrixmul)$/) { printf "kernels_doc: %s has no row in %s\n", k, doc > "/dev/stderr"; failed = 1 }
    exit failed
  }' "$doc" > "$out"
chmod --reference="$doc" "$out"
mv "$out" "$doc"
trap 'rm -f "$runs"' EXIT
echo "kernels_doc: $doc: launches, warp and memory instructions, distinct lines, trace sizes of $(grep -c ' ok ' "$runs") ports from $npkernel run all --trace $tracedir --xz"
