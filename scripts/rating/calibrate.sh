#!/usr/bin/env bash
# The rating estimate's calibration and its check, from nothing to a fitted
# calibration file and the held-out figures (docs/reviews.md, "Rating
# estimate"). Resumable: every finished file in DIR is kept, so a rerun
# after a stop (or after a change of the review's win rates or thresholds, with WALLZERO_RATING_TAG
# naming a fresh set of reviews) does only what is missing. Long: run it
# in the background,
#
#   nohup nice -n 5 scripts/rating/calibrate.sh .local/rating2 > .local/rating2.log 2>&1 &
#
# Steps:
#  1. anchor matches (scripts/rating/anchors.tsv) for the players the rating
#     list lacks, both openings; `rating anchor` rates them against the
#     list's players (DIR/ratings-extra.json);
#  2. the calibration games: every pair of players.tsv at most three rows
#     apart (WALLZERO_RATING_GAPS), both openings, colours alternating, TRAIN training games and
#     HELDOUT held-out games per pair and opening (other seeds);
#  3. each part reviewed as a review job reviews it (`rating review -whole`,
#     the service's model at 200 visits);
#  4. `rating fit`: the fit on the training games, its check on the
#     held-out games and on the held-out players (leave one player out),
#     and the shipped calibration checked on the same held-out games.
#
#   scripts/rating/calibrate.sh [DIR] [TRAIN] [HELDOUT]
set -euo pipefail
dir=${1:-.local/rating2}
train=${2:-4}
heldout=${3:-2}
bin=${WALLZERO_BIN:-bin/wallzero}
table=${WALLZERO_RATING_PLAYERS:-scripts/rating/players.tsv}
tag=${WALLZERO_RATING_TAG:-v200}
terms=${WALLZERO_RATING_TERMS:-const,logPoints,bestShare,missedLogVisits}
gaps=${WALLZERO_RATING_GAPS:-1 2 3} # how many rows apart the paired players may be
mkdir -p "$dir/anchor" "$dir/parts" "$dir/reviewed-$tag"

# 1. Anchor matches.
k=0
while IFS=$'\t' read -r a b games; do
  k=$((k + 1))
  for opening in four-stone empty; do
    part="$dir/anchor/$k-$opening.json"
    [ -s "$part" ] && continue
    "$bin" match -red "$a" -blue "$b" -games "$games" -swap -opening "$opening" -seed $((15000 + k)) -workers 2 | tail -1 > "$part.tmp"
    mv "$part.tmp" "$part"
    echo "anchor $k $opening: $a vs $b: $(cut -c1-200 "$part")"
  done
done < scripts/rating/anchors.tsv

# 2 and 3. Games and reviews, part by part, the nearest pairs first.
mapfile -t players < <(cut -f1 "$table")
n=${#players[@]}
k=0
for gap in $gaps; do
  for ((i = 0; i + gap < n; i++)); do
    a=${players[i]} b=${players[i + gap]}
    k=$((k + 1))
    for set in train heldout; do
      for opening in four-stone empty; do
        if [ "$set" = train ]; then games=$train base=12000; else games=$heldout base=13000; fi
        [ "$opening" = empty ] && base=$((base + 500))
        name="$set-$k-$opening.jsonl"
        part="$dir/parts/$name"
        if [ ! -s "$part" ]; then
          "$bin" match -red "$a" -blue "$b" -games "$games" -swap -opening "$opening" -seed $((base + k)) -workers 2 \
            -save-games "$part.tmp" > "$part.summary"
          mv "$part.tmp" "$part"
        fi
        dst="$dir/reviewed-$tag/$name"
        if [ ! -s "$dst" ]; then
          "$bin" rating review -in "$part" -out "$dst" -whole -games 2 -parallel 1 > /dev/null
          echo "$name: $a vs $b reviewed"
        fi
      done
    done
  done
done
for set in train heldout; do
  cat "$dir/reviewed-$tag"/$set-*.jsonl > "$dir/reviewed-$tag-$set.jsonl"
done

# 4. Rate the players the list lacks, fit and check.
"$bin" rating anchor -players "$table" -out "$dir/ratings-extra.json" "$dir"/anchor/*.json
"$bin" rating fit -train "$dir/reviewed-$tag-train.jsonl" -heldout "$dir/reviewed-$tag-heldout.jsonl" \
  -players "$table" -ratings "models/ratings.json,$dir/ratings-extra.json" -terms "$terms" \
  -out "$dir/rating-calibration.json" -compare-with models/rating-calibration.json -report "$dir/check-$tag.txt" > "$dir/fit-$tag.json"
cat "$dir/check-$tag.txt"
