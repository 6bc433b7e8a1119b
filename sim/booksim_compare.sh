#!/usr/bin/env bash
# npsim beside the stock BookSim2 on one experiment (issue 31): 8x8 mesh, XY, 4 VCs x 8 flits,
# uniform traffic with self-addressed packets, Bernoulli, 10k warm-up + 30k measured cycles;
# npsim with sim/configs/booksim_mesh.cfg, BookSim2 with sim/configs/booksim2_mesh.bsconf (the
# same experiment in its syntax). For each pattern, packet length and load: three rounds, each
# running npsim (COMPARE_NPSIM_RUNS times) then BookSim2 (interleaved, so a change of the
# machine's load hits both), the CPU time (user + system) of each whole process, and the median
# of the three rounds' speeds. Every run of either simulator simulates the same cycles (10k
# warm-up, 30k measured, then the drain: each run's own total is its count). Latency is cycles
# from creation to tail ejection (both count source queueing), accepted is flits/node/cycle
# ejected in the measured window; speed is simulated cycles (each run's own total, drain
# included) per CPU second.
#
# Repeatability (docs/sim.md, "Eighth round"): the CPU time is the finished process's rusage
# (bash's `time`: getrusage of the child, to the millisecond, where /usr/bin/time prints 10 ms
# steps, 2-5 % of an npsim run); both simulators run on one CPU (taskset -c COMPARE_CPU), because
# the shared host's two virtual CPUs can run the same process at speeds a third apart, which an
# npsim run of 0.2-0.6 s takes whole while BookSim2's runs of 6-16 s average; and npsim runs
# several times per round, so its figure spans more than one moment of the host's load. The
# output's last column is the 1-minute load average after the point's rounds (/proc/loadavg).
#
# BookSim2 is built from ../shared/tools/booksim2-28f4329.tar.gz into BUILD/booksim2 (g++, make,
# flex, bison: .ci/deps.sh); without the tarball the comparison is skipped with a message.
#
# Usage: booksim_compare.sh NPSIM BUILD_DIR [key=value ...]   (keys go to npsim only)
# Environment: BOOKSIM_TARBALL (default ../shared/tools/booksim2-28f4329.tar.gz),
#   COMPARE_FLITS ("1 5"), COMPARE_LOADS ("0.20 0.35"), COMPARE_PATTERNS ("uniform"),
#   COMPARE_K (8: the mesh is K x K), COMPARE_ROUNDS (3), COMPARE_SEED (1), COMPARE_CPU (0: the CPU
#   both simulators run on; "none": not pinned), COMPARE_NPSIM_RUNS (5: npsim runs per round, see
#   np_runs); COMPARE_NPSIM_BASE: a
#   second npsim binary (an earlier build) run in the same rounds, whose speed and ratio to
#   BookSim2 are printed too (before/after).
# Patterns: uniform, transpose, bitcomp (BookSim2's permutations; npsim's traffic of the same
#   name), hotspot (BookSim2's hotspot({MCs}): every node sends every packet to one of the GPU's
#   memory-controller nodes, npsim's default machine's bottom row, at random; npsim traffic =
#   hotspot, hotspot_fraction = 1 with those hot_nodes). The configuration's uniform_self = 1 keeps
#   BookSim2's self-addressed packets (uniform, transpose's diagonal, a hot node's own draw).
# COMPARE_MODE=latency: instead of the speed rounds, for each pattern and packet length, npsim's
#   saturation load S (the largest offered load, to 0.005, whose run drains with accepted >= 95%
#   of offered and latency <= 3x the latency at 0.01: npsim's sweep rule, found by bisection with
#   npsim alone), then one run of each simulator at COMPARE_FRACTIONS ("0.1 0.3 0.5 0.7 0.8 0.9
#   1.0") of S: latency and accepted side by side; and the accepted throughput of both with the
#   sources offered COMPARE_SAT_LOAD (default 0.6, past every saturation point here; BookSim2
#   with sim_type = throughput, npsim without a drain).
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 NPSIM BUILD_DIR [key=value ...]" >&2; exit 2; }
npsim=$1 build=$2; shift 2
here=$(cd "$(dirname "$0")" && pwd)
np_cfg=$here/configs/booksim_mesh.cfg
bs_cfg=$here/configs/booksim2_mesh.bsconf
tarball=${BOOKSIM_TARBALL:-../shared/tools/booksim2-28f4329.tar.gz}
flits_list=${COMPARE_FLITS:-1 5}
loads=${COMPARE_LOADS:-0.20 0.35}
patterns=${COMPARE_PATTERNS:-uniform}
rounds=${COMPARE_ROUNDS:-3}
seed=${COMPARE_SEED:-1}
base=${COMPARE_NPSIM_BASE:-}
k=${COMPARE_K:-8}
mode=${COMPARE_MODE:-speed}
sat_load=${COMPARE_SAT_LOAD:-0.6}
fractions=${COMPARE_FRACTIONS:-0.1 0.3 0.5 0.7 0.8 0.9 1.0}
cpu=${COMPARE_CPU:-0}
np_repeat=${COMPARE_NPSIM_RUNS:-5}

