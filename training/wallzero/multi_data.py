"""Training data of the multi-player network: chunk files, the replay
window and batches (docs/multiplayer-network.md, "Training chunks").

A chunk is a ``.npz`` file written by the Go self-play workers, N samples,
symmetry augmentation already applied::

    features  uint8   [N, 209]   np.packbits of the 1666 binary inputs
                                 (plane-major, then square row*7+col), bitorder big
    policy    float16 [N, 2695]  search policy target (valid where full == 1)
    full      uint8   [N]        1 if the sample came from a full search
    value     float32 [N, 4]     the game's result per seat (shares of the win)
    q         float32 [N, 4]     the search's mean value per seat at the root
    players   uint8   [N]        3 or 4

Loading checks names, dtypes (safe casts such as float32 policy or bool
full are accepted), shapes, value ranges, and that each sample's
player-count planes (29, 30) agree with ``players``; a failure raises
:class:`ChunkError` naming the file and the array.

The replay window is the newest ``window`` samples of one or more
directories, chosen as :mod:`wallzero.data` does (files by modification
time, then path; names starting with a dot skipped).
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import NamedTuple

import numpy as np
import torch

from . import contract_mp as C
from .data import ChunkError, list_chunks, newest_chunks

# name -> (dtype, shape of one sample)
CHUNK_ARRAYS: dict[str, tuple[np.dtype, tuple[int, ...]]] = {
    "features": (np.dtype(np.uint8), (C.PACKED,)),
    "policy": (np.dtype(np.float16), (C.NUM_ACTIONS,)),
    "full": (np.dtype(np.uint8), ()),
    "value": (np.dtype(np.float32), (C.SEATS,)),
    "q": (np.dtype(np.float32), (C.SEATS,)),
    "players": (np.dtype(np.uint8), ()),
}

# Slack for results and search values that should lie in [0, 1].
TOLERANCE = 1e-3

__all__ = ["ChunkError", "MultiChunk", "MultiBatch", "MultiWindow", "check_arrays", "read_chunk",
           "write_chunk", "pack_features", "unpack_features", "make_batch"]


def pack_features(x: np.ndarray) -> np.ndarray:
    """Binary features [N, 34, 7, 7] or [N, 1666] -> packed uint8 [N, 209]."""
    x = np.asarray(x).reshape(len(x), C.FEATURE_SIZE)
    if x.size and not np.isin(x, (0, 1)).all():
        raise ValueError("features must be binary")
    return np.packbits(x.astype(np.uint8), axis=1, bitorder="big")


def unpack_features(packed: np.ndarray) -> np.ndarray:
    """Packed uint8 [N, 209] -> float32 [N, 34, 7, 7]."""
    bits = np.unpackbits(packed, axis=1, count=C.FEATURE_SIZE, bitorder="big")
    return bits.reshape(len(packed), C.NUM_PLANES, C.BOARD, C.BOARD).astype(np.float32)


def _plane_bit(packed: np.ndarray, plane: int) -> np.ndarray:
    """The bit of square 0 of ``plane`` in each packed sample, as 0/1."""
    i = plane * C.SQUARES
    return (packed[:, i // 8] >> (7 - i % 8)) & 1


@dataclass
class MultiChunk:
    """The arrays of one chunk (or of a whole window), in the file dtypes."""

    features: np.ndarray
    policy: np.ndarray
    full: np.ndarray
    value: np.ndarray
    q: np.ndarray
    players: np.ndarray

    def __len__(self) -> int:
        return len(self.players)

    def arrays(self) -> dict[str, np.ndarray]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def slice(self, sl) -> MultiChunk:
        return MultiChunk(**{k: v[sl] for k, v in self.arrays().items()})


def check_arrays(arrays: dict[str, np.ndarray], where: str = "chunk") -> MultiChunk:
    """Validate names, dtypes, shapes and values; return a MultiChunk."""
    missing = [k for k in CHUNK_ARRAYS if k not in arrays]
    if missing:
        raise ChunkError(f"{where}: missing arrays {missing} (has {sorted(arrays)})")
    n = None
    out = {}
    for k, (dtype, shape) in CHUNK_ARRAYS.items():
        a = np.asarray(arrays[k])
        if a.dtype != dtype:
            if not (np.can_cast(a.dtype, dtype, casting="same_kind") or (a.dtype == np.bool_ and dtype == np.uint8)):
                raise ChunkError(f"{where}: array {k} has dtype {a.dtype}, want {dtype}")
            a = a.astype(dtype)
        if a.ndim != 1 + len(shape) or a.shape[1:] != shape:
            want = ", ".join(["N"] + [str(d) for d in shape])
            raise ChunkError(f"{where}: array {k} has shape {list(a.shape)}, want [{want}]")
        if n is None:
            n = a.shape[0]
        elif a.shape[0] != n:
            raise ChunkError(f"{where}: array {k} has {a.shape[0]} samples, features has {n}")
        out[k] = a
    c = MultiChunk(**out)
    if not n:
        return c
    bad = ~np.isin(c.players, (3, 4))
    if bad.any():
        raise ChunkError(f"{where}: array players holds {c.players[bad][0]} at sample {np.flatnonzero(bad)[0]}, want 3 or 4")
    if c.full.max() > 1:
        raise ChunkError(f"{where}: array full must be 0 or 1")
    three = c.players == 3
    for k in ("value", "q"):
        a = getattr(c, k)
        if not np.isfinite(a).all() or a.min() < -TOLERANCE or a.max() > 1 + TOLERANCE:
            raise ChunkError(f"{where}: array {k} must lie in [0, 1]")
        if np.abs(a[three, 3]).max(initial=0) > TOLERANCE:
            raise ChunkError(f"{where}: array {k} is not 0 for the empty seat 3 of a three-player sample")
    pol = c.policy.astype(np.float32)
    if not np.isfinite(pol).all() or pol.min() < 0:
        raise ChunkError(f"{where}: array policy must be finite and non-negative")
    for plane, want in ((C.PLANE_THREE_PLAYERS, three), (C.PLANE_FOUR_PLAYERS, ~three)):
        wrong = _plane_bit(c.features, plane) != want
        if wrong.any():
            i = int(np.flatnonzero(wrong)[0])
            raise ChunkError(f"{where}: array features plane {plane} disagrees with players ({c.players[i]}) at sample {i}")
    return c


def read_chunk(path: os.PathLike) -> MultiChunk:
    """Load and validate one ``.npz`` chunk."""
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except (OSError, ValueError, zipfile.BadZipFile) as e:
        raise ChunkError(f"{path}: {e}") from e
    return check_arrays(arrays, str(path))


def write_chunk(path: os.PathLike, chunk: MultiChunk | dict[str, np.ndarray]) -> None:
    """Write a chunk atomically (compressed). The Go self-play writer is the
    real producer; this is for tests and tools."""
    c = chunk if isinstance(chunk, MultiChunk) else check_arrays(chunk, str(path))
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        np.savez_compressed(f, **c.arrays())
    os.replace(tmp, path)


def concat_chunks(chunks: Sequence[MultiChunk]) -> MultiChunk:
    """Concatenate chunks into preallocated arrays."""
    total = sum(len(c) for c in chunks)
    out = {k: np.empty((total,) + shape, dtype=dtype) for k, (dtype, shape) in CHUNK_ARRAYS.items()}
    i = 0
    for c in chunks:
        for k, a in c.arrays().items():
            out[k][i : i + len(c)] = a
        i += len(c)
    return MultiChunk(**out)


class MultiBatch(NamedTuple):
    """Training tensors, float32."""

    features: torch.Tensor  # [B, 34, 7, 7]
    policy: torch.Tensor  # [B, 2695]
    full: torch.Tensor  # [B] 0/1
    value: torch.Tensor  # [B, 4] game result per seat
    q: torch.Tensor  # [B, 4] search value per seat
    seats: torch.Tensor  # [B, 4] 1 for the seats in play (seat 3 only with four players)


def make_batch(c: MultiChunk) -> MultiBatch:
    """Convert (a slice of) a chunk to training tensors."""
    four = torch.from_numpy(c.players == 4).float()
    seats = torch.ones(len(c), C.SEATS)
    seats[:, 3] = four
    return MultiBatch(
        features=torch.from_numpy(unpack_features(c.features)),
        policy=torch.from_numpy(c.policy.astype(np.float32)),
        full=torch.from_numpy(c.full.astype(np.float32)),
        value=torch.from_numpy(np.ascontiguousarray(c.value, dtype=np.float32)),
        q=torch.from_numpy(np.ascontiguousarray(c.q, dtype=np.float32)),
        seats=seats,
    )


def list_all_chunks(directories: Sequence[os.PathLike]) -> list[Path]:
    """The chunks of every directory together, oldest first."""
    paths = {p for d in directories for p in list_chunks(d)}
    return sorted(paths, key=lambda p: (p.stat().st_mtime_ns, str(p)))


class MultiWindow:
    """The most recent ``window`` samples of one or more directories, in memory.

    >>> w = MultiWindow.load(["data/mp3", "data/mp4"], window=250_000)
    >>> for batch in w.batches(256, seed=0): ...
    """

    def __init__(self, data: MultiChunk, files: list[Path]):
        self.data = data
        self.files = files

    @classmethod
    def load(cls, directories: Sequence[os.PathLike], window: int | None = None,
             players: Sequence[int] | None = None) -> MultiWindow:
        """The newest ``window`` samples (all with None) of the
        directories' chunks; with ``players``, of the samples of those
        player counts alone (a network of one count)."""
        for d in directories:
            if not Path(d).is_dir():
                raise ChunkError(f"{d}: not a directory")
        paths = list_all_chunks(directories)
        if not paths:
            raise ChunkError(f"{', '.join(map(str, directories))}: no .npz chunks")
        if players is None:
            chosen = newest_chunks(paths, window)
            chunks = [read_chunk(p) for p, _ in chosen]
        else:
            chosen, chunks, have = [], [], 0
            for p in reversed(paths):  # newest first, filtered as read
                if window is not None and have >= window:
                    break
                c = read_chunk(p)
                c = c.slice(np.isin(c.players, list(players)))
                if len(c):
                    chosen.append((p, len(c)))
                    chunks.append(c)
                    have += len(c)
            chosen.reverse()
            chunks.reverse()
        if players is not None and not chunks:
            raise ChunkError(f"{', '.join(map(str, directories))}: no samples of {list(players)} players")
        data = concat_chunks(chunks)
        if window is not None and len(data) > window:
            data = data.slice(slice(len(data) - window, None))
        if len(data) == 0:
            raise ChunkError(f"{', '.join(map(str, directories))}: the chunks hold no samples")
        return cls(data, [p for p, _ in chosen])

    def __len__(self) -> int:
        return len(self.data)

    def full_fraction(self) -> float:
        return float(self.data.full.mean()) if len(self) else 0.0

    def players_count(self) -> dict[str, int]:
        """Samples per player count."""
        return {str(k): int((self.data.players == k).sum()) for k in (3, 4)}

    def batches(self, batch_size: int, seed: int = 0) -> Iterator[MultiBatch]:
        """Endless shuffled batches: each pass is a fresh permutation. A
        window smaller than a batch gives batches of the whole window."""
        rng = np.random.default_rng(seed)
        n = len(self)
        b = min(batch_size, n)
        while True:
            perm = rng.permutation(n)
            for i in range(0, n - b + 1, b):
                yield make_batch(self.data.slice(np.sort(perm[i : i + b])))
