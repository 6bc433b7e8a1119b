#!/usr/bin/env bash
# sim/paper/test_gather.sh NPPAPER FIXTURES WORK: the test of nppaper (make paper-test, part of
# make sim-test). A complete set of job JSONs gives the expected tables; a missing, malformed or
# incomplete job JSON, a mixed set of binaries and bad table lines fail with the file (and line)
# named; a job starts npsim with the manifest line's argument vector and records it.
set -euo pipefail
nppaper=$1 fx=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1
tables=(--manifest "$fx/runs.tsv" --figures "$fx/figures.tsv" --seeds "$fx/seeds.tsv")
passed=0

ok() { passed=$((passed + 1)); echo "  ok: $*"; }
die() { echo "paper-test: FAILED: $*" >&2; exit 1; }

# expect_error NAME PATTERN COMMAND...: the command fails and its stderr matches PATTERN (grep -E)
expect_error() {
  local name=$1 pattern=$2
  shift 2
  if "$@" > "$work/out.txt" 2> "$work/err.txt"; then die "$name: succeeded, expected an error matching '$pattern'"; fi
  grep -qE -- "$pattern" "$work/err.txt" || { cat "$work/err.txt" >&2; die "$name: stderr does not match '$pattern'"; }
  grep -q AddressSanitizer "$work/err.txt" && { cat "$work/err.txt" >&2; die "$name: sanitizer report"; }
  ok "$name: $(head -1 "$work/err.txt")"
}

# class_fixture DIR SEED PREFIX RESULT SPEC...: a run set in DIR (runs.tsv, jobs/, an empty
# figures.tsv) with, per SPEC W:NONE:NEW, runs PREFIX-none-W and PREFIX-new-W of SEED whose job
# JSON's "result" is RESULT (a printf format) with NONE or NEW in it
class_fixture() {
  local dir=$1 seed=$2 prefix=$3 result=$4 spec w none new r id
  shift 4
  rm -rf "$dir" && mkdir -p "$dir/jobs"
  printf '# none\n' > "$dir/figures.tsv"
  : > "$dir/runs.tsv"
  for spec; do
    IFS=: read -r w none new <<< "$spec"
    for r in "none:$none" "new:$new"; do
      id="$prefix-${r%%:*}-$w"
      printf '%s\t%s\tmix/4\t-\tcompressor=none\t-\n' "$id" "$seed" >> "$dir/runs.tsv"
      # shellcheck disable=SC2059  # the result is the caller's format
      printf "{\"id\":\"%s\",\"result\":$result,\"npsim\":{\"binary_crc32\":\"00\"},\"timing\":{\"wall_seconds\":1}}\n" \
        "$id" "${r#*:}" > "$dir/jobs/$id.json"
    done
  done
}

# a copy of the complete job set that one case may damage
jobs_copy() { rm -rf "$work/jobs" && cp -r "$fx/jobs" "$work/jobs"; }

echo "== paper-test: gatherer"
# 1. complete set: the expected tables, results.json with every row
mkdir -p "$work/out"
"$nppaper" gather "${tables[@]}" --jobs "$fx/jobs" --out "$work/out" --no-plot > "$work/stdout.txt"
diff -u "$fx/expected_tables.txt" "$work/out/tables.txt" || die "tables.txt differs from $fx/expected_tables.txt"
grep -q '^jobs: 4, job wall time summed 7.5 s, longest 3.0 s$' "$work/stdout.txt" || die "stdout lacks the job summary"
rows=$(jq '[.tables[].rows[]] | length' "$work/out/results.json")
[ "$rows" = 7 ] || die "results.json: $rows rows, expected 7"
[ "$(jq -r '.tables[1].rows[0].ours' "$work/out/results.json")" = 25 ] || die "results.json: IPC change of b-new is not 25"
[ "$(jq -r '.tables[0].rows[1].ours' "$work/out/results.json")" = null ] || die "results.json: a-new IPC without the key is not null"
[ "$(jq -r '.jobs["a-new"].result.reply_flits' "$work/out/results.json")" = 600 ] || die "results.json: jobs not merged"
ok "complete set: expected tables, 7 rows in results.json, IPC read where the JSON has it, n/a where not"

# 2. one seed only: its table alone
"$nppaper" gather "${tables[@]}" --jobs "$fx/jobs" --out "$work/out" --no-plot --seed 001 > /dev/null
[ "$(grep -c '^seed [0-9]*:' "$work/out/tables.txt")" = 1 ] && grep -q '^seed 001' "$work/out/tables.txt" || die "--seed 001 printed other tables"
ok "--seed 001 prints only seed 001"

# 2b. whole or nothing (issue 33: nppaper writes through np_fileio, plots through np_run_gnuplot): a
# gather whose plot fails (a gnuplot that exits 1) leaves the previous tables.txt as it was, no
# image and no temporary file; with gnuplot, the images are PNGs
cp "$work/out/tables.txt" "$work/tables_before.txt"
mkdir -p "$work/fakebin" && printf '#!/bin/sh\nexit 1\n' > "$work/fakebin/gnuplot" && chmod +x "$work/fakebin/gnuplot"
expect_error "failed plot" "gnuplot.*failed" env PATH="$work/fakebin:$PATH" \
  "$nppaper" gather "${tables[@]}" --jobs "$fx/jobs" --out "$work/out"
cmp -s "$work/tables_before.txt" "$work/out/tables.txt" || die "a failed gather replaced tables.txt"
leftover=$(find "$work/out" -name '*.??????' -o -name '*.png' | head -3)
[ -z "$leftover" ] || die "a failed gather left $leftover"
"$nppaper" gather "${tables[@]}" --jobs "$fx/jobs" --out "$work/out" > /dev/null
pngs=$(find "$work/out" -name 'seed_*.png' | wc -l)
[ "$pngs" -ge 1 ] && [ "$(head -c 4 "$(find "$work/out" -name 'seed_*.png' | head -1)" | tail -c 3)" = PNG ] \
  || die "gather drew no PNG"
ok "whole or nothing: a failed plot keeps tables.txt, leaves no image or temporary file; $pngs PNGs drawn"

# 3. job JSON errors name the file
jobs_copy; rm "$work/jobs/a-new.json"
expect_error "missing job" "$work/jobs/a-new.json: missing: job 'a-new' \\($fx/runs.tsv:3\\)" \
  "$nppaper" gather "${tables[@]}" --jobs "$work/jobs" --out "$work/out" --no-plot
jobs_copy; head -c 200 "$fx/jobs/b-new.json" > "$work/jobs/b-new.json"
expect_error "truncated job" "$work/jobs/b-new.json:[0-9]+: malformed JSON" \
  "$nppaper" gather "${tables[@]}" --jobs "$work/jobs" --out "$work/out" --no-plot
jobs_copy; sed -i 's/"reply_flits": 600,/"reply_flit": 600,/' "$work/jobs/a-new.json"
expect_error "metric missing from the result" "$work/jobs/a-new.json: result.reply_flits is missing \\(metric reply_flits\\)" \
  "$nppaper" gather "${tables[@]}" --jobs "$work/jobs" --out "$work/out" --no-plot
