"""Checkpoints of the multi-player network, saved atomically.

A ``torch.save`` dict like the two-player one (:mod:`wallzero.checkpoint`)
plus ``network: "wallzero-mp"``, so neither learner loads the other's::

    format      1
    network     "wallzero-mp"
    config      MultiConfig as a dict
    model       state_dict of MultiNet
    optimizer   {"name": "adamw"|"sgd", "state": ...} or None
    step        optimizer steps taken so far
    stats       cumulative counters (samples, seconds) and free-form info
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import torch

from . import checkpoint
from .multi_model import MultiConfig, MultiNet

FORMAT = 1
NETWORK = "wallzero-mp"


def save(path: os.PathLike, net: MultiNet, optimizer: torch.optim.Optimizer | None = None,
         optimizer_name: str = "", step: int = 0, stats: dict[str, Any] | None = None) -> None:
    """Write to ``PATH.tmp`` (fsynced), then rename over ``PATH``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    state = {
        "format": FORMAT,
        "network": NETWORK,
        "config": net.config.to_dict(),
        "model": net.state_dict(),
        "optimizer": None if optimizer is None else {"name": optimizer_name, "state": optimizer.state_dict()},
        "step": int(step),
        "stats": dict(stats or {}),
    }
    checkpoint.write_atomic(state, path)


def load(path: os.PathLike) -> dict[str, Any]:
    """The raw checkpoint dict (on CPU); refuses two-player checkpoints."""
    state = torch.load(path, map_location="cpu")
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise ValueError(f"{path}: not a WallZero checkpoint (format {FORMAT})")
    if state.get("network") != NETWORK:
        raise ValueError(f"{path}: a {state.get('network', 'two-player')!r} checkpoint, not {NETWORK!r}")
    return state


def load_model(path: os.PathLike) -> tuple[MultiNet, dict[str, Any]]:
    """A network with the checkpoint's config and weights, and the dict."""
    state = load(path)
    net = MultiNet(MultiConfig.from_dict(state["config"]))
    net.load_state_dict(state["model"])
    return net, state
