import json

import numpy as np
import onnx
import pytest
import torch

import onnx_numpy
import synth_mp
from wallzero import align
from wallzero.contract import MULTI
from wallzero import checkpoint as ckpt
from wallzero.data import make_batch, read_chunk
from wallzero.export import export_onnx, players_label, random_inputs, torch_outputs
from wallzero.losses import compute_losses
from wallzero.model import ModelConfig, WallZeroNet

from wallzero import train  # noqa: E402

KEYS = ["wallzero.format", "wallzero.features", "wallzero.actions", "wallzero.heads", "wallzero.players",
        "wallzero.model_id", "wallzero.blocks", "wallzero.channels", "wallzero.training"]


def test_training_reduces_loss_on_a_fixed_batch(tmp_path):
    synth_mp.write(tmp_path / "c.npz", 64, seed=1, full_fraction=1.0)
    batch = make_batch(read_chunk(tmp_path / "c.npz", fmt=MULTI))
    torch.manual_seed(0)
    net = WallZeroNet(ModelConfig(blocks=1, channels=16), MULTI)
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3)
    first = None
    for _ in range(30):
        losses = compute_losses(net(batch.features), batch)
        first = first or {k: v.item() for k, v in losses.items()}
        opt.zero_grad()
        losses["total"].backward()
        opt.step()
    net.eval()
    last = {k: v.item() for k, v in compute_losses(net(batch.features), batch).items()}
    assert last["policy"] < 0.8 * first["policy"]
    assert last["value"] < 0.8 * first["value"]


def dims(v):
    return [d.dim_param or d.dim_value for d in v.type.tensor_type.shape.dim]


def test_export_graph_matches_torch(tmp_path):
    torch.manual_seed(2)
    net = WallZeroNet(ModelConfig(blocks=1, channels=8), MULTI)
    with torch.no_grad():
        for m in net.modules():
            if isinstance(m, torch.nn.BatchNorm2d):
                m.running_mean.uniform_(-0.2, 0.2)
                m.running_var.uniform_(0.5, 1.5)
        net.value_out.weight.mul_(100)
    model = export_onnx(net, tmp_path / "m.onnx", "mp-test", '{"steps": 3}')
    assert [i.name for i in model.graph.input] == ["features"]
    assert dims(model.graph.input[0]) == ["batch", 34, 7, 7]
    assert [(o.name, dims(o)) for o in model.graph.output] == [("policy", ["batch", 2695]), ("value", ["batch", 4])]
    assert model.graph.node[0].name == align.PAD_NODE  # 34 planes padded to 48 for ONNX Runtime
    assert any(n.op_type == "Gather" and n.input[0] == "features" for n in model.graph.node)  # the player count
    x = random_inputs(4, seed=5, fmt=MULTI)
    want = torch_outputs(net, x)
    got = onnx_numpy.run(onnx.load(str(tmp_path / "m.onnx")), {"features": x})
    for k in MULTI.output_names:
        np.testing.assert_allclose(got[k], want[k], atol=1e-4)
    assert np.all(got["value"][0::2, 3] == 0)  # random_inputs: even samples have three players
    assert np.all(got["value"][1::2, 3] > 0)