jobs_copy; sed -i 's/"mc_stall_fraction": 0.4/"mc_stall_fraction": "0.4"/' "$work/jobs/a-base.json"
expect_error "metric of the wrong type" "$work/jobs/a-base.json: result.mc_stall_fraction is not a finite number" \
  "$nppaper" gather "${tables[@]}" --jobs "$work/jobs" --out "$work/out" --no-plot
jobs_copy; sed -i 's/"id": "b-base"/"id": "b-new"/' "$work/jobs/b-base.json"
expect_error "job file of another run" "$work/jobs/b-base.json: \"id\" is b-new, expected \"b-base\"" \
  "$nppaper" gather "${tables[@]}" --jobs "$work/jobs" --out "$work/out" --no-plot
jobs_copy; sed -i 's/89abcdef/76543210/' "$work/jobs/b-new.json"
expect_error "jobs of two binaries" "$work/jobs/b-new.json ran npsim 76543210 but .*a-base.json ran 89abcdef" \
  "$nppaper" gather "${tables[@]}" --jobs "$work/jobs" --out "$work/out" --no-plot
jobs_copy; sed -i 's/"binary_crc32": "89abcdef"/"binary_fnv1a64": "0123456789abcdef"/' "$work/jobs/b-new.json"
expect_error "job of an older nppaper" "$work/jobs/b-new.json: \"npsim.binary_crc32\" is missing \\(the job was run by an nppaper before libnocpress 3\\.1\\.0.*run it again\\)" \
  "$nppaper" gather "${tables[@]}" --jobs "$work/jobs" --out "$work/out" --no-plot
jobs_copy; echo '[1, 2]' > "$work/jobs/a-base.json"
expect_error "not an object" "$work/jobs/a-base.json: not a job file" \
  "$nppaper" gather "${tables[@]}" --jobs "$work/jobs" --out "$work/out" --no-plot

# 4. table errors name file:line
T=$'\t'
bad() { # bad NAME PATTERN LINE: the fixture manifest with LINE appended
  { cat "$fx/runs.tsv"; printf '%s\n' "$3"; } > "$work/runs.tsv"
  expect_error "$1" "$2" "$nppaper" gather --manifest "$work/runs.tsv" --figures "$fx/figures.tsv" \
    --seeds "$fx/seeds.tsv" --jobs "$fx/jobs" --out "$work/out" --no-plot
}
bad "unknown metric" "$work/runs.tsv:6: print item 'speed': unknown metric" "c${T}000${T}mix/4${T}-${T}-${T}speed/a-base"
bad "unknown baseline" "$work/runs.tsv:6: baseline 'zz' is not a run of this table" "c${T}000${T}mix/4${T}-${T}-${T}ipc/zz"
bad "duplicate id" "$work/runs.tsv:6: run id 'a-new' already used on line 3" "a-new${T}000${T}mix/4${T}-${T}-${T}-"
bad "shell characters in an override" "$work/runs.tsv:6: override 'compressor=dpc;rm': key" "c${T}000${T}mix/4${T}-${T}compressor=dpc;rm${T}-"
bad "runner's key in an override" "$work/runs.tsv:6: override 'data_dir=/tmp': data_dir and synth_report are set by the runner" "c${T}000${T}mix/4${T}-${T}data_dir=/tmp${T}-"
bad "bad workload" "$work/runs.tsv:6: workload 'mix': expected PATTERN/ACCESSES_PER_WARP" "c${T}000${T}mix${T}-${T}-${T}-"
bad "option as config" "$work/runs.tsv:6: config '--out': a path" "c${T}000${T}mix/4${T}--out${T}-${T}-"
bad "missing field" "$work/runs.tsv:6: expected 6 tab-separated fields, found 5" "c${T}000${T}mix/4${T}-${T}-"
bad "bad seed" "$work/runs.tsv:6: seed '0': expected three digits" "c${T}0${T}mix/4${T}-${T}-${T}-"
bad "seed without title" "$work/runs.tsv:6: seed 007 has no title" "c${T}007${T}mix/4${T}-${T}-${T}-"
{ cat "$fx/figures.tsv"; printf 'a-new\tcompletion\ta-base\t+5%%\tsec. 1\t-\n'; } > "$work/figures.tsv"
expect_error "figure for a row the run does not print" "$work/figures.tsv:8: .*runs.tsv:3 does not print completion/a-base for run 'a-new'" \
  "$nppaper" gather --manifest "$fx/runs.tsv" --figures "$work/figures.tsv" --seeds "$fx/seeds.tsv" --jobs "$fx/jobs" --out "$work/out" --no-plot
{ cat "$fx/figures.tsv"; printf 'a-base\tmc_stall\t-\tabout 40\tsec. 1\t-\n'; } > "$work/figures.tsv"
expect_error "published figure without a % sign" "$work/figures.tsv:8: published figure 'about 40'" \
  "$nppaper" gather --manifest "$fx/runs.tsv" --figures "$work/figures.tsv" --seeds "$fx/seeds.tsv" --jobs "$fx/jobs" --out "$work/out" --no-plot
printf '000\tquote " in a title\n' > "$work/seeds.tsv"
expect_error "title that would reach gnuplot unquoted" "$work/seeds.tsv:1: title" \
  "$nppaper" gather --manifest "$fx/runs.tsv" --figures "$fx/figures.tsv" --seeds "$work/seeds.tsv" --jobs "$fx/jobs" --out "$work/out" --no-plot

echo "== paper-test: job"
# 5. a job starts npsim with the line's arguments, one argv entry each, and wraps its JSON
mkdir -p "$work/jobout"
"$nppaper" job --manifest "$fx/runs.tsv" --id b-new --npsim "$fx/fake_npsim.sh" --out "$work/jobout" --commit abc123 \
  data_dir=d synth_report=s 2> /dev/null
j=$work/jobout/b-new.json
want='["run","data_dir=d","synth_report=s","-c","sim/configs/fermi_crossbar.cfg","pcu_rgrs=128","routing_reply=xy","--pattern","stream","--per-warp","4"]'
[ "$(jq -c .npsim_arguments "$j")" = "$want" ] || die "job: npsim_arguments $(jq -c .npsim_arguments "$j")"
[ "$(jq -c '.result.argv' "$j")" = "$want" ] || die "job: npsim received $(jq -c .result.argv "$j")"
[ "$(jq -r '.npsim.commit + " " + .seed + " " + .manifest' "$j")" = "abc123 001 $fx/runs.tsv:5" ] || die "job: commit/seed/manifest fields"
jq -e '.timing.wall_seconds > 0 and .timing.simulated_cycles_per_wall_second > 0 and (.npsim.binary_crc32 | length) == 8' "$j" > /dev/null || die "job: timing or binary hash"
[ ! -e "$work/jobout/b-new.npsim.json" ] || die "job: npsim's own JSON left behind"
ok "job: npsim got the manifest line as 10 arguments; commit, binary hash, wall time, cycles/s recorded"
"$nppaper" job --manifest "$fx/runs.tsv" --index 0 --npsim "$fx/fake_npsim.sh" --out "$work/jobout" 2> /dev/null
[ "$(jq -r .id "$work/jobout/a-base.json")" = a-base ] || die "job --index 0 is not the first run"
ok "job --index 0 (SLURM_ARRAY_TASK_ID) is the first run"
expect_error "npsim fails" "job a-new \\($fx/runs.tsv:3\\): npsim exited with status 3" \
  env FAKE_NPSIM_EXIT=3 "$nppaper" job --manifest "$fx/runs.tsv" --id a-new --npsim "$fx/fake_npsim.sh" --out "$work/jobout"
