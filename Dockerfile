# WallZero analysis service: multi-stage build, CPU image.
#
#   docker build -t wallzero .
#   docker compose up            # with PostgreSQL, see compose.yaml
#
# Bases are pinned by exact version tag (the Go toolchain of go.mod, the
# Debian point release). No digest is written here: none could be checked
# from the machine this file was written on (it cannot reach a registry).
# To pin by digest, resolve the tags once and pass them, e.g.
#   --build-arg GO_IMAGE=golang:1.26.8-bookworm@sha256:...
# scripts/image.sh (`make image`) builds this same file against local
# stand-in bases through these two arguments.
#
# GPU image: Dockerfile.cuda (docs/deployment.md).

ARG GO_IMAGE=golang:1.26.8-bookworm
ARG RUNTIME_IMAGE=debian:12.11-slim

FROM ${GO_IMAGE} AS build
# ONNX Runtime's shared library comes from the onnxruntime-node npm tarball
# (the package onnxruntime_go v1.27.0 is tested with), downloaded directly
# and checked twice: the tarball against the hash npm's registry publishes
# (dist.integrity, as sha256 here) and the library inside it. The values
# are the Makefile's ORT_VERSION, ORT_TGZ_SHA256 and ORT_LIB_SHA256
# (deploy/deploy_test.go keeps them equal).
ARG ORT_VERSION=1.24.3
ARG ORT_TGZ_SHA256=aa1bb5fa261ea68de05dd53efbba210cd7adf2d2850f4c3a201054c74cc78040
ARG ORT_LIB_SHA256=92ba8e44d31b80a34f5e805076a044122c3be1fffe0d88ed790de7267b0b2682
RUN set -eu; mkdir -p /out/lib /tmp/ort; \
    curl -fsSL -o /tmp/ort/ort.tgz "https://registry.npmjs.org/onnxruntime-node/-/onnxruntime-node-${ORT_VERSION}.tgz"; \
    echo "${ORT_TGZ_SHA256}  /tmp/ort/ort.tgz" | sha256sum -c -; \
    tar -xzf /tmp/ort/ort.tgz -C /tmp/ort package/bin/napi-v6/linux/x64/libonnxruntime.so.1; \
    echo "${ORT_LIB_SHA256}  /tmp/ort/package/bin/napi-v6/linux/x64/libonnxruntime.so.1" | sha256sum -c -; \
    mv /tmp/ort/package/bin/napi-v6/linux/x64/libonnxruntime.so.1 /out/lib/; rm -rf /tmp/ort

# onnxruntime_go is cgo: without CGO_ENABLED=1 and a C compiler the build
# fails with "build constraints exclude all Go files".
ENV CGO_ENABLED=1
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# The models are checked against their .sha256 files, then each is loaded
# once with the library above (its metadata is validated at load), so a
# broken model or library fails the build, not the first request.
# serve and worker analyse with models/wallzero-int8.onnx (the teacher in
# 8 bits) on CPUs with 8-bit dot products (AVX-512 VNNI, AVX-VNNI, AMX:
# `wallzero version` says which), elsewhere with models/wallzero-fast.onnx
# (the distilled student); models/wallzero-fast-int8.onnx and
# models/wallzero.onnx (the strongest per visit) stand in if those are removed.
# Three-player games use models/wallzero-mp.onnx and four-player ones
# models/wallzero-mp4.onnx, the four-player network of its own (each loaded
# once in a match of its count).
RUN set -eu; sha256sum -c models/wallzero.onnx.sha256 models/wallzero-int8.onnx.sha256 models/wallzero-fast.onnx.sha256 models/wallzero-fast-int8.onnx.sha256 models/wallzero-mp.onnx.sha256 models/wallzero-mp4.onnx.sha256; \
    go build -trimpath -o /out/bin/wallzero ./cmd/wallzero; \
    for m in models/wallzero.onnx models/wallzero-int8.onnx models/wallzero-fast.onnx models/wallzero-fast-int8.onnx; do \
      WALLZERO_ORT_LIB=/out/lib/libonnxruntime.so.1 /out/bin/wallzero match -red "policy:model=$m" -blue random -games 2 -workers 1 >/dev/null; \
    done; \
    WALLZERO_ORT_LIB=/out/lib/libonnxruntime.so.1 /out/bin/wallzero match -players 3 -red "policy:model=models/wallzero-mp.onnx" -blue random -games 2 -workers 1 >/dev/null; \
    WALLZERO_ORT_LIB=/out/lib/libonnxruntime.so.1 /out/bin/wallzero match -players 4 -red "policy:model=models/wallzero-mp4.onnx" -blue random -games 2 -workers 1 >/dev/null

FROM ${RUNTIME_IMAGE}
# No package manager run here: the CA bundle (for TLS to PostgreSQL) comes
# from the build stage; libstdc++ for ONNX Runtime is in the Debian base.
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /out/bin/wallzero /app/bin/wallzero
COPY --from=build /out/lib/libonnxruntime.so.1 /app/lib/libonnxruntime.so.1
COPY --from=build /src/models/wallzero.onnx /src/models/wallzero-int8.onnx /src/models/wallzero-fast.onnx /src/models/wallzero-fast-int8.onnx /src/models/wallzero-mp.onnx /src/models/wallzero-mp4.onnx /app/models/
# The named levels of POST /v1/play (serve -levels; written by training/ratings.py levels).
COPY --from=build /src/models/levels.json /app/models/levels.json
# The win-rate calibrations that ship beside the models (docs/calibration.md),
# and the rating estimate's calibration of reviews (docs/reviews.md).
COPY --from=build /src/models/*.calibration.json /app/models/
COPY --from=build /src/models/rating-calibration.json /app/models/rating-calibration.json
WORKDIR /app
# API keys are required (docs/auth.md): make the first one with
#   docker run --rm -e DATABASE_URL=... wallzero keys create -name NAME
# (or `docker compose run --rm api keys create -name NAME`).
ENV WALLZERO_ORT_LIB=/app/lib/libonnxruntime.so.1 \
    WALLZERO_ADDR=:8080 \
    WALLZERO_LOG_FORMAT=json \
    WALLZERO_AUTH=required
# A numeric non-root user (no passwd entry needed; Kubernetes'
# runAsNonRoot can check it).
USER 65532:65532
EXPOSE 8080
# `wallzero healthcheck` GETs /healthz on the port of WALLZERO_ADDR; the
# image has no curl. A `worker` container serves no HTTP: compose and the
# Kubernetes manifests turn the check off for it.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 CMD ["/app/bin/wallzero", "healthcheck"]
ENTRYPOINT ["/app/bin/wallzero"]
CMD ["serve"]
