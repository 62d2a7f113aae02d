# WallZero: WallGo analysis service. `make run` runs the main job,
# `make test` runs every test. See README.md.

SHELL := /bin/bash
GO    ?= go
BIN   := bin/wallzero

.PHONY: all help build run test check vet unit fuzz bench-engine check-go clean onnxruntime onnxruntime-gpu db db-stop openapi client bench-api bench-burst bench-storm bench-board soak device-test \
	python-deps pytest train train-smoke train-finetune browser-test lint lint-go golangci-lint flake8 \
	image deploy-test \
	web web-deps web-check web-test

# ONNX Runtime's shared library, from the npm package onnxruntime-node
# (matches github.com/yalue/onnxruntime_go v1.27.0, C API 24).
ORT_VERSION := 1.24.3
ORT_TGZ_SHA256 := aa1bb5fa261ea68de05dd53efbba210cd7adf2d2850f4c3a201054c74cc78040
ORT_LIB_SHA256 := 92ba8e44d31b80a34f5e805076a044122c3be1fffe0d88ed790de7267b0b2682
ORT_DIR := .local/onnxruntime
ORT_LIB := $(ORT_DIR)/libonnxruntime.so.1
export WALLZERO_ORT_LIB := $(CURDIR)/$(ORT_LIB)

# ONNX Runtime 1.29.0 with the CUDA provider (make onnxruntime-gpu,
# docs/gpu.md): the core from onnxruntime-node, which is built with the
# provider bridge, and the two provider libraries (CUDA 13, cuDNN 9) from
# the Unity package com.github.asus4.onnxruntime.linux-x64-gpu, which is
# published on the npm registry. That package's base,
# com.github.asus4.onnxruntime, carries a CPU-only core and is not used.
ORT_GPU_VERSION := 1.29.0
ORT_GPU_PKG := com.github.asus4.onnxruntime.linux-x64-gpu
ORT_GPU_PKG_VERSION := 0.4.9
ORT_GPU_CORE_TGZ_SHA256 := cfdfb45ec4044b1fdca43e5d2e180fb6817e649ff8ad1e0dfc90e18e51b67037
ORT_GPU_PKG_TGZ_SHA256 := 2b459e0c17f340c92970c10ed86de4f37a3009f93c14053e6ad4334cbb6be412
ORT_GPU_CORE_SHA256 := 89688f5cf51c7e31befbb7b9101bc027799009b18d1baa9a5b1146a72e69538d
ORT_GPU_SHARED_SHA256 := c6a12593396095f5670160e284c35d1700b7708cf3037b7042e2a5200ccae772
ORT_GPU_CUDA_SHA256 := 56cf3254b118ad837ccc4ed8f6d1b23504bbf7ef91b34cbc0b289cb7f10b3037
ORT_GPU_DIR := .local/onnxruntime-gpu
ORT_GPU_LIB := $(ORT_GPU_DIR)/libonnxruntime.so.1

# glibc malloc settings that make PyTorch training 3-5x faster here (with
# Debian's OpenBLAS-OpenMP as libblas).
TORCH_TUNABLES := glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967296

all: build

## help: list the targets and what they do (from these ## comments).
help:
	@awk '/^## [a-z-]+:/ { sub(/^## /, ""); print; more = 1; next } \
	  /^## / && more { sub(/^## /, "    "); print; next } { more = 0 }' $(MAKEFILE_LIST)

## check-go: fail with a clear message when Go is missing.
check-go:
	@command -v $(GO) >/dev/null 2>&1 || { \
	  echo "make: Go is not installed (need Go 1.26 or newer on PATH: https://go.dev/doc/install)"; exit 1; }

## build: compile the wallzero binary into bin/ (downloads Go modules on first use).
# The commit `wallzero version` reports (empty outside a git checkout).
COMMIT := $(shell c=$$(git rev-parse --short=12 HEAD 2>/dev/null) && { git diff --quiet HEAD 2>/dev/null || c="$$c-modified"; echo "$$c"; })
build: check-go
	$(GO) build -ldflags "-X main.commit=$(COMMIT)" -o $(BIN) ./cmd/wallzero

