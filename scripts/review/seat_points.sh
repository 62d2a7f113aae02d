#!/usr/bin/env bash
# Points lost per seat in three- and four-player reviews
# (docs/reviews.md, "Three and four players"): fresh games between players
# of different strength (one seat, rotating game by game, against the
# others), each reviewed whole as a review job reviews it (`rating review
# -whole`), then scripts/review/seat_points.py. Resumable (finished parts
# are kept in DIR).
#
#   scripts/review/seat_points.sh [DIR] [GAMES_PER_MATCH]
set -euo pipefail
dir=${1:-.local/seat-points}
games=${2:-6}
bin=${WALLZERO_BIN:-bin/wallzero}
mkdir -p "$dir/parts" "$dir/reviewed"
k=0
# players: seat A, the other seats, player count (the searches and the
# policy on the shipped three- and four-player networks)
while read -r a b players; do
  k=$((k + 1))
  name="$k-${players}p.jsonl"
  part="$dir/parts/$name"
  if [ ! -s "$part" ]; then
    "$bin" match -players "$players" -red "$a" -blue "$b" -games "$games" -seed $((52000 + k)) -workers 2 \
      -save-games "$part.tmp" > "$part.summary"
    mv "$part.tmp" "$part"
  fi
  if [ ! -s "$dir/reviewed/$name" ]; then
    "$bin" rating review -in "$part" -out "$dir/reviewed/$name" -whole -games 2 -parallel 1 > /dev/null
    echo "$name: $a against $b reviewed"
  fi
done <<'MATCHES'
random mcts:visits=64,model=models/wallzero-mp.onnx 3
voronoi-medium mcts:visits=64,model=models/wallzero-mp.onnx 3
policy:model=models/wallzero-mp.onnx voronoi-hard 3
mcts:visits=400,model=models/wallzero-mp.onnx voronoi-hard 3
random mcts:visits=64,model=models/wallzero-mp4.onnx 4
MATCHES
cat "$dir"/reviewed/*.jsonl > "$dir/reviewed.jsonl"
scripts/review/seat_points.py "$dir/reviewed.jsonl" | tee "$dir/table.md"