if [ ! -f "$tarball" ]; then
    echo "sim-booksim-compare: skipped: no BookSim2 source at $tarball (../shared/tools/README.md)"
    exit 0
fi
pin=()
if [ "$cpu" != none ]; then
    command -v taskset >/dev/null || { echo "sim-booksim-compare: taskset is missing (util-linux; or COMPARE_CPU=none)" >&2; exit 1; }
    taskset -c "$cpu" true 2>/dev/null || { echo "sim-booksim-compare: cannot run on CPU '$cpu' (COMPARE_CPU)" >&2; exit 2; }
    pin=(taskset -c "$cpu")
fi
for tool in g++ make flex bison; do
    command -v "$tool" >/dev/null || { echo "sim-booksim-compare: $tool is missing (bash .ci/deps.sh)" >&2; exit 1; }
done

# Build BookSim2 once per tarball (stock source, its own Makefile and flags).
booksim=$build/booksim2/src/booksim
if [ ! -x "$booksim" ] || [ "$tarball" -nt "$booksim" ]; then
    echo "sim-booksim-compare: building BookSim2 from $tarball into $build/booksim2 (a few CPU minutes)"
    rm -rf "$build/booksim2"
    mkdir -p "$build"
    tar -xzf "$tarball" -C "$build"
    [ -f "$build/booksim2/src/Makefile" ] || { echo "sim-booksim-compare: $tarball has no booksim2/src/Makefile" >&2; exit 1; }
    make -C "$build/booksim2/src" >"$build/booksim2/build.log" 2>&1 ||
        { tail -20 "$build/booksim2/build.log" >&2; echo "sim-booksim-compare: BookSim2 build failed ($build/booksim2/build.log)" >&2; exit 1; }
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Runs "$@" (on CPU $cpu: taskset sets the affinity and execs it, one process) with its output in
# $tmp/out and its CPU seconds (user + system, the child's rusage) in $tmp/cpu. BookSim2's main
# returns -1 (status 255) when its simulation succeeded, so 255 is accepted from it; its output
# is checked field by field (field) either way.
run_timed() {
    local status=0 TIMEFORMAT='%3U %3S'
    { time "${pin[@]}" "$@" >"$tmp/out" 2>&1; } 2>"$tmp/time" || status=$?
    if [ "$status" -ne 0 ] && ! { [ "$1" = "$booksim" ] && [ "$status" -eq 255 ]; }; then
        cat "$tmp/out" >&2
        echo "sim-booksim-compare: failed (status $status): $*" >&2
        exit 1
    fi
    tail -1 "$tmp/time" | awk '{ printf "%.3f\n", $1 + $2 }' >"$tmp/cpu"
}

# the 1-minute load average ("-" where /proc/loadavg is absent)
load_avg() { { read -r l _ </proc/loadavg && echo "$l"; } 2>/dev/null || echo -; }

# simulated cycles per CPU second of the run just timed ($1: its simulated cycles)
speed() { awk -v c="$1" -v t="$(cat "$tmp/cpu")" 'BEGIN { printf "%.0f", c / (t > 0.001 ? t : 0.001) }'; }

# The value a sed expression extracts from $tmp/out; fails loudly when it is absent.
field() {
    local v
    v=$(sed -n "$1" "$tmp/out" | tail -1)
    [ -n "$v" ] || { cat "$tmp/out" >&2; echo "sim-booksim-compare: no '$2' in the output above" >&2; exit 1; }
    echo "$v"
}

# npsim binary $1 on pattern $2, flits $3, load $4 (then npsim keys), COMPARE_NPSIM_RUNS times, each a
# whole process of the same simulated cycles: runs_speed = their cycles over their CPU seconds.
# One npsim run takes a fifteenth to a thirtieth of BookSim2's CPU time, so a round's npsim
# figure spans a few of them and a change of the host's load within a round weighs on it less.
np_runs() {
    local bin=$1 pattern=$2 flits=$3 load=$4 j cycles=0 cpu_sum=0
    shift 4
    for ((j = 0; j < np_repeat; j++)); do
        # shellcheck disable=SC2046
        run_timed "$bin" traffic -c "$np_cfg" mesh_k="$k" $(np_pattern "$pattern") packet_flits="$flits" \
            injection_rate="$load" seed="$seed" "$@"
        cycles=$((cycles + $(field 's/^simulated \([0-9]*\) cycles$/\1/p' 'simulated N cycles')))
        cpu_sum=$(awk -v a="$cpu_sum" -v b="$(cat "$tmp/cpu")" 'BEGIN { printf "%.3f", a + b }')
    done
    runs_speed=$(awk -v c="$cycles" -v t="$cpu_sum" 'BEGIN { printf "%.0f", c / (t > 0.001 ? t : 0.001) }')
}

