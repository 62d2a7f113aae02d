"""training/quantize.py: the 8-bit model keeps the float model's outputs
close, quantizes every trunk convolution, and says so in its metadata."""

import importlib.util
import json
import sys
from pathlib import Path

import numpy as np
import onnx
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))

import onnx_numpy  # noqa: E402
import synth  # noqa: E402
from wallzero import align, export  # noqa: E402
from wallzero import contract as C  # noqa: E402
from wallzero.model import ModelConfig, WallZeroNet  # noqa: E402

TRAINING = Path(__file__).resolve().parent.parent


def load_quantize():
    spec = importlib.util.spec_from_file_location("quantize", TRAINING / "quantize.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def quantized_pair(tmp_path):
    """A small exported (aligned) model, its 8-bit version calibrated on
    synthetic chunks, and a batch of inputs."""
    torch.manual_seed(3)
    net = WallZeroNet(ModelConfig(blocks=2, channels=16, value_channels=8, value_hidden=16))
    export.perturb(net, 3)
    src, out = tmp_path / "f.onnx", tmp_path / "q.onnx"
    export.export_onnx(net, src, "wz-q", json.dumps({"steps": 1}))
    data = tmp_path / "data"
    data.mkdir()
    synth.write_dir(str(data), [300, 300], seed=4)
    argv = sys.argv
    sys.argv = ["quantize.py", "--model", str(src), "--data", str(data), "--out", str(out), "--samples", "500"]
    try:
        load_quantize().main()
    finally:
        sys.argv = argv
    x = synth.make_arrays(32, seed=9)["_planes"].astype(np.float64)
    return onnx.load(str(src)), onnx.load(str(out)), x


def test_quantize_keeps_outputs_close(tmp_path):
    fp, q, x = quantized_pair(tmp_path)
    assert align.is_aligned(fp)
    a = onnx_numpy.run(fp, {C.INPUT_NAME: x})
    b = onnx_numpy.run(q, {C.INPUT_NAME: x})
    pa, pb = a["policy"], b["policy"]
    # Top-1 agreement and the value's win probability stay close.
    agree = float(np.mean(pa.argmax(axis=1) == pb.argmax(axis=1)))
    assert agree >= 0.8, agree
    va = np.exp(a["value"]) / np.exp(a["value"]).sum(axis=1, keepdims=True)
    vb = np.exp(b["value"]) / np.exp(b["value"]).sum(axis=1, keepdims=True)
    assert np.abs(va - vb).max() < 0.1
    # ... and differ at all: the trunk really runs through 8-bit tensors.
    assert not np.allclose(pa, pb)


def test_quantize_marks_the_model_and_quantizes_every_trunk_conv(tmp_path):
    fp, q, _ = quantized_pair(tmp_path)
    meta = {p.key: p.value for p in q.metadata_props}
    assert meta["wallzero.model_id"] == "wz-q-int8"
    training = json.loads(meta["wallzero.training"])
    assert training["quantized"]["from"] == "wz-q" and training["steps"] == 1
    # The Pad of the aligned input stays first and reads the features.
    assert q.graph.node[0].op_type in ("DequantizeLinear", "Pad")
    pads = [n for n in q.graph.node if n.op_type == "Pad"]
    assert len(pads) == 1 and pads[0].input[0] == C.INPUT_NAME
    # Every 3x3 convolution (stem and blocks) reads dequantized int8
    # weights and a dequantized activation.
    inits = {i.name: i for i in q.graph.initializer}
    convs3 = [n for n in q.graph.node if n.op_type == "Conv" and n.input[1].endswith("_dq")]
    float_convs3 = [n for n in fp.graph.node if n.op_type == "Conv"
                    and [i for i in fp.graph.initializer if i.name == n.input[1]][0].dims[2] == 3]
    assert len(convs3) == len(float_convs3) == 1 + 2 * 2
    for n in convs3:
        assert inits[n.input[1][:-3] + "_q"].data_type == onnx.TensorProto.INT8
        assert n.input[0].endswith("_dq"), n.input[0]
