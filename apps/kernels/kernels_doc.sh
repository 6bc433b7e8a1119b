#!/usr/bin/env bash
# kernels_doc.sh NPKERNEL DOC: rewrites the launches / warp insts / mem insts cells of DOC's
# kernel tables (docs/kernels.md: the tables whose header starts with "| suite |") from one
# `NPKERNEL run all` (every port at its default size, output checked), so the figures there are
# generated, never copied. Every other cell is left as written. Fails, leaving DOC as it was, when
# a port fails its check, a table row names a kernel npkernel did not run, or a port has no row.
set -euo pipefail
npkernel=${1:?usage: kernels_doc.sh NPKERNEL DOC}
doc=${2:?usage: kernels_doc.sh NPKERNEL DOC}

runs=$(mktemp "${TMPDIR:-/tmp}/np-kernels.XXXXXX")
out=$(mktemp "$doc.XXXXXX")
trap 'rm -f "$runs" "$out"' EXIT

"$npkernel" run all -j "${JOBS:-2}" > "$runs"
# One line per port: "SUITE NAME ok launches L warp-insts W mem-insts M ..."
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
      launches[key] = f[5]; warp[key] = f[7]; mem[key] = f[9]; unused[key] = 1
    }
  }
  # a table header naming the three columns: remember where they are
  /^\| suite \|/ {
    ncol = split($0, h, "|"); cl = cw = cm = 0
    for (i = 1; i <= ncol; i++) {
      hc = trim(h[i])
      if (hc == "launches") cl = i; else if (hc == "warp insts") cw = i; else if (hc == "mem insts") cm = i
    }
    intable = cl && cw && cm
    print; next
  }
  intable && /^\|---/ { print; next }
  intable && /^\| / {
    ncol = split($0, c, "|")
    key = trim(c[2]) "/" trim(c[3])
    if (!(key in launches)) { printf "kernels_doc: %s:%d: %s is not a port npkernel ran\n", doc, FNR, key > "/dev/stderr"; failed = 1 }
    else {
      c[cl] = " " launches[key] " "; c[cw] = " " commas(warp[key]) " "; c[cm] = " " commas(mem[key]) " "
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
echo "kernels_doc: $doc: launches, warp and memory instructions of $(grep -c ' ok ' "$runs") ports from $npkernel run all"
