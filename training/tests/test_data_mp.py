import os

import numpy as np
import pytest
import torch

import synth_mp
from wallzero.contract import MULTI
from wallzero.data import ChunkError, ReplayWindow, make_batch, pack_features, read_chunk, unpack_features


def test_pack_round_trip_is_big_endian():
    x = np.zeros((1, MULTI.planes, 7, 7), np.uint8)
    x[0, 0, 0, 0] = 1  # first input -> top bit of the first byte
    x[0, 33, 6, 6] = 1  # last input (1665) -> bit 1 of byte 208 (1665 % 8 == 1)
    p = pack_features(x, MULTI)
    assert p.shape == (1, MULTI.packed_bytes)
    assert p[0, 0] == 0x80 and p[0, 208] == 0x40 and p.sum() == 0x80 + 0x40
    assert np.array_equal(unpack_features(p, MULTI), x.astype(np.float32))


def test_read_synthetic_chunk_and_batch(tmp_path):
    a = synth_mp.write(tmp_path / "c.npz", 10, seed=3)
    c = read_chunk(tmp_path / "c.npz", fmt=MULTI)
    assert len(c) == 10
    b = make_batch(c)
    assert b.features.shape == (10, 34, 7, 7) and b.features.dtype == torch.float32
    assert b.policy.shape == (10, 2695) and b.value.shape == (10, 4) and b.q.shape == (10, 4)
    assert torch.equal(b.features, torch.from_numpy(unpack_features(a["features"], MULTI)))
    assert torch.equal(b.features[:, 29, 3, 3], torch.tensor([1.0, 0.0] * 5))
    assert torch.equal(b.seats[:, 3], torch.tensor([0.0, 1.0] * 5))
    assert torch.equal(b.seats[:, :3], torch.ones(10, 3))
    torch.testing.assert_close(b.policy, torch.from_numpy(a["policy"].astype(np.float32)))


def corrupt(arrays: dict, name: str) -> dict:
    a = dict(arrays)
    if name == "missing":
        del a["q"]
    elif name == "dtype":
        a["features"] = a["features"].astype(np.float32)
    elif name == "shape":
        a["policy"] = a["policy"][:, :2597]  # the two-player layout
    elif name == "length":
        a["value"] = a["value"][:-1]
    elif name == "players":
        a["players"] = np.full_like(a["players"], 2)
    elif name == "range":
        a["value"] = a["value"] * 2
    elif name == "seat3":
        a["q"] = np.full_like(a["q"], 0.25)
    elif name == "planes":
        a["players"] = np.full_like(a["players"], 4)  # the even samples have plane 29 set
    return a


@pytest.mark.parametrize("kind,message", [
    ("missing", r"missing arrays \['q'\]"),
    ("dtype", "array features has dtype float32, want uint8"),
    ("shape", r"array policy has shape \[6, 2597\], want \[N, 2695\]"),
    ("length", "array value has 5 samples, features has 6"),
    ("players", "array players holds 2 at sample 0, want 3 or 4"),
    ("range", r"array value must lie in \[0, 1\]"),
    ("seat3", "array q is not 0 for the empty seat 3"),
    ("planes", "array features plane 29 disagrees with players"),
])
def test_bad_chunk_rejected(tmp_path, kind, message):
    p = tmp_path / "bad.npz"
    np.savez_compressed(p, **corrupt(synth_mp.make_arrays(6), kind))
    with pytest.raises(ChunkError, match=message) as e:
        read_chunk(p, fmt=MULTI)
    assert str(p) in str(e.value)


def test_not_a_zip(tmp_path):
    p = tmp_path / "junk.npz"
    p.write_bytes(b"not a zip")
    with pytest.raises(ChunkError, match="junk.npz"):
        read_chunk(p, fmt=MULTI)


def test_window_takes_the_newest_samples_of_all_directories(tmp_path):
    d1, d2 = tmp_path / "mp3", tmp_path / "mp4"
    d1.mkdir()
    d2.mkdir()
    files = [(d1 / "a.npz", 10), (d2 / "b.npz", 10), (d1 / "c.npz", 6), (d2 / ".tmp-d.npz", 5)]
    for i, (p, n) in enumerate(files):
        a = synth_mp.make_arrays(n, seed=i)
        a["full"] = np.full(n, i % 2, np.uint8)  # tells the files apart
        np.savez_compressed(p, **a)
        os.utime(p, ns=(10**18 + i * 10**9,) * 2)
    w = ReplayWindow.load(fmt=MULTI, data=[d1, d2], window=12)
    assert len(w) == 12
    assert w.files == [d2 / "b.npz", d1 / "c.npz"]  # a.npz is older than needed, .tmp-* ignored
    assert w.data.full.tolist() == [1] * 6 + [0] * 6  # the 6 newest of b.npz, then c.npz
    assert w.players_count() == {"3": 6, "4": 6}

    batches = w.batches(5, seed=0)
    seen = np.concatenate([next(batches).full.numpy() for _ in range(2)])
    assert len(seen) == 10
    assert next(batches).features.shape == (5, 34, 7, 7)

    with pytest.raises(ChunkError, match="not a directory"):
        ReplayWindow.load(fmt=MULTI, data=[tmp_path / "none"])
