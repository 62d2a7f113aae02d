#!/usr/bin/env bash
# One tiny training iteration end to end: heuristic self-play of a few games,
# a few training steps of a 1x16 network, ONNX export, gating and promotion
# (which load the model in Go and play it), then one analysis query on the
# promoted model; then the GPU-session path on the CPU (gpu_session.sh for a
# few seconds, its checkpoint imported into the loop's second iteration,
# gated and promoted) and the CPU teacher fine-tune (teacher_finetune.sh for a
# few seconds); and one reinforcement-learning iteration that continues the
# promoted model with its own games (loop.py --mode self). Part of `make test` (make train-smoke).
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export WALLZERO_OMP_PASSIVE=1
/usr/bin/python3 training/loop.py --work "$work" --promote-dir "$work/models" --mode bootstrap --iterations 1 \
  --bootstrap-games 4 --visits 16 --fast-visits 4 --parallel 2 --passes 1 --bootstrap-passes 1 \
  --batch 32 --blocks 1 --channels 16 --gate-games 1 --gate-visits 8 --gate-score 0 --ladder-games 1 \
  --ladder-visits 8 > "$work/loop.log"
test -s "$work/models/wallzero.onnx" || { echo "train-smoke: no model promoted"; cat "$work/loop.log"; exit 1; }
grep -q '"event": "promote"' "$work/loop.log" || { echo "train-smoke: no promotion logged"; cat "$work/loop.log"; exit 1; }
out=$(echo '{"id":"smoke","moves":["C3","E3","C5","E5"],"maxVisits":16,"topK":1}' |
  bin/wallzero analysis -model "$work/models/wallzero.onnx")
echo "$out" | grep -q '"moveInfos":\[{"move":' || { echo "train-smoke: the promoted model did not analyse: $out"; exit 1; }
# Reinforcement learning from the promoted model in a fresh work directory:
# self-play with the network, checkpoint rebuilt from the ONNX file, train,
# gate, promote, ratings refitted.
/usr/bin/python3 training/loop.py --work "$work/rl" --promote-dir "$work/rl-models" --mode self \
  --start-model "$work/models/wallzero.onnx" --iterations 1 --games 4 --visits 16 --fast-visits 4 \
  --int8-selfplay on --calibrate-games 4 --calibrate-samples 64 \
  --parallel 2 --passes 1 --batch 32 --gate-games 1 --gate-visits 8 --gate-score 0 --ladder-games 1 \
  --ladder-visits 8 > "$work/rl.log"
grep -q '"event": "rebuild"' "$work/rl.log" && grep -q '"event": "promote"' "$work/rl.log" &&
  grep -q '"event": "quantize"' "$work/rl.log" && grep -q '"player": "selfplay-[^"]*-int8.onnx"' "$work/rl.log" &&
  test -s "$work/rl-models/wallzero.onnx" && test -s "$work/rl-models/ratings.svg" ||
  { echo "train-smoke: the self-play loop did not rebuild, promote and rate"; cat "$work/rl.log"; exit 1; }
OUT="$work/gpu" PY=/usr/bin/python3 DEVICE=cpu SELFPLAY_SECONDS=2 TRAIN_SECONDS=2 MIN_SAMPLES=20 BATCH=32 \
  VISITS=16 FAST_VISITS=4 NETS="s:1:16 c:1:16:$work/checkpoints/latest.pt" WORK="$work/gpu-work" training/gpu_session.sh > "$work/gpu.log" 2>&1 ||
  { echo "train-smoke: gpu_session.sh failed"; cat "$work/gpu.log"; exit 1; }
test -s "$work/gpu/s.pt" && test -s "$work/gpu/c.pt" ||
  { echo "train-smoke: gpu_session.sh returned no checkpoint for a learner"; cat "$work/gpu.log"; exit 1; }
PROCS=1 SELFPLAY_SECONDS=1 TRAIN_SECONDS=2 VISITS=16 FAST_VISITS=4 BATCH=32 TEACHER="$work/teacher" \
  INIT="$work/checkpoints/latest.pt" OUT="$work/ft/ft.pt" training/teacher_finetune.sh > "$work/ft.log" 2>&1 ||
  { echo "train-smoke: teacher_finetune.sh failed"; cat "$work/ft.log" "$work"/ft/ft.logs/*.err; exit 1; }
test -s "$work/ft/ft.pt" && grep -q '"games": [1-9]' "$work/ft/ft.import.json" ||
  { echo "train-smoke: teacher_finetune.sh left no checkpoint or import stats"; cat "$work/ft.log"; exit 1; }
echo '{"games": 1, "samples": 2, "train_steps": 3, "note": "smoke"}' > "$work/import.json"
/usr/bin/python3 training/loop.py --work "$work" --promote-dir "$work/models" --mode bootstrap --iterations 1 \
  --import-checkpoint "$work/gpu/s.pt" --import-stats "$work/import.json" \
  --gate-games 1 --gate-visits 8 --gate-score 0 --ladder-games 1 --ladder-visits 8 > "$work/loop2.log"
grep -q '"event": "import"' "$work/loop2.log" && grep -q '"event": "promote"' "$work/loop2.log" ||
  { echo "train-smoke: the imported checkpoint was not promoted"; cat "$work/loop2.log"; exit 1; }
/usr/bin/python3 -c 'import json, sys; m = json.load(open(sys.argv[1]))["models"]; assert len(m) == 2 and m[1]["training"]["imported"]["note"] == "smoke", m' "$work/models/ladder.json"
echo "train-smoke: ok ($(grep -c '"event"' "$work/loop.log") loop events; analysis: ${out:0:120}...)"
