#!/usr/bin/env bash
# gpu-bench.sh: the measurements of one device session, in one command of
# about seven minutes: unpacks what pack.sh sent (unpack.sh), records the
# GPU (nvidia-smi), then measures with bin/wallzero
#   - bench search -provider cuda: raw evaluations per second at batch 1 to
#     1024, MCTS simulations per second with 1, 16, 64 and 256 concurrent
#     searches and their ratio to the best raw rate, the 400-visit
#     analysis latency (GPU utilisation sampled each second meanwhile);
#   - the same with -provider cpu on the machine's cores;
#   - self-play games per hour on the GPU and on the CPU;
#   - a sweep of the GPU's settings (cuDNN's convolution search, the
#     layout, -eval-workers, -max-batch, leaves in flight), each a short
#     run of the 256-search throughput and the 400-visit analysis, and the
#     time of one network call at each batch size with one worker (the
#     cost model of the stand-in accelerator, inference/acceltest).
# Every step has its own timeout, and a step that fails or times out does
# not stop the next. Everything goes to $OUT/gpu-bench.log; $OUT/summary.md
# is a markdown table for the README's GPU section (docs/gpu.md).
# `bench api` is left out: it needs a PostgreSQL server, which the device
# image does not have.
#
#   scripts/device/gpu-bench.sh                 on the device (OUT is set there)
#   GPU_BENCH_DRY=1 scripts/device/gpu-bench.sh anywhere: -provider cpu, tiny
#                                               durations, no unpack or nvidia-smi
#
# Environment: OUT (default .local/gpu-bench-out), GPU_WORKERS (4) and
# GPU_MAX_BATCH (1024), the GPU's -eval-workers and -max-batch; CPU_WORKERS
# (the number of cores); SEARCH_SECONDS (2), each throughput window;
# SELFPLAY_SECONDS (30), how long self-play starts new games;
# GPU_BENCH_BIN, an xz-compressed bin/wallzero carried beside the parts
# (built after they were packed) that replaces theirs;
# GPU_BENCH_STEPS, the measurements to run (default all: search_gpu
# sweep_gpu selfplay_gpu search_cpu selfplay_cpu). The CPU steps use the
# CUDA build's core (it runs the CPU provider too) unless the CPU build
# was carried as well.
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
OUT=${OUT:-$root/.local/gpu-bench-out}
mkdir -p "$OUT"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dry=${GPU_BENCH_DRY:-0}

bin=bin/wallzero
ort_gpu=.local/onnxruntime-gpu/libonnxruntime.so.1
ort_cpu=.local/onnxruntime/libonnxruntime.so.1
[[ -f $ort_cpu ]] || ort_cpu=$ort_gpu
gpu_workers=${GPU_WORKERS:-4}
gpu_max_batch=${GPU_MAX_BATCH:-1024}
cpu_workers=${CPU_WORKERS:-$(nproc)}
secs=${SEARCH_SECONDS:-2}
sp_secs=${SELFPLAY_SECONDS:-30}
reps=2 runs=9 visits=400 sp_games=4096 sp_args=()
t_search_gpu=150 t_search_cpu=100 t_sp_gpu=$((sp_secs + 45)) t_sp_cpu=$((sp_secs / 2 + 40)) t_sweep=45
batches=1,8,32,128,256,512,1024
searches=1,16,64,256
# The sweep: a name and the flags it adds to the defaults above, one per
# line; each run measures raw batches of 256 and 1024, 256 concurrent
# searches and the 400-visit analysis.
sweep_secs=1 sweep_runs=3 sweep_searches=256 call_batches=1,2,4,8,16,32,64,128,256,512,1024,2048
sweep_configs=$(cat <<'CONFIGS'
default
cudnn-default -cuda-options cudnn_conv_algo_search=DEFAULT
exhaustive -cuda-options cudnn_conv_algo_search=EXHAUSTIVE
one-session -fixed-batches none
fixed-pow2 -fixed-batches 1,2,4,8,16,32,64,128,256,512,1024
fixed-4 -fixed-batches 16,64,256,1024
workers-8 -eval-workers 8
workers-2 -eval-workers 2
batch-2048 -max-batch 2048 -searches 512
leaves-32 -leaf-batch 32
CONFIGS
)
if [[ $dry == 1 ]]; then
  secs=0.05 sp_secs=1 reps=1 runs=1 visits=16 sp_games=4 sp_args=(-visits 16 -fast-visits 4)
  sweep_secs=0.05 sweep_runs=1 sweep_searches=4 call_batches=1,4
  sweep_configs=$(printf 'default\nworkers-2 -eval-workers 2\n')
  [[ -n ${WALLZERO_ORT_LIB:-} && ! -f $ort_cpu ]] && ort_cpu=$WALLZERO_ORT_LIB
