import json

import pytest
import torch

from synth import write_dir
from wallzero import checkpoint as ckpt
from wallzero import train
from wallzero.model import ModelConfig, WallZeroNet


def same_state(a, b):
    assert a.keys() == b.keys()
    return all(torch.equal(a[k], b[k]) for k in a)


def test_save_load_identical(tmp_path):
    torch.manual_seed(0)
    net = WallZeroNet(ModelConfig(blocks=1, channels=8))
    opt = train.make_optimizer("sgd", net, 0.02, 0.9, 1e-4)
    net(torch.rand(4, 49, 7, 7)).policy.sum().backward()
    opt.step()  # momentum buffers exist
    p = tmp_path / "dir" / "c.pt"
    ckpt.save(p, net, opt, "sgd", step=17, stats={"samples": 5})
    assert not (tmp_path / "dir" / "c.pt.tmp").exists()
    net2, state = ckpt.load_model(p)
    assert net2.config == net.config and state["step"] == 17 and state["stats"]["samples"] == 5
    assert same_state(net.state_dict(), net2.state_dict())
    opt2 = train.make_optimizer("sgd", net2, 0.02, 0.9, 1e-4)
    opt2.load_state_dict(state["optimizer"]["state"])
    s1, s2 = opt.state_dict()["state"], opt2.state_dict()["state"]
    assert s1.keys() == s2.keys() and all(torch.equal(s1[k]["momentum_buffer"], s2[k]["momentum_buffer"]) for k in s1)


def lines(capsys):
    return [json.loads(l) for l in capsys.readouterr().out.splitlines()]


def test_train_cli_resumes(tmp_path, capsys):
    data = tmp_path / "data"
    data.mkdir()
    write_dir(data, [40, 40])
    c = str(tmp_path / "ck.pt")
    common = ["--data", str(data), "--checkpoint", c, "--batch", "16", "--window", "64", "--log-every", "2"]
    train.main(common + ["--steps", "3", "--blocks", "1", "--channels", "8"])
    out = lines(capsys)
    assert out[0]["event"] == "start" and out[0]["origin"] == "fresh" and out[0]["window"] == 64
    assert [o["step"] for o in out if o["event"] == "train"] == [2, 3]
    t = [o for o in out if o["event"] == "train"][0]
    assert {"loss", "policy", "value", "ownership", "margin", "samples_per_sec"} <= t.keys()
    assert out[-1]["event"] == "done" and out[-1]["samples"] == 48
    assert ckpt.load(c)["step"] == 3

    summary = tmp_path / "summary.json"
    train.main(common + ["--until-step", "5", "--summary-out", str(summary)])
    out = lines(capsys)
    assert out[0]["origin"] == "resume" and out[0]["step"] == 3
    assert json.loads(summary.read_text())["step"] == 5
    state = ckpt.load(c)
    assert state["step"] == 5 and state["stats"]["samples"] == 80

    # Already there: nothing changes.
    train.main(common + ["--until-step", "5"])
    capsys.readouterr()
    assert same_state(state["model"], ckpt.load(c)["model"])

    with pytest.raises(SystemExit):
        train.main(common + ["--steps", "1", "--channels", "16"])

    # --init copies weights into a new checkpoint with a fresh optimizer.
    c2 = str(tmp_path / "child.pt")
    train.main(["--data", str(data), "--checkpoint", c2, "--init", c, "--steps", "0", "--optimizer", "adam"])
    out = lines(capsys)
    assert out[0]["origin"] == "init"
    assert same_state(ckpt.load(c2)["model"], ckpt.load(c)["model"])
    assert ckpt.load(c2)["optimizer"]["name"] == "adam"


def test_train_follow_seconds_cosine(tmp_path, capsys):
    """--follow with --max-reuse trains no more than the ratio allows, stops
    on --seconds, and the cosine schedule ends near --lr-min-frac."""
    data = tmp_path / "data"
    data.mkdir()
    write_dir(data, [40])
    c = str(tmp_path / "ck.pt")
    summary = train.main(["--data", str(data), "--checkpoint", c, "--batch", "16", "--window", "100",
                          "--blocks", "1", "--channels", "8", "--seconds", "3", "--follow",
                          "--reload-seconds", "0.5", "--max-reuse", "2", "--lr", "0.1",
                          "--lr-schedule", "cosine", "--lr-min-frac", "0.1", "--log-every", "1"])
    out = lines(capsys)
    assert out[0]["event"] == "start" and out[0]["window"] == 40
    assert summary["samples_generated"] == 40
    assert 80 <= summary["samples"] < 80 + 16  # reuse 2: at most one batch past 2 x 40
    assert summary["waited_seconds"] > 0
    lrs = [o["lr"] for o in out if o["event"] == "train"]
    assert lrs[0] <= 0.1 and min(lrs) < lrs[0]
    assert ckpt.load(c)["step"] == summary["step"]
    with pytest.raises(SystemExit):
        train.main(["--data", str(data), "--checkpoint", c])  # no stopping rule
