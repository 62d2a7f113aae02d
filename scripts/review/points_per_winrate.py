#!/usr/bin/python3
"""Measures how much win rate a point of margin is worth in reviews.

Reads the JSON lines `wallzero rating review -whole` writes and, over the
two-player piece moves that lost points in positions between 25% and 75%
(where the win rate still moves with the land), prints the median
win-rate loss of the moves in bands of points lost and the median ratio
of win rate to points over the moves that lost 1 to 8 points. The
review's points thresholds are its win-rate thresholds divided by that
ratio (docs/reviews.md, "What a review computes").

Usage:
  scripts/review/points_per_winrate.py REVIEWED.jsonl [MORE.jsonl ...]
"""

import json
import statistics as st
import sys

BANDS = ((0.5, 1), (1, 2), (2, 3), (3, 5), (5, 8), (8, 20))


def losses(paths):
    """(points lost, win rate lost) of every move measured."""
    out = []
    for path in paths:
        with open(path) as f:
            for line in f:
                review = json.loads(line)["review"]
                if len(review.get("players", [])) > 2:
                    continue
                for m in review["moves"]:
                    points = m.get("pointsLoss", 0)
                    if 0.25 <= m["bestWinrate"] <= 0.75 and points > 0 and "-" in m["move"]:
                        out.append((points, m.get("loss", 0)))
    return out


def main():
    if len(sys.argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    moves = losses(sys.argv[1:])
    print(f"{len(moves)} moves that lost points in positions between 25% and 75%")
    print("| points lost | moves | median win rate lost | per point |")
    print("|---|---|---|---|")
    for lo, hi in BANDS:
        band = [(p, w) for p, w in moves if lo <= p < hi]
        if band:
            print(f"| {lo}-{hi} | {len(band)} | {st.median(w for _, w in band):.3f} "
                  f"| {st.median(w / p for p, w in band):.4f} |")
    rate = st.median(w / p for p, w in moves if 1 <= p < 8)
    print(f"win rate a point (median, 1-8 points lost): {rate:.4f}; "
          f"an inaccuracy's 0.05 is {0.05 / rate:.2f} points")
    return 0


if __name__ == "__main__":
    sys.exit(main())