## run: the analysis service. Builds, prepares ONNX Runtime and a
## PostgreSQL ($DATABASE_URL when set, else a project-local cluster under
## .local/pg started by scripts/localpg.sh), migrates and serves on $(PORT).
## Without models/wallzero.onnx two-player games use the heuristic evaluator.
## On the loopback address only, with -auth off (no API keys; see docs/auth.md).
PORT    ?= 8080
PG_PORT ?= 25432
PG_DIR  := .local/pg
run: build onnxruntime
	@url="$${DATABASE_URL:-$$(scripts/localpg.sh start $(PG_DIR) $(PG_PORT))}" || exit 1; \
	echo "make run: database $$url; API on http://localhost:$(PORT) (docs: /docs)"; \
	DATABASE_URL="$$url" $(BIN) migrate && \
	exec env DATABASE_URL="$$url" $(BIN) serve -addr "127.0.0.1:$(PORT)" -log-format text -auth off

## db: start the project-local PostgreSQL (durable: fsync on, password
## over TCP, kept in .local/pg/password) and print its URL; db-stop: stop it.
db:
	@scripts/localpg.sh start $(PG_DIR) $(PG_PORT)
db-stop:
	@scripts/localpg.sh stop $(PG_DIR)

## test: go vet, the linters, every Go test with the race detector, the
## learner's Python tests and one tiny training iteration end to end.
test: vet lint web-check unit deploy-test device-test pytest train-smoke browser-test

## check: the quick gate while working: go vet, golangci-lint (lint-go)
## and the Go tests without the race detector, a browser, training or a
## database (the tests that need PostgreSQL skip; those written on the
## in-memory store, store/memstore, run). Meant to stay under 90 s on 2
## cores with the build cache warm; `make test` keeps everything.
CHECK_SKIP := ^TestLocalPGIsDurable$$
check: vet lint-go web-check
	env -u WALLZERO_TEST_DATABASE_URL -u WALLZERO_REQUIRE_DB -u WALLZERO_REQUIRE_ORT -u WALLZERO_BROWSER_TEST \
	  $(GO) test -short -count=1 -skip '$(CHECK_SKIP)' ./...

## lint: golangci-lint over the Go code (.golangci.yml: the standard linters
## plus misspell, bodyclose, nilerr, copyloopvar, and gofmt) and flake8 over
## training/ (training/.flake8). golangci-lint is built once from the Go
## module proxy at a pinned version into .local/bin (a few minutes); flake8
## comes from Debian (installed when missing, as root). A run takes seconds
## with golangci-lint's cache warm, about a minute cold. govulncheck is not
## run: it needs the vulnerability database from vuln.go.dev.
GOLANGCI_LINT_VERSION := v2.15.0
GOLANGCI_LINT := .local/bin/golangci-lint
lint: lint-go flake8
	cd training && flake8 .

## lint-go: golangci-lint alone, over the service's module and deploy/.
lint-go: golangci-lint
	$(GOLANGCI_LINT) run ./...
	cd deploy && $(CURDIR)/$(GOLANGCI_LINT) run --config $(CURDIR)/.golangci.yml ./...

golangci-lint: check-go
	@if ! $(GOLANGCI_LINT) version 2>/dev/null | grep -q "version $(GOLANGCI_LINT_VERSION:v%=%) "; then \
	  echo "make: building golangci-lint $(GOLANGCI_LINT_VERSION) into .local/bin (once; a few minutes)"; \
	  GOBIN=$(CURDIR)/.local/bin $(GO) install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@$(GOLANGCI_LINT_VERSION); \
	fi

flake8:
	@command -v flake8 >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" != 0 ]; then echo "make: flake8 is missing; run as root: apt-get install -y flake8" >&2; exit 1; fi; \
	  echo "make: installing flake8 (apt)" >&2; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq flake8 >/dev/null; }

vet: check-go
	$(GO) vet ./...

