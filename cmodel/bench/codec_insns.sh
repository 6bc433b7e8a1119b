#!/usr/bin/env bash
# codec_insns.sh: `make bench-codecs`'s table: codec_bench's MB/s (CPU time, which depends on
# what else the machine runs) with, beside it, the instructions per 128-byte line that callgrind
# counts for one pass over the same lines (which does not: the figure to compare two versions of
# the code with on a shared machine).
#
# For every codec and direction it runs, under callgrind,
#     codec_bench --codec NAME --op OP --passes 1 DATA_DIR
# collecting only inside pass_<OP> (one pass over every line of every file, including the
# bench's per-line loop of a few instructions), and prints collected instructions / lines.
#
# --profile N: after each count, the N source-file:function pairs with the most instructions
# (callgrind's self cost; code inlined from a header counts under the header's name, e.g.
# np_bits.h:pack_lane_avx2 is the bit writer inside pack_lane_avx2), per line.
#
# --branches: callgrind also simulates branch prediction (--branch-sim=yes) and a second table
# gives, per line, the conditional and indirect branches it predicted wrong. Its predictor is a
# simple one (2-bit counters, the last target of an indirect jump), so the figures are an upper
# bound of what a CPU's misses, but they show which code's time goes to mispredictions: a decoder
# whose next position waits on a branch the data decides.
#
# usage: codec_insns.sh [--codecs a,b,...] [--no-mbs] [--profile N] [--branches] [--bench-args "ARGS"] CODEC_BENCH DATA_DIR
set -euo pipefail

codecs=""
mbs=1
profile=0
branches=0
bench_args=""
usage() {
    echo "usage: $0 [--codecs a,b,...] [--no-mbs] [--profile N] [--branches] [--bench-args \"ARGS\"] CODEC_BENCH DATA_DIR" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case "$1" in
        --codecs) [ $# -ge 2 ] || usage; codecs="$2"; shift 2 ;;
        --no-mbs) mbs=0; shift ;;
        --profile) [ $# -ge 2 ] && [ "$2" -ge 1 ] 2>/dev/null || usage; profile="$2"; shift 2 ;;
        --branches) branches=1; shift ;;
        --bench-args) [ $# -ge 2 ] || usage; bench_args="$2"; shift 2 ;;
        -*) usage ;;
        *) break ;;
    esac
