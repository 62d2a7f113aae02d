"""Synthetic multi-player chunks in the Go writer's format, with learnable
structure: the value target is a one-hot on the seat with the most stones
(planes 0-3), q a softened copy, and the policy target is peaked on actions
derived from seat 0's stones."""

from __future__ import annotations

import numpy as np

from wallzero import contract as C
from wallzero.contract import MULTI
from wallzero.data import pack_features
from wallzero.export import BREAK_PLANES, SEAT3_PLANES


def make_arrays(n: int, seed: int = 0, full_fraction: float = 0.5) -> dict:
    """Arrays of a valid chunk of ``n`` samples, three and four players alternating."""
    rng = np.random.default_rng(seed)
    x = (rng.random((n, MULTI.planes, C.BOARD, C.BOARD)) < 0.3).astype(np.uint8)
    players = np.where(np.arange(n) % 2 == 0, 3, 4).astype(np.uint8)
    three = players == 3
    x[:, 21:34] = 0
    x[np.ix_(three, list(SEAT3_PLANES))] = 0
    x[np.ix_(~three, list(BREAK_PLANES))] = 0
    x[three, C.PLANE_THREE_PLAYERS] = 1
    x[~three, C.PLANE_FOUR_PLAYERS] = 1
    x[:, 33] = 1
    stones = x[:, 0:4].reshape(n, 4, -1).sum(axis=2).astype(np.float32)
    stones[three, 3] = -1
    value = np.zeros((n, C.SEATS), np.float32)
    value[np.arange(n), stones.argmax(axis=1)] = 1
    q = 0.8 * value + 0.2 * np.where(three[:, None], [1 / 3, 1 / 3, 1 / 3, 0], [0.25] * 4).astype(np.float32)
    policy = np.zeros((n, MULTI.num_actions), np.float32)
    for i in range(n):
        sq = np.flatnonzero(x[i, 0].reshape(-1))[:3]
        if len(sq) == 0:
            sq = np.array([24])
        ch = (sq * 7) % MULTI.policy_channels
        policy[i, ch * C.SQUARES + sq] = 1.0
        policy[i] = 0.9 * policy[i] / policy[i].sum() + 0.1 / MULTI.num_actions
    return {
        "features": pack_features(x, MULTI),
        "policy": policy.astype(np.float16),
        "full": (rng.random(n) < full_fraction).astype(np.uint8),
        "value": value,
        "q": q.astype(np.float32),
        "players": players,
    }


def write(path, n: int, seed: int = 0, **kw) -> dict:
    """Write a chunk with numpy.savez_compressed, as the Go writer would; returns its arrays."""
    a = make_arrays(n, seed, **kw)
    np.savez_compressed(path, **a)
    return a