[ ! -e "$work/jobout/a-new.json" ] || die "a failed job left a job JSON"
expect_error "index out of range" "--index 4: the table has 4 runs" \
  "$nppaper" job --manifest "$fx/runs.tsv" --index 4 --npsim "$fx/fake_npsim.sh" --out "$work/jobout"
[ "$("$nppaper" indices --manifest "$fx/runs.tsv" --seed 001)" = "2,3" ] || die "indices --seed 001"
[ "$("$nppaper" ids --manifest "$fx/runs.tsv" --seed 000 | tr '\n' ' ')" = "a-base a-new " ] || die "ids --seed 000"
ok "ids / indices select by seed"
echo "== paper-test: class tables"
# 6. --classes: workloads classified by their probe run, means per class beside the published figure
cw="$work/classes" && rm -rf "$cw" && mkdir -p "$cw/jobs"
printf '007\tclass test\n' > "$cw/seeds.tsv"
printf '# none\n' > "$cw/figures.tsv"
: > "$cw/runs.tsv"
# workload, IPC without / with the 4x probe / with the scheme: w1 gains 50% (class big), w2 10%, w3 0%
for spec in w1:1.0:1.5:1.2 w2:2.0:2.2:2.4 w3:1.0:1.0:0.9; do
  IFS=: read -r w none x4 new <<< "$spec"
  for r in "none:$none" "x4:$x4" "new:$new"; do
    id="p-${r%%:*}-$w"
    printf '%s\t007\tmix/4\t-\tcompressor=none\t-\n' "$id" >> "$cw/runs.tsv"
    printf '{"id":"%s","result":{"core":{"ipc":%s}},"npsim":{"binary_crc32":"00"},"timing":{"wall_seconds":1}}\n' \
      "$id" "${r#*:}" > "$cw/jobs/$id.json"
  done
done
# published: big +25% (ours +20%: reproduced), small 0% (ours +5%, outside the 2-point band: not
# reproduced), all +50% (ours +10%, a fifth: same sign only), and a row of a class without workloads
{ printf 'class\t007\tp-x4\tp-none\tipc\t+20%%\tbig\tsmall\t-\n'
  printf 'row\t007\tp-new\tp-none\tipc\tbig\t+25%%\tsec. 1\tfixture\n'
  printf 'row\t007\tp-new\tp-none\tipc\tsmall\t0%%\tsec. 2\tfixture\n'
  printf 'row\t007\tp-new\tp-none\tipc\tall\t+50%%\tsec. 3\tfixture\n'
  printf 'row\t007\tp-new\tp-none\tipc\tpublished:small\t-\tsec. 4\tfixture\n'; } > "$cw/classes.tsv"
# the seed's kernel list: published classes beside ours, and the kernels without a run
{ printf '007\tW1\tw1\tall\t-\tsmall\tquick\tfixture\n'
  printf '007\tW9\t-\t-\t-\tbig\t-\tnot ported\n'; } > "$cw/kernels.tsv"
"$nppaper" gather --manifest "$cw/runs.tsv" --figures "$cw/figures.tsv" --seeds "$cw/seeds.tsv" --classes "$cw/classes.tsv" \
  --kernels "$cw/kernels.tsv" --jobs "$cw/jobs" --out "$cw" --no-plot > "$cw/stdout.txt"
grep -qE '^  w1 +big +\(ipc \+50\.0%\)  published: small$' "$cw/tables.txt" || die "class table: w1 is not big at +50% (published small)"
grep -qE '^  w2 +small +\(ipc \+10\.0%\)$' "$cw/tables.txt" || die "class table: w2 is not small at +10%"
grep -qE '^  big .* \+25% +\+20\.0% \(n=1: w1\) +reproduced +fixture$' "$cw/tables.txt" || die "class table: big mean is not +20.0% (w1), reproduced"
grep -qE '^  small .* 0% +\+5\.0% \(n=2: w2 w3\) +not reproduced' "$cw/tables.txt" || die "class table: small mean is not +5.0% (w2 +20%, w3 -10%), not reproduced"
grep -qE '^  all .* \+10\.0% \(n=3: w1 w2 w3\) +same sign only' "$cw/tables.txt" || die "class table: all mean is not +10.0%, same sign only"
grep -qx 'seed 007 verdicts: 1 reproduced, 1 same sign only, 1 not reproduced (of 3 published figures; 0 without a run in their class)' \
  "$cw/tables.txt" || die "class table: verdict summary"
grep -qE '^  W9 +not ported$' "$cw/tables.txt" || die "class table: missing kernel W9 not listed"
grep -qE '^  published:small .* \+20\.0% \(n=1: w1\)' "$cw/tables.txt" || die "class table: published:small is not w1 alone (+20.0%)"
[ "$(jq -r '.class_tables[0].rows[0].ours' "$cw/results.json")" = 20 ] || die "results.json: class row ours is not 20"
[ "$(jq -c '[.class_tables[0].rows[].verdict]' "$cw/results.json")" = '["reproduced","not_reproduced","same_sign",null]' ] || die "results.json: class verdicts"
[ "$(jq -c '.verdicts["007"]' "$cw/results.json")" = '{"reproduced":1,"same_sign":1,"not_reproduced":1,"no_run":0}' ] || die "results.json: verdict counts"
[ "$(jq -r '.class_tables[0].workloads.w1.published_class' "$cw/results.json")" = small ] || die "results.json: published class"
ok "class table: classification by the probe run, means per class and over all, verdicts, published classes, missing kernels"
printf '007\tW2\tw2\tall\tx1\t-\t-\tfixture\n' > "$cw/kernels-grow.tsv"
expect_error "kernel list: bad grow" "kernels-grow.tsv:1: grow 'x1': expected xK" \
  "$nppaper" gather --manifest "$cw/runs.tsv" --figures "$cw/figures.tsv" --seeds "$cw/seeds.tsv" --classes "$cw/classes.tsv" \
  --kernels "$cw/kernels-grow.tsv" --jobs "$cw/jobs" --out "$cw" --no-plot
printf '007\tW2\tw2\tsome\t-\t-\t-\tfixture\n' >> "$cw/kernels.tsv"
expect_error "kernel list: bad launch" "kernels.tsv:3: launch 'some'" \
  "$nppaper" gather --manifest "$cw/runs.tsv" --figures "$cw/figures.tsv" --seeds "$cw/seeds.tsv" --classes "$cw/classes.tsv" \
  --kernels "$cw/kernels.tsv" --jobs "$cw/jobs" --out "$cw" --no-plot