## device-test: scripts/device/pack.sh and unpack.sh round trip over small
## made-up files, a missing and a damaged part named (seconds; docs/gpu.md).
device-test:
	scripts/device/test.sh

## deploy-test: the Kubernetes manifests (deploy/kubernetes) decoded strictly
## into the Kubernetes API types and checked against the wallzero binary's
## routes, ports and flags; the Dockerfiles' pinned values. deploy/ is its
## own Go module (the Kubernetes libraries stay out of the service's go.mod).
deploy-test: check-go
	cd deploy && $(GO) vet ./... && $(GO) test -race -count=1 ./...

# unit starts a throwaway PostgreSQL (its own cluster on a free port under
# .local/, durability off, removed afterwards) for the store and API tests, which each get
# their own database; $$WALLZERO_TEST_DATABASE_URL instead points them at an
# existing server where databases may be created.
unit: check-go onnxruntime
	@set -e; dir=""; \
	if [ -z "$$WALLZERO_TEST_DATABASE_URL" ]; then \
	  mkdir -p .local; dir=$$(mktemp -d $(CURDIR)/.local/pg-test.XXXXXX); \
	  trap 'scripts/localpg.sh destroy "'"$$dir"'"' EXIT; \
	  url=$$(scripts/localpg.sh start "$$dir" $$(scripts/localpg.sh free-port 26432) postgres --throwaway); \
	  export WALLZERO_TEST_DATABASE_URL="$$url"; \
	fi; \
	WALLZERO_REQUIRE_DB=1 WALLZERO_REQUIRE_ORT=1 $(GO) test -race -count=1 -timeout 15m ./...

## browser-test: every test whose name ends in InBrowser (the rule
## TestBrowserTestsFollowTheNamingRule holds the *_browser_test.go files
## to): the analysis board (by clicks alone: a whole game, live
## analysis, variations, records, share links, play, review, local play),
## the review mode (with explanations and turning points)
## and the opening explorer end to end in headless Chromium (Debian's
## chromium, installed by scripts/chromium.sh when missing) against the API
## on a throwaway PostgreSQL. SCREENSHOT=docs/review.png rewrites the
## screenshot of the finished review in docs/reviews.md.
SCREENSHOT ?=
browser-test: check-go
	@set -e; chromium=$$(scripts/chromium.sh); export WALLZERO_CHROMIUM="$$chromium"; \
	if [ -z "$$WALLZERO_TEST_DATABASE_URL" ]; then \
	  mkdir -p .local; dir=$$(mktemp -d $(CURDIR)/.local/pg-browser.XXXXXX); \
	  trap 'scripts/localpg.sh destroy "'"$$dir"'"' EXIT; \
	  url=$$(scripts/localpg.sh start "$$dir" $$(scripts/localpg.sh free-port 28432) postgres --throwaway); \
	  export WALLZERO_TEST_DATABASE_URL="$$url"; \
	fi; \
	WALLZERO_BROWSER_TEST=1 WALLZERO_REQUIRE_DB=1 WALLZERO_SCREENSHOT="$(if $(SCREENSHOT),$(abspath $(SCREENSHOT)))" \
	  $(GO) test -race -count=1 -timeout 10m -run 'InBrowser$$' -v ./api ./internal/testkit/browser

## web: the board's front end from its TypeScript sources (api/web/src):
## the API's types generated from openapi/openapi.json (openapi-typescript),
## a type check (tsc --noEmit), and the bundles api/web/dist/board.js,
## report.js, openings.js (the opening explorer's) and the workspace's workspace.js, player.js and drills.js, by esbuild, which
## are committed: the server embeds them, so building it needs no Node.js. The tools come from the npm registry at the
## versions pinned in api/web/package-lock.json (npm ci into .local/web).
WEB_DIR  := api/web
WEB_BIN  := .local/web/node_modules/.bin
WEB_DEPS := .local/web/node_modules/.package-lock.json
$(WEB_DEPS): $(WEB_DIR)/package.json $(WEB_DIR)/package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "make: npm is needed to build the board's front end (apt-get install npm)"; exit 1; }
	mkdir -p .local/web
	cp $(WEB_DIR)/package.json $(WEB_DIR)/package-lock.json .local/web/
	cd .local/web && npm ci --no-audit --no-fund --silent
