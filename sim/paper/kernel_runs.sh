#!/usr/bin/env bash
# sim/paper/kernel_runs.sh SEED_KERNELS MECHANISMS [quick | experiments EXPERIMENTS CLASSES]: the
# kernel run table of `make paper` (docs/paper.md "Kernel workloads"), a runs.tsv on stdout: for
# every seed, every line of MECHANISMS (sim/paper/mechanisms.tsv) crossed with every kernel the seed
# runs in SEED_KERNELS (sim/paper/seed_kernels.tsv; with `quick`, only the lines marked quick). Run
# ids are PREFIX-KERNEL, print items' baselines BASE become BASE-KERNEL; the workload is
# kernel:KERNEL, with -xK when the seed runs it K times larger (the grow column) and @1 for its
# first launch alone. An override word NAME:key=value of a mechanism applies to kernel NAME alone
# (as key=value, in place of the same key): where the seed sets a key per benchmark (seed 001's
# approximation bits, sec. 6.1).
# With `experiments`, the run table of `make paper-experiments` instead: every run line of
# EXPERIMENTS (sim/paper/experiments.tsv) crossed with its kernels, its mechanism's overrides with
# the line's keys in place, and the mechanisms' runs it needs on the same kernels (those its cmp
# lines name, and the class rule's runs of CLASSES, sim/paper/kernel_classes.tsv), with the ids and
# arguments of make paper's, so its jobs are reused (printing nothing: nppaper experiments reads them).
# nppaper checks the result as any runs.tsv (file:line of the generated table); this script checks
# the inputs' shape.
set -euo pipefail
kernels=$1 mechanisms=$2 subset=${3:-all} experiments=${4:-} classes=${5:-}
case $subset in
  all|quick) [ $# -le 3 ] || { echo "kernel_runs: $subset takes no more arguments" >&2; exit 2; } ;;
  experiments) [ $# = 5 ] || { echo "kernel_runs: experiments EXPERIMENTS CLASSES: two files expected" >&2; exit 2; } ;;
  *) echo "kernel_runs: third argument '$subset': expected quick, experiments or nothing" >&2; exit 2 ;;
