#!/usr/bin/env bash
# Reviews the calibration games of scripts/rating/games.sh with the
# service's model (`wallzero rating review`), part by part, so that it can
# follow games.sh while it plays: each OUT/parts/SET-K.jsonl becomes
# OUT/reviewed/SET-K.jsonl, then OUT/reviewed-train.jsonl and
# OUT/reviewed-heldout.jsonl gather them. Extra arguments go to
# `rating review` (e.g. -model models/wallzero-fast.onnx).
#
#   scripts/rating/review.sh OUT [-- review flags]
set -euo pipefail
out=${1:?usage: review.sh OUT [review flags]}
shift
bin=${WALLZERO_BIN:-bin/wallzero}
tag=${WALLZERO_RATING_TAG:-default}
mkdir -p "$out/reviewed-$tag"
while :; do
  pending=0
  # The training games first: the terms are chosen on them alone.
  for part in "$out"/parts/train-*.jsonl "$out"/parts/heldout-*.jsonl; do
    name=$(basename "$part")
    [ -s "$part.summary" ] || { pending=1; continue; } # still being played
    dst="$out/reviewed-$tag/$name"
    [ -s "$dst" ] && continue
    "$bin" rating review -in "$part" -out "$dst" "$@" >/dev/null
    echo "reviewed $name"
  done
  # games.sh gathers the parts when it is done.
  if [ "$pending" = 0 ] && [ -s "$out/heldout.jsonl" ]; then break; fi
  sleep 20
done
for set in train heldout; do
  cat "$out/reviewed-$tag"/$set-*.jsonl > "$out/reviewed-$tag-$set.jsonl"
done
wc -l "$out/reviewed-$tag"-*.jsonl
