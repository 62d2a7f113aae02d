"""A rating list (Bradley-Terry / Elo) over every recorded match.

    cd training
    /usr/bin/python3 ratings.py fit [--out ../models/ratings.json] [--svg ../models/ratings.svg]
    /usr/bin/python3 ratings.py play --a SPEC --b SPEC --games N [--seed S]   # records a match
    /usr/bin/python3 ratings.py levels [--out ../models/levels.json]          # the named levels

Sources, all under models/:

- ``ladder.json``: every promoted model's gate match (both sides searching
  with the gate's visits; the first against voronoi-hard) and its baseline
  matches (``mcts:visits=200`` against voronoi-hard, the raw policy against
  voronoi-medium);
- ``strength.json``: evaluate.py's measurements of the shipped model (its id
  read from models/wallzero.onnx, or ``--strength-model-id``);
- ``ratings-games.json``: matches recorded with ``ratings.py play`` (anchor
  matches, time-budget matches), each with its player names.

A player is a model and how it plays, e.g. ``wz-0012 mcts:visits=200``,
``wz-0012 policy``, ``heuristic mcts:visits=800`` (the model-free Voronoi
evaluator under search) or ``voronoi-hard``. Results count a draw as half a
win for each side. The fit maximises the Bradley-Terry likelihood with the
Elo scale, P(i beats j) = 1 / (1 + 10^((R_j - R_i) / 400)), by Newton's
method; one virtual draw is added to every pairing that was played (a weak
prior that keeps a 20-0 result finite). voronoi-hard is 0. Players not
connected to it by recorded games are left out (and listed). The 95%
intervals come from a bootstrap: every match's games are resampled
(multinomially, from its win/draw/loss shares, the virtual draw counted as
half a win and half a loss so that a clean sweep still varies), the model
refitted, and the 2.5% and 97.5% quantiles of each rating taken.

``levels`` writes models/levels.json, the named levels the service plays
at (GET /v1/levels, POST /v1/play): each level of LEVELS with its rating
read from ratings.json and its games against the anchors (ANCHORS) counted
from the matches ratings.json was fitted on, so that the numbers are never
typed by hand (cmd/wallzero's levels test checks the file against
ratings.json).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MODELS = ROOT / "models"
BIN = Path(os.environ.get("WALLZERO_BIN", ROOT / "bin" / "wallzero"))
PY = "/usr/bin/python3"
ANCHOR = "voronoi-hard"
SCALE = 400 / np.log(10)  # Elo points per natural-log unit of odds


# ----------------------------------------------------------------- records

def record(a: str, b: str, wins: float, losses: float, draws: float, source: str) -> dict:
    return {"a": a, "b": b, "a_wins": int(wins), "b_wins": int(losses), "draws": int(draws), "source": source}


def ladder_records(ladder: dict) -> list[dict]:
    """Gate and baseline matches of every promoted model."""
    out = []
    for m in ladder.get("models", []):
        mid = m["id"]
        g = m.get("vs_previous")
        if g:
            v = g.get("visits", 64)
            opp = g["opponent"]
            b = opp if opp.startswith("voronoi") or opp == "random" else f"{opp} mcts:visits={v}"
            out.append(record(f"{mid} mcts:visits={v}", b, g["a_wins"], g["b_wins"], g["draws"], f"ladder.json {mid} gate"))
        for name, r in (m.get("vs_baselines") or {}).items():
            left, _, opp = name.partition("_vs_")
            if left.startswith("mcts"):
                a = f"{mid} mcts:visits={left[4:]}"
            elif left == "policy":
                a = f"{mid} policy"
            else:
                continue
            out.append(record(a, opp, r["a_wins"], r["b_wins"], r["draws"], f"ladder.json {mid} {name}"))
    return out


def strength_records(strength: dict, model_id: str) -> list[dict]:
    """evaluate.py's pairings (fairness games are a player against itself)."""
    out = []
    for s in strength.get("strength", []):
        b_wins = s["games"] - s["a_wins"] - s["draws"]
        out.append(record(f"{model_id} {s['a']}", s["b"], s["a_wins"], b_wins, s["draws"], "strength.json"))
    return out


