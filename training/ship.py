"""Ships a network promoted by a training run in a scratch directory.

A run started with ``loop.py --promote-dir DIR`` promotes into DIR and
leaves models/ alone, so that a candidate is measured against fixed
opponents before users get it. Once it has been, ship.py brings it into
models/:

1. the run's best network (DIR/wallzero.onnx, which must carry the model id
   given) becomes models/wallzero.onnx, its input planes aligned
   (wallzero/align.py), with a new models/wallzero.onnx.sha256;
2. the run's ladder entries that models/ladder.json lacks, up to the
   shipped model, are appended with ``--note``; the run's first entry also
   names the model the run continued (``continues``), and with
   ``--continues`` the shipped model's entry names the model its counts go
   back to (a run forked from another run);
3. the run's loop events (``--log``: the loop's standard output, in order)
   newer than the run's last line in models/training-log.jsonl are
   appended to it, tagged with ``--run-name`` (the commands it ran and the
   learner's per-step lines are left out);
4. with ``--calib`` (the loop's calibration games, checkpoints/calib-ID),
   quantize.py makes models/wallzero-int8.onnx from the shipped network,
   with its checksum.

models/README.md, the rating list and the docs are then brought up to date
by hand (report.py's ``training_table`` gives the training table).

    cd training && /usr/bin/python3 ship.py --run-dir /work/rl/run3/models --model wz-0017 \\
        --log /work/rl/run3/loop.log --run-name "run3 (...)" --note "..." \\
        --calib /work/rl/run3/checkpoints/calib-wz-0017
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

from ratings import onnx_model_id

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
MODELS = ROOT / "models"
PY = "/usr/bin/python3"

# LOG_EVENTS are the loop events the training log keeps; "train" only in
# the loop's own form (with an iteration), not the learner's per-step lines.
LOG_EVENTS = {"start", "config", "quantize", "selfplay", "rebuild", "train", "gate", "ratings", "promote", "import", "bootstrap"}


def merge_ladder(shipped: dict, run: dict, model_id: str, note: str, continues: str, lineage: str = "") -> list[str]:
    """Appends to shipped["models"] the entries of run["models"] it lacks,
    up to and including model_id, each with note; the first entry of the
    run (its first promotion) also gets continues. With lineage, the
    shipped model's entry gets continues=lineage instead: for a run forked
    from another, whose counts go back to the model the first run continued.
    Returns the ids added. Raises ValueError when model_id is not in the
    run's ladder."""
    run_ids = [m["id"] for m in run["models"]]
    if model_id not in run_ids:
        raise ValueError(f"--model {model_id}: not in the run's ladder ({', '.join(run_ids) or 'empty'})")
    have = {m["id"] for m in shipped["models"]}
    added = []
    for i, m in enumerate(run["models"][:run_ids.index(model_id) + 1]):
        if m["id"] in have:
            continue
        m = json.loads(json.dumps(m))  # a copy
        if note:
            m["training"]["note"] = note
        if i == 0 and continues:
            m["training"].setdefault("continues", continues)
        if lineage and m["id"] == model_id:
            m["training"]["continues"] = lineage
        shipped["models"].append(m)
        added.append(m["id"])
    return added


def new_log_events(log_lines: list[str], run_name: str, shipped_lines: list[str]) -> list[dict]:
    """The loop events of log_lines (JSON lines; other lines are skipped)
    that the training log (shipped_lines) does not hold yet: those after the
    last event it has from run_name (by time), with "run" set to run_name."""
    last = ""
    for line in shipped_lines:
        if line.strip():
            ev = json.loads(line)
            if ev.get("run") == run_name:
                last = max(last, ev.get("time", ""))
    out = []
    for line in log_lines:
        line = line.strip()
        if not line.startswith("{"):
            continue
        try:
            ev = json.loads(line)
        except json.JSONDecodeError:
            continue
        name = ev.get("event")
        if name not in LOG_EVENTS or "time" not in ev or ev["time"] <= last:
            continue
        if name == "train" and "iteration" not in ev:
            continue
        if name == "start" and "origin" in ev:  # the learner's start line
            continue
        ev["run"] = run_name
        out.append(ev)
    return out


def write_checksum(path: Path) -> None:
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    (path.parent / (path.name + ".sha256")).write_text(f"{digest}  models/{path.name}\n")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--run-dir", required=True, help="the run's --promote-dir (wallzero.onnx, ladder.json)")
    p.add_argument("--model", required=True, help="the id of the model to ship (the run's best)")
    p.add_argument("--log", action="append", default=[], help="the loop's output (repeatable, in order)")
    p.add_argument("--run-name", required=True, help="how the training log names this run")
    p.add_argument("--note", default="", help="the ladder entries' training note")
    p.add_argument("--continues", default="",
                   help="the model the shipped one's training counts start from, when the run forked from another run")
    p.add_argument("--calib", help="calibration games for models/wallzero-int8.onnx (skipped when absent)")
    p.add_argument("--models", default=str(MODELS), help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    run_dir, models = Path(a.run_dir), Path(a.models)
    best = run_dir / "wallzero.onnx"
    if (got := onnx_model_id(best)) != a.model:
        print(f"ship: {best} is {got}, not --model {a.model}", file=sys.stderr)
        return 2
    shipped = json.loads((models / "ladder.json").read_text())
    continues = shipped["models"][-1]["id"] if shipped["models"] else ""
    try:
        added = merge_ladder(shipped, json.loads((run_dir / "ladder.json").read_text()), a.model, a.note, continues, a.continues)
    except ValueError as e:
        print(f"ship: {e}", file=sys.stderr)
        return 2
    log_path = models / "training-log.jsonl"
    shipped_lines = log_path.read_text().splitlines() if log_path.exists() else []
    lines = [line for f in a.log for line in Path(f).read_text().splitlines()]
    events = new_log_events(lines, a.run_name, shipped_lines)

    sys.path.insert(0, str(HERE))
    import onnx
    from wallzero.align import align_input_channels
    onnx.save(align_input_channels(onnx.load(str(best))), str(models / "wallzero.onnx"))
    write_checksum(models / "wallzero.onnx")
    (models / "ladder.json").write_text(json.dumps(shipped, indent=2) + "\n")
    with log_path.open("a") as f:
        for ev in events:
            f.write(json.dumps(ev) + "\n")
    print(json.dumps({"event": "ship", "model": a.model, "ladder_added": added, "log_events": len(events)}))
    if a.calib:
        subprocess.run([PY, str(HERE / "quantize.py"), "--model", str(models / "wallzero.onnx"),
                        "--data", a.calib, "--out", str(models / "wallzero-int8.onnx")], check=True, cwd=HERE)
        write_checksum(models / "wallzero-int8.onnx")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
