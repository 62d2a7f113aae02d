#!/usr/bin/env bash
# Latency of multi-player analyses at the shipped settings: one game of
# PLAYERS (4) voronoi-hard players, every other turn of it analysed at
# VISITS (200) visits one turn at a time with no evaluation cache, by each
# model given, the models' runs interleaved REPS (5) times; prints each
# run's milliseconds a turn and each model's median.
#
#   scripts/mp/latency.sh MODEL.onnx [MODEL.onnx ...]
#
# e.g. the four-player network alone against its served ensemble:
#   scripts/mp/latency.sh models/mp/mp-0007x-4p.onnx models/wallzero-mp4.onnx
set -euo pipefail
cd "$(dirname "$0")/../.."
BIN=${BIN:-bin/wallzero}
players=${PLAYERS:-4} visits=${VISITS:-200} reps=${REPS:-5}
[ $# -ge 1 ] || { echo "usage: $0 MODEL.onnx [MODEL.onnx ...]" >&2; exit 2; }
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
"$BIN" match -players "$players" -red voronoi-hard -blue voronoi-hard -games 1 -seed 5 -save-games "$w/game.jsonl" >/dev/null
/usr/bin/python3 - "$w/game.jsonl" "$players" "$visits" >"$w/query.jsonl" <<'PY'
import json, sys
g = json.loads(open(sys.argv[1]).readline())
n = len(g["moves"])
print(json.dumps({"id": "latency", "rules": {"players": int(sys.argv[2])}, "moves": g["moves"],
                  "analyzeTurns": list(range(0, n - 2, 2)), "maxVisits": int(sys.argv[3])}))
PY
for rep in $(seq "$reps"); do
  for m in "$@"; do
    flag=-mp4-model
    [ "$players" = 3 ] && flag=-mp3-model
    s=$(date +%s%N)
    "$BIN" analysis -parallel 1 -eval-cache 0 "$flag" "$m" <"$w/query.jsonl" >"$w/out.jsonl" 2>/dev/null
    e=$(date +%s%N)
    turns=$(grep -c '"turnNumber"' "$w/out.jsonl")
    ms=$(( (e - s) / 1000000 / turns ))
    echo "$m run $rep: $turns turns, $ms ms a turn"
    echo "$m $ms" >>"$w/runs"
  done
done
for m in "$@"; do
  grep -F "$m " "$w/runs" | awk '{print $2}' | sort -n | awk -v m="$m" '{a[NR]=$1} END {print m ": median " a[int((NR+1)/2)] " ms a turn over " NR " runs"}'
done