printf 'row\t007\tp-new\tp-none\tipc\thuge\t-\tsec. 1\tfixture\n' >> "$cw/classes.tsv"
expect_error "class row naming an unknown class" "classes.tsv:6: class 'huge' is not one of seed 007's classes" \
  "$nppaper" gather --manifest "$cw/runs.tsv" --figures "$cw/figures.tsv" --seeds "$cw/seeds.tsv" --classes "$cw/classes.tsv" \
  --jobs "$cw/jobs" --out "$cw" --no-plot
rm "$cw/jobs/p-x4-w2.json"
sed -i '$d' "$cw/classes.tsv"
expect_error "class probe without its job" "p-x4-w2" \
  "$nppaper" gather --manifest "$cw/runs.tsv" --figures "$cw/figures.tsv" --seeds "$cw/seeds.tsv" --classes "$cw/classes.tsv" \
  --jobs "$cw/jobs" --out "$cw" --no-plot
# 7. a class line and rows with baseline '-': the runs' own values of a fraction metric, in %
aw="$work/classes-abs"
class_fixture "$aw" 008 q '{"l1_miss_rate":%s,"core":{"ipc":1}}' w1:0.9:0.6 w2:0.2:0.4 w3:0.1:0.2
printf '008\tabsolute class test\n' > "$aw/seeds.tsv"
{ printf 'class\t008\tq-none\t-\tl1_miss_rate\t50%%\thigh\tlow\t-\n'
  printf 'row\t008\tq-new\t-\tl1_miss_rate\tlow\t10%%\tsec. 1\tfixture\n'
  printf 'row\t008\tq-new\tq-none\tl1_miss_rate\thigh\t-\tsec. 2\tfixture\n'; } > "$aw/classes.tsv"
"$nppaper" gather --manifest "$aw/runs.tsv" --figures "$aw/figures.tsv" --seeds "$aw/seeds.tsv" --classes "$aw/classes.tsv" \
  --jobs "$aw/jobs" --out "$aw" --no-plot > "$aw/stdout.txt"
grep -qE '^  w1 +high +\(l1_miss_rate 90\.0%\)$' "$aw/tables.txt" || die "absolute class: w1 is not high at 90%"
grep -qE '^  low .* 10% +30\.0% \(n=2: w2 w3\) +not reproduced +fixture$' "$aw/tables.txt" || die "absolute class: low mean is not 30.0% (3x the published share: not reproduced)"
grep -qE '^  high .* -33\.3% \(n=1: w1\)' "$aw/tables.txt" || die "absolute class: high change is not -33.3%"
ok "class table with baseline '-': classified and averaged by the runs' own values"
printf 'row\t008\tq-new\t-\tipc\tall\t-\tsec. 3\tfixture\n' >> "$aw/classes.tsv"
expect_error "baseline '-' with a metric that is not a fraction" "classes.tsv:4: baseline '-' .* needs a fraction metric, not 'ipc'" \
  "$nppaper" gather --manifest "$aw/runs.tsv" --figures "$aw/figures.tsv" --seeds "$aw/seeds.tsv" --classes "$aw/classes.tsv" \
  --jobs "$aw/jobs" --out "$aw" --no-plot
# 7b. a workload whose baseline is 0 (seed 003's spmv has no MC stall without the PCU): no change
# to average, so it is left out of the mean and named, not a refused set
zw="$work/classes-zero"
class_fixture "$zw" 009 z '{"core":{"ipc":%s}}' w1:1.0:1.2 w2:0:0.5 w3:2.0:2.4
printf '009\tzero baseline test\n' > "$zw/seeds.tsv"
printf 'row\t009\tz-new\tz-none\tipc\tall\t+20%%\tsec. 1\tfixture\n' > "$zw/classes.tsv"
"$nppaper" gather --manifest "$zw/runs.tsv" --figures "$zw/figures.tsv" --seeds "$zw/seeds.tsv" --classes "$zw/classes.tsv" \
  --jobs "$zw/jobs" --out "$zw" --no-plot > "$zw/stdout.txt"
grep -qE '^  all .* \+20% +\+20\.0% \(n=2: w1 w3\) \(left out, baseline 0: w2\) +reproduced' "$zw/tables.txt" ||
  { cat "$zw/tables.txt"; die "zero baseline: mean is not +20.0% over w1 w3 with w2 named as left out"; }
[ "$(jq -r '.class_tables[0].rows[0].left_out_zero_baseline' "$zw/results.json")" = w2 ] || die "results.json: left_out_zero_baseline"
ok "class row: a workload with a zero baseline is left out of the mean and named"
# 7c. run lengths (docs/paper.md "Run lengths and warm-up"): every run's cycles summed per seed; a
# run whose controller learns per period (latte-cc) with fewer than 10 periods on its SM with fewest
# (among the SMs with L1 accesses: w2's idle SM does not count) is short, named in the seed's run
# lengths and beside each class row it enters; a static scheme (bdi) with as few periods is not; a
# run_length without cycles names the file
lw="$work/run-lengths" && rm -rf "$lw" && mkdir -p "$lw/jobs"
printf '010\trun length test\n' > "$lw/seeds.tsv"
printf '# none\n' > "$lw/figures.tsv"
: > "$lw/runs.tsv"
for spec in w1:2.5:2.5:3:3 w2:0:12:15:2; do
  IFS=: read -r w pmin umin umean used <<< "$spec"
  for r in none:none:1.0 latte:latte-cc:1.2 bdi:bdi:1.1; do
    IFS=: read -r pre scheme ipc <<< "$r"
    id="r-$pre-$w"
    printf '%s\t010\tmix/4\t-\tcompressor=none\t-\n' "$id" >> "$lw/runs.tsv"
    length='"cycles":100,"kernel_launches":2,"warp_instructions":50,"warm_up_cycles":0'
    l1c=''
    if [ "$scheme" != none ]; then
      length="$length,\"eps_per_sm\":{\"min\":$(jq -n "$pmin * 10"),\"mean\":$(jq -n "$umean * 10 * $used / 3"),\"max\":200,\"sms\":3"
      length="$length,\"sms_with_accesses\":$used,\"min_with_accesses\":$(jq -n "$umin * 10"),\"mean_with_accesses\":$(jq -n "$umean * 10")}"
      length="$length,\"periods_per_sm\":{\"eps_per_period\":10,\"min\":$pmin,\"mean\":$(jq -n "$umean * $used / 3"),\"min_with_accesses\":$umin,\"mean_with_accesses\":$umean}"
      l1c=",\"l1_compression\":{\"scheme\":\"$scheme\"}"
    fi
    printf '{"id":"%s","result":{"core":{"ipc":%s},"completion_cycles":100,"run_length":{%s}%s},"npsim":{"binary_crc32":"00"},"timing":{"wall_seconds":1}}\n' \
      "$id" "$ipc" "$length" "$l1c" > "$lw/jobs/$id.json"
  done
done
{ printf 'row\t010\tr-latte\tr-none\tipc\tall\t+20%%\tsec. 1\tfixture\n'
  printf 'row\t010\tr-bdi\tr-none\tipc\tall\t+10%%\tsec. 2\tfixture\n'; } > "$lw/classes.tsv"
lgather=("$nppaper" gather --manifest "$lw/runs.tsv" --figures "$lw/figures.tsv" --seeds "$lw/seeds.tsv" --classes "$lw/classes.tsv"
  --jobs "$lw/jobs" --out "$lw" --no-plot)
