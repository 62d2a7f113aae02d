# WallZero: WallGo analysis service. `make run` runs the main job,
# `make test` runs every test. See README.md.

SHELL := /bin/bash
GO    ?= go
BIN   := bin/wallzero

.PHONY: all build run test vet unit fuzz bench-engine check-go clean

all: build

## check-go: fail with a clear message when Go is missing.
check-go:
	@command -v $(GO) >/dev/null 2>&1 || { \
	  echo "make: Go is not installed (need Go 1.26 or newer on PATH: https://go.dev/doc/install)"; exit 1; }

## build: compile the wallzero binary into bin/ (downloads Go modules on first use).
build: check-go
	$(GO) build -o $(BIN) ./cmd/wallzero

## run: the main job. Until the analysis service lands it plays a short
## demonstration match between the heuristic players.
run: build
	$(BIN) match -red voronoi-hard -blue voronoi-medium -games 20 -swap -mode four-stone -seed 1

## test: go vet and every test with the race detector.
test: vet unit

vet: check-go
	$(GO) vet ./...

unit: check-go
	$(GO) test -race -count=1 -timeout 15m ./...

## fuzz: run every fuzz target for FUZZTIME each (default 30s).
FUZZTIME ?= 30s
fuzz: check-go
	@for t in $$($(GO) test -list '^Fuzz' ./engine/ | grep '^Fuzz'); do \
	  echo "== $$t"; $(GO) test -run '^$$' -fuzz "^$$t$$" -fuzztime $(FUZZTIME) ./engine/ || exit 1; \
	done

## bench-engine: random games per second on one core.
bench-engine: build
	$(BIN) bench engine -seconds 5
	GOMAXPROCS=1 $(GO) test -run '^$$' -bench 'RandomGame' -benchtime 3s ./engine/

clean:
	rm -rf bin