fi

# step NAME SECONDS CMD...: runs CMD under a timeout, its output to the log
# and to $work/NAME.txt, and notes how it ended. With GPU_BENCH_STEPS set
# (e.g. "search_gpu selfplay_gpu"), the measurements not named there are
# skipped (a rerun of one part on a warm machine).
step() {
  local name=$1 limit=$2 start rc
  shift 2
  if [[ -n ${GPU_BENCH_STEPS:-} && $name == @(search|selfplay|sweep)_* && " ${GPU_BENCH_STEPS} " != *" ${name%%.*} "* ]]; then
    echo "== $name: skipped (GPU_BENCH_STEPS)"
    return
  fi
  echo
  echo "== $name (timeout ${limit}s): $*"
  start=$(date +%s)
  timeout --kill-after=5 "$limit" "$@" 2>&1 | tee "$work/$name.txt"
  rc=${PIPESTATUS[0]}
  echo "== $name: exit $rc after $(($(date +%s) - start)) s$([[ $rc == 124 || $rc == 137 ]] && echo ' (TIMED OUT)')"
  echo "$name $rc" >>"$work/status"
}

main() {
  echo "gpu-bench: $(date -u +%FT%TZ) $(uname -m) $(nproc) cores, dry=$dry"
  if [[ $dry == 1 ]]; then
    cuda_args=(-provider cpu -ort-lib "$ort_cpu")
    echo "dry run: the GPU steps run on the CPU provider"
  else
    step unpack 90 scripts/device/unpack.sh
    if [[ -n ${GPU_BENCH_BIN:-} ]]; then
      # A binary built after the parts were packed, carried on its own
      # (xz): it replaces the packed one.
      step bin 20 bash -c "xz -dc '$GPU_BENCH_BIN' >bin/wallzero.new && chmod +x bin/wallzero.new && mv bin/wallzero.new bin/wallzero && sha256sum bin/wallzero"
    fi
    step gpu 10 nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
    cuda_args=(-provider cuda -cuda-lib-path "$(cat .local/device-carry/cuda-lib-path 2>/dev/null)" -ort-lib "$ort_gpu")
  fi
  [[ -x $bin ]] || { echo "gpu-bench: $bin is missing (unpack failed?)"; return 1; }
  step version 10 "$bin" version

  local util_pid=
  if [[ $dry != 1 ]]; then
    nvidia-smi --query-gpu=timestamp,utilization.gpu,memory.used,power.draw --format=csv -l 1 >"$OUT/gpu-util.csv" 2>&1 &
    util_pid=$!
  fi
  step search_gpu "$t_search_gpu" "$bin" bench search "${cuda_args[@]}" -eval-workers "$gpu_workers" -max-batch "$gpu_max_batch" \
    -batches "$batches" -searches "$searches" -seconds "$secs" -reps "$reps" -runs "$runs" -visits "$visits" -leaf-calls 0 -one-worker=false
  sweep
  step selfplay_gpu "$t_sp_gpu" "$bin" selfplay "${cuda_args[@]}" -eval-workers "$gpu_workers" -max-batch "$gpu_max_batch" \
    -parallel 512 -games "$sp_games" -seconds "$sp_secs" -seed 1 -out "$work/selfplay-gpu" "${sp_args[@]}"
  [[ -n $util_pid ]] && kill "$util_pid"

  step search_cpu "$t_search_cpu" "$bin" bench search -provider cpu -ort-lib "$ort_cpu" -eval-workers "$cpu_workers" \
    -searches "$searches" -seconds "$secs" -reps "$reps" -runs "$runs" -visits "$visits" -leaf-calls 0 -one-worker=false
  step selfplay_cpu "$t_sp_cpu" "$bin" selfplay -provider cpu -ort-lib "$ort_cpu" -eval-workers "$cpu_workers" \
    -parallel 64 -games "$sp_games" -seconds "$((${sp_secs%.*} / 2 + 1))" -seed 1 -out "$work/selfplay-cpu" "${sp_args[@]}"

  summary >"$OUT/summary.md"
  echo
  cat "$OUT/summary.md"
  ! grep -qv ' 0$' "$work/status"
}

