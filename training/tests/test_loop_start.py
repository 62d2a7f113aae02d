"""loop.py's self-play start: a fresh work directory continues a model."""

import sys
from pathlib import Path

import pytest
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import loop  # noqa: E402
from wallzero import export  # noqa: E402
from wallzero.model import ModelConfig, WallZeroNet  # noqa: E402


@pytest.mark.parametrize("model_id,next_iteration", [("wz-0007", 8), ("wz-0012", 13), ("my-net", 1)])
def test_start_from_model(tmp_path, model_id, next_iteration):
    torch.manual_seed(0)
    onnx_path = tmp_path / "m.onnx"
    export.export_onnx(WallZeroNet(ModelConfig(blocks=1, channels=8)), onnx_path, model_id)
    state = loop.State(tmp_path / "loop.json")
    loop.start_from_model(state, onnx_path)
    again = loop.State(tmp_path / "loop.json")  # saved
    assert again["iteration"] == next_iteration
    assert again["best"]["id"] == model_id and again["best"]["path"] == str(onnx_path.resolve())
    assert again["mode"] == "self" and again["step"] == "start"


@pytest.mark.parametrize("setting,version,want", [
    ("auto", "wallzero abc\ncpu int8 dot products: yes (the service prefers m.onnx)\n", True),
    ("auto", "wallzero abc\ncpu int8 dot products: no\n", False),
    ("auto", "wallzero abc\n", False),
    ("on", "cpu int8 dot products: no\n", True),
    ("off", "cpu int8 dot products: yes\n", False),
])
def test_int8_selfplay_wanted(setting, version, want):
    assert loop.int8_selfplay_wanted(setting, version) is want
