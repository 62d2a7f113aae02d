#!/usr/bin/python3
"""Tries rating-estimate terms on reviewed games, players held out.

Reads the JSON lines `wallzero rating review -whole` writes (each with
the whole review) for a training and a held-out set, computes per side a
few features the shipped terms use and some they do not (how hard the
better moves a side missed were: the level's best-move prior and the
visits the search needs to prefer it; the opponent's points lost and the
result), fits each set of terms by least squares on the training games
without the player predicted (leave one player out), and prints the
median error on the training games and on the held-out games of players
left out of the fit, then the error's parts: the spread of players'
mean errors (between) and of games around them (within), and the 95%
half-widths they give for one game and five.

Usage:
  scripts/rating/explore_terms.py --train TRAIN.jsonl --heldout HELDOUT.jsonl
      [--ratings models/ratings.json,EXTRA.json]
      [--players scripts/rating/players.tsv] [--fresh FRESH.jsonl]
      [--terms "logPoints,best;logPoints,best,visits"] [--per-player]

--fresh adds the median error on other games (fit on all the training
games: their players are not held out). --terms replaces the default
term sets (sets separated by ";"). --per-player prints, for the first
term set, each player's mean error and spread over its games (training
and held out, the player left out of the fit), both for the least-squares
fit of the rating on the terms and for the inverse fit (each term a line
in the rating, the rating then the one that best explains a game's
terms), which does not pull estimates towards the middle of the list.
"""

import argparse
import json
import math
import statistics as st
import sys

import numpy as np

from verdict_ceiling import ratings

# LEVELS are the ladder's names in a move's level (`finders`, `lowestName`).
LEVELS = ("Beginner", "Casual", "Club", "Strong")

TERM_SETS = [
    ["logPoints", "best"],
    ["logPoints", "best", "prior", "visits"],
    ["logPoints", "best", "oppLogPoints", "result"],
    ["logPoints", "prior", "visits", "oppLogPoints", "result"],
    ["logPoints", "best", "prior", "visits", "oppLogPoints", "result"],
]


def side_features(review, result, colour, visits=200):
    """The features of one side's moves in one reviewed game."""
    other = "blue" if colour == "red" else "red"
    mine = [m for m in review["moves"] if m["player"] == colour]
    theirs = [m for m in review["moves"] if m["player"] == other]
    levels = [m["level"] for m in mine if "level" in m]
    contested = [m for m in mine if 0.1 <= m["bestWinrate"] <= 0.9]
    winner = result.get("winner")
    features = {
        "logPoints05": math.log(st.mean(m.get("pointsLoss", 0) for m in mine) + 0.05),
        "blunders": sum(m["classification"] == "blunder" for m in mine) / len(mine),
        "contestedLogPoints": math.log(st.mean(m.get("pointsLoss", 0) for m in contested) + 0.2) if contested else math.log(0.2),
        "lowest": st.mean(lv.get("lowest", 2200) for lv in levels) / 1000 if levels else 2.2,
    }
    for name in LEVELS:
        features["foundBy" + name] = sum(name in lv.get("finders", []) for lv in levels) / len(mine)
    return features | {
        "logPoints": math.log(st.mean(m.get("pointsLoss", 0) for m in mine) + 0.2),
        "best": sum(m["classification"] == "best" for m in mine) / len(mine),
        "prior": st.mean(math.log(max(lv.get("bestPrior", 1e-3), 1e-3)) for lv in levels) if levels else 0.0,
        "visits": st.mean(math.log(lv.get("visitsToFind") or visits) for lv in levels) if levels else math.log(visits),
        "oppLogPoints": math.log(st.mean(m.get("pointsLoss", 0) for m in theirs) + 0.2),
        "result": 1.0 if winner == colour else 0.0 if winner in ("red", "blue") else 0.5,
    }


def samples(path, elo):
    """Every rated side of the games in path, with its features."""
    out = []
    with open(path) as f:
        for line in f:
            g = json.loads(line)
            for colour in ("red", "blue"):
                player = g["players"][colour]
                if player in elo:
                    s = side_features(g["review"], g["result"], colour, g.get("visits", 200))
                    s.update(player=player, y=elo[player])
                    out.append(s)
    return out


def design(rows, terms):
    return np.array([[1.0] + [r[t] for t in terms] for r in rows])


def held_out_errors(train, test, terms):
    """Signed errors on test, each player's predicted by a fit without it."""
    out = []
    for player in sorted({r["player"] for r in test}):
        fit_rows = [r for r in train if r["player"] != player]
        coef, *_ = np.linalg.lstsq(design(fit_rows, terms), np.array([r["y"] for r in fit_rows]), rcond=None)
        rows = [r for r in test if r["player"] == player]
        out += [(player, p - r["y"]) for p, r in zip(design(rows, terms) @ coef, rows)]
    return out