def load_records(models: Path, strength_id: str | None) -> list[dict]:
    recs = []
    if (models / "ladder.json").exists():
        recs += ladder_records(json.loads((models / "ladder.json").read_text()))
    if (models / "strength.json").exists():
        st = json.loads((models / "strength.json").read_text())
        # evaluate.py's measurement names its model; older files do not, and
        # were measured on the model shipped then.
        sid = strength_id or st.get("model_id") or onnx_model_id(models / "wallzero.onnx")
        recs += strength_records(st, sid)
    if (models / "ratings-games.json").exists():
        for r in json.loads((models / "ratings-games.json").read_text())["matches"]:
            recs.append(record(r["a"], r["b"], r["a_wins"], r["b_wins"], r["draws"], "ratings-games.json"))
    return [r for r in recs if r["a"] != r["b"]]


def onnx_model_id(path: Path) -> str:
    import onnx  # noqa: PLC0415  (only needed for names of ONNX players)

    m = onnx.load(str(path), load_external_data=False)
    return {p.key: p.value for p in m.metadata_props}.get("wallzero.model_id", path.stem)


# ----------------------------------------------------------------- fitting

def connected(players: list[str], recs: list[dict], anchor: str) -> set[str]:
    adj: dict[str, set[str]] = {p: set() for p in players}
    for r in recs:
        adj[r["a"]].add(r["b"])
        adj[r["b"]].add(r["a"])
    seen, todo = {anchor}, [anchor]
    while todo:
        for q in adj[todo.pop()] - seen:
            seen.add(q)
            todo.append(q)
    return seen


def pair_tables(players: list[str], recs: list[dict], prior_draws: float = 1.0):
    """n[i, j] games between i and j, s[i, j] i's score against j (draws
    count 1/2), prior_draws virtual draws added to each pairing played."""
    idx = {p: i for i, p in enumerate(players)}
    k = len(players)
    n, s = np.zeros((k, k)), np.zeros((k, k))
    for r in recs:
        i, j = idx[r["a"]], idx[r["b"]]
        games = r["a_wins"] + r["b_wins"] + r["draws"]
        score = r["a_wins"] + r["draws"] / 2
        n[i, j] += games
        n[j, i] += games
        s[i, j] += score
        s[j, i] += games - score
    played = n > 0
    n[played] += prior_draws
    s[played] += prior_draws / 2
    return n, s


def fit(n: np.ndarray, s: np.ndarray, anchor: int, iters: int = 100, tol: float = 1e-10) -> np.ndarray:
    """Maximum-likelihood Bradley-Terry ratings in Elo points (anchor 0) for
    games n and scores s (see pair_tables), by Newton's method."""
    k = len(n)
    theta = np.zeros(k)  # natural-log strengths
    free = np.array([i for i in range(k) if i != anchor])
    for _ in range(iters):
        d = theta[:, None] - theta[None, :]
        p = 1 / (1 + np.exp(-d))
        grad = (s - n * p).sum(axis=1)
        w = n * p * (1 - p)
        hess = -np.diag(w.sum(axis=1)) + w  # d2 logL / dtheta_i dtheta_j
        g, h = grad[free], hess[np.ix_(free, free)]
        step = np.linalg.solve(h, -g)
        theta[free] += step
        if np.abs(step).max() < tol:
            break
    return (theta - theta[anchor]) * SCALE


def bootstrap(players: list[str], recs: list[dict], anchor: int, reps: int, seed: int,
              prior_draws: float = 1.0) -> np.ndarray:
    """reps x players ratings, each fitted on resampled games."""
    rng = np.random.default_rng(seed)
    out = np.empty((reps, len(players)))
    for r in range(reps):
        sample = []
        for rec in recs:
            games = rec["a_wins"] + rec["b_wins"] + rec["draws"]
            # Smoothed by the prior (half a win and half a loss per virtual
            # draw), so that a clean sweep does not resample to itself and
            # give a zero-width interval.
            p = np.array([rec["a_wins"] + prior_draws / 2, rec["b_wins"] + prior_draws / 2, rec["draws"]], float)
            p /= p.sum()
            w, lo, d = rng.multinomial(games, p)
            sample.append({**rec, "a_wins": w, "b_wins": lo, "draws": d})
        n, s = pair_tables(players, sample, prior_draws)
        out[r] = fit(n, s, anchor)
    return out


