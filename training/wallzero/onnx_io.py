"""Writing ONNX models in place: through a temporary file renamed over the
target, so a reader (the service, a match) never sees half a model."""

from __future__ import annotations

import os
from pathlib import Path

import onnx


def save_onnx(model: onnx.ModelProto, out: os.PathLike) -> Path:
    """Write ``model`` to ``out`` (its folder made if missing) through
    ``out.tmp`` and a rename; returns the path."""
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(model.SerializeToString())
    os.replace(tmp, out)
    return out
