# bench_cpus.sh, sourced by codec_insns.sh and codec_ab.sh: bench_cpus LIST prints the CPUs of
# LIST one per word, LIST as taskset takes it (0,1 or 0-3,6) or "all" (this shell's affinity).
# The two vCPUs of this host run at different speeds and each has slow phases of its own
# (docs/codec-speed.md, twelfth round), so the benches pin each run and say where it ran.
bench_cpus() { # LIST
    local list="$1"
    command -v taskset >/dev/null || { echo "bench_cpus: pinning needs taskset (util-linux)" >&2; return 1; }
    [ "$list" = all ] && list=$(taskset -cp $$ | sed 's/.*: *//')
    [[ "$list" =~ ^[0-9]+(-[0-9]+)?(,[0-9]+(-[0-9]+)?)*$ ]] ||
        { echo "bench_cpus: a CPU list is like 0,1 or 0-3 (or all), not '$list'" >&2; return 2; }
    echo "$list" | tr ',' '\n' | awk -F- '{ for (c = $1; c <= (NF > 1 ? $2 : $1); c++) printf "%d ", c }'
}

# bench_cpu_list LIST: sets the caller's cpu_list (the CPUs, one per element; ("") when LIST is
# empty: not pinned) and cpus (them joined by commas), or fails after bench_cpus' message.
bench_cpu_list() { # LIST
    cpu_list=("")
    cpus=""
    [ -n "$1" ] || return 0
    local words
    words=$(bench_cpus "$1") || return 2
    read -r -a cpu_list <<<"$words"
    cpus=$(echo "$words" | xargs | tr ' ' ',')
}
