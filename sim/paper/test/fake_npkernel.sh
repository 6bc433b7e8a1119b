#!/usr/bin/env bash
# Stand-in for npkernel in sim/paper/test_gather.sh: `fake_npkernel.sh run NAME --trace DIR
# [--grow K]` writes DIR/NAME/ as the SIMT runtime's tracer lays it out (two launches; the image
# file says the size: "image" or "image xK"), or fails with FAKE_NPKERNEL_EXIT.
set -euo pipefail
[ "$1" = run ] && [ "$3" = --trace ] && { [ $# = 4 ] || { [ $# = 6 ] && [ "$5" = --grow ]; }; } ||
  { echo "fake_npkernel: usage: run NAME --trace DIR [--grow K]" >&2; exit 2; }
[ -z "${FAKE_NPKERNEL_EXIT:-}" ] || exit "$FAKE_NPKERNEL_EXIT"
d=$4/$2
mkdir -p "$d"
printf 'MemcpyHtoD,0x00007f0000000000,4096\nkernel-1.traceg\nMemcpyHtoD,0x00007f0000001000,4096\nkernel-2.traceg\n' > "$d/kernelslist.g"
echo launch1 > "$d/kernel-1.traceg"
echo launch2 > "$d/kernel-2.traceg"
echo "image${6:+ x$6}" > "$d/memory.npmem"
echo "fixture $2 ok launches 2"
