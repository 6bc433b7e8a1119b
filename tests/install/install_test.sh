#!/usr/bin/env bash
# make install-test: runs docs/embedding.md's install-and-build commands as they are written
# (HOME a temporary folder, so they install into it), with no flag of its own: pkg-config finds
# nocpress.pc only through the documented PKG_CONFIG_PATH; the shared build must load the
# installed library by its rpath, the static builds (C11, C++17) none; all must print the same
# sizes and an all-zero line must be 82 DSM bits (docs/dsm.md). Then a DESTDIR staging install,
# and uninstall must leave nothing of ours.
# Also checks that cmodel/models.tsv's row of the library version is the models' *_MODEL_VERSION
# defines (cmodel/models.sh check: a model change needs a new library version), that the installed
# library reports them, and that the API a MAJOR version removed is neither exported nor declared.
# Usage (from the top of the tree): MAKE=make BUILD=build tests/install/install_test.sh EXAMPLE.c DOC.md
set -euo pipefail

example=$1          # docs/examples/size_reply.c (the doc's block copies it itself)
doc=${2:-docs/embedding.md}
make_cmd=${MAKE:-make}
build=${BUILD:-build}
tree=$(pwd)
fail() { echo "install-test: FAILED: $*" >&2; exit 1; }

# 1. The library version follows the models (cmodel/models.tsv, np_version.h).
bash cmodel/models.sh check || fail "cmodel/models.sh check"
models=$(bash cmodel/models.sh list)
version=$(sed -n 's/^#define NOCPRESS_VERSION "\(.*\)"/\1/p' cmodel/include/np_version.h)
major=${version%%.*}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nocpress-install-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/home/.local/lib"
prefix=$tmp/home/.local
echo "not ours" > "$prefix/lib/keep.txt"   # uninstall must leave what it did not install

run_make() { "$make_cmd" --no-print-directory BUILD="$build" "$@" > "$tmp/make.log" 2>&1 || { cat "$tmp/make.log"; fail "$make_cmd $*"; }; }

# 2. The documented commands, as they are: the sh block of docs/embedding.md between the
# install-test markers, run from the top of the tree with HOME a temporary folder (so
# $HOME/.local is the prefix) and pkg-config's own folders hidden (PKG_CONFIG_LIBDIR), so
# only the documented PKG_CONFIG_PATH can find nocpress.pc. make is the caller's make, in
# this tree's build folder.
sed -n '/<!-- install-test: the commands/,/<!-- install-test: end -->/p' "$doc" | sed '1,2d;$d' | sed '$d' \
  > "$tmp/documented.sh"
