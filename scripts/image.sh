#!/usr/bin/env bash
# image.sh: build the real Dockerfile with buildah on a machine that cannot
# pull base images, run the image and smoke-test it (`make image`).
#
#   scripts/image.sh            build stand-in bases (once), build, smoke
#   scripts/image.sh clean      delete everything under .local/image
#
# 1. Stand-in bases, made from Debian's own packages with debootstrap and
#    imported under the exact names the Dockerfile's FROM lines use, so the
#    Dockerfile is built unchanged (--pull=never):
#      debian:12.11-slim       debootstrap --variant=minbase bookworm
#      golang:1.26.8-bookworm  the same plus gcc, libc6-dev, make, curl,
#                              ca-certificates, git and this machine's
#                              /usr/local/go (must be go1.26.8)
#    They are made once and kept in .local/image (several minutes). The
#    builder gets this machine's CA bundle (see add_go), so the runtime
#    stage copies that bundle too; a Docker build gets golang's.
# 2. buildah bud --storage-driver vfs --isolation chroot of ./Dockerfile,
#    with this machine's Go module and build caches mounted (the
#    downloads and compilations are the same; the build is only faster).
#    ONNX Runtime is downloaded from registry.npmjs.org by the Dockerfile.
# 3. Smoke test: a throwaway PostgreSQL (scripts/localpg.sh, port
#    $IMAGE_PG_PORT or the first free one from 26500); `migrate` and
#    `keys create` run from the image; then `serve` from the image as its
#    user 65532 on $IMAGE_PORT; the checks are the image's own
#    `wallzero healthcheck`, GET /healthz, GET /readyz (serving the
#    distilled student, float or 8-bit as the CPU suits, as
#    `wallzero version` names it), GET / (the review page),
#    POST /v1/analyze with the key (and without: 401), and of three and
#    four players by the networks `wallzero version` names for them.
#
# Prints the build time, the image size and each check; exits non-zero on
# the first failure. Needs root (buildah vfs/chroot), buildah and
# debootstrap (apt-get install buildah debootstrap).
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "image: $*" >&2; }
die() { say "FAIL: $*"; exit 1; }

W=.local/image
if [[ ${1:-} == clean ]]; then
  buildah --root "$PWD/$W/storage" --runroot "$PWD/$W/run" --storage-driver vfs rm -a >/dev/null 2>&1 || true
  rm -rf "$W"; exit 0
fi
[[ $(id -u) -eq 0 ]] || die "run as root (buildah with vfs storage and chroot isolation)"
for c in buildah debootstrap curl; do
  command -v "$c" >/dev/null || die "$c is missing (apt-get install buildah debootstrap curl)"
done

RUNTIME_IMAGE=$(sed -n 's/^ARG RUNTIME_IMAGE=//p' Dockerfile)
GO_IMAGE=$(sed -n 's/^ARG GO_IMAGE=//p' Dockerfile)
GO_WANT=go$(echo "$GO_IMAGE" | sed -n 's/^golang:\([0-9.]*\)-.*/\1/p')
TAG=${IMAGE_TAG:-wallzero:local}
mkdir -p "$W"
BA=(buildah --root "$PWD/$W/storage" --runroot "$PWD/$W/run" --storage-driver vfs)

