"""Checkpoints: model + optimizer + step + config, saved atomically.

A checkpoint is a ``torch.save`` dict::

    format      1
    network     "wallzero-mp" for the three- and four-player network;
                absent for the two-player one
    config      ModelConfig as a dict
    model       state_dict of WallZeroNet
    optimizer   {"name": "sgd"|"adam"|"adamw", "state": optimizer.state_dict()} or None
    step        optimizer steps taken so far
    stats       cumulative counters (samples, seconds, runs) and free-form info

The ``network`` tag says the player format (contract.Format.network), so a
learner asked for one format never loads the other's weights. A checkpoint
is written to ``PATH.tmp`` (flushed and fsynced) and then renamed over
``PATH``, so a crash never leaves a half-written checkpoint.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import torch

from .contract import FORMATS, Format, get_format
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
    """Write ``net`` (and the optimizer, step and stats) to ``path``
    atomically, tagged with the network's format."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    state: dict[str, Any] = {"format": FORMAT}
    if net.fmt.network:
        state["network"] = net.fmt.network
    state.update({
        "config": net.config.to_dict(),
        "model": net.state_dict(),
        "optimizer": None if optimizer is None else {"name": optimizer_name, "state": optimizer.state_dict()},
        "step": int(step),
        "stats": dict(stats or {}),
    })
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


def format_of(state: dict[str, Any]) -> Format:
    """The player format a checkpoint dict was written for (its tag)."""
    tag = state.get("network")
    for f in FORMATS.values():
        if f.network == tag:
            return f
    raise ValueError(f"unknown network {tag!r}")


def load(path: os.PathLike, fmt: str | Format | None = None) -> dict[str, Any]:
    """The raw checkpoint dict (on CPU). With ``fmt``, refuses a checkpoint
    of the other player format."""
    state = torch.load(path, map_location="cpu")
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise ValueError(f"{path}: not a WallZero checkpoint (format {FORMAT})")
    try:
        have = format_of(state)
    except ValueError as e:
        raise ValueError(f"{path}: {e}") from None
    if fmt is not None and have != get_format(fmt):
        want = get_format(fmt)
        raise ValueError(f"{path}: a {have.name}-player checkpoint ({state.get('network', 'two-player')!r}), "
                         f"not a {want.name}-player one ({want.network or 'two-player'!r})")
    return state


def load_model(path: os.PathLike, fmt: str | Format | None = None) -> tuple[WallZeroNet, dict[str, Any]]:
    """A network with the checkpoint's format, config and weights, and the
    dict; with ``fmt``, refuses the other format's checkpoints."""
    state = load(path, fmt)
    net = WallZeroNet(ModelConfig.from_dict(state["config"]), format_of(state))
    net.load_state_dict(state["model"])
    return net, state
