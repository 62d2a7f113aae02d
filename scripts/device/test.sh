#!/usr/bin/env bash
# test.sh: pack.sh and unpack.sh round trip over small made-up files in a
# temporary folder (a few seconds): the parts split and join, every file
# comes back byte for byte, a second unpack does nothing, and a missing
# or damaged part is named.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

src=$tmp/src dst=$tmp/dst
mkdir -p "$src/.local/gpu" "$src/bin" "$dst"
head -c 2500000 /dev/urandom >"$src/.local/gpu/lib.so"   # incompressible: three parts of 1 MiB
echo "small text" >"$src/.local/gpu/small.so"
printf '#!/bin/sh\necho hi\n' >"$src/bin/tool" && chmod +x "$src/bin/tool"

calls=$(PACK_ROOT=$src PACK_BUILD=0 PACK_PART_MIB=1 PACK_XZ=-1 PACK_FILES=".local/gpu/lib.so .local/gpu/small.so bin/tool" \
  "$here/pack.sh" 2>"$tmp/pack.err") || { cat "$tmp/pack.err"; fail "pack.sh"; }
[[ $(grep -c '^part ' "$src/.local/device-carry/MANIFEST") == 3 ]] || fail "want 3 parts: $(cat "$src/.local/device-carry/MANIFEST")"
grep -q '^3\. run command: scripts/device/gpu-bench.sh   carry: \[".local/device-carry/part-02", ".local/device-carry/MANIFEST"\]' <<<"$calls" ||
  fail "the last call does not run gpu-bench.sh with the last part: $calls"
grep -q '^1\. run command: nvidia-smi -L; .*   carry: \[".local/device-carry/part-00", ".local/device-carry/MANIFEST"\]' <<<"$calls" || fail "first call: $calls"
grep -q '^2\. run command: ls -la .local/device-carry   carry: \[".local/device-carry/part-01", ".local/device-carry/MANIFEST"\]' <<<"$calls" || fail "second call: $calls"

cp -r "$src/.local/device-carry" "$dst/.local-carry"
mkdir -p "$dst/.local" && mv "$dst/.local-carry" "$dst/.local/device-carry"
unpack() { UNPACK_ROOT=$dst UNPACK_NO_CUDA=1 "$here/unpack.sh" 2>&1; }
out=$(unpack) || fail "unpack.sh: $out"
for f in .local/gpu/lib.so .local/gpu/small.so bin/tool; do
  cmp -s "$src/$f" "$dst/$f" || fail "$f differs after the round trip"
done
[[ -x $dst/bin/tool ]] || fail "bin/tool lost its execute bit"
out=$(unpack) || fail "second unpack.sh: $out"
grep -q "already unpacked" <<<"$out" || fail "second unpack unpacked again: $out"

# The CUDA folders: those holding the libraries are found and written down.
mkdir -p "$tmp/venv/nvidia/cublas/lib" "$tmp/venv/nvidia/cudnn/lib"
touch "$tmp/venv/nvidia/cublas/lib/libcublasLt.so.13" "$tmp/venv/nvidia/cudnn/lib/libcudnn.so.9"
out=$(UNPACK_ROOT=$dst UNPACK_CUDA_GLOB="$tmp/venv/nvidia/*/lib" "$here/unpack.sh" 2>&1) || fail "unpack.sh with CUDA folders: $out"
[[ $(cat "$dst/.local/device-carry/cuda-lib-path") == "$tmp/venv/nvidia/cublas/lib:$tmp/venv/nvidia/cudnn/lib" ]] ||
  fail "cuda-lib-path: $(cat "$dst/.local/device-carry/cuda-lib-path")"
grep -q "libcudnn.so.9: $tmp/venv/nvidia/cudnn/lib" <<<"$out" || fail "cuDNN's folder not named: $out"
grep -q "not found in those folders: libcublas.so.13 libcurand.so.10 libcudart.so.13" <<<"$out" || fail "missing libraries not named: $out"

# A missing part and a damaged part are named (the files must be unpacked again).
rm "$dst/.local/gpu/lib.so" "$dst/.local/device-carry/part-01"
out=$(unpack) && fail "unpack.sh succeeded without part-01"
grep -q "missing part: .local/device-carry/part-01" <<<"$out" || fail "missing part not named: $out"
cp "$src/.local/device-carry/part-01" "$dst/.local/device-carry/part-01"
printf x | dd of="$dst/.local/device-carry/part-02" bs=1 seek=100 conv=notrunc status=none
out=$(unpack) && fail "unpack.sh succeeded with a damaged part-02"
grep -q "checksum mismatch: .local/device-carry/part-02" <<<"$out" || fail "damaged part not named: $out"
rm "$dst/.local/device-carry/MANIFEST"
out=$(unpack) && fail "unpack.sh succeeded without MANIFEST"
grep -q "MANIFEST is missing" <<<"$out" || fail "missing manifest not named: $out"
echo "ok: pack/unpack round trip, 3 parts, missing and damaged parts named"