def test_cli_trains_continues_and_exports(tmp_path, capsys):
    (tmp_path / "data").mkdir()
    for i in range(2):
        synth_mp.write(tmp_path / "data" / f"c{i}.npz", 40, seed=i)
    out = tmp_path / "out"
    common = ["--data", str(tmp_path / "data"), "--window", "64", "--batch", "16", "--blocks", "1", "--channels", "8",
              "--log-every", "2"]
    s1 = train.main(["--format", "multi"] + common + ["--steps", "3", "--out-checkpoint", str(out / "a.pt")])
    assert (s1["step"], s1["samples"], s1["window"]) == (3, 48, 64)
    assert s1["samples_per_sec"] > 0

    s2 = train.main(["--format", "multi"] + common + ["--steps", "2", "--checkpoint", str(out / "a.pt"), "--out-checkpoint", str(out / "b.pt"),
                                                      "--out-onnx", str(out / "mp-0002.onnx"), "--check", str(out / "mp.check.json")])
    assert (s2["step"], s2["steps"], s2["model_id"]) == (5, 2, "mp-0002")
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [e["event"] for e in lines] == ["start", "train", "train", "done", "start", "train", "train", "done"]
    assert [e["step"] for e in lines if e["event"] == "train"] == [2, 3, 4, 5]  # every 2 steps and the last
    assert set(lines[1]) >= {"step", "loss", "policy", "value", "lr", "samples_per_sec"}

    net, state = ckpt.load_model(out / "b.pt")
    assert state["step"] == 5 and state["stats"]["samples"] == 80 and state["optimizer"]["name"] == "adamw"
    assert (net.config.blocks, net.config.channels) == (1, 8)

    m = onnx.load(str(out / "mp-0002.onnx"))
    onnx.checker.check_model(m, full_check=True)
    assert m.opset_import[0].version == 17
    meta = {p.key: p.value for p in m.metadata_props}
    assert sorted(meta) == sorted(KEYS)
    assert meta["wallzero.format"] == "1"
    assert meta["wallzero.features"] == "wallzero-mp-34-v1"
    assert meta["wallzero.actions"] == "wallzero-mp-actions-55x49-v1"
    assert (meta["wallzero.heads"], meta["wallzero.players"]) == ("policy,value", "3,4")
    assert (meta["wallzero.model_id"], meta["wallzero.blocks"], meta["wallzero.channels"]) == ("mp-0002", "1", "8")
    training = json.loads(meta["wallzero.training"])
    assert (training["samples"], training["steps"]) == (80, 5)
    assert set(training["losses"]) == {"loss", "policy", "value"} and training["seconds"] > 0
    assert "," in meta["wallzero.training"] and ", " not in meta["wallzero.training"]  # compact

    check = json.loads((out / "mp.check.json").read_text())
    assert check["model_id"] == "mp-0002"
    assert len(check["inputs"]) == 4 and all(len(x) == 1666 and set(x) <= {0, 1} for x in check["inputs"])
    assert [len(p) for p in check["policy"]] == [2695] * 4 and [len(v) for v in check["value"]] == [4] * 4
    x = np.array(check["inputs"], np.float32).reshape(4, 34, 7, 7)
    assert x[:, 29, :, :].sum() + x[:, 30, :, :].sum() == 4 * 49  # exactly one player-count plane each
    want = torch_outputs(net, x)
    np.testing.assert_allclose(np.array(check["value"]), want["value"], rtol=1e-6, atol=1e-7)
    got = onnx_numpy.run(m, {"features": x})
    np.testing.assert_allclose(got["policy"], np.array(check["policy"]), atol=1e-4)
    np.testing.assert_allclose(got["value"], np.array(check["value"]), atol=1e-5)


def test_cli_refuses_a_mismatched_init(tmp_path):
    synth_mp.write(tmp_path / "c.npz", 8)
    ckpt.save(tmp_path / "a.pt", WallZeroNet(ModelConfig(blocks=1, channels=8), MULTI))
    with pytest.raises(SystemExit, match="--channels 16 but checkpoint"):
        train.main(["--format", "multi"] + ["--data", str(tmp_path), "--steps", "1", "--checkpoint", str(tmp_path / "a.pt"), "--channels", "16",
                                            "--out-checkpoint", str(tmp_path / "b.pt")])


def test_two_player_checkpoint_refused(tmp_path):
    from wallzero import checkpoint as two_player
    from wallzero.model import ModelConfig, WallZeroNet

    two_player.save(tmp_path / "2p.pt", WallZeroNet(ModelConfig(blocks=1, channels=8)))
    with pytest.raises(ValueError, match="not a multi-player one"):
        ckpt.load_model(tmp_path / "2p.pt", MULTI)


def test_cli_trains_one_player_count(tmp_path, capsys):
    """--players 4: the window holds four-player samples alone (the newest
    of them), and the export is served for four players."""
    (tmp_path / "data").mkdir()
    for i in range(2):
        synth_mp.write(tmp_path / "data" / f"c{i}.npz", 40, seed=i)  # 20 of each count per chunk
    out = tmp_path / "out"
    s = train.main(["--format", "multi"] + ["--data", str(tmp_path / "data"), "--window", "30", "--batch", "8", "--blocks", "1",
                                            "--channels", "8", "--steps", "2", "--players", "4", "--out-checkpoint", str(out / "a.pt"),
                                            "--out-onnx", str(out / "mp4.onnx")])
    assert s["window"] == 30  # the newest 30 of the 40 four-player samples
    start = json.loads(capsys.readouterr().out.splitlines()[0])
    assert start["players"] == {"3": 0, "4": 30} and start["served_for"] == "4" and start["files"] == 2
    meta = {p.key: p.value for p in onnx.load(str(out / "mp4.onnx")).metadata_props}
    assert meta["wallzero.players"] == "4"
    assert json.loads(meta["wallzero.training"])["players"] == {"3": 0, "4": 30}


