"""wallzero.align: the input planes padded inside the graph, same outputs."""

import json
import sys
from pathlib import Path

import numpy as np
import onnx
import torch
from onnx import numpy_helper

sys.path.insert(0, str(Path(__file__).resolve().parent))

import onnx_numpy  # noqa: E402
from wallzero import align, export  # noqa: E402
from wallzero import contract as C  # noqa: E402
from wallzero.model import ModelConfig, WallZeroNet  # noqa: E402


def exported(tmp_path) -> onnx.ModelProto:
    torch.manual_seed(5)
    net = WallZeroNet(ModelConfig(blocks=1, channels=16, value_channels=8, value_hidden=16))
    export.perturb(net, 5)
    out = tmp_path / "a.onnx"
    export.export_onnx(net, out, "wz-align", json.dumps({"steps": 1}))
    return onnx.load(str(out))


def unaligned(model: onnx.ModelProto) -> onnx.ModelProto:
    """The graph as torch exports it: no Pad, the stem reading the input."""
    m = onnx.ModelProto()
    m.CopyFrom(model)
    pad = next(n for n in m.graph.node if n.name == align.PAD_NODE)
    stem = next(n for n in m.graph.node if align.PADDED in n.input)
    stem.input[0] = pad.input[0]
    m.graph.node.remove(pad)
    m.graph.initializer.remove(next(i for i in m.graph.initializer if i.name == pad.input[1]))
    init = next(i for i in m.graph.initializer if i.name == stem.input[1])
    init.CopyFrom(numpy_helper.from_array(numpy_helper.to_array(init)[:, :C.NUM_PLANES].copy(), init.name))
    return m


def outputs(model: onnx.ModelProto, x: np.ndarray) -> dict:
    return onnx_numpy.run(model, {C.INPUT_NAME: x})


def test_export_aligns_the_stem(tmp_path):
    model = exported(tmp_path)
    assert align.is_aligned(model)
    stem = next(n for n in model.graph.node if align.PADDED in n.input)
    w = next(numpy_helper.to_array(i) for i in model.graph.initializer if i.name == stem.input[1])
    assert w.shape[1] % align.ALIGN == 0 and w.shape[1] > C.NUM_PLANES
    assert not np.any(w[:, C.NUM_PLANES:])
    assert [d.dim_value for d in model.graph.input[0].type.tensor_type.shape.dim[1:]] == [C.NUM_PLANES, 7, 7]


def test_alignment_keeps_the_outputs(tmp_path):
    model = exported(tmp_path)
    plain = unaligned(model)
    assert not align.is_aligned(plain)
    x = (np.random.default_rng(1).random((3, C.NUM_PLANES, 7, 7)) < 0.3).astype(np.float32)
    want = outputs(plain, x)
    again = align.align_input_channels(plain)
    got = outputs(again, x)
    for k in C.OUTPUT_NAMES:
        np.testing.assert_allclose(got[k], want[k], rtol=1e-9, atol=1e-9, err_msg=k)
    assert sum(n.op_type == "Pad" for n in again.graph.node) == 1


def test_align_is_idempotent(tmp_path):
    model = exported(tmp_path)
    before = model.SerializeToString()
    assert align.align_input_channels(model).SerializeToString() == before


def test_cli_aligns_a_file(tmp_path, capsys):
    src, dst = tmp_path / "plain.onnx", tmp_path / "aligned.onnx"
    src.write_bytes(unaligned(exported(tmp_path)).SerializeToString())
    align.main(["--model", str(src), "--out", str(dst)])
    assert "wrote" in capsys.readouterr().out
    assert align.is_aligned(onnx.load(str(dst)))