def rate(recs: list[dict], anchor: str = ANCHOR, reps: int = 1000, seed: int = 1, prior_draws: float = 1.0) -> dict:
    """The rating list: ratings, 95% intervals, games per player."""
    everyone = sorted({r["a"] for r in recs} | {r["b"] for r in recs})
    if anchor not in everyone:
        raise SystemExit(f"ratings: no recorded game involves the anchor {anchor!r}")
    keep = connected(everyone, recs, anchor)
    players = sorted(keep)
    recs = [r for r in recs if r["a"] in keep]
    ai = players.index(anchor)
    n, s = pair_tables(players, recs, prior_draws)
    est = fit(n, s, ai)
    boot = bootstrap(players, recs, ai, reps, seed, prior_draws) if reps > 0 else np.tile(est, (1, 1))
    lo, hi = np.percentile(boot, [2.5, 97.5], axis=0)
    games = {p: 0 for p in players}
    for r in recs:
        g = r["a_wins"] + r["b_wins"] + r["draws"]
        games[r["a"]] += g
        games[r["b"]] += g
    rows = [{"player": p, "elo": round(float(est[i]), 1), "ci95": [round(float(lo[i]), 1), round(float(hi[i]), 1)],
             "games": games[p]} for i, p in enumerate(players)]
    rows.sort(key=lambda r: -r["elo"])
    return {"anchor": anchor, "scale": "Elo: 400 points = 10:1 odds", "prior_draws_per_pairing": prior_draws,
            "bootstrap_reps": reps, "players": rows, "unconnected": sorted(set(everyone) - keep),
            "matches": recs}


# ----------------------------------------------------------------- plot

