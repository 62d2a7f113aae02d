#!/usr/bin/env python3
"""Per-player points figures of reviewed games of any player count.

Reads the lines `wallzero rating review -whole` writes (a saved game with
its review) and prints, per player name:

- games, moves, mean accuracy, mean and median points lost a move, the
  95th percentile of points lost, and the share of each class;

then, over every move with a played score lead, how well the leads
foretell the game: the mover's lead after the move (its land minus the
best other player's, as the review's search expects it) against the
mover's actual final margin, by stage of the game (mean absolute error and
correlation), beside the same for a predictor that always says 0.

    scripts/review/seat_points.py REVIEWED.jsonl [...]
"""
import json
import math
import statistics
import sys
from collections import defaultdict

CLASSES = ["best", "good", "inaccuracy", "mistake", "blunder"]


def pct(xs, q):
    xs = sorted(xs)
    if not xs:
        return float("nan")
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def corr(a, b):
    if len(a) < 3:
        return float("nan")
    ma, mb = statistics.fmean(a), statistics.fmean(b)
    sa = math.sqrt(sum((x - ma) ** 2 for x in a))
    sb = math.sqrt(sum((y - mb) ** 2 for y in b))
    if sa == 0 or sb == 0:
        return float("nan")
    return sum((x - ma) * (y - mb) for x, y in zip(a, b)) / (sa * sb)


def main(paths):
    per = defaultdict(lambda: {"games": 0, "acc": [], "pts": [], "cls": defaultdict(int)})
    stages = defaultdict(lambda: ([], []))  # stage -> (predicted, actual)
    for path in paths:
        with open(path) as f:
            for line in f:
                g = json.loads(line)
                rev = g["review"]
                names = g["players"]
                score = g["result"]["score"]
                final = {}
                for c, own in score.items():
                    final[c] = own - max(v for o, v in score.items() if o != c)
                for c, name in names.items():
                    per[name]["games"] += 1
                    acc = (rev.get("accuracy") or {}).get(c)
                    if acc is not None:
                        per[name]["acc"].append(acc)
                n = len(rev["moves"])
                for m in rev["moves"]:
                    c = m["player"]
                    p = per[names[c]]
                    p["pts"].append(m.get("pointsLoss", 0))
                    p["cls"][m["classification"]] += 1
                    if "playedScoreLead" in m:
                        third = min(2, 3 * m["ply"] // max(n, 1))
                        stage = ["first third", "second third", "last third"][third]
                        stages[stage][0].append(m["playedScoreLead"])
                        stages[stage][1].append(final[c])
    print("| player | games | moves | mean accuracy | points lost a move: mean / median / 95th | " +
          " | ".join(CLASSES) + " |")
    print("|---|---|---|---|---|" + "---|" * len(CLASSES))
    for name in sorted(per, key=lambda k: statistics.fmean(per[k]["acc"]) if per[k]["acc"] else 0):
        p = per[name]
        moves = len(p["pts"])
        shares = " | ".join(f"{p['cls'][k] / moves:.2f}" for k in CLASSES)
        acc = statistics.fmean(p["acc"]) if p["acc"] else float("nan")
        print(f"| {name} | {p['games']} | {moves} | {acc:.1f} | "
              f"{statistics.fmean(p['pts']):.2f} / {statistics.median(p['pts']):.2f} / {pct(p['pts'], 0.95):.2f} | {shares} |")
    print()
    print("| stage | moves | leads' mean abs. error | zero's | correlation |")
    print("|---|---|---|---|---|")
    for stage in ["first third", "second third", "last third"]:
        pred, act = stages[stage]
        if not pred:
            continue
        mae = statistics.fmean(abs(x - y) for x, y in zip(pred, act))
        zero = statistics.fmean(abs(y) for y in act)
        print(f"| {stage} | {len(pred)} | {mae:.2f} | {zero:.2f} | {corr(pred, act):.2f} |")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
