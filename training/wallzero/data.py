"""Training batches from self-play chunks: the replay window and batches,
for either player format.

The chunk files themselves (layout, validation, reading, writing) are
:mod:`wallzero.chunks`; its names are re-exported here. The replay window
is the most recent ``window`` samples of one or more directories: chunk
files are ordered by modification time (then path), the newest files are
taken until they hold at least ``window`` samples, and the oldest samples
of the oldest file taken are dropped to make exactly ``window``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

import numpy as np
import torch

from . import contract as C
from .chunks import (CHUNK_ARRAYS, Chunk, ChunkError, check_arrays, chunk_arrays, chunk_length,  # noqa: F401
                     concat_chunks, list_all_chunks, list_chunks, pack_features, read_chunk, unpack_bits,
                     unpack_features, write_chunk)
from .contract import TWO, Format


# ---------------------------------------------------------------- batches


class Batch(NamedTuple):
    """Training tensors (float32 unless noted). ``ownership`` and
    ``margin`` are the two-player format's, ``seats`` the multi-player
    one's (None in the other)."""

    features: torch.Tensor  # [B, planes, 7, 7]
    policy: torch.Tensor  # [B, actions]
    full: torch.Tensor  # [B] 0/1
    value: torch.Tensor  # two: [B] int64 class, win 0, draw 1, loss 2; multi: [B, 4] result per seat
    q: torch.Tensor  # two: [B] search's expected result for the side to move, in [0, 1]; multi: [B, 4] per seat
    ownership: torch.Tensor | None = None  # [B, 49] in {-1, 0, 1}
    margin: torch.Tensor | None = None  # [B] in squares
    seats: torch.Tensor | None = None  # [B, 4] 1 for the seats in play (seat 3 only with four players)


def tensors_to_batch(t: dict[str, torch.Tensor], fmt: Format = TWO) -> Batch:
    """Training tensors from per-sample tensors named as the chunk arrays,
    in the file dtypes except ``features``, which is unpacked (0/1, any
    dtype, [B, planes*49] or [B, planes, 7, 7]). The one place the
    two-player value classes (win 0, draw 1, loss 2) and the multi-player
    seats in play are derived."""
    features = t["features"].float().reshape(-1, fmt.planes, C.BOARD, C.BOARD)
    if fmt == TWO:
        return Batch(features=features, policy=t["policy"].float(), full=t["full"].float(),
                     value=1 - t["value"].long(), q=t["q"].float(),
                     ownership=t["ownership"].float(), margin=t["margin"].float())
    seats = torch.ones(features.shape[0], C.SEATS, device=features.device)
    seats[:, 3] = (t["players"] == 4).float()
    return Batch(features=features, policy=t["policy"].float(), full=t["full"].float(),
                 value=t["value"].float(), q=t["q"].float(), seats=seats)


def chunk_tensors(c: Chunk) -> dict[str, torch.Tensor]:
    """The arrays of a chunk as tensors (sharing memory), features unpacked
    to uint8 bits."""
    t = {k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in c.arrays().items()}
    t["features"] = torch.from_numpy(unpack_bits(c.features, c.fmt))
    return t


def make_batch(c: Chunk) -> Batch:
    """Convert (a slice of) a chunk to training tensors."""
    return tensors_to_batch(chunk_tensors(c), c.fmt)


def newest_chunks(paths: Sequence[Path], window: int | None) -> list[tuple[Path, int]]:
    """The newest of ``paths`` (given oldest first) that together hold at
    least ``window`` samples (all of them when ``window`` is None), oldest
    first, with their sample counts; empty files are skipped. Only the
    small ``value`` arrays are read."""
    chosen: list[tuple[Path, int]] = []
    have = 0
    for p in reversed(paths):
        if window is not None and have >= window:
            break
        n = chunk_length(p)
        if n:
            chosen.append((p, n))
            have += n
    chosen.reverse()
    return chosen


def as_directories(data: os.PathLike | Sequence[os.PathLike]) -> list[Path]:
    """One directory or several, as a list of paths."""
    if isinstance(data, (str, os.PathLike)):
        return [Path(data)]
    return [Path(d) for d in data]


def newest_of_players(paths: Sequence[Path], window: int | None, players: Sequence[int],
                      fmt: Format) -> list[tuple[Path, Chunk]]:
    """Like :func:`newest_chunks` but counting only the samples of
    ``players`` (each file is read, newest first, and filtered)."""
    chosen: list[tuple[Path, Chunk]] = []
    have = 0
    for p in reversed(paths):
        if window is not None and have >= window:
            break
        c = read_chunk(p, fmt)
        c = c.slice(np.isin(c.players, list(players)))
        if len(c):
            chosen.append((p, c))
            have += len(c)
    chosen.reverse()
    return chosen


