#!/usr/bin/env bash
# codec_ab.sh: `make bench-codecs-ab`'s table: the MB/s of two codec_bench builds (A: before,
# B: after) run in turn, ROUNDS times per codec and direction, and the median of each. On a
# shared machine a single run's MB/s moves by a third with what else runs (docs/codec-speed.md);
# runs of A and B side by side see about the same machine, so their medians compare the two
# builds where two separate `make bench-codecs` do not.
#
# Each run: codec_bench --codec NAME --op OP --min-time SECONDS [--best] DATA_DIR (CPU time, one
# core; with --best each run's figure is its fastest pass, which needs two builds that have the
# option, i.e. from commit "codec_bench --best" on).
#
# --cpus LIST (0,1, 0-3 or all): each round runs A and B on every CPU of LIST in turn (taskset),
# A first in odd rounds and B first in even ones; B/A is then the median of the pairs' ratios
# (each pair ran on one CPU seconds apart: this host's two vCPUs run at different speeds and
# each has slow phases of its own, docs/codec-speed.md twelfth round); without it, runs are not
# pinned and B/A is the ratio of the medians.
#
# usage: codec_ab.sh [--codecs a,b,...] [--rounds N] [--min-time S] [--best] [--cpus LIST] BENCH_A BENCH_B DATA_DIR
set -euo pipefail

codecs=""
rounds=5
min_time=0.4
stat=()
label=""
cpus=""
usage() {
    echo "usage: $0 [--codecs a,b,...] [--rounds N] [--min-time S] [--best] [--cpus LIST] BENCH_A BENCH_B DATA_DIR" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case "$1" in
        --codecs) [ $# -ge 2 ] || usage; codecs="$2"; shift 2 ;;
        --rounds) [ $# -ge 2 ] && [ "$2" -ge 1 ] 2>/dev/null || usage; rounds="$2"; shift 2 ;;
        --min-time) [ $# -ge 2 ] || usage; min_time="$2"; shift 2 ;;
        --best) stat=(--best); label=", the fastest pass of each"; shift ;;
        --cpus) [ $# -ge 2 ] || usage; cpus="$2"; shift 2 ;;
        -*) usage ;;
        *) break ;;
    esac
done
[ $# -eq 3 ] || usage
a="$1"
b="$2"
dir="$3"
for x in "$a" "$b"; do
    [ -x "$x" ] || { echo "codec_ab: '$x' is not an executable" >&2; exit 1; }
    if [ ${#stat[@]} -gt 0 ] && ! "$x" --help | grep -q -- --best; then
        echo "codec_ab: '$x' has no --best (built before it): run without it (make: BENCH_BEST=)" >&2
        exit 1
    fi
done
[ -d "$dir" ] || { echo "codec_ab: '$dir' is not a directory" >&2; exit 1; }
# shellcheck source=cmodel/bench/bench_cpus.sh
. "$(dirname "$0")/bench_cpus.sh"
bench_cpu_list "$cpus" || exit 2

# The codecs: as given, or every codec of B's table (one quick pass to list them).
if [ -z "$codecs" ]; then
    codecs=$("$b" --passes 1 "$dir" | awk 'p && NF >= 4 && $1 != "codec" && $1 !~ /^\(|:$/ { print $1 } /^codec /{ p = 1 }' | paste -sd,)
fi
IFS=',' read -r -a list <<<"$codecs"
[ ${#list[@]} -gt 0 ] || { echo "codec_ab: no codec" >&2; exit 1; }

# One run's MB/s (column 2: compress, 3: decompress of codec_bench's table).
mbs() { # bench codec op cpu
    local col=2 pin=()
    [ "$3" = decompress ] && col=3
    [ -n "$4" ] && pin=(taskset -c "$4")
    "${pin[@]}" "$1" --codec "$2" --op "$3" --min-time "$min_time" "${stat[@]}" "$dir" | awk -v c="$2" -v k="$col" '$1 == c { print $k }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

pinned=""
[ -n "$cpus" ] && pinned=" on each of CPUs $cpus (B/A: median of the pairs' ratios)"
echo "codec_ab: A = $a, B = $b; $rounds rounds of A and B per codec and direction$pinned, median MB/s (CPU time, one core, >= $min_time s per run$label)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) at $(date -u +%H:%M:%S) UTC"
printf '%-10s %10s %10s %7s %12s %12s %7s\n' codec "comp A" "comp B" "B/A" "decomp A" "decomp B" "B/A"
for c in "${list[@]}"; do
    line="$c"
    for op in compress decompress; do
        ra="" rb="" rr=""
        for ((i = 0; i < rounds; i++)); do
            for cpu in "${cpu_list[@]}"; do
                if ((i % 2 == 0)); then
                    x=$(mbs "$a" "$c" "$op" "$cpu"); y=$(mbs "$b" "$c" "$op" "$cpu")
                else
                    y=$(mbs "$b" "$c" "$op" "$cpu"); x=$(mbs "$a" "$c" "$op" "$cpu")
                fi
                ra+="$x"$'\n' rb+="$y"$'\n' rr+="$(awk -v x="$x" -v y="$y" 'BEGIN { print y / x }')"$'\n'
            done
        done
        ma=$(printf '%s' "$ra" | median)
        mb=$(printf '%s' "$rb" | median)
        if [ -n "$cpus" ]; then ratio=$(printf '%s' "$rr" | median); else ratio=$(awk -v x="$ma" -v y="$mb" 'BEGIN { print y / x }'); fi
        line+=" $ma $mb $(awk -v r="$ratio" 'BEGIN { printf "%.2f", r }')"
    done
    echo "$line" | awk '{ printf "%-10s %10.1f %10.1f %7s %12.1f %12.1f %7s\n", $1, $2, $3, $4, $5, $6, $7 }'
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg) at $(date -u +%H:%M:%S) UTC"
