#!/usr/bin/env bash
# profile-serve.sh: where a loaded server's time goes. Starts a throwaway
# PostgreSQL and `wallzero serve` (pprof on -debug-addr), keeps 16 clients
# sending distinct 200-visit /analyze requests for SECONDS, and meanwhile
# takes a 10 s CPU profile of the server. Prints the load's figures, the
# server's and PostgreSQL's CPU seconds during it, and the change of the
# server's evaluation and cache metrics; keeps the profile in OUT.
#
#   scripts/profile-serve.sh [MODEL] [SECONDS] [OUT]
#   (defaults: models/wallzero.onnx 20 .local/serve-cpu.prof)
#   then: go tool pprof -top -nodecount=40 bin/wallzero OUT
#   SERVE_ARGS adds serve flags.
set -euo pipefail
cd "$(dirname "$0")/.."
model=${1:-models/wallzero.onnx}
secs=${2:-20}
out=${3:-.local/serve-cpu.prof}
bin=bin/wallzero
mkdir -p .local
dir=$(mktemp -d "$PWD/.local/pg-profile.XXXXXX")
pid=""
cleanup() {
  [[ -n $pid ]] && kill "$pid" 2>/dev/null && wait "$pid" 2>/dev/null || true
  scripts/localpg.sh destroy "$dir" >/dev/null
}
trap cleanup EXIT
url=$(scripts/localpg.sh start "$dir" "$(scripts/localpg.sh free-port 27632)" wallzero --throwaway)
port=$(scripts/localpg.sh free-port 18180)
debug=$(scripts/localpg.sh free-port 16061)
"$bin" serve -auth off -model "$model" ${SERVE_ARGS:-} -addr "127.0.0.1:$port" -debug-addr "127.0.0.1:$debug" \
  -database-url "$url" -log-level error &
pid=$!
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/readyz" >/dev/null 2>&1 && break
  sleep 0.2
done
metrics() {
  curl -s "http://127.0.0.1:$port/metrics" | grep -E '^wallzero_(evaluations_total|network_batch_size_(sum|count)|analysis_cache_(hits|misses)_total|searches_total)' || true
}
# cpu_ticks PID...: user+system clock ticks of the processes.
cpu_ticks() { local t=0 p; for p in "$@"; do t=$((t + $(awk '{print $14+$15}' "/proc/$p/stat" 2>/dev/null || echo 0))); done; echo "$t"; }
pg_pids() { pgrep -u postgres -f "$dir" || true; pgrep -u postgres -P "$(pgrep -u postgres -f "postgres -D $dir" | head -1)" || true; }
m0=$(metrics)
s0=$(cpu_ticks "$pid"); p0=$(cpu_ticks $(pg_pids))
(sleep $((secs / 4)); curl -s -o "$out" "http://127.0.0.1:$debug/debug/pprof/profile?seconds=10") &
prof=$!
# At niceness 5, as in bench-burst.sh: the load generator should not take
# the server's CPU.
nice -n 5 "$bin" bench api -url "http://127.0.0.1:$port" -server-pid "$pid" -standard=false -visits 200 -sustain "${secs}s" | grep -v '^model'
wait "$prof"
s1=$(cpu_ticks "$pid"); p1=$(cpu_ticks $(pg_pids))
hz=$(getconf CLK_TCK)
echo "server_cpu_s=$(((s1 - s0) / hz)) postgres_cpu_s=$(awk -v d=$((p1 - p0)) -v hz="$hz" 'BEGIN{printf "%.2f", d/hz}') profile=$out"
diff <(echo "$m0") <(metrics) | sed -n 's/^> //p'
