#!/usr/bin/env bash
# The multi-player network's strength figures and rating-list matches, on
# seeds no choice was made on, appended to models/mp/matches.jsonl:
#
#   scripts/mp/strength.sh ID MODEL.onnx [PREVIOUS_ID PREVIOUS.onnx]
#
# First the four strength goals' measurements (300 games each, seats rotated): the
# network at 200 visits against two (three) voronoi-hard players and
# against two (three) max-n Voronoi searches of 800 visits, with three and
# four players. Then the anchors of the rating list (100 games each):
# the 800-visit search and voronoi-medium against voronoi-hard, the network
# against the 200-visit search the service used before it, and, with a
# previous model, its gate against the new one (60 games).
set -euo pipefail
cd "$(dirname "$0")/../.."
id=${1:?model id} model=${2:?model file}
prev_id=${3:-} prev=${4:-}
net="mcts:visits=200,model=$model"
maxn800="mcts:visits=800,model=heuristic"
maxn200="mcts:visits=200,model=heuristic"
m() { scripts/mp/match.sh "$@"; }
m 3 300 9001 "$id mcts:visits=200" "$net" "voronoi-hard" voronoi-hard
m 3 300 9002 "$id mcts:visits=200" "$net" "heuristic mcts:visits=800" "$maxn800"
m 4 300 9003 "$id mcts:visits=200" "$net" "voronoi-hard" voronoi-hard
m 4 300 9004 "$id mcts:visits=200" "$net" "heuristic mcts:visits=800" "$maxn800"
for n in 3 4; do
  m "$n" 100 "901$n" "heuristic mcts:visits=800" "$maxn800" "voronoi-hard" voronoi-hard
  m "$n" 100 "902$n" "voronoi-hard" voronoi-hard "voronoi-medium" voronoi-medium
  m "$n" 100 "903$n" "$id mcts:visits=200" "$net" "heuristic mcts:visits=200" "$maxn200"
done
if [ -n "$prev" ]; then
  for n in 3 4; do
    m "$n" 60 "904$n" "$id mcts:visits=200" "$net" "$prev_id mcts:visits=200" "mcts:visits=200,model=$prev"
  done
fi
