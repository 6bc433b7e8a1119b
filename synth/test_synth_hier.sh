#!/usr/bin/env bash
# test_synth_hier.sh: checks the bounded-time synthesis flow (synth/np_synth_hier.tcl,
# synth/np_shiftx_map.v, synth/np_hier_report.sh; docs/pcu.md 8.2). Usage:
#   test_synth_hier.sh WORK_DIR ABC_BINARY
# 1. np_shiftx_map.v equals Yosys's own $shiftx mapping on synth/np_shiftx_check.v (SAT proof
#    over every input, outputs compared where Yosys's mapping is not x), and a copy with the
#    multiplexer inputs swapped is refuted (the proof can fail).
# 2. On a design of one module (pcu_rgr) the hierarchical and the flat flow are the same
#    mapping, so the timing step (flatten, strip buffers, cut flops, ABC buffer + stime) must
#    reproduce the mapping run's own ABC figures exactly: delay, gates, area. The netlist
#    OpenSTA times (ABC's re-buffered network with the flops, tie cells and ports put back) is
#    proven equal to the mapped design over 6 cycles from reset-free zero state, and a copy
#    with one NOR2 made an OR2 is refuted.
# 3. np_hier_report.sh stops with an error naming the file on a row without a figure.
# 4. np_report (the main report, NP_REPORT) reads the flow's log into a row with the same
#    figures as row.tsv (stage: OpenSTA's), marked hierarchical, and rejects a log that lacks a
#    figure, at file:line.
# 5. NP_KEEP naming a module that is not in the design (a top's <top>_SYNTH_HIER_KEEP, misspelled)
#    stops the run with an error naming it, rather than flattening everything.
set -euo pipefail
work=$1 abc=$2 np_report=$3
mkdir -p "$work"
fail() { echo "test_synth_hier: FAIL: $*" >&2; exit 1; }

# ---- 1 --------------------------------------------------------------------------------------
prove_map() {
  yosys -q -l "$work/$2.log" -p "
    read_verilog synth/np_shiftx_check.v
    proc; opt; wreduce; peepopt; opt_clean
    design -save pre
    techmap; opt
    rename np_shiftx_check gold
    design -stash gold
    design -load pre
    select -assert-count 4 t:\$shiftx
    techmap -map $1
    select -assert-none t:\$shiftx
    techmap; opt
    rename np_shiftx_check gate
    design -stash gate
    design -copy-from gold -as gold gold
    design -copy-from gate -as gate gate
    miter -equiv -flatten -make_assert -ignore_gold_x gold gate miter
    sat -verify -prove-asserts -set-def-inputs miter" > /dev/null 2>&1
}
prove_map synth/np_shiftx_map.v shiftx_proof ||
  fail "synth/np_shiftx_map.v differs from Yosys's \$shiftx mapping (log $work/shiftx_proof.log)"
sed 's/B\[k\] ? level/!B[k] ? level/' synth/np_shiftx_map.v > "$work/broken_map.v"
cmp -s synth/np_shiftx_map.v "$work/broken_map.v" && fail "could not build the broken control map"
if prove_map "$work/broken_map.v" shiftx_control || ! grep -q "proof did fail" "$work/shiftx_control.log"; then
  fail "the broken \$shiftx map was not refuted (log $work/shiftx_control.log)"
fi
echo "test_synth_hier: np_shiftx_map.v proven equal to Yosys's \$shiftx mapping; broken copy refuted"

# ---- 2 --------------------------------------------------------------------------------------
out=$work/rgr
mkdir -p "$out"
rm -f "$out/row.tsv"
NP_TOP=pcu_rgr NP_RTL=rtl/pcu/pcu_rgr.v NP_INCDIRS=rtl/pcu NP_LIB=synth/nangate45_np.lib \
  NP_CONSTR=synth/abc.constr NP_STA_SDC=synth/np_sta.sdc NP_SHIFTX_MAP=synth/np_shiftx_map.v NP_ABC="$abc" NP_OUTDIR="$out" \
  yosys -q -l "$out/yosys.log" -c synth/np_synth_hier.tcl > /dev/null ||
  fail "np_synth_hier.tcl failed on pcu_rgr (log $out/yosys.log)"