class ReplayWindow:
    """The most recent ``window`` samples of one or more data directories,
    in memory.

    >>> w = ReplayWindow.load("data/", window=250_000)
    >>> w = ReplayWindow.load(["data/mp3", "data/mp4"], 250_000, fmt=MULTI, players=(4,))
    >>> for batch in w.batches(256, seed=0): ...
    """

    def __init__(self, data: Chunk, files: list[Path]):
        self.data = data
        self.files = files

    @classmethod
    def load(cls, data: os.PathLike | Sequence[os.PathLike], window: int | None = None,
             fmt: Format = TWO, players: Sequence[int] | None = None) -> ReplayWindow:
        """The newest ``window`` samples (all with None) of the
        directories' chunks of ``fmt``; with ``players`` (multi-player
        only), of the samples of those player counts alone."""
        dirs = as_directories(data)
        where = ", ".join(map(str, dirs))
        for d in dirs:
            if not d.is_dir():
                raise ChunkError(f"{d}: not a directory")
        paths = list_all_chunks(dirs)
        if not paths:
            raise ChunkError(f"{where}: no .npz chunks")
        if players is None:
            chosen = [(p, read_chunk(p, fmt)) for p, _ in newest_chunks(paths, window)]
        else:
            chosen = newest_of_players(paths, window, players, fmt)
            if not chosen:
                raise ChunkError(f"{where}: no samples of {list(players)} players")
        data_ = concat_chunks([c for _, c in chosen], fmt)
        if window is not None and len(data_) > window:
            data_ = data_.slice(slice(len(data_) - window, None))
        if len(data_) == 0:
            raise ChunkError(f"{where}: the chunks hold no samples")
        return cls(data_, [p for p, _ in chosen])

    def __len__(self) -> int:
        return len(self.data)

    def full_fraction(self) -> float:
        """Share of the samples from a full search."""
        return float(self.data.full.mean()) if len(self) else 0.0

    def players_count(self) -> dict[str, int]:
        """Samples per player count."""
        if self.data.fmt == TWO:
            return {"2": len(self)}
        return {str(k): int((self.data.players == k).sum()) for k in (3, 4)}

    def batches(self, batch_size: int, seed: int = 0) -> Iterator[Batch]:
        """Endless shuffled batches: each pass is a fresh permutation
        (sampling without replacement within a pass). A window smaller than a
        batch gives batches of the whole window."""
        rng = np.random.default_rng(seed)
        n = len(self)
        b = min(batch_size, n)
        while True:
            perm = rng.permutation(n)
            for i in range(0, n - b + 1, b):
                idx = np.sort(perm[i : i + b])  # sorted gathers are faster
                yield make_batch(self.data.slice(idx))


# ---------------------------------------------------------------- device window


class DeviceWindow:
    """The replay window held as tensors on a torch device, for GPU training.

    Features are unpacked once (uint8, 2401 per sample) and batches are
    gathered on the device, so the host does no per-batch work. With
    ``refresh()`` the window follows a directory that self-play is still
    writing: chunk files not seen before are appended and the oldest samples
    beyond ``window`` dropped. Batches are drawn uniformly with replacement
    from the window as it is at the time of the draw.

    >>> w = DeviceWindow("data/", window=1_000_000, device="cuda")
    >>> w.refresh()            # loads every chunk there now
    >>> for batch in w.batches(1024, seed=0): ...
    """

    def __init__(self, directory: os.PathLike, window: int, device: str = "cpu", fmt: Format = TWO):
        self.directory = Path(directory)
        self.fmt = fmt
        self.window = window
        self.device = torch.device(device)
        self.files: list[Path] = []
        self.total_seen = 0  # samples loaded so far, including ones dropped since
        self._seen: set = set()
        self._t: dict[str, torch.Tensor] | None = None

    def __len__(self) -> int:
        return 0 if self._t is None else int(self._t["value"].shape[0])

    def full_fraction(self) -> float:
        """Share of the samples from a full search."""
        return float(self._t["full"].float().mean()) if len(self) else 0.0

    def players_count(self) -> dict[str, int]:
        """Samples per player count."""
        if self.fmt == TWO:
            return {"2": len(self)}
        return {str(k): int((self._t["players"] == k).sum()) for k in (3, 4)} if len(self) else {"3": 0, "4": 0}

    def refresh(self) -> int:
        """Load the chunk files that appeared since the last call (of them,
        only the newest that fill the window: the first call on a full
        directory reads no more than it keeps); returns the number of
        samples loaded."""
        new = [p for p in list_chunks(self.directory) if p not in self._seen] if self.directory.exists() else []
        chosen = newest_chunks(new, self.window)
        self._seen.update(new)
        if not chosen:
            return 0
        c = concat_chunks([read_chunk(p, self.fmt) for p, _ in chosen], self.fmt)
        add = {k: v.to(self.device) for k, v in chunk_tensors(c).items()}
        if self._t is not None:
            add = {k: torch.cat([self._t[k], v]) for k, v in add.items()}
        n = add["value"].shape[0]
        if n > self.window:
            add = {k: v[n - self.window:].contiguous() for k, v in add.items()}
        self._t = add
        self.files.extend(p for p, _ in chosen)
        self.total_seen += len(c)
        return len(c)

    def batch(self, idx: torch.Tensor) -> Batch:
        """The training tensors of the samples at ``idx`` (on the device)."""
        return tensors_to_batch({k: v[idx] for k, v in self._t.items()}, self.fmt)

    def batches(self, batch_size: int, seed: int = 0) -> Iterator[Batch]:
        """Endless batches drawn uniformly (with replacement) from the
        current window."""
        if not len(self):
            raise ChunkError(f"{self.directory}: the chunks hold no samples")
        g = torch.Generator(device=self.device)
        g.manual_seed(seed)
        while True:
            idx = torch.randint(len(self), (batch_size,), device=self.device, generator=g)
            yield self.batch(idx)
