#!/usr/bin/env bash
# Stand-in for npkernel in sim/paper/test_gather.sh: `fake_npkernel.sh run NAME --trace DIR` writes
# DIR/NAME/ as the SIMT runtime's tracer lays it out (two launches), or fails with
# FAKE_NPKERNEL_EXIT.
set -euo pipefail
[ "$1" = run ] && [ "$3" = --trace ] || { echo "fake_npkernel: usage: run NAME --trace DIR" >&2; exit 2; }
[ -z "${FAKE_NPKERNEL_EXIT:-}" ] || exit "$FAKE_NPKERNEL_EXIT"
d=$4/$2
mkdir -p "$d"
printf 'MemcpyHtoD,0x00007f0000000000,4096\nkernel-1.traceg\nMemcpyHtoD,0x00007f0000001000,4096\nkernel-2.traceg\n' > "$d/kernelslist.g"
echo launch1 > "$d/kernel-1.traceg"
echo launch2 > "$d/kernel-2.traceg"
echo image > "$d/memory.npmem"
echo "fixture $2 ok launches 2"
