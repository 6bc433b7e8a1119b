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