def svg(result: dict) -> str:
    """A dot-and-whisker plot of the ratings, best at the top."""
    rows = result["players"]
    lo = min(r["ci95"][0] for r in rows)
    hi = max(r["ci95"][1] for r in rows)
    lo, hi = 100 * np.floor(lo / 100), 100 * np.ceil(hi / 100)
    left, right, top, rowh = 250, 30, 40, 22
    width, height = 900, top + rowh * len(rows) + 40
    plot_w = width - left - right

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * plot_w

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           f'<text x="{left}" y="20" font-size="14">Ratings (Elo, {result["anchor"]} = 0), 95% bootstrap intervals</text>']
    step = 100 if hi - lo <= 1500 else 200
    for v in np.arange(lo, hi + 1, step):
        out.append(f'<line x1="{x(v):.1f}" y1="{top - 6}" x2="{x(v):.1f}" y2="{height - 34}" stroke="#ddd"/>')
        out.append(f'<text x="{x(v):.1f}" y="{height - 20}" text-anchor="middle">{int(v)}</text>')
    for k, r in enumerate(rows):
        y = top + rowh * k + rowh / 2
        anchor = r["player"] in (result["anchor"],) or "heuristic" in r["player"] or r["player"].startswith("voronoi")
        color = "#b35900" if anchor else "#1f5fa8"
        out.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{escape(r["player"])}</text>')
        out.append(f'<line x1="{x(r["ci95"][0]):.1f}" y1="{y:.1f}" x2="{x(r["ci95"][1]):.1f}" y2="{y:.1f}" '
                   f'stroke="{color}" stroke-width="2"/>')
        out.append(f'<circle cx="{x(r["elo"]):.1f}" cy="{y:.1f}" r="4" fill="{color}"/>')
        out.append(f'<text x="{x(r["ci95"][1]) + 6:.1f}" y="{y + 4:.1f}" fill="#555">{r["elo"]:.0f}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def escape(t: str) -> str:
    return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


# ----------------------------------------------------------------- play

# The search's score utility when a spec names none (search.DefaultConfig
# since 1 December 2026). Every match recorded before played without it, so
# a name without score= means score utility 0 (see player_name).
DEFAULT_SCORE_UTILITY = 1.0


def player_name(spec: str, default_model: Path) -> str:
    """The rating-list name of a `wallzero match` spec: its model's id (or
    'heuristic') followed by the spec without the model option.

    The score utility is written the way the list has always meant it: a
    name without score= is a search without score utility (the default
    until 1 December 2026), so score=0 is dropped and a search spec that
    names no score utility gets the current default appended."""
    kind, _, rest = spec.partition(":")
    if kind not in ("mcts", "policy"):
        return spec
    opts = [o for o in rest.split(",") if o]
    model = next((o.split("=", 1)[1] for o in opts if o.startswith("model=")), None)
    opts = [o for o in opts if not o.startswith("model=")]
    if kind == "mcts":
        score = next((float(o.split("=", 1)[1]) for o in opts if o.startswith("score=")), DEFAULT_SCORE_UTILITY)
        opts = [o for o in opts if not o.startswith("score=")] + ([f"score={score:g}"] if score else [])
    mid = "heuristic" if model == "heuristic" else onnx_model_id(Path(model) if model else default_model)
    return f"{mid} {kind}" + (":" + ",".join(opts) if opts else "")


def play(args) -> int:
    """Plays a vs b (both openings, colours swapped) and appends the
    pooled result to models/ratings-games.json."""
    path = Path(args.games_file)
    data = json.loads(path.read_text()) if path.exists() else {"matches": []}
    total = {"a_wins": 0, "b_wins": 0, "draws": 0}
    by_mode, think = {}, {}
    t0 = time.time()
    for mode in ("four-stone", "empty"):
        cmd = [str(BIN), "match", "-red", args.a, "-blue", args.b, "-games", str(args.games), "-swap",
               "-mode", mode, "-seed", str(args.seed)]
        out = subprocess.run(cmd, check=True, text=True, stdout=subprocess.PIPE).stdout
        r = json.loads(out.strip().splitlines()[-1])
        by_mode[mode] = {k: r[k] for k in ("a_wins", "b_wins", "draws")}
        think[mode] = {k: r.get(k) for k in ("a_think", "b_think", "workers")}
        for k in total:
            total[k] += r[k]
    entry = {"a": player_name(args.a, MODELS / "wallzero.onnx"), "b": player_name(args.b, MODELS / "wallzero.onnx"),
             "a_spec": args.a, "b_spec": args.b, **total, "games": sum(total.values()), "seed": args.seed,
             "by_mode": by_mode, "think": think, "seconds": round(time.time() - t0, 1),
             "recorded": time.strftime("%Y-%m-%dT%H:%M:%S"), "note": args.note}
    data["matches"].append(entry)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n")
    tmp.replace(path)
    print(json.dumps({k: entry[k] for k in ("a", "b", "a_wins", "b_wins", "draws", "seconds")}), flush=True)
    return 0


# ----------------------------------------------------------------- levels

# The players the rating list is anchored on (models/README.md, "Rating list"): a
# level's rating counts as measured only with games against these.
ANCHORS = ("voronoi-hard", "voronoi-medium", "heuristic mcts:visits=800", "heuristic mcts:visits=3200")

# The named levels, weakest first: id, name, player spec (the network named
# by file, the float teacher, so that the rating does not depend on which
# file a CPU would pick), the longest a move may take (the service's time
# cap; the visits end the search well before it on the 2-core machine) and
# the player counts the level plays (the network is two-player only; the
# Voronoi players play 2-4).
LEVELS = (
    ("beginner", "Beginner", "voronoi-easy", 1000, (2, 3, 4)),
    ("casual", "Casual", "voronoi-medium", 1000, (2, 3, 4)),
    ("club", "Club", "voronoi-hard", 1000, (2, 3, 4)),
    ("strong", "Strong", "policy:model=models/wallzero.onnx", 1000, (2,)),
    ("expert", "Expert", "mcts:visits=64,model=models/wallzero.onnx", 1000, (2,)),
    ("master", "Master", "mcts:visits=400,model=models/wallzero.onnx", 3000, (2,)),
)

# Fewest games against the anchors a level's rating may rest on.
MIN_ANCHOR_GAMES = 100


def anchor_games(player: str, matches: list[dict]) -> int:
    """Games player played against the anchors (other than itself)."""
    n = 0
    for m in matches:
        for me, other in ((m["a"], m["b"]), (m["b"], m["a"])):
            if me == player and other in ANCHORS and other != player:
                n += m["a_wins"] + m["b_wins"] + m["draws"]
    return n


def levels(ratings: dict, games: dict, names: dict[str, str], defs=LEVELS) -> dict:
    """models/levels.json from the rating list: every level of defs with
    its rating-list name (names maps spec to it), rating, 95% interval,
    games and games against the anchors. Refuses a level that is not on
    the list, rests on fewer than MIN_ANCHOR_GAMES anchor games, or does
    not rate strictly above the level before it."""
    rows = {r["player"]: r for r in ratings["players"]}
    out, last = [], None
    for lid, name, spec, max_ms, players in defs:
        player = names[spec]
        r = rows.get(player)
        if r is None:
            raise SystemExit(f"levels: {lid} ({player!r}) is not on the rating list: play and record its matches first")
        ag = anchor_games(player, ratings["matches"])
        if ag < MIN_ANCHOR_GAMES:
            raise SystemExit(f"levels: {lid} ({player!r}) has {ag} games against the anchors, at least {MIN_ANCHOR_GAMES} needed")
        if last is not None and r["elo"] <= last[1]:
            raise SystemExit(f"levels: {lid} ({r['elo']}) does not rate above {last[0]} ({last[1]})")
        last = (lid, r["elo"])
        out.append({"id": lid, "name": name, "spec": spec, "player": player,
                    "rating": {"elo": r["elo"], "ci95": r["ci95"], "games": r["games"], "anchorGames": ag},
                    "maxMoveMs": max_ms, "players": list(players)})
    fitted = max((m.get("recorded", "") for m in games.get("matches", [])), default="")[:10]
    return {"levels": out, "anchor": ratings["anchor"], "anchors": list(ANCHORS), "fitted": fitted,
            "command": "cd training && /usr/bin/python3 ratings.py fit && /usr/bin/python3 ratings.py levels"}


def write_levels(args) -> int:
    """The levels subcommand: models/levels.json from ratings.json."""
    models = Path(args.models)
    ratings = json.loads(Path(args.ratings).read_text())
    games = json.loads((models / "ratings-games.json").read_text())
    names = {spec: player_name_at_root(spec) for _, _, spec, _, _ in LEVELS}
    res = levels(ratings, games, names)
    Path(args.out).write_text(json.dumps(res, indent=2) + "\n")
    print(markdown_levels(res), end="")
    return 0


def markdown_levels(res: dict) -> str:
    """The level table of docs/models.md and models/README.md."""
    out = ["| level | spec | Elo (95% interval) | games against anchors (all) | time budget | players |",
           "|---|---|---|---|---|---|"]
    for lv in res["levels"]:
        r = lv["rating"]
        players = ", ".join(str(n) for n in lv["players"])
        out.append(f'| {lv["name"]} (`{lv["id"]}`) | `{lv["spec"]}` | {r["elo"]:.0f} ({r["ci95"][0]:.0f} to {r["ci95"][1]:.0f}) '
                   f'| {r["anchorGames"]:,} ({r["games"]:,}) | {lv["maxMoveMs"]:,} ms | {players} |')
    return "\n".join(out) + "\n"


def player_name_at_root(spec: str) -> str:
    """player_name with the spec's model path read from the repository
    root, where the service and `wallzero match` (run from the root)
    resolve it."""
    kind, sep, rest = spec.partition(":")
    opts = [f"model={ROOT / o[6:]}" if o.startswith("model=") and o != "model=heuristic" else o
            for o in rest.split(",") if o]
    return player_name(kind + sep + ",".join(opts), MODELS / "wallzero.onnx")


# ----------------------------------------------------------------- main


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit", help="fit the ratings and draw the plot")
    f.add_argument("--models", default=str(MODELS))
    f.add_argument("--out", default=str(MODELS / "ratings.json"))
    f.add_argument("--svg", default=str(MODELS / "ratings.svg"))
    f.add_argument("--reps", type=int, default=1000, help="bootstrap replicates")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--prior-draws", type=float, default=1.0)
    f.add_argument("--strength-model-id", help="id of the model strength.json measured (default: models/wallzero.onnx's)")
    g = sub.add_parser("play", help="play and record a match for the rating list")
    g.add_argument("--a", required=True)
    g.add_argument("--b", required=True)
    g.add_argument("--games", type=int, default=10, help="games per opening")
    g.add_argument("--seed", type=int, default=31)
    g.add_argument("--note", default="")
    g.add_argument("--games-file", default=str(MODELS / "ratings-games.json"))
    lv = sub.add_parser("levels", help="write the named levels (models/levels.json) from ratings.json")
    lv.add_argument("--models", default=str(MODELS))
    lv.add_argument("--ratings", default=str(MODELS / "ratings.json"))
    lv.add_argument("--out", default=str(MODELS / "levels.json"))
    args = p.parse_args(argv)
    if args.cmd == "play":
        return play(args)
    if args.cmd == "levels":
        return write_levels(args)
    recs = load_records(Path(args.models), args.strength_model_id)
    res = rate(recs, reps=args.reps, seed=args.seed, prior_draws=args.prior_draws)
    Path(args.out).write_text(json.dumps(res, indent=2) + "\n")
    Path(args.svg).write_text(svg(res))
    for r in res["players"]:
        print(f'{r["elo"]:8.1f}  [{r["ci95"][0]:7.1f}, {r["ci95"][1]:7.1f}]  {r["games"]:5d}  {r["player"]}')
    if res["unconnected"]:
        print("not connected to the anchor:", ", ".join(res["unconnected"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
