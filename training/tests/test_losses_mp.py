import math

import torch

from wallzero.contract import MULTI
from wallzero.data import Batch
from wallzero.losses import compute_losses, seat_target
from wallzero.model import RawOutputs


def batch(players: list[int], full: list[float], value, q) -> Batch:
    n = len(players)
    seats = torch.ones(n, 4)
    seats[:, 3] = torch.tensor([float(p == 4) for p in players])
    policy = torch.zeros(n, MULTI.num_actions)
    policy[:, 0] = 1.0
    return Batch(features=torch.zeros(n, MULTI.planes, 7, 7), policy=policy, full=torch.tensor(full),
                 value=torch.tensor(value), q=torch.tensor(q), seats=seats)


def test_value_target_mixes_and_masks():
    b = batch([3, 4], [1, 1], [[1, 0, 0, 0.7], [0, 0.5, 0.5, 0]], [[0, 1, 0, 0], [0.25] * 4])
    t = seat_target(b, 0.5)
    # Seat 3 of the three-player sample is dropped and the rest renormalised.
    torch.testing.assert_close(t, torch.tensor([[0.5, 0.5, 0, 0], [0.125, 0.375, 0.375, 0.125]]))
    torch.testing.assert_close(seat_target(b, 0.0)[1], torch.tensor([0, 0.5, 0.5, 0]))


def test_value_loss_is_cross_entropy_over_seats_in_play():
    b = batch([3, 4], [0, 0], [[0, 1, 0, 0], [0, 0, 0, 1]], [[0, 1, 0, 0], [0, 0, 0, 1]])
    logits = torch.tensor([[0.0, 0.0, 0.0, 50.0], [0.0, 0.0, 0.0, 0.0]])
    losses = compute_losses(RawOutputs(torch.zeros(2, MULTI.num_actions), logits), b)
    # Three players: uniform over three seats despite seat 3's large logit; four: uniform over four.
    assert math.isclose(losses["value"].item(), (math.log(3) + math.log(4)) / 2, rel_tol=1e-5)
    assert losses["policy"].item() == 0.0  # no full samples


def test_policy_loss_counts_full_samples_only():
    b = batch([4, 4], [1, 0], [[0.25] * 4] * 2, [[0.25] * 4] * 2)
    p = torch.zeros(2, MULTI.num_actions)
    p[1, 0] = 100.0  # the non-full sample's (ignored) policy
    losses = compute_losses(RawOutputs(p, torch.zeros(2, 4)), b)
    assert math.isclose(losses["policy"].item(), math.log(MULTI.num_actions), rel_tol=1e-5)
    assert math.isclose(losses["total"].item(), losses["policy"].item() + losses["value"].item(), rel_tol=1e-6)


def test_no_gradient_to_seats_out_of_play():
    b = batch([3], [1], [[1, 0, 0, 0]], [[1, 0, 0, 0]])
    logits = torch.zeros(1, 4, requires_grad=True)
    compute_losses(RawOutputs(torch.zeros(1, MULTI.num_actions), logits), b)["total"].backward()
    assert logits.grad[0, 3] == 0
    assert logits.grad[0, 0] < 0 < logits.grad[0, 1]
