"""Symmetry augmentation of training batches (the multi-player format).

Each sample of a chunk is recorded under one board symmetry chosen at
random by the self-play worker. Training sees more of the eight
orientations of every position when each batch is turned again, a
symmetry drawn per sample: the inputs and the policy target are permuted
with the gather tables of ``mp_symmetries.json`` (written from
``format.MultiPlayer.Symmetries`` (inference/format) by the Go tests, which check them against the
encoder and the action ids); values are per seat and do not move.
The two-player format has no tables here: its chunks are turned by the
self-play workers alone, and :func:`augment` refuses its batches.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

import torch

from .contract import MULTI
from .data import Batch

TABLES = Path(__file__).with_name("mp_symmetries.json")
NUM_SYMMETRIES = 8


@lru_cache(maxsize=None)
def load_tables(path: str = str(TABLES)) -> tuple[torch.Tensor, torch.Tensor]:
    """The gather tables: features [8, 1666] and actions [8, 2695], int64.

    Raises ValueError when the file's shapes or entries are not eight
    permutations of the layout's sizes."""
    doc = json.loads(Path(path).read_text())
    feats = torch.tensor(doc["features"], dtype=torch.int64)
    acts = torch.tensor(doc["actions"], dtype=torch.int64)
    size, actions = MULTI.feature_size, MULTI.num_actions
    if tuple(feats.shape) != (NUM_SYMMETRIES, size) or tuple(acts.shape) != (NUM_SYMMETRIES, actions):
        raise ValueError(f"{path}: tables of shape {tuple(feats.shape)} and {tuple(acts.shape)}, "
                         f"want ({NUM_SYMMETRIES}, {size}) and ({NUM_SYMMETRIES}, {actions})")
    for name, t in (("features", feats), ("actions", acts)):
        if not torch.equal(t.sort(dim=1).values, torch.arange(t.shape[1]).expand_as(t)):
            raise ValueError(f"{path}: {name}: a row is not a permutation")
    return feats, acts


def augment(batch: Batch, generator: torch.Generator) -> Batch:
    """The multi-player batch with every sample turned by a symmetry drawn
    from ``generator`` (the identity among them)."""
    if batch.seats is None:
        raise ValueError("symmetry augmentation: only multi-player batches have tables")
    feats, acts = load_tables()
    n = batch.features.shape[0]
    sym = torch.randint(NUM_SYMMETRIES, (n,), generator=generator)
    x = batch.features.reshape(n, -1).gather(1, feats[sym]).reshape(batch.features.shape)
    policy = batch.policy.gather(1, acts[sym])
    return batch._replace(features=x, policy=policy)