web-deps: $(WEB_DEPS)
web: $(WEB_DEPS)
	$(WEB_BIN)/openapi-typescript openapi/openapi.json -o $(WEB_DIR)/src/api-types.ts --silent
	$(WEB_BIN)/tsc -p $(WEB_DIR)/tsconfig.json
	$(WEB_BIN)/esbuild board=$(WEB_DIR)/src/main.ts report=$(WEB_DIR)/src/report.ts openings=$(WEB_DIR)/src/openings.ts \
	  workspace=$(WEB_DIR)/src/workspace/dashboard.ts player=$(WEB_DIR)/src/workspace/player.ts drills=$(WEB_DIR)/src/workspace/drills.ts --bundle --format=esm --target=es2020 --minify \
	  --legal-comments=none --log-level=warning --outdir=$(WEB_DIR)/dist \
	  --banner:js='// Code generated by make web from api/web/src; DO NOT EDIT.'

## web-test: the unit tests of the front end's pure modules (the game
## tree, records, move parsing, the share-link codec, level words), with
## node's own test runner (node --test) over esbuild's builds of them.
web-test: $(WEB_DEPS)
	rm -rf .local/web/test && mkdir -p .local/web/test
	$(WEB_BIN)/esbuild $(WEB_DIR)/test/*.test.ts --bundle --format=esm --platform=node --log-level=warning \
	  --outdir=.local/web/test --out-extension:.js=.mjs
	node --test .local/web/test/

## web-check: make web, then fail when the committed bundle or API types
## differ from what the sources make (run make web and commit), and run
## web-test.
web-check: web web-test
	@git diff --exit-code --stat -- $(WEB_DIR)/dist $(WEB_DIR)/src/api-types.ts || \
	  { echo "make: api/web/dist or src/api-types.ts is stale: run make web and commit the result"; exit 1; }

## openapi: regenerate openapi/ from the api package's swag annotations
## (swagger.json, and openapi.json: OpenAPI 3.0 converted by kin-openapi),
## then the generated Go client (make client).
openapi: check-go
	$(GO) test ./openapi -run TestUpToDate -count=1 -update
	$(MAKE) client

## client: regenerate client/client.gen.go from openapi.json
## with oapi-codegen (pinned in go.mod); a test fails when it is stale.
client: check-go
	$(GO) test ./client -run TestClientUpToDate -count=1 -update

## bench-api: the service benchmark (docs/performance.md, "How to measure"): /analyze latency at 200
## visits with 1 and 16 clients, cache-hit latency, openings per minute,
## against a throwaway PostgreSQL. BENCH_MODEL=heuristic or a .onnx file.
BENCH_MODEL ?= inference/testdata/random-6x64.onnx
BENCH_ARGS  ?=
bench-api: build onnxruntime
	@set -e; mkdir -p .local; dir=$$(mktemp -d $(CURDIR)/.local/pg-bench.XXXXXX); \
	trap 'scripts/localpg.sh destroy "'"$$dir"'"' EXIT; \
	url=$$(scripts/localpg.sh start "$$dir" $$(scripts/localpg.sh free-port 27432) wallzero --throwaway); \
	$(BIN) bench api -database-url "$$url" -model $(BENCH_MODEL) $(BENCH_ARGS)

## bench-burst: the service under a burst (600 distinct /analyze requests
## at once, 200 visits) and 16 clients for 60 s, the server in its own
## process (docs/admission.md). BURST_ARGS="MODEL BURST VISITS SUSTAIN".
BURST_ARGS ?=
bench-burst: build onnxruntime
	@mkdir -p .local; scripts/bench-burst.sh $(BURST_ARGS)

## bench-storm: a retry storm (600 clients honouring Retry-After, 200
## visits) against the steady 16-client rate (docs/admission.md).
## STORM_ARGS="CLIENTS VISITS STEADY MODEL".
STORM_ARGS ?=
bench-storm: build onnxruntime
	@mkdir -p .local; scripts/bench-load.sh storm $(STORM_ARGS)

## bench-board: 200 board users opening and cancelling streams beside 16
## hint clients for 60 s. BOARD_ARGS="USERS SECONDS MODEL".
BOARD_ARGS ?=
bench-board: build onnxruntime
	@mkdir -p .local; scripts/bench-load.sh board $(BOARD_ARGS)

## soak: a mixed load for SOAK_DURATION (30m) sampling the server's memory,
## goroutines, descriptors, connections and tables; writes
## .local/soak.{csv,json,svg} and a verdict.
SOAK_DURATION ?= 30m
soak: build onnxruntime
	@mkdir -p .local; scripts/soak.sh $(SOAK_DURATION) .local/soak

## fuzz: run every fuzz target for FUZZTIME each (default 30s).
FUZZTIME ?= 30s
FUZZ_PKGS := ./engine/ ./engine/recordtext/ ./engine/solver/ ./engine/solver/endgames/ ./service/render/ ./internal/jsonscan/
fuzz: check-go
	@for p in $(FUZZ_PKGS); do \
	  for t in $$($(GO) test -list '^Fuzz' $$p | grep '^Fuzz'); do \
	    echo "== $$p $$t"; $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) $$p || exit 1; \
	  done; \
	done

## bench-engine: random games per second on one core.
bench-engine: build
	$(BIN) bench engine -seconds 5
	GOMAXPROCS=1 $(GO) test -run '^$$' -bench 'RandomGame' -benchtime 3s ./engine/

## python-deps: Debian's PyTorch, onnx, numpy, pytest, OpenBLAS-OpenMP (apt).
python-deps:
	@scripts/python-deps.sh

## pytest: the learner's tests.
pytest: python-deps
	cd training && GLIBC_TUNABLES=$(TORCH_TUNABLES) /usr/bin/python3 -m pytest -q tests

## train-smoke: self-play a few games, train a few steps, export, gate, promote
## and analyse with the result, all in a temporary directory.
train-smoke: build onnxruntime python-deps
	GLIBC_TUNABLES=$(TORCH_TUNABLES) training/smoke.sh

## train: the AlphaZero loop (self-play, train, export, gate, promote),
## resumable; TRAIN_ARGS passes options to training/loop.py.
TRAIN_ARGS ?=
train: build onnxruntime python-deps
	cp $(BIN) .local/wallzero-train
	cd training && WALLZERO_BIN=$(CURDIR)/.local/wallzero-train GLIBC_TUNABLES=$(TORCH_TUNABLES) \
	  /usr/bin/python3 loop.py $(TRAIN_ARGS)

## train-finetune: the CPU teacher fine-tune (training/teacher_finetune.sh;
## its environment variables set the seconds, the init checkpoint, the output).
train-finetune: build python-deps
	GLIBC_TUNABLES=$(TORCH_TUNABLES) training/teacher_finetune.sh

## onnxruntime: fetch libonnxruntime.so.1 (npm registry), verify its checksum.
onnxruntime: $(ORT_LIB)
$(ORT_LIB):
	@command -v npm >/dev/null 2>&1 || { echo "make: npm is needed to fetch ONNX Runtime (apt-get install npm), or put libonnxruntime.so.1 $(ORT_VERSION) at $(ORT_LIB)"; exit 1; }
	@mkdir -p $(ORT_DIR)/tmp
	cd $(ORT_DIR)/tmp && npm pack --silent onnxruntime-node@$(ORT_VERSION) >/dev/null
	echo "$(ORT_TGZ_SHA256)  $(ORT_DIR)/tmp/onnxruntime-node-$(ORT_VERSION).tgz" | sha256sum -c --quiet
	tar -xzf $(ORT_DIR)/tmp/onnxruntime-node-$(ORT_VERSION).tgz -C $(ORT_DIR)/tmp package/bin/napi-v6/linux/x64/libonnxruntime.so.1
	echo "$(ORT_LIB_SHA256)  $(ORT_DIR)/tmp/package/bin/napi-v6/linux/x64/libonnxruntime.so.1" | sha256sum -c --quiet
	mv $(ORT_DIR)/tmp/package/bin/napi-v6/linux/x64/libonnxruntime.so.1 $(ORT_LIB)
	rm -rf $(ORT_DIR)/tmp

## onnxruntime-gpu: fetch ONNX Runtime 1.29.0 with its CUDA 13 provider (two
## npm packages, about 290 MB) into .local/onnxruntime-gpu/, each tarball
## and library checked against its pinned SHA-256: what -provider cuda
## loads by default (docs/gpu.md). Not part of `make test`.
onnxruntime-gpu: $(ORT_GPU_LIB)
$(ORT_GPU_LIB):
	@command -v npm >/dev/null 2>&1 || { echo "make: npm is needed to fetch ONNX Runtime (apt-get install npm)"; exit 1; }
	@set -e; tmp=$(ORT_GPU_DIR)/tmp; rm -rf "$$tmp"; mkdir -p "$$tmp/lib"; trap 'rm -rf "$$tmp"' EXIT; \
	core=onnxruntime-node-$(ORT_GPU_VERSION).tgz; pkg=$(ORT_GPU_PKG)-$(ORT_GPU_PKG_VERSION).tgz; \
	echo "make: fetching onnxruntime-node@$(ORT_GPU_VERSION) and $(ORT_GPU_PKG)@$(ORT_GPU_PKG_VERSION) from the npm registry (about 290 MB)"; \
	(cd "$$tmp" && npm pack --silent onnxruntime-node@$(ORT_GPU_VERSION) $(ORT_GPU_PKG)@$(ORT_GPU_PKG_VERSION) >/dev/null); \
	printf '%s  %s\n' $(ORT_GPU_CORE_TGZ_SHA256) "$$tmp/$$core" $(ORT_GPU_PKG_TGZ_SHA256) "$$tmp/$$pkg" | sha256sum -c --quiet --strict \
	  || { echo "make: a downloaded tarball does not match its pinned SHA-256 (Makefile, ORT_GPU_*_TGZ_SHA256)" >&2; exit 1; }; \
	tar -xzf "$$tmp/$$core" -C "$$tmp/lib" --no-same-owner --strip-components=5 package/bin/napi-v6/linux/x64/libonnxruntime.so.1; \
	tar -xzf "$$tmp/$$pkg" -C "$$tmp/lib" --no-same-owner --strip-components=4 \
	  package/Plugins/Linux/x64/libonnxruntime_providers_shared.so package/Plugins/Linux/x64/libonnxruntime_providers_cuda.so; \
	printf '%s  %s\n' $(ORT_GPU_CORE_SHA256) "$$tmp/lib/libonnxruntime.so.1" \
	  $(ORT_GPU_SHARED_SHA256) "$$tmp/lib/libonnxruntime_providers_shared.so" \
	  $(ORT_GPU_CUDA_SHA256) "$$tmp/lib/libonnxruntime_providers_cuda.so" | sha256sum -c --quiet --strict \
	  || { echo "make: an unpacked library does not match its pinned SHA-256 (Makefile, ORT_GPU_*_SHA256)" >&2; exit 1; }; \
	mv "$$tmp/lib/libonnxruntime_providers_shared.so" "$$tmp/lib/libonnxruntime_providers_cuda.so" $(ORT_GPU_DIR)/; \
	mv "$$tmp/lib/libonnxruntime.so.1" $(ORT_GPU_LIB); \
	echo "make: ONNX Runtime $(ORT_GPU_VERSION) with the CUDA provider is in $(ORT_GPU_DIR)/ (use: -provider cuda)"

clean:
	rm -rf bin

## image: build the Dockerfile with buildah against local stand-in bases
## (debootstrap; no registry needed), run the image against a throwaway
## PostgreSQL and smoke-test it (scripts/image.sh; minutes, root; not in
## `make test`). `scripts/image.sh clean` removes its files.
image:
	scripts/image.sh
