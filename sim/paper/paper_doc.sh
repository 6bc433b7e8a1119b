#!/usr/bin/env bash
# sim/paper/paper_doc.sh RESULTS WALL_TIME [RESULTS WALL_TIME ...] DOC: the generated part of
# docs/paper.md (make paper-doc; docs/paper.md "Kernel workloads"). Every number between the markers
#   <!-- paper-doc: generated from build/paper/results.json by sim/paper/paper_doc.sh; do not edit -->
#   <!-- paper-doc: end -->
# comes from a RESULTS (nppaper gather's results.json) and its WALL_TIME (make paper's
# wall_time.txt); the block is replaced in DOC, nothing else is touched, so no figure is copied by
# hand. Several run sets (e.g. one make paper PAPER_SELECT='--seed S' per seed, or the full set of
# some seeds and the quick set of the others): one line per set names its seeds, and each seed's
# tables come from the first set that has them, with the set's number beside the seed.
#
# sim/paper/paper_doc.sh --experiments RESULTS DOC: the controlled experiments' tables (make
# paper-doc after make paper-experiments; RESULTS is nppaper experiments' results.json): each table
# T of RESULTS replaces the block between
#   <!-- paper-doc experiment T: generated from build/paper/experiments/results.json by sim/paper/paper_doc.sh; do not edit -->
#   <!-- paper-doc experiment T: end -->
# in DOC; a block whose table RESULTS lacks (a run of some seeds only) is left as it was, and named.
set -euo pipefail
# replace_block BEGIN END BODY DOC: DOC with the lines between BEGIN and END (one each) replaced by
# the file BODY; nothing else changes, and DOC is replaced whole
replace_block() {
  local begin=$1 end=$2 body=$3 doc=$4
  [ "$(grep -cxF "$begin" "$doc")" = 1 ] && [ "$(grep -cxF "$end" "$doc")" = 1 ] ||
    { echo "paper_doc: $doc: expected one line '$begin' and one '$end'" >&2; return 1; }
  awk -v b="$begin" -v e="$end" -v f="$body" '
    $0 == b { print; while ((getline l < f) > 0) print l; skip = 1; next }
    $0 == e { skip = 0 }
    !skip { print }' "$doc" > "$doc.tmp"
  mv "$doc.tmp" "$doc"
}
if [ "${1:-}" = --experiments ]; then
  [ $# = 3 ] || { echo "usage: paper_doc.sh --experiments RESULTS DOC" >&2; exit 2; }
  results=$2 doc=$3
  jq -e '.tables and .runs and .jobs_summary and .experiments' "$results" > /dev/null ||
    { echo "paper_doc: $results: not a results.json of nppaper experiments (tables, runs, jobs_summary)" >&2; exit 1; }
  body=$(mktemp)
  trap 'rm -f "$body" "$doc.tmp"' EXIT
  for id in $(grep -o '^<!-- paper-doc experiment [a-z0-9_.+-]*: generated' "$doc" | cut -d' ' -f4 | tr -d :); do
    if ! jq -e --arg id "$id" 'any(.tables[]; .id == $id)' "$results" > /dev/null; then
      echo "paper_doc: $doc: experiment $id: no table in $results, its block left as it was"; continue
    fi
    jq -r --arg id "$id" '
      def commas: round | tostring | explode | reverse | [_nwise(3)] | map(reverse | implode) | reverse | join(",");
      def val($f): if . == null then "n/a" elif $f == "count" then commas elif $f == "fraction" then (. * 10 | round / 10 | tostring) + "%"
        else (. * 1000 | round / 1000 | tostring) end;
      def sgn: if . == null then "n/a" else (. * 10 | round / 10) as $r | if $r == 0 then "0%" elif $r > 0 then "+\($r)%" else "\($r)%" end end;
      def cell($c): if $c.show == "change" then (.change | sgn)
        elif $c.against == "-" then (.value | val($c.format))
        else "\(.against | val($c.format)) -> \(.value | val($c.format))" + (if .change == null then "" else " (\(.change | sgn))" end) end;
      . as $r | .jobs as $jobs | (.tables[] | select(.id == $id)) as $t |
      "Seed \($t.seed). Run set of the experiments: `\($r.manifest)` (\($r.experiments)), \($r.jobs_summary.jobs) jobs (their runs and the runs of make paper they compare with) of npsim binary `\($r.jobs_summary.npsim_binary_crc32)` (CRC-32), commit `\([$jobs[].npsim.commit] | unique | join(", "))`, \($r.jobs_summary.wall_seconds_sum * 10 | round / 10) s of job time (simulation). Runs:",
      "",
      ([$r.runs | to_entries[] | select(.value.table == $id)] | if length == 0 then "- none of its own: the columns compare runs named in the other tables and make paper'"'"'s" else .[] |
        "- `\(.key)`: `\(.value.mechanism)` with `\(.value.keys)` on \(if .value.kernels == "all" then "every kernel of seed \(.value.seed)" else (.value.kernels | gsub(","; ", ")) end): \(.value.isolates); e.g. `npsim \(.value.example_npsim_arguments | join(" "))` (\(.value.example_run))" end),
      "",
      "| kernel (class) | " + ([$t.columns | to_entries[] | "(\(.key + 1)) \(.value.label): \(.value.run)\(if .value.against == "-" then "" else " vs \(.value.against)" end)"] | join(" | ")) + " |",
      "|---|" + ([$t.columns[] | "---:"] | join("|")) + "|",
      ($t.kernels[] | .kernel as $k | "| \($k)\(if .class then " (\(.class))" else "" end) | " +
        ([$t.columns[] | . as $c | if .per_kernel[$k] then (.per_kernel[$k] | cell($c)) else "" end] | join(" | ")) + " |"),
      ((reduce ($t.columns[].means[] | .class) as $c ([]; if any(.[]; . == $c) then . else . + [$c] end)) as $classes |
        (if ($t.kernels | length) > 1 then $classes[] else empty end) as $cls |
        "| mean, \($cls) | " + ([$t.columns[] | . as $c | [.means[] | select(.class == $cls)][0] as $m | if $m then ($m | cell($c)) + " (n=\($m.n))" + (if $m.left_out_zero_baseline != "" and $m.change != null then " (left out, baseline 0: \($m.left_out_zero_baseline))" else "" end) else "" end] | join(" | ")) + " |"),
      "",
      "Columns: " + ([$t.columns | to_entries[] | "(\(.key + 1)) \(.value.note)"] | join("; ")) + ". A mean is over the kernels of the line (n), of the values and of the per-kernel changes."
    ' "$results" > "$body"
    replace_block "<!-- paper-doc experiment $id: generated from build/paper/experiments/results.json by sim/paper/paper_doc.sh; do not edit -->" \
      "<!-- paper-doc experiment $id: end -->" "$body" "$doc"
    echo "paper_doc: $doc: experiment $id ($(wc -l < "$body") lines)"
  done
  exit 0
fi
[ $# -ge 3 ] && [ $(($# % 2)) = 1 ] || { echo "usage: paper_doc.sh RESULTS WALL_TIME [RESULTS WALL_TIME ...] DOC" >&2; exit 2; }
args=("$@")
doc=${args[$# - 1]}
sets=$((($# - 1) / 2))
begin='<!-- paper-doc: generated from build/paper/results.json by sim/paper/paper_doc.sh; do not edit -->'
end='<!-- paper-doc: end -->'
for ((i = 0; i < sets; i++)); do
  jq -e '.class_tables and .jobs and .jobs_summary and .verdicts' "${args[2 * i]}" > /dev/null ||
    { echo "paper_doc: ${args[2 * i]}: not a results.json of nppaper gather (class_tables, jobs, verdicts)" >&2; exit 1; }
  [ -f "${args[2 * i + 1]}" ] || { echo "paper_doc: ${args[2 * i + 1]}: no wall time file" >&2; exit 1; }
done
body=$(mktemp)
trap 'rm -f "$body" "$doc.tmp"' EXIT
# the set each seed's tables come from: the first that has them
declare -A from
for ((i = 0; i < sets; i++)); do
  for seed in $(jq -r '.class_tables[].seed' "${args[2 * i]}"); do if [ -z "${from[$seed]:-}" ]; then from[$seed]=$i; fi; done
done
{
  for ((i = 0; i < sets; i++)); do
    results=${args[2 * i]} wall=${args[2 * i + 1]}
    mine=$(for seed in $(printf '%s\n' "${!from[@]}" | sort); do if [ "${from[$seed]}" = "$i" ]; then printf '%s ' "$seed"; fi; done)
    [ -n "$mine" ] || continue
    echo "Run set $((i + 1)) (seeds ${mine% }): \`$(jq -r .manifest "$results")\`, $(jq -r '.jobs_summary.jobs' "$results") runs, npsim binary $(jq -r '.jobs_summary | if has("npsim_binary_crc32") then "`\(.npsim_binary_crc32)` (CRC-32)" else "`\(.npsim_binary_fnv1a64)` (FNV-1a 64)" end' "$results"), commit \`$(jq -r '[.jobs[].npsim.commit] | unique | join(", ")' "$results")\`; $(sed 's/^paper: //' "$wall") (simulation)."
    echo
  done
  for seed in $(printf '%s\n' "${!from[@]}" | sort); do
  results=${args[2 * ${from[$seed]}]}
  echo "#### Seed $seed (run set $((${from[$seed]} + 1)))"
  echo
  jq -r '
    def pct: if . == null then "n/a" else (. * 10 | round / 10 | tostring) end;
    def sgn: if . == null then "n/a" elif . > 0 then "+" + (pct) + "%" else (pct) + "%" end;
    def vname: if . == null then "-" else {"reproduced": "reproduced", "same_sign": "same sign only", "not_reproduced": "not reproduced"}[.] end;
    .jobs as $jobs | .verdicts as $v | .missing_kernels as $miss | (.run_lengths // {})[$seed] as $len |
    .class_tables[] | select(.seed == $seed) | . as $t |
    (if ($t.workloads | length) > 0 then
      "| kernel | our class (probe change) | published class |\n|---|---|---|",
      ($t.workloads | to_entries[] | "| \(.key) | \(.value.class) (\(.value.probe_change_pct | sgn)) | \(.value.published_class // "-") |"),
      "" else empty end),
    "| class | metric | run against | published | ours (mean) | kernels | verdict |\n|---|---|---|---:|---:|---|---|",
    ($t.rows[] | "| \(.class) | \(.metric) | \(.prefix) vs \(.against) | \(if .published == null then "-" elif .against == "-" then (.published | tostring) + "%" elif .published > 0 then "+" + (.published | tostring) + "%" else (.published | tostring) + "%" end) | \(if .against == "-" then (if .ours == null then "n/a" else (.ours | pct) + "%" end) else (.ours | sgn) end) | \(if .workloads == "" then "none" else .workloads end)\(if (.short_runs // "") != "" then " (short for LATTE-CC: \(.short_runs))" else "" end) | \(.verdict | vname) |"),
    "",
    (if $v[$t.seed] then "Verdicts: \($v[$t.seed].reproduced) reproduced, \($v[$t.seed].same_sign) same sign only, \($v[$t.seed].not_reproduced) not reproduced; \($v[$t.seed].no_run) published figures have no kernel of their class here.\n" else empty end),
    ([$jobs[] | select(.seed == $t.seed) | {config, workload}] | group_by(.config)[] |
      "Runs on `\(.[0].config)`: " + ([.[].workload] | unique | join(", ")) + ".\n"),
    "Runs (simulated cycles, warp instructions, wall seconds of the job):",
    ([$jobs | to_entries[] | select(.value.seed == $t.seed) |
      "\(.key) \(.value.result.completion_cycles) / \(.value.result.core.instructions // "n/a") / \(.value.timing.wall_seconds * 10 | round / 10)"] | join("; ")),
    "",
    (if $len then
      "Run lengths (docs/paper.md \"Run lengths and warm-up\"): \($len.runs | length) runs, \($len.cycles_total) simulated cycles in all\(if ($len.runs_without_length // 0) > 0 then " (\($len.runs_without_length) runs without a length in their JSON)" else "" end); whole applications from cold caches, no warm-up." +
      ([$len.runs | to_entries[] | select(.value.learns_per_period)] as $ad |
        if ($ad | length) > 0 then
          " Runs that learn per period: \($ad | length), \($len.short_runs | length) of them short (fewer than \($len.min_periods_per_sm) periods on the SM with fewest among those with L1 accesses).\n\n" +
          "| run | L1 compression | cycles | SMs with L1 accesses | periods per SM, all SMs: min / mean / max | periods per SM with accesses: min / mean | short |\n|---|---|---:|---:|---:|---:|---|\n" +
          ([$ad[] | .value as $r | "| \(.key) | \($r.l1_compression) | \($r.cycles) | \($r.sms_with_accesses) of \($r.sms) | \($r.periods_per_sm_min * 10 | round / 10) / \($r.periods_per_sm_mean * 10 | round / 10) / \($r.periods_per_sm_max * 10 | round / 10) | \($r.periods_per_sm_min_with_accesses * 10 | round / 10) / \($r.periods_per_sm_mean_with_accesses * 10 | round / 10) | \(if $r.short then "short" else "-" end) |"] | join("\n"))
        else "" end) + "\n"
    else empty end),
    (if $miss[$t.seed] then "Not run here (\($miss[$t.seed] | length) kernels of the seed): " + ([$miss[$t.seed] | to_entries[] | "\(.key) (\(.value))"] | join("; ")) + ".\n" else empty end)
  ' --arg seed "$seed" "$results"
  done
} > "$body"
replace_block "$begin" "$end" "$body" "$doc"
echo "paper_doc: $doc: generated block from $sets run set(s) ($(wc -l < "$body") lines)"
