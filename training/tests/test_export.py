import json

import numpy as np
import onnx
import pytest
import torch

import onnx_numpy
from wallzero import checkpoint as ckpt
from wallzero import contract as C
from wallzero import export
from wallzero.model import ModelConfig, WallZeroNet

KEYS = ["wallzero.format", "wallzero.features", "wallzero.actions", "wallzero.heads",
        "wallzero.model_id", "wallzero.blocks", "wallzero.channels", "wallzero.training"]


@pytest.fixture
def trained_checkpoint(tmp_path):
    """A small checkpoint whose BatchNorm statistics are not the defaults."""
    torch.manual_seed(1)
    net = WallZeroNet(ModelConfig(blocks=2, channels=16))
    net.train()
    with torch.no_grad():
        for _ in range(3):
            net((torch.rand(32, 49, 7, 7) < 0.4).float())
        for m in net.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.weight.uniform_(0.5, 1.5)
                m.bias.uniform_(-0.2, 0.2)
    p = tmp_path / "ck.pt"
    ckpt.save(p, net, step=42, stats={"samples": 1000})
    return p


def test_export_checkpoint(tmp_path, trained_checkpoint, capsys):
    out, check = tmp_path / "m.onnx", tmp_path / "m.check.json"
    training = {"games": 10, "samples": 1000, "steps": 42, "seconds": 1.5, "iteration": 3, "parent": "wz-0002"}
    export.main(["--checkpoint", str(trained_checkpoint), "--out", str(out), "--model-id", "wz-0003",
                 "--training-json", json.dumps(training), "--check", str(check)])
    info = json.loads(capsys.readouterr().out)
    assert info["bytes"] == out.stat().st_size

    m = onnx.load(str(out))
    onnx.checker.check_model(m, full_check=True)
    assert m.opset_import[0].version == 17
    meta = {p.key: p.value for p in m.metadata_props}
    assert sorted(meta) == sorted(KEYS)
    assert meta["wallzero.format"] == "1"
    assert meta["wallzero.features"] == "wallzero-btrh-49-v1"
    assert meta["wallzero.actions"] == "wallzero-actions-53x49-v1"
    assert meta["wallzero.heads"] == "policy,value,margin,ownership"
    assert meta["wallzero.model_id"] == "wz-0003"
    assert (meta["wallzero.blocks"], meta["wallzero.channels"]) == ("2", "16")
    assert json.loads(meta["wallzero.training"]) == training

    def dims(v):
        return [d.dim_param or d.dim_value for d in v.type.tensor_type.shape.dim]

    assert [i.name for i in m.graph.input] == ["features"]
    assert dims(m.graph.input[0]) == ["batch", 49, 7, 7]
    assert {o.name: dims(o) for o in m.graph.output} == {
        "policy": ["batch", 2597], "value": ["batch", 3], "margin": ["batch", 1], "ownership": ["batch", 49]}
    assert [o.name for o in m.graph.output] == list(C.OUTPUT_NAMES)
    assert not any(n.op_type == "BatchNormalization" for n in m.graph.node)

    # The check file holds the PyTorch outputs of the saved checkpoint.
    doc = json.loads(check.read_text())
    assert doc["model_id"] == "wz-0003"
    x = np.array(doc["inputs"], np.float32)
    assert x.shape == (4, 2401) and set(np.unique(x)) <= {0.0, 1.0}
    net, _ = ckpt.load_model(trained_checkpoint)
    want = export.torch_outputs(net, x.reshape(4, 49, 7, 7))
    for k, shape in [("policy", (4, 2597)), ("value", (4, 3)), ("margin", (4, 1)), ("ownership", (4, 49))]:
        got = np.array(doc[k], np.float32)
        assert got.shape == shape, k
        np.testing.assert_array_equal(got, want[k].astype(np.float32), err_msg=k)

    # The ONNX graph itself computes the same (numpy interpreter), at batch 4 and 1.
    for xs in (x.reshape(4, 49, 7, 7), x[:1].reshape(1, 49, 7, 7)):
        ref = onnx_numpy.run(m, {"features": xs})
        tw = export.torch_outputs(net, xs)
        for k in C.OUTPUT_NAMES:
            np.testing.assert_allclose(ref[k], tw[k], rtol=1e-4, atol=1e-4, err_msg=k)


def test_export_random_and_training_json_file(tmp_path, capsys):
    tj = tmp_path / "t.json"
    tj.write_text('{"games": 0}')
    a, b = tmp_path / "a.onnx", tmp_path / "b.onnx"
    for out in (a, b):
        export.main(["--random", "--blocks", "1", "--channels", "8", "--seed", "5", "--out", str(out),
                     "--model-id", "tiny", "--training-json-file", str(tj)])
    capsys.readouterr()
    assert a.read_bytes() == b.read_bytes()  # deterministic for a seed
    meta = {p.key: p.value for p in onnx.load(str(a)).metadata_props}
    assert meta["wallzero.training"] == '{"games":0}'
    assert (meta["wallzero.blocks"], meta["wallzero.channels"]) == ("1", "8")


def test_training_json_must_be_an_object(tmp_path):
    net = WallZeroNet(ModelConfig(blocks=0, channels=4))
    with pytest.raises(ValueError):
        export.export_onnx(net, tmp_path / "x.onnx", "x", "[1, 2]")
    with pytest.raises(ValueError):
        export.export_onnx(net, tmp_path / "x.onnx", "x", "{not json")
    with pytest.raises(ValueError):
        export.export_onnx(net, tmp_path / "x.onnx", "", "{}")
    assert not (tmp_path / "x.onnx").exists()


def test_perturbed_random_check_matches_onnx_graph(tmp_path, capsys):
    """What the Go test does with ONNX Runtime, with the numpy interpreter."""
    out, check = tmp_path / "p.onnx", tmp_path / "p.check.json"
    export.main(["--random", "--perturb", "--blocks", "2", "--channels", "8", "--seed", "3",
                 "--out", str(out), "--model-id", "p", "--check", str(check), "--check-samples", "3"])
    capsys.readouterr()
    doc = json.loads(check.read_text())
    x = np.array(doc["inputs"], np.float32).reshape(3, 49, 7, 7)
    ref = onnx_numpy.run(onnx.load(str(out)), {"features": x})
    for k in C.OUTPUT_NAMES:
        want = np.array(doc[k])
        np.testing.assert_allclose(ref[k], want, rtol=1e-4, atol=1e-5, err_msg=k)
    assert np.array(doc["policy"]).std() > 0.5  # outputs that tell inputs apart
    assert np.array(doc["value"]).std() > 0.05
