#!/usr/bin/env bash
# bench-load.sh: a retry storm or the analysis board's users against the
# service in its own process (a throwaway PostgreSQL, `wallzero serve` on
# a free port), the load generator at niceness 10 (-nice) so that on a
# small machine it measures the server rather than itself.
#
#   scripts/bench-load.sh storm [CLIENTS] [VISITS] [STEADY] [MODEL]
#       16 clients for STEADY (default 30s) to measure the steady rate,
#       then CLIENTS (600) clients at VISITS (200) that honour Retry-After
#   scripts/bench-load.sh board [USERS] [SECONDS] [MODEL]
#       USERS (200) board users, each with its own API key (the server
#       runs -auth required, keys without a rate quota), opening a stream
#       and cancelling it after 50-500 ms, beside 16 hint clients, for
#       SECONDS (60s)
#   (MODEL: the service's model on this CPU, as `wallzero version` names
#   it.) SERVE_ARGS adds serve flags; KEEP_LOG=FILE keeps the server's log.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:?usage: scripts/bench-load.sh storm|board ...}
service_model() { bin/wallzero version 2>/dev/null | sed -n 's/^model [^ ]* (\([^,]*\),.*/\1/p'; }
case $mode in
  storm) model=${5:-$(service_model)}; auth=(-auth off) ;;
  board) model=${4:-$(service_model)}; auth=(-auth required -key-visits-per-second 0) ;;
  *) echo "bench-load.sh: mode storm or board, not $mode" >&2; exit 2 ;;
esac
model=${model:-models/wallzero-fast.onnx}
dir=$(mktemp -d "$PWD/.local/pg-load.XXXXXX")
log=$(mktemp "$PWD/.local/load-serve.XXXXXX.log")
pid=""
cleanup() {
  [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  scripts/localpg.sh destroy "$dir"
  [[ -n ${KEEP_LOG:-} ]] && cp "$log" "$KEEP_LOG"; rm -f "$log"
}
trap cleanup EXIT
url=$(scripts/localpg.sh start "$dir" "$(scripts/localpg.sh free-port 27732)" wallzero --throwaway)
port=$(scripts/localpg.sh free-port 18280)
bin/wallzero serve "${auth[@]}" -model "$model" ${SERVE_ARGS:-} -addr "127.0.0.1:$port" -database-url "$url" -log-level error 2>"$log" &
pid=$!
for _ in $(seq 1 150); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done
echo "server pid=$pid model=$model $(grep -c ^processor /proc/cpuinfo) cores"
common=(-url "http://127.0.0.1:$port" -server-pid "$pid" -standard=false -nice 10)
case $mode in
  storm) bin/wallzero bench api "${common[@]}" -storm "${2:-600}" -visits "${3:-200}" -storm-steady "${4:-30s}" ;;
  board) bin/wallzero bench api "${common[@]}" -board-users "${2:-200}" -board-duration "${3:-60s}" -board-keys-db "$url" ;;
esac
