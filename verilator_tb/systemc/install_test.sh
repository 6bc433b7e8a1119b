#!/usr/bin/env bash
# install-systemc-test: installs libnocpress and the SystemC components into a temporary prefix,
# builds docs/examples/systemc_platform.cpp out of the tree with nothing but
# `pkg-config --cflags --libs nocpress-sc` (its Requires pull in nocpress, systemc, libcjson) and
# runs it on real lines: every line must arrive intact. Then uninstalls nothing of the tree.
# Usage (from the top of the tree): MAKE=make BUILD=dir DATA_DIR=dir install_test.sh EXAMPLE.cpp
set -euo pipefail
example=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/nocpress-sc-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
fail() { echo "install-systemc-test: FAILED: $*" >&2; exit 1; }
for target in install install-systemc; do
  "${MAKE:-make}" --no-print-directory BUILD="$BUILD" PREFIX="$prefix" "$target" >"$tmp/make.log" 2>&1 ||
    { cat "$tmp/make.log"; fail "make $target"; }
done
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
flags="$(pkg-config --cflags --libs nocpress-sc)" || fail "pkg-config nocpress-sc"
case "$flags" in *"$(pwd)"*) fail "pkg-config flags point into the tree: $flags";; esac
data=$(cd "$DATA_DIR" && pwd)
cp "$example" "$tmp/platform.cpp"
cd "$tmp"
# shellcheck disable=SC2086
g++ -std=c++17 -Wall -Wextra -Werror platform.cpp -o platform $flags -Wl,-rpath,"$prefix/lib" || fail "build against the install"
./platform "$data" dsm 3000 > run.txt || { cat run.txt; fail "the example's run"; }
grep -q '^lines 3000 of 3000, 0 bad' run.txt || { cat run.txt; fail "the example did not deliver every line"; }
echo "install-systemc-test: example built from pkg-config nocpress-sc alone: $(grep '^lines' run.txt)"
