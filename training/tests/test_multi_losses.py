import math

import torch

from wallzero import contract_mp as C
from wallzero.multi_data import MultiBatch
from wallzero.multi_losses import compute_losses, value_target
from wallzero.multi_model import MultiOutputs


def batch(players: list[int], full: list[float], value, q) -> MultiBatch:
    n = len(players)
    seats = torch.ones(n, 4)
    seats[:, 3] = torch.tensor([float(p == 4) for p in players])
    policy = torch.zeros(n, C.NUM_ACTIONS)
    policy[:, 0] = 1.0
    return MultiBatch(torch.zeros(n, C.NUM_PLANES, 7, 7), policy, torch.tensor(full),
                      torch.tensor(value), torch.tensor(q), seats)


def test_value_target_mixes_and_masks():
    b = batch([3, 4], [1, 1], [[1, 0, 0, 0.7], [0, 0.5, 0.5, 0]], [[0, 1, 0, 0], [0.25] * 4])
    t = value_target(b, 0.5)
    # Seat 3 of the three-player sample is dropped and the rest renormalised.
    torch.testing.assert_close(t, torch.tensor([[0.5, 0.5, 0, 0], [0.125, 0.375, 0.375, 0.125]]))
    torch.testing.assert_close(value_target(b, 0.0)[1], torch.tensor([0, 0.5, 0.5, 0]))


def test_value_loss_is_cross_entropy_over_seats_in_play():
    b = batch([3, 4], [0, 0], [[0, 1, 0, 0], [0, 0, 0, 1]], [[0, 1, 0, 0], [0, 0, 0, 1]])
    logits = torch.tensor([[0.0, 0.0, 0.0, 50.0], [0.0, 0.0, 0.0, 0.0]])
    losses = compute_losses(MultiOutputs(torch.zeros(2, C.NUM_ACTIONS), logits), b)
    # Three players: uniform over three seats despite seat 3's large logit; four: uniform over four.
    assert math.isclose(losses["value"].item(), (math.log(3) + math.log(4)) / 2, rel_tol=1e-5)
    assert losses["policy"].item() == 0.0  # no full samples


def test_policy_loss_counts_full_samples_only():
    b = batch([4, 4], [1, 0], [[0.25] * 4] * 2, [[0.25] * 4] * 2)
    p = torch.zeros(2, C.NUM_ACTIONS)
    p[1, 0] = 100.0  # the non-full sample's (ignored) policy
    losses = compute_losses(MultiOutputs(p, torch.zeros(2, 4)), b)
    assert math.isclose(losses["policy"].item(), math.log(C.NUM_ACTIONS), rel_tol=1e-5)
    assert math.isclose(losses["total"].item(), losses["policy"].item() + losses["value"].item(), rel_tol=1e-6)


def test_no_gradient_to_seats_out_of_play():
    b = batch([3], [1], [[1, 0, 0, 0]], [[1, 0, 0, 0]])
    logits = torch.zeros(1, 4, requires_grad=True)
    compute_losses(MultiOutputs(torch.zeros(1, C.NUM_ACTIONS), logits), b)["total"].backward()
    assert logits.grad[0, 3] == 0
    assert logits.grad[0, 0] < 0 < logits.grad[0, 1]