def inverse_errors(train, test, terms):
    """Signed errors on test of the inverse fit, each player left out.

    Each term is fitted as a line in the rating (term = a + b * rating,
    residual covariance S); a game's estimate is the rating whose line
    best explains its terms (generalised least squares)."""
    out = []
    for player in sorted({r["player"] for r in test}):
        fit_rows = [r for r in train if r["player"] != player]
        f = np.array([[r[t] for t in terms] for r in fit_rows])
        y = np.array([r["y"] for r in fit_rows]) / 1000
        a = np.c_[np.ones(len(y)), y]
        coef, *_ = np.linalg.lstsq(a, f, rcond=None)
        s_inv = np.linalg.inv(np.atleast_2d(np.cov((f - a @ coef).T)))
        b = coef[1]
        for r in (r for r in test if r["player"] == player):
            x = np.array([r[t] for t in terms]) - coef[0]
            out.append((player, 1000 * (b @ s_inv @ x) / (b @ s_inv @ b) - r["y"]))
    return out


def print_per_player(train, held, terms):
    """Each player's mean error and spread, both fits."""
    fits = (("least squares", held_out_errors), ("inverse", inverse_errors))
    errors = {name: fn(train, train + held, terms) for name, fn in fits}
    print(f"\nterms {','.join(terms)}, each player left out of the fit, its training and held-out games:\n")
    print("| player | rating | sides | least squares: mean error | spread | inverse: mean error | spread |")
    print("|---|---|---|---|---|---|---|")
    by = {name: {} for name in errors}
    for name, errs in errors.items():
        for player, e in errs:
            by[name].setdefault(player, []).append(e)
    ls, inv = by["least squares"], by["inverse"]
    elo = {r["player"]: r["y"] for r in train + held}
    for player in sorted(ls, key=elo.get):
        print(f"| {player} | {elo[player]:.0f} | {len(ls[player])} | {st.mean(ls[player]):+.0f} | {st.pstdev(ls[player]):.0f} "
              f"| {st.mean(inv[player]):+.0f} | {st.pstdev(inv[player]):.0f} |")
    for name, errs in errors.items():
        between, within = parts(errs)
        print(f"{name}: between {between:.0f}, within {within:.0f}, median error {st.median(abs(e) for _, e in errs):.0f}")


def parts(errors):
    """Between (players' mean errors) and within (games around them)."""
    by = {}
    for player, e in errors:
        by.setdefault(player, []).append(e)
    between = st.pstdev([st.mean(v) for v in by.values()])
    within = math.sqrt(st.mean([st.pvariance(v) for v in by.values() if len(v) > 1]))
    return between, within


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--train", required=True)
    ap.add_argument("--heldout", required=True)
    ap.add_argument("--ratings", default="models/ratings.json")
    ap.add_argument("--players", default="scripts/rating/players.tsv")
    ap.add_argument("--fresh", help="games of no fit: the median error of a fit on all the training games")
    ap.add_argument("--terms", help="term sets to try, each comma-separated, sets separated by ';'")
    ap.add_argument("--per-player", action="store_true", help="each player's mean error for the first term set")
    args = ap.parse_args()
    term_sets = [t.split(",") for t in args.terms.split(";")] if args.terms else TERM_SETS
    elo = ratings(args.ratings.split(","), args.players.split(","))
    train, held = samples(args.train, elo), samples(args.heldout, elo)
    print(f"{len(train)} training and {len(held)} held-out sides of {len({r['player'] for r in train})} players")
    print("| terms | training, players left out: median error | held-out games, players left out: median error "
          "| between | within | one game 95% | five games 95% |")
    print("|---|---|---|---|---|---|---|")
    for terms in term_sets:
        tr, ho = held_out_errors(train, train, terms), held_out_errors(train, held, terms)
        between, within = parts(tr + ho)
        print(f"| {','.join(terms)} | {st.median(abs(e) for _, e in tr):.0f} | {st.median(abs(e) for _, e in ho):.0f} "
              f"| {between:.0f} | {within:.0f} | ±{1.96 * math.hypot(between, within):.0f} "
              f"| ±{1.96 * math.sqrt(between ** 2 + within ** 2 / 5):.0f} |")
    if args.fresh:
        fresh = samples(args.fresh, elo)
        y = np.array([r["y"] for r in train])
        for terms in term_sets:
            coef, *_ = np.linalg.lstsq(design(train, terms), y, rcond=None)
            err = [abs(p - r["y"]) for p, r in zip(design(fresh, terms) @ coef, fresh)]
            print(f"fresh games ({len(fresh)} sides), {','.join(terms)}: median error {st.median(err):.0f}")
    if args.per_player:
        print_per_player(train, held, term_sets[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
