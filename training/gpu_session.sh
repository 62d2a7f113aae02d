#!/usr/bin/env bash
# One time-boxed GPU session: heuristic-teacher self-play on the CPU cores
# while networks learn from the growing data on the GPU.
#
#   OUT=/tmp/out BIN=bin/wallzero training/gpu_session.sh
#
# Self-play (the model-free Voronoi evaluator under 800-visit PUCT, the
# teacher measured in training/README.md) runs on all cores but one per
# learner for SELFPLAY_SECONDS. Each learner (NETS: name:blocks:channels[:init])
# runs `wallzero.train --follow` on the GPU for TRAIN_SECONDS, at most
# MAX_REUSE training samples per sample generated, with a cosine learning
# rate. At the end each checkpoint is copied to $OUT without its optimizer
# state (small enough to bring back) and the logs are packed into
# $OUT/logs.tar.gz. Continue locally with `wallzero.export` and the loop's
# gate (training/README.md, "GPU sessions").
#
# TEACHER=PATH.onnx makes the games network self-play (reinforcement
# learning, docs/reinforcement.md) instead of the heuristic teacher; a
# learner's init may then be an .onnx model too (rebuilt into a checkpoint
# by onnx_to_checkpoint.py, BatchNorm statistics from the preflight games):
#
#   TEACHER=models/wallzero.onnx NETS="rl6x64:6:64:models/wallzero.onnx" VISITS=160 \
#     FAST_VISITS=32 FULL_PROB=0.25 LR=0.01 Q_MIX=0.5 OUT=$OUT training/gpu_session.sh
#
# It needs a CUDA PyTorch (python3), the Go binary and, for learners that
# start from a checkpoint, that checkpoint. DEVICE=cpu and small seconds
# run the same steps on any machine (the test in training/README.md).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
OUT=${OUT:?set OUT to the directory for the results}
BIN=${BIN:-$ROOT/bin/wallzero}
PY=${PY:-python3}
DEVICE=${DEVICE:-cuda}
SELFPLAY_SECONDS=${SELFPLAY_SECONDS:-420}
TRAIN_SECONDS=${TRAIN_SECONDS:-460}
NETS=${NETS:-"a6x64:6:64:training/checkpoints/latest.pt b6x64:6:64 c10x128:10:128"}
VISITS=${VISITS:-800}
FAST_VISITS=${FAST_VISITS:-200}
FULL_PROB=${FULL_PROB:-0.6}
MIN_SAMPLES=${MIN_SAMPLES:-20000}
MAX_REUSE=${MAX_REUSE:-10}
BATCH=${BATCH:-1024}
LR=${LR:-0.06}
Q_MIX=${Q_MIX:-0.8}
SEED=${SEED:-7000000}
WORK=${WORK:-$(mktemp -d /tmp/wz-gpu.XXXXXX)}
TEACHER=${TEACHER:-heuristic}
[[ $TEACHER == heuristic || $TEACHER == /* ]] || TEACHER=$ROOT/$TEACHER

mkdir -p "$OUT" "$WORK/data" "$WORK/ckpt" "$WORK/logs"
command -v nvidia-smi >/dev/null && nvidia-smi -L || true
"$PY" -c 'import torch; print("torch", torch.__version__, "cuda", torch.cuda.is_available())'

read -r -a nets <<<"$NETS"
cores=$(nproc)
sp_cores=$((cores - ${#nets[@]}))
((sp_cores < 1)) && sp_cores=1
echo "cores=$cores selfplay_cores=$sp_cores learners=${#nets[@]} work=$WORK"

# Sets start to the arguments that give a learner its first network: a
# checkpoint to continue (absolute, or relative to the repository root) or
# a new shape.
set_start() { # blocks channels [init]
	local init=${3:-}
	[[ -z $init || $init == /* ]] || init=$ROOT/$init
	case "$init" in
	"") start=(--blocks "$1" --channels "$2") ;;
	*.onnx)
		local ck=$WORK/init-$(basename "$init" .onnx).pt
		[[ -f $ck ]] || (cd "$ROOT/training" && "$PY" onnx_to_checkpoint.py --onnx "$init" --out "$ck" \
			--calibrate-data "$WORK/pre" --check 2 >&2)
		start=(--init "$ck") ;;
	*) start=(--init "$init") ;;
	esac
}

# Preflight (seconds): every learner takes a few steps on a few games, so a
# broken set-up fails before the long part starts.
"$BIN" selfplay -model "$TEACHER" -games 8 -parallel 8 -visits 16 -fast-visits 4 -out "$WORK/pre" -seed 1 >/dev/null
for spec in "${nets[@]}"; do
	IFS=: read -r name blocks channels init <<<"$spec"
	set_start "$blocks" "$channels" "${init:-}"
	pre=(--data "$WORK/pre" --checkpoint "$WORK/pre-$name.pt" --device "$DEVICE" --steps 3 --batch 64 --log-every 1 "${start[@]}")
	(cd "$ROOT/training" && "$PY" -m wallzero.train "${pre[@]}" | tail -n 1)
done

GOMAXPROCS=$sp_cores "$BIN" selfplay -model "$TEACHER" -games 100000000 -seconds "$SELFPLAY_SECONDS" \
	-parallel $((4 * sp_cores)) -visits "$VISITS" -fast-visits "$FAST_VISITS" -full-prob "$FULL_PROB" \
	-out "$WORK/data" -seed "$SEED" >"$WORK/logs/selfplay.json" 2>"$WORK/logs/selfplay.err" &
pids=($!)

for spec in "${nets[@]}"; do
	IFS=: read -r name blocks channels init <<<"$spec"
	args=(--data "$WORK/data" --checkpoint "$WORK/ckpt/$name.pt" --device "$DEVICE" --follow
		--min-samples "$MIN_SAMPLES" --max-reuse "$MAX_REUSE" --seconds "$TRAIN_SECONDS"
		--batch "$BATCH" --lr "$LR" --lr-schedule cosine --window 4000000 --log-every 200 --reload-seconds 15
		--save-every 2000 --q-mix "$Q_MIX" --threads 1)
	set_start "$blocks" "$channels" "${init:-}"
	args+=("${start[@]}")
	(cd "$ROOT/training" && PYTHONUNBUFFERED=1 "$PY" -m wallzero.train "${args[@]}") >"$WORK/logs/train-$name.jsonl" 2>&1 &
	pids+=($!)
done

status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done

for spec in "${nets[@]}"; do
	name=${spec%%:*}
	if [[ -f "$WORK/ckpt/$name.pt" ]]; then
		(cd "$ROOT/training" && "$PY" -c '
import sys
from wallzero import checkpoint as ckpt
net, state = ckpt.load_model(sys.argv[1])
ckpt.save(sys.argv[2], net, None, "", state["step"], state.get("stats"))
' "$WORK/ckpt/$name.pt" "$OUT/$name.pt")
	fi
	tail -n 2 "$WORK/logs/train-$name.jsonl" || true
done
cat "$WORK/logs/selfplay.json" || true
tar -czf "$OUT/logs.tar.gz" -C "$WORK" logs
exit $status
