"""Writes models/README.md from the loop state, the ladder and the strength
measurements.

    cd training && /usr/bin/python3 report.py [--state checkpoints/loop.json]
        [--ladder ../models/ladder.json] [--strength ../models/strength.json]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


# What models/README.md says of the 8-bit teacher, when it is there.
TEACHER_INT8_NOTE = [
    (
        "`wallzero-int8.onnx` is **wz-0027-int8**, the shipped teacher quantized to 8-bit integers by "
        "`training/quantize.py` (calibrated on 4,096 positions of 96 low-visit self-play games of "
        "wz-0027, the loop's calibration set `calib-wz-0027`, ranges at the 99.999th percentile; "
        "`training/ship.py --calib`). It agrees with the float file on the top move in 93% of held-out "
        "positions and scored 0.4975 against it at equal visits over 400 games. On a CPU with 8-bit dot "
        "products the service uses it first: at 100 ms per move it beat the float wz-0012 0.955 over 200 "
        "games (191-9-0), and wz-0015's 8-bit copy before it beat the 8-bit student "
        "`wallzero-fast-int8.onnx` 0.665 over 100 games (docs/reinforcement.md). Elsewhere it would be slower than the "
        "float student and is not used."
    ),
    "",
]

# What models/README.md says of the distilled student, when it is there.
FAST_MODEL_NOTE = [
    "`wallzero-fast.onnx` is **wz-0012-d6x64b48**, a student distilled from wz-0012 "
    "(`training/distill.py --inner 48`: the same 6 blocks and 64-channel stream, 48 channels "
    "inside each block, 36.2 MFLOP per position instead of 47.1). It makes 1.2-1.4x the "
    "evaluations per second and scored 0.494 against wz-0012 at equal visits over 400 games "
    "(0.435 with the four-stone opening, 0.5525 with the empty one; a continued student scored "
    "0.495 with the openings the other way round, so the split is mostly noise), and 0.56 at equal "
    "time (100 ms per move, 200 games). It has the most strength per CPU second, so `serve`, "
    "`worker`, `analysis` and `explorer` use it by default; `wallzero.onnx` stays the strongest per "
    "visit and stands in where it is missing. Measurements in docs/performance.md.",
    "",
]

# What models/README.md says of the student's 8-bit quantization, when it is there.
INT8_MODEL_NOTE = [
    "`wallzero-fast-int8.onnx` is **wz-0012-d6x64b48-int8**, the student quantized to 8-bit "
    "integers by `training/quantize.py` (weights per channel, activations per tensor calibrated "
    "on 4,096 self-play positions; the heads stay in float). On a CPU with 8-bit dot products "
    "(AVX-512 VNNI, AVX-VNNI or AMX) it makes 2.3-2.9x the float student's evaluations per CPU "
    "second; it agrees with it on the top move in 92% of 10,533 held-out positions (value error "
    "0.010) and scored 0.491 against it at equal visits over 400 games; at equal time (100 ms "
    "per move) it scored 0.715 against wz-0012 over 200 games. On such CPUs the service now "
    "prefers the 8-bit teacher above and uses this file where that one is missing; elsewhere the "
    "float student (`wallzero version` says which). Measurements in "
    "docs/performance.md.",
    "",
]


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def training_table(best: dict, ladder: list[dict]) -> list[str]:
    """The training summary of the shipped model: one column, or, for a
    model of a run that continued an earlier one (training.continues), the
    earlier model's lineage, this run's and their sum."""
    rows = [("self-play games", "games", "{:,}"), ("samples (positions with a full search)", "samples", "{:,}"),
            ("optimizer steps", "steps", "{:,}"), ("training samples (steps x batch)", "train_samples", "{:,}"),
            ("self-play time", "selfplay_seconds", "min"), ("self-play CPU time", "selfplay_cpu_seconds", "min"),
            ("training time", "train_seconds", "min"), ("training CPU time", "train_cpu_seconds", "min"),
            ("wall-clock of the loop", "wall_seconds", "min")]
    tr = best["training"]
    base = next((m for m in ladder if m["id"] == tr.get("continues")), None)
    cols = [tr] if base is None else [base["training"], tr]

    def cell(t, key, fmt):
        v = t.get(key)
        if v is None:
            return "-"
        return f"{v / 60:.0f} min" if fmt == "min" else fmt.format(v)

    if base is None:
        out = ["| | |", "|---|---|"]
    else:
        out = [f"| | {base['id']} and before | this run ({best['id']}) | total |", "|---|---|---|---|"]
    for label, key, fmt in rows:
        if all(t.get(key) is None for t in cols):
            continue
        cells = [cell(t, key, fmt) for t in cols]
        if base is not None:
            vals = [t.get(key) for t in cols]
            total = sum(v for v in vals if v is not None)
            cells.append(f"{total / 60:.0f} min" if fmt == "min" else fmt.format(total))
        out.append(f"| {label} | " + " | ".join(cells) + " |")
    return out


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--state", default=str(HERE / "checkpoints" / "loop.json"))
    p.add_argument("--ladder", default=str(ROOT / "models" / "ladder.json"))
    p.add_argument("--strength", default=str(ROOT / "models" / "strength.json"))
    p.add_argument("--out", default=str(ROOT / "models" / "README.md"))
    p.add_argument("--notes", default="", help="a paragraph of notes to add")
    a = p.parse_args(argv)
    ladder = json.loads(Path(a.ladder).read_text())["models"]
    best = ladder[-1]
    tr = best["training"]
    lines = [
        "# models/",
        "",
        f"`wallzero.onnx` is the shipped WallZero network: **{best['id']}**, a "
        f"{tr.get('blocks', 6)}-block, {tr.get('channels', 64)}-channel residual network "
        "(policy, value, margin and ownership heads; inputs and actions as the "
        "WallZero paper, see README.md), the strongest per visit. The search "
        "players, self-play and the benchmarks load it by default. Its metadata (feature set, action "
        "layout, heads, training summary) travels inside the ONNX file and is "
        "checked at load.",
        "",
        *(TEACHER_INT8_NOTE if (ROOT / "models" / "wallzero-int8.onnx").exists() else []),
        *(FAST_MODEL_NOTE if (ROOT / "models" / "wallzero-fast.onnx").exists() else []),
        *(INT8_MODEL_NOTE if (ROOT / "models" / "wallzero-fast-int8.onnx").exists() else []),
        "## Training",
        "",
        *training_table(best, ladder),
        "",
    ]
    state_path = Path(a.state)
    state = json.loads(state_path.read_text()) if state_path.exists() else {}
    imported = state.get("imported") or [m["training"]["imported"] for m in ladder if m["training"].get("imported")]
    if imported:
        lines += [
            "The loop ran on the 2-core development machine (CPU only, `make "
            "train`, training/loop.py, batch 256), except for these training "
            "runs imported into it with `loop.py --import-checkpoint` (counted "
            "in the table above, in order; a GPU session is training/gpu_session.sh):",
            "",
            *[f"- {imp.get('device', 'GPU')}: {imp.get('games', 0):,} games, "
              f"{imp.get('samples', 0):,} samples, {imp.get('train_steps', 0):,} steps "
              f"({imp.get('train_samples', 0):,} training samples). {imp.get('note', '')}" for imp in imported],
            "",
        ]
    else:
        lines += ["All on the 2-core development machine (CPU only), with `make train` "
                  "(training/loop.py)."]
    baselines = list(dict.fromkeys(k for m in ladder for k in m["vs_baselines"]))
    lines += [
        "See training/README.md for the data format and the learner.",
        "",
        "## Ladder",
        "",
        "Each model was promoted only after beating its predecessor (the first: "
        "the strongest heuristic player) in a `wallzero match`; `ladder.json` "
        "holds every match.",
        "",
        "| model | opponent | games | score | " + " | ".join(baselines) + " |",
        "|---|---|---|---|" + "---|" * len(baselines),
    ]
    for m in ladder:
        vp = m["vs_previous"]
        base = " | ".join(pct(m["vs_baselines"][k]["a_score"]) if k in m["vs_baselines"] else "-" for k in baselines)
        lines.append(f"| {m['id']} | {vp['opponent']} ({vp['visits']} visits each) | {vp['games']} | {pct(vp['a_score'])} | {base} |")
    sp = Path(a.strength)
    if sp.exists():
        st = json.loads(sp.read_text())
        lines += ["", "## Strength of the shipped model", "",
                  "Measured with `cd training && /usr/bin/python3 evaluate.py` "
                  "(`wallzero match`, colours swapped game by game, both openings).", "",
                  "| player | opponent | games | wins | draws | win rate | score | four-stone | empty |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for r in st["strength"]:
            bm = r["by_mode"]
            lines.append(f"| `{r['a']}` | `{r['b']}` | {r['games']} | {r['a_wins']} | {r['draws']} | "
                         f"{pct(r['a_win_rate'])} | {pct(r['a_score'])} | {pct(bm['four-stone']['a_score'])} | {pct(bm['empty']['a_score'])} |")
        if st.get("fairness"):
            lines += ["", "## Fairness in self-play", "",
                      "| opening | player | games | Red wins | Blue wins | draws | Red win rate (95% CI) | paper (5000 games) |",
                      "|---|---|---|---|---|---|---|---|"]
            for f in st["fairness"]:
                lo, hi = f["ci95"]
                lines.append(f"| {f['mode']} | `{f['player']}` | {f['games']} | {f['red_wins']} | {f['blue_wins']} | "
                             f"{f['draws']} | {pct(f['red_win_rate'])} ({pct(lo)}-{pct(hi)}) | {pct(f['paper_red_win_rate'])} |")
    if a.notes:
        lines += ["", "## Notes", "", a.notes]
    Path(a.out).write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