"${lgather[@]}" > "$lw/stdout.txt"
grep -qE '^  all .* \+20\.0% \(n=2: w1 w2\) \(short for LATTE-CC: w1\) +reproduced' "$lw/tables.txt" ||
  { cat "$lw/tables.txt"; die "run length: the LATTE-CC row does not name w1 as short"; }
grep -qE '^  all .* \+10\.0% \(n=2: w1 w2\) +reproduced' "$lw/tables.txt" || die "run length: a static scheme's row names short runs"
grep -qx 'seed 010 run lengths: 6 runs, 600 simulated cycles in all; whole applications from cold caches, no warm-up' "$lw/tables.txt" ||
  die "run length: the seed's total"
grep -qF 'runs that learn per period (LATTE-CC, adaptive): 2, 1 of them short (below 10 periods of 10 EPs on the SM with fewest; periods per SM min / mean over the SMs with L1 accesses): r-latte-w1 2.5 / 3.0 (3 of 3 SMs)' \
  "$lw/tables.txt" || die "run length: the short run and its periods"
[ "$(jq -c '.run_lengths["010"].short_runs' "$lw/results.json")" = '["r-latte-w1"]' ] || die "results.json: short_runs"
[ "$(jq -c '.run_lengths["010"] | [.cycles_total, .min_periods_per_sm, .runs["r-latte-w2"].periods_per_sm_min, .runs["r-latte-w2"].periods_per_sm_min_with_accesses, .runs["r-latte-w2"].sms_with_accesses, .runs["r-latte-w2"].short, .runs["r-bdi-w1"].short, .runs["r-latte-w1"].short, .runs["r-none-w1"].kernel_launches, .runs["r-none-w1"].warp_instructions]' "$lw/results.json")" = '[600,10,0,12,2,false,false,true,2,50]' ] ||
  die "results.json: run_lengths fields"
[ "$(jq -r '.class_tables[0].rows[0].short_runs' "$lw/results.json")" = w1 ] || die "results.json: class row short_runs"
ok "run lengths: per-seed cycle total, a LATTE-CC run under 10 periods per SM flagged in the list and its class row, a static one not"
cp "$lw/results.json" "$lw/results-ok.json"
sed -i 's/"cycles":100,//' "$lw/jobs/r-bdi-w2.json"
expect_error "run_length without cycles" "r-bdi-w2.json: result.run_length.cycles is missing" "${lgather[@]}"
echo "== paper-test: kernel workloads"
# 8. kernel:NAME workloads: the trace step (trace_kernel.sh) once per application, every run reads it
kw="$work/kernels" && rm -rf "$kw" && mkdir -p "$kw"
{ printf '# fixture\n'
  printf '000\tAA\taa\tall\t-\tfav\tquick\tone launch\n'
  printf '000\tBB\tbb\t1\t-\tunfav\t-\tfirst launch\n'
  printf '000\tCC\t-\t-\t-\tfav\t-\tnot ported\n'
  printf '000\tEE\tee\tall\tx12\tfav\t-\tat 12 times its default size\n'; } > "$kw/seed_kernels.tsv"
{ printf '000\tk-base\t-\tcompressor=none\tmc_stall\n'
  printf '000\tk-new\t-\tcompressor=dpc\tmc_stall/k-base,reply_flits/k-base\n'; } > "$kw/mechanisms.tsv"
bash sim/paper/kernel_runs.sh "$kw/seed_kernels.tsv" "$kw/mechanisms.tsv" > "$kw/runs.tsv"
[ "$("$nppaper" ids --manifest "$kw/runs.tsv" | tr '\n' ' ')" = "k-base-aa k-new-aa k-base-bb k-new-bb k-base-ee k-new-ee " ] || die "kernel_runs.sh: run ids"
grep -qx "k-new-bb${T}000${T}kernel:bb@1${T}-${T}compressor=dpc${T}mc_stall/k-base-bb,reply_flits/k-base-bb" "$kw/runs.tsv" || die "kernel_runs.sh: k-new-bb line"
grep -qx "k-new-ee${T}000${T}kernel:ee-x12${T}-${T}compressor=dpc${T}mc_stall/k-base-ee,reply_flits/k-base-ee" "$kw/runs.tsv" || die "kernel_runs.sh: k-new-ee line (grow x12)"
bash sim/paper/kernel_runs.sh "$kw/seed_kernels.tsv" "$kw/mechanisms.tsv" quick > "$kw/quick.tsv"
[ "$("$nppaper" kernels --manifest "$kw/quick.tsv")" = aa ] || die "kernel_runs.sh quick: not the quick kernel alone"
[ "$("$nppaper" kernels --manifest "$kw/runs.tsv" | tr '\n' ' ')" = "aa bb ee-x12 " ] || die "nppaper kernels: each application once"
ok "kernel_runs.sh: mechanisms x the seed's kernels (all / quick), baselines renamed; nppaper kernels lists each once"
{ printf '000\tk-base\t-\tcompressor=none\tmc_stall\n'
  printf '000\tk-new\t-\tcompressor=dpc aa:compressor=bdi bb:approx_bits=4\tmc_stall/k-base\n'; } > "$kw/mechanisms-kernel.tsv"
bash sim/paper/kernel_runs.sh "$kw/seed_kernels.tsv" "$kw/mechanisms-kernel.tsv" > "$kw/runs-kernel.tsv"
grep -qx "k-new-aa${T}000${T}kernel:aa${T}-${T}compressor=bdi${T}mc_stall/k-base-aa" "$kw/runs-kernel.tsv" &&
  grep -qx "k-new-bb${T}000${T}kernel:bb@1${T}-${T}compressor=dpc approx_bits=4${T}mc_stall/k-base-bb" "$kw/runs-kernel.tsv" &&
  grep -qx "k-new-ee${T}000${T}kernel:ee-x12${T}-${T}compressor=dpc${T}mc_stall/k-base-ee" "$kw/runs-kernel.tsv" ||
  die "kernel_runs.sh: a kernel's own override (NAME:key=value) in place, added, or left out on the others"
sed -i 's/bb:approx_bits=4/zz:approx_bits=4/' "$kw/mechanisms-kernel.tsv"
expect_error "kernel_runs.sh: an override of no kernel" "mechanisms-kernel.tsv:2: override \"zz:approx_bits=4\"" \
  bash sim/paper/kernel_runs.sh "$kw/seed_kernels.tsv" "$kw/mechanisms-kernel.tsv"