# sweep: one short run per line of $sweep_configs (steps sweep_gpu.NAME),
# then the time of one call at each batch size with one worker
# (sweep_gpu.calls).
sweep() {
  local name flags
  while read -r name flags; do
    [[ -n $name ]] || continue
    # shellcheck disable=SC2086 # flags is a word list
    step "sweep_gpu.$name" "$t_sweep" "$bin" bench search "${cuda_args[@]}" -eval-workers "$gpu_workers" -max-batch "$gpu_max_batch" \
      -batches 256,1024 -searches "$sweep_searches" -seconds "$sweep_secs" -reps 1 -runs "$sweep_runs" -visits "$visits" \
      -leaf-calls 0 -one-worker=false -hints=false $flags
  done <<<"$sweep_configs"
  step sweep_gpu.calls "$t_sweep" "$bin" bench search "${cuda_args[@]}" -eval-workers 1 -max-batch 2048 -fixed-batches none \
    -batches "$call_batches" -searches 1 -seconds "$sweep_secs" -reps 1 -runs 1 -visits 16 -leaf-calls 0 -one-worker=false -hints=false
}

# field FILE PATTERN KEY: the value of KEY=... (or the number after the
# pattern when KEY is empty) on the first line of FILE matching PATTERN.
field() {
  local line
  line=$(grep -m1 -E "$2" "$work/$1.txt" 2>/dev/null) || { echo "–"; return; }
  if [[ -z $3 ]]; then
    awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^[0-9.]+$/) { print $i; exit } }' <<<"$line"
  else
    grep -oE "(^| )$3=[^ ]+" <<<"$line" | head -1 | cut -d= -f2
  fi
}

# games_per_hour FILE: self-play's games per hour from its JSON line (the
# games in flight when -seconds ran out finish first, so the time includes
# that drain), else from its last progress line (a run cut by its timeout).
games_per_hour() {
  local line g s
  if line=$(grep -m1 '"games"' "$work/$1.txt" 2>/dev/null); then
    g=$(grep -oE '"games":[0-9]+' <<<"$line" | cut -d: -f2)
    s=$(grep -oE '"seconds":[0-9.]+' <<<"$line" | cut -d: -f2)
  elif line=$(grep -E '^selfplay: [0-9]+/[0-9]+ games, [0-9.]+ s$' "$work/$1.txt" 2>/dev/null | tail -1) && [[ -n $line ]]; then
    g=$(awk '{ split($2, a, "/"); print a[1] }' <<<"$line")
    s=$(awk '{ print $(NF - 1) }' <<<"$line")
  else
    echo "–"; return
  fi
  awk -v g="$g" -v s="$s" 'BEGIN { if (s > 0) printf "%.0f (%d games in %.0f s)", g / s * 3600, g, s; else print "–" }'
}

