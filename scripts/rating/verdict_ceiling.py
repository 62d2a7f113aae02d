#!/usr/bin/python3
"""How far a one-game accuracy can rank the stronger side first.

Reads reviewed games (the JSON lines `wallzero rating review -whole`
writes: players, result, accuracy and the whole review) and prints, for
the games between rated players at least --gap Elo apart:

  - how often the stronger side was the more accurate, how often the
    weaker side won (an upset), and how many of the misses were upsets;
  - how often the winner was the more accurate;
  - the ceiling an accuracy that agrees with the result would reach on
    the pairings of the games: the expected upsets by the Elo model
    (400 points = 10:1);
  - the share of a player's moves the review calls best or good, under
    other inaccuracy thresholds (--player, --thresholds).

Usage:
  scripts/rating/verdict_ceiling.py [--gap 200] [--player random]
      [--ratings models/ratings.json,EXTRA.json]
      [--players scripts/rating/players.tsv,scripts/rating/table-players.tsv]
      REVIEWED.jsonl ...

The players files map the short names the games carry to the names on
the rating list; a player with no rating (random) counts as weaker than
every rated one.
"""

import argparse
import json
import sys

UNRATED = -10_000.0


def ratings(paths, players_files):
    """Returns short player name -> Elo from the rating lists and maps."""
    elo = {}
    for path in paths:
        with open(path) as f:
            for p in json.load(f)["players"]:
                elo[p["player"]] = p["elo"]
    short = {}
    for path in players_files:
        with open(path) as f:
            for line in f:
                cols = line.rstrip("\n").split("\t")
                if len(cols) >= 2 and cols[1] in elo:
                    short[cols[0]] = elo[cols[1]]
    return short


def read_games(paths):
    """Yields every reviewed game of the JSON-lines files."""
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.strip():
                    yield json.loads(line)


def ranking(games, elo, gap):
    """Counts the stronger side's and the winner's accuracy ranks."""
    out = dict(games=0, misses=0, upsets=0, upset_misses=0,
               decided=0, winner_first=0, expected_upsets=0.0)
    for g in games:
        red, blue = g["players"]["red"], g["players"]["blue"]
        a, b = elo.get(red, UNRATED), elo.get(blue, UNRATED)
        if abs(a - b) < gap:
            continue
        strong, weak = ("red", "blue") if a > b else ("blue", "red")
        acc, winner = g["accuracy"], g["result"].get("winner")
        miss = acc[strong] <= acc[weak]
        out["games"] += 1
        out["misses"] += miss
        if UNRATED not in (a, b):
            out["expected_upsets"] += 1 / (1 + 10 ** (abs(a - b) / 400))
        if winner == weak:
            out["upsets"] += 1
            out["upset_misses"] += miss
        if winner in ("red", "blue"):
            loser = "blue" if winner == "red" else "red"
            out["decided"] += 1
            out["winner_first"] += acc[winner] > acc[loser]
    return out


def best_or_good(games, player, points, winrate):
    """The share of player's moves that lose less than both thresholds."""
    n = kept = 0
    for g in games:
        for colour in ("red", "blue"):
            if g["players"][colour] != player:
                continue
            for m in g["review"]["moves"]:
                if m["player"] != colour:
                    continue
                n += 1
                kept += m.get("pointsLoss", 0) < points and m.get("loss", 0) < winrate
    return kept / n if n else float("nan"), n


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gap", type=float, default=200)
    ap.add_argument("--player", default="random")
    ap.add_argument("--ratings", default="models/ratings.json")
    ap.add_argument("--players", default="scripts/rating/players.tsv,scripts/rating/table-players.tsv")
    ap.add_argument("--thresholds", default="1.5:0.05,1.25:0.05,1.0:0.05,1.0:0.033",
                    help="points:winrate pairs of the inaccuracy threshold")
    ap.add_argument("reviewed", nargs="+")
    args = ap.parse_args()
    elo = ratings(args.ratings.split(","), args.players.split(","))
    for path in args.reviewed:
        games = list(read_games([path]))
        r = ranking(games, elo, args.gap)
        if r["games"] == 0:
            print(f"{path}: no game between players {args.gap:.0f} apart")
            continue
        ceiling = 1 - r["expected_upsets"] / r["games"]
        print(f"{path}: {r['games']} games >= {args.gap:.0f} Elo apart; stronger side more accurate "
              f"{1 - r['misses'] / r['games']:.3f} ({r['misses']} misses, {r['upset_misses']} of them in the "
              f"{r['upsets']} upsets); winner more accurate {r['winner_first']}/{r['decided']}; "
              f"expected upsets {r['expected_upsets']:.2f} (an accuracy that agrees with the result: "
              f"at most {ceiling:.3f})")
        for pair in args.thresholds.split(","):
            points, winrate = (float(x) for x in pair.split(":"))
            share, n = best_or_good(games, args.player, points, winrate)
            print(f"  {args.player}: best or good under {points} points and {winrate} win rate: {share:.3f} of {n} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
