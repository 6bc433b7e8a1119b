#!/usr/bin/env bash
# make install-test: installs libnocpress into a temporary prefix and builds the embedding
# example (docs/embedding.md) against that copy alone: pkg-config with PKG_CONFIG_LIBDIR set
# to the prefix (no system or tree paths searched), the source copied out of the tree and
# compiled there. C11 against the shared library (checked to load from the prefix), C++17
# against the static one; both must print the same sizes and an all-zero line must be 82 DSM
# bits (docs/dsm.md). Then a DESTDIR staging install, and uninstall must leave nothing of ours.
# Also checks that np_version.h's NOCPRESS_MODELS matches every *_MODEL_VERSION define.
# Usage (from the top of the tree): MAKE=make BUILD=build tests/install/install_test.sh EXAMPLE.c
set -euo pipefail

example=$1
make_cmd=${MAKE:-make}
build=${BUILD:-build}
tree=$(pwd)
fail() { echo "install-test: FAILED: $*" >&2; exit 1; }

# 1. The library version follows the models (np_version.h).
models=$(for h in cmodel/include/*.h; do
           sed -n 's/^#define \([A-Z0-9_]*\)_MODEL_VERSION "\(.*\)".*/\1 \2/p' "$h"
         done | awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), tolower($1), $2 }')
recorded=$(sed -n 's/^#define NOCPRESS_MODELS "\(.*\)"/\1/p' cmodel/include/np_version.h)
[ "$models" = "$recorded" ] || fail "model versions changed: the headers say
  $models
but cmodel/include/np_version.h was cut for
  $recorded
bump the library version there (MAJOR for a changed model major version, else MINOR) and update NOCPRESS_MODELS"
version=$(sed -n 's/^#define NOCPRESS_VERSION "\(.*\)"/\1/p' cmodel/include/np_version.h)
major=${version%%.*}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/nocpress-install-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
mkdir -p "$prefix/lib" "$tmp/work"
echo "not ours" > "$prefix/lib/keep.txt"   # uninstall must leave what it did not install

run_make() { "$make_cmd" --no-print-directory BUILD="$build" "$@" > "$tmp/make.log" 2>&1 || { cat "$tmp/make.log"; fail "$make_cmd $*"; }; }

# 2. Install and look at it through pkg-config only.
run_make install PREFIX="$prefix"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig PKG_CONFIG_LIBDIR=$prefix/lib/pkgconfig
[ "$(pkg-config --modversion nocpress)" = "$version" ] || fail "pkg-config --modversion is not $version"
flags="$(pkg-config --cflags nocpress) $(pkg-config --libs nocpress)"
case "$flags" in *"$tree"*) fail "pkg-config flags point into the tree: $flags";; esac
libdir=$(pkg-config --variable=libdir nocpress)
[ "$libdir" = "$prefix/lib" ] || fail "libdir is $libdir, not $prefix/lib"
soname=$(readelf -d "$libdir/libnocpress.so.$version" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libnocpress.so.$major" ] || fail "SONAME is '$soname', not libnocpress.so.$major"
"$prefix/bin/nocpress" --version > "$tmp/version.txt" || fail "installed nocpress --version"

# 3. Build the example out of the tree: C11 + shared library, C++17 + static library.
cp "$example" "$tmp/work/size_reply.c"
cd "$tmp/work"
# shellcheck disable=SC2046  # pkg-config output is a list of flags
cc -std=c11 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags nocpress) size_reply.c \
   -o size_reply_c $(pkg-config --libs nocpress) -Wl,-rpath,"$libdir" || fail "C build"
# shellcheck disable=SC2046
g++ -std=c++17 -Wall -Wextra -Wpedantic -Werror -x c++ $(pkg-config --cflags nocpress) size_reply.c \
   -x none -o size_reply_cxx -L"$libdir" -Wl,-Bstatic -lnocpress -Wl,-Bdynamic || fail "C++ build"
loaded=$(ldd ./size_reply_c | awk '/libnocpress/ { print $3 }')
[ "$loaded" = "$libdir/libnocpress.so.$major" ] || fail "the C build loads '$loaded', not the installed library"
! ldd ./size_reply_cxx | grep -q libnocpress || fail "the C++ build is not linked statically"
./size_reply_c all > c.txt || { cat c.txt; fail "C example run"; }
./size_reply_cxx all > cxx.txt || { cat cxx.txt; fail "C++ example run"; }
cmp -s c.txt cxx.txt || { diff c.txt cxx.txt; fail "C and C++ builds disagree"; }
grep -Eq '^dsm +zero line +82 bits -> 2 flits' c.txt || { cat c.txt; fail "an all-zero line is not 82 DSM bits"; }
codecs=$(grep -c 'zero line' c.txt)
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
echo "install-test: size_reply.c built with pkg-config only, C11 (shared, loaded from the prefix) and C++17 (static), same output, $codecs codecs round-tripped:"
sed -n '1p;/^dsm /p' "$tmp/work/c.txt" | sed 's/^/  /'
