#!/usr/bin/env bash
# Plays one seat-rotated match for the multi-player rating list and appends
# it to models/mp/matches.jsonl (training/ratings_multi.py reads it).
#
#   scripts/mp/match.sh PLAYERS GAMES SEED "A_NAME" A_SPEC "B_NAME" B_SPEC
#
# e.g. scripts/mp/match.sh 3 300 9001 "mp-0002 mcts:visits=200" \
#        mcts:visits=200,model=models/wallzero-mp.onnx voronoi-hard voronoi-hard
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${BIN:-$ROOT/bin/wallzero}
LEDGER=${LEDGER:-$ROOT/models/mp/matches.jsonl}
players=$1 games=$2 seed=$3 a_name=$4 a_spec=$5 b_name=$6 b_spec=$7
out=$(mktemp)
trap 'rm -f "$out"' EXIT
"$BIN" match -players "$players" -red "$a_spec" -blue "$b_spec" -games "$games" -seed "$seed" >"$out"
/usr/bin/python3 - "$out" "$a_name" "$b_name" >>"$LEDGER" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))
m["a_name"], m["b_name"] = sys.argv[2], sys.argv[3]
print(json.dumps(m, separators=(",", ":")))
PY
tail -n 1 "$LEDGER" | /usr/bin/python3 -c 'import json,sys; m=json.loads(sys.stdin.read()); print(m["players"], "players:", m["a_name"], "vs", m["b_name"], "score", m["a_score"], m["a_score_ci95"], "fair", m["fair_share"], "games", m["games"])'