# rootfs DIR [PACKAGES]: debootstrap a minimal bookworm into $W/DIR once.
rootfs() {
  local dir=$W/$1 inc=${2:-}
  [[ -f $dir/.complete ]] && return 0
  rm -rf "$dir"
  say "debootstrap $1 (minbase${inc:+ + $inc}); minutes, log in $dir.log"
  debootstrap --variant=minbase ${inc:+--include=$inc} bookworm "$dir" http://deb.debian.org/debian >"$dir.log" 2>&1 \
    || die "debootstrap $1, see $dir.log"
  rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/*
  touch "$dir/.complete"
}

# import NAME DIR [CONFIG...]: commit the tree DIR as image NAME.
import() {
  local name=$1 dir=$2; shift 2
  if "${BA[@]}" inspect --type image "docker.io/library/$name" >/dev/null 2>&1; then return 0; fi
  say "importing $dir as $name"
  local ctr mnt
  ctr=$("${BA[@]}" from scratch)
  mnt=$("${BA[@]}" mount "$ctr")
  tar -C "$dir" --exclude=./.complete -cf - . | tar -C "$mnt" -xf -
  "$@"
  "${BA[@]}" umount "$ctr" >/dev/null
  "${BA[@]}" config --env PATH=/usr/local/go/bin:/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$ctr"
  [[ $name == golang:* ]] && "${BA[@]}" config --env GOPATH=/go --env GOTOOLCHAIN=local --workingdir /go "$ctr"
  # The full name a Docker Hub short name stands for (docker.io/library/...).
  "${BA[@]}" commit -q "$ctr" "docker.io/library/$name" >/dev/null
  "${BA[@]}" rm "$ctr" >/dev/null
}

add_go() {
  [[ $(/usr/local/go/bin/go env GOVERSION) == "$GO_WANT" ]] \
    || die "the builder stand-in needs /usr/local/go at $GO_WANT (the Dockerfile's $GO_IMAGE), found $(/usr/local/go/bin/go env GOVERSION)"
  cp -a /usr/local/go "$mnt/usr/local/go"; mkdir -p "$mnt/go"
  # This machine's CA bundle: downloads here go through a TLS-intercepting
  # proxy whose CA only the host trusts (the Dockerfile's curl fails with
  # "self-signed certificate in certificate chain" otherwise).
  cp /etc/ssl/certs/ca-certificates.crt "$mnt/etc/ssl/certs/ca-certificates.crt"
}

t0=$(date +%s)
rootfs rootfs-runtime
rootfs rootfs-builder gcc,libc6-dev,make,ca-certificates,curl,git
import "$RUNTIME_IMAGE" "$W/rootfs-runtime" true
import "$GO_IMAGE" "$W/rootfs-builder" add_go
t1=$(date +%s)
say "stand-in bases ready ($((t1 - t0)) s)"

# The build.
mkdir -p "$(go env GOMODCACHE)" "$(go env GOCACHE)"
say "buildah bud $TAG"
"${BA[@]}" bud --isolation chroot --format docker --pull=never --layers=false \
  -v "$(go env GOMODCACHE):/go/pkg/mod" -v "$(go env GOCACHE):/root/.cache/go-build" \
  -t "$TAG" . >"$W/build.log" 2>&1 || { tail -30 "$W/build.log"; die "buildah bud, log in $W/build.log"; }
t2=$(date +%s)
size=$("${BA[@]}" inspect --type image --format '{{.Size}}' "$TAG" 2>/dev/null || echo 0)
if [[ $size == 0 ]]; then # older buildah: sum the layer sizes from `images`
  size=$("${BA[@]}" images --format '{{.Size}}' "$TAG" | head -1)
fi
health=$("${BA[@]}" inspect --type image --format '{{.Docker.Config.Healthcheck.Test}}' "$TAG")
user=$("${BA[@]}" inspect --type image --format '{{.OCIv1.Config.User}}' "$TAG")
say "built $TAG in $((t2 - t1)) s; size $size; user $user; healthcheck $health"
[[ $user == 65532:65532 ]] || die "image user $user, want 65532:65532"
[[ $health == *healthcheck* ]] || die "no HEALTHCHECK in the image config"

# The smoke test.
PGDIR=$W/pg
PGPORT=${IMAGE_PG_PORT:-$(scripts/localpg.sh free-port 26500)}
PORT=${IMAGE_PORT:-$(scripts/localpg.sh free-port 26550)}
ctr=""; srv=""
cleanup() {
  [[ -n $srv ]] && kill -- -"$srv" 2>/dev/null && sleep 1
  [[ -n $ctr ]] && "${BA[@]}" rm "$ctr" >/dev/null 2>&1
  scripts/localpg.sh destroy "$PGDIR" >/dev/null 2>&1 || true
}
trap cleanup EXIT
url=$(scripts/localpg.sh start "$PGDIR" "$PGPORT" wallzero --throwaway)
ctr=$("${BA[@]}" from --pull=never "$TAG")
# buildah run with chroot isolation shares this machine's network, so the
# container reaches the cluster on 127.0.0.1 and we reach its port.
in_image() { "${BA[@]}" run --isolation chroot --user 65532:65532 --env "DATABASE_URL=$url" --env "WALLZERO_ADDR=127.0.0.1:$PORT" "$ctr" -- "$@"; }
in_image /app/bin/wallzero migrate >"$W/migrate.log" 2>&1 || { cat "$W/migrate.log"; die "wallzero migrate"; }
say "ok: wallzero migrate (in the image)"
token=$(in_image /app/bin/wallzero keys create -name image-smoke | tail -1)
[[ $token == wz_* ]] || die "keys create printed no token: $token"
say "ok: wallzero keys create (in the image)"
setsid "${BA[@]}" run --isolation chroot --user 65532:65532 --env "DATABASE_URL=$url" --env "WALLZERO_ADDR=127.0.0.1:$PORT" \
  "$ctr" -- /app/bin/wallzero serve >"$W/serve.log" 2>&1 &
srv=$!
for _ in $(seq 1 120); do
  curl -fsS -o /dev/null "http://127.0.0.1:$PORT/healthz" 2>/dev/null && break
  kill -0 "$srv" 2>/dev/null || { cat "$W/serve.log"; die "serve exited"; }
  sleep 0.5
done
check() { # check NAME WANT_STATUS CURL_ARGS...
  local name=$1 want=$2; shift 2
  local code
  code=$(curl -sS -o "$W/body" -w '%{http_code}' "$@") || die "$name: curl failed"
  [[ $code == "$want" ]] || { cat "$W/body"; echo; die "$name: HTTP $code, want $want"; }
  say "ok: $name -> $code ($(wc -c <"$W/body") bytes)"
}
in_image /app/bin/wallzero healthcheck >/dev/null || die "the image's HEALTHCHECK command failed"
say "ok: HEALTHCHECK command (wallzero healthcheck, in the image)"
check "GET /healthz" 200 "http://127.0.0.1:$PORT/healthz"
check "GET /readyz" 200 "http://127.0.0.1:$PORT/readyz"
grep -q '"modelKind":"onnx"' "$W/body" || { cat "$W/body"; die "/readyz: the ONNX model is not loaded"; }
# The service's model: the 8-bit teacher models/wallzero-int8.onnx on a CPU
# with 8-bit dot products, the distilled student models/wallzero-fast.onnx
# elsewhere.
# `wallzero version` in the image says which, and /readyz must report it.
ver=$(in_image /app/bin/wallzero version) || die "wallzero version failed in the image"
file=/app/models/wallzero-fast.onnx
grep -q '^cpu int8 dot products: yes' <<<"$ver" && file=/app/models/wallzero-int8.onnx
model=$(sed -n "s#^model \\([^ ]*\\) ($file,.*#\\1#p" <<<"$ver")
[[ -n $model ]] || { echo "$ver"; die "the image's service model is not $file"; }
grep -q "\"model\":\"$model\"" "$W/body" || { cat "$W/body"; echo; die "/readyz: not serving $model"; }
say "ok: serving $model ($file)"
check "GET / (review page)" 200 "http://127.0.0.1:$PORT/"
grep -qi '<html' "$W/body" || die "GET / is not an HTML page"
body='{"id":"smoke","moves":["C3","E3","C5","E5","E5-E4:N"],"maxVisits":64,"topK":3}'
check "POST /v1/analyze without a key" 401 -X POST -H 'Content-Type: application/json' -d "$body" "http://127.0.0.1:$PORT/v1/analyze"
check "POST /v1/analyze with the key" 200 -X POST -H 'Content-Type: application/json' -H "Authorization: Bearer $token" -d "$body" "http://127.0.0.1:$PORT/v1/analyze"
grep -q '"moveInfos"' "$W/body" || { cat "$W/body"; die "/v1/analyze: no ranked moves (moveInfos) in the answer"; }
say "answer: $(head -c 300 "$W/body")"
# Three- and four-player positions: each count's network, as `wallzero
# version` in the image names it (models/wallzero-mp.onnx for three,
# models/wallzero-mp4.onnx for four), must be the one that analyses it.
for n in 3 4; do
  mp=$(sed -n "s#^$n-player model \([^ ]*\) (.*#\1#p" <<<"$ver")
  [[ -n $mp && $mp != heuristic ]] || { echo "$ver"; die "no $n-player network in the image"; }
  check "POST /v1/analyze, $n players" 200 -X POST -H 'Content-Type: application/json' -H "Authorization: Bearer $token" \
    -d "{\"id\":\"smoke-${n}p\",\"rules\":{\"players\":$n},\"moves\":[],\"maxVisits\":32}" "http://127.0.0.1:$PORT/v1/analyze"
  grep -q "\"model\":\"$mp\"" "$W/body" || { cat "$W/body"; echo; die "/v1/analyze of $n players: not analysed by $mp"; }
  say "ok: $n players analysed by $mp"
done
t3=$(date +%s)
say "smoke test passed ($((t3 - t2)) s); bases $((t1 - t0)) s, build $((t2 - t1)) s, image $size"
