"""The training loss, each term reported separately.

Both player formats:

- ``policy``: cross-entropy of the search policy target (soft targets) with
  the policy logits, averaged over the samples with ``full == 1`` only
  (fast-search samples carry no policy target). 0 when the batch has none.

Two players (a batch with ``ownership``):

- ``value``: cross-entropy of the (win, draw, loss) logits with a target
  mixing the result (one-hot) and the search's expected result q as (q, 0,
  1 - q), weight ``q_mix``.
- ``ownership``: squared error of tanh(ownership) against the final owner,
  summed over the 49 squares and scaled by 1/49 (i.e. the mean per square),
  weighted by ``LossWeights.ownership`` (1.5).
- ``margin``: Huber (smooth L1, delta 1) of the margin head against
  margin / MARGIN_SCALE (so the Huber knee is at 10 squares).

Three and four players (a batch with ``seats``):

- ``value``: cross-entropy of the seat logits with the target
  ``(1 - q_mix) * value + q_mix * q``, both restricted to the seats in
  play (seat 3 only with four players) and the target renormalised over
  them, averaged over the batch.

``total`` = sum of weight * term. L2 regularisation is the optimizer's
weight decay, not a loss term.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
import torch.nn.functional as F

from . import contract as C
from .data import Batch
from .model import RawOutputs


@dataclass
class LossWeights:
    """Weights of the loss terms (margin and ownership: two players only)."""

    policy: float = 1.0
    value: float = 1.0
    ownership: float = 1.5
    margin: float = 0.5
    # Share of the value target taken from the search's expected result q
    # rather than the game's result: q is far less noisy when the games
    # are few.
    q_mix: float = 0.5


def policy_loss(out: RawOutputs, batch: Batch) -> torch.Tensor:
    """Cross-entropy with the search policy over the full-search samples."""
    logp = F.log_softmax(out.policy, dim=1)
    per_sample = -(batch.policy * logp).sum(dim=1)
    return (per_sample * batch.full).sum() / batch.full.sum().clamp(min=1.0)


def seat_target(batch: Batch, q_mix: float) -> torch.Tensor:
    """[B, 4] mixed result/search target, 0 outside the seats in play and
    summing to 1 over them (a uniform share where it is all zero)."""
    t = ((1 - q_mix) * batch.value + q_mix * batch.q) * batch.seats
    s = t.sum(dim=1, keepdim=True)
    uniform = batch.seats / batch.seats.sum(dim=1, keepdim=True)
    return torch.where(s > 0, t / s.clamp(min=1e-12), uniform)


def seat_value_loss(out: RawOutputs, batch: Batch, q_mix: float) -> torch.Tensor:
    """Cross-entropy of the seat logits with :func:`seat_target`."""
    # Seats not in play are left out of the softmax and of the sum (their
    # logit is also -1e4 from the network, so this only matters for
    # samples whose planes and players disagree, which loading refuses).
    masked = out.value.masked_fill(batch.seats == 0, -1e4)
    logv = F.log_softmax(masked, dim=1)
    return -(seat_target(batch, q_mix) * logv * batch.seats).sum(dim=1).mean()


def compute_losses(out: RawOutputs, batch: Batch, weights: LossWeights | None = None) -> dict[str, torch.Tensor]:
    """Per-term losses (scalars) and their weighted ``total``; the terms
    are the batch's format's (see the module doc)."""
    w = weights or LossWeights()
    policy = policy_loss(out, batch)

    if batch.seats is not None:
        value = seat_value_loss(out, batch, w.q_mix)
        return {"total": w.policy * policy + w.value * value, "policy": policy, "value": value}

    onehot = F.one_hot(batch.value, 3).float()
    soft = torch.stack([batch.q, torch.zeros_like(batch.q), 1 - batch.q], dim=1)
    target = (1 - w.q_mix) * onehot + w.q_mix * soft
    value = -(target * F.log_softmax(out.value, dim=1)).sum(dim=1).mean()

    own = torch.tanh(out.ownership)
    ownership = ((own - batch.ownership) ** 2).sum(dim=1).mean() / C.SQUARES

    margin = F.smooth_l1_loss(out.margin.squeeze(1), batch.margin / C.MARGIN_SCALE, beta=1.0)

    total = w.policy * policy + w.value * value + w.ownership * ownership + w.margin * margin
    return {"total": total, "policy": policy, "value": value, "ownership": ownership, "margin": margin}
