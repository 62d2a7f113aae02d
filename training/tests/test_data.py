import os

import numpy as np
import pytest
import torch

from synth import make_arrays, write_dir
from wallzero import contract as C
from wallzero.data import (ChunkError, DeviceWindow, ReplayWindow, check_arrays, list_chunks, make_batch, pack_features,
                           read_chunk, unpack_features, write_chunk)


def test_packbits_round_trip():
    a = make_arrays(5, seed=1)
    assert a["features"].shape == (5, 301) and a["features"].dtype == np.uint8
    x = unpack_features(a["features"])
    assert x.shape == (5, 49, 7, 7) and x.dtype == np.float32
    assert np.array_equal(x, a["_planes"])
    # The Go writer's layout: bit i (big-endian within each byte) is plane i//49, square i%49.
    plane, square = 11, 30
    flat = np.zeros((1, C.FEATURE_SIZE), np.uint8)
    flat[0, plane * 49 + square] = 1
    packed = np.packbits(flat, axis=1, bitorder="big")
    assert np.array_equal(pack_features(flat), packed)
    x = unpack_features(packed)
    assert x[0, plane, square // 7, square % 7] == 1 and x.sum() == 1


@pytest.mark.parametrize("compress", [True, False])
def test_chunk_round_trip(tmp_path, compress):
    a = make_arrays(7, seed=2)
    a.pop("_planes")
    p = tmp_path / "c.npz"
    write_chunk(p, a, compress=compress)
    c = read_chunk(p)
    for k, v in a.items():
        got = getattr(c, k)
        assert got.dtype == v.dtype and np.array_equal(got, v), k


def test_plain_savez_from_numpy_is_read(tmp_path):
    a = make_arrays(3, seed=3)
    a.pop("_planes")
    np.savez_compressed(tmp_path / "x.npz", **a)
    assert len(read_chunk(tmp_path / "x.npz")) == 3


def test_bad_chunks(tmp_path):
    a = make_arrays(4, seed=4)
    a.pop("_planes")
    with pytest.raises(ChunkError, match="missing"):
        check_arrays({k: v for k, v in a.items() if k != "margin"})
    with pytest.raises(ChunkError, match="shape"):
        check_arrays({**a, "ownership": a["ownership"][:, :48]})
    with pytest.raises(ChunkError, match="samples"):
        check_arrays({**a, "margin": a["margin"][:3]})
    with pytest.raises(ChunkError, match="value"):
        check_arrays({**a, "value": np.full(4, 2, np.int8)})
    (tmp_path / "junk.npz").write_bytes(b"not a zip")
    with pytest.raises(ChunkError):
        read_chunk(tmp_path / "junk.npz")


def test_batch_conversion():
    a = make_arrays(6, seed=5)
    planes = a.pop("_planes")
    b = make_batch(check_arrays(a))
    assert torch.equal(b.features, torch.from_numpy(planes.astype(np.float32)))
    assert b.value.dtype == torch.int64
    # 1 win -> 0, 0 draw -> 1, -1 loss -> 2
    assert torch.equal(b.value, torch.from_numpy(1 - a["value"].astype(np.int64)))
    assert b.policy.dtype == torch.float32 and b.policy.shape == (6, 2597)
    assert b.ownership.shape == (6, 49) and b.margin.shape == (6,) and b.full.shape == (6,)


def test_window_takes_newest_samples(tmp_path):
    (tmp_path / "sub").mkdir()
    written = write_dir(tmp_path, [10, 20, 30])
    assert [p.name for p in list_chunks(tmp_path)] == ["chunk-000.npz", "chunk-001.npz", "chunk-002.npz"]
    w = ReplayWindow.load(tmp_path, window=35)
    assert len(w) == 35 and [p.name for p in w.files] == ["chunk-001.npz", "chunk-002.npz"]
    want = np.concatenate([written[1]["margin"][-5:], written[2]["margin"]])
    assert np.array_equal(w.data.margin, want)
    assert len(ReplayWindow.load(tmp_path, window=1000)) == 60
    assert len(ReplayWindow.load(tmp_path)) == 60
    # The Go writer's half-written temporary files are not chunks.
    (tmp_path / ".tmp-123.npz").write_bytes(b"PK half a zip")
    assert len(list_chunks(tmp_path)) == 3
    # A newer file in a subdirectory becomes the newest data.
    a = make_arrays(5, seed=99)
    a.pop("_planes")
    write_chunk(tmp_path / "sub" / "new.npz", a)
    os.utime(tmp_path / "sub" / "new.npz", ns=(10**10, 10**10))
    w = ReplayWindow.load(tmp_path, window=5)
    assert np.array_equal(w.data.margin, a["margin"])


def test_window_empty_dir(tmp_path):
    with pytest.raises(ChunkError, match="no .npz"):
        ReplayWindow.load(tmp_path, window=10)


def test_batches_cover_each_sample_once_per_pass(tmp_path):
    write_dir(tmp_path, [12, 12])
    w = ReplayWindow.load(tmp_path, window=24)
    it = w.batches(8, seed=0)
    seen = np.concatenate([next(it).margin.numpy() for _ in range(3)])
    assert sorted(seen) == sorted(w.data.margin)
    small = ReplayWindow.load(tmp_path, window=5).batches(256)
    assert next(small).features.shape == (5, 49, 7, 7)


def test_device_window_follows_directory(tmp_path):
    written = write_dir(tmp_path, [10, 20])
    w = DeviceWindow(tmp_path, window=50)
    assert w.refresh() == 30 and len(w) == 30 and w.total_seen == 30
    assert w.refresh() == 0
    more = make_arrays(30, seed=7)
    more.pop("_planes")
    write_chunk(tmp_path / "later.npz", more)
    os.utime(tmp_path / "later.npz", ns=(10**10, 10**10))
    assert w.refresh() == 30 and len(w) == 50 and w.total_seen == 60
    # The window keeps the newest 50 samples, and its batches equal the CPU
    # path's conversion of the same rows.
    ref = ReplayWindow.load(tmp_path, window=50)
    idx = np.array([0, 3, 19, 20, 49])
    got, want = w.batch(torch.from_numpy(idx)), make_batch(ref.data.slice(idx))
    for g, x in zip(got, want):
        if g is None:  # the multi-player fields of a two-player batch
            assert x is None
            continue
        assert g.dtype == x.dtype and torch.equal(g, x)
    assert np.array_equal(ref.data.margin[:20], np.concatenate([written[0]["margin"], written[1]["margin"]])[-20:])
    # On a directory holding more than the window, only the newest files
    # that fill it are read.
    small = DeviceWindow(tmp_path, window=25)
    assert small.refresh() == 30 and len(small) == 25 and small.total_seen == 30
    assert [p.name for p in small.files] == ["later.npz"]
    assert small.refresh() == 0
    b = next(w.batches(64, seed=1))
    assert b.features.shape == (64, 49, 7, 7) and set(b.value.tolist()) <= {0, 1, 2}


def test_device_window_empty(tmp_path):
    w = DeviceWindow(tmp_path / "missing", window=10)
    assert w.refresh() == 0 and len(w) == 0
    with pytest.raises(ChunkError, match="no samples"):
        next(w.batches(4))
