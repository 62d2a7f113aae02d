#!/usr/bin/env bash
# Plays the calibration games of the rating estimate: every pair of the
# calibration players that are at most three places apart on the rating
# list (models/ratings.json), colours alternating, and writes each game as a
# JSON line (match -save-games) to OUT/train.jsonl (seeds 9001...) and
# OUT/heldout.jsonl (seeds 9501...). The held-out games are used for nothing
# but the final check of the fitted estimate.
#
#   scripts/rating/games.sh OUT [TRAIN_GAMES_PER_PAIR] [HELDOUT_GAMES_PER_PAIR]
set -euo pipefail
out=${1:?usage: games.sh OUT [TRAIN] [HELDOUT]}
train=${2:-20}
heldout=${3:-10}
bin=${WALLZERO_BIN:-bin/wallzero}
mkdir -p "$out/parts"
# The players, weakest first; the names of the rating list are in
# scripts/rating/players.tsv.
mapfile -t players < <(cut -f1 scripts/rating/players.tsv)
n=${#players[@]}
k=0
for gap in 1 2 3; do
  for ((i = 0; i + gap < n; i++)); do
    a=${players[i]} b=${players[i + gap]}
    k=$((k + 1))
    for set in train heldout; do
      if [ "$set" = train ]; then games=$train seed=$((9000 + k)); else games=$heldout seed=$((9500 + k)); fi
      part="$out/parts/$set-$k.jsonl"
      [ -s "$part" ] && continue # resumable: a finished part is kept
      "$bin" match -red "$a" -blue "$b" -games "$games" -swap -seed "$seed" -save-games "$part" > "$part.summary"
      echo "$set $k: $a vs $b: $(cut -c1-160 "$part.summary")"
    done
  done
done
cat "$out"/parts/train-*.jsonl > "$out/train.jsonl"
cat "$out"/parts/heldout-*.jsonl > "$out/heldout.jsonl"
wc -l "$out/train.jsonl" "$out/heldout.jsonl"
