import json

import pytest
import torch

import synth_mp
from wallzero import contract as C
from wallzero.contract import MULTI
from wallzero.data import make_batch, read_chunk
from wallzero.symmetry import NUM_SYMMETRIES, TABLES, augment, load_tables

from wallzero import train  # noqa: E402

SQUARES = C.SQUARES


def test_tables_are_the_eight_symmetries_of_the_square():
    feats, acts = load_tables()
    assert torch.equal(feats[0], torch.arange(MULTI.feature_size))
    assert torch.equal(acts[0], torch.arange(MULTI.num_actions))
    # Planes that are not walls move their squares alike; the placement
    # channel (52) moves squares as the stone planes do.
    squares = feats[:, :SQUARES]
    assert len({tuple(r.tolist()) for r in squares}) == NUM_SYMMETRIES
    for plane in (0, 12, 16, 17, 33):
        assert torch.equal(feats[:, plane * SQUARES:(plane + 1) * SQUARES] - plane * SQUARES, squares)
    placement = 52 * SQUARES
    assert torch.equal(acts[:, placement:placement + SQUARES] - placement, squares)
    # Closed under composition: turning by i then by j is one of the eight.
    rows = {tuple(r.tolist()) for r in feats}
    for i in range(NUM_SYMMETRIES):
        for j in range(NUM_SYMMETRIES):
            assert tuple(feats[i][feats[j]].tolist()) in rows


def test_tables_refuse_a_broken_file(tmp_path):
    doc = json.loads(TABLES.read_text())
    doc["actions"][3][0] = doc["actions"][3][1]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    with pytest.raises(ValueError, match="actions: a row is not a permutation"):
        load_tables(str(bad))


def test_augment_moves_inputs_and_policy_together(tmp_path):
    synth_mp.write(tmp_path / "c.npz", 64, seed=3, full_fraction=1.0)
    batch = make_batch(read_chunk(tmp_path / "c.npz", fmt=MULTI))
    turned = augment(batch, torch.Generator().manual_seed(1))
    n = batch.features.shape[0]
    # Each sample keeps its number of set inputs, its policy mass and its
    # values; some samples were turned.
    assert torch.equal(turned.features.reshape(n, -1).sum(1), batch.features.reshape(n, -1).sum(1))
    assert torch.allclose(turned.policy.sum(1), batch.policy.sum(1))
    assert torch.equal(turned.value, batch.value) and torch.equal(turned.q, batch.q)
    assert not torch.equal(turned.features, batch.features)
    # The symmetry of each sample is the one found from its inputs, and the
    # policy follows it.
    feats, acts = load_tables()
    flat = batch.features.reshape(n, -1)
    for b in range(n):
        found = [s for s in range(NUM_SYMMETRIES) if torch.equal(flat[b][feats[s]], turned.features[b].reshape(-1))]
        assert found, f"sample {b}: no symmetry gives its turned inputs"
        assert any(torch.equal(batch.policy[b][acts[s]], turned.policy[b]) for s in found)


def test_cli_augment(tmp_path, capsys):
    synth_mp.write(tmp_path / "c.npz", 40, seed=4)
    s = train.main(["--format", "multi"] + ["--data", str(tmp_path), "--steps", "2", "--batch", "16", "--blocks", "1", "--channels", "8",
                                            "--augment", "--out-checkpoint", str(tmp_path / "a.pt")])
    assert s["steps"] == 2
    start = json.loads(capsys.readouterr().out.splitlines()[0])
    assert start["augment"] is True
