#!/usr/bin/env bash
# The rating estimate's whole calibration, from nothing to
# models/rating-calibration.json: plays the calibration games, reviews them
# with the service's model at the review default (200 visits) and at the
# board's 64 visits, and fits one mapping per review setting. Hours of CPU
# on two cores; resumable (finished parts are kept in OUT).
#
#   scripts/rating/calibrate.sh [OUT] [TRAIN_GAMES_PER_PAIR] [HELDOUT_GAMES_PER_PAIR]
set -euo pipefail
out=${1:-.local/rating}
bin=${WALLZERO_BIN:-bin/wallzero}
scripts/rating/games.sh "$out" "${2:-20}" "${3:-10}"
for visits in 200 64; do
  WALLZERO_RATING_TAG=v$visits scripts/rating/review.sh "$out" -visits "$visits"
  "$bin" rating fit -train "$out/reviewed-v$visits-train.jsonl" -heldout "$out/reviewed-v$visits-heldout.jsonl" \
    -out models/rating-calibration.json > "$out/fit-v$visits.json"
done
