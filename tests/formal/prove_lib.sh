# prove_lib.sh: the one runner every tests/formal/<unit>_prove.sh sources (tests/formal/formal.mk
# describes the convention). Not executable on its own.
#
# np_prove UNIT NAME DESCRIPTION DETAIL EXPECT SCRIPT
#   Runs Yosys on SCRIPT with its log in $NP_PROVE_OUT/NAME.log and prints one line:
#     PROVED UNIT NAME: DESCRIPTION | DETAIL | T s                 EXPECT = proof, SAT found no model
#     CAUGHT UNIT NAME: DESCRIPTION | DETAIL | counterexample in T s   EXPECT = cex, SAT found one
#     FAILED UNIT NAME: ...  | see LOG                              anything else (returns 1)
#   DETAIL (input width, bound, parameters) may be empty. SCRIPT must end in a `sat -prove ...
#   -verify` (or `sat -seq N -prove-asserts -verify`, or `sat -tempinduct ... -verify`) command:
#   Yosys exits non-zero when SAT finds a model, and the log says which way it went.

np_prove() {
  local unit=$1 name=$2 desc=$3 detail=$4 expect=$5 script=$6
  local log="$NP_PROVE_OUT/$name.log" start end secs rc mid=""
  [ -n "$detail" ] && mid=" | $detail"
  start=$(date +%s.%N)
  set +e
  yosys -q -l "$log" -p "$script" >/dev/null 2>&1
  rc=$?
  set -e
  end=$(date +%s.%N)
  secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
  if [ "$expect" = proof ]; then
    if [ $rc -eq 0 ] && grep -qE "SAT proof finished - no model found: SUCCESS|Induction step proven: SUCCESS" "$log"; then
      echo "PROVED $unit $name: $desc$mid | ${secs} s"
      return 0
    fi
    echo "FAILED $unit $name: $desc$mid | see $log"
    grep -m1 -E "SAT proof finished|failed|FAIL" "$log" || tail -n 5 "$log"
    return 1
  fi
  if [ $rc -ne 0 ] && grep -q "SAT proof finished - model found: FAIL" "$log"; then
    echo "CAUGHT $unit $name: $desc$mid | counterexample in ${secs} s"
    return 0
  fi
  echo "FAILED $unit $name: $desc: expected a counterexample, none found$mid | see $log"
  return 1
}

# np_prove_aig UNIT NAME DESCRIPTION DETAIL EXPECT TOP FRONT
#   The same contract and output line as np_prove, for a combinational miter TOP whose output
#   ok_o must be 1 for every input. FRONT reads the sources and elaborates TOP (read_verilog,
#   hierarchy). Yosys lowers it with cheap passes only (opt_expr/opt_merge/opt_clean/wreduce on
#   word-level cells, no `opt -full`: on these 1000-input miters the Yosys optimisation passes
#   cost more CPU than the proof; opt_merge shares identical word-level cells before techmap
#   lowers each one, e.g. mcast_spec's comparisons of the router's coordinates with the same
#   column or row: make prove-mcast 24.9 -> 10.9 CPU s, prove-bdi 54.6 -> 48.4, prove-dsm 65.5
#   -> 63.2, same verdicts) to gates whose one output is "ok_o = 0" (miter -assert; undefined bits
#   read as 0, as Yosys `sat` reads them), written as BLIF to $NP_PROVE_OUT/NAME.blif (removed
#   when ABC has read it) and made an AIG by ABC's strash: Yosys's own aigmap + write_aiger took
#   a quarter of each Yosys run (as on DPC's netlists, dpc_prove.sh; the same verdicts, every
#   property: prove-bdi 67.8 -> 48.7 CPU s, prove-dsm (five properties) 68.1 -> 58.3, prove-mcast 17.3 ->
#   16.6, DPC lemma A 15.6 -> 12.2; one run each, load 11-12). ABC then proves that output
#   constant 0: SAT sweeping (&fraig -x, which merges only nodes a SAT call proved
#   equal) and MiniSat on what is left (dsat): UNSATISFIABLE is a proof, SATISFIABLE a
#   counterexample. Logs: NAME.log (Yosys), NAME.abc.log (ABC).
np_prove_aig() {
  local unit=$1 name=$2 desc=$3 detail=$4 expect=$5 top=$6 front=$7
  local log="$NP_PROVE_OUT/$name.log" abc_log="$NP_PROVE_OUT/$name.abc.log"
  local blif="$NP_PROVE_OUT/$name.blif" start secs rc verdict=none mid=""
  [ -n "$detail" ] && mid=" | $detail"
  rm -f "$blif" "$abc_log"
  start=$(date +%s.%N)
  set +e
  yosys -q -l "$log" -p "$front proc; flatten; opt_expr; opt_merge; opt_clean; wreduce; opt_clean;
    add -assert ok_o; miter -assert $top; setundef -zero; techmap;
    write_blif $blif" >/dev/null 2>&1
  rc=$?
  [ $rc -eq 0 ] && yosys-abc -c "read $blif; strash; print_stats; &get; &fraig -x; &put; dsat" \
    >"$abc_log" 2>&1 && rm -f "$blif"
  set -e
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  if [ -s "$abc_log" ]; then
    if grep -q "UNSATISFIABLE" "$abc_log"; then verdict=unsat
    elif grep -q "SATISFIABLE" "$abc_log"; then verdict=sat; fi
  fi
  if [ "$expect" = proof ] && [ $verdict = unsat ]; then
    echo "PROVED $unit $name: $desc$mid | ${secs} s"
    return 0
  fi
  if [ "$expect" = cex ] && [ $verdict = sat ]; then
    echo "CAUGHT $unit $name: $desc$mid | counterexample in ${secs} s"
    return 0
  fi
  echo "FAILED $unit $name: $desc$mid | expected $expect, ABC: $verdict | see $log and $abc_log"
  return 1
}