esac
# experiments: the run lines' runs, and the mechanisms' runs they need on the same kernels
awk -F'\t' -v subset="$subset" -v kfile="$kernels" -v mfile="$mechanisms" -v xfile="$experiments" -v cfile="$classes" '
  function bad(f, l, msg) { printf "%s:%d: %s\n", f, l, msg > "/dev/stderr"; failed = 1; exit 1 }
  # the overrides o with every key=value word of keys in place of the same key, or added
  function merge(o, keys,   n, w, m, kw, i, j, out, used) {
    n = split(o == "-" ? "" : o, w, " "); m = split(keys, kw, " "); out = ""
    for (i = 1; i <= n; i++) {
      for (j = 1; j <= m; j++) if (substr(kw[j], 1, index(kw[j], "=")) == substr(w[i], 1, index(w[i], "="))) break
      if (j <= m) { used[j] = 1; w[i] = kw[j] }
      out = out (out == "" ? "" : " ") w[i]
    }
    for (j = 1; j <= m; j++) if (!(j in used)) out = out (out == "" ? "" : " ") kw[j]
    return out
  }
  # the overrides o for kernel kn: its NAME:key=value words in place, the words naming other kernels dropped
  function kover(o, kn,   n, w, i, c, out, ks) {
    n = split(o == "-" ? "" : o, w, " "); out = ""; ks = ""
    for (i = 1; i <= n; i++) {
      c = index(w[i], ":")
      if (!c) { out = out (out == "" ? "" : " ") w[i]; continue }
      if (substr(w[i], 1, c - 1) == kn) ks = ks (ks == "" ? "" : " ") substr(w[i], c + 1)
    }
    out = ks == "" ? out : merge(out == "" ? "-" : out, ks)
    return out == "" ? "-" : out
  }
  function row(id, seed, k, conf, over, print_) {
    printf "%s-%s\t%s\t%s\t%s\t%s\t%s\n", id, kname[seed, k], seed, kwork[seed, k], conf, over, print_
  }
  FNR == 1 { file = FILENAME }
  /^#/ || /^[ \t]*$/ { next }
  file == kfile {
    if (NF != 8) bad(file, FNR, "expected 8 TAB-separated fields, got " NF)
    if ($1 !~ /^[0-9][0-9][0-9]$/) bad(file, FNR, "seed \"" $1 "\": expected three digits")
    if ($3 == "-") { if ($4 != "-" || $5 != "-") bad(file, FNR, "a missing kernel has launch - and grow -"); next }
    if ($3 !~ /^[a-z0-9]+$/) bad(file, FNR, "kernel \"" $3 "\": lower-case letters and digits (npkernel list)")
    listed[$1, $3] = 1
    if ($4 != "all" && $4 != "1") bad(file, FNR, "launch \"" $4 "\": expected all or 1")
    if ($5 != "-" && ($5 !~ /^x[1-9][0-9]*$/ || substr($5, 2) + 0 < 2 || substr($5, 2) + 0 > 1024))
      bad(file, FNR, "grow \"" $5 "\": expected xK (K in 2..1024: npkernel --grow K) or -")
    if ($7 != "quick" && $7 != "-") bad(file, FNR, "quick \"" $7 "\": expected quick or -")
    if (subset == "quick" && $7 != "quick") next
    key = $1 SUBSEP $3
    if (key in seen) bad(file, FNR, "kernel " $3 " twice for seed " $1)
    seen[key] = nk[$1] + 1
    nk[$1]++; kname[$1, nk[$1]] = $3
    kwork[$1, nk[$1]] = "kernel:" $3 ($5 != "-" ? "-" $5 : "") ($4 == "1" ? "@1" : "")
    next
  }
  file == mfile {
    if (NF != 5) bad(file, FNR, "expected 5 TAB-separated fields, got " NF)
    n = split($4, w, " ")
    for (i = 1; i <= n; i++)
      if ((c = index(w[i], ":")) && (!listed[$1, substr(w[i], 1, c - 1)] || substr(w[i], c + 1) !~ /^[a-z0-9_]+=[^ =:]+$/))
        bad(file, FNR, "override \"" w[i] "\": NAME:key=value with NAME a kernel of seed " $1 " in " kfile)
    nm[$1]++; mline[$1, nm[$1]] = $0; mseed[$2] = $1
    if (!($1 in seedorder)) { seedorder[$1] = ++nseeds; seedat[nseeds] = $1 }
    next
  }
  file == xfile {
    if (NF != 7) bad(file, FNR, "expected 7 TAB-separated fields, got " NF)
    if ($1 == "cmp") { ncmp++; cref[ncmp] = $3; cref2[ncmp] = $4; cline[ncmp] = FNR; next }
    if ($1 != "run") bad(file, FNR, "first field \"" $1 "\": expected run or cmp")
    if ($3 !~ /^[a-z0-9][a-z0-9_.-]*$/ || ($3 in mseed) || ($3 in xseed)) bad(file, FNR, "run prefix \"" $3 "\": a new word of lower-case letters, digits and _ . -")
    if (!($4 in mseed)) bad(file, FNR, "mechanism \"" $4 "\" is not a prefix of " mfile)
    seed = mseed[$4]; xseed[$3] = seed; nx++; xat[nx] = $3; xmech[$3] = $4; xkeys[$3] = $5
    if ($5 !~ /^[a-z0-9_]+=[^ =]+( [a-z0-9_]+=[^ =]+)*$/) bad(file, FNR, "keys \"" $5 "\": key=value words")
    n = $6 == "all" ? nk[seed] : split($6, ks, ",")
    for (j = 1; j <= n; j++) {
      k = $6 == "all" ? j : seen[seed, ks[j]]
      if (!k) bad(file, FNR, "kernel \"" ks[j] "\" is not a kernel of seed " seed " in " kfile)
      xk[$3, j] = k; used[seed, k] = 1
    }
    xn[$3] = n; need[$4] = 1; active[seed] = 1
    next
  }
  $1 == "class" && NF == 9 { cprobe[$2] = $3; cbase[$2] = $4 }
  END {
    if (failed) exit 1
    if (subset != "experiments") {
      print "# generated by sim/paper/kernel_runs.sh from " kfile " and " mfile " (" subset "); do not edit"
      for (s = 1; s <= nseeds; s++) {
        seed = seedat[s]
        for (k = 1; k <= nk[seed]; k++)
          for (i = 1; i <= nm[seed]; i++) {
            split(mline[seed, i], f, "\t")
            n = split(f[5], items, ","); print_ = ""
            for (j = 1; j <= n; j++) {
              item = items[j]
              if (item != "-" && index(item, "/")) item = item "-" kname[seed, k]
              print_ = print_ (j > 1 ? "," : "") item
            }
            row(f[2], seed, k, f[3], kover(f[4], kname[seed, k]), print_)
          }
      }
      exit 0
    }
    for (c = 1; c <= ncmp; c++)
      for (r = 1; r <= 2; r++) {
        p = r == 1 ? cref[c] : cref2[c]
        if (p in mseed) need[p] = 1
        else if (!(p in xseed) && !(r == 2 && p == "-")) bad(xfile, cline[c], "run \"" p "\" is neither a run line nor a prefix of " mfile)
      }
    for (seed in active) {
      if (seed in cprobe) need[cprobe[seed]] = 1
      if ((seed in cbase) && cbase[seed] != "-") need[cbase[seed]] = 1
    }
    print "# generated by sim/paper/kernel_runs.sh from " xfile ", " kfile ", " mfile " and " cfile " (experiments); do not edit"
    for (s = 1; s <= nseeds; s++) {
      seed = seedat[s]
      if (!(seed in active)) continue
      for (k = 1; k <= nk[seed]; k++)
        for (i = 1; used[seed, k] && i <= nm[seed]; i++) {
          split(mline[seed, i], f, "\t")
          if (f[2] in need) row(f[2], seed, k, f[3], kover(f[4], kname[seed, k]), "-")
        }
    }
    for (x = 1; x <= nx; x++) {
      p = xat[x]; seed = xseed[p]
      for (i = 1; i <= nm[seed]; i++) { split(mline[seed, i], f, "\t"); if (f[2] == xmech[p]) break }
      for (j = 1; j <= xn[p]; j++) row(p, seed, xk[p, j], f[3], merge(kover(f[4], kname[seed, xk[p, j]]), xkeys[p]), "-")
    }
  }' "$kernels" "$mechanisms" ${experiments:+"$experiments" "$classes"}
