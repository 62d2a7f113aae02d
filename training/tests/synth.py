"""Synthetic self-play chunks in the Go writer's format, with learnable
structure: ownership is the Red-land minus Blue-land planes (8, 9), the
margin its sum, the value its sign, and the policy target is peaked on
actions derived from the stone planes."""

from __future__ import annotations

import numpy as np

from wallzero import contract as C
from wallzero.data import pack_features


def make_arrays(n: int, seed: int = 0, full_fraction: float = 0.5) -> dict:
    rng = np.random.default_rng(seed)
    x = (rng.random((n, C.NUM_PLANES, C.BOARD, C.BOARD)) < 0.3).astype(np.uint8)
    x[:, 9] &= 1 - x[:, 8]  # a square is not both Red and Blue land
    own = (x[:, 8].astype(np.int8) - x[:, 9].astype(np.int8)).reshape(n, C.SQUARES)
    margin = own.sum(axis=1).astype(np.float32)
    value = np.sign(margin).astype(np.int8)
    policy = np.zeros((n, C.NUM_ACTIONS), np.float32)
    for i in range(n):
        sq = np.flatnonzero(x[i, 0].reshape(-1))[:3]
        if len(sq) == 0:
            sq = np.array([24])
        ch = (sq * 7) % C.POLICY_CHANNELS
        policy[i, ch * C.SQUARES + sq] = 1.0
        policy[i] = 0.9 * policy[i] / policy[i].sum() + 0.1 / C.NUM_ACTIONS
    full = (rng.random(n) < full_fraction).astype(np.uint8)
    return {
        "features": pack_features(x),
        "policy": policy.astype(np.float16),
        "full": full,
        "value": value,
        "ownership": own,
        "margin": margin,
        "_planes": x,  # not part of the format: the unpacked features, for checks
    }


def write_dir(directory, sizes, seed: int = 0):
    """Write chunks of the given sizes as chunk-000.npz, ... with increasing
    modification times; returns the arrays written (oldest first)."""
    import os

    from wallzero.data import write_chunk

    out = []
    for i, n in enumerate(sizes):
        a = make_arrays(n, seed + i)
        a.pop("_planes")
        p = os.path.join(directory, f"chunk-{i:03d}.npz")
        write_chunk(p, a, compress=(i % 2 == 0))
        os.utime(p, ns=(1_000_000_000 * (i + 1), 1_000_000_000 * (i + 1)))
        out.append(a)
    return out
