#!/usr/bin/env bash
# dsm_insns.sh: instructions per cache line of the DSM C model, per data file, counted by
# callgrind. Unlike MB/s, the count does not depend on what else the machine is running, so
# it is the figure to compare two versions of the code with on a shared machine.
#
# For every file, lane size and operation it runs, under callgrind,
#     dsm_bench --lane-bytes L --op OP --passes 1 FILE
# collecting only inside pass_<OP> (one pass over the file's lines, including the bench's
# per-line loop of a few instructions), and prints collected instructions / lines. Per element
# type and overall rows are total instructions / total lines (a line-weighted mean).
#
# usage: dsm_insns.sh [--ops compress,decompress] [--lanes "64 128"] DSM_BENCH DATA_DIR
set -euo pipefail

ops="compress,decompress"
lanes="64 128"
usage() {
    echo "usage: $0 [--ops compress,decompress] [--lanes \"64 128\"] DSM_BENCH DATA_DIR" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case "$1" in
        --ops) [ $# -ge 2 ] || usage; ops="$2"; shift 2 ;;
        --lanes) [ $# -ge 2 ] || usage; lanes="$2"; shift 2 ;;
        -*) usage ;;
        *) break ;;
    esac
done
[ $# -eq 2 ] || usage
bench="$1"
dir="$2"
command -v valgrind >/dev/null || { echo "dsm_insns: valgrind not found (apt-get install valgrind)" >&2; exit 1; }
[ -x "$bench" ] || { echo "dsm_insns: '$bench' is not an executable" >&2; exit 1; }
[ -d "$dir" ] || { echo "dsm_insns: '$dir' is not a directory" >&2; exit 1; }

IFS=',' read -r -a op_list <<<"$ops"
for op in "${op_list[@]}"; do
    case "$op" in
        compress|decompress) ;;
        *) echo "dsm_insns: --ops takes compress and/or decompress, not '$op'" >&2; exit 2 ;;
    esac
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Instructions callgrind collected inside pass_<op> for one pass over one file.
count() { # lane op file
    local out="$tmp/cg.out" log="$tmp/cg.log"
    if ! valgrind --tool=callgrind --callgrind-out-file="$out" --toggle-collect="pass_$2" \
        "$bench" --lane-bytes "$1" --op "$2" --passes 1 "$3" >"$log" 2>&1; then
        cat "$log" >&2
        echo "dsm_insns: dsm_bench failed on $3 (lane $1, $2)" >&2
        return 1
    fi
    local ir
    ir=$(awk '$1 == "summary:" { print $2 }' "$out")
    if [ -z "$ir" ] || [ "$ir" -eq 0 ]; then
        echo "dsm_insns: callgrind collected nothing in pass_$2 (was it inlined?)" >&2
        return 1
    fi
    echo "$ir"
}

columns=()
for lane in $lanes; do
    for op in "${op_list[@]}"; do
        columns+=("$lane:$op")
    done
done

echo "dsm_insns: DSM C model, instructions per 128-byte line (callgrind Ir, one pass, $(valgrind --version))"
rows="$tmp/rows"
: >"$rows"
shopt -s nullglob
files=("$dir"/*)
[ ${#files[@]} -gt 0 ] || { echo "dsm_insns: no files in '$dir'" >&2; exit 1; }
for path in "${files[@]}"; do
    [ -f "$path" ] || continue
    name=$(basename "$path")
    name=${name// /_} # one word per column
    size=$(stat -L -c %s "$path")
    lines=$(( (size + 127) / 128 ))
    [ "$lines" -gt 0 ] || continue
    type=$(awk -F. '{ print (NF >= 3 ? $(NF - 1) : "?") }' <<<"$name")
    row="$name $type $lines"
    for c in "${columns[@]}"; do
        row="$row $(count "${c%%:*}" "${c#*:}" "$path")"
    done
    echo "$row" >>"$rows"
done

awk -v header="${columns[*]}" '
    BEGIN { nc = split(header, col, " ") }
    function row(label, lines, sums,    k) {
        printf "%-42s %8d", label, lines
        for (k = 1; k <= nc; k++) printf " %18.1f", sums[k] / lines
        printf "\n"
    }
    {
        name[NR] = $1; type[NR] = $2; lines[NR] = $3
        for (k = 1; k <= nc; k++) ir[NR, k] = $(3 + k)
    }
    END {
        printf "%-42s %8s", "file", "lines"
        for (k = 1; k <= nc; k++) printf " %18s", "lane" col[k]
        printf "\n"
        for (i = 1; i <= NR; i++) {
            for (k = 1; k <= nc; k++) one[k] = ir[i, k]
            row(name[i], lines[i], one)
            if (!(type[i] in seen)) { seen[type[i]] = 1; order[++nt] = type[i] }
            tl[type[i]] += lines[i]; all += lines[i]
            for (k = 1; k <= nc; k++) { ts[type[i], k] += ir[i, k]; as[k] += ir[i, k] }
        }
        for (t = 1; t <= nt; t++) {
            for (k = 1; k <= nc; k++) one[k] = ts[order[t], k]
            row("overall " order[t] " files", tl[order[t]], one)
        }
        row("overall (all lines)", all, as)
    }' "$rows"
