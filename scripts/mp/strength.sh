#!/usr/bin/env bash
# The multi-player network's strength figures and rating-list matches, on
# seeds no choice was made on, appended to models/mp/matches.jsonl:
#
#   [SEEDS=9000] scripts/mp/strength.sh ID MODEL.onnx [PREVIOUS_ID PREVIOUS.onnx]
#
# Match k's seed is SEEDS + k (9001 to 9044 by default); give each
# measurement a SEEDS no choice was made on (9100, 9200...).
# First the four strength goals' measurements (300 games each, seats rotated): the
# network at 200 visits against two (three) voronoi-hard players and
# against two (three) max-n Voronoi searches of 800 visits, with three and
# four players. Then the anchors of the rating list (100 games each):
# the 800-visit search and voronoi-medium against voronoi-hard, the network
# against the 200-visit search the service used before it, the 800-visit
# search at today's exploration constant against it at the old one (1.5),
# and, with a previous model, its gate against the new one (60 games).
set -euo pipefail
cd "$(dirname "$0")/../.."
id=${1:?model id} model=${2:?model file}
prev_id=${3:-} prev=${4:-}
base=${SEEDS:-9000}
seed() { echo $((base + $1)); }
net="mcts:visits=200,model=$model"
# The max-n searches at the search's defaults (MultiCPuct 1.0), named
# with it: the ledger's older entries without a cpuct were played at 1.5,
# the default then, and the last anchor links the two.
maxn800="mcts:visits=800,model=heuristic"
maxn800old="mcts:visits=800,model=heuristic,cpuct=1.5"
maxn200="mcts:visits=200,model=heuristic"
n800="heuristic mcts:visits=800 cpuct=1.0"
n200="heuristic mcts:visits=200 cpuct=1.0"
m() { scripts/mp/match.sh "$@"; }
m 3 300 "$(seed 1)" "$id mcts:visits=200" "$net" "voronoi-hard" voronoi-hard
m 3 300 "$(seed 2)" "$id mcts:visits=200" "$net" "$n800" "$maxn800"
m 4 300 "$(seed 3)" "$id mcts:visits=200" "$net" "voronoi-hard" voronoi-hard
m 4 300 "$(seed 4)" "$id mcts:visits=200" "$net" "$n800" "$maxn800"
for n in 3 4; do
  m "$n" 100 "$(seed "1$n")" "$n800" "$maxn800" "voronoi-hard" voronoi-hard
  m "$n" 100 "$(seed "2$n")" "voronoi-hard" voronoi-hard "voronoi-medium" voronoi-medium
  m "$n" 100 "$(seed "3$n")" "$id mcts:visits=200" "$net" "$n200" "$maxn200"
  m "$n" 100 "$(seed "5$n")" "$n800" "$maxn800" "heuristic mcts:visits=800" "$maxn800old"
done
if [ -n "$prev" ]; then
  for n in 3 4; do
    m "$n" 60 "$(seed "4$n")" "$id mcts:visits=200" "$net" "$prev_id mcts:visits=200 cpuct=1.0" "mcts:visits=200,model=$prev"
  done
fi
