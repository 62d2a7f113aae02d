import torch

from wallzero import contract as C
from wallzero.model import ExportModule, ModelConfig, WallZeroNet, count_parameters


def test_head_shapes():
    torch.manual_seed(0)
    net = WallZeroNet(ModelConfig(blocks=2, channels=16)).eval()
    x = (torch.rand(3, 49, 7, 7) < 0.3).float()
    raw = net(x)
    assert raw.policy.shape == (3, C.NUM_ACTIONS)
    assert raw.value.shape == (3, 3)
    assert raw.margin.shape == (3, 1)
    assert raw.ownership.shape == (3, 49)
    out = ExportModule(net)(x)
    assert [tuple(t.shape) for t in out] == [(3, 2597), (3, 3), (3, 1), (3, 49)]
    policy, value, margin, own = out
    assert torch.allclose(value.sum(1), torch.ones(3))
    assert torch.allclose(margin, raw.margin * C.MARGIN_SCALE)
    assert own.abs().max() <= 1


def test_policy_layout_is_channel_major():
    # The policy conv's channel c at square (r, k) must land at index c*49 + r*7 + k.
    net = WallZeroNet(ModelConfig(blocks=0, channels=8)).eval()
    with torch.no_grad():
        for p in net.parameters():
            p.zero_()
        net.policy_out.bias.copy_(torch.arange(C.POLICY_CHANNELS, dtype=torch.float32))
    p = net(torch.zeros(1, 49, 7, 7)).policy[0]
    assert torch.equal(p, torch.arange(53).repeat_interleave(49).float())


def test_config():
    cfg = ModelConfig(blocks=3, channels=24)
    assert cfg.policy_channels == 24
    assert ModelConfig.from_dict(cfg.to_dict()) == cfg
    n6 = count_parameters(WallZeroNet(ModelConfig()))
    assert 400_000 < n6 < 700_000
    try:
        ModelConfig(channels=0)
    except ValueError:
        pass
    else:
        raise AssertionError("channels=0 accepted")
