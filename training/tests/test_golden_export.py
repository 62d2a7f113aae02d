"""The exported networks stay byte for byte what they were.

``testdata/golden-{two,multi}.json`` and ``.npz`` were written by the
exporters the shipped models came from: a seeded, perturbed tiny network
of each player format, its ONNX file's sha256 and its outputs on fixed
inputs. Building the same network now must give the same ONNX bytes (with
the torch and onnx versions the golden files name; other versions may
serialise differently, so then only the outputs are compared) and the
same outputs.
"""

import hashlib
import json
from pathlib import Path

import numpy as np
import onnx
import pytest
import torch

from wallzero import export
from wallzero.contract import get_format
from wallzero.model import ModelConfig, WallZeroNet

DATA = Path(__file__).with_name("testdata")

# The tiny networks' sizes; the two-player one has a bottleneck inside its block.
CONFIGS = {
    "two": ModelConfig(blocks=1, channels=8, inner_channels=6, value_channels=4, value_hidden=8),
    "multi": ModelConfig(blocks=1, channels=8, value_channels=4, value_hidden=8),
}


@pytest.mark.parametrize("name", ["two", "multi"])
def test_export_is_byte_identical(tmp_path, name):
    golden = json.loads((DATA / f"golden-{name}.json").read_text())
    want = np.load(DATA / f"golden-{name}.npz")
    fmt = get_format(name)
    torch.manual_seed(golden["seed"])
    net = WallZeroNet(CONFIGS[name], fmt)
    export.perturb(net, golden["seed"])
    net.eval()
    path = tmp_path / "m.onnx"
    export.export_onnx(net, path, f"golden-{name}", '{"seed": 11}')

    x = export.random_inputs(4, 3, fmt)
    np.testing.assert_array_equal(x, want["inputs"])
    got = export.torch_outputs(net, x)
    assert sorted(got) == sorted(fmt.output_names)
    for k in fmt.output_names:
        np.testing.assert_allclose(got[k], want[k], rtol=0, atol=1e-6)

    if (torch.__version__, onnx.__version__) != (golden["torch"], golden["onnx"]):
        pytest.skip(f"torch {torch.__version__}, onnx {onnx.__version__}: the golden bytes are of "
                    f"torch {golden['torch']}, onnx {golden['onnx']} (outputs compared)")
    assert hashlib.sha256(path.read_bytes()).hexdigest() == golden["onnx_sha256"]
