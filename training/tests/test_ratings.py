"""ratings.py: the Bradley-Terry fit recovers known ratings from synthetic
results; records are read from the ladder and strength files."""

import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ratings  # noqa: E402

TRUE = {"voronoi-hard": 0.0, "a": 350.0, "b": -200.0, "c": 120.0, "d": 600.0}


def synthetic(pairs, games, seed=0, draw=0.1):
    rng = np.random.default_rng(seed)
    recs = []
    for a, b in pairs:
        p = 1 / (1 + 10 ** ((TRUE[b] - TRUE[a]) / 400))
        # Draws take probability from both sides; the expected score stays p.
        probs = [p - draw / 2, 1 - p - draw / 2, draw]
        w, lo, d = rng.multinomial(games, probs)
        recs.append(ratings.record(a, b, w, lo, d, "synthetic"))
    return recs


CHAIN = [("a", "voronoi-hard"), ("b", "voronoi-hard"), ("c", "a"), ("c", "b"), ("d", "a"), ("d", "c")]


@pytest.mark.parametrize("pairs,games,tol", [
    (CHAIN, 20000, 15.0),
    (CHAIN[:1] + CHAIN[2:3] + CHAIN[4:5] + [("b", "c")], 20000, 20.0),  # a tree: every rating through one path
])
def test_fit_recovers_known_ratings(pairs, games, tol):
    res = ratings.rate(synthetic(pairs, games), reps=0, prior_draws=0)
    got = {r["player"]: r["elo"] for r in res["players"]}
    assert got["voronoi-hard"] == 0
    for p, v in TRUE.items():
        assert abs(got[p] - v) < tol, (p, got[p], v)


def test_exact_expected_scores_give_exact_ratings():
    recs = []
    for a, b in CHAIN:
        p = 1 / (1 + 10 ** ((TRUE[b] - TRUE[a]) / 400))
        recs.append({"a": a, "b": b, "a_wins": 1000 * p, "b_wins": 1000 * (1 - p), "draws": 0, "source": "exact"})
    players = sorted(TRUE)
    n, s = ratings.pair_tables(players, recs, prior_draws=0)
    est = ratings.fit(n, s, players.index("voronoi-hard"))
    for i, p in enumerate(players):
        assert abs(est[i] - TRUE[p]) < 1e-6


def test_bootstrap_intervals_cover_truth_and_shrink_with_games():
    widths = []
    for games in (200, 3200):
        res = ratings.rate(synthetic(CHAIN, games, seed=3), reps=200, seed=2, prior_draws=0)
        rows = {r["player"]: r for r in res["players"]}
        for p, v in TRUE.items():
            lo, hi = rows[p]["ci95"]
            assert lo <= rows[p]["elo"] <= hi
            if p != "voronoi-hard":
                assert lo - 5 < v < hi + 5, (games, p, lo, hi, v)
        widths.append(np.mean([rows[p]["ci95"][1] - rows[p]["ci95"][0] for p in TRUE if p != "voronoi-hard"]))
    assert widths[1] < widths[0] / 2


def test_prior_keeps_a_clean_sweep_finite_and_unconnected_players_out():
    recs = [ratings.record("a", "voronoi-hard", 20, 0, 0, "t"), ratings.record("x", "y", 5, 5, 0, "t")]
    res = ratings.rate(recs, reps=20)
    got = {r["player"]: r["elo"] for r in res["players"]}
    assert set(got) == {"a", "voronoi-hard"} and res["unconnected"] == ["x", "y"]
    # 20.5 of 21 with the virtual draw: 400 * log10(20.5 / 0.5).
    assert abs(got["a"] - 400 * np.log10(41)) < 0.5
    # The sweep's interval is not a point: resampling draws some losses.
    lo, hi = next(r["ci95"] for r in res["players"] if r["player"] == "a")
    assert lo < got["a"] - 50


def test_ladder_and_strength_records():
    ladder = {"models": [
        {"id": "wz-0002", "vs_previous": {"opponent": "voronoi-hard", "visits": 64, "a_wins": 44, "b_wins": 35, "draws": 1},
         "vs_baselines": {"mcts200_vs_voronoi-hard": {"a_wins": 31, "b_wins": 8, "draws": 1},
                          "policy_vs_voronoi-medium": {"a_wins": 19, "b_wins": 21, "draws": 0}}},
        {"id": "wz-0006", "vs_previous": {"opponent": "wz-0002", "visits": 64, "a_wins": 45, "b_wins": 35, "draws": 0}},
    ]}
    got = [(r["a"], r["b"], r["a_wins"], r["b_wins"], r["draws"]) for r in ratings.ladder_records(ladder)]
    assert got == [
        ("wz-0002 mcts:visits=64", "voronoi-hard", 44, 35, 1),
        ("wz-0002 mcts:visits=200", "voronoi-hard", 31, 8, 1),
        ("wz-0002 policy", "voronoi-medium", 19, 21, 0),
        ("wz-0006 mcts:visits=64", "wz-0002 mcts:visits=64", 45, 35, 0),
    ]
    strength = {"strength": [{"a": "policy:sym=8", "b": "voronoi-medium", "games": 400, "a_wins": 338, "draws": 2}]}
    (r,) = ratings.strength_records(strength, "wz-0012")
    assert (r["a"], r["b"], r["a_wins"], r["b_wins"], r["draws"]) == ("wz-0012 policy:sym=8", "voronoi-medium", 338, 60, 2)


