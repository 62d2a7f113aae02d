# WallZero analysis service: multi-stage build, CPU image.
#
#   docker build -t wallzero .
#   docker compose up            # with PostgreSQL, see compose.yaml
#
# The build stage runs the same Makefile targets as a developer machine:
# `make build` (Go) and `make onnxruntime` (ONNX Runtime's shared library
# from the onnxruntime-node npm package, checksum-verified).
#
# CUDA variant: ONNX Runtime's CUDA execution provider needs the CUDA and
# cuDNN runtime libraries and a GPU build of libonnxruntime with its
# providers (libonnxruntime_providers_shared.so, _cuda.so). Build with
#   docker build --build-arg RUNTIME_IMAGE=nvidia/cuda:12.8.1-cudnn-runtime-ubuntu24.04 -t wallzero:cuda .
# mount the GPU libraries at /opt/onnxruntime (or bake them in a derived
# image), and run with
#   docker run --gpus all -e WALLZERO_ORT_LIB=/opt/onnxruntime/libonnxruntime.so.1 -e WALLZERO_PROVIDER=cuda ...
# The CPU library shipped here has no CUDA provider.

ARG GO_IMAGE=golang:1.26-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${GO_IMAGE} AS build
RUN apt-get update && apt-get install -y --no-install-recommends npm make && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN make build onnxruntime && mkdir -p models

FROM ${RUNTIME_IMAGE}
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/* \
    && useradd --system --home /app wallzero
WORKDIR /app
COPY --from=build /src/bin/wallzero /app/bin/wallzero
COPY --from=build /src/.local/onnxruntime/libonnxruntime.so.1 /app/lib/libonnxruntime.so.1
# models/wallzero.onnx when the repository has it; without it the service
# analyses with the heuristic evaluator (and says so in /v1/models).
COPY --from=build /src/models /app/models
# API keys are required (docs/auth.md): make the first one with
#   docker run --rm -e DATABASE_URL=... wallzero keys create -name NAME
# (or `docker compose run --rm api keys create -name NAME`).
ENV WALLZERO_ORT_LIB=/app/lib/libonnxruntime.so.1 \
    WALLZERO_ADDR=:8080 \
    WALLZERO_LOG_FORMAT=json \
    WALLZERO_AUTH=required
USER wallzero
EXPOSE 8080
ENTRYPOINT ["/app/bin/wallzero"]
CMD ["serve"]
