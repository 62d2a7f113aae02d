import pytest
import torch

from wallzero import contract as C
from wallzero.contract import MULTI
from wallzero.model import ExportModule, ModelConfig, WallZeroNet, default_config


def test_contract_constants():
    assert (MULTI.planes, MULTI.feature_size, MULTI.packed_bytes) == (34, 1666, 209)
    assert (MULTI.policy_channels, MULTI.num_actions, C.SEATS) == (55, 2695, 4)
    assert (C.PLANE_THREE_PLAYERS, C.PLANE_FOUR_PLAYERS) == (29, 30)
    assert MULTI.feature_set_id == "wallzero-mp-34-v1"
    assert MULTI.action_layout == "wallzero-mp-actions-55x49-v1"
    assert (MULTI.heads, MULTI.players) == ("policy,value", "3,4")


def test_default_config():
    cfg = default_config(MULTI)
    assert (cfg.blocks, cfg.channels, cfg.policy_channels, cfg.value_channels, cfg.value_hidden) == (6, 48, 48, 32, 128)
    assert ModelConfig.from_dict(cfg.to_dict()) == cfg


def inputs(players: list[int], seed: int = 0) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    x = (torch.rand(len(players), MULTI.planes, C.BOARD, C.BOARD, generator=g) < 0.3).float()
    for i, p in enumerate(players):
        x[i, C.PLANE_THREE_PLAYERS] = float(p == 3)
        x[i, C.PLANE_FOUR_PLAYERS] = float(p == 4)
    return x


@pytest.fixture
def net():
    torch.manual_seed(0)
    n = WallZeroNet(ModelConfig(blocks=2, channels=16), MULTI)
    with torch.no_grad():  # a value head whose seat 3 would not be small by itself
        n.value_out.weight.normal_(std=1.0)
        n.value_out.bias.copy_(torch.tensor([0.0, 0.0, 0.0, 5.0]))
    return n


@pytest.mark.parametrize("mode", ["train", "eval"])
def test_shapes_and_three_player_mask(net, mode):
    net.train(mode == "train")
    x = inputs([3, 4, 3, 4, 4])
    out = net(x)
    assert out.policy.shape == (5, MULTI.num_actions)
    assert out.value.shape == (5, C.SEATS)
    assert torch.equal(out.value[[0, 2], 3], torch.full((2,), C.MASKED_LOGIT))

    policy, value = ExportModule(net)(x)
    assert policy.shape == (5, 2695) and value.shape == (5, 4)
    assert torch.equal(value[[0, 2], 3], torch.zeros(2))
    assert (value[[1, 3, 4], 3] > 0.1).all()  # the bias favours seat 3 where it exists
    torch.testing.assert_close(value.sum(dim=1), torch.ones(5))
    # Policy is channel-major: action channel*49 + square.
    raw = net.policy_out(torch.relu(net.policy_conv(net.blocks(torch.relu(net.stem(x))))))
    assert torch.equal(policy[:, 54 * 49 + 48], raw[:, 54, 6, 6])


def test_mask_has_no_gradient(net):
    x = inputs([3, 4])
    out = net(x)
    w = net.value_out.weight
    (g3,) = torch.autograd.grad(out.value[0, 3], w, retain_graph=True)
    assert torch.count_nonzero(g3) == 0
    (g4,) = torch.autograd.grad(out.value[1, 3], w)
    assert torch.count_nonzero(g4) > 0