ok "kernel_runs.sh: NAME:key=value overrides apply to kernel NAME alone; one naming no kernel of the seed is refused"
cp "$kw/seed_kernels.tsv" "$kw/seed_kernels-grow.tsv" && printf '000\tFF\tff\tall\tx1\t-\t-\tx\n' >> "$kw/seed_kernels-grow.tsv"
expect_error "kernel_runs.sh: bad grow" "seed_kernels-grow.tsv:6: grow \"x1\"" bash sim/paper/kernel_runs.sh "$kw/seed_kernels-grow.tsv" "$kw/mechanisms.tsv"
printf '000\tDD\tdd\tsome\t-\t-\t-\tx\n' >> "$kw/seed_kernels.tsv"
expect_error "kernel_runs.sh: bad launch" "seed_kernels.tsv:6: launch \"some\"" bash sim/paper/kernel_runs.sh "$kw/seed_kernels.tsv" "$kw/mechanisms.tsv"
for name in aa bb ee-x12; do bash sim/paper/trace_kernel.sh "$fx/fake_npkernel.sh" "$kw/traces" "$name" > /dev/null; done
[ "$(cat "$kw/traces/bb/launch1/kernelslist.g")" = "$(printf 'MemcpyHtoD,0x00007f0000000000,4096\nkernel-1.traceg')" ] || die "trace_kernel.sh: launch1 list"
[ "$(cat "$kw/traces/bb/launch1/kernel-1.traceg") $(cat "$kw/traces/bb/launch1/memory.npmem")" = "launch1 image" ] || die "trace_kernel.sh: launch1 links"
[ "$(cat "$kw/traces/ee-x12/memory.npmem")" = "image x12" ] || die "trace_kernel.sh: ee-x12 is not npkernel's run at --grow 12"
expect_error "trace step: bad name" "trace_kernel: 'ee-x': not an application name" bash sim/paper/trace_kernel.sh "$fx/fake_npkernel.sh" "$kw/traces" ee-x
ok "trace_kernel.sh: the application's trace (NAME-xK: npkernel --grow K), and launch1/ with the copies before the first launch, its kernel and the memory image"
expect_error "trace step: npkernel fails" "trace_kernel: cc: npkernel run failed \\(status 1\\)" env FAKE_NPKERNEL_EXIT=1 bash sim/paper/trace_kernel.sh "$fx/fake_npkernel.sh" "$kw/traces" cc
[ ! -e "$kw/traces/cc" ] && [ -z "$(ls -A "$kw/traces" | grep '^\.')" ] || die "trace step: a failed trace left files"
ok "trace step: a failed npkernel leaves no trace directory"
"$nppaper" job --manifest "$kw/runs.tsv" --id k-new-bb --npsim "$fx/fake_npsim.sh" --out "$kw" --traces "$kw/traces" 2> /dev/null
[ "$(jq -c .npsim_arguments "$kw/k-new-bb.json")" = "[\"run\",\"compressor=dpc\",\"--trace\",\"$kw/traces/bb/launch1/kernelslist.g\"]" ] || die "job: kernel:bb@1 arguments $(jq -c .npsim_arguments "$kw/k-new-bb.json")"
"$nppaper" job --manifest "$kw/runs.tsv" --id k-new-aa --npsim "$fx/fake_npsim.sh" --out "$kw" --traces "$kw/traces" 2> /dev/null
[ "$(jq -r '.npsim_arguments[3]' "$kw/k-new-aa.json")" = "$kw/traces/aa/kernelslist.g" ] || die "job: kernel:aa reads the whole trace"
"$nppaper" job --manifest "$kw/runs.tsv" --id k-new-ee --npsim "$fx/fake_npsim.sh" --out "$kw" --traces "$kw/traces" 2> /dev/null
[ "$(jq -r '.npsim_arguments[3]' "$kw/k-new-ee.json")" = "$kw/traces/ee-x12/kernelslist.g" ] || die "job: kernel:ee-x12 reads its own trace"
ok "job: kernel:NAME reads TRACES/NAME/kernelslist.g, kernel:NAME@1 its launch1/, kernel:NAME-xK TRACES/NAME-xK/"
expect_error "kernel job without --traces" "workload kernel:aa needs --traces DIR" \
  "$nppaper" job --manifest "$kw/runs.tsv" --id k-base-aa --npsim "$fx/fake_npsim.sh" --out "$kw"
expect_error "kernel job before the trace step" "$kw/none/aa/kernelslist.g: No such file" \
  "$nppaper" job --manifest "$kw/runs.tsv" --id k-base-aa --npsim "$fx/fake_npsim.sh" --out "$kw" --traces "$kw/none"
bad "bad kernel workload" "$work/runs.tsv:6: workload 'kernel:Aa@2': expected kernel:NAME, kernel:NAME-xK or either with @1" "c${T}000${T}kernel:Aa@2${T}-${T}-${T}-"
bad "kernel workload grown once" "$work/runs.tsv:6: workload 'kernel:aa-x1': expected kernel:NAME, kernel:NAME-xK" "c${T}000${T}kernel:aa-x1${T}-${T}-${T}-"
bad "kernel workload grown 0x" "$work/runs.tsv:6: workload 'kernel:aa-x02@1': expected kernel:NAME, kernel:NAME-xK" "c${T}000${T}kernel:aa-x02@1${T}-${T}-${T}-"
# 9. the shipped kernel set: its run table is generated and checked by nppaper like any runs.tsv
bash sim/paper/kernel_runs.sh sim/paper/seed_kernels.tsv sim/paper/mechanisms.tsv > "$kw/shipped.tsv"
bash sim/paper/kernel_runs.sh sim/paper/seed_kernels.tsv sim/paper/mechanisms.tsv quick > "$kw/shipped-quick.tsv"
nk=$("$nppaper" ids --manifest "$kw/shipped.tsv" | wc -l) && nq=$("$nppaper" ids --manifest "$kw/shipped-quick.tsv" | wc -l) ||
  die "the shipped kernel set's run table does not pass nppaper's checks"
"$nppaper" kernels --manifest "$kw/shipped.tsv" | grep -qx hs || die "the shipped kernel set traces no hs"
ok "shipped kernel set: $nk runs ($nq quick) pass nppaper's manifest checks"
# 10. paper_doc.sh: several run sets, one line each naming its seeds, each seed's tables from the
# first set that has them; the two-argument form as before; nothing outside the markers changes
dw="$work/doc" && rm -rf "$dw" && mkdir -p "$dw"
begin='<!-- paper-doc: generated from build/paper/results.json by sim/paper/paper_doc.sh; do not edit -->'
printf 'before\n%s\nstale\n<!-- paper-doc: end -->\nafter\n' "$begin" > "$dw/doc.md"
echo 'paper: wall time 1.0 s' > "$dw/w1.txt" && echo 'paper: wall time 2.0 s' > "$dw/w2.txt"
bash sim/paper/paper_doc.sh "$cw/results.json" "$dw/w1.txt" "$aw/results.json" "$dw/w2.txt" "$cw/results.json" "$dw/w1.txt" \
  "$dw/doc.md" > /dev/null
[ "$(grep -c '^Run set' "$dw/doc.md")" = 2 ] || die "paper_doc: expected two run-set lines (the third set adds no seed)"
grep -q '^Run set 1 (seeds 007): .*wall time 1.0 s' "$dw/doc.md" && grep -q '^Run set 2 (seeds 008): .*wall time 2.0 s' "$dw/doc.md" &&
  grep -qx '#### Seed 007 (run set 1)' "$dw/doc.md" && grep -qx '#### Seed 008 (run set 2)' "$dw/doc.md" || die "paper_doc: seeds and their sets"