[ "$(grep -c . "$tmp/documented.sh")" -ge 5 ] || fail "no install-test block in $doc"
mkdir -p "$tmp/bin"
real_make=$(command -v "$make_cmd") || fail "no $make_cmd"
case $build in /*) build_abs=$build;; *) build_abs=$tree/$build;; esac
printf '#!/bin/sh\nexec %s BUILD=%s "$@"\n' "$real_make" "$build_abs" > "$tmp/bin/make"
chmod +x "$tmp/bin/make"
( export HOME=$tmp/home PATH=$tmp/bin:$PATH PKG_CONFIG_LIBDIR=/nonexistent; unset PKG_CONFIG_PATH MAKEFLAGS MAKELEVEL
  bash -euo pipefail "$tmp/documented.sh" ) > "$tmp/documented.log" 2>&1 \
  || { cat "$tmp/documented.log"; fail "the commands of $doc"; }
work=$tmp/home/size-reply
libdir=$prefix/lib
export PKG_CONFIG_PATH=$libdir/pkgconfig PKG_CONFIG_LIBDIR=$libdir/pkgconfig
[ "$(pkg-config --modversion nocpress)" = "$version" ] || fail "pkg-config --modversion is not $version"
flags="$(pkg-config --cflags nocpress) $(pkg-config --libs nocpress) $(pkg-config --libs nocpress-static)"
case "$flags" in *"$tree"*) fail "pkg-config flags point into the tree: $flags";; esac
[ "$(pkg-config --variable=libdir nocpress)" = "$libdir" ] || fail "libdir is not $libdir"
soname=$(readelf -d "$libdir/libnocpress.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libnocpress.so.$major" ] || fail "SONAME is '$soname', not libnocpress.so.$major"
"$prefix/bin/nocpress" --version > "$tmp/version.txt" || fail "installed nocpress --version"
# The API removed with a MAJOR bump (docs/embedding.md "Versions") is gone from the installed
# library and headers: 3.0.0 removed the library's own trace parser (issue 33).
removed_api="reuse_trace_parse REUSE_ADDR_LIMIT"
for name in $removed_api; do
  ! nm -D --defined-only "$libdir/libnocpress.so.$version" | grep -qw "$name" || fail "libnocpress.so still exports $name"
  ! grep -rqw "$name" "$prefix/include/nocpress" || fail "the installed headers still declare $name"
done

# 3. What the documented builds are: the shared one loads the installed library (by the
# rpath, no LD_LIBRARY_PATH), the static ones none; all print the same.
cd "$work"
loaded=$(env -u LD_LIBRARY_PATH ldd ./size_reply | awk '/libnocpress/ { print $3 }')
[ "$loaded" = "$libdir/libnocpress.so.$major" ] || fail "size_reply loads '$loaded', not the installed library"
for b in size_reply_static size_reply_cxx; do
  ! ldd ./$b | grep -q libnocpress || fail "$b is not linked statically"
done
./size_reply all > c.txt && ./size_reply_static all > static.txt && ./size_reply_cxx all > cxx.txt \
  || fail "example run"
cmp -s c.txt static.txt && cmp -s c.txt cxx.txt || { diff c.txt cxx.txt; fail "the builds disagree"; }
grep -Eq '^dsm +zero line +82 bits -> 2 flits' c.txt || { cat c.txt; fail "an all-zero line is not 82 DSM bits"; }
codecs=$(grep -c 'zero line' c.txt)
# The models the loaded library reports (np_version_models(), from the generated np_models.h the
# example was compiled against too) are the headers' defines.
grep -qF "(models: $models)" c.txt || { head -1 c.txt; fail "the installed library does not report the models $models"; }
cd "$tree"

# 4. A staged install (DESTDIR) records the final prefix, not the staging folder.
stage=$tmp/stage
run_make install DESTDIR="$stage" PREFIX=/opt/nocpress
grep -qx 'prefix=/opt/nocpress' "$stage/opt/nocpress/lib/pkgconfig/nocpress.pc" || fail "DESTDIR .pc prefix"
run_make uninstall DESTDIR="$stage" PREFIX=/opt/nocpress
left=$(find "$stage" \( -type f -o -type l \) -print)
[ -z "$left" ] || fail "uninstall (DESTDIR) left: $left"

# 5. Uninstall removes exactly what install put there.
installed=$(find "$prefix" \( -type f -o -type l \) | wc -l)
run_make uninstall PREFIX="$prefix"
left=$(cd "$prefix" && find . \( -type f -o -type l \) -print)
[ "$left" = "./lib/keep.txt" ] || fail "after uninstall the prefix holds: $left"
[ ! -e "$prefix/include/nocpress" ] || fail "include/nocpress left behind"

echo "install-test: libnocpress $version (SONAME libnocpress.so.$major), $((installed - 1)) files installed and removed; $(cat "$tmp/version.txt")"
echo "install-test: $doc's commands run as written: size_reply.c built with pkg-config only, C11 shared (loaded from the prefix by its rpath), C11 and C++17 static, same output, $codecs codecs round-tripped:"
sed -n '1p;/^dsm /p' "$work/c.txt" | sed 's/^/  /'
