"""Tests of the multi-player rating list (ratings_multi.py)."""

import json
import math
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ratings_multi as R  # noqa: E402


def match(a, b, k, games, share):
    return {"players": k, "games": games, "a_wins": share * games, "a_name": a, "b_name": b,
            "a_score": share, "fair_share": 1 / k}


def expected_share(ra, rb, k):
    ga, gb = 10 ** (ra / 400), 10 ** (rb / 400)
    return ga / (ga + (k - 1) * gb)


def test_fit_recovers_luce_strengths():
    # A chain of matches whose shares are exactly Luce's for known ratings;
    # with many games the virtual game barely moves them.
    truth = {"voronoi-hard": 0.0, "x": 300.0, "y": -200.0, "z": 550.0}
    ms = [
        match("x", "voronoi-hard", 3, 100000, expected_share(300, 0, 3)),
        match("voronoi-hard", "y", 3, 100000, expected_share(0, -200, 3)),
        match("z", "x", 3, 100000, expected_share(550, 300, 3)),
    ]
    got = R.fit(ms)
    for n, r in truth.items():
        assert abs(got[n] - r) < 2, (n, got[n], r)


def test_fair_share_is_equal_strength():
    for k in (3, 4):
        got = R.fit([match("a", "voronoi-hard", k, 1000, 1 / k)])
        assert abs(got["a"]) < 1e-6 and got["voronoi-hard"] == 0


def test_sweep_stays_finite():
    got = R.fit([match("a", "voronoi-hard", 4, 50, 1.0)])
    assert math.isfinite(got["a"]) and got["a"] > 400


def test_unconnected_players_left_out():
    ms = [match("a", "voronoi-hard", 3, 10, 0.5), match("p", "q", 3, 10, 0.5)]
    assert [(m["a_name"], m["b_name"]) for m in R.connected(ms)] == [("a", "voronoi-hard")]


def test_cli_writes_lists_per_player_count(tmp_path):
    ledger = tmp_path / "m.jsonl"
    ledger.write_text("\n".join(json.dumps(m) for m in [
        match("a", "voronoi-hard", 3, 200, 0.6), match("a", "voronoi-hard", 4, 200, 0.5)]) + "\n")
    out = tmp_path / "r.json"
    subprocess.run([sys.executable, str(Path(R.__file__)), "--matches", str(ledger), "--out", str(out),
                    "--bootstrap", "20"], check=True, capture_output=True)
    d = json.loads(out.read_text())
    assert set(d["lists"]) == {"3", "4"}
    for k, lst in d["lists"].items():
        top = lst["players"][0]
        assert top["player"] == "a" and top["ci95"][0] <= top["elo"] <= top["ci95"][1] and top["games"] == 200