summary() {
  local gpu b n g c
  gpu=$(cat "$work/gpu.txt" 2>/dev/null | head -1)
  echo "## GPU measurements, $(date -u +%F)$([[ $dry == 1 ]] && echo ' (DRY RUN: CPU provider, tiny durations; not figures)')"
  echo
  echo "GPU: ${gpu:-none}; CPU: $(nproc) cores; wallzero $(grep -m1 '^commit' "$work/version.txt" 2>/dev/null);" \
    "$(grep -m1 '^model=' "$work/search_gpu.txt" 2>/dev/null); scripts/device/gpu-bench.sh"
  echo "(GPU: -eval-workers $gpu_workers -max-batch $gpu_max_batch; CPU: -eval-workers $cpu_workers; windows of $secs s, medians of $reps rounds)."
  echo
  echo "| measure | GPU (-provider cuda) | CPU (-provider cpu) |"
  echo "|---|---|---|"
  for b in ${batches//,/ }; do
    echo "| raw evaluations/s, batch $b | $(field search_gpu "^raw_evals_per_sec batch=$b " "") | $(field search_cpu "^raw_evals_per_sec batch=$b " "") |"
  done
  for n in ${searches//,/ }; do
    g="^mcts_sims_per_sec batching=spread searches=$n "
    echo "| MCTS simulations/s, $n searches (ratio to best raw) | $(field search_gpu "$g" "") ($(field search_gpu "$g" ratio_to_best_raw)) | $(field search_cpu "$g" "") ($(field search_cpu "$g" ratio_to_best_raw)) |"
  done
  g="^analysis_latency_ms batching=spread visits=$visits "
  echo "| $visits-visit analysis, median ms | $(field search_gpu "$g" median) | $(field search_cpu "$g" median) |"
  g="^hint_latency_ms "
  echo "| hint after a move ($visits visits, cache on), median ms | $(field search_gpu "$g" cached) | $(field search_cpu "$g" cached) |"
  echo "| self-play games/hour | $(games_per_hour selfplay_gpu) | $(games_per_hour selfplay_cpu) |"
  echo "| bench api | not measured: no PostgreSQL server on the device | |"
  echo
  echo "The sweep (GPU; each row one short run: raw at batch 1024, $sweep_searches searches, the $visits-visit analysis):"
  echo
  echo "| settings | flags | raw evals/s, batch 1024 | MCTS sims/s, $sweep_searches searches (or as flags say) | mean batch | ratio to best raw | $visits-visit analysis, median ms |"
  echo "|---|---|---|---|---|---|---|"
  local name flags f
  while read -r name flags; do
    [[ -n $name ]] || continue
    f=sweep_gpu.$name g="^mcts_sims_per_sec batching=spread searches=[0-9]+ "
    echo "| $name | ${flags:-–} | $(field "$f" "^raw_evals_per_sec batch=1024 " "") | $(field "$f" "$g" "") | $(field "$f" "$g" mean_batch) | $(field "$f" "$g" ratio_to_best_raw) | $(field "$f" "^analysis_latency_ms batching=spread " median) |"
  done <<<"$sweep_configs"
  echo
  echo "One network call with one worker (GPU), by batch size: the stand-in accelerator's cost model."
  echo
  echo "| batch | evaluations/s | ms per call |"
  echo "|---|---|---|"
  for b in ${call_batches//,/ }; do
    f=$(field sweep_gpu.calls "^raw_evals_per_sec batch=$b " "")
    echo "| $b | $f | $(awk -v b="$b" -v r="$f" 'BEGIN { if (r + 0 > 0) printf "%.3f", b / r * 1000; else print "–" }') |"
  done
  echo
  g=$(field search_gpu "^mcts_sims_per_sec batching=spread searches=256 " "")
  c=$(field search_gpu "^mcts_sims_per_sec batching=spread searches=256 " ratio_to_best_raw)
  echo "Goals: 256 searches at least 300,000 simulations/s (measured $g) at 0.8 of the raw rate (measured $c);"
  echo "the $visits-visit analysis no slower than on the CPU (GPU $(field search_gpu "^analysis_latency_ms batching=spread visits=$visits " median) ms, CPU $(field search_cpu "^analysis_latency_ms batching=spread visits=$visits " median) ms)."
  echo
  echo "Steps (exit status; 124: timed out): $(tr '\n' ' ' <"$work/status")"
}

main 2>&1 | tee "$OUT/gpu-bench.log"
exit "${PIPESTATUS[0]}"
