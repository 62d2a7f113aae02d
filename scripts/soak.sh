#!/usr/bin/env bash
# soak.sh: the service under a long mixed load, in its own process: a
# throwaway PostgreSQL, `wallzero serve -auth off` on a free port, then
# `wallzero bench soak` (at niceness 10) for DURATION, sampling the
# server's memory, goroutines, descriptors, database connections and
# table sizes; it writes OUT.csv, OUT.json and OUT.svg and prints the
# verdict on growth after the warm-up.
#
#   scripts/soak.sh [DURATION] [OUT] [MODEL]
#   (defaults: 30m, .local/soak, the service's model on this CPU as
#   `wallzero version` names it)
#   SERVE_ARGS adds serve flags, SOAK_ARGS bench soak flags.
set -euo pipefail
cd "$(dirname "$0")/.."
duration=${1:-30m}
out=${2:-.local/soak}
model=${3:-$(bin/wallzero version 2>/dev/null | sed -n 's/^model [^ ]* (\([^,]*\),.*/\1/p')}
model=${model:-models/wallzero-fast.onnx}
mkdir -p .local "$(dirname "$out")"
dir=$(mktemp -d "$PWD/.local/pg-soak.XXXXXX")
log=$(mktemp "$PWD/.local/soak-serve.XXXXXX.log")
pid=""
cleanup() {
  [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  scripts/localpg.sh destroy "$dir"
  echo "server log: $log" >&2
}
trap cleanup EXIT
url=$(scripts/localpg.sh start "$dir" "$(scripts/localpg.sh free-port 27632)" wallzero --throwaway)
port=$(scripts/localpg.sh free-port 18180)
# The board users all come from this address: -max-streams-per-key 16
# lets each of them hold its stream (the bound is tested elsewhere).
bin/wallzero serve -auth off -model "$model" -max-streams-per-key 16 ${SERVE_ARGS:-} -addr "127.0.0.1:$port" -database-url "$url" -log-level warn 2>"$log" &
pid=$!
for _ in $(seq 1 150); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done
echo "server pid=$pid model=$model $(grep -c ^processor /proc/cpuinfo) cores"
bin/wallzero bench soak -url "http://127.0.0.1:$port" -server-pid "$pid" -database-url "$url" -duration "$duration" -out "$out" ${SOAK_ARGS:-}
