#!/usr/bin/env bash
# make template-test: adds a throw-away unit (and its codec) with tests/unit_template/new_unit.sh
# in a copy of the tree and checks that every consumer picks it up, then removes the copy:
#   the unit list and its declaration (make's UNITS, `make help`), lint (Verilator, Icarus,
#   Yosys), the vectors (`nocpress vectors --unit NAME`, reproducible), verify (RTL against the
#   C model), Icarus replay, its C test, synthesis (a report row), the codec registry
#   (`nocpress compare`, npsim's codec list with the latency source), the model list (nocpress
#   --version; the release check cmodel/models.tsv then wants a new library version), and that nothing but the
#   new files and the codec's one line changed. README "Adding a unit" lists what the script
#   writes; this test checks that list too.
#   test_template.sh BUILD_DIR DATA_DIR [NAME]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=$(realpath -m "$1"); data=$(realpath "$2"); name=${3:-tmplx}
work=$build/template-test
tree=$work/tree
rm -rf "$work"; mkdir -p "$tree"
trap 'rm -rf "$work"' EXIT

say() { echo "template-test: $*"; }
fail() { echo "template-test: FAIL: $*" >&2; exit 1; }

# The copy: tracked files (mtimes kept) and the already built objects the unit does not change,
# so only what the new unit touches is rebuilt.
git ls-files -z | (cd . && xargs -0 cp -a --parents -t "$tree")
mkdir -p "$tree/build/vl"
for d in cmodel lib bin gen sim simt apps; do [ -d "$build/$d" ] && cp -a "$build/$d" "$tree/build/"; done
for d in common runtime pch; do [ -d "$build/vl/$d" ] && cp -a "$build/vl/$d" "$tree/build/vl/"; done
before=$(cd "$tree" && find . -path ./build -prune -o -type f -print | sort)

# The script, and its list against README's.
(cd "$tree" && bash tests/unit_template/new_unit.sh "$name") > "$work/written.txt" || fail "new_unit.sh $name failed"
after=$(cd "$tree" && find . -path ./build -prune -o -type f -print | sort)
added=$(comm -13 <(echo "$before") <(echo "$after") | sed 's|^\./||')
# (One sha1sum over the copy's files, checked in this tree: a cmp per file cost ~8 CPU s.)
changed=$(cd "$tree" && echo "$before" | sed 's|^\./||' | xargs sha1sum | (cd "$OLDPWD" && sha1sum -c --quiet 2>/dev/null || true) |
  sed -n 's/: FAILED.*$//p')
[ "$changed" = "cmodel/src/codec.c" ] || fail "new_unit.sh changed more than the codec list: $changed"
for f in $added; do
  grep -qF "${f//$name/NAME}" README.md || fail "README 'Adding a unit' does not list ${f//$name/NAME}"
done
say "new_unit.sh $name wrote $(echo "$added" | wc -w) files and one line of cmodel/src/codec.c; README lists them"

m() { make -C "$tree" --no-print-directory BUILD=build DATA_DIR="$data" "$@"; }
top=${name}_copy
m -s help > "$work/help.txt"
grep -q "$top" "$work/help.txt" || fail "make help does not list $top"
m lint-"$top" > "$work/lint.log" 2>&1 || { cat "$work/lint.log"; fail "lint-$top"; }
m -s build/bin/nocpress build/bin/npsim > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "build"; }
(cd "$tree" && build/bin/nocpress vectors --unit "$name" && build/bin/nocpress vectors --unit "$name" --out build/v2 && \
  cmp "vectors/$name/$top.hex" "build/v2/$top.hex") > "$work/vectors.log" 2>&1 \
  || { cat "$work/vectors.log"; fail "nocpress vectors --unit $name"; }
say "lint, vectors/$name/$top.hex (reproducible)"
m verify-"$top" VERIFY_COUNT=20000 > "$work/verify.log" 2>&1 || { tail -20 "$work/verify.log"; fail "verify-$top"; }
grep -q "^PASS" "$tree/build/verify/$top.log" || fail "verify-$top: no PASS line"
m verify-iverilog-"$top" > "$work/iv.log" 2>&1 || { tail -20 "$work/iv.log"; fail "verify-iverilog-$top"; }
m test-c-plain-test_"$name" > "$work/test.log" 2>&1 || { tail -20 "$work/test.log"; fail "test_$name"; }
say "verify ($(grep -o 'checked=[0-9]*' "$tree/build/verify/$top.log" | head -1)), Icarus replay, test_$name"
m synth-"$top" > "$work/synth.log" 2>&1 || { tail -20 "$work/synth.log"; fail "synth-$top"; }
jq -e '.units[0].area_um2 > 0' "$tree/build/synth/$top/report.json" > /dev/null || fail "synth-$top: no area in its report"
say "synthesis report row: $(jq -r '.units[0] | "\(.area_um2) um2, \(.flops) flops, latency \(.latency_cycles)"' "$tree/build/synth/$top/report.json")"
(cd "$tree" && build/bin/nocpress compare --codecs "$name" "$data"/rodinia_lud_512.float32.bin) > "$work/compare.txt" 2>&1 \
  || { cat "$work/compare.txt"; fail "nocpress compare --codecs $name"; }
grep -q "$name" "$work/compare.txt" || fail "nocpress compare does not show $name"
(cd "$tree" && build/bin/npsim codecs synth_report=) > "$work/codecs.txt" || fail "npsim codecs"
grep -q "^$name .*compressor 1 (own figure (docs/$name.md" "$work/codecs.txt" || { cat "$work/codecs.txt"; fail "npsim codecs does not list $name with its own latency"; }
say "nocpress compare and npsim's codec list show $name"
# The model list is derived (np_models.h): the new model is in it; the release check
# (cmodel/models.tsv) then asks for a new library version, naming the model.
(cd "$tree" && build/bin/nocpress --version) > "$work/version.txt" || fail "nocpress --version"
grep -q "models: .*$name 1.0" "$work/version.txt" || { cat "$work/version.txt"; fail "nocpress --version does not list the model $name 1.0"; }
! (cd "$tree" && bash cmodel/models.sh check) > "$work/models.log" 2>&1 || fail "cmodel/models.sh check passed with a new model under the old library version"
grep -q "$name 1.0" "$work/models.log" || { cat "$work/models.log"; fail "cmodel/models.sh check does not name $name"; }
say "nocpress --version lists the model $name 1.0; cmodel/models.sh check asks for a library version bump"
echo "template-test: PASS unit $name: every consumer picked it up"
