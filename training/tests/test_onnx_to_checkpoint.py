"""onnx_to_checkpoint.py: a learner checkpoint rebuilt from an exported
(BatchNorm-folded) ONNX model computes what the ONNX graph computes."""

import copy
import json
import sys
from pathlib import Path

import numpy as np
import pytest
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import onnx_to_checkpoint as o2c  # noqa: E402
import synth_mp  # noqa: E402
from wallzero import checkpoint as ckpt  # noqa: E402
from wallzero import contract as C  # noqa: E402
from wallzero.contract import MULTI  # noqa: E402
from wallzero import export  # noqa: E402
from wallzero.model import ModelConfig, WallZeroNet  # noqa: E402


@pytest.mark.parametrize("name,want", [
    ("/net/stem/stem.0/Conv_output_0", "stem.0"),
    ("/net/blocks/blocks.0/a/a.0/Conv_output_0", "blocks.0.a.0"),
    ("/net/blocks/blocks.11/b/b.0/Conv_output_0", "blocks.11.b.0"),
    ("/net/policy_out/Conv_output_0", "policy_out"),
    ("/net/value_conv/value_conv.0/Conv_output_0", "value_conv.0"),
])
def test_module_path(name, want):
    assert o2c.module_path(name) == want


def test_module_path_rejects_other_names():
    with pytest.raises(ValueError):
        o2c.module_path("/other/Conv_output_0")


@pytest.fixture(params=[16, 8], ids=["square", "bottleneck"])
def onnx_model(tmp_path, request):
    """A small exported network whose BatchNorm layers are far from the
    identity (so folding changed the convolution weights); its blocks are
    16 channels wide inside, or 8 (a bottleneck)."""
    torch.manual_seed(3)
    net = WallZeroNet(ModelConfig(blocks=2, channels=16, value_channels=8, value_hidden=24,
                                  inner_channels=request.param))
    export.perturb(net, 3)
    out = tmp_path / "m.onnx"
    export.export_onnx(net, out, "wz-test", json.dumps({"steps": 77}))
    return out, net


def test_rebuild_matches_onnx_and_original(onnx_model):
    path, original = onnx_model
    net, meta = o2c.rebuild(path)
    assert net.config.to_dict() == original.config.to_dict()
    assert meta["wallzero.model_id"] == "wz-test"
    # Against the ONNX graph run by NumPy and against the unfolded original.
    assert o2c.max_diff(net, path, 6) <= 1e-4
    x = (np.random.default_rng(5).random((6, C.NUM_PLANES, 7, 7)) < 0.3).astype(np.float32)
    a, b = o2c.torch_outputs(net, x), o2c.torch_outputs(original, x)
    for k in C.OUTPUT_NAMES:
        np.testing.assert_allclose(a[k], b[k], atol=1e-4)


def test_calibration_keeps_eval_and_fixes_training_mode(onnx_model):
    path, _ = onnx_model
    net, _ = o2c.rebuild(path)
    x = (torch.rand(64, C.NUM_PLANES, 7, 7, generator=torch.Generator().manual_seed(9)) < 0.3).float()
    before = o2c.torch_outputs(net, x.numpy())
    plain = copy.deepcopy(net)  # training mode updates the running statistics
    plain.train()
    with torch.no_grad():
        uncal = WallZeroNet.outputs(plain(x))
    o2c.calibrate(net, x)
    after = o2c.torch_outputs(net, x.numpy())
    for k in C.OUTPUT_NAMES:
        np.testing.assert_allclose(after[k], before[k], atol=1e-4)
    # In training mode BatchNorm uses the batch statistics: on the
    # calibration batch the calibrated network still computes the ONNX
    # function, the uncalibrated one does not.
    net.train()
    with torch.no_grad():
        trained = WallZeroNet.outputs(net(x))
    for k in C.OUTPUT_NAMES:
        np.testing.assert_allclose(trained[k].numpy(), before[k], atol=1e-4)
    assert np.abs(uncal["policy"].numpy() - before["policy"]).max() > 1e-2


def test_cli_writes_a_resumable_checkpoint(onnx_model, tmp_path, capsys):
    path, _ = onnx_model
    out = tmp_path / "ck.pt"
    assert o2c.main(["--onnx", str(path), "--out", str(out), "--check", "2"]) == 0
    info = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert info["max_abs_diff"] <= 1e-4 and info["step"] == 77
    net, state = ckpt.load_model(out)
    assert state["step"] == 77 and state["optimizer"] is None
    assert state["stats"]["model_id"] == "wz-test"
    assert o2c.max_diff(net, path, 2) <= 1e-4
    with pytest.raises(SystemExit, match="exists"):
        o2c.main(["--onnx", str(path), "--out", str(out)])


@pytest.fixture
def multi_onnx_model(tmp_path):
    """A small exported three- and four-player network with BatchNorm
    layers far from the identity."""
    torch.manual_seed(4)
    net = WallZeroNet(ModelConfig(blocks=2, channels=16, value_channels=8, value_hidden=24), MULTI)
    export.perturb(net, 4)
    net.eval()
    out = tmp_path / "mp.onnx"
    export.export_onnx(net, out, "mp-test", json.dumps({"steps": 31}))
    return out, net


def test_multi_rebuild_matches_onnx_and_original(multi_onnx_model):
    path, original = multi_onnx_model
    net, meta = o2c.rebuild(path)
    assert net.fmt == MULTI
    assert net.config.to_dict() == original.config.to_dict()
    assert meta["wallzero.features"] == MULTI.feature_set_id
    assert o2c.max_diff(net, path, 6) <= 1e-4
    x = o2c.random_inputs(net, 6, 5)
    a, b = o2c.torch_outputs(net, x), o2c.torch_outputs(original, x)
    for k in MULTI.output_names:
        np.testing.assert_allclose(a[k], b[k], atol=1e-4)
    # Both player counts occur, and seat 3 is empty with three players.
    three = x[:, C.PLANE_THREE_PLAYERS, 0, 0] == 1
    assert three.any() and (~three).any()
    assert np.all(a["value"][three, 3] < 1e-6) and np.all(a["value"][~three, 3] > 1e-6)


def test_multi_cli_calibrates_on_chunks_and_writes_a_multi_checkpoint(multi_onnx_model, tmp_path, capsys):
    path, _ = multi_onnx_model
    data = tmp_path / "data"
    data.mkdir()
    synth_mp.write(data / "c0.npz", 96, seed=2)
    out = tmp_path / "mp.pt"
    assert o2c.main(["--onnx", str(path), "--out", str(out), "--check", "2",
                     "--calibrate-data", str(data), "--calibrate-samples", "64"]) == 0
    info = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert info["max_abs_diff"] <= 1e-4 and info["step"] == 31 and info["calibration_samples"] == 64
    net, state = ckpt.load_model(out, MULTI)
    assert state["network"] == MULTI.network and state["stats"]["model_id"] == "mp-test"
    assert o2c.max_diff(net, path, 2) <= 1e-4
    # A two-player learner refuses it.
    with pytest.raises(ValueError):
        ckpt.load(out, "two")
