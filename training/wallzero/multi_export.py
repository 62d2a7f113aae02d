"""ONNX export of the multi-player network (docs/multiplayer-network.md).

The graph has one input ``features`` float32 [N, 34, 7, 7] and the outputs
``policy`` [N, 2695] (logits) and ``value`` [N, 4] (each seat's share of
the win; seat 3 is 0 with three players), N dynamic ("batch"), opset 17,
exported in eval mode, the input planes padded to 48 inside the graph
for ONNX Runtime's blocked layout (wallzero.align). Metadata (``metadata_props``)::

    wallzero.format    "1"
    wallzero.features  "wallzero-mp-34-v1"
    wallzero.actions   "wallzero-mp-actions-55x49-v1"
    wallzero.heads     "policy,value"
    wallzero.players   "3,4", or the one count of a network of its own ("4")
    wallzero.model_id  the model id
    wallzero.blocks    e.g. "6"
    wallzero.channels  e.g. "48"
    wallzero.training  the training summary (compact JSON, sorted keys)

:func:`write_check` writes random inputs with valid player-count planes and
PyTorch's outputs for them, so a Go test can compare ONNX Runtime's::

    {"model_id": ..., "seed": ..., "inputs": [[1666 ints 0/1], ...],
     "policy": [[2695], ...], "value": [[4], ...]}
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np
import onnx
import torch

from . import contract_mp as C
from .export import _f32_list, normalise_training_json, write_onnx
from .multi_model import ExportModule, MultiNet

# The planes of seat 3 (empty with three players) and of the wall breaks
# (three players only).
SEAT3_PLANES = (3, 7, 11, 15, 20, 24, 28)
BREAK_PLANES = (21, 22, 23, 24)


def players_label(players: str) -> str:
    """``players`` ("3,4", "3" or "4") checked and in order; the service
    serves the model for these counts alone (inference.ModelInfo.Players)."""
    try:
        counts = sorted({int(f) for f in players.split(",")})
    except ValueError:
        raise ValueError(f"players {players!r}: want 3, 4 or 3,4") from None
    if not counts or any(n not in (3, 4) for n in counts):
        raise ValueError(f"players {players!r}: want 3, 4 or 3,4")
    return ",".join(map(str, counts))


def metadata(net: MultiNet, model_id: str, training: str, players: str = C.PLAYERS) -> dict[str, str]:
    return {
        "wallzero.format": C.META_FORMAT,
        "wallzero.features": C.FEATURE_SET_ID,
        "wallzero.actions": C.ACTION_LAYOUT,
        "wallzero.heads": C.HEADS,
        "wallzero.players": players_label(players),
        "wallzero.model_id": model_id,
        "wallzero.blocks": str(net.config.blocks),
        "wallzero.channels": str(net.config.channels),
        "wallzero.training": training,
    }


def export_onnx(net: MultiNet, out: os.PathLike, model_id: str, training: str = "{}",
                players: str = C.PLAYERS) -> onnx.ModelProto:
    """Export ``net`` (in eval mode) to ``out`` with the metadata, served
    for ``players``; written to a temporary file and renamed. Returns the
    checked model."""
    if not model_id:
        raise ValueError("model id is required")
    training = normalise_training_json(training)
    doc = f"WallZero multi-player network {model_id} ({net.config.blocks}x{net.config.channels})"
    return write_onnx(net, ExportModule(net), C.NUM_PLANES, C.OUTPUT_NAMES, metadata(net, model_id, training, players),
                      "wallzero.multi_export", doc, out)


def random_inputs(n: int, seed: int) -> np.ndarray:
    """``n`` random binary inputs [n, 34, 7, 7] whose constant planes are
    valid: three players for even samples, four for odd ones (plane 29 or
    30), seat 3 empty and breaks only with three, plane 31/32 random,
    plane 33 all ones."""
    rng = np.random.default_rng(seed)
    density = rng.uniform(0.0, 0.6, size=(n, C.NUM_PLANES, 1, 1))
    x = (rng.random((n, C.NUM_PLANES, C.BOARD, C.BOARD)) < density).astype(np.float32)
    for i in range(n):
        three = i % 2 == 0
        x[i, 21:25] = rng.random((4, 1, 1)) < 0.5  # break still held: constant planes
        x[i, 25:29] = rng.random((4, 1, 1)) < 0.7  # in play
        x[i, list(SEAT3_PLANES if three else BREAK_PLANES)] = 0
        x[i, C.PLANE_THREE_PLAYERS] = float(three)
        x[i, C.PLANE_FOUR_PLAYERS] = float(not three)
        x[i, 31] = float(rng.random() < 0.3)
        x[i, 32] = float(rng.random() < 0.3)
        x[i, 33] = 1.0
    return x


def torch_outputs(net: MultiNet, x: np.ndarray) -> dict[str, np.ndarray]:
    """The exported outputs of ``net`` (eval mode) for inputs ``x``."""
    was_training = net.training
    net.eval()
    try:
        with torch.no_grad():
            outs = ExportModule(net)(torch.from_numpy(np.ascontiguousarray(x, dtype=np.float32)))
    finally:
        net.train(was_training)
    return {k: v.numpy() for k, v in zip(C.OUTPUT_NAMES, outs)}


def write_check(net: MultiNet, path: os.PathLike, model_id: str, n: int = 4, seed: int = 1234) -> dict[str, Any]:
    """Write ``n`` random inputs and the PyTorch outputs for them as JSON."""
    x = random_inputs(n, seed)
    outs = torch_outputs(net, x)
    doc: dict[str, Any] = {"model_id": model_id, "seed": seed, "inputs": x.reshape(n, -1).astype(np.int64).tolist()}
    for k in C.OUTPUT_NAMES:
        doc[k] = _f32_list(outs[k])
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(doc, separators=(",", ":")) + "\n")
    return doc


def compare_onnxruntime(net: MultiNet, path: os.PathLike, n: int = 4, seed: int = 1234) -> float | None:
    """The largest absolute difference between ONNX Runtime's outputs for
    the model at ``path`` and PyTorch's, or None when Python has no
    onnxruntime (the Go tests compare the --check file instead)."""
    try:
        import onnxruntime as ort
    except ImportError:
        return None
    x = random_inputs(n, seed)
    want = torch_outputs(net, x)
    sess = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    got = dict(zip(C.OUTPUT_NAMES, sess.run(list(C.OUTPUT_NAMES), {C.INPUT_NAME: x})))
    return max(float(np.abs(got[k] - want[k]).max()) for k in C.OUTPUT_NAMES)