@pytest.mark.parametrize("players, want", [("4", "4"), ("4,3", "3,4"), ("3", "3"), ("3,3", "3")])
def test_players_label(players, want):
    assert players_label(players) == want


@pytest.mark.parametrize("players", ["", "2", "5", "3,5", "four", "3;4"])
def test_players_label_refuses(players):
    with pytest.raises(ValueError, match="want 3, 4 or 3,4"):
        players_label(players)


def test_cli_refuses_bad_players(tmp_path, capsys):
    synth_mp.write(tmp_path / "c.npz", 8)
    with pytest.raises(SystemExit):
        train.main(["--format", "multi", "--data", str(tmp_path), "--steps", "1", "--players", "2",
                    "--out-checkpoint", str(tmp_path / "b.pt")])
    assert "--players 2 is not the multi-player format" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        train.main(["--data", str(tmp_path), "--steps", "1", "--players", "5",
                    "--out-checkpoint", str(tmp_path / "b.pt")])
    assert "want two, multi or a player count" in capsys.readouterr().err


def test_relabel_players(tmp_path):
    import relabel_players

    torch.manual_seed(3)
    net = WallZeroNet(ModelConfig(blocks=1, channels=8), MULTI)
    export_onnx(net, tmp_path / "m.onnx", "mp-a", '{"steps": 1}')
    before = onnx.load(str(tmp_path / "m.onnx"))
    meta = relabel_players.relabel(tmp_path / "m.onnx", tmp_path / "m4.onnx", "4", "mp-a-4p")
    after = onnx.load(str(tmp_path / "m4.onnx"))
    got = {p.key: p.value for p in after.metadata_props}
    assert got == meta and got["wallzero.players"] == "4" and got["wallzero.model_id"] == "mp-a-4p"
    old = {p.key: p.value for p in before.metadata_props}
    assert {k: v for k, v in got.items() if k not in ("wallzero.players", "wallzero.model_id")} == \
        {k: v for k, v in old.items() if k not in ("wallzero.players", "wallzero.model_id")}
    assert after.graph == before.graph
    with pytest.raises(ValueError, match="want 3, 4 or 3,4"):
        relabel_players.relabel(tmp_path / "m.onnx", tmp_path / "bad.onnx", "2")
    assert not (tmp_path / "bad.onnx").exists()


def test_relabel_refuses_a_two_player_model(tmp_path):
    import relabel_players
    from wallzero.export import export_onnx as export_two
    from wallzero.model import ModelConfig, WallZeroNet

    export_two(WallZeroNet(ModelConfig(blocks=1, channels=8)), tmp_path / "2p.onnx", "wz-x")
    with pytest.raises(ValueError, match="not the multi-player"):
        relabel_players.relabel(tmp_path / "2p.onnx", tmp_path / "out.onnx", "4")


def test_relabel_symmetries(tmp_path, capsys):
    import relabel_players

    export_onnx(WallZeroNet(ModelConfig(blocks=1, channels=8), MULTI), tmp_path / "m.onnx", "mp-b", '{"steps": 1}', players="4")
    meta = relabel_players.relabel(tmp_path / "m.onnx", tmp_path / "s.onnx", symmetries=4)
    assert meta["wallzero.symmetries"] == "4" and meta["wallzero.players"] == "4" and meta["wallzero.model_id"] == "mp-b"
    with pytest.raises(ValueError, match="symmetries 3: want one of 1, 2, 4, 8"):
        relabel_players.relabel(tmp_path / "m.onnx", tmp_path / "bad.onnx", symmetries=3)
    assert not (tmp_path / "bad.onnx").exists()
    relabel_players.main([str(tmp_path / "s.onnx"), str(tmp_path / "s2.onnx"), "--symmetries", "8"])
    assert "mp-b served for 4 players, averaged over 8 symmetries" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        relabel_players.main([str(tmp_path / "m.onnx"), str(tmp_path / "x.onnx")])
    assert "nothing to change" in capsys.readouterr().err