[ "$(head -1 "$dw/doc.md")$(tail -1 "$dw/doc.md")" = beforeafter ] && ! grep -q stale "$dw/doc.md" || die "paper_doc: outside the block"
bash sim/paper/paper_doc.sh "$aw/results.json" "$dw/w2.txt" "$dw/doc.md" > /dev/null
grep -qx '#### Seed 008 (run set 1)' "$dw/doc.md" && ! grep -q 'Seed 007' "$dw/doc.md" || die "paper_doc: one run set"
expect_error "paper_doc: a wall time without its results" "usage: paper_doc.sh" bash sim/paper/paper_doc.sh "$aw/results.json" "$dw/doc.md"
ok "paper_doc.sh: several run sets, each seed from the first set that has it; one set as before"
# the run lengths: the seed's total, its LATTE-CC runs with their periods per SM, the short one
# named beside its class row (set 7c's results, before its damaged job)
cp "$lw/results-ok.json" "$dw/lengths.json"
bash sim/paper/paper_doc.sh "$dw/lengths.json" "$dw/w1.txt" "$dw/doc.md" > /dev/null
grep -q '^Run lengths (docs/paper.md "Run lengths and warm-up"): 6 runs, 600 simulated cycles in all; whole applications from cold caches, no warm-up. Runs that learn per period: 2, 1 of them short' "$dw/doc.md" &&
  grep -qx '| r-latte-w1 | latte-cc | 100 | 3 of 3 | 2.5 / 3 / 20 | 2.5 / 3 | short |' "$dw/doc.md" &&
  grep -qx '| r-latte-w2 | latte-cc | 100 | 2 of 3 | 0 / 10 / 20 | 12 / 15 | - |' "$dw/doc.md" &&
  grep -q '| all | ipc | r-latte vs r-none | +20% | +20% | w1 w2 (short for LATTE-CC: w1) | reproduced |' "$dw/doc.md" ||
  { sed -n '/Seed 010/,$p' "$dw/doc.md"; die "paper_doc: run lengths"; }
ok "paper_doc.sh: run lengths, periods per SM of the LATTE-CC runs, short runs beside their class rows"
echo "== paper-test: controlled experiments"
# 11. experiments.tsv (make paper-experiments): run lines crossed with their kernels beside the
# mechanisms' runs they need (make paper's ids: their jobs are reused), one-key overrides in place;
# nppaper experiments: per-kernel values and changes, means of the per-kernel changes over all
# kernels and per class (the seed's rule), a zero baseline left out and named; paper_doc.sh
# --experiments writes each table's block; missing or malformed jobs and lines are named
xw="$work/experiments" && rm -rf "$xw" && mkdir -p "$xw/jobs"
{ printf 'run\tt1\tx-fill\tk-base\tcompressor=dsm l1_alloc=fill\tall\tfixture\n'
  printf 'cmp\tt1\tx-fill\tk-base\tipc\tchange\tthe change\n'
  printf 'cmp\tt1\tk-new\tx-fill\treply_flits\tvalues\tagainst the experiment\n'
  printf 'cmp\tt1\tk-base\t-\tmc_stall\tvalues\tthe base run alone\n'; } > "$xw/experiments.tsv"
printf 'class\t000\tk-new\tk-base\tipc\t+10%%\tup\tdown\t-\n' > "$xw/classes.tsv"
xruns=(bash sim/paper/kernel_runs.sh "$kw/seed_kernels.tsv" "$kw/mechanisms.tsv" experiments "$xw/experiments.tsv" "$xw/classes.tsv")
sed -i -e '$d' -e '/^000\tEE\t/d' "$kw/seed_kernels.tsv"   # (section 8 appended a bad line; its grown ee is not needed here)
"${xruns[@]}" > "$xw/runs.tsv"
[ "$("$nppaper" ids --manifest "$xw/runs.tsv" | tr '\n' ' ')" = "k-base-aa k-new-aa k-base-bb k-new-bb x-fill-aa x-fill-bb " ] ||
  die "kernel_runs.sh experiments: run ids $("$nppaper" ids --manifest "$xw/runs.tsv" | tr '\n' ' ')"
grep -qx "x-fill-bb${T}000${T}kernel:bb@1${T}-${T}compressor=dsm l1_alloc=fill${T}-" "$xw/runs.tsv" &&
  grep -qx "k-new-aa${T}000${T}kernel:aa${T}-${T}compressor=dpc${T}-" "$xw/runs.tsv" || die "kernel_runs.sh experiments: x-fill-bb or k-new-aa line"
ok "kernel_runs.sh experiments: the experiment's runs with its keys in place, and the mechanisms' runs under make paper's ids"
# kernel: IPC of k-base / k-new / x-fill, reply flits of k-new / x-fill, MC stall share of k-base
for spec in aa:1.0:1.5:1.2:50:100:0.4 bb:2.0:2.0:1.0:30:0:0.2; do
  IFS=: read -r k ib in ix fn fx ms <<< "$spec"
  for r in "k-base:$ib:0:$ms" "k-new:$in:$fn:0" "x-fill:$ix:$fx:0"; do
    IFS=: read -r p ipc flits stall <<< "$r"
    printf '{"id":"%s","npsim_arguments":["run","x"],"result":{"core":{"ipc":%s},"reply_flits":%s,"mc_stall_fraction":%s},"npsim":{"commit":"c","binary_crc32":"00"},"timing":{"wall_seconds":1}}\n' \
      "$p-$k" "$ipc" "$flits" "$stall" > "$xw/jobs/$p-$k.json"
  done
done
xgather=("$nppaper" experiments --manifest "$xw/runs.tsv" --experiments "$xw/experiments.tsv" --classes "$xw/classes.tsv" --jobs "$xw/jobs" --out "$xw")
"${xgather[@]}" > "$xw/stdout.txt"
r=$xw/results.json
[ "$(jq -c '.tables[0].columns[0].means | map([.class, .n, (.change | round)])' "$r")" = '[["all",2,-15],["up",1,20],["down",1,-50]]' ] ||
  die "experiments: IPC means $(jq -c '.tables[0].columns[0].means' "$r")"
[ "$(jq -c '.tables[0].columns[1] | [.per_kernel.aa.change, .per_kernel.bb.change, .means[0].value, .means[0].against, .means[0].change, .means[0].left_out_zero_baseline]' "$r")" = '[-50,null,40,50,-50,"bb"]' ] ||
  die "experiments: reply flits against the experiment $(jq -c '.tables[0].columns[1]' "$r")"
[ "$(jq -c '[.tables[0].columns[2].means[0].value, .tables[0].columns[2].means[0].change, .tables[0].kernels[1].class, .runs["x-fill"].example_run]' "$r")" = '[30,null,"down","x-fill-aa"]' ] ||
  die "experiments: MC stall share, classes or example run"
ok "nppaper experiments: per-kernel changes, mean over all (-15%) and per class (+20 / -50%), a zero baseline left out, a run's own values"
# a table whose run lines name kernels stays on them, also in its columns of make paper's runs
# (which ran on every kernel); a table with an `all` run line or none takes every kernel
cp "$xw/experiments.tsv" "$xw/experiments-only.tsv"
{ printf 'run\tt3\tx-one\tk-base\tcompressor=dsm\taa\tonly aa\n'
  printf 'cmp\tt3\tk-new\tk-base\tipc\tchange\tmake paper runs\n'; } >> "$xw/experiments-only.tsv"