@pytest.mark.parametrize("spec,want", [
    ("voronoi-hard", "voronoi-hard"),
    ("mcts:visits=800,model=heuristic,score=0", "heuristic mcts:visits=800"),
    ("mcts:visits=800,model=heuristic", "heuristic mcts:visits=800,score=1"),
    ("mcts:visits=200,score=0.50,model=heuristic", "heuristic mcts:visits=200,score=0.5"),
    ("mcts:time=100ms,model=heuristic,sym=8,score=0", "heuristic mcts:time=100ms,sym=8"),
    ("policy:model=heuristic", "heuristic policy"),
])
def test_player_name(spec, want):
    assert ratings.player_name(spec, Path("unused.onnx")) == want


def test_svg_draws_every_player():
    res = ratings.rate(synthetic(CHAIN, 500), reps=10)
    out = ratings.svg(res)
    assert out.startswith("<svg") and out.count("<circle") == len(TRUE)


LEVEL_DEFS = (
    ("low", "Low", "voronoi-medium", 500, (2, 3, 4)),
    ("mid", "Mid", "mcts:visits=8,model=heuristic", 800, (2,)),
)


def level_list(mid_elo=100.0, mid_anchor_games=120):
    """A rating list with the two levels of LEVEL_DEFS and their matches."""
    players = [{"player": "heuristic mcts:visits=8,score=1", "elo": mid_elo, "ci95": [50.0, 150.0], "games": 130},
               {"player": "voronoi-hard", "elo": 0.0, "ci95": [0.0, 0.0], "games": 300},
               {"player": "voronoi-medium", "elo": -180.0, "ci95": [-210.0, -150.0], "games": 200}]
    matches = [ratings.record("voronoi-medium", "voronoi-hard", 30, 165, 5, "x"),
               ratings.record("heuristic mcts:visits=8,score=1", "voronoi-hard", mid_anchor_games - 20, 20, 0, "x"),
               ratings.record("heuristic mcts:visits=8,score=1", "someone", 5, 5, 0, "x")]
    return {"anchor": "voronoi-hard", "players": players, "matches": matches}


NAMES = {"voronoi-medium": "voronoi-medium", "mcts:visits=8,model=heuristic": "heuristic mcts:visits=8,score=1"}


def test_levels_read_the_rating_list():
    games = {"matches": [{"recorded": "2026-12-01T10:00:00"}, {"recorded": "2026-12-02T09:30:00"}]}
    res = ratings.levels(level_list(), games, NAMES, LEVEL_DEFS)
    low, mid = res["levels"]
    assert low["rating"] == {"elo": -180.0, "ci95": [-210.0, -150.0], "games": 200, "anchorGames": 200}
    assert mid["rating"] == {"elo": 100.0, "ci95": [50.0, 150.0], "games": 130, "anchorGames": 120}  # not the 10 against "someone"
    assert (mid["id"], mid["name"], mid["spec"], mid["player"], mid["maxMoveMs"], mid["players"]) == (
        "mid", "Mid", "mcts:visits=8,model=heuristic", "heuristic mcts:visits=8,score=1", 800, [2])
    assert res["fitted"] == "2026-12-02" and res["anchor"] == "voronoi-hard" and "voronoi-hard" in res["anchors"]


@pytest.mark.parametrize("kwargs,message", [
    ({"mid_anchor_games": 99}, "at least 100"),
    ({"mid_elo": -180.0}, "does not rate above"),
])
def test_levels_refuse_weak_evidence(kwargs, message):
    with pytest.raises(SystemExit, match=message):
        ratings.levels(level_list(**kwargs), {"matches": []}, NAMES, LEVEL_DEFS)


def test_levels_refuse_an_unrated_level():
    with pytest.raises(SystemExit, match="not on the rating list"):
        ratings.levels(level_list(), {"matches": []}, {**NAMES, "voronoi-medium": "voronoi-easy"}, LEVEL_DEFS)


def test_shipped_levels_are_what_the_levels_command_writes():
    """models/levels.json is what `ratings.py levels` writes from the
    shipped ratings.json now: the specs' rating-list names (read from the
    model files), ratings, intervals and anchor games."""
    pytest.importorskip("onnx")
    models = ratings.MODELS
    shipped = json.loads((models / "levels.json").read_text())
    names = {spec: ratings.player_name_at_root(spec) for _, _, spec, _, _ in ratings.LEVELS}
    again = ratings.levels(json.loads((models / "ratings.json").read_text()),
                           json.loads((models / "ratings-games.json").read_text()), names)
    assert shipped == again, "models/levels.json is stale: run `cd training && /usr/bin/python3 ratings.py levels`"
