"""The self-play chunk files of both player formats: layout, validation,
reading and writing.

A chunk is a ``.npz`` file (``numpy.savez`` or ``savez_compressed``)
written by the Go self-play workers, N samples, symmetry augmentation
already applied. Features are ``np.packbits`` of the binary inputs
(plane-major, then square row*7+col, bitorder big). Two players::

    features   uint8   [N, 301]   the 2401 inputs
    policy     float16 [N, 2597]  search policy target (valid where full == 1)
    full       uint8   [N]        1 if the sample came from a full search
    value      int8    [N]        result for the side to move: 1 win, 0 draw, -1 loss
    ownership  int8    [N, 49]    final owner per square, side to move's view (+1/-1/0)
    margin     float32 [N]        final territory margin for the side to move (squares)
    q          float32 [N]        the search's expected result in [0, 1]
                                  (optional: the result's (value + 1) / 2 when absent)

Three and four players (docs/multiplayer-network.md, "Training chunks")::

    features  uint8   [N, 209]   the 1666 inputs
    policy    float16 [N, 2695]  search policy target (valid where full == 1)
    full      uint8   [N]        1 if the sample came from a full search
    value     float32 [N, 4]     the game's result per seat (shares of the win)
    q         float32 [N, 4]     the search's mean value per seat at the root
    players   uint8   [N]        3 or 4

Loading checks names, dtypes (safe casts such as float32 policy or bool
full are accepted), shapes and value ranges, and for the multi-player
format that each sample's player-count planes (29, 30) agree with
``players``; a failure raises :class:`ChunkError` naming the file and the
array. Files whose name starts with a dot (the Go writer's ``.tmp-*.npz``
files before their rename) are never listed.
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from . import contract as C
from .contract import MULTI, TWO, Format

# Slack for multi-player results and search values that should lie in [0, 1].
TOLERANCE = 1e-3


def chunk_arrays(fmt: Format = TWO) -> dict[str, tuple[np.dtype, tuple[int, ...]]]:
    """name -> (dtype, shape of one sample) of a chunk of ``fmt``, in file order."""
    head = {
        "features": (np.dtype(np.uint8), (fmt.packed_bytes,)),
        "policy": (np.dtype(np.float16), (fmt.num_actions,)),
        "full": (np.dtype(np.uint8), ()),
    }
    if fmt == TWO:
        return {**head,
                "value": (np.dtype(np.int8), ()),
                "ownership": (np.dtype(np.int8), (C.SQUARES,)),
                "margin": (np.dtype(np.float32), ()),
                "q": (np.dtype(np.float32), ())}
    return {**head,
            "value": (np.dtype(np.float32), (C.SEATS,)),
            "q": (np.dtype(np.float32), (C.SEATS,)),
            "players": (np.dtype(np.uint8), ())}


CHUNK_ARRAYS = chunk_arrays(TWO)

# Two-player arrays a chunk may lack, with how to fill them from the
# others: ``q`` defaults to the game result.
OPTIONAL_ARRAYS = {"q": lambda a: (np.asarray(a["value"]).astype(np.float32) + 1) / 2}


class ChunkError(ValueError):
    """A chunk file that does not follow the format."""


# ---------------------------------------------------------------- features


def pack_features(x: np.ndarray, fmt: Format = TWO) -> np.ndarray:
    """Binary features [N, planes, 7, 7] or [N, planes*49] -> packed uint8
    [N, packed_bytes]."""
    x = np.asarray(x).reshape(len(x), fmt.feature_size)
    if x.size and not np.isin(x, (0, 1)).all():
        raise ValueError("features must be binary")
    return np.packbits(x.astype(np.uint8), axis=1, bitorder="big")


def unpack_bits(packed: np.ndarray, fmt: Format = TWO) -> np.ndarray:
    """Packed uint8 [N, packed_bytes] -> uint8 bits [N, planes*49] (the file's bit order)."""
    return np.unpackbits(packed, axis=1, count=fmt.feature_size, bitorder="big")


def unpack_features(packed: np.ndarray, fmt: Format = TWO) -> np.ndarray:
    """Packed uint8 [N, packed_bytes] -> float32 [N, planes, 7, 7]."""
    return unpack_bits(packed, fmt).reshape(len(packed), fmt.planes, C.BOARD, C.BOARD).astype(np.float32)


def plane_bit(packed: np.ndarray, plane: int) -> np.ndarray:
    """The bit of square 0 of ``plane`` in each packed sample, as 0/1."""
    i = plane * C.SQUARES
    return (packed[:, i // 8] >> (7 - i % 8)) & 1


# ---------------------------------------------------------------- chunks


class Chunk:
    """The arrays of one chunk (or of a whole window) of player format
    ``fmt``, in the file dtypes, each an attribute (``chunk.policy``)."""

    def __init__(self, fmt: Format = TWO, **arrays: np.ndarray):
        self.fmt = fmt
        self._arrays = {k: arrays[k] for k in chunk_arrays(fmt)}

    def __getattr__(self, name: str) -> np.ndarray:
        arrays = self.__dict__.get("_arrays", {})
        if name in arrays:
            return arrays[name]
        raise AttributeError(name)

    def __len__(self) -> int:
        return len(self._arrays["full"])

    def arrays(self) -> dict[str, np.ndarray]:
        """name -> array, in file order."""
        return dict(self._arrays)

    def slice(self, sl) -> Chunk:
        """The samples at ``sl`` (a slice, index array or mask)."""
        return Chunk(self.fmt, **{k: v[sl] for k, v in self._arrays.items()})


def check_arrays(arrays: dict[str, np.ndarray], where: str = "chunk", fmt: Format = TWO) -> Chunk:
    """Validate names, dtypes, shapes and value ranges; return a Chunk."""
    spec = chunk_arrays(fmt)
    arrays = dict(arrays)
    if fmt == TWO:
        for k, fill in OPTIONAL_ARRAYS.items():
            if k not in arrays and "value" in arrays:
                arrays[k] = fill(arrays)
    missing = [k for k in spec if k not in arrays]
    if missing:
        raise ChunkError(f"{where}: missing arrays {missing} (has {sorted(arrays)})")
    n = None
    out = {}
    for k, (dtype, shape) in spec.items():
        a = np.asarray(arrays[k])
        if a.dtype != dtype:
            # Accept only safe casts (e.g. bool full, float32 policy).
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
    c = Chunk(fmt, **out)
    if n:
        (check_two if fmt == TWO else check_multi)(c, where)
    return c


def check_two(c: Chunk, where: str) -> None:
    """Two-player value ranges: value and ownership in {-1, 0, 1}."""
    for k in ("value", "ownership"):
        a = getattr(c, k)
        if a.min() < -1 or a.max() > 1:
            raise ChunkError(f"{where}: array {k} must be -1, 0 or 1")


def check_multi(c: Chunk, where: str) -> None:
    """Multi-player values: player counts, [0, 1] results with an empty
    seat 3 for three players, a finite policy, and planes that agree with
    the player count."""
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
        wrong = plane_bit(c.features, plane) != want
        if wrong.any():
            i = int(np.flatnonzero(wrong)[0])
            raise ChunkError(f"{where}: array features plane {plane} disagrees with players ({c.players[i]}) at sample {i}")


def read_chunk(path: os.PathLike, fmt: Format = TWO) -> Chunk:
    """Load and validate one ``.npz`` chunk of ``fmt``."""
    try:
        with np.load(path, allow_pickle=False) as z:
            arrays = {k: z[k] for k in z.files}
    except (OSError, ValueError, zipfile.BadZipFile) as e:
        raise ChunkError(f"{path}: {e}") from e
    return check_arrays(arrays, str(path), fmt)


def chunk_length(path: os.PathLike) -> int:
    """Number of samples in a chunk, reading only its small ``full`` array."""
    try:
        with np.load(path, allow_pickle=False) as z:
            return int(z["full"].shape[0])
    except (OSError, ValueError, KeyError, zipfile.BadZipFile) as e:
        raise ChunkError(f"{path}: {e}") from e


def write_chunk(path: os.PathLike, chunk: Chunk | dict[str, np.ndarray], compress: bool = True,
                fmt: Format = TWO) -> None:
    """Write a chunk atomically (tmp file, then rename); a dict is checked
    as a chunk of ``fmt``. The Go self-play writer is the real producer;
    this is for tests and tools."""
    c = chunk if isinstance(chunk, Chunk) else check_arrays(chunk, str(path), fmt)
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


def list_all_chunks(directories: Sequence[os.PathLike]) -> list[Path]:
    """The chunks of every directory together, oldest first."""
    paths = {p for d in directories for p in list_chunks(d)}
    return sorted(paths, key=lambda p: (p.stat().st_mtime_ns, str(p)))


def concat_chunks(chunks: Sequence[Chunk], fmt: Format | None = None) -> Chunk:
    """Concatenate chunks (of one format) into preallocated arrays."""
    fmt = fmt or (chunks[0].fmt if chunks else TWO)
    spec = chunk_arrays(fmt)
    total = sum(len(c) for c in chunks)
    out = {k: np.empty((total,) + shape, dtype=dtype) for k, (dtype, shape) in spec.items()}
    i = 0
    for c in chunks:
        for k, a in c.arrays().items():
            out[k][i : i + len(c)] = a
        i += len(c)
    return Chunk(fmt, **out)


__all__ = ["CHUNK_ARRAYS", "MULTI", "TWO", "Chunk", "ChunkError", "check_arrays", "chunk_arrays", "chunk_length",
           "concat_chunks", "list_all_chunks", "list_chunks", "pack_features", "plane_bit", "read_chunk",
           "unpack_bits", "unpack_features", "write_chunk"]
