#!/usr/bin/env bash
# The verdicts table on fresh games (docs/reviews.md, "Measuring the
# verdicts"): games between the players of scripts/rating/table-players.tsv
# (random to 400 visits), every pair at most two rows apart, both openings,
# colours alternating, on seeds no calibration uses (14001... unless
# WALLZERO_TABLE_SEED gives another base: four-stone games take seeds
# BASE+1..., empty ones BASE+501..., for a fresh table); each game
# reviewed as a review job reviews it (`rating review -whole`), then
# `rating table`. Resumable (finished parts are kept in DIR).
#
#   scripts/rating/table.sh [DIR] [GAMES_PER_PAIR_AND_OPENING] [rating table flags]
set -euo pipefail
dir=${1:-.local/rating-table}
games=${2:-2}
shift $(($# < 2 ? $# : 2))
bin=${WALLZERO_BIN:-bin/wallzero}
base=${WALLZERO_TABLE_SEED:-14000}
table=scripts/rating/table-players.tsv
mkdir -p "$dir/parts" "$dir/reviewed"
mapfile -t players < <(cut -f1 "$table")
n=${#players[@]}
k=0
for gap in 1 2; do
  for ((i = 0; i + gap < n; i++)); do
    a=${players[i]} b=${players[i + gap]}
    k=$((k + 1))
    for opening in four-stone empty; do
      seed=$((base + k))
      [ "$opening" = empty ] && seed=$((base + 500 + k))
      name="$k-$opening.jsonl"
      part="$dir/parts/$name"
      if [ ! -s "$part" ]; then
        "$bin" match -red "$a" -blue "$b" -games "$games" -swap -opening "$opening" -seed "$seed" -workers 2 \
          -save-games "$part.tmp" > "$part.summary"
        mv "$part.tmp" "$part"
      fi
      if [ ! -s "$dir/reviewed/$name" ]; then
        "$bin" rating review -in "$part" -out "$dir/reviewed/$name" -whole -games 2 -parallel 1 > /dev/null
        echo "$name: $a vs $b reviewed"
      fi
    done
  done
done
cat "$dir"/reviewed/*.jsonl > "$dir/reviewed.jsonl"
"$bin" rating table -in "$dir/reviewed.jsonl" -players "$table" "$@" | tee "$dir/table.md"
