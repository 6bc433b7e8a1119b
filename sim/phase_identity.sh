#!/usr/bin/env bash
# Byte-identity check of two npsim builds on synthetic traffic (docs/sim.md, issue 31's eleventh
# round): each configuration below is run with both binaries and their whole `npsim traffic`
# outputs (and exit statuses) compared. The list covers the dense router phase (unicast, mesh, up
# to 6 VCs: BookSim2's configuration and variations with the sequential VA; the default
# configuration and variations with the separable VA, the default) and the event-driven one
# (multicast, 16 VCs, the crossbar).
# Usage: phase_identity.sh BASE NEW [key=value ...]: the keys are added to NEW's runs only, so
# `phase_identity.sh build/bin/npsim build/bin/npsim router_phase=event` compares one build's two
# router phases. Prints one line per configuration; exit status 1 if any differs. About 1 CPU
# minute per binary.
set -uo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BASE NEW [key=value ...]" >&2; exit 2; }
base=$(realpath "$1") new=$(realpath "$2")
shift 2
cd "$(dirname "$0")/.." || exit 2
short="warmup_cycles=2000 measure_cycles=8000"
bs="-c sim/configs/booksim_mesh.cfg"
configs=(
    "$bs packet_flits=1 injection_rate=0.20"
    "$bs packet_flits=1 injection_rate=0.35"
    "$bs packet_flits=5 injection_rate=0.20"
    "$bs packet_flits=5 injection_rate=0.35"
    "$bs packet_flits=5 injection_rate=0.45 $short"
    "$bs packet_flits=5 injection_rate=1.0 $short"
    "$bs packet_flits=5 injection_rate=0.3 traffic=bitcomp va_alloc=separable $short"
    "$bs packet_flits=5 injection_rate=0.3 traffic=transpose uniform_self=0 $short"
    "$bs packet_flits=5 injection_rate=0.3 traffic=transpose $short"
    "$bs packet_flits=1 injection_rate=0.2 mesh_k=16 $short"
    "$bs packet_flits=5 injection_rate=0 $short"
    "$bs packet_flits=5 injection_rate=0.3 sa_input=vc body_sa=write $short"
    "$bs packet_flits=5 injection_rate=0.3 sa_input=output body_sa=next $short"
    "$bs packet_flits=5 injection_rate=0.3 sa_input=vc body_sa=next $short"
    "$bs packet_flits=5 injection_rate=0.3 traffic=hotspot $short"
    "packet_flits=5 injection_rate=0.3 $short"
    "packet_flits=1 injection_rate=0.5 $short"
    "packet_flits=3 injection_rate=0.3 $short"
    "packet_flits=12 injection_rate=0.2 mcast_fraction=0.1 mcast_max_flits=16 $short"
    "packet_flits=4 injection_rate=0.2 mcast_fraction=0.1 vcs=16 credit_delay=3 $short"
    "-c sim/configs/fermi_crossbar.cfg injection_rate=0.2 $short"
    "-c sim/configs/fermi_crossbar.cfg injection_rate=0.2 mcast_fraction=0.1 $short"
    "packet_flits=3 injection_rate=0.2 traffic=hotspot mcast_fraction=0.1 $short"
    "packet_flits=3 injection_rate=0.2 traffic=many2few $short"
    "packet_flits=3 injection_rate=0.2 traffic=few2many $short"
    "packet_flits=3 injection_rate=0.3 credit_delay=3 $short"
    "packet_flits=4 injection_rate=0.3 vcs=2 vc_depth=4 $short"
    "packet_flits=4 injection_rate=0.3 vcs=6 vcs_request=3 classes=both routing_reply=yx $short"
    "packet_flits=2 injection_rate=0.4 classes=both credit_delay=2 vc_depth=3 $short"
    "$bs packet_flits=3 injection_rate=0.4 inject_cycles=0 mesh_k=4 $short"
    "$bs packet_flits=8 injection_rate=0.5 vc_depth=4 sa_input=vc $short"
    "$bs packet_flits=5 injection_rate=0.3 traffic=few2many hot_nodes=3,9,60 $short"
    "packet_flits=5 injection_rate=0.3 va_alloc=sequential $short"
    "packet_flits=1 injection_rate=0.5 va_alloc=sequential $short"
    "packet_flits=3 injection_rate=0.3 credit_delay=3 va_alloc=sequential $short"
    "packet_flits=4 injection_rate=0.3 vcs=2 vc_depth=4 va_alloc=sequential $short"
    "packet_flits=4 injection_rate=0.3 vcs=6 vcs_request=3 classes=both routing_reply=yx va_alloc=sequential $short"
    "packet_flits=2 injection_rate=0.4 classes=both credit_delay=2 vc_depth=3 va_alloc=sequential $short"
    "packet_flits=3 injection_rate=0.2 traffic=many2few va_alloc=sequential $short"
    "packet_flits=3 injection_rate=0.2 traffic=few2many va_alloc=sequential $short"
    "packet_flits=3 injection_rate=0.25 traffic=hotspot va_alloc=sequential sa_input=output $short"
    "packet_flits=9 injection_rate=0.6 vc_depth=2 va_alloc=sequential body_sa=write $short"
    "packet_flits=1 injection_rate=1.0 va_alloc=sequential mesh_k=3 $short"
    "packet_flits=2 injection_rate=0.3 mesh_k=4 vcs=6 vcs_request=3 vc_depth=1 credit_delay=0 sa_input=output va_alloc=sequential $short"
    "packet_flits=5 injection_rate=0.3 vcs=6 vcs_request=3 sa_input=output body_sa=write va_alloc=sequential $short"
    "$bs packet_flits=1 injection_rate=0.35 va_alloc=separable $short"
    "$bs packet_flits=5 injection_rate=1.0 va_alloc=separable $short"
    "$bs packet_flits=5 injection_rate=0.3 sa_input=vc body_sa=next va_alloc=separable $short"
    "packet_flits=1 injection_rate=0.2 mesh_k=16 warmup_cycles=1000 measure_cycles=3000"
    "packet_flits=5 injection_rate=0.2 $short"
    "packet_flits=1 injection_rate=1.0 mesh_k=3 $short"
    "packet_flits=2 injection_rate=0.3 mesh_k=4 vcs=6 vcs_request=3 vc_depth=1 credit_delay=0 sa_input=output $short"
    "packet_flits=3 injection_rate=0.25 traffic=hotspot sa_input=output $short"
    "packet_flits=9 injection_rate=0.6 vc_depth=2 body_sa=write $short"
)
n=0 bad=0
for c in "${configs[@]}"; do
    n=$((n + 1))
    # shellcheck disable=SC2086  # each entry is a list of arguments
    a=$("$base" traffic --quiet $c 2>&1; echo "exit $?")
    # shellcheck disable=SC2086
    b=$("$new" traffic --quiet $c "$@" 2>&1; echo "exit $?")
    if [ "$a" = "$b" ]; then echo "same $n: $c"; else bad=$((bad + 1)); echo "DIFFERS $n: $c"; fi
done
echo "$n configurations, $bad differ"
[ "$bad" = 0 ]
