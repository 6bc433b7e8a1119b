#!/usr/bin/env bash
# sim/paper/deps.sh PACKAGE...: installs the named Debian packages when any is missing (the
# .ci/deps.sh pattern: apt-get as root, otherwise print the exact command and fail).
# make paper needs `parallel`; make paper-slurm-test needs `slurm-wlm munge` as well.
set -euo pipefail
missing=()
for p in "$@"; do
  [[ $p =~ ^[a-z0-9][a-z0-9.+-]*$ ]] || { echo "deps: not a Debian package name: '$p'" >&2; exit 2; }
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "deps: missing Debian packages: ${missing[*]}"
if [ "$(id -u)" -ne 0 ]; then
  echo "deps: not root; run:  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}"