bash sim/paper/kernel_runs.sh "$kw/seed_kernels.tsv" "$kw/mechanisms.tsv" experiments "$xw/experiments-only.tsv" "$xw/classes.tsv" > "$xw/runs-only.tsv"
cp "$xw/jobs/x-fill-aa.json" "$xw/jobs/x-one-aa.json" && sed -i 's/"x-fill-aa"/"x-one-aa"/' "$xw/jobs/x-one-aa.json"
mkdir -p "$xw/only" && "$nppaper" experiments --manifest "$xw/runs-only.tsv" --experiments "$xw/experiments-only.tsv" --classes "$xw/classes.tsv" \
  --jobs "$xw/jobs" --out "$xw/only" > "$xw/only.txt" || die "experiments: a table on some kernels ($xw/only.txt)"
[ "$(jq -c '[.tables[] | [.id, [.kernels[].kernel], .columns[0].means[0].n]]' "$xw/only/results.json")" = '[["t1",["aa","bb"],2],["t3",["aa"],1]]' ] ||
  die "experiments: a table on some kernels $(jq -c '[.tables[] | [.id, [.kernels[].kernel]]]' "$xw/only/results.json")"
rm "$xw/jobs/x-one-aa.json"
ok "nppaper experiments: a table stays on its run lines' kernels (t3: aa of aa, bb), one with an all line on every kernel"
printf 'a\n<!-- paper-doc experiment t1: generated from build/paper/experiments/results.json by sim/paper/paper_doc.sh; do not edit -->\nstale\n<!-- paper-doc experiment t1: end -->\n<!-- paper-doc experiment t9: generated from build/paper/experiments/results.json by sim/paper/paper_doc.sh; do not edit -->\nkept\n<!-- paper-doc experiment t9: end -->\nb\n' > "$xw/doc.md"
bash sim/paper/paper_doc.sh --experiments "$r" "$xw/doc.md" > "$xw/doc.txt"
grep -qx '| aa (up) | +20% | 100 -> 50 (-50%) | 40% |' "$xw/doc.md" && grep -qx '| mean, all | -15% (n=2) | 50 -> 40 (-50%) (n=2) (left out, baseline 0: bb) | 30% (n=2) |' "$xw/doc.md" &&
  grep -qx '| mean, down | -50% (n=1) | 0 -> 30 (n=1) | 20% (n=1) |' "$xw/doc.md" &&
  [ "$(grep -c '^Columns: (1) the change; (2) against the experiment; (3) the base run alone\.' "$xw/doc.md")" = 1 ] &&
  grep -qx kept "$xw/doc.md" && ! grep -q stale "$xw/doc.md" && grep -q 'experiment t9: no table' "$xw/doc.txt" &&
  [ "$(head -1 "$xw/doc.md")$(tail -1 "$xw/doc.md")" = ab ] || { cat "$xw/doc.md"; die "paper_doc.sh --experiments: the t1 block"; }
ok "paper_doc.sh --experiments: each table's block from results.json, a block without a table left as it was"
expect_error "paper_doc.sh --experiments: a gather's results.json" "not a results.json of nppaper experiments" \
  bash sim/paper/paper_doc.sh --experiments "$cw/results.json" "$xw/doc.md"
mv "$xw/jobs/x-fill-bb.json" "$xw/x-fill-bb.json"
expect_error "experiments: missing job" "$xw/jobs/x-fill-bb.json: missing: job 'x-fill-bb' \\($xw/runs.tsv:[0-9]+\\)" "${xgather[@]}"
head -c 40 "$xw/x-fill-bb.json" > "$xw/jobs/x-fill-bb.json"
expect_error "experiments: malformed job" "$xw/jobs/x-fill-bb.json:[0-9]+: malformed JSON" "${xgather[@]}"
mv "$xw/x-fill-bb.json" "$xw/jobs/x-fill-bb.json"
printf 'cmp\tt1\tx-fill\tk-base\tspeed\tchange\tx\n' >> "$xw/experiments.tsv"
expect_error "experiments: unknown metric" "experiments.tsv:5: unknown metric 'speed'" "${xgather[@]}"
sed -i '$d' "$xw/experiments.tsv" && printf 'cmp\tt1\tk-base\t-\tipc\tchange\tx\n' >> "$xw/experiments.tsv"
expect_error "experiments: a change against no run" "experiments.tsv:5: against '-' .* shows values" "${xgather[@]}"
sed -i '$d' "$xw/experiments.tsv" && printf 'run\tt2\tx-bad\tk-none\tcompressor=dpc\tall\tx\n' >> "$xw/experiments.tsv"
expect_error "kernel_runs.sh experiments: unknown mechanism" "experiments.tsv:5: mechanism \"k-none\" is not a prefix" "${xruns[@]}"
sed -i '$d' "$xw/experiments.tsv" && printf 'run\tt2\tx-bad\tk-base\tcompressor=dpc\tzz\tx\n' >> "$xw/experiments.tsv"
expect_error "kernel_runs.sh experiments: kernel of another seed" "experiments.tsv:5: kernel \"zz\" is not a kernel of seed 000" "${xruns[@]}"
# the shipped experiments: their run table passes nppaper's checks, and experiments.tsv loads (the
# gatherer then stops at the first job, which this test does not run)
bash sim/paper/kernel_runs.sh sim/paper/seed_kernels.tsv sim/paper/mechanisms.tsv experiments sim/paper/experiments.tsv \
  sim/paper/kernel_classes.tsv > "$xw/shipped.tsv"
nx=$("$nppaper" ids --manifest "$xw/shipped.tsv" | wc -l) || die "the shipped experiments' run table does not pass nppaper's checks"
expect_error "shipped experiments.tsv loads; its jobs are not run here" "$xw/none/.*: missing: job" "$nppaper" experiments \
  --manifest "$xw/shipped.tsv" --experiments sim/paper/experiments.tsv --classes sim/paper/kernel_classes.tsv \
  --kernels sim/paper/seed_kernels.tsv --jobs "$xw/none" --out "$xw"
ok "shipped experiments: $nx runs (with the mechanisms' runs they need) pass nppaper's checks"
# every table of the shipped experiments.tsv has its block in docs/paper.md (else make paper-doc
# never writes it), and every block names a table of experiments.tsv (else it is never regenerated)
tables=$(awk -F'\t' '$1 == "run" || $1 == "cmp" { print $2 }' sim/paper/experiments.tsv | sort -u)
blocks=$(sed -n 's/^<!-- paper-doc experiment \([a-z0-9_.+-]*\): generated .*/\1/p' docs/paper.md | sort -u)
[ "$tables" = "$blocks" ] || die "experiments.tsv's tables and docs/paper.md's experiment blocks differ: $(comm -3 <(echo "$tables") <(echo "$blocks") | tr '\n\t' '  ')"
ok "docs/paper.md has one block per experiments.tsv table ($(echo "$tables" | wc -l))"
echo "paper-test: $passed checks passed"
