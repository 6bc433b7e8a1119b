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
# MB/s by rounds (--rounds R, --cpus LIST): codec_bench runs R times on each CPU of LIST in
# turn (taskset; LIST "all" = every CPU this process may run on), the rounds spread over the
# whole run: the callgrind counts are made between them, so the first and the last round are
# about as far apart as the make takes. The figure is the fastest pass of all runs, with the
# CPU it ran on; the mean column is the mean over the runs of each run's mean pass; a second
# table gives every run's figure in time order. Why: on this host a CPU has slow phases of tens
# of seconds (every codec 25-35 % slower, even idle, and the two vCPUs at different speeds,
# docs/codec-speed.md "Twelfth round"), so one run's fastest pass repeats within the run but
# not across runs; the fastest of runs spread in time and over the CPUs does.
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
# usage: codec_insns.sh [--codecs a,b,...] [--no-mbs] [--rounds R] [--cpus LIST|all] [--profile N] [--branches]
#                       [--bench-args "ARGS"] CODEC_BENCH DATA_DIR
set -euo pipefail

codecs=""
mbs=1
rounds=1
cpus=""
profile=0
branches=0
bench_args=""
usage() {
    echo "usage: $0 [--codecs a,b,...] [--no-mbs] [--rounds R] [--cpus LIST|all] [--profile N] [--branches] [--bench-args \"ARGS\"] CODEC_BENCH DATA_DIR" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case "$1" in
        --codecs) [ $# -ge 2 ] || usage; codecs="$2"; shift 2 ;;
        --no-mbs) mbs=0; shift ;;
        --rounds) [ $# -ge 2 ] && [ "$2" -ge 1 ] 2>/dev/null || usage; rounds="$2"; shift 2 ;;
        --cpus) [ $# -ge 2 ] || usage; cpus="$2"; shift 2 ;;
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

# The CPUs to pin to ("" = not pinned).
# shellcheck source=cmodel/bench/bench_cpus.sh
. "$(dirname "$0")/bench_cpus.sh"
bench_cpu_list "$cpus" || exit 2

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# One codec_bench table (all codecs, or each of --codecs in turn) into $1, pinned to CPU $2
# unless empty; $tmp/runs gets "file cpu UTC-time load-average".
run_table() { # out cpu
    local out="$1" pin=()
    [ -n "$2" ] && pin=(taskset -c "$2")
    printf '%s %s %s %s\n' "$out" "${2:--}" "$(date -u +%H:%M:%S)" "$(cut -d' ' -f1 /proc/loadavg)" >>"$tmp/runs"
    if [ -z "$codecs" ]; then
        # shellcheck disable=SC2086 # bench_args is a list of options
        "${pin[@]}" "$bench" $bench_args "$dir" >"$out"
        return
    fi
    local list c
    IFS=',' read -r -a list <<<"$codecs"
    : >"$out"
    for c in "${list[@]}"; do
        # shellcheck disable=SC2086
        "${pin[@]}" "$bench" $bench_args --codec "$c" "$dir" >"$tmp/one"
        if [ ! -s "$out" ]; then sed -n '1,/^codec /p' "$tmp/one" >"$out"; fi
        sed -n '/^codec /,/^(MB\/s/p' "$tmp/one" | sed '1d;$d' >>"$out"
    done
    grep '^(MB/s' "$tmp/one" >>"$out"
}

round() { # r
    local c
    for c in "${cpu_list[@]}"; do run_table "$tmp/table.$1.${c:--}" "$c"; done
}

if [ "$mbs" -eq 1 ]; then
    round 1
    if [ -z "$codecs" ]; then
        codecs=$(awk 'p && NF >= 4 && $1 != "codec" && $1 !~ /^\(|:$/ { print $1 } /^codec /{ p = 1 }' \
            "$(head -n1 "$tmp/runs" | cut -d' ' -f1)" | paste -sd,)
    fi
elif [ -z "$codecs" ]; then
    codecs=$("$bench" --passes 1 "$dir" | awk 'p && NF >= 4 && $1 != "codec" && $1 !~ /^\(|:$/ { print $1 } /^codec /{ p = 1 }' | paste -sd,)
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

# The counts, in codec order, compress then decompress; with MB/s rounds, rounds 2 .. R go
# between them (after every (2 x codecs) / (R - 1) counts), spreading the rounds in time.
jobs=()
for c in "${list[@]}"; do jobs+=("$c compress" "$c decompress"); done
done_rounds=1
for ((j = 0; j < ${#jobs[@]}; j++)); do
    read -r c op <<<"${jobs[j]}"
    echo "$c $op $(count "$c" "$op")" >>"$tmp/counts"
    if [ "$mbs" -eq 1 ] && [ "$done_rounds" -lt "$rounds" ] && [ $(((j + 1) * (rounds - 1))) -ge $((done_rounds * ${#jobs[@]})) ]; then
        done_rounds=$((done_rounds + 1))
        round "$done_rounds"
    fi
done
insns="$tmp/insns"
awk '{ v[$1 " " $2] = $3; if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 } }
     END { for (i = 1; i <= n; i++) print order[i], v[order[i] " compress"], v[order[i] " decompress"] }' "$tmp/counts" >"$insns"

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

# The runs' tables into one: per codec the fastest figure of every run and the CPU it ran on,
# the mean of the runs' means (codec_bench --best prints the mean pass in columns 5 and 6;
# without it the main columns are the means), every run's figure, and the first run's other
# lines (header, training).
runs="$tmp/runs"
first=$(head -n1 "$runs" | cut -d' ' -f1)
nruns=$(wc -l <"$runs")
sed -n '1p' "$first"
echo "codec_insns: $rounds round(s) on CPU(s) ${cpus:-(not pinned)}, $nruns runs from $(head -n1 "$runs" | cut -d' ' -f3) to $(tail -n1 "$runs" | cut -d' ' -f3) UTC, load average $(head -n1 "$runs" | cut -d' ' -f4) at the first, $(tail -n1 "$runs" | cut -d' ' -f4) at the last; the fastest of all runs, its CPU after it"
# shellcheck disable=SC2046 # the run files, in time order
awk -v vg="$(valgrind --version)" -v nruns="$nruns" '
    FILENAME == ARGV[1] { ci[$1] = $2; di[$1] = $3; next }
    FILENAME == ARGV[2] { cpu[$1] = $2; file[++nr] = $1; next }
    FNR == 1 { run++ }
    /^codec / { next }
    NF >= 4 && $1 != "codec" && $1 !~ /^\(|:$/ {
        c = $1
        if (!(c in seen)) { seen[c] = 1; order[++n] = c; ratio[c] = $4 }
        cm = NF >= 6 ? $5 : $2; dm = NF >= 6 ? $6 : $3
        if ($2 > bc[c]) { bc[c] = $2; bcc[c] = cpu[FILENAME] }
        if ($3 > bd[c]) { bd[c] = $3; bdc[c] = cpu[FILENAME] }
        sc[c] += cm; sd[c] += dm; cnt[c]++
        each[c, run] = sprintf("%.0f/%.0f", $2, $3)
        next
    }
    run == 1 && /^ / { extra[c] = extra[c] $0 "\n" }
    END {
        printf "%-10s %10s %11s %8s %10s %11s %12s %14s %s\n", "codec", "comp MB/s", "decomp MB/s", "ratio", "comp mean", "decomp mean",
            "comp Ir/line", "decomp Ir/line", " CPU comp/decomp"
        for (i = 1; i <= n; i++) {
            c = order[i]
            printf "%-10s %10.1f %11.1f %8.3f %10.1f %11.1f %12s %14s  %s/%s\n", c, bc[c], bd[c], ratio[c], sc[c] / cnt[c],
                sd[c] / cnt[c], ci[c], di[c], bcc[c], bdc[c]
            printf "%s", extra[c]
        }
        print "(MB/s = uncompressed line bytes per CPU second of the fastest pass of all runs, the mean of the"
        print " mean passes of the runs beside it; ratio = uncompressed / compressed bits, pooled)"
        print "(Ir/line = instructions per 128-byte line, callgrind, one pass over the same lines, " vg ")"
        print ""
        printf "the fastest pass of each run, compress/decompress MB/s, in time order (run: CPU, UTC)\n%-10s", "codec"
        for (k = 1; k <= nr; k++) printf " %11s", cpu[file[k]]
        printf "\n"
        for (i = 1; i <= n; i++) {
            printf "%-10s", order[i]
            for (k = 1; k <= nr; k++) printf " %11s", each[order[i], k]
            printf "\n"
        }
    }' "$insns" "$runs" $(cut -d' ' -f1 "$runs")
printf '%-10s' "(UTC)"; cut -d' ' -f3 "$runs" | while read -r t; do printf ' %11s' "$t"; done; printf '\n'
printf '%-10s' "(load)"; cut -d' ' -f4 "$runs" | while read -r l; do printf ' %11s' "$l"; done; printf '\n'
print_profile
