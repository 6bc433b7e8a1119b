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
set -euo pipefail
[ $# -ge 3 ] && [ $(($# % 2)) = 1 ] || { echo "usage: paper_doc.sh RESULTS WALL_TIME [RESULTS WALL_TIME ...] DOC" >&2; exit 2; }
args=("$@")
doc=${args[$# - 1]}
sets=$((($# - 1) / 2))
begin='<!-- paper-doc: generated from build/paper/results.json by sim/paper/paper_doc.sh; do not edit -->'
end='<!-- paper-doc: end -->'
[ "$(grep -cxF "$begin" "$doc")" = 1 ] && [ "$(grep -cxF "$end" "$doc")" = 1 ] ||
  { echo "paper_doc: $doc: expected one line '$begin' and one '$end'" >&2; exit 1; }
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
awk -v b="$begin" -v e="$end" -v f="$body" '
  $0 == b { print; while ((getline l < f) > 0) print l; skip = 1; next }
  $0 == e { skip = 0 }
  !skip { print }' "$doc" > "$doc.tmp"
mv "$doc.tmp" "$doc"
echo "paper_doc: $doc: generated block from $sets run set(s) ($(wc -l < "$body") lines)"
