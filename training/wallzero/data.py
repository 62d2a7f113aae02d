"""Self-play training data: chunk files, the replay window and batches.

A chunk is a ``.npz`` file (``numpy.savez`` or ``savez_compressed``) written
by the Go self-play workers, with N samples (symmetry augmentation already
applied, so nothing is rotated here)::

    features   uint8   [N, 301]   np.packbits of the 2401 binary inputs
                                  (plane-major, then square row*7+col), bitorder big
    policy     float16 [N, 2597]  search policy target (valid where full == 1)
    full       uint8   [N]        1 if the sample came from a full search
    value      int8    [N]        result for the side to move: 1 win, 0 draw, -1 loss
    ownership  int8    [N, 49]    final owner per square, side to move's view (+1/-1/0)
    margin     float32 [N]        final territory margin for the side to move (squares)

Files whose name starts with a dot (the Go writer's ``.tmp-*.npz`` files
before their rename) are ignored. The replay window is the most recent ``window`` samples: chunk files are
ordered by modification time (then path), the newest files are taken until
they hold at least ``window`` samples, and the oldest samples of the oldest
file taken are dropped to make exactly ``window``.
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import numpy as np
import torch

from . import contract as C

# name -> (dtype, shape of one sample)
CHUNK_ARRAYS: dict[str, tuple[np.dtype, tuple[int, ...]]] = {
    "features": (np.dtype(np.uint8), (C.PACKED_FEATURE_BYTES,)),
    "policy": (np.dtype(np.float16), (C.NUM_ACTIONS,)),
    "full": (np.dtype(np.uint8), ()),
    "value": (np.dtype(np.int8), ()),
    "ownership": (np.dtype(np.int8), (C.SQUARES,)),
    "margin": (np.dtype(np.float32), ()),
    "q": (np.dtype(np.float32), ()),
}

# Arrays a chunk may lack, with how to fill them from the others: ``q`` (the
# search's expected result for the side to move) defaults to the game result.
OPTIONAL_ARRAYS = {"q": lambda a: (np.asarray(a["value"]).astype(np.float32) + 1) / 2}


class ChunkError(ValueError):
    """A chunk file that does not follow the format."""


# ---------------------------------------------------------------- features


def pack_features(x: np.ndarray) -> np.ndarray:
    """Binary features [N, 49, 7, 7] or [N, 2401] -> packed uint8 [N, 301]."""
    x = np.asarray(x).reshape(len(x), C.FEATURE_SIZE)
    if x.size and not np.isin(x, (0, 1)).all():
        raise ValueError("features must be binary")
    return np.packbits(x.astype(np.uint8), axis=1, bitorder="big")


def unpack_bits(packed: np.ndarray) -> np.ndarray:
    """Packed uint8 [N, 301] -> uint8 bits [N, 2401] (the file's bit order)."""
    return np.unpackbits(packed, axis=1, count=C.FEATURE_SIZE, bitorder="big")


def unpack_features(packed: np.ndarray) -> np.ndarray:
    """Packed uint8 [N, 301] -> float32 [N, 49, 7, 7]."""
    return unpack_bits(packed).reshape(len(packed), C.NUM_PLANES, C.BOARD, C.BOARD).astype(np.float32)


# ---------------------------------------------------------------- chunks


@dataclass
class Chunk:
    """The arrays of one chunk (or of a whole window), in the file dtypes."""

    features: np.ndarray
    policy: np.ndarray
    full: np.ndarray
    value: np.ndarray
    ownership: np.ndarray
    margin: np.ndarray
    q: np.ndarray

    def __len__(self) -> int:
        return len(self.value)

    def arrays(self) -> dict[str, np.ndarray]:
        return {k: getattr(self, k) for k in CHUNK_ARRAYS}

    def slice(self, sl) -> Chunk:
        return Chunk(**{k: v[sl] for k, v in self.arrays().items()})


def check_arrays(arrays: dict[str, np.ndarray], where: str = "chunk") -> Chunk:
    """Validate names, dtypes, shapes and value ranges; return a Chunk."""
    arrays = dict(arrays)
    for k, fill in OPTIONAL_ARRAYS.items():
        if k not in arrays and "value" in arrays:
            arrays[k] = fill(arrays)
    missing = [k for k in CHUNK_ARRAYS if k not in arrays]
    if missing:
        raise ChunkError(f"{where}: missing arrays {missing}")
    n = None
    out = {}
    for k, (dtype, shape) in CHUNK_ARRAYS.items():
        a = np.asarray(arrays[k])
        if a.dtype != dtype:
            # Accept only safe casts (e.g. bool full, float32 policy).
            if not np.can_cast(a.dtype, dtype, casting="same_kind") and not (
                a.dtype == np.bool_ and dtype == np.uint8
            ):
                raise ChunkError(f"{where}: {k} has dtype {a.dtype}, want {dtype}")
            a = a.astype(dtype)
        if a.shape[1:] != shape or a.ndim != 1 + len(shape):
            raise ChunkError(f"{where}: {k} has shape {a.shape}, want [N]+{list(shape)}")
        if n is None:
            n = a.shape[0]
        elif a.shape[0] != n:
            raise ChunkError(f"{where}: {k} has {a.shape[0]} samples, features has {n}")
        out[k] = a
    for k in ("value", "ownership"):
        if n and (out[k].min() < -1 or out[k].max() > 1):
            raise ChunkError(f"{where}: {k} must be -1, 0 or 1")
    return Chunk(**out)


def read_chunk(path: os.PathLike) -> Chunk:
    """Load and validate one ``.npz`` chunk."""
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except (OSError, ValueError, zipfile.BadZipFile) as e:
        raise ChunkError(f"{path}: {e}") from e
    return check_arrays(arrays, str(path))


def chunk_length(path: os.PathLike) -> int:
    """Number of samples in a chunk, reading only its small ``value`` array."""
    try:
        with np.load(path, allow_pickle=False) as z:
            return int(z["value"].shape[0])
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as e:
        raise ChunkError(f"{path}: {e}") from e


def write_chunk(path: os.PathLike, chunk: Chunk | dict[str, np.ndarray], compress: bool = True) -> None:
    """Write a chunk atomically (tmp file, then rename). The Go self-play
    writer is the real producer; this is for tests and tools."""
    c = chunk if isinstance(chunk, Chunk) else check_arrays(chunk)
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as f:
        (np.savez_compressed if compress else np.savez)(f, **c.arrays())
    os.replace(tmp, path)


def list_chunks(directory: os.PathLike) -> list[Path]:
    """All ``*.npz`` files under ``directory`` (recursively), oldest first
    (modification time, then path). Names starting with a dot are skipped:
    the Go writer's temporary files are ``.tmp-*.npz`` until renamed."""
    root = Path(directory)
    paths = [
        p for p in root.rglob("*.npz")
        if p.is_file() and not any(part.startswith(".") for part in p.relative_to(root).parts)
    ]
    return sorted(paths, key=lambda p: (p.stat().st_mtime_ns, str(p)))


def concat_chunks(chunks: Sequence[Chunk]) -> Chunk:
    """Concatenate chunks into preallocated arrays."""
    total = sum(len(c) for c in chunks)
    out = {
        k: np.empty((total,) + shape, dtype=dtype) for k, (dtype, shape) in CHUNK_ARRAYS.items()
    }
    i = 0
    for c in chunks:
        for k, a in c.arrays().items():
            out[k][i : i + len(c)] = a
        i += len(c)
    return Chunk(**out)


# ---------------------------------------------------------------- batches


class Batch(NamedTuple):
    """Training tensors (float32 unless noted)."""

    features: torch.Tensor  # [B, 49, 7, 7]
    policy: torch.Tensor  # [B, 2597]
    full: torch.Tensor  # [B] 0/1
    value: torch.Tensor  # [B] int64 class: win 0, draw 1, loss 2
    ownership: torch.Tensor  # [B, 49] in {-1, 0, 1}
    margin: torch.Tensor  # [B] in squares
    q: torch.Tensor  # [B] search's expected result for the side to move, in [0, 1]


def tensors_to_batch(t: dict[str, torch.Tensor]) -> Batch:
    """Training tensors from per-sample tensors named as the chunk arrays,
    in the file dtypes except ``features``, which is unpacked (0/1, any
    dtype, [B, 2401] or [B, 49, 7, 7]). The one place the value classes
    (win 0, draw 1, loss 2) are derived."""
    return Batch(
        features=t["features"].float().reshape(-1, C.NUM_PLANES, C.BOARD, C.BOARD),
        policy=t["policy"].float(),
        full=t["full"].float(),
        value=1 - t["value"].long(),
        ownership=t["ownership"].float(),
        margin=t["margin"].float(),
        q=t["q"].float(),
    )


def chunk_tensors(c: Chunk) -> dict[str, torch.Tensor]:
    """The arrays of a chunk as tensors (sharing memory), features unpacked
    to uint8 bits."""
    t = {k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in c.arrays().items()}
    t["features"] = torch.from_numpy(unpack_bits(c.features))
    return t


def make_batch(c: Chunk) -> Batch:
    """Convert (a slice of) a chunk to training tensors."""
    return tensors_to_batch(chunk_tensors(c))


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


class ReplayWindow:
    """The most recent ``window`` samples of a data directory, in memory.

    >>> w = ReplayWindow.load("data/", window=250_000)
    >>> for batch in w.batches(256, seed=0): ...
    """

    def __init__(self, data: Chunk, files: list[Path]):
        self.data = data
        self.files = files

    @classmethod
    def load(cls, directory: os.PathLike, window: int | None = None) -> ReplayWindow:
        paths = list_chunks(directory)
        if not paths:
            raise ChunkError(f"{directory}: no .npz chunks")
        chosen = newest_chunks(paths, window)
        chunks = [read_chunk(p) for p, _ in chosen]
        data = concat_chunks(chunks)
        if window is not None and len(data) > window:
            data = data.slice(slice(len(data) - window, None))
        if len(data) == 0:
            raise ChunkError(f"{directory}: the chunks hold no samples")
        return cls(data, [p for p, _ in chosen])

    def __len__(self) -> int:
        return len(self.data)

    def full_fraction(self) -> float:
        return float(self.data.full.mean()) if len(self) else 0.0

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

    def __init__(self, directory: os.PathLike, window: int, device: str = "cpu"):
        self.directory = Path(directory)
        self.window = window
        self.device = torch.device(device)
        self.files: list[Path] = []
        self.total_seen = 0  # samples loaded so far, including ones dropped since
        self._seen: set = set()
        self._t: dict[str, torch.Tensor] | None = None

    def __len__(self) -> int:
        return 0 if self._t is None else int(self._t["value"].shape[0])

    def full_fraction(self) -> float:
        return float(self._t["full"].float().mean()) if len(self) else 0.0

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
        c = concat_chunks([read_chunk(p) for p, _ in chosen])
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
        return tensors_to_batch({k: v[idx] for k, v in self._t.items()})

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
