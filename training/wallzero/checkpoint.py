"""Checkpoints: model + optimizer + step + config, saved atomically.

A checkpoint is a ``torch.save`` dict::

    format      1
    config      ModelConfig as a dict
    model       state_dict of WallZeroNet
    optimizer   {"name": "sgd"|"adam", "state": optimizer.state_dict()} or None
    step        optimizer steps taken so far
    stats       cumulative counters (samples, seconds, runs) and free-form info

It is written to ``PATH.tmp`` (flushed and fsynced) and then renamed over
``PATH``, so a crash never leaves a half-written checkpoint.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import torch

from .model import ModelConfig, WallZeroNet

FORMAT = 1


def save(
    path: os.PathLike,
    net: WallZeroNet,
    optimizer: torch.optim.Optimizer | None = None,
    optimizer_name: str = "",
    step: int = 0,
    stats: dict[str, Any] | None = None,
) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    state = {
        "format": FORMAT,
        "config": net.config.to_dict(),
        "model": net.state_dict(),
        "optimizer": None if optimizer is None else {"name": optimizer_name, "state": optimizer.state_dict()},
        "step": int(step),
        "stats": dict(stats or {}),
    }
    write_atomic(state, path)


def write_atomic(state: dict[str, Any], path: Path) -> None:
    """torch.save state to ``PATH.tmp`` (fsynced), then rename over ``PATH``,
    so a reader never sees half a checkpoint."""
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        torch.save(state, f)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def load(path: os.PathLike) -> dict[str, Any]:
    """The raw checkpoint dict (on CPU); refuses the multi-player
    network's checkpoints (they carry a ``network`` name, two-player ones
    none)."""
    state = torch.load(path, map_location="cpu")
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise ValueError(f"{path}: not a WallZero checkpoint (format {FORMAT})")
    if state.get("network"):
        raise ValueError(f"{path}: a {state['network']!r} checkpoint, not a two-player one")
    return state


def load_model(path: os.PathLike) -> tuple[WallZeroNet, dict[str, Any]]:
    """A network with the checkpoint's config and weights, and the dict."""
    state = load(path)
    net = WallZeroNet(ModelConfig.from_dict(state["config"]))
    net.load_state_dict(state["model"])
    return net, state
