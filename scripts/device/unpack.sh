#!/usr/bin/env bash
# unpack.sh: on the device machine, checks the parts pack.sh made against
# their MANIFEST, joins and unpacks them into the repository (.local/ and
# bin/), checks every unpacked file, then finds the folders of the CUDA 13
# and cuDNN 9 libraries and writes them, colon-separated, to
# DIR/cuda-lib-path (and prints them).
#
#   scripts/device/unpack.sh [DIR]    DIR: the parts' folder (default .local/device-carry)
#
# Environment: UNPACK_ROOT, the folder to unpack into (default: the
# repository root); UNPACK_NO_CUDA=1 skips the search for CUDA;
# UNPACK_CUDA_GLOB, where to look first (default
# /opt/*/.venv/lib/python3*/site-packages/nvidia/*/lib).
# Files already unpacked and matching the manifest are not unpacked again.
set -euo pipefail

say() { echo "unpack: $*" >&2; }
die() { say "$*"; exit 1; }

root=${UNPACK_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root"
dir=${1:-.local/device-carry}
mf=$dir/MANIFEST
[[ -f $mf ]] || die "$mf is missing: carry it with every part (pack.sh prints the calls)"

# sums_ok KIND: every entry of kind KIND in the manifest exists and has its
# SHA-256; names each missing file and each mismatch.
sums_ok() {
  local kind=$1 bad=0 sum size path got
  while read -r k sum size path; do
    [[ $k == "$kind" ]] || continue
    if [[ ! -f $path ]]; then
      say "missing $kind: $path ($size bytes)"; bad=1; continue
    fi
    got=$(sha256sum "$path" | cut -d' ' -f1)
    if [[ $got != "$sum" ]]; then
      say "checksum mismatch: $path has SHA-256 $got, the manifest says $sum"; bad=1
    fi
  done <"$mf"
  return $bad
}

grep -q '^part ' "$mf" || die "$mf names no parts"
if sums_ok file 2>/dev/null; then
  say "already unpacked and checked: $(awk '$1 == "file" { printf "%s ", $4 }' "$mf")"
else
  sums_ok part || die "parts missing or damaged (above): send each missing part in its own call, then run this again"
  awk '$1 == "part" { print $4 }' "$mf" | xargs cat | xz -dc -T0 | tar -xf - --no-same-owner -C "$root" ||
    die "joining or unpacking the parts failed"
  sums_ok file || die "unpacked files do not match the manifest (above)"
  say "unpacked and checked: $(awk '$1 == "file" { printf "%s ", $4 }' "$mf")"
fi

[[ "${UNPACK_NO_CUDA:-0}" == 1 ]] && exit 0

# The CUDA libraries: the nvidia/*/lib folders of any Python environment
# under /opt, else of the python3 on PATH.
dirs=()
for d in ${UNPACK_CUDA_GLOB:-/opt/*/.venv/lib/python3*/site-packages/nvidia/*/lib}; do
  [[ -d $d ]] && dirs+=("$d")
done
if ((${#dirs[@]} == 0)) && command -v python3 >/dev/null; then
  base=$(python3 -c 'import nvidia, os; print(os.path.dirname(nvidia.__path__[0]))' 2>/dev/null || true)
  for d in "$base"/nvidia/*/lib; do
    [[ -d $d ]] && dirs+=("$d")
  done
fi
((${#dirs[@]} > 0)) || die "no site-packages/nvidia/*/lib folders found (looked under /opt/*/.venv and python3's nvidia package)"
path=$(IFS=:; echo "${dirs[*]}")
missing=()
for lib in libcublasLt.so.13 libcublas.so.13 libcurand.so.10 libcudart.so.13 libcudnn.so.9; do
  where=
  for d in "${dirs[@]}"; do
    if [[ -e $d/$lib ]]; then where=$d; break; fi
  done
  if [[ -n $where ]]; then say "$lib: $where"; else missing+=("$lib"); fi
done
((${#missing[@]} == 0)) || say "not found in those folders: ${missing[*]} (wallzero also looks on the system's path)"
echo "$path" >"$dir/cuda-lib-path"
say "CUDA library folders (${#dirs[@]}), in $dir/cuda-lib-path:"
echo "$path"
