#!/usr/bin/env bash
# Installs the Debian packages the project needs when any is missing.
# As root it runs apt-get; otherwise it prints the exact command and fails.
set -euo pipefail

packages=(
  build-essential clang llvm libclang-rt-14-dev   # C toolchain, libFuzzer and sanitizers
  verilator yosys iverilog z3                     # RTL simulation, synthesis, formal
  opensta                                         # static timing of the mapped netlists (synth/np_sta.tcl)
  libsystemc-dev                                  # the SystemC components (verify-systemc)
  libcmocka-dev                                   # C unit test framework
  libcjson-dev                                    # JSON library
  libfann-dev                                     # apps/: the approximation-bits MLP (docs/approx.md)
  gnuplot-nox                                     # plots
  pkg-config
  zlib1g-dev                                      # nocpress: CRC-32 of the .npds container; apps/simt: memory.npmem.gz
  liblzma-dev                                     # apps/simt: the .traceg.xz traces (docs/kernels.md)
  jq                                              # synth-test reads report.json
  valgrind                                        # make bench-insns (callgrind)
  flex bison                                      # make sim-booksim-compare builds BookSim2 (../shared/tools)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "deps: missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "deps: not root; run:  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends "${missing[@]}"
