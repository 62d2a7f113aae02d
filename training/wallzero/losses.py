"""The training loss: four terms, each reported separately.

- ``policy``: cross-entropy of the search policy target with the policy
  logits (soft targets), averaged over the samples with ``full == 1`` only
  (fast-search samples carry no policy target). 0 when the batch has none.
- ``value``: cross-entropy of the (win, draw, loss) logits with a target
  mixing the result (one-hot) and the search's expected result q as (q, 0,
  1 - q), weight ``q_mix``.
- ``ownership``: squared error of tanh(ownership) against the final owner,
  summed over the 49 squares and scaled by 1/49 (i.e. the mean per square),
  weighted by ``LossWeights.ownership`` (1.5).
- ``margin``: Huber (smooth L1, delta 1) of the margin head against
  margin / MARGIN_SCALE (so the Huber knee is at 10 squares).

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
    policy: float = 1.0
    value: float = 1.0
    ownership: float = 1.5
    margin: float = 0.5
    # Share of the value target taken from the search's expected result q
    # (as a soft win/loss split) rather than the game's result: q is far
    # less noisy when the games are few.
    q_mix: float = 0.5


def compute_losses(out: RawOutputs, batch: Batch, weights: LossWeights | None = None) -> dict[str, torch.Tensor]:
    """Per-term losses (scalars) and their weighted ``total``."""
    w = weights or LossWeights()

    logp = F.log_softmax(out.policy, dim=1)
    per_sample = -(batch.policy * logp).sum(dim=1)
    n_full = batch.full.sum()
    policy = (per_sample * batch.full).sum() / n_full.clamp(min=1.0)

    onehot = F.one_hot(batch.value, 3).float()
    soft = torch.stack([batch.q, torch.zeros_like(batch.q), 1 - batch.q], dim=1)
    target = (1 - w.q_mix) * onehot + w.q_mix * soft
    value = -(target * F.log_softmax(out.value, dim=1)).sum(dim=1).mean()

    own = torch.tanh(out.ownership)
    ownership = ((own - batch.ownership) ** 2).sum(dim=1).mean() / C.SQUARES

    margin = F.smooth_l1_loss(out.margin.squeeze(1), batch.margin / C.MARGIN_SCALE, beta=1.0)

    total = w.policy * policy + w.value * value + w.ownership * ownership + w.margin * margin
    return {"total": total, "policy": policy, "value": value, "ownership": ownership, "margin": margin}
