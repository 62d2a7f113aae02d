"""loop.py's self-play start: a fresh work directory continues a model."""

import sys
from pathlib import Path

import pytest
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import loop  # noqa: E402
from wallzero import export  # noqa: E402
from wallzero.model import ModelConfig, WallZeroNet  # noqa: E402


@pytest.mark.parametrize("model_id,next_iteration", [("wz-0007", 8), ("wz-0012", 13), ("my-net", 1)])
def test_start_from_model(tmp_path, model_id, next_iteration):
    torch.manual_seed(0)
    onnx_path = tmp_path / "m.onnx"
    export.export_onnx(WallZeroNet(ModelConfig(blocks=1, channels=8)), onnx_path, model_id)
    state = loop.State(tmp_path / "loop.json")
    loop.start_from_model(state, onnx_path)
    again = loop.State(tmp_path / "loop.json")  # saved
    assert again["iteration"] == next_iteration
    assert again["best"]["id"] == model_id and again["best"]["path"] == str(onnx_path.resolve())
    assert again["mode"] == "self" and again["step"] == "start"


@pytest.mark.parametrize("setting,version,want", [
    ("auto", "wallzero abc\ncpu int8 dot products: yes (the service prefers m.onnx)\n", True),
    ("auto", "wallzero abc\ncpu int8 dot products: no\n", False),
    ("auto", "wallzero abc\n", False),
    ("on", "cpu int8 dot products: no\n", True),
    ("off", "cpu int8 dot products: yes\n", False),
])
def test_int8_selfplay_wanted(setting, version, want):
    assert loop.int8_selfplay_wanted(setting, version) is want


@pytest.mark.parametrize("gumbel,score,first,want", [
    (False, 0.0, False, []),
    (True, 0.0, False, ["-gumbel"]),
    (False, 1.0, False, ["-score-utility", 1.0]),
    (True, 0.5, True, []),  # the heuristic bootstrap takes neither
])
def test_selfplay_command(tmp_path, gumbel, score, first, want):
    args = loop.argparse.Namespace(fast_visits=32, full_prob=0.25, parallel=16, sample_moves=12,
                                   gumbel=gumbel, selfplay_score_utility=score)
    cmd = loop.selfplay_command(args, "m.onnx", 1500, tmp_path, 160, 21, first)
    assert cmd[:3] == [loop.BIN, "selfplay", "-model"]
    i = cmd.index("-seed")
    assert cmd[i + 1] == 21 * 1_000_003
    assert cmd[i + 2:] == want


def test_selfplay_score_utility_is_checked(capsys):
    with pytest.raises(SystemExit):
        loop.main(["--selfplay-score-utility", "5", "--iterations", "0"])
    assert "--selfplay-score-utility 5.0 is outside 0..4" in capsys.readouterr().err


@pytest.mark.parametrize("steps,iteration,want", [
    ([], 27, 0.005),
    ([(27, 0.0015)], 26, 0.005),
    ([(27, 0.0015)], 27, 0.0015),
    ([(27, 0.0015)], 40, 0.0015),
    ([(30, 0.0005), (27, 0.0015)], 29, 0.0015),  # in any order
    ([(30, 0.0005), (27, 0.0015)], 30, 0.0005),
])
def test_learning_rate_steps(steps, iteration, want):
    assert loop.learning_rate(0.005, steps, iteration) == want


@pytest.mark.parametrize("text,want", [("27:0.0015", (27, 0.0015)), ("1:0.5", (1, 0.5))])
def test_parse_lr_step(text, want):
    assert loop.parse_lr_step(text) == want


@pytest.mark.parametrize("text,reason", [
    ("27", "want ITERATION:LR"), ("x:0.1", "want ITERATION:LR"), ("27:fast", "want ITERATION:LR"),
    ("0:0.1", "at least 1"), ("27:0", "within (0, 1)"), ("27:2", "within (0, 1)"),
])
def test_parse_lr_step_rejects(text, reason):
    with pytest.raises(ValueError) as e:
        loop.parse_lr_step(text)
    assert repr(text) in str(e.value) and reason in str(e.value)


def test_lr_from_is_checked(capsys):
    with pytest.raises(SystemExit):
        loop.main(["--lr-from", "27", "--iterations", "0"])
    assert "--lr-from '27': want ITERATION:LR" in capsys.readouterr().err