median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The GPU's memory-controller nodes: npsim's default machine puts them on the mesh's bottom row
mc_nodes=$(seq -s, $(((k - 1) * k)) $((k * k - 1)))

# npsim pattern keys and BookSim2's traffic name for a pattern
np_pattern() {
    case "$1" in
        uniform | transpose | bitcomp) echo "traffic=$1" ;;
        hotspot) echo "traffic=hotspot hotspot_fraction=1 hot_nodes=$mc_nodes" ;;
        *) echo "sim-booksim-compare: unknown pattern '$1'" >&2; exit 2 ;;
    esac
}
bs_pattern() {
    case "$1" in
        uniform | transpose | bitcomp) echo "traffic=$1" ;;
        hotspot) echo "traffic=hotspot({{$mc_nodes}})" ;;   # params {list}: one list of nodes
        *) echo "sim-booksim-compare: unknown pattern '$1'" >&2; exit 2 ;;
    esac
}

# One run of each simulator at offered load $3 (pattern $1, flits $2; $4: npsim keys, $5: BookSim2
# keys): sets np_lat np_acc bs_lat bs_acc (latency "-" where the run has none).
run_pair() {
    # shellcheck disable=SC2046,SC2086
    run_timed "$npsim" traffic -c "$np_cfg" mesh_k="$k" $(np_pattern "$1") packet_flits="$2" injection_rate="$3" \
        seed="$seed" $4 "${np_keys[@]}"
    np_acc=$(field 's/.*accepted \([0-9.]*\) flits.*/\1/p' accepted)
    np_lat=$(sed -n 's/.*latency avg \([0-9.]*\).*window deliveries$/\1/p' "$tmp/out" | tail -1)
    # shellcheck disable=SC2046,SC2086
    run_timed "$booksim" "$bs_cfg" k="$k" $(bs_pattern "$1") packet_size="$2" injection_rate="$3" seed="$seed" $5
    bs_acc=$(field 's/^Accepted flit rate average = \([0-9.e+-]*\).*/\1/p' 'Accepted flit rate average')
    bs_lat=$(sed -n 's/^Packet latency average = \([0-9.e+-]*\).*/\1/p' "$tmp/out" | tail -1)
    np_lat=${np_lat:--} bs_lat=${bs_lat:--}
}

# npsim alone at offered load $3 (pattern $1, flits $2): "latency accepted drained"
np_point() {
    local out
    # shellcheck disable=SC2046
    out=$("$npsim" traffic -c "$np_cfg" mesh_k="$k" $(np_pattern "$1") packet_flits="$2" injection_rate="$3" \
        seed="$seed" "${np_keys[@]}")
    awk '/window deliveries/ { for (i = 1; i <= NF; i++) { if ($i == "accepted") a = $(i + 1); if ($i == "avg") l = $(i + 1) }
         d = /did not drain/ ? 0 : 1 } END { print l, a, d }' <<< "$out"
}

# npsim's saturation load for pattern $1, flits $2 (COMPARE_MODE=latency above): bisection on
# [0.01, 1] to 0.005
np_saturation() {
    local zero lo=0.01 hi=1.0 mid lat acc drained
    read -r zero _ _ <<< "$(np_point "$1" "$2" 0.01)"
    while awk -v l="$lo" -v h="$hi" 'BEGIN { exit !(h - l > 0.005) }'; do
        mid=$(awk -v l="$lo" -v h="$hi" 'BEGIN { printf "%.4f", (l + h) / 2 }')
        read -r lat acc drained <<< "$(np_point "$1" "$2" "$mid")"
        if [ "$drained" = 1 ] && awk -v a="$acc" -v o="$mid" -v l="$lat" -v z="$zero" \
            'BEGIN { exit !(a >= 0.95 * o && l <= 3 * z) }'; then lo=$mid; else hi=$mid; fi
    done
    echo "$lo"
}