grep -qx "NP-METHOD hier" "$out/yosys.log" || fail "$out/yosys.log: no 'NP-METHOD hier' line"
# The mapping run's `stime -p` line, colour codes removed.
flow=$(sed 's/\x1b\[[0-9;]*m//g' "$out/yosys.log" | grep 'ABC: WireLoad' | tail -n 1)
[ -n "$flow" ] || fail "$out/yosys.log: no ABC stime line"
row() { awk -F '\t' -v k="$1" '$1 == k { print $2 }' "$out/row.tsv"; }
for pair in "Delay:abc_delay_ps" "Gates:sta_gates" "Area:sta_comb_area_um2"; do
  key=${pair%%:*} field=${pair#*:}
  want=$(sed -n "s/.*$key = *\([0-9.]*\).*/\1/p" <<<"$flow")
  got=$(row "$field")
  [ -n "$want" ] && [ "$want" = "$got" ] ||
    fail "pcu_rgr: timing step $field=$got, mapping run's ABC $key=$want (they must agree)"
done
echo "test_synth_hier: one-module design: timing step reproduces the mapping run's ABC delay $(row abc_delay_ps) ps, $(row sta_gates) gates, area $(row sta_comb_area_um2)"

# $(prove_timed NETLIST LOG): the timed netlist against the hierarchical flow's mapped one, cells
# by their liberty functions, a bounded sequential proof from the all-zero state.
prove_timed() {
  yosys -q -l "$2" -p "
    read_liberty -ignore_miss_func synth/nangate45_np.lib
    read_verilog $out/pcu_rgr_hier_mapped.v
    rename pcu_rgr gold
    read_verilog $1
    rename pcu_rgr gate
    miter -equiv -flatten -make_assert -ignore_gold_x gold gate miter
    hierarchy -top miter
    sat -verify -prove-asserts -set-init-zero -seq 6 miter" > /dev/null 2>&1
}
grep -q DFF_X1 "$out/pcu_rgr_mapped.v" || fail "$out/pcu_rgr_mapped.v: no flops in the timed netlist"
prove_timed "$out/pcu_rgr_mapped.v" "$work/timed_proof.log" ||
  fail "the timed netlist differs from the mapped design (log $work/timed_proof.log)"
sed '0,/NOR2_X1/s//OR2_X1/' "$out/pcu_rgr_mapped.v" > "$work/timed_broken.v"
cmp -s "$out/pcu_rgr_mapped.v" "$work/timed_broken.v" && fail "could not build the broken timed netlist"
if prove_timed "$work/timed_broken.v" "$work/timed_control.log" ||
   ! grep -q "proof did fail" "$work/timed_control.log"; then
  fail "the broken timed netlist was not refuted (log $work/timed_control.log)"
fi
echo "test_synth_hier: the netlist OpenSTA times equals the mapped design (6 cycles); a broken copy is refuted"

# ---- 3 --------------------------------------------------------------------------------------
bad=$work/bad
rm -rf "$bad"
mkdir -p "$bad/t"
grep -v '^abc_delay_ps' "$out/row.tsv" > "$bad/t/row.tsv"
echo "wall_s=1.0 user_s=1.0 sys_s=0.0" > "$bad/t/runtime.txt"
if msg=$(bash synth/np_hier_report.sh "$bad" "$bad" 85 40 800 RGRs "test sweep" t:1 2>&1); then
  fail "np_hier_report.sh accepted a row without abc_delay_ps"
fi
grep -q "$bad/t/row.tsv: no 'abc_delay_ps' line" <<<"$msg" || fail "np_hier_report.sh error not as expected: $msg"
[ -z "$(ls "$bad" | grep report)" ] || fail "np_hier_report.sh left a report behind despite the error"
echo "test_synth_hier: np_hier_report.sh rejects a row without a figure, naming the file"
good=$work/good
rm -rf "$good"
mkdir -p "$good/t"
cp "$out/row.tsv" "$good/t/row.tsv"
echo "wall_s=1.0 user_s=1.0 sys_s=0.0" > "$good/t/runtime.txt"
bash synth/np_hier_report.sh "$good" "$good" 85 40 800 Entries "test sweep" t:16 > /dev/null ||
  fail "np_hier_report.sh rejected a complete row ($good/t/row.tsv)"
grep -q '^# test sweep: ' "$good/report.md" && grep -q '^| top | Entries | area um2 ' "$good/report.md" &&
  grep -q '^| `t` | 16 | ' "$good/report.md" || fail "np_hier_report.sh: title, column or row not as declared ($good/report.md)"
[ "$(jq -r '.rows[0] | "\(.param) \(.value) \(.logic_levels)"' "$good/report.json")" = "Entries 16 $(row logic_levels)" ] ||
  fail "np_hier_report.sh: report.json row not the declared parameter and the row's figures ($good/report.json)"
echo "test_synth_hier: np_hier_report.sh tabulates a sweep under its declared title and parameter"
# ---- 4 --------------------------------------------------------------------------------------
rep=$work/rep
rm -rf "$rep"
mkdir -p "$rep/pcu_rgr"
cp "$out/yosys.log" "$rep/pcu_rgr/yosys.log"
echo "wall_s=1.0 user_s=1.0 sys_s=0.0" > "$rep/pcu_rgr/runtime.txt"
report() {
  "$np_report" --synth-dir "$rep" --verify-dir "$rep/none" --published synth/published.tsv \
    --liberty synth/nangate45_np.lib --clock-mhz 800 --clk-to-q-ps 85 --setup-ps 40 \
    --json "$rep/r.json" --md "$rep/r.md" pcu:pcu_rgr
}
report > /dev/null || fail "np_report rejected the hierarchical flow's log ($rep/pcu_rgr/yosys.log)"
jf() { jq -r ".units[0].$1" "$rep/r.json"; }
[ "$(jf timing.flow)" = "hierarchical (synth/np_synth_hier.tcl)" ] || fail "np_report: flow $(jf timing.flow)"
for pair in area_um2:area_um2 flops:flops logic_levels:logic_levels abc_delay_ps:abc_delay_ps \
            sta_stage_ps:stage_ps; do
  want=$(row "${pair%%:*}") got=$(jf "${pair#*:}")
  awk -v a="$want" -v b="$got" 'BEGIN { exit !(a == b || a + 0 == b + 0 && a != "" && b != "") }' ||
    fail "np_report: ${pair#*:} = $got, row.tsv ${pair%%:*} = $want"
done
stage=$(jf stage_ps)
[ "$(jf timing.engine)" = "OpenSTA $(sta -version)" ] || fail "np_report: timing engine $(jf timing.engine)"
# The path is OpenSTA's (row.tsv keeps its ends as OpenSTA prints them: a flop with its cell).
for end in start end; do
  want=$(row critical_$end | sed 's/\\*DFF_X1$//')
  [ -n "$want" ] && [ "$(jf critical_path.$end)" = "$want" ] ||
    fail "np_report: critical_path.$end $(jf critical_path.$end), OpenSTA's $want"
done
[ "$(jf critical_path.levels)" -gt 0 ] || fail "np_report: no cells on the critical path"
sed -i '/^NP-HIER logic_levels=/d' "$rep/pcu_rgr/yosys.log"
if msg=$(report 2>&1); then fail "np_report accepted a hierarchical log without logic_levels"; fi
grep -q "^$rep/pcu_rgr/yosys.log:[0-9]*: error: .*NP-HIER logic_levels" <<<"$msg" ||
  fail "np_report's error does not name the file and line: $msg"
echo "test_synth_hier: np_report reads the log into the same figures (stage $stage ps) and rejects one without a figure at file:line"

# ---- 5 --------------------------------------------------------------------------------------
out=$work/keep
mkdir -p "$out"
if NP_TOP=pcu_rgr NP_RTL=rtl/pcu/pcu_rgr.v NP_INCDIRS=rtl/pcu NP_LIB=synth/nangate45_np.lib \
   NP_CONSTR=synth/abc.constr NP_STA_SDC=synth/np_sta.sdc NP_SHIFTX_MAP=synth/np_shiftx_map.v NP_ABC="$abc" \
   NP_OUTDIR="$out" NP_KEEP=np_no_such_module \
   yosys -q -l "$out/yosys.log" -c synth/np_synth_hier.tcl > "$out/stdout.txt" 2>&1; then
  fail "np_synth_hier.tcl accepted NP_KEEP=np_no_such_module (log $out/yosys.log)"
fi
grep -q 'NP_KEEP: no module np_no_such_module' "$out/stdout.txt" ||
  fail "np_synth_hier.tcl's error for an absent kept module does not name it ($out/stdout.txt)"
echo "test_synth_hier: a kept module (NP_KEEP) that is not in the design is an error naming it"
echo "test_synth_hier: PASS"
