#!/usr/bin/env bash
# Two runs of the approximation study side by side (docs/approx.md sec. 4): per kernel and bits
# value, the median over the datasets both errors.tsv files measured (matched by kernel and
# dataset name) of the error before and after, and how many datasets moved by more than 10%.
# usage: approx_compare.sh BEFORE.tsv AFTER.tsv
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: approx_compare.sh BEFORE.tsv AFTER.tsv" >&2; exit 2; }
for f in "$1" "$2"; do [ -f "$f" ] || { echo "approx_compare.sh: $f: no such file" >&2; exit 1; }; done
awk -F'\t' '
function median(list,    a, n, i, j, t) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
/^#/ { next }
FNR == NR { before[$1 "|" $11] = $0; next }
($1 "|" $11) in before {
    split(before[$1 "|" $11], b, "\t")
    k = $1; if (!(k in seen)) { seen[k] = 1; order[++nk] = k }
    common[k]++
    for (i = 6; i <= 10; i++) {
        ob[k, i] = ob[k, i] " " b[i]; na[k, i] = na[k, i] " " $i
        lo = b[i] + 0; hi = $i + 0
        if ((lo == 0) != (hi == 0) || (lo != 0 && (hi / lo > 1.1 || lo / hi > 1.1))) moved[k, i]++
    }
}
END {
    print "| kernel | datasets | median error before -> after at 4 / 8 / 12 / 16 / 20 bits | datasets changed by more than 10% (4 / 8 / 12 / 16 / 20) |"
    print "|---|---:|---|---|"
    for (n = 1; n <= nk; n++) {
        k = order[n]; cols = ""; mv = ""
        for (i = 6; i <= 10; i++) {
            cols = cols (i > 6 ? "; " : "") sprintf("%.3g -> %.3g", median(ob[k, i]), median(na[k, i]))
            mv = mv (i > 6 ? " / " : "") (moved[k, i] + 0)
        }
        printf "| %s | %d | %s | %s |\n", k, common[k], cols, mv
    }
}' "$1" "$2"
