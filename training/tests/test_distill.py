"""distill.py: a pruned student initialised from the teacher and trained
on the teacher's outputs."""

import json
import sys
from pathlib import Path

import numpy as np
import onnx
import pytest
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import distill  # noqa: E402
import synth  # noqa: E402
import onnx_to_checkpoint as o2c  # noqa: E402
from wallzero import align, checkpoint, export  # noqa: E402
from wallzero import contract as C  # noqa: E402
from wallzero.model import ModelConfig, WallZeroNet  # noqa: E402


@pytest.fixture
def teacher_onnx(tmp_path):
    torch.manual_seed(11)
    net = WallZeroNet(ModelConfig(blocks=2, channels=16, value_channels=8, value_hidden=24))
    export.perturb(net, 11)
    out = tmp_path / "teacher.onnx"
    export.export_onnx(net, out, "wz-teacher", json.dumps({"steps": 5}))
    return out


def features(n, seed=0):
    return torch.from_numpy(synth.make_arrays(n, seed)["_planes"].astype("float32"))


def test_prune_to_the_same_size_is_the_teacher(teacher_onnx):
    teacher, _ = o2c.rebuild(teacher_onnx)
    student = distill.prune(teacher, 2, 16)
    student.eval()
    x = features(8)
    with torch.no_grad():
        a, b = student(x), teacher(x)
    for got, want in zip(a, b):
        torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-5)


def test_prune_keeps_the_strongest_channels_and_blocks(teacher_onnx):
    teacher, _ = o2c.rebuild(teacher_onnx)
    student = distill.prune(teacher, 1, 8)
    assert student.config.blocks == 1 and student.config.channels == 8
    assert student.config.policy_channels == teacher.config.policy_channels
    keep = torch.sort(torch.topk(distill.stream_importance(teacher), 8).indices).values
    torch.testing.assert_close(student.stem[0].weight, teacher.stem[0].weight[keep])
    strongest = int(torch.argmax(torch.stack([blk.b[0].weight.norm() for blk in teacher.blocks])))
    inner = torch.sort(torch.topk(distill.inner_importance(teacher.blocks[strongest]), 8).indices).values
    torch.testing.assert_close(student.blocks[0].b[0].weight, teacher.blocks[strongest].b[0].weight[keep][:, inner])
    out = student(features(4))
    assert out.policy.shape == (4, C.NUM_ACTIONS) and out.value.shape == (4, 3)
    with pytest.raises(SystemExit, match="larger"):
        distill.prune(teacher, 3, 16)


def test_losses_are_smallest_at_the_teacher(teacher_onnx):
    teacher, _ = o2c.rebuild(teacher_onnx)
    x = features(16)
    with torch.no_grad():
        t = teacher(x)
        same = distill.distill_losses(t, t)
        other = distill.distill_losses(type(t)(*(v + torch.randn_like(v) for v in t)), t)
    for k in ("total", "policy", "value", "ownership", "margin"):
        assert float(same[k]) < float(other[k]), k
    assert float(same["ownership"]) == 0 and float(same["margin"]) == 0


