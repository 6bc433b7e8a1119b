#!/usr/bin/env bash
# codec_phases.sh: `make bench-phases`: how this host's speed moves in time, per CPU. Every
# EVERY seconds for SECONDS in all, one short codec_bench run (one codec, one direction, PASSES
# passes, the fastest pass) pinned to the next CPU of LIST in turn; prints each sample (UTC, CPU,
# load average, MB/s of the fastest and of the mean pass), then per CPU the median, the range,
# the samples more than 15 % below the CPU's fastest sample ("slow": the figure a bench taking
# the fastest pass would report is the fast phase's) and the longest stretch of consecutive
# slow samples. --summary LOG prints the summary of a log this script wrote. This is what docs/codec-speed.md's twelfth round measured to choose
# how `make bench-codecs` spreads its rounds: a slow phase lasts tens of seconds on one CPU.
#
# usage: codec_phases.sh [--codec NAME] [--op compress|decompress] [--passes N] [--seconds S] [--every S]
#                        [--cpus LIST|all] CODEC_BENCH DATA_DIR
#        codec_phases.sh --summary LOG
set -euo pipefail

codec=dsm
op="compress"
passes=15
seconds=300
every=3
cpus=all
usage() {
    echo "usage: $0 [--codec NAME] [--op compress|decompress] [--passes N] [--seconds S] [--every S] [--cpus LIST|all] CODEC_BENCH DATA_DIR" >&2
    exit 2
}
number() { [[ "$1" =~ ^[0-9]+(\.[0-9]+)?$ ]] || usage; }

# Per CPU of the samples (lines "UTC CPU load best mean"): median, range, slow samples and the
# longest stretch of them, in time order.
summary() { # log
    echo "per CPU: median and range of the fastest pass (MB/s); slow = more than 15 % below the CPU's fastest sample"
    local cpu med
    for cpu in $(awk 'NF == 5 && $2 ~ /^[0-9]+$/ && $4 ~ /^[0-9.]+$/ { print $2 }' "$1" | sort -nu); do
        med=$(awk -v c="$cpu" 'NF == 5 && $2 == c && $4 ~ /^[0-9.]+$/ { print $4 }' "$1" | sort -g |
            awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }')
        awk -v c="$cpu" -v med="$med" '
            NF == 5 && $2 == c && $4 ~ /^[0-9.]+$/ { n++; t[n] = $1; v[n] = $4; if (n == 1 || $4 > hi) hi = $4; if (n == 1 || $4 < lo) lo = $4 }
            END {
                for (i = 1; i <= n; i++) {
                    if (v[i] < 0.85 * hi) { slow++; run++; if (run == 1) from = t[i]; if (run > longest) { longest = run; first = from; last = t[i] } }
                    else run = 0
                }
                printf "CPU %s: %d samples, median %.0f, %.0f .. %.0f; slow %d (%.0f %%), longest stretch %d samples%s\n", c, n, med,
                    lo, hi, slow, 100 * slow / n, longest, longest ? " (" first " .. " last ")" : ""
            }' "$1"
    done
}
if [ $# -eq 2 ] && [ "$1" = --summary ]; then
    [ -f "$2" ] || { echo "codec_phases: no log '$2'" >&2; exit 1; }
    summary "$2"
    exit 0
fi
while [ $# -gt 0 ]; do
    case "$1" in
        --codec) [ $# -ge 2 ] || usage; codec="$2"; shift 2 ;;
        --op) [ $# -ge 2 ] && { [ "$2" = compress ] || [ "$2" = decompress ]; } || usage; op="$2"; shift 2 ;;
        --passes) [ $# -ge 2 ] && [ "$2" -ge 1 ] 2>/dev/null || usage; passes="$2"; shift 2 ;;
        --seconds) [ $# -ge 2 ] || usage; number "$2"; seconds="$2"; shift 2 ;;
        --every) [ $# -ge 2 ] || usage; number "$2"; every="$2"; shift 2 ;;
        --cpus) [ $# -ge 2 ] || usage; cpus="$2"; shift 2 ;;
        -*) usage ;;
        *) break ;;
    esac
done
[ $# -eq 2 ] || usage
bench="$1"
dir="$2"
[ -x "$bench" ] || { echo "codec_phases: '$bench' is not an executable" >&2; exit 1; }
[ -d "$dir" ] || { echo "codec_phases: '$dir' is not a directory" >&2; exit 1; }
# shellcheck source=cmodel/bench/bench_cpus.sh
. "$(dirname "$0")/bench_cpus.sh"
bench_cpu_list "$cpus" || exit 2

col=2
[ "$op" = decompress ] && col=3
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
echo "codec_phases: $codec $op, the fastest of $passes passes, every $every s for $seconds s, CPUs $cpus in turn"
printf '%-9s %4s %6s %10s %10s\n' UTC cpu load "best MB/s" "mean MB/s"
end=$(($(date +%s) + ${seconds%.*}))
i=0
while [ "$(date +%s)" -lt "$end" ]; do
    cpu=${cpu_list[i % ${#cpu_list[@]}]}
    row=$(taskset -c "$cpu" "$bench" --codec "$codec" --op "$op" --passes "$passes" --best "$dir" |
        awk -v c="$codec" -v k="$col" '$1 == c { print $k, $(k + 3) }')
    printf '%-9s %4s %6s %10s %10s\n' "$(date -u +%H:%M:%S)" "$cpu" "$(cut -d' ' -f1 /proc/loadavg)" $row | tee -a "$tmp"
    i=$((i + 1))
    sleep "$every"
done
echo
summary "$tmp"
