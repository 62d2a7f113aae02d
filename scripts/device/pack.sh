#!/usr/bin/env bash
# pack.sh: packs what a GPU measurement needs and the device machine cannot
# download (ONNX Runtime with its CUDA provider, the CPU build, bin/wallzero)
# into xz-compressed parts small enough to travel one per device call, with
# a manifest of SHA-256 sums, then prints the calls to make (docs/gpu.md).
#
#   scripts/device/pack.sh            build bin/wallzero (stripped), pack into .local/device-carry/
#
# Environment (the defaults are what a device session wants):
#   PACK_ROOT      the repository root (default: this script's, two folders up)
#   PACK_OUT       folder of the parts and MANIFEST (default PACK_ROOT/.local/device-carry)
#   PACK_FILES     the files to pack, relative to PACK_ROOT, space-separated
#   PACK_PART_MIB  largest part in MiB (default 48: a call carries 64 MiB,
#                  the working tree's tracked files included)
#   PACK_XZ        xz's options (default -9e -T2: the smallest output)
#   PACK_BUILD     0: do not build bin/wallzero first
set -euo pipefail

say() { echo "pack: $*" >&2; }
die() { say "$*"; exit 1; }

root=${PACK_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
out=${PACK_OUT:-$root/.local/device-carry}
files=${PACK_FILES:-".local/onnxruntime-gpu/libonnxruntime.so.1 .local/onnxruntime-gpu/libonnxruntime_providers_shared.so .local/onnxruntime-gpu/libonnxruntime_providers_cuda.so .local/onnxruntime/libonnxruntime.so.1 bin/wallzero"}
part_mib=${PACK_PART_MIB:-48}
# A call carries the working tree (tracked and untracked, not ignored
# files) and its carried paths, 64 MiB in all: warn when a part would not
# fit beside this tree.
if tree=$(cd "$root" && git ls-files -z --cached --others --exclude-standard 2>/dev/null | xargs -0 -r stat -c %s 2>/dev/null |
  awk '{ s += $1 } END { printf "%d", s / 1048576 + 1 }') && ((tree + part_mib > 63)); then
  say "WARNING: the working tree is about $tree MiB: parts of $part_mib MiB will not travel (64 MiB a call); set PACK_PART_MIB=$((62 - tree))"
fi
xzopts=${PACK_XZ:--9e -T2}

cd "$root"
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD 2>/dev/null || commit=$commit-modified
if [[ "${PACK_BUILD:-1}" != 0 ]]; then
  # Without symbols and DWARF (-s -w) the binary compresses to half as
  # much; a crash's stack trace still names the functions.
  go build -ldflags "-s -w -X main.commit=$commit" -o bin/wallzero ./cmd/wallzero || die "go build failed"
fi
for f in $files; do
  [[ -f $f ]] || die "$f is missing (make onnxruntime-gpu, make onnxruntime and make build make them)"
done

rm -rf "$out"
mkdir -p "$out"
say "compressing $(du -ch $files | tail -1 | cut -f1) with xz $xzopts (minutes at -9e)"
# shellcheck disable=SC2086 # files and xz options are word lists
tar -cf - --owner=0 --group=0 $files | xz $xzopts -c | split -b "${part_mib}M" -d -a 2 - "$out/part-"

{
  echo "# wallzero device bundle: $(date -u +%FT%TZ), commit $commit, xz $xzopts, parts of at most $part_mib MiB"
  echo "# part SHA256 BYTES PATH: the parts, in order (cat | xz -d | tar -x in the repository root)"
  for p in "$out"/part-*; do
    echo "part $(sha256sum "$p" | cut -d' ' -f1) $(stat -c %s "$p") ${p#"$root"/}"
  done
  echo "# file SHA256 BYTES PATH: the unpacked files, relative to the repository root"
  for f in $files; do
    echo "file $(sha256sum "$f" | cut -d' ' -f1) $(stat -c %s "$f") $f"
  done
} >"$out/MANIFEST"

mf=${out#"$root"/}/MANIFEST
n=$(grep -c '^part ' "$out/MANIFEST")
say "$n parts in ${out#"$root"/}:"
awk '$1 == "part" { printf "  %s  %.1f MiB\n", $4, $3 / 1048576 }' "$out/MANIFEST" >&2
echo "The device calls, in order, each at once after the one before (the machine stays warm 30 s):"
i=0
while read -r kind _ _ path; do
  [[ $kind == part ]] || continue
  i=$((i + 1))
  if ((i == 1 && n > 1)); then
    # The first call also shows what the last one will find.
    echo "$i. run command: nvidia-smi -L; ls -d /opt/*/.venv/lib/python3*/site-packages/nvidia/*/lib; ls -la ${out#"$root"/}   carry: [\"$path\", \"$mf\"]   timeout_s: 60"
  elif ((i < n)); then
    echo "$i. run command: ls -la ${out#"$root"/}   carry: [\"$path\", \"$mf\"]   timeout_s: 60"
  else
    echo "$i. run command: scripts/device/gpu-bench.sh   carry: [\"$path\", \"$mf\"]   timeout_s: 600"
  fi
done <"$out/MANIFEST"