def test_cli_trains_and_exports_a_student(teacher_onnx, tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    synth.write_dir(data, [300, 300])
    ck, onnx_out = tmp_path / "student.pt", tmp_path / "student.onnx"
    assert distill.main([
        "--teacher", str(teacher_onnx), "--data", str(data), "--blocks", "1", "--channels", "8",
        "--minutes", "0.02", "--batch", "32", "--holdout", "64", "--log-every", "2",
        "--out", str(ck), "--export", str(onnx_out), "--model-id", "wz-student", "--threads", "1",
    ]) == 0
    lines = [json.loads(s) for s in capsys.readouterr().out.strip().splitlines()]
    assert lines[0]["event"] == "start" and lines[0]["teacher_model_id"] == "wz-teacher"
    done = lines[-1]
    assert done["event"] == "done" and done["steps"] >= 1 and 0 <= done["top1_agreement"] <= 1
    net, state = checkpoint.load_model(ck)
    assert net.config.blocks == 1 and net.config.channels == 8 and state["step"] == done["steps"]
    model = onnx.load(str(onnx_out))
    meta = {p.key: p.value for p in model.metadata_props}
    assert meta["wallzero.model_id"] == "wz-student" and meta["wallzero.channels"] == "8"
    assert json.loads(meta["wallzero.training"])["distilled_from"] == "wz-teacher"
    assert align.is_aligned(model)


def test_measured_drop_keeps_the_block_whose_removal_costs_most(teacher_onnx):
    teacher, _ = o2c.rebuild(teacher_onnx)
    x = features(64, seed=3)
    kept, trials = distill.measured_blocks(teacher, 1, x)
    assert len(trials) == 1 and len(kept) == 1
    cands = trials[0]["candidates"]
    assert sorted(c["drop"] for c in cands) == [0, 1]
    # Each candidate's figures are those of the teacher without that block.
    for c in cands:
        rest = [b for b in range(2) if b != c["drop"]]
        want = distill.agreement(distill.prune(teacher, 1, 16, rest), teacher, x)
        assert c["top1_agreement"] == want["top1_agreement"]
        assert abs(c["value_error"] - want["value_error"]) < 1e-6
    best = max(cands, key=lambda c: (c["top1_agreement"], -c["value_error"]))
    assert trials[0]["dropped"] == best["drop"] and kept == [1 - best["drop"]]
    # Keeping every block drops nothing: the student is the teacher.
    assert distill.measured_blocks(teacher, 2, x) == ([0, 1], [])


def test_prune_rejects_a_wrong_number_of_kept_blocks(teacher_onnx):
    teacher, _ = o2c.rebuild(teacher_onnx)
    with pytest.raises(SystemExit, match="want 1"):
        distill.prune(teacher, 1, 16, [0, 1])


def test_init_continues_an_exported_student(teacher_onnx, tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    synth.write_dir(data, [300, 300])
    common = ["--teacher", str(teacher_onnx), "--data", str(data), "--batch", "32", "--holdout", "64",
              "--log-every", "1000", "--threads", "1", "--minutes", "0.02"]
    first = tmp_path / "first.onnx"
    assert distill.main(common + ["--blocks", "1", "--channels", "8", "--out", str(tmp_path / "a.pt"),
                                  "--export", str(first)]) == 0
    done = [json.loads(s) for s in capsys.readouterr().out.strip().splitlines()][-1]
    # --blocks and --channels are the default (6x48), larger than the
    # teacher: the student's own size must replace them.
    assert distill.main(common + ["--init", str(first), "--out", str(tmp_path / "b.pt")]) == 0
    start = [json.loads(s) for s in capsys.readouterr().out.strip().splitlines()][0]
    assert start["event"] == "start" and start["init"] == str(first)
    assert start["student"]["blocks"] == 1 and start["student"]["channels"] == 8
    # It starts where the first run ended (same hold-out positions).
    assert abs(start["init_top1_agreement"] - done["top1_agreement"]) <= 2 / 64
    assert abs(start["init_value_error"] - done["value_error"]) < 1e-3
    net, _ = checkpoint.load_model(tmp_path / "b.pt")
    assert net.config.blocks == 1 and net.config.channels == 8


def test_prune_to_a_bottleneck_keeps_the_stream_and_the_strongest_inner_channels(teacher_onnx):
    teacher, _ = o2c.rebuild(teacher_onnx)
    student = distill.prune(teacher, 2, 16, inner=8)
    assert student.config.channels == 16 and student.config.inner_channels == 8
    for sb, tb in zip(student.blocks, teacher.blocks):
        inner = torch.sort(torch.topk(distill.inner_importance(tb), 8).indices).values
        torch.testing.assert_close(sb.a[0].weight, tb.a[0].weight[inner])
        torch.testing.assert_close(sb.b[0].weight, tb.b[0].weight[:, inner])
    # The stem and the heads are the teacher's, untouched.
    torch.testing.assert_close(student.stem[0].weight, teacher.stem[0].weight)
    torch.testing.assert_close(student.policy_conv[0].weight, teacher.policy_conv[0].weight)
    with pytest.raises(SystemExit, match="larger"):
        distill.prune(teacher, 2, 16, inner=32)


def test_cli_exports_a_bottleneck_student_with_its_inner_width(teacher_onnx, tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    synth.write_dir(data, [300, 300])
    ck, onnx_out = tmp_path / "student.pt", tmp_path / "student.onnx"
    assert distill.main([
        "--teacher", str(teacher_onnx), "--data", str(data), "--blocks", "2", "--channels", "16", "--inner", "8",
        "--minutes", "0.02", "--batch", "32", "--holdout", "64", "--log-every", "1000",
        "--out", str(ck), "--export", str(onnx_out), "--threads", "1",
    ]) == 0
    lines = [json.loads(s) for s in capsys.readouterr().out.strip().splitlines()]
    assert lines[0]["student"]["inner_channels"] == 8
    net, _ = checkpoint.load_model(ck)
    assert net.config.inner_channels == 8
    meta = {p.key: p.value for p in onnx.load(str(onnx_out)).metadata_props}
    assert meta["wallzero.model_id"] == "wz-teacher-d2x16b8"
    assert (meta["wallzero.channels"], meta["wallzero.inner_channels"]) == ("16", "8")
    # Continuing it keeps the bottleneck.
    assert distill.main([
        "--teacher", str(teacher_onnx), "--data", str(data), "--init", str(onnx_out), "--minutes", "0.01",
        "--batch", "32", "--holdout", "64", "--log-every", "1000", "--out", str(tmp_path / "b.pt"), "--threads", "1",
    ]) == 0
    start = [json.loads(s) for s in capsys.readouterr().out.strip().splitlines()][0]
    assert start["student"]["inner_channels"] == 8


def test_precomputed_targets_are_the_teachers_outputs(teacher_onnx):
    teacher, _ = o2c.rebuild(teacher_onnx)
    arrays = synth.make_arrays(40, 5)
    targets = distill.Targets(teacher, arrays["features"], batch=16)  # batches not dividing 40
    assert len(targets) == 40
    idx = np.array([0, 7, 15, 16, 39])
    with torch.no_grad():
        want = teacher(torch.from_numpy(arrays["_planes"][idx].astype("float32")))
    got = targets.take(idx)
    for name, g, w in zip(distill.RawOutputs._fields, got, want):
        assert g.dtype == torch.float32 and g.shape == w.shape, name
        # float16 policy logits: relative rounding 2^-11.
        torch.testing.assert_close(g, w, rtol=1e-3, atol=1e-3, msg=name)


def test_batches_cover_every_position_once_per_pass():
    arrays = synth.make_arrays(50, 6)
    it = distill.batches(arrays["features"], 16, seed=2)
    seen = []
    for _ in range(3):  # 50 // 16 = 3 full batches per pass; the rest waits
        idx, x = next(it)
        assert list(idx) == sorted(idx) and len(idx) == 16
        np.testing.assert_array_equal(x.numpy(), arrays["_planes"][idx].astype("float32"))
        seen.extend(idx.tolist())
    assert len(set(seen)) == 48


def test_cli_runs_the_teacher_every_step_when_asked(teacher_onnx, tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    synth.write_dir(data, [300, 300])
    common = ["--teacher", str(teacher_onnx), "--data", str(data), "--blocks", "1", "--channels", "8",
              "--batch", "32", "--holdout", "64", "--log-every", "1000", "--threads", "1", "--minutes", "0.01"]
    assert distill.main(common + ["--out", str(tmp_path / "a.pt")]) == 0
    events = [json.loads(s)["event"] for s in capsys.readouterr().out.strip().splitlines()]
    assert events[:2] == ["start", "targets"]
    assert distill.main(common + ["--teacher-every-step", "--out", str(tmp_path / "b.pt")]) == 0
    events = [json.loads(s)["event"] for s in capsys.readouterr().out.strip().splitlines()]
    assert "targets" not in events and events[-1] == "done"
