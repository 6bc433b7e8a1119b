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
  local front=$7
  np_abc "$1" "$2" "$3" "$4" "$5" "$front proc; flatten; opt_expr; opt_merge; opt_clean; wreduce; opt_clean;
    add -assert ok_o; miter -assert $6; setundef -zero; techmap;" \
    "strash; print_stats; &get; &fraig -x; &put; dsat"
}

# np_prove_seq UNIT NAME DESCRIPTION DETAIL EXPECT TOP FRONT ENGINE
#   The same contract and output line as np_prove, for the assertions of a sequential design TOP
#   (FRONT reads and elaborates it) checked by an ABC sequential engine on its AIG: ENGINE is
#   "pdr" (IC3/PDR: a proof holds for every cycle) or "bmc3 -F N" (a bound: no assertion fails
#   in the first N frames, which bmc3 reports as "No output asserted in N frames"; a time limit
#   would stop it at fewer; PROVED then means "for N cycles", as Yosys's sat -seq). Every flop
#   starts at 0 (setundef -init, Yosys sat's -set-init-zero); miter -assert makes the one output
#   "an assert fails while every assume has held", so the AIG has no constraints for ABC's
#   engines to miss. $dffe/$sdff cells are unmapped to plain flops (BLIF .latch) before techmap.
np_prove_seq() {
  np_abc "$1" "$2" "$3" "$4" "$5" "$7 proc; flatten; memory -nomap; memory_map; opt -fast; opt -full;
    wreduce; opt_clean; miter -assert $6; setundef -undriven -zero -init; dffunmap; techmap;
    opt_clean; setundef -undriven -zero;" "strash; print_stats; scorr; dc2; print_stats; $8" \
    "Property proved|No output asserted in ${8#bmc3 -F } frames\."
}

# np_abc UNIT NAME DESCRIPTION DETAIL EXPECT LOWER ABC [PROOF]: the runner both share. LOWER (a
#   Yosys script) leaves one module whose one output is 1 when a property fails; it is written as
#   BLIF to $NP_PROVE_OUT/NAME.blif (removed when ABC has read it) and ABC runs ABC (a script) on
#   it. A line of ABC's log matching PROOF (an ERE; default "UNSATISFIABLE", dsat's) is a proof;
#   "SATISFIABLE" or "was asserted in frame" a counterexample; anything else (a resource limit)
#   neither. Logs: NAME.log (Yosys), NAME.abc.log (ABC).
np_abc() {
  local unit=$1 name=$2 desc=$3 detail=$4 expect=$5 lower=$6 abc=$7 proof=${8:-UNSATISFIABLE}
  local log="$NP_PROVE_OUT/$name.log" abc_log="$NP_PROVE_OUT/$name.abc.log"
  local blif="$NP_PROVE_OUT/$name.blif" start secs rc verdict=none mid=""
  [ -n "$detail" ] && mid=" | $detail"
  rm -f "$blif" "$abc_log"
  start=$(date +%s.%N)
  set +e
  yosys -q -l "$log" -p "$lower write_blif $blif" >/dev/null 2>&1
  rc=$?
  [ $rc -eq 0 ] && yosys-abc -c "read $blif; $abc" >"$abc_log" 2>&1 && rm -f "$blif"
  set -e
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  if [ -s "$abc_log" ]; then
    if grep -qE "$proof" "$abc_log"; then verdict=proof
    elif grep -qE "SATISFIABLE|was asserted in frame" "$abc_log"; then verdict=cex; fi
  fi
  if [ "$expect" = proof ] && [ $verdict = proof ]; then
    echo "PROVED $unit $name: $desc$mid | ${secs} s"
    return 0
  fi
  if [ "$expect" = cex ] && [ $verdict = cex ]; then
    echo "CAUGHT $unit $name: $desc$mid | counterexample in ${secs} s"
    return 0
  fi
  echo "FAILED $unit $name: $desc$mid | expected $expect, ABC: $verdict | see $log and $abc_log"
  return 1
}
