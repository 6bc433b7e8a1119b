#!/usr/bin/env bash
# Latency vs offered load in BookSim2's configuration (sim/configs/booksim_mesh.cfg), 1- and
# 5-flit packets, 0.05..0.40 flits/node/cycle; BookSim2's figures where issue 19 gives them are
# printed beside npsim's as references (never used by npsim). Usage: booksim_table.sh NPSIM [key=value ...]
set -euo pipefail
npsim=$1; shift
cfg=$(dirname "$0")/configs/booksim_mesh.cfg
# BookSim2 (stock, commit 28f4329) average packet latency, issue 19; '-' where the issue gives none
booksim_ref() {
    case "$1:$2" in
        1:0.38) echo "34.4" ;;
        *) echo "-" ;;
    esac
}
# head / tail: multi-flit packets' latency split into the head's arrival and the tail's lag behind
# it (packet_flits - 1 cycles when no other packet interleaves; docs/sim.md "BookSim2 comparison")
printf '%-6s %-6s %10s %10s %10s %9s %9s %9s\n' flits load latency net_lat accepted head tail booksim
for flits in 1 5; do
    for load in 0.05 0.10 0.15 0.20 0.25 0.30 0.35 0.38 0.40; do
        out=$("$npsim" traffic -c "$cfg" packet_flits=$flits injection_rate=$load "$@")
        lat=$(sed -n 's/.*latency avg \([0-9.]*\).*/\1/p' <<< "$out")
        net=$(sed -n 's/.*(network \([0-9.]*\),.*/\1/p' <<< "$out")
        acc=$(sed -n 's/.*accepted \([0-9.]*\) flits.*/\1/p' <<< "$out")
        head=$(sed -n 's/^head arrival avg \([0-9.]*\) cycles.*/\1/p' <<< "$out")
        tail=$(sed -n 's/.*; tail \([0-9.]*\) cycles after the head.*/\1/p' <<< "$out")
        drained=$(grep -c 'window deliveries' <<< "$out" || true)
        [ "$drained" = 1 ] || { echo "unexpected output: $out" >&2; exit 1; }
        printf '%-6s %-6s %10s %10s %10s %9s %9s %9s\n' "$flits" "$load" "$lat" "$net" "$acc" "${head:--}" "${tail:--}" \
            "$(booksim_ref $flits $load)"
    done
done
