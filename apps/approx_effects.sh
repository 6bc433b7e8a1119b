#!/usr/bin/env bash
# What the bits `nocpress approx-bits` answers for a 1% and a 10% error bound do to DSM's
# compression ratio (`nocpress ratio --approx N`) and to npsim's reply traffic (compressor =
# dsm-approx, approx_bits = N, on the npsim generator that walks the kernel's data:
# docs/sim.md "Generators"), for the kernels with real inputs. docs/approx.md sec. 6.
# usage: approx_effects.sh NOCPRESS NPSIM TABLE DATA_DIR OUT_DIR
set -euo pipefail
np=$1 sim=$2 table=$3 dd=$4 out=$5
mkdir -p "$out"

# kernel | approx-bits arguments | files whose DSM ratio is measured | npsim pattern (- none)
cases=(
  "kmeans|--kernel kmeans --clusters 5 --data $dd/rodinia_kmeans_204800_head4M.float32.bin|rodinia_kmeans_204800_head4M.float32.bin|stream"
  "hotspot|--kernel hotspot --data $dd/rodinia_hotspot_temp_512.float32.bin --data $dd/rodinia_hotspot_power_512.float32.bin|rodinia_hotspot_temp_512.float32.bin rodinia_hotspot_power_512.float32.bin|stencil"
  "lud|--kernel lud --data $dd/rodinia_lud_512.float32.bin|rodinia_lud_512.float32.bin|mapreduce"
  "srad|--kernel srad --rows 502 --cols 458 --data $dd/rodinia_srad_image_f32.float32.bin|rodinia_srad_image_f32.float32.bin|-"
)

# DSM ratio of FILE at BITS (the md table's ratio column).
ratio() { "$np" ratio --approx "$2" --format md "$dd/$1" | awk -F'|' '/float32/ {gsub(/ /, "", $8); print $8}'; }
# npsim reply flits and completion cycles of PATTERN with the given keys: "flits cycles".
simrun() {
  local pat=$1; shift
  "$sim" run --pattern "$pat" --per-warp 48 "$@" | awk 'f {print $2, $6; exit} /^compressor/ {f=1}'
}

md="$out/effects.md"
{
  echo "| kernel | bound | predicted bits | measured error there | answer bits | DSM ratio lossless -> answer | npsim pattern | reply flits none / dsm / dsm-approx | completion cycles none / dsm / dsm-approx |"
  echo "|---|---:|---:|---:|---:|---|---|---|---|"
} > "$md"
for c in "${cases[@]}"; do
  IFS='|' read -r kernel args files pat <<<"$c"
  base=""
  if [ "$pat" != - ]; then
    read -r fn cn < <(simrun "$pat" compressor=none)
    read -r fd cd < <(simrun "$pat" compressor=dsm)
    base="$fn / $fd"; basec="$cn / $cd"
  fi
  for bound in 0.01 0.1; do
    # shellcheck disable=SC2086 # args holds several options on purpose
    ans=$("$np" approx-bits $args --max-error "$bound" --table "$table" --config-out "$out/${kernel}_${bound}.cfg")
    echo "$ans" > "$out/${kernel}_${bound}.txt"
    pred=$(awk '/^predicted bits/ {print $3}' <<<"$ans")
    bits=$(awk '/^answer/ {print $2}' <<<"$ans")
    meas=$(awk '/^check/ {print $3}' <<<"$ans")
    rat=""
    for f in $files; do
      rat+="${rat:+, }$(ratio "$f" 0) -> $(ratio "$f" "$bits")"
    done
    if [ "$pat" != - ]; then
      # The answer's configuration file is what npsim reads (npsim run -c FILE).
      read -r fa ca < <(simrun "$pat" -c "$out/${kernel}_${bound}.cfg")
      simcol="$base / $fa"; simc="$basec / $ca"
    else
      simcol="-"; simc="-"
    fi
    echo "| $kernel | $bound | $pred | $meas | $bits | $rat | $pat | $simcol | $simc |" >> "$md"
  done
done
cat "$md"
