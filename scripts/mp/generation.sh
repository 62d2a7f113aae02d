#!/usr/bin/env bash
# One generation of the three- and four-player network's training loop
# (docs/multiplayer-network.md, models/README.md "Three and four players").
#
#   scripts/mp/generation.sh bootstrap OUT          # Voronoi max-n games, first network
#   scripts/mp/generation.sh selfplay OUT MODEL.onnx # the network's own games
#   scripts/mp/generation.sh train OUT ID [INIT.pt]  # learn from OUT/data, export OUT/models/ID.onnx
#   scripts/mp/generation.sh gate OUT NEW.onnx OLD.onnx
#
# bootstrap plays GAMES (3000) games, half of three players and half of
# four, with the model-free Voronoi evaluator under a max-n search of
# VISITS (400) visits on full searches (FULL_PROB 0.5) and FAST_VISITS (80)
# otherwise. selfplay plays GAMES (600) games of the network at VISITS
# (200) / FAST_VISITS (40), FULL_PROB (0.5). train runs STEPS (1500)
# optimizer steps on the newest WINDOW (150000) samples of OUT/data,
# continuing INIT when given. gate plays GATE_GAMES (60) seat-rotated
# games of three and of four players, NEW at 200 visits against OLD at 200
# visits in the other seats, and prints both scores (a fair share is 1/3
# and 1/4). PLAYERS (3,4) narrows selfplay, train and gate to one count:
# PLAYERS=4 plays four-player games, trains a network of four players alone
# (python3 -m wallzero.train --players 4, served for four players only) and gates it
# on four. Every step writes its JSON summary under OUT/logs.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${BIN:-$ROOT/bin/wallzero}
PY=${PY:-/usr/bin/python3}
step=${1:?bootstrap, selfplay, train or gate}
PLAYERS=${PLAYERS:-3,4}
OUT=${2:?output directory}
mkdir -p "$OUT/data" "$OUT/models" "$OUT/ckpt" "$OUT/logs"
stamp=$(date -u +%Y%m%dT%H%M%S)
case "$step" in
bootstrap)
  nice -n 5 "$BIN" selfplay -players 3,4 -model heuristic -games "${GAMES:-3000}" -parallel 2 \
    -out "$OUT/data/boot" -seed "${SEED:-100000}" -visits "${VISITS:-400}" -fast-visits "${FAST_VISITS:-80}" \
    -full-prob "${FULL_PROB:-0.5}" >"$OUT/logs/bootstrap-$stamp.json"
  ;;
selfplay)
  model=${3:?model}
  id=$(basename "$model" .onnx)
  nice -n 5 "$BIN" selfplay -players "$PLAYERS" -model "$model" -games "${GAMES:-600}" -parallel "${PARALLEL:-16}" \
    -out "$OUT/data/$id" -seed "${SEED:-200000}" -visits "${VISITS:-200}" -fast-visits "${FAST_VISITS:-40}" \
    -full-prob "${FULL_PROB:-0.5}" -seconds "${SECONDS_LIMIT:-0}" >"$OUT/logs/selfplay-$id-$stamp.json"
  ;;
train)
  id=${3:?model id}
  init=()
  if [ -n "${4:-}" ]; then init=(--checkpoint "$4"); fi  # continue its weights, optimizer and step
  (cd "$ROOT/training" && nice -n 5 "$PY" -m wallzero.train --data "$OUT/data" --window "${WINDOW:-150000}" \
    --steps "${STEPS:-1500}" --players "$PLAYERS" "${init[@]}" --out-checkpoint "$OUT/ckpt/$id.pt" --out-onnx "$OUT/models/$id.onnx" \
    --model-id "$id" --log-every 100) >"$OUT/logs/train-$id-$stamp.jsonl"
  ;;
gate)
  new=${3:?new model}
  old=${4:?old model}
  for n in ${PLAYERS//,/ }; do
    "$BIN" match -players "$n" -red "mcts:visits=200,model=$new" -blue "mcts:visits=200,model=$old" \
      -games "${GATE_GAMES:-60}" -seed "${SEED:-300000}" >"$OUT/logs/gate-$(basename "$new" .onnx)-${n}p-$stamp.json"
    "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); print(sys.argv[2]+"p", d["a"], "score", d["a_score"], d["a_score_ci95"], "fair", d["fair_share"])' \
      "$OUT/logs/gate-$(basename "$new" .onnx)-${n}p-$stamp.json" "$n"
  done
  ;;
*)
  echo "unknown step $step: bootstrap, selfplay, train or gate" >&2
  exit 2
  ;;
esac
