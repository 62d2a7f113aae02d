#!/usr/bin/env bash
# A CPU fine-tune on heuristic-teacher games: the recipe that made wz-0012.
#
#   SELFPLAY_SECONDS=2880 TRAIN_SECONDS=3300 training/teacher_finetune.sh
#
# Phase 1: one `wallzero selfplay -model heuristic` process per core (PROCS)
# adds SELFPLAY_SECONDS of 800-visit teacher games to a new directory under
# TEACHER (default training/data/t800). Phase 2: `wallzero.train` continues
# INIT on every chunk under TEACHER (the teacher does not depend on the
# network, so older teacher games are as good a target as new ones) with all
# cores for TRAIN_SECONDS, SGD with a cosine learning rate, into OUT. Then
# the selfplay summaries and an --import-stats file are written next to OUT,
# ready for the loop's gate:
#
#   cd training && /usr/bin/python3 loop.py --iterations 1 \
#       --import-checkpoint checkpoints/ft/ft.pt --import-stats checkpoints/ft/ft.import.json
#
# The window is held packed in memory, about 5.5 KB per sample (twice that
# while loading): 1.5 M samples need 16 GB. training/README.md has the
# measurements. Small seconds run the same steps in a smoke test.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$ROOT/bin/wallzero}
PY=${PY:-/usr/bin/python3}
PROCS=${PROCS:-$(nproc)}
SELFPLAY_SECONDS=${SELFPLAY_SECONDS:-2880}
TRAIN_SECONDS=${TRAIN_SECONDS:-3300}
TEACHER=${TEACHER:-$ROOT/training/data/t800}
INIT=${INIT:-$ROOT/training/checkpoints/latest.pt}
OUT=${OUT:-$ROOT/training/checkpoints/ft/ft.pt}
VISITS=${VISITS:-800}
FAST_VISITS=${FAST_VISITS:-200}
FULL_PROB=${FULL_PROB:-0.6}
SAMPLE_MOVES=${SAMPLE_MOVES:-16}
WINDOW=${WINDOW:-1600000}
BATCH=${BATCH:-256}
LR=${LR:-0.0015}
Q_MIX=${Q_MIX:-0.8}
SEED=${SEED:-$(date +%s)}

[[ -f "$INIT" ]] || { echo "teacher_finetune: INIT $INIT: no such checkpoint" >&2; exit 1; }
run=$(date +%Y%m%d-%H%M%S)
new="$TEACHER/$run"
logs="${OUT%.pt}.logs"
mkdir -p "$new" "$logs" "$(dirname "$OUT")"
echo "teacher_finetune: $PROCS self-play processes for ${SELFPLAY_SECONDS}s into $new, then ${TRAIN_SECONDS}s of training from $INIT"

# A failure anywhere stops the self-play processes still running.
trap 'kill $(jobs -p) 2>/dev/null || true' EXIT
pids=()
for ((i = 1; i <= PROCS; i++)); do
	GOMAXPROCS=1 "$BIN" selfplay -model heuristic -games 100000000 -seconds "$SELFPLAY_SECONDS" -parallel 4 \
		-visits "$VISITS" -fast-visits "$FAST_VISITS" -full-prob "$FULL_PROB" -sample-moves "$SAMPLE_MOVES" \
		-out "$new/p$i" -seed $((SEED + i * 1000000)) >"$logs/selfplay-$i.json" 2>"$logs/selfplay-$i.err" &
	pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done

(cd "$ROOT/training" && "$PY" -m wallzero.train --data "$TEACHER" --checkpoint "$OUT" --init "$INIT" \
	--window "$WINDOW" --batch "$BATCH" --lr "$LR" --lr-schedule cosine --seconds "$TRAIN_SECONDS" \
	--threads "$PROCS" --q-mix "$Q_MIX" --seed "$((SEED % 100000))" --summary-out "$logs/train-summary.json") \
	>"$logs/train.jsonl" 2>"$logs/train.err"

# The import stats: this run's games and samples, self-play seconds summed
# over the processes, the learner's steps and training samples.
"$PY" - "$logs" "${OUT%.pt}.import.json" "$PROCS" "$TEACHER" <<'EOF'
import json, sys
from pathlib import Path
logs, out, procs, teacher = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
sp = [json.loads(p.read_text().strip().splitlines()[-1]) for p in sorted(logs.glob("selfplay-*.json"))]
tr = json.loads((logs / "train-summary.json").read_text())
stats = {
    "games": sum(s["games"] for s in sp),
    "samples": sum(s["samples"] for s in sp),
    "selfplay_seconds": round(sum(s["seconds"] for s in sp)),
    "train_seconds": round(tr["seconds"]),
    "train_steps": tr["steps"],
    "train_samples": tr["samples"],
    "device": f"CPU ({procs} cores)",
    "note": f"teacher_finetune.sh: {procs} heuristic-teacher self-play processes, then training on "
            f"every teacher sample under {teacher} (window {tr['window']:,})",
}
out.write_text(json.dumps(stats) + "\n")
print(json.dumps(stats))
EOF