np_keys=("$@")
if [ "$mode" = latency ]; then
    echo "npsim vs BookSim2 (commit 28f4329), ${k}x$k mesh, XY, 4 VCs x 8 flits, 10k + 30k cycles, seed $seed;"
    echo "S: npsim's saturation load (bisection); loads: fractions of S; 'past': both offered $sat_load"
    printf '%-9s %5s %6s %6s | %8s %8s %7s | %8s %8s\n' pattern flits frac load np_lat bs_lat lat_d% np_acc bs_acc
    for pattern in $patterns; do
        for flits in $flits_list; do
            sat=$(np_saturation "$pattern" "$flits")
            for frac in $fractions; do
                load=$(awk -v s="$sat" -v f="$frac" 'BEGIN { printf "%.4f", s * f }')
                run_pair "$pattern" "$flits" "$load" "" ""
                awk -v p="$pattern" -v f="$flits" -v fr="$frac" -v l="$load" -v nl="$np_lat" -v bl="$bs_lat" \
                    -v na="$np_acc" -v ba="$bs_acc" 'BEGIN {
                    d = (nl == "-" || bl == "-") ? "-" : sprintf("%+.1f%%", 100 * (nl - bl) / bl)
                    printf "%-9s %5s %6s %6s | %8s %8s %7s | %8.4f %8.4f\n", p, f, fr, l, nl, bl, d, na, ba }'
            done
            run_pair "$pattern" "$flits" "$sat_load" "drain_cycles=0" "sim_type=throughput"
            awk -v p="$pattern" -v f="$flits" -v l="$sat_load" -v na="$np_acc" -v ba="$bs_acc" 'BEGIN {
                printf "%-9s %5s %6s %6s | %8s %8s %7s | %8.4f %8.4f   accepted %+.1f%%\n",
                    p, f, "past", l, "-", "-", "-", na, ba, 100 * (na - ba) / ba }'
        done
    done
    exit 0
fi

echo "npsim vs BookSim2 (commit 28f4329), ${k}x$k mesh, XY, 4 VCs x 8 flits, seed $seed; each run of either"
echo "simulator: 10k warm-up + 30k measured cycles, then its drain (simulated cycles: the run's own total)"
echo "speed: simulated cycles per CPU second of whole processes (rusage, ms), median of $rounds interleaved rounds"
echo "(each: npsim $np_repeat runs, their cycles over their CPU time, then BookSim2 once), all on CPU $cpu (taskset;"
echo "none: not pinned); load1: the 1-minute load average after the point"
printf '%-9s %5s %5s | %8s %8s %9s | %8s %8s %9s | %7s %7s %6s\n' pattern flits load \
    np_lat np_acc np_cyc/s bs_lat bs_acc bs_cyc/s lat_d% speedx load1
for pattern in $patterns; do
    for flits in $flits_list; do
        for load in $loads; do
            np_speed=() bs_speed=() base_speed=()
            for ((i = 0; i < rounds; i++)); do
                if [ -n "$base" ]; then
                    np_runs "$base" "$pattern" "$flits" "$load" "$@"
                    base_speed+=("$runs_speed")
                    base_lat=$(field 's/.*latency avg \([0-9.]*\).*/\1/p' 'latency avg')
                fi
                np_runs "$npsim" "$pattern" "$flits" "$load" "$@"
                grep -q 'window deliveries$' "$tmp/out" ||
                    { cat "$tmp/out" >&2; echo "sim-booksim-compare: npsim did not drain" >&2; exit 1; }
                np_lat=$(field 's/.*latency avg \([0-9.]*\).*/\1/p' 'latency avg')
                np_acc=$(field 's/.*accepted \([0-9.]*\) flits.*/\1/p' accepted)
                np_speed+=("$runs_speed")
                # shellcheck disable=SC2046
                run_timed "$booksim" "$bs_cfg" k="$k" $(bs_pattern "$pattern") packet_size="$flits" \
                    injection_rate="$load" seed="$seed"
                bs_lat=$(field 's/^Packet latency average = \([0-9.e+-]*\).*/\1/p' 'Packet latency average')
                bs_acc=$(field 's/^Accepted flit rate average = \([0-9.e+-]*\).*/\1/p' 'Accepted flit rate average')
                bs_cyc=$(field 's/^Time taken is \([0-9]*\) cycles$/\1/p' 'Time taken')
                bs_speed+=("$(speed "$bs_cyc")")
            done
            np_med=$(median "${np_speed[@]}") bs_med=$(median "${bs_speed[@]}")
            if [ -n "$base" ]; then
                [ "$base_lat" = "$np_lat" ] || echo "sim-booksim-compare: note: base npsim latency $base_lat, npsim $np_lat"
                awk -v s="$(median "${base_speed[@]}")" -v b="$bs_med" \
                    'BEGIN { printf "%-9s %5s %5s   base npsim %9d cycles/s = %.1fx BookSim2\n", "", "", "", s, s / b }'
            fi
            awk -v p="$pattern" -v f="$flits" -v l="$load" -v nl="$np_lat" -v na="$np_acc" -v ns="$np_med" \
                -v bl="$bs_lat" -v ba="$bs_acc" -v bs="$bs_med" -v la="$(load_avg)" 'BEGIN {
                printf "%-9s %5s %5s | %8.2f %8.4f %9d | %8.2f %8.4f %9d | %+6.1f%% %7.1f %6s\n",
                    p, f, l, nl, na, ns, bl, ba, bs, 100 * (nl - bl) / bl, ns / bs, la }'
        done
    done
done
