#!/usr/bin/env bash
# The multi-player networks' strength figures and rating-list matches, on
# seeds no choice was made on, appended to models/mp/matches.jsonl:
#
#   [SEEDS=9000] [COUNTS="3 4"] [ID4=ID MODEL4=FILE] scripts/mp/strength.sh ID MODEL.onnx [PREVIOUS_ID PREVIOUS.onnx]
#
# COUNTS="4" plays the four-player matches alone (a new four-player
# network beside a three-player one already measured).
# MODEL plays three players, and four unless MODEL4 (a four-player network
# of its own, as served: models/wallzero-mp4.onnx) is given with its ID4;
# PREVIOUS is then the previous four-player model.
# Match k's seed is SEEDS + k (9001 to 9044 by default); give each
# measurement a SEEDS no choice was made on (9100, 9200...).
# First the four strength goals' measurements (300 games each, seats rotated): the
# network at 200 visits against two (three) voronoi-hard players and
# against two (three) max-n Voronoi searches of 800 visits, with three and
# four players. Then the anchors of the rating list (100 games each):
# the 800-visit search and voronoi-medium against voronoi-hard, the network
# against the 200-visit search, the 800-visit search at today's defaults
# against it with 8 leaves in flight (the default before MultiLeafBatch),
# and, with a previous model, its gate against the new one (60 games).
set -euo pipefail
cd "$(dirname "$0")/../.."
id=${1:?model id} model=${2:?model file}
prev_id=${3:-} prev=${4:-}
id4=${ID4:-$id} model4=${MODEL4:-$model}
base=${SEEDS:-9000}
seed() { echo $((base + $1)); }
# Every search at the defaults (MultiCPuct 1.0, MultiLeafBatch 4), named
# with them: the ledger's names without batch=4 were played with 8 leaves
# in flight, and those without cpuct=1.0 at the constant 1.5; the last
# anchor links the leaves in flight, an older one the constant.
declare -A net=([3]="mcts:visits=200,model=$model" [4]="mcts:visits=200,model=$model4")
declare -A name=([3]="$id mcts:visits=200 batch=4" [4]="$id4 mcts:visits=200 batch=4")
maxn800="mcts:visits=800,model=heuristic"
maxn800b8="mcts:visits=800,model=heuristic,batch=8"
maxn200="mcts:visits=200,model=heuristic"
n800="heuristic mcts:visits=800 cpuct=1.0 batch=4"
n800b8="heuristic mcts:visits=800 cpuct=1.0"
n200="heuristic mcts:visits=200 cpuct=1.0 batch=4"
m() { scripts/mp/match.sh "$@"; }
counts=${COUNTS:-3 4}
has() { [[ " $counts " == *" $1 "* ]]; }
if has 3; then
  m 3 300 "$(seed 1)" "${name[3]}" "${net[3]}" "voronoi-hard" voronoi-hard
  m 3 300 "$(seed 2)" "${name[3]}" "${net[3]}" "$n800" "$maxn800"
fi
if has 4; then
  m 4 300 "$(seed 3)" "${name[4]}" "${net[4]}" "voronoi-hard" voronoi-hard
  m 4 300 "$(seed 4)" "${name[4]}" "${net[4]}" "$n800" "$maxn800"
fi
for n in $counts; do
  m "$n" 100 "$(seed "1$n")" "$n800" "$maxn800" "voronoi-hard" voronoi-hard
  m "$n" 100 "$(seed "2$n")" "voronoi-hard" voronoi-hard "voronoi-medium" voronoi-medium
  m "$n" 100 "$(seed "3$n")" "${name[$n]}" "${net[$n]}" "$n200" "$maxn200"
  m "$n" 100 "$(seed "5$n")" "$n800" "$maxn800" "$n800b8" "$maxn800b8"
done
if [ -n "$prev" ]; then
  n=4
  [ -n "${MODEL4:-}" ] || n=$counts
  for k in $n; do
    m "$k" 60 "$(seed "4$k")" "${name[$k]}" "${net[$k]}" "$prev_id mcts:visits=200 batch=4" "mcts:visits=200,model=$prev"
  done
fi
