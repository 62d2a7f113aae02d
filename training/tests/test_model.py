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
    assert cfg.policy_channels == 24 and cfg.inner_channels == 24
    assert ModelConfig.from_dict(cfg.to_dict()) == cfg
    n6 = count_parameters(WallZeroNet(ModelConfig()))
    assert 400_000 < n6 < 700_000
    try:
        ModelConfig(channels=0)
    except ValueError:
        pass
    else:
        raise AssertionError("channels=0 accepted")


def test_bottleneck_blocks_are_narrower_inside():
    cfg = ModelConfig(blocks=2, channels=16, inner_channels=8)
    net = WallZeroNet(cfg)
    for blk in net.blocks:
        assert tuple(blk.a[0].weight.shape) == (8, 16, 3, 3)
        assert tuple(blk.b[0].weight.shape) == (16, 8, 3, 3)
    assert ModelConfig.from_dict(cfg.to_dict()) == cfg
    # A checkpoint written before inner_channels existed reads as square blocks.
    old = {k: v for k, v in cfg.to_dict().items() if k != "inner_channels"}
    assert ModelConfig.from_dict(old).inner_channels == 16
    out = net(torch.zeros(2, 49, 7, 7))
    assert out.policy.shape == (2, 2597) and out.value.shape == (2, 3)
