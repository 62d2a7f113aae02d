"""The multi-player network's loss: two terms, each reported separately.

- ``policy``: cross-entropy of the search policy target (a distribution)
  with the policy logits, averaged over the samples with ``full == 1``
  only; 0 when the batch has none.
- ``value``: cross-entropy of the seat logits with the target
  ``(1 - q_weight) * value + q_weight * q``, both restricted to the seats in
  play (seat 3 only with four players) and the target renormalised over
  them, averaged over the batch.

``total`` = policy + value_weight * value. L2 regularisation is the
optimizer's weight decay.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F

from .multi_data import MultiBatch
from .multi_model import MultiOutputs


def value_target(batch: MultiBatch, q_weight: float) -> torch.Tensor:
    """[B, 4] mixed result/search target, 0 outside the seats in play and
    summing to 1 over them (a uniform share where it is all zero)."""
    t = ((1 - q_weight) * batch.value + q_weight * batch.q) * batch.seats
    s = t.sum(dim=1, keepdim=True)
    uniform = batch.seats / batch.seats.sum(dim=1, keepdim=True)
    return torch.where(s > 0, t / s.clamp(min=1e-12), uniform)


def compute_losses(out: MultiOutputs, batch: MultiBatch, q_weight: float = 0.5,
                   value_weight: float = 1.0) -> dict[str, torch.Tensor]:
    """Per-term losses (scalars) and their weighted ``total``."""
    logp = F.log_softmax(out.policy, dim=1)
    per_sample = -(batch.policy * logp).sum(dim=1)
    policy = (per_sample * batch.full).sum() / batch.full.sum().clamp(min=1.0)

    # Seats not in play are left out of the softmax and of the sum (their
    # logit is also -1e4 from the network, so this only matters for
    # samples whose planes and players disagree, which loading refuses).
    masked = out.value.masked_fill(batch.seats == 0, -1e4)
    logv = F.log_softmax(masked, dim=1)
    target = value_target(batch, q_weight)
    value = -(target * logv * batch.seats).sum(dim=1).mean()

    return {"total": policy + value_weight * value, "policy": policy, "value": value}
