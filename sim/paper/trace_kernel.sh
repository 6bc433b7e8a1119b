#!/usr/bin/env bash
# sim/paper/trace_kernel.sh NPKERNEL TRACES NAME[-xK]: the trace step of `make paper` (docs/paper.md
# "Kernel workloads"). Runs the application NAME of apps/kernels once (its check must pass; with
# -xK at K times its default size, `npkernel run NAME --grow K`) and leaves its SIMT-runtime trace
# in TRACES/NAME[-xK]/ (kernelslist.g, kernel-N.traceg, memory.npmem), which every run of
# `kernel:NAME[-xK]` reads; TRACES/NAME[-xK]/launch1/ lists the first launch alone
# (`kernel:NAME@1`): memory.npmem holds the device memory before the first launch, so the image
# is exact for it. The directory appears complete or not at all (built beside it, then renamed),
# so a GNU parallel or Slurm job of the same set can test for it.
set -euo pipefail
npkernel=$1 traces=$2 token=$3
[[ $token =~ ^([a-z0-9]+)(-x([1-9][0-9]*))?$ ]] || { echo "trace_kernel: '$token': not an application name (NAME or NAME-xK)" >&2; exit 2; }
name=${BASH_REMATCH[1]} grow=()
[ -z "${BASH_REMATCH[3]}" ] || grow=(--grow "${BASH_REMATCH[3]}")
mkdir -p "$traces"
tmp=$(mktemp -d "$traces/.$token.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s.%N)
"$npkernel" run "$name" --trace "$tmp" "${grow[@]}" > "$tmp/npkernel.txt" ||
  { rc=$?; cat "$tmp/npkernel.txt" >&2; echo "trace_kernel: $name: npkernel run failed (status $rc)" >&2; exit 1; }
dir=$tmp/$name
[ -f "$dir/kernelslist.g" ] && [ -f "$dir/memory.npmem" ] || { echo "trace_kernel: $name: npkernel wrote no trace in $dir" >&2; exit 1; }
mv "$tmp/npkernel.txt" "$dir/npkernel.txt"
mkdir "$dir/launch1"
first=$(grep -m1 '^kernel-[0-9]*\.traceg$' "$dir/kernelslist.g") || { echo "trace_kernel: $dir/kernelslist.g: no kernel line" >&2; exit 1; }
# the copies before the first launch, then the launch
awk '{ print } /^kernel-/ { exit }' "$dir/kernelslist.g" > "$dir/launch1/kernelslist.g"
ln -s "../$first" "$dir/launch1/$first"
ln -s ../memory.npmem "$dir/launch1/memory.npmem"
rm -rf "${traces:?}/$token"
mv "$dir" "$traces/$token"
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" -v n="$token" -v k="$(grep -c '^kernel-' "$traces/$token/kernelslist.g")" \
  'BEGIN { printf "trace_kernel: %s: %d launch(es) traced in %.1f s\n", n, k, e - s }'
