# `make test-profile`'s report: CPU seconds (user + sys) of make test's recipe lines by kind,
# from tests/recipe_time_shell.sh's log. Lines run inside another line's recursive make (a
# Verilator model's own makefile, in its build folder) and the lines that only run a recursive
# make are left out, so each CPU second is counted once.
BEGIN { FS = "\t" }
$2 != root { next }
$3 ~ /^export NP_T0|^start=.*make --no-print|^make --no-print-directory +--output-sync|^TIMEFORMAT/ { next }
{
    split($1, t, " ")
    cpu = t[2] + t[3]
    c = $3
    k = "other: tests run, scripts"
    if (c ~ /NP_PROVE_QUICK|_prove\.sh/) k = "proofs"
    else if (c ~ /run_verify\.sh/) k = "harness runs (verify)"
    else if (c ~ /run_iverilog/) k = "Icarus replays"
    else if (c ~ /selftest\.sh/) k = "harness self-tests"
    else if (c ~ /^build\/fuzz\/fuzz_/) k = "fuzz-test runs"
    else if (c ~ /build\/sc\/|VL-SC|pch\/sc/) k = "SystemC builds"
    else if (c ~ /CXX-LD|CXX-AR|'VL'|PCH|build\/vl\//) k = "Verilator harness builds"
    else if (c ~ /FUZZ/) k = "fuzz builds"
    else if (c ~ /CC-SAN|LD-SAN/) k = "ASan+UBSan builds"
    else if (c ~ /lint/) k = "lint"
    else if (c ~ /^printf .*(CC|LD|AR)/) k = "plain C builds"
    else if (c ~ /test_template/) k = "unit template test"
    else if (c ~ /synth/) k = "synthesis tests"
    sum[k] += cpu; n[k]++; total += cpu
}
END {
    for (k in sum) printf "%9.1f %5.1f %% %5d  %s\n", sum[k], 100 * sum[k] / total, n[k], k | "sort -rn"
    close("sort -rn")
    printf "%9.1f CPU s in all\n", total
}
