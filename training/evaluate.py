"""Measures the shipped model's strength and fairness with `wallzero match`.

    cd training && /usr/bin/python3 evaluate.py [--model ../models/wallzero.onnx] [--games 200]
        [--fair-games 1000] [--fair-player policy] [--out ../models/strength.json]

Strength: each pairing plays --games games per opening (empty and
four-stone), colours swapped game by game. Fairness: the model plays itself
--fair-games games per opening; Red's share of wins is compared with the
WallZero paper's self-play figures (Red wins 53.57% in empty, 50.37% in
four-stone, over 5000 games each). Writes one JSON file.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from pathlib import Path

from ratings import onnx_model_id

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BIN = Path(os.environ.get("WALLZERO_BIN", ROOT / "bin" / "wallzero"))
PAPER_RED = {"empty": 0.5357, "four-stone": 0.5037}


def match(red: str, blue: str, games: int, mode: str, swap: bool, seed: int) -> dict:
    cmd = [str(BIN), "match", "-red", red, "-blue", blue, "-games", str(games), "-mode", mode, "-seed", str(seed)]
    if swap:
        cmd.append("-swap")
    t0 = time.time()
    out = subprocess.run(cmd, check=True, text=True, stdout=subprocess.PIPE).stdout
    r = json.loads(out.strip().splitlines()[-1])
    r["seconds"] = round(time.time() - t0, 1)
    print(json.dumps({"red": red, "blue": blue, "mode": mode, **r}), flush=True)
    return r


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--model", default=str(ROOT / "models" / "wallzero.onnx"))
    p.add_argument("--games", type=int, default=200, help="games per opening of each strength pairing")
    p.add_argument("--visits", type=int, default=200)
    p.add_argument("--fair-games", type=int, default=1000)
    p.add_argument("--fair-player", default="policy", help="'policy' or 'mcts:visits=N'")
    p.add_argument("--out", default=str(ROOT / "models" / "strength.json"))
    p.add_argument("--skip-fairness", action="store_true")
    args = p.parse_args(argv)
    m = args.model
    pairings = [
        # score=0: the search as the rating list names it without score=
        # (ratings.player_name), the default before 1 December 2026.
        (f"mcts:visits={args.visits},score=0,model={m}", "voronoi-hard"),
        (f"policy:model={m}", "voronoi-medium"),
        (f"policy:model={m}", "voronoi-hard"),
        # The raw policy averaged over the 8 board symmetries (still no search).
        (f"policy:model={m},sym=8", "voronoi-medium"),
    ]

    def display(spec: str) -> str:
        kind, _, opts = spec.partition(":")
        rest = [o for o in opts.split(",") if o and o not in (f"model={m}", "score=0")]
        return kind + (":" + ",".join(rest) if rest else "")

    result = {"model": m, "model_id": onnx_model_id(Path(m)), "strength": [], "fairness": []}
    for a, b in pairings:
        modes = {}
        for mode in ("four-stone", "empty"):
            modes[mode] = match(a, b, args.games, mode, swap=True, seed=7)
        games = sum(r["games"] for r in modes.values())
        wins = sum(r["a_wins"] for r in modes.values())
        draws = sum(r["draws"] for r in modes.values())
        result["strength"].append({"a": display(a), "b": b,
                                   "games": games, "a_wins": wins, "draws": draws,
                                   "a_win_rate": wins / games, "a_score": (wins + draws / 2) / games,
                                   "by_mode": {k: {"a_wins": v["a_wins"], "b_wins": v["b_wins"], "draws": v["draws"],
                                                   "a_score": v["a_score"]} for k, v in modes.items()}})
    if not args.skip_fairness:
        player = args.fair_player
        spec = f"{player},model={m}" if ":" in player else f"{player}:model={m}"
        for mode in ("empty", "four-stone"):
            r = match(spec, spec, args.fair_games, mode, swap=False, seed=11)
            n = r["games"]
            red = r["a_wins"] / n
            half = 1.96 * math.sqrt(red * (1 - red) / n)
            result["fairness"].append({"mode": mode, "player": player, "games": n, "red_wins": r["a_wins"],
                                       "blue_wins": r["b_wins"], "draws": r["draws"], "red_win_rate": red,
                                       "ci95": [red - half, red + half], "paper_red_win_rate": PAPER_RED[mode]})
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
