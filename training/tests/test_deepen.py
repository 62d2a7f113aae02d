import pytest
import torch

from wallzero.contract import MULTI

import deepen_multi
from wallzero import checkpoint as ckpt
from wallzero.model import ModelConfig, WallZeroNet

from test_model_mp import inputs


def trained_like(blocks: int = 2) -> WallZeroNet:
    """A small network whose weights and BatchNorm statistics are all away
    from their initial values, as a trained one's are."""
    torch.manual_seed(1)
    net = WallZeroNet(ModelConfig(blocks=blocks, channels=16), MULTI)
    with torch.no_grad():
        for name, t in net.state_dict().items():
            if t.dtype.is_floating_point:
                t.add_(0.2 * torch.randn_like(t))
                if name.endswith("running_var"):
                    t.abs_().add_(0.5)
    return net


@pytest.mark.parametrize("mode", ["eval", "train"])
def test_deepened_network_computes_the_same(mode):
    net = trained_like()
    deep = deepen_multi.deepen(net, 5)
    assert deep.config.blocks == 5 and len(deep.blocks) == 5
    x = inputs([3, 4, 4, 3, 4, 3], seed=2)
    getattr(net, mode)()
    getattr(deep, mode)()
    with torch.no_grad():
        a, b = net(x), deep(x)
    torch.testing.assert_close(b.policy, a.policy, rtol=0, atol=1e-5)
    torch.testing.assert_close(b.value, a.value, rtol=0, atol=1e-5)


def test_new_blocks_learn():
    deep = deepen_multi.deepen(trained_like(), 3)
    opt = torch.optim.SGD(deep.parameters(), lr=0.1)
    out = deep(inputs([4, 4, 3, 4], seed=3))
    (out.policy.logsumexp(1).sum() + out.value.logsumexp(1).sum()).backward()
    opt.step()
    assert deep.blocks[2].b[1].weight.abs().sum() > 0, "the new block's scale did not move off zero"


def test_refuses_no_deeper():
    with pytest.raises(ValueError, match="already has 2"):
        deepen_multi.deepen(trained_like(), 2)


def test_command_writes_a_checkpoint(tmp_path):
    net = trained_like()
    src, dst = tmp_path / "in.pt", tmp_path / "out.pt"
    ckpt.save(src, net, step=123, stats={"samples": 7})
    deepen_multi.main([str(src), str(dst), "--blocks", "4"])
    deep, state = ckpt.load_model(dst)
    assert deep.config.blocks == 4 and state["step"] == 123 and state["optimizer"] is None
    assert state["stats"]["deepened"]["blocks"] == [2, 4] and state["stats"]["samples"] == 7
    net.eval()
    deep.eval()
    x = inputs([4, 3], seed=4)
    with torch.no_grad():
        torch.testing.assert_close(deep(x).policy, net(x).policy, rtol=0, atol=1e-5)
