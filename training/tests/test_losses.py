import numpy as np
import torch

from synth import make_arrays
from wallzero.data import check_arrays, make_batch
from wallzero.losses import compute_losses
from wallzero.model import ModelConfig, RawOutputs, WallZeroNet
from wallzero.train import make_optimizer


def batch_of(n, seed, full_fraction=0.5):
    a = make_arrays(n, seed, full_fraction)
    a.pop("_planes")
    return make_batch(check_arrays(a))


def test_terms_and_policy_mask():
    torch.manual_seed(0)
    b = batch_of(8, 0)
    net = WallZeroNet(ModelConfig(blocks=1, channels=8))
    out = net(b.features)
    l = compute_losses(out, b)
    assert set(l) == {"total", "policy", "value", "ownership", "margin"}
    assert all(v.ndim == 0 and torch.isfinite(v) for v in l.values())
    # Policy logits of samples with full == 0 do not matter.
    noisy = out.policy.clone()
    noisy[b.full == 0] += 100 * torch.randn_like(noisy[b.full == 0])
    l2 = compute_losses(RawOutputs(noisy, out.value, out.margin, out.ownership), b)
    assert torch.allclose(l2["policy"], l["policy"])
    # No full sample: no policy loss.
    b0 = b._replace(full=torch.zeros(8))
    assert compute_losses(out, b0)["policy"].item() == 0.0
    # Uniform logits give CE = log(2597) on normalised targets.
    flat = RawOutputs(torch.zeros_like(out.policy), out.value, out.margin, out.ownership)
    b1 = b._replace(policy=b.policy / b.policy.sum(1, keepdim=True))
    assert abs(compute_losses(flat, b1)["policy"].item() - np.log(2597)) < 1e-3


def test_perfect_predictions_give_small_losses():
    b = batch_of(8, 1)
    big = 30.0
    out = RawOutputs(
        policy=torch.log(b.policy.clamp(min=1e-12)),
        value=torch.nn.functional.one_hot(b.value, 3).float() * big,
        margin=(b.margin / 10).unsqueeze(1),
        ownership=b.ownership * big,
    )
    l = compute_losses(out, b)
    assert l["value"] < 1e-6 and l["ownership"] < 1e-6 and l["margin"] < 1e-9


def test_overfit_small_dataset():
    torch.manual_seed(0)
    batches = [batch_of(32, s, full_fraction=0.75) for s in range(2)]
    net = WallZeroNet(ModelConfig(blocks=2, channels=32)).train()
    opt = make_optimizer("adam", net, 3e-3, 0.9, 1e-4)
    first = {k: v.item() for k, v in compute_losses(net(batches[0].features), batches[0]).items()}
    for step in range(60):
        b = batches[step % 2]
        l = compute_losses(net(b.features), b)
        opt.zero_grad()
        l["total"].backward()
        opt.step()
    net.eval()
    with torch.no_grad():
        last = {k: v.item() for k, v in compute_losses(net(batches[0].features), batches[0]).items()}
    assert last["total"] < 0.5 * first["total"], (first, last)
    for k in ("policy", "value", "ownership", "margin"):
        assert last[k] < first[k], (k, first, last)
