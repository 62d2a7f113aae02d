"""Rating lists of three- and four-player play, one per player count.

    cd training
    /usr/bin/python3 ratings_multi.py [--matches ../models/mp/matches.jsonl] [--out ../models/mp/ratings.json]

Each line of the matches file is what ``wallzero match -players N`` prints
(a seat-rotated match: player A in one seat, player B in every other), with
``a_name`` and ``b_name`` added (a model and how it plays, e.g.
``mp-0002 mcts:visits=200``; the heuristic players by their spec). A
model's name is its model id, so that a file's path does not matter.

The model is Luce's choice rule for the winner: player i has a strength
g_i, and in a game of A against k-1 copies of B, A wins with probability
g_A / (g_A + (k-1) g_B), so a fair share is 1/k between equals. A's win
shares (a shared win split between its winners) are the successes. The
rating is 400 log10 g (the Elo scale: 400 points make a player ten times
as likely to win as another in a head-to-head choice). voronoi-hard is 0.
One virtual game at the fair share is added to every match (a weak prior
that keeps a clean sweep finite). The 95% intervals come from a bootstrap
that redraws every match's wins from its binomial and refits.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import defaultdict
from pathlib import Path

ANCHOR = "voronoi-hard"


def load(path: Path) -> list[dict]:
    out = []
    for i, line in enumerate(path.read_text().splitlines()):
        if not line.strip():
            continue
        m = json.loads(line)
        for key in ("players", "games", "a_wins", "a_name", "b_name"):
            if key not in m:
                raise ValueError(f"{path}:{i + 1}: match lacks {key!r}")
        out.append(m)
    return out


def fit(matches: list[dict], wins: list[float] | None = None, iters: int = 2000) -> dict[str, float]:
    """Maximum-likelihood ratings (Elo scale, ANCHOR 0) of one player
    count's matches; wins overrides each match's A wins (bootstrap)."""
    names = sorted({m["a_name"] for m in matches} | {m["b_name"] for m in matches})
    log_g = {n: 0.0 for n in names}
    data = []
    for i, m in enumerate(matches):
        k = m["players"]
        w = m["a_wins"] if wins is None else wins[i]
        # One virtual game at the fair share.
        data.append((m["a_name"], m["b_name"], k, w + 1 / k, m["games"] + 1))
    for _ in range(iters):
        grad = defaultdict(float)
        hess = defaultdict(float)
        for a, b, k, w, g in data:
            x = log_g[a] - log_g[b] - math.log(k - 1)
            p = 1 / (1 + math.exp(-x))
            d = w - g * p  # d loglik / d x
            h = g * p * (1 - p)
            grad[a] += d
            grad[b] -= d
            hess[a] += h
            hess[b] += h
        # Diagonal Newton steps, halved and clipped: a plain Jacobi step
        # can overshoot when a player's matches pull it both ways.
        step = 0.0
        for n in names:
            if hess[n] > 0:
                delta = max(-1.0, min(1.0, 0.5 * grad[n] / hess[n]))
                log_g[n] += delta
                step = max(step, abs(delta))
        if step < 1e-9:
            break
    zero = log_g.get(ANCHOR, 0.0)
    return {n: 400 / math.log(10) * (v - zero) for n, v in log_g.items()}


def connected(matches: list[dict]) -> list[dict]:
    """The matches whose players are linked to ANCHOR."""
    linked = {ANCHOR}
    changed = True
    while changed:
        changed = False
        for m in matches:
            pair = {m["a_name"], m["b_name"]}
            if pair & linked and not pair <= linked:
                linked |= pair
                changed = True
    return [m for m in matches if m["a_name"] in linked]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    root = Path(__file__).resolve().parent.parent
    ap.add_argument("--matches", type=Path, default=root / "models/mp/matches.jsonl")
    ap.add_argument("--out", type=Path, default=root / "models/mp/ratings.json")
    ap.add_argument("--bootstrap", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    all_matches = load(args.matches)
    lists = {}
    for k in sorted({m["players"] for m in all_matches}):
        matches = connected([m for m in all_matches if m["players"] == k])
        if not matches:
            continue
        best = fit(matches)
        samples = defaultdict(list)
        for _ in range(args.bootstrap):
            wins = []
            for m in matches:
                p = m["a_wins"] / m["games"]
                wins.append(sum(rng.random() < p for _ in range(m["games"])))
            for n, r in fit(matches, wins, iters=200).items():
                samples[n].append(r)
        games = defaultdict(int)
        for m in matches:
            games[m["a_name"]] += m["games"]
            games[m["b_name"]] += m["games"]
        players = []
        for n, r in sorted(best.items(), key=lambda kv: -kv[1]):
            s = sorted(samples[n])
            lo, hi = s[int(0.025 * len(s))], s[min(len(s) - 1, int(0.975 * len(s)))]
            players.append({"player": n, "elo": round(r, 1), "ci95": [round(lo, 1), round(hi, 1)], "games": games[n]})
        lists[str(k)] = {
            "players": players,
            "matches": [
                {k2: m[k2] for k2 in ("a_name", "b_name", "games", "a_wins", "a_score", "fair_share", "seed") if k2 in m}
                for m in matches
            ],
        }
    out = {
        "anchor": ANCHOR,
        "model": "Luce's choice rule: A wins against k-1 copies of B with g_A / (g_A + (k-1) g_B); elo = 400 log10 g",
        "prior": "one virtual game at the fair share per match",
        "bootstrap_reps": args.bootstrap,
        "lists": lists,
    }
    args.out.write_text(json.dumps(out, indent=2) + "\n")
    for k, lst in lists.items():
        print(f"{k} players:")
        for p in lst["players"]:
            print(f"  {p['elo']:8.1f}  [{p['ci95'][0]:.0f}, {p['ci95'][1]:.0f}]  {p['games']:5d}  {p['player']}")


if __name__ == "__main__":
    main()
