"""ship.py: a scratch run's promoted network brought into models/ with its
ladder entries, training-log events and checksum; bad input changes nothing."""

import hashlib
import json
import sys
from pathlib import Path

import onnx
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ship  # noqa: E402
from wallzero import align, export  # noqa: E402
from wallzero.model import ModelConfig, WallZeroNet  # noqa: E402

RUN = "run9 (test)"


def entry(model_id: str) -> dict:
    return {"id": model_id, "promoted": "2026-12-01T10:00:00", "training": {"iteration": 1},
            "vs_previous": {"opponent": "x", "visits": 64, "games": 2, "a_score": 1.0}, "vs_baselines": {}}


def test_merge_ladder_appends_up_to_the_model():
    shipped = {"models": [entry("wz-0015")]}
    run = {"models": [entry("wz-0016"), entry("wz-0017"), entry("wz-0018")]}
    added = ship.merge_ladder(shipped, run, "wz-0017", "a note", "wz-0015")
    assert added == ["wz-0016", "wz-0017"]
    assert [m["id"] for m in shipped["models"]] == ["wz-0015", "wz-0016", "wz-0017"]
    assert shipped["models"][1]["training"] == {"iteration": 1, "note": "a note", "continues": "wz-0015"}
    assert shipped["models"][2]["training"] == {"iteration": 1, "note": "a note"}
    assert "note" not in run["models"][0]["training"], "the run's ladder must not change"


def test_merge_ladder_skips_what_was_shipped_before():
    shipped = {"models": [entry("wz-0015"), entry("wz-0016")]}
    run = {"models": [entry("wz-0016"), entry("wz-0017")]}
    assert ship.merge_ladder(shipped, run, "wz-0017", "", "wz-0016") == ["wz-0017"]
    assert "continues" not in shipped["models"][2]["training"], "only the run's first entry continues a model"


def test_merge_ladder_rejects_an_unknown_model():
    shipped = {"models": [entry("wz-0015")]}
    try:
        ship.merge_ladder(shipped, {"models": [entry("wz-0016")]}, "wz-0099", "", "")
    except ValueError as e:
        assert "wz-0099" in str(e) and "wz-0016" in str(e)
    else:
        raise AssertionError("no error for a model the run did not promote")
    assert len(shipped["models"]) == 1


def test_new_log_events_keeps_loop_events_after_the_last_shipped():
    shipped = [json.dumps({"event": "gate", "time": "2026-12-01T12:00:00", "run": RUN}),
               json.dumps({"event": "promote", "time": "2026-12-01T13:00:00", "run": "another run"})]
    log = [
        json.dumps({"event": "gate", "iteration": 15, "time": "2026-12-01T12:00:00"}),  # shipped already
        json.dumps({"event": "run", "cmd": "x", "time": "2026-12-01T12:01:00"}),  # a command
        "selfplay: 150/1500 games, 40.1 s",  # progress text
        json.dumps({"event": "selfplay", "iteration": 16, "time": "2026-12-01T12:10:00"}),
        json.dumps({"event": "start", "origin": "resume", "step": 5}),  # the learner's
        json.dumps({"event": "train", "step": 5, "loss": 4.2}),  # the learner's
        json.dumps({"event": "train", "iteration": 16, "steps": 300, "time": "2026-12-01T12:12:00"}),
        json.dumps({"event": "promote", "iteration": 16, "model": "wz-0016", "time": "2026-12-01T12:20:00"}),
    ]
    got = ship.new_log_events(log, RUN, shipped)
    assert [(e["event"], e.get("iteration")) for e in got] == [("selfplay", 16), ("train", 16), ("promote", 16)]
    assert all(e["run"] == RUN for e in got)


def write_model(path: Path, model_id: str) -> None:
    torch.manual_seed(3)
    net = WallZeroNet(ModelConfig(blocks=1, channels=16, value_channels=8, value_hidden=16))
    export.export_onnx(net, path, model_id, json.dumps({"steps": 1}))


def setup_dirs(tmp_path: Path, run_model: str):
    run_dir, models = tmp_path / "run", tmp_path / "models"
    run_dir.mkdir()
    models.mkdir()
    write_model(run_dir / "wallzero.onnx", run_model)
    (run_dir / "ladder.json").write_text(json.dumps({"models": [entry("wz-0016"), entry("wz-0017")]}))
    (models / "ladder.json").write_text(json.dumps({"models": [entry("wz-0015")]}))
    (models / "training-log.jsonl").write_text(json.dumps({"event": "promote", "time": "2026-12-01T09:00:00", "run": RUN}) + "\n")
    log = tmp_path / "loop.out"
    log.write_text(json.dumps({"event": "promote", "iteration": 17, "model": "wz-0017", "time": "2026-12-01T14:00:00"}) + "\n")
    return run_dir, models, log


def test_main_ships_the_model(tmp_path):
    run_dir, models, log = setup_dirs(tmp_path, "wz-0017")
    rc = ship.main(["--run-dir", str(run_dir), "--model", "wz-0017", "--log", str(log), "--run-name", RUN,
                    "--note", "n", "--models", str(models)])
    assert rc == 0
    shipped = models / "wallzero.onnx"
    assert align.is_aligned(onnx.load(str(shipped)))
    assert ship.onnx_model_id(shipped) == "wz-0017"
    digest = hashlib.sha256(shipped.read_bytes()).hexdigest()
    assert (models / "wallzero.onnx.sha256").read_text() == f"{digest}  models/wallzero.onnx\n"
    ladder = json.loads((models / "ladder.json").read_text())
    assert [m["id"] for m in ladder["models"]] == ["wz-0015", "wz-0016", "wz-0017"]
    assert ladder["models"][1]["training"]["continues"] == "wz-0015"
    lines = (models / "training-log.jsonl").read_text().splitlines()
    assert len(lines) == 2 and json.loads(lines[1])["model"] == "wz-0017"


def test_main_refuses_a_model_with_another_id(tmp_path, capsys):
    run_dir, models, log = setup_dirs(tmp_path, "wz-0016")
    before = {p.name: p.read_bytes() for p in models.iterdir()}
    rc = ship.main(["--run-dir", str(run_dir), "--model", "wz-0017", "--log", str(log), "--run-name", RUN,
                    "--models", str(models)])
    assert rc == 2
    assert "is wz-0016, not --model wz-0017" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in models.iterdir()} == before, "a refused ship must write nothing"


def test_merge_ladder_names_a_forked_runs_lineage():
    shipped = {"models": [entry("wz-0015"), entry("wz-0016"), entry("wz-0017")]}
    run = {"models": [entry("wz-0016"), entry("wz-0017"), entry("wz-0022")]}
    assert ship.merge_ladder(shipped, run, "wz-0022", "", "wz-0017", lineage="wz-0012") == ["wz-0022"]
    assert shipped["models"][-1]["training"]["continues"] == "wz-0012"
