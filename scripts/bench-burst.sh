#!/usr/bin/env bash
# bench-burst.sh: the service under a burst and under sustained load, with
# the server in its own process (so its peak memory is its own): a
# throwaway PostgreSQL, `wallzero serve -auth off` on a free port, then
# `wallzero bench api -url ... -server-pid ...` with a burst of BURST
# distinct /analyze requests at VISITS visits and SUSTAIN of 16 clients.
#
#   scripts/bench-burst.sh [MODEL] [BURST] [VISITS] [SUSTAIN]
#   (defaults: the service's model on this CPU, as `wallzero version` names
#   it (models/wallzero-int8.onnx with 8-bit dot products, else
#   models/wallzero-fast.onnx), 600 200 60s)
#   REPS=N sends N bursts one after another; SERVE_ARGS adds serve flags;
#   LOG_LEVEL and KEEP_LOG=FILE keep the server's log; BENCH_PREFIX is
#   put before the load generator (default "nice -n 5").
set -euo pipefail
cd "$(dirname "$0")/.."
service_model() {
  bin/wallzero version 2>/dev/null | sed -n 's/^model [^ ]* (\([^,]*\),.*/\1/p'
}
model=${1:-$(service_model)}
model=${model:-models/wallzero-fast.onnx}
burst=${2:-600}
visits=${3:-200}
sustain=${4:-60s}
bin=bin/wallzero
dir=$(mktemp -d "$PWD/.local/pg-burst.XXXXXX")
log=$(mktemp "$PWD/.local/burst-serve.XXXXXX.log")
pid=""
cleanup() {
  [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  scripts/localpg.sh destroy "$dir"
  [[ -n ${KEEP_LOG:-} ]] && cp "$log" "$KEEP_LOG"; rm -f "$log"
}
trap cleanup EXIT
url=$(scripts/localpg.sh start "$dir" "$(scripts/localpg.sh free-port 27532)" wallzero --throwaway)
port=$(scripts/localpg.sh free-port 18080)
"$bin" serve -auth off -model "$model" ${SERVE_ARGS:-} -addr "127.0.0.1:$port" -database-url "$url" -log-level "${LOG_LEVEL:-error}" 2>"$log" &
pid=$!
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done
echo "server pid=$pid model=$model $(grep -c ^processor /proc/cpuinfo) cores"
# The load generator runs at niceness 5: on a 2-core machine it would
# otherwise take CPU from the server it measures (clients are elsewhere in
# a deployment). BENCH_PREFIX= runs it at the server's priority.
${BENCH_PREFIX-nice -n 5} "$bin" bench api -url "http://127.0.0.1:$port" -server-pid "$pid" -standard=false \
  -burst "$burst" -burst-reps "${REPS:-1}" -visits "$visits" -sustain "$sustain"