done
[ $# -eq 2 ] || usage
bench="$1"
dir="$2"
command -v valgrind >/dev/null || { echo "codec_insns: valgrind not found (apt-get install valgrind)" >&2; exit 1; }
[ -x "$bench" ] || { echo "codec_insns: '$bench' is not an executable" >&2; exit 1; }
[ -d "$dir" ] || { echo "codec_insns: '$dir' is not a directory" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The MB/s table (all codecs, or each of --codecs in turn).
table="$tmp/table"
if [ -z "$codecs" ]; then
    # shellcheck disable=SC2086 # bench_args is a list of options
    "$bench" $bench_args "$dir" >"$table"
    codecs=$(awk 'p && NF >= 4 && $1 != "codec" && $1 !~ /^\(|:$/ { print $1 } /^codec /{ p = 1 }' "$table" | paste -sd,)
elif [ "$mbs" -eq 1 ]; then
    IFS=',' read -r -a list <<<"$codecs"
    for c in "${list[@]}"; do
        # shellcheck disable=SC2086
        "$bench" $bench_args --codec "$c" "$dir" >"$tmp/one"
        if [ ! -s "$table" ]; then sed -n '1,/^codec /p' "$tmp/one" >"$table"; fi
        sed -n '/^codec /,/^(MB\/s/p' "$tmp/one" | sed '1d;$d' >>"$table"
    done
    grep '^(MB/s' "$tmp/one" >>"$table"
fi
IFS=',' read -r -a list <<<"$codecs"
[ ${#list[@]} -gt 0 ] || { echo "codec_insns: no codec in the table" >&2; exit 1; }

# Instructions callgrind collected inside pass_<op> for one pass; the line count from the bench.
count() { # codec op
    local out="$tmp/cg.out" log="$tmp/cg.log" sim=()
    [ "$branches" -eq 1 ] && sim=(--branch-sim=yes)
    if ! valgrind --tool=callgrind "${sim[@]}" --callgrind-out-file="$out" --toggle-collect="pass_$2" \
        "$bench" --codec "$1" --op "$2" --passes 1 "$dir" >"$log" 2>&1; then
        cat "$log" >&2
        echo "codec_insns: codec_bench failed ($1 $2)" >&2
        return 1
    fi
    local ir lines
    ir=$(awk '$1 == "summary:" { print $2 }' "$out")
    lines=$(sed -n 's/.*(\([0-9]*\) lines).*/\1/p' "$log")
    if [ -z "$ir" ] || [ "$ir" -eq 0 ] || [ -z "$lines" ]; then
        echo "codec_insns: callgrind collected nothing in pass_$2 (was it inlined?)" >&2
        return 1
    fi
    awk -v ir="$ir" -v n="$lines" 'BEGIN { printf "%.0f", ir / n }'
    if [ "$branches" -eq 1 ]; then   # events: Ir Bc Bcm Bi Bim
        awk -v n="$lines" -v c="$1" -v op="$2" '$1 == "summary:" { printf "%s %s %.1f %.1f\n", c, op, $4 / n, $6 / n }' \
            "$out" >>"$tmp/branches"
    fi
    if [ "$profile" -gt 0 ]; then
        command -v callgrind_annotate >/dev/null || { echo "codec_insns: callgrind_annotate not found" >&2; return 1; }
        { echo "  $1 $2: instructions per line by source file:function (self)"
          callgrind_annotate --inclusive=no --auto=no "$out" 2>/dev/null | sed -n '/file:function/,/^$/p' | sed '1,2d' |
              sed 's/([ 0-9.]*%)//; s/ \[.*\]$//; s|[^ ]*/\([^/ ]*:\)|\1|' | awk -v n="$lines" -v top="$profile" \
              'NF >= 2 && $1 ~ /^[0-9,]+$/ && shown < top { gsub(",", "", $1); printf "  %8.0f  %s\n", $1 / n, $NF; shown++ }'
        } >>"$tmp/profile"
    fi
}

insns="$tmp/insns"
for c in "${list[@]}"; do
    echo "$c $(count "$c" compress) $(count "$c" decompress)" >>"$insns"
done

print_profile() {
    if [ -s "$tmp/branches" ]; then
        echo
        echo "mispredicted branches per line (callgrind --branch-sim: conditional / indirect, its simple predictor)"
        printf '%-10s %18s %18s\n' codec "comp cond / ind" "decomp cond / ind"
        awk '{ v[$1 " " $2] = sprintf("%.1f / %.1f", $3, $4); if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
             END { for (i = 1; i <= n; i++) printf "%-10s %18s %18s\n", order[i], v[order[i] " compress"], v[order[i] " decompress"] }' \
            "$tmp/branches"
    fi
    if [ -s "$tmp/profile" ]; then echo; cat "$tmp/profile"; fi
}

if [ "$mbs" -eq 0 ]; then
    echo "codec_insns: instructions per 128-byte line (callgrind Ir, one pass over $dir, $(valgrind --version))"
    printf '%-10s %12s %12s\n' codec "comp Ir/line" "decomp Ir/line"
    awk '{ printf "%-10s %12s %12s\n", $1, $2, $3 }' "$insns"
    print_profile
    exit 0
fi
awk -v vg="$(valgrind --version)" '
    FNR == NR { ci[$1] = $2; di[$1] = $3; next }
    /^codec / { printf "%s %12s %12s\n", $0, "comp Ir/line", "decomp Ir/line"; next }
    ($1 in ci) && NF >= 4 { printf "%s %12s %12s\n", $0, ci[$1], di[$1]; next }
    /^\(MB\/s/ { print; print "(Ir/line = instructions per 128-byte line, callgrind, one pass over the same lines, " vg ")"; next }
    { print }' "$insns" "$table"
print_profile
